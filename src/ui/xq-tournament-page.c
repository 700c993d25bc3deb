/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-tournament-page.c: the Tournament page.  The rules live in the
 * tournament library; this page shows an event and turns clicks into its
 * calls, saving the event after every change. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "xq-progress.h"
#include "xq-tournament-page.h"
#include "xq-tournament-print.h"

struct _XqTournamentPage
{
  AdwBin parent_instance;

  /* Template widgets */
  GtkListBox *event_list;
  GtkStack   *content_stack;
  GtkWidget  *new_form;
  GtkWidget  *event_box;

  /* The new-event form */
  GtkEntry    *title_entry;
  GtkDropDown *system_dropdown;
  GtkDropDown *clock_dropdown;
  GtkSpinButton *rounds_spin;
  GtkSpinButton *groups_spin;
  GtkTextView *names_view;
  GtkLabel    *form_message;

  /* The event view */
  GtkLabel    *title_label;
  GtkLabel    *info_label;
  GtkLabel    *round_label;
  GtkWidget   *prev_button;
  GtkWidget   *next_button;
  GtkWidget   *pair_button;
  GtkWidget   *final_button;
  GtkWidget   *playoff_button;
  GtkListBox  *pairings;
  GtkLabel    *round_hint;
  GtkGrid     *standings;
  GtkDropDown *withdraw_dropdown;
  GtkLabel    *audit_label;
  GtkWidget   *audit_expander;
  GtkLabel    *message_label;

  /* State */
  char         *dir;
  char         *path;         /* the event shown */
  XqTournament *t;
  int           round;        /* shown, 1-based */
  gboolean      refreshing;   /* widgets being set from the event, not by a person */
  XqPlayPage   *play;         /* not owned */
  int           playing_round, playing_board;
  char         *message;
  guint         refresh_id;   /* a refresh waiting for the main loop */
};

G_DEFINE_FINAL_TYPE (XqTournamentPage, xq_tournament_page, ADW_TYPE_BIN)

static void refresh_event (XqTournamentPage *self);
static void list_events (XqTournamentPage *self);
static void queue_refresh (XqTournamentPage *self);

/* The result choices, in the order of the drop-downs. */
static const XqOutcome outcome_choices[] = {
  XQ_OUTCOME_NONE, XQ_OUTCOME_RED_WIN, XQ_OUTCOME_BLACK_WIN, XQ_OUTCOME_DRAW,
  XQ_OUTCOME_RED_FORFEIT, XQ_OUTCOME_BLACK_FORFEIT,
};

static const XqSystem system_choices[] = {
  XQ_SYSTEM_ROUND_ROBIN, XQ_SYSTEM_DOUBLE_ROUND_ROBIN, XQ_SYSTEM_SWISS, XQ_SYSTEM_KNOCKOUT,
  XQ_SYSTEM_GROUPS,
};

static void
show_message (XqTournamentPage *self, const char *text, gboolean error)
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

static const char *
system_title (XqSystem system)
{
  switch (system)
    {
    case XQ_SYSTEM_ROUND_ROBIN:
      return _("Round robin");
    case XQ_SYSTEM_DOUBLE_ROUND_ROBIN:
      return _("Double round robin");
    case XQ_SYSTEM_SWISS:
      return _("Swiss system");
    case XQ_SYSTEM_GROUPS:
      return _("Groups, then a final");
    case XQ_SYSTEM_KNOCKOUT:
    default:
      return _("Knockout");
    }
}

static const char *
clock_title (XqTimeControlPreset preset)
{
  switch (preset)
    {
    case XQ_TIME_CONTROL_S0_6_1:
      return _("6.1: 40 moves in 90 minutes, then 10 every 15");
    case XQ_TIME_CONTROL_S0_6_2:
      return _("6.2: 30 moves in 60 minutes, then 10 every 10");
    case XQ_TIME_CONTROL_S0_6_3:
      return _("6.3 (rapid): 40 moves in 10 minutes, then 30 every 5");
    case XQ_TIME_CONTROL_S0_6_4:
    default:
      return _("6.4 (rapid): every 30 moves in 5 minutes");
    }
}

/* ---- Saving ------------------------------------------------------------------ */

