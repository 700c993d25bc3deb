/* SPDX-License-Identifier: GPL-3.0-or-later */
/* How the lesson player stands at a width: board and words side by side,
 * or the words under the board in a narrow window (a phone). */
#define G_LOG_DOMAIN "xq-lesson-player"

#include "config.h"

#include "xq-lesson-player-private.h"

/* Below this width the words go under the board; above it they stand
 * beside it in a column of a fixed width, so the board's size depends only
 * on the window and never on what the words say. */
#define NARROW_WIDTH 520
#define SIDE_SHARE 0.36
#define SIDE_MIN 220
#define SIDE_MAX 360
#define TRAY_CELL 92

static int
side_width (double width)
{
  return width < NARROW_WIDTH ? -1 : CLAMP ((int) (width * SIDE_SHARE), SIDE_MIN, SIDE_MAX);
}

static gboolean
relayout_cb (gpointer user_data)
{
  XqLessonPlayer *self = user_data;
  GtkAdjustment *adj = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (self->scroller));
  gboolean narrow = gtk_adjustment_get_page_size (adj) < NARROW_WIDTH;

  self->relayout_source = 0;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->main),
                                  narrow ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL);
  gtk_widget_set_size_request (self->side_scroller, side_width (gtk_adjustment_get_page_size (adj)), -1);
  /* The tray fits the column: a piece button is about TRAY_CELL wide. */
  xq_setup_tray_set_columns (self->tray, narrow ? 4 : CLAMP (side_width (gtk_adjustment_get_page_size (adj)) / TRAY_CELL, 2, 4));
  /* Beside the board the words scroll in their own column, visibly; the
   * page itself only scrolls on a phone. */
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->side_scroller), GTK_POLICY_NEVER,
                                  narrow ? GTK_POLICY_NEVER : GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_NEVER,
                                  narrow ? GTK_POLICY_AUTOMATIC : GTK_POLICY_NEVER);
  /* One row of five big buttons is too wide for a phone: back and next
   * then get a row of their own. */
  g_object_ref (self->back_button);
  g_object_ref (self->next_button);
  gtk_box_remove (GTK_BOX (gtk_widget_get_parent (self->back_button)), self->back_button);
  gtk_box_remove (GTK_BOX (gtk_widget_get_parent (self->next_button)), self->next_button);
  if (narrow)
    gtk_box_append (GTK_BOX (self->nav_row), self->back_button);
  else
    gtk_box_prepend (GTK_BOX (self->buttons), self->back_button);
  gtk_box_append (GTK_BOX (narrow ? self->nav_row : self->buttons), self->next_button);
  gtk_widget_set_hexpand (self->next_button, TRUE);
  gtk_widget_set_halign (self->next_button, GTK_ALIGN_END);
  gtk_widget_set_visible (self->nav_row, narrow);
  g_object_unref (self->back_button);
  g_object_unref (self->next_button);
  return G_SOURCE_REMOVE;
}

void
xq_lesson_player_width_changed (XqLessonPlayer *self)
{
  GtkAdjustment *adj = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (self->scroller));
  double width = gtk_adjustment_get_page_size (adj);
  gboolean narrow = width < NARROW_WIDTH;
  gboolean vertical = gtk_orientable_get_orientation (GTK_ORIENTABLE (self->main)) == GTK_ORIENTATION_VERTICAL;
  int side = 0, want = side_width (width);

  gtk_widget_get_size_request (self->side_scroller, &side, NULL);
  /* Not during the allocation that reported the width: flipping the box
   * there would ask for another layout inside this one. */
  if ((narrow != vertical || side != want) && self->relayout_source == 0)
    self->relayout_source = g_idle_add (relayout_cb, self);
}
