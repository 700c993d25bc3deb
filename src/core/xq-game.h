/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-game.h: a game record (start position + moves) with undo/redo and the
 * referee: who won and which rule decided it.
 *
 * Rules followed (the Chinese competition rules; clause numbers are theirs,
 * docs/rulings.md has what the program relies on):
 *  - no legal move loses, in check or not (第3條, 4.1.1, 4.1.3);
 *  - forbidden repetition cycles, 棋例 第24–29條 (see xq-repetition.h);
 *  - the natural move limit, 4.2.4 and 第23條 23.3 (at most 10 checks of a
 *    claimant counted);
 *  - positions where neither side can ever mate, 4.2.1 (see xq-material.h);
 *  - resignation, agreed draws and flag fall, set by the interface.
 * When several apply to one ply, the order is the one above (no legal move
 * first): a mate made on the move that also completes a cycle or the
 * limit stands.
 */
#pragma once

#include "xq-position.h"

G_BEGIN_DECLS

#define XQ_GAME_ERROR (xq_game_error_quark ())
GQuark xq_game_error_quark (void);

typedef enum {
  XQ_GAME_ERROR_ILLEGAL_MOVE,   /* the move is not legal at that ply */
  XQ_GAME_ERROR_BAD_MOVE_TEXT,  /* ICCS text could not be read */
  XQ_GAME_ERROR_GAME_OVER,      /* the game already has a result at that ply */
} XqGameError;

typedef enum {
  XQ_WINNER_NONE,    /* still going */
  XQ_WINNER_RED,
  XQ_WINNER_BLACK,
  XQ_WINNER_DRAW,
} XqWinner;

typedef enum {
  XQ_REASON_NONE,
  XQ_REASON_CHECKMATE,             /* 將死, 4.1.1 */
  XQ_REASON_STALEMATE,             /* 困斃, 4.1.3: also a loss */
  XQ_REASON_RESIGNATION,           /* 4.1.9 */
  XQ_REASON_AGREEMENT,             /* 4.2.2 */
  XQ_REASON_MOVE_LIMIT,            /* 自然限著, 4.2.4 / 第23條 */
  XQ_REASON_PERPETUAL_CHECK,       /* 長將, 26.1 / 24.1 */
  XQ_REASON_PERPETUAL_CHASE,       /* 長捉, 25.2 / 26.4 */
  XQ_REASON_PERPETUAL_MATE_THREAT, /* 長殺, 25.2 (China rules only) */
  XQ_REASON_PERPETUAL_MIXED,       /* 一將一捉, 一將一殺, 一殺一捉, 25.2 (China rules only) */
  XQ_REASON_REPETITION,            /* 不變作和, 4.2.3 / 26.2 / 26.3: a draw */
  XQ_REASON_BARE_MATERIAL,         /* 4.2.1: neither side can ever mate */
  XQ_REASON_TIME,                  /* flag fall, 4.1.4: set by the interface */
  XQ_REASON_ILLEGAL_MOVE,          /* 4.1.2 / 4.1.6, over-the-board games only: set by the interface */
} XqReason;

/* What a chase ruling was about, so the sentence can say it (docs/rulings.md, section 4). */
typedef struct {
  XqPieceType piece;    /* the piece chased; XQ_NO_TYPE if not known */
  XqPieceType by;       /* the piece that would take it; XQ_NO_TYPE if only after checks (29.1) */
  gboolean    guarded;  /* it has a real defender: taking it still wins material because `by` is worth less */
} XqChase;

typedef struct {
  XqWinner winner;
  XqReason reason;
  int      ply;     /* the ply (number of moves played) at which it was decided; -1 if none */
  XqReason both;    /* a REPETITION draw as the game ruled it: REPETITION when both sides were
                     * allowed (26.2), else the forbidden kind both committed (26.3;
                     * PERPETUAL_MIXED when they differ); NONE when not known (a result
                     * rebuilt from its code) */
  XqChase  chase;   /* reason PERPETUAL_CHASE: what the loser chased; piece XQ_NO_TYPE if not known */
} XqResult;

typedef enum {
  XQ_RULES_CHINA,   /* the Chinese competition rules, the default */
  XQ_RULES_AXF,     /* Asian Xiangqi Federation reading, as engines implement it (docs/rulings.md) */
} XqRuleSet;

typedef enum {
  XQ_CYCLES_IMMEDIATE,          /* a forbidden cycle loses at its 3rd occurrence (xqtool judge) */
  XQ_CYCLES_WARN_THEN_FORFEIT,  /* 24.3: warn first, lose if the cycle is completed once more */
} XqCycleHandling;

typedef struct {
  XqRuleSet       rules;
  XqCycleHandling cycles;
  int             move_limit;     /* rounds without a capture (4.2.4), 0 = off; default 60 */
  gboolean        bare_material;  /* draw positions where mate is impossible; default TRUE */
} XqGameOptions;

