/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-tournament-page.c: the Tournament page.  The rules live in the
 * tournament library; this page shows an event and turns clicks into its
 * calls, saving the event after every change. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "xq-pairing-row.h"
#include "xq-tournament-page-private.h"

G_DEFINE_FINAL_TYPE (XqTournamentPage, xq_tournament_page, ADW_TYPE_BIN)

static void refresh_event (XqTournamentPage *self);
static void list_events (XqTournamentPage *self);
static void queue_refresh (XqTournamentPage *self);


void
xq_tournament_page_show_message (XqTournamentPage *self, const char *text, gboolean error)
{
  g_free (self->message);
  self->message = g_strdup (text);
  gtk_label_set_label (self->message_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), text != NULL && *text != '\0');
  if (error)
    gtk_widget_add_css_class (GTK_WIDGET (self->message_label), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->message_label), "error");
}

/* ---- Saving ------------------------------------------------------------------ */

gboolean
xq_tournament_page_save (XqTournamentPage *self)
{
  g_autoptr(GError) error = NULL;

  if (self->t == NULL || self->path == NULL)
    return FALSE;
  if (g_mkdir_with_parents (self->dir, 0700) != 0
      || !xq_tournament_save (self->t, self->path, &error))
    {
      g_autofree char *text = g_strdup_printf (_("The event could not be saved: %s"),
                                               error ? error->message : g_strerror (errno));
      xq_tournament_page_show_message (self, text, TRUE);
      return FALSE;
    }
  return TRUE;
}

/* ---- The event list ----------------------------------------------------------- */

static void
open_event (XqTournamentPage *self, const char *path)
{
  g_autoptr(GError) error = NULL;
  XqTournament *t = xq_tournament_load (path, &error);

  if (t == NULL)
    {
      xq_tournament_page_show_message (self, error->message, TRUE);
      return;
    }
  g_clear_pointer (&self->t, xq_tournament_free);
  self->t = t;
  g_free (self->path);
  self->path = g_strdup (path);
  self->round = MAX (1, xq_tournament_n_rounds (t));
  /* The first round still waiting for results is the one a teacher wants. */
  for (int r = 1; r <= xq_tournament_n_rounds (t); r++)
    if (!xq_tournament_round_complete (t, r))
      {
        self->round = r;
        break;
      }
  xq_tournament_page_show_message (self, NULL, FALSE);
  refresh_event (self);
  gtk_stack_set_visible_child_name (self->content_stack, "event");
}

static void
event_selected_cb (XqTournamentPage *self, GtkListBoxRow *row)
{
  const char *path;

  if (row == NULL || self->refreshing)
    return;
  path = g_object_get_data (G_OBJECT (row), "path");
  if (path != NULL && g_strcmp0 (path, self->path) != 0)
    open_event (self, path);
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

static void
list_events (XqTournamentPage *self)
{
  g_autoptr(GDir) dir = g_dir_open (self->dir, 0, NULL);
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  GtkWidget *child;
  const char *name;

  self->refreshing = TRUE;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->event_list))) != NULL)
    gtk_list_box_remove (self->event_list, child);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".json"))
      g_ptr_array_add (files, g_build_filename (self->dir, name, NULL));
  g_ptr_array_sort (files, compare_strings);
  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autoptr(XqTournament) t = xq_tournament_load (path, NULL);
      g_autofree char *base = g_path_get_basename (path);
      GtkWidget *row = gtk_list_box_row_new ();
      GtkWidget *label;
      g_autofree char *text = NULL;

      /* A file that cannot be read is listed, so the teacher sees it, but never opened or overwritten. */
      if (t == NULL)
        text = g_strdup_printf (_("%s (cannot be read)"), base);
      else
        text = g_strdup (*t->title != '\0' ? t->title : base);
      label = gtk_label_new (text);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
      gtk_widget_set_sensitive (row, t != NULL);
      if (t != NULL)
        g_object_set_data_full (G_OBJECT (row), "path", g_strdup (path), g_free);
      gtk_list_box_append (self->event_list, row);
      if (g_strcmp0 (path, self->path) == 0)
        gtk_list_box_select_row (self->event_list, GTK_LIST_BOX_ROW (row));
    }
  self->refreshing = FALSE;
}

