/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-json-parse.c: untrusted JSON parsed within limits (xq-json-parse.h). */
#define G_LOG_DOMAIN "xq-json"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-json-parse.h"

G_DEFINE_QUARK (xq-json-error-quark, xq_json_error)

gboolean
xq_json_check_size (gsize length, gsize max_bytes, GError **error)
{
  g_autofree char *size = NULL;
  g_autofree char *limit = NULL;

  if (length <= max_bytes)
    return TRUE;
  size = g_format_size (length);
  limit = g_format_size (max_bytes);
  g_set_error (error, XQ_JSON_ERROR, XQ_JSON_ERROR_TOO_LARGE,
               _("the file is %s, more than the limit of %s"), size, limit);
  return FALSE;
}

/* One open array or object while the nesting is counted. */
typedef struct {
  gboolean object;
  gboolean want_key;   /* objects: the next string is a member name */
  guint    index;      /* arrays: the element being read */
  gsize    key;        /* objects: the member being read, as an offset and length */
  gsize    key_length;
} Level;

/* "$.a[3].b" for the open levels; member names are cut short so a hostile
 * name cannot make the message huge. */
static char *
levels_path (const char *data, const Level *levels, int n)
{
  GString *path = g_string_new ("$");

  for (int i = 0; i < n; i++)
    if (!levels[i].object)
      g_string_append_printf (path, "[%u]", levels[i].index);
    else
      {
        g_autofree char *key = g_utf8_make_valid (data + levels[i].key,
                                                  (gssize) MIN (levels[i].key_length, 32));
        g_string_append_printf (path, ".%s%s", key, levels[i].key_length > 32 ? "…" : "");
      }
  return g_string_free (path, FALSE);
}

char
xq_json_step (const char *data, gsize length, gsize *pos, gsize *start, gsize *stop)
{
  g_return_val_if_fail (data != NULL && pos != NULL && start != NULL && stop != NULL, '\0');

  for (gsize i = *pos; i < length; i++)
    switch (data[i])
      {
      case '"':
        {
          gboolean escaped = FALSE;
          gsize j = i + 1;

          for (; j < length && (escaped || data[j] != '"'); j++)
            escaped = !escaped && data[j] == '\\';
          *start = i + 1;
          *stop = j;
          *pos = MIN (j + 1, length);
          return '"';
        }
      case '{':
      case '[':
      case '}':
      case ']':
      case ',':
        *start = *stop = i;
        *pos = i + 1;
        return data[i];
      default:
        break;
      }
  *pos = *start = *stop = length;
  return '\0';
}

/* The JSON path of the first array or object nested deeper than
 * XQ_JSON_MAX_DEPTH, found without parsing (json-glib's parser recurses,
 * so "[[[[…" must be caught before it gets there); NULL if there is none. */
static char *
too_deep_at (const char *data, gsize length)
{
  Level levels[XQ_JSON_MAX_DEPTH];
  gsize pos = 0, start, stop;
  int depth = 0;
  char c;

  while ((c = xq_json_step (data, length, &pos, &start, &stop)) != '\0')
    {
      Level *top = depth > 0 ? &levels[depth - 1] : NULL;

      switch (c)
        {
        case '"':
          if (top != NULL && top->object && top->want_key)
            {
              top->key = start;
              top->key_length = stop - start;
              top->want_key = FALSE;
            }
          break;
        case '[':
        case '{':
          if (depth == XQ_JSON_MAX_DEPTH)
            return levels_path (data, levels, depth);
          levels[depth++] = (Level) { .object = c == '{', .want_key = c == '{' };
          break;
        case ']':
        case '}':
          if (depth > 0)
            depth--;
          break;
        case ',':
          if (top != NULL && top->object)
            top->want_key = TRUE;
          else if (top != NULL)
            top->index++;
          break;
        default:
          break;
        }
    }
  return NULL;
}

/* Whether a member name or string is too long or (*not_utf8) not UTF-8;
 * one that is both is reported as too long. */
static gboolean
bad_text (const char *text, gsize max_string, gboolean *not_utf8)
{
  if (strlen (text) > max_string)
    *not_utf8 = FALSE;
  else if (!g_utf8_validate (text, -1, NULL))
    *not_utf8 = TRUE;
  else
    return FALSE;
  return TRUE;
}

