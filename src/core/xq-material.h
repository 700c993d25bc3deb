/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-material.h: piece values and draws by bare material.
 *
 * Two value scales on purpose (docs/piece-values.md): the children's table
 * (soldier 1, 2 once across the river, advisor 2, elephant 2, horse 4,
 * cannon 4.5, chariot 9) is what lessons teach, what the computer weighs
 * and what orders the solver's captures; the repetition rules' scale
 * (chariot = two horses = two cannons = horse + cannon, horse = cannon,
 * advisor = elephant; the general and an uncrossed soldier are not
 * material) is what decides whether an attack is a chase in a repetition
 * ruling.
 */
#pragma once

#include "xq-position.h"

G_BEGIN_DECLS

/* The children's table counts in tenths of a point, so the cannon's 4.5
 * stays a whole number: a soldier before the river is XQ_VALUE_POINT. */
#define XQ_VALUE_POINT 10

/* The children's value of a piece type (crossed: a soldier that has
 * crossed the river).  The general is 0: it is never traded.  Inline
 * because the engine's evaluation and the solver's move ordering read it
 * in their inner loops; this is the only copy of the table. */
static inline int
xq_material_type_value (XqPieceType type, gboolean crossed)
{
  switch (type)
    {
    case XQ_PAWN:     return crossed ? 2 * XQ_VALUE_POINT : XQ_VALUE_POINT;
    case XQ_ADVISOR:  return 2 * XQ_VALUE_POINT;
    case XQ_ELEPHANT: return 2 * XQ_VALUE_POINT;
    case XQ_HORSE:    return 4 * XQ_VALUE_POINT;
    case XQ_CANNON:   return 9 * XQ_VALUE_POINT / 2;
    case XQ_CHARIOT:  return 9 * XQ_VALUE_POINT;
    case XQ_KING:
    case XQ_NO_TYPE:
    default:          return 0;
    }
}

/* The children's value of `piece` standing on sq (0 for an empty point). */
int      xq_material_value             (XqPiece piece, XqSquare sq);
/* The sum of the children's values of one side's pieces. */
int      xq_material_side_total        (const XqPosition *pos, XqColor side);

/* The repetition rules' value (docs/piece-values.md) of the piece standing
 * on sq: chariot 8, horse 4, cannon 4, advisor 2, elephant 2, crossed
 * soldier 2; 0 for the general, an uncrossed soldier and an empty point
 * (not material, so they can never be chased). */
int      xq_material_rule_value        (const XqPosition *pos, XqSquare sq);
/* Is the piece on sq material in the sense of the repetition rules? */
gboolean xq_material_is_rule_material  (const XqPosition *pos, XqSquare sq);

/* Can no sequence of legal moves ever end in a mate or a stalemate
 * (docs/bare-material.md)?  Deliberately narrow: only material sets proven
 * mate-free are listed (see the comment at the definition). */
gboolean xq_material_is_bare_draw      (const XqPosition *pos);

G_END_DECLS
