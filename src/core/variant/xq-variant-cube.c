/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-variant-cube.c: 超然象棋 (docs/variants.md): xiangqi whose general is a
 * cube; a turn may instead turn one's own cube a quarter turn (not twice in
 * a row), and the face on top lends the general's side its moves (the
 * movement is xq-variant-full.c's). */
#define G_LOG_DOMAIN "xq-variant"

#include "config.h"

#include "xq-variant-private.h"

XqPieceType
xq_variant_cube_opposite (XqPieceType face)
{
  switch (face)
    {
    case XQ_KING:     return XQ_PAWN;
    case XQ_PAWN:     return XQ_KING;
    case XQ_HORSE:    return XQ_ELEPHANT;
    case XQ_ELEPHANT: return XQ_HORSE;
    case XQ_CANNON:   return XQ_ADVISOR;
    case XQ_ADVISOR:  return XQ_CANNON;
    case XQ_CHARIOT:  /* not one of the cube's six faces */
    case XQ_NO_TYPE:
    default:          return XQ_NO_TYPE;
    }
}

static void
cube_setup (XqVariantState *st, const XqVariantOptions *opts, XqVariantRng *rng)
{
  (void) opts;
  (void) rng;
  xq_variant_put_start (st, 0);
}

/* The moves, then the quarter turns that do not leave the general in check. */
static void
cube_actions (const XqVariantState *st, const XqVariantOptions *opts, int only_from, XqVariantGen *g)
{
  XqColor me = st->side;

  xq_variant_full_moves (st, opts, only_from, TRUE, g);
  if (!st->cube_turned[me] && only_from < 0)
    for (int t = XQ_KING; t <= XQ_PAWN; t++)
      {
        XqVariantState tmp;
        if (t == XQ_CHARIOT || t == (int) st->cube_face[me] || t == (int) xq_variant_cube_opposite (st->cube_face[me]))
          continue;
        tmp = *st;
        tmp.cube_face[me] = (XqPieceType) t;
        if (!xq_variant_full_in_check (&tmp, opts, me))
          {
            xq_variant_push (g, XQ_ACTION_CUBE, -1, -1);
            g->out[g->n - 1].type = (guint8) t;
          }
      }
}

/* A side may not turn its cube on two turns in a row. */
static void
cube_played (XqVariantState *st, const XqVariantAction *a, XqColor mover, gboolean colours_found)
{
  (void) colours_found;
  st->cube_turned[mover] = a->kind == XQ_ACTION_CUBE;
}

static XqRefusal
cube_turn_refusal (const XqVariantState *st, const XqVariantOptions *opts, const XqVariantAction *a)
{
  XqColor me = st->side;

  (void) opts;
  if (st->cube_turned[me])
    return XQ_REFUSE_CUBE_TWICE;
  if (a->type == st->cube_face[me] || a->type == xq_variant_cube_opposite (st->cube_face[me])
      || a->type < XQ_KING || a->type > XQ_PAWN)
    return XQ_REFUSE_CUBE_FACE;
  return XQ_REFUSE_IN_CHECK;
}

const XqVariantRules xq_variant_cube_rules = {
  .special         = 1u << XQ_ACTION_CUBE,
  .setup           = cube_setup,
  .actions         = cube_actions,
  .in_check        = xq_variant_full_in_check,
  .played          = cube_played,
  .move_refusal    = xq_variant_full_move_refusal,
  .special_refusal = cube_turn_refusal,
};
