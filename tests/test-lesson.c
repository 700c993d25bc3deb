/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Lesson loader, validator, rule computations and the progress store. */
#define G_LOG_DOMAIN "test-lesson"

#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <sys/wait.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xq-json-bounded.h"
#include "xq-kind.h"
#include "xq-lesson.h"
#include "xq-lesson-rules.h"
#include "xq-progress.h"
#include "xq-proofs.h"
#include "xq-test-dirs.h"
#include "xq-test-squares.h"
#include "xq-test-xqtool.h"

static const char *
source_dir (void)
{
  const char *dir = g_getenv ("XQ_SOURCE_DIR");
  return dir ? dir : SOURCE_LESSONS_DIR "/..";
}

static GPtrArray *
new_problems (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* ---- Loader ---------------------------------------------------------------- */

static const char *good_unit =
  "{ \"format\": 1, \"type\": \"unit\", \"id\": \"demo\", \"number\": 3, \"title\": \"Demo\","
  "  \"pages\": [ { \"text\": \"Hello\", \"fen\": \"" XQ_START_FEN "\","
  "               \"marks\": [ { \"arrow\": \"h2e2\", \"role\": \"move\" }, { \"point\": \"e4\" } ] } ],"
  "  \"exercises\": ["
  "    { \"id\": \"a\", \"kind\": \"tap\", \"prompt\": \"Tap\", \"rule\": \"reach\", \"square\": \"h0\","
  "      \"hints\": [ \"one\", \"two\" ] },"
  "    { \"id\": \"b\", \"kind\": \"choose\", \"prompt\": \"Status?\", \"rule\": \"status\","
  "      \"choices\": [ { \"id\": \"check\", \"text\": \"Check\" }, { \"id\": \"none\", \"text\": \"None\" } ] }"
  "  ] }";

static void
test_load_good (void)
{
  g_autoptr(GPtrArray) problems = new_problems ();
  g_autoptr(XqLessonFile) file = xq_lesson_load_data (good_unit, -1, "demo.json", problems);
  XqUnit *unit;
  XqExercise *ex;
  XqLessonPage *page;
  XqAnswer answer;

  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_nonnull (file);
  g_assert_cmpint (file->type, ==, XQ_LESSON_FILE_UNIT);
  unit = file->unit;
  g_assert_cmpstr (unit->id, ==, "demo");
  g_assert_cmpstr (unit->title, ==, "Demo");
  g_assert_cmpint (unit->number, ==, 3);
  g_assert_cmpuint (unit->pages->len, ==, 1);
  page = g_ptr_array_index (unit->pages, 0);
  g_assert_cmpint (page->marks.n_marks, ==, 2);
  g_assert_cmpint (page->marks.marks[0].kind, ==, XQ_LESSON_MARK_ARROW);
  g_assert_cmpint (page->marks.marks[0].role, ==, XQ_LESSON_ROLE_MOVE);
  g_assert_cmpint (page->marks.marks[1].role, ==, XQ_LESSON_ROLE_HIGHLIGHT);
  g_assert_cmpuint (unit->exercises->len, ==, 2);

  /* The horse on h0 reaches g2 and i2: computed, not typed by the author. */
  ex = g_ptr_array_index (unit->exercises, 0);
  g_assert_true (ex->kind == xq_kind_by_name ("tap"));
  xq_exercise_answer (ex, &answer);
  g_assert_cmpint (answer.n_points, ==, 2);
  g_assert_cmpint (answer.points[0], ==, sq ("g2"));
  g_assert_cmpint (answer.points[1], ==, sq ("i2"));
  g_assert_cmpuint (ex->hints->len, ==, 2);

  ex = g_ptr_array_index (unit->exercises, 1);
  xq_exercise_answer (ex, &answer);
  g_assert_cmpstr (answer.choice, ==, "none");
}

static void
test_load_collects_problems (void)
{
  const char *doc =
    "{ \"format\": 1, \"type\": \"unit\", \"id\": \"x\", \"number\": 1, \"title\": \"X\", \"colour\": 1,"
    "  \"pages\": [ { \"text\": \"P\" } ],"
    "  \"exercises\": ["
    "    { \"id\": \"a\", \"kind\": \"tap\", \"prompt\": \"P\", \"points\": [ \"z9\" ] },"
    "    { \"id\": \"b\", \"kind\": \"tap\", \"prompt\": \"P\", \"points\": [ \"e4\" ] },"
    "    { \"id\": \"c\", \"kind\": \"move\", \"prompt\": \"P\", \"goal\": \"given\", \"moves\": [ \"a0a5\" ] }"
    "  ] }";
  g_autoptr(GPtrArray) problems = new_problems ();
  g_autoptr(XqLessonFile) file = xq_lesson_load_data (doc, -1, "x.json", problems);
  g_autofree char *first = NULL;

  g_assert_null (file);
  /* Every problem of the file is reported, not just the first. */
  g_assert_cmpuint (problems->len, ==, 3);
  first = xq_lesson_problem_format (g_ptr_array_index (problems, 0));
  g_assert_cmpstr (first, ==, "x.json: $.colour: unknown key “colour”");
  g_assert_cmpstr (((XqLessonProblem *) g_ptr_array_index (problems, 1))->path, ==, "$.exercises[0].points[0]");
  g_assert_cmpint (((XqLessonProblem *) g_ptr_array_index (problems, 1))->code, ==, XQ_LESSON_ERROR_BAD_SQUARE);
  g_assert_cmpstr (((XqLessonProblem *) g_ptr_array_index (problems, 2))->path, ==, "$.exercises[2].moves[0]");
  g_assert_cmpint (((XqLessonProblem *) g_ptr_array_index (problems, 2))->code, ==, XQ_LESSON_ERROR_BAD_MOVE);
}

/* One malformed file of tests/data/bad-lessons and its expected line. */
static void
test_bad_lesson (gconstpointer data)
{
  const char *path = data;
  g_autofree char *base = g_strndup (path, strlen (path) - strlen (".json"));
  g_autofree char *expected_path = g_strconcat (base, ".expected", NULL);
  g_autofree char *expected = NULL;
  g_autoptr(GPtrArray) problems = new_problems ();
  g_autoptr(XqLessonFile) file = NULL;
  g_autoptr(GError) error = NULL;
  gboolean found = FALSE;

  g_assert_true (g_file_get_contents (expected_path, &expected, NULL, &error));
  g_assert_no_error (error);
  g_strchomp (expected);
  file = xq_lesson_load_file (path, problems);
  g_assert_null (file);
  g_assert_cmpuint (problems->len, >, 0);
  for (guint i = 0; i < problems->len; i++)
    {
      XqLessonProblem *p = g_ptr_array_index (problems, i);
      g_autofree char *line = g_strdup_printf ("%s: %s", p->path, p->message);
      g_assert_cmpstr (p->file, ==, path);
      g_test_message ("%s", line);
      /* A trailing * stands for text that comes from a library (JSON, FEN). */
      if (g_str_has_suffix (expected, "*") ? g_pattern_match_simple (expected, line)
                                           : strcmp (expected, line) == 0)
        found = TRUE;
    }
  if (!found)
    g_error ("%s: expected “%s”", path, expected);
}

/* An unknown kind is answered with the list of kinds, from the table: the
 * message names every kind (and the expected-output file need not). */
static void
test_unknown_kind_lists_kinds (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("XQ_SOURCE_DIR"), "tests", "data", "bad-lessons",
                                            "19-unknown-kind.json", NULL);
  g_autoptr(GPtrArray) problems = new_problems ();
  g_autoptr(XqLessonFile) file = xq_lesson_load_file (path, problems);
  guint n_kinds;
  const XqKind *const *kinds = xq_kinds (&n_kinds);
  const XqLessonProblem *p;

  g_assert_null (file);
  g_assert_cmpuint (problems->len, ==, 1);
  p = g_ptr_array_index (problems, 0);
  g_assert_cmpstr (p->path, ==, "$.exercises[0].kind");
  for (guint k = 0; k < n_kinds; k++)
    {
      g_autofree char *item = g_strdup_printf (k == 0 ? ": %s," : " %s%s", kinds[k]->name,
                                               k == 0 ? "" : k + 1 == n_kinds ? "" : ",");
      g_assert_nonnull (strstr (p->message, item));
    }
}

