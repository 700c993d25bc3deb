/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-variant-half.c: the half board of 翻翻棋 and 落棋 (docs/variants.md):
 * how a face-up piece moves and what it may capture there, why a move is
 * refused, and when a side has lost.  落棋 borrows all of it ("移動、吃法、
 * 勝利方式略同於暗棋"), so both games share this file. */
#define G_LOG_DOMAIN "xq-variant"

#include "config.h"

#include "xq-variant-private.h"

int
xq_variant_banqi_rank (const XqVariantOptions *opts, XqPieceType t)
{
  /* index by type: K A B N R C P */
  static const int advisor_high[XQ_N_TYPES] = { 0, 7, 6, 5, 3, 4, 2, 1 };
  static const int chariot_high[XQ_N_TYPES] = { 0, 7, 3, 2, 5, 6, 4, 1 };
  return opts->banqi_order == XQ_BANQI_ORDER_CHARIOT_HIGH ? chariot_high[t] : advisor_high[t];
}

static gboolean
half_can_take (const XqVariantOptions *opts, XqPieceType a, XqPieceType b)
{
  if (a == XQ_KING && b == XQ_PAWN)
    return FALSE;
  if (a == XQ_PAWN && b == XQ_KING)
    return TRUE;
  return xq_variant_banqi_rank (opts, a) >= xq_variant_banqi_rank (opts, b);
}

static gboolean
half_enemy_up (const XqVariantState *st, int i, XqColor me)
{
  return st->cell[i].face == XQ_FACE_UP && xq_piece_color (st->cell[i].piece) != me;
}

static void
half_gen_piece (const XqVariantState *st, const XqVariantOptions *opts, int from, XqVariantGen *g)
{
  XqPiece p = st->cell[from].piece;
  XqColor me = xq_piece_color (p);
  XqPieceType t = xq_piece_type (p);
  int f0 = from % 8, r0 = from / 8;
  gboolean cannon_jumps = t == XQ_CANNON && !opts->all_one_step;
  gboolean slides = !opts->all_one_step
                    && ((t == XQ_CHARIOT && opts->slide_chariot) || (t == XQ_CANNON && opts->slide_cannon));

  for (int d = 0; d < 4; d++)
    {
      int screens = 0;
      for (int k = 1; k < 8; k++)
        {
          int f = f0 + xq_variant_dfile[d] * k, r = r0 + xq_variant_drank[d] * k, i;
          if (f < 0 || f >= 8 || r < 0 || r >= 4)
            break;
          i = r * 8 + f;
          if (screens == 0)
            {
              if (st->cell[i].face == XQ_FACE_EMPTY)
                {
                  if (k == 1 || slides)
                    xq_variant_push (g, XQ_ACTION_MOVE, from, i);
                  if (!slides && !cannon_jumps)
                    break;
                  continue;
                }
              /* The first piece on the line. */
              if (!cannon_jumps && (k == 1 || slides) && half_enemy_up (st, i, me)
                  && half_can_take (opts, t, xq_piece_type (st->cell[i].piece)))
                xq_variant_push (g, XQ_ACTION_MOVE, from, i);
              if (!cannon_jumps)
                break;
              screens = 1;
            }
          else if (st->cell[i].face != XQ_FACE_EMPTY)
            {
              if (half_enemy_up (st, i, me))
                xq_variant_push (g, XQ_ACTION_MOVE, from, i);
              break;
            }
        }
    }
}

void
xq_variant_half_actions (const XqVariantState *st, const XqVariantOptions *opts, int only_from,
                         gboolean flips, XqVariantGen *g)
{
  for (int i = 0; i < 32; i++)
    {
      if (only_from >= 0 && i != only_from)
        continue;
      if (st->cell[i].face == XQ_FACE_DOWN && flips)
        xq_variant_push (g, XQ_ACTION_FLIP, i, i);
      else if (st->colors_known && st->cell[i].face == XQ_FACE_UP
               && xq_piece_color (st->cell[i].piece) == st->side)
        half_gen_piece (st, opts, i, g);
    }
}

/* What stops a move on the half board that its geometry would allow. */
XqRefusal
xq_variant_half_move_refusal (const XqVariantState *st, const XqVariantOptions *opts, const XqVariantAction *a)
{
  XqPieceType t = xq_piece_type (st->cell[a->from].piece);
  const XqVariantCell *target = &st->cell[a->to];
  int df = a->to % 8 - a->from % 8, dr = a->to / 8 - a->from / 8;
  gboolean line = (df == 0) != (dr == 0);
  int dist = ABS (df) + ABS (dr), between = 0;

  if (!line)
    return XQ_REFUSE_BAD_MOVE;
  for (int k = 1; k < dist; k++)
    {
      int i = a->from + (df ? (df > 0 ? k : -k) : (dr > 0 ? 8 * k : -8 * k));
      if (st->cell[i].face != XQ_FACE_EMPTY)
        between++;
    }
  if (target->face == XQ_FACE_DOWN)
    return XQ_REFUSE_CAPTURE_HIDDEN;
  if (target->face == XQ_FACE_UP && t == XQ_CANNON && !opts->all_one_step)
    return between == 1 ? XQ_REFUSE_BAD_MOVE : XQ_REFUSE_CANNON_SCREEN;
  if (dist > 1 && !(opts->slide_chariot && t == XQ_CHARIOT) && !(opts->slide_cannon && t == XQ_CANNON && target->face == XQ_FACE_EMPTY))
    return XQ_REFUSE_BAD_MOVE;
  if (opts->all_one_step && dist > 1)
    return XQ_REFUSE_BAD_MOVE;
  if (between > 0)
    return XQ_REFUSE_BAD_MOVE;
  if (target->face == XQ_FACE_UP)
    {
      XqPieceType v = xq_piece_type (target->piece);
      if (t == XQ_KING && v == XQ_PAWN)
        return XQ_REFUSE_GENERAL_SOLDIER;
      if (!half_can_take (opts, t, v))
        return XQ_REFUSE_TOO_SMALL;
    }
  return XQ_REFUSE_BAD_MOVE;
}

XqVariantReason
xq_variant_half_lost (const XqVariantState *st, XqColor c)
{
  return xq_variant_pieces_of (st, c, XQ_NO_TYPE) == 0 ? XQ_VREASON_ALL_CAPTURED : XQ_VREASON_NONE;
}