void
xq_tournament_page_reload (XqTournamentPage *self, const char *where)
{
  /* A copy: where may be self->path, which opening replaces. */
  g_autofree char *path = g_strdup (where);

  if (path == NULL)
    {
      g_clear_pointer (&self->t, xq_tournament_free);
      g_clear_pointer (&self->path, g_free);
    }
  list_events (self);
  if (path != NULL)
    open_event (self, path);
  else
    gtk_stack_set_visible_child_name (self->content_stack, "empty");
}

/* ---- The new-event form -------------------------------------------------------- */

static void
new_event_cb (XqTournamentPage *self)
{
  gtk_stack_set_visible_child_name (self->content_stack, "new");
  xq_tournament_form_reset (self->new_form);
}

static void
cancel_form_cb (XqTournamentPage *self)
{
  gtk_stack_set_visible_child_name (self->content_stack, self->t != NULL ? "event" : "empty");
}

/* A file name from the title: letters and digits kept, the rest "-", and
 * a number added until the name is free. */
static char *
event_path_for (XqTournamentPage *self, const char *title)
{
  g_autofree char *base = g_strdup (*title ? title : "event");
  char *path = NULL;

  for (char *c = base; *c; c++)
    if (!g_ascii_isalnum (*c) && (guchar) *c < 0x80)
      *c = '-';
  for (int n = 1; path == NULL || g_file_test (path, G_FILE_TEST_EXISTS); n++)
    {
      g_autofree char *name = n == 1 ? g_strconcat (base, ".json", NULL)
                                     : g_strdup_printf ("%s-%d.json", base, n);
      g_free (path);
      path = g_build_filename (self->dir, name, NULL);
    }
  return path;
}

gboolean
xq_tournament_page_create (XqTournamentPage *self, const char *title, XqSystem system,
                           const char *const *names, int n_names, int rounds,
                           XqTimeControlPreset clock, int clock_minutes, GError **error)
{
  g_autoptr(XqTournament) t = NULL;

  g_return_val_if_fail (XQ_IS_TOURNAMENT_PAGE (self), FALSE);
  t = xq_tournament_new (system, names, n_names, rounds, g_random_int (), error);
  if (t == NULL)
    return FALSE;
  g_free (t->title);
  t->title = g_strdup (title != NULL ? title : "");
  t->clock = clock;
  t->clock_minutes = clock == XQ_TIME_CONTROL_S0_6_5 ? clock_minutes : 0;
  if (clock == XQ_TIME_CONTROL_S0_6_5 && (clock_minutes < 1 || clock_minutes > 600))
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_INVALID,
                   _("6.5 gives each player one time for the whole game: 1 to %d minutes"), 600);
      return FALSE;
    }
  g_clear_pointer (&self->t, xq_tournament_free);
  self->t = g_steal_pointer (&t);
  g_free (self->path);
  self->path = event_path_for (self, self->t->title);
  self->round = 1;
  if (!xq_tournament_page_save (self))
    return TRUE;
  xq_tournament_page_show_message (self, NULL, FALSE);
  list_events (self);
  refresh_event (self);
  gtk_stack_set_visible_child_name (self->content_stack, "event");
  return TRUE;
}

static void
create_cb (XqTournamentPage *self)
{
  XqTournamentFormValues v = { 0 };
  g_autoptr(GError) error = NULL;

  xq_tournament_form_get_values (self->new_form, &v);
  if (!xq_tournament_page_create (self, v.title, v.system, (const char *const *) v.names->pdata,
                                  (int) v.names->len, v.rounds, v.clock, v.clock_minutes, &error))
    xq_tournament_form_set_message (self->new_form, error->message);
  xq_tournament_form_values_clear (&v);
}

