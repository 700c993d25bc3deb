/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-mark-palette.h: the teacher's drawing colours as a row of linked
 * swatch buttons, one of them chosen.  The projector and the exercise
 * editor draw with it, so a circle drawn on the projector and one saved in
 * an exercise are the same four inks (xq-lesson-marks.h, XqLessonMarkColor). */
#pragma once

#include <gtk/gtk.h>

#include "xq-lesson-marks.h"

G_BEGIN_DECLS

#define XQ_TYPE_MARK_PALETTE (xq_mark_palette_get_type ())
G_DECLARE_FINAL_TYPE (XqMarkPalette, xq_mark_palette, XQ, MARK_PALETTE, GtkBox)

GtkWidget         *xq_mark_palette_new       (void);
/* The chosen colour (the property "color"; purple at first).  NONE is
 * never chosen: setting it is ignored. */
XqLessonMarkColor  xq_mark_palette_get_color (XqMarkPalette *self);
void               xq_mark_palette_set_color (XqMarkPalette *self, XqLessonMarkColor color);
/* The swatch of color, for tests and keyboard focus. */
GtkWidget         *xq_mark_palette_get_button (XqMarkPalette *self, XqLessonMarkColor color);

G_END_DECLS
