/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-engine.c: the computer opponent (alpha-beta, quiescence, TT, levels). */
#define G_LOG_DOMAIN "xq-engine"

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "xq-engine.h"
#include "xq-engine-eval.h"

#include "xq-attacks.h"
#include "xq-game.h"
#include "xq-material.h"
#include "xq-scored-move.h"
#include "xq-tables.h"

#define TT_BITS      20
#define TT_SIZE      (1u << TT_BITS)
#define MAX_PLY      64
#define INF          (XQ_ENGINE_MATE + 1000)
#define MATE_BOUND   (XQ_ENGINE_MATE - MAX_PLY * 2)
#define HISTORY_MAX  128

enum { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER };

typedef struct {
  guint64 key;
  gint16  score;
  gint8   depth;
  guint8  bound;
  XqMove  move;
} TTEntry;

/* What each level is allowed (docs/engine.md has the table and the
 * measured ladder).  A level below the top scores every root move with a
 * complete search `depth` plies deep and picks among its `top_k` best by a
 * softmax of temperature `temperature` (hundredths of a soldier): a higher
 * temperature spreads the choice over moves that are nearly as good.  With
 * probability `blind_permille` / 1000 a move is played "blind": the level
 * looks only at where its pieces stand, not at what either side can take
 * (docs/engine.md, "Blind moves"), which is how a beginner misses a capture
 * or leaves a piece to be taken while still playing a sensible-looking
 * move.  top_k 1 is an ordinary iterative-deepening search. */
typedef struct {
  int depth;
  int movetime_ms;     /* a hard cap on each move's thinking time */
  int blind_permille;
  int top_k;
  int temperature;
} Level;

static const Level levels[XQ_ENGINE_MAX_LEVEL] = {
  { 1,       0, 550, 4, 60 },  /* Turtle */
  { 2,       0, 300, 3, 35 },  /* Rabbit */
  { 3,       0, 120, 2, 15 },  /* Fox */
  { 4,    2000,  30, 1,  0 },  /* Tiger */
  { MAX_PLY - 4, 3000, 0, 1, 0 },  /* Dragon */
};

struct _XqEngine {
  GRand   *rng;
  TTEntry *tt;
  int      level;
  int      movetime_ms;
  guint64  node_limit;

  /* Per search. */
  XqPosition pos;
  guint64  nodes;
  gint64   deadline;
  gboolean stopped;
  gint     stop_request;   /* atomic */
  XqMove   root_best;
  guint64  path[MAX_PLY + 8];
  gboolean path_check[MAX_PLY + 8];    /* the side to move at this ply is in check */
  gboolean null_before[MAX_PLY + 8];   /* the move into this ply was a null move */
  gboolean prune;                      /* null moves and reductions (Tiger, Dragon) */
  /* The game's earlier positions since the last capture (xq_engine_set_history). */
  guint64  game_keys[HISTORY_MAX];
  gboolean game_check[HISTORY_MAX];    /* the side to move there was in check */
  int      n_game_keys;
  XqMove   killer[MAX_PLY][2];
  int      history[XQ_SQUARES][XQ_SQUARES];
  int      kept_history[XQ_SQUARES][XQ_SQUARES];   /* after the last deepening search */
};

/* ---- Setup --------------------------------------------------------------- */

XqEngine *
xq_engine_new (guint32 seed)
{
  XqEngine *e = g_new0 (XqEngine, 1);

  e->rng = g_rand_new_with_seed (seed);
  e->tt = g_new0 (TTEntry, TT_SIZE);
  e->level = XQ_ENGINE_MAX_LEVEL;
  return e;
}

void
xq_engine_free (XqEngine *engine)
{
  if (engine == NULL)
    return;
  g_rand_free (engine->rng);
  g_free (engine->tt);
  g_free (engine);
}

