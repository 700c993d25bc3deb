/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The projector following the class: a panel beside the board where the
 * teacher picks a unit of lessons (the curriculum's or their own) and an
 * exercise of it, or a learner, whose exercise the board then shows and
 * follows as the learner's progress file changes. */
#define G_LOG_DOMAIN "xq-projector-window"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-class.h"
#include "xq-projector-window-private.h"

/* A learner's file is written more than once in a row (and through a
 * temporary file): wait this long after the last change. */
#define SETTLE_MS 250

static void show_learner (XqProjectorWindow *self);

/* ---- The units ------------------------------------------------------------------ */

typedef struct {
  char *lessons_dir;
  char *own_dir;
} LoadUnits;

static void
load_units_free (LoadUnits *l)
{
  g_free (l->lessons_dir);
  g_free (l->own_dir);
  g_free (l);
}

static void
load_units_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  const LoadUnits *l = data;
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);

  g_task_return_pointer (task, xq_class_lesson_units_load (l->lessons_dir, l->own_dir, NULL, problems),
                         (GDestroyNotify) g_ptr_array_unref);
}

/* The exercise list of the unit chosen: one row per exercise, its prompt. */
static void
fill_exercises (XqProjectorWindow *self)
{
  GtkWidget *child;
  const XqUnit *unit;

  self->filling = TRUE;
  while ((child = gtk_widget_get_first_child (self->exercise_list)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (self->exercise_list), child);
  self->filling = FALSE;
  if (self->class_units == NULL || self->class_unit < 0)
    return;
  unit = g_ptr_array_index (self->class_units, self->class_unit);
  for (guint e = 0; e < unit->exercises->len; e++)
    {
      const XqExercise *ex = g_ptr_array_index (unit->exercises, e);
      /* Translators: a row of the projector's exercise list: its number, then its prompt */
      g_autofree char *text = g_strdup_printf (_("%u. %s"), e + 1, ex->prompt ? ex->prompt : "");
      GtkWidget *label = gtk_label_new (text);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 32);
      gtk_label_set_lines (GTK_LABEL (label), 2);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_widget_set_margin_top (label, 6);
      gtk_widget_set_margin_bottom (label, 6);
      gtk_widget_set_margin_start (label, 8);
      gtk_widget_set_margin_end (label, 8);
      gtk_list_box_append (GTK_LIST_BOX (self->exercise_list), label);
    }
}

/* Shows exercise index of the unit chosen, and selects its row. */
static void
show_class_exercise (XqProjectorWindow *self, guint index)
{
  const XqUnit *unit;
  GtkListBoxRow *row;

  if (self->class_units == NULL || self->class_unit < 0)
    return;
  unit = g_ptr_array_index (self->class_units, self->class_unit);
  if (index >= unit->exercises->len)
    return;
  xq_projector_window_show_exercise (self, unit, index);
  row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (self->exercise_list), (int) index);
  if (row != NULL && row != gtk_list_box_get_selected_row (GTK_LIST_BOX (self->exercise_list)))
    {
      self->filling = TRUE;
      gtk_list_box_select_row (GTK_LIST_BOX (self->exercise_list), row);
      self->filling = FALSE;
    }
}

static void
choose_unit (XqProjectorWindow *self, int unit)
{
  if (self->class_units == NULL || unit < 0 || (guint) unit >= self->class_units->len)
    return;
  if (self->class_unit != unit)
    {
      self->class_unit = unit;
      fill_exercises (self);
    }
  if (gtk_drop_down_get_selected (GTK_DROP_DOWN (self->unit_drop)) != (guint) unit)
    {
      self->filling = TRUE;
      gtk_drop_down_set_selected (GTK_DROP_DOWN (self->unit_drop), (guint) unit);
      self->filling = FALSE;
    }
}

