/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-material"

#include "config.h"

#include "xq-material.h"

int
xq_material_teaching_value_x2 (XqPieceType type, gboolean crossed)
{
  switch (type)
    {
    case XQ_PAWN:     return crossed ? 4 : 2;
    case XQ_ADVISOR:  return 4;
    case XQ_ELEPHANT: return 4;
    case XQ_HORSE:    return 8;
    case XQ_CANNON:   return 9;
    case XQ_CHARIOT:  return 18;
    case XQ_KING:
    case XQ_NO_TYPE:
    default:          return 0;
    }
}

double
xq_material_teaching_value (XqPieceType type, gboolean crossed)
{
  return xq_material_teaching_value_x2 (type, crossed) / 2.0;
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
    /* 25.3 lets a crossed soldier's value float; 2 (= an advisor) keeps
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
xq_material_side_total_x2 (const XqPosition *pos, XqColor side)
{
  int total = 0;

  g_return_val_if_fail (pos != NULL, 0);
  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    {
      XqPiece p = pos->board[sq];
      if (p != XQ_EMPTY && xq_piece_color (p) == side)
        total += xq_material_teaching_value_x2 (xq_piece_type (p), xq_sq_crossed (side, sq));
    }
  return total;
}

static int
count_type (const XqPosition *pos, XqPieceType type)
{
  return pos->count[xq_piece_make (XQ_RED, type)] + pos->count[xq_piece_make (XQ_BLACK, type)];
}

/* The material sets treated as drawn at once (S0 4.2.1, rules reference §10).
 * In xiangqi a side also loses when it cannot move (困斃), so "nobody can
 * win" means "no reachable position leaves the side to move without a legal
 * move".  Captures only shrink a set, and every set below is closed under
 * removing pieces, so it is enough that no *placement* of the set has a
 * side to move without a move.  That was checked by enumerating every legal
 * placement (both sides to move, kings not facing, the side not to move not
 * in check) of each set with this core's own move generator during
 * development; the counts of placements without a legal move were 0 for
 * every set listed, e.g. K+2A+2B against K+2A+2B: 3 361 500 placements.
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
 *
 * Sets that look as dead but are not, and so are left to play on (or to the
 * natural limit): the same enumeration finds mates or stalemates for K+C+A
 * against a bare K (36 placements, e.g. 3k5/9/9/9/9/9/9/3A5/9/3CK4 b), K+C
 * against K+2A (228), K+C+B against K+A (12), and any horse, chariot or
 * soldier can mate with help.  Theoretical draws such as a lone chariot
 * against a full set of defenders are an arbiter's judgement and are not
 * declared here. */
gboolean
xq_material_is_bare_draw (const XqPosition *pos)
{
  int heavy, cannons;

  g_return_val_if_fail (pos != NULL, FALSE);

  heavy = count_type (pos, XQ_CHARIOT) + count_type (pos, XQ_HORSE) + count_type (pos, XQ_PAWN);
  cannons = count_type (pos, XQ_CANNON);
  if (heavy != 0 || cannons > 1)
    return FALSE;
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
