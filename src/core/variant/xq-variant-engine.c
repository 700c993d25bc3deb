/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-variant-engine.c: the computer opponent of the Game Day games.
 *
 * It is given a view, never the real state: a face-down piece is only known
 * to be one of the pieces still in the pool.  The search is alpha-beta over
 * the side's own choices; an action that turns a piece over (a flip, a
 * face-down piece's move, the capture of a face-down piece) is a chance
 * node whose value is the average over every identity the pool still
 * allows, weighted by how many such pieces are left (expectimax).  Levels
 * differ in depth, node budget and how much noise is added at the root.
 * Everything is reproducible from the seed: no clock is read.
 */
#define G_LOG_DOMAIN "xq-variant"

#include "config.h"

#include <string.h>

#include "xq-material.h"
#include "xq-variant-private.h"

#define INF   1000000
#define WIN   100000

/* The levels (depth, node budget, root noise, the margin of an equal
 * choice, the blunder rate) are each game's, in the table of games
 * (xq-variant-table.c, XqVariantLevel). */

/* What a repetition that is a plain draw is worth to the side the engine
 * plays, below an even position: it prefers any move that keeps the game
 * going (a flip, an advance) to going round in circles. */
#define CONTEMPT 40

/* The longest stretch of the game the engine remembers: the states since
 * the last irreversible action (no repetition reaches further back), capped. */
#define MAX_HISTORY 256
#define MAX_LINE    (MAX_HISTORY + 64)

struct _XqVariantEngine {
  XqVariantRng     rng;
  int              level;
  gint             stop_request;   /* atomic */
  guint64          nodes;
  guint64          node_limit;
  gboolean         aborted;
  XqVariantOptions opts;
  XqColor          root_side;

  /* The game so far and the line being read: line[0..n_line-1] are states
   * (views), acts[k] leads from line[k] to line[k + 1].  The first n_history
   * come from the game (set_history); the search pushes and pops the rest. */
  XqVariantState   history[MAX_HISTORY];
  const XqVariantState *line[MAX_LINE];
  XqVariantAction  acts[MAX_LINE];
  int              n_history;
  int              n_line;
};

void
xq_variant_engine_reseed (XqVariantEngine *engine, guint32 seed)
{
  engine->rng.s = (guint64) seed * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15) + 1;
}

XqVariantEngine *
xq_variant_engine_new (guint32 seed)
{
  XqVariantEngine *e = g_new0 (XqVariantEngine, 1);
  xq_variant_engine_reseed (e, seed);
  e->level = 2;
  return e;
}

void
xq_variant_engine_free (XqVariantEngine *engine)
{
  g_free (engine);
}

void
xq_variant_engine_set_level (XqVariantEngine *engine, int level)
{
  engine->level = CLAMP (level, 1, XQ_VARIANT_ENGINE_MAX_LEVEL);
}

void
xq_variant_engine_set_history (XqVariantEngine *engine, const XqVariantState *views,
                               const XqVariantAction *actions, int n)
{
  g_return_if_fail (engine != NULL && n >= 0 && (n == 0 || (views != NULL && actions != NULL)));
  if (n > MAX_HISTORY)
    {
      views += n - MAX_HISTORY;
      actions += n - MAX_HISTORY;
      n = MAX_HISTORY;
    }
  for (int k = 0; k < n; k++)
    {
      /* Only what a player sees is kept. */
      g_return_if_fail (xq_variant_state_is_view (&views[k]));
      engine->history[k] = views[k];
      engine->acts[k] = actions[k];
      engine->acts[k].reveal = XQ_EMPTY;
      engine->acts[k].captured = XQ_EMPTY;
    }
  engine->n_history = n;
}

