/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-lesson"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "xq-data-dirs.h"
#include "xq-lesson.h"
#include "xq-lesson-rules.h"
#include "xq-proofs.h"

#define EMPTY_BOARD_FEN "9/9/9/9/9/9/9/9/9/9 w - - 0 1"

G_DEFINE_QUARK (xq-lesson-error-quark, xq_lesson_error)

/* ---- Problems -------------------------------------------------------------- */

void
xq_lesson_problem_free (XqLessonProblem *problem)
{
  if (problem == NULL)
    return;
  g_free (problem->file);
  g_free (problem->path);
  g_free (problem->message);
  g_free (problem);
}

char *
xq_lesson_problem_format (const XqLessonProblem *problem)
{
  g_return_val_if_fail (problem != NULL, NULL);
  return g_strdup_printf ("%s: %s: %s", problem->file, problem->path, problem->message);
}

/* The loading context: which file, where problems go. */
typedef struct {
  const char       *file;
  GPtrArray        *problems;
  guint             n_start;
  XqLessonLoadFlags flags;
  guint64           proof_work;  /* the solver's work spent on this file's proofs */
  XqProofs         *made;        /* every proof this load made */
} Ctx;

static void problem (Ctx *ctx, XqLessonError code, const char *path, const char *format, ...) G_GNUC_PRINTF (4, 5);

static void
problem (Ctx *ctx, XqLessonError code, const char *path, const char *format, ...)
{
  XqLessonProblem *p = g_new0 (XqLessonProblem, 1);
  va_list args;
  g_autofree char *raw = NULL;

  va_start (args, format);
  raw = g_strdup_vprintf (format, args);
  va_end (args);
  /* Messages and paths quote the file (json-glib even cuts a character in
   * half, and turns a "\ud800" key into bytes that are not UTF-8): keep
   * them valid UTF-8 for whoever prints them. */
  p->message = g_utf8_make_valid (raw, -1);
  p->file = g_strdup (ctx->file);
  p->path = g_utf8_make_valid (path, -1);
  p->code = code;
  g_ptr_array_add (ctx->problems, p);
}

static gboolean
had_problems (Ctx *ctx)
{
  return ctx->problems->len > ctx->n_start;
}

static char *
member_path (const char *path, const char *key)
{
  return g_strdup_printf ("%s.%s", path, key);
}

static char *
index_path (const char *path, guint i)
{
  return g_strdup_printf ("%s[%u]", path, i);
}

/* ---- Bounded reading and parsing ------------------------------------------ */

static gboolean
refuse_size (gsize length, gsize max_bytes, GError **error)
{
  g_autofree char *size = NULL;
  g_autofree char *limit = NULL;

  if (length <= max_bytes)
    return TRUE;
  size = g_format_size (length);
  limit = g_format_size (max_bytes);
  g_set_error (error, XQ_LESSON_ERROR, XQ_LESSON_ERROR_TOO_LARGE,
               _("the file is %s, more than the limit of %s"), size, limit);
  return FALSE;
}

gboolean
xq_lesson_read_bounded (const char *path, gsize max_bytes, char **data, gsize *length,
                        GError **error)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFileInputStream) in = NULL;
  g_autoptr(GFileInfo) info = NULL;
  g_autofree char *buffer = NULL;
  gsize got = 0;

  g_return_val_if_fail (path != NULL && data != NULL && length != NULL, FALSE);

  file = g_file_new_for_path (path);
  in = g_file_read (file, NULL, error);
  if (in == NULL)
    return FALSE;
  info = g_file_input_stream_query_info (in, G_FILE_ATTRIBUTE_STANDARD_SIZE, NULL, error);
  if (info == NULL || !refuse_size ((gsize) g_file_info_get_size (info), max_bytes, error))
    return FALSE;
  /* Read one byte past the limit, so a file that grew meanwhile is caught. */
  buffer = g_malloc (max_bytes + 2);
  if (!g_input_stream_read_all (G_INPUT_STREAM (in), buffer, max_bytes + 1, &got, NULL, error))
    return FALSE;
  if (!refuse_size (got, max_bytes, error))
    return FALSE;
  buffer[got] = '\0';
  *data = g_realloc (g_steal_pointer (&buffer), got + 1);
  *length = got;
  return TRUE;
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
xq_lesson_json_step (const char *data, gsize length, gsize *pos, gsize *start, gsize *stop)
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
 * XQ_LESSON_MAX_DEPTH, found without parsing (json-glib's parser recurses,
 * so "[[[[…" must be caught before it gets there); NULL if there is none. */
static char *
too_deep_at (const char *data, gsize length)
{
  Level levels[XQ_LESSON_MAX_DEPTH];
  gsize pos = 0, start, stop;
  int depth = 0;
  char c;

  while ((c = xq_lesson_json_step (data, length, &pos, &start, &stop)) != '\0')
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
          if (depth == XQ_LESSON_MAX_DEPTH)
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

/* The path of the first string or member name over XQ_LESSON_MAX_STRING
 * bytes, or NULL.  The nesting was bounded before parsing, so the
 * recursion is too. */
static char *
long_string_at (JsonNode *node, const char *path, gboolean *is_key)
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

            if (strlen (key) > XQ_LESSON_MAX_STRING)
              {
                *is_key = TRUE;
                return g_strdup (path);
              }
            p = member_path (path, key);
            if ((found = long_string_at (json_object_get_member (obj, key), p, is_key)) != NULL)
              return found;
          }
        return NULL;
      }
    case JSON_NODE_ARRAY:
      {
        JsonArray *array = json_node_get_array (node);

        for (guint i = 0; i < json_array_get_length (array); i++)
          {
            g_autofree char *p = index_path (path, i);
            char *found = long_string_at (json_array_get_element (array, i), p, is_key);

            if (found != NULL)
              return found;
          }
        return NULL;
      }
    case JSON_NODE_VALUE:
      if (json_node_get_value_type (node) == G_TYPE_STRING &&
          strlen (json_node_get_string (node)) > XQ_LESSON_MAX_STRING)
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
xq_lesson_parse_bounded (const char *data, gsize length, gsize max_bytes, char **where,
                         GError **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GError) local = NULL;
  char *path;
  gboolean is_key = FALSE;

  g_return_val_if_fail (data != NULL && where != NULL, NULL);

  *where = NULL;
  if (!refuse_size (length, max_bytes, error))
    {
      *where = g_strdup ("$");
      return NULL;
    }
  if ((path = too_deep_at (data, length)) != NULL)
    {
      *where = path;
      g_set_error (error, XQ_LESSON_ERROR, XQ_LESSON_ERROR_TOO_LARGE,
                   _("arrays and objects are nested more than %d deep"), XQ_LESSON_MAX_DEPTH);
      return NULL;
    }
  parser = json_parser_new_immutable ();
  if (!json_parser_load_from_data (parser, data, (gssize) length, &local))
    {
      *where = g_strdup ("$");
      g_set_error (error, XQ_LESSON_ERROR, XQ_LESSON_ERROR_SYNTAX, _("not valid JSON: %s"),
                   local->message);
      return NULL;
    }
  /* json-glib accepts an empty document, with no root at all. */
  if (json_parser_get_root (parser) == NULL)
    {
      *where = g_strdup ("$");
      g_set_error (error, XQ_LESSON_ERROR, XQ_LESSON_ERROR_SYNTAX, _("the file is empty"));
      return NULL;
    }
  if ((path = long_string_at (json_parser_get_root (parser), "$", &is_key)) != NULL)
    {
      *where = path;
      if (is_key)
        g_set_error (error, XQ_LESSON_ERROR, XQ_LESSON_ERROR_TOO_LARGE,
                     _("a key is longer than %d bytes"), XQ_LESSON_MAX_STRING);
      else
        g_set_error (error, XQ_LESSON_ERROR, XQ_LESSON_ERROR_TOO_LARGE,
                     _("the text is longer than %d bytes"), XQ_LESSON_MAX_STRING);
      return NULL;
    }
  return g_steal_pointer (&parser);
}

