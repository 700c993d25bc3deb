/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-tactics.c: "win material in N" by alpha-beta over the legal moves
 * (xq-tactics.h).  Values are from the attacker's side throughout: the
 * attacker maximises, the defender minimises. */
#define G_LOG_DOMAIN "xq-tactics"

#include "config.h"

#include <string.h>

#include "xq-material.h"
#include "xq-tactics.h"

/* How many plies the exchange after the horizon may last. */
#define QUIET_PLIES 10
#define INF (XQ_TACTIC_WIN + 1000)

typedef struct {
  guint64  work;
  guint64  budget;
  gboolean out_of_work;
  XqMove   pv[XQ_TACTIC_MAX_LINE + 2][XQ_TACTIC_MAX_LINE + 2];
  int      pv_len[XQ_TACTIC_MAX_LINE + 2];
} Search;

static gboolean
spend (Search *s)
{
  if (s->out_of_work)
    return FALSE;
  if (++s->work > s->budget)
    {
      s->out_of_work = TRUE;
      return FALSE;
    }
  return TRUE;
}

static void
pv_set (Search *s, int ply, XqMove m)
{
  if (ply >= XQ_TACTIC_MAX_LINE)
    return;
  s->pv[ply][0] = m;
  s->pv_len[ply] = 1;
  for (int i = 0; i < s->pv_len[ply + 1] && i + 1 < XQ_TACTIC_MAX_LINE - ply; i++)
    {
      s->pv[ply][i + 1] = s->pv[ply + 1][i];
      s->pv_len[ply]++;
    }
}

/* The value of what m captures (0 for a quiet move). */
static int
taken (const XqPosition *pos, XqMove m)
{
  XqPiece victim = pos->board[xq_move_to (m)];

  return victim == XQ_EMPTY ? 0 : xq_material_value (victim, xq_move_to (m));
}

/* Legal moves, captures first (most valuable victim, then least valuable
 * capturer); only captures (onto `only`, unless it is XQ_NO_SQUARE) when
 * captures_only.  Returns the count. */
static int
ordered_moves (XqPosition *pos, XqMove *out, gboolean captures_only, XqSquare only)
{
  XqMove pseudo[XQ_MAX_MOVES];
  int keys[XQ_MAX_MOVES];
  int n = xq_position_pseudo_moves (pos, pseudo), k = 0;
  gboolean in_check = xq_position_in_check (pos, pos->side);

  for (int i = 0; i < n; i++)
    {
      XqMove m = pseudo[i];
      int v = taken (pos, m), key;

      if (captures_only && (v == 0 || (only != XQ_NO_SQUARE && xq_move_to (m) != only)))
        continue;
      if (pos->board[xq_move_to (m)] != XQ_EMPTY && v == 0 && captures_only)
        continue;
      if (!xq_position_pseudo_is_legal (pos, m, in_check))
        continue;
      key = v > 0 ? 1000 + 10 * v - xq_material_value (pos->board[xq_move_from (m)], xq_move_from (m)) / 10 : 0;
      /* Insertion by key, stable, so the order is the generator's among equals. */
      int j = k++;
      while (j > 0 && keys[j - 1] < key)
        {
          out[j] = out[j - 1];
          keys[j] = keys[j - 1];
          j--;
        }
      out[j] = m;
      keys[j] = key;
    }
  return k;
}

static int attacker (Search *s, XqPosition *pos, int n, int alpha, int beta, int ply);

/* The exchange after the horizon, the side to move being `atk` or not.
 * last: where the previous move captured (XQ_NO_SQUARE: it did not). */
