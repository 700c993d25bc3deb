/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-lesson-player"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n-lib.h>

#include "xq-board-paint.h"
#include "xq-exercise-list.h"
#include "xq-lesson-player-private.h"
#include "xq-sound-player.h"
#include "xq-speaker.h"

G_DEFINE_FINAL_TYPE (XqLessonPlayer, xq_lesson_player, GTK_TYPE_WIDGET)

enum {
  CLOSED,
  PROGRESS_CHANGED,
  ATTEMPT_DONE,
  N_SIGNALS
};

static guint signals [N_SIGNALS];

static void show_step (XqLessonPlayer *self);

/* ---- Small helpers ---------------------------------------------------------------- */

/* Pages, exercises and closing cards; returns their sum. */
static guint
n_steps (XqLessonPlayer *self, guint *np, guint *ne, guint *nc)
{
  *np = self->unit ? self->unit->pages->len : 0;
  *ne = self->unit ? self->unit->exercises->len : 0;
  *nc = self->unit && self->unit->closing ? self->unit->closing->len : 0;
  return *np + *ne + *nc;
}

gboolean
xq_lesson_player_takes (XqLessonPlayer *self, XqKindInput input)
{
  return self->kind == STEP_EXERCISE && (self->ex->kind->input & input) != 0;
}

/* The best stars saved for exercise index i of the unit (0: not solved). */
static int
best_stars (XqLessonPlayer *self,
            guint           i)
{
  const XqExercise *ex;

  if (self->progress == NULL || self->unit == NULL || i >= self->unit->exercises->len)
    return 0;
  ex = g_ptr_array_index (self->unit->exercises, i);
  return xq_progress_get_stars (self->progress, self->unit->id, ex->id);
}

/* What the stars say, with the rule that gave them, so the praise always
 * matches the stars and a child knows how to earn more. */
static char *
praise_text (int stars, int wrong, int hints)
{
  if (stars >= 3)
    return g_strdup (_("Perfect: no wrong try and no hint!"));
  /* Translators: %d wrong tries, %d hints */
  return g_strdup_printf (stars == 2 ? _("Good! Three stars, less one for each wrong try (%d) and hint (%d). Try Again to earn more.")
                                     : _("Solved! Three stars, less one for each wrong try (%d) and hint (%d). Try Again to earn more."),
                          wrong, hints);
}

/* A learner who cannot read yet hears the words as they appear. */
static void
speak_auto (XqLessonPlayer *self,
            const char     *text)
{
  if (self->progress != NULL && self->progress->speak)
    xq_speaker_say (xq_speaker_get_default (), text);
}

void
xq_lesson_player_set_feedback (XqLessonPlayer *self,
                               const char     *text,
                               const char     *css_class)
{
  static const char *const classes[] = { "success", "warning", "accent", NULL };

  g_free (self->feedback);
  self->feedback = g_strdup (text ? text : "");
  gtk_label_set_text (GTK_LABEL (self->feedback_label), self->feedback);
  for (int i = 0; classes[i]; i++)
    gtk_widget_remove_css_class (self->feedback_label, classes[i]);
  if (css_class != NULL)
    gtk_widget_add_css_class (self->feedback_label, css_class);
  /* Screen readers hear the feedback the moment it appears. */
  xq_board_view_announce (xq_lesson_board_get_view (self->board), self->feedback);
  speak_auto (self, self->feedback);
}

/* The attempt's board and its lasting marks (plus extra ones, if any). */
static void
show_attempt (XqLessonPlayer *self,
              const XqLessonMarks *extra)
{
  XqLessonMarks marks = self->attempt.base_marks;
  gboolean moves = xq_lesson_player_takes (self, XQ_KIND_INPUT_MOVE) && !self->attempt.solved &&
                   self->attempt.pending_reply == XQ_MOVE_NONE;

  xq_lesson_board_set_position (self->board, &self->attempt.shown, self->attempt.last, moves);
  if (extra != NULL)
    xq_kind_add_marks (&marks, extra);
  xq_lesson_board_set_marks (self->board, &marks);
  if (xq_lesson_player_takes (self, XQ_KIND_INPUT_TRAY))
    xq_setup_tray_show (self->tray, &self->attempt, TRUE);
}

/* Feedback with marks: the sentence explains, the board shows why. */
static void
show_verdict (XqLessonPlayer  *self,
              const XqVerdict *v)
{
  xq_lesson_player_set_feedback (self, v->message,
                v->kind == XQ_VERDICT_CORRECT ? "success" :
                v->kind != XQ_VERDICT_INCOMPLETE ? "warning" : v->message ? "accent" : NULL);
  show_attempt (self, &v->marks);
}

static GdkTexture *
piece_texture (XqLessonPlayer *self,
               XqPiece         piece)
{
  if (self->piece_tex[piece & 15] == NULL)
    {
      XqRenderStyle style;

      xq_render_style_init (&style);
      g_object_get (self->board, "piece-set", &style.pieces, "theme", &style.theme, NULL);
      self->piece_tex[piece & 15] = xq_board_paint_piece_texture (piece, &style, 56);
    }
  return self->piece_tex[piece & 15];
}

