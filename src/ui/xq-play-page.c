/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-play-page"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-answer-text.h"
#include "xq-engine.h"
#include "xq-lesson-marks.h"
#include "xq-lesson-rules.h"
#include "xq-game-file.h"
#include "xq-pgn.h"
#include "xq-play-page-private.h"
#include "xq-sound-player.h"
#include "xq-settings.h"


enum {
  SIGNAL_MATCH_FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (XqPlayPage, xq_play_page, ADW_TYPE_BIN)

/* One line per full move: "12. 炮二平五 马8进7" (Black alone when the game
 * started with Black to move). */
/* One move as the list shows it: in words, or in the chosen notation. */
char *
xq_play_page_move_text (XqPlayPage *self, XqPosition *before, XqMove move)
{
  if (self->move_words && xq_position_is_legal (before, move))
    return xq_answer_move_words (before, move);
  return xq_notation_format (before, move, self->notation);
}

static char *
format_row (XqPlayPage *self,
            int         first_ply,
            int        *next_ply)
{
  GString *row = g_string_new (NULL);
  int n = xq_game_get_n_plies (self->game);
  int ply = first_ply;
  const XqPosition *pos = xq_game_get_position_at (self->game, ply - 1);

  g_string_append_printf (row, "%d.", pos->fullmove);
  if (pos->side == XQ_BLACK)
    g_string_append (row, " …");
  do
    {
      XqPosition scratch = *xq_game_get_position_at (self->game, ply - 1);
      g_autofree char *text = xq_play_page_move_text (self, &scratch, xq_game_get_move (self->game, ply));

      /* Words need a mark between Red's move and Black's. */
      if (self->move_words && ply > first_ply)
        g_string_append (row, " ·");
      g_string_append_c (row, ' ');
      g_string_append (row, text ? text : "?");
      ply++;
    }
  while (ply <= n && xq_game_get_position_at (self->game, ply - 1)->side == XQ_BLACK);

  *next_ply = ply;
  return g_string_free (row, FALSE);
}

static void
update_move_list (XqPlayPage *self)
{
  GtkWidget *child;
  int n = xq_game_get_n_plies (self->game);
  int current = xq_game_get_ply (self->game);
  GtkListBoxRow *current_row = NULL;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->move_list))) != NULL)
    gtk_list_box_remove (self->move_list, child);

  for (int ply = 1; ply <= n;)
    {
      int first = ply;
      g_autofree char *text = format_row (self, first, &ply);
      GtkWidget *label = gtk_label_new (text);
      GtkWidget *row = gtk_list_box_row_new ();

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
      /* Activating a row goes to the position after its last move. */
      g_object_set_data (G_OBJECT (row), "ply", GINT_TO_POINTER (ply - 1));
      if (current >= first && current < ply)
        current_row = GTK_LIST_BOX_ROW (row);
      if (current < n && ply - 1 > current)
        gtk_widget_add_css_class (label, "dim-label");
      gtk_list_box_append (self->move_list, row);
    }

  if (current_row != NULL)
    gtk_list_box_select_row (self->move_list, current_row);
}

/* The clauses the core names for a result ("第3條 3.1, 第4條 4.1.1") in
 * the reader's words: "3.1, 4.1.1" in English, "第3条 3.1，第4条 4.1.1" in
 * Chinese.  Text that is not a list of clauses (the AXF summaries) is shown
 * as it is. */
