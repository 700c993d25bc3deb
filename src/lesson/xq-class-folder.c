/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-class-folder.c: the class folder, this computer's membership and the
 * sync between them (xq-class-folder.h; docs/class.md, "The class
 * folder"). */
#define G_LOG_DOMAIN "xq-class"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "xq-class-folder.h"
#include "xq-json-reader.h"
#include "xq-json-file.h"
#include "xq-lesson.h"
#include "xq-pack.h"
#include "xq-safe-file.h"


#define CLASS_KIND     "xiangqi-tutor-class"
#define STATE_FILE     "class-folder.state"
#define STATE_MAX      (1024 * 1024)
#define ID_MAX         64
/* A temporary file of a write that never finished, older than this, is
 * removed when the file it was for is there. */
#define STALE_TEMP_SECONDS (10 * 60)

/* ---- The class file ------------------------------------------------------------ */

void
xq_class_info_free (XqClassInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->id);
  g_free (info->name);
  g_free (info->created);
  g_free (info->folder);
  g_free (info);
}

static gboolean
id_valid (const char *id)
{
  gsize n = strlen (id);

  if (n == 0 || n > ID_MAX)
    return FALSE;
  for (const char *p = id; *p; p++)
    if (!g_ascii_islower (*p) && !g_ascii_isdigit (*p) && *p != '-')
      return FALSE;
  return TRUE;
}

/* A class name: 1 to XQ_CLASS_NAME_MAX characters of UTF-8 text, no
 * control characters, not only spaces. */
static gboolean
name_valid (const char *name)
{
  glong n;
  gboolean seen = FALSE;

  if (!g_utf8_validate (name, -1, NULL))
    return FALSE;
  n = g_utf8_strlen (name, -1);
  if (n < 1 || n > 64)
    return FALSE;
  for (const char *p = name; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_iscntrl (c))
        return FALSE;
      seen |= !g_unichar_isspace (c);
    }
  return seen;
}

char *
xq_class_info_to_data (const XqClassInfo *info, gsize *length)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_int_value (b, 1);
  json_builder_set_member_name (b, "kind");
  json_builder_add_string_value (b, CLASS_KIND);
  json_builder_set_member_name (b, "id");
  json_builder_add_string_value (b, info->id);
  json_builder_set_member_name (b, "name");
  json_builder_add_string_value (b, info->name);
  json_builder_set_member_name (b, "created");
  json_builder_add_string_value (b, info->created);
  if (info->folder != NULL)
    {
      json_builder_set_member_name (b, "folder");
      json_builder_add_string_value (b, info->folder);
    }
  json_builder_end_object (b);
  return xq_json_file_text (b, length);
}

XqClassInfo *
xq_class_info_load_data (const char *data, gsize length, const char *file_name, GError **error)
{
  g_autoptr(XqJsonReader) r = xq_json_reader_new (file_name, XQ_CLASS_FOLDER_ERROR, XQ_CLASS_FOLDER_ERROR_PARSE);
  g_autoptr(XqClassInfo) info = NULL;
  const char *kind = NULL, *id = NULL, *name = NULL, *created = NULL, *folder = NULL;
  gint64 format = 0;
  JsonObject *o;

  g_return_val_if_fail (data != NULL && file_name != NULL, NULL);
  o = xq_json_reader_parse_object (r, data, length, XQ_CLASS_FILE_MAX, XQ_CLASS_URI_MAX);
  if (o == NULL || !xq_json_get_int (r, o, "$", "format", XQ_JSON_REQUIRED, G_MININT64, G_MAXINT64, &format))
    goto out;
  if (format != 1)
    {
      xq_json_reader_problem (r, "$.format", _("should be 1 (a class file of another version)"));
      goto out;
    }
  if (!xq_json_get_string (r, o, "$", "kind", XQ_JSON_REQUIRED, &kind))
    goto out;
  if (strcmp (kind, CLASS_KIND) != 0)
    {
      xq_json_reader_problem (r, "$.kind", _("should be “xiangqi-tutor-class”: this is not a class file"));
      goto out;
    }
  if (!xq_json_get_word (r, o, "$", "id", XQ_JSON_REQUIRED, ID_MAX, &id))
    goto out;
  if (!id_valid (id))
    {
      xq_json_reader_problem (r, "$.id", _("should be a class id: lower-case letters, digits and “-”"));
      goto out;
    }
  if (!xq_json_get_word (r, o, "$", "name", XQ_JSON_REQUIRED, 64, &name))
    goto out;
  if (!name_valid (name))
    {
      xq_json_reader_problem (r, "$.name", _("should be a name of 1 to 64 characters, without tabs"));
      goto out;
    }
  if (!xq_json_get_date (r, o, "$", "created", XQ_JSON_REQUIRED, &created) ||
      !xq_json_get_string (r, o, "$", "folder", XQ_JSON_OPTIONAL, &folder))
    goto out;
  if (folder != NULL && (strlen (folder) > XQ_CLASS_URI_MAX || !g_uri_is_valid (folder, G_URI_FLAGS_NONE, NULL)))
    {
      xq_json_reader_problem (r, "$.folder", _("should be the address of a folder, such as “smb://server/share/class”"));
      goto out;
    }
  info = g_new0 (XqClassInfo, 1);
  info->id = g_strdup (id);
  info->name = g_strdup (name);
  info->created = g_strdup (created);
  info->folder = g_strdup (folder);
out:
  if (!xq_json_reader_propagate (r, error))
    return NULL;
  return g_steal_pointer (&info);
}

/* ---- Files in the folder, through GIO ------------------------------------------ */

/* Reads at most max bytes of file (NUL-terminated); a larger file is
 * XQ_CLASS_FOLDER_ERROR_PARSE, a missing one G_IO_ERROR_NOT_FOUND. */
static gboolean
read_file (GFile *file, gsize max, char **data, gsize *length, GCancellable *cancellable, GError **error)
{
  g_autoptr(GFileInputStream) in = g_file_read (file, cancellable, error);
  g_autoptr(GByteArray) buf = NULL;
  guint8 chunk[16384];

  if (in == NULL)
    return FALSE;
  buf = g_byte_array_new ();
  for (;;)
    {
      gssize n = g_input_stream_read (G_INPUT_STREAM (in), chunk, sizeof chunk, cancellable, error);

      if (n < 0)
        return FALSE;
      if (n == 0)
        break;
      if (buf->len + (gsize) n > max)
        {
          g_autofree char *name = g_file_get_basename (file);
          g_autofree char *limit = g_format_size (max);

          g_set_error (error, XQ_CLASS_FOLDER_ERROR, XQ_CLASS_FOLDER_ERROR_PARSE,
                       _("%s: more than %s"), name, limit);
          return FALSE;
        }
      g_byte_array_append (buf, chunk, (guint) n);
    }
  *length = buf->len;
  g_byte_array_append (buf, (const guint8 *) "", 1);
  *data = (char *) g_byte_array_free (g_steal_pointer (&buf), FALSE);
  return TRUE;
}

