/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-material"

#include "config.h"

#include "xq-material.h"

int
xq_material_value (XqPiece piece, XqSquare sq)
{
  g_return_val_if_fail (sq >= 0 && sq < XQ_SQUARES, 0);
  return xq_material_type_value (xq_piece_type (piece), xq_sq_crossed (xq_piece_color (piece), sq));
}

int
xq_material_rule_value (const XqPosition *pos, XqSquare sq)
{
  XqPiece p;

  g_return_val_if_fail (pos != NULL, 0);
  g_return_val_if_fail (sq >= 0 && sq < XQ_SQUARES, 0);

  p = pos->board[sq];
  switch (xq_piece_type (p))
    {
    case XQ_CHARIOT:  return 8;
    case XQ_HORSE:    return 4;
    case XQ_CANNON:   return 4;
    case XQ_ADVISOR:  return 2;
    case XQ_ELEPHANT: return 2;
    /* The rules let a crossed soldier's value float; 2 (= an advisor) keeps
     * "one soldier for several pieces" from ever looking like a gain. */
    case XQ_PAWN:     return xq_sq_crossed (xq_piece_color (p), sq) ? 2 : 0;
    case XQ_KING:
    case XQ_NO_TYPE:
    default:          return 0;
    }
}

gboolean
xq_material_is_rule_material (const XqPosition *pos, XqSquare sq)
{
  return xq_material_rule_value (pos, sq) > 0;
}

int
xq_material_side_total (const XqPosition *pos, XqColor side)
{
  int total = 0;

  g_return_val_if_fail (pos != NULL, 0);
  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    {
      XqPiece p = pos->board[sq];
      if (p != XQ_EMPTY && xq_piece_color (p) == side)
        total += xq_material_value (p, sq);
    }
  return total;
}

static int
count_type (const XqPosition *pos, XqPieceType type)
{
  return pos->count[xq_piece_make (XQ_RED, type)] + pos->count[xq_piece_make (XQ_BLACK, type)];
}

/* A soldier on the enemy's back rank (底兵, "old soldier"): from there it
 * can only step sideways along that rank for the rest of the game. */
static gboolean
is_back_rank_soldier (XqPiece p, XqSquare sq)
{
  return xq_piece_type (p) == XQ_PAWN
         && xq_sq_rank (sq) == (xq_piece_color (p) == XQ_RED ? XQ_RANKS - 1 : 0);
}

/* The material sets treated as drawn at once (docs/bare-material.md has the
 * rule, the proof method and the numbers).  In xiangqi a side also loses
 * when it cannot move (困斃), so "nobody can win" means "no reachable
 * position leaves the side to move without a legal move".  Captures only
 * shrink a set, and every family below is closed under removing pieces, so
 * it is enough that no *placement* of a set has a side to move without a
 * move; that was checked by enumerating every legal placement (either side
 * to move, generals not facing, the side not to move not in check) with
 * this core's own move generator.
 *
 * 1. Only generals, advisors and elephants (any numbers, 81 sets).  Nothing
 *    can ever cross the river, and a general always keeps a move.
 * 2. One single cannon and no chariot, horse or soldier, where the cannon
 *    side has no advisor and either
 *      - the cannon side has no elephant and the defender at most one
 *        advisor (elephants free), or
 *      - the defender has no advisor (elephants on both sides free).
 *    A cannon needs a screen, and these sets never give it one that closes
 *    the last flight point of the general.
 * 3. Set 1 plus, for either side or both, one soldier on the enemy's back
 *    rank, where a side facing such a soldier has at most one advisor.  The
 *    soldier can only check along the back rank, and neither it nor its
 *    general can ever cover the general's step forward.  With two advisors
 *    the defender can stalemate itself: 3ak1P2/4a4/9/9/9/9/9/9/9/4K4 b has
 *    no legal move, so that set plays on.
 *
 * Sets that look as dead but are not, and so are left to play on (or to the
 * natural limit): the same enumeration finds mates or stalemates for K+C+A
 * against a bare K (36 placements, e.g. 3k5/9/9/9/9/9/9/3A5/9/3CK4 b), K+C
 * against K+2A (228), K+C+B against K+A (12), a back-rank soldier against
 * K+2A (above), and any horse, chariot or soldier that has not reached the
 * back rank can mate with help.  Theoretical draws such as a lone chariot
 * against a full set of defenders are an arbiter's judgement and are not
 * declared here. */
gboolean
xq_material_is_bare_draw (const XqPosition *pos)
{
  int heavy, cannons;
  int back_rank[2] = { 0, 0 };

  g_return_val_if_fail (pos != NULL, FALSE);

  heavy = count_type (pos, XQ_CHARIOT) + count_type (pos, XQ_HORSE);
  if (count_type (pos, XQ_PAWN) > 0)
    for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
      {
        XqPiece p = pos->board[sq];

        if (xq_piece_type (p) != XQ_PAWN)
          continue;
        if (is_back_rank_soldier (p, sq))
          back_rank[xq_piece_color (p)]++;
        else
          heavy++;
      }
  cannons = count_type (pos, XQ_CANNON);
  if (heavy != 0 || cannons > 1)
    return FALSE;

  if (back_rank[XQ_RED] + back_rank[XQ_BLACK] > 0)
    {
      /* Set 3: no cannon, at most one back-rank soldier a side, and at most
       * one advisor for a side that faces one. */
      if (cannons > 0)
        return FALSE;
      for (int c = XQ_RED; c <= XQ_BLACK; c++)
        {
          XqColor them = xq_color_other ((XqColor) c);

          if (back_rank[c] > 1)
            return FALSE;
          if (back_rank[c] == 1 && pos->count[xq_piece_make (them, XQ_ADVISOR)] > 1)
            return FALSE;
        }
      return TRUE;
    }
  if (cannons == 0)
    return TRUE;

  {
    XqColor us = pos->count[xq_piece_make (XQ_RED, XQ_CANNON)] ? XQ_RED : XQ_BLACK;
    XqColor them = xq_color_other (us);
    int our_advisors = pos->count[xq_piece_make (us, XQ_ADVISOR)];
    int our_elephants = pos->count[xq_piece_make (us, XQ_ELEPHANT)];
    int their_advisors = pos->count[xq_piece_make (them, XQ_ADVISOR)];

    if (our_advisors > 0)
      return FALSE;
    if (their_advisors == 0)
      return TRUE;
    return our_elephants == 0 && their_advisors <= 1;
  }
}
