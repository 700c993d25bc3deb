/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-review.c: the Leitner review queue and its file (docs/review.md). */
#define G_LOG_DOMAIN "xq-review"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "xq-json-file.h"
#include "xq-json-reader.h"
#include "xq-exercise.h"
#include "xq-exercise-moves.h"
#include "xq-review.h"
#include "xq-safe-file.h"

G_DEFINE_QUARK (xq-review-error-quark, xq_review_error)

static const int box_days[XQ_REVIEW_N_BOXES] = { 1, 3, 7, 14, 30 };

GDateTime *
xq_review_clock_now (XqReviewClock clock, gpointer user_data)
{
  return clock != NULL ? clock (user_data) : g_date_time_new_now_local ();
}

int
xq_review_box_days (int box)
{
  g_return_val_if_fail (box >= 1 && box <= XQ_REVIEW_N_BOXES, 1);
  return box_days[box - 1];
}

/* The sources' names in the file, in XqReviewSource's order. */
static const char *const source_names[] = { "exercise", "puzzle", NULL };

const char *
xq_review_source_name (XqReviewSource source)
{
  g_return_val_if_fail ((guint) source < G_N_ELEMENTS (source_names) - 1, source_names[0]);
  return source_names[source];
}

int
xq_review_source_from_name (const char *name)
{
  for (int i = 0; source_names[i] != NULL; i++)
    if (g_strcmp0 (name, source_names[i]) == 0)
      return i;
  return -1;
}

/* ---- Days ------------------------------------------------------------------ */

/* now's calendar day as a day number. */
static guint32
day_of (GDateTime *now)
{
  GDate date;
  int y, m, d;

  g_date_time_get_ymd (now, &y, &m, &d);
  g_date_clear (&date, 1);
  g_date_set_dmy (&date, (GDateDay) d, (GDateMonth) m, (GDateYear) y);
  return g_date_get_julian (&date);
}

static void
day_text (guint32 day, char out[11])
{
  GDate date;

  g_date_clear (&date, 1);
  g_date_set_julian (&date, day);
  g_snprintf (out, 11, "%04d-%02d-%02d", g_date_get_year (&date), g_date_get_month (&date),
              g_date_get_day (&date));
}

/* The day a "YYYY-MM-DD" text names (checked by xq_json_date_valid). */
static guint32
text_day (const char *text)
{
  GDate date;

  g_date_clear (&date, 1);
  g_date_set_dmy (&date, (GDateDay) atoi (text + 8), (GDateMonth) atoi (text + 5),
                  (GDateYear) atoi (text));
  return g_date_get_julian (&date);
}

/* ---- The queue ------------------------------------------------------------- */

struct _XqReview
{
  char       *learner;
  GHashTable *items;   /* key -> XqReviewItem* */
  char       *stuck;   /* a damaged file that could not be set aside: never written over */
};

static char *
item_key (XqReviewSource source, const char *unit, const char *id)
{
  return g_strdup_printf ("%d\n%s\n%s", (int) source, unit, id);
}

XqReviewItem *
xq_review_item_copy (const XqReviewItem *item)
{
  XqReviewItem *copy;

  g_return_val_if_fail (item != NULL, NULL);
  copy = g_memdup2 (item, sizeof *item);
  copy->unit = g_strdup (item->unit);
  copy->id = g_strdup (item->id);
  return copy;
}

void
xq_review_item_free (XqReviewItem *item)
{
  if (item == NULL)
    return;
  g_free (item->unit);
  g_free (item->id);
  g_free (item);
}

XqReview *
xq_review_new (const char *learner)
{
  XqReview *r;

  g_return_val_if_fail (learner != NULL, NULL);
  r = g_new0 (XqReview, 1);
  r->learner = g_strdup (learner);
  r->items = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) xq_review_item_free);
  return r;
}

void
xq_review_free (XqReview *review)
{
  if (review == NULL)
    return;
  g_free (review->learner);
  g_hash_table_unref (review->items);
  g_free (review->stuck);
  g_free (review);
}

const char *
xq_review_get_learner (const XqReview *review)
{
  g_return_val_if_fail (review != NULL, NULL);
  return review->learner;
}

guint
xq_review_get_n_items (const XqReview *review)
{
  g_return_val_if_fail (review != NULL, 0);
  return g_hash_table_size (review->items);
}

