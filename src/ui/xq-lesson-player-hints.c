/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The lesson player's hints: the kind climbs its ladder in a worker thread
 * (xq_attempt_hint_async); the player shows each rung on the board, the
 * tray or the choices. */
#define G_LOG_DOMAIN "xq-lesson-player"

#include "config.h"

#include "xq-lesson-player-private.h"

/* A hint not shown yet is not counted: it costs no star. */
void
xq_lesson_player_cancel_hint (XqLessonPlayer *self)
{
  if (self->hint_cancel == NULL)
    return;
  g_cancellable_cancel (self->hint_cancel);
  g_clear_object (&self->hint_cancel);
  self->attempt.hints--;
  gtk_widget_set_sensitive (self->hint_button, TRUE);
}

static void
hint_ready_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(XqLessonPlayer) self = user_data;
  g_autoptr(XqHint) hint = xq_attempt_hint_finish (result, NULL);
  XqLessonMarks marks;
  GtkWidget *button;

  /* Cancelled: the learner moved on, or the player went away. */
  if (hint == NULL || self->hint_cancel == NULL || g_cancellable_is_cancelled (self->hint_cancel))
    return;
  g_clear_object (&self->hint_cancel);
  gtk_widget_set_sensitive (self->hint_button, self->attempt.hints < XQ_HINT_LEVELS);
  if (hint->piece != XQ_EMPTY && xq_lesson_player_takes (self, XQ_KIND_INPUT_TRAY))
    xq_setup_tray_select (self->tray, hint->piece);
  if (hint->choice != NULL && (button = g_hash_table_lookup (self->choice_buttons, hint->choice)) != NULL)
    gtk_widget_add_css_class (button, "suggested-action");
  marks = *xq_lesson_board_get_marks (self->board);
  xq_kind_add_marks (&marks, &hint->marks);
  xq_lesson_board_set_marks (self->board, &marks);
  xq_lesson_player_set_feedback (self, hint->text, "accent");
}

void
xq_lesson_player_ask_hint (XqLessonPlayer *self)
{
  if (self->kind != STEP_EXERCISE || self->attempt.solved || self->hint_cancel != NULL ||
      self->attempt.hints >= XQ_HINT_LEVELS)
    return;
  self->attempt.hints++;
  self->hint_cancel = g_cancellable_new ();
  gtk_widget_set_sensitive (self->hint_button, FALSE);
  xq_attempt_hint_async (&self->attempt, self->attempt.hints, self->hint_cancel,
                         hint_ready_cb, g_object_ref (self));
}
