/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-board-view"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "xq-board-paint.h"
#include "xq-board-settings.h"
#include "xq-board-view-private.h"
#include "xq-sound-player.h"

/* A played move slides for this long: long enough to see which piece moved,
 * short enough not to hold up the next click. */
#define ANIMATION_USEC (160 * 1000)


G_DEFINE_FINAL_TYPE (XqBoardView, xq_board_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_MODEL,
  PROP_STYLE,   /* the XQ_BOARD_STYLE_N_PROPS style properties from here */
  N_PROPS = PROP_STYLE + XQ_BOARD_STYLE_N_PROPS
};

static GParamSpec *properties [N_PROPS];

enum {
  MOVE,
  REFUSED,
  MARKS_CLEARED,
  N_SIGNALS
};

static guint signals [N_SIGNALS];

/* ---- Textures -------------------------------------------------------------- */

void
xq_board_view_invalidate_frame (XqBoardView *self)
{
  g_clear_object (&self->frame);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
invalidate_all (XqBoardView *self)
{
  xq_piece_textures_clear (&self->moving);
  xq_render_cache_clear (self->cache);
  xq_board_view_invalidate_frame (self);
}

static int
scale_factor (XqBoardView *self)
{
  return MAX (1, gtk_widget_get_scale_factor (GTK_WIDGET (self)));
}

/* Geometry in device pixels, for drawing. */
static void
device_geometry (XqBoardView     *self,
                 XqBoardGeometry *geom)
{
  xq_board_paint_geometry (GTK_WIDGET (self), self->style.flipped, scale_factor (self), geom);
}

/* Geometry in widget coordinates, for input. */
static void
widget_geometry (XqBoardView     *self,
                 XqBoardGeometry *geom)
{
  xq_board_paint_geometry (GTK_WIDGET (self), self->style.flipped, 1, geom);
}

/* The square whose piece is drawn on its own (dragged or sliding), if any. */
static XqSquare
floating_square (XqBoardView *self)
{
  if (self->drag_active)
    return self->drag_from;
  if (self->anim_move != XQ_MOVE_NONE)
    return xq_move_to (self->anim_move);
  return XQ_NO_SQUARE;
}

static void
build_annotations (XqBoardView   *self,
                   XqAnnotations *annots)
{
  XqSquare targets[XQ_MAX_MOVES];
  XqMove last;
  XqSquare sel, check;
  int n;

  xq_annotations_clear (annots);
  if (self->model == NULL)
    return;

  last = xq_board_model_get_last_move (self->model);
  if (last != XQ_MOVE_NONE)
    {
      xq_annotations_add (annots, XQ_MARK_LAST_MOVE, XQ_ROLE_LAST_MOVE, xq_move_from (last));
      xq_annotations_add (annots, XQ_MARK_LAST_MOVE, XQ_ROLE_LAST_MOVE, xq_move_to (last));
    }
  sel = xq_board_model_get_selected (self->model);
  if (sel != XQ_NO_SQUARE)
    {
      xq_annotations_add (annots, XQ_MARK_HIGHLIGHT, XQ_ROLE_SELECTION, sel);
      n = xq_board_model_get_targets (self->model, targets);
      for (int i = 0; i < n; i++)
        xq_annotations_add (annots, XQ_MARK_DOT, XQ_ROLE_DEFAULT, targets[i]);
    }
  check = xq_board_model_get_check_square (self->model);
  if (check != XQ_NO_SQUARE)
    xq_annotations_add (annots, XQ_MARK_CHECK, XQ_ROLE_WARNING, check);
  for (int i = 0; i < self->marks.n_marks && annots->n_marks < XQ_MAX_MARKS; i++)
    annots->marks[annots->n_marks++] = self->marks.marks[i];
}

/* Composes the resting picture once per change; frames during a drag or an
 * animation then only add one piece texture on top of it. */
static void
ensure_frame (XqBoardView *self,
              int          width,
              int          height)
{
  XqAnnotations annots;
  XqPosition pos;
  XqSquare floating;
  cairo_surface_t *surface;

  if (self->frame != NULL && self->frame_w == width && self->frame_h == height)
    return;
  g_clear_object (&self->frame);

  if (self->model != NULL)
    pos = *xq_board_model_get_position (self->model);
  else
    xq_position_clear (&pos);
  floating = floating_square (self);
  if (floating != XQ_NO_SQUARE)
    pos.board[floating] = XQ_EMPTY;  /* only drawn, never played on */

  build_annotations (self, &annots);
  surface = xq_render_cache_compose (self->cache, &pos, &self->style, &annots, width, height);
  self->frame = xq_board_paint_texture_for_surface (surface);
  self->frame_w = width;
  self->frame_h = height;
  cairo_surface_destroy (surface);
}

static void
append_piece (XqBoardView           *self,
              GtkSnapshot           *snapshot,
              XqPiece                piece,
              const XqBoardGeometry *geom,
              double                 cx,
              double                 cy)
{
  GdkTexture *tex = xq_piece_textures_get_from_cache (&self->moving, self->cache, piece, &self->style, geom);
  double x, y;

  if (tex == NULL)
    return;
  xq_render_cache_piece_origin (geom, cx, cy, &x, &y);
  gtk_snapshot_append_texture (snapshot, tex,
                               &GRAPHENE_RECT_INIT (x, y,
                                                    gdk_texture_get_width (tex),
                                                    gdk_texture_get_height (tex)));
}

static double
ease_out_cubic (double t)
{
  double p = t - 1.0;
  return p * p * p + 1.0;
}

static gboolean
resize_done_cb (gpointer user_data)
{
  XqBoardView *self = user_data;

  self->resize_timeout = 0;
  xq_board_view_invalidate_frame (self);
  return G_SOURCE_REMOVE;
}

/* While the window is being resized, the last frame is drawn scaled (a
 * texture scale costs nothing) and the board is rasterised again only when
 * the size has stayed put for a moment: a new size costs ~8 ms of librsvg. */
static gboolean
snapshot_scaled_frame (XqBoardView *self,
                       GtkSnapshot *snapshot,
                       int          width,
                       int          height)
{
  XqBoardGeometry old_geom, new_geom;
  double k;

  if (self->frame == NULL || (self->frame_w == width && self->frame_h == height) ||
      self->drag_active || self->anim_move != XQ_MOVE_NONE)
    return FALSE;

  if (self->resize_timeout != 0)
    g_source_remove (self->resize_timeout);
  self->resize_timeout = g_timeout_add (120, resize_done_cb, self);

  xq_board_geometry_init (&old_geom, self->frame_w, self->frame_h, self->style.flipped);
  xq_board_geometry_init (&new_geom, width, height, self->style.flipped);
  k = new_geom.cell / old_geom.cell;
  gtk_snapshot_append_texture (snapshot, self->frame,
                               &GRAPHENE_RECT_INIT (new_geom.board_x - old_geom.board_x * k,
                                                    new_geom.board_y - old_geom.board_y * k,
                                                    self->frame_w * k, self->frame_h * k));
  return TRUE;
}

static void
xq_board_view_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  XqBoardView *self = XQ_BOARD_VIEW (widget);
  XqBoardGeometry geom;
  const XqPosition *pos;
  int scale = scale_factor (self);
  int width = gtk_widget_get_width (widget) * scale;
  int height = gtk_widget_get_height (widget) * scale;

  if (width <= 0 || height <= 0 || self->model == NULL)
    return;

  device_geometry (self, &geom);
  pos = xq_board_model_get_position (self->model);

  gtk_snapshot_save (snapshot);
  if (scale != 1)
    gtk_snapshot_scale (snapshot, 1.0 / scale, 1.0 / scale);

  if (snapshot_scaled_frame (self, snapshot, width, height))
    {
      gtk_snapshot_restore (snapshot);
      return;
    }
  ensure_frame (self, width, height);

  gtk_snapshot_append_texture (snapshot, self->frame,
                               &GRAPHENE_RECT_INIT (0, 0, width, height));

  if (self->drag_active && pos->board[self->drag_from] != XQ_EMPTY)
    {
      append_piece (self, snapshot, pos->board[self->drag_from], &geom,
                    self->drag_x * scale, self->drag_y * scale);
    }
  else if (self->anim_move != XQ_MOVE_NONE)
    {
      double fx, fy, tx, ty, t;

      t = (double) (g_get_monotonic_time () - self->anim_start) / ANIMATION_USEC;
      t = ease_out_cubic (CLAMP (t, 0.0, 1.0));
      xq_board_geometry_center (&geom, xq_move_from (self->anim_move), &fx, &fy);
      xq_board_geometry_center (&geom, xq_move_to (self->anim_move), &tx, &ty);
      append_piece (self, snapshot, self->anim_piece, &geom,
                    fx + (tx - fx) * t, fy + (ty - fy) * t);
    }

  if (self->cursor_shown && gtk_widget_has_focus (widget) && self->cursor != XQ_NO_SQUARE)
    {
      GskRoundedRect ring;
      GdkRGBA accent;
      double cx, cy, r;

      xq_board_geometry_center (&geom, self->cursor, &cx, &cy);
      r = xq_board_geometry_piece_radius (&geom) + 3 * scale;
      gdk_rgba_parse (&accent, "#3584e4");
      gsk_rounded_rect_init_from_rect (&ring, &GRAPHENE_RECT_INIT (cx - r, cy - r, 2 * r, 2 * r), r);
      gtk_snapshot_append_border (snapshot, &ring,
                                  (float[4]) { 3 * scale, 3 * scale, 3 * scale, 3 * scale },
                                  (GdkRGBA[4]) { accent, accent, accent, accent });
    }

  gtk_snapshot_restore (snapshot);
}

