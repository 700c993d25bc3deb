/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Learner files that went bad, and saves that were killed: what is valid
 * is kept, the damaged file is set aside byte for byte, the notice says
 * who and what; a save killed at any moment leaves the old or the new
 * file, whole, and no temporary files. */
#define G_LOG_DOMAIN "test-progress"

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utime.h>

#include "xq-class.h"
#include "xq-progress.h"
#include "xq-safe-file.h"
#include "xq-test-dirs.h"

typedef struct {
  XqProgressStore *store;
  const char      *dir;
  GPtrArray       *notices;   /* XqProgressNotice*, copies */
} Fixture;

static XqProgressNotice *
notice_copy (const XqProgressNotice *n)
{
  XqProgressNotice *c = g_memdup2 (n, sizeof *n);

  c->learner = g_strdup (n->learner);
  c->name = g_strdup (n->name);
  c->path = g_strdup (n->path);
  c->set_aside = g_strdup (n->set_aside);
  c->problem = g_strdup (n->problem);
  return c;
}

static void
collect_notice (const XqProgressNotice *notice, gpointer user_data)
{
  Fixture *f = user_data;

  g_ptr_array_add (f->notices, notice_copy (notice));
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  /* The program has its own XDG dirs (xq_test_isolate_dirs ()): the
   * default store lies in a throwaway data dir, emptied for every test. */
  f->store = xq_progress_store_new (NULL);
  f->dir = xq_progress_store_get_dir (f->store);
  g_assert_true (g_str_has_prefix (f->dir, g_get_user_data_dir ()));
  xq_test_remove_tree (f->dir);
  g_assert_cmpint (g_mkdir_with_parents (f->dir, 0700), ==, 0);
  f->notices = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_progress_notice_free);
  xq_progress_store_set_notice_func (f->store, collect_notice, f);
}

/* NULL: the untranslated program.  gettext honours LANGUAGE under
 * C.UTF-8, and setlocale makes it forget what it looked up before. */
static void
use_language (const char *lang)
{
  if (lang != NULL)
    g_setenv ("LANGUAGE", lang, TRUE);
  else
    g_unsetenv ("LANGUAGE");
  setlocale (LC_ALL, "");
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  use_language (NULL);
  xq_progress_store_free (f->store);
  g_ptr_array_unref (f->notices);
}

static char *
file_in (Fixture *f, const char *name)
{
  return g_build_filename (f->dir, name, NULL);
}

static void
put (Fixture *f, const char *name, const char *data, gssize len)
{
  g_autofree char *path = file_in (f, name);

  g_assert_true (g_file_set_contents (path, data, len, NULL));
}

static GPtrArray *
names_in_dir (Fixture *f)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) d = g_dir_open (f->dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  return names;
}

static guint
count_names (Fixture *f, const char *infix)
{
  g_autoptr(GPtrArray) names = names_in_dir (f);
  guint n = 0;

  for (guint i = 0; i < names->len; i++)
    n += strstr (g_ptr_array_index (names, i), infix) != NULL;
  return n;
}

/* The damaged file is where the notice says, with exactly the bytes it had. */
static void
assert_set_aside (const XqProgressNotice *n, const char *data, gsize len)
{
  g_autofree char *kept = NULL;
  gsize kept_len = 0;

  g_assert_nonnull (n->set_aside);
  g_assert_true (strstr (n->set_aside, ".damaged-") != NULL);
  g_assert_false (g_file_test (n->path, G_FILE_TEST_EXISTS) &&
                  g_file_get_contents (n->path, &kept, &kept_len, NULL) &&
                  kept_len == len && memcmp (kept, data, len) == 0);
  g_clear_pointer (&kept, g_free);
  g_assert_true (g_file_get_contents (n->set_aside, &kept, &kept_len, NULL));
  g_assert_cmpuint (kept_len, ==, len);
  g_assert_true (memcmp (kept, data, len) == 0);
}

/* Loading again finds a whole file: the repair was written at once. */
static void
assert_repaired (Fixture *f, const char *learner)
{
  g_autoptr(XqProgress) p = NULL;
  g_autoptr(GError) error = NULL;
  guint before = f->notices->len;
  g_autofree char *bak = g_strconcat (learner, ".json.bak", NULL);
  g_autofree char *bak_path = file_in (f, bak);

  p = xq_progress_store_load (f->store, learner, &error);
  g_assert_no_error (error);
  g_assert_nonnull (p);
  g_assert_cmpuint (f->notices->len, ==, before);
  g_assert_true (g_file_test (bak_path, G_FILE_TEST_IS_REGULAR));
}

static XqProgressNotice *
only_notice (Fixture *f)
{
  g_assert_cmpuint (f->notices->len, ==, 1);
  return g_ptr_array_index (f->notices, 0);
}

static void
save (Fixture *f, const char *learner, const char *name, const char *unit, const char *ex, int stars)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqProgress) p = xq_progress_store_load (f->store, learner, &error);

  g_assert_no_error (error);
  g_free (p->name);
  p->name = g_strdup (name);
  if (unit != NULL)
    xq_progress_record (p, unit, ex, stars);
  g_assert_true (xq_progress_store_save (f->store, p, &error));
  g_assert_no_error (error);
}

/* ---- Damaged profiles ------------------------------------------------------- */

/* One star count of 4 in a file that has no backup yet (the case that used
 * to lose everything): the name and the other stars stay. */
