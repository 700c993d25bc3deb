/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-json-file.c: the lesson layer's own JSON files, written and read
 * back (xq-json-file.h). */
#define G_LOG_DOMAIN "xq-lesson"

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>

#include "xq-json-bounded.h"
#include "xq-json-file.h"
#include "xq-safe-file.h"

char *
xq_json_file_text (JsonBuilder *b, gsize *length)
{
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;

  g_return_val_if_fail (JSON_IS_BUILDER (b), NULL);
  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  return json_generator_to_data (gen, length);
}

void
xq_json_file_begin_learner (JsonBuilder *b, const char *learner)
{
  g_return_if_fail (JSON_IS_BUILDER (b) && learner != NULL);
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_int_value (b, 1);
  json_builder_set_member_name (b, "learner");
  json_builder_add_string_value (b, learner);
}

static JsonParser *
refuse (GError **error, GQuark domain, int code, const char *file, const char *path,
        const char *message)
{
  g_set_error (error, domain, code, "%s: %s: %s", file, path, message);
  return NULL;
}

JsonParser *
xq_json_file_parse_learner (const char *data, gsize length, gsize max_bytes, const char *learner,
                            const char *file_name, GQuark domain, int code, GError **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autofree char *where = NULL;
  g_autoptr(GError) local = NULL;
  JsonObject *obj;
  JsonNode *node;

  g_return_val_if_fail (data != NULL && learner != NULL && file_name != NULL, NULL);
  parser = xq_json_parse_bounded (data, length, max_bytes, &where, &local);
  if (parser == NULL)
    return refuse (error, domain, code, file_name, where ? where : "$", local->message);
  node = json_parser_get_root (parser);
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return refuse (error, domain, code, file_name, "$", _("not an object"));
  obj = json_node_get_object (node);
  if (xq_json_member_int (obj, "format", 0) != 1)
    return refuse (error, domain, code, file_name, "$.format", _("not format 1"));
  if (g_strcmp0 (xq_json_member_string (obj, "learner", NULL), learner) != 0)
    return refuse (error, domain, code, file_name, "$.learner", _("not this learner"));
  return g_steal_pointer (&parser);
}

gboolean
xq_json_file_save (const char *dir, const char *path, const char *data, GQuark domain, int code,
                   GError **error)
{
  g_return_val_if_fail (dir != NULL && path != NULL && data != NULL, FALSE);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, domain, code, "%s: %s", dir, g_strerror (saved));
      return FALSE;
    }
  return xq_safe_file_write (path, data, -1, error);
}
