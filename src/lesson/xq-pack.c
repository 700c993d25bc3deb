/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-pack"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>
#include <sys/stat.h>

#include "xq-json-bounded.h"
#include "xq-lesson-writer.h"
#include "xq-pack.h"

#define PACK_TYPE "lesson-pack"

G_DEFINE_QUARK (xq-pack-error-quark, xq_pack_error)

/* ---- Problems -------------------------------------------------------------- */

GError *
xq_pack_problem_to_error (const XqLessonProblem *problem)
{
  g_autofree char *line = NULL;

  g_return_val_if_fail (problem != NULL, NULL);
  line = xq_lesson_problem_format (problem);
  return g_error_new_literal (problem->domain != 0 ? problem->domain : XQ_LESSON_ERROR,
                              (int) problem->code, line);
}

GPtrArray *
xq_pack_problems_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
}

/* Where problems go while checking one pack or one document. */
typedef struct {
  const char *file;
  GPtrArray  *problems;
  guint       n_start;
} Ctx;

static void add_problem (Ctx *ctx, GQuark domain, int code, const char *path,
                         const char *format, ...) G_GNUC_PRINTF (5, 6);

static void
add_problem (Ctx *ctx, GQuark domain, int code, const char *path, const char *format, ...)
{
  va_list args;
  g_autofree char *raw = NULL;

  va_start (args, format);
  raw = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (ctx->problems, xq_lesson_problem_new (ctx->file, path, domain, code, raw));
}

#define pack_problem(ctx, code, path, ...) \
  add_problem ((ctx), XQ_PACK_ERROR, (code), (path), __VA_ARGS__)

static gboolean
had_problems (Ctx *ctx)
{
  return ctx->problems->len > ctx->n_start;
}

/* ---- Entries and packs ----------------------------------------------------- */

static void
entry_free (XqPackEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->name);
  g_free (entry->id);
  g_free (entry->title);
  g_free (entry->document);
  g_free (entry);
}

XqPack *
xq_pack_new (const char *title, const char *author)
{
  XqPack *pack;

  g_return_val_if_fail (title != NULL, NULL);
  pack = g_new0 (XqPack, 1);
  pack->title = g_strdup (title);
  pack->author = author != NULL && *author != '\0' ? g_strdup (author) : NULL;
  pack->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) entry_free);
  return pack;
}

void
xq_pack_free (XqPack *pack)
{
  if (pack == NULL)
    return;
  g_free (pack->file);
  g_free (pack->title);
  g_free (pack->author);
  g_ptr_array_unref (pack->entries);
  g_free (pack);
}

char *
xq_pack_user_units_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "xiangqi-tutor", "units", NULL);
}

/* ---- Names ----------------------------------------------------------------- */

char *
xq_pack_sanitize_name (const char *name, GError **error)
{
  g_autoptr(GString) stem = g_string_new (NULL);
  size_t len;

  g_return_val_if_fail (name != NULL, NULL);

  /* A name is only ever a name: anything that could walk the file system
   * is refused outright rather than quietly rewritten, so the teacher
   * learns that the pack was made to do something odd. */
  if (*name == '\0')
    {
      g_set_error (error, XQ_PACK_ERROR, XQ_PACK_ERROR_BAD_NAME, _("the name is empty"));
      return NULL;
    }
  if (strchr (name, '/') != NULL || strchr (name, '\\') != NULL)
    {
      g_set_error (error, XQ_PACK_ERROR, XQ_PACK_ERROR_BAD_NAME,
                   _("the name “%s” is a path; only a plain file name is allowed"), name);
      return NULL;
    }
  if (strstr (name, "..") != NULL)
    {
      g_set_error (error, XQ_PACK_ERROR, XQ_PACK_ERROR_BAD_NAME,
                   _("the name “%s” contains “..”"), name);
      return NULL;
    }
  if (name[0] == '.')
    {
      g_set_error (error, XQ_PACK_ERROR, XQ_PACK_ERROR_BAD_NAME,
                   _("the name “%s” starts with a dot"), name);
      return NULL;
    }
  for (const char *c = name; *c != '\0'; c++)
    if ((guchar) *c < 0x20 || *c == 0x7f)
      {
        g_set_error (error, XQ_PACK_ERROR, XQ_PACK_ERROR_BAD_NAME,
                     _("the name contains control characters"));
        return NULL;
      }

  len = strlen (name);
  if (len > 5 && g_ascii_strcasecmp (name + len - 5, ".json") == 0)
    len -= 5;
  for (size_t i = 0; i < len; i++)
    {
      char c = g_ascii_tolower (name[i]);
      if (g_ascii_isalnum (c))
        g_string_append_c (stem, c);
      else if (stem->len > 0 && stem->str[stem->len - 1] != '-')
        g_string_append_c (stem, '-');
    }
  if (stem->len > XQ_PACK_MAX_NAME - 5)
    g_string_truncate (stem, XQ_PACK_MAX_NAME - 5);
  while (stem->len > 0 && stem->str[stem->len - 1] == '-')
    g_string_truncate (stem, stem->len - 1);
  if (stem->len == 0)
    {
      g_set_error (error, XQ_PACK_ERROR, XQ_PACK_ERROR_BAD_NAME,
                   _("nothing usable is left of the name “%s”"), name);
      return NULL;
    }
  g_string_append (stem, ".json");
  return g_string_free (g_steal_pointer (&stem), FALSE);
}

