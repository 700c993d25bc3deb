/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-teach-work.h: what the Teach page does with files, in a worker
 * thread.  A job is a copy of what it needs (paths, the unit's title), so
 * the page may change meanwhile; each loads units or packs through the
 * lesson loader, which may prove mates.  No GTK: the page runs it in a
 * GTask and shows the result. */
#pragma once

#include <gio/gio.h>

#include "xq-import.h"
#include "xq-notation.h"
#include "xq-unit-store.h"
#include "xq-worksheet.h"

G_BEGIN_DECLS

/* What the Teach page does with files, in a worker thread: each loads
 * units or packs through the lesson loader, which may prove mates. */
typedef enum {
  XQ_TEACH_JOB_EXPORT_PDF,   /* the worksheet and answer key of the unit (or puzzle pack) at
                              * unit_path as a PDF at path */
  XQ_TEACH_JOB_EXPORT_PACK,  /* the chosen units (all when none chosen) as one pack at path */
  XQ_TEACH_JOB_IMPORT_PACK,  /* the pack at path into the units dir; replacing units only
                              * with replace (xq_unit_store_import_pack) */
  XQ_TEACH_JOB_WORKSHEET,    /* only build the worksheet (to print it; path NULL) */
  XQ_TEACH_JOB_IMPORT_GAMES, /* the XQF, DhtmlXQ or PGN file at path as a new unit of mates
                              * in the units dir (docs/import.md) */
} XqTeachJob;

typedef struct {
  XqTeachJob      kind;
  char           *units_dir;
  char           *unit_path;
  char           *title;
  char           *path;
  XqWorksheet    *sheet;     /* XQ_TEACH_JOB_WORKSHEET's result */
  XqImportReport *report;    /* XQ_TEACH_JOB_IMPORT_GAMES's, even when it failed */
  char           *out_path;  /* the unit XQ_TEACH_JOB_IMPORT_GAMES wrote */
  /* The worksheet jobs' options (xq_teach_work_new sets the defaults: six
   * boards a page, the key after the questions, the locale's notation);
   * with key_path, EXPORT_PDF writes the questions at path and the key
   * alone at key_path. */
  int             layout;
  XqWorksheetKey  key;
  XqNotation      notation;
  char           *key_path;
  /* XQ_TEACH_JOB_EXPORT_PACK: the units (NULL: every unit) and the author
   * (NULL: none) */
  char          **units;
  char           *author;
  /* XQ_TEACH_JOB_IMPORT_PACK: replace units of the same id, keeping the
   * stars of the learners (in learners_dir, NULL: the default) on their
   * unchanged exercises; what happened */
  gboolean        replace;
  char           *learners_dir;
  XqUnitImport   *import;
} XqTeachWork;

XqTeachWork *xq_teach_work_new  (XqTeachJob kind, const char *units_dir, const char *unit_path,
                                 const char *title, const char *path);
void         xq_teach_work_free (XqTeachWork *job);
/* Runs in the worker thread. */
gboolean     xq_teach_work_run  (XqTeachWork *job, GCancellable *cancellable, GError **error);

/* The status line after an import of games: the count, or the error, then
 * one line for every record skipped, with its reason. */
char        *xq_teach_work_describe_import (const XqImportReport *report, const GError *error);

G_END_DECLS