static gboolean
save (XqTournamentPage *self)
{
  g_autoptr(GError) error = NULL;

  if (self->t == NULL || self->path == NULL)
    return FALSE;
  if (g_mkdir_with_parents (self->dir, 0700) != 0
      || !xq_tournament_save (self->t, self->path, &error))
    {
      g_autofree char *text = g_strdup_printf (_("The event could not be saved: %s"),
                                               error ? error->message : g_strerror (errno));
      show_message (self, text, TRUE);
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
      show_message (self, error->message, TRUE);
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
  show_message (self, NULL, FALSE);
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

/* ---- The new-event form -------------------------------------------------------- */

static void
new_event_cb (XqTournamentPage *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->title_entry), "");
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->names_view), "", -1);
  gtk_label_set_label (self->form_message, "");
  gtk_stack_set_visible_child_name (self->content_stack, "new");
  gtk_widget_grab_focus (GTK_WIDGET (self->title_entry));
}

static void
add_learners_cb (XqTournamentPage *self)
{
  g_autoptr(XqProgressStore) store = xq_progress_store_new (NULL);
  g_autoptr(GPtrArray) ids = xq_progress_store_list (store);
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->names_view);
  GtkTextIter end;

  if (ids->len == 0)
    {
      gtk_label_set_label (self->form_message, _("There are no learner profiles yet (see the Learn page)."));
      return;
    }
  for (guint i = 0; i < ids->len; i++)
    {
      g_autoptr(XqProgress) p = xq_progress_store_load (store, g_ptr_array_index (ids, i), NULL);
      g_autofree char *line = NULL;
      if (p == NULL)
        continue;
      gtk_text_buffer_get_end_iter (buffer, &end);
      line = g_strdup_printf ("%s%s", gtk_text_iter_get_offset (&end) > 0 ? "\n" : "", p->name);
      gtk_text_buffer_insert (buffer, &end, line, -1);
    }
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
                           XqTimeControlPreset clock, GError **error)
{
  g_autoptr(XqTournament) t = NULL;

  g_return_val_if_fail (XQ_IS_TOURNAMENT_PAGE (self), FALSE);
  t = xq_tournament_new (system, names, n_names, rounds, g_random_int (), error);
  if (t == NULL)
    return FALSE;
  g_free (t->title);
  t->title = g_strdup (title != NULL ? title : "");
  t->clock = clock;
  g_clear_pointer (&self->t, xq_tournament_free);
  self->t = g_steal_pointer (&t);
  g_free (self->path);
  self->path = event_path_for (self, self->t->title);
  self->round = 1;
  if (!save (self))
    return TRUE;
  show_message (self, NULL, FALSE);
  list_events (self);
  refresh_event (self);
  gtk_stack_set_visible_child_name (self->content_stack, "event");
  return TRUE;
}

static void
create_cb (XqTournamentPage *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->names_view);
  GtkTextIter start, end;
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  guint system = gtk_drop_down_get_selected (self->system_dropdown);
  guint clock = gtk_drop_down_get_selected (self->clock_dropdown);

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  lines = g_strsplit (text, "\n", -1);
  for (int i = 0; lines[i] != NULL; i++)
    {
      g_strstrip (lines[i]);
      if (*lines[i] != '\0')
        g_ptr_array_add (names, lines[i]);
    }
  if (!xq_tournament_page_create (self, gtk_editable_get_text (GTK_EDITABLE (self->title_entry)),
                                  system_choices[MIN (system, G_N_ELEMENTS (system_choices) - 1)],
                                  (const char *const *) names->pdata, (int) names->len,
                                  system_choices[system] == XQ_SYSTEM_SWISS
                                    ? gtk_spin_button_get_value_as_int (self->rounds_spin)
                                    : system_choices[system] == XQ_SYSTEM_GROUPS
                                    ? gtk_spin_button_get_value_as_int (self->groups_spin) : 0,
                                  (XqTimeControlPreset) MIN (clock, 3u), &error))
    gtk_label_set_label (self->form_message, error->message);
}

static void
system_changed_cb (XqTournamentPage *self)
{
  guint system = gtk_drop_down_get_selected (self->system_dropdown);
  gtk_widget_set_sensitive (GTK_WIDGET (self->rounds_spin),
                            system < G_N_ELEMENTS (system_choices) && system_choices[system] == XQ_SYSTEM_SWISS);
  gtk_widget_set_sensitive (GTK_WIDGET (self->groups_spin),
                            system < G_N_ELEMENTS (system_choices) && system_choices[system] == XQ_SYSTEM_GROUPS);
}

static GtkWidget *
labelled (const char *text, GtkWidget *widget)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *label = gtk_label_new_with_mnemonic (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), widget);
  gtk_widget_add_css_class (label, "heading");
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), widget);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
  return box;
}

