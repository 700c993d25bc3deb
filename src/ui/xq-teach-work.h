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
  XQ_TEACH_JOB_IMPORT_GAMES, /* the game files and folders in import_paths (NULL: the file at
                              * path) as one new unit of mates in the units dir, titled
                              * import_name (docs/import.md) */
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
  /* XQ_TEACH_JOB_IMPORT_GAMES: the files and folders chosen, the unit's
   * title (NULL or "": from the files), and how far it is (set by the
   * worker, read with g_atomic_int_get by the page: files read of the
   * files found, and the game of the file being read; n_files is 0 while
   * the folders are walked) */
  char          **import_paths;
  char           *import_name;
  gint            files_done;
  gint            n_files;
  gint            record;
  gint            n_records;   /* the games in the file being read, 0 before it is read */
} XqTeachWork;

XqTeachWork *xq_teach_work_new  (XqTeachJob kind, const char *units_dir, const char *unit_path,
                                 const char *title, const char *path);
void         xq_teach_work_free (XqTeachWork *job);
/* Runs in the worker thread. */
gboolean     xq_teach_work_run  (XqTeachWork *job, GCancellable *cancellable, GError **error);

/* The name a teacher is offered for an import of paths: a folder's name,
 * the folder the files are in when there are several, else the file's
 * name without its extension. */
char        *xq_teach_work_default_name (const char *const *paths);

/* The status line after an import of games: the error when nothing was
 * made, else what was made and where. */
char        *xq_teach_work_describe_import (const XqImportReport *report, const GError *error);
/* Every record skipped, grouped by cause under the summary's words ("2
 * have no forced mate within 15 moves:"), one line each: "• FILE, game N:
 * why" (the file named from the folder chosen among roots it is in, else
 * by its name); "" when none was. */
char        *xq_teach_work_import_details  (const XqImportReport *report, const char *const *roots);

G_END_DECLS