static char *
rule_for_reader (const char *clauses)
{
  g_auto(GStrv) items = g_strsplit (clauses, ", ", -1);
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; items[i] != NULL; i++)
    {
      const char *clause = strrchr (items[i], ' ');
      g_autofree char *article = NULL;
      const char *dot;

      clause = clause != NULL ? clause + 1 : items[i];
      dot = strchr (clause, '.');
      if (*clause == '\0' || strspn (clause, "0123456789.") != strlen (clause) || dot == NULL || dot == clause)
        return g_strdup (clauses);
      article = g_strndup (clause, (gsize) (dot - clause));
      if (i > 0)
        /* Translators: between two clauses of the rules, "3.1, 4.1.1" */
        g_string_append (out, C_("rule clauses", ", "));
      /* Translators: one clause of the Chinese competition rules: %1$s is
       * the article ("3"), %2$s the rest of the clause number (".1"), so
       * English shows "3.1"; Chinese names the article too: "第3条 3.1". */
      g_string_append_printf (out, C_("rule clause", "%1$s%2$s"), article, dot);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static void
update_status (XqPlayPage *self)
{
  const XqPosition *pos = xq_game_get_position (self->game);
  XqResult result = xq_game_get_result (self->game);
  XqWarning warning;
  g_autofree char *explain = NULL;
  g_autofree char *rule = NULL;
  g_autofree char *rule_clauses = NULL;
  const char *turn;

  if (result.winner != XQ_WINNER_NONE)
    {
      XqGameOptions opts;

      xq_game_get_options (self->game, &opts);
      turn = _("Game over");
      explain = xq_result_explain (&result);
      g_autofree char *clauses = rule_for_reader (xq_reason_rule (result.reason, opts.rules));

      /* The rule in words on screen; its clause numbers are for a teacher,
       * in the tooltip (issue 31). */
      rule = xq_answer_rule_words (&result);
      /* Translators: %s names the clauses of the rules, e.g. "26.1" */
      rule_clauses = g_strdup_printf (_("Rule: %s"), clauses);
    }
  else
    {
      gboolean check = xq_position_in_check (pos, pos->side);

      if (pos->side == XQ_RED)
        turn = check ? _("Red to move — in check!") : _("Red to move");
      else
        turn = check ? _("Black to move — in check!") : _("Black to move");
      if (xq_game_get_warning (self->game, &warning))
        explain = xq_warning_explain (&warning);
    }

  gtk_label_set_label (self->turn_label, turn);
  gtk_label_set_label (self->status_label, explain ? explain : "");
  gtk_widget_set_visible (GTK_WIDGET (self->status_label), explain != NULL);
  gtk_label_set_label (self->rule_label, rule ? rule : "");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->rule_label), rule_clauses);
  gtk_widget_set_visible (GTK_WIDGET (self->rule_label), rule != NULL);

  g_free (self->status_text);
  self->status_text = explain ? g_strdup_printf ("%s %s", turn, explain) : g_strdup (turn);
}

/* ---- A refused move: the lesson layer's reason, in words and marks --------- */

static void
clear_refusal (XqPlayPage *self)
{
  gtk_label_set_label (self->refusal_label, "");
  gtk_widget_set_visible (GTK_WIDGET (self->refusal_label), FALSE);
  xq_board_view_set_marks (self->board_view, NULL);
}

static void
board_refused_cb (XqPlayPage  *self,
                  int          from,
                  int          to,
                  XqBoardView *view)
{
  XqPosition pos = *xq_game_get_position (self->game);
  XqLessonMarks marks;
  XqAnnotations annots;
  g_autofree char *why = NULL;

  xq_lesson_marks_clear (&marks);
  why = xq_lesson_explain_illegal (&pos, xq_move_make (from, to), &marks);
  if (why == NULL)
    return;
  xq_lesson_marks_to_annotations (&marks, &pos, &annots);
  xq_board_view_set_marks (self->board_view, &annots);
  gtk_label_set_label (self->refusal_label, why);
  gtk_widget_set_visible (GTK_WIDGET (self->refusal_label), TRUE);
  xq_board_view_announce (self->board_view, why);
}

const char *
xq_play_page_get_refusal_text (XqPlayPage *self)
{
  g_return_val_if_fail (XQ_IS_PLAY_PAGE (self), NULL);
  if (!gtk_widget_get_visible (GTK_WIDGET (self->refusal_label)))
    return NULL;
  return gtk_label_get_label (self->refusal_label);
}

void
xq_play_page_sync_page (XqPlayPage *self)
{
  clear_refusal (self);
  xq_board_model_set_position (self->model, xq_game_get_position (self->game),
                               xq_game_get_last_move (self->game));
  xq_board_model_set_interactive (self->model,
                                  !xq_game_is_over (self->game) && !xq_play_page_computer_to_move (self));
  update_move_list (self);
  update_status (self);
  xq_play_page_update_review_button (self);
  /* A finished game's clock stops: nobody is thinking any more. */
  if (xq_game_is_over (self->game))
    xq_play_page_pause_clock (self);
  if (self->match_box != NULL)
    gtk_widget_set_sensitive (self->match_box, self->in_match && !xq_game_is_over (self->game));
  if (self->in_match && !self->match_reported && xq_game_is_over (self->game))
    {
      self->match_reported = TRUE;
      g_signal_emit (self, signals[SIGNAL_MATCH_FINISHED], 0);
    }
}

