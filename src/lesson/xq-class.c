/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-class"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-class.h"
#include "xq-csv.h"
#include "xq-class-report.h"
#include "xq-lesson.h"
#include "xq-pack.h"
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

/* Keys in unit order: the rank of each "unit/exercise" of units, keys
 * of no unit after them by unit id, then exercise id. */
static int
compare_ranked (gconstpointer a, gconstpointer b, gpointer data)
{
  const char *ka = *(const char *const *) a, *kb = *(const char *const *) b;
  gpointer ra = NULL, rb = NULL;
  gboolean has_a = data && g_hash_table_lookup_extended (data, ka, NULL, &ra);
  gboolean has_b = data && g_hash_table_lookup_extended (data, kb, NULL, &rb);

  if (has_a && has_b)
    return GPOINTER_TO_INT (ra) - GPOINTER_TO_INT (rb);
  if (has_a != has_b)
    return has_a ? -1 : 1;
  return strcmp (ka, kb);
}

GPtrArray *
xq_class_results (XqProgressStore *store, GPtrArray *units, GDateTime *now, GError **error)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) row_free);
  g_autoptr(GPtrArray) ids = NULL;
  g_autoptr(GHashTable) rank = NULL;

  g_return_val_if_fail (store != NULL && now != NULL, NULL);
  if (units != NULL)
    {
      int n = 0;

      rank = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      for (guint u = 0; u < units->len; u++)
        {
          const XqClassUnit *unit = g_ptr_array_index (units, u);
          for (guint e = 0; e < unit->items->len; e++)
            {
              char *key = g_strconcat (unit->unit, "/", (const char *) g_ptr_array_index (unit->items, e), NULL);
              if (g_hash_table_contains (rank, key))
                g_free (key);
              else
                g_hash_table_insert (rank, key, GINT_TO_POINTER (n++));
            }
        }
    }
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
      g_ptr_array_sort_with_data (keys, compare_ranked, rank);
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
xq_class_export_csv (XqProgressStore *store, GPtrArray *units, GDateTime *now, const char *path,
                     GError **error)
{
  g_autoptr(GPtrArray) rows = NULL;
  g_autofree char *csv = NULL;

  g_return_val_if_fail (store != NULL && now != NULL && path != NULL, FALSE);
  rows = xq_class_results (store, units, now, error);
  if (rows == NULL)
    return FALSE;
  csv = xq_class_results_csv (rows);
  return xq_safe_file_write (path, csv, -1, error);
}

/* ---- The report ------------------------------------------------------------- */

void
xq_class_unit_free (XqClassUnit *unit)
{
  if (unit == NULL)
    return;
  g_free (unit->unit);
  g_free (unit->id);
  g_free (unit->title);
  g_ptr_array_unref (unit->items);
  g_free (unit);
}

static gboolean
unit_listed (GPtrArray *units, XqClassUnitKind kind, const char *id)
{
  for (guint i = 0; i < units->len; i++)
    {
      const XqClassUnit *u = g_ptr_array_index (units, i);
      if ((u->kind == XQ_CLASS_UNIT_PUZZLES) == (kind == XQ_CLASS_UNIT_PUZZLES) && strcmp (u->id, id) == 0)
        return TRUE;
    }
  return FALSE;
}

static int
compare_lesson_units (gconstpointer a, gconstpointer b)
{
  const XqUnit *ua = *(XqUnit * const *) a;
  const XqUnit *ub = *(XqUnit * const *) b;

  return ua->number != ub->number ? (ua->number > ub->number) - (ua->number < ub->number)
                                  : strcmp (ua->id, ub->id);
}

/* Appends the lesson units of dir (taken from their files) in number
 * order, leaving out ids already in units (XqUnit*). */
static void
add_lesson_units (GPtrArray *units, const char *dir, GPtrArray *problems)
{
  g_autoptr(GPtrArray) files = NULL;
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    return;
  files = xq_lesson_load_dir (dir, problems);
  for (guint i = 0; i < files->len; i++)
    {
      XqLessonFile *f = g_ptr_array_index (files, i);
      gboolean known = FALSE;

      if (f->type != XQ_LESSON_FILE_UNIT || f->unit == NULL)
        continue;
      for (guint k = 0; k < units->len && !known; k++)
        known = strcmp (((XqUnit *) g_ptr_array_index (units, k))->id, f->unit->id) == 0;
      for (guint k = 0; k < found->len && !known; k++)
        known = strcmp (((XqUnit *) g_ptr_array_index (found, k))->id, f->unit->id) == 0;
      if (!known)
        g_ptr_array_add (found, g_steal_pointer (&f->unit));
    }
  g_ptr_array_sort (found, compare_lesson_units);
  for (guint i = 0; i < found->len; i++)
    g_ptr_array_add (units, g_ptr_array_index (found, i));
}