static void
units_loaded_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *units = g_task_propagate_pointer (G_TASK (result), &error);
  XqProjectorWindow *self;
  g_autoptr(GtkStringList) titles = gtk_string_list_new (NULL);

  if (units == NULL)
    return;   /* cancelled: the window may be gone */
  self = XQ_PROJECTOR_WINDOW (source);
  g_clear_object (&self->class_loading);
  g_clear_pointer (&self->class_units, g_ptr_array_unref);
  self->class_units = units;
  self->class_unit = -1;
  for (guint u = 0; u < units->len; u++)
    {
      const XqUnit *unit = g_ptr_array_index (units, u);
      /* Translators: a unit in the projector's list: its number, then its title */
      g_autofree char *text = g_strdup_printf (_("%d. %s"), unit->number, unit->title);
      gtk_string_list_append (titles, text);
    }
  self->filling = TRUE;
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->unit_drop), G_LIST_MODEL (titles));
  self->filling = FALSE;
  if (units->len > 0)
    {
      choose_unit (self, 0);
      if (self->learner != NULL)
        show_learner (self);
      else
        show_class_exercise (self, 0);
    }
}

/* ---- A learner ------------------------------------------------------------------ */

/* Shows where the learner followed is, and says so beside the list. */
static void
show_learner (XqProjectorWindow *self)
{
  g_autoptr(XqProgressStore) store = NULL;
  g_autoptr(XqProgress) progress = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  guint unit, exercise;

  if (self->learner == NULL || self->class_units == NULL)
    return;
  /* One learner's file: small, read here as the chooser does. */
  store = xq_progress_store_new (self->store_dir);
  progress = xq_progress_store_load (store, self->learner, &error);
  if (progress == NULL)
    {
      gtk_label_set_text (GTK_LABEL (self->learner_label), error->message);
      return;
    }
  if (!xq_class_learner_at (self->class_units, progress, &unit, &exercise))
    return;
  /* Moves only when the learner did: a teacher stepping about meanwhile
   * is brought back at the learner's next result. */
  if ((int) unit != self->class_unit || self->index != (int) exercise)
    {
      choose_unit (self, (int) unit);
      show_class_exercise (self, exercise);
    }
  {
    const XqUnit *u = g_ptr_array_index (self->class_units, unit);
    /* Translators: beside the projector's board: "Mei is on “Capturing”, exercise 4 of 12." */
    text = g_strdup_printf (_("%s is on “%s”, exercise %u of %u."), progress->name, u->title, exercise + 1,
                            u->exercises->len);
  }
  gtk_label_set_text (GTK_LABEL (self->learner_label), text);
}

static gboolean
settled_cb (gpointer data)
{
  XqProjectorWindow *self = data;

  self->monitor_timeout = 0;
  show_learner (self);
  return G_SOURCE_REMOVE;
}

static void
folder_changed_cb (GFileMonitor *monitor, GFile *file, GFile *other, GFileMonitorEvent event, gpointer data)
{
  XqProjectorWindow *self = data;
  g_autofree char *base = g_file_get_basename (other != NULL && event == G_FILE_MONITOR_EVENT_RENAMED ? other : file);
  g_autofree char *mine = g_strconcat (self->learner ? self->learner : "", ".json", NULL);

  /* Only the followed learner's progress file (written through a
   * temporary file renamed over it) moves the board. */
  if (self->learner == NULL || base == NULL || strcmp (base, mine) != 0)
    return;
  g_clear_handle_id (&self->monitor_timeout, g_source_remove);
  self->monitor_timeout = g_timeout_add (SETTLE_MS, settled_cb, self);
}

static void
stop_monitor (XqProjectorWindow *self)
{
  g_clear_handle_id (&self->monitor_timeout, g_source_remove);
  if (self->monitor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->monitor, self);
      g_file_monitor_cancel (self->monitor);
      g_clear_object (&self->monitor);
    }
}

static void
fill_learners (XqProjectorWindow *self)
{
  g_autoptr(XqProgressStore) store = xq_progress_store_new (self->store_dir);
  g_autoptr(GPtrArray) ids = xq_progress_store_list (store);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  g_clear_pointer (&self->learner_ids, g_ptr_array_unref);
  self->learner_ids = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < ids->len; i++)
    {
      const char *id = g_ptr_array_index (ids, i);
      g_autoptr(XqProgress) p = xq_progress_store_load (store, id, NULL);

      gtk_string_list_append (names, p ? p->name : id);
      g_ptr_array_add (self->learner_ids, g_strdup (id));
    }
  self->filling = TRUE;
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->learner_drop), G_LIST_MODEL (names));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->learner_drop), GTK_INVALID_LIST_POSITION);
  self->filling = FALSE;
}

/* ---- The public side ------------------------------------------------------------ */