static GdkPaintable *
tray_picture (XqPiece  piece,
              gpointer user_data)
{
  return GDK_PAINTABLE (piece_texture (user_data, piece));
}

/* The preferences changed the board's pieces: the tray follows. */
static void
board_style_cb (XqLessonPlayer *self)
{
  for (int i = 0; i < 16; i++)
    g_clear_object (&self->piece_tex[i]);
  if (xq_lesson_player_takes (self, XQ_KIND_INPUT_TRAY))
    xq_setup_tray_show (self->tray, &self->attempt, TRUE);
}

/* ---- Progress -------------------------------------------------------------------- */

static void
exercise_solved (XqLessonPlayer *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = xq_progress_stars_text (self->attempt.stars, 3);

  xq_lesson_player_cancel_hint (self);
  g_autofree char *praise = praise_text (self->attempt.stars, self->attempt.wrong, self->attempt.hints);

  xq_lesson_player_celebrate (self);

  gtk_label_set_text (GTK_LABEL (self->stars_label), text);
  gtk_widget_remove_css_class (self->stars_label, "dim-label");
  gtk_widget_set_visible (self->stars_label, TRUE);
  gtk_label_set_text (GTK_LABEL (self->praise_label), praise);
  gtk_widget_set_visible (self->praise_label, TRUE);
  gtk_widget_set_sensitive (self->next_button, TRUE);
  gtk_widget_add_css_class (self->next_button, "suggested-action");
  gtk_widget_set_sensitive (self->hint_button, FALSE);
  gtk_widget_set_sensitive (self->check_button, FALSE);
  xq_lesson_board_set_tap_mode (self->board, FALSE);
  xq_lesson_board_set_drag_pieces (self->board, FALSE);

  /* Saved at once: a crash or a closed window never costs a child a star. */
  if (self->progress != NULL)
    {
      xq_progress_record_result (self->progress, self->unit->id, self->ex->id, self->attempt.stars,
                                 self->attempt.hints, NULL);
      if (self->store != NULL && !xq_progress_store_save (self->store, self->progress, &error))
        g_warning ("Could not save progress: %s", error->message);
      g_signal_emit (self, signals[PROGRESS_CHANGED], 0);
    }
  g_signal_emit (self, signals[ATTEMPT_DONE], 0, &self->attempt);
  gtk_widget_grab_focus (self->next_button);
}

/* Leaving an exercise unsolved after a slip or a hint is an attempt too. */
static void
leave_attempt (XqLessonPlayer *self)
{
  if (self->kind == STEP_EXERCISE && self->attempt.ex != NULL && !self->attempt.solved &&
      (self->attempt.wrong > 0 || self->attempt.hints > 0))
    g_signal_emit (self, signals[ATTEMPT_DONE], 0, &self->attempt);
}

/* ---- Input: everything the learner does goes to the kind ------------------------ */


static gboolean
play_reply_cb (gpointer user_data)
{
  XqLessonPlayer *self = user_data;
  XqInput in = { .type = XQ_INPUT_REPLY, .sq = XQ_NO_SQUARE, .move = XQ_MOVE_NONE };

  self->reply_source = 0;
  xq_lesson_player_handle (self, &in);
  return G_SOURCE_REMOVE;
}

void
xq_lesson_player_handle (XqLessonPlayer *self,
                         const XqInput  *in)
{
  g_autoptr(XqVerdict) v = NULL;
  GtkWidget *button;
  XqPosition before = self->attempt.shown;

  /* The board shows a demonstration, not the attempt: nothing to judge. */
  if (self->kind != STEP_EXERCISE || self->attempt.solved || self->demo != NULL)
    return;
  /* A demonstration still being made is not wanted any more. */
  xq_lesson_player_stop_demo (self);
  /* A hint computed for the board as it was would be out of date. */
  if (in->type != XQ_INPUT_REPLY)
    xq_lesson_player_cancel_hint (self);
  v = xq_attempt_input (&self->attempt, in);
  /* An answer is about the end of the replay: the board goes there, and
   * once solved the referee's sentence shows too. */
  if (v != NULL && xq_lesson_player_takes (self, XQ_KIND_INPUT_REPLAY))
    {
      xq_replay_bar_go_to (self->replay_bar, G_MAXINT);
      if (self->attempt.solved)
        xq_replay_bar_reveal (self->replay_bar);
    }
  xq_sound_play (xq_sound_for_input (&before, in, v, self->attempt.solved));
  if (v == NULL)
    show_attempt (self, NULL);
  else
    show_verdict (self, v);
  if (in->type == XQ_INPUT_CHOOSE && v != NULL &&
      (button = g_hash_table_lookup (self->choice_buttons, in->choice)) != NULL)
    {
      gtk_widget_add_css_class (button, v->kind == XQ_VERDICT_CORRECT ? "success" : "error");
      gtk_widget_set_sensitive (button, v->kind == XQ_VERDICT_CORRECT);
    }
  /* The last try gave the answer away: the words and the button agree. */
  if (v != NULL && v->answer_choice != NULL &&
      (button = g_hash_table_lookup (self->choice_buttons, v->answer_choice)) != NULL)
    gtk_widget_add_css_class (button, "success");
  if (self->attempt.solved)
    {
      exercise_solved (self);
      return;
    }
  if (in->type == XQ_INPUT_MOVE && v != NULL && v->kind != XQ_VERDICT_INCOMPLETE)
    xq_board_model_select (xq_lesson_board_get_model (self->board), XQ_NO_SQUARE);
  if (self->attempt.pending_reply != XQ_MOVE_NONE && self->reply_source == 0)
    {
      if (self->reply_delay == 0)
        play_reply_cb (self);
      else
        self->reply_source = g_timeout_add (self->reply_delay, play_reply_cb, self);
    }
}

