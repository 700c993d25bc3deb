/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xqtool commands on move notation and game records: notation, pgn. */
#define G_LOG_DOMAIN "xqtool"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xq-notation.h"
#include "xq-game-file.h"
#include "xq-pgn.h"
#include "xqtool.h"

/* Reads "--NAME VALUE" into a notation; returns FALSE (after complaining)
 * for an unknown notation name. */
static gboolean
notation_option (const char *value, XqNotation *out)
{
  if (!xq_notation_from_name (value, out))
    {
      xqtool_fail ("unknown notation “%s” (iccs, wxf, zh-hans or zh-hant)", value);
      return FALSE;
    }
  return TRUE;
}

static int
cmd_notation (int argc, char **argv)
{
  static const XqToolCommand self = {
    "notation", "FEN MOVE [--from iccs|wxf|zh-hans|zh-hant] [--to iccs|wxf|zh-hans|zh-hant]"
  };
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  const char *args[2] = { NULL, NULL };
  gboolean any = TRUE;
  XqNotation from = XQ_NOTATION_ICCS, to = XQ_NOTATION_ICCS;
  XqPosition pos;
  XqMove m;
  int n_args = 0;

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--from") == 0 || strcmp (argv[i], "--to") == 0)
        {
          if (i + 1 >= argc)
            return xqtool_usage (&self);
          if (!notation_option (argv[i + 1], argv[i][2] == 'f' ? &from : &to))
            return 1;
          if (argv[i][2] == 'f')
            any = FALSE;
          i++;
        }
      else if (n_args < 2)
        args[n_args++] = argv[i];
      else
        return xqtool_usage (&self);
    }
  if (n_args != 2)
    return xqtool_usage (&self);

  if (!xq_position_set_fen (&pos, args[0], &error))
    return xqtool_fail ("invalid FEN: %s", error->message);
  m = any ? xq_notation_parse_any (&pos, args[1], &error)
          : xq_notation_parse (&pos, args[1], from, &error);
  if (m == XQ_MOVE_NONE)
    return xqtool_fail ("%s", error->message);
  text = xq_notation_format (&pos, m, to);
  printf ("%s\n", text);
  return 0;
}

static int
cmd_pgn (int argc, char **argv)
{
  static const XqToolCommand self = { "pgn", "FILE [--notation iccs|wxf|zh-hans|zh-hant]" };
  g_autoptr(GError) error = NULL;
  g_autoptr(XqPgnRecord) rec = NULL;
  XqNotation notation = XQ_NOTATION_ICCS;
  const char *path = NULL;
  XqPosition pos;

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--notation") == 0)
        {
          if (i + 1 >= argc)
            return xqtool_usage (&self);
          if (!notation_option (argv[++i], &notation))
            return 1;
        }
      else if (path == NULL)
        path = argv[i];
      else
        return xqtool_usage (&self);
    }
  if (path == NULL)
    return xqtool_usage (&self);

  rec = xq_game_file_read_first (path, &error);
  if (rec == NULL)
    return xqtool_fail ("%s", error->message);

  pos = *xq_pgn_record_get_start (rec);
  for (guint i = 0; i < xq_pgn_record_get_n_moves (rec); i++)
    {
      XqMove m = xq_pgn_record_get_move (rec, i);
      g_autofree char *text = xq_notation_format (&pos, m, notation);
      XqUndo undo;

      printf ("%s\n", text);
      xq_position_do_move (&pos, m, &undo);
    }
  return 0;
}

/* Formats and reads back every legal move of positions from seeded random
 * play, per notation: what a PGN import or a move list costs. */
static int
bench_notation (int argc, char **argv)
{
  static const XqToolCommand self = { "notation", "[--runs N]" };
  g_autoptr(GRand) rand = g_rand_new_with_seed (1);
  g_autoptr(GArray) positions = g_array_new (FALSE, FALSE, sizeof (XqPosition));
  XqPosition pos;
  int runs = 5;

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--runs") == 0 && i + 1 < argc)
        runs = atoi (argv[++i]);
      else
        return xqtool_usage (&self);
    }
  if (runs < 1 || runs > 64)
    return xqtool_fail ("--runs must be from 1 to 64");

  xq_position_init_start (&pos);
  while (positions->len < 500)
    {
      XqMove moves[XQ_MAX_MOVES];
      int n = xq_position_legal_moves (&pos, moves);
      XqUndo undo;

      if (n == 0 || pos.halfmove > 100)
        {
          xq_position_init_start (&pos);
          continue;
        }
      g_array_append_val (positions, pos);
      xq_position_do_move (&pos, moves[g_rand_int_range (rand, 0, n)], &undo);
    }

  for (int nt = XQ_NOTATION_ICCS; nt <= XQ_NOTATION_ZH_HANT; nt++)
    {
      double rate[64];
      guint64 count = 0;

      for (int r = 0; r < runs; r++)
        {
          gint64 start = g_get_monotonic_time ();

          count = 0;
          for (guint i = 0; i < positions->len; i++)
            {
              XqPosition *p = &g_array_index (positions, XqPosition, i);
              XqMove moves[XQ_MAX_MOVES];
              int n = xq_position_legal_moves (p, moves);

              for (int k = 0; k < n; k++)
                {
                  g_autofree char *text = xq_notation_format (p, moves[k], (XqNotation) nt);
                  if (xq_notation_parse (p, text, (XqNotation) nt, NULL) != moves[k])
                    return xqtool_fail ("%s did not read back", text);
                  count++;
                }
            }
          rate[r] = (double) count / ((double) (g_get_monotonic_time () - start) / 1e6);
        }
      printf ("%-8s format+parse: median %.0f moves/s (%" G_GUINT64_FORMAT " moves, %u positions, %d runs)\n",
              xq_notation_to_name ((XqNotation) nt), xqtool_median (rate, runs), count, positions->len, runs);
    }
  return 0;
}

const XqToolCommand xqtool_notation_commands[] = {
  { "notation", "FEN MOVE [--from iccs|wxf|zh-hans|zh-hant] [--to iccs|wxf|zh-hans|zh-hant]", cmd_notation },
  { "pgn", "FILE [--notation iccs|wxf|zh-hans|zh-hant]", cmd_pgn },
  { NULL, NULL, NULL },
};

const XqToolCommand xqtool_notation_bench[] = {
  { "notation", "[--runs N]", bench_notation },
  { NULL, NULL, NULL },
};
