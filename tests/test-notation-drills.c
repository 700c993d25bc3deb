/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The notation drills: "read-move" (play the written move),
 * "write-move" (pick how the move shown is written) and "type-move" (type
 * it, in either script or WXF), their right and wrong
 * answers with the reasons, their hint ladders, and the shipped unit
 * "Reading and writing moves": every move in it read back by the notation
 * module in both scripts and WXF, and shown in the learner's script. */
#define G_LOG_DOMAIN "test-notation-drills"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "xq-kind.h"
#include "xq-notation.h"
#include "xq-test-dirs.h"
#include "xq-test-lesson-mo.h"
#include "xq-lesson.h"

#define START "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
#define BACK "3k5/9/9/9/2R6/6N2/9/9/9/4K4 w - - 0 1"
#define PAIRS "5k3/9/9/9/4R4/1C7/9/1C2R4/9/3K5 w - - 0 1"

static const char *
source_dir (void)
{
  return g_getenv ("XQ_SOURCE_DIR");
}

static XqLessonFile *
load_unit (const char *exercises, GPtrArray *problems)
{
  g_autofree char *doc = g_strdup_printf (
    "{ \"format\": 1, \"type\": \"unit\", \"id\": \"t\", \"number\": 1, \"title\": \"T\","
    "  \"pages\": [ { \"text\": \"P\" } ], \"exercises\": [ %s ] }", exercises);

  return xq_lesson_load_data (doc, -1, "test.json", problems);
}

/* One exercise, which must load. */
static XqLessonFile *
load_one (const char *kind, const char *fen, const char *key, const char *move, const char *extra)
{
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  g_autofree char *json = g_strdup_printf ("{ \"id\": \"e\", \"kind\": \"%s\", \"prompt\": \"Play {move}.\", "
                                           "\"fen\": \"%s\", \"%s\": [ \"%s\" ]%s }",
                                           kind, fen, key, move, extra ? extra : "");
  XqLessonFile *file = load_unit (json, problems);

  for (guint i = 0; i < problems->len; i++)
    {
      g_autofree char *line = xq_lesson_problem_format (g_ptr_array_index (problems, i));
      g_test_message ("%s", line);
    }
  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_nonnull (file);
  return file;
}

static XqExercise *
first (XqLessonFile *file)
{
  return g_ptr_array_index (file->unit->exercises, 0);
}

static XqMove
iccs (const char *text)
{
  XqMove m = xq_move_from_iccs (text);

  g_assert_cmpint (m, !=, XQ_MOVE_NONE);
  return m;
}

static XqVerdict *
play (XqAttempt *a, const char *move)
{
  XqInput in = { .type = XQ_INPUT_MOVE, .move = iccs (move) };

  return xq_attempt_input (a, &in);
}

static XqVerdict *
pick (XqAttempt *a, const char *id)
{
  XqInput in = { .type = XQ_INPUT_CHOOSE, .choice = id };

  return xq_attempt_input (a, &in);
}

static gboolean
has_mark (const XqLessonMarks *marks, XqLessonMarkKind kind, XqSquare sq)
{
  for (int i = 0; i < marks->n_marks; i++)
    if (marks->marks[i].kind == kind && marks->marks[i].sq == sq)
      return TRUE;
  return FALSE;
}

static gboolean
has_arrow (const XqLessonMarks *marks, XqLessonMarkRole role, XqMove m)
{
  for (int i = 0; i < marks->n_marks; i++)
    if (marks->marks[i].kind == XQ_LESSON_MARK_ARROW && marks->marks[i].role == role &&
        marks->marks[i].sq == xq_move_from (m) && marks->marks[i].to == xq_move_to (m))
      return TRUE;
  return FALSE;
}

/* The reason a wrong move gets, in the exercise's position. */
static void
assert_wrong_move (const XqExercise *ex, const char *move, const char *reason)
{
  XqMove m = iccs (move);
  XqAnswer answer = { .moves = &m, .n_moves = 1 };
  g_autoptr(XqVerdict) v = xq_exercise_check (ex, &answer);

  g_assert_cmpint (v->kind, ==, XQ_VERDICT_WRONG);
  g_assert_cmpstr (v->message, ==, reason);
  g_assert_true (has_arrow (&v->marks, XQ_LESSON_ROLE_WRONG, m));
}

/* ---- read-move ----------------------------------------------------------------- */

