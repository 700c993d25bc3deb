/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-variant-wuhu.c: 五虎棋 (docs/variants.md): Red has only its general,
 * advisors, elephants and five soldiers against Black's full set, and its
 * soldiers may move twice in a turn, or two of them once each.  Every other
 * move is xiangqi's (xq-variant-xiangqi.c). */
#define G_LOG_DOMAIN "xq-variant"

#include "config.h"

#include "xq-variant-private.h"

static void
wuhu_setup (XqVariantState *st, const XqVariantOptions *opts, XqVariantRng *rng)
{
  (void) opts;
  (void) rng;
  xq_variant_put_start (st, (1u << XQ_CHARIOT) | (1u << XQ_HORSE) | (1u << XQ_CANNON));
}

static void
wuhu_pieces (int count[16])
{
  for (int t = XQ_HORSE; t <= XQ_CANNON; t++)
    count[xq_piece_make (XQ_RED, t)] = 0;
}

static void
wuhu_actions (const XqVariantState *st, const XqVariantOptions *opts, int only_from, XqVariantGen *g)
{
  XqPosition pos;
  XqMove moves[XQ_MAX_MOVES];
  int n = xq_variant_xiangqi_moves (st, only_from, &pos, moves, g);

  (void) opts;
  /* 五虎棋: Red's soldiers may move twice, or two of them once each.  The
   * first step must be legal on its own, must not give check and must not end
   * the game (docs/variants.md). */
  if (st->side == XQ_RED)
    {
      int first = g->n;
      for (int k = 0; k < n; k++)
        {
          XqMove m1 = moves[k];
          XqUndo u1;
          XqMove seconds[XQ_MAX_MOVES];
          int n2;

          if (xq_piece_type (pos.board[xq_move_from (m1)]) != XQ_PAWN)
            continue;
          if (only_from >= 0 && xq_move_from (m1) != only_from)
            continue;
          if (xq_position_gives_check (&pos, m1))
            continue;
          xq_position_do_move (&pos, m1, &u1);
          if (!xq_position_has_legal_move (&pos))
            {
              xq_position_undo_move (&pos, m1, &u1);
              continue;
            }
          xq_position_set_side (&pos, XQ_RED);
          n2 = xq_position_legal_moves (&pos, seconds);
          for (int j = 0; j < n2; j++)
            {
              XqMove m2 = seconds[j];
              gboolean dup = FALSE;
              if (xq_piece_type (pos.board[xq_move_from (m2)]) != XQ_PAWN)
                continue;
              /* Out and back again would be a pass: not a turn (docs/variants.md). */
              if (xq_move_from (m2) == xq_move_to (m1) && xq_move_to (m2) == xq_move_from (m1))
                continue;
              /* Two soldiers once each in either order is one action. */
              for (int q = first; q < g->n; q++)
                if (g->out[q].from == xq_move_from (m2) && g->out[q].to == xq_move_to (m2)
                    && g->out[q].from2 == xq_move_from (m1) && g->out[q].to2 == xq_move_to (m1))
                  dup = TRUE;
              if (dup)
                continue;
              xq_variant_push (g, XQ_ACTION_DOUBLE, xq_move_from (m1), xq_move_to (m1));
              g->out[g->n - 1].from2 = (gint8) xq_move_from (m2);
              g->out[g->n - 1].to2 = (gint8) xq_move_to (m2);
            }
          xq_position_set_side (&pos, XQ_BLACK);
          xq_position_undo_move (&pos, m1, &u1);
        }
    }
}

/* Why a double turn is refused, judged as it is played: the first step on
 * the board as it is (a soldier's legal move that neither gives check nor
 * ends the game: such a step ends the turn), then the second step on the
 * board the first step left.  XQ_REFUSE_NONE exactly when the double turn is
 * legal, in either order of two soldiers' steps (the list of actions names
 * such a turn once; xq_variant_is_legal asks here for the other order). */
static XqRefusal
wuhu_double_refusal (const XqVariantState *st, const XqVariantOptions *opts, const XqVariantAction *a)
{
  XqRefusal r = xq_variant_refuse_mover (st, a->from, a->to);
  XqVariantAction step = *a;
  XqVariantState after;
  XqPosition pos;
  XqMove m1, m2;
  XqUndo u;

  if (r != XQ_REFUSE_NONE)
    return r;
  if (st->side != XQ_RED || xq_piece_type (st->cell[a->from].piece) != XQ_PAWN)
    return XQ_REFUSE_NOT_SOLDIER;
  if (xq_variant_owner (st, a->to) == (int) st->side)
    return XQ_REFUSE_OWN_PIECE;
  xq_variant_to_position (st, &pos);
  m1 = xq_move_make (a->from, a->to);
  step.kind = XQ_ACTION_MOVE;
  if (!xq_position_is_legal (&pos, m1))
    return xq_variant_xiangqi_move_refusal (st, opts, &step);
  if (xq_position_gives_check (&pos, m1))
    return XQ_REFUSE_CHECK_ENDS_TURN;
  xq_position_do_move (&pos, m1, &u);
  if (!xq_position_has_legal_move (&pos))
    return XQ_REFUSE_CHECK_ENDS_TURN;

  /* The second step, on the board after the first. */
  xq_variant_scratch_move (st, a->from, a->to, &after);
  if (!xq_variant_cell_ok (st, a->from2) || !xq_variant_cell_ok (st, a->to2))
    return XQ_REFUSE_BAD_MOVE;
  r = xq_variant_refuse_mover (&after, a->from2, a->to2);
  if (r != XQ_REFUSE_NONE)
    return r;
  if (xq_piece_type (after.cell[a->from2].piece) != XQ_PAWN)
    return XQ_REFUSE_NOT_SOLDIER;
  if (xq_variant_owner (&after, a->to2) == (int) XQ_RED)
    return XQ_REFUSE_OWN_PIECE;
  if (a->from2 == a->to && a->to2 == a->from)
    return XQ_REFUSE_NO_PASS;
  xq_position_set_side (&pos, XQ_RED);
  m2 = xq_move_make (a->from2, a->to2);
  if (!xq_position_is_legal (&pos, m2))
    {
      step.from = a->from2;
      step.to = a->to2;
      return xq_variant_xiangqi_move_refusal (&after, opts, &step);
    }
  return XQ_REFUSE_NONE;
}

const XqVariantRules xq_variant_wuhu_rules = {
  .special         = 1u << XQ_ACTION_DOUBLE,
  .setup           = wuhu_setup,
  .pieces          = wuhu_pieces,
  .actions         = wuhu_actions,
  .in_check        = xq_variant_xiangqi_in_check,
  .move_refusal    = xq_variant_xiangqi_move_refusal,
  .special_refusal = wuhu_double_refusal,
};
