/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A class on many computers: two simulated computers (two learner stores
 * and units folders) and one class folder.  Both add results, the folder
 * goes away and both work on, it comes back, and the merged class is exact
 * on both computers and in the folder; a damaged learner file is set aside;
 * a folder taken away in the middle of a sync loses nothing; the teacher's
 * units reach every computer; the class file is read strictly. */
#define G_LOG_DOMAIN "test-class-folder"

#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "xq-class.h"
#include "xq-class-folder.h"
#include "xq-lesson.h"
#include "xq-progress.h"
#include "xq-rating.h"
#include "xq-review.h"
#include "xq-test-dirs.h"

typedef struct {
  char            *root;
  char            *folder_path;
  GFile           *folder;
  XqProgressStore *a;
  XqProgressStore *b;
  char            *units_a;
  char            *units_b;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autofree char *dir_a = NULL;
  g_autofree char *dir_b = NULL;

  f->root = g_dir_make_tmp ("xq-class-folder-XXXXXX", NULL);
  g_assert_nonnull (f->root);
  f->folder_path = g_build_filename (f->root, "share", "class-3b", NULL);
  f->folder = g_file_new_for_path (f->folder_path);
  dir_a = g_build_filename (f->root, "computer-a", "learners", NULL);
  dir_b = g_build_filename (f->root, "computer-b", "learners", NULL);
  f->a = xq_progress_store_new (dir_a);
  f->b = xq_progress_store_new (dir_b);
  f->units_a = g_build_filename (f->root, "computer-a", "units", NULL);
  f->units_b = g_build_filename (f->root, "computer-b", "units", NULL);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  xq_test_remove_tree (f->root);
  g_free (f->root);
  g_free (f->folder_path);
  g_object_unref (f->folder);
  xq_progress_store_free (f->a);
  xq_progress_store_free (f->b);
  g_free (f->units_a);
  g_free (f->units_b);
}

static GDateTime *
day (const char *date)
{
  int y, m, d;

  g_assert_cmpint (sscanf (date, "%d-%d-%d", &y, &m, &d), ==, 3);
  return g_date_time_new_local (y, m, d, 12, 0, 0);
}

static void
result (XqProgressStore *store, const char *learner, const char *name, const char *unit,
        const char *exercise, int stars, int hints, const char *date)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqProgress) p = xq_progress_store_load (store, learner, &error);

  g_assert_no_error (error);
  if (name != NULL)
    {
      g_free (p->name);
      p->name = g_strdup (name);
    }
  xq_progress_record_result (p, unit, exercise, stars, hints, date);
  g_assert_true (xq_progress_store_save (store, p, &error));
  g_assert_no_error (error);
}

static void
review (XqProgressStore *store, const char *learner, XqReviewSource source, const char *unit,
        const char *id, XqReviewOutcome outcome, const char *date)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDateTime) now = day (date);

  g_assert_true (xq_review_record_in_dir (xq_progress_store_get_dir (store), learner, source, unit, id,
                                          outcome, now, NULL, &error));
  g_assert_no_error (error);
}

static void
attempts (XqProgressStore *store, const char *learner, int n, double score)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqRatings) r = xq_ratings_load (xq_progress_store_get_dir (store), learner, NULL, &error);
  XqPuzzle puzzle = { .id = (char *) "p1", .mate_in = 1, .difficulty = 2 };

  g_assert_no_error (error);
  for (int i = 0; i < n; i++)
    xq_ratings_record (r, &puzzle, score);
  g_assert_true (xq_ratings_save (r, xq_progress_store_get_dir (store), &error));
  g_assert_no_error (error);
}

static XqRatings *
ratings_of (XqProgressStore *store, const char *learner)
{
  g_autoptr(GError) error = NULL;
  XqRatings *r = xq_ratings_load (xq_progress_store_get_dir (store), learner, NULL, &error);

  g_assert_no_error (error);
  return r;
}

