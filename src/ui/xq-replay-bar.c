/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-replay-bar"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-answer-text.h"
#include "xq-replay.h"
#include "xq-board-view.h"
#include "xq-replay-bar.h"

struct _XqReplayBar
{
  GtkWidget parent_instance;

  GtkWidget     *box;
  GtkWidget     *controls;
  GtkWidget     *start_button;
  GtkWidget     *back_button;
  GtkWidget     *play_button;
  GtkWidget     *play_image;
  GtkWidget     *moves_expander;
  GtkWidget     *forward_button;
  GtkWidget     *end_button;
  GtkWidget     *status_label;
  GtkWidget     *moves_label;
  GtkWidget     *counter_label;
  GtkWidget     *verdict_label;

  XqLessonBoard *board;         /* borrowed */
  XqGame        *game;          /* our copy, navigated ply by ply */
  XqLessonMarks  start_marks;
  gboolean       reveal;
  XqNotation     notation;
  char          *moves_text;    /* the move list, without markup */
  guint          play_source;
  guint          delay;
};

G_DEFINE_FINAL_TYPE (XqReplayBar, xq_replay_bar, GTK_TYPE_WIDGET)

static void
stop_playing (XqReplayBar *self)
{
  g_clear_handle_id (&self->play_source, g_source_remove);
  gtk_image_set_from_icon_name (GTK_IMAGE (self->play_image), "media-playback-start-symbolic");
  /* Translators: the replay's button that plays the moves one by one */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->play_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  C_("replay", "Play"), -1);
}

/* The moves, numbered, in the learner's notation; the move just played in
 * bold (markup), so the child sees where the board is. */
static void
show_moves (XqReplayBar *self, int ply)
{
  g_autoptr(GString) plain = g_string_new (NULL);
  g_autoptr(GString) markup = g_string_new (NULL);
  int n = xq_game_get_n_plies (self->game);
  XqColor first = xq_game_get_start (self->game)->side;

  for (int i = 1; i <= n; i++)
    {
      XqPosition before = *xq_game_get_position_at (self->game, i - 1);
      g_autofree char *text = xq_notation_format (&before, xq_game_get_move (self->game, i), self->notation);
      g_autofree char *escaped = g_markup_escape_text (text, -1);
      /* Moves are counted in rounds; a replay that starts with Black
       * begins "1. …". */
      int index = i - 1 + (first == XQ_BLACK ? 1 : 0);
      g_autofree char *number = index % 2 == 0 ? g_strdup_printf ("%d. ", index / 2 + 1)
                                : (i == 1 ? g_strdup_printf ("%d. … ", index / 2 + 1) : g_strdup (""));

      if (plain->len > 0)
        {
          g_string_append_c (plain, ' ');
          g_string_append_c (markup, ' ');
        }
      g_string_append_printf (plain, "%s%s", number, text);
      g_string_append (markup, number);
      if (i == ply)
        g_string_append_printf (markup, "<b><u>%s</u></b>", escaped);
      else
        g_string_append (markup, escaped);
    }
  g_free (self->moves_text);
  self->moves_text = g_strdup (plain->str);
  gtk_label_set_markup (GTK_LABEL (self->moves_label), markup->str);
}