static int
exchange (Search *s, XqPosition *pos, gboolean atk, XqSquare last, int alpha, int beta, int ply, int left)
{
  XqMove moves[XQ_MAX_MOVES];
  gboolean in_check = xq_position_in_check (pos, pos->side);
  int n, best;

  s->pv_len[ply] = 0;
  if (!spend (s))
    return 0;
  if (in_check)
    {
      n = ordered_moves (pos, moves, FALSE, XQ_NO_SQUARE);
      if (n == 0)
        return atk ? -(XQ_TACTIC_WIN - ply) : XQ_TACTIC_WIN - ply;
      best = atk ? -INF : INF;
    }
  else
    {
      /* Standing still is allowed here: the value as it is. */
      best = 0;
      if (left <= 0 || ply >= XQ_TACTIC_MAX_LINE - 1)
        return best;
      if (atk ? best >= beta : best <= alpha)
        return best;
      if (atk && last == XQ_NO_SQUARE)
        return best;
      n = ordered_moves (pos, moves, TRUE, atk ? last : XQ_NO_SQUARE);
      if (atk)
        alpha = MAX (alpha, best);
      else
        beta = MIN (beta, best);
    }
  if (left <= 0)
    return 0;
  for (int i = 0; i < n; i++)
    {
      XqMove m = moves[i];
      int v = taken (pos, m), r;
      XqUndo undo;

      xq_position_do_move (pos, m, &undo);
      if (atk)
        r = v + exchange (s, pos, FALSE, v > 0 ? xq_move_to (m) : XQ_NO_SQUARE, alpha - v, beta - v, ply + 1, left - 1);
      else
        r = -v + exchange (s, pos, TRUE, v > 0 ? xq_move_to (m) : XQ_NO_SQUARE, alpha + v, beta + v, ply + 1, left - 1);
      xq_position_undo_move (pos, m, &undo);
      if (s->out_of_work)
        return 0;
      if (atk ? r > best : r < best)
        {
          best = r;
          pv_set (s, ply, m);
        }
      if (atk)
        alpha = MAX (alpha, best);
      else
        beta = MIN (beta, best);
      if (alpha >= beta)
        break;
    }
  return best;
}

/* The defender to move; n: the attacker's moves still to come. */
static int
defender (Search *s, XqPosition *pos, int n, int alpha, int beta, int ply)
{
  XqMove moves[XQ_MAX_MOVES];
  int count, best = INF;

  s->pv_len[ply] = 0;
  if (!spend (s))
    return 0;
  count = ordered_moves (pos, moves, FALSE, XQ_NO_SQUARE);
  if (count == 0)
    return XQ_TACTIC_WIN - ply;   /* checkmate or 困斃 */
  for (int i = 0; i < count; i++)
    {
      XqMove m = moves[i];
      int v = taken (pos, m), r;
      XqUndo undo;

      xq_position_do_move (pos, m, &undo);
      if (n == 0)
        r = -v + exchange (s, pos, TRUE, v > 0 ? xq_move_to (m) : XQ_NO_SQUARE, alpha + v, beta + v, ply + 1,
                           QUIET_PLIES);
      else
        r = -v + attacker (s, pos, n, alpha + v, beta + v, ply + 1);
      xq_position_undo_move (pos, m, &undo);
      if (s->out_of_work)
        return 0;
      if (r < best)
        {
          best = r;
          pv_set (s, ply, m);
        }
      beta = MIN (beta, best);
      if (alpha >= beta)
        break;
    }
  return best;
}

/* One move m of the attacker, then the defender; n counts m. */
static int
attacker_move (Search *s, XqPosition *pos, XqMove m, int n, int alpha, int beta, int ply)
{
  int v = taken (pos, m), r;
  XqUndo undo;

  xq_position_do_move (pos, m, &undo);
  r = v + defender (s, pos, n - 1, alpha - v, beta - v, ply + 1);
  xq_position_undo_move (pos, m, &undo);
  return r;
}

