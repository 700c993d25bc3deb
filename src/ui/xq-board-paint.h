/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Plain helpers shared by the board widgets (XqBoardView, XqEditorBoard,
 * XqLessonBoard): one key map, one cursor rule, one pixel transform. */

#pragma once

#include <gtk/gtk.h>

#include "xq-render.h"

G_BEGIN_DECLS

GdkTexture *xq_board_paint_texture_for_surface (cairo_surface_t *surface);

/* One piece or token alone in a size x size texture (device pixels), drawn
 * in style: a palette or tray button, a drag icon, a legend.  NULL (and a
 * warning) if the renderer fails. */
GdkTexture *xq_board_paint_piece_texture       (XqPiece              piece,
                                                const XqRenderStyle *style,
                                                int                  size);
GdkTexture *xq_board_paint_token_texture       (const XqToken       *token,
                                                const XqRenderStyle *style,
                                                int                  size);

/* The pictures of single pieces a widget keeps (one per piece, at one size
 * in one style); asking at another size or in another style draws them
 * again.  Zero-initialise; xq_piece_textures_clear() frees. */
typedef struct
{
  GdkTexture    *tex[16];
  XqRenderStyle  style;
  int            size;
  gboolean       from_cache;
} XqPieceTextures;

/* Borrowed; NULL if the renderer fails. */
GdkTexture *xq_piece_textures_get              (XqPieceTextures     *set,
                                                XqPiece              piece,
                                                const XqRenderStyle *style,
                                                int                  size);
/* The same piece surface the board is composed from (a piece moving over
 * the board must match the pieces at rest to the pixel). */
GdkTexture *xq_piece_textures_get_from_cache   (XqPieceTextures       *set,
                                                XqRenderCache         *cache,
                                                XqPiece                piece,
                                                const XqRenderStyle   *style,
                                                const XqBoardGeometry *geom);
void        xq_piece_textures_clear            (XqPieceTextures     *set);

/* "Red horse": a piece's name for screen readers and tooltips; NULL for
 * no piece. */
const char *xq_board_piece_name                (XqPiece       piece);

/* A piece carried in a drag: the one payload every board, palette and tray
 * offers and accepts (a guint: nothing outside the app offers that type).
 * from is the point it was lifted from, or XQ_NO_SQUARE off the board. */
#define XQ_TYPE_PIECE_DRAG G_TYPE_UINT
GdkContentProvider *xq_board_paint_drag_content (XqPiece       piece,
                                                 XqSquare      from);
/* FALSE for anything that is not a piece drag. */
gboolean    xq_board_paint_parse_drag          (const GValue *value,
                                                XqPiece      *piece,
                                                XqSquare     *from);

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