static GtkDropDown *
string_dropdown (const char *const *items)
{
  return GTK_DROP_DOWN (gtk_drop_down_new_from_strings (items));
}

static void
build_form (XqTournamentPage *self)
{
  GtkBox *form = GTK_BOX (self->new_form);
  const char *systems[G_N_ELEMENTS (system_choices) + 1], *clocks[5];
  GtkWidget *scroller, *buttons, *learners, *create, *cancel, *heading;

  for (guint i = 0; i < G_N_ELEMENTS (system_choices); i++)
    systems[i] = system_title (system_choices[i]);
  systems[G_N_ELEMENTS (system_choices)] = NULL;
  for (int i = 0; i < 4; i++)
    clocks[i] = clock_title ((XqTimeControlPreset) i);
  clocks[4] = NULL;

  heading = gtk_label_new (_("New Event"));
  gtk_widget_add_css_class (heading, "title-1");
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_box_append (form, heading);

  self->title_entry = GTK_ENTRY (gtk_entry_new ());
  gtk_widget_set_name (GTK_WIDGET (self->title_entry), "event-title");
  gtk_box_append (form, labelled (_("_Title"), GTK_WIDGET (self->title_entry)));

  self->system_dropdown = string_dropdown (systems);
  gtk_widget_set_name (GTK_WIDGET (self->system_dropdown), "event-system");
  g_signal_connect_swapped (self->system_dropdown, "notify::selected", G_CALLBACK (system_changed_cb), self);
  gtk_box_append (form, labelled (_("_System"), GTK_WIDGET (self->system_dropdown)));

  self->rounds_spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (1, 15, 1));
  gtk_spin_button_set_value (self->rounds_spin, 5);
  gtk_box_append (form, labelled (_("_Rounds (Swiss system)"), GTK_WIDGET (self->rounds_spin)));

  self->groups_spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (2, 10, 1));
  gtk_widget_set_name (GTK_WIDGET (self->groups_spin), "event-groups");
  gtk_spin_button_set_value (self->groups_spin, 2);
  gtk_box_append (form, labelled (_("_Groups (seeds dealt out in snake order)"), GTK_WIDGET (self->groups_spin)));

  self->clock_dropdown = string_dropdown (clocks);
  gtk_drop_down_set_selected (self->clock_dropdown, XQ_TIME_CONTROL_S0_6_3);
  gtk_box_append (form, labelled (_("_Clock for games played here"), GTK_WIDGET (self->clock_dropdown)));

  self->names_view = GTK_TEXT_VIEW (gtk_text_view_new ());
  gtk_widget_set_name (GTK_WIDGET (self->names_view), "event-names");
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->names_view));
  gtk_widget_set_size_request (scroller, -1, 180);
  gtk_widget_add_css_class (scroller, "card");
  gtk_box_append (form, labelled (_("_Players, one a line, strongest first"), scroller));

  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  learners = gtk_button_new_with_mnemonic (_("Add _Learners"));
  gtk_widget_set_name (learners, "add-learners");
  g_signal_connect_swapped (learners, "clicked", G_CALLBACK (add_learners_cb), self);
  cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (cancel_form_cb), self);
  create = gtk_button_new_with_mnemonic (_("C_reate"));
  gtk_widget_set_name (create, "create-event");
  gtk_widget_add_css_class (create, "suggested-action");
  gtk_widget_set_hexpand (create, TRUE);
  gtk_widget_set_halign (create, GTK_ALIGN_END);
  g_signal_connect_swapped (create, "clicked", G_CALLBACK (create_cb), self);
  gtk_box_append (GTK_BOX (buttons), learners);
  gtk_box_append (GTK_BOX (buttons), cancel);
  gtk_box_append (GTK_BOX (buttons), create);
  gtk_box_append (form, buttons);

  self->form_message = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->form_message, TRUE);
  gtk_label_set_xalign (self->form_message, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->form_message), "error");
  gtk_box_append (form, GTK_WIDGET (self->form_message));
  system_changed_cb (self);
}

/* ---- Files: print and export --------------------------------------------------- */

typedef gboolean (*PageFileAction) (XqTournamentPage *self, const char *path, GError **error);

static void
file_chosen_cb (GtkNativeDialog *dialog, int response, XqTournamentPage *self)
{
  PageFileAction action = g_object_get_data (G_OBJECT (dialog), "action");

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
      g_autoptr(GError) error = NULL;

      if (path != NULL && action (self, path, &error))
        {
          g_autofree char *text = g_strdup_printf (_("Saved %s"), path);
          show_message (self, text, FALSE);
        }
      else if (error != NULL)
        show_message (self, error->message, TRUE);
    }
  g_object_unref (dialog);
}

