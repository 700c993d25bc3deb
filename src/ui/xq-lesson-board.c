/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-lesson-board"

#include "config.h"

#include <math.h>

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
};

G_DEFINE_FINAL_TYPE (XqLessonBoard, xq_lesson_board, GTK_TYPE_WIDGET)

enum {
  TAP,
  REFUSED,
  N_SIGNALS
};

static guint signals [N_SIGNALS];

void
xq_lesson_board_marks_to_annotations (const XqLessonMarks *marks,
                                      const XqPosition    *pos,
                                      XqAnnotations       *annots)
{
  xq_annotations_clear (annots);
  if (marks == NULL)
    return;
  for (int i = 0; i < marks->n_marks; i++)
    {
      const XqLessonMark *m = &marks->marks[i];
      gboolean occupied = pos != NULL && pos->board[m->sq] != XQ_EMPTY;
      XqColorRole role;

      switch (m->role)
        {
        case XQ_LESSON_ROLE_CORRECT:  role = XQ_ROLE_GOOD; break;
        case XQ_LESSON_ROLE_WRONG:    role = XQ_ROLE_BAD; break;
        case XQ_LESSON_ROLE_BLOCKER:  role = XQ_ROLE_BAD; break;
        case XQ_LESSON_ROLE_ATTACK:   role = XQ_ROLE_WARNING; break;
        case XQ_LESSON_ROLE_SCREEN:   role = XQ_ROLE_WARNING; break;
        case XQ_LESSON_ROLE_MOVE:     role = XQ_ROLE_LAST_MOVE; break;
        case XQ_LESSON_ROLE_TARGET:   role = XQ_ROLE_SELECTION; break;
        case XQ_LESSON_ROLE_MISSING:  role = XQ_ROLE_HINT; break;
        case XQ_LESSON_ROLE_STAR:
        case XQ_LESSON_ROLE_HIGHLIGHT:
        default:                      role = XQ_ROLE_HINT; break;
        }

      switch (m->kind)
        {
        case XQ_LESSON_MARK_ARROW:
          xq_annotations_add_arrow (annots, role, m->sq, m->to);
          break;
        case XQ_LESSON_MARK_STAR:
          xq_annotations_add (annots, XQ_MARK_STAR, XQ_ROLE_DEFAULT, m->sq);
          break;
        case XQ_LESSON_MARK_CROSS:
          /* The renderer has no cross; a red ring says "not here" in print,
           * and the lesson board draws the cross itself on top. */
          xq_annotations_add (annots, XQ_MARK_CIRCLE, XQ_ROLE_BAD, m->sq);
          break;
        case XQ_LESSON_MARK_POINT:
        default:
          /* A ring keeps a piece's character readable; an empty point gets
           * the tinted square. */
          xq_annotations_add (annots, occupied ? XQ_MARK_CIRCLE : XQ_MARK_HIGHLIGHT, role, m->sq);
          break;
        }
    }
}

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
  xq_lesson_board_marks_to_annotations (&self->marks, pos, &annots);
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

static void
tap_pressed_cb (XqLessonBoard   *self,
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
  gtk_widget_queue_draw (self->marks_area);
}

static void
xq_lesson_board_dispose (GObject *object)
{
  XqLessonBoard *self = XQ_LESSON_BOARD (object);

  g_clear_pointer (&self->overlay, gtk_widget_unparent);
  g_clear_object (&self->model);

  G_OBJECT_CLASS (xq_lesson_board_parent_class)->dispose (object);
}

static void
xq_lesson_board_class_init (XqLessonBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_lesson_board_dispose;

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

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "xq-lesson-board");
}

static void
xq_lesson_board_init (XqLessonBoard *self)
{
  GtkGesture *click;
  GtkEventController *key;

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

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect_swapped (click, "pressed", G_CALLBACK (tap_pressed_cb), self);
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
xq_lesson_board_set_style (XqLessonBoard *self,
                           XqPieceSet     set,
                           XqTheme        theme)
{
  g_return_if_fail (XQ_IS_LESSON_BOARD (self));

  self->style.pieces = set;
  self->style.theme = theme;
  xq_board_view_set_piece_set (self->view, set);
  xq_board_view_set_theme (self->view, theme);
  gtk_widget_queue_draw (self->marks_area);
}