void
xq_projector_window_follow_class (XqProjectorWindow *self, const char *store_dir, const char *lessons_dir,
                                  const char *own_dir)
{
  g_autoptr(GTask) task = NULL;
  LoadUnits *load;

  g_return_if_fail (XQ_IS_PROJECTOR_WINDOW (self));
  self->following = TRUE;
  gtk_widget_set_visible (self->class_panel, TRUE);
  if (!gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->class_button)))
    {
      self->filling = TRUE;
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->class_button), TRUE);
      self->filling = FALSE;
    }
  g_free (self->store_dir);
  self->store_dir = g_strdup (store_dir);
  fill_learners (self);
  if (self->class_units != NULL && g_strcmp0 (lessons_dir, self->lessons_dir) == 0
      && g_strcmp0 (own_dir, self->own_dir) == 0)
    {
      show_class_exercise (self, MAX (self->index, 0));
      return;
    }
  g_free (self->lessons_dir);
  self->lessons_dir = g_strdup (lessons_dir);
  g_free (self->own_dir);
  self->own_dir = g_strdup (own_dir);
  if (self->class_loading != NULL)
    g_cancellable_cancel (self->class_loading);
  g_clear_object (&self->class_loading);
  self->class_loading = g_cancellable_new ();
  load = g_new0 (LoadUnits, 1);
  load->lessons_dir = g_strdup (lessons_dir);
  load->own_dir = g_strdup (own_dir);
  task = g_task_new (self, self->class_loading, units_loaded_cb, NULL);
  g_task_set_source_tag (task, xq_projector_window_follow_class);
  g_task_set_task_data (task, load, (GDestroyNotify) load_units_free);
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, load_units_thread);
}

void
xq_projector_window_stop_following (XqProjectorWindow *self)
{
  g_return_if_fail (XQ_IS_PROJECTOR_WINDOW (self));
  self->following = FALSE;
  stop_monitor (self);
  g_clear_pointer (&self->learner, g_free);
  gtk_widget_set_visible (self->class_panel, FALSE);
  if (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->class_button)))
    {
      self->filling = TRUE;
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->class_button), FALSE);
      self->filling = FALSE;
    }
}

gboolean
xq_projector_window_is_following (XqProjectorWindow *self)
{
  g_return_val_if_fail (XQ_IS_PROJECTOR_WINDOW (self), FALSE);
  return self->following;
}

gboolean
xq_projector_window_follow_unit (XqProjectorWindow *self, const char *unit_id, guint exercise)
{
  g_return_val_if_fail (XQ_IS_PROJECTOR_WINDOW (self), FALSE);
  g_return_val_if_fail (unit_id != NULL, FALSE);
  if (!self->following || self->class_units == NULL)
    return FALSE;
  for (guint u = 0; u < self->class_units->len; u++)
    {
      const XqUnit *unit = g_ptr_array_index (self->class_units, u);

      if (strcmp (unit->id, unit_id) != 0)
        continue;
      if (exercise >= unit->exercises->len)
        return FALSE;
      /* Picking from the list: no learner is followed any more. */
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->units_toggle), TRUE);
      stop_monitor (self);
      g_clear_pointer (&self->learner, g_free);
      choose_unit (self, (int) u);
      show_class_exercise (self, exercise);
      return TRUE;
    }
  return FALSE;
}

gboolean
xq_projector_window_follow_learner (XqProjectorWindow *self, const char *learner)
{
  g_autoptr(GFile) dir = NULL;
  g_autoptr(XqProgressStore) store = NULL;

  g_return_val_if_fail (XQ_IS_PROJECTOR_WINDOW (self), FALSE);
  if (!self->following || !xq_progress_learner_id_valid (learner))
    return FALSE;
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->learner_toggle), TRUE);
  stop_monitor (self);
  g_free (self->learner);
  self->learner = g_strdup (learner);
  for (guint i = 0; self->learner_ids != NULL && i < self->learner_ids->len; i++)
    if (strcmp (g_ptr_array_index (self->learner_ids, i), learner) == 0
        && gtk_drop_down_get_selected (GTK_DROP_DOWN (self->learner_drop)) != i)
      {
        self->filling = TRUE;
        gtk_drop_down_set_selected (GTK_DROP_DOWN (self->learner_drop), i);
        self->filling = FALSE;
      }
  store = xq_progress_store_new (self->store_dir);
  dir = g_file_new_for_path (xq_progress_store_get_dir (store));
  self->monitor = g_file_monitor_directory (dir, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
  if (self->monitor != NULL)
    g_signal_connect (self->monitor, "changed", G_CALLBACK (folder_changed_cb), self);
  show_learner (self);
  return TRUE;
}

