/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-progress-streak.c: the puzzle streak, "<learner>.puzzles". */
#define G_LOG_DOMAIN "xq-progress"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-json-file.h"
#include "xq-progress-private.h"
#include "xq-safe-file.h"

/* The streak file: a key file with one group. */
#define STREAK_GROUP "puzzles"
#define STREAK_KEY "streak"
#define BEST_KEY "best-streak"
/* More puzzles in a row than any collection holds: a damaged number. */
#define STREAK_MAX 1000000

/* "key=value" lines of the streak file, one by one: a damaged line loses
 * only its own value. */
static void
salvage_streak (XqSalvage *s, const char *path)
{
  g_autofree char *file = g_path_get_basename (path);
  g_auto(GStrv) lines = NULL;
  gboolean in_group = FALSE;

  s->streak = s->best = -1;
  if (s->state != XQ_SALVAGE_PERFECT)
    return;
  if (!g_utf8_validate (s->data, (gssize) s->length, NULL) || memchr (s->data, '\0', s->length) != NULL)
    {
      xq_salvage_problem (s, file, "not text");
      s->unreadable = TRUE;
      s->state = XQ_SALVAGE_DAMAGED;
      return;
    }
  lines = g_strsplit (s->data, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *line = g_strstrip (lines[i]);
      char *eq;
      int *slot;
      gint64 v;
      char *end = NULL;

      if (*line == '\0' || *line == '#')
        continue;
      if (strcmp (line, "[" STREAK_GROUP "]") == 0)
        {
          in_group = TRUE;
          continue;
        }
      eq = strchr (line, '=');
      if (!in_group || eq == NULL)
        {
          xq_salvage_problem (s, file, "line %u: not “%s=” or “%s=”", i + 1, STREAK_KEY, BEST_KEY);
          continue;
        }
      *eq = '\0';
      g_strstrip (line);
      slot = strcmp (line, STREAK_KEY) == 0 ? &s->streak : strcmp (line, BEST_KEY) == 0 ? &s->best : NULL;
      if (slot == NULL)
        {
          xq_salvage_problem (s, file, "line %u: unknown key “%s”", i + 1, line);
          continue;
        }
      v = g_ascii_strtoll (g_strstrip (eq + 1), &end, 10);
      if (end == eq + 1 || *end != '\0' || v < 0 || v > STREAK_MAX)
        {
          xq_salvage_problem (s, file, "line %u: %s is not a count from 0 to %d", i + 1, line, STREAK_MAX);
          continue;
        }
      *slot = (int) v;
    }
  if (s->streak < 0)
    xq_salvage_problem (s, file, "no %s", STREAK_KEY);
  if (s->best < 0)
    xq_salvage_problem (s, file, "no %s", BEST_KEY);
  if (s->streak >= 0 && s->best >= 0 && s->best < s->streak)
    xq_salvage_problem (s, file, "%s below %s", BEST_KEY, STREAK_KEY);
  if (s->n_problems > 0)
    s->state = XQ_SALVAGE_DAMAGED;
}

static gboolean
read_streak (const char *path, XqSalvage *s, GError **error)
{
  if (!xq_salvage_read_bytes (path, s, error))
    return FALSE;
  if (s->state == XQ_SALVAGE_PERFECT)
    salvage_streak (s, path);
  else
    s->streak = s->best = -1;
  return TRUE;
}

static char *
serialize_streak (int streak, int best)
{
  return g_strdup_printf ("[" STREAK_GROUP "]\n" STREAK_KEY "=%d\n" BEST_KEY "=%d\n", streak, best);
}