static void
board_tap_cb (XqLessonPlayer *self,
              int             sq,
              XqLessonBoard  *board)
{
  XqInput in = { .type = XQ_INPUT_TAP, .sq = sq, .move = XQ_MOVE_NONE };

  if (xq_lesson_player_takes (self, XQ_KIND_INPUT_TRAY))
    xq_setup_tray_tap (self->tray, sq);
  else if (xq_lesson_player_takes (self, XQ_KIND_INPUT_TAP))
    xq_lesson_player_handle (self, &in);
}

static void
move_cb (XqLessonPlayer *self,
         int             from,
         int             to,
         XqBoardView    *view)
{
  XqInput in = { .type = XQ_INPUT_MOVE, .sq = XQ_NO_SQUARE, .move = xq_move_make (from, to) };

  if (self->reply_source == 0 && xq_lesson_player_takes (self, XQ_KIND_INPUT_MOVE))
    xq_lesson_player_handle (self, &in);
}

static void
tray_input_cb (XqLessonPlayer *self,
               const XqInput  *in,
               XqSetupTray    *tray)
{
  xq_lesson_player_handle (self, in);
}

static void
tray_refresh_cb (XqLessonPlayer *self,
                 XqSetupTray    *tray)
{
  show_attempt (self, xq_lesson_board_get_marks (self->board));
}

static void
tray_say_cb (XqLessonPlayer *self,
             const char     *text,
             const char     *css_class,
             XqSetupTray    *tray)
{
  xq_lesson_player_set_feedback (self, text, css_class);
}

/* The board refused a move: the core says why, in words and marks. */
static void
refused_cb (XqLessonPlayer *self,
            int             from,
            int             to,
            XqLessonBoard  *board)
{
  XqPosition pos = self->attempt.shown;
  g_autoptr(XqVerdict) v = NULL;

  if (self->kind != STEP_EXERCISE || self->attempt.solved)
    return;
  v = xq_verdict_illegal (&pos, xq_move_make (from, to));
  if (v->message == NULL)
    return;
  /* Showing the reason puts the picked piece down, so the board view never
   * refuses this press itself: the tick is played here. */
  xq_sound_play (XQ_SOUND_REFUSED);
  show_verdict (self, v);
}

static void
choice_clicked_cb (GtkButton      *button,
                   XqLessonPlayer *self)
{
  XqInput in = { .type = XQ_INPUT_CHOOSE, .sq = XQ_NO_SQUARE, .move = XQ_MOVE_NONE,
                 .choice = g_object_get_data (G_OBJECT (button), "choice") };

  xq_lesson_player_handle (self, &in);
}

static void
check_clicked_cb (XqLessonPlayer *self)
{
  XqInput in = { .type = XQ_INPUT_CHECK, .sq = XQ_NO_SQUARE, .move = XQ_MOVE_NONE };

  xq_lesson_player_handle (self, &in);
}

 /* ---- Steps ------------------------------------------------------------------------------ */

/* Answers this short, this few, go in one row. */
#define SHORT_CHOICE_CHARS 6
#define SHORT_CHOICES_MAX  4

