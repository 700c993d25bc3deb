/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-notice-bar.h: a bar at the top of a page that says what the program
 * did about a damaged learner file, and stays until it is dismissed (a
 * toast would be gone before a child has called a grown-up). */
#pragma once

#include <gtk/gtk.h>

#include "xq-progress.h"

G_BEGIN_DECLS

#define XQ_TYPE_NOTICE_BAR (xq_notice_bar_get_type ())
G_DECLARE_FINAL_TYPE (XqNoticeBar, xq_notice_bar, XQ, NOTICE_BAR, GtkWidget)

GtkWidget  *xq_notice_bar_new        (void);
/* Shows text (below what is already shown) on every bar; detail is the
 * tooltip. */
void        xq_notice_bar_add        (XqNoticeBar *self, const char *text, const char *detail);
/* Shows every notice the store gives from now on (the store is borrowed
 * and must not outlive the bar). */
void        xq_notice_bar_watch      (XqNoticeBar *self, XqProgressStore *store);
/* Hides every bar's notices. */
void        xq_notice_bar_dismiss    (XqNoticeBar *self);
/* The text shown, NULL when the bar is hidden. */
const char *xq_notice_bar_get_text   (XqNoticeBar *self);

G_END_DECLS