/* ---- The event view -------------------------------------------------------------- */

static void
result_chosen_cb (XqPairingRow *row, int outcome, XqTournamentPage *self)
{
  g_autoptr(GError) error = NULL;

  if (self->refreshing)
    return;
  if (!xq_tournament_set_result (self->t, self->round, xq_pairing_row_get_board (row),
                                 (XqOutcome) outcome, XQ_REASON_NONE, &error))
    xq_tournament_page_show_message (self, error->message, TRUE);
  else if (xq_tournament_page_save (self))
    xq_tournament_page_show_message (self, NULL, FALSE);
  queue_refresh (self);
}

/* One game of a team match. */
static void
game_chosen_cb (XqPairingRow *row, int game, int outcome, XqTournamentPage *self)
{
  g_autoptr(GError) error = NULL;

  if (self->refreshing)
    return;
  if (!xq_tournament_set_game_result (self->t, self->round, xq_pairing_row_get_board (row), game,
                                      (XqOutcome) outcome, &error))
    xq_tournament_page_show_message (self, error->message, TRUE);
  else if (xq_tournament_page_save (self))
    xq_tournament_page_show_message (self, NULL, FALSE);
  queue_refresh (self);
}

static void
play_cb (XqPairingRow *row, XqTournamentPage *self)
{
  xq_tournament_page_play (self, self->round, xq_pairing_row_get_board (row));
}

static void
foul_cb (XqPairingRow *row, int side, XqTournamentPage *self)
{
  g_autoptr(GError) error = NULL;

  if (!xq_tournament_add_foul (self->t, self->round, xq_pairing_row_get_board (row), (XqColor) side, &error))
    xq_tournament_page_show_message (self, error->message, TRUE);
  else
    xq_tournament_page_save (self);
  queue_refresh (self);
}

static void
score_sheet_cb (XqPairingRow *row, XqTournamentPage *self)
{
  g_autofree char *name = NULL;

  self->playing_board = xq_pairing_row_get_board (row);
  name = g_strdup_printf ("round-%d-board-%d.pdf", self->round, self->playing_board);
  xq_tournament_page_print_score_sheet (self, name);
}

static GtkWidget *
pairing_row (XqTournamentPage *self, const XqPairing *p, int board)
{
  GtkWidget *row = xq_pairing_row_new (self->t, p, board, self->play != NULL);

  g_signal_connect (row, "result-chosen", G_CALLBACK (result_chosen_cb), self);
  g_signal_connect (row, "game-chosen", G_CALLBACK (game_chosen_cb), self);
  g_signal_connect (row, "play", G_CALLBACK (play_cb), self);
  g_signal_connect (row, "foul", G_CALLBACK (foul_cb), self);
  g_signal_connect (row, "score-sheet", G_CALLBACK (score_sheet_cb), self);
  return row;
}

static void
clear_grid (GtkGrid *grid)
{
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (grid))) != NULL)
    gtk_grid_remove (grid, child);
}

static void
grid_cell (GtkGrid *grid, int col, int row, const char *text, gboolean heading)
{
  GtkWidget *label = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (label), col == 1 ? 0 : 1);
  if (heading)
    gtk_widget_add_css_class (label, "heading");
  gtk_grid_attach (grid, label, col, row, 1, 1);
}

