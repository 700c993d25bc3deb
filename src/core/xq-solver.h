/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-solver.h: the exact mate solver behind puzzles and the puzzle drill.
 *
 * "Mate in N" counts the attacker's moves.  The win is checkmate or
 * stalemate (困斃) of the defender: in xiangqi the side that cannot move
 * loses.  Every answer is proven by exhaustive search (all attacker moves,
 * quiet ones included, against all defender replies); nothing is guessed.
 * A work budget (and optionally a node limit) can stop a search early, and
 * then the answer says so (XQ_SOLVE_ABORTED: "too deep to prove here")
 * instead of guessing.  A solver is not thread-safe: use one per thread
 * (a UI runs it in a worker thread; it is quick enough for one puzzle).
 */
#pragma once

#include "xq-position.h"

G_BEGIN_DECLS

/* Longest mate a lesson, a puzzle or an import asks about. */
#define XQ_SOLVER_MAX_MATE 15
/* Longest mate the solver accepts at all (`xqtool solve --max`). */
#define XQ_SOLVER_MAX_DEPTH 25

typedef enum {
  XQ_SOLVE_NONE,     /* proven: no forced win within the limit */
  XQ_SOLVE_MATE,     /* proven forced win */
  XQ_SOLVE_ABORTED,  /* the work budget or node limit ran out: nothing proven */
} XqSolveResult;

/* The work budget every new solver starts with, in work units (one unit is
 * about one legal move produced or one leaf test; docs/lesson-format.md).
 * Calibrated to about two seconds of CPU time on the development machine
 * (a crowded proof runs at 130-220 million units a second), enough for
 * the game-like mates of tools/game-mates.fen (docs/solver.md).  Counted,
 * not timed: the verdict does not depend on machine load.  The time limit
 * below is the second bound, for a slower machine. */
#define XQ_SOLVER_BUDGET G_GUINT64_CONSTANT (256000000)

/* The CPU time every new solver may spend per call, in seconds of its own
 * thread: whatever the work budget, no question takes longer than this. */
#define XQ_SOLVER_TIME_LIMIT 2.0

typedef struct {
  int     mate;                 /* minimal N, 0 when there is none */
  int     n_keys;               /* every first move that wins in exactly N */
  XqMove  keys[XQ_MAX_MOVES];   /* in ICCS order */
  guint64 nodes;                /* positions visited by this call */
  guint64 work;                 /* work units spent by this call */
  /* Where the work went (docs/solver.md, "Where the time goes"): the
   * proof-number search's share of `work`, and, in the distance mode
   * only, the share spent proving that no shorter win exists (every
   * iteration below the distance; all of them when there is no mate).
   * The rest of the distance mode's work proved the distance itself. */
  guint64 work_proof_numbers;
  guint64 work_shorter;
} XqSolution;

typedef struct _XqSolver XqSolver;

/* A solver owns its transposition table (32 MiB); reuse one for the
 * questions of a single puzzle so later answers are nearly free. */
XqSolver     *xq_solver_new            (void);
void          xq_solver_free           (XqSolver *solver);
/* 0 = no limit (the default).  The limit applies to each call. */
void          xq_solver_set_node_limit (XqSolver *solver, guint64 nodes);
/* Work units each call may spend (XQ_SOLVER_BUDGET by default; 0 = no
 * limit, for offline tools only).  xq_solver_main_line counts its whole
 * line as one call. */
void          xq_solver_set_work_limit (XqSolver *solver, guint64 units);
/* CPU seconds of the calling thread each call may spend
 * (XQ_SOLVER_TIME_LIMIT by default; 0 = no limit).  A call that runs out
 * answers XQ_SOLVE_ABORTED, like one out of work units. */
void          xq_solver_set_time_limit (XqSolver *solver, double seconds);
/* Did the last call stop on its time limit (rather than its work budget)? */
gboolean      xq_solver_timed_out      (const XqSolver *solver);
/* Whether xq_solver_solve answers questions of two moves or more with
 * the proof-number search over all moves (xq-solver-pn.c) instead of the
 * exact search's iterative deepening (off by default: on the game-like
 * mates of docs/solver.md it is the slower of the two).  The answers are
 * the same either way. */
