/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-board-paint"

#include "config.h"

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