static void
refresh_standings (XqTournamentPage *self)
{
  g_autoptr(GArray) st = xq_tournament_standings (self->t);
  const char *const *codes = xq_tournament_tiebreak_codes (self->t);

  clear_grid (self->standings);
  grid_cell (self->standings, 0, 0, self->t->system == XQ_SYSTEM_GROUPS ? _("Group and place") : _("Place"), TRUE);
  grid_cell (self->standings, 1, 0, _("Name"), TRUE);
  grid_cell (self->standings, 2, 0, _("Points"), TRUE);
  for (int k = 0; codes[k] != NULL; k++)
    grid_cell (self->standings, 3 + k, 0, xq_tiebreak_title (codes[k]), TRUE);
  for (guint i = 0; i < st->len; i++)
    {
      const XqStanding *s = &g_array_index (st, XqStanding, i);
      g_autofree char *group = xq_group_name (s->group);
      g_autofree char *place = self->t->system == XQ_SYSTEM_GROUPS ? g_strdup_printf ("%s%d", group, s->place)
                                                                   : g_strdup_printf ("%d", s->place);
      g_autofree char *pts = xq_format_points (s->points);
      g_autofree char *name = xq_tournament_display_name (self->t, s->player);
      grid_cell (self->standings, 0, (int) i + 1, place, FALSE);
      grid_cell (self->standings, 1, (int) i + 1, name, FALSE);
      grid_cell (self->standings, 2, (int) i + 1, pts, FALSE);
      for (int k = 0; codes[k] != NULL; k++)
        {
          g_autofree char *v = xq_format_points (s->tiebreak[k]);
          grid_cell (self->standings, 3 + k, (int) i + 1, v, FALSE);
        }
    }
}

static void
refresh_event (XqTournamentPage *self)
{
  const XqTournament *t = self->t;
  GPtrArray *boards;
  GtkWidget *child;
  g_autofree char *info = NULL;
  g_autofree char *round = NULL;
  g_autofree char *clock = NULL;
  g_autoptr(GtkStringList) players = NULL;
  int last_bracket = -1;
  gboolean complete;
  int n = 0;

  if (t == NULL)
    return;
  self->refreshing = TRUE;
  gtk_label_set_label (self->title_label, *t->title ? t->title : _("Class tournament"));
  clock = xq_time_control_title (t->clock, t->clock_minutes);
  if (t->team_size > 0)
    info = g_strdup_printf (ngettext ("%s · %d team of %d boards · clock %s", "%s · %d teams of %d boards · clock %s",
                                      (int) t->players->len),
                            xq_tournament_form_system_title (t->system), (int) t->players->len, t->team_size, clock);
  else
    info = g_strdup_printf (ngettext ("%s · %d player · clock %s", "%s · %d players · clock %s",
                                      (int) t->players->len),
                            xq_tournament_form_system_title (t->system), (int) t->players->len, clock);
  gtk_label_set_label (self->info_label, info);

  self->round = CLAMP (self->round, 1, MAX (1, xq_tournament_n_rounds (t)));
  round = g_strdup_printf (_("Round %d of %d"), self->round,
                           MAX (t->rounds_planned, xq_tournament_n_rounds (t)));
  gtk_label_set_label (self->round_label, round);
  gtk_widget_set_sensitive (self->prev_button, self->round > 1);
  gtk_widget_set_sensitive (self->next_button, self->round < xq_tournament_n_rounds (t));

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->pairings))) != NULL)
    gtk_list_box_remove (self->pairings, child);
  boards = xq_tournament_get_round (t, self->round);
  for (guint b = 0; boards != NULL && b < boards->len; b++)
    {
      const XqPairing *p = g_ptr_array_index (boards, b);
      /* A double knockout: a heading where the bracket changes. */
      if (t->system == XQ_SYSTEM_DOUBLE_KNOCKOUT && p->black != XQ_BYE)
        {
          XqBracket bracket = xq_tournament_bracket (t, self->round, (int) b + 1);
          if ((int) bracket != last_bracket)
            {
              GtkWidget *label = gtk_label_new (xq_bracket_title (bracket));
              gtk_label_set_xalign (GTK_LABEL (label), 0);
              gtk_widget_add_css_class (label, "heading");
              gtk_widget_set_margin_top (label, 8);
              gtk_widget_set_margin_start (label, 12);
              gtk_widget_set_name (label, "bracket-heading");
              gtk_list_box_append (self->pairings, label);
              gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (gtk_widget_get_parent (label)), FALSE);
              last_bracket = (int) bracket;
            }
        }
      if (p->black == XQ_BYE)
        {
          g_autofree char *text = g_strdup_printf (_("Bye: %s rests this round"),
                                                   xq_tournament_player_name (t, p->red));
          GtkWidget *label = gtk_label_new (text);
          gtk_label_set_xalign (GTK_LABEL (label), 0);
          gtk_widget_set_margin_top (label, 8);
          gtk_widget_set_margin_bottom (label, 8);
          gtk_widget_set_margin_start (label, 88);
          gtk_list_box_append (self->pairings, label);
        }
      else
        gtk_list_box_append (self->pairings, pairing_row (self, p, ++n));
    }

  complete = xq_tournament_round_complete (t, self->round);
  gtk_widget_set_visible (self->pair_button,
                          (t->system == XQ_SYSTEM_SWISS || xq_system_is_knockout (t->system))
                          && self->round == xq_tournament_n_rounds (t) && !xq_tournament_finished (t));
  gtk_widget_set_sensitive (self->pair_button, complete);
  gtk_widget_set_visible (self->final_button, t->system == XQ_SYSTEM_GROUPS);
  {
    g_autoptr(GArray) st = xq_tournament_standings (t);
    gboolean shared = st->len > 1 && g_array_index (st, XqStanding, 1).place == 1;
    gtk_widget_set_visible (self->playoff_button,
                            t->system != XQ_SYSTEM_GROUPS && shared && xq_tournament_finished (t));
  }
  gtk_widget_set_sensitive (self->final_button, xq_tournament_finished (t));
  if (xq_tournament_finished (t))
    gtk_label_set_label (self->round_hint, _("Every round has been played: the standings are final."));
  else if (!complete)
    gtk_label_set_label (self->round_hint, _("Enter each result, or press Play to play the game here."));
  else if (self->round < xq_tournament_n_rounds (t))
    gtk_label_set_label (self->round_hint, _("This round is complete."));
  else
    gtk_label_set_label (self->round_hint, _("Every result is in: pair the next round."));

  refresh_standings (self);

  players = gtk_string_list_new (NULL);
  for (guint i = 0; i < t->players->len; i++)
    {
      const XqEntrant *e = g_ptr_array_index (t->players, i);
      if (!e->withdrawn)
        gtk_string_list_append (players, e->name);
    }
  gtk_drop_down_set_model (self->withdraw_dropdown, G_LIST_MODEL (players));

  {
    GString *audit = g_string_new (NULL);
    for (guint i = 0; i < t->audit->len; i++)
      g_string_append_printf (audit, "%s%s", i ? "\n" : "", (char *) g_ptr_array_index (t->audit, i));
    gtk_label_set_label (self->audit_label, audit->str);
    gtk_widget_set_visible (self->audit_expander, audit->len > 0);
    g_string_free (audit, TRUE);
  }
  self->refreshing = FALSE;
}

