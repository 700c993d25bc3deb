/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-tooltip.h: tooltips that keep whole lines in Chinese.
 *
 * GTK 4.8 gives a text tooltip's label max-width-chars = the number of
 * characters of the text, counted in average Latin characters; a Chinese
 * character is about twice as wide, so "主選單" (Main Menu) stood one
 * character a line (issue 31).  A fitted widget shows its tooltip-text in a
 * label of its own, which wraps only past XQ_TOOLTIP_MAX_CHARS. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Where a long tooltip wraps, in average characters (GTK's own cap is 50). */
#define XQ_TOOLTIP_MAX_CHARS 50

/* The label a fitted tooltip shows for text. */
GtkWidget *xq_tooltip_label_new  (const char *text);
/* widget's tooltip (text or markup, as it changes) is shown in
 * xq_tooltip_label_new's label. */
void       xq_tooltip_fit        (GtkWidget  *widget);
gboolean   xq_tooltip_is_fitted  (GtkWidget  *widget);
/* xq_tooltip_fit on root and every widget below it that has a tooltip. */
void       xq_tooltip_fit_tree   (GtkWidget  *root);

G_END_DECLS