static void
announce_move (XqPlayPage *self,
               XqMove      move)
{
  int ply = xq_game_get_ply (self->game);
  XqPosition before = *xq_game_get_position_at (self->game, ply - 1);
  g_autofree char *text = xq_play_page_move_text (self, &before, move);
  g_autofree char *sentence = NULL;

  if (before.side == XQ_RED)
    /* Translators: announced to screen readers; %s is a move like 炮二平五 */
    sentence = g_strdup_printf (_("Red played %s."), text);
  else
    sentence = g_strdup_printf (_("Black played %s."), text);
  if (self->status_text != NULL)
    {
      g_autofree char *full = g_strdup_printf ("%s %s", sentence, self->status_text);
      xq_board_view_announce (self->board_view, full);
    }
  else
    xq_board_view_announce (self->board_view, sentence);
}

gboolean
xq_play_page_play_move (XqPlayPage  *self,
                        XqMove       move,
                        GError     **error)
{
  XqColor mover = xq_game_get_position (self->game)->side;

  if (!xq_game_play (self->game, move, error))
    return FALSE;
  xq_play_page_press_clock (self, mover);
  xq_play_page_sync_page (self);
  /* The people at the board: both sides, or the one not the computer's. */
  xq_sound_play (xq_sound_for_game_move (self->game, self->computer_level > 0
                                                     ? 1u << self->player_color
                                                     : 1u << XQ_RED | 1u << XQ_BLACK));
  announce_move (self, move);
  xq_play_page_maybe_start_computer (self);
  return TRUE;
}

gboolean
xq_play_page_play (XqPlayPage  *self,
                   XqMove       move,
                   GError     **error)
{
  g_return_val_if_fail (XQ_IS_PLAY_PAGE (self), FALSE);

  /* A move made for the side to move replaces an answer being thought of. */
  xq_play_page_cancel_computer (self);
  return xq_play_page_play_move (self, move, error);
}

static void
board_move_cb (XqPlayPage  *self,
               int          from,
               int          to,
               XqBoardView *view)
{
  g_autoptr(GError) error = NULL;

  if (!xq_play_page_play (self, xq_move_make (from, to), &error))
    g_warning ("The board offered a move the game refused: %s", error->message);
}

static void
move_row_activated_cb (XqPlayPage    *self,
                       GtkListBoxRow *row,
                       GtkListBox    *box)
{
  int ply = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "ply"));

  if (ply != xq_game_get_ply (self->game) && xq_game_go_to_ply (self->game, ply))
    {
      xq_play_page_cancel_computer (self);
      xq_play_page_pause_clock (self);
      xq_play_page_sync_page (self);
      xq_play_page_maybe_start_computer (self);
    }
}

/* Side panel to the right of the board in a wide window, below it in a
 * narrow one (a phone, half a laptop screen).  The page lays out its child
 * itself: AdwBin's layout manager would never let it change orientation. */
static GtkOrientation
wanted_orientation (XqPlayPage *self,
                    int         width,
                    int         height)
{
  int min_horizontal;

  /* What the side-by-side layout needs, measured without switching. */
  gtk_widget_measure (GTK_WIDGET (self->board_view), GTK_ORIENTATION_HORIZONTAL, -1,
                      &min_horizontal, NULL, NULL, NULL);
  min_horizontal += 220 + 18 + 24;
  return width < MAX (min_horizontal, 640) && height > width ? GTK_ORIENTATION_VERTICAL
                                                             : GTK_ORIENTATION_HORIZONTAL;
}

static void
set_orientation (XqPlayPage     *self,
                 GtkOrientation  orientation)
{
  gboolean horizontal = orientation == GTK_ORIENTATION_HORIZONTAL;

  if (gtk_orientable_get_orientation (GTK_ORIENTABLE (adw_bin_get_child (ADW_BIN (self)))) == orientation)
    return;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (adw_bin_get_child (ADW_BIN (self))), orientation);
  gtk_widget_set_size_request (self->side_panel, horizontal ? 220 : -1, horizontal ? -1 : 200);
}