static gboolean
refresh_idle_cb (gpointer data)
{
  XqTournamentPage *self = data;

  self->refresh_id = 0;
  refresh_event (self);
  return G_SOURCE_REMOVE;
}

/* The rows are rebuilt from the main loop: the widget whose signal asked for
 * it must not be destroyed while it is still emitting. */
static void
queue_refresh (XqTournamentPage *self)
{
  if (self->refresh_id == 0)
    self->refresh_id = g_idle_add (refresh_idle_cb, self);
}

static void
prev_cb (XqTournamentPage *self)
{
  xq_tournament_page_show_round (self, self->round - 1);
}

static void
next_cb (XqTournamentPage *self)
{
  xq_tournament_page_show_round (self, self->round + 1);
}

static void
pair_cb (XqTournamentPage *self)
{
  g_autoptr(GError) error = NULL;

  if (!xq_tournament_pair_next (self->t, &error))
    {
      xq_tournament_page_show_message (self, error->message, TRUE);
      return;
    }
  xq_tournament_page_save (self);
  self->round = xq_tournament_n_rounds (self->t);
  xq_tournament_page_show_message (self, NULL, FALSE);
  refresh_event (self);
}

static void
withdraw_cb (XqTournamentPage *self)
{
  GtkStringObject *item = gtk_drop_down_get_selected_item (self->withdraw_dropdown);
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;

  if (item == NULL)
    return;
  name = g_strdup (gtk_string_object_get_string (item));
  if (!xq_tournament_withdraw (self->t, name, &error))
    xq_tournament_page_show_message (self, error->message, TRUE);
  else if (xq_tournament_page_save (self))
    {
      g_autofree char *text = g_strdup_printf (_("%s has withdrawn."), name);
      xq_tournament_page_show_message (self, text, FALSE);
    }
  refresh_event (self);
}

