/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-variant-xiangqi.c: the full-board games whose pieces move exactly as in
 * xiangqi, 五虎棋 and 混合象棋 (docs/variants.md): their moves, check and
 * refusals come from the xiangqi move generator and referee, so the only
 * code of their own is what xiangqi does not have. */
#define G_LOG_DOMAIN "xq-variant"

#include "config.h"

#include "xq-variant-private.h"

int
xq_variant_xiangqi_moves (const XqVariantState *st, int only_from, XqPosition *pos,
                          XqMove *moves, XqVariantGen *g)
{
  int n;

  xq_variant_to_position (st, pos);
  n = xq_position_legal_moves (pos, moves);
  for (int k = 0; k < n; k++)
    if (only_from < 0 || xq_move_from (moves[k]) == only_from)
      xq_variant_push (g, XQ_ACTION_MOVE, xq_move_from (moves[k]), xq_move_to (moves[k]));
  return n;
}

gboolean
xq_variant_xiangqi_in_check (const XqVariantState *st, const XqVariantOptions *opts, XqColor c)
{
  XqPosition pos;

  (void) opts;
  if (xq_variant_find_king (st, c) == XQ_NO_SQUARE)
    return FALSE;
  xq_variant_to_position (st, &pos);
  return xq_position_in_check (&pos, c);
}

XqRefusal
xq_variant_xiangqi_move_refusal (const XqVariantState *st, const XqVariantOptions *opts,
                                 const XqVariantAction *a)
{
  XqPosition pos;

  (void) opts;
  xq_variant_to_position (st, &pos);
  return xq_variant_refuse_full_board (st, a->from, a->to,
                                       xq_position_is_pseudo_legal (&pos, xq_move_make (a->from, a->to)));
}
