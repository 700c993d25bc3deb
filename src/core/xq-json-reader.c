/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-json-reader.c: the one reader of JSON state files (xq-json-reader.h). */
#define G_LOG_DOMAIN "xq-json"

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "xq-json-reader.h"

/* A key from the data is cut to this many characters in a path. */
#define KEY_SHOWN 32

struct _XqJsonReader
{
  char     *file;
  GQuark    domain;
  int       code;
  JsonNode *root;
  guint     n_problems;
  char     *first;
};

XqJsonReader *
xq_json_reader_new (const char *file, GQuark domain, int code)
{
  XqJsonReader *r = g_new0 (XqJsonReader, 1);

  r->file = g_strdup (file);
  r->domain = domain;
  r->code = code;
  return r;
}

void
xq_json_reader_free (XqJsonReader *r)
{
  if (r == NULL)
    return;
  g_free (r->file);
  g_clear_pointer (&r->root, json_node_unref);
  g_free (r->first);
  g_free (r);
}

gboolean
xq_json_reader_problem (XqJsonReader *r, const char *path, const char *format, ...)
{
  va_list args;

  g_return_val_if_fail (r != NULL && path != NULL && format != NULL, FALSE);
  r->n_problems++;
  if (r->first != NULL)
    return FALSE;
  va_start (args, format);
  {
    g_autofree char *raw = g_strdup_vprintf (format, args);
    /* json-glib's messages may quote text that is not UTF-8; this line is
     * shown to people. */
    g_autofree char *what = g_utf8_make_valid (raw, -1);
    g_autofree char *where = g_utf8_make_valid (path, -1);

    r->first = r->file != NULL ? g_strdup_printf ("%s: %s: %s", r->file, where, what)
                               : g_strdup_printf ("%s: %s", where, what);
  }
  va_end (args);
  return FALSE;
}

guint
xq_json_reader_get_n_problems (XqJsonReader *r)
{
  g_return_val_if_fail (r != NULL, 0);
  return r->n_problems;
}

const char *
xq_json_reader_get_first_problem (XqJsonReader *r)
{
  g_return_val_if_fail (r != NULL, NULL);
  return r->first;
}

gboolean
xq_json_reader_propagate (XqJsonReader *r, GError **error)
{
  g_return_val_if_fail (r != NULL, FALSE);
  if (r->first == NULL)
    return TRUE;
  g_set_error_literal (error, r->domain, r->code, r->first);
  return FALSE;
}

void
xq_json_reader_set_root (XqJsonReader *r, JsonNode *root)
{
  g_return_if_fail (r != NULL);
  if (root != NULL)
    json_node_ref (root);
  g_clear_pointer (&r->root, json_node_unref);
  r->root = root;
}

JsonNode *
xq_json_reader_get_root (XqJsonReader *r)
{
  g_return_val_if_fail (r != NULL, NULL);
  return r->root;
}

JsonNode *
xq_json_reader_parse (XqJsonReader *r, const char *data, gsize length, gsize max_bytes,
                      gsize max_string)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GError) local = NULL;
  g_autofree char *where = NULL;
  const char *bad = NULL;

  g_return_val_if_fail (r != NULL && (data != NULL || length == 0), NULL);
  if (data != NULL && length <= max_bytes && !g_utf8_validate (data, (gssize) length, &bad))
    {
      xq_json_reader_problem (r, "$", _("byte %" G_GSIZE_FORMAT " is not UTF-8 text"),
                              (gsize) (bad - data));
      return NULL;
    }
  parser = xq_json_parse_limited (data != NULL ? data : "", length, max_bytes, max_string,
                                  &where, &local);
  if (parser == NULL)
    {
      xq_json_reader_problem (r, where != NULL ? where : "$", "%s", local->message);
      return NULL;
    }
  xq_json_reader_set_root (r, json_parser_get_root (parser));
  return r->root;
}

JsonObject *
xq_json_reader_parse_object (XqJsonReader *r, const char *data, gsize length, gsize max_bytes,
                             gsize max_string)
{
  JsonNode *root = xq_json_reader_parse (r, data, length, max_bytes, max_string);
  JsonObject *o = NULL;

  if (root != NULL && !xq_json_node_object (r, root, "$", G_MAXUINT, &o))
    return NULL;
  return o;
}

/* ---- Paths ---------------------------------------------------------------- */

static gboolean
plain_name (const char *name)
{
  if (*name == '\0' || g_ascii_isdigit (*name))
    return FALSE;
  for (const char *c = name; *c; c++)
    if (!g_ascii_isalnum (*c) && *c != '-' && *c != '_')
      return FALSE;
  return TRUE;
}

