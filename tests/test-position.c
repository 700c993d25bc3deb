/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Positions: FEN in and out, every rejection with its reason, each piece's
 * movement restrictions, check, checkmate and stalemate, and every reason
 * the core gives for an illegal move, with its points. */
#define G_LOG_DOMAIN "test-position"

#include "config.h"

#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "xq-attacks.h"
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


/* ---- Why a move is illegal ------------------------------------------------ */

typedef struct {
  const char     *fen;
  const char     *move;     /* two squares, "a0a0" allowed */
  XqIllegalReason reason;
  const char     *points;   /* the reason's points, sorted, space-separated */
  const char     *general;  /* where the mover's general stands after, or NULL */
} IllegalCase;

static const IllegalCase illegal_cases[] = {
  { XQ_START_FEN, "b0c2", XQ_ILLEGAL_NONE, "", NULL },
  { XQ_START_FEN, "a0a0", XQ_ILLEGAL_NOT_A_MOVE, "", NULL },
  { XQ_START_FEN, "a1a2", XQ_ILLEGAL_NO_PIECE, "a1", NULL },
  { XQ_START_FEN, "a9a8", XQ_ILLEGAL_NOT_YOUR_TURN, "a9", NULL },
  /* The chariot onto its own horse. */
  { XQ_START_FEN, "a0b0", XQ_ILLEGAL_OWN_PIECE, "b0", NULL },
  { XQ_START_FEN, "b0b1", XQ_ILLEGAL_WRONG_WAY, "", NULL },
  { XQ_START_FEN, "a0b1", XQ_ILLEGAL_WRONG_WAY, "", NULL },
  { XQ_START_FEN, "e3e5", XQ_ILLEGAL_WRONG_WAY, "", NULL },
  /* The general steps off the palace; the advisor leaves it diagonally. */
  { "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", "d0c0", XQ_ILLEGAL_OUTSIDE_PALACE, "c0", NULL },
  { "3k5/9/9/9/9/9/9/9/9/3AK4 w - - 0 1", "d0c1", XQ_ILLEGAL_OUTSIDE_PALACE, "c1", NULL },
  { "3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1", "c4e6", XQ_ILLEGAL_CROSSES_RIVER, "e6", NULL },
  /* A horse on d1 sits on the eye of c0-e2. */
  { "3k5/9/9/9/9/9/9/9/3N5/2B1K4 w - - 0 1", "c0e2", XQ_ILLEGAL_ELEPHANT_EYE, "d1", NULL },
  /* b0-d1: the elephant on c0 is the leg. */
  { XQ_START_FEN, "b0d1", XQ_ILLEGAL_HORSE_LEG, "c0", NULL },
  { XQ_START_FEN, "a0a4", XQ_ILLEGAL_PIECES_IN_WAY, "a3", NULL },
  /* The cannon passes the black cannon on b7 and takes nothing. */
  { XQ_START_FEN, "b2b8", XQ_ILLEGAL_PIECES_IN_WAY, "b7", NULL },
  { "3k5/9/9/9/9/9/r8/9/9/C3K4 w - - 0 1", "a0a3", XQ_ILLEGAL_NO_SCREEN, "", NULL },
  { "3k5/9/9/9/9/9/r8/N8/N8/C3K4 w - - 0 1", "a0a3", XQ_ILLEGAL_EXTRA_SCREEN, "a1 a2", NULL },
  { "3k5/9/9/9/4P4/9/9/9/9/4K4 w - - 0 1", "e5e4", XQ_ILLEGAL_SOLDIER_BACKWARDS, "", NULL },
  { XQ_START_FEN, "e3d3", XQ_ILLEGAL_SOLDIER_SIDEWAYS, "", NULL },
  /* The horse was the only piece between the generals. */
  { "4k4/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1", "e1c2", XQ_ILLEGAL_GENERALS_FACE, "e9", "e0" },
  /* The chariot on e5 checks, and a horse move does nothing about it. */
  { "3k5/9/9/9/4r4/9/9/9/9/4K1N2 w - - 0 1", "g0h2", XQ_ILLEGAL_STILL_IN_CHECK, "e5", "e0" },
  { "3k5/9/9/9/5r3/9/9/9/9/4K4 w - - 0 1", "e0f0", XQ_ILLEGAL_INTO_CHECK, "f5", "f0" },
  /* The chariot on e1 shields its general from the chariot on e5 ... */
  { "3k5/9/9/9/4r4/9/9/9/4R4/4K4 w - - 0 1", "e1d1", XQ_ILLEGAL_PINNED, "e5", "e0" },
  /* ... and the horse on f1 is the leg of the black horse on f2. */
  { "3k5/9/9/9/9/9/9/5n3/5N3/4K4 w - - 0 1", "f1h2", XQ_ILLEGAL_PINNED, "f2", "e0" },
  /* The chariot would stand between the cannon on e5 and its general. */
  { "3k5/9/9/9/4c4/9/9/R8/9/4K4 w - - 0 1", "a2e2", XQ_ILLEGAL_BECOMES_SCREEN, "e5", "e0" },
};

