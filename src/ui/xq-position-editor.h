/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-position-editor.h: set up any position — a palette of both colours'
 * pieces to drag (or pick, then click) onto the board, drag off to remove,
 * clear, start position, side to move, flip, FEN copy and paste, and a
 * position taken from a PGN game at a chosen ply.  The core's verdict on the
 * position (xq_position_validate) is shown under the board as it changes. */
#pragma once

#include <gtk/gtk.h>

#include "xq-editor-board.h"

G_BEGIN_DECLS

#define XQ_TYPE_POSITION_EDITOR (xq_position_editor_get_type ())
G_DECLARE_FINAL_TYPE (XqPositionEditor, xq_position_editor, XQ, POSITION_EDITOR, GtkBox)

GtkWidget        *xq_position_editor_new          (void);

XqEditorBoard    *xq_position_editor_get_board    (XqPositionEditor *self);
const XqPosition *xq_position_editor_get_position (XqPositionEditor *self);
void              xq_position_editor_set_position (XqPositionEditor *self, const XqPosition *pos);
/* Accepts half-built boards too (no legality checks); FALSE on a
 * malformed FEN, which is also shown under the board. */
gboolean          xq_position_editor_set_fen      (XqPositionEditor *self, const char *fen, GError **error);
char             *xq_position_editor_get_fen      (XqPositionEditor *self);
/* Is the position legal?  If not, error gets the core's reason. */
gboolean          xq_position_editor_validate     (XqPositionEditor *self, GError **error);

/* The piece a click on the board puts down (XQ_EMPTY: clicks do not edit). */
void              xq_position_editor_set_brush    (XqPositionEditor *self, XqPiece piece);
XqPiece           xq_position_editor_get_brush    (XqPositionEditor *self);

/* Loads a game; the position shown is the one after `ply` half-moves
 * (clamped to the game's length).  The ply can then be changed with
 * xq_position_editor_set_ply or the spin button. */
gboolean          xq_position_editor_load_pgn     (XqPositionEditor *self, const char *text, guint ply,
                                                   GError **error);
void              xq_position_editor_set_ply      (XqPositionEditor *self, guint ply);

/* The editor's buttons, for shortcuts and tests: "clear", "start", "flip",
 * "pgn", "copy", "paste"; and the palette button of a piece. */
GtkWidget        *xq_position_editor_get_button   (XqPositionEditor *self, const char *name);
GtkWidget        *xq_position_editor_get_palette_button (XqPositionEditor *self, XqPiece piece);
GtkWidget        *xq_position_editor_get_side_selector (XqPositionEditor *self);
GtkWidget        *xq_position_editor_get_fen_entry (XqPositionEditor *self);
/* The label with the verdict on the position ("A legal position."). */
GtkWidget        *xq_position_editor_get_verdict  (XqPositionEditor *self);

G_END_DECLS