/* Everything the bar shows for the ply the game is at, and the board. */
static void
update (XqReplayBar *self)
{
  int ply = xq_game_get_ply (self->game);
  int n = xq_game_get_n_plies (self->game);
  const XqPosition *pos = xq_game_get_position (self->game);
  XqResult result = xq_game_get_result_at (self->game, n);
  XqGameOptions opts;
  g_autofree char *status = NULL;
  g_autofree char *counter = NULL;
  g_autofree char *verdict = NULL;

  xq_game_get_options (self->game, &opts);
  /* Where the board is, with the move just played: the whole list folds
   * away, so the bar fits beside the board on a small screen. */
  if (ply == 0)
    status = g_strdup (_("The start: press Play."));
  else
    {
      XqPosition before = *xq_game_get_position_at (self->game, ply - 1);
      g_autofree char *move = xq_notation_format (&before, xq_game_get_move (self->game, ply), self->notation);

      /* Translators: the replay's place and the move just played, "Move 3 of 8: R9+1" */
      status = g_strdup_printf (_("Move %d of %d: %s"), ply, n, move);
    }
  gtk_label_set_text (GTK_LABEL (self->status_label), status);
  show_moves (self, ply);

  /* The 60-move rule's counter, where the story is about it: the replay
   * starts late (its FEN's clock is running) or ends by that rule. */
  if (opts.move_limit > 0 && (xq_game_get_start (self->game)->halfmove > 0 ||
                              result.reason == XQ_REASON_MOVE_LIMIT))
    /* Translators: the 60-move rule's counter */
    counter = g_strdup_printf (_("Moves each without a capture: %d of %d"),
                               xq_replay_quiet_rounds (pos), opts.move_limit);
  gtk_label_set_text (GTK_LABEL (self->counter_label), counter ? counter : "");
  gtk_widget_set_visible (self->counter_label, counter != NULL);

  /* Before a question the end only says so: the sentence would answer it. */
  if (ply == n && result.winner != XQ_WINNER_NONE && self->reveal)
    verdict = xq_result_explain (&result);
  else if (ply == n && result.winner != XQ_WINNER_NONE)
    {
      g_autofree char *end = g_strdup_printf ("%s %s", status, _("The game is over: answer the question."));
      gtk_label_set_text (GTK_LABEL (self->status_label), end);
    }
  gtk_label_set_text (GTK_LABEL (self->verdict_label), verdict ? verdict : "");
  gtk_widget_set_visible (self->verdict_label, verdict != NULL);

  gtk_widget_set_sensitive (self->start_button, ply > 0);
  gtk_widget_set_sensitive (self->back_button, ply > 0);
  gtk_widget_set_sensitive (self->forward_button, ply < n);
  gtk_widget_set_sensitive (self->end_button, ply < n);

  if (self->board != NULL)
    {
      xq_lesson_board_set_position (self->board, pos, xq_game_get_last_move (self->game), FALSE);
      xq_lesson_board_set_marks (self->board, ply == 0 ? &self->start_marks : NULL);
      /* Screen readers hear each move as it is played. */
      if (ply > 0)
        {
          XqPosition before = *xq_game_get_position_at (self->game, ply - 1);
          g_autofree char *move = xq_notation_format (&before, xq_game_get_move (self->game, ply), self->notation);
          g_autofree char *said = verdict ? g_strdup_printf ("%s. %s", move, verdict) : g_strdup (move);
          xq_board_view_announce (xq_lesson_board_get_view (self->board), said);
        }
    }
}

static gboolean
play_step_cb (gpointer user_data)
{
  XqReplayBar *self = user_data;

  if (self->game == NULL || !xq_game_redo (self->game))
    {
      self->play_source = 0;
      stop_playing (self);
      return G_SOURCE_REMOVE;
    }
  update (self);
  if (xq_game_get_ply (self->game) >= xq_game_get_n_plies (self->game))
    {
      self->play_source = 0;
      stop_playing (self);
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static void start_clicked_cb (XqReplayBar *self) { xq_replay_bar_go_to (self, 0); }
static void back_clicked_cb (XqReplayBar *self) { xq_replay_bar_step (self, -1); }
static void forward_clicked_cb (XqReplayBar *self) { xq_replay_bar_step (self, 1); }
static void play_clicked_cb (XqReplayBar *self) { xq_replay_bar_play (self); }

static void
end_clicked_cb (XqReplayBar *self)
{
  if (self->game != NULL)
    xq_replay_bar_go_to (self, xq_game_get_n_plies (self->game));
}

static void
xq_replay_bar_dispose (GObject *object)
{
  XqReplayBar *self = XQ_REPLAY_BAR (object);

  g_clear_handle_id (&self->play_source, g_source_remove);
  self->board = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (object), XQ_TYPE_REPLAY_BAR);
  G_OBJECT_CLASS (xq_replay_bar_parent_class)->dispose (object);
}

static void
xq_replay_bar_finalize (GObject *object)
{
  XqReplayBar *self = XQ_REPLAY_BAR (object);

  g_clear_pointer (&self->game, xq_game_free);
  g_free (self->moves_text);
  G_OBJECT_CLASS (xq_replay_bar_parent_class)->finalize (object);
}

static void
xq_replay_bar_class_init (XqReplayBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_replay_bar_dispose;
  object_class->finalize = xq_replay_bar_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, APP_PATH "/ui/xq-replay-bar.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, XqReplayBar, name)
  BIND (box); BIND (controls); BIND (start_button); BIND (back_button); BIND (play_button);
  BIND (play_image); BIND (moves_expander); BIND (forward_button); BIND (end_button); BIND (status_label);
  BIND (moves_label); BIND (counter_label); BIND (verdict_label);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, start_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, back_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, play_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, forward_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, end_clicked_cb);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "xq-replay-bar");
}

