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

#include "xq-lesson-writer.h"
#include "xq-pack.h"
#include "xq-safe-file.h"
#include "xq-unit-store.h"

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
  if (!xq_lesson_read_bounded (path, XQ_LESSON_MAX_BYTES, &data, &length, error))
    return NULL;
  parser = xq_lesson_parse_bounded (data, length, XQ_LESSON_MAX_BYTES, &where, &local);
  if (parser == NULL)
    {
      g_set_error (error, XQ_UNIT_STORE_ERROR, XQ_UNIT_STORE_ERROR_INVALID, "%s: %s", path,
                   local != NULL ? local->message : _("not JSON"));
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root) ||
      g_strcmp0 (json_object_get_string_member_with_default (json_node_get_object (root), "type", ""), "unit") != 0)
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

static JsonArray *
exercises_of (JsonObject *unit)
{
  JsonNode *n = json_object_get_member (unit, "exercises");

  return n != NULL && JSON_NODE_HOLDS_ARRAY (n) ? json_node_get_array (n) : NULL;
}

static XqUnitInfo *
info_from (const char *path, JsonObject *unit)
{
  XqUnitInfo *info = g_new0 (XqUnitInfo, 1);
  JsonArray *list = exercises_of (unit);
  JsonNode *number = json_object_get_member (unit, "number");

  info->path = g_strdup (path);
  info->id = g_strdup (json_object_get_string_member_with_default (unit, "id", ""));
  info->title = g_strdup (json_object_get_string_member_with_default (unit, "title", ""));
  info->number = number != NULL && JSON_NODE_HOLDS_VALUE (number) &&
                 json_node_get_value_type (number) == G_TYPE_INT64 ? (int) json_node_get_int (number) : 0;
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

/* What is in dir: each *.json document's type, id and path. */
typedef struct {
  char *path;
  char *name;
  char *type;
  char *id;
} Present;

static void
present_free (Present *p)
{
  g_free (p->path);
  g_free (p->name);
  g_free (p->type);
  g_free (p->id);
  g_free (p);
}

static GPtrArray *
present_documents (const char *dir)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) present_free);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      Present *p;
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
      p = g_new0 (Present, 1);
      p->name = g_strdup (name);
      if (xq_lesson_read_bounded (path, XQ_PACK_MAX_BYTES, &data, &length, NULL) &&
          (parser = xq_lesson_parse_bounded (data, length, XQ_PACK_MAX_BYTES, &where, NULL)) != NULL &&
          (root = json_parser_get_root (parser)) != NULL && JSON_NODE_HOLDS_OBJECT (root))
        o = json_node_get_object (root);
      p->type = g_strdup (o != NULL ? json_object_get_string_member_with_default (o, "type", "") : "");
      p->id = g_strdup (o != NULL ? json_object_get_string_member_with_default (o, "id", "") : "");
      p->path = g_steal_pointer (&path);
      g_ptr_array_add (out, p);
    }
  return out;
}