static XqClassSyncReport *
sync_ok (XqProgressStore *store, const char *units_dir)
{
  g_autoptr(GError) error = NULL;
  XqClassSyncReport *report = xq_class_sync (store, units_dir, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (report);
  return report;
}

/* The class results of a store as CSV on 2026-11-06. */
static char *
csv_of (XqProgressStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDateTime) now = day ("2026-11-06");
  g_autoptr(GPtrArray) rows = xq_class_results (store, NULL, now, &error);

  g_assert_no_error (error);
  return xq_class_results_csv (rows);
}

static char *
csv_of_folder (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) messages = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *uuid = g_uuid_string_random ();
  g_autofree char *dir = g_build_filename (f->root, "report", uuid, NULL);
  g_autoptr(XqProgressStore) store = NULL;

  g_assert_true (xq_class_folder_to_store (f->folder, dir, NULL, messages, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (messages->len, ==, 0);
  store = xq_progress_store_new (dir);
  return csv_of (store);
}

static void
folder_away (Fixture *f, gboolean away)
{
  g_autofree char *aside = g_strconcat (f->folder_path, ".unplugged", NULL);

  if (away)
    g_assert_cmpint (g_rename (f->folder_path, aside), ==, 0);
  else
    g_assert_cmpint (g_rename (aside, f->folder_path), ==, 0);
}

static void
create_and_join (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqClassInfo) info = xq_class_folder_create (f->folder, "Class 3B", NULL, &error);
  g_autoptr(XqClassState) state = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (info->name, ==, "Class 3B");
  state = xq_class_join (f->a, f->folder, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (state->id, ==, info->id);
}

/* The whole scenario; the merged class as the CSV of its results. */
static const char merged_csv[] =
  "learner,name,unit,exercise,stars,hints,date,puzzles_solved,streak,best_streak,review_due\r\n"
  "mei,Mei,u1,e1,3,0,2026-11-02,0,2,2,2\r\n"
  "mei,Mei,u1,e2,3,2,2026-11-04,0,2,2,2\r\n"
  "mei,Mei,u2,e1,3,0,2026-11-05,0,2,2,2\r\n"
  "tom,Tom,u1,e1,3,0,2026-11-04,0,0,0,0\r\n"
  "tom,Tom,u2,e1,2,0,2026-11-05,0,0,0,0\r\n";

static void
test_two_computers (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqClassSyncReport) r = NULL;
  g_autoptr(XqClassState) state = NULL;
  g_autoptr(XqRatings) b_before = NULL;
  g_autoptr(GFile) class_file = NULL;
  g_autoptr(GDateTime) now = day ("2026-11-06");
  double b_rating;
  const char *const stores[] = { "a", "b" };

  create_and_join (f);
  /* Computer A: Mei's first results. */
  result (f->a, "mei", "Mei", "u1", "e1", 3, 0, "2026-11-02");
  result (f->a, "mei", NULL, "u1", "e2", 1, 2, "2026-11-02");
  review (f->a, "mei", XQ_REVIEW_EXERCISE, "u1", "e2", XQ_REVIEW_MISSED, "2026-11-02");
  attempts (f->a, "mei", 3, 1.0);
  g_assert_true (xq_progress_store_save_streak (f->a, "mei", 2, 2, &error));
  r = sync_ok (f->a, f->units_a);
  g_assert_false (r->away);
  g_assert_cmpuint (r->n_learners, ==, 1);
  g_assert_cmpuint (r->n_sent, ==, 1);
  g_clear_pointer (&r, xq_class_sync_report_free);

  /* Computer B: Tom, then it joins with the class file handed out. */
  result (f->b, "tom", "Tom", "u1", "e1", 2, 1, "2026-11-03");
  class_file = g_file_get_child (f->folder, XQ_CLASS_FILE_NAME);
  state = xq_class_join (f->b, class_file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (state->name, ==, "Class 3B");
  r = sync_ok (f->b, f->units_b);
  g_assert_cmpuint (r->n_learners, ==, 2);
  g_assert_cmpuint (r->n_received, ==, 1);   /* Mei came */
  g_assert_cmpuint (r->n_sent, ==, 1);       /* Tom went */
  g_clear_pointer (&r, xq_class_sync_report_free);
  r = sync_ok (f->a, f->units_a);
  g_assert_cmpuint (r->n_received, ==, 1);   /* Tom came */
  g_assert_cmpuint (r->n_sent, ==, 0);
  g_clear_pointer (&r, xq_class_sync_report_free);

  /* The folder goes away; both work on. */
  folder_away (f, TRUE);
  result (f->b, "mei", NULL, "u1", "e1", 2, 1, "2026-11-05");   /* worse: not kept */
  result (f->b, "tom", NULL, "u2", "e1", 2, 0, "2026-11-05");   /* the same as A's, later */
  result (f->b, "mei", NULL, "u2", "e1", 3, 0, "2026-11-05");
  review (f->b, "mei", XQ_REVIEW_PUZZLE, "pack1", "p9", XQ_REVIEW_MISSED, "2026-11-05");
  attempts (f->b, "mei", 10, 0.0);
  r = sync_ok (f->b, f->units_b);
  g_assert_true (r->away);
  g_assert_cmpuint (r->n_sent, ==, 0);
  g_clear_pointer (&r, xq_class_sync_report_free);
  g_clear_pointer (&state, xq_class_state_free);
  state = xq_class_state_load (f->b, &error);
  g_assert_true (state->away);
  g_assert_nonnull (state->synced);   /* the last one that finished */

  result (f->a, "mei", NULL, "u1", "e2", 3, 2, "2026-11-04");
  review (f->a, "mei", XQ_REVIEW_EXERCISE, "u1", "e2", XQ_REVIEW_CLEAN, "2026-11-03");
  result (f->a, "tom", NULL, "u1", "e1", 3, 0, "2026-11-04");
  result (f->a, "tom", NULL, "u2", "e1", 2, 0, "2026-11-04");
  b_before = ratings_of (f->b, "mei");
  b_rating = xq_ratings_get_learner (b_before).rating;
  g_assert_cmpuint (xq_ratings_get_attempts (b_before), ==, 13);

  /* Back: B, A, B. */
  folder_away (f, FALSE);
  r = sync_ok (f->b, f->units_b);
  g_assert_false (r->away);
  g_clear_pointer (&r, xq_class_sync_report_free);
  r = sync_ok (f->a, f->units_a);
  g_assert_false (r->away);
  g_clear_pointer (&r, xq_class_sync_report_free);
  r = sync_ok (f->b, f->units_b);
  g_assert_cmpuint (r->n_sent, ==, 0);
  g_clear_pointer (&r, xq_class_sync_report_free);

  /* Both computers and the folder say exactly the same. */
  for (guint i = 0; i < G_N_ELEMENTS (stores); i++)
    {
      XqProgressStore *store = i == 0 ? f->a : f->b;
      g_autofree char *csv = csv_of (store);
      g_autoptr(XqRatings) ratings = ratings_of (store, "mei");
      g_autoptr(XqReview) queue = xq_review_load (xq_progress_store_get_dir (store), "mei", NULL, &error);
      const XqReviewItem *item;

      g_test_message ("computer %s", stores[i]);
      g_assert_cmpstr (csv, ==, merged_csv);
      g_assert_cmpuint (xq_ratings_get_attempts (ratings), ==, 13);
      g_assert_cmpfloat (xq_ratings_get_learner (ratings).rating, ==, b_rating);
      g_assert_cmpuint (xq_review_get_n_items (queue), ==, 2);
      item = xq_review_find (queue, XQ_REVIEW_EXERCISE, "u1", "e2");
      g_assert_nonnull (item);
      g_assert_cmpint (item->box, ==, 2);
      g_assert_cmpstr (item->due, ==, "2026-11-06");
      g_assert_cmpstr (item->added, ==, "2026-11-02");
      g_assert_cmpint (item->misses, ==, 1);
      item = xq_review_find (queue, XQ_REVIEW_PUZZLE, "pack1", "p9");
      g_assert_nonnull (item);
      g_assert_cmpint (item->box, ==, 1);
      g_assert_cmpstr (item->due, ==, "2026-11-06");
      g_assert_cmpstr (item->added, ==, "2026-11-05");
      g_assert_true (xq_review_item_is_due (item, now));
    }
  {
    g_autofree char *csv = csv_of_folder (f);
    g_autoptr(GPtrArray) messages = g_ptr_array_new_with_free_func (g_free);
    g_autoptr(GPtrArray) learners = xq_class_folder_learners (f->folder, messages, NULL, &error);
    const XqClassLearner *mei;

    g_assert_cmpstr (csv, ==, merged_csv);
    g_assert_cmpuint (learners->len, ==, 2);
    mei = g_ptr_array_index (learners, 0);
    g_assert_cmpstr (xq_class_learner_get_id (mei), ==, "mei");
    g_assert_cmpuint (xq_ratings_get_attempts (mei->ratings), ==, 13);
    g_assert_cmpfloat (xq_ratings_get_learner (mei->ratings).rating, ==, b_rating);
  }
}

/* A rename on one computer reaches the others; the default profile stays
 * on its computer. */
static void
test_names (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqClassSyncReport) r = NULL;
  g_autoptr(XqClassState) state = NULL;
  g_autoptr(XqProgress) p = NULL;
  g_autoptr(GPtrArray) ids = NULL;

  create_and_join (f);
  result (f->a, "mei", "Mei", "u1", "e1", 1, -1, "2026-11-02");
  result (f->a, XQ_PROGRESS_DEFAULT_LEARNER, NULL, "u1", "e1", 3, -1, "2026-11-02");
  g_clear_pointer (&r, xq_class_sync_report_free);
  r = sync_ok (f->a, f->units_a);
  state = xq_class_join (f->b, f->folder, NULL, &error);
  g_assert_no_error (error);
  g_clear_pointer (&r, xq_class_sync_report_free);
  r = sync_ok (f->b, f->units_b);
  ids = xq_progress_store_list (f->b);
  g_assert_cmpuint (ids->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (ids, 0), ==, "mei");

  p = xq_progress_store_load (f->b, "mei", &error);
  g_free (p->name);
  p->name = g_strdup ("Mei Ling");
  g_assert_true (xq_progress_store_save (f->b, p, &error));
  g_clear_pointer (&r, xq_class_sync_report_free);
  r = sync_ok (f->b, f->units_b);
  g_clear_pointer (&r, xq_class_sync_report_free);
  r = sync_ok (f->a, f->units_a);
  g_clear_pointer (&p, xq_progress_free);
  p = xq_progress_store_load (f->a, "mei", &error);
  g_assert_cmpstr (p->name, ==, "Mei Ling");
}

