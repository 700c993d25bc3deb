/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The review queue: Leitner intervals on an injected clock, the file
 * (round trip, damage salvaged and reported), a learner's removal taking
 * every file with it, mirrored variants checked by the rules core, review
 * rounds, and `xqtool review`. */
#define G_LOG_DOMAIN "test-review"

#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>
#include <unistd.h>

#include "xq-kind.h"
#include "xq-progress.h"
#include "xq-rating.h"
#include "xq-review.h"
#include "xq-review-round.h"
#include "xq-safe-file.h"
#include "xq-solver.h"
#include "xq-test-dirs.h"
#include "xq-test-xqtool.h"

/* Noon of day n after 1 December 2026: the test's clock. */
static GDateTime *
day (int n)
{
  g_autoptr(GDateTime) start = g_date_time_new_local (2026, 12, 1, 12, 0, 0);
  return g_date_time_add_days (start, n);
}

static char *
fresh_dir (void)
{
  static int n;
  char *dir = g_strdup_printf ("%s/review-%d", g_get_user_data_dir (), ++n);

  xq_test_remove_tree (dir);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  return dir;
}

static void
assert_item (const XqReview *r, const char *unit, const char *id, int box, const char *due)
{
  const XqReviewItem *item = xq_review_find (r, XQ_REVIEW_EXERCISE, unit, id);

  g_assert_nonnull (item);
  g_assert_cmpint (item->box, ==, box);
  g_assert_cmpstr (item->due, ==, due);
}

/* ---- Intervals ---------------------------------------------------------------- */

static void
test_intervals (void)
{
  g_autoptr(XqReview) r = xq_review_new ("mei");
  static const int days[] = { 1, 3, 7, 14, 30 };
  g_autoptr(GDateTime) d0 = day (0), d1 = day (1), d3 = day (3), d4 = day (4);
  int today;

  for (int b = 1; b <= XQ_REVIEW_N_BOXES; b++)
    g_assert_cmpint (xq_review_box_days (b), ==, days[b - 1]);

  /* A clean solve of an item never missed: nothing to review. */
  g_assert_false (xq_review_record (r, XQ_REVIEW_EXERCISE, "u1", "a", XQ_REVIEW_CLEAN, d0));
  g_assert_cmpuint (xq_review_get_n_items (r), ==, 0);

  /* Missed on day 0: box 1, not due the same day, due on day 1. */
  g_assert_true (xq_review_record (r, XQ_REVIEW_EXERCISE, "u1", "a", XQ_REVIEW_MISSED, d0));
  assert_item (r, "u1", "a", 1, "2026-12-02");
  g_assert_cmpstr (xq_review_find (r, XQ_REVIEW_EXERCISE, "u1", "a")->added, ==, "2026-12-01");
  g_assert_cmpuint (xq_review_count_due (r, d0), ==, 0);
  g_assert_cmpuint (xq_review_count_due (r, d1), ==, 1);
  /* Redone cleanly the same day: not due yet, so it does not count. */
  g_assert_false (xq_review_record (r, XQ_REVIEW_EXERCISE, "u1", "a", XQ_REVIEW_CLEAN, d0));
  assert_item (r, "u1", "a", 1, "2026-12-02");

  /* Clean on day 1: box 2, 3 days; then each due clean solve moves up,
   * waiting 7, 14 and 30 days. */
  g_assert_true (xq_review_record (r, XQ_REVIEW_EXERCISE, "u1", "a", XQ_REVIEW_CLEAN, d1));
  assert_item (r, "u1", "a", 2, "2026-12-05");
  g_assert_cmpuint (xq_review_count_due (r, d3), ==, 0);
  g_assert_cmpuint (xq_review_count_due (r, d4), ==, 1);
  today = 4;
  for (int box = 3; box <= XQ_REVIEW_N_BOXES; box++)
    {
      g_autoptr(GDateTime) now = day (today);
      g_autoptr(GDateTime) later = NULL, before = NULL;
      const XqReviewItem *item;

      g_assert_true (xq_review_record (r, XQ_REVIEW_EXERCISE, "u1", "a", XQ_REVIEW_CLEAN, now));
      item = xq_review_find (r, XQ_REVIEW_EXERCISE, "u1", "a");
      g_assert_cmpint (item->box, ==, box);
      today += days[box - 1];
      later = day (today);
      before = day (today - 1);
      g_assert_true (xq_review_item_is_due (item, later));
      g_assert_false (xq_review_item_is_due (item, before));
    }
  /* Day 4 + 7 + 14 + 30 = 55: due in the last box; clean, it leaves. */
  g_assert_cmpint (today, ==, 55);
  {
    g_autoptr(GDateTime) d55 = day (55);
    g_assert_true (xq_review_record (r, XQ_REVIEW_EXERCISE, "u1", "a", XQ_REVIEW_CLEAN, d55));
    g_assert_null (xq_review_find (r, XQ_REVIEW_EXERCISE, "u1", "a"));
  }

  /* A miss anywhere sends the item back to box 1, due the next day. */
  g_assert_true (xq_review_record (r, XQ_REVIEW_PUZZLE, "pack", "p", XQ_REVIEW_MISSED, d0));
  g_assert_true (xq_review_record (r, XQ_REVIEW_PUZZLE, "pack", "p", XQ_REVIEW_CLEAN, d1));
  g_assert_true (xq_review_record (r, XQ_REVIEW_PUZZLE, "pack", "p", XQ_REVIEW_CLEAN, d4));
  g_assert_cmpint (xq_review_find (r, XQ_REVIEW_PUZZLE, "pack", "p")->box, ==, 3);
  g_assert_true (xq_review_record (r, XQ_REVIEW_PUZZLE, "pack", "p", XQ_REVIEW_MISSED, d4));
  g_assert_cmpint (xq_review_find (r, XQ_REVIEW_PUZZLE, "pack", "p")->box, ==, 1);
  g_assert_cmpstr (xq_review_find (r, XQ_REVIEW_PUZZLE, "pack", "p")->due, ==, "2026-12-06");
  g_assert_cmpint (xq_review_find (r, XQ_REVIEW_PUZZLE, "pack", "p")->misses, ==, 2);
  /* A puzzle and an exercise with the same ids are two items. */
  g_assert_null (xq_review_find (r, XQ_REVIEW_EXERCISE, "pack", "p"));
}