void
xq_engine_set_level (XqEngine *engine, int level)
{
  g_return_if_fail (engine != NULL);
  g_return_if_fail (level >= 1 && level <= XQ_ENGINE_MAX_LEVEL);
  engine->level = level;
}

void
xq_engine_set_movetime (XqEngine *engine, int ms)
{
  g_return_if_fail (engine != NULL && ms >= 0);
  engine->movetime_ms = ms;
}

void
xq_engine_set_node_limit (XqEngine *engine, guint64 nodes)
{
  g_return_if_fail (engine != NULL);
  engine->node_limit = nodes;
}

void
xq_engine_set_game_history (XqEngine *engine, const XqGame *game)
{
  int ply, first;

  g_return_if_fail (engine != NULL);

  engine->n_game_keys = 0;
  if (game == NULL)
    return;
  ply = xq_game_get_ply (game);
  /* Only positions since the last capture can come back. */
  first = MAX (0, ply - xq_game_get_position_at (game, ply)->halfmove);
  first = MAX (first, ply - HISTORY_MAX);
  for (int i = first; i < ply; i++)
    {
      const XqPosition *pos = xq_game_get_position_at (game, i);

      engine->game_check[engine->n_game_keys] = xq_position_in_check (pos, pos->side);
      engine->game_keys[engine->n_game_keys++] = pos->key;
    }
}

void
xq_engine_stop (XqEngine *engine)
{
  g_return_if_fail (engine != NULL);
  g_atomic_int_set (&engine->stop_request, 1);
}

/* ---- Search -------------------------------------------------------------- */

/* The searching levels' evaluation for Tiger and Dragon; the plain one,
 * which the children's levels were measured with and the game review
 * compares against, for everything else (docs/engine.md, "Evaluation"). */
static inline int
evaluate (const XqEngine *e)
{
  return e->prune ? xq_engine_evaluate_deep (&e->pos) : xq_engine_evaluate (&e->pos);
}

static gboolean
should_stop (XqEngine *e)
{
  if (e->stopped)
    return TRUE;
  if ((e->nodes & 255) == 0)
    {
      if (g_atomic_int_get (&e->stop_request) ||
          (e->deadline != 0 && g_get_monotonic_time () >= e->deadline))
        e->stopped = TRUE;
    }
  if (e->node_limit != 0 && e->nodes >= e->node_limit)
    e->stopped = TRUE;
  return e->stopped;
}

/* Mate scores are stored relative to the node, so they stay right when
 * the same position is met at another distance from the root. */
static int
score_to_tt (int s, int ply)
{
  return s > MATE_BOUND ? s + ply : s < -MATE_BOUND ? s - ply : s;
}

static int
score_from_tt (int s, int ply)
{
  return s > MATE_BOUND ? s - ply : s < -MATE_BOUND ? s + ply : s;
}

/* Scores the moves for ordering: the table's move, captures by victim
 * then attacker (MVV-LVA), the killers, then the history of cut-offs.
 * The loops take them best first with next_move, which sorts only as far
 * as the search gets before a cut-off. */
static void
order_moves (XqEngine *e, const XqMove *moves, int n, XqMove tt_move, int ply, XqScoredMove *out)
{
  const XqPiece *b = e->pos.board;

  for (int i = 0; i < n; i++)
    {
      XqMove m = moves[i];
      XqPiece victim = b[xq_move_to (m)];
      int s;

      if (m == tt_move)
        s = 1 << 30;
      else if (victim != XQ_EMPTY)
        s = (1 << 24) + 160 * xq_material_type_value (xq_piece_type (victim), FALSE) -
            xq_material_type_value (xq_piece_type (b[xq_move_from (m)]), FALSE);
      else if (ply < MAX_PLY && m == e->killer[ply][0])
        s = (1 << 23);
      else if (ply < MAX_PLY && m == e->killer[ply][1])
        s = (1 << 22);
      else
        s = MIN (e->history[xq_move_from (m)][xq_move_to (m)], (1 << 21));
      out[i].move = m;
      out[i].score = s;
    }
}

