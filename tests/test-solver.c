/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of the exact mate solver: known mates in 1 to 7, stalemate wins,
 * quiet keys, "none" near misses, exact minimal N, the longest defence,
 * the drill's "still winning" predicate and the kill-pattern recognisers.
 *
 * Every position was composed for these tests (most found with
 * `xqtool puzzle-gen`) and cross-checked with fairy-stockfish 14
 * (`ucci`, UCI_Variant xiangqi, `position fen F`, `go mate N` with N our
 * answer).  What it reported is in the comment of each row.  Note that
 * `go mate N` stops at the first mate within N it meets, so it often
 * reports a longer mate when N is larger than needed; minimality is
 * this solver's own proof (and `go mate N-1` found nothing shorter where
 * noted).  Beyond these rows, 40 puzzles from `xqtool puzzle-gen --seed
 * 101..104 --count 10 --mate 1..4` all got the same N and the same (unique)
 * key from fairy-stockfish.
 */
#define G_LOG_DOMAIN "test-solver"

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/wait.h>

#include "xq-patterns.h"
#include "xq-solver.h"
#include "xq-test-dirs.h"
#include "xq-test-xqtool.h"

typedef struct {
  const char *name;
  const char *fen;
  int         max;
  int         mate;   /* 0: "none" within max */
  const char *keys;   /* sorted ICCS, space separated */
} SolveCase;

static const SolveCase solve_cases[] = {
  /* fsf: mate 1, bestmove e1d1.  e1e8 wins too, by stalemate (困斃). */
  { "mate1-two-keys", "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1", 3, 1, "e1d1 e1e8" },
  /* fsf: mate 1, bestmove c5d7.  The only win leaves Black without a move
   * and not in check: a stalemate win with a quiet horse move. */
  { "mate1-stalemate-only", "5k3/9/9/3N5/2N6/9/9/9/9/3K5 w - - 0 1", 3, 1, "c5d7" },
  /* fsf: mate 2, bestmove i3i8 ponder e9d9 (quiet key); go mate 1 -> mate 2. */
  { "mate2-quiet", "4k4/9/9/4C4/9/9/8R/9/9/4K4 w - - 0 1", 4, 2, "i3i8" },
  /* fsf: mate 2, bestmove g5h7 ponder e8e7. */
  { "mate2", "3P5/4k4/9/9/6N2/9/9/9/9/3K5 w - - 0 1", 4, 2, "g5h7" },
  /* fsf: go mate 3 -> mate 3 d1e1 ponder i7g9; go mate 6 -> mate 4 i4i7;
   * go mate 2 -> mate 3.
   * The key is a quiet general move (白臉將 + 重炮). */
  { "mate3-king-key", "9/3k5/8b/9/2CC5/8R/9/9/3K5/9 w - - 0 1", 5, 3, "d1e1" },
  /* fsf: mate 3, bestmove c4e5 ponder e8e9 (quiet key); go mate 2 -> mate 3. */
  { "mate3-quiet-horse", "9/1N2k4/3a1a3/9/9/2N6/9/3K5/9/9 w - - 0 1", 5, 3, "c4e5" },
  /* The mate3-king-key position turned round: Black attacks.
   * fsf: mate 3, bestmove f8e8 ponder a2c0. */
  { "mate3-black", "9/5k3/9/9/r8/5cc2/9/B8/5K3/9 b - - 0 1", 5, 3, "f8e8" },
  /* fsf: go mate 4 -> mate 4 a0f0 ponder e9e8 (go mate 3 -> mate 4 after 5.7 s). */
  { "mate4", "4kC3/9/bN7/9/9/9/9/9/3K5/R4p3 w - - 0 1", 5, 4, "a0f0" },
  /* fsf: mate 4, bestmove c0f0 ponder f7f8. */
  { "mate4-double-cannon", "9/9/4bk3/9/2b6/9/1RC6/9/9/2C1Kp3 w - - 0 1", 5, 4, "c0f0" },
  /* fsf: mate 5, bestmove f0g2 ponder g9e7 (quiet key). */
  { "mate5-two-horses", "6b2/9/3N1k3/9/9/9/9/4K4/9/5N3 w - - 0 1", 5, 5, "f0g2" },
  /* fsf: mate 5, bestmove h3e3 ponder d7d8; go mate 4: no answer in 40 s. */
  { "mate5", "9/9/3k5/9/1C7/3p5/7R1/3K5/9/9 w - - 0 1", 5, 5, "h3e3" },
  /* fsf: mate 6, bestmove i0i2 ponder e7g5 (quiet key). */
  { "mate6", "9/5k3/4b4/9/9/9/9/8p/3KN4/8R w - - 0 1", 6, 6, "i0i2" },
  /* fsf: mate 6, bestmove b8d9 ponder f8e8. */
  { "mate6-horses", "2ba2P2/1N3k3/4b4/9/9/9/9/3K5/8N/9 w - - 0 1", 6, 6, "b8d9" },
  /* Crowded positions of a published kill collection (issue 29): the
   * time limit lets the app prove them; the work budget alone refused
   * them before.
   * fsf: `go mate 4` finds mate 4 (d8e8), `go mate 5` mate 5 (c8e7). */
  { "dense-mate4", "C3kab2/3RaR3/6c2/3N2r2/1N1n5/9/9/4BC3/4A2r1/3A1K2c w - - 0 1", 7, 4,
    "d8e8 f8e8" },
  { "dense-mate5", "3k5/2N2R3/b2cn4/2p1N4/4p4/4C4/6r2/4cR3/2p1pr3/3K3C1 w - - 0 1", 7, 5,
    "c8e7" },
  { "none-dense-mate4-at-3", "C3kab2/3RaR3/6c2/3N2r2/1N1n5/9/9/4BC3/4A2r1/3A1K2c w - - 0 1", 3, 0,
    NULL },
  { "none-dense-mate5-at-4", "3k5/2N2R3/b2cn4/2p1N4/4p4/4C4/6r2/4cR3/2p1pr3/3K3C1 w - - 0 1", 4, 0,
    NULL },
  /* Crowded positions from the computer's own games (tools/game-mates.fen),
   * asked with room to spare, so the proof-number path must find the
   * distance below its first proof; and one move short, where every first
   * move must be refuted. */
  { "game-mate3-two-keys", "3a5/3k5/3a4R/P2P5/4PP2P/R8/5N3/9/9/2BAKAB2 w - - 0 1", 6, 3,
    "d6d7 i7i8" },
  { "game-mate4-black", "2baka3/9/9/p1pn2p1p/2b6/6P2/P7P/4B4/3KA4/4r4 b - - 0 1", 6, 4, "d6e4" },
  { "game-mate4-two-keys", "3Nk4/4a4/9/9/4N4/9/4P3P/8B/4A4/2BK5 w - - 0 1", 6, 4, "d9b8 d9c7" },
  { "none-game-mate4-at-3", "3Nk4/4a4/9/9/4N4/9/4P3P/8B/4A4/2BK5 w - - 0 1", 3, 0, NULL },
  /* Near misses: a real mate exists, one move beyond the limit. */
  { "none-mate5-at-4", "9/9/3k5/9/1C7/3p5/7R1/3K5/9/9 w - - 0 1", 4, 0, NULL },
  { "none-mate4-at-3", "4kC3/9/bN7/9/9/9/9/9/3K5/R4p3 w - - 0 1", 3, 0, NULL },
  { "none-mate2-at-1", "4k4/9/9/4C4/9/9/8R/9/9/4K4 w - - 0 1", 1, 0, NULL },
  /* Checks to give, forever if it likes, and no win: a perpetual check is
   * no mate, and no search may take running out of moves for one. */
  { "none-checks-chariot", "3ak4/4a4/9/9/9/9/9/9/4r4/3K1R3 w - - 0 1", 6, 0, NULL },
  { "none-checks-chariot-pair", "3k5/9/3a5/9/9/9/9/9/9/3RK1r2 w - - 0 1", 6, 0, NULL },
  { "none-checks-horse", "4ka3/4a4/9/9/9/9/9/5N3/9/3K5 w - - 0 1", 6, 0, NULL },
  /* No win at all: a lone advisor cannot force anything. */
  { "none-bare", "4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1", 3, 0, NULL },
};

