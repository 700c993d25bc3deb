/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-progress.c: a learner's stars (XqProgress) and the store of learner
 * profiles: listing, loading, saving, resetting, removing.  The files
 * themselves are read and written by xq-progress-file.c. */
#define G_LOG_DOMAIN "xq-progress"

#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "xq-json-file.h"
#include "xq-progress-private.h"
#include "xq-rating.h"
#include "xq-review.h"
#include "xq-safe-file.h"

G_DEFINE_QUARK (xq-progress-error-quark, xq_progress_error)

#define CURRENT_FILE "current-learner"

/* ---- The default learner's name -------------------------------------------- */

/* Every name the default learner's profile has been saved under: the
 * untranslated one and each catalogue's translation of it, kept even if a
 * catalogue changes its word, as files keep the old one.
 * tests/test-progress.c checks that every catalogue in po/ is here. */
static const char *const default_names[] = { XQ_PROGRESS_DEFAULT_NAME, "学员", "學員" };

gboolean
xq_progress_name_is_default (const char *learner, const char *name)
{
  if (g_strcmp0 (learner, XQ_PROGRESS_DEFAULT_LEARNER) != 0 || name == NULL)
    return FALSE;
  /* Named after its id: profiles saved before it had a name of its own. */
  if (strcmp (name, learner) == 0 || strcmp (name, _("Learner")) == 0)
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (default_names); i++)
    if (strcmp (name, default_names[i]) == 0)
      return TRUE;
  return FALSE;
}

/* The name a profile has when none is known. */
const char *
xq_progress_unnamed (const char *learner)
{
  return strcmp (learner, XQ_PROGRESS_DEFAULT_LEARNER) == 0 ? _("Learner") : learner;
}

/* ---- Progress -------------------------------------------------------------- */

XqProgress *
xq_progress_new (const char *learner, const char *name)
{
  XqProgress *p;

  g_return_val_if_fail (learner != NULL, NULL);
  p = g_new0 (XqProgress, 1);
  p->learner = g_strdup (learner);
  /* The default learner's name is shown in the reader's language. */
  p->name = g_strdup (name == NULL || xq_progress_name_is_default (learner, name) ? xq_progress_unnamed (learner) : name);
  p->stars = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  p->results = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  return p;
}

void
xq_progress_free (XqProgress *progress)
{
  if (progress == NULL)
    return;
  g_free (progress->learner);
  g_free (progress->name);
  g_clear_pointer (&progress->stars, g_hash_table_unref);
  g_clear_pointer (&progress->results, g_hash_table_unref);
  g_free (progress);
}

int
xq_progress_get_stars (const XqProgress *progress, const char *unit, const char *exercise)
{
  g_autofree char *key = NULL;

  g_return_val_if_fail (progress != NULL && unit != NULL && exercise != NULL, 0);
  key = g_strdup_printf ("%s/%s", unit, exercise);
  return GPOINTER_TO_INT (g_hash_table_lookup (progress->stars, key));
}

char *
xq_progress_stars_text (int stars, int max)
{
  GString *s = g_string_new (NULL);

  for (int i = 0; i < max; i++)
    g_string_append (s, i < stars ? "★" : "☆");
  return g_string_free (s, FALSE);
}

gboolean
xq_progress_date_valid (const char *date)
{
  return xq_json_date_valid (date);
}

XqProgressResult *
xq_progress_result_new (int hints, const char *date)
{
  XqProgressResult *r = g_new0 (XqProgressResult, 1);

  r->hints = hints;
  if (date != NULL)
    g_strlcpy (r->date, date, sizeof r->date);
  return r;
}

XqProgressResult *
xq_progress_result_copy (const XqProgressResult *r)
{
  return r ? xq_progress_result_new (r->hints, r->date) : NULL;
}

/* Only what says something is kept. */
void
xq_progress_set_result (XqProgress *progress, const char *key, XqProgressResult *r)
{
  if (r == NULL || (r->hints < 0 && r->date[0] == '\0'))
    {
      g_free (r);
      g_hash_table_remove (progress->results, key);
      return;
    }
  g_hash_table_replace (progress->results, g_strdup (key), r);
}