/* Due lists come oldest first, across months and years. */
static void
test_due_order (void)
{
  g_autoptr(XqReview) r = xq_review_new ("mei");
  g_autoptr(GDateTime) d0 = day (0), d30 = day (30), d31 = day (31), d40 = day (40);
  g_autoptr(GPtrArray) due = NULL;
  g_autoptr(GPtrArray) all = NULL;

  g_assert_true (xq_review_record (r, XQ_REVIEW_EXERCISE, "u2", "late", XQ_REVIEW_MISSED, d30));
  g_assert_true (xq_review_record (r, XQ_REVIEW_EXERCISE, "u1", "early", XQ_REVIEW_MISSED, d0));
  g_assert_true (xq_review_record (r, XQ_REVIEW_PUZZLE, "p", "x", XQ_REVIEW_MISSED, d40));
  /* 30 days after 1 December is 31 December; its next day is in 2027. */
  g_assert_cmpstr (xq_review_find (r, XQ_REVIEW_EXERCISE, "u2", "late")->due, ==, "2027-01-01");
  due = xq_review_due (r, d31);
  g_assert_cmpuint (due->len, ==, 2);
  g_assert_cmpstr (((XqReviewItem *) due->pdata[0])->id, ==, "early");
  g_assert_cmpstr (((XqReviewItem *) due->pdata[1])->id, ==, "late");
  all = xq_review_list (r);
  g_assert_cmpuint (all->len, ==, 3);
  g_assert_cmpstr (((XqReviewItem *) all->pdata[2])->id, ==, "x");
}

/* ---- The file ------------------------------------------------------------------- */

static void
test_round_trip (void)
{
  g_autofree char *dir = fresh_dir ();
  g_autofree char *path = xq_review_path (dir, "mei");
  g_autofree char *data = NULL, *again = NULL, *report = NULL;
  g_autoptr(XqReview) r = xq_review_new ("mei");
  g_autoptr(XqReview) back = NULL;
  g_autoptr(XqReview) none = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GDateTime) d0 = day (0), d1 = day (1);

  g_assert_true (g_str_has_suffix (path, "/mei.review.json"));
  g_assert_null (xq_review_path (dir, "../mei"));
  none = xq_review_load (dir, "mei", &report, &error);
  g_assert_no_error (error);
  g_assert_null (report);
  g_assert_cmpuint (xq_review_get_n_items (none), ==, 0);

  xq_review_record (r, XQ_REVIEW_EXERCISE, "unit5-capturing", "chariot-captures", XQ_REVIEW_MISSED, d0);
  xq_review_record (r, XQ_REVIEW_PUZZLE, "first-mates", "first-mates-1", XQ_REVIEW_MISSED, d0);
  xq_review_record (r, XQ_REVIEW_PUZZLE, "first-mates", "first-mates-1", XQ_REVIEW_CLEAN, d1);
  g_assert_true (xq_review_save (r, dir, &error));
  g_assert_no_error (error);
  back = xq_review_load (dir, "mei", &report, &error);
  g_assert_no_error (error);
  g_assert_null (report);
  data = xq_review_to_data (r);
  again = xq_review_to_data (back);
  g_assert_cmpstr (again, ==, data);
  g_assert_cmpint (xq_review_find (back, XQ_REVIEW_PUZZLE, "first-mates", "first-mates-1")->box, ==, 2);
  /* No temporary files left behind. */
  {
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
    const char *name;
    guint n = 0;

    while ((name = g_dir_read_name (d)) != NULL)
      n++;
    g_assert_cmpuint (n, ==, 1);
  }
  {
    g_autoptr(XqReview) bad = xq_review_new ("Bad Id");
    g_assert_false (xq_review_save (bad, dir, &error));
    g_assert_error (error, XQ_REVIEW_ERROR, XQ_REVIEW_ERROR_BAD_LEARNER);
  }
}

static guint
count_prefix (const char *dir, const char *prefix)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    n += g_str_has_prefix (name, prefix);
  return n;
}

static char *
find_damaged (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while ((name = g_dir_read_name (d)) != NULL)
    if (strstr (name, ".damaged-") != NULL)
      return g_build_filename (dir, name, NULL);
  return NULL;
}

