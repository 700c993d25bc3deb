/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-kind.h: one exercise kind, described once (docs/exercise-kinds.md).
 *
 * Every kind lives in its own file in src/lesson/kinds/ and is one
 * `const XqKind` listed in the table in xq-kind.c (xq_kinds ()), which is
 * the one list of kinds.  The loader, the checker, the lesson
 * player, the exercise editor, the worksheet's answer key and xqtool know
 * nothing about any kind: they go through this interface.
 *
 * The kind owns its JSON fields: it reads and validates them, computes the
 * answer with the rules core, keeps what it read in its own private struct
 * (XqExercise.data), judges an answer, climbs its hint ladder, gives the
 * stars, writes its line of a worksheet's answer key, and describes its
 * fields for the editor (XqKindField, below).
 *
 * ---- Editor fields (stable: the exercise editor is built from these) ----
 *
 * A kind's `fields` is an array of `n_fields` XqKindField, in the order the
 * editor shows them.  The common fields every exercise has ("id", "kind",
 * "prompt", "fen", "hints"; "marks" is left to the board editor) are not in
 * it: they are xq_kind_common_fields ().  For each field:
 *
 *   key        the JSON member name, as in docs/lesson-format.md
 *   label      an untranslated label with a mnemonic ("_Goal"), marked N_():
 *              show g_dgettext (GETTEXT_PACKAGE, label)
 *   type       the kind of value, and so the widget (XqFieldType)
 *   values     XQ_FIELD_ENUM and XQ_FIELD_SIDE: the vocabulary, ended by
 *              { NULL, NULL }; the first entry is the default when the key
 *              is left out (unless the field is required)
 *   min, max   XQ_FIELD_NUMBER: the range; XQ_FIELD_POINTS, _MOVES,
 *              _CHOICES and _TEXTS: the least and most entries (a choice's
 *              text has at most XQ_LESSON_MAX_LABEL characters, a hint
 *              XQ_LESSON_MAX_PROMPT); XQ_FIELD_TEXT and _FEN: max is the
 *              most characters (min unused, 0).  choose's "answer" is a
 *              TEXT holding the id of one of its "choices".
 *   required   the loader refuses the exercise without it (where it applies)
 *   rule_key   NULL: the field always applies.  Else the key of the kind's
 *              XQ_FIELD_ENUM field that decides ("rule", "goal"), and
 *   applies    the values of rule_key for which the field applies, ended by
 *              NULL.  Writing a field that does not apply is a problem.
 *   required_for  NULL: `required` holds wherever the field applies.  Else
 *              the field is required only for these values of rule_key and
 *              optional for the other values where it applies.
 *   choices    XQ_FIELD_CHOICES: for each value of rule_key whose choice ids
 *              are fixed by the format, the ids and their source-text labels
 *              (XqKindChoiceSet); NULL where the author writes the choices.
 *
 * The editor writes what the learner gives in these widgets as JSON and
 * hands it to xq_lesson_load_data () to validate: the kind's own reader is
 * the only judge of a field's value. */
#pragma once

#include "xq-answer-text.h"
#include "xq-checker.h"
#include "xq-game.h"
#include "xq-exercise.h"

G_BEGIN_DECLS

typedef struct _XqKind XqKind;

typedef enum {
  XQ_FIELD_TEXT,     /* a translatable sentence (a string) */
  XQ_FIELD_POINT,    /* one point, "e4" (tap it on the board) */
  XQ_FIELD_SIDE,     /* "red" or "black" (values lists them) */
  XQ_FIELD_NUMBER,   /* an integer in [min, max] */
  XQ_FIELD_FEN,      /* a position in FEN (the board editor) */
  XQ_FIELD_MOVES,    /* a list of ICCS moves, "h2e2" */
  XQ_FIELD_POINTS,   /* a list of points (tap them on the board) */
  XQ_FIELD_CHOICES,  /* a list of { "id", "text" } objects */
  XQ_FIELD_ENUM,     /* one word of a vocabulary (values lists it) */
  XQ_FIELD_TEXTS,    /* a list of sentences, one per line (the hints) */
} XqFieldType;

