/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-thinker"

#include "config.h"

#include "xq-thinker.h"

struct _XqThinker
{
  GObject        *owner;
  XqThinkerFuncs  funcs;
  guint           delay_id;
  GTask          *task;      /* the search running in a thread, or NULL */
};

/* What one search carries.  The thinker may be freed while a cancelled
 * search still runs, so only an uncancelled search looks at it. */
typedef struct
{
  XqThinker *thinker;
  gpointer   job;
  gboolean (*search) (gpointer job);
  void     (*free_job) (gpointer job);
} Run;

static void
run_free (gpointer data)
{
  Run *run = data;

  run->free_job (run->job);
  g_free (run);
}

static void
search_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  Run *run = task_data;

  g_task_return_boolean (task, run->search (run->job));
}

static void
search_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  GTask *task = G_TASK (result);
  Run *run = g_task_get_task_data (task);
  XqThinker *thinker;
  gboolean found;

  /* A cancelled search finishes after the owner has moved on. */
  if (g_cancellable_is_cancelled (g_task_get_cancellable (task)))
    return;
  thinker = run->thinker;
  found = g_task_propagate_boolean (task, NULL);
  /* The task (and with it the job) lives until this returns. */
  g_clear_object (&thinker->task);
  thinker->funcs.done (thinker->owner, run->job, found);
}

static gboolean
delay_cb (gpointer user_data)
{
  XqThinker *thinker = user_data;
  g_autoptr(GCancellable) cancellable = NULL;
  gpointer job;
  Run *run;

  thinker->delay_id = 0;
  job = thinker->funcs.prepare (thinker->owner);
  if (job == NULL)
    return G_SOURCE_REMOVE;
  run = g_new0 (Run, 1);
  run->thinker = thinker;
  run->job = job;
  run->search = thinker->funcs.search;
  run->free_job = thinker->funcs.free_job;
  cancellable = g_cancellable_new ();
  thinker->task = g_task_new (thinker->owner, cancellable, search_done_cb, NULL);
  g_task_set_source_tag (thinker->task, delay_cb);
  g_task_set_task_data (thinker->task, run, run_free);
  g_task_run_in_thread (thinker->task, search_thread);
  return G_SOURCE_REMOVE;
}

XqThinker *
xq_thinker_new (gpointer              owner,
                const XqThinkerFuncs *funcs)
{
  XqThinker *thinker;

  g_return_val_if_fail (G_IS_OBJECT (owner), NULL);
  g_return_val_if_fail (funcs != NULL && funcs->prepare != NULL && funcs->search != NULL &&
                        funcs->stop != NULL && funcs->done != NULL && funcs->free_job != NULL, NULL);

  thinker = g_new0 (XqThinker, 1);
  thinker->owner = owner;
  thinker->funcs = *funcs;
  return thinker;
}

void
xq_thinker_free (XqThinker *thinker)
{
  if (thinker == NULL)
    return;
  xq_thinker_cancel (thinker);
  g_free (thinker);
}

void
xq_thinker_start (XqThinker *thinker,
                  guint      delay_ms)
{
  g_return_if_fail (thinker != NULL);

  if (xq_thinker_is_busy (thinker))
    return;
  thinker->delay_id = g_timeout_add (delay_ms, delay_cb, thinker);
}

void
xq_thinker_cancel (XqThinker *thinker)
{
  g_return_if_fail (thinker != NULL);

  g_clear_handle_id (&thinker->delay_id, g_source_remove);
  if (thinker->task != NULL)
    {
      Run *run = g_task_get_task_data (thinker->task);

      g_cancellable_cancel (g_task_get_cancellable (thinker->task));
      thinker->funcs.stop (run->job);
      g_clear_object (&thinker->task);
    }
}

gboolean
xq_thinker_is_busy (XqThinker *thinker)
{
  g_return_val_if_fail (thinker != NULL, FALSE);
  return thinker->delay_id != 0 || thinker->task != NULL;
}

gboolean
xq_thinker_is_searching (XqThinker *thinker)
{
  g_return_val_if_fail (thinker != NULL, FALSE);
  return thinker->task != NULL;
}
