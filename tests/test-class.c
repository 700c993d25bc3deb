/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A teacher's class: old progress files still read, hints and dates kept,
 * class lists added without doubles, the CSV byte for byte, a removed
 * learner brought back byte for byte, the one-page report, and xqtool
 * class doing the same from a terminal. */
#define G_LOG_DOMAIN "test-class"

#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "xq-class.h"
#include "xq-class-report.h"
#include "xq-lesson.h"
#include "xq-progress.h"
#include "xq-review.h"
#include "xq-safe-file.h"
#include "test-class-files.h"
#include "xq-test-dirs.h"

typedef struct {
  XqProgressStore *store;
  const char      *dir;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->store = xq_progress_store_new (NULL);
  f->dir = xq_progress_store_get_dir (f->store);
  g_assert_true (g_str_has_prefix (f->dir, g_get_user_data_dir ()));
  xq_test_remove_tree (f->dir);
  g_assert_cmpint (g_mkdir_with_parents (f->dir, 0700), ==, 0);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  xq_progress_store_free (f->store);
}

static void
put (Fixture *f, const char *name, const char *text)
{
  g_autofree char *path = g_build_filename (f->dir, name, NULL);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
}

static char *
get (Fixture *f, const char *name)
{
  g_autofree char *path = g_build_filename (f->dir, name, NULL);
  char *text = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return NULL;
  return text;
}

#define OLD_FILE "{ \"format\": 1, \"learner\": \"mei\", \"name\": \"Mei\",\n" \
                 "  \"stars\": { \"unit1/a\": 3, \"unit2/b\": 1 } }\n"