static void
show_choices (XqLessonPlayer *self)
{
  GPtrArray *choices = xq_exercise_choices (self->ex);
  GtkWidget *child;
  /* Only a question's own answers: a move to write keeps its column, which
   * asks for no more width than one button (the board keeps its size). */
  gboolean short_words = choices != NULL && choices->len <= SHORT_CHOICES_MAX && xq_exercise_is (self->ex, "choose");

  while ((child = gtk_widget_get_first_child (self->choices_box)) != NULL)
    gtk_box_remove (GTK_BOX (self->choices_box), child);
  g_hash_table_remove_all (self->choice_buttons);
  /* Short answers ("81", "90", "100") stand side by side: a column of three
   * big buttons under the question and Show Me ran below the fold of an
   * 800x600 window, the last answer cut in half. */
  for (guint i = 0; short_words && i < choices->len; i++)
    short_words = g_utf8_strlen (((const XqChoice *) g_ptr_array_index (choices, i))->text, -1) <= SHORT_CHOICE_CHARS;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->choices_box),
                                  short_words ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL);
  gtk_box_set_homogeneous (GTK_BOX (self->choices_box), short_words);
  for (guint i = 0; choices != NULL && i < choices->len; i++)
    {
      const XqChoice *choice = g_ptr_array_index (choices, i);
      GtkWidget *button = gtk_button_new_with_label (choice->text);
      GtkWidget *label = gtk_button_get_child (GTK_BUTTON (button));

      /* A long choice wraps: the column of words keeps its width. */
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);

      gtk_widget_add_css_class (button, "pill");
      gtk_widget_add_css_class (button, "xq-choice");
      /* In a row, narrow sides: three fit beside the board at 600 px. */
      if (short_words)
        gtk_widget_add_css_class (button, "xq-choice-short");
      g_object_set_data_full (G_OBJECT (button), "choice", g_strdup (choice->id), g_free);
      g_signal_connect (button, "clicked", G_CALLBACK (choice_clicked_cb), self);
      gtk_box_append (GTK_BOX (self->choices_box), button);
      g_hash_table_insert (self->choice_buttons, g_strdup (choice->id), button);
    }
}

/* The stars already earned on the exercise on show: Next goes on without
 * solving it again. */
static void
show_best (XqLessonPlayer *self)
{
  guint np = self->unit->pages->len;
  int best = best_stars (self, self->step - np);
  g_autofree char *text = xq_progress_stars_text (best, 3);

  gtk_label_set_text (GTK_LABEL (self->stars_label), text);
  gtk_widget_add_css_class (self->stars_label, "dim-label");
  gtk_widget_set_visible (self->stars_label, best > 0);
  gtk_widget_set_visible (self->praise_label, FALSE);
  gtk_widget_set_sensitive (self->next_button, best > 0);
}

static void
reset_exercise (XqLessonPlayer *self)
{
  const XqExercise *ex = self->ex;

  g_clear_handle_id (&self->reply_source, g_source_remove);
  xq_lesson_player_cancel_hint (self);
  /* A fresh start keeps the count of slips and hints: the stars stay
   * honest.  Once solved, trying again is a new try that can earn more
   * (the best stars are kept). */
  if (self->attempt.ex == ex && !self->attempt.solved)
    xq_attempt_restart (&self->attempt);
  else
    {
      xq_attempt_clear (&self->attempt);
      xq_attempt_init (&self->attempt, ex);
    }
  /* A layout-manager widget does not pass its child's expand flags on. */
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);

  show_best (self);
  gtk_widget_remove_css_class (self->next_button, "suggested-action");
  gtk_widget_set_sensitive (self->hint_button, self->attempt.hints < XQ_HINT_LEVELS);
  gtk_widget_set_visible (self->hint_button, TRUE);
  gtk_widget_set_visible (self->retry_button, TRUE);
  gtk_widget_set_visible (self->check_button, xq_attempt_wants_check (&self->attempt));
  gtk_widget_set_sensitive (self->check_button, TRUE);
  gtk_widget_set_visible (self->choices_box, xq_lesson_player_takes (self, XQ_KIND_INPUT_CHOICES | XQ_KIND_INPUT_TEXT));
  gtk_label_set_text (GTK_LABEL (self->prompt_label), ex->prompt);
  xq_lesson_player_set_feedback (self, NULL, NULL);

  xq_lesson_board_show_pieces (self->board, ex->pieces);
  xq_lesson_board_set_tap_mode (self->board, xq_lesson_player_takes (self, XQ_KIND_INPUT_TAP));
  xq_lesson_board_set_drag_pieces (self->board, xq_lesson_player_takes (self, XQ_KIND_INPUT_TRAY));
  if (xq_lesson_player_takes (self, XQ_KIND_INPUT_CHOICES))
    show_choices (self);
  if (xq_lesson_player_takes (self, XQ_KIND_INPUT_TEXT))
    xq_lesson_player_show_typing (self);
  if (xq_lesson_player_takes (self, XQ_KIND_INPUT_TRAY))
    xq_setup_tray_show (self->tray, &self->attempt, FALSE);
  show_attempt (self, NULL);
  speak_auto (self, ex->prompt);
  /* The first of its kind in the unit shows itself being done. */
  xq_lesson_player_demo_auto (self);
  /* A replay starts at its first board; the question waits below it. */
  if (xq_lesson_player_takes (self, XQ_KIND_INPUT_REPLAY))
    xq_replay_bar_show (self->replay_bar, xq_exercise_replay (ex), &self->attempt.base_marks, FALSE);
}

