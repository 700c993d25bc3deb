/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-setup-tray.h: the set-up kind's one widget — the pieces still to
 * place, picked with a click (then a tap on the board) or dragged onto the
 * board.  It turns those gestures, and the board's taps and drops, into the
 * kind's inputs (XqInput, xq-kind.h) and emits them with ::input; what it
 * has to tell the learner on the way ("Now tap the point where it
 * belongs.") comes with ::say, and ::refresh asks for the board to be
 * shown again after a refused drop. */
#pragma once

#include <gtk/gtk.h>

#include "xq-kind.h"
#include "xq-lesson-board.h"

G_BEGIN_DECLS

#define XQ_TYPE_SETUP_TRAY (xq_setup_tray_get_type ())
G_DECLARE_FINAL_TYPE (XqSetupTray, xq_setup_tray, XQ, SETUP_TRAY, GtkWidget)

/* Draws a tray piece (borrowed, owned by whoever answers). */
typedef GdkPaintable *(*XqSetupTrayPictureFunc) (XqPiece piece, gpointer user_data);

GtkWidget *xq_setup_tray_new          (void);
void       xq_setup_tray_set_picture_func (XqSetupTray *self, XqSetupTrayPictureFunc func,
                                           gpointer user_data);
/* The board the pieces go on: its drops become inputs, and a piece
 * dragged off it onto take_back (the page around it) goes back into the
 * tray.  Once. */
void       xq_setup_tray_set_board    (XqSetupTray *self, XqLessonBoard *board, GtkWidget *take_back);
/* Shows what is left in a's tray; a is borrowed until the next call or
 * NULL.  keep_selection FALSE starts with no piece picked. */
void       xq_setup_tray_show         (XqSetupTray *self, const XqAttempt *a, gboolean keep_selection);
XqPiece    xq_setup_tray_get_selected (XqSetupTray *self);
void       xq_setup_tray_select       (XqSetupTray *self, XqPiece piece);
/* The board's tap on sq, and a drop (from or to XQ_NO_SQUARE: the tray),
 * turned into inputs. */
void       xq_setup_tray_tap          (XqSetupTray *self, XqSquare sq);
void       xq_setup_tray_drop         (XqSetupTray *self, XqPiece piece, XqSquare from, XqSquare to);
/* How many pieces stand in a row of the tray (4 unless told): a narrow
 * column of words gets fewer. */
void       xq_setup_tray_set_columns  (XqSetupTray *self, int columns);
/* The toggle button of a piece, or NULL (tests, keyboard). */
GtkWidget *xq_setup_tray_get_button   (XqSetupTray *self, XqPiece piece);

G_END_DECLS