/* Replaces file whole: the bytes go to a temporary sibling, which is then
 * renamed over file.  GVfs's own replace is not relied on (on smb:// it
 * writes in place when it cannot make its temporary file).  A rename over
 * a file on smb may be "delete, then rename": a learner's file missing
 * beside a whole temporary file is read from that file (read_remote).  A
 * rename the folder cannot do natively falls back to GIO's copy, which
 * leaves the temporary file until the copy is whole. */
static gboolean
write_file (GFile *file, const char *data, gsize length, GCancellable *cancellable, GError **error)
{
  g_autoptr(GFile) dir = g_file_get_parent (file);
  g_autofree char *base = g_file_get_basename (file);
  g_autofree char *tmp_name = g_strdup_printf (".%s.tmp-%08x", base, g_random_int ());
  g_autoptr(GFile) tmp = g_file_get_child (dir, tmp_name);
  g_autoptr(GFileOutputStream) out = NULL;
  g_autoptr(GError) local = NULL;

  out = g_file_create (tmp, G_FILE_CREATE_NONE, cancellable, error);
  if (out == NULL)
    return FALSE;
  if (!g_output_stream_write_all (G_OUTPUT_STREAM (out), data, length, NULL, cancellable, error) ||
      !g_output_stream_close (G_OUTPUT_STREAM (out), cancellable, error))
    {
      g_file_delete (tmp, NULL, NULL);
      return FALSE;
    }
  if (g_file_move (tmp, file, G_FILE_COPY_OVERWRITE | G_FILE_COPY_NO_FALLBACK_FOR_MOVE,
                   cancellable, NULL, NULL, &local))
    return TRUE;
  if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED))
    {
      g_clear_error (&local);
      if (g_file_move (tmp, file, G_FILE_COPY_OVERWRITE, cancellable, NULL, NULL, &local))
        return TRUE;
    }
  g_file_delete (tmp, NULL, NULL);
  g_propagate_error (error, g_steal_pointer (&local));
  return FALSE;
}

/* Renames a damaged file to "<name>.damaged-YYYYMMDD-HHMMSS" (numbered
 * when taken); the new name, or NULL. */
static char *
set_aside (GFile *file, GCancellable *cancellable, GError **error)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autofree char *base = g_file_get_basename (file);
  g_autoptr(GFile) dir = g_file_get_parent (file);

  for (int i = 1; i < 100; i++)
    {
      g_autofree char *name = i == 1 ? g_strdup_printf ("%s.damaged-%s", base, stamp)
                                     : g_strdup_printf ("%s.damaged-%s-%d", base, stamp, i);
      g_autoptr(GFile) to = g_file_get_child (dir, name);
      g_autoptr(GError) local = NULL;

      if (g_file_move (file, to, G_FILE_COPY_NONE, cancellable, NULL, NULL, &local))
        return g_steal_pointer (&name);
      if (!g_error_matches (local, G_IO_ERROR, G_IO_ERROR_EXISTS))
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return NULL;
        }
    }
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS, _("%s: too many damaged copies set aside"), base);
  return NULL;
}

static gboolean
make_dir (GFile *dir, GCancellable *cancellable, GError **error)
{
  g_autoptr(GError) local = NULL;

  if (g_file_make_directory_with_parents (dir, cancellable, &local) ||
      g_error_matches (local, G_IO_ERROR, G_IO_ERROR_EXISTS))
    return TRUE;
  g_propagate_error (error, g_steal_pointer (&local));
  return FALSE;
}

static char *
today_text (void)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();

  return g_date_time_format (now, "%Y-%m-%d");
}

static char *
now_utc_text (void)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();

  return g_date_time_format_iso8601 (now);
}

/* ---- Creating, finding and joining a class ---------------------------------- */

static XqClassInfo *
read_info (GFile *class_file, GCancellable *cancellable, GError **error)
{
  g_autofree char *data = NULL;
  g_autofree char *name = g_file_get_basename (class_file);
  gsize length = 0;

  if (!read_file (class_file, XQ_CLASS_FILE_MAX, &data, &length, cancellable, error))
    return NULL;
  return xq_class_info_load_data (data, length, name, error);
}

/* The class of a folder: its class file read, or an error that says the
 * folder (where) holds no class when there is none. */
static XqClassInfo *
read_folder_info (GFile *folder, const char *where, GCancellable *cancellable, GError **error)
{
  g_autoptr(GFile) class_file = g_file_get_child (folder, XQ_CLASS_FILE_NAME);
  g_autoptr(GError) local = NULL;
  XqClassInfo *info = read_info (class_file, cancellable, &local);

  if (info == NULL)
    {
      if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        g_set_error (error, XQ_CLASS_FOLDER_ERROR, XQ_CLASS_FOLDER_ERROR_NOT_A_CLASS,
                     _("%s holds no class (no %s in it)"), where, XQ_CLASS_FILE_NAME);
      else
        g_propagate_error (error, g_steal_pointer (&local));
    }
  return info;
}

