/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xqtool class: a teacher's class from the terminal — add a class list,
 * export the results as CSV, print the class report; create, join and
 * sync a class folder shared by many computers, and report from it.  The
 * formats: docs/class.md. */
#define G_LOG_DOMAIN "xqtool"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include <glib/gstdio.h>

#include "xqtool.h"
#include "xq-class.h"
#include "xq-class-folder.h"
#include "xq-lesson.h"

extern const XqToolCommand xqtool_class_commands[];
#define class_self (&xqtool_class_commands[0])

/* The arguments after the subcommand: --dir, --out, --lessons, --units,
 * --title, --class, --name and at most one plain argument. */
typedef struct {
  const char *dir;
  const char *klass;
  const char *name;
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
                        : strcmp (argv[i], "--class") == 0 ? &a->klass
                        : strcmp (argv[i], "--name") == 0 ? &a->name
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

static void
print_messages (GPtrArray *messages)
{
  for (guint i = 0; i < messages->len; i++)
    xqtool_print_line (stdout, g_ptr_array_index (messages, i));
}

static int
sync_and_print (XqProgressStore *store, const Args *a)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqClassSyncReport) report = xq_class_sync (store, a->units, NULL, &error);
  g_autoptr(XqClassState) state = NULL;
  g_autofree char *line = NULL;

  if (report == NULL)
    return xqtool_fail ("%s", error->message);
  print_messages (report->messages);
  state = xq_class_state_load (store, NULL);
  printf ("%u learners: %u written to the class folder, %u brought up to date here; %u units copied\n",
          report->n_learners, report->n_sent, report->n_received, report->n_units);
  if (state != NULL)
    {
      line = xq_class_state_describe (state);
      xqtool_print_line (stdout, line);
    }
  return report->away ? 1 : 0;
}

static int
class_create (const Args *a)
{
  g_autoptr(XqProgressStore) store = xq_progress_store_new (a->dir);
  g_autoptr(GFile) folder = g_file_new_for_commandline_arg (a->klass);
  g_autoptr(GError) error = NULL;
  g_autoptr(XqClassInfo) info = xq_class_folder_create (folder, a->name, NULL, &error);
  g_autoptr(XqClassState) state = NULL;
  g_autoptr(GFile) class_file = NULL;
  g_autofree char *where = NULL;

  if (info == NULL)
    return xqtool_fail ("%s", error->message);
  class_file = g_file_get_child (folder, XQ_CLASS_FILE_NAME);
  where = g_file_get_parse_name (class_file);
  printf ("class “%s” created; the class file to hand out: %s\n", info->name, where);
  state = xq_class_join (store, folder, NULL, &error);
  if (state == NULL)
    return xqtool_fail ("%s", error->message);
  return sync_and_print (store, a);
}

static int
class_join (const Args *a)
{
  g_autoptr(XqProgressStore) store = xq_progress_store_new (a->dir);
  g_autoptr(GFile) target = g_file_new_for_commandline_arg (a->klass);
  g_autoptr(GError) error = NULL;
  g_autoptr(XqClassState) state = xq_class_join (store, target, NULL, &error);
  g_autoptr(GFile) folder = NULL;
  g_autofree char *where = NULL;

  if (state == NULL)
    return xqtool_fail ("%s", error->message);
  folder = g_file_new_for_uri (state->folder);
  where = g_file_get_parse_name (folder);
  printf ("joined class “%s” in %s\n", state->name, where);
  return sync_and_print (store, a);
}

static int
class_status (const Args *a)
{
  g_autoptr(XqProgressStore) store = xq_progress_store_new (a->dir);
  g_autoptr(GError) error = NULL;
  g_autoptr(XqClassState) state = xq_class_state_load (store, &error);
  g_autofree char *line = NULL;

  if (state == NULL && error != NULL)
    return xqtool_fail ("%s", error->message);
  if (state == NULL)
    {
      printf ("this computer is in no class\n");
      return 0;
    }
  line = xq_class_state_describe (state);
  xqtool_print_line (stdout, line);
  return 0;
}

