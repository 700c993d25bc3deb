/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-class"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-class.h"
#include "xq-csv.h"
#include "xq-class-report.h"
#include "xq-lesson.h"
#include "xq-review.h"
#include "xq-safe-file.h"

/* ---- Ids --------------------------------------------------------------------- */

static gboolean
id_in (GPtrArray *ids, const char *id)
{
  for (guint i = 0; ids != NULL && i < ids->len; i++)
    if (strcmp (g_ptr_array_index (ids, i), id) == 0)
      return TRUE;
  return FALSE;
}

char *
xq_class_make_id (XqProgressStore *store, const char *name, GPtrArray *taken)
{
  g_autoptr(GString) base = g_string_new (NULL);
  g_autoptr(GPtrArray) existing = NULL;

  g_return_val_if_fail (store != NULL && name != NULL, NULL);
  existing = xq_progress_store_list (store);
  for (const char *p = name; *p; p++)
    {
      char c = g_ascii_tolower (*p);
      if (g_ascii_isalnum (c) && !(*p & 0x80))
        g_string_append_c (base, c);
      else if (base->len > 0 && base->str[base->len - 1] != '-')
        g_string_append_c (base, '-');
      if (base->len >= 24)
        break;
    }
  while (base->len > 0 && base->str[base->len - 1] == '-')
    g_string_truncate (base, base->len - 1);
  if (base->len == 0)
    g_string_assign (base, XQ_PROGRESS_DEFAULT_LEARNER);

  for (int n = 1; ; n++)
    {
      g_autofree char *id = n == 1 ? g_strdup (base->str) : g_strdup_printf ("%s-%d", base->str, n);

      /* The default profile's id is its own even before it is saved: a
       * name in another script must not take over what it earned. */
      if (!id_in (existing, id) && !id_in (taken, id) && strcmp (id, XQ_PROGRESS_DEFAULT_LEARNER) != 0)
        return g_steal_pointer (&id);
    }
}

/* ---- Class lists ------------------------------------------------------------- */

void
xq_class_list_entry_free (XqClassListEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->name);
  g_free (entry->learner);
  g_free (entry);
}

char *
xq_class_list_entry_describe (const XqClassListEntry *entry)
{
  const char *what = NULL;

  g_return_val_if_fail (entry != NULL, NULL);
  switch (entry->status)
    {
    case XQ_CLASS_NAME_ADDED:
      what = _("added");
      break;
    case XQ_CLASS_NAME_REPEATED:
      what = _("already earlier in the list, not added again");
      break;
    case XQ_CLASS_NAME_PRESENT:
      what = _("already in the class, not added again");
      break;
    case XQ_CLASS_NAME_TOO_LONG:
      what = _("longer than 64 characters, not added");
      break;
    case XQ_CLASS_NAME_BAD:
      what = _("holds control characters, not added");
      break;
    case XQ_CLASS_NAME_TOO_MANY:
      what = _("past 500 names, not added");
      break;
    default:
      g_return_val_if_reached (NULL);
    }
  /* Translators: "line 3: Mei: added"; %u is a line number, the first %s a name */
  return g_strdup_printf (_("line %u: %s: %s"), entry->line, entry->name, what);
}

static gboolean
has_control (const char *name)
{
  for (const char *p = name; *p; p = g_utf8_next_char (p))
    if (g_unichar_iscntrl (g_utf8_get_char (p)))
      return TRUE;
  return FALSE;
}