/* ---- Limits ---------------------------------------------------------------- */

static gboolean
check_size (Ctx *ctx, gsize length, const char *path)
{
  if (length > XQ_PACK_MAX_BYTES)
    {
      g_autofree char *size = g_format_size (length);
      g_autofree char *limit = g_format_size (XQ_PACK_MAX_BYTES);
      pack_problem (ctx, XQ_PACK_ERROR_TOO_LARGE, path,
                    _("the file is %s, more than the limit of %s"), size, limit);
      return FALSE;
    }
  return TRUE;
}

/* The lesson loader's bounded parse (size, nesting, string lengths), its
 * problem located in the pack's own terms; NULL after a problem. */
static JsonParser *
parse_bounded (Ctx *ctx, const char *data, gsize length)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *where = NULL;
  JsonParser *parser = xq_json_parse_bounded (data, length, XQ_PACK_MAX_BYTES, &where, &error);

  if (parser == NULL)
    pack_problem (ctx, error->code == XQ_LESSON_ERROR_SYNTAX ? XQ_PACK_ERROR_SYNTAX
                                                              : XQ_PACK_ERROR_TOO_LARGE,
                  where, "%s", error->message);
  return parser;
}

/* The number of exercises or puzzles a document declares, read before the
 * lesson loader runs so an oversized document never reaches the solver. */
static guint
count_items (JsonNode *doc)
{
  JsonObject *obj;
  guint n = 0;

  if (!JSON_NODE_HOLDS_OBJECT (doc))
    return 0;
  obj = json_node_get_object (doc);
  for (const char *const *key = (const char *const[]) { "exercises", "puzzles", NULL }; *key; key++)
    {
      JsonNode *member = json_object_get_member (obj, *key);
      if (member != NULL && JSON_NODE_HOLDS_ARRAY (member))
        n += json_array_get_length (json_node_get_array (member));
    }
  return n;
}

/* ---- Documents ------------------------------------------------------------- */

/* Pretty text is what lands in files: the lesson writer's; compact text
 * is what the loader is handed. */
static char *
node_to_json (JsonNode *node, gboolean pretty)
{
  g_autoptr(JsonGenerator) gen = NULL;

  if (pretty)
    return xq_lesson_write_node (node, NULL);
  gen = json_generator_new ();
  json_generator_set_root (gen, node);
  return json_generator_to_data (gen, NULL);
}

/* Runs the lesson loader on one embedded document and moves its problems
 * under prefix.  Returns the loaded file, or NULL after problems. */