typedef struct {
  const char *value;  /* as written in the file */
  const char *label;  /* N_(): what the editor shows */
} XqFieldValue;

/* The choices a computed question offers: their ids are the format's (the
 * loader computes which is right), their texts lesson source text that the
 * loader translates like any other. */
typedef struct {
  const char         *rule;     /* the value of rule_key, "status" */
  const XqFieldValue *choices;  /* id and text, ended by { NULL, NULL } */
} XqKindChoiceSet;

typedef struct {
  const char            *key;
  const char            *label;
  XqFieldType            type;
  const XqFieldValue    *values;
  int                    min;
  int                    max;
  gboolean               required;
  const char            *rule_key;
  const char *const     *applies;
  const char *const     *required_for;
  const XqKindChoiceSet *choices;    /* ended by { NULL, NULL } */
} XqKindField;

/* id, kind, prompt, fen, hints: every exercise's fields (kind's values are
 * the table's names and labels: xq_kinds ()). */
const XqKindField *xq_kind_common_fields (guint *n_fields);
/* The vocabulary of the drills' "notation" (read-move, write-move,
 * type-move): the learner's Chinese script, or WXF. */
extern const XqFieldValue xq_kind_notations[];
/* The common field with this key ("pieces"). */
const XqKindField *xq_kind_common_field  (const char *key);
/* Does field f apply when the kind's rule field rule_key holds value? */
gboolean           xq_kind_field_applies (const XqKindField *f, const char *rule_value);
/* Is f required when the rule field holds rule_value? */
gboolean           xq_kind_field_required (const XqKindField *f, const char *rule_value);
/* The field of kind with this key, or NULL. */
const XqKindField *xq_kind_find_field    (const XqKind *kind, const char *key);

/* ---- Reading ------------------------------------------------------------ */

/* What a kind's reader is handed: where problems go.  The readers below
 * report their own problems (with the JSON path) and return NULL or FALSE,
 * so a kind only branches on the result. */
typedef struct _XqKindReader XqKindReader;

void        xq_kind_problem      (XqKindReader *r, XqLessonError code, const char *path,
                                  const char *format, ...) G_GNUC_PRINTF (4, 5);
gboolean    xq_kind_had_problems (XqKindReader *r);
/* The JSON path of key under path ("$.exercises[2].square"; free it). */
char       *xq_kind_path         (const char *path, const char *key);
char       *xq_kind_index_path   (const char *path, guint i);
/* A short word (ids, vocabulary, points, moves). */
const char *xq_kind_get_string   (XqKindReader *r, JsonObject *o, const char *path,
                                  const char *key, gboolean required);
/* A non-empty text of at most max characters. */
const char *xq_kind_get_text     (XqKindReader *r, JsonObject *o, const char *path,
                                  const char *key, gboolean required, int max);
gboolean    xq_kind_get_int      (XqKindReader *r, JsonObject *o, const char *path,
                                  const char *key, gboolean required, int min, int max, int *out);
/* The index of the word in the field's vocabulary (XQ_FIELD_ENUM or _SIDE);
 * fallback when it is absent and not required; -1 after a problem. */
int         xq_kind_get_enum     (XqKindReader *r, JsonObject *o, const char *path,
                                  const XqKindField *field, int fallback);
XqSquare    xq_kind_get_square   (XqKindReader *r, JsonObject *o, const char *path,
                                  const char *key, gboolean required);
/* Distinct points, at most max; returns how many. */
int         xq_kind_get_squares  (XqKindReader *r, JsonObject *o, const char *path,
                                  const char *key, gboolean required, XqSquare *out, int max);
/* ICCS moves (always an array, empty when absent or bad). */
GArray     *xq_kind_get_moves    (XqKindReader *r, JsonObject *o, const char *path,
                                  const char *key, gboolean required);
/* A FEN the rules core accepts (checked: a legal position), or fallback
 * when absent; NULL after a problem. */
