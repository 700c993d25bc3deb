/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-unit-store-import.c: a pack of units into the folder, replacing
 * units by new editions, and the folder's units out as one pack
 * (see xq-unit-store.h). */
#define G_LOG_DOMAIN "xq-unit-store"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-json-bounded.h"
#include "xq-lesson-writer.h"
#include "xq-pack.h"
#include "xq-safe-file.h"
#include "xq-unit-store-private.h"

/* ---- Replacing a unit --------------------------------------------------------- */

char *
xq_unit_store_exercise_hash (JsonObject *exercise)
{
  gsize length;
  g_autofree char *text = NULL;

  g_return_val_if_fail (exercise != NULL, NULL);
  text = xq_lesson_write_object (exercise, &length);
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) text, length);
}

/* id -> hash of every exercise object of unit. */
static GHashTable *
exercise_hashes (JsonObject *unit)
{
  GHashTable *hashes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  JsonArray *list = xq_unit_store_exercises_of (unit);

  for (guint i = 0; list != NULL && i < json_array_get_length (list); i++)
    {
      JsonNode *e = json_array_get_element (list, i);
      const char *id;

      if (!JSON_NODE_HOLDS_OBJECT (e))
        continue;
      id = xq_json_member_string (json_node_get_object (e), "id", NULL);
      if (id != NULL)
        g_hash_table_replace (hashes, g_strdup (id), xq_unit_store_exercise_hash (json_node_get_object (e)));
    }
  return hashes;
}

GHashTable *
xq_unit_store_unchanged_exercises (JsonObject *old_unit, JsonObject *new_unit)
{
  g_autoptr(GHashTable) old_hashes = exercise_hashes (old_unit);
  g_autoptr(GHashTable) new_hashes = exercise_hashes (new_unit);
  GHashTable *kept = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GHashTableIter iter;
  gpointer id, hash;

  g_hash_table_iter_init (&iter, old_hashes);
  while (g_hash_table_iter_next (&iter, &id, &hash))
    if (g_strcmp0 (g_hash_table_lookup (new_hashes, id), hash) == 0)
      g_hash_table_add (kept, g_strdup (id));
  return kept;
}

guint
xq_unit_store_forget_changed (JsonObject *old_unit, JsonObject *new_unit, XqProgressStore *learners,
                              GError **error)
{
  g_autoptr(GHashTable) kept = NULL;
  const char *id;
  guint dropped = 0;

  g_return_val_if_fail (old_unit != NULL && new_unit != NULL, 0);
  if (learners == NULL)
    return 0;
  kept = xq_unit_store_unchanged_exercises (old_unit, new_unit);
  /* Progress is keyed by the old unit's id. */
  id = xq_json_member_string (old_unit, "id", "");
  if (!xq_progress_store_forget_exercises (learners, id, kept, &dropped, error))
    return 0;
  return dropped;
}

static const char *
type_word (XqLessonFileType type)
{
  switch (type)
    {
    case XQ_LESSON_FILE_UNIT:
      return "unit";
    case XQ_LESSON_FILE_PACK:
      return "pack";
    }
  return "";
}

/* The document an entry replaces in dir: the one with its id (and type),
 * else the file with its name. */
static const XqUnitPresent *
replaced_by (GPtrArray *present, const XqPackEntry *e)
{
  for (guint i = 0; i < present->len; i++)
    {
      const XqUnitPresent *p = g_ptr_array_index (present, i);
      if (strcmp (p->type, type_word (e->type)) == 0 && strcmp (p->id, e->id) == 0)
        return p;
    }
  for (guint i = 0; i < present->len; i++)
    {
      const XqUnitPresent *p = g_ptr_array_index (present, i);
      if (strcmp (p->name, e->name) == 0)
        return p;
    }
  return NULL;
}

static JsonObject *
parse_object (const char *text)
{
  g_autoptr(JsonNode) node = json_from_string (text, NULL);

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_object_ref (json_node_get_object (node)) : NULL;
}