void
xq_variant_engine_take_history (XqVariantEngine *engine, const XqVariantGame *game)
{
  const XqVariantState *now = xq_variant_game_get_state (game);
  int ply = xq_variant_game_get_ply (game);
  int from = MAX (0, ply - MIN (now->quiet, MAX_HISTORY));
  int n = ply - from;
  g_autofree XqVariantState *views = g_new (XqVariantState, MAX (n, 1));
  g_autofree XqVariantAction *actions = g_new (XqVariantAction, MAX (n, 1));

  for (int k = 0; k < n; k++)
    {
      const XqVariantState *st = xq_variant_game_get_state_at (game, from + k);
      xq_variant_state_view (st, st->side, &views[k]);
      actions[k] = *xq_variant_game_get_action (game, from + k + 1);
    }
  xq_variant_engine_set_history (engine, views, actions, n);
}

gboolean
xq_variant_engine_choose_in_game (XqVariantEngine *engine, const XqVariantGame *game,
                                  XqVariantAction *out)
{
  XqVariantState view;

  xq_variant_engine_take_history (engine, game);
  xq_variant_game_get_view (game, &view);
  return xq_variant_engine_choose (engine, &view, xq_variant_game_get_options (game), out);
}

void
xq_variant_engine_stop (XqVariantEngine *engine)
{
  g_atomic_int_set (&engine->stop_request, 1);
}

/* ---- Evaluation ------------------------------------------------------------ */

static int
half_value (const XqVariantOptions *opts, XqPieceType t)
{
  int v;
  if (t == XQ_CANNON && !opts->all_one_step)
    return 450;   /* it takes anything it can jump to */
  if (t == XQ_PAWN)
    return 150;   /* the soldier takes the general */
  v = 100 + 80 * xq_variant_banqi_rank (opts, t);
  if (t == XQ_CHARIOT && opts->slide_chariot)
    v += 150;
  return v;
}

/* The full board: the core's one table of piece values (xq-material.h, the
 * children's table, in tenths of a point: ×10 here gives the engine's
 * hundredths), with what these games change: in 揭棋 and 暗棋 a face-up
 * advisor or elephant goes anywhere and is worth more, and in 暗棋 the
 * general is the prize itself.  (The half board's values above are a
 * different scale: what a piece may capture by rank.) */
static int
full_value (XqVariantKind kind, XqPieceType t, gboolean crossed)
{
  gboolean free_limits = kind == XQ_VARIANT_JIEQI || kind == XQ_VARIANT_ANQI;

  if (t == XQ_KING)
    return kind == XQ_VARIANT_ANQI ? 3000 : 0;
  if ((t == XQ_ADVISOR || t == XQ_ELEPHANT) && free_limits)
    return 250;
  return 10 * xq_material_type_value (t, crossed);
}

static int
piece_value (const XqVariantState *st, const XqVariantOptions *opts, XqPieceType t)
{
  if (xq_variant_kind_is_half (st->kind))
    return half_value (opts, t);
  return full_value (st->kind, t, FALSE);
}

/* For the side to move: material on the board, in the pool (it will come
 * up for its colour) and in the hand, and a little for soldiers across. */
static int
evaluate (const XqVariantState *st, const XqVariantOptions *opts)
{
  int score[2] = { 0, 0 };
  int n = st->files * st->ranks;

  for (int i = 0; i < n; i++)
    {
      const XqVariantCell *c = &st->cell[i];
      if (c->face != XQ_FACE_UP)
        continue;
      {
        XqColor col = xq_piece_color (c->piece);
        XqPieceType t = xq_piece_type (c->piece);
        if (xq_variant_kind_is_half (st->kind))
          score[col] += half_value (opts, t);
        else
          score[col] += full_value (st->kind, t, t == XQ_PAWN && xq_sq_crossed (col, i));
      }
    }
  for (int p = 0; p < 16; p++)
    {
      XqPieceType t = xq_piece_type ((XqPiece) p);
      if (t == XQ_NO_TYPE)
        continue;
      score[xq_piece_color ((XqPiece) p)] += (st->pool[p] * piece_value (st, opts, t) * 9) / 10
                                             + st->hand[p] * piece_value (st, opts, t);
    }
  return score[st->side] - score[xq_color_other (st->side)];
}

/* ---- Search ---------------------------------------------------------------- */

static gboolean
out_of_budget (XqVariantEngine *e)
{
  if (e->aborted)
    return TRUE;
  if (e->nodes >= e->node_limit || ((e->nodes & 1023) == 0 && g_atomic_int_get (&e->stop_request)))
    e->aborted = TRUE;
  return e->aborted;
}

