/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-board-settings"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-board-settings.h"
#include "xq-settings.h"

GType
xq_piece_set_get_type (void)
{
  static gsize type = 0;

  if (g_once_init_enter (&type))
    {
      /* From the renderer's table of sets (xq-piece-sets.c): the nicks are
       * the names stored in settings.  GLib keeps the array for the life
       * of the type, which is the program's. */
      GEnumValue *values = g_new0 (GEnumValue, XQ_N_PIECE_SETS + 1);

      for (int i = 0; i < XQ_N_PIECE_SETS; i++)
        {
          g_autofree char *upper = g_ascii_strup (xq_piece_set_to_string (i), -1);
          g_autofree char *name = g_strconcat ("XQ_PIECE_SET_", upper, NULL);

          values[i] = (GEnumValue) { i, g_intern_string (name), xq_piece_set_to_string (i) };
        }
      g_once_init_leave (&type, g_enum_register_static ("XqPieceSet", values));
    }
  return type;
}

GType
xq_theme_get_type (void)
{
  static gsize type = 0;

  if (g_once_init_enter (&type))
    {
      static const GEnumValue values[] = {
        { XQ_THEME_WOOD, "XQ_THEME_WOOD", "wood" },
        { XQ_THEME_CONTRAST, "XQ_THEME_CONTRAST", "contrast" },
        { XQ_THEME_PRINT, "XQ_THEME_PRINT", "print" },
        { 0, NULL, NULL }
      };
      g_once_init_leave (&type, g_enum_register_static ("XqTheme", values));
    }
  return type;
}

void
xq_board_settings_style_pspecs (GParamSpec **pspecs)
{
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  g_return_if_fail (pspecs != NULL);
  pspecs[XQ_BOARD_STYLE_PIECE_SET] =
    g_param_spec_enum ("piece-set", NULL, NULL, XQ_TYPE_PIECE_SET, XQ_PIECE_SET_TRADITIONAL, flags);
  pspecs[XQ_BOARD_STYLE_THEME] =
    g_param_spec_enum ("theme", NULL, NULL, XQ_TYPE_THEME, XQ_THEME_WOOD, flags);
  pspecs[XQ_BOARD_STYLE_SHOW_COORDINATES] =
    g_param_spec_boolean ("show-coordinates", NULL, NULL, FALSE, flags);
}

void
xq_board_settings_get_style (const XqRenderStyle *style,
                             XqBoardStyleProp     which,
                             GValue              *value)
{
  g_return_if_fail (style != NULL);

  switch (which)
    {
    case XQ_BOARD_STYLE_PIECE_SET:
      g_value_set_enum (value, style->pieces);
      break;
    case XQ_BOARD_STYLE_THEME:
      g_value_set_enum (value, style->theme);
      break;
    case XQ_BOARD_STYLE_SHOW_COORDINATES:
      g_value_set_boolean (value, style->coordinates);
      break;
    case XQ_BOARD_STYLE_N_PROPS:
    default:
      g_return_if_reached ();
    }
}

gboolean
xq_board_settings_set_style (XqRenderStyle    *style,
                             XqBoardStyleProp  which,
                             const GValue     *value)
{
  XqRenderStyle old;

  g_return_val_if_fail (style != NULL, FALSE);

  old = *style;
  switch (which)
    {
    case XQ_BOARD_STYLE_PIECE_SET:
      style->pieces = g_value_get_enum (value);
      break;
    case XQ_BOARD_STYLE_THEME:
      style->theme = g_value_get_enum (value);
      break;
    case XQ_BOARD_STYLE_SHOW_COORDINATES:
      style->coordinates = g_value_get_boolean (value);
      break;
    case XQ_BOARD_STYLE_N_PROPS:
    default:
      g_return_val_if_reached (FALSE);
    }
  return !xq_render_style_equal (&old, style);
}

GSettings *
xq_board_settings_get_default (void)
{
  static GSettings *settings = NULL;
  static gsize looked_up = 0;

  if (g_once_init_enter (&looked_up))
    {
      GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
      g_autoptr(GSettingsSchema) schema = NULL;
      GSettings *found = NULL;

      if (source != NULL)
        schema = g_settings_schema_source_lookup (source, XQ_SETTINGS_SCHEMA, TRUE);
      if (schema != NULL)
        found = g_settings_new_full (schema, NULL, NULL);
      /* Kept for the life of the process: every board holds bindings on it. */
      settings = found;
      g_once_init_leave (&looked_up, 1);
    }
  return settings;
}

XqPieceSet
xq_board_settings_piece_set (const char *value)
{
  XqPieceSet set = XQ_PIECE_SET_TRADITIONAL;

  /* "auto" follows the interface language, as the notation does: Chinese
   * readers get the script they read, everyone else the traditional set. */
  if (g_strcmp0 (value, "auto") == 0)
    /* Translators: the piece set used when the preference is "Automatic".
     * Write exactly one of: traditional, simplified. */
    value = C_("piece-set-default", "traditional");
  if (!xq_piece_set_from_string (value, &set))
    set = XQ_PIECE_SET_TRADITIONAL;
  return set;
}

static gboolean
piece_set_mapping (GValue   *value,
                   GVariant *variant,
                   gpointer  user_data)
{
  g_value_set_enum (value, xq_board_settings_piece_set (g_variant_get_string (variant, NULL)));
  return TRUE;
}

XqTheme
xq_board_settings_theme (const char *value)
{
  XqTheme theme = XQ_THEME_WOOD;

  if (!xq_theme_from_string (value, &theme))
    theme = XQ_THEME_WOOD;
  return theme;
}

static gboolean
theme_mapping (GValue   *value,
               GVariant *variant,
               gpointer  user_data)
{
  g_value_set_enum (value, xq_board_settings_theme (g_variant_get_string (variant, NULL)));
  return TRUE;
}

void
xq_board_settings_bind (GSettings *settings,
                        gpointer   board)
{
  g_return_if_fail (settings == NULL || G_IS_SETTINGS (settings));
  g_return_if_fail (G_IS_OBJECT (board));

  if (settings == NULL)
    return;
  g_settings_bind_with_mapping (settings, "piece-set", board, "piece-set", G_SETTINGS_BIND_GET,
                                piece_set_mapping, NULL, NULL, NULL);
  g_settings_bind_with_mapping (settings, "board-theme", board, "theme", G_SETTINGS_BIND_GET,
                                theme_mapping, NULL, NULL, NULL);
  g_settings_bind (settings, "show-coordinates", board, "show-coordinates", G_SETTINGS_BIND_GET);
}
