/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-engine.h: the computer opponent of play mode.
 *
 * Alpha-beta with iterative deepening, a capture quiescence search, an
 * evaluation of material, placement, mobility and the generals' safety,
 * and a transposition table (docs/engine.md).  Levels
 * run from 1 (Turtle, a beginner) to XQ_ENGINE_MAX_LEVEL (Dragon).  Given
 * the same seed, level and limits, every answer of levels 1-3 is
 * reproducible; levels 4 and 5 are reproducible under a node limit.
 *
 * Levels 1-3 score every move 1, 2 or 3 plies deep and choose among the
 * best few by a seeded softmax; at a set rate per level they play a move
 * "blind", looking only at where their pieces stand, so they miss
 * captures and leave pieces to be taken the way a child does.  Level 4
 * searches 4 plies (rarely blind); level 5 deepens until its time runs
 * out, capped at 3 s a move.  No level ever misses a mate in one.  The
 * rates and the measured ladder are in docs/engine.md.
 */
#pragma once

#include "xq-game.h"
#include "xq-position.h"

G_BEGIN_DECLS

#define XQ_ENGINE_MAX_LEVEL 5

/* Scores are in hundredths of a soldier; a mate is near this. */
#define XQ_ENGINE_MATE 30000

typedef struct {
  int     score;   /* for the side to move; > XQ_ENGINE_MATE - 100 means it mates */
  int     depth;   /* last completed iteration */
  guint64 nodes;
} XqEngineInfo;

typedef struct _XqEngine XqEngine;

XqEngine *xq_engine_new           (guint32 seed);
void      xq_engine_free          (XqEngine *engine);
void      xq_engine_set_level     (XqEngine *engine, int level);
/* Overrides the level's thinking time (milliseconds, 0 = the level's own). */
void      xq_engine_set_movetime  (XqEngine *engine, int ms);
/* Stops each search after this many nodes (0 = no limit). */
void      xq_engine_set_node_limit (XqEngine *engine, guint64 nodes);
/* The positions game went through before its current ply (since the last
 * capture): the search scores going back to one of them as a draw, so a
 * side that is ahead does not walk into a repetition.  Kept until set
 * again; game NULL forgets them. */
void      xq_engine_set_game_history (XqEngine *engine, const XqGame *game);
/* Thread-safe: makes a running xq_engine_best_move return soon with the
 * best move found so far. */
void      xq_engine_stop          (XqEngine *engine);

/* A legal move for the side to move, or XQ_MOVE_NONE when it has none.
 * info may be NULL. */
XqMove    xq_engine_best_move     (XqEngine *engine, const XqPosition *pos, XqEngineInfo *info);

/* Every legal move of pos scored by a complete search `depth` plies deep
 * (1 .. 20; a capture quiescence after it), for the side to move, best
 * first (ties in move order).  No randomness and no time limit: the same
 * answer at every level, for analysis such as a game review.  moves and
 * scores hold XQ_MAX_MOVES; returns how many (0: pos has no move). */
int       xq_engine_score_moves   (XqEngine *engine, const XqPosition *pos, int depth,
                                   XqMove *moves, int *scores);

/* The static evaluation for the side to move: material and placement, as
 * levels 1-3 and xq_engine_score_moves see it (for the review, tests and
 * hints). */
int       xq_engine_evaluate      (const XqPosition *pos);
/* The evaluation Tiger and Dragon search with: xq_engine_evaluate plus
 * mobility, cannons aimed at the general, cannon against horse by how full
 * the board is, and the generals' guards against attackers. */
int       xq_engine_evaluate_deep (const XqPosition *pos);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqEngine, xq_engine_free)

G_END_DECLS
