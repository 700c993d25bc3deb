/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xiangqi-tutor"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <locale.h>

#include "xq-application.h"

/* Started from the build tree (tools/run-app.sh)?  Then its translations
 * are in the build tree too, not yet under LOCALEDIR. */
static gboolean
running_uninstalled (void)
{
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *build_root = g_path_get_dirname (XQ_BUILD_LOCALEDIR);

  return exe != NULL && g_str_has_prefix (exe, build_root);
}

int
main (int   argc,
      char *argv[])
{
  gint64 launch = g_get_monotonic_time ();
  g_autoptr(XqApplication) app = NULL;
  const char *localedir;

  setlocale (LC_ALL, "");
  /* XQ_LOCALEDIR lets the uninstalled build find its own .mo files. */
  localedir = g_getenv ("XQ_LOCALEDIR");
  if (localedir == NULL)
    localedir = running_uninstalled () ? XQ_BUILD_LOCALEDIR : LOCALEDIR;
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = xq_application_new (launch);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
