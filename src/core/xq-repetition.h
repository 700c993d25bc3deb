/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-repetition.h: 棋例 — classifying the moves of a repeated cycle and
 * ruling on it (the competition rules' 第24–29條; docs/rulings.md has the
 * decisions this program makes where they leave room).
 *
 * Each move of each side in the cycle is 將 (check), 殺 (mate threat),
 * 捉 (chase) or 閑 (idle), the heaviest effect winning (27.4).  A chase
 * attacks a piece of material value (25.3) that was not attacked before
 * the move (29.2), by a capture or after a forced check (29.1), that is not
 * really protected (28.16: the exchange on its point is played out with
 * legal moves only, so pinned defenders, defenders that would expose their
 * general and hidden roots behind the capturer are all accounted for), and
 * whose capture does not get the capturer mated at once (29.4).  Captures
 * by the general (27.1) and by soldiers (27.2) are idle, except that
 * soldiers count when both sides attack perpetually; an attack on a piece of
 * the same kind that can hit back is an exchange offer (28.5).
 */
#pragma once

#include "xq-game.h"

G_BEGIN_DECLS

typedef enum {
  XQ_MOVE_CLASS_IDLE,   /* 閑 */
  XQ_MOVE_CLASS_CHASE,  /* 捉 */
  XQ_MOVE_CLASS_KILL,   /* 殺 */
  XQ_MOVE_CLASS_CHECK,  /* 將 */
} XqMoveClass;

/* The verdict on one cycle. */
typedef struct {
  XqWinner winner;          /* DRAW, or the side that wins */
  XqReason reason;          /* REPETITION (draw) or what the loser did */
  XqReason side_kind[2];    /* per colour: NONE if allowed, else PERPETUAL_CHECK/CHASE/MATE_THREAT/MIXED */
  XqChase  chase;           /* reason PERPETUAL_CHASE: what the loser chased, else all XQ_NO_TYPE */
} XqCycleRuling;

/* Classifies the move m of the side to move in `before` (which is restored).
 * If chased is not NULL it receives, per point of the position after the
 * move, whether the piece there is newly chased.  pawns_chase counts
 * soldier attacks (27.2's mutual-attack exception). */
XqMoveClass  xq_repetition_classify_move (XqPosition  *before,
                                          XqMove       m,
                                          XqRuleSet    rules,
                                          gboolean     pawns_chase,
                                          gboolean     chased[XQ_SQUARES]);

/* Rules on the cycle of n moves played from `first` (normally from the first
 * occurrence of the repeated position to its latest).  With
 * XQ_RULES_CHINA all of 第26條 applies; with XQ_RULES_AXF a forbidden cycle is
 * a chase of one same piece on every move, the rest being allowed. */
void         xq_repetition_judge         (const XqPosition *first,
                                          const XqMove     *moves,
                                          int               n,
                                          XqRuleSet         rules,
                                          XqCycleRuling    *out);

const char  *xq_move_class_to_code       (XqMoveClass klass);

G_END_DECLS
