/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xiangqi-tutor"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <locale.h>

#include "xq-application.h"
#include "xq-data-dirs.h"

int
main (int   argc,
      char *argv[])
{
  gint64 launch = g_get_monotonic_time ();
  g_autoptr(XqApplication) app = NULL;

  setlocale (LC_ALL, "");
  /* Started from the build tree (tools/run-app.sh), the translations are
   * in the build tree too, not yet under LOCALEDIR. */
  bindtextdomain (GETTEXT_PACKAGE, xq_data_locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = xq_application_new (launch);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
