/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-lesson-board"

#include "config.h"

#include <math.h>

#include "xq-board-paint.h"
#include "xq-board-settings.h"
#include "xq-kind.h"
#include "xq-lesson-board.h"

struct _XqLessonBoard
{
  GtkWidget parent_instance;

  GtkWidget     *overlay;
  XqBoardView   *view;
  GtkWidget     *marks_area;   /* draws the marks; takes the taps in tap mode */
  XqBoardModel  *model;
  XqLessonMarks  marks;
  XqRenderStyle  style;
  gboolean       tap_mode;

  /* Set-up drags */
  gboolean       drag_pieces;
  XqSquare       drag_from;     /* the point a dragged piece was lifted from */
  XqPiece        drag_piece;
  gboolean       lifted;        /* the model shows drag_from emptied by us */
  gboolean       lifting;
  XqPosition     before_lift;
  XqMove         before_lift_move;
  XqLessonMarks  marks_before_lift;
  GdkTexture    *piece_tex[16];
  int            piece_tex_size;
};

G_DEFINE_FINAL_TYPE (XqLessonBoard, xq_lesson_board, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_STYLE,   /* the XQ_BOARD_STYLE_N_PROPS style properties from here */
  N_PROPS = PROP_STYLE + XQ_BOARD_STYLE_N_PROPS
};

static GParamSpec *properties [N_PROPS];

enum {
  TAP,
  REFUSED,
  PIECE_DROPPED,
  N_SIGNALS
};

static guint signals [N_SIGNALS];

static void
draw_marks (GtkDrawingArea *area,
            cairo_t        *cr,
            int             width,
            int             height,
            gpointer        user_data)
{
  XqLessonBoard *self = user_data;
  XqAnnotations annots;
  XqBoardGeometry geom;
  const XqPosition *pos = xq_board_model_get_position (self->model);

  if (self->marks.n_marks == 0)
    return;

  /* The board view lays its board out in its own allocation, which is the
   * overlay's: the same size as this area. */
  xq_board_geometry_init (&geom, width, height, xq_board_model_get_flipped (self->model));
  xq_lesson_marks_to_annotations (&self->marks, pos, &annots);
  xq_render_paint_annotations (cr, &geom, &self->style, &annots, pos, 0);
  xq_render_paint_annotations (cr, &geom, &self->style, &annots, pos, 1);

  for (int i = 0; i < self->marks.n_marks; i++)
    {
      const XqLessonMark *m = &self->marks.marks[i];
      double x, y, d = 0.22 * geom.cell;

      if (m->kind != XQ_LESSON_MARK_CROSS)
        continue;
      xq_board_geometry_center (&geom, m->sq, &x, &y);
      if (pos->board[m->sq] != XQ_EMPTY)
        {
          /* On a piece the cross becomes a badge at its corner, so the
           * character underneath stays readable. */
          x += 0.33 * geom.cell;
          y -= 0.33 * geom.cell;
          d = 0.1 * geom.cell;
          cairo_arc (cr, x, y, 0.2 * geom.cell, 0, 2 * G_PI);
          cairo_set_source_rgb (cr, 1, 1, 1);
          cairo_fill_preserve (cr);
          cairo_set_source_rgb (cr, 0.75, 0.11, 0.16);
          cairo_set_line_width (cr, 0.03 * geom.cell);
          cairo_stroke (cr);
        }
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_set_line_width (cr, 0.12 * geom.cell);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.85);
      cairo_move_to (cr, x - d, y - d);
      cairo_line_to (cr, x + d, y + d);
      cairo_move_to (cr, x + d, y - d);
      cairo_line_to (cr, x - d, y + d);
      cairo_stroke (cr);
      cairo_set_line_width (cr, 0.07 * geom.cell);
      cairo_set_source_rgb (cr, 0.75, 0.11, 0.16);
      cairo_move_to (cr, x - d, y - d);
      cairo_line_to (cr, x + d, y + d);
      cairo_move_to (cr, x + d, y - d);
      cairo_line_to (cr, x - d, y + d);
      cairo_stroke (cr);
    }
}

