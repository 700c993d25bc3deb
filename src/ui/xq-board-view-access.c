/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-board-view-access.c: XqBoardView without a mouse — the keyboard cursor
 * and what a screen reader hears about the points and the moves. */
#define G_LOG_DOMAIN "xq-board-view"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-board-view-private.h"

/* ---- Screen readers -------------------------------------------------------- */

char *
xq_board_view_describe_point (XqBoardView *self,
                              XqSquare     sq)
{
  static const char *const red_files[9] = { "九", "八", "七", "六", "五", "四", "三", "二", "一" };
  const XqPosition *pos;
  XqPiece piece;
  XqColor side;
  char file[8];
  int rank;

  g_return_val_if_fail (XQ_IS_BOARD_VIEW (self), NULL);
  g_return_val_if_fail (sq >= 0 && sq < XQ_SQUARES, NULL);

  pos = self->model ? xq_board_model_get_position (self->model) : NULL;
  piece = pos ? pos->board[sq] : XQ_EMPTY;
  /* Files and ranks count from the owner's side, as players say them:
   * Red's files are 一..九 from its right, Black's 1..9 from its right. */
  side = piece != XQ_EMPTY ? xq_piece_color (piece) : (pos ? pos->side : XQ_RED);
  if (side == XQ_RED)
    {
      g_strlcpy (file, red_files[xq_sq_file (sq)], sizeof file);
      rank = xq_sq_rank (sq) + 1;
    }
  else
    {
      g_snprintf (file, sizeof file, "%d", xq_sq_file (sq) + 1);
      rank = XQ_RANKS - xq_sq_rank (sq);
    }

  if (piece == XQ_EMPTY)
    /* Translators: an empty point of the board for a screen reader; %s is a
     * file number (一..九 or 1..9), %d the rank counted from the player's side */
    return g_strdup_printf (_("Empty point, file %s, rank %d"), file, rank);
  /* Translators: a piece on the board for a screen reader, e.g.
   * "Red horse, file 八, rank 1" */
  return g_strdup_printf (_("%s, file %s, rank %d"), xq_board_piece_name (piece), file, rank);
}

void
xq_board_view_update_accessible_label (XqBoardView *self)
{
  g_autofree char *text = NULL;

  if (self->cursor == XQ_NO_SQUARE)
    return;
  text = xq_board_view_describe_point (self, self->cursor);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, text,
                                  -1);
}

void
xq_board_view_announce (XqBoardView *self,
                        const char  *text)
{
  g_return_if_fail (XQ_IS_BOARD_VIEW (self));

  g_free (self->announcement);
  self->announcement = g_strdup (text);
  /* GTK 4.8 has no announce call: a changed description is what screen
   * readers pick up on the focused widget. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text ? text : "",
                                  -1);
}

const char *
xq_board_view_get_announcement (XqBoardView *self)
{
  g_return_val_if_fail (XQ_IS_BOARD_VIEW (self), NULL);
  return self->announcement;
}

/* ---- Keyboard -------------------------------------------------------------- */

static gboolean
key_move (GtkWidget *widget,
          int        dfile,
          int        drank)
{
  XqBoardView *self = XQ_BOARD_VIEW (widget);

  if (self->cursor == XQ_NO_SQUARE)
    self->cursor = xq_sq_make (4, 0);
  xq_board_view_set_cursor (self, xq_board_keys_step (self->cursor, dfile, drank,
                                                      self->style.flipped));
  self->cursor_shown = TRUE;
  gtk_widget_queue_draw (widget);
  return TRUE;
}

static gboolean
key_activate (GtkWidget *widget)
{
  XqBoardView *self = XQ_BOARD_VIEW (widget);

  if (!self->cursor_shown)
    {
      /* The first key press only shows where the cursor is. */
      self->cursor_shown = TRUE;
      gtk_widget_queue_draw (widget);
      return TRUE;
    }
  xq_board_view_activate_square (self, self->cursor, FALSE);
  return TRUE;
}

static gboolean
key_cancel (GtkWidget *widget)
{
  XqBoardView *self = XQ_BOARD_VIEW (widget);

  if (self->model == NULL || xq_board_model_get_selected (self->model) == XQ_NO_SQUARE)
    return FALSE;
  xq_board_model_select (self->model, XQ_NO_SQUARE);
  return TRUE;
}

const XqBoardKeys xq_board_view_keys = {
  .move_cursor = key_move,
  .activate = key_activate,
  .cancel = key_cancel,
};

XqSquare
xq_board_view_get_cursor (XqBoardView *self)
{
  g_return_val_if_fail (XQ_IS_BOARD_VIEW (self), XQ_NO_SQUARE);
  return self->cursor;
}

void
xq_board_view_set_cursor (XqBoardView *self,
                          XqSquare     sq)
{
  g_return_if_fail (XQ_IS_BOARD_VIEW (self));
  g_return_if_fail (sq >= 0 && sq < XQ_SQUARES);

  if (self->cursor == sq)
    return;
  self->cursor = sq;
  xq_board_view_update_accessible_label (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

