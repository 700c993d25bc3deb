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
#include <sys/mman.h>

#include "xq-solver.h"
#include "xq-solver-private.h"
#include "xq-attacks.h"
#include "xq-material.h"
#include "xq-tables.h"

/* The table is probed at random, one likely cache miss per node; on huge
 * pages (where the system offers them) those misses do not miss the
 * address translation cache too. */
/* Questions of this many moves or more go to the proof-number search
 * (xq-solver-pn.c); shorter ones to the exact search, which is cheaper
 * there. */
#define PN_FROM 2

static TTEntry *
tt_alloc (void)
{
  const size_t size = sizeof (TTEntry) * TT_SIZE;
  void *mem = NULL;

  if (posix_memalign (&mem, 2 * 1024 * 1024, size) != 0)
    g_error ("solver: out of memory for the transposition table");
#ifdef MADV_HUGEPAGE
  madvise (mem, size, MADV_HUGEPAGE);
#endif
  memset (mem, 0, size);
  return mem;
}

XqSolver *
xq_solver_new (void)
{
  XqSolver *s = g_new0 (XqSolver, 1);

  s->tt = tt_alloc ();
  s->work_limit = XQ_SOLVER_BUDGET;
  s->time_limit = XQ_SOLVER_TIME_LIMIT;
  xq_solver_clear (s);
  return s;
}

void
xq_solver_free (XqSolver *solver)
{
  if (solver == NULL)
    return;
  free (solver->tt);
  xq_solver_pn_free (solver->pn);
  g_free (solver);
}

double
xq_solver_cpu_now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec * 1e-9;
}

/* Called from charge () every CLOCK_EVERY work units: stops the call when
 * its CPU time is up or another thread has cancelled it. */
gboolean
xq_solver_check_clock (XqSolver *s)
{
  s->next_clock = s->work + CLOCK_EVERY;
  if (g_atomic_int_get (&s->cancelled))
    s->aborted = TRUE;
  else if (s->time_limit > 0 && xq_solver_cpu_now () - s->started > s->time_limit)
    {
      s->aborted = TRUE;
      s->timed_out = TRUE;
    }
  return !s->aborted;
}

void
xq_solver_set_time_limit (XqSolver *solver, double seconds)
{
  g_return_if_fail (solver != NULL);
  solver->time_limit = MAX (seconds, 0.0);
}

void
xq_solver_set_proof_numbers (XqSolver *solver, gboolean enabled)
{
  g_return_if_fail (solver != NULL);
  solver->proof_numbers = enabled;
}

void
xq_solver_cancel (XqSolver *solver)
{
  g_return_if_fail (solver != NULL);
  g_atomic_int_set (&solver->cancelled, 1);
}

gboolean
xq_solver_timed_out (const XqSolver *solver)
{
  g_return_val_if_fail (solver != NULL, FALSE);
  return solver->timed_out;
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
  memset (solver->history, 0, sizeof solver->history);
}

static inline guint64
node_key (const XqSolver *s, const XqPosition *pos)
{
  return pos->key ^ s->salt;
}

/* A key's two slots (one cache line): an entry may sit in either. */
static inline TTEntry *
tt_bucket (const XqSolver *s, guint64 k)
{
  return &s->tt[k & (TT_SIZE - 2)];
}

static inline const TTEntry *
tt_probe_key (const XqSolver *s, guint64 k)
{
  const TTEntry *e = tt_bucket (s, k);

  if (e[0].gen == s->gen && e[0].key == k)
    return &e[0];
  if (e[1].gen == s->gen && e[1].key == k)
    return &e[1];
  return NULL;
}

/* The entry for this position, or NULL when the table does not hold it. */
static inline const TTEntry *
tt_probe (const XqSolver *s, const XqPosition *pos)
{
  return tt_probe_key (s, node_key (s, pos));
}

/* What an entry cost to learn, roughly: a proof that there is no win
 * within n took a search n moves deep over all moves. */