GPtrArray *
xq_class_lesson_units_load (const char *lessons_dir, const char *own_dir, guint *n_curriculum,
                            GPtrArray *problems)
{
  GPtrArray *units = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_unit_free);
  g_autofree char *own = own_dir ? g_strdup (own_dir) : xq_pack_user_units_dir ();

  g_return_val_if_fail (problems != NULL, units);
  add_lesson_units (units, lessons_dir ? lessons_dir : xq_lesson_default_dir (), problems);
  if (n_curriculum != NULL)
    *n_curriculum = units->len;
  add_lesson_units (units, own, problems);
  return units;
}

static XqClassUnit *
class_unit_new (XqClassUnitKind kind, const char *unit, const char *id, const char *title)
{
  XqClassUnit *u = g_new0 (XqClassUnit, 1);

  u->kind = kind;
  u->unit = g_strdup (unit);
  u->id = g_strdup (id);
  u->title = g_strdup (title);
  u->items = g_ptr_array_new_with_free_func (g_free);
  return u;
}

/* Appends the puzzle packs of dir in file-name order. */
static void
add_packs (GPtrArray *units, const char *dir, GPtrArray *problems)
{
  g_autoptr(GPtrArray) files = NULL;

  if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    return;
  files = xq_lesson_load_dir (dir, problems);
  for (guint i = 0; i < files->len; i++)
    {
      const XqLessonFile *f = g_ptr_array_index (files, i);
      XqClassUnit *u;

      if (f->type != XQ_LESSON_FILE_PACK || f->pack == NULL || unit_listed (units, XQ_CLASS_UNIT_PUZZLES, f->pack->id))
        continue;
      u = class_unit_new (XQ_CLASS_UNIT_PUZZLES, XQ_PROGRESS_PUZZLE_UNIT, f->pack->id, f->pack->title);
      for (guint p = 0; p < f->pack->puzzles->len; p++)
        g_ptr_array_add (u->items, g_strdup (((const XqPuzzle *) g_ptr_array_index (f->pack->puzzles, p))->id));
      g_ptr_array_add (units, u);
    }
}

GPtrArray *
xq_class_units_load (const char *lessons_dir, const char *own_dir, GPtrArray *problems)
{
  GPtrArray *units = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_class_unit_free);
  g_autofree char *own = own_dir ? g_strdup (own_dir) : xq_pack_user_units_dir ();
  g_autofree char *puzzles = NULL;
  const char *lessons = lessons_dir ? lessons_dir : xq_lesson_default_dir ();
  g_autoptr(GPtrArray) lesson_units = NULL;
  guint n_curriculum = 0;

  g_return_val_if_fail (problems != NULL, units);
  lesson_units = xq_class_lesson_units_load (lessons, own, &n_curriculum, problems);
  for (guint i = 0; i < lesson_units->len; i++)
    {
      const XqUnit *unit = g_ptr_array_index (lesson_units, i);
      XqClassUnit *u = class_unit_new (i < n_curriculum ? XQ_CLASS_UNIT_CURRICULUM : XQ_CLASS_UNIT_OWN,
                                       unit->id, unit->id, unit->title);

      for (guint e = 0; e < unit->exercises->len; e++)
        g_ptr_array_add (u->items, g_strdup (((const XqExercise *) g_ptr_array_index (unit->exercises, e))->id));
      g_ptr_array_add (units, u);
    }
  puzzles = g_build_filename (lessons, "puzzles", NULL);
  add_packs (units, puzzles, problems);
  add_packs (units, lessons, problems);
  add_packs (units, own, problems);
  return units;
}

GPtrArray *
xq_class_learners_load (XqProgressStore *store, GError **error)
{
  g_autoptr(GPtrArray) learners = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_progress_free);
  g_autoptr(GPtrArray) ids = NULL;

  g_return_val_if_fail (store != NULL, NULL);
  ids = xq_progress_store_list (store);
  for (guint i = 0; i < ids->len; i++)
    {
      XqProgress *p = xq_progress_store_load (store, g_ptr_array_index (ids, i), error);

      if (p == NULL)
        return NULL;
      g_ptr_array_add (learners, p);
    }
  return g_steal_pointer (&learners);
}

static XqClassReportGroup
group_of (XqClassUnitKind kind)
{
  return kind == XQ_CLASS_UNIT_CURRICULUM ? XQ_CLASS_REPORT_CURRICULUM
       : kind == XQ_CLASS_UNIT_OWN ? XQ_CLASS_REPORT_OWN
       : XQ_CLASS_REPORT_PUZZLES;
}