static char *
folder_file (Fixture *f, const char *name)
{
  return g_build_filename (f->folder_path, XQ_CLASS_LEARNERS_DIR, name, NULL);
}

static guint
count_damaged (Fixture *f, const char *prefix)
{
  g_autofree char *dir = g_build_filename (f->folder_path, XQ_CLASS_LEARNERS_DIR, NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, prefix))
      n++;
  return n;
}

/* A damaged learner file in the folder is set aside, named in a message
 * with what is wrong, and this computer's copy goes back in its place. */
static void
test_damaged (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqClassSyncReport) r = NULL;
  g_autofree char *tom = folder_file (f, "tom.json");
  g_autofree char *bad = folder_file (f, "zoe.json");
  g_autofree char *text = NULL;
  g_autofree char *csv = NULL;
  const char *message;

  create_and_join (f);
  result (f->a, "tom", "Tom", "u1", "e1", 2, 1, "2026-11-03");
  r = sync_ok (f->a, f->units_a);
  g_clear_pointer (&r, xq_class_sync_report_free);
  /* Cut short by a full disk on another computer, and one that is no JSON. */
  g_assert_true (g_file_get_contents (tom, &text, NULL, NULL));
  g_assert_true (g_file_set_contents (tom, text, (gssize) strlen (text) / 2, NULL));
  g_assert_true (g_file_set_contents (bad, "\x01\x02 not a learner", -1, NULL));

  r = sync_ok (f->a, f->units_a);
  g_assert_false (r->away);
  g_assert_cmpuint (r->messages->len, ==, 2);
  message = g_ptr_array_index (r->messages, 0);
  g_test_message ("%s", message);
  g_assert_nonnull (strstr (message, "learners/tom.json"));
  g_assert_nonnull (strstr (message, "set aside as learners/tom.json.damaged-"));
  message = g_ptr_array_index (r->messages, 1);
  g_test_message ("%s", message);
  g_assert_nonnull (strstr (message, "learners/zoe.json"));
  g_assert_nonnull (strstr (message, "zoe.json.damaged-"));
  g_assert_cmpuint (count_damaged (f, "tom.json.damaged-"), ==, 1);
  g_assert_cmpuint (count_damaged (f, "zoe.json.damaged-"), ==, 1);
  /* Tom's file is whole again, from computer A. */
  csv = csv_of_folder (f);
  g_assert_cmpstr (csv, ==,
                   "learner,name,unit,exercise,stars,hints,date,puzzles_solved,streak,best_streak,review_due\r\n"
                   "tom,Tom,u1,e1,2,1,2026-11-03,0,0,0,0\r\n");
}