static void
test_old_format (Fixture *f, gconstpointer data)
{
  g_autoptr(XqProgress) p = NULL;
  g_autoptr(XqProgress) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = NULL;
  const XqProgressResult *r;

  put (f, "mei.json", OLD_FILE);
  p = xq_progress_store_load (f->store, "mei", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (p->name, ==, "Mei");
  g_assert_cmpint (xq_progress_get_stars (p, "unit1", "a"), ==, 3);
  g_assert_cmpint (xq_progress_get_stars (p, "unit2", "b"), ==, 1);
  /* Nothing is made up for results from before hints were kept. */
  g_assert_null (xq_progress_get_result (p, "unit1", "a"));
  /* The file was perfect: not repaired, not set aside. */
  saved = get (f, "mei.json");
  g_assert_cmpstr (saved, ==, OLD_FILE);

  g_assert_true (xq_progress_record_result (p, "unit2", "b", 2, 1, "2026-11-30"));
  g_assert_true (xq_progress_store_save (f->store, p, &error));
  g_assert_no_error (error);
  again = xq_progress_store_load (f->store, "mei", &error);
  g_assert_no_error (error);
  r = xq_progress_get_result (again, "unit2", "b");
  g_assert_nonnull (r);
  g_assert_cmpint (r->hints, ==, 1);
  g_assert_cmpstr (r->date, ==, "2026-11-30");
  g_assert_null (xq_progress_get_result (again, "unit1", "a"));
  g_assert_cmpint (xq_progress_get_stars (again, "unit1", "a"), ==, 3);
  g_free (saved);
  saved = get (f, "mei.json");
  g_assert_nonnull (strstr (saved, "\"results\""));
}

static void
test_record (Fixture *f, gconstpointer data)
{
  g_autoptr(XqProgress) p = xq_progress_new ("tom", "Tom");
  g_autoptr(XqProgress) other = NULL;
  g_autoptr(XqProgress) merged = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *today = g_date_time_format (now, "%Y-%m-%d");
  const XqProgressResult *r;

  g_assert_true (xq_progress_record_result (p, "u", "e", 2, 2, "2026-01-05"));
  /* Fewer stars never win; equal stars win with fewer hints only. */
  g_assert_false (xq_progress_record_result (p, "u", "e", 1, 0, "2026-01-06"));
  g_assert_false (xq_progress_record_result (p, "u", "e", 2, 3, "2026-01-06"));
  g_assert_false (xq_progress_record_result (p, "u", "e", 2, -1, "2026-01-06"));
  g_assert_cmpstr (xq_progress_get_result (p, "u", "e")->date, ==, "2026-01-05");
  g_assert_true (xq_progress_record_result (p, "u", "e", 2, 1, "2026-01-07"));
  r = xq_progress_get_result (p, "u", "e");
  g_assert_cmpint (r->hints, ==, 1);
  g_assert_cmpstr (r->date, ==, "2026-01-07");
  /* The plain record is dated today, hints not known. */
  g_assert_true (xq_progress_record (p, "u", "f", 1));
  r = xq_progress_get_result (p, "u", "f");
  g_assert_cmpint (r->hints, ==, -1);
  g_assert_cmpstr (r->date, ==, today);
  g_assert_false (xq_progress_date_valid ("2026-02-30"));
  g_assert_false (xq_progress_date_valid ("2026-1-05"));
  g_assert_true (xq_progress_date_valid ("2024-02-29"));
  g_assert_true (xq_progress_store_save (f->store, p, &error));

  /* Another page's copy with a better result: the save keeps the best
   * stars with their own result. */
  other = xq_progress_new ("tom", "Tom");
  g_assert_true (xq_progress_record_result (other, "u", "e", 3, 0, "2026-01-09"));
  g_assert_true (xq_progress_store_save (f->store, other, &error));
  merged = xq_progress_store_load (f->store, "tom", &error);
  g_assert_no_error (error);
  g_assert_cmpint (xq_progress_get_stars (merged, "u", "e"), ==, 3);
  g_assert_cmpint (xq_progress_get_result (merged, "u", "e")->hints, ==, 0);
  g_assert_cmpstr (xq_progress_get_result (merged, "u", "e")->date, ==, "2026-01-09");
  g_assert_cmpint (xq_progress_get_stars (merged, "u", "f"), ==, 1);
  g_assert_cmpstr (xq_progress_get_result (merged, "u", "f")->date, ==, today);
}

static void
count_notice (const XqProgressNotice *notice, gpointer user_data)
{
  (*(int *) user_data)++;
}

static void
test_bad_result (Fixture *f, gconstpointer data)
{
  g_autoptr(XqProgress) p = NULL;
  g_autoptr(GError) error = NULL;
  int notices = 0;

  xq_progress_store_set_notice_func (f->store, count_notice, &notices);
  put (f, "mei.json", "{ \"format\": 1, \"learner\": \"mei\", \"name\": \"Mei\","
                      " \"stars\": { \"u/a\": 3, \"u/b\": 2 },"
                      " \"results\": { \"u/a\": { \"hints\": 0, \"date\": \"2026-13-01\" },"
                      " \"u/b\": { \"hints\": 2, \"date\": \"2026-03-01\" }, \"u/c\": { \"hints\": 1 } } }");
  p = xq_progress_store_load (f->store, "mei", &error);
  g_assert_no_error (error);
  g_assert_cmpint (notices, ==, 1);
  /* The stars stay; only the bad results go. */
  g_assert_cmpint (xq_progress_get_stars (p, "u", "a"), ==, 3);
  g_assert_null (xq_progress_get_result (p, "u", "a"));
  g_assert_cmpint (xq_progress_get_result (p, "u", "b")->hints, ==, 2);
  g_assert_null (xq_progress_get_result (p, "u", "c"));
}

static void
save_learner (Fixture *f, const char *id, const char *name)
{
  g_autoptr(XqProgress) p = xq_progress_new (id, name);
  g_autoptr(GError) error = NULL;

  g_assert_true (xq_progress_store_save (f->store, p, &error));
  g_assert_no_error (error);
}

static void
test_csv (Fixture *f, gconstpointer data)
{
  g_autoptr(XqProgress) mei = xq_progress_new ("mei", "Mei \"Little\" Li, Jr.");
  g_autoptr(GDateTime) now = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *csv = NULL;
  g_autofree char *out = NULL;
  g_autofree char *written = NULL;

  g_assert_true (xq_progress_record_result (mei, "unit1-board", "files", 3, 0, "2026-11-02"));
  g_assert_true (xq_progress_record_result (mei, "unit1-board", "ranks", 2, 1, "2026-11-03"));
  g_assert_true (xq_progress_record_result (mei, XQ_PROGRESS_PUZZLE_UNIT, "p1", 3, 0, "2026-11-04"));
  g_assert_true (xq_progress_record_result (mei, XQ_PROGRESS_PUZZLE_UNIT, "p2", 1, 2, "2026-11-05"));
  g_assert_true (xq_progress_store_save (f->store, mei, &error));
  g_assert_true (xq_progress_store_save_streak (f->store, "mei", 2, 5, &error));
  save_learner (f, "zhang", "张伟\n二班");
  /* A name a spreadsheet would run as a formula stays text. */
  save_learner (f, "eve", "=HYPERLINK(\"http://x\",\"a\")");
  save_learner (f, "neg", "-2+3");
  /* A file from before hints were kept: stars only. */
  put (f, "old.json", "{ \"format\": 1, \"learner\": \"old\", \"name\": \"Old\", \"stars\": { \"unit2-setup/a\": 1 } }");

  /* Two items missed on 1 December: one due the next day, one solved
   * again cleanly on the 2nd, so not due until the 5th. */
  {
    g_autoptr(GDateTime) day1 = g_date_time_new_local (2026, 12, 1, 12, 0, 0);
    g_autoptr(GDateTime) day2 = g_date_time_new_local (2026, 12, 2, 12, 0, 0);
    const char *dir = xq_progress_store_get_dir (f->store);

    g_assert_true (xq_review_record_in_dir (dir, "mei", XQ_REVIEW_EXERCISE, "unit1-board", "ranks",
                                            XQ_REVIEW_MISSED, day1, NULL, &error));
    g_assert_true (xq_review_record_in_dir (dir, "mei", XQ_REVIEW_PUZZLE, "pack", "p2",
                                            XQ_REVIEW_MISSED, day1, NULL, &error));
    g_assert_true (xq_review_record_in_dir (dir, "mei", XQ_REVIEW_PUZZLE, "pack", "p2",
                                            XQ_REVIEW_CLEAN, day2, NULL, &error));
  }
  now = g_date_time_new_local (2026, 12, 2, 9, 0, 0);
  rows = xq_class_results (f->store, NULL, now, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rows->len, ==, 8);
  csv = xq_class_results_csv (rows);
  g_assert_cmpstr (csv, ==,
    "learner,name,unit,exercise,stars,hints,date,puzzles_solved,streak,best_streak,review_due\r\n"
    "eve,\"'=HYPERLINK(\"\"http://x\"\",\"\"a\"\")\",,,,,,0,0,0,0\r\n"
    "mei,\"Mei \"\"Little\"\" Li, Jr.\",puzzles,p1,3,0,2026-11-04,2,2,5,1\r\n"
    "mei,\"Mei \"\"Little\"\" Li, Jr.\",puzzles,p2,1,2,2026-11-05,2,2,5,1\r\n"
    "mei,\"Mei \"\"Little\"\" Li, Jr.\",unit1-board,files,3,0,2026-11-02,2,2,5,1\r\n"
    "mei,\"Mei \"\"Little\"\" Li, Jr.\",unit1-board,ranks,2,1,2026-11-03,2,2,5,1\r\n"
    "neg,'-2+3,,,,,,0,0,0,0\r\n"
    "old,Old,unit2-setup,a,1,,,0,0,0,0\r\n"
    "zhang,\"张伟\n二班\",,,,,,0,0,0,0\r\n");

  out = g_build_filename (g_get_tmp_dir (), "class-test.csv", NULL);
  g_assert_true (xq_class_export_csv (f->store, NULL, now, out, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (out, &written, NULL, NULL));
  g_assert_cmpstr (written, ==, csv);
  g_unlink (out);
}

static GPtrArray *
add_list (Fixture *f, const char *text, GError **error)
{
  return xq_class_add_list_data (f->store, text, strlen (text), "class.txt", error);
}

static void
test_add_list (Fixture *f, gconstpointer data)
{
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GPtrArray) ids = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *long_name = g_strnfill (65, 'x');
  g_autofree char *text = NULL;
  g_autofree char *line = NULL;
  static const struct { guint line; const char *name; XqClassNameStatus status; const char *learner; } want[] = {
    { 1, "Mei Ling", XQ_CLASS_NAME_ADDED, "mei-ling" },
    { 2, "Tom", XQ_CLASS_NAME_PRESENT, "tom" },
    { 4, "王小明", XQ_CLASS_NAME_ADDED, "learner-2" },
    { 5, "Mei Ling", XQ_CLASS_NAME_REPEATED, NULL },
    { 6, "Mei  Ling", XQ_CLASS_NAME_ADDED, "mei-ling-2" },
    { 7, NULL, XQ_CLASS_NAME_TOO_LONG, NULL },
    { 8, "李\t华", XQ_CLASS_NAME_BAD, NULL },
  };

  save_learner (f, "tom", "Tom");
  text = g_strdup_printf ("\xEF\xBB\xBFMei Ling\r\n   Tom   \n \t \n王小明\nMei Ling\nMei  Ling\n%s\n李\t华\n\n", long_name);
  entries = add_list (f, text, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, ==, G_N_ELEMENTS (want));
  for (guint i = 0; i < entries->len; i++)
    {
      const XqClassListEntry *e = g_ptr_array_index (entries, i);
      g_assert_cmpuint (e->line, ==, want[i].line);
      if (want[i].name != NULL)
        g_assert_cmpstr (e->name, ==, want[i].name);
      g_assert_cmpint (e->status, ==, want[i].status);
      g_assert_cmpstr (e->learner, ==, want[i].learner);
    }
  ids = xq_progress_store_list (f->store);
  g_assert_cmpuint (ids->len, ==, 4);
  {
    g_autoptr(XqProgress) p = xq_progress_store_load (f->store, "learner-2", &error);
    g_assert_cmpstr (p->name, ==, "王小明");
  }
  line = xq_class_list_entry_describe (g_ptr_array_index (entries, 3));
  g_assert_cmpstr (line, ==, "line 5: Mei Ling: already earlier in the list, not added again");

  /* Adding the same list again doubles no one. */
  g_clear_pointer (&entries, g_ptr_array_unref);
  entries = add_list (f, text, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < entries->len; i++)
    g_assert_cmpint (((XqClassListEntry *) g_ptr_array_index (entries, i))->status, !=, XQ_CLASS_NAME_ADDED);
  g_clear_pointer (&ids, g_ptr_array_unref);
  ids = xq_progress_store_list (f->store);
  g_assert_cmpuint (ids->len, ==, 4);
}

static void
test_add_list_refused (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) ids = NULL;
  g_autofree char *big = g_strnfill (XQ_CLASS_LIST_MAX_BYTES + 1, 'a');
  g_autofree char *path = NULL;
  GPtrArray *entries;

  entries = add_list (f, "Anna\nBad \xFF byte\n", &error);
  g_assert_null (entries);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL);
  g_assert_cmpstr (error->message, ==, "class.txt: byte 9: not UTF-8 text");
  g_clear_error (&error);
  entries = add_list (f, big, &error);
  g_assert_null (entries);
  g_assert_nonnull (strstr (error->message, "class.txt: larger than 256 KiB"));
  g_clear_error (&error);
  /* Through the file: the bound holds before the whole file is read. */
  path = g_build_filename (g_get_tmp_dir (), "class-big.txt", NULL);
  g_assert_true (g_file_set_contents (path, big, -1, NULL));
  entries = xq_class_add_list (f->store, path, &error);
  g_assert_null (entries);
  g_assert_nonnull (error);
  g_unlink (path);
  /* Nothing of a refused list was added. */
  ids = xq_progress_store_list (f->store);
  g_assert_cmpuint (ids->len, ==, 0);
}

