/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-tournament-form"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-progress.h"
#include "xq-tournament-form.h"

struct _XqTournamentForm
{
  GtkBox parent_instance;

  GtkEntry      *title_entry;
  GtkDropDown   *system_dropdown;
  GtkDropDown   *clock_dropdown;
  GtkSpinButton *minutes_spin;
  GtkSpinButton *rounds_spin;
  GtkSpinButton *groups_spin;
  GtkTextView   *names_view;
  GtkLabel      *form_message;
};

G_DEFINE_FINAL_TYPE (XqTournamentForm, xq_tournament_form, GTK_TYPE_BOX)

enum {
  SIGNAL_CREATE,
  SIGNAL_CANCEL,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The system drop-down's items, in this order. */
static const XqSystem system_choices[] = {
  XQ_SYSTEM_ROUND_ROBIN, XQ_SYSTEM_DOUBLE_ROUND_ROBIN, XQ_SYSTEM_SWISS, XQ_SYSTEM_KNOCKOUT,
  XQ_SYSTEM_DOUBLE_KNOCKOUT, XQ_SYSTEM_GROUPS,
};

/* 6.1 … 6.5, in XqTimeControlPreset order. */
#define N_CLOCKS (XQ_TIME_CONTROL_S0_6_5 + 1)

const char *
xq_tournament_form_system_title (XqSystem system)
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
    case XQ_SYSTEM_DOUBLE_KNOCKOUT:
      /* Translators: 雙淘汰制 */
      return _("Double knockout");
    case XQ_SYSTEM_KNOCKOUT:
    default:
      return _("Knockout");
    }
}

static XqSystem
selected_system (XqTournamentForm *self)
{
  guint system = gtk_drop_down_get_selected (self->system_dropdown);

  return system_choices[MIN (system, G_N_ELEMENTS (system_choices) - 1)];
}

static void
add_learners_cb (XqTournamentForm *self)
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
cancel_cb (XqTournamentForm *self)
{
  g_signal_emit (self, signals[SIGNAL_CANCEL], 0);
}

static void
create_cb (XqTournamentForm *self)
{
  g_signal_emit (self, signals[SIGNAL_CREATE], 0);
}

static void
system_changed_cb (XqTournamentForm *self)
{
  XqSystem system = selected_system (self);

  gtk_widget_set_sensitive (GTK_WIDGET (self->rounds_spin), system == XQ_SYSTEM_SWISS);
  gtk_widget_set_sensitive (GTK_WIDGET (self->groups_spin), system == XQ_SYSTEM_GROUPS);
}