/* One bad item loses only itself; the damaged file is kept byte for byte
 * and the learner is told. */
static void
test_damaged (void)
{
  g_autofree char *dir = fresh_dir ();
  g_autofree char *path = xq_review_path (dir, "mei");
  g_autofree char *report = NULL, *aside = NULL, *kept = NULL, *now_text = NULL;
  g_autoptr(XqReview) r = NULL;
  g_autoptr(XqReview) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GDateTime) d1 = day (1);
  const char *bad =
    "{ \"format\": 1, \"learner\": \"mei\", \"items\": [\n"
    "  { \"source\": \"exercise\", \"unit\": \"u1\", \"id\": \"a\", \"box\": 1, \"due\": \"2026-12-02\","
    " \"added\": \"2026-12-01\", \"misses\": 1 },\n"
    "  { \"source\": \"exercise\", \"unit\": \"u1\", \"id\": \"b\", \"box\": 9, \"due\": \"2026-12-02\","
    " \"added\": \"2026-12-01\", \"misses\": 1 },\n"
    "  { \"source\": \"puzzle\", \"unit\": \"p\", \"id\": \"c\", \"box\": 2, \"due\": \"2026-02-30\","
    " \"added\": \"2026-12-01\", \"misses\": 1 }\n"
    "] }\n";

  g_assert_true (g_file_set_contents (path, bad, -1, &error));
  r = xq_review_load (dir, "mei", &report, &error);
  g_assert_no_error (error);
  g_assert_nonnull (r);
  g_assert_cmpuint (xq_review_get_n_items (r), ==, 1);
  g_assert_nonnull (xq_review_find (r, XQ_REVIEW_EXERCISE, "u1", "a"));
  g_assert_cmpuint (xq_review_count_due (r, d1), ==, 1);
  g_assert_nonnull (report);
  g_assert_nonnull (strstr (report, "$.items[1]"));
  g_assert_nonnull (strstr (report, "1 item to review was kept"));
  aside = find_damaged (dir);
  g_assert_nonnull (aside);
  g_assert_nonnull (strstr (report, aside));
  g_assert_true (g_file_get_contents (aside, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, bad);
  /* The salvaged queue took the file's place: the next load is quiet. */
  g_clear_pointer (&report, g_free);
  again = xq_review_load (dir, "mei", &report, &error);
  g_assert_null (report);
  g_assert_cmpuint (xq_review_get_n_items (again), ==, 1);
  g_clear_pointer (&again, xq_review_free);

  /* Not JSON at all, or another learner's: nothing kept, still reported. */
  for (int k = 0; k < 2; k++)
    {
      const char *text = k == 0 ? "{ \"format\": 1, \"items\": [ {" :
                         "{ \"format\": 1, \"learner\": \"tom\", \"items\": [] }";

      g_assert_true (g_file_set_contents (path, text, -1, &error));
      g_clear_pointer (&report, g_free);
      again = xq_review_load (dir, "mei", &report, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (xq_review_get_n_items (again), ==, 0);
      g_assert_nonnull (report);
      g_assert_nonnull (strstr (report, k == 0 ? "mei.review.json" : "$.learner"));
      g_clear_pointer (&again, xq_review_free);
    }
  g_assert_cmpuint (count_prefix (dir, "mei.review.json.damaged-"), >=, 2);

  /* A record on a damaged file keeps the good items and adds the new one. */
  g_assert_true (g_file_set_contents (path, bad, -1, &error));
  g_clear_pointer (&report, g_free);
  g_assert_true (xq_review_record_in_dir (dir, "mei", XQ_REVIEW_PUZZLE, "p", "d", XQ_REVIEW_MISSED,
                                          d1, &report, &error));
  g_assert_nonnull (report);
  again = xq_review_load (dir, "mei", NULL, &error);
  g_assert_cmpuint (xq_review_get_n_items (again), ==, 2);
  now_text = g_date_time_format (d1, "%Y-%m-%d");
  g_assert_cmpstr (xq_review_find (again, XQ_REVIEW_PUZZLE, "p", "d")->added, ==, now_text);

  /* A bad learner id is an error, not an empty queue. */
  g_assert_null (xq_review_load (dir, "Mei!", NULL, &error));
  g_assert_error (error, XQ_REVIEW_ERROR, XQ_REVIEW_ERROR_BAD_LEARNER);
}

/* ---- Removing a learner --------------------------------------------------------- */

static void
put (const char *dir, const char *name, const char *text)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, text, -1, &error));
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static char *
listing (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  GString *out = g_string_new (NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *text = NULL;

      g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
      g_ptr_array_add (names, g_strdup_printf ("%s=%s", name, text));
    }
  g_ptr_array_sort (names, compare_strings);
  for (guint i = 0; i < names->len; i++)
    g_string_append_printf (out, "%s\n", (char *) names->pdata[i]);
  return g_string_free (out, FALSE);
}

/* Removal (and its undo) covers the profile, the streak, the ratings and
 * the review queue, with their backups and damaged copies, and nothing of
 * another learner whose id starts the same. */
/* The fuzzer's seeds for the learner files start from files the loaders
 * take whole (all but those named "bad"): a seed the loader refuses
 * teaches the fuzzer nothing about the rest of the format.  The first
 * byte picks the file, as in tests/fuzz/fuzz-learner-files.c. */