static void
save_as (XqTournamentPage *self, const char *title, const char *suggested, PageFileAction action)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *dialog =
    gtk_file_chooser_native_new (title, GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                 GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));

  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), suggested);
  g_object_set_data (G_OBJECT (dialog), "action", action);
  g_signal_connect (dialog, "response", G_CALLBACK (file_chosen_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static XqNotation
learner_notation (void)
{
  /* Score sheets are written in the script the interface speaks. */
  const char *const *langs = g_get_language_names ();
  for (int i = 0; langs[i] != NULL; i++)
    {
      if (g_str_has_prefix (langs[i], "zh_TW") || g_str_has_prefix (langs[i], "zh_HK"))
        return XQ_NOTATION_ZH_HANT;
      if (g_str_has_prefix (langs[i], "zh"))
        return XQ_NOTATION_ZH_HANS;
    }
  return XQ_NOTATION_ZH_HANS;
}

static gboolean
write_pairings (XqTournamentPage *self, const char *path, GError **error)
{
  return xq_tournament_print_pairings (self->t, self->round, path, error);
}

static gboolean
write_standings (XqTournamentPage *self, const char *path, GError **error)
{
  return xq_tournament_print_standings (self->t, path, error);
}

static gboolean
write_certificates (XqTournamentPage *self, const char *path, GError **error)
{
  return xq_tournament_print_certificates (self->t, 3, path, error);
}

static gboolean
write_csv (XqTournamentPage *self, const char *path, GError **error)
{
  g_autofree char *csv = xq_tournament_export_csv (self->t);
  return g_file_set_contents (path, csv, -1, error);
}

static gboolean
write_score_sheet (XqTournamentPage *self, const char *path, GError **error)
{
  return xq_tournament_print_score_sheet (self->t, self->round, self->playing_board, learner_notation (),
                                          path, error);
}

static void
print_pairings_cb (XqTournamentPage *self)
{
  g_autofree char *name = g_strdup_printf ("round-%d.pdf", self->round);
  save_as (self, _("Print the Pairing Sheet"), name, write_pairings);
}

static void
print_standings_cb (XqTournamentPage *self)
{
  save_as (self, _("Print the Standings"), "standings.pdf", write_standings);
}

static void
print_certificates_cb (XqTournamentPage *self)
{
  save_as (self, _("Print Certificates"), "certificates.pdf", write_certificates);
}

static void
export_csv_cb (XqTournamentPage *self)
{
  save_as (self, _("Export CSV"), "standings.csv", write_csv);
}

/* ---- The event view -------------------------------------------------------------- */

static int
widget_board (GtkWidget *w)
{
  return GPOINTER_TO_INT (g_object_get_data (G_OBJECT (w), "board"));
}

static void
result_changed_cb (GtkDropDown *dropdown, GParamSpec *pspec, XqTournamentPage *self)
{
  guint i = gtk_drop_down_get_selected (dropdown);
  g_autoptr(GError) error = NULL;

  if (self->refreshing || i >= G_N_ELEMENTS (outcome_choices))
    return;
  if (!xq_tournament_set_result (self->t, self->round, widget_board (GTK_WIDGET (dropdown)),
                                 outcome_choices[i], XQ_REASON_NONE, &error))
    show_message (self, error->message, TRUE);
  else if (save (self))
    show_message (self, NULL, FALSE);
  queue_refresh (self);
}

/* One game of a team match. */
static void
game_changed_cb (GtkDropDown *dropdown, GParamSpec *pspec, XqTournamentPage *self)
{
  guint i = gtk_drop_down_get_selected (dropdown);
  int game = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dropdown), "game"));
  g_autoptr(GError) error = NULL;

  if (self->refreshing || i >= G_N_ELEMENTS (outcome_choices))
    return;
  if (!xq_tournament_set_game_result (self->t, self->round, widget_board (GTK_WIDGET (dropdown)), game,
                                      outcome_choices[i], &error))
    show_message (self, error->message, TRUE);
  else if (save (self))
    show_message (self, NULL, FALSE);
  queue_refresh (self);
}

static void
play_cb (GtkButton *button, XqTournamentPage *self)
{
  xq_tournament_page_play (self, self->round, widget_board (GTK_WIDGET (button)));
}