typedef struct {
  Fixture *f;
  guint    calls;
} Unplug;

static void
unplug_on_second (const char *learner, gpointer user_data)
{
  Unplug *u = user_data;

  if (++u->calls == 2)
    folder_away (u->f, TRUE);
}

/* The folder is taken away between two learners' writes: the sync says so,
 * nothing is lost, and the next sync finishes. */
static void
test_interrupted (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqClassSyncReport) r = NULL;
  g_autoptr(XqClassState) state = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *folder_csv = NULL;
  g_autofree char *dir = g_build_filename (f->folder_path, XQ_CLASS_LEARNERS_DIR, NULL);
  Unplug u = { f, 0 };

  create_and_join (f);
  result (f->a, "ann", "Ann", "u1", "e1", 3, 0, "2026-11-02");
  result (f->a, "bob", "Bob", "u1", "e1", 2, 0, "2026-11-02");
  result (f->a, "cat", "Cat", "u1", "e2", 1, 3, "2026-11-02");
  before = csv_of (f->a);

  r = xq_class_sync_full (f->a, f->units_a, unplug_on_second, &u, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (r->away);
  g_assert_cmpuint (r->n_sent, ==, 1);
  g_test_message ("%s", (const char *) g_ptr_array_index (r->messages, r->messages->len - 1));
  state = xq_class_state_load (f->a, &error);
  g_assert_true (state->away);
  g_assert_null (state->synced);
  after = csv_of (f->a);
  g_assert_cmpstr (after, ==, before);

  folder_away (f, FALSE);
  {
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
    const char *name;

    /* No temporary file left behind in the folder. */
    while ((name = g_dir_read_name (d)) != NULL)
      g_assert_false (g_str_has_prefix (name, "."));
  }
  g_clear_pointer (&r, xq_class_sync_report_free);
  r = sync_ok (f->a, f->units_a);
  g_assert_false (r->away);
  g_assert_cmpuint (r->n_sent, ==, 2);
  folder_csv = csv_of_folder (f);
  g_assert_cmpstr (folder_csv, ==, before);
}