static void
test_read_right_and_wrong (void)
{
  g_autoptr(XqLessonFile) file = load_one ("read-move", START, "moves", "b0c2", NULL);
  XqExercise *ex = first (file);
  XqAttempt a;
  XqAnswer answer;

  /* The prompt shows the core's text, in the C locale's traditional script. */
  g_assert_cmpstr (ex->prompt, ==, "Play 馬八進七.");
  xq_exercise_answer (ex, &answer);
  g_assert_cmpint (answer.n_moves, ==, 1);
  g_assert_cmpint (answer.moves[0], ==, iccs ("b0c2"));

  assert_wrong_move (ex, "b0a2", "You played 馬八進九: the horse landed on file 九, not 七.");
  assert_wrong_move (ex, "h0g2", "You played 馬二進三: you moved the horse on file 二, but 馬八進七 moves the horse "
                                 "on file 八, counted from your own right.");
  assert_wrong_move (ex, "h2e2", "You played 炮二平五: that moves your cannon, but 馬八進七 moves your horse.");

  xq_attempt_init (&a, ex);
  {
    g_autoptr(XqVerdict) wrong = play (&a, "b0a2");
    g_autoptr(XqVerdict) illegal = play (&a, "b0b3");
    g_autoptr(XqVerdict) right = play (&a, "b0c2");

    g_assert_cmpint (wrong->kind, ==, XQ_VERDICT_WRONG);
    g_assert_cmpint (illegal->kind, ==, XQ_VERDICT_ILLEGAL);
    g_assert_nonnull (illegal->message);
    g_assert_cmpint (right->kind, ==, XQ_VERDICT_CORRECT);
    g_assert_cmpstr (right->message, ==, "Yes, that is 馬八進七.");
    g_assert_true (has_arrow (&right->marks, XQ_LESSON_ROLE_CORRECT, iccs ("b0c2")));
    g_assert_true (a.solved);
    /* The wrong move and the illegal one each cost a star. */
    g_assert_cmpint (a.wrong, ==, 2);
    g_assert_cmpint (a.stars, ==, 1);
    g_assert_cmpint (a.shown.board[xq_sq_make (2, 2)], ==, xq_piece_make (XQ_RED, XQ_HORSE));
  }
  xq_attempt_clear (&a);
}

static void
test_read_direction_and_steps (void)
{
  g_autoptr(XqLessonFile) back = load_one ("read-move", BACK, "moves", "c5c2", NULL);
  g_autoptr(XqLessonFile) across = load_one ("read-move", BACK, "moves", "c5f5", NULL);
  g_autoptr(XqLessonFile) horse = load_one ("read-move", BACK, "moves", "g4e3", NULL);

  g_assert_cmpstr (first (back)->prompt, ==, "Play 車七退三.");
  assert_wrong_move (first (back), "c5c8", "You played 車七進三: 退 means back, towards your own side, but you went "
                                           "forwards.");
  assert_wrong_move (first (back), "c5c4", "You played 車七退一: the chariot went 1 step, but 車七退三 says 三.");
  assert_wrong_move (first (back), "c5c1", "You played 車七退四: the chariot went 4 steps, but 車七退三 says 三.");
  assert_wrong_move (first (back), "c5a5", "You played 車七平九: 退 means back, towards your own side, but you went "
                                           "sideways.");
  g_assert_cmpstr (first (across)->prompt, ==, "Play 車七平四.");
  assert_wrong_move (first (across), "c5e5", "You played 車七平五: the chariot stopped on file 五, not 四.");
  assert_wrong_move (first (across), "c5c6", "You played 車七進一: 平 means sideways along the same rank, but you "
                                             "went forwards.");
  g_assert_cmpstr (first (horse)->prompt, ==, "Play 馬三退五.");
  assert_wrong_move (first (horse), "g4i3", "You played 馬三退一: the horse landed on file 一, not 五.");
  assert_wrong_move (first (horse), "g4e5", "You played 馬三進五: 退 means back, towards your own side, but you went "
                                            "forwards.");
}