/* Moves the best of out[i..n-1] (in xq_scored_move_compare's order) to i. */
static inline XqMove
next_move (XqScoredMove *out, int i, int n)
{
  int best = i;

  for (int j = i + 1; j < n; j++)
    if (xq_scored_move_compare (&out[j], &out[best]) < 0)
      best = j;
  if (best != i)
    {
      XqScoredMove tmp = out[i];

      out[i] = out[best];
      out[best] = tmp;
    }
  return out[i].move;
}

/* Would the side that does not move take back on sq (a piece of its own
 * strikes sq)?  Chariots, cannons, horses and soldiers by the core's attack
 * test; advisors, elephants and the general by their steps.  Used only to
 * skip captures that lose the capturer, so it may say FALSE when unsure. */
static gboolean
defended (const XqPosition *pos, XqSquare sq)
{
  const XqTables *t = xq_tables ();
  XqColor them = xq_color_other (pos->side);
  const XqPiece *b = pos->board;
  XqPiece advisor = xq_piece_make (them, XQ_ADVISOR);
  XqPiece elephant = xq_piece_make (them, XQ_ELEPHANT);

  if (xq_tables_fighters_on (t, b, sq, them, NULL) > 0)
    return TRUE;
  for (int i = 0; t->advisor[sq][i] >= 0; i++)
    if (b[t->advisor[sq][i]] == advisor)
      return TRUE;
  for (int i = 0; t->elephant[sq][i].to >= 0; i++)
    if (b[t->elephant[sq][i].to] == elephant && b[t->elephant[sq][i].block] == XQ_EMPTY)
      return TRUE;
  for (int i = 0; t->king[sq][i] >= 0; i++)
    if (t->king[sq][i] == pos->king[them])
      return TRUE;
  return FALSE;
}

/* Captures only (all moves while in check), to settle exchanges.  Out of
 * check only the captures are generated and each is tested for legality
 * as it is played: most of the search's nodes are here, and a full legal
 * move list at each of them cost most of its time.  (A side without any
 * legal move that is not in check is therefore only seen as lost in the
 * main search, not here.) */
static int
quiesce (XqEngine *e, int alpha, int beta, int ply)
{
  XqMove moves[XQ_MAX_MOVES];
  XqScoredMove order[XQ_MAX_MOVES];
  XqColor side = e->pos.side;
  gboolean in_check;
  int n, stand = 0;

  e->nodes++;
  if (should_stop (e))
    return 0;
  if (ply >= MAX_PLY)
    return evaluate (e);

  in_check = xq_position_in_check (&e->pos, side);
  if (in_check)
    {
      n = xq_position_legal_moves (&e->pos, moves);
      if (n == 0)
        return -XQ_ENGINE_MATE + ply;   /* mated */
    }
  else
    {
      int k = 0;

      stand = evaluate (e);
      if (stand >= beta)
        return stand;
      if (stand > alpha)
        alpha = stand;
      n = xq_position_pseudo_moves (&e->pos, moves);
      for (int i = 0; i < n; i++)
        if (e->pos.board[xq_move_to (moves[i])] != XQ_EMPTY)
          moves[k++] = moves[i];
      n = k;
    }
  order_moves (e, moves, n, XQ_MOVE_NONE, MAX_PLY, order);
  for (int i = 0; i < n; i++)
    {
      XqMove m = next_move (order, i, n);
      XqSquare to = xq_move_to (m);
      XqUndo u;
      int s;

      /* Tiger and Dragon skip captures that cannot lift the score to alpha
       * even when the piece is won for nothing (delta pruning), and
       * captures of a defended piece worth less than the capturer, which
       * lose material.  The levels below and the review keep every one. */
      if (e->prune && !in_check)
        {
          int victim = xq_engine_value_of (e->pos.board[to], to);
          int attacker = xq_engine_value_of (e->pos.board[xq_move_from (m)], xq_move_from (m));

          if (stand + victim + 200 <= alpha)
            continue;
          if (attacker > victim + 50 && defended (&e->pos, to))
            continue;
        }
      xq_position_do_move (&e->pos, m, &u);
      if (!in_check && xq_position_in_check (&e->pos, side))
        {
          xq_position_undo_move (&e->pos, m, &u);
          continue;
        }
      s = -quiesce (e, -beta, -alpha, ply + 1);
      xq_position_undo_move (&e->pos, m, &u);
      if (e->stopped)
        return 0;
      if (s >= beta)
        return s;
      if (s > alpha)
        alpha = s;
    }
  return alpha;
}