/* A write whose rename never came (the old file deleted first, then the
 * connection lost): the whole temporary file is the learner's. */
static void
test_temporary_file (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqClassSyncReport) r = NULL;
  g_autoptr(XqClassState) state = NULL;
  g_autofree char *file = folder_file (f, "ann.json");
  g_autofree char *tmp = folder_file (f, ".ann.json.tmp-0badf00d");
  g_autofree char *csv = NULL;
  g_autoptr(XqProgress) p = NULL;

  create_and_join (f);
  result (f->a, "ann", "Ann", "u1", "e1", 3, 0, "2026-11-02");
  r = sync_ok (f->a, f->units_a);
  g_clear_pointer (&r, xq_class_sync_report_free);
  g_assert_cmpint (g_rename (file, tmp), ==, 0);

  state = xq_class_join (f->b, f->folder, NULL, &error);
  g_assert_no_error (error);
  r = sync_ok (f->b, f->units_b);
  g_assert_cmpuint (r->n_received, ==, 1);
  p = xq_progress_store_load (f->b, "ann", &error);
  g_assert_cmpint (xq_progress_get_stars (p, "u1", "e1"), ==, 3);
  g_assert_true (g_file_test (file, G_FILE_TEST_IS_REGULAR));
  csv = csv_of_folder (f);
  g_assert_nonnull (strstr (csv, "ann,Ann,u1,e1,3,0,2026-11-02"));
}