char       *xq_kind_get_fen      (XqKindReader *r, JsonObject *o, const char *path,
                                  const char *key, gboolean required, const char *fallback,
                                  gboolean checked, XqPosition *pos);
/* A list of exactly one ICCS move, legal in pos (the rules' reason when it
 * is not); XQ_MOVE_NONE after a problem. */
XqMove      xq_kind_get_legal_move (XqKindReader *r, JsonObject *o, const char *path,
                                    const char *key, XqPosition *pos);
JsonArray  *xq_kind_get_array    (XqKindReader *r, JsonObject *o, const char *path,
                                  const char *key, gboolean required, guint max);
JsonObject *xq_kind_element_object (XqKindReader *r, JsonArray *a, guint i, const char *path);
/* FALSE after a problem: a key that is not in allowed (NULL-ended). */
gboolean    xq_kind_check_keys   (XqKindReader *r, JsonObject *o, const char *path,
                                  const char *const *allowed);
/* The author's text, translated. */
char       *xq_kind_translate    (const char *s);
/* A "field does not belong to this rule" problem when o has key. */
gboolean    xq_kind_refuse_key   (XqKindReader *r, JsonObject *o, const char *path,
                                  const char *key, const char *message);

/* ---- Playing ------------------------------------------------------------- */

/* What the learner does, handed to a kind's `input`. */
typedef enum {
  XQ_INPUT_TAP,     /* a point tapped: sq */
  XQ_INPUT_MOVE,    /* a move made on the board: move */
  XQ_INPUT_CHOOSE,  /* a choice picked: choice */
  XQ_INPUT_PLACE,   /* a piece from the tray put on sq (piece) */
  XQ_INPUT_LIFT,    /* the piece on sq lifted back into the tray */
  XQ_INPUT_CHECK,   /* the Check button */
  XQ_INPUT_REPLY,   /* the defender's reply (a verdict's `reply`) is played */
  XQ_INPUT_TEXT,    /* a text typed and handed in: text */
} XqInputType;

typedef struct {
  XqInputType type;
  XqSquare    sq;
  XqMove      move;
  XqPiece     piece;
  const char *choice;
  const char *text;
} XqInput;

/* What the player offers for a kind, as flags. */
typedef enum {
  XQ_KIND_INPUT_TAP     = 1 << 0,  /* the board takes taps */
  XQ_KIND_INPUT_MOVE    = 1 << 1,  /* the board takes moves */
  XQ_KIND_INPUT_CHOICES = 1 << 2,  /* a button per choice */
  XQ_KIND_INPUT_TRAY    = 1 << 3,  /* the set-up tray (XqSetupTray): pieces to place */
  XQ_KIND_INPUT_CHECK   = 1 << 4,  /* a Check button (when xq_attempt_wants_check) */
  XQ_KIND_INPUT_REPLAY  = 1 << 5,  /* a game to watch first (XqReplayBar): xq_exercise_replay */
  XQ_KIND_INPUT_TEXT    = 1 << 6,  /* an entry to type in, with a keypad of signs: xq_exercise_keypad */
} XqKindInput;

/* One learner's try at one exercise: everything the player shows, kept in
 * the lesson layer so it can be judged (and tested) without a window.  A
 * plain value apart from `line`; xq_attempt_copy () it for a thread. */
typedef struct {
  const XqExercise *ex;
  XqSquare       taps[XQ_SQUARES];   /* tap: the points selected */
  int            n_taps;
  GArray        *line;               /* XqMove: the star walk or the mate line so far */
  XqPosition     shown;              /* the board on show */
  XqMove         last;               /* its last move, or XQ_MOVE_NONE */
  XqSquare       walker;             /* stars: where the walking piece stands */
  XqPiece        board[XQ_SQUARES];  /* setup: the pieces placed so far */
  int            tray[16];           /* setup: how many of each piece are left */
  XqLessonMarks  base_marks;         /* the marks that stay (the prompt's, the stars left) */
  XqMove         pending_reply;      /* mate: the defender's answer, to play next */
  int            wrong;              /* slips so far */
  int            tries;              /* judged tries that did not solve (a slip, a Check with points missing) */
  int            hints;              /* rungs of the hint ladder climbed */
  gboolean       solved;
  int            stars;              /* once solved: 1..3 */
} XqAttempt;

