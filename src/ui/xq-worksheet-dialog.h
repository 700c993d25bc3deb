/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-worksheet-dialog.h: the Teach page's worksheet options — boards a
 * page, the answer key (after the questions, none, alone, or in a separate
 * file) and the key's notation — and the Print and Export PDF buttons
 * (docs/worksheets.md).  The same options as `xqtool worksheet`. */
#pragma once

#include <adwaita.h>

#include "xq-notation.h"
#include "xq-worksheet.h"

G_BEGIN_DECLS

#define XQ_TYPE_WORKSHEET_DIALOG (xq_worksheet_dialog_get_type ())
G_DECLARE_FINAL_TYPE (XqWorksheetDialog, xq_worksheet_dialog, XQ, WORKSHEET_DIALOG, AdwWindow)

/* Where the key goes: the choices of the dialog's "Answer key" row. */
typedef enum {
  XQ_WORKSHEET_DIALOG_KEY_AFTER,
  XQ_WORKSHEET_DIALOG_KEY_NONE,
  XQ_WORKSHEET_DIALOG_KEY_ONLY,
  XQ_WORKSHEET_DIALOG_KEY_SEPARATE,
} XqWorksheetDialogKey;

/* A dialog for the unit (or puzzle pack: the Puzzles page's Worksheet
 * buttons) saved at unit_path; title names the print job. */
XqWorksheetDialog *xq_worksheet_dialog_new          (GtkWindow *parent, const char *unit_path, const char *title);
/* Opens it over widget's window: the Teach page's Print and Export buttons. */
XqWorksheetDialog *xq_worksheet_dialog_open         (GtkWidget *widget, const char *unit_path, const char *title);

void               xq_worksheet_dialog_set_options  (XqWorksheetDialog *self, int per_page,
                                                     XqWorksheetDialogKey key, XqNotation notation);
void               xq_worksheet_dialog_get_options  (XqWorksheetDialog *self, int *per_page,
                                                     XqWorksheetDialogKey *key, XqNotation *notation);
/* Where a separate key goes beside the sheet at path: "unit.pdf" ->
 * "unit-key.pdf". */
char              *xq_worksheet_dialog_key_path     (const char *path);

/* Writes the worksheet at path (and a separate key beside it) with the
 * chosen options, in a worker thread; the status line says where.  What
 * the Export button does once a file is chosen. */
void               xq_worksheet_dialog_export_async (XqWorksheetDialog *self, const char *path,
                                                     GCancellable *cancellable, GAsyncReadyCallback callback,
                                                     gpointer user_data);
gboolean           xq_worksheet_dialog_export_finish (XqWorksheetDialog *self, GAsyncResult *result,
                                                      GError **error);
const char        *xq_worksheet_dialog_get_status   (XqWorksheetDialog *self);

/* Prints sheet with the print dialog over parent (takes the sheet). */
void               xq_worksheet_print               (GtkWindow *parent, XqWorksheet *sheet, const char *job_name,
                                                     GError **error);

G_END_DECLS
