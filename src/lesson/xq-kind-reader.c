/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-kind-reader.c: the typed readers of lesson JSON (xq-kind.h,
 * "Reading"), for the loader and for every exercise kind. */
#define G_LOG_DOMAIN "xq-lesson"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "xq-kind.h"
#include "xq-kind-reader-private.h"

typedef struct _XqKindReader Ctx;

/* ---- Problems and paths ---------------------------------------------------- */

void
xq_kind_problem (Ctx *ctx, XqLessonError code, const char *path, const char *format, ...)
{
  va_list args;
  g_autofree char *raw = NULL;

  va_start (args, format);
  raw = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (ctx->problems, xq_lesson_problem_new (ctx->file, path, XQ_LESSON_ERROR, code, raw));
}

gboolean
xq_kind_had_problems (Ctx *ctx)
{
  return ctx->problems->len > ctx->n_start;
}

char *
xq_kind_path (const char *path, const char *key)
{
  return g_strdup_printf ("%s.%s", path, key);
}

char *
xq_kind_index_path (const char *path, guint i)
{
  return g_strdup_printf ("%s[%u]", path, i);
}

/* ---- Typed readers --------------------------------------------------------- */

/* Each reader reports its own problems, so callers only branch on the result.
 * json-glib's typed getters g_critical on a type mismatch, so every node is
 * inspected before it is read. */

gboolean
xq_kind_check_keys (Ctx *ctx, JsonObject *obj, const char *path, const char *const *allowed)
{
  g_autoptr(GList) members = json_object_get_members (obj);
  gboolean ok = TRUE;

  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *key = l->data;
      if (!g_strv_contains (allowed, key))
        {
          g_autofree char *p = xq_kind_path (path, key);
          xq_kind_problem (ctx, XQ_LESSON_ERROR_UNKNOWN_FIELD, p, _("unknown key “%s”"), key);
          ok = FALSE;
        }
    }
  return ok;
}

static JsonNode *
get_member (Ctx *ctx, JsonObject *obj, const char *path, const char *key, gboolean required)
{
  JsonNode *node = json_object_get_member (obj, key);

  if (node == NULL && required)
    xq_kind_problem (ctx, XQ_LESSON_ERROR_MISSING_FIELD, path, _("missing required key “%s”"), key);
  return node;
}

/* A non-empty string of at most max characters. */
const char *
xq_kind_get_text (Ctx *ctx, JsonObject *obj, const char *path, const char *key, gboolean required,
                  int max)
{
  JsonNode *node = get_member (ctx, obj, path, key, required);
  const char *s;

  if (node == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      g_autofree char *p = xq_kind_path (path, key);
      xq_kind_problem (ctx, XQ_LESSON_ERROR_TYPE, p, _("expected a string"));
      return NULL;
    }
  s = json_node_get_string (node);
  if (*s == '\0')
    {
      g_autofree char *p = xq_kind_path (path, key);
      xq_kind_problem (ctx, XQ_LESSON_ERROR_VALUE, p, _("the text must not be empty"));
      return NULL;
    }
  if (g_utf8_strlen (s, -1) > max)
    {
      g_autofree char *p = xq_kind_path (path, key);
      xq_kind_problem (ctx, XQ_LESSON_ERROR_TOO_LARGE, p, _("the text is longer than %d characters"), max);
      return NULL;
    }
  return s;
}

/* Ids, names from a vocabulary, points and moves: short words. */
const char *
xq_kind_get_string (Ctx *ctx, JsonObject *obj, const char *path, const char *key, gboolean required)
{
  return xq_kind_get_text (ctx, obj, path, key, required, XQ_LESSON_MAX_WORD);
}

/* Reads an integer in [min, max]; *out keeps its value when the key is absent. */
gboolean
xq_kind_get_int (Ctx *ctx, JsonObject *obj, const char *path, const char *key, gboolean required,
                 int min, int max, int *out)
{
  JsonNode *node = get_member (ctx, obj, path, key, required);
  gint64 v;

  if (node == NULL)
    return !required;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    {
      g_autofree char *p = xq_kind_path (path, key);
      xq_kind_problem (ctx, XQ_LESSON_ERROR_TYPE, p, _("expected an integer"));
      return FALSE;
    }
  v = json_node_get_int (node);
  if (v < min || v > max)
    {
      g_autofree char *p = xq_kind_path (path, key);
      g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, v);
      xq_kind_problem (ctx, XQ_LESSON_ERROR_VALUE, p, _("%s is out of range (%d to %d)"), number, min, max);
      return FALSE;
    }
  *out = (int) v;
  return TRUE;
}

