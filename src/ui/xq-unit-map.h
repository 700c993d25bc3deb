/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-unit-map.h: the units in order as big cards, each with the
 * learner's stars, and the unit to do next standing out. */
#pragma once

#include <gtk/gtk.h>

#include "xq-lesson.h"
#include "xq-progress.h"

G_BEGIN_DECLS

#define XQ_TYPE_UNIT_MAP (xq_unit_map_get_type ())
G_DECLARE_FINAL_TYPE (XqUnitMap, xq_unit_map, XQ, UNIT_MAP, GtkWidget)

GtkWidget *xq_unit_map_new          (void);
/* units: XqUnit*, in order; borrowed, like progress (NULL: no stars yet). */
void       xq_unit_map_set_units    (XqUnitMap *self, GPtrArray *units);
void       xq_unit_map_set_progress (XqUnitMap *self, const XqProgress *progress);
/* The first n units are the built-in curriculum; the rest are a teacher's
 * own units, shown in their own section.  Default: all built in.  Takes
 * effect at the next set_units() or refresh(). */
void       xq_unit_map_set_builtin_count (XqUnitMap *self, guint n);
/* Lesson files that failed to load ("file: path: message" lines), shown
 * above the units so a teacher sees which unit failed and why; NULL hides it. */
void       xq_unit_map_set_problems (XqUnitMap *self, const char *text);
/* For tests: the section heading of the teacher's units, and the problems label. */
GtkWidget *xq_unit_map_get_own_heading (XqUnitMap *self);
GtkWidget *xq_unit_map_get_problems_label (XqUnitMap *self);
/* Redraws the stars after the progress changed. */
void       xq_unit_map_refresh      (XqUnitMap *self);
/* The unit to do next: the first one with an exercise still unsolved
 * (the last unit once everything is done); -1 without units. */
int        xq_unit_map_get_current  (XqUnitMap *self);
/* The card of unit index (a button), for keyboard focus and tests. */
GtkWidget *xq_unit_map_get_card     (XqUnitMap *self, guint index);
/* Stars earned in unit index, and the most it can give. */
int        xq_unit_map_get_stars    (XqUnitMap *self, guint index, int *max_stars);

G_END_DECLS