static gboolean
has_big_piece (const XqPosition *pos)
{
  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    {
      XqPiece p = pos->board[sq];

      if (p != XQ_EMPTY && xq_piece_color (p) == pos->side &&
          (xq_piece_type (p) == XQ_CHARIOT || xq_piece_type (p) == XQ_HORSE ||
           xq_piece_type (p) == XQ_CANNON))
        return TRUE;
    }
  return FALSE;
}

/* Whether every move into the positions `from` < k <= `to` of one parity
 * (k counted over the game's history, then the search path) gave check. */
static gboolean
cycle_all_checks (const XqEngine *e, int from, int to)
{
  for (int k = to; k > from; k -= 2)
    if (!(k < e->n_game_keys ? e->game_check[k] : e->path_check[k - e->n_game_keys]))
      return FALSE;
  return TRUE;
}

/* The position at ply repeats the one at `earlier` (counted over the
 * game's history, then the path).  A side that gave check with every move
 * of the cycle, while the other did not, checks perpetually and loses
 * (docs/rulings.md); any other cycle is scored a draw.  Chases are not
 * told apart here: the search would need every move's attacks. */
static int
repetition_score (const XqEngine *e, int earlier, int ply)
{
  int now = e->n_game_keys + ply;
  gboolean they_check = cycle_all_checks (e, earlier, now);
  gboolean we_check = cycle_all_checks (e, earlier, now - 1);

  if (they_check && !we_check)
    return XQ_ENGINE_MATE - ply;
  if (we_check && !they_check)
    return -XQ_ENGINE_MATE + ply;
  return 0;
}