static void
test_bad_lessons_count (gconstpointer data)
{
  g_assert_cmpuint (GPOINTER_TO_UINT (data), >=, 30);
}

static void
test_load_simple_error (void)
{
  g_autofree char *path = g_build_filename (source_dir (), "tests", "data", "bad-lessons", "08-unknown-key.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(XqLessonFile) file = xq_lesson_load_file_simple (path, &error);
  g_autofree char *want = g_strdup_printf ("%s: $.author: unknown key “author”", path);

  g_assert_null (file);
  g_assert_error (error, XQ_LESSON_ERROR, XQ_LESSON_ERROR_UNKNOWN_FIELD);
  g_assert_cmpstr (error->message, ==, want);
}

static void
test_load_dir_continues (void)
{
  g_autofree char *dir = g_dir_make_tmp ("xq-lesson-XXXXXX", NULL);
  g_autofree char *good = g_build_filename (dir, "a-good.json", NULL);
  g_autofree char *bad = g_build_filename (dir, "b-bad.json", NULL);
  g_autofree char *other = g_build_filename (dir, "notes.txt", NULL);
  g_autoptr(GPtrArray) problems = new_problems ();
  g_autoptr(GPtrArray) files = NULL;

  g_assert_nonnull (dir);
  g_assert_true (g_file_set_contents (good, good_unit, -1, NULL));
  g_assert_true (g_file_set_contents (bad, "{ \"format\": 1 }", -1, NULL));
  g_assert_true (g_file_set_contents (other, "not a lesson", -1, NULL));
  files = xq_lesson_load_dir (dir, problems);
  /* The bad unit is reported and skipped; the good one still loads. */
  g_assert_cmpuint (files->len, ==, 1);
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_cmpstr (((XqLessonProblem *) g_ptr_array_index (problems, 0))->file, ==, bad);
  g_assert_cmpstr (((XqLessonFile *) g_ptr_array_index (files, 0))->unit->id, ==, "demo");
  g_unlink (good);
  g_unlink (bad);
  g_unlink (other);
  g_rmdir (dir);
}

static void
test_load_pack (void)
{
  g_autofree char *path = g_build_filename (source_dir (), "tests", "data", "puzzles-sample.json", NULL);
  g_autoptr(GPtrArray) problems = new_problems ();
  g_autoptr(XqLessonFile) file = xq_lesson_load_file (path, problems);
  XqPuzzle *pz;

  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_nonnull (file);
  g_assert_cmpint (file->type, ==, XQ_LESSON_FILE_PACK);
  g_assert_cmpuint (file->pack->puzzles->len, ==, 3);
  pz = g_ptr_array_index (file->pack->puzzles, 2);
  g_assert_cmpstr (pz->id, ==, "two-chariots");
  g_assert_cmpint (pz->mate_in, ==, 2);
  g_assert_cmpint (pz->difficulty, ==, 2);
  g_assert_cmpstr (pz->pattern, ==, "雙車錯");
}

/* ---- xqtool ---------------------------------------------------------------- */

static void
test_xqtool_validate (void)
{
  g_autofree char *bad = g_build_filename (source_dir (), "tests", "data", "bad-lessons", "08-unknown-key.json", NULL);
  g_autofree char *good = g_build_filename (source_dir (), "tests", "data", "puzzles-sample.json", NULL);
  g_autofree char *want = g_strdup_printf ("%s: $.author: unknown key “author”\n", bad);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *out2 = NULL;
  g_autofree char *err2 = NULL;
  g_autofree char *out3 = NULL;
  g_autofree char *err3 = NULL;
  const char *args_bad[] = { "validate", good, bad, NULL };
  const char *args_good[] = { "validate", good, NULL };
  const char *args_missing[] = { "validate", "/nonexistent/lessons", NULL };

  g_assert_cmpint (xq_test_xqtool (args_bad, &out, &err), ==, 1);
  g_assert_cmpstr (out, ==, want);
  g_assert_cmpint (xq_test_xqtool (args_good, &out2, &err2), ==, 0);
  g_assert_cmpstr (out2, ==, "");
  g_assert_cmpint (xq_test_xqtool (args_missing, &out3, &err3), ==, 1);
  g_assert_true (g_str_has_prefix (err3, "xqtool: "));
  g_assert_nonnull (strchr (err3, '\n'));
  g_assert_cmpstr (strchr (err3, '\n'), ==, "\n");
}

static void
test_xqtool_stats (void)
{
  g_autofree char *pack = g_build_filename (source_dir (), "tests", "data", "puzzles-sample.json", NULL);
  g_autofree char *lessons = g_build_filename (source_dir (), "lessons", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *out2 = NULL;
  g_autofree char *err2 = NULL;
  const char *args_pack[] = { "lesson-stats", pack, NULL };
  const char *args_units[] = { "lesson-stats", lessons, NULL };
  const char *args_shipped[] = { "lesson-stats", NULL };
  g_autofree char *out3 = NULL;
  g_autofree char *err3 = NULL;
  g_auto(GStrv) lines = NULL;

  g_assert_cmpint (xq_test_xqtool (args_pack, &out, &err), ==, 0);
  g_assert_cmpstr (out, ==, "packs 1\npuzzles 3\npatterns 3\nmate-in-1 2\nmate-in-2 1\n");
  g_assert_cmpint (xq_test_xqtool (args_units, &out2, &err2), ==, 0);
  lines = g_strsplit (out2, "\n", -1);
  /* units, exercises, then one line per kind (and the empty tail); the
   * puzzle packs under lessons/puzzles add their own lines after those. */
  {
    guint n_kinds;
    const XqKind *const *kinds = xq_kinds (&n_kinds);

    g_assert_cmpuint (n_kinds, >, 0);
    g_assert_cmpuint (g_strv_length (lines), >=, 2 + n_kinds + 1);
    /* One line per kind of the table, in its order. */
    for (guint k = 0; k < n_kinds; k++)
      {
        g_autofree char *prefix = g_strconcat (kinds[k]->name, " ", NULL);
        g_assert_true (g_str_has_prefix (lines[2 + k], prefix));
      }
  }
  g_assert_true (g_str_has_prefix (lines[0], "units "));
  g_assert_true (g_str_has_prefix (lines[1], "exercises "));
  /* Then each unit's length, in the order of the unit map. */
  {
    guint n_units = (guint) atoi (lines[0] + strlen ("units ")), n_kinds, seen = 0;
    int last = 0;

    xq_kinds (&n_kinds);
    g_assert_cmpuint (n_units, >=, 16);
    for (guint i = 2 + n_kinds; lines[i] != NULL && g_str_has_prefix (lines[i], "unit "); i++)
      {
        int number = atoi (lines[i] + strlen ("unit "));
        g_assert_cmpint (number, >=, last);
        g_assert_nonnull (strstr (lines[i], " steps, "));
        g_assert_nonnull (strstr (lines[i], " exercises, "));
        last = number;
        seen++;
      }
    g_assert_cmpuint (seen, ==, n_units);
    g_assert_nonnull (strstr (out2, "\nunit 1 board: 16 steps, 2 pages, 14 exercises, 0 closing\n"));
  }
  /* No path: the shipped curriculum, which for this uninstalled xqtool is
   * the source tree's (an installed one is checked by tools/check-install.sh). */
  g_assert_cmpint (xq_test_xqtool (args_shipped, &out3, &err3), ==, 0);
  g_assert_cmpstr (out3, ==, out2);
}

/* ---- Limits ---------------------------------------------------------------- */

static char *
unit_with (const char *title, const char *exercise)
{
  return g_strdup_printf ("{ \"format\": 1, \"type\": \"unit\", \"id\": \"u\", \"number\": 1,"
                          "  \"title\": \"%s\", \"pages\": [ { \"text\": \"P\" } ],"
                          "  \"exercises\": [ %s ] }", title, exercise);
}

static const char *mate15 =
  "{ \"id\": \"m\", \"kind\": \"mate\", \"prompt\": \"Mate\", \"mate-in\": 15 }";

/* The only problem of a failed load: its code, its path and part of its text. */
static void
assert_one_problem (GPtrArray *problems, XqLessonError code, const char *path, const char *part)
{
  XqLessonProblem *p;

  g_assert_cmpuint (problems->len, ==, 1);
  p = g_ptr_array_index (problems, 0);
  g_assert_cmpint (p->code, ==, code);
  g_assert_cmpstr (p->path, ==, path);
  g_assert_nonnull (strstr (p->message, part));
}

/* A field at its maximum loads; one character more is a located problem. */
static void
test_limits_text (void)
{
  g_autofree char *at = g_strnfill (XQ_LESSON_MAX_TITLE, 't');
  g_autofree char *over = g_strnfill (XQ_LESSON_MAX_TITLE + 1, 't');
  g_autofree char *ok_doc = unit_with (at, "{ \"id\": \"a\", \"kind\": \"setup\", \"prompt\": \"P\" }");
  g_autofree char *bad_doc = unit_with (over, "{ \"id\": \"a\", \"kind\": \"setup\", \"prompt\": \"P\" }");
  g_autoptr(GPtrArray) problems = new_problems ();
  g_autoptr(GPtrArray) problems2 = new_problems ();
  g_autoptr(XqLessonFile) good = xq_lesson_load_data (ok_doc, -1, "at.json", problems);
  g_autoptr(XqLessonFile) bad = xq_lesson_load_data (bad_doc, -1, "over.json", problems2);

  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_nonnull (good);
  g_assert_cmpint (g_utf8_strlen (good->unit->title, -1), ==, XQ_LESSON_MAX_TITLE);
  g_assert_null (bad);
  assert_one_problem (problems2, XQ_LESSON_ERROR_TOO_LARGE, "$.title", "longer than 200 characters");
}

/* Nesting is located in member names and indices alike, before parsing. */
static void
test_limits_nesting (void)
{
  g_autoptr(GString) doc = g_string_new ("{ \"a\": [ 1, { \"b\\\"c\": 2, \"deep\": ");
  g_autoptr(GString) want = g_string_new ("$.a[1].deep");
  g_autoptr(GError) error = NULL;
  g_autofree char *where = NULL;
  g_autoptr(JsonParser) parser = NULL;

  for (int i = 3; i <= XQ_JSON_MAX_DEPTH + 5; i++)
    g_string_append (doc, "[ \"]\", ");
  for (int i = 3; i < XQ_JSON_MAX_DEPTH; i++)
    g_string_append (want, "[1]");
  parser = xq_json_parse_bounded (doc->str, doc->len, XQ_LESSON_MAX_BYTES, &where, &error);
  g_assert_null (parser);
  g_assert_error (error, XQ_LESSON_ERROR, XQ_LESSON_ERROR_TOO_LARGE);
  g_assert_cmpstr (where, ==, want->str);
}

/* A file over the size limit is refused without being read. */
static void
test_limits_file_size (void)
{
  g_autofree char *dir = g_dir_make_tmp ("xq-limits-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "huge.json", NULL);
  g_autoptr(GPtrArray) problems = new_problems ();
  g_autoptr(XqLessonFile) file = NULL;
  FILE *f = fopen (path, "w");

  /* Sparse: a hundred megabytes that take no room. */
  g_assert_nonnull (f);
  g_assert_cmpint (fseek (f, 100 * 1024 * 1024, SEEK_SET), ==, 0);
  fputc ('{', f);
  fclose (f);
  file = xq_lesson_load_file (path, problems);
  g_assert_null (file);
  assert_one_problem (problems, XQ_LESSON_ERROR_TOO_LARGE, "$", "more than the limit");
  g_unlink (path);
  g_rmdir (dir);
}

/* No proof in a file with another problem, none with NO_PROOFS; otherwise
 * a mate over the solver's budget is "too deep to prove here". */
static void
test_limits_proofs (void)
{
  g_autofree char *sound = unit_with ("T", mate15);
  g_autofree char *broken = g_strdup_printf ("{ \"format\": 1, \"type\": \"unit\", \"id\": \"u\","
                                             "  \"number\": 1, \"title\": \"T\", \"colour\": 1,"
                                             "  \"pages\": [ { \"text\": \"P\" } ],"
                                             "  \"exercises\": [ %s ] }", mate15);
  g_autoptr(GPtrArray) problems = new_problems ();
  g_autoptr(GPtrArray) problems2 = new_problems ();
  g_autoptr(GPtrArray) problems3 = new_problems ();
  g_autoptr(XqLessonFile) deep = xq_lesson_load_data (sound, -1, "deep.json", problems);
  g_autoptr(XqLessonFile) bad = xq_lesson_load_data (broken, -1, "bad.json", problems2);
  g_autoptr(XqLessonFile) shape = xq_lesson_load_data_full (sound, -1, "shape.json",
                                                            XQ_LESSON_LOAD_NO_PROOFS, problems3);

  g_assert_null (deep);
  assert_one_problem (problems, XQ_LESSON_ERROR_TOO_DEEP, "$.exercises[0]", "too deep to prove here");
  g_assert_null (bad);
  assert_one_problem (problems2, XQ_LESSON_ERROR_UNKNOWN_FIELD, "$.colour", "unknown key");

  g_assert_cmpuint (problems3->len, ==, 0);
  g_assert_nonnull (shape);
  {
    XqAnswer answer;
    xq_exercise_answer (g_ptr_array_index (shape->unit->exercises, 0), &answer);
    g_assert_cmpint (answer.count, ==, 15);
  }
}

/* ---- Rules ----------------------------------------------------------------- */

static void
test_rules_values (void)
{
  XqPosition pos;

  g_assert_cmpint (xq_lesson_piece_value (xq_piece_make (XQ_RED, XQ_PAWN), sq ("e3")), ==, 10);
  g_assert_cmpint (xq_lesson_piece_value (xq_piece_make (XQ_RED, XQ_PAWN), sq ("e5")), ==, 20);
  g_assert_cmpint (xq_lesson_piece_value (xq_piece_make (XQ_BLACK, XQ_PAWN), sq ("e6")), ==, 10);
  g_assert_cmpint (xq_lesson_piece_value (xq_piece_make (XQ_BLACK, XQ_PAWN), sq ("e4")), ==, 20);
  g_assert_cmpint (xq_lesson_piece_value (xq_piece_make (XQ_RED, XQ_ADVISOR), sq ("e1")), ==, 20);
  g_assert_cmpint (xq_lesson_piece_value (xq_piece_make (XQ_RED, XQ_ELEPHANT), sq ("c0")), ==, 20);
  g_assert_cmpint (xq_lesson_piece_value (xq_piece_make (XQ_RED, XQ_HORSE), sq ("b0")), ==, 40);
  g_assert_cmpint (xq_lesson_piece_value (xq_piece_make (XQ_RED, XQ_CANNON), sq ("b2")), ==, 45);
  g_assert_cmpint (xq_lesson_piece_value (xq_piece_make (XQ_RED, XQ_CHARIOT), sq ("a0")), ==, 90);
  g_assert_cmpint (xq_lesson_piece_value (xq_piece_make (XQ_RED, XQ_KING), sq ("e0")), ==, 0);
  /* 2 chariots 18 + 2 horses 8 + 2 cannons 9 + 2 advisors 4 + 2 elephants 4 + 5 soldiers 5. */
  xq_position_init_start (&pos);
  g_assert_cmpint (xq_lesson_material (&pos, XQ_RED), ==, 480);
  g_assert_cmpint (xq_lesson_material (&pos, XQ_BLACK), ==, 480);
}

static void
test_rules_geography (void)
{
  XqSquare pts[XQ_SQUARES];

  /* Red's 一 is Red's rightmost file (i), Black's 1 is Black's rightmost (a). */
  g_assert_cmpint (xq_lesson_file (XQ_RED, 1, pts), ==, 10);
  g_assert_cmpint (pts[0], ==, sq ("i0"));
  g_assert_cmpint (xq_lesson_file (XQ_RED, 5, pts), ==, 10);
  g_assert_cmpint (pts[3], ==, sq ("e3"));
  g_assert_cmpint (xq_lesson_file (XQ_BLACK, 1, pts), ==, 10);
  g_assert_cmpint (pts[9], ==, sq ("a9"));
  g_assert_cmpint (xq_lesson_palace (XQ_BLACK, pts), ==, 9);
  g_assert_cmpint (pts[0], ==, sq ("d7"));
  g_assert_cmpint (xq_lesson_river_bank (XQ_RED, pts), ==, 9);
  g_assert_cmpint (pts[4], ==, sq ("e4"));
}

static void
test_rules_stars (void)
{
  XqPosition pos;
  XqSquare stars[3];

  /* A chariot with an open board: a0 -> a7 -> g7 is two moves. */
  g_assert_true (xq_position_set_fen (&pos, "3k5/9/9/9/9/9/9/9/9/R4K3 w - - 0 1", NULL));
  stars[0] = sq ("a7");
  stars[1] = sq ("g7");
  g_assert_cmpint (xq_lesson_star_optimum (&pos, sq ("a0"), stars, 2), ==, 2);
  /* A horse from b0 to c2, e3 and d5 in order: one jump each. */
  g_assert_true (xq_position_set_fen (&pos, "3k5/9/9/9/9/9/9/9/9/1N2K4 w - - 0 1", NULL));
  stars[0] = sq ("d5");
  stars[1] = sq ("c2");
  stars[2] = sq ("e3");
  g_assert_cmpint (xq_lesson_star_optimum (&pos, sq ("b0"), stars, 3), ==, 3);
  /* A soldier never walks back. */
  g_assert_true (xq_position_set_fen (&pos, "3k5/9/9/9/9/9/4P4/9/9/4K4 w - - 0 1", NULL));
  stars[0] = sq ("e2");
  g_assert_cmpint (xq_lesson_star_optimum (&pos, sq ("e3"), stars, 1), ==, -1);
}

static void
test_rules_explain (void)
{
  XqPosition pos;
  XqLessonMarks marks;
  g_autofree char *horse = NULL;
  g_autofree char *cannon = NULL;
  g_autofree char *legal = NULL;
  g_autofree char *exposed = NULL;

  xq_position_init_start (&pos);
  xq_lesson_marks_clear (&marks);
  /* b0-d1 jumps over the elephant's point c0: the leg is blocked. */
  horse = xq_lesson_explain_illegal (&pos, xq_move_from_iccs ("b0d1"), &marks);
  g_assert_nonnull (horse);
  g_assert_true (g_str_has_prefix (horse, "The horse's leg is blocked"));
  g_assert_true (xq_lesson_marks_has (&marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_BLOCKER, sq ("c0"), XQ_NO_SQUARE));

  xq_lesson_marks_clear (&marks);
  /* b2-b8 has the black cannon on b7 in between and takes nothing. */
  cannon = xq_lesson_explain_illegal (&pos, xq_move_from_iccs ("b2b8"), &marks);
  g_assert_cmpstr (cannon, ==, "A cannon only jumps when it captures.");
  g_assert_true (xq_lesson_marks_has (&marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_BLOCKER, sq ("b7"), XQ_NO_SQUARE));
  /* Over the same screen onto the horse is a capture, and legal. */
  legal = xq_lesson_explain_illegal (&pos, xq_move_from_iccs ("b2b9"), &marks);
  g_assert_null (legal);

  /* Moving the only blocker off the file lets the generals face. */
  g_assert_true (xq_position_set_fen (&pos, "4k4/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1", NULL));
  xq_lesson_marks_clear (&marks);
  exposed = xq_lesson_explain_illegal (&pos, xq_move_from_iccs ("e1c2"), &marks);
  g_assert_cmpstr (exposed, ==, "The two generals may never face each other on an open file.");
  g_assert_true (xq_lesson_marks_has (&marks, XQ_LESSON_MARK_ARROW, XQ_LESSON_ROLE_ATTACK, sq ("e9"), sq ("e0")));
}

static void
test_rules_trade_winner (void)
{
  XqPosition pos;
  XqMove moves[2];
  int balance = 0, bad = -1;

  /* Chariot takes a cannon guarded by a horse: +4.5 - 9. */
  g_assert_true (xq_position_set_fen (&pos, "1n2k4/9/c8/9/R8/9/9/9/9/3K5 w - - 0 1", NULL));
  moves[0] = xq_move_from_iccs ("a5a7");
  moves[1] = xq_move_from_iccs ("b9a7");
  g_assert_true (xq_lesson_trade_balance (&pos, moves, 2, &balance, &bad));
  g_assert_cmpint (balance, ==, 45 - 90);
  moves[1] = xq_move_from_iccs ("b9b1");
  g_assert_false (xq_lesson_trade_balance (&pos, moves, 2, &balance, &bad));
  g_assert_cmpint (bad, ==, 1);

  /* Bare generals: nobody can win. */
  g_assert_true (xq_position_set_fen (&pos, "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", NULL));
  g_assert_cmpstr (xq_lesson_winner (&pos), ==, "draw");
  xq_position_init_start (&pos);
  g_assert_cmpstr (xq_lesson_winner (&pos), ==, "none");
  g_assert_cmpstr (xq_lesson_status_id (&pos), ==, "none");
}

/* ---- Progress -------------------------------------------------------------- */

typedef struct {
  char *dir;
  XqProgressStore *store;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autofree char *base = g_dir_make_tmp ("xq-progress-XXXXXX", NULL);
  g_assert_nonnull (base);
  /* A directory that does not exist yet: the store creates it on save. */
  f->dir = g_build_filename (base, "learners", NULL);
  f->store = xq_progress_store_new (f->dir);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_autofree char *base = g_path_get_dirname (f->dir);
  xq_test_remove_tree (f->dir);
  g_rmdir (base);
  xq_progress_store_free (f->store);
  g_free (f->dir);
}

static void
save_stars (Fixture *f, const char *learner, const char *name, const char *unit, const char *ex, int stars)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqProgress) p = xq_progress_store_load (f->store, learner, &error);

  g_assert_no_error (error);
  g_free (p->name);
  p->name = g_strdup (name);
  xq_progress_record (p, unit, ex, stars);
  g_assert_true (xq_progress_store_save (f->store, p, &error));
  g_assert_no_error (error);
}

static void
test_progress_roundtrip (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqProgress) p = NULL;
  g_autoptr(GPtrArray) ids = NULL;
  int done = 0;

  /* Nobody saved yet: an empty profile, and nothing on disk. */
  p = xq_progress_store_load (f->store, "mei", &error);
  g_assert_no_error (error);
  g_assert_cmpint (xq_progress_get_stars (p, "board", "palace-red"), ==, 0);
  g_assert_false (g_file_test (f->dir, G_FILE_TEST_EXISTS));
  g_clear_pointer (&p, xq_progress_free);

  save_stars (f, "mei", "Mei 美", "board", "palace-red", 2);
  save_stars (f, "mei", "Mei 美", "board", "palace-black", 3);
  save_stars (f, "mei", "Mei 美", "board", "palace-red", 1);   /* worse: the best is kept */
  save_stars (f, "tom", "Tom", "setup", "general", 3);

  p = xq_progress_store_load (f->store, "mei", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (p->name, ==, "Mei 美");
  g_assert_cmpint (xq_progress_get_stars (p, "board", "palace-red"), ==, 2);
  g_assert_cmpint (xq_progress_get_stars (p, "board", "palace-black"), ==, 3);
  g_assert_cmpint (xq_progress_get_stars (p, "setup", "general"), ==, 0);
  g_assert_cmpint (xq_progress_unit_stars (p, "board", &done), ==, 5);
  g_assert_cmpint (done, ==, 2);

  ids = xq_progress_store_list (f->store);
  g_assert_cmpuint (ids->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (ids, 0), ==, "mei");
  g_assert_cmpstr (g_ptr_array_index (ids, 1), ==, "tom");
}

static void
test_progress_leftover_temp (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqProgress) p = NULL;
  g_autoptr(GPtrArray) ids = NULL;
  g_autofree char *tmp = NULL;

  save_stars (f, "mei", "Mei", "board", "corner", 3);
  /* A crash in the middle of a save leaves g_file_set_contents' temporary
   * file behind, half written. */
  tmp = g_build_filename (f->dir, "mei.json.K3ZQ1P", NULL);
  g_assert_true (g_file_set_contents (tmp, "{ \"format\": 1, \"learner\": \"mei\", \"na", -1, NULL));
  p = xq_progress_store_load (f->store, "mei", &error);
  g_assert_no_error (error);
  g_assert_cmpint (xq_progress_get_stars (p, "board", "corner"), ==, 3);
  ids = xq_progress_store_list (f->store);
  g_assert_cmpuint (ids->len, ==, 1);
  /* And the next save still works. */
  save_stars (f, "mei", "Mei", "board", "palace-red", 1);
}