GPtrArray *
xq_class_add_list_data (XqProgressStore *store, const char *data, gsize length,
                        const char *file_name, GError **error)
{
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_class_list_entry_free);
  g_autoptr(GHashTable) present = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) ids = NULL;
  g_autoptr(GPtrArray) taken = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  const char *bad = NULL;
  guint added = 0;

  g_return_val_if_fail (store != NULL && (data != NULL || length == 0), NULL);
  if (file_name == NULL)
    file_name = "class list";
  if (length > XQ_CLASS_LIST_MAX_BYTES)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, _("%s: larger than %d KiB, not a class list"),
                   file_name, XQ_CLASS_LIST_MAX_BYTES / 1024);
      return NULL;
    }
  if (!g_utf8_validate_len (data, length, &bad))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, _("%s: byte %lu: not UTF-8 text"),
                   file_name, (unsigned long) (bad - data));
      return NULL;
    }
  text = g_strndup (data, length);
  /* A byte order mark some editors write is not part of the first name. */
  lines = g_strsplit (g_str_has_prefix (text, "\xEF\xBB\xBF") ? text + 3 : text, "\n", -1);

  ids = xq_progress_store_list (store);
  for (guint i = 0; i < ids->len; i++)
    {
      const char *id = g_ptr_array_index (ids, i);
      g_autoptr(XqProgress) p = xq_progress_store_load (store, id, NULL);
      if (p != NULL)
        g_hash_table_insert (present, g_strdup (p->name), g_strdup (id));
    }

  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *name = g_strstrip (lines[i]);
      XqClassListEntry *e;

      if (*name == '\0')
        continue;
      e = g_new0 (XqClassListEntry, 1);
      e->line = i + 1;
      g_ptr_array_add (entries, e);
      if (g_utf8_strlen (name, -1) > XQ_CLASS_NAME_MAX)
        {
          g_autofree char *cut = g_utf8_substring (name, 0, XQ_CLASS_NAME_MAX);
          e->name = g_strconcat (cut, "…", NULL);
          e->status = XQ_CLASS_NAME_TOO_LONG;
          continue;
        }
      e->name = g_strdup (name);
      if (has_control (name))
        e->status = XQ_CLASS_NAME_BAD;
      else if (g_hash_table_contains (seen, e->name))
        e->status = XQ_CLASS_NAME_REPEATED;
      else if (g_hash_table_contains (present, e->name))
        {
          e->status = XQ_CLASS_NAME_PRESENT;
          e->learner = g_strdup (g_hash_table_lookup (present, e->name));
        }
      else if (added >= XQ_CLASS_LIST_MAX_NAMES)
        e->status = XQ_CLASS_NAME_TOO_MANY;
      else
        {
          e->status = XQ_CLASS_NAME_ADDED;
          e->learner = xq_class_make_id (store, e->name, taken);
          g_ptr_array_add (taken, g_strdup (e->learner));
          added++;
        }
      g_hash_table_add (seen, e->name);
    }

  /* Written only once the whole list was read: a bad file adds no one. */
  for (guint i = 0; i < entries->len; i++)
    {
      XqClassListEntry *e = g_ptr_array_index (entries, i);
      g_autoptr(XqProgress) p = NULL;

      if (e->status != XQ_CLASS_NAME_ADDED)
        continue;
      p = xq_progress_new (e->learner, e->name);
      if (!xq_progress_store_save (store, p, error))
        return NULL;
    }
  return g_steal_pointer (&entries);
}

GPtrArray *
xq_class_add_list (XqProgressStore *store, const char *path, GError **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (store != NULL && path != NULL, NULL);
  /* One byte over the limit is enough to know it is too big. */
  if (!xq_safe_file_read (path, XQ_CLASS_LIST_MAX_BYTES + 1, &data, &length, error))
    return NULL;
  return xq_class_add_list_data (store, data, length, path, error);
}

/* ---- Results ---------------------------------------------------------------- */

static void
row_free (XqClassRow *row)
{
  g_free (row->learner);
  g_free (row->name);
  g_free (row->unit);
  g_free (row->exercise);
  g_free (row);
}

static int
compare_keys (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

GPtrArray *
xq_class_results (XqProgressStore *store, GDateTime *now, GError **error)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) row_free);
  g_autoptr(GPtrArray) ids = NULL;

  g_return_val_if_fail (store != NULL && now != NULL, NULL);
  ids = xq_progress_store_list (store);
  for (guint i = 0; i < ids->len; i++)
    {
      const char *id = g_ptr_array_index (ids, i);
      g_autoptr(XqProgress) p = xq_progress_store_load (store, id, error);
      g_autoptr(GPtrArray) keys = NULL;
      g_autoptr(XqReview) review = NULL;
      int streak, best, solved = 0;
      guint due;

      if (p == NULL || !xq_progress_store_load_streak (store, id, &streak, &best, error))
        return NULL;
      /* A damaged queue is salvaged by loading it; only an unreadable one
       * stops the export. */
      review = xq_review_load (xq_progress_store_get_dir (store), id, NULL, error);
      if (review == NULL)
        return NULL;
      due = xq_review_count_due (review, now);
      keys = g_ptr_array_new ();
      {
        GHashTableIter iter;
        gpointer key;

        g_hash_table_iter_init (&iter, p->stars);
        while (g_hash_table_iter_next (&iter, &key, NULL))
          g_ptr_array_add (keys, key);
      }
      g_ptr_array_sort (keys, compare_keys);
      for (guint k = 0; k < keys->len; k++)
        solved += g_str_has_prefix (g_ptr_array_index (keys, k), XQ_PROGRESS_PUZZLE_UNIT "/");
      for (guint k = 0; k <= keys->len; k++)
        {
          XqClassRow *row;
          const char *key;
          const XqProgressResult *r;

          /* A learner with no result still gets a row. */
          if (k == keys->len && keys->len > 0)
            break;
          row = g_new0 (XqClassRow, 1);
          row->learner = g_strdup (id);
          row->name = g_strdup (p->name);
          row->hints = -1;
          row->puzzles_solved = solved;
          row->streak = streak;
          row->best_streak = best;
          row->review_due = (int) due;
          g_ptr_array_add (rows, row);
          if (k == keys->len)
            break;
          key = g_ptr_array_index (keys, k);
          row->unit = g_strndup (key, strchr (key, '/') - key);
          row->exercise = g_strdup (strchr (key, '/') + 1);
          row->stars = GPOINTER_TO_INT (g_hash_table_lookup (p->stars, key));
          r = g_hash_table_lookup (p->results, key);
          if (r != NULL)
            {
              row->hints = r->hints;
              g_strlcpy (row->date, r->date, sizeof row->date);
            }
        }
    }
  return g_steal_pointer (&rows);
}

