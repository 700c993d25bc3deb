/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xqtool pack: export units into a shareable lesson pack, validate a pack,
 * import one into a folder. */
#define G_LOG_DOMAIN "xqtool"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "xqtool.h"
#include "xq-pack.h"

static const XqToolCommand pack_self = {
  "pack",
  "export UNIT.json... --out FILE [--title TEXT] [--author NAME] | validate FILE | import FILE --into DIR",
  NULL,
};

/* Every problem, one line each, on stderr; returns 1. */
static int
fail_problems (GPtrArray *problems)
{
  for (guint i = 0; i < problems->len; i++)
    {
      g_autofree char *line = xq_lesson_problem_format (g_ptr_array_index (problems, i));
      xqtool_fail ("%s", line);
    }
  return 1;
}

static void
count (const XqPack *pack, guint *units, guint *exercises, guint *packs, guint *puzzles)
{
  *units = *exercises = *packs = *puzzles = 0;
  for (guint i = 0; i < pack->entries->len; i++)
    {
      const XqPackEntry *e = g_ptr_array_index (pack->entries, i);
      if (e->type == XQ_LESSON_FILE_UNIT)
        {
          (*units)++;
          *exercises += e->n_items;
        }
      else
        {
          (*packs)++;
          *puzzles += e->n_items;
        }
    }
}

static char *
summary (const XqPack *pack)
{
  guint units, exercises, packs, puzzles;

  count (pack, &units, &exercises, &packs, &puzzles);
  return g_strdup_printf ("%u units (%u exercises), %u puzzle packs (%u puzzles)",
                          units, exercises, packs, puzzles);
}

static int
pack_export (int argc, char **argv)
{
  g_autoptr(GPtrArray) inputs = g_ptr_array_new ();
  g_autoptr(GPtrArray) problems = xq_pack_problems_new ();
  g_autoptr(XqPack) pack = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *title = NULL;
  g_autofree char *line = NULL;
  const char *out = NULL, *author = NULL;

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--out") == 0 && i + 1 < argc)
        out = argv[++i];
      else if (strcmp (argv[i], "--title") == 0 && i + 1 < argc)
        title = g_strdup (argv[++i]);
      else if (strcmp (argv[i], "--author") == 0 && i + 1 < argc)
        author = argv[++i];
      else if (argv[i][0] == '-')
        return xqtool_usage (&pack_self);
      else
        g_ptr_array_add (inputs, argv[i]);
    }
  if (out == NULL || inputs->len == 0)
    return xqtool_usage (&pack_self);
  if (title == NULL)
    {
      /* Untitled: name the pack after its file. */
      g_autofree char *base = g_path_get_basename (out);
      char *dot = strchr (base, '.');
      if (dot != NULL && dot != base)
        *dot = '\0';
      title = g_steal_pointer (&base);
    }
  if (g_utf8_strlen (title, -1) > XQ_PACK_MAX_TITLE ||
      (author != NULL && g_utf8_strlen (author, -1) > XQ_PACK_MAX_TITLE))
    return xqtool_fail ("the title and the author may have at most %d characters", XQ_PACK_MAX_TITLE);

  pack = xq_pack_new (title, author);
  for (guint i = 0; i < inputs->len; i++)
    xq_pack_add_file (pack, g_ptr_array_index (inputs, i), problems);
  if (problems->len > 0)
    return fail_problems (problems);

  /* Check the result the way an importer will, before anyone receives it. */
  {
    g_autofree char *data = NULL;
    g_autoptr(XqPack) back = NULL;
    gsize length;

    data = xq_pack_to_data (pack, &length);
    back = xq_pack_load_data (data, (gssize) length, out, problems);
    if (back == NULL)
      return fail_problems (problems);
  }
  if (!xq_pack_save (pack, out, &error))
    return xqtool_fail ("%s", error->message);
  line = summary (pack);
  {
    g_autofree char *echo = g_strdup_printf ("%s: %s", out, line);
    xqtool_print_line (stdout, echo);
  }
  return 0;
}

static int
pack_validate (int argc, char **argv)
{
  g_autoptr(GPtrArray) problems = xq_pack_problems_new ();
  g_autoptr(XqPack) pack = NULL;
  g_autofree char *line = NULL;

  if (argc != 2 || argv[1][0] == '-')
    return xqtool_usage (&pack_self);
  pack = xq_pack_load_file (argv[1], problems);
  if (pack == NULL)
    return fail_problems (problems);
  line = summary (pack);
  {
    g_autofree char *echo = g_strdup_printf ("%s: “%s”%s%s: %s", argv[1], pack->title,
                                             pack->author != NULL ? " by " : "",
                                             pack->author != NULL ? pack->author : "", line);
    xqtool_print_line (stdout, echo);
  }
  for (guint i = 0; i < pack->entries->len; i++)
    {
      const XqPackEntry *e = g_ptr_array_index (pack->entries, i);
      printf ("  %s: %s %s, %u %s\n", e->name,
              e->type == XQ_LESSON_FILE_UNIT ? "unit" : "puzzle pack", e->id, e->n_items,
              e->type == XQ_LESSON_FILE_UNIT ? "exercises" : "puzzles");
    }
  return 0;
}

static int
pack_import (int argc, char **argv)
{
  g_autoptr(GPtrArray) problems = xq_pack_problems_new ();
  g_autoptr(XqPack) pack = NULL;
  g_autoptr(GError) error = NULL;
  const char *file = NULL, *dir = NULL;

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--into") == 0 && i + 1 < argc)
        dir = argv[++i];
      else if (argv[i][0] == '-' || file != NULL)
        return xqtool_usage (&pack_self);
      else
        file = argv[i];
    }
  if (file == NULL || dir == NULL)
    return xqtool_usage (&pack_self);
  pack = xq_pack_load_file (file, problems);
  if (pack == NULL)
    return fail_problems (problems);
  if (!xq_pack_install (pack, dir, &error))
    return xqtool_fail ("%s: %s", file, error->message);
  for (guint i = 0; i < pack->entries->len; i++)
    {
      const XqPackEntry *e = g_ptr_array_index (pack->entries, i);
      g_autofree char *path = g_build_filename (dir, e->name, NULL);
      xqtool_print_line (stdout, path);
    }
  return 0;
}

static int
cmd_pack (int argc, char **argv)
{
  if (argc < 2)
    return xqtool_usage (&pack_self);
  if (strcmp (argv[1], "export") == 0)
    return pack_export (argc - 1, argv + 1);
  if (strcmp (argv[1], "validate") == 0)
    return pack_validate (argc - 1, argv + 1);
  if (strcmp (argv[1], "import") == 0)
    return pack_import (argc - 1, argv + 1);
  return xqtool_usage (&pack_self);
}

const XqToolCommand xqtool_pack_commands[] = {
  { "pack", "export UNIT.json... --out FILE [--title TEXT] [--author NAME] | validate FILE | import FILE --into DIR",
    cmd_pack },
  { NULL, NULL, NULL },
};