static void
show_page (XqLessonPlayer     *self,
           const XqLessonPage *page)
{
  gtk_label_set_text (GTK_LABEL (self->prompt_label), page->text);
  /* The board keeps its place on every step; a page without a position
   * shows the start position. */
  xq_lesson_board_set_position (self->board, page->fen != NULL ? &page->position : &self->empty_page,
                                XQ_MOVE_NONE, FALSE);
  xq_lesson_board_set_marks (self->board, page->fen != NULL ? &page->marks : NULL);
  xq_replay_bar_show (self->replay_bar, page->replay, &page->marks, TRUE);
  xq_lesson_board_show_pieces (self->board, XQ_EXERCISE_PIECES_LEARNER);
  xq_lesson_board_set_tap_mode (self->board, FALSE);
  xq_lesson_board_set_drag_pieces (self->board, FALSE);
  gtk_widget_set_sensitive (self->next_button, TRUE);
  gtk_widget_add_css_class (self->next_button, "suggested-action");
  speak_auto (self, page->text);
}

static void
show_summary (XqLessonPlayer *self)
{
  int done = 0, stars = 0, ne = (int) self->unit->exercises->len;
  g_autofree char *line = NULL;
  g_autofree char *text = NULL;

  if (self->progress != NULL)
    stars = xq_progress_unit_stars (self->progress, self->unit->id, &done);
  line = xq_progress_stars_text (MIN (3, (stars + ne - 1) / MAX (1, ne)), 3);
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "You finished “%s” and earned %d star!",
                                       "You finished “%s” and earned %d stars!", stars),
                          self->unit->title, stars);
  gtk_label_set_text (GTK_LABEL (self->prompt_label), text);
  speak_auto (self, text);
  /* Every exercise done: a page to print and take home. */
  gtk_widget_set_visible (self->certificate_button, ne > 0 && done == ne);
  gtk_label_set_text (GTK_LABEL (self->stars_label), line);
  gtk_widget_remove_css_class (self->stars_label, "dim-label");
  gtk_widget_set_visible (self->stars_label, TRUE);
  /* The rule, and how to earn more: the list of exercises redoes any. */
  gtk_label_set_text (GTK_LABEL (self->praise_label),
                      _("Every exercise gives three stars, less one for each wrong try and each hint, "
                        "and at least one. Your best is kept: pick an exercise from the list to earn more."));
  gtk_widget_set_visible (self->praise_label, TRUE);
  xq_lesson_board_set_position (self->board, &self->empty_page, XQ_MOVE_NONE, FALSE);
  xq_lesson_board_show_pieces (self->board, XQ_EXERCISE_PIECES_LEARNER);
  xq_lesson_board_set_tap_mode (self->board, FALSE);
  gtk_button_set_label (GTK_BUTTON (self->next_button), _("Back to the Units"));
  gtk_widget_set_sensitive (self->next_button, TRUE);
  gtk_widget_add_css_class (self->next_button, "suggested-action");
}

static void
show_step (XqLessonPlayer *self)
{
  guint np, ne, nc, step = self->step;
  GtkWidget *exercise_only[] = { self->hint_button, self->retry_button, self->check_button, self->show_me_button,
                                 self->certificate_button,
                                 self->choices_box, GTK_WIDGET (self->tray), self->stars_label,
                                 self->praise_label };
  g_autofree char *step_text = NULL;

  n_steps (self, &np, &ne, &nc);
  g_clear_handle_id (&self->reply_source, g_source_remove);
  xq_lesson_player_cancel_hint (self);
  xq_lesson_player_stop_demo (self);
  xq_lesson_player_stop_celebration (self);
  leave_attempt (self);
  xq_attempt_clear (&self->attempt);
  self->ex = NULL;
  self->page = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (exercise_only); i++)
    gtk_widget_set_visible (exercise_only[i], FALSE);
  xq_setup_tray_show (self->tray, NULL, FALSE);
  xq_replay_bar_show (self->replay_bar, NULL, NULL, FALSE);
  gtk_widget_set_sensitive (self->back_button, step > 0);
  gtk_button_set_label (GTK_BUTTON (self->next_button), _("Next"));
  xq_lesson_player_set_feedback (self, NULL, NULL);

  if (step < np)
    {
      self->kind = STEP_PAGE;
      self->page = g_ptr_array_index (self->unit->pages, step);
      show_page (self, self->page);
    }
  else if (step < np + ne)
    {
      self->kind = STEP_EXERCISE;
      self->ex = g_ptr_array_index (self->unit->exercises, step - np);
      reset_exercise (self);
    }
  else if (step < np + ne + nc)
    {
      self->kind = STEP_CLOSING;
      self->page = g_ptr_array_index (self->unit->closing, step - np - ne);
      show_page (self, self->page);
    }
  else
    {
      self->kind = STEP_SUMMARY;
      show_summary (self);
    }

  step_text = g_strdup_printf (_("Step %u of %u"), MIN (step + 1, np + ne + nc), np + ne + nc);
  gtk_label_set_text (GTK_LABEL (self->step_label), step_text);
  gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (self->step_bar),
                                 (double) MIN (step + 1, np + ne + nc) / MAX (1, np + ne + nc));
  gtk_widget_set_visible (self->exercises_button, ne > 0);
  xq_exercise_list_set_unit (XQ_EXERCISE_LIST (self->exercises_button), self->unit, self->progress, np, self->step);
}

