/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-class-learner.c: one learner in one piece, read, written and merged
 * (xq-class-learner.h). */
#define G_LOG_DOMAIN "xq-class"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "xq-class-learner.h"
#include "xq-json-reader.h"
#include "xq-json-file.h"
#include "xq-progress-private.h"
#include "xq-safe-file.h"

G_DEFINE_QUARK (xq-class-folder-error-quark, xq_class_folder_error)

/* A streak longer than any child's: bounds what a file may say. */
#define MAX_STREAK 1000000

XqClassLearner *
xq_class_learner_new (const char *learner, const char *name)
{
  XqClassLearner *l = g_new0 (XqClassLearner, 1);

  l->progress = xq_progress_new (learner, name);
  l->ratings = xq_ratings_new (learner);
  l->review = xq_review_new (learner);
  return l;
}

void
xq_class_learner_free (XqClassLearner *l)
{
  if (l == NULL)
    return;
  xq_progress_free (l->progress);
  xq_ratings_free (l->ratings);
  xq_review_free (l->review);
  g_free (l);
}

const char *
xq_class_learner_get_id (const XqClassLearner *l)
{
  return l->progress->learner;
}

/* ---- This computer's copy ---------------------------------------------------- */

XqClassLearner *
xq_class_learner_load_store (XqProgressStore *store, const char *learner, GError **error)
{
  const char *dir = xq_progress_store_get_dir (store);
  g_autoptr(XqClassLearner) l = g_new0 (XqClassLearner, 1);
  g_autofree char *report = NULL;

  l->progress = xq_progress_store_load (store, learner, error);
  if (l->progress == NULL ||
      !xq_progress_store_load_streak (store, learner, &l->streak, &l->best_streak, error))
    return NULL;
  /* A damaged ratings or review file is set aside and reported by its
   * loader; what it could keep is what this computer has. */
  l->ratings = xq_ratings_load (dir, learner, &report, error);
  if (report != NULL)
    g_message ("%s", report);
  g_clear_pointer (&report, g_free);
  if (l->ratings == NULL)
    return NULL;
  l->review = xq_review_load (dir, learner, &report, error);
  if (report != NULL)
    g_message ("%s", report);
  if (l->review == NULL)
    return NULL;
  return g_steal_pointer (&l);
}

gboolean
xq_class_learner_save_store (XqProgressStore *store, const XqClassLearner *l, GError **error)
{
  const char *dir = xq_progress_store_get_dir (store);
  const char *learner = xq_class_learner_get_id (l);
  g_autofree char *path = xq_ratings_path (dir, learner);
  g_autofree char *on_disk = NULL;
  g_autoptr(XqRatings) disk = NULL;
  gsize len = 0;
  gboolean ok;

  xq_learner_files_lock ();
  ok = xq_progress_store_save (store, l->progress, error) &&
       xq_progress_store_save_streak (store, learner, l->streak, l->best_streak, error) &&
       xq_review_save (l->review, dir, error);
  if (ok && path != NULL)
    {
      /* The ratings file is replaced only by a longer history (or a
       * longer best run).  A file this side cannot read is left alone:
       * the next load sets it aside and reports it. */
      gboolean unreadable;

      if (xq_safe_file_read (path, XQ_RATING_MAX_FILE, &on_disk, &len, NULL))
        disk = xq_ratings_load_data (on_disk, (gssize) len, learner, path, NULL);
      unreadable = on_disk != NULL && disk == NULL;
      if (!unreadable)
        {
          g_autoptr(XqRatings) keep = NULL;
          g_autofree char *data = NULL;

          if (disk == NULL && xq_ratings_get_attempts (l->ratings) == 0 && xq_ratings_get_best_run (l->ratings) == 0)
            ;   /* nothing to keep: no file for it */
          else if (disk == NULL || xq_ratings_get_attempts (l->ratings) > xq_ratings_get_attempts (disk))
            {
              /* This history, with the longer best run of the two. */
              g_autofree char *mine = xq_ratings_to_data (l->ratings);

              keep = xq_ratings_load_data (mine, -1, learner, path, NULL);
              if (disk != NULL)
                xq_ratings_offer_run (keep, xq_ratings_get_best_run (disk));
              data = xq_ratings_to_data (keep);
            }
          else if (xq_ratings_offer_run (disk, xq_ratings_get_best_run (l->ratings)))
            data = xq_ratings_to_data (disk);   /* only the best run is news */
          if (data != NULL)
            ok = xq_json_file_save (dir, path, data, XQ_RATING_ERROR, XQ_RATING_ERROR_IO, error);
        }
    }
  xq_learner_files_unlock ();
  return ok;
}

/* ---- The folder's file ------------------------------------------------------- */

