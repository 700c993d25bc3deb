/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-window-private.h: XqWindow's fields, shared by xq-window.c and
 * xq-window-actions.c. */
#pragma once

#include "xq-game-day-page.h"
#include "xq-learn-page.h"
#include "xq-teach-page.h"
#include "xq-tournament-page.h"
#include "xq-window.h"

G_BEGIN_DECLS

struct _XqWindow
{
  AdwApplicationWindow parent_instance;

  /* Template widgets */
  AdwToastOverlay *toast_overlay;
  AdwViewStack    *stack;
  AdwSqueezer     *switcher_squeezer;
  AdwWindowTitle  *window_title;
  AdwViewSwitcherBar *switcher_bar;

  /* The pages, NULL until first shown or asked for (xq_window_get_page):
   * read them through the getters, which build them. */
  XqPlayPage      *play_page;
  XqLearnPage     *learn_page;
  XqPuzzlePage    *puzzles_page;
  XqTeachPage     *teach_page;
  XqGameDayPage   *game_day_page;
  XqTournamentPage *tournament_page;

  /* Owned */
  GSettings       *settings;
  GtkWindow       *help_overlay;   /* the shortcuts window, once asked for */
};

/* Installs the win.* actions (xq-window-actions.c). */
void _xq_window_class_install_actions (GtkWidgetClass *widget_class);

G_END_DECLS
