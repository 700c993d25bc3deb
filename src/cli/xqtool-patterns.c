/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xqtool-patterns.c: pattern-check (does each puzzle show its kill pattern on
 * every line of defence?) and pattern-show (what the pieces do in one final
 * position), over the core's recognisers (docs/patterns.md). */
#define G_LOG_DOMAIN "xqtool"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "xq-answer-sheet.h"
#include "xq-lesson.h"
#include "xq-patterns.h"
#include "xqtool.h"

static char *
kill_set_text (XqKillSet set)
{
  GString *s = g_string_new (NULL);

  for (int k = 0; k < XQ_N_KILLS; k++)
    if (set & (1u << k))
      g_string_append_printf (s, "%s%s", s->len ? "," : "", xq_kill_id ((XqKill) k));
  if (s->len == 0)
    g_string_append (s, "-");
  return g_string_free (s, FALSE);
}

static char *
squares_text (const XqSquare *sq, int n, guint32 mask)
{
  GString *s = g_string_new (NULL);

  for (int i = 0; i < n; i++)
    if (mask & (1u << i))
      {
        char t[3];

        xq_square_to_text (sq[i], t);
        g_string_append_printf (s, "%s%s", s->len ? " " : "", t);
      }
  if (s->len == 0)
    g_string_append (s, "-");
  return g_string_free (s, FALSE);
}

/* ---- pattern-check --------------------------------------------------------- */

typedef struct {
  guint puzzles, named, shown, refused, undecided, no_mate;
  guint64 nodes, most_work;
  double seconds, slowest;
} CheckTotals;

/* A puzzle's verdict on its named pattern kill (-1: none) given the set
 * its lines show: "yes" (counted in *shown), "NO" (in *refused) or
 * "unnamed". */
static const char *
named_verdict (int kill, XqKillSet shows, guint *shown, guint *refused)
{
  if (kill < 0)
    return "unnamed";
  if (shows & (1u << kill))
    {
      (*shown)++;
      return "yes";
    }
  (*refused)++;
  return "NO";
}

/* claimed: the pattern the puzzle is filed under, -1 for none. */
static void
check_position (XqSolver *solver, const char *id, const XqPosition *pos, int mate_in, int claimed,
                guint64 budget, CheckTotals *tot)
{
  XqKillSet holds = 0;
  XqConfirmStats stats;
  g_autoptr(GTimer) timer = g_timer_new ();
  g_autofree char *set_text = NULL;
  XqConfirm r;
  const char *verdict;
  double t;

  xq_solver_clear (solver);
  r = xq_kill_confirm (solver, pos, mate_in, XQ_KILL_ALL, budget, &holds, &stats);
  t = g_timer_elapsed (timer, NULL);
  tot->puzzles++;
  tot->nodes += stats.nodes;
  tot->most_work = MAX (tot->most_work, stats.work);
  tot->seconds += t;
  tot->slowest = MAX (tot->slowest, t);
  set_text = kill_set_text (holds);
  if (claimed >= 0)
    tot->named++;
  switch (r)
    {
    case XQ_CONFIRM_DONE:
      verdict = named_verdict (claimed, holds, &tot->shown, &tot->refused);
      break;
    case XQ_CONFIRM_NO_MATE:
      verdict = "no-mate";
      tot->no_mate++;
      break;
    case XQ_CONFIRM_UNDECIDED:
    default:
      verdict = "undecided";
      tot->undecided++;
      break;
    }
  printf ("%s\tmate %d\t%s\t%s\tevery line: %s\t%" G_GUINT64_FORMAT " nodes\t%.1f ms\n",
          id, stats.mate, claimed >= 0 ? xq_kill_id ((XqKill) claimed) : "-", verdict,
          set_text, stats.nodes, t * 1000.0);
}

/* ---- pattern-check --answer-key ------------------------------------------------ */

typedef struct {
  guint puzzles, named, shown, refused, no_line, stalemates;
} KeyTotals;

/* The answer key's main line of one puzzle (xq_answer_mate_line, as the
 * worksheets print it) and the patterns its final position shows. */