static void
xq_play_page_measure (GtkWidget      *widget,
                      GtkOrientation  orientation,
                      int             for_size,
                      int            *minimum,
                      int            *natural,
                      int            *minimum_baseline,
                      int            *natural_baseline)
{
  XqPlayPage *self = XQ_PLAY_PAGE (widget);
  int board_min;

  gtk_widget_measure (GTK_WIDGET (adw_bin_get_child (ADW_BIN (self))), orientation, for_size,
                      minimum, natural, NULL, NULL);
  /* Narrower than side by side is fine: the panel then moves below. */
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      gtk_widget_measure (GTK_WIDGET (self->board_view), orientation, -1, &board_min, NULL, NULL, NULL);
      *minimum = MIN (*minimum, board_min + 24);
    }
}

static void
xq_play_page_size_allocate (GtkWidget *widget,
                            int        width,
                            int        height,
                            int        baseline)
{
  XqPlayPage *self = XQ_PLAY_PAGE (widget);

  set_orientation (self, wanted_orientation (self, width, height));
  gtk_widget_allocate (GTK_WIDGET (adw_bin_get_child (ADW_BIN (self))), width, height, baseline, NULL);
}

/* ---- Settings: the opponent and the clock ---------------------------------- */

/* The opponent drop-down: "Two players", then the computer's levels 1 to 5. */
static void
sync_dropdowns (XqPlayPage *self)
{
  self->syncing_dropdowns = TRUE;
  gtk_drop_down_set_selected (self->opponent_dropdown, (guint) self->computer_level);
  gtk_drop_down_set_selected (self->color_dropdown, self->player_color == XQ_BLACK ? 1 : 0);
  gtk_widget_set_visible (GTK_WIDGET (self->color_dropdown), self->computer_level > 0);
  self->syncing_dropdowns = FALSE;
}

void
xq_play_page_set_opponent (XqPlayPage *self,
              int         level,
              XqColor     player)
{
  if (level == self->computer_level && player == self->player_color)
    return;
  xq_play_page_cancel_computer (self);
  self->computer_level = level;
  self->player_color = player;
  sync_dropdowns (self);
  xq_play_page_sync_page (self);
  xq_play_page_maybe_start_computer (self);
}

void
xq_play_page_apply_settings (XqPlayPage *self)
{
  g_autofree char *preset = g_settings_get_string (self->settings, "clock");
  gboolean computer = g_settings_get_enum (self->settings, "opponent") == 1;
  int level = g_settings_get_int (self->settings, "computer-level");
  XqColor player = g_settings_get_enum (self->settings, "player-color") == 1 ? XQ_BLACK : XQ_RED;

  if (g_strcmp0 (preset, self->clock_preset) != 0)
    {
      g_free (self->clock_preset);
      self->clock_preset = g_steal_pointer (&preset);
      /* A changed time control applies from the next game, unless this one
       * has not started yet. */
      if (xq_game_get_n_plies (self->game) == 0)
        xq_play_page_reset_clock (self);
    }
  /* A tournament game is always between the two players at the board. */
  if (!self->in_match)
    xq_play_page_set_opponent (self, computer ? CLAMP (level, 1, XQ_ENGINE_MAX_LEVEL) : 0, player);
  sync_dropdowns (self);
}

static void
settings_changed_cb (XqPlayPage *self,
                     const char *key,
                     GSettings  *settings)
{
  xq_play_page_apply_settings (self);
}

static void
opponent_selected_cb (XqPlayPage *self)
{
  guint level = gtk_drop_down_get_selected (self->opponent_dropdown);
  guint color = gtk_drop_down_get_selected (self->color_dropdown);

  if (self->syncing_dropdowns || level == GTK_INVALID_LIST_POSITION || color == GTK_INVALID_LIST_POSITION)
    return;
  /* The settings remember the choice; their ::changed applies it. */
  g_settings_delay (self->settings);
  g_settings_set_enum (self->settings, "opponent", level > 0 ? 1 : 0);
  if (level > 0)
    g_settings_set_int (self->settings, "computer-level", (int) level);
  g_settings_set_enum (self->settings, "player-color", (int) color);
  g_settings_apply (self->settings);
}

