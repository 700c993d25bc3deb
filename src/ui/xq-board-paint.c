/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-board-paint"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-board-paint.h"

/* Wraps an ARGB32 image surface without copying; the texture keeps its own
 * reference to the surface.  GDK_MEMORY_DEFAULT is cairo's ARGB32 layout. */
GdkTexture *
xq_board_paint_texture_for_surface (cairo_surface_t *surface)
{
  g_autoptr(GBytes) bytes = NULL;
  int width, height, stride;

  g_return_val_if_fail (surface != NULL, NULL);

  cairo_surface_flush (surface);
  width = cairo_image_surface_get_width (surface);
  height = cairo_image_surface_get_height (surface);
  stride = cairo_image_surface_get_stride (surface);
  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface),
                                      (gsize) stride * height,
                                      (GDestroyNotify) cairo_surface_destroy,
                                      cairo_surface_reference (surface));
  return gdk_memory_texture_new (width, height, GDK_MEMORY_DEFAULT, bytes, stride);
}

static GdkTexture *
texture_for_svg (char *svg, int size)
{
  g_autofree char *owned = svg;
  g_autoptr(GError) error = NULL;
  cairo_surface_t *surface = xq_render_rasterize_svg (owned, size, size, &error);
  GdkTexture *texture;

  if (surface == NULL)
    {
      g_warning ("piece picture: %s", error->message);
      return NULL;
    }
  texture = xq_board_paint_texture_for_surface (surface);
  cairo_surface_destroy (surface);
  return texture;
}

GdkTexture *
xq_board_paint_piece_texture (XqPiece              piece,
                              const XqRenderStyle *style,
                              int                  size)
{
  g_return_val_if_fail (style != NULL, NULL);
  g_return_val_if_fail (xq_piece_type (piece) != XQ_NO_TYPE, NULL);
  g_return_val_if_fail (size > 0, NULL);

  return texture_for_svg (xq_render_piece_svg (piece, style, size), size);
}

GdkTexture *
xq_board_paint_token_texture (const XqToken       *token,
                              const XqRenderStyle *style,
                              int                  size)
{
  g_return_val_if_fail (token != NULL && style != NULL, NULL);
  g_return_val_if_fail (size > 0, NULL);

  return texture_for_svg (xq_render_token_svg (token, style, size), size);
}

/* Drops the set's pictures unless they were drawn at this size, in this
 * style and from the same source. */
static void
piece_textures_key (XqPieceTextures     *set,
                    const XqRenderStyle *style,
                    int                  size,
                    gboolean             from_cache)
{
  if (set->size == size && set->from_cache == from_cache && xq_render_style_equal (&set->style, style))
    return;
  xq_piece_textures_clear (set);
  set->size = size;
  set->style = *style;
  set->from_cache = from_cache;
}

GdkTexture *
xq_piece_textures_get (XqPieceTextures     *set,
                       XqPiece              piece,
                       const XqRenderStyle *style,
                       int                  size)
{
  g_return_val_if_fail (set != NULL && style != NULL, NULL);
  g_return_val_if_fail (piece != XQ_EMPTY && (piece & ~15) == 0, NULL);

  piece_textures_key (set, style, size, FALSE);
  if (set->tex[piece] == NULL)
    set->tex[piece] = xq_board_paint_piece_texture (piece, style, size);
  return set->tex[piece];
}

GdkTexture *
xq_piece_textures_get_from_cache (XqPieceTextures       *set,
                                  XqRenderCache         *cache,
                                  XqPiece                piece,
                                  const XqRenderStyle   *style,
                                  const XqBoardGeometry *geom)
{
  g_return_val_if_fail (set != NULL && cache != NULL && style != NULL && geom != NULL, NULL);
  g_return_val_if_fail (piece != XQ_EMPTY && (piece & ~15) == 0, NULL);

  /* The disc's radius decides the surface; 64ths of a pixel tell sizes apart. */
  piece_textures_key (set, style, (int) (xq_board_geometry_piece_radius (geom) * 64), TRUE);
  if (set->tex[piece] == NULL)
    {
      cairo_surface_t *surface = xq_render_cache_get_piece (cache, piece, style, geom);

      if (surface == NULL)
        return NULL;
      set->tex[piece] = xq_board_paint_texture_for_surface (surface);
    }
  return set->tex[piece];
}