/* A follow-on event (a final, a play-off) becomes an event of its own,
 * saved beside the first, and is shown. */
static void
open_follow_on (XqTournamentPage *self, XqTournament *final, GError *error)
{
  if (final == NULL)
    {
      xq_tournament_page_show_message (self, error->message, TRUE);
      return;
    }
  g_clear_pointer (&self->t, xq_tournament_free);
  self->t = final;
  g_free (self->path);
  self->path = event_path_for (self, final->title);
  self->round = 1;
  if (xq_tournament_page_save (self))
    xq_tournament_page_show_message (self, NULL, FALSE);
  list_events (self);
  refresh_event (self);
}

static void
final_cb (XqTournamentPage *self)
{
  g_autoptr(GError) error = NULL;
  XqTournament *final = xq_tournament_new_final (self->t, 2, &error);
  open_follow_on (self, final, error);
}

static void
playoff_cb (XqTournamentPage *self)
{
  g_autoptr(GError) error = NULL;
  XqTournament *playoff = xq_tournament_new_playoff (self->t, 1, &error);
  open_follow_on (self, playoff, error);
}

/* ---- Playing a pairing ------------------------------------------------------------ */

static void
match_finished_cb (XqTournamentPage *self, XqPlayPage *play)
{
  g_autoptr(GError) error = NULL;
  const XqGame *game = xq_play_page_get_game (play);
  int round = self->playing_round, board = self->playing_board;

  if (round <= 0 || self->t == NULL)
    return;
  self->playing_round = 0;
  if (!xq_tournament_record_game (self->t, round, board, game, &error))
    xq_tournament_page_show_message (self, error->message, TRUE);
  else if (xq_tournament_page_save (self))
    {
      XqResult r = xq_game_get_result (game);
      g_autofree char *why = xq_result_explain (&r);
      g_autofree char *text = g_strdup_printf (_("Round %d, board %d recorded: %s"), round, board, why);
      xq_tournament_page_show_message (self, text, FALSE);
    }
  refresh_event (self);
}

void
xq_tournament_page_play (XqTournamentPage *self, int round, int board)
{
  g_autoptr(GError) error = NULL;
  const XqPairing *p;
  XqTimeControl tc;
  g_autofree char *caption = NULL;
  GtkWidget *stack;

  g_return_if_fail (XQ_IS_TOURNAMENT_PAGE (self));
  if (self->play == NULL || self->t == NULL)
    return;
  p = xq_tournament_get_pairing (self->t, round, board, &error);
  if (p == NULL)
    {
      xq_tournament_page_show_message (self, error->message, TRUE);
      return;
    }
  self->playing_round = round;
  self->playing_board = board;
  xq_tournament_time_control (self->t, &tc);
  /* Translators: the event's title, then the round and board numbers */
  caption = g_strdup_printf (_("%s — round %d, board %d"),
                             *self->t->title ? self->t->title : _("Class tournament"), round, board);
  xq_play_page_start_match (self->play, caption, xq_tournament_player_name (self->t, p->red),
                            xq_tournament_player_name (self->t, p->black), &tc);
  stack = gtk_widget_get_ancestor (GTK_WIDGET (self->play), ADW_TYPE_VIEW_STACK);
  if (stack != NULL)
    adw_view_stack_set_visible_child_name (ADW_VIEW_STACK (stack), "play");
}

/* ---- The type ------------------------------------------------------------------ */

