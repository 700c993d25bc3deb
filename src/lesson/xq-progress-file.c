/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-progress-file.c: one learner file, read as far as it can be (a
 * damaged one member by member, with its backup) and written back safely. */
#define G_LOG_DOMAIN "xq-progress"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-json-file.h"
#include "xq-json-reader.h"
#include "xq-progress-private.h"
#include "xq-safe-file.h"

/* ---- Reading: what can be used of a file ------------------------------------- */

void
xq_salvage_clear (XqSalvage *s)
{
  g_clear_pointer (&s->data, g_free);
  g_clear_pointer (&s->problem, g_free);
  g_clear_pointer (&s->p, xq_progress_free);
}

void
xq_salvage_problem (XqSalvage *s, const char *file, const char *format, ...)
{
  va_list args;

  s->n_problems++;
  if (s->problem != NULL)
    return;
  va_start (args, format);
  {
    g_autofree char *raw = g_strdup_vprintf (format, args);
    /* json-glib's parse errors quote the bad text, which need not be UTF-8
     * (see xq_json_parse_bounded); the problem is shown to people. */
    g_autofree char *what = g_utf8_make_valid (raw, -1);

    s->problem = g_strdup_printf ("%s: %s", file, what);
  }
  va_end (args);
}

/* Reads path within the size limit.  FALSE only for an error that is not
 * the file's fault (it exists but cannot be opened). */
gboolean
xq_salvage_read_bytes (const char *path, XqSalvage *s, GError **error)
{
  g_autoptr(GError) local = NULL;

  if (xq_safe_file_read (path, XQ_SAFE_FILE_MAX_SIZE, &s->data, &s->length, &local))
    {
      s->state = XQ_SALVAGE_PERFECT;
      return TRUE;
    }
  if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
    {
      s->state = XQ_SALVAGE_MISSING;
      return TRUE;
    }
  if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_FAILED))
    {
      /* Too big, or not a file: damage, not a reason to give up. */
      s->state = XQ_SALVAGE_DAMAGED;
      s->unreadable = TRUE;
      s->n_problems++;
      s->problem = g_strdup (local->message);
      return TRUE;
    }
  g_set_error (error, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_IO, "%s", local->message);
  return FALSE;
}

/* One pass over JSON text, aware of strings: for a file cut short (a full
 * disk, a copy that stopped), the text ended after its last complete
 * member with what is open closed, so the members before the cut can
 * still be read (NULL if the text is not cut short, or nests deeper than
 * the reader allows). */
static char *
close_cut_text (const char *data, gsize len)
{
  g_autoptr(GString) stack = g_string_new (NULL);
  g_autofree char *cut_stack = NULL;
  gsize cut = 0, pos = 0, at, stop;
  gboolean closed = FALSE;
  GString *out;
  char c;

  while ((c = xq_json_step (data, len, &pos, &at, &stop)) != '\0')
    switch (c)
      {
      case '{':
      case '[':
        g_string_append_c (stack, c);
        if (stack->len > XQ_JSON_MAX_DEPTH)
          return NULL;
        cut = at + 1;
        g_free (cut_stack);
        cut_stack = g_strdup (stack->str);
        break;
      case '}':
      case ']':
        if (stack->len > 0)
          g_string_truncate (stack, stack->len - 1);
        closed |= stack->len == 0;
        break;
      case ',':
        if (stack->len > 0)
          {
            cut = at;
            g_free (cut_stack);
            cut_stack = g_strdup (stack->str);
          }
        break;
      default:
        break;
      }
  /* A root that was closed is damaged some other way. */
  if (closed || cut_stack == NULL || stack->len == 0)
    return NULL;
  out = g_string_new_len (data, cut);
  for (gsize j = strlen (cut_stack); j-- > 0;)
    g_string_append_c (out, cut_stack[j] == '{' ? '}' : ']');
  return g_string_free (out, FALSE);
}

/* The JSON root of a progress file, from the whole text or, if it was cut
 * short, from what came before the cut (the cut is still a problem). */