static XqLessonFile *
load_document (Ctx *ctx, const char *json, const char *prefix, XqLessonLoadFlags flags)
{
  g_autoptr(GPtrArray) sub = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  XqLessonFile *file = xq_lesson_load_data_full (json, -1, ctx->file, flags, sub);

  for (guint i = 0; i < sub->len; i++)
    {
      XqLessonProblem *p = g_ptr_array_index (sub, i);
      /* The loader's paths start at its own root, "$". */
      g_autofree char *path = g_strconcat (prefix, p->path + 1, NULL);
      add_problem (ctx, XQ_LESSON_ERROR, p->code, path, "%s", p->message);
    }
  if (sub->len > 0)
    g_clear_pointer (&file, xq_lesson_file_free);
  return file;
}

static XqPackEntry *
entry_from_file (const char *name, XqLessonFile *file, char *document)
{
  XqPackEntry *entry = g_new0 (XqPackEntry, 1);

  entry->name = g_strdup (name);
  entry->type = file->type;
  if (file->unit != NULL)
    {
      entry->id = g_strdup (file->unit->id);
      entry->title = g_strdup (file->unit->title);
      entry->n_items = file->unit->exercises->len;
    }
  else
    {
      entry->id = g_strdup (file->pack->id);
      entry->title = g_strdup (file->pack->title);
      entry->n_items = file->pack->puzzles->len;
    }
  entry->document = document;
  return entry;
}

static const XqPackEntry *
find_entry (GPtrArray *entries, const char *name, XqLessonFileType type, const char *id)
{
  for (guint i = 0; i < entries->len; i++)
    {
      const XqPackEntry *e = g_ptr_array_index (entries, i);
      if (name != NULL && strcmp (e->name, name) == 0)
        return e;
      if (id != NULL && e->type == type && strcmp (e->id, id) == 0)
        return e;
    }
  return NULL;
}

static guint
total_items (GPtrArray *entries)
{
  guint n = 0;

  for (guint i = 0; i < entries->len; i++)
    n += ((XqPackEntry *) g_ptr_array_index (entries, i))->n_items;
  return n;
}


