/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-lesson-writer"

#include "config.h"

#include <string.h>

#include "xq-json-bounded.h"
#include "xq-lesson-writer.h"

/* The members of a document, then of everything inside one (pages,
 * exercises, puzzles, choices, marks), in the order the shipped files
 * write them. */
static const char *const document_order[] = {
  "format", "type", "id", "number", "title", "author", "pages", "closing", "exercises", "puzzles",
  "entries", "name", "document", NULL
};
static const char *const item_order[] = {
  "id", "kind", "title", "text", "prompt", "fen", "pieces", "target", "mate-in", "pattern", "difficulty",
  "hints", "rule", "goal", "select", "side", "square", "number", "points", "stars", "moves",
  "replay", "question", "try",
  "marks", "choices", "answer", "point", "circle", "cross", "star", "arrow", "role", "color", NULL
};

static JsonNode *ordered (JsonNode *node, gboolean document);

static int
rank (const char *const *order, const char *key)
{
  for (int i = 0; order[i] != NULL; i++)
    if (strcmp (order[i], key) == 0)
      return i;
  return G_MAXINT;
}

static int
compare_keys (gconstpointer a, gconstpointer b, gpointer order)
{
  const char *ka = *(const char *const *) a, *kb = *(const char *const *) b;
  int ra = rank (order, ka), rb = rank (order, kb);

  if (ra != rb)
    return ra < rb ? -1 : 1;
  return strcmp (ka, kb);
}

static JsonNode *
ordered_object (JsonObject *object, gboolean document)
{
  const char *const *order = document ? document_order : item_order;
  g_autoptr(JsonObject) out = json_object_new ();
  g_autoptr(GPtrArray) keys = g_ptr_array_new ();
  GList *members = json_object_get_members (object);
  JsonNode *node;

  for (GList *l = members; l != NULL; l = l->next)
    g_ptr_array_add (keys, l->data);
  g_list_free (members);
  g_ptr_array_sort_with_data (keys, compare_keys, (gpointer) order);
  for (guint i = 0; i < keys->len; i++)
    {
      const char *key = g_ptr_array_index (keys, i);
      /* A pack's entries hold whole documents. */
      gboolean inner_document = document && strcmp (key, "document") == 0;
      gboolean entries = document && strcmp (key, "entries") == 0;
      json_object_set_member (out, key, ordered (json_object_get_member (object, key),
                                                 inner_document || entries));
    }
  node = json_node_new (JSON_NODE_OBJECT);
  json_node_set_object (node, out);
  return node;
}

/* A copy of node with every object's members in the writer's order.
 * document: node is a document (or a pack's entry), whose members use
 * document_order; everything below it uses item_order. */
static JsonNode *
ordered (JsonNode *node, gboolean document)
{
  switch (json_node_get_node_type (node))
    {
    case JSON_NODE_OBJECT:
      return ordered_object (json_node_get_object (node), document);
    case JSON_NODE_ARRAY:
      {
        JsonArray *in = json_node_get_array (node);
        g_autoptr(JsonArray) out = json_array_sized_new (json_array_get_length (in));
        JsonNode *copy = json_node_new (JSON_NODE_ARRAY);

        for (guint i = 0; i < json_array_get_length (in); i++)
          json_array_add_element (out, ordered (json_array_get_element (in, i), document));
        json_node_set_array (copy, out);
        return copy;
      }
    case JSON_NODE_VALUE:
    case JSON_NODE_NULL:
      return json_node_copy (node);
    }
  g_return_val_if_reached (json_node_copy (node));
}

char *
xq_lesson_write_node (JsonNode *node, gsize *length)
{
  g_autoptr(JsonGenerator) gen = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  gboolean document;

  g_return_val_if_fail (node != NULL, NULL);
  /* An exercise on its own (a draft) is no document: its "number" is a
   * tap's file, not a unit's. */
  document = JSON_NODE_HOLDS_OBJECT (node) && json_object_has_member (json_node_get_object (node), "format");
  root = ordered (node, document);
  gen = json_generator_new ();
  json_generator_set_pretty (gen, TRUE);
  json_generator_set_indent (gen, 2);
  json_generator_set_root (gen, root);
  json_generator_to_gstring (gen, text);
  g_string_append_c (text, '\n');
  if (length != NULL)
    *length = text->len;
  return g_string_free (g_steal_pointer (&text), FALSE);
}

char *
xq_lesson_write_object (JsonObject *object, gsize *length)
{
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);

  g_return_val_if_fail (object != NULL, NULL);
  json_node_set_object (node, object);
  return xq_lesson_write_node (node, length);
}