/* One rung of the hint ladder: a sentence and real marks (never a sentence
 * about marks that are not there), and for choose the choice to point at,
 * for set-up the tray piece to pick. */
typedef struct {
  char          *text;     /* translated */
  XqLessonMarks  marks;
  char          *choice;   /* or NULL; type-move: the text to type */
  XqPiece        piece;    /* or XQ_EMPTY */
} XqHint;

#define XQ_HINT_LEVELS 3

/* An answer value: what the learner gave, or what the rules computed. */
typedef struct {
  const XqSquare *points;   /* tap: the points tapped, in order */
  int             n_points;
  const XqMove   *moves;    /* move: one; stars: the walk; mate: the line */
  int             n_moves;
  const XqPiece  *board;    /* setup: XQ_SQUARES pieces */
  const char     *choice;   /* choose: the id picked */
  const char     *text;     /* type-move: the text typed */
  int             count;    /* stars: the fewest moves; mate: N */
} XqAnswer;

struct _XqKind {
  const char          *name;    /* "tap", as in the file */
  const char          *label;   /* N_(): "Tap points" */
  XqKindInput          input;
  const XqKindField   *fields;
  guint                n_fields;

  /* Reads and validates the kind's own fields from o (ex's common fields
   * are read, its position is sound), computes the answer with the rules
   * core and returns the kind's private data; NULL after a problem (kinds
   * with no data of their own return a non-NULL token). */
  gpointer  (*read)        (XqKindReader *r, JsonObject *o, const char *path, XqExercise *ex);
  void      (*free_data)   (gpointer data);
  /* Which start position the exercise uses when "fen" is absent, and
   * whether it must be a legal position (set-up starts half built). */
  gboolean    fen_checked;
  const char *fen_default;
  /* The mate the loader proves once the file is sound (0: none). */
  int       (*mate_in)     (const XqExercise *ex);

  /* The answer the rules computed (or the author gave), pointing into the
   * kind's data: tap the points, move the given moves (none for a
   * computed goal), stars the stars in points and the fewest moves in
   * count, setup the target board, choose the choice id, mate N in count. */
  void      (*answer)      (const XqExercise *ex, XqAnswer *out);
  /* Judges one answer value. */
  XqVerdict *(*check)      (const XqExercise *ex, const XqAnswer *answer);
  /* XqChoice*, for kinds with XQ_KIND_INPUT_CHOICES. */
  GPtrArray *(*choices)    (const XqExercise *ex);
  /* The game to watch, at its last ply, for kinds with XQ_KIND_INPUT_REPLAY. */
  const XqGame *(*replay) (const XqExercise *ex);
  /* The signs the keypad offers under the entry, for kinds with
   * XQ_KIND_INPUT_TEXT (the pieces, numbers and directions of a written
   * move), ended by NULL. */
  const char *const *(*keypad) (const XqExercise *ex);

  /* Sets a fresh attempt's shown position, marks, tray... */
  void      (*start)       (XqAttempt *a);
  /* One thing the learner did: updates the attempt and judges it (NULL:
   * nothing to say, e.g. a tap that only selects). */
  XqVerdict *(*input_cb)   (XqAttempt *a, const XqInput *in);
  /* Rung `level` (1..XQ_HINT_LEVELS): first the piece, then the point,
   * then the answer.  May run a solver: called from a worker thread, so it
   * reads only a and ex. */
  void      (*hint)        (const XqAttempt *a, int level, XqHint *out);
  /* Stars for a solved attempt, from the verdict's own stars, the slips and
   * the hints. */
  int       (*stars)       (const XqAttempt *a, int verdict_stars);
  /* Does the Check button make sense now (tap "all", set-up)? */
  gboolean  (*wants_check) (const XqAttempt *a);
  /* The worksheet's answer key line in style's notation, written with the
   * helpers of xq-answer-text.h ("d2, f2", "1. 車一進一 2. 車一平四");
   * NULL: the key has nothing to say. */
  char     *(*answer_key)  (const XqExercise *ex, XqAnswerStyle *style);
  /* The position a thumbnail or worksheet shows (set-up: the target). */
  const XqPosition *(*picture) (const XqExercise *ex, XqLessonMarks *marks);
  /* The answer as the inputs a learner would make, appended to inputs
   * (XqInput), for a demonstration (xq-demo.h): the points tapped, the
   * moves, the choice, the pieces placed; a fresh attempt a.  NULL: the
   * kind has none, and no_demo says why (N_(), for the kind table). */
  void      (*demo)        (const XqAttempt *a, GArray *inputs);
  const char *no_demo;
};

