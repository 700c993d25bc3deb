/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-window.h: the main window — Learn, Puzzles, Play and Teach pages. */
#pragma once

#include <adwaita.h>

#include "xq-game-day-page.h"
#include "xq-play-page.h"

G_BEGIN_DECLS

/* The schema id does not change for the .Devel build (see data/meson.build). */
#define XQ_SETTINGS_SCHEMA "io.github.xiangqi_tutor.XiangqiTutor"

#define XQ_TYPE_WINDOW (xq_window_get_type ())
G_DECLARE_FINAL_TYPE (XqWindow, xq_window, XQ, WINDOW, AdwApplicationWindow)

XqWindow   *xq_window_new           (AdwApplication *app);
XqPlayPage *xq_window_get_play_page (XqWindow *self);
XqGameDayPage *xq_window_get_game_day_page (XqWindow *self);
/* Shows the named page: "learn", "puzzles", "play" or "teach". */
void        xq_window_show_page     (XqWindow *self, const char *name);
void        xq_window_toast         (XqWindow *self, const char *text);

/* The notation a GSettings "notation" value stands for; "auto" follows the
 * interface language. */
XqNotation  xq_window_notation_from_setting (const char *nick);

G_END_DECLS