static JsonNode *
parse_json (XqJsonReader *rd, XqSalvage *s)
{
  g_autofree char *closed = NULL;
  g_autofree char *where = NULL;
  g_autoptr(JsonParser) again = NULL;

  if (xq_json_reader_parse (rd, s->data, s->length, XQ_SAFE_FILE_MAX_SIZE, XQ_JSON_MAX_STRING) != NULL)
    return xq_json_reader_get_root (rd);
  if ((closed = close_cut_text (s->data, s->length)) == NULL)
    return NULL;
  again = xq_json_parse_limited (closed, strlen (closed), XQ_SAFE_FILE_MAX_SIZE, XQ_JSON_MAX_STRING,
                                 &where, NULL);
  if (again == NULL)
    return NULL;
  xq_json_reader_set_root (rd, json_parser_get_root (again));
  return xq_json_reader_get_root (rd);
}

static gboolean
name_usable (const char *name)
{
  for (const char *c = name; *c; c++)
    if (!g_ascii_isspace (*c))
      return TRUE;
  return FALSE;
}

/* "results": { "unit/exercise": { "hints": N, "date": "YYYY-MM-DD" } }, for
 * exercises that have stars.  A bad entry loses only itself. */
static void
salvage_results (XqSalvage *s, XqJsonReader *rd, JsonObject *results)
{
  g_autoptr(GList) members = json_object_get_members (results);

  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *key = l->data;
      g_autofree char *path = xq_json_path_key ("$.results", key);
      JsonObject *o = NULL;
      gint64 hints = -1;
      const char *date = NULL;

      if (!g_hash_table_contains (s->p->stars, key))
        {
          xq_json_reader_problem (rd, path, _("not the result of an exercise with stars"));
          continue;
        }
      if (!xq_json_node_object (rd, json_object_get_member (results, key), path, G_MAXUINT, &o) ||
          !xq_json_get_int (rd, o, path, "hints", XQ_JSON_OPTIONAL, 0, 1000, &hints) ||
          !xq_json_get_date (rd, o, path, "date", XQ_JSON_OPTIONAL, &date))
        continue;
      xq_progress_set_result (s->p, key, xq_progress_result_new ((int) hints, date));
    }
}

/* Fills s->p with every valid field of a progress file already read. */
static void
salvage_progress (XqSalvage *s, const char *path, const char *learner)
{
  g_autofree char *file = g_path_get_basename (path);
  g_autoptr(XqJsonReader) rd = xq_json_reader_new (file, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_IO);
  JsonObject *obj = NULL, *stars = NULL, *results = NULL;
  JsonNode *root;
  gint64 format = 0;
  const char *who = NULL, *name = NULL;

  s->p = xq_progress_new (learner, NULL);
  if (s->state != XQ_SALVAGE_PERFECT)
    return;
  root = parse_json (rd, s);
  if (root == NULL || !xq_json_node_object (rd, root, "$", G_MAXUINT, &obj))
    {
      s->unreadable = TRUE;
      s->state = XQ_SALVAGE_DAMAGED;
      goto out;
    }
  if (xq_json_get_int (rd, obj, "$", "format", XQ_JSON_REQUIRED, G_MININT64, G_MAXINT64, &format) &&
      format != 1)
    xq_json_reader_problem (rd, "$.format", _("not format 1, the only one this version reads"));
  if (xq_json_get_string (rd, obj, "$", "learner", XQ_JSON_REQUIRED, &who) &&
      strcmp (who, learner) != 0)
    xq_json_reader_problem (rd, "$.learner", _("not “%s”"), learner);
  if (xq_json_get_string (rd, obj, "$", "name", XQ_JSON_REQUIRED, &name) && !name_usable (name))
    xq_json_reader_problem (rd, "$.name", _("not a name"));
  else if (name != NULL)
    {
      g_free (s->p->name);
      s->p->name = g_strdup (xq_progress_name_is_default (learner, name) ? xq_progress_unnamed (learner) : name);
      s->name_ok = TRUE;
      /* Saved translated or after the id: written again the stable way. */
      s->old_name = xq_progress_name_is_default (learner, name) && strcmp (name, XQ_PROGRESS_DEFAULT_NAME) != 0;
    }
  if (xq_json_get_object (rd, obj, "$", "stars", XQ_JSON_REQUIRED, G_MAXUINT, &stars))
    {
      g_autoptr(GList) members = json_object_get_members (stars);

      for (GList *l = members; l != NULL; l = l->next)
        {
          const char *key = l->data;
          g_autofree char *where = xq_json_path_key ("$.stars", key);
          const char *slash = strchr (key, '/');
          gint64 n = 0;

          if (slash == NULL || slash == key || slash[1] == '\0')
            {
              xq_json_reader_problem (rd, where, _("not “unit/exercise”"));
              s->dropped++;
              continue;
            }
          if (!xq_json_node_int (rd, json_object_get_member (stars, key), where, 1, 3, &n))
            {
              s->dropped++;
              continue;
            }
          g_hash_table_replace (s->p->stars, g_strdup (key), GINT_TO_POINTER ((int) n));
        }
    }
  /* Optional: files from before hints and dates were kept have none. */
  if (xq_json_get_object (rd, obj, "$", "results", XQ_JSON_OPTIONAL, G_MAXUINT, &results) &&
      results != NULL)
    salvage_results (s, rd, results);
  /* Optional: read aloud by itself (absent: no). */
  {
    gboolean speak = FALSE;

    if (xq_json_get_bool (rd, obj, "$", "speak", XQ_JSON_OPTIONAL, &speak))
      s->p->speak = speak;
  }
  /* Saved before a unit was split: the moved exercises' keys are renamed
   * here, so every reader (the window, the class, xqtool) sees them. */
  xq_progress_apply_moves (s->p);
out:
  /* The reader's problems are the file's. */
  if (xq_json_reader_get_n_problems (rd) > 0)
    {
      s->n_problems += xq_json_reader_get_n_problems (rd);
      if (s->problem == NULL)
        s->problem = g_strdup (xq_json_reader_get_first_problem (rd));
      s->state = XQ_SALVAGE_DAMAGED;
    }
}

