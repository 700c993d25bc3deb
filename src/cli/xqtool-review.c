/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xqtool review: a learner's review queue from the terminal — every item,
 * or those due on a day (docs/review.md). */
#define G_LOG_DOMAIN "xqtool"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "xqtool.h"
#include "xq-progress.h"
#include "xq-review.h"

extern const XqToolCommand xqtool_review_commands[];
#define review_self (&xqtool_review_commands[0])

/* "YYYY-MM-DD" as noon of that day here (noon: no time-zone edge). */
static GDateTime *
parse_date (const char *text)
{
  int y, m, d;
  char tail;

  if (sscanf (text, "%4d-%2d-%2d%c", &y, &m, &d, &tail) != 3 ||
      !g_date_valid_dmy ((GDateDay) d, (GDateMonth) m, (GDateYear) y))
    return NULL;
  return g_date_time_new_local (y, m, d, 12, 0, 0);
}

static int
show_learner (const char *dir, const char *learner, gboolean only_due, GDateTime *now)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *report = NULL;
  g_autofree char *day = g_date_time_format (now, "%Y-%m-%d");
  g_autoptr(XqReview) review = xq_review_load (dir, learner, &report, &error);
  g_autoptr(GPtrArray) items = NULL;
  guint due = 0;

  if (review == NULL)
    return xqtool_fail ("%s", error->message);
  if (report != NULL)
    xqtool_note ("%s", report);
  items = only_due ? xq_review_due (review, now) : xq_review_list (review);
  for (guint i = 0; i < items->len; i++)
    {
      const XqReviewItem *item = g_ptr_array_index (items, i);
      gboolean is_due = xq_review_item_is_due (item, now);
      int days = xq_review_box_days (item->box);
      g_autofree char *line = g_strdup_printf ("%s %s %s/%s box %d (%d %s) due %s%s misses %d",
                                               learner, xq_review_source_name (item->source),
                                               item->unit, item->id, item->box, days,
                                               days == 1 ? "day" : "days", item->due,
                                               is_due ? " (due now)" : "", item->misses);

      xqtool_print_line (stdout, line);
      due += is_due;
    }
  if (only_due)
    printf ("%s: %u to review on %s\n", learner, due, day);
  else
    printf ("%s: %u in the queue, %u due on %s\n", learner, items->len, due, day);
  return 0;
}

static int
review_main (int argc, char **argv)
{
  const char *learner = NULL, *dir = NULL, *date_text = NULL;
  g_autoptr(XqProgressStore) store = NULL;
  g_autoptr(GDateTime) now = NULL;
  g_autoptr(GPtrArray) ids = NULL;
  gboolean only_due;
  int status = 0;

  if (argc < 2 || (strcmp (argv[1], "list") != 0 && strcmp (argv[1], "due") != 0))
    return xqtool_usage (review_self);
  only_due = strcmp (argv[1], "due") == 0;
  for (int i = 2; i < argc; i += 2)
    {
      const char **slot = strcmp (argv[i], "--learner") == 0 ? &learner
                        : strcmp (argv[i], "--dir") == 0 ? &dir
                        : strcmp (argv[i], "--date") == 0 ? &date_text
                        : NULL;

      if (slot == NULL || i + 1 >= argc)
        return xqtool_usage (review_self);
      *slot = argv[i + 1];
    }
  if (learner != NULL && !xq_progress_learner_id_valid (learner))
    return xqtool_fail ("“%s” is not a learner id", learner);
  if (date_text != NULL && (now = parse_date (date_text)) == NULL)
    return xqtool_fail ("bad --date “%s”: want YYYY-MM-DD", date_text);
  if (now == NULL)
    now = g_date_time_new_now_local ();
  store = xq_progress_store_new (dir);
  if (learner != NULL)
    return show_learner (xq_progress_store_get_dir (store), learner, only_due, now);
  ids = xq_progress_store_list (store);
  for (guint i = 0; i < ids->len && status == 0; i++)
    status = show_learner (xq_progress_store_get_dir (store), g_ptr_array_index (ids, i), only_due, now);
  return status;
}

const XqToolCommand xqtool_review_commands[] = {
  { "review", "list|due [--learner ID] [--date YYYY-MM-DD] [--dir DIR]", review_main },
  { NULL, NULL, NULL },
};
