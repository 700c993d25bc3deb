/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The answer checker: every exercise kind with right and wrong answers, and
 * the board feedback that explains the verdict. */
#define G_LOG_DOMAIN "test-checker"

#include "config.h"

#include <locale.h>
#include <string.h>

#include "xq-kind.h"
#include "xq-test-kinds.h"
#include "xq-lesson-rules.h"
#include "xq-test-dirs.h"
#include "xq-test-squares.h"
#include "xq-lesson.h"
#include "xq-material.h"

/* Loads a one-exercise unit around the given exercise JSON. */
static XqLessonFile *
load_exercise (const char *exercise_json)
{
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  g_autofree char *doc = g_strdup_printf (
    "{ \"format\": 1, \"type\": \"unit\", \"id\": \"t\", \"number\": 1, \"title\": \"T\","
    "  \"pages\": [ { \"text\": \"P\" } ], \"exercises\": [ %s ] }", exercise_json);
  XqLessonFile *file = xq_lesson_load_data (doc, -1, "test.json", problems);

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

/* The kinds' checks, through the generic answer value. */
static XqVerdict *
check_tap (const XqExercise *ex, const XqSquare *points, int n)
{
  XqAnswer answer = { .points = points, .n_points = n };
  return xq_exercise_check (ex, &answer);
}

static XqVerdict *
check_move (const XqExercise *ex, XqMove m)
{
  XqAnswer answer = { .moves = &m, .n_moves = 1 };
  return xq_exercise_check (ex, &answer);
}

static XqVerdict *
check_line (const XqExercise *ex, const XqMove *moves, int n)
{
  XqAnswer answer = { .moves = moves, .n_moves = n };
  return xq_exercise_check (ex, &answer);
}

static XqVerdict *
check_setup (const XqExercise *ex, const XqPiece *board)
{
  XqAnswer answer = { .board = board };
  return xq_exercise_check (ex, &answer);
}

static XqVerdict *
check_choose (const XqExercise *ex, const char *id)
{
  XqAnswer answer = { .choice = id };
  return xq_exercise_check (ex, &answer);
}

/* ---- Tap ------------------------------------------------------------------- */

static void
test_tap_reach (void)
{
  /* The horse on e4 with its north leg blocked by a soldier on e5. */
  g_autoptr(XqLessonFile) file = load_exercise (
    "{ \"id\": \"a\", \"kind\": \"tap\", \"prompt\": \"P\", \"rule\": \"reach\", \"square\": \"e4\","
    "  \"fen\": \"5k3/9/9/9/4p4/4N4/9/9/9/3K5 w - - 0 1\" }");
  XqExercise *ex = first (file);
  XqSquare right[] = { sq ("d2"), sq ("f2"), sq ("c3"), sq ("g3"), sq ("c5"), sq ("g5") };
  XqSquare some[] = { sq ("d2"), sq ("c5") };
  XqSquare wrong[] = { sq ("d2"), sq ("d6") };
  g_autoptr(XqVerdict) all = NULL;
  g_autoptr(XqVerdict) part = NULL;
  g_autoptr(XqVerdict) bad = NULL;

  g_assert_cmpint (answer_of (ex).n_points, ==, 6);
  all = check_tap (ex, right, G_N_ELEMENTS (right));
  g_assert_cmpint (all->kind, ==, XQ_VERDICT_CORRECT);
  g_assert_cmpint (all->stars, ==, 3);
  part = check_tap (ex, some, G_N_ELEMENTS (some));
  g_assert_cmpint (part->kind, ==, XQ_VERDICT_INCOMPLETE);
  bad = check_tap (ex, wrong, G_N_ELEMENTS (wrong));
  g_assert_cmpint (bad->kind, ==, XQ_VERDICT_WRONG);
  /* d6 is crossed out and the blocked leg on e5 is shown as the reason. */
  g_assert_true (xq_lesson_marks_has (&bad->marks, XQ_LESSON_MARK_CROSS, XQ_LESSON_ROLE_WRONG, sq ("d6"), XQ_NO_SQUARE));
  g_assert_true (xq_lesson_marks_has (&bad->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_BLOCKER, sq ("e5"), XQ_NO_SQUARE));
  g_assert_true (xq_lesson_marks_has (&bad->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_MISSING, sq ("g5"), XQ_NO_SQUARE));
}

static void
test_tap_attackers (void)
{
  /* Chariot a4, horse d6 and cannon e8 (over the soldier on e6) attack e4. */
  g_autoptr(XqLessonFile) file = load_exercise (
    "{ \"id\": \"a\", \"kind\": \"tap\", \"prompt\": \"P\", \"rule\": \"attackers\", \"square\": \"e4\","
    "  \"fen\": \"5k3/4c4/9/3np4/9/r3R4/9/9/9/3K5 w - - 0 1\" }");
  XqExercise *ex = first (file);
  XqSquare right[] = { sq ("a4"), sq ("d6"), sq ("e8") };
  XqSquare wrong[] = { sq ("e6") };
  g_autoptr(XqVerdict) ok = check_tap (ex, right, 3);
  g_autoptr(XqVerdict) bad = check_tap (ex, wrong, 1);

  g_assert_cmpint (answer_of (ex).n_points, ==, 3);
  g_assert_cmpint (ok->kind, ==, XQ_VERDICT_CORRECT);
  g_assert_true (xq_lesson_marks_has (&ok->marks, XQ_LESSON_MARK_ARROW, XQ_LESSON_ROLE_ATTACK, sq ("e8"), sq ("e4")));
  g_assert_cmpint (bad->kind, ==, XQ_VERDICT_WRONG);
  /* The attacking lines the learner missed are drawn. */
  g_assert_true (xq_lesson_marks_has (&bad->marks, XQ_LESSON_MARK_ARROW, XQ_LESSON_ROLE_ATTACK, sq ("a4"), sq ("e4")));
}

static void
test_tap_points_one (void)
{
  g_autoptr(XqLessonFile) file = load_exercise (
    "{ \"id\": \"a\", \"kind\": \"tap\", \"prompt\": \"P\", \"select\": \"one\", \"points\": [ \"a0\", \"i9\" ] }");
  XqSquare corner = sq ("i9"), middle = sq ("e4");
  g_autoptr(XqVerdict) ok = check_tap (first (file), &corner, 1);
  g_autoptr(XqVerdict) bad = check_tap (first (file), &middle, 1);

  g_assert_cmpint (ok->kind, ==, XQ_VERDICT_CORRECT);
  g_assert_cmpint (bad->kind, ==, XQ_VERDICT_WRONG);
}


/* The sentence the move exercises give for the piece on from going to to. */
static char *
move_words (const XqExercise *ex, const char *from, const char *to)
{
  XqPosition pos = ex->position;
  XqLessonMarks marks;

  xq_lesson_marks_clear (&marks);
  xq_position_set_side (&pos, xq_piece_color (pos.board[sq (from)]));
  return xq_lesson_explain_illegal (&pos, xq_move_make (sq (from), sq (to)), &marks);
}

typedef struct {
  const char *name;
  const char *fen;
  const char *square;   /* the piece asked about */
  const char *tapped;   /* a point it cannot reach */
  const char *words;    /* what the reason must say */
  XqLessonMarkRole role;  /* a mark of this role on... */
  const char *mark;     /* ...this point, or NULL */
} TapReason;

static const TapReason tap_reasons[] = {
  /* The horse's north leg e5 is blocked. */
  { "horse-leg", "5k3/9/9/9/4p4/4N4/9/9/9/3K5 w - - 0 1", "e4", "d6", "leg is blocked", XQ_LESSON_ROLE_BLOCKER, "e5" },
  /* The cannon on b2 sees the black horse on b7 with nothing between. */
  { "no-screen", "3k5/9/1n7/9/9/9/9/1C7/9/4K4 w - - 0 1", "b2", "b7", "screen", XQ_LESSON_ROLE_WRONG, "b7" },
  /* The chariot on a0 with its own soldier on a3. */
  { "chariot-jump", "3k5/9/9/9/9/9/P8/9/9/R3K4 w - - 0 1", "a0", "a5", "cannot jump", XQ_LESSON_ROLE_BLOCKER, "a3" },
  { "general-line", "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "e0", "d1", "along a line", XQ_LESSON_ROLE_WRONG, "d1" },
  { "general-palace", "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", "d0", "c0", "inside the palace", XQ_LESSON_ROLE_WRONG, "c0" },
  { "elephant-river", "3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1", "c4", "e6", "cross the river", XQ_LESSON_ROLE_WRONG, "e6" },
};

/* Each wrongly tapped point of a "reach" question gets the reason a move
 * exercise gives for the same move, with the same marks. */
static void
test_tap_reasons (gconstpointer data)
{
  const TapReason *c = data;
  g_autofree char *json = g_strdup_printf (
    "{ \"id\": \"a\", \"kind\": \"tap\", \"prompt\": \"P\", \"rule\": \"reach\", \"square\": \"%s\", \"fen\": \"%s\" }",
    c->square, c->fen);
  g_autoptr(XqLessonFile) file = load_exercise (json);
  XqExercise *ex = first (file);
  XqSquare tapped = sq (c->tapped);
  g_autoptr(XqVerdict) v = check_tap (ex, &tapped, 1);
  g_autofree char *words = move_words (ex, c->square, c->tapped);

  g_assert_cmpint (v->kind, ==, XQ_VERDICT_WRONG);
  g_assert_nonnull (words);
  g_assert_true (g_str_has_prefix (v->message, words));
  g_assert_nonnull (strstr (v->message, c->words));
  g_assert_true (xq_lesson_marks_has (&v->marks, XQ_LESSON_MARK_CROSS, XQ_LESSON_ROLE_WRONG, tapped, XQ_NO_SQUARE));
  if (c->role != XQ_LESSON_ROLE_WRONG)
    g_assert_true (xq_lesson_marks_has (&v->marks, XQ_LESSON_MARK_POINT, c->role, sq (c->mark), XQ_NO_SQUARE));
}

static XqVerdict *
tap_and_check (XqAttempt *a, const char *const *points)
{
  XqInput check = { .type = XQ_INPUT_CHECK, .sq = XQ_NO_SQUARE, .move = XQ_MOVE_NONE };

  for (int i = 0; points[i] != NULL; i++)
    {
      XqInput tap = { .type = XQ_INPUT_TAP, .sq = sq (points[i]), .move = XQ_MOVE_NONE };
      g_autoptr(XqVerdict) v = xq_attempt_input (a, &tap);
    }
  return xq_attempt_input (a, &check);
}

static gboolean
has_role (const XqLessonMarks *marks, XqLessonMarkRole role)
{
  for (int i = 0; i < marks->n_marks; i++)
    if (marks->marks[i].role == role)
      return TRUE;
  return FALSE;
}

/* The points still to find are counted ("2 more points") at once and shown
 * from the second try on; two wrong points with two reasons get both. */
static void
test_tap_missing (void)
{
  /* The horse on e4 (leg e5 blocked) reaches d2 f2 c3 g3 c5 g5. */
  g_autoptr(XqLessonFile) file = load_exercise (
    "{ \"id\": \"a\", \"kind\": \"tap\", \"prompt\": \"P\", \"rule\": \"reach\", \"square\": \"e4\","
    "  \"fen\": \"5k3/9/9/9/4p4/4N4/9/9/9/3K5 w - - 0 1\" }");
  const char *const first_try[] = { "d2", "f2", "c3", "g3", "d6", "e3", NULL };
  const char *const second_try[] = { "c5", NULL };
  const char *const third_try[] = { "g5", NULL };
  g_autoptr(XqVerdict) one = NULL;
  g_autoptr(XqVerdict) two = NULL;
  g_autoptr(XqVerdict) three = NULL;
  g_autofree char *leg = NULL;
  XqAttempt a;

  xq_attempt_init (&a, first (file));
  one = tap_and_check (&a, first_try);
  g_assert_cmpint (one->kind, ==, XQ_VERDICT_WRONG);
  leg = move_words (first (file), "e4", "d6");
  g_assert_nonnull (strstr (one->message, leg));
  g_assert_nonnull (strstr (one->message, "The horse moves one point straight"));
  g_assert_nonnull (strstr (one->message, "2 more points to find."));
  g_assert_false (has_role (&one->marks, XQ_LESSON_ROLE_MISSING));
  g_assert_cmpint (a.n_taps, ==, 4);

  two = tap_and_check (&a, second_try);
  g_assert_cmpint (two->kind, ==, XQ_VERDICT_INCOMPLETE);
  g_assert_cmpstr (two->message, ==, "Right so far! 1 more point to find.");
  g_assert_true (xq_lesson_marks_has (&two->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_MISSING, sq ("g5"), XQ_NO_SQUARE));

  three = tap_and_check (&a, third_try);
  g_assert_cmpint (three->kind, ==, XQ_VERDICT_CORRECT);
  g_assert_cmpint (a.stars, ==, 2);
  xq_attempt_clear (&a);
}

/* Unit 1's geography: each wrong point says what it is, in the words of
 * the question's own side. */
static void
test_tap_geography (void)
{
  g_autoptr(XqLessonFile) file = load_exercise (
    "{ \"id\": \"a\", \"kind\": \"tap\", \"prompt\": \"P\", \"rule\": \"file\", \"side\": \"red\", \"number\": 1 }");
  g_autoptr(XqLessonFile) black = load_exercise (
    "{ \"id\": \"a\", \"kind\": \"tap\", \"prompt\": \"P\", \"rule\": \"file\", \"side\": \"black\", \"number\": 3 }");
  g_autoptr(XqLessonFile) palace = load_exercise (
    "{ \"id\": \"a\", \"kind\": \"tap\", \"prompt\": \"P\", \"rule\": \"palace\", \"side\": \"red\" }");
  g_autoptr(XqLessonFile) bank = load_exercise (
    "{ \"id\": \"a\", \"kind\": \"tap\", \"prompt\": \"P\", \"rule\": \"river-bank\", \"side\": \"black\" }");
  XqSquare file_a[XQ_RANKS], tap;
  g_autoptr(XqVerdict) nine = NULL;
  g_autoptr(XqVerdict) two = NULL;
  g_autoptr(XqVerdict) b = NULL;
  g_autoptr(XqVerdict) out = NULL;
  g_autoptr(XqVerdict) other = NULL;
  g_autoptr(XqVerdict) across = NULL;
  g_autoptr(XqVerdict) far = NULL;

  /* All ten points of Red’s file 九 (file a): one reason, ten crosses. */
  for (int r = 0; r < XQ_RANKS; r++)
    file_a[r] = xq_sq_make (0, r);
  nine = check_tap (first (file), file_a, XQ_RANKS);
  g_assert_cmpint (nine->kind, ==, XQ_VERDICT_WRONG);
  g_assert_cmpstr (nine->message, ==, "You tapped file 九; Red’s file 一 is 8 files further to Red’s right.\n"
                                      "10 more points to find.");
  for (int r = 0; r < XQ_RANKS; r++)
    g_assert_true (xq_lesson_marks_has (&nine->marks, XQ_LESSON_MARK_CROSS, XQ_LESSON_ROLE_WRONG, file_a[r], XQ_NO_SQUARE));
  tap = sq ("h4");
  two = check_tap (first (file), &tap, 1);
  g_assert_true (g_str_has_prefix (two->message, "You tapped file 二; Red’s file 一 is 1 file further to Red’s right."));
  /* Black counts from the other edge, in its own numbers. */
  tap = sq ("a4");
  b = check_tap (first (black), &tap, 1);
  g_assert_true (g_str_has_prefix (b->message, "You tapped file 1; Black’s file 3 is 2 files further to Black’s left."));

  tap = sq ("d3");
  out = check_tap (first (palace), &tap, 1);
  g_assert_nonnull (strstr (out->message, "outside the palace"));
  tap = sq ("e8");
  other = check_tap (first (palace), &tap, 1);
  g_assert_nonnull (strstr (other->message, "in Black’s palace"));
  tap = sq ("e4");
  across = check_tap (first (bank), &tap, 1);
  g_assert_nonnull (strstr (across->message, "on Red’s bank, across the river"));
  tap = sq ("e7");
  far = check_tap (first (bank), &tap, 1);
  g_assert_nonnull (strstr (far->message, "not on the bank"));
}

/* Attackers, blockers and pieces in danger: each wrong point has the reason
 * that piece does not count. */
static void
test_tap_piece_reasons (void)
{
  /* The red chariot e4 is attacked by the chariots a4 and i4, the horse
   * d6 and the cannon e8 (over the soldier e6); the red soldier e3 guards. */
  g_autoptr(XqLessonFile) file = load_exercise (
    "{ \"id\": \"a\", \"kind\": \"tap\", \"prompt\": \"P\", \"rule\": \"attackers\", \"square\": \"e4\","
    "  \"fen\": \"5k3/4c4/9/3np4/9/r3R3r/4P4/9/9/3K5 w - - 0 1\" }");
  g_autoptr(XqLessonFile) danger = load_exercise (
    "{ \"id\": \"a\", \"kind\": \"tap\", \"prompt\": \"P\", \"rule\": \"in-danger\", \"side\": \"red\","
    "  \"fen\": \"5k3/4c4/9/3np4/9/r3R3r/4P4/9/9/3K5 w - - 0 1\" }");
  XqSquare tap;
  g_autoptr(XqVerdict) soldier = NULL;
  g_autoptr(XqVerdict) friend = NULL;
  g_autoptr(XqVerdict) black = NULL;

  tap = sq ("e6");
  soldier = check_tap (first (file), &tap, 1);
  g_assert_cmpint (soldier->kind, ==, XQ_VERDICT_WRONG);
  g_assert_nonnull (strstr (soldier->message, "soldier"));
  /* Issue 31: pieces are asked for, so pieces are counted, not points. */
  g_assert_nonnull (strstr (soldier->message, "4 more pieces to find."));
  g_assert_null (strstr (soldier->message, "points to find"));
  tap = sq ("e3");
  friend = check_tap (first (file), &tap, 1);
  g_assert_nonnull (strstr (friend->message, "same side"));
  tap = sq ("a4");
  black = check_tap (first (danger), &tap, 1);
  g_assert_nonnull (strstr (black->message, "Black piece"));
}

/* ---- Move ------------------------------------------------------------------ */

typedef struct {
  const char *name;
  const char *fen;
  const char *goal;
  const char *extra;     /* more JSON members, or "" */
  const char *right;
  const char *wrong;     /* a legal move that misses the goal (NULL: none exists) */
  XqVerdictKind wrong_kind;
} MoveCase;

static const MoveCase move_cases[] = {
  { "given", XQ_START_FEN, "given", ", \"moves\": [ \"h2e2\", \"b2e2\" ]", "b2e2", "h0g2", XQ_VERDICT_WRONG },
  { "piece", XQ_START_FEN, "piece", ", \"square\": \"h0\"", "h0i2", "b0c2", XQ_VERDICT_WRONG },
  { "capture", XQ_START_FEN, "capture", "", "h2h9", "h2h3", XQ_VERDICT_WRONG },
  /* Chariot e4: soldier e6 (1) or chariot a4 (9). */
  { "capture-best", "5k3/9/9/4p4/9/r3R4/9/9/9/3K5 w - - 0 1", "capture-best", "", "e4a4", "e4e6", XQ_VERDICT_WRONG },
  /* Chariot a4: the cannon on a7 is guarded by the horse on b9; the horse on f4 is not. */
  { "safe-capture", "1n2k4/9/c8/9/9/R4n3/9/9/9/3K5 w - - 0 1", "safe-capture", "", "a4f4", "a4a7", XQ_VERDICT_WRONG },
  { "escape-check", "5k3/9/9/9/4r4/9/9/9/9/4K4 w - - 0 1", "escape-check", "", "e0d0", NULL, XQ_VERDICT_WRONG },
  { "check", "4k4/9/9/9/R8/9/9/9/9/3K5 w - - 0 1", "check", "", "a5a9", "a5a6", XQ_VERDICT_WRONG },
  /* Two chariots: b1-b9 mates; a8-a9 only checks. */
  { "checkmate", "4k4/R8/9/9/9/9/9/9/1R7/3K5 w - - 0 1", "checkmate", "", "b1b9", "a8a9", XQ_VERDICT_WRONG },
};

static void
test_move (gconstpointer data)
{
  const MoveCase *c = data;
  g_autofree char *json = g_strdup_printf (
    "{ \"id\": \"m\", \"kind\": \"move\", \"prompt\": \"P\", \"goal\": \"%s\", \"fen\": \"%s\" %s }",
    c->goal, c->fen, c->extra);
  g_autoptr(XqLessonFile) file = load_exercise (json);
  XqExercise *ex = first (file);
  g_autoptr(XqVerdict) right = check_move (ex, mv (c->right));

  g_assert_cmpint (right->kind, ==, XQ_VERDICT_CORRECT);
  g_assert_nonnull (right->message);
  g_assert_true (xq_lesson_marks_has (&right->marks, XQ_LESSON_MARK_ARROW, XQ_LESSON_ROLE_CORRECT,
                                      xq_move_from (mv (c->right)), xq_move_to (mv (c->right))));
  if (c->wrong != NULL)
    {
      g_autoptr(XqVerdict) wrong = check_move (ex, mv (c->wrong));
      g_assert_cmpint (wrong->kind, ==, c->wrong_kind);
      g_assert_nonnull (wrong->message);
    }
}

static void
test_move_illegal (void)
{
  g_autoptr(XqLessonFile) file = load_exercise (
    "{ \"id\": \"m\", \"kind\": \"move\", \"prompt\": \"P\", \"goal\": \"capture\" }");
  XqExercise *ex = first (file);
  g_autoptr(XqVerdict) leg = check_move (ex, mv ("b0d1"));
  g_autoptr(XqVerdict) two = check_move (ex, mv ("b2b8"));
  g_autoptr(XqVerdict) back = NULL;
  g_autoptr(XqLessonFile) file2 = load_exercise (
    "{ \"id\": \"m\", \"kind\": \"move\", \"prompt\": \"P\", \"goal\": \"capture\","
    "  \"fen\": \"5k3/9/9/3np4/4P4/9/9/9/9/3K5 w - - 0 1\" }");

  g_assert_cmpint (leg->kind, ==, XQ_VERDICT_ILLEGAL);
  g_assert_true (xq_lesson_marks_has (&leg->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_BLOCKER, sq ("c0"), XQ_NO_SQUARE));
  g_assert_cmpint (two->kind, ==, XQ_VERDICT_ILLEGAL);
  g_assert_true (xq_lesson_marks_has (&two->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_BLOCKER, sq ("b7"), XQ_NO_SQUARE));
  back = check_move (first (file2), mv ("e5e4"));
  g_assert_cmpint (back->kind, ==, XQ_VERDICT_ILLEGAL);
  g_assert_cmpstr (back->message, ==, "A soldier never moves backwards.");
}

static void
test_move_recapture_feedback (void)
{
  g_autoptr(XqLessonFile) file = load_exercise (
    "{ \"id\": \"m\", \"kind\": \"move\", \"prompt\": \"P\", \"goal\": \"safe-capture\","
    "  \"fen\": \"1n2k4/9/c8/9/9/R4n3/9/9/9/3K5 w - - 0 1\" }");
  g_autoptr(XqVerdict) v = check_move (first (file), mv ("a4a7"));

  g_assert_cmpint (v->kind, ==, XQ_VERDICT_WRONG);
  /* The horse that would take back is shown with its line of attack. */
  g_assert_true (xq_lesson_marks_has (&v->marks, XQ_LESSON_MARK_ARROW, XQ_LESSON_ROLE_ATTACK, sq ("b9"), sq ("a7")));
}

static void
test_move_check_feedback (void)
{
  /* A cannon check over a screen shows the screen. */
  g_autoptr(XqLessonFile) file = load_exercise (
    "{ \"id\": \"m\", \"kind\": \"move\", \"prompt\": \"P\", \"goal\": \"check\","
    "  \"fen\": \"4k4/9/9/9/4N4/9/9/9/C8/3K5 w - - 0 1\" }");
  g_autoptr(XqVerdict) v = check_move (first (file), mv ("a1e1"));

  g_assert_cmpint (v->kind, ==, XQ_VERDICT_CORRECT);
  g_assert_true (xq_lesson_marks_has (&v->marks, XQ_LESSON_MARK_ARROW, XQ_LESSON_ROLE_ATTACK, sq ("e1"), sq ("e9")));
  g_assert_true (xq_lesson_marks_has (&v->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_SCREEN, sq ("e5"), XQ_NO_SQUARE));
}

/* ---- Stars ----------------------------------------------------------------- */

static void
test_stars (void)
{
  /* A chariot on a0, stars on a7 and g7; a soldier on a3 is in the way, so
   * the best walk is four moves (computed: a0-b0-b7-a7-g7 or similar). */
  g_autoptr(XqLessonFile) file = load_exercise (
    "{ \"id\": \"s\", \"kind\": \"stars\", \"prompt\": \"P\", \"square\": \"a0\", \"stars\": [ \"a7\", \"g7\" ],"
    "  \"fen\": \"3k5/9/9/9/9/9/P8/9/9/R3K4 w - - 0 1\" }");
  XqExercise *ex = first (file);
  XqMove best[] = { mv ("a0b0"), mv ("b0b7"), mv ("b7a7"), mv ("a7g7") };
  XqMove slow[] = { mv ("a0b0"), mv ("b0b7"), mv ("b7a7"), mv ("a7a8"), mv ("a8a7"), mv ("a7g7") };
  XqMove slower[] = { mv ("a0b0"), mv ("b0b7"), mv ("b7a7"), mv ("a7a8"), mv ("a8a7"), mv ("a7a8"), mv ("a8a7"), mv ("a7g7") };
  XqMove jump[] = { mv ("a0a7") };
  XqMove other[] = { mv ("e0e1") };
  g_autoptr(XqVerdict) v3 = NULL;
  g_autoptr(XqVerdict) v2 = NULL;
  g_autoptr(XqVerdict) v1 = NULL;
  g_autoptr(XqVerdict) partial = NULL;
  g_autoptr(XqVerdict) illegal = NULL;
  g_autoptr(XqVerdict) wrong_piece = NULL;

  g_assert_cmpint (answer_of (ex).count, ==, 4);
  v3 = check_line (ex, best, 4);
  g_assert_cmpint (v3->kind, ==, XQ_VERDICT_CORRECT);
  g_assert_cmpint (v3->stars, ==, 3);
  v2 = check_line (ex, slow, 6);
  g_assert_cmpint (v2->kind, ==, XQ_VERDICT_CORRECT);
  g_assert_cmpint (v2->stars, ==, 2);
  v1 = check_line (ex, slower, 8);
  g_assert_cmpint (v1->stars, ==, 1);
  partial = check_line (ex, best, 3);
  g_assert_cmpint (partial->kind, ==, XQ_VERDICT_INCOMPLETE);
  /* Only the star on g7 is left to collect. */
  g_assert_cmpint (partial->marks.n_marks, ==, 1);
  g_assert_true (xq_lesson_marks_has (&partial->marks, XQ_LESSON_MARK_STAR, XQ_LESSON_ROLE_STAR, sq ("g7"), XQ_NO_SQUARE));
  illegal = check_line (ex, jump, 1);
  g_assert_cmpint (illegal->kind, ==, XQ_VERDICT_ILLEGAL);
  g_assert_true (xq_lesson_marks_has (&illegal->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_BLOCKER, sq ("a3"), XQ_NO_SQUARE));
  wrong_piece = check_line (ex, other, 1);
  g_assert_cmpint (wrong_piece->kind, ==, XQ_VERDICT_ILLEGAL);
}

/* ---- Set up ---------------------------------------------------------------- */

static void
test_setup (void)
{
  /* The start position with the red horses missing. */
  g_autoptr(XqLessonFile) file = load_exercise (
    "{ \"id\": \"u\", \"kind\": \"setup\", \"prompt\": \"P\","
    "  \"fen\": \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKAB1R w - - 0 1\" }");
  XqExercise *ex = first (file);
  XqPiece board[XQ_SQUARES];
  XqPiece horse = xq_piece_make (XQ_RED, XQ_HORSE);
  g_autoptr(XqVerdict) missing = NULL;
  g_autoptr(XqVerdict) wrong = NULL;
  g_autoptr(XqVerdict) done = NULL;
  g_autoptr(XqVerdict) piece_ok = NULL;
  g_autoptr(XqVerdict) piece_bad = NULL;

  memcpy (board, ex->position.board, sizeof board);
  missing = check_setup (ex, board);
  g_assert_cmpint (missing->kind, ==, XQ_VERDICT_INCOMPLETE);
  g_assert_true (xq_lesson_marks_has (&missing->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_MISSING, sq ("b0"), XQ_NO_SQUARE));

  board[sq ("b1")] = horse;
  wrong = check_setup (ex, board);
  g_assert_cmpint (wrong->kind, ==, XQ_VERDICT_WRONG);
  g_assert_true (xq_lesson_marks_has (&wrong->marks, XQ_LESSON_MARK_CROSS, XQ_LESSON_ROLE_WRONG, sq ("b1"), XQ_NO_SQUARE));

  board[sq ("b1")] = XQ_EMPTY;
  board[sq ("b0")] = horse;
  board[sq ("h0")] = horse;
  done = check_setup (ex, board);
  g_assert_cmpint (done->kind, ==, XQ_VERDICT_CORRECT);

  /* One piece at a time, from the tray: right so far, until the last. */
  {
    XqAttempt a;
    XqInput ok = { .type = XQ_INPUT_PLACE, .sq = sq ("h0"), .piece = horse };
    XqInput bad = { .type = XQ_INPUT_PLACE, .sq = sq ("a1"), .piece = horse };
    XqInput last = { .type = XQ_INPUT_PLACE, .sq = sq ("b0"), .piece = horse };
    g_autoptr(XqVerdict) finished = NULL;

    xq_attempt_init (&a, ex);
    g_assert_cmpint (a.tray[horse], ==, 2);
    piece_ok = xq_attempt_input (&a, &ok);
    g_assert_cmpint (piece_ok->kind, ==, XQ_VERDICT_INCOMPLETE);
    g_assert_cmpstr (piece_ok->message, ==, "Yes, that piece goes there.");
    g_assert_true (xq_lesson_marks_has (&piece_ok->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_CORRECT, sq ("h0"), XQ_NO_SQUARE));
    g_assert_cmpint (a.board[sq ("h0")], ==, horse);
    piece_bad = xq_attempt_input (&a, &bad);
    g_assert_cmpint (piece_bad->kind, ==, XQ_VERDICT_WRONG);
    g_assert_cmpint (a.board[sq ("a1")], ==, XQ_EMPTY);
    g_assert_cmpint (a.wrong, ==, 1);
    /* Per-piece feedback points at both homes of the horse. */
    g_assert_true (xq_lesson_marks_has (&piece_bad->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_MISSING, sq ("b0"), XQ_NO_SQUARE));
    g_assert_true (xq_lesson_marks_has (&piece_bad->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_MISSING, sq ("h0"), XQ_NO_SQUARE));
    finished = xq_attempt_input (&a, &last);
    g_assert_cmpint (finished->kind, ==, XQ_VERDICT_CORRECT);
    g_assert_true (a.solved);
    g_assert_cmpint (a.stars, ==, 2);
    xq_attempt_clear (&a);
  }
}

/* ---- Choose ---------------------------------------------------------------- */

typedef struct {
  const char *name;
  const char *json;   /* rule, fen, moves, choices */
  const char *right;
  const char *wrong;
} ChooseCase;

#define STATUS_CHOICES "\"choices\": [ {\"id\":\"check\",\"text\":\"a\"}, {\"id\":\"checkmate\",\"text\":\"b\"}, {\"id\":\"stalemate\",\"text\":\"c\"}, {\"id\":\"none\",\"text\":\"d\"} ]"
#define WINNER_CHOICES "\"choices\": [ {\"id\":\"red\",\"text\":\"a\"}, {\"id\":\"black\",\"text\":\"b\"}, {\"id\":\"draw\",\"text\":\"c\"}, {\"id\":\"none\",\"text\":\"d\"} ]"
#define TRADE_CHOICES "\"choices\": [ {\"id\":\"good\",\"text\":\"a\"}, {\"id\":\"even\",\"text\":\"b\"}, {\"id\":\"bad\",\"text\":\"c\"} ]"
#define LEGAL_CHOICES "\"choices\": [ {\"id\":\"yes\",\"text\":\"a\"}, {\"id\":\"no\",\"text\":\"b\"} ]"

static const ChooseCase choose_cases[] = {
  { "fixed", "\"answer\": \"b\", \"choices\": [ {\"id\":\"a\",\"text\":\"A\"}, {\"id\":\"b\",\"text\":\"B\"} ]", "b", "a" },
  { "status-check", "\"rule\": \"status\", \"fen\": \"5k3/9/9/9/4r4/9/9/9/9/4K4 w - - 0 1\", " STATUS_CHOICES, "check", "checkmate" },
  { "status-mate", "\"rule\": \"status\", \"fen\": \"5k3/9/4r4/9/3r5/9/9/9/9/3K5 w - - 0 1\", " STATUS_CHOICES, "checkmate", "check" },
  { "status-stalemate", "\"rule\": \"status\", \"fen\": \"5k3/9/4r4/9/9/9/9/9/r8/3K5 w - - 0 1\", " STATUS_CHOICES, "stalemate", "none" },
  { "status-none", "\"rule\": \"status\", " STATUS_CHOICES, "none", "stalemate" },
  { "winner-stalemate", "\"rule\": \"winner\", \"fen\": \"5k3/9/4r4/9/9/9/9/9/r8/3K5 w - - 0 1\", " WINNER_CHOICES, "black", "draw" },
  { "winner-sixty", "\"rule\": \"winner\", \"fen\": \"3k4r/9/9/9/9/9/9/9/9/R3K4 w - - 120 80\", " WINNER_CHOICES, "draw", "none" },
  { "winner-none", "\"rule\": \"winner\", " WINNER_CHOICES, "none", "red" },
  { "trade-bad", "\"rule\": \"trade\", \"fen\": \"1n2k4/9/c8/9/R8/9/9/9/9/3K5 w - - 0 1\", \"moves\": [\"a5a7\", \"b9a7\"], " TRADE_CHOICES, "bad", "good" },
  { "trade-good", "\"rule\": \"trade\", \"fen\": \"5k3/1r7/9/2n6/1N7/9/9/1C7/9/3K5 w - - 0 1\", \"moves\": [\"b2b8\", \"c6b8\"], " TRADE_CHOICES, "good", "even" },
  { "legal-no", "\"rule\": \"legal\", \"moves\": [\"b0d1\"], " LEGAL_CHOICES, "no", "yes" },
  { "legal-yes", "\"rule\": \"legal\", \"moves\": [\"b0c2\"], " LEGAL_CHOICES, "yes", "no" },
  { "material", "\"rule\": \"material\", \"side\": \"red\", \"choices\": [ {\"id\":\"48\",\"text\":\"48\"}, {\"id\":\"45.5\",\"text\":\"45.5\"} ]", "48", "45.5" },
};

static void
test_choose (gconstpointer data)
{
  const ChooseCase *c = data;
  g_autofree char *json = g_strdup_printf ("{ \"id\": \"c\", \"kind\": \"choose\", \"prompt\": \"P\", %s }", c->json);
  g_autoptr(XqLessonFile) file = load_exercise (json);
  XqExercise *ex = first (file);
  g_autoptr(XqVerdict) right = check_choose (ex, c->right);
  g_autoptr(XqVerdict) wrong = check_choose (ex, c->wrong);

  g_assert_cmpstr (answer_of (ex).choice, ==, c->right);
  g_assert_cmpint (right->kind, ==, XQ_VERDICT_CORRECT);
  g_assert_nonnull (right->message);
  g_assert_cmpint (wrong->kind, ==, XQ_VERDICT_WRONG);
}

static void
test_choose_explains (void)
{
  g_autoptr(XqLessonFile) file = load_exercise (
    "{ \"id\": \"c\", \"kind\": \"choose\", \"prompt\": \"P\", \"rule\": \"trade\","
    "  \"fen\": \"1n2k4/9/c8/9/R8/9/9/9/9/3K5 w - - 0 1\", \"moves\": [\"a5a7\", \"b9a7\"], " TRADE_CHOICES " }");
  g_autoptr(XqVerdict) v = check_choose (first (file), "bad");

  g_assert_cmpstr (v->message, ==, "You come out 4.5 points behind: a bad trade.");
  g_assert_true (xq_lesson_marks_has (&v->marks, XQ_LESSON_MARK_ARROW, XQ_LESSON_ROLE_MOVE, sq ("a5"), sq ("a7")));
  g_assert_true (xq_lesson_marks_has (&v->marks, XQ_LESSON_MARK_ARROW, XQ_LESSON_ROLE_ATTACK, sq ("b9"), sq ("a7")));

  /* Issue 31: a first wrong pick gets this trade's own sum, not the value
   * table; which total is bigger is left to the child. */
  {
    XqInput good = { .type = XQ_INPUT_CHOOSE, .sq = XQ_NO_SQUARE, .move = XQ_MOVE_NONE, .choice = "good" };
    XqAttempt a;
    XqVerdict *w;

    xq_attempt_init (&a, first (file));
    w = xq_attempt_input (&a, &good);
    g_assert_cmpint (w->kind, ==, XQ_VERDICT_WRONG);
    g_assert_nonnull (strstr (w->message, "Red takes: cannon 4.5 (total 4.5). Black takes: chariot 9 (total 9)."));
    g_assert_null (strstr (w->message, "advisor and elephant 2"));
    g_assert_null (strstr (w->message, "a bad trade"));
    xq_verdict_free (w);
    xq_attempt_clear (&a);
  }
}


/* The values a wrong pick is told to add up come from the one value table
 * (xq-material.h), not from a sentence that restates it (issue 34). */
static void
test_choose_material_values (void)
{
  static const XqPieceType types[] = { XQ_CHARIOT, XQ_CANNON, XQ_HORSE, XQ_ADVISOR, XQ_ELEPHANT, XQ_PAWN };
  g_autoptr(XqLessonFile) file = load_exercise (
    "{ \"id\": \"c\", \"kind\": \"choose\", \"prompt\": \"P\", \"rule\": \"material\", \"side\": \"black\","
    "  \"choices\": [ {\"id\":\"48\",\"text\":\"48\"}, {\"id\":\"45.5\",\"text\":\"45.5\"} ] }");
  XqInput wrong = { .type = XQ_INPUT_CHOOSE, .sq = XQ_NO_SQUARE, .move = XQ_MOVE_NONE, .choice = "45.5" };
  XqAttempt a;
  XqVerdict *w;

  xq_attempt_init (&a, first (file));
  w = xq_attempt_input (&a, &wrong);
  g_assert_cmpint (w->kind, ==, XQ_VERDICT_WRONG);
  g_test_message ("%s", w->message);
  g_assert_true (g_str_has_prefix (w->message, "Add up the values of the marked Black pieces: "));
  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    {
      XqPiece piece = xq_piece_make (XQ_BLACK, types[i]);
      g_autofree char *want = g_strdup_printf ("%s %g", xq_answer_piece_word (piece),
                                               xq_material_type_value (types[i], FALSE) / 10.0);
      g_autofree char *across = g_strdup_printf ("(%g across the river)", xq_material_type_value (types[i], TRUE) / 10.0);

      g_assert_nonnull (strstr (w->message, want));
      if (xq_material_type_value (types[i], TRUE) != xq_material_type_value (types[i], FALSE))
        g_assert_nonnull (strstr (w->message, across));
    }
  xq_verdict_free (w);
  xq_attempt_clear (&a);
}

static XqVerdict *
pick (XqAttempt *a, const char *id)
{
  XqInput in = { .type = XQ_INPUT_CHOOSE, .sq = XQ_NO_SQUARE, .move = XQ_MOVE_NONE, .choice = id };
  return xq_attempt_input (a, &in);
}

/* A wrong "Yes" on the legality question gets the rule at once, pointed at
 * with the piece and its move in neutral marks: no red arrow, no cross, no
 * "No" before the retry.  The right pick then gives the full reason. */
static void
test_choose_legal_retry (void)
{
  /* The horse on b0 with its leg b1 blocked by a red cannon. */
  g_autoptr(XqLessonFile) file = load_exercise (
    "{ \"id\": \"c\", \"kind\": \"choose\", \"prompt\": \"P\", \"rule\": \"legal\","
    "  \"fen\": \"3k5/9/9/9/9/9/9/9/1C7/1N2K4 w - - 0 1\", \"moves\": [\"b0c2\"], " LEGAL_CHOICES " }");
  g_autoptr(XqVerdict) wrong = NULL;
  g_autoptr(XqVerdict) right = NULL;
  XqAttempt a;

  xq_attempt_init (&a, first (file));
  g_assert_cmpstr (answer_of (first (file)).choice, ==, "no");
  wrong = pick (&a, "yes");
  g_assert_cmpint (wrong->kind, ==, XQ_VERDICT_WRONG);
  g_assert_cmpstr (wrong->message, ==, xq_lesson_reason_rule (XQ_ILLEGAL_HORSE_LEG, XQ_HORSE));
  g_assert_true (xq_lesson_marks_has (&wrong->marks, XQ_LESSON_MARK_ARROW, XQ_LESSON_ROLE_MOVE, sq ("b0"), sq ("c2")));
  g_assert_false (has_role (&wrong->marks, XQ_LESSON_ROLE_WRONG));
  g_assert_false (has_role (&wrong->marks, XQ_LESSON_ROLE_CORRECT));
  g_assert_false (has_role (&wrong->marks, XQ_LESSON_ROLE_BLOCKER));
  right = pick (&a, "no");
  g_assert_cmpint (right->kind, ==, XQ_VERDICT_CORRECT);
  g_assert_nonnull (strstr (right->message, "leg is blocked"));
  g_assert_true (xq_lesson_marks_has (&right->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_BLOCKER, sq ("b1"), XQ_NO_SQUARE));
  g_assert_cmpint (a.stars, ==, 2);
  xq_attempt_clear (&a);
}

/* With more choices: the first wrong pick says what the picked word means
 * (not the answer), the last try gives the answer and its reason. */
static void
test_choose_last_try (void)
{
  g_autoptr(XqLessonFile) file = load_exercise (
    "{ \"id\": \"c\", \"kind\": \"choose\", \"prompt\": \"P\", \"rule\": \"status\","
    "  \"fen\": \"5k3/9/9/9/4r4/9/9/9/9/4K4 w - - 0 1\", \"choices\": [ {\"id\":\"check\",\"text\":\"Check\"},"
    "  {\"id\":\"checkmate\",\"text\":\"Checkmate\"}, {\"id\":\"stalemate\",\"text\":\"Stalemate\"}, {\"id\":\"none\",\"text\":\"None\"} ] }");
  g_autoptr(XqLessonFile) fixed = load_exercise (
    "{ \"id\": \"c\", \"kind\": \"choose\", \"prompt\": \"How many?\", \"hints\": [ \"Nine times ten.\" ], \"answer\": \"90\","
    "  \"choices\": [ {\"id\":\"81\",\"text\":\"81\"}, {\"id\":\"90\",\"text\":\"90\"}, {\"id\":\"100\",\"text\":\"100\"} ] }");
  g_autoptr(XqVerdict) one = NULL;
  g_autoptr(XqVerdict) two = NULL;
  g_autoptr(XqVerdict) f1 = NULL;
  g_autoptr(XqVerdict) f2 = NULL;
  XqAttempt a;

  xq_attempt_init (&a, first (file));
  one = pick (&a, "checkmate");
  g_assert_true (g_str_has_prefix (one->message, "Checkmate means"));
  g_assert_null (strstr (one->message, "can still get out: check"));
  /* The general and the chariot attacking it are pointed at. */
  g_assert_true (xq_lesson_marks_has (&one->marks, XQ_LESSON_MARK_ARROW, XQ_LESSON_ROLE_ATTACK, sq ("e5"), sq ("e0")));
  two = pick (&a, "none");
  g_assert_cmpstr (two->message, ==, "The answer is “Check”. The general is attacked, but it can still get out: check.");
  xq_attempt_clear (&a);

  xq_attempt_init (&a, first (fixed));
  f1 = pick (&a, "81");
  g_assert_cmpstr (f1->message, ==, "Not “81”. Nine times ten.");
  f2 = pick (&a, "100");
  g_assert_cmpstr (f2->message, ==, "The answer is “90”. Nine times ten.");
  xq_attempt_clear (&a);
}

/* ---- Mate ------------------------------------------------------------------ */

static void
test_mate_in_one (void)
{
  /* Horse on e8 with the cannon coming to the e-file behind it: 馬後炮. */
  g_autoptr(XqLessonFile) file = load_exercise (
    "{ \"id\": \"k\", \"kind\": \"mate\", \"prompt\": \"P\", \"mate-in\": 1,"
    "  \"fen\": \"4k4/9/4N4/9/9/9/9/C8/9/3K5 w - - 0 1\" }");
  XqExercise *ex = first (file);
  XqMove right = mv ("a2e2"), wrong = mv ("a2a9"), illegal = mv ("e7e5");
  g_autoptr(XqVerdict) ok = check_line (ex, &right, 1);
  g_autoptr(XqVerdict) bad = check_line (ex, &wrong, 1);
  g_autoptr(XqVerdict) ill = check_line (ex, &illegal, 1);

  g_assert_cmpint (ok->kind, ==, XQ_VERDICT_CORRECT);
  g_assert_true (xq_lesson_marks_has (&ok->marks, XQ_LESSON_MARK_ARROW, XQ_LESSON_ROLE_ATTACK, sq ("e2"), sq ("e9")));
  g_assert_true (xq_lesson_marks_has (&ok->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_SCREEN, sq ("e7"), XQ_NO_SQUARE));
  g_assert_cmpint (bad->kind, ==, XQ_VERDICT_WRONG);
  g_assert_cmpint (ill->kind, ==, XQ_VERDICT_ILLEGAL);
}

static void
test_mate_in_two (void)
{
  /* Two chariots need two moves; the checker follows the line move by
   * move and answers with the defender's most stubborn reply. */
  XqPosition pos;
  XqMove line[3];
  g_autoptr(XqVerdict) step = NULL;
  g_autoptr(XqVerdict) done = NULL;
  g_autoptr(XqVerdict) bad = NULL;
  XqMove first_move = XQ_MOVE_NONE;
  XqSolution sol;
  g_autoptr(XqSolver) solver = xq_solver_new ();

  g_assert_true (xq_position_set_fen (&pos, "4k4/9/9/9/9/9/9/9/R8/1R1K5 w - - 0 1", NULL));
  g_assert_cmpint (xq_solver_solve (solver, &pos, 2, &sol), ==, XQ_SOLVE_MATE);
  g_assert_cmpint (sol.mate, ==, 2);
  first_move = sol.keys[0];

  line[0] = first_move;
  step = xq_check_mate (&pos, 2, line, 1);
  g_assert_cmpint (step->kind, ==, XQ_VERDICT_INCOMPLETE);
  g_assert_cmpint (step->reply, !=, XQ_MOVE_NONE);
  line[1] = step->reply;
  {
    /* Find the mating second move by trying them all. */
    XqPosition after = pos;
    XqUndo u1, u2;
    XqMove moves[XQ_MAX_MOVES];
    int n;
    xq_position_do_move (&after, line[0], &u1);
    xq_position_do_move (&after, line[1], &u2);
    n = xq_position_legal_moves (&after, moves);
    line[2] = XQ_MOVE_NONE;
    for (int i = 0; i < n && line[2] == XQ_MOVE_NONE; i++)
      {
        XqUndo u3;
        xq_position_do_move (&after, moves[i], &u3);
        if (!xq_position_has_legal_move (&after))
          line[2] = moves[i];
        xq_position_undo_move (&after, moves[i], &u3);
      }
  }
  g_assert_cmpint (line[2], !=, XQ_MOVE_NONE);
  done = xq_check_mate (&pos, 2, line, 3);
  g_assert_cmpint (done->kind, ==, XQ_VERDICT_CORRECT);

  /* A quiet first move that lets the general breathe is wrong. */
  line[0] = mv ("d0d1");
  bad = xq_check_mate (&pos, 2, line, 1);
  g_assert_cmpint (bad->kind, ==, XQ_VERDICT_WRONG);
  /* Issue 31: the escape is shown on the board, as the Puzzles page shows
   * it: an arrow of the defender's move after which no mate in one is
   * left, and words that say which piece gets out. */
  {
    XqPosition after = pos;
    XqUndo u1, u2;
    XqMove escape = XQ_MOVE_NONE;
    XqSolution none;

    xq_position_do_move (&after, line[0], &u1);
    for (int i = 0; i < bad->marks.n_marks; i++)
      if (bad->marks.marks[i].kind == XQ_LESSON_MARK_ARROW && bad->marks.marks[i].role == XQ_LESSON_ROLE_MOVE)
        escape = xq_move_make (bad->marks.marks[i].sq, bad->marks.marks[i].to);
    g_assert_cmpint (escape, !=, XQ_MOVE_NONE);
    g_assert_true (xq_position_is_legal (&after, escape));
    xq_position_do_move (&after, escape, &u2);
    g_assert_cmpint (xq_solver_solve (solver, &after, 1, &none), !=, XQ_SOLVE_MATE);
    g_assert_nonnull (strstr (bad->message, "see the arrow"));
    g_assert_true (xq_lesson_marks_has (&bad->marks, XQ_LESSON_MARK_ARROW, XQ_LESSON_ROLE_WRONG,
                                        xq_move_from (line[0]), xq_move_to (line[0])));
  }
}

static void
test_stars_for (void)
{
  g_assert_cmpint (xq_lesson_stars_for (0, 0), ==, 3);
  g_assert_cmpint (xq_lesson_stars_for (1, 0), ==, 2);
  g_assert_cmpint (xq_lesson_stars_for (0, 1), ==, 2);
  g_assert_cmpint (xq_lesson_stars_for (5, 3), ==, 1);
}

/* ---- Protection (tap hanging, move defend and win-material, choose
 * defended) ---------------------------------------------------------------- */

#define FEN_FREE_HORSE  "r4k3/9/4n4/9/9/c3R4/9/9/9/3K5 w - - 0 1"
#define FEN_PINNED_ROOT "4k4/6n2/3nr4/9/2N6/9/9/4R4/9/3K5 w - - 0 1"
#define FEN_LEAVE       "1r1kr4/9/9/4P2R1/9/1N7/9/9/9/5K3 w - - 0 1"
#define FEN_CHEAPER     "5k3/9/2n6/9/3R5/9/4N4/9/9/4K4 w - - 0 1"
#define FEN_SAVE        "3k5/2r6/9/9/9/2N6/9/9/9/4K2R1 w - - 0 1"
#define FEN_HANG_RED    "3k5/3r2N2/1n7/9/R1P1c4/9/3RP4/5N3/4A4/4K4 w - - 0 1"

static XqLessonFile *
load_move (const char *goal, const char *fen, const char *extra)
{
  g_autofree char *json = g_strdup_printf (
    "{ \"id\": \"m\", \"kind\": \"move\", \"prompt\": \"P\", \"goal\": \"%s\", \"fen\": \"%s\" %s }",
    goal, fen, extra);
  return load_exercise (json);
}

/* The first problem the loader reports for one exercise, formatted. */
static char *
load_problem (const char *exercise_json)
{
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  g_autofree char *doc = g_strdup_printf (
    "{ \"format\": 1, \"type\": \"unit\", \"id\": \"t\", \"number\": 1, \"title\": \"T\","
    "  \"pages\": [ { \"text\": \"P\" } ], \"exercises\": [ %s ] }", exercise_json);
  g_autoptr(XqLessonFile) file = xq_lesson_load_data (doc, -1, "test.json", problems);

  g_assert_null (file);
  g_assert_cmpuint (problems->len, >=, 1);
  return xq_lesson_problem_format (g_ptr_array_index (problems, 0));
}

static void
test_win_material (void)
{
  g_autoptr(XqLessonFile) free_horse = load_move ("win-material", FEN_FREE_HORSE, "");
  g_autoptr(XqLessonFile) pinned = load_move ("win-material", FEN_PINNED_ROOT, "");
  g_autoptr(XqVerdict) right = check_move (first (free_horse), mv ("e4e7"));
  g_autoptr(XqVerdict) lose = check_move (first (free_horse), mv ("e4a4"));
  g_autoptr(XqVerdict) quiet = check_move (first (free_horse), mv ("e4e5"));
  g_autoptr(XqVerdict) trade = check_move (first (pinned), mv ("e2e7"));
  g_autoptr(XqVerdict) through_pin = check_move (first (pinned), mv ("c5d7"));
  g_autofree char *none = NULL;

  g_assert_cmpint (right->kind, ==, XQ_VERDICT_CORRECT);
  g_assert_cmpstr (right->message, ==, "Well done! Nothing defends the Black horse on e7, so you win it for nothing.");
  /* The wrong capture names its defender and draws it. */
  g_assert_cmpint (lose->kind, ==, XQ_VERDICT_WRONG);
  g_assert_cmpstr (lose->message, ==,
                   "The Black cannon on a4 is defended by the Black chariot on a9: it takes back, and you lose 4.5 points.");
  g_assert_true (xq_lesson_marks_has (&lose->marks, XQ_LESSON_MARK_ARROW, XQ_LESSON_ROLE_ATTACK, sq ("a9"), sq ("a4")));
  g_assert_cmpint (quiet->kind, ==, XQ_VERDICT_WRONG);
  g_assert_cmpstr (quiet->message, ==, "That move does not capture anything.");
  g_assert_cmpint (trade->kind, ==, XQ_VERDICT_WRONG);
  g_assert_cmpstr (trade->message, ==,
                   "The Black chariot on e7 is defended by the Black horse on g8: it takes back, and you have only traded.");
  /* The black chariot e7 "defends" d7 only if it may leave its general's
   * file: it may not, so the horse d7 is free. */
  g_assert_cmpint (through_pin->kind, ==, XQ_VERDICT_CORRECT);
  /* No capture that wins: the exercise does not load. */
  none = load_problem ("{ \"id\": \"m\", \"kind\": \"move\", \"prompt\": \"P\", \"goal\": \"win-material\","
                       "  \"fen\": \"r4k3/9/9/9/9/c3R4/9/9/9/3K5 w - - 0 1\" }");
  g_assert_cmpstr (none, ==, "test.json: $.exercises[0]: no legal move reaches the goal “win-material”");
}


/* win-material-in: the core's search decides (docs/tactics.md).  The horse
 * fork h6g8 (check and the chariot i9) wins 9 points in two moves; the
 * obvious-looking capture of the cannon on b7 is taken back; the verdicts
 * name the best defence and draw it; a gain no move reaches does not load. */
#define FEN_TACTIC_FORK "rnbakab1r/9/1c7/p1p1p1pNp/9/9/P1P1P1P1P/1C7/9/R1BAKAB2 w - - 0 1"

static void
test_win_material_in (void)
{
  g_autoptr(XqLessonFile) file = load_move ("win-material-in", FEN_TACTIC_FORK, ", \"gain\": 8, \"in\": 2");
  g_autoptr(XqVerdict) right = check_move (first (file), mv ("h6g8"));
  g_autoptr(XqVerdict) loses = check_move (first (file), mv ("b2b9"));
  g_autoptr(XqVerdict) idle = check_move (first (file), mv ("e0e1"));
  g_autofree char *key = NULL, *too_much = NULL, *stray = NULL;
  XqAttempt a;
  g_autoptr(XqHint) h3 = NULL;

  g_assert_cmpint (right->kind, ==, XQ_VERDICT_CORRECT);
  g_assert_cmpstr (right->message, ==,
                   "Well done! The best defence is the Black general on e9 to e8, and still you win 9 points.");
  g_assert_true (xq_lesson_marks_has (&right->marks, XQ_LESSON_MARK_ARROW, XQ_LESSON_ROLE_ATTACK, sq ("e9"), sq ("e8")));
  g_assert_true (xq_lesson_marks_has (&right->marks, XQ_LESSON_MARK_ARROW, XQ_LESSON_ROLE_MOVE, sq ("g8"), sq ("i9")));
  /* The obvious capture: the cannon takes the horse on b9 over the
   * cannon b7, and the chariot on a9 takes it back. */
  g_assert_cmpint (loses->kind, ==, XQ_VERDICT_WRONG);
  g_assert_cmpstr (loses->message, ==,
                   "That loses material: the Black chariot on a9 answers to b9, and you end 0.5 points down.");
  g_assert_true (xq_lesson_marks_has (&loses->marks, XQ_LESSON_MARK_ARROW, XQ_LESSON_ROLE_ATTACK, sq ("a9"), sq ("b9")));
  g_assert_cmpint (idle->kind, ==, XQ_VERDICT_WRONG);
  g_assert_true (g_str_has_prefix (idle->message, "Not enough: the Black "));
  g_assert_true (g_str_has_suffix (idle->message, "and you win only 0 points, not 8."));
  g_assert_cmpint (idle->marks.n_marks, >=, 2);
  /* The hint and the answer key come from the proved moves. */
  xq_attempt_init (&a, first (file));
  h3 = xq_attempt_hint (&a, 3);
  g_assert_true (xq_lesson_marks_has (&h3->marks, XQ_LESSON_MARK_ARROW, XQ_LESSON_ROLE_MOVE, sq ("h6"), sq ("g8")));
  xq_attempt_clear (&a);
  key = xq_exercise_answer_key (first (file), NULL);
  g_assert_nonnull (key);
  g_assert_null (strstr (key, "/"));
  /* 10 points is more than the fork wins: the file does not load. */
  too_much = load_problem ("{ \"id\": \"m\", \"kind\": \"move\", \"prompt\": \"P\", \"goal\": \"win-material-in\","
                           "  \"gain\": 10, \"in\": 2, \"fen\": \"" FEN_TACTIC_FORK "\" }");
  g_assert_cmpstr (too_much, ==, "test.json: $.exercises[0].gain: no first move wins 10 points in 2 moves "
                                 "against every defence: the most is 9");
  stray = load_problem ("{ \"id\": \"m\", \"kind\": \"move\", \"prompt\": \"P\", \"goal\": \"capture\","
                        "  \"gain\": 4, \"fen\": \"" FEN_TACTIC_FORK "\" }");
  g_assert_nonnull (strstr (stray, "“gain” belongs only to the goal “win-material-in”"));
}

/* check-in: the core's search decides which first moves force a check
 * within "in" moves whatever the defence (docs/tactics.md).  The Black
 * general on e9 is boxed in; the chariot's climb to a8 threatens e8 and
 * the rank, and nothing stops both; a0a1 threatens only e1, and the
 * advisor's step to e8 shuts the file.  A check in fewer moves, no check
 * at all, and a stray "gain" do not load. */
#define FEN_CHECK_IN_TWO "2bakab2/9/9/9/9/9/9/9/9/R2K5 w - - 0 1"

static void
test_check_in (void)
{
  g_autoptr(XqLessonFile) file = load_move ("check-in", FEN_CHECK_IN_TWO, ", \"in\": 2");
  g_autoptr(XqVerdict) right = check_move (first (file), mv ("a0a8"));
  g_autoptr(XqVerdict) slow = check_move (first (file), mv ("a0a1"));
  g_autofree char *key = NULL, *sooner = NULL, *never = NULL, *stray = NULL;
  XqAttempt a;
  g_autoptr(XqHint) h3 = NULL;

  g_assert_cmpint (right->kind, ==, XQ_VERDICT_CORRECT);
  g_test_message ("%s / %s", right->message, slow->message);
  g_assert_true (g_str_has_prefix (right->message, "Well done! Whatever the defence, you check next move: against the best one, the Black "));
  g_assert_true (g_str_has_suffix (right->message, " gives check."));
  g_assert_cmpint (right->marks.n_marks, >=, 3);
  g_assert_cmpint (slow->kind, ==, XQ_VERDICT_WRONG);
  g_assert_true (g_str_has_prefix (slow->message, "Not yet: the Black "));
  g_assert_true (g_str_has_suffix (slow->message, ", and then you have no check."));
  g_assert_cmpint (slow->marks.n_marks, >=, 2);
  xq_attempt_init (&a, first (file));
  h3 = xq_attempt_hint (&a, 3);
  g_assert_true (xq_lesson_marks_has (&h3->marks, XQ_LESSON_MARK_ARROW, XQ_LESSON_ROLE_MOVE, sq ("a0"), sq ("a8")));
  xq_attempt_clear (&a);
  key = xq_exercise_answer_key (first (file), NULL);
  g_assert_nonnull (key);
  g_assert_null (strstr (key, "/"));
  /* The chariot on a5 gives check at once (to a9, or to e5): a check in
   * one is not a check in two. */
  sooner = load_problem ("{ \"id\": \"m\", \"kind\": \"move\", \"prompt\": \"P\", \"goal\": \"check-in\","
                         "  \"in\": 2, \"fen\": \"4k4/9/9/9/R8/9/9/9/9/3K5 w - - 0 1\" }");
  g_assert_cmpstr (sooner, ==, "test.json: $.exercises[0].in: a check comes sooner: in 1 move against every defence");
  /* A lone horse in the corner is three jumps from any check. */
  never = load_problem ("{ \"id\": \"m\", \"kind\": \"move\", \"prompt\": \"P\", \"goal\": \"check-in\","
                        "  \"in\": 2, \"fen\": \"4k4/9/9/9/9/9/9/9/9/N2K5 w - - 0 1\" }");
  g_assert_cmpstr (never, ==, "test.json: $.exercises[0].in: no first move forces a check in 2 moves against every defence");
  stray = load_problem ("{ \"id\": \"m\", \"kind\": \"move\", \"prompt\": \"P\", \"goal\": \"check-in\","
                        "  \"in\": 2, \"gain\": 4, \"fen\": \"" FEN_CHECK_IN_TWO "\" }");
  g_assert_nonnull (strstr (stray, "“gain” belongs only to the goal “win-material-in”"));
}

static void
test_defend (void)
{
  g_autoptr(XqLessonFile) leave = load_move ("defend", FEN_LEAVE, ", \"square\": \"b4\"");
  g_autoptr(XqLessonFile) cheaper = load_move ("defend", FEN_CHEAPER, ", \"square\": \"d5\"");
  g_autoptr(XqLessonFile) save = load_move ("defend", FEN_SAVE, ", \"square\": \"c4\"");
  g_autoptr(XqVerdict) leaves = check_move (first (leave), mv ("h6h4"));
  g_autoptr(XqVerdict) runs = check_move (first (leave), mv ("b4d5"));
  g_autoptr(XqVerdict) guarded = check_move (first (cheaper), mv ("e0d0"));
  g_autoptr(XqVerdict) away = check_move (first (cheaper), mv ("d5d2"));
  g_autoptr(XqVerdict) defended = check_move (first (save), mv ("h0h4"));
  g_autoptr(XqVerdict) idle = check_move (first (save), mv ("e0e1"));
  g_autofree char *safe = NULL, *general = NULL;

  /* Defending the horse with the chariot leaves the soldier e6. */
  g_assert_cmpint (leaves->kind, ==, XQ_VERDICT_WRONG);
  g_assert_cmpstr (leaves->message, ==,
                   "That saves one piece but leaves another: the Black chariot on e9 can take the Red soldier on e6 and nothing takes back.");
  g_assert_true (xq_lesson_marks_has (&leaves->marks, XQ_LESSON_MARK_ARROW, XQ_LESSON_ROLE_ATTACK, sq ("e9"), sq ("e6")));
  g_assert_cmpint (runs->kind, ==, XQ_VERDICT_CORRECT);
  g_assert_cmpstr (runs->message, ==, "Safe! The Red horse on d5 has moved out of reach.");
  /* A defended chariot attacked by a horse is still in danger. */
  g_assert_cmpint (guarded->kind, ==, XQ_VERDICT_WRONG);
  g_assert_cmpstr (guarded->message, ==,
                   "The Red chariot on d5 is still in danger: the Black horse on c7 is worth less and can take it.");
  g_assert_cmpint (away->kind, ==, XQ_VERDICT_CORRECT);
  g_assert_cmpint (defended->kind, ==, XQ_VERDICT_CORRECT);
  g_assert_cmpstr (defended->message, ==,
                   "Safe! The Red chariot on h4 defends the Red horse on c4 now: whatever takes it is taken back.");
  g_assert_true (xq_lesson_marks_has (&defended->marks, XQ_LESSON_MARK_ARROW, XQ_LESSON_ROLE_CORRECT, sq ("h4"), sq ("c4")));
  g_assert_cmpint (idle->kind, ==, XQ_VERDICT_WRONG);
  g_assert_cmpstr (idle->message, ==,
                   "The Red horse on c4 is still in danger: the Black chariot on c8 can take it and nothing takes back.");

  /* The piece to save must be in danger, and must not be the general. */
  safe = load_problem ("{ \"id\": \"m\", \"kind\": \"move\", \"prompt\": \"P\", \"goal\": \"defend\", \"square\": \"e4\","
                       "  \"fen\": \"5k3/9/9/9/9/4R4/9/9/9/3K5 w - - 0 1\" }");
  g_assert_cmpstr (safe, ==, "test.json: $.exercises[0].square: the piece on e4 is not in danger: "
                             "nothing can take it for nothing or for a cheaper piece");
  general = load_problem ("{ \"id\": \"m\", \"kind\": \"move\", \"prompt\": \"P\", \"goal\": \"defend\", \"square\": \"d0\","
                          "  \"fen\": \"5k3/9/9/9/9/4R4/9/9/9/3K5 w - - 0 1\" }");
  g_assert_nonnull (strstr (general, "$.exercises[0].square: the piece to save"));
}

/* The hint ladder of a computed move goal: the piece, its point, the move. */
static void
test_protection_hints (void)
{
  g_autoptr(XqLessonFile) file = load_move ("win-material", FEN_FREE_HORSE, "");
  XqAttempt a;
  g_autoptr(XqHint) h1 = NULL;
  g_autoptr(XqHint) h3 = NULL;

  xq_attempt_init (&a, first (file));
  h1 = xq_attempt_hint (&a, 1);
  h3 = xq_attempt_hint (&a, 3);
  g_assert_true (xq_lesson_marks_has (&h1->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_TARGET, sq ("e4"), XQ_NO_SQUARE));
  /* The only capture that wins, not the defended cannon. */
  g_assert_true (xq_lesson_marks_has (&h3->marks, XQ_LESSON_MARK_ARROW, XQ_LESSON_ROLE_MOVE, sq ("e4"), sq ("e7")));
  xq_attempt_clear (&a);
}

static void
test_tap_hanging (void)
{
  g_autoptr(XqLessonFile) file = load_exercise (
    "{ \"id\": \"a\", \"kind\": \"tap\", \"prompt\": \"P\", \"rule\": \"hanging\", \"side\": \"red\","
    "  \"fen\": \"" FEN_HANG_RED "\" }");
  XqExercise *ex = first (file);
  XqSquare right = sq ("a5"), tap;
  g_autoptr(XqVerdict) ok = check_tap (ex, &right, 1);
  g_autoptr(XqVerdict) advisor = NULL;
  g_autoptr(XqVerdict) pinned = NULL;
  g_autoptr(XqVerdict) general = NULL;
  g_autoptr(XqVerdict) black = NULL;
  g_autofree char *none = NULL;
  XqAttempt a;
  g_autoptr(XqHint) h2 = NULL;

  g_assert_cmpint (answer_of (ex).n_points, ==, 1);
  g_assert_cmpint (ok->kind, ==, XQ_VERDICT_CORRECT);
  g_assert_true (xq_lesson_marks_has (&ok->marks, XQ_LESSON_MARK_ARROW, XQ_LESSON_ROLE_ATTACK, sq ("b7"), sq ("a5")));
  /* The advisor e1 is attacked by the cannon, but the general takes back. */
  tap = sq ("e1");
  advisor = check_tap (ex, &tap, 1);
  g_assert_cmpint (advisor->kind, ==, XQ_VERDICT_WRONG);
  g_assert_true (g_str_has_prefix (advisor->message,
                                   "That piece is attacked, but it is defended: the Red general on e0 takes back."));
  g_assert_true (xq_lesson_marks_has (&advisor->marks, XQ_LESSON_MARK_ARROW, XQ_LESSON_ROLE_CORRECT, sq ("e0"), sq ("e1")));
  /* The horse g8: the chariot d8 is pinned and may not take it. */
  tap = sq ("g8");
  pinned = check_tap (ex, &tap, 1);
  g_assert_true (g_str_has_prefix (pinned->message, "No Black piece can capture the piece on that point now."));
  tap = sq ("e0");
  general = check_tap (ex, &tap, 1);
  g_assert_true (g_str_has_prefix (general->message, "The general is never left to be taken"));
  tap = sq ("b7");
  black = check_tap (ex, &tap, 1);
  g_assert_true (g_str_has_prefix (black->message, "That is a Black piece"));

  /* Hint rung 2 marks the one point. */
  xq_attempt_init (&a, ex);
  h2 = xq_attempt_hint (&a, 2);
  g_assert_true (xq_lesson_marks_has (&h2->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_MISSING, sq ("a5"), XQ_NO_SQUARE));
  xq_attempt_clear (&a);

  /* A first wrong try shows neither the missing pieces nor the arrows of
   * their attackers; the second does. */
  {
    g_autoptr(XqLessonFile) two = load_exercise (
      "{ \"id\": \"a\", \"kind\": \"tap\", \"prompt\": \"P\", \"rule\": \"hanging\", \"side\": \"black\","
      "  \"fen\": \"5k3/2c6/3n5/6p2/2b3p2/3R5/5N3/2C6/9/4K4 w - - 0 1\" }");
    XqAttempt b;
    XqInput in = { .type = XQ_INPUT_TAP, .sq = sq ("g5") };
    XqInput check = { .type = XQ_INPUT_CHECK };
    g_autoptr(XqVerdict) v1 = NULL;
    g_autoptr(XqVerdict) v2 = NULL;

    xq_attempt_init (&b, first (two));
    v1 = xq_attempt_input (&b, &in);
    g_clear_pointer (&v1, xq_verdict_free);
    v1 = xq_attempt_input (&b, &check);
    g_assert_cmpint (v1->kind, ==, XQ_VERDICT_WRONG);
    g_assert_true (g_str_has_prefix (v1->message, "That piece is attacked, but it is defended: the Black soldier on g6 takes back."));
    g_assert_false (xq_lesson_marks_has (&v1->marks, XQ_LESSON_MARK_ARROW, XQ_LESSON_ROLE_ATTACK, sq ("d4"), sq ("d7")));
    g_assert_false (xq_lesson_marks_has (&v1->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_MISSING, sq ("d7"), XQ_NO_SQUARE));
    g_clear_pointer (&v2, xq_verdict_free);
    v2 = xq_attempt_input (&b, &in);
    g_clear_pointer (&v2, xq_verdict_free);
    v2 = xq_attempt_input (&b, &check);
    g_assert_cmpint (v2->kind, ==, XQ_VERDICT_WRONG);
    g_assert_true (xq_lesson_marks_has (&v2->marks, XQ_LESSON_MARK_ARROW, XQ_LESSON_ROLE_ATTACK, sq ("d4"), sq ("d7")));
    g_assert_true (xq_lesson_marks_has (&v2->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_MISSING, sq ("c8"), XQ_NO_SQUARE));
    xq_attempt_clear (&b);
  }

  /* Nothing hanging: no exercise. */
  none = load_problem ("{ \"id\": \"a\", \"kind\": \"tap\", \"prompt\": \"P\", \"rule\": \"hanging\", \"side\": \"red\" }");
  g_assert_cmpstr (none, ==, "test.json: $.exercises[0]: the rules give no point to tap here");
}

static XqLessonFile *
load_defended (const char *fen, const char *square)
{
  g_autofree char *json = g_strdup_printf (
    "{ \"id\": \"c\", \"kind\": \"choose\", \"prompt\": \"P\", \"rule\": \"defended\", \"square\": \"%s\","
    "  \"fen\": \"%s\", \"choices\": [ { \"id\": \"yes\", \"text\": \"Yes\" }, { \"id\": \"no\", \"text\": \"No\" } ] }",
    square, fen);
  return load_exercise (json);
}

static void
test_choose_defended (void)
{
  g_autoptr(XqLessonFile) horse = load_defended ("3k5/4r4/9/9/4P4/2N6/9/9/9/5K3 w - - 0 1", "e5");
  g_autoptr(XqLessonFile) pinned = load_defended ("5k3/9/4r4/9/9/2n6/9/3NR4/9/4K4 w - - 0 1", "d2");
  g_autoptr(XqLessonFile) facing = load_defended ("4k4/9/9/9/9/9/9/r3N4/4K4/9 w - - 0 1", "e2");
  g_autoptr(XqLessonFile) general = load_defended ("3k5/9/9/9/9/9/9/r3N4/4K4/9 w - - 0 1", "e2");
  g_autoptr(XqVerdict) yes = check_choose (first (horse), "yes");
  g_autoptr(XqVerdict) no_pin = check_choose (first (pinned), "no");
  g_autoptr(XqVerdict) no_face = check_choose (first (facing), "no");
  g_autoptr(XqVerdict) yes_general = check_choose (first (general), "yes");
  g_autoptr(XqVerdict) wrong = check_choose (first (pinned), "yes");
  g_autofree char *author = NULL, *king = NULL;
  XqAttempt a;
  g_autoptr(XqHint) h1 = NULL;
  g_autoptr(XqHint) h3 = NULL;

  g_assert_cmpstr (answer_of (first (horse)).choice, ==, "yes");
  g_assert_cmpint (yes->kind, ==, XQ_VERDICT_CORRECT);
  g_assert_cmpstr (yes->message, ==, "Yes: the Red horse on c4 defends the Red soldier on e5: it can take back on e5.");
  g_assert_true (xq_lesson_marks_has (&yes->marks, XQ_LESSON_MARK_ARROW, XQ_LESSON_ROLE_CORRECT, sq ("c4"), sq ("e5")));
  g_assert_cmpstr (answer_of (first (pinned)).choice, ==, "no");
  g_assert_cmpint (no_pin->kind, ==, XQ_VERDICT_CORRECT);
  g_assert_true (g_str_has_prefix (no_pin->message,
                                   "No: if the Black horse on c4 takes it, the Red chariot on e2 cannot take back. "));
  g_assert_true (xq_lesson_marks_has (&no_pin->marks, XQ_LESSON_MARK_ARROW, XQ_LESSON_ROLE_WRONG, sq ("e2"), sq ("d2")));
  g_assert_cmpstr (no_face->message, ==,
                   "No: if the Black chariot on a2 takes it, the Red general on e1 cannot take back. "
                   "The two generals may never face each other on an open file.");
  g_assert_cmpstr (answer_of (first (general)).choice, ==, "yes");
  g_assert_cmpstr (yes_general->message, ==,
                   "Yes: the Red general on e1 defends the Red horse on e2: it can take back on e2.");
  /* A wrong pick gets the rule and the piece, not the answer. */
  g_assert_cmpint (wrong->kind, ==, XQ_VERDICT_WRONG);
  g_assert_true (g_str_has_prefix (wrong->message, "A piece is defended when"));
  g_assert_true (xq_lesson_marks_has (&wrong->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_TARGET, sq ("d2"), XQ_NO_SQUARE));

  /* The ladder: the piece marked, then the answer's button. */
  xq_attempt_init (&a, first (pinned));
  h1 = xq_attempt_hint (&a, 1);
  h3 = xq_attempt_hint (&a, 3);
  g_assert_true (xq_lesson_marks_has (&h1->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_TARGET, sq ("d2"), XQ_NO_SQUARE));
  g_assert_cmpstr (h3->choice, ==, "no");
  xq_attempt_clear (&a);

  /* The author's answer must agree with the core; the general is no question. */
  author = load_problem ("{ \"id\": \"c\", \"kind\": \"choose\", \"prompt\": \"P\", \"rule\": \"defended\", \"square\": \"d2\","
                         "  \"answer\": \"yes\", \"fen\": \"5k3/9/4r4/9/9/2n6/9/3NR4/9/4K4 w - - 0 1\","
                         "  \"choices\": [ { \"id\": \"yes\", \"text\": \"Yes\" }, { \"id\": \"no\", \"text\": \"No\" } ] }");
  g_assert_cmpstr (author, ==, "test.json: $.exercises[0].answer: the answer “yes” disagrees with the rules, which say “no”");
  king = load_problem ("{ \"id\": \"c\", \"kind\": \"choose\", \"prompt\": \"P\", \"rule\": \"defended\", \"square\": \"e0\","
                       "  \"fen\": \"5k3/9/4r4/9/9/2n6/9/3NR4/9/4K4 w - - 0 1\","
                       "  \"choices\": [ { \"id\": \"yes\", \"text\": \"Yes\" }, { \"id\": \"no\", \"text\": \"No\" } ] }");
  g_assert_nonnull (strstr (king, "$.exercises[0].square: the general on e0"));
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  xq_test_isolate_dirs ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lesson/checker/tap/reach", test_tap_reach);
  g_test_add_func ("/lesson/checker/tap/attackers", test_tap_attackers);
  g_test_add_func ("/lesson/checker/tap/points-one", test_tap_points_one);
  for (guint i = 0; i < G_N_ELEMENTS (tap_reasons); i++)
    {
      g_autofree char *path = g_strdup_printf ("/lesson/checker/tap/reason/%s", tap_reasons[i].name);
      g_test_add_data_func (path, &tap_reasons[i], test_tap_reasons);
    }
  g_test_add_func ("/lesson/checker/tap/missing", test_tap_missing);
  g_test_add_func ("/lesson/checker/tap/geography", test_tap_geography);
  g_test_add_func ("/lesson/checker/tap/piece-reasons", test_tap_piece_reasons);
  for (size_t i = 0; i < G_N_ELEMENTS (move_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/lesson/checker/move/%s", move_cases[i].name);
      g_test_add_data_func (path, &move_cases[i], test_move);
    }
  g_test_add_func ("/lesson/checker/move/illegal", test_move_illegal);
  g_test_add_func ("/lesson/checker/move/recapture-feedback", test_move_recapture_feedback);
  g_test_add_func ("/lesson/checker/move/check-feedback", test_move_check_feedback);
  g_test_add_func ("/lesson/checker/stars", test_stars);
  g_test_add_func ("/lesson/checker/setup", test_setup);
  for (size_t i = 0; i < G_N_ELEMENTS (choose_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/lesson/checker/choose/%s", choose_cases[i].name);
      g_test_add_data_func (path, &choose_cases[i], test_choose);
    }
  g_test_add_func ("/lesson/checker/choose/explains", test_choose_explains);
  g_test_add_func ("/lesson/checker/choose/material-values", test_choose_material_values);
  g_test_add_func ("/lesson/checker/choose/legal-retry", test_choose_legal_retry);
  g_test_add_func ("/lesson/checker/choose/last-try", test_choose_last_try);
  g_test_add_func ("/lesson/checker/mate/in-one", test_mate_in_one);
  g_test_add_func ("/lesson/checker/mate/in-two", test_mate_in_two);
  g_test_add_func ("/lesson/checker/stars-for", test_stars_for);

  g_test_add_func ("/lesson/checker/protection/win-material", test_win_material);
  g_test_add_func ("/lesson/checker/tactics/win-material-in", test_win_material_in);
  g_test_add_func ("/lesson/checker/tactics/check-in", test_check_in);
  g_test_add_func ("/lesson/checker/protection/defend", test_defend);
  g_test_add_func ("/lesson/checker/protection/hints", test_protection_hints);
  g_test_add_func ("/lesson/checker/protection/tap-hanging", test_tap_hanging);
  g_test_add_func ("/lesson/checker/protection/choose-defended", test_choose_defended);
  return g_test_run ();
}