static void
test_progress_truncated (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqProgress) p = NULL;
  g_autofree char *path = g_build_filename (f->dir, "mei.json", NULL);
  g_autofree char *contents = NULL;
  gsize length;

  save_stars (f, "mei", "Mei", "board", "corner", 3);
  save_stars (f, "mei", "Mei", "board", "palace-red", 2);
  /* Cut the file in half: the last good copy must still be found. */
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (path, contents, length / 2, NULL));
  p = xq_progress_store_load (f->store, "mei", &error);
  g_assert_no_error (error);
  g_assert_cmpint (xq_progress_get_stars (p, "board", "corner"), ==, 3);
  g_clear_pointer (&p, xq_progress_free);

  /* Saving over a damaged file must not push out the good backup. */
  save_stars (f, "mei", "Mei", "board", "river-red", 1);
  g_assert_true (g_file_set_contents (path, "", 0, NULL));
  p = xq_progress_store_load (f->store, "mei", &error);
  g_assert_no_error (error);
  g_assert_cmpint (xq_progress_get_stars (p, "board", "corner"), ==, 3);
  g_clear_pointer (&p, xq_progress_free);

  /* Both copies gone bad: what can be read (nothing here), and neither
   * copy is overwritten: both are set aside (tests/test-progress.c looks
   * at the damage in detail). */
  {
    g_autofree char *backup = g_strconcat (path, ".bak", NULL);
    g_assert_true (g_file_set_contents (backup, "{", -1, NULL));
    g_assert_true (g_file_set_contents (path, "[]", -1, NULL));
    p = xq_progress_store_load (f->store, "mei", &error);
    g_assert_no_error (error);
    g_assert_nonnull (p);
    g_assert_cmpuint (g_hash_table_size (p->stars), ==, 0);
    g_autofree char *now = NULL;
    /* The backup now holds the repaired profile, not the damaged bytes. */
    g_assert_true (g_file_get_contents (backup, &now, NULL, NULL));
    g_assert_cmpstr (now, !=, "{");
  }
}