/* ---- Typed readers --------------------------------------------------------- */

/* Each reader reports its own problems, so callers only branch on the result.
 * json-glib's typed getters g_critical on a type mismatch, so every node is
 * inspected before it is read. */

static gboolean
check_keys (Ctx *ctx, JsonObject *obj, const char *path, const char *const *allowed)
{
  g_autoptr(GList) members = json_object_get_members (obj);
  gboolean ok = TRUE;

  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *key = l->data;
      if (!g_strv_contains (allowed, key))
        {
          g_autofree char *p = member_path (path, key);
          problem (ctx, XQ_LESSON_ERROR_UNKNOWN_FIELD, p, _("unknown key “%s”"), key);
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
    problem (ctx, XQ_LESSON_ERROR_MISSING_FIELD, path, _("missing required key “%s”"), key);
  return node;
}

/* A non-empty string of at most max characters. */
static const char *
get_text (Ctx *ctx, JsonObject *obj, const char *path, const char *key, gboolean required,
          int max)
{
  JsonNode *node = get_member (ctx, obj, path, key, required);
  const char *s;

  if (node == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      g_autofree char *p = member_path (path, key);
      problem (ctx, XQ_LESSON_ERROR_TYPE, p, _("expected a string"));
      return NULL;
    }
  s = json_node_get_string (node);
  if (*s == '\0')
    {
      g_autofree char *p = member_path (path, key);
      problem (ctx, XQ_LESSON_ERROR_VALUE, p, _("the text must not be empty"));
      return NULL;
    }
  if (g_utf8_strlen (s, -1) > max)
    {
      g_autofree char *p = member_path (path, key);
      problem (ctx, XQ_LESSON_ERROR_TOO_LARGE, p, _("the text is longer than %d characters"), max);
      return NULL;
    }
  return s;
}

/* Ids, names from a vocabulary, points and moves: short words. */
static const char *
get_string (Ctx *ctx, JsonObject *obj, const char *path, const char *key, gboolean required)
{
  return get_text (ctx, obj, path, key, required, XQ_LESSON_MAX_WORD);
}

/* Reads an integer in [min, max]; *out keeps its value when the key is absent. */
static gboolean
get_int (Ctx *ctx, JsonObject *obj, const char *path, const char *key, gboolean required,
         int min, int max, int *out)
{
  JsonNode *node = get_member (ctx, obj, path, key, required);
  gint64 v;

  if (node == NULL)
    return !required;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    {
      g_autofree char *p = member_path (path, key);
      problem (ctx, XQ_LESSON_ERROR_TYPE, p, _("expected an integer"));
      return FALSE;
    }
  v = json_node_get_int (node);
  if (v < min || v > max)
    {
      g_autofree char *p = member_path (path, key);
      g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, v);
      problem (ctx, XQ_LESSON_ERROR_VALUE, p, _("%s is out of range (%d to %d)"), number, min, max);
      return FALSE;
    }
  *out = (int) v;
  return TRUE;
}

static JsonArray *
get_array (Ctx *ctx, JsonObject *obj, const char *path, const char *key, gboolean required,
           gboolean non_empty, guint max)
{
  JsonNode *node = get_member (ctx, obj, path, key, required);
  JsonArray *array;

  if (node == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      g_autofree char *p = member_path (path, key);
      problem (ctx, XQ_LESSON_ERROR_TYPE, p, _("expected an array"));
      return NULL;
    }
  array = json_node_get_array (node);
  if (non_empty && json_array_get_length (array) == 0)
    {
      g_autofree char *p = member_path (path, key);
      problem (ctx, XQ_LESSON_ERROR_VALUE, p, _("the list must not be empty"));
      return NULL;
    }
  if (json_array_get_length (array) > max)
    {
      g_autofree char *p = member_path (path, key);
      problem (ctx, XQ_LESSON_ERROR_TOO_LARGE, p, _("%u entries, more than the limit of %d"),
               json_array_get_length (array), (int) max);
      return NULL;
    }
  return array;
}

static JsonObject *
element_object (Ctx *ctx, JsonArray *array, guint i, const char *path)
{
  JsonNode *node = json_array_get_element (array, i);

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      problem (ctx, XQ_LESSON_ERROR_TYPE, path, _("expected an object"));
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
      problem (ctx, XQ_LESSON_ERROR_TYPE, path, _("expected a non-empty string"));
      return NULL;
    }
  if (g_utf8_strlen (json_node_get_string (node), -1) > max)
    {
      problem (ctx, XQ_LESSON_ERROR_TOO_LARGE, path, _("the text is longer than %d characters"), max);
      return NULL;
    }
  return json_node_get_string (node);
}

/* A string from a fixed vocabulary; returns its index or -1. */
static int
get_enum (Ctx *ctx, JsonObject *obj, const char *path, const char *key, gboolean required,
          const char *const *names, int fallback)
{
  const char *s = get_string (ctx, obj, path, key, required);

  if (s == NULL)
    return json_object_has_member (obj, key) ? -1 : fallback;
  for (int i = 0; names[i] != NULL; i++)
    if (strcmp (names[i], s) == 0)
      return i;
  {
    g_autofree char *p = member_path (path, key);
    g_autofree char *list = g_strjoinv (", ", (char **) names);
    problem (ctx, XQ_LESSON_ERROR_VALUE, p, _("“%s” is not one of: %s"), s, list);
  }
  return -1;
}

static char *
translate (const char *s)
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

static char *
get_id (Ctx *ctx, JsonObject *obj, const char *path)
{
  const char *id = get_string (ctx, obj, path, "id", TRUE);

  if (id == NULL)
    return NULL;
  if (!valid_id (id))
    {
      g_autofree char *p = member_path (path, "id");
      problem (ctx, XQ_LESSON_ERROR_VALUE, p,
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
    problem (ctx, XQ_LESSON_ERROR_BAD_SQUARE, path,
             _("“%s” is not a point (write a file a–i and a rank 0–9, like e4)"), text);
  return sq;
}

static XqSquare
get_square (Ctx *ctx, JsonObject *obj, const char *path, const char *key, gboolean required)
{
  const char *s = get_string (ctx, obj, path, key, required);
  g_autofree char *p = member_path (path, key);

  return s ? parse_square (ctx, s, p) : XQ_NO_SQUARE;
}

static XqMove
parse_move (Ctx *ctx, const char *text, const char *path)
{
  XqMove m = strlen (text) == 4 ? xq_move_from_iccs (text) : XQ_MOVE_NONE;

  if (m == XQ_MOVE_NONE)
    problem (ctx, XQ_LESSON_ERROR_BAD_MOVE, path,
             _("“%s” is not a move in ICCS notation (like h2e2)"), text);
  return m;
}

/* A FEN for a playable position (validated by the rules core). */
static char *
get_fen (Ctx *ctx, JsonObject *obj, const char *path, const char *key, gboolean required,
         const char *fallback, gboolean checked, XqPosition *pos)
{
  const char *fen = get_text (ctx, obj, path, key, required, XQ_LESSON_MAX_FEN);
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
      g_autofree char *p = member_path (path, key);
      problem (ctx, XQ_LESSON_ERROR_INVALID_FEN, p, _("invalid FEN: %s"), error->message);
      return NULL;
    }
  return g_strdup (fen);
}

static GPtrArray *
get_texts (Ctx *ctx, JsonObject *obj, const char *path, const char *key)
{
  g_autofree char *p = member_path (path, key);
  JsonArray *array = get_array (ctx, obj, path, key, FALSE, TRUE, XQ_LESSON_MAX_LIST);
  GPtrArray *texts = g_ptr_array_new_with_free_func (g_free);

  if (array == NULL)
    return texts;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *ip = index_path (p, i);
      const char *s = element_string (ctx, array, i, ip, XQ_LESSON_MAX_PROMPT);
      if (s != NULL)
        g_ptr_array_add (texts, translate (s));
    }
  return texts;
}

