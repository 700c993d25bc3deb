/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The one JSON reader of state files (src/core/xq-json-reader.h): every
 * getter's message, paths at depth, bounds. */
#define G_LOG_DOMAIN "test-json-reader"

#include "config.h"

#include <string.h>

#include "xq-json-reader.h"

#define TEST_ERROR (g_quark_from_static_string ("test-json-reader"))

static const char *const colours[] = { "red", "black", NULL };

/* A reader for "f.json" over text, whose root object is returned. */
static JsonObject *
parse (XqJsonReader *r, const char *text)
{
  JsonObject *o = xq_json_reader_parse_object (r, text, strlen (text), 1 << 20, 8192);

  g_assert_nonnull (o);
  g_assert_cmpuint (xq_json_reader_get_n_problems (r), ==, 0);
  return o;
}

/* Runs one getter on member "v" of { "v": value } and returns the problem
 * it reports (NULL: none). */
typedef gboolean (*Getter) (XqJsonReader *r, JsonObject *o);

static gboolean get_string (XqJsonReader *r, JsonObject *o)
{ const char *s = NULL; return xq_json_get_string (r, o, "$", "v", XQ_JSON_REQUIRED, &s); }
static gboolean get_word (XqJsonReader *r, JsonObject *o)
{ const char *s = NULL; return xq_json_get_word (r, o, "$", "v", XQ_JSON_REQUIRED, 4, &s); }
static gboolean get_int (XqJsonReader *r, JsonObject *o)
{ gint64 n = 0; return xq_json_get_int (r, o, "$", "v", XQ_JSON_REQUIRED, 1, 3, &n); }
static gboolean get_any_int (XqJsonReader *r, JsonObject *o)
{ gint64 n = 0; return xq_json_get_int (r, o, "$", "v", XQ_JSON_REQUIRED, G_MININT64, G_MAXINT64, &n); }
static gboolean get_one (XqJsonReader *r, JsonObject *o)
{ gint64 n = 0; return xq_json_get_int (r, o, "$", "v", XQ_JSON_REQUIRED, 1, 1, &n); }
static gboolean get_number (XqJsonReader *r, JsonObject *o)
{ double d = 0; return xq_json_get_number (r, o, "$", "v", XQ_JSON_REQUIRED, 0.5, 2.5, &d); }
static gboolean get_bool (XqJsonReader *r, JsonObject *o)
{ gboolean b = FALSE; return xq_json_get_bool (r, o, "$", "v", XQ_JSON_REQUIRED, &b); }
static gboolean get_choice (XqJsonReader *r, JsonObject *o)
{ int i = -1; return xq_json_get_choice (r, o, "$", "v", XQ_JSON_REQUIRED, colours, &i); }
static gboolean get_date (XqJsonReader *r, JsonObject *o)
{ const char *s = NULL; return xq_json_get_date (r, o, "$", "v", XQ_JSON_REQUIRED, &s); }
static gboolean get_array (XqJsonReader *r, JsonObject *o)
{ JsonArray *a = NULL; return xq_json_get_array (r, o, "$", "v", XQ_JSON_REQUIRED, 2, &a); }
static gboolean get_object (XqJsonReader *r, JsonObject *o)
{ JsonObject *x = NULL; return xq_json_get_object (r, o, "$", "v", XQ_JSON_REQUIRED, 1, &x); }

