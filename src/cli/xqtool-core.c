/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xqtool commands on positions: moves, perft, status, why (a move is
 * illegal), and the perft bench. */
#define G_LOG_DOMAIN "xqtool"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xq-attacks.h"
#include "xq-position.h"
#include "xqtool.h"

static int
compare_iccs (const void *a, const void *b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static int
cmd_moves (int argc, char **argv)
{
  static const XqToolCommand self = { "moves", "FEN" };
  XqPosition pos;
  XqMove moves[XQ_MAX_MOVES];
  char text[XQ_MAX_MOVES][5];
  const char *sorted[XQ_MAX_MOVES];
  int n;

  if (argc != 2)
    return xqtool_usage (&self);
  if (!xqtool_load_fen (argv[1], &pos))
    return 1;
  n = xq_position_legal_moves (&pos, moves);
  for (int i = 0; i < n; i++)
    {
      xq_move_to_iccs (moves[i], text[i]);
      sorted[i] = text[i];
    }
  qsort (sorted, (size_t) n, sizeof *sorted, compare_iccs);
  for (int i = 0; i < n; i++)
    printf ("%s\n", sorted[i]);
  return 0;
}

static int
cmd_perft (int argc, char **argv)
{
  static const XqToolCommand self = { "perft", "FEN DEPTH [--divide]" };
  XqPosition pos;
  gboolean divide = FALSE;
  int depth;

  if (argc == 4 && strcmp (argv[3], "--divide") == 0)
    divide = TRUE;
  else if (argc != 3)
    return xqtool_usage (&self);
  if (!xqtool_load_fen (argv[1], &pos))
    return 1;
  if (!xqtool_parse_int (argv[2], 0, 12, &depth))
    return xqtool_fail ("depth must be a whole number from 0 to 12, not “%s”", argv[2]);

  if (!divide || depth == 0)
    {
      printf ("%" G_GUINT64_FORMAT "\n", xq_position_perft (&pos, depth));
      return 0;
    }
  else
    {
      XqMove moves[XQ_MAX_MOVES];
      guint64 counts[XQ_MAX_MOVES], total = 0;
      char text[XQ_MAX_MOVES][5];
      const char *sorted[XQ_MAX_MOVES];
      int n = xq_position_legal_moves (&pos, moves);

      for (int i = 0; i < n; i++)
        {
          XqUndo u;
          xq_position_do_move (&pos, moves[i], &u);
          counts[i] = xq_position_perft (&pos, depth - 1);
          xq_position_undo_move (&pos, moves[i], &u);
          total += counts[i];
          xq_move_to_iccs (moves[i], text[i]);
          sorted[i] = text[i];
        }
      printf ("%" G_GUINT64_FORMAT "\n", total);
      qsort (sorted, (size_t) n, sizeof *sorted, compare_iccs);
      for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
          if (sorted[i] == text[j])
            printf ("%s: %" G_GUINT64_FORMAT "\n", text[j], counts[j]);
      return 0;
    }
}

static int
cmd_status (int argc, char **argv)
{
  static const XqToolCommand self = { "status", "FEN" };
  XqPosition pos;

  if (argc != 2)
    return xqtool_usage (&self);
  if (!xqtool_load_fen (argv[1], &pos))
    return 1;
  switch (xq_position_status (&pos))
    {
    case XQ_STATUS_ONGOING:
      printf ("ongoing\n");
      break;
    case XQ_STATUS_CHECK:
      printf ("check\n");
      break;
    case XQ_STATUS_CHECKMATE:
      printf ("checkmate %s\n", pos.side == XQ_RED ? "black" : "red");
      break;
    case XQ_STATUS_STALEMATE:
      printf ("stalemate %s\n", pos.side == XQ_RED ? "black" : "red");
      break;
    default:
      g_assert_not_reached ();
    }
  return 0;
}

/* The core's reason for an illegal move and its points, one line:
 * "horse-leg c0", "pinned e5 general e0", or "none" for a legal move. */
static int
cmd_why (int argc, char **argv)
{
  static const XqToolCommand self = { "why", "FEN MOVE" };
  XqPosition pos;
  XqIllegal why;
  XqMove m;

  if (argc != 3)
    return xqtool_usage (&self);
  if (!xqtool_load_fen (argv[1], &pos))
    return 1;
  m = xq_move_from_iccs (argv[2]);
  if (m == XQ_MOVE_NONE)
    return xqtool_fail ("“%s” is not a move in ICCS form (e.g. h2e2)", argv[2]);
  printf ("%s", xq_illegal_reason_id (xq_position_explain_illegal (&pos, m, &why)));
  for (int i = 0; i < why.n_points; i++)
    {
      char sq[3];

      xq_square_to_text (why.points[i], sq);
      printf (" %s", sq);
    }
  if (why.general != XQ_NO_SQUARE)
    {
      char sq[3];

      xq_square_to_text (why.general, sq);
      printf (" general %s", sq);
    }
  printf ("\n");
  return 0;
}

static int
bench_perft (int argc, char **argv)
{
  static const XqToolCommand self = { "perft", "[--runs N] [--depth D]" };
  int runs = 5, depth = 5;
  double nps[64];
  guint64 nodes = 0;

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--runs") == 0 && i + 1 < argc)
        {
          if (!xqtool_parse_int (argv[++i], 1, 64, &runs))
            return xqtool_fail ("--runs must be from 1 to 64, not “%s”", argv[i]);
        }
      else if (strcmp (argv[i], "--depth") == 0 && i + 1 < argc)
        {
          if (!xqtool_parse_int (argv[++i], 1, 12, &depth))
            return xqtool_fail ("bad depth “%s”", argv[i]);
        }
      else
        return xqtool_usage (&self);
    }
  for (int r = 0; r < runs; r++)
    {
      XqPosition pos;
      gint64 start, end;

      xq_position_init_start (&pos);
      start = g_get_monotonic_time ();
      nodes = xq_position_perft (&pos, depth);
      end = g_get_monotonic_time ();
      nps[r] = (double) nodes / ((double) (end - start) / 1e6);
      fprintf (stderr, "run %d: %" G_GUINT64_FORMAT " leaves in %.3f s\n",
               r + 1, nodes, (double) (end - start) / 1e6);
    }
  {
    double med = xqtool_median (nps, runs);
    printf ("perft(%d) start position: %" G_GUINT64_FORMAT " leaves, median %.0f nodes/s, %.3f s (%d runs, 1 thread)\n",
            depth, nodes, med, (double) nodes / med, runs);
  }
  return 0;
}

const XqToolCommand xqtool_core_commands[] = {
  { "moves", "FEN", cmd_moves },
  { "perft", "FEN DEPTH [--divide]", cmd_perft },
  { "status", "FEN", cmd_status },
  { "why", "FEN MOVE", cmd_why },
  { NULL, NULL, NULL },
};

const XqToolCommand xqtool_core_bench[] = {
  { "perft", "[--runs N] [--depth D]", bench_perft },
  { NULL, NULL, NULL },
};
