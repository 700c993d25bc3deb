/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-unit-list"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "xq-json-bounded.h"
#include "xq-lesson-writer.h"
#include "xq-unit-list.h"
#include "xq-unit-store.h"

#define APP_PATH "/io/github/xiangqi_tutor/XiangqiTutor"
#define DEFAULT_UNIT_ID "my-lessons"

struct _XqUnitList
{
  GtkBox parent_instance;

  /* Template widgets */
  GtkListBox         *units_box;
  GtkListBox         *exercises_box;

  /* Owned */
  GSimpleActionGroup *actions;
  char               *units_dir;
  char               *id;         /* the unit shown */
  gboolean            on_disk;
  GPtrArray          *units;      /* XqUnitInfo*: the units on disk, as listed */
  GPtrArray          *exercises;  /* JsonObject*: the shown unit's */
};

G_DEFINE_FINAL_TYPE (XqUnitList, xq_unit_list, GTK_TYPE_BOX)

enum { OPEN_UNIT, RELOAD, STATUS, TOAST, NEW_UNIT, EXERCISE_ACTIVATED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
status (XqUnitList *self, const char *text, gboolean error)
{
  g_signal_emit (self, signals[STATUS], 0, text, error);
}

static const char *
exercise_id (JsonObject *exercise)
{
  return xq_json_member_string (exercise, "id", "");
}

/* One row of a list: its text and a menu of what can be done to it. */
static GtkWidget *
list_row (const char *text, const char *menu_label, GMenuModel *menu)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (text);
  GtkWidget *button = gtk_menu_button_new ();

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  /* Two lines: a unit and its copy differ at the end of the title. */
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_lines (GTK_LABEL (label), 2);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 1);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_set_tooltip_text (label, text);
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (button), "view-more-symbolic");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (button), menu);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_tooltip_text (button, menu_label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, menu_label, -1);
  gtk_widget_set_margin_start (box, 6);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), button);
  return box;
}

/* The four items every row's menu has: up, down, duplicate, delete. */
static GMenu *
row_menu (const char *what, GVariant *target)
{
  static const struct { const char *label, *action; } items[] = {
    { N_("Move _Up"), "up" }, { N_("Move _Down"), "down" },
    { N_("D_uplicate"), "duplicate" }, { N_("_Delete"), "delete" },
  };
  GMenu *menu = g_menu_new ();

  g_variant_ref_sink (target);
  for (guint i = 0; i < G_N_ELEMENTS (items); i++)
    {
      g_autoptr(GMenuItem) item = g_menu_item_new (_(items[i].label), NULL);
      g_autofree char *action = g_strdup_printf ("units.%s-%s", what, items[i].action);

      g_menu_item_set_action_and_target_value (item, action, target);
      g_menu_append_item (menu, item);
    }
  g_variant_unref (target);
  return menu;
}

/* Only the rows: the placeholder is a child too. */
static void
clear_box (GtkListBox *box)
{
  GtkListBoxRow *row;

  while ((row = gtk_list_box_get_row_at_index (box, 0)) != NULL)
    gtk_list_box_remove (box, GTK_WIDGET (row));
}

static void
refresh_exercises (XqUnitList *self)
{
  clear_box (self->exercises_box);
  for (guint i = 0; self->exercises != NULL && i < self->exercises->len; i++)
    {
      const char *id = exercise_id (g_ptr_array_index (self->exercises, i));
      g_autofree char *what = g_strdup_printf (_("What to do with the exercise “%s”"), id);
      g_autoptr(GMenu) menu = row_menu ("exercise", g_variant_new_uint32 (i));

      gtk_list_box_append (self->exercises_box, list_row (id, what, G_MENU_MODEL (menu)));
    }
}

void
xq_unit_list_refresh (XqUnitList *self)
{
  g_return_if_fail (XQ_IS_UNIT_LIST (self));
  g_clear_pointer (&self->units, g_ptr_array_unref);
  self->units = xq_unit_store_list (self->units_dir);
  clear_box (self->units_box);
  for (guint i = 0; i < self->units->len; i++)
    {
      const XqUnitInfo *u = g_ptr_array_index (self->units, i);
      /* Translators: a unit in the Teach page's list: its number and title */
      g_autofree char *text = g_strdup_printf (_("%d · %s"), u->number, u->title);
      g_autofree char *what = g_strdup_printf (_("What to do with the unit “%s”"), u->title);
      g_autoptr(GMenu) menu = row_menu ("unit", g_variant_new_string (u->id));

      gtk_list_box_append (self->units_box, list_row (text, what, G_MENU_MODEL (menu)));
      /* The current unit may be new, not saved yet: then nothing is selected. */
      if (g_strcmp0 (u->id, self->id) == 0)
        gtk_list_box_select_row (self->units_box, gtk_list_box_get_row_at_index (self->units_box, (int) i));
    }
}

