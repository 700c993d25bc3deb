/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xqtool import: game files (XQF, DhtmlXQ, PGN) into a unit of mate
 * exercises or a puzzle pack (docs/import.md). */
#define G_LOG_DOMAIN "xqtool"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "xq-game-file.h"
#include "xq-import.h"
#include "xq-unit-store.h"
#include "xqtool.h"

static int
cmd_import (int argc, char **argv)
{
  static const XqToolCommand self = { "import", "FILE-OR-FOLDER... --out UNIT-OR-PACK.json [--as unit|pack] [--replace [--learners DIR]]", NULL };
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

  /* A folder is walked for its game files, as the app's Import Games
   * does; a file is read as given. */
  {
    g_autoptr(GPtrArray) found = xq_import_find_files ((const char *const *) files->pdata, NULL, &error);

    if (found == NULL)
      return xqtool_fail ("%s", error->message);
    g_ptr_array_add (found, NULL);
    ok = xq_import_files ((const char *const *) found->pdata, as, out, NULL, NULL, NULL, &report, &error);
  }
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
  for (guint i = 1; i < report->files_written->len; i++)
    {
      g_autofree char *line = g_strdup_printf ("%s: part %u of %u", (char *) g_ptr_array_index (report->files_written, i),
                                               i + 1, report->files_written->len);
      xqtool_print_line (stdout, line);
    }
  {
    g_autofree char *summary = g_strdup_printf ("%s: %u imported, %u skipped", out,
                                                report->n_imported, report->n_skipped);
    g_autofree char *causes = xq_import_report_summary (report);

    xqtool_print_line (stdout, summary);
    xqtool_print_line (stdout, causes);
  }
  return 0;
}

/* ---- xqtool read ------------------------------------------------------------------ */

typedef struct {
  const char   *path;
  XqGameFormat  format;
  const char   *encoding;
  gboolean      json;
  guint         record;
  guint         n_read, n_refused;
} ReadRun;

static char *
line_moves (const XqPgnRecord *rec)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < xq_pgn_record_get_n_moves (rec); i++)
    {
      char iccs[5];

      xq_move_to_iccs (xq_pgn_record_get_move (rec, i), iccs);
      g_string_append_printf (out, "%s%s", i > 0 ? " " : "", iccs);
    }
  return g_string_free (out, FALSE);
}

/* Comments as "ply: text" lines (ply 0 the game's; ply n after move n,
 * "before n" before it), indented. */
static void
print_comments (const XqPgnRecord *rec, const char *indent)
{
  if (xq_pgn_record_get_game_comment (rec) != NULL)
    {
      g_autofree char *text = g_strdup_printf ("%scomment 0: %s", indent, xq_pgn_record_get_game_comment (rec));
      xqtool_print_line (stdout, text);
    }
  for (guint i = 0; i < xq_pgn_record_get_n_moves (rec); i++)
    {
      const char *before = xq_pgn_record_get_comment_before (rec, i);
      const char *after = xq_pgn_record_get_comment_after (rec, i);

      if (before != NULL)
        {
          g_autofree char *text = g_strdup_printf ("%scomment before %u: %s", indent, i + 1, before);
          xqtool_print_line (stdout, text);
        }
      if (after != NULL)
        {
          g_autofree char *text = g_strdup_printf ("%scomment %u: %s", indent, i + 1, after);
          xqtool_print_line (stdout, text);
        }
    }
}

static void
print_variations (const XqPgnRecord *rec, int depth)
{
  for (guint i = 0; i < xq_pgn_record_get_n_variations (rec); i++)
    {
      const XqPgnRecord *line = xq_pgn_record_get_variation (rec, i);
      g_autofree char *moves = line_moves (line);
      g_autofree char *indent = g_strnfill ((gsize) (2 * depth + 2), ' ');
      g_autofree char *text = g_strdup_printf ("%svariation instead of move %u: %s", indent,
                                               xq_pgn_record_get_variation_ply (rec, i) + 1, moves);
      g_autofree char *deeper = g_strnfill ((gsize) (2 * depth + 4), ' ');

      xqtool_print_line (stdout, text);
      print_comments (line, deeper);
      print_variations (line, depth + 1);
    }
}