static void
test_remove_restore (Fixture *f, gconstpointer data)
{
  g_autoptr(XqProgress) mei = xq_progress_new ("mei", "Mei");
  g_autoptr(XqProgressRemoved) removed = NULL;
  g_autoptr(GHashTable) before = NULL;
  g_autoptr(GHashTable) after = NULL;
  g_autoptr(GPtrArray) ids = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (xq_progress_record_result (mei, "u", "e", 2, 1, "2026-11-01"));
  g_assert_true (xq_progress_store_save (f->store, mei, &error));
  g_assert_true (xq_progress_record_result (mei, "u", "f", 3, 0, "2026-11-02"));
  g_assert_true (xq_progress_store_save (f->store, mei, &error));
  g_assert_true (xq_progress_store_save_streak (f->store, "mei", 4, 7, &error));
  g_assert_true (xq_progress_store_save_streak (f->store, "mei", 1, 7, &error));
  put (f, "mei.json.damaged-20261101-101010", "{ broken");
  /* A learner whose id begins the same is someone else. */
  save_learner (f, "mei-2", "Mei Two");
  save_learner (f, "me", "Me");
  before = xq_test_class_snapshot (f->dir, "");
  g_assert_cmpuint (g_hash_table_size (before), >=, 9);

  removed = xq_progress_store_remove_undoable (f->store, "mei", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (xq_progress_removed_get_name (removed), ==, "Mei");
  g_assert_cmpstr (xq_progress_removed_get_learner (removed), ==, "mei");
  after = xq_test_class_snapshot (f->dir, "");
  {
    GHashTableIter iter;
    gpointer key;

    g_hash_table_iter_init (&iter, after);
    while (g_hash_table_iter_next (&iter, &key, NULL))
      g_assert_false (g_str_has_prefix (key, "mei.") );
  }
  g_assert_true (g_hash_table_contains (after, "mei-2.json"));
  g_assert_true (g_hash_table_contains (after, "me.json"));
  ids = xq_progress_store_list (f->store);
  g_assert_cmpuint (ids->len, ==, 2);

  g_assert_true (xq_progress_removed_restore (removed, &error));
  g_assert_no_error (error);
  g_clear_pointer (&after, g_hash_table_unref);
  after = xq_test_class_snapshot (f->dir, "");
  xq_test_class_assert_same (before, after);

  /* Once back (or replaced), the same removal cannot write over it. */
  g_assert_false (xq_progress_removed_restore (removed, &error));
  g_assert_error (error, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_IO);
}

static XqClassUnit *
make_unit (XqClassUnitKind kind, const char *unit, const char *title, const char *const *items)
{
  XqClassUnit *u = g_new0 (XqClassUnit, 1);

  u->kind = kind;
  u->unit = g_strdup (unit);
  u->id = g_strdup (kind == XQ_CLASS_UNIT_PUZZLES ? "pack" : unit);
  u->title = g_strdup (title);
  u->items = g_ptr_array_new_with_free_func (g_free);
  for (; *items; items++)
    g_ptr_array_add (u->items, g_strdup (*items));
  return u;
}

/* The CSV in the order of the units, not of their ids: unit by unit, each
 * in its exercises' order; results of no unit after them. */
static void
test_csv_unit_order (Fixture *f, gconstpointer data)
{
  g_autoptr(XqProgress) mei = xq_progress_new ("mei", "Mei");
  g_autoptr(GPtrArray) units = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_class_unit_free);
  g_autoptr(GDateTime) now = g_date_time_new_local (2026, 12, 2, 9, 0, 0);
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *csv = NULL;
  const char *const board[] = { "ranks", "files", NULL };
  const char *const own[] = { "b", NULL };
  const char *const pack[] = { "p2", "p1", NULL };

  g_assert_true (xq_progress_record_result (mei, "puzzles", "p1", 3, 0, "2026-11-04"));
  g_assert_true (xq_progress_record_result (mei, "puzzles", "p2", 1, 2, "2026-11-05"));
  g_assert_true (xq_progress_record_result (mei, "zz-own", "b", 2, 0, "2026-11-06"));
  g_assert_true (xq_progress_record_result (mei, "board", "files", 3, 0, "2026-11-02"));
  g_assert_true (xq_progress_record_result (mei, "board", "ranks", 2, 1, "2026-11-03"));
  g_assert_true (xq_progress_record_result (mei, "gone", "x", 1, 0, "2026-10-01"));
  g_assert_true (xq_progress_store_save (f->store, mei, &error));
  g_ptr_array_add (units, make_unit (XQ_CLASS_UNIT_CURRICULUM, "board", "The board", board));
  g_ptr_array_add (units, make_unit (XQ_CLASS_UNIT_OWN, "zz-own", "Ours", own));
  g_ptr_array_add (units, make_unit (XQ_CLASS_UNIT_PUZZLES, "puzzles", "Pack", pack));
  rows = xq_class_results (f->store, units, now, &error);
  g_assert_no_error (error);
  csv = xq_class_results_csv (rows);
  g_assert_cmpstr (csv, ==,
    "learner,name,unit,exercise,stars,hints,date,puzzles_solved,streak,best_streak,review_due\r\n"
    "mei,Mei,board,ranks,2,1,2026-11-03,2,0,0,0\r\n"
    "mei,Mei,board,files,3,0,2026-11-02,2,0,0,0\r\n"
    "mei,Mei,zz-own,b,2,0,2026-11-06,2,0,0,0\r\n"
    "mei,Mei,puzzles,p2,1,2,2026-11-05,2,0,0,0\r\n"
    "mei,Mei,puzzles,p1,3,0,2026-11-04,2,0,0,0\r\n"
    "mei,Mei,gone,x,1,0,2026-10-01,2,0,0,0\r\n");
}