/* Does a *.json document directly in dir have this id? */
static gboolean
id_in_dir (const char *dir, const char *id)
{
  g_autoptr(GPtrArray) present = present_documents (dir);

  for (guint i = 0; i < present->len; i++)
    if (strcmp (((const Present *) g_ptr_array_index (present, i))->id, id) == 0)
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
static JsonObject *
open_unit (const char *dir, const char *id, XqUnitInfo **info_out, GError **error)
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
            g_strcmp0 (json_object_get_string_member_with_default (json_node_get_object (page), "text", NULL),
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
  if ((unit = open_unit (dir, id, &info, error)) == NULL)
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
  if ((unit = open_unit (dir, id, &info, error)) == NULL)
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
  if ((unit = open_unit (dir, id, &info, error)) == NULL)
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
  id = json_object_get_string_member_with_default (unit, "id", "");
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

/* ---- Exercises ---------------------------------------------------------------- */

static JsonArray *
open_exercises (const char *dir, const char *id, guint index, gboolean insert, JsonObject **unit_out,
                XqUnitInfo **info_out, GError **error)
{
  JsonObject *unit = open_unit (dir, id, info_out, error);
  JsonArray *list;

  if (unit == NULL)
    return NULL;
  list = exercises_of (unit);
  if (list == NULL || index > json_array_get_length (list) ||
      (!insert && index == json_array_get_length (list)))
    {
      g_set_error (error, XQ_UNIT_STORE_ERROR, XQ_UNIT_STORE_ERROR_NOT_FOUND,
                   _("The unit “%s” has no exercise %u"), id, index + 1);
      json_object_unref (unit);
      g_clear_pointer (info_out, xq_unit_info_free);
      return NULL;
    }
  *unit_out = unit;
  return list;
}

/* A new array with the nodes of list in order, node inserted at index. */
static JsonArray *
rebuilt (JsonArray *list, int skip, int insert_at, JsonNode *node)
{
  JsonArray *out = json_array_new ();
  guint n = json_array_get_length (list);

  for (guint i = 0; i <= n; i++)
    {
      if ((int) i == insert_at && node != NULL)
        json_array_add_element (out, json_node_copy (node));
      if (i < n && (int) i != skip)
        json_array_add_element (out, json_node_copy (json_array_get_element (list, i)));
    }
  return out;
}

gboolean
xq_unit_store_move_exercise (const char *dir, const char *id, guint from, guint to, GError **error)
{
  g_autoptr(XqUnitInfo) info = NULL;
  g_autoptr(JsonObject) unit = NULL;
  g_autoptr(JsonNode) node = NULL;
  JsonArray *list, *out;
  guint n;

  g_return_val_if_fail (dir != NULL && id != NULL, FALSE);
  list = open_exercises (dir, id, from, FALSE, &unit, &info, error);
  if (list == NULL)
    return FALSE;
  n = json_array_get_length (list);
  to = MIN (to, n - 1);
  if (to == from)
    return TRUE;
  node = json_node_copy (json_array_get_element (list, from));
  {
    /* Without the moved one the list is n - 1 long; put it at `to`. */
    g_autoptr(JsonArray) without = rebuilt (list, (int) from, -1, NULL);
    out = rebuilt (without, -1, (int) to, node);
  }
  json_object_set_array_member (unit, "exercises", out);
  return xq_unit_store_write (info->path, unit, error);
}

static gboolean
exercise_id_used (JsonArray *list, const char *id)
{
  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      JsonNode *e = json_array_get_element (list, i);
      if (JSON_NODE_HOLDS_OBJECT (e) &&
          g_strcmp0 (json_object_get_string_member_with_default (json_node_get_object (e), "id", NULL), id) == 0)
        return TRUE;
    }
  return FALSE;
}

char *
xq_unit_store_duplicate_exercise (const char *dir, const char *id, guint index, GError **error)
{
  g_autoptr(XqUnitInfo) info = NULL;
  g_autoptr(JsonObject) unit = NULL;
  g_autoptr(JsonNode) copy = NULL;
  g_autofree char *stem = NULL;
  char *new_id = NULL;
  JsonArray *list;
  JsonObject *o;

  g_return_val_if_fail (dir != NULL && id != NULL, NULL);
  list = open_exercises (dir, id, index, FALSE, &unit, &info, error);
  if (list == NULL)
    return NULL;
  /* json_node_copy () shares the object: the copy is made from the text. */
  {
    g_autofree char *text = json_to_string (json_array_get_element (list, index), FALSE);
    copy = json_from_string (text, NULL);
  }
  if (copy == NULL || !JSON_NODE_HOLDS_OBJECT (copy))
    {
      g_set_error (error, XQ_UNIT_STORE_ERROR, XQ_UNIT_STORE_ERROR_INVALID,
                   _("The unit “%s” has no exercise %u"), id, index + 1);
      return NULL;
    }
  o = json_node_get_object (copy);
  stem = g_strndup (json_object_get_string_member_with_default (o, "id", "exercise"), XQ_LESSON_MAX_WORD - 4);
  for (guint n = 2; n < 1000 && new_id == NULL; n++)
    {
      g_autofree char *candidate = g_strdup_printf ("%s-%u", stem, n);
      if (!exercise_id_used (list, candidate))
        new_id = g_steal_pointer (&candidate);
    }
  if (new_id == NULL)
    {
      g_set_error (error, XQ_UNIT_STORE_ERROR, XQ_UNIT_STORE_ERROR_INVALID, _("No free id for a copy of “%s”"), stem);
      return NULL;
    }
  json_object_set_string_member (o, "id", new_id);
  json_object_set_array_member (unit, "exercises", rebuilt (list, -1, (int) index + 1, copy));
  if (!xq_unit_store_write (info->path, unit, error))
    {
      g_free (new_id);
      return NULL;
    }
  return new_id;
}

JsonObject *
xq_unit_store_remove_exercise (const char *dir, const char *id, guint index, GError **error)
{
  g_autoptr(XqUnitInfo) info = NULL;
  g_autoptr(JsonObject) unit = NULL;
  g_autoptr(JsonNode) removed = NULL;
  JsonArray *list;

  g_return_val_if_fail (dir != NULL && id != NULL, NULL);
  list = open_exercises (dir, id, index, FALSE, &unit, &info, error);
  if (list == NULL)
    return NULL;
  removed = json_node_copy (json_array_get_element (list, index));
  json_object_set_array_member (unit, "exercises", rebuilt (list, (int) index, -1, NULL));
  if (!JSON_NODE_HOLDS_OBJECT (removed) || !xq_unit_store_write (info->path, unit, error))
    return NULL;
  return json_object_ref (json_node_get_object (removed));
}

gboolean
xq_unit_store_insert_exercise (const char *dir, const char *id, guint index, JsonObject *exercise, GError **error)
{
  g_autoptr(XqUnitInfo) info = NULL;
  g_autoptr(JsonObject) unit = NULL;
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  JsonArray *list;

  g_return_val_if_fail (dir != NULL && id != NULL && exercise != NULL, FALSE);
  list = open_exercises (dir, id, index, TRUE, &unit, &info, error);
  if (list == NULL)
    return FALSE;
  json_node_set_object (node, exercise);
  json_object_set_array_member (unit, "exercises", rebuilt (list, -1, (int) index, node));
  return xq_unit_store_write (info->path, unit, error);
}

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
  JsonArray *list = exercises_of (unit);

  for (guint i = 0; list != NULL && i < json_array_get_length (list); i++)
    {
      JsonNode *e = json_array_get_element (list, i);
      const char *id;

      if (!JSON_NODE_HOLDS_OBJECT (e))
        continue;
      id = json_object_get_string_member_with_default (json_node_get_object (e), "id", NULL);
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
  id = json_object_get_string_member_with_default (old_unit, "id", "");
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
static const Present *
replaced_by (GPtrArray *present, const XqPackEntry *e)
{
  for (guint i = 0; i < present->len; i++)
    {
      const Present *p = g_ptr_array_index (present, i);
      if (strcmp (p->type, type_word (e->type)) == 0 && strcmp (p->id, e->id) == 0)
        return p;
    }
  for (guint i = 0; i < present->len; i++)
    {
      const Present *p = g_ptr_array_index (present, i);
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
  present = present_documents (dir);
  for (guint i = 0; i < pack->entries->len; i++)
    {
      const XqPackEntry *e = g_ptr_array_index (pack->entries, i);
      const Present *p = replaced_by (present, e);

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
      const Present *p = replaced_by (present, e);
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
