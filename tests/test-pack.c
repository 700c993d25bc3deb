/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Lesson packs: export → validate → import round trips, and every way a
 * hostile pack is refused without touching the destination. */
#define G_LOG_DOMAIN "test-pack"

#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>
#include <unistd.h>

#include "xq-pack.h"
#include "xq-unit-store.h"
#include "xq-test-dirs.h"
#include "xq-test-xqtool.h"

/* ---- Helpers --------------------------------------------------------------- */

static char *
data_path (const char *name)
{
  const char *src = g_getenv ("XQ_SOURCE_DIR");

  g_assert_nonnull (src);
  return g_build_filename (src, "tests", "data", "packs", name, NULL);
}

/* Everything under dir, one line per entry with type, size and a checksum
 * of the contents, so two listings differ if anything was touched. */
static void
list_into (const char *dir, const char *rel, GPtrArray *lines)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  if (d == NULL)
    return;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *r = rel != NULL ? g_build_filename (rel, name, NULL) : g_strdup (name);
      GStatBuf st;

      g_assert_cmpint (g_lstat (path, &st), ==, 0);
      if (S_ISLNK (st.st_mode))
        {
          g_autofree char *target = g_file_read_link (path, NULL);
          g_ptr_array_add (lines, g_strdup_printf ("%s -> %s", r, target));
        }
      else if (S_ISDIR (st.st_mode))
        {
          g_ptr_array_add (lines, g_strdup_printf ("%s/", r));
          list_into (path, r, lines);
        }
      else
        {
          g_autofree char *contents = NULL;
          g_autofree char *sum = NULL;
          gsize len;
          g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
          sum = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) contents, len);
          g_ptr_array_add (lines, g_strdup_printf ("%s %lu %o %s", r, (unsigned long) len,
                                                   (unsigned) st.st_mode, sum));
        }
    }
}

static int
compare_lines (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static char *
listing (const char *dir)
{
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);

  list_into (dir, NULL, lines);
  g_ptr_array_sort (lines, compare_lines);
  g_ptr_array_add (lines, NULL);
  return g_strjoinv ("\n", (char **) lines->pdata);
}

/* A destination that already holds a teacher's unit, a note, and a
 * subfolder, so "unchanged" means something. */
static char *
make_destination (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("xq-pack-dest-XXXXXX", &error);
  g_autofree char *src = data_path ("units/palace-drill.json");
  g_autofree char *contents = NULL;
  g_autofree char *mine = NULL;
  g_autofree char *note = NULL;
  g_autofree char *sub = NULL;

  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (src, &contents, NULL, NULL));
  /* The same unit under another id, so the pack's own ids stay free. */
  mine = g_build_filename (dir, "mine.json", NULL);
  {
    g_autoptr(GString) s = g_string_new (contents);
    g_string_replace (s, "\"palace-drill\"", "\"my-own-unit\"", 1);
    g_assert_true (g_file_set_contents (mine, s->str, -1, NULL));
  }
  note = g_build_filename (dir, "notes.txt", NULL);
  g_assert_true (g_file_set_contents (note, "week 3\n", -1, NULL));
  sub = g_build_filename (dir, "old", NULL);
  g_assert_cmpint (g_mkdir (sub, 0755), ==, 0);
  return dir;
}

static XqLessonProblem *
first_problem (GPtrArray *problems)
{
  g_assert_cmpuint (problems->len, >, 0);
  return g_ptr_array_index (problems, 0);
}

/* True if two JSON texts hold the same document. */
static gboolean
same_json (const char *a, const char *b)
{
  g_autoptr(JsonNode) x = json_from_string (a, NULL);
  g_autoptr(JsonNode) y = json_from_string (b, NULL);

  g_assert_nonnull (x);
  g_assert_nonnull (y);
  return json_node_equal (x, y);
}

/* ---- Names ----------------------------------------------------------------- */

typedef struct {
  const char *name;
  const char *sanitised;  /* NULL: refused */
} NameCase;

static const NameCase name_cases[] = {
  { "unit1-board.json", "unit1-board.json" },
  { "My Horse Unit.JSON", "my-horse-unit.json" },
  { "week_3 (final)", "week-3-final.json" },
  { "象棋.json", NULL },              /* nothing ASCII is left */
  { "马-horse.json", "horse.json" },
  { "../evil.json", NULL },
  { "/etc/passwd", NULL },
  { "a\\b.json", NULL },
  { "evil..json", NULL },
  { ".hidden.json", NULL },
  { "tab\there.json", NULL },
  { "", NULL },
  { ".json", NULL },
};

