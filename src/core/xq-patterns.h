/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-patterns.h: the named kill patterns (殺法) of the puzzle collection.
 *
 * The one list of kill patterns of the program.  Many classical kills are
 * defined by the idea on the way there (a chariot sacrificed in the palace
 * centre, a cannon sweeping the back rank, the general driven home), so the
 * full recogniser looks at the start position, the main line and the final
 * position together; the final position alone shows the rest.  Every
 * pattern that fits is reported (a kill can be a double-cannon and a
 * heaven-and-earth at once).
 *
 * "Depth" below is a point's distance from the defender's back rank, so
 * the same geometry serves either colour. */
#pragma once

#include "xq-position.h"

G_BEGIN_DECLS

typedef enum {
  XQ_KILL_STALEMATE,       /* 困斃: no move and not in check */
  XQ_KILL_DOUBLE_CANNON,   /* 重炮: a cannon checks over its own cannon */
  XQ_KILL_HORSE_CANNON,    /* 馬後炮: a cannon checks over its own horse */
  XQ_KILL_SMOTHERED,       /* 悶宮: cannon check, the flight points held by the general's own men */
  XQ_KILL_SMOTHER,         /* 悶殺: another check, its own men fill the palace steps (all but one) */
  XQ_KILL_TWO_CHARIOTS,    /* 雙車錯: two chariots on neighbouring lines */
  XQ_KILL_WOCAO_HORSE,     /* 臥槽馬: horse check from the third file, depth 1 */
  XQ_KILL_CORNER_HORSE,    /* 掛角馬: horse check from a palace corner */
  XQ_KILL_FISHING_HORSE,   /* 釣魚馬: horse at depth 2 on the third file guards the palace */
  XQ_KILL_EIGHT_CORNER,    /* 八角馬: horse diagonally next to the general, another piece checks */
  XQ_KILL_SIDE_TIGER,      /* 側面虎: high horse at depth 3 plus a check along the rank */
  XQ_KILL_IRON_BOLT,       /* 鐵門栓: back-rank check while the centre file is held */
  XQ_KILL_HEAVEN_EARTH,    /* 天地炮: one cannon on the centre file, one on the back rank */
  XQ_KILL_BOLD_HEART,      /* 大膽穿心: a chariot takes on the palace centre */
  XQ_KILL_TWO_GHOSTS,      /* 二鬼拍門: two soldiers on both palace side files */
  XQ_KILL_SEA_MOON,        /* 海底撈月: a chariot checks from the back rank up the file */
  XQ_KILL_TWIN_HORSES,     /* 雙馬飲泉: both horses hold the general (check or guard its steps) */
  XQ_KILL_BUDDHA,          /* 送佛歸殿: the raised general is driven home and mated there */
  XQ_KILL_CINNABAR,        /* 炮輾丹砂: a cannon eats an advisor or elephant on the back rank */
  XQ_KILL_FACING_GENERAL,  /* 白臉將: the attacking general takes away a file */
  XQ_KILL_HIGH_HORSE,      /* 高釣馬: horse at depth 3 on the third file guards a flight point */
  XQ_N_KILLS
} XqKill;

typedef guint32 XqKillSet;   /* bit (1u << XqKill) */

/* Every pattern the line shows.  start: the attacker to move; line: the
 * main line (length plies) ending with the defender unable to move.
 * Returns 0 when the line does not end in a win. */
XqKillSet    xq_kill_recognise (const XqPosition *start, const XqMove *line, int length);
/* The patterns the final position alone shows (end: the defender to move
 * and without a move); 0 when the side to move in end can still move. */
XqKillSet    xq_kill_recognise_final (const XqPosition *end);

/* Stable ASCII id ("iron-bolt"), the traditional name in traditional
 * characters, and the English name used in puzzle files. */
const char  *xq_kill_id        (XqKill kill);
const char  *xq_kill_hanzi     (XqKill kill);
const char  *xq_kill_english   (XqKill kill);
/* -1 when unknown. */
int          xq_kill_from_id   (const char *id);

G_END_DECLS