const XqReviewItem *
xq_review_find (const XqReview *review, XqReviewSource source, const char *unit, const char *id)
{
  g_autofree char *key = NULL;

  g_return_val_if_fail (review != NULL && unit != NULL && id != NULL, NULL);
  key = item_key (source, unit, id);
  return g_hash_table_lookup (review->items, key);
}

gboolean
xq_review_item_is_due (const XqReviewItem *item, GDateTime *now)
{
  g_return_val_if_fail (item != NULL && now != NULL, FALSE);
  return text_day (item->due) <= day_of (now);
}

/* Is a (from the other side) the newer news about one item than b?  A
 * miss b has not seen shows as more misses; with as many misses, the item
 * that moved on further (due later) has seen a clean solve the other has
 * not. */
static gboolean
item_newer (const XqReviewItem *a, const XqReviewItem *b)
{
  int by_due;

  if (a->misses != b->misses)
    return a->misses > b->misses;
  by_due = strcmp (a->due, b->due);
  if (by_due != 0)
    return by_due > 0;
  return a->box > b->box;
}

gboolean
xq_review_merge (XqReview *into, const XqReview *from)
{
  GHashTableIter iter;
  gpointer key, value;
  gboolean changed = FALSE;

  g_return_val_if_fail (into != NULL && from != NULL, FALSE);
  g_hash_table_iter_init (&iter, from->items);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const XqReviewItem *theirs = value;
      XqReviewItem *ours = g_hash_table_lookup (into->items, key);

      if (ours == NULL)
        {
          if (g_hash_table_size (into->items) >= XQ_REVIEW_MAX_ITEMS)
            continue;
          g_hash_table_insert (into->items, g_strdup (key), xq_review_item_copy (theirs));
          changed = TRUE;
          continue;
        }
      if (item_newer (theirs, ours))
        {
          ours->box = theirs->box;
          memcpy (ours->due, theirs->due, sizeof ours->due);
          ours->misses = theirs->misses;
          changed = TRUE;
        }
      if (strcmp (theirs->added, ours->added) < 0)
        {
          memcpy (ours->added, theirs->added, sizeof ours->added);
          changed = TRUE;
        }
    }
  return changed;
}

gboolean
xq_review_record (XqReview *review, XqReviewSource source, const char *unit, const char *id,
                  XqReviewOutcome outcome, GDateTime *now)
{
  g_autofree char *key = NULL;
  XqReviewItem *item;
  guint32 today;

  g_return_val_if_fail (review != NULL && unit != NULL && id != NULL && now != NULL, FALSE);
  g_return_val_if_fail (*unit != '\0' && *id != '\0', FALSE);
  key = item_key (source, unit, id);
  item = g_hash_table_lookup (review->items, key);
  today = day_of (now);
  switch (outcome)
    {
    case XQ_REVIEW_MISSED:
      if (item == NULL)
        {
          if (g_hash_table_size (review->items) >= XQ_REVIEW_MAX_ITEMS)
            {
              /* Bounded file; the item is still in the learner's stars. */
              g_message ("The review queue of %s is full; %s/%s not added", review->learner, unit, id);
              return FALSE;
            }
          item = g_new0 (XqReviewItem, 1);
          item->source = source;
          item->unit = g_strdup (unit);
          item->id = g_strdup (id);
          day_text (today, item->added);
          g_hash_table_insert (review->items, g_steal_pointer (&key), item);
        }
      else if (item->box == 1 && text_day (item->due) == today + 1)
        {
          /* Missed again the same day: already where a miss puts it. */
          item->misses = MIN (item->misses + 1, G_MAXINT - 1);
          return TRUE;
        }
      item->box = 1;
      item->misses = MIN (item->misses + 1, G_MAXINT - 1);
      day_text (today + (guint32) box_days[0], item->due);
      return TRUE;
    case XQ_REVIEW_CLEAN:
      if (item == NULL || text_day (item->due) > today)
        return FALSE;
      if (item->box >= XQ_REVIEW_N_BOXES)
        {
          g_hash_table_remove (review->items, key);
          return TRUE;
        }
      item->box++;
      day_text (today + (guint32) box_days[item->box - 1], item->due);
      return TRUE;
    default:
      g_return_val_if_reached (FALSE);
    }
}

