/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-unit-store.c: a teacher's units folder (see xq-unit-store.h and
 * docs/teacher-units.md). */
#define G_LOG_DOMAIN "xq-unit-store"

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "xq-json-bounded.h"
#include "xq-lesson-writer.h"
#include "xq-pack.h"
#include "xq-safe-file.h"
#include "xq-unit-store-private.h"

G_DEFINE_QUARK (xq-unit-store-error-quark, xq_unit_store_error)

void
xq_unit_info_free (XqUnitInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->path);
  g_free (info->id);
  g_free (info->title);
  g_free (info);
}

void
xq_unit_import_free (XqUnitImport *import)
{
  if (import == NULL)
    return;
  g_ptr_array_unref (import->lines);
  g_free (import);
}

/* ---- Reading and writing one document ---------------------------------------- */

JsonObject *
xq_unit_store_read (const char *path, GError **error)
{
  g_autofree char *data = NULL;
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GError) local = NULL;
  JsonNode *root;
  gsize length;
  g_autofree char *where = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  if (!xq_json_read_bounded (path, XQ_LESSON_MAX_BYTES, &data, &length, error))
    return NULL;
  parser = xq_json_parse_bounded (data, length, XQ_LESSON_MAX_BYTES, &where, &local);
  if (parser == NULL)
    {
      g_set_error (error, XQ_UNIT_STORE_ERROR, XQ_UNIT_STORE_ERROR_INVALID, "%s: %s", path,
                   local != NULL ? local->message : _("not JSON"));
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root) ||
      g_strcmp0 (xq_json_member_string (json_node_get_object (root), "type", NULL), "unit") != 0)
    {
      g_set_error (error, XQ_UNIT_STORE_ERROR, XQ_UNIT_STORE_ERROR_INVALID, _("%s is not a unit"), path);
      return NULL;
    }
  return json_object_ref (json_node_get_object (root));
}

gboolean
xq_unit_store_write (const char *path, JsonObject *unit, GError **error)
{
  g_autoptr(GPtrArray) problems = xq_pack_problems_new ();
  g_autoptr(XqLessonFile) file = NULL;
  g_autofree char *text = NULL;
  gsize length;

  g_return_val_if_fail (path != NULL && unit != NULL, FALSE);
  text = xq_lesson_write_object (unit, &length);
  /* Nothing here moves a piece: the mates were proved when the exercises
   * were added, so the check stays quick. */
  file = xq_lesson_load_data_full (text, (gssize) length, path, XQ_LESSON_LOAD_NO_PROOFS, problems);
  if (file == NULL)
    {
      g_autofree char *line = xq_lesson_problem_format (g_ptr_array_index (problems, 0));
      g_set_error (error, XQ_UNIT_STORE_ERROR, XQ_UNIT_STORE_ERROR_INVALID, "%s", line);
      return FALSE;
    }
  return xq_safe_file_write (path, text, (gssize) length, error);
}

JsonArray *
xq_unit_store_exercises_of (JsonObject *unit)
{
  JsonNode *n = json_object_get_member (unit, "exercises");

  return n != NULL && JSON_NODE_HOLDS_ARRAY (n) ? json_node_get_array (n) : NULL;
}

static XqUnitInfo *
info_from (const char *path, JsonObject *unit)
{
  XqUnitInfo *info = g_new0 (XqUnitInfo, 1);
  JsonArray *list = xq_unit_store_exercises_of (unit);

  info->path = g_strdup (path);
  info->id = g_strdup (xq_json_member_string (unit, "id", ""));
  info->title = g_strdup (xq_json_member_string (unit, "title", ""));
  info->number = (int) xq_json_member_int (unit, "number", 0);
  info->n_exercises = list != NULL ? json_array_get_length (list) : 0;
  return info;
}

/* ---- The list ---------------------------------------------------------------- */

static int
compare_infos (gconstpointer a, gconstpointer b)
{
  const XqUnitInfo *ia = *(XqUnitInfo *const *) a, *ib = *(XqUnitInfo *const *) b;

  if (ia->number != ib->number)
    return ia->number < ib->number ? -1 : 1;
  return strcmp (ia->id, ib->id);
}