static void
test_read_front_rear_and_black (void)
{
  g_autoptr(XqLessonFile) front = load_one ("read-move", PAIRS, "moves", "e5g5", NULL);
  g_autoptr(XqLessonFile) rear = load_one ("read-move", PAIRS, "moves", "b2b1", NULL);
  g_autoptr(XqLessonFile) black = load_one ("read-move", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
                                            "moves", "h9g7", NULL);
  g_autoptr(XqLessonFile) wxf = load_one ("read-move", START, "moves", "h0g2", ", \"notation\": \"wxf\"");

  g_assert_cmpstr (first (front)->prompt, ==, "Play 前車平三.");
  assert_wrong_move (first (front), "e2g2", "You played 後車平三: 前 means the front chariot, the one nearer the other "
                                            "side.");
  g_assert_cmpstr (first (rear)->prompt, ==, "Play 後炮退一.");
  assert_wrong_move (first (rear), "b4b3", "You played 前炮退一: 後 means the rear cannon, the one nearer your own "
                                           "side.");
  /* Black writes digits. */
  g_assert_cmpstr (first (black)->prompt, ==, "Play 馬8進7.");
  assert_wrong_move (first (black), "h9i7", "You played 馬8進9: the horse landed on file 9, not 7.");
  g_assert_cmpstr (first (wxf)->prompt, ==, "Play H2+3.");
  assert_wrong_move (first (wxf), "h0i2", "You played H2+1: the horse landed on file 1, not 3.");
}

/* Piece, then point, then the move, each with its marks. */
static void
test_read_hints (void)
{
  g_autoptr(XqLessonFile) file = load_one ("read-move", START, "moves", "b0c2", NULL);
  XqAttempt a;

  xq_attempt_init (&a, first (file));
  {
    g_autoptr(XqHint) piece = xq_attempt_hint (&a, 1);
    g_autoptr(XqHint) point = xq_attempt_hint (&a, 2);
    g_autoptr(XqHint) answer = xq_attempt_hint (&a, 3);

    g_assert_cmpstr (piece->text, ==, "馬八 names the piece: the marked one.");
    g_assert_true (has_mark (&piece->marks, XQ_LESSON_MARK_POINT, xq_sq_make (1, 0)));
    g_assert_false (has_mark (&piece->marks, XQ_LESSON_MARK_POINT, xq_sq_make (2, 2)));
    g_assert_cmpstr (point->text, ==, "進七 says where it goes: to the marked point.");
    g_assert_true (has_mark (&point->marks, XQ_LESSON_MARK_POINT, xq_sq_make (2, 2)));
    g_assert_cmpstr (answer->text, ==, "Here is 馬八進七 as an arrow. Now you try!");
    g_assert_true (has_arrow (&answer->marks, XQ_LESSON_ROLE_MOVE, iccs ("b0c2")));
  }
  xq_attempt_clear (&a);
}