static char *
sorted_points (const XqSquare *points, int n)
{
  char names[XQ_ATTACKS_MAX_POINTS][3];
  const char *sorted[XQ_ATTACKS_MAX_POINTS + 1];

  for (int i = 0; i < n; i++)
    {
      xq_square_to_text (points[i], names[i]);
      sorted[i] = names[i];
    }
  qsort (sorted, (size_t) n, sizeof *sorted, compare_str);
  sorted[n] = NULL;
  return g_strjoinv (" ", (char **) sorted);
}

static void
test_illegal_reason (gconstpointer data)
{
  const IllegalCase *c = data;
  char from[3] = { c->move[0], c->move[1], '\0' }, to[3] = { c->move[2], c->move[3], '\0' };
  XqMove m = xq_move_make (xq_square_from_text (from), xq_square_from_text (to));
  g_autofree char *before = NULL, *after = NULL, *points = NULL;
  XqPosition pos;
  XqIllegal why;

  load (&pos, c->fen);
  before = xq_position_to_fen (&pos);
  g_assert_cmpstr (xq_illegal_reason_id (xq_position_explain_illegal (&pos, m, &why)), ==,
                   xq_illegal_reason_id (c->reason));
  g_assert_cmpint (why.reason, ==, c->reason);
  points = sorted_points (why.points, why.n_points);
  g_assert_cmpstr (points, ==, c->points);
  if (c->general != NULL)
    g_assert_cmpint (why.general, ==, xq_square_from_text (c->general));
  else
    g_assert_cmpint (why.general, ==, XQ_NO_SQUARE);
  /* The answer agrees with the legality test, and pos is restored. */
  if (m != XQ_MOVE_NONE)
    g_assert_cmpint (c->reason == XQ_ILLEGAL_NONE, ==, xq_position_is_legal (&pos, m));
  after = xq_position_to_fen (&pos);
  g_assert_cmpstr (after, ==, before);
  g_assert_true (xq_position_is_consistent (&pos));
}

/* Every reason has its own id, and every one is exercised above. */
static void
test_illegal_ids (void)
{
  for (int r = XQ_ILLEGAL_NONE; r <= XQ_ILLEGAL_BECOMES_SCREEN; r++)
    {
      gboolean tested = FALSE;

      g_assert_cmpstr (xq_illegal_reason_id ((XqIllegalReason) r), !=, "unknown");
      for (int q = XQ_ILLEGAL_NONE; q < r; q++)
        g_assert_cmpstr (xq_illegal_reason_id ((XqIllegalReason) r), !=,
                         xq_illegal_reason_id ((XqIllegalReason) q));
      for (gsize i = 0; i < G_N_ELEMENTS (illegal_cases); i++)
        tested |= illegal_cases[i].reason == (XqIllegalReason) r;
      g_assert_true (tested);
    }
}

/* Over random games, for every move of a piece of the side to move onto
 * every point: the explanation is NONE exactly for the legal moves, and a
 * reason about the general only for moves the piece itself may make. */
