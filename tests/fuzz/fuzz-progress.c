/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A learner's progress file and its backup, read by the store's salvaging
 * reader, and the puzzle streak file beside them.  The first byte picks:
 * bit 0 set, the rest is split at its first NUL into the profile and its
 * ".bak"; bit 1 set, the streak file instead of the profile.  Whatever the bytes, a
 * readable file loads (damage is repaired, never a failure), every star is
 * 1 to 3, and the repaired file on disk loads again at once, whole, to the
 * same stars and without a second notice (the streak: to the same counts). */
#include "config.h"

#include "xq-progress.h"
#include "fuzz-learner-dir.h"

static void
count_notice (const XqProgressNotice *notice, gpointer user_data)
{
  g_autofree char *text = xq_progress_notice_describe (notice);

  if (text == NULL || !g_utf8_validate (text, -1, NULL))
    abort ();
  (*(guint *) user_data)++;
}

static gboolean
same_stars (const XqProgress *a, const XqProgress *b)
{
  GHashTableIter it;
  gpointer key, value;

  if (g_hash_table_size (a->stars) != g_hash_table_size (b->stars) || strcmp (a->name, b->name) != 0)
    return FALSE;
  g_hash_table_iter_init (&it, a->stars);
  while (g_hash_table_iter_next (&it, &key, &value))
    if (g_hash_table_lookup (b->stars, key) != value)
      return FALSE;
  return TRUE;
}

static void
check_progress (XqProgressStore *store)
{
  guint notices = 0;
  g_autoptr(GError) error = NULL;
  XqProgress *p, *again;
  GHashTableIter it;
  gpointer value;

  xq_progress_store_set_notice_func (store, count_notice, &notices);
  p = xq_progress_store_load (store, "mei", &error);
  if (p == NULL || strcmp (p->learner, "mei") != 0 || !g_utf8_validate (p->name, -1, NULL))
    abort ();
  g_hash_table_iter_init (&it, p->stars);
  while (g_hash_table_iter_next (&it, NULL, &value))
    if (GPOINTER_TO_INT (value) < 1 || GPOINTER_TO_INT (value) > 3)
      abort ();
  notices = 0;
  again = xq_progress_store_load (store, "mei", NULL);
  if (again == NULL || notices != 0 || !same_stars (p, again))
    abort ();
  xq_progress_free (again);
  /* A save on top of what was salvaged keeps every star. */
  if (!xq_progress_store_save (store, p, NULL))
    abort ();
  again = xq_progress_store_load (store, "mei", NULL);
  if (again == NULL || notices != 0 || !same_stars (p, again))
    abort ();
  xq_progress_free (again);
  xq_progress_free (p);
}

static void
check_streak (XqProgressStore *store)
{
  int streak = -1, best = -1, streak2 = -1, best2 = -1;

  if (!xq_progress_store_load_streak (store, "mei", &streak, &best, NULL))
    abort ();
  if (streak < 0 || best < streak)
    abort ();
  if (!xq_progress_store_load_streak (store, "mei", &streak2, &best2, NULL) || streak2 != streak ||
      best2 != best)
    abort ();
}

/* The file, or with bit 0 the file and its backup split at the first NUL. */
static void
write_pair (const char *name, const char *rest, gsize n, gboolean split)
{
  const char *nul = split ? memchr (rest, '\0', n) : NULL;

  if (nul != NULL)
    {
      g_autofree char *backup = g_strconcat (name, ".bak", NULL);

      fuzz_learner_dir_write (name, rest, (gsize) (nul - rest));
      fuzz_learner_dir_write (backup, nul + 1, n - (gsize) (nul - rest) - 1);
    }
  else
    fuzz_learner_dir_write (name, rest, n);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  XqProgressStore *store;

  fuzz_init ();
  if (size < 1 || size > 256 * 1024)
    return 0;
  fuzz_learner_dir_empty ();
  store = xq_progress_store_new (fuzz_learner_dir ());
  write_pair (data[0] & 2 ? "mei.puzzles" : "mei.json", (const char *) data + 1, size - 1, data[0] & 1);
  if (data[0] & 2)
    check_streak (store);
  else
    check_progress (store);
  xq_progress_store_free (store);
  return 0;
}
