/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-class-files.h: the files of a progress store, byte for byte, for
 * the tests that remove a learner and bring them back. */
#pragma once

#include <glib.h>

/* Every file in dir whose name starts with prefix ("" for all): name ->
 * contents. */
static inline GHashTable *
xq_test_class_snapshot (const char *dir, const char *prefix)
{
  GHashTable *files = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, prefix))
      {
        g_autofree char *path = g_build_filename (dir, name, NULL);
        char *text = NULL;

        g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
        g_hash_table_insert (files, g_strdup (name), text);
      }
  return files;
}

static inline void
xq_test_class_assert_same (GHashTable *a, GHashTable *b)
{
  GHashTableIter iter;
  gpointer key, value;

  g_assert_cmpuint (g_hash_table_size (a), ==, g_hash_table_size (b));
  g_hash_table_iter_init (&iter, a);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_assert_cmpstr (g_hash_table_lookup (b, key), ==, value);
}