/* ---- The units' actions -------------------------------------------------------- */

static void
unit_activated_cb (XqUnitList *self, GtkListBoxRow *row)
{
  int i = gtk_list_box_row_get_index (row);

  if (i >= 0 && self->units != NULL && (guint) i < self->units->len)
    {
      g_autofree char *id = g_strdup (((XqUnitInfo *) g_ptr_array_index (self->units, i))->id);

      g_signal_emit (self, signals[OPEN_UNIT], 0, id, NULL, FALSE);
      status (self, "", FALSE);
    }
}

static void
exercise_activated_cb (XqUnitList *self, GtkListBoxRow *row)
{
  int i = gtk_list_box_row_get_index (row);

  if (i >= 0 && self->exercises != NULL && (guint) i < self->exercises->len)
    g_signal_emit (self, signals[EXERCISE_ACTIVATED], 0, (guint) i);
}

static void
new_unit_cb (XqUnitList *self)
{
  g_signal_emit (self, signals[NEW_UNIT], 0);
}

static void
unit_move (XqUnitList *self, const char *id, int delta)
{
  g_autoptr(GError) error = NULL;

  if (!xq_unit_store_move (self->units_dir, id, delta, &error) && error != NULL)
    status (self, error->message, TRUE);
  if (g_strcmp0 (id, self->id) == 0)
    g_signal_emit (self, signals[RELOAD], 0);
  else
    xq_unit_list_refresh (self);
}

static void
unit_up_action (GSimpleAction *action, GVariant *param, gpointer data)
{
  unit_move (data, g_variant_get_string (param, NULL), -1);
}

static void
unit_down_action (GSimpleAction *action, GVariant *param, gpointer data)
{
  unit_move (data, g_variant_get_string (param, NULL), 1);
}

static void
unit_duplicate_action (GSimpleAction *action, GVariant *param, gpointer data)
{
  XqUnitList *self = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *id = xq_unit_store_duplicate (self->units_dir, g_variant_get_string (param, NULL), &error);

  if (id == NULL)
    {
      status (self, error->message, TRUE);
      return;
    }
  g_signal_emit (self, signals[OPEN_UNIT], 0, id, NULL, FALSE);
  status (self, _("This is the copy: rename it, then change it."), FALSE);
}

static void
unit_delete_action (GSimpleAction *action, GVariant *param, gpointer data)
{
  XqUnitList *self = data;
  const char *id = g_variant_get_string (param, NULL);
  g_autoptr(XqUnitInfo) info = xq_unit_store_find (self->units_dir, id, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *trashed = NULL;
  g_autofree char *text = NULL;

  if (info == NULL)
    return;
  trashed = xq_unit_store_delete (self->units_dir, id, &error);
  if (trashed == NULL)
    {
      status (self, error->message, TRUE);
      return;
    }
  text = g_strdup_printf (_("The unit “%s” is deleted."), info->title);
  g_signal_emit (self, signals[TOAST], 0, text, "unit-restore", g_variant_new_string (trashed));
  if (g_strcmp0 (id, self->id) == 0)
    {
      /* Another unit, or a new one: never the deleted one's leftovers. */
      g_autoptr(GPtrArray) left = xq_unit_store_list (self->units_dir);
      g_autofree char *next = left->len > 0 ? g_strdup (((XqUnitInfo *) g_ptr_array_index (left, 0))->id)
                                            : xq_unit_store_free_id (self->units_dir, DEFAULT_UNIT_ID);
      g_signal_emit (self, signals[OPEN_UNIT], 0, next, left->len > 0 ? NULL : "", TRUE);
    }
  else
    xq_unit_list_refresh (self);
}

static void
unit_restore_action (GSimpleAction *action, GVariant *param, gpointer data)
{
  XqUnitList *self = data;
  g_autoptr(GError) error = NULL;

  if (!xq_unit_store_restore (self->units_dir, g_variant_get_string (param, NULL), &error))
    status (self, error->message, TRUE);
  else
    status (self, _("The unit is back."), FALSE);
  g_signal_emit (self, signals[RELOAD], 0);
}

/* ---- The exercises' actions ---------------------------------------------------- */

static void
exercise_move (XqUnitList *self, guint i, int delta)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  g_autofree char *text = NULL;

  if ((delta < 0 && i == 0) || self->exercises == NULL || i + (guint) delta >= self->exercises->len ||
      !self->on_disk)
    return;
  id = g_strdup (exercise_id (g_ptr_array_index (self->exercises, i)));
  if (!xq_unit_store_move_exercise (self->units_dir, self->id, i, i + (guint) delta, &error))
    {
      status (self, error->message, TRUE);
      g_signal_emit (self, signals[RELOAD], 0);
      return;
    }
  g_signal_emit (self, signals[RELOAD], 0);
  /* Translators: a toast after an exercise's menu → Move Up or Move Down; %s is its id, %u its new place */
  text = g_strdup_printf (_("“%s” is now exercise %u."), id, i + (guint) delta + 1);
  g_signal_emit (self, signals[TOAST], 0, text, NULL, NULL);
}