static GtkSizeRequestMode
xq_board_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void
xq_board_view_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  /* Small enough for a phone-sized window; the board then scales with the
   * window, keeping its shape (the renderer centres it). */
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 240;
      *natural = 540;
    }
  else
    {
      *minimum = (int) (240 / xq_board_aspect_ratio ());
      *natural = (int) (540 / xq_board_aspect_ratio ());
    }
}

/* ---- Moves ----------------------------------------------------------------- */

/* Tries from -> to: emits ::move if it is legal, else refuses it.  Returns
 * whether the move went out. */
static gboolean
try_move (XqBoardView *self,
          XqSquare     from,
          XqSquare     to,
          gboolean     animate)
{
  if (!xq_board_model_is_legal (self->model, from, to))
    {
      if (self->sounds)
        xq_sound_play (XQ_SOUND_REFUSED);
      g_signal_emit (self, signals[REFUSED], 0, from, to);
      return FALSE;
    }
  self->suppress_animation = !animate;
  g_signal_emit (self, signals[MOVE], 0, from, to);
  self->suppress_animation = FALSE;
  return TRUE;
}

/* A press or Enter on sq: pick up, put down, or change the picked piece. */
void
xq_board_view_activate_square (XqBoardView *self,
                 XqSquare     sq,
                 gboolean     from_pointer)
{
  XqSquare sel;
  const XqPosition *pos;

  if (self->model == NULL)
    return;
  /* Whatever the press does, the owner's marks were about the board as it
   * was before it. */
  if (self->marks.n_marks > 0)
    {
      xq_board_view_set_marks (self, NULL);
      g_signal_emit (self, signals[MARKS_CLEARED], 0);
    }
  if (!xq_board_model_get_interactive (self->model) || sq == XQ_NO_SQUARE)
    return;

  pos = xq_board_model_get_position (self->model);
  sel = xq_board_model_get_selected (self->model);
  if (sel == sq)
    {
      /* Pressing the picked piece again puts it back, but only on release so
       * a drag can start from it. */
      if (from_pointer)
        self->pending_deselect = TRUE;
      else
        xq_board_model_select (self->model, XQ_NO_SQUARE);
      return;
    }
  if (pos->board[sq] != XQ_EMPTY && xq_piece_color (pos->board[sq]) == pos->side)
    {
      xq_board_model_select (self->model, sq);
      return;
    }
  if (sel != XQ_NO_SQUARE)
    {
      if (!try_move (self, sel, sq, TRUE))
        xq_board_model_select (self->model, XQ_NO_SQUARE);
    }
}

