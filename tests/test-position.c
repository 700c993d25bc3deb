/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Positions: FEN in and out, every rejection with its reason, each piece's
 * movement restrictions, check, checkmate and stalemate. */
#define G_LOG_DOMAIN "test-position"

#include "config.h"

#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "xq-position.h"
#include "xq-test-dirs.h"

/* ---- helpers ------------------------------------------------------------- */

static void
load (XqPosition *pos, const char *fen)
{
  g_autoptr(GError) error = NULL;

  if (!xq_position_set_fen (pos, fen, &error))
    g_error ("test FEN %s refused: %s", fen, error->message);
}

static int
compare_str (const void *a, const void *b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* Sorted, space-separated destinations of the legal moves from one square. */
static char *
targets_from (const char *fen, const char *square)
{
  XqPosition pos;
  XqMove moves[XQ_MAX_MOVES];
  char names[XQ_MAX_MOVES][3];
  const char *sorted[XQ_MAX_MOVES + 1];
  int n;

  load (&pos, fen);
  n = xq_position_legal_moves_from (&pos, xq_square_from_text (square), moves);
  for (int i = 0; i < n; i++)
    {
      xq_square_to_text (xq_move_to (moves[i]), names[i]);
      sorted[i] = names[i];
    }
  qsort (sorted, (size_t) n, sizeof *sorted, compare_str);
  sorted[n] = NULL;
  return g_strjoinv (" ", (char **) sorted);
}

/* ---- FEN ----------------------------------------------------------------- */

static const char *roundtrip_fens[] = {
  XQ_START_FEN,
  "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
  "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
  "3akab2/9/9/9/4C4/9/9/9/9/4K4 b - - 17 42",
  "4k4/3P1P3/9/9/9/9/9/9/9/3K5 b - - 0 1",
};

static void
test_fen_roundtrip (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (roundtrip_fens); i++)
    {
      XqPosition pos;
      g_autofree char *out = NULL;

      load (&pos, roundtrip_fens[i]);
      out = xq_position_to_fen (&pos);
      g_assert_cmpstr (out, ==, roundtrip_fens[i]);
      g_assert_true (xq_position_is_consistent (&pos));
    }
}

static void
test_fen_aliases (void)
{
  XqPosition a, b;
  g_autofree char *fen = NULL;

  /* H and E for horse and elephant, r for Red to move, short FEN. */
  load (&a, "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r");
  xq_position_init_start (&b);
  fen = xq_position_to_fen (&a);
  g_assert_cmpstr (fen, ==, XQ_START_FEN);
  g_assert_true (a.key == b.key);
  g_assert_true (memcmp (a.board, b.board, sizeof a.board) == 0);
}

typedef struct {
  const char *fen;
  int         code;
  const char *message;   /* must appear in the error message */
} RejectCase;