/* The tap comes on release: when a press turns into a drag of a placed
 * piece, the drag source claims the sequence and no tap happens. */
static void
tap_released_cb (XqLessonBoard   *self,
                 int              n_press,
                 double           x,
                 double           y,
                 GtkGestureClick *gesture)
{
  XqSquare sq = xq_board_view_pick (self->view, x, y);

  if (sq != XQ_NO_SQUARE)
    xq_lesson_board_tap (self, sq);
}

/* Runs before the board view sees the press (capture phase) and never claims
 * it.  A press that puts the picked piece on a point it cannot go to is a
 * refused move; the view only rings its bell, but a lesson explains why. */
static void
capture_pressed_cb (XqLessonBoard   *self,
                    int              n_press,
                    double           x,
                    double           y,
                    GtkGestureClick *gesture)
{
  const XqPosition *pos;
  XqSquare sq, sel;

  if (self->tap_mode || !xq_board_model_get_interactive (self->model))
    return;
  sel = xq_board_model_get_selected (self->model);
  sq = xq_board_view_pick (self->view, x, y);
  if (sel == XQ_NO_SQUARE || sq == XQ_NO_SQUARE || sq == sel)
    return;
  pos = xq_board_model_get_position (self->model);
  if (pos->board[sq] != XQ_EMPTY && xq_piece_color (pos->board[sq]) == pos->side)
    return;  /* picking up another piece */
  if (!xq_board_model_is_legal (self->model, sel, sq))
    g_signal_emit (self, signals[REFUSED], 0, sel, sq);
}

/* In tap mode Enter and Space tap the point under the board view's
 * keyboard cursor, so tap exercises work without a pointer too. */
static gboolean
key_pressed_cb (XqLessonBoard         *self,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                GtkEventControllerKey *controller)
{
  XqSquare sq;

  if (!self->tap_mode)
    return FALSE;
  if (keyval != GDK_KEY_Return && keyval != GDK_KEY_KP_Enter &&
      keyval != GDK_KEY_space && keyval != GDK_KEY_KP_Space)
    return FALSE;
  sq = xq_board_view_get_cursor (self->view);
  if (sq == XQ_NO_SQUARE)
    return FALSE;
  xq_lesson_board_tap (self, sq);
  return TRUE;
}

static void
model_changed_cb (XqLessonBoard *self)
{
  /* Whoever sets a new position also decides where the lifted piece went. */
  if (!self->lifting)
    self->lifted = FALSE;
  gtk_widget_queue_draw (self->marks_area);
}

/* ---- Set-up drags ---------------------------------------------------------- */

static void
board_geometry (XqLessonBoard   *self,
                XqBoardGeometry *geom)
{
  xq_board_paint_geometry (GTK_WIDGET (self->view), xq_board_model_get_flipped (self->model),
                           1, geom);
}

GdkPaintable *
xq_lesson_board_get_piece_paintable (XqLessonBoard *self,
                                     XqPiece        piece)
{
  XqBoardGeometry geom;
  int size, scale;

  g_return_val_if_fail (XQ_IS_LESSON_BOARD (self), NULL);
  g_return_val_if_fail (piece != XQ_EMPTY && (piece & ~15) == 0, NULL);

  /* The icon has the size the piece has on the board, so a dragged piece
   * does not change size on its way from the tray; before the first layout
   * a tray-sized piece will do. */
  board_geometry (self, &geom);
  scale = MAX (1, gtk_widget_get_scale_factor (GTK_WIDGET (self)));
  size = (int) ceil (2 * xq_board_geometry_piece_radius (&geom));
  if (size < 24)
    size = 48;
  size *= scale;
  if (size != self->piece_tex_size)
    {
      for (int i = 0; i < 16; i++)
        g_clear_object (&self->piece_tex[i]);
      self->piece_tex_size = size;
    }
  if (self->piece_tex[piece] == NULL)
    self->piece_tex[piece] = xq_board_paint_piece_texture (piece, &self->style, size);
  return GDK_PAINTABLE (self->piece_tex[piece]);
}

