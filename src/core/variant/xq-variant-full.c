/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-variant-full.c: the full-board games whose pieces do not move quite as
 * in xiangqi (docs/variants.md): 揭棋 (a face-down piece moves as the piece
 * that starts on its point; revealed pieces leave palace and river behind),
 * full-board 暗棋 (the same, and a free general) and 超然象棋 (the cube's face
 * lends its moves).  Their movement, check and actions are one generator, so
 * the three games share this file. */
#define G_LOG_DOMAIN "xq-variant"

#include "config.h"

#include "xq-variant-private.h"

static gboolean
in_palace (XqColor c, int f, int r)
{
  if (f < 3 || f > 5)
    return FALSE;
  return c == XQ_RED ? r >= 0 && r <= 2 : r >= 7 && r <= 9;
}

static gboolean
full_occupied (const XqVariantState *st, int f, int r)
{
  return st->cell[xq_sq_make (f, r)].face != XQ_FACE_EMPTY;
}

/* Targets of the piece on `from`, played by colour c, into g (as MOVE
 * actions), whoever is to move.  Own pieces are never targets. */
static void
full_gen_piece (const XqVariantState *st, int from, XqColor c, XqVariantGen *g)
{
  XqPieceType t = xq_variant_effective_type (st, from);
  gboolean up = st->cell[from].face == XQ_FACE_UP;
  gboolean free_limits = up && (st->kind == XQ_VARIANT_JIEQI || st->kind == XQ_VARIANT_ANQI);
  XqPieceType power = st->kind == XQ_VARIANT_CUBE ? st->cube_face[c] : XQ_NO_TYPE;
  int f0 = xq_sq_file (from), r0 = xq_sq_rank (from);

#define TRY(f, r) G_STMT_START {                                                \
    int tf_ = (f), tr_ = (r);                                                   \
    if (xq_sq_valid (tf_, tr_) && xq_variant_owner (st, xq_sq_make (tf_, tr_)) != (int) c) \
      xq_variant_push (g, XQ_ACTION_MOVE, from, xq_sq_make (tf_, tr_));                   \
  } G_STMT_END

  switch (t)
    {
    case XQ_KING:
      for (int d = 0; d < 4; d++)
        {
          int f = f0 + xq_variant_dfile[d], r = r0 + xq_variant_drank[d];
          if (st->kind == XQ_VARIANT_ANQI && up ? xq_sq_valid (f, r) : in_palace (c, f, r))
            TRY (f, r);
        }
      break;

    case XQ_ADVISOR:
      for (int df = -1; df <= 1; df += 2)
        for (int dr = -1; dr <= 1; dr += 2)
          {
            int f = f0 + df, r = r0 + dr;
            if (free_limits ? xq_sq_valid (f, r) : in_palace (c, f, r))
              TRY (f, r);
            if (power == XQ_ADVISOR && in_palace (c, f, r) && !full_occupied (st, f, r)
                && in_palace (c, f + df, r + dr))
              TRY (f + df, r + dr);
          }
      break;

    case XQ_ELEPHANT:
      for (int df = -1; df <= 1; df += 2)
        for (int dr = -1; dr <= 1; dr += 2)
          {
            int f = f0 + 2 * df, r = r0 + 2 * dr;
            if (!xq_sq_valid (f, r))
              continue;
            if (!free_limits && xq_sq_crossed (c, xq_sq_make (f, r)))
              continue;
            if (power != XQ_ELEPHANT && full_occupied (st, f0 + df, r0 + dr))
              continue;
            TRY (f, r);
          }
      break;

    case XQ_HORSE:
      for (int d = 0; d < 4; d++)
        {
          int lf = f0 + xq_variant_dfile[d], lr = r0 + xq_variant_drank[d];
          if (!xq_sq_valid (lf, lr))
            continue;
          if (power != XQ_HORSE && full_occupied (st, lf, lr))
            continue;
          for (int s = -1; s <= 1; s += 2)
            {
              /* two steps along d, one step across it */
              int f = f0 + 2 * xq_variant_dfile[d] + s * xq_variant_drank[d];
              int r = r0 + 2 * xq_variant_drank[d] + s * xq_variant_dfile[d];
              TRY (f, r);
            }
        }
      break;

    case XQ_CHARIOT:
    case XQ_CANNON:
      for (int d = 0; d < 4; d++)
        {
          int screens = 0;
          for (int k = 1; k < 10; k++)
            {
              int f = f0 + xq_variant_dfile[d] * k, r = r0 + xq_variant_drank[d] * k;
              if (!xq_sq_valid (f, r))
                break;
              if (!full_occupied (st, f, r))
                {
                  if (screens == 0 || (t == XQ_CANNON && power == XQ_CANNON))
                    TRY (f, r);
                  continue;
                }
              if (t == XQ_CHARIOT)
                {
                  TRY (f, r);
                  break;
                }
              if (screens++ == 1)
                {
                  TRY (f, r);
                  break;
                }
            }
        }
      break;

    case XQ_PAWN:
      {
        int fwd = c == XQ_RED ? 1 : -1;
        TRY (f0, r0 + fwd);
        if (xq_sq_crossed (c, from) || power == XQ_PAWN)
          {
            TRY (f0 - 1, r0);
            TRY (f0 + 1, r0);
          }
      }
      break;

    case XQ_NO_TYPE:
    default:
      break;
    }