/* The squares of an array of point names; duplicates are problems. */
static int
get_squares (Ctx *ctx, JsonObject *obj, const char *path, const char *key, gboolean required,
             XqSquare *out, int max)
{
  g_autofree char *p = member_path (path, key);
  JsonArray *array = get_array (ctx, obj, path, key, required, TRUE, XQ_SQUARES);
  int n = 0;

  if (array == NULL)
    return 0;
  if (json_array_get_length (array) > (guint) max)
    {
      problem (ctx, XQ_LESSON_ERROR_VALUE, p, _("at most %d points are allowed here"), max);
      return 0;
    }
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *ip = index_path (p, i);
      const char *s = element_string (ctx, array, i, ip, XQ_LESSON_MAX_WORD);
      XqSquare sq = s ? parse_square (ctx, s, ip) : XQ_NO_SQUARE;
      gboolean dup = FALSE;

      if (sq == XQ_NO_SQUARE)
        continue;
      for (int j = 0; j < n; j++)
        dup |= out[j] == sq;
      if (dup)
        {
          problem (ctx, XQ_LESSON_ERROR_BAD_SQUARE, ip, _("the point %s is listed twice"), s);
          continue;
        }
      out[n++] = sq;
    }
  return n;
}

static GArray *
get_moves (Ctx *ctx, JsonObject *obj, const char *path, const char *key, gboolean required)
{
  g_autofree char *p = member_path (path, key);
  JsonArray *array = get_array (ctx, obj, path, key, required, TRUE, XQ_LESSON_MAX_LIST);
  GArray *moves = g_array_new (FALSE, FALSE, sizeof (XqMove));

  if (array == NULL)
    return moves;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *ip = index_path (p, i);
      const char *s = element_string (ctx, array, i, ip, XQ_LESSON_MAX_WORD);
      XqMove m = s ? parse_move (ctx, s, ip) : XQ_MOVE_NONE;
      if (m != XQ_MOVE_NONE)
        g_array_append_val (moves, m);
    }
  return moves;
}

static const char *const mark_keys[] = { "point", "arrow", "cross", "star", "role", NULL };

static void
get_marks (Ctx *ctx, JsonObject *obj, const char *path, XqLessonMarks *marks)
{
  g_autofree char *p = member_path (path, "marks");
  JsonArray *array = get_array (ctx, obj, path, "marks", FALSE, TRUE, XQ_LESSON_MAX_MARKS);
  static const char *const kinds[] = { "point", "arrow", "cross", "star" };
  static const XqLessonMarkKind kind_values[] = {
    XQ_LESSON_MARK_POINT, XQ_LESSON_MARK_ARROW, XQ_LESSON_MARK_CROSS, XQ_LESSON_MARK_STAR,
  };

  xq_lesson_marks_clear (marks);
  if (array == NULL)
    return;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *ip = index_path (p, i);
      JsonObject *m = element_object (ctx, array, i, ip);
      const char *role_name;
      int role = XQ_LESSON_ROLE_HIGHLIGHT, kind = -1;

      if (m == NULL || !check_keys (ctx, m, ip, mark_keys))
        continue;
      for (int k = 0; k < 4; k++)
        if (json_object_has_member (m, kinds[k]))
          {
            if (kind >= 0)
              {
                problem (ctx, XQ_LESSON_ERROR_VALUE, ip,
                         _("a mark has exactly one of “point”, “arrow”, “cross” or “star”"));
                kind = -2;
                break;
              }
            kind = k;
          }
      if (kind == -1)
        problem (ctx, XQ_LESSON_ERROR_MISSING_FIELD, ip,
                 _("a mark has exactly one of “point”, “arrow”, “cross” or “star”"));
      if (kind < 0)
        continue;
      role_name = get_string (ctx, m, ip, "role", FALSE);
      if (role_name != NULL && (role = xq_lesson_mark_role_from_name (role_name)) < 0)
        {
          g_autofree char *rp = member_path (ip, "role");
          problem (ctx, XQ_LESSON_ERROR_VALUE, rp, _("unknown mark role “%s”"), role_name);
          continue;
        }
      if (kind_values[kind] == XQ_LESSON_MARK_ARROW)
        {
          const char *s = get_string (ctx, m, ip, "arrow", TRUE);
          g_autofree char *ap = member_path (ip, "arrow");
          XqMove mv = s ? parse_move (ctx, s, ap) : XQ_MOVE_NONE;
          if (mv != XQ_MOVE_NONE)
            xq_lesson_marks_add_arrow (marks, role, xq_move_from (mv), xq_move_to (mv));
        }
      else
        {
          XqSquare sq = get_square (ctx, m, ip, kinds[kind], TRUE);
          if (sq != XQ_NO_SQUARE)
            xq_lesson_marks_add (marks, kind_values[kind], role, sq);
        }
    }
}

/* ---- Pages ----------------------------------------------------------------- */

static void
page_free (XqLessonPage *page)
{
  if (page == NULL)
    return;
  g_free (page->text);
  g_free (page->fen);
  g_free (page);
}

static const char *const page_keys[] = { "text", "fen", "marks", NULL };

static GPtrArray *
get_pages (Ctx *ctx, JsonObject *obj, const char *path, const char *key, gboolean required)
{
  g_autofree char *p = member_path (path, key);
  JsonArray *array = get_array (ctx, obj, path, key, required, TRUE, XQ_LESSON_MAX_LIST);
  GPtrArray *pages = g_ptr_array_new_with_free_func ((GDestroyNotify) page_free);

  if (array == NULL)
    return pages;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *ip = index_path (p, i);
      JsonObject *o = element_object (ctx, array, i, ip);
      XqLessonPage *page;

      if (o == NULL)
        continue;
      check_keys (ctx, o, ip, page_keys);
      page = g_new0 (XqLessonPage, 1);
      page->text = translate (get_text (ctx, o, ip, "text", TRUE, XQ_LESSON_MAX_TEXT));
      page->fen = get_fen (ctx, o, ip, "fen", FALSE, NULL, TRUE, &page->position);
      get_marks (ctx, o, ip, &page->marks);
      g_ptr_array_add (pages, page);
    }
  return pages;
}

/* ---- Exercises ------------------------------------------------------------- */

static const char *const kind_names[] = { "tap", "move", "stars", "setup", "choose", "mate", NULL };
static const char *const tap_rule_names[] = {
  "points", "reach", "attackers", "in-danger", "blockers", "palace", "river-bank", "file", NULL
};
static const char *const goal_names[] = {
  "given", "piece", "capture", "capture-best", "safe-capture", "escape-check", "check", "checkmate", NULL
};
static const char *const choose_rule_names[] = {
  "fixed", "status", "trade", "winner", "legal", "material", NULL
};
static const char *const side_names[] = { "red", "black", NULL };
static const char *const select_names[] = { "all", "one", NULL };

/* The keys each exercise kind may use, besides the common ones. */
static const char *const common_keys[] = { "id", "kind", "prompt", "fen", "hints", "marks" };
static const char *const *const kind_keys[] = {
  [XQ_EXERCISE_TAP]    = (const char *const[]) { "rule", "select", "points", "square", "side", "number", NULL },
  [XQ_EXERCISE_MOVE]   = (const char *const[]) { "goal", "moves", "square", NULL },
  [XQ_EXERCISE_STARS]  = (const char *const[]) { "square", "stars", NULL },
  [XQ_EXERCISE_SETUP]  = (const char *const[]) { "target", NULL },
  [XQ_EXERCISE_CHOOSE] = (const char *const[]) { "rule", "choices", "answer", "moves", "side", NULL },
  [XQ_EXERCISE_MATE]   = (const char *const[]) { "mate-in", NULL },
};

