/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-setup-tray"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-board-paint.h"
#include "xq-setup-tray.h"

struct _XqSetupTray
{
  GtkWidget parent_instance;

  GtkWidget             *grid;
  GtkWidget             *buttons[16];
  XqLessonBoard         *board;     /* borrowed */
  const XqAttempt       *attempt;   /* borrowed */
  XqPiece                selected;
  XqSetupTrayPictureFunc picture;
  gpointer               picture_data;
  int                    columns;
};

G_DEFINE_FINAL_TYPE (XqSetupTray, xq_setup_tray, GTK_TYPE_WIDGET)

enum {
  INPUT,
  SAY,
  REFRESH,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void rebuild (XqSetupTray *self);

static gboolean
locked (XqSetupTray *self)
{
  return self->attempt == NULL || self->attempt->solved;
}

static void
emit_input (XqSetupTray *self, XqInputType type, XqSquare sq, XqPiece piece)
{
  XqInput in = { .type = type, .sq = sq, .move = XQ_MOVE_NONE, .piece = piece };

  g_signal_emit (self, signals[INPUT], 0, &in);
}

static void
say (XqSetupTray *self, const char *text, const char *css_class)
{
  g_signal_emit (self, signals[SAY], 0, text, css_class);
}

static void
clicked_cb (GtkButton *button, XqSetupTray *self)
{
  XqPiece piece = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "piece"));

  if (locked (self))
    return;
  self->selected = self->selected == piece ? XQ_EMPTY : piece;
  rebuild (self);
  if (self->selected != XQ_EMPTY)
    say (self, _("Now tap the point where it belongs."), NULL);
}

static GdkContentProvider *
drag_prepare_cb (GtkDragSource *source, double x, double y, XqSetupTray *self)
{
  GtkWidget *button = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));
  XqPiece piece = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "piece"));

  if (locked (self) || self->attempt->tray[piece] <= 0)
    return NULL;
  return xq_board_paint_drag_content (piece, XQ_NO_SQUARE);
}

static void
drag_begin_cb (GtkDragSource *source, GdkDrag *drag, XqSetupTray *self)
{
  GtkWidget *button = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));
  XqPiece piece = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "piece"));
  GdkPaintable *icon = self->board ? xq_lesson_board_get_piece_paintable (self->board, piece) : NULL;
  int scale = MAX (1, gtk_widget_get_scale_factor (button));

  /* Held by its centre, as a piece taken off the board is. */
  if (icon != NULL)
    gtk_drag_source_set_icon (source, icon, gdk_paintable_get_intrinsic_width (icon) / (2 * scale),
                              gdk_paintable_get_intrinsic_height (icon) / (2 * scale));
}

