/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A class list (one name a line) added to an empty class.  Any bytes are
 * refused with an error or give one entry per non-blank line, in order;
 * every name the list added is a learner in the store under its new id, and
 * adding the same list again adds nobody. */
#include "config.h"

#include "xq-class.h"
#include "xq-progress.h"
#include "fuzz-learner-dir.h"

static guint
count_added (GPtrArray *entries)
{
  guint added = 0;

  for (guint i = 0; i < entries->len; i++)
    {
      const XqClassListEntry *e = g_ptr_array_index (entries, i);
      g_autofree char *line = xq_class_list_entry_describe (e);

      if (line == NULL || !g_utf8_validate (line, -1, NULL) || e->name == NULL ||
          (i > 0 && e->line <= ((const XqClassListEntry *) g_ptr_array_index (entries, i - 1))->line))
        abort ();
      if (e->status == XQ_CLASS_NAME_ADDED)
        {
          if (e->learner == NULL || !xq_progress_learner_id_valid (e->learner))
            abort ();
          added++;
        }
    }
  return added;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  XqProgressStore *store;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = NULL;

  fuzz_init ();
  if (size > 64 * 1024)
    return 0;
  fuzz_learner_dir_empty ();
  store = xq_progress_store_new (fuzz_learner_dir ());
  entries = xq_class_add_list_data (store, (const char *) data, size, "class.txt", &error);
  if (entries == NULL)
    {
      if (error == NULL || !g_utf8_validate (error->message, -1, NULL))
        abort ();
    }
  else
    {
      guint added = count_added (entries);
      g_autoptr(GPtrArray) ids = xq_progress_store_list (store);
      g_autoptr(GPtrArray) again = NULL;

      if (ids->len != added)
        abort ();
      again = xq_class_add_list_data (store, (const char *) data, size, "class.txt", NULL);
      if (again == NULL || again->len != entries->len || count_added (again) != 0)
        abort ();
    }
  xq_progress_store_free (store);
  return 0;
}