const char *
xq_exercise_kind_name (XqExerciseKind kind)
{
  g_return_val_if_fail ((int) kind >= 0 && kind < XQ_N_EXERCISE_KINDS, NULL);
  return kind_names[kind];
}

static void
choice_free (XqChoice *choice)
{
  if (choice == NULL)
    return;
  g_free (choice->id);
  g_free (choice->text);
  g_free (choice);
}

static void
exercise_free (XqExercise *ex)
{
  if (ex == NULL)
    return;
  g_free (ex->id);
  g_free (ex->prompt);
  g_free (ex->fen);
  g_clear_pointer (&ex->hints, g_ptr_array_unref);
  g_clear_pointer (&ex->moves, g_array_unref);
  g_free (ex->target_fen);
  g_clear_pointer (&ex->choices, g_ptr_array_unref);
  g_free (ex->answer);
  g_free (ex);
}

/* The square must hold a piece (of colour `side` unless side < 0). */
static gboolean
require_piece (Ctx *ctx, const XqExercise *ex, const char *path, int side)
{
  g_autofree char *p = member_path (path, "square");
  char name[3];

  if (ex->square == XQ_NO_SQUARE)
    return FALSE;
  xq_square_to_text (ex->square, name);
  if (ex->position.board[ex->square] == XQ_EMPTY)
    {
      problem (ctx, XQ_LESSON_ERROR_BAD_SQUARE, p, _("there is no piece on %s"), name);
      return FALSE;
    }
  if (side >= 0 && xq_piece_color (ex->position.board[ex->square]) != (XqColor) side)
    {
      problem (ctx, XQ_LESSON_ERROR_BAD_SQUARE, p, _("the piece on %s does not belong to the side to move"), name);
      return FALSE;
    }
  return TRUE;
}

static void
load_tap (Ctx *ctx, JsonObject *o, const char *path, XqExercise *ex)
{
  XqSquare pts[XQ_SQUARES];
  int rule, select, n = 0, side;

  rule = get_enum (ctx, o, path, "rule", FALSE, tap_rule_names, XQ_TAP_POINTS);
  select = get_enum (ctx, o, path, "select", FALSE, select_names, 0);
  if (rule < 0 || select < 0)
    return;
  ex->tap_rule = rule;
  ex->tap_all = select == 0;

  switch (ex->tap_rule)
    {
    case XQ_TAP_POINTS:
      n = get_squares (ctx, o, path, "points", TRUE, pts, XQ_SQUARES);
      break;
    case XQ_TAP_REACH:
    case XQ_TAP_ATTACKERS:
    case XQ_TAP_BLOCKERS:
      ex->square = get_square (ctx, o, path, "square", TRUE);
      if (!require_piece (ctx, ex, path, -1))
        return;
      if (ex->tap_rule == XQ_TAP_REACH)
        n = xq_lesson_reach (&ex->position, ex->square, pts);
      else if (ex->tap_rule == XQ_TAP_ATTACKERS)
        n = xq_lesson_attackers (&ex->position, ex->square, pts);
      else
        n = xq_lesson_blockers (&ex->position, ex->square, pts);
      break;
    case XQ_TAP_IN_DANGER:
    case XQ_TAP_PALACE:
    case XQ_TAP_RIVER_BANK:
    case XQ_TAP_FILE:
      side = get_enum (ctx, o, path, "side", TRUE, side_names, -1);
      if (side < 0)
        return;
      ex->side = side;
      if (ex->tap_rule == XQ_TAP_IN_DANGER)
        n = xq_lesson_in_danger (&ex->position, ex->side, pts);
      else if (ex->tap_rule == XQ_TAP_PALACE)
        n = xq_lesson_palace (ex->side, pts);
      else if (ex->tap_rule == XQ_TAP_RIVER_BANK)
        n = xq_lesson_river_bank (ex->side, pts);
      else if (get_int (ctx, o, path, "number", TRUE, 1, 9, &ex->number))
        n = xq_lesson_file (ex->side, ex->number, pts);
      else
        return;
      break;
    default:
      g_assert_not_reached ();
    }
  if (had_problems (ctx))
    return;
  if (n == 0)
    {
      problem (ctx, XQ_LESSON_ERROR_UNSOLVABLE, path, _("the rules give no point to tap here"));
      return;
    }
  for (int i = 0; i < n; i++)
    ex->answer_points[pts[i]] = TRUE;
  ex->n_answer_points = n;
}

/* Does any legal move of the side to move satisfy the goal? */
static gboolean
goal_reachable (XqExercise *ex)
{
  XqMove moves[XQ_MAX_MOVES];
  XqPosition *pos = &ex->position;
  int n = xq_position_legal_moves (pos, moves);

  if (ex->goal == XQ_GOAL_CAPTURE_BEST)
    return xq_lesson_best_capture (pos) > 0;
  for (int i = 0; i < n; i++)
    {
      XqMove m = moves[i];
      gboolean capture = pos->board[xq_move_to (m)] != XQ_EMPTY;
      XqUndo undo;
      gboolean mate;

      switch (ex->goal)
        {
        case XQ_GOAL_CAPTURE:
          if (capture)
            return TRUE;
          break;
        case XQ_GOAL_SAFE_CAPTURE:
          if (xq_lesson_is_safe_capture (pos, m))
            return TRUE;
          break;
        case XQ_GOAL_CHECK:
          if (xq_position_gives_check (pos, m))
            return TRUE;
          break;
        case XQ_GOAL_CHECKMATE:
          xq_position_do_move (pos, m, &undo);
          mate = xq_position_status (pos) == XQ_STATUS_CHECKMATE;
          xq_position_undo_move (pos, m, &undo);
          if (mate)
            return TRUE;
          break;
        case XQ_GOAL_GIVEN:
        case XQ_GOAL_PIECE:
        case XQ_GOAL_ESCAPE_CHECK:
        case XQ_GOAL_CAPTURE_BEST:
        default:
          return TRUE;
        }
    }
  return FALSE;
}

static void
load_move (Ctx *ctx, JsonObject *o, const char *path, XqExercise *ex)
{
  int goal = get_enum (ctx, o, path, "goal", TRUE, goal_names, -1);
  g_autofree char *mp = member_path (path, "moves");

  if (goal < 0)
    return;
  ex->goal = goal;
  if (!xq_position_has_legal_move (&ex->position))
    {
      g_autofree char *fp = member_path (path, "fen");
      problem (ctx, XQ_LESSON_ERROR_UNSOLVABLE, fp, _("the side to move has no legal move"));
      return;
    }
  if (ex->goal == XQ_GOAL_GIVEN)
    {
      ex->moves = get_moves (ctx, o, path, "moves", TRUE);
      for (guint i = 0; i < ex->moves->len; i++)
        {
          XqMove m = g_array_index (ex->moves, XqMove, i);
          if (!xq_position_is_legal (&ex->position, m))
            {
              g_autofree char *ip = index_path (mp, i);
              XqLessonMarks marks;
              g_autofree char *why = NULL;
              char text[5];
              xq_lesson_marks_clear (&marks);
              why = xq_lesson_explain_illegal (&ex->position, m, &marks);
              xq_move_to_iccs (m, text);
              problem (ctx, XQ_LESSON_ERROR_BAD_MOVE, ip, _("the move %s is not legal here: %s"), text, why);
            }
        }
      return;
    }
  if (json_object_has_member (o, "moves"))
    {
      problem (ctx, XQ_LESSON_ERROR_UNKNOWN_FIELD, mp, _("“moves” belongs only to the goal “given”"));
      return;
    }
  if (ex->goal == XQ_GOAL_PIECE)
    {
      XqSquare to[XQ_SQUARES];
      ex->square = get_square (ctx, o, path, "square", TRUE);
      if (!require_piece (ctx, ex, path, ex->position.side))
        return;
      if (xq_lesson_reach (&ex->position, ex->square, to) == 0)
        problem (ctx, XQ_LESSON_ERROR_UNSOLVABLE, path, _("that piece has no legal move"));
      return;
    }
  if (json_object_has_member (o, "square"))
    {
      g_autofree char *sp = member_path (path, "square");
      problem (ctx, XQ_LESSON_ERROR_UNKNOWN_FIELD, sp, _("“square” belongs only to the goal “piece”"));
      return;
    }
  if (ex->goal == XQ_GOAL_ESCAPE_CHECK && !xq_position_in_check (&ex->position, ex->position.side))
    {
      g_autofree char *fp = member_path (path, "fen");
      problem (ctx, XQ_LESSON_ERROR_UNSOLVABLE, fp, _("the side to move is not in check"));
      return;
    }
  if (!goal_reachable (ex))
    problem (ctx, XQ_LESSON_ERROR_UNSOLVABLE, path, _("no legal move reaches the goal “%s”"),
             goal_names[ex->goal]);
}

