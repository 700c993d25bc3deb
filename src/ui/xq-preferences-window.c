/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-preferences-window"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-preferences-window.h"
#include "xq-window.h"

struct _XqPreferencesWindow
{
  AdwPreferencesWindow parent_instance;

  /* Template widgets */
  AdwComboRow *piece_set_row;
  AdwComboRow *theme_row;
  AdwComboRow *notation_row;
  AdwComboRow *clock_row;
  GtkSwitch   *coordinates_switch;
  GtkSwitch   *sounds_switch;

  /* Owned */
  GSettings   *settings;
};

G_DEFINE_FINAL_TYPE (XqPreferencesWindow, xq_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

/* The order of each combo row's items, as names stored in GSettings. */
static const char *const piece_set_names[] = { "traditional", "simplified", "pictogram", "auto", NULL };
static const char *const theme_names[] = { "wood", "contrast", "print", NULL };
static const char *const notation_names[] = { "chinese-traditional", "chinese-simplified", "wxf", "auto", NULL };
static const char *const clock_names[] = { "none", "sudden-5", "sudden-10", "sudden-20", "sudden-30",
                                           "s0-6.1", "s0-6.2", "s0-6.3", "s0-6.4", NULL };

static gboolean
name_to_index (GValue   *value,
               GVariant *variant,
               gpointer  user_data)
{
  const char *const *names = user_data;
  const char *name = g_variant_get_string (variant, NULL);

  for (guint i = 0; names[i] != NULL; i++)
    if (g_str_equal (names[i], name))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  /* An unknown stored name (from a newer version) shows the first item. */
  g_value_set_uint (value, 0);
  return TRUE;
}

static GVariant *
index_to_name (const GValue       *value,
               const GVariantType *expected_type,
               gpointer            user_data)
{
  const char *const *names = user_data;
  guint index = g_value_get_uint (value);

  if (index >= g_strv_length ((char **) names))
    return NULL;
  return g_variant_new_string (names[index]);
}

static void
bind_combo (XqPreferencesWindow *self,
            const char          *key,
            AdwComboRow         *row,
            const char *const   *names)
{
  g_settings_bind_with_mapping (self->settings, key, row, "selected", G_SETTINGS_BIND_DEFAULT,
                                name_to_index, index_to_name, (gpointer) names, NULL);
}

static void
xq_preferences_window_dispose (GObject *object)
{
  XqPreferencesWindow *self = XQ_PREFERENCES_WINDOW (object);

  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (object), XQ_TYPE_PREFERENCES_WINDOW);

  G_OBJECT_CLASS (xq_preferences_window_parent_class)->dispose (object);
}

static void
xq_preferences_window_class_init (XqPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_preferences_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, APP_PATH "/ui/xq-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, XqPreferencesWindow, piece_set_row);
  gtk_widget_class_bind_template_child (widget_class, XqPreferencesWindow, theme_row);
  gtk_widget_class_bind_template_child (widget_class, XqPreferencesWindow, notation_row);
  gtk_widget_class_bind_template_child (widget_class, XqPreferencesWindow, clock_row);
  gtk_widget_class_bind_template_child (widget_class, XqPreferencesWindow, coordinates_switch);
  gtk_widget_class_bind_template_child (widget_class, XqPreferencesWindow, sounds_switch);
}

static void
xq_preferences_window_init (XqPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (XQ_SETTINGS_SCHEMA);
  bind_combo (self, "piece-set", self->piece_set_row, piece_set_names);
  bind_combo (self, "board-theme", self->theme_row, theme_names);
  bind_combo (self, "notation", self->notation_row, notation_names);
  bind_combo (self, "clock", self->clock_row, clock_names);
  g_settings_bind (self->settings, "show-coordinates", self->coordinates_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "sounds", self->sounds_switch, "active", G_SETTINGS_BIND_DEFAULT);
}

XqPreferencesWindow *
xq_preferences_window_new (GtkWindow *parent)
{
  return g_object_new (XQ_TYPE_PREFERENCES_WINDOW, "transient-for", parent, NULL);
}
