/* SPDX-License-Identifier: GPL-3.0-or-later */
/* XqGame: the record (undo/redo), results and the rules that end a game
 * other than cycles: mate, stalemate, the natural limit, bare material,
 * interface results, and the 24.3 warning sequence. */
#define G_LOG_DOMAIN "test-game"

#include "config.h"

#include <string.h>
#include <sys/wait.h>

#include "xq-game.h"
#include "xq-material.h"
#include "xq-test-dirs.h"
#include "xq-test-xqtool.h"

static XqGame *
game_from (const char *fen, const XqGameOptions *opts)
{
  XqPosition start;
  g_autoptr(GError) error = NULL;

  g_assert_true (xq_position_set_fen (&start, fen, &error));
  g_assert_no_error (error);
  return xq_game_new_full (&start, opts);
}

static void
play_all (XqGame *game, const char *moves)
{
  g_auto(GStrv) list = g_strsplit (moves, " ", -1);

  for (int i = 0; list[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      g_assert_true (xq_game_play_iccs (game, list[i], &error));
      g_assert_no_error (error);
    }
}

static char *
result_text (const XqGame *game)
{
  XqResult r = xq_game_get_result (game);

  if (r.winner == XQ_WINNER_NONE)
    return g_strdup ("ongoing");
  return g_strdup_printf ("%s %s", xq_winner_to_code (r.winner), xq_reason_to_code (r.reason));
}

#define assert_result(game, text) G_STMT_START { \
    g_autofree char *got_ = result_text (game);  \
    g_assert_cmpstr (got_, ==, text);             \
  } G_STMT_END

/* ---- Record ------------------------------------------------------------------ */

