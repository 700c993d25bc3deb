/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A learner's stars under the units their exercises moved to
 * (xq-exercise-moves.h holds the table of moves). */
#define G_LOG_DOMAIN "xq-progress"

#include "config.h"

#include <string.h>

#include "xq-exercise-moves.h"
#include "xq-progress.h"

gboolean
xq_progress_apply_moves (XqProgress *progress)
{
  g_autoptr(GPtrArray) old_keys = g_ptr_array_new_with_free_func (g_free);
  GHashTableIter iter;
  gpointer key, value;

  g_return_val_if_fail (progress != NULL, FALSE);
  g_hash_table_iter_init (&iter, progress->stars);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const char *slash = strchr (key, '/');
      g_autofree char *unit = slash ? g_strndup (key, (gsize) (slash - (const char *) key)) : NULL;

      if (unit != NULL && xq_progress_moved_unit (unit, slash + 1) != NULL)
        g_ptr_array_add (old_keys, g_strdup (key));
    }
  for (guint i = 0; i < old_keys->len; i++)
    {
      const char *old = g_ptr_array_index (old_keys, i);
      const char *slash = strchr (old, '/');
      g_autofree char *unit = g_strndup (old, (gsize) (slash - old));
      g_autofree char *new_key = g_strconcat (xq_progress_moved_unit (unit, slash + 1), slash, NULL);
      int stars = GPOINTER_TO_INT (g_hash_table_lookup (progress->stars, old));
      int have = GPOINTER_TO_INT (g_hash_table_lookup (progress->stars, new_key));
      XqProgressResult *r = g_hash_table_lookup (progress->results, old);

      /* Both keys (a file saved by this version and an old one merged):
       * the better stars stay, as a save would keep them. */
      if (stars > have)
        {
          g_hash_table_replace (progress->stars, g_strdup (new_key), GINT_TO_POINTER (stars));
          if (r != NULL)
            g_hash_table_replace (progress->results, g_strdup (new_key), g_memdup2 (r, sizeof *r));
          else
            g_hash_table_remove (progress->results, new_key);
        }
      g_hash_table_remove (progress->stars, old);
      g_hash_table_remove (progress->results, old);
    }
  return old_keys->len > 0;
}