static guint
count_pages (const char *path)
{
  g_autofree char *pdf = NULL;
  gsize len;
  guint pages = 0;

  g_assert_true (g_file_get_contents (path, &pdf, &len, NULL));
  g_assert_true (g_str_has_prefix (pdf, "%PDF-"));
  /* Byte by byte: a compressed stream may hold NULs, where g_strstr_len stops. */
  for (gsize i = 0; i + 12 <= len; i++)
    pages += memcmp (pdf + i, "/Type /Page", 11) == 0 && pdf[i + 11] != 's';
  return pages;
}

/* A teacher's unit: the shipped "Capturing" under another id, number
 * and a long title. */
static char *
write_own_unit (const char *dir, const char *id, int number, const char *title)
{
  g_autofree char *src = g_build_filename (xq_lesson_default_dir (), "unit5-capturing.json", NULL);
  g_autofree char *text = NULL;
  g_autofree char *file = g_strdup_printf ("%s.json", id);
  g_autofree char *path = g_build_filename (dir, file, NULL);
  g_autofree char *head_old = g_strdup ("\"id\": \"capturing\",\n  \"number\": 7,\n  \"title\": \"Capturing\",");
  g_autofree char *head_new = g_strdup_printf ("\"id\": \"%s\",\n  \"number\": %d,\n  \"title\": \"%s\",", id, number, title);
  g_auto(GStrv) parts = NULL;
  g_autofree char *joined = NULL;

  g_assert_true (g_file_get_contents (src, &text, NULL, NULL));
  parts = g_strsplit (text, head_old, 2);
  g_assert_cmpuint (g_strv_length (parts), ==, 2);
  joined = g_strjoinv (head_new, parts);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, joined, -1, NULL));
  return g_steal_pointer (&path);
}

