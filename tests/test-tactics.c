/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The "win material in N" search (src/core/xq-tactics.h) on positions
 * checked by hand: a fork that wins a chariot, a capture that loses the
 * capturer back, a fork refuted by a pin, a mate counted as a win, the
 * exchange after the horizon, and the budget; and "check in n". */
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

/* Check in n, checked against a plain enumeration: m forces a check in
 * two when it gives check, or every legal reply leaves a legal move that
 * gives check. */
static gboolean
oracle_check_in_two (XqPosition *pos, XqMove m)
{
  XqMove replies[XQ_MAX_MOVES], moves[XQ_MAX_MOVES];
  XqUndo u1, u2;
  gboolean all = TRUE;
  int n;

  if (xq_position_gives_check (pos, m))
    return TRUE;
  xq_position_do_move (pos, m, &u1);
  n = xq_position_legal_moves (pos, replies);
  for (int i = 0; i < n && all; i++)
    {
      gboolean any = FALSE;
      int k;

      xq_position_do_move (pos, replies[i], &u2);
      k = xq_position_legal_moves (pos, moves);
      for (int j = 0; j < k && !any; j++)
        any = xq_position_gives_check (pos, moves[j]);
      xq_position_undo_move (pos, replies[i], &u2);
      all = any;
    }
  xq_position_undo_move (pos, m, &u1);
  return all;
}

/* The Black general on e9 is boxed in by its advisors and elephants, and
 * the Red chariot on a0 has no check now (rank 9 is shut by the elephant
 * on c9).  Up the file to a8 it threatens e8 (check from below) and along
 * the rank; whatever Black does, a check follows.  Every key agrees with
 * the enumeration, on this position and on two from the checks unit. */
#define CHECK_IN_TWO "2bakab2/9/9/9/9/9/9/9/9/R2K5 w - - 0 1"

static void
test_check_in (void)
{
  static const char *const fens[] = {
    CHECK_IN_TWO,
    "4kab2/9/4b4/1c1cp4/3N4N/4P4/2P3PR1/2n6/9/4KAB2 w - - 0 1",
    "3akn3/8N/3n5/9/8P/6P2/4P4/7R1/9/4K4 w - - 0 1",
  };
  XqPosition pos;
  XqMove keys[XQ_MAX_MOVES], moves[XQ_MAX_MOVES], reply, next;
  gboolean complete = FALSE;
  int k, n;

  load (&pos, CHECK_IN_TWO);
  /* No check in one. */
  g_assert_cmpint (xq_tactic_check_keys (&pos, 1, XQ_TACTIC_BUDGET, keys), ==, 0);
  k = xq_tactic_check_keys (&pos, 2, XQ_TACTIC_BUDGET, keys);
  g_assert_cmpint (k, >=, 1);
  for (int i = 0; i < k; i++)
    g_assert_true (keys[i] != mv ("a0a1"));
  g_assert_true (xq_tactic_check_line (&pos, mv ("a0a8"), 2, XQ_TACTIC_BUDGET, &reply, &next, &complete));
  g_assert_true (complete);
  g_assert_cmpint (reply, !=, XQ_MOVE_NONE);
  g_assert_cmpint (next, !=, XQ_MOVE_NONE);
  /* The shown line is real: after the reply, the next move gives check. */
  {
    XqPosition after = pos;
    XqUndo u;

    xq_position_do_move (&after, mv ("a0a8"), &u);
    g_assert_true (xq_position_is_legal (&after, reply));
    xq_position_do_move (&after, reply, &u);
    g_assert_true (xq_position_is_legal (&after, next));
    g_assert_true (xq_position_gives_check (&after, next));
  }
  /* a0a1 threatens only e1, and the advisor's step to e8 shuts the file:
   * the refutation is named. */
  g_assert_false (xq_tactic_check_line (&pos, mv ("a0a1"), 2, XQ_TACTIC_BUDGET, &reply, &next, &complete));
  g_assert_true (complete);
  g_assert_cmpint (next, ==, XQ_MOVE_NONE);
  g_assert_cmpint (reply, !=, XQ_MOVE_NONE);
  for (guint f = 0; f < G_N_ELEMENTS (fens); f++)
    {
      load (&pos, fens[f]);
      k = xq_tactic_check_keys (&pos, 2, XQ_TACTIC_BUDGET, keys);
      n = xq_position_legal_moves (&pos, moves);
      g_assert_cmpint (k, >=, 1);
      for (int i = 0; i < n; i++)
        {
          gboolean is = FALSE;

          for (int j = 0; j < k; j++)
            is |= keys[j] == moves[i];
          g_assert_cmpint (is, ==, oracle_check_in_two (&pos, moves[i]));
        }
    }
  /* Out of work: no verdict. */
  load (&pos, CHECK_IN_TWO);
  g_assert_cmpint (xq_tactic_check_keys (&pos, 3, 5, keys), ==, -1);
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
  g_test_add_func ("/tactics/check-in", test_check_in);
  return g_test_run ();
}