void
xq_piece_textures_clear (XqPieceTextures *set)
{
  g_return_if_fail (set != NULL);

  for (guint i = 0; i < G_N_ELEMENTS (set->tex); i++)
    g_clear_object (&set->tex[i]);
  set->size = 0;
}

/* piece | (from + 1) << 4: from + 1 keeps XQ_NO_SQUARE (-1) at zero. */
GdkContentProvider *
xq_board_paint_drag_content (XqPiece  piece,
                             XqSquare from)
{
  g_return_val_if_fail (piece != XQ_EMPTY && (piece & ~15) == 0, NULL);
  g_return_val_if_fail (from == XQ_NO_SQUARE || (from >= 0 && from < XQ_SQUARES), NULL);

  return gdk_content_provider_new_typed (XQ_TYPE_PIECE_DRAG, (guint) (piece | (from + 1) << 4));
}

gboolean
xq_board_paint_parse_drag (const GValue *value,
                           XqPiece      *piece,
                           XqSquare     *from)
{
  guint token;
  XqSquare sq;

  if (value == NULL || !G_VALUE_HOLDS (value, XQ_TYPE_PIECE_DRAG))
    return FALSE;
  token = g_value_get_uint (value);
  sq = (XqSquare) (token >> 4) - 1;
  if ((token & 15) == 0 || (token & 7) == 0 || sq < XQ_NO_SQUARE || sq >= XQ_SQUARES)
    return FALSE;
  *piece = token & 15;
  *from = sq;
  return TRUE;
}

const char *
xq_board_piece_name (XqPiece piece)
{
  /* One string per piece so translators can use their own word order. */
  static const char *const names[16] = {
    [XQ_RED << 3 | XQ_KING]       = N_("Red general"),
    [XQ_RED << 3 | XQ_ADVISOR]    = N_("Red advisor"),
    [XQ_RED << 3 | XQ_ELEPHANT]   = N_("Red elephant"),
    [XQ_RED << 3 | XQ_HORSE]      = N_("Red horse"),
    [XQ_RED << 3 | XQ_CHARIOT]    = N_("Red chariot"),
    [XQ_RED << 3 | XQ_CANNON]     = N_("Red cannon"),
    [XQ_RED << 3 | XQ_PAWN]       = N_("Red soldier"),
    [XQ_BLACK << 3 | XQ_KING]     = N_("Black general"),
    [XQ_BLACK << 3 | XQ_ADVISOR]  = N_("Black advisor"),
    [XQ_BLACK << 3 | XQ_ELEPHANT] = N_("Black elephant"),
    [XQ_BLACK << 3 | XQ_HORSE]    = N_("Black horse"),
    [XQ_BLACK << 3 | XQ_CHARIOT]  = N_("Black chariot"),
    [XQ_BLACK << 3 | XQ_CANNON]   = N_("Black cannon"),
    [XQ_BLACK << 3 | XQ_PAWN]     = N_("Black soldier"),
  };

  return names[piece & 15] ? _(names[piece & 15]) : NULL;
}

/* scale 1 gives widget coordinates (input), the scale factor device pixels
 * (drawing); both come from the renderer's one transform, so what is drawn is
 * what is hit. */
void
xq_board_paint_geometry (GtkWidget       *widget,
                         gboolean         flipped,
                         int              scale,
                         XqBoardGeometry *geom)
{
  xq_board_geometry_init (geom,
                          gtk_widget_get_width (widget) * scale,
                          gtk_widget_get_height (widget) * scale,
                          flipped);
}

void
xq_board_paint_scene_geometry (GtkWidget       *widget,
                               XqBoardShape     shape,
                               gboolean         flipped,
                               int              scale,
                               XqBoardGeometry *geom)
{
  xq_scene_geometry_init (geom, shape,
                          gtk_widget_get_width (widget) * scale,
                          gtk_widget_get_height (widget) * scale,
                          flipped);
}

/* The shortcut plumbing (a GVariant for the arrows, user_data for the
 * table) lives here once; the boards see plain calls. */
static gboolean
move_cursor_cb (GtkWidget *widget,
                GVariant  *args,
                gpointer   user_data)
{
  const XqBoardKeys *keys = user_data;
  int dfile, drank;

  g_variant_get (args, "(ii)", &dfile, &drank);
  return keys->move_cursor (widget, dfile, drank);
}

static gboolean
activate_cb (GtkWidget *widget,
             GVariant  *args,
             gpointer   user_data)
{
  return ((const XqBoardKeys *) user_data)->activate (widget);
}