gboolean
xq_pack_add_data (XqPack *pack, const char *name, const char *data, gssize length,
                  const char *file_name, GPtrArray *problems)
{
  Ctx ctx = { file_name != NULL ? file_name : "-", problems, 0 };
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(XqLessonFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *safe = NULL;
  g_autofree char *json = NULL;
  JsonNode *root;
  guint n;

  g_return_val_if_fail (pack != NULL, FALSE);
  g_return_val_if_fail (data != NULL, FALSE);
  g_return_val_if_fail (problems != NULL, FALSE);
  ctx.n_start = problems->len;

  if (length < 0)
    length = (gssize) strlen (data);
  parser = parse_bounded (&ctx, data, (gsize) length);
  if (parser == NULL)
    return FALSE;
  root = json_parser_get_root (parser);
  n = count_items (root);
  if (n > XQ_PACK_MAX_ITEMS)
    {
      pack_problem (&ctx, XQ_PACK_ERROR_TOO_LARGE, "$",
                    _("%u exercises or puzzles, more than the limit of %d"), n, XQ_PACK_MAX_ITEMS);
      return FALSE;
    }
  if (pack->entries->len >= XQ_PACK_MAX_ENTRIES)
    {
      pack_problem (&ctx, XQ_PACK_ERROR_TOO_LARGE, "$",
                    _("the pack already holds %d files, the most it can"), XQ_PACK_MAX_ENTRIES);
      return FALSE;
    }
  if (total_items (pack->entries) + n > XQ_PACK_MAX_TOTAL_ITEMS)
    {
      pack_problem (&ctx, XQ_PACK_ERROR_TOO_LARGE, "$",
                    _("the pack would hold more than %d exercises and puzzles"), XQ_PACK_MAX_TOTAL_ITEMS);
      return FALSE;
    }

  json = node_to_json (root, FALSE);
  file = load_document (&ctx, json, "$", XQ_LESSON_LOAD_DEFAULT);
  if (file == NULL)
    return FALSE;

  {
    const char *id = file->unit != NULL ? file->unit->id : file->pack->id;
    g_autofree char *from_id = g_strconcat (id, ".json", NULL);
    safe = xq_pack_sanitize_name (name != NULL ? name : from_id, &error);
    if (safe == NULL)
      {
        pack_problem (&ctx, error->code, "$", "%s", error->message);
        return FALSE;
      }
    if (find_entry (pack->entries, safe, file->type, NULL) != NULL)
      {
        pack_problem (&ctx, XQ_PACK_ERROR_DUPLICATE, "$",
                      _("the pack already has a file named “%s”"), safe);
        return FALSE;
      }
    if (find_entry (pack->entries, NULL, file->type, id) != NULL)
      {
        pack_problem (&ctx, XQ_PACK_ERROR_DUPLICATE, "$.id",
                      file->type == XQ_LESSON_FILE_UNIT
                      ? _("the pack already has a unit with the id “%s”")
                      : _("the pack already has a puzzle pack with the id “%s”"), id);
        return FALSE;
      }
  }

  g_ptr_array_add (pack->entries, entry_from_file (safe, file, node_to_json (root, TRUE)));
  return TRUE;
}

gboolean
xq_pack_add_file (XqPack *pack, const char *path, GPtrArray *problems)
{
  Ctx ctx = { path, problems, 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *base = NULL;
  gsize length;
  GStatBuf st;

  g_return_val_if_fail (pack != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (problems != NULL, FALSE);
  ctx.n_start = problems->len;

  if (g_stat (path, &st) == 0 && !check_size (&ctx, (gsize) st.st_size, "$"))
    return FALSE;
  if (!g_file_get_contents (path, &data, &length, &error))
    {
      pack_problem (&ctx, XQ_PACK_ERROR_IO, "$", "%s", error->message);
      return FALSE;
    }
  base = g_path_get_basename (path);
  return xq_pack_add_data (pack, base, data, (gssize) length, path, problems);
}

/* ---- Writing a pack -------------------------------------------------------- */

char *
xq_pack_to_data (const XqPack *pack, gsize *length)
{
  g_autoptr(JsonBuilder) b = json_builder_new_immutable ();
  g_autoptr(JsonNode) root = NULL;

  g_return_val_if_fail (pack != NULL, NULL);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_int_value (b, 1);
  json_builder_set_member_name (b, "type");
  json_builder_add_string_value (b, PACK_TYPE);
  json_builder_set_member_name (b, "title");
  json_builder_add_string_value (b, pack->title);
  if (pack->author != NULL)
    {
      json_builder_set_member_name (b, "author");
      json_builder_add_string_value (b, pack->author);
    }
  json_builder_set_member_name (b, "entries");
  json_builder_begin_array (b);
  for (guint i = 0; i < pack->entries->len; i++)
    {
      const XqPackEntry *e = g_ptr_array_index (pack->entries, i);
      /* Our own JSON text, produced by node_to_json: it parses. */
      JsonNode *doc = json_from_string (e->document, NULL);
      g_assert (doc != NULL);
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, e->name);
      json_builder_set_member_name (b, "document");
      json_builder_add_value (b, doc);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  return xq_lesson_write_node (root, length);
}

gboolean
xq_pack_save (const XqPack *pack, const char *path, GError **error)
{
  g_autofree char *data = NULL;
  gsize length;

  g_return_val_if_fail (pack != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  data = xq_pack_to_data (pack, &length);
  if (length > XQ_PACK_MAX_BYTES)
    {
      g_autofree char *size = g_format_size (length);
      g_autofree char *limit = g_format_size (XQ_PACK_MAX_BYTES);
      g_set_error (error, XQ_PACK_ERROR, XQ_PACK_ERROR_TOO_LARGE,
                   _("the pack would be %s, more than the limit of %s"), size, limit);
      return FALSE;
    }
  if (!g_file_set_contents_full (path, data, (gssize) length,
                                 G_FILE_SET_CONTENTS_CONSISTENT, 0644, error))
    {
      g_prefix_error (error, "%s: ", path);
      return FALSE;
    }
  return TRUE;
}

/* ---- Reading a pack -------------------------------------------------------- */

static const char *
get_text (Ctx *ctx, JsonObject *obj, const char *key, gboolean required)
{
  JsonNode *node = json_object_get_member (obj, key);
  g_autofree char *path = g_strdup_printf ("$.%s", key);
  const char *s;

  if (node == NULL)
    {
      if (required)
        pack_problem (ctx, XQ_PACK_ERROR_MISSING_FIELD, "$", _("missing required key “%s”"), key);
      return NULL;
    }
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      pack_problem (ctx, XQ_PACK_ERROR_TYPE, path, _("must be a string"));
      return NULL;
    }
  s = json_node_get_string (node);
  if (*s == '\0')
    {
      pack_problem (ctx, XQ_PACK_ERROR_VALUE, path, _("must not be empty"));
      return NULL;
    }
  if (g_utf8_strlen (s, -1) > XQ_PACK_MAX_TITLE)
    {
      pack_problem (ctx, XQ_PACK_ERROR_TOO_LARGE, path,
                    _("is longer than %d characters"), XQ_PACK_MAX_TITLE);
      return NULL;
    }
  for (const char *c = s; *c != '\0'; c++)
    if ((guchar) *c < 0x20 || *c == 0x7f)
      {
        pack_problem (ctx, XQ_PACK_ERROR_VALUE, path, _("must not contain control characters"));
        return NULL;
      }
  return s;
}

static gboolean
check_keys (Ctx *ctx, JsonObject *obj, const char *path, const char *const *allowed)
{
  g_autoptr(GList) members = json_object_get_members (obj);
  gboolean ok = TRUE;

  for (GList *l = members; l != NULL; l = l->next)
    if (!g_strv_contains (allowed, l->data))
      {
        g_autofree char *p = g_strdup_printf ("%s.%s", path, (const char *) l->data);
        pack_problem (ctx, XQ_PACK_ERROR_UNKNOWN_FIELD, p, _("unknown key “%s”"), (const char *) l->data);
        ok = FALSE;
      }
  return ok;
}

/* The manifest: everything but the embedded documents.  Returns the
 * entries array, or NULL after problems. */
static JsonArray *
read_manifest (Ctx *ctx, JsonNode *root, XqPack *pack)
{
  static const char *const keys[] = { "format", "type", "title", "author", "entries", NULL };
  JsonObject *obj;
  JsonNode *node;
  JsonArray *entries;
  const char *s;

  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      pack_problem (ctx, XQ_PACK_ERROR_TYPE, "$", _("a lesson pack must be a JSON object"));
      return NULL;
    }
  obj = json_node_get_object (root);

  node = json_object_get_member (obj, "format");
  if (node == NULL)
    pack_problem (ctx, XQ_PACK_ERROR_MISSING_FIELD, "$", _("missing required key “%s”"), "format");
  else if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    pack_problem (ctx, XQ_PACK_ERROR_TYPE, "$.format", _("must be a whole number"));
  else if (json_node_get_int (node) != 1)
    {
      g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));
      pack_problem (ctx, XQ_PACK_ERROR_VERSION, "$.format",
                    _("format %s is not one this program understands (1)"), number);
    }

  node = json_object_get_member (obj, "type");
  if (node == NULL)
    pack_problem (ctx, XQ_PACK_ERROR_MISSING_FIELD, "$", _("missing required key “%s”"), "type");
  else if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    pack_problem (ctx, XQ_PACK_ERROR_TYPE, "$.type", _("must be a string"));
  else if (strcmp ((s = json_node_get_string (node)), PACK_TYPE) != 0)
    {
      /* The likeliest mistake: a single lesson file handed over as a pack. */
      if (strcmp (s, "unit") == 0 || strcmp (s, "pack") == 0)
        pack_problem (ctx, XQ_PACK_ERROR_VALUE, "$.type",
                      _("this is a single lesson file, not a lesson pack"));
      else
        pack_problem (ctx, XQ_PACK_ERROR_VALUE, "$.type",
                      _("the type must be “%s”, not “%s”"), PACK_TYPE, s);
    }
  /* Another kind of document, or a newer one: its keys mean nothing here. */
  if (had_problems (ctx))
    return NULL;
  check_keys (ctx, obj, "$", keys);

  if ((s = get_text (ctx, obj, "title", TRUE)) != NULL)
    pack->title = g_strdup (s);
  if ((s = get_text (ctx, obj, "author", FALSE)) != NULL)
    pack->author = g_strdup (s);

  node = json_object_get_member (obj, "entries");
  if (node == NULL)
    {
      pack_problem (ctx, XQ_PACK_ERROR_MISSING_FIELD, "$", _("missing required key “%s”"), "entries");
      return NULL;
    }
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      pack_problem (ctx, XQ_PACK_ERROR_TYPE, "$.entries", _("must be an array"));
      return NULL;
    }
  entries = json_node_get_array (node);
  if (json_array_get_length (entries) == 0)
    pack_problem (ctx, XQ_PACK_ERROR_VALUE, "$.entries", _("a lesson pack needs at least one entry"));
  else if (json_array_get_length (entries) > XQ_PACK_MAX_ENTRIES)
    pack_problem (ctx, XQ_PACK_ERROR_TOO_LARGE, "$.entries",
                  _("%u entries, more than the limit of %d"),
                  json_array_get_length (entries), XQ_PACK_MAX_ENTRIES);
  return had_problems (ctx) ? NULL : entries;
}