static int
search (XqEngine *e, int depth, int alpha, int beta, int ply)
{
  XqMove moves[XQ_MAX_MOVES];
  XqScoredMove order[XQ_MAX_MOVES];
  TTEntry *slot;
  XqMove tt_move = XQ_MOVE_NONE, best_move = XQ_MOVE_NONE;
  int n, best = -INF, orig_alpha = alpha, legal = 0, eval = 0;
  gboolean in_check, futile = FALSE;

  if (depth <= 0)
    return quiesce (e, alpha, beta, ply);
  e->nodes++;
  if (should_stop (e))
    return 0;

  /* A position already on the path: the game would go round in circles.
   * Score it as the rules would judge the cycle rather than let the
   * search chase its tail; going back to a position the game has already
   * had is scored the same way, so a winning side does not walk into a
   * repetition ruling. */
  in_check = xq_position_in_check (&e->pos, e->pos.side);
  e->path[ply] = e->pos.key;
  e->path_check[ply] = in_check;
  for (int i = ply - 2; i >= 0; i -= 2)
    if (e->path[i] == e->pos.key)
      return repetition_score (e, e->n_game_keys + i, ply);
  if (ply > 0)
    for (int i = 0; i < e->n_game_keys; i++)
      if (e->game_keys[i] == e->pos.key)
        return repetition_score (e, i, ply);

  slot = &e->tt[e->pos.key & (TT_SIZE - 1)];
  if (slot->key == e->pos.key)
    {
      int s = score_from_tt (slot->score, ply);

      tt_move = slot->move;
      if (slot->depth >= depth && ply > 0)
        {
          if (slot->bound == BOUND_EXACT ||
              (slot->bound == BOUND_LOWER && s >= beta) ||
              (slot->bound == BOUND_UPPER && s <= alpha))
            return s;
        }
    }

  /* Tiger and Dragon prune near the leaves: a position so far above beta
   * that a margin per ply remaining cannot bring it down is cut at once
   * (reverse futility), and one so far below alpha has its quiet moves
   * that give no check skipped (futility). */
  if (e->prune && !in_check && depth <= 3 && ply > 0 &&
      beta < MATE_BOUND && alpha > -MATE_BOUND)
    {
      eval = evaluate (e);
      if (eval - 120 * depth >= beta)
        return eval;
      futile = eval + 150 * depth <= alpha;
    }

  /* Null move: if passing still leaves the opponent unable to reach beta
   * after a shallower search, a real move will too.  Not in check, not
   * twice in a row, and not without a chariot, horse or cannon, where
   * having to move can hurt (zugzwang). */
  if (e->prune && !in_check && depth >= 3 && ply > 0 && !e->null_before[ply] &&
      beta < MATE_BOUND && beta > -MATE_BOUND && has_big_piece (&e->pos))
    {
      XqUndo u;
      int s;

      xq_position_do_null (&e->pos, &u);
      e->null_before[ply + 1] = TRUE;
      s = -search (e, depth - (depth >= 6 ? 4 : 3), -beta, -beta + 1, ply + 1);
      e->null_before[ply + 1] = FALSE;
      xq_position_undo_null (&e->pos, &u);
      if (e->stopped)
        return 0;
      if (s >= beta)
        return beta;
    }
  if (in_check && ply < MAX_PLY / 2)
    depth++;

  /* Moves are generated without the test of the mover's general and
   * tested as they come: after a cut-off the rest are never tested. */
  n = xq_position_pseudo_moves (&e->pos, moves);
  order_moves (e, moves, n, tt_move, ply, order);
  for (int i = 0; i < n; i++)
    {
      XqMove m = next_move (order, i, n);
      gboolean quiet = e->pos.board[xq_move_to (m)] == XQ_EMPTY, gives_check;
      XqUndo u;
      int s;

      if (!xq_position_pseudo_is_legal (&e->pos, m, in_check))
        continue;
      xq_position_do_move (&e->pos, m, &u);
      gives_check = xq_position_in_check (&e->pos, e->pos.side);
      /* Futility, and late-move pruning: near the leaves a quiet move
       * that gives no check, ordered after so many others that the table,
       * the killers and the history all rated it low, is not searched. */
      if (legal > 0 && quiet && !gives_check &&
          (futile || (e->prune && !in_check && depth <= 3 && alpha > -MATE_BOUND &&
                      legal >= 4 + 4 * depth * depth)))
        {
          xq_position_undo_move (&e->pos, m, &u);
          continue;
        }
      if (legal == 0)
        s = -search (e, depth - 1, -beta, -alpha, ply + 1);
      else
        {
          /* Late quiet moves that give no check are looked at less deep
           * first, and again at full depth only if they surprise. */
          int r = 0;

          if (e->prune && legal >= 3 && depth >= 3 && !in_check && quiet && !gives_check &&
              m != e->killer[MIN (ply, MAX_PLY - 1)][0])
            r = legal >= 16 && depth >= 7 ? 3 : legal >= 6 && depth >= 4 ? 2 : 1;
          s = -search (e, depth - 1 - r, -alpha - 1, -alpha, ply + 1);
          if (r > 0 && s > alpha)
            s = -search (e, depth - 1, -alpha - 1, -alpha, ply + 1);
          if (s > alpha && s < beta)
            s = -search (e, depth - 1, -beta, -alpha, ply + 1);
        }
      legal++;
      xq_position_undo_move (&e->pos, m, &u);
      if (e->stopped)
        return 0;
      if (s > best)
        {
          best = s;
          best_move = m;
          /* At the root a move is kept only when it is exact or better
           * than the window's floor, so a search cut off by the clock, or
           * one failing low in an aspiration window, keeps the move that
           * was searched first (the previous iteration's best). */
          if (ply == 0 && (s > alpha || e->root_best == XQ_MOVE_NONE))
            e->root_best = m;
        }
      if (s > alpha)
        alpha = s;
      if (alpha >= beta)
        {
          if (quiet && ply < MAX_PLY)
            {
              if (e->killer[ply][0] != m)
                {
                  e->killer[ply][1] = e->killer[ply][0];
                  e->killer[ply][0] = m;
                }
              e->history[xq_move_from (m)][xq_move_to (m)] += depth * depth;
            }
          break;
        }
    }
  /* No legal move: checkmate, or 困斃, which loses just the same. */
  if (legal == 0)
    return -XQ_ENGINE_MATE + ply;

  slot->key = e->pos.key;
  slot->move = best_move;
  slot->depth = (gint8) MIN (depth, 127);
  slot->score = (gint16) score_to_tt (best, ply);
  slot->bound = best >= beta ? BOUND_LOWER : best <= orig_alpha ? BOUND_UPPER : BOUND_EXACT;
  return best;
}