/* The teacher's units and packs in the folder reach every computer; one
 * that does not load stays behind with a message, and a unit of a
 * computer's own is never written over. */
static void
test_units (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqClassSyncReport) r = NULL;
  g_autoptr(XqClassState) state = NULL;
  g_autofree char *shipped = g_build_filename (g_getenv ("XQ_SOURCE_DIR"), "lessons", "unit2-setup.json", NULL);
  g_autofree char *pack = g_build_filename (g_getenv ("XQ_SOURCE_DIR"), "lessons", "puzzles", "00-first-mates.json", NULL);
  g_autofree char *text = NULL;
  g_autofree char *pack_text = NULL;
  g_autofree char *to = g_build_filename (f->folder_path, XQ_CLASS_UNITS_DIR, "our-unit.json", NULL);
  g_autofree char *to_pack = g_build_filename (f->folder_path, XQ_CLASS_UNITS_DIR, "our-pack.json", NULL);
  g_autofree char *broken = g_build_filename (f->folder_path, XQ_CLASS_UNITS_DIR, "broken.json", NULL);
  g_autofree char *got = g_build_filename (f->units_b, "our-unit.json", NULL);
  g_autofree char *got_pack = g_build_filename (f->units_b, "our-pack.json", NULL);
  g_autofree char *got_a = g_build_filename (f->units_a, "our-unit.json", NULL);
  g_autofree char *copy = NULL;

  create_and_join (f);
  g_assert_true (g_file_get_contents (shipped, &text, NULL, NULL));
  g_assert_true (g_file_get_contents (pack, &pack_text, NULL, NULL));
  g_assert_true (g_file_set_contents (to, text, -1, NULL));
  g_assert_true (g_file_set_contents (to_pack, pack_text, -1, NULL));
  g_assert_true (g_file_set_contents (broken, "{ \"format\": 1, \"id\": ", -1, NULL));
  /* Computer A has a unit of its own under that name. */
  g_assert_cmpint (g_mkdir_with_parents (f->units_a, 0700), ==, 0);
  g_assert_true (g_file_set_contents (got_a, "mine", -1, NULL));

  state = xq_class_join (f->b, f->folder, NULL, &error);
  r = sync_ok (f->b, f->units_b);
  g_assert_cmpuint (r->n_units, ==, 2);
  g_assert_cmpuint (r->messages->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (r->messages, 0), "units/broken.json"));
  g_assert_true (g_file_get_contents (got, &copy, NULL, NULL));
  g_assert_cmpstr (copy, ==, text);
  g_assert_true (g_file_test (got_pack, G_FILE_TEST_IS_REGULAR));

  g_clear_pointer (&r, xq_class_sync_report_free);
  r = sync_ok (f->a, f->units_a);
  g_assert_cmpuint (r->n_units, ==, 1);
  g_assert_cmpuint (r->messages->len, ==, 2);
  g_clear_pointer (&copy, g_free);
  g_assert_true (g_file_get_contents (got_a, &copy, NULL, NULL));
  g_assert_cmpstr (copy, ==, "mine");

  /* The teacher changes the unit: B's copy follows. */
  g_clear_pointer (&text, g_free);
  g_assert_true (g_file_get_contents (shipped, &text, NULL, NULL));
  {
    g_autofree char *changed = g_strconcat (text, "\n", NULL);

    g_assert_true (g_file_set_contents (to, changed, -1, NULL));
    g_clear_pointer (&r, xq_class_sync_report_free);
    r = sync_ok (f->b, f->units_b);
    g_assert_cmpuint (r->n_units, ==, 1);
    g_clear_pointer (&copy, g_free);
    g_assert_true (g_file_get_contents (got, &copy, NULL, NULL));
    g_assert_cmpstr (copy, ==, changed);
  }
}

