/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-variant-board.h: the board of the Game Day games.  It draws an XqScene
 * (either board shape, face-down backs, chess figures, the cube general) with
 * the renderer's cache, turns a piece over with a short flip when told to,
 * and reports clicks on points or cells with ::cell-clicked.  Like
 * XqBoardView it holds no game: the owner decides what a click means.
 * Its "piece-set", "theme" and "show-coordinates" follow Preferences
 * (xq-board-settings.h). */
#pragma once

#include <gtk/gtk.h>

#include "xq-render.h"

G_BEGIN_DECLS

#define XQ_TYPE_VARIANT_BOARD (xq_variant_board_get_type ())
G_DECLARE_FINAL_TYPE (XqVariantBoard, xq_variant_board, XQ, VARIANT_BOARD, GtkWidget)

GtkWidget     *xq_variant_board_new          (void);

/* The shown scene (copied).  flip_cell >= 0 turns that cell's piece over
 * from a back to its new face (when animation is on). */
void           xq_variant_board_set_scene    (XqVariantBoard *self, const XqScene *scene, int flip_cell);
const XqScene *xq_variant_board_get_scene    (XqVariantBoard *self);

/* Marks: the picked cell, where it may go, the last action's cells
 * (-1 for none). */
void           xq_variant_board_set_marks    (XqVariantBoard *self, int selected, const int *targets,
                                              int n_targets, int last_from, int last_to);

/* Arrows drawn over the pieces (Game Day: the computer's last action,
 * issue 31), in the renderer's arrow; from_to holds from, to of each of
 * n_arrows (0..2: a 五虎棋 turn moves two soldiers).  A pair with
 * from < 0 or from == to draws nothing. */
void           xq_variant_board_set_arrows   (XqVariantBoard *self, const int *from_to, int n_arrows);
/* Every mark the board draws now (tests). */
void           xq_variant_board_get_annotations (XqVariantBoard *self, XqAnnotations *out);

void           xq_variant_board_set_flipped  (XqVariantBoard *self, gboolean flipped);
gboolean       xq_variant_board_get_flipped  (XqVariantBoard *self);
/* Whether a flip is animated (off in tests). */
void           xq_variant_board_set_animate  (XqVariantBoard *self, gboolean animate);
gboolean       xq_variant_board_get_animating (XqVariantBoard *self);

/* The cell under widget coordinates, or XQ_NO_SQUARE; the renderer's one
 * transform for the scene's shape. */
int            xq_variant_board_pick         (XqVariantBoard *self, double x, double y);
void           xq_variant_board_get_point    (XqVariantBoard *self, int cell, double *x, double *y);
/* The keyboard: arrows move a cursor over the cells (as the screen shows
 * them), Enter or Space does what a click on the cursor's cell does, Escape
 * puts a picked piece down.  The cursor's cell is the board's accessible
 * label ("Red horse, b0", "Face-down piece, c3", "Empty, e4", with "picked"
 * or "a move goes here"); announcements (what the game says after an
 * action) are its accessible description, as on the main board. */
int            xq_variant_board_get_cursor   (XqVariantBoard *self);
void           xq_variant_board_set_cursor   (XqVariantBoard *self, int cell);
char          *xq_variant_board_describe_cell (XqVariantBoard *self, int cell);
void           xq_variant_board_announce     (XqVariantBoard *self, const char *text);
const char    *xq_variant_board_get_announcement (XqVariantBoard *self);
/* What a click on cell does (tests call this instead of synthesising one). */
void           xq_variant_board_click        (XqVariantBoard *self, int cell);

G_END_DECLS
