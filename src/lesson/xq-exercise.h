/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-exercise.h: one exercise (the fields every exercise has; its kind's
 * own in `data`), and the vocabulary of reading lesson files: the error
 * codes, the limits and a located problem.  Below the loader (xq-lesson.h)
 * and the kinds (xq-kind.h), so that the kinds, their readers and the
 * answer texts need not include the loader that includes them (issue 34:
 * no circle of includes in src/lesson; tests/check-includes.py). */
#pragma once

#include <json-glib/json-glib.h>

#include "xq-lesson-marks.h"
#include "xq-position.h"

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
/* A puzzle rating's bounds (xq-rating.h keeps every rating within them;
 * a pack's "min-rating" is at most XQ_RATING_MAX). */
#define XQ_RATING_MIN          100.0
#define XQ_RATING_MAX          3500.0
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

/* How a lesson file is loaded (xq_lesson_load_data_full). */
typedef enum {
  XQ_LESSON_LOAD_DEFAULT   = 0,
  /* Check everything but the mates (for a first pass over many documents). */
  XQ_LESSON_LOAD_NO_PROOFS = 1 << 0,
  /* Prove every mate, trusting no record or cache (and caching nothing). */
  XQ_LESSON_LOAD_REPROVE   = 1 << 1,
} XqLessonLoadFlags;
/* Proofs of mates, recorded (xq-proofs.h). */
typedef struct _XqProofs XqProofs;

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqExercise, xq_exercise_unref)

G_END_DECLS
