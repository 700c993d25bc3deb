/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-solver-private.h: what the exact search (xq-solver.c) and the
 * proof-number search (xq-solver-pn.c) share: the solver's state, its
 * transposition table and its budget.  Not for use outside src/core. */
#pragma once

#include <time.h>

#include "xq-material.h"
#include "xq-solver.h"

G_BEGIN_DECLS

#define TT_BITS   21
#define TT_SIZE   (1u << TT_BITS)
#define UNKNOWN_WIN   127
#define UNKNOWN_NOWIN (-1)
#define MAX_PLY   (2 * XQ_SOLVER_MAX_DEPTH + 4)

/* Mixed into every key while Black attacks, so one table never confuses
 * "Red to move and attacking" with "Red to move and defending". */
#define BLACK_ATTACKS_SALT G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)

/* An entry counts only while its generation is the solver's: clearing is
 * one increment (and a memset when the counter wraps), so a caller that
 * wants every proof to start from nothing, and so to cost the same work
 * whatever was asked before, pays nothing for it. */
typedef struct {
  guint64 key;
  gint8   win;     /* smallest n proven to win, UNKNOWN_WIN if none */
  gint8   nowin;   /* largest n proven not to win, UNKNOWN_NOWIN if none */
  XqMove  best;    /* the winning move, or the defender's refutation */
  guint8  gen;     /* 0: never used */
} TTEntry;

struct _XqSolver {
  TTEntry *tt;
  guint64  salt;
  guint64  nodes;
  guint64  limit;
  guint64  work;        /* work units spent by the current call (see charge ()) */
  guint64  work_limit;  /* 0: none */
  guint64  pn_work;     /* of `work`, spent in the proof-number search */
  gboolean in_line;     /* inside xq_solver_main_line: one budget for the whole line */
  gboolean aborted;
  guint8   gen;         /* the generation of the live entries, never 0 */
  XqMove   killer[MAX_PLY];
  /* How often each defender move (piece, destination) refuted an attack
   * lately, weighted by depth: the order of the defender's replies. */
  guint32  history[16][XQ_SQUARES];
  /* The time limit: CPU seconds of this thread per call, 0 for none.  The
   * clock is read only every CLOCK_EVERY work units (a few milliseconds). */
  double   time_limit;
  double   started;     /* thread CPU time when the call began */
  guint64  next_clock;  /* the work count at which the clock is read next */
  gint     cancelled;   /* set by xq_solver_cancel () from any thread */
  gboolean timed_out;   /* the last call stopped on its time limit */
  gboolean proof_numbers; /* xq_solver_solve by the proof-number search */
  /* The proof-number search (xq-solver-pn.c), created on first use. */
  struct _XqPn *pn;
};

#define CLOCK_EVERY G_GUINT64_CONSTANT (200000)

double   xq_solver_cpu_now   (void);
gboolean xq_solver_check_clock (XqSolver *s);

/* Work units of the budget, measured against the CPU time of sparse and crowded searches. */
#define NODE_COST 40
/* A generator or leaf test walks all 90 points to find the mover's pieces. */
#define SCAN_COST 8

/* Charges work where it is spent: the node limit alone does not bound the
 * time, because one node of attack() may test each of its forty-odd moves.
 * A unit is roughly one move produced or one legality or leaf test; the
 * budget is counted, not timed, so a verdict is the same on a loaded
 * machine as on an idle one. */
static inline gboolean
charge (XqSolver *s, guint64 units)
{
  s->work += units;
  if (s->work_limit != 0 && s->work > s->work_limit)
    s->aborted = TRUE;
  if (s->work >= s->next_clock)
    xq_solver_check_clock (s);
  return !s->aborted;
}

static inline gboolean
count_node (XqSolver *s)
{
  s->nodes++;
  if (s->limit != 0 && s->nodes > s->limit)
    s->aborted = TRUE;
  /* Entering a node: a table probe and a store, usually cache misses, and
   * bookkeeping; in sparse endings this, not move generation, is the cost. */
  return charge (s, NODE_COST);
}

/* Captures are ordered by the children's table (xq-material.h) in whole
 * points, the cannon's 4.5 rounded up: soldier 1, advisor and elephant 2,
 * horse 4, cannon 5, chariot 9.  Whole points keep the ordering, and so the
 * work every proof costs, what it was when the budget was calibrated. */
static inline int
order_value_of (XqPieceType type)
{
  return (xq_material_type_value (type, FALSE) + XQ_VALUE_POINT / 2) / XQ_VALUE_POINT;
}

/* Shared with the proof-number search (xq-solver.c). */
gboolean       xq_solver_win_in_one  (XqSolver *s, XqPosition *pos);
void           xq_solver_store_win   (XqSolver *s, const XqPosition *pos, int n, XqMove best);
void           xq_solver_store_nowin (XqSolver *s, const XqPosition *pos, int n, XqMove best);
const TTEntry *xq_solver_probe       (const XqSolver *s, guint64 salted_key);

/* The proof-number search (xq-solver-pn.c). */
struct _XqPn;
void           xq_solver_pn_free     (struct _XqPn *pn);
/* Decides, over all moves, whether the attacker forces a win within d of
 * its moves (d >= 1): from pos with the attacker to move when
 * attacker_to_move, else with the defender to move and d attacker moves
 * after its reply.  1: proved, and *win (when not NULL) gets the number of
 * attacker moves the proof needs (at most d); 0: proved that there is no
 * such win; -1: the solver's budget ran out or the call was cancelled.
 * Everything proved or disproved goes into the solver's exact table. */
int            xq_solver_pn_search   (XqSolver *s, XqPosition *pos, int d,
                                      gboolean attacker_to_move, int *win);

G_END_DECLS