static void
load_stars (Ctx *ctx, JsonObject *o, const char *path, XqExercise *ex)
{
  g_autofree char *sp = member_path (path, "stars");

  ex->square = get_square (ctx, o, path, "square", TRUE);
  ex->n_stars = get_squares (ctx, o, path, "stars", TRUE, ex->stars, XQ_LESSON_MAX_STARS);
  if (had_problems (ctx) || !require_piece (ctx, ex, path, -1))
    return;
  for (int i = 0; i < ex->n_stars; i++)
    if (ex->position.board[ex->stars[i]] != XQ_EMPTY)
      {
        g_autofree char *ip = index_path (sp, i);
        char name[3];
        xq_square_to_text (ex->stars[i], name);
        problem (ctx, XQ_LESSON_ERROR_BAD_SQUARE, ip, _("a star must be on an empty point, and %s is taken"), name);
        return;
      }
  ex->optimum = xq_lesson_star_optimum (&ex->position, ex->square, ex->stars, ex->n_stars);
  if (ex->optimum < 0)
    problem (ctx, XQ_LESSON_ERROR_UNSOLVABLE, sp, _("the piece cannot reach every star"));
}

static void
load_setup (Ctx *ctx, JsonObject *o, const char *path, XqExercise *ex)
{
  ex->target_fen = get_fen (ctx, o, path, "target", FALSE, XQ_START_FEN, TRUE, &ex->target);
  if (ex->target_fen == NULL)
    return;
  if (memcmp (ex->target.board, ex->position.board, sizeof ex->target.board) == 0)
    problem (ctx, XQ_LESSON_ERROR_UNSOLVABLE, path, _("the board already shows the target position"));
}

/* Choice ids a computed rule may use. */
static const char *const *
rule_vocabulary (XqChooseRule rule)
{
  static const char *const status[] = { "check", "checkmate", "stalemate", "none", NULL };
  static const char *const trade[] = { "good", "even", "bad", NULL };
  static const char *const winner[] = { "red", "black", "draw", "none", NULL };
  static const char *const legal[] = { "yes", "no", NULL };

  switch (rule)
    {
    case XQ_CHOOSE_STATUS: return status;
    case XQ_CHOOSE_TRADE:  return trade;
    case XQ_CHOOSE_WINNER: return winner;
    case XQ_CHOOSE_LEGAL:  return legal;
    case XQ_CHOOSE_FIXED:
    case XQ_CHOOSE_MATERIAL:
    default:               return NULL;
    }
}

/* A material choice id ("12", "4.5") in tenths, or -1. */
static int
parse_tenths (const char *s)
{
  char *end = NULL;
  double v = g_ascii_strtod (s, &end);

  if (end == s || *end != '\0' || v < 0 || v > 1000)
    return -1;
  return (int) lround (v * 10);
}

static void
load_choose (Ctx *ctx, JsonObject *o, const char *path, XqExercise *ex)
{
  static const char *const choice_keys[] = { "id", "text", NULL };
  g_autofree char *cp = member_path (path, "choices");
  g_autofree char *ap = member_path (path, "answer");
  JsonArray *array;
  const char *answer;
  const char *const *vocab;
  g_autofree char *computed = NULL;
  int rule = get_enum (ctx, o, path, "rule", FALSE, choose_rule_names, XQ_CHOOSE_FIXED);

  ex->choices = g_ptr_array_new_with_free_func ((GDestroyNotify) choice_free);
  array = get_array (ctx, o, path, "choices", TRUE, TRUE, XQ_LESSON_MAX_LIST);
  answer = get_string (ctx, o, path, "answer", rule == XQ_CHOOSE_FIXED);
  if (rule < 0 || array == NULL)
    return;
  ex->choose_rule = rule;
  vocab = rule_vocabulary (ex->choose_rule);
  if (json_array_get_length (array) < 2)
    {
      problem (ctx, XQ_LESSON_ERROR_VALUE, cp, _("a question needs at least two choices"));
      return;
    }
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *ip = index_path (cp, i);
      JsonObject *c = element_object (ctx, array, i, ip);
      g_autofree char *idp = NULL;
      const char *id, *text;
      XqChoice *choice;

      if (c == NULL)
        continue;
      check_keys (ctx, c, ip, choice_keys);
      id = get_string (ctx, c, ip, "id", TRUE);
      text = get_text (ctx, c, ip, "text", TRUE, XQ_LESSON_MAX_LABEL);
      if (id == NULL || text == NULL)
        continue;
      idp = member_path (ip, "id");
      if (vocab != NULL && !g_strv_contains (vocab, id))
        {
          g_autofree char *list = g_strjoinv (", ", (char **) vocab);
          problem (ctx, XQ_LESSON_ERROR_VALUE, idp, _("“%s” is not one of: %s"), id, list);
          continue;
        }
      if (ex->choose_rule == XQ_CHOOSE_MATERIAL && parse_tenths (id) < 0)
        {
          problem (ctx, XQ_LESSON_ERROR_VALUE, idp, _("a material choice id must be a number, not “%s”"), id);
          continue;
        }
      for (guint j = 0; j < ex->choices->len; j++)
        if (strcmp (((XqChoice *) g_ptr_array_index (ex->choices, j))->id, id) == 0)
          {
            problem (ctx, XQ_LESSON_ERROR_DUPLICATE_ID, idp, _("duplicate id “%s”"), id);
            id = NULL;
            break;
          }
      if (id == NULL)
        continue;
      choice = g_new0 (XqChoice, 1);
      choice->id = g_strdup (id);
      choice->text = translate (text);
      g_ptr_array_add (ex->choices, choice);
    }

  if (ex->choose_rule == XQ_CHOOSE_TRADE || ex->choose_rule == XQ_CHOOSE_LEGAL)
    {
      g_autofree char *mp = member_path (path, "moves");
      ex->moves = get_moves (ctx, o, path, "moves", TRUE);
      if (ex->choose_rule == XQ_CHOOSE_LEGAL && ex->moves->len != 1 && !had_problems (ctx))
        problem (ctx, XQ_LESSON_ERROR_VALUE, mp, _("a legality question asks about exactly one move"));
    }
  else if (json_object_has_member (o, "moves"))
    {
      g_autofree char *mp = member_path (path, "moves");
      problem (ctx, XQ_LESSON_ERROR_UNKNOWN_FIELD, mp, _("“moves” belongs only to the rules “trade” and “legal”"));
    }
  if (ex->choose_rule == XQ_CHOOSE_MATERIAL)
    {
      int side = get_enum (ctx, o, path, "side", TRUE, side_names, -1);
      if (side >= 0)
        ex->side = side;
    }
  if (had_problems (ctx))
    return;

  switch (ex->choose_rule)
    {
    case XQ_CHOOSE_FIXED:
      break;
    case XQ_CHOOSE_STATUS:
      computed = g_strdup (xq_lesson_status_id (&ex->position));
      break;
    case XQ_CHOOSE_WINNER:
      computed = g_strdup (xq_lesson_winner (&ex->position));
      break;
    case XQ_CHOOSE_LEGAL:
      computed = g_strdup (xq_position_is_legal (&ex->position, g_array_index (ex->moves, XqMove, 0)) ? "yes" : "no");
      break;
    case XQ_CHOOSE_TRADE:
      {
        int balance = 0, bad = 0;
        if (!xq_lesson_trade_balance (&ex->position, (XqMove *) ex->moves->data, ex->moves->len, &balance, &bad))
          {
            g_autofree char *mp = member_path (path, "moves");
            g_autofree char *ip = index_path (mp, bad);
            problem (ctx, XQ_LESSON_ERROR_BAD_MOVE, ip, _("this move of the trade is not legal"));
            return;
          }
        computed = g_strdup (balance > 0 ? "good" : balance < 0 ? "bad" : "even");
      }
      break;
    case XQ_CHOOSE_MATERIAL:
      {
        int want = xq_lesson_material (&ex->position, ex->side);
        for (guint i = 0; i < ex->choices->len; i++)
          {
            XqChoice *c = g_ptr_array_index (ex->choices, i);
            if (parse_tenths (c->id) == want)
              computed = g_strdup (c->id);
          }
        if (computed == NULL)
          {
            problem (ctx, XQ_LESSON_ERROR_UNSOLVABLE, cp, _("the right answer “%g” is not among the choices"),
                     want / 10.0);
            return;
          }
      }
      break;
    default:
      g_assert_not_reached ();
    }

  if (computed != NULL)
    {
      gboolean offered = FALSE;
      for (guint i = 0; i < ex->choices->len; i++)
        offered |= strcmp (((XqChoice *) g_ptr_array_index (ex->choices, i))->id, computed) == 0;
      if (!offered)
        {
          problem (ctx, XQ_LESSON_ERROR_UNSOLVABLE, cp, _("the right answer “%s” is not among the choices"), computed);
          return;
        }
      if (answer != NULL && strcmp (answer, computed) != 0)
        {
          problem (ctx, XQ_LESSON_ERROR_WRONG_ANSWER, ap,
                   _("the answer “%s” disagrees with the rules, which say “%s”"), answer, computed);
          return;
        }
      ex->answer = g_steal_pointer (&computed);
      return;
    }
  for (guint i = 0; i < ex->choices->len; i++)
    if (strcmp (((XqChoice *) g_ptr_array_index (ex->choices, i))->id, answer) == 0)
      {
        ex->answer = g_strdup (answer);
        return;
      }
  problem (ctx, XQ_LESSON_ERROR_VALUE, ap, _("the answer “%s” is not one of the choices"), answer);
}