static void
xq_tournament_page_dispose (GObject *object)
{
  XqTournamentPage *self = XQ_TOURNAMENT_PAGE (object);

  if (self->play != NULL)
    g_signal_handlers_disconnect_by_data (self->play, self);
  g_clear_weak_pointer (&self->play);
  g_clear_handle_id (&self->refresh_id, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (object), XQ_TYPE_TOURNAMENT_PAGE);
  G_OBJECT_CLASS (xq_tournament_page_parent_class)->dispose (object);
}

static void
xq_tournament_page_finalize (GObject *object)
{
  XqTournamentPage *self = XQ_TOURNAMENT_PAGE (object);

  g_clear_pointer (&self->t, xq_tournament_free);
  g_clear_pointer (&self->undo, xq_tournament_undo_free);
  g_free (self->path);
  g_free (self->dir);
  g_free (self->message);
  G_OBJECT_CLASS (xq_tournament_page_parent_class)->finalize (object);
}

static void
xq_tournament_page_class_init (XqTournamentPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_tournament_page_dispose;
  object_class->finalize = xq_tournament_page_finalize;
  g_type_ensure (XQ_TYPE_TOURNAMENT_FORM);
  gtk_widget_class_set_template_from_resource (widget_class, APP_PATH "/ui/xq-tournament-page.ui");
  gtk_widget_class_bind_template_child (widget_class, XqTournamentPage, rename_button);
  gtk_widget_class_bind_template_child (widget_class, XqTournamentPage, rename_entry);
  gtk_widget_class_bind_template_child (widget_class, XqTournamentPage, event_list);
  gtk_widget_class_bind_template_child (widget_class, XqTournamentPage, content_stack);
  gtk_widget_class_bind_template_child (widget_class, XqTournamentPage, new_form);
  gtk_widget_class_bind_template_child (widget_class, XqTournamentPage, title_label);
  gtk_widget_class_bind_template_child (widget_class, XqTournamentPage, info_label);
  gtk_widget_class_bind_template_child (widget_class, XqTournamentPage, message_label);
  gtk_widget_class_bind_template_child (widget_class, XqTournamentPage, prev_button);
  gtk_widget_class_bind_template_child (widget_class, XqTournamentPage, round_label);
  gtk_widget_class_bind_template_child (widget_class, XqTournamentPage, next_button);
  gtk_widget_class_bind_template_child (widget_class, XqTournamentPage, pair_button);
  gtk_widget_class_bind_template_child (widget_class, XqTournamentPage, final_button);
  gtk_widget_class_bind_template_child (widget_class, XqTournamentPage, playoff_button);
  gtk_widget_class_bind_template_child (widget_class, XqTournamentPage, pairings);
  gtk_widget_class_bind_template_child (widget_class, XqTournamentPage, round_hint);
  gtk_widget_class_bind_template_child (widget_class, XqTournamentPage, standings);
  gtk_widget_class_bind_template_child (widget_class, XqTournamentPage, withdraw_dropdown);
  gtk_widget_class_bind_template_child (widget_class, XqTournamentPage, audit_label);
  gtk_widget_class_bind_template_child (widget_class, XqTournamentPage, audit_expander);
  gtk_widget_class_bind_template_callback (widget_class, prev_cb);
  gtk_widget_class_bind_template_callback (widget_class, next_cb);
  gtk_widget_class_bind_template_callback (widget_class, pair_cb);
  gtk_widget_class_bind_template_callback (widget_class, final_cb);
  gtk_widget_class_bind_template_callback (widget_class, playoff_cb);
  gtk_widget_class_bind_template_callback (widget_class, withdraw_cb);
  gtk_widget_class_bind_template_callback (widget_class, xq_tournament_page_print_pairings);
  gtk_widget_class_bind_template_callback (widget_class, xq_tournament_page_print_standings);
  gtk_widget_class_bind_template_callback (widget_class, xq_tournament_page_print_certificates);
  gtk_widget_class_bind_template_callback (widget_class, xq_tournament_page_export_csv);
  gtk_widget_class_bind_template_callback (widget_class, xq_tournament_page_rename_shown);
  gtk_widget_class_bind_template_callback (widget_class, xq_tournament_page_rename_apply);
  gtk_widget_class_bind_template_callback (widget_class, xq_tournament_page_delete_clicked);
  gtk_widget_class_bind_template_callback (widget_class, event_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, new_event_cb);
  gtk_widget_class_bind_template_callback (widget_class, create_cb);
  gtk_widget_class_bind_template_callback (widget_class, cancel_form_cb);
}