static int
compare_items (gconstpointer a, gconstpointer b)
{
  const XqReviewItem *x = *(const XqReviewItem *const *) a;
  const XqReviewItem *y = *(const XqReviewItem *const *) b;
  int c;

  if ((c = strcmp (x->due, y->due)) != 0)
    return c;
  if (x->box != y->box)
    return x->box - y->box;
  if (x->source != y->source)
    return (int) x->source - (int) y->source;
  if ((c = strcmp (x->unit, y->unit)) != 0)
    return c;
  return strcmp (x->id, y->id);
}

static GPtrArray *
list_items (const XqReview *review, GDateTime *now)
{
  GPtrArray *out = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer value;
  guint32 today = now ? day_of (now) : 0;

  g_hash_table_iter_init (&iter, review->items);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (now == NULL || text_day (((XqReviewItem *) value)->due) <= today)
      g_ptr_array_add (out, value);
  g_ptr_array_sort (out, compare_items);
  return out;
}

GPtrArray *
xq_review_list (const XqReview *review)
{
  g_return_val_if_fail (review != NULL, NULL);
  return list_items (review, NULL);
}

GPtrArray *
xq_review_due (const XqReview *review, GDateTime *now)
{
  g_return_val_if_fail (review != NULL && now != NULL, NULL);
  return list_items (review, now);
}

guint
xq_review_count_due (const XqReview *review, GDateTime *now)
{
  g_autoptr(GPtrArray) due = NULL;

  g_return_val_if_fail (review != NULL && now != NULL, 0);
  due = list_items (review, now);
  return due->len;
}

/* ---- The file -------------------------------------------------------------- */

char *
xq_review_to_data (const XqReview *review)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(GPtrArray) items = NULL;

  g_return_val_if_fail (review != NULL, NULL);
  /* Sorted, so the same queue always gives the same bytes. */
  items = list_items (review, NULL);
  xq_json_file_begin_learner (b, review->learner);
  json_builder_set_member_name (b, "items");
  json_builder_begin_array (b);
  for (guint i = 0; i < items->len; i++)
    {
      const XqReviewItem *item = g_ptr_array_index (items, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "source");
      json_builder_add_string_value (b, xq_review_source_name (item->source));
      json_builder_set_member_name (b, "unit");
      json_builder_add_string_value (b, item->unit);
      json_builder_set_member_name (b, "id");
      json_builder_add_string_value (b, item->id);
      json_builder_set_member_name (b, "box");
      json_builder_add_int_value (b, item->box);
      json_builder_set_member_name (b, "due");
      json_builder_add_string_value (b, item->due);
      json_builder_set_member_name (b, "added");
      json_builder_add_string_value (b, item->added);
      json_builder_set_member_name (b, "misses");
      json_builder_add_int_value (b, item->misses);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  return xq_json_file_text (b, NULL);
}

static const char *const item_keys[] = { "source", "unit", "id", "box", "due", "added", "misses", NULL };
static const char *const file_keys[] = { "format", "learner", "items", NULL };
/* The item at path, or NULL with the problem in rd. */
static XqReviewItem *
read_item (XqJsonReader *rd, JsonNode *node, const char *path)
{
  JsonObject *o = NULL;
  XqReviewItem *item;
  const char *unit = NULL, *id = NULL, *due = NULL, *added = NULL;
  int source = 0;
  gint64 box = 0, misses = 0;

  if (!xq_json_node_object (rd, node, path, G_MAXUINT, &o) ||
      !xq_json_check_keys (rd, o, path, item_keys) ||
      !xq_json_get_choice (rd, o, path, "source", XQ_JSON_REQUIRED, source_names, &source) ||
      !xq_json_get_word (rd, o, path, "unit", XQ_JSON_REQUIRED, XQ_LESSON_MAX_WORD, &unit) ||
      !xq_json_get_word (rd, o, path, "id", XQ_JSON_REQUIRED, XQ_LESSON_MAX_WORD, &id) ||
      !xq_json_get_int (rd, o, path, "box", XQ_JSON_REQUIRED, 1, XQ_REVIEW_N_BOXES, &box) ||
      !xq_json_get_date (rd, o, path, "due", XQ_JSON_REQUIRED, &due) ||
      !xq_json_get_date (rd, o, path, "added", XQ_JSON_REQUIRED, &added) ||
      !xq_json_get_int (rd, o, path, "misses", XQ_JSON_REQUIRED, 1, G_MAXINT - 1, &misses))
    return NULL;
  item = g_new0 (XqReviewItem, 1);
  item->source = (XqReviewSource) source;
  item->unit = g_strdup (unit);
  item->id = g_strdup (id);
  item->box = (int) box;
  item->misses = (int) misses;
  g_strlcpy (item->due, due, sizeof item->due);
  g_strlcpy (item->added, added, sizeof item->added);
  return item;
}

