/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-variant-mixed.c: 國際中國象棋 (混合象棋) (docs/variants.md): xiangqi
 * with one cannon (the queen) and six soldiers a side, and a soldier on the
 * enemy's back line may be exchanged for a captured cannon.  Every move is
 * xiangqi's (xq-variant-xiangqi.c); the chess figures are the UI's. */
#define G_LOG_DOMAIN "xq-variant"

#include "config.h"

#include "xq-variant-private.h"

static void
mixed_setup (XqVariantState *st, const XqVariantOptions *opts, XqVariantRng *rng)
{
  (void) opts;
  (void) rng;
  xq_variant_put_start (st, 0);
  /* One cannon (the queen) each; a sixth soldier on the other cannon point. */
  xq_variant_put_up (st, xq_sq_make (7, 2), xq_piece_make (XQ_RED, XQ_PAWN));
  xq_variant_put_up (st, xq_sq_make (1, 7), xq_piece_make (XQ_BLACK, XQ_PAWN));
}

static void
mixed_pieces (int count[16])
{
  count[xq_piece_make (XQ_RED, XQ_CANNON)] = 1;
  count[xq_piece_make (XQ_BLACK, XQ_CANNON)] = 1;
  count[xq_piece_make (XQ_RED, XQ_PAWN)] = 6;
  count[xq_piece_make (XQ_BLACK, XQ_PAWN)] = 6;
}

/* xiangqi's moves, then the exchanges: a soldier on the enemy's back line
 * for the cannon, once it has been captured and when not in check. */
static void
mixed_actions (const XqVariantState *st, const XqVariantOptions *opts, int only_from, XqVariantGen *g)
{
  XqPosition pos;
  XqMove moves[XQ_MAX_MOVES];
  XqPiece cannon = xq_piece_make (st->side, XQ_CANNON);
  int back = st->side == XQ_RED ? 9 : 0;

  (void) opts;
  xq_variant_xiangqi_moves (st, only_from, &pos, moves, g);
  if (pos.count[cannon] == 0 && !xq_position_in_check (&pos, st->side))
    for (int f = 0; f < 9; f++)
      {
        XqSquare sq = xq_sq_make (f, back);
        if (pos.board[sq] == xq_piece_make (st->side, XQ_PAWN) && (only_from < 0 || only_from == sq))
          xq_variant_push (g, XQ_ACTION_EXCHANGE, sq, sq);
      }
}

static XqRefusal
mixed_exchange_refusal (const XqVariantState *st, const XqVariantOptions *opts, const XqVariantAction *a)
{
  XqColor me = st->side;
  XqPosition pos;

  (void) opts;
  if (!xq_variant_cell_ok (st, a->from) || st->cell[a->from].face == XQ_FACE_EMPTY)
    return XQ_REFUSE_NO_PIECE;
  if (xq_variant_owner (st, a->from) != (int) me)
    return XQ_REFUSE_NOT_YOURS;
  if (xq_piece_type (st->cell[a->from].piece) != XQ_PAWN)
    return XQ_REFUSE_NOT_SOLDIER;
  xq_variant_to_position (st, &pos);
  return xq_position_in_check (&pos, me) ? XQ_REFUSE_IN_CHECK : XQ_REFUSE_NO_CANNON;
}

const XqVariantRules xq_variant_mixed_rules = {
  .special         = 1u << XQ_ACTION_EXCHANGE,
  .setup           = mixed_setup,
  .pieces          = mixed_pieces,
  .actions         = mixed_actions,
  .in_check        = xq_variant_xiangqi_in_check,
  .move_refusal    = xq_variant_xiangqi_move_refusal,
  .special_refusal = mixed_exchange_refusal,
};
