/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-import.h: the game files teachers already have (XQF, DhtmlXQ, PGN)
 * turned into a unit of mate exercises or a puzzle pack.
 *
 * What a record becomes is decided by the rules core, never by the file's
 * own labels (docs/import.md):
 *  - a record whose start is a forced mate within XQ_SOLVER_MAX_MATE moves
 *    (proved by the exact solver within its budget) becomes a mate
 *    exercise (unit) or puzzle (pack) with the solver's N and keys;
 *  - otherwise a game that ends in mate gives its finish: walking back from
 *    the end, the position where the winner starts the longest forced mate
 *    the solver proves;
 *  - anything else is skipped with its reason.
 * The recorded moves become the hint ladder (the piece, its target point,
 * the move in Chinese notation), never the answer, and only when the
 * recorded move is itself a win within N.  The document written passes
 * the strict lesson loader, its proof budget included. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define XQ_IMPORT_ERROR (xq_import_error_quark ())
GQuark xq_import_error_quark (void);

typedef enum {
  XQ_IMPORT_ERROR_NOTHING,   /* no record of any file became an exercise or puzzle */
  XQ_IMPORT_ERROR_INTERNAL,  /* the document made does not pass the lesson loader (a bug) */
  XQ_IMPORT_ERROR_BUILTIN,   /* out_path's name gives the id of a unit shipped with the program */
} XqImportError;

typedef enum {
  XQ_IMPORT_AS_UNIT,   /* a unit of mate exercises */
  XQ_IMPORT_AS_PACK,   /* a puzzle pack */
} XqImportAs;

/* Bounds on what one import reads (each file is read by xq-game-file.h,
 * which has its own). */
#define XQ_IMPORT_MAX_PLIES      1000               /* moves in one record */

/* One line of the report: a record imported, or skipped and why. */
typedef struct {
  char    *file;      /* as given */
  guint    record;    /* 1-based in its file; 0 when the whole file failed */
  gboolean imported;
  char    *id;        /* the exercise's or puzzle's id, when imported */
  int      mate_in;   /* N, when imported */
  guint    ply;       /* where the position is in the record (0: its start) */
  char    *keys;      /* the solver's keys, ICCS, ", "-separated, when imported */
  char    *title;     /* the exercise's prompt source or the puzzle's title */
  guint    n_hints;
  char    *message;   /* the whole translated line, as xqtool prints it */
} XqImportLine;

typedef struct {
  GPtrArray *lines;   /* XqImportLine*, in file and record order */
  guint      n_imported;
  guint      n_skipped;
} XqImportReport;

void xq_import_report_free (XqImportReport *report);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqImportReport, xq_import_report_free)

/* Called before each record is looked at (from the thread that runs the
 * import: a UI passes it on to its main loop itself). */
typedef void (*XqImportProgress) (const char *file, guint file_index, guint n_files,
                                  guint record, gpointer user_data);

/* Reads every file through the one door (xq-game-file.h: the format and
 * the encoding told by the contents), converts every record it can and writes the
 * unit or pack to out_path (replacing it whole).  Its id is made from
 * out_path's name and may not be one of the curriculum's
 * (XQ_IMPORT_ERROR_BUILTIN); a unit keeps the number of the unit it
 * replaces, or gets the next free one in out_path's folder.  Slow (every proof may take up to the solver's budget):
 * run it in a GTask thread.  *report (always set, even on error) lists
 * every record.  FALSE with XQ_IMPORT_ERROR_NOTHING when nothing imported,
 * G_IO_ERROR_CANCELLED when cancelled (nothing is written then), or the
 * error of writing out_path. */
gboolean xq_import_files (const char *const *paths, XqImportAs as, const char *out_path,
                          XqImportProgress progress, gpointer user_data,
                          GCancellable *cancellable, XqImportReport **report, GError **error);

/* "unit" or "pack". */
gboolean    xq_import_as_from_name (const char *name, XqImportAs *out);

G_END_DECLS
