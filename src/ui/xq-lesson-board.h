/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-lesson-board.h: the board of a lesson — an XqBoardView with the
 * lesson's marks drawn over it (the blocked leg, the screen, the stars, the
 * crosses) and, for tap and set-up exercises, taps on points instead of
 * moves.  Marks come as XqLessonMarks (what they mean) and are drawn with
 * the renderer's annotation painter, in the board view's own geometry. */
#pragma once

#include <gtk/gtk.h>

#include "xq-board-view.h"
#include "xq-lesson.h"
#include "xq-lesson-marks.h"

G_BEGIN_DECLS

#define XQ_TYPE_LESSON_BOARD (xq_lesson_board_get_type ())
G_DECLARE_FINAL_TYPE (XqLessonBoard, xq_lesson_board, XQ, LESSON_BOARD, GtkWidget)

GtkWidget    *xq_lesson_board_new            (void);

XqBoardView  *xq_lesson_board_get_view       (XqLessonBoard *self);
XqBoardModel *xq_lesson_board_get_model      (XqLessonBoard *self);

/* Shows pos (copied) with no marks; moves are offered when interactive. */
void          xq_lesson_board_set_position   (XqLessonBoard *self, const XqPosition *pos,
                                              XqMove last_move, gboolean interactive);
/* Replaces the marks drawn over the board (NULL: none). */
void          xq_lesson_board_set_marks      (XqLessonBoard *self, const XqLessonMarks *marks);
const XqLessonMarks *xq_lesson_board_get_marks (XqLessonBoard *self);

/* In tap mode a press on a point emits ::tap instead of picking up a piece. */
void          xq_lesson_board_set_tap_mode   (XqLessonBoard *self, gboolean tap_mode);
gboolean      xq_lesson_board_get_tap_mode   (XqLessonBoard *self);
/* What a press on sq does in tap mode (the gesture calls this too). */
void          xq_lesson_board_tap            (XqLessonBoard *self, XqSquare sq);

/* The properties "piece-set", "theme" and "show-coordinates" are the view's,
 * which follow the preferences (xq-board-settings.h). */

/* The piece set an exercise asks for ("pieces", xq_lesson_piece_set ())
 * on any board with a "piece-set" property that follows the preferences
 * (a lesson board, the projector's board): the board shows it, and keeps
 * showing it when the preferences change, until the next call;
 * XQ_EXERCISE_PIECES_LEARNER gives the board back to the preferences. */
void          xq_lesson_board_show_pieces    (gpointer board, XqExercisePieces pieces);

/* Set-up exercises: pieces are dragged from a tray onto the board, and a
 * placed piece to another point or off the board.  Every drop is reported
 * with ::piece-dropped (piece, from, to): from is XQ_NO_SQUARE for a piece
 * from the tray, to is XQ_NO_SQUARE for a piece dropped off the board. */
void          xq_lesson_board_set_drag_pieces (XqLessonBoard *self, gboolean drag_pieces);
gboolean      xq_lesson_board_get_drag_pieces (XqLessonBoard *self);
/* A drag carries xq_board_paint_drag_content() (xq-board-paint.h). */
/* The piece drawn at the board's present size: the drag icon. */
GdkPaintable *xq_lesson_board_get_piece_paintable (XqLessonBoard *self, XqPiece piece);

G_END_DECLS
