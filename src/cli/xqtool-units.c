/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xqtool units: a teacher's own units from a terminal, the same
 * operations as the Teach page's list (docs/teacher-units.md). */
#define G_LOG_DOMAIN "xqtool"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "xq-json-bounded.h"
#include "xq-pack.h"
#include "xq-unit-store.h"
#include "xqtool.h"

#define UNITS_USAGE \
  "[--dir DIR] list | exercises ID | rename ID TITLE | renumber ID N | move ID up|down | duplicate ID" \
  " | delete ID | restore TRASHED-FILE | move-exercise ID FROM TO | duplicate-exercise ID N" \
  " | delete-exercise ID N | import PACK [--replace] [--learners DIR]"

static const XqToolCommand units_self = { "units", UNITS_USAGE, NULL };

static int
fail_error (GError *error)
{
  return xqtool_fail ("%s", error->message);
}

static int
list_units (const char *dir)
{
  g_autoptr(GPtrArray) units = xq_unit_store_list (dir);

  for (guint i = 0; i < units->len; i++)
    {
      const XqUnitInfo *u = g_ptr_array_index (units, i);
      g_autofree char *line = g_strdup_printf ("%d | %s | %s | %u exercises | %s", u->number, u->id, u->title,
                                               u->n_exercises, u->path);
      xqtool_print_line (stdout, line);
    }
  return 0;
}

static int
list_exercises (const char *dir, const char *id)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqUnitInfo) info = xq_unit_store_find (dir, id, &error);
  g_autoptr(JsonObject) unit = NULL;
  JsonArray *list;

  if (info == NULL || (unit = xq_unit_store_read (info->path, &error)) == NULL)
    return fail_error (error);
  list = json_object_get_array_member (unit, "exercises");
  for (guint i = 0; list != NULL && i < json_array_get_length (list); i++)
    {
      JsonObject *e = json_array_get_object_element (list, i);
      g_autofree char *line = g_strdup_printf ("%u | %s | %s | %s", i + 1,
                                               xq_json_member_string (e, "id", ""),
                                               xq_json_member_string (e, "kind", ""),
                                               xq_json_member_string (e, "prompt", ""));
      xqtool_print_line (stdout, line);
    }
  return 0;
}

/* An exercise's place as the list shows it (1-based) to an index. */
static gboolean
parse_place (const char *text, guint *index)
{
  int n;

  if (!xqtool_parse_int (text, 1, 10000, &n))
    return FALSE;
  *index = (guint) (n - 1);
  return TRUE;
}

static int
import_pack (const char *dir, int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqUnitImport) import = NULL;
  g_autoptr(XqProgressStore) learners = NULL;
  const char *file = NULL, *learners_dir = NULL;
  gboolean replace = FALSE;

  for (int i = 0; i < argc; i++)
    {
      if (strcmp (argv[i], "--replace") == 0)
        replace = TRUE;
      else if (strcmp (argv[i], "--learners") == 0 && i + 1 < argc)
        learners_dir = argv[++i];
      else if (argv[i][0] == '-' || file != NULL)
        return xqtool_usage (&units_self);
      else
        file = argv[i];
    }
  if (file == NULL)
    return xqtool_usage (&units_self);
  learners = xq_progress_store_new (learners_dir);
  if (!xq_unit_store_import_pack (file, dir, replace, learners, NULL, &import, &error))
    {
      if (g_error_matches (error, XQ_UNIT_STORE_ERROR, XQ_UNIT_STORE_ERROR_EXISTS) && !replace)
        return xqtool_fail ("%s (add --replace to replace them)", error->message);
      return fail_error (error);
    }
  for (guint i = 0; i < import->lines->len; i++)
    xqtool_print_line (stdout, g_ptr_array_index (import->lines, i));
  return 0;
}

static int
cmd_units (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  const char *what;
  guint a, b;
  int n;

  if (argc >= 3 && strcmp (argv[1], "--dir") == 0)
    {
      dir = g_strdup (argv[2]);
      argc -= 2;
      argv += 2;
    }
  else
    dir = xq_pack_user_units_dir ();
  if (argc < 2)
    return xqtool_usage (&units_self);
  what = argv[1];

  if (strcmp (what, "list") == 0 && argc == 2)
    return list_units (dir);
  if (strcmp (what, "exercises") == 0 && argc == 3)
    return list_exercises (dir, argv[2]);
  if (strcmp (what, "rename") == 0 && argc == 4)
    return xq_unit_store_rename (dir, argv[2], argv[3], &error) ? 0 : fail_error (error);
  if (strcmp (what, "renumber") == 0 && argc == 4)
    {
      if (!xqtool_parse_int (argv[3], 1, XQ_UNIT_STORE_LAST_NUMBER, &n))
        return xqtool_fail ("renumber: a number from 1 to %d, not “%s”", XQ_UNIT_STORE_LAST_NUMBER, argv[3]);
      return xq_unit_store_renumber (dir, argv[2], n, &error) ? 0 : fail_error (error);
    }
  if (strcmp (what, "move") == 0 && argc == 4 && (strcmp (argv[3], "up") == 0 || strcmp (argv[3], "down") == 0))
    {
      if (!xq_unit_store_move (dir, argv[2], strcmp (argv[3], "up") == 0 ? -1 : 1, &error) && error != NULL)
        return fail_error (error);
      return list_units (dir);
    }
  if (strcmp (what, "duplicate") == 0 && argc == 3)
    {
      g_autofree char *id = xq_unit_store_duplicate (dir, argv[2], &error);
      if (id == NULL)
        return fail_error (error);
      xqtool_print_line (stdout, id);
      return 0;
    }
  if (strcmp (what, "delete") == 0 && argc == 3)
    {
      g_autofree char *trashed = xq_unit_store_delete (dir, argv[2], &error);
      if (trashed == NULL)
        return fail_error (error);
      xqtool_print_line (stdout, trashed);
      return 0;
    }
  if (strcmp (what, "restore") == 0 && argc == 3)
    return xq_unit_store_restore (dir, argv[2], &error) ? 0 : fail_error (error);
  if (strcmp (what, "move-exercise") == 0 && argc == 5)
    {
      if (!parse_place (argv[3], &a) || !parse_place (argv[4], &b))
        return xqtool_usage (&units_self);
      if (!xq_unit_store_move_exercise (dir, argv[2], a, b, &error))
        return fail_error (error);
      return list_exercises (dir, argv[2]);
    }
  if (strcmp (what, "duplicate-exercise") == 0 && argc == 4)
    {
      g_autofree char *id = NULL;
      if (!parse_place (argv[3], &a))
        return xqtool_usage (&units_self);
      if ((id = xq_unit_store_duplicate_exercise (dir, argv[2], a, &error)) == NULL)
        return fail_error (error);
      xqtool_print_line (stdout, id);
      return 0;
    }
  if (strcmp (what, "delete-exercise") == 0 && argc == 4)
    {
      g_autoptr(JsonObject) removed = NULL;
      if (!parse_place (argv[3], &a))
        return xqtool_usage (&units_self);
      if ((removed = xq_unit_store_remove_exercise (dir, argv[2], a, &error)) == NULL)
        return fail_error (error);
      xqtool_print_line (stdout, xq_json_member_string (removed, "id", ""));
      return 0;
    }
  if (strcmp (what, "import") == 0)
    return import_pack (dir, argc - 2, argv + 2);
  return xqtool_usage (&units_self);
}

const XqToolCommand xqtool_units_commands[] = {
  { "units", UNITS_USAGE, cmd_units },
  { NULL, NULL, NULL },
};
