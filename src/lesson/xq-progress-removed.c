/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-progress-removed.c: a learner's files, and their removal that can be undone. */
#define G_LOG_DOMAIN "xq-progress"

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-progress-private.h"
#include "xq-safe-file.h"

/* ---- Removal that can be undone -------------------------------------------- */

typedef struct {
  char  *file;   /* base name in the store's directory */
  char  *data;
  gsize  length;
} HeldFile;

struct _XqProgressRemoved {
  char   *dir;
  char   *learner;
  char   *name;
  GArray *files;   /* HeldFile */
};

static void
held_file_clear (gpointer data)
{
  HeldFile *h = data;

  g_free (h->file);
  g_free (h->data);
}

/* "<id>.json", "<id>.puzzles", "<id>.ratings.json" (xq-rating.h),
 * "<id>.review.json" (xq-review.h) and everything made from them
 * (backups, damaged copies, temporary files). */
static gboolean
belongs_to (const char *file, const char *learner)
{
  static const char *const kinds[] = { ".json", ".puzzles", ".ratings.json", ".review.json" };
  size_t n = strlen (learner);

  if (strncmp (file, learner, n) != 0)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (g_str_has_prefix (file + n, kinds[i]) &&
        (file[n + strlen (kinds[i])] == '\0' || file[n + strlen (kinds[i])] == '.'))
      return TRUE;
  return FALSE;
}

gboolean
xq_progress_store_has_files (XqProgressStore *store, const char *learner)
{
  g_autoptr(GDir) d = NULL;
  const char *file;

  g_return_val_if_fail (store != NULL, FALSE);
  if (!xq_progress_learner_id_valid (learner))
    return FALSE;
  d = g_dir_open (store->dir, 0, NULL);
  while (d != NULL && (file = g_dir_read_name (d)) != NULL)
    if (belongs_to (file, learner))
      return TRUE;
  return FALSE;
}

XqProgressRemoved *
xq_progress_store_remove_undoable (XqProgressStore *store, const char *learner, GError **error)
{
  g_autoptr(XqProgressRemoved) r = NULL;
  g_autoptr(XqProgress) p = NULL;
  g_autoptr(GDir) d = NULL;
  const char *file;

  g_return_val_if_fail (store != NULL, NULL);
  if (!xq_progress_check_learner (learner, error))
    return NULL;
  r = g_new0 (XqProgressRemoved, 1);
  r->dir = g_strdup (store->dir);
  r->learner = g_strdup (learner);
  r->files = g_array_new (FALSE, TRUE, sizeof (HeldFile));
  g_array_set_clear_func (r->files, held_file_clear);
  d = g_dir_open (store->dir, 0, NULL);
  while (d != NULL && (file = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autoptr(GError) local = NULL;
      HeldFile h = { 0 };

      if (!belongs_to (file, learner))
        continue;
      path = g_build_filename (store->dir, file, NULL);
      if (!xq_safe_file_read (path, XQ_SAFE_FILE_MAX_SIZE, &h.data, &h.length, &local))
        {
          /* Nothing deleted yet: a file that cannot be kept stops the removal. */
          g_set_error (error, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_IO, "%s", local->message);
          return NULL;
        }
      h.file = g_strdup (file);
      g_array_append_val (r->files, h);
    }
  /* After the files were kept: loading may repair a damaged one. */
  p = xq_progress_store_load (store, learner, NULL);
  r->name = g_strdup (p ? p->name : learner);
  if (!xq_progress_store_remove (store, learner, error))
    return NULL;
  return g_steal_pointer (&r);
}

const char *
xq_progress_removed_get_learner (const XqProgressRemoved *removed)
{
  g_return_val_if_fail (removed != NULL, NULL);
  return removed->learner;
}

const char *
xq_progress_removed_get_name (const XqProgressRemoved *removed)
{
  g_return_val_if_fail (removed != NULL, NULL);
  return removed->name;
}

gboolean
xq_progress_removed_restore (XqProgressRemoved *removed, GError **error)
{
  g_autofree char *profile = NULL;

  g_return_val_if_fail (removed != NULL, FALSE);
  profile = g_strconcat (removed->learner, ".json", NULL);
  {
    g_autofree char *path = g_build_filename (removed->dir, profile, NULL);
    if (g_file_test (path, G_FILE_TEST_EXISTS))
      {
        g_set_error (error, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_IO,
                     _("%s cannot be brought back: a learner with the same id was added since"),
                     removed->name);
        return FALSE;
      }
  }
  if (g_mkdir_with_parents (removed->dir, 0700) != 0)
    {
      int saved = errno;
      g_set_error (error, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_IO, "%s: %s", removed->dir, g_strerror (saved));
      return FALSE;
    }
  /* The profile last: until it is back the learner is not listed. */
  for (int pass = 0; pass < 2; pass++)
    for (guint i = 0; i < removed->files->len; i++)
      {
        HeldFile *h = &g_array_index (removed->files, HeldFile, i);
        g_autofree char *path = NULL;
        g_autoptr(GError) local = NULL;

        if ((strcmp (h->file, profile) == 0) != (pass == 1))
          continue;
        path = g_build_filename (removed->dir, h->file, NULL);
        if (!xq_safe_file_write (path, h->data, (gssize) h->length, &local))
          {
            g_set_error (error, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_IO, "%s", local->message);
            return FALSE;
          }
      }
  return TRUE;
}

void
xq_progress_removed_free (XqProgressRemoved *removed)
{
  if (removed == NULL)
    return;
  g_free (removed->dir);
  g_free (removed->learner);
  g_free (removed->name);
  g_clear_pointer (&removed->files, g_array_unref);
  g_free (removed);
}
