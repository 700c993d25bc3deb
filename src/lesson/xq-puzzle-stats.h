/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-puzzle-stats.h: what a puzzle collection holds, against the goals of
 * the third edition (issue 29): how many puzzles and patterns, how deep,
 * how crowded the boards, how often the defender threatens a mate of its
 * own.  `xqtool puzzles stats` prints it as a table (tools/puzzle-gen.md). */
#pragma once

#include <glib.h>

#include "xq-lesson.h"

G_BEGIN_DECLS

/* The goals: at least this many puzzles and patterns, this share (in
 * percent) of mates in 5 or more and of defenders threatening mate in one,
 * this median of pieces on the board. */
#define XQ_PUZZLE_GOAL_PUZZLES      1000
#define XQ_PUZZLE_GOAL_PATTERNS     30
#define XQ_PUZZLE_GOAL_DEEP_PERCENT 25
#define XQ_PUZZLE_GOAL_PIECES       10
#define XQ_PUZZLE_GOAL_THREAT_PERCENT 40

/* Keys: a puzzle of the children's packs and a mate in 3 or 4 of the
 * advanced tier has ONE first move that mates in exactly mate_in; a mate
 * in XQ_PUZZLE_KEYS_FROM or more of the tier may have up to
 * XQ_PUZZLE_MAX_KEYS (real positions often win several ways), and its
 * pattern then holds on every defence line after EVERY key
 * (xq_kill_confirm_key; `xqtool puzzle-confirm --keys`,
 * tools/gen-game-puzzles.py --keys and --keys-from, tools/puzzle-gen.md). */
#define XQ_PUZZLE_KEYS_FROM 5
#define XQ_PUZZLE_MAX_KEYS  3

typedef struct {
  guint puzzles;
  guint patterns;        /* distinct "pattern" names */
  guint deep;            /* mates in 5 or more */
  guint short_mates;     /* mates in 1 to 3 */
  guint threat;          /* the defender threatens mate in one (XqPuzzle.defender_threatens) */
  guint fighting;        /* the defender has a chariot, horse or cannon */
  guint advanced;        /* in packs that open by rating */
  double median_pieces;  /* both generals counted */
} XqPuzzleStats;

/* Over every puzzle of the packs (XqPuzzlePack*). */
void      xq_puzzle_stats_compute  (GPtrArray *packs, XqPuzzleStats *out);
/* Whether each goal is met; all five: the collection meets the table. */
gboolean  xq_puzzle_stats_meets    (const XqPuzzleStats *s, gboolean met[5]);

G_END_DECLS
