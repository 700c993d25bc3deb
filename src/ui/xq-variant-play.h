/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-variant-play.h: one Game Day game in play — the board, the pieces each
 * side has lost, whose turn it is, why an action was refused, the result,
 * the seed, new game, take back, save and open.  Two players on one
 * computer, or the first player against the computer (levels 1..3), whose
 * search runs in a GTask and only ever sees the public view. */
#pragma once

#include <gtk/gtk.h>

#include "xq-render.h"
#include "xq-variant-board.h"
#include "xq-variant.h"

G_BEGIN_DECLS

#define XQ_TYPE_VARIANT_PLAY (xq_variant_play_get_type ())
G_DECLARE_FINAL_TYPE (XqVariantPlay, xq_variant_play, XQ, VARIANT_PLAY, GtkBox)

GtkWidget      *xq_variant_play_new           (void);

/* A new game of opts->kind from `seed`; level 0 = two players. */
void            xq_variant_play_start         (XqVariantPlay *self, const XqVariantOptions *opts,
                                               int level, guint32 seed);
/* The same game and opponent again with a fresh seed. */
void            xq_variant_play_new_game      (XqVariantPlay *self);
gboolean        xq_variant_play_undo          (XqVariantPlay *self);
/* The side to move gives up (against the computer: the person). */
void            xq_variant_play_resign        (XqVariantPlay *self);

/* What a click on a point or cell does (the board's ::cell-clicked). */
void            xq_variant_play_click         (XqVariantPlay *self, int cell);
/* Plays an action given in the core's text ("+a1", "h2e2", "=N", ...); a
 * refused one shows its reason like a click does and returns FALSE. */
gboolean        xq_variant_play_play_text     (XqVariantPlay *self, const char *text, GError **error);
/* 落棋: picks the piece type the next click on an empty cell drops. */
void            xq_variant_play_choose_drop   (XqVariantPlay *self, XqPieceType type);
/* 五虎棋: whether the next two soldier steps make one turn (the check box). */
void            xq_variant_play_set_double_step (XqVariantPlay *self, gboolean on);
/* 超然象棋: turns the mover's cube so `face` is on top. */
void            xq_variant_play_turn_cube     (XqVariantPlay *self, XqPieceType face);

/* The core's save format; loading replays it (the game in progress is kept
 * on error). */
char           *xq_variant_play_save_text     (XqVariantPlay *self);
gboolean        xq_variant_play_load_text     (XqVariantPlay *self, const char *text, GError **error);
/* Reads a saved game (at most 1 MiB, refused unread when larger) and loads it. */
gboolean        xq_variant_play_load_file     (XqVariantPlay *self, const char *path, GError **error);

const XqVariantGame *xq_variant_play_get_game (XqVariantPlay *self);
XqVariantBoard *xq_variant_play_get_board     (XqVariantPlay *self);
int             xq_variant_play_get_level     (XqVariantPlay *self);
/* The line under the board: a refused action's reason, the computer's move. */
const char     *xq_variant_play_get_message   (XqVariantPlay *self);
const char     *xq_variant_play_get_turn_text (XqVariantPlay *self);
/* Who won and why, or "" while the game goes on. */
const char     *xq_variant_play_get_result_text (XqVariantPlay *self);
/* How many lost pieces of `color` are shown beside the board. */
int             xq_variant_play_get_n_lost_shown (XqVariantPlay *self, XqColor color);

/* The pause before the computer answers (0 in tests). */
void            xq_variant_play_set_computer_delay (XqVariantPlay *self, guint ms);
/* Is the computer waiting to answer or thinking? */
gboolean        xq_variant_play_get_thinking  (XqVariantPlay *self);

G_END_DECLS
