/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Proofs made once: the shipped record is proved again here and must be
 * current; a proof the record lacks is made once, then read from the
 * user's cache; a damaged cache is never trusted. */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "xq-lesson.h"
#include "xq-lesson-rules.h"
#include "xq-proofs.h"
#include "xq-test-dirs.h"
#include "xq-test-xqtool.h"

static const char *
source_dir (void)
{
  const char *dir = g_getenv ("XQ_SOURCE_DIR");

  g_assert_nonnull (dir);
  return dir;
}

static GPtrArray *
new_problems (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
}

/* Every mate of the shipped curriculum and packs, proved again with no
 * record or cache, agrees with lessons/proofs.record, entry for entry. */
static void
test_record_current (void)
{
  g_autofree char *dir = g_build_filename (source_dir (), "lessons", NULL);
  const char *args[] = { "proofs", "check", dir, NULL };
  g_autofree char *err = NULL;

  if (xq_test_xqtool (args, NULL, &err) != 0)
    g_error ("%s", err);
}

#define PACK_DOC(more) \
  "{ \"format\": 1, \"type\": \"pack\", \"id\": \"p\", \"title\": \"P\", \"puzzles\": [" \
  "  { \"id\": \"a\", \"title\": \"A\", \"fen\": \"9/3k5/9/9/R8/9/9/4K4/9/9 w - - 0 1\", \"mate-in\": 1 }" \
  more " ] }"
#define SECOND_PUZZLE \
  ", { \"id\": \"b\", \"title\": \"B\", \"fen\": \"9/3k5/9/9/R8/9/9/5K3/9/9 w - - 0 1\", \"mate-in\": 2," \
  "    \"keys\": [ \"a5a8\", \"a5e5\", \"f2e2\" ] }"

static void
write_text (const char *path, const char *text)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
}

/* The check fails when the content gained a mate the record lacks, lost
 * one the record keeps, or when the record's verdict was changed. */
static void
test_record_stale (void)
{
  g_autofree char *dir = g_dir_make_tmp ("xq-proofs-XXXXXX", NULL);
  g_autofree char *pack = g_build_filename (dir, "p.json", NULL);
  g_autofree char *record = g_build_filename (dir, "proofs.record", NULL);
  const char *one = PACK_DOC ("");
  const char *two = PACK_DOC (SECOND_PUZZLE);
  g_autofree char *text = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GString) tampered = NULL;
  const char *write[] = { "proofs", "write", dir, NULL };
  const char *check[] = { "proofs", "check", dir, NULL };
  gsize len;

  write_text (pack, one);
  g_assert_cmpint (xq_test_xqtool (write, NULL, NULL), ==, 0);
  g_assert_cmpint (xq_test_xqtool (check, NULL, NULL), ==, 0);

  write_text (pack, two);   /* a new puzzle, not in the record */
  g_assert_cmpint (xq_test_xqtool (check, NULL, &err), ==, 1);
  g_assert_nonnull (strstr (err, "is in the content, not in the record"));
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (xq_test_xqtool (write, NULL, NULL), ==, 0);
  write_text (pack, one);   /* the puzzle is gone, its proof stays */
  g_assert_cmpint (xq_test_xqtool (check, NULL, &err), ==, 1);
  g_assert_nonnull (strstr (err, "is in the record, not in the content"));
  g_clear_pointer (&err, g_free);

  /* A verdict changed by hand (still well-formed, so it is read). */
  write_text (pack, two);
  g_assert_true (g_file_get_contents (record, &text, &len, NULL));
  tampered = g_string_new (text);
  g_assert_cmpuint (g_string_replace (tampered, "\"a5a8\", \"a5e5\", \"f2e2\"", "\"a5a8\", \"f2e2\"", 1), ==, 1);
  write_text (record, tampered->str);
  g_assert_cmpint (xq_test_xqtool (check, NULL, &err), ==, 1);
  g_assert_nonnull (strstr (err, "disagree"));

  g_remove (pack);
  g_remove (record);
  g_rmdir (dir);
}

static char *
teacher_unit (void)
{
  return g_strdup ("{ \"format\": 1, \"type\": \"unit\", \"id\": \"mine\", \"number\": 40,"
                   "  \"title\": \"Mine\", \"pages\": [ { \"text\": \"P\" } ],"
                   "  \"exercises\": [ { \"id\": \"m\", \"kind\": \"mate\", \"prompt\": \"Mate\","
                   "    \"fen\": \"9/9/4k4/9/R8/9/9/5K3/9/9 w - - 0 1\", \"mate-in\": 3 } ] }");
}