/* The class file: what it must say, and the place of what is wrong. */
static void
test_class_file (void)
{
  static const struct {
    const char *text;
    const char *error;
  } cases[] = {
    { "", "class.xqclass: $:" },
    { "[1]", "class.xqclass: $: should be a group of named values" },
    { "{\"format\": 2}", "class.xqclass: $.format: should be 1" },
    { "{\"format\": 1, \"kind\": \"unit\"}", "class.xqclass: $.kind:" },
    { "{\"format\": 1, \"kind\": \"xiangqi-tutor-class\", \"id\": \"C 1\"}", "class.xqclass: $.id:" },
    { "{\"format\": 1, \"kind\": \"xiangqi-tutor-class\", \"id\": \"c-1\", \"name\": \"a\\tb\"}",
      "class.xqclass: $.name:" },
    { "{\"format\": 1, \"kind\": \"xiangqi-tutor-class\", \"id\": \"c-1\", \"name\": \"3B\","
      " \"created\": \"2026-02-30\"}", "class.xqclass: $.created:" },
    { "{\"format\": 1, \"kind\": \"xiangqi-tutor-class\", \"id\": \"c-1\", \"name\": \"3B\","
      " \"created\": \"2026-02-03\", \"folder\": \"not a uri\"}", "class.xqclass: $.folder:" },
  };
  g_autoptr(XqClassInfo) info = NULL;
  g_autoptr(XqClassInfo) again = NULL;
  g_autofree char *data = NULL;
  gsize length = 0;
  g_autoptr(GError) error = NULL;

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) e = NULL;
      g_autoptr(XqClassInfo) bad = xq_class_info_load_data (cases[i].text, strlen (cases[i].text),
                                                             "class.xqclass", &e);

      g_assert_null (bad);
      g_assert_error (e, XQ_CLASS_FOLDER_ERROR, XQ_CLASS_FOLDER_ERROR_PARSE);
      g_test_message ("%s", e->message);
      g_assert_true (g_str_has_prefix (e->message, cases[i].error));
    }
  info = g_new0 (XqClassInfo, 1);
  info->id = g_strdup ("c-0123456789abcdef");
  info->name = g_strdup ("三年级 “象棋” 班");
  info->created = g_strdup ("2026-12-07");
  info->folder = g_strdup ("smb://school/classes/3b");
  data = xq_class_info_to_data (info, &length);
  again = xq_class_info_load_data (data, length, "class.xqclass", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (again->name, ==, info->name);
  g_assert_cmpstr (again->folder, ==, info->folder);
}

/* A learner's file of the folder: another learner's is refused; a bad
 * part is named and the good parts are kept. */