static int search (XqVariantEngine *e, const XqVariantState *st, int depth, int alpha, int beta, int ply);

/* A plain draw, for the side to move of st. */
static int
draw_score (const XqVariantEngine *e, const XqVariantState *st)
{
  return st->side == e->root_side ? -CONTEMPT : CONTEMPT;
}

/* Has the line come back to st (the last state on it)?  If so, TRUE with the
 * score for st's side to move in *score when that ends the line.  The third
 * time is the referee's: the game ends as the 棋例 ruling on the cycle since
 * the first time says (xq_variant_judge_cycle, as XqVariantGame judges).
 * The second time ends the line when it is a plain draw or a 棋例 cycle the
 * side that just moved loses; a cycle the side to move would lose by going
 * on does not end it: that side may still turn away, and the search sees
 * whether it can. */
static gboolean
repeated (XqVariantEngine *e, const XqVariantState *st, int ply, int *score)
{
  int now = e->n_line - 1, count = 1, first = -1, last = -1;
  XqVariantResult r;

  for (int j = now - 2; j >= MAX (0, now - st->quiet); j -= 2)
    if (e->line[j]->key == st->key)
      {
        count++;
        first = j;
        if (last < 0)
          last = j;
      }
  if (count < 2)
    return FALSE;
  if (count >= 3)
    xq_variant_judge_cycle (e->line[first], &e->acts[first], now - first, &r);
  else
    xq_variant_judge_cycle (e->line[last], &e->acts[last], now - last, &r);
  if (r.winner == XQ_WINNER_DRAW)
    *score = draw_score (e, st);
  else if ((r.winner == XQ_WINNER_RED) == (st->side == XQ_RED))
    *score = WIN - ply;
  else if (count >= 3)
    *score = -WIN + ply;
  else
    return FALSE;
  return TRUE;
}

/* Identities that may be under the face-down cell i, with their weights. */
static int
outcomes (const XqVariantState *st, int i, XqPiece *out, int *weight)
{
  const XqVariantCell *c = &st->cell[i];
  int n = 0;
  for (int p = 0; p < 16; p++)
    {
      if (xq_piece_type ((XqPiece) p) == XQ_NO_TYPE || st->pool[p] == 0)
        continue;
      if (c->color_known && xq_piece_color ((XqPiece) p) != xq_piece_color (c->piece))
        continue;
      out[n] = (XqPiece) p;
      weight[n++] = st->pool[p];
    }
  return n;
}

/* The value of action a for the side to move, averaging over the pieces a
 * face-down cell may hide. */
static int
action_value (XqVariantEngine *e, const XqVariantState *st, const XqVariantAction *a,
              int depth, int alpha, int beta, int ply)
{
  XqPiece rev[16], cap[16];
  int wr[16], wc[16], nr = 1, nc = 1;
  gint64 sum = 0, total = 0;
  gboolean chance;
  int target = a->kind == XQ_ACTION_MOVE ? a->to : -1;

  rev[0] = cap[0] = XQ_EMPTY;
  wr[0] = wc[0] = 1;
  if (xq_variant_action_reveals (st, a))
    nr = outcomes (st, a->from, rev, wr);
  if (target >= 0 && st->cell[target].face == XQ_FACE_DOWN)
    nc = outcomes (st, target, cap, wc);
  chance = nr > 1 || nc > 1 || rev[0] != XQ_EMPTY || cap[0] != XQ_EMPTY;

  for (int i = 0; i < nr; i++)
    for (int j = 0; j < nc; j++)
      {
        XqVariantState child = *st;
        XqVariantAction b = *a;
        XqVariantUndo undo;
        int v;

        if (nr > 0 && rev[i] != XQ_EMPTY)
          b.reveal = rev[i];
        if (nc > 0 && cap[j] != XQ_EMPTY)
          {
            b.captured = cap[j];
            /* The same identity cannot be under both cells if only one is left. */
            if (rev[i] == cap[j] && st->pool[cap[j]] < 2)
              continue;
          }
        xq_variant_apply (&child, &e->opts, &b, &undo);
        /* The line is kept for the repetition rules; an irreversible action
         * starts a new one (nothing before it can repeat). */
        g_assert (e->n_line < MAX_LINE);
        e->acts[e->n_line - 1] = b;
        e->line[e->n_line++] = &child;
        if (chance)
          v = -search (e, &child, depth - 1, -INF, INF, ply + 1);
        else
          v = -search (e, &child, depth - 1, -beta, -alpha, ply + 1);
        e->n_line--;
        sum += (gint64) v * wr[i] * wc[j];
        total += (gint64) wr[i] * wc[j];
        if (e->aborted)
          return 0;
      }
  return total ? (int) (sum / total) : 0;
}