static inline int
tt_depth (const TTEntry *e)
{
  return MAX ((int) e->nowin, e->win == UNKNOWN_WIN ? 0 : (int) e->win);
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
  TTEntry *e = tt_bucket (s, k);

  /* A new position takes a free slot, or the one that cost less to
   * learn: the deep results, which are dear, stay longest. */
  if (e[0].gen == s->gen && e[0].key == k)
    ;
  else if (e[1].gen == s->gen && e[1].key == k)
    e = &e[1];
  else
    {
      if (e[0].gen == s->gen && (e[1].gen != s->gen || tt_depth (&e[1]) <= tt_depth (&e[0])))
        e = &e[1];
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

/* The pieces of the side to move. */
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

/* Best score first, then by move: the order, and with it every table
 * entry a search leaves, does not depend on the generator's order.  The
 * order is xq_scored_move_compare's, as one number per move: the score
 * turned over (0x7fffffff - score, unsigned, falls as the score rises,
 * over the whole range of an int) above the move. */
static inline guint64
order_key (XqMove m, int score)
{
  return (guint64) (0x7fffffffu - (guint32) score) << 16 | m;
}

/* The i-th move in that order, the first i already in place: the best of
 * keys[i .. n - 1] is moved to keys[i].  A search mostly stops after its
 * first moves, so sorting the rest would be wasted. */
static inline XqMove
next_in_order (guint64 *keys, int i, int n)
{
  int best = i;
  guint64 x;

  for (int j = i + 1; j < n; j++)
    if (keys[j] < keys[best])
      best = j;
  x = keys[best];
  keys[best] = keys[i];
  keys[i] = x;
  return (XqMove) (x & 0xffff);
}

/* The key the position gets after m, without playing it. */
static inline guint64
child_key (const XqSolver *s, const XqTables *t, const XqPosition *pos, XqMove m)
{
  XqSquare from = xq_move_from (m), to = xq_move_to (m);
  XqPiece moving = pos->board[from], captured = pos->board[to];
  guint64 k = pos->key ^ t->zobrist[moving][from] ^ t->zobrist[moving][to] ^ t->zobrist_side;

  if (captured != XQ_EMPTY)
    k ^= t->zobrist[captured][to];
  return k ^ s->salt;
}

/* A move of the defender, seen from the attacker's side: which quiet
 * attacker moves (moves that give no check) could take it away.
 * docs/solver.md has the argument behind each kind. */
typedef enum {
  /* A piece other than the general moves from `a` to `b` off the lines
   * and diagonal neighbours of its general: only an attacker move landing
   * on `a` (the capture of the piece) or on a point the move passes (the
   * leg, the eye, a point between, or `b` itself for a cannon's quiet
   * move) takes it away. */
  ESCAPE_PIECE,
  /* The general steps to `b`: only an attacker move that leaves or enters
   * a line or diagonal neighbour of `b`, or a horse landing a horse's jump
   * from `b`, can make `b` attacked. */
  ESCAPE_GENERAL,
} EscapeKind;

typedef struct {
  EscapeKind kind;
  XqSquare   a, b;
  XqSquare   block;   /* ESCAPE_PIECE: the leg or eye, else XQ_NO_SQUARE */
  gboolean   segment; /* ESCAPE_PIECE: the points from a to b block it (chariot, cannon) */
  gboolean   reach_b; /* with segment: b itself blocks it too (a cannon's quiet move) */
} Escape;

/* Is sq strictly between a and b on their rank or file (or b itself with
 * `to_b`)? */
static inline gboolean
on_segment (XqSquare sq, XqSquare a, XqSquare b, gboolean to_b)
{
  int lo, hi;

  if (sq == b)
    return to_b;
  if (xq_sq_rank (a) == xq_sq_rank (b))
    {
      if (xq_sq_rank (sq) != xq_sq_rank (a))
        return FALSE;
    }
  else if (xq_sq_file (sq) != xq_sq_file (a))
    return FALSE;
  lo = MIN (a, b);
  hi = MAX (a, b);
  return sq > lo && sq < hi;
}

/* The defender's moves that only few quiet attacker moves can take away,
 * into out; returns their number, or -1 when two of them are such that no
 * single quiet move takes both away (then no quiet move stalemates).  A
 * move not listed may be taken away by anything, so it never helps to rule
 * a stalemate out. */
static int
defender_escapes (XqPosition *pos, Escape *out)
{
  const XqTables *t = xq_tables ();
  XqMove moves[XQ_MAX_MOVES];
  XqColor us = pos->side, them = xq_color_other (us);
  XqSquare k = pos->king[them];
  int n, count = 0, first_piece = -1;

  /* The defender's moves as the board stands: the attacker's move comes
   * between, and each one listed survives it unless the move is one its
   * entry names.  The defender is not in check (it has just moved), so
   * its moves off its general's lines need no legality test. */
  pos->side = them;
  if (xq_position_in_check (pos, them))
    {
      pos->side = us;
      return 0;
    }
  n = xq_position_pseudo_moves (pos, moves);

  for (int i = 0; i < n; i++)
    {
      XqSquare from = xq_move_from (moves[i]), to = xq_move_to (moves[i]);
      Escape *e = &out[count];
      XqPieceType type = xq_piece_type (pos->board[from]);

      if (type == XQ_KING || xq_tables_in (t->near[k], from) || xq_tables_in (t->near[k], to))
        continue;
      e->kind = ESCAPE_PIECE;
      e->a = from;
      e->b = to;
      e->block = XQ_NO_SQUARE;
      e->segment = FALSE;
      e->reach_b = FALSE;
      switch (type)
        {
        case XQ_ADVISOR:
        case XQ_PAWN:
          break;
        case XQ_ELEPHANT:
          e->block = xq_sq_make ((xq_sq_file (from) + xq_sq_file (to)) / 2,
                                 (xq_sq_rank (from) + xq_sq_rank (to)) / 2);
          break;
        case XQ_HORSE:
          e->block = abs (xq_sq_rank (to) - xq_sq_rank (from)) == 2
                       ? xq_sq_make (xq_sq_file (from), (xq_sq_rank (from) + xq_sq_rank (to)) / 2)
                       : xq_sq_make ((xq_sq_file (from) + xq_sq_file (to)) / 2, xq_sq_rank (from));
          break;
        case XQ_CHARIOT:
          e->segment = TRUE;
          break;
        case XQ_CANNON:
          /* A capture hangs on its screen too: not listed. */
          if (pos->board[to] != XQ_EMPTY)
            continue;
          e->segment = TRUE;
          e->reach_b = TRUE;
          break;
        case XQ_NO_TYPE:
        case XQ_KING:
        default:
          continue;
        }
      /* Two pieces whose moves pass no point in common (a leg or an eye
       * is empty, so it is never the other piece's point): one quiet move
       * cannot capture one and block the other. */
      if (!e->segment)
        {
          if (first_piece < 0)
            first_piece = count;
          else
            {
              const Escape *f = &out[first_piece];

              if (f->a != e->a &&
                  (f->block == XQ_NO_SQUARE || e->block == XQ_NO_SQUARE || f->block != e->block))
                {
                  pos->side = us;
                  return -1;
                }
              if (f->a == e->a && e->block == XQ_NO_SQUARE)
                first_piece = count;
            }
        }
      count++;
    }

  for (int i = 0; i < n; i++)
    {
      XqSquare from = xq_move_from (moves[i]);
      Escape *e = &out[count];

      if (from != k || !xq_position_pseudo_is_legal (pos, moves[i], FALSE))
        continue;
      e->kind = ESCAPE_GENERAL;
      e->a = from;
      e->b = xq_move_to (moves[i]);
      e->block = XQ_NO_SQUARE;
      e->segment = FALSE;
      e->reach_b = FALSE;
      count++;
    }
  pos->side = us;
  return count;
}

/* Can the quiet (non-checking) attacker move m take away the escape? */
static inline gboolean
may_take_away (const XqPosition *pos, const XqTables *t, const Escape *e, XqMove m)
{
  XqSquare from = xq_move_from (m), to = xq_move_to (m);

  switch (e->kind)
    {
    case ESCAPE_PIECE:
      return to == e->a || to == e->block ||
             (e->segment && on_segment (to, e->a, e->b, e->reach_b));
    case ESCAPE_GENERAL:
      return xq_tables_in (t->near[e->b], from) || xq_tables_in (t->near[e->b], to) ||
             (xq_piece_type (pos->board[from]) == XQ_HORSE && xq_tables_in (t->horse_jump[e->b], to));
    default:
      return TRUE;
    }
}

/* Can the side to move win with its next move, leaving the defender
 * without any move?  A checking move must leave no evasion; a quiet move
 * must stalemate, which it can only do if it may take away every escape
 * of the defender: most quiet moves are ruled out without being played. */
static gboolean
attack_in_one (XqSolver *s, XqPosition *pos, XqMove hint)
{
  const XqTables *t = xq_tables ();
  XqMove moves[XQ_MAX_MOVES];
  Escape escapes[XQ_MAX_MOVES];
  gboolean check;
  int count, n_escapes;

  count = xq_position_pseudo_moves (pos, moves);
  check = xq_position_in_check (pos, pos->side);
  n_escapes = defender_escapes (pos, escapes);
  if (!charge (s, (guint64) count + (guint64) ABS (n_escapes) + 4 * mover_pieces (pos) + 2 * SCAN_COST))
    return FALSE;

  /* The move that won here before goes first. */
  for (int i = 1; i < count && hint != XQ_MOVE_NONE; i++)
    if (moves[i] == hint)
      {
        moves[i] = moves[0];
        moves[0] = hint;
        break;
      }

  for (int i = 0; i < count; i++)
    {
      XqMove m = moves[i];
      XqUndo u;
      gboolean stuck;

      if (!xq_position_move_may_check (pos, m))
        {
          int j = 0;

          if (n_escapes < 0)
            continue;

          /* Quiet: it must take away every escape to stalemate. */
          while (j < n_escapes && may_take_away (pos, t, &escapes[j], m))
            j++;
          if (j < n_escapes)
            continue;
        }
      if (!xq_position_pseudo_is_legal (pos, m, check))
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

static gboolean defend (XqSolver *s, XqPosition *pos, int n, int ply);

gboolean
xq_solver_win_in_one (XqSolver *s, XqPosition *pos)
{
  const TTEntry *e = tt_probe (s, pos);

  if (e != NULL && (e->win <= 1 || e->nowin >= 1))
    return e->win <= 1;
  return attack_in_one (s, pos, e != NULL ? e->best : XQ_MOVE_NONE);
}

void
xq_solver_store_win (XqSolver *s, const XqPosition *pos, int n, XqMove best)
{
  tt_store_win (s, pos, n, best);
}

void
xq_solver_store_nowin (XqSolver *s, const XqPosition *pos, int n, XqMove best)
{
  tt_store_nowin (s, pos, n, best);
}

const TTEntry *
xq_solver_probe (const XqSolver *s, guint64 salted_key)
{
  return tt_probe_key (s, salted_key);
}

/* Can the side to move force a win within n (>= 1) of its moves? */
static gboolean
attack (XqSolver *s, XqPosition *pos, int n, int ply)
{
  XqMove moves[XQ_MAX_MOVES], replies[XQ_MAX_MOVES];
  guint64 order[XQ_MAX_MOVES];
  XqMove hint = XQ_MOVE_NONE;
  gboolean known;
  int count;

  if (!count_node (s))
    return FALSE;
  if (tt_decides (s, pos, n, &known, &hint))
    return known;

  if (n == 1)
    return attack_in_one (s, pos, hint);

  count = legal_moves (s, pos, moves);
  if (s->aborted)
    return FALSE;

  /* Order: the move that won before, checks that leave the fewest
   * replies, then, deeper in the tree where a subtree costs far more
   * than counting, quiet moves that leave the fewest replies; captures
   * break ties.  Quiet moves stay in the list: key moves are often quiet. */
  for (int i = 0; i < count; i++)
    {
      XqMove m = moves[i];
      gboolean may_check = xq_position_move_may_check (pos, m);
      XqUndo u;
      int score = 0;

      xq_position_do_move (pos, m, &u);
      /* The child's slot is wanted soon, when it is searched. */
      __builtin_prefetch (tt_bucket (s, node_key (s, pos)));
      charge (s, 2);  /* the move, the check test and the take-back */
      if (may_check && xq_position_in_check (pos, pos->side))
        {
          int n_replies = legal_moves (s, pos, replies);

          if (n_replies == 0)
            {
              xq_position_undo_move (pos, m, &u);
              tt_store_win (s, pos, 1, m);
              return TRUE;
            }
          score += 1000 - 10 * n_replies;
        }
      else if (n >= 3)
        score -= 10 * legal_moves (s, pos, replies);
      if (s->aborted)
        {
          xq_position_undo_move (pos, m, &u);
          return FALSE;
        }
      if (u.captured != XQ_EMPTY)
        score += 5 * order_value_of (xq_piece_type (u.captured));
      {
        /* A transposition may have proved the child already. */
        const TTEntry *c = tt_probe (s, pos);

        if (c != NULL && c->win <= n - 1)
          {
            xq_position_undo_move (pos, m, &u);
            tt_store_win (s, pos, c->win + 1, m);
            return TRUE;
          }
        if (c != NULL && c->nowin >= n - 1)
          score -= 100000;
      }
      xq_position_undo_move (pos, m, &u);
      if (m == hint)
        score += 100000;
      order[i] = order_key (m, score);
    }
  if (!charge (s, 4 * (guint64) count))
    return FALSE;

  for (int i = 0; i < count; i++)
    {
      XqMove m = next_in_order (order, i, count);
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

/* A defender move refuted an attack of n moves: ordered earlier from now
 * on wherever the same piece can go to the same point. */
static inline void
remember_refutation (XqSolver *s, const XqPosition *pos, XqMove m, int n)
{
  guint32 *h = &s->history[pos->board[xq_move_from (m)]][xq_move_to (m)];

  *h += (guint32) (n * n);
  if (*h > 1000000u)
    for (int p = 0; p < 16; p++)
      for (int q = 0; q < XQ_SQUARES; q++)
        s->history[p][q] /= 2;
}

/* With the defender to move: does the attacker force a win within n more
 * attacker moves?  Every legal reply is examined. */
static gboolean
defend (XqSolver *s, XqPosition *pos, int n, int ply)
{
  const XqTables *t = xq_tables ();
  XqMove moves[XQ_MAX_MOVES];
  guint64 keys[XQ_MAX_MOVES];
  guint64 order[XQ_MAX_MOVES];
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

  /* The children's table slots are fetched all at once, so their cache
   * misses overlap instead of following one another. */
  for (int i = 0; i < count; i++)
    {
      keys[i] = child_key (s, t, pos, moves[i]);
      __builtin_prefetch (tt_bucket (s, keys[i]));
    }

  /* Refutations first: one already known to hold, then counter-checks,
   * the last refutation at this ply, the moves that refuted most often
   * lately, then captures and general moves. */
  for (int i = 0; i < count; i++)
    {
      XqMove m = moves[i];
      XqSquare from = xq_move_from (m), to = xq_move_to (m);
      const TTEntry *c;
      int score = 0;

      /* The key, a table probe of the child (a likely cache miss). */
      if (!charge (s, 3))
        return FALSE;
      c = tt_probe_key (s, keys[i]);
      if (c != NULL && c->nowin >= n)
        {
          s->killer[ply] = m;
          tt_store_nowin (s, pos, n, m);
          return FALSE;
        }
      if (c != NULL && c->win <= n)
        score -= 10000;
      if (pos->board[to] != XQ_EMPTY)
        score += 100 + 10 * order_value_of (xq_piece_type (pos->board[to]));
      if (xq_piece_type (pos->board[from]) == XQ_KING)
        score += 50;
      /* A counter-check leaves the attacker only its evasions: when it
       * refutes, its proof is small.  Before the killer, after the
       * refutation the table remembers. */
      if (xq_position_move_may_check (pos, m))
        {
          charge (s, 2);  /* the move, the check test and the take-back */
          if (xq_position_gives_check (pos, m))
            score += 60000;
        }
      if (m == hint)
        score += 100000;
      else if (m == s->killer[ply])
        score += 50000;
      score += (int) MIN (s->history[pos->board[from]][to], 40000u);
      order[i] = order_key (m, score);
    }
  if (!charge (s, 4 * (guint64) count))
    return FALSE;

  for (int i = 0; i < count; i++)
    {
      XqMove m = next_in_order (order, i, count);
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
          remember_refutation (s, pos, m, n);
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
  s->pn_work = 0;
  s->timed_out = FALSE;
  /* A cancel sticks: a job of several calls cancelled between two of
   * them stops at the next one instead of running it to its budget. */
  s->aborted = g_atomic_int_get (&s->cancelled) != 0;
  s->started = s->time_limit > 0 ? xq_solver_cpu_now () : 0;
  s->next_clock = CLOCK_EVERY;
}

static int
compare_iccs_moves (const void *a, const void *b)
{
  char x[5], y[5];

  xq_move_to_iccs (*(const XqMove *) a, x);
  xq_move_to_iccs (*(const XqMove *) b, y);
  return strcmp (x, y);
}

/* Does the attacker, whose move led to pos (the defender to move), still
 * force a win within k more moves?  1 (and *win the moves its proof
 * needs, at most k), 0, or -1 when the budget ran out. */
static int
after_move_wins (XqSolver *s, XqPosition *pos, int k, int *win)
{
  const TTEntry *e;
  gboolean wins;

  if (k >= PN_FROM)
    return xq_solver_pn_search (s, pos, k, FALSE, win);
  wins = defend (s, pos, k, 1);
  if (s->aborted)
    return -1;
  e = tt_probe (s, pos);
  *win = e != NULL && e->win <= k ? e->win : k;
  return wins;
}

/* xq_solver_solve for max_n >= PN_FROM: the proof-number search first
 * proves whether there is a win within max_n at all, and how deep its
 * proof is (an upper bound on the distance).  Then each first move is
 * asked once whether it wins within one move less than the best distance
 * known; a move that does is asked again below the depth of its proof
 * until it fails, which gives its exact distance.  A move that fails at
 * best - 1 fails at every smaller distance too, so every first move costs
 * one disproof, not one per depth as in iterative deepening. */
static XqSolveResult
solve_by_proof_numbers (XqSolver *s, XqPosition *p, int max_n, XqMove *moves, int count,
                        XqSolution *out)
{
  const TTEntry *e;
  int best = 0, r;

  r = xq_solver_pn_search (s, p, max_n, TRUE, &best);
  out->nodes = s->nodes;
  out->work = s->work;
  if (r < 0)
    return XQ_SOLVE_ABORTED;
  if (r == 0)
    return XQ_SOLVE_NONE;

  /* The move of the proof first: the others are then asked about the
   * distance it needs, or less. */
  e = tt_probe (s, p);
  for (int i = 1; i < count && e != NULL && e->best != XQ_MOVE_NONE; i++)
    if (moves[i] == e->best)
      {
        XqMove m = moves[i];

        memmove (moves + 1, moves, (size_t) i * sizeof *moves);
        moves[0] = m;
        break;
      }

  for (int i = 0; i < count; i++)
    {
      XqUndo u;
      int w = 0, distance = 0;

      xq_position_do_move (p, moves[i], &u);
      r = after_move_wins (s, p, best - 1, &w);
      while (r == 1)
        {
          distance = w + 1;
          if (w == 0)
            break;
          r = after_move_wins (s, p, w - 1, &w);
        }
      xq_position_undo_move (p, moves[i], &u);
      if (r < 0)
        {
          out->nodes = s->nodes;
          out->work = s->work;
          out->n_keys = 0;
          return XQ_SOLVE_ABORTED;
        }
      if (distance == 0)
        continue;
      if (distance < best)
        {
          best = distance;
          out->n_keys = 0;
        }
      out->keys[out->n_keys++] = moves[i];
    }
  /* The first move of the root's proof wins within best: checked in
   * release builds too, so a broken proof can never answer without keys. */
  if (out->n_keys == 0)
    {
      g_critical ("solver: no key for a position proven to win in %d", best);
      return XQ_SOLVE_ABORTED;
    }
  qsort (out->keys, (size_t) out->n_keys, sizeof *out->keys, compare_iccs_moves);
  out->mate = best;
  out->nodes = s->nodes;
  out->work = s->work;
  tt_store_win (s, p, best, out->keys[0]);
  return XQ_SOLVE_MATE;
}

/* The start of a question of the whole solution (xq_solver_solve and
 * xq_solver_solve_distance): the arguments checked, the answer cleared,
 * the call begun for the side to move.  FALSE on bad arguments. */
static gboolean
start_solution (XqSolver *solver, const XqPosition *pos, int max_n, XqSolution *out,
                XqPosition *p)
{
  g_return_val_if_fail (solver != NULL, FALSE);
  g_return_val_if_fail (pos != NULL && out != NULL, FALSE);
  g_return_val_if_fail (max_n >= 1 && max_n <= XQ_SOLVER_MAX_DEPTH, FALSE);
  g_return_val_if_fail (pos->king[0] != XQ_NO_SQUARE && pos->king[1] != XQ_NO_SQUARE, FALSE);

  memset (out, 0, sizeof *out);
  *p = *pos;
  begin (solver, p->side);
  return TRUE;
}

XqSolveResult
xq_solver_solve (XqSolver *solver, const XqPosition *pos, int max_n, XqSolution *out)
{
  XqPosition p;
  XqMove moves[XQ_MAX_MOVES];
  int count;

  if (!start_solution (solver, pos, max_n, out, &p))
    return XQ_SOLVE_ABORTED;
  count = legal_moves (solver, &p, moves);
  qsort (moves, (size_t) count, sizeof *moves, compare_iccs_moves);

  if (max_n >= PN_FROM && solver->proof_numbers)
    return solve_by_proof_numbers (solver, &p, max_n, moves, count, out);

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
  out->work_proof_numbers = solver->pn_work;
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
  out->work_proof_numbers = solver->pn_work;
          tt_store_win (solver, &p, n, out->keys[0]);
          return XQ_SOLVE_MATE;
        }
      tt_store_nowin (solver, &p, n, XQ_MOVE_NONE);
    }
  out->nodes = solver->nodes;
  out->work = solver->work;
  out->work_proof_numbers = solver->pn_work;
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

/* The distance mode's first try at "a win within n" (n >= PN_DISTANCE_FROM, every
 * smaller n already refuted): the proof-number search, which finds a win
 * far sooner than the ordered depth-first search, on a leash of as much
 * work as the call has spent so far (at least PN_LEASH_MIN units), since
 * the refutations that fail are where it is slow.  1: proved (the root's
 * entry holds the move); 0: proved that there is none; -1: off the leash,
 * and the exact search must decide (s->aborted stays set only when the
 * caller's own bounds ran out or the call was cancelled).  The answers
 * are exact either way: the leash only decides which search proves them. */
#define PN_LEASH_MIN G_GUINT64_CONSTANT (200000)
/* Below this the exact search alone is cheaper: on the 717 mates in 3
 * and 4 of tools/game-mates.fen the leash from n = 2 cost a quarter more
 * work, while from mates in 6 on it saved 12-30% (docs/solver.md). */
#define PN_DISTANCE_FROM 4

static int
distance_by_proof_numbers (XqSolver *s, XqPosition *p, int n, int *win)
{
  guint64 limit = s->work_limit;
  guint64 leash = s->work + MAX (s->work, PN_LEASH_MIN);
  int r;

  *win = n;
  s->work_limit = limit == 0 ? leash : MIN (limit, leash);
  r = xq_solver_pn_search (s, p, n, TRUE, win);
  s->work_limit = limit;
  if (r >= 0)
    return r;
  if (!g_atomic_int_get (&s->cancelled) && !s->timed_out &&
      (limit == 0 || s->work <= limit) && (s->limit == 0 || s->nodes <= s->limit))
    s->aborted = FALSE;
  return -1;
}

/* The end of the one-key modes: out->keys[0], the move the table holds
 * for a position just proved to win within n, is checked (a lookup, as it
 * was just proved), in release builds too: an answer never names a move
 * that does not win within the length it gives. */
static XqSolveResult
one_key_answer (XqSolver *solver, XqPosition *p, int n, XqSolution *out)
{
  gboolean holds = out->keys[0] != XQ_MOVE_NONE && xq_position_is_legal (p, out->keys[0]);
  XqUndo u;

  if (holds)
    {
      xq_position_do_move (p, out->keys[0], &u);
      holds = defend (solver, p, n - 1, 1);
      xq_position_undo_move (p, out->keys[0], &u);
    }
  out->nodes = solver->nodes;
  out->work = solver->work;
  out->work_proof_numbers = solver->pn_work;
  if (solver->aborted)
    return XQ_SOLVE_ABORTED;
  if (!holds)
    {
      g_critical ("solver: no key for a position proven to win within %d", n);
      return XQ_SOLVE_ABORTED;
    }
  out->mate = n;
  out->n_keys = 1;
  return XQ_SOLVE_MATE;
}

XqSolveResult
xq_solver_solve_distance (XqSolver *solver, const XqPosition *pos, int max_n, XqSolution *out)
{
  XqPosition p;
  int n;

  if (!start_solution (solver, pos, max_n, out, &p))
    return XQ_SOLVE_ABORTED;
  /* Every n below the distance is refuted, which proves that no shorter
   * win exists; at the distance the search stops at its first winning
   * move, which it leaves in the root's table entry.  From n = 4 on, each
   * n is asked of the proof-number search first, on a leash, then (when
   * that did not decide) of attack (n). */
  for (n = 1; n <= max_n; n++)
    {
      gboolean wins;

      /* Everything spent so far went into refuting the smaller n. */
      out->work_shorter = solver->work;
      if (n >= PN_DISTANCE_FROM)
        {
          int win;
          int r = distance_by_proof_numbers (solver, &p, n, &win);

          if (r == 1)
            {
              const TTEntry *e = tt_probe (solver, &p);

              out->keys[0] = e != NULL ? e->best : XQ_MOVE_NONE;
              break;
            }
          if (r == 0)
            continue;
          if (solver->aborted)
            break;
        }
      wins = attack (solver, &p, n, 0);

      if (solver->aborted)
        break;
      if (wins)
        {
          const TTEntry *e = tt_probe (solver, &p);

          out->keys[0] = e != NULL ? e->best : XQ_MOVE_NONE;
          break;
        }
    }
  out->nodes = solver->nodes;
  out->work = solver->work;
  out->work_proof_numbers = solver->pn_work;
  if (n > max_n)
    out->work_shorter = solver->work;
  if (solver->aborted)
    return XQ_SOLVE_ABORTED;
  if (n > max_n)
    return XQ_SOLVE_NONE;

  return one_key_answer (solver, &p, n, out);
}

XqSolveResult
xq_solver_solve_within (XqSolver *solver, const XqPosition *pos, int n, XqSolution *out)
{
  XqPosition p;
  int r, win = n;

  if (!start_solution (solver, pos, n, out, &p))
    return XQ_SOLVE_ABORTED;
  /* From n = 5, the proof-number search over all moves, at n itself, with
   * the call's whole budget (it gives the length of the win it proved);
   * below, the exact search at n (a win within n).  On the 287 mates in 4
   * of tools/game-mates.fen the exact search took 1.2 s of CPU against the
   * proof numbers' 2.8 s; on the 161 mates in 5, 6.2 s against 6.3 s. */
  r = n >= 5 ? xq_solver_pn_search (solver, &p, n, TRUE, &win) : -2;
  if (r == -2)
    r = attack (solver, &p, n, 0) ? 1 : solver->aborted ? -1 : 0;
  if (r <= 0)
    {
      out->nodes = solver->nodes;
      out->work = solver->work;
      out->work_proof_numbers = solver->pn_work;
      return r < 0 || solver->aborted ? XQ_SOLVE_ABORTED : XQ_SOLVE_NONE;
    }
  if (!solver->aborted)
    {
      const TTEntry *e = tt_probe (solver, &p);

      out->keys[0] = e != NULL ? e->best : XQ_MOVE_NONE;
    }
  out->nodes = solver->nodes;
  out->work = solver->work;
  out->work_proof_numbers = solver->pn_work;
  if (solver->aborted)
    return XQ_SOLVE_ABORTED;

  return one_key_answer (solver, &p, win, out);
}

XqSolveResult
xq_solver_wins_within (XqSolver *solver, const XqPosition *pos, int n)
{
  XqPosition p;

  g_return_val_if_fail (solver != NULL && pos != NULL, XQ_SOLVE_ABORTED);
  g_return_val_if_fail (n >= 1 && n <= XQ_SOLVER_MAX_DEPTH, XQ_SOLVE_ABORTED);

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
  g_return_val_if_fail (k >= 1 && k <= XQ_SOLVER_MAX_DEPTH, XQ_SOLVE_ABORTED);

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
  g_return_val_if_fail (max_k >= 1 && max_k <= XQ_SOLVER_MAX_DEPTH, XQ_SOLVE_ABORTED);

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