/* One entry's name and document shape, before the loader sees it.
 * Returns the sanitised name, or NULL after problems. */
static char *
read_entry_shape (Ctx *ctx, JsonNode *node, const char *path, JsonNode **document)
{
  static const char *const keys[] = { "name", "document", NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *name_path = g_strdup_printf ("%s.name", path);
  g_autofree char *doc_path = g_strdup_printf ("%s.document", path);
  guint n_start = ctx->problems->len;
  JsonObject *obj;
  JsonNode *name, *doc;
  char *safe = NULL;
  guint n;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      pack_problem (ctx, XQ_PACK_ERROR_TYPE, path, _("an entry must be an object"));
      return NULL;
    }
  obj = json_node_get_object (node);
  check_keys (ctx, obj, path, keys);

  name = json_object_get_member (obj, "name");
  if (name == NULL)
    pack_problem (ctx, XQ_PACK_ERROR_MISSING_FIELD, path, _("missing required key “%s”"), "name");
  else if (!JSON_NODE_HOLDS_VALUE (name) || json_node_get_value_type (name) != G_TYPE_STRING)
    pack_problem (ctx, XQ_PACK_ERROR_TYPE, name_path, _("must be a string"));
  else if ((safe = xq_pack_sanitize_name (json_node_get_string (name), &error)) == NULL)
    pack_problem (ctx, error->code, name_path, "%s", error->message);

  doc = json_object_get_member (obj, "document");
  if (doc == NULL)
    pack_problem (ctx, XQ_PACK_ERROR_MISSING_FIELD, path, _("missing required key “%s”"), "document");
  else if (!JSON_NODE_HOLDS_OBJECT (doc))
    pack_problem (ctx, XQ_PACK_ERROR_TYPE, doc_path, _("the document must be a JSON object"));
  else if ((n = count_items (doc)) > XQ_PACK_MAX_ITEMS)
    pack_problem (ctx, XQ_PACK_ERROR_TOO_LARGE, doc_path,
                  _("%u exercises or puzzles, more than the limit of %d"), n, XQ_PACK_MAX_ITEMS);

  if (ctx->problems->len > n_start)
    {
      g_free (safe);
      return NULL;
    }
  *document = doc;
  return safe;
}