static void
foul_cb (GtkButton *button, XqTournamentPage *self)
{
  XqColor side = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "side")) ? XQ_BLACK : XQ_RED;
  g_autoptr(GError) error = NULL;

  if (!xq_tournament_add_foul (self->t, self->round, widget_board (GTK_WIDGET (button)), side, &error))
    show_message (self, error->message, TRUE);
  else
    save (self);
  queue_refresh (self);
}

static void
score_sheet_cb (GtkButton *button, XqTournamentPage *self)
{
  g_autofree char *name = NULL;

  self->playing_board = widget_board (GTK_WIDGET (button));
  name = g_strdup_printf ("round-%d-board-%d.pdf", self->round, self->playing_board);
  save_as (self, _("Print a Score Sheet"), name, write_score_sheet);
}

static GtkWidget *
flat_button (const char *label, const char *name, int board, GCallback cb, XqTournamentPage *self)
{
  GtkWidget *b = gtk_button_new_with_label (label);
  g_autofree char *id = g_strdup_printf ("%s-%d", name, board);

  gtk_widget_set_name (b, id);
  gtk_widget_add_css_class (b, "flat");
  g_object_set_data (G_OBJECT (b), "board", GINT_TO_POINTER (board));
  g_signal_connect (b, "clicked", cb, self);
  return b;
}

/* "1 ½" style text for a player's result in one game. */
static char *
reason_text (const XqPairing *p)
{
  if (p->reason != XQ_REASON_NONE)
    {
      XqResult r = { XQ_WINNER_NONE, p->reason, 0 };
      r.winner = p->outcome == XQ_OUTCOME_RED_WIN ? XQ_WINNER_RED
               : p->outcome == XQ_OUTCOME_BLACK_WIN ? XQ_WINNER_BLACK : XQ_WINNER_DRAW;
      return xq_result_explain (&r);
    }
  if (xq_outcome_is_forfeit (p->outcome))
    return g_strdup (_("Decided without a game (forfeit)"));
  return NULL;
}

/* The result drop-down's items, in the order of outcome_choices. */
static const char *const *
results_choices (void)
{
  static const char *const results[] = { "—", "1-0", "0-1", "½-½", "+ −", "− +", NULL };
  return results;
}

