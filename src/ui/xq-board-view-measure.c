/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-board-view-measure.c: how long a frame of a drag takes to paint
 * (xiangqi-tutor --measure): a drag driven by the frame clock, timed
 * between before-paint and after-paint. */
#define G_LOG_DOMAIN "xq-board-view"

#include "config.h"

#include <math.h>

#include "xq-board-view-private.h"

static void
measure_before_paint_cb (XqBoardView   *self,
                         GdkFrameClock *clock)
{
  self->measure_paint_start = g_get_monotonic_time ();
}

static void
measure_after_paint_cb (XqBoardView   *self,
                        GdkFrameClock *clock)
{
  double ms;

  if (self->measure_paint_start == 0 || self->measure_ms == NULL)
    return;
  ms = (g_get_monotonic_time () - self->measure_paint_start) / 1000.0;
  self->measure_paint_start = 0;
  if (self->drag_active)
    g_array_append_val (self->measure_ms, ms);
}

static void
measure_finish (XqBoardView *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));
  g_autoptr(GArray) times = g_steal_pointer (&self->measure_ms);

  g_clear_signal_handler (&self->measure_before_id, clock);
  g_clear_signal_handler (&self->measure_after_id, clock);
  self->measure_tick = 0;
  self->drag_active = FALSE;
  xq_board_model_select (self->model, XQ_NO_SQUARE);
  xq_board_view_invalidate_frame (self);
  if (self->measure_done)
    self->measure_done (self, times, self->measure_data);
}

/* Moves the "pointer" along a circle over the board, one step per frame, as
 * a real drag would: only drag_x/drag_y change and a redraw is queued. */
static gboolean
measure_tick_cb (GtkWidget     *widget,
                 GdkFrameClock *clock,
                 gpointer       user_data)
{
  XqBoardView *self = XQ_BOARD_VIEW (widget);
  double w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  double a;

  if ((int) self->measure_ms->len >= self->measure_frames)
    {
      measure_finish (self);
      return G_SOURCE_REMOVE;
    }
  a = self->measure_ms->len * 0.15;
  self->drag_x = w / 2 + cos (a) * w / 4;
  self->drag_y = h / 2 + sin (a) * h / 4;
  gtk_widget_queue_draw (widget);
  return G_SOURCE_CONTINUE;
}

void
xq_board_view_measure_drag (XqBoardView            *self,
                            int                     n_frames,
                            XqBoardViewMeasureFunc  done,
                            gpointer                user_data)
{
  GdkFrameClock *clock;
  const XqPosition *pos;

  g_return_if_fail (XQ_IS_BOARD_VIEW (self));
  g_return_if_fail (self->model != NULL);
  g_return_if_fail (gtk_widget_get_realized (GTK_WIDGET (self)));

  pos = xq_board_model_get_position (self->model);
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));
  self->measure_ms = g_array_new (FALSE, FALSE, sizeof (double));
  self->measure_frames = n_frames;
  self->measure_done = done;
  self->measure_data = user_data;
  self->measure_before_id = g_signal_connect_swapped (clock, "before-paint",
                                                      G_CALLBACK (measure_before_paint_cb), self);
  self->measure_after_id = g_signal_connect_swapped (clock, "after-paint",
                                                     G_CALLBACK (measure_after_paint_cb), self);
  /* Lift the side to move's general, which every position has. */
  self->drag_from = pos->king[pos->side] != XQ_NO_SQUARE ? pos->king[pos->side] : 0;
  xq_board_model_select (self->model, self->drag_from);
  self->drag_active = TRUE;
  xq_board_view_invalidate_frame (self);
  self->measure_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), measure_tick_cb, NULL, NULL);
}

