/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-loading-view.h: what a page shows while its content loads in a
 * thread (a spinner and a line of text), so the first frame never waits. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

GtkWidget *xq_loading_view_new (const char *text);

G_END_DECLS
