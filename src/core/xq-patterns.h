/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-patterns.h: the named kill patterns (殺法) of the puzzle collection.
 *
 * The one list of kill patterns of the program (docs/patterns.md).  Each
 * pattern is a predicate over what the pieces do in the final position
 * (xq-mate-analysis.h: who checks, whose power is essential, who takes
 * which flight point, what the defender's own men block), and a few also
 * over the line that led there (a chariot given up on the palace centre,
 * the general driven home, a quiet move).  Every named pattern is a
 * checkmate; 困斃 (stalemate) is a pattern of its own.  Every pattern that
 * fits is reported (a kill can be a double cannon and a heaven-and-earth
 * at once).
 *
 * "Depth" below is a point's distance from the defender's back rank, so
 * the same definitions serve either colour; the centre file is file e. */
#pragma once

#include "xq-position.h"
#include "xq-mate-analysis.h"
#include "xq-solver.h"

G_BEGIN_DECLS

typedef enum {
  XQ_KILL_STALEMATE,       /* 困斃: no move and not in check */
  XQ_KILL_DOUBLE_CANNON,   /* 重炮: a cannon mates over its own cannon */
  XQ_KILL_HORSE_CANNON,    /* 馬後炮: a cannon mates over its own horse, which holds a flight point */
  XQ_KILL_SMOTHERED,       /* 悶宮: a cannon mates, the general's own men fill every step off its line */
  XQ_KILL_TWO_CHARIOTS,    /* 雙車錯: both chariots essential, one checks */
  XQ_KILL_WOCAO_HORSE,     /* 臥槽馬: an essential horse checks from the third file at depth 1 */
  XQ_KILL_CORNER_HORSE,    /* 掛角馬: an essential horse checks from a palace corner */
  XQ_KILL_FISHING_HORSE,   /* 釣魚馬: a horse on the third file at depth 2 holds the general; another piece checks */
  XQ_KILL_EIGHT_CORNER,    /* 八角馬: a horse diagonally next to the general holds it; another piece checks */
  XQ_KILL_SIDE_TIGER,      /* 側面虎: a high fishing horse holds, a chariot or soldier mates along the rank */
  XQ_KILL_IRON_BOLT,       /* 鐵門栓: a cannon or chariot on the centre file bolts the door; another piece mates */
  XQ_KILL_HEAVEN_EARTH,    /* 天地炮: both cannons essential, one on the centre file, one on the back rank */
  XQ_KILL_BOLD_HEART,      /* 大膽穿心: a chariot takes on the palace centre, offered there or essential in the mate */
  XQ_KILL_TWO_GHOSTS,      /* 二鬼拍門: two soldiers on the palace side files, both essential */
  XQ_KILL_SEA_MOON,        /* 海底撈月: a chariot mates from the back rank up the file */
  XQ_KILL_TWIN_HORSES,     /* 雙馬飲泉: both horses essential, one checks */
  XQ_KILL_BUDDHA,          /* 送佛歸殿: the raised general is driven home and mated there */
  XQ_KILL_CINNABAR,        /* 炮輾丹砂: a cannon eats on the back rank and is essential in the mate */
  XQ_KILL_FACING_GENERAL,  /* 白臉將: the attacking general's file is essential */
  XQ_KILL_HIGH_HORSE,      /* 高釣馬: a horse on the third file at depth 3 holds the general; another piece checks */
  XQ_KILL_EMPTY_HEAD,      /* 空頭炮: a cannon on the general's open file is essential; another piece checks */
  XQ_KILL_CLAMP_CANNON,    /* 夾車炮: a chariot checks with its own cannon behind it on the line, essential */
  XQ_KILL_SPRING_HORSE,    /* 拔簧馬: a chariot checks from next to the general, a horse's power essential */
  XQ_KILL_CHARIOTS_ADVISORS, /* 雙車脅士: both chariots essential, on the two palace side files */
  XQ_KILL_THREE_PIECES,    /* 三子歸邊: chariot, horse and cannon essential, all on one wing */
  XQ_KILL_OLD_SOLDIER,     /* 老兵搜林: a soldier on the back rank is essential */
  XQ_KILL_PULL_DRAWER,     /* 拉抽屜: a discovered check on the way, then mate */
  XQ_KILL_DOUBLE_CHECK,    /* 雙將: two pieces give check in the mate */
  XQ_KILL_CHARIOT_HORSE_COLD,   /* 車馬冷著: a quiet move, then a mate needing chariot and horse */
  XQ_KILL_CHARIOT_SOLDIER_COLD, /* 車兵冷著: a quiet move, then a mate needing chariot and soldier */
  XQ_KILL_CHARIOT_CANNON_COLD,  /* 車炮冷著: a quiet move, then a mate needing chariot and cannon */
  XQ_N_KILLS
} XqKill;

typedef guint32 XqKillSet;   /* bit (1u << XqKill) */

#define XQ_KILL_ALL ((XqKillSet) ((1u << XQ_N_KILLS) - 1))

/* Does the kill hold?  a: the analysis of the final position; start and
 * line (length plies from start, the attacker to move in start) the way
 * there, for the patterns defined by the play; start may be NULL when only
 * the final position is known, and then those patterns never hold. */
gboolean     xq_kill_holds     (XqKill kill, const XqMateAnalysis *a,
                                const XqPosition *start, const XqMove *line, int length);
/* Every pattern that holds (the union of xq_kill_holds). */
XqKillSet    xq_kill_set       (const XqMateAnalysis *a,
                                const XqPosition *start, const XqMove *line, int length);

/* Every pattern the line shows.  start: the attacker to move; line: the
 * main line (length plies) ending with the defender unable to move.
 * Returns 0 when the line does not end in a win or a move is illegal. */
XqKillSet    xq_kill_recognise (const XqPosition *start, const XqMove *line, int length);
/* The patterns the final position alone shows (end: the defender to move
 * and without a move); 0 when the side to move in end can still move. */
XqKillSet    xq_kill_recognise_final (const XqPosition *end);

/* ---- On every defence line ------------------------------------------------ */

typedef enum {
  XQ_CONFIRM_DONE,        /* *holds is exact */
  XQ_CONFIRM_NO_MATE,     /* the attacker has no forced win within max_n */
  XQ_CONFIRM_UNDECIDED,   /* the budget or the solver's limit ran out: nothing proven */
} XqConfirm;

/* The default node budget of xq_kill_confirm, and the solver work (units of
 * xq-solver.h) one confirmation may spend in all, whatever the node budget:
 * some 17 and 6 times what the most expensive shipped puzzle needs
 * (docs/patterns.md), so a confirmation stops within seconds. */
#define XQ_KILL_CONFIRM_BUDGET G_GUINT64_CONSTANT (20000)
#define XQ_KILL_CONFIRM_WORK   G_GUINT64_CONSTANT (128000000)
/* The node budget for a crowded game position (the advanced tier): it has
 * more defence lines than the default allows.  The tier's confirmation
 * (tools/gen-game-puzzles.py passes the same to `puzzle-confirm --budget`)
 * and the answer key's steering (XQ_ANSWER_STEER_BUDGET) use it. */
#define XQ_KILL_CONFIRM_GAME_BUDGET G_GUINT64_CONSTANT (200000)

typedef struct {
  int     mate;      /* the exact distance found at the start */
  guint64 nodes;     /* positions of the tree visited */
  guint64 finals;    /* final positions analysed */
  guint64 work;      /* solver work units spent */
} XqConfirmStats;

/* Which patterns of `want` hold on every line of the mate from start (the
 * attacker to move).  The tree: at the attacker's nodes SOME move that
 * wins fastest (exact distance, by the solver), at the defender's nodes
 * EVERY move that resists longest; a pattern holds when the attacker can
 * steer every such line into it: xq_kill_holds on the final position and
 * the line from start (docs/patterns.md, "On every defence line").
 * budget: most tree nodes to visit (0: XQ_KILL_CONFIRM_BUDGET).  The solver
 * keeps its own limits per question, and all its answers together may
 * spend XQ_KILL_CONFIRM_WORK; when any of them or the budget gives up, the answer is
 * XQ_CONFIRM_UNDECIDED and *holds is 0.  stats may be NULL. */
XqConfirm    xq_kill_confirm   (XqSolver *solver, const XqPosition *start, int max_n,
                                XqKillSet want, guint64 budget, XqKillSet *holds,
                                XqConfirmStats *stats);
/* The same, on the lines that begin with key only: the patterns of want
 * the attacker can steer every longest defence into after key.  A puzzle
 * with several keys names a pattern a coach accepts when it holds after
 * EVERY key (tools/puzzle-gen.md).  XQ_CONFIRM_NO_MATE also when key is not
 * one of the moves that win in the exact distance. */
XqConfirm    xq_kill_confirm_key (XqSolver *solver, const XqPosition *start, XqMove key,
                                  int max_n, XqKillSet want, guint64 budget, XqKillSet *holds,
                                  XqConfirmStats *stats);

/* A main line of the mate from start (the attacker to move) steered into
 * kill, as a puzzle's answer key prints it (docs/patterns.md, "The answer
 * key's main line"): at each attacker move the first of the fastest
 * winning moves (ICCS order) under which kill still holds on every longest
 * defence, asked as xq_kill_confirm asks with the line so far (the solver's
 * first fastest move when none does); at each defender move the most
 * stubborn reply, as xq_solver_main_line plays it.  line must hold
 * 2 * max_n moves.  XQ_CONFIRM_DONE: *length plies, ending where the
 * defender cannot move (in kill whenever some choice could keep it; ask
 * xq_kill_recognise).  The bounds are xq_kill_confirm's: budget tree nodes
 * (0: XQ_KILL_CONFIRM_BUDGET) and XQ_KILL_CONFIRM_WORK solver work units
 * for the whole line, its own questions included (a solver that has just
 * played xq_solver_main_line on start answers those almost free); when
 * one runs out the answer is XQ_CONFIRM_UNDECIDED and *length 0.  stats
 * may be NULL. */
XqConfirm    xq_kill_steer_line (XqSolver *solver, const XqPosition *start, int max_n, XqKill kill,
                                 guint64 budget, XqMove *line, int *length, XqConfirmStats *stats);
/* One attacker move of such a line, from anywhere on the way (the drill's
 * hint): the position is start after the n_played plies of played (an
 * even number: the attacker to move again), and the pattern is asked of
 * the whole line from start, played included.  *move: the first of the
 * fastest winning moves (within max_n moves, ICCS order) under which kill
 * still holds on every longest defence; with none, the solver's first
 * fastest move.  Along the line xq_kill_steer_line steers, each attacker
 * move is this choice for the plies before it; after any other winning
 * move this steers again from there.  Bounds: budget tree nodes (0:
 * XQ_KILL_CONFIRM_BUDGET) and XQ_KILL_CONFIRM_WORK work units for this
 * one choice.  XQ_CONFIRM_DONE with *move; XQ_CONFIRM_NO_MATE (no win
 * within max_n) with XQ_MOVE_NONE; XQ_CONFIRM_UNDECIDED when a limit ran
 * out, *move then the solver's first fastest move when the distance was
 * proved, else XQ_MOVE_NONE.  stats may be NULL. */
XqConfirm    xq_kill_steer_move (XqSolver *solver, const XqPosition *start, const XqMove *played,
                                 int n_played, int max_n, XqKill kill, guint64 budget, XqMove *move,
                                 XqConfirmStats *stats);

/* Stable ASCII id ("iron-bolt"), the traditional name in traditional
 * characters, the simplified one, and the English name used in puzzle
 * files. */
const char  *xq_kill_id        (XqKill kill);
const char  *xq_kill_hanzi     (XqKill kill);
const char  *xq_kill_simplified (XqKill kill);
const char  *xq_kill_english   (XqKill kill);
/* -1 when unknown. */
int          xq_kill_from_id   (const char *id);

G_END_DECLS