static void
test_fuzz_seeds (void)
{
  g_autofree char *dir = g_build_filename (g_getenv ("XQ_SOURCE_DIR"), "tests", "fuzz", "corpus",
                                           "learner-files", NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint seen = 0;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *data = NULL;
      g_autoptr(GError) error = NULL;
      gsize len = 0;

      if (strstr (name, "bad") != NULL)
        continue;
      g_assert_true (g_file_get_contents (path, &data, &len, NULL));
      g_assert_cmpuint (len, >, 1);
      g_test_message ("%s", name);
      if (data[0] & 1)
        {
          g_autoptr(XqRatings) r = xq_ratings_load_data (data + 1, (gssize) len - 1, "mei", name, &error);
          g_assert_no_error (error);
          g_assert_nonnull (r);
        }
      else
        {
          g_autofree char *first = NULL;
          guint problems = 0;
          g_autoptr(XqReview) r = xq_review_load_data (data + 1, (gssize) len - 1, "mei", name,
                                                       &problems, &first, &error);
          g_assert_no_error (error);
          g_assert_nonnull (r);
          g_assert_cmpstr (first, ==, NULL);
          g_assert_cmpuint (problems, ==, 0);
          g_assert_cmpuint (xq_review_get_n_items (r), >, 0);
        }
      seen++;
    }
  g_assert_cmpuint (seen, >=, 2);
}

/* Not a file at all (a link to a device): set aside, and the message
 * says what it is, not that it is too large. */
static void
test_not_a_file (void)
{
  g_autofree char *dir = fresh_dir ();
  g_autofree char *path = g_build_filename (dir, "mei.review.json", NULL);
  g_autofree char *report = NULL;
  g_autoptr(XqReview) r = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (symlink ("/dev/zero", path), ==, 0);
  r = xq_review_load (dir, "mei", &report, &error);
  g_assert_no_error (error);
  g_assert_nonnull (r);
  g_assert_nonnull (report);
  g_assert_nonnull (strstr (report, "not a regular file"));
  g_assert_null (strstr (report, "too large"));
  xq_test_remove_tree (dir);
}

static void
test_remove (void)
{
  g_autofree char *dir = fresh_dir ();
  g_autoptr(XqProgressStore) store = xq_progress_store_new (dir);
  g_autoptr(XqProgress) mei = xq_progress_new ("mei", "Mei");
  g_autoptr(XqRatings) ratings = xq_ratings_new ("mei");
  g_autoptr(XqRatings) other = xq_ratings_new ("mei-b");
  g_autoptr(XqProgressRemoved) removed = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GDateTime) d0 = day (0);
  g_autofree char *before = NULL, *after = NULL, *restored = NULL, *others = NULL;

  xq_progress_record (mei, "u1", "a", 2);
  g_assert_true (xq_progress_store_save (store, mei, &error));
  g_assert_true (xq_progress_store_save_streak (store, "mei", 1, 2, &error));
  g_assert_true (xq_ratings_save (ratings, dir, &error));
  g_assert_true (xq_review_record_in_dir (dir, "mei", XQ_REVIEW_EXERCISE, "u1", "a", XQ_REVIEW_MISSED,
                                          d0, NULL, &error));
  put (dir, "mei.review.json.damaged-20261201-000000", "old");
  put (dir, "mei.ratings.json.damaged-20261201-000000", "old");
  /* Another learner, "mei-b": untouched by every step. */
  {
    g_autoptr(XqProgress) b = xq_progress_new ("mei-b", "Mei B");
    g_assert_true (xq_progress_store_save (store, b, &error));
    g_assert_true (xq_ratings_save (other, dir, &error));
    g_assert_true (xq_review_record_in_dir (dir, "mei-b", XQ_REVIEW_PUZZLE, "p", "x", XQ_REVIEW_MISSED,
                                            d0, NULL, &error));
  }
  g_assert_cmpuint (count_prefix (dir, "mei.review.json"), ==, 2);
  g_assert_cmpuint (count_prefix (dir, "mei.ratings.json"), ==, 2);
  before = listing (dir);

  removed = xq_progress_store_remove_undoable (store, "mei", &error);
  g_assert_no_error (error);
  g_assert_nonnull (removed);
  g_assert_cmpuint (count_prefix (dir, "mei."), ==, 0);
  g_assert_cmpuint (count_prefix (dir, "mei-b."), ==, 4);
  after = listing (dir);
  g_assert_true (xq_progress_removed_restore (removed, &error));
  g_assert_no_error (error);
  restored = listing (dir);
  g_assert_cmpstr (restored, ==, before);

  /* The plain removal too. */
  g_assert_true (xq_progress_store_remove (store, "mei", &error));
  g_assert_cmpuint (count_prefix (dir, "mei."), ==, 0);
  others = listing (dir);
  g_assert_cmpstr (others, ==, after);

  /* A reset forgets the queue (a result) and keeps the name. */
  g_assert_true (xq_progress_store_reset (store, "mei-b", &error));
  g_assert_cmpuint (count_prefix (dir, "mei-b.review.json"), ==, 0);
}

/* ---- Variants --------------------------------------------------------------------- */

