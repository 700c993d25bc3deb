/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-progress"

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "xq-progress.h"

G_DEFINE_QUARK (xq-progress-error-quark, xq_progress_error)

struct _XqProgressStore {
  char *dir;
};

/* ---- Progress -------------------------------------------------------------- */

XqProgress *
xq_progress_new (const char *learner, const char *name)
{
  XqProgress *p;

  g_return_val_if_fail (learner != NULL, NULL);
  p = g_new0 (XqProgress, 1);
  p->learner = g_strdup (learner);
  p->name = g_strdup (name ? name : learner);
  p->stars = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
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

gboolean
xq_progress_record (XqProgress *progress, const char *unit, const char *exercise, int stars)
{
  g_return_val_if_fail (progress != NULL && unit != NULL && exercise != NULL, FALSE);
  g_return_val_if_fail (stars >= 1 && stars <= 3, FALSE);

  if (xq_progress_get_stars (progress, unit, exercise) >= stars)
    return FALSE;
  g_hash_table_replace (progress->stars, g_strdup_printf ("%s/%s", unit, exercise),
                        GINT_TO_POINTER (stars));
  return TRUE;
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

/* ---- Files ----------------------------------------------------------------- */

static char *
serialize (const XqProgress *progress)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GList) keys = g_hash_table_get_keys (progress->stars);

  /* Sorted keys keep the file stable, so saving twice writes the same bytes. */
  keys = g_list_sort (keys, (GCompareFunc) strcmp);
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_int_value (b, 1);
  json_builder_set_member_name (b, "learner");
  json_builder_add_string_value (b, progress->learner);
  json_builder_set_member_name (b, "name");
  json_builder_add_string_value (b, progress->name);
  json_builder_set_member_name (b, "stars");
  json_builder_begin_object (b);
  for (GList *l = keys; l != NULL; l = l->next)
    {
      json_builder_set_member_name (b, l->data);
      json_builder_add_int_value (b, GPOINTER_TO_INT (g_hash_table_lookup (progress->stars, l->data)));
    }
  json_builder_end_object (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  return json_generator_to_data (gen, NULL);
}

/* Reads one progress file; NULL (without an error for a missing file) if it
 * cannot be used. */
static XqProgress *
parse_file (const char *path, const char *learner, gboolean *exists)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(XqProgress) p = NULL;
  JsonNode *root, *node;
  JsonObject *obj, *stars;
  g_autoptr(GList) members = NULL;

  *exists = g_file_test (path, G_FILE_TEST_EXISTS);
  if (!*exists || !json_parser_load_from_file (parser, path, NULL))
    return NULL;
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return NULL;
  obj = json_node_get_object (root);
  node = json_object_get_member (obj, "learner");
  if (node == NULL || json_node_get_value_type (node) != G_TYPE_STRING ||
      strcmp (json_node_get_string (node), learner) != 0)
    return NULL;
  node = json_object_get_member (obj, "name");
  if (node == NULL || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  p = xq_progress_new (learner, json_node_get_string (node));
  node = json_object_get_member (obj, "stars");
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return NULL;
  stars = json_node_get_object (node);
  members = json_object_get_members (stars);
  for (GList *l = members; l != NULL; l = l->next)
    {
      JsonNode *v = json_object_get_member (stars, l->data);
      gint64 n;
      if (json_node_get_value_type (v) != G_TYPE_INT64)
        return NULL;
      n = json_node_get_int (v);
      if (n < 1 || n > 3 || strchr (l->data, '/') == NULL)
        return NULL;
      g_hash_table_replace (p->stars, g_strdup (l->data), GINT_TO_POINTER ((int) n));
    }
  return g_steal_pointer (&p);
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

gboolean
xq_progress_learner_id_valid (const char *learner)
{
  size_t len;

  if (learner == NULL)
    return FALSE;
  len = strlen (learner);
  if (len == 0 || len > 64)
    return FALSE;
  for (const char *c = learner; *c; c++)
    if (!(g_ascii_islower (*c) || g_ascii_isdigit (*c) || *c == '-' || *c == '_'))
      return FALSE;
  return TRUE;
}

static gboolean
check_learner (const char *learner, GError **error)
{
  if (xq_progress_learner_id_valid (learner))
    return TRUE;
  g_set_error (error, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_BAD_LEARNER,
               _("“%s” is not a valid learner id"), learner ? learner : "");
  return FALSE;
}

static char *
main_path (XqProgressStore *store, const char *learner)
{
  g_autofree char *name = g_strconcat (learner, ".json", NULL);
  return g_build_filename (store->dir, name, NULL);
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
  /* Temporary files ("x.json.AB12CD") and backups end differently. */
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
  gboolean exists, backup_exists;
  XqProgress *p;

  g_return_val_if_fail (store != NULL, NULL);
  if (!check_learner (learner, error))
    return NULL;
  path = main_path (store, learner);
  backup = g_strconcat (path, ".bak", NULL);
  p = parse_file (path, learner, &exists);
  if (p != NULL)
    return p;
  p = parse_file (backup, learner, &backup_exists);
  if (p != NULL)
    {
      g_message ("progress of %s was damaged; restored the previous copy", learner);
      return p;
    }
  if (!exists && !backup_exists)
    return xq_progress_new (learner, learner);
  g_set_error (error, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_CORRUPT,
               _("The progress of %s cannot be read"), learner);
  return NULL;
}

static gboolean
write_file (const char *path, const char *data, GError **error)
{
  g_autoptr(GError) local = NULL;

  /* Writes a temporary file, syncs it and renames it over the old one. */
  if (g_file_set_contents_full (path, data, -1,
                                G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                0600, &local))
    return TRUE;
  g_set_error (error, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_IO, "%s", local->message);
  return FALSE;
}

gboolean
xq_progress_store_save (XqProgressStore *store, const XqProgress *progress, GError **error)
{
  g_autofree char *path = NULL;
  g_autofree char *backup = NULL;
  g_autofree char *data = NULL;
  g_autoptr(XqProgress) old = NULL;
  gboolean exists;

  g_return_val_if_fail (store != NULL && progress != NULL, FALSE);
  if (!check_learner (progress->learner, error))
    return FALSE;
  if (g_mkdir_with_parents (store->dir, 0700) != 0)
    {
      int saved = errno;
      g_set_error (error, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_IO, "%s: %s", store->dir, g_strerror (saved));
      return FALSE;
    }
  path = main_path (store, progress->learner);
  backup = g_strconcat (path, ".bak", NULL);
  /* Only a file that still reads well becomes the backup, so a damaged file
   * can never push out the last good copy. */
  old = parse_file (path, progress->learner, &exists);
  if (old != NULL)
    {
      g_autofree char *old_data = serialize (old);
      if (!write_file (backup, old_data, error))
        return FALSE;
    }
  data = serialize (progress);
  return write_file (path, data, error);
}

gboolean
xq_progress_store_reset (XqProgressStore *store, const char *learner, GError **error)
{
  g_autoptr(XqProgress) p = NULL;
  g_autoptr(XqProgress) fresh = NULL;
  g_autofree char *path = NULL;
  g_autofree char *backup = NULL;
  g_autofree char *data = NULL;

  g_return_val_if_fail (store != NULL, FALSE);
  p = xq_progress_store_load (store, learner, error);
  if (p == NULL)
    return FALSE;
  fresh = xq_progress_new (learner, p->name);
  if (!xq_progress_store_save (store, fresh, error))
    return FALSE;
  /* The old results must not come back through the backup either. */
  path = main_path (store, learner);
  backup = g_strconcat (path, ".bak", NULL);
  data = serialize (fresh);
  return write_file (backup, data, error);
}

gboolean
xq_progress_store_remove (XqProgressStore *store, const char *learner, GError **error)
{
  g_autofree char *path = NULL;
  g_autofree char *backup = NULL;

  g_return_val_if_fail (store != NULL, FALSE);
  if (!check_learner (learner, error))
    return FALSE;
  path = main_path (store, learner);
  backup = g_strconcat (path, ".bak", NULL);
  /* The main file goes first: without it the learner is no longer listed. */
  for (int i = 0; i < 2; i++)
    {
      const char *f = i == 0 ? path : backup;
      if (g_unlink (f) != 0 && errno != ENOENT)
        {
          int saved = errno;
          g_set_error (error, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_IO, "%s: %s", f, g_strerror (saved));
          return FALSE;
        }
    }
  return TRUE;
}
