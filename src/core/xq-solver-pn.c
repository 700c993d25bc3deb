/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-solver-pn.c: depth-first proof-number search (df-pn) over all moves,
 * the solver's main engine for questions of three moves or more
 * (docs/solver.md).
 *
 * A node is a position with the number of attacker moves still allowed
 * (d), so the tree has no cycles: a perpetual check never proves anything,
 * it only runs out of moves, and the repetition troubles of df-pn on
 * graphs do not arise.  Every attacker move is a child (quiet ones
 * included), every defender reply too, so a proof is a forced win and a
 * disproof a proof that there is none within d: both are exact and go
 * into the exact search's table, which this search also reads.  The
 * attacker's last move (d = 1) is judged by the exact search's one-move
 * test, which knows stalemate (困斃) too.
 *
 * A proof also says how deep it really is: a node proved "within d" is
 * stored with the number of attacker moves its proof tree needs, which
 * may be fewer, so the caller can ask the next question at once below it.
 */
#define G_LOG_DOMAIN "xq-solver"

#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "xq-solver-private.h"
#include "xq-material.h"
#include "xq-tables.h"

#define PN_BITS 20
#define PN_SIZE (1u << PN_BITS)
#define PN_INF  G_GUINT64_CONSTANT (1000000000)

/* pn = 0: proved, and dn holds the proof's depth; dn = 0: disproved. */
typedef struct {
  guint64 key;
  guint32 pn, dn;
} PnEntry;

typedef struct _XqPn XqPn;

struct _XqPn {
  PnEntry *tt;
  gboolean stopped;
};

typedef struct {
  XqMove  move;
  guint64 key;        /* the child's key in the solver's table (salted) */
  guint64 pn, dn;
  int     win;        /* pn = 0: the attacker moves the child's proof needs */
  int     order;      /* ties go to the smaller */
} PnChild;

typedef struct {
  guint64 pn, dn;
  int     win;
} PnResult;