static void
click_pressed_cb (XqBoardView     *self,
                  int              n_press,
                  double           x,
                  double           y,
                  GtkGestureClick *gesture)
{
  self->pending_deselect = FALSE;
  if (gtk_widget_get_focusable (GTK_WIDGET (self)))
    gtk_widget_grab_focus (GTK_WIDGET (self));
  self->cursor_shown = FALSE;
  xq_board_view_activate_square (self, xq_board_view_pick (self, x, y), TRUE);
}

static void
click_released_cb (XqBoardView     *self,
                   int              n_press,
                   double           x,
                   double           y,
                   GtkGestureClick *gesture)
{
  if (self->pending_deselect && !self->drag_active)
    xq_board_model_select (self->model, XQ_NO_SQUARE);
  self->pending_deselect = FALSE;
}

static void
drag_begin_cb (XqBoardView    *self,
               double          x,
               double          y,
               GtkGestureDrag *gesture)
{
  self->drag_start_x = x;
  self->drag_start_y = y;
  self->drag_active = FALSE;
  self->drag_pending = TRUE;
  self->drag_from = xq_board_view_pick (self, x, y);
}

static void
drag_update_cb (XqBoardView    *self,
                double          dx,
                double          dy,
                GtkGestureDrag *gesture)
{
  const XqPosition *pos;

  if (self->model == NULL)
    return;

  if (self->drag_pending)
    {
      if (!gtk_drag_check_threshold (GTK_WIDGET (self), 0, 0, (int) dx, (int) dy))
        return;
      self->drag_pending = FALSE;
      pos = xq_board_model_get_position (self->model);
      /* Only the side to move's pieces can be dragged; anything else is left
       * to other gestures (e.g. scrolling on a touch screen). */
      if (!xq_board_model_get_interactive (self->model) || self->drag_from == XQ_NO_SQUARE ||
          pos->board[self->drag_from] == XQ_EMPTY ||
          xq_piece_color (pos->board[self->drag_from]) != pos->side)
        {
          gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
          return;
        }
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
      self->pending_deselect = FALSE;
      xq_board_model_select (self->model, self->drag_from);
      self->drag_active = TRUE;
      xq_board_view_invalidate_frame (self);
    }
  if (self->drag_active)
    {
      self->drag_x = self->drag_start_x + dx;
      self->drag_y = self->drag_start_y + dy;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
drag_end_cb (XqBoardView    *self,
             double          dx,
             double          dy,
             GtkGestureDrag *gesture)
{
  XqSquare to;

  self->drag_pending = FALSE;
  if (!self->drag_active)
    return;
  self->drag_active = FALSE;
  to = xq_board_view_pick (self, self->drag_start_x + dx, self->drag_start_y + dy);
  /* Dropped where it was lifted: it stays picked up for a click-click move.
   * Dropped on an illegal point: it goes back. */
  if (to != self->drag_from && to != XQ_NO_SQUARE)
    {
      if (!try_move (self, self->drag_from, to, FALSE))
        xq_board_model_select (self->model, XQ_NO_SQUARE);
    }
  xq_board_view_invalidate_frame (self);
}

/* ---- Animation ------------------------------------------------------------- */

static void
stop_animation (XqBoardView *self)
{
  if (self->anim_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->anim_tick);
  self->anim_tick = 0;
  if (self->anim_move != XQ_MOVE_NONE)
    {
      self->anim_move = XQ_MOVE_NONE;
      xq_board_view_invalidate_frame (self);
    }
}

static gboolean
animation_tick_cb (GtkWidget     *widget,
                   GdkFrameClock *clock,
                   gpointer       user_data)
{
  XqBoardView *self = XQ_BOARD_VIEW (widget);

  if (g_get_monotonic_time () - self->anim_start >= ANIMATION_USEC)
    {
      self->anim_tick = 0;
      self->anim_move = XQ_MOVE_NONE;
      xq_board_view_invalidate_frame (self);
      return G_SOURCE_REMOVE;
    }
  gtk_widget_queue_draw (widget);
  return G_SOURCE_CONTINUE;
}

static void
model_changed_cb (XqBoardView  *self,
                  XqBoardModel *model)
{
  XqMove last = xq_board_model_get_last_move (model);
  const XqPosition *pos = xq_board_model_get_position (model);
  gboolean flipped = xq_board_model_get_flipped (model);

  if (flipped != self->style.flipped)
    {
      self->style.flipped = flipped;
      invalidate_all (self);
    }

  if (last != self->shown_last_move)
    {
      /* Slide only a move played forward from the picture shown so far; an
       * undo or a jump in the record just changes the picture. */
      gboolean forward = last != XQ_MOVE_NONE &&
                         self->shown_board[xq_move_from (last)] != XQ_EMPTY &&
                         self->shown_board[xq_move_from (last)] == pos->board[xq_move_to (last)] &&
                         pos->board[xq_move_from (last)] == XQ_EMPTY;

      stop_animation (self);
      self->shown_last_move = last;
      if (forward && self->animate && !self->suppress_animation &&
          gtk_widget_get_mapped (GTK_WIDGET (self)))
        {
          self->anim_move = last;
          self->anim_piece = pos->board[xq_move_to (last)];
          self->anim_start = g_get_monotonic_time ();
          self->anim_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), animation_tick_cb,
                                                          NULL, NULL);
        }
    }
  memcpy (self->shown_board, pos->board, sizeof self->shown_board);
  xq_board_view_update_accessible_label (self);
  xq_board_view_invalidate_frame (self);
}

