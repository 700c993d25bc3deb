/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-data-dirs"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "xq-data-dirs.h"

/* dir with symbolic links resolved, as /proc/self/exe has them; dir itself
 * when it does not exist. */
static char *
real_dir (const char *dir)
{
  char *real = realpath (dir, NULL);
  char *copy;

  if (real == NULL)
    return g_canonicalize_filename (dir, NULL);
  copy = g_strdup (real);
  free (real);
  return copy;
}

/* Is path inside dir (or dir itself)?  Both absolute, without "..". */
static gboolean
path_within (const char *path,
             const char *dir)
{
  size_t len = strlen (dir);

  return strncmp (path, dir, len) == 0 && (path[len] == '\0' || path[len] == G_DIR_SEPARATOR);
}

gboolean
xq_data_running_uninstalled (void)
{
  static gsize once = 0;
  static gboolean uninstalled = FALSE;

  if (g_once_init_enter (&once))
    {
      g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
      g_autofree char *exe_dir = exe ? g_path_get_dirname (exe) : NULL;
      g_autofree char *build_root = real_dir (XQ_BUILD_ROOT);
      g_autofree char *bindir = real_dir (XQ_BINDIR);

      /* A prefix inside the build tree (an odd but legal choice) still makes
       * an installed program: its bindir wins. */
      uninstalled = exe_dir != NULL && path_within (exe_dir, build_root) &&
                    !path_within (exe_dir, bindir);
      g_once_init_leave (&once, 1);
    }
  return uninstalled;
}

const char *
xq_data_locale_dir (void)
{
  const char *env = g_getenv ("XQ_LOCALEDIR");

  if (env != NULL && *env != '\0')
    return env;
  return xq_data_running_uninstalled () ? XQ_BUILD_ROOT "/po" : LOCALEDIR;
}

const char *
xq_lesson_default_dir (void)
{
  const char *env = g_getenv ("XQ_LESSONS_DIR");

  if (env != NULL && *env != '\0')
    return env;
  /* Only a program running from its build tree reads the source tree; an
   * installed one reads only its installed copy, even when the source tree
   * it was built from is still there. */
  if (xq_data_running_uninstalled ())
    return SOURCE_LESSONS_DIR;
  return PKGDATADIR "/lessons";
}