static int
order_key (const XqVariantState *st, const XqVariantOptions *opts, const XqVariantAction *a)
{
  if (a->kind == XQ_ACTION_MOVE && st->cell[a->to].face == XQ_FACE_UP)
    return 10000 + piece_value (st, opts, xq_piece_type (st->cell[a->to].piece));
  if (a->kind == XQ_ACTION_MOVE && st->cell[a->to].face == XQ_FACE_DOWN)
    return 5000;
  if (xq_variant_action_reveals (st, a))
    return 0;
  return 1000;
}

static void
sort_actions (const XqVariantState *st, const XqVariantOptions *opts, XqVariantAction *acts, int n)
{
  int keys[XQ_VARIANT_MAX_ACTIONS];
  for (int i = 0; i < n; i++)
    keys[i] = order_key (st, opts, &acts[i]);
  /* Stable insertion sort: equal keys keep the generator's order. */
  for (int i = 1; i < n; i++)
    {
      XqVariantAction a = acts[i];
      int k = keys[i], j = i - 1;
      while (j >= 0 && keys[j] < k)
        {
          acts[j + 1] = acts[j];
          keys[j + 1] = keys[j];
          j--;
        }
      acts[j + 1] = a;
      keys[j + 1] = k;
    }
}

static gboolean
lost_general (const XqVariantState *st, XqColor c)
{
  XqPiece k = xq_piece_make (c, XQ_KING);
  if (st->pool[k] > 0)
    return FALSE;
  for (int i = 0; i < XQ_SQUARES; i++)
    if (st->cell[i].face == XQ_FACE_UP && st->cell[i].piece == k)
      return FALSE;
  return TRUE;
}

static int
search (XqVariantEngine *e, const XqVariantState *st, int depth, int alpha, int beta, int ply)
{
  XqVariantAction acts[XQ_VARIANT_MAX_ACTIONS];
  int n, best = -INF;

  e->nodes++;
  if (out_of_budget (e))
    return 0;
  if (st->quiet >= 4)
    {
      int v;
      if (repeated (e, st, ply, &v))
        return v;
    }
  if (st->kind == XQ_VARIANT_ANQI && st->colors_known)
    {
      if (lost_general (st, st->side))
        return -WIN + ply;
      if (lost_general (st, xq_color_other (st->side)))
        return WIN - ply;
    }
  /* Leaves are most of the tree: they are not asked whether they have a
   * move, except right after the root's own action, so that even the
   * shallowest level (depth 1) sees a win in one and takes it. */
  if (depth <= 0 && ply > 1)
    return evaluate (st, &e->opts);
  n = xq_variant_legal_actions (st, &e->opts, acts);
  if (n == 0)
    return -WIN + ply;
  if (depth <= 0)
    return evaluate (st, &e->opts);
  sort_actions (st, &e->opts, acts, n);
  for (int k = 0; k < n; k++)
    {
      int v = action_value (e, st, &acts[k], depth, alpha, beta, ply);
      if (e->aborted)
        return 0;
      if (v > best)
        best = v;
      if (v > alpha)
        alpha = v;
      if (alpha >= beta)
        break;
    }
  return best;
}

