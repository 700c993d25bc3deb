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

/* What became of a record: the two ways in, and the causes a skip is
 * grouped by in the summary a teacher reads (xq_import_report_summary). */
typedef enum {
  XQ_IMPORT_PUZZLE,        /* imported: the start is a forced mate */
  XQ_IMPORT_GAME,          /* imported: the finish of a game that ends in mate */
  XQ_IMPORT_SKIP_NO_MATE,  /* no forced mate within XQ_SOLVER_MAX_MATE from the start, and
                            * no mate at the end either (or not a forced one) */
  XQ_IMPORT_SKIP_DAMAGED,  /* the record, or the whole file, does not read or replay */
  XQ_IMPORT_SKIP_NOT_GAME, /* the file is no game file this program reads (or none at all) */
  XQ_IMPORT_SKIP_NO_ROOM,  /* no longer used: a full file continues in the next part */
  XQ_IMPORT_SKIP_OTHER,    /* too long a record, too many keys for a puzzle */
  XQ_IMPORT_SKIP_TOO_DEEP, /* a set-up position whose mate the solver cannot prove within its
                            * budget (too deep or too crowded), or whose every key it cannot */
  XQ_IMPORT_N_CAUSES
} XqImportCause;

/* One line of the report: a record imported, or skipped and why. */
typedef struct {
  char    *file;      /* as given */
  guint    record;    /* 1-based in its file; 0 when the whole file failed */
  gboolean imported;
  XqImportCause cause;
  char    *reason;    /* a skip's reason alone (no file, no record), with its place
                       * (LINE:COLUMN or byte offset) when the reader gave one */
  char    *id;        /* the exercise's or puzzle's id, when imported */
  int      mate_in;   /* N, when imported */
  guint    ply;       /* where the position is in the record (0: its start) */
  char    *keys;      /* the solver's keys, ICCS, ", "-separated, when imported */
  char    *title;     /* the exercise's prompt source or the puzzle's title */
  guint    n_hints;
  guint    part;      /* the file it went into, 1 for out_path (xq_import_part_path), when imported */
  char    *message;   /* the whole translated line, as xqtool prints it */
} XqImportLine;

typedef struct {
  GPtrArray *lines;   /* XqImportLine*, in file and record order */
  guint      n_imported;
  guint      n_skipped;
  guint      n_by_cause[XQ_IMPORT_N_CAUSES];
  GPtrArray *files_written; /* char*: the files written, out_path first, then its parts */
  guint      n_uncached;    /* proofs the user's proof cache could not keep (it is full): the
                             * loader proves those again at every load */
} XqImportReport;

void xq_import_report_free (XqImportReport *report);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqImportReport, xq_import_report_free)

/* Called before each file is read (record 0; n_records 0) and as each
 * record is done (record of the file's n_records), in order (from the thread that runs the import, never a worker: a UI
 * passes it on to its main loop itself). */
typedef void (*XqImportProgress) (const char *file, guint file_index, guint n_files,
                                  guint record, guint n_records, gpointer user_data);

/* Reads every file through the one door (xq-game-file.h: the format and
 * the encoding told by the contents), converts every record it can and writes the
 * unit or pack to out_path (replacing it whole).  The records are decided
 * by xq_import_n_workers () threads, each with a solver of its own; the
 * report and the files are in record order whatever the threads.  Every
 * verdict proved goes into the user's proof cache (xq_proofs_remember_all),
 * so loading what is written proves nothing again.  More than
 * XQ_LESSON_MAX_ITEMS items (or more unproved work than the loader's file
 * budget, when the cache is full) continue in further files, "parts",
 * named by xq_import_part_path; a part never replaces a file of another
 * import unless out_path itself is being replaced.  Its id is made from
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

/* The same, with the unit's or pack's title (NULL: "Imported from FILE"
 * and so many more files), as a teacher names an import in the app. */
gboolean xq_import_files_titled (const char *const *paths, XqImportAs as, const char *out_path,
                                 const char *title, XqImportProgress progress, gpointer user_data,
                                 GCancellable *cancellable, XqImportReport **report, GError **error);

/* The file part k (from 0) of an import into out_path is written to:
 * out_path itself for 0, else "NAME-part-2.json" and so on beside it. */
char       *xq_import_part_path (const char *out_path, guint k);

/* How many threads decide records: the processors, at most
 * XQ_IMPORT_MAX_WORKERS, or $XQ_IMPORT_WORKERS (for measuring). */
#define XQ_IMPORT_MAX_WORKERS 8
guint       xq_import_n_workers (void);

/* The most files one import reads: a folder holding more is refused. */
#define XQ_IMPORT_MAX_FILES  20000
/* How deep a folder is walked. */
#define XQ_IMPORT_MAX_DEPTH  16

/* The files an import of paths reads: a file as given (whatever its
 * name), a folder walked with GIO, its subfolders too (hidden ones and
 * links to folders left out), keeping the files whose names end in one of
 * the game formats' extensions (xq_game_file_name_is_game), in name order.
 * NULL with an error when a path cannot be read, more than
 * XQ_IMPORT_MAX_FILES are found, or nothing is (G_IO_ERROR_NOT_FOUND). */
GPtrArray  *xq_import_find_files   (const char *const *paths, GCancellable *cancellable, GError **error);

/* The summary a teacher reads, grouped by cause:
 * "312 puzzles, 40 games, 12 skipped — 9 have no forced mate within 15
 * moves, 3 are damaged". */
char       *xq_import_report_summary (const XqImportReport *report);
/* One part of it: "9 have no forced mate within 15 moves", "1 puzzle". */
char       *xq_import_cause_text     (XqImportCause cause, guint n);

/* "unit" or "pack". */
gboolean    xq_import_as_from_name (const char *name, XqImportAs *out);

G_END_DECLS
