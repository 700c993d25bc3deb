/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-window-private.h: XqWindow's fields, shared by xq-window.c and
 * xq-window-actions.c. */
#pragma once

#include "xq-game-day-page.h"
#include "xq-learn-page.h"
#include "xq-tournament-page.h"
#include "xq-window.h"

G_BEGIN_DECLS

struct _XqWindow
{
  AdwApplicationWindow parent_instance;

  /* Template widgets */
  AdwToastOverlay *toast_overlay;
  AdwViewStack    *stack;
  XqPlayPage      *play_page;
  XqLearnPage     *learn_page;
  XqGameDayPage   *game_day_page;
  XqTournamentPage *tournament_page;

  /* Owned */
  GSettings       *settings;
};

/* Installs the win.* actions (xq-window-actions.c). */
void _xq_window_class_install_actions (GtkWidgetClass *widget_class);

G_END_DECLS