/* The table: every kind, in the order of the file format's list. */
const XqKind *const *xq_kinds         (guint *n_kinds);
const XqKind        *xq_kind_by_name  (const char *name);
/* The kinds that code outside their files asks about by identity (a review
 * round makes a mate from a puzzle; the draft describes a mate's line and a
 * move's right moves): compared as ex->kind == &xq_kind_mate, their names
 * written only in their own files. */
extern const XqKind xq_kind_mate;
extern const XqKind xq_kind_move;
extern const XqKind xq_kind_stars;

/* ---- Generic operations, dispatched to the kind ------------------------- */

/* Starts a fresh attempt at ex (a is not yet initialised, or cleared). */
void        xq_attempt_init       (XqAttempt *a, const XqExercise *ex);
void        xq_attempt_clear      (XqAttempt *a);
/* A deep copy, for a worker thread. */
XqAttempt  *xq_attempt_copy       (const XqAttempt *a);
void        xq_attempt_free       (XqAttempt *a);
/* Starts again, keeping the slips and hints: the stars stay honest. */
void        xq_attempt_restart    (XqAttempt *a);
/* Judges what the learner did; a CORRECT verdict solves the attempt and
 * sets a->stars.  NULL when there is nothing to say. */
XqVerdict  *xq_attempt_input      (XqAttempt *a, const XqInput *in);
gboolean    xq_attempt_wants_check (const XqAttempt *a);
/* Adds every mark of from to into (the lasting marks and a verdict's or a
 * hint's, on one board). */
void        xq_kind_add_marks      (XqLessonMarks *into, const XqLessonMarks *from);

/* The next rung of the ladder for a (the author's sentence when there is
 * one, the kind's otherwise), computed in a worker thread; the board stays
 * responsive.  The attempt is copied: a may change meanwhile. */
void        xq_attempt_hint_async  (const XqAttempt *a, int level, GCancellable *cancellable,
                                    GAsyncReadyCallback callback, gpointer user_data);
XqHint     *xq_attempt_hint_finish (GAsyncResult *result, GError **error);
/* The same, in the calling thread (xqtool, tests). */
XqHint     *xq_attempt_hint        (const XqAttempt *a, int level);
void        xq_hint_free           (XqHint *hint);
/* The rungs for a kind whose answer is one move (XQ_MOVE_NONE: none
 * found): its piece, then its point too, then the move as an arrow, each
 * with the sentence that names what is marked. */
void        xq_hint_for_move       (XqMove key, int level, XqHint *out);
/* Rungs 1 and 2 for a kind that asks how the move shown is written
 * (write-move, type-move): the piece that moved, then where it went too;
 * FALSE for rung 3, which is the kind's own (with the piece marked). */
gboolean    xq_hint_for_written_move (XqMove shown, int level, XqHint *out);
/* Rungs 2 and 3 for a kind whose answer is a set of points (tap, match):
 * one point not yet among the taps, then every one of them, with the
 * sentence that names what is marked. */
void        xq_hint_for_points     (const XqSquare *points, int n_points, const XqSquare *taps,
                                    int n_taps, int level, XqHint *out);

/* The selection of a kind whose answer is a set of points (tap, match).
 * A tap on sq takes it out of a->taps when it is there, else adds it;
 * TRUE when it was added. */