XqReview *
xq_review_load_data (const char *data, gssize length, const char *learner, const char *file_name,
                     guint *problems, char **first, GError **error)
{
  g_autoptr(XqJsonReader) rd = NULL;
  g_autoptr(XqReview) r = NULL;
  gsize len;
  JsonObject *obj;
  JsonArray *items = NULL;

  g_return_val_if_fail (data != NULL && learner != NULL, NULL);
  if (problems != NULL)
    *problems = 0;
  if (first != NULL)
    *first = NULL;
  len = length < 0 ? strlen (data) : (gsize) length;
  rd = xq_json_reader_new (file_name != NULL ? file_name : "<data>", XQ_REVIEW_ERROR,
                           XQ_REVIEW_ERROR_PARSE);
  if ((obj = xq_json_file_read_learner (rd, data, len, XQ_REVIEW_MAX_FILE, learner)) == NULL ||
      !xq_json_get_array (rd, obj, "$", "items", XQ_JSON_REQUIRED, G_MAXUINT, &items))
    return xq_json_reader_propagate (rd, error), NULL;
  r = xq_review_new (learner);
  for (guint i = 0; i < json_array_get_length (items); i++)
    {
      g_autofree char *path = xq_json_path_index ("$.items", i);
      g_autofree char *key = NULL;
      XqReviewItem *item = NULL;
      const char *moved;

      if (g_hash_table_size (r->items) >= XQ_REVIEW_MAX_ITEMS)
        {
          xq_json_reader_problem (rd, path, _("more items than a queue holds"));
          continue;
        }
      if ((item = read_item (rd, json_array_get_element (items, i), path)) == NULL)
        continue;
      moved = item->source == XQ_REVIEW_EXERCISE ? xq_progress_moved_unit (item->unit, item->id) : NULL;
      /* Saved before its unit was split: kept under the new unit; if the
       * queue holds it there too, the one already read stays. */
      if (moved != NULL)
        {
          g_free (item->unit);
          item->unit = g_strdup (moved);
        }
      key = item_key (item->source, item->unit, item->id);
      if (moved != NULL && g_hash_table_contains (r->items, key))
        {
          xq_review_item_free (item);
          continue;
        }
      if (g_hash_table_contains (r->items, key))
        {
          xq_json_reader_problem (rd, path, _("the same item twice"));
          xq_review_item_free (item);
          continue;
        }
      g_hash_table_insert (r->items, g_steal_pointer (&key), item);
    }
  /* A newer version's field: counted, the queue still used. */
  xq_json_check_keys (rd, obj, "$", file_keys);
  if (problems != NULL)
    *problems = xq_json_reader_get_n_problems (rd);
  if (first != NULL)
    *first = g_strdup (xq_json_reader_get_first_problem (rd));
  return g_steal_pointer (&r);
}

char *
xq_review_path (const char *dir, const char *learner)
{
  g_autofree char *base = NULL;

  if (dir == NULL || !xq_json_file_learner_id_valid (learner))
    return NULL;
  base = g_strconcat (learner, ".review.json", NULL);
  return g_build_filename (dir, base, NULL);
}

static gboolean
bad_learner (const char *learner, GError **error)
{
  g_set_error (error, XQ_REVIEW_ERROR, XQ_REVIEW_ERROR_BAD_LEARNER,
               _("“%s” is not a learner id"), learner ? learner : "");
  return FALSE;
}

static gboolean
write_queue (const XqReview *review, const char *dir, const char *path, GError **error)
{
  g_autofree char *data = xq_review_to_data (review);

  return xq_json_file_save (dir, path, data, XQ_REVIEW_ERROR, XQ_REVIEW_ERROR_IO, error);
}