gboolean
xq_progress_record_result (XqProgress *progress, const char *unit, const char *exercise,
                           int stars, int hints, const char *date)
{
  g_autofree char *key = NULL;
  g_autofree char *today = NULL;
  const XqProgressResult *old;
  int had;

  g_return_val_if_fail (progress != NULL && unit != NULL && exercise != NULL, FALSE);
  g_return_val_if_fail (stars >= 1 && stars <= 3, FALSE);
  g_return_val_if_fail (hints >= -1, FALSE);
  g_return_val_if_fail (date == NULL || xq_progress_date_valid (date), FALSE);

  had = xq_progress_get_stars (progress, unit, exercise);
  old = xq_progress_get_result (progress, unit, exercise);
  if (had > stars)
    return FALSE;
  if (had == stars && (hints < 0 || (old != NULL && old->hints >= 0 && old->hints <= hints)))
    return FALSE;
  if (date == NULL)
    {
      g_autoptr(GDateTime) now = g_date_time_new_now_local ();
      date = today = g_date_time_format (now, "%Y-%m-%d");
    }
  key = g_strdup_printf ("%s/%s", unit, exercise);
  g_hash_table_replace (progress->stars, g_strdup (key), GINT_TO_POINTER (stars));
  xq_progress_set_result (progress, key, xq_progress_result_new (hints, date));
  return TRUE;
}

gboolean
xq_progress_record (XqProgress *progress, const char *unit, const char *exercise, int stars)
{
  g_return_val_if_fail (progress != NULL && unit != NULL && exercise != NULL, FALSE);
  g_return_val_if_fail (stars >= 1 && stars <= 3, FALSE);

  if (xq_progress_get_stars (progress, unit, exercise) >= stars)
    return FALSE;
  return xq_progress_record_result (progress, unit, exercise, stars, -1, NULL);
}

const XqProgressResult *
xq_progress_get_result (const XqProgress *progress, const char *unit, const char *exercise)
{
  g_autofree char *key = NULL;

  g_return_val_if_fail (progress != NULL && unit != NULL && exercise != NULL, NULL);
  key = g_strdup_printf ("%s/%s", unit, exercise);
  return g_hash_table_lookup (progress->results, key);
}

int
xq_progress_unit_stars (const XqProgress *progress, const char *unit, int *n_done)
{
  g_autofree char *prefix = NULL;
  GHashTableIter iter;
  gpointer key, value;
  int sum = 0, done = 0;

  g_return_val_if_fail (progress != NULL && unit != NULL, 0);
  prefix = g_strconcat (unit, "/", NULL);
  g_hash_table_iter_init (&iter, progress->stars);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (g_str_has_prefix (key, prefix))
      {
        sum += GPOINTER_TO_INT (value);
        done++;
      }
  if (n_done)
    *n_done = done;
  return sum;
}

/* ---- Store ----------------------------------------------------------------- */

XqProgressStore *
xq_progress_store_new (const char *dir)
{
  XqProgressStore *store = g_new0 (XqProgressStore, 1);

  store->dir = dir ? g_strdup (dir)
                   : g_build_filename (g_get_user_data_dir (), "xiangqi-tutor", "learners", NULL);
  return store;
}

void
xq_progress_store_free (XqProgressStore *store)
{
  if (store == NULL)
    return;
  g_free (store->dir);
  g_free (store);
}

const char *
xq_progress_store_get_dir (XqProgressStore *store)
{
  g_return_val_if_fail (store != NULL, NULL);
  return store->dir;
}

void
xq_progress_store_set_notice_func (XqProgressStore *store, XqProgressNoticeFunc func, gpointer user_data)
{
  g_return_if_fail (store != NULL);
  store->notice_func = func;
  store->notice_data = user_data;
}

gboolean
xq_progress_learner_id_valid (const char *learner)
{
  return xq_json_file_learner_id_valid (learner);
}

gboolean
xq_progress_check_learner (const char *learner, GError **error)
{
  if (xq_progress_learner_id_valid (learner))
    return TRUE;
  g_set_error (error, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_BAD_LEARNER,
               _("“%s” is not a valid learner id"), learner ? learner : "");
  return FALSE;
}

