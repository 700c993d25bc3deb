/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-board-view.h: the interactive board.  It draws an XqBoardModel with the
 * renderer's cached surfaces, takes moves by click-click, drag-and-drop or
 * keyboard, and reports each attempted legal move with the ::move signal.
 * It holds no game: the owner plays the move and updates the model. */
#pragma once

#include <gtk/gtk.h>

#include "xq-board-model.h"
#include "xq-render.h"

G_BEGIN_DECLS

#define XQ_TYPE_BOARD_VIEW (xq_board_view_get_type ())
G_DECLARE_FINAL_TYPE (XqBoardView, xq_board_view, XQ, BOARD_VIEW, GtkWidget)

GtkWidget    *xq_board_view_new            (void);

void          xq_board_view_set_model      (XqBoardView *self, XqBoardModel *model);
XqBoardModel *xq_board_view_get_model      (XqBoardView *self);

/* ::refused (from, to) is emitted when a move the rules forbid is tried by
 * click, drag or keyboard; the view rings its bell and puts the piece back,
 * the owner may say why. */

/* Marks the owner draws over the board with the view's own (a refused
 * move's reason); NULL clears them.  They last until the next press or
 * Enter on the board, which clears them and emits ::marks-cleared. */
void          xq_board_view_set_marks      (XqBoardView *self, const XqAnnotations *marks);
const XqAnnotations *xq_board_view_get_marks (XqBoardView *self);

/* The properties "piece-set", "theme" and "show-coordinates" follow the
 * preferences (xq-board-settings.h). */
/* Whether a refused move ticks (the "refused" sound, heard only while the
 * Sounds preference is on: xq-sound-player.h). */
void          xq_board_view_set_sounds     (XqBoardView *self, gboolean sounds);
/* Whether a played move slides across the board (off in tests). */
void          xq_board_view_set_animate    (XqBoardView *self, gboolean animate);
/* Is a move sliding across the board right now? */
gboolean      xq_board_view_get_animating  (XqBoardView *self);

/* The point under widget coordinates (x, y), or XQ_NO_SQUARE.  The same
 * transform the drawing uses. */
XqSquare      xq_board_view_pick           (XqBoardView *self, double x, double y);
/* Widget coordinates of the centre of sq. */
void          xq_board_view_get_point      (XqBoardView *self, XqSquare sq, double *x, double *y);

/* The keyboard cursor. */
XqSquare      xq_board_view_get_cursor     (XqBoardView *self);
void          xq_board_view_set_cursor     (XqBoardView *self, XqSquare sq);

/* "Red horse, file 八, rank 1": what a screen reader says for sq. */
char         *xq_board_view_describe_point (XqBoardView *self, XqSquare sq);
/* Tells assistive technology about an event ("Red cannon to file 五"). */
void          xq_board_view_announce       (XqBoardView *self, const char *text);
const char   *xq_board_view_get_announcement (XqBoardView *self);

/* For --measure: drags a piece across the board for n_frames frames and
 * calls done with the per-frame times (ms, a GArray of double). */
typedef void (*XqBoardViewMeasureFunc) (XqBoardView *view, GArray *frame_ms, gpointer user_data);
void          xq_board_view_measure_drag   (XqBoardView *self, int n_frames,
                                            XqBoardViewMeasureFunc done, gpointer user_data);

G_END_DECLS