XqClassInfo *
xq_class_folder_create (GFile *folder, const char *name, GCancellable *cancellable, GError **error)
{
  g_autoptr(GFile) class_file = g_file_get_child (folder, XQ_CLASS_FILE_NAME);
  g_autoptr(GFile) learners = g_file_get_child (folder, XQ_CLASS_LEARNERS_DIR);
  g_autoptr(GFile) units = g_file_get_child (folder, XQ_CLASS_UNITS_DIR);
  g_autoptr(XqClassInfo) info = NULL;
  g_autofree char *data = NULL;
  g_autofree char *stripped = NULL;
  gsize length = 0;

  g_return_val_if_fail (G_IS_FILE (folder) && name != NULL, NULL);
  stripped = g_strstrip (g_strdup (name));
  if (!name_valid (stripped))
    {
      g_set_error (error, XQ_CLASS_FOLDER_ERROR, XQ_CLASS_FOLDER_ERROR_PARSE,
                   _("“%s” is not a class name: 1 to 64 characters, no tabs or line breaks"), name);
      return NULL;
    }
  if (!make_dir (folder, cancellable, error))
    return NULL;
  if (g_file_query_exists (class_file, cancellable))
    {
      g_autofree char *where = g_file_get_parse_name (class_file);

      g_set_error (error, XQ_CLASS_FOLDER_ERROR, XQ_CLASS_FOLDER_ERROR_EXISTS,
                   _("%s: this folder holds a class already; join it instead"), where);
      return NULL;
    }
  info = g_new0 (XqClassInfo, 1);
  info->id = g_strdup_printf ("c-%08x%08x", g_random_int (), g_random_int ());
  info->name = g_steal_pointer (&stripped);
  info->created = today_text ();
  info->folder = g_file_get_uri (folder);
  data = xq_class_info_to_data (info, &length);
  if (!make_dir (learners, cancellable, error) || !make_dir (units, cancellable, error) ||
      !write_file (class_file, data, length, cancellable, error))
    return NULL;
  return g_steal_pointer (&info);
}

GFile *
xq_class_folder_resolve (GFile *folder_or_file, XqClassInfo **info_out, GCancellable *cancellable,
                         GError **error)
{
  g_autoptr(GFileInfo) fi = NULL;
  g_autoptr(XqClassInfo) info = NULL;
  g_autoptr(GFile) folder = NULL;
  g_autoptr(GError) local = NULL;
  g_autofree char *where = g_file_get_parse_name (folder_or_file);

  fi = g_file_query_info (folder_or_file, G_FILE_ATTRIBUTE_STANDARD_TYPE, G_FILE_QUERY_INFO_NONE,
                          cancellable, &local);
  if (fi == NULL)
    {
      g_set_error (error, XQ_CLASS_FOLDER_ERROR, XQ_CLASS_FOLDER_ERROR_AWAY,
                   _("%s cannot be reached: %s"), where, local->message);
      return NULL;
    }
  if (g_file_info_get_file_type (fi) == G_FILE_TYPE_DIRECTORY)
    {
      info = read_folder_info (folder_or_file, where, cancellable, error);
      if (info == NULL)
        return NULL;
      folder = g_object_ref (folder_or_file);
    }
  else
    {
      g_autoptr(GFile) parent = g_file_get_parent (folder_or_file);
      g_autoptr(GFile) beside = parent ? g_file_get_child (parent, XQ_CLASS_FILE_NAME) : NULL;
      g_autoptr(XqClassInfo) there = NULL;

      info = read_info (folder_or_file, cancellable, error);
      if (info == NULL)
        return NULL;
      /* The file in its own class folder, or a copy handed out that names
       * the folder. */
      if (beside != NULL && (there = read_info (beside, cancellable, NULL)) != NULL &&
          strcmp (there->id, info->id) == 0)
        folder = g_steal_pointer (&parent);
      else if (info->folder != NULL)
        {
          g_autoptr(GFile) named = g_file_new_for_uri (info->folder);
          g_autoptr(GFile) named_file = g_file_get_child (named, XQ_CLASS_FILE_NAME);
          g_autoptr(XqClassInfo) at = read_info (named_file, cancellable, &local);
          g_autofree char *named_where = g_file_get_parse_name (named);

          if (at == NULL)
            {
              g_set_error (error, XQ_CLASS_FOLDER_ERROR, XQ_CLASS_FOLDER_ERROR_AWAY,
                           _("The class “%s” is kept in %s, which cannot be reached: %s"),
                           info->name, named_where, local->message);
              return NULL;
            }
          if (strcmp (at->id, info->id) != 0)
            {
              g_set_error (error, XQ_CLASS_FOLDER_ERROR, XQ_CLASS_FOLDER_ERROR_OTHER_CLASS,
                           _("%s now holds another class (“%s”), not “%s”"), named_where, at->name, info->name);
              return NULL;
            }
          folder = g_steal_pointer (&named);
        }
      else
        {
          g_set_error (error, XQ_CLASS_FOLDER_ERROR, XQ_CLASS_FOLDER_ERROR_NOT_A_CLASS,
                       _("%s does not say where its class folder is; choose the folder instead"), where);
          return NULL;
        }
    }
  if (info_out != NULL)
    *info_out = g_steal_pointer (&info);
  return g_steal_pointer (&folder);
}

/* ---- This computer's membership --------------------------------------------- */

void
xq_class_state_free (XqClassState *state)
{
  if (state == NULL)
    return;
  g_free (state->folder);
  g_free (state->id);
  g_free (state->name);
  g_free (state->joined);
  g_free (state->synced);
  g_free (state->tried);
  g_free (state->problem);
  g_hash_table_unref (state->names);
  g_hash_table_unref (state->units);
  g_free (state);
}

static XqClassState *
state_new (void)
{
  XqClassState *state = g_new0 (XqClassState, 1);

  state->names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  state->units = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  return state;
}

static char *
state_path (XqProgressStore *store)
{
  return g_build_filename (xq_progress_store_get_dir (store), STATE_FILE, NULL);
}

/* A map of names (learner ids, file names) to words; what is not usable
 * is left out. */
static void
read_string_map (XqJsonReader *r, JsonObject *obj, const char *member, GHashTable *into)
{
  JsonObject *map = NULL;
  g_autoptr(GList) keys = NULL;
  g_autofree char *path = xq_json_path_member ("$", member);

  if (!xq_json_get_object (r, obj, "$", member, XQ_JSON_OPTIONAL, 100000, &map) || map == NULL)
    return;
  keys = json_object_get_members (map);
  for (GList *l = keys; l != NULL; l = l->next)
    {
      g_autofree char *at = xq_json_path_key (path, l->data);
      const char *v = NULL;

      if (xq_json_node_word (r, json_object_get_member (map, l->data), at, 200, &v))
        g_hash_table_replace (into, g_strdup (l->data), g_strdup (v));
    }
}

