/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xqtool class: a teacher's class from the terminal — add a class list,
 * export the results as CSV, print the one-page class report.  The
 * formats: docs/class.md. */
#define G_LOG_DOMAIN "xqtool"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "xqtool.h"
#include "xq-class.h"
#include "xq-lesson.h"

extern const XqToolCommand xqtool_class_commands[];
#define class_self (&xqtool_class_commands[0])

/* The arguments after the subcommand: --dir, --out, --lessons, --units,
 * --title and at most one plain argument. */
typedef struct {
  const char *dir;
  const char *out;
  const char *lessons;
  const char *units;
  const char *title;
  const char *arg;
} Args;

static gboolean
parse_args (int argc, char **argv, Args *a)
{
  memset (a, 0, sizeof *a);
  for (int i = 2; i < argc; i++)
    {
      const char **slot = strcmp (argv[i], "--dir") == 0 ? &a->dir
                        : strcmp (argv[i], "--out") == 0 ? &a->out
                        : strcmp (argv[i], "--lessons") == 0 ? &a->lessons
                        : strcmp (argv[i], "--units") == 0 ? &a->units
                        : strcmp (argv[i], "--title") == 0 ? &a->title
                        : NULL;
      if (slot != NULL)
        {
          if (i + 1 >= argc)
            return FALSE;
          *slot = argv[++i];
        }
      else if (argv[i][0] == '-' || a->arg != NULL)
        return FALSE;
      else
        a->arg = argv[i];
    }
  return TRUE;
}

static int
add_list (const Args *a)
{
  g_autoptr(XqProgressStore) store = xq_progress_store_new (a->dir);
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GError) error = NULL;
  guint added = 0;

  entries = xq_class_add_list (store, a->arg, &error);
  if (entries == NULL)
    return xqtool_fail ("%s", error->message);
  for (guint i = 0; i < entries->len; i++)
    {
      const XqClassListEntry *e = g_ptr_array_index (entries, i);
      g_autofree char *line = xq_class_list_entry_describe (e);

      if (e->status == XQ_CLASS_NAME_ADDED)
        {
          g_autofree char *with_id = g_strdup_printf ("%s (%s)", line, e->learner);
          xqtool_print_line (stdout, with_id);
          added++;
        }
      else
        xqtool_print_line (stdout, line);
    }
  printf ("%u of %u names added\n", added, entries->len);
  return 0;
}

static int
class_main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  Args a;

  if (argc < 2 || !parse_args (argc, argv, &a))
    return xqtool_usage (class_self);
  if (strcmp (argv[1], "add-list") == 0 && a.arg != NULL && a.out == NULL)
    return add_list (&a);
  if (strcmp (argv[1], "export-csv") == 0 && a.out != NULL && a.arg == NULL)
    {
      g_autoptr(XqProgressStore) store = xq_progress_store_new (a.dir);
      g_autoptr(GDateTime) now = g_date_time_new_now_local ();
      g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
      g_autoptr(GPtrArray) units = xq_class_units_load (a.lessons, a.units, problems);

      if (!xq_class_export_csv (store, units, now, a.out, &error))
        return xqtool_fail ("%s", error->message);
      return 0;
    }
  if (strcmp (argv[1], "report") == 0 && a.out != NULL && a.arg == NULL)
    {
      g_autoptr(XqProgressStore) store = xq_progress_store_new (a.dir);

      if (!xq_class_write_report (store, a.lessons, a.units, a.title, a.out, &error))
        return xqtool_fail ("%s", error->message);
      return 0;
    }
  return xqtool_usage (class_self);
}

const XqToolCommand xqtool_class_commands[] = {
  { "class",
    "add-list FILE [--dir DIR] | export-csv --out FILE.csv [--dir DIR] [--lessons DIR] [--units DIR]"
    " | report --out FILE.pdf [--dir DIR] [--lessons DIR] [--units DIR] [--title TEXT]",
    class_main },
  { NULL, NULL, NULL },
};