char *
xq_json_path_member (const char *path, const char *name)
{
  g_return_val_if_fail (path != NULL && name != NULL, NULL);
  if (plain_name (name))
    return g_strconcat (path, ".", name, NULL);
  return xq_json_path_key (path, name);
}

char *
xq_json_path_key (const char *path, const char *key)
{
  g_autofree char *valid = NULL;
  GString *out;
  const char *c;
  guint n = 0;

  g_return_val_if_fail (path != NULL && key != NULL, NULL);
  valid = g_utf8_make_valid (key, -1);
  out = g_string_new (path);
  g_string_append (out, "[\"");
  for (c = valid; *c != '\0' && n < KEY_SHOWN; c = g_utf8_next_char (c), n++)
    {
      gunichar u = g_utf8_get_char (c);

      if (u == '"' || u == '\\')
        g_string_append_printf (out, "\\%c", (char) u);
      else if (u < 0x20 || u == 0x7f)
        g_string_append_printf (out, "\\u%04x", u);
      else
        g_string_append_unichar (out, u);
    }
  if (*c != '\0')
    g_string_append (out, "…");
  g_string_append (out, "\"]");
  return g_string_free (out, FALSE);
}

char *
xq_json_path_index (const char *path, guint index)
{
  g_return_val_if_fail (path != NULL, NULL);
  return g_strdup_printf ("%s[%u]", path, index);
}

/* ---- Values --------------------------------------------------------------- */

static gboolean
missing (XqJsonReader *r, const char *path)
{
  return xq_json_reader_problem (r, path, _("this is missing, and it is needed"));
}

static gboolean
is_type (JsonNode *node, GType type)
{
  return JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == type;
}

gboolean
xq_json_node_string (XqJsonReader *r, JsonNode *node, const char *path, const char **out)
{
  g_return_val_if_fail (r != NULL && path != NULL && out != NULL, FALSE);
  if (node == NULL)
    return missing (r, path);
  if (!is_type (node, G_TYPE_STRING))
    return xq_json_reader_problem (r, path, _("should be a text in quotes"));
  *out = json_node_get_string (node);
  return TRUE;
}

gboolean
xq_json_node_word (XqJsonReader *r, JsonNode *node, const char *path, guint max_chars,
                   const char **out)
{
  const char *s;

  g_return_val_if_fail (r != NULL && path != NULL && out != NULL, FALSE);
  if (node == NULL)
    return missing (r, path);
  if (!is_type (node, G_TYPE_STRING) || *(s = json_node_get_string (node)) == '\0' ||
      !g_utf8_validate (s, -1, NULL) || strchr (s, '\n') != NULL || strchr (s, '\r') != NULL ||
      g_utf8_strlen (s, -1) > (glong) max_chars)
    return xq_json_reader_problem (r, path,
                                   g_dngettext (GETTEXT_PACKAGE,
                                                "should be a word in quotes, on one line, of at most %u character",
                                                "should be a word in quotes, on one line, of at most %u characters",
                                                max_chars),
                                   max_chars);
  *out = s;
  return TRUE;
}

gboolean
xq_json_node_int (XqJsonReader *r, JsonNode *node, const char *path, gint64 min, gint64 max,
                  gint64 *out)
{
  g_return_val_if_fail (r != NULL && path != NULL && out != NULL, FALSE);
  if (node == NULL)
    return missing (r, path);
  if (!is_type (node, G_TYPE_INT64) || json_node_get_int (node) < min ||
      json_node_get_int (node) > max)
    {
      g_autofree char *lo = g_strdup_printf ("%" G_GINT64_FORMAT, min);
      g_autofree char *hi = g_strdup_printf ("%" G_GINT64_FORMAT, max);

      if (min == G_MININT64 && max == G_MAXINT64)
        return xq_json_reader_problem (r, path, _("should be a whole number"));
      if (min == max)
        return xq_json_reader_problem (r, path, _("should be the number %s"), lo);
      return xq_json_reader_problem (r, path, _("should be a whole number from %s to %s"), lo, hi);
    }
  *out = json_node_get_int (node);
  return TRUE;
}

gboolean
xq_json_node_number (XqJsonReader *r, JsonNode *node, const char *path, double min, double max,
                     double *out)
{
  double v = NAN;

  g_return_val_if_fail (r != NULL && path != NULL && out != NULL, FALSE);
  if (node == NULL)
    return missing (r, path);
  if (is_type (node, G_TYPE_DOUBLE))
    v = json_node_get_double (node);
  else if (is_type (node, G_TYPE_INT64))
    v = (double) json_node_get_int (node);
  if (!isfinite (v) || v < min || v > max)
    {
      char lo[G_ASCII_DTOSTR_BUF_SIZE], hi[G_ASCII_DTOSTR_BUF_SIZE];

      g_ascii_formatd (lo, sizeof lo, "%g", min);
      g_ascii_formatd (hi, sizeof hi, "%g", max);
      return xq_json_reader_problem (r, path, _("should be a number from %s to %s"), lo, hi);
    }
  *out = v;
  return TRUE;
}