XqClassState *
xq_class_state_load (XqProgressStore *store, GError **error)
{
  g_autofree char *path = state_path (store);
  g_autofree char *data = NULL;
  g_autoptr(GError) local = NULL;
  g_autoptr(XqJsonReader) r = xq_json_reader_new (STATE_FILE, XQ_CLASS_FOLDER_ERROR, XQ_CLASS_FOLDER_ERROR_PARSE);
  g_autoptr(XqClassState) state = NULL;
  JsonObject *obj;
  const char *folder = NULL, *id = NULL, *name = NULL;
  const char *joined = NULL, *synced = NULL, *tried = NULL, *problem = NULL;
  gboolean away = FALSE;
  gsize length = 0;

  if (!xq_safe_file_read (path, STATE_MAX, &data, &length, &local))
    {
      if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return NULL;
      g_set_error (error, XQ_CLASS_FOLDER_ERROR, XQ_CLASS_FOLDER_ERROR_IO, "%s", local->message);
      return NULL;
    }
  obj = xq_json_reader_parse_object (r, data, length, STATE_MAX, XQ_CLASS_URI_MAX);
  if (obj == NULL ||
      !xq_json_get_string (r, obj, "$", "folder", XQ_JSON_REQUIRED, &folder) ||
      !xq_json_get_word (r, obj, "$", "class", XQ_JSON_REQUIRED, ID_MAX, &id) ||
      !xq_json_get_word (r, obj, "$", "name", XQ_JSON_REQUIRED, 64, &name) ||
      !id_valid (id))
    {
      /* Set aside: joining again makes a new one, and no learner's work
       * is in it. */
      g_autofree char *aside = xq_safe_file_set_aside (path, NULL);
      const char *what = xq_json_reader_get_first_problem (r);

      g_set_error (error, XQ_CLASS_FOLDER_ERROR, XQ_CLASS_FOLDER_ERROR_PARSE,
                   _("%s was damaged (%s) and set aside as %s: join the class again"), path,
                   what ? what : _("not a class membership"), aside ? aside : "?");
      return NULL;
    }
  /* The rest only says when and how the last sync went: kept if usable. */
  xq_json_get_string (r, obj, "$", "joined", XQ_JSON_OPTIONAL, &joined);
  xq_json_get_string (r, obj, "$", "synced", XQ_JSON_OPTIONAL, &synced);
  xq_json_get_string (r, obj, "$", "tried", XQ_JSON_OPTIONAL, &tried);
  xq_json_get_string (r, obj, "$", "problem", XQ_JSON_OPTIONAL, &problem);
  xq_json_get_bool (r, obj, "$", "away", XQ_JSON_OPTIONAL, &away);
  state = state_new ();
  state->folder = g_strdup (folder);
  state->id = g_strdup (id);
  state->name = g_strdup (name);
  state->joined = g_strdup (joined);
  state->synced = g_strdup (synced);
  state->tried = g_strdup (tried);
  state->problem = g_strdup (problem);
  state->away = away;
  read_string_map (r, obj, "names", state->names);
  read_string_map (r, obj, "units", state->units);
  if (xq_json_reader_get_n_problems (r) > 0)
    g_message ("%s", xq_json_reader_get_first_problem (r));
  return g_steal_pointer (&state);
}

static void
add_string (JsonBuilder *b, const char *member, const char *value)
{
  if (value == NULL)
    return;
  json_builder_set_member_name (b, member);
  json_builder_add_string_value (b, value);
}

static void
add_string_map (JsonBuilder *b, const char *member, GHashTable *map)
{
  g_autoptr(GList) keys = g_list_sort (g_hash_table_get_keys (map), (GCompareFunc) strcmp);

  json_builder_set_member_name (b, member);
  json_builder_begin_object (b);
  for (GList *l = keys; l != NULL; l = l->next)
    add_string (b, l->data, g_hash_table_lookup (map, l->data));
  json_builder_end_object (b);
}

gboolean
xq_class_state_save (XqProgressStore *store, const XqClassState *state, GError **error)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autofree char *path = state_path (store);
  g_autofree char *data = NULL;
  g_autoptr(GError) local = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_int_value (b, 1);
  add_string (b, "folder", state->folder);
  add_string (b, "class", state->id);
  add_string (b, "name", state->name);
  add_string (b, "joined", state->joined);
  add_string (b, "synced", state->synced);
  add_string (b, "tried", state->tried);
  json_builder_set_member_name (b, "away");
  json_builder_add_boolean_value (b, state->away);
  add_string (b, "problem", state->problem);
  add_string_map (b, "names", state->names);
  add_string_map (b, "units", state->units);
  json_builder_end_object (b);
  data = xq_json_file_text (b, NULL);
  if (xq_json_file_save (xq_progress_store_get_dir (store), path, data,
                         XQ_CLASS_FOLDER_ERROR, XQ_CLASS_FOLDER_ERROR_IO, error))
    return TRUE;
  return FALSE;
}

XqClassState *
xq_class_join (XqProgressStore *store, GFile *folder_or_file, GCancellable *cancellable, GError **error)
{
  g_autoptr(XqClassInfo) info = NULL;
  g_autoptr(GFile) folder = xq_class_folder_resolve (folder_or_file, &info, cancellable, error);
  g_autoptr(XqClassState) old = NULL;
  g_autoptr(XqClassState) state = NULL;

  if (folder == NULL)
    return NULL;
  old = xq_class_state_load (store, NULL);
  state = state_new ();
  state->folder = g_file_get_uri (folder);
  state->id = g_strdup (info->id);
  state->name = g_strdup (info->name);
  state->joined = now_utc_text ();
  /* Joining the same class again (its folder moved) keeps what this
   * computer knew of it. */
  if (old != NULL && strcmp (old->id, info->id) == 0)
    {
      g_clear_pointer (&state->names, g_hash_table_unref);
      g_clear_pointer (&state->units, g_hash_table_unref);
      state->names = g_hash_table_ref (old->names);
      state->units = g_hash_table_ref (old->units);
      state->synced = g_strdup (old->synced);
    }
  if (!xq_class_state_save (store, state, error))
    return NULL;
  return g_steal_pointer (&state);
}

gboolean
xq_class_leave (XqProgressStore *store, GError **error)
{
  g_autofree char *path = state_path (store);
  g_autoptr(GError) local = NULL;

  if (xq_safe_file_remove_all (path, &local))
    return TRUE;
  g_set_error (error, XQ_CLASS_FOLDER_ERROR, XQ_CLASS_FOLDER_ERROR_IO, "%s", local->message);
  return FALSE;
}

static char *
local_time (const char *iso)
{
  g_autoptr(GDateTime) t = iso ? g_date_time_new_from_iso8601 (iso, NULL) : NULL;
  g_autoptr(GDateTime) here = t ? g_date_time_to_local (t) : NULL;

  return here ? g_date_time_format (here, "%Y-%m-%d %H:%M") : NULL;
}

