/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A teacher's units on disk: rename, renumber, reorder, duplicate, delete
 * and restore, exercises reordered, duplicated, removed and put back; a
 * pack imported over a unit keeps the stars of its unchanged exercises;
 * a built-in id is refused; chosen units exported. */
#define G_LOG_DOMAIN "test-unit-store"

#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "xq-import.h"
#include "xq-kind.h"
#include "xq-lesson-draft.h"
#include "xq-lesson-writer.h"
#include "xq-pack.h"
#include "xq-progress.h"
#include "xq-unit-store.h"
#include "xq-test-dirs.h"

static JsonObject *
tap_exercise (const char *id, const char *side)
{
  g_autofree char *text =
    g_strdup_printf ("{\"id\": \"%s\", \"kind\": \"tap\", \"prompt\": \"Tap the palace.\", "
                     "\"rule\": \"palace\", \"side\": \"%s\"}", id, side);
  g_autoptr(JsonNode) node = json_from_string (text, NULL);

  g_assert_nonnull (node);
  return json_object_ref (json_node_get_object (node));
}

/* A unit "id" with exercises a, b, c written to dir/<id>.json. */
static char *
write_unit (const char *dir, const char *id, const char *title, int number)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);
  g_autoptr(JsonObject) unit = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_strconcat (id, ".json", NULL);
  char *path = g_build_filename (dir, name, NULL);

  g_ptr_array_add (list, tap_exercise ("a", "red"));
  g_ptr_array_add (list, tap_exercise ("b", "black"));
  g_ptr_array_add (list, tap_exercise ("c", "red"));
  unit = xq_lesson_teacher_unit_new (id, title, list);
  json_object_set_int_member (unit, "number", number);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_assert_true (xq_unit_store_write (path, unit, &error));
  g_assert_no_error (error);
  return path;
}

static char *
fresh_dir (const char *name)
{
  char *dir = g_build_filename (g_get_user_data_dir (), name, NULL);

  xq_test_remove_tree (dir);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  return dir;
}

