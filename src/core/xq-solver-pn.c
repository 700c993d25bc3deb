/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-solver-pn.c: depth-first proof-number search (df-pn) for a forced
 * win by checks, the solver's first stage (docs/solver.md).
 *
 * The attacker's moves are its checks; the defender's are all its legal
 * replies.  A node is a position with the number of attacker moves still
 * allowed (d), so the tree has no cycles: a perpetual check never proves
 * anything, it only runs out of moves.  The attacker's last move (d = 1)
 * is judged exactly by the exact search's one-move test, which knows
 * stalemate (困斃) too.
 *
 * Every node it proves is a real forced win, so it goes into the exact
 * solver's table ("wins within d"); what it fails to prove says nothing,
 * because a quiet move may still win.  The exact search then proves the
 * distance and the keys and finds the winning lines already in its table.
 */
#define G_LOG_DOMAIN "xq-solver"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "xq-solver-private.h"
#include "xq-tables.h"

#define PN_BITS 20
#define PN_SIZE (1u << PN_BITS)
#define PN_INF  G_GUINT64_CONSTANT (1000000000)

typedef struct {
  guint64 key;
  guint32 pn, dn;
} PnEntry;

typedef struct _XqPn XqPn;

struct _XqPn {
  PnEntry *tt;
  guint64  epoch;     /* mixed into every key: a new proof needs no clearing */
  guint64  stop_at;   /* the solver's work count at which this proof gives up */
  gboolean stopped;
};

typedef struct {
  XqMove  move;
  guint64 key;        /* the child's key in the solver's table (salted) */
  guint64 pn, dn;
  gboolean settled;   /* proved or disproved when it was generated */
} PnChild;