static void
xq_play_page_dispose (GObject *object)
{
  XqPlayPage *self = XQ_PLAY_PAGE (object);

  g_clear_handle_id (&self->clock_tick, g_source_remove);
  xq_play_page_cancel_computer (self);
  xq_play_page_cancel_review (self);
  if (self->review_window != NULL)
    gtk_window_destroy (self->review_window);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (object), XQ_TYPE_PLAY_PAGE);

  G_OBJECT_CLASS (xq_play_page_parent_class)->dispose (object);
}

static void
xq_play_page_finalize (GObject *object)
{
  XqPlayPage *self = XQ_PLAY_PAGE (object);

  g_clear_pointer (&self->thinker, xq_thinker_free);
  g_clear_pointer (&self->game, xq_game_free);
  g_clear_pointer (&self->clock, xq_clock_free);
  g_clear_object (&self->model);
  g_clear_pointer (&self->status_text, g_free);
  g_clear_pointer (&self->clock_preset, g_free);

  G_OBJECT_CLASS (xq_play_page_parent_class)->finalize (object);
}

static void
resign_red_cb (XqPlayPage *self)
{
  xq_play_page_resign (self, XQ_RED);
}

static void
resign_black_cb (XqPlayPage *self)
{
  xq_play_page_resign (self, XQ_BLACK);
}