static XqSquare
pick_from_board (XqLessonBoard *self,
                 double         x,
                 double         y)
{
  double vx, vy;

  if (!gtk_widget_translate_coordinates (GTK_WIDGET (self), GTK_WIDGET (self->view), x, y, &vx, &vy))
    return XQ_NO_SQUARE;
  return xq_board_view_pick (self->view, vx, vy);
}

static GdkContentProvider *
drag_prepare_cb (XqLessonBoard *self,
                 double         x,
                 double         y,
                 GtkDragSource *source)
{
  const XqPosition *pos = xq_board_model_get_position (self->model);
  XqSquare sq;

  if (!self->drag_pieces || !self->tap_mode)
    return NULL;
  sq = pick_from_board (self, x, y);
  if (sq == XQ_NO_SQUARE || pos->board[sq] == XQ_EMPTY)
    return NULL;
  self->drag_from = sq;
  self->drag_piece = pos->board[sq];
  return xq_board_paint_drag_content (self->drag_piece, sq);
}

static void
drag_begin_cb (XqLessonBoard *self,
               GdkDrag       *drag,
               GtkDragSource *source)
{
  GdkPaintable *icon = xq_lesson_board_get_piece_paintable (self, self->drag_piece);
  int scale = MAX (1, gtk_widget_get_scale_factor (GTK_WIDGET (self)));
  XqPosition lifted;

  if (icon != NULL)
    gtk_drag_source_set_icon (source, icon, gdk_paintable_get_intrinsic_width (icon) / (2 * scale),
                              gdk_paintable_get_intrinsic_height (icon) / (2 * scale));

  /* The piece leaves its point while it is in the hand. */
  self->before_lift = *xq_board_model_get_position (self->model);
  self->before_lift_move = xq_board_model_get_last_move (self->model);
  lifted = self->before_lift;
  xq_position_put (&lifted, self->drag_from, XQ_EMPTY);
  /* Nor does praise for it stay on the empty point. */
  self->marks_before_lift = self->marks;
  xq_lesson_marks_clear (&self->marks);
  for (int i = 0; i < self->marks_before_lift.n_marks; i++)
    {
      const XqLessonMark *m = &self->marks_before_lift.marks[i];

      if (m->sq != self->drag_from || m->kind == XQ_LESSON_MARK_ARROW)
        self->marks.marks[self->marks.n_marks++] = *m;
    }
  self->lifting = TRUE;
  xq_board_model_set_position (self->model, &lifted, self->before_lift_move);
  self->lifting = FALSE;
  self->lifted = TRUE;
}

/* Let go outside any drop target (beside the window, say): off the board,
 * back to the tray.  Escape puts the piece back where it was. */
static gboolean
drag_cancel_cb (XqLessonBoard       *self,
                GdkDrag             *drag,
                GdkDragCancelReason  reason,
                GtkDragSource       *source)
{
  if (reason != GDK_DRAG_CANCEL_USER_CANCELLED && self->drag_from != XQ_NO_SQUARE)
    g_signal_emit (self, signals[PIECE_DROPPED], 0, self->drag_piece, self->drag_from, XQ_NO_SQUARE);
  return FALSE;
}

static void
drag_end_cb (XqLessonBoard *self,
             GdkDrag       *drag,
             gboolean       delete_data,
             GtkDragSource *source)
{
  if (self->lifted)
    {
      self->lifting = TRUE;
      xq_board_model_set_position (self->model, &self->before_lift, self->before_lift_move);
      self->lifting = FALSE;
      self->lifted = FALSE;
      self->marks = self->marks_before_lift;
      gtk_widget_queue_draw (self->marks_area);
    }
  self->drag_from = XQ_NO_SQUARE;
  self->drag_piece = XQ_EMPTY;
}