gboolean
xq_progress_store_load_streak (XqProgressStore *store, const char *learner,
                               int *streak, int *best_streak, GError **error)
{
  g_autofree char *path = NULL;
  g_autofree char *backup = NULL;
  g_autofree char *data = NULL;
  XqSalvage main = { 0 }, back = { 0 };
  XqSalvage *bad;
  XqProgressNotice *notice;
  gboolean ok = FALSE;
  int s = 0, b = 0;

  g_return_val_if_fail (store != NULL && streak != NULL && best_streak != NULL, FALSE);
  *streak = *best_streak = 0;
  if (!xq_progress_check_learner (learner, error))
    return FALSE;
  path = xq_progress_store_streak_path (store, learner);
  backup = g_strconcat (path, ".bak", NULL);
  xq_progress_clean_temps (path);
  if (!read_streak (path, &main, error))
    goto out;
  if (main.state == XQ_SALVAGE_PERFECT)
    {
      *streak = main.streak;
      *best_streak = main.best;
      ok = TRUE;
      goto out;
    }
  if (!read_streak (backup, &back, error))
    goto out;
  if (main.state == XQ_SALVAGE_MISSING && back.state != XQ_SALVAGE_DAMAGED)
    {
      /* Never saved, or the file deleted by hand: the backup if any. */
      if (back.state == XQ_SALVAGE_PERFECT)
        {
          *streak = back.streak;
          *best_streak = back.best;
          if (!xq_progress_write_file (path, back.data, error))
            goto out;
        }
      ok = TRUE;
      goto out;
    }

  /* The file's own values where valid, the backup's for the rest. */
  bad = main.state == XQ_SALVAGE_DAMAGED ? &main : &back;
  s = main.streak >= 0 ? main.streak : MAX (back.streak, 0);
  b = MAX (MAX (main.best, back.best), s);
  notice = xq_progress_notice_new (XQ_PROGRESS_FILE_STREAK, learner, bad == &main ? path : backup, bad);
  notice->from_backup = bad == &main && ((main.streak < 0 && back.streak >= 0) || back.best > main.best);
  notice->streak = s;
  notice->best_streak = b;
  {
    g_autoptr(XqProgress) p = xq_progress_store_load (store, learner, NULL);
    notice->name = p ? g_strdup (p->name) : NULL;
  }
  if (bad == &back)
    back.state = XQ_SALVAGE_MISSING;
  data = serialize_streak (s, b);
  xq_progress_repair (store, notice, path, &back, data);
  *streak = s;
  *best_streak = b;
  ok = TRUE;

out:
  xq_salvage_clear (&main);
  xq_salvage_clear (&back);
  return ok;
}

static gboolean
xq_progress_store_save_streak_unlocked (XqProgressStore *store, const char *learner,
                               int streak, int best_streak, GError **error)
{
  g_autofree char *path = NULL;
  g_autofree char *backup = NULL;
  g_autofree char *data = NULL;
  XqSalvage main = { 0 }, back = { 0 };
  gboolean ok = FALSE;

  g_return_val_if_fail (store != NULL, FALSE);
  g_return_val_if_fail (streak >= 0 && best_streak >= 0, FALSE);
  if (!xq_progress_check_learner (learner, error) || !xq_progress_store_ensure_dir (store, error))
    return FALSE;
  path = xq_progress_store_streak_path (store, learner);
  backup = g_strconcat (path, ".bak", NULL);
  xq_progress_clean_temps (path);
  if (!read_streak (path, &main, error) || !read_streak (backup, &back, error))
    goto out;
  if (main.state == XQ_SALVAGE_DAMAGED)
    {
      XqProgressNotice *notice = xq_progress_notice_new (XQ_PROGRESS_FILE_STREAK, learner, path, &main);

      best_streak = MAX (best_streak, main.best);
      notice->streak = streak;
      notice->best_streak = MAX (best_streak, streak);
      if (!xq_progress_set_aside_damaged (store, notice, error))
        goto out;
    }
  /* The best run only grows, whoever saved it. */
  if (main.state == XQ_SALVAGE_PERFECT)
    best_streak = MAX (best_streak, main.best);
  data = serialize_streak (streak, MAX (best_streak, streak));
  ok = xq_progress_replace_with_backup (path, &main, &back, data, error);

out:
  xq_salvage_clear (&main);
  xq_salvage_clear (&back);
  return ok;
}

gboolean
xq_progress_store_save_streak (XqProgressStore *store, const char *learner,
                               int streak, int best_streak, GError **error)
{
  gboolean ok;

  xq_learner_files_lock ();
  ok = xq_progress_store_save_streak_unlocked (store, learner, streak, best_streak, error);
  xq_learner_files_unlock ();
  return ok;
}