static void
test_illegal_random (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261201);

  for (int game = 0; game < 6; game++)
    {
      XqPosition pos;

      xq_position_init_start (&pos);
      for (int ply = 0; ply < 60; ply++)
        {
          XqMove legal[XQ_MAX_MOVES];
          int nl = xq_position_legal_moves (&pos, legal);

          if (nl == 0)
            break;
          for (XqSquare from = 0; from < XQ_SQUARES; from++)
            {
              if (pos.board[from] == XQ_EMPTY || xq_piece_color (pos.board[from]) != pos.side)
                continue;
              for (XqSquare to = 0; to < XQ_SQUARES; to++)
                {
                  XqMove m = xq_move_make (from, to);
                  XqIllegal why;
                  XqIllegalReason r;

                  if (from == to)
                    continue;
                  r = xq_position_explain_illegal (&pos, m, &why);
                  g_assert_cmpint (r == XQ_ILLEGAL_NONE, ==, xq_position_is_legal (&pos, m));
                  if (r >= XQ_ILLEGAL_GENERALS_FACE)
                    {
                      g_assert_true (xq_position_is_pseudo_legal (&pos, m));
                      g_assert_cmpint (why.n_points, >, 0);
                    }
                  else if (r != XQ_ILLEGAL_NONE)
                    g_assert_false (xq_position_is_pseudo_legal (&pos, m));
                }
            }
          {
            XqUndo u;
            xq_position_do_move (&pos, legal[g_rand_int_range (rand, 0, nl)], &u);
          }
        }
    }
}

/* The attack geometry the reasons are built on. */
static void
test_attacks_geometry (void)
{
  XqPosition pos;
  XqSquare out[XQ_ATTACKS_MAX_POINTS];
  g_autofree char *legs = NULL, *eyes = NULL, *checkers = NULL, *way = NULL;
  int n;

  load (&pos, XQ_START_FEN);
  /* a0 to a9: the soldiers on a3 and a6. */
  n = xq_attacks_between (pos.board, xq_square_from_text ("a0"), xq_square_from_text ("a9"), out);
  way = sorted_points (out, n);
  g_assert_cmpstr (way, ==, "a3 a6");
  g_assert_cmpint (xq_attacks_between (pos.board, xq_square_from_text ("a0"), xq_square_from_text ("b1"), NULL), ==, -1);
  g_assert_cmpint (xq_attacks_between (pos.board, xq_square_from_text ("a0"), xq_square_from_text ("a0"), NULL), ==, -1);
  /* The horse on b0 has one occupied leg (c0); b1 is free.  The elephant
   * on c0 has both eyes free. */
  n = xq_attacks_blockers (pos.board, xq_square_from_text ("b0"), out);
  legs = sorted_points (out, n);
  g_assert_cmpstr (legs, ==, "c0");
  g_assert_cmpint (xq_attacks_blockers (pos.board, xq_square_from_text ("c0"), out), ==, 0);
  g_assert_cmpint (xq_attacks_blockers (pos.board, xq_square_from_text ("a0"), out), ==, 0);
  load (&pos, "3k5/9/9/9/9/9/9/9/3N5/2B1K4 w - - 0 1");
  n = xq_attacks_blockers (pos.board, xq_square_from_text ("c0"), out);
  eyes = sorted_points (out, n);
  g_assert_cmpstr (eyes, ==, "d1");

  /* A general on e9: the cannon on e2 over the soldier on e8, that soldier,
   * and the horse on f7 (its leg f8 free); on d9 only the red general,
   * which faces it along the open d file. */
  g_assert_true (xq_position_set_fen_unchecked (&pos, "4k4/4P4/5N3/9/9/9/9/4C4/9/3K5 w - - 0 1", NULL));
  n = xq_attacks_on_general (pos.board, xq_square_from_text ("e9"), XQ_RED, out);
  checkers = sorted_points (out, n);
  g_assert_cmpstr (checkers, ==, "e2 e8 f7");
  g_clear_pointer (&checkers, g_free);
  n = xq_attacks_on_general (pos.board, xq_square_from_text ("d9"), XQ_RED, out);
  checkers = sorted_points (out, n);
  g_assert_cmpstr (checkers, ==, "d0");
  /* Black's pieces strike nothing of Red's here. */
  g_assert_cmpint (xq_attacks_on_general (pos.board, xq_square_from_text ("d0"), XQ_BLACK, out), ==, 0);
}