static void
add_document (JsonBuilder *b, const char *member, const char *data)
{
  g_autoptr(JsonNode) node = json_from_string (data, NULL);

  json_builder_set_member_name (b, member);
  if (node != NULL)
    json_builder_add_value (b, g_steal_pointer (&node));
  else
    json_builder_add_null_value (b);
}

char *
xq_class_learner_to_data (const XqClassLearner *l, gsize *length)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autofree char *progress = xq_progress_serialize (l->progress);
  g_autofree char *ratings = xq_ratings_to_data (l->ratings);
  g_autofree char *review = xq_review_to_data (l->review);

  xq_json_file_begin_learner (b, xq_class_learner_get_id (l));
  add_document (b, "progress", progress);
  json_builder_set_member_name (b, "streak");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "streak");
  json_builder_add_int_value (b, l->streak);
  json_builder_set_member_name (b, "best");
  json_builder_add_int_value (b, l->best_streak);
  json_builder_end_object (b);
  add_document (b, "ratings", ratings);
  add_document (b, "review", review);
  json_builder_end_object (b);
  return xq_json_file_text (b, length);
}

static void
note_problem (char **first, const char *format, ...) G_GNUC_PRINTF (2, 3);

static void
note_problem (char **first, const char *format, ...)
{
  va_list args;

  if (*first != NULL)
    return;
  va_start (args, format);
  *first = g_strdup_vprintf (format, args);
  va_end (args);
}

/* The text of member (an object) of the learner's file, NULL when it is
 * missing or no object (then the reader has the problem). */
static char *
member_text (XqJsonReader *r, JsonObject *obj, const char *member, XqJsonNeed need)
{
  JsonObject *part = NULL;
  g_autoptr(JsonNode) node = NULL;

  if (!xq_json_get_object (r, obj, "$", member, need, G_MAXUINT, &part) || part == NULL)
    return NULL;
  node = json_node_init_object (json_node_alloc (), part);
  return json_to_string (node, FALSE);
}

XqClassLearner *
xq_class_learner_load_data (const char *data, gsize length, const char *learner,
                            const char *file_name, char **problem, GError **error)
{
  g_autoptr(XqJsonReader) r = xq_json_reader_new (file_name, XQ_CLASS_FOLDER_ERROR, XQ_CLASS_FOLDER_ERROR_PARSE);
  g_autoptr(XqClassLearner) l = NULL;
  g_autofree char *first = NULL;
  g_autofree char *text = NULL;
  const char *id = NULL;
  JsonObject *obj, *streak = NULL;
  gint64 format = 0;

  g_return_val_if_fail (data != NULL && learner != NULL && file_name != NULL, NULL);
  if (problem != NULL)
    *problem = NULL;
  obj = xq_json_reader_parse_object (r, data, length, XQ_CLASS_LEARNER_MAX_FILE, XQ_JSON_MAX_STRING);
  if (obj != NULL && xq_json_get_int (r, obj, "$", "format", XQ_JSON_REQUIRED, G_MININT64, G_MAXINT64, &format) &&
      format != 1)
    xq_json_reader_problem (r, "$.format", _("should be 1 (a learner file of another version)"));
  if (obj != NULL && xq_json_reader_get_n_problems (r) == 0 &&
      xq_json_get_string (r, obj, "$", "learner", XQ_JSON_REQUIRED, &id) && strcmp (id, learner) != 0)
    xq_json_reader_problem (r, "$.learner", _("should be “%s”: this is another learner’s file"), learner);
  if (!xq_json_reader_propagate (r, error))
    return NULL;
  l = xq_class_learner_new (learner, NULL);

  text = member_text (r, obj, "progress", XQ_JSON_REQUIRED);
  if (text != NULL)
    {
      g_autofree char *label = g_strdup_printf ("%s $.progress", file_name);
      g_autofree char *sub = NULL;
      guint n = 0;
      XqProgress *p = xq_progress_load_data (text, strlen (text), learner, label, &n, &sub);

      if (sub != NULL)
        note_problem (&first, "%s", sub);
      if (p != NULL)
        {
          xq_progress_free (l->progress);
          l->progress = p;
        }
    }
  g_clear_pointer (&text, g_free);

  if (xq_json_get_object (r, obj, "$", "streak", XQ_JSON_OPTIONAL, 8, &streak) && streak != NULL)
    {
      gint64 now = 0, best = 0;

      if (xq_json_get_int (r, streak, "$.streak", "streak", XQ_JSON_REQUIRED, 0, MAX_STREAK, &now) &&
          xq_json_get_int (r, streak, "$.streak", "best", XQ_JSON_REQUIRED, 0, MAX_STREAK, &best))
        {
          l->streak = (int) now;
          l->best_streak = (int) MAX (best, now);
        }
    }

  text = member_text (r, obj, "ratings", XQ_JSON_OPTIONAL);
  if (text != NULL)
    {
      g_autofree char *label = g_strdup_printf ("%s $.ratings", file_name);
      g_autoptr(GError) local = NULL;
      XqRatings *ratings = xq_ratings_load_data (text, -1, learner, label, &local);

      if (ratings == NULL)
        note_problem (&first, "%s", local->message);
      else
        {
          xq_ratings_free (l->ratings);
          l->ratings = ratings;
        }
    }
  g_clear_pointer (&text, g_free);

  text = member_text (r, obj, "review", XQ_JSON_OPTIONAL);
  if (text != NULL)
    {
      g_autofree char *label = g_strdup_printf ("%s $.review", file_name);
      g_autofree char *sub = NULL;
      g_autoptr(GError) local = NULL;
      guint n = 0;
      XqReview *review = xq_review_load_data (text, -1, learner, label, &n, &sub, &local);

      if (review == NULL)
        note_problem (&first, "%s", local->message);
      else
        {
          if (sub != NULL)
            note_problem (&first, "%s", sub);
          xq_review_free (l->review);
          l->review = review;
        }
    }
  /* The reader's own problems (a part missing or of the wrong kind) come
   * before those found inside a part. */
  if (xq_json_reader_get_n_problems (r) > 0)
    {
      g_free (first);
      first = g_strdup (xq_json_reader_get_first_problem (r));
    }
  if (problem != NULL)
    *problem = g_steal_pointer (&first);
  return g_steal_pointer (&l);
}