static int
attacker (Search *s, XqPosition *pos, int n, int alpha, int beta, int ply)
{
  XqMove moves[XQ_MAX_MOVES];
  int count, best = -INF;

  s->pv_len[ply] = 0;
  if (!spend (s))
    return 0;
  count = ordered_moves (pos, moves, FALSE, XQ_NO_SQUARE);
  if (count == 0)
    return -(XQ_TACTIC_WIN - ply);
  for (int i = 0; i < count; i++)
    {
      int r = attacker_move (s, pos, moves[i], n, alpha, beta, ply);

      if (s->out_of_work)
        return 0;
      if (r > best)
        {
          best = r;
          pv_set (s, ply, moves[i]);
        }
      alpha = MAX (alpha, best);
      if (alpha >= beta)
        break;
    }
  return best;
}

static void
finish (Search *s, int value, XqTactic *out)
{
  memset (out, 0, sizeof *out);
  out->complete = !s->out_of_work;
  out->work = s->work;
  if (!out->complete)
    return;
  out->value = value;
  out->n_line = MIN (s->pv_len[0], XQ_TACTIC_MAX_LINE);
  memcpy (out->line, s->pv[0], out->n_line * sizeof (XqMove));
}

gboolean
xq_tactic_solve (const XqPosition *pos, int n, guint64 budget, XqTactic *out)
{
  g_autofree Search *s = g_new0 (Search, 1);
  XqPosition p = *pos;
  int value;

  g_return_val_if_fail (n >= 1 && n <= XQ_TACTIC_MAX_MOVES, FALSE);
  s->budget = budget;
  value = attacker (s, &p, n, -INF, INF, 0);
  finish (s, value, out);
  return out->complete;
}

gboolean
xq_tactic_solve_move (const XqPosition *pos, XqMove m, int n, guint64 budget, XqTactic *out)
{
  g_autofree Search *s = g_new0 (Search, 1);
  XqPosition p = *pos;
  int value;

  g_return_val_if_fail (n >= 1 && n <= XQ_TACTIC_MAX_MOVES, FALSE);
  g_return_val_if_fail (xq_position_is_legal (&p, m), FALSE);
  s->budget = budget;
  value = attacker_move (s, &p, m, n, -INF, INF, 0);
  if (!s->out_of_work)
    pv_set (s, 0, m);
  finish (s, value, out);
  return out->complete;
}

/* A null-window test: is m worth at least gain? */
static gboolean
wins (Search *s, XqPosition *pos, XqMove m, int n, int gain)
{
  return attacker_move (s, pos, m, n, gain - 1, gain, 0) >= gain && !s->out_of_work;
}

gboolean
xq_tactic_move_wins (const XqPosition *pos, XqMove m, int n, int gain, guint64 budget, gboolean *complete)
{
  g_autofree Search *s = g_new0 (Search, 1);
  XqPosition p = *pos;
  gboolean ok;

  g_return_val_if_fail (n >= 1 && n <= XQ_TACTIC_MAX_MOVES, FALSE);
  g_return_val_if_fail (xq_position_is_legal (&p, m), FALSE);
  s->budget = budget;
  ok = wins (s, &p, m, n, gain);
  if (complete != NULL)
    *complete = !s->out_of_work;
  return ok;
}

int
xq_tactic_keys (const XqPosition *pos, int n, int gain, guint64 budget, XqMove *out)
{
  g_autofree Search *s = g_new0 (Search, 1);
  XqPosition p = *pos;
  XqMove moves[XQ_MAX_MOVES];
  int count, k = 0;

  g_return_val_if_fail (n >= 1 && n <= XQ_TACTIC_MAX_MOVES, -1);
  s->budget = budget;
  count = xq_position_legal_moves (&p, moves);
  for (int i = 0; i < count; i++)
    {
      if (wins (s, &p, moves[i], n, gain))
        out[k++] = moves[i];
      if (s->out_of_work)
        return -1;
    }
  return k;
}

/* Check in n: does the side to move force a check within n moves?  With
 * keys, every first move that does goes there (*n_keys of them). */
static gboolean
forces_check (Search *s, XqPosition *pos, int n, XqMove *keys, int *n_keys);

/* Does the attacker's legal move m force a check within n moves (m
 * included)? */
