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

#include "xq-game.h"
#include "xq-position.h"
#include "xq-lesson-marks.h"
#include "xq-lesson-rules.h"

G_BEGIN_DECLS

#define XQ_LESSON_ERROR (xq_lesson_error_quark ())
GQuark xq_lesson_error_quark (void);

typedef enum {
  XQ_LESSON_ERROR_IO,            /* the file could not be read */
  XQ_LESSON_ERROR_SYNTAX,        /* not JSON, or empty */
  XQ_LESSON_ERROR_UNKNOWN_FIELD, /* a key the format does not define */
  XQ_LESSON_ERROR_MISSING_FIELD, /* a required key is absent */
  XQ_LESSON_ERROR_TYPE,          /* a value of the wrong JSON type */
  XQ_LESSON_ERROR_VALUE,         /* a value out of its range or vocabulary */
  XQ_LESSON_ERROR_INVALID_FEN,   /* a FEN the rules core refuses */
  XQ_LESSON_ERROR_BAD_SQUARE,    /* a point name that is not a point, or a point that does not fit */
  XQ_LESSON_ERROR_BAD_MOVE,      /* a move that is malformed or illegal */
  XQ_LESSON_ERROR_DUPLICATE_ID,  /* two exercises or puzzles with one id */
  XQ_LESSON_ERROR_UNSOLVABLE,    /* the goal cannot be reached in the position */
  XQ_LESSON_ERROR_WRONG_ANSWER,  /* the author's answer disagrees with the rules */
  XQ_LESSON_ERROR_TOO_LARGE,     /* over one of the limits below */
  XQ_LESSON_ERROR_TOO_DEEP,      /* a mate too deep to prove within the solver's budget */
} XqLessonError;

/* Limits on every lesson file (docs/lesson-format.md, "Limits"), checked
 * before the expensive work: the size before reading, the nesting before
 * json-glib's recursive parser sees the text, every string before the
 * fields are read (those two are xq-json-bounded.h's), and each field's own
 * maximum (in characters) before it is used. */
#define XQ_LESSON_MAX_BYTES   (1024 * 1024)  /* a unit or puzzle pack file */
#define XQ_LESSON_MAX_ITEMS   200            /* exercises in a unit, puzzles in a pack */
#define XQ_LESSON_MAX_LIST    32             /* pages, hints, choices, points, moves, keys */
#define XQ_LESSON_MAX_TITLE   200            /* unit, puzzle pack and puzzle titles */
#define XQ_LESSON_MAX_TEXT    2000           /* a page's text */
#define XQ_LESSON_MAX_PROMPT  500            /* an exercise's prompt, one hint */
#define XQ_LESSON_MAX_LABEL   200            /* a choice's text, a kill pattern's name */
#define XQ_LESSON_MAX_FEN     128            /* "fen", "target" */
#define XQ_LESSON_MAX_WORD    64             /* ids and every other string */
/* The solver's work one file's proofs may take together, on top of each
 * proof's own budget (XQ_SOLVER_BUDGET); the costliest shipped pack needs
 * 68 million.  A number of its own, not a multiple of the solver's
 * default: raising what one proof may take (256 million since the solver's
 * second edition) must not raise what loading one file may cost. */
#define XQ_LESSON_FILE_PROOF_BUDGET G_GUINT64_CONSTANT (128000000)

/* One located problem in a lesson file. */
typedef struct {
  char *file;     /* as given to the loader */
  char *path;     /* JSON path, "$" for the whole document */
  char *message;  /* translated sentence */
  XqLessonError code;
  GQuark domain;  /* whose enum code is in: XQ_LESSON_ERROR or XQ_PACK_ERROR (0 read as XQ_LESSON_ERROR) */
} XqLessonProblem;

/* A problem in domain (XQ_LESSON_ERROR or XQ_PACK_ERROR) with code, its
 * message and path made valid UTF-8 (they quote the file); file may be
 * NULL. */
XqLessonProblem *xq_lesson_problem_new (const char *file, const char *path, GQuark domain,
                                        int code, const char *message);
void  xq_lesson_problem_free   (XqLessonProblem *problem);

/* The "marks" array of the object at object_path ("$.exercises[2]"), read
 * and checked as the loader does (docs/lesson-format.md, "Marks"): each
 * problem is appended to problems with its JSON path ("$.exercises[2].
 * marks[0].arrow") and an empty file name.  The marks that are right are
 * kept; FALSE if there was any problem.  The lesson writer's
 * xq_lesson_marks_to_json () is the other way. */
