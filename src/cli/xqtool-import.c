/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xqtool import: game files (XQF, DhtmlXQ, PGN) into a unit of mate
 * exercises or a puzzle pack (docs/import.md). */
#define G_LOG_DOMAIN "xqtool"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "xq-import.h"
#include "xq-unit-store.h"
#include "xqtool.h"

static int
cmd_import (int argc, char **argv)
{
  static const XqToolCommand self = { "import", "FILE... --out UNIT-OR-PACK.json [--as unit|pack] [--replace [--learners DIR]]", NULL };
  g_autoptr(GPtrArray) files = g_ptr_array_new ();
  g_autoptr(XqImportReport) report = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) old_unit = NULL;
  const char *out = NULL, *learners_dir = NULL;
  XqImportAs as = XQ_IMPORT_AS_UNIT;
  gboolean ok, replace = FALSE;

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--out") == 0 && i + 1 < argc)
        out = argv[++i];
      else if (strcmp (argv[i], "--as") == 0 && i + 1 < argc)
        {
          if (!xq_import_as_from_name (argv[++i], &as))
            return xqtool_fail ("--as: unit or pack, not “%s”", argv[i]);
        }
      else if (strcmp (argv[i], "--replace") == 0)
        replace = TRUE;
      else if (strcmp (argv[i], "--learners") == 0 && i + 1 < argc)
        learners_dir = argv[++i];
      else if (strncmp (argv[i], "--", 2) == 0)
        return xqtool_usage (&self);
      else
        g_ptr_array_add (files, argv[i]);
    }
  if (files->len == 0 || out == NULL)
    return xqtool_usage (&self);
  g_ptr_array_add (files, NULL);
  /* A unit of that name may have learners' stars: replacing it is asked
   * for, and keeps the stars of the exercises that stay the same. */
  if (g_file_test (out, G_FILE_TEST_EXISTS))
    {
      if (!replace)
        return xqtool_fail ("%s already exists; add --replace to replace it", out);
      old_unit = xq_unit_store_read (out, NULL);
    }

  ok = xq_import_files ((const char *const *) files->pdata, as, out, NULL, NULL, NULL, &report, &error);
  for (guint i = 0; i < report->lines->len; i++)
    xqtool_print_line (stdout, ((XqImportLine *) g_ptr_array_index (report->lines, i))->message);
  if (!ok)
    return xqtool_fail ("%s", error->message);
  if (old_unit != NULL)
    {
      g_autoptr(JsonObject) new_unit = xq_unit_store_read (out, &error);
      g_autoptr(XqProgressStore) learners = xq_progress_store_new (learners_dir);
      guint dropped;

      if (new_unit == NULL)
        return xqtool_fail ("%s", error->message);
      dropped = xq_unit_store_forget_changed (old_unit, new_unit, learners, &error);
      if (error != NULL)
        return xqtool_fail ("%s", error->message);
      {
        g_autofree char *line = g_strdup_printf ("%s: replaced; %u learner results on changed exercises dropped",
                                                 out, dropped);
        xqtool_print_line (stdout, line);
      }
    }
  {
    g_autofree char *summary = g_strdup_printf ("%s: %u imported, %u skipped", out,
                                                report->n_imported, report->n_skipped);
    xqtool_print_line (stdout, summary);
  }
  return 0;
}

const XqToolCommand xqtool_import_commands[] = {
  { "import", "FILE... --out UNIT-OR-PACK.json [--as unit|pack] [--replace [--learners DIR]]", cmd_import },
  { NULL, NULL, NULL },
};
