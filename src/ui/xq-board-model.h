/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-board-model.h: what the board widget shows — a position, the picked
 * piece, the last move, check, orientation — and which moves it may offer.
 * The game itself lives elsewhere (XqGame in the play page); this is only
 * its picture, so the widget can stay free of game state. */
#pragma once

#include <glib-object.h>

#include "xq-position.h"

G_BEGIN_DECLS

#define XQ_TYPE_BOARD_MODEL (xq_board_model_get_type ())
G_DECLARE_FINAL_TYPE (XqBoardModel, xq_board_model, XQ, BOARD_MODEL, GObject)

XqBoardModel     *xq_board_model_new             (void);

/* The shown position (copied).  Clears the selection. */
void              xq_board_model_set_position    (XqBoardModel *self, const XqPosition *pos, XqMove last_move);
const XqPosition *xq_board_model_get_position    (XqBoardModel *self);
XqMove            xq_board_model_get_last_move   (XqBoardModel *self);
/* The general of the side to move when it is in check, else XQ_NO_SQUARE. */
XqSquare          xq_board_model_get_check_square (XqBoardModel *self);

/* Whether the learner may move at all (FALSE once the game is over). */
void              xq_board_model_set_interactive (XqBoardModel *self, gboolean interactive);
gboolean          xq_board_model_get_interactive (XqBoardModel *self);

void              xq_board_model_set_flipped     (XqBoardModel *self, gboolean flipped);
gboolean          xq_board_model_get_flipped     (XqBoardModel *self);

/* Picks up the piece on sq: TRUE if it belongs to the side to move.
 * XQ_NO_SQUARE drops whatever was picked up. */
gboolean          xq_board_model_select          (XqBoardModel *self, XqSquare sq);
XqSquare          xq_board_model_get_selected    (XqBoardModel *self);
/* Legal destinations of the picked piece; out holds XQ_MAX_MOVES entries. */
int               xq_board_model_get_targets     (XqBoardModel *self, XqSquare *out);
/* Is from -> to a legal move in the shown position? */
gboolean          xq_board_model_is_legal        (XqBoardModel *self, XqSquare from, XqSquare to);

G_END_DECLS