/* The ids of the unit's exercises on disk, joined by spaces. */
static char *
exercise_ids (const char *dir, const char *id)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqUnitInfo) info = xq_unit_store_find (dir, id, &error);
  g_autoptr(JsonObject) unit = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  JsonArray *list;

  g_assert_no_error (error);
  unit = xq_unit_store_read (info->path, &error);
  g_assert_no_error (error);
  list = json_object_get_array_member (unit, "exercises");
  for (guint i = 0; i < json_array_get_length (list); i++)
    g_string_append_printf (out, "%s%s", i ? " " : "",
                            json_object_get_string_member (json_array_get_object_element (list, i), "id"));
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static char *
unit_order (const char *dir)
{
  g_autoptr(GPtrArray) units = xq_unit_store_list (dir);
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < units->len; i++)
    {
      const XqUnitInfo *u = g_ptr_array_index (units, i);
      g_string_append_printf (out, "%s%s:%d", i ? " " : "", u->id, u->number);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static void
test_list_rename_renumber (void)
{
  g_autofree char *dir = fresh_dir ("units-rename");
  g_autofree char *p1 = write_unit (dir, "horses", "Horses", 90);
  g_autofree char *p2 = write_unit (dir, "cannons", "Cannons", 91);
  g_autoptr(GError) error = NULL;
  g_autoptr(XqUnitInfo) info = NULL;
  g_autoptr(JsonObject) unit = NULL;
  g_autofree char *order = NULL;

  order = unit_order (dir);
  g_assert_cmpstr (order, ==, "horses:90 cannons:91");
  g_assert_cmpint (xq_unit_store_next_number (dir), ==, 92);

  g_assert_true (xq_unit_store_rename (dir, "horses", "The horse's leg", &error));
  g_assert_no_error (error);
  info = xq_unit_store_find (dir, "horses", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (info->title, ==, "The horse's leg");
  unit = xq_unit_store_read (p1, &error);
  /* The introduction page was the title: it follows. */
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (
                     json_object_get_array_member (unit, "pages"), 0), "text"), ==, "The horse's leg");
  g_assert_false (xq_unit_store_rename (dir, "horses", "   ", &error));
  g_assert_error (error, XQ_UNIT_STORE_ERROR, XQ_UNIT_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (xq_unit_store_rename (dir, "nothing", "x", &error));
  g_assert_error (error, XQ_UNIT_STORE_ERROR, XQ_UNIT_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  g_assert_true (xq_unit_store_renumber (dir, "horses", 95, &error));
  g_assert_no_error (error);
  g_free (order);
  order = unit_order (dir);
  g_assert_cmpstr (order, ==, "cannons:91 horses:95");
  g_assert_cmpint (xq_unit_store_next_number (dir), ==, 96);
  g_assert_false (xq_unit_store_renumber (dir, "horses", 100, &error));
  g_assert_error (error, XQ_UNIT_STORE_ERROR, XQ_UNIT_STORE_ERROR_INVALID);
  g_clear_error (&error);

  /* Reordering trades numbers with the neighbour. */
  g_assert_true (xq_unit_store_move (dir, "horses", -1, &error));
  g_assert_no_error (error);
  g_free (order);
  order = unit_order (dir);
  g_assert_cmpstr (order, ==, "horses:91 cannons:95");
  g_assert_false (xq_unit_store_move (dir, "horses", -1, &error));
  g_assert_no_error (error);
  /* Two units sharing a number get distinct ones. */
  g_assert_true (xq_unit_store_renumber (dir, "cannons", 91, &error));
  g_free (order);
  order = unit_order (dir);
  g_assert_cmpstr (order, ==, "cannons:91 horses:91");
  g_assert_false (xq_unit_store_move (dir, "horses", 1, &error));
  g_assert_true (xq_unit_store_move (dir, "horses", -1, &error));
  g_assert_no_error (error);
  g_free (order);
  order = unit_order (dir);
  g_assert_cmpstr (order, ==, "horses:91 cannons:92");
}

static void
test_next_number_full (void)
{
  g_autofree char *dir = fresh_dir ("units-full");

  g_assert_cmpint (xq_unit_store_next_number (dir), ==, XQ_UNIT_STORE_FIRST_NUMBER);
  for (int n = 90; n <= 99; n++)
    if (n != 93)
      {
        g_autofree char *id = g_strdup_printf ("u%d", n);
        g_autofree char *p = write_unit (dir, id, id, n);
      }
  /* 99 is taken: the gap is next. */
  g_assert_cmpint (xq_unit_store_next_number (dir), ==, 93);
}

static void
test_duplicate (void)
{
  g_autofree char *dir = fresh_dir ("units-duplicate");
  g_autofree char *p1 = write_unit (dir, "horses", "Horses", 90);
  g_autoptr(GError) error = NULL;
  g_autofree char *copy = NULL;
  g_autofree char *copy2 = NULL;
  g_autoptr(XqUnitInfo) info = NULL;
  g_autoptr(XqUnitInfo) info2 = NULL;

  copy = xq_unit_store_duplicate (dir, "horses", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (copy, ==, "horses-copy");
  info = xq_unit_store_find (dir, copy, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (info->title, ==, "Horses (copy)");
  g_assert_cmpint (info->number, ==, 91);
  g_assert_cmpuint (info->n_exercises, ==, 3);
  copy2 = xq_unit_store_duplicate (dir, "horses", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (copy2, ==, "horses-copy-2");
  info2 = xq_unit_store_find (dir, copy2, &error);
  /* Never the same title twice: two identical cards in Learn. */
  g_assert_cmpstr (info2->title, ==, "Horses (copy 2)");
  g_assert_cmpint (info2->number, ==, 92);
  {
    g_autoptr(GPtrArray) problems = xq_pack_problems_new ();
    g_autoptr(GPtrArray) files = xq_lesson_load_dir (dir, problems);
    g_assert_cmpuint (files->len, ==, 3);
    g_assert_cmpuint (problems->len, ==, 0);
  }
}

static void
test_delete_restore (void)
{
  g_autofree char *dir = fresh_dir ("units-delete");
  g_autofree char *p1 = write_unit (dir, "horses", "Horses", 90);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *trashed = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) units = NULL;

  g_assert_true (g_file_get_contents (p1, &before, NULL, NULL));
  trashed = xq_unit_store_delete (dir, "horses", &error);
  g_assert_no_error (error);
  g_assert_nonnull (trashed);
  g_assert_false (g_file_test (p1, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (trashed, G_FILE_TEST_IS_REGULAR));
  units = xq_unit_store_list (dir);
  g_assert_cmpuint (units->len, ==, 0);
  /* The Learn page (the loader) reads no trash. */
  {
    g_autoptr(GPtrArray) problems = xq_pack_problems_new ();
    g_autoptr(GPtrArray) files = xq_lesson_load_dir (dir, problems);
    g_assert_cmpuint (files->len, ==, 0);
  }
  g_assert_true (xq_unit_store_restore (dir, trashed, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (p1, &after, NULL, NULL));
  g_assert_cmpstr (before, ==, after);
  g_assert_false (g_file_test (trashed, G_FILE_TEST_EXISTS));

  /* Restoring over a unit that took the id meanwhile is refused. */
  g_free (trashed);
  trashed = xq_unit_store_delete (dir, "horses", &error);
  g_assert_no_error (error);
  {
    g_autofree char *again = write_unit (dir, "horses", "New horses", 90);
  }
  g_assert_false (xq_unit_store_restore (dir, trashed, &error));
  g_assert_error (error, XQ_UNIT_STORE_ERROR, XQ_UNIT_STORE_ERROR_EXISTS);
  g_assert_true (g_file_test (trashed, G_FILE_TEST_EXISTS));
}

static void
test_exercises (void)
{
  g_autofree char *dir = fresh_dir ("units-exercises");
  g_autofree char *p1 = write_unit (dir, "horses", "Horses", 90);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) removed = NULL;
  g_autofree char *ids = NULL;
  g_autofree char *dup = NULL;

  g_assert_true (xq_unit_store_move_exercise (dir, "horses", 0, 2, &error));
  g_assert_no_error (error);
  ids = exercise_ids (dir, "horses");
  g_assert_cmpstr (ids, ==, "b c a");
  g_assert_true (xq_unit_store_move_exercise (dir, "horses", 2, 1, &error));
  g_free (ids);
  ids = exercise_ids (dir, "horses");
  g_assert_cmpstr (ids, ==, "b a c");

  dup = xq_unit_store_duplicate_exercise (dir, "horses", 1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (dup, ==, "a-2");
  g_free (ids);
  ids = exercise_ids (dir, "horses");
  g_assert_cmpstr (ids, ==, "b a a-2 c");

  removed = xq_unit_store_remove_exercise (dir, "horses", 0, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (json_object_get_string_member (removed, "id"), ==, "b");
  g_free (ids);
  ids = exercise_ids (dir, "horses");
  g_assert_cmpstr (ids, ==, "a a-2 c");
  /* Undo puts it back where it was. */
  g_assert_true (xq_unit_store_insert_exercise (dir, "horses", 0, removed, &error));
  g_assert_no_error (error);
  g_free (ids);
  ids = exercise_ids (dir, "horses");
  g_assert_cmpstr (ids, ==, "b a a-2 c");

  g_assert_null (xq_unit_store_remove_exercise (dir, "horses", 9, &error));
  g_assert_error (error, XQ_UNIT_STORE_ERROR, XQ_UNIT_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  /* An exercise the loader refuses is never written. */
  {
    g_autoptr(JsonObject) bad = tap_exercise ("b", "red");
    g_assert_false (xq_unit_store_insert_exercise (dir, "horses", 0, bad, &error));
    g_assert_error (error, XQ_UNIT_STORE_ERROR, XQ_UNIT_STORE_ERROR_INVALID);
    g_free (ids);
    ids = exercise_ids (dir, "horses");
    g_assert_cmpstr (ids, ==, "b a a-2 c");
  }
}

/* A pack holding the unit at path, with exercise b changed when changed. */
static char *
pack_of (const char *path, gboolean change_b, const char *out_name)
{
  g_autoptr(GPtrArray) problems = xq_pack_problems_new ();
  g_autoptr(XqPack) pack = xq_pack_new ("Class", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) unit = xq_unit_store_read (path, &error);
  g_autofree char *text = NULL;
  char *out = g_build_filename (g_get_user_cache_dir (), out_name, NULL);

  g_assert_no_error (error);
  if (change_b)
    {
      JsonArray *list = json_object_get_array_member (unit, "exercises");
      JsonObject *b = json_array_get_object_element (list, 1);
      json_object_set_string_member (b, "prompt", "Tap Black's palace, every point.");
    }
  text = xq_lesson_write_object (unit, NULL);
  g_assert_true (xq_pack_add_data (pack, NULL, text, -1, path, problems));
  g_assert_cmpint (g_mkdir_with_parents (g_get_user_cache_dir (), 0755), ==, 0);
  g_assert_true (xq_pack_save (pack, out, &error));
  g_assert_no_error (error);
  return out;
}

static void
test_import_replace (void)
{
  g_autofree char *src = fresh_dir ("units-teacher-a");
  g_autofree char *dir = fresh_dir ("units-teacher-b");
  g_autofree char *learners_dir = fresh_dir ("learners-b");
  g_autofree char *path = write_unit (src, "horses", "Horses", 90);
  g_autofree char *pack1 = pack_of (path, FALSE, "first.xqpack");
  g_autofree char *pack2 = pack_of (path, TRUE, "second.xqpack");
  g_autoptr(XqProgressStore) store = xq_progress_store_new (learners_dir);
  g_autoptr(XqProgress) ming = xq_progress_new ("ming", "Ming");
  g_autoptr(XqProgress) back = NULL;
  g_autoptr(XqUnitImport) import = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (xq_unit_store_import_pack (pack1, dir, FALSE, store, NULL, &import, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (import->n_added, ==, 1);
  g_clear_pointer (&import, xq_unit_import_free);

  xq_progress_record (ming, "horses", "a", 3);
  xq_progress_record (ming, "horses", "b", 2);
  xq_progress_record (ming, "horses", "c", 1);
  xq_progress_record (ming, "other", "b", 3);
  g_assert_true (xq_progress_store_save (store, ming, &error));

  /* Again: it asks first, and nothing changed. */
  g_assert_false (xq_unit_store_import_pack (pack2, dir, FALSE, store, NULL, &import, &error));
  g_assert_error (error, XQ_UNIT_STORE_ERROR, XQ_UNIT_STORE_ERROR_EXISTS);
  g_assert_nonnull (strstr (error->message, "Horses"));
  g_clear_error (&error);

  g_assert_true (xq_unit_store_import_pack (pack2, dir, TRUE, store, NULL, &import, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (import->n_replaced, ==, 1);
  g_assert_cmpuint (import->n_dropped, ==, 1);
  {
    g_autoptr(GPtrArray) units = xq_unit_store_list (dir);
    const XqUnitInfo *u;
    g_autoptr(JsonObject) unit = NULL;

    g_assert_cmpuint (units->len, ==, 1);
    u = g_ptr_array_index (units, 0);
    unit = xq_unit_store_read (u->path, &error);
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (
                       json_object_get_array_member (unit, "exercises"), 1), "prompt"), ==,
                     "Tap Black's palace, every point.");
  }
  back = xq_progress_store_load (store, "ming", &error);
  g_assert_no_error (error);
  g_assert_cmpint (xq_progress_get_stars (back, "horses", "a"), ==, 3);
  g_assert_cmpint (xq_progress_get_stars (back, "horses", "b"), ==, 0);
  g_assert_cmpint (xq_progress_get_stars (back, "horses", "c"), ==, 1);
  /* Another unit's exercise of the same id is not touched. */
  g_assert_cmpint (xq_progress_get_stars (back, "other", "b"), ==, 3);
}

static void
test_builtin_refused (void)
{
  g_autofree char *src = fresh_dir ("units-builtin-src");
  g_autofree char *dir = fresh_dir ("units-builtin");
  g_autofree char *path = write_unit (src, "moves-1", "My moves", 90);
  g_autofree char *pack = pack_of (path, FALSE, "builtin.xqpack");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) units = NULL;

  g_assert_true (xq_unit_store_is_builtin_id ("moves-1"));
  g_assert_false (xq_unit_store_is_builtin_id ("horses"));
  g_assert_false (xq_unit_store_import_pack (pack, dir, TRUE, NULL, NULL, NULL, &error));
  g_assert_error (error, XQ_UNIT_STORE_ERROR, XQ_UNIT_STORE_ERROR_BUILTIN);
  g_assert_nonnull (strstr (error->message, "moves-1"));
  units = xq_unit_store_list (dir);
  g_assert_cmpuint (units->len, ==, 0);
  /* A free id never is one of the curriculum's. */
  {
    g_autofree char *id = xq_unit_store_free_id (dir, "moves-1");
    g_assert_cmpstr (id, ==, "moves-1-2");
  }
}

static void
test_export_chosen (void)
{
  g_autofree char *dir = fresh_dir ("units-export");
  g_autofree char *p1 = write_unit (dir, "horses", "Horses", 90);
  g_autofree char *p2 = write_unit (dir, "cannons", "Cannons", 91);
  g_autofree char *out = g_build_filename (dir, "out.xqpack", NULL);
  g_autoptr(GPtrArray) problems = xq_pack_problems_new ();
  g_autoptr(XqPack) pack = NULL;
  g_autoptr(GError) error = NULL;
  const char *paths[] = { p2, NULL };
  const char *none[] = { NULL };

  g_assert_true (xq_unit_store_export (paths, "Cannon week", "Ms Wang", out, NULL, &error));
  g_assert_no_error (error);
  pack = xq_pack_load_file (out, problems);
  g_assert_nonnull (pack);
  g_assert_cmpuint (pack->entries->len, ==, 1);
  g_assert_cmpstr (((XqPackEntry *) g_ptr_array_index (pack->entries, 0))->id, ==, "cannons");
  g_assert_cmpstr (pack->author, ==, "Ms Wang");
  g_assert_false (xq_unit_store_export (none, "Nothing", NULL, out, NULL, &error));
  g_assert_nonnull (error);
}

static void
test_exercise_hash (void)
{
  g_autoptr(JsonObject) a = tap_exercise ("a", "red");
  g_autoptr(JsonObject) b = json_object_new ();
  g_autoptr(JsonObject) c = tap_exercise ("a", "black");
  g_autofree char *ha = NULL, *hb = NULL, *hc = NULL;

  /* The same members in another order hash the same. */
  json_object_set_string_member (b, "side", "red");
  json_object_set_string_member (b, "rule", "palace");
  json_object_set_string_member (b, "prompt", "Tap the palace.");
  json_object_set_string_member (b, "kind", "tap");
  json_object_set_string_member (b, "id", "a");
  ha = xq_unit_store_exercise_hash (a);
  hb = xq_unit_store_exercise_hash (b);
  hc = xq_unit_store_exercise_hash (c);
  g_assert_cmpstr (ha, ==, hb);
  g_assert_cmpstr (ha, !=, hc);
}

static void
test_import_games_builtin (void)
{
  g_autofree char *dir = fresh_dir ("units-games");
  g_autofree char *pgn = g_build_filename (dir, "game.pgn", NULL);
  g_autofree char *out = g_build_filename (dir, "moves-1.json", NULL);
  const char *paths[] = { pgn, NULL };
  g_autoptr(XqImportReport) report = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (pgn, "[Event \"x\"]\n\n1. h2e2 *\n", -1, NULL));
  g_assert_false (xq_import_files (paths, XQ_IMPORT_AS_UNIT, out, NULL, NULL, NULL, &report, &error));
  g_assert_error (error, XQ_IMPORT_ERROR, XQ_IMPORT_ERROR_BUILTIN);
  g_assert_nonnull (report);
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
}


/* The first exercise of a unit document made of one exercise. */
static XqLessonFile *
load_one (const char *exercise_json)
{
  g_autoptr(JsonNode) node = json_from_string (exercise_json, NULL);
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);
  g_autoptr(JsonObject) unit = NULL;
  g_autoptr(GPtrArray) problems = xq_pack_problems_new ();
  g_autofree char *text = NULL;
  XqLessonFile *file;

  g_ptr_array_add (list, json_object_ref (json_node_get_object (node)));
  unit = xq_lesson_teacher_unit_new ("draft", "Draft", list);
  text = xq_lesson_write_object (unit, NULL);
  file = xq_lesson_load_data (text, -1, "draft", problems);
  g_assert_cmpuint (problems->len, ==, 0);
  return file;
}

static void
test_draft_answer (void)
{
  g_autoptr(XqLessonFile) mate = load_one ("{\"id\": \"m\", \"kind\": \"mate\", \"prompt\": \"Mate.\", "
                                           "\"fen\": \"4k4/9/4N4/9/9/9/9/C8/9/3K5 w - - 0 1\", \"mate-in\": 2}");
  g_autoptr(XqLessonFile) exact = load_one ("{\"id\": \"m\", \"kind\": \"mate\", \"prompt\": \"Mate.\", "
                                            "\"fen\": \"4k4/9/4N4/9/9/9/9/C8/9/3K5 w - - 0 1\", \"mate-in\": 1}");
  g_autoptr(XqLessonFile) reach = load_one ("{\"id\": \"r\", \"kind\": \"tap\", \"prompt\": \"Where?\", "
                                            "\"fen\": \"3k5/9/9/9/9/9/9/9/9/1N2K4 w - - 0 1\", "
                                            "\"rule\": \"reach\", \"square\": \"b0\"}");
  g_autoptr(XqDraftAnswer) a = xq_lesson_draft_answer (g_ptr_array_index (mate->unit->exercises, 0));
  g_autoptr(XqDraftAnswer) b = xq_lesson_draft_answer (g_ptr_array_index (exact->unit->exercises, 0));
  g_autoptr(XqDraftAnswer) c = xq_lesson_draft_answer (g_ptr_array_index (reach->unit->exercises, 0));

  /* The stated N is not the distance: said, with the right one. */
  g_assert_cmpuint (a->warnings->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (a->warnings, 0), ==,
                   "This is a mate in 1, not 2: set the number of moves to 1.");
  g_assert_true (xq_lesson_marks_has (&a->marks, XQ_LESSON_MARK_ARROW, XQ_LESSON_ROLE_CORRECT,
                                      xq_square_from_text ("a2"), xq_square_from_text ("e2")));
  g_assert_nonnull (a->answer);
  g_assert_cmpuint (b->warnings->len, ==, 0);
  /* The reach points, in words and as marks. */
  g_assert_cmpuint (c->warnings->len, ==, 0);
  g_assert_cmpint (c->marks.n_marks, ==, 3);
  g_assert_true (xq_lesson_marks_has (&c->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_CORRECT,
                                      xq_square_from_text ("d1"), XQ_NO_SQUARE));
  g_assert_nonnull (strstr (c->answer, "a2"));
  g_assert_nonnull (strstr (c->answer, "c2"));
  g_assert_nonnull (strstr (c->answer, "d1"));
}

static void
test_describe_problem (void)
{
  const XqKind *tap = xq_kind_by_name ("tap");
  XqLessonProblem missing = { .code = XQ_LESSON_ERROR_MISSING_FIELD, .path = (char *) "$",
                              .message = (char *) "missing required key “square”" };
  XqLessonProblem prompt = { .code = XQ_LESSON_ERROR_MISSING_FIELD, .path = (char *) "$",
                             .message = (char *) "missing required key “prompt”" };
  XqLessonProblem bad = { .code = XQ_LESSON_ERROR_BAD_SQUARE, .path = (char *) "$.square",
                          .message = (char *) "there is no piece on e4" };
  XqLessonProblem whole = { .code = XQ_LESSON_ERROR_UNSOLVABLE, .path = (char *) "$",
                            .message = (char *) "the rules give no point to tap here" };
  g_autofree char *m = xq_lesson_draft_describe_problem (tap, &missing);
  g_autofree char *p = xq_lesson_draft_describe_problem (tap, &prompt);
  g_autofree char *b = xq_lesson_draft_describe_problem (tap, &bad);
  g_autofree char *w = xq_lesson_draft_describe_problem (tap, &whole);

  g_assert_cmpstr (m, ==, "Mark the exercise’s piece on the board (Board clicks).");
  g_assert_cmpstr (p, ==, "Fill in “Prompt”.");
  g_assert_cmpstr (b, ==, "Piece: there is no piece on e4");
  g_assert_cmpstr (w, ==, "Exercise: the rules give no point to tap here");
}

int
main (int argc, char **argv)
{
  xq_test_isolate_dirs ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lesson/unit-store/rename-renumber", test_list_rename_renumber);
  g_test_add_func ("/lesson/unit-store/next-number", test_next_number_full);
  g_test_add_func ("/lesson/unit-store/duplicate", test_duplicate);
  g_test_add_func ("/lesson/unit-store/delete-restore", test_delete_restore);
  g_test_add_func ("/lesson/unit-store/exercises", test_exercises);
  g_test_add_func ("/lesson/unit-store/exercise-hash", test_exercise_hash);
  g_test_add_func ("/lesson/unit-store/import-replace", test_import_replace);
  g_test_add_func ("/lesson/unit-store/builtin-refused", test_builtin_refused);
  g_test_add_func ("/lesson/unit-store/import-games-builtin", test_import_games_builtin);
  g_test_add_func ("/lesson/unit-store/export-chosen", test_export_chosen);
  g_test_add_func ("/lesson/draft/answer", test_draft_answer);
  g_test_add_func ("/lesson/draft/describe-problem", test_describe_problem);
  return g_test_run ();
}