static void
test_bad_star (Fixture *f, gconstpointer data)
{
  static const char text[] =
    "{ \"format\": 1, \"learner\": \"mei\", \"name\": \"Mei 美\",\n"
    "  \"stars\": { \"board/corner\": 3, \"board/palace\": 4, \"setup/general\": 2 } }\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(XqProgress) p = NULL;
  g_autofree char *text_out = NULL;
  XqProgressNotice *n;

  put (f, "mei.json", text, -1);
  p = xq_progress_store_load (f->store, "mei", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (p->name, ==, "Mei 美");
  g_assert_cmpint (xq_progress_get_stars (p, "board", "corner"), ==, 3);
  g_assert_cmpint (xq_progress_get_stars (p, "setup", "general"), ==, 2);
  g_assert_cmpint (xq_progress_get_stars (p, "board", "palace"), ==, 0);

  n = only_notice (f);
  g_assert_cmpint (n->kind, ==, XQ_PROGRESS_FILE_STARS);
  g_assert_cmpstr (n->learner, ==, "mei");
  g_assert_cmpstr (n->name, ==, "Mei 美");
  g_assert_true (n->name_kept);
  g_assert_cmpuint (n->kept, ==, 2);
  g_assert_cmpuint (n->dropped, ==, 1);
  g_assert_false (n->unreadable);
  g_assert_false (n->from_backup);
  /* The problem names the file and the JSON path. */
  g_assert_cmpstr (n->problem, ==, "mei.json: $.stars[\"board/palace\"]: should be a whole number from 1 to 3");
  assert_set_aside (n, text, strlen (text));
  text_out = xq_progress_notice_describe (n);
  g_assert_true (strstr (text_out, "Mei 美") != NULL);
  g_assert_true (strstr (text_out, "The name and 2 results were kept.") != NULL);
  g_assert_true (strstr (text_out, "1 result could not be read.") != NULL);
  g_assert_true (strstr (text_out, "mei.json.damaged-") != NULL);
  assert_repaired (f, "mei");
}

/* Members of the wrong type lose only themselves; the backup fills in the
 * name and a star the damaged file no longer has. */
static void
test_wrong_types (Fixture *f, gconstpointer data)
{
  static const char text[] =
    "{ \"format\": \"one\", \"learner\": 7, \"name\": 5,\n"
    "  \"stars\": { \"board/corner\": \"3\", \"board/palace\": 2, \"nounit\": 1, \"a/b\": [1],"
    " \"a/c\": 2.5, \"a/d\": null, \"a/e\": true } }\n";
  static const char backup[] =
    "{ \"format\": 1, \"learner\": \"mei\", \"name\": \"Mei\", \"stars\": { \"board/corner\": 1 } }";
  g_autoptr(GError) error = NULL;
  g_autoptr(XqProgress) p = NULL;
  XqProgressNotice *n;

  put (f, "mei.json", text, -1);
  put (f, "mei.json.bak", backup, -1);
  p = xq_progress_store_load (f->store, "mei", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (p->name, ==, "Mei");
  g_assert_cmpint (xq_progress_get_stars (p, "board", "palace"), ==, 2);
  g_assert_cmpint (xq_progress_get_stars (p, "board", "corner"), ==, 1);
  g_assert_cmpuint (g_hash_table_size (p->stars), ==, 2);
  n = only_notice (f);
  g_assert_true (n->from_backup);
  g_assert_true (n->name_kept);
  g_assert_cmpuint (n->kept, ==, 2);
  g_assert_cmpuint (n->dropped, ==, 6);
  g_assert_cmpuint (n->n_problems, ==, 9);
  g_assert_cmpstr (n->problem, ==, "mei.json: $.format: should be a whole number");
  assert_set_aside (n, text, strlen (text));
  /* The repaired profile holds all the backup had: it is the backup now. */
  {
    g_autofree char *path = file_in (f, "mei.json");
    g_autofree char *bak_path = file_in (f, "mei.json.bak");
    g_autofree char *now = NULL;
    g_autofree char *now_bak = NULL;
    g_assert_true (g_file_get_contents (path, &now, NULL, NULL));
    g_assert_true (g_file_get_contents (bak_path, &now_bak, NULL, NULL));
    g_assert_cmpstr (now, ==, now_bak);
  }
  assert_repaired (f, "mei");
}

/* A file cut short: the members before the cut are kept. */
static void
test_truncated (Fixture *f, gconstpointer data)
{
  static const char whole[] =
    "{\n  \"format\" : 1,\n  \"learner\" : \"mei\",\n  \"name\" : \"Mei\",\n"
    "  \"stars\" : {\n    \"board/a\" : 3,\n    \"board/b\" : 2,\n    \"board/c\" : 1\n  }\n}\n";
  /* Cut in the middle of "board/c". */
  gsize cut = (gsize) (strstr (whole, "\"board/c") - whole) + 4;
  g_autoptr(GError) error = NULL;
  g_autoptr(XqProgress) p = NULL;
  XqProgressNotice *n;

  put (f, "mei.json", whole, (gssize) cut);
  p = xq_progress_store_load (f->store, "mei", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (p->name, ==, "Mei");
  g_assert_cmpint (xq_progress_get_stars (p, "board", "a"), ==, 3);
  g_assert_cmpint (xq_progress_get_stars (p, "board", "b"), ==, 2);
  g_assert_cmpuint (g_hash_table_size (p->stars), ==, 2);
  n = only_notice (f);
  g_assert_cmpuint (n->kept, ==, 2);
  g_assert_false (n->unreadable);
  g_assert_true (g_str_has_prefix (n->problem, "mei.json: "));
  assert_set_aside (n, whole, cut);
  assert_repaired (f, "mei");
}

/* Files with nothing usable in them: the backup gives everything back. */
static void
check_unreadable (Fixture *f, const char *data, gsize len, const char *problem_part)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqProgress) p = NULL;
  g_autofree char *text = NULL;
  XqProgressNotice *n;

  save (f, "mei", "Mei", "board", "corner", 3);
  save (f, "mei", "Mei", "board", "palace", 2);
  put (f, "mei.json", data, (gssize) len);
  p = xq_progress_store_load (f->store, "mei", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (p->name, ==, "Mei");
  /* The backup is the file before the last save. */
  g_assert_cmpint (xq_progress_get_stars (p, "board", "corner"), ==, 3);
  n = only_notice (f);
  g_assert_true (n->unreadable);
  g_assert_true (n->from_backup);
  g_assert_true (n->name_kept);
  g_assert_cmpuint (n->kept, ==, 1);
  g_test_message ("%s", n->problem);
  g_assert_nonnull (strstr (n->problem, problem_part));
  assert_set_aside (n, data, len);
  text = xq_progress_notice_describe (n);
  g_assert_nonnull (strstr (text, "The backup copy filled in what was missing."));
  assert_repaired (f, "mei");
}

static void
test_empty (Fixture *f, gconstpointer data)
{
  check_unreadable (f, "", 0, "mei.json: ");
}

static void
test_garbage (Fixture *f, gconstpointer data)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  char bytes[4096];

  for (gsize i = 0; i < sizeof bytes; i++)
    bytes[i] = (char) g_rand_int_range (rand, 0, 256);
  bytes[3] = '\0';
  bytes[10] = (char) 0xff;
  check_unreadable (f, bytes, sizeof bytes, "mei.json: $: byte 0 is not UTF-8 text");
}

/* Larger than any profile: refused unread, and still kept whole. */
static void
test_huge (Fixture *f, gconstpointer data)
{
  gsize len = XQ_SAFE_FILE_MAX_SIZE + 1000;
  g_autofree char *big = g_malloc (len);

  memset (big, ' ', len);
  big[0] = '{';
  big[len - 1] = '}';
  check_unreadable (f, big, len, "more than the");
}

/* Nested a million deep: refused before json-glib's recursive parser
 * sees it. */
static void
test_deep (Fixture *f, gconstpointer data)
{
  gsize len = 1000000;
  g_autofree char *deep = g_malloc (len);

  memset (deep, '[', len);
  check_unreadable (f, deep, len, "nested more than 32 deep");
}

/* A named pipe where the profile should be (made by mistake, or on a
 * share that a stranger can write to): refused as not a file at once,
 * set aside like any damaged file, never waited on.  Run in a child with
 * a time limit, so that a read that blocks fails the test instead of
 * hanging the suite. */
static void
test_fifo (Fixture *f, gconstpointer data)
{
  if (g_test_subprocess ())
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(XqProgress) p = NULL;
      g_autofree char *path = file_in (f, "mei.json");
      XqProgressNotice *n;

      save (f, "mei", "Mei", "board", "corner", 3);
      save (f, "mei", "Mei", "board", "palace", 2);
      g_assert_cmpint (g_unlink (path), ==, 0);
      g_assert_cmpint (mkfifo (path, 0600), ==, 0);
      p = xq_progress_store_load (f->store, "mei", &error);
      g_assert_no_error (error);
      g_assert_cmpstr (p->name, ==, "Mei");
      g_assert_cmpint (xq_progress_get_stars (p, "board", "corner"), ==, 3);
      n = only_notice (f);
      g_assert_true (n->unreadable);
      g_assert_nonnull (strstr (n->problem, "not a regular file"));
      g_assert_nonnull (n->set_aside);
      g_assert_false (g_file_test (n->set_aside, G_FILE_TEST_IS_REGULAR));
      g_assert_true (g_file_test (n->set_aside, G_FILE_TEST_EXISTS));
      return;
    }
  g_test_trap_subprocess (NULL, 20 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

/* Only the backup is there (the profile deleted by hand): it comes back. */
static void
test_backup_only (Fixture *f, gconstpointer data)
{
  g_autofree char *path = file_in (f, "mei.json");
  g_autoptr(XqProgress) p = NULL;
  g_autoptr(GError) error = NULL;

  save (f, "mei", "Mei", "board", "corner", 3);
  save (f, "mei", "Mei", "board", "palace", 2);
  g_assert_cmpint (g_unlink (path), ==, 0);
  p = xq_progress_store_load (f->store, "mei", &error);
  g_assert_no_error (error);
  g_assert_cmpint (xq_progress_get_stars (p, "board", "corner"), ==, 3);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpuint (f->notices->len, ==, 0);
}

/* A file damaged after it was loaded is set aside by the save, not
 * overwritten, and what it still holds is kept. */
static void
test_damaged_before_save (Fixture *f, gconstpointer data)
{
  static const char text[] =
    "{ \"format\": 1, \"learner\": \"mei\", \"name\": \"Mei\", \"stars\": { \"x/y\": 2, \"x/z\": 9 } }";
  g_autoptr(XqProgress) p = NULL;
  g_autoptr(XqProgress) again = NULL;
  g_autoptr(GError) error = NULL;

  save (f, "mei", "Mei", "board", "corner", 3);
  p = xq_progress_store_load (f->store, "mei", &error);
  put (f, "mei.json", text, -1);
  xq_progress_record (p, "board", "palace", 1);
  g_assert_true (xq_progress_store_save (f->store, p, &error));
  g_assert_no_error (error);
  assert_set_aside (only_notice (f), text, strlen (text));
  again = xq_progress_store_load (f->store, "mei", &error);
  g_assert_cmpint (xq_progress_get_stars (again, "x", "y"), ==, 2);
  g_assert_cmpint (xq_progress_get_stars (again, "board", "palace"), ==, 1);
  g_assert_cmpint (xq_progress_get_stars (again, "board", "corner"), ==, 3);
}

/* ---- The puzzle streak ---------------------------------------------------- */

static void
test_streak (Fixture *f, gconstpointer data)
{
  static const char text[] = "[puzzles]\nstreak=many\nbest-streak=7\n";
  g_autoptr(GError) error = NULL;
  g_autofree char *describe = NULL;
  g_autofree char *bak = file_in (f, "mei.puzzles.bak");
  XqProgressNotice *n;
  int streak = -1, best = -1;

  /* Never saved: nothing, and no notice. */
  g_assert_true (xq_progress_store_load_streak (f->store, "mei", &streak, &best, &error));
  g_assert_cmpint (streak, ==, 0);
  g_assert_cmpint (best, ==, 0);
  /* The first save writes the backup too. */
  g_assert_true (xq_progress_store_save_streak (f->store, "mei", 2, 4, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (bak, G_FILE_TEST_IS_REGULAR));
  g_assert_true (xq_progress_store_load_streak (f->store, "mei", &streak, &best, &error));
  g_assert_cmpint (streak, ==, 2);
  g_assert_cmpint (best, ==, 4);

  save (f, "mei", "Mei", NULL, NULL, 0);
  put (f, "mei.puzzles", text, -1);
  g_assert_true (xq_progress_store_load_streak (f->store, "mei", &streak, &best, &error));
  g_assert_no_error (error);
  /* The valid best is kept; the streak comes from the backup. */
  g_assert_cmpint (best, ==, 7);
  g_assert_cmpint (streak, ==, 2);
  n = only_notice (f);
  g_assert_cmpint (n->kind, ==, XQ_PROGRESS_FILE_STREAK);
  g_assert_cmpstr (n->name, ==, "Mei");
  g_assert_true (n->from_backup);
  g_assert_cmpstr (n->problem, ==, "mei.puzzles: line 2: streak is not a count from 0 to 1000000");
  assert_set_aside (n, text, strlen (text));
  describe = xq_progress_notice_describe (n);
  g_assert_nonnull (strstr (describe, "Mei’s puzzle streak was damaged. Kept: streak 2, best 7."));
  /* Repaired at once. */
  g_assert_true (xq_progress_store_load_streak (f->store, "mei", &streak, &best, &error));
  g_assert_cmpuint (f->notices->len, ==, 1);
  g_assert_cmpint (best, ==, 7);

  /* Binary garbage: the backup's values. */
  put (f, "mei.puzzles", "\x01\xff\xfe\0zz", 6);
  g_assert_true (xq_progress_store_load_streak (f->store, "mei", &streak, &best, &error));
  g_assert_cmpuint (f->notices->len, ==, 2);
  g_assert_true (((XqProgressNotice *) g_ptr_array_index (f->notices, 1))->unreadable);
  g_assert_cmpint (best, ==, 7);
}

/* ---- Saving ----------------------------------------------------------------- */

/* The backup exists from the first save, so a damage before the second
 * save does not lose the first. */
static void
test_first_save_backup (Fixture *f, gconstpointer data)
{
  g_autofree char *bak = file_in (f, "mei.json.bak");
  g_autoptr(XqProgress) p = NULL;
  g_autoptr(GError) error = NULL;

  save (f, "mei", "Mei", "board", "corner", 3);
  g_assert_true (g_file_test (bak, G_FILE_TEST_IS_REGULAR));
  put (f, "mei.json", "{\"format\": 1, \"lea", -1);
  p = xq_progress_store_load (f->store, "mei", &error);
  g_assert_cmpstr (p->name, ==, "Mei");
  g_assert_cmpint (xq_progress_get_stars (p, "board", "corner"), ==, 3);
  g_assert_cmpuint (f->notices->len, ==, 1);
}

/* Two pages holding the same learner: neither undoes the other's stars. */
static void
test_save_merges (Fixture *f, gconstpointer data)
{
  g_autoptr(XqProgress) a = xq_progress_store_load (f->store, "mei", NULL);
  g_autoptr(XqProgress) b = xq_progress_store_load (f->store, "mei", NULL);
  g_autoptr(XqProgress) c = NULL;
  g_autoptr(GError) error = NULL;

  xq_progress_record (a, "puzzles", "one", 3);
  g_assert_true (xq_progress_store_save (f->store, a, &error));
  xq_progress_record (b, "board", "corner", 2);
  g_assert_true (xq_progress_store_save (f->store, b, &error));
  g_assert_no_error (error);
  c = xq_progress_store_load (f->store, "mei", &error);
  g_assert_cmpint (xq_progress_get_stars (c, "puzzles", "one"), ==, 3);
  g_assert_cmpint (xq_progress_get_stars (c, "board", "corner"), ==, 2);
}

/* A profile that is a link to a file elsewhere (a teacher's own layout)
 * is saved through the link: the link stays, its target changes. */
static void
test_save_through_link (Fixture *f, gconstpointer data)
{
  g_autofree char *elsewhere = g_build_filename (f->dir, "kept", NULL);
  g_autofree char *target = g_build_filename (elsewhere, "mei-real.json", NULL);
  g_autofree char *link = file_in (f, "mei.json");
  g_autofree char *text = NULL;
  g_autofree char *read_back = NULL;

  g_assert_cmpint (g_mkdir (elsewhere, 0700), ==, 0);
  save (f, "mei", "Mei", "board", "corner", 3);
  g_assert_cmpint (g_rename (link, target), ==, 0);
  g_assert_cmpint (symlink ("kept/mei-real.json", link), ==, 0);
  save (f, "mei", "Mei", "board", "palace", 2);
  read_back = g_file_read_link (link, NULL);
  g_assert_cmpstr (read_back, ==, "kept/mei-real.json");
  g_assert_true (g_file_get_contents (target, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "palace"));
  g_assert_nonnull (strstr (text, "corner"));
}

/* A disk that fills up during a save: the message names the learner's
 * file, not the temporary one the bytes were going to, and the file on
 * disk is still the last whole save.  A file size limit stands in for a
 * full disk (write gives EFBIG as it would give ENOSPC). */
static void
test_save_disk_full (Fixture *f, gconstpointer data)
{
  if (g_test_subprocess ())
    {
      g_autoptr(XqProgress) p = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *path = file_in (f, "mei.json");
      g_autofree char *text = NULL;
      struct rlimit lim = { 0 };

      save (f, "mei", "Mei", "board", "corner", 3);
      p = xq_progress_store_load (f->store, "mei", &error);
      g_assert_no_error (error);
      for (int i = 0; i < 400; i++)
        {
          g_autofree char *ex = g_strdup_printf ("exercise-with-a-long-name-%03d", i);
          xq_progress_record (p, "board", ex, 2);
        }
      signal (SIGXFSZ, SIG_IGN);
      lim.rlim_cur = lim.rlim_max = 4096;
      g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &lim), ==, 0);
      g_assert_false (xq_progress_store_save (f->store, p, &error));
      g_assert_nonnull (error);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, path));
      g_assert_null (strstr (error->message, ".tmp-"));
      g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
      g_assert_nonnull (strstr (text, "corner"));
      g_assert_cmpuint (count_names (f, ".tmp-"), ==, 0);
      return;
    }
  g_test_trap_subprocess (NULL, 60 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

/* Temporary files of killed saves go; those of live saves, a person's own
 * copy, and other learners' files stay. */
static void
test_stale_temps (Fixture *f, gconstpointer data)
{
  g_autoptr(XqProgress) p = NULL;
  g_autofree char *dead = NULL;
  g_autofree char *old_own = NULL;
  g_autofree char *own = NULL;
  g_autofree char *own_path = NULL;
  g_autofree char *old_path = NULL;
  pid_t child;
  int status;

  /* A process id that is certainly gone. */
  child = fork ();
  if (child == 0)
    _exit (0);
  g_assert_cmpint (waitpid (child, &status, 0), ==, child);

  save (f, "mei", "Mei", "board", "corner", 3);
  dead = g_strdup_printf ("mei.json.tmp-%d-AB12cd", (int) child);
  put (f, dead, "{ half", -1);
  put (f, "mei.json.bak.tmp-1999999999-ZZZZZZ", "x", -1);
  put (f, "mei.json.K3ZQ1P", "{ \"format\": 1, \"learner\": \"mei\", \"na", -1);  /* earlier versions */
  put (f, "mei.puzzles.Q8aaaa", "[puzzles]\n", -1);
  own = g_strdup_printf ("mei.json.tmp-%d-LIVE01", (int) getpid ());
  put (f, own, "{", -1);
  old_own = g_strdup_printf ("mei.json.tmp-%d-OLD001", (int) getpid ());
  put (f, old_own, "{", -1);
  old_path = file_in (f, old_own);
  g_assert_cmpint (g_utime (old_path, &(struct utimbuf) { 1000, 1000 }), ==, 0);
  put (f, "mei.json.backup", "mine", -1);
  put (f, "tom.json.ABCDEF", "not mei's", -1);
  g_assert_cmpuint (count_names (f, "tmp-"), ==, 4);

  p = xq_progress_store_load (f->store, "mei", NULL);
  {
    int s, b;
    g_assert_true (xq_progress_store_load_streak (f->store, "mei", &s, &b, NULL));
  }
  g_assert_cmpint (xq_progress_get_stars (p, "board", "corner"), ==, 3);
  own_path = file_in (f, own);
  g_assert_true (g_file_test (own_path, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (old_path, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_names (f, "tmp-"), ==, 1);
  g_assert_cmpuint (count_names (f, "K3ZQ1P"), ==, 0);
  g_assert_cmpuint (count_names (f, "Q8aaaa"), ==, 0);
  g_assert_cmpuint (count_names (f, "mei.json.backup"), ==, 1);
  g_assert_cmpuint (count_names (f, "tom.json.ABCDEF"), ==, 1);
  g_assert_cmpint (g_unlink (own_path), ==, 0);
  g_assert_cmpuint (f->notices->len, ==, 0);
}

/* Reset and remove take every file of the learner with them. */
static void
test_reset_remove (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqProgress) p = NULL;
  g_autoptr(GPtrArray) ids = NULL;
  int streak, best;

  save (f, "mei", "Mei", "puzzles", "one", 3);
  save (f, "mei", "Mei", "puzzles", "two", 3);
  g_assert_true (xq_progress_store_save_streak (f->store, "mei", 2, 2, &error));
  g_assert_true (xq_progress_store_save_streak (f->store, "mei", 3, 3, &error));
  save (f, "tom", "Tom", "puzzles", "one", 1);
  g_assert_true (xq_progress_store_save_streak (f->store, "tom", 1, 1, &error));
  put (f, "mei.json.damaged-20260101-000000", "{ old", -1);
  put (f, "mei.puzzles.damaged-20260101-000000", "old", -1);
  g_assert_cmpuint (count_names (f, "mei."), ==, 6);

  g_assert_true (xq_progress_store_reset (f->store, "mei", &error));
  g_assert_no_error (error);
  p = xq_progress_store_load (f->store, "mei", &error);
  g_assert_cmpstr (p->name, ==, "Mei");
  g_assert_cmpuint (g_hash_table_size (p->stars), ==, 0);
  g_assert_true (xq_progress_store_load_streak (f->store, "mei", &streak, &best, &error));
  g_assert_cmpint (best, ==, 0);
  /* What remains: the fresh profile and its backup. */
  g_assert_cmpuint (count_names (f, "mei."), ==, 2);
  g_assert_cmpuint (count_names (f, "damaged"), ==, 0);

  g_assert_true (xq_progress_store_remove (f->store, "tom", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_names (f, "tom."), ==, 0);
  ids = xq_progress_store_list (f->store);
  g_assert_cmpuint (ids->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (ids, 0), ==, "mei");
}

static void
test_current (Fixture *f, gconstpointer data)
{
  g_autofree char *none = xq_progress_store_get_current (f->store);
  g_autofree char *mei = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_null (none);
  g_assert_true (xq_progress_store_set_current (f->store, "mei", &error));
  mei = xq_progress_store_get_current (f->store);
  g_assert_cmpstr (mei, ==, "mei");
  g_assert_false (xq_progress_store_set_current (f->store, "../x", &error));
  g_assert_error (error, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_BAD_LEARNER);
  put (f, "current-learner", "\x01\x02 bad", -1);
  g_clear_pointer (&mei, g_free);
  mei = xq_progress_store_get_current (f->store);
  g_assert_null (mei);
}

/* ---- Killed while saving ----------------------------------------------------- */

/* Saves forever: each save adds star "crash/<k>" and names the learner
 * "save <k>", and saves the streak k, k.  So a file is whole and either
 * the old or the new one exactly when its k stars are 1..k under the name
 * "save k", and k never goes down. */
G_GNUC_NORETURN static void
save_forever (const char *dir, int write_fd)
{
  g_autoptr(XqProgressStore) store = xq_progress_store_new (dir);
  g_autoptr(XqProgress) p = xq_progress_store_load (store, "mei", NULL);
  int k = (int) g_hash_table_size (p->stars);

  if (write (write_fd, "g", 1) != 1)
    _exit (3);
  for (;;)
    {
      g_autofree char *ex = g_strdup_printf ("%d", ++k);
      g_free (p->name);
      p->name = g_strdup_printf ("save %d", k);
      xq_progress_record (p, "crash", ex, 1);
      if (!xq_progress_store_save (store, p, NULL) ||
          !xq_progress_store_save_streak (store, "mei", k, k, NULL))
        _exit (2);
    }
}

static int
check_whole (Fixture *f, int last_k, int last_streak, int *streak_k)
{
  g_autoptr(XqProgress) p = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = NULL;
  int k, s = 0, b = 0;

  p = xq_progress_store_load (f->store, "mei", &error);
  g_assert_no_error (error);
  k = (int) g_hash_table_size (p->stars);
  g_assert_cmpint (k, >=, last_k);
  expected = k == 0 ? g_strdup ("mei") : g_strdup_printf ("save %d", k);
  g_assert_cmpstr (p->name, ==, expected);
  for (int i = 1; i <= k; i++)
    {
      g_autofree char *ex = g_strdup_printf ("%d", i);
      g_assert_cmpint (xq_progress_get_stars (p, "crash", ex), ==, 1);
    }
  g_assert_true (xq_progress_store_load_streak (f->store, "mei", &s, &b, &error));
  g_assert_no_error (error);
  g_assert_cmpint (s, ==, b);
  g_assert_cmpint (s, >=, last_streak);
  /* The streak is saved after the stars: never ahead of them. */
  g_assert_cmpint (s, <=, k);
  *streak_k = s;
  return k;
}

static void
test_crash_safety (Fixture *f, gconstpointer data)
{
  const char *env = g_getenv ("XQ_CRASH_KILLS");
  int kills = env ? atoi (env) : 300;
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  int k = 0, streak = 0;
  guint temps_left = 0, max_temps = 0;

  g_assert_cmpint (kills, >, 0);
  for (int i = 0; i < kills; i++)
    {
      int fds[2], status;
      char c;
      pid_t pid;

      g_assert_cmpint (pipe (fds), ==, 0);
      pid = fork ();
      g_assert_cmpint (pid, >=, 0);
      if (pid == 0)
        {
          close (fds[0]);
          save_forever (f->dir, fds[1]);
        }
      close (fds[1]);
      /* Wait until it has begun saving, then kill it at some moment of
       * some save. */
      g_assert_cmpint (read (fds[0], &c, 1), ==, 1);
      close (fds[0]);
      /* Mostly within the first save; one time in eight some saves later. */
      g_usleep (g_rand_int_range (rand, 0, i % 8 == 7 ? 40000 : 3000));
      g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
      g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
      g_assert_true (WIFSIGNALED (status));

      {
        guint t = count_names (f, ".tmp-");
        temps_left += t > 0;
        max_temps = MAX (max_temps, t);
      }
      k = check_whole (f, k, streak, &streak);
      /* Loading cleared what the killed save left. */
      g_assert_cmpuint (count_names (f, ".tmp-"), ==, 0);
      g_assert_cmpuint (count_names (f, ".damaged-"), ==, 0);
      g_assert_cmpuint (f->notices->len, ==, 0);
    }
  /* Saves did happen (each child gets at least one whole save in before
   * the longest wait, and usually dozens). */
  g_assert_cmpint (k, >, 0);
  g_test_message ("%d kills: %d saves completed, %u kills left a temporary file (at most %u at once), "
                  "0 left after the next load; every file whole", kills, k, temps_left, max_temps);
}

/* A bad escape makes json-glib quote a byte that is not UTF-8 in its parse
 * error (the review queue's fuzzer found it, tests/data/repro); the
 * repaired profile's notice names the problem in UTF-8 all the same. */
static void
test_bad_escape_problem (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (g_getenv ("XQ_SOURCE_DIR"), "tests", "data", "repro",
                                            "fuzz-review-bad-escape.bin", NULL);
  g_autofree char *text = NULL;
  g_autoptr(XqProgress) p = NULL;
  const XqProgressNotice *n;
  g_autofree char *said = NULL;
  gsize len;

  /* The fuzzer's input: a first byte that picks the file kind, then JSON. */
  g_assert_true (g_file_get_contents (path, &text, &len, NULL));
  put (f, "mei.json", text + 1, (gssize) len - 1);
  p = xq_progress_store_load (f->store, "mei", NULL);
  g_assert_nonnull (p);
  g_assert_cmpuint (f->notices->len, ==, 1);
  n = g_ptr_array_index (f->notices, 0);
  g_assert_nonnull (n->problem);
  g_assert_true (g_utf8_validate (n->problem, -1, NULL));
  said = xq_progress_notice_describe (n);
  g_assert_true (g_utf8_validate (said, -1, NULL));
}

/* ---- The default learner's name -------------------------------------------- */

static char *
read_file (Fixture *f, const char *name)
{
  g_autofree char *path = file_in (f, name);
  char *data = NULL;

  g_assert_true (g_file_get_contents (path, &data, NULL, NULL));
  return data;
}

static XqProgress *
load (Fixture *f, const char *learner)
{
  g_autoptr(GError) error = NULL;
  XqProgress *p = xq_progress_store_load (f->store, learner, &error);

  g_assert_no_error (error);
  g_assert_nonnull (p);
  return p;
}

/* Made under zh_TW, read under zh_CN and untranslated: the file keeps the
 * name untranslated and every reader sees it in its own language. */
static void
test_default_name_languages (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *file = NULL;

  use_language ("zh_TW");
  {
    g_autoptr(XqProgress) p = load (f, XQ_PROGRESS_DEFAULT_LEARNER);

    g_assert_cmpstr (p->name, ==, "學員");
    xq_progress_record_result (p, "moves-1", "chariot", 2, 1, "2026-11-30");
    g_assert_true (xq_progress_store_save (f->store, p, &error));
    g_assert_no_error (error);
  }
  file = read_file (f, XQ_PROGRESS_DEFAULT_LEARNER ".json");
  g_assert_nonnull (strstr (file, "\"Learner\""));
  g_assert_null (strstr (file, "學員"));

  use_language ("zh_CN");
  {
    g_autoptr(XqProgress) p = load (f, XQ_PROGRESS_DEFAULT_LEARNER);

    g_assert_cmpstr (p->name, ==, "学员");
    g_assert_cmpint (xq_progress_get_stars (p, "moves-1", "chariot"), ==, 2);
    g_assert_cmpint (xq_progress_get_result (p, "moves-1", "chariot")->hints, ==, 1);
  }
  use_language (NULL);
  {
    g_autoptr(XqProgress) p = load (f, XQ_PROGRESS_DEFAULT_LEARNER);

    g_assert_cmpstr (p->name, ==, "Learner");
  }

  /* Given a name of its own, the default learner keeps it as typed. */
  use_language ("zh_TW");
  save (f, XQ_PROGRESS_DEFAULT_LEARNER, "小明", NULL, NULL, 0);
  use_language ("zh_CN");
  {
    g_autoptr(XqProgress) p = load (f, XQ_PROGRESS_DEFAULT_LEARNER);

    g_assert_cmpstr (p->name, ==, "小明");
    g_assert_cmpint (xq_progress_get_stars (p, "moves-1", "chariot"), ==, 2);
  }
  g_assert_cmpuint (f->notices->len, ==, 0);
}

/* Files saved before: the default learner under a translation of its name
 * (or its id).  Loading reads the name as the default one, keeps every
 * star and result, rewrites the file the stable way and keeps the old one
 * as the backup. */
static void
test_default_name_migrated (Fixture *f, gconstpointer data)
{
  static const char *const old_names[] = { "學員", "学员", "learner", "Learner" };

  use_language ("zh_CN");
  for (guint i = 0; i < G_N_ELEMENTS (old_names); i++)
    {
      g_autofree char *old = g_strdup_printf ("{ \"format\": 1, \"learner\": \"learner\", \"name\": \"%s\","
                                              " \"stars\": { \"moves-1/chariot\": 3, \"puzzles/iron-bolt-3\": 1 },"
                                              " \"results\": { \"moves-1/chariot\": { \"hints\": 1, \"date\": \"2026-10-01\" } } }",
                                              old_names[i]);
      g_autofree char *now = NULL;
      g_autofree char *backup = NULL;

      xq_test_remove_tree (f->dir);
      g_assert_cmpint (g_mkdir_with_parents (f->dir, 0700), ==, 0);
      put (f, "learner.json", old, -1);
      {
        g_autoptr(XqProgress) p = load (f, XQ_PROGRESS_DEFAULT_LEARNER);

        g_assert_cmpstr (p->name, ==, "学员");
        g_assert_cmpuint (g_hash_table_size (p->stars), ==, 2);
        g_assert_cmpint (xq_progress_get_stars (p, "moves-1", "chariot"), ==, 3);
        g_assert_cmpint (xq_progress_get_stars (p, "puzzles", "iron-bolt-3"), ==, 1);
        g_assert_cmpint (xq_progress_get_result (p, "moves-1", "chariot")->hints, ==, 1);
        g_assert_cmpstr (xq_progress_get_result (p, "moves-1", "chariot")->date, ==, "2026-10-01");
      }
      g_assert_cmpuint (f->notices->len, ==, 0);
      now = read_file (f, "learner.json");
      if (strcmp (old_names[i], "Learner") == 0)
        {
          /* Already the stable way: left byte for byte. */
          g_assert_cmpstr (now, ==, old);
          continue;
        }
      if (strcmp (old_names[i], "learner") != 0)
        g_assert_null (strstr (now, old_names[i]));
      g_assert_nonnull (strstr (now, "\"name\" : \"Learner\""));
      g_assert_nonnull (strstr (now, "\"moves-1/chariot\" : 3"));
      backup = read_file (f, "learner.json.bak");
      g_assert_cmpstr (backup, ==, old);

      use_language ("zh_TW");
      {
        g_autoptr(XqProgress) p = load (f, XQ_PROGRESS_DEFAULT_LEARNER);

        g_assert_cmpstr (p->name, ==, "學員");
        g_assert_cmpint (xq_progress_get_stars (p, "moves-1", "chariot"), ==, 3);
      }
      use_language ("zh_CN");
    }
}

/* Only the default id has the default name: a learner someone named
 * "Learner" (or 學員) gets an id of its own and keeps the name as typed in
 * every language. */
static void
test_default_name_only_default_id (Fixture *f, gconstpointer data)
{
  g_autofree char *id = NULL;

  use_language ("zh_TW");
  id = xq_class_make_id (f->store, "Learner", NULL);
  g_assert_cmpstr (id, !=, XQ_PROGRESS_DEFAULT_LEARNER);
  save (f, id, "Learner", "moves-1", "chariot", 3);
  save (f, "mei", "學員", "moves-1", "chariot", 1);
  g_assert_false (xq_progress_name_is_default (id, "Learner"));
  g_assert_false (xq_progress_name_is_default ("mei", "學員"));
  g_assert_false (xq_progress_name_is_default (XQ_PROGRESS_DEFAULT_LEARNER, "Mei"));

  use_language ("zh_CN");
  {
    g_autoptr(XqProgress) p = load (f, id);

    g_assert_cmpstr (p->name, ==, "Learner");
    g_assert_cmpint (xq_progress_get_stars (p, "moves-1", "chariot"), ==, 3);
  }
  {
    g_autoptr(XqProgress) p = load (f, "mei");

    g_assert_cmpstr (p->name, ==, "學員");
  }
  /* A fresh profile of another id is named after its id, not "Learner". */
  {
    g_autoptr(XqProgress) p = xq_progress_new ("lin", NULL);

    g_assert_cmpstr (p->name, ==, "lin");
  }
}

/* Every catalogue's word for "Learner" is one the store reads as the
 * default learner's name, checked untranslated so the catalogue being
 * read cannot answer for the list.  A new language fails here until its
 * word is added to the list in xq-progress.c. */
static void
test_default_name_catalogues (Fixture *f, gconstpointer data)
{
  const char *src = g_getenv ("XQ_SOURCE_DIR");
  g_autofree char *linguas_path = NULL;
  g_autofree char *linguas = NULL;
  g_auto(GStrv) langs = NULL;
  guint n_langs = 0;

  g_assert_nonnull (src);
  use_language (NULL);
  linguas_path = g_build_filename (src, "po", "LINGUAS", NULL);
  g_assert_true (g_file_get_contents (linguas_path, &linguas, NULL, NULL));
  langs = g_strsplit_set (linguas, " \n", -1);
  for (guint i = 0; langs[i] != NULL; i++)
    {
      g_autofree char *po_name = NULL;
      g_autofree char *po_path = NULL;
      g_autofree char *po = NULL;
      g_auto(GStrv) lines = NULL;
      guint found = 0;

      if (*langs[i] == '\0' || *langs[i] == '#')
        continue;
      po_name = g_strconcat (langs[i], ".po", NULL);
      po_path = g_build_filename (src, "po", po_name, NULL);
      g_assert_true (g_file_get_contents (po_path, &po, NULL, NULL));
      lines = g_strsplit (po, "\n", -1);
      for (guint j = 1; lines[j] != NULL; j++)
        if (strcmp (lines[j - 1], "msgid \"Learner\"") == 0 && g_str_has_prefix (lines[j], "msgstr \""))
          {
            g_autofree char *word = g_strndup (lines[j] + 8, strlen (lines[j]) - 9);

            g_test_message ("%s: %s", langs[i], word);
            g_assert_cmpstr (word, !=, "");
            g_assert_true (xq_progress_name_is_default (XQ_PROGRESS_DEFAULT_LEARNER, word));
            found++;
          }
      g_assert_cmpuint (found, ==, 1);
      n_langs++;
    }
  g_assert_cmpuint (n_langs, >=, 2);
}

/* Reading aloud by itself: saved only when on, read back, and a value
 * that is not true or false is reported and dropped, the rest kept. */
static void
test_speak (Fixture *f, gconstpointer data)
{
  static const char bad[] =
    "{ \"format\": 1, \"learner\": \"ann\", \"name\": \"Ann\", \"stars\": { \"board/corner\": 2 }, \"speak\": \"yes\" }";
  g_autoptr(GError) error = NULL;
  g_autoptr(XqProgress) p = xq_progress_new ("mei", "Mei");
  g_autoptr(XqProgress) back = NULL;
  g_autoptr(XqProgress) bad_p = NULL;
  g_autofree char *path = file_in (f, "mei.json");
  g_autofree char *text = NULL;

  g_assert_true (xq_progress_store_save (f->store, p, &error));
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_null (strstr (text, "speak"));
  p->speak = TRUE;
  g_assert_true (xq_progress_store_save (f->store, p, &error));
  g_assert_no_error (error);
  back = xq_progress_store_load (f->store, "mei", &error);
  g_assert_no_error (error);
  g_assert_true (back->speak);
  g_assert_cmpuint (f->notices->len, ==, 0);

  put (f, "ann.json", bad, -1);
  bad_p = xq_progress_store_load (f->store, "ann", &error);
  g_assert_no_error (error);
  g_assert_false (bad_p->speak);
  g_assert_cmpint (xq_progress_get_stars (bad_p, "board", "corner"), ==, 2);
  g_assert_cmpuint (f->notices->len, ==, 1);
  g_assert_cmpstr (((XqProgressNotice *) g_ptr_array_index (f->notices, 0))->problem, ==,
                   "ann.json: $.speak: should be true or false");
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, XQ_BUILD_LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  xq_test_isolate_dirs ();
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add ("/progress/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("damaged/bad-escape-problem", test_bad_escape_problem);
  ADD ("damaged/bad-star", test_bad_star);
  ADD ("damaged/wrong-types", test_wrong_types);
  ADD ("damaged/truncated", test_truncated);
  ADD ("damaged/empty", test_empty);
  ADD ("damaged/garbage", test_garbage);
  ADD ("damaged/huge", test_huge);
  ADD ("damaged/deep", test_deep);
  ADD ("damaged/fifo", test_fifo);
  ADD ("damaged/backup-only", test_backup_only);
  ADD ("damaged/before-save", test_damaged_before_save);
  ADD ("damaged/streak", test_streak);
  ADD ("save/first-backup", test_first_save_backup);
  ADD ("save/merges", test_save_merges);
  ADD ("save/through-link", test_save_through_link);
  ADD ("save/disk-full", test_save_disk_full);
  ADD ("save/stale-temps", test_stale_temps);
  ADD ("save/reset-remove", test_reset_remove);
  ADD ("save/current", test_current);
  ADD ("save/speak", test_speak);
  ADD ("save/crash-safety", test_crash_safety);
  ADD ("default-name/languages", test_default_name_languages);
  ADD ("default-name/migrated", test_default_name_migrated);
  ADD ("default-name/only-default-id", test_default_name_only_default_id);
  ADD ("default-name/catalogues", test_default_name_catalogues);
#undef ADD
  return g_test_run ();
}