static inline guint64
mix (guint64 x)
{
  x += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  x = (x ^ (x >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  x = (x ^ (x >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return x ^ (x >> 31);
}

/* The solver's generation is mixed in: clearing the solver forgets these
 * entries too. */
static inline guint64
pn_key (const XqSolver *s, guint64 key, int d)
{
  return key ^ mix ((guint64) s->gen * 64 + (guint64) d);
}

/* The slot does not depend on the generation: which positions share a
 * slot, and so every search and the work it costs, is the same after
 * each clearing (a budget's verdict must not depend on the calls before). */
static inline PnEntry *
pn_slot (const XqPn *pn, guint64 key, int d)
{
  return &pn->tt[(key ^ mix ((guint64) d)) & (PN_SIZE - 1)];
}

void
xq_solver_pn_free (XqPn *pn)
{
  if (pn == NULL)
    return;
  free (pn->tt);
  g_free (pn);
}

static XqPn *
pn_get (XqSolver *s)
{
  if (s->pn == NULL)
    {
      const size_t size = sizeof (PnEntry) * PN_SIZE;
      void *mem = NULL;

      /* On huge pages where the system offers them, as the exact
       * search's table: every probe is a likely cache miss, and without
       * them a miss of the address translation too. */
      if (posix_memalign (&mem, 2 * 1024 * 1024, size) != 0)
        g_error ("solver: out of memory for the proof-number table");
#ifdef MADV_HUGEPAGE
      madvise (mem, size, MADV_HUGEPAGE);
#endif
      memset (mem, 0, size);
      s->pn = g_new0 (XqPn, 1);
      s->pn->tt = mem;
    }
  return s->pn;
}

/* The key the position gets after m, salted like the solver's. */
static inline guint64
after_key (const XqSolver *s, const XqTables *t, const XqPosition *pos, XqMove m)
{
  XqSquare from = xq_move_from (m), to = xq_move_to (m);
  XqPiece moving = pos->board[from], captured = pos->board[to];
  guint64 k = pos->key ^ t->zobrist[moving][from] ^ t->zobrist[moving][to] ^ t->zobrist_side;

  if (captured != XQ_EMPTY)
    k ^= t->zobrist[captured][to];
  return k ^ s->salt;
}

/* Does the solver's exact table settle the child (d: its own count)?
 * Sets the child's numbers when it does. */
static inline gboolean
settle_from_table (const XqSolver *s, PnChild *c, int d)
{
  const TTEntry *e = xq_solver_probe (s, c->key);

  if (e == NULL)
    return FALSE;
  if (e->win <= d)
    {
      c->pn = 0;
      c->dn = PN_INF;
      c->win = e->win;
      return TRUE;
    }
  if (e->nowin >= d)
    {
      c->pn = PN_INF;
      c->dn = 0;
      return TRUE;
    }
  return FALSE;
}

/* The numbers this table remembers for the child, if any. */
static inline void
recall (const XqSolver *s, const XqPn *pn, PnChild *c, int d)
{
  guint64 k = pn_key (s, c->key, d);
  const PnEntry *p = pn_slot (pn, c->key, d);

  if (p->key != k)
    return;
  if (p->pn == 0)
    {
      c->pn = 0;
      c->dn = PN_INF;
      c->win = (int) p->dn;
    }
  else
    {
      c->pn = p->pn;
      c->dn = p->dn;
    }
}

static void
pn_store (const XqSolver *s, XqPn *pn, guint64 key, int d, guint64 pnv, guint64 dnv, int win)
{
  guint64 k = pn_key (s, key, d);
  PnEntry *p = pn_slot (pn, key, d);

  p->key = k;
  p->pn = (guint32) MIN (pnv, PN_INF);
  p->dn = pnv == 0 ? (guint32) win : (guint32) MIN (dnv, PN_INF);
}

static inline gboolean
pn_charge (XqSolver *s, XqPn *pn, guint64 units)
{
  if (!charge (s, units))
    pn->stopped = TRUE;
  return !pn->stopped;
}

static inline guint64
sat_add (guint64 a, guint64 b)
{
  return MIN (a + b, PN_INF);
}

/* Best first; among equals, the smaller order. */
static void
sort_children (PnChild *v, int n)
{
  for (int i = 1; i < n; i++)
    {
      PnChild x = v[i];
      int j = i;

      while (j > 0 && (v[j - 1].order > x.order ||
                       (v[j - 1].order == x.order && v[j - 1].move > x.move)))
        {
          v[j] = v[j - 1];
          j--;
        }
      v[j] = x;
    }
}

/* The attacker's children: every legal move, numbered by the replies it
 * leaves (a check that leaves one is nearly a proof).  Returns FALSE when
 * the node is settled on the way: *res then holds its numbers. */
static gboolean
expand_attacker (XqSolver *s, XqPn *pn, XqPosition *pos, int d, PnChild *kids, int *n_kids,
                 PnResult *res)
{
  const XqTables *t = xq_tables ();
  XqMove moves[XQ_MAX_MOVES], replies[XQ_MAX_MOVES];
  int n_moves = xq_position_legal_moves (pos, moves);

  *n_kids = 0;
  if (!pn_charge (s, pn, (guint64) n_moves + SCAN_COST + 16))
    return FALSE;
  for (int i = 0; i < n_moves; i++)
    {
      XqMove m = moves[i];
      PnChild *c = &kids[*n_kids];
      gboolean check;
      XqUndo u;
      int n_replies;

      c->move = m;
      c->key = after_key (s, t, pos, m);
      c->win = 0;
      if (settle_from_table (s, c, d - 1))
        {
          if (c->pn == 0)
            {
              res->pn = 0;
              res->dn = PN_INF;
              res->win = c->win + 1;
              xq_solver_store_win (s, pos, res->win, m);
              return FALSE;
            }
          continue;  /* refuted already: not a child */
        }
      check = xq_position_move_may_check (pos, m);
      xq_position_do_move (pos, m, &u);
      check = check && xq_position_in_check (pos, pos->side);
      n_replies = xq_position_legal_moves (pos, replies);
      xq_position_undo_move (pos, m, &u);
      if (!pn_charge (s, pn, (guint64) n_replies + SCAN_COST + 16))
        return FALSE;
      if (n_replies == 0)
        {
          /* Mate, or stalemate (困斃): a win either way. */
          res->pn = 0;
          res->dn = PN_INF;
          res->win = 1;
          xq_solver_store_win (s, pos, 1, m);
          return FALSE;
        }
      c->pn = (guint64) n_replies;
      c->dn = 1;
      recall (s, pn, c, d - 1);
      c->order = check ? 0 : 1;
      (*n_kids)++;
    }
  if (*n_kids == 0)
    {
      res->pn = PN_INF;
      res->dn = 0;
      xq_solver_store_nowin (s, pos, d, XQ_MOVE_NONE);
      return FALSE;
    }
  sort_children (kids, *n_kids);
  return TRUE;
}

/* The defender's children: every legal reply; the refutation the table
 * remembers first, then captures, then general moves. */
static gboolean
expand_defender (XqSolver *s, XqPn *pn, XqPosition *pos, int d, PnChild *kids, int *n_kids,
                 PnResult *res)
{
  const XqTables *t = xq_tables ();
  XqMove moves[XQ_MAX_MOVES];
  const TTEntry *e = xq_solver_probe (s, pos->key ^ s->salt);
  XqMove hint = e != NULL ? e->best : XQ_MOVE_NONE;
  int n_moves = xq_position_legal_moves (pos, moves);

  *n_kids = 0;
  if (!pn_charge (s, pn, (guint64) n_moves + SCAN_COST + 16))
    return FALSE;
  if (n_moves == 0)
    {
      res->pn = 0;
      res->dn = PN_INF;
      res->win = 0;
      xq_solver_store_win (s, pos, 0, XQ_MOVE_NONE);
      return FALSE;
    }
  for (int i = 0; i < n_moves; i++)
    {
      XqMove m = moves[i];
      PnChild *c = &kids[*n_kids];
      XqPiece victim = pos->board[xq_move_to (m)];

      c->move = m;
      c->key = after_key (s, t, pos, m);
      c->win = 0;
      if (!settle_from_table (s, c, d))
        {
          c->pn = 1;
          c->dn = 1;
          if (d == 1)
            {
              /* The attacker's last move follows: judged at once. */
              XqUndo u;
              gboolean wins;

              xq_position_do_move (pos, m, &u);
              wins = xq_solver_win_in_one (s, pos);
              xq_position_undo_move (pos, m, &u);
              if (s->aborted || !pn_charge (s, pn, 0))
                return FALSE;
              c->pn = wins ? 0 : PN_INF;
              c->dn = wins ? PN_INF : 0;
              c->win = 1;
            }
          else
            recall (s, pn, c, d);
        }
      if (c->dn == 0)
        {
          res->pn = PN_INF;
          res->dn = 0;
          xq_solver_store_nowin (s, pos, d, m);
          return FALSE;
        }
      if (m == hint)
        c->order = 0;
      else if (victim != XQ_EMPTY)
        c->order = 10 - order_value_of (xq_piece_type (victim));
      else if (xq_piece_type (pos->board[xq_move_from (m)]) == XQ_KING)
        c->order = 20;
      else
        c->order = 30;
      (*n_kids)++;
    }
  sort_children (kids, *n_kids);
  return TRUE;
}

/* Searches the node until its proof or disproof number reaches its
 * threshold; *res gets its numbers.  or_node: the attacker is to move with
 * d moves left (d >= 1); otherwise the defender is to move and the
 * attacker has d moves left after its reply (d >= 1). */
static void
mid (XqSolver *s, XqPn *pn, XqPosition *pos, int d, gboolean or_node,
     guint64 th_pn, guint64 th_dn, PnResult *res)
{
  PnChild kids[XQ_MAX_MOVES];
  guint64 key = pos->key ^ s->salt;
  int n_kids = 0;
  int child_d = or_node ? d - 1 : d;

  res->pn = 1;
  res->dn = 1;
  res->win = 0;
  s->nodes++;
  if (!pn_charge (s, pn, NODE_COST))
    return;

  if (or_node && d == 1)
    {
      /* The last move: judged exactly, and kept in the solver's table. */
      gboolean wins = xq_solver_win_in_one (s, pos);

      if (s->aborted)
        {
          pn->stopped = TRUE;
          return;
        }
      res->pn = wins ? 0 : PN_INF;
      res->dn = wins ? PN_INF : 0;
      res->win = 1;
      pn_store (s, pn, key, d, res->pn, res->dn, res->win);
      return;
    }

  if (!(or_node ? expand_attacker (s, pn, pos, d, kids, &n_kids, res)
                : expand_defender (s, pn, pos, d, kids, &n_kids, res)))
    {
      if (!pn->stopped)
        pn_store (s, pn, key, d, res->pn, res->dn, res->win);
      return;
    }

  for (;;)
    {
      guint64 pn_sum = 0, dn_sum = 0, best_v = PN_INF + 1, second = PN_INF + 1;
      guint64 node_pn, node_dn;
      int best = -1, win = or_node ? G_MAXINT : 0, win_kid = -1;
      PnChild *c;
      PnResult r;
      XqUndo u;

      for (int i = 0; i < n_kids; i++)
        {
          guint64 v;

          c = &kids[i];
          /* A transposition may have settled it meanwhile. */
          if (c->pn != 0 && c->dn != 0)
            settle_from_table (s, c, child_d);
          pn_sum = sat_add (pn_sum, c->pn);
          dn_sum = sat_add (dn_sum, c->dn);
          /* A proved attacker node wins as fast as its fastest proved
           * child, and that child's move is the one the table keeps: the
           * first proved child may be slower (it kept g5e6, a win in 3,
           * as the move of a win in 2; found by xq_solver_solve_within). */
          if (c->pn == 0 && or_node && c->win + 1 < win)
            {
              win = c->win + 1;
              win_kid = i;
            }
          else if (c->pn == 0 && !or_node)
            win = MAX (win, c->win);
          v = or_node ? c->pn : c->dn;
          if (v < best_v)
            {
              second = best_v;
              best_v = v;
              best = i;
            }
          else if (v < second)
            second = v;
        }
      if (!pn_charge (s, pn, (guint64) n_kids))
        return;

      node_pn = or_node ? best_v : pn_sum;
      node_dn = or_node ? dn_sum : best_v;
      if (node_pn == 0 || node_dn == 0 || node_pn >= th_pn || node_dn >= th_dn)
        {
          res->pn = node_pn;
          res->dn = node_dn;
          res->win = win;
          pn_store (s, pn, key, d, node_pn, node_dn, win);
          if (node_pn == 0)
            xq_solver_store_win (s, pos, win, or_node ? kids[win_kid].move : XQ_MOVE_NONE);
          else if (node_dn == 0)
            xq_solver_store_nowin (s, pos, d, or_node ? XQ_MOVE_NONE : kids[best].move);
          return;
        }

      {
        guint64 c_th_pn, c_th_dn;
        /* 1 + epsilon: stay a little longer in a child before switching,
         * which saves most re-expansions. */
        guint64 grace = second + second / 4 + 1;

        c = &kids[best];
        if (or_node)
          {
            c_th_pn = MIN (th_pn, grace);
            c_th_dn = th_dn - node_dn + c->dn;
          }
        else
          {
            c_th_dn = MIN (th_dn, grace);
            c_th_pn = th_pn - node_pn + c->pn;
          }
        c_th_pn = MIN (c_th_pn, PN_INF);
        c_th_dn = MIN (c_th_dn, PN_INF);
        xq_position_do_move (pos, c->move, &u);
        mid (s, pn, pos, child_d, !or_node, c_th_pn, c_th_dn, &r);
        xq_position_undo_move (pos, c->move, &u);
        if (pn->stopped)
          return;
        c->pn = r.pn;
        c->dn = r.dn;
        c->win = r.win;
      }
    }
}

int
xq_solver_pn_search (XqSolver *s, XqPosition *pos, int d, gboolean attacker_to_move,
                     int *win)
{
  XqPn *pn = pn_get (s);
  PnResult r = { 1, 1, 0 };
  guint64 start = s->work;

  g_return_val_if_fail (d >= 1, -1);
  pn->stopped = s->aborted;
  while (!pn->stopped)
    {
      mid (s, pn, pos, d, attacker_to_move, PN_INF, PN_INF, &r);
      if (r.pn == 0 || r.dn == 0)
        break;
    }
  s->pn_work += s->work - start;
  if (pn->stopped || s->aborted)
    return -1;
  if (r.pn == 0 && win != NULL)
    *win = r.win;
  return r.pn == 0;
}
