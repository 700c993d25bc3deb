/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-editor-board"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-board-paint.h"
#include "xq-board-settings.h"
#include "xq-editor-board.h"

struct _XqEditorBoard
{
  GtkWidget parent_instance;

  /* Owned */
  XqRenderCache *cache;
  XqPosition     pos;
  XqRenderStyle  style;
  XqAnnotations  annots;
  gboolean       editable;
  gboolean       lift_pieces;

  /* The keyboard's focus point and the piece it lifted */
  XqSquare       cursor;
  gboolean       cursor_shown;  /* only after the keyboard was used */
  XqSquare       held;

  /* The drag in progress */
  XqSquare       drag_from;
  guint          drag_button;
  gboolean       drag_moved;
  double         start_x, start_y, pointer_x, pointer_y;
};

G_DEFINE_FINAL_TYPE (XqEditorBoard, xq_editor_board, GTK_TYPE_WIDGET)

enum {
  SIGNAL_CHANGED,
  SIGNAL_POINT_ACTIVATED,
  SIGNAL_ARROW,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum {
  PROP_0,
  PROP_FLIPPED,
  PROP_STYLE,   /* the XQ_BOARD_STYLE_N_PROPS style properties from here */
  N_PROPS = PROP_STYLE + XQ_BOARD_STYLE_N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
geometry (XqEditorBoard *self, XqBoardGeometry *geom)
{
  xq_board_paint_geometry (GTK_WIDGET (self), self->style.flipped, 1, geom);
}

XqSquare
xq_editor_board_pick (XqEditorBoard *self, double x, double y)
{
  XqBoardGeometry geom;

  g_return_val_if_fail (XQ_IS_EDITOR_BOARD (self), XQ_NO_SQUARE);
  geometry (self, &geom);
  return xq_board_geometry_pick (&geom, x, y);
}

/* ---- Drawing ---------------------------------------------------------------- */

static void
xq_editor_board_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  XqEditorBoard *self = XQ_EDITOR_BOARD (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  gboolean lifted = self->drag_moved && self->drag_button == GDK_BUTTON_PRIMARY &&
                    self->drag_from != XQ_NO_SQUARE && self->pos.board[self->drag_from] != XQ_EMPTY;
  XqPosition shown = self->pos;
  cairo_t *cr;

  if (width < 8 || height < 8)
    return;
  /* The lifted piece follows the pointer instead of standing on its point. */
  if (lifted)
    xq_position_put (&shown, self->drag_from, XQ_EMPTY);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  xq_render_cache_draw (self->cache, cr, &shown, &self->style, &self->annots, width, height);
  if (lifted)
    {
      XqBoardGeometry geom;
      cairo_surface_t *piece;
      double x, y;

      geometry (self, &geom);
      piece = xq_render_cache_get_piece (self->cache, self->pos.board[self->drag_from], &self->style, &geom);
      xq_render_cache_piece_origin (&geom, self->pointer_x, self->pointer_y, &x, &y);
      cairo_set_source_surface (cr, piece, x, y);
      cairo_paint (cr);
    }
  /* The keyboard's point: a blue ring, dashed while it carries a piece. */
  if (self->cursor_shown && gtk_widget_has_focus (widget))
    {
      XqBoardGeometry geom;
      double cx, cy, r;

      geometry (self, &geom);
      r = xq_board_geometry_piece_radius (&geom) + 3;
      cairo_set_source_rgb (cr, 0x35 / 255.0, 0x84 / 255.0, 0xe4 / 255.0);
      cairo_set_line_width (cr, 3);
      if (self->held != XQ_NO_SQUARE)
        {
          xq_board_geometry_center (&geom, self->held, &cx, &cy);
          cairo_new_sub_path (cr);
          cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
          cairo_stroke (cr);
          cairo_set_dash (cr, (double[]) { 6, 4 }, 2, 0);
        }
      xq_board_geometry_center (&geom, self->cursor, &cx, &cy);
      cairo_new_sub_path (cr);
      cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
      cairo_stroke (cr);
    }
  cairo_destroy (cr);
}

static void
xq_editor_board_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  *minimum = 180;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 420 : 470;
}

/* ---- Editing ---------------------------------------------------------------- */

void
xq_editor_board_put (XqEditorBoard *self, XqSquare sq, XqPiece piece)
{
  g_return_if_fail (XQ_IS_EDITOR_BOARD (self));
  g_return_if_fail (sq >= 0 && sq < XQ_SQUARES);

  xq_position_put (&self->pos, sq, piece);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

void
xq_editor_board_drag_piece (XqEditorBoard *self, XqSquare from, XqSquare to)
{
  XqPiece piece;

  g_return_if_fail (XQ_IS_EDITOR_BOARD (self));
  g_return_if_fail (from >= 0 && from < XQ_SQUARES);

  piece = self->pos.board[from];
  if (piece == XQ_EMPTY || from == to)
    return;
  xq_position_put (&self->pos, from, XQ_EMPTY);
  if (to != XQ_NO_SQUARE)
    xq_position_put (&self->pos, to, piece);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

static void
drag_begin_cb (XqEditorBoard  *self,
               double          x,
               double          y,
               GtkGestureDrag *gesture)
{
  self->drag_button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  gtk_widget_grab_focus (GTK_WIDGET (self));
  self->drag_from = xq_editor_board_pick (self, x, y);
  self->drag_moved = FALSE;
  self->start_x = self->pointer_x = x;
  self->start_y = self->pointer_y = y;
  if (self->drag_from == XQ_NO_SQUARE)
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
  else
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
drag_update_cb (XqEditorBoard  *self,
                double          dx,
                double          dy,
                GtkGestureDrag *gesture)
{
  self->pointer_x = self->start_x + dx;
  self->pointer_y = self->start_y + dy;
  if (!self->drag_moved &&
      gtk_drag_check_threshold (GTK_WIDGET (self), 0, 0, (int) dx, (int) dy))
    self->drag_moved = TRUE;
  if (self->drag_moved)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drag_end_cb (XqEditorBoard  *self,
             double          dx,
             double          dy,
             GtkGestureDrag *gesture)
{
  XqSquare from = self->drag_from;
  XqSquare to = xq_editor_board_pick (self, self->start_x + dx, self->start_y + dy);
  gboolean moved = self->drag_moved;

  self->drag_from = XQ_NO_SQUARE;
  self->drag_moved = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (from == XQ_NO_SQUARE)
    return;
  /* A press that hardly moved is a click on its point. */
  if (!moved)
    {
      g_signal_emit (self, signals[SIGNAL_POINT_ACTIVATED], 0, from, self->drag_button);
      return;
    }
  if (self->drag_button == GDK_BUTTON_PRIMARY && self->editable)
    xq_editor_board_drag_piece (self, from, to);
  else if (self->drag_button == GDK_BUTTON_SECONDARY && to != XQ_NO_SQUARE && to != from)
    g_signal_emit (self, signals[SIGNAL_ARROW], 0, from, to);
}

static gboolean
drop_cb (XqEditorBoard *self,
         const GValue  *value,
         double         x,
         double         y,
         GtkDropTarget *target)
{
  XqSquare sq = xq_editor_board_pick (self, x, y);
  XqPiece piece;
  XqSquare from;

  if (!self->editable || sq == XQ_NO_SQUARE || !xq_board_paint_parse_drag (value, &piece, &from))
    return FALSE;
  xq_editor_board_put (self, sq, piece);
  return TRUE;
}

/* ---- Keyboard ---------------------------------------------------------------- */

static void
update_cursor_label (XqEditorBoard *self)
{
  char name[3];
  g_autofree char *label = NULL;

  xq_square_to_text (self->cursor, name);
  if (self->held != XQ_NO_SQUARE)
    {
      char from[3];
      xq_square_to_text (self->held, from);
      /* TRANSLATORS: the board editor's keyboard point while it carries a piece: "e3, moving the piece from e0" */
      label = g_strdup_printf (_("Board editor, point %s, moving the piece from %s"), name, from);
    }
  else
    label = g_strdup_printf (_("Board editor, point %s"), name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

static gboolean
key_move (GtkWidget *widget,
          int        dfile,
          int        drank)
{
  XqEditorBoard *self = XQ_EDITOR_BOARD (widget);

  /* The first arrow only shows where the point is. */
  if (self->cursor_shown)
    self->cursor = xq_board_keys_step (self->cursor, dfile, drank, self->style.flipped);
  self->cursor_shown = TRUE;
  update_cursor_label (self);
  gtk_widget_queue_draw (widget);
  return TRUE;
}

static gboolean
key_activate (GtkWidget *widget)
{
  XqEditorBoard *self = XQ_EDITOR_BOARD (widget);
  XqSquare from = self->held;

  if (!self->cursor_shown)
    {
      /* The first key press only shows where the point is. */
      self->cursor_shown = TRUE;
      update_cursor_label (self);
      gtk_widget_queue_draw (widget);
      return TRUE;
    }
  self->held = XQ_NO_SQUARE;
  if (from != XQ_NO_SQUARE)
    {
      /* Enter on the lifted piece's own point puts it back. */
      if (from != self->cursor && self->editable)
        xq_editor_board_drag_piece (self, from, self->cursor);
    }
  else if (self->editable && self->lift_pieces && self->pos.board[self->cursor] != XQ_EMPTY)
    self->held = self->cursor;
  else
    g_signal_emit (self, signals[SIGNAL_POINT_ACTIVATED], 0, self->cursor, GDK_BUTTON_PRIMARY);
  update_cursor_label (self);
  gtk_widget_queue_draw (widget);
  return TRUE;
}

static gboolean
key_clear (GtkWidget *widget)
{
  XqEditorBoard *self = XQ_EDITOR_BOARD (widget);

  if (!self->cursor_shown || !self->editable || self->pos.board[self->cursor] == XQ_EMPTY)
    return FALSE;
  if (self->held == self->cursor)
    self->held = XQ_NO_SQUARE;
  xq_editor_board_put (self, self->cursor, XQ_EMPTY);
  return TRUE;
}

static gboolean
key_cancel (GtkWidget *widget)
{
  XqEditorBoard *self = XQ_EDITOR_BOARD (widget);

  if (self->held == XQ_NO_SQUARE)
    return FALSE;
  self->held = XQ_NO_SQUARE;
  update_cursor_label (self);
  gtk_widget_queue_draw (widget);
  return TRUE;
}

/* The keys of XqBoardView, and Delete/BackSpace to clear a point. */
static const XqBoardKeys editor_keys = {
  .move_cursor = key_move,
  .activate = key_activate,
  .cancel = key_cancel,
  .clear = key_clear,
};

/* ---- API ---------------------------------------------------------------------- */

XqSquare
xq_editor_board_get_cursor (XqEditorBoard *self)
{
  g_return_val_if_fail (XQ_IS_EDITOR_BOARD (self), XQ_NO_SQUARE);
  return self->cursor;
}

void
xq_editor_board_set_cursor (XqEditorBoard *self, XqSquare sq)
{
  g_return_if_fail (XQ_IS_EDITOR_BOARD (self));
  g_return_if_fail (sq >= 0 && sq < XQ_SQUARES);
  self->cursor = sq;
  self->cursor_shown = TRUE;
  update_cursor_label (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

XqSquare
xq_editor_board_get_held (XqEditorBoard *self)
{
  g_return_val_if_fail (XQ_IS_EDITOR_BOARD (self), XQ_NO_SQUARE);
  return self->held;
}

void
xq_editor_board_set_lift_pieces (XqEditorBoard *self, gboolean lift)
{
  g_return_if_fail (XQ_IS_EDITOR_BOARD (self));
  self->lift_pieces = !!lift;
  if (!lift)
    self->held = XQ_NO_SQUARE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

GtkWidget *
xq_editor_board_new (void)
{
  return g_object_new (XQ_TYPE_EDITOR_BOARD, NULL);
}

void
xq_editor_board_set_position (XqEditorBoard *self, const XqPosition *pos)
{
  g_return_if_fail (XQ_IS_EDITOR_BOARD (self));
  g_return_if_fail (pos != NULL);

  self->pos = *pos;
  self->held = XQ_NO_SQUARE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const XqPosition *
xq_editor_board_get_position (XqEditorBoard *self)
{
  g_return_val_if_fail (XQ_IS_EDITOR_BOARD (self), NULL);
  return &self->pos;
}

void
xq_editor_board_set_editable (XqEditorBoard *self, gboolean editable)
{
  g_return_if_fail (XQ_IS_EDITOR_BOARD (self));
  self->editable = !!editable;
}

void
xq_editor_board_set_flipped (XqEditorBoard *self, gboolean flipped)
{
  g_return_if_fail (XQ_IS_EDITOR_BOARD (self));
  if (self->style.flipped == !!flipped)
    return;
  self->style.flipped = !!flipped;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FLIPPED]);
}

gboolean
xq_editor_board_get_flipped (XqEditorBoard *self)
{
  g_return_val_if_fail (XQ_IS_EDITOR_BOARD (self), FALSE);
  return self->style.flipped;
}


void
xq_editor_board_set_annotations (XqEditorBoard *self, const XqAnnotations *annots)
{
  g_return_if_fail (XQ_IS_EDITOR_BOARD (self));
  if (annots != NULL)
    self->annots = *annots;
  else
    xq_annotations_clear (&self->annots);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ---- GObject ------------------------------------------------------------------ */

static void
xq_editor_board_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  XqEditorBoard *self = XQ_EDITOR_BOARD (object);

  if (prop_id >= PROP_STYLE && prop_id < N_PROPS)
    {
      xq_board_settings_get_style (&self->style, prop_id - PROP_STYLE, value);
      return;
    }
  switch (prop_id)
    {
    case PROP_FLIPPED:
      g_value_set_boolean (value, self->style.flipped);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
xq_editor_board_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  XqEditorBoard *self = XQ_EDITOR_BOARD (object);

  if (prop_id >= PROP_STYLE && prop_id < N_PROPS)
    {
      if (xq_board_settings_set_style (&self->style, prop_id - PROP_STYLE, value))
        {
          gtk_widget_queue_draw (GTK_WIDGET (self));
          g_object_notify_by_pspec (object, pspec);
        }
      return;
    }
  switch (prop_id)
    {
    case PROP_FLIPPED:
      xq_editor_board_set_flipped (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
xq_editor_board_finalize (GObject *object)
{
  XqEditorBoard *self = XQ_EDITOR_BOARD (object);

  g_clear_pointer (&self->cache, xq_render_cache_free);
  G_OBJECT_CLASS (xq_editor_board_parent_class)->finalize (object);
}

static void
xq_editor_board_class_init (XqEditorBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = xq_editor_board_finalize;
  object_class->get_property = xq_editor_board_get_property;
  object_class->set_property = xq_editor_board_set_property;
  widget_class->snapshot = xq_editor_board_snapshot;
  widget_class->measure = xq_editor_board_measure;

  /**
   * XqEditorBoard::changed:
   *
   * The pieces changed through a drag, a drop or xq_editor_board_put().
   */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * XqEditorBoard::point-activated:
   * @sq: the point
   * @button: the mouse button (1 primary, 3 secondary)
   *
   * A click on a point.
   */
  signals[SIGNAL_POINT_ACTIVATED] =
    g_signal_new ("point-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_UINT);
  /**
   * XqEditorBoard::arrow:
   * @from: where the right-drag started
   * @to: where it ended
   *
   * A right-drag between two points.
   */
  signals[SIGNAL_ARROW] =
    g_signal_new ("arrow", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_INT);

  /* The style follows the preferences (xq-board-settings.h); flipped is
   * each editor's own, as its Flip button sets it. */
  xq_board_settings_style_pspecs (&properties[PROP_STYLE]);
  properties[PROP_FLIPPED] =
    g_param_spec_boolean ("flipped", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  xq_board_keys_install (widget_class, &editor_keys);

  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
  gtk_widget_class_set_css_name (widget_class, "xq-editor-board");
}

static void
xq_editor_board_init (XqEditorBoard *self)
{
  GtkDropTarget *drop = gtk_drop_target_new (XQ_TYPE_PIECE_DRAG, GDK_ACTION_COPY);
  GtkEventController *focus;

  self->cache = xq_render_cache_new ();
  xq_render_style_init (&self->style);
  xq_annotations_clear (&self->annots);
  xq_position_clear (&self->pos);
  self->editable = TRUE;
  self->drag_from = XQ_NO_SQUARE;
  self->lift_pieces = TRUE;
  self->cursor = xq_sq_make (4, 0);
  self->held = XQ_NO_SQUARE;
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  focus = gtk_event_controller_focus_new ();
  g_signal_connect_swapped (focus, "enter", G_CALLBACK (gtk_widget_queue_draw), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (gtk_widget_queue_draw), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);

  /* Button 0: a right-drag draws an arrow. */
  xq_board_drag_install (GTK_WIDGET (self), 0, G_CALLBACK (drag_begin_cb),
                         G_CALLBACK (drag_update_cb), G_CALLBACK (drag_end_cb));

  g_signal_connect_swapped (drop, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));

  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Board editor"), -1);
  xq_board_settings_bind (xq_board_settings_get_default (), self);
}
