/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-json-file.c: the lesson layer's own JSON files, written and read
 * back (xq-json-file.h). */
#define G_LOG_DOMAIN "xq-lesson"

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <string.h>

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

JsonObject *
xq_json_file_read_learner (XqJsonReader *r, const char *data, gsize length, gsize max_bytes,
                           const char *learner)
{
  JsonObject *obj;
  gint64 format = 0;
  const char *who = NULL;

  g_return_val_if_fail (r != NULL && data != NULL && learner != NULL, NULL);
  if ((obj = xq_json_reader_parse_object (r, data, length, max_bytes, XQ_JSON_MAX_STRING)) == NULL ||
      !xq_json_get_int (r, obj, "$", "format", XQ_JSON_REQUIRED, G_MININT64, G_MAXINT64, &format))
    return NULL;
  if (format != 1)
    {
      xq_json_reader_problem (r, "$.format", _("not format 1, the only one this version reads"));
      return NULL;
    }
  if (!xq_json_get_string (r, obj, "$", "learner", XQ_JSON_REQUIRED, &who))
    return NULL;
  if (strcmp (who, learner) != 0)
    {
      xq_json_reader_problem (r, "$.learner", _("not this learner"));
      return NULL;
    }
  return obj;
}

JsonParser *
xq_json_file_parse_learner (const char *data, gsize length, gsize max_bytes, const char *learner,
                            const char *file_name, GQuark domain, int code, GError **error)
{
  g_autoptr(XqJsonReader) r = NULL;
  JsonParser *parser;

  g_return_val_if_fail (data != NULL && learner != NULL && file_name != NULL, NULL);
  r = xq_json_reader_new (file_name, domain, code);
  if (xq_json_file_read_learner (r, data, length, max_bytes, learner) == NULL)
    return xq_json_reader_propagate (r, error), NULL;
  /* A parser holding the same root, for callers on other branches that
   * still want one. */
  parser = json_parser_new_immutable ();
  {
    g_autoptr(JsonGenerator) gen = json_generator_new ();
    g_autofree char *text = NULL;

    json_generator_set_root (gen, xq_json_reader_get_root (r));
    text = json_generator_to_data (gen, NULL);
    json_parser_load_from_data (parser, text, -1, NULL);
  }
  return parser;
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

gboolean
xq_json_file_learner_id_valid (const char *learner)
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

static GRecMutex learner_files_lock;

void
xq_learner_files_lock (void)
{
  g_rec_mutex_lock (&learner_files_lock);
}

void
xq_learner_files_unlock (void)
{
  g_rec_mutex_unlock (&learner_files_lock);
}