gboolean
xq_salvage_read_progress (const char *path, const char *learner, XqSalvage *s, GError **error)
{
  if (!xq_salvage_read_bytes (path, s, error))
    return FALSE;
  if (s->state == XQ_SALVAGE_PERFECT)
    salvage_progress (s, path, learner);
  else if (s->state == XQ_SALVAGE_DAMAGED)
    s->p = xq_progress_new (learner, NULL);
  return TRUE;
}

XqProgress *
xq_progress_load_data (const char *data, gsize length, const char *learner, const char *file_name,
                       guint *problems, char **first)
{
  XqSalvage s = { 0 };
  XqProgress *p = NULL;

  g_return_val_if_fail (data != NULL && learner != NULL && file_name != NULL, NULL);
  if (length > XQ_SAFE_FILE_MAX_SIZE)
    {
      s.unreadable = TRUE;
      xq_salvage_problem (&s, file_name, "more than %d bytes", XQ_SAFE_FILE_MAX_SIZE);
    }
  else
    {
      s.data = g_malloc (length + 1);
      memcpy (s.data, data, length);
      s.data[length] = '\0';
      s.length = length;
      s.state = XQ_SALVAGE_PERFECT;
      salvage_progress (&s, file_name, learner);
    }
  if (problems != NULL)
    *problems = s.n_problems;
  if (first != NULL)
    *first = g_strdup (s.problem);
  if (!s.unreadable)
    p = g_steal_pointer (&s.p);
  xq_salvage_clear (&s);
  return p;
}

/* ---- Writing ------------------------------------------------------------------ */