/* The path of the first string or member name over max_string
 * bytes, or not UTF-8 (*not_utf8), or NULL.  json-glib takes a \u escape
 * with fewer than four hex digits before a multi-byte character, and
 * leaves half of that character in the string: such text would be read,
 * and written out again as a file that no longer parses.  The nesting was
 * bounded before parsing, so the recursion is too. */
static char *
bad_string_at (JsonNode *node, const char *path, gsize max_string, gboolean *is_key,
               gboolean *not_utf8)
{
  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      {
        JsonObject *obj = json_node_get_object (node);
        g_autoptr(GList) members = json_object_get_members (obj);

        for (GList *l = members; l != NULL; l = l->next)
          {
            const char *key = l->data;
            g_autofree char *p = NULL;
            char *found;

            if (bad_text (key, max_string, not_utf8))
              {
                *is_key = TRUE;
                return g_strdup (path);
              }
            p = g_strdup_printf ("%s.%s", path, key);
            if ((found = bad_string_at (json_object_get_member (obj, key), p, max_string, is_key, not_utf8)) != NULL)
              return found;
          }
        return NULL;
      }
    case JSON_NODE_ARRAY:
      {
        JsonArray *array = json_node_get_array (node);

        for (guint i = 0; i < json_array_get_length (array); i++)
          {
            g_autofree char *p = g_strdup_printf ("%s[%u]", path, i);
            char *found = bad_string_at (json_array_get_element (array, i), p, max_string, is_key, not_utf8);

            if (found != NULL)
              return found;
          }
        return NULL;
      }
    case JSON_NODE_VALUE:
      if (json_node_get_value_type (node) == G_TYPE_STRING && bad_text (json_node_get_string (node), max_string, not_utf8))
        {
          *is_key = FALSE;
          return g_strdup (path);
        }
      return NULL;
    case JSON_NODE_NULL:
    default:
      return NULL;
    }
}

JsonParser *
xq_json_parse_limited (const char *data, gsize length, gsize max_bytes, gsize max_string,
                       char **where, GError **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GError) local = NULL;
  char *path;
  gboolean is_key = FALSE, not_utf8 = FALSE;

  g_return_val_if_fail (data != NULL && where != NULL, NULL);

  *where = NULL;
  if (!xq_json_check_size (length, max_bytes, error))
    {
      *where = g_strdup ("$");
      return NULL;
    }
  if ((path = too_deep_at (data, length)) != NULL)
    {
      *where = path;
      g_set_error (error, XQ_JSON_ERROR, XQ_JSON_ERROR_TOO_LARGE,
                   _("arrays and objects are nested more than %d deep"), XQ_JSON_MAX_DEPTH);
      return NULL;
    }
  parser = json_parser_new_immutable ();
  if (!json_parser_load_from_data (parser, data, (gssize) length, &local))
    {
      /* json-glib quotes the text it stopped at, and an escape such as
       * "\2" can put a byte that is not UTF-8 into the quote. */
      g_autofree char *message = g_utf8_make_valid (local->message, -1);

      *where = g_strdup ("$");
      g_set_error (error, XQ_JSON_ERROR, XQ_JSON_ERROR_SYNTAX, _("not valid JSON: %s"), message);
      return NULL;
    }
  /* json-glib accepts an empty document, with no root at all. */
  if (json_parser_get_root (parser) == NULL)
    {
      *where = g_strdup ("$");
      g_set_error (error, XQ_JSON_ERROR, XQ_JSON_ERROR_SYNTAX, _("the file is empty"));
      return NULL;
    }
  if ((path = bad_string_at (json_parser_get_root (parser), "$", max_string, &is_key, &not_utf8)) != NULL)
    {
      *where = path;
      if (not_utf8)
        g_set_error (error, XQ_JSON_ERROR, XQ_JSON_ERROR_SYNTAX, _("The text is not valid UTF-8 here"));
      else if (is_key)
        g_set_error (error, XQ_JSON_ERROR, XQ_JSON_ERROR_TOO_LARGE,
                     _("a key is longer than %d bytes"), (int) max_string);
      else
        g_set_error (error, XQ_JSON_ERROR, XQ_JSON_ERROR_TOO_LARGE,
                     _("the text is longer than %d bytes"), (int) max_string);
      return NULL;
    }
  return g_steal_pointer (&parser);
}