static void
test_learner_file (void)
{
  static const char other[] = "{ \"format\": 1, \"learner\": \"tom\", \"progress\": {} }";
  static const char half[] =
    "{ \"format\": 1, \"learner\": \"mei\","
    "  \"progress\": { \"format\": 1, \"learner\": \"mei\", \"name\": \"Mei\", \"stars\": { \"u1/e1\": 3 } },"
    "  \"streak\": { \"streak\": 1, \"best\": 4 }, \"ratings\": 5 }";
  g_autoptr(GError) error = NULL;
  g_autofree char *problem = NULL;
  g_autoptr(XqClassLearner) l = xq_class_learner_load_data (other, strlen (other), "mei", "mei.json", &problem, &error);

  g_assert_null (l);
  g_assert_error (error, XQ_CLASS_FOLDER_ERROR, XQ_CLASS_FOLDER_ERROR_PARSE);
  g_assert_cmpstr (error->message, ==, "mei.json: $.learner: should be “mei”: this is another learner’s file");
  g_clear_error (&error);
  l = xq_class_learner_load_data (half, strlen (half), "mei", "mei.json", &problem, &error);
  g_assert_no_error (error);
  g_assert_nonnull (l);
  g_assert_cmpstr (problem, ==, "mei.json: $.ratings: should be a group of named values in { }");
  g_assert_cmpstr (l->progress->name, ==, "Mei");
  g_assert_cmpint (xq_progress_get_stars (l->progress, "u1", "e1"), ==, 3);
  g_assert_cmpint (l->streak, ==, 1);
  g_assert_cmpint (l->best_streak, ==, 4);
  g_assert_cmpuint (xq_ratings_get_attempts (l->ratings), ==, 0);
}

/* A copy of the class file handed out (by mail, on a stick) joins the
 * folder it names; a second class in one folder is refused. */
static void
test_handed_out (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqClassState) state = NULL;
  g_autoptr(XqClassInfo) twice = NULL;
  g_autofree char *src = g_build_filename (f->folder_path, XQ_CLASS_FILE_NAME, NULL);
  g_autofree char *copy = g_build_filename (f->root, "mail", "3b.xqclass", NULL);
  g_autofree char *mail = g_path_get_dirname (copy);
  g_autofree char *text = NULL;
  g_autoptr(GFile) handed = g_file_new_for_path (copy);
  g_autoptr(GFile) nowhere = g_file_new_for_path (f->root);

  create_and_join (f);
  twice = xq_class_folder_create (f->folder, "Other", NULL, &error);
  g_assert_null (twice);
  g_assert_error (error, XQ_CLASS_FOLDER_ERROR, XQ_CLASS_FOLDER_ERROR_EXISTS);
  g_clear_error (&error);
  g_assert_true (g_file_get_contents (src, &text, NULL, NULL));
  g_assert_cmpint (g_mkdir_with_parents (mail, 0700), ==, 0);
  g_assert_true (g_file_set_contents (copy, text, -1, NULL));
  state = xq_class_join (f->b, handed, NULL, &error);
  g_assert_no_error (error);
  {
    g_autoptr(GFile) joined = g_file_new_for_uri (state->folder);
    g_assert_true (g_file_equal (joined, f->folder));
  }
  g_assert_null (xq_class_join (f->b, nowhere, NULL, &error));
  g_assert_error (error, XQ_CLASS_FOLDER_ERROR, XQ_CLASS_FOLDER_ERROR_NOT_A_CLASS);
}

int
main (int argc, char **argv)
{
  xq_test_isolate_dirs ();
  setlocale (LC_ALL, "C.UTF-8");
  g_setenv ("TZ", "UTC", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/class-folder/two-computers", Fixture, NULL, fixture_set_up, test_two_computers, fixture_tear_down);
  g_test_add ("/class-folder/names", Fixture, NULL, fixture_set_up, test_names, fixture_tear_down);
  g_test_add ("/class-folder/damaged", Fixture, NULL, fixture_set_up, test_damaged, fixture_tear_down);
  g_test_add ("/class-folder/interrupted", Fixture, NULL, fixture_set_up, test_interrupted, fixture_tear_down);
  g_test_add ("/class-folder/temporary-file", Fixture, NULL, fixture_set_up, test_temporary_file, fixture_tear_down);
  g_test_add ("/class-folder/units", Fixture, NULL, fixture_set_up, test_units, fixture_tear_down);
  g_test_add ("/class-folder/handed-out", Fixture, NULL, fixture_set_up, test_handed_out, fixture_tear_down);
  g_test_add_func ("/class-folder/class-file", test_class_file);
  g_test_add_func ("/class-folder/learner-file", test_learner_file);
  return g_test_run ();
}