XqReview *
xq_review_load (const char *dir, const char *learner, char **report, GError **error)
{
  g_autofree char *path = xq_review_path (dir, learner);
  g_autofree char *data = NULL;
  g_autofree char *aside = NULL;
  g_autofree char *first = NULL;
  g_autoptr(GError) local = NULL;
  g_autoptr(GError) write_error = NULL;
  g_autoptr(XqReview) r = NULL;
  guint problems = 0;
  gsize len = 0;

  if (report != NULL)
    *report = NULL;
  if (path == NULL)
    return bad_learner (learner, error), NULL;
  xq_safe_file_clean_temps (path);
  if (!xq_safe_file_read (path, XQ_REVIEW_MAX_FILE, &data, &len, &local))
    {
      if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return xq_review_new (learner);
      if (!g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_FAILED))
        {
          g_set_error (error, XQ_REVIEW_ERROR, XQ_REVIEW_ERROR_IO, "%s: %s", path, local->message);
          return NULL;
        }
      /* Too large, or not a file; the message names the file. */
      first = g_strdup (local->message);
    }
  else
    {
      r = xq_review_load_data (data, (gssize) len, learner, path, &problems, &first, &local);
      if (r != NULL && problems == 0)
        return g_steal_pointer (&r);
      if (r == NULL)
        first = g_strdup (local->message);
    }

  /* Damaged: the file is kept aside untouched, what could be read takes
   * its place at once, so the report is given once. */
  aside = xq_safe_file_set_aside (path, NULL);
  if (r == NULL)
    r = xq_review_new (learner);
  if (aside == NULL)
    r->stuck = g_strdup (path);
  else if (!write_queue (r, dir, path, &write_error))
    g_warning ("Could not write the repaired %s: %s", path, write_error->message);
  /* Said once: to the caller that asked for the report, else in the log. */
  if (report == NULL)
    g_message ("%s: damaged (%s); %s", path, first, aside ? aside : "left in place");
  else
    {
      GString *text = g_string_new (NULL);
      guint kept = xq_review_get_n_items (r);

      g_string_append_printf (text, _("The review list could not be read entirely (%s)."), first);
      g_string_append_c (text, ' ');
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u item to review was kept.",
                                                 "%u items to review were kept.", kept), kept);
      if (aside != NULL)
        {
          g_string_append_c (text, ' ');
          g_string_append_printf (text, _("The damaged file was kept as “%s”."), aside);
        }
      *report = g_string_free (text, FALSE);
    }
  return g_steal_pointer (&r);
}

static gboolean
xq_review_save_unlocked (const XqReview *review, const char *dir, GError **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (review != NULL, FALSE);
  path = xq_review_path (dir, review->learner);
  if (path == NULL)
    return bad_learner (review->learner, error);
  if (review->stuck != NULL && strcmp (review->stuck, path) == 0)
    {
      g_set_error (error, XQ_REVIEW_ERROR, XQ_REVIEW_ERROR_IO,
                   _("The damaged %s cannot be moved aside"), path);
      return FALSE;
    }
  return write_queue (review, dir, path, error);
}

gboolean
xq_review_save (const XqReview *review, const char *dir, GError **error)
{
  gboolean ok;

  xq_learner_files_lock ();
  ok = xq_review_save_unlocked (review, dir, error);
  xq_learner_files_unlock ();
  return ok;
}

static gboolean
xq_review_record_in_dir_unlocked (const char *dir, const char *learner, XqReviewSource source,
                         const char *unit, const char *id, XqReviewOutcome outcome,
                         GDateTime *now, char **report, GError **error)
{
  g_autoptr(XqReview) r = xq_review_load (dir, learner, report, error);

  if (r == NULL)
    return FALSE;
  if (!xq_review_record (r, source, unit, id, outcome, now))
    return TRUE;
  return xq_review_save (r, dir, error);
}

gboolean
xq_review_record_in_dir (const char *dir, const char *learner, XqReviewSource source,
                         const char *unit, const char *id, XqReviewOutcome outcome,
                         GDateTime *now, char **report, GError **error)
{
  gboolean ok;

  xq_learner_files_lock ();
  ok = xq_review_record_in_dir_unlocked (dir, learner, source, unit, id, outcome, now, report, error);
  xq_learner_files_unlock ();
  return ok;
}