char *
xq_class_state_describe (const XqClassState *state)
{
  g_autoptr(GFile) folder = g_file_new_for_uri (state->folder);
  g_autofree char *where = g_file_get_parse_name (folder);
  g_autofree char *synced = local_time (state->synced);
  g_autofree char *tried = local_time (state->tried);

  if (state->away)
    return synced != NULL
      ? g_strdup_printf (_("Class “%s”: the folder %s could not be reached at %s (last synced %s). "
                           "Work goes on here and is merged when the folder is back."),
                         state->name, where, tried ? tried : "?", synced)
      : g_strdup_printf (_("Class “%s”: the folder %s could not be reached at %s (never synced). "
                           "Work goes on here and is merged when the folder is back."),
                         state->name, where, tried ? tried : "?");
  if (synced != NULL)
    return g_strdup_printf (_("Class “%s” in %s: last synced %s."), state->name, where, synced);
  return g_strdup_printf (_("Class “%s” in %s: joined, not synced yet."), state->name, where);
}

/* ---- Syncing ------------------------------------------------------------------ */

void
xq_class_sync_report_free (XqClassSyncReport *report)
{
  if (report == NULL)
    return;
  g_ptr_array_unref (report->messages);
  g_free (report);
}

/* Is name a learner's file ("<id>.json")?  Its id, else NULL. */
static char *
learner_of (const char *name)
{
  g_autofree char *id = NULL;

  if (!g_str_has_suffix (name, ".json"))
    return NULL;
  id = g_strndup (name, strlen (name) - 5);
  return xq_progress_learner_id_valid (id) ? g_steal_pointer (&id) : NULL;
}

/* Is name a temporary file of a learner's ("." "<id>.json" ".tmp-…")? */
static char *
temp_of (const char *name)
{
  const char *tmp = strstr (name, ".json.tmp-");
  g_autofree char *id = NULL;

  if (name[0] != '.' || tmp == NULL)
    return NULL;
  id = g_strndup (name + 1, (gsize) (tmp - name - 1));
  return xq_progress_learner_id_valid (id) ? g_steal_pointer (&id) : NULL;
}

typedef struct {
  GHashTable *files;   /* id -> TRUE: learner files present */
  GHashTable *temps;   /* id -> GPtrArray of (GFileInfo*) temporary files */
} Listing;

static void
listing_clear (Listing *l)
{
  g_clear_pointer (&l->files, g_hash_table_unref);
  g_clear_pointer (&l->temps, g_hash_table_unref);
}

static gboolean
list_learners (GFile *dir, Listing *out, GCancellable *cancellable, GError **error)
{
  g_autoptr(GFileEnumerator) e = NULL;
  GFileInfo *fi;

  out->files = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  out->temps = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_ptr_array_unref);
  e = g_file_enumerate_children (dir, G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_TYPE ","
                                 G_FILE_ATTRIBUTE_TIME_MODIFIED,
                                 G_FILE_QUERY_INFO_NONE, cancellable, error);
  if (e == NULL)
    return FALSE;
  while (g_file_enumerator_iterate (e, &fi, NULL, cancellable, error) && fi != NULL)
    {
      const char *name = g_file_info_get_name (fi);
      g_autofree char *id = NULL;

      if (g_file_info_get_file_type (fi) != G_FILE_TYPE_REGULAR)
        continue;
      if ((id = learner_of (name)) != NULL)
        g_hash_table_add (out->files, g_steal_pointer (&id));
      else if ((id = temp_of (name)) != NULL)
        {
          GPtrArray *list = g_hash_table_lookup (out->temps, id);

          if (list == NULL)
            {
              list = g_ptr_array_new_with_free_func (g_object_unref);
              g_hash_table_insert (out->temps, g_strdup (id), list);
            }
          g_ptr_array_add (list, g_object_ref (fi));
        }
    }
  return error == NULL || *error == NULL;
}

static gint64
modified (GFileInfo *fi)
{
  g_autoptr(GDateTime) t = NULL;

  if (!g_file_info_has_attribute (fi, G_FILE_ATTRIBUTE_TIME_MODIFIED))
    return 0;
  t = g_file_info_get_modification_date_time (fi);
  return t ? g_date_time_to_unix (t) : 0;
}

static gboolean
learner_is_empty (const XqClassLearner *l)
{
  return g_hash_table_size (l->progress->stars) == 0 && l->streak == 0 && l->best_streak == 0 &&
         xq_ratings_get_attempts (l->ratings) == 0 && xq_ratings_get_best_run (l->ratings) == 0 &&
         xq_review_get_n_items (l->review) == 0;
}

/* json-glib calls the text it parses "<data>": the place is a line and
 * column of the file. */
static char *
readable_problem (const char *message)
{
  g_auto(GStrv) parts = g_strsplit (message, "<data>:", -1);

  return g_strjoinv (_("line "), parts);
}

/* The learner's file in the folder, as far as it can be used: NULL when
 * there is none (or nothing of it could be read; then it was set aside
 * and a message added).  FALSE when the folder went away. */