static void
check_answer_key (XqSolver *solver, const XqPuzzlePack *pack, const XqPuzzle *pz, KeyTotals *tot)
{
  XqMove line[2 * XQ_SOLVER_MAX_MATE];
  g_autoptr(GString) moves = g_string_new (NULL);
  g_autofree char *set_text = NULL;
  int kill = xq_puzzle_kill (pack, pz), n = 0;
  XqKillSet kills = 0;
  const char *verdict;
  g_autoptr(GTimer) timer = g_timer_new ();

  tot->puzzles++;
  if (xq_answer_mate_line (solver, &pz->position, pz->mate_in, kill, line, &n) == XQ_SOLVE_MATE)
    kills = xq_kill_recognise (&pz->position, line, n);
  for (int i = 0; i < n; i++)
    {
      char t[5];

      xq_move_to_iccs (line[i], t);
      g_string_append_printf (moves, "%s%s", i ? " " : "", t);
    }
  if (kill >= 0)
    tot->named++;
  if (n == 0)
    {
      verdict = "no-line";
      tot->no_line++;
    }
  else if ((kills & (1u << XQ_KILL_STALEMATE)) && kill != XQ_KILL_STALEMATE)
    {
      /* 困斃 belongs to its own pack: a named mate, or an unnamed one,
       * that ends there is wrong either way. */
      verdict = "STALEMATE";
      tot->stalemates++;
    }
  else
    verdict = named_verdict (kill, kills, &tot->shown, &tot->refused);
  set_text = kill_set_text (kills);
  printf ("%s\tmate %d\t%s\t%s\tfinal: %s\tline: %s\t%.1f ms\n", pz->id, pz->mate_in,
          kill >= 0 ? xq_kill_id ((XqKill) kill) : "-", verdict, set_text,
          moves->len ? moves->str : "-", g_timer_elapsed (timer, NULL) * 1000.0);
  fflush (stdout);
}

static int
check_answer_keys (GPtrArray *files)
{
  g_autoptr(XqSolver) solver = xq_answer_solver_new ();
  KeyTotals tot = { 0 };

  for (guint f = 0; f < files->len; f++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(XqLessonFile) file = xq_lesson_load_file_simple (g_ptr_array_index (files, f), &error);

      if (file == NULL)
        return xqtool_fail ("%s", error->message);
      if (file->type != XQ_LESSON_FILE_PACK)
        return xqtool_fail ("%s: not a puzzle pack", (const char *) g_ptr_array_index (files, f));
      for (guint i = 0; i < file->pack->puzzles->len; i++)
        check_answer_key (solver, file->pack, g_ptr_array_index (file->pack->puzzles, i), &tot);
    }
  printf ("total: %u puzzles, %u named: %u answer keys end in their pattern, %u do not; "
          "%u end in stalemate outside its pack; %u without a line\n",
          tot.puzzles, tot.named, tot.shown, tot.refused, tot.stalemates, tot.no_line);
  return tot.refused || tot.stalemates || tot.no_line ? 1 : 0;
}

static int
cmd_pattern_check (int argc, char **argv)
{
  static const XqToolCommand self = { "pattern-check",
                                      "PACK.json... [--budget NODES] | --answer-key PACK.json... | --fen FEN... [--max N]" };
  g_autoptr(XqSolver) solver = NULL;
  g_autoptr(GPtrArray) files = g_ptr_array_new ();
  CheckTotals tot = { 0 };
  guint64 budget = XQ_KILL_CONFIRM_BUDGET;
  gboolean fens = FALSE, answer_key = FALSE;
  int max_n = 5;

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--fen") == 0)
        fens = TRUE;
      else if (strcmp (argv[i], "--answer-key") == 0)
        answer_key = TRUE;
      else if (strcmp (argv[i], "--max") == 0 && i + 1 < argc)
        {
          if (!xqtool_parse_int (argv[++i], 1, XQ_SOLVER_MAX_MATE, &max_n))
            return xqtool_fail ("--max must be a whole number from 1 to %d, not “%s”",
                                XQ_SOLVER_MAX_MATE, argv[i]);
        }
      else if (strcmp (argv[i], "--budget") == 0 && i + 1 < argc)
        {
          if (!g_ascii_string_to_unsigned (argv[++i], 10, 1, G_MAXUINT64, &budget, NULL))
            return xqtool_fail ("--budget must be a whole number of nodes from 1, not “%s”",
                                argv[i]);
        }
      else if (argv[i][0] == '-')
        return xqtool_usage (&self);
      else
        g_ptr_array_add (files, argv[i]);
    }
  if (files->len == 0 || (answer_key && fens))
    return xqtool_usage (&self);
  if (answer_key)
    return check_answer_keys (files);
  solver = xq_solver_new ();
  for (guint f = 0; fens && f < files->len; f++)
    {
      g_autofree char *id = g_strdup_printf ("fen-%u", f + 1);
      XqPosition pos;

      if (!xqtool_load_fen (g_ptr_array_index (files, f), &pos))
        return 1;
      check_position (solver, id, &pos, max_n, -1, budget, &tot);
    }
  for (guint f = 0; !fens && f < files->len; f++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(XqLessonFile) file = xq_lesson_load_file_simple (g_ptr_array_index (files, f),
                                                                 &error);

      if (file == NULL)
        return xqtool_fail ("%s", error->message);
      if (file->type != XQ_LESSON_FILE_PACK)
        return xqtool_fail ("%s: not a puzzle pack", (const char *) g_ptr_array_index (files, f));
      for (guint i = 0; i < file->pack->puzzles->len; i++)
        {
          const XqPuzzle *pz = g_ptr_array_index (file->pack->puzzles, i);

          check_position (solver, pz->id, &pz->position, pz->mate_in,
                          xq_kill_from_id (file->pack->id), budget, &tot);
        }
    }
  printf ("total: %u puzzles, %u named: %u show their pattern on every line, %u do not, "
          "%u undecided, %u no mate; %" G_GUINT64_FORMAT " nodes, %.2f s, slowest %.1f ms, "
          "most solver work %" G_GUINT64_FORMAT " units\n",
          tot.puzzles, tot.named, tot.shown, tot.refused, tot.undecided, tot.no_mate, tot.nodes,
          tot.seconds, tot.slowest * 1000.0, tot.most_work);
  return tot.refused || tot.undecided || tot.no_mate ? 1 : 0;
}