gboolean    xq_attempt_toggle_tap      (XqAttempt *a, XqSquare sq);
/* After a slip: the taps that are not answers (answer: XQ_SQUARES flags)
 * leave the selection, so one more tap is all it takes. */
void        xq_attempt_keep_right_taps (XqAttempt *a, const gboolean *answer);
/* The verdict on a tap that only selects: nothing to say, but "Press
 * Check" when the tap added a point (added) and as many points are
 * selected as the answer has (n_answer). */
XqVerdict  *xq_verdict_selecting       (const XqAttempt *a, gboolean added, int n_answer);


/* ---- Questions with choices (choose, replay) ----------------------------- */

/* An empty list of XqChoice*, which frees them. */
GPtrArray  *xq_choices_new             (void);
/* Reads the array of { "id", "text" } at path into choices: a missing or
 * duplicate id is a problem, and so is an id outside vocab (NULL: any) or
 * one accept refuses (it reports its own problem at the id's path; NULL:
 * every id). */
void        xq_kind_read_choices       (XqKindReader *r, JsonArray *array, const char *path,
                                        const char *const *vocab,
                                        gboolean (*accept) (XqKindReader *r, const char *id, const char *id_path),
                                        GPtrArray *choices);
gboolean    xq_choices_offer           (const GPtrArray *choices, const char *id);
/* The (translated) text of choice id, or the id itself. */
const char *xq_choices_text            (const GPtrArray *choices, const char *id);
/* "B) Black wins": the answer's letter and text as the question lists them. */
char       *xq_choices_answer_key      (const GPtrArray *choices, const char *answer);
/* A kind's verdict on the pick `picked`, after wrong_before wrong picks. */
typedef XqVerdict *(*XqChoiceJudge) (const XqExercise *ex, const char *picked, int wrong_before);
/* The input step of a question with choices: NULL for anything but a
 * pick, else judge's verdict, a wrong pick counted as a wrong try. */
XqVerdict  *xq_attempt_pick            (XqAttempt *a, const XqInput *in, XqChoiceJudge judge);

/* Judges one answer value against the exercise, without an attempt. */
XqVerdict  *xq_exercise_check      (const XqExercise *ex, const XqAnswer *answer);
/* The answer the rules computed (see XqKind.answer). */
void        xq_exercise_answer     (const XqExercise *ex, XqAnswer *out);
/* A kind field's value as the file gave it (the default filled in), as
 * text: a word, "e4", "3", lists joined by spaces, choices by their ids;
 * NULL when the exercise has no such field. */
const char *xq_exercise_get_field  (const XqExercise *ex, const char *key);
/* The choices of a question (XqChoice*), or NULL. */
GPtrArray  *xq_exercise_choices    (const XqExercise *ex);
/* The keypad's signs for a typed answer (ended by NULL), or NULL. */
const char *const *xq_exercise_keypad (const XqExercise *ex);
/* The replay to watch before answering (xq-replay.h), at its last ply, or NULL. */
const XqGame *xq_exercise_replay (const XqExercise *ex);
gboolean    xq_exercise_is         (const XqExercise *ex, const char *kind_name);
/* The answer key line for a worksheet (NULL: nothing to say), in style's
 * notation (NULL: xq_answer_default_notation ()). */
char       *xq_exercise_answer_key (const XqExercise *ex, XqAnswerStyle *style);
/* The piece set ex's board shows when the learner's boards show
 * `preferred`: the pictures, the characters (the preferred set if it is
 * one of characters, else the interface language's script), or preferred. */
XqPieceSet  xq_exercise_piece_set  (const XqExercise *ex, XqPieceSet preferred);
XqPieceSet  xq_lesson_piece_set    (XqExercisePieces pieces, XqPieceSet preferred);
/* The position to picture the exercise with, and its marks. */
const XqPosition *xq_exercise_picture (const XqExercise *ex, XqLessonMarks *marks);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqAttempt, xq_attempt_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqHint, xq_hint_free)

G_END_DECLS
