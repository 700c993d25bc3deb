/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-lesson-draft.h: checks one exercise that is not in a unit yet (the
 * exercise editor's), in a worker thread, since the lesson loader may
 * prove a mate.  The exercise goes through the loader as the only exercise
 * of a teacher's unit (xq_lesson_teacher_unit_new). */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "xq-lesson.h"

G_BEGIN_DECLS

/* exercise is written out before this returns: it may change afterwards.
 * title: the unit's (and its introduction page's); NULL for "Draft".
 * Cancelled, the callback comes at once (with G_IO_ERROR_CANCELLED) and the
 * loader's late result is dropped. */
void          xq_lesson_draft_check_async  (JsonObject *exercise, const char *title, GCancellable *cancellable,
                                            GAsyncReadyCallback callback, gpointer user_data);
/* The loaded one-exercise unit, or NULL if there was any problem (or the
 * check was cancelled: then error is set).  *problems (optional) gets
 * every problem, XqLessonProblem* with paths relative to the exercise
 * ("$.prompt", "$" for the exercise as a whole). */
XqLessonFile *xq_lesson_draft_check_finish (GAsyncResult *result, GPtrArray **problems, GError **error);

/* What the rules decided for a sound exercise, for its author to see. */
typedef struct {
  char          *answer;    /* in words, translated ("The answer: e3, e4"); NULL: nothing to say */
  XqLessonMarks  marks;     /* the answer on the board: its points, its moves as arrows */
  GPtrArray     *warnings;  /* char*, translated: "This is a mate in 1, not 2." */
} XqDraftAnswer;

void           xq_draft_answer_free        (XqDraftAnswer *answer);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqDraftAnswer, xq_draft_answer_free)
/* Computes it; a mate exercise runs the solver (a worker thread's job). */
XqDraftAnswer *xq_lesson_draft_answer      (const XqExercise *ex);
/* The same as xq_lesson_draft_check_finish, with *answer (optional) the
 * loaded exercise's answer, computed in the worker (NULL after problems). */
XqLessonFile  *xq_lesson_draft_check_finish_full (GAsyncResult *result, GPtrArray **problems,
                                                  XqDraftAnswer **answer, GError **error);

/* A problem of a draft (its path relative to the exercise) in the form's
 * words: the field named by its label in the editor, a missing point or
 * points as what to mark on the board ("Mark the exercise’s piece on the
 * board."), a missing text as what to fill in.  kind: the exercise's (NULL:
 * the common fields only).  Translated. */
char          *xq_lesson_draft_describe_problem (const XqKind *kind, const XqLessonProblem *problem);

G_END_DECLS