static const char unit_json[] =
  "{ \"format\": 1, \"type\": \"unit\", \"id\": \"u-test\", \"number\": 1, \"title\": \"Test\",\n"
  "  \"pages\": [ { \"text\": \"Test\" } ],\n"
  "  \"exercises\": [\n"
  "    { \"id\": \"mate2\", \"kind\": \"mate\", \"prompt\": \"Mate in two with the horse on h6.\",\n"
  "      \"fen\": \"5k3/9/9/7N1/9/9/9/9/9/4K4 w - - 0 1\", \"mate-in\": 2,\n"
  "      \"hints\": [ \"The horse on h6.\" ] },\n"
  "    { \"id\": \"best\", \"kind\": \"move\", \"prompt\": \"Take the best piece.\",\n"
  "      \"fen\": \"3k5/9/9/9/1n2R2r1/9/9/9/9/4K4 w - - 0 1\", \"goal\": \"capture-best\" },\n"
  "    { \"id\": \"piece\", \"kind\": \"move\", \"prompt\": \"Move the marked horse.\",\n"
  "      \"fen\": \"3k5/9/9/9/9/9/9/9/1N7/4K4 w - - 0 1\", \"goal\": \"piece\", \"square\": \"b1\",\n"
  "      \"marks\": [ { \"point\": \"b1\", \"role\": \"target\" } ] },\n"
  "    { \"id\": \"walk\", \"kind\": \"stars\", \"prompt\": \"Collect the stars.\",\n"
  "      \"fen\": \"3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1\", \"square\": \"a0\", \"stars\": [ \"a5\", \"c5\" ] },\n"
  "    { \"id\": \"listed\", \"kind\": \"move\", \"prompt\": \"Play the chariot to b5.\",\n"
  "      \"fen\": \"3k5/9/9/9/9/9/9/9/1R7/4K4 w - - 0 1\", \"goal\": \"given\", \"moves\": [ \"b1b5\" ] },\n"
  "    { \"id\": \"tap\", \"kind\": \"tap\", \"prompt\": \"Tap the river bank.\", \"rule\": \"river-bank\",\n"
  "      \"side\": \"red\" }\n"
  "  ] }\n";

static const char pack_json[] =
  "{ \"format\": 1, \"type\": \"pack\", \"id\": \"p-test\", \"title\": \"Test pack\",\n"
  "  \"puzzles\": [\n"
  "    { \"id\": \"ladder\", \"title\": \"Chariot ladder\", \"fen\": \"1RRa1k3/9/5a3/9/6b2/9/9/9/9/5K3 w - - 0 1\",\n"
  "      \"mate-in\": 2, \"difficulty\": 2 }\n"
  "  ] }\n";

static XqLessonFile *
load (const char *json)
{
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  XqLessonFile *file = xq_lesson_load_data (json, -1, "test.json", problems);

  if (problems->len > 0)
    {
      g_autofree char *line = xq_lesson_problem_format (g_ptr_array_index (problems, 0));
      g_error ("%s", line);
    }
  g_assert_nonnull (file);
  return file;
}

static const XqExercise *
exercise (const XqLessonFile *file, const char *id)
{
  for (guint i = 0; i < file->unit->exercises->len; i++)
    {
      const XqExercise *ex = g_ptr_array_index (file->unit->exercises, i);
      if (strcmp (ex->id, id) == 0)
        return ex;
    }
  g_assert_not_reached ();
}

static gboolean
accepts (const XqExercise *ex, XqMove m)
{
  XqAnswer a = { .moves = &m, .n_moves = 1 };
  g_autoptr(XqVerdict) v = xq_exercise_check (ex, &a);

  return v != NULL && (v->kind == XQ_VERDICT_CORRECT || v->kind == XQ_VERDICT_INCOMPLETE);
}

static void
test_mirror_basics (void)
{
  XqPosition pos, back, twice;
  g_autoptr(GError) error = NULL;
  g_autofree char *fen = NULL;

  g_assert_cmpint (xq_review_mirror_square (xq_square_from_text ("a0")), ==, xq_square_from_text ("i0"));
  g_assert_cmpint (xq_review_mirror_square (xq_square_from_text ("e4")), ==, xq_square_from_text ("e4"));
  g_assert_cmpint (xq_review_mirror_move (xq_move_from_iccs ("h2e2")), ==, xq_move_from_iccs ("b2e2"));
  g_assert_true (xq_position_set_fen (&pos, "1RRa1k3/9/5a3/9/6b2/9/9/9/9/5K3 w - - 0 1", &error));
  xq_review_mirror_position (&pos, &back);
  fen = xq_position_to_fen (&back);
  g_assert_cmpstr (fen, ==, "3k1aRR1/9/3a5/9/2b6/9/9/9/9/3K5 w - - 0 1");
  g_assert_true (xq_position_validate (&back, &error));
  xq_review_mirror_position (&back, &twice);
  g_assert_true (memcmp (twice.board, pos.board, sizeof pos.board) == 0);
  g_assert_cmpuint (twice.key, ==, pos.key);
}

/* The mate's variant: the mirrored position, the same distance, the
 * mirrored keys, as the solver proves; the author's words that name
 * points are not carried over. */