static char *
learner_path (XqProgressStore *store, const char *learner, const char *suffix)
{
  g_autofree char *name = g_strconcat (learner, suffix, NULL);
  return g_build_filename (store->dir, name, NULL);
}

char *
xq_progress_store_main_path (XqProgressStore *store, const char *learner)
{
  return learner_path (store, learner, ".json");
}

char *
xq_progress_store_streak_path (XqProgressStore *store, const char *learner)
{
  return learner_path (store, learner, ".puzzles");
}

gboolean
xq_progress_store_ensure_dir (XqProgressStore *store, GError **error)
{
  if (g_mkdir_with_parents (store->dir, 0700) == 0)
    return TRUE;
  {
    int saved = errno;
    g_set_error (error, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_IO, "%s: %s", store->dir, g_strerror (saved));
  }
  return FALSE;
}

/* Temporary files of saves that were killed, for a file and its backup. */
void
xq_progress_clean_temps (const char *path)
{
  g_autofree char *backup = g_strconcat (path, ".bak", NULL);

  xq_safe_file_clean_temps (path);
  xq_safe_file_clean_temps (backup);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

GPtrArray *
xq_progress_store_list (XqProgressStore *store)
{
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) d = NULL;
  const char *name;

  g_return_val_if_fail (store != NULL, ids);
  d = g_dir_open (store->dir, 0, NULL);
  if (d == NULL)
    return ids;
  /* Temporary files, backups and damaged copies end differently. */
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, ".json"))
      {
        g_autofree char *id = g_strndup (name, strlen (name) - 5);
        if (xq_progress_learner_id_valid (id))
          g_ptr_array_add (ids, g_steal_pointer (&id));
      }
  g_ptr_array_sort (ids, compare_names);
  return ids;
}

XqProgress *
xq_progress_store_load (XqProgressStore *store, const char *learner, GError **error)
{
  g_autofree char *path = NULL;
  g_autofree char *backup = NULL;
  g_autofree char *data = NULL;
  XqSalvage main = { 0 }, back = { 0 };
  XqProgressNotice *notice;
  XqProgress *result = NULL;
  gboolean from_backup;

  g_return_val_if_fail (store != NULL, NULL);
  if (!xq_progress_check_learner (learner, error))
    return NULL;
  path = xq_progress_store_main_path (store, learner);
  backup = g_strconcat (path, ".bak", NULL);
  xq_progress_clean_temps (path);
  if (!xq_salvage_read_progress (path, learner, &main, error))
    goto out;
  if (main.state == XQ_SALVAGE_PERFECT)
    {
      result = g_steal_pointer (&main.p);
      if (main.old_name)
        xq_progress_migrate_name (path, &main, result);
      goto out;
    }
  if (!xq_salvage_read_progress (backup, learner, &back, error))
    goto out;
  if (main.state == XQ_SALVAGE_MISSING)
    {
      if (back.state == XQ_SALVAGE_MISSING)
        {
          result = xq_progress_new (learner, NULL);
          goto out;
        }
      /* Only the backup: the profile itself was deleted by hand.  Bring it
       * back from the backup, without a notice if the backup is whole. */
      if (back.state == XQ_SALVAGE_PERFECT)
        {
          result = g_steal_pointer (&back.p);
          g_message ("%s was missing; restored it from %s", path, backup);
          if (!xq_progress_write_file (path, back.data, error))
            g_clear_pointer (&result, xq_progress_free);
          goto out;
        }
    }

  result = xq_salvage_combine (learner, &main, &back, &from_backup);
  if (main.state == XQ_SALVAGE_DAMAGED)
    notice = xq_progress_notice_new (XQ_PROGRESS_FILE_STARS, learner, path, &main);
  else
    {
      /* No file, a damaged backup: that is what the notice is about. */
      notice = xq_progress_notice_new (XQ_PROGRESS_FILE_STARS, learner, backup, &back);
      back.state = XQ_SALVAGE_MISSING;
    }
  notice->name = g_strdup (result->name);
  notice->name_kept = main.name_ok || back.name_ok;
  notice->kept = g_hash_table_size (result->stars);
  notice->dropped = main.state == XQ_SALVAGE_DAMAGED ? main.dropped : back.dropped;
  notice->from_backup = from_backup;
  data = xq_progress_serialize (result);
  xq_progress_repair (store, notice, path, &back, data);

out:
  xq_salvage_clear (&main);
  xq_salvage_clear (&back);
  return result;
}