static void
xq_replay_bar_init (XqReplayBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->notation = xq_answer_default_notation ();
  self->delay = 900;
  xq_lesson_marks_clear (&self->start_marks);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

GtkWidget *
xq_replay_bar_new (void)
{
  return g_object_new (XQ_TYPE_REPLAY_BAR, NULL);
}

void
xq_replay_bar_set_board (XqReplayBar   *self,
                         XqLessonBoard *board)
{
  g_return_if_fail (XQ_IS_REPLAY_BAR (self));
  self->board = board;
}

void
xq_replay_bar_show (XqReplayBar         *self,
                    const XqGame        *game,
                    const XqLessonMarks *start_marks,
                    gboolean             reveal)
{
  g_return_if_fail (XQ_IS_REPLAY_BAR (self));

  stop_playing (self);
  g_clear_pointer (&self->game, xq_game_free);
  gtk_widget_set_visible (GTK_WIDGET (self), game != NULL);
  if (game == NULL)
    return;
  self->game = xq_game_copy (game);
  self->reveal = reveal;
  if (start_marks != NULL)
    self->start_marks = *start_marks;
  else
    xq_lesson_marks_clear (&self->start_marks);
  xq_game_go_to_ply (self->game, 0);
  update (self);
}

void
xq_replay_bar_reveal (XqReplayBar *self)
{
  g_return_if_fail (XQ_IS_REPLAY_BAR (self));
  if (self->reveal || self->game == NULL)
    return;
  self->reveal = TRUE;
  update (self);
}

void
xq_replay_bar_set_notation (XqReplayBar *self,
                            XqNotation   notation)
{
  g_return_if_fail (XQ_IS_REPLAY_BAR (self));
  self->notation = notation;
  if (self->game != NULL)
    show_moves (self, xq_game_get_ply (self->game));
}

void
xq_replay_bar_go_to (XqReplayBar *self,
                     int          ply)
{
  g_return_if_fail (XQ_IS_REPLAY_BAR (self));
  if (self->game == NULL)
    return;
  stop_playing (self);
  xq_game_go_to_ply (self->game, CLAMP (ply, 0, xq_game_get_n_plies (self->game)));
  update (self);
}

void
xq_replay_bar_step (XqReplayBar *self,
                    int          delta)
{
  g_return_if_fail (XQ_IS_REPLAY_BAR (self));
  if (self->game != NULL)
    xq_replay_bar_go_to (self, xq_game_get_ply (self->game) + delta);
}

void
xq_replay_bar_play (XqReplayBar *self)
{
  g_return_if_fail (XQ_IS_REPLAY_BAR (self));
  if (self->game == NULL)
    return;
  if (self->play_source != 0)
    {
      stop_playing (self);
      return;
    }
  if (xq_game_get_ply (self->game) >= xq_game_get_n_plies (self->game))
    {
      xq_game_go_to_ply (self->game, 0);
      update (self);
    }
  gtk_image_set_from_icon_name (GTK_IMAGE (self->play_image), "media-playback-pause-symbolic");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->play_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  C_("replay", "Pause"), -1);
  self->play_source = g_timeout_add (self->delay, play_step_cb, self);
}

gboolean
xq_replay_bar_is_playing (XqReplayBar *self)
{
  g_return_val_if_fail (XQ_IS_REPLAY_BAR (self), FALSE);
  return self->play_source != 0;
}

void
xq_replay_bar_set_delay (XqReplayBar *self,
                         guint        ms)
{
  g_return_if_fail (XQ_IS_REPLAY_BAR (self));
  self->delay = ms;
}

int
xq_replay_bar_get_ply (XqReplayBar *self)
{
  g_return_val_if_fail (XQ_IS_REPLAY_BAR (self), 0);
  return self->game ? xq_game_get_ply (self->game) : 0;
}

int
xq_replay_bar_get_n_plies (XqReplayBar *self)
{
  g_return_val_if_fail (XQ_IS_REPLAY_BAR (self), 0);
  return self->game ? xq_game_get_n_plies (self->game) : 0;
}

const char *
xq_replay_bar_get_verdict (XqReplayBar *self)
{
  g_return_val_if_fail (XQ_IS_REPLAY_BAR (self), "");
  return gtk_widget_get_visible (self->verdict_label) ? gtk_label_get_text (GTK_LABEL (self->verdict_label)) : "";
}

const char *
xq_replay_bar_get_moves (XqReplayBar *self)
{
  g_return_val_if_fail (XQ_IS_REPLAY_BAR (self), "");
  return self->moves_text ? self->moves_text : "";
}

const char *
xq_replay_bar_get_status (XqReplayBar *self)
{
  g_return_val_if_fail (XQ_IS_REPLAY_BAR (self), "");
  return gtk_label_get_text (GTK_LABEL (self->status_label));
}

const char *
xq_replay_bar_get_counter (XqReplayBar *self)
{
  g_return_val_if_fail (XQ_IS_REPLAY_BAR (self), "");
  return gtk_widget_get_visible (self->counter_label) ? gtk_label_get_text (GTK_LABEL (self->counter_label)) : "";
}

GtkWidget *
xq_replay_bar_get_button (XqReplayBar *self,
                          const char  *name)
{
  g_return_val_if_fail (XQ_IS_REPLAY_BAR (self), NULL);

  GtkWidget *buttons[] = { self->start_button, self->back_button, self->play_button,
                           self->forward_button, self->end_button };
  const char *names[] = { "start", "back", "play", "forward", "end" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_strcmp0 (name, names[i]) == 0)
      return buttons[i];
  g_return_val_if_reached (NULL);
}