XqPack *
xq_pack_load_data (const char *data, gssize length, const char *file_name, GPtrArray *problems)
{
  Ctx ctx = { file_name != NULL ? file_name : "-", problems, 0 };
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(XqPack) pack = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) docs = g_ptr_array_new ();
  JsonArray *entries;
  guint total = 0;

  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (problems != NULL, NULL);
  ctx.n_start = problems->len;

  if (length < 0)
    length = (gssize) strlen (data);
  parser = parse_bounded (&ctx, data, (gsize) length);
  if (parser == NULL)
    return NULL;

  pack = g_new0 (XqPack, 1);
  pack->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) entry_free);
  pack->file = g_strdup (file_name);
  entries = read_manifest (&ctx, json_parser_get_root (parser), pack);
  if (entries == NULL)
    return NULL;

  /* First every entry's shape, names and counts, so that nothing hostile
   * reaches the lesson loader (and its mate solver). */
  for (guint i = 0; i < json_array_get_length (entries); i++)
    {
      g_autofree char *path = g_strdup_printf ("$.entries[%u]", i);
      JsonNode *doc = NULL;
      char *safe = read_entry_shape (&ctx, json_array_get_element (entries, i), path, &doc);

      g_ptr_array_add (names, safe);
      g_ptr_array_add (docs, doc);
      if (safe == NULL)
        continue;
      total += count_items (doc);
      for (guint j = 0; j < i; j++)
        if (g_strcmp0 (g_ptr_array_index (names, j), safe) == 0)
          {
            g_autofree char *p = g_strdup_printf ("%s.name", path);
            pack_problem (&ctx, XQ_PACK_ERROR_DUPLICATE, p,
                          _("the file name “%s” is already used by entry %u"), safe, j);
            break;
          }
    }
  if (total > XQ_PACK_MAX_TOTAL_ITEMS)
    pack_problem (&ctx, XQ_PACK_ERROR_TOO_LARGE, "$.entries",
                  _("%u exercises and puzzles in all, more than the limit of %d"),
                  total, XQ_PACK_MAX_TOTAL_ITEMS);
  if (had_problems (&ctx))
    return NULL;

  /* Every document's structure first, then the mates: no proof is tried
   * in a pack that has any other problem. */
  for (guint i = 0; i < docs->len; i++)
    {
      g_autofree char *prefix = g_strdup_printf ("$.entries[%u].document", i);
      g_autofree char *json = node_to_json (g_ptr_array_index (docs, i), FALSE);
      /* Only its problems are wanted here. */
      xq_lesson_file_free (load_document (&ctx, json, prefix, XQ_LESSON_LOAD_NO_PROOFS));
    }
  if (had_problems (&ctx))
    return NULL;

  for (guint i = 0; i < docs->len; i++)
    {
      g_autofree char *prefix = g_strdup_printf ("$.entries[%u].document", i);
      JsonNode *doc = g_ptr_array_index (docs, i);
      g_autofree char *json = node_to_json (doc, FALSE);
      g_autoptr(XqLessonFile) file = load_document (&ctx, json, prefix, XQ_LESSON_LOAD_DEFAULT);
      const XqPackEntry *other;
      XqPackEntry *entry;

      if (file == NULL)
        continue;
      entry = entry_from_file (g_ptr_array_index (names, i), file, node_to_json (doc, TRUE));
      other = find_entry (pack->entries, NULL, entry->type, entry->id);
      if (other != NULL)
        {
          g_autofree char *p = g_strdup_printf ("%s.id", prefix);
          pack_problem (&ctx, XQ_PACK_ERROR_DUPLICATE, p,
                        entry->type == XQ_LESSON_FILE_UNIT
                        ? _("the unit id “%s” is already used by “%s”")
                        : _("the puzzle pack id “%s” is already used by “%s”"),
                        entry->id, other->name);
          entry_free (entry);
          continue;
        }
      g_ptr_array_add (pack->entries, entry);
    }
  if (had_problems (&ctx))
    return NULL;
  return g_steal_pointer (&pack);
}

XqPack *
xq_pack_load_file (const char *path, GPtrArray *problems)
{
  Ctx ctx = { path, problems, 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFileInfo) info = NULL;
  g_autofree char *data = NULL;
  gsize length;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (problems != NULL, NULL);
  ctx.n_start = problems->len;

  /* Check the size before reading, so a huge file is never loaded. */
  file = g_file_new_for_path (path);
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
                            G_FILE_QUERY_INFO_NONE, NULL, &error);
  if (info == NULL)
    {
      pack_problem (&ctx, XQ_PACK_ERROR_IO, "$", "%s", error->message);
      return NULL;
    }
  if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR)
    {
      pack_problem (&ctx, XQ_PACK_ERROR_IO, "$", _("not a regular file"));
      return NULL;
    }
  if (!check_size (&ctx, (gsize) g_file_info_get_size (info), "$"))
    return NULL;
  if (!g_file_get_contents (path, &data, &length, &error))
    {
      pack_problem (&ctx, XQ_PACK_ERROR_IO, "$", "%s", error->message);
      return NULL;
    }
  return xq_pack_load_data (data, (gssize) length, path, problems);
}