static void
xq_play_page_class_init (XqPlayPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_play_page_dispose;
  object_class->finalize = xq_play_page_finalize;
  widget_class->measure = xq_play_page_measure;
  widget_class->size_allocate = xq_play_page_size_allocate;

  g_type_ensure (XQ_TYPE_BOARD_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, APP_PATH "/ui/xq-play-page.ui");
  gtk_widget_class_bind_template_child (widget_class, XqPlayPage, side_panel);
  gtk_widget_class_bind_template_child (widget_class, XqPlayPage, board_view);
  gtk_widget_class_bind_template_child (widget_class, XqPlayPage, turn_label);
  gtk_widget_class_bind_template_child (widget_class, XqPlayPage, status_label);
  gtk_widget_class_bind_template_child (widget_class, XqPlayPage, refusal_label);
  gtk_widget_class_bind_template_child (widget_class, XqPlayPage, rule_label);
  gtk_widget_class_bind_template_child (widget_class, XqPlayPage, review_button);
  gtk_widget_class_bind_template_callback (widget_class, xq_play_page_review_game);
  gtk_widget_class_bind_template_child (widget_class, XqPlayPage, move_list);
  gtk_widget_class_bind_template_child (widget_class, XqPlayPage, clock_box);
  gtk_widget_class_bind_template_child (widget_class, XqPlayPage, red_clock_label);
  gtk_widget_class_bind_template_child (widget_class, XqPlayPage, black_clock_label);
  gtk_widget_class_bind_template_child (widget_class, XqPlayPage, match_box);
  gtk_widget_class_bind_template_child (widget_class, XqPlayPage, match_label);
  gtk_widget_class_bind_template_callback (widget_class, resign_red_cb);
  gtk_widget_class_bind_template_callback (widget_class, resign_black_cb);
  gtk_widget_class_bind_template_callback (widget_class, xq_play_page_agree_draw);
  gtk_widget_class_bind_template_child (widget_class, XqPlayPage, opponent_dropdown);
  gtk_widget_class_bind_template_child (widget_class, XqPlayPage, color_dropdown);
  gtk_widget_class_bind_template_callback (widget_class, board_move_cb);
  gtk_widget_class_bind_template_callback (widget_class, board_refused_cb);
  gtk_widget_class_bind_template_callback (widget_class, clear_refusal);
  gtk_widget_class_bind_template_callback (widget_class, move_row_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, opponent_selected_cb);

  signals[SIGNAL_MATCH_FINISHED] =
    g_signal_new ("match-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
xq_play_page_init (XqPlayPage *self)
{
  gtk_widget_set_layout_manager (GTK_WIDGET (self), NULL);
  xq_play_page_init_computer (self);
  gtk_widget_init_template (GTK_WIDGET (self));

  self->notation = XQ_NOTATION_WXF;
  self->game = xq_game_new (NULL);
  self->model = xq_board_model_new ();
  xq_board_view_set_model (self->board_view, self->model);
  self->seed = g_random_int ();
  self->settings = g_settings_new (XQ_SETTINGS_SCHEMA);
  g_signal_connect_object (self->settings, "changed", G_CALLBACK (settings_changed_cb), self,
                           G_CONNECT_SWAPPED);
  xq_play_page_apply_settings (self);
  xq_play_page_update_clock_labels (self);
  xq_play_page_sync_page (self);
}

XqBoardView *
xq_play_page_get_board_view (XqPlayPage *self)
{
  g_return_val_if_fail (XQ_IS_PLAY_PAGE (self), NULL);
  return self->board_view;
}

XqBoardModel *
xq_play_page_get_board_model (XqPlayPage *self)
{
  g_return_val_if_fail (XQ_IS_PLAY_PAGE (self), NULL);
  return self->model;
}

const XqGame *
xq_play_page_get_game (XqPlayPage *self)
{
  g_return_val_if_fail (XQ_IS_PLAY_PAGE (self), NULL);
  return self->game;
}


void
xq_play_page_restart_game (XqPlayPage *self)
{
  xq_play_page_cancel_computer (self);
  xq_play_page_cancel_review (self);
  g_clear_pointer (&self->game, xq_game_free);
  self->game = xq_game_new (NULL);
  xq_play_page_reset_clock (self);
  xq_play_page_sync_page (self);
  xq_board_view_announce (self->board_view, _("A new game. Red moves first."));
  xq_play_page_maybe_start_computer (self);
}

void
xq_play_page_new_game (XqPlayPage *self)
{
  g_return_if_fail (XQ_IS_PLAY_PAGE (self));

  /* A new game after a finished tournament game is free play again. */
  if (self->in_match && self->match_reported)
    xq_play_page_leave_match (self);
  xq_play_page_restart_game (self);
}

gboolean
xq_play_page_undo (XqPlayPage *self)
{
  g_return_val_if_fail (XQ_IS_PLAY_PAGE (self), FALSE);

  if (self->computer_level > 0)
    {
      int ply = xq_game_get_ply (self->game);
      const XqPosition *pos;

      /* Back to the child's turn: their last move and the computer's reply
       * (only their move while the reply is still being thought of).  At
       * the start, with the computer to move first, there is nothing of
       * theirs to take back. */
      do
        ply--;
      while (ply > 0 && xq_game_get_position_at (self->game, ply)->side != self->player_color);
      if (ply < 0)
        return FALSE;
      pos = xq_game_get_position_at (self->game, ply);
      if (pos->side != self->player_color)
        return FALSE;
      xq_play_page_cancel_computer (self);
      if (!xq_game_go_to_ply (self->game, ply))
        return FALSE;
    }
  else if (!xq_game_undo (self->game))
    return FALSE;
  xq_play_page_cancel_review (self);
  xq_play_page_pause_clock (self);
  xq_play_page_sync_page (self);
  xq_board_view_announce (self->board_view, _("Move taken back."));
  return TRUE;
}

gboolean
xq_play_page_redo (XqPlayPage *self)
{
  g_return_val_if_fail (XQ_IS_PLAY_PAGE (self), FALSE);

  if (!xq_game_redo (self->game))
    return FALSE;
  /* Against the computer its recorded reply comes back with the move. */
  if (xq_play_page_computer_to_move (self))
    xq_game_redo (self->game);
  xq_play_page_pause_clock (self);
  xq_play_page_sync_page (self);
  announce_move (self, xq_game_get_last_move (self->game));
  xq_play_page_maybe_start_computer (self);
  return TRUE;
}

void
xq_play_page_flip (XqPlayPage *self)
{
  g_return_if_fail (XQ_IS_PLAY_PAGE (self));

  xq_board_model_set_flipped (self->model, !xq_board_model_get_flipped (self->model));
}

char *
xq_play_page_get_fen (XqPlayPage *self)
{
  g_return_val_if_fail (XQ_IS_PLAY_PAGE (self), NULL);
  return xq_position_to_fen (xq_game_get_position (self->game));
}

gboolean
xq_play_page_load_fen (XqPlayPage  *self,
                       const char  *fen,
                       GError     **error)
{
  XqPosition pos;
  g_autofree char *text = NULL;

  g_return_val_if_fail (XQ_IS_PLAY_PAGE (self), FALSE);
  g_return_val_if_fail (fen != NULL, FALSE);

  /* Pasted text often carries a trailing newline or spaces. */
  text = g_strstrip (g_strdup (fen));
  if (!xq_position_set_fen (&pos, text, error))
    return FALSE;
  xq_play_page_cancel_computer (self);
  xq_play_page_cancel_review (self);
  g_clear_pointer (&self->game, xq_game_free);
  self->game = xq_game_new (&pos);
  xq_play_page_reset_clock (self);
  xq_play_page_sync_page (self);
  xq_play_page_maybe_start_computer (self);
  return TRUE;
}

void
xq_play_page_set_move_words (XqPlayPage *self,
                             gboolean    words)
{
  g_return_if_fail (XQ_IS_PLAY_PAGE (self));
  if (self->move_words == !!words)
    return;
  self->move_words = !!words;
  update_move_list (self);
}

void
xq_play_page_set_notation (XqPlayPage *self,
                           XqNotation  notation)
{
  g_return_if_fail (XQ_IS_PLAY_PAGE (self));

  if (self->notation == notation)
    return;
  self->notation = notation;
  update_move_list (self);
}

char *
xq_play_page_get_move_list_text (XqPlayPage *self)
{
  GString *text;
  GtkWidget *row;

  g_return_val_if_fail (XQ_IS_PLAY_PAGE (self), NULL);

  text = g_string_new (NULL);
  for (row = gtk_widget_get_first_child (GTK_WIDGET (self->move_list));
       row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *label = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row));

      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, gtk_label_get_label (GTK_LABEL (label)));
    }
  return g_string_free (text, FALSE);
}