static const RejectCase reject_cases[] = {
  /* Syntax: which field, which character. */
  { "", XQ_POSITION_ERROR_SYNTAX, "empty" },
  { "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w - - 0 1", XQ_POSITION_ERROR_SYNTAX, "character 59: “X” is not a piece letter" },
  { "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w - - 0 1", XQ_POSITION_ERROR_SYNTAX, "9 complete ranks, not 10" },
  { "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR/9 w - - 0 1", XQ_POSITION_ERROR_SYNTAX, "more than 10 ranks" },
  { "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C2/9/RNBAKABNR w - - 0 1", XQ_POSITION_ERROR_SYNTAX, "rank 8 has more than 9 points" },
  { "rnbakabnr/8/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", XQ_POSITION_ERROR_SYNTAX, "rank 2 has 8 points" },
  { "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1", XQ_POSITION_ERROR_SYNTAX, "side-to-move field: “x”" },
  { "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - abc 1", XQ_POSITION_ERROR_SYNTAX, "half-move field: “abc”" },
  { "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 0", XQ_POSITION_ERROR_SYNTAX, "move-number field: “0”" },
  { "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w KQ - 0 1", XQ_POSITION_ERROR_SYNTAX, "field 3: expected “-”" },
  { "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 7", XQ_POSITION_ERROR_SYNTAX, "7 fields" },
  /* Impossible positions, one per reason. */
  { "9/9/9/9/9/9/9/9/9/4K4 w - - 0 1", XQ_POSITION_ERROR_KING_COUNT, "Black has 0 generals" },
  { "3k5/9/9/9/9/9/9/9/9/3KK4 w - - 0 1", XQ_POSITION_ERROR_KING_COUNT, "Red has 2 generals" },
  { "3k5/9/9/9/9/9/9/9/9/K8 w - - 0 1", XQ_POSITION_ERROR_KING_PALACE, "Red general on a0 is outside its palace" },
  { "9/9/9/9/9/9/9/3k5/9/4K4 w - - 0 1", XQ_POSITION_ERROR_KING_PALACE, "Black general on d2" },
  { "3k5/9/9/9/9/9/9/9/3A5/4K4 w - - 0 1", XQ_POSITION_ERROR_ADVISOR_POINT, "Red advisor on d1" },
  { "3k5/9/4a4/9/9/9/9/9/9/4K4 w - - 0 1", XQ_POSITION_ERROR_ADVISOR_POINT, "Black advisor on e7" },
  { "3k5/9/9/9/9/9/9/9/9/1B2K4 w - - 0 1", XQ_POSITION_ERROR_ELEPHANT_POINT, "Red elephant on b0" },
  { "3k5/9/9/2B6/9/9/9/9/9/4K4 w - - 0 1", XQ_POSITION_ERROR_ELEPHANT_POINT, "Red elephant on c6" },
  { "3k5/9/9/9/9/9/1P7/9/9/4K4 w - - 0 1", XQ_POSITION_ERROR_PAWN_POINT, "Red soldier on b3 stands behind" },
  { "3k5/9/9/9/9/9/9/P8/9/4K4 w - - 0 1", XQ_POSITION_ERROR_PAWN_POINT, "Red soldier on a2" },
  { "3k5/9/9/9/9/9/9/9/9/RRR1K4 w - - 0 1", XQ_POSITION_ERROR_TOO_MANY, "Red has 3 chariot pieces; a set holds only 2" },
  { "3k5/9/9/9/PPPPPP3/9/9/9/9/4K4 w - - 0 1", XQ_POSITION_ERROR_TOO_MANY, "Red has 6 soldier pieces; a set holds only 5" },
  { "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", XQ_POSITION_ERROR_FACING_KINGS, "generals face each other" },
  { "3k5/9/9/9/9/9/9/9/9/3RK4 w - - 0 1", XQ_POSITION_ERROR_OPPONENT_IN_CHECK, "Black is in check but it is Red’s turn" },
};

static void
test_fen_reject (gconstpointer data)
{
  const RejectCase *c = data;
  XqPosition pos, before;
  g_autoptr(GError) error = NULL;

  xq_position_init_start (&pos);
  before = pos;
  g_assert_false (xq_position_set_fen (&pos, c->fen, &error));
  g_assert_error (error, XQ_POSITION_ERROR, c->code);
  if (strstr (error->message, c->message) == NULL)
    g_error ("message “%s” lacks “%s”", error->message, c->message);
  /* A refused FEN leaves the position untouched. */
  g_assert_true (memcmp (&pos, &before, sizeof pos) == 0);
}

/* ---- Each piece's restrictions -------------------------------------------- */

typedef struct {
  const char *name;
  const char *fen;
  const char *from;
  const char *targets;
} MoveCase;