JsonNode *
xq_lesson_marks_to_json (const XqLessonMarks *marks)
{
  static const char *const kind_keys[] = {
    [XQ_LESSON_MARK_POINT] = "point", [XQ_LESSON_MARK_ARROW] = "arrow", [XQ_LESSON_MARK_CROSS] = "cross",
    [XQ_LESSON_MARK_STAR] = "star", [XQ_LESSON_MARK_CIRCLE] = "circle",
  };
  g_autoptr(JsonArray) array = NULL;
  JsonNode *node;

  g_return_val_if_fail (marks != NULL, NULL);
  if (marks->n_marks == 0)
    return NULL;
  array = json_array_new ();
  for (int i = 0; i < marks->n_marks; i++)
    {
      const XqLessonMark *m = &marks->marks[i];
      JsonObject *o = json_object_new ();
      char from[3], to[3];

      xq_square_to_text (m->sq, from);
      if (m->kind == XQ_LESSON_MARK_ARROW)
        {
          g_autofree char *move = NULL;
          xq_square_to_text (m->to, to);
          move = g_strconcat (from, to, NULL);
          json_object_set_string_member (o, "arrow", move);
        }
      else
        json_object_set_string_member (o, kind_keys[m->kind], from);
      if (m->role != XQ_LESSON_ROLE_HIGHLIGHT)
        json_object_set_string_member (o, "role", xq_lesson_mark_role_name (m->role));
      if (m->color != XQ_LESSON_COLOR_NONE)
        json_object_set_string_member (o, "color", xq_lesson_mark_color_name (m->color));
      json_array_add_object_element (array, o);
    }
  node = json_node_new (JSON_NODE_ARRAY);
  json_node_set_array (node, array);
  return node;
}

JsonObject *
xq_lesson_teacher_unit_new (const char *id, const char *title, GPtrArray *exercises)
{
  JsonObject *unit = json_object_new ();
  JsonObject *page = json_object_new ();
  JsonArray *pages = json_array_new ();
  JsonArray *list = json_array_new ();

  g_return_val_if_fail (id != NULL && title != NULL, NULL);
  json_object_set_int_member (unit, "format", 1);
  json_object_set_string_member (unit, "type", "unit");
  json_object_set_string_member (unit, "id", id);
  json_object_set_int_member (unit, "number", XQ_LESSON_TEACHER_UNIT_NUMBER);
  json_object_set_string_member (unit, "title", title);
  json_object_set_string_member (page, "text", title);
  json_array_add_object_element (pages, page);
  json_object_set_array_member (unit, "pages", pages);
  for (guint i = 0; exercises != NULL && i < exercises->len; i++)
    json_array_add_object_element (list, json_object_ref (g_ptr_array_index (exercises, i)));
  json_object_set_array_member (unit, "exercises", list);
  return unit;
}

/* ---- Kind fields as text ------------------------------------------------------ */

static gboolean
is_number (const char *s)
{
  char *end;

  g_ascii_strtod (s, &end);
  return end != s && *end == '\0';
}

/* The id an option line gets without writing one. */
static char *
default_option_id (const char *text, guint i)
{
  return is_number (text) ? g_strdup (text) : g_strdup_printf ("%c", 'a' + (int) (i % 26));
}

/* "id: text" when the id is a short word, else the whole line is text. */
static void
split_option (const char *line, guint i, char **id, char **text)
{
  const char *colon = strchr (line, ':');
  gsize n = colon != NULL ? (gsize) (colon - line) : 0;

  if (colon != NULL && n > 0 && n <= 16 && strspn (line, "abcdefghijklmnopqrstuvwxyz0123456789-.") == n)
    {
      *id = g_strndup (line, n);
      *text = g_strstrip (g_strdup (colon + 1));
    }
  else
    {
      *id = default_option_id (line, i);
      *text = g_strdup (line);
    }
}

const XqFieldValue *
xq_lesson_field_fixed_choices (const XqKindField *field, const char *rule_value)
{
  g_return_val_if_fail (field != NULL, NULL);
  for (const XqKindChoiceSet *c = field->choices; c != NULL && c->rule != NULL; c++)
    if (g_strcmp0 (c->rule, rule_value) == 0)
      return c->choices;
  return NULL;
}

