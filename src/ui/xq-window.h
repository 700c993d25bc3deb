/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-window.h: the main window — the Learn, Puzzles, Play, Game Day, Teach
 * and Tournament pages.  A page is built the first time it is shown or asked
 * for, so start-up builds only the page it opens on. */
#pragma once

#include <adwaita.h>

#include "xq-learn-page.h"
#include "xq-game-day-page.h"
#include "xq-play-page.h"
#include "xq-puzzle-page.h"
#include "xq-teach-page.h"
#include "xq-tournament-page.h"
#include "xq-settings.h"

G_BEGIN_DECLS


#define XQ_TYPE_WINDOW (xq_window_get_type ())
G_DECLARE_FINAL_TYPE (XqWindow, xq_window, XQ, WINDOW, AdwApplicationWindow)

XqWindow   *xq_window_new           (AdwApplication *app);
/* The named page ("learn", "puzzles", "play", "game-day", "teach" or
 * "tournament"), built now if it was not yet.  The typed getters below are
 * the same, one per page. */
GtkWidget  *xq_window_get_page      (XqWindow *self, const char *name);
XqPlayPage *xq_window_get_play_page (XqWindow *self);
XqLearnPage  *xq_window_get_learn_page   (XqWindow *self);
XqPuzzlePage *xq_window_get_puzzle_page  (XqWindow *self);
XqGameDayPage *xq_window_get_game_day_page (XqWindow *self);
XqTeachPage   *xq_window_get_teach_page    (XqWindow *self);
XqTournamentPage *xq_window_get_tournament_page (XqWindow *self);
/* Shows the named page (the names above), building it if needed. */
void        xq_window_show_page     (XqWindow *self, const char *name);
void        xq_window_toast         (XqWindow *self, const char *text);

/* The notation a GSettings "notation" value stands for; "auto" follows the
 * interface language. */
XqNotation  xq_window_notation_from_setting (const char *nick);

G_END_DECLS
