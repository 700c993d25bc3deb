/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-play-page-review.c: after a game against the computer, the Review
 * button — the child's biggest mistakes (the lesson layer's game review,
 * computed in a worker thread), each on a small board with the better move
 * as an arrow and one sentence. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-game-review.h"
#include "xq-lesson-marks.h"
#include "xq-play-page-private.h"

typedef struct {
  XqPlayPage *page;     /* a reference: the page outlives the thread */
  guint       serial;   /* the game the review was started for */
} ReviewCall;

gboolean
xq_play_page_can_review (XqPlayPage *self)
{
  g_return_val_if_fail (XQ_IS_PLAY_PAGE (self), FALSE);
  return self->computer_level > 0 && !self->in_match && xq_game_is_over (self->game) &&
         xq_game_get_n_plies (self->game) > 0;
}

void
xq_play_page_update_review_button (XqPlayPage *self)
{
  gboolean busy = self->review_cancel != NULL;

  gtk_widget_set_visible (self->review_button, xq_play_page_can_review (self));
  gtk_widget_set_sensitive (self->review_button, !busy);
  gtk_button_set_label (GTK_BUTTON (self->review_button),
                        busy ? _("Looking at your game…") : _("Review the Game"));
}

/* A new game, a move taken back or leaving the page: a review being
 * computed belongs to a game that is gone. */
void
xq_play_page_cancel_review (XqPlayPage *self)
{
  self->game_serial++;
  if (self->review_cancel != NULL)
    {
      g_cancellable_cancel (self->review_cancel);
      g_clear_object (&self->review_cancel);
    }
  if (self->review_button != NULL)
    xq_play_page_update_review_button (self);
}

static GtkWidget *
mistake_row (XqPlayPage *self, const XqMistake *m)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 18);
  GtkWidget *board = xq_board_view_new ();
  g_autoptr(XqBoardModel) model = xq_board_model_new ();
  g_autofree char *sentence = xq_mistake_explain_in (m, self->notation, self->move_words);
  GtkWidget *label = gtk_label_new (sentence);
  XqLessonMarks marks;
  XqAnnotations annots;

  xq_board_model_set_position (model, &m->before, XQ_MOVE_NONE);
  xq_board_model_set_interactive (model, FALSE);
  xq_board_model_set_flipped (model, xq_board_model_get_flipped (self->model));
  xq_board_view_set_model (XQ_BOARD_VIEW (board), model);
  xq_board_view_set_animate (XQ_BOARD_VIEW (board), FALSE);
  xq_mistake_marks (m, &marks);
  xq_lesson_marks_to_annotations (&marks, &m->before, &annots);
  xq_board_view_set_marks (XQ_BOARD_VIEW (board), &annots);
  gtk_widget_set_size_request (board, 260, 290);
  gtk_widget_set_hexpand (board, FALSE);
  gtk_widget_set_halign (board, GTK_ALIGN_START);
  gtk_widget_set_name (board, "review-board");

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  /* Wide enough to read as a sentence, not a column of words. */
  gtk_label_set_width_chars (GTK_LABEL (label), 22);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_set_name (label, "review-sentence");
  gtk_widget_add_css_class (label, "title-4");

  gtk_box_append (GTK_BOX (row), board);
  gtk_box_append (GTK_BOX (row), label);
  return row;
}

static void
review_window_destroyed (XqPlayPage *self)
{
  self->review_window = NULL;
}

static void
show_review (XqPlayPage *self, const XqGameReview *review)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  GtkWidget *heading;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (self->review_window != NULL)
    gtk_window_destroy (self->review_window);
  gtk_window_set_title (GTK_WINDOW (window), _("Your Game in Review"));
  gtk_window_set_titlebar (GTK_WINDOW (window), adw_header_bar_new ());
  gtk_window_set_default_size (GTK_WINDOW (window), 680, 660);
  gtk_window_set_modal (GTK_WINDOW (window), TRUE);
  if (GTK_IS_WINDOW (root))
    gtk_window_set_transient_for (GTK_WINDOW (window), GTK_WINDOW (root));
  gtk_window_set_destroy_with_parent (GTK_WINDOW (window), TRUE);

  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  if (review->n_mistakes == 0)
    heading = gtk_label_new (_("No big mistakes in this game. Well played!"));
  else
    heading = gtk_label_new (g_dngettext (GETTEXT_PACKAGE,
                                          "The biggest mistake of the game, and the better move (green arrow):",
                                          "The biggest mistakes of the game, and the better moves (green arrows):",
                                          (gulong) review->n_mistakes));
  gtk_label_set_wrap (GTK_LABEL (heading), TRUE);
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_add_css_class (heading, "title-3");
  gtk_widget_set_name (heading, "review-heading");
  gtk_box_append (GTK_BOX (box), heading);
  for (int i = 0; i < review->n_mistakes; i++)
    gtk_box_append (GTK_BOX (box), mistake_row (self, &review->mistakes[i]));

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), box);
  gtk_window_set_child (GTK_WINDOW (window), scroller);
  g_signal_connect_object (window, "destroy", G_CALLBACK (review_window_destroyed), self,
                           G_CONNECT_SWAPPED);
  self->review_window = GTK_WINDOW (window);
  gtk_window_present (GTK_WINDOW (window));
}

static void
review_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  ReviewCall *call = user_data;
  XqPlayPage *self = call->page;
  g_autoptr(GError) error = NULL;
  XqGameReview review;
  gboolean ok = xq_game_review_analyse_finish (result, &review, &error);

  if (call->serial == self->game_serial)
    {
      g_clear_object (&self->review_cancel);
      xq_play_page_update_review_button (self);
      if (ok)
        show_review (self, &review);
      else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_warning ("The game review failed: %s", error->message);
    }
  g_object_unref (call->page);
  g_free (call);
}

void
xq_play_page_review_game (XqPlayPage *self)
{
  ReviewCall *call;

  g_return_if_fail (XQ_IS_PLAY_PAGE (self));
  if (!xq_play_page_can_review (self) || self->review_cancel != NULL)
    return;
  call = g_new0 (ReviewCall, 1);
  call->page = g_object_ref (self);
  call->serial = self->game_serial;
  self->review_cancel = g_cancellable_new ();
  xq_play_page_update_review_button (self);
  xq_game_review_analyse_async (self->game, self->player_color, self->review_cancel,
                                review_done, call);
}

GtkWindow *
xq_play_page_get_review_window (XqPlayPage *self)
{
  g_return_val_if_fail (XQ_IS_PLAY_PAGE (self), NULL);
  return self->review_window;
}

gboolean
xq_play_page_is_reviewing (XqPlayPage *self)
{
  g_return_val_if_fail (XQ_IS_PLAY_PAGE (self), FALSE);
  return self->review_cancel != NULL;
}