/* ---- GObject ----------------------------------------------------------------- */

static void
xq_board_view_dispose (GObject *object)
{
  XqBoardView *self = XQ_BOARD_VIEW (object);

  xq_board_view_set_model (self, NULL);
  g_clear_handle_id (&self->resize_timeout, g_source_remove);
  g_clear_pointer (&self->measure_ms, g_array_unref);

  G_OBJECT_CLASS (xq_board_view_parent_class)->dispose (object);
}

static void
xq_board_view_finalize (GObject *object)
{
  XqBoardView *self = XQ_BOARD_VIEW (object);

  g_clear_object (&self->frame);
  xq_piece_textures_clear (&self->moving);
  g_clear_pointer (&self->cache, xq_render_cache_free);
  g_clear_pointer (&self->announcement, g_free);

  G_OBJECT_CLASS (xq_board_view_parent_class)->finalize (object);
}

static void
xq_board_view_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  XqBoardView *self = XQ_BOARD_VIEW (object);

  if (prop_id >= PROP_STYLE && prop_id < N_PROPS)
    {
      xq_board_settings_get_style (&self->style, prop_id - PROP_STYLE, value);
      return;
    }
  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, self->model);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
xq_board_view_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  XqBoardView *self = XQ_BOARD_VIEW (object);

  if (prop_id >= PROP_STYLE && prop_id < N_PROPS)
    {
      if (xq_board_settings_set_style (&self->style, prop_id - PROP_STYLE, value))
        {
          invalidate_all (self);
          g_object_notify_by_pspec (object, pspec);
        }
      return;
    }
  switch (prop_id)
    {
    case PROP_MODEL:
      xq_board_view_set_model (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
scale_factor_changed_cb (XqBoardView *self)
{
  invalidate_all (self);
}

static void
xq_board_view_class_init (XqBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_board_view_dispose;
  object_class->finalize = xq_board_view_finalize;
  object_class->get_property = xq_board_view_get_property;
  object_class->set_property = xq_board_view_set_property;

  widget_class->snapshot = xq_board_view_snapshot;
  widget_class->measure = xq_board_view_measure;
  widget_class->get_request_mode = xq_board_view_get_request_mode;

  properties [PROP_MODEL] =
    g_param_spec_object ("model", NULL, NULL, XQ_TYPE_BOARD_MODEL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* They follow the preferences (xq-board-settings.h). */
  xq_board_settings_style_pspecs (&properties [PROP_STYLE]);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * XqBoardView::move:
   * @from: the square the piece left
   * @to: the square it went to
   *
   * The learner made a legal move in the model's position.  The view does
   * not change the model: the handler plays the move and updates it.
   */
  signals [MOVE] =
    g_signal_new ("move", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_INT);

  /**
   * XqBoardView::refused:
   * @from: the picked piece
   * @to: the point it could not go to
   *
   * A move the rules forbid was tried; the piece went back.
   */
  signals [REFUSED] =
    g_signal_new ("refused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_INT);

  /**
   * XqBoardView::marks-cleared:
   *
   * A press or Enter on the board cleared the owner's marks
   * (xq_board_view_set_marks).
   */
  signals [MARKS_CLEARED] =
    g_signal_new ("marks-cleared", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  xq_board_keys_install (widget_class, &xq_board_view_keys);

  gtk_widget_class_set_css_name (widget_class, "xq-board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_WIDGET);
}

static void
xq_board_view_init (XqBoardView *self)
{
  GtkGesture *click;

  self->cache = xq_render_cache_new ();
  xq_render_style_init (&self->style);
  self->cursor = xq_sq_make (4, 0);
  self->drag_from = XQ_NO_SQUARE;
  self->animate = TRUE;
  self->sounds = TRUE;
  xq_annotations_clear (&self->marks);

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect_swapped (click, "pressed", G_CALLBACK (click_pressed_cb), self);
  g_signal_connect_swapped (click, "released", G_CALLBACK (click_released_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  xq_board_drag_install (GTK_WIDGET (self), GDK_BUTTON_PRIMARY, G_CALLBACK (drag_begin_cb),
                         G_CALLBACK (drag_update_cb), G_CALLBACK (drag_end_cb));

  g_signal_connect (self, "notify::scale-factor", G_CALLBACK (scale_factor_changed_cb), NULL);
  xq_board_settings_bind (xq_board_settings_get_default (), self);
}

GtkWidget *
xq_board_view_new (void)
{
  return g_object_new (XQ_TYPE_BOARD_VIEW, NULL);
}

void
xq_board_view_set_model (XqBoardView  *self,
                         XqBoardModel *model)
{
  g_return_if_fail (XQ_IS_BOARD_VIEW (self));
  g_return_if_fail (model == NULL || XQ_IS_BOARD_MODEL (model));

  if (self->model == model)
    return;
  if (self->model != NULL)
    {
      g_clear_signal_handler (&self->model_changed_id, self->model);
      g_clear_object (&self->model);
    }
  stop_animation (self);
  self->drag_active = FALSE;
  if (model != NULL)
    {
      self->model = g_object_ref (model);
      self->model_changed_id = g_signal_connect_swapped (model, "changed",
                                                         G_CALLBACK (model_changed_cb), self);
      self->shown_last_move = xq_board_model_get_last_move (model);
      memcpy (self->shown_board, xq_board_model_get_position (model)->board, sizeof self->shown_board);
      self->style.flipped = xq_board_model_get_flipped (model);
      xq_board_view_update_accessible_label (self);
    }
  invalidate_all (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_MODEL]);
}

XqBoardModel *
xq_board_view_get_model (XqBoardView *self)
{
  g_return_val_if_fail (XQ_IS_BOARD_VIEW (self), NULL);
  return self->model;
}

void
xq_board_view_set_marks (XqBoardView         *self,
                         const XqAnnotations *marks)
{
  g_return_if_fail (XQ_IS_BOARD_VIEW (self));

  if (marks != NULL)
    self->marks = *marks;
  else
    xq_annotations_clear (&self->marks);
  xq_board_view_invalidate_frame (self);
}

const XqAnnotations *
xq_board_view_get_marks (XqBoardView *self)
{
  g_return_val_if_fail (XQ_IS_BOARD_VIEW (self), NULL);
  return &self->marks;
}

void
xq_board_view_set_animate (XqBoardView *self,
                           gboolean     animate)
{
  g_return_if_fail (XQ_IS_BOARD_VIEW (self));

  self->animate = !!animate;
  if (!self->animate)
    stop_animation (self);
}

XqSquare
xq_board_view_pick (XqBoardView *self,
                    double       x,
                    double       y)
{
  XqBoardGeometry geom;

  g_return_val_if_fail (XQ_IS_BOARD_VIEW (self), XQ_NO_SQUARE);

  widget_geometry (self, &geom);
  return xq_board_geometry_pick (&geom, x, y);
}

void
xq_board_view_get_point (XqBoardView *self,
                         XqSquare     sq,
                         double      *x,
                         double      *y)
{
  XqBoardGeometry geom;

  g_return_if_fail (XQ_IS_BOARD_VIEW (self));
  g_return_if_fail (sq >= 0 && sq < XQ_SQUARES);

  widget_geometry (self, &geom);
  xq_board_geometry_center (&geom, sq, x, y);
}

void
xq_board_view_set_sounds (XqBoardView *self,
                          gboolean     sounds)
{
  g_return_if_fail (XQ_IS_BOARD_VIEW (self));
  self->sounds = !!sounds;
}

gboolean
xq_board_view_get_animating (XqBoardView *self)
{
  g_return_val_if_fail (XQ_IS_BOARD_VIEW (self), FALSE);
  return self->anim_move != XQ_MOVE_NONE;
}