static void
test_messages (void)
{
  static const struct { Getter get; const char *good; const char *bad; const char *message; } cases[] = {
    { get_string, "\"any text\"", "12", "f.json: $.v: should be a text in quotes" },
    { get_word, "\"abcd\"", "\"abcde\"",
      "f.json: $.v: should be a word in quotes, on one line, of at most 4 characters" },
    { get_word, "\"象棋\"", "\"a\\nb\"",
      "f.json: $.v: should be a word in quotes, on one line, of at most 4 characters" },
    { get_word, "\"x\"", "\"\"",
      "f.json: $.v: should be a word in quotes, on one line, of at most 4 characters" },
    { get_int, "3", "4", "f.json: $.v: should be a whole number from 1 to 3" },
    { get_int, "1", "1.5", "f.json: $.v: should be a whole number from 1 to 3" },
    { get_int, "2", "\"2\"", "f.json: $.v: should be a whole number from 1 to 3" },
    { get_any_int, "-9000000000", "\"1\"", "f.json: $.v: should be a whole number" },
    { get_one, "1", "2", "f.json: $.v: should be the number 1" },
    { get_number, "2", "2.6", "f.json: $.v: should be a number from 0.5 to 2.5" },
    { get_number, "0.5", "true", "f.json: $.v: should be a number from 0.5 to 2.5" },
    { get_bool, "false", "0", "f.json: $.v: should be true or false" },
    { get_choice, "\"black\"", "\"blue\"", "f.json: $.v: should be one of “red”, “black”" },
    { get_date, "\"2028-02-29\"", "\"2026-02-29\"",
      "f.json: $.v: should be a date written year-month-day, such as “2026-09-01”" },
    { get_date, "\"2026-12-07\"", "\"7.12.2026\"",
      "f.json: $.v: should be a date written year-month-day, such as “2026-09-01”" },
    { get_array, "[1, 2]", "{}", "f.json: $.v: should be a list in [ ]" },
    { get_array, "[]", "[1, 2, 3]", "f.json: $.v: holds 3 entries; at most 2 are allowed" },
    { get_object, "{\"a\": 1}", "[]", "f.json: $.v: should be a group of named values in { }" },
    { get_object, "{}", "{\"a\": 1, \"b\": 2}", "f.json: $.v: holds 2 entries; at most 1 is allowed" },
    { get_string, "\"\"", "null", "f.json: $.v: should be a text in quotes" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *good = g_strdup_printf ("{\"v\": %s}", cases[i].good);
      g_autofree char *bad = g_strdup_printf ("{\"v\": %s}", cases[i].bad);
      g_autoptr(XqJsonReader) r1 = xq_json_reader_new ("f.json", TEST_ERROR, 7);
      g_autoptr(XqJsonReader) r2 = xq_json_reader_new ("f.json", TEST_ERROR, 7);
      g_autoptr(XqJsonReader) r3 = xq_json_reader_new ("f.json", TEST_ERROR, 7);
      g_autoptr(GError) error = NULL;

      g_test_message ("case %u: %s", i, bad);
      g_assert_true (cases[i].get (r1, parse (r1, good)));
      g_assert_true (xq_json_reader_propagate (r1, &error));
      g_assert_no_error (error);

      g_assert_false (cases[i].get (r2, parse (r2, bad)));
      g_assert_cmpuint (xq_json_reader_get_n_problems (r2), ==, 1);
      g_assert_cmpstr (xq_json_reader_get_first_problem (r2), ==, cases[i].message);
      g_assert_false (xq_json_reader_propagate (r2, &error));
      g_assert_error (error, TEST_ERROR, 7);
      g_assert_cmpstr (error->message, ==, cases[i].message);

      /* Required and absent. */
      g_assert_false (cases[i].get (r3, parse (r3, "{}")));
      g_assert_cmpstr (xq_json_reader_get_first_problem (r3), ==,
                       "f.json: $.v: this is missing, and it is needed");
    }
}

static void
test_optional (void)
{
  g_autoptr(XqJsonReader) r = xq_json_reader_new (NULL, TEST_ERROR, 1);
  JsonObject *o = parse (r, "{\"b\": \"x\"}");
  gint64 n = 42;
  double d = 4.5;
  gboolean b = TRUE;
  int c = 9;
  const char *s = "kept";
  JsonArray *a = NULL;
  JsonObject *x = NULL;

  /* Absent and optional: TRUE, and the caller's default is kept. */
  g_assert_true (xq_json_get_int (r, o, "$", "n", XQ_JSON_OPTIONAL, 0, 1, &n));
  g_assert_true (xq_json_get_number (r, o, "$", "n", XQ_JSON_OPTIONAL, 0, 1, &d));
  g_assert_true (xq_json_get_bool (r, o, "$", "n", XQ_JSON_OPTIONAL, &b));
  g_assert_true (xq_json_get_choice (r, o, "$", "n", XQ_JSON_OPTIONAL, colours, &c));
  g_assert_true (xq_json_get_string (r, o, "$", "n", XQ_JSON_OPTIONAL, &s));
  g_assert_true (xq_json_get_word (r, o, "$", "n", XQ_JSON_OPTIONAL, 3, &s));
  g_assert_true (xq_json_get_date (r, o, "$", "n", XQ_JSON_OPTIONAL, &s));
  g_assert_true (xq_json_get_array (r, o, "$", "n", XQ_JSON_OPTIONAL, 3, &a));
  g_assert_true (xq_json_get_object (r, o, "$", "n", XQ_JSON_OPTIONAL, 3, &x));
  g_assert_cmpint (n, ==, 42);
  g_assert_cmpfloat (d, ==, 4.5);
  g_assert_true (b);
  g_assert_cmpint (c, ==, 9);
  g_assert_cmpstr (s, ==, "kept");
  g_assert_null (a);
  g_assert_null (x);
  g_assert_cmpuint (xq_json_reader_get_n_problems (r), ==, 0);

  /* Present and wrong is a problem even when optional; without a file
   * name the line starts at the path. */
  g_assert_false (xq_json_get_bool (r, o, "$", "b", XQ_JSON_OPTIONAL, &b));
  g_assert_cmpstr (xq_json_reader_get_first_problem (r), ==, "$.b: should be true or false");
  g_assert_true (b);
}

/* A wrong type deep inside: the path names every step, keys from the data
 * in brackets, and the reader keeps counting after the first problem. */
static void
test_nested_path (void)
{
  static const char text[] =
    "{ \"results\": { \"board/palace\": { \"stars\": 2, \"date\": \"2026-12-07\" },"
    "                \"x \\\"y\\\"\": { \"stars\": \"three\" } },"
    "  \"rounds\": [ [ { \"red\": 0 }, { \"red\": [] } ] ] }";
  g_autoptr(XqJsonReader) r = xq_json_reader_new ("mei.json", TEST_ERROR, 1);
  JsonObject *o = parse (r, text), *results = NULL, *board = NULL;
  JsonArray *rounds = NULL, *round = NULL;
  g_autoptr(GList) keys = NULL;
  guint good = 0;

  g_assert_true (xq_json_get_object (r, o, "$", "results", XQ_JSON_REQUIRED, 10, &results));
  keys = json_object_get_members (results);
  for (GList *l = keys; l != NULL; l = l->next)
    {
      g_autofree char *path = xq_json_path_key ("$.results", l->data);
      JsonObject *entry = NULL;
      gint64 stars = 0;

      good += xq_json_node_object (r, json_object_get_member (results, l->data), path, 4, &entry) &&
              xq_json_get_int (r, entry, path, "stars", XQ_JSON_REQUIRED, 1, 3, &stars);
    }
  g_assert_cmpuint (good, ==, 1);
  g_assert_cmpstr (xq_json_reader_get_first_problem (r), ==,
                   "mei.json: $.results[\"x \\\"y\\\"\"].stars: should be a whole number from 1 to 3");

  g_assert_true (xq_json_get_array (r, o, "$", "rounds", XQ_JSON_REQUIRED, 5, &rounds));
  g_assert_true (xq_json_node_array (r, json_array_get_element (rounds, 0), "$.rounds[0]", 5, &round));
  g_assert_true (xq_json_node_object (r, json_array_get_element (round, 1), "$.rounds[0][1]", 5, &board));
  g_assert_false (xq_json_get_int (r, board, "$.rounds[0][1]", "red", XQ_JSON_REQUIRED, 0, 9,
                                   &(gint64) { 0 }));
  g_assert_cmpuint (xq_json_reader_get_n_problems (r), ==, 2);
  /* The first problem stays the one reported. */
  g_assert_nonnull (strstr (xq_json_reader_get_first_problem (r), "$.results["));
}

static void
test_paths (void)
{
  g_autofree char *a = xq_json_path_member ("$", "best-streak-run");
  g_autofree char *b = xq_json_path_member ("$.a", "two words");
  g_autofree char *c = xq_json_path_key ("$.stars", "unit/ex");
  g_autofree char *d = xq_json_path_index ("$.rounds[0]", 12);
  g_autofree char *long_key = g_strnfill (100, 'k');
  g_autofree char *e = xq_json_path_key ("$", long_key);
  g_autofree char *f = xq_json_path_key ("$", "a\nb\xff");

  g_assert_cmpstr (a, ==, "$.best-streak-run");
  g_assert_cmpstr (b, ==, "$.a[\"two words\"]");
  g_assert_cmpstr (c, ==, "$.stars[\"unit/ex\"]");
  g_assert_cmpstr (d, ==, "$.rounds[0][12]");
  g_assert_true (g_str_has_suffix (e, "kkk…\"]"));
  g_assert_cmpuint (strlen (e), <, 50);
  g_assert_true (g_utf8_validate (f, -1, NULL));
  g_assert_cmpstr (f, ==, "$[\"a\\u000ab\xef\xbf\xbd\"]");
}

static void
test_keys (void)
{
  static const char *const known[] = { "format", "learner", NULL };
  g_autoptr(XqJsonReader) r = xq_json_reader_new ("q.json", TEST_ERROR, 1);
  g_autoptr(XqJsonReader) r2 = xq_json_reader_new ("q.json", TEST_ERROR, 1);
  JsonObject *o = parse (r, "{\"format\": 1, \"learner\": \"mei\", \"colour\": \"red\"}");
  JsonObject *fine = parse (r2, "{\"format\": 1}");

  g_assert_true (xq_json_check_keys (r2, fine, "$", known));
  g_assert_false (xq_json_check_keys (r, o, "$", known));
  g_assert_cmpstr (xq_json_reader_get_first_problem (r), ==,
                   "q.json: $.colour: a field this version of the program does not know");
}

/* Bounds: deep nesting and size are refused before json-glib parses. */
static void
test_bounds (void)
{
  g_autoptr(XqJsonReader) deep = xq_json_reader_new ("deep.json", TEST_ERROR, 1);
  g_autoptr(XqJsonReader) big = xq_json_reader_new ("big.json", TEST_ERROR, 1);
  g_autoptr(XqJsonReader) bad = xq_json_reader_new ("bad.json", TEST_ERROR, 1);
  g_autoptr(XqJsonReader) root = xq_json_reader_new ("root.json", TEST_ERROR, 1);
  g_autoptr(XqJsonReader) utf8 = xq_json_reader_new ("utf8.json", TEST_ERROR, 1);
  g_autoptr(GString) text = g_string_new ("{\"a\": ");
  g_autoptr(GError) error = NULL;

  for (int i = 0; i < 100000; i++)
    g_string_append_c (text, '[');
  g_assert_null (xq_json_reader_parse (deep, text->str, text->len, 1 << 20, 100));
  g_assert_true (g_str_has_prefix (xq_json_reader_get_first_problem (deep), "deep.json: $.a[0][0]"));
  g_assert_nonnull (strstr (xq_json_reader_get_first_problem (deep), "nested more than"));
  g_assert_false (xq_json_reader_propagate (deep, &error));
  g_assert_error (error, TEST_ERROR, 1);

  g_assert_null (xq_json_reader_parse (big, text->str, text->len, 1000, 100));
  g_assert_true (g_str_has_prefix (xq_json_reader_get_first_problem (big), "big.json: $: "));
  g_assert_nonnull (strstr (xq_json_reader_get_first_problem (big), "more than the limit"));

  g_assert_null (xq_json_reader_parse (bad, "{\"a\": }", 7, 1000, 100));
  g_assert_true (g_str_has_prefix (xq_json_reader_get_first_problem (bad), "bad.json: "));

  g_assert_null (xq_json_reader_parse (utf8, "{\"a\": \"\xff\"}", 9, 1000, 100));
  g_assert_cmpstr (xq_json_reader_get_first_problem (utf8), ==, "utf8.json: $: byte 7 is not UTF-8 text");

  g_assert_null (xq_json_reader_parse_object (root, "[1]", 3, 1000, 100));
  g_assert_cmpstr (xq_json_reader_get_first_problem (root), ==,
                   "root.json: $: should be a group of named values in { }");
}

int
main (int argc, char *argv[])
{
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/json-reader/messages", test_messages);
  g_test_add_func ("/json-reader/optional", test_optional);
  g_test_add_func ("/json-reader/nested-path", test_nested_path);
  g_test_add_func ("/json-reader/paths", test_paths);
  g_test_add_func ("/json-reader/keys", test_keys);
  g_test_add_func ("/json-reader/bounds", test_bounds);
  return g_test_run ();
}
