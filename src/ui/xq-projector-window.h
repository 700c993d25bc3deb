/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-projector-window.h: a large board for the classroom projector.  It
 * shows the position and the prompt but never the hints; the teacher draws
 * arrows (right-drag) and circles (right-click) to explain, and clears them
 * with Delete.  F11 toggles full screen, Escape leaves it. */
#pragma once

#include <adwaita.h>

#include "xq-editor-board.h"

G_BEGIN_DECLS

#define XQ_TYPE_PROJECTOR_WINDOW (xq_projector_window_get_type ())
G_DECLARE_FINAL_TYPE (XqProjectorWindow, xq_projector_window, XQ, PROJECTOR_WINDOW, AdwWindow)

XqProjectorWindow   *xq_projector_window_new          (GtkWindow *parent);
void                 xq_projector_window_set_position (XqProjectorWindow *self, const XqPosition *pos,
                                                       const char *prompt);
/* What a right-click and a right-drag do. */
void                 xq_projector_window_toggle_circle (XqProjectorWindow *self, XqSquare sq);
void                 xq_projector_window_add_arrow    (XqProjectorWindow *self, XqSquare from, XqSquare to);
void                 xq_projector_window_clear_drawing (XqProjectorWindow *self);
const XqAnnotations *xq_projector_window_get_drawing  (XqProjectorWindow *self);
/* The board, for tests. */
XqEditorBoard       *xq_projector_window_get_board    (XqProjectorWindow *self);

G_END_DECLS