static gboolean
xq_progress_store_save_unlocked (XqProgressStore *store, const XqProgress *progress, GError **error)
{
  g_autofree char *path = NULL;
  g_autofree char *backup = NULL;
  g_autofree char *data = NULL;
  g_autoptr(XqProgress) merged = NULL;
  XqSalvage main = { 0 }, back = { 0 };
  gboolean ok = FALSE;

  g_return_val_if_fail (store != NULL && progress != NULL, FALSE);
  if (!xq_progress_check_learner (progress->learner, error) || !xq_progress_store_ensure_dir (store, error))
    return FALSE;
  path = xq_progress_store_main_path (store, progress->learner);
  backup = g_strconcat (path, ".bak", NULL);
  xq_progress_clean_temps (path);
  if (!xq_salvage_read_progress (path, progress->learner, &main, error) ||
      !xq_salvage_read_progress (backup, progress->learner, &back, error))
    goto out;

  /* Stars on disk that this copy has not seen (another page saved them)
   * are kept. */
  merged = xq_progress_new (progress->learner, progress->name);
  merged->speak = progress->speak;
  xq_progress_merge_stars (merged, progress);
  if (main.p != NULL)
    xq_progress_merge_stars (merged, main.p);
  if (main.state == XQ_SALVAGE_DAMAGED)
    {
      XqProgressNotice *notice = xq_progress_notice_new (XQ_PROGRESS_FILE_STARS, progress->learner, path, &main);

      notice->name = g_strdup (progress->name);
      notice->name_kept = TRUE;
      notice->kept = g_hash_table_size (merged->stars);
      notice->dropped = main.dropped;
      if (!xq_progress_set_aside_damaged (store, notice, error))
        goto out;
    }
  data = xq_progress_serialize (merged);
  ok = xq_progress_replace_with_backup (path, &main, &back, data, error);

out:
  xq_salvage_clear (&main);
  xq_salvage_clear (&back);
  return ok;
}

gboolean
xq_progress_store_save (XqProgressStore *store, const XqProgress *progress, GError **error)
{
  gboolean ok;

  xq_learner_files_lock ();
  ok = xq_progress_store_save_unlocked (store, progress, error);
  xq_learner_files_unlock ();
  return ok;
}

/* Removes every file of one kind of one learner: the backup and the
 * damaged copies first, the file itself last, so an interrupted removal
 * leaves a learner that is still listed and can be removed again. */
static gboolean
remove_learner_file (const char *path, GError **error)
{
  g_autofree char *backup = g_strconcat (path, ".bak", NULL);
  g_autoptr(GError) local = NULL;

  if (xq_safe_file_remove_all (backup, &local) && xq_safe_file_remove_all (path, &local))
    return TRUE;
  g_set_error (error, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_IO, "%s", local->message);
  return FALSE;
}

gboolean
xq_progress_store_reset (XqProgressStore *store, const char *learner, GError **error)
{
  g_autoptr(XqProgress) p = NULL;
  g_autoptr(XqProgress) fresh = NULL;
  g_autofree char *path = NULL;
  g_autofree char *backup = NULL;
  g_autofree char *streak = NULL;
  g_autofree char *review = NULL;
  g_autofree char *data = NULL;

  g_return_val_if_fail (store != NULL, FALSE);
  p = xq_progress_store_load (store, learner, error);
  if (p == NULL || !xq_progress_store_ensure_dir (store, error))
    return FALSE;
  fresh = xq_progress_new (learner, p->name);
  path = xq_progress_store_main_path (store, learner);
  backup = g_strconcat (path, ".bak", NULL);
  streak = xq_progress_store_streak_path (store, learner);
  data = xq_progress_serialize (fresh);
  /* Written directly: a save would keep the stars on disk.  The backup
   * first, so the old results cannot come back through it. */
  if (!xq_progress_write_file (backup, data, error) || !xq_progress_write_file (path, data, error))
    return FALSE;
  /* Damaged copies hold old results too. */
  xq_safe_file_remove_copies (path);
  xq_safe_file_remove_copies (backup);
  review = xq_review_path (store->dir, learner);
  return remove_learner_file (streak, error) && remove_learner_file (review, error);
}

