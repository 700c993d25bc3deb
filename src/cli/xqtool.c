/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xqtool: the command line for teachers, tests and benchmarks. */
#define G_LOG_DOMAIN "xqtool"

#include "config.h"

#include <glib/gi18n.h>
#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xq-data-dirs.h"
#include "xqtool.h"

/* Every command table the tool knows; a new command file adds its table here. */
static const XqToolCommand *const command_tables[] = {
  xqtool_class_commands,
  xqtool_core_commands,
  xqtool_game_commands,
  xqtool_import_commands,
  xqtool_lesson_commands,
  xqtool_notation_commands,
  xqtool_pack_commands,
  xqtool_patterns_commands,
  xqtool_puzzles_commands,
  xqtool_render_commands,
  xqtool_review_commands,
  xqtool_solve_commands,
  xqtool_variant_commands,
  xqtool_tournament_commands,
  xqtool_units_commands,
};

/* Every `xqtool bench NAME` table. */
static const XqToolCommand *const bench_tables[] = {
  xqtool_core_bench,
  xqtool_game_bench,
  xqtool_ladder_bench,
  xqtool_lesson_bench,
  xqtool_notation_bench,
  xqtool_render_bench,
  xqtool_solve_bench,
  xqtool_variant_bench,
};

char *
xqtool_escape (const char *text)
{
  GString *out = g_string_new (NULL);
  const char *p = text, *end = text + strlen (text);

  while (p < end)
    {
      gunichar ch = g_utf8_get_char_validated (p, end - p);

      if (ch == (gunichar) -1 || ch == (gunichar) -2)
        {
          g_string_append_printf (out, "\\x%02X", (guchar) *p);
          p++;
          continue;
        }
      if (ch == '\n')
        g_string_append (out, "\\n");
      else if (ch == '\t')
        g_string_append (out, "\\t");
      else if (ch == '\r')
        g_string_append (out, "\\r");
      else if (ch < 0x20 || ch == 0x7F)
        g_string_append_printf (out, "\\x%02X", ch);
      else if (ch >= 0x80 && ch < 0xA0)
        g_string_append_printf (out, "\\u%04X", ch);
      else
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
      p = g_utf8_next_char (p);
    }
  return g_string_free (out, FALSE);
}

void
xqtool_print_line (FILE *out, const char *text)
{
  g_autofree char *folded = g_strdelimit (g_strdup (text), "\n", ' ');
  g_autofree char *safe = xqtool_escape (folded);

  fprintf (out, "%s\n", safe);
}

static void
note_va (const char *format, va_list args) G_GNUC_PRINTF (1, 0);

static void
note_va (const char *format, va_list args)
{
  g_autofree char *msg = g_strdup_vprintf (format, args);
  g_autofree char *line = g_strconcat ("xqtool: ", msg, NULL);

  xqtool_print_line (stderr, line);
}

void
xqtool_note (const char *format, ...)
{
  va_list args;

  va_start (args, format);
  note_va (format, args);
  va_end (args);
}

int
xqtool_fail (const char *format, ...)
{
  va_list args;

  va_start (args, format);
  note_va (format, args);
  va_end (args);
  return 1;
}

int
xqtool_usage (const XqToolCommand *cmd)
{
  fprintf (stderr, "usage: xqtool %s %s\n", cmd->name, cmd->usage);
  return 2;
}

gboolean
xqtool_load_fen (const char *fen, XqPosition *pos)
{
  g_autoptr(GError) error = NULL;

  if (!xq_position_set_fen (pos, fen, &error))
    {
      xqtool_fail ("invalid FEN: %s", error->message);
      return FALSE;
    }
  return TRUE;
}

gboolean
xqtool_parse_int (const char *text, int lo, int hi, int *out)
{
  char *end = NULL;
  long v;

  if (text == NULL || *text == '\0')
    return FALSE;
  errno = 0;
  v = strtol (text, &end, 10);
  if (errno != 0 || *end != '\0' || v < lo || v > hi)
    return FALSE;
  *out = (int) v;
  return TRUE;
}

static int
compare_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

double
xqtool_median (double *samples, int n)
{
  g_return_val_if_fail (n > 0, 0.0);
  qsort (samples, (size_t) n, sizeof *samples, compare_double);
  return n % 2 ? samples[n / 2] : (samples[n / 2 - 1] + samples[n / 2]) / 2.0;
}

static void
print_help (FILE *out)
{
  fprintf (out, "usage: xqtool COMMAND [ARGS...]\n\ncommands:\n");
  for (size_t t = 0; t < G_N_ELEMENTS (command_tables); t++)
    for (const XqToolCommand *c = command_tables[t]; c->name != NULL; c++)
      fprintf (out, "  %s %s\n", c->name, c->usage);
  fprintf (out, "  bench NAME\n\nbenchmarks:\n");
  for (size_t t = 0; t < G_N_ELEMENTS (bench_tables); t++)
    for (const XqToolCommand *c = bench_tables[t]; c->name != NULL; c++)
      fprintf (out, "  bench %s %s\n", c->name, c->usage);
}

static const XqToolCommand *
find_command (const XqToolCommand *const *tables, size_t n_tables, const char *name)
{
  for (size_t t = 0; t < n_tables; t++)
    for (const XqToolCommand *c = tables[t]; c->name != NULL; c++)
      if (strcmp (c->name, name) == 0)
        return c;
  return NULL;
}

/* The libraries' log records (a damaged learner file set aside, a
 * backup restored) in the tool's own form, one line each on stderr,
 * instead of GLib's "domain-Message: time: ..." form.  Debug records stay
 * behind G_MESSAGES_DEBUG as usual. */
static GLogWriterOutput
log_writer (GLogLevelFlags level, const GLogField *fields, gsize n_fields, gpointer user_data)
{
  const char *message = NULL;

  if ((level & (G_LOG_LEVEL_DEBUG | G_LOG_LEVEL_INFO)) != 0)
    return g_log_writer_default (level, fields, n_fields, user_data);
  for (gsize i = 0; i < n_fields; i++)
    if (strcmp (fields[i].key, "MESSAGE") == 0 && fields[i].length < 0)
      message = fields[i].value;
  if (message == NULL)
    return g_log_writer_default (level, fields, n_fields, user_data);
  if ((level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL)) != 0)
    xqtool_note ("internal error: %s", message);
  else
    xqtool_note ("%s", message);
  return G_LOG_WRITER_HANDLED;
}

int
main (int argc, char **argv)
{
  const XqToolCommand *cmd;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, xq_data_locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_log_set_writer_func (log_writer, NULL, NULL);

  if (argc < 2)
    {
      print_help (stderr);
      return 2;
    }
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0 || strcmp (argv[1], "help") == 0)
    {
      print_help (stdout);
      return 0;
    }
  if (strcmp (argv[1], "bench") == 0)
    {
      if (argc < 3)
        {
          print_help (stderr);
          return 2;
        }
      cmd = find_command (bench_tables, G_N_ELEMENTS (bench_tables), argv[2]);
      if (cmd == NULL)
        return xqtool_fail ("unknown benchmark “%s” (see xqtool --help)", argv[2]);
      return cmd->func (argc - 2, argv + 2);
    }
  cmd = find_command (command_tables, G_N_ELEMENTS (command_tables), argv[1]);
  if (cmd == NULL)
    return xqtool_fail ("unknown command “%s” (see xqtool --help)", argv[1]);
  return cmd->func (argc - 1, argv + 1);
}