/* Removes a temporary directory made below. */
static void
remove_tree (const char *path)
{
  g_autoptr(GDir) d = g_dir_open (path, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

/* The report or the CSV of a class folder: its learners and units copied
 * into a temporary store, then the same report as a computer's own. */
static int
class_from_folder (const Args *a, gboolean csv)
{
  g_autoptr(GFile) target = g_file_new_for_commandline_arg (a->klass);
  g_autoptr(XqClassInfo) info = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) folder = xq_class_folder_resolve (target, &info, NULL, &error);
  g_autoptr(GPtrArray) messages = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *tmp = NULL;
  g_autofree char *learners = NULL;
  g_autofree char *units = NULL;
  gboolean ok;

  if (folder == NULL)
    return xqtool_fail ("%s", error->message);
  tmp = g_dir_make_tmp ("xqtool-class-XXXXXX", &error);
  if (tmp == NULL)
    return xqtool_fail ("%s", error->message);
  learners = g_build_filename (tmp, "learners", NULL);
  units = g_build_filename (tmp, "units", NULL);
  ok = xq_class_folder_to_store (folder, learners, a->units ? NULL : units, messages, NULL, &error);
  print_messages (messages);
  if (ok)
    {
      g_autoptr(XqProgressStore) store = xq_progress_store_new (learners);
      const char *own = a->units ? a->units : units;

      if (csv)
        {
          g_autoptr(GDateTime) now = g_date_time_new_now_local ();
          g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
          g_autoptr(GPtrArray) list = xq_class_units_load (a->lessons, own, problems);

          ok = xq_class_export_csv (store, list, now, a->out, &error);
        }
      else
        ok = xq_class_write_report (store, a->lessons, own, a->title ? a->title : info->name, a->out, &error);
    }
  remove_tree (tmp);
  if (!ok)
    return xqtool_fail ("%s", error->message);
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
  if (strcmp (argv[1], "create") == 0 && a.klass != NULL && a.name != NULL && a.arg == NULL)
    return class_create (&a);
  if (strcmp (argv[1], "join") == 0 && a.klass != NULL && a.arg == NULL)
    return class_join (&a);
  if (strcmp (argv[1], "sync") == 0 && a.klass == NULL && a.arg == NULL)
    {
      g_autoptr(XqProgressStore) store = xq_progress_store_new (a.dir);
      return sync_and_print (store, &a);
    }
  if (strcmp (argv[1], "status") == 0 && a.klass == NULL && a.arg == NULL)
    return class_status (&a);
  if (strcmp (argv[1], "leave") == 0 && a.klass == NULL && a.arg == NULL)
    {
      g_autoptr(XqProgressStore) store = xq_progress_store_new (a.dir);
      if (!xq_class_leave (store, &error))
        return xqtool_fail ("%s", error->message);
      printf ("left the class; every learner stays on this computer\n");
      return 0;
    }
  if ((strcmp (argv[1], "export-csv") == 0 || strcmp (argv[1], "report") == 0) &&
      a.klass != NULL && a.out != NULL && a.arg == NULL && a.dir == NULL)
    return class_from_folder (&a, strcmp (argv[1], "export-csv") == 0);
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
    " | report --out FILE.pdf [--dir DIR] [--lessons DIR] [--units DIR] [--title TEXT]"
    " | create --class DIR --name NAME [--dir DIR] [--units DIR] | join --class DIR|FILE [--dir DIR] [--units DIR]"
    " | sync [--dir DIR] [--units DIR] | status [--dir DIR] | leave [--dir DIR]"
    " | report|export-csv --class DIR --out FILE [--lessons DIR] [--units DIR] [--title TEXT]",
    class_main },
  { NULL, NULL, NULL },
};