/* xqtool why: the same reasons and points, one line, for a person. */
static void
test_illegal_cli (void)
{
  static const struct { const char *fen, *move, *out; int status; } cases[] = {
    { XQ_START_FEN, "b0d1", "horse-leg c0\n", 0 },
    { XQ_START_FEN, "h2e2", "none\n", 0 },
    { "3k5/9/9/9/4r4/9/9/9/4R4/4K4 w - - 0 1", "e1d1", "pinned e5 general e0\n", 0 },
    { XQ_START_FEN, "z9z9", "", 1 },
  };
  const char *tool = g_getenv ("XQTOOL");

  g_assert_nonnull (tool);
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *argv[] = { tool, "why", cases[i].fen, cases[i].move, NULL };
      g_autofree char *out = NULL, *err = NULL;
      g_autoptr(GError) error = NULL;
      int status = -1;

      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                                   &out, &err, &status, &error));
      g_assert_no_error (error);
      g_assert_true (WIFEXITED (status));
      g_assert_cmpint (WEXITSTATUS (status), ==, cases[i].status);
      g_assert_cmpstr (out, ==, cases[i].out);
      /* A failure says why in one line. */
      if (cases[i].status != 0)
        g_assert_true (strchr (err, '\n') == err + strlen (err) - 1);
    }
}

/* Defenders (docs/attacks.md, "Defenders"): legal recaptures only, asked
 * of the board as it stands or after a real capture. */
typedef struct {
  const char *name;
  const char *fen;
  const char *sq;         /* the defended piece */
  const char *capturer;   /* NULL: the board as it stands */
  const char *defenders;  /* every defender, in board order, space separated */
} DefenderCase;

static const DefenderCase defender_cases[] = {
  /* The horse c4 takes back on e5 (its leg d4 free). */
  { "horse", "3k5/4r4/9/9/4P4/2N6/9/9/9/5K3 w - - 0 1", "e5", NULL, "c4" },
  /* Its leg d4 taken: no defender. */
  { "horse-leg", "3k5/4r4/9/9/4P4/2NN5/9/9/9/5K3 w - - 0 1", "e5", NULL, "" },
  /* The cannon b1 over the screen b3 (a cannon defends as it captures). */
  { "cannon-screen", "5k3/9/9/1P2r4/9/9/1N7/9/1C7/3K5 w - - 0 1", "b6", NULL, "b1" },
  /* Without the screen the cannon only slides: it cannot take back. */
  { "cannon-no-screen", "5k3/9/9/1P2r4/9/9/9/9/1C7/3K5 w - - 0 1", "b6", NULL, "" },
  /* The black chariot b3 is the red cannon's screen: statically the
   * cannon defends b6, but once the chariot itself takes, it is gone. */
  { "screen-captures-static", "3k5/9/9/1N7/9/9/1r7/9/9/1C2K1B2 w - - 0 1", "b6", NULL, "b0" },
  { "screen-captures", "3k5/9/9/1N7/9/9/1r7/9/9/1C2K1B2 w - - 0 1", "b6", "b3", "" },
  /* The chariot e2 shields its general from the chariot e7: pinned. */
  { "pinned", "5k3/9/4r4/9/9/2n6/9/3NR4/9/4K4 w - - 0 1", "d2", NULL, "" },
  /* A pinned piece may take back along its pin line: the chariot e1
   * stays between its general and the chariot that took on e3. */
  { "pinned-on-line", "5k3/9/4r4/9/9/9/4N4/9/4R4/4K4 w - - 0 1", "e3", "e7", "e1" },
  /* The general e1 takes back on e2 inside its palace once the chariot
   * a2 has come to e2 and left its rank. */
  { "general", "3k5/9/9/9/9/9/9/r3N4/4K4/9 w - - 0 1", "e2", "a2", "e1" },
  /* The same with the black general on e9: taking back would face it. */
  { "flying-general", "4k4/9/9/9/9/9/9/r3N4/4K4/9 w - - 0 1", "e2", "a2", "" },
  /* The general d2 never steps out of its palace to d3. */
  { "palace", "5k3/9/9/9/9/9/r2N5/3K5/9/9 w - - 0 1", "d3", "a3", "" },
  /* The last piece between the generals may not leave the file: the
   * horse e4 does not defend the soldier c5. */
  { "last-between", "4k4/9/9/9/2P6/4N4/9/9/9/4K4 w - - 0 1", "c5", NULL, "" },
  /* Black defends too: the horse f8 takes back on d7 (the elephant c9 cannot). */
  { "black", "2b1k4/5n3/n2r5/9/2N6/9/9/R8/9/5K3 w - - 0 1", "d7", "c5", "f8" },
};