static void
exercise_up_action (GSimpleAction *action, GVariant *param, gpointer data)
{
  exercise_move (data, g_variant_get_uint32 (param), -1);
}

static void
exercise_down_action (GSimpleAction *action, GVariant *param, gpointer data)
{
  exercise_move (data, g_variant_get_uint32 (param), 1);
}

static void
exercise_duplicate_action (GSimpleAction *action, GVariant *param, gpointer data)
{
  XqUnitList *self = data;
  guint i = g_variant_get_uint32 (param);
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  g_autofree char *text = NULL;
  g_autofree char *unit = NULL;

  if (!self->on_disk)
    return;
  id = xq_unit_store_duplicate_exercise (self->units_dir, self->id, i, &error);
  if (id == NULL)
    {
      status (self, error->message, TRUE);
      g_signal_emit (self, signals[RELOAD], 0);
      return;
    }
  unit = g_strdup (self->id);
  g_signal_emit (self, signals[RELOAD], 0);
  text = g_strdup_printf (_("The copy “%s” is after the exercise it copies."), id);
  /* Undo takes the copy away again: the unit, its place, its id. */
  g_signal_emit (self, signals[TOAST], 0, text, "exercise-uncopy", g_variant_new ("(sus)", unit, i + 1, id));
}

/* Undo of a duplicate: the copy goes, if it is still where it was put. */
static void
exercise_uncopy_action (GSimpleAction *action, GVariant *param, gpointer data)
{
  XqUnitList *self = data;
  const char *unit, *id;
  guint i;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) removed = NULL;

  g_variant_get (param, "(&su&s)", &unit, &i, &id);
  removed = xq_unit_store_remove_exercise (self->units_dir, unit, i, &error);
  if (removed != NULL && g_strcmp0 (exercise_id (removed), id) != 0)
    {
      /* Moved meanwhile: put back what was there, the copy stays. */
      xq_unit_store_insert_exercise (self->units_dir, unit, i, removed, NULL);
      status (self, _("The copy has moved; delete it from its menu."), TRUE);
    }
  else if (removed == NULL)
    status (self, error->message, TRUE);
  if (g_strcmp0 (unit, self->id) == 0)
    g_signal_emit (self, signals[RELOAD], 0);
}

static void
exercise_delete_action (GSimpleAction *action, GVariant *param, gpointer data)
{
  XqUnitList *self = data;
  guint i = g_variant_get_uint32 (param);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) removed = NULL;
  g_autofree char *text = NULL;
  g_autofree char *json = NULL;
  g_autofree char *unit = NULL;

  if (!self->on_disk)
    return;
  removed = xq_unit_store_remove_exercise (self->units_dir, self->id, i, &error);
  if (removed == NULL)
    {
      status (self, error->message, TRUE);
      return;
    }
  unit = g_strdup (self->id);
  g_signal_emit (self, signals[RELOAD], 0);
  json = xq_lesson_write_object (removed, NULL);
  text = g_strdup_printf (_("The exercise “%s” is deleted."), exercise_id (removed));
  /* Undo needs the unit, the place and the exercise itself. */
  g_signal_emit (self, signals[TOAST], 0, text, "exercise-restore", g_variant_new ("(sus)", unit, i, json));
}

static void
exercise_restore_action (GSimpleAction *action, GVariant *param, gpointer data)
{
  XqUnitList *self = data;
  const char *unit, *json;
  guint i;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;

  g_variant_get (param, "(&su&s)", &unit, &i, &json);
  node = json_from_string (json, &error);
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node) ||
      !xq_unit_store_insert_exercise (self->units_dir, unit, i, json_node_get_object (node), &error))
    status (self, error != NULL ? error->message : _("The exercise could not come back."), TRUE);
  if (g_strcmp0 (unit, self->id) == 0)
    g_signal_emit (self, signals[RELOAD], 0);
}

/* ---- API ------------------------------------------------------------------------ */

GtkWidget *
xq_unit_list_new (void)
{
  return g_object_new (XQ_TYPE_UNIT_LIST, NULL);
}