static void
test_read_bad_files (void)
{
  static const struct { const char *json, *path; } bad[] = {
    { "{ \"id\": \"a\", \"kind\": \"read-move\", \"prompt\": \"P\", \"moves\": [ \"b0b3\" ] }", "$.exercises[0].moves[0]" },
    { "{ \"id\": \"a\", \"kind\": \"read-move\", \"prompt\": \"P\", \"moves\": [ \"b0c2\", \"h0g2\" ] }", "$.exercises[0].moves" },
    { "{ \"id\": \"a\", \"kind\": \"read-move\", \"prompt\": \"P\", \"moves\": [ \"b0c2\" ], \"notation\": \"iccs\" }",
      "$.exercises[0].notation" },
    { "{ \"id\": \"a\", \"kind\": \"write-move\", \"prompt\": \"P\" }", "$.exercises[0]" },
    { "{ \"id\": \"a\", \"kind\": \"write-move\", \"prompt\": \"P\", \"arrow\": [ \"a0a5\" ] }", "$.exercises[0].arrow[0]" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
      g_autoptr(XqLessonFile) file = load_unit (bad[i].json, problems);

      g_assert_null (file);
      g_assert_cmpuint (problems->len, >=, 1);
      g_test_message ("%s", ((XqLessonProblem *) g_ptr_array_index (problems, 0))->message);
      g_assert_cmpstr (((XqLessonProblem *) g_ptr_array_index (problems, 0))->path, ==, bad[i].path);
    }
}

/* ---- write-move ---------------------------------------------------------------- */

static const char *
choice_text (const XqExercise *ex, const char *id)
{
  GPtrArray *choices = xq_exercise_choices (ex);

  for (guint i = 0; i < choices->len; i++)
    if (strcmp (((XqChoice *) g_ptr_array_index (choices, i))->id, id) == 0)
      return ((XqChoice *) g_ptr_array_index (choices, i))->text;
  return NULL;
}

static void
assert_wrong_pick (const XqExercise *ex, const char *id, const char *text, const char *reason)
{
  XqAnswer answer = { .choice = id };
  g_autoptr(XqVerdict) v = xq_exercise_check (ex, &answer);

  g_assert_cmpstr (choice_text (ex, id), ==, text);
  g_assert_cmpint (v->kind, ==, XQ_VERDICT_WRONG);
  g_assert_cmpstr (v->message, ==, reason);
  g_assert_cmpint (v->marks.n_marks, >, 0);
}

static void
test_write_right_and_wrong (void)
{
  g_autoptr(XqLessonFile) file = load_one ("write-move", START, "arrow", "h0g2", NULL);
  XqExercise *ex = first (file);
  GPtrArray *choices = xq_exercise_choices (ex);
  XqLessonMarks marks;
  XqAttempt a;

  g_assert_cmpuint (choices->len, ==, 4);
  g_assert_cmpstr (choice_text (ex, "right"), ==, "馬二進三");
  assert_wrong_pick (ex, "steps-file", "馬二進二",
                     "A horse moves diagonally, so the last number is the file it lands on (三), not how many ranks it "
                     "moved.");
  assert_wrong_pick (ex, "direction", "馬二退三", "馬二退三 says 退, back towards its own side, but the horse went forwards.");
  assert_wrong_pick (ex, "count-side", "馬八進七",
                     "馬八進七 counts the files from Black’s side. Red counts them from Red’s own right, one to nine "
                     "from right to left.");
  /* The board shows the move as an arrow; so does a worksheet's picture. */
  xq_exercise_picture (ex, &marks);
  g_assert_true (has_arrow (&marks, XQ_LESSON_ROLE_MOVE, iccs ("h0g2")));

  xq_attempt_init (&a, ex);
  g_assert_true (has_arrow (&a.base_marks, XQ_LESSON_ROLE_MOVE, iccs ("h0g2")));
  {
    g_autoptr(XqVerdict) first_wrong = pick (&a, "direction");
    g_autoptr(XqVerdict) second_wrong = pick (&a, "count-side");
    g_autoptr(XqVerdict) right = pick (&a, "right");

    g_assert_cmpstr (first_wrong->message, ==, "馬二退三 says 退, back towards its own side, but the horse went forwards.");
    /* From the last try on the right text is named too. */
    g_assert_true (g_str_has_suffix (second_wrong->message, " The move is written 馬二進三."));
    g_assert_cmpint (right->kind, ==, XQ_VERDICT_CORRECT);
    g_assert_cmpstr (right->message, ==, "Yes: the arrow shows 馬二進三.");
    g_assert_cmpint (a.stars, ==, 1);
  }
  xq_attempt_clear (&a);
}

static void
test_write_front_rear_and_across (void)
{
  g_autoptr(XqLessonFile) file = load_one ("write-move", PAIRS, "arrow", "e5g5", NULL);
  g_autoptr(XqLessonFile) rear = load_one ("write-move", PAIRS, "arrow", "b2b1", NULL);
  g_autoptr(XqLessonFile) line = load_one ("write-move", START, "arrow", "i0i2", NULL);
  g_autoptr(XqLessonFile) wxf = load_one ("write-move", PAIRS, "arrow", "e5g5", ", \"notation\": \"wxf\"");
  XqExercise *ex = first (file);

  g_assert_cmpstr (choice_text (ex, "right"), ==, "前車平三");
  assert_wrong_pick (ex, "front-rear", "後車平三",
                     "後車平三 names the rear chariot, but the one that moved is the front one, nearer the other side.");
  assert_wrong_pick (ex, "tandem-file", "車五平三",
                     "More than one chariot stands on that file, so the move says which one (前, 後) instead of the "
                     "file number.");
  assert_wrong_pick (ex, "across-count", "前車平二",
                     "With 平 the last number is the file the chariot stops on (三), not how many files it moved.");
  assert_wrong_pick (first (rear), "front-rear", "前炮退一",
                     "前炮退一 names the front cannon, but the one that moved is the rear one, nearer its own side.");
  assert_wrong_pick (first (line), "steps-file", "車一進一",
                     "A chariot moving straight forwards or back counts its steps (二), not the file it lands on.");
  g_assert_cmpstr (choice_text (first (wxf), "right"), ==, "R+=3");
  g_assert_cmpstr (choice_text (first (wxf), "front-rear"), ==, "R-=3");
}

static void
test_write_hints (void)
{
  g_autoptr(XqLessonFile) file = load_one ("write-move", START, "arrow", "h0g2", NULL);
  XqAttempt a;

  xq_attempt_init (&a, first (file));
  {
    g_autoptr(XqHint) piece = xq_attempt_hint (&a, 1);
    g_autoptr(XqHint) point = xq_attempt_hint (&a, 2);
    g_autoptr(XqHint) answer = xq_attempt_hint (&a, 3);

    g_assert_nonnull (strstr (piece->text, "which piece is it"));
    g_assert_true (has_mark (&piece->marks, XQ_LESSON_MARK_POINT, xq_sq_make (7, 0)));
    g_assert_false (has_mark (&piece->marks, XQ_LESSON_MARK_POINT, xq_sq_make (6, 2)));
    g_assert_nonnull (strstr (point->text, "forwards, back or sideways"));
    g_assert_true (has_mark (&point->marks, XQ_LESSON_MARK_POINT, xq_sq_make (6, 2)));
    g_assert_cmpstr (answer->choice, ==, "right");
    g_assert_true (has_arrow (&answer->marks, XQ_LESSON_ROLE_MOVE, iccs ("h0g2")));
  }
  xq_attempt_clear (&a);
}


/* ---- type-move ------------------------------------------------------------------ */

static XqVerdict *
type (XqAttempt *a, const char *text)
{
  XqInput in = { .type = XQ_INPUT_TEXT, .text = text };

  return xq_attempt_input (a, &in);
}

/* What one typed text gets, without an attempt. */
static XqVerdict *
typed (const XqExercise *ex, const char *text)
{
  XqAnswer answer = { .text = text };

  return xq_exercise_check (ex, &answer);
}

static void
assert_typed_wrong (const XqExercise *ex, const char *text, const char *reason)
{
  g_autoptr(XqVerdict) v = typed (ex, text);

  g_test_message ("%s -> %s", text, v->message);
  g_assert_cmpint (v->kind, ==, XQ_VERDICT_WRONG);
  g_assert_cmpstr (v->message, ==, reason);
}

static void
test_type_right_and_wrong (void)
{
  g_autoptr(XqLessonFile) file = load_one ("type-move", START, "arrow", "h0g2", NULL);
  XqExercise *ex = first (file);
  /* The same move in both scripts, WXF, lower case, with spaces. */
  static const char *const right[] = { "馬二進三", "马二进三", "傌二進三", "H2+3", "h2+3", " 馬 二 進 三 " };
  XqAnswer answer;

  xq_exercise_answer (ex, &answer);
  g_assert_cmpstr (answer.text, ==, "馬二進三");
  for (guint i = 0; i < G_N_ELEMENTS (right); i++)
    {
      g_autoptr(XqVerdict) v = typed (ex, right[i]);

      g_test_message ("%s -> %s", right[i], v->message);
      g_assert_cmpint (v->kind, ==, XQ_VERDICT_CORRECT);
      g_assert_true (has_arrow (&v->marks, XQ_LESSON_ROLE_CORRECT, iccs ("h0g2")));
    }
  {
    g_autoptr(XqVerdict) exact = typed (ex, "馬二進三");
    g_autoptr(XqVerdict) other = typed (ex, "马二进三");

    g_assert_cmpstr (exact->message, ==, "Yes: 馬二進三 is the move the arrow shows.");
    g_assert_cmpstr (other->message, ==, "Yes: 马二进三 is the move the arrow shows. It is usually written 馬二進三.");
  }
  /* Each wrong part is named: the piece, the file, the direction, the number. */
  assert_typed_wrong (ex, "炮二進三", "The piece is wrong: 炮 is the cannon, but the piece that moved is the horse (馬).");
  assert_typed_wrong (ex, "馬八進七",
                      "The file is wrong: the horse stands on file 二, counted from its own side’s right, not on file 八.");
  assert_typed_wrong (ex, "马二退三",
                      "The direction is wrong: the horse went forwards, towards the other side, so the move says 進.");
  assert_typed_wrong (ex, "馬二進二",
                      "The last number is wrong: a horse moves diagonally, so it is the file it lands on, 三, not 二.");
  assert_typed_wrong (ex, "H2-3",
                      "The direction is wrong: the horse went forwards, towards the other side, so the move says +.");
  /* Unreadable texts say which sign is missing or unknown. */
  assert_typed_wrong (ex, "馬二進",
                      "That is not finished: a move is written with four signs, the piece, its file, the direction and "
                      "a number.");
  assert_typed_wrong (ex, "馬二進三三",
                      "That has too many signs: a move is written with four, the piece, its file, the direction and a "
                      "number.");
  assert_typed_wrong (ex, "馬二去三",
                      "“去” is not used to write moves: a move is written with the piece, numbers and the direction.");
  assert_typed_wrong (ex, "二進三", "The piece is missing: say which piece moved, the horse (馬).");
  assert_typed_wrong (ex, "馬進三",
                      "The file is missing: after the piece comes the file it stands on, counted from its own side’s "
                      "right (二).");
  assert_typed_wrong (ex, "馬二三三", "The direction is missing: 進 forwards, 退 back or 平 sideways.");
  assert_typed_wrong (ex, "", "Type the move first: the piece, its file, the direction and a number.");
}

static void
test_type_lines_pairs_black (void)
{
  g_autoptr(XqLessonFile) pairs = load_one ("type-move", PAIRS, "arrow", "e5g5", NULL);
  g_autoptr(XqLessonFile) line = load_one ("type-move", START, "arrow", "i0i2", NULL);
  g_autoptr(XqLessonFile) black = load_one ("type-move", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
                                            "arrow", "h9g7", NULL);
  g_autoptr(XqLessonFile) wxf = load_one ("type-move", PAIRS, "arrow", "e5g5", ", \"notation\": \"wxf\"");

  assert_typed_wrong (first (pairs), "車五平三",
                      "More than one chariot stands on that file, so the move says which one (前, 後) instead of the "
                      "file number.");
  assert_typed_wrong (first (pairs), "後車平三",
                      "Which one is wrong: the chariot that moved is the front one, nearer the other side (前).");
  assert_typed_wrong (first (pairs), "前車平二",
                      "The last number is wrong: with 平 it is the file the chariot stops on, 三, not 二.");
  assert_typed_wrong (first (line), "車一進三",
                      "The last number is wrong: the chariot went 2 steps along its file, 二, not 三.");
  {
    g_autoptr(XqVerdict) v = typed (first (wxf), "R+=3");
    g_autoptr(XqVerdict) zh = typed (first (wxf), "前車平三");

    g_assert_cmpint (v->kind, ==, XQ_VERDICT_CORRECT);
    /* Chinese is read in a WXF exercise too: a move is a move. */
    g_assert_cmpint (zh->kind, ==, XQ_VERDICT_CORRECT);
    assert_typed_wrong (first (wxf), "R-=3",
                        "Which one is wrong: the chariot that moved is the front one, nearer the other side (+).");
  }
  {
    g_autoptr(XqVerdict) v = typed (first (black), "馬8進7");

    g_assert_cmpint (v->kind, ==, XQ_VERDICT_CORRECT);
    /* Black counts from its own right, with digits. */
    assert_typed_wrong (first (black), "馬2進3",
                        "The file is wrong: the horse stands on file 8, counted from its own side’s right, not on file 2.");
  }
}

static void
test_type_attempt_and_hints (void)
{
  g_autoptr(XqLessonFile) file = load_one ("type-move", START, "arrow", "h0g2", NULL);
  XqExercise *ex = first (file);
  const char *const *keypad = xq_exercise_keypad (ex);
  XqAttempt a;

  /* The keypad has Red's pieces and numbers, the directions, 前/中/後. */
  g_assert_nonnull (keypad);
  for (const char *const *want = (const char *const[]) { "馬", "車", "炮", "帥", "兵", "一", "九", "進", "退", "平",
                                                          "前", "後", NULL };
       *want != NULL; want++)
    g_assert_true (g_strv_contains (keypad, *want));
  g_assert_false (g_strv_contains (keypad, "7"));
  g_assert_true (xq_exercise_choices (ex) == NULL);

  xq_attempt_init (&a, ex);
  g_assert_true (has_arrow (&a.base_marks, XQ_LESSON_ROLE_MOVE, iccs ("h0g2")));
  {
    g_autoptr(XqHint) piece = xq_attempt_hint (&a, 1);
    g_autoptr(XqHint) point = xq_attempt_hint (&a, 2);
    g_autoptr(XqHint) answer = xq_attempt_hint (&a, 3);
    g_autoptr(XqVerdict) first_wrong = type (&a, "馬二退三");
    g_autoptr(XqVerdict) second_wrong = type (&a, "馬八進七");
    g_autoptr(XqVerdict) right = type (&a, "马二进三");

    g_assert_nonnull (strstr (piece->text, "which piece is it"));
    g_assert_true (has_mark (&piece->marks, XQ_LESSON_MARK_POINT, xq_sq_make (7, 0)));
    g_assert_false (has_mark (&piece->marks, XQ_LESSON_MARK_POINT, xq_sq_make (6, 2)));
    g_assert_true (has_mark (&point->marks, XQ_LESSON_MARK_POINT, xq_sq_make (6, 2)));
    g_assert_cmpstr (answer->text, ==, "The move is written 馬二進三. Now type it.");
    g_assert_true (has_arrow (&answer->marks, XQ_LESSON_ROLE_MOVE, iccs ("h0g2")));
    g_assert_cmpint (first_wrong->kind, ==, XQ_VERDICT_WRONG);
    g_assert_false (g_str_has_suffix (first_wrong->message, "The move is written 馬二進三."));
    /* From the last try on the right text is named too. */
    g_assert_true (g_str_has_suffix (second_wrong->message, " The move is written 馬二進三."));
    g_assert_cmpint (right->kind, ==, XQ_VERDICT_CORRECT);
    g_assert_true (a.solved);
    g_assert_cmpint (a.stars, ==, 1);
  }
  xq_attempt_clear (&a);
}

/* ---- The shipped unit -------------------------------------------------------------- */

static XqLessonFile *
load_shipped_file (const char *name)
{
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  g_autofree char *path = g_build_filename (source_dir (), "lessons", name, NULL);
  XqLessonFile *file = xq_lesson_load_file (path, problems);

  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_nonnull (file);
  return file;
}

/* The first notation unit (the second is unit22-notation-2.json). */
static XqLessonFile *
load_shipped (void)
{
  return load_shipped_file ("unit10-notation.json");
}

/* The move an exercise of the unit shows or asks for, from its file. */
static XqMove
exercise_move (const XqExercise *ex)
{
  const char *text = xq_exercise_get_field (ex, xq_exercise_is (ex, "read-move") ? "moves" : "arrow");

  g_assert_nonnull (text);
  return iccs (text);
}

static void
test_unit_round_trip (void)
{
  static const XqNotation notations[] = { XQ_NOTATION_ZH_HANS, XQ_NOTATION_ZH_HANT, XQ_NOTATION_WXF };
  const char *const names[] = { "unit10-notation.json", "unit22-notation-2.json" };
  const char *const ids[] = { "notation", "notation-2" };
  guint drills = 0, reads = 0, writes = 0, types = 0;

  for (guint u = 0; u < G_N_ELEMENTS (names); u++)
    {
    g_autoptr(XqLessonFile) file = load_shipped_file (names[u]);
    XqUnit *unit = file->unit;

    g_assert_cmpstr (unit->id, ==, ids[u]);
    g_assert_cmpuint (unit->exercises->len, >=, 12);
    for (guint i = 0; i < unit->exercises->len; i++)
      {
        XqExercise *ex = g_ptr_array_index (unit->exercises, i);
        XqPosition pos = ex->position;
        XqNotationParts parts;
        XqMove m;

        if (!xq_exercise_is (ex, "read-move") && !xq_exercise_is (ex, "write-move") && !xq_exercise_is (ex, "type-move"))
          continue;
        drills++;
        types += xq_exercise_is (ex, "type-move");
        reads += xq_exercise_is (ex, "read-move");
        writes += xq_exercise_is (ex, "write-move");
        m = exercise_move (ex);
        g_assert_true (xq_position_is_legal (&pos, m));
        xq_notation_parts (&pos, m, &parts);
        for (guint n = 0; n < G_N_ELEMENTS (notations); n++)
          {
            g_autoptr(GError) error = NULL;
            g_autofree char *text = xq_notation_format (&pos, m, notations[n]);
            g_autofree char *spelled = xq_notation_spell (&parts, notations[n]);

            g_test_message ("%s: %s", ex->id, text);
            g_assert_cmpint (xq_notation_parse (&pos, text, notations[n], &error), ==, m);
            g_assert_no_error (error);
            g_assert_cmpstr (spelled, ==, text);
            if (xq_exercise_is (ex, "type-move"))
              {
                /* Typed in either script or WXF, the text is the move. */
                g_autoptr(XqVerdict) v = typed (ex, text);
                g_assert_cmpint (v->kind, ==, XQ_VERDICT_CORRECT);
              }
          }
        if (xq_exercise_is (ex, "read-move"))
          {
            XqAnswer answer;

            /* The answer is the core's reading of the text on show. */
            xq_exercise_answer (ex, &answer);
            g_assert_cmpint (answer.moves[0], ==, m);
          }
        else if (xq_exercise_is (ex, "write-move"))
          {
            /* No wrong choice spells the right move, and none twice. */
            GPtrArray *choices = xq_exercise_choices (ex);

            g_assert_cmpuint (choices->len, >=, 3);
            for (guint c = 0; c < choices->len; c++)
              for (guint d = c + 1; d < choices->len; d++)
                g_assert_cmpstr (((XqChoice *) g_ptr_array_index (choices, c))->text, !=,
                                 ((XqChoice *) g_ptr_array_index (choices, d))->text);
          }
      }
    }
  g_assert_cmpuint (drills, >=, 18);
  g_assert_cmpuint (reads, >=, 8);
  g_assert_cmpuint (writes, >=, 8);
  g_assert_cmpuint (types, >=, 6);
}

/* Under zh_CN the unit's moves are shown in simplified characters, under
 * zh_TW in traditional, from the translation catalogues the build makes. */
typedef struct {
  const char *lang;
  const char *read_prompt;  /* read-horse, 馬八進七 */
  const char *write_right;  /* write-horse, 馬二進三 */
  const char *wrong_reason; /* read-horse played b0a2 */
} Script;

static const Script scripts[] = {
  { "zh_CN", "马八进七", "马二进三", "马八进九" },
  { "zh_TW", "馬八進七", "馬二進三", "馬八進九" },
};

static void
test_script (gconstpointer data)
{
  const Script *sc = data;
  char *root = xq_test_lesson_mo_begin (sc->lang);
  g_autoptr(XqLessonFile) file = NULL;

  file = load_shipped ();
  for (guint i = 0; i < file->unit->exercises->len; i++)
    {
      XqExercise *ex = g_ptr_array_index (file->unit->exercises, i);

      if (strcmp (ex->id, "read-horse") == 0)
        {
          XqMove m = iccs ("b0a2");
          XqAnswer answer = { .moves = &m, .n_moves = 1 };
          g_autoptr(XqVerdict) v = xq_exercise_check (ex, &answer);

          g_test_message ("%s | %s", ex->prompt, v->message);
          g_assert_nonnull (strstr (ex->prompt, sc->read_prompt));
          /* The prompt is translated: no English left around the move. */
          g_assert_null (strstr (ex->prompt, "Play"));
          g_assert_nonnull (strstr (v->message, sc->wrong_reason));
          g_assert_null (strstr (v->message, "You played"));
        }
      if (strcmp (ex->id, "write-horse") == 0)
        {
          GPtrArray *choices = xq_exercise_choices (ex);
          gboolean found = FALSE;

          for (guint c = 0; c < choices->len; c++)
            found |= strcmp (((XqChoice *) g_ptr_array_index (choices, c))->text, sc->write_right) == 0;
          g_assert_true (found);
        }
    }

  xq_test_lesson_mo_end (root, sc->lang);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  xq_test_isolate_dirs ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/notation-drills/read/right-and-wrong", test_read_right_and_wrong);
  g_test_add_func ("/notation-drills/read/direction-and-steps", test_read_direction_and_steps);
  g_test_add_func ("/notation-drills/read/front-rear-black-wxf", test_read_front_rear_and_black);
  g_test_add_func ("/notation-drills/read/hints", test_read_hints);
  g_test_add_func ("/notation-drills/bad-files", test_read_bad_files);
  g_test_add_func ("/notation-drills/write/right-and-wrong", test_write_right_and_wrong);
  g_test_add_func ("/notation-drills/write/front-rear-across", test_write_front_rear_and_across);
  g_test_add_func ("/notation-drills/write/hints", test_write_hints);
  g_test_add_func ("/notation-drills/type/right-and-wrong", test_type_right_and_wrong);
  g_test_add_func ("/notation-drills/type/lines-pairs-wxf", test_type_lines_pairs_black);
  g_test_add_func ("/notation-drills/type/attempt-and-hints", test_type_attempt_and_hints);
  g_test_add_func ("/notation-drills/unit/round-trip", test_unit_round_trip);
  for (guint i = 0; i < G_N_ELEMENTS (scripts); i++)
    {
      g_autofree char *path = g_strdup_printf ("/notation-drills/unit/script/%s", scripts[i].lang);
      g_test_add_data_func (path, &scripts[i], test_script);
    }
  return g_test_run ();
}