static GtkWidget *
piece_button (XqSetupTray *self, XqPiece piece, int count)
{
  GtkWidget *button = gtk_toggle_button_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GdkPaintable *paintable = self->picture ? self->picture (piece, self->picture_data) : NULL;
  GtkWidget *picture = gtk_picture_new_for_paintable (paintable);
  g_autofree char *n = g_strdup_printf ("×%d", count);
  /* TRANSLATORS: a set-up tray button: a piece's name and how many are left. */
  g_autofree char *name = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %d left", "%s, %d left", count),
                                           xq_board_piece_name (piece), count);
  GtkDragSource *source = gtk_drag_source_new ();

  gtk_widget_set_size_request (picture, 44, 44);
  gtk_box_append (GTK_BOX (box), picture);
  gtk_box_append (GTK_BOX (box), gtk_label_new (n));
  gtk_button_set_child (GTK_BUTTON (button), box);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), self->selected == piece);
  gtk_widget_add_css_class (button, "xq-tray-piece");
  /* The picture alone says nothing to a screen reader or a child unsure of
   * the characters. */
  gtk_widget_set_tooltip_text (button, name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  g_object_set_data (G_OBJECT (button), "piece", GINT_TO_POINTER (piece));
  g_signal_connect (button, "clicked", G_CALLBACK (clicked_cb), self);
  /* Small hands and keyboards keep click-then-tap; a drag is the quicker
   * way for the rest. */
  gtk_drag_source_set_actions (source, GDK_ACTION_MOVE);
  g_signal_connect (source, "prepare", G_CALLBACK (drag_prepare_cb), self);
  g_signal_connect (source, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  gtk_widget_add_controller (button, GTK_EVENT_CONTROLLER (source));
  return button;
}

static void
rebuild (XqSetupTray *self)
{
  /* Red first, in the order the pieces are set out. */
  static const XqPieceType order[] = { XQ_KING, XQ_ADVISOR, XQ_ELEPHANT, XQ_HORSE,
                                       XQ_CHARIOT, XQ_CANNON, XQ_PAWN };
  GtkWidget *child;
  int cell = 0;

  while ((child = gtk_widget_get_first_child (self->grid)) != NULL)
    gtk_grid_remove (GTK_GRID (self->grid), child);
  memset (self->buttons, 0, sizeof self->buttons);
  if (self->attempt != NULL && self->selected != XQ_EMPTY && self->attempt->tray[self->selected] <= 0)
    self->selected = XQ_EMPTY;
  for (int c = XQ_RED; self->attempt != NULL && c <= XQ_BLACK; c++)
    for (guint t = 0; t < G_N_ELEMENTS (order); t++)
      {
        XqPiece piece = xq_piece_make (c, order[t]);

        if (self->attempt->tray[piece] <= 0)
          continue;
        self->buttons[piece & 15] = piece_button (self, piece, self->attempt->tray[piece]);
        /* A grid rather than a flow box: GTK 4.8's flow box measures wrongly
         * inside a centred box. */
        gtk_grid_attach (GTK_GRID (self->grid), self->buttons[piece & 15], cell % self->columns,
                         cell / self->columns, 1, 1);
        cell++;
      }
  gtk_widget_set_visible (GTK_WIDGET (self), cell > 0);
}

void
xq_setup_tray_show (XqSetupTray *self, const XqAttempt *a, gboolean keep_selection)
{
  g_return_if_fail (XQ_IS_SETUP_TRAY (self));
  self->attempt = a;
  if (!keep_selection)
    self->selected = XQ_EMPTY;
  rebuild (self);
}

XqPiece
xq_setup_tray_get_selected (XqSetupTray *self)
{
  g_return_val_if_fail (XQ_IS_SETUP_TRAY (self), XQ_EMPTY);
  return self->selected;
}

void
xq_setup_tray_select (XqSetupTray *self, XqPiece piece)
{
  g_return_if_fail (XQ_IS_SETUP_TRAY (self));
  if (self->selected == piece)
    return;
  self->selected = piece;
  rebuild (self);
}

void
xq_setup_tray_tap (XqSetupTray *self, XqSquare sq)
{
  const XqAttempt *a = self->attempt;

  g_return_if_fail (XQ_IS_SETUP_TRAY (self));
  if (locked (self) || sq < 0 || sq >= XQ_SQUARES)
    return;
  if (self->selected == XQ_EMPTY)
    {
      XqPiece lifted = a->board[sq];

      if (lifted == XQ_EMPTY)
        {
          say (self, _("First pick a piece from the tray."), "accent");
          return;
        }
      /* Lifting a piece puts it back in the tray, ready to be placed again. */
      emit_input (self, XQ_INPUT_LIFT, sq, lifted);
      xq_setup_tray_select (self, lifted);
      say (self, _("Now tap the point where it belongs."), NULL);
      return;
    }
  if (a->board[sq] != XQ_EMPTY)
    {
      say (self, _("Another piece already stands there."), "accent");
      return;
    }
  emit_input (self, XQ_INPUT_PLACE, sq, self->selected);
}

void
xq_setup_tray_drop (XqSetupTray *self, XqPiece piece, XqSquare from, XqSquare to)
{
  const XqAttempt *a = self->attempt;

  g_return_if_fail (XQ_IS_SETUP_TRAY (self));
  if (locked (self) || piece <= 0 || piece >= 16)
    return;
  if (from == XQ_NO_SQUARE)
    {
      if (to == XQ_NO_SQUARE || a->tray[piece] <= 0)
        return;
      if (a->board[to] != XQ_EMPTY)
        say (self, _("Another piece already stands there."), "accent");
      else
        emit_input (self, XQ_INPUT_PLACE, to, piece);
      return;
    }
  /* A refused drop: the board shows the piece back where it stood. */
  if (a->board[from] != piece || to == from)
    {
      g_signal_emit (self, signals[REFRESH], 0);
      return;
    }
  if (to != XQ_NO_SQUARE && a->board[to] != XQ_EMPTY)
    {
      g_signal_emit (self, signals[REFRESH], 0);
      say (self, _("Another piece already stands there."), "accent");
      return;
    }
  /* Lifted first, so a wrong point leaves it in the tray, as a tap would. */
  emit_input (self, XQ_INPUT_LIFT, from, piece);
  if (to == XQ_NO_SQUARE)
    say (self, _("The piece is back in the tray."), NULL);
  else
    emit_input (self, XQ_INPUT_PLACE, to, piece);
}

GtkWidget *
xq_setup_tray_get_button (XqSetupTray *self, XqPiece piece)
{
  g_return_val_if_fail (XQ_IS_SETUP_TRAY (self), NULL);
  return self->buttons[piece & 15];
}

void
xq_setup_tray_set_picture_func (XqSetupTray *self, XqSetupTrayPictureFunc func, gpointer user_data)
{
  g_return_if_fail (XQ_IS_SETUP_TRAY (self));
  self->picture = func;
  self->picture_data = user_data;
  rebuild (self);
}

static void
piece_dropped_cb (XqSetupTray *self, int piece, int from, int to, XqLessonBoard *board)
{
  xq_setup_tray_drop (self, piece, from, to);
}

/* Anywhere beside the board takes a dragged piece off it; the board's own
 * drop target is nearer the pointer and wins there. */
static gboolean
take_back_cb (GtkDropTarget *target, const GValue *value, double x, double y, XqSetupTray *self)
{
  XqPiece piece;
  XqSquare from;

  if (!xq_board_paint_parse_drag (value, &piece, &from))
    return FALSE;
  if (from != XQ_NO_SQUARE)
    xq_setup_tray_drop (self, piece, from, XQ_NO_SQUARE);
  return TRUE;
}

void
xq_setup_tray_set_board (XqSetupTray *self, XqLessonBoard *board, GtkWidget *take_back)
{
  GtkDropTarget *drop = gtk_drop_target_new (G_TYPE_UINT, GDK_ACTION_MOVE);

  g_return_if_fail (XQ_IS_SETUP_TRAY (self));
  g_return_if_fail (self->board == NULL);
  self->board = board;
  g_signal_connect_object (board, "piece-dropped", G_CALLBACK (piece_dropped_cb), self, G_CONNECT_SWAPPED);
  gtk_event_controller_set_name (GTK_EVENT_CONTROLLER (drop), "xq-lesson-take-back");
  g_signal_connect_object (drop, "drop", G_CALLBACK (take_back_cb), self, 0);
  gtk_widget_add_controller (take_back, GTK_EVENT_CONTROLLER (drop));
}

static void
xq_setup_tray_dispose (GObject *object)
{
  XqSetupTray *self = XQ_SETUP_TRAY (object);

  g_clear_pointer (&self->grid, gtk_widget_unparent);
  G_OBJECT_CLASS (xq_setup_tray_parent_class)->dispose (object);
}

static void
xq_setup_tray_class_init (XqSetupTrayClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_setup_tray_dispose;
  /* ::input (XqInput *): something the kind should judge. */
  signals[INPUT] = g_signal_new ("input", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                 NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  /* ::say (text, css class or NULL): a word to the learner. */
  signals[SAY] = g_signal_new ("say", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                               NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);
  /* ::refresh: the board should show the attempt again. */
  signals[REFRESH] = g_signal_new ("refresh", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "xq-setup-tray");
}

static void
xq_setup_tray_init (XqSetupTray *self)
{
  self->columns = 4;
  self->selected = XQ_EMPTY;
  self->grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (self->grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (self->grid), 6);
  gtk_widget_set_parent (self->grid, GTK_WIDGET (self));
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

void
xq_setup_tray_set_columns (XqSetupTray *self, int columns)
{
  g_return_if_fail (XQ_IS_SETUP_TRAY (self));
  g_return_if_fail (columns >= 1);

  if (self->columns == columns)
    return;
  self->columns = columns;
  rebuild (self);
}