GPtrArray *
xq_unit_store_list (const char *dir)
{
  GPtrArray *units = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_unit_info_free);
  g_autoptr(GDir) d = NULL;
  const char *name;

  g_return_val_if_fail (dir != NULL, units);
  d = g_dir_open (dir, 0, NULL);
  if (d == NULL)
    return units;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autoptr(JsonObject) unit = NULL;

      if (!g_str_has_suffix (name, ".json") || name[0] == '.')
        continue;
      path = g_build_filename (dir, name, NULL);
      if (!g_file_test (path, G_FILE_TEST_IS_REGULAR) || (unit = xq_unit_store_read (path, NULL)) == NULL)
        continue;
      g_ptr_array_add (units, info_from (path, unit));
    }
  g_ptr_array_sort (units, compare_infos);
  return units;
}

XqUnitInfo *
xq_unit_store_find (const char *dir, const char *id, GError **error)
{
  g_autoptr(GPtrArray) units = NULL;

  g_return_val_if_fail (dir != NULL && id != NULL, NULL);
  units = xq_unit_store_list (dir);
  for (guint i = 0; i < units->len; i++)
    {
      XqUnitInfo *info = g_ptr_array_index (units, i);
      if (strcmp (info->id, id) == 0)
        return g_ptr_array_steal_index (units, i);
    }
  g_set_error (error, XQ_UNIT_STORE_ERROR, XQ_UNIT_STORE_ERROR_NOT_FOUND, _("There is no unit “%s” in %s"), id, dir);
  return NULL;
}

int
xq_unit_store_next_number (const char *dir)
{
  g_autoptr(GPtrArray) units = xq_unit_store_list (dir);
  gboolean used[XQ_UNIT_STORE_LAST_NUMBER + 1] = { FALSE };
  int highest = XQ_UNIT_STORE_FIRST_NUMBER - 1;

  for (guint i = 0; i < units->len; i++)
    {
      const XqUnitInfo *info = g_ptr_array_index (units, i);
      if (info->number >= XQ_UNIT_STORE_FIRST_NUMBER && info->number <= XQ_UNIT_STORE_LAST_NUMBER)
        {
          used[info->number] = TRUE;
          highest = MAX (highest, info->number);
        }
    }
  if (highest < XQ_UNIT_STORE_LAST_NUMBER)
    return highest + 1;
  for (int n = XQ_UNIT_STORE_FIRST_NUMBER; n <= XQ_UNIT_STORE_LAST_NUMBER; n++)
    if (!used[n])
      return n;
  return XQ_UNIT_STORE_LAST_NUMBER;
}

static void
present_free (XqUnitPresent *p)
{
  g_free (p->path);
  g_free (p->name);
  g_free (p->type);
  g_free (p->id);
  g_free (p);
}

GPtrArray *
xq_unit_store_present (const char *dir)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) present_free);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      XqUnitPresent *p;
      g_autofree char *path = NULL;
      g_autofree char *data = NULL;
      g_autoptr(JsonParser) parser = NULL;
      gsize length;
      g_autofree char *where = NULL;
      JsonNode *root;
      JsonObject *o = NULL;

      if (!g_str_has_suffix (name, ".json") || name[0] == '.')
        continue;
      path = g_build_filename (dir, name, NULL);
      p = g_new0 (XqUnitPresent, 1);
      p->name = g_strdup (name);
      if (xq_json_read_bounded (path, XQ_PACK_MAX_BYTES, &data, &length, NULL) &&
          (parser = xq_json_parse_bounded (data, length, XQ_PACK_MAX_BYTES, &where, NULL)) != NULL &&
          (root = json_parser_get_root (parser)) != NULL && JSON_NODE_HOLDS_OBJECT (root))
        o = json_node_get_object (root);
      p->type = g_strdup (o != NULL ? xq_json_member_string (o, "type", "") : "");
      p->id = g_strdup (o != NULL ? xq_json_member_string (o, "id", "") : "");
      p->path = g_steal_pointer (&path);
      g_ptr_array_add (out, p);
    }
  return out;
}

