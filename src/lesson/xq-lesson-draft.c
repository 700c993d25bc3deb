/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-lesson-draft"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-lesson-draft.h"
#include "xq-lesson-writer.h"

#define DRAFT_PATH "$.exercises[0]"

typedef struct {
  XqLessonFile *file;      /* NULL if there were problems */
  GPtrArray    *problems;  /* XqLessonProblem* */
} Checked;

static void
checked_free (Checked *c)
{
  g_clear_pointer (&c->file, xq_lesson_file_free);
  g_clear_pointer (&c->problems, g_ptr_array_unref);
  g_free (c);
}

static void
check_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Checked *c = g_new0 (Checked, 1);

  c->problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  c->file = xq_lesson_load_data (data, -1, "exercise", c->problems);
  for (guint i = 0; i < c->problems->len; i++)
    {
      XqLessonProblem *p = g_ptr_array_index (c->problems, i);
      /* Paths relative to the exercise, as its author sees it. */
      if (g_str_has_prefix (p->path, DRAFT_PATH))
        {
          char *rel = g_strconcat ("$", p->path + strlen (DRAFT_PATH), NULL);
          g_free (p->path);
          p->path = rel;
        }
    }
  if (g_task_return_error_if_cancelled (task))
    checked_free (c);
  else
    g_task_return_pointer (task, c, (GDestroyNotify) checked_free);
}

void
xq_lesson_draft_check_async (JsonObject *exercise, const char *title, GCancellable *cancellable,
                             GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr(GPtrArray) exercises = g_ptr_array_new ();
  g_autoptr(JsonObject) unit = NULL;
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (exercise != NULL);
  g_ptr_array_add (exercises, exercise);
  unit = xq_lesson_teacher_unit_new ("draft", title != NULL ? title : "Draft", exercises);
  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, xq_lesson_draft_check_async);
  g_task_set_task_data (task, xq_lesson_write_object (unit, NULL), g_free);
  /* Cancelled, the callback comes at once; the proof finishes unheard. */
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, check_thread);
}

XqLessonFile *
xq_lesson_draft_check_finish (GAsyncResult *result, GPtrArray **problems, GError **error)
{
  Checked *c;
  XqLessonFile *file;

  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  if (problems != NULL)
    *problems = NULL;
  c = g_task_propagate_pointer (G_TASK (result), error);
  if (c == NULL)
    return NULL;
  file = g_steal_pointer (&c->file);
  if (problems != NULL)
    *problems = g_steal_pointer (&c->problems);
  checked_free (c);
  return file;
}