static gboolean
read_remote (GFile *dir, const char *learner, Listing *listing, GPtrArray *messages,
             XqClassLearner **out, char **bytes, GCancellable *cancellable, GError **error)
{
  g_autofree char *name = g_strconcat (learner, ".json", NULL);
  g_autofree char *label = g_strconcat (XQ_CLASS_LEARNERS_DIR "/", name, NULL);
  g_autoptr(GFile) file = g_file_get_child (dir, name);
  g_autoptr(GError) local = NULL;
  g_autofree char *data = NULL;
  g_autofree char *problem = NULL;
  GPtrArray *temps = g_hash_table_lookup (listing->temps, learner);
  gboolean present = g_hash_table_contains (listing->files, learner);
  gsize length = 0;

  *out = NULL;
  *bytes = NULL;
  if (temps != NULL)
    {
      gint64 now = g_get_real_time () / G_USEC_PER_SEC;

      for (guint i = 0; i < temps->len; i++)
        {
          GFileInfo *fi = g_ptr_array_index (temps, i);
          g_autoptr(GFile) tmp = g_file_get_child (dir, g_file_info_get_name (fi));
          g_autofree char *tdata = NULL;
          gsize tlen = 0;
          g_autoptr(XqClassLearner) whole = NULL;

          /* A write that stopped before its rename: when the learner's
           * file is missing (a rename that deleted first), a whole one is
           * the learner's latest file. */
          if (!present && read_file (tmp, XQ_CLASS_LEARNER_MAX_FILE, &tdata, &tlen, cancellable, NULL) &&
              (whole = xq_class_learner_load_data (tdata, tlen, learner, label, &problem, NULL)) != NULL &&
              problem == NULL)
            {
              if (*out != NULL)
                xq_class_learner_merge (whole, *out);
              g_clear_pointer (out, xq_class_learner_free);
              *out = g_steal_pointer (&whole);
            }
          g_clear_pointer (&problem, g_free);
          if (present && now - modified (fi) > STALE_TEMP_SECONDS)
            g_file_delete (tmp, cancellable, NULL);
        }
      if (*out != NULL)
        return TRUE;
    }
  if (!present)
    return TRUE;
  if (!read_file (file, XQ_CLASS_LEARNER_MAX_FILE, &data, &length, cancellable, &local))
    {
      if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        return TRUE;
      if (!g_error_matches (local, XQ_CLASS_FOLDER_ERROR, XQ_CLASS_FOLDER_ERROR_PARSE))
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
    }
  else
    *out = xq_class_learner_load_data (data, length, learner, label, &problem, &local);
  /* A damaged file that gave nothing at all is no learner. */
  if (*out != NULL && problem != NULL && learner_is_empty (*out))
    g_clear_pointer (out, xq_class_learner_free);
  if (*out == NULL || problem != NULL)
    {
      g_autoptr(GError) aside_error = NULL;
      g_autofree char *aside = set_aside (file, cancellable, &aside_error);
      g_autofree char *what = readable_problem (problem != NULL ? problem : local->message);

      if (aside != NULL && *out != NULL)
        g_ptr_array_add (messages, g_strdup_printf (_("The class folder’s %s was damaged (%s). It was set aside as "
                                                      "%s/%s; what could be read of it was kept."),
                                                    label, what, XQ_CLASS_LEARNERS_DIR, aside));
      else if (aside != NULL)
        g_ptr_array_add (messages, g_strdup_printf (_("The class folder’s %s was damaged (%s). It was set aside as "
                                                      "%s/%s; nothing in it could be read, and each computer’s "
                                                      "own copy of the learner is kept."),
                                                    label, what, XQ_CLASS_LEARNERS_DIR, aside));
      else
        g_ptr_array_add (messages, g_strdup_printf (_("The class folder’s %s is damaged (%s) and could not be "
                                                      "set aside: %s"), label, what, aside_error->message));
      return TRUE;
    }
  *bytes = g_steal_pointer (&data);
  return TRUE;
}

/* The name a merged learner keeps: a rename on this computer since the
 * last sync wins, else the folder's. */
static const char *
merged_name (const XqClassState *state, const XqClassLearner *here, gboolean here_saved,
             const XqClassLearner *there)
{
  const char *synced = state ? g_hash_table_lookup (state->names, xq_class_learner_get_id (here)) : NULL;

  if (there == NULL)
    return here->progress->name;
  if (!here_saved)
    return there->progress->name;
  if (synced != NULL && strcmp (synced, here->progress->name) != 0)
    return here->progress->name;
  return there->progress->name;
}

/* One learner both ways.  FALSE when the folder went away (error set). */
static gboolean
sync_learner (XqProgressStore *store, XqClassState *state, GFile *dir, const char *learner,
              gboolean here_saved, Listing *listing, XqClassSyncReport *report,
              XqClassSyncHook hook, gpointer hook_data, GCancellable *cancellable, GError **error)
{
  g_autoptr(XqClassLearner) there = NULL;
  g_autoptr(XqClassLearner) here = NULL;
  g_autofree char *there_bytes = NULL;
  g_autofree char *data = NULL;
  g_autoptr(GError) local = NULL;
  gsize length = 0;
  gboolean changed;
  const char *name;

  if (!read_remote (dir, learner, listing, report->messages, &there, &there_bytes, cancellable, error))
    return FALSE;
  /* A file nothing could be read of, for a learner this computer does
   * not have: nobody to sync. */
  if (there == NULL && !here_saved)
    return TRUE;

  /* This computer's copy is read, merged and written under the store's
   * lock, never over the network. */
  xq_learner_files_lock ();
  here = xq_class_learner_load_store (store, learner, &local);
  if (here == NULL)
    {
      xq_learner_files_unlock ();
      g_ptr_array_add (report->messages, g_strdup (local->message));
      return TRUE;
    }
  changed = there != NULL && xq_class_learner_merge (here, there);
  name = merged_name (state, here, here_saved, there);
  if (strcmp (name, here->progress->name) != 0)
    {
      g_free (here->progress->name);
      here->progress->name = g_strdup (name);
      changed = TRUE;
    }
  if ((changed || !here_saved) && !xq_class_learner_save_store (store, here, &local))
    {
      xq_learner_files_unlock ();
      g_ptr_array_add (report->messages, g_strdup (local->message));
      return TRUE;
    }
  xq_learner_files_unlock ();
  if (changed)
    report->n_received++;
  if (state != NULL)
    g_hash_table_replace (state->names, g_strdup (learner), g_strdup (here->progress->name));

  data = xq_class_learner_to_data (here, &length);
  if (there_bytes == NULL || strcmp (there_bytes, data) != 0)
    {
      g_autofree char *file_name = g_strconcat (learner, ".json", NULL);
      g_autoptr(GFile) file = g_file_get_child (dir, file_name);

      if (hook != NULL)
        hook (learner, hook_data);
      if (!write_file (file, data, length, cancellable, error))
        return FALSE;
      report->n_sent++;
    }
  return TRUE;
}

static gboolean
unit_name_valid (const char *name)
{
  if (name[0] == '.' || !g_str_has_suffix (name, ".json") || strlen (name) > 200)
    return FALSE;
  for (const char *p = name; *p; p++)
    if (!g_ascii_isalnum (*p) && *p != '-' && *p != '_' && *p != '.')
      return FALSE;
  return TRUE;
}

/* Copies the folder's units and puzzle packs into units_dir.  A file of
 * this computer's own with the same name is never written over: only a
 * copy an earlier sync made (state->units) and nobody changed since. */