/* A pending 24.3 warning: `offender` repeated a forbidden cycle and must change. */
typedef struct {
  XqColor  offender;
  XqReason reason;   /* PERPETUAL_CHASE, _MATE_THREAT or _MIXED */
  int      ply;      /* ply at which the warning was given */
  XqChase  chase;    /* reason PERPETUAL_CHASE: what is chased and by what; piece XQ_NO_TYPE if not known */
} XqWarning;

typedef struct _XqGame XqGame;

/* ---- Options and results --------------------------------------------------- */

void         xq_game_options_init    (XqGameOptions *opts);

/* Stable codes for xqtool and files: "checkmate", "perpetual-chase", ...; "" for NONE. */
const char  *xq_reason_to_code       (XqReason reason);
/* The reverse; FALSE if unknown. */
gboolean     xq_reason_from_code     (const char *code, XqReason *out);
/* "red", "black", "draw" or "ongoing". */
const char  *xq_winner_to_code       (XqWinner winner);
/* The clause of the Chinese competition rules (or AXF summary) deciding it, e.g. "第26條 26.1". */
const char  *xq_reason_rule          (XqReason reason, XqRuleSet rules);
/* A translated sentence for a child: who won and why. Free with g_free. */
char        *xq_result_explain       (const XqResult *result);
/* A translated sentence for a pending warning. Free with g_free. */
char        *xq_warning_explain      (const XqWarning *warning);

/* The natural limit as a pure function (for tests and the clock): `plies` since the
 * last capture, checks each side gave in them, `limit` rounds.  A side's checks
 * beyond 10 are not counted, nor the replies to them (23.3); the draw is due if
 * either side could claim it. */
gboolean     xq_move_limit_reached   (int plies, int checks_red, int checks_black, int limit);

/* What a position decides on its own, without a game's history (so no
 * repetition): the referee's rules (1), (3) and (4) above, in that order.
 * The natural limit reads the position's half-move clock and counts no
 * checks.  opts NULL = the defaults.  result.ply is 0 when decided. */
XqResult     xq_game_judge_position  (const XqPosition *pos, const XqGameOptions *opts);

/* ---- The game record ------------------------------------------------------- */

/* start NULL = the standard opening position.  Options are the defaults. */
XqGame      *xq_game_new             (const XqPosition *start);
XqGame      *xq_game_new_full        (const XqPosition *start, const XqGameOptions *opts);
XqGame      *xq_game_copy            (const XqGame *game);
void         xq_game_free            (XqGame *game);

/* Changing options re-judges every recorded ply (results and warnings);
 * moves after a ply that now ends the game are dropped. */
void         xq_game_set_options     (XqGame *game, const XqGameOptions *opts);
void         xq_game_get_options     (const XqGame *game, XqGameOptions *opts);

/* Plays a move at the current ply.  If it equals the next recorded move the
 * tail is kept (a redo); otherwise the tail is dropped.  Errors name the ply. */
gboolean     xq_game_play            (XqGame *game, XqMove move, GError **error);
gboolean     xq_game_play_iccs       (XqGame *game, const char *iccs, GError **error);

/* Navigation: ply 0 = start position, n_plies = after the last recorded move. */
int          xq_game_get_ply         (const XqGame *game);
int          xq_game_get_n_plies     (const XqGame *game);
gboolean     xq_game_go_to_ply       (XqGame *game, int ply);
gboolean     xq_game_undo            (XqGame *game);
gboolean     xq_game_redo            (XqGame *game);

const XqPosition *xq_game_get_start     (const XqGame *game);
const XqPosition *xq_game_get_position  (const XqGame *game);             /* at the current ply */
const XqPosition *xq_game_get_position_at (const XqGame *game, int ply);
/* The move played from ply-1 to ply (1 <= ply <= n_plies). */
XqMove       xq_game_get_move        (const XqGame *game, int ply);
/* The move that led to the current ply, XQ_MOVE_NONE at ply 0. */
XqMove       xq_game_get_last_move   (const XqGame *game);

/* The result as of the current ply (results reached later in the tail do not count). */
XqResult     xq_game_get_result      (const XqGame *game);
XqResult     xq_game_get_result_at   (const XqGame *game, int ply);
gboolean     xq_game_is_over         (const XqGame *game);
/* The pending 24.3 warning at the current ply, if any. */
gboolean     xq_game_get_warning     (const XqGame *game, XqWarning *out);

/* Results the interface decides.  They apply at the current ply and drop the tail. */
void         xq_game_resign          (XqGame *game, XqColor loser);
void         xq_game_agree_draw      (XqGame *game);
void         xq_game_flag_fall       (XqGame *game, XqColor loser);
/* Clears an interface result at the current ply (e.g. a mistaken resignation). */
void         xq_game_clear_declared_result (XqGame *game);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqGame, xq_game_free)

G_END_DECLS