/* One report of the whole class: the shipped units by number, then the
 * teacher's by number, then the puzzle packs; 30 learners with their
 * whole names on the first page, rows readable; a bigger class goes on
 * to another page instead of being left out. */
static void
test_report (Fixture *f, gconstpointer data)
{
  g_autofree char *own = g_build_filename (g_get_user_data_dir (), "report-own-units", NULL);
  g_autofree char *out = g_build_filename (g_get_tmp_dir (), "class-report.pdf", NULL);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  g_autoptr(GPtrArray) units = NULL;
  g_autoptr(GPtrArray) learners = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_progress_free);
  g_autoptr(XqClassReport) report = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *own_b = NULL, *own_a = NULL;
  guint n_lessons = 0, own_at = 0, first_pack = 0, fl, nl, fu, nu;
  double font;

  xq_test_remove_tree (own);
  own_b = write_own_unit (own, "zz-bridge", 92, "Across the river: the soldier and the chariot together");
  own_a = write_own_unit (own, "aa-palace", 91, "Our palace games");
  units = xq_class_units_load (NULL, own, problems);
  g_assert_cmpuint (problems->len, ==, 0);
  /* The curriculum by number (not file name: unit10 after unit9), then
   * the teacher's by number, then the packs. */
  for (guint u = 0; u < units->len; u++)
    {
      const XqClassUnit *unit = g_ptr_array_index (units, u);
      if (unit->kind == XQ_CLASS_UNIT_CURRICULUM)
        {
          g_assert_cmpuint (u, ==, n_lessons);
          n_lessons++;
        }
      else if (unit->kind == XQ_CLASS_UNIT_OWN && own_at == 0)
        own_at = u;
      else if (unit->kind == XQ_CLASS_UNIT_PUZZLES && first_pack == 0)
        first_pack = u;
    }
  g_assert_cmpuint (n_lessons, >=, 10);
  g_assert_cmpuint (own_at, ==, n_lessons);
  g_assert_cmpstr (((XqClassUnit *) g_ptr_array_index (units, own_at))->id, ==, "aa-palace");
  g_assert_cmpstr (((XqClassUnit *) g_ptr_array_index (units, own_at + 1))->id, ==, "zz-bridge");
  g_assert_cmpuint (first_pack, ==, own_at + 2);
  g_assert_cmpstr (((XqClassUnit *) g_ptr_array_index (units, first_pack))->unit, ==, "puzzles");
  g_assert_cmpstr (((XqClassUnit *) g_ptr_array_index (units, 0))->id, ==, "board");

  /* Thirty learners: one with stars in the teacher's unit, long names. */
  for (int i = 0; i < 30; i++)
    {
      g_autofree char *id = g_strdup_printf ("l%02d", i);
      g_autofree char *name = i == 7 ? g_strdup ("Alexandra Maximiliana Konstantinopoulou-Papadopoulou")
                                     : g_strdup_printf ("Learner number %d", i);
      XqProgress *p = xq_progress_new (id, name);

      if (i == 3)
        {
          g_assert_true (xq_progress_record_result (p, "zz-bridge", "chariot-captures", 3, 0, "2026-11-20"));
          g_assert_true (xq_progress_record_result (p, "zz-bridge", "horse-captures", 2, 1, "2026-11-22"));
          g_assert_true (xq_progress_record_result (p, "board", "river-red", 1, 1, "2026-11-01"));
        }
      g_ptr_array_add (learners, p);
    }
  report = xq_class_report_build (units, learners, "Class 3B");
  g_assert_cmpuint (xq_class_report_get_n_units (report), ==, units->len);
  g_assert_cmpstr (xq_class_report_get_unit_title (report, own_at + 1), ==,
                   "Across the river: the soldier and the chariot together");
  g_assert_cmpint (xq_class_report_get_unit_group (report, own_at), ==, XQ_CLASS_REPORT_OWN);
  /* The stars in the teacher's unit count (they showed "0/14" before). */
  {
    int stars, done;
    g_autofree char *last = NULL;

    xq_class_report_get_cell (report, 3, own_at + 1, &stars, &done, &last);
    g_assert_cmpint (stars, ==, 5);
    g_assert_cmpint (done, ==, 2);
    g_assert_cmpstr (last, ==, "2026-11-22");
    xq_class_report_get_cell (report, 3, 0, &stars, &done, NULL);
    g_assert_cmpint (stars, ==, 1);
    g_assert_cmpint (done, ==, 1);
  }
  g_assert_cmpint (xq_class_report_get_unit_group (report, first_pack), ==, XQ_CLASS_REPORT_PUZZLES);
  /* Page 1: all 30 learners and every unit of lessons, shipped and the
   * teacher's, in text of at least 7 pt. */
  xq_class_report_get_page (report, 0, &fl, &nl, &fu, &nu, &font);
  g_assert_cmpuint (fl, ==, 0);
  g_assert_cmpuint (nl, ==, 30);
  g_assert_cmpuint (fu, ==, 0);
  g_assert_cmpfloat (font, >=, 7.0);
  /* The third edition's 18 units and the teacher's 2 are more columns
   * than one page holds: the lessons go on over the next run of pages,
   * never sharing a page with the puzzle packs. */
  g_assert_cmpuint (nu, >=, 12);
  g_assert_cmpuint (nu, <=, first_pack);
  /* Then the rest of the lessons and the puzzle packs, every one of them
   * on some page. */
  {
    guint covered = nu;
    for (guint p = 1; p < xq_class_report_get_n_pages (report); p++)
      {
        xq_class_report_get_page (report, p, &fl, &nl, &fu, &nu, &font);
        g_assert_cmpuint (fu, ==, covered);
        g_assert_cmpuint (nl, ==, 30);
        covered += nu;
      }
    g_assert_cmpuint (covered, ==, units->len);
  }

  /* The store's report, through the same path the app takes. */
  for (guint i = 0; i < learners->len; i++)
    g_assert_true (xq_progress_store_save (f->store, g_ptr_array_index (learners, i), &error));
  g_assert_true (xq_class_write_report (f->store, NULL, own, "Class 3B", out, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_pages (out), ==, xq_class_report_get_n_pages (report));
  g_unlink (out);

  /* Sixty learners: every one on a page, none left out. */
  {
    g_autoptr(XqClassReport) big = xq_class_report_new ("Big class");
    guint seen = 0;

    xq_class_report_add_unit (big, XQ_CLASS_REPORT_CURRICULUM, "Unit", 10);
    for (int i = 0; i < 60; i++)
      {
        g_autofree char *name = g_strdup_printf ("Learner %d", i);
        xq_class_report_add_learner (big, name);
      }
    g_assert_cmpuint (xq_class_report_get_n_pages (big), ==, 2);
    for (guint p = 0; p < 2; p++)
      {
        xq_class_report_get_page (big, p, &fl, &nl, NULL, NULL, &font);
        g_assert_cmpuint (fl, ==, seen);
        g_assert_cmpfloat (font, >=, 6.5);
        seen += nl;
      }
    g_assert_cmpuint (seen, ==, 60);
  }
  xq_test_remove_tree (own);
}