static gboolean
fetch_units (GFile *folder, const char *units_dir, XqClassState *state, XqClassSyncReport *report,
             GCancellable *cancellable, GError **error)
{
  g_autoptr(GFile) dir = g_file_get_child (folder, XQ_CLASS_UNITS_DIR);
  g_autoptr(GFileEnumerator) e = NULL;
  g_autoptr(GError) local = NULL;
  GFileInfo *fi;

  e = g_file_enumerate_children (dir, G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
                                 G_FILE_QUERY_INFO_NONE, cancellable, &local);
  if (e == NULL)
    {
      if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        return TRUE;
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  while (g_file_enumerator_iterate (e, &fi, NULL, cancellable, &local) && fi != NULL)
    {
      const char *name = g_file_info_get_name (fi);
      g_autofree char *label = g_strconcat (XQ_CLASS_UNITS_DIR "/", name, NULL);
      g_autoptr(GFile) file = NULL;
      g_autoptr(GPtrArray) problems = NULL;
      g_autoptr(GError) read_error = NULL;
      g_autofree char *data = NULL;
      g_autofree char *sum = NULL;
      g_autofree char *target = NULL;
      g_autofree char *mine = NULL;
      g_autofree char *mine_sum = NULL;
      XqLessonFile *lf;
      gsize length = 0, mine_len = 0;
      const char *copied;

      if (g_file_info_get_file_type (fi) != G_FILE_TYPE_REGULAR || !g_str_has_suffix (name, ".json") ||
          name[0] == '.')
        continue;
      if (!unit_name_valid (name))
        {
          g_ptr_array_add (report->messages,
                           g_strdup_printf (_("The class folder’s %s was not copied: a unit’s file name "
                                              "may hold only letters, digits, “-”, “_” and “.”."), label));
          continue;
        }
      file = g_file_get_child (dir, name);
      if (!read_file (file, XQ_LESSON_MAX_BYTES, &data, &length, cancellable, &read_error))
        {
          if (!g_error_matches (read_error, XQ_CLASS_FOLDER_ERROR, XQ_CLASS_FOLDER_ERROR_PARSE))
            {
              g_propagate_error (error, g_steal_pointer (&read_error));
              return FALSE;
            }
          g_ptr_array_add (report->messages, g_strdup_printf (_("The class folder’s %s was not copied: %s"),
                                                              label, read_error->message));
          continue;
        }
      problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
      lf = xq_lesson_load_data_full (data, (gssize) length, label, XQ_LESSON_LOAD_NO_PROOFS, problems);
      if (lf == NULL)
        {
          g_autofree char *what = problems->len > 0
            ? xq_lesson_problem_format (g_ptr_array_index (problems, 0)) : g_strdup (label);

          g_ptr_array_add (report->messages,
                           g_strdup_printf (_("The class folder’s %s was not copied: %s"), label, what));
          continue;
        }
      xq_lesson_file_free (lf);
      sum = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) data, length);
      target = g_build_filename (units_dir, name, NULL);
      copied = state ? g_hash_table_lookup (state->units, name) : NULL;
      if (xq_safe_file_read (target, XQ_LESSON_MAX_BYTES, &mine, &mine_len, NULL))
        {
          mine_sum = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) mine, mine_len);
          if (strcmp (mine_sum, sum) == 0)
            {
              if (state != NULL)
                g_hash_table_replace (state->units, g_strdup (name), g_strdup (sum));
              continue;
            }
          if (state != NULL && (copied == NULL || strcmp (copied, mine_sum) != 0))
            {
              g_ptr_array_add (report->messages,
                               g_strdup_printf (_("The class folder’s %s was not copied: this computer has a "
                                                  "unit of its own under that file name, which was kept."),
                                                label));
              continue;
            }
        }
      if (g_mkdir_with_parents (units_dir, 0700) != 0 || !xq_safe_file_write (target, data, (gssize) length, error))
        {
          if (error != NULL && *error == NULL)
            g_set_error (error, XQ_CLASS_FOLDER_ERROR, XQ_CLASS_FOLDER_ERROR_IO, _("%s cannot be made"), units_dir);
          return FALSE;
        }
      if (state != NULL)
        g_hash_table_replace (state->units, g_strdup (name), g_strdup (sum));
      report->n_units++;
    }
  if (local != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  return TRUE;
}

static gboolean
is_io_away (const GError *error)
{
  return error != NULL && error->domain != XQ_CLASS_FOLDER_ERROR;
}

XqClassSyncReport *
xq_class_sync (XqProgressStore *store, const char *units_dir, GCancellable *cancellable, GError **error)
{
  return xq_class_sync_full (store, units_dir, NULL, NULL, cancellable, error);
}