/* Does a *.json document directly in dir have this id? */
static gboolean
id_in_dir (const char *dir, const char *id)
{
  g_autoptr(GPtrArray) present = xq_unit_store_present (dir);

  for (guint i = 0; i < present->len; i++)
    if (strcmp (((const XqUnitPresent *) g_ptr_array_index (present, i))->id, id) == 0)
      return TRUE;
  return FALSE;
}

gboolean
xq_unit_store_is_builtin_id (const char *id)
{
  const char *dir = xq_lesson_default_dir ();
  g_autofree char *puzzles = NULL;

  g_return_val_if_fail (id != NULL, FALSE);
  puzzles = g_build_filename (dir, "puzzles", NULL);
  return id_in_dir (dir, id) || id_in_dir (puzzles, id);
}

static gboolean
id_taken (GPtrArray *units, const char *id)
{
  for (guint i = 0; i < units->len; i++)
    if (strcmp (((XqUnitInfo *) g_ptr_array_index (units, i))->id, id) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
file_taken (const char *dir, const char *id)
{
  g_autofree char *name = g_strconcat (id, ".json", NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  GStatBuf st;

  return g_lstat (path, &st) == 0;
}

char *
xq_unit_store_free_id (const char *dir, const char *base)
{
  g_autoptr(GPtrArray) units = NULL;
  g_autofree char *stem = NULL;

  g_return_val_if_fail (dir != NULL && base != NULL, NULL);
  units = xq_unit_store_list (dir);
  /* Room for "-NNN" within the longest id the format takes. */
  stem = g_strndup (base, XQ_LESSON_MAX_WORD - 4);
  for (guint n = 1; n < 1000; n++)
    {
      g_autofree char *id = n == 1 ? g_strdup (stem) : g_strdup_printf ("%s-%u", stem, n);
      if (!id_taken (units, id) && !file_taken (dir, id) && !xq_unit_store_is_builtin_id (id))
        return g_steal_pointer (&id);
    }
  return NULL;
}

/* ---- Changing a unit ---------------------------------------------------------- */

/* Reads the unit with this id: its info in *info_out, the document returned. */
JsonObject *
xq_unit_store_open (const char *dir, const char *id, XqUnitInfo **info_out, GError **error)
{
  g_autoptr(XqUnitInfo) info = xq_unit_store_find (dir, id, error);
  JsonObject *unit;

  if (info == NULL || (unit = xq_unit_store_read (info->path, error)) == NULL)
    return NULL;
  *info_out = g_steal_pointer (&info);
  return unit;
}

/* A teacher's unit opens with its title as its only page: a new title
 * goes there too. */
static void
set_title (JsonObject *unit, const char *old_title, const char *title)
{
  JsonNode *pages = json_object_get_member (unit, "pages");

  if (pages != NULL && JSON_NODE_HOLDS_ARRAY (pages))
    for (guint i = 0; i < json_array_get_length (json_node_get_array (pages)); i++)
      {
        JsonNode *page = json_array_get_element (json_node_get_array (pages), i);
        if (JSON_NODE_HOLDS_OBJECT (page) &&
            g_strcmp0 (xq_json_member_string (json_node_get_object (page), "text", NULL),
                       old_title) == 0)
          json_object_set_string_member (json_node_get_object (page), "text", title);
      }
  json_object_set_string_member (unit, "title", title);
}

gboolean
xq_unit_store_rename (const char *dir, const char *id, const char *title, GError **error)
{
  g_autoptr(XqUnitInfo) info = NULL;
  g_autoptr(JsonObject) unit = NULL;
  g_autofree char *clean = NULL;

  g_return_val_if_fail (dir != NULL && id != NULL && title != NULL, FALSE);
  clean = g_strstrip (g_strdup (title));
  if (*clean == '\0')
    {
      g_set_error (error, XQ_UNIT_STORE_ERROR, XQ_UNIT_STORE_ERROR_INVALID, _("A unit needs a title."));
      return FALSE;
    }
  if ((unit = xq_unit_store_open (dir, id, &info, error)) == NULL)
    return FALSE;
  set_title (unit, info->title, clean);
  return xq_unit_store_write (info->path, unit, error);
}

gboolean
xq_unit_store_renumber (const char *dir, const char *id, int number, GError **error)
{
  g_autoptr(XqUnitInfo) info = NULL;
  g_autoptr(JsonObject) unit = NULL;

  g_return_val_if_fail (dir != NULL && id != NULL, FALSE);
  if (number < 1 || number > XQ_UNIT_STORE_LAST_NUMBER)
    {
      g_set_error (error, XQ_UNIT_STORE_ERROR, XQ_UNIT_STORE_ERROR_INVALID,
                   _("A unit’s number is from 1 to %d, not %d"), XQ_UNIT_STORE_LAST_NUMBER, number);
      return FALSE;
    }
  if ((unit = xq_unit_store_open (dir, id, &info, error)) == NULL)
    return FALSE;
  json_object_set_int_member (unit, "number", number);
  return xq_unit_store_write (info->path, unit, error);
}

gboolean
xq_unit_store_move (const char *dir, const char *id, int delta, GError **error)
{
  g_autoptr(GPtrArray) units = NULL;
  XqUnitInfo *me = NULL, *other;
  int i = -1, a, b;

  g_return_val_if_fail (dir != NULL && id != NULL && (delta == -1 || delta == 1), FALSE);
  units = xq_unit_store_list (dir);
  for (guint k = 0; k < units->len; k++)
    if (strcmp (((XqUnitInfo *) g_ptr_array_index (units, k))->id, id) == 0)
      {
        me = g_ptr_array_index (units, k);
        i = (int) k;
      }
  if (me == NULL)
    {
      g_set_error (error, XQ_UNIT_STORE_ERROR, XQ_UNIT_STORE_ERROR_NOT_FOUND, _("There is no unit “%s” in %s"), id, dir);
      return FALSE;
    }
  if (i + delta < 0 || i + delta >= (int) units->len)
    return FALSE;
  other = g_ptr_array_index (units, i + delta);
  a = other->number;
  b = me->number;
  /* Sharing a number, the order was the ids': make it the numbers'. */
  if (a == b)
    {
      if (delta < 0)
        b = MIN (a + 1, XQ_UNIT_STORE_LAST_NUMBER);
      else
        a = MIN (b + 1, XQ_UNIT_STORE_LAST_NUMBER);
      if (a == b)
        a = b - 1;
    }
  return xq_unit_store_renumber (dir, me->id, a, error) && xq_unit_store_renumber (dir, other->id, b, error);
}

/* "Horses (copy)", or "Horses (copy 2)"… when that title is taken too. */
static char *
copy_title (GPtrArray *units, const char *title)
{
  for (guint n = 1; n < 1000; n++)
    {
      /* Translators: the title of a copy of a unit */
      g_autofree char *t = n == 1 ? g_strdup_printf (_("%s (copy)"), title)
                                  /* Translators: the title of the second, third… copy of a unit */
                                  : g_strdup_printf (_("%s (copy %u)"), title, n);
      gboolean taken = FALSE;

      for (guint i = 0; i < units->len; i++)
        taken |= strcmp (((XqUnitInfo *) g_ptr_array_index (units, i))->title, t) == 0;
      if (!taken)
        return g_steal_pointer (&t);
    }
  return g_strdup (title);
}

char *
xq_unit_store_duplicate (const char *dir, const char *id, GError **error)
{
  g_autoptr(XqUnitInfo) info = NULL;
  g_autoptr(JsonObject) unit = NULL;
  g_autoptr(GPtrArray) units = NULL;
  g_autofree char *base = NULL;
  g_autofree char *new_id = NULL;
  g_autofree char *title = NULL;
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;

  g_return_val_if_fail (dir != NULL && id != NULL, NULL);
  if ((unit = xq_unit_store_open (dir, id, &info, error)) == NULL)
    return NULL;
  units = xq_unit_store_list (dir);
  base = g_strconcat (id, "-copy", NULL);
  new_id = xq_unit_store_free_id (dir, base);
  if (new_id == NULL)
    {
      g_set_error (error, XQ_UNIT_STORE_ERROR, XQ_UNIT_STORE_ERROR_INVALID, _("No free id for a copy of “%s”"), id);
      return NULL;
    }
  title = copy_title (units, info->title);
  set_title (unit, info->title, title);
  json_object_set_string_member (unit, "id", new_id);
  json_object_set_int_member (unit, "number", xq_unit_store_next_number (dir));
  name = g_strconcat (new_id, ".json", NULL);
  path = g_build_filename (dir, name, NULL);
  if (!xq_unit_store_write (path, unit, error))
    return NULL;
  return g_steal_pointer (&new_id);
}

char *
xq_unit_store_delete (const char *dir, const char *id, GError **error)
{
  g_autoptr(XqUnitInfo) info = NULL;
  g_autofree char *trash = NULL;
  g_autofree char *base = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");

  g_return_val_if_fail (dir != NULL && id != NULL, NULL);
  info = xq_unit_store_find (dir, id, error);
  if (info == NULL)
    return NULL;
  trash = g_build_filename (dir, XQ_UNIT_STORE_TRASH, NULL);
  if (g_mkdir_with_parents (trash, 0755) != 0)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s: %s", trash, g_strerror (saved));
      return NULL;
    }
  base = g_path_get_basename (info->path);
  /* "<time>--<name>": the old name comes back on restore, and deleting
   * the same unit twice keeps both. */
  for (guint n = 1; n < 1000; n++)
    {
      g_autofree char *name = n == 1 ? g_strdup_printf ("%s--%s", stamp, base)
                                     : g_strdup_printf ("%s-%u--%s", stamp, n, base);
      g_autofree char *to = g_build_filename (trash, name, NULL);

      /* link() never replaces: the trash keeps every copy. */
      if (link (info->path, to) == 0)
        {
          if (g_unlink (info->path) != 0)
            {
              int saved = errno;
              g_unlink (to);
              g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s: %s", info->path,
                           g_strerror (saved));
              return NULL;
            }
          return g_steal_pointer (&to);
        }
      if (errno != EEXIST)
        {
          int saved = errno;
          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s: %s", to, g_strerror (saved));
          return NULL;
        }
    }
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS, _("%s: no free name in the trash"), info->path);
  return NULL;
}

