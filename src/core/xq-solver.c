/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-solver.c: exact forced-win search (mate or stalemate) for puzzles.
 *
 * The search is boolean: attack(n) asks "can the side to move force a win
 * within n of its own moves", defend(n) asks the same with the defender to
 * move.  Both are monotonic in n, so the transposition table keeps, per
 * Zobrist key, the smallest n proven to win and the largest n proven not
 * to win; a probe answers any n outside that gap, which is the depth part
 * of the key and also gives mate-distance pruning for free: once iterative
 * deepening has proven "no win within n-1", a node is never searched again
 * for less.
 *
 * Repetitions need no special case: every call has a strictly smaller
 * budget than its parent, so cycles end, and a line that returns to an
 * earlier position can never be shorter than the one that does not.
 */
#define G_LOG_DOMAIN "xq-solver"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "xq-solver.h"
#include "xq-material.h"
#include "xq-scored-move.h"

#define TT_BITS   20
#define TT_SIZE   (1u << TT_BITS)
#define UNKNOWN_WIN   127
#define UNKNOWN_NOWIN (-1)
#define MAX_PLY   (2 * XQ_SOLVER_MAX_MATE + 4)

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
  gboolean in_line;     /* inside xq_solver_main_line: one budget for the whole line */
  gboolean aborted;
  guint8   gen;         /* the generation of the live entries, never 0 */
  XqMove   killer[MAX_PLY];
};

/* Captures are ordered by the children's table (xq-material.h) in whole
 * points, the cannon's 4.5 rounded up: soldier 1, advisor and elephant 2,
 * horse 4, cannon 5, chariot 9.  Whole points keep the ordering, and so the
 * work every proof costs, what it was when the budget was calibrated. */
static inline int
order_value (XqPieceType type)
{
  return (xq_material_type_value (type, FALSE) + XQ_VALUE_POINT / 2) / XQ_VALUE_POINT;
}

XqSolver *
xq_solver_new (void)
{
  XqSolver *s = g_new0 (XqSolver, 1);

  s->tt = g_new0 (TTEntry, TT_SIZE);
  s->work_limit = XQ_SOLVER_BUDGET;
  xq_solver_clear (s);
  return s;
}

void
xq_solver_free (XqSolver *solver)
{
  if (solver == NULL)
    return;
  g_free (solver->tt);
  g_free (solver);
}

void
xq_solver_set_node_limit (XqSolver *solver, guint64 nodes)
{
  g_return_if_fail (solver != NULL);
  solver->limit = nodes;
}

void
xq_solver_set_work_limit (XqSolver *solver, guint64 units)
{
  g_return_if_fail (solver != NULL);
  solver->work_limit = units;
}

guint64
xq_solver_get_work (const XqSolver *solver)
{
  g_return_val_if_fail (solver != NULL, 0);
  return solver->work;
}

void
xq_solver_clear (XqSolver *solver)
{
  g_return_if_fail (solver != NULL);
  if (++solver->gen == 0)
    {
      memset (solver->tt, 0, sizeof (TTEntry) * TT_SIZE);
      solver->gen = 1;
    }
  memset (solver->killer, 0, sizeof solver->killer);
}

static inline guint64
node_key (const XqSolver *s, const XqPosition *pos)
{
  return pos->key ^ s->salt;
}

/* The entry for this position, or NULL when the slot holds another one. */
static inline const TTEntry *
tt_probe (const XqSolver *s, const XqPosition *pos)
{
  guint64 k = node_key (s, pos);
  const TTEntry *e = &s->tt[k & (TT_SIZE - 1)];

  return e->gen == s->gen && e->key == k ? e : NULL;
}

/* Does the table already settle "a win within n"?  If so *result is the
 * answer; if not, *hint gets the entry's best move (when there is one) to
 * try first. */
static inline gboolean
tt_decides (const XqSolver *s, const XqPosition *pos, int n, gboolean *result, XqMove *hint)
{
  const TTEntry *e = tt_probe (s, pos);

  if (e == NULL)
    return FALSE;
  if (e->win <= n || e->nowin >= n)
    {
      *result = e->win <= n;
      return TRUE;
    }
  *hint = e->best;
  return FALSE;
}

static inline TTEntry *
tt_slot (XqSolver *s, const XqPosition *pos)
{
  guint64 k = node_key (s, pos);
  TTEntry *e = &s->tt[k & (TT_SIZE - 1)];

  if (e->gen != s->gen || e->key != k)
    {
      e->gen = s->gen;
      e->key = k;
      e->win = UNKNOWN_WIN;
      e->nowin = UNKNOWN_NOWIN;
      e->best = XQ_MOVE_NONE;
    }
  return e;
}