void
xq_unit_list_show (XqUnitList *self, const char *units_dir, const char *id, gboolean on_disk,
                   GPtrArray *exercises)
{
  g_return_if_fail (XQ_IS_UNIT_LIST (self));
  g_return_if_fail (units_dir != NULL && id != NULL && exercises != NULL);
  g_free (self->units_dir);
  self->units_dir = g_strdup (units_dir);
  g_free (self->id);
  self->id = g_strdup (id);
  self->on_disk = on_disk;
  g_clear_pointer (&self->exercises, g_ptr_array_unref);
  self->exercises = g_ptr_array_ref (exercises);
  refresh_exercises (self);
  xq_unit_list_refresh (self);
}

GPtrArray *
xq_unit_list_get_units (XqUnitList *self)
{
  g_return_val_if_fail (XQ_IS_UNIT_LIST (self), NULL);
  if (self->units == NULL)
    self->units = g_ptr_array_new ();
  return self->units;
}

GtkListBox *
xq_unit_list_get_exercise_box (XqUnitList *self)
{
  g_return_val_if_fail (XQ_IS_UNIT_LIST (self), NULL);
  return self->exercises_box;
}

GActionGroup *
xq_unit_list_get_actions (XqUnitList *self)
{
  g_return_val_if_fail (XQ_IS_UNIT_LIST (self), NULL);
  return G_ACTION_GROUP (self->actions);
}

/* ---- GObject -------------------------------------------------------------------- */

static void
xq_unit_list_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), XQ_TYPE_UNIT_LIST);
  G_OBJECT_CLASS (xq_unit_list_parent_class)->dispose (object);
}

static void
xq_unit_list_finalize (GObject *object)
{
  XqUnitList *self = XQ_UNIT_LIST (object);

  g_clear_object (&self->actions);
  g_clear_pointer (&self->units_dir, g_free);
  g_clear_pointer (&self->id, g_free);
  g_clear_pointer (&self->units, g_ptr_array_unref);
  g_clear_pointer (&self->exercises, g_ptr_array_unref);
  G_OBJECT_CLASS (xq_unit_list_parent_class)->finalize (object);
}

static void
xq_unit_list_class_init (XqUnitListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_unit_list_dispose;
  object_class->finalize = xq_unit_list_finalize;

  signals[OPEN_UNIT] = g_signal_new ("open-unit", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                     NULL, NULL, NULL, G_TYPE_NONE, 3,
                                     G_TYPE_STRING, G_TYPE_STRING, G_TYPE_BOOLEAN);
  signals[RELOAD] = g_signal_new ("reload", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[STATUS] = g_signal_new ("status", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_BOOLEAN);
  signals[TOAST] = g_signal_new ("toast", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                 NULL, NULL, NULL, G_TYPE_NONE, 3,
                                 G_TYPE_STRING, G_TYPE_STRING, G_TYPE_VARIANT);
  signals[NEW_UNIT] = g_signal_new ("new-unit", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[EXERCISE_ACTIVATED] = g_signal_new ("exercise-activated", G_TYPE_FROM_CLASS (klass),
                                              G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                              G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_set_template_from_resource (widget_class, APP_PATH "/ui/xq-unit-list.ui");
  gtk_widget_class_bind_template_child (widget_class, XqUnitList, units_box);
  gtk_widget_class_bind_template_child (widget_class, XqUnitList, exercises_box);
  gtk_widget_class_bind_template_callback (widget_class, unit_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, exercise_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, new_unit_cb);
}

static void
xq_unit_list_init (XqUnitList *self)
{
  static const GActionEntry entries[] = {
    { "unit-up", unit_up_action, "s", NULL, NULL, { 0 } },
    { "unit-down", unit_down_action, "s", NULL, NULL, { 0 } },
    { "unit-duplicate", unit_duplicate_action, "s", NULL, NULL, { 0 } },
    { "unit-delete", unit_delete_action, "s", NULL, NULL, { 0 } },
    { "unit-restore", unit_restore_action, "s", NULL, NULL, { 0 } },
    { "exercise-up", exercise_up_action, "u", NULL, NULL, { 0 } },
    { "exercise-down", exercise_down_action, "u", NULL, NULL, { 0 } },
    { "exercise-duplicate", exercise_duplicate_action, "u", NULL, NULL, { 0 } },
    { "exercise-uncopy", exercise_uncopy_action, "(sus)", NULL, NULL, { 0 } },
    { "exercise-delete", exercise_delete_action, "u", NULL, NULL, { 0 } },
    { "exercise-restore", exercise_restore_action, "(sus)", NULL, NULL, { 0 } },
  };

  gtk_widget_init_template (GTK_WIDGET (self));
  self->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), entries, G_N_ELEMENTS (entries), self);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "units", G_ACTION_GROUP (self->actions));
}
