/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-variant-jieqi.c: 揭棋 (docs/variants.md): the generals face up on their
 * points, each side's other 15 pieces shuffled face down onto its own other
 * starting points; a face-down piece moves as the piece that starts there
 * and is revealed by its move (the movement is xq-variant-full.c's). */
#define G_LOG_DOMAIN "xq-variant"

#include "config.h"

#include "xq-variant-private.h"

static void
jieqi_setup (XqVariantState *st, const XqVariantOptions *opts, XqVariantRng *rng)
{
  XqPiece pieces[32];
  int n;

  for (int c = XQ_RED; c <= XQ_BLACK; c++)
    {
      guint open = 1u << XQ_KING;
      int k = 0;
      if (opts->jieqi_open_advisors_elephants)
        open |= (1u << XQ_ADVISOR) | (1u << XQ_ELEPHANT);
      n = xq_variant_set_pieces ((XqColor) c, open, pieces);
      xq_variant_shuffle (pieces, n, rng);
      for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
        {
          XqPieceType t = xq_variant_start_type (sq);
          if (t == XQ_NO_TYPE || (xq_sq_rank (sq) < 5 ? XQ_RED : XQ_BLACK) != c)
            continue;
          if (open & (1u << t))
            xq_variant_put_up (st, sq, xq_piece_make ((XqColor) c, t));
          else
            xq_variant_put_down (st, sq, pieces[k++], c, TRUE);
        }
    }
}

static void
jieqi_actions (const XqVariantState *st, const XqVariantOptions *opts, int only_from, XqVariantGen *g)
{
  xq_variant_full_moves (st, opts, only_from, TRUE, g);
}

const XqVariantRules xq_variant_jieqi_rules = {
  .setup        = jieqi_setup,
  .actions      = jieqi_actions,
  .in_check     = xq_variant_full_in_check,
  .move_refusal = xq_variant_full_move_refusal,
};