static GtkWidget *
pairing_row (XqTournamentPage *self, const XqPairing *p, int board)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *names = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  g_autofree char *number = self->t->team_size > 0 ? g_strdup_printf (_("Match %d"), board)
                                                    : g_strdup_printf (_("Board %d"), board);
  g_autofree char *who = NULL;
  g_autofree char *why = reason_text (p);
  g_autofree char *fouls = NULL;
  GtkWidget *label, *menu, *popover, *pbox;
  GtkDropDown *result;
  gboolean cancelled = p->outcome == XQ_OUTCOME_CANCELLED;

  gtk_widget_set_margin_top (row, 6);
  gtk_widget_set_margin_bottom (row, 6);
  gtk_widget_set_margin_start (row, 6);
  gtk_widget_set_margin_end (row, 6);
  label = gtk_label_new (number);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_set_size_request (label, 70, -1);
  gtk_box_append (GTK_BOX (row), label);

  /* Translators: Red's name, then Black's, on a board of a tournament round */
  who = g_strdup_printf (_("%s (Red) – %s (Black)"), xq_tournament_player_name (self->t, p->red),
                         xq_tournament_player_name (self->t, p->black));
  label = gtk_label_new (who);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_box_append (GTK_BOX (names), label);
  if (p->fouls[0] + p->fouls[1] > 0)
    fouls = g_strdup_printf (_("Fouls: Red %d, Black %d"), p->fouls[0], p->fouls[1]);
  if (why != NULL || fouls != NULL || cancelled || p->replay_of >= 0)
    {
      GString *s = g_string_new (NULL);
      if (p->replay_of >= 0)
        g_string_append_printf (s, _("Replay of the drawn game on board %d."), p->replay_of + 1);
      if (cancelled)
        g_string_append_printf (s, "%s%s", s->len ? " " : "", _("Cancelled: a player withdrew early."));
      if (why != NULL)
        g_string_append_printf (s, "%s%s", s->len ? " " : "", why);
      if (fouls != NULL)
        g_string_append_printf (s, "%s%s", s->len ? " " : "", fouls);
      label = gtk_label_new (s->str);
      g_string_free (s, TRUE);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_box_append (GTK_BOX (names), label);
    }
  /* A team match: every board with its players, Red first, and its result. */
  for (int k = 1; k <= self->t->team_size; k++)
    {
      GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      g_autofree char *text = g_strdup_printf (_("Board %d.%d: %s (Red) – %s (Black)"), board, k,
                                               xq_tournament_board_player (self->t, p, k, XQ_RED),
                                               xq_tournament_board_player (self->t, p, k, XQ_BLACK));
      g_autofree char *id = g_strdup_printf ("game-%d-%d", board, k);
      GtkDropDown *game = string_dropdown (results_choices ());
      GtkWidget *game_label = gtk_label_new (text);
      gtk_label_set_xalign (GTK_LABEL (game_label), 0);
      gtk_widget_set_hexpand (game_label, TRUE);
      gtk_widget_set_name (GTK_WIDGET (game), id);
      for (guint i = 0; i < G_N_ELEMENTS (outcome_choices); i++)
        if (outcome_choices[i] == p->games[k - 1])
          gtk_drop_down_set_selected (game, i);
      g_object_set_data (G_OBJECT (game), "board", GINT_TO_POINTER (board));
      g_object_set_data (G_OBJECT (game), "game", GINT_TO_POINTER (k));
      gtk_widget_set_sensitive (GTK_WIDGET (game), !cancelled && !xq_outcome_is_forfeit (p->outcome));
      g_signal_connect (game, "notify::selected", G_CALLBACK (game_changed_cb), self);
      gtk_accessible_update_property (GTK_ACCESSIBLE (game), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
      gtk_box_append (GTK_BOX (line), game_label);
      gtk_box_append (GTK_BOX (line), GTK_WIDGET (game));
      gtk_box_append (GTK_BOX (names), line);
    }
  gtk_widget_set_hexpand (names, TRUE);
  gtk_box_append (GTK_BOX (row), names);

  result = string_dropdown (results_choices ());
  {
    g_autofree char *id = g_strdup_printf ("result-%d", board);
    gtk_widget_set_name (GTK_WIDGET (result), id);
  }
  for (guint i = 0; i < G_N_ELEMENTS (outcome_choices); i++)
    if (outcome_choices[i] == p->outcome)
      gtk_drop_down_set_selected (result, i);
  g_object_set_data (G_OBJECT (result), "board", GINT_TO_POINTER (board));
  gtk_widget_set_sensitive (GTK_WIDGET (result), !cancelled);
  gtk_widget_set_valign (GTK_WIDGET (result), GTK_ALIGN_CENTER);
  g_signal_connect (result, "notify::selected", G_CALLBACK (result_changed_cb), self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (result), GTK_ACCESSIBLE_PROPERTY_LABEL, who, -1);
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (result));

  label = flat_button (_("Play"), "play", board, G_CALLBACK (play_cb), self);
  gtk_widget_remove_css_class (label, "flat");
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  gtk_widget_set_sensitive (label, self->play != NULL && p->outcome == XQ_OUTCOME_NONE);
  gtk_widget_set_visible (label, self->t->team_size == 0);
  gtk_widget_set_tooltip_text (label, _("Play this game on this computer with the event's clock"));
  gtk_box_append (GTK_BOX (row), label);

  /* Less frequent actions in a menu: fouls and score sheets. */
  pbox = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  label = flat_button (_("Foul by Red"), "foul-red", board, G_CALLBACK (foul_cb), self);
  gtk_box_append (GTK_BOX (pbox), label);
  label = flat_button (_("Foul by Black"), "foul-black", board, G_CALLBACK (foul_cb), self);
  g_object_set_data (G_OBJECT (label), "side", GINT_TO_POINTER (1));
  gtk_box_append (GTK_BOX (pbox), label);
  label = flat_button (p->moves != NULL ? _("Print the Score Sheet…") : _("Print a Blank Score Sheet…"),
                       "score-sheet", board, G_CALLBACK (score_sheet_cb), self);
  gtk_box_append (GTK_BOX (pbox), label);
  popover = gtk_popover_new ();
  gtk_popover_set_child (GTK_POPOVER (popover), pbox);
  menu = gtk_menu_button_new ();
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (menu), "view-more-symbolic");
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (menu), popover);
  gtk_widget_set_valign (menu, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (menu, _("Fouls and score sheets"));
  gtk_box_append (GTK_BOX (row), menu);
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
      const XqEntrant *e = g_ptr_array_index (self->t->players, s->player);
      g_autofree char *group = xq_group_name (s->group);
      g_autofree char *place = self->t->system == XQ_SYSTEM_GROUPS ? g_strdup_printf ("%s%d", group, s->place)
                                                                   : g_strdup_printf ("%d", s->place);
      g_autofree char *pts = xq_format_points (s->points);
      g_autofree char *name = e->withdrawn ? g_strdup_printf (_("%s (withdrew)"), e->name) : g_strdup (e->name);
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
  g_autoptr(GtkStringList) players = NULL;
  gboolean complete;
  int n = 0;

  if (t == NULL)
    return;
  self->refreshing = TRUE;
  gtk_label_set_label (self->title_label, *t->title ? t->title : _("Class tournament"));
  if (t->team_size > 0)
    info = g_strdup_printf (ngettext ("%s · %d team of %d boards · clock %s", "%s · %d teams of %d boards · clock %s",
                                      (int) t->players->len),
                            system_title (t->system), (int) t->players->len, t->team_size, clock_title (t->clock));
  else
    info = g_strdup_printf (ngettext ("%s · %d player · clock %s", "%s · %d players · clock %s",
                                      (int) t->players->len),
                            system_title (t->system), (int) t->players->len, clock_title (t->clock));
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
                          (t->system == XQ_SYSTEM_SWISS || t->system == XQ_SYSTEM_KNOCKOUT)
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
      show_message (self, error->message, TRUE);
      return;
    }
  save (self);
  self->round = xq_tournament_n_rounds (self->t);
  show_message (self, NULL, FALSE);
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
    show_message (self, error->message, TRUE);
  else if (save (self))
    {
      g_autofree char *text = g_strdup_printf (_("%s has withdrawn."), name);
      show_message (self, text, FALSE);
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
      show_message (self, error->message, TRUE);
      return;
    }
  g_clear_pointer (&self->t, xq_tournament_free);
  self->t = final;
  g_free (self->path);
  self->path = event_path_for (self, final->title);
  self->round = 1;
  if (save (self))
    show_message (self, NULL, FALSE);
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

