/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-game-day-page.h: the Game Day page — the list of folk games, a rules
 * page for each (board picture, rules in force, options), and play with a
 * friend or against the computer (XqVariantPlay). */
#pragma once

#include <adwaita.h>

#include "xq-variant-play.h"

G_BEGIN_DECLS

#define XQ_TYPE_GAME_DAY_PAGE (xq_game_day_page_get_type ())
G_DECLARE_FINAL_TYPE (XqGameDayPage, xq_game_day_page, XQ, GAME_DAY_PAGE, AdwBin)

/* Shows the list, a game's rules page, or goes to play (level 0 = two
 * players; seed 0 draws a fresh one). */
void           xq_game_day_page_show_list   (XqGameDayPage *self);
void           xq_game_day_page_open_rules  (XqGameDayPage *self, XqVariantKind kind);
void           xq_game_day_page_play        (XqGameDayPage *self, int level, guint32 seed);

/* "list", "rules" or "play". */
const char    *xq_game_day_page_get_view    (XqGameDayPage *self);
/* The rules page's text as shown, and the options it plays with. */
const char    *xq_game_day_page_get_rules_text (XqGameDayPage *self);
const XqVariantOptions *xq_game_day_page_get_options (XqGameDayPage *self);
/* The rules page's board pictures: 0 the start, 1 a few moves in. */
GdkPaintable  *xq_game_day_page_get_picture (XqGameDayPage *self, int index);
/* Rows in the list of games. */
int            xq_game_day_page_get_n_games (XqGameDayPage *self);
/* The game of list row `index` and the title the row shows (the tests
 * check the list is the table of games: each game once, in order). */
XqVariantKind  xq_game_day_page_get_game_kind  (XqGameDayPage *self, int index);
const char    *xq_game_day_page_get_game_title (XqGameDayPage *self, int index);
/* The rules page's option check boxes and the lines of its picture key. */
int            xq_game_day_page_get_n_options (XqGameDayPage *self);
GtkCheckButton *xq_game_day_page_get_option   (XqGameDayPage *self, int index);
int            xq_game_day_page_get_n_legend  (XqGameDayPage *self);
const char    *xq_game_day_page_get_note    (XqGameDayPage *self);

XqVariantPlay *xq_game_day_page_get_play    (XqGameDayPage *self);

G_END_DECLS