#undef TRY
}

static gboolean
full_attacks (const XqVariantState *st, int from, XqColor c, XqSquare target)
{
  XqVariantAction buf[32];
  XqVariantGen g = { buf, 0 };
  full_gen_piece (st, from, c, &g);
  for (int k = 0; k < g.n; k++)
    if (buf[k].to == target)
      return TRUE;
  return FALSE;
}

/* A cheap filter before full_attacks: can the piece on `from` reach
 * `target` at all, board aside? */
static gboolean
may_reach (const XqVariantState *st, int from, XqSquare target)
{
  int df = ABS (xq_sq_file (target) - xq_sq_file (from));
  int dr = ABS (xq_sq_rank (target) - xq_sq_rank (from));

  switch (xq_variant_effective_type (st, from))
    {
    case XQ_CHARIOT:
    case XQ_CANNON:   return df == 0 || dr == 0;
    case XQ_HORSE:    return (df == 1 && dr == 2) || (df == 2 && dr == 1);
    case XQ_ELEPHANT: return df == 2 && dr == 2;
    case XQ_ADVISOR:  return df == dr && df <= 2;
    case XQ_PAWN:
    case XQ_KING:     return df + dr == 1;
    case XQ_NO_TYPE:
    default:          return FALSE;
    }
}

gboolean
xq_variant_full_in_check (const XqVariantState *st, const XqVariantOptions *opts, XqColor c)
{
  XqSquare k = xq_variant_find_king (st, c), ek;
  XqColor e = xq_color_other (c);

  (void) opts;
  if (k == XQ_NO_SQUARE)
    return FALSE;
  ek = xq_variant_find_king (st, e);
  /* Facing generals: in 超然象棋 only a general showing its 帥 face can fly. */
  if (xq_variant_kings_facing (st, k, ek) && (st->kind != XQ_VARIANT_CUBE || st->cube_face[e] == XQ_KING))
    return TRUE;
  for (int i = 0; i < XQ_SQUARES; i++)
    if (xq_variant_owner (st, i) == (int) e && may_reach (st, i, k) && full_attacks (st, i, e, k))
      return TRUE;
  return FALSE;
}

void
xq_variant_full_moves (const XqVariantState *st, const XqVariantOptions *opts, int only_from,
                       gboolean check, XqVariantGen *g)
{
  XqColor me = st->side;

  for (int i = 0; i < XQ_SQUARES; i++)
    {
      int start, n;
      if (xq_variant_owner (st, i) != (int) me || (only_from >= 0 && i != only_from))
        continue;
      start = g->n;
      full_gen_piece (st, i, me, g);
      if (!check)
        continue;
      n = start;
      for (int k = start; k < g->n; k++)
        {
          XqVariantState tmp;
          xq_variant_scratch_move (st, g->out[k].from, g->out[k].to, &tmp);
          if (!xq_variant_full_in_check (&tmp, opts, me))
            g->out[n++] = g->out[k];
        }
      g->n = n;
    }
}

XqRefusal
xq_variant_full_move_refusal (const XqVariantState *st, const XqVariantOptions *opts,
                              const XqVariantAction *a)
{
  XqVariantAction buf[64];
  XqVariantGen g = { buf, 0 };
  gboolean reaches = FALSE;

  (void) opts;
  full_gen_piece (st, a->from, st->side, &g);
  for (int k = 0; k < g.n; k++)
    reaches |= buf[k].to == a->to;
  return xq_variant_refuse_full_board (st, a->from, a->to, reaches);
}