char *
xq_lesson_field_get_text (const XqKindField *field, JsonObject *o)
{
  JsonNode *n;
  g_autoptr(GString) out = g_string_new (NULL);

  g_return_val_if_fail (field != NULL && o != NULL, NULL);
  n = json_object_get_member (o, field->key);
  if (n == NULL)
    return NULL;
  if (JSON_NODE_HOLDS_VALUE (n))
    {
      if (json_node_get_value_type (n) == G_TYPE_STRING)
        return g_strdup (json_node_get_string (n));
      if (json_node_get_value_type (n) == G_TYPE_INT64)
        return g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (n));
      return NULL;
    }
  if (!JSON_NODE_HOLDS_ARRAY (n))
    return NULL;
  for (guint i = 0; i < json_array_get_length (json_node_get_array (n)); i++)
    {
      JsonNode *e = json_array_get_element (json_node_get_array (n), i);

      if (field->type == XQ_FIELD_CHOICES && JSON_NODE_HOLDS_OBJECT (e))
        {
          JsonObject *c = json_node_get_object (e);
          const char *id = xq_json_member_string (c, "id", "");
          const char *text = xq_json_member_string (c, "text", "");
          g_autofree char *given = default_option_id (text, i);

          if (strcmp (id, given) == 0 && strchr (text, ':') == NULL)
            g_string_append_printf (out, "%s%s", out->len ? "\n" : "", text);
          else
            g_string_append_printf (out, "%s%s: %s", out->len ? "\n" : "", id, text);
        }
      else if (JSON_NODE_HOLDS_VALUE (e) && json_node_get_value_type (e) == G_TYPE_STRING)
        g_string_append_printf (out, "%s%s", out->len ? (field->type == XQ_FIELD_TEXTS ? "\n" : " ") : "",
                                json_node_get_string (e));
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static JsonArray *
choices_array (const XqFieldValue *fixed, const char *text)
{
  JsonArray *a = json_array_new ();
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  guint n = 0;

  for (guint i = 0; fixed != NULL ? fixed[i].value != NULL : lines[i] != NULL; i++)
    {
      JsonObject *c;
      g_autofree char *id = NULL;
      g_autofree char *option = NULL;

      /* The fixed texts are lesson source text: the loader translates them. */
      if (fixed != NULL)
        {
          id = g_strdup (fixed[i].value);
          option = g_strdup (fixed[i].label);
        }
      else if (*g_strstrip (lines[i]) != '\0')
        split_option (lines[i], n++, &id, &option);
      else
        continue;
      c = json_object_new ();
      json_object_set_string_member (c, "id", id);
      json_object_set_string_member (c, "text", option);
      json_array_add_object_element (a, c);
    }
  return a;
}

void
xq_lesson_field_set_text (const XqKindField *field, const char *rule_value, const char *text, JsonObject *o)
{
  const XqFieldValue *fixed;
  g_autofree char *stripped = NULL;

  g_return_if_fail (field != NULL && o != NULL);
  fixed = field->type == XQ_FIELD_CHOICES ? xq_lesson_field_fixed_choices (field, rule_value) : NULL;
  stripped = g_strstrip (g_strdup (text != NULL ? text : ""));
  json_object_remove_member (o, field->key);
  if (*stripped == '\0' && fixed == NULL)
    return;
  switch (field->type)
    {
    case XQ_FIELD_NUMBER:
      {
        char *end;
        gint64 v = g_ascii_strtoll (stripped, &end, 10);
        if (*end == '\0')
          json_object_set_int_member (o, field->key, v);
        else
          json_object_set_string_member (o, field->key, stripped);
      }
      break;
    case XQ_FIELD_TEXT:
    case XQ_FIELD_POINT:
    case XQ_FIELD_SIDE:
    case XQ_FIELD_FEN:
    case XQ_FIELD_ENUM:
      json_object_set_string_member (o, field->key, stripped);
      break;
    case XQ_FIELD_MOVES:
    case XQ_FIELD_POINTS:
    case XQ_FIELD_TEXTS:
      {
        /* Moves and points separated by spaces or commas, texts by lines. */
        g_auto(GStrv) words = field->type == XQ_FIELD_TEXTS ? g_strsplit (stripped, "\n", -1)
                                                             : g_strsplit_set (stripped, " ,;\t\n", -1);
        JsonArray *a = json_array_new ();

        for (int i = 0; words[i] != NULL; i++)
          if (*g_strstrip (words[i]) != '\0')
            json_array_add_string_element (a, words[i]);
        json_object_set_array_member (o, field->key, a);
      }
      break;
    case XQ_FIELD_CHOICES:
      json_object_set_array_member (o, field->key, choices_array (fixed, stripped));
      break;
    }
}