JsonArray *
xq_kind_get_array (Ctx *ctx, JsonObject *obj, const char *path, const char *key, gboolean required,
                   guint max)
{
  JsonNode *node = get_member (ctx, obj, path, key, required);
  JsonArray *array;

  if (node == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      g_autofree char *p = xq_kind_path (path, key);
      xq_kind_problem (ctx, XQ_LESSON_ERROR_TYPE, p, _("expected an array"));
      return NULL;
    }
  array = json_node_get_array (node);
  if (json_array_get_length (array) == 0)
    {
      g_autofree char *p = xq_kind_path (path, key);
      xq_kind_problem (ctx, XQ_LESSON_ERROR_VALUE, p, _("the list must not be empty"));
      return NULL;
    }
  if (json_array_get_length (array) > max)
    {
      g_autofree char *p = xq_kind_path (path, key);
      xq_kind_problem (ctx, XQ_LESSON_ERROR_TOO_LARGE, p, _("%u entries, more than the limit of %d"),
                       json_array_get_length (array), (int) max);
      return NULL;
    }
  return array;
}

JsonObject *
xq_kind_element_object (Ctx *ctx, JsonArray *array, guint i, const char *path)
{
  JsonNode *node = json_array_get_element (array, i);

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      xq_kind_problem (ctx, XQ_LESSON_ERROR_TYPE, path, _("expected an object"));
      return NULL;
    }
  return json_node_get_object (node);
}

static const char *
element_string (Ctx *ctx, JsonArray *array, guint i, const char *path, int max)
{
  JsonNode *node = json_array_get_element (array, i);

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING ||
      *json_node_get_string (node) == '\0')
    {
      xq_kind_problem (ctx, XQ_LESSON_ERROR_TYPE, path, _("expected a non-empty string"));
      return NULL;
    }
  if (g_utf8_strlen (json_node_get_string (node), -1) > max)
    {
      xq_kind_problem (ctx, XQ_LESSON_ERROR_TOO_LARGE, path, _("the text is longer than %d characters"), max);
      return NULL;
    }
  return json_node_get_string (node);
}

/* A string from a fixed vocabulary; returns its index or -1. */
int
xq_kind_get_enum_in (Ctx *ctx, JsonObject *obj, const char *path, const char *key, gboolean required,
                     const char *const *names, int fallback)
{
  const char *s = xq_kind_get_string (ctx, obj, path, key, required);

  if (s == NULL)
    return json_object_has_member (obj, key) ? -1 : fallback;
  for (int i = 0; names[i] != NULL; i++)
    if (strcmp (names[i], s) == 0)
      return i;
  {
    g_autofree char *p = xq_kind_path (path, key);
    g_autofree char *list = g_strjoinv (", ", (char **) names);
    xq_kind_problem (ctx, XQ_LESSON_ERROR_VALUE, p, _("“%s” is not one of: %s"), s, list);
  }
  return -1;
}

char *
xq_kind_translate (const char *s)
{
  return s ? g_strdup (g_dgettext (GETTEXT_PACKAGE, s)) : NULL;
}

static gboolean
valid_id (const char *id)
{
  if (id == NULL || *id == '\0')
    return FALSE;
  for (const char *c = id; *c; c++)
    if (!(g_ascii_islower (*c) || g_ascii_isdigit (*c) || *c == '-'))
      return FALSE;
  return TRUE;
}

char *
xq_kind_get_id (Ctx *ctx, JsonObject *obj, const char *path)
{
  const char *id = xq_kind_get_string (ctx, obj, path, "id", TRUE);

  if (id == NULL)
    return NULL;
  if (!valid_id (id))
    {
      g_autofree char *p = xq_kind_path (path, "id");
      xq_kind_problem (ctx, XQ_LESSON_ERROR_VALUE, p,
                       _("“%s” is not a valid id (use lower-case letters, digits and “-”)"), id);
      return NULL;
    }
  return g_strdup (id);
}

static XqSquare
parse_square (Ctx *ctx, const char *text, const char *path)
{
  XqSquare sq = strlen (text) == 2 ? xq_square_from_text (text) : XQ_NO_SQUARE;

  if (sq == XQ_NO_SQUARE)
    xq_kind_problem (ctx, XQ_LESSON_ERROR_BAD_SQUARE, path,
                     _("“%s” is not a point (write a file a–i and a rank 0–9, like e4)"), text);
  return sq;
}

XqSquare
xq_kind_get_square (Ctx *ctx, JsonObject *obj, const char *path, const char *key, gboolean required)
{
  const char *s = xq_kind_get_string (ctx, obj, path, key, required);
  g_autofree char *p = xq_kind_path (path, key);

  return s ? parse_square (ctx, s, p) : XQ_NO_SQUARE;
}

XqMove
xq_kind_parse_move (Ctx *ctx, const char *text, const char *path)
{
  XqMove m = strlen (text) == 4 ? xq_move_from_iccs (text) : XQ_MOVE_NONE;

  if (m == XQ_MOVE_NONE)
    xq_kind_problem (ctx, XQ_LESSON_ERROR_BAD_MOVE, path,
                     _("“%s” is not a move in ICCS notation (like h2e2)"), text);
  return m;
}