/* Proves a mate in at most n, within the solver's budget; TRUE if it
 * holds.  *sol gets the shortest mate and its keys. */
static gboolean
prove_mate (Ctx *ctx, XqPosition *pos, int n, const char *path, XqSolution *sol)
{
  XqSolveResult r;

  if (!xq_position_has_legal_move (pos))
    {
      problem (ctx, XQ_LESSON_ERROR_UNSOLVABLE, path, _("the game is already over in this position"));
      return FALSE;
    }
  /* Each proof has its budget; the file has one too, or two hundred
   * expensive mates would each take their full share. */
  if (ctx->proof_work >= XQ_LESSON_FILE_PROOF_BUDGET)
    {
      problem (ctx, XQ_LESSON_ERROR_TOO_DEEP, path,
               _("too many hard mates in one file to prove them all here (the file's budget ran out)"));
      return FALSE;
    }
  memset (sol, 0, sizeof *sol);
  /* A proof already made (shipped in the record, or made here before and
   * cached) is not made again; its verdict holds for any file. */
  if (!(ctx->flags & XQ_LESSON_LOAD_REPROVE) && xq_proofs_known (pos, n, sol))
    return TRUE;
  r = xq_lesson_mate_solve (pos, n, sol);
  ctx->proof_work += sol->work;
  if (r == XQ_SOLVE_MATE && ctx->made != NULL)
    xq_proofs_add (ctx->made, pos, n, sol);
  switch (r)
    {
    case XQ_SOLVE_MATE:
      return TRUE;
    case XQ_SOLVE_NONE:
      problem (ctx, XQ_LESSON_ERROR_UNSOLVABLE, path, _("the side to move has no mate in %d"), n);
      return FALSE;
    case XQ_SOLVE_ABORTED:
    default:
      problem (ctx, XQ_LESSON_ERROR_TOO_DEEP, path,
               _("the mate in %d is too deep to prove here (the solver's budget ran out)"), n);
      return FALSE;
    }
}

/* The mate itself is proved by load_unit, once the whole file is sound. */
static void
load_mate (Ctx *ctx, JsonObject *o, const char *path, XqExercise *ex)
{
  get_int (ctx, o, path, "mate-in", TRUE, 1, XQ_SOLVER_MAX_MATE, &ex->mate_in);
}

/* Proofs cost up to the solver's budget each, so none is tried while the
 * file has any other problem, nor in a first pass (XQ_LESSON_LOAD_NO_PROOFS). */
static gboolean
may_prove (Ctx *ctx)
{
  return !had_problems (ctx) && !(ctx->flags & XQ_LESSON_LOAD_NO_PROOFS);
}

static XqExercise *
load_exercise (Ctx *ctx, JsonObject *o, const char *path)
{
  XqExercise *ex = g_new0 (XqExercise, 1);
  g_autoptr(GPtrArray) allowed = g_ptr_array_new ();
  Ctx sub = { ctx->file, ctx->problems, ctx->problems->len, ctx->flags, 0, ctx->made };
  int kind;

  ex->square = XQ_NO_SQUARE;
  ex->id = get_id (&sub, o, path);
  kind = get_enum (&sub, o, path, "kind", TRUE, kind_names, -1);
  if (kind < 0)
    {
      exercise_free (ex);
      return NULL;
    }
  ex->kind = kind;
  for (size_t i = 0; i < G_N_ELEMENTS (common_keys); i++)
    g_ptr_array_add (allowed, (gpointer) common_keys[i]);
  for (const char *const *k = kind_keys[kind]; *k; k++)
    g_ptr_array_add (allowed, (gpointer) *k);
  g_ptr_array_add (allowed, NULL);
  check_keys (&sub, o, path, (const char *const *) allowed->pdata);

  ex->prompt = translate (get_text (&sub, o, path, "prompt", TRUE, XQ_LESSON_MAX_PROMPT));
  ex->hints = get_texts (&sub, o, path, "hints");
  get_marks (&sub, o, path, &ex->marks);
  /* A set-up exercise starts from a half-built board, so only the target
   * has to be a legal position. */
  if (ex->kind == XQ_EXERCISE_SETUP)
    ex->fen = get_fen (&sub, o, path, "fen", FALSE, EMPTY_BOARD_FEN, FALSE, &ex->position);
  else
    ex->fen = get_fen (&sub, o, path, "fen", FALSE, XQ_START_FEN, TRUE, &ex->position);

  /* The rule computations need a sound position and well-formed fields. */
  if (!had_problems (&sub))
    switch (ex->kind)
      {
      case XQ_EXERCISE_TAP:    load_tap (&sub, o, path, ex); break;
      case XQ_EXERCISE_MOVE:   load_move (&sub, o, path, ex); break;
      case XQ_EXERCISE_STARS:  load_stars (&sub, o, path, ex); break;
      case XQ_EXERCISE_SETUP:  load_setup (&sub, o, path, ex); break;
      case XQ_EXERCISE_CHOOSE: load_choose (&sub, o, path, ex); break;
      case XQ_EXERCISE_MATE:   load_mate (&sub, o, path, ex); break;
      default:                 g_assert_not_reached ();
      }
  if (had_problems (&sub))
    {
      exercise_free (ex);
      return NULL;
    }
  return ex;
}