static void
test_variant_mate (void)
{
  g_autoptr(XqLessonFile) file = load (unit_json);
  const XqExercise *ex = exercise (file, "mate2");
  g_autoptr(XqExercise) var = xq_review_mirror_exercise (ex);
  g_autoptr(XqSolver) solver = xq_solver_new ();
  g_autofree XqSolution *a = g_new0 (XqSolution, 1);
  g_autofree XqSolution *b = g_new0 (XqSolution, 1);
  g_autofree char *fen = NULL;
  XqAnswer ans = { 0 };

  g_assert_nonnull (var);
  g_assert_true (xq_exercise_is (var, "mate"));
  fen = xq_position_to_fen (&var->position);
  g_assert_cmpstr (fen, ==, "3k5/9/9/1N7/9/9/9/9/9/4K4 w - - 0 1");
  xq_exercise_answer (var, &ans);
  g_assert_cmpint (ans.count, ==, 2);
  g_assert_null (strstr (var->prompt, "h6"));
  g_assert_nonnull (strstr (var->prompt, "mirrored"));
  g_assert_cmpuint (var->hints->len, ==, 0);
  g_assert_cmpint (xq_solver_solve (solver, &ex->position, 2, a), ==, XQ_SOLVE_MATE);
  g_assert_cmpint (xq_solver_solve (solver, &var->position, 2, b), ==, XQ_SOLVE_MATE);
  g_assert_cmpint (a->mate, ==, 2);
  g_assert_cmpint (b->mate, ==, 2);
  g_assert_cmpint (a->n_keys, ==, b->n_keys);
  g_assert_cmpint (a->n_keys, >, 0);
  for (int i = 0; i < a->n_keys; i++)
    {
      gboolean found = FALSE;

      for (int j = 0; j < b->n_keys; j++)
        found |= b->keys[j] == xq_review_mirror_move (a->keys[i]);
      g_assert_true (found);
      /* The variant's checker takes the mirrored key, not the original. */
      g_assert_true (accepts (var, xq_review_mirror_move (a->keys[i])));
      g_assert_false (accepts (var, a->keys[i]));
    }
}

static void
test_variant_move_and_stars (void)
{
  g_autoptr(XqLessonFile) file = load (unit_json);
  g_autoptr(XqExercise) best = xq_review_mirror_exercise (exercise (file, "best"));
  g_autoptr(XqExercise) piece = xq_review_mirror_exercise (exercise (file, "piece"));
  g_autoptr(XqExercise) walk = xq_review_mirror_exercise (exercise (file, "walk"));
  XqAnswer a = { 0 };
  char buf[3];

  /* capture-best: the chariot on h5 is worth more than the horse on b5;
   * mirrored, the chariot stands on b5. */
  g_assert_nonnull (best);
  g_assert_true (accepts (exercise (file, "best"), xq_move_from_iccs ("e5h5")));
  g_assert_false (accepts (exercise (file, "best"), xq_move_from_iccs ("e5b5")));
  g_assert_true (accepts (best, xq_move_from_iccs ("e5b5")));
  g_assert_false (accepts (best, xq_move_from_iccs ("e5h5")));

  /* piece: the marked horse now stands on h1, and its mark went with it. */
  g_assert_nonnull (piece);
  g_assert_cmpstr (xq_exercise_get_field (piece, "square"), ==, "h1");
  g_assert_true (xq_lesson_marks_has (&piece->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_TARGET,
                                      xq_square_from_text ("h1"), XQ_NO_SQUARE));
  g_assert_true (accepts (piece, xq_move_from_iccs ("h1g3")));
  g_assert_false (accepts (piece, xq_move_from_iccs ("e0e1")));

  /* stars: the same fewest moves, the stars mirrored. */
  g_assert_nonnull (walk);
  xq_exercise_answer (walk, &a);
  g_assert_cmpint (a.n_points, ==, 2);
  xq_square_to_text (a.points[0], buf);
  g_assert_cmpstr (buf, ==, "i5");
  {
    XqAnswer o = { 0 };
    xq_exercise_answer (exercise (file, "walk"), &o);
    g_assert_cmpint (a.count, ==, o.count);
  }

  /* No variant where the idea is the author's words or the kind has none. */
  g_assert_null (xq_review_mirror_exercise (exercise (file, "listed")));
  g_assert_null (xq_review_mirror_exercise (exercise (file, "tap")));
}

static void
test_variant_puzzle (void)
{
  g_autoptr(XqLessonFile) file = load (pack_json);
  const XqPuzzle *pz = g_ptr_array_index (file->pack->puzzles, 0);
  g_autoptr(XqExercise) var = NULL;
  g_autoptr(XqExercise) plain = NULL;
  gboolean mirrored = FALSE;
  XqAnswer a = { 0 };

  var = xq_review_puzzle_exercise (pz, TRUE, &mirrored);
  g_assert_nonnull (var);
  g_assert_true (mirrored);
  xq_exercise_answer (var, &a);
  g_assert_cmpint (a.count, ==, 2);
  for (guint k = 0; k < pz->keys->len; k++)
    {
      XqMove key = g_array_index (pz->keys, XqMove, k);
      g_assert_true (accepts (var, xq_review_mirror_move (key)));
    }
  plain = xq_review_puzzle_exercise (pz, FALSE, &mirrored);
  g_assert_false (mirrored);
  g_assert_cmpstr (plain->fen, ==, pz->fen);
  g_assert_nonnull (strstr (plain->prompt, "Chariot ladder"));
  g_assert_true (accepts (plain, g_array_index (pz->keys, XqMove, 0)));
}

