/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-tactics.h: "win material in N", proved by search (docs/tactics.md).
 *
 * The side to move (the attacker) plays N moves; after each one the
 * defender answers with every legal reply, so the value is what the
 * attacker wins against the best defence, not along a stored line.  After
 * the defender's last reply the captures still hanging in the air are
 * played out (the attacker may only take back on the point where the
 * defender just captured, or answer a check; the defender, once the
 * attacker has moved again, may capture anything; either may stop), so a
 * counter-capture, a check that forks, and a recapture all count.
 *
 * Material is the children's table of xq-material.h, in tenths of a point,
 * counted as it is captured: what the attacker takes less what it loses.
 * A side left without a legal move loses (checkmate or 困斃): a mate of the
 * defender is worth XQ_TACTIC_WIN less the plies it took, a mate of the
 * attacker the negative.  Work is counted in positions entered, so a
 * verdict never depends on the machine's speed.
 */
#pragma once

#include "xq-position.h"

G_BEGIN_DECLS

/* At most this many moves of the attacker. */
#define XQ_TACTIC_MAX_MOVES 3
/* A mate (or 困斃) of the defender; values at or above
 * XQ_TACTIC_WIN - 64 are mates. */
#define XQ_TACTIC_WIN 100000
/* The longest line the search reports: N moves each and the exchange after. */
#define XQ_TACTIC_MAX_LINE (2 * XQ_TACTIC_MAX_MOVES + 12)
/* The work one proof may take, in positions entered (about a second on the
 * development machine at its most expensive). */
#define XQ_TACTIC_BUDGET 3000000

typedef struct {
  int      value;                      /* tenths won, or ±(XQ_TACTIC_WIN - plies) */
  XqMove   line[XQ_TACTIC_MAX_LINE];   /* the best play of both sides */
  int      n_line;
  gboolean complete;                   /* FALSE: the budget ran out, value unknown */
  guint64  work;                       /* positions entered */
} XqTactic;

/* Is value a mate (of either side)? */
static inline gboolean
xq_tactic_is_mate (int value)
{
  return value >= XQ_TACTIC_WIN - 64 || value <= -(XQ_TACTIC_WIN - 64);
}

/* The most the side to move wins in n moves (1..XQ_TACTIC_MAX_MOVES)
 * against every defence, and the line.  FALSE when the budget ran out. */
gboolean xq_tactic_solve      (const XqPosition *pos, int n, guint64 budget, XqTactic *out);
/* The same when the first move is m (a legal move of the side to move):
 * the line starts with m. */
gboolean xq_tactic_solve_move (const XqPosition *pos, XqMove m, int n, guint64 budget, XqTactic *out);
/* Does m (legal) win at least `gain` tenths in n moves against every
 * defence?  *complete is FALSE when the budget ran out (the answer is then
 * FALSE).  Cheaper than solving: it stops at the first refutation. */
gboolean xq_tactic_move_wins  (const XqPosition *pos, XqMove m, int n, int gain, guint64 budget,
                               gboolean *complete);
/* The first moves that win at least `gain` in n moves, into out
 * (XQ_MAX_MOVES); returns how many, or -1 when the budget ran out. */
int      xq_tactic_keys       (const XqPosition *pos, int n, int gain, guint64 budget, XqMove *out);

/* "Check in n" (docs/tactics.md): the side to move forces a check when
 * one of its legal moves gives check, or (n > 1) some move leaves every
 * legal reply of the defender in a position where it again forces a check
 * within n - 1 moves (a defender left without a reply has lost: that
 * counts).  The first moves that force a check within n moves (1..
 * XQ_TACTIC_MAX_MOVES) go into out (XQ_MAX_MOVES); returns how many, or -1
 * when the budget (positions entered) ran out. */
int      xq_tactic_check_keys (const XqPosition *pos, int n, guint64 budget, XqMove *out);
/* After the legal first move m, with n counting m: the defender's most
 * stubborn reply (*reply, the one after which the attacker has the fewest
 * ways on; a reply that escapes when m does not force a check) and the
 * attacker's move after it (*next: a check when n is 2 and there is one,
 * else a first move of the rest; XQ_MOVE_NONE when there is none).
 * Returns whether m forces a check within n moves; *complete is FALSE when
 * the budget ran out.  *reply is XQ_MOVE_NONE when m gives check itself or
 * leaves the defender no move. */
gboolean xq_tactic_check_line (const XqPosition *pos, XqMove m, int n, guint64 budget,
                               XqMove *reply, XqMove *next, gboolean *complete);

G_END_DECLS
