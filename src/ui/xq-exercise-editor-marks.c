/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The exercise editor's board: what it shows (the answer, the piece, the
 * targets, the teacher's marks) and what a click does in each mode, and the
 * points named as the board labels them. */
#define G_LOG_DOMAIN "xq-exercise-editor"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-answer-text.h"
#include "xq-exercise-editor-private.h"

/* Does the board print its coordinates (the preference)?  Messages name
 * points the way the board labels them. */
gboolean
xq_exercise_editor_board_coordinates (XqExerciseEditor *self)
{
  gboolean on = TRUE;

  g_object_get (xq_position_editor_get_board (self->position), "show-coordinates", &on, NULL);
  return on;
}

/* The points of a point field ("b0 c2") as the board labels them; labels
 * with words in them are kept apart by commas. */
char *
xq_exercise_editor_marked_points (XqExerciseEditor *self, const char *text)
{
  g_auto(GStrv) words = NULL;
  g_autoptr(GString) out = NULL;

  if (xq_exercise_editor_board_coordinates (self))
    return g_strdup (text);
  words = g_strsplit (text, " ", -1);
  out = g_string_new (NULL);
  for (int i = 0; words[i] != NULL; i++)
    {
      XqSquare sq = xq_square_from_text (words[i]);
      g_autofree char *label = sq != XQ_NO_SQUARE ? xq_answer_point_label (sq, FALSE) : g_strdup (words[i]);

      g_string_append_printf (out, "%s%s", out->len > 0 ? ", " : "", label);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}


void
xq_exercise_editor_show_marks (XqExerciseEditor *self)
{
  XqAnnotations annots, teacher;
  const XqPosition *pos = xq_position_editor_get_position (self->position);

  /* The answer first, the exercise's piece and points, the teacher's
   * marks over them (docs/lesson-format.md, "Marks"); an answer is only
   * shown for the form it was computed for. */
  if (self->answer != NULL && self->checked_edit == self->edits)
    xq_lesson_marks_to_annotations (&self->answer->marks, pos, &annots);
  else
    xq_annotations_clear (&annots);
  if (self->square != XQ_NO_SQUARE)
    xq_annotations_add (&annots, XQ_MARK_HIGHLIGHT, XQ_ROLE_HINT, self->square);
  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    if (self->targets[sq])
      xq_annotations_add (&annots, XQ_MARK_CIRCLE, XQ_ROLE_GOOD, sq);
  xq_lesson_marks_to_annotations (&self->marks, pos, &teacher);
  for (int i = 0; i < teacher.n_marks && annots.n_marks < XQ_MAX_MARKS; i++)
    annots.marks[annots.n_marks++] = teacher.marks[i];
  xq_editor_board_set_annotations (xq_position_editor_get_board (self->position), &annots);
}


/* The marks are part of the exercise: checked and saved with it. */
static void
marks_changed (XqExerciseEditor *self)
{
  gtk_widget_set_sensitive (self->clear_marks, self->marks.n_marks > 0);
  xq_exercise_editor_schedule_validate (self);
}

void
xq_exercise_editor_point_activated_cb (XqExerciseEditor *self, int sq, guint button, XqEditorBoard *board)
{
  switch ((XqEditorClickMode) gtk_drop_down_get_selected (self->click_mode))
    {
    case XQ_EDITOR_CLICK_PIECE:
      self->square = self->square == sq ? XQ_NO_SQUARE : sq;
      break;
    case XQ_EDITOR_CLICK_TARGETS:
      self->targets[sq] = !self->targets[sq];
      break;
    case XQ_EDITOR_CLICK_MARKS:
      xq_lesson_marks_toggle (&self->marks,
                              button == GDK_BUTTON_SECONDARY ? XQ_LESSON_MARK_CIRCLE : XQ_LESSON_MARK_POINT,
                              xq_mark_palette_get_color (self->palette), sq, XQ_NO_SQUARE);
      marks_changed (self);
      return;
    case XQ_EDITOR_CLICK_PIECES:
    default:
      return;
    }
  xq_exercise_editor_update_rows (self);
  xq_exercise_editor_schedule_validate (self);
}

void
xq_exercise_editor_arrow_cb (XqExerciseEditor *self, int from, int to, XqEditorBoard *board)
{
  if (gtk_drop_down_get_selected (self->click_mode) != XQ_EDITOR_CLICK_MARKS)
    return;
  xq_lesson_marks_toggle (&self->marks, XQ_LESSON_MARK_ARROW, xq_mark_palette_get_color (self->palette), from, to);
  marks_changed (self);
}

void
xq_exercise_editor_click_mode_cb (XqExerciseEditor *self)
{
  /* Marking points and placing pieces share the click. */
  gboolean pieces = gtk_drop_down_get_selected (self->click_mode) == XQ_EDITOR_CLICK_PIECES;

  if (!pieces)
    xq_position_editor_set_brush (self->position, XQ_EMPTY);
  gtk_widget_set_visible (self->marks_row,
                          gtk_drop_down_get_selected (self->click_mode) == XQ_EDITOR_CLICK_MARKS);
  /* While marking, Enter on a piece marks it instead of lifting it. */
  xq_editor_board_set_lift_pieces (xq_position_editor_get_board (self->position), pieces);
}


const XqLessonMarks *
xq_exercise_editor_get_marks (XqExerciseEditor *self)
{
  g_return_val_if_fail (XQ_IS_EXERCISE_EDITOR (self), NULL);
  return &self->marks;
}

void
xq_exercise_editor_clear_marks (XqExerciseEditor *self)
{
  g_return_if_fail (XQ_IS_EXERCISE_EDITOR (self));
  if (self->marks.n_marks == 0)
    return;
  xq_lesson_marks_clear (&self->marks);
  marks_changed (self);
}


void
xq_exercise_editor_coordinates_changed_cb (XqExerciseEditor *self)
{
  xq_exercise_editor_update_rows (self);
  if (!xq_exercise_editor_is_checking (self))
    xq_exercise_editor_show_verdict (self);
}

/* Under the click mode: the colours, how to draw, Clear Marks. */
void
xq_exercise_editor_build_marks_row (XqExerciseEditor *self)
{
  GtkWidget *parent = gtk_widget_get_parent (GTK_WIDGET (self->click_mode));
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *how = gtk_label_new (_("Click a point to tint it, right-click to circle it, "
                                    "right-drag to draw an arrow; do it again to take it away."));

  self->marks_row = gtk_box_new (GTK_ORIENTATION_VERTICAL, 3);
  self->palette = XQ_MARK_PALETTE (xq_mark_palette_new ());
  self->clear_marks = gtk_button_new_with_mnemonic (_("C_lear Marks"));
  gtk_widget_set_sensitive (self->clear_marks, FALSE);
  g_signal_connect_swapped (self->clear_marks, "clicked", G_CALLBACK (xq_exercise_editor_clear_marks), self);
  gtk_box_append (GTK_BOX (buttons), GTK_WIDGET (self->palette));
  gtk_box_append (GTK_BOX (buttons), self->clear_marks);
  gtk_label_set_wrap (GTK_LABEL (how), TRUE);
  gtk_label_set_xalign (GTK_LABEL (how), 0);
  gtk_widget_add_css_class (how, "dim-label");
  gtk_widget_add_css_class (how, "caption");
  gtk_box_append (GTK_BOX (self->marks_row), buttons);
  gtk_box_append (GTK_BOX (self->marks_row), how);
  gtk_widget_set_visible (self->marks_row, FALSE);
  gtk_box_append (GTK_BOX (parent), self->marks_row);
}