gboolean
xq_json_node_bool (XqJsonReader *r, JsonNode *node, const char *path, gboolean *out)
{
  g_return_val_if_fail (r != NULL && path != NULL && out != NULL, FALSE);
  if (node == NULL)
    return missing (r, path);
  if (!is_type (node, G_TYPE_BOOLEAN))
    return xq_json_reader_problem (r, path, _("should be true or false"));
  *out = json_node_get_boolean (node);
  return TRUE;
}

gboolean
xq_json_node_choice (XqJsonReader *r, JsonNode *node, const char *path, const char *const *words,
                     int *out)
{
  g_return_val_if_fail (r != NULL && path != NULL && words != NULL && out != NULL, FALSE);
  if (node == NULL)
    return missing (r, path);
  if (is_type (node, G_TYPE_STRING))
    for (int i = 0; words[i] != NULL; i++)
      if (strcmp (json_node_get_string (node), words[i]) == 0)
        {
          *out = i;
          return TRUE;
        }
  {
    g_autoptr(GString) list = g_string_new (NULL);

    for (int i = 0; words[i] != NULL; i++)
      {
        if (i > 0)
          g_string_append (list, ", ");
        g_string_append_printf (list, "“%s”", words[i]);
      }
    return xq_json_reader_problem (r, path, _("should be one of %s"), list->str);
  }
}

gboolean
xq_json_date_valid (const char *text)
{
  int y, m, d;

  if (text == NULL || strlen (text) != 10 || text[4] != '-' || text[7] != '-')
    return FALSE;
  for (int i = 0; i < 10; i++)
    if (i != 4 && i != 7 && !g_ascii_isdigit (text[i]))
      return FALSE;
  y = atoi (text);
  m = atoi (text + 5);
  d = atoi (text + 8);
  return y >= 1 && m >= 1 && m <= 12 && d >= 1 && g_date_valid_dmy ((GDateDay) d, (GDateMonth) m, (GDateYear) y);
}

gboolean
xq_json_node_date (XqJsonReader *r, JsonNode *node, const char *path, const char **out)
{
  g_return_val_if_fail (r != NULL && path != NULL && out != NULL, FALSE);
  if (node == NULL)
    return missing (r, path);
  if (!is_type (node, G_TYPE_STRING) || !xq_json_date_valid (json_node_get_string (node)))
    return xq_json_reader_problem (r, path, _("should be a date written year-month-day, such as “2026-09-01”"));
  *out = json_node_get_string (node);
  return TRUE;
}

gboolean
xq_json_node_array (XqJsonReader *r, JsonNode *node, const char *path, guint max_length,
                    JsonArray **out)
{
  guint n;

  g_return_val_if_fail (r != NULL && path != NULL && out != NULL, FALSE);
  if (node == NULL)
    return missing (r, path);
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return xq_json_reader_problem (r, path, _("should be a list in [ ]"));
  n = json_array_get_length (json_node_get_array (node));
  if (n > max_length)
    return xq_json_reader_problem (r, path,
                                   g_dngettext (GETTEXT_PACKAGE,
                                                "holds %u entries; at most %u is allowed",
                                                "holds %u entries; at most %u are allowed",
                                                max_length),
                                   n, max_length);
  *out = json_node_get_array (node);
  return TRUE;
}

gboolean
xq_json_node_object (XqJsonReader *r, JsonNode *node, const char *path, guint max_members,
                     JsonObject **out)
{
  guint n;

  g_return_val_if_fail (r != NULL && path != NULL && out != NULL, FALSE);
  if (node == NULL)
    return missing (r, path);
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return xq_json_reader_problem (r, path, _("should be a group of named values in { }"));
  n = json_object_get_size (json_node_get_object (node));
  if (n > max_members)
    return xq_json_reader_problem (r, path,
                                   g_dngettext (GETTEXT_PACKAGE,
                                                "holds %u entries; at most %u is allowed",
                                                "holds %u entries; at most %u are allowed",
                                                max_members),
                                   n, max_members);
  *out = json_node_get_object (node);
  return TRUE;
}

/* ---- Members ---------------------------------------------------------------- */

/* The member key of o, or NULL when it is absent (*where:
 * its path, to free). */
