/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The "win material in N" search (src/core/xq-tactics.h) on positions
 * checked by hand: a fork that wins a chariot, a capture that loses the
 * capturer back, a fork refuted by a pin, a mate counted as a win, the
 * exchange after the horizon, and the budget. */
#include "config.h"

#include "xq-material.h"
#include "xq-tactics.h"

static void
load (XqPosition *pos, const char *fen)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (xq_position_set_fen (pos, fen, &error));
  g_assert_no_error (error);
}

static XqMove
mv (const char *iccs)
{
  XqMove m = xq_move_from_iccs (iccs);

  g_assert_cmpint (m, !=, XQ_MOVE_NONE);
  return m;
}

/* Full armies; the Red horse on h6 jumps to g8: check, and the chariot on
 * i9 is attacked too.  The general must step (e8), and the horse takes the
 * chariot, which nothing takes back: 9 points in two moves, and nothing in
 * one. */
#define FORK "rnbakab1r/9/1c7/p1p1p1pNp/9/9/P1P1P1P1P/1C7/9/R1BAKAB2 w - - 0 1"

static void
test_fork (void)
{
  XqPosition pos;
  XqTactic t;
  XqMove keys[XQ_MAX_MOVES];
  gboolean complete = FALSE;

  load (&pos, FORK);
  g_assert_true (xq_tactic_solve (&pos, 2, XQ_TACTIC_BUDGET, &t));
  g_assert_cmpint (t.value, ==, 9 * XQ_VALUE_POINT);
  g_assert_cmpint (t.n_line, >=, 3);
  g_assert_cmpint (t.line[0], ==, mv ("h6g8"));
  g_assert_cmpint (t.line[1], ==, mv ("e9e8"));
  g_assert_cmpint (t.line[2], ==, mv ("g8i9"));
  /* The only first move that wins 8 points or more. */
  g_assert_cmpint (xq_tactic_keys (&pos, 2, 8 * XQ_VALUE_POINT, XQ_TACTIC_BUDGET, keys), ==, 1);
  g_assert_cmpint (keys[0], ==, mv ("h6g8"));
  g_assert_true (xq_tactic_move_wins (&pos, mv ("h6g8"), 2, 9 * XQ_VALUE_POINT, XQ_TACTIC_BUDGET, &complete));
  g_assert_true (complete);
  g_assert_false (xq_tactic_move_wins (&pos, mv ("h6g8"), 2, 9 * XQ_VALUE_POINT + 1, XQ_TACTIC_BUDGET, &complete));
  g_assert_true (complete);
  /* In one move nothing is won: every capture is taken back or there is none. */
  g_assert_true (xq_tactic_solve (&pos, 1, XQ_TACTIC_BUDGET, &t));
  g_assert_cmpint (t.value, ==, 0);
  g_assert_cmpint (xq_tactic_keys (&pos, 1, XQ_VALUE_POINT, XQ_TACTIC_BUDGET, keys), ==, 0);
}

/* The obvious capture: the Red chariot takes the horse on c6, and the
 * Black chariot on b6 takes back: 4 won, 9 lost. */
static void
test_taken_back (void)
{
  XqPosition pos;
  XqTactic t;

  load (&pos, "2bakab2/9/9/1rn6/9/9/4P4/9/2R6/3AKAB2 w - - 0 1");
  g_assert_true (xq_tactic_solve_move (&pos, mv ("c1c6"), 1, XQ_TACTIC_BUDGET, &t));
  g_assert_cmpint (t.value, ==, 4 * XQ_VALUE_POINT - 9 * XQ_VALUE_POINT);
  g_assert_cmpint (t.n_line, ==, 2);
  g_assert_cmpint (t.line[1], ==, mv ("b6c6"));
  /* So the best in one move wins nothing. */
  g_assert_true (xq_tactic_solve (&pos, 1, XQ_TACTIC_BUDGET, &t));
  g_assert_cmpint (t.value, ==, 0);
}

/* The horse's fork on e5 (chariot c6, cannon g6) looks like a win, but
 * the chariot answers to e6: it pins the horse to the Red general along
 * file e and attacks it, so the horse is lost.  Counter-attacks count. */
static void
test_fork_refuted_by_pin (void)
{
  XqPosition pos;
  XqTactic t;

  load (&pos, "3akab2/9/4b4/2r3c2/9/2P6/3N5/9/9/3AKAB2 w - - 0 1");
  g_assert_true (xq_tactic_solve_move (&pos, mv ("d3e5"), 2, XQ_TACTIC_BUDGET, &t));
  g_assert_cmpint (t.value, ==, -4 * XQ_VALUE_POINT);
  g_assert_cmpint (t.line[1], ==, mv ("c6e6"));
  g_assert_true (xq_tactic_solve (&pos, 2, XQ_TACTIC_BUDGET, &t));
  g_assert_cmpint (t.value, ==, 0);
}

/* A mate is a win, worth more than any material. */
static void
test_mate_counts (void)
{
  XqPosition pos;
  XqTactic t;

  load (&pos, "4k4/7R1/9/9/9/9/9/9/R8/3K5 w - - 0 1");
  g_assert_true (xq_tactic_solve (&pos, 1, XQ_TACTIC_BUDGET, &t));
  g_assert_true (xq_tactic_is_mate (t.value));
  g_assert_cmpint (t.value, >, 0);
  g_assert_cmpint (t.line[0], ==, mv ("a1a9"));
  g_assert_true (xq_tactic_move_wins (&pos, mv ("a1a9"), 1, 50 * XQ_VALUE_POINT, XQ_TACTIC_BUDGET, NULL));
}

/* The exchange after the horizon: a capture in the last reply is taken
 * back on the point it captured on. */
static void
test_exchange_after_horizon (void)
{
  XqPosition pos;
  XqTactic t;

  /* Red chariot e2 defends e4 along the file; Black's chariot on a4 may
   * take the soldier on e4 (1 point), and Red takes back (9). */
  load (&pos, "3akab2/9/9/9/9/r3P4/9/4R4/9/3AKAB2 b - - 0 1");
  g_assert_true (xq_tactic_solve_move (&pos, mv ("a4e4"), 1, XQ_TACTIC_BUDGET, &t));
  g_assert_cmpint (t.value, ==, XQ_VALUE_POINT - 9 * XQ_VALUE_POINT);
  g_assert_cmpint (t.line[1], ==, mv ("e2e4"));
}

/* Out of work: no verdict, never a wrong one. */
static void
test_budget (void)
{
  XqPosition pos;
  XqTactic t;
  XqMove keys[XQ_MAX_MOVES];

  load (&pos, FORK);
  g_assert_false (xq_tactic_solve (&pos, 3, 50, &t));
  g_assert_false (t.complete);
  g_assert_cmpint (xq_tactic_keys (&pos, 2, 10, 50, keys), ==, -1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tactics/fork", test_fork);
  g_test_add_func ("/tactics/taken-back", test_taken_back);
  g_test_add_func ("/tactics/fork-refuted-by-pin", test_fork_refuted_by_pin);
  g_test_add_func ("/tactics/mate-counts", test_mate_counts);
  g_test_add_func ("/tactics/exchange-after-horizon", test_exchange_after_horizon);
  g_test_add_func ("/tactics/budget", test_budget);
  return g_test_run ();
}
