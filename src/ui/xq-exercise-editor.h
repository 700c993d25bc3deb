/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-exercise-editor.h: a teacher writes one exercise — its kind, the board
 * (an XqPositionEditor), the prompt, the hint ladder and the kind's own
 * fields, built from the kind's descriptors (xq-kind.h): the piece and the
 * stars or target points are marked on the board; the loader computes the
 * answers.  After every change (and a pause in the
 * typing) the exercise goes through the lesson loader's validator in a
 * worker thread, since it may prove a mate: the form stays live, shows that
 * it is checking, and a newer edit cancels the older check.  Every problem
 * found is listed under the form.  The exercise is kept as the JSON object
 * of docs/lesson-format.md and written by the lesson writer. */
#pragma once

#include <gtk/gtk.h>

#include "xq-lesson.h"
#include "xq-lesson-draft.h"
#include "xq-position-editor.h"

G_BEGIN_DECLS

#define XQ_TYPE_EXERCISE_EDITOR (xq_exercise_editor_get_type ())
G_DECLARE_FINAL_TYPE (XqExerciseEditor, xq_exercise_editor, XQ, EXERCISE_EDITOR, GtkBox)

/* What a click on the board does. */
typedef enum {
  XQ_EDITOR_CLICK_PIECES,   /* put down the palette's piece */
  XQ_EDITOR_CLICK_PIECE,    /* choose the exercise's piece ("square") */
  XQ_EDITOR_CLICK_TARGETS,  /* toggle a star / target point */
  XQ_EDITOR_CLICK_MARKS,    /* the teacher's marks: a click tints a point, a
                             * right-click circles it, a right-drag draws an
                             * arrow (again: takes it away), in the palette's colour */
} XqEditorClickMode;

GtkWidget         *xq_exercise_editor_new            (void);

XqPositionEditor  *xq_exercise_editor_get_position_editor (XqExerciseEditor *self);
/* The form's widgets by name, for keyboard focus and tests: "id", "kind",
 * "prompt", "hints", "click-mode", "problems", "checking" (the spinner
 * shown while the validator runs), and the current kind's fields by their
 * JSON key ("rule", "goal", "side", "number", "moves", "choices",
 * "answer", "mate-in"…: xq-kind.h's descriptors), "marks-palette" (an
 * XqMarkPalette) and "clear-marks" (shown in the Marks mode).  A field's
 * row is the widget's parent. */
GtkWidget         *xq_exercise_editor_get_widget     (XqExerciseEditor *self, const char *name);

void               xq_exercise_editor_set_click_mode (XqExerciseEditor *self, XqEditorClickMode mode);

/* The teacher's marks (the exercise's "marks", docs/lesson-format.md), as
 * the Marks mode draws them; clearing them is the Clear Marks button. */
const XqLessonMarks *xq_exercise_editor_get_marks    (XqExerciseEditor *self);
void               xq_exercise_editor_clear_marks    (XqExerciseEditor *self);

/* Starts the validator now (it otherwise starts shortly after each
 * change) and returns at once; "validated" follows from the main loop. */
void               xq_exercise_editor_validate       (XqExerciseEditor *self);
/* A validation is waiting or running (the "checking" property). */
gboolean           xq_exercise_editor_is_checking    (XqExerciseEditor *self);
/* The problems of the last validation (XqLessonProblem*, paths relative to
 * the exercise: "$.prompt"). */
GPtrArray         *xq_exercise_editor_get_problems   (XqExerciseEditor *self);
/* What the rules decided for the exercise (shown on the board and under
 * the form), or NULL while it is not valid. */
const XqDraftAnswer *xq_exercise_editor_get_answer   (XqExerciseEditor *self);
/* The last validation is of the form as it is now, and found no problem. */
gboolean           xq_exercise_editor_is_valid       (XqExerciseEditor *self);
const char        *xq_exercise_editor_get_id         (XqExerciseEditor *self);

/* The exercise as a JSON object (a new reference), whether it validates
 * or not. */
JsonObject        *xq_exercise_editor_get_object     (XqExerciseEditor *self);
/* The same as text, from the lesson writer. */
char              *xq_exercise_editor_to_json        (XqExerciseEditor *self);
/* Fills the form from an exercise object (a draft or a published one). */
gboolean           xq_exercise_editor_load_json      (XqExerciseEditor *self, const char *json, GError **error);
/* Resets the form to a new, empty exercise. */
void               xq_exercise_editor_reset          (XqExerciseEditor *self);

G_END_DECLS