static void
test_sanitize (gconstpointer data)
{
  const NameCase *c = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *out = xq_pack_sanitize_name (c->name, &error);

  if (c->sanitised != NULL)
    {
      g_assert_no_error (error);
      g_assert_cmpstr (out, ==, c->sanitised);
    }
  else
    {
      g_assert_null (out);
      g_assert_error (error, XQ_PACK_ERROR, XQ_PACK_ERROR_BAD_NAME);
    }
}

static void
test_sanitize_long (void)
{
  g_autofree char *name = g_strnfill (300, 'a');
  g_autofree char *out = xq_pack_sanitize_name (name, NULL);

  g_assert_nonnull (out);
  g_assert_cmpuint (strlen (out), ==, XQ_PACK_MAX_NAME);
  g_assert_true (g_str_has_suffix (out, ".json"));
}

/* ---- Round trips ----------------------------------------------------------- */

static void
test_roundtrip_library (void)
{
  g_autoptr(GPtrArray) problems = xq_pack_problems_new ();
  g_autoptr(XqPack) pack = xq_pack_new ("Palace and mates", "Teacher Li");
  g_autoptr(XqPack) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *unit_path = data_path ("units/palace-drill.json");
  g_autofree char *puzzles_path = data_path ("units/teacher-mates.json");
  g_autofree char *data = NULL;
  g_autofree char *dir = g_dir_make_tmp ("xq-pack-rt-XXXXXX", NULL);
  g_autofree char *into = g_build_filename (dir, "a", "b", "units", NULL);
  g_autofree char *after = NULL;
  gsize length;

  g_assert_true (xq_pack_add_file (pack, unit_path, problems));
  g_assert_true (xq_pack_add_file (pack, puzzles_path, problems));
  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_cmpuint (pack->entries->len, ==, 2);

  data = xq_pack_to_data (pack, &length);
  back = xq_pack_load_data (data, (gssize) length, "rt.xqpack", problems);
  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_nonnull (back);
  g_assert_cmpstr (back->title, ==, "Palace and mates");
  g_assert_cmpstr (back->author, ==, "Teacher Li");
  g_assert_cmpuint (back->entries->len, ==, 2);
  {
    XqPackEntry *u = g_ptr_array_index (back->entries, 0);
    XqPackEntry *p = g_ptr_array_index (back->entries, 1);
    g_assert_cmpstr (u->name, ==, "palace-drill.json");
    g_assert_cmpint (u->type, ==, XQ_LESSON_FILE_UNIT);
    g_assert_cmpstr (u->id, ==, "palace-drill");
    g_assert_cmpuint (u->n_items, ==, 2);
    g_assert_cmpstr (p->name, ==, "teacher-mates.json");
    g_assert_cmpint (p->type, ==, XQ_LESSON_FILE_PACK);
    g_assert_cmpuint (p->n_items, ==, 1);
  }

  /* Into a folder that does not exist yet: it is created. */
  g_assert_true (xq_pack_install (back, into, &error));
  g_assert_no_error (error);
  after = listing (into);
  /* Exactly the two files, no temporary folder left behind. */
  {
    g_auto(GStrv) lines = g_strsplit (after, "\n", -1);
    g_assert_cmpuint (g_strv_length (lines), ==, 2);
    g_assert_true (g_str_has_prefix (lines[0], "palace-drill.json "));
    g_assert_true (g_str_has_prefix (lines[1], "teacher-mates.json "));
  }
  /* What landed loads with the lesson loader and is the author's document. */
  for (guint i = 0; i < back->entries->len; i++)
    {
      XqPackEntry *e = g_ptr_array_index (back->entries, i);
      g_autofree char *path = g_build_filename (into, e->name, NULL);
      g_autofree char *original = NULL;
      g_autofree char *installed = NULL;
      g_autoptr(XqLessonFile) file = xq_lesson_load_file_simple (path, &error);

      g_assert_no_error (error);
      g_assert_nonnull (file);
      g_assert_true (g_file_get_contents (i == 0 ? unit_path : puzzles_path, &original, NULL, NULL));
      g_assert_true (g_file_get_contents (path, &installed, NULL, NULL));
      g_assert_true (same_json (original, installed));
    }

  /* A second import of the same pack is refused and changes nothing. */
  g_assert_false (xq_pack_install (back, into, &error));
  g_assert_error (error, XQ_PACK_ERROR, XQ_PACK_ERROR_EXISTS);
  {
    g_autofree char *again = listing (into);
    g_assert_cmpstr (again, ==, after);
  }
  xq_test_remove_tree (dir);
}