static void
test_progress_reset (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqProgress) mei = NULL;
  g_autoptr(XqProgress) tom = NULL;
  g_autofree char *path = g_build_filename (f->dir, "mei.json", NULL);

  save_stars (f, "mei", "Mei", "board", "corner", 3);
  save_stars (f, "mei", "Mei", "board", "palace-red", 3);
  save_stars (f, "tom", "Tom", "board", "corner", 2);
  g_assert_true (xq_progress_store_reset (f->store, "mei", &error));
  g_assert_no_error (error);

  mei = xq_progress_store_load (f->store, "mei", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (mei->name, ==, "Mei");
  g_assert_cmpuint (g_hash_table_size (mei->stars), ==, 0);
  g_clear_pointer (&mei, xq_progress_free);
  /* The old results cannot come back through the backup either. */
  g_assert_true (g_file_set_contents (path, "garbage", -1, NULL));
  mei = xq_progress_store_load (f->store, "mei", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_hash_table_size (mei->stars), ==, 0);
  /* Other learners keep theirs. */
  tom = xq_progress_store_load (f->store, "tom", &error);
  g_assert_no_error (error);
  g_assert_cmpint (xq_progress_get_stars (tom, "board", "corner"), ==, 2);

  g_assert_true (xq_progress_store_remove (f->store, "tom", &error));
  g_assert_no_error (error);
  {
    g_autoptr(GPtrArray) ids = xq_progress_store_list (f->store);
    g_assert_cmpuint (ids->len, ==, 1);
  }
}

