/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-exercise-editor-private.h: the exercise editor's state, shared by its
 * files: xq-exercise-editor.c (the form, checking, loading) and
 * xq-exercise-editor-marks.c (what the board shows and what its clicks do:
 * the piece, the targets, the teacher's marks, the point labels). */
#pragma once

#include "xq-exercise-editor.h"
#include "xq-kind.h"
#include "xq-mark-palette.h"

G_BEGIN_DECLS

/* One of the kind's fields in the form: its descriptor, its row (label and
 * input) and the input. */
typedef struct {
  const XqKindField *field;
  GtkWidget         *row;
  GtkWidget         *input;
  GtkLabel          *note;   /* points: what is marked; choices: their ids */
} Field;

struct _XqExerciseEditor
{
  GtkBox parent_instance;

  /* Template widgets */
  XqPositionEditor *position;
  GtkEntry         *id;
  GtkDropDown      *kind;
  GtkEntry         *prompt;
  GtkTextView      *hints;
  GtkDropDown      *pieces;       /* the common field "pieces" */
  GtkBox           *kind_fields;
  GtkDropDown      *click_mode;
  GtkLabel         *problems_label;
  GtkSpinner       *checking_spinner;
  GtkWidget        *marks_row;    /* the palette and Clear Marks, in the Marks mode */
  XqMarkPalette    *palette;
  GtkWidget        *clear_marks;

  /* Owned */
  GArray           *fields;      /* Field: the current kind's */
  XqSquare          square;
  gboolean          targets[XQ_SQUARES];
  XqLessonMarks     marks;       /* the teacher's, drawn in the Marks mode */
  GPtrArray        *problems;    /* XqLessonProblem* */
  XqDraftAnswer    *answer;      /* what the rules decided, once valid */
  guint             validate_id;
  GCancellable     *cancellable; /* the validation under way */
  guint             edits;       /* bumped by every change: a result for an older edit is stale */
  guint             checked_edit;
  gboolean          loading;
};

/* xq-exercise-editor.c */
void      xq_exercise_editor_update_rows        (XqExerciseEditor *self);
void      xq_exercise_editor_schedule_validate  (XqExerciseEditor *self);
void      xq_exercise_editor_show_verdict       (XqExerciseEditor *self);

/* xq-exercise-editor-marks.c */
gboolean  xq_exercise_editor_board_coordinates  (XqExerciseEditor *self);
char     *xq_exercise_editor_marked_points      (XqExerciseEditor *self, const char *text);
void      xq_exercise_editor_show_marks         (XqExerciseEditor *self);
void      xq_exercise_editor_point_activated_cb (XqExerciseEditor *self, int sq, guint button, XqEditorBoard *board);
void      xq_exercise_editor_arrow_cb           (XqExerciseEditor *self, int from, int to, XqEditorBoard *board);
void      xq_exercise_editor_click_mode_cb      (XqExerciseEditor *self);
void      xq_exercise_editor_coordinates_changed_cb (XqExerciseEditor *self);
void      xq_exercise_editor_build_marks_row    (XqExerciseEditor *self);

G_END_DECLS