static void
load_teacher_unit (void)
{
  g_autofree char *doc = teacher_unit ();
  g_autoptr(GPtrArray) problems = new_problems ();
  g_autoptr(XqLessonFile) file = xq_lesson_load_data (doc, -1, "mine.json", problems);

  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_nonnull (file);
}

/* A teacher's mate (in no record: the lessons dir is empty) is proved on
 * the first load, then read from the cache: by this process, and by a
 * later one (the in-memory proofs forgotten).  A damaged cache is ignored
 * and the proof made again. */
static void
test_cache_teacher_mate (void)
{
  g_autofree char *lessons = g_build_filename (g_get_user_data_dir (), "no-lessons", NULL);
  g_autofree char *cache = NULL;
  g_autofree char *text = NULL;
  guint before;

  g_assert_cmpint (g_mkdir_with_parents (lessons, 0700), ==, 0);
  g_setenv ("XQ_LESSONS_DIR", lessons, TRUE);
  xq_proofs_reset ();
  cache = xq_proofs_cache_path ();
  g_assert_true (g_str_has_prefix (cache, g_get_user_cache_dir ()));
  /* The program's temporary home is shared by its tests: start with no cache. */
  g_remove (cache);
  g_assert_false (g_file_test (cache, G_FILE_TEST_EXISTS));

  before = xq_lesson_mate_solve_count ();
  load_teacher_unit ();
  g_assert_cmpuint (xq_lesson_mate_solve_count (), ==, before + 1);
  g_assert_true (g_file_test (cache, G_FILE_TEST_EXISTS));

  load_teacher_unit ();
  g_assert_cmpuint (xq_lesson_mate_solve_count (), ==, before + 1);

  xq_proofs_reset ();
  load_teacher_unit ();
  g_assert_cmpuint (xq_lesson_mate_solve_count (), ==, before + 1);

  /* Damaged: cut in half.  Ignored, proved again, written whole. */
  g_assert_true (g_file_get_contents (cache, &text, NULL, NULL));
  text[strlen (text) / 2] = '\0';
  write_text (cache, text);
  xq_proofs_reset ();
  load_teacher_unit ();
  g_assert_cmpuint (xq_lesson_mate_solve_count (), ==, before + 2);
  xq_proofs_reset ();
  load_teacher_unit ();
  g_assert_cmpuint (xq_lesson_mate_solve_count (), ==, before + 2);
  xq_proofs_reset ();
}

/* An entry whose key does not match its content, or whose key move is not
 * a legal move, is dropped; the valid entries beside it are kept. */
