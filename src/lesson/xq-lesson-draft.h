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

G_END_DECLS