/* ---- Units and packs ------------------------------------------------------- */

void
xq_unit_free (XqUnit *unit)
{
  if (unit == NULL)
    return;
  g_free (unit->file);
  g_free (unit->id);
  g_free (unit->title);
  g_clear_pointer (&unit->pages, g_ptr_array_unref);
  g_clear_pointer (&unit->exercises, g_ptr_array_unref);
  g_clear_pointer (&unit->closing, g_ptr_array_unref);
  g_free (unit);
}

static void
puzzle_free (XqPuzzle *puzzle)
{
  if (puzzle == NULL)
    return;
  g_free (puzzle->id);
  g_free (puzzle->title);
  g_free (puzzle->fen);
  g_free (puzzle->pattern);
  g_clear_pointer (&puzzle->hints, g_ptr_array_unref);
  g_clear_pointer (&puzzle->keys, g_array_unref);
  g_free (puzzle);
}

void
xq_puzzle_pack_free (XqPuzzlePack *pack)
{
  if (pack == NULL)
    return;
  g_free (pack->file);
  g_free (pack->id);
  g_free (pack->title);
  g_clear_pointer (&pack->puzzles, g_ptr_array_unref);
  g_free (pack);
}

void
xq_lesson_file_free (XqLessonFile *file)
{
  if (file == NULL)
    return;
  g_clear_pointer (&file->unit, xq_unit_free);
  g_clear_pointer (&file->pack, xq_puzzle_pack_free);
  g_free (file);
}

static gboolean
check_unique (Ctx *ctx, GHashTable *seen, const char *id, const char *path)
{
  g_autofree char *p = member_path (path, "id");

  if (id == NULL)
    return TRUE;
  if (g_hash_table_contains (seen, id))
    {
      problem (ctx, XQ_LESSON_ERROR_DUPLICATE_ID, p, _("duplicate id “%s”"), id);
      return FALSE;
    }
  g_hash_table_add (seen, (gpointer) id);
  return TRUE;
}

static const char *const unit_keys[] = {
  "format", "type", "id", "number", "title", "pages", "exercises", "closing", NULL
};

static XqUnit *
load_unit (Ctx *ctx, JsonObject *root)
{
  g_autoptr(XqUnit) unit = g_new0 (XqUnit, 1);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  JsonArray *array;

  check_keys (ctx, root, "$", unit_keys);
  unit->file = g_strdup (ctx->file);
  unit->id = get_id (ctx, root, "$");
  get_int (ctx, root, "$", "number", TRUE, 1, 99, &unit->number);
  unit->title = translate (get_text (ctx, root, "$", "title", TRUE, XQ_LESSON_MAX_TITLE));
  unit->pages = get_pages (ctx, root, "$", "pages", TRUE);
  unit->closing = get_pages (ctx, root, "$", "closing", FALSE);
  unit->exercises = g_ptr_array_new_with_free_func ((GDestroyNotify) exercise_free);
  array = get_array (ctx, root, "$", "exercises", TRUE, TRUE, XQ_LESSON_MAX_ITEMS);
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *ip = index_path ("$.exercises", i);
      JsonObject *o = element_object (ctx, array, i, ip);
      XqExercise *ex = o ? load_exercise (ctx, o, ip) : NULL;
      if (ex == NULL)
        continue;
      g_ptr_array_add (unit->exercises, ex);
      check_unique (ctx, seen, ex->id, ip);
    }
  /* Every exercise loaded (else there was a problem), so i is its index. */
  for (guint i = 0; may_prove (ctx) && i < unit->exercises->len; i++)
    {
      XqExercise *ex = g_ptr_array_index (unit->exercises, i);
      g_autofree char *ip = index_path ("$.exercises", i);
      XqSolution sol;

      if (ex->kind == XQ_EXERCISE_MATE)
        prove_mate (ctx, &ex->position, ex->mate_in, ip, &sol);
    }
  return had_problems (ctx) ? NULL : g_steal_pointer (&unit);
}

static const char *const pack_keys[] = { "format", "type", "id", "title", "puzzles", NULL };
static const char *const puzzle_keys[] = {
  "id", "title", "fen", "mate-in", "pattern", "difficulty", "hints", "keys", NULL
};

/* A puzzle's N is exact (no faster win) and its key is unique, unless the
 * author lists every key in "keys". */
static void
check_puzzle_keys (Ctx *ctx, XqPuzzle *pz, GArray *listed, const char *path)
{
  g_autofree char *kp = member_path (path, "keys");
  XqSolution sol;

  if (!prove_mate (ctx, &pz->position, pz->mate_in, path, &sol))
    return;
  if (sol.mate < pz->mate_in)
    {
      problem (ctx, XQ_LESSON_ERROR_WRONG_ANSWER, path,
               _("there is a faster win: mate in %d, not %d"), sol.mate, pz->mate_in);
      return;
    }
  g_array_append_vals (pz->keys, sol.keys, (guint) sol.n_keys);
  if (listed->len == 0)
    {
      if (sol.n_keys > 1)
        problem (ctx, XQ_LESSON_ERROR_WRONG_ANSWER, path,
                 _("the mate has %d key moves: list them all in “keys”"), sol.n_keys);
      return;
    }
  for (guint i = 0; i < listed->len; i++)
    {
      XqMove m = g_array_index (listed, XqMove, i);
      gboolean found = FALSE;
      char text[5];

      for (int k = 0; k < sol.n_keys; k++)
        found |= sol.keys[k] == m;
      xq_move_to_iccs (m, text);
      if (!found)
        problem (ctx, XQ_LESSON_ERROR_WRONG_ANSWER, kp,
                 _("%s is not a key move of the mate in %d"), text, pz->mate_in);
    }
  for (int k = 0; k < sol.n_keys; k++)
    {
      gboolean found = FALSE;
      char text[5];

      for (guint i = 0; i < listed->len; i++)
        found |= g_array_index (listed, XqMove, i) == sol.keys[k];
      xq_move_to_iccs (sol.keys[k], text);
      if (!found)
        problem (ctx, XQ_LESSON_ERROR_WRONG_ANSWER, kp,
                 _("the key move %s is missing from “keys”"), text);
    }
}

/* A puzzle, with the keys its author listed in *listed; proved later. */
static XqPuzzle *
load_puzzle (Ctx *ctx, JsonObject *o, const char *path, GArray **listed_out)
{
  g_autoptr(GArray) listed = NULL;
  XqPuzzle *pz = g_new0 (XqPuzzle, 1);
  Ctx sub = { ctx->file, ctx->problems, ctx->problems->len, ctx->flags, 0, ctx->made };

  check_keys (&sub, o, path, puzzle_keys);
  pz->id = get_id (&sub, o, path);
  pz->title = translate (get_text (&sub, o, path, "title", TRUE, XQ_LESSON_MAX_TITLE));
  pz->pattern = translate (get_text (&sub, o, path, "pattern", FALSE, XQ_LESSON_MAX_LABEL));
  pz->hints = get_texts (&sub, o, path, "hints");
  pz->difficulty = 1;
  get_int (&sub, o, path, "difficulty", FALSE, 1, 5, &pz->difficulty);
  get_int (&sub, o, path, "mate-in", TRUE, 1, XQ_SOLVER_MAX_MATE, &pz->mate_in);
  pz->fen = get_fen (&sub, o, path, "fen", TRUE, NULL, TRUE, &pz->position);
  pz->keys = g_array_new (FALSE, FALSE, sizeof (XqMove));
  listed = get_moves (&sub, o, path, "keys", FALSE);
  if (had_problems (&sub))
    {
      puzzle_free (pz);
      return NULL;
    }
  *listed_out = g_steal_pointer (&listed);
  return pz;
}