gboolean
xq_variant_engine_choose (XqVariantEngine *engine, const XqVariantState *view,
                          const XqVariantOptions *opts, XqVariantAction *out)
{
  XqVariantAction acts[XQ_VARIANT_MAX_ACTIONS];
  int scores[XQ_VARIANT_MAX_ACTIONS];
  const XqVariantLevel *lv;
  int n, best_k = 0;

  g_return_val_if_fail (engine != NULL && view != NULL && opts != NULL && out != NULL, FALSE);
  /* The computer may only ever reason over what a player sees. */
  g_return_val_if_fail (xq_variant_state_is_view (view), FALSE);

  engine->opts = *opts;
  engine->root_side = view->side;
  g_atomic_int_set (&engine->stop_request, 0);
  /* The line starts with the game's history, which is used once. */
  for (int k = 0; k < engine->n_history; k++)
    engine->line[k] = &engine->history[k];
  engine->line[engine->n_history] = view;
  engine->n_line = engine->n_history + 1;
  engine->n_history = 0;
  n = xq_variant_legal_actions (view, opts, acts);
  if (n == 0)
    return FALSE;
  sort_actions (view, opts, acts, n);
  lv = xq_variant_kind_level (view->kind, engine->level);
  engine->nodes = 0;
  engine->node_limit = lv->nodes;
  engine->aborted = FALSE;
  /* A beginner's slip: now and then any legal action, unread (the seeded
   * generator decides, so a seed still replays the game) -- but never one
   * that loses at once by a repetition rule (棋例): the slip looks no
   * further than that, and takes the next action in the list instead. */
  if (lv->blunder > 0 && xq_variant_rng_below (&engine->rng, 1000) < (guint32) lv->blunder)
    {
      int k = (int) xq_variant_rng_below (&engine->rng, (guint32) n);
      for (int tries = 0; tries < n; tries++, k = (k + 1) % n)
        if (action_value (engine, view, &acts[k], 0, -INF, INF, 0) > -WIN / 2 || engine->aborted)
          break;
      *out = acts[k];
      out->reveal = XQ_EMPTY;
      out->captured = XQ_EMPTY;
      out->captured2 = XQ_EMPTY;
      return TRUE;
    }
  engine->nodes = 0;

  for (int k = 0; k < n; k++)
    scores[k] = 0;
  /* Iterative deepening; an iteration cut short by the budget is dropped. */
  for (int depth = 1; depth <= lv->depth; depth++)
    {
      int iter[XQ_VARIANT_MAX_ACTIONS];
      int alpha = -INF;
      engine->aborted = FALSE;
      for (int k = 0; k < n; k++)
        iter[k] = -INF / 2;
      for (int k = 0; k < n && !engine->aborted; k++)
        {
          /* With noise every root score must be exact; without, a bound
           * more than the margin below the best so far is enough. */
          iter[k] = action_value (engine, view, &acts[k], depth, lv->noise ? -INF : alpha - lv->margin, INF, 0);
          alpha = MAX (alpha, iter[k]);
        }
      if (engine->aborted && depth > 1)
        break;
      for (int k = 0; k < n; k++)
        scores[k] = iter[k];
      if (engine->aborted)
        break;
    }

  for (int k = 0; k < n; k++)
    {
      int s = scores[k];
      if (lv->noise > 0 && s < WIN / 2 && s > -WIN / 2)
        s += (int) xq_variant_rng_below (&engine->rng, (guint32) lv->noise);
      scores[k] = s;
      if (scores[k] > scores[best_k])
        best_k = k;
    }
  /* Variety: a seeded choice among the moves within the margin of the best
   * (never when the best wins or loses by force). */
  if (lv->margin > 0 && scores[best_k] < WIN / 2 && scores[best_k] > -WIN / 2)
    {
      int near[XQ_VARIANT_MAX_ACTIONS], n_near = 0;
      for (int k = 0; k < n; k++)
        if (scores[k] >= scores[best_k] - lv->margin)
          near[n_near++] = k;
      best_k = near[xq_variant_rng_below (&engine->rng, (guint32) n_near)];
    }
  *out = acts[best_k];
  out->reveal = XQ_EMPTY;
  out->captured = XQ_EMPTY;
  out->captured2 = XQ_EMPTY;
  return TRUE;
}