static void
test_progress_bad_learner (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqProgress) p = xq_progress_store_load (f->store, "../etc", &error);

  g_assert_null (p);
  g_assert_error (error, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_BAD_LEARNER);
  g_assert_false (xq_progress_learner_id_valid ("Mei"));
  g_assert_false (xq_progress_learner_id_valid (""));
  g_assert_true (xq_progress_learner_id_valid ("mei_2"));
}

/* What the lesson fuzzer found (docs/fuzzing.md): json-glib's messages cut
 * characters in half, and a "\ud800" key becomes bytes that are not UTF-8
 * in the JSON path.  Every problem's path and message must be UTF-8. */
static void
test_load_problems_utf8 (void)
{
  static const char *const files[] = {
    "fuzz-lesson-json-error-cuts-utf8.json",
    "fuzz-lesson-surrogate-key.json",
  };

  for (size_t i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_build_filename (source_dir (), "tests", "data", "repro", files[i], NULL);
      g_autoptr(GPtrArray) problems = new_problems ();
      g_autoptr(XqLessonFile) file = xq_lesson_load_file (path, problems);

      g_assert_null (file);
      g_assert_cmpuint (problems->len, >, 0);
      for (guint k = 0; k < problems->len; k++)
        {
          XqLessonProblem *problem = g_ptr_array_index (problems, k);
          g_autofree char *line = xq_lesson_problem_format (problem);

          g_assert_true (g_utf8_validate (problem->path, -1, NULL));
          g_assert_true (g_utf8_validate (problem->message, -1, NULL));
          g_assert_true (g_utf8_validate (line, -1, NULL));
        }
    }
}