static void
exercise_chosen_cb (XqLessonPlayer *self,
                    guint           step)
{
  if (self->unit == NULL)
    return;
  /* The exercise on show, picked again, starts over: a redo. */
  if (step == self->step && self->kind == STEP_EXERCISE)
    {
      xq_attempt_clear (&self->attempt);
      show_step (self);
      return;
    }
  xq_lesson_player_go_to (self, step);
}

static void
next_clicked_cb (XqLessonPlayer *self)
{
  if (self->kind == STEP_SUMMARY)
    {
      g_signal_emit (self, signals[CLOSED], 0);
      return;
    }
  if (self->kind == STEP_EXERCISE && !self->attempt.solved &&
      best_stars (self, self->step - self->unit->pages->len) == 0)
    return;
  xq_lesson_player_go_to (self, self->step + 1);
}

static void
back_clicked_cb (XqLessonPlayer *self)
{
  if (self->step > 0)
    xq_lesson_player_go_to (self, self->step - 1);
}

static void
retry_clicked_cb (XqLessonPlayer *self)
{
  if (self->kind == STEP_EXERCISE)
    {
      xq_lesson_player_stop_demo (self);
      reset_exercise (self);
    }
}

static void
units_clicked_cb (XqLessonPlayer *self)
{
  leave_attempt (self);
  g_signal_emit (self, signals[CLOSED], 0);
}

void
xq_lesson_player_resume (XqLessonPlayer *self)
{
  if (self->kind != STEP_EXERCISE)
    return;
  show_attempt (self, NULL);
}

/* ---- GObject -------------------------------------------------------------------------- */

static void
xq_lesson_player_dispose (GObject *object)
{
  XqLessonPlayer *self = XQ_LESSON_PLAYER (object);

  g_clear_handle_id (&self->reply_source, g_source_remove);
  g_clear_handle_id (&self->relayout_source, g_source_remove);
  xq_lesson_player_cancel_hint (self);
  xq_lesson_player_stop_demo (self);
  xq_lesson_player_stop_celebration (self);
  for (int i = 0; i < 16; i++)
    g_clear_object (&self->piece_tex[i]);
  gtk_widget_dispose_template (GTK_WIDGET (object), XQ_TYPE_LESSON_PLAYER);

  G_OBJECT_CLASS (xq_lesson_player_parent_class)->dispose (object);
}

/* Taken out of its window: a demonstration still being worked out in a
 * thread (its task holds the player) must not come back to a unit, store
 * and progress that the window owned and has freed (the exercise editor's
 * Preview window closed while its demonstration was computed). */
static void
xq_lesson_player_unroot (GtkWidget *widget)
{
  XqLessonPlayer *self = XQ_LESSON_PLAYER (widget);

  xq_lesson_player_cancel_hint (self);
  xq_lesson_player_stop_demo (self);
  xq_lesson_player_stop_celebration (self);
  GTK_WIDGET_CLASS (xq_lesson_player_parent_class)->unroot (widget);
}

static void
xq_lesson_player_finalize (GObject *object)
{
  XqLessonPlayer *self = XQ_LESSON_PLAYER (object);

  xq_attempt_clear (&self->attempt);
  g_clear_pointer (&self->choice_buttons, g_hash_table_unref);
  g_free (self->feedback);

  G_OBJECT_CLASS (xq_lesson_player_parent_class)->finalize (object);
}