XqClassSyncReport *
xq_class_sync_full (XqProgressStore *store, const char *units_dir, XqClassSyncHook hook, gpointer hook_data,
                    GCancellable *cancellable, GError **error)
{
  g_autoptr(GError) local = NULL;
  g_autoptr(XqClassState) state = xq_class_state_load (store, &local);
  g_autoptr(XqClassSyncReport) report = NULL;
  g_autoptr(GFile) folder = NULL;
  g_autoptr(GFile) class_file = NULL;
  g_autoptr(GFile) dir = NULL;
  g_autoptr(XqClassInfo) info = NULL;
  g_autoptr(GPtrArray) here = NULL;
  g_autoptr(GHashTable) ids = NULL;
  g_autoptr(GList) order = NULL;
  g_autofree char *own_units = NULL;
  g_autofree char *where = NULL;
  Listing listing = { 0 };

  if (state == NULL)
    {
      if (local != NULL)
        g_propagate_error (error, g_steal_pointer (&local));
      else
        g_set_error (error, XQ_CLASS_FOLDER_ERROR, XQ_CLASS_FOLDER_ERROR_NOT_JOINED,
                     _("This computer is in no class: create one or join one first"));
      return NULL;
    }
  report = g_new0 (XqClassSyncReport, 1);
  report->messages = g_ptr_array_new_with_free_func (g_free);
  g_free (state->tried);
  state->tried = now_utc_text ();
  folder = g_file_new_for_uri (state->folder);
  where = g_file_get_parse_name (folder);
  class_file = g_file_get_child (folder, XQ_CLASS_FILE_NAME);
  dir = g_file_get_child (folder, XQ_CLASS_LEARNERS_DIR);

  info = read_info (class_file, cancellable, &local);
  if (info == NULL)
    {
      g_autofree char *why = g_error_matches (local, G_IO_ERROR, G_IO_ERROR_NOT_FOUND)
        ? g_strdup_printf (_("%s cannot be reached, or holds no class"), where)
        : g_strdup_printf (_("%s cannot be reached: %s"), where, local->message);

      report->away = TRUE;
      g_ptr_array_add (report->messages, g_strdup (why));
      g_free (state->problem);
      state->problem = g_steal_pointer (&why);
    }
  else if (strcmp (info->id, state->id) != 0)
    {
      report->away = TRUE;
      g_free (state->problem);
      state->problem = g_strdup_printf (_("%s now holds another class (“%s”), not “%s”: join it again to "
                                          "change classes"), where, info->name, state->name);
      g_ptr_array_add (report->messages, g_strdup (state->problem));
    }
  else if (!make_dir (dir, cancellable, &local) || !list_learners (dir, &listing, cancellable, &local))
    {
      report->away = TRUE;
      g_ptr_array_add (report->messages, g_strdup_printf (_("%s cannot be reached: %s"), where, local->message));
    }
  if (report->away)
    {
      state->away = TRUE;
      listing_clear (&listing);
      if (!xq_class_state_save (store, state, error))
        return NULL;
      return g_steal_pointer (&report);
    }

  /* Every learner of either side but the default profile, which belongs
   * to one computer. */
  ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  here = xq_progress_store_list (store);
  for (guint i = 0; i < here->len; i++)
    g_hash_table_insert (ids, g_strdup (g_ptr_array_index (here, i)), GINT_TO_POINTER (2));
  {
    GHashTableIter iter;
    gpointer key;

    g_hash_table_iter_init (&iter, listing.files);
    while (g_hash_table_iter_next (&iter, &key, NULL))
      if (!g_hash_table_contains (ids, key))
        g_hash_table_insert (ids, g_strdup (key), GINT_TO_POINTER (1));
    g_hash_table_iter_init (&iter, listing.temps);
    while (g_hash_table_iter_next (&iter, &key, NULL))
      if (!g_hash_table_contains (ids, key))
        g_hash_table_insert (ids, g_strdup (key), GINT_TO_POINTER (1));
  }
  g_hash_table_remove (ids, XQ_PROGRESS_DEFAULT_LEARNER);
  order = g_list_sort (g_hash_table_get_keys (ids), (GCompareFunc) strcmp);
  for (GList *l = order; l != NULL; l = l->next)
    {
      gboolean saved = GPOINTER_TO_INT (g_hash_table_lookup (ids, l->data)) == 2;

      report->n_learners++;
      if (!sync_learner (store, state, dir, l->data, saved, &listing, report, hook, hook_data,
                         cancellable, &local))
        {
          report->away = TRUE;
          g_ptr_array_add (report->messages,
                           g_strdup_printf (_("%s went away during the sync (%s); this computer kept "
                                              "everything and finishes the sync when it is back."),
                                            where, local->message));
          break;
        }
    }
  listing_clear (&listing);
  if (!report->away)
    {
      own_units = units_dir ? g_strdup (units_dir) : xq_pack_user_units_dir ();
      if (!fetch_units (folder, own_units, state, report, cancellable, &local))
        {
          report->away = is_io_away (local);
          if (!report->away)
            {
              g_propagate_error (error, g_steal_pointer (&local));
              return NULL;
            }
          g_ptr_array_add (report->messages, g_strdup_printf (_("%s went away during the sync (%s); this computer "
                                                                "kept everything and finishes the sync when it is back."),
                                                              where, local->message));
        }
    }
  state->away = report->away;
  g_clear_pointer (&state->problem, g_free);
  if (report->away)
    state->problem = g_strdup (g_ptr_array_index (report->messages, report->messages->len - 1));
  else
    {
      g_free (state->synced);
      state->synced = now_utc_text ();
    }
  if (!xq_class_state_save (store, state, error))
    return NULL;
  return g_steal_pointer (&report);
}

/* ---- The folder as a whole, for reports ------------------------------------- */

GPtrArray *
xq_class_folder_learners (GFile *folder, GPtrArray *messages, GCancellable *cancellable, GError **error)
{
  g_autoptr(GFile) dir = g_file_get_child (folder, XQ_CLASS_LEARNERS_DIR);
  g_autoptr(XqClassInfo) info = NULL;
  g_autoptr(GPtrArray) out = NULL;
  g_autoptr(GList) order = NULL;
  g_autoptr(GError) local = NULL;
  g_autofree char *where = g_file_get_parse_name (folder);
  Listing listing = { 0 };

  info = read_folder_info (folder, where, cancellable, error);
  if (info == NULL)
    return NULL;
  if (!list_learners (dir, &listing, cancellable, &local))
    {
      listing_clear (&listing);
      if (!g_error_matches (local, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return NULL;
        }
      return g_ptr_array_new_with_free_func ((GDestroyNotify) xq_class_learner_free);
    }
  out = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_class_learner_free);
  {
    g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
    GHashTableIter iter;
    gpointer key;

    g_hash_table_iter_init (&iter, listing.files);
    while (g_hash_table_iter_next (&iter, &key, NULL))
      g_hash_table_add (ids, key);
    g_hash_table_iter_init (&iter, listing.temps);
    while (g_hash_table_iter_next (&iter, &key, NULL))
      g_hash_table_add (ids, key);
    order = g_list_sort (g_hash_table_get_keys (ids), (GCompareFunc) strcmp);
    for (GList *l = order; l != NULL; l = l->next)
      {
        XqClassLearner *learner = NULL;
        g_autofree char *bytes = NULL;

        if (!read_remote (dir, l->data, &listing, messages, &learner, &bytes, cancellable, error))
          {
            listing_clear (&listing);
            return NULL;
          }
        if (learner != NULL)
          g_ptr_array_add (out, learner);
      }
  }
  listing_clear (&listing);
  return g_steal_pointer (&out);
}

gboolean
xq_class_folder_to_store (GFile *folder, const char *dir, const char *units_dir, GPtrArray *messages,
                          GCancellable *cancellable, GError **error)
{
  g_autoptr(GPtrArray) learners = xq_class_folder_learners (folder, messages, cancellable, error);
  g_autoptr(XqProgressStore) store = NULL;

  if (learners == NULL)
    return FALSE;
  store = xq_progress_store_new (dir);
  for (guint i = 0; i < learners->len; i++)
    if (!xq_class_learner_save_store (store, g_ptr_array_index (learners, i), error))
      return FALSE;
  if (units_dir != NULL)
    {
      g_autoptr(XqClassSyncReport) report = g_new0 (XqClassSyncReport, 1);

      report->messages = g_ptr_array_new_with_free_func (g_free);
      if (!fetch_units (folder, units_dir, NULL, report, cancellable, error))
        return FALSE;
      for (guint i = 0; i < report->messages->len; i++)
        g_ptr_array_add (messages, g_strdup (g_ptr_array_index (report->messages, i)));
    }
  return TRUE;
}
