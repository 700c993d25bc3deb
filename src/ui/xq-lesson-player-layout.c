/* SPDX-License-Identifier: GPL-3.0-or-later */
/* How the lesson player stands at a width: board and words side by side,
 * or the words under the board in a narrow window (a phone). */
#define G_LOG_DOMAIN "xq-lesson-player"

#include "config.h"

#include <math.h>

#include "xq-lesson-player-private.h"
#include "xq-render.h"

/* Below this width the words go under the board; above it they stand
 * beside it in a column whose width comes from the window's size alone, so
 * the board's size depends only on the window and never on what the words
 * say. */
#define NARROW_WIDTH 520
#define SIDE_SHARE 0.36
#define SIDE_MIN 220
#define SIDE_MAX 360
#define SIDE_WIDE_MAX 600  /* lines longer than this are hard to read */
#define MAIN_SPACING 18    /* between the board and the words (the .ui's) */
#define TRAY_CELL 92

/* The column's width for a scroller of width × height; -1 when narrow.  A
 * board limited by the height keeps its shape and is drawn narrower than
 * its share (xq_render_board_texture's rule): the words take the width it
 * leaves rather than a gap between them. */
static int
side_width (double width, double height)
{
  int side, board;

  if (width < NARROW_WIDTH)
    return -1;
  side = CLAMP ((int) (width * SIDE_SHARE), SIDE_MIN, SIDE_MAX);
  board = (int) ceil (height * xq_board_aspect_ratio ());
  if (height > 0 && (int) width - MAIN_SPACING - board > side)
    side = MIN ((int) width - MAIN_SPACING - board, SIDE_WIDE_MAX);
  return side;
}

static int
player_side_width (XqLessonPlayer *self)
{
  GtkScrolledWindow *scroller = GTK_SCROLLED_WINDOW (self->scroller);

  return side_width (gtk_adjustment_get_page_size (gtk_scrolled_window_get_hadjustment (scroller)),
                     gtk_adjustment_get_page_size (gtk_scrolled_window_get_vadjustment (scroller)));
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
  gtk_widget_set_size_request (self->side_scroller, player_side_width (self), -1);
  /* The tray fits the column: a piece button is about TRAY_CELL wide. */
  xq_setup_tray_set_columns (self->tray, narrow ? 4 : CLAMP (player_side_width (self) / TRAY_CELL, 2, 4));
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

static void
size_changed_cb (XqLessonPlayer *self)
{
  GtkAdjustment *adj = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (self->scroller));
  double width = gtk_adjustment_get_page_size (adj);
  gboolean narrow = width < NARROW_WIDTH;
  gboolean vertical = gtk_orientable_get_orientation (GTK_ORIENTABLE (self->main)) == GTK_ORIENTATION_VERTICAL;
  int side = 0, want = player_side_width (self);

  gtk_widget_get_size_request (self->side_scroller, &side, NULL);
  /* Not during the allocation that reported the width: flipping the box
   * there would ask for another layout inside this one. */
  if ((narrow != vertical || side != want) && self->relayout_source == 0)
    self->relayout_source = g_idle_add (relayout_cb, self);
}

void
xq_lesson_player_init_layout (XqLessonPlayer *self)
{
  GtkScrolledWindow *scroller = GTK_SCROLLED_WINDOW (self->scroller);

  g_signal_connect_object (gtk_scrolled_window_get_hadjustment (scroller), "notify::page-size",
                           G_CALLBACK (size_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gtk_scrolled_window_get_vadjustment (scroller), "notify::page-size",
                           G_CALLBACK (size_changed_cb), self, G_CONNECT_SWAPPED);
}