/* ---- Merging ------------------------------------------------------------------ */

static const char *
later_date (const XqProgressResult *a, const XqProgressResult *b)
{
  const char *da = a != NULL ? a->date : "";
  const char *db = b != NULL ? b->date : "";

  return strcmp (da, db) >= 0 ? da : db;
}

static gboolean
merge_progress (XqProgress *into, const XqProgress *from)
{
  GHashTableIter iter;
  gpointer key, value;
  gboolean changed = FALSE;

  g_hash_table_iter_init (&iter, from->stars);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      int theirs = GPOINTER_TO_INT (value);
      int ours = GPOINTER_TO_INT (g_hash_table_lookup (into->stars, key));
      const XqProgressResult *rt = g_hash_table_lookup (from->results, key);
      const XqProgressResult *ro = g_hash_table_lookup (into->results, key);
      int ht = rt != NULL ? rt->hints : -1;
      int ho = ro != NULL ? ro->hints : -1;
      int hints;
      const char *date = later_date (ro, rt);

      /* The hints of the best stars: the fewer when both sides have them. */
      if (theirs > ours)
        hints = ht;
      else if (theirs < ours)
        hints = ho;
      else
        hints = ht < 0 ? ho : ho < 0 ? ht : MIN (ht, ho);
      if (theirs > ours)
        {
          g_hash_table_replace (into->stars, g_strdup (key), GINT_TO_POINTER (theirs));
          changed = TRUE;
        }
      if (hints != ho || strcmp (date, ro != NULL ? ro->date : "") != 0)
        {
          xq_progress_set_result (into, key, hints < 0 && *date == '\0' ? NULL
                                              : xq_progress_result_new (hints, *date ? date : NULL));
          changed = TRUE;
        }
    }
  return changed;
}

gboolean
xq_class_learner_merge (XqClassLearner *into, const XqClassLearner *from)
{
  gboolean changed;

  g_return_val_if_fail (into != NULL && from != NULL, FALSE);
  g_return_val_if_fail (strcmp (xq_class_learner_get_id (into), xq_class_learner_get_id (from)) == 0, FALSE);
  changed = merge_progress (into->progress, from->progress);
  if (from->streak > into->streak || from->best_streak > into->best_streak)
    {
      into->streak = MAX (into->streak, from->streak);
      into->best_streak = MAX (into->best_streak, from->best_streak);
      changed = TRUE;
    }
  if (xq_ratings_get_attempts (from->ratings) > xq_ratings_get_attempts (into->ratings))
    {
      g_autofree char *data = xq_ratings_to_data (from->ratings);
      XqRatings *copy = xq_ratings_load_data (data, -1, xq_class_learner_get_id (from), "ratings", NULL);

      if (copy != NULL)
        {
          xq_ratings_offer_run (copy, xq_ratings_get_best_run (into->ratings));
          xq_ratings_free (into->ratings);
          into->ratings = copy;
          changed = TRUE;
        }
    }
  else if (xq_ratings_offer_run (into->ratings, xq_ratings_get_best_run (from->ratings)))
    changed = TRUE;
  if (xq_review_merge (into->review, from->review))
    changed = TRUE;
  return changed;
}
