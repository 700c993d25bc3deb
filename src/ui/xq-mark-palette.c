/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-mark-palette"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-mark-palette.h"

/* The swatches, in the order shown; each is the wood theme's ink of the
 * colour's role (xq_lesson_mark_color_role). */
static const struct {
  XqLessonMarkColor color;
  const char       *name;   /* NC_("drawing colour", …) */
  const char       *rgb;
} swatches[] = {
  { XQ_LESSON_COLOR_PURPLE, NC_("drawing colour", "Purple"), "#8a4fd8" },
  { XQ_LESSON_COLOR_RED, NC_("drawing colour", "Red"), "#dd3026" },
  { XQ_LESSON_COLOR_GREEN, NC_("drawing colour", "Green"), "#23a04a" },
  { XQ_LESSON_COLOR_BLUE, NC_("drawing colour", "Blue"), "#1f6fc8" },
};

struct _XqMarkPalette
{
  GtkBox            parent_instance;
  GtkWidget        *buttons[G_N_ELEMENTS (swatches)];
  XqLessonMarkColor color;
};

G_DEFINE_FINAL_TYPE (XqMarkPalette, xq_mark_palette, GTK_TYPE_BOX)

enum { PROP_0, PROP_COLOR, N_PROPS };
static GParamSpec *properties[N_PROPS];

static void
toggled_cb (GtkToggleButton *button, XqMarkPalette *self)
{
  guint i = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "swatch"));

  if (gtk_toggle_button_get_active (button) && self->color != swatches[i].color)
    {
      self->color = swatches[i].color;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COLOR]);
    }
}

XqLessonMarkColor
xq_mark_palette_get_color (XqMarkPalette *self)
{
  g_return_val_if_fail (XQ_IS_MARK_PALETTE (self), XQ_LESSON_COLOR_PURPLE);
  return self->color;
}

void
xq_mark_palette_set_color (XqMarkPalette *self, XqLessonMarkColor color)
{
  g_return_if_fail (XQ_IS_MARK_PALETTE (self));
  for (guint i = 0; i < G_N_ELEMENTS (swatches); i++)
    if (swatches[i].color == color)
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->buttons[i]), TRUE);
}

GtkWidget *
xq_mark_palette_get_button (XqMarkPalette *self, XqLessonMarkColor color)
{
  g_return_val_if_fail (XQ_IS_MARK_PALETTE (self), NULL);
  for (guint i = 0; i < G_N_ELEMENTS (swatches); i++)
    if (swatches[i].color == color)
      return self->buttons[i];
  return NULL;
}

static void
xq_mark_palette_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  XqMarkPalette *self = XQ_MARK_PALETTE (object);

  switch (prop_id)
    {
    case PROP_COLOR:
      g_value_set_int (value, self->color);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
xq_mark_palette_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  XqMarkPalette *self = XQ_MARK_PALETTE (object);

  switch (prop_id)
    {
    case PROP_COLOR:
      xq_mark_palette_set_color (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
xq_mark_palette_class_init (XqMarkPaletteClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = xq_mark_palette_get_property;
  object_class->set_property = xq_mark_palette_set_property;
  properties[PROP_COLOR] =
    g_param_spec_int ("color", NULL, NULL, XQ_LESSON_COLOR_NONE, XQ_LESSON_N_COLORS - 1, XQ_LESSON_COLOR_PURPLE,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
xq_mark_palette_init (XqMarkPalette *self)
{
  self->color = XQ_LESSON_COLOR_PURPLE;
  gtk_widget_add_css_class (GTK_WIDGET (self), "linked");
  for (guint i = 0; i < G_N_ELEMENTS (swatches); i++)
    {
      GtkWidget *button = gtk_toggle_button_new ();
      GtkWidget *swatch = gtk_label_new (NULL);
      g_autofree char *markup = g_strdup_printf ("<span foreground=\"%s\" size=\"x-large\">●</span>", swatches[i].rgb);
      /* Translators: tooltip of a colour button on the projector and in the exercise editor, "Draw in red". */
      g_autofree char *tip = g_strdup_printf (_("Draw in %s"),
                                              g_dpgettext2 (GETTEXT_PACKAGE, "drawing colour", swatches[i].name));

      gtk_label_set_markup (GTK_LABEL (swatch), markup);
      gtk_button_set_child (GTK_BUTTON (button), swatch);
      gtk_widget_set_tooltip_text (button, tip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tip, -1);
      if (i > 0)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), GTK_TOGGLE_BUTTON (self->buttons[0]));
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), swatches[i].color == self->color);
      g_object_set_data (G_OBJECT (button), "swatch", GUINT_TO_POINTER (i));
      g_signal_connect (button, "toggled", G_CALLBACK (toggled_cb), self);
      self->buttons[i] = button;
      gtk_box_append (GTK_BOX (self), button);
    }
}

GtkWidget *
xq_mark_palette_new (void)
{
  return g_object_new (XQ_TYPE_MARK_PALETTE, NULL);
}