static void
test_undo_redo (void)
{
  g_autoptr(XqGame) game = xq_game_new (NULL);
  g_autofree char *fen1 = NULL;
  XqMove moves[XQ_MAX_MOVES];
  XqPosition scratch;

  g_assert_cmpint (xq_game_get_ply (game), ==, 0);
  g_assert_cmpint (xq_game_get_n_plies (game), ==, 0);
  g_assert_cmpint (xq_game_get_last_move (game), ==, XQ_MOVE_NONE);
  scratch = *xq_game_get_position (game);
  g_assert_cmpint (xq_position_legal_moves (&scratch, moves), ==, 44);
  g_assert_false (xq_game_undo (game));

  play_all (game, "h2e2 h9g7 h0g2 i9h9");
  g_assert_cmpint (xq_game_get_ply (game), ==, 4);
  g_assert_cmpint (xq_game_get_n_plies (game), ==, 4);
  g_assert_cmpint (xq_game_get_last_move (game), ==, xq_move_from_iccs ("i9h9"));
  fen1 = xq_position_to_fen (xq_game_get_position_at (game, 1));
  g_assert_cmpstr (fen1, ==, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");

  /* Undo and redo move through the record without losing it. */
  g_assert_true (xq_game_undo (game));
  g_assert_true (xq_game_undo (game));
  g_assert_cmpint (xq_game_get_ply (game), ==, 2);
  g_assert_cmpint (xq_game_get_n_plies (game), ==, 4);
  g_assert_cmpint (xq_game_get_last_move (game), ==, xq_move_from_iccs ("h9g7"));
  g_assert_true (xq_game_redo (game));
  g_assert_cmpint (xq_game_get_ply (game), ==, 3);
  g_assert_true (xq_game_go_to_ply (game, 0));
  g_assert_true (xq_game_get_position (game)->key == xq_game_get_start (game)->key);
  g_assert_false (xq_game_go_to_ply (game, 5));
  g_assert_false (xq_game_go_to_ply (game, -1));

  /* Replaying the recorded move keeps the tail... */
  play_all (game, "h2e2");
  g_assert_cmpint (xq_game_get_n_plies (game), ==, 4);
  g_assert_cmpint (xq_game_get_ply (game), ==, 1);
  /* ...a different one drops it. */
  play_all (game, "b9c7");
  g_assert_cmpint (xq_game_get_n_plies (game), ==, 2);
  g_assert_cmpint (xq_game_get_move (game, 2), ==, xq_move_from_iccs ("b9c7"));
  g_assert_false (xq_game_redo (game));
  g_assert_cmpint (xq_game_get_move (game, 3), ==, XQ_MOVE_NONE);
  scratch = *xq_game_get_position_at (game, 0);
  g_assert_cmpint (xq_position_legal_moves (&scratch, moves), ==, 44);
}

static void
test_illegal_move (void)
{
  g_autoptr(XqGame) game = xq_game_new (NULL);
  g_autoptr(GError) error = NULL;

  play_all (game, "h2e2 h9g7");
  g_assert_false (xq_game_play_iccs (game, "e2e9", &error));
  g_assert_error (error, XQ_GAME_ERROR, XQ_GAME_ERROR_ILLEGAL_MOVE);
  g_assert_nonnull (strstr (error->message, "ply 3"));
  g_clear_error (&error);

  g_assert_false (xq_game_play_iccs (game, "zz99", &error));
  g_assert_error (error, XQ_GAME_ERROR, XQ_GAME_ERROR_BAD_MOVE_TEXT);
  g_assert_nonnull (strstr (error->message, "ply 3"));
  g_clear_error (&error);

  g_assert_cmpint (xq_game_get_n_plies (game), ==, 2);
}

static void
test_copy (void)
{
  g_autoptr(XqGame) game = xq_game_new (NULL);
  g_autoptr(XqGame) copy = NULL;

  play_all (game, "h2e2 h9g7");
  copy = xq_game_copy (game);
  play_all (copy, "h0g2");
  g_assert_cmpint (xq_game_get_n_plies (game), ==, 2);
  g_assert_cmpint (xq_game_get_n_plies (copy), ==, 3);
}

/* ---- Mate, stalemate ------------------------------------------------------------ */

/* The b0b9 chariot mates (a8 holds rank 8); the game is over and refuses moves.
 * fairy-stockfish 11.1 agrees: "score mate 1 ... pv b1b10" from the start
 * FEN, and "score mate 0, bestmove (none)" after the move. */
static void
test_checkmate (void)
{
  g_autoptr(XqGame) game = game_from ("3k5/R8/9/9/9/9/9/9/9/1R3K3 w - - 0 1", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  XqResult r;

  play_all (game, "b0b9");
  assert_result (game, "red checkmate");
  r = xq_game_get_result (game);
  g_assert_cmpint (r.ply, ==, 1);
  g_assert_true (xq_game_is_over (game));
  g_assert_false (xq_game_play_iccs (game, "d9e9", &error));
  g_assert_error (error, XQ_GAME_ERROR, XQ_GAME_ERROR_GAME_OVER);
  text = xq_result_explain (&r);
  g_assert_nonnull (strstr (text, "Checkmate"));
  g_assert_cmpstr (xq_reason_rule (r.reason, XQ_RULES_CHINA), ==, "第3條 3.1, 第4條 4.1.1");

  /* Undoing the mate brings the game back to life. */
  g_assert_true (xq_game_undo (game));
  assert_result (game, "ongoing");
  g_assert_false (xq_game_is_over (game));
}

/* 困斃: Black is not in check but has no move (e9 is closed by the e-file
 * chariot, d8 by the a8 chariot).  fairy-stockfish 11.1 on the final
 * position (black to move): "score mate 0", "bestmove (none)". */
static void
test_stalemate (void)
{
  g_autoptr(XqGame) game = game_from ("3k5/R8/9/9/9/9/9/9/5K3/7R1 w - - 0 1", NULL);

  play_all (game, "h0e0");
  assert_result (game, "red stalemate");
}

/* ---- The natural limit (4.2.4, 23.3) ---------------------------------------------- */

static void
test_move_limit_exact (void)
{
  g_autoptr(XqGame) game = game_from ("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 118 60", NULL);

  play_all (game, "a0a1");
  assert_result (game, "ongoing");          /* 119 plies: one short */
  play_all (game, "d9d8");
  assert_result (game, "draw move-limit");  /* 120 plies = 60 rounds */
  g_assert_cmpstr (xq_reason_rule (XQ_REASON_MOVE_LIMIT, XQ_RULES_CHINA), ==, "第4條 4.2.4, 第23條 23.3");
}

static void
test_move_limit_capture_resets (void)
{
  XqGameOptions opts;
  g_autoptr(XqGame) game = NULL;

  xq_game_options_init (&opts);
  g_assert_cmpint (opts.move_limit, ==, 60);
  opts.move_limit = 2;   /* 4.2.4 allows reducing it; short to keep the test small */
  game = game_from ("3k5/9/9/9/n8/9/9/9/9/R3K4 w - - 3 10", &opts);
  play_all (game, "a0a5");                  /* R×N: the count starts again */
  g_assert_cmpint (xq_game_get_position (game)->halfmove, ==, 0);
  play_all (game, "d9d8 a5a4 d8d9");
  assert_result (game, "ongoing");          /* 3 plies */
  play_all (game, "a4a3");
  assert_result (game, "draw move-limit");  /* 4 plies = 2 rounds */
}

/* A mate made on the move that completes the limit stands (docs/rulings.md). */
static void
test_move_limit_mate_stands (void)
{
  g_autoptr(XqGame) game = game_from ("3k5/R8/9/9/9/9/9/9/9/1R3K3 w - - 119 80", NULL);

  play_all (game, "b0b9");
  g_assert_cmpint (xq_game_get_position (game)->halfmove, ==, 120);
  assert_result (game, "red checkmate");
}

/* 23.3: a claimant's checks beyond 10 are not counted (nor the replies); an
 * automatic referee lets either side claim. */
static void
test_move_limit_check_cap (void)
{
  g_assert_true (xq_move_limit_reached (120, 0, 0, 60));
  g_assert_false (xq_move_limit_reached (119, 0, 0, 60));
  g_assert_true (xq_move_limit_reached (120, 10, 10, 60));
  g_assert_false (xq_move_limit_reached (120, 11, 11, 60));   /* each side: 118 counted */
  g_assert_true (xq_move_limit_reached (122, 11, 11, 60));
  g_assert_false (xq_move_limit_reached (150, 30, 30, 60));   /* 150 - 40 = 110 */
  g_assert_true (xq_move_limit_reached (120, 30, 0, 60));     /* Black may claim */
  g_assert_false (xq_move_limit_reached (1000, 0, 0, 0));     /* off */
}

/* Checks are counted through the game: with a limit of 6 rounds, five of
 * Red's six moves are checks (a9, a9, a8, a7, a8), yet 12 plies still reach
 * the limit, because Black, who gave no check, may claim (23.3 caps only the
 * claimant's own checks, and never more than 10 count). */
static void
test_move_limit_with_checks (void)
{
  XqGameOptions opts;
  g_autoptr(XqGame) game = NULL;

  xq_game_options_init (&opts);
  opts.move_limit = 6;
  game = game_from ("4k4/9/9/9/9/9/9/9/4A4/R2K5 w - - 0 1", &opts);
  /* The a-file chariot checks along the ranks while the general walks; no position comes back a third time. */
  play_all (game, "a0a9 e9e8 a9a7 e8e9 a7a9 e9e8 a9a8 e8e7 a8a7 e7e8 a7a8");
  assert_result (game, "ongoing");
  play_all (game, "e8e9");
  assert_result (game, "draw move-limit");
}

/* ---- Bare material (4.2.1) ------------------------------------------------------- */

typedef struct {
  const char *fen;
  gboolean    drawn;
} BareCase;

static const BareCase bare_cases[] = {
  { "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", TRUE },                /* K v K */
  { "2bakab2/9/9/9/9/9/9/9/4A4/2BK1AB2 w - - 0 1", TRUE },        /* full defenders only */
  { "3k5/9/9/9/9/9/9/9/9/2C1K4 w - - 0 1", TRUE },              /* K+C v K */
  { "3k5/9/9/9/9/9/9/4B4/9/2C1K4 w - - 0 1", TRUE },            /* K+C+B v K */
  { "2b1k4/9/9/9/9/9/9/4B4/9/2C1K4 w - - 0 1", TRUE },          /* K+C+B v K+B */
  { "3k1a3/9/9/9/9/9/9/9/9/2C1K4 w - - 0 1", TRUE },            /* K+C v K+A */
  { "4k4/9/9/9/9/9/9/9/4A4/2C1K4 w - - 0 1", FALSE },            /* K+C+A v K: can mate */
  { "3k1a3/4a4/9/9/9/9/9/9/9/2C1K4 w - - 0 1", FALSE },         /* K+C v K+2A: screens */
  { "3k5/9/9/9/9/9/9/9/9/2N1K4 w - - 0 1", FALSE },             /* K+N v K */
  { "3k5/9/9/9/9/9/4P4/9/9/4K4 w - - 0 1", FALSE },             /* K+P v K */
  { "3k5/9/9/9/9/9/9/9/9/2C1KC3 w - - 0 1", FALSE },            /* two cannons */
  /* A soldier on the enemy's back rank, alone or with defenders. */
  { "P2k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", TRUE },               /* K+P(back) v K */
  { "4k4/9/9/9/9/9/9/9/9/p2K5 b - - 0 1", TRUE },               /* colours reversed */
  { "P1b1ka3/9/4b4/9/9/9/9/9/9/2BAKAB2 w - - 0 1", TRUE },       /* + all defenders v K+A+2B */
  { "P2k5/9/9/9/9/9/9/9/9/p3K4 w - - 0 1", TRUE },              /* one each side */
  /* Near cases that play on. */
  { "3k5/P8/9/9/9/9/9/9/9/4K4 w - - 0 1", FALSE },              /* one rank short */
  { "P2k5/9/9/9/9/9/9/9/9/p2AKA3 w - - 0 1", FALSE },           /* black's soldier v K+2A */
  { "3ak1P2/4a4/9/9/9/9/9/9/9/4K4 w - - 0 1", FALSE },          /* v K+2A: can stalemate */
  { "P2k4P/9/9/9/9/9/9/9/9/4K4 w - - 0 1", FALSE },             /* two back-rank soldiers */
  { "P2k5/9/9/9/9/9/9/9/9/2C1K4 w - - 0 1", FALSE },            /* + a cannon: a screen */
  { "P2k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1", FALSE },             /* + a chariot */
};

static void
test_bare_material (gconstpointer data)
{
  const BareCase *c = data;
  XqPosition pos;
  g_autoptr(XqGame) game = NULL;

  g_assert_true (xq_position_set_fen (&pos, c->fen, NULL));
  g_assert_cmpint (xq_material_is_bare_draw (&pos), ==, c->drawn);
  game = xq_game_new (&pos);
  assert_result (game, c->drawn ? "draw bare-material" : "ongoing");
}

/* The proof of the back-rank soldier sets (docs/bare-material.md), run
 * again on the small sets: every legal placement, either side to move, is
 * counted; a set declared drawn must have no placement without a legal
 * move, and the near set K+P v K+2A must have one (that is why it plays on). */
typedef struct {
  XqPiece  piece;
  XqSquare squares[9];
  int      n;
} Slot;

typedef struct {
  const Slot *slots;
  int         n_slots;
  XqPosition  pos;
  int         placements;
  int         declared;   /* placements xq_material_is_bare_draw calls drawn */
  int         no_move;    /* placements whose side to move has no legal move */
} Enumeration;

static void
enumerate (Enumeration *e, int i)
{
  if (i == e->n_slots)
    {
      if (xq_position_kings_facing (&e->pos))
        return;
      for (int side = XQ_RED; side <= XQ_BLACK; side++)
        {
          xq_position_set_side (&e->pos, (XqColor) side);
          if (xq_position_in_check (&e->pos, xq_color_other ((XqColor) side)))
            continue;
          e->placements++;
          e->declared += xq_material_is_bare_draw (&e->pos);
          e->no_move += !xq_position_has_legal_move (&e->pos);
        }
      return;
    }
  for (int k = 0; k < e->slots[i].n; k++)
    {
      XqSquare sq = e->slots[i].squares[k];

      /* Two advisors of one side: each pair once. */
      if (i > 0 && e->slots[i].piece == e->slots[i - 1].piece && e->pos.board[sq] == XQ_EMPTY)
        {
          gboolean before = FALSE;
          for (int j = k + 1; j < e->slots[i].n; j++)
            before |= e->pos.board[e->slots[i].squares[j]] == e->slots[i].piece;
          if (before)
            continue;
        }
      if (e->pos.board[sq] != XQ_EMPTY)
        continue;
      xq_position_put (&e->pos, sq, e->slots[i].piece);
      enumerate (e, i + 1);
      xq_position_put (&e->pos, sq, XQ_EMPTY);
    }
}

static Slot
slot_palace (XqColor c, XqPieceType t)
{
  Slot s = { xq_piece_make (c, t), { 0 }, 0 };
  int base = c == XQ_RED ? 0 : 7;

  if (t == XQ_KING)
    for (int f = 3; f <= 5; f++)
      for (int r = base; r < base + 3; r++)
        s.squares[s.n++] = xq_sq_make (f, r);
  else
    {
      static const int adv[5][2] = { { 3, 0 }, { 5, 0 }, { 4, 1 }, { 3, 2 }, { 5, 2 } };
      for (int k = 0; k < 5; k++)
        s.squares[s.n++] = xq_sq_make (adv[k][0], c == XQ_RED ? adv[k][1] : 9 - adv[k][1]);
    }
  return s;
}

static Slot
slot_back_rank_soldier (XqColor c)
{
  Slot s = { xq_piece_make (c, XQ_PAWN), { 0 }, 0 };

  for (int f = 0; f < XQ_FILES; f++)
    s.squares[s.n++] = xq_sq_make (f, c == XQ_RED ? 9 : 0);
  return s;
}

static void
test_bare_material_enumerate (void)
{
  struct {
    const char *name;
    int         black_advisors;
    gboolean    black_soldier;
    gboolean    drawn;
  } sets[] = {
    { "K+P v K", 0, FALSE, TRUE },
    { "K+P v K+A", 1, FALSE, TRUE },
    { "K+P v K+P", 0, TRUE, TRUE },
    { "K+P v K+A+P", 1, TRUE, TRUE },
    { "K+P v K+2A", 2, FALSE, FALSE },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (sets); i++)
    {
      Slot slots[5];
      Enumeration e = { 0 };

      e.slots = slots;

      slots[e.n_slots++] = slot_palace (XQ_RED, XQ_KING);
      slots[e.n_slots++] = slot_palace (XQ_BLACK, XQ_KING);
      slots[e.n_slots++] = slot_back_rank_soldier (XQ_RED);
      for (int a = 0; a < sets[i].black_advisors; a++)
        slots[e.n_slots++] = slot_palace (XQ_BLACK, XQ_ADVISOR);
      if (sets[i].black_soldier)
        slots[e.n_slots++] = slot_back_rank_soldier (XQ_BLACK);
      xq_position_clear (&e.pos);
      enumerate (&e, 0);
      g_test_message ("%s: %d placements, %d declared drawn, %d without a legal move",
                      sets[i].name, e.placements, e.declared, e.no_move);
      g_assert_cmpint (e.placements, >, 500);
      if (sets[i].drawn)
        {
          g_assert_cmpint (e.declared, ==, e.placements);
          g_assert_cmpint (e.no_move, ==, 0);
        }
      else
        {
          g_assert_cmpint (e.declared, ==, 0);
          g_assert_cmpint (e.no_move, >, 0);
        }
    }
}

/* The capture that leaves bare material ends the game on that ply: the
 * advisor takes the last black horse, leaving K+A v K. */
static void
test_bare_material_after_capture (void)
{
  g_autoptr(XqGame) game = game_from ("4k4/9/9/9/9/9/9/3n5/4A4/3K5 w - - 0 1", NULL);
  g_autoptr(XqGame) off = NULL;
  XqGameOptions opts;

  assert_result (game, "ongoing");
  play_all (game, "e1d2");
  assert_result (game, "draw bare-material");
  g_assert_cmpint (xq_game_get_result (game).ply, ==, 1);

  /* The option turns the rule off. */
  xq_game_options_init (&opts);
  opts.bare_material = FALSE;
  off = game_from ("4k4/9/9/9/9/9/9/3n5/4A4/3K5 w - - 0 1", &opts);
  play_all (off, "e1d2");
  assert_result (off, "ongoing");
}

/* ---- Interface results ------------------------------------------------------------- */

static void
test_declared_results (void)
{
  g_autoptr(XqGame) game = xq_game_new (NULL);
  XqResult r;
  g_autofree char *text = NULL;

  play_all (game, "h2e2 h9g7");
  xq_game_resign (game, XQ_BLACK);
  assert_result (game, "red resignation");
  r = xq_game_get_result (game);
  g_assert_cmpint (r.ply, ==, 2);
  text = xq_result_explain (&r);
  g_assert_cmpstr (text, ==, "Red wins: Black resigned.");
  xq_game_clear_declared_result (game);
  assert_result (game, "ongoing");

  xq_game_agree_draw (game);
  assert_result (game, "draw agreement");
  xq_game_clear_declared_result (game);
  xq_game_flag_fall (game, XQ_RED);
  assert_result (game, "black time");

  /* Going back hides it; a new move from there drops it with the tail. */
  g_assert_true (xq_game_undo (game));
  assert_result (game, "ongoing");
  play_all (game, "b9c7");
  assert_result (game, "ongoing");
  g_assert_cmpint (xq_game_get_n_plies (game), ==, 2);
}

static void
test_codes (void)
{
  static const char *const codes[] = {
    "checkmate", "stalemate", "perpetual-check", "perpetual-chase", "repetition", "move-limit",
    "bare-material", "resignation", "agreement", "time", "perpetual-mate-threat", "perpetual-mixed",
    "illegal-move",
  };

  for (size_t i = 0; i < G_N_ELEMENTS (codes); i++)
    {
      XqReason reason;
      XqResult r = { XQ_WINNER_BLACK, 0, 0 };
      g_autofree char *text = NULL;

      g_assert_true (xq_reason_from_code (codes[i], &reason));
      g_assert_cmpstr (xq_reason_to_code (reason), ==, codes[i]);
      g_assert_cmpstr (xq_reason_rule (reason, XQ_RULES_CHINA), !=, "");
      r.reason = reason;
      text = xq_result_explain (&r);
      g_assert_true (g_str_has_prefix (text, "Black wins"));
    }
  g_assert_false (xq_reason_from_code ("nonsense", NULL));
  g_assert_cmpstr (xq_winner_to_code (XQ_WINNER_NONE), ==, "ongoing");
  g_assert_cmpstr (xq_reason_rule (XQ_REASON_PERPETUAL_CHECK, XQ_RULES_CHINA), ==, "第24條 24.1, 第26條 26.1");
}

/* A result rebuilt from its code alone (as a tournament pairing is) does not
 * know what the cycle was, and its sentence claims nothing about it. */
static void
test_rebuilt_repetition_results (void)
{
  XqResult draw = { XQ_WINNER_DRAW, XQ_REASON_REPETITION, 0 };
  XqResult chase = { XQ_WINNER_BLACK, XQ_REASON_PERPETUAL_CHASE, 0 };
  g_autofree char *draw_text = xq_result_explain (&draw);
  g_autofree char *chase_text = xq_result_explain (&chase);

  g_assert_cmpstr (draw_text, ==, "Draw: the same moves came back three times without a change, "
                                  "and the repetition rules make it a draw.");
  g_assert_cmpstr (chase_text, ==, "Black wins: Red kept chasing the same way again and again, "
                                   "and chasing forever is not allowed.");
}

/* ---- 24.3: warn, then forfeit -------------------------------------------------------- */

#define CHASE_FEN "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1"
#define CHASE_CYCLE "a7b7 a2b2 b7a7 b2a2"

static void
test_warn_then_forfeit (void)
{
  XqGameOptions opts;
  g_autoptr(XqGame) game = NULL;
  XqWarning w;
  g_autofree char *text = NULL;

  xq_game_options_init (&opts);
  opts.cycles = XQ_CYCLES_WARN_THEN_FORFEIT;
  game = game_from (CHASE_FEN, &opts);

  /* Red's cannon chases the a7/b7 chariot; the 3rd occurrence is at ply 9. */
  play_all (game, "c2a2 " CHASE_CYCLE " a7b7 a2b2 b7a7");
  g_assert_false (xq_game_get_warning (game, NULL));
  play_all (game, "b2a2");
  assert_result (game, "ongoing");
  g_assert_true (xq_game_get_warning (game, &w));
  g_assert_cmpint (w.offender, ==, XQ_RED);
  g_assert_cmpint (w.reason, ==, XQ_REASON_PERPETUAL_CHASE);
  g_assert_cmpint (w.ply, ==, 9);
  /* It names the piece chased and the chaser. */
  g_assert_cmpint (w.chase.piece, ==, XQ_CHARIOT);
  g_assert_cmpint (w.chase.by, ==, XQ_CANNON);
  text = xq_warning_explain (&w);
  g_assert_cmpstr (text, ==, "Red has chased the black chariot with a cannon the same way three times. "
                             "Red must play something else, or Red loses.");

  /* Other positions of the cycle come back a third time: still only the warning. */
  play_all (game, "a7b7 a2b2 b7a7");
  assert_result (game, "ongoing");
  g_assert_true (xq_game_get_warning (game, NULL));
  /* One more full cycle back to the warned position: Red loses. */
  play_all (game, "b2a2");
  assert_result (game, "black perpetual-chase");
  g_assert_cmpint (xq_game_get_result (game).ply, ==, 13);
  g_assert_false (xq_game_get_warning (game, NULL));

  /* Back before the warning there is none; at it, it is pending again. */
  g_assert_true (xq_game_go_to_ply (game, 8));
  g_assert_false (xq_game_get_warning (game, NULL));
  g_assert_true (xq_game_go_to_ply (game, 10));
  g_assert_true (xq_game_get_warning (game, NULL));
  /* Red changes instead (another cannon move): no forfeit. */
  play_all (game, "h2h3");
  assert_result (game, "ongoing");

  /* IMMEDIATE (the default) rules at once; changing the option re-judges. */
  xq_game_options_init (&opts);
  xq_game_set_options (game, &opts);
  g_assert_cmpint (xq_game_get_n_plies (game), ==, 9);
  g_assert_cmpint (xq_game_get_ply (game), ==, 9);
  assert_result (game, "black perpetual-chase");
}

/* Perpetual check is never warned about (24.1): it loses at once in either mode. */
static void
test_warn_mode_perpetual_check (void)
{
  XqGameOptions opts;
  g_autoptr(XqGame) game = NULL;

  xq_game_options_init (&opts);
  opts.cycles = XQ_CYCLES_WARN_THEN_FORFEIT;
  game = game_from ("R2k5/9/9/9/9/9/9/9/9/5K3 b - - 0 1", &opts);
  play_all (game, "d9d8 a9a8 d8d9 a8a9 d9d8 a9a8 d8d9 a8a9");
  assert_result (game, "black perpetual-check");
}

/* A draw by repetition (both sides idle) comes at the 3rd occurrence, not before. */
static void
test_idle_repetition (void)
{
  g_autoptr(XqGame) game = xq_game_new (NULL);

  play_all (game, "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0");
  assert_result (game, "ongoing");
  play_all (game, "g7h9");
  assert_result (game, "draw repetition");
}

/* ---- xqtool judge ------------------------------------------------------------------ */

static void
test_xqtool_judge (void)
{
  const char *const chase[] = { "judge", CHASE_FEN, "c2a2", "a7b7", "a2b2", "b7a7", "b2a2", "a7b7",
                                "a2b2", "b7a7", "b2a2", NULL };
  const char *const chase_axf[] = { "judge", "--rules", "axf", CHASE_FEN, "c2a2", "a7b7", "a2b2", "b7a7",
                                    "b2a2", "a7b7", "a2b2", "b7a7", "b2a2", NULL };
  const char *const ongoing[] = { "judge", XQ_START_FEN, "h2e2", "h9g7", NULL };
  const char *const illegal[] = { "judge", XQ_START_FEN, "h2e2", "h9g7", "e2e9", NULL };
  const char *const bad_rules[] = { "judge", "--rules", "fide", XQ_START_FEN, NULL };
  const char *const mate[] = { "judge", "3k5/R8/9/9/9/9/9/9/9/1R3K3 w - - 0 1", "b0b9", NULL };
  char *out = NULL, *err = NULL;

  g_assert_cmpint (xq_test_xqtool (chase, &out, &err), ==, 0);
  g_assert_cmpstr (out, ==, "black perpetual-chase\n");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (xq_test_xqtool (chase_axf, &out, &err), ==, 0);
  g_assert_cmpstr (out, ==, "black perpetual-chase\n");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (xq_test_xqtool (ongoing, &out, &err), ==, 0);
  g_assert_cmpstr (out, ==, "ongoing\n");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (xq_test_xqtool (mate, &out, &err), ==, 0);
  g_assert_cmpstr (out, ==, "red checkmate\n");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (xq_test_xqtool (illegal, &out, &err), ==, 1);
  g_assert_cmpstr (out, ==, "");
  g_assert_nonnull (strstr (err, "ply 3"));
  g_assert_true (g_str_has_suffix (err, "\n"));
  g_assert_true (strchr (err, '\n') == err + strlen (err) - 1);   /* one line */
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (xq_test_xqtool (bad_rules, &out, &err), !=, 0);
  g_assert_nonnull (strstr (err, "fide"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
}


/* xqtool judge --explain ends with the sentence the game itself gives, and
 * the sentence says what happened (docs/rulings.md, section 5). */
typedef struct {
  const char *fen;
  const char *moves;
  const char *sentence;
} SentenceCase;

static const SentenceCase sentence_cases[] = {
  /* Both sides check on every move (26.3 via mutual 長將). */
  { "9/4c4/3k5/3r5/9/9/4C4/9/4K4/3R5 w - - 0 1", "e3d3 d6e6 d3e3 e6d6 e3d3 d6e6 d3e3 e6d6",
    "Draw: both sides kept checking, and when both break the same rule the game is drawn." },
  /* The horse chases the chariot the b9 chariot guards. */
  { "1r1k5/9/9/1r7/9/9/2N6/9/9/5K3 w - - 0 1", "c3a4 b6b5 a4c3 b5b6 c3a4 b6b5 a4c3 b5b6",
    "Black wins: Red kept chasing the chariot with a horse, a piece worth less, which is a chase "
    "even though the chariot is guarded, and chasing forever is not allowed." },
  /* The chariot chases the lone cannon. */
  { "3k5/9/9/9/1c7/9/9/9/9/R4K3 w - - 0 1", "a0a5 b5b4 a5a4 b4b5 a4a5 b5b4 a5a4 b4b5 a4a5",
    "Black wins: Red kept chasing an unprotected piece again and again, and chasing forever is not allowed." },
  /* Horses out and back: allowed moves on both sides (26.2). */
  { XQ_START_FEN, "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9",
    "Draw: the same moves came back three times and neither side broke a rule." },
};

static void
test_xqtool_judge_sentences (void)
{
  for (size_t i = 0; i < G_N_ELEMENTS (sentence_cases); i++)
    {
      const SentenceCase *c = &sentence_cases[i];
      g_autoptr(XqGame) game = game_from (c->fen, NULL);
      g_auto(GStrv) moves = g_strsplit (c->moves, " ", -1);
      g_autoptr(GPtrArray) args = g_ptr_array_new ();
      g_autofree char *sentence = NULL, *out = NULL, *err = NULL;
      g_auto(GStrv) lines = NULL;
      XqResult r;

      play_all (game, c->moves);
      r = xq_game_get_result (game);
      sentence = xq_result_explain (&r);
      g_assert_cmpstr (sentence, ==, c->sentence);

      g_ptr_array_add (args, (gpointer) "judge");
      g_ptr_array_add (args, (gpointer) "--explain");
      g_ptr_array_add (args, (gpointer) c->fen);
      for (int k = 0; moves[k] != NULL; k++)
        g_ptr_array_add (args, moves[k]);
      g_ptr_array_add (args, NULL);
      g_assert_cmpint (xq_test_xqtool ((const char *const *) args->pdata, &out, &err), ==, 0);
      lines = g_strsplit (g_strchomp (out), "\n", -1);
      g_assert_cmpuint (g_strv_length (lines), >=, 2);
      g_assert_cmpstr (lines[g_strv_length (lines) - 1], ==, c->sentence);
    }
}

/* ---- One position on its own ------------------------------------------------ */

typedef struct {
  const char *fen;
  int         move_limit;   /* the option, 60 by default */
  const char *result;       /* as result_text writes it */
} JudgeCase;

static const JudgeCase judge_cases[] = {
  { XQ_START_FEN, 60, "ongoing" },
  /* Double cannon: Black is in check and cannot move. */
  { "3k5/9/9/9/9/9/3C5/3C5/9/4K4 b - - 0 1", 60, "red checkmate" },
  /* Two horses take every step of the black general, no check. */
  { "5k3/9/3N5/3N5/9/9/9/9/9/3K5 b - - 0 1", 60, "red stalemate" },
  /* Sixty moves each without a capture, read from the half-move clock. */
  { "3k5/9/9/9/9/9/9/9/R8/4K4 w - - 120 80", 60, "draw move-limit" },
  { "3k5/9/9/9/9/9/9/9/R8/4K4 w - - 119 80", 60, "ongoing" },
  { "3k5/9/9/9/9/9/9/9/R8/4K4 w - - 120 80", 0, "ongoing" },
  /* Generals alone can never mate. */
  { "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", 60, "draw bare-material" },
};

/* xq_game_judge_position is the rule a game applies at its first ply, and
 * the lesson layer's winner question asks it too. */
static void
test_judge_position (gconstpointer data)
{
  const JudgeCase *c = data;
  XqGameOptions opts;
  g_autoptr(XqGame) game = NULL;
  g_autofree char *text = NULL;
  XqPosition pos;
  XqResult r;

  xq_game_options_init (&opts);
  opts.move_limit = c->move_limit;
  g_assert_true (xq_position_set_fen (&pos, c->fen, NULL));
  r = xq_game_judge_position (&pos, &opts);
  text = r.winner == XQ_WINNER_NONE
           ? g_strdup ("ongoing")
           : g_strdup_printf ("%s %s", xq_winner_to_code (r.winner), xq_reason_to_code (r.reason));
  g_assert_cmpstr (text, ==, c->result);
  g_assert_cmpint (r.ply, ==, r.winner == XQ_WINNER_NONE ? -1 : 0);
  game = game_from (c->fen, &opts);
  assert_result (game, c->result);
  if (c->move_limit == 60)
    {
      XqResult d = xq_game_judge_position (&pos, NULL);
      g_assert_cmpint (d.winner, ==, r.winner);
      g_assert_cmpint (d.reason, ==, r.reason);
    }
}

int
main (int argc, char *argv[])
{
  xq_test_isolate_dirs ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/game/undo-redo", test_undo_redo);
  g_test_add_func ("/core/game/illegal-move", test_illegal_move);
  g_test_add_func ("/core/game/copy", test_copy);
  g_test_add_func ("/core/game/checkmate", test_checkmate);
  g_test_add_func ("/core/game/stalemate", test_stalemate);
  g_test_add_func ("/core/game/move-limit/exact", test_move_limit_exact);
  g_test_add_func ("/core/game/move-limit/capture-resets", test_move_limit_capture_resets);
  g_test_add_func ("/core/game/move-limit/mate-stands", test_move_limit_mate_stands);
  g_test_add_func ("/core/game/move-limit/check-cap", test_move_limit_check_cap);
  g_test_add_func ("/core/game/move-limit/with-checks", test_move_limit_with_checks);
  for (size_t i = 0; i < G_N_ELEMENTS (bare_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/game/bare-material/%zu", i);
      g_test_add_data_func (path, &bare_cases[i], test_bare_material);
    }
  g_test_add_func ("/core/game/bare-material/after-capture", test_bare_material_after_capture);
  g_test_add_func ("/core/game/bare-material/enumerate-back-rank", test_bare_material_enumerate);
  g_test_add_func ("/core/game/declared-results", test_declared_results);
  g_test_add_func ("/core/game/codes", test_codes);
  g_test_add_func ("/core/game/warn-then-forfeit", test_warn_then_forfeit);
  g_test_add_func ("/core/game/warn-mode-perpetual-check", test_warn_mode_perpetual_check);
  g_test_add_func ("/core/game/idle-repetition", test_idle_repetition);
  g_test_add_func ("/core/game/xqtool-judge", test_xqtool_judge);
  g_test_add_func ("/core/game/xqtool-judge-sentences", test_xqtool_judge_sentences);
  g_test_add_func ("/core/game/rebuilt-repetition-results", test_rebuilt_repetition_results);
  for (gsize i = 0; i < G_N_ELEMENTS (judge_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/game/judge-position/%" G_GSIZE_FORMAT, i);
      g_test_add_data_func (path, &judge_cases[i], test_judge_position);
    }
  return g_test_run ();
}