static inline guint64
mix (guint64 x)
{
  x += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  x = (x ^ (x >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  x = (x ^ (x >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return x ^ (x >> 31);
}

static inline guint64
pn_key (const XqPn *pn, guint64 key, int d)
{
  return key ^ mix (pn->epoch * 64 + (guint64) d);
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
      s->pn = g_new0 (XqPn, 1);
      s->pn->tt = calloc (PN_SIZE, sizeof (PnEntry));
      if (s->pn->tt == NULL)
        g_error ("solver: out of memory for the proof-number table");
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

/* The numbers of a child: d is its own count of attacker moves, or_node
 * whether the attacker moves there.  The solver's table settles it when it
 * can; otherwise this table, or the child's first estimate. */
static void
child_values (XqSolver *s, XqPn *pn, PnChild *c, int d, gboolean or_node)
{
  const TTEntry *e;
  const PnEntry *p;
  guint64 k;

  if (c->settled)
    return;
  e = xq_solver_probe (s, c->key);
  if (e != NULL && e->win <= d)
    {
      c->pn = 0;
      c->dn = PN_INF;
      return;
    }
  if (e != NULL && e->nowin >= d)
    {
      c->pn = PN_INF;
      c->dn = 0;
      return;
    }
  (void) or_node;
  k = pn_key (pn, c->key, d);
  p = &pn->tt[k & (PN_SIZE - 1)];
  if (p->key == k)
    {
      c->pn = p->pn;
      c->dn = p->dn;
    }
}

static void
pn_store (XqPn *pn, guint64 key, int d, guint64 pnv, guint64 dnv)
{
  guint64 k = pn_key (pn, key, d);
  PnEntry *p = &pn->tt[k & (PN_SIZE - 1)];

  p->key = k;
  p->pn = (guint32) MIN (pnv, PN_INF);
  p->dn = (guint32) MIN (dnv, PN_INF);
}

static inline gboolean
pn_charge (XqSolver *s, XqPn *pn, guint64 units)
{
  if (!charge (s, units) || s->work >= pn->stop_at)
    pn->stopped = TRUE;
  return !pn->stopped;
}

static inline guint64
sat_add (guint64 a, guint64 b)
{
  return MIN (a + b, PN_INF);
}

/* The number of legal moves of the side to move, charged like the exact
 * search charges its generators. */
static int
count_replies (XqSolver *s, XqPn *pn, XqPosition *pos)
{
  XqMove moves[XQ_MAX_MOVES];
  int n = xq_position_legal_moves (pos, moves);

  pn_charge (s, pn, (guint64) n + SCAN_COST + 16);
  return n;
}

/* Expands the node until its proof or disproof number reaches its
 * threshold.  or_node: the attacker is to move with d moves left (d >= 1);
 * otherwise the defender is to move and the attacker has d moves left
 * after its reply (d >= 1). */
static void
mid (XqSolver *s, XqPn *pn, XqPosition *pos, int d, gboolean or_node,
     guint64 th_pn, guint64 th_dn)
{
  const XqTables *t = xq_tables ();
  XqMove moves[XQ_MAX_MOVES];
  PnChild kids[XQ_MAX_MOVES];
  guint64 key = pos->key ^ s->salt;
  int n_moves, n_kids = 0;
  int child_d = or_node ? d - 1 : d;

  s->nodes++;
  if (!pn_charge (s, pn, NODE_COST))
    return;

  if (or_node && d == 1)
    {
      /* The last move: judged exactly, and kept in the solver's table. */
      if (!xq_solver_win_in_one (s, pos))
        pn_store (pn, key, d, PN_INF, 0);
      else
        pn_store (pn, key, d, 0, PN_INF);
      return;
    }

  n_moves = xq_position_legal_moves (pos, moves);
  if (!pn_charge (s, pn, (guint64) n_moves + SCAN_COST + 16))
    return;

  if (or_node)
    {
      for (int i = 0; i < n_moves; i++)
        {
          XqMove m = moves[i];
          XqUndo u;
          int replies;

          if (!xq_position_move_may_check (pos, m))
            continue;
          xq_position_do_move (pos, m, &u);
          if (!xq_position_in_check (pos, pos->side))
            {
              xq_position_undo_move (pos, m, &u);
              continue;
            }
          replies = count_replies (s, pn, pos);
          xq_position_undo_move (pos, m, &u);
          if (pn->stopped)
            return;
          if (replies == 0)
            {
              xq_solver_store_win (s, pos, 1, m);
              pn_store (pn, key, d, 0, PN_INF);
              return;
            }
          kids[n_kids].move = m;
          kids[n_kids].key = after_key (s, t, pos, m);
          /* Fewer replies, nearer a proof. */
          kids[n_kids].pn = (guint64) replies;
          kids[n_kids].dn = 1;
          kids[n_kids].settled = FALSE;
          n_kids++;
        }
      if (n_kids == 0)
        {
          pn_store (pn, key, d, PN_INF, 0);
          return;
        }
    }
  else
    {
      if (n_moves == 0)
        {
          xq_solver_store_win (s, pos, 0, XQ_MOVE_NONE);
          pn_store (pn, key, d, 0, PN_INF);
          return;
        }
      for (int i = 0; i < n_moves; i++)
        {
          PnChild *c = &kids[n_kids++];

          c->move = moves[i];
          c->key = after_key (s, t, pos, moves[i]);
          c->pn = 1;
          c->dn = 1;
          c->settled = FALSE;
          if (d == 1)
            {
              /* The attacker's last move follows: judged at once, and one
               * reply that escapes disproves the node. */
              XqUndo u;
              gboolean wins;

              xq_position_do_move (pos, moves[i], &u);
              wins = xq_solver_win_in_one (s, pos);
              xq_position_undo_move (pos, moves[i], &u);
              if (s->aborted || !pn_charge (s, pn, 0))
                return;
              if (!wins)
                {
                  pn_store (pn, key, d, PN_INF, 0);
                  return;
                }
              c->pn = 0;
              c->dn = PN_INF;
              c->settled = TRUE;
            }
        }
    }

  for (;;)
    {
      guint64 pn_sum = 0, dn_sum = 0, best_v = PN_INF + 1, second = PN_INF + 1;
      guint64 min_pn = PN_INF, min_dn = PN_INF;
      int best = -1;
      XqUndo u;

      for (int i = 0; i < n_kids; i++)
        {
          PnChild *c = &kids[i];
          guint64 v;

          child_values (s, pn, c, child_d, !or_node);
          pn_sum = sat_add (pn_sum, c->pn);
          dn_sum = sat_add (dn_sum, c->dn);
          min_pn = MIN (min_pn, c->pn);
          min_dn = MIN (min_dn, c->dn);
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

      {
        guint64 node_pn = or_node ? min_pn : pn_sum;
        guint64 node_dn = or_node ? dn_sum : min_dn;

        if (node_pn >= th_pn || node_dn >= th_dn || node_pn == 0 || node_dn == 0)
          {
            pn_store (pn, key, d, node_pn, node_dn);
            if (node_pn == 0)
              xq_solver_store_win (s, pos, d, or_node ? kids[best].move : XQ_MOVE_NONE);
            return;
          }

        {
          PnChild *c = &kids[best];
          guint64 c_th_pn, c_th_dn;
          /* 1 + epsilon: stay a little longer in a child before switching,
           * which saves most re-expansions. */
          guint64 grace = second + second / 4 + 1;

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
          mid (s, pn, pos, child_d, !or_node, c_th_pn, c_th_dn);
          xq_position_undo_move (pos, c->move, &u);
          if (pn->stopped)
            return;
        }
      }
    }
}

gboolean
xq_solver_pn_prove (XqSolver *s, XqPosition *pos, int n, guint64 work)
{
  XqPn *pn = pn_get (s);
  guint64 key = pos->key ^ s->salt;
  const TTEntry *e;

  pn->epoch++;
  pn->stopped = FALSE;
  pn->stop_at = s->work + work;
  for (;;)
    {
      const PnEntry *p;
      guint64 k = pn_key (pn, key, n);

      e = xq_solver_probe (s, key);
      if (e != NULL && e->win <= n)
        return TRUE;
      if (e != NULL && e->nowin >= n)
        return FALSE;
      p = &pn->tt[k & (PN_SIZE - 1)];
      if (p->key == k && (p->pn == 0 || p->dn == 0))
        return p->pn == 0;
      if (pn->stopped || s->aborted)
        return FALSE;
      mid (s, pn, pos, n, TRUE, PN_INF, PN_INF);
    }
}
