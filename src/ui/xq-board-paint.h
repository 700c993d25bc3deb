/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Plain helpers shared by the board widgets (XqBoardView, XqEditorBoard,
 * XqLessonBoard): one key map, one cursor rule, one pixel transform. */

#pragma once

#include <gtk/gtk.h>

#include "xq-render.h"

G_BEGIN_DECLS

GdkTexture *xq_board_paint_texture_for_surface (cairo_surface_t *surface);

void        xq_board_paint_geometry            (GtkWidget       *widget,
                                                gboolean         flipped,
                                                int              scale,
                                                XqBoardGeometry *geom);

/* The same for a board of either shape (the Game Day board). */
void        xq_board_paint_scene_geometry      (GtkWidget       *widget,
                                                XqBoardShape     shape,
                                                gboolean         flipped,
                                                int              scale,
                                                XqBoardGeometry *geom);

/* What a board does on its keys.  Each returns whether it used the key; a
 * key it leaves goes on to the widgets around the board. */
typedef struct
{
  /* Arrows: a file and a rank step, as the screen shows them. */
  gboolean (*move_cursor) (GtkWidget *widget,
                           int        dfile,
                           int        drank);
  /* Enter and Space */
  gboolean (*activate)    (GtkWidget *widget);
  /* Escape */
  gboolean (*cancel)      (GtkWidget *widget);
  /* Delete and BackSpace; NULL where a board has nothing to clear. */
  gboolean (*clear)       (GtkWidget *widget);
} XqBoardKeys;

void        xq_board_keys_install              (GtkWidgetClass    *widget_class,
                                                const XqBoardKeys *keys);

XqSquare    xq_board_keys_step                 (XqSquare           cursor,
                                                int                dfile,
                                                int                drank,
                                                gboolean           flipped);

GtkGesture *xq_board_drag_install              (GtkWidget       *widget,
                                                guint            button,
                                                GCallback        begin,
                                                GCallback        update,
                                                GCallback        end);

G_END_DECLS