/* A FEN for a playable position (validated by the rules core). */
char *
xq_kind_get_fen (Ctx *ctx, JsonObject *obj, const char *path, const char *key, gboolean required,
                 const char *fallback, gboolean checked, XqPosition *pos)
{
  const char *fen = xq_kind_get_text (ctx, obj, path, key, required, XQ_LESSON_MAX_FEN);
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (fen == NULL)
    {
      if (json_object_has_member (obj, key) || fallback == NULL)
        return NULL;
      fen = fallback;
    }
  ok = checked ? xq_position_set_fen (pos, fen, &error)
               : xq_position_set_fen_unchecked (pos, fen, &error);
  if (!ok)
    {
      g_autofree char *p = xq_kind_path (path, key);
      xq_kind_problem (ctx, XQ_LESSON_ERROR_INVALID_FEN, p, _("invalid FEN: %s"), error->message);
      return NULL;
    }
  return g_strdup (fen);
}

GPtrArray *
xq_kind_get_texts (Ctx *ctx, JsonObject *obj, const char *path, const char *key)
{
  g_autofree char *p = xq_kind_path (path, key);
  JsonArray *array = xq_kind_get_array (ctx, obj, path, key, FALSE, XQ_LESSON_MAX_LIST);
  GPtrArray *texts = g_ptr_array_new_with_free_func (g_free);

  if (array == NULL)
    return texts;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *ip = xq_kind_index_path (p, i);
      const char *s = element_string (ctx, array, i, ip, XQ_LESSON_MAX_PROMPT);
      if (s != NULL)
        g_ptr_array_add (texts, xq_kind_translate (s));
    }
  return texts;
}

/* The squares of an array of point names; duplicates are problems. */
int
xq_kind_get_squares (Ctx *ctx, JsonObject *obj, const char *path, const char *key, gboolean required,
                     XqSquare *out, int max)
{
  g_autofree char *p = xq_kind_path (path, key);
  JsonArray *array = xq_kind_get_array (ctx, obj, path, key, required, XQ_SQUARES);
  int n = 0;

  if (array == NULL)
    return 0;
  if (json_array_get_length (array) > (guint) max)
    {
      xq_kind_problem (ctx, XQ_LESSON_ERROR_VALUE, p, _("at most %d points are allowed here"), max);
      return 0;
    }
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *ip = xq_kind_index_path (p, i);
      const char *s = element_string (ctx, array, i, ip, XQ_LESSON_MAX_WORD);
      XqSquare sq = s ? parse_square (ctx, s, ip) : XQ_NO_SQUARE;
      gboolean dup = FALSE;

      if (sq == XQ_NO_SQUARE)
        continue;
      for (int j = 0; j < n; j++)
        dup |= out[j] == sq;
      if (dup)
        {
          xq_kind_problem (ctx, XQ_LESSON_ERROR_BAD_SQUARE, ip, _("the point %s is listed twice"), s);
          continue;
        }
      out[n++] = sq;
    }
  return n;
}

GArray *
xq_kind_get_moves (Ctx *ctx, JsonObject *obj, const char *path, const char *key, gboolean required)
{
  g_autofree char *p = xq_kind_path (path, key);
  JsonArray *array = xq_kind_get_array (ctx, obj, path, key, required, XQ_LESSON_MAX_LIST);
  GArray *moves = g_array_new (FALSE, FALSE, sizeof (XqMove));

  if (array == NULL)
    return moves;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *ip = xq_kind_index_path (p, i);
      const char *s = element_string (ctx, array, i, ip, XQ_LESSON_MAX_WORD);
      XqMove m = s ? xq_kind_parse_move (ctx, s, ip) : XQ_MOVE_NONE;
      if (m != XQ_MOVE_NONE)
        g_array_append_val (moves, m);
    }
  return moves;
}

/* ---- Only for the kinds ---------------------------------------------------- */

int
xq_kind_get_enum (XqKindReader *r, JsonObject *o, const char *path, const XqKindField *field,
                  int fallback)
{
  const char *names[XQ_LESSON_MAX_LIST + 1];
  int n = 0;

  g_return_val_if_fail (field != NULL && field->values != NULL, -1);
  for (; field->values[n].value != NULL && n < XQ_LESSON_MAX_LIST; n++)
    names[n] = field->values[n].value;
  names[n] = NULL;
  return xq_kind_get_enum_in (r, o, path, field->key, field->required, names, fallback);
}

gboolean
xq_kind_refuse_key (XqKindReader *r, JsonObject *o, const char *path, const char *key,
                    const char *message)
{
  g_autofree char *p = NULL;

  if (!json_object_has_member (o, key))
    return FALSE;
  p = xq_kind_path (path, key);
  xq_kind_problem (r, XQ_LESSON_ERROR_UNKNOWN_FIELD, p, "%s", message);
  return TRUE;
}