/* ---- Rounds ----------------------------------------------------------------------- */

static void
test_round (void)
{
  g_autoptr(XqLessonFile) file = load (unit_json);
  g_autoptr(XqLessonFile) pack = load (pack_json);
  g_autoptr(GPtrArray) units = g_ptr_array_new ();
  g_autoptr(GPtrArray) packs = g_ptr_array_new ();
  g_autoptr(XqReview) r = xq_review_new ("mei");
  g_autoptr(XqReviewRound) empty = NULL, round = NULL, again = NULL;
  g_autoptr(GDateTime) d0 = day (0), d1 = day (1), d2 = day (2);
  guint n_mirrored = 0, n_puzzles = 0;

  g_ptr_array_add (units, file->unit);
  g_ptr_array_add (packs, pack->pack);
  xq_review_record (r, XQ_REVIEW_EXERCISE, "u-test", "mate2", XQ_REVIEW_MISSED, d0);
  xq_review_record (r, XQ_REVIEW_EXERCISE, "u-test", "tap", XQ_REVIEW_MISSED, d0);
  xq_review_record (r, XQ_REVIEW_EXERCISE, "u-test", "walk", XQ_REVIEW_MISSED, d1);
  xq_review_record (r, XQ_REVIEW_PUZZLE, "p-test", "ladder", XQ_REVIEW_MISSED, d0);
  /* Gone from the curriculum: left out of the round, kept in the queue. */
  xq_review_record (r, XQ_REVIEW_EXERCISE, "u-gone", "x", XQ_REVIEW_MISSED, d0);

  empty = xq_review_round_new (r, units, packs, d0);
  g_assert_cmpuint (empty->unit->exercises->len, ==, 0);
  round = xq_review_round_new (r, units, packs, d1);
  g_assert_cmpstr (round->unit->id, ==, XQ_REVIEW_ROUND_UNIT);
  g_assert_cmpuint (round->unit->exercises->len, ==, 3);
  g_assert_cmpuint (round->items->len, ==, 3);
  for (guint i = 0; i < round->unit->exercises->len; i++)
    {
      const XqExercise *ex = g_ptr_array_index (round->unit->exercises, i);
      const XqReviewItem *item = xq_review_round_get_item (round, i);
      gboolean m = g_array_index (round->mirrored, gboolean, i);

      g_assert_cmpstr (ex->id, ==, item->id);
      n_mirrored += m;
      n_puzzles += item->source == XQ_REVIEW_PUZZLE;
      /* The tap exercise is shown as it was, the others mirrored. */
      g_assert_true (m == (strcmp (item->id, "tap") != 0));
      if (!m)
        g_assert_true (ex == exercise (file, "tap"));
    }
  g_assert_cmpuint (n_mirrored, ==, 2);
  g_assert_cmpuint (n_puzzles, ==, 1);
  g_assert_null (xq_review_round_get_item (round, 3));
  /* The same order all day. */
  again = xq_review_round_new (r, units, packs, d1);
  for (guint i = 0; i < round->items->len; i++)
    g_assert_cmpstr (xq_review_round_get_item (again, i)->id, ==, xq_review_round_get_item (round, i)->id);

  g_assert_cmpuint (xq_review_count_due (r, d2), ==, 5);
}

/* At most XQ_REVIEW_ROUND_MAX items a round, the oldest first. */
static void
test_round_max (void)
{
  g_autoptr(GString) json = g_string_new ("{ \"format\": 1, \"type\": \"unit\", \"id\": \"u-many\","
                                          " \"number\": 2, \"title\": \"Many\","
                                          " \"pages\": [ { \"text\": \"Many\" } ], \"exercises\": [");
  g_autoptr(XqLessonFile) file = NULL;
  g_autoptr(GPtrArray) units = g_ptr_array_new ();
  g_autoptr(XqReview) r = xq_review_new ("mei");
  g_autoptr(XqReviewRound) round = NULL;
  g_autoptr(GDateTime) d5 = day (5);

  for (int k = 0; k < 12; k++)
    g_string_append_printf (json, "%s{ \"id\": \"check-%02d\", \"kind\": \"move\", \"prompt\": \"Check!\","
                            " \"fen\": \"4k4/9/9/9/R8/9/9/9/9/3K5 w - - 0 1\", \"goal\": \"check\" }",
                            k ? ", " : "", k);
  g_string_append (json, "] }");
  file = load (json->str);
  g_ptr_array_add (units, file->unit);
  /* Missed on days 0..11 in reverse: check-11 is the oldest. */
  for (int k = 0; k < 12; k++)
    {
      g_autoptr(GDateTime) when = day (k - 12);
      g_autofree char *id = g_strdup_printf ("check-%02d", 11 - k);
      xq_review_record (r, XQ_REVIEW_EXERCISE, "u-many", id, XQ_REVIEW_MISSED, when);
    }
  g_assert_cmpuint (xq_review_count_due (r, d5), ==, 12);
  round = xq_review_round_new (r, units, NULL, d5);
  g_assert_cmpuint (round->unit->exercises->len, ==, XQ_REVIEW_ROUND_MAX);
  /* The two missed last wait: check-00 and check-01. */
  for (guint i = 0; i < round->items->len; i++)
    {
      const XqReviewItem *item = xq_review_round_get_item (round, i);

      g_assert_cmpstr (item->id, !=, "check-00");
      g_assert_cmpstr (item->id, !=, "check-01");
      g_assert_true (g_array_index (round->mirrored, gboolean, i));
    }
}