/* Scores every move of `moves` with a complete search `depth` plies deep
 * (quiescence after it), sorted best first.  No deadline: the answer
 * depends only on the position.  With margin > 0 only the scores within
 * margin of the best are exact; a move further below fails low and is
 * scored at the bound (it could not be chosen anyway), which keeps the
 * deeper levels quick.  margin 0: every score exact. */
static void
score_root (XqEngine *e, const XqMove *moves, int n, int depth, int margin, XqScoredMove *out)
{
  gint64 deadline = e->deadline;
  XqMove order[XQ_MAX_MOVES];
  int best = -INF;

  e->deadline = 0;
  memcpy (order, moves, sizeof (XqMove) * (gsize) n);
  /* A shallower pass first orders the moves, so the best ones set the
   * window early and the table holds their replies. */
  if (margin > 0 && depth >= 3)
    {
      score_root (e, moves, n, depth - 1, margin, out);
      for (int i = 0; i < n; i++)
        order[i] = out[i].move;
    }
  for (int i = 0; i < n; i++)
    {
      int alpha = margin > 0 && best > -INF ? best - margin : -INF;
      XqUndo u;

      xq_position_do_move (&e->pos, order[i], &u);
      out[i].move = order[i];
      out[i].score = -search (e, depth - 1, -INF, -alpha, 1);
      xq_position_undo_move (&e->pos, order[i], &u);
      if (e->stopped)
        out[i].score = -INF;
      best = MAX (best, out[i].score);
    }
  e->deadline = deadline;
  qsort (out, (size_t) n, sizeof *out, xq_scored_move_compare);
}

/* A blind look at the root (docs/engine.md, "Blind moves"): each quiet
 * move (every move when in check or when there is no quiet one) scored by
 * where the pieces then stand, nothing taken and no reply considered.  A
 * move that leaves the opponent without a move, capture or not, is scored
 * as the win it is: blind or not, a mate in one is never missed.  Returns
 * the number of scored moves. */
static int
score_blind (XqEngine *e, const XqMove *moves, int n, XqScoredMove *out)
{
  gboolean all = xq_position_in_check (&e->pos, e->pos.side);
  int k = 0;

  if (!all)
    {
      all = TRUE;
      for (int i = 0; i < n && all; i++)
        if (e->pos.board[xq_move_to (moves[i])] == XQ_EMPTY)
          all = FALSE;
    }
  for (int i = 0; i < n; i++)
    {
      gboolean capture = e->pos.board[xq_move_to (moves[i])] != XQ_EMPTY;
      XqUndo u;

      xq_position_do_move (&e->pos, moves[i], &u);
      if (!xq_position_has_legal_move (&e->pos))
        out[k++] = (XqScoredMove) { moves[i], XQ_ENGINE_MATE - 1 };
      else if (all || !capture)
        out[k++] = (XqScoredMove) { moves[i], -xq_engine_evaluate (&e->pos) };
      xq_position_undo_move (&e->pos, moves[i], &u);
    }
  qsort (out, (size_t) k, sizeof *out, xq_scored_move_compare);
  return k;
}