/* ---- A pack of deep mates with no proof cache (issue 29, item 5) ---------- */

/* tests/data/deep-kills.json: real kills from `xqtool import --as pack` of
 * `tools/make-kill-collection.py --count 40 --min-mate 5` (CCPD positions
 * of tools/game-mates.fen, none in the shipped record): a mate in 7
 * (record-20) 39 times with other move numbers (another proof each, as in
 * bad-lessons/56), then the same once more, a mate in 8 (record-10) and the
 * same mate in 7 again.  Each proof costs 3.3 (13 for the mate in 8) million
 * work units, 0.02 s (0.09 s) of CPU here and well under the solver's 2 s
 * in a sanitizer build, while the first 39 spend the file's budget: the
 * verdicts rest on work, never on the clock.  extra, if given, is one more
 * puzzle appended (an object's text). */
static char *
deep_kills_doc (const char *extra)
{
  g_autofree char *path = g_build_filename (source_dir (), "tests", "data", "deep-kills.json", NULL);
  g_autofree char *text = NULL;
  char *end;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  if (extra == NULL)
    return g_steal_pointer (&text);
  end = strrchr (text, ']');
  g_assert_nonnull (end);
  *end = '\0';
  return g_strdup_printf ("%s, %s ] }", text, extra);
}

/* No mate in 1: the rook's check on the top rank is met by the king. */
#define FALSE_MATE \
  "{ \"id\": \"false\", \"title\": \"F\", \"fen\": \"3k5/9/9/9/9/9/9/9/9/R4K3 w - - 0 1\", \"mate-in\": 1 }"