static GtkWidget *
button (const char *mnemonic, const char *name, GCallback cb, XqTournamentPage *self)
{
  GtkWidget *b = gtk_button_new_with_mnemonic (mnemonic);
  gtk_widget_set_name (b, name);
  g_signal_connect_swapped (b, "clicked", cb, self);
  return b;
}

static void
build_event_view (XqTournamentPage *self)
{
  GtkBox *box = GTK_BOX (self->event_box);
  GtkWidget *row, *label, *expander, *print_menu, *print_box, *print_popover;

  self->title_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->title_label), "title-1");
  gtk_label_set_xalign (self->title_label, 0);
  gtk_label_set_wrap (self->title_label, TRUE);
  gtk_box_append (box, GTK_WIDGET (self->title_label));
  self->info_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->info_label, 0);
  gtk_label_set_wrap (self->info_label, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->info_label), "dim-label");
  gtk_box_append (box, GTK_WIDGET (self->info_label));

  self->message_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->message_label, 0);
  gtk_label_set_wrap (self->message_label, TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), FALSE);
  gtk_box_append (box, GTK_WIDGET (self->message_label));

  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->prev_button = gtk_button_new_from_icon_name ("go-previous-symbolic");
  gtk_widget_set_tooltip_text (self->prev_button, _("Previous round"));
  g_signal_connect_swapped (self->prev_button, "clicked", G_CALLBACK (prev_cb), self);
  self->round_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->round_label), "title-3");
  self->next_button = gtk_button_new_from_icon_name ("go-next-symbolic");
  gtk_widget_set_tooltip_text (self->next_button, _("Next round"));
  g_signal_connect_swapped (self->next_button, "clicked", G_CALLBACK (next_cb), self);
  self->pair_button = button (_("_Pair the Next Round"), "pair-next", G_CALLBACK (pair_cb), self);
  gtk_widget_add_css_class (self->pair_button, "suggested-action");
  self->final_button = button (_("Start the _Final"), "start-final", G_CALLBACK (final_cb), self);
  gtk_widget_set_tooltip_text (self->final_button, _("The best two of each group play the final"));
  gtk_widget_add_css_class (self->final_button, "suggested-action");
  self->playoff_button = button (_("_Play-off for First Place"), "start-playoff", G_CALLBACK (playoff_cb), self);

  print_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_box_append (GTK_BOX (print_box), button (_("Pairing _Sheet…"), "print-pairings", G_CALLBACK (print_pairings_cb), self));
  gtk_box_append (GTK_BOX (print_box), button (_("_Standings and Cross-Table…"), "print-standings", G_CALLBACK (print_standings_cb), self));
  gtk_box_append (GTK_BOX (print_box), button (_("_Certificates…"), "print-certificates", G_CALLBACK (print_certificates_cb), self));
  gtk_box_append (GTK_BOX (print_box), button (_("Export _CSV…"), "export-csv", G_CALLBACK (export_csv_cb), self));
  for (GtkWidget *c = gtk_widget_get_first_child (print_box); c != NULL; c = gtk_widget_get_next_sibling (c))
    gtk_widget_add_css_class (c, "flat");
  print_popover = gtk_popover_new ();
  gtk_popover_set_child (GTK_POPOVER (print_popover), print_box);
  print_menu = gtk_menu_button_new ();
  gtk_menu_button_set_label (GTK_MENU_BUTTON (print_menu), _("Print"));
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (print_menu), print_popover);
  gtk_widget_set_hexpand (print_menu, TRUE);
  gtk_widget_set_halign (print_menu, GTK_ALIGN_END);

  /* Round navigation and printing on one line, the round's actions on the
   * next: on one line they made the page wider than a 1000 px screen. */
  gtk_box_append (GTK_BOX (row), self->prev_button);
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->round_label));
  gtk_box_append (GTK_BOX (row), self->next_button);
  gtk_box_append (GTK_BOX (row), print_menu);
  gtk_box_append (box, row);
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_append (GTK_BOX (row), self->pair_button);
  gtk_box_append (GTK_BOX (row), self->final_button);
  gtk_box_append (GTK_BOX (row), self->playoff_button);
  gtk_box_append (box, row);

  self->pairings = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->pairings, GTK_SELECTION_NONE);
  gtk_widget_add_css_class (GTK_WIDGET (self->pairings), "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->pairings), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Pairings"), -1);
  gtk_box_append (box, GTK_WIDGET (self->pairings));
  self->round_hint = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->round_hint, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->round_hint), "dim-label");
  gtk_box_append (box, GTK_WIDGET (self->round_hint));

  label = gtk_label_new (_("Standings"));
  gtk_widget_add_css_class (label, "title-3");
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (box, label);
  self->standings = GTK_GRID (gtk_grid_new ());
  gtk_grid_set_column_spacing (self->standings, 18);
  gtk_grid_set_row_spacing (self->standings, 4);
  gtk_box_append (box, GTK_WIDGET (self->standings));

  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_margin_top (row, 12);
  self->withdraw_dropdown = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
  gtk_widget_set_name (GTK_WIDGET (self->withdraw_dropdown), "withdraw-player");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->withdraw_dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Player who withdraws"), -1);
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->withdraw_dropdown));
  gtk_box_append (GTK_BOX (row), button (_("_Withdraw"), "withdraw", G_CALLBACK (withdraw_cb), self));
  gtk_box_append (box, row);

  self->audit_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->audit_label, 0);
  gtk_label_set_wrap (self->audit_label, TRUE);
  gtk_label_set_selectable (self->audit_label, TRUE);
  expander = self->audit_expander = gtk_expander_new (_("Corrections and withdrawals"));
  gtk_expander_set_child (GTK_EXPANDER (expander), GTK_WIDGET (self->audit_label));
  gtk_box_append (box, expander);
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
    show_message (self, error->message, TRUE);
  else if (save (self))
    {
      XqResult r = xq_game_get_result (game);
      g_autofree char *why = xq_result_explain (&r);
      g_autofree char *text = g_strdup_printf (_("Round %d, board %d recorded: %s"), round, board, why);
      show_message (self, text, FALSE);
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
      show_message (self, error->message, TRUE);
      return;
    }
  self->playing_round = round;
  self->playing_board = board;
  xq_time_control_init_preset (&tc, self->t->clock);
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
  gtk_widget_class_set_template_from_resource (widget_class, APP_PATH "/ui/xq-tournament-page.ui");
  gtk_widget_class_bind_template_child (widget_class, XqTournamentPage, event_list);
  gtk_widget_class_bind_template_child (widget_class, XqTournamentPage, content_stack);
  gtk_widget_class_bind_template_child (widget_class, XqTournamentPage, new_form);
  gtk_widget_class_bind_template_child (widget_class, XqTournamentPage, event_box);
  gtk_widget_class_bind_template_callback (widget_class, event_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, new_event_cb);
}

static void
xq_tournament_page_init (XqTournamentPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  build_form (self);
  build_event_view (self);
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