static void
test_roundtrip_cli (void)
{
  g_autofree char *dir = g_dir_make_tmp ("xq-pack-cli-XXXXXX", NULL);
  g_autofree char *pack = g_build_filename (dir, "class.xqpack", NULL);
  g_autofree char *into = g_build_filename (dir, "units", NULL);
  g_autofree char *src = g_strdup (g_getenv ("XQ_SOURCE_DIR"));
  g_autofree char *lessons = g_build_filename (src, "lessons", NULL);
  g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) d = g_dir_open (lessons, 0, NULL);
  g_autofree char *out = NULL, *err = NULL;
  const char *name;
  guint n_units = 0;

  /* The shipped curriculum plus the fixtures. */
  g_ptr_array_add (args, g_strdup ("pack"));
  g_ptr_array_add (args, g_strdup ("export"));
  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, ".json"))
      {
        g_ptr_array_add (args, g_build_filename (lessons, name, NULL));
        n_units++;
      }
  g_assert_cmpuint (n_units, >, 0);
  g_ptr_array_add (args, data_path ("units/palace-drill.json"));
  g_ptr_array_add (args, data_path ("units/teacher-mates.json"));
  g_ptr_array_add (args, g_strdup ("--out"));
  g_ptr_array_add (args, g_strdup (pack));
  g_ptr_array_add (args, g_strdup ("--title"));
  g_ptr_array_add (args, g_strdup ("Class 3"));
  g_ptr_array_add (args, NULL);

  g_assert_cmpint (xq_test_xqtool ((const char *const *) args->pdata, &out, &err), ==, 0);
  g_assert_cmpstr (err, ==, "");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (xq_test_xqtool ((const char *const[]) { "pack", "validate", pack, NULL }, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "“Class 3”"));
  g_assert_nonnull (strstr (out, "puzzle pack teacher-mates, 1 puzzles"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (xq_test_xqtool ((const char *const[]) { "pack", "import", pack, "--into", into, NULL },
                               &out, &err), ==, 0);
  g_assert_cmpstr (err, ==, "");
  {
    g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
    g_autoptr(GPtrArray) files = xq_lesson_load_dir (into, problems);
    g_assert_cmpuint (problems->len, ==, 0);
    g_assert_cmpuint (files->len, ==, n_units + 2);
  }
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* Importing twice: exit 1, one line saying why, nothing changed. */
  {
    g_autofree char *before = listing (into);
    g_autofree char *after = NULL;
    g_assert_cmpint (xq_test_xqtool ((const char *const[]) { "pack", "import", pack, "--into", into, NULL },
                                 &out, &err), ==, 1);
    g_assert_nonnull (strstr (err, "already exists"));
    after = listing (into);
    g_assert_cmpstr (after, ==, before);
  }
  xq_test_remove_tree (dir);
}

/* ---- Refused packs --------------------------------------------------------- */

typedef struct {
  const char *file;       /* in tests/data/packs */
  gboolean    lesson;     /* a lesson loader problem rather than a pack one */
  int         code;
  const char *path;
  const char *message;    /* a part of the message */
} RefusedCase;

static const RefusedCase refused_cases[] = {
  { "not-json.xqpack", FALSE, XQ_PACK_ERROR_SYNTAX, "$", "not valid JSON" },
  { "empty.xqpack", FALSE, XQ_PACK_ERROR_SYNTAX, "$", "the file is empty" },
  { "array-root.xqpack", FALSE, XQ_PACK_ERROR_TYPE, "$", "must be a JSON object" },
  { "format-2.xqpack", FALSE, XQ_PACK_ERROR_VERSION, "$.format", "format 2" },
  { "single-unit.xqpack", FALSE, XQ_PACK_ERROR_VALUE, "$.type", "single lesson file" },
  { "unknown-key.xqpack", FALSE, XQ_PACK_ERROR_UNKNOWN_FIELD, "$.links", "unknown key" },
  { "no-entries.xqpack", FALSE, XQ_PACK_ERROR_MISSING_FIELD, "$", "“entries”" },
  { "empty-entries.xqpack", FALSE, XQ_PACK_ERROR_VALUE, "$.entries", "at least one entry" },
  { "control-title.xqpack", FALSE, XQ_PACK_ERROR_VALUE, "$.title", "control characters" },
  { "dotdot-path.xqpack", FALSE, XQ_PACK_ERROR_BAD_NAME, "$.entries[0].name", "is a path" },
  { "dotdot-name.xqpack", FALSE, XQ_PACK_ERROR_BAD_NAME, "$.entries[0].name", "contains “..”" },
  { "absolute.xqpack", FALSE, XQ_PACK_ERROR_BAD_NAME, "$.entries[0].name", "“/tmp/evil.json” is a path" },
  { "backslash.xqpack", FALSE, XQ_PACK_ERROR_BAD_NAME, "$.entries[0].name", "is a path" },
  { "hidden.xqpack", FALSE, XQ_PACK_ERROR_BAD_NAME, "$.entries[0].name", "starts with a dot" },
  { "duplicate-name.xqpack", FALSE, XQ_PACK_ERROR_DUPLICATE, "$.entries[1].name", "already used by entry 0" },
  { "duplicate-sanitised.xqpack", FALSE, XQ_PACK_ERROR_DUPLICATE, "$.entries[1].name", "“palace-drill.json”" },
  { "duplicate-id.xqpack", FALSE, XQ_PACK_ERROR_DUPLICATE, "$.entries[1].document.id", "unit id “palace-drill”" },
  { "document-string.xqpack", FALSE, XQ_PACK_ERROR_TYPE, "$.entries[0].document", "must be a JSON object" },
  { "entry-path-key.xqpack", FALSE, XQ_PACK_ERROR_UNKNOWN_FIELD, "$.entries[0].path", "unknown key" },
  { "invalid-unit.xqpack", TRUE, XQ_LESSON_ERROR_INVALID_FEN, "$.entries[0].document.exercises[0].fen", "FEN" },
};

/* The library refuses with the expected problem, and `xqtool pack import`
 * exits 1 with that message and leaves the destination exactly as it was. */
static void
check_refused (const char *file, gboolean lesson, int code, const char *path, const char *message)
{
  g_autoptr(GPtrArray) problems = xq_pack_problems_new ();
  g_autoptr(XqPack) pack = xq_pack_load_file (file, problems);
  g_autofree char *dir = make_destination ();
  g_autofree char *before = listing (dir);
  g_autofree char *after = NULL;
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *parent_before = NULL, *parent_after = NULL;
  g_autofree char *parent = g_path_get_dirname (dir);
  g_autofree char *evil = g_build_filename (parent, "evil.json", NULL);
  XqLessonProblem *p;

  g_assert_null (pack);
  p = first_problem (problems);
  g_assert_cmpstr (p->file, ==, file);
  g_assert_true (p->domain == (lesson ? XQ_LESSON_ERROR : XQ_PACK_ERROR));
  g_assert_cmpint (p->code, ==, code);
  g_assert_cmpstr (p->path, ==, path);
  if (strstr (p->message, message) == NULL)
    g_error ("“%s” does not contain “%s”", p->message, message);

  g_assert_cmpint (xq_test_xqtool ((const char *const[]) { "pack", "import", file, "--into", dir, NULL },
                               &out, &err), ==, 1);
  g_assert_cmpstr (out, ==, "");
  g_assert_nonnull (strstr (err, path));
  g_assert_nonnull (strstr (err, message));
  after = listing (dir);
  g_assert_cmpstr (after, ==, before);
  g_assert_false (g_file_test (evil, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test ("/tmp/evil.json", G_FILE_TEST_EXISTS));
  xq_test_remove_tree (dir);
}

static void
test_refused (gconstpointer data)
{
  const RefusedCase *c = data;
  g_autofree char *file = data_path (c->file);

  check_refused (file, c->lesson, c->code, c->path, c->message);
}

/* Writes a generated hostile pack to a temporary file. */
static char *
write_temp (const char *contents, gssize length)
{
  g_autoptr(GError) error = NULL;
  char *path = NULL;
  int fd = g_file_open_tmp ("xq-pack-XXXXXX.xqpack", &path, &error);

  g_assert_no_error (error);
  close (fd);
  g_assert_true (g_file_set_contents (path, contents, length, &error));
  g_assert_no_error (error);
  return path;
}

/* The fixture unit as compact JSON, for building generated packs. */
static char *
fixture_unit (void)
{
  g_autofree char *path = data_path ("units/palace-drill.json");
  g_autofree char *contents = NULL;
  g_autoptr(JsonNode) node = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  node = json_from_string (contents, NULL);
  g_assert_nonnull (node);
  return json_to_string (node, FALSE);
}

static void
test_refused_oversized (void)
{
  g_autofree char *unit = fixture_unit ();
  g_autoptr(GString) s = g_string_new (NULL);
  g_autofree char *path = NULL;

  /* A well-formed pack, padded with whitespace past the byte limit. */
  g_string_append_printf (s, "{\"format\":1,\"type\":\"lesson-pack\",\"title\":\"Big\",\"entries\":"
                          "[{\"name\":\"a.json\",\"document\":%s}]", unit);
  while (s->len <= XQ_PACK_MAX_BYTES)
    g_string_append_c (s, ' ');
  g_string_append (s, "}\n");
  path = write_temp (s->str, (gssize) s->len);
  check_refused (path, FALSE, XQ_PACK_ERROR_TOO_LARGE, "$", "more than the limit");
  g_unlink (path);
}

static void
test_refused_deep (void)
{
  g_autoptr(GString) s = g_string_new (NULL);
  g_autofree char *path = NULL;

  g_autoptr(GString) where = g_string_new ("$");

  /* Deep enough to overflow a recursive parser's stack; the problem is
   * located at the first array past the limit. */
  for (int i = 0; i < 200000; i++)
    g_string_append_c (s, '[');
  for (int i = 0; i < XQ_PACK_MAX_DEPTH; i++)
    g_string_append (where, "[0]");
  path = write_temp (s->str, (gssize) s->len);
  check_refused (path, FALSE, XQ_PACK_ERROR_TOO_LARGE, where->str, "nested more than");
  g_unlink (path);
}

static void
test_refused_long_string (void)
{
  g_autofree char *unit = fixture_unit ();
  g_autofree char *text = g_strnfill (XQ_PACK_MAX_STRING + 1, 'x');
  g_autoptr(GString) doc = g_string_new (unit);
  g_autofree char *json = NULL;
  g_autofree char *path = NULL;

  g_string_replace (doc, "Each general lives in a palace of nine points.", text, 1);
  json = g_strdup_printf ("{\"format\":1,\"type\":\"lesson-pack\",\"title\":\"Long\",\"entries\":"
                          "[{\"name\":\"a.json\",\"document\":%s}]}", doc->str);
  path = write_temp (json, -1);
  check_refused (path, FALSE, XQ_PACK_ERROR_TOO_LARGE, "$.entries[0].document.pages[0].text",
                 "longer than 8192 bytes");
  g_unlink (path);
}

static void
test_refused_long_title (void)
{
  g_autofree char *unit = fixture_unit ();
  g_autofree char *title = g_strnfill (XQ_PACK_MAX_TITLE + 1, 't');
  g_autofree char *json = g_strdup_printf ("{\"format\":1,\"type\":\"lesson-pack\",\"title\":\"%s\","
                                           "\"entries\":[{\"name\":\"a.json\",\"document\":%s}]}",
                                           title, unit);
  g_autofree char *path = write_temp (json, -1);

  check_refused (path, FALSE, XQ_PACK_ERROR_TOO_LARGE, "$.title", "longer than 200 characters");
  g_unlink (path);
}

static void
test_refused_many_entries (void)
{
  g_autofree char *unit = fixture_unit ();
  g_autoptr(GString) s = g_string_new ("{\"format\":1,\"type\":\"lesson-pack\",\"title\":\"Many\",\"entries\":[");
  g_autofree char *path = NULL;

  for (int i = 0; i <= XQ_PACK_MAX_ENTRIES; i++)
    g_string_append_printf (s, "%s{\"name\":\"u%d.json\",\"document\":%s}", i ? "," : "", i, unit);
  g_string_append (s, "]}");
  path = write_temp (s->str, -1);
  check_refused (path, FALSE, XQ_PACK_ERROR_TOO_LARGE, "$.entries", "65 entries");
  g_unlink (path);
}

static void
test_refused_many_exercises (void)
{
  g_autoptr(GString) s = g_string_new ("{\"format\":1,\"type\":\"lesson-pack\",\"title\":\"Many\",\"entries\":"
                                       "[{\"name\":\"a.json\",\"document\":{\"format\":1,\"type\":\"unit\","
                                       "\"id\":\"many\",\"number\":1,\"title\":\"Many\","
                                       "\"pages\":[{\"text\":\"x\"}],\"exercises\":[");
  g_autofree char *path = NULL;

  /* Mates, which would each cost the solver time if they got that far. */
  for (int i = 0; i <= XQ_PACK_MAX_ITEMS; i++)
    g_string_append_printf (s, "%s{\"id\":\"m%d\",\"kind\":\"mate\",\"prompt\":\"Mate\",\"mate-in\":15}",
                            i ? "," : "", i);
  g_string_append (s, "]}}]}");
  path = write_temp (s->str, -1);
  check_refused (path, FALSE, XQ_PACK_ERROR_TOO_LARGE, "$.entries[0].document", "201 exercises");
  g_unlink (path);
}

/* ---- The destination ------------------------------------------------------- */

static XqPack *
load_good (void)
{
  g_autoptr(GPtrArray) problems = xq_pack_problems_new ();
  g_autofree char *path = data_path ("good.xqpack");
  XqPack *pack = xq_pack_load_file (path, problems);

  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_nonnull (pack);
  g_assert_cmpuint (pack->entries->len, ==, 2);
  return pack;
}

static void
test_install_symlink (void)
{
  g_autoptr(XqPack) pack = load_good ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = make_destination ();
  g_autofree char *outside_dir = g_dir_make_tmp ("xq-pack-outside-XXXXXX", NULL);
  g_autofree char *outside = g_build_filename (outside_dir, "target.json", NULL);
  g_autofree char *link_path = g_build_filename (dir, "teacher-mates.json", NULL);
  g_autofree char *before = NULL, *after = NULL;

  /* A dangling link named like an entry, pointing out of the folder:
   * following it would create a file elsewhere. */
  g_assert_cmpint (symlink (outside, link_path), ==, 0);
  before = listing (dir);
  g_assert_false (xq_pack_install (pack, dir, &error));
  g_assert_error (error, XQ_PACK_ERROR, XQ_PACK_ERROR_EXISTS);
  g_assert_nonnull (strstr (error->message, "teacher-mates.json already exists"));
  after = listing (dir);
  g_assert_cmpstr (after, ==, before);
  g_assert_false (g_file_test (outside, G_FILE_TEST_EXISTS));
  xq_test_remove_tree (dir);
  xq_test_remove_tree (outside_dir);
}

static void
test_install_same_id (void)
{
  g_autoptr(XqPack) pack = load_good ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = make_destination ();
  g_autofree char *src = data_path ("units/palace-drill.json");
  g_autofree char *contents = NULL;
  g_autofree char *other = g_build_filename (dir, "renamed.json", NULL);
  g_autofree char *before = NULL, *after = NULL;

  /* Another file name, the same unit id: progress keys would collide. */
  g_assert_true (g_file_get_contents (src, &contents, NULL, NULL));
  g_assert_true (g_file_set_contents (other, contents, -1, NULL));
  before = listing (dir);
  g_assert_false (xq_pack_install (pack, dir, &error));
  g_assert_error (error, XQ_PACK_ERROR, XQ_PACK_ERROR_EXISTS);
  g_assert_nonnull (strstr (error->message, "“palace-drill”"));
  after = listing (dir);
  g_assert_cmpstr (after, ==, before);
  xq_test_remove_tree (dir);
}

/* A file in the destination whose "type" or "id" is not a string is not a
 * lesson file to compare with: the pack installs beside it, without a
 * warning from json-glib's typed getters (fatal in tests). */
static void
test_install_beside_odd_file (void)
{
  g_autoptr(XqPack) pack = load_good ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = make_destination ();
  g_autofree char *odd = g_build_filename (dir, "odd.json", NULL);
  g_autofree char *installed = g_build_filename (dir, "palace-drill.json", NULL);

  g_assert_true (g_file_set_contents (odd, "{ \"type\": [\"unit\"], \"id\": { \"a\": 1 } }", -1, NULL));
  g_assert_true (xq_pack_install (pack, dir, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (installed, G_FILE_TEST_IS_REGULAR));
  xq_test_remove_tree (dir);
}

/* Found by the pack fuzzer: json-glib reads "\\ub10" followed by a
 * two-byte character as one escape and leaves half of that character in
 * the title.  The pack loaded, and wrote out a file that did not parse.
 * Now a string that is not UTF-8 is refused where it stands. */
static void
test_load_not_utf8_title (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("XQ_SOURCE_DIR"), "tests", "data", "repro",
                                            "fuzz-pack-short-unicode-escape.xqpack", NULL);
  g_autoptr(GPtrArray) problems = xq_pack_problems_new ();
  g_autoptr(XqPack) pack = xq_pack_load_file (path, problems);
  const XqLessonProblem *problem;

  g_assert_null (pack);
  g_assert_cmpuint (problems->len, ==, 1);
  problem = problems->pdata[0];
  g_assert_cmpstr (problem->path, ==, "$.title");
  g_assert_true (g_utf8_validate (problem->message, -1, NULL));
}

static void
test_install_into_file (void)
{
  g_autoptr(XqPack) pack = load_good ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = make_destination ();
  g_autofree char *note = g_build_filename (dir, "notes.txt", NULL);
  g_autofree char *before = listing (dir);
  g_autofree char *after = NULL;

  g_assert_false (xq_pack_install (pack, note, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_DIRECTORY);
  after = listing (dir);
  g_assert_cmpstr (after, ==, before);
  xq_test_remove_tree (dir);
}

/* ---- Building packs -------------------------------------------------------- */

static void
test_add_refused (void)
{
  g_autoptr(GPtrArray) problems = xq_pack_problems_new ();
  g_autoptr(XqPack) pack = xq_pack_new ("Test", NULL);
  g_autofree char *unit = data_path ("units/palace-drill.json");
  g_autofree char *bad_lesson = NULL;
  XqLessonProblem *p;

  g_assert_true (xq_pack_add_file (pack, unit, problems));
  /* The same file twice: refused, the pack keeps one entry. */
  g_assert_false (xq_pack_add_file (pack, unit, problems));
  p = first_problem (problems);
  g_assert_cmpint (p->code, ==, XQ_PACK_ERROR_DUPLICATE);
  g_assert_cmpuint (pack->entries->len, ==, 1);
  g_ptr_array_set_size (problems, 0);

  /* The same id under another name. */
  {
    g_autofree char *contents = NULL;
    g_assert_true (g_file_get_contents (unit, &contents, NULL, NULL));
    g_assert_false (xq_pack_add_data (pack, "other.json", contents, -1, "other.json", problems));
    p = first_problem (problems);
    g_assert_cmpint (p->code, ==, XQ_PACK_ERROR_DUPLICATE);
    g_assert_cmpstr (p->path, ==, "$.id");
    g_ptr_array_set_size (problems, 0);
  }

  /* A unit the lesson loader refuses keeps the loader's located problem. */
  bad_lesson = data_path ("bad-unit.json");
  g_assert_false (xq_pack_add_file (pack, bad_lesson, problems));
  p = first_problem (problems);
  g_assert_true (p->domain == XQ_LESSON_ERROR);
  g_assert_cmpint (p->code, ==, XQ_LESSON_ERROR_INVALID_FEN);
  g_assert_cmpstr (p->file, ==, bad_lesson);
  g_assert_cmpstr (p->path, ==, "$.exercises[0].fen");
  g_assert_cmpuint (pack->entries->len, ==, 1);
  g_ptr_array_set_size (problems, 0);

  /* A missing file. */
  g_assert_false (xq_pack_add_file (pack, "/nonexistent/unit.json", problems));
  p = first_problem (problems);
  g_assert_cmpint (p->code, ==, XQ_PACK_ERROR_IO);
}

static void
test_export_cli_refused (void)
{
  g_autofree char *dir = g_dir_make_tmp ("xq-pack-exp-XXXXXX", NULL);
  g_autofree char *out_path = g_build_filename (dir, "out.xqpack", NULL);
  g_autofree char *bad = data_path ("bad-unit.json");
  g_autofree char *out = NULL, *err = NULL;

  /* An invalid unit is never exported, and no pack file appears. */
  g_assert_cmpint (xq_test_xqtool ((const char *const[]) { "pack", "export", bad, "--out", out_path, NULL },
                               &out, &err), ==, 1);
  g_assert_nonnull (strstr (err, "bad-unit.json: $.exercises[0].fen: "));
  g_assert_false (g_file_test (out_path, G_FILE_TEST_EXISTS));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (xq_test_xqtool ((const char *const[]) { "pack", "frobnicate", NULL }, &out, &err), ==, 2);
  g_assert_nonnull (strstr (err, "usage: xqtool pack"));
  xq_test_remove_tree (dir);
}

/* A teacher's unit exported through the unit store and imported
 * elsewhere; a cancel, at either end, writes nothing. */
static void
test_folder (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GCancellable) cancelled = g_cancellable_new ();
  g_autofree char *from = make_destination ();
  g_autofree char *into = make_destination ();
  g_autofree char *tmp = g_dir_make_tmp ("xq-pack-folder-XXXXXX", NULL);
  g_autofree char *pack_path = g_build_filename (tmp, "class.xqpack", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *installed = NULL;
  g_autofree char *mine = g_build_filename (from, "mine.json", NULL);
  g_autofree char *renamed = NULL;
  const char *const units[] = { mine, NULL };
  const char *const none[] = { NULL };

  g_cancellable_cancel (cancelled);
  /* Cancelled: no pack file. */
  g_assert_false (xq_unit_store_export (units, "Class 3", "Ms Wang", pack_path, cancelled, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  g_assert_false (g_file_test (pack_path, G_FILE_TEST_EXISTS));
  /* No unit chosen: nothing to export. */
  g_assert_false (xq_unit_store_export (none, "Class 3", NULL, pack_path, NULL, &error));
  g_assert_error (error, XQ_PACK_ERROR, XQ_PACK_ERROR_VALUE);
  g_clear_error (&error);

  g_assert_true (xq_unit_store_export (units, "Class 3", "Ms Wang", pack_path, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (pack_path, G_FILE_TEST_IS_REGULAR));

  /* The other folder has a unit with the same id: rename it there first. */
  renamed = g_build_filename (into, "mine.json", NULL);
  g_assert_cmpint (g_unlink (renamed), ==, 0);
  before = listing (into);
  /* Cancelled: the pack is read and checked but not installed. */
  g_assert_false (xq_unit_store_import_pack (pack_path, into, FALSE, NULL, cancelled, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  after = listing (into);
  g_assert_cmpstr (after, ==, before);

  g_assert_true (xq_unit_store_import_pack (pack_path, into, FALSE, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  installed = g_build_filename (into, "mine.json", NULL);
  {
    g_autofree char *a = NULL;
    g_autofree char *b = NULL;
    g_assert_true (g_file_get_contents (mine, &a, NULL, NULL));
    g_assert_true (g_file_get_contents (installed, &b, NULL, NULL));
    g_assert_true (same_json (a, b));
  }
  /* Twice is refused unless replacing: the id is taken now. */
  g_assert_false (xq_unit_store_import_pack (pack_path, into, FALSE, NULL, NULL, NULL, &error));
  g_assert_error (error, XQ_UNIT_STORE_ERROR, XQ_UNIT_STORE_ERROR_EXISTS);
  xq_test_remove_tree (from);
  xq_test_remove_tree (into);
  xq_test_remove_tree (tmp);
}

int
main (int argc, char **argv)
{
  xq_test_isolate_dirs ();
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (name_cases); i++)
    {
      g_autofree char *p = g_strdup_printf ("/lesson/pack/sanitize/%u", i);
      g_test_add_data_func (p, &name_cases[i], test_sanitize);
    }
  g_test_add_func ("/lesson/pack/sanitize/long", test_sanitize_long);
  g_test_add_func ("/lesson/pack/roundtrip/library", test_roundtrip_library);
  g_test_add_func ("/lesson/pack/roundtrip/xqtool", test_roundtrip_cli);
  for (guint i = 0; i < G_N_ELEMENTS (refused_cases); i++)
    {
      g_autofree char *p = g_strdup_printf ("/lesson/pack/refused/%s", refused_cases[i].file);
      g_test_add_data_func (p, &refused_cases[i], test_refused);
    }
  g_test_add_func ("/lesson/pack/refused/oversized", test_refused_oversized);
  g_test_add_func ("/lesson/pack/refused/deep", test_refused_deep);
  g_test_add_func ("/lesson/pack/refused/long-string", test_refused_long_string);
  g_test_add_func ("/lesson/pack/refused/long-title", test_refused_long_title);
  g_test_add_func ("/lesson/pack/refused/many-entries", test_refused_many_entries);
  g_test_add_func ("/lesson/pack/refused/many-exercises", test_refused_many_exercises);
  g_test_add_func ("/lesson/pack/install/symlink", test_install_symlink);
  g_test_add_func ("/lesson/pack/install/same-id", test_install_same_id);
  g_test_add_func ("/lesson/pack/install/beside-odd-file", test_install_beside_odd_file);
  g_test_add_func ("/lesson/pack/load/not-utf8-title", test_load_not_utf8_title);
  g_test_add_func ("/lesson/pack/install/into-file", test_install_into_file);
  g_test_add_func ("/lesson/pack/add/refused", test_add_refused);
  g_test_add_func ("/lesson/pack/export/refused", test_export_cli_refused);
  g_test_add_func ("/lesson/pack/folder", test_folder);
  return g_test_run ();
}