char *
xq_class_results_csv (GPtrArray *rows)
{
  GString *out = g_string_new ("learner,name,unit,exercise,stars,hints,date,puzzles_solved,streak,"
                                "best_streak,review_due\r\n");

  g_return_val_if_fail (rows != NULL, NULL);
  for (guint i = 0; i < rows->len; i++)
    {
      const XqClassRow *row = g_ptr_array_index (rows, i);

      xq_csv_add_text (out, row->learner, FALSE);
      xq_csv_add_text (out, row->name, FALSE);
      xq_csv_add_text (out, row->unit, FALSE);
      xq_csv_add_text (out, row->exercise, FALSE);
      xq_csv_add_number (out, row->stars, row->unit != NULL, FALSE);
      xq_csv_add_number (out, row->hints, row->unit != NULL && row->hints >= 0, FALSE);
      xq_csv_add_text (out, row->date, FALSE);
      xq_csv_add_number (out, row->puzzles_solved, TRUE, FALSE);
      xq_csv_add_number (out, row->streak, TRUE, FALSE);
      xq_csv_add_number (out, row->best_streak, TRUE, FALSE);
      xq_csv_add_number (out, row->review_due, TRUE, TRUE);
    }
  return g_string_free (out, FALSE);
}

gboolean
xq_class_export_csv (XqProgressStore *store, GDateTime *now, const char *path, GError **error)
{
  g_autoptr(GPtrArray) rows = NULL;
  g_autofree char *csv = NULL;

  g_return_val_if_fail (store != NULL && now != NULL && path != NULL, FALSE);
  rows = xq_class_results (store, now, error);
  if (rows == NULL)
    return FALSE;
  csv = xq_class_results_csv (rows);
  return xq_safe_file_write (path, csv, -1, error);
}

/* ---- The report ------------------------------------------------------------- */

gboolean
xq_class_write_report (XqProgressStore *store, const char *lessons_dir, const char *title,
                       const char *path, GError **error)
{
  g_autoptr(XqClassReport) report = NULL;
  g_autoptr(GPtrArray) ids = NULL;
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  g_autoptr(GPtrArray) files = NULL;
  g_autoptr(GPtrArray) units = g_ptr_array_new ();

  g_return_val_if_fail (store != NULL && path != NULL, FALSE);
  /* A unit that does not load is left out; the others still count. */
  files = xq_lesson_load_dir (lessons_dir ? lessons_dir : xq_lesson_default_dir (), problems);
  for (guint i = 0; i < files->len; i++)
    {
      XqLessonFile *f = g_ptr_array_index (files, i);
      if (f->type == XQ_LESSON_FILE_UNIT)
        g_ptr_array_add (units, f->unit);
    }
  report = xq_class_report_new (title ? title : _("Class Report"));
  for (guint u = 0; u < units->len; u++)
    {
      const XqUnit *unit = g_ptr_array_index (units, u);
      xq_class_report_add_unit (report, unit->title, (int) unit->exercises->len);
    }
  ids = xq_progress_store_list (store);
  for (guint i = 0; i < ids->len; i++)
    {
      g_autoptr(XqProgress) p = xq_progress_store_load (store, g_ptr_array_index (ids, i), error);
      guint row;

      if (p == NULL)
        return FALSE;
      row = xq_class_report_add_learner (report, p->name);
      for (guint u = 0; u < units->len; u++)
        {
          const XqUnit *unit = g_ptr_array_index (units, u);
          int stars = 0, done = 0;

          /* Only the unit's exercises of today: a result of one since
           * removed does not count. */
          for (guint e = 0; e < unit->exercises->len; e++)
            {
              const XqExercise *ex = g_ptr_array_index (unit->exercises, e);
              int s = xq_progress_get_stars (p, unit->id, ex->id);
              stars += s;
              done += s > 0;
            }
          xq_class_report_set (report, row, u, stars, done);
        }
    }
  return xq_class_report_write_pdf (report, path, error);
}