static const MoveCase move_cases[] = {
  /* General: one step orthogonally inside the palace; d1 would face the
   * Black general on the open d-file. */
  { "king/palace-centre", "3k5/9/9/9/9/9/9/9/4K4/9 w - - 0 1", "e1", "e0 e2 f1" },
  { "king/palace-corner", "5k3/9/9/9/9/9/9/9/9/3K5 w - - 0 1", "d0", "d1 e0" },
  { "king/black", "9/4k4/9/9/9/9/9/9/9/3K5 b - - 0 1", "e8", "e7 e9 f8" },
  /* Advisor: palace diagonals only. */
  { "advisor/centre", "3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1", "e1", "d0 d2 f0 f2" },
  { "advisor/corner", "3k5/9/9/9/9/9/9/9/9/3AK4 w - - 0 1", "d0", "e1" },
  /* Elephant: two diagonal steps, blocked eye (塞象眼), never across the river. */
  { "elephant/free", "3k5/9/9/9/9/9/9/9/9/2B1K4 w - - 0 1", "c0", "a2 e2" },
  { "elephant/eye-blocked", "3k5/9/9/9/9/9/9/9/3N5/2B1K4 w - - 0 1", "c0", "a2" },
  { "elephant/river", "3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1", "c4", "a2 e2" },
  { "elephant/black-river", "3k5/9/9/9/2b6/9/9/9/9/4K4 b - - 0 1", "c5", "a7 e7" },
  /* Horse: the leg next to the horse blocks (蹩馬腿). */
  { "horse/leg-blocked", "3k5/9/9/9/4P4/4N4/9/9/9/4K4 w - - 0 1", "e4", "c3 c5 d2 f2 g3 g5" },
  { "horse/corner", "3k5/9/9/9/9/9/9/9/9/N3K4 w - - 0 1", "a0", "b2 c1" },
  { "horse/corner-blocked", "3k5/9/9/9/9/9/9/9/R8/N3K4 w - - 0 1", "a0", "c1" },
  /* Chariot: slides, stopped by its own pieces, captures the first enemy. */
  { "chariot/blocked", "3k5/9/9/9/9/9/P8/9/9/R3K4 w - - 0 1", "a0", "a1 a2 b0 c0 d0" },
  { "chariot/capture", "3k5/9/9/9/9/n8/9/9/9/R3K4 w - - 0 1", "a0", "a1 a2 a3 a4 b0 c0 d0" },
  /* Cannon: moves like a chariot, captures over exactly one screen (炮打隔子). */
  { "cannon/screen", "1n1k5/9/1c7/9/9/9/9/1C7/9/4K4 w - - 0 1", "b2", "a2 b0 b1 b3 b4 b5 b6 b9 c2 d2 e2 f2 g2 h2 i2" },
  { "cannon/own-screen", "1n1k5/9/1c7/9/9/1N7/9/1C7/9/4K4 w - - 0 1", "b2", "a2 b0 b1 b3 b7 c2 d2 e2 f2 g2 h2 i2" },
  { "cannon/no-screen-no-capture", "3k5/9/9/9/9/9/9/1C5n1/9/4K4 w - - 0 1", "b2", "a2 b0 b1 b3 b4 b5 b6 b7 b8 b9 c2 d2 e2 f2 g2" },
  /* Soldier: forward before the river; forward or sideways after; never back. */
  { "soldier/before-river", "3k5/9/9/9/9/9/4P4/9/9/5K3 w - - 0 1", "e3", "e4" },
  { "soldier/after-river", "3k5/9/9/9/4P4/9/9/9/9/5K3 w - - 0 1", "e5", "d5 e6 f5" },
  { "soldier/last-rank", "P4k3/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "a9", "b9" },
  { "soldier/black-before", "3k5/9/9/4p4/9/9/9/9/9/5K3 b - - 0 1", "e6", "e5" },
  { "soldier/black-after", "3k5/9/9/9/9/4p4/9/9/9/5K3 b - - 0 1", "e4", "d4 e3 f4" },
  /* Facing generals: the cannon between them is pinned to the file. */
  { "facing/pinned-cannon", "3akab2/9/9/9/4C4/9/9/9/9/4K4 w - - 0 1", "e5", "e1 e2 e3 e4 e6 e7 e8" },
  /* A move that leaves one's own general attacked is illegal: the horse
   * shields its general from the chariot. */
  { "self-check/pinned-horse", "3k5/9/9/9/9/9/9/9/4n4/3NKr3 w - - 0 1", "d0", "" },
};

static void
test_moves_from (gconstpointer data)
{
  const MoveCase *c = data;
  g_autofree char *got = targets_from (c->fen, c->from);

  g_assert_cmpstr (got, ==, c->targets);
}

/* ---- Check, checkmate, stalemate ----------------------------------------- */

typedef struct {
  const char *name;
  const char *fen;
  XqStatus    status;
} StatusCase;

static const StatusCase status_cases[] = {
  { "start", XQ_START_FEN, XQ_STATUS_ONGOING },
  { "check-by-side-soldier", "3Pk4/9/9/9/9/9/9/9/9/3K5 b - - 0 1", XQ_STATUS_CHECK },
  { "check-by-cannon-own-screen", "4k4/4a4/9/9/9/9/9/4C4/9/3K5 b - - 0 1", XQ_STATUS_CHECK },
  { "check-by-cannon-enemy-screen", "4k4/9/9/9/4P4/9/9/4C4/9/3K5 b - - 0 1", XQ_STATUS_CHECK },
  { "check-by-horse", "3k5/9/4N4/9/9/9/9/9/9/4K4 b - - 0 1", XQ_STATUS_CHECK },
  { "no-check-horse-leg-blocked", "r2k5/4P4/4N4/9/9/9/9/9/9/4K4 b - - 0 1", XQ_STATUS_ONGOING },
  /* Red mates: the chariot checks on the d-file; e9 would face the Red general. */
  { "checkmate-black-loses", "3k5/9/9/9/9/9/9/9/9/3RK4 b - - 0 1", XQ_STATUS_CHECKMATE },
  { "checkmate-red-loses", "3rk4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", XQ_STATUS_CHECKMATE },
  /* 困斃: not in check, no legal move: the side to move loses all the same. */
  { "stalemate-black-loses", "4k4/3P1P3/9/9/9/9/9/9/9/3K5 b - - 0 1", XQ_STATUS_STALEMATE },
  { "stalemate-red-loses", "3k5/9/9/9/9/9/9/9/3p1p3/4K4 w - - 0 1", XQ_STATUS_STALEMATE },
};

static void
test_status (gconstpointer data)
{
  const StatusCase *c = data;
  XqPosition pos;

  load (&pos, c->fen);
  g_assert_cmpint (xq_position_status (&pos), ==, c->status);
}

/* ---- Random play: make/unmake, keys, and two legality definitions agree --- */

static void
test_random_play (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261129);

  for (int game = 0; game < 200; game++)
    {
      XqPosition pos;
      XqMove played[200];
      XqUndo undo[200];
      g_autofree char *start_fen = NULL, *end_fen = NULL;
      int plies = 0;

      xq_position_init_start (&pos);
      start_fen = xq_position_to_fen (&pos);
      while (plies < 200)
        {
          XqMove pseudo[XQ_MAX_MOVES], legal[XQ_MAX_MOVES];
          int np = xq_position_pseudo_moves (&pos, pseudo);
          int nl = xq_position_legal_moves (&pos, legal);
          int count = 0;

          /* Legal = pseudo-legal and the mover's general not attacked after,
           * checked here the slow way through do_move + in_check. */
          for (int i = 0; i < np; i++)
            {
              XqUndo u;
              gboolean ok;
              xq_position_do_move (&pos, pseudo[i], &u);
              ok = !xq_position_in_check (&pos, xq_color_other (pos.side));
              xq_position_undo_move (&pos, pseudo[i], &u);
              g_assert_cmpint (ok, ==, xq_position_is_legal (&pos, pseudo[i]));
              count += ok;
            }
          g_assert_cmpint (count, ==, nl);
          g_assert_cmpint (nl > 0, ==, xq_position_has_legal_move (&pos));
          if (nl == 0)
            break;
          played[plies] = legal[g_rand_int_range (rand, 0, nl)];
          xq_position_do_move (&pos, played[plies], &undo[plies]);
          g_assert_true (xq_position_is_consistent (&pos));
          /* The incremental key equals a key built from scratch. */
          {
            g_autofree char *fen = xq_position_to_fen (&pos);
            XqPosition fresh;
            g_assert_true (xq_position_set_fen_unchecked (&fresh, fen, NULL));
            g_assert_true (fresh.key == pos.key);
          }
          plies++;
        }
      while (plies > 0)
        {
          plies--;
          xq_position_undo_move (&pos, played[plies], &undo[plies]);
        }
      end_fen = xq_position_to_fen (&pos);
      g_assert_cmpstr (start_fen, ==, end_fen);
    }
}