static void
tt_store_win (XqSolver *s, const XqPosition *pos, int n, XqMove best)
{
  TTEntry *e = tt_slot (s, pos);

  if (n < e->win)
    e->win = (gint8) n;
  e->best = best;
}

static void
tt_store_nowin (XqSolver *s, const XqPosition *pos, int n, XqMove best)
{
  TTEntry *e = tt_slot (s, pos);

  if (n > e->nowin)
    e->nowin = (gint8) n;
  if (best != XQ_MOVE_NONE)
    e->best = best;
}

/* Work units of the budget, measured against the CPU time of sparse and crowded searches. */
#define NODE_COST 40
/* A generator or leaf test walks all 90 points to find the mover's pieces. */
#define SCAN_COST 8

/* Charges work where it is spent: the node limit alone does not bound the
 * time, because one node of attack() generates the replies to each of its
 * forty-odd moves.  A unit is roughly one legal move produced or one
 * legality or leaf test; the budget is counted, not timed, so a verdict is
 * the same on a loaded machine as on an idle one. */
static inline gboolean
charge (XqSolver *s, guint64 units)
{
  s->work += units;
  if (s->work_limit != 0 && s->work > s->work_limit)
    s->aborted = TRUE;
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

/* The pieces of the side to move: the generator tries every pseudo-legal
 * move of each for legality, so a side in check pays for them although
 * few of its moves survive. */
static inline guint64
mover_pieces (const XqPosition *pos)
{
  guint64 n = 0;

  for (int t = XQ_KING; t <= XQ_PAWN; t++)
    n += pos->count[xq_piece_make (pos->side, t)];
  return n;
}


/* The legal moves, charged one unit per move produced, two per piece tried
 * and the walk over the board. */
static inline int
legal_moves (XqSolver *s, XqPosition *pos, XqMove *out)
{
  int count = xq_position_legal_moves (pos, out);

  charge (s, (guint64) count + 2 * mover_pieces (pos) + SCAN_COST);
  return count;
}

static gboolean defend (XqSolver *s, XqPosition *pos, int n, int ply);

/* Can the side to move force a win within n (>= 1) of its moves? */
static gboolean
attack (XqSolver *s, XqPosition *pos, int n, int ply)
{
  XqMove moves[XQ_MAX_MOVES], replies[XQ_MAX_MOVES];
  XqScoredMove order[XQ_MAX_MOVES];
  XqMove hint = XQ_MOVE_NONE;
  gboolean known;
  int count;

  if (!count_node (s))
    return FALSE;
  if (tt_decides (s, pos, n, &known, &hint))
    return known;

  count = legal_moves (s, pos, moves);
  if (s->aborted)
    return FALSE;

  if (n == 1)
    {
      /* Only a move that leaves the defender without any move wins now;
       * that includes quiet stalemating moves, so every move is tried. */
      for (int i = -1; i < count; i++)
        {
          XqMove m = i < 0 ? hint : moves[i];
          XqUndo u;
          gboolean stuck;

          if (m == XQ_MOVE_NONE || (i >= 0 && m == hint))
            continue;
          if (i < 0 && !xq_position_is_legal (pos, m))
            continue;
          xq_position_do_move (pos, m, &u);
          /* A leaf test: it tries the defender's pieces until one can move. */
          if (!charge (s, SCAN_COST + mover_pieces (pos)))
            {
              xq_position_undo_move (pos, m, &u);
              return FALSE;
            }
          stuck = !xq_position_has_legal_move (pos);
          xq_position_undo_move (pos, m, &u);
          if (stuck)
            {
              tt_store_win (s, pos, 1, m);
              return TRUE;
            }
        }
      tt_store_nowin (s, pos, 1, XQ_MOVE_NONE);
      return FALSE;
    }

  /* Order: the move that won before, checks, then moves that leave the
   * defender the fewest replies, then captures.  Quiet moves stay in the
   * list: key moves are often quiet. */
  for (int i = 0; i < count; i++)
    {
      XqMove m = moves[i];
      XqUndo u;
      int score = 0, n_replies;

      xq_position_do_move (pos, m, &u);
      charge (s, 2);  /* the move, the check test and the take-back */
      n_replies = legal_moves (s, pos, replies);
      if (s->aborted)
        {
          xq_position_undo_move (pos, m, &u);
          return FALSE;
        }
      if (n_replies == 0)
        {
          xq_position_undo_move (pos, m, &u);
          tt_store_win (s, pos, 1, m);
          return TRUE;
        }
      if (xq_position_in_check (pos, pos->side))
        score += 1000;
      score -= 10 * n_replies;
      if (u.captured != XQ_EMPTY)
        score += 5 * order_value (xq_piece_type (u.captured));
      xq_position_undo_move (pos, m, &u);
      if (m == hint)
        score += 100000;
      order[i].move = m;
      order[i].score = score;
    }
  /* Sorting costs about a comparison per move per halving. */
  if (!charge (s, 4 * (guint64) count))
    return FALSE;
  qsort (order, (size_t) count, sizeof *order, xq_scored_move_compare);

  for (int i = 0; i < count; i++)
    {
      XqMove m = order[i].move;
      XqUndo u;
      gboolean wins;

      xq_position_do_move (pos, m, &u);
      wins = defend (s, pos, n - 1, ply + 1);
      xq_position_undo_move (pos, m, &u);
      if (s->aborted)
        return FALSE;
      if (wins)
        {
          tt_store_win (s, pos, n, m);
          return TRUE;
        }
    }
  tt_store_nowin (s, pos, n, XQ_MOVE_NONE);
  return FALSE;
}

/* With the defender to move: does the attacker force a win within n more
 * attacker moves?  Every legal reply is examined. */
static gboolean
defend (XqSolver *s, XqPosition *pos, int n, int ply)
{
  XqMove moves[XQ_MAX_MOVES];
  XqScoredMove order[XQ_MAX_MOVES];
  XqMove hint = XQ_MOVE_NONE;
  gboolean known;
  int count;

  if (!count_node (s))
    return FALSE;
  if (tt_decides (s, pos, n, &known, &hint))
    return known;

  count = legal_moves (s, pos, moves);
  if (s->aborted)
    return FALSE;
  if (count == 0)
    {
      /* Checkmated or stalemated: either way the defender has lost. */
      tt_store_win (s, pos, 0, XQ_MOVE_NONE);
      return TRUE;
    }
  if (n == 0)
    {
      tt_store_nowin (s, pos, 0, moves[0]);
      return FALSE;
    }

  /* Refutations first: one already known to hold, the last refutation at
   * this ply, then captures and general moves. */
  for (int i = 0; i < count; i++)
    {
      XqMove m = moves[i];
      XqUndo u;
      const TTEntry *c;
      int score = 0;

      /* The move, a table probe of the child (a likely cache miss), the take-back. */
      if (!charge (s, 3))
        return FALSE;
      xq_position_do_move (pos, m, &u);
      c = tt_probe (s, pos);
      if (c != NULL && c->nowin >= n)
        {
          xq_position_undo_move (pos, m, &u);
          s->killer[ply] = m;
          tt_store_nowin (s, pos, n, m);
          return FALSE;
        }
      if (c != NULL && c->win <= n)
        score -= 10000;
      if (u.captured != XQ_EMPTY)
        score += 100 + 10 * order_value (xq_piece_type (u.captured));
      if (xq_piece_type (pos->board[xq_move_to (m)]) == XQ_KING)
        score += 50;
      xq_position_undo_move (pos, m, &u);
      if (m == hint)
        score += 100000;
      else if (m == s->killer[ply])
        score += 50000;
      order[i].move = m;
      order[i].score = score;
    }
  /* Sorting costs about a comparison per move per halving. */
  if (!charge (s, 4 * (guint64) count))
    return FALSE;
  qsort (order, (size_t) count, sizeof *order, xq_scored_move_compare);

  for (int i = 0; i < count; i++)
    {
      XqMove m = order[i].move;
      XqUndo u;
      gboolean lost;

      xq_position_do_move (pos, m, &u);
      lost = attack (s, pos, n, ply + 1);
      xq_position_undo_move (pos, m, &u);
      if (s->aborted)
        return FALSE;
      if (!lost)
        {
          s->killer[ply] = m;
          tt_store_nowin (s, pos, n, m);
          return FALSE;
        }
    }
  tt_store_win (s, pos, n, XQ_MOVE_NONE);
  return TRUE;
}

/* Prepares a search with `attacker` as the attacking side. */
static void
begin (XqSolver *s, XqColor attacker)
{
  guint64 salt = attacker == XQ_BLACK ? BLACK_ATTACKS_SALT : 0;

  /* The table entries of one attacker are valid for the other only under
   * the salt, so no clearing is needed when the attacker changes. */
  s->salt = salt;
  if (s->in_line)
    return;
  s->nodes = 0;
  s->work = 0;
  s->aborted = FALSE;
}

static int
compare_iccs_moves (const void *a, const void *b)
{
  char x[5], y[5];

  xq_move_to_iccs (*(const XqMove *) a, x);
  xq_move_to_iccs (*(const XqMove *) b, y);
  return strcmp (x, y);
}

XqSolveResult
xq_solver_solve (XqSolver *solver, const XqPosition *pos, int max_n, XqSolution *out)
{
  XqPosition p;
  XqMove moves[XQ_MAX_MOVES];
  int count;

  g_return_val_if_fail (solver != NULL, XQ_SOLVE_ABORTED);
  g_return_val_if_fail (pos != NULL && out != NULL, XQ_SOLVE_ABORTED);
  g_return_val_if_fail (max_n >= 1 && max_n <= XQ_SOLVER_MAX_MATE, XQ_SOLVE_ABORTED);
  g_return_val_if_fail (pos->king[0] != XQ_NO_SQUARE && pos->king[1] != XQ_NO_SQUARE,
                        XQ_SOLVE_ABORTED);

  memset (out, 0, sizeof *out);
  p = *pos;
  begin (solver, p.side);
  count = legal_moves (solver, &p, moves);
  qsort (moves, (size_t) count, sizeof *moves, compare_iccs_moves);

  for (int n = 1; n <= max_n; n++)
    {
      for (int i = 0; i < count; i++)
        {
          XqUndo u;
          gboolean wins;

          xq_position_do_move (&p, moves[i], &u);
          wins = defend (solver, &p, n - 1, 1);
          xq_position_undo_move (&p, moves[i], &u);
          if (solver->aborted)
            {
              out->nodes = solver->nodes;
              out->work = solver->work;
              out->n_keys = 0;
              return XQ_SOLVE_ABORTED;
            }
          if (wins)
            out->keys[out->n_keys++] = moves[i];
        }
      if (out->n_keys > 0)
        {
          out->mate = n;
          out->nodes = solver->nodes;
          out->work = solver->work;
          tt_store_win (solver, &p, n, out->keys[0]);
          return XQ_SOLVE_MATE;
        }
      tt_store_nowin (solver, &p, n, XQ_MOVE_NONE);
    }
  out->nodes = solver->nodes;
  out->work = solver->work;
  return XQ_SOLVE_NONE;
}

/* Iterative deepening up to n for the side to move in p. */
static XqSolveResult
attack_deepening (XqSolver *s, XqPosition *p, int n)
{
  for (int i = 1; i <= n; i++)
    {
      gboolean wins = attack (s, p, i, 0);

      if (s->aborted)
        return XQ_SOLVE_ABORTED;
      if (wins)
        return XQ_SOLVE_MATE;
    }
  return XQ_SOLVE_NONE;
}

XqSolveResult
xq_solver_wins_within (XqSolver *solver, const XqPosition *pos, int n)
{
  XqPosition p;

  g_return_val_if_fail (solver != NULL && pos != NULL, XQ_SOLVE_ABORTED);
  g_return_val_if_fail (n >= 1 && n <= XQ_SOLVER_MAX_MATE, XQ_SOLVE_ABORTED);

  p = *pos;
  begin (solver, p.side);
  return attack_deepening (solver, &p, n);
}

XqSolveResult
xq_solver_move_wins_within (XqSolver *solver, const XqPosition *pos, XqMove m, int k)
{
  XqPosition p;
  XqUndo u;

  g_return_val_if_fail (solver != NULL && pos != NULL, XQ_SOLVE_ABORTED);
  g_return_val_if_fail (k >= 1 && k <= XQ_SOLVER_MAX_MATE, XQ_SOLVE_ABORTED);

  p = *pos;
  if (!xq_position_is_legal (&p, m))
    return XQ_SOLVE_NONE;
  begin (solver, p.side);
  xq_position_do_move (&p, m, &u);
  for (int i = 0; i < k; i++)
    {
      gboolean wins = defend (solver, &p, i, 1);

      if (solver->aborted)
        return XQ_SOLVE_ABORTED;
      if (wins)
        return XQ_SOLVE_MATE;
    }
  return XQ_SOLVE_NONE;
}

XqSolveResult
xq_solver_longest_defence (XqSolver *solver, const XqPosition *pos, int max_k,
                           XqMove *move, int *distance)
{
  XqPosition p;
  XqMove moves[XQ_MAX_MOVES];
  int count, best_distance = -1;
  XqMove best = XQ_MOVE_NONE;

  g_return_val_if_fail (solver != NULL && pos != NULL, XQ_SOLVE_ABORTED);
  g_return_val_if_fail (move != NULL && distance != NULL, XQ_SOLVE_ABORTED);
  g_return_val_if_fail (max_k >= 1 && max_k <= XQ_SOLVER_MAX_MATE, XQ_SOLVE_ABORTED);

  *move = XQ_MOVE_NONE;
  *distance = 0;
  p = *pos;
  begin (solver, xq_color_other (p.side));
  count = legal_moves (solver, &p, moves);
  if (count == 0)
    return XQ_SOLVE_MATE;
  /* ICCS order makes the choice among equally stubborn replies stable. */
  qsort (moves, (size_t) count, sizeof *moves, compare_iccs_moves);

  for (int i = 0; i < count; i++)
    {
      XqUndo u;
      int d = 0;

      xq_position_do_move (&p, moves[i], &u);
      for (int n = MAX (1, best_distance); n <= max_k && d == 0; n++)
        {
          gboolean wins = attack (solver, &p, n, 1);

          if (solver->aborted)
            return XQ_SOLVE_ABORTED;
          if (wins)
            d = n;
        }
      xq_position_undo_move (&p, moves[i], &u);
      if (d == 0)
        {
          *move = moves[i];
          *distance = 0;
          return XQ_SOLVE_NONE;
        }
      if (d > best_distance)
        {
          best_distance = d;
          best = moves[i];
        }
    }
  *move = best;
  *distance = best_distance;
  return XQ_SOLVE_MATE;
}

/* The attacker's moves that still win within exactly `n` from p. */
static XqMove
fastest_attack (XqSolver *s, XqPosition *p, int n)
{
  XqMove moves[XQ_MAX_MOVES];
  int count = legal_moves (s, p, moves);

  qsort (moves, (size_t) count, sizeof *moves, compare_iccs_moves);
  for (int i = 0; i < count; i++)
    {
      XqUndo u;
      gboolean wins;

      xq_position_do_move (p, moves[i], &u);
      wins = defend (s, p, n - 1, 1);
      xq_position_undo_move (p, moves[i], &u);
      if (s->aborted)
        return XQ_MOVE_NONE;
      if (wins)
        return moves[i];
    }
  return XQ_MOVE_NONE;
}

static XqSolveResult
main_line (XqSolver *solver, const XqPosition *pos, int max_n, XqMove *line, int *length)
{
  XqSolution sol;
  XqSolveResult r;
  XqPosition p;
  int n;

  r = xq_solver_solve (solver, pos, max_n, &sol);
  if (r != XQ_SOLVE_MATE)
    return r;
  p = *pos;
  n = sol.mate;
  for (;;)
    {
      XqMove m = *length == 0 ? sol.keys[0] : fastest_attack (solver, &p, n);
      XqMove reply;
      XqUndo u;
      int d;

      if (solver->aborted)
        return XQ_SOLVE_ABORTED;
      /* A proven line always has a winning attacker move; checked in
       * release builds too, where g_assert is compiled out, so a broken
       * proof can never play XQ_MOVE_NONE on the board. */
      if (m == XQ_MOVE_NONE)
        {
          g_critical ("solver: no winning move in a line proven to win in %d", n);
          return XQ_SOLVE_ABORTED;
        }
      xq_position_do_move (&p, m, &u);
      line[(*length)++] = m;
      r = xq_solver_longest_defence (solver, &p, MAX (n - 1, 1), &reply, &d);
      if (r == XQ_SOLVE_ABORTED)
        return r;
      if (reply == XQ_MOVE_NONE)
        return XQ_SOLVE_MATE;
      /* The defence cannot escape: the line was proven.  Checked in release
       * builds too: a reply that escapes would make the line a lie. */
      if (r != XQ_SOLVE_MATE || d > n - 1)
        {
          g_critical ("solver: the defence escapes a line proven to win in %d", n);
          return XQ_SOLVE_ABORTED;
        }
      xq_position_do_move (&p, reply, &u);
      line[(*length)++] = reply;
      begin (solver, p.side);
      n = d;
    }
}

XqSolveResult
xq_solver_main_line (XqSolver *solver, const XqPosition *pos, int max_n,
                     XqMove *line, int *length)
{
  XqSolveResult r;

  g_return_val_if_fail (solver != NULL && pos != NULL, XQ_SOLVE_ABORTED);
  g_return_val_if_fail (line != NULL && length != NULL, XQ_SOLVE_ABORTED);

  *length = 0;
  /* The solve and every reply after it share one budget: a line is one
   * proof, and its cost must stay bounded as a whole. */
  solver->in_line = FALSE;
  begin (solver, pos->side);
  solver->in_line = TRUE;
  r = main_line (solver, pos, max_n, line, length);
  solver->in_line = FALSE;
  return r;
}
