/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-variant-anqi.c: full-board 暗棋 (docs/variants.md): all 32 pieces
 * shuffled face down onto the starting points, the first reveal giving the
 * first player's colour; pieces move as in 揭棋 (xq-variant-full.c), the
 * general too is free once face up, there is no check, and the game ends
 * when a general is taken. */
#define G_LOG_DOMAIN "xq-variant"

#include "config.h"

#include "xq-variant-private.h"

static void
anqi_setup (XqVariantState *st, const XqVariantOptions *opts, XqVariantRng *rng)
{
  XqPiece pieces[32];
  int n = 0;

  (void) opts;
  xq_variant_shuffled_sets (pieces, rng);
  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    if (xq_variant_start_type (sq) != XQ_NO_TYPE)
      xq_variant_put_down (st, sq, pieces[n++], xq_sq_rank (sq) < 5 ? XQ_RED : XQ_BLACK, FALSE);
  st->colors_known = FALSE;
}

static void
anqi_actions (const XqVariantState *st, const XqVariantOptions *opts, int only_from, XqVariantGen *g)
{
  int start = g->n, kept = start;

  /* no check rule: the general is simply taken */
  xq_variant_full_moves (st, opts, only_from, FALSE, g);
  /* The first move comes before anyone has a colour (S0 ㈡: the first piece
   * turned up gives the first player's), so there is no enemy piece to take. */
  if (!st->colors_known)
    {
      for (int k = start; k < g->n; k++)
        if (st->cell[g->out[k].to].face == XQ_FACE_EMPTY)
          g->out[kept++] = g->out[k];
      g->n = kept;
    }
}

static XqRefusal
anqi_move_refusal (const XqVariantState *st, const XqVariantOptions *opts, const XqVariantAction *a)
{
  if (!st->colors_known && st->cell[a->to].face != XQ_FACE_EMPTY)
    {
      XqVariantAction moves[XQ_VARIANT_MAX_ACTIONS];
      XqVariantGen g = { moves, 0 };
      xq_variant_full_moves (st, opts, a->from, FALSE, &g);
      for (int k = 0; k < g.n; k++)
        if (moves[k].to == a->to)
          return XQ_REFUSE_FIRST_CAPTURE;
    }
  return xq_variant_full_move_refusal (st, opts, a);
}

static XqVariantReason
anqi_lost (const XqVariantState *st, XqColor c)
{
  return xq_variant_pieces_of (st, c, XQ_KING) == 0 ? XQ_VREASON_GENERAL_CAPTURED : XQ_VREASON_NONE;
}

/* The board is kept with Red's home at ranks 0–4, so when the first player
 * turns out to be Black the whole board turns round. */
static void
rotate_full (XqVariantState *st)
{
  for (int i = 0; i < XQ_SQUARES / 2; i++)
    {
      XqVariantCell t = st->cell[i];
      st->cell[i] = st->cell[89 - i];
      st->cell[89 - i] = t;
    }
  for (int i = 0; i < XQ_SQUARES; i++)
    if (st->cell[i].face == XQ_FACE_DOWN)
      st->cell[i].mover = (gint8) (xq_sq_rank (i) < 5 ? XQ_RED : XQ_BLACK);
}

static void
anqi_played (XqVariantState *st, const XqVariantAction *a, XqColor mover, gboolean colours_found)
{
  (void) a;
  if (colours_found && mover == XQ_BLACK)
    rotate_full (st);
}

const XqVariantRules xq_variant_anqi_rules = {
  .setup             = anqi_setup,
  .actions           = anqi_actions,
  .lost              = anqi_lost,
  .lost_ends_actions = TRUE,
  .played            = anqi_played,
  .move_refusal      = anqi_move_refusal,
};
