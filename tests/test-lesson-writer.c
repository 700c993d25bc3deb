/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The lesson writer: every shipped document written and read back is the
 * same JSON and loads again; the key order is fixed; a teacher's unit built
 * from exercise objects loads. */
#define G_LOG_DOMAIN "test-lesson-writer"

#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "xq-lesson.h"
#include "xq-lesson-writer.h"
#include "xq-test-kinds.h"

static JsonNode *
parse (const char *text)
{
  g_autoptr(GError) error = NULL;
  JsonNode *node = json_from_string (text, &error);

  g_assert_no_error (error);
  g_assert_nonnull (node);
  return node;
}

static void
check_document (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  g_autofree char *contents = NULL;
  g_autofree char *written = NULL;
  g_autofree char *again = NULL;
  g_autoptr(JsonNode) original = NULL;
  g_autoptr(JsonNode) read_back = NULL;
  g_autoptr(XqLessonFile) file = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  g_assert_no_error (error);
  original = parse (contents);
  written = xq_lesson_write_node (original, &length);
  g_assert_cmpuint (length, ==, strlen (written));
  g_assert_true (g_str_has_suffix (written, "}\n"));
  read_back = parse (written);
  /* Nothing added, dropped or converted. */
  g_assert_true (json_node_equal (original, read_back));
  /* Stable: writing what was written changes no byte. */
  again = xq_lesson_write_node (read_back, NULL);
  g_assert_cmpstr (again, ==, written);
  /* The loader reads it (the proofs are the loader's own test's business). */
  file = xq_lesson_load_data_full (written, -1, path, XQ_LESSON_LOAD_NO_PROOFS, problems);
  if (file == NULL)
    g_error ("%s", xq_lesson_problem_format (g_ptr_array_index (problems, 0)));
  g_assert_cmpuint (problems->len, ==, 0);
}

static void
test_shipped (void)
{
  const char *src = g_getenv ("XQ_SOURCE_DIR");
  const char *const dirs[] = { "lessons", "lessons/puzzles" };
  guint n = 0;

  g_assert_nonnull (src);
  for (guint d = 0; d < G_N_ELEMENTS (dirs); d++)
    {
      g_autofree char *dir_path = g_build_filename (src, dirs[d], NULL);
      g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
      const char *name;

      g_assert_nonnull (dir);
      while ((name = g_dir_read_name (dir)) != NULL)
        if (g_str_has_suffix (name, ".json"))
          {
            g_autofree char *path = g_build_filename (dir_path, name, NULL);
            check_document (path);
            n++;
          }
    }
  /* Every unit and every puzzle pack, not an empty directory. */
  g_assert_cmpuint (n, >=, 20);
}

/* Every kind field of every shipped exercise, as the editor's text and
 * back, is the same JSON: the form loses nothing. */
static void
check_fields (JsonObject *exercise, guint *n_checked)
{
  const XqKind *kind = xq_kind_by_name (json_object_get_string_member_with_default (exercise, "kind", ""));
  const XqKindField *rule_field = NULL;
  const char *rule;

  g_assert_nonnull (kind);
  for (guint i = 0; i < kind->n_fields; i++)
    if (kind->fields[i].type == XQ_FIELD_ENUM && rule_field == NULL)
      rule_field = &kind->fields[i];
  rule = rule_field != NULL ? json_object_get_string_member_with_default (exercise, rule_field->key, NULL) : NULL;
  for (guint i = 0; i < kind->n_fields; i++)
    {
      const XqKindField *f = &kind->fields[i];
      g_autofree char *text = xq_lesson_field_get_text (f, exercise);
      g_autoptr(JsonObject) back = json_object_new ();
      gboolean fixed = xq_lesson_field_fixed_choices (f, rule) != NULL;

      if (text == NULL)
        {
          g_assert_false (json_object_has_member (exercise, f->key));
          continue;
        }
      xq_lesson_field_set_text (f, rule, text, back);
      if (fixed)
        {
          /* The format's own choices: the same ids, in the same order. */
          JsonArray *a = json_object_get_array_member (exercise, f->key);
          JsonArray *b = json_object_get_array_member (back, f->key);
          g_assert_cmpuint (json_array_get_length (a), ==, json_array_get_length (b));
          for (guint c = 0; c < json_array_get_length (a); c++)
            g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (a, c), "id"), ==,
                             json_object_get_string_member (json_array_get_object_element (b, c), "id"));
        }
      else if (!json_node_equal (json_object_get_member (exercise, f->key), json_object_get_member (back, f->key)))
        g_error ("%s.%s: \"%s\" does not come back the same", json_object_get_string_member (exercise, "id"),
                 f->key, text);
      (*n_checked)++;
    }
}