static gboolean
move_forces_check (Search *s, XqPosition *pos, XqMove m, int n)
{
  XqMove replies[XQ_MAX_MOVES];
  XqUndo undo;
  gboolean all = TRUE;
  int count;

  if (xq_position_gives_check (pos, m))
    return TRUE;
  if (n <= 1)
    return FALSE;
  xq_position_do_move (pos, m, &undo);
  count = xq_position_legal_moves (pos, replies);
  for (int i = 0; i < count && all; i++)
    {
      XqUndo u;

      xq_position_do_move (pos, replies[i], &u);
      all = forces_check (s, pos, n - 1, NULL, NULL);
      xq_position_undo_move (pos, replies[i], &u);
      if (s->out_of_work)
        all = FALSE;
    }
  xq_position_undo_move (pos, m, &undo);
  return all;
}

static gboolean
forces_check (Search *s, XqPosition *pos, int n, XqMove *keys, int *n_keys)
{
  XqMove moves[XQ_MAX_MOVES];
  int count;
  gboolean any = FALSE;

  if (!spend (s))
    return FALSE;
  count = xq_position_legal_moves (pos, moves);
  /* Checks first: they end the search at once. */
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < count; i++)
      {
        gboolean check = xq_position_gives_check (pos, moves[i]);

        if (check != (pass == 0))
          continue;
        if (check || move_forces_check (s, pos, moves[i], n))
          {
            any = TRUE;
            if (keys == NULL)
              return TRUE;
            keys[(*n_keys)++] = moves[i];
          }
        if (s->out_of_work)
          return FALSE;
      }
  return any;
}

int
xq_tactic_check_keys (const XqPosition *pos, int n, guint64 budget, XqMove *out)
{
  g_autofree Search *s = g_new0 (Search, 1);
  XqPosition p = *pos;
  int k = 0;

  g_return_val_if_fail (n >= 1 && n <= XQ_TACTIC_MAX_MOVES, -1);
  s->budget = budget;
  forces_check (s, &p, n, out, &k);
  return s->out_of_work ? -1 : k;
}

/* How many first moves force a check within n moves, and the first. */
static int
count_ways (Search *s, XqPosition *pos, int n, XqMove *first)
{
  XqMove keys[XQ_MAX_MOVES];
  int k = 0;

  forces_check (s, pos, n, keys, &k);
  *first = k > 0 ? keys[0] : XQ_MOVE_NONE;
  return k;
}

gboolean
xq_tactic_check_line (const XqPosition *pos, XqMove m, int n, guint64 budget,
                      XqMove *reply, XqMove *next, gboolean *complete)
{
  g_autofree Search *s = g_new0 (Search, 1);
  XqPosition p = *pos;
  XqMove replies[XQ_MAX_MOVES];
  XqUndo undo;
  int count, fewest = G_MAXINT;
  gboolean forced;

  g_return_val_if_fail (n >= 1 && n <= XQ_TACTIC_MAX_MOVES, FALSE);
  g_return_val_if_fail (xq_position_is_legal (&p, m), FALSE);
  s->budget = budget;
  *reply = *next = XQ_MOVE_NONE;
  forced = move_forces_check (s, &p, m, n);
  if (!s->out_of_work && !xq_position_gives_check (&p, m) && n > 1)
    {
      xq_position_do_move (&p, m, &undo);
      count = xq_position_legal_moves (&p, replies);
      for (int i = 0; i < count && !s->out_of_work; i++)
        {
          XqUndo u;
          XqMove first;
          int ways;

          xq_position_do_move (&p, replies[i], &u);
          ways = count_ways (s, &p, n - 1, &first);
          xq_position_undo_move (&p, replies[i], &u);
          if (ways < fewest)
            {
              fewest = ways;
              *reply = replies[i];
              *next = first;
            }
          if (ways == 0)
            break;
        }
      xq_position_undo_move (&p, m, &undo);
    }
  if (complete != NULL)
    *complete = !s->out_of_work;
  return forced && !s->out_of_work;
}