/* The report's cells: stars and exercises done of the unit's present
 * exercises, the teacher's unit counted, the last activity the latest
 * date. */
static void
test_report_cells (Fixture *f, gconstpointer data)
{
  g_autoptr(GPtrArray) units = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_class_unit_free);
  g_autoptr(GPtrArray) learners = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_progress_free);
  g_autoptr(XqClassReport) report = NULL;
  const char *const board[] = { "files", "ranks", NULL };
  const char *const own[] = { "a", "b", "c", NULL };
  XqProgress *mei = xq_progress_new ("mei", "Mei");
  int stars, done;
  g_autofree char *last = NULL;

  g_assert_true (xq_progress_record_result (mei, "own", "a", 3, 0, "2026-11-20"));
  g_assert_true (xq_progress_record_result (mei, "own", "c", 2, 0, "2026-11-21"));
  g_assert_true (xq_progress_record_result (mei, "own", "removed", 3, 0, "2026-11-25"));
  g_ptr_array_add (learners, mei);
  g_ptr_array_add (units, make_unit (XQ_CLASS_UNIT_CURRICULUM, "board", "The board", board));
  g_ptr_array_add (units, make_unit (XQ_CLASS_UNIT_OWN, "own", "Ours", own));
  report = xq_class_report_build (units, learners, NULL);
  xq_class_report_get_cell (report, 0, 1, &stars, &done, &last);
  g_assert_cmpint (stars, ==, 5);
  g_assert_cmpint (done, ==, 2);
  g_assert_cmpstr (last, ==, "2026-11-25");
  xq_class_report_get_cell (report, 0, 0, &stars, &done, NULL);
  g_assert_cmpint (stars, ==, 0);
  g_assert_cmpint (done, ==, 0);
}