static void
test_fields (void)
{
  const char *src = g_getenv ("XQ_SOURCE_DIR");
  g_autofree char *dir_path = g_build_filename (src, "lessons", NULL);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;
  guint n = 0;
  const XqKindField empty = { "moves", "Moves", XQ_FIELD_MOVES };
  g_autoptr(JsonObject) o = json_object_new ();

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".json"))
      {
        g_autofree char *path = g_build_filename (dir_path, name, NULL);
        g_autofree char *contents = NULL;
        g_autoptr(JsonNode) root = NULL;
        JsonArray *exercises;

        g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
        root = parse (contents);
        exercises = json_object_get_array_member (json_node_get_object (root), "exercises");
        for (guint i = 0; i < json_array_get_length (exercises); i++)
          check_fields (json_array_get_object_element (exercises, i), &n);
      }
  /* Every kind's fields, many times over. */
  g_assert_cmpuint (n, >=, 100);

  /* Empty text removes the member, so the loader names what is missing. */
  xq_lesson_field_set_text (&empty, NULL, "h2e2, h9g7", o);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "moves")), ==, 2);
  xq_lesson_field_set_text (&empty, NULL, "  ", o);
  g_assert_false (json_object_has_member (o, "moves"));
}

static void
test_order (void)
{
  g_autoptr(JsonNode) unit = parse (
    "{\"exercises\":[{\"side\":\"red\",\"zz-extra\":1,\"number\":3,\"rule\":\"file\",\"prompt\":\"P\","
    "\"kind\":\"tap\",\"id\":\"e\",\"aa-extra\":2}],"
    "\"title\":\"T\",\"number\":90,\"id\":\"u\",\"type\":\"unit\",\"format\":1}");
  g_autoptr(JsonNode) draft = parse ("{\"number\":3,\"side\":\"black\",\"id\":\"d\"}");
  g_autofree char *text = xq_lesson_write_node (unit, NULL);
  g_autofree char *draft_text = xq_lesson_write_node (draft, NULL);
  const char *const doc_keys[] = { "\"format\"", "\"type\"", "\"id\" : \"u\"", "\"number\" : 90", "\"title\"",
                                   "\"exercises\"", "\"id\" : \"e\"", "\"kind\"", "\"prompt\"", "\"rule\"",
                                   "\"side\"", "\"number\" : 3", "\"aa-extra\"", "\"zz-extra\"" };
  const char *at = text;

  /* The document's members in the format's order, then the exercise's,
   * then unknown keys by name. */
  for (guint i = 0; i < G_N_ELEMENTS (doc_keys); i++)
    {
      const char *next = strstr (at, doc_keys[i]);
      if (next == NULL)
        g_error ("%s missing or out of order in:\n%s", doc_keys[i], text);
      at = next;
    }
  /* A lone exercise orders as an exercise: "number" after "side". */
  g_assert_true (strstr (draft_text, "\"id\"") < strstr (draft_text, "\"side\""));
  g_assert_true (strstr (draft_text, "\"side\"") < strstr (draft_text, "\"number\""));
  /* Two-space indents. */
  g_assert_nonnull (strstr (text, "\n  \"type\" : \"unit\""));
}

static void
test_teacher_unit (void)
{
  g_autoptr(GPtrArray) exercises = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  g_autoptr(JsonNode) node = parse ("{\"id\":\"reach\",\"kind\":\"tap\",\"prompt\":\"Where can the horse go?\","
                                    "\"fen\":\"3k5/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1\",\"rule\":\"reach\","
                                    "\"square\":\"e1\"}");
  g_autoptr(JsonObject) unit = NULL;
  g_autoptr(XqLessonFile) file = NULL;
  g_autofree char *text = NULL;

  g_ptr_array_add (exercises, json_object_ref (json_node_get_object (node)));
  unit = xq_lesson_teacher_unit_new ("my-unit", "My unit", exercises);
  text = xq_lesson_write_object (unit, NULL);
  file = xq_lesson_load_data (text, -1, "my-unit.json", problems);
  if (file == NULL)
    g_error ("%s", xq_lesson_problem_format (g_ptr_array_index (problems, 0)));
  g_assert_cmpint (file->type, ==, XQ_LESSON_FILE_UNIT);
  g_assert_cmpstr (file->unit->id, ==, "my-unit");
  g_assert_cmpint (file->unit->number, ==, XQ_LESSON_TEACHER_UNIT_NUMBER);
  g_assert_cmpuint (file->unit->exercises->len, ==, 1);
  /* The horse on e1 reaches c0, g0, c2, g2, d3 and f3. */
  g_assert_cmpint (answer_of (g_ptr_array_index (file->unit->exercises, 0)).n_points, ==, 6);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/lesson/writer/shipped", test_shipped);
  g_test_add_func ("/lesson/writer/order", test_order);
  g_test_add_func ("/lesson/writer/fields", test_fields);
  g_test_add_func ("/lesson/writer/teacher-unit", test_teacher_unit);
  return g_test_run ();
}