/* ---- xqtool review ---------------------------------------------------------------- */

static void
test_xqtool (void)
{
  g_autofree char *dir = fresh_dir ();
  g_autofree char *out = NULL;
  g_autoptr(XqProgressStore) store = xq_progress_store_new (dir);
  g_autoptr(XqProgress) mei = xq_progress_new ("mei", "Mei");
  g_autoptr(GError) error = NULL;
  g_autoptr(GDateTime) d0 = day (0), d1 = day (1);
  int status;

  g_assert_nonnull (g_getenv ("XQTOOL"));
  g_assert_true (xq_progress_store_save (store, mei, &error));
  g_assert_true (xq_review_record_in_dir (dir, "mei", XQ_REVIEW_EXERCISE, "u1", "a", XQ_REVIEW_MISSED,
                                          d0, NULL, &error));
  g_assert_true (xq_review_record_in_dir (dir, "mei", XQ_REVIEW_PUZZLE, "pk", "p", XQ_REVIEW_MISSED,
                                          d0, NULL, &error));
  g_assert_true (xq_review_record_in_dir (dir, "mei", XQ_REVIEW_PUZZLE, "pk", "p", XQ_REVIEW_CLEAN,
                                          d1, NULL, &error));

  out = xq_test_run_xqtool (&status, (const char *[]) { "review", "due", "--learner", "mei", "--dir", dir,
                                                "--date", "2026-12-01", NULL });
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_cmpstr (out, ==, "mei: 0 to review on 2026-12-01\n");
  g_free (out);
  out = xq_test_run_xqtool (&status, (const char *[]) { "review", "due", "--learner", "mei", "--dir", dir,
                                                "--date", "2026-12-02", NULL });
  g_assert_cmpstr (out, ==, "mei exercise u1/a box 1 (1 day) due 2026-12-02 (due now) misses 1\n"
                            "mei: 1 to review on 2026-12-02\n");
  g_free (out);
  /* Every learner of the store without --learner. */
  out = xq_test_run_xqtool (&status, (const char *[]) { "review", "list", "--dir", dir, "--date", "2026-12-05", NULL });
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_cmpstr (out, ==, "mei exercise u1/a box 1 (1 day) due 2026-12-02 (due now) misses 1\n"
                            "mei puzzle pk/p box 2 (3 days) due 2026-12-05 (due now) misses 1\n"
                            "mei: 2 in the queue, 2 due on 2026-12-05\n");
  g_free (out);
  out = xq_test_run_xqtool (&status, (const char *[]) { "review", "due", "--date", "2026-13-01", "--dir", dir, NULL });
  g_assert_false (g_spawn_check_wait_status (status, NULL));
  g_free (out);
  out = xq_test_run_xqtool (&status, (const char *[]) { "review", "due", "--learner", "../x", NULL });
  g_assert_false (g_spawn_check_wait_status (status, NULL));
}

/* Found by the learner-files fuzzer: a bad escape ("\\2") makes json-glib
 * quote a byte that is not UTF-8 in its parse error, and the queue's error
 * message (shown to people, written to logs) must stay UTF-8. */
static void
test_bad_escape_message (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("XQ_SOURCE_DIR"), "tests", "data", "repro",
                                            "fuzz-review-bad-escape.bin", NULL);
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(XqReview) review = NULL;
  gsize n;

  g_assert_true (g_file_get_contents (path, &data, &n, NULL));
  g_assert_cmpuint (n, >, 1);
  /* The fuzzer's first byte picks the file kind; the rest is the file. */
  review = xq_review_load_data (data + 1, (gssize) n - 1, "mei", "mei.review.json", NULL, NULL, &error);
  g_assert_null (review);
  g_assert_nonnull (error);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  g_assert_nonnull (strstr (error->message, "not valid JSON"));
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  xq_test_isolate_dirs ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/review/intervals", test_intervals);
  g_test_add_func ("/review/due-order", test_due_order);
  g_test_add_func ("/review/file/round-trip", test_round_trip);
  g_test_add_func ("/review/file/bad-escape-message", test_bad_escape_message);
  g_test_add_func ("/review/file/damaged", test_damaged);
  g_test_add_func ("/review/file/not-a-file", test_not_a_file);
  g_test_add_func ("/review/file/fuzz-seeds", test_fuzz_seeds);
  g_test_add_func ("/review/remove-learner", test_remove);
  g_test_add_func ("/review/variant/mirror", test_mirror_basics);
  g_test_add_func ("/review/variant/mate", test_variant_mate);
  g_test_add_func ("/review/variant/move-and-stars", test_variant_move_and_stars);
  g_test_add_func ("/review/variant/puzzle", test_variant_puzzle);
  g_test_add_func ("/review/round", test_round);
  g_test_add_func ("/review/round-max", test_round_max);
  g_test_add_func ("/review/xqtool", test_xqtool);
  return g_test_run ();
}
