/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-variant-luoqi.c: 落棋 (docs/variants.md): the half board of 翻翻棋,
 * each player starting with one colour's 16 pieces in the hand; a turn
 * drops one face up on an empty cell or moves a placed piece as in 翻翻棋
 * (xq-variant-half.c). */
#define G_LOG_DOMAIN "xq-variant"

#include "config.h"

#include "xq-variant-private.h"

static void
luoqi_setup (XqVariantState *st, const XqVariantOptions *opts, XqVariantRng *rng)
{
  (void) opts;
  (void) rng;
  for (int t = XQ_KING; t <= XQ_PAWN; t++)
    {
      st->hand[xq_piece_make (XQ_RED, t)] = (guint8) xq_variant_set_count[t];
      st->hand[xq_piece_make (XQ_BLACK, t)] = (guint8) xq_variant_set_count[t];
    }
}

/* The moves of the placed pieces, then every drop: each type in the hand on
 * each empty cell. */
static void
luoqi_actions (const XqVariantState *st, const XqVariantOptions *opts, int only_from, XqVariantGen *g)
{
  xq_variant_half_actions (st, opts, only_from, FALSE, g);
  if (only_from < 0)
    for (int t = XQ_KING; t <= XQ_PAWN; t++)
      if (st->hand[xq_piece_make (st->side, t)] > 0)
        for (int i = 0; i < 32; i++)
          if (st->cell[i].face == XQ_FACE_EMPTY)
            {
              xq_variant_push (g, XQ_ACTION_DROP, -1, i);
              g->out[g->n - 1].type = (guint8) t;
            }
}

static XqRefusal
luoqi_drop_refusal (const XqVariantState *st, const XqVariantOptions *opts, const XqVariantAction *a)
{
  (void) opts;
  if (!xq_variant_cell_ok (st, a->to) || a->type < XQ_KING || a->type > XQ_PAWN)
    return XQ_REFUSE_BAD_MOVE;
  if (st->cell[a->to].face != XQ_FACE_EMPTY)
    return XQ_REFUSE_CELL_TAKEN;
  return XQ_REFUSE_NOT_IN_HAND;
}

const XqVariantRules xq_variant_luoqi_rules = {
  .half            = TRUE,
  .special         = 1u << XQ_ACTION_DROP,
  .setup           = luoqi_setup,
  .actions         = luoqi_actions,
  .lost            = xq_variant_half_lost,
  .move_refusal    = xq_variant_half_move_refusal,
  .special_refusal = luoqi_drop_refusal,
};
