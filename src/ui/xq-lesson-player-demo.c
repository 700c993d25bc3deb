/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The lesson player's demonstrations (src/lesson/xq-demo.h): the exercise
 * shown being done, for a child who cannot read the instruction.  Made in
 * a worker (the move kind's runs its judge over every legal move), then
 * played beat by beat: the board and its marks, the point that pulses
 * (on, off, on) where the finger goes, the choice button that lights up,
 * the words in the feedback line (read aloud for a learner who asked).
 * The board takes no input while it plays; at the end the exercise is
 * back as the learner left it. */
#define G_LOG_DOMAIN "xq-lesson-player"

#include "config.h"

#include "xq-demo.h"
#include "xq-lesson-player-private.h"

/* Three beats a frame: pulse on, off, on. */
#define BEATS 3

static void
light_choice (XqLessonPlayer *self,
              const char     *choice,
              gboolean        on)
{
  GtkWidget *button = choice ? g_hash_table_lookup (self->choice_buttons, choice) : NULL;

  if (button == NULL)
    return;
  if (on)
    gtk_widget_add_css_class (button, "xq-demo-pulse");
  else
    gtk_widget_remove_css_class (button, "xq-demo-pulse");
}

static void
show_beat (XqLessonPlayer *self)
{
  const XqDemoFrame *f = g_ptr_array_index (self->demo->frames, self->demo_frame);
  XqLessonMarks marks = f->marks;
  gboolean on = self->demo_beat != 1;

  if (self->demo_beat == 0)
    {
      xq_lesson_board_set_position (self->board, &f->position, f->last, FALSE);
      if (f->text != NULL && self->typing_entry != NULL)
        gtk_editable_set_text (GTK_EDITABLE (self->typing_entry), f->text);
      if (f->piece != XQ_EMPTY && xq_lesson_player_takes (self, XQ_KIND_INPUT_TRAY))
        xq_setup_tray_select (self->tray, f->piece);
      if (f->words != NULL)
        xq_lesson_player_set_feedback (self, f->words, "accent");
    }
  if (f->pulse != XQ_NO_SQUARE && on)
    xq_lesson_marks_add (&marks, XQ_LESSON_MARK_CIRCLE, XQ_LESSON_ROLE_TARGET, f->pulse);
  xq_lesson_board_set_marks (self->board, &marks);
  light_choice (self, f->choice, on);
}

static void
set_inputs_sensitive (XqLessonPlayer *self,
                      gboolean        sensitive)
{
  GtkWidget *inputs[] = { self->choices_box, GTK_WIDGET (self->tray), self->hint_button,
                          self->check_button, self->retry_button, self->show_me_button };

  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    gtk_widget_set_sensitive (inputs[i], sensitive);
  xq_lesson_board_set_tap_mode (self->board, sensitive && xq_lesson_player_takes (self, XQ_KIND_INPUT_TAP));
  xq_lesson_board_set_drag_pieces (self->board, sensitive && xq_lesson_player_takes (self, XQ_KIND_INPUT_TRAY));
}

/* Puts the exercise back as the learner left it. */
static void
finish (XqLessonPlayer *self)
{
  g_clear_handle_id (&self->demo_source, g_source_remove);
  if (self->demo != NULL && self->demo_frame < self->demo->frames->len)
    light_choice (self, ((const XqDemoFrame *) g_ptr_array_index (self->demo->frames, self->demo_frame))->choice,
                  FALSE);
  g_clear_pointer (&self->demo, xq_demo_free);
  set_inputs_sensitive (self, TRUE);
  gtk_widget_set_sensitive (self->hint_button, self->attempt.hints < XQ_HINT_LEVELS);
  if (self->typing_entry != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->typing_entry), "");
  xq_lesson_player_resume (self);
}

static gboolean
tick_cb (gpointer user_data)
{
  XqLessonPlayer *self = user_data;

  if (++self->demo_beat == BEATS)
    {
      light_choice (self, ((const XqDemoFrame *) g_ptr_array_index (self->demo->frames, self->demo_frame))->choice,
                    FALSE);
      self->demo_beat = 0;
      if (++self->demo_frame == self->demo->frames->len)
        {
          self->demo_source = 0;
          finish (self);
          return G_SOURCE_REMOVE;
        }
    }
  show_beat (self);
  return G_SOURCE_CONTINUE;
}