static void
clock_changed_cb (XqTournamentForm *self)
{
  /* 6.5 names no time: the teacher chooses each player's minutes. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->minutes_spin),
                            gtk_drop_down_get_selected (self->clock_dropdown) == XQ_TIME_CONTROL_S0_6_5);
}

void
xq_tournament_form_values_clear (XqTournamentFormValues *values)
{
  g_return_if_fail (values != NULL);
  g_clear_pointer (&values->title, g_free);
  g_clear_pointer (&values->names, g_ptr_array_unref);
}

void
xq_tournament_form_get_values (XqTournamentForm       *self,
                               XqTournamentFormValues *values)
{
  GtkTextBuffer *buffer;
  GtkTextIter start, end;
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  guint clock;

  g_return_if_fail (XQ_IS_TOURNAMENT_FORM (self));
  g_return_if_fail (values != NULL);

  buffer = gtk_text_view_get_buffer (self->names_view);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  lines = g_strsplit (text, "\n", -1);
  values->names = g_ptr_array_new_with_free_func (g_free);
  for (int i = 0; lines[i] != NULL; i++)
    {
      g_strstrip (lines[i]);
      if (*lines[i] != '\0')
        g_ptr_array_add (values->names, g_strdup (lines[i]));
    }
  values->title = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->title_entry)));
  values->system = selected_system (self);
  values->rounds = values->system == XQ_SYSTEM_SWISS ? gtk_spin_button_get_value_as_int (self->rounds_spin)
                 : values->system == XQ_SYSTEM_GROUPS ? gtk_spin_button_get_value_as_int (self->groups_spin)
                 : 0;
  clock = gtk_drop_down_get_selected (self->clock_dropdown);
  values->clock = (XqTimeControlPreset) MIN (clock, N_CLOCKS - 1u);
  values->clock_minutes = values->clock == XQ_TIME_CONTROL_S0_6_5
                          ? gtk_spin_button_get_value_as_int (self->minutes_spin) : 0;
}

void
xq_tournament_form_reset (XqTournamentForm *self)
{
  g_return_if_fail (XQ_IS_TOURNAMENT_FORM (self));

  gtk_editable_set_text (GTK_EDITABLE (self->title_entry), "");
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->names_view), "", -1);
  gtk_label_set_label (self->form_message, "");
  gtk_widget_grab_focus (GTK_WIDGET (self->title_entry));
}

void
xq_tournament_form_set_message (XqTournamentForm *self,
                                const char       *text)
{
  g_return_if_fail (XQ_IS_TOURNAMENT_FORM (self));
  gtk_label_set_label (self->form_message, text);
}

static void
xq_tournament_form_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), XQ_TYPE_TOURNAMENT_FORM);
  G_OBJECT_CLASS (xq_tournament_form_parent_class)->dispose (object);
}

static void
xq_tournament_form_class_init (XqTournamentFormClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_tournament_form_dispose;

  /**
   * XqTournamentForm::create:
   * Create was pressed; xq_tournament_form_get_values() tells what to make.
   */
  signals[SIGNAL_CREATE] = g_signal_new ("create", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * XqTournamentForm::cancel:
   */
  signals[SIGNAL_CANCEL] = g_signal_new ("cancel", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, APP_PATH "/ui/xq-tournament-form.ui");
  gtk_widget_class_bind_template_child (widget_class, XqTournamentForm, title_entry);
  gtk_widget_class_bind_template_child (widget_class, XqTournamentForm, system_dropdown);
  gtk_widget_class_bind_template_child (widget_class, XqTournamentForm, clock_dropdown);
  gtk_widget_class_bind_template_child (widget_class, XqTournamentForm, minutes_spin);
  gtk_widget_class_bind_template_child (widget_class, XqTournamentForm, rounds_spin);
  gtk_widget_class_bind_template_child (widget_class, XqTournamentForm, groups_spin);
  gtk_widget_class_bind_template_child (widget_class, XqTournamentForm, names_view);
  gtk_widget_class_bind_template_child (widget_class, XqTournamentForm, form_message);
  gtk_widget_class_bind_template_callback (widget_class, add_learners_cb);
  gtk_widget_class_bind_template_callback (widget_class, cancel_cb);
  gtk_widget_class_bind_template_callback (widget_class, create_cb);
  gtk_widget_class_bind_template_callback (widget_class, system_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, clock_changed_cb);
}

static void
xq_tournament_form_init (XqTournamentForm *self)
{
  g_autoptr(GtkStringList) systems = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) clocks = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  /* The items are the library's names, translated at run time. */
  for (guint i = 0; i < G_N_ELEMENTS (system_choices); i++)
    gtk_string_list_append (systems, xq_tournament_form_system_title (system_choices[i]));
  for (int i = 0; i < N_CLOCKS; i++)
    {
      g_autofree char *title = xq_time_control_title ((XqTimeControlPreset) i, 0);
      gtk_string_list_append (clocks, title);
    }
  gtk_drop_down_set_model (self->system_dropdown, G_LIST_MODEL (systems));
  gtk_drop_down_set_model (self->clock_dropdown, G_LIST_MODEL (clocks));
  gtk_drop_down_set_selected (self->clock_dropdown, XQ_TIME_CONTROL_S0_6_3);
  gtk_spin_button_set_value (self->minutes_spin, XQ_TIME_CONTROL_6_5_DEFAULT_MINUTES);
  system_changed_cb (self);
  clock_changed_cb (self);
}

GtkWidget *
xq_tournament_form_new (void)
{
  return g_object_new (XQ_TYPE_TOURNAMENT_FORM, NULL);
}
