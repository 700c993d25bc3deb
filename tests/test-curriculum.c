/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The curriculum's own checks: the mate kind names a win by stalemate as
 * such, the match kind ("name" and "pair") judges, explains and hints, and
 * the shipped units keep the fixes of issue 14 (the win condition, the draw
 * rules one per page, the soldiers' points empty, the new units there). */
#define G_LOG_DOMAIN "test-curriculum"

#include "config.h"

#include <locale.h>
#include <string.h>

#include <glib/gstdio.h>

#include "xq-answer-sheet.h"
#include "xq-attacks.h"
#include "xq-checker.h"
#include "xq-demo.h"
#include "xq-exercise-moves.h"
#include "xq-kind.h"
#include "xq-lesson-rules.h"
#include "xq-lesson-writer.h"
#include "xq-patterns.h"
#include "xq-progress.h"
#include "xq-review.h"
#include "xq-solver.h"
#include "xq-tactics.h"
#include "xq-test-dirs.h"
#include "xq-test-kinds.h"
#include "xq-test-squares.h"

#define MIXED "3akab2/9/1cn1b1n2/p1r3p1p/4c4/2P3R2/P3P3P/1C2B1N2/4A4/2B1KA1NR w - - 0 1"

static GPtrArray *curriculum;

static GPtrArray *
shipped (void)
{
  if (curriculum == NULL)
    {
      g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
      const char *src = g_getenv ("XQ_SOURCE_DIR");
      g_autofree char *dir = src ? g_build_filename (src, "lessons", NULL) : g_strdup (SOURCE_LESSONS_DIR);

      curriculum = xq_lesson_load_dir (dir, problems);
      for (guint i = 0; i < problems->len; i++)
        {
          g_autofree char *line = xq_lesson_problem_format (g_ptr_array_index (problems, i));
          g_test_message ("%s", line);
        }
      g_assert_cmpuint (problems->len, ==, 0);
    }
  return curriculum;
}

static const XqUnit *
unit_by_id (const char *id)
{
  GPtrArray *files = shipped ();

  for (guint i = 0; i < files->len; i++)
    {
      XqLessonFile *f = g_ptr_array_index (files, i);
      if (f->unit != NULL && strcmp (f->unit->id, id) == 0)
        return f->unit;
    }
  g_assert_not_reached ();
}

static const XqExercise *
exercise (const char *unit_id, const char *id)
{
  const XqUnit *unit = unit_by_id (unit_id);

  for (guint i = 0; i < unit->exercises->len; i++)
    {
      const XqExercise *ex = g_ptr_array_index (unit->exercises, i);
      if (strcmp (ex->id, id) == 0)
        return ex;
    }
  g_assert_not_reached ();
}

/* Loads a one-exercise unit around the given exercise JSON; NULL and the
 * first problem in *problem when it does not load. */
static XqLessonFile *
load_exercise (const char *exercise_json, char **problem)
{
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  g_autofree char *doc = g_strdup_printf (
    "{ \"format\": 1, \"type\": \"unit\", \"id\": \"t\", \"number\": 1, \"title\": \"T\","
    "  \"pages\": [ { \"text\": \"P\" } ], \"exercises\": [ %s ] }", exercise_json);
  XqLessonFile *file = xq_lesson_load_data (doc, -1, "test.json", problems);

  if (problem != NULL)
    *problem = problems->len ? xq_lesson_problem_format (g_ptr_array_index (problems, 0)) : NULL;
  else
    g_assert_cmpuint (problems->len, ==, 0);
  return file;
}

/* An exercise of kind with these keys does not load, and the first
 * problem says problem. */
static void
assert_refused (const char *kind, const char *keys, const char *problem)
{
  g_autofree char *json = g_strdup_printf ("{ \"id\": \"x\", \"kind\": \"%s\", \"prompt\": \"P\", %s }",
                                           kind, keys);
  g_autofree char *got = NULL;
  g_autoptr(XqLessonFile) file = load_exercise (json, &got);

  g_test_message ("%s -> %s", keys, got);
  g_assert_null (file);
  g_assert_nonnull (got);
  if (strstr (got, problem) == NULL)
    g_error ("%s: %s", keys, got);
}

static XqExercise *
first (XqLessonFile *file)
{
  g_assert_nonnull (file);
  return g_ptr_array_index (file->unit->exercises, 0);
}

/* ---- The mate kind: checkmate or 困斃 -------------------------------------- */

static XqVerdict *
play_one (const XqExercise *ex, const char *iccs)
{
  XqMove m = mv (iccs);
  XqAnswer answer = { .moves = &m, .n_moves = 1 };

  return xq_exercise_check (ex, &answer);
}

static void
test_mate_names_the_win (void)
{
  const XqExercise *chariots = exercise ("results", "mate-chariots");
  const XqExercise *facing = exercise ("results", "mate-facing");
  const char *const stalemates[] = { "b1f1", "a8f8" };

  g_assert_true (xq_exercise_is (chariots, "mate"));
  /* Both leave the black general on e9 with no move and not in check. */
  for (guint i = 0; i < G_N_ELEMENTS (stalemates); i++)
    {
      g_autoptr(XqVerdict) v = play_one (chariots, stalemates[i]);
      g_assert_cmpint (v->kind, ==, XQ_VERDICT_CORRECT);
      g_assert_nonnull (strstr (v->message, "Stalemate"));
      g_assert_null (strstr (v->message, "Checkmate"));
    }
  {
    g_autoptr(XqVerdict) mate = play_one (chariots, "b1b9");
    g_autoptr(XqVerdict) check = play_one (chariots, "a8a9");
    g_assert_cmpint (mate->kind, ==, XQ_VERDICT_CORRECT);
    g_assert_nonnull (strstr (mate->message, "Checkmate"));
    g_assert_cmpint (check->kind, ==, XQ_VERDICT_WRONG);
  }
  {
    g_autoptr(XqVerdict) stale = play_one (facing, "h1h8");
    g_autoptr(XqVerdict) mate = play_one (facing, "h1d1");
    g_assert_cmpint (stale->kind, ==, XQ_VERDICT_CORRECT);
    g_assert_nonnull (strstr (stale->message, "Stalemate"));
    g_assert_cmpint (mate->kind, ==, XQ_VERDICT_CORRECT);
    g_assert_nonnull (strstr (mate->message, "Checkmate"));
  }
}

/* Every shipped win-in-one accepts every move that leaves the defender
 * without a move, and names it by what the core says it is; no "move"
 * exercise asks for checkmate alone where a stalemate would win too. */
static void
test_every_win_accepted (void)
{
  GPtrArray *files = shipped ();
  int wins = 0, stalemates = 0;

  for (guint f = 0; f < files->len; f++)
    {
      XqLessonFile *file = g_ptr_array_index (files, f);

      for (guint i = 0; file->unit && i < file->unit->exercises->len; i++)
        {
          const XqExercise *ex = g_ptr_array_index (file->unit->exercises, i);
          XqPosition pos = ex->position;
          XqMove moves[XQ_MAX_MOVES];
          int n;
          gboolean is_mate = xq_exercise_is (ex, "mate");

          if (!is_mate && !(xq_exercise_is (ex, "move") &&
                            g_strcmp0 (xq_exercise_get_field (ex, "goal"), "checkmate") == 0))
            continue;
          if (is_mate && answer_of (ex).count != 1)
            continue;
          n = xq_position_legal_moves (&pos, moves);
          for (int k = 0; k < n; k++)
            {
              XqPosition after = pos;
              XqUndo undo;
              XqStatus status;
              XqAnswer answer = { .moves = &moves[k], .n_moves = 1 };
              g_autoptr(XqVerdict) v = NULL;

              xq_position_do_move (&after, moves[k], &undo);
              status = xq_position_status (&after);
              if (status != XQ_STATUS_CHECKMATE && status != XQ_STATUS_STALEMATE)
                continue;
              {
                g_autofree char *fen = xq_position_to_fen (&after);
                g_test_message ("%s: %s", ex->id, fen);
              }
              g_assert_true (is_mate || status == XQ_STATUS_CHECKMATE);
              v = xq_exercise_check (ex, &answer);
              g_assert_cmpint (v->kind, ==, XQ_VERDICT_CORRECT);
              g_assert_nonnull (strstr (v->message, status == XQ_STATUS_STALEMATE ? "Stalemate" : "Checkmate"));
              wins++;
              stalemates += status == XQ_STATUS_STALEMATE;
            }
        }
    }
  g_assert_cmpint (wins, >=, 12);
  g_assert_cmpint (stalemates, >=, 3);
}

/* ---- The fixed texts ------------------------------------------------------- */

static void
test_win_condition (void)
{
  GPtrArray *files = shipped ();
  const XqUnit *board = unit_by_id ("board");
  const char *welcome = ((XqLessonPage *) g_ptr_array_index (board->pages, 0))->text;

  g_assert_nonnull (strstr (welcome, "checkmated"));
  g_assert_nonnull (strstr (welcome, "no move left"));
  for (guint f = 0; f < files->len; f++)
    {
      XqLessonFile *file = g_ptr_array_index (files, f);
      for (guint i = 0; file->unit && i < file->unit->pages->len; i++)
        {
          const char *text = ((XqLessonPage *) g_ptr_array_index (file->unit->pages, i))->text;
          g_assert_null (strstr (text, "Capture the other side's general"));
          g_assert_null (strstr (text, "lose it and you lose"));
        }
    }
}

/* Every draw rule and forbidden repetition is taught in the second results
 * unit, on a page or in an exercise's prompt (issue 14 gave each its own
 * page; the third edition keeps two pages a unit, so the rest are taught
 * where they are asked), and the sixty-move rule as the seed says it: a
 * player claims it (issue 32). */
static void
test_draw_rules_split (void)
{
  const XqUnit *unit = unit_by_id ("results-2");
  const char *const rules[] = { "perpetual", "agree", "neither side can ever", "sixty", "same position",
                                "claim", "violation" };
  int found[G_N_ELEMENTS (rules)] = { 0 };

  for (guint i = 0; i < unit->pages->len + unit->exercises->len; i++)
    {
      const char *text = i < unit->pages->len
                           ? ((XqLessonPage *) g_ptr_array_index (unit->pages, i))->text
                           : ((XqExercise *) g_ptr_array_index (unit->exercises, i - unit->pages->len))->prompt;

      for (guint r = 0; r < G_N_ELEMENTS (rules); r++)
        found[r] += strstr (text, rules[r]) != NULL;
    }
  for (guint r = 0; r < G_N_ELEMENTS (rules); r++)
    {
      g_test_message ("%s: %d", rules[r], found[r]);
      g_assert_cmpint (found[r], >=, 1);
    }
}

/* The pages that explain file numbers and the values show a board. */
static void
test_pages_with_boards (void)
{
  struct { const char *unit; const char *words; } pages[] = {
    { "board", "numbers the files" }, { "values", "give each piece a value" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      const XqUnit *unit = unit_by_id (pages[i].unit);
      gboolean found = FALSE;

      for (guint k = 0; k < unit->pages->len; k++)
        {
          const XqLessonPage *page = g_ptr_array_index (unit->pages, k);
          if (strstr (page->text, pages[i].words) == NULL)
            continue;
          found = TRUE;
          g_assert_nonnull (page->fen);
          g_assert_cmpint (page->marks.n_marks, >, 0);
        }
      g_assert_true (found);
    }
}

/* Issue 31: every kind in the table is shown being done or says why not,
 * and every shipped exercise of a kind that demonstrates gets a
 * demonstration (made only when the kind's own judge ends it solved): it
 * opens with "Watch!", pulses where each tap or move goes, and ends on the
 * exercise as the learner finds it, "Now you try!". */
static void
test_demonstrations (void)
{
  guint n_kinds, with = 0, shown = 0;
  const XqKind *const *kinds = xq_kinds (&n_kinds);

  for (guint k = 0; k < n_kinds; k++)
    {
      g_assert_true ((kinds[k]->demo != NULL) != (kinds[k]->no_demo != NULL));
      with += kinds[k]->demo != NULL;
    }
  g_assert_cmpuint (with, >=, n_kinds - 1);
  GPtrArray *files = shipped ();

  for (guint u = 0; u < files->len; u++)
    {
      const XqUnit *unit = ((XqLessonFile *) g_ptr_array_index (files, u))->unit;

      for (guint i = 0; unit != NULL && i < unit->exercises->len; i++)
        {
          const XqExercise *ex = g_ptr_array_index (unit->exercises, i);
          g_autoptr(XqDemo) demo = xq_exercise_demo (ex);
          const XqDemoFrame *first, *last;
          XqAttempt fresh;
          gboolean acts = FALSE;

          if (!xq_kind_has_demo (ex->kind))
            {
              g_assert_null (demo);
              continue;
            }
          if (demo == NULL)
            g_error ("%s/%s (%s): no demonstration", unit->id, ex->id, ex->kind->name);
          shown++;
          g_assert_cmpuint (demo->frames->len, >=, 3);
          first = g_ptr_array_index (demo->frames, 0);
          last = g_ptr_array_index (demo->frames, demo->frames->len - 1);
          g_assert_cmpstr (first->words, ==, "Watch!");
          g_assert_cmpstr (last->words, ==, "Now you try!");
          xq_attempt_init (&fresh, ex);
          g_assert_true (memcmp (last->position.board, fresh.shown.board, sizeof fresh.shown.board) == 0);
          xq_attempt_clear (&fresh);
          for (guint f = 0; f < demo->frames->len; f++)
            {
              const XqDemoFrame *fr = g_ptr_array_index (demo->frames, f);

              acts |= fr->pulse != XQ_NO_SQUARE || fr->choice != NULL || fr->text != NULL;
            }
          g_assert_true (acts);
        }
    }
  g_assert_cmpuint (shown, >, 100);
}

/* Issue 31: the chariot's intro page draws an arrow each way the chariot
 * can run from its point (it lacked the one down the file). */
static void
test_chariot_intro_arrows (void)
{
  const XqUnit *unit = unit_by_id ("moves-2");
  gboolean found = FALSE;

  for (guint k = 0; k < unit->pages->len; k++)
    {
      const XqLessonPage *page = g_ptr_array_index (unit->pages, k);
      XqPosition pos;
      XqMove moves[XQ_MAX_MOVES];
      int n;

      if (strstr (page->text, "The chariot is the strongest") == NULL)
        continue;
      found = TRUE;
      g_assert_nonnull (page->fen);
      g_assert_true (xq_position_set_fen (&pos, page->fen, NULL));
      n = xq_position_legal_moves (&pos, moves);
      for (int i = 0; i < n; i++)
        {
          XqSquare from = xq_move_from (moves[i]), to = xq_move_to (moves[i]);
          int dx = (xq_sq_file (to) > xq_sq_file (from)) - (xq_sq_file (to) < xq_sq_file (from));
          int dy = (xq_sq_rank (to) > xq_sq_rank (from)) - (xq_sq_rank (to) < xq_sq_rank (from));
          gboolean drawn = FALSE;

          if (xq_piece_type (pos.board[from]) != XQ_CHARIOT)
            continue;
          for (int m = 0; m < page->marks.n_marks; m++)
            {
              const XqLessonMark *mk = &page->marks.marks[m];
              int mx, my;

              if (mk->kind != XQ_LESSON_MARK_ARROW || mk->sq != from)
                continue;
              mx = (xq_sq_file (mk->to) > xq_sq_file (from)) - (xq_sq_file (mk->to) < xq_sq_file (from));
              my = (xq_sq_rank (mk->to) > xq_sq_rank (from)) - (xq_sq_rank (mk->to) < xq_sq_rank (from));
              drawn |= mx == dx && my == dy;
            }
          if (!drawn)
            g_error ("the chariot's page draws no arrow toward %d,%d", dx, dy);
        }
    }
  g_assert_true (found);
}

/* A question about where pieces start does not show them there. */
static void
test_start_points_empty (void)
{
  GPtrArray *files = shipped ();
  int asked = 0;

  for (guint f = 0; f < files->len; f++)
    {
      XqLessonFile *file = g_ptr_array_index (files, f);
      for (guint i = 0; file->unit && i < file->unit->exercises->len; i++)
        {
          const XqExercise *ex = g_ptr_array_index (file->unit->exercises, i);
          XqAnswer answer;

          if (!xq_exercise_is (ex, "tap") || strstr (ex->prompt, "start") == NULL)
            continue;
          answer = answer_of (ex);
          for (int k = 0; k < answer.n_points; k++)
            g_assert_cmpint (ex->position.board[answer.points[k]], ==, XQ_EMPTY);
          asked++;
        }
    }
  g_assert_cmpint (asked, >=, 1);
}

/* The units in order, by their numbers on the unit map (third edition,
 * issue 32): the ids never change, so a learner's stars stay; 12 to 15
 * are the tactics units' places. */
static void
test_units_in_order (void)
{
  static const struct { const char *id; int number; } order[] = {
    { "board", 1 }, { "pieces", 2 }, { "pieces-2", 3 }, { "setup", 4 }, { "moves-1", 5 },
    { "moves-2", 6 }, { "capturing", 7 }, { "values", 8 }, { "protection", 9 }, { "results", 10 },
    { "results-2", 11 }, { "tactics-forks", 12 }, { "tactics-pins", 13 }, { "tactics-discovered", 14 },
    { "tactics-trades", 15 }, { "tactics-blocks", 16 }, { "checks", 17 }, { "mating", 18 },
    { "mating-2", 19 }, { "openings", 20 }, { "endgames", 21 }, { "notation", 22 }, { "notation-2", 23 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    {
      const XqUnit *unit = unit_by_id (order[i].id);
      g_test_message ("%s", order[i].id);
      g_assert_cmpint (unit->number, ==, order[i].number);
      g_assert_cmpuint (unit->exercises->len, >=, 6);
    }
}

/* Every unit fits a sitting (issue 32): at most 25 steps (pages,
 * exercises, closing cards), at most two pages before the first
 * exercise, and no two units share a number on the unit map. */
static void
test_unit_lengths (void)
{
  GPtrArray *files = shipped ();
  g_autoptr(GHashTable) numbers = g_hash_table_new (g_direct_hash, g_direct_equal);
  guint units = 0;

  for (guint f = 0; f < files->len; f++)
    {
      const XqUnit *unit = ((XqLessonFile *) g_ptr_array_index (files, f))->unit;
      guint steps;

      if (unit == NULL)
        continue;
      units++;
      steps = unit->pages->len + unit->exercises->len + (unit->closing ? unit->closing->len : 0);
      g_test_message ("unit %d %s: %u steps, %u pages", unit->number, unit->id, steps, unit->pages->len);
      g_assert_cmpuint (steps, <=, 25);
      g_assert_cmpuint (unit->pages->len, <=, 2);
      g_assert_cmpuint (unit->exercises->len, >=, 1);
      g_assert_false (g_hash_table_contains (numbers, GINT_TO_POINTER (unit->number)));
      g_hash_table_add (numbers, GINT_TO_POINTER (unit->number));
    }
  g_assert_cmpuint (units, >=, 18);
}

/* The move the hint ladder's last rung shows (the first proved key). */
static XqMove
hinted_move (const XqExercise *ex)
{
  XqAttempt a;
  g_autoptr(XqHint) h = NULL;
  XqMove m = XQ_MOVE_NONE;

  xq_attempt_init (&a, ex);
  h = xq_attempt_hint (&a, 3);
  for (int i = 0; i < h->marks.n_marks; i++)
    if (h->marks.marks[i].kind == XQ_LESSON_MARK_ARROW)
      m = xq_move_make (h->marks.marks[i].sq, h->marks.marks[i].to);
  xq_attempt_clear (&a);
  return m;
}

/* How many enemy pieces (the general included) the piece on sq attacks. */
static int
targets_of (const XqPosition *pos, XqSquare sq)
{
  XqPosition p = *pos;
  XqMove moves[XQ_MAX_MOVES];
  int n, count = 0;

  xq_position_set_side (&p, xq_piece_color (p.board[sq]));
  n = xq_position_pseudo_moves (&p, moves);
  for (int i = 0; i < n; i++)
    count += xq_move_from (moves[i]) == sq && p.board[xq_move_to (moves[i])] != XQ_EMPTY;
  return count;
}

/* Does the block (攔截) m cut a guard?  After m the best line (the core's
 * search) captures a piece of the other side on x with another piece; m
 * landed on the line between x and a chariot or cannon of that side that
 * guarded it along the line, or on the leg of a horse of that side that
 * guarded it. */
static gboolean
cuts_a_guard (const XqPosition *pos, XqMove m)
{
  XqTactic t;
  XqPosition after = *pos;
  XqUndo undo;
  XqSquare x, to = xq_move_to (m), between[XQ_RANKS], legs[8];

  g_assert_true (xq_tactic_solve_move (pos, m, 2, XQ_TACTIC_BUDGET, &t));
  if (t.n_line < 3 || xq_move_from (t.line[2]) == to)
    return FALSE;
  x = xq_move_to (t.line[2]);
  xq_position_do_move (&after, m, &undo);
  for (XqSquare g = 0; g < XQ_SQUARES; g++)
    {
      XqPiece p = pos->board[g];
      int before, now;

      if (p == XQ_EMPTY || g == x || xq_piece_color (p) == pos->side)
        continue;
      if (xq_piece_type (p) == XQ_CHARIOT || xq_piece_type (p) == XQ_CANNON)
        {
          before = xq_attacks_between (pos->board, g, x, NULL);
          now = xq_attacks_between (after.board, g, x, between);
          if (before == (xq_piece_type (p) == XQ_CANNON ? 1 : 0) && now == before + 1)
            for (int i = 0; i < now; i++)
              if (between[i] == to)
                return TRUE;
        }
      else if (xq_piece_type (p) == XQ_HORSE && xq_attacks_horse_jump (g, x))
        {
          now = xq_attacks_blockers (after.board, g, legs);
          for (int i = 0; i < now; i++)
            if (legs[i] == to)
              return TRUE;
        }
    }
  return FALSE;
}

/* Issue 32: what the tactics and checks units hold, counted from the
 * units as the loader reads them (so every answer below was proved by the
 * core as the unit loaded): forks by every piece, a soldier's among them,
 * each a move after which the piece attacks two pieces; at least ten
 * blocks (攔截), ten of them cutting a guard off the piece the line then
 * takes, and ten waiting moves (閒著), each waiting move's keys
 * quiet (no capture, no check); at least six "check in two" in the checks
 * unit with no check in one; and at least 380 exercises in all. */
static void
test_tactics_counts (void)
{
  GPtrArray *files = shipped ();
  g_autoptr(XqSolver) solver = xq_solver_new ();
  gboolean fork_by[XQ_N_TYPES] = { FALSE };
  guint total = 0, blocks = 0, cuts = 0, waiting = 0, check_two = 0;

  for (guint f = 0; f < files->len; f++)
    {
      const XqUnit *unit = ((XqLessonFile *) g_ptr_array_index (files, f))->unit;

      if (unit == NULL)
        continue;
      total += unit->exercises->len;
      for (guint i = 0; i < unit->exercises->len; i++)
        {
          const XqExercise *ex = g_ptr_array_index (unit->exercises, i);
          const char *goal = xq_exercise_get_field (ex, "goal");

          if (strcmp (unit->id, "tactics-forks") == 0)
            {
              XqMove m = hinted_move (ex);
              XqPosition after = ex->position;
              XqUndo undo;

              g_assert_cmpstr (goal, ==, "win-material-in");
              g_assert_cmpint (m, !=, XQ_MOVE_NONE);
              fork_by[xq_piece_type (ex->position.board[xq_move_from (m)])] = TRUE;
              xq_position_do_move (&after, m, &undo);
              g_test_message ("%s: %d targets", ex->id, targets_of (&after, xq_move_to (m)));
              g_assert_cmpint (targets_of (&after, xq_move_to (m)), >=, 2);
            }
          if (strcmp (unit->id, "tactics-blocks") == 0 && g_str_has_prefix (ex->id, "block-"))
            {
              g_assert_cmpstr (goal, ==, "win-material-in");
              blocks++;
              cuts += cuts_a_guard (&ex->position, hinted_move (ex));
            }
          if (strcmp (unit->id, "tactics-blocks") == 0 && g_str_has_prefix (ex->id, "waiting-"))
            {
              XqSolution sol;

              g_assert_true (xq_exercise_is (ex, "mate"));
              g_assert_cmpint (xq_solver_solve (solver, &ex->position, 2, &sol), ==, XQ_SOLVE_MATE);
              for (int k = 0; k < sol.n_keys; k++)
                {
                  XqPosition pos = ex->position;

                  g_assert_cmpint (pos.board[xq_move_to (sol.keys[k])], ==, XQ_EMPTY);
                  g_assert_false (xq_position_gives_check (&pos, sol.keys[k]));
                }
              waiting++;
            }
          if (strcmp (unit->id, "checks") == 0 && g_strcmp0 (goal, "check-in") == 0 &&
              g_strcmp0 (xq_exercise_get_field (ex, "in"), "2") == 0)
            {
              XqMove keys[XQ_MAX_MOVES];
              XqMove m = hinted_move (ex);
              XqPosition pos = ex->position;

              g_assert_cmpint (xq_tactic_check_keys (&ex->position, 1, XQ_TACTIC_BUDGET, keys), ==, 0);
              g_assert_cmpint (xq_tactic_check_keys (&ex->position, 2, XQ_TACTIC_BUDGET, keys), >=, 1);
              g_assert_true (xq_position_is_legal (&pos, m));
              g_assert_false (xq_position_gives_check (&pos, m));
              check_two++;
            }
        }
    }
  g_test_message ("%u exercises, %u blocks (%u cut a guard), %u waiting moves, %u checks in two",
                  total, blocks, cuts, waiting, check_two);
  g_assert_true (fork_by[XQ_HORSE] && fork_by[XQ_CANNON] && fork_by[XQ_CHARIOT] && fork_by[XQ_PAWN]);
  g_assert_cmpuint (blocks, >=, 10);
  g_assert_cmpuint (cuts, >=, 10);
  g_assert_cmpuint (waiting, >=, 10);
  g_assert_cmpuint (check_two, >=, 6);
  g_assert_cmpuint (total, >=, 380);
}

/* Issue 32: every named puzzle pack (one per kill pattern, 殺法) opens
 * with its worked example: a page that names the pattern in Chinese, with
 * a board and arrows; the arrows, played from the board, are legal and end
 * in the mate (困斃 for its pack) that the core recognises as the pattern. */
static void
test_pack_examples (void)
{
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  const char *src = g_getenv ("XQ_SOURCE_DIR");
  g_autofree char *dir = src ? g_build_filename (src, "lessons", "puzzles", NULL)
                             : g_build_filename (SOURCE_LESSONS_DIR, "puzzles", NULL);
  g_autoptr(GPtrArray) files = xq_lesson_load_dir (dir, problems);
  guint named = 0;

  g_assert_cmpuint (problems->len, ==, 0);
  for (guint f = 0; f < files->len; f++)
    {
      const XqPuzzlePack *pack = ((XqLessonFile *) g_ptr_array_index (files, f))->pack;
      const XqLessonPage *page;
      XqMove line[XQ_LESSON_MAX_MARKS];
      XqPosition pos;
      int kill, n = 0;

      if (pack == NULL || (kill = xq_kill_from_id (pack->id)) < 0)
        continue;
      named++;
      g_test_message ("%s", pack->id);
      g_assert_nonnull (pack->intro);
      g_assert_cmpuint (pack->intro->len, >=, 1);
      page = g_ptr_array_index (pack->intro, 0);
      g_assert_nonnull (page->fen);
      g_assert_nonnull (strstr (page->text, xq_kill_hanzi (kill)));
      pos = page->position;
      for (int i = 0; i < page->marks.n_marks; i++)
        {
          const XqLessonMark *mk = &page->marks.marks[i];
          XqUndo undo;

          if (mk->kind != XQ_LESSON_MARK_ARROW)
            continue;
          line[n] = xq_move_make (mk->sq, mk->to);
          g_assert_true (xq_position_is_legal (&pos, line[n]));
          xq_position_do_move (&pos, line[n], &undo);
          n++;
        }
      g_assert_cmpint (n, >=, 1);
      g_assert_cmpint (xq_position_status (&pos), ==,
                       kill == XQ_KILL_STALEMATE ? XQ_STATUS_STALEMATE : XQ_STATUS_CHECKMATE);
      g_assert_true (xq_kill_recognise (&page->position, line, n) & (1u << kill));
    }
  g_assert_cmpuint (named, ==, XQ_N_KILLS);
}

static gboolean
unit_has (const char *unit_id, const char *exercise_id)
{
  GPtrArray *files = shipped ();

  for (guint f = 0; f < files->len; f++)
    {
      const XqUnit *unit = ((XqLessonFile *) g_ptr_array_index (files, f))->unit;

      if (unit == NULL || strcmp (unit->id, unit_id) != 0)
        continue;
      for (guint i = 0; i < unit->exercises->len; i++)
        if (strcmp (((XqExercise *) g_ptr_array_index (unit->exercises, i))->id, exercise_id) == 0)
          return TRUE;
    }
  return FALSE;
}

/* The table of moved exercises (xq-exercise-moves.c) says what the
 * shipped units hold: each moved exercise is in its new unit and no longer
 * in its old one. */
static void
test_moved_exercises (void)
{
  const char *from, *to;
  const char *const *ids;
  guint index = 0, n = 0;

  while (xq_progress_moved_next (&index, &from, &to, &ids))
    for (; *ids != NULL; ids++)
      {
        g_test_message ("%s/%s -> %s", from, *ids, to);
        unit_by_id (from);
        g_assert_true (unit_has (to, *ids));
        g_assert_false (unit_has (from, *ids));
        g_assert_cmpstr (xq_progress_moved_unit (from, *ids), ==, to);
        n++;
      }
  g_assert_cmpuint (n, >=, 50);
  g_assert_null (xq_progress_moved_unit ("mating", "two-chariots"));
  g_assert_null (xq_progress_moved_unit ("pieces", "red-general"));
}

/* A learner's files from the second edition (tests/data/learners-edition-2,
 * saved before the units were split) keep every star and review item:
 * the moved ones under their new unit, and the next save writes the new
 * keys. */
static void
test_old_progress (void)
{
  const char *src = g_getenv ("XQ_SOURCE_DIR");
  g_autofree char *data = g_build_filename (src ? src : ".", "tests", "data", "learners-edition-2", NULL);
  g_autofree char *dir = g_dir_make_tmp ("xq-edition-2-XXXXXX", NULL);
  g_autoptr(XqProgressStore) store = NULL;
  g_autoptr(XqProgress) p = NULL;
  g_autoptr(XqReview) review = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *path = NULL;
  const XqProgressResult *r;
  int n_done = 0;

  for (guint i = 0; i < 2; i++)
    {
      const char *name = i == 0 ? "mei.json" : "mei.review.json";
      g_autofree char *in = g_build_filename (data, name, NULL);
      g_autofree char *out = g_build_filename (dir, name, NULL);
      g_autofree char *text = NULL;

      g_assert_true (g_file_get_contents (in, &text, NULL, NULL));
      g_assert_true (g_file_set_contents (out, text, -1, NULL));
    }
  store = xq_progress_store_new (dir);
  p = xq_progress_store_load (store, "mei", &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_hash_table_size (p->stars), ==, 11);
  /* Moved: under the new unit, with the result. */
  g_assert_cmpint (xq_progress_get_stars (p, "pieces-2", "pair-horse"), ==, 2);
  g_assert_cmpint (xq_progress_get_stars (p, "pieces", "pair-horse"), ==, 0);
  g_assert_cmpint (xq_progress_get_stars (p, "mating-2", "two-cannons"), ==, 2);
  r = xq_progress_get_result (p, "mating-2", "two-cannons");
  g_assert_nonnull (r);
  g_assert_cmpint (r->hints, ==, 1);
  g_assert_cmpstr (r->date, ==, "2026-11-30");
  g_assert_cmpint (xq_progress_get_stars (p, "checks", "give-check"), ==, 3);
  g_assert_cmpint (xq_progress_get_stars (p, "results-2", "replay-sixty"), ==, 1);
  g_assert_cmpint (xq_progress_get_stars (p, "notation-2", "type-horse"), ==, 1);
  /* Not moved: where they were. */
  g_assert_cmpint (xq_progress_get_stars (p, "pieces", "red-general"), ==, 3);
  g_assert_cmpint (xq_progress_get_stars (p, "results", "status-check"), ==, 2);
  g_assert_cmpint (xq_progress_get_stars (p, "mating", "one-chariot"), ==, 3);
  /* A mate by checks in a row stays in the mating unit. */
  g_assert_cmpint (xq_progress_get_stars (p, "mating", "two-chariots"), ==, 3);
  g_assert_cmpint (xq_progress_get_stars (p, "board", "palace-red"), ==, 3);
  g_assert_cmpint (xq_progress_unit_stars (p, "pieces", &n_done), ==, 3);
  g_assert_cmpint (n_done, ==, 1);
  g_assert_cmpint (xq_progress_unit_stars (p, "results", &n_done), ==, 2);
  /* Every key names an exercise the shipped units have. */
  {
    GHashTableIter iter;
    gpointer key;

    g_hash_table_iter_init (&iter, p->stars);
    while (g_hash_table_iter_next (&iter, &key, NULL))
      {
        g_auto(GStrv) parts = g_strsplit (key, "/", 2);
        g_test_message ("%s", (char *) key);
        g_assert_true (unit_has (parts[0], parts[1]));
      }
  }
  /* Saved: the new keys are written, the old ones are gone. */
  g_assert_true (xq_progress_record (p, "board", "palace-black", 3));
  g_assert_true (xq_progress_store_save (store, p, &error));
  g_assert_no_error (error);
  path = g_build_filename (dir, "mei.json", NULL);
  g_assert_true (g_file_get_contents (path, &saved, NULL, NULL));
  g_assert_nonnull (strstr (saved, "\"pieces-2/pair-horse\""));
  g_assert_null (strstr (saved, "\"pieces/pair-horse\""));
  g_assert_null (strstr (saved, "\"mating/two-cannons\""));
  g_assert_nonnull (strstr (saved, "\"mating-2/two-cannons\""));

  /* The review queue: the moved items under their new unit. */
  review = xq_review_load (dir, "mei", NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (xq_review_find (review, XQ_REVIEW_EXERCISE, "mating-2", "two-cannons"));
  g_assert_null (xq_review_find (review, XQ_REVIEW_EXERCISE, "mating", "two-cannons"));
  g_assert_nonnull (xq_review_find (review, XQ_REVIEW_EXERCISE, "results-2", "replay-sixty"));
  g_assert_nonnull (xq_review_find (review, XQ_REVIEW_EXERCISE, "results", "status-mate"));
  xq_progress_store_free (g_steal_pointer (&store));
  {
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
    const char *name;

    while ((name = g_dir_read_name (d)) != NULL)
      {
        g_autofree char *f = g_build_filename (dir, name, NULL);
        g_unlink (f);
      }
  }
  g_rmdir (dir);
}

/* The mate unit: mates in one with each piece, then mates in two, each
 * proved by the loader (the unit loaded) and once more here. */
static void
test_mating_unit (void)
{
  const char *const ids[] = { "mating", "mating-2" };
  /* 困斃 wins are called wins, never mates (issue 32). */
  g_autoptr(XqSolver) solver = xq_solver_new ();
  gboolean mated_with[XQ_N_TYPES] = { FALSE };
  int ones = 0, twos = 0;
  gboolean seen_win = FALSE;

  for (guint u = 0; u < G_N_ELEMENTS (ids); u++)
    {
      const XqUnit *unit = unit_by_id (ids[u]);

      for (guint i = 0; i < unit->exercises->len; i++)
        {
          const XqExercise *ex = g_ptr_array_index (unit->exercises, i);
          int n = answer_of (ex).count;
          XqSolution sol;

          g_assert_true (xq_exercise_is (ex, "mate"));
          g_assert_cmpint (xq_solver_solve (solver, &ex->position, n, &sol), ==, XQ_SOLVE_MATE);
          g_assert_cmpint (sol.mate, ==, n);
          /* Grouped by the first move's kind: mates in two by checks in a
           * row (連將殺) in the first unit, quiet first moves in the second. */
          g_assert_cmpint (n, ==, u == 0 ? MIN (n, 2) : 2);
          if (u == 1)
            {
              /* Quiet first moves that mate, then the wins by 困斃,
               * which the prompts call wins. */
              gboolean win = g_str_has_prefix (ex->prompt, "Win");
              g_assert_true (win || g_str_has_prefix (ex->prompt, "Mate"));
              g_assert_true (win || !seen_win);
              seen_win |= win;
            }
          for (int k = 0; n == 2 && k < sol.n_keys; k++)
            {
              XqPosition pos = ex->position;
              gboolean check = xq_position_gives_check (&pos, sol.keys[k]);

              g_test_message ("%s: key %d gives check: %d", ex->id, k, check);
              if (u == 0)
                g_assert_true (check);
              else if (!seen_win)
                g_assert_false (check);
            }
          if (n == 1)
            for (int k = 0; k < sol.n_keys; k++)
              mated_with[xq_piece_type (ex->position.board[xq_move_from (sol.keys[k])])] = TRUE;
          ones += n == 1;
          twos += n == 2;
        }
    }
  g_assert_true (mated_with[XQ_CHARIOT] && mated_with[XQ_HORSE] && mated_with[XQ_CANNON] && mated_with[XQ_PAWN]);
  g_assert_cmpint (ones, >=, 6);
  g_assert_cmpint (twos, >=, 6);
}

/* The basic endgames are played to the end (issue 32): the learner's side
 * plays a move the solver proves still wins in the moves left, the
 * checker answers with the longest defence, and the game ends with no
 * move left for the defender after exactly the unit's limit: the defence
 * held out as long as the win allows, and the limit was enough. */
static void
test_endgames_played_out (void)
{
  const XqUnit *unit = unit_by_id ("endgames");
  g_autoptr(XqSolver) solver = xq_solver_new ();
  guint wins = 0;

  g_assert_cmpuint (unit->exercises->len, >=, 6);
  for (guint i = 0; i < unit->exercises->len; i++)
    {
      const XqExercise *ex = g_ptr_array_index (unit->exercises, i);
      int limit = answer_of (ex).count;
      XqMove line[2 * XQ_SOLVER_MAX_MATE];
      XqPosition pos = ex->position;
      int n = 0;

      g_assert_true (xq_exercise_is (ex, "mate"));
      for (int played = 0; played < limit; played++)
        {
          XqSolution sol;
          XqUndo undo;
          g_autoptr(XqVerdict) v = NULL;

          g_assert_cmpint (xq_solver_solve (solver, &pos, limit - played, &sol), ==, XQ_SOLVE_MATE);
          /* The shortest win from here is all the moves left: the
           * defence before this move was the longest. */
          g_assert_cmpint (sol.mate, ==, limit - played);
          line[n++] = sol.keys[0];
          v = xq_check_mate (&ex->position, limit, line, n);
          xq_position_do_move (&pos, sol.keys[0], &undo);
          if (played + 1 == limit)
            {
              g_test_message ("%s: %s after %d moves", ex->id, v->message, limit);
              g_assert_cmpint (v->kind, ==, XQ_VERDICT_CORRECT);
              /* Checkmate or 困斃: either wins, and the verdict says which. */
              g_assert_false (xq_position_has_legal_move (&pos));
              wins++;
              break;
            }
          g_assert_cmpint (v->kind, ==, XQ_VERDICT_INCOMPLETE);
          g_assert_cmpint (v->reply, !=, XQ_MOVE_NONE);
          line[n++] = v->reply;
          xq_position_do_move (&pos, v->reply, &undo);
        }
    }
  g_assert_cmpuint (wins, ==, unit->exercises->len);
}

/* ---- Escaping check by one technique --------------------------------------- */

static guint
escape_of (const char *fen, const char *iccs)
{
  XqPosition pos;

  g_assert_true (xq_position_set_fen (&pos, fen, NULL));
  return xq_attacks_escape (&pos, mv (iccs));
}

/* The core tells how a move meets a check. */
static void
test_escape_core (void)
{
  const char *capture = "5k3/9/9/9/9/9/4r4/2N6/9/4K4 w - - 0 1";
  const char *screen = "5k3/9/4c4/9/9/4N4/9/9/9/4K4 w - - 0 1";
  const char *leg = "3k5/9/9/9/9/9/9/5n3/R8/4K4 w - - 0 1";
  const char *block = "5k3/9/9/4r4/9/9/R8/9/9/4K4 w - - 0 1";

  g_assert_cmpuint (escape_of (capture, "c2e3"), ==, XQ_ESCAPE_CAPTURE);
  g_assert_cmpuint (escape_of (capture, "c2e1"), ==, XQ_ESCAPE_BLOCK);
  g_assert_cmpuint (escape_of (capture, "e0d0"), ==, XQ_ESCAPE_STEP);
  g_assert_cmpuint (escape_of (screen, "e4c3"), ==, XQ_ESCAPE_SCREEN);
  g_assert_cmpuint (escape_of (screen, "e0d0"), ==, XQ_ESCAPE_STEP);
  g_assert_cmpuint (escape_of (leg, "a1f1"), ==, XQ_ESCAPE_LEG);
  g_assert_cmpuint (escape_of (block, "a3e3"), ==, XQ_ESCAPE_BLOCK);
  /* The general taking its checker both steps and captures. */
  g_assert_cmpuint (escape_of ("3k5/9/9/9/9/9/9/9/4r4/4K4 w - - 0 1", "e0e1"), ==, XQ_ESCAPE_STEP | XQ_ESCAPE_CAPTURE);
  /* Not in check, or an illegal move: no escape at all. */
  g_assert_cmpuint (escape_of ("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "e0e1"), ==, 0);
  g_assert_cmpuint (escape_of (capture, "c2a3"), ==, 0);
}

/* A move exercise that asks for one way out: right, wrong with its
 * reason, and a hint ladder that ends on a move of that way. */
static void
test_escape_technique (void)
{
  g_autoptr(XqLessonFile) file = load_exercise (
    "{ \"id\": \"e\", \"kind\": \"move\", \"prompt\": \"P\", \"goal\": \"escape-check\","
    "  \"technique\": \"capture\", \"fen\": \"5k3/9/9/9/9/9/4r4/2N6/9/4K4 w - - 0 1\" }", NULL);
  XqExercise *ex = first (file);
  g_autoptr(XqVerdict) right = play_one (ex, "c2e3");
  g_autoptr(XqVerdict) step = play_one (ex, "e0d0");
  g_autoptr(XqVerdict) block = play_one (ex, "c2e1");
  g_autofree char *key = NULL;
  XqAttempt a;

  g_assert_cmpint (right->kind, ==, XQ_VERDICT_CORRECT);
  g_assert_cmpint (step->kind, ==, XQ_VERDICT_WRONG);
  g_assert_cmpstr (step->message, ==, "That gets out of check, but this time capture the piece that gives check.");
  g_assert_cmpint (block->kind, ==, XQ_VERDICT_WRONG);
  g_assert_cmpstr (xq_exercise_get_field (ex, "technique"), ==, "capture");
  xq_attempt_init (&a, ex);
  {
    g_autoptr(XqHint) h3 = xq_attempt_hint (&a, 3);
    g_assert_true (xq_lesson_marks_has (&h3->marks, XQ_LESSON_MARK_ARROW, XQ_LESSON_ROLE_MOVE, sq ("c2"), sq ("e3")));
  }
  xq_attempt_clear (&a);
  /* The answer key lists only the capture. */
  key = xq_exercise_answer_key (ex, NULL);
  g_assert_nonnull (key);
  g_assert_null (strchr (key, '/'));
}

static void
test_escape_refuses (void)
{
  struct { const char *json; const char *problem; } cases[] = {
    { "\"goal\": \"capture\", \"technique\": \"capture\", \"fen\": \"5k3/9/9/9/9/9/4r4/2N6/9/4K4 w - - 0 1\"",
      "$.exercises[0].technique: “technique” belongs only to the goal “escape-check”" },
    { "\"goal\": \"escape-check\", \"technique\": \"screen\", \"fen\": \"5k3/9/9/9/9/9/4r4/2N6/9/4K4 w - - 0 1\"",
      "$.exercises[0].technique: no legal move gets out of check the way “screen” asks" },
    { "\"goal\": \"escape-check\", \"technique\": \"dodge\", \"fen\": \"5k3/9/9/9/9/9/4r4/2N6/9/4K4 w - - 0 1\"",
      "$.exercises[0].technique: “dodge” is not one of" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    assert_refused ("move", cases[i].json, cases[i].problem);
}

/* Every shipped escape names its way out; where the prompt says only one
 * way works, every legal move is of that way (so the way is really needed),
 * and each of the five ways has such an exercise. */
static void
test_escape_shipped (void)
{
  const XqUnit *unit = unit_by_id ("results");
  const char *const ways[] = { "capture", "step", "block", "screen", "leg" };
  gboolean only[G_N_ELEMENTS (ways)] = { FALSE };
  int escapes = 0;

  for (guint i = 0; i < unit->exercises->len; i++)
    {
      const XqExercise *ex = g_ptr_array_index (unit->exercises, i);
      const char *technique = xq_exercise_get_field (ex, "technique");
      XqPosition pos = ex->position;
      XqMove moves[XQ_MAX_MOVES];
      guint flag = 0;
      gboolean all = TRUE, some = FALSE;
      int n;

      if (g_strcmp0 (xq_exercise_get_field (ex, "goal"), "escape-check") != 0)
        continue;
      escapes++;
      g_test_message ("%s: %s", ex->id, technique);
      g_assert_cmpstr (technique, !=, "any");
      for (guint w = 0; w < G_N_ELEMENTS (ways); w++)
        if (g_strcmp0 (technique, ways[w]) == 0)
          flag = 1u << w;
      g_assert_cmpuint (flag, !=, 0);
      n = xq_position_legal_moves (&pos, moves);
      for (int k = 0; k < n; k++)
        {
          gboolean has = (xq_attacks_escape (&pos, moves[k]) & flag) != 0;
          XqAnswer answer = { .moves = &moves[k], .n_moves = 1 };
          g_autoptr(XqVerdict) v = xq_exercise_check (ex, &answer);

          /* The checker agrees with the core, move by move. */
          g_assert_cmpint (v->kind, ==, has ? XQ_VERDICT_CORRECT : XQ_VERDICT_WRONG);
          all &= has;
          some |= has;
        }
      g_assert_true (some);
      if (strstr (ex->prompt, "Only one way") != NULL || all)
        {
          g_assert_true (all);
          for (guint w = 0; w < G_N_ELEMENTS (ways); w++)
            only[w] |= flag == 1u << w;
        }
    }
  g_assert_cmpint (escapes, >=, 9);
  for (guint w = 0; w < G_N_ELEMENTS (ways); w++)
    g_assert_true (only[w]);
}

/* Give check with each piece: in every shipped "check" exercise every move
 * that checks is made by the piece the prompt names, and in the
 * discovered check the chariot behind the piece that moves gives check
 * (the horse may check too: a double check). */
static void
test_check_with_each_piece (void)
{
  struct { const char *id; XqPieceType mover; gboolean discovered; } cases[] = {
    { "give-check", XQ_CHARIOT, FALSE }, { "check-horse", XQ_HORSE, FALSE },
    { "check-cannon", XQ_CANNON, FALSE }, { "check-soldier", XQ_PAWN, FALSE },
    { "check-discovered", XQ_HORSE, TRUE }, { "check-soldier-side", XQ_PAWN, FALSE },
    { "check-black-chariot", XQ_CHARIOT, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const XqExercise *ex = exercise ("checks", cases[i].id);
      XqPosition pos = ex->position;
      XqMove moves[XQ_MAX_MOVES];
      int n = xq_position_legal_moves (&pos, moves), checks = 0;

      g_test_message ("%s", ex->id);
      g_assert_cmpstr (xq_exercise_get_field (ex, "goal"), ==, "check");
      for (int k = 0; k < n; k++)
        {
          XqPosition after = pos;
          XqUndo undo;
          XqSquare by[XQ_ATTACKS_MAX_POINTS];
          XqAnswer answer = { .moves = &moves[k], .n_moves = 1 };
          g_autoptr(XqVerdict) v = xq_exercise_check (ex, &answer);
          int n_by;

          xq_position_do_move (&after, moves[k], &undo);
          n_by = xq_attacks_on_general (after.board, after.king[after.side], pos.side, by);
          g_assert_cmpint (v->kind, ==, n_by > 0 ? XQ_VERDICT_CORRECT : XQ_VERDICT_WRONG);
          if (n_by == 0)
            continue;
          checks++;
          g_assert_cmpint (xq_piece_type (pos.board[xq_move_from (moves[k])]), ==, cases[i].mover);
          if (cases[i].discovered)
            {
              /* The chariot that stood behind checks, whatever else does. */
              gboolean chariot = FALSE;

              for (int b = 0; b < n_by; b++)
                chariot |= xq_piece_type (after.board[by[b]]) == XQ_CHARIOT && by[b] != xq_move_to (moves[k]);
              g_assert_true (chariot);
            }
        }
      g_assert_cmpint (checks, >=, 1);
    }
}

/* The control points of docs/piece-values.md, counted on the board by the
 * tap exercises that open the values unit. */
static void
test_control_points (void)
{
  struct { const char *id; int points; } cases[] = {
    { "reach-chariot", 17 }, { "reach-horse", 8 }, { "reach-cannon", 15 }, { "reach-advisor", 4 },
    { "reach-elephant", 4 },
    { "reach-general", 4 }, { "reach-soldier", 1 }, { "reach-soldier-crossed", 3 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const XqExercise *ex = exercise ("values", cases[i].id);

      g_test_message ("%s", ex->id);
      g_assert_cmpstr (xq_exercise_get_field (ex, "rule"), ==, "reach");
      g_assert_cmpint (answer_of (ex).n_points, ==, cases[i].points);
    }

  /* The cannon's 15: its moves and the one capture over its screen, every
   * one a legal move of the core; not the screen itself, nor what stands
   * beyond the piece it captures. */
  {
    const XqExercise *ex = exercise ("values", "reach-cannon");
    XqAnswer answer = answer_of (ex);
    XqPosition pos = ex->position;
    XqMove moves[XQ_MAX_MOVES];
    int n = xq_position_legal_moves_from (&pos, sq ("e4"), moves), captures = 0;
    gboolean capture_e8 = FALSE, screen_e7 = FALSE;

    g_assert_cmpint (n, ==, 15);
    for (int i = 0; i < n; i++)
      captures += pos.board[xq_move_to (moves[i])] != XQ_EMPTY;
    g_assert_cmpint (captures, ==, 1);
    for (int i = 0; i < answer.n_points; i++)
      {
        capture_e8 |= answer.points[i] == sq ("e8");
        screen_e7 |= answer.points[i] == sq ("e7");
        g_assert_true (xq_position_is_legal (&pos, xq_move_make (sq ("e4"), answer.points[i])));
      }
    g_assert_true (capture_e8);
    g_assert_false (screen_e7);
    g_assert_cmpint (xq_piece_type (pos.board[sq ("e7")]), ==, XQ_PAWN);
  }
}

/* ---- The piece set an exercise shows ------------------------------------------ */

static void
test_pieces_field (void)
{
  g_autoptr(XqLessonFile) pictures = load_exercise (
    "{ \"id\": \"p\", \"kind\": \"match\", \"prompt\": \"Tap a horse\", \"pieces\": \"pictogram\","
    "  \"rule\": \"name\", \"piece\": \"horse\" }", NULL);
  g_autoptr(XqLessonFile) characters = load_exercise (
    "{ \"id\": \"c\", \"kind\": \"match\", \"prompt\": \"Tap a horse\", \"pieces\": \"characters\","
    "  \"rule\": \"name\", \"piece\": \"horse\" }", NULL);
  g_autoptr(XqLessonFile) plain = load_exercise (
    "{ \"id\": \"l\", \"kind\": \"match\", \"prompt\": \"Tap a horse\", \"rule\": \"name\", \"piece\": \"horse\" }",
    NULL);
  XqExercise *pic = first (pictures), *chr = first (characters), *own = first (plain);

  g_assert_cmpint (pic->pieces, ==, XQ_EXERCISE_PIECES_PICTOGRAM);
  g_assert_cmpint (chr->pieces, ==, XQ_EXERCISE_PIECES_CHARACTERS);
  g_assert_cmpint (own->pieces, ==, XQ_EXERCISE_PIECES_LEARNER);
  /* Pictures whatever the learner chose; characters: the learner's own
   * characters, or the script's (traditional in the C locale) for a
   * learner who chose pictures; the default follows the learner. */
  for (int set = 0; set < XQ_N_PIECE_SETS; set++)
    {
      g_assert_cmpint (xq_exercise_piece_set (pic, set), ==, XQ_PIECE_SET_PICTOGRAM);
      g_assert_cmpint (xq_exercise_piece_set (own, set), ==, set);
      g_assert_cmpint (xq_exercise_piece_set (chr, set), ==,
                       xq_piece_set_has_characters (set) ? set : XQ_PIECE_SET_TRADITIONAL);
    }
  assert_refused ("match", "\"pieces\": \"pictures\", \"rule\": \"name\", \"piece\": \"horse\"",
                  "$.exercises[0].pieces: “pictures” is not one of: learner, pictogram, characters");
  assert_refused ("match", "\"pieces\": 3, \"rule\": \"name\", \"piece\": \"horse\"", "$.exercises[0].pieces");

  /* The lesson writer keeps it, after the position. */
  {
    g_autoptr(JsonNode) node = json_from_string ("{ \"rule\": \"name\", \"pieces\": \"pictogram\", \"id\": \"p\","
                                                  " \"fen\": \"" MIXED "\" }", NULL);
    g_autofree char *text = xq_lesson_write_object (json_node_get_object (node), NULL);
    const char *fen = strstr (text, "\"fen\""), *pieces = strstr (text, "\"pieces\"");

    g_test_message ("%s", text);
    g_assert_nonnull (strstr (text, "pictogram"));

    g_assert_nonnull (fen);
    g_assert_nonnull (pieces);
    g_assert_true (fen < pieces && pieces < strstr (text, "\"rule\""));
  }

  /* A worksheet draws the bridge in pictures and the rest in its own set. */
  {
    g_autoptr(XqWorksheet) sheet = xq_worksheet_new ();
    XqLessonFile file = { .type = XQ_LESSON_FILE_UNIT };
    g_autoptr(GPtrArray) exercises = g_ptr_array_new ();
    XqUnit unit = { .id = (char *) "t", .exercises = exercises };

    g_ptr_array_add (exercises, pic);
    g_ptr_array_add (exercises, own);
    g_ptr_array_add (exercises, chr);
    file.unit = &unit;
    xq_answer_add_to_worksheet (sheet, &file, XQ_NOTATION_ZH_HANT, NULL);
    g_assert_cmpint (xq_worksheet_get_pieces (sheet, 0), ==, XQ_PIECE_SET_PICTOGRAM);
    g_assert_cmpint (xq_worksheet_get_pieces (sheet, 1), ==, XQ_PIECE_SET_TRADITIONAL);
    g_assert_cmpint (xq_worksheet_get_pieces (sheet, 2), ==, XQ_PIECE_SET_TRADITIONAL);
  }
}

/* The bridge of unit 2: the same pieces in pictures, named by their
 * characters, then in characters again. */
static void
test_pieces_bridge (void)
{
  const XqUnit *unit = unit_by_id ("pieces-2");
  int pictures = 0, pairs = 0, characters = 0;

  for (guint i = 0; i < unit->exercises->len; i++)
    {
      const XqExercise *ex = g_ptr_array_index (unit->exercises, i);

      if (ex->pieces == XQ_EXERCISE_PIECES_PICTOGRAM)
        {
          pictures++;
          pairs += g_strcmp0 (xq_exercise_get_field (ex, "rule"), "pair") == 0;
          /* Each names its piece by a character, which the picture teaches. */
          g_assert_true (strstr (ex->prompt, "馬") || strstr (ex->prompt, "俥") || strstr (ex->prompt, "砲") ||
                         strstr (ex->prompt, "相"));
        }
      characters += ex->pieces == XQ_EXERCISE_PIECES_CHARACTERS;
      /* Pictures come before the characters they lead to. */
      if (ex->pieces == XQ_EXERCISE_PIECES_PICTOGRAM)
        g_assert_cmpint (characters, ==, 0);
    }
  g_assert_cmpint (pictures, >=, 5);
  g_assert_cmpint (pairs, >=, 2);
  g_assert_cmpint (characters, >=, 2);
}

/* ---- The match kind -------------------------------------------------------- */


static XqVerdict *
tap (XqAttempt *a, const char *point)
{
  XqInput in = { .type = XQ_INPUT_TAP, .sq = sq (point) };
  return xq_attempt_input (a, &in);
}

static void
test_match_name (void)
{
  g_autoptr(XqLessonFile) file = load_exercise (
    "{ \"id\": \"h\", \"kind\": \"match\", \"prompt\": \"Tap a horse\", \"fen\": \"" MIXED "\","
    "  \"rule\": \"name\", \"piece\": \"horse\" }", NULL);
  XqExercise *ex = first (file);
  XqAnswer answer = answer_of (ex);
  XqAttempt a;
  g_autoptr(XqVerdict) empty = NULL;
  g_autoptr(XqVerdict) cannon = NULL;
  g_autoptr(XqVerdict) right = NULL;
  g_autofree char *key = xq_exercise_answer_key (ex, NULL);

  /* Every horse, red and black, read off the board. */
  g_assert_cmpint (answer.n_points, ==, 4);
  g_assert_cmpstr (key, ==, "h0, g2, c7, g7");
  g_assert_cmpstr (xq_exercise_get_field (ex, "side"), ==, "any");
  g_assert_cmpstr (xq_exercise_get_field (ex, "select"), ==, "one");

  xq_attempt_init (&a, ex);
  g_assert_false (xq_attempt_wants_check (&a));
  empty = tap (&a, "e4");
  g_assert_cmpint (empty->kind, ==, XQ_VERDICT_WRONG);
  g_assert_cmpstr (empty->message, ==, "There is no piece on that point. Look for the horse (傌, 馬).");
  g_assert_true (xq_lesson_marks_has (&empty->marks, XQ_LESSON_MARK_CROSS, XQ_LESSON_ROLE_WRONG, sq ("e4"), XQ_NO_SQUARE));
  /* The reason names what was tapped. */
  cannon = tap (&a, "b2");
  g_assert_cmpint (cannon->kind, ==, XQ_VERDICT_WRONG);
  g_assert_cmpstr (cannon->message, ==, "That is the red cannon (炮). Look for the horse (傌, 馬).");
  right = tap (&a, "c7");
  g_assert_cmpint (right->kind, ==, XQ_VERDICT_CORRECT);
  g_assert_true (xq_lesson_marks_has (&right->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_CORRECT, sq ("c7"), XQ_NO_SQUARE));
  g_assert_true (a.solved);
  g_assert_cmpint (a.stars, ==, 1);  /* two slips */
  xq_attempt_clear (&a);

  /* A clean answer earns three stars. */
  xq_attempt_init (&a, ex);
  {
    g_autoptr(XqVerdict) v = tap (&a, "h0");
    g_assert_cmpint (v->kind, ==, XQ_VERDICT_CORRECT);
  }
  g_assert_cmpint (a.stars, ==, 3);
  xq_attempt_clear (&a);
}

static void
test_match_name_side_all (void)
{
  g_autoptr(XqLessonFile) file = load_exercise (
    "{ \"id\": \"s\", \"kind\": \"match\", \"prompt\": \"Every red soldier\", \"fen\": \"" MIXED "\","
    "  \"rule\": \"name\", \"piece\": \"soldier\", \"side\": \"red\", \"select\": \"all\" }", NULL);
  XqExercise *ex = first (file);
  XqAttempt a;
  XqInput check = { .type = XQ_INPUT_CHECK };
  const char *const soldiers[] = { "a3", "e3", "i3", "c4" };

  g_assert_cmpint (answer_of (ex).n_points, ==, 4);
  xq_attempt_init (&a, ex);
  g_assert_true (xq_attempt_wants_check (&a));
  {
    /* A black soldier is the wrong side: said at once. */
    g_autoptr(XqVerdict) v = tap (&a, "a6");
    g_assert_cmpint (v->kind, ==, XQ_VERDICT_WRONG);
    g_assert_cmpstr (v->message, ==, "That is the black soldier (卒). Look for the red soldier (兵).");
    g_assert_cmpint (a.n_taps, ==, 0);
  }
  for (guint i = 0; i < G_N_ELEMENTS (soldiers) - 1; i++)
    {
      g_autoptr(XqVerdict) v = tap (&a, soldiers[i]);
      g_assert_cmpint (v->kind, ==, XQ_VERDICT_INCOMPLETE);
    }
  {
    g_autoptr(XqVerdict) early = xq_attempt_input (&a, &check);
    g_assert_cmpint (early->kind, ==, XQ_VERDICT_INCOMPLETE);
    g_assert_cmpstr (early->message, ==, "Right! There are more to find.");
  }
  {
    g_autoptr(XqVerdict) v = tap (&a, soldiers[3]);
    g_autoptr(XqVerdict) done = NULL;
    g_assert_cmpstr (v->message, ==, "Press Check when you are ready.");
    done = xq_attempt_input (&a, &check);
    g_assert_cmpint (done->kind, ==, XQ_VERDICT_CORRECT);
  }
  g_assert_cmpint (a.stars, ==, 2);
  xq_attempt_clear (&a);
}

static void
test_match_pair (void)
{
  g_autoptr(XqLessonFile) file = load_exercise (
    "{ \"id\": \"p\", \"kind\": \"match\", \"prompt\": \"Partner\", \"fen\": \"" MIXED "\","
    "  \"rule\": \"pair\", \"square\": \"h0\" }", NULL);
  XqExercise *ex = first (file);
  XqLessonMarks marks;
  XqAttempt a;

  /* The red horse's partners are the two black horses. */
  g_assert_cmpint (answer_of (ex).n_points, ==, 2);
  g_assert_true (is_answer_point (ex, sq ("c7")) && is_answer_point (ex, sq ("g7")));
  /* The marked piece shows in the picture and on the board. */
  xq_exercise_picture (ex, &marks);
  g_assert_true (xq_lesson_marks_has (&marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_TARGET, sq ("h0"), XQ_NO_SQUARE));
  xq_attempt_init (&a, ex);
  g_assert_true (xq_lesson_marks_has (&a.base_marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_TARGET, sq ("h0"), XQ_NO_SQUARE));
  {
    g_autoptr(XqVerdict) self = tap (&a, "h0");
    g_autoptr(XqVerdict) same = tap (&a, "g2");
    g_autoptr(XqVerdict) other = tap (&a, "c6");
    g_autoptr(XqVerdict) right = NULL;

    g_assert_cmpint (self->kind, ==, XQ_VERDICT_WRONG);
    g_assert_cmpstr (self->message, ==, "That is the marked piece itself. Look for the black horse (馬).");
    g_assert_cmpint (same->kind, ==, XQ_VERDICT_WRONG);
    g_assert_cmpstr (same->message, ==, "That is a red horse (傌) too, but on the same side. Look for the black horse (馬).");
    g_assert_cmpint (other->kind, ==, XQ_VERDICT_WRONG);
    g_assert_cmpstr (other->message, ==, "That is the black chariot (車). Look for the black horse (馬).");
    g_assert_true (xq_lesson_marks_has (&other->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_TARGET, sq ("h0"), XQ_NO_SQUARE));
    right = tap (&a, "g7");
    g_assert_cmpint (right->kind, ==, XQ_VERDICT_CORRECT);
  }
  xq_attempt_clear (&a);
}

/* The ladder: the piece (the marked one, or its characters), one point,
 * then every point. */
static void
test_match_hints (void)
{
  g_autoptr(XqLessonFile) pair_file = load_exercise (
    "{ \"id\": \"p\", \"kind\": \"match\", \"prompt\": \"Partner\", \"fen\": \"" MIXED "\","
    "  \"rule\": \"pair\", \"square\": \"c4\" }", NULL);
  g_autoptr(XqLessonFile) name_file = load_exercise (
    "{ \"id\": \"n\", \"kind\": \"match\", \"prompt\": \"Cannon\", \"fen\": \"" MIXED "\","
    "  \"rule\": \"name\", \"piece\": \"cannon\", \"side\": \"black\" }", NULL);
  XqAttempt a;

  xq_attempt_init (&a, first (pair_file));
  {
    g_autoptr(XqHint) h1 = xq_attempt_hint (&a, 1);
    g_autoptr(XqHint) h2 = xq_attempt_hint (&a, 2);
    g_autoptr(XqHint) h3 = xq_attempt_hint (&a, 3);

    g_assert_cmpstr (h1->text, ==, "Look at the marked piece. Its partner is the black soldier (卒): the same piece for the other side.");
    g_assert_true (xq_lesson_marks_has (&h1->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_TARGET, sq ("c4"), XQ_NO_SQUARE));
    g_assert_cmpint (h2->marks.n_marks, ==, 1);
    g_assert_cmpint (h2->marks.marks[0].role, ==, XQ_LESSON_ROLE_MISSING);
    g_assert_true (is_answer_point (a.ex, h2->marks.marks[0].sq));
    g_assert_cmpint (h3->marks.n_marks, ==, 3);  /* the three black soldiers */
    g_assert_cmpstr (h3->text, ==, "Here is the answer. Now you try!");
  }
  xq_attempt_clear (&a);

  xq_attempt_init (&a, first (name_file));
  {
    g_autoptr(XqHint) h1 = xq_attempt_hint (&a, 1);
    g_assert_cmpstr (h1->text, ==, "Look for the character of the black cannon (砲).");
    g_assert_cmpint (h1->marks.n_marks, ==, 0);
  }
  xq_attempt_clear (&a);
}

static void
test_match_refuses (void)
{
  struct { const char *json; const char *problem; } cases[] = {
    { "\"rule\": \"name\"", "missing required key “piece”" },
    { "\"rule\": \"name\", \"piece\": \"dragon\"", "$.exercises[0].piece" },
    { "\"rule\": \"pair\"", "missing required key “square”" },
    { "\"rule\": \"pair\", \"square\": \"e4\"", "there is no piece on e4" },
    { "\"rule\": \"pair\", \"square\": \"e0\", \"piece\": \"horse\"", "$.exercises[0].piece" },
    { "\"rule\": \"name\", \"piece\": \"chariot\", \"side\": \"black\", \"fen\": \"4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1\"",
      "there is no black chariot (車) on the board" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    assert_refused ("match", cases[i].json, cases[i].problem);
}

static void
test_match_fields (void)
{
  const XqKind *kind = xq_kind_by_name ("match");
  const XqKindField *piece, *square;

  g_assert_nonnull (kind);
  g_assert_true (kind->input & XQ_KIND_INPUT_TAP);
  piece = xq_kind_find_field (kind, "piece");
  square = xq_kind_find_field (kind, "square");
  g_assert_nonnull (piece);
  g_assert_cmpint (piece->type, ==, XQ_FIELD_ENUM);
  g_assert_true (xq_kind_field_required (piece, "name"));
  g_assert_false (xq_kind_field_applies (piece, "pair"));
  g_assert_nonnull (square);
  g_assert_cmpint (square->type, ==, XQ_FIELD_POINT);
  g_assert_true (xq_kind_field_required (square, "pair"));
  g_assert_false (xq_kind_field_applies (square, "name"));
}

/* The shipped unit: both questions, every piece type asked about. */
static void
test_pieces_unit (void)
{
  const char *const ids[] = { "pieces", "pieces-2" };
  gboolean asked[XQ_N_TYPES] = { FALSE };
  int pairs = 0;

  /* The names first, then the partners and the pictures. */
  for (guint u = 0; u < G_N_ELEMENTS (ids); u++)
    {
      const XqUnit *unit = unit_by_id (ids[u]);

      for (guint i = 0; i < unit->exercises->len; i++)
        {
          const XqExercise *ex = g_ptr_array_index (unit->exercises, i);
          XqAnswer answer = answer_of (ex);
          gboolean pair = g_strcmp0 (xq_exercise_get_field (ex, "rule"), "pair") == 0;

          g_assert_true (xq_exercise_is (ex, "match"));
          g_assert_cmpint (answer.n_points, >=, 1);
          asked[xq_piece_type (ex->position.board[answer.points[0]])] = TRUE;
          g_assert_true (u == 1 || !pair);
          pairs += pair;
        }
    }
  for (int t = XQ_KING; t < XQ_N_TYPES; t++)
    g_assert_true (asked[t]);
  g_assert_cmpint (pairs, >=, 7);
}

int
main (int argc, char *argv[])
{
  /* The messages are compared in the source language. */
  setlocale (LC_ALL, "C.UTF-8");
  g_setenv ("LANGUAGE", "C", TRUE);
  xq_test_isolate_dirs ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/data/curriculum/mate/names-the-win", test_mate_names_the_win);
  g_test_add_func ("/data/curriculum/mate/every-win-accepted", test_every_win_accepted);
  g_test_add_func ("/data/curriculum/text/win-condition", test_win_condition);
  g_test_add_func ("/data/curriculum/text/draw-rules-split", test_draw_rules_split);
  g_test_add_func ("/data/curriculum/start-points-empty", test_start_points_empty);
  g_test_add_func ("/data/curriculum/text/pages-with-boards", test_pages_with_boards);
  g_test_add_func ("/data/curriculum/chariot-intro-arrows", test_chariot_intro_arrows);
  g_test_add_func ("/data/curriculum/demonstrations", test_demonstrations);
  g_test_add_func ("/data/curriculum/units-in-order", test_units_in_order);
  g_test_add_func ("/data/curriculum/unit-lengths", test_unit_lengths);
  g_test_add_func ("/data/curriculum/tactics-counts", test_tactics_counts);
  g_test_add_func ("/data/curriculum/pack-examples", test_pack_examples);
  g_test_add_func ("/data/curriculum/moved-exercises", test_moved_exercises);
  g_test_add_func ("/data/curriculum/old-progress", test_old_progress);
  g_test_add_func ("/data/curriculum/mating-unit", test_mating_unit);
  g_test_add_func ("/data/curriculum/endgames-played-out", test_endgames_played_out);
  g_test_add_func ("/data/curriculum/pieces-unit", test_pieces_unit);
  g_test_add_func ("/data/curriculum/escape/core", test_escape_core);
  g_test_add_func ("/data/curriculum/escape/technique", test_escape_technique);
  g_test_add_func ("/data/curriculum/escape/refuses", test_escape_refuses);
  g_test_add_func ("/data/curriculum/escape/shipped", test_escape_shipped);
  g_test_add_func ("/data/curriculum/check-with-each-piece", test_check_with_each_piece);
  g_test_add_func ("/data/curriculum/control-points", test_control_points);
  g_test_add_func ("/data/curriculum/pieces/field", test_pieces_field);
  g_test_add_func ("/data/curriculum/pieces/bridge", test_pieces_bridge);
  g_test_add_func ("/data/curriculum/match/name", test_match_name);
  g_test_add_func ("/data/curriculum/match/name-side-all", test_match_name_side_all);
  g_test_add_func ("/data/curriculum/match/pair", test_match_pair);
  g_test_add_func ("/data/curriculum/match/hints", test_match_hints);
  g_test_add_func ("/data/curriculum/match/refuses", test_match_refuses);
  g_test_add_func ("/data/curriculum/match/fields", test_match_fields);

  return g_test_run ();
}