static void
json_line (JsonBuilder *b, const XqPgnRecord *rec)
{
  json_builder_set_member_name (b, "moves");
  json_builder_begin_array (b);
  for (guint i = 0; i < xq_pgn_record_get_n_moves (rec); i++)
    {
      char iccs[5];

      xq_move_to_iccs (xq_pgn_record_get_move (rec, i), iccs);
      json_builder_add_string_value (b, iccs);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "comments");
  json_builder_begin_array (b);
  if (xq_pgn_record_get_game_comment (rec) != NULL)
    {
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "ply");
      json_builder_add_int_value (b, 0);
      json_builder_set_member_name (b, "text");
      json_builder_add_string_value (b, xq_pgn_record_get_game_comment (rec));
      json_builder_end_object (b);
    }
  for (guint i = 0; i < xq_pgn_record_get_n_moves (rec); i++)
    for (int where = 0; where < 2; where++)
      {
        const char *text = where == 0 ? xq_pgn_record_get_comment_before (rec, i)
                                      : xq_pgn_record_get_comment_after (rec, i);
        if (text == NULL)
          continue;
        json_builder_begin_object (b);
        json_builder_set_member_name (b, "ply");
        json_builder_add_int_value (b, i + 1);
        if (where == 0)
          {
            json_builder_set_member_name (b, "before");
            json_builder_add_boolean_value (b, TRUE);
          }
        json_builder_set_member_name (b, "text");
        json_builder_add_string_value (b, text);
        json_builder_end_object (b);
      }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "variations");
  json_builder_begin_array (b);
  for (guint i = 0; i < xq_pgn_record_get_n_variations (rec); i++)
    {
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "instead_of");
      json_builder_add_int_value (b, xq_pgn_record_get_variation_ply (rec, i) + 1);
      json_line (b, xq_pgn_record_get_variation (rec, i));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
print_json (ReadRun *run, const XqPgnGame *game, const char *error)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;
  const XqPgnRecord *rec = game != NULL ? game->record : NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "file");
  json_builder_add_string_value (b, run->path);
  json_builder_set_member_name (b, "record");
  json_builder_add_int_value (b, run->record);
  if (xq_game_format_name (run->format) != NULL)
    {
      json_builder_set_member_name (b, "format");
      json_builder_add_string_value (b, xq_game_format_name (run->format));
    }
  if (run->encoding != NULL && *run->encoding != '\0')
    {
      json_builder_set_member_name (b, "encoding");
      json_builder_add_string_value (b, run->encoding);
    }
  if (error != NULL)
    {
      json_builder_set_member_name (b, "error");
      json_builder_add_string_value (b, error);
    }
  if (rec != NULL)
    {
      g_autofree char *fen = xq_position_to_fen (xq_pgn_record_get_start (rec));

      json_builder_set_member_name (b, "tags");
      json_builder_begin_object (b);
      for (guint i = 0; i < xq_pgn_record_get_n_tags (rec); i++)
        {
          json_builder_set_member_name (b, xq_pgn_record_get_tag_name (rec, i));
          json_builder_add_string_value (b, xq_pgn_record_get_tag_value (rec, i));
        }
      json_builder_end_object (b);
      json_builder_set_member_name (b, "fen");
      json_builder_add_string_value (b, fen);
      json_builder_set_member_name (b, "result");
      json_builder_add_string_value (b, xq_pgn_result_to_string (xq_pgn_record_get_result (rec)));
      json_line (b, rec);
      json_builder_set_member_name (b, "warnings");
      json_builder_begin_array (b);
      for (guint i = 0; i < xq_pgn_record_get_n_warnings (rec); i++)
        json_builder_add_string_value (b, xq_pgn_record_get_warning (rec, i));
      json_builder_end_array (b);
    }
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  text = json_generator_to_data (gen, NULL);
  printf ("%s\n", text);
}

