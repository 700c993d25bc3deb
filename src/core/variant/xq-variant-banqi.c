/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-variant-banqi.c: 翻翻棋 / 暗棋 on the half board (docs/variants.md):
 * all 32 pieces shuffled face down; a turn flips one, or moves or captures
 * with a face-up piece of one's own (xq-variant-half.c). */
#define G_LOG_DOMAIN "xq-variant"

#include "config.h"

#include "xq-variant-private.h"

static void
banqi_setup (XqVariantState *st, const XqVariantOptions *opts, XqVariantRng *rng)
{
  XqPiece pieces[32];

  (void) opts;
  xq_variant_shuffled_sets (pieces, rng);
  for (int i = 0; i < 32; i++)
    xq_variant_put_down (st, i, pieces[i], -1, FALSE);
  st->colors_known = FALSE;
}

static void
banqi_actions (const XqVariantState *st, const XqVariantOptions *opts, int only_from, XqVariantGen *g)
{
  xq_variant_half_actions (st, opts, only_from, TRUE, g);
}

/* A flip that is not legal: there is nothing to flip, or it is face up. */
static XqRefusal
banqi_flip_refusal (const XqVariantState *st, const XqVariantOptions *opts, const XqVariantAction *a)
{
  (void) opts;
  if (!xq_variant_cell_ok (st, a->from) || st->cell[a->from].face == XQ_FACE_EMPTY)
    return XQ_REFUSE_NO_PIECE;
  return XQ_REFUSE_ALREADY_UP;
}

const XqVariantRules xq_variant_banqi_rules = {
  .half            = TRUE,
  .special         = 1u << XQ_ACTION_FLIP,
  .setup           = banqi_setup,
  .actions         = banqi_actions,
  .lost            = xq_variant_half_lost,
  .move_refusal    = xq_variant_half_move_refusal,
  .special_refusal = banqi_flip_refusal,
};