static JsonNode *
member (JsonObject *o, const char *path, const char *key, char **where)
{
  g_return_val_if_fail (o != NULL && path != NULL && key != NULL, NULL);
  *where = xq_json_path_member (path, key);
  return json_object_get_member (o, key);
}

#define MEMBER_GETTER(call)                                            \
  G_STMT_START {                                                       \
    g_autofree char *where = NULL;                                     \
    JsonNode *node = member (o, path, key, &where);                    \
                                                                       \
    if (node == NULL && need == XQ_JSON_OPTIONAL)                      \
      return TRUE;                                                     \
    return call;                                                       \
  } G_STMT_END

gboolean
xq_json_get_string (XqJsonReader *r, JsonObject *o, const char *path, const char *key,
                    XqJsonNeed need, const char **out)
{
  MEMBER_GETTER (xq_json_node_string (r, node, where, out));
}

gboolean
xq_json_get_word (XqJsonReader *r, JsonObject *o, const char *path, const char *key,
                  XqJsonNeed need, guint max_chars, const char **out)
{
  MEMBER_GETTER (xq_json_node_word (r, node, where, max_chars, out));
}

gboolean
xq_json_get_int (XqJsonReader *r, JsonObject *o, const char *path, const char *key,
                 XqJsonNeed need, gint64 min, gint64 max, gint64 *out)
{
  MEMBER_GETTER (xq_json_node_int (r, node, where, min, max, out));
}

gboolean
xq_json_get_number (XqJsonReader *r, JsonObject *o, const char *path, const char *key,
                    XqJsonNeed need, double min, double max, double *out)
{
  MEMBER_GETTER (xq_json_node_number (r, node, where, min, max, out));
}

gboolean
xq_json_get_bool (XqJsonReader *r, JsonObject *o, const char *path, const char *key,
                  XqJsonNeed need, gboolean *out)
{
  MEMBER_GETTER (xq_json_node_bool (r, node, where, out));
}

gboolean
xq_json_get_choice (XqJsonReader *r, JsonObject *o, const char *path, const char *key,
                    XqJsonNeed need, const char *const *words, int *out)
{
  MEMBER_GETTER (xq_json_node_choice (r, node, where, words, out));
}

gboolean
xq_json_get_date (XqJsonReader *r, JsonObject *o, const char *path, const char *key,
                  XqJsonNeed need, const char **out)
{
  MEMBER_GETTER (xq_json_node_date (r, node, where, out));
}

gboolean
xq_json_get_array (XqJsonReader *r, JsonObject *o, const char *path, const char *key,
                   XqJsonNeed need, guint max_length, JsonArray **out)
{
  MEMBER_GETTER (xq_json_node_array (r, node, where, max_length, out));
}

gboolean
xq_json_get_object (XqJsonReader *r, JsonObject *o, const char *path, const char *key,
                    XqJsonNeed need, guint max_members, JsonObject **out)
{
  MEMBER_GETTER (xq_json_node_object (r, node, where, max_members, out));
}

gboolean
xq_json_check_keys (XqJsonReader *r, JsonObject *o, const char *path, const char *const *known)
{
  g_autoptr(GList) members = NULL;

  g_return_val_if_fail (r != NULL && o != NULL && path != NULL && known != NULL, FALSE);
  members = json_object_get_members (o);
  for (GList *l = members; l != NULL; l = l->next)
    {
      gboolean found = FALSE;

      for (int k = 0; known[k] != NULL && !found; k++)
        found = strcmp (l->data, known[k]) == 0;
      if (!found)
        {
          g_autofree char *where = xq_json_path_member (path, l->data);

          return xq_json_reader_problem (r, where,
                                         _("a field this version of the program does not know"));
        }
    }
  return TRUE;
}

/* ---- Lenient look-ups ------------------------------------------------------ */

/* The member under key if it is a value of type, else NULL. */
static JsonNode *
value_member (JsonObject *obj, const char *key, GType type)
{
  JsonNode *node = json_object_get_member (obj, key);

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == type ? node : NULL;
}

const char *
xq_json_member_string (JsonObject *obj, const char *key, const char *fallback)
{
  JsonNode *node;

  g_return_val_if_fail (obj != NULL && key != NULL, fallback);
  node = value_member (obj, key, G_TYPE_STRING);
  return node != NULL ? json_node_get_string (node) : fallback;
}

gint64
xq_json_member_int (JsonObject *obj, const char *key, gint64 fallback)
{
  JsonNode *node;

  g_return_val_if_fail (obj != NULL && key != NULL, fallback);
  node = value_member (obj, key, G_TYPE_INT64);
  return node != NULL ? json_node_get_int (node) : fallback;
}