static void
forget_proof_cache (void)
{
  g_autofree char *cache = xq_proofs_cache_path ();

  g_remove (cache);
  xq_proofs_reset ();
}

static const XqPuzzle *
deep_puzzle (const XqLessonFile *file, guint i)
{
  return g_ptr_array_index (file->pack->puzzles, i);
}

/* With no proof cache (deleted, or the unit opened on another computer),
 * a pack of deep mates that costs more than one load may spend is
 * accepted: the first puzzles proved, the rest left unproved, without
 * keys; proving one later gives the keys a full proof gives, and its
 * verdict goes into the cache, so the next load takes it from there.
 * Before, the load refused the whole file ("the file's budget ran out"). */
static void
test_pending_deep_pack (void)
{
  g_autofree char *doc = deep_kills_doc (NULL);
  g_autoptr(GPtrArray) problems = new_problems ();
  g_autoptr(GPtrArray) problems2 = new_problems ();
  g_autoptr(XqLessonFile) file = NULL;
  g_autoptr(XqLessonFile) again = NULL;
  g_autofree char *verdict = NULL;
  XqPuzzle *pz = NULL;
  XqSolution sol, full, cached;
  guint n_unproved, first = 0;

  forget_proof_cache ();
  file = xq_lesson_load_data (doc, -1, "deep-kills.json", problems);
  for (guint i = 0; i < problems->len; i++)
    g_test_message ("%s", ((XqLessonProblem *) g_ptr_array_index (problems, i))->message);
  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_nonnull (file);
  g_assert_cmpuint (file->pack->puzzles->len, ==, 42);
  n_unproved = xq_puzzle_pack_n_unproved (file->pack);
  g_test_message ("%u of 42 left unproved", n_unproved);
  g_assert_cmpuint (n_unproved, >, 0);
  g_assert_cmpuint (n_unproved, <, 42);
  /* The first puzzles proved, with their keys; once the budget is spent,
   * the later ones unproved, unless their verdict is known. */
  g_assert_false (deep_puzzle (file, 0)->unproved);
  g_assert_cmpuint (deep_puzzle (file, 0)->keys->len, >, 0);
  for (guint i = 0; i < 42; i++)
    {
      const XqPuzzle *p = deep_puzzle (file, i);

      if (p->unproved && pz == NULL)
        {
          pz = (XqPuzzle *) p;
          first = i;
        }
      /* After it, a puzzle is proved only if its verdict was known. */
      if (pz != NULL && !p->unproved)
        {
          XqSolution known;

          g_assert_true (xq_proofs_known (&p->position, p->mate_in, &known));
        }
      if (p->unproved)
        g_assert_cmpuint (p->keys->len, ==, 0);
      else
        g_assert_cmpuint (p->keys->len, >, 0);
    }
  g_assert_nonnull (pz);

  /* Proved later: the same keys as a full proof of the position. */
  verdict = xq_puzzle_prove (pz, NULL, &sol);
  g_assert_null (verdict);
  g_assert_cmpint (xq_lesson_mate_solve_untimed (&pz->position, pz->mate_in, &full), ==, XQ_SOLVE_MATE);
  g_assert_cmpint (sol.mate, ==, pz->mate_in);
  g_assert_cmpint (sol.n_keys, ==, full.n_keys);
  for (int k = 0; k < full.n_keys; k++)
    g_assert_cmpuint (sol.keys[k], ==, full.keys[k]);
  xq_puzzle_take_proof (pz, &sol);
  g_assert_false (pz->unproved);
  g_assert_cmpuint (pz->keys->len, ==, (guint) full.n_keys);
  g_assert_cmpuint (xq_puzzle_pack_n_unproved (file->pack), ==, n_unproved - 1);

  /* Kept in the cache: another process's load takes it from there. */
  xq_proofs_reset ();
  g_assert_true (xq_proofs_known (&pz->position, pz->mate_in, &cached));
  g_assert_cmpint (cached.n_keys, ==, full.n_keys);
  again = xq_lesson_load_data (doc, -1, "deep-kills.json", problems2);
  g_assert_nonnull (again);
  g_assert_false (deep_puzzle (again, first)->unproved);
  g_assert_cmpuint (deep_puzzle (again, first)->keys->len, ==, (guint) full.n_keys);
  /* What the first load proved is cached too, so the second one costs
   * those nothing and proves further with its budget. */
  for (guint i = 0; i < 42; i++)
    if (!deep_puzzle (file, i)->unproved)
      g_assert_false (deep_puzzle (again, i)->unproved);
  g_assert_cmpuint (xq_puzzle_pack_n_unproved (again->pack), <, n_unproved - 1);
  forget_proof_cache ();
}

/* A false mate is still refused where the load proves it; left unproved
 * behind the deep ones, it is accepted at load and its proof later says
 * what is wrong in the loader's words. */
static void
test_pending_false_mate (void)
{
  g_autofree char *first = g_strdup_printf ("{ \"format\": 1, \"type\": \"pack\", \"id\": \"p\", \"title\": \"P\","
                                            "  \"puzzles\": [ %s ] }", FALSE_MATE);
  g_autofree char *last = deep_kills_doc (FALSE_MATE);
  g_autoptr(GPtrArray) problems = new_problems ();
  g_autoptr(GPtrArray) problems2 = new_problems ();
  g_autoptr(XqLessonFile) refused = NULL;
  g_autoptr(XqLessonFile) file = NULL;
  g_autofree char *verdict = NULL;
  const XqPuzzle *pz;
  XqSolution sol;

  forget_proof_cache ();
  refused = xq_lesson_load_data (first, -1, "false.json", problems);
  g_assert_null (refused);
  assert_one_problem (problems, XQ_LESSON_ERROR_UNSOLVABLE, "$.puzzles[0]", "the side to move has no mate in 1");

  file = xq_lesson_load_data (last, -1, "deep-and-false.json", problems2);
  g_assert_cmpuint (problems2->len, ==, 0);
  g_assert_nonnull (file);
  pz = deep_puzzle (file, 42);
  g_assert_cmpstr (pz->id, ==, "false");
  g_assert_true (pz->unproved);
  verdict = xq_puzzle_prove (pz, NULL, &sol);
  g_assert_cmpstr (verdict, ==, "the side to move has no mate in 1");
  g_assert_true (pz->unproved);
  forget_proof_cache ();
}

/* A false verdict is kept like a true one (docs/puzzle-drill.md): the
 * puzzle the load left unproved and its proof found false is not proved
 * again when it is opened again, nor after the process starts anew (the
 * cache file is read back). */