gboolean
xq_progress_store_remove (XqProgressStore *store, const char *learner, GError **error)
{
  g_autofree char *path = NULL;
  g_autofree char *streak = NULL;
  g_autofree char *ratings = NULL;
  g_autofree char *review = NULL;

  g_return_val_if_fail (store != NULL, FALSE);
  if (!xq_progress_check_learner (learner, error))
    return FALSE;
  path = xq_progress_store_main_path (store, learner);
  streak = xq_progress_store_streak_path (store, learner);
  ratings = xq_ratings_path (store->dir, learner);
  review = xq_review_path (store->dir, learner);
  /* The profile goes last: without it the learner is no longer listed. */
  return remove_learner_file (streak, error) && remove_learner_file (ratings, error) &&
         remove_learner_file (review, error) && remove_learner_file (path, error);
}

char *
xq_progress_store_get_current (XqProgressStore *store)
{
  g_autofree char *path = NULL;
  g_autofree char *data = NULL;

  g_return_val_if_fail (store != NULL, NULL);
  path = g_build_filename (store->dir, CURRENT_FILE, NULL);
  xq_safe_file_clean_temps (path);
  if (!xq_safe_file_read (path, 256, &data, NULL, NULL) || !xq_progress_learner_id_valid (g_strstrip (data)))
    return NULL;
  return g_steal_pointer (&data);
}

gboolean
xq_progress_store_set_current (XqProgressStore *store, const char *learner, GError **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (store != NULL, FALSE);
  if (!xq_progress_check_learner (learner, error) || !xq_progress_store_ensure_dir (store, error))
    return FALSE;
  path = g_build_filename (store->dir, CURRENT_FILE, NULL);
  return xq_progress_write_file (path, learner, error);
}

/* ---- Forgetting the results of changed exercises ------------------------------ */

gboolean
xq_progress_store_forget_exercises (XqProgressStore *store, const char *unit, GHashTable *keep,
                                    guint *n_dropped, GError **error)
{
  g_autoptr(GPtrArray) learners = NULL;
  g_autofree char *prefix = NULL;
  guint dropped = 0;

  g_return_val_if_fail (store != NULL && unit != NULL, FALSE);
  prefix = g_strconcat (unit, "/", NULL);
  learners = xq_progress_store_list (store);
  for (guint i = 0; i < learners->len; i++)
    {
      const char *learner = g_ptr_array_index (learners, i);
      g_autofree char *path = xq_progress_store_main_path (store, learner);
      g_autofree char *backup = g_strconcat (path, ".bak", NULL);
      g_autofree char *data = NULL;
      g_autoptr(XqProgress) p = NULL;
      GHashTableIter iter;
      gpointer key;
      guint here = 0;

      p = xq_progress_store_load (store, learner, error);
      if (p == NULL)
        return FALSE;
      g_hash_table_iter_init (&iter, p->stars);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        if (g_str_has_prefix (key, prefix) &&
            (keep == NULL || !g_hash_table_contains (keep, (const char *) key + strlen (prefix))))
          {
            g_hash_table_remove (p->results, key);
            g_hash_table_iter_remove (&iter);
            here++;
          }
      if (here == 0)
        continue;
      /* Saving merges with the file (stars only grow), so the file and its
       * backup are written whole: the results are meant to go. */
      data = xq_progress_serialize (p);
      if (!xq_progress_write_file (path, data, error) || !xq_progress_write_file (backup, data, error))
        return FALSE;
      dropped += here;
    }
  if (n_dropped != NULL)
    *n_dropped = dropped;
  return TRUE;
}
