/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-exercise-list.h: the lesson player's Exercises button — a popover
 * with every exercise of the unit, its number, prompt and best stars; a
 * row jumps to its exercise (or, for the one on show, starts it over). */
#pragma once

#include <gtk/gtk.h>

#include "xq-lesson.h"
#include "xq-progress.h"

G_BEGIN_DECLS

#define XQ_TYPE_EXERCISE_LIST (xq_exercise_list_get_type ())
G_DECLARE_FINAL_TYPE (XqExerciseList, xq_exercise_list, XQ, EXERCISE_LIST, GtkWidget)

/* ::step-chosen (guint step): a row was picked; the popover is closed. */

GtkWidget  *xq_exercise_list_new         (void);
/* The unit (NULL: none) and the learner's stars, both borrowed; exercise i
 * is step first_step + i, and the row of step current is selected.  The
 * rows are made when the popover opens. */
void        xq_exercise_list_set_unit    (XqExerciseList   *self,
                                          const XqUnit     *unit,
                                          const XqProgress *progress,
                                          guint             first_step,
                                          guint             current);
/* The rows, made now (tests pick them). */
GtkListBox *xq_exercise_list_get_box     (XqExerciseList *self);

G_END_DECLS