static void
test_pending_false_cached (void)
{
  g_autofree char *doc = deep_kills_doc (FALSE_MATE);
  g_autoptr(GPtrArray) problems = new_problems ();
  g_autoptr(XqLessonFile) file = NULL;
  g_autofree char *first = NULL;
  g_autofree char *again = NULL;
  g_autofree char *after_reset = NULL;
  const XqPuzzle *pz;
  XqSolution sol, known;
  guint solves;

  forget_proof_cache ();
  file = xq_lesson_load_data (doc, -1, "deep-and-false.json", problems);
  g_assert_cmpuint (problems->len, ==, 0);
  pz = deep_puzzle (file, 42);
  g_assert_true (pz->unproved);
  g_assert_false (xq_proofs_known (&pz->position, pz->mate_in, &known));
  solves = xq_lesson_mate_solve_count ();
  first = xq_puzzle_prove (pz, NULL, &sol);
  g_assert_cmpstr (first, ==, "the side to move has no mate in 1");
  g_assert_cmpuint (xq_lesson_mate_solve_count (), ==, solves + 1);
  g_assert_true (xq_proofs_known (&pz->position, pz->mate_in, &known));
  g_assert_cmpint (known.mate, ==, 0);
  g_assert_cmpint (known.n_keys, ==, 0);

  again = xq_puzzle_prove (pz, NULL, &sol);
  g_assert_cmpstr (again, ==, first);
  g_assert_cmpuint (xq_lesson_mate_solve_count (), ==, solves + 1);
  xq_proofs_reset ();
  after_reset = xq_puzzle_prove (pz, NULL, &sol);
  g_assert_cmpstr (after_reset, ==, first);
  g_assert_cmpuint (xq_lesson_mate_solve_count (), ==, solves + 1);
  g_assert_true (pz->unproved);
  forget_proof_cache ();
}

/* `xqtool validate` on such a pack, its cache gone: it proves what the
 * load left unproved (each within a proof's budget), says so, and reports
 * the false mate with its place.  Run again, the proofs are cached, so the
 * load itself reaches the false mate and refuses the file. */
static void
test_pending_validate (void)
{
  g_autofree char *doc = deep_kills_doc (FALSE_MATE);
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "deep-and-false.json", NULL);
  g_autofree char *out = NULL;
  g_autofree char *out2 = NULL;
  g_autofree char *want = NULL;
  const char *args[] = { "validate", path, NULL };

  g_assert_cmpint (g_mkdir_with_parents (g_get_user_data_dir (), 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, doc, -1, NULL));
  want = g_strdup_printf ("%s: $.puzzles[42]: the side to move has no mate in 1\n", path);
  forget_proof_cache ();
  g_assert_cmpint (xq_test_xqtool (args, &out, NULL), ==, 1);
  g_test_message ("%s", out);
  g_assert_true (g_str_has_prefix (out, path));
  g_assert_nonnull (strstr (out, " mates were more than one load may prove; proved them now ("));
  g_assert_true (g_str_has_suffix (out, want));

  g_assert_cmpint (xq_test_xqtool (args, &out2, NULL), ==, 1);
  g_assert_cmpstr (out2, ==, want);
  g_remove (path);
  forget_proof_cache ();
}

int
main (int argc, char **argv)
{
  g_autofree char *bad_dir = NULL;
  g_autoptr(GDir) d = NULL;
  g_autoptr(GPtrArray) bad = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  setlocale (LC_ALL, "");
  xq_test_isolate_dirs ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lesson/load/good", test_load_good);
  g_test_add_func ("/lesson/load/collects-problems", test_load_collects_problems);
  g_test_add_func ("/lesson/load/simple-error", test_load_simple_error);
  g_test_add_func ("/lesson/load/unknown-kind-lists-kinds", test_unknown_kind_lists_kinds);
  g_test_add_func ("/lesson/load/dir-continues", test_load_dir_continues);
  g_test_add_func ("/lesson/load/pack", test_load_pack);
  g_test_add_func ("/lesson/load/problems-utf8", test_load_problems_utf8);

  bad_dir = g_build_filename (source_dir (), "tests", "data", "bad-lessons", NULL);
  d = g_dir_open (bad_dir, 0, NULL);
  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, ".json"))
      g_ptr_array_add (bad, g_build_filename (bad_dir, name, NULL));
  g_ptr_array_sort (bad, compare_names);
  for (guint i = 0; i < bad->len; i++)
    {
      const char *path = g_ptr_array_index (bad, i);
      g_autofree char *base = g_path_get_basename (path);
      g_autofree char *test_path = g_strdup_printf ("/lesson/bad/%.*s", (int) strlen (base) - 5, base);
      g_test_add_data_func (test_path, path, test_bad_lesson);
    }
  g_test_add_data_func ("/lesson/bad/at-least-30", GUINT_TO_POINTER (bad->len), test_bad_lessons_count);

  g_test_add_func ("/lesson/limits/text", test_limits_text);
  g_test_add_func ("/lesson/limits/nesting", test_limits_nesting);
  g_test_add_func ("/lesson/limits/file-size", test_limits_file_size);
  g_test_add_func ("/lesson/limits/proofs", test_limits_proofs);
  g_test_add_func ("/lesson/pending/deep-pack", test_pending_deep_pack);
  g_test_add_func ("/lesson/pending/false-mate", test_pending_false_mate);
  g_test_add_func ("/lesson/pending/false-cached", test_pending_false_cached);
  g_test_add_func ("/lesson/pending/validate", test_pending_validate);
  g_test_add_func ("/lesson/xqtool/validate", test_xqtool_validate);
  g_test_add_func ("/lesson/xqtool/stats", test_xqtool_stats);
  g_test_add_func ("/lesson/rules/values", test_rules_values);
  g_test_add_func ("/lesson/rules/geography", test_rules_geography);
  g_test_add_func ("/lesson/rules/stars", test_rules_stars);
  g_test_add_func ("/lesson/rules/explain", test_rules_explain);
  g_test_add_func ("/lesson/rules/trade-winner", test_rules_trade_winner);

  g_test_add ("/lesson/progress/roundtrip", Fixture, NULL, fixture_set_up, test_progress_roundtrip, fixture_tear_down);
  g_test_add ("/lesson/progress/leftover-temp", Fixture, NULL, fixture_set_up, test_progress_leftover_temp, fixture_tear_down);
  g_test_add ("/lesson/progress/truncated", Fixture, NULL, fixture_set_up, test_progress_truncated, fixture_tear_down);
  g_test_add ("/lesson/progress/reset", Fixture, NULL, fixture_set_up, test_progress_reset, fixture_tear_down);
  g_test_add ("/lesson/progress/bad-learner", Fixture, NULL, fixture_set_up, test_progress_bad_learner, fixture_tear_down);

  return g_test_run ();
}
