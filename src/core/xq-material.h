/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-material.h: piece values and draws by bare material.
 *
 * Two value scales on purpose (rules reference §7): the children's table of
 * seed S3 第六周 (C 4.5 > N 4, R 9) is what lessons teach and what the
 * computer weighs; the 棋例 scale of S0 25.3 (R = 2N = 2C = N + C, N = C,
 * A = B; the general and an uncrossed soldier are not 子力) is what decides
 * whether an attack is a 捉 in a repetition ruling.
 */
#pragma once

#include "xq-position.h"

G_BEGIN_DECLS

/* S3 第六周 棋子價值表, in half points so it stays integral: soldier 2
 * (1 point) before the river and 4 (2 points) after, advisor 4, elephant 4,
 * horse 8, cannon 9 (4.5), chariot 18; the general 0 (it is never traded). */
int      xq_material_teaching_value_x2 (XqPieceType type, gboolean crossed);
/* The same as a double (4.5 for the cannon). */
double   xq_material_teaching_value    (XqPieceType type, gboolean crossed);

/* The 棋例 value (S0 25.3) of the piece standing on sq: R 8, N 4, C 4, A 2,
 * B 2, crossed soldier 2; 0 for the general, an uncrossed soldier and an
 * empty point (not 子力, so they can never be chased). */
int      xq_material_rule_value        (const XqPosition *pos, XqSquare sq);
/* Is the piece on sq 子力 in the sense of 25.3? */
gboolean xq_material_is_rule_material  (const XqPosition *pos, XqSquare sq);

/* Sum of teaching values (half points) of one side, for lessons. */
int      xq_material_side_total_x2     (const XqPosition *pos, XqColor side);

/* Can no sequence of legal moves ever end in a mate or a stalemate (S0 4.2.1)?
 * Deliberately narrow: only material sets proven mate-free are listed (see
 * the comment at the definition). */
gboolean xq_material_is_bare_draw      (const XqPosition *pos);

G_END_DECLS