static int
by_number (gconstpointer a, gconstpointer b)
{
  return (*(XqUnit *const *) a)->number - (*(XqUnit *const *) b)->number;
}

static const char *
ex_id (GPtrArray *units, guint u, guint e)
{
  return ((const XqExercise *) g_ptr_array_index (((const XqUnit *) g_ptr_array_index (units, u))->exercises, e))->id;
}

/* Where a learner is: what the projector shows when it follows one. */
static void
test_learner_at (Fixture *f, gconstpointer data)
{
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  g_autoptr(GPtrArray) files = xq_lesson_load_dir (xq_lesson_default_dir (), problems);
  g_autoptr(GPtrArray) units = g_ptr_array_new ();
  g_autoptr(XqProgress) p = xq_progress_new ("mei", "Mei");
  guint u = 99, e = 99;

  for (guint i = 0; i < files->len; i++)
    {
      const XqLessonFile *lf = g_ptr_array_index (files, i);
      if (lf->type == XQ_LESSON_FILE_UNIT)
        g_ptr_array_add (units, lf->unit);
    }
  g_ptr_array_sort (units, by_number);
  g_assert_cmpuint (units->len, >=, 3);
  /* Nothing yet: the very first exercise. */
  g_assert_true (xq_class_learner_at (units, p, &u, &e));
  g_assert_cmpuint (u, ==, 0);
  g_assert_cmpuint (e, ==, 0);
  /* Stars without a date (a file from before dates were kept) in unit 3:
   * there, at its first without stars. */
  g_hash_table_insert (p->stars, g_strdup_printf ("%s/%s", ((XqUnit *) g_ptr_array_index (units, 2))->id,
                                                  ex_id (units, 2, 0)), GINT_TO_POINTER (2));
  g_assert_true (xq_class_learner_at (units, p, &u, &e));
  g_assert_cmpuint (u, ==, 2);
  g_assert_cmpuint (e, ==, 1);
  /* A dated result in unit 1 is the latest thing done: back there. */
  for (guint k = 0; k < 3; k++)
    g_assert_true (xq_progress_record_result (p, ((XqUnit *) g_ptr_array_index (units, 0))->id, ex_id (units, 0, k),
                                              3, 0, "2026-11-02"));
  g_assert_true (xq_class_learner_at (units, p, &u, &e));
  g_assert_cmpuint (u, ==, 0);
  g_assert_cmpuint (e, ==, 3);
  /* Unit 1 done: on to the first exercise without stars after it. */
  for (guint k = 3; k < ((XqUnit *) g_ptr_array_index (units, 0))->exercises->len; k++)
    g_assert_true (xq_progress_record_result (p, ((XqUnit *) g_ptr_array_index (units, 0))->id, ex_id (units, 0, k),
                                              1, 2, "2026-11-03"));
  g_assert_true (xq_class_learner_at (units, p, &u, &e));
  g_assert_cmpuint (u, ==, 1);
  g_assert_cmpuint (e, ==, 0);
}

