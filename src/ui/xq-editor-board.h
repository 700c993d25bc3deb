/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-editor-board.h: a board for teachers.  Unlike XqBoardView it holds any
 * arrangement of pieces, legal or not: pieces are dragged between points,
 * dragged off the board to remove them, and dropped from a palette (a
 * GtkDragSource offering the piece as an int).  A click on a point, a
 * right-click and a right-drag are reported as signals, so the owner decides
 * whether they mark stars, targets, circles or arrows. */
#pragma once

#include <gtk/gtk.h>

#include "xq-position.h"
#include "xq-render.h"

G_BEGIN_DECLS

#define XQ_TYPE_EDITOR_BOARD (xq_editor_board_get_type ())
G_DECLARE_FINAL_TYPE (XqEditorBoard, xq_editor_board, XQ, EDITOR_BOARD, GtkWidget)

GtkWidget        *xq_editor_board_new             (void);

/* The shown position (copied, not validated).  Emits nothing. */
void              xq_editor_board_set_position    (XqEditorBoard *self, const XqPosition *pos);
const XqPosition *xq_editor_board_get_position    (XqEditorBoard *self);
/* Puts piece (XQ_EMPTY: removes) on sq and emits ::changed, as a drop does. */
void              xq_editor_board_put             (XqEditorBoard *self, XqSquare sq, XqPiece piece);
/* Moves the piece on from to to (replacing what stood there), as a drag
 * does; to = XQ_NO_SQUARE removes it.  Emits ::changed. */
void              xq_editor_board_drag_piece      (XqEditorBoard *self, XqSquare from, XqSquare to);

/* Whether pieces can be dragged and dropped. */
void              xq_editor_board_set_editable    (XqEditorBoard *self, gboolean editable);
/* Also the property "flipped"; "piece-set", "theme" and "show-coordinates"
 * follow the preferences (xq-board-settings.h). */
void              xq_editor_board_set_flipped     (XqEditorBoard *self, gboolean flipped);
gboolean          xq_editor_board_get_flipped     (XqEditorBoard *self);
/* Marks drawn over the board (copied; NULL clears). */
void              xq_editor_board_set_annotations (XqEditorBoard *self, const XqAnnotations *annots);

/* The keyboard: arrows move a focus point (the cursor), Enter or Space
 * lifts the piece there and puts it down on the next point chosen (or
 * activates the point, as a click does, when it is empty or lifting is
 * off), Delete removes the piece, Escape drops the lifted one back. */
XqSquare          xq_editor_board_get_cursor      (XqEditorBoard *self);
void              xq_editor_board_set_cursor      (XqEditorBoard *self, XqSquare sq);
/* The point whose piece the keyboard lifted, or XQ_NO_SQUARE. */
XqSquare          xq_editor_board_get_held        (XqEditorBoard *self);
/* Whether Enter on a piece lifts it (default) or activates its point. */
void              xq_editor_board_set_lift_pieces (XqEditorBoard *self, gboolean lift);

/* The point under widget coordinates, or XQ_NO_SQUARE. */
XqSquare          xq_editor_board_pick            (XqEditorBoard *self, double x, double y);

G_END_DECLS
