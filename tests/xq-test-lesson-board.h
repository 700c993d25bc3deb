/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-test-lesson-board.h: input on a lesson board under Xvfb, for the GTK
 * tests that play exercises.  GTK 4.8 cannot synthesise events, so the
 * gesture signals are emitted (docs/building.md, trap 12). */
#pragma once

#include <gtk/gtk.h>

#include "xq-board-view.h"
#include "xq-lesson-board.h"
#include "xq-lesson-player.h"
#include "xq-test-gtk.h"

/* The player's board, made quick for a test: replies without delay, no
 * demonstration by itself, no animation, no sound. */
static inline XqLessonBoard *
xq_test_quiet_board (XqLessonPlayer *player)
{
  XqLessonBoard *board = xq_lesson_player_get_board (player);

  xq_lesson_player_set_reply_delay (player, 0);
  xq_lesson_player_set_auto_demo (player, FALSE);
  xq_board_view_set_animate (xq_lesson_board_get_view (board), FALSE);
  xq_board_view_set_sounds (xq_lesson_board_get_view (board), FALSE);
  return board;
}

/* Runs what is pending on the main context, without blocking. */
static inline void
xq_test_wait_idle (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* The widget's controller of this type in this phase, or NULL. */
static inline GtkEventController *
xq_test_find_controller (GtkWidget *widget, GType type, GtkPropagationPhase phase)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) c = g_list_model_get_item (controllers, i);
      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type) &&
          gtk_event_controller_get_propagation_phase (GTK_EVENT_CONTROLLER (c)) == phase)
        return GTK_EVENT_CONTROLLER (c);  /* the widget keeps it alive */
    }
  return NULL;
}

/* A press on a point, the way the pointer gives it: the lesson board's
 * capture gesture first, then the widget under the pointer (the marks layer
 * in tap mode, else the board view). */
static inline void
xq_test_press_point (XqLessonBoard *board, XqSquare sq)
{
  XqBoardView *view = xq_lesson_board_get_view (board);
  GtkEventController *capture, *press;
  GtkWidget *target;
  double x, y;

  xq_board_view_get_point (view, sq, &x, &y);
  capture = xq_test_find_controller (GTK_WIDGET (board), GTK_TYPE_GESTURE_CLICK, GTK_PHASE_CAPTURE);
  g_assert_nonnull (capture);
  g_signal_emit_by_name (capture, "pressed", 1, x, y);

  if (xq_lesson_board_get_tap_mode (board))
    target = xq_test_find_descendant (GTK_WIDGET (board), GTK_TYPE_DRAWING_AREA);
  else
    target = GTK_WIDGET (view);
  g_assert_nonnull (target);
  g_assert_true (gtk_widget_get_can_target (target));
  press = xq_test_find_controller (target, GTK_TYPE_GESTURE_CLICK, GTK_PHASE_BUBBLE);
  g_assert_nonnull (press);
  g_signal_emit_by_name (press, "pressed", 1, x, y);
  g_signal_emit_by_name (press, "released", 1, x, y);
  xq_test_wait_idle ();
}

/* A click on a button the learner can see and use. */
static inline void
xq_test_click (GtkWidget *button)
{
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_visible (button));
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  xq_test_wait_idle ();
}