static gboolean
cancel_cb (GtkWidget *widget,
           GVariant  *args,
           gpointer   user_data)
{
  return ((const XqBoardKeys *) user_data)->cancel (widget);
}

static gboolean
clear_cb (GtkWidget *widget,
          GVariant  *args,
          gpointer   user_data)
{
  return ((const XqBoardKeys *) user_data)->clear (widget);
}

/* What gtk_widget_class_add_binding() does, but with the table as the
 * callback's user_data. */
static void
add_key (GtkWidgetClass    *widget_class,
         guint              keyval,
         GtkShortcutFunc    func,
         const XqBoardKeys *keys,
         GVariant          *args)
{
  GtkShortcut *shortcut = gtk_shortcut_new (gtk_keyval_trigger_new (keyval, 0),
                                            gtk_callback_action_new (func, (gpointer) keys, NULL));

  if (args != NULL)
    gtk_shortcut_set_arguments (shortcut, args);
  gtk_widget_class_add_shortcut (widget_class, shortcut);
  g_object_unref (shortcut);
}

static void
add_arrow (GtkWidgetClass    *widget_class,
           const XqBoardKeys *keys,
           guint              keyval,
           guint              kp_keyval,
           int                dfile,
           int                drank)
{
  add_key (widget_class, keyval, move_cursor_cb, keys, g_variant_new ("(ii)", dfile, drank));
  add_key (widget_class, kp_keyval, move_cursor_cb, keys, g_variant_new ("(ii)", dfile, drank));
}

/* Every board answers the same keys, so a learner moving between pages does
 * not relearn them.  keys must outlive the class (a static table). */
void
xq_board_keys_install (GtkWidgetClass    *widget_class,
                       const XqBoardKeys *keys)
{
  g_return_if_fail (keys != NULL && keys->move_cursor != NULL);
  g_return_if_fail (keys->activate != NULL && keys->cancel != NULL);

  add_arrow (widget_class, keys, GDK_KEY_Up, GDK_KEY_KP_Up, 0, 1);
  add_arrow (widget_class, keys, GDK_KEY_Down, GDK_KEY_KP_Down, 0, -1);
  add_arrow (widget_class, keys, GDK_KEY_Left, GDK_KEY_KP_Left, -1, 0);
  add_arrow (widget_class, keys, GDK_KEY_Right, GDK_KEY_KP_Right, 1, 0);
  add_key (widget_class, GDK_KEY_Return, activate_cb, keys, NULL);
  add_key (widget_class, GDK_KEY_KP_Enter, activate_cb, keys, NULL);
  add_key (widget_class, GDK_KEY_space, activate_cb, keys, NULL);
  add_key (widget_class, GDK_KEY_KP_Space, activate_cb, keys, NULL);
  if (keys->clear != NULL)
    {
      add_key (widget_class, GDK_KEY_Delete, clear_cb, keys, NULL);
      add_key (widget_class, GDK_KEY_BackSpace, clear_cb, keys, NULL);
    }
  add_key (widget_class, GDK_KEY_Escape, cancel_cb, keys, NULL);
}

/* Arrows follow the screen: on a flipped board "up" goes towards Red.  The
 * cursor stops at the board's edge. */
XqSquare
xq_board_keys_step (XqSquare cursor,
                    int      dfile,
                    int      drank,
                    gboolean flipped)
{
  g_return_val_if_fail (cursor >= 0 && cursor < XQ_SQUARES, cursor);

  if (flipped)
    {
      dfile = -dfile;
      drank = -drank;
    }
  return xq_sq_make (CLAMP (xq_sq_file (cursor) + dfile, 0, XQ_FILES - 1),
                     CLAMP (xq_sq_rank (cursor) + drank, 0, XQ_RANKS - 1));
}

/* The callbacks are connected swapped: they get the widget first and the
 * gesture last. */
GtkGesture *
xq_board_drag_install (GtkWidget *widget,
                       guint      button,
                       GCallback  begin,
                       GCallback  update,
                       GCallback  end)
{
  GtkGesture *drag = gtk_gesture_drag_new ();

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), button);
  g_signal_connect_swapped (drag, "drag-begin", begin, widget);
  g_signal_connect_swapped (drag, "drag-update", update, widget);
  g_signal_connect_swapped (drag, "drag-end", end, widget);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (drag));
  return drag;
}