/* These tests check the answers, so they search without the work budget
 * (the deepest cases need more than one proof's budget) or the time limit
 * (a sanitizer build is many times slower); test_budget and
 * test_time_limit check those. */
static XqSolver *
exact_solver (void)
{
  XqSolver *solver = xq_solver_new ();

  xq_solver_set_work_limit (solver, 0);
  xq_solver_set_time_limit (solver, 0);
  return solver;
}

static void
load (XqPosition *pos, const char *fen)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (xq_position_set_fen (pos, fen, &error));
  g_assert_no_error (error);
}

static char *
keys_text (const XqSolution *sol)
{
  GString *s = g_string_new (NULL);

  for (int i = 0; i < sol->n_keys; i++)
    {
      char t[5];
      xq_move_to_iccs (sol->keys[i], t);
      if (i > 0)
        g_string_append_c (s, ' ');
      g_string_append (s, t);
    }
  return g_string_free (s, FALSE);
}

static void
test_solve (gconstpointer data)
{
  const SolveCase *c = data;
  g_autoptr(XqSolver) solver = exact_solver ();
  g_autofree char *keys = NULL;
  XqPosition pos;
  XqSolution sol;
  XqSolveResult r;

  load (&pos, c->fen);
  r = xq_solver_solve (solver, &pos, c->max, &sol);
  if (c->mate == 0)
    {
      g_assert_cmpint (r, ==, XQ_SOLVE_NONE);
      g_assert_cmpint (sol.mate, ==, 0);
      g_assert_cmpint (sol.n_keys, ==, 0);
      return;
    }
  g_assert_cmpint (r, ==, XQ_SOLVE_MATE);
  g_assert_cmpint (sol.mate, ==, c->mate);
  keys = keys_text (&sol);
  g_assert_cmpstr (keys, ==, c->keys);
}

/* The two one-key modes take the same arguments. */
typedef XqSolveResult (*OneKeyMode) (XqSolver *, const XqPosition *, int, XqSolution *);

/* A case without a mate, in a one-key mode: "none", no key.  TRUE when the
 * case was such a one (and is done). */
static gboolean
one_key_no_mate (const SolveCase *c, OneKeyMode mode)
{
  g_autoptr(XqSolver) solver = exact_solver ();
  XqPosition pos;
  XqSolution sol;

  if (c->mate != 0)
    return FALSE;
  load (&pos, c->fen);
  g_assert_cmpint (mode (solver, &pos, c->max, &sol), ==, XQ_SOLVE_NONE);
  g_assert_cmpint (sol.mate, ==, 0);
  g_assert_cmpint (sol.n_keys, ==, 0);
  return TRUE;
}

/* The distance mode (xq_solver_solve_distance) gives the same minimal N
 * and one of the keys, which wins within N by itself; "none" where there
 * is none, one move short included.  The cases hold several keys, a
 * stalemate (困斃) key, quiet keys and perpetual checks that never mate. */
static void
test_distance (gconstpointer data)
{
  const SolveCase *c = data;
  g_autoptr(XqSolver) solver = exact_solver ();
  g_autoptr(XqSolver) checker = exact_solver ();
  g_auto(GStrv) keys = NULL;
  XqPosition pos;
  XqSolution sol;
  char key[5];

  if (one_key_no_mate (c, xq_solver_solve_distance))
    return;
  load (&pos, c->fen);
  g_assert_cmpint (xq_solver_solve_distance (solver, &pos, c->max, &sol), ==, XQ_SOLVE_MATE);
  g_assert_cmpint (sol.mate, ==, c->mate);
  g_assert_cmpint (sol.n_keys, ==, 1);
  xq_move_to_iccs (sol.keys[0], key);
  keys = g_strsplit (c->keys, " ", -1);
  g_assert_true (g_strv_contains ((const char *const *) keys, key));
  /* The key wins within N for a solver that has seen nothing of it. */
  g_assert_cmpint (xq_solver_move_wins_within (checker, &pos, sol.keys[0], c->mate), ==,
                   XQ_SOLVE_MATE);
  if (c->mate > 1)
    {
      g_assert_cmpint (xq_solver_move_wins_within (checker, &pos, sol.keys[0], c->mate - 1), ==,
                       XQ_SOLVE_NONE);
      /* One move short there is nothing, fresh or on the warm table. */
      g_assert_cmpint (xq_solver_solve_distance (solver, &pos, c->mate - 1, &sol), ==,
                       XQ_SOLVE_NONE);
      g_assert_cmpint (sol.n_keys, ==, 0);
      xq_solver_clear (solver);
      g_assert_cmpint (xq_solver_solve_distance (solver, &pos, c->mate - 1, &sol), ==,
                       XQ_SOLVE_NONE);
    }
  /* Asked again on the warm table: the same distance, still a key. */
  g_assert_cmpint (xq_solver_solve_distance (solver, &pos, c->max, &sol), ==, XQ_SOLVE_MATE);
  g_assert_cmpint (sol.mate, ==, c->mate);
  xq_move_to_iccs (sol.keys[0], key);
  g_assert_true (g_strv_contains ((const char *const *) keys, key));
}

