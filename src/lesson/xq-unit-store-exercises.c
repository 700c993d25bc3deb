/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-unit-store-exercises.c: the exercises of a teacher's unit: moved,
 * duplicated, removed, inserted (see xq-unit-store.h). */
#define G_LOG_DOMAIN "xq-unit-store"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-json-bounded.h"
#include "xq-lesson.h"
#include "xq-unit-store-private.h"

/* ---- Exercises ---------------------------------------------------------------- */

static JsonArray *
open_exercises (const char *dir, const char *id, guint index, gboolean insert, JsonObject **unit_out,
                XqUnitInfo **info_out, GError **error)
{
  JsonObject *unit = xq_unit_store_open (dir, id, info_out, error);
  JsonArray *list;

  if (unit == NULL)
    return NULL;
  list = xq_unit_store_exercises_of (unit);
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
          g_strcmp0 (xq_json_member_string (json_node_get_object (e), "id", NULL), id) == 0)
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
  stem = g_strndup (xq_json_member_string (o, "id", "exercise"), XQ_LESSON_MAX_WORD - 4);
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