gboolean xq_lesson_marks_from_json (JsonNode *node, const char *object_path, XqLessonMarks *marks,
                                    GPtrArray *problems);
/* "file: path: message", the line xqtool validate prints. */
char *xq_lesson_problem_format (const XqLessonProblem *problem);

/* An exercise kind ("tap", "move"...): its reading, checking, hints and
 * editor fields, one file each (xq-kind.h, docs/exercise-kinds.md). */
typedef struct _XqKind XqKind;

typedef struct {
  char *id;
  char *text;   /* translated */
} XqChoice;

/* An introduction page: text, optionally a board with marks, and
 * optionally a replay played from it (xq-replay.h). */
typedef struct {
  char         *text;      /* translated */
  char         *fen;       /* NULL: no board */
  XqPosition    position;
  XqLessonMarks marks;
  XqGame       *replay;    /* at its last ply, or NULL */
} XqLessonPage;

/* Which pieces an exercise's board shows ("pieces"): the learner's choice
 * in Preferences, or the pictures or the characters whatever that choice
 * is (the bridge from pictograms to characters, docs/lesson-format.md). */
typedef enum {
  XQ_EXERCISE_PIECES_LEARNER,
  XQ_EXERCISE_PIECES_PICTOGRAM,
  XQ_EXERCISE_PIECES_CHARACTERS,
} XqExercisePieces;

/* The fields every exercise has; what its kind reads lives in `data`,
 * private to the kind's file (src/lesson/kinds/). */
typedef struct {
  char          *id;
  const XqKind  *kind;
  char          *prompt;      /* translated */
  char          *fen;
  XqPosition     position;
  GPtrArray     *hints;       /* translated strings: the hint ladder, gentlest first */
  XqLessonMarks  marks;       /* shown with the prompt */
  XqExercisePieces pieces;    /* the piece set its board shows */
  gpointer       data;        /* the kind's own */
  GHashTable    *fields;      /* kind field key -> its value as text (xq_exercise_get_field) */
  gatomicrefcount ref_count;  /* the unit holds one; a hint being computed another */
} XqExercise;

XqExercise   *xq_exercise_ref       (XqExercise *ex);
void          xq_exercise_unref     (XqExercise *ex);

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
  GArray    *keys;       /* XqMove: every first move that wins in exactly mate_in (proved) */
} XqPuzzle;

typedef struct {
  char      *file;
  char      *id;
  char      *title;
  GPtrArray *puzzles;    /* XqPuzzle* */
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

void          xq_unit_free          (XqUnit *unit);
void          xq_puzzle_pack_free   (XqPuzzlePack *pack);
void          xq_lesson_file_free   (XqLessonFile *file);

/* Parses and validates one document.  Every problem found is appended to
 * problems (XqLessonProblem*, owned by the array, which should have
 * xq_lesson_problem_free as its free func); the result is NULL if there was
 * any.  file_name only labels the problems. */
XqLessonFile *xq_lesson_load_data   (const char *data, gssize length, const char *file_name,
                                     GPtrArray *problems);

typedef enum {
  XQ_LESSON_LOAD_DEFAULT   = 0,
  /* Check everything but the mates (for a first pass over many documents). */
  XQ_LESSON_LOAD_NO_PROOFS = 1 << 0,
  /* Prove every mate, trusting no record or cache (and caching nothing). */
  XQ_LESSON_LOAD_REPROVE   = 1 << 1,
} XqLessonLoadFlags;

/* The same with flags.  Mates are proved only once the whole document is
 * free of other problems, each within the solver's budget
 * (XQ_SOLVER_BUDGET); a mate that needs more is XQ_LESSON_ERROR_TOO_DEEP. */
XqLessonFile *xq_lesson_load_data_full (const char *data, gssize length, const char *file_name,
                                        XqLessonLoadFlags flags, GPtrArray *problems);
/* Loads with XQ_LESSON_LOAD_REPROVE and adds every proof made to into
 * (for `xqtool proofs`, which writes and checks the shipped record). */
typedef struct _XqProofs XqProofs;
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

/* The curriculum shipped with the program: XQ_LESSONS_DIR if set, else the
 * source tree's lessons/ when running uninstalled from the build tree
 * (xq_data_running_uninstalled ()), else the installed PKGDATADIR/lessons. */
const char   *xq_lesson_default_dir (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqExercise, xq_exercise_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqUnit, xq_unit_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqPuzzlePack, xq_puzzle_pack_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqLessonFile, xq_lesson_file_free)

G_END_DECLS