/* ---- Notation-free names ------------------------------------------------- */

static void
test_iccs_text (void)
{
  char buf[5];
  XqMove m = xq_move_from_iccs ("h2e2");

  g_assert_cmpint (xq_move_from (m), ==, xq_sq_make (7, 2));
  g_assert_cmpint (xq_move_to (m), ==, xq_sq_make (4, 2));
  xq_move_to_iccs (m, buf);
  g_assert_cmpstr (buf, ==, "h2e2");
  g_assert_true (xq_move_from_iccs ("H2-E2") == m);
  g_assert_true (xq_move_from_iccs ("j2e2") == XQ_MOVE_NONE);
  g_assert_true (xq_move_from_iccs ("h2h2") == XQ_MOVE_NONE);
  g_assert_true (xq_move_from_iccs ("h2e") == XQ_MOVE_NONE);
  g_assert_true (xq_move_from_iccs ("") == XQ_MOVE_NONE);
}

/* Issue 11, F1: runs of blanks between the fields once freed one field
 * twice.  Any run of spaces and tabs separates fields; blanks before and
 * after are ignored. */
static void
test_fen_blank_runs (void)
{
  static const char *const spellings[] = {
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w  - - 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR  w - -  0  1",
    "  rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR\t\tw \t-   -\t0 1  ",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w      ",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR    ",
  };
  XqPosition start;

  xq_position_init_start (&start);
  for (size_t i = 0; i < G_N_ELEMENTS (spellings); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *fen = NULL;
      XqPosition pos;

      g_assert_true (xq_position_set_fen (&pos, spellings[i], &error));
      g_assert_no_error (error);
      fen = xq_position_to_fen (&pos);
      g_assert_cmpstr (fen, ==, XQ_START_FEN);
      g_assert_cmpuint (pos.key, ==, start.key);
    }
  /* Blanks still separate: seven fields are still too many. */
  {
    g_autoptr(GError) error = NULL;
    XqPosition pos;

    g_assert_false (xq_position_set_fen (&pos, "4k4/9/9/9/9/9/9/9/9/3K5  w  -  -  0  1  x", &error));
    g_assert_error (error, XQ_POSITION_ERROR, XQ_POSITION_ERROR_SYNTAX);
  }
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  xq_test_isolate_dirs ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/fen/roundtrip", test_fen_roundtrip);
  g_test_add_func ("/core/fen/aliases", test_fen_aliases);
  g_test_add_func ("/core/fen/blank-runs", test_fen_blank_runs);
  for (gsize i = 0; i < G_N_ELEMENTS (reject_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/fen/reject/%" G_GSIZE_FORMAT, i);
      g_test_add_data_func (path, &reject_cases[i], test_fen_reject);
    }
  for (gsize i = 0; i < G_N_ELEMENTS (move_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/moves/%s", move_cases[i].name);
      g_test_add_data_func (path, &move_cases[i], test_moves_from);
    }
  for (gsize i = 0; i < G_N_ELEMENTS (status_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/status/%s", status_cases[i].name);
      g_test_add_data_func (path, &status_cases[i], test_status);
    }
  g_test_add_func ("/core/position/random-play", test_random_play);
  g_test_add_func ("/core/position/iccs-text", test_iccs_text);
  return g_test_run ();
}
