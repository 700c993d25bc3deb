/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-progress.h: learner profiles and their stars, one small JSON file per
 * learner under the XDG data directory ("<learner>.json"), and the puzzle
 * streak beside it ("<learner>.puzzles").
 *
 * Nothing a learner did is lost.  Every file is written through
 * xq-safe-file.h (a temporary file renamed over the old one), and the
 * previous good copy is kept as "<file>.bak" from the first save on.  A
 * file damaged some other way is read entry by entry: what is valid is
 * kept, filled in from the backup, the damaged file is set aside
 * untouched ("<file>.damaged-<time>") and the store tells its notice
 * function (XqProgressNotice) so the window can say what happened.
 * Saving adds to the stars on disk rather than replacing them, so two
 * pages holding the same learner cannot undo each other's results.
 * The rules in full: docs/lesson-format.md, "Learner progress". */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The unit id under which the Puzzles page records solved puzzles, beside
 * the curriculum's units. */
#define XQ_PROGRESS_PUZZLE_UNIT "puzzles"

#define XQ_PROGRESS_ERROR (xq_progress_error_quark ())
GQuark xq_progress_error_quark (void);

typedef enum {
  XQ_PROGRESS_ERROR_BAD_LEARNER,  /* a learner id that is not a safe file name */
  XQ_PROGRESS_ERROR_IO,           /* the directory or a file could not be written */
} XqProgressError;

/* How the best result of one exercise was reached.  Files written before
 * this was kept have stars only: their results are "not known". */
typedef struct {
  int  hints;     /* hints used; -1: not known */
  char date[11];  /* "YYYY-MM-DD", local time; "": not known */
} XqProgressResult;

typedef struct {
  char       *learner;  /* id: lower-case letters, digits, "-" and "_" */
  char       *name;     /* shown to people; the default learner's in the reader's language */
  GHashTable *stars;    /* "unit/exercise" -> GINT_TO_POINTER (1..3) */
  GHashTable *results;  /* "unit/exercise" -> XqProgressResult *, for the best stars (may be missing) */
  gboolean    speak;    /* instructions and answers read aloud by themselves (asked for a young learner) */
} XqProgress;

/* name NULL: not known (the id, or for the default learner its name). */
XqProgress *xq_progress_new         (const char *learner, const char *name);
void        xq_progress_free        (XqProgress *progress);
int         xq_progress_get_stars   (const XqProgress *progress, const char *unit, const char *exercise);
/* Stars as a child sees them: "★★☆" for 2 of 3. */
char       *xq_progress_stars_text  (int stars, int max);
/* Keeps the best result; TRUE if this one improved it.  Dated today,
 * hints not known. */
gboolean    xq_progress_record      (XqProgress *progress, const char *unit, const char *exercise, int stars);
/* The same with the hints used (-1: not known) and the date ("YYYY-MM-DD";
 * NULL: today).  Equal stars with fewer hints also count as better. */
gboolean    xq_progress_record_result (XqProgress *progress, const char *unit, const char *exercise,
                                       int stars, int hints, const char *date);
/* NULL if the exercise has no stars or its result is not known. */
const XqProgressResult *xq_progress_get_result (const XqProgress *progress, const char *unit,
                                                const char *exercise);
/* TRUE for a real calendar date written "YYYY-MM-DD". */
gboolean    xq_progress_date_valid  (const char *date);
/* Renames the stars and results of moved exercises to their new unit,
 * keeping the better stars where both keys are there; TRUE if any moved. */
gboolean    xq_progress_apply_moves (XqProgress *progress);
/* Stars summed over a unit's exercises, and how many exercises have any. */
int         xq_progress_unit_stars  (const XqProgress *progress, const char *unit, int *n_done);

typedef enum {
  XQ_PROGRESS_FILE_STARS,   /* the profile: name and stars */
  XQ_PROGRESS_FILE_STREAK,  /* the puzzle streak */
} XqProgressFileKind;

/* A damaged learner file that was repaired. */
typedef struct {
  XqProgressFileKind kind;
  char     *learner;
  char     *name;         /* the learner's name, as far as it is known */
  char     *path;         /* the damaged file */
  char     *set_aside;    /* where it is now; NULL if it could not be moved */
  char     *problem;      /* the first problem found: file and JSON path or line */
  guint     n_problems;
  gboolean  unreadable;   /* nothing in the file itself could be used */
  gboolean  from_backup;  /* the backup copy filled something in */
  /* XQ_PROGRESS_FILE_STARS */
  gboolean  name_kept;
  guint     kept;         /* exercises whose stars were kept */
  guint     dropped;      /* results that were found but could not be used */
  /* XQ_PROGRESS_FILE_STREAK */
  int       streak;
  int       best_streak;
} XqProgressNotice;

void  xq_progress_notice_free     (XqProgressNotice *notice);
/* What happened, for the learner or the teacher, translated. */
char *xq_progress_notice_describe (const XqProgressNotice *notice);

