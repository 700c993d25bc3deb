/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-engine.h: the computer opponent of play mode.
 *
 * Alpha-beta with iterative deepening, a capture quiescence search, a
 * material + piece-square evaluation and a transposition table.  Levels
 * run from 1 (a beginner: shallow, with seeded randomness among moves) to
 * XQ_ENGINE_MAX_LEVEL (searches until its time runs out).  Given the same
 * seed, level and limits, every answer of a depth-limited level is
 * reproducible; the top level is reproducible under a node limit.
 *
 * Levels: 1 looks one move ahead with a lot of noise (it still never
 * misses a mate in one, and takes a free chariot most of the time);
 * 2 and 3 look 2 and 3 plies ahead with less noise; 4 searches 5 plies;
 * 5 deepens until its time (3 s, or the movetime set) runs out.
 */
#pragma once

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
/* Thread-safe: makes a running xq_engine_best_move return soon with the
 * best move found so far. */
void      xq_engine_stop          (XqEngine *engine);

/* A legal move for the side to move, or XQ_MOVE_NONE when it has none.
 * info may be NULL. */
XqMove    xq_engine_best_move     (XqEngine *engine, const XqPosition *pos, XqEngineInfo *info);

/* The static evaluation for the side to move (for tests and hints). */
int       xq_engine_evaluate      (const XqPosition *pos);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqEngine, xq_engine_free)

G_END_DECLS