/* The level's pick among scored moves (best first): a mate is always
 * taken, the fastest first; otherwise one of the `top_k` best, each with a
 * weight exp ((score - best) / temperature).  `draw` is a uniform number
 * in [0, 1) drawn by the caller, so every call uses the generator alike. */
static int
softmax_pick (const XqScoredMove *scored, int n, int top_k, int temperature, double draw)
{
  double weight[XQ_MAX_MOVES];
  double total = 0;
  int k;

  if (n <= 1 || scored[0].score > MATE_BOUND || top_k <= 1 || temperature <= 0)
    return 0;
  k = MIN (n, top_k);
  /* A move that walks into a mate is never one of the candidates while
   * another move avoids it. */
  while (k > 1 && scored[k - 1].score < -MATE_BOUND)
    k--;
  for (int i = 0; i < k; i++)
    {
      weight[i] = exp ((double) (scored[i].score - scored[0].score) / temperature);
      total += weight[i];
    }
  draw *= total;
  for (int i = 0; i < k; i++)
    {
      if (draw < weight[i])
        return i;
      draw -= weight[i];
    }
  return k - 1;
}

/* Fresh per-search state for a search from pos (the table is kept). */
static void
begin_search (XqEngine *engine, const XqPosition *pos)
{
  engine->pos = *pos;
  engine->nodes = 0;
  engine->stopped = FALSE;
  engine->deadline = 0;
  g_atomic_int_set (&engine->stop_request, 0);
  memset (engine->killer, 0, sizeof engine->killer);
  memset (engine->history, 0, sizeof engine->history);
  engine->path[0] = engine->pos.key;
  engine->path_check[0] = xq_position_in_check (&engine->pos, engine->pos.side);
  engine->prune = FALSE;
  memset (engine->null_before, 0, sizeof engine->null_before);
}

int
xq_engine_score_moves (XqEngine         *engine,
                       const XqPosition *pos,
                       int               depth,
                       XqMove           *moves,
                       int              *scores)
{
  XqMove legal[XQ_MAX_MOVES];
  XqScoredMove scored[XQ_MAX_MOVES];
  int n;

  g_return_val_if_fail (engine != NULL && pos != NULL && moves != NULL && scores != NULL, 0);
  g_return_val_if_fail (depth >= 1 && depth < MAX_PLY / 2, 0);

  begin_search (engine, pos);
  n = xq_position_legal_moves (&engine->pos, legal);
  score_root (engine, legal, n, depth, 0, scored);
  for (int i = 0; i < n; i++)
    {
      moves[i] = scored[i].move;
      scores[i] = scored[i].score;
    }
  return n;
}

/* The top levels' search: iterative deepening under a hard time cap.  An
 * iteration is not begun once half the time is gone (it would hardly ever
 * finish), and one cut off by the deadline keeps the best move it had. */