/* The within mode (xq_solver_solve_within, fairy-stockfish's `go mate N`
 * question): at the minimal N it proves a win of exactly N with one of the
 * keys; at the case's bound, some win no longer than the bound whose key
 * wins within the length claimed, for a solver that has seen nothing of
 * it; one move short of the minimum, none; with no mate, none. */
static void
test_within (gconstpointer data)
{
  const SolveCase *c = data;
  g_autoptr(XqSolver) solver = exact_solver ();
  g_autoptr(XqSolver) checker = exact_solver ();
  g_auto(GStrv) keys = NULL;
  XqPosition pos;
  XqSolution sol;
  char key[5];

  if (one_key_no_mate (c, xq_solver_solve_within))
    return;
  load (&pos, c->fen);
  g_assert_cmpint (xq_solver_solve_within (solver, &pos, c->max, &sol), ==, XQ_SOLVE_MATE);
  g_assert_cmpint (sol.n_keys, ==, 1);
  g_assert_cmpint (sol.mate, >=, c->mate);
  g_assert_cmpint (sol.mate, <=, c->max);
  g_assert_cmpint (xq_solver_move_wins_within (checker, &pos, sol.keys[0], sol.mate), ==,
                   XQ_SOLVE_MATE);

  xq_solver_clear (solver);
  g_assert_cmpint (xq_solver_solve_within (solver, &pos, c->mate, &sol), ==, XQ_SOLVE_MATE);
  g_assert_cmpint (sol.mate, ==, c->mate);
  xq_move_to_iccs (sol.keys[0], key);
  keys = g_strsplit (c->keys, " ", -1);
  g_assert_true (g_strv_contains ((const char *const *) keys, key));
  if (c->mate > 1)
    {
      xq_solver_clear (solver);
      g_assert_cmpint (xq_solver_solve_within (solver, &pos, c->mate - 1, &sol), ==,
                       XQ_SOLVE_NONE);
    }
}

/* The distance mode says where its work went: the refutations of every
 * shorter distance, the proof of the distance, and the proof-number
 * search's share of both; with no mate, all of it refuted.  The all-keys
 * mode has no such split. */
static void
test_distance_work (void)
{
  g_autoptr(XqSolver) solver = exact_solver ();
  XqPosition pos;
  XqSolution sol;

  /* A mate in 6: the proof-number search runs from n = 4 on. */
  load (&pos, "2ba2P2/1N3k3/4b4/9/9/9/9/3K5/8N/9 w - - 0 1");
  g_assert_cmpint (xq_solver_solve_distance (solver, &pos, 6, &sol), ==, XQ_SOLVE_MATE);
  g_assert_cmpint (sol.mate, ==, 6);
  g_assert_cmpuint (sol.work_shorter, >, 0);
  g_assert_cmpuint (sol.work_shorter, <, sol.work);
  g_assert_cmpuint (sol.work_proof_numbers, >, 0);
  g_assert_cmpuint (sol.work_proof_numbers, <=, sol.work);

  xq_solver_clear (solver);
  g_assert_cmpint (xq_solver_solve_distance (solver, &pos, 5, &sol), ==, XQ_SOLVE_NONE);
  g_assert_cmpuint (sol.work, >, 0);
  g_assert_cmpuint (sol.work_shorter, ==, sol.work);
  g_assert_cmpuint (sol.work_proof_numbers, >, 0);

  /* The all-keys mode: no proof numbers by default, no split. */
  xq_solver_clear (solver);
  g_assert_cmpint (xq_solver_solve (solver, &pos, 6, &sol), ==, XQ_SOLVE_MATE);
  g_assert_cmpuint (sol.work_shorter, ==, 0);
  g_assert_cmpuint (sol.work_proof_numbers, ==, 0);
}

/* The minimal N is exact: no win one move sooner, a win at N, from a
 * fresh table and from one warmed by the other question. */
static void
test_minimal (gconstpointer data)
{
  const SolveCase *c = data;
  g_autoptr(XqSolver) solver = exact_solver ();
  XqPosition pos;

  load (&pos, c->fen);
  g_assert_cmpint (xq_solver_wins_within (solver, &pos, c->mate), ==, XQ_SOLVE_MATE);
  if (c->mate > 1)
    g_assert_cmpint (xq_solver_wins_within (solver, &pos, c->mate - 1), ==, XQ_SOLVE_NONE);
  xq_solver_clear (solver);
  if (c->mate > 1)
    g_assert_cmpint (xq_solver_wins_within (solver, &pos, c->mate - 1), ==, XQ_SOLVE_NONE);
  g_assert_cmpint (xq_solver_wins_within (solver, &pos, c->mate), ==, XQ_SOLVE_MATE);
}

/* The keys of these puzzles give no check: the solver must not limit the
 * attacker to checks. */