static void
xq_tournament_page_init (XqTournamentPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The bin's own child, so not a template child (the bin unparents it). */
  self->toast_overlay = ADW_TOAST_OVERLAY (adw_bin_get_child (ADW_BIN (self)));
  xq_tournament_page_set_dir (self, NULL);
}

void
xq_tournament_page_set_dir (XqTournamentPage *self, const char *dir)
{
  g_return_if_fail (XQ_IS_TOURNAMENT_PAGE (self));
  g_free (self->dir);
  self->dir = dir != NULL ? g_strdup (dir)
                          : g_build_filename (g_get_user_data_dir (), "xiangqi-tutor", "tournaments", NULL);
  g_clear_pointer (&self->t, xq_tournament_free);
  g_clear_pointer (&self->path, g_free);
  list_events (self);
  gtk_stack_set_visible_child_name (self->content_stack, "empty");
}

void
xq_tournament_page_set_play_page (XqTournamentPage *self, XqPlayPage *play)
{
  g_return_if_fail (XQ_IS_TOURNAMENT_PAGE (self));
  if (self->play != NULL)
    g_signal_handlers_disconnect_by_data (self->play, self);
  g_set_weak_pointer (&self->play, play);
  if (play != NULL)
    g_signal_connect_swapped (play, "match-finished", G_CALLBACK (match_finished_cb), self);
  refresh_event (self);
}

const XqTournament *
xq_tournament_page_get_tournament (XqTournamentPage *self)
{
  g_return_val_if_fail (XQ_IS_TOURNAMENT_PAGE (self), NULL);
  return self->t;
}

const char *
xq_tournament_page_get_path (XqTournamentPage *self)
{
  g_return_val_if_fail (XQ_IS_TOURNAMENT_PAGE (self), NULL);
  return self->path;
}

void
xq_tournament_page_show_round (XqTournamentPage *self, int round)
{
  g_return_if_fail (XQ_IS_TOURNAMENT_PAGE (self));
  self->round = round;
  refresh_event (self);
}

int
xq_tournament_page_get_round (XqTournamentPage *self)
{
  g_return_val_if_fail (XQ_IS_TOURNAMENT_PAGE (self), 0);
  return self->round;
}

char *
xq_tournament_page_get_standings_text (XqTournamentPage *self)
{
  GString *s = g_string_new (NULL);
  int rows = 0, cols = 0;

  g_return_val_if_fail (XQ_IS_TOURNAMENT_PAGE (self), NULL);
  /* Read back from the grid's labels: what the teacher sees. */
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (self->standings)); c; c = gtk_widget_get_next_sibling (c))
    {
      int col, row;
      gtk_grid_query_child (self->standings, c, &col, &row, NULL, NULL);
      rows = MAX (rows, row + 1);
      cols = MAX (cols, col + 1);
    }
  for (int r = 1; r < rows; r++)
    {
      for (int c = 0; c < cols; c++)
        {
          GtkWidget *w = gtk_grid_get_child_at (self->standings, c, r);
          g_string_append_printf (s, "%s%s", c ? "\t" : "", w ? gtk_label_get_label (GTK_LABEL (w)) : "");
        }
      g_string_append_c (s, '\n');
    }
  return g_string_free (s, FALSE);
}

const char *
xq_tournament_page_get_message (XqTournamentPage *self)
{
  g_return_val_if_fail (XQ_IS_TOURNAMENT_PAGE (self), NULL);
  return self->message;
}
