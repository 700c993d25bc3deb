/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-page-loader"

#include "config.h"

#include "xq-page-loader.h"

struct _XqPageLoader
{
  gpointer          page;
  XqPageLoadFunc    load;
  XqPageLoadedFunc  loaded;
  GDestroyNotify    free_loaded;
  GCancellable     *cancellable;   /* while a load runs */
};

/* What one load carries into its thread.  The loader may be freed while a
 * cancelled load still runs, so only an uncancelled load looks at it. */
typedef struct
{
  XqPageLoader   *loader;
  char           *dir;
  XqPageLoadFunc  load;
  GDestroyNotify  free_loaded;
} Load;

static void
load_free (gpointer data)
{
  Load *l = data;

  g_free (l->dir);
  g_free (l);
}

static void
load_thread (GTask        *task,
             gpointer      source,
             gpointer      data,
             GCancellable *cancellable)
{
  Load *l = data;

  /* With its free function: a load cancelled meanwhile is freed by the task
   * (g_task_propagate_pointer then gives NULL, not the content). */
  g_task_return_pointer (task, l->load (l->dir), l->free_loaded);
}

static void
load_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  GDestroyNotify free_loaded = user_data;
  Load *l = g_task_get_task_data (G_TASK (result));
  gpointer loaded = g_task_propagate_pointer (G_TASK (result), NULL);
  XqPageLoader *loader;

  if (g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))))
    {
      if (loaded != NULL)
        free_loaded (loaded);
      return;
    }
  loader = l->loader;
  g_clear_object (&loader->cancellable);
  if (loaded != NULL)
    loader->loaded (loader->page, loaded);
}

XqPageLoader *
xq_page_loader_new (gpointer          page,
                    XqPageLoadFunc    load,
                    XqPageLoadedFunc  loaded,
                    GDestroyNotify    free_loaded)
{
  XqPageLoader *loader;

  g_return_val_if_fail (page != NULL && load != NULL && loaded != NULL && free_loaded != NULL, NULL);

  loader = g_new0 (XqPageLoader, 1);
  loader->page = page;
  loader->load = load;
  loader->loaded = loaded;
  loader->free_loaded = free_loaded;
  return loader;
}

void
xq_page_loader_free (XqPageLoader *loader)
{
  if (loader == NULL)
    return;
  xq_page_loader_cancel (loader);
  g_free (loader);
}

void
xq_page_loader_start (XqPageLoader *loader,
                      const char   *dir)
{
  g_autoptr(GTask) task = NULL;
  Load *l;

  g_return_if_fail (loader != NULL);

  xq_page_loader_cancel (loader);
  loader->cancellable = g_cancellable_new ();
  l = g_new0 (Load, 1);
  l->loader = loader;
  l->dir = g_strdup (dir);
  l->load = loader->load;
  l->free_loaded = loader->free_loaded;
  /* No source object: the task holds no reference on the page. */
  task = g_task_new (NULL, loader->cancellable, load_done, loader->free_loaded);
  g_task_set_source_tag (task, xq_page_loader_start);
  g_task_set_task_data (task, l, load_free);
  g_task_run_in_thread (task, load_thread);
}

void
xq_page_loader_cancel (XqPageLoader *loader)
{
  g_return_if_fail (loader != NULL);

  if (loader->cancellable != NULL)
    g_cancellable_cancel (loader->cancellable);
  g_clear_object (&loader->cancellable);
}

gboolean
xq_page_loader_is_loading (XqPageLoader *loader)
{
  g_return_val_if_fail (loader != NULL, FALSE);
  return loader->cancellable != NULL;
}