/* xqtool class: the same results from a terminal. */
static void
test_xqtool (Fixture *f, gconstpointer data)
{
  const char *xqtool = g_getenv ("XQTOOL");
  g_autofree char *list = g_build_filename (g_get_tmp_dir (), "class-list.txt", NULL);
  g_autofree char *csv = g_build_filename (g_get_tmp_dir (), "class-cli.csv", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *written = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  g_assert_nonnull (xqtool);
  g_assert_true (g_file_set_contents (list, "Ann\nBen\nAnn\n", -1, NULL));
  {
    const char *argv[] = { xqtool, "class", "add-list", list, "--dir", f->dir, NULL };
    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, 0, NULL, NULL, &out, &err, &status, &error));
  }
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_cmpstr (out, ==, "line 1: Ann: added (ann)\nline 2: Ben: added (ben)\n"
                            "line 3: Ann: already earlier in the list, not added again\n2 of 3 names added\n");
  {
    const char *argv[] = { xqtool, "class", "export-csv", "--out", csv, "--dir", f->dir, NULL };
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, 0, NULL, NULL, &out, &err, &status, &error));
  }
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_true (g_file_get_contents (csv, &written, NULL, NULL));
  g_assert_cmpstr (written, ==, "learner,name,unit,exercise,stars,hints,date,puzzles_solved,streak,best_streak,"
                                "review_due\r\nann,Ann,,,,,,0,0,0,0\r\nben,Ben,,,,,,0,0,0,0\r\n");
  {
    const char *argv[] = { xqtool, "class", "add-list", "/nonexistent/list.txt", "--dir", f->dir, NULL };
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, 0, NULL, NULL, &out, &err, &status, &error));
  }
  g_assert_false (g_spawn_check_wait_status (status, NULL));
  g_assert_true (g_str_has_prefix (err, "xqtool: "));
  g_assert_nonnull (strstr (err, "/nonexistent/list.txt"));
  /* The report with the teacher's units folder, and the CSV in unit order. */
  {
    g_autofree char *own = g_build_filename (g_get_user_data_dir (), "cli-own-units", NULL);
    g_autofree char *pdf = g_build_filename (g_get_tmp_dir (), "class-cli.pdf", NULL);
    g_autofree char *unit = NULL;
    g_autoptr(XqProgress) ann = xq_progress_new ("ann", "Ann");
    g_autofree char *csv_text = NULL;

    xq_test_remove_tree (own);
    unit = write_own_unit (own, "our-unit", 90, "Our unit");
    g_assert_true (xq_progress_record_result (ann, "our-unit", "horse-captures", 2, 0, "2026-11-03"));
    g_assert_true (xq_progress_record_result (ann, "board", "river-red", 3, 0, "2026-11-02"));
    g_assert_true (xq_progress_record_result (ann, "zzz-gone", "x", 1, 0, "2026-11-01"));
    g_assert_true (xq_progress_store_save (f->store, ann, &error));
    {
      const char *argv[] = { xqtool, "class", "report", "--out", pdf, "--dir", f->dir, "--units", own, NULL };
      g_clear_pointer (&out, g_free);
      g_clear_pointer (&err, g_free);
      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, 0, NULL, NULL, &out, &err, &status, &error));
    }
    g_assert_true (g_spawn_check_wait_status (status, NULL));
    g_assert_cmpuint (count_pages (pdf), >=, 2);
    {
      const char *argv[] = { xqtool, "class", "export-csv", "--out", csv, "--dir", f->dir, "--units", own, NULL };
      g_clear_pointer (&out, g_free);
      g_clear_pointer (&err, g_free);
      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, 0, NULL, NULL, &out, &err, &status, &error));
    }
    g_assert_true (g_spawn_check_wait_status (status, NULL));
    g_assert_true (g_file_get_contents (csv, &csv_text, NULL, NULL));
    g_assert_nonnull (strstr (csv_text, "ann,Ann,board,river-red,3,0,2026-11-02,0,0,0,0\r\n"
                                        "ann,Ann,our-unit,horse-captures,2,0,2026-11-03,0,0,0,0\r\n"
                                        "ann,Ann,zzz-gone,x,1,0,2026-11-01,0,0,0,0\r\n"));
    g_unlink (pdf);
    xq_test_remove_tree (own);
  }
  g_unlink (list);
  g_unlink (csv);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  xq_test_isolate_dirs ();
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add ("/class/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("progress/old-format", test_old_format);
  ADD ("progress/record", test_record);
  ADD ("progress/bad-result", test_bad_result);
  ADD ("csv", test_csv);
  ADD ("add-list", test_add_list);
  ADD ("add-list/refused", test_add_list_refused);
  ADD ("remove-restore", test_remove_restore);
  ADD ("csv/unit-order", test_csv_unit_order);
  ADD ("report", test_report);
  ADD ("report/cells", test_report_cells);
  ADD ("learner-at", test_learner_at);
  ADD ("xqtool", test_xqtool);
#undef ADD
  return g_test_run ();
}