static gboolean
drop_cb (XqLessonBoard *self,
         const GValue  *value,
         double         x,
         double         y,
         GtkDropTarget *target)
{
  XqPiece piece;
  XqSquare from;

  if (!self->drag_pieces || !xq_board_paint_parse_drag (value, &piece, &from))
    return FALSE;
  /* A drop in the margin is off the board, like one beside it. */
  g_signal_emit (self, signals[PIECE_DROPPED], 0, piece, from, pick_from_board (self, x, y));
  return TRUE;
}

static void
xq_lesson_board_dispose (GObject *object)
{
  XqLessonBoard *self = XQ_LESSON_BOARD (object);

  for (int i = 0; i < 16; i++)
    g_clear_object (&self->piece_tex[i]);
  g_clear_pointer (&self->overlay, gtk_widget_unparent);
  g_clear_object (&self->model);

  G_OBJECT_CLASS (xq_lesson_board_parent_class)->dispose (object);
}

static void
xq_lesson_board_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  XqLessonBoard *self = XQ_LESSON_BOARD (object);

  if (prop_id >= PROP_STYLE && prop_id < N_PROPS)
    xq_board_settings_get_style (&self->style, prop_id - PROP_STYLE, value);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
xq_lesson_board_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  XqLessonBoard *self = XQ_LESSON_BOARD (object);

  if (prop_id < PROP_STYLE || prop_id >= N_PROPS)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  if (!xq_board_settings_set_style (&self->style, prop_id - PROP_STYLE, value))
    return;
  for (int i = 0; i < 16; i++)
    g_clear_object (&self->piece_tex[i]);
  gtk_widget_queue_draw (self->marks_area);
  g_object_notify_by_pspec (object, pspec);
}

static void
xq_lesson_board_class_init (XqLessonBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_lesson_board_dispose;
  object_class->get_property = xq_lesson_board_get_property;
  object_class->set_property = xq_lesson_board_set_property;

  /* The style of the view inside, which follows the preferences
   * (xq-board-settings.h); the tray's and the drag icon's pieces use it. */
  xq_board_settings_style_pspecs (&properties [PROP_STYLE]);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * XqLessonBoard::tap:
   * @sq: the point pressed
   *
   * In tap mode, the learner pressed a point of the board.
   */
  signals [TAP] =
    g_signal_new ("tap", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);

  /**
   * XqLessonBoard::refused:
   * @from: the picked piece
   * @to: the point it could not go to
   *
   * The learner tried a move the rules forbid (the view refuses it).
   */
  signals [REFUSED] =
    g_signal_new ("refused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_INT);

  /**
   * XqLessonBoard::piece-dropped:
   * @piece: the dragged piece
   * @from: where it was lifted from, or XQ_NO_SQUARE (the tray)
   * @to: where it was let go, or XQ_NO_SQUARE (off the board)
   *
   * With drag_pieces on, a piece was dragged onto, across or off the board.
   */
  signals [PIECE_DROPPED] =
    g_signal_new ("piece-dropped", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_INT, G_TYPE_INT, G_TYPE_INT);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "xq-lesson-board");
}