gboolean
xq_unit_store_import_pack (const char *path, const char *dir, gboolean replace, XqProgressStore *learners,
                           GCancellable *cancellable, XqUnitImport **import_out, GError **error)
{
  g_autoptr(GPtrArray) problems = xq_pack_problems_new ();
  g_autoptr(XqPack) pack = NULL;
  g_autoptr(GPtrArray) present = NULL;
  g_autoptr(GString) clashes = g_string_new (NULL);
  g_autoptr(XqUnitImport) import = NULL;

  g_return_val_if_fail (path != NULL && dir != NULL, FALSE);
  pack = xq_pack_load_file (path, problems);
  if (pack == NULL)
    {
      g_propagate_error (error, xq_pack_problem_to_error (g_ptr_array_index (problems, 0)));
      return FALSE;
    }
  for (guint i = 0; i < pack->entries->len; i++)
    {
      const XqPackEntry *e = g_ptr_array_index (pack->entries, i);
      if (xq_unit_store_is_builtin_id (e->id))
        {
          g_set_error (error, XQ_UNIT_STORE_ERROR, XQ_UNIT_STORE_ERROR_BUILTIN,
                       _("“%s” in %s has the id “%s” of a unit that comes with the program; give it an id of its own "
                         "(rename the unit in the pack) before importing it"),
                       e->title, path, e->id);
          return FALSE;
        }
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  if (g_mkdir_with_parents (dir, 0755) != 0)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s: %s", dir, g_strerror (saved));
      return FALSE;
    }
  present = xq_unit_store_present (dir);
  for (guint i = 0; i < pack->entries->len; i++)
    {
      const XqPackEntry *e = g_ptr_array_index (pack->entries, i);
      const XqUnitPresent *p = replaced_by (present, e);

      if (p != NULL)
        g_string_append_printf (clashes, "%s“%s”", clashes->len > 0 ? ", " : "", e->title);
      /* Two entries would land on one file. */
      for (guint j = 0; p != NULL && j < i; j++)
        if (replaced_by (present, g_ptr_array_index (pack->entries, j)) == p)
          {
            g_set_error (error, XQ_UNIT_STORE_ERROR, XQ_UNIT_STORE_ERROR_EXISTS,
                         _("Two units of the pack would replace %s"), p->path);
            return FALSE;
          }
    }
  if (clashes->len > 0 && !replace)
    {
      g_set_error (error, XQ_UNIT_STORE_ERROR, XQ_UNIT_STORE_ERROR_EXISTS,
                   _("You already have %s; replace them with the pack’s?"), clashes->str);
      return FALSE;
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;

  import = g_new0 (XqUnitImport, 1);
  import->lines = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < pack->entries->len; i++)
    {
      const XqPackEntry *e = g_ptr_array_index (pack->entries, i);
      const XqUnitPresent *p = replaced_by (present, e);
      g_autofree char *to = p != NULL ? g_strdup (p->path) : g_build_filename (dir, e->name, NULL);
      g_autoptr(JsonObject) old_unit = NULL;
      g_autoptr(JsonObject) new_unit = NULL;

      if (p != NULL && e->type == XQ_LESSON_FILE_UNIT && strcmp (p->type, "unit") == 0)
        old_unit = xq_unit_store_read (p->path, NULL);
      if (!xq_safe_file_write (to, e->document, -1, error))
        return FALSE;
      if (p == NULL)
        {
          import->n_added++;
          g_ptr_array_add (import->lines, g_strdup_printf (_("Added “%s”."), e->title));
          continue;
        }
      import->n_replaced++;
      new_unit = parse_object (e->document);
      if (old_unit != NULL && new_unit != NULL && learners != NULL)
        {
          g_autoptr(GHashTable) kept = xq_unit_store_unchanged_exercises (old_unit, new_unit);
          guint dropped = xq_unit_store_forget_changed (old_unit, new_unit, learners, error);

          if (error != NULL && *error != NULL)
            return FALSE;
          import->n_dropped += dropped;
          g_ptr_array_add (import->lines,
                           g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                         "Replaced “%s”: the stars of %u unchanged exercise are kept, %u results of changed ones dropped.",
                                                         "Replaced “%s”: the stars of %u unchanged exercises are kept, %u results of changed ones dropped.",
                                                         g_hash_table_size (kept)),
                                            e->title, g_hash_table_size (kept), dropped));
        }
      else
        g_ptr_array_add (import->lines, g_strdup_printf (_("Replaced “%s”."), e->title));
    }
  if (import_out != NULL)
    *import_out = g_steal_pointer (&import);
  return TRUE;
}

/* ---- Export ------------------------------------------------------------------- */

gboolean
xq_unit_store_export (const char *const *paths, const char *title, const char *author, const char *out,
                      GCancellable *cancellable, GError **error)
{
  g_autoptr(GPtrArray) problems = xq_pack_problems_new ();
  g_autoptr(XqPack) pack = NULL;

  g_return_val_if_fail (paths != NULL && title != NULL && out != NULL, FALSE);
  pack = xq_pack_new (title, author);
  /* Each unit goes through the loader, which may prove mates: look for a
   * cancel between them. */
  for (guint i = 0; paths[i] != NULL; i++)
    {
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      xq_pack_add_file (pack, paths[i], problems);
    }
  if (problems->len > 0)
    {
      g_propagate_error (error, xq_pack_problem_to_error (g_ptr_array_index (problems, 0)));
      return FALSE;
    }
  if (pack->entries->len == 0)
    {
      g_set_error (error, XQ_PACK_ERROR, XQ_PACK_ERROR_VALUE, _("Choose at least one unit to export."));
      return FALSE;
    }
  return !g_cancellable_set_error_if_cancelled (cancellable, error) && xq_pack_save (pack, out, error);
}