char *
xq_progress_serialize (const XqProgress *progress)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(GList) keys = g_hash_table_get_keys (progress->stars);

  /* Sorted keys keep the file stable, so saving twice writes the same bytes. */
  keys = g_list_sort (keys, (GCompareFunc) strcmp);
  xq_json_file_begin_learner (b, progress->learner);
  json_builder_set_member_name (b, "name");
  json_builder_add_string_value (b, xq_progress_name_is_default (progress->learner, progress->name)
                                      ? XQ_PROGRESS_DEFAULT_NAME : progress->name);
  json_builder_set_member_name (b, "stars");
  json_builder_begin_object (b);
  for (GList *l = keys; l != NULL; l = l->next)
    {
      json_builder_set_member_name (b, l->data);
      json_builder_add_int_value (b, GPOINTER_TO_INT (g_hash_table_lookup (progress->stars, l->data)));
    }
  json_builder_end_object (b);
  if (g_hash_table_size (progress->results) > 0)
    {
      json_builder_set_member_name (b, "results");
      json_builder_begin_object (b);
      for (GList *l = keys; l != NULL; l = l->next)
        {
          const XqProgressResult *r = g_hash_table_lookup (progress->results, l->data);

          if (r == NULL)
            continue;
          json_builder_set_member_name (b, l->data);
          json_builder_begin_object (b);
          if (r->hints >= 0)
            {
              json_builder_set_member_name (b, "hints");
              json_builder_add_int_value (b, r->hints);
            }
          if (r->date[0] != '\0')
            {
              json_builder_set_member_name (b, "date");
              json_builder_add_string_value (b, r->date);
            }
          json_builder_end_object (b);
        }
      json_builder_end_object (b);
    }
  /* Written only when on: a profile that never asked keeps its bytes. */
  if (progress->speak)
    {
      json_builder_set_member_name (b, "speak");
      json_builder_add_boolean_value (b, TRUE);
    }
  json_builder_end_object (b);
  return xq_json_file_text (b, NULL);
}

gboolean
xq_progress_write_file (const char *path, const char *data, GError **error)
{
  g_autoptr(GError) local = NULL;

  if (xq_safe_file_write (path, data, -1, &local))
    return TRUE;
  g_set_error (error, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_IO, "%s", local->message);
  return FALSE;
}

/* Adds the stars of from that beat those of into, each with its result;
 * for equal stars a known result fills in one not known. */
gboolean
xq_progress_merge_stars (XqProgress *into, const XqProgress *from)
{
  GHashTableIter iter;
  gpointer key, value;
  gboolean added = FALSE;

  g_hash_table_iter_init (&iter, from->stars);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      int have = GPOINTER_TO_INT (g_hash_table_lookup (into->stars, key));
      const XqProgressResult *r = g_hash_table_lookup (from->results, key);

      if (have < GPOINTER_TO_INT (value))
        {
          g_hash_table_replace (into->stars, g_strdup (key), value);
          xq_progress_set_result (into, key, xq_progress_result_copy (r));
          added = TRUE;
        }
      else if (have == GPOINTER_TO_INT (value) && r != NULL && !g_hash_table_contains (into->results, key))
        xq_progress_set_result (into, key, xq_progress_result_copy (r));
    }
  return added;
}

/* What a damaged file and its backup give together: the file's valid
 * fields first, the backup for the rest (stars only ever grow, so the
 * better of the two is the later). */
XqProgress *
xq_salvage_combine (const char *learner, const XqSalvage *main, const XqSalvage *backup, gboolean *from_backup)
{
  XqProgress *p = xq_progress_new (learner, NULL);

  *from_backup = FALSE;
  if (main->p != NULL)
    {
      xq_progress_merge_stars (p, main->p);
      if (main->name_ok)
        {
          g_free (p->name);
          p->name = g_strdup (main->p->name);
        }
      p->speak = main->p->speak;
    }
  if (backup->p != NULL && backup->state != XQ_SALVAGE_MISSING)
    {
      *from_backup |= xq_progress_merge_stars (p, backup->p);
      if (!main->name_ok && backup->name_ok)
        {
          g_free (p->name);
          p->name = g_strdup (backup->p->name);
          *from_backup = TRUE;
        }
      if (main->p == NULL)
        p->speak = backup->p->speak;
    }
  return p;
}

/* Moves a damaged file out of the way; NULL (logged) if it cannot be. */
char *
xq_progress_set_aside (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *moved = xq_safe_file_set_aside (path, &error);

  if (moved == NULL)
    g_warning ("Could not set the damaged %s aside: %s", path, error->message);
  return moved;
}

/* Replaces path with data, keeping the file it replaces as the backup if
 * that one was good.  A damaged file is never replaced: it was set aside
 * before this is called, and a damaged backup is set aside here. */