const char *
xq_projector_window_get_unit_id (XqProjectorWindow *self)
{
  g_return_val_if_fail (XQ_IS_PROJECTOR_WINDOW (self), NULL);
  if (!self->following || self->class_units == NULL || self->class_unit < 0)
    return NULL;
  return ((const XqUnit *) g_ptr_array_index (self->class_units, self->class_unit))->id;
}

const char *
xq_projector_window_get_learner_text (XqProjectorWindow *self)
{
  g_return_val_if_fail (XQ_IS_PROJECTOR_WINDOW (self), NULL);
  return self->learner != NULL ? gtk_label_get_text (GTK_LABEL (self->learner_label)) : NULL;
}

gboolean
xq_projector_window_is_loading_class (XqProjectorWindow *self)
{
  g_return_val_if_fail (XQ_IS_PROJECTOR_WINDOW (self), FALSE);
  return self->class_loading != NULL;
}

/* ---- The panel ------------------------------------------------------------------ */

void
xq_projector_window_class_stepped (XqProjectorWindow *self, int index)
{
  if (index >= 0)
    show_class_exercise (self, (guint) index);
}

static void
class_toggled_cb (GtkToggleButton *button, XqProjectorWindow *self)
{
  if (self->filling)
    return;
  if (gtk_toggle_button_get_active (button))
    xq_projector_window_follow_class (self, self->store_dir, self->lessons_dir, self->own_dir);
  else
    xq_projector_window_stop_following (self);
}

static void
mode_toggled_cb (GtkToggleButton *button, XqProjectorWindow *self)
{
  /* Connected to the units button: its state is settled when this runs. */
  gboolean learner = !gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->units_toggle));

  gtk_stack_set_visible_child_name (GTK_STACK (self->class_stack), learner ? "learner" : "units");
  if (!learner)
    {
      stop_monitor (self);
      g_clear_pointer (&self->learner, g_free);
    }
}

static void
unit_selected_cb (GtkDropDown *drop, GParamSpec *pspec, XqProjectorWindow *self)
{
  guint u = gtk_drop_down_get_selected (drop);

  if (self->filling || u == GTK_INVALID_LIST_POSITION || self->class_units == NULL)
    return;
  choose_unit (self, (int) u);
  show_class_exercise (self, 0);
}

static void
exercise_selected_cb (GtkListBox *list, GtkListBoxRow *row, XqProjectorWindow *self)
{
  if (self->filling || row == NULL)
    return;
  show_class_exercise (self, (guint) gtk_list_box_row_get_index (row));
}

static void
learner_selected_cb (GtkDropDown *drop, GParamSpec *pspec, XqProjectorWindow *self)
{
  guint i = gtk_drop_down_get_selected (drop);

  if (self->filling || self->learner_ids == NULL || i >= self->learner_ids->len)
    return;
  xq_projector_window_follow_learner (self, g_ptr_array_index (self->learner_ids, i));
}

