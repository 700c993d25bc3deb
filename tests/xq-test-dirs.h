/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-test-dirs.h: every test program's own HOME and XDG dirs. */
#pragma once

#include <glib.h>
#include <glib/gstdio.h>
#include <stdlib.h>

static char *xq_test_home;

/* Removes path, a file or a directory with everything in it (links are
 * removed, never followed). */
static inline void
xq_test_remove_tree (const char *path)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;
  GStatBuf st;

  if (g_lstat (path, &st) != 0)
    return;
  if (!S_ISDIR (st.st_mode))
    {
      g_remove (path);
      return;
    }
  dir = g_dir_open (path, 0, NULL);

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        xq_test_remove_tree (child);
      else
        g_remove (child);
    }
  g_rmdir (path);
}

static inline void
xq_test_home_remove (void)
{
  xq_test_remove_tree (xq_test_home);
  g_clear_pointer (&xq_test_home, g_free);
}

/* Points HOME and the user's XDG dirs into a temporary directory of this
 * program's own, removed at exit, so no test reads or writes the real
 * user's files.  Call it first in main (), before anything reads them.
 *
 * Not G_TEST_OPTION_ISOLATE_DIRS: GLib 2.74 leaks the strings of every
 * directory it replaces there (g_set_user_dirs), which the sanitizer run
 * would report against every test; gtk_test_init () cannot pass it anyway;
 * and it hides the system's schemas and icons from GTK. */
static inline void
xq_test_isolate_dirs (void)
{
  static const char *const dirs[][2] = {
    { "HOME", "home" },
    { "XDG_DATA_HOME", "data" },
    { "XDG_CONFIG_HOME", "config" },
    { "XDG_CACHE_HOME", "cache" },
    { "XDG_STATE_HOME", "state" },
    { "XDG_RUNTIME_DIR", "runtime" },
  };
  g_autoptr(GError) error = NULL;

  xq_test_home = g_dir_make_tmp ("xq-test-home-XXXXXX", &error);
  g_assert_no_error (error);
  for (gsize i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      g_autofree char *path = g_build_filename (xq_test_home, dirs[i][1], NULL);

      g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
      g_setenv (dirs[i][0], path, TRUE);
    }
  atexit (xq_test_home_remove);
}