gboolean
xq_unit_store_restore (const char *dir, const char *trash_path, GError **error)
{
  g_autofree char *base = NULL;
  g_autofree char *to = NULL;
  g_autoptr(JsonObject) unit = NULL;
  const char *sep;
  const char *id;

  g_return_val_if_fail (dir != NULL && trash_path != NULL, FALSE);
  base = g_path_get_basename (trash_path);
  sep = strstr (base, "--");
  if (sep == NULL || sep[2] == '\0')
    {
      g_set_error (error, XQ_UNIT_STORE_ERROR, XQ_UNIT_STORE_ERROR_NOT_FOUND, _("%s is not a deleted unit"), trash_path);
      return FALSE;
    }
  unit = xq_unit_store_read (trash_path, error);
  if (unit == NULL)
    return FALSE;
  id = xq_json_member_string (unit, "id", "");
  {
    g_autoptr(XqUnitInfo) clash = xq_unit_store_find (dir, id, NULL);
    if (clash != NULL)
      {
        g_set_error (error, XQ_UNIT_STORE_ERROR, XQ_UNIT_STORE_ERROR_EXISTS,
                     _("The unit “%s” cannot come back: %s has its id now"), id, clash->path);
        return FALSE;
      }
  }
  to = g_build_filename (dir, sep + 2, NULL);
  if (link (trash_path, to) != 0)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s: %s", to, g_strerror (saved));
      return FALSE;
    }
  g_unlink (trash_path);
  return TRUE;
}
