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

/* A unit of one exercise (any kind: here a move) with the given marks. */
static char *
unit_with_marks (const char *marks)
{
  return g_strdup_printf ("{\"format\":1,\"type\":\"unit\",\"id\":\"m\",\"number\":90,\"title\":\"M\","
                          "\"pages\":[{\"text\":\"M\"}],\"exercises\":[{\"id\":\"e\",\"kind\":\"move\","
                          "\"prompt\":\"Move the cannon.\",\"goal\":\"piece\",\"square\":\"h2\","
                          "\"marks\":%s}]}", marks);
}

static XqLessonFile *
load_ok (const char *text)
{
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  XqLessonFile *file = xq_lesson_load_data (text, -1, "m.json", problems);

  if (file == NULL)
    g_error ("%s", xq_lesson_problem_format (g_ptr_array_index (problems, 0)));
  return file;
}

static void
assert_same_marks (const XqLessonMarks *a, const XqLessonMarks *b)
{
  g_assert_cmpint (a->n_marks, ==, b->n_marks);
  for (int i = 0; i < a->n_marks; i++)
    {
      g_assert_cmpint (a->marks[i].kind, ==, b->marks[i].kind);
      g_assert_cmpint (a->marks[i].role, ==, b->marks[i].role);
      g_assert_cmpint (a->marks[i].color, ==, b->marks[i].color);
      g_assert_cmpint (a->marks[i].sq, ==, b->marks[i].sq);
      g_assert_cmpint (a->marks[i].to, ==, b->marks[i].to);
    }
}

/* A teacher's marks on an exercise: read, written by the writer, read back
 * the same. */
static void
test_marks_round_trip (void)
{
  g_autofree char *text = unit_with_marks (
    "[{\"point\":\"h2\",\"color\":\"red\"},{\"circle\":\"e6\",\"color\":\"green\"},"
    "{\"arrow\":\"h2e2\",\"color\":\"blue\"},{\"circle\":\"c3\"},{\"cross\":\"a0\",\"role\":\"wrong\"}]");
  g_autoptr(XqLessonFile) file = load_ok (text);
  const XqExercise *ex = g_ptr_array_index (file->unit->exercises, 0);
  g_autoptr(JsonNode) root = parse (text);
  g_autoptr(JsonNode) written = NULL;
  g_autoptr(XqLessonFile) again = NULL;
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  g_autofree char *out = NULL;
  XqLessonMarks direct;
  JsonObject *exercise;

  g_assert_cmpint (ex->marks.n_marks, ==, 5);
  g_assert_cmpint (ex->marks.marks[0].kind, ==, XQ_LESSON_MARK_POINT);
  g_assert_cmpint (ex->marks.marks[0].color, ==, XQ_LESSON_COLOR_RED);
  g_assert_cmpint (ex->marks.marks[1].kind, ==, XQ_LESSON_MARK_CIRCLE);
  g_assert_cmpint (ex->marks.marks[1].sq, ==, xq_square_from_text ("e6"));
  g_assert_cmpint (ex->marks.marks[2].kind, ==, XQ_LESSON_MARK_ARROW);
  g_assert_cmpint (ex->marks.marks[2].to, ==, xq_square_from_text ("e2"));
  g_assert_cmpint (ex->marks.marks[3].color, ==, XQ_LESSON_COLOR_NONE);
  g_assert_cmpint (ex->marks.marks[4].role, ==, XQ_LESSON_ROLE_WRONG);

  /* The writer's array in place of the author's, read again. */
  written = xq_lesson_marks_to_json (&ex->marks);
  g_assert_nonnull (written);
  exercise = json_array_get_object_element (json_object_get_array_member (json_node_get_object (root), "exercises"), 0);
  json_object_set_member (exercise, "marks", json_node_copy (written));
  out = xq_lesson_write_node (root, NULL);
  /* Only what is not the default is written. */
  g_assert_null (strstr (out, "\"highlight\""));
  g_assert_nonnull (strstr (out, "\"color\" : \"blue\""));
  again = load_ok (out);
  assert_same_marks (&ex->marks, &((XqExercise *) g_ptr_array_index (again->unit->exercises, 0))->marks);
  /* The editor's reader is the loader's. */
  g_assert_true (xq_lesson_marks_from_json (written, "$", &direct, problems));
  g_assert_cmpuint (problems->len, ==, 0);
  assert_same_marks (&ex->marks, &direct);
  /* The player's layers: the teacher's marks stay under a wrong answer's,
   * which come in the verdict alone. */
  {
    XqAttempt attempt;
    XqMove wrong = xq_move_from_iccs ("b2b9");
    XqInput in = { .type = XQ_INPUT_MOVE, .move = wrong };
    g_autoptr(XqVerdict) v = NULL;

    xq_attempt_init (&attempt, ex);
    assert_same_marks (&attempt.base_marks, &ex->marks);
    v = xq_attempt_input (&attempt, &in);
    g_assert_nonnull (v);
    g_assert_cmpint (v->kind, ==, XQ_VERDICT_WRONG);
    g_assert_true (xq_lesson_marks_has (&v->marks, XQ_LESSON_MARK_ARROW, XQ_LESSON_ROLE_WRONG,
                                        xq_move_from (wrong), xq_move_to (wrong)));
    for (int i = 0; i < v->marks.n_marks; i++)
      g_assert_cmpint (v->marks.marks[i].color, ==, XQ_LESSON_COLOR_NONE);
    assert_same_marks (&attempt.base_marks, &ex->marks);
    xq_attempt_clear (&attempt);
  }
  /* No marks, no key. */
  xq_lesson_marks_clear (&direct);
  g_assert_null (xq_lesson_marks_to_json (&direct));
}

static void
test_marks_refused (void)
{
  static const struct { const char *marks; const char *path; } bad[] = {
    { "[{\"circle\":\"e4\"},{\"circle\":\"z9\"}]", "$.exercises[0].marks[1].circle" },
    { "[{\"arrow\":\"e4e4\"}]", "$.exercises[0].marks[0].arrow" },
    { "[{\"arrow\":\"e4\"}]", "$.exercises[0].marks[0].arrow" },
    { "[{\"point\":\"e4\",\"color\":\"pink\"}]", "$.exercises[0].marks[0].color" },
    { "[{\"point\":\"e4\",\"circle\":\"e5\"}]", "$.exercises[0].marks[0]" },
    { "[{\"color\":\"red\"}]", "$.exercises[0].marks[0]" },
    { "[{\"circle\":\"e4\",\"size\":2}]", "$.exercises[0].marks[0].size" },
    { "{\"circle\":\"e4\"}", "$.exercises[0].marks" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *text = unit_with_marks (bad[i].marks);
      g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
      g_autoptr(XqLessonFile) file = xq_lesson_load_data (text, -1, "m.json", problems);
      XqLessonProblem *p;

      g_assert_null (file);
      g_assert_cmpuint (problems->len, >=, 1);
      p = g_ptr_array_index (problems, 0);
      if (g_strcmp0 (p->path, bad[i].path) != 0)
        g_error ("%s: got %s", bad[i].marks, xq_lesson_problem_format (p));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/lesson/writer/shipped", test_shipped);
  g_test_add_func ("/lesson/writer/order", test_order);
  g_test_add_func ("/lesson/writer/fields", test_fields);
  g_test_add_func ("/lesson/writer/teacher-unit", test_teacher_unit);
  g_test_add_func ("/lesson/writer/marks", test_marks_round_trip);
  g_test_add_func ("/lesson/writer/marks-refused", test_marks_refused);
  return g_test_run ();
}