gboolean
xq_progress_replace_with_backup (const char *path, const XqSalvage *old, const XqSalvage *old_backup,
                     const char *data, GError **error)
{
  g_autofree char *backup = g_strconcat (path, ".bak", NULL);
  gboolean backup_there = old_backup->state != XQ_SALVAGE_MISSING;

  if (old_backup->state == XQ_SALVAGE_DAMAGED)
    {
      g_autofree char *moved = xq_progress_set_aside (backup);
      if (moved == NULL)
        {
          g_set_error (error, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_IO,
                       _("The damaged %s cannot be moved aside"), backup);
          return FALSE;
        }
      backup_there = FALSE;
    }
  if (old->state == XQ_SALVAGE_PERFECT && !(backup_there && old_backup->length == old->length &&
                                      memcmp (old_backup->data, old->data, old->length) == 0))
    {
      if (!xq_progress_write_file (backup, old->data, error))
        return FALSE;
      backup_there = TRUE;
    }
  if (!(old->state == XQ_SALVAGE_PERFECT && strcmp (old->data, data) == 0) && !xq_progress_write_file (path, data, error))
    return FALSE;
  /* The first save has a backup too: a file damaged before the second
   * save must not take everything with it. */
  return backup_there || xq_progress_write_file (backup, data, error);
}

/* Writes a repaired file and makes it the backup too: it holds all the
 * backup held.  A damaged backup is set aside first. */
void
xq_progress_write_repaired (const char *path, const XqSalvage *old_backup, const char *data)
{
  g_autofree char *backup = g_strconcat (path, ".bak", NULL);
  g_autoptr(GError) error = NULL;

  if (old_backup->state == XQ_SALVAGE_DAMAGED)
    {
      g_autofree char *moved = xq_progress_set_aside (backup);
      if (moved == NULL)
        return;
    }
  if (!xq_progress_write_file (path, data, &error) || !xq_progress_write_file (backup, data, &error))
    g_warning ("Could not write the repaired %s: %s", path, error->message);
}

/* A damaged file found on loading: sets the file the notice is about
 * aside and, if it moved, writes data as the repaired path and its
 * backup at once, so the notice is given once; then gives the notice.
 * Left in place if it could not be moved. */
void
xq_progress_repair (XqProgressStore *store, XqProgressNotice *notice, const char *path,
                    const XqSalvage *old_backup, const char *data)
{
  g_autofree char *moved = xq_progress_set_aside (notice->path);

  notice->set_aside = g_strdup (moved);
  if (moved != NULL)
    xq_progress_write_repaired (path, old_backup, data);
  xq_progress_emit_notice (store, notice);
}

/* A damaged file found on saving, set aside before it is saved over and
 * the notice given.  FALSE (the save stops) if it could not be moved. */
gboolean
xq_progress_set_aside_damaged (XqProgressStore *store, XqProgressNotice *notice, GError **error)
{
  g_autofree char *path = g_strdup (notice->path);
  g_autofree char *moved = xq_progress_set_aside (path);

  notice->set_aside = g_strdup (moved);
  xq_progress_emit_notice (store, notice);
  if (moved != NULL)
    return TRUE;
  g_set_error (error, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_IO, _("The damaged %s cannot be moved aside"), path);
  return FALSE;
}

/* Rewrites a whole profile that keeps the default learner's name
 * translated (or as its id), the old file becoming the backup as in any
 * save.  If it cannot be written the profile stays as it was: it still
 * reads the same. */
void
xq_progress_migrate_name (const char *path, const XqSalvage *old, const XqProgress *progress)
{
  g_autofree char *backup = g_strconcat (path, ".bak", NULL);
  g_autofree char *data = xq_progress_serialize (progress);
  g_autoptr(GError) error = NULL;
  XqSalvage back = { 0 };

  if (!xq_salvage_read_progress (backup, progress->learner, &back, &error) ||
      !xq_progress_replace_with_backup (path, old, &back, data, &error))
    g_message ("Could not rewrite the default learner's name in %s: %s", path, error->message);
  xq_salvage_clear (&back);
}
