/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-beside-layout.h: a widget's first child (a board) beside its last (a
 * form) when there is room, the last under the first when not, so that a
 * projector's 1024×768 never needs sideways scrolling.  Beside, the first
 * takes the width it likes and the last gets the rest, up to its natural
 * width. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define XQ_TYPE_BESIDE_LAYOUT (xq_beside_layout_get_type ())
G_DECLARE_FINAL_TYPE (XqBesideLayout, xq_beside_layout, XQ, BESIDE_LAYOUT, GtkLayoutManager)

GtkLayoutManager *xq_beside_layout_new (void);

G_END_DECLS