static XqMove
deepen (XqEngine *e, XqMove fallback, int max_depth, int ms, int *score, int *depth)
{
  gint64 start = g_get_monotonic_time ();
  XqMove best = fallback;

  /* The cap is on the whole answer: the search stops a little early so
   * that noticing the deadline (every 256 nodes) and unwinding fit in. */
  e->deadline = start + (gint64) ms * 1000 - (gint64) MIN (ms / 20, 150) * 1000;
  e->prune = TRUE;
  /* The history of cut-offs carries over from the game's earlier moves
   * (begin_search cleared it), halved so the present position's counts
   * soon outweigh it. */
  for (int i = 0; i < XQ_SQUARES; i++)
    for (int j = 0; j < XQ_SQUARES; j++)
      e->history[i][j] = e->kept_history[i][j] / 2;
  for (int d = 1; d <= max_depth; d++)
    {
      int s, window = 40, alpha = -INF, beta = INF;

      if (d > 1 && g_get_monotonic_time () - start > (gint64) ms * 500)
        break;
      /* Aspiration: the next iteration seldom moves the score far, so it
       * is searched in a window around the last one first, widened on
       * the side it fails. */
      if (d >= 4 && *score > -MATE_BOUND && *score < MATE_BOUND)
        {
          alpha = *score - window;
          beta = *score + window;
        }
      e->root_best = XQ_MOVE_NONE;
      for (;;)
        {
          s = search (e, d, alpha, beta, 0);
          if (e->stopped || (s > alpha && s < beta))
            break;
          window *= 4;
          if (s <= alpha)
            alpha = window > 1000 ? -INF : MAX (-INF, s - window);
          else
            {
              beta = window > 1000 ? INF : MIN (INF, s + window);
              /* A fail high found a move better than the last best. */
              if (e->root_best != XQ_MOVE_NONE)
                best = e->root_best;
            }
          e->root_best = XQ_MOVE_NONE;
        }
      /* A cut-off iteration searches the previous best move first, so a
       * different move it settled on is better still. */
      if (e->root_best != XQ_MOVE_NONE)
        best = e->root_best;
      if (e->stopped)
        break;
      *score = s;
      *depth = d;
      /* A forced mate found: deeper search cannot improve on it. */
      if (s > MATE_BOUND)
        break;
    }
  e->prune = FALSE;
  memcpy (e->kept_history, e->history, sizeof e->history);
  return best;
}

XqMove
xq_engine_best_move (XqEngine *engine, const XqPosition *pos, XqEngineInfo *info)
{
  const Level *lv;
  XqMove moves[XQ_MAX_MOVES];
  XqScoredMove scored[XQ_MAX_MOVES];
  XqMove best;
  int n, best_score = 0, done_depth = 0, ms;
  gboolean blind;
  double draw;

  g_return_val_if_fail (engine != NULL && pos != NULL, XQ_MOVE_NONE);

  lv = &levels[engine->level - 1];
  begin_search (engine, pos);
  ms = engine->movetime_ms > 0 ? engine->movetime_ms : lv->movetime_ms;

  n = xq_position_legal_moves (&engine->pos, moves);
  if (info != NULL)
    memset (info, 0, sizeof *info);
  if (n == 0)
    return XQ_MOVE_NONE;
  best = moves[0];

  /* Both numbers are drawn on every move, whatever the level does with
   * them, so the choice depends only on the seed and the position. */
  blind = g_rand_int_range (engine->rng, 0, 1000) < lv->blind_permille;
  draw = g_rand_double (engine->rng);

  if (blind)
    {
      int k = score_blind (engine, moves, n, scored);
      int pick = softmax_pick (scored, k, MAX (lv->top_k, 3), MAX (lv->temperature, 30), draw);

      best = scored[pick].move;
      best_score = scored[pick].score;
      done_depth = 1;
    }
  else if (lv->top_k > 1)
    {
      int pick;

      score_root (engine, moves, n, lv->depth, 5 * lv->temperature, scored);
      pick = softmax_pick (scored, n, lv->top_k, lv->temperature, draw);
      best = scored[pick].move;
      best_score = scored[pick].score;
      done_depth = lv->depth;
    }
  else
    best = deepen (engine, best, lv->depth, ms > 0 ? ms : 3000, &best_score, &done_depth);

  if (info != NULL)
    {
      info->score = best_score;
      info->depth = done_depth;
      info->nodes = engine->nodes;
    }
  return best;
}