static void
print_text (ReadRun *run, const XqPgnGame *game, const char *error)
{
  const XqPgnRecord *rec = game != NULL ? game->record : NULL;
  const char *format = xq_game_format_name (run->format);
  g_autofree char *head = NULL;

  if (error != NULL)
    {
      if (run->record == 0)
        head = g_strdup_printf ("%s: refused: %s", run->path, error);
      else
        head = g_strdup_printf ("%s: record %u: refused: %s", run->path, run->record, error);
      xqtool_print_line (stdout, head);
      return;
    }
  head = g_strdup_printf ("%s: record %u: %s%s%s%s", run->path, run->record, format,
                          *run->encoding != '\0' ? " (" : "", run->encoding,
                          *run->encoding != '\0' ? ")" : "");
  xqtool_print_line (stdout, head);
  for (guint i = 0; i < xq_pgn_record_get_n_tags (rec); i++)
    {
      g_autofree char *tag = g_strdup_printf ("  %s: %s", xq_pgn_record_get_tag_name (rec, i),
                                              xq_pgn_record_get_tag_value (rec, i));
      xqtool_print_line (stdout, tag);
    }
  {
    g_autofree char *fen = xq_position_to_fen (xq_pgn_record_get_start (rec));
    g_autofree char *moves = line_moves (rec);
    g_autofree char *a = g_strdup_printf ("  start: %s", fen);
    g_autofree char *m = g_strdup_printf ("  moves: %s", moves);
    g_autofree char *r = g_strdup_printf ("  result: %s",
                                          xq_pgn_result_to_string (xq_pgn_record_get_result (rec)));

    xqtool_print_line (stdout, a);
    xqtool_print_line (stdout, m);
    print_comments (rec, "  ");
    print_variations (rec, 0);
    xqtool_print_line (stdout, r);
  }
  for (guint i = 0; i < xq_pgn_record_get_n_warnings (rec); i++)
    {
      g_autofree char *w = g_strdup_printf ("  warning: %s", xq_pgn_record_get_warning (rec, i));
      xqtool_print_line (stdout, w);
    }
}

static gboolean
read_one (XqPgnGame *game, gpointer user_data)
{
  ReadRun *run = user_data;

  run->record++;
  if (game->record != NULL)
    run->n_read++;
  else
    run->n_refused++;
  if (run->json)
    print_json (run, game, game->error != NULL ? game->error->message : NULL);
  else
    print_text (run, game, game->error != NULL ? game->error->message : NULL);
  xq_pgn_game_free (game);
  return TRUE;
}

static int
cmd_read (int argc, char **argv)
{
  static const XqToolCommand self = { "read", "FILE... [--json]", NULL };
  g_autoptr(GPtrArray) files = g_ptr_array_new ();
  gboolean json = FALSE;
  guint n_read = 0, n_refused = 0, n_files_refused = 0;

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--json") == 0)
        json = TRUE;
      else if (strncmp (argv[i], "--", 2) == 0)
        return xqtool_usage (&self);
      else
        g_ptr_array_add (files, argv[i]);
    }
  if (files->len == 0)
    return xqtool_usage (&self);
  for (guint f = 0; f < files->len; f++)
    {
      g_autoptr(GError) error = NULL;
      ReadRun run = { g_ptr_array_index (files, f), XQ_GAME_FORMAT_UNKNOWN, "", json, 0, 0, 0 };

      if (!xq_game_file_read_each (run.path, &run.format, &run.encoding, read_one, &run, &error))
        {
          /* The message starts with the path already. */
          const char *msg = error->message;

          if (g_str_has_prefix (msg, run.path) && msg[strlen (run.path)] == ':')
            msg += strlen (run.path) + 2;
          run.record = 0;
          if (json)
            print_json (&run, NULL, msg);
          else
            print_text (&run, NULL, msg);
          n_files_refused++;
        }
      n_read += run.n_read;
      n_refused += run.n_refused;
    }
  if (!json)
    {
      g_autofree char *summary =
        g_strdup_printf ("%u files: %u records read, %u records refused, %u files refused",
                         files->len, n_read, n_refused, n_files_refused);
      xqtool_print_line (stdout, summary);
    }
  return n_refused + n_files_refused > 0 ? 1 : 0;
}

const XqToolCommand xqtool_import_commands[] = {
  { "read", "FILE... [--json]", cmd_read },
  { "import", "FILE... --out UNIT-OR-PACK.json [--as unit|pack] [--replace [--learners DIR]]", cmd_import },
  { NULL, NULL, NULL },
};