static XqPuzzlePack *
load_pack (Ctx *ctx, JsonObject *root)
{
  g_autoptr(XqPuzzlePack) pack = g_new0 (XqPuzzlePack, 1);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) listed = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  JsonArray *array;

  check_keys (ctx, root, "$", pack_keys);
  pack->file = g_strdup (ctx->file);
  pack->id = get_id (ctx, root, "$");
  pack->title = translate (get_text (ctx, root, "$", "title", TRUE, XQ_LESSON_MAX_TITLE));
  pack->puzzles = g_ptr_array_new_with_free_func ((GDestroyNotify) puzzle_free);
  array = get_array (ctx, root, "$", "puzzles", TRUE, TRUE, XQ_LESSON_MAX_ITEMS);
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *ip = index_path ("$.puzzles", i);
      JsonObject *o = element_object (ctx, array, i, ip);
      GArray *keys = NULL;
      XqPuzzle *pz = o ? load_puzzle (ctx, o, ip, &keys) : NULL;
      if (pz == NULL)
        continue;
      g_ptr_array_add (pack->puzzles, pz);
      g_ptr_array_add (listed, keys);
      check_unique (ctx, seen, pz->id, ip);
    }
  /* Every puzzle loaded (else there was a problem), so i is its index. */
  for (guint i = 0; may_prove (ctx) && i < pack->puzzles->len; i++)
    {
      g_autofree char *ip = index_path ("$.puzzles", i);

      check_puzzle_keys (ctx, g_ptr_array_index (pack->puzzles, i), g_ptr_array_index (listed, i), ip);
    }
  return had_problems (ctx) ? NULL : g_steal_pointer (&pack);
}

static XqLessonFile *
load_data (const char *data, gssize length, const char *file_name,
           XqLessonLoadFlags flags, XqProofs *collect, GPtrArray *problems)
{
  static const char *const type_names[] = { "unit", "pack", NULL };
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *where = NULL;
  g_autoptr(XqProofs) made = collect ? NULL : xq_proofs_new ();
  Ctx ctx = { file_name, problems, 0, flags, 0, collect ? collect : made };
  JsonNode *root;
  JsonObject *obj;
  XqLessonFile *file;
  int format = 0, type;

  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (file_name != NULL, NULL);
  g_return_val_if_fail (problems != NULL, NULL);
  ctx.n_start = problems->len;

  parser = xq_lesson_parse_bounded (data, length < 0 ? strlen (data) : (gsize) length,
                                    XQ_LESSON_MAX_BYTES, &where, &error);
  if (parser == NULL)
    {
      problem (&ctx, error->code, where, "%s", error->message);
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      problem (&ctx, XQ_LESSON_ERROR_TYPE, "$", _("the document must be a JSON object"));
      return NULL;
    }
  obj = json_node_get_object (root);
  if (!get_int (&ctx, obj, "$", "format", TRUE, 1, G_MAXINT, &format))
    return NULL;
  if (format != 1)
    {
      problem (&ctx, XQ_LESSON_ERROR_VALUE, "$.format",
               _("format %d is newer than this program understands (1)"), format);
      return NULL;
    }
  type = get_enum (&ctx, obj, "$", "type", TRUE, type_names, -1);
  if (type < 0)
    return NULL;

  file = g_new0 (XqLessonFile, 1);
  file->type = type;
  if (type == XQ_LESSON_FILE_UNIT)
    file->unit = load_unit (&ctx, obj);
  else
    file->pack = load_pack (&ctx, obj);
  if (file->unit == NULL && file->pack == NULL)
    {
      xq_lesson_file_free (file);
      return NULL;
    }
  /* Kept only once the whole file is sound, so a file that fails (its
   * budget spent, say) fails the same way the next time. */
  if (!(flags & XQ_LESSON_LOAD_REPROVE))
    xq_proofs_remember_all (made);
  return file;
}

XqLessonFile *
xq_lesson_load_data_full (const char *data, gssize length, const char *file_name,
                          XqLessonLoadFlags flags, GPtrArray *problems)
{
  return load_data (data, length, file_name, flags, NULL, problems);
}

XqLessonFile *
xq_lesson_load_file_reproving (const char *path, XqProofs *into, GPtrArray *problems)
{
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;

  g_return_val_if_fail (path != NULL && into != NULL && problems != NULL, NULL);
  if (!xq_lesson_read_bounded (path, XQ_LESSON_MAX_BYTES, &data, &length, &error))
    {
      Ctx ctx = { path, problems, problems->len, XQ_LESSON_LOAD_DEFAULT, 0, NULL };
      problem (&ctx, error->domain == XQ_LESSON_ERROR ? error->code : XQ_LESSON_ERROR_IO, "$",
               "%s", error->message);
      return NULL;
    }
  return load_data (data, (gssize) length, path, XQ_LESSON_LOAD_REPROVE, into, problems);
}

XqLessonFile *
xq_lesson_load_data (const char *data, gssize length, const char *file_name, GPtrArray *problems)
{
  return xq_lesson_load_data_full (data, length, file_name, XQ_LESSON_LOAD_DEFAULT, problems);
}

XqLessonFile *
xq_lesson_load_file (const char *path, GPtrArray *problems)
{
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (problems != NULL, NULL);

  if (!xq_lesson_read_bounded (path, XQ_LESSON_MAX_BYTES, &data, &length, &error))
    {
      Ctx ctx = { path, problems, problems->len, XQ_LESSON_LOAD_DEFAULT };
      problem (&ctx, error->domain == XQ_LESSON_ERROR ? error->code : XQ_LESSON_ERROR_IO, "$",
               "%s", error->message);
      return NULL;
    }
  return xq_lesson_load_data (data, (gssize) length, path, problems);
}

XqLessonFile *
xq_lesson_load_file_simple (const char *path, GError **error)
{
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  XqLessonFile *file = xq_lesson_load_file (path, problems);

  if (file == NULL)
    {
      XqLessonProblem *p = g_ptr_array_index (problems, 0);
      g_autofree char *line = xq_lesson_problem_format (p);
      g_set_error_literal (error, XQ_LESSON_ERROR, p->code, line);
    }
  return file;
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

GPtrArray *
xq_lesson_load_dir (const char *dir, GPtrArray *problems)
{
  GPtrArray *files = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_file_free);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) d = NULL;
  g_autoptr(GError) error = NULL;
  const char *name;

  g_return_val_if_fail (dir != NULL, files);
  d = g_dir_open (dir, 0, &error);
  if (d == NULL)
    {
      Ctx ctx = { dir, problems, problems->len, XQ_LESSON_LOAD_DEFAULT };
      problem (&ctx, XQ_LESSON_ERROR_IO, "$", "%s", error->message);
      return files;
    }
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, ".json"))
      g_ptr_array_add (names, g_build_filename (dir, name, NULL));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    {
      XqLessonFile *file = xq_lesson_load_file (g_ptr_array_index (names, i), problems);
      if (file != NULL)
        g_ptr_array_add (files, file);
    }
  return files;
}

const char *
xq_lesson_default_dir (void)
{
  const char *env = g_getenv ("XQ_LESSONS_DIR");

  if (env != NULL && *env != '\0')
    return env;
  /* Only a program running from its build tree reads the source tree; an
   * installed one reads only its installed copy, even when the source tree
   * it was built from is still there. */
  if (xq_data_running_uninstalled ())
    return SOURCE_LESSONS_DIR;
  return PKGDATADIR "/lessons";
}