static void
play (XqLessonPlayer *self,
      XqDemo         *demo)
{
  /* A beat a third of a frame; a frame about a second on screen (a
   * little more than the computer's reply waits). */
  guint beat_ms = MAX (1, self->reply_delay / 2);

  self->demo = demo;
  self->demo_frame = 0;
  self->demo_beat = 0;
  set_inputs_sensitive (self, FALSE);
  show_beat (self);
  self->demo_source = g_timeout_add (beat_ms, tick_cb, self);
}

static void
demo_thread (GTask        *task,
             gpointer      source,
             gpointer      data,
             GCancellable *cancellable)
{
  XqDemo *demo = xq_exercise_demo (data);

  if (demo == NULL)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "no demonstration");
  else
    g_task_return_pointer (task, demo, (GDestroyNotify) xq_demo_free);
}

static void
demo_ready_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(XqLessonPlayer) self = user_data;
  XqDemo *demo = g_task_propagate_pointer (G_TASK (result), NULL);

  /* Cancelled: the learner moved on, or the player went away. */
  if (self->demo_cancel == NULL || g_cancellable_is_cancelled (self->demo_cancel) ||
      demo == NULL || self->kind != STEP_EXERCISE || demo->ex != self->ex || self->attempt.solved)
    {
      xq_demo_free (demo);
      return;
    }
  g_clear_object (&self->demo_cancel);
  play (self, demo);
}

static void
start (XqLessonPlayer *self)
{
  g_autoptr(GTask) task = NULL;

  xq_lesson_player_stop_demo (self);
  self->demo_cancel = g_cancellable_new ();
  task = g_task_new (NULL, self->demo_cancel, demo_ready_cb, g_object_ref (self));
  g_task_set_source_tag (task, start);
  g_task_set_task_data (task, xq_exercise_ref ((XqExercise *) self->ex), (GDestroyNotify) xq_exercise_unref);
  g_task_run_in_thread (task, demo_thread);
}

void
xq_lesson_player_stop_demo (XqLessonPlayer *self)
{
  if (self->demo_cancel != NULL)
    {
      g_cancellable_cancel (self->demo_cancel);
      g_clear_object (&self->demo_cancel);
    }
  if (self->demo != NULL)
    {
      g_clear_handle_id (&self->demo_source, g_source_remove);
      g_clear_pointer (&self->demo, xq_demo_free);
      set_inputs_sensitive (self, TRUE);
    }
}

void
xq_lesson_player_show_me (XqLessonPlayer *self)
{
  if (self->kind != STEP_EXERCISE || self->attempt.solved || !xq_kind_has_demo (self->ex->kind) ||
      self->demo != NULL || self->demo_cancel != NULL)
    return;
  /* The whole answer, shown: it counts as a hint. */
  if (self->attempt.hints < XQ_HINT_LEVELS)
    self->attempt.hints++;
  start (self);
}

void
xq_lesson_player_demo_auto (XqLessonPlayer *self)
{
  const XqUnit *unit = self->unit;

  gtk_widget_set_visible (self->show_me_button, xq_kind_has_demo (self->ex->kind));
  if (!self->auto_demo || !xq_kind_has_demo (self->ex->kind) || unit == NULL)
    return;
  /* Only the first exercise of its kind in the unit, and only while the
   * learner has no stars on it. */
  for (guint i = 0; i < unit->exercises->len; i++)
    {
      const XqExercise *ex = g_ptr_array_index (unit->exercises, i);

      if (ex->kind == self->ex->kind)
        {
          if (ex != self->ex)
            return;
          break;
        }
    }
  if (self->progress != NULL && xq_progress_get_stars (self->progress, unit->id, self->ex->id) > 0)
    return;
  start (self);
}

gboolean
xq_lesson_player_is_demonstrating (XqLessonPlayer *self)
{
  g_return_val_if_fail (XQ_IS_LESSON_PLAYER (self), FALSE);
  return self->demo != NULL || self->demo_cancel != NULL;
}

void
xq_lesson_player_set_auto_demo (XqLessonPlayer *self,
                                gboolean        auto_demo)
{
  g_return_if_fail (XQ_IS_LESSON_PLAYER (self));
  self->auto_demo = !!auto_demo;
}
