/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-board-settings.h: the one place where boards meet the preferences.
 * Every board widget has the properties "piece-set" (XqPieceSet), "theme"
 * (XqTheme) and "show-coordinates" (boolean) and binds them here when it is
 * made, so a board added later follows Preferences as the others do, and a
 * change in Preferences reaches every open board at once. */
#pragma once

#include <gio/gio.h>

#include "xq-render.h"

G_BEGIN_DECLS

/* GEnum types for the renderer's enums; the nicks are the names
 * xq_piece_set_to_string() and xq_theme_to_string() give, which are the
 * values the settings store. */
#define XQ_TYPE_PIECE_SET (xq_piece_set_get_type ())
#define XQ_TYPE_THEME     (xq_theme_get_type ())
GType       xq_piece_set_get_type          (void) G_GNUC_CONST;
GType       xq_theme_get_type              (void) G_GNUC_CONST;

/* The three style properties, in this order from a widget's first style
 * property id on. */
typedef enum
{
  XQ_BOARD_STYLE_PIECE_SET,
  XQ_BOARD_STYLE_THEME,
  XQ_BOARD_STYLE_SHOW_COORDINATES,
  XQ_BOARD_STYLE_N_PROPS
} XqBoardStyleProp;

/* Fills pspecs[0 .. XQ_BOARD_STYLE_N_PROPS - 1] with the style properties,
 * ready for g_object_class_install_properties(). */
void        xq_board_settings_style_pspecs (GParamSpec          **pspecs);
/* A board's get_property and set_property for one style property; set
 * returns whether style changed (then the board redraws and notifies). */
void        xq_board_settings_get_style    (const XqRenderStyle  *style,
                                            XqBoardStyleProp      which,
                                            GValue               *value);
gboolean    xq_board_settings_set_style    (XqRenderStyle        *style,
                                            XqBoardStyleProp      which,
                                            const GValue         *value);

/* The application's settings, shared by every board; NULL where the schema
 * is not installed (a test run without the compiled schema), and the boards
 * then keep their defaults.  Not a new reference. */
GSettings  *xq_board_settings_get_default  (void);

/* Binds board's "piece-set", "theme" and "show-coordinates" to settings
 * (read only: a board never writes the preferences).  settings NULL: does
 * nothing. */
void        xq_board_settings_bind         (GSettings  *settings,
                                            gpointer    board);

/* The piece set a "piece-set" value names: "auto" gives the set of the
 * interface language's script, an unknown name the traditional set. */
XqPieceSet  xq_board_settings_piece_set    (const char *value);
/* The theme a "board-theme" value names; an unknown name gives wood. */
XqTheme     xq_board_settings_theme        (const char *value);

G_END_DECLS
