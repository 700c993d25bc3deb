/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-preferences-window"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-preferences-window.h"
#include "xq-speaker.h"
#include "xq-render.h"
#include "xq-settings.h"

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
  AdwActionRow *speech_row;

  /* Owned */
  GSettings   *settings;
};

G_DEFINE_FINAL_TYPE (XqPreferencesWindow, xq_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

/* The order of each combo row's items, as names stored in GSettings. */
/* The piece sets' row: the renderer's sets in their order, then "auto"
 * (filled in from xq-piece-sets.c by fill_piece_sets, once: the table
 * does not change while the program runs). */
static const char **piece_set_names;
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
fill_piece_sets (AdwComboRow *row)
{
  g_autoptr(GtkStringList) model = gtk_string_list_new (NULL);

  if (g_once_init_enter (&piece_set_names))
    {
      const char **names = g_new0 (const char *, XQ_N_PIECE_SETS + 2);

      for (int i = 0; i < XQ_N_PIECE_SETS; i++)
        names[i] = xq_piece_set_to_string (i);
      names[XQ_N_PIECE_SETS] = "auto";
      g_once_init_leave (&piece_set_names, names);
    }
  for (int i = 0; i < XQ_N_PIECE_SETS; i++)
    gtk_string_list_append (model, _(xq_piece_set_label (i)));
  /* Translators: the piece set follows the interface language's script. */
  gtk_string_list_append (model, _("Automatic"));
  adw_combo_row_set_model (row, G_LIST_MODEL (model));
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

/* ---- Combo rows whose items are read whole --------------------------------------
 * libadwaita's own factory cuts an item to one line ("40 moves in 90 min,
 * then 1…"), in the row and in its list; these labels wrap instead.  In the
 * list a check marks the chosen item, as libadwaita's does. */

static void
whole_label_setup_cb (GtkSignalListItemFactory *factory,
                      GtkListItem              *item,
                      gpointer                  in_list)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  if (in_list)
    {
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *check = gtk_image_new_from_icon_name ("object-select-symbolic");

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 32);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_box_append (GTK_BOX (box), label);
      gtk_box_append (GTK_BOX (box), check);
      gtk_list_item_set_child (item, box);
    }
  else
    {
      /* The chosen item beside the row's title: a short column, right-aligned. */
      gtk_label_set_xalign (GTK_LABEL (label), 1);
      gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_RIGHT);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 22);
      gtk_list_item_set_child (item, label);
    }
}

static void
whole_label_show_check (GtkListItem *item)
{
  AdwComboRow *row = g_object_get_data (G_OBJECT (item), "xq-combo-row");
  GtkWidget *check = gtk_widget_get_last_child (gtk_list_item_get_child (item));

  gtk_widget_set_opacity (check, adw_combo_row_get_selected_item (row) == gtk_list_item_get_item (item) ? 1 : 0);
}

static void
whole_label_bind_cb (GtkSignalListItemFactory *factory,
                     GtkListItem              *item,
                     AdwComboRow              *row)
{
  GtkWidget *child = gtk_list_item_get_child (item);
  const char *text = gtk_string_object_get_string (gtk_list_item_get_item (item));

  if (GTK_IS_LABEL (child))
    {
      gtk_label_set_text (GTK_LABEL (child), text);
      return;
    }
  gtk_label_set_text (GTK_LABEL (gtk_widget_get_first_child (child)), text);
  g_object_set_data (G_OBJECT (item), "xq-combo-row", row);
  g_object_set_data (G_OBJECT (item), "xq-check-handler",
                     GUINT_TO_POINTER (g_signal_connect_swapped (row, "notify::selected-item",
                                                                 G_CALLBACK (whole_label_show_check), item)));
  whole_label_show_check (item);
}

static void
whole_label_unbind_cb (GtkSignalListItemFactory *factory,
                       GtkListItem              *item,
                       AdwComboRow              *row)
{
  gulong handler = GPOINTER_TO_UINT (g_object_steal_data (G_OBJECT (item), "xq-check-handler"));

  if (handler != 0)
    g_signal_handler_disconnect (row, handler);
}

static GtkListItemFactory *
whole_label_factory (AdwComboRow *row,
                     gboolean     in_list)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (whole_label_setup_cb), GINT_TO_POINTER (in_list));
  g_signal_connect (factory, "bind", G_CALLBACK (whole_label_bind_cb), row);
  g_signal_connect (factory, "unbind", G_CALLBACK (whole_label_unbind_cb), row);
  return factory;
}

static void
show_items_whole (AdwComboRow *row)
{
  g_autoptr(GtkListItemFactory) current = whole_label_factory (row, FALSE);
  g_autoptr(GtkListItemFactory) list = whole_label_factory (row, TRUE);

  adw_combo_row_set_factory (row, current);
  adw_combo_row_set_list_factory (row, list);
}

static void
xq_preferences_window_dispose (GObject *object)
{
  XqPreferencesWindow *self = XQ_PREFERENCES_WINDOW (object);

  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (object), XQ_TYPE_PREFERENCES_WINDOW);

  G_OBJECT_CLASS (xq_preferences_window_parent_class)->dispose (object);
}

/* Says once, here, whether the speaker buttons can read aloud, and why not. */
static void
speech_changed_cb (XqPreferencesWindow *self)
{
  XqSpeaker *speaker = xq_speaker_get_default ();
  const char *problem = xq_speaker_get_problem (speaker);

  if (xq_speaker_get_available (speaker))
    adw_action_row_set_subtitle (self->speech_row,
                                 _("The speaker button beside an instruction or an answer reads it aloud"));
  else if (problem != NULL)
    adw_action_row_set_subtitle (self->speech_row, problem);
  else
    adw_action_row_set_subtitle (self->speech_row, _("Looking for the speech service…"));
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
  gtk_widget_class_bind_template_child (widget_class, XqPreferencesWindow, speech_row);
}

static void
xq_preferences_window_init (XqPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (XQ_SETTINGS_SCHEMA);
  fill_piece_sets (self->piece_set_row);
  bind_combo (self, "piece-set", self->piece_set_row, piece_set_names);
  bind_combo (self, "board-theme", self->theme_row, theme_names);
  bind_combo (self, "notation", self->notation_row, notation_names);
  bind_combo (self, "clock", self->clock_row, clock_names);
  show_items_whole (self->clock_row);
  show_items_whole (self->notation_row);
  g_settings_bind (self->settings, "show-coordinates", self->coordinates_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "sounds", self->sounds_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_signal_connect_object (xq_speaker_get_default (), "notify::available", G_CALLBACK (speech_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (xq_speaker_get_default (), "notify::problem", G_CALLBACK (speech_changed_cb),
                           self, G_CONNECT_SWAPPED);
  speech_changed_cb (self);
}

const char *
xq_preferences_window_get_speech_text (XqPreferencesWindow *self)
{
  g_return_val_if_fail (XQ_IS_PREFERENCES_WINDOW (self), NULL);
  return adw_action_row_get_subtitle (self->speech_row);
}

XqPreferencesWindow *
xq_preferences_window_new (GtkWindow *parent)
{
  return g_object_new (XQ_TYPE_PREFERENCES_WINDOW, "transient-for", parent, NULL);
}