const char *
xq_play_page_get_status_text (XqPlayPage *self)
{
  g_return_val_if_fail (XQ_IS_PLAY_PAGE (self), NULL);
  return self->status_text;
}

/* Replays a PGN game into a new record; the current game is only replaced
 * when every move of the file is legal. */
gboolean
xq_play_page_load_pgn (XqPlayPage  *self,
                       const char  *path,
                       GError     **error)
{
  g_autoptr(XqPgnRecord) rec = NULL;
  g_autoptr(XqGame) game = NULL;

  g_return_val_if_fail (XQ_IS_PLAY_PAGE (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  rec = xq_game_file_read_first (path, error);
  if (rec == NULL)
    return FALSE;
  game = xq_game_new (xq_pgn_record_get_start (rec));
  for (guint i = 0; i < xq_pgn_record_get_n_moves (rec); i++)
    if (!xq_game_play (game, xq_pgn_record_get_move (rec, i), error))
      return FALSE;

  xq_play_page_cancel_computer (self);
  xq_play_page_cancel_review (self);
  g_clear_pointer (&self->game, xq_game_free);
  self->game = g_steal_pointer (&game);
  xq_play_page_reset_clock (self);
  xq_play_page_sync_page (self);
  xq_play_page_maybe_start_computer (self);
  return TRUE;
}

gboolean
xq_play_page_save_pgn (XqPlayPage  *self,
                       const char  *path,
                       GError     **error)
{
  g_autoptr(XqPgnRecord) rec = xq_pgn_record_new ();
  g_autofree char *start = NULL;
  XqResult result;
  int n;

  g_return_val_if_fail (XQ_IS_PLAY_PAGE (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  start = xq_position_to_fen (xq_game_get_start (self->game));
  if (!xq_pgn_record_set_start (rec, start, error))
    return FALSE;
  /* Saved as far as the game was played, not only up to the shown ply. */
  n = xq_game_get_n_plies (self->game);
  for (int ply = 1; ply <= n; ply++)
    if (!xq_pgn_record_append_move (rec, xq_game_get_move (self->game, ply), error))
      return FALSE;
  result = xq_game_get_result_at (self->game, n);
  switch (result.winner)
    {
    case XQ_WINNER_RED:
      xq_pgn_record_set_result (rec, XQ_PGN_RESULT_RED_WINS);
      break;
    case XQ_WINNER_BLACK:
      xq_pgn_record_set_result (rec, XQ_PGN_RESULT_BLACK_WINS);
      break;
    case XQ_WINNER_DRAW:
      xq_pgn_record_set_result (rec, XQ_PGN_RESULT_DRAW);
      break;
    case XQ_WINNER_NONE:
    default:
      xq_pgn_record_set_result (rec, XQ_PGN_RESULT_UNKNOWN);
      break;
    }
  return xq_pgn_write_file (rec, path, XQ_NOTATION_WXF, error);
}