static void
test_cache_entries_validated (void)
{
  g_autofree char *path = g_build_filename (g_get_user_cache_dir (), "p.json", NULL);
  g_autoptr(GError) error = NULL;
  XqProofs *proofs = xq_proofs_new ();
  XqSolution sol;
  XqPosition pos;
  g_autofree char *key = NULL;
  g_autofree char *doc = NULL;
  guint dropped = 0;

  g_assert_true (xq_position_set_fen (&pos, "9/3k5/9/9/R8/9/9/5K3/9/9 w - - 0 1", NULL));
  key = xq_proofs_key (&pos, 2);
  doc = g_strdup_printf ("{ \"format\": 1, \"type\": \"proofs\", \"proofs\": ["
                         " { \"key\": \"%s\", \"fen\": \"9/3k5/9/9/R8/9/9/5K3/9/9 w - - 0 1\", \"mate-in\": 2, \"mate\": 2, \"keys\": [\"a5a8\"] },"
                         " { \"key\": \"%s\", \"fen\": \"9/3k5/9/9/R8/9/9/5K3/9/9 w - - 0 1\", \"mate-in\": 3, \"mate\": 2, \"keys\": [\"a5a8\"] },"
                         " { \"key\": \"%s\", \"fen\": \"9/3k5/9/9/R8/9/9/5K3/9/9 w - - 0 1\", \"mate-in\": 2, \"mate\": 2, \"keys\": [\"a5b6\"] },"
                         " 7 ] }", key, key, key);
  g_assert_cmpint (g_mkdir_with_parents (g_get_user_cache_dir (), 0700), ==, 0);
  write_text (path, doc);
  g_assert_true (xq_proofs_load_file (proofs, path, &dropped, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (dropped, ==, 3);
  g_assert_cmpuint (xq_proofs_size (proofs), ==, 1);
  g_assert_true (xq_proofs_lookup (proofs, &pos, 2, &sol));
  g_assert_cmpint (sol.mate, ==, 2);
  g_assert_false (xq_proofs_lookup (proofs, &pos, 3, &sol));

  write_text (path, "[1, 2]");
  g_assert_false (xq_proofs_load_file (proofs, path, NULL, &error));
  g_assert_nonnull (error);
  xq_proofs_free (proofs);
}

/* The shipped record, indexed as the loader does: every entry looked up
 * one by one agrees with the record read whole, and writing the indexed
 * record out again gives the same text. */
static void
test_index_record (void)
{
  g_autofree char *path = g_build_filename (source_dir (), "lessons", "proofs.record", NULL);
  g_autofree char *out = g_build_filename (g_get_user_cache_dir (), "record-again.json", NULL);
  g_autofree char *text = NULL;
  g_autofree char *again = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  XqProofs *whole = xq_proofs_new ();
  XqProofs *indexed = xq_proofs_new ();
  guint dropped = 1, looked_up = 0;

  g_assert_true (xq_proofs_load_file (whole, path, &dropped, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (dropped, ==, 0);
  g_assert_true (xq_proofs_index_file (indexed, path, &error));
  g_assert_no_error (error);

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *fen = strstr (lines[i], "\"fen\": \"");
      const char *goal = strstr (lines[i], "\"mate-in\": ");
      g_autofree char *fen_text = NULL;
      XqSolution a, b;
      XqPosition pos;
      int n;

      if (fen == NULL || goal == NULL)
        continue;
      fen += strlen ("\"fen\": \"");
      fen_text = g_strndup (fen, (gsize) (strchr (fen, '"') - fen));
      n = atoi (goal + strlen ("\"mate-in\": "));
      g_assert_true (xq_position_set_fen (&pos, fen_text, NULL));
      g_assert_true (xq_proofs_lookup (whole, &pos, n, &a));
      g_assert_true (xq_proofs_lookup (indexed, &pos, n, &b));
      g_assert_cmpint (a.mate, ==, b.mate);
      g_assert_cmpint (a.n_keys, ==, b.n_keys);
      g_assert_cmpmem (a.keys, sizeof (XqMove) * (gsize) a.n_keys, b.keys, sizeof (XqMove) * (gsize) b.n_keys);
      looked_up++;
    }
  g_assert_cmpuint (looked_up, ==, xq_proofs_size (whole));
  g_assert_cmpuint (xq_proofs_size (indexed), ==, looked_up);
  g_assert_null (xq_proofs_diff (whole, indexed, "whole", "indexed"));
  g_assert_null (xq_proofs_diff (indexed, whole, "indexed", "whole"));

  /* Written out without a lookup first: every entry is read for it. */
  xq_proofs_free (indexed);
  indexed = xq_proofs_new ();
  g_assert_true (xq_proofs_index_file (indexed, path, &error));
  g_assert_cmpint (g_mkdir_with_parents (g_get_user_cache_dir (), 0700), ==, 0);
  g_assert_true (xq_proofs_save_file (indexed, out, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (out, &again, NULL, NULL));
  g_assert_cmpstr (again, ==, text);
  xq_proofs_free (whole);
  xq_proofs_free (indexed);
}

/* In the writer's layout each entry is checked when first looked up, as a
 * whole-file load checks it: a key that is not the entry's, a key move that
 * is not legal, a line that is not JSON, each drops that entry alone.  Text
 * in any other layout is read whole, and a document that is not JSON is
 * refused as before. */
static void
test_index_entries_validated (void)
{
  const char *fen = "9/3k5/9/9/R8/9/9/5K3/9/9 w - - 0 1";
  const char *other_fen = "9/3k5/9/9/9/R8/9/5K3/9/9 w - - 0 1";
  g_autoptr(GError) error = NULL;
  g_autofree char *key2 = NULL;
  g_autofree char *key3 = NULL;
  g_autofree char *other2 = NULL;
  g_autofree char *doc = NULL;
  g_autofree char *flat = NULL;
  XqProofs *proofs = xq_proofs_new ();
  XqPosition pos, other;
  XqSolution sol;

  g_assert_true (xq_position_set_fen (&pos, fen, NULL));
  g_assert_true (xq_position_set_fen (&other, other_fen, NULL));
  key2 = xq_proofs_key (&pos, 2);
  key3 = xq_proofs_key (&pos, 3);
  other2 = xq_proofs_key (&other, 2);
  /* Keys in order, as the writer puts them, though the index needs none. */
  doc = g_strdup_printf ("{\n  \"format\": 1,\n  \"type\": \"proofs\",\n  \"proofs\": ["
                         "\n    { \"key\": \"%s\", \"fen\": \"%s\", \"mate-in\": 2, \"mate\": 2, \"keys\": [\"a5a8\"] },"
                         "\n    { \"key\": \"%s\", \"fen\": \"%s\", \"mate-in\": 2, \"mate\": 2, \"keys\": [\"a4a9\"] },"
                         "\n    { \"key\": \"%s\", \"fen\": \"%s\", \"mate-in\": 2, \"mate\": 2, \"keys\": [\"a5b6\"] }"
                         "\n  ]\n}\n",
                         key2, fen, key3, fen, other2, other_fen);
  g_assert_true (xq_proofs_index_data (proofs, "doc", doc, strlen (doc), &error));
  g_assert_no_error (error);
  g_assert_true (xq_proofs_lookup (proofs, &pos, 2, &sol));
  g_assert_cmpint (sol.mate, ==, 2);
  /* Its key says mate in 3, its goal says 2. */
  g_assert_false (xq_proofs_lookup (proofs, &pos, 3, &sol));
  /* a5b6 is not a chariot's move. */
  g_assert_false (xq_proofs_lookup (proofs, &other, 2, &sol));
  g_assert_cmpuint (xq_proofs_size (proofs), ==, 1);
  xq_proofs_free (proofs);

  /* A line that is not JSON, between two good ones: the neighbours stay. */
  g_free (doc);
  doc = g_strdup_printf ("{\n  \"format\": 1,\n  \"type\": \"proofs\",\n  \"proofs\": ["
                         "\n    { \"key\": \"%s\", \"fen\": \"%s\", \"mate-in\": 2, \"mate\": 2, \"keys\": [\"a5a8\"] },"
                         "\n    { \"key\": \"%s\", \"fen\": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[ }"
                         "\n  ]\n}\n", key2, fen, other2);
  proofs = xq_proofs_new ();
  g_assert_true (xq_proofs_index_data (proofs, "doc", doc, strlen (doc), &error));
  g_assert_false (xq_proofs_lookup (proofs, &other, 2, &sol));
  g_assert_true (xq_proofs_lookup (proofs, &pos, 2, &sol));
  g_assert_cmpuint (xq_proofs_size (proofs), ==, 1);
  xq_proofs_free (proofs);

  /* Another layout: read whole, now, as load_file reads it. */
  flat = g_strdup_printf ("{ \"format\": 1, \"type\": \"proofs\", \"proofs\": ["
                          " { \"key\": \"%s\", \"fen\": \"%s\", \"mate-in\": 2, \"mate\": 2, \"keys\": [\"a5a8\"] } ] }",
                          key2, fen);
  proofs = xq_proofs_new ();
  g_assert_true (xq_proofs_index_data (proofs, "flat", flat, strlen (flat), &error));
  g_assert_true (xq_proofs_lookup (proofs, &pos, 2, &sol));
  g_assert_false (xq_proofs_index_data (proofs, "cut", flat, strlen (flat) / 2, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL);
  g_assert_nonnull (strstr (error->message, "cut"));
  xq_proofs_free (proofs);
}

/* Found by the proofs fuzzer: an entry whose key is an array made
 * json-glib's string getter warn (a critical, fatal in tests and in the
 * fuzzer).  Such an entry is dropped without a word; the file still reads. */
static void
test_repro_key_not_string (void)
{
  g_autofree char *path = g_build_filename (source_dir (), "tests", "data", "repro",
                                            "fuzz-proofs-key-not-string.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(XqProofs) whole = xq_proofs_new ();
  g_autoptr(XqProofs) indexed = xq_proofs_new ();
  guint dropped = 0;

  g_assert_true (xq_proofs_load_file (whole, path, &dropped, &error));
  g_assert_no_error (error);
  /* None of the three has a FEN. */
  g_assert_cmpuint (dropped, ==, 3);
  g_assert_cmpuint (xq_proofs_size (whole), ==, 0);
  g_assert_true (xq_proofs_index_file (indexed, path, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (xq_proofs_size (indexed), ==, 0);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  xq_test_isolate_dirs ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/proofs/record/current", test_record_current);
  g_test_add_func ("/proofs/record/stale", test_record_stale);
  g_test_add_func ("/proofs/cache/teacher-mate", test_cache_teacher_mate);
  g_test_add_func ("/proofs/cache/entries-validated", test_cache_entries_validated);
  g_test_add_func ("/proofs/index/record", test_index_record);
  g_test_add_func ("/proofs/index/entries-validated", test_index_entries_validated);
  g_test_add_func ("/proofs/repro/key-not-string", test_repro_key_not_string);
  return g_test_run ();
}
