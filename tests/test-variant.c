/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of the Game Day games (docs/variants.md): every rule in a position
 * that exercises it, the refusals a child is shown, the engine's blindness to
 * face-down pieces, seeded whole games, saving and loading. */
#define G_LOG_DOMAIN "test-variant"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "xq-position.h"
#include "xq-variant.h"
#include "xq-variant-private.h"   /* XqVariantLevel, for the table test */
#include "xq-test-dirs.h"

static void
load (XqVariantState *st, XqVariantKind kind, const XqVariantOptions *opts, const char *text)
{
  g_autoptr (GError) error = NULL;
  XqVariantOptions def;

  if (opts == NULL)
    {
      xq_variant_options_init (&def, kind);
      opts = &def;
    }
  if (!xq_variant_state_from_text (st, kind, opts, text, &error))
    g_error ("%s: %s", text, error->message);
}

static int
cmp_str (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static GPtrArray *
action_list (const XqVariantState *st, const XqVariantOptions *opts)
{
  XqVariantAction acts[XQ_VARIANT_MAX_ACTIONS];
  int n = xq_variant_legal_actions (st, opts, acts);
  GPtrArray *words = g_ptr_array_new_with_free_func (g_free);

  for (int k = 0; k < n; k++)
    g_ptr_array_add (words, xq_variant_action_to_text (st, &acts[k]));
  g_ptr_array_sort (words, cmp_str);
  return words;
}

static gboolean
has_action (const XqVariantState *st, const XqVariantOptions *opts, const char *text)
{
  g_autoptr (GPtrArray) list = action_list (st, opts);
  for (guint k = 0; k < list->len; k++)
    if (strcmp (list->pdata[k], text) == 0)
      return TRUE;
  return FALSE;
}

static XqRefusal
refusal (const XqVariantState *st, const XqVariantOptions *opts, const char *text)
{
  XqVariantAction a;
  g_autoptr (GError) error = NULL;
  g_autofree char *sentence = NULL;
  XqRefusal r;

  g_assert_true (xq_variant_action_from_text (st, text, &a, &error));
  r = xq_variant_explain_refusal (st, opts, &a, &sentence);
  if (r == XQ_REFUSE_NONE)
    g_assert_null (sentence);
  else
    {
      g_assert_nonnull (sentence);
      g_assert_cmpuint (strlen (sentence), >, 10);
    }
  g_assert_cmpint (r == XQ_REFUSE_NONE, ==, xq_variant_is_legal (st, opts, &a));
  return r;
}

/* ---- 翻翻棋 ------------------------------------------------------------------ */

static void
test_banqi_start (void)
{
  XqVariantOptions o;
  XqVariantState a, b, c, va, vb;
  g_autoptr (GPtrArray) list = NULL;
  int count[16] = { 0 };

  xq_variant_options_init (&o, XQ_VARIANT_BANQI);
  xq_variant_state_init_start (&a, &o, 7);
  xq_variant_state_init_start (&b, &o, 7);
  xq_variant_state_init_start (&c, &o, 8);
  g_assert_true (memcmp (&a, &b, sizeof a) == 0);
  g_assert_false (memcmp (a.cell, c.cell, sizeof a.cell) == 0);
  g_assert_false (a.colors_known);
  for (int i = 0; i < 32; i++)
    {
      g_assert_cmpint (a.cell[i].face, ==, XQ_FACE_DOWN);
      count[a.cell[i].piece]++;
    }
  /* A whole set of each colour, hidden. */
  g_assert_cmpint (count[xq_piece_make (XQ_RED, XQ_PAWN)], ==, 5);
  g_assert_cmpint (count[xq_piece_make (XQ_BLACK, XQ_KING)], ==, 1);
  g_assert_cmpint (a.pool[xq_piece_make (XQ_BLACK, XQ_CHARIOT)], ==, 2);

  /* Views of different shuffles are the same; the real states are not. */
  xq_variant_state_view (&a, XQ_RED, &va);
  xq_variant_state_view (&c, XQ_RED, &vb);
  g_assert_true (xq_variant_state_is_view (&va));
  g_assert_false (xq_variant_state_is_view (&a));
  g_assert_true (memcmp (va.cell, vb.cell, sizeof va.cell) == 0);

  list = action_list (&a, &o);
  g_assert_cmpuint (list->len, ==, 32);
  g_assert_cmpstr (list->pdata[0], ==, "+a1");
  g_assert_cmpstr (list->pdata[31], ==, "+h4");
}

static void
test_banqi_first_flip_colour (void)
{
  XqVariantOptions o;

  xq_variant_options_init (&o, XQ_VARIANT_BANQI);
  for (guint32 seed = 1; seed <= 6; seed++)
    {
      XqVariantState st;
      XqVariantAction a;
      XqVariantUndo u;
      XqPiece under;

      xq_variant_state_init_start (&st, &o, seed);
      g_assert_true (xq_variant_action_from_text (&st, "+c2", &a, NULL));
      under = st.cell[1 * 8 + 2].piece;
      xq_variant_apply (&st, &o, &a, &u);
      g_assert_cmpint (u.revealed, ==, under);
      g_assert_true (st.colors_known);
      g_assert_cmpint (st.first_color, ==, xq_piece_color (under));
      /* The other player moves next, with the other colour. */
      g_assert_cmpint (st.side, ==, xq_color_other (xq_piece_color (under)));
      g_assert_cmpint (st.cell[1 * 8 + 2].face, ==, XQ_FACE_UP);
      xq_variant_undo (&st, &u);
      g_assert_false (st.colors_known);
    }
}

static void
test_banqi_ranks (void)
{
  XqVariantOptions o, s1;
  XqVariantState st;

  xq_variant_options_init (&o, XQ_VARIANT_BANQI);
  s1 = o;
  s1.banqi_order = XQ_BANQI_ORDER_CHARIOT_HIGH;

  /* Red general a1, black soldier b1, black advisor a2. */
  load (&st, XQ_VARIANT_BANQI, NULL, "8/8/a7/Kp6 w");
  g_assert_true (has_action (&st, &o, "a1a2"));
  g_assert_false (has_action (&st, &o, "a1b1"));
  g_assert_cmpint (refusal (&st, &o, "a1b1"), ==, XQ_REFUSE_GENERAL_SOLDIER);
  g_assert_cmpint (refusal (&st, &o, "a1a2"), ==, XQ_REFUSE_NONE);

  /* The soldier takes the general; a soldier takes a soldier. */
  load (&st, XQ_VARIANT_BANQI, NULL, "8/8/p7/Kp6 b");
  g_assert_true (has_action (&st, &o, "b1a1"));
  load (&st, XQ_VARIANT_BANQI, NULL, "8/8/8/Pp6 b");
  g_assert_true (has_action (&st, &o, "b1a1"));

  /* Advisor against chariot: the default order puts the advisor higher. */
  load (&st, XQ_VARIANT_BANQI, NULL, "8/8/8/Ar6 w");
  g_assert_true (has_action (&st, &o, "a1b1"));
  g_assert_false (has_action (&st, &s1, "a1b1"));
  g_assert_cmpint (refusal (&st, &s1, "a1b1"), ==, XQ_REFUSE_TOO_SMALL);
  load (&st, XQ_VARIANT_BANQI, NULL, "8/8/8/Ra6 w");
  g_assert_false (has_action (&st, &o, "a1b1"));
  g_assert_cmpint (refusal (&st, &o, "a1b1"), ==, XQ_REFUSE_TOO_SMALL);
  g_assert_true (has_action (&st, &s1, "a1b1"));

  /* Equal takes equal; horse against cannon by the order. */
  load (&st, XQ_VARIANT_BANQI, NULL, "8/8/8/Nn6 w");
  g_assert_true (has_action (&st, &o, "a1b1"));
  /* A face-down piece is never taken; moving onto it is refused. */
  load (&st, XQ_VARIANT_BANQI, NULL, "8/8/8/Kx6 w");
  g_assert_false (has_action (&st, &o, "a1b1"));
  g_assert_cmpint (refusal (&st, &o, "a1b1"), ==, XQ_REFUSE_CAPTURE_HIDDEN);
  g_assert_cmpint (refusal (&st, &o, "b1b2"), ==, XQ_REFUSE_FACE_DOWN);
  g_assert_cmpint (refusal (&st, &o, "a1a3"), ==, XQ_REFUSE_BAD_MOVE);
  g_assert_cmpint (refusal (&st, &o, "+a1"), ==, XQ_REFUSE_ALREADY_UP);
}

static void
test_banqi_cannon (void)
{
  XqVariantOptions o, one;
  XqVariantState st;

  xq_variant_options_init (&o, XQ_VARIANT_BANQI);
  one = o;
  one.all_one_step = TRUE;

  /* Cannon a1, face-down b1, black general e1: the jump takes any rank at any distance. */
  load (&st, XQ_VARIANT_BANQI, NULL, "8/8/8/Cx2k3 w");
  g_assert_true (has_action (&st, &o, "a1e1"));
  g_assert_false (has_action (&st, &one, "a1e1"));
  /* No screen, or two: refused with the cannon's reason. */
  load (&st, XQ_VARIANT_BANQI, NULL, "8/8/8/Cr6 w");
  g_assert_false (has_action (&st, &o, "a1b1"));
  g_assert_cmpint (refusal (&st, &o, "a1b1"), ==, XQ_REFUSE_CANNON_SCREEN);
  /* With everything one step the cannon takes by rank, adjacent. */
  g_assert_false (has_action (&st, &one, "a1b1"));   /* chariot is higher than the cannon */
  load (&st, XQ_VARIANT_BANQI, NULL, "8/8/8/Cp6 w");
  g_assert_true (has_action (&st, &one, "a1b1"));
  load (&st, XQ_VARIANT_BANQI, NULL, "8/8/8/Cxxk4 w");
  g_assert_false (has_action (&st, &o, "a1d1"));
  g_assert_cmpint (refusal (&st, &o, "a1d1"), ==, XQ_REFUSE_CANNON_SCREEN);
  /* Jumping over a face-up piece of its own side works too, upwards. */
  load (&st, XQ_VARIANT_BANQI, NULL, "a7/8/P7/C7 w");
  g_assert_true (has_action (&st, &o, "a1a4"));
  /* The cannon moves one step to an empty cell, not further. */
  g_assert_true (has_action (&st, &o, "a1b1"));
  g_assert_false (has_action (&st, &o, "a1c1"));
}

static void
test_banqi_sliding (void)
{
  XqVariantOptions o, rook, cannon;
  XqVariantState st;

  xq_variant_options_init (&o, XQ_VARIANT_BANQI);
  rook = o;
  rook.slide_chariot = TRUE;
  cannon = o;
  cannon.slide_cannon = TRUE;

  load (&st, XQ_VARIANT_BANQI, NULL, "8/8/8/R3n2C w");
  g_assert_false (has_action (&st, &o, "a1d1"));
  g_assert_true (has_action (&st, &rook, "a1d1"));
  g_assert_true (has_action (&st, &rook, "a1e1"));    /* takes the horse at the end of the slide */
  g_assert_false (has_action (&st, &rook, "a1f1"));
  g_assert_true (has_action (&st, &cannon, "h1f1"));
  g_assert_false (has_action (&st, &o, "h1f1"));
  g_assert_false (has_action (&st, &cannon, "h1e1"));  /* no screen between */
}

static void
test_banqi_results (void)
{
  XqVariantOptions o;
  XqVariantState st;
  XqVariantResult r;
  g_autofree char *sentence = NULL;

  xq_variant_options_init (&o, XQ_VARIANT_BANQI);
  /* Black has no piece left. */
  load (&st, XQ_VARIANT_BANQI, NULL, "8/8/8/K7 b");
  r = xq_variant_state_result (&st, &o);
  g_assert_cmpint (r.winner, ==, XQ_WINNER_RED);
  g_assert_cmpint (r.reason, ==, XQ_VREASON_ALL_CAPTURED);
  sentence = xq_variant_result_explain (&r, XQ_VARIANT_BANQI);
  g_assert_nonnull (strstr (sentence, "Red wins"));

  /* Black's general is boxed in by red soldiers... that it may not take. */
  load (&st, XQ_VARIANT_BANQI, NULL, "8/8/P7/kP6 b");
  r = xq_variant_state_result (&st, &o);
  g_assert_cmpint (r.winner, ==, XQ_WINNER_RED);
  g_assert_cmpint (r.reason, ==, XQ_VREASON_NO_ACTION);

  /* The optional quiet limit. */
  o.quiet_limit = 10;
  load (&st, XQ_VARIANT_BANQI, &o, "8/8/8/K6k w");
  st.quiet = 10;
  r = xq_variant_state_result (&st, &o);
  g_assert_cmpint (r.winner, ==, XQ_WINNER_DRAW);
  g_assert_cmpint (r.reason, ==, XQ_VREASON_QUIET_LIMIT);
}

static void
test_repetition (void)
{
  XqVariantOptions o;
  g_autoptr (XqVariantGame) g = NULL;
  static const char *const moves[] = {
    "K@a1", "K@h4", "a1a2", "h4h3", "a2a1", "h3h4", "a1a2", "h4h3", "a2a1", "h3h4",
  };
  XqVariantResult r;

  /* Two generals walking back and forth: the third time is a draw. */
  xq_variant_options_init (&o, XQ_VARIANT_LUOQI);
  g = xq_variant_game_new (&o, 1);
  for (guint k = 0; k < G_N_ELEMENTS (moves); k++)
    {
      g_autoptr (GError) error = NULL;
      g_assert_cmpint (xq_variant_game_get_result (g).winner, ==, XQ_WINNER_NONE);
      g_assert_true (xq_variant_game_play_text (g, moves[k], &error));
      g_assert_no_error (error);
    }
  r = xq_variant_game_get_result (g);
  g_assert_cmpint (r.winner, ==, XQ_WINNER_DRAW);
  g_assert_cmpint (r.reason, ==, XQ_VREASON_REPETITION);
  g_assert_cmpint (r.ply, ==, 10);
  g_assert_false (xq_variant_game_play_text (g, "a1a2", NULL));
  /* Undo reopens the game. */
  g_assert_true (xq_variant_game_undo (g));
  g_assert_cmpint (xq_variant_game_get_result (g).winner, ==, XQ_WINNER_NONE);
}

/* ---- 落棋 -------------------------------------------------------------------- */

static void
test_luoqi (void)
{
  XqVariantOptions o;
  XqVariantState st;
  XqVariantAction a;
  XqVariantUndo u;
  g_autoptr (GPtrArray) list = NULL;

  xq_variant_options_init (&o, XQ_VARIANT_LUOQI);
  xq_variant_state_init_start (&st, &o, 1);
  g_assert_true (st.colors_known);
  g_assert_cmpint (st.hand[xq_piece_make (XQ_RED, XQ_PAWN)], ==, 5);
  list = action_list (&st, &o);
  g_assert_cmpuint (list->len, ==, 7 * 32);   /* seven kinds on any of 32 cells */
  g_assert_true (xq_variant_action_from_text (&st, "N@c3", &a, NULL));
  g_assert_cmpint (refusal (&st, &o, "N@c3"), ==, XQ_REFUSE_NONE);
  xq_variant_apply (&st, &o, &a, &u);
  g_assert_cmpint (st.cell[2 * 8 + 2].piece, ==, xq_piece_make (XQ_RED, XQ_HORSE));
  g_assert_cmpint (st.hand[xq_piece_make (XQ_RED, XQ_HORSE)], ==, 1);
  g_assert_cmpint (st.side, ==, XQ_BLACK);
  g_assert_cmpint (refusal (&st, &o, "N@c3"), ==, XQ_REFUSE_CELL_TAKEN);
  /* Black drops next to it and captures by rank like 翻翻棋. */
  g_assert_true (xq_variant_action_from_text (&st, "R@c4", &a, NULL));
  xq_variant_apply (&st, &o, &a, &u);
  g_assert_false (has_action (&st, &o, "c3c4"));   /* horse below chariot */
  g_assert_cmpint (refusal (&st, &o, "c3c4"), ==, XQ_REFUSE_TOO_SMALL);
  g_assert_true (has_action (&st, &o, "c3d3"));

  /* Hands empty of a kind. */
  load (&st, XQ_VARIANT_LUOQI, NULL, "8/8/8/K6k w hand=Pp");
  g_assert_cmpint (refusal (&st, &o, "N@c3"), ==, XQ_REFUSE_NOT_IN_HAND);
  g_assert_true (has_action (&st, &o, "P@c3"));
}

/* ---- 揭棋 -------------------------------------------------------------------- */

#define JIEQI_START "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w"

/* From every starting point a face-down piece moves as the piece that starts there. */
static void
test_jieqi_first_moves (void)
{
  XqVariantOptions o;
  XqVariantState st;
  XqPosition pos;

  xq_variant_options_init (&o, XQ_VARIANT_JIEQI);
  for (int side = 0; side < 2; side++)
    {
      load (&st, XQ_VARIANT_JIEQI, NULL, side ? "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX b"
                                              : JIEQI_START);
      g_assert_true (xq_position_set_fen (&pos, side ? "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1"
                                                     : XQ_START_FEN, NULL));
      for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
        {
          XqVariantAction acts[XQ_VARIANT_MAX_ACTIONS];
          XqMove moves[XQ_MAX_MOVES];
          int n, m;
          if (pos.board[sq] == XQ_EMPTY || xq_piece_color (pos.board[sq]) != (XqColor) side)
            continue;
          n = xq_variant_legal_actions_from (&st, &o, sq, acts);
          m = xq_position_legal_moves_from (&pos, sq, moves);
          g_assert_cmpint (n, ==, m);
          for (int k = 0; k < n; k++)
            {
              gboolean found = FALSE;
              for (int j = 0; j < m; j++)
                found |= xq_move_from (moves[j]) == acts[k].from && xq_move_to (moves[j]) == acts[k].to;
              g_assert_true (found);
            }
          if (sq != (side ? 85 : 4))
            g_assert_cmpint (xq_variant_moves_as (&st, sq), ==, xq_piece_type (pos.board[sq]));
        }
    }
}

static void
test_jieqi_reveal_and_freedom (void)
{
  XqVariantOptions o;
  XqVariantState st, view;
  XqVariantAction a;
  XqVariantUndo u;
  XqPiece under;

  xq_variant_options_init (&o, XQ_VARIANT_JIEQI);
  xq_variant_state_init_start (&st, &o, 11);
  g_assert_cmpint (st.cell[4].face, ==, XQ_FACE_UP);
  g_assert_cmpint (st.cell[4].piece, ==, xq_piece_make (XQ_RED, XQ_KING));
  /* The b2 cannon-point piece jumps b7 and takes b9: both are shown. */
  g_assert_true (xq_variant_action_from_text (&st, "b2b9", &a, NULL));
  g_assert_true (xq_variant_is_legal (&st, &o, &a));
  under = st.cell[xq_sq_make (1, 2)].piece;
  xq_variant_apply (&st, &o, &a, &u);
  g_assert_cmpint (st.cell[xq_sq_make (1, 9)].piece, ==, under);
  g_assert_cmpint (st.cell[xq_sq_make (1, 9)].face, ==, XQ_FACE_UP);
  g_assert_cmpint (xq_piece_color (u.captured), ==, XQ_BLACK);
  g_assert_cmpint (xq_piece_type (u.captured), !=, XQ_NO_TYPE);
  xq_variant_state_view (&st, XQ_BLACK, &view);
  g_assert_true (xq_variant_state_is_view (&view));
  g_assert_cmpint (view.cell[xq_sq_make (1, 9)].piece, ==, under);   /* revealed: seen by both */

  /* A revealed elephant crosses the river; a revealed advisor leaves the palace. */
  load (&st, XQ_VARIANT_JIEQI, NULL, "4k4/9/9/9/9/2B6/9/9/4A4/3K5 w");
  g_assert_true (has_action (&st, &o, "c4e6"));
  g_assert_true (has_action (&st, &o, "c4a6"));
  g_assert_true (has_action (&st, &o, "e1d2"));
  load (&st, XQ_VARIANT_JIEQI, NULL, "3k5/9/9/9/9/9/9/3A5/9/4K4 w");
  g_assert_true (has_action (&st, &o, "d2c3"));
  /* In xiangqi (五虎棋 uses its generator) it could not. */
  load (&st, XQ_VARIANT_WUHU, NULL, "4k4/9/9/9/9/2B6/9/9/4A4/4K4 w");
  g_assert_false (has_action (&st, &o, "c4e6"));

  /* With the option advisors and elephants start face up. */
  o.jieqi_open_advisors_elephants = TRUE;
  xq_variant_state_init_start (&st, &o, 11);
  g_assert_cmpint (st.cell[3].face, ==, XQ_FACE_UP);
  g_assert_cmpint (st.cell[2].piece, ==, xq_piece_make (XQ_RED, XQ_ELEPHANT));
  g_assert_cmpint (st.cell[0].face, ==, XQ_FACE_DOWN);
  g_assert_cmpint (st.pool[xq_piece_make (XQ_RED, XQ_ADVISOR)], ==, 0);
}

static void
test_jieqi_check (void)
{
  XqVariantOptions o;
  XqVariantState st;
  g_autoptr (GPtrArray) list = NULL;

  xq_variant_options_init (&o, XQ_VARIANT_JIEQI);
  /* The black cannon on e7 checks over Red's face-down piece on e3: only
   * the general's step to f0 is left (d0 would face the black general). */
  load (&st, XQ_VARIANT_JIEQI, NULL, "3k5/9/4c4/9/9/9/4X4/9/9/4K4 w");
  g_assert_true (xq_variant_side_in_check (&st, &o));
  list = action_list (&st, &o);
  g_assert_cmpuint (list->len, ==, 1);
  g_assert_cmpstr (list->pdata[0], ==, "e0f0");
  g_assert_cmpint (refusal (&st, &o, "e3e4"), ==, XQ_REFUSE_IN_CHECK);
  g_assert_cmpint (refusal (&st, &o, "e0d0"), ==, XQ_REFUSE_FACING_GENERALS);
  g_assert_cmpint (refusal (&st, &o, "e0e2"), ==, XQ_REFUSE_BAD_MOVE);
  g_assert_cmpint (refusal (&st, &o, "d9d8"), ==, XQ_REFUSE_NOT_YOURS);
}

static void
test_jieqi_mate (void)
{
  XqVariantOptions o;
  XqVariantState st;
  XqVariantResult r;

  xq_variant_options_init (&o, XQ_VARIANT_JIEQI);
  /* Two chariots on the last two ranks. */
  load (&st, XQ_VARIANT_JIEQI, NULL, "R3k4/1R7/9/9/9/9/9/9/9/3K5 b");
  r = xq_variant_state_result (&st, &o);
  g_assert_cmpint (r.winner, ==, XQ_WINNER_RED);
  g_assert_cmpint (r.reason, ==, XQ_VREASON_CHECKMATE);
}

/* ---- Full-board 暗棋 --------------------------------------------------------------- */

static void
test_anqi (void)
{
  XqVariantOptions o;
  int saw_black = 0, saw_red = 0;

  xq_variant_options_init (&o, XQ_VARIANT_ANQI);
  for (guint32 seed = 1; seed <= 12; seed++)
    {
      XqVariantState st;
      XqVariantAction a;
      XqVariantUndo u;
      XqPiece under;

      xq_variant_state_init_start (&st, &o, seed);
      g_assert_false (st.colors_known);
      g_assert_cmpint (st.cell[4].face, ==, XQ_FACE_DOWN);   /* the general's point is shuffled too */
      /* The a3 soldier point piece: forward only. */
      g_assert_true (has_action (&st, &o, "a3a4"));
      g_assert_false (has_action (&st, &o, "a3b3"));
      g_assert_false (has_action (&st, &o, "a6a5"));   /* the other player's piece */
      g_assert_true (xq_variant_action_from_text (&st, "h2e2", &a, NULL));
      under = st.cell[xq_sq_make (7, 2)].piece;
      xq_variant_apply (&st, &o, &a, &u);
      g_assert_true (st.colors_known);
      g_assert_cmpint (st.first_color, ==, xq_piece_color (under));
      if (xq_piece_color (under) == XQ_BLACK)
        {
          /* The board turned: the first player's half is Black's, at the top. */
          saw_black++;
          g_assert_cmpint (st.cell[xq_sq_flip (xq_sq_make (4, 2))].piece, ==, under);
          g_assert_cmpint (st.cell[xq_sq_flip (xq_sq_make (4, 2))].face, ==, XQ_FACE_UP);
          g_assert_cmpint (st.cell[xq_sq_make (0, 9)].mover, ==, XQ_BLACK);
        }
      else
        {
          saw_red++;
          g_assert_cmpint (st.cell[xq_sq_make (4, 2)].piece, ==, under);
        }
      g_assert_cmpint (st.side, ==, xq_color_other (st.first_color));
    }
  g_assert_cmpint (saw_black, >, 0);
  g_assert_cmpint (saw_red, >, 0);

  /* The first move comes before anyone has a colour: it never captures (it
   * once could take its own general and lose on move 1, seed 11), and the
   * refusal says why.  From the second move on the cannon may. */
  for (guint32 seed = 1; seed <= 12; seed++)
    {
      XqVariantState st;
      XqVariantAction acts[XQ_VARIANT_MAX_ACTIONS], a;
      XqVariantUndo u;
      g_autofree char *sentence = NULL;
      int n;

      xq_variant_state_init_start (&st, &o, seed);
      n = xq_variant_legal_actions (&st, &o, acts);
      g_assert_cmpint (n, >, 0);
      for (int k = 0; k < n; k++)
        g_assert_cmpint (st.cell[acts[k].to].face, ==, XQ_FACE_EMPTY);
      g_assert_true (xq_variant_action_from_text (&st, "b2b9", &a, NULL));
      g_assert_cmpint (xq_variant_explain_refusal (&st, &o, &a, &sentence), ==, XQ_REFUSE_FIRST_CAPTURE);
      g_assert_nonnull (sentence);
      g_assert_cmpstr (xq_refusal_to_code (XQ_REFUSE_FIRST_CAPTURE), ==, "first-capture");
      g_assert_true (xq_variant_action_from_text (&st, "a3a4", &a, NULL));
      xq_variant_apply (&st, &o, &a, &u);
      n = xq_variant_legal_actions (&st, &o, acts);
      {
        gboolean capture = FALSE;
        for (int k = 0; k < n; k++)
          capture |= st.cell[acts[k].to].face != XQ_FACE_EMPTY;
        g_assert_true (capture);
      }
    }

  /* Capturing the general wins; a revealed soldier moves sideways only across the river. */
  {
    XqVariantState st;
    XqVariantResult r;
    load (&st, XQ_VARIANT_ANQI, NULL, "9/9/9/9/4P4/9/9/9/2P1R1k2/2K6 w");
    g_assert_true (has_action (&st, &o, "e1g1"));
    g_assert_false (has_action (&st, &o, "c1b1"));
    g_assert_true (has_action (&st, &o, "e5d5"));
    load (&st, XQ_VARIANT_ANQI, NULL, "9/9/9/9/4P4/9/9/9/2P1R4/2K6 b");
    r = xq_variant_state_result (&st, &o);
    g_assert_cmpint (r.winner, ==, XQ_WINNER_RED);
    g_assert_cmpint (r.reason, ==, XQ_VREASON_GENERAL_CAPTURED);
  }
}

/* ---- 五虎棋 ---------------------------------------------------------------------- */

static void
test_wuhu (void)
{
  XqVariantOptions o;
  XqVariantState st;
  g_autoptr (GPtrArray) list = NULL;
  int doubles = 0;

  xq_variant_options_init (&o, XQ_VARIANT_WUHU);
  xq_variant_state_init_start (&st, &o, 0);
  g_assert_cmpint (st.cell[0].face, ==, XQ_FACE_EMPTY);   /* no chariot */
  g_assert_cmpint (st.cell[xq_sq_make (1, 2)].face, ==, XQ_FACE_EMPTY);   /* no cannon */
  list = action_list (&st, &o);
  for (guint k = 0; k < list->len; k++)
    doubles += strchr (list->pdata[k], ',') != NULL;
  /* One soldier twice (5) or two soldiers once each (10); ordinary moves too. */
  g_assert_cmpint (doubles, ==, 15);
  g_assert_true (has_action (&st, &o, "e3e4,e4e5"));
  g_assert_true (has_action (&st, &o, "a3a4,c3c4"));
  g_assert_false (has_action (&st, &o, "c3c4,a3a4"));   /* the same turn is listed once */
  /* ...and judged alike in either order (e3e4,c3c4 used to be refused). */
  g_assert_cmpint (refusal (&st, &o, "c3c4,a3a4"), ==, XQ_REFUSE_NONE);
  g_assert_cmpint (refusal (&st, &o, "a3a4,c3c4"), ==, XQ_REFUSE_NONE);
  g_assert_cmpint (refusal (&st, &o, "e3e4,c3c4"), ==, XQ_REFUSE_NONE);
  g_assert_cmpint (refusal (&st, &o, "c3c4,e3e4"), ==, XQ_REFUSE_NONE);
  /* The second step is judged on the board the first one left: a soldier
   * that has not crossed cannot step sideways (it is a soldier). */
  g_assert_cmpint (refusal (&st, &o, "a3a4,a4b4"), ==, XQ_REFUSE_BAD_MOVE);
  g_assert_cmpint (refusal (&st, &o, "a3a4,a3a4"), ==, XQ_REFUSE_NO_PIECE);
  g_assert_cmpint (refusal (&st, &o, "a3a4,e0e1"), ==, XQ_REFUSE_NOT_SOLDIER);
  g_assert_cmpint (refusal (&st, &o, "e0e1,e3e4"), ==, XQ_REFUSE_NOT_SOLDIER);
  g_assert_true (has_action (&st, &o, "e3e4"));
  g_assert_true (has_action (&st, &o, "e0e1"));

  /* A first step that gives check ends the turn: no second step after it. */
  load (&st, XQ_VARIANT_WUHU, NULL, "4k4/9/4P4/9/9/9/P8/9/9/3K5 w");
  g_assert_true (has_action (&st, &o, "e7e8"));
  g_assert_false (has_action (&st, &o, "e7e8,a3a4"));
  g_assert_true (has_action (&st, &o, "a3a4,e7e8"));   /* check on the second step is fine */
  g_assert_true (has_action (&st, &o, "e7d7,d7d8"));   /* crossed soldiers step sideways */
  g_assert_cmpint (refusal (&st, &o, "e7e8,a3a4"), ==, XQ_REFUSE_CHECK_ENDS_TURN);
  g_assert_cmpint (refusal (&st, &o, "a3a4,e7e8"), ==, XQ_REFUSE_NONE);
  /* Out and back is a pass: not listed, and refused with its reason. */
  load (&st, XQ_VARIANT_WUHU, NULL, "4k4/9/9/9/3P5/9/9/9/9/3K5 w");
  g_assert_true (has_action (&st, &o, "d5c5,c5c6"));
  g_assert_false (has_action (&st, &o, "d5c5,c5d5"));
  g_assert_cmpint (refusal (&st, &o, "d5c5,c5d5"), ==, XQ_REFUSE_NO_PASS);
  g_assert_cmpstr (xq_refusal_to_code (XQ_REFUSE_NO_PASS), ==, "no-pass");
  /* Captures in a double turn are recorded, one per step. */
  load (&st, XQ_VARIANT_WUHU, NULL, "4k4/9/9/9/p1p6/P1P6/9/9/9/3K5 w");
  {
    XqVariantAction a;
    XqVariantUndo u;
    g_assert_true (xq_variant_action_from_text (&st, "a4a5,c4c5", &a, NULL));
    g_assert_true (xq_variant_is_legal (&st, &o, &a));
    xq_variant_apply (&st, &o, &a, &u);
    g_assert_cmpint (u.captured, ==, xq_piece_make (XQ_BLACK, XQ_PAWN));
    g_assert_cmpint (u.captured2, ==, xq_piece_make (XQ_BLACK, XQ_PAWN));
    g_assert_cmpint (st.quiet, ==, 0);
  }
  /* Every listed double turn is one the refusal accepts, and in either order
   * of two soldiers the refusal and the list agree. */
  load (&st, XQ_VARIANT_WUHU, NULL, "4k4/9/4P4/9/9/9/P1P1P1P1P/9/9/3K5 w");
  {
    XqVariantAction acts[XQ_VARIANT_MAX_ACTIONS];
    int n = xq_variant_legal_actions (&st, &o, acts);
    int checked = 0;
    for (int k = 0; k < n; k++)
      if (acts[k].kind == XQ_ACTION_DOUBLE)
        {
          XqVariantAction b = acts[k];
          g_assert_cmpint (xq_variant_explain_refusal (&st, &o, &acts[k], NULL), ==, XQ_REFUSE_NONE);
          if (b.from2 != b.to)
            {
              b.from = acts[k].from2;
              b.to = acts[k].to2;
              b.from2 = acts[k].from;
              b.to2 = acts[k].to;
              /* The other order is legal unless its first step gives check. */
              g_assert_cmpint (xq_variant_is_legal (&st, &o, &b), ==,
                               xq_variant_explain_refusal (&st, &o, &b, NULL) == XQ_REFUSE_NONE);
              checked++;
            }
        }
    g_assert_cmpint (checked, >, 10);
    g_assert_cmpint (refusal (&st, &o, "e3e4,e7e8"), ==, XQ_REFUSE_NONE);
    g_assert_cmpint (refusal (&st, &o, "e7e8,e3e4"), ==, XQ_REFUSE_CHECK_ENDS_TURN);
  }
  /* A first step that leaves Black without a move ends the game: no double after it. */
  load (&st, XQ_VARIANT_WUHU, NULL, "3k5/9/3P5/9/9/9/P8/9/9/4K4 w");
  g_assert_true (has_action (&st, &o, "a3a4"));
  g_assert_false (has_action (&st, &o, "a3a4,a4a5"));
  g_assert_cmpint (refusal (&st, &o, "e0d0,a3a4"), ==, XQ_REFUSE_NOT_SOLDIER);
  /* Black moves once. */
  load (&st, XQ_VARIANT_WUHU, NULL, "3k5/9/9/9/9/9/P8/9/9/4K4 b");
  list = action_list (&st, &o);
  for (guint k = 0; k < list->len; k++)
    g_assert_null (strchr (list->pdata[k], ','));
}

/* ---- 超然象棋 -------------------------------------------------------------------- */

/* With both 帥 faces up and no turn taken, the moves are xiangqi's. */
static void
test_cube_is_xiangqi_with_king_faces (void)
{
  static const char *const fens[] = {
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1CN1C1N2/9/R1BAKAB1R b",
    "3k5/9/9/9/9/9/9/5n3/9/4K4 w",
    "4k4/4a4/9/9/2P6/9/9/9/4A4/3K1C3 w",
  };
  XqVariantOptions o;

  xq_variant_options_init (&o, XQ_VARIANT_CUBE);
  for (guint f = 0; f < G_N_ELEMENTS (fens); f++)
    {
      XqVariantState st;
      XqPosition pos;
      XqMove moves[XQ_MAX_MOVES];
      XqVariantAction acts[XQ_VARIANT_MAX_ACTIONS];
      int n, m, plain = 0;
      g_autofree char *fen = g_strdup_printf ("%s - - 0 1", fens[f]);

      load (&st, XQ_VARIANT_CUBE, NULL, fens[f]);
      g_assert_true (xq_position_set_fen (&pos, fen, NULL));
      n = xq_variant_legal_actions (&st, &o, acts);
      m = xq_position_legal_moves (&pos, moves);
      for (int k = 0; k < n; k++)
        if (acts[k].kind == XQ_ACTION_MOVE)
          {
            plain++;
            g_assert_true (xq_position_is_legal (&pos, xq_move_make (acts[k].from, acts[k].to)));
          }
      g_assert_cmpint (plain, ==, m);
    }
}

static void
test_cube_turns (void)
{
  XqVariantOptions o;
  XqVariantState st;
  XqVariantAction a;
  XqVariantUndo u;

  xq_variant_options_init (&o, XQ_VARIANT_CUBE);
  xq_variant_state_init_start (&st, &o, 0);
  g_assert_cmpint (st.cube_face[XQ_RED], ==, XQ_KING);
  /* A quarter turn: any face but the one up and the one below (帥–兵). */
  g_assert_true (has_action (&st, &o, "=N"));
  g_assert_true (has_action (&st, &o, "=B"));
  g_assert_true (has_action (&st, &o, "=A"));
  g_assert_true (has_action (&st, &o, "=C"));
  g_assert_false (has_action (&st, &o, "=P"));
  g_assert_false (has_action (&st, &o, "=R"));
  g_assert_cmpint (refusal (&st, &o, "=P"), ==, XQ_REFUSE_CUBE_FACE);
  g_assert_true (xq_variant_action_from_text (&st, "=N", &a, NULL));
  xq_variant_apply (&st, &o, &a, &u);
  g_assert_cmpint (st.cube_face[XQ_RED], ==, XQ_HORSE);
  g_assert_true (st.cube_turned[XQ_RED]);
  /* Black moves; then Red may not turn again at once. */
  g_assert_true (xq_variant_action_from_text (&st, "h7e7", &a, NULL));
  xq_variant_apply (&st, &o, &a, &u);
  g_assert_false (has_action (&st, &o, "=K"));
  g_assert_cmpint (refusal (&st, &o, "=K"), ==, XQ_REFUSE_CUBE_TWICE);
  g_assert_true (xq_variant_action_from_text (&st, "h2e2", &a, NULL));
  xq_variant_apply (&st, &o, &a, &u);
  g_assert_false (st.cube_turned[XQ_RED]);
  g_assert_cmpint (xq_variant_cube_opposite (XQ_HORSE), ==, XQ_ELEPHANT);
  g_assert_cmpint (xq_variant_cube_opposite (XQ_CANNON), ==, XQ_ADVISOR);
}

static void
test_cube_powers (void)
{
  XqVariantOptions o;
  XqVariantState st;

  xq_variant_options_init (&o, XQ_VARIANT_CUBE);
  /* 馬無蹩: the horse on b0 with its leg b1 blocked. */
  load (&st, XQ_VARIANT_CUBE, NULL, "5k3/9/9/9/9/9/9/9/1P7/1N2K4 w cube=Kk");
  g_assert_false (has_action (&st, &o, "b0c2"));
  load (&st, XQ_VARIANT_CUBE, NULL, "5k3/9/9/9/9/9/9/9/1P7/1N2K4 w cube=Nk");
  g_assert_true (has_action (&st, &o, "b0c2"));
  g_assert_true (has_action (&st, &o, "b0a2"));
  /* 相不堵: the elephant with its eye blocked. */
  load (&st, XQ_VARIANT_CUBE, NULL, "5k3/9/9/9/9/9/9/9/3P5/2B1K4 w cube=Kk");
  g_assert_false (has_action (&st, &o, "c0e2"));
  load (&st, XQ_VARIANT_CUBE, NULL, "5k3/9/9/9/9/9/9/9/3P5/2B1K4 w cube=Bk");
  g_assert_true (has_action (&st, &o, "c0e2"));
  /* 仕闊步: corner to corner through an empty centre, not over a piece. */
  load (&st, XQ_VARIANT_CUBE, NULL, "5k3/9/9/9/9/9/9/9/9/3AK4 w cube=Ak");
  g_assert_true (has_action (&st, &o, "d0f2"));
  load (&st, XQ_VARIANT_CUBE, NULL, "5k3/9/9/9/9/9/9/9/9/3AK4 w cube=Kk");
  g_assert_false (has_action (&st, &o, "d0f2"));
  load (&st, XQ_VARIANT_CUBE, NULL, "5k3/9/9/9/9/9/9/9/4P4/3AK4 w cube=Ak");
  g_assert_false (has_action (&st, &o, "d0f2"));
  /* 炮隔行: the cannon jumps one piece to an empty point. */
  load (&st, XQ_VARIANT_CUBE, NULL, "5k3/9/9/9/9/9/9/1P7/9/1C2K4 w cube=Ck");
  g_assert_true (has_action (&st, &o, "b0b5"));
  load (&st, XQ_VARIANT_CUBE, NULL, "5k3/9/9/9/9/9/9/1P7/9/1C2K4 w cube=Kk");
  g_assert_false (has_action (&st, &o, "b0b5"));
  /* 兵可橫: an uncrossed soldier steps sideways. */
  load (&st, XQ_VARIANT_CUBE, NULL, "5k3/9/9/9/9/9/2P6/9/9/4K4 w cube=Pk");
  g_assert_true (has_action (&st, &o, "c3b3"));
  load (&st, XQ_VARIANT_CUBE, NULL, "5k3/9/9/9/9/9/2P6/9/9/4K4 w cube=Kk");
  g_assert_false (has_action (&st, &o, "c3b3"));
  /* 帥 face: it flies at a general whose 帥 face is down (Black is in check
   * and may not stay on the file), but facing is allowed when neither
   * shows 帥. */
  load (&st, XQ_VARIANT_CUBE, NULL, "4k4/9/9/9/9/9/9/9/9/3K5 b cube=Kn");
  g_assert_false (has_action (&st, &o, "e9d9"));
  g_assert_true (has_action (&st, &o, "e9f9"));
  load (&st, XQ_VARIANT_CUBE, NULL, "3k5/9/9/9/9/9/9/9/9/4K4 b cube=Kn");
  g_assert_false (has_action (&st, &o, "d9e9"));   /* would stand in the red 帥's flight */
  load (&st, XQ_VARIANT_CUBE, NULL, "3k5/9/9/9/9/9/9/9/9/4K4 b cube=Nn");
  g_assert_true (has_action (&st, &o, "d9e9"));
}

/* ---- 混合象棋 -------------------------------------------------------------------- */

static void
test_mixed (void)
{
  XqVariantOptions o;
  XqVariantState st;
  guint8 captured[16];

  xq_variant_options_init (&o, XQ_VARIANT_MIXED);
  xq_variant_state_init_start (&st, &o, 0);
  g_assert_cmpint (st.cell[xq_sq_make (1, 2)].piece, ==, xq_piece_make (XQ_RED, XQ_CANNON));
  g_assert_cmpint (st.cell[xq_sq_make (7, 2)].piece, ==, xq_piece_make (XQ_RED, XQ_PAWN));
  g_assert_cmpint (st.cell[xq_sq_make (7, 7)].piece, ==, xq_piece_make (XQ_BLACK, XQ_CANNON));
  g_assert_true (has_action (&st, &o, "h2h3"));
  g_assert_false (has_action (&st, &o, "h2g2"));
  xq_variant_state_captured (&st, captured);
  g_assert_cmpint (captured[xq_piece_make (XQ_RED, XQ_CANNON)], ==, 0);

  /* A soldier on the enemy back line, Red's cannon gone: it may become one. */
  load (&st, XQ_VARIANT_MIXED, NULL, "P2k5/9/9/9/9/9/9/9/9/4K4 w");
  g_assert_true (has_action (&st, &o, "=C@a9"));
  g_assert_cmpint (refusal (&st, &o, "=C@a9"), ==, XQ_REFUSE_NONE);
  load (&st, XQ_VARIANT_MIXED, NULL, "P2k5/9/9/9/9/9/9/9/9/1C2K4 w");
  g_assert_false (has_action (&st, &o, "=C@a9"));
  g_assert_cmpint (refusal (&st, &o, "=C@a9"), ==, XQ_REFUSE_NO_CANNON);
  load (&st, XQ_VARIANT_MIXED, NULL, "3k5/P8/9/9/9/9/9/9/9/4K4 w");
  g_assert_cmpint (refusal (&st, &o, "=C@a8"), ==, XQ_REFUSE_NO_CANNON);
}

/* ---- The engine ------------------------------------------------------------------ */

/* Fills the face-down cells of a view from its pool, from the first cell or from the last. */
static void
realise (const XqVariantState *view, gboolean reverse, XqVariantState *out)
{
  guint8 pool[16];
  int n = view->files * view->ranks;

  *out = *view;
  memcpy (pool, view->pool, sizeof pool);
  for (int k = 0; k < n; k++)
    {
      int i = reverse ? n - 1 - k : k;
      XqVariantCell *c = &out->cell[i];
      if (c->face != XQ_FACE_DOWN)
        continue;
      for (int p = 0; p < 16; p++)
        if (pool[p] && xq_piece_type ((XqPiece) p) != XQ_NO_TYPE
            && (!c->color_known || xq_piece_color ((XqPiece) p) == xq_piece_color (c->piece)))
          {
            c->piece = (XqPiece) p;
            pool[p]--;
            break;
          }
      g_assert_cmpint (xq_piece_type (c->piece), !=, XQ_NO_TYPE);
    }
}

static void
test_engine_blind (void)
{
  static const struct { XqVariantKind kind; const char *text; } cases[] = {
    { XQ_VARIANT_BANQI, "xxxxxxxx/xxKxxxxx/xxxrxxxx/xxxxxCxx b" },
    { XQ_VARIANT_JIEQI, "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w" },
    { XQ_VARIANT_ANQI,  "XXXXXXXXX/9/1X5X1/X1X1X1X1X/9/9/X1X1X1X1X/1X5X1/9/XXXXXXXXX -" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    for (int level = 1; level <= XQ_VARIANT_ENGINE_MAX_LEVEL; level++)
      {
        XqVariantOptions o;
        XqVariantState view, real_a, real_b, va, vb;
        XqVariantAction ma, mb;
        g_autoptr (XqVariantEngine) ea = xq_variant_engine_new (5);
        g_autoptr (XqVariantEngine) eb = xq_variant_engine_new (5);

        xq_variant_options_init (&o, cases[c].kind);
        load (&view, cases[c].kind, &o, cases[c].text);
        realise (&view, FALSE, &real_a);
        realise (&view, TRUE, &real_b);
        /* The two games differ only in what is hidden... */
        g_assert_false (memcmp (real_a.cell, real_b.cell, sizeof real_a.cell) == 0);
        xq_variant_state_view (&real_a, real_a.side, &va);
        xq_variant_state_view (&real_b, real_b.side, &vb);
        g_assert_true (memcmp (&va, &vb, sizeof va) == 0);
        /* ...the engine's input holds no hidden identity... */
        g_assert_true (xq_variant_state_is_view (&va));
        xq_variant_engine_set_level (ea, level);
        xq_variant_engine_set_level (eb, level);
        g_assert_true (xq_variant_engine_choose (ea, &va, &o, &ma));
        g_assert_true (xq_variant_engine_choose (eb, &vb, &o, &mb));
        /* ...and so the same first move. */
        g_assert_true (memcmp (&ma, &mb, sizeof ma) == 0);
        g_assert_true (xq_variant_is_legal (&real_a, &o, &ma));
      }

  /* A real state is refused. */
  {
    XqVariantOptions o;
    XqVariantState st;
    XqVariantAction a;
    g_autoptr (XqVariantEngine) e = xq_variant_engine_new (1);
    xq_variant_options_init (&o, XQ_VARIANT_BANQI);
    xq_variant_state_init_start (&st, &o, 3);
    g_test_expect_message ("xq-variant", G_LOG_LEVEL_CRITICAL, "*is_view*");
    g_assert_false (xq_variant_engine_choose (e, &st, &o, &a));
    g_test_assert_expected_messages ();
  }
}

static void
test_engine_takes (void)
{
  XqVariantOptions o;
  XqVariantState st;
  XqVariantAction a;
  g_autofree char *text = NULL;

  /* The red chariot can take the black general in 暗棋: every level does. */
  xq_variant_options_init (&o, XQ_VARIANT_ANQI);
  for (int level = 1; level <= XQ_VARIANT_ENGINE_MAX_LEVEL; level++)
    {
      g_autoptr (XqVariantEngine) e = xq_variant_engine_new (9);
      g_autofree char *t = NULL;
      xq_variant_engine_set_level (e, level);
      load (&st, XQ_VARIANT_ANQI, &o, "9/9/9/9/9/9/9/9/4R1k2/2K6 w");
      g_assert_true (xq_variant_engine_choose (e, &st, &o, &a));
      t = xq_variant_action_to_text (&st, &a);
      g_assert_cmpstr (t, ==, "e1g1");
    }
  /* 翻翻棋: the cannon takes the undefended chariot. */
  xq_variant_options_init (&o, XQ_VARIANT_BANQI);
  {
    g_autoptr (XqVariantEngine) e = xq_variant_engine_new (9);
    xq_variant_engine_set_level (e, 3);
    load (&st, XQ_VARIANT_BANQI, &o, "8/8/8/CxrP3p w");
    g_assert_true (xq_variant_engine_choose (e, &st, &o, &a));
    text = xq_variant_action_to_text (&st, &a);
    g_assert_cmpstr (text, ==, "a1c1");
  }
}

/* Every level takes a mate in one when it does not slip, level 1 too,
 * though it reads one ply (its leaf is asked whether it has a move). */
static void
test_engine_mate_in_one (void)
{
  XqVariantOptions o;
  XqVariantState st;

  xq_variant_options_init (&o, XQ_VARIANT_JIEQI);
  for (int level = 1; level <= XQ_VARIANT_ENGINE_MAX_LEVEL; level++)
    {
      int mates = 0;

      for (guint32 seed = 1; seed <= 40; seed++)
        {
          g_autoptr (XqVariantEngine) e = xq_variant_engine_new (seed);
          XqVariantAction a;
          g_autofree char *t = NULL;

          xq_variant_engine_set_level (e, level);
          /* Only the chariot's step to b9 mates: the other holds rank 8. */
          load (&st, XQ_VARIANT_JIEQI, &o, "4k4/R8/9/9/9/9/9/9/9/1R1K5 w");
          g_assert_true (xq_variant_engine_choose (e, &st, &o, &a));
          t = xq_variant_action_to_text (&st, &a);
          mates += strcmp (t, "b0b9") == 0;
        }
      g_test_message ("level %d mated in %d of 40 seeded choices", level, mates);
      /* Level 1 slips one action in four in 揭棋, level 2 one in ten, level
       * 3 never (xq-variant-table.c); a slip is the only way to miss. */
      g_assert_cmpint (mates, >=, level == 1 ? 26 : level == 2 ? 32 : 40);
    }
}

/* `xqtool variant play wuhu --seed 1 --level 3` before the engine knew the
 * game's history: Black, a whole army against a general and soldiers, gave
 * the same check four times and lost by the perpetual-check rule at ply 44. */
static const char *const wuhu_perpetual[] = {
  "a3a4", "b7b0", "c3c4", "b0a0", "c4c5,c5c6", "a0b0", "c6c7,c7c8", "c9a7", "a4a5,c8b8", "b9d8",
  "a5a6", "b0d0", "e0d0", "h7h0", "a6a7,a7a8", "h0f0", "a8a9,b8c8", "d8c6", "c8c9,c9d9", "e9e8",
  "d9e9,e9f9", "h9g7", "e3e4,f9g9", "i9g9", "e4e5,e5d5", "g9d9", "d0e0", "f0c0", "g3g4,g4g5", "g6g5",
  "d5d6,d6c6", "c0g0", "i3i4", "d9a9", "i4i5,i5i6", "a9a0", "e0e1", "a0a1", "e1e0", "a1a0",
  "e0e1", "a0a1", "e1e0",
};

static void
test_engine_repetition (void)
{
  XqVariantOptions o;

  xq_variant_options_init (&o, XQ_VARIANT_WUHU);
  /* At ply 38, 40 and 42 Black is asked again (with what came before): at no
   * level does it play into the cycle that loses, and with the history set
   * from the game's record (views only) it never does. */
  for (int before = 37; before <= (int) G_N_ELEMENTS (wuhu_perpetual); before += 2)
    for (int level = 1; level <= XQ_VARIANT_ENGINE_MAX_LEVEL; level++)
      for (guint32 seed = 1; seed <= 3; seed++)
        {
          g_autoptr (XqVariantGame) g = xq_variant_game_new (&o, 1);
          g_autoptr (XqVariantEngine) e = xq_variant_engine_new (seed);
          g_autoptr (GError) error = NULL;
          XqVariantAction a;
          XqVariantResult r;

          for (int k = 0; k < before; k++)
            {
              xq_variant_game_play_text (g, wuhu_perpetual[k], &error);
              g_assert_no_error (error);
            }
          g_assert_cmpint (xq_variant_game_get_state (g)->side, ==, XQ_BLACK);
          xq_variant_engine_set_level (e, level);
          g_assert_true (xq_variant_engine_choose_in_game (e, g, &a));
          g_assert_true (xq_variant_game_play (g, &a, &error));
          g_assert_no_error (error);
          r = xq_variant_game_get_result (g);
          g_assert_false (r.winner == XQ_WINNER_RED);
          /* Red's answer repeats if it can; Black must still not lose by it. */
          if (before == (int) G_N_ELEMENTS (wuhu_perpetual) && r.winner == XQ_WINNER_NONE)
            {
              g_assert_true (xq_variant_engine_choose_in_game (e, g, &a));
              g_assert_true (xq_variant_game_play (g, &a, &error));
              g_assert_true (xq_variant_engine_choose_in_game (e, g, &a));
              g_assert_true (xq_variant_game_play (g, &a, &error));
              g_assert_false (xq_variant_game_get_result (g).winner == XQ_WINNER_RED);
            }
        }

  /* A slip (levels 1 and 2 now and then play any action unread) is never
   * the check that loses by the cycle: in 3,000 seeded choices at level 1
   * (about 300 slips among some 40 actions) a1a0 never comes. */
  {
    g_autoptr (XqVariantGame) g = xq_variant_game_new (&o, 1);
    XqVariantAction a;
    g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

    for (guint k = 0; k < G_N_ELEMENTS (wuhu_perpetual); k++)
      g_assert_true (xq_variant_game_play_text (g, wuhu_perpetual[k], NULL));
    for (guint32 seed = 1; seed <= 3000; seed++)
      {
        g_autoptr (XqVariantEngine) e = xq_variant_engine_new (seed);
        XqVariantState view;
        g_autofree char *text = NULL;

        xq_variant_engine_set_level (e, 1);
        g_assert_true (xq_variant_engine_choose_in_game (e, g, &a));
        xq_variant_game_get_view (g, &view);
        text = xq_variant_action_to_text (&view, &a);
        g_assert_cmpstr (text, !=, "a1a0");
        g_hash_table_add (seen, g_steal_pointer (&text));
      }
    /* The slips happened (so the loop above tested them): a reading level
     * 1 keeps to a few actions, its slips reach most of the others. */
    g_assert_cmpuint (g_hash_table_size (seen), >, 20);
  }

  /* Without the history the same view is a fresh position: the engine
   * replays the check (so the test above is a test of the history). */
  {
    g_autoptr (XqVariantGame) g = xq_variant_game_new (&o, 1);
    g_autoptr (XqVariantEngine) e = xq_variant_engine_new (1);
    XqVariantState view;
    XqVariantAction a;
    g_autofree char *text = NULL;

    for (guint k = 0; k < G_N_ELEMENTS (wuhu_perpetual); k++)
      g_assert_true (xq_variant_game_play_text (g, wuhu_perpetual[k], NULL));
    xq_variant_engine_set_level (e, 3);
    xq_variant_game_get_view (g, &view);
    g_assert_true (xq_variant_engine_choose (e, &view, &o, &a));
    text = xq_variant_action_to_text (&view, &a);
    g_assert_cmpstr (text, ==, "a1a0");
  }

  /* A real state in the history is refused. */
  {
    XqVariantState st;
    XqVariantAction a = { 0 };
    g_autoptr (XqVariantEngine) e = xq_variant_engine_new (1);
    xq_variant_options_init (&o, XQ_VARIANT_BANQI);
    xq_variant_state_init_start (&st, &o, 3);
    g_test_expect_message ("xq-variant", G_LOG_LEVEL_CRITICAL, "*is_view*");
    xq_variant_engine_set_history (e, &st, &a, 1);
    g_test_assert_expected_messages ();
  }
}

static char *
data_file (const char *name)
{
  const char *srcdir = g_getenv ("XQ_SOURCE_DIR");
  if (srcdir != NULL)
    return g_build_filename (srcdir, "tests", "data", "variant", name, NULL);
  return g_test_build_filename (G_TEST_DIST, "data", "variant", name, NULL);
}

/* A soak game (超然象棋, seed 14, level 3) that Black lost at ply 179: its
 * check at ply 178 was only the second time round for the engine's last
 * cycle, but the third for the referee, who counts from the first time.
 * The engine counts as the referee does: at ply 178 Black no longer checks
 * into the loss. */
static void
test_engine_third_time (void)
{
  g_autofree char *path = data_file ("cube-seed14-perpetual.txt");
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (XqVariantGame) g = NULL;
  XqVariantResult r;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g = xq_variant_game_load (text, &error);
  g_assert_no_error (error);
  r = xq_variant_game_get_result (g);
  g_assert_cmpint (r.reason, ==, XQ_VREASON_FORBIDDEN_CYCLE);
  g_assert_cmpint (r.winner, ==, XQ_WINNER_RED);
  g_assert_cmpint (xq_variant_game_get_n_plies (g), ==, 179);
  for (guint32 seed = 1; seed <= 4; seed++)
    {
      g_autoptr (XqVariantEngine) e = xq_variant_engine_new (seed);
      XqVariantAction a;

      while (xq_variant_game_get_ply (g) > 177)
        xq_variant_game_undo (g);
      xq_variant_engine_set_level (e, 3);
      /* Black at ply 178, then Red's answer. */
      for (int p = 0; p < 2 && xq_variant_game_get_result (g).winner == XQ_WINNER_NONE; p++)
        {
          g_assert_true (xq_variant_engine_choose_in_game (e, g, &a));
          g_assert_true (xq_variant_game_play (g, &a, NULL));
        }
      r = xq_variant_game_get_result (g);
      g_assert_false (r.winner == XQ_WINNER_RED && r.reason == XQ_VREASON_FORBIDDEN_CYCLE);
    }
}

/* Twenty seeds, twenty different games at level 3 where nothing is hidden
 * (the shuffle cannot make them differ): the first ten plies already do. */
static void
test_engine_variety (void)
{
  static const XqVariantKind kinds[] = { XQ_VARIANT_LUOQI, XQ_VARIANT_WUHU, XQ_VARIANT_CUBE, XQ_VARIANT_MIXED };

  for (guint c = 0; c < G_N_ELEMENTS (kinds); c++)
    {
      g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      XqVariantOptions o;

      xq_variant_options_init (&o, kinds[c]);
      for (guint32 seed = 1; seed <= 20; seed++)
        {
          g_autoptr (XqVariantGame) g = xq_variant_game_new (&o, seed);
          g_autoptr (XqVariantEngine) e = xq_variant_engine_new (seed);
          g_autoptr (GString) line = g_string_new (NULL);

          xq_variant_engine_set_level (e, 3);
          for (int p = 0; p < 10 && xq_variant_game_get_result (g).winner == XQ_WINNER_NONE; p++)
            {
              XqVariantAction a;
              g_autofree char *t = NULL;
              g_assert_true (xq_variant_engine_choose_in_game (e, g, &a));
              t = xq_variant_action_to_text (xq_variant_game_get_state (g), &a);
              g_string_append_printf (line, "%s ", t);
              g_assert_true (xq_variant_game_play (g, &a, NULL));
            }
          g_hash_table_add (seen, g_string_free (g_steal_pointer (&line), FALSE));
        }
      g_assert_cmpuint (g_hash_table_size (seen), ==, 20);

      /* The same seed, the same game. */
      {
        g_autofree char *one = NULL, *two = NULL;
        for (int twice = 0; twice < 2; twice++)
          {
            g_autoptr (XqVariantGame) g = xq_variant_game_new (&o, 5);
            g_autoptr (XqVariantEngine) e = xq_variant_engine_new (5);
            xq_variant_engine_set_level (e, 3);
            for (int p = 0; p < 6; p++)
              {
                XqVariantAction a;
                g_assert_true (xq_variant_engine_choose_in_game (e, g, &a));
                g_assert_true (xq_variant_game_play (g, &a, NULL));
              }
            if (twice == 0)
              one = xq_variant_game_save (g);
            else
              two = xq_variant_game_save (g);
          }
        g_assert_cmpstr (one, ==, two);
      }
    }
}

/* ---- Whole games, saving and loading ------------------------------------------ */

static void
play_out (XqVariantKind kind, int level, guint32 seed, int max_plies)
{
  XqVariantOptions o;
  g_autoptr (XqVariantGame) g = NULL;
  g_autoptr (XqVariantGame) back = NULL;
  g_autoptr (XqVariantEngine) e = xq_variant_engine_new (seed);
  g_autoptr (GError) error = NULL;
  g_autofree char *saved = NULL, *again = NULL;
  XqVariantResult r;

  xq_variant_options_init (&o, kind);
  g = xq_variant_game_new (&o, seed);
  xq_variant_engine_set_level (e, level);
  while (xq_variant_game_get_result (g).winner == XQ_WINNER_NONE
         && xq_variant_game_get_n_plies (g) < max_plies)
    {
      XqVariantAction a;
      g_assert_true (xq_variant_engine_choose_in_game (e, g, &a));
      g_assert_true (xq_variant_game_play (g, &a, &error));
      g_assert_no_error (error);
    }
  r = xq_variant_game_get_result (g);
  if (max_plies >= 2000)
    g_assert_cmpint (r.winner, !=, XQ_WINNER_NONE);

  /* Saved and loaded, the same game replays from the seed. */
  saved = xq_variant_game_save (g);
  g_assert_nonnull (strstr (saved, "[Variant \""));
  back = xq_variant_game_load (saved, &error);
  g_assert_no_error (error);
  g_assert_nonnull (back);
  g_assert_cmpint (xq_variant_game_get_n_plies (back), ==, xq_variant_game_get_n_plies (g));
  for (int p = 0; p <= xq_variant_game_get_n_plies (g); p++)
    g_assert_true (memcmp (xq_variant_game_get_state_at (g, p), xq_variant_game_get_state_at (back, p),
                           sizeof (XqVariantState)) == 0);
  g_assert_cmpint (xq_variant_game_get_result (back).winner, ==, r.winner);
  g_assert_cmpint (xq_variant_game_get_result (back).reason, ==, r.reason);
  again = xq_variant_game_save (back);
  g_assert_cmpstr (again, ==, saved);
}

static void
test_whole_games_level1 (void)
{
  for (int k = 0; k < XQ_VARIANT_N_KINDS; k++)
    for (guint32 seed = 1; seed <= 3; seed++)
      play_out ((XqVariantKind) k, 1, seed, 2000);
}

static void
test_whole_games_levels (void)
{
  for (int k = 0; k < XQ_VARIANT_N_KINDS; k++)
    for (int level = 2; level <= XQ_VARIANT_ENGINE_MAX_LEVEL; level++)
      play_out ((XqVariantKind) k, level, 4, 16);   /* whole games at every level: test-xqtool-variant.py --soak */
}

static void
test_save_errors (void)
{
  static const char *const bad[] = {
    "",
    "[Variant \"nope\"]\n[Seed \"1\"]\n",
    "[Variant \"banqi\"]\n",
    "[Variant \"banqi\"]\n[Seed \"x\"]\n",
    "[Variant \"banqi\"]\n[Seed \"1\"]\n[Options \"bogus=1\"]\n",
    "[Variant \"banqi\"]\n[Seed \"1\"]\n\n1. a1a2\n",
    "[Variant \"banqi\"]\n[Seed \"1\"]\n\n1. zz\n",
    "[Variant banqi]\n",
  };

  for (guint k = 0; k < G_N_ELEMENTS (bad); k++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (XqVariantGame) g = xq_variant_game_load (bad[k], &error);
      g_assert_null (g);
      g_assert_nonnull (error);
      g_assert_nonnull (strstr (error->message, "line") ? error->message : strstr (error->message, "Options"));
      g_assert_null (strchr (error->message, '\n'));
    }
  /* A resignation survives a save. */
  {
    XqVariantOptions o;
    g_autoptr (XqVariantGame) g = NULL;
    g_autoptr (XqVariantGame) back = NULL;
    g_autofree char *saved = NULL;
    xq_variant_options_init (&o, XQ_VARIANT_JIEQI);
    g = xq_variant_game_new (&o, 5);
    g_assert_true (xq_variant_game_play_text (g, "h2e2", NULL));
    xq_variant_game_resign (g, XQ_BLACK);
    saved = xq_variant_game_save (g);
    back = xq_variant_game_load (saved, NULL);
    g_assert_nonnull (back);
    g_assert_cmpint (xq_variant_game_get_result (back).winner, ==, XQ_WINNER_RED);
    g_assert_cmpint (xq_variant_game_get_result (back).reason, ==, XQ_VREASON_RESIGNATION);
  }
}

static void
test_game_refuses (void)
{
  XqVariantOptions o;
  g_autoptr (XqVariantGame) g = NULL;
  g_autoptr (GError) error = NULL;

  xq_variant_options_init (&o, XQ_VARIANT_BANQI);
  g = xq_variant_game_new (&o, 2);
  g_assert_false (xq_variant_game_play_text (g, "a1a2", &error));
  g_assert_error (error, XQ_VARIANT_ERROR, XQ_VARIANT_ERROR_REFUSED);
  g_assert_nonnull (strstr (error->message, "face-down"));
  g_assert_true (xq_variant_game_play_text (g, "+a1", NULL));
  g_assert_true (xq_variant_game_undo (g));
  g_assert_true (xq_variant_game_redo (g));
  g_assert_cmpint (xq_variant_game_get_ply (g), ==, 1);
  g_assert_cmpint (xq_variant_game_get_action (g, 1)->reveal, !=, XQ_EMPTY);
}

static void
test_text_round_trip (void)
{
  static const struct { XqVariantKind kind; const char *text; } cases[] = {
    { XQ_VARIANT_BANQI, "xxxxxxxx/xxKxxxxx/xxxrxxxx/xxxxxCxx b pool=AABBNNRRCPPPPPkaabbnnrccppppp" },
    { XQ_VARIANT_LUOQI, "8/8/3n4/K7 w hand=AABBNNRRCCPPPPPkaabbnrrccppppp" },
    { XQ_VARIANT_CUBE, "4k4/9/9/9/9/9/9/9/9/4K4 b - - 3 8 cube=Nc turned=r" },
  };
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      XqVariantState st;
      g_autofree char *text = NULL;
      load (&st, cases[c].kind, NULL, cases[c].text);
      text = xq_variant_state_to_text (&st);
      if (cases[c].kind == XQ_VARIANT_CUBE)
        g_assert_cmpstr (text, ==, "4k4/9/9/9/9/9/9/9/9/4K4 b - - 3 8 cube=Nc turned=r");
      else
        g_assert_cmpstr (text, ==, cases[c].text);
    }
  /* Bad texts are refused with a place, never a crash. */
  {
    static const char *const bad[] = { "", "xxxxxxxx", "9/9/9/9 w", "xxxxxxxxx/8/8/8 w", "8/8/8/Q7 w",
                                       "8/8/8/K7 q", "8/8/8/K7 w pool=Z", "8/8/8/KKKKKKKK w" };
    for (guint k = 0; k < G_N_ELEMENTS (bad); k++)
      {
        XqVariantOptions o;
        XqVariantState st;
        g_autoptr (GError) error = NULL;
        xq_variant_options_init (&o, XQ_VARIANT_BANQI);
        g_assert_false (xq_variant_state_from_text (&st, XQ_VARIANT_BANQI, &o, bad[k], &error));
        g_assert_nonnull (error);
      }
  }
}

/* The sentences a child reads come in the interface language. */
/* The table of games (xq-variant.c) is the one record the Game Day page and
 * xqtool loop over: every kind has a code that reads back to it, a name, the
 * seed pages' name and a summary, none shared with another kind, and
 * options that round-trip through their text. */
static void
test_kind_table (void)
{
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  for (int k = 0; k < XQ_VARIANT_N_KINDS; k++)
    {
      const char *texts[4];
      XqVariantKind back;
      XqVariantOptions o, o2;
      g_autofree char *opt_text = NULL;

      texts[0] = xq_variant_kind_to_code ((XqVariantKind) k);
      texts[1] = xq_variant_kind_name ((XqVariantKind) k);
      texts[2] = xq_variant_kind_original_name ((XqVariantKind) k);
      texts[3] = xq_variant_kind_summary ((XqVariantKind) k);
      for (guint t = 0; t < G_N_ELEMENTS (texts); t++)
        {
          g_assert_nonnull (texts[t]);
          g_assert_cmpuint (strlen (texts[t]), >, 1);
          /* No two kinds share a code, a name, an original name or a summary. */
          g_assert_false (g_hash_table_contains (seen, texts[t]));
          g_hash_table_add (seen, (gpointer) texts[t]);
        }
      g_assert_true (xq_variant_kind_from_code (texts[0], &back));
      g_assert_cmpint (back, ==, k);
      g_assert_false (g_str_is_ascii (texts[2]));
      g_assert_cmpuint (strlen (texts[3]), >, 30);
      xq_variant_options_init (&o, (XqVariantKind) k);
      opt_text = xq_variant_options_to_string (&o);
      o2.kind = (XqVariantKind) k;
      g_assert_true (xq_variant_options_from_string (&o2, opt_text, NULL));
      g_assert_true (memcmp (&o, &o2, sizeof o) == 0);
      /* Every game ends: a move limit is on by default. */
      g_assert_true (xq_variant_kind_is_half ((XqVariantKind) k) ? o.quiet_limit > 0 : o.move_limit > 0);

      /* The rest of the line: its rules for a child, the key to its
       * pictures, its options and its levels, every one filled in. */
      {
        const char *rules = xq_variant_kind_rules ((XqVariantKind) k);
        const XqVariantLegend *legend;
        g_autofree char *page = NULL, *said = NULL;
        int n_legend = 0;

        g_assert_nonnull (rules);
        g_assert_cmpuint (strlen (rules), >, 200);
        g_assert_false (g_hash_table_contains (seen, rules));
        g_hash_table_add (seen, (gpointer) rules);
        said = xq_variant_options_describe (&o);
        g_assert_cmpuint (strlen (said), >, 10);
        page = xq_variant_rules_text (&o);
        g_assert_true (g_str_has_prefix (page, rules));
        g_assert_true (g_str_has_suffix (page, said));

        legend = xq_variant_kind_legend ((XqVariantKind) k, &n_legend);
        g_assert_cmpint (n_legend, >=, 1);
        for (int i = 0; i < n_legend; i++)
          {
            g_assert_cmpuint (strlen (xq_variant_legend_text (&legend[i])), >, 10);
            g_assert_cmpint (legend[i].face, <=, XQ_VARIANT_LEGEND_BACK_PLAIN);
            if (legend[i].face == XQ_VARIANT_LEGEND_UP)
              g_assert_true (legend[i].type >= XQ_KING && legend[i].type <= XQ_PAWN);
          }

        for (int fl = 0; fl < XQ_VARIANT_N_FLAGS; fl++)
          if (xq_variant_kind_has_flag ((XqVariantKind) k, (XqVariantFlag) fl))
            {
              XqVariantOptions on = o, read_back;
              g_autofree char *on_said = NULL, *words = NULL;

              /* Off by default; on, it is a different game and says so, and
               * its option word reads back. */
              g_assert_false (xq_variant_options_get_flag (&o, (XqVariantFlag) fl));
              xq_variant_options_set_flag (&on, (XqVariantFlag) fl, TRUE);
              g_assert_true (xq_variant_options_get_flag (&on, (XqVariantFlag) fl));
              on_said = xq_variant_options_describe (&on);
              g_assert_cmpstr (on_said, !=, said);
              words = xq_variant_options_to_string (&on);
              g_assert_cmpuint (strlen (words), >, 0);
              read_back.kind = (XqVariantKind) k;
              g_assert_true (xq_variant_options_from_string (&read_back, words, NULL));
              g_assert_true (xq_variant_options_get_flag (&read_back, (XqVariantFlag) fl));
              g_assert_cmpuint (strlen (xq_variant_flag_label ((XqVariantFlag) fl)), >, 10);
            }

        /* Its actions: a move always; a game's own action kinds are the
         * ones its rules generate (checked by playing in the tests below). */
        g_assert_true (xq_variant_kind_has_action ((XqVariantKind) k, XQ_ACTION_MOVE));

        /* Levels: each reads at least one ply with a budget, and no level
         * reads less than the one below it. */
        for (int lv = 1; lv <= XQ_VARIANT_ENGINE_MAX_LEVEL; lv++)
          {
            const XqVariantLevel *l = xq_variant_kind_level ((XqVariantKind) k, lv);
            g_assert_cmpint (l->depth, >=, 1);
            g_assert_cmpuint (l->nodes, >, 0);
            g_assert_true (l->blunder >= 0 && l->blunder < 1000);
            g_assert_true (l->noise >= 0 && l->margin >= 0);
            if (lv > 1)
              {
                const XqVariantLevel *below = xq_variant_kind_level ((XqVariantKind) k, lv - 1);
                g_assert_cmpint (l->depth, >=, below->depth);
                g_assert_cmpuint (l->nodes, >=, below->nodes);
                g_assert_cmpint (l->blunder, <=, below->blunder);
              }
          }
      }
    }
  /* The action kinds the table names for a game are the ones its rules
   * play: random games never produce an action kind its line leaves out. */
  for (int k = 0; k < XQ_VARIANT_N_KINDS; k++)
    for (guint32 seed = 1; seed <= 4; seed++)
      {
        XqVariantOptions o;
        g_autoptr (XqVariantGame) game = NULL;
        g_autofree XqVariantAction *acts = g_new (XqVariantAction, XQ_VARIANT_MAX_ACTIONS);

        xq_variant_options_init (&o, (XqVariantKind) k);
        game = xq_variant_game_new (&o, seed);
        for (int p = 0; p < 120 && xq_variant_game_get_result (game).winner == XQ_WINNER_NONE; p++)
          {
            XqVariantState v;
            int n;

            xq_variant_game_get_view (game, &v);
            n = xq_variant_legal_actions (&v, &o, acts);
            if (n == 0)
              break;
            for (int i = 0; i < n; i++)
              g_assert_true (xq_variant_kind_has_action ((XqVariantKind) k, (XqActionKind) acts[i].kind));
            g_assert_true (xq_variant_game_play (game, &acts[(guint) (p * 7919 + seed) % (guint) n], NULL));
          }
      }
  /* Every option is offered by some game (none is left without a page). */
  for (int fl = 0; fl < XQ_VARIANT_N_FLAGS; fl++)
    {
      gboolean offered = FALSE;
      for (int k = 0; k < XQ_VARIANT_N_KINDS; k++)
        offered = offered || xq_variant_kind_has_flag ((XqVariantKind) k, (XqVariantFlag) fl);
      g_assert_true (offered);
    }
  /* Every code is named in the error messages' list. */
  {
    g_autofree char *codes = xq_variant_codes_text ();
    for (int k = 0; k < XQ_VARIANT_N_KINDS; k++)
      g_assert_nonnull (strstr (codes, xq_variant_kind_to_code ((XqVariantKind) k)));
  }
  {
    XqVariantKind none;
    g_assert_false (xq_variant_kind_from_code ("chess", &none));
  }
}

static void
test_translated (void)
{
  static const struct { const char *lang, *refusal, *result, *name; } cases[] = {
    { "zh_CN", "帅（将）不能吃兵（卒）", "红方胜", "翻翻棋" },
    { "zh_TW", "帥（將）不能吃兵（卒）", "紅方勝", "翻翻棋" },
  };
  XqVariantOptions o;
  XqVariantState st;

  xq_variant_options_init (&o, XQ_VARIANT_BANQI);
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      XqVariantAction a;
      XqVariantResult r = { XQ_WINNER_RED, XQ_VREASON_ALL_CAPTURED, 3, XQ_REASON_NONE };
      g_autofree char *sentence = NULL, *result = NULL;

      g_setenv ("LANGUAGE", cases[c].lang, TRUE);
      setlocale (LC_ALL, "");
      load (&st, XQ_VARIANT_BANQI, NULL, "8/8/8/Kp6 w");
      g_assert_true (xq_variant_action_from_text (&st, "a1b1", &a, NULL));
      g_assert_cmpint (xq_variant_explain_refusal (&st, &o, &a, &sentence), ==, XQ_REFUSE_GENERAL_SOLDIER);
      g_assert_nonnull (strstr (sentence, cases[c].refusal));
      result = xq_variant_result_explain (&r, XQ_VARIANT_BANQI);
      g_assert_nonnull (strstr (result, cases[c].result));
      g_assert_cmpstr (xq_variant_kind_name (XQ_VARIANT_BANQI), ==, cases[c].name);
    }
  g_unsetenv ("LANGUAGE");
  setlocale (LC_ALL, "");
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, XQ_BUILD_LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  xq_test_isolate_dirs ();
  g_test_init (&argc, &argv, NULL);
  /* First: it sets the interface language before anything else asks gettext. */
  g_test_add_func ("/variant/translated", test_translated);
  g_test_add_func ("/variant/kind-table", test_kind_table);
  g_test_add_func ("/variant/banqi/start", test_banqi_start);
  g_test_add_func ("/variant/banqi/first-flip-colour", test_banqi_first_flip_colour);
  g_test_add_func ("/variant/banqi/ranks", test_banqi_ranks);
  g_test_add_func ("/variant/banqi/cannon", test_banqi_cannon);
  g_test_add_func ("/variant/banqi/sliding", test_banqi_sliding);
  g_test_add_func ("/variant/banqi/results", test_banqi_results);
  g_test_add_func ("/variant/game/repetition", test_repetition);
  g_test_add_func ("/variant/luoqi", test_luoqi);
  g_test_add_func ("/variant/jieqi/first-moves", test_jieqi_first_moves);
  g_test_add_func ("/variant/jieqi/reveal-and-freedom", test_jieqi_reveal_and_freedom);
  g_test_add_func ("/variant/jieqi/check", test_jieqi_check);
  g_test_add_func ("/variant/jieqi/mate", test_jieqi_mate);
  g_test_add_func ("/variant/anqi", test_anqi);
  g_test_add_func ("/variant/wuhu", test_wuhu);
  g_test_add_func ("/variant/cube/xiangqi", test_cube_is_xiangqi_with_king_faces);
  g_test_add_func ("/variant/cube/turns", test_cube_turns);
  g_test_add_func ("/variant/cube/powers", test_cube_powers);
  g_test_add_func ("/variant/mixed", test_mixed);
  g_test_add_func ("/variant/engine/blind", test_engine_blind);
  g_test_add_func ("/variant/engine/takes", test_engine_takes);
  g_test_add_func ("/variant/engine/mate-in-one", test_engine_mate_in_one);
  g_test_add_func ("/variant/engine/repetition", test_engine_repetition);
  g_test_add_func ("/variant/engine/variety", test_engine_variety);
  g_test_add_func ("/variant/engine/third-time", test_engine_third_time);
  g_test_add_func ("/variant/game/refuses", test_game_refuses);
  g_test_add_func ("/variant/game/save-errors", test_save_errors);
  g_test_add_func ("/variant/text", test_text_round_trip);
  g_test_add_func ("/variant/games/level1", test_whole_games_level1);
  g_test_add_func ("/variant/games/levels", test_whole_games_levels);
  return g_test_run ();
}