static void
xq_lesson_board_init (XqLessonBoard *self)
{
  GtkGesture *click;
  GtkEventController *key;
  GtkDragSource *source;
  GtkDropTarget *drop;

  xq_render_style_init (&self->style);
  xq_lesson_marks_clear (&self->marks);

  self->model = xq_board_model_new ();
  g_signal_connect_object (self->model, "changed", G_CALLBACK (model_changed_cb), self,
                           G_CONNECT_SWAPPED);

  self->overlay = gtk_overlay_new ();
  gtk_widget_set_parent (self->overlay, GTK_WIDGET (self));

  self->view = XQ_BOARD_VIEW (xq_board_view_new ());
  xq_board_view_set_model (self->view, self->model);
  gtk_overlay_set_child (GTK_OVERLAY (self->overlay), GTK_WIDGET (self->view));

  self->marks_area = gtk_drawing_area_new ();
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->marks_area), draw_marks, self, NULL);
  gtk_widget_set_can_target (self->marks_area, FALSE);
  gtk_overlay_add_overlay (GTK_OVERLAY (self->overlay), self->marks_area);
  /* One style for the board and the pieces around it: the view's. */
  for (guint i = PROP_STYLE; i < N_PROPS; i++)
    g_object_bind_property (self->view, g_param_spec_get_name (properties [i]),
                            self, g_param_spec_get_name (properties [i]),
                            G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect_swapped (click, "released", G_CALLBACK (tap_released_cb), self);
  gtk_widget_add_controller (self->marks_area, GTK_EVENT_CONTROLLER (click));

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_CAPTURE);
  gtk_event_controller_set_name (GTK_EVENT_CONTROLLER (click), "xq-lesson-refused");
  g_signal_connect_swapped (click, "pressed", G_CALLBACK (capture_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  key = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (key, GTK_PHASE_CAPTURE);
  g_signal_connect_swapped (key, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), key);

  self->drag_from = XQ_NO_SQUARE;
  source = gtk_drag_source_new ();
  gtk_drag_source_set_actions (source, GDK_ACTION_MOVE);
  gtk_event_controller_set_name (GTK_EVENT_CONTROLLER (source), "xq-lesson-drag");
  g_signal_connect_swapped (source, "prepare", G_CALLBACK (drag_prepare_cb), self);
  g_signal_connect_swapped (source, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect_swapped (source, "drag-cancel", G_CALLBACK (drag_cancel_cb), self);
  g_signal_connect_swapped (source, "drag-end", G_CALLBACK (drag_end_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (source));

  drop = gtk_drop_target_new (XQ_TYPE_PIECE_DRAG, GDK_ACTION_MOVE | GDK_ACTION_COPY);
  gtk_event_controller_set_name (GTK_EVENT_CONTROLLER (drop), "xq-lesson-drop");
  g_signal_connect_swapped (drop, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));

  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
}

GtkWidget *
xq_lesson_board_new (void)
{
  return g_object_new (XQ_TYPE_LESSON_BOARD, NULL);
}

XqBoardView *
xq_lesson_board_get_view (XqLessonBoard *self)
{
  g_return_val_if_fail (XQ_IS_LESSON_BOARD (self), NULL);
  return self->view;
}

XqBoardModel *
xq_lesson_board_get_model (XqLessonBoard *self)
{
  g_return_val_if_fail (XQ_IS_LESSON_BOARD (self), NULL);
  return self->model;
}

void
xq_lesson_board_set_position (XqLessonBoard    *self,
                              const XqPosition *pos,
                              XqMove            last_move,
                              gboolean          interactive)
{
  g_return_if_fail (XQ_IS_LESSON_BOARD (self));
  g_return_if_fail (pos != NULL);

  xq_board_model_set_position (self->model, pos, last_move);
  xq_board_model_set_interactive (self->model, interactive);
  xq_lesson_marks_clear (&self->marks);
  gtk_widget_queue_draw (self->marks_area);
}

void
xq_lesson_board_set_marks (XqLessonBoard       *self,
                           const XqLessonMarks *marks)
{
  g_return_if_fail (XQ_IS_LESSON_BOARD (self));

  if (marks != NULL)
    self->marks = *marks;
  else
    xq_lesson_marks_clear (&self->marks);
  gtk_widget_queue_draw (self->marks_area);
}

const XqLessonMarks *
xq_lesson_board_get_marks (XqLessonBoard *self)
{
  g_return_val_if_fail (XQ_IS_LESSON_BOARD (self), NULL);
  return &self->marks;
}

void
xq_lesson_board_set_tap_mode (XqLessonBoard *self,
                              gboolean       tap_mode)
{
  g_return_if_fail (XQ_IS_LESSON_BOARD (self));

  self->tap_mode = !!tap_mode;
  /* The marks layer lets presses through to the board view unless points
   * are being tapped. */
  gtk_widget_set_can_target (self->marks_area, self->tap_mode);
  if (self->tap_mode)
    xq_board_model_select (self->model, XQ_NO_SQUARE);
}

gboolean
xq_lesson_board_get_tap_mode (XqLessonBoard *self)
{
  g_return_val_if_fail (XQ_IS_LESSON_BOARD (self), FALSE);
  return self->tap_mode;
}

void
xq_lesson_board_tap (XqLessonBoard *self,
                     XqSquare       sq)
{
  g_return_if_fail (XQ_IS_LESSON_BOARD (self));
  g_return_if_fail (sq >= 0 && sq < XQ_SQUARES);

  if (!self->tap_mode)
    return;
  g_signal_emit (self, signals[TAP], 0, sq);
}

void
xq_lesson_board_set_drag_pieces (XqLessonBoard *self,
                                 gboolean       drag_pieces)
{
  g_return_if_fail (XQ_IS_LESSON_BOARD (self));
  self->drag_pieces = !!drag_pieces;
}

gboolean
xq_lesson_board_get_drag_pieces (XqLessonBoard *self)
{
  g_return_val_if_fail (XQ_IS_LESSON_BOARD (self), FALSE);
  return self->drag_pieces;
}

/* ---- An exercise's piece set ---------------------------------------------------- */

typedef struct {
  XqExercisePieces pieces;
  XqPieceSet       preferred;  /* the last set the preferences gave the board */
  gboolean         applying;
} PiecesPin;

#define PIECES_PIN_KEY "xq-lesson-board-pieces"

/* The learner's set: the preferences' when they are there, else (a test
 * without the compiled schema) the last set the board was given. */
static XqPieceSet
preferred_set (const PiecesPin *pin)
{
  GSettings *settings = xq_board_settings_get_default ();
  g_autofree char *value = settings != NULL ? g_settings_get_string (settings, "piece-set") : NULL;

  return value != NULL ? xq_board_settings_piece_set (value) : pin->preferred;
}

static void
pin_apply (GObject *board, PiecesPin *pin)
{
  XqPieceSet want = xq_lesson_piece_set (pin->pieces, preferred_set (pin));
  XqPieceSet now;

  g_object_get (board, "piece-set", &now, NULL);
  if (now == want)
    return;
  pin->applying = TRUE;
  g_object_set (board, "piece-set", want, NULL);
  pin->applying = FALSE;
}

/* The preferences (their binding) set the board: the exercise's set wins. */
static void
pin_notify_cb (GObject *board, GParamSpec *pspec, PiecesPin *pin)
{
  if (pin->applying)
    return;
  g_object_get (board, "piece-set", &pin->preferred, NULL);
  pin_apply (board, pin);
}

void
xq_lesson_board_show_pieces (gpointer         board,
                             XqExercisePieces pieces)
{
  PiecesPin *pin;

  g_return_if_fail (G_IS_OBJECT (board));
  pin = g_object_get_data (board, PIECES_PIN_KEY);
  if (pin == NULL)
    {
      pin = g_new0 (PiecesPin, 1);
      g_object_get (board, "piece-set", &pin->preferred, NULL);
      g_object_set_data_full (board, PIECES_PIN_KEY, pin, g_free);
      g_signal_connect (board, "notify::piece-set", G_CALLBACK (pin_notify_cb), pin);
    }
  pin->pieces = pieces;
  pin_apply (board, pin);
}
