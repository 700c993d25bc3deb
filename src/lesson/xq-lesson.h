/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-lesson.h: curriculum units and puzzle packs, loaded from JSON and
 * validated against the rules core (see docs/lesson-format.md).
 *
 * Loading is strict: every problem is reported with the file, the JSON path
 * ("$.exercises[3].fen") and a sentence; unknown keys are problems too.  The
 * validator then runs each exercise's own rule computation (the points a
 * piece reaches, the fewest moves for the stars, the status of a position,
 * a mate) so an author's answer that disagrees with the rules fails.  Text
 * fields are passed through g_dgettext() while loading. */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "xq-data-dirs.h"     /* xq_lesson_default_dir */
#include "xq-exercise.h"      /* the exercise, the errors and limits of lesson files */
#include "xq-game.h"
#include "xq-position.h"
#include "xq-lesson-marks.h"
#include "xq-lesson-rules.h"

G_BEGIN_DECLS

/* An introduction page: text, optionally a board with marks, and
 * optionally a replay played from it (xq-replay.h). */
typedef struct {
  char         *text;      /* translated */
  char         *fen;       /* NULL: no board */
  XqPosition    position;
  XqLessonMarks marks;
  XqGame       *replay;    /* at its last ply, or NULL */
} XqLessonPage;

typedef struct {
  char      *file;
  char      *id;
  int        number;
  char      *title;      /* translated */
  GPtrArray *pages;      /* XqLessonPage*: the introduction */
  GPtrArray *exercises;  /* XqExercise* */
  GPtrArray *closing;    /* XqLessonPage*: closing cards (the rhyme) */
} XqUnit;

typedef struct {
  char      *id;
  char      *title;      /* translated */
  char      *fen;
  XqPosition position;
  int        mate_in;
  char      *pattern;    /* the kill pattern (殺法) name, translated */
  int        difficulty; /* 1..5 */
  GPtrArray *hints;      /* translated strings */
  GArray    *keys;       /* XqMove: every first move that wins in exactly mate_in (proved);
                          * empty while unproved */
  gboolean   unproved;   /* the load left its proof for later (the file's proof budget
                          * was spent, docs/lesson-format.md): xq_puzzle_prove () */
  GArray    *listed;     /* XqMove: the keys its author listed, kept while unproved */
  gboolean   defender_threatens; /* the defender, were it its move, could mate at once
                                  * (xq_position_threatens_mate): worked out from the FEN */
} XqPuzzle;

typedef struct {
  char      *file;
  char      *id;
  char      *title;
  GPtrArray *intro;      /* XqLessonPage*: the worked example shown before the puzzles (may be empty) */
  GPtrArray *puzzles;    /* XqPuzzle* */
  int        min_rating; /* "min-rating": the learner's shown puzzle rating that opens
                          * the pack (the advanced tier); 0: open to all */
} XqPuzzlePack;

typedef enum {
  XQ_LESSON_FILE_UNIT,
  XQ_LESSON_FILE_PACK,
} XqLessonFileType;

/* What one file held: a unit or a puzzle pack. */
typedef struct {
  XqLessonFileType type;
  XqUnit          *unit;
  XqPuzzlePack    *pack;
} XqLessonFile;

/* The puzzles of pack the load left unproved. */
guint         xq_puzzle_pack_n_unproved (const XqPuzzlePack *pack);
/* Proves a puzzle the load left unproved (or proves one again), as the
 * loader would have: the exact mate, every key, the author's keys checked.
 * Within one proof's budget, on solver (a worker's own, which
 * xq_solver_cancel () may stop; NULL: the shared one).  Reads puzzle and
 * never writes it, so it may run in a worker while the puzzle is shown.
 * The verdict of a mate goes into the user's proof cache.  Returns NULL
 * if the puzzle holds, with *sol its verdict for xq_puzzle_take_proof ();
 * else the problem, a translated sentence ("the side to move has no mate
 * in 5"; "the mate in 9 is too deep to prove here …"). */
char         *xq_puzzle_prove       (const XqPuzzle *puzzle, XqSolver *solver, XqSolution *sol);
/* Proves every puzzle of pack the load left unproved, one after the
 * other (each may take a proof's budget: for xqtool and workers, on the
 * thread that owns the pack).  Each that fails adds its problem to
 * problems (the pack's file, "$.puzzles[3]", the loader's words) and stays
 * unproved; the others get their keys.  Returns how many were proved. */
guint         xq_puzzle_pack_prove_unproved (XqPuzzlePack *pack, GPtrArray *problems);
/* Gives puzzle the keys of a verdict xq_puzzle_prove () accepted, and
 * clears unproved (on the thread that owns the pack). */
void          xq_puzzle_take_proof  (XqPuzzle *puzzle, const XqSolution *sol);
void          xq_unit_free          (XqUnit *unit);
void          xq_puzzle_pack_free   (XqPuzzlePack *pack);
void          xq_lesson_file_free   (XqLessonFile *file);

/* Parses and validates one document.  Every problem found is appended to
 * problems (XqLessonProblem*, owned by the array, which should have
 * xq_lesson_problem_free as its free func); the result is NULL if there was
 * any.  file_name only labels the problems. */
XqLessonFile *xq_lesson_load_data   (const char *data, gssize length, const char *file_name,
                                     GPtrArray *problems);


/* The same with flags.  Mates are proved only once the whole document is
 * free of other problems, each within the solver's budget
 * (XQ_SOLVER_BUDGET); a mate that needs more is XQ_LESSON_ERROR_TOO_DEEP. */
XqLessonFile *xq_lesson_load_data_full (const char *data, gssize length, const char *file_name,
                                        XqLessonLoadFlags flags, GPtrArray *problems);
/* Loads with XQ_LESSON_LOAD_REPROVE and adds every proof made to into
 * (for `xqtool proofs`, which writes and checks the shipped record). */
XqLessonFile *xq_lesson_load_file_reproving (const char *path, XqProofs *into, GPtrArray *problems);
/* Refuses files over XQ_LESSON_MAX_BYTES before reading them. */
XqLessonFile *xq_lesson_load_file   (const char *path, GPtrArray *problems);
/* The first problem as a GError (code XqLessonError, message
 * "file: path: message"). */
XqLessonFile *xq_lesson_load_file_simple (const char *path, GError **error);

/* Loads every *.json file directly in dir (sorted by name); a bad file adds
 * its problems and is skipped, the others still load.  Returns
 * XqLessonFile* (owned). */
GPtrArray    *xq_lesson_load_dir    (const char *dir, GPtrArray *problems);


G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqUnit, xq_unit_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqPuzzlePack, xq_puzzle_pack_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqLessonFile, xq_lesson_file_free)

G_END_DECLS