static void
test_quiet_keys (void)
{
  static const char *const names[] = {
    "mate1-stalemate-only", "mate2-quiet", "mate3-king-key", "mate3-quiet-horse",
    "mate5-two-horses", "mate6",
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    for (guint j = 0; j < G_N_ELEMENTS (solve_cases); j++)
      if (strcmp (solve_cases[j].name, names[i]) == 0)
        {
          const SolveCase *c = &solve_cases[j];
          g_autoptr(XqSolver) solver = exact_solver ();
          XqPosition pos;
          XqSolution sol;

          load (&pos, c->fen);
          g_assert_cmpint (xq_solver_solve (solver, &pos, c->max, &sol), ==, XQ_SOLVE_MATE);
          g_assert_cmpint (sol.n_keys, ==, 1);
          g_assert_false (xq_position_gives_check (&pos, sol.keys[0]));
        }
}

/* The only win is to leave Black with no move while not in check. */
static void
test_stalemate_win (void)
{
  XqPosition pos;
  XqUndo u;
  XqMove m = xq_move_from_iccs ("c5d7");

  load (&pos, "5k3/9/9/3N5/2N6/9/9/9/9/3K5 w - - 0 1");
  xq_position_do_move (&pos, m, &u);
  g_assert_cmpint (xq_position_status (&pos), ==, XQ_STATUS_STALEMATE);
  g_assert_cmpuint (xq_kill_recognise_final (&pos), ==, 1u << XQ_KILL_STALEMATE);
}

/* Distance of the attacker's fastest win from p (attacker to move). */
static int
distance (XqSolver *solver, const XqPosition *p, int max)
{
  for (int n = 1; n <= max; n++)
    if (xq_solver_wins_within (solver, p, n) == XQ_SOLVE_MATE)
      return n;
  return 0;
}

typedef struct {
  const char *fen;
  const char *key;
  int         k;          /* attacker moves left after the key */
  const char *expected;   /* the longest defence (first in ICCS order among equals) */
} DefenceCase;

static const DefenceCase defence_cases[] = {
  /* After d1e1 Black lasts 2 more moves at best; fsf's ponder move was
   * i7g9, also a 2-move defence. */
  { "9/3k5/8b/9/2CC5/8R/9/9/3K5/9 w - - 0 1", "d1e1", 2, NULL },
  /* After a0f0 (fsf ponder e9e8). */
  { "4kC3/9/bN7/9/9/9/9/9/3K5/R4p3 w - - 0 1", "a0f0", 3, NULL },
  /* After h3e3 (fsf ponder d7d8). */
  { "9/9/3k5/9/1C7/3p5/7R1/3K5/9/9 w - - 0 1", "h3e3", 4, NULL },
};

/* The reply returned delays the win longest: checked against every reply
 * solved on its own. */
static void
test_longest_defence (gconstpointer data)
{
  const DefenceCase *c = data;
  g_autoptr(XqSolver) solver = exact_solver ();
  g_autoptr(XqSolver) judge = exact_solver ();
  XqPosition pos;
  XqMove replies[XQ_MAX_MOVES], reply;
  XqUndo u;
  int n, dist, longest = 0, chosen = -1;

  load (&pos, c->fen);
  xq_position_do_move (&pos, xq_move_from_iccs (c->key), &u);
  g_assert_cmpint (xq_solver_longest_defence (solver, &pos, c->k, &reply, &dist), ==,
                   XQ_SOLVE_MATE);
  g_assert_cmpint (dist, ==, c->k);
  g_assert_true (xq_position_is_legal (&pos, reply));

  n = xq_position_legal_moves (&pos, replies);
  for (int i = 0; i < n; i++)
    {
      XqUndo ru;
      int d;

      xq_position_do_move (&pos, replies[i], &ru);
      d = distance (judge, &pos, c->k);
      xq_position_undo_move (&pos, replies[i], &ru);
      g_assert_cmpint (d, >=, 1);   /* every reply loses within k */
      longest = MAX (longest, d);
      if (replies[i] == reply)
        chosen = d;
    }
  g_assert_cmpint (longest, ==, c->k);
  g_assert_cmpint (chosen, ==, longest);
}

static void
test_defence_edge_cases (void)
{
  g_autoptr(XqSolver) solver = exact_solver ();
  XqPosition pos;
  XqMove reply;
  XqUndo u;
  int dist;

  /* Already mated: nothing to play, distance 0. */
  load (&pos, "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1");
  xq_position_do_move (&pos, xq_move_from_iccs ("e1d1"), &u);
  g_assert_cmpint (xq_solver_longest_defence (solver, &pos, 3, &reply, &dist), ==,
                   XQ_SOLVE_MATE);
  g_assert_cmpint (reply, ==, XQ_MOVE_NONE);
  g_assert_cmpint (dist, ==, 0);

  /* After a move that wins only in 5, a defence escapes a win within 2
   * and the reply returned is such an escape. */
  load (&pos, "9/3k5/8b/9/2CC5/8R/9/9/3K5/9 w - - 0 1");
  xq_position_do_move (&pos, xq_move_from_iccs ("i4a4"), &u);
  g_assert_cmpint (xq_solver_longest_defence (solver, &pos, 2, &reply, &dist), ==,
                   XQ_SOLVE_NONE);
  g_assert_true (xq_position_is_legal (&pos, reply));
  xq_position_do_move (&pos, reply, &u);
  g_assert_cmpint (xq_solver_wins_within (solver, &pos, 2), ==, XQ_SOLVE_NONE);
}

/* The drill accepts any move that still wins within the moves left.
 * Every legal move of the mate3-king-key position was classified by
 * the solver: d1e1 wins in 3; c5c2..c5c8, d5d2..d5d7, i4d4, i4e4 and i4i7
 * in 4 (fsf `go mate 6` chose i4i7, mate 4); 19 more moves in 5. */
static void
test_still_winning (void)
{
  g_autoptr(XqSolver) solver = exact_solver ();
  XqPosition pos;
  XqMove moves[XQ_MAX_MOVES];
  int n, within[6] = { 0 };

  load (&pos, "9/3k5/8b/9/2CC5/8R/9/9/3K5/9 w - - 0 1");
  g_assert_cmpint (xq_solver_move_wins_within (solver, &pos, xq_move_from_iccs ("d1e1"), 3), ==,
                   XQ_SOLVE_MATE);
  g_assert_cmpint (xq_solver_move_wins_within (solver, &pos, xq_move_from_iccs ("d1e1"), 2), ==,
                   XQ_SOLVE_NONE);
  g_assert_cmpint (xq_solver_move_wins_within (solver, &pos, xq_move_from_iccs ("i4i7"), 3), ==,
                   XQ_SOLVE_NONE);
  g_assert_cmpint (xq_solver_move_wins_within (solver, &pos, xq_move_from_iccs ("i4i7"), 4), ==,
                   XQ_SOLVE_MATE);
  g_assert_cmpint (xq_solver_move_wins_within (solver, &pos, xq_move_from_iccs ("i4a4"), 4), ==,
                   XQ_SOLVE_NONE);
  g_assert_cmpint (xq_solver_move_wins_within (solver, &pos, xq_move_from_iccs ("i4a4"), 5), ==,
                   XQ_SOLVE_MATE);
  /* An illegal move never wins. */
  g_assert_cmpint (xq_solver_move_wins_within (solver, &pos, xq_move_from_iccs ("d8d7"), 5), ==,
                   XQ_SOLVE_NONE);

  n = xq_position_legal_moves (&pos, moves);
  for (int i = 0; i < n; i++)
    for (int k = 1; k <= 5; k++)
      if (xq_solver_move_wins_within (solver, &pos, moves[i], k) == XQ_SOLVE_MATE)
        within[k]++;
  g_assert_cmpint (within[2], ==, 0);
  g_assert_cmpint (within[3], ==, 1);
  g_assert_cmpint (within[4], ==, 1 + 14);
  g_assert_cmpint (within[5], ==, 1 + 14 + 19);
}

/* The main line ends with the defender unable to move, after 2N-1 plies,
 * and every attacker move in it keeps the win on schedule. */
static void
test_main_line (gconstpointer data)
{
  const SolveCase *c = data;
  g_autoptr(XqSolver) solver = exact_solver ();
  g_autoptr(XqSolver) judge = exact_solver ();
  XqMove line[2 * XQ_SOLVER_MAX_MATE];
  XqPosition pos;
  int len;

  load (&pos, c->fen);
  g_assert_cmpint (xq_solver_main_line (solver, &pos, c->max, line, &len), ==, XQ_SOLVE_MATE);
  g_assert_cmpint (len, ==, 2 * c->mate - 1);
  for (int i = 0; i < len; i++)
    {
      XqUndo u;

      if (i % 2 == 0)
        g_assert_cmpint (xq_solver_move_wins_within (judge, &pos, line[i], c->mate - i / 2), ==,
                         XQ_SOLVE_MATE);
      g_assert_true (xq_position_is_legal (&pos, line[i]));
      xq_position_do_move (&pos, line[i], &u);
    }
  g_assert_false (xq_position_has_legal_move (&pos));
}

static void
test_node_limit (void)
{
  g_autoptr(XqSolver) solver = exact_solver ();
  XqPosition pos;
  XqSolution sol;

  load (&pos, "9/9/3k5/9/1C7/3p5/7R1/3K5/9/9 w - - 0 1");
  xq_solver_set_node_limit (solver, 50);
  g_assert_cmpint (xq_solver_solve (solver, &pos, 5, &sol), ==, XQ_SOLVE_ABORTED);
  g_assert_cmpint (sol.n_keys, ==, 0);
  /* Nothing half-proven stays behind: without the limit the answer is right. */
  xq_solver_set_node_limit (solver, 0);
  g_assert_cmpint (xq_solver_solve (solver, &pos, 5, &sol), ==, XQ_SOLVE_MATE);
  g_assert_cmpint (sol.mate, ==, 5);
}

/* The work budget stops a search that would take many seconds (a mate in
 * 15 from the opening position) just past the budget, at the same count
 * every time, and leaves nothing half-proven behind. */
static void
test_budget (void)
{
  g_autoptr(XqSolver) solver = xq_solver_new ();
  XqPosition pos;
  XqSolution sol;
  guint64 first;

  /* Counted, not timed: no time limit may stop it first on a slow build. */
  xq_solver_set_time_limit (solver, 0);
  xq_position_init_start (&pos);
  g_assert_cmpint (xq_solver_solve (solver, &pos, XQ_SOLVER_MAX_MATE, &sol), ==, XQ_SOLVE_ABORTED);
  g_assert_cmpint (sol.n_keys, ==, 0);
  g_assert_false (xq_solver_timed_out (solver));
  g_assert_cmpuint (sol.work, >, XQ_SOLVER_BUDGET);
  /* A charge is at most one generation's worth past the line. */
  g_assert_cmpuint (sol.work, <, XQ_SOLVER_BUDGET + 1000);
  g_assert_cmpuint (xq_solver_get_work (solver), ==, sol.work);
  first = sol.work;
  xq_solver_clear (solver);
  g_assert_cmpint (xq_solver_solve (solver, &pos, XQ_SOLVER_MAX_MATE, &sol), ==, XQ_SOLVE_ABORTED);
  g_assert_cmpuint (sol.work, ==, first);
  g_assert_cmpint (xq_solver_wins_within (solver, &pos, XQ_SOLVER_MAX_MATE), ==, XQ_SOLVE_ABORTED);

  /* A tiny budget stops even a short proof; a larger one then finds it. */
  load (&pos, "9/9/3k5/9/1C7/3p5/7R1/3K5/9/9 w - - 0 1");
  xq_solver_set_work_limit (solver, 1000);
  g_assert_cmpint (xq_solver_solve (solver, &pos, 5, &sol), ==, XQ_SOLVE_ABORTED);
  g_assert_cmpint (xq_solver_main_line (solver, &pos, 5, (XqMove[2 * XQ_SOLVER_MAX_MATE]) { 0 },
                                        &(int) { 0 }), ==, XQ_SOLVE_ABORTED);
  g_assert_cmpint (xq_solver_solve_distance (solver, &pos, 5, &sol), ==, XQ_SOLVE_ABORTED);
  g_assert_cmpint (sol.n_keys, ==, 0);
  g_assert_cmpint (sol.mate, ==, 0);
  xq_solver_set_work_limit (solver, XQ_SOLVER_BUDGET);
  g_assert_cmpint (xq_solver_solve (solver, &pos, 5, &sol), ==, XQ_SOLVE_MATE);
  g_assert_cmpint (sol.mate, ==, 5);
  g_assert_cmpuint (sol.work, >, 1000);
  g_assert_cmpuint (sol.work, <=, XQ_SOLVER_BUDGET);

  /* The distance mode stops at the budget too, at the same count each time. */
  xq_position_init_start (&pos);
  xq_solver_clear (solver);
  g_assert_cmpint (xq_solver_solve_distance (solver, &pos, XQ_SOLVER_MAX_MATE, &sol), ==,
                   XQ_SOLVE_ABORTED);
  g_assert_cmpint (sol.n_keys, ==, 0);
  g_assert_false (xq_solver_timed_out (solver));
  g_assert_cmpuint (sol.work, >, XQ_SOLVER_BUDGET);
  g_assert_cmpuint (sol.work, <, XQ_SOLVER_BUDGET + 1000);
  first = sol.work;
  xq_solver_clear (solver);
  g_assert_cmpint (xq_solver_solve_distance (solver, &pos, XQ_SOLVER_MAX_MATE, &sol), ==,
                   XQ_SOLVE_ABORTED);
  g_assert_cmpuint (sol.work, ==, first);
}

/* The proof-number search over all moves (xq-solver-pn.c) answers every
 * case exactly as the exact search's iterative deepening does: the same
 * verdict, distance and keys, stalemate wins, quiet keys and checks that
 * never mate included. */
static void
test_proof_numbers (void)
{
  g_autoptr(XqSolver) with = exact_solver ();
  g_autoptr(XqSolver) without = exact_solver ();

  xq_solver_set_proof_numbers (with, TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (solve_cases); i++)
    {
      const SolveCase *c = &solve_cases[i];
      g_autofree char *a = NULL, *b = NULL;
      XqPosition pos;
      XqSolution sa, sb;

      load (&pos, c->fen);
      xq_solver_clear (with);
      xq_solver_clear (without);
      g_assert_cmpint (xq_solver_solve (with, &pos, c->max, &sa), ==,
                       xq_solver_solve (without, &pos, c->max, &sb));
      g_assert_cmpint (sa.mate, ==, sb.mate);
      a = keys_text (&sa);
      b = keys_text (&sb);
      g_assert_cmpstr (a, ==, b);
    }
}

/* The time limit stops a search that no work budget bounds, and says so. */
static void
test_time_limit (void)
{
  g_autoptr(XqSolver) solver = xq_solver_new ();
  XqPosition pos;
  XqSolution sol;

  xq_solver_set_work_limit (solver, 0);
  xq_solver_set_time_limit (solver, 0.05);
  xq_position_init_start (&pos);
  g_assert_cmpint (xq_solver_solve (solver, &pos, XQ_SOLVER_MAX_DEPTH, &sol), ==, XQ_SOLVE_ABORTED);
  g_assert_true (xq_solver_timed_out (solver));
  g_assert_cmpint (sol.n_keys, ==, 0);
  /* A short proof is not stopped, and the flag goes with the call. */
  load (&pos, "4k4/9/9/4C4/9/9/8R/9/9/4K4 w - - 0 1");
  g_assert_cmpint (xq_solver_solve (solver, &pos, 3, &sol), ==, XQ_SOLVE_MATE);
  g_assert_cmpint (sol.mate, ==, 2);
  g_assert_false (xq_solver_timed_out (solver));

  /* The distance mode is bounded the same way. */
  xq_position_init_start (&pos);
  g_assert_cmpint (xq_solver_solve_distance (solver, &pos, XQ_SOLVER_MAX_DEPTH, &sol), ==,
                   XQ_SOLVE_ABORTED);
  g_assert_true (xq_solver_timed_out (solver));
  g_assert_cmpint (sol.n_keys, ==, 0);
}

typedef struct {
  XqSolver     *solver;
  gboolean      one_key;  /* xq_solver_solve_distance */
  XqSolveResult result;
  gint          started;
  gint          done;
} CancelData;

static gpointer
cancel_worker (gpointer data)
{
  CancelData *d = data;
  XqPosition pos;
  XqSolution sol;

  xq_position_init_start (&pos);
  g_atomic_int_set (&d->started, 1);
  d->result = d->one_key ? xq_solver_solve_distance (d->solver, &pos, XQ_SOLVER_MAX_DEPTH, &sol)
                         : xq_solver_solve (d->solver, &pos, XQ_SOLVER_MAX_DEPTH, &sol);
  g_atomic_int_set (&d->done, 1);
  return NULL;
}

/* Another thread stops a proof that neither budget would stop soon. */
static void
test_cancel (gconstpointer one_key)
{
  CancelData d = { xq_solver_new (), GPOINTER_TO_INT (one_key), XQ_SOLVE_NONE, 0, 0 };
  GThread *thread;

  /* A cancel before the call begins is forgotten by it, so the test keeps
   * cancelling until the call is over; the time limit only keeps a broken
   * cancel from hanging the test (and is then caught below). */
  xq_solver_set_work_limit (d.solver, 0);
  xq_solver_set_time_limit (d.solver, 120);
  thread = g_thread_new ("solver", cancel_worker, &d);
  while (!g_atomic_int_get (&d.started))
    g_usleep (1000);
  while (!g_atomic_int_get (&d.done))
    {
      g_usleep (20000);
      xq_solver_cancel (d.solver);
    }
  g_thread_join (thread);
  g_assert_cmpint (d.result, ==, XQ_SOLVE_ABORTED);
  g_assert_false (xq_solver_timed_out (d.solver));
  xq_solver_free (d.solver);
}

/* A cancel that lands between two calls of one job (a puzzle's proof is
 * several calls: its distance, every key, the author's keys) stops the
 * job: the solver stays cancelled, so each later call answers at once
 * with XQ_SOLVE_ABORTED, whichever entry point it uses, even for a mate
 * in 1; a new solver answers as before. */
static void
test_cancel_sticks (void)
{
  g_autoptr(XqSolver) solver = xq_solver_new ();
  g_autoptr(XqSolver) fresh = xq_solver_new ();
  XqPosition mate1, deep;
  XqSolution sol;
  XqMove line[XQ_SOLVER_MAX_DEPTH * 2];
  int len = 0;

  /* Red's chariot mates on e8 (mate in 1); the mate in 9 of docs/solver.md. */
  load (&mate1, "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1");
  load (&deep, "5a3/2P1k4/4r4/4R3p/6p2/4p4/8P/9/9/3AKA3 w - - 0 1");
  g_assert_cmpint (xq_solver_solve (solver, &mate1, 1, &sol), ==, XQ_SOLVE_MATE);
  xq_solver_cancel (solver);
  g_assert_cmpint (xq_solver_solve (solver, &mate1, 1, &sol), ==, XQ_SOLVE_ABORTED);
  g_assert_cmpint (xq_solver_solve_distance (solver, &mate1, 3, &sol), ==, XQ_SOLVE_ABORTED);
  g_assert_cmpint (xq_solver_solve_within (solver, &mate1, 1, &sol), ==, XQ_SOLVE_ABORTED);
  g_assert_cmpint (xq_solver_solve_distance (solver, &deep, 9, &sol), ==, XQ_SOLVE_ABORTED);
  g_assert_cmpuint (xq_solver_get_work (solver), <, 1000000);
  g_assert_cmpint (xq_solver_main_line (solver, &mate1, 1, line, &len), ==, XQ_SOLVE_ABORTED);
  g_assert_cmpint (xq_solver_solve (fresh, &mate1, 1, &sol), ==, XQ_SOLVE_MATE);
  g_assert_cmpint (sol.mate, ==, 1);
}

typedef struct {
  const char *fen;    /* a final position, the loser to move */
  int         kill;   /* an XqKill the final position shows, -1 for none at all */
} PatternCase;

static const PatternCase pattern_cases[] = {
  /* Cannon d2 checks over cannon d3; e9 and e8 would face the red general. */
  { "3k5/9/9/9/9/9/3C5/3C5/9/4K4 b - - 0 1", XQ_KILL_DOUBLE_CANNON },
  /* Cannon d1 checks over horse d7, which holds e9. */
  { "3k5/9/3N5/9/9/9/9/9/3C5/4K4 b - - 0 1", XQ_KILL_HORSE_CANNON },
  /* Cannon e2 over the soldier on e8; the advisors fill d9 and f9, and
   * taking the soldier with an advisor leaves the advisor as the screen. */
  { "3aka3/3PP4/9/9/9/9/9/4C4/9/3K5 b - - 0 1", XQ_KILL_SMOTHERED },
  /* Horse g8 checks e9; d9 faces the red general, f9 is the chariot's. */
  { "4k4/4a1N2/9/9/9/9/9/9/9/3K1R3 b - - 0 1", XQ_KILL_WOCAO_HORSE },
  /* Horse on the palace corner d7 and chariot a9 both check. */
  { "R3k4/4a4/3N5/9/9/9/9/9/9/5K3 b - - 0 1", XQ_KILL_CORNER_HORSE },
  /* Chariot a9 checks along rank 9, chariot b8 holds rank 8. */
  { "R3k4/1R7/9/9/9/9/9/9/9/3K5 b - - 0 1", XQ_KILL_TWO_CHARIOTS },
  /* A soldier checks; e9 faces the red general, the chariot holds rank 8. */
  { "2Pk5/7R1/9/9/9/9/9/9/9/4K4 b - - 0 1", XQ_KILL_FACING_GENERAL },
  /* The stalemate of mate1-stalemate-only. */
  { "5k3/9/3N5/3N5/9/9/9/9/9/3K5 b - - 0 1", XQ_KILL_STALEMATE },
  /* Not a final position at all. */
  { "4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1", -1 },
};

static void
test_pattern (gconstpointer data)
{
  const PatternCase *c = data;
  XqPosition pos;

  XqKillSet set;

  load (&pos, c->fen);
  set = xq_kill_recognise_final (&pos);
  if (c->kill < 0)
    g_assert_cmpuint (set, ==, 0);
  else
    g_assert_true (set & (1u << c->kill));
  /* A stalemate is no check, so it never shares a set with a check pattern. */
  if (set & (1u << XQ_KILL_STALEMATE))
    g_assert_cmpuint (set & ~((1u << XQ_KILL_STALEMATE) | (1u << XQ_KILL_TWIN_HORSES)), ==, 0);
}

/* ---- xqtool solve / puzzle-gen ------------------------------------------ */

static void
test_cli_solve (void)
{
  static const struct {
    const char *args[7];
    const char *stdout_text;
  } cases[] = {
    { { "solve", "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1", NULL }, "mate 1 e1d1 e1e8\n" },
    { { "solve", "9/5k3/9/9/r8/5cc2/9/B8/5K3/9 b - - 0 1", NULL }, "mate 3 f8e8\n" },
    { { "solve", "9/9/3k5/9/1C7/3p5/7R1/3K5/9/9 w - - 0 1", "--max", "4", NULL }, "none\n" },
    { { "solve", "9/9/3k5/9/1C7/3p5/7R1/3K5/9/9 w - - 0 1", "--max", "5", NULL },
      "mate 5 h3e3\n" },
    /* The distance mode: one key of the two. */
    { { "solve", "3Nk4/4a4/9/9/4N4/9/4P3P/8B/4A4/2BK5 w - - 0 1", "--one-key", NULL },
      "mate 4 d9c7\n" },
    { { "solve", "9/9/3k5/9/1C7/3p5/7R1/3K5/9/9 w - - 0 1", "--max", "4", "--one-key" },
      "none\n" },
    /* The drill's question: does this move still win? */
    { { "solve", "9/9/3k5/9/1C7/3p5/7R1/3K5/9/9 w - - 0 1", "--move", "h3e3", NULL },
      "wins h3e3 within 7\n" },
    { { "solve", "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1", "--move", "e1e2", "--max", "1" },
      "none\n" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = NULL, *err = NULL;

      g_assert_cmpint (xq_test_xqtool (cases[i].args, &out, &err), ==, 0);
      g_assert_cmpstr (out, ==, cases[i].stdout_text);
      g_assert_cmpstr (err, ==, "");
    }
}

/* Bad input: one line on stderr, nothing on stdout, a failure status. */
static void
test_cli_errors (void)
{
  static const char *const cases[][5] = {
    { "solve", "not a fen", NULL },
    { "solve", "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1", "--max", "0", NULL },
    { "solve", "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1", "--max", "x", NULL },
    { "solve", NULL },
    { "solve", "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1", "--move", "zz", NULL },
    { "solve", "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1", "--move", "a1a2", NULL },
    { "puzzle-gen", "--pieces", "XYZ", NULL },
    { "puzzle-gen", "--pattern", "nonsense", NULL },
    { "bestmove", "5k3/9/3N5/3N5/9/9/9/9/9/3K5 b - - 0 1", NULL },
    { "bestmove", XQ_START_FEN, "--level", "9", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = NULL, *err = NULL;

      g_assert_cmpint (xq_test_xqtool (cases[i], &out, &err), !=, 0);
      g_assert_cmpstr (out, ==, "");
      g_assert_cmpint (strlen (err), >, 0);
      g_assert_true (strchr (err, '\n') == err + strlen (err) - 1);
    }
}

/* Every generated puzzle is what it claims: mate in exactly K with one key,
 * and the pattern field names a known pattern. */
static void
test_cli_puzzle_gen (void)
{
  const char *args[] = { "puzzle-gen", "--seed", "5", "--count", "3", "--mate", "2", NULL };
  g_autofree char *out = NULL, *err = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(XqSolver) solver = exact_solver ();
  int n = 0;

  g_assert_cmpint (xq_test_xqtool (args, &out, &err), ==, 0);
  lines = g_strsplit (out, "\n", -1);
  for (int i = 0; lines[i] && lines[i][0]; i++, n++)
    {
      g_auto(GStrv) f = g_strsplit (lines[i], " | ", -1);
      g_autofree char *keys = NULL;
      XqPosition pos;
      XqSolution sol;

      g_assert_cmpuint (g_strv_length (f), ==, 4);
      g_assert_cmpstr (f[1], ==, "mate 2");
      load (&pos, f[0]);
      g_assert_cmpint (xq_solver_solve (solver, &pos, 2, &sol), ==, XQ_SOLVE_MATE);
      g_assert_cmpint (sol.mate, ==, 2);
      keys = keys_text (&sol);
      g_assert_cmpstr (keys, ==, f[2]);
      g_assert_nonnull (strchr (f[3], ' '));
    }
  g_assert_cmpint (n, ==, 3);
}

/* Every sampled position is a proved mate in 1..K with the keys listed,
 * each distance gets its share, and the same seed gives the same sample. */
static void
test_cli_mate_sample (void)
{
  const char *args[] = { "mate-sample", "--seed", "3", "--count", "6", "--max", "2", "--black", "50",
                         NULL };
  g_autofree char *out = NULL, *err = NULL, *again = NULL, *err2 = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(XqSolver) solver = exact_solver ();
  int by_distance[3] = { 0 }, black = 0, n = 0;

  g_assert_cmpint (xq_test_xqtool (args, &out, &err), ==, 0);
  g_assert_cmpstr (err, ==, "");
  lines = g_strsplit (out, "\n", -1);
  for (int i = 0; lines[i] && lines[i][0]; i++, n++)
    {
      g_auto(GStrv) f = g_strsplit (lines[i], " | ", -1);
      g_autofree char *keys = NULL, *want = NULL;
      XqPosition pos;
      XqSolution sol;

      g_assert_cmpuint (g_strv_length (f), ==, 3);
      load (&pos, f[0]);
      g_assert_cmpint (xq_solver_solve (solver, &pos, 2, &sol), ==, XQ_SOLVE_MATE);
      want = g_strdup_printf ("mate %d", sol.mate);
      g_assert_cmpstr (f[1], ==, want);
      keys = keys_text (&sol);
      g_assert_cmpstr (f[2], ==, keys);
      by_distance[sol.mate]++;
      black += pos.side == XQ_BLACK;
    }
  g_assert_cmpint (n, ==, 6);
  g_assert_cmpint (by_distance[1], ==, 3);
  g_assert_cmpint (by_distance[2], ==, 3);
  g_assert_cmpint (black, >, 0);
  g_assert_cmpint (xq_test_xqtool (args, &again, &err2), ==, 0);
  g_assert_cmpstr (again, ==, out);
}

static void
test_cli_bestmove (void)
{
  const char *args[] = { "bestmove", "1nbakabnr/9/1c5c1/p1p1p1p1p/9/2r6/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
                         "--level", "3", NULL };
  g_autofree char *out = NULL, *err = NULL;

  g_assert_cmpint (xq_test_xqtool (args, &out, &err), ==, 0);
  g_assert_cmpstr (out, ==, "c3c4\n");
}

/* `bench solve FILE` reads "FEN | mate N" lines and reports each answer
 * (times are printed, never checked here). */
static void
test_cli_bench (void)
{
  g_autofree char *dir = g_dir_make_tmp ("test-solver-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "bench.txt", NULL);
  const char *args[] = { "bench", "solve", file, "--runs", "1", NULL };
  g_autofree char *out = NULL, *err = NULL;

  g_assert_nonnull (dir);
  g_assert_true (g_file_set_contents (file,
                                      "# comment\n"
                                      "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1 | mate 1\n"
                                      "4kC3/9/bN7/9/9/9/9/9/3K5/R4p3 w - - 0 1 | mate 3\n",
                                      -1, NULL));
  g_assert_cmpint (xq_test_xqtool (args, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "mate 1 e1d1 e1e8 "));
  g_assert_nonnull (strstr (out, " none "));
  g_assert_nonnull (strstr (out, "for 2 positions"));
  g_assert_nonnull (strstr (out, "longest-defence reply: p99"));
  /* Totals: nodes per second of CPU time, the slowest proof (the mate 1). */
  g_assert_nonnull (strstr (out, " nodes/s; 1 mate, 1 none, 0 too-deep;"));
  g_assert_nonnull (strstr (out, "slowest proof: "));
  {
    const char *one[] = { "bench", "solve", file, "--runs", "1", "--one-key", NULL };
    g_autofree char *out1 = NULL, *err1 = NULL;

    g_assert_cmpint (xq_test_xqtool (one, &out1, &err1), ==, 0);
    /* One key of the two, named once. */
    g_assert_true ((strstr (out1, "mate 1 e1d1 ") != NULL) != (strstr (out1, "mate 1 e1e8 ") != NULL));
    g_assert_nonnull (strstr (out1, " nodes/s; 1 mate, 1 none, 0 too-deep;"));
  }
  g_remove (file);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  xq_test_isolate_dirs ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/solver/distance-work", test_distance_work);
  for (guint i = 0; i < G_N_ELEMENTS (solve_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/solver/solve/%s", solve_cases[i].name);
      g_test_add_data_func (path, &solve_cases[i], test_solve);
      {
        g_autofree char *p1 = g_strdup_printf ("/core/solver/distance/%s", solve_cases[i].name);
        g_test_add_data_func (p1, &solve_cases[i], test_distance);
      }
      {
        g_autofree char *p4 = g_strdup_printf ("/core/solver/within/%s", solve_cases[i].name);
        g_test_add_data_func (p4, &solve_cases[i], test_within);
      }
      if (solve_cases[i].mate > 0)
        {
          g_autofree char *p2 = g_strdup_printf ("/core/solver/minimal/%s", solve_cases[i].name);
          g_autofree char *p3 = g_strdup_printf ("/core/solver/main-line/%s", solve_cases[i].name);
          g_test_add_data_func (p2, &solve_cases[i], test_minimal);
          g_test_add_data_func (p3, &solve_cases[i], test_main_line);
        }
    }
  for (guint i = 0; i < G_N_ELEMENTS (defence_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/solver/longest-defence/%u", i);
      g_test_add_data_func (path, &defence_cases[i], test_longest_defence);
    }
  for (guint i = 0; i < G_N_ELEMENTS (pattern_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/solver/pattern/%u", i);
      g_test_add_data_func (path, &pattern_cases[i], test_pattern);
    }
  g_test_add_func ("/core/solver/quiet-keys", test_quiet_keys);
  g_test_add_func ("/core/solver/stalemate-win", test_stalemate_win);
  g_test_add_func ("/core/solver/defence-edge-cases", test_defence_edge_cases);
  g_test_add_func ("/core/solver/still-winning", test_still_winning);
  g_test_add_func ("/core/solver/node-limit", test_node_limit);
  g_test_add_func ("/core/solver/budget", test_budget);
  g_test_add_func ("/core/solver/proof-numbers", test_proof_numbers);
  g_test_add_func ("/core/solver/time-limit", test_time_limit);
  g_test_add_data_func ("/core/solver/cancel", GINT_TO_POINTER (FALSE), test_cancel);
  g_test_add_data_func ("/core/solver/cancel-distance", GINT_TO_POINTER (TRUE), test_cancel);
  g_test_add_func ("/core/solver/cancel-sticks", test_cancel_sticks);
  g_test_add_func ("/core/solver/cli/solve", test_cli_solve);
  g_test_add_func ("/core/solver/cli/errors", test_cli_errors);
  g_test_add_func ("/core/solver/cli/puzzle-gen", test_cli_puzzle_gen);
  g_test_add_func ("/core/solver/cli/mate-sample", test_cli_mate_sample);
  g_test_add_func ("/core/solver/cli/bestmove", test_cli_bestmove);
  g_test_add_func ("/core/solver/cli/bench", test_cli_bench);
  return g_test_run ();
}