/* ---- pattern-show ------------------------------------------------------------ */

static int
cmd_pattern_show (int argc, char **argv)
{
  static const XqToolCommand self = { "pattern-show", "FEN [--pattern ID] [MOVE...]" };
  /* Without moves, a position that is no kill yet is followed along the
   * solver's main line. */
  g_autofree char *set_text = NULL, *checkers = NULL, *essential = NULL, *power = NULL;
  g_autofree char *own = NULL;
  XqMove line[2 * XQ_SOLVER_MAX_MATE];
  XqMateAnalysis a;
  XqPosition start, end;
  int n = 0, first = 2, kill = -1;

  if (argc >= 4 && strcmp (argv[2], "--pattern") == 0)
    {
      if ((kill = xq_kill_from_id (argv[3])) < 0)
        return xqtool_fail ("unknown --pattern “%s”", argv[3]);
      first = 4;
    }
  if (argc < 2 || argv[1][0] == '-' || argc - first > (int) G_N_ELEMENTS (line))
    return xqtool_usage (&self);
  if (!xqtool_load_fen (argv[1], &start))
    return 1;
  end = start;
  for (int i = first; i < argc; i++)
    {
      XqMove m = xq_move_from_iccs (argv[i]);
      XqUndo u;

      if (m == XQ_MOVE_NONE || !xq_position_is_legal (&end, m))
        return xqtool_fail ("move %d “%s” is not legal here", i - first + 1, argv[i]);
      line[n++] = m;
      xq_position_do_move (&end, m, &u);
    }
  if (n == 0 && xq_position_has_legal_move (&end))
    {
      /* A start: follow the answer key's main line to its end (steered
       * into the --pattern, as a puzzle of that pattern prints it). */
      g_autoptr(XqSolver) solver = xq_answer_solver_new ();

      if (xq_answer_mate_line (solver, &start, 5, kill, line, &n) != XQ_SOLVE_MATE)
        return xqtool_fail ("no win within 5 moves to show");
      for (int i = 0; i < n; i++)
        {
          XqUndo u;

          xq_position_do_move (&end, line[i], &u);
        }
    }
  if (!xq_mate_analyse (&end, &a))
    return xqtool_fail ("the side to move can still move: not a finished kill");
  if (n > 0)
    {
      g_autofree char *fen = xq_position_to_fen (&end);

      printf ("line:");
      for (int i = 0; i < n; i++)
        {
          char t[5];

          xq_move_to_iccs (line[i], t);
          printf (" %s", t);
        }
      printf ("\nfinal: %s\n", fen);
    }
  set_text = kill_set_text (n > 0 ? xq_kill_set (&a, &start, line, n) : xq_kill_set (&a, NULL, NULL, 0));
  checkers = squares_text (a.checkers, a.n_checkers, (1u << a.n_checkers) - 1);
  essential = squares_text (a.attackers, a.n_attackers, a.essential);
  power = squares_text (a.attackers, a.n_attackers, a.power);
  own = squares_text (a.flights, a.n_flights, a.own_blocked);
  {
    char g[3];

    xq_square_to_text (a.general, g);
    printf ("%s of the general on %s\n", a.checkmate ? "checkmate" : "stalemate", g);
  }
  printf ("checkers: %s\n", checkers);
  printf ("essential: %s\n", essential);
  printf ("power-essential: %s\n", power);
  printf ("flights blocked by own men: %s\n", own);
  for (int i = 0; i < a.n_attackers; i++)
    if (a.control[i])
      {
        g_autofree char *held = squares_text (a.flights, a.n_flights, a.control[i]);
        char t[3];

        xq_square_to_text (a.attackers[i], t);
        printf ("%s %c holds: %s\n", t, xq_piece_to_fen_char (a.board[a.attackers[i]]), held);
      }
  printf ("patterns: %s\n", set_text);
  return 0;
}

const XqToolCommand xqtool_patterns_commands[] = {
  { "pattern-check", "PACK.json... [--budget NODES] | --answer-key PACK.json... | --fen FEN... [--max N]", cmd_pattern_check },
  { "pattern-show", "FEN [--pattern ID] [MOVE...]", cmd_pattern_show },
  { NULL, NULL, NULL },
};