typedef void (*XqProgressNoticeFunc) (const XqProgressNotice *notice, gpointer user_data);

typedef struct _XqProgressStore XqProgressStore;

/* The profile the program uses until a learner is named: nobody else's id. */
#define XQ_PROGRESS_DEFAULT_LEARNER "learner"
/* Is name the default learner's own name ("Learner" in any language the
 * program has spoken, or its id)?  Only ever for the default id: a
 * learner someone named "Learner" has an id of its own and keeps that
 * name as typed.  The store saves the default name untranslated and
 * gives it translated. */
gboolean    xq_progress_name_is_default (const char *learner, const char *name);

/* dir NULL: $XDG_DATA_HOME/xiangqi-tutor/learners.  Nothing is created
 * until the first save. */
XqProgressStore *xq_progress_store_new      (const char *dir);
void             xq_progress_store_free     (XqProgressStore *store);
const char      *xq_progress_store_get_dir  (XqProgressStore *store);
gboolean         xq_progress_learner_id_valid (const char *learner);
/* Called for every damaged file the store repairs (else only logged). */
void             xq_progress_store_set_notice_func (XqProgressStore     *store,
                                                    XqProgressNoticeFunc func,
                                                    gpointer             user_data);

/* Learner ids with a saved profile, sorted. */
GPtrArray  *xq_progress_store_list      (XqProgressStore *store);
/* Does the store hold anything of learner's (profile, puzzle streak,
 * ratings, review queue), saved profile or not? */
gboolean    xq_progress_store_has_files (XqProgressStore *store, const char *learner);
/* A learner never saved gets an empty profile named after the id (the
 * default learner its own name, translated); a damaged file gives what
 * could be saved from it (see above).  Fails only for a bad id or a file
 * that cannot be read at all (permissions). */
XqProgress *xq_progress_store_load      (XqProgressStore *store, const char *learner, GError **error);
/* Keeps the best stars of progress and of the file it replaces. */
gboolean    xq_progress_store_save      (XqProgressStore *store, const XqProgress *progress, GError **error);
/* Forgets every result of one learner (the name stays): stars, puzzle
 * streak, review queue, backups and damaged copies.  The puzzle ratings
 * stay: they measure the learner, not a result. */
gboolean    xq_progress_store_reset     (XqProgressStore *store, const char *learner, GError **error);
/* Deletes every file of the learner: profile, streak, puzzle ratings,
 * review queue, their backups and damaged copies. */
gboolean    xq_progress_store_remove    (XqProgressStore *store, const char *learner, GError **error);

/* A profile from the text of a progress file (file_name labels the
 * problems): every valid field, as a damaged file is read.  NULL when
 * nothing in it can be used.  *problems (optional) gets how many problems
 * were found, *first (optional) the first, "FILE: JSON path: what". */
XqProgress *xq_progress_load_data       (const char *data, gsize length, const char *learner,
                                         const char *file_name, guint *problems, char **first);

/* A removal that can be undone: the learner's files, byte for byte, held
 * in memory until freed. */
typedef struct _XqProgressRemoved XqProgressRemoved;
/* Like xq_progress_store_remove, keeping what it deleted.  NULL on error
 * (nothing deleted unless the error says so). */
XqProgressRemoved *xq_progress_store_remove_undoable (XqProgressStore *store, const char *learner,
                                                      GError **error);
const char *xq_progress_removed_get_learner (const XqProgressRemoved *removed);
const char *xq_progress_removed_get_name    (const XqProgressRemoved *removed);
/* Writes the files back exactly as they were.  Refuses if a learner with
 * the same id was saved meanwhile. */
gboolean    xq_progress_removed_restore     (XqProgressRemoved *removed, GError **error);
void        xq_progress_removed_free        (XqProgressRemoved *removed);

/* The puzzle streak: puzzles solved in a row without a mistake, and the
 * best such run.  A learner never saved has 0 and 0. */
gboolean    xq_progress_store_load_streak (XqProgressStore *store, const char *learner,
                                           int *streak, int *best_streak, GError **error);
gboolean    xq_progress_store_save_streak (XqProgressStore *store, const char *learner,
                                           int streak, int best_streak, GError **error);

/* The learner chosen last (NULL if none or not a valid id). */
char       *xq_progress_store_get_current (XqProgressStore *store);
gboolean    xq_progress_store_set_current (XqProgressStore *store, const char *learner, GError **error);

/* Drops every learner's results on the exercises of unit that are not in
 * keep (exercise ids; NULL: all of the unit's), file and backup alike:
 * for a unit replaced by a new edition whose other exercises changed.
 * *n_dropped (optional): how many results went. */
gboolean    xq_progress_store_forget_exercises (XqProgressStore *store, const char *unit, GHashTable *keep,
                                                guint *n_dropped, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqProgress, xq_progress_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqProgressStore, xq_progress_store_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqProgressNotice, xq_progress_notice_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqProgressRemoved, xq_progress_removed_free)

G_END_DECLS