static void
xq_lesson_player_class_init (XqLessonPlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_lesson_player_dispose;
  object_class->finalize = xq_lesson_player_finalize;
  widget_class->unroot = xq_lesson_player_unroot;

  /* ::closed: the learner left the unit (the units button or the summary card). */
  signals [CLOSED] =
    g_signal_new ("closed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* ::progress-changed: an exercise was solved and its stars saved. */
  signals [PROGRESS_CHANGED] =
    g_signal_new ("progress-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /* ::attempt-done (const XqAttempt *): an exercise solved, or left unsolved
   * after a slip or a hint; for the review queue (xq-review.h). */
  signals [ATTEMPT_DONE] =
    g_signal_new ("attempt-done", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);

  g_type_ensure (XQ_TYPE_LESSON_BOARD);
  g_type_ensure (XQ_TYPE_SETUP_TRAY);
  g_type_ensure (XQ_TYPE_EXERCISE_LIST);
  g_type_ensure (XQ_TYPE_REPLAY_BAR);
  gtk_widget_class_set_template_from_resource (widget_class, APP_PATH "/ui/xq-lesson-player.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, XqLessonPlayer, name)
  BIND (box); BIND (units_button); BIND (title_label); BIND (step_label); BIND (step_bar);
  BIND (exercises_button);
  BIND (scroller); BIND (side_scroller); BIND (main); BIND (board_frame); BIND (board); BIND (side);
  BIND (prompt_label); BIND (replay_bar); BIND (choices_box); BIND (tray); BIND (feedback_label);
  BIND (stars_label); BIND (praise_label); BIND (buttons); BIND (nav_row); BIND (back_button); BIND (hint_button);
  BIND (retry_button); BIND (check_button); BIND (next_button); BIND (show_me_button);
  BIND (certificate_button);
#undef BIND
#define CALLBACK(name) gtk_widget_class_bind_template_callback (widget_class, name)
  CALLBACK (units_clicked_cb); CALLBACK (board_tap_cb); CALLBACK (refused_cb);
  CALLBACK (board_style_cb); CALLBACK (tray_input_cb);
  CALLBACK (tray_say_cb); CALLBACK (tray_refresh_cb); CALLBACK (back_clicked_cb); CALLBACK (xq_lesson_player_ask_hint);
  CALLBACK (retry_clicked_cb); CALLBACK (check_clicked_cb); CALLBACK (next_clicked_cb);
  CALLBACK (exercise_chosen_cb); CALLBACK (xq_lesson_player_show_me);
  CALLBACK (xq_lesson_player_print_certificate);
#undef CALLBACK

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "xq-lesson-player");
}

static void
xq_lesson_player_init (XqLessonPlayer *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->choice_buttons = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->reply_delay = 600;
  self->auto_demo = TRUE;
  xq_position_set_fen (&self->empty_page, XQ_START_FEN, NULL);
  xq_setup_tray_set_picture_func (self->tray, tray_picture, self);
  xq_setup_tray_set_board (self->tray, self->board, GTK_WIDGET (self));
  xq_replay_bar_set_board (self->replay_bar, self->board);
  /* A speaker button by the instruction, the feedback and the praise. */
  xq_speaker_attach_button (GTK_LABEL (self->prompt_label));
  xq_speaker_attach_button (GTK_LABEL (self->feedback_label));
  xq_speaker_attach_button (GTK_LABEL (self->praise_label));
  /* Show Me and the certificate stand under the words they belong to, not
   * in the row of buttons, which must fit a 600-px window as it was. */
  {
    GtkWidget *moved[] = { self->certificate_button, self->show_me_button };

    for (guint i = 0; i < G_N_ELEMENTS (moved); i++)
      {
        g_object_ref (moved[i]);
        gtk_box_remove (GTK_BOX (self->buttons), moved[i]);
        gtk_widget_set_halign (moved[i], GTK_ALIGN_START);
        gtk_box_insert_child_after (GTK_BOX (self->side), moved[i], gtk_widget_get_parent (self->prompt_label));
        g_object_unref (moved[i]);
      }
  }
  g_signal_connect_swapped (xq_lesson_board_get_view (self->board), "move", G_CALLBACK (move_cb), self);
  xq_lesson_player_init_layout (self);
}

GtkWidget *
xq_lesson_player_new (void)
{
  return g_object_new (XQ_TYPE_LESSON_PLAYER, NULL);
}

/* Where a unit opens: at its first page the first time, at the first
 * exercise still unsolved once some are solved, at the start again once
 * all of them are. */
static guint
first_step (XqLessonPlayer *self)
{
  guint np, ne, nc, solved = 0, first = G_MAXUINT;

  n_steps (self, &np, &ne, &nc);
  for (guint i = 0; i < ne; i++)
    if (best_stars (self, i) > 0)
      solved++;
    else if (first == G_MAXUINT)
      first = i;
  return solved > 0 && first != G_MAXUINT ? np + first : 0;
}

void
xq_lesson_player_start (XqLessonPlayer  *self,
                        const XqUnit    *unit,
                        XqProgressStore *store,
                        XqProgress      *progress)
{
  g_autofree char *title = NULL;

  g_return_if_fail (XQ_IS_LESSON_PLAYER (self));
  g_return_if_fail (unit != NULL);

  self->unit = unit;
  self->store = store;
  self->progress = progress;
  /* An attempt of the unit played before was told when it was left. */
  self->kind = STEP_SUMMARY;
  /* Translators: a unit's heading, e.g. "3 · Moves I" */
  title = unit->number > 0 ? g_strdup_printf (_("%d · %s"), unit->number, unit->title)
                           : g_strdup (unit->title);   /* a round of review has no number */
  gtk_label_set_text (GTK_LABEL (self->title_label), title);
  xq_lesson_player_go_to (self, first_step (self));
}

void
xq_lesson_player_stop (XqLessonPlayer *self)
{
  g_return_if_fail (XQ_IS_LESSON_PLAYER (self));

  g_clear_handle_id (&self->reply_source, g_source_remove);
  xq_lesson_player_cancel_hint (self);
  xq_lesson_player_stop_demo (self);
  xq_lesson_player_stop_celebration (self);
  xq_attempt_clear (&self->attempt);
  xq_setup_tray_show (self->tray, NULL, FALSE);
  /* Every handler checks for STEP_EXERCISE before it touches the unit. */
  self->kind = STEP_SUMMARY;
  self->unit = NULL;
  self->ex = NULL;
  self->page = NULL;
  self->store = NULL;
  self->progress = NULL;
  xq_exercise_list_set_unit (XQ_EXERCISE_LIST (self->exercises_button), NULL, NULL, 0, 0);
}

void
xq_lesson_player_go_to (XqLessonPlayer *self,
                        guint           step)
{
  guint np, ne, nc;

  g_return_if_fail (XQ_IS_LESSON_PLAYER (self));
  g_return_if_fail (self->unit != NULL);
  self->step = MIN (step, n_steps (self, &np, &ne, &nc));
  show_step (self);
}

guint
xq_lesson_player_get_step (XqLessonPlayer *self)
{
  g_return_val_if_fail (XQ_IS_LESSON_PLAYER (self), 0);
  return self->step;
}

guint
xq_lesson_player_get_n_steps (XqLessonPlayer *self)
{
  guint np, ne, nc;

  g_return_val_if_fail (XQ_IS_LESSON_PLAYER (self), 0);
  return n_steps (self, &np, &ne, &nc) + 1;
}

const XqExercise *
xq_lesson_player_get_exercise (XqLessonPlayer *self)
{
  g_return_val_if_fail (XQ_IS_LESSON_PLAYER (self), NULL);
  return self->kind == STEP_EXERCISE ? self->ex : NULL;
}

gboolean
xq_lesson_player_is_solved (XqLessonPlayer *self)
{
  g_return_val_if_fail (XQ_IS_LESSON_PLAYER (self), FALSE);
  return self->kind == STEP_EXERCISE && self->attempt.solved;
}

int
xq_lesson_player_get_stars (XqLessonPlayer *self)
{
  g_return_val_if_fail (XQ_IS_LESSON_PLAYER (self), 0);
  return self->kind == STEP_EXERCISE ? self->attempt.stars : 0;
}

const char *
xq_lesson_player_get_feedback (XqLessonPlayer *self)
{
  g_return_val_if_fail (XQ_IS_LESSON_PLAYER (self), NULL);
  return self->feedback ? self->feedback : "";
}

gboolean
xq_lesson_player_is_busy (XqLessonPlayer *self)
{
  g_return_val_if_fail (XQ_IS_LESSON_PLAYER (self), FALSE);
  return self->reply_source != 0 || self->hint_cancel != NULL;
}

XqLessonBoard *
xq_lesson_player_get_board (XqLessonPlayer *self)
{
  g_return_val_if_fail (XQ_IS_LESSON_PLAYER (self), NULL);
  return self->board;
}

GtkWidget *
xq_lesson_player_get_button (XqLessonPlayer *self,
                             const char     *name)
{
  g_return_val_if_fail (XQ_IS_LESSON_PLAYER (self), NULL);

  GtkWidget *buttons[] = { self->next_button, self->back_button, self->hint_button,
                           self->retry_button, self->check_button, self->units_button,
                           self->exercises_button, self->show_me_button, self->certificate_button };
  const char *names[] = { "next", "back", "hint", "retry", "check", "units", "exercises", "show-me",
                          "certificate" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_strcmp0 (name, names[i]) == 0)
      return buttons[i];
  g_return_val_if_reached (NULL);
}

GtkWidget *
xq_lesson_player_get_choice_button (XqLessonPlayer *self,
                                    const char     *choice_id)
{
  g_return_val_if_fail (XQ_IS_LESSON_PLAYER (self), NULL);
  return g_hash_table_lookup (self->choice_buttons, choice_id);
}

GtkWidget *
xq_lesson_player_get_tray_button (XqLessonPlayer *self,
                                  XqPiece         piece)
{
  g_return_val_if_fail (XQ_IS_LESSON_PLAYER (self), NULL);
  return xq_setup_tray_get_button (self->tray, piece);
}

void
xq_lesson_player_set_reply_delay (XqLessonPlayer *self,
                                  guint           ms)
{
  g_return_if_fail (XQ_IS_LESSON_PLAYER (self));
  self->reply_delay = ms;
}

GtkWidget *
xq_lesson_player_get_exercise_list (XqLessonPlayer *self)
{
  g_return_val_if_fail (XQ_IS_LESSON_PLAYER (self), NULL);
  return GTK_WIDGET (xq_exercise_list_get_box (XQ_EXERCISE_LIST (self->exercises_button)));
}

const char *
xq_lesson_player_get_praise (XqLessonPlayer *self)
{
  g_return_val_if_fail (XQ_IS_LESSON_PLAYER (self), NULL);
  return gtk_widget_get_visible (self->praise_label) ? gtk_label_get_text (GTK_LABEL (self->praise_label)) : "";
}

XqReplayBar *
xq_lesson_player_get_replay_bar (XqLessonPlayer *self)
{
  g_return_val_if_fail (XQ_IS_LESSON_PLAYER (self), NULL);
  return self->replay_bar;
}