void          xq_solver_set_proof_numbers (XqSolver *solver, gboolean enabled);
/* Stops the call under way (from any thread) within a few milliseconds:
 * it answers XQ_SOLVE_ABORTED.  The cancel sticks: every later call of
 * this solver answers XQ_SOLVE_ABORTED at once, so a job of several calls
 * cancelled between two of them stops too.  New work takes a new solver. */
void          xq_solver_cancel         (XqSolver *solver);
/* The work spent by the last call. */
guint64       xq_solver_get_work       (const XqSolver *solver);
/* Forgets everything learned.  Changing the attacking side needs no
 * clearing: the entries of each attacker are kept apart by a salt in the
 * key, so one solver can answer both sides' questions. */
void          xq_solver_clear          (XqSolver *solver);

/* The side to move attacks: the minimal N <= max_n and all key moves. */
XqSolveResult xq_solver_solve          (XqSolver *solver, const XqPosition *pos, int max_n,
                                        XqSolution *out);

/* The side to move attacks: the minimal N <= max_n (proved: every first
 * move fails within N - 1) and ONE key move, without proving which other
 * first moves also win: out->n_keys is 1 and out->keys[0] wins within N.
 * Far cheaper than xq_solver_solve on crowded positions, where most of the
 * work is proving that the other first moves fail; fairy-stockfish's
 * `go mate N` asks less (xq_solver_solve_within).  Use xq_solver_solve
 * where every key matters (puzzle mining, the answer text). */
XqSolveResult xq_solver_solve_distance (XqSolver *solver, const XqPosition *pos, int max_n,
                                        XqSolution *out);

/* The side to move attacks: a forced win within n moves, proved, and ONE
 * key move, without proving that no shorter win exists: out->mate is the
 * length of the win the proof found (at most n; the minimal one only when
 * nothing shorter exists, which this call does not check) and out->keys[0]
 * wins within it.  This is the question fairy-stockfish's `go mate N`
 * answers, so tools/compare-solvers.py --within times the two on the same
 * question; xq_solver_solve_distance also proves the distance minimal
 * (from mates in 6 on, most of its work).  XQ_SOLVE_NONE: proved, no win
 * within n. */
XqSolveResult xq_solver_solve_within   (XqSolver *solver, const XqPosition *pos, int n,
                                        XqSolution *out);

/* The side to move attacks: does it have a forced win within n moves? */
XqSolveResult xq_solver_wins_within    (XqSolver *solver, const XqPosition *pos, int n);

/* The side to move attacks and plays m: does it still force a win within
 * k moves, m included?  Any such move is a correct answer in the drill,
 * even when it is not the fastest.  An illegal m is XQ_SOLVE_NONE. */
XqSolveResult xq_solver_move_wins_within (XqSolver *solver, const XqPosition *pos, XqMove m,
                                          int k);

/* The side to move defends.  Finds the reply that delays the attacker's
 * win longest.  XQ_SOLVE_MATE: every reply loses within max_k; *move is
 * the most stubborn one and *distance the attacker moves still needed
 * after it (0 with XQ_MOVE_NONE when the defender has no move at all:
 * it has already lost).  XQ_SOLVE_NONE: *move escapes a win within max_k
 * (the attacker's previous move was not a forced win). */
XqSolveResult xq_solver_longest_defence (XqSolver *solver, const XqPosition *pos, int max_k,
                                          XqMove *move, int *distance);

/* The side to move attacks: a main line of the fastest win within max_n
 * (first key, most stubborn defence, a fastest attacker move, ...) ending
 * in the position where the defender cannot move.  line must hold
 * 2 * max_n moves; *length gets the number of moves (plies). */
XqSolveResult xq_solver_main_line       (XqSolver *solver, const XqPosition *pos, int max_n,
                                          XqMove *line, int *length);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqSolver, xq_solver_free)

G_END_DECLS