XqClassReport *
xq_class_report_build (GPtrArray *units, GPtrArray *learners, const char *title)
{
  XqClassReport *report;

  g_return_val_if_fail (units != NULL && learners != NULL, NULL);
  report = xq_class_report_new (title ? title : _("Class Report"));
  for (guint u = 0; u < units->len; u++)
    {
      const XqClassUnit *unit = g_ptr_array_index (units, u);
      xq_class_report_add_unit (report, group_of (unit->kind), unit->title, (int) unit->items->len);
    }
  for (guint i = 0; i < learners->len; i++)
    {
      const XqProgress *p = g_ptr_array_index (learners, i);
      guint row = xq_class_report_add_learner (report, p->name);
      const char *last = "";
      GHashTableIter iter;
      gpointer value;

      for (guint u = 0; u < units->len; u++)
        {
          const XqClassUnit *unit = g_ptr_array_index (units, u);
          int stars = 0, done = 0;

          /* Only the unit's exercises of today: a result of one since
           * removed does not count. */
          for (guint e = 0; e < unit->items->len; e++)
            {
              int s = xq_progress_get_stars (p, unit->unit, g_ptr_array_index (unit->items, e));
              stars += s;
              done += s > 0;
            }
          xq_class_report_set (report, row, u, stars, done);
        }
      /* The latest result of any kind, known or not to these units:
       * the last time the learner did something. */
      g_hash_table_iter_init (&iter, p->results);
      while (g_hash_table_iter_next (&iter, NULL, &value))
        {
          const XqProgressResult *r = value;
          if (strcmp (r->date, last) > 0)
            last = r->date;
        }
      xq_class_report_set_last (report, row, last);
    }
  return report;
}

gboolean
xq_class_write_report (XqProgressStore *store, const char *lessons_dir, const char *own_dir,
                       const char *title, const char *path, GError **error)
{
  g_autoptr(XqClassReport) report = NULL;
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  g_autoptr(GPtrArray) units = NULL;
  g_autoptr(GPtrArray) learners = NULL;

  g_return_val_if_fail (store != NULL && path != NULL, FALSE);
  learners = xq_class_learners_load (store, error);
  if (learners == NULL)
    return FALSE;
  /* A unit that does not load is left out; the others still count. */
  units = xq_class_units_load (lessons_dir, own_dir, problems);
  report = xq_class_report_build (units, learners, title);
  return xq_class_report_write_pdf (report, path, error);
}

/* ---- Where a learner is ------------------------------------------------------ */

static int
first_without_stars (const XqUnit *unit, const XqProgress *p)
{
  for (guint e = 0; e < unit->exercises->len; e++)
    if (xq_progress_get_stars (p, unit->id, ((const XqExercise *) g_ptr_array_index (unit->exercises, e))->id) == 0)
      return (int) e;
  return -1;
}

gboolean
xq_class_learner_at (GPtrArray *units, const XqProgress *progress, guint *unit, guint *exercise)
{
  int at = -1, first = -1;
  const char *latest = "";

  g_return_val_if_fail (units != NULL && progress != NULL, FALSE);
  for (guint u = 0; u < units->len; u++)
    {
      const XqUnit *un = g_ptr_array_index (units, u);

      if (un->exercises->len == 0)
        continue;
      if (first < 0)
        first = (int) u;
      for (guint e = 0; e < un->exercises->len; e++)
        {
          const char *ex = ((const XqExercise *) g_ptr_array_index (un->exercises, e))->id;
          const XqProgressResult *r = xq_progress_get_result (progress, un->id, ex);

          if (xq_progress_get_stars (progress, un->id, ex) == 0)
            continue;
          /* The latest date wins; without dates, the last unit with stars. */
          if (r != NULL && strcmp (r->date, latest) > 0)
            {
              latest = r->date;
              at = (int) u;
            }
          else if (latest[0] == '\0')
            at = (int) u;
        }
    }
  if (first < 0)
    return FALSE;
  if (at < 0)
    {
      *unit = (guint) first;
      *exercise = 0;
      return TRUE;
    }
  for (guint u = (guint) at; u < units->len; u++)
    {
      const XqUnit *un = g_ptr_array_index (units, u);
      int e = first_without_stars (un, progress);

      if (e >= 0)
        {
          *unit = u;
          *exercise = (guint) e;
          return TRUE;
        }
    }
  *unit = (guint) at;
  *exercise = ((const XqUnit *) g_ptr_array_index (units, at))->exercises->len - 1;
  return TRUE;
}