static void
test_defenders (gconstpointer data)
{
  const DefenderCase *c = data;
  XqPosition pos;
  g_autoptr(GError) error = NULL;
  XqSquare out[XQ_ATTACKS_MAX_POINTS];
  g_autoptr(GString) got = g_string_new (NULL);
  g_autofree char *before = NULL, *after = NULL;
  int n;

  g_assert_true (xq_position_set_fen (&pos, c->fen, &error));
  g_assert_no_error (error);
  before = xq_position_to_fen (&pos);
  n = xq_attacks_defenders (&pos, xq_square_from_text (c->sq),
                            c->capturer ? xq_square_from_text (c->capturer) : XQ_NO_SQUARE, out);
  for (int i = 0; i < n; i++)
    {
      char name[3];
      xq_square_to_text (out[i], name);
      g_string_append_printf (got, "%s%s", i ? " " : "", name);
    }
  g_assert_cmpstr (got->str, ==, c->defenders);
  /* The position asked about is left alone. */
  after = xq_position_to_fen (&pos);
  g_assert_cmpstr (after, ==, before);
}

/* An editor passes through positions with two generals of one side;
 * taking either off must leave the other known, so that the generals
 * facing each other is still seen. */
static void
test_put_second_general (void)
{
  XqPosition pos;
  XqPiece rk = xq_piece_make (XQ_RED, XQ_KING);
  XqPiece bk = xq_piece_make (XQ_BLACK, XQ_KING);

  xq_position_clear (&pos);
  xq_position_put (&pos, xq_square_from_text ("e9"), bk);
  xq_position_put (&pos, xq_square_from_text ("d0"), rk);
  xq_position_put (&pos, xq_square_from_text ("e0"), rk);
  xq_position_put (&pos, xq_square_from_text ("e0"), XQ_EMPTY);
  g_assert_cmpint (pos.king[XQ_RED], ==, xq_square_from_text ("d0"));
  g_assert_false (xq_position_kings_facing (&pos));

  xq_position_put (&pos, xq_square_from_text ("e0"), rk);
  xq_position_put (&pos, xq_square_from_text ("d0"), XQ_EMPTY);
  g_assert_cmpint (pos.king[XQ_RED], ==, xq_square_from_text ("e0"));
  g_assert_true (xq_position_kings_facing (&pos));

  xq_position_put (&pos, xq_square_from_text ("e0"), XQ_EMPTY);
  g_assert_cmpint (pos.king[XQ_RED], ==, XQ_NO_SQUARE);
}

/* xq_position_play_line: a legal line is played; at an illegal move it
 * stops, the position standing after the legal moves before it. */
static void
test_play_line (void)
{
  XqPosition pos, after;
  XqMove line[3] = { xq_move_from_iccs ("h2e2"), xq_move_from_iccs ("h9g7"), xq_move_from_iccs ("e2e9") };
  g_autofree char *fen = NULL;
  XqUndo u;

  xq_position_init_start (&pos);
  g_assert_true (xq_position_play_line (&pos, line, 2));
  fen = xq_position_to_fen (&pos);
  g_assert_cmpstr (fen, ==, "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2");
  /* e2e9: the cannon cannot take the general with its own soldier and
   * Black's between (two screens). */
  xq_position_init_start (&after);
  xq_position_do_move (&after, line[0], &u);
  xq_position_do_move (&after, line[1], &u);
  xq_position_init_start (&pos);
  g_assert_false (xq_position_play_line (&pos, line, 3));
  g_assert_true (memcmp (&pos, &after, sizeof pos) == 0);
  g_assert_true (xq_position_play_line (&pos, NULL, 0));
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
  g_test_add_func ("/core/position/play-line", test_play_line);
  g_test_add_func ("/core/position/put-second-general", test_put_second_general);
  for (gsize i = 0; i < G_N_ELEMENTS (illegal_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/illegal/%s/%" G_GSIZE_FORMAT,
                                               xq_illegal_reason_id (illegal_cases[i].reason), i);
      g_test_add_data_func (path, &illegal_cases[i], test_illegal_reason);
    }
  g_test_add_func ("/core/illegal/ids", test_illegal_ids);
  g_test_add_func ("/core/illegal/random", test_illegal_random);
  g_test_add_func ("/core/attacks/geometry", test_attacks_geometry);
  for (gsize i = 0; i < G_N_ELEMENTS (defender_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/attacks/defenders/%s", defender_cases[i].name);
      g_test_add_data_func (path, &defender_cases[i], test_defenders);
    }
  g_test_add_func ("/core/illegal/xqtool-why", test_illegal_cli);
  return g_test_run ();
}