GtkWidget *
xq_projector_window_class_panel_new (XqProjectorWindow *self)
{
  GtkWidget *panel = gtk_box_new (GTK_ORIENTATION_VERTICAL, 10);
  GtkWidget *modes = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *units_page = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  GtkWidget *learner_page = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  GtkWidget *scroll = gtk_scrolled_window_new ();
  GtkWidget *heading = gtk_label_new (_("Follow the Class"));

  self->class_button = gtk_toggle_button_new ();
  gtk_button_set_icon_name (GTK_BUTTON (self->class_button), "system-users-symbolic");
  gtk_widget_set_tooltip_text (self->class_button,
                               _("Follow the class: show an exercise picked from the units, or the one a learner is on"));
  g_signal_connect (self->class_button, "toggled", G_CALLBACK (class_toggled_cb), self);

  gtk_widget_set_margin_start (panel, 12);
  gtk_widget_set_margin_end (panel, 6);
  gtk_widget_set_margin_top (panel, 12);
  gtk_widget_set_margin_bottom (panel, 12);
  gtk_widget_set_visible (panel, FALSE);
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_add_css_class (heading, "heading");
  gtk_box_append (GTK_BOX (panel), heading);

  /* Translators: the projector follows an exercise the teacher picks from a unit */
  self->units_toggle = gtk_toggle_button_new_with_mnemonic (_("_Units"));
  /* Translators: the projector follows the exercise a learner is on */
  self->learner_toggle = gtk_toggle_button_new_with_mnemonic (_("A _Learner"));
  gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (self->learner_toggle), GTK_TOGGLE_BUTTON (self->units_toggle));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->units_toggle), TRUE);
  gtk_widget_set_hexpand (self->units_toggle, TRUE);
  gtk_widget_set_hexpand (self->learner_toggle, TRUE);
  g_signal_connect (self->units_toggle, "toggled", G_CALLBACK (mode_toggled_cb), self);
  gtk_widget_add_css_class (modes, "linked");
  gtk_box_append (GTK_BOX (modes), self->units_toggle);
  gtk_box_append (GTK_BOX (modes), self->learner_toggle);
  gtk_box_append (GTK_BOX (panel), modes);

  self->unit_drop = gtk_drop_down_new (NULL, NULL);
  gtk_widget_set_tooltip_text (self->unit_drop, _("The unit to show"));
  g_signal_connect (self->unit_drop, "notify::selected", G_CALLBACK (unit_selected_cb), self);
  gtk_box_append (GTK_BOX (units_page), self->unit_drop);
  self->exercise_list = gtk_list_box_new ();
  gtk_widget_add_css_class (self->exercise_list, "navigation-sidebar");
  g_signal_connect (self->exercise_list, "row-selected", G_CALLBACK (exercise_selected_cb), self);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroll), self->exercise_list);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroll), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scroll, TRUE);
  gtk_box_append (GTK_BOX (units_page), scroll);

  self->learner_drop = gtk_drop_down_new (NULL, NULL);
  gtk_widget_set_tooltip_text (self->learner_drop, _("The learner whose exercise to show"));
  g_signal_connect (self->learner_drop, "notify::selected", G_CALLBACK (learner_selected_cb), self);
  gtk_box_append (GTK_BOX (learner_page), self->learner_drop);
  self->learner_label = gtk_label_new (_("Choose a learner: the board shows the exercise they are on "
                                         "and moves on when they do."));
  gtk_label_set_wrap (GTK_LABEL (self->learner_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->learner_label), 0);
  gtk_widget_add_css_class (self->learner_label, "title-4");
  gtk_box_append (GTK_BOX (learner_page), self->learner_label);

  self->class_stack = gtk_stack_new ();
  gtk_stack_add_named (GTK_STACK (self->class_stack), units_page, "units");
  gtk_stack_add_named (GTK_STACK (self->class_stack), learner_page, "learner");
  gtk_widget_set_vexpand (self->class_stack, TRUE);
  gtk_box_append (GTK_BOX (panel), self->class_stack);
  {
    GtkWidget *hint = gtk_label_new (_("Click a piece, then a point, to move it. Right-drag to draw an arrow, "
                                       "right-click a point to circle it."));
    gtk_label_set_wrap (GTK_LABEL (hint), TRUE);
    gtk_label_set_xalign (GTK_LABEL (hint), 0);
    gtk_label_set_max_width_chars (GTK_LABEL (hint), 32);
    gtk_widget_add_css_class (hint, "dim-label");
    gtk_box_append (GTK_BOX (panel), hint);
  }
  return panel;
}

void
xq_projector_window_class_dispose (XqProjectorWindow *self)
{
  stop_monitor (self);
  if (self->class_loading != NULL)
    g_cancellable_cancel (self->class_loading);
  g_clear_object (&self->class_loading);
  g_clear_pointer (&self->class_units, g_ptr_array_unref);
  g_clear_pointer (&self->learner_ids, g_ptr_array_unref);
  g_clear_pointer (&self->store_dir, g_free);
  g_clear_pointer (&self->lessons_dir, g_free);
  g_clear_pointer (&self->own_dir, g_free);
  g_clear_pointer (&self->learner, g_free);
}
