/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xqtool commands of the mate solver and the computer opponent:
 * solve, puzzle-gen, bestmove, and the solve bench. */
#define G_LOG_DOMAIN "xqtool"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "xq-engine.h"
#include "xq-patterns.h"
#include "xq-solver.h"
#include "xq-tables.h"
#include "xq-material.h"
#include "xq-tactics.h"
#include "xqtool.h"

#define DEFAULT_MAX_MATE 7

/* "mate N k1 k2 ...", "none" (proved: no win within the limit) or
 * "too-deep" (the solver's budget ran out: nothing proved), as `xqtool
 * solve` prints it. */
static char *
format_solution (XqSolveResult r, const XqSolution *sol)
{
  GString *s;

  if (r == XQ_SOLVE_ABORTED)
    return g_strdup ("too-deep");
  if (r != XQ_SOLVE_MATE)
    return g_strdup ("none");
  s = g_string_new (NULL);
  g_string_append_printf (s, "mate %d", sol->mate);
  for (int i = 0; i < sol->n_keys; i++)
    {
      char text[5];
      xq_move_to_iccs (sol->keys[i], text);
      g_string_append_printf (s, " %s", text);
    }
  return g_string_free (s, FALSE);
}

/* CPU time of this process in milliseconds: the machine may be shared,
 * and a proof's cost is its CPU time, not the time it waited. */
static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double) ts.tv_sec * 1000.0 + (double) ts.tv_nsec / 1e6;
}

static int
cmd_solve (int argc, char **argv)
{
  static const XqToolCommand self = {
    "solve", "FEN [--max N] [--one-key | --within | --move ICCS] [--budget UNITS] [--time SECONDS] [--work]"
  };
  g_autoptr(XqSolver) solver = NULL;
  g_autofree char *text = NULL;
  XqPosition pos;
  XqSolution sol;
  XqSolveResult r;
  int max_n = DEFAULT_MAX_MATE;
  guint64 budget = XQ_SOLVER_BUDGET;
  double seconds = XQ_SOLVER_TIME_LIMIT, cpu;
  gboolean show_work = FALSE, one_key = FALSE, within = FALSE;
  XqMove move = XQ_MOVE_NONE;

  if (argc < 2 || argv[1][0] == '-')
    return xqtool_usage (&self);
  for (int i = 2; i < argc; i++)
    {
      if (strcmp (argv[i], "--max") == 0 && i + 1 < argc)
        {
          if (!xqtool_parse_int (argv[++i], 1, XQ_SOLVER_MAX_DEPTH, &max_n))
            return xqtool_fail ("--max must be a whole number from 1 to %d, not “%s”",
                                XQ_SOLVER_MAX_DEPTH, argv[i]);
        }
      else if (strcmp (argv[i], "--budget") == 0 && i + 1 < argc)
        {
          if (!g_ascii_string_to_unsigned (argv[++i], 10, 0, G_MAXUINT64, &budget, NULL))
            return xqtool_fail ("--budget must be a whole number of work units (0: none), not “%s”",
                                argv[i]);
        }
      else if (strcmp (argv[i], "--time") == 0 && i + 1 < argc)
        {
          char *end = NULL;

          seconds = g_ascii_strtod (argv[++i], &end);
          if (end == argv[i] || *end != '\0' || !(seconds >= 0) || seconds > 86400)
            return xqtool_fail ("--time must be a number of CPU seconds from 0 (none) to 86400, not “%s”",
                                argv[i]);
        }
      else if (strcmp (argv[i], "--work") == 0)
        show_work = TRUE;
      else if (strcmp (argv[i], "--one-key") == 0)
        one_key = TRUE;
      else if (strcmp (argv[i], "--within") == 0)
        within = TRUE;
      else if (strcmp (argv[i], "--move") == 0 && i + 1 < argc)
        {
          move = xq_move_from_iccs (argv[++i]);
          if (move == XQ_MOVE_NONE)
            return xqtool_fail ("--move must be a move in ICCS notation such as h2e2, not “%s”",
                                argv[i]);
        }
      else
        return xqtool_usage (&self);
    }
  if (!xqtool_load_fen (argv[1], &pos))
    return 1;
  if ((move != XQ_MOVE_NONE) + one_key + within > 1)
    return xqtool_usage (&self);
  if (move != XQ_MOVE_NONE && !xq_position_is_legal (&pos, move))
    {
      char iccs[5];

      xq_move_to_iccs (move, iccs);
      return xqtool_fail ("--move %s is not a legal move in this position", iccs);
    }
  solver = xq_solver_new ();
  xq_solver_set_work_limit (solver, budget);
  xq_solver_set_time_limit (solver, seconds);
  cpu = cpu_ms ();
  if (move != XQ_MOVE_NONE)
    {
      /* Does this first move force the win within --max moves (the
       * drill's question)?  "wins M within N", "none" or "too-deep". */
      char iccs[5];

      memset (&sol, 0, sizeof sol);
      r = xq_solver_move_wins_within (solver, &pos, move, max_n);
      sol.work = xq_solver_get_work (solver);
      xq_move_to_iccs (move, iccs);
      text = r == XQ_SOLVE_MATE ? g_strdup_printf ("wins %s within %d", iccs, max_n)
                                : format_solution (r, &sol);
    }
  else
    {
      /* --within: a win within --max, one key, the length not proved
       * minimal ("mate N" is the length of the win found). */
      r = within ? xq_solver_solve_within (solver, &pos, max_n, &sol)
        : one_key ? xq_solver_solve_distance (solver, &pos, max_n, &sol)
                  : xq_solver_solve (solver, &pos, max_n, &sol);
      text = format_solution (r, &sol);
    }
  cpu = (cpu_ms () - cpu) / 1000.0;
  if (show_work && one_key)
    printf ("%s (%" G_GUINT64_FORMAT " work units of %" G_GUINT64_FORMAT ", %" G_GUINT64_FORMAT
            " nodes, %.3f s CPU%s; %" G_GUINT64_FORMAT " units proving that no %s"
            " exists, %" G_GUINT64_FORMAT " in the proof-number search)\n", text, sol.work, budget,
            sol.nodes, cpu,
            r == XQ_SOLVE_ABORTED && xq_solver_timed_out (solver) ? ", out of time" : "",
            sol.work_shorter, r == XQ_SOLVE_MATE ? "shorter mate" : "mate within --max",
            sol.work_proof_numbers);
  else if (show_work)
    printf ("%s (%" G_GUINT64_FORMAT " work units of %" G_GUINT64_FORMAT ", %" G_GUINT64_FORMAT
            " nodes, %.3f s CPU%s)\n", text, sol.work, budget, sol.nodes, cpu,
            r == XQ_SOLVE_ABORTED && xq_solver_timed_out (solver) ? ", out of time" : "");
  else
    printf ("%s\n", text);
  return 0;
}

/* ---- puzzle-gen ---------------------------------------------------------- */

typedef struct {
  char attack[16];    /* FEN letters of Red's extra pieces */
  char defence[16];   /* FEN letters of Black's extra pieces */
} PieceSpec;

static gboolean
parse_spec (const char *text, PieceSpec *spec)
{
  const char *colon = strchr (text, ':');
  size_t na = colon ? (size_t) (colon - text) : strlen (text);
  const char *def = colon ? colon + 1 : "";

  if (na == 0 || na >= sizeof spec->attack || strlen (def) >= sizeof spec->defence)
    return FALSE;
  memset (spec, 0, sizeof *spec);
  for (size_t i = 0; i < na; i++)
    {
      char c = g_ascii_toupper (text[i]);
      if (c == 'H')
        c = 'N';
      if (!strchr ("RNCPAB", c))
        return FALSE;
      spec->attack[i] = c;
    }
  for (size_t i = 0; def[i]; i++)
    {
      char c = g_ascii_tolower (def[i]);
      if (c == 'h')
        c = 'n';
      if (!strchr ("rncpab", c))
        return FALSE;
      spec->defence[i] = c;
    }
  return TRUE;
}

/* 2-3 attackers drawn from the kill books' pieces and 0-3 defenders drawn
 * from `defenders` (FEN letters, repeated to weight them). */
static void
random_spec_from (GRand *rng, const char *defenders, PieceSpec *spec)
{
  static const char attackers[] = "RRNNCCP";
  int na = g_rand_int_range (rng, 2, 4), nd = g_rand_int_range (rng, 0, 4);

  memset (spec, 0, sizeof *spec);
  for (int i = 0; i < na; i++)
    spec->attack[i] = attackers[g_rand_int_range (rng, 0, (int) strlen (attackers))];
  for (int i = 0; i < nd; i++)
    spec->defence[i] = defenders[g_rand_int_range (rng, 0, (int) strlen (defenders))];
}

/* A random spec of the kind found in endgame kill books. */
static void
random_spec (GRand *rng, PieceSpec *spec)
{
  random_spec_from (rng, "aabbp", spec);
}

static XqPieceType
type_from_letter (char c)
{
  switch (g_ascii_toupper (c))
    {
    case 'R': return XQ_CHARIOT;
    case 'N': return XQ_HORSE;
    case 'C': return XQ_CANNON;
    case 'P': return XQ_PAWN;
    case 'A': return XQ_ADVISOR;
    case 'B': return XQ_ELEPHANT;
    default:  return XQ_KING;
    }
}

/* Puts a piece on a random free point it may stand on.  Red soldiers are
 * put across the river, where they matter for a kill. */
static gboolean
place_random (GRand *rng, XqPosition *pos, XqPiece piece)
{
  const XqTables *t = xq_tables ();

  for (int tries = 0; tries < 200; tries++)
    {
      XqSquare sq = g_rand_int_range (rng, 0, XQ_SQUARES);

      if (pos->board[sq] != XQ_EMPTY || !t->can_stand[piece][sq])
        continue;
      if (piece == xq_piece_make (XQ_RED, XQ_PAWN) && !xq_sq_crossed (XQ_RED, sq))
        continue;
      xq_position_put (pos, sq, piece);
      return TRUE;
    }
  return FALSE;
}

static gboolean
random_position (GRand *rng, const PieceSpec *spec, XqPosition *pos)
{
  xq_position_clear (pos);
  if (!place_random (rng, pos, xq_piece_make (XQ_RED, XQ_KING)) ||
      !place_random (rng, pos, xq_piece_make (XQ_BLACK, XQ_KING)))
    return FALSE;
  for (const char *c = spec->attack; *c; c++)
    if (!place_random (rng, pos, xq_piece_make (XQ_RED, type_from_letter (*c))))
      return FALSE;
  for (const char *c = spec->defence; *c; c++)
    if (!place_random (rng, pos, xq_piece_make (XQ_BLACK, type_from_letter (*c))))
      return FALSE;
  xq_position_set_side (pos, XQ_RED);
  if (!xq_position_validate (pos, NULL))
    return FALSE;
  /* A defender who cannot move now has lost already: no puzzle. */
  xq_position_set_side (pos, XQ_BLACK);
  if (!xq_position_has_legal_move (pos))
    return FALSE;
  xq_position_set_side (pos, XQ_RED);
  return TRUE;
}

/* "重炮,馬後炮 double-cannon,horse-cannon", or "- none" for no pattern. */
static char *
kills_label (XqKillSet set)
{
  GString *hanzi = g_string_new (NULL), *ids = g_string_new (NULL);

  for (int k = 0; k < XQ_N_KILLS; k++)
    if (set & (1u << k))
      {
        if (ids->len > 0)
          {
            g_string_append_c (hanzi, ',');
            g_string_append_c (ids, ',');
          }
        g_string_append (hanzi, xq_kill_hanzi ((XqKill) k));
        g_string_append (ids, xq_kill_id ((XqKill) k));
      }
  if (ids->len == 0)
    {
      g_string_append (hanzi, "-");
      g_string_append (ids, "none");
    }
  g_string_append_c (hanzi, ' ');
  g_string_append (hanzi, ids->str);
  g_string_free (ids, TRUE);
  return g_string_free (hanzi, FALSE);
}

static int
cmd_puzzle_gen (int argc, char **argv)
{
  static const XqToolCommand self = {
    "puzzle-gen", "[--seed S] [--count N] [--mate K] [--pieces RNC:ab] [--tries T] "
    "[--quiet] [--pattern ID]"
  };
  g_autoptr(XqSolver) solver = NULL;
  GRand *rng;
  PieceSpec spec;
  gboolean fixed_spec = FALSE, quiet_only = FALSE;
  const char *want_pattern = NULL;
  int seed = 1, count = 5, mate = 3, tries = 20000, found = 0;

  for (int i = 1; i < argc; i++)
    {
      const char *val = i + 1 < argc ? argv[i + 1] : NULL;

      if (strcmp (argv[i], "--seed") == 0 && xqtool_parse_int (val, 0, G_MAXINT, &seed))
        i++;
      else if (strcmp (argv[i], "--count") == 0 && xqtool_parse_int (val, 1, 10000, &count))
        i++;
      else if (strcmp (argv[i], "--mate") == 0 && xqtool_parse_int (val, 1, 9, &mate))
        i++;
      else if (strcmp (argv[i], "--tries") == 0 && xqtool_parse_int (val, 1, G_MAXINT, &tries))
        i++;
      else if (strcmp (argv[i], "--quiet") == 0)
        quiet_only = TRUE;
      else if (strcmp (argv[i], "--pattern") == 0 && val != NULL)
        {
          if (strcmp (val, "none") != 0 && xq_kill_from_id (val) < 0)
            return xqtool_fail ("unknown --pattern “%s”", val);
          want_pattern = val;
          i++;
        }
      else if (strcmp (argv[i], "--pieces") == 0 && val != NULL)
        {
          if (!parse_spec (val, &spec))
            return xqtool_fail ("bad --pieces “%s”: expected attacker letters from RNCPAB, "
                                "optionally “:” and defender letters (e.g. RC:ab)", val);
          fixed_spec = TRUE;
          i++;
        }
      else
        return xqtool_usage (&self);
    }

  rng = g_rand_new_with_seed ((guint32) seed);
  solver = xq_solver_new ();
  /* Positions that need a huge proof are skipped, not waited for. */
  xq_solver_set_node_limit (solver, 400000);
  for (int t = 0; t < tries && found < count; t++)
    {
      XqPosition pos;
      XqSolution sol;
      XqMove line[2 * 9];
      int len;

      if (!fixed_spec)
        random_spec (rng, &spec);
      if (!random_position (rng, &spec, &pos))
        continue;
      xq_solver_clear (solver);
      if (xq_solver_solve (solver, &pos, mate, &sol) != XQ_SOLVE_MATE ||
          sol.mate != mate || sol.n_keys != 1)
        continue;
      /* A quiet key (no check) is the harder, more instructive kind. */
      if (quiet_only && xq_position_gives_check (&pos, sol.keys[0]))
        continue;
      if (xq_solver_main_line (solver, &pos, mate, line, &len) != XQ_SOLVE_MATE)
        continue;
      {
        g_autofree char *fen = xq_position_to_fen (&pos);
        g_autofree char *label = NULL;
        XqKillSet kills = xq_kill_recognise (&pos, line, len);
        char key[5];

        if (want_pattern != NULL &&
            (strcmp (want_pattern, "none") == 0 ? kills != 0
                                                : !(kills & (1u << xq_kill_from_id (want_pattern)))))
          continue;
        label = kills_label (kills);
        xq_move_to_iccs (sol.keys[0], key);
        printf ("%s | mate %d | %s | %s\n", fen, sol.mate, key, label);
        fflush (stdout);
        found++;
      }
    }
  g_rand_free (rng);
  if (found < count)
    fprintf (stderr, "xqtool: found %d of %d puzzles in %d tries\n", found, count, tries);
  return 0;
}

/* ---- mate-sample --------------------------------------------------------- */

/* The position turned round with the colours swapped: the same problem
 * with Black attacking. */
static void
turn_round (XqPosition *pos)
{
  XqPosition turned;

  xq_position_clear (&turned);
  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    if (pos->board[sq] != XQ_EMPTY)
      xq_position_put (&turned, xq_sq_flip (sq),
                       xq_piece_make (xq_color_other (xq_piece_color (pos->board[sq])),
                                      xq_piece_type (pos->board[sq])));
  xq_position_set_side (&turned, xq_color_other (pos->side));
  *pos = turned;
}

/* Random endings for timing the solver: the defenders may include a horse
 * or a cannon that fights back. */
static void
sample_spec (GRand *rng, PieceSpec *spec)
{
  random_spec_from (rng, "aabbpnc", spec);
}

static int
cmd_mate_sample (int argc, char **argv)
{
  static const XqToolCommand self = {
    "mate-sample", "[--seed S] [--count N] [--max K] [--black PERCENT] [--budget UNITS] [--tries T]"
  };
  g_autoptr(XqSolver) solver = xq_solver_new ();
  guint64 budget = XQ_SOLVER_BUDGET;
  int seed = 1, count = 400, max_n = 5, black = 30, tries = 200000;
  int found[XQ_SOLVER_MAX_MATE + 1] = { 0 }, total = 0;
  GRand *rng;

  for (int i = 1; i < argc; i++)
    {
      const char *val = i + 1 < argc ? argv[i + 1] : NULL;

      if (strcmp (argv[i], "--seed") == 0 && xqtool_parse_int (val, 0, G_MAXINT, &seed))
        i++;
      else if (strcmp (argv[i], "--count") == 0 && xqtool_parse_int (val, 1, 100000, &count))
        i++;
      else if (strcmp (argv[i], "--max") == 0 && xqtool_parse_int (val, 1, 9, &max_n))
        i++;
      else if (strcmp (argv[i], "--black") == 0 && xqtool_parse_int (val, 0, 100, &black))
        i++;
      else if (strcmp (argv[i], "--tries") == 0 && xqtool_parse_int (val, 1, G_MAXINT, &tries))
        i++;
      else if (strcmp (argv[i], "--budget") == 0 && val != NULL &&
               g_ascii_string_to_unsigned (val, 10, 0, G_MAXUINT64, &budget, NULL))
        i++;
      else
        return xqtool_usage (&self);
    }

  /* Each distance gets an equal share, so deep mates, rare among random
   * positions, are not drowned by mates in one. */
  rng = g_rand_new_with_seed ((guint32) seed);
  xq_solver_set_work_limit (solver, budget);
  for (int t = 0; t < tries && total < count; t++)
    {
      int quota = (count + max_n - 1) / max_n;
      g_autofree char *fen = NULL, *answer = NULL;
      gboolean turned;
      PieceSpec spec;
      XqPosition pos;
      XqSolution sol;

      sample_spec (rng, &spec);
      turned = g_rand_int_range (rng, 0, 100) < black;
      if (!random_position (rng, &spec, &pos))
        continue;
      if (turned)
        turn_round (&pos);
      xq_solver_clear (solver);
      if (xq_solver_solve (solver, &pos, max_n, &sol) != XQ_SOLVE_MATE || found[sol.mate] >= quota)
        continue;
      found[sol.mate]++;
      total++;
      fen = xq_position_to_fen (&pos);
      answer = format_solution (XQ_SOLVE_MATE, &sol);
      /* "mate N k1 k2": the distance, then the keys as a third field. */
      printf ("%s | mate %d |%s\n", fen, sol.mate, answer + strlen ("mate ") + (sol.mate >= 10 ? 2 : 1));
      fflush (stdout);
    }
  g_rand_free (rng);
  if (total < count)
    fprintf (stderr, "xqtool: found %d of %d mates in %d tries\n", total, count, tries);
  return 0;
}

/* ---- bestmove ------------------------------------------------------------ */

static int
cmd_bestmove (int argc, char **argv)
{
  static const XqToolCommand self = {
    "bestmove", "FEN [--level L] [--movetime MS] [--seed S]"
  };
  g_autoptr(XqEngine) engine = NULL;
  XqPosition pos;
  XqMove m;
  char text[5];
  int level = XQ_ENGINE_MAX_LEVEL, movetime = 0, seed = 1;

  if (argc < 2)
    return xqtool_usage (&self);
  for (int i = 2; i < argc; i++)
    {
      const char *val = i + 1 < argc ? argv[i + 1] : NULL;

      if (strcmp (argv[i], "--level") == 0)
        {
          if (!xqtool_parse_int (val, 1, XQ_ENGINE_MAX_LEVEL, &level))
            return xqtool_fail ("--level must be from 1 to %d", XQ_ENGINE_MAX_LEVEL);
        }
      else if (strcmp (argv[i], "--movetime") == 0)
        {
          if (!xqtool_parse_int (val, 1, 3600000, &movetime))
            return xqtool_fail ("--movetime must be a number of milliseconds");
        }
      else if (strcmp (argv[i], "--seed") == 0)
        {
          if (!xqtool_parse_int (val, 0, G_MAXINT, &seed))
            return xqtool_fail ("--seed must be a non-negative whole number");
        }
      else
        return xqtool_usage (&self);
      i++;
    }
  if (!xqtool_load_fen (argv[1], &pos))
    return 1;
  if (!xq_position_has_legal_move (&pos))
    return xqtool_fail ("the side to move has no legal move");
  engine = xq_engine_new ((guint32) seed);
  xq_engine_set_level (engine, level);
  if (movetime > 0)
    xq_engine_set_movetime (engine, movetime);
  m = xq_engine_best_move (engine, &pos, NULL);
  xq_move_to_iccs (m, text);
  printf ("%s\n", text);
  return 0;
}

/* ---- bench solve --------------------------------------------------------- */

/* The positions of tests/test-solver.c (mate in 1 to 7, quiet keys and
 * stalemate wins), each with the depth it is solved to. */
static const char *const bench_positions[] = {
  "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1 | mate 1",
  "5k3/9/9/3N5/2N6/9/9/9/9/3K5 w - - 0 1 | mate 1",
  "4k4/9/9/4C4/9/9/8R/9/9/4K4 w - - 0 1 | mate 2",
  "3P5/4k4/9/9/6N2/9/9/9/9/3K5 w - - 0 1 | mate 2",
  "9/3k5/8b/9/2CC5/8R/9/9/3K5/9 w - - 0 1 | mate 3",
  "9/1N2k4/3a1a3/9/9/2N6/9/3K5/9/9 w - - 0 1 | mate 3",
  "9/5k3/9/9/r8/5cc2/9/B8/5K3/9 b - - 0 1 | mate 3",
  "4kC3/9/bN7/9/9/9/9/9/3K5/R4p3 w - - 0 1 | mate 4",
  "9/9/4bk3/9/2b6/9/1RC6/9/9/2C1Kp3 w - - 0 1 | mate 4",
  "6b2/9/3N1k3/9/9/9/9/4K4/9/5N3 w - - 0 1 | mate 5",
  "9/9/3k5/9/1C7/3p5/7R1/3K5/9/9 w - - 0 1 | mate 5",
  "9/5k3/4b4/9/9/9/9/8p/3KN4/8R w - - 0 1 | mate 6",
  "2ba2P2/1N3k3/4b4/9/9/9/9/3K5/8N/9 w - - 0 1 | mate 6",
  "5a3/9/5k3/9/9/4N4/9/9/3K5/1N7 w - - 0 1 | mate 7",
  NULL,
};

static double
percentile (double *v, int n, double q)
{
  int idx;

  xqtool_median (v, n); /* sorts */
  idx = (int) (q * (n - 1) + 0.5);
  return v[CLAMP (idx, 0, n - 1)];
}

/* The drill's reply time: after each attacker move of the main line the
 * drill checks the move (still winning?) and answers with the longest
 * defence, on a table that has seen only the first solve.  Appends each
 * reply's time to `replies`. */
static gboolean
bench_replies (XqSolver *solver, const XqPosition *pos, int max_n, GArray *replies)
{
  g_autoptr(XqSolver) liner = xq_solver_new ();
  XqMove line[2 * XQ_SOLVER_MAX_DEPTH];
  XqPosition p = *pos;
  XqSolution sol;
  int len;

  xq_solver_set_work_limit (liner, 0);
  xq_solver_set_time_limit (liner, 0);
  if (xq_solver_main_line (liner, pos, max_n, line, &len) != XQ_SOLVE_MATE)
    return FALSE;
  xq_solver_clear (solver);
  xq_solver_solve (solver, pos, max_n, &sol);
  for (int i = 0; i < len; i++)
    {
      XqUndo u;

      if (i % 2 == 0)
        {
          XqMove reply;
          int dist, left = sol.mate - i / 2;
          gint64 start = g_get_monotonic_time ();
          double ms;

          xq_solver_move_wins_within (solver, &p, line[i], left);
          xq_position_do_move (&p, line[i], &u);
          xq_solver_longest_defence (solver, &p, MAX (left - 1, 1), &reply, &dist);
          ms = (double) (g_get_monotonic_time () - start) / 1000.0;
          g_array_append_val (replies, ms);
        }
      else
        xq_position_do_move (&p, line[i], &u);
    }
  return TRUE;
}

/* The next "FEN | mate N" line, from `in` when streaming (one answer is
 * printed before the next line is read, so another program can take
 * turns with this one), else from `lines`; NULL at the end. */
static char *
next_bench_line (FILE *in, GPtrArray *lines, guint *next)
{
  char buf[512];

  if (in == NULL)
    return *next < lines->len ? g_strdup (lines->pdata[(*next)++]) : NULL;
  while (fgets (buf, sizeof buf, in) != NULL)
    {
      g_strstrip (buf);
      if (buf[0] != '\0' && buf[0] != '#')
        return g_strdup (buf);
    }
  return NULL;
}

static int
bench_solve (int argc, char **argv)
{
  static const XqToolCommand self = {
    "solve", "[FILE|-] [--runs N] [--solve-only] [--one-key | --within] [--budget UNITS] [--time SECONDS] [--proof-numbers]"
  };
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) replies = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(XqSolver) solver = xq_solver_new ();
  g_autofree char *slowest_fen = NULL, *text = NULL;
  const char *file = NULL;
  FILE *in = NULL;
  guint next = 0, n_lines = 0;
  gboolean solve_only = FALSE, one_key = FALSE, within = FALSE;
  guint64 budget = 0, total_nodes = 0, max_work = 0;
  guint64 total_work = 0, total_pn = 0, total_shorter = 0;
  int runs = 3, n_mate = 0, n_none = 0, n_aborted = 0;
  double total = 0, total_cpu = 0, slowest = 0, slowest_wall = 0, seconds = 0;

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--time") == 0 && i + 1 < argc)
        {
          char *end = NULL;

          seconds = g_ascii_strtod (argv[++i], &end);
          if (end == argv[i] || *end != '\0' || !(seconds >= 0) || seconds > 86400)
            return xqtool_fail ("--time must be a number of CPU seconds from 0 (none) to 86400, not “%s”",
                                argv[i]);
        }
      else if (strcmp (argv[i], "--runs") == 0)
        {
          if (!xqtool_parse_int (i + 1 < argc ? argv[i + 1] : NULL, 1, 64, &runs))
            return xqtool_fail ("--runs must be from 1 to 64");
          i++;
        }
      else if (strcmp (argv[i], "--budget") == 0 && i + 1 < argc)
        {
          if (!g_ascii_string_to_unsigned (argv[++i], 10, 0, G_MAXUINT64, &budget, NULL))
            return xqtool_fail ("--budget must be a whole number of work units (0: none), not “%s”",
                                argv[i]);
        }
      else if (strcmp (argv[i], "--solve-only") == 0)
        solve_only = TRUE;
      else if (strcmp (argv[i], "--one-key") == 0)
        one_key = TRUE;
      else if (strcmp (argv[i], "--within") == 0)
        within = TRUE;
      else if (strcmp (argv[i], "--proof-numbers") == 0)
        xq_solver_set_proof_numbers (solver, TRUE);
      else if (file == NULL && (argv[i][0] != '-' || strcmp (argv[i], "-") == 0))
        file = argv[i];
      else
        return xqtool_usage (&self);
    }
  if (one_key && within)
    return xqtool_usage (&self);
  /* The bench measures the search itself, so by default it runs without
   * the budget, and the "work" column shows what each proof would cost
   * against it. */
  xq_solver_set_work_limit (solver, budget);
  xq_solver_set_time_limit (solver, seconds);
  if (file != NULL && strcmp (file, "-") == 0)
    in = stdin;
  else if (file != NULL)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *contents = NULL;
      g_auto(GStrv) split = NULL;

      if (!g_file_get_contents (file, &contents, NULL, &error))
        return xqtool_fail ("%s", error->message);
      split = g_strsplit (contents, "\n", -1);
      for (int i = 0; split[i]; i++)
        {
          g_strstrip (split[i]);
          if (split[i][0] != '\0' && split[i][0] != '#')
            g_ptr_array_add (lines, g_strdup (split[i]));
        }
    }
  else
    for (int i = 0; bench_positions[i]; i++)
      g_ptr_array_add (lines, g_strdup (bench_positions[i]));

  while ((text = next_bench_line (in, lines, &next)) != NULL)
    {
      g_auto(GStrv) fields = g_strsplit (text, "|", -1);
      g_autofree char *answer = NULL;
      double times[64], cpu[64], med, med_cpu;
      int max_n = DEFAULT_MAX_MATE;
      XqPosition pos;
      XqSolution sol;
      XqSolveResult r = XQ_SOLVE_NONE;

      g_strstrip (fields[0]);
      if (!xqtool_load_fen (fields[0], &pos))
        return 1;
      for (int f = 1; fields[f]; f++)
        if (sscanf (fields[f], " mate %d", &max_n) == 1)
          max_n = CLAMP (max_n, 1, XQ_SOLVER_MAX_DEPTH);

      for (int run = 0; run < runs; run++)
        {
          gint64 start = g_get_monotonic_time ();
          double start_cpu = cpu_ms ();

          xq_solver_clear (solver);
          /* --within: fairy-stockfish's `go mate N` question, N the
           * line's "mate N" (tools/compare-solvers.py --within). */
          r = within ? xq_solver_solve_within (solver, &pos, max_n, &sol)
            : one_key ? xq_solver_solve_distance (solver, &pos, max_n, &sol)
                      : xq_solver_solve (solver, &pos, max_n, &sol);
          cpu[run] = cpu_ms () - start_cpu;
          times[run] = (double) (g_get_monotonic_time () - start) / 1000.0;
        }
      med = xqtool_median (times, runs);
      med_cpu = xqtool_median (cpu, runs);
      total += med;
      total_cpu += med_cpu;
      total_nodes += sol.nodes;
      total_work += sol.work;
      total_pn += sol.work_proof_numbers;
      total_shorter += sol.work_shorter;
      max_work = MAX (max_work, sol.work);
      if (med_cpu >= slowest)
        {
          slowest = med_cpu;
          slowest_wall = med;
          g_free (slowest_fen);
          slowest_fen = g_strdup (fields[0]);
        }
      n_mate += r == XQ_SOLVE_MATE;
      n_none += r == XQ_SOLVE_NONE;
      n_aborted += r == XQ_SOLVE_ABORTED;
      answer = format_solution (r, &sol);
      printf ("%9.2f ms %9.2f cpu-ms  %8" G_GUINT64_FORMAT " nodes  %10" G_GUINT64_FORMAT
              " work  %-28s %s\n", med, med_cpu, sol.nodes, sol.work, answer, fields[0]);
      fflush (stdout);
      n_lines++;
      g_clear_pointer (&text, g_free);

      if (r == XQ_SOLVE_MATE && !solve_only && !bench_replies (solver, &pos, max_n, replies))
        return xqtool_fail ("main line failed for %s", fields[0]);
    }
  printf ("total (sum of medians): %.2f ms for %u positions, %d runs each\n", total, n_lines,
          runs);
  printf ("cpu total: %.2f ms; %" G_GUINT64_FORMAT " nodes, %.0f nodes/s; "
          "%d mate, %d none, %d too-deep; most work %" G_GUINT64_FORMAT " of budget %"
          G_GUINT64_FORMAT "\n", total_cpu, total_nodes,
          total_cpu > 0 ? (double) total_nodes / (total_cpu / 1000.0) : 0.0,
          n_mate, n_none, n_aborted, max_work, (guint64) XQ_SOLVER_BUDGET);
  if (total_work > 0)
    {
      /* Where the work went (docs/solver.md, "Where the time goes"). */
      printf ("work: %" G_GUINT64_FORMAT " units, %.1f%% in the proof-number search", total_work,
              100.0 * (double) total_pn / (double) total_work);
      if (one_key)
        printf ("; %.1f%% proving that no shorter mate exists, %.1f%% proving the distance",
                100.0 * (double) total_shorter / (double) total_work,
                100.0 * (double) (total_work - total_shorter) / (double) total_work);
      printf ("\n");
    }
  if (slowest_fen != NULL)
    printf ("slowest proof: %.2f cpu-ms (%.2f ms) %s\n", slowest, slowest_wall, slowest_fen);
  if (replies->len > 0)
    printf ("longest-defence reply: p99 %.3f ms over %u replies\n",
            percentile ((double *) (void *) replies->data, (int) replies->len, 0.99),
            replies->len);
  return 0;
}

/* ---- tactic --------------------------------------------------------------- */

/* A value as xqtool prints it: "4.5", "-9", "mate", "mated". */
static char *
format_tactic_value (int value)
{
  if (xq_tactic_is_mate (value))
    return g_strdup (value > 0 ? "mate" : "mated");
  return g_strdup_printf ("%g", value / 10.0);
}

/* `xqtool tactic FEN N [--gain POINTS]`: what the side to move wins in N
 * moves against the best defence, the line, and with --gain every first
 * move that wins at least that many points.  With --check: every first
 * move that forces a check within N moves (with --move: whether that one
 * does, the most stubborn reply and the move after it). */
static int
print_check_in (XqPosition *pos, XqMove first, int n, guint64 budget)
{
  XqMove keys[XQ_MAX_MOVES], reply, next;
  gboolean complete;
  char a[5], b[5], c[5];
  int k;

  if (first != XQ_MOVE_NONE)
    {
      gboolean forced = xq_tactic_check_line (pos, first, n, budget, &reply, &next, &complete);

      if (!complete)
        {
          printf ("too-deep\n");
          return 0;
        }
      xq_move_to_iccs (first, a);
      printf ("%s %s", forced ? "check-in" : "no-check", a);
      if (reply != XQ_MOVE_NONE)
        {
          xq_move_to_iccs (reply, b);
          printf (" %s", b);
        }
      if (next != XQ_MOVE_NONE)
        {
          xq_move_to_iccs (next, c);
          printf (" %s", c);
        }
      printf ("\n");
      return 0;
    }
  k = xq_tactic_check_keys (pos, n, budget, keys);
  if (k < 0)
    {
      printf ("too-deep\n");
      return 0;
    }
  printf ("check-keys %d", k);
  for (int i = 0; i < k; i++)
    {
      xq_move_to_iccs (keys[i], a);
      printf (" %s", a);
    }
  printf ("\n");
  return 0;
}

static int
cmd_tactic (int argc, char **argv)
{
  static const XqToolCommand self = { "tactic", "FEN N [--gain POINTS | --check] [--move ICCS] [--budget UNITS]" };
  g_autofree char *value = NULL;
  XqPosition pos;
  XqTactic t;
  XqMove first = XQ_MOVE_NONE;
  int n, gain = -1;
  gboolean check = FALSE;
  guint64 budget = XQ_TACTIC_BUDGET;

  if (argc < 3 || argv[1][0] == '-')
    return xqtool_usage (&self);
  if (!xqtool_parse_int (argv[2], 1, XQ_TACTIC_MAX_MOVES, &n))
    return xqtool_fail ("N must be a whole number of moves from 1 to %d, not “%s”", XQ_TACTIC_MAX_MOVES, argv[2]);
  for (int i = 3; i < argc; i++)
    {
      if (strcmp (argv[i], "--gain") == 0 && i + 1 < argc)
        {
          if (!xqtool_parse_int (argv[++i], 1, 50, &gain))
            return xqtool_fail ("--gain must be a whole number of points from 1 to 50, not “%s”", argv[i]);
        }
      else if (strcmp (argv[i], "--budget") == 0 && i + 1 < argc)
        {
          if (!g_ascii_string_to_unsigned (argv[++i], 10, 1, G_MAXUINT64, &budget, NULL))
            return xqtool_fail ("--budget must be a whole number of positions, not “%s”", argv[i]);
        }
      else if (strcmp (argv[i], "--check") == 0)
        check = TRUE;
      else if (strcmp (argv[i], "--move") == 0 && i + 1 < argc)
        {
          first = xq_move_from_iccs (argv[++i]);
          if (first == XQ_MOVE_NONE)
            return xqtool_fail ("--move must be an ICCS move such as h2e2, not “%s”", argv[i]);
        }
      else
        return xqtool_usage (&self);
    }
  if (!xqtool_load_fen (argv[1], &pos))
    return 1;
  if (first != XQ_MOVE_NONE && !xq_position_is_legal (&pos, first))
    return xqtool_fail ("the move %s is not legal in this position", argv[argc - 1]);
  if (check && gain > 0)
    return xqtool_fail ("--check and --gain ask different questions: give one of them");
  if (check)
    return print_check_in (&pos, first, n, budget);
  if (!(first != XQ_MOVE_NONE ? xq_tactic_solve_move (&pos, first, n, budget, &t)
                              : xq_tactic_solve (&pos, n, budget, &t)))
    {
      printf ("too-deep\n");
      return 0;
    }
  value = format_tactic_value (t.value);
  printf ("value %s line", value);
  for (int i = 0; i < t.n_line; i++)
    {
      char text[5];
      xq_move_to_iccs (t.line[i], text);
      printf (" %s", text);
    }
  printf (" (%" G_GUINT64_FORMAT " positions)\n", t.work);
  if (gain > 0)
    {
      XqMove keys[XQ_MAX_MOVES];
      int k = xq_tactic_keys (&pos, n, gain * XQ_VALUE_POINT, budget, keys);

      if (k < 0)
        printf ("keys too-deep\n");
      else
        {
          printf ("keys %d", k);
          for (int i = 0; i < k; i++)
            {
              char text[5];
              xq_move_to_iccs (keys[i], text);
              printf (" %s", text);
            }
          printf ("\n");
        }
    }
  return 0;
}

const XqToolCommand xqtool_solve_commands[] = {
  { "tactic", "FEN N [--gain POINTS | --check] [--move ICCS] [--budget UNITS]", cmd_tactic },
  { "solve", "FEN [--max N] [--budget UNITS] [--work]", cmd_solve },
  { "puzzle-gen", "[--seed S] [--count N] [--mate K] [--pieces RNC:ab] [--tries T] [--quiet] "
                  "[--pattern ID]",
    cmd_puzzle_gen },
  { "bestmove", "FEN [--level L] [--movetime MS] [--seed S]", cmd_bestmove },
  { "mate-sample", "[--seed S] [--count N] [--max K] [--black PERCENT] [--budget UNITS] [--tries T]",
    cmd_mate_sample },
  { NULL, NULL, NULL },
};

const XqToolCommand xqtool_solve_bench[] = {
  { "solve", "[FILE] [--runs N] [--solve-only] [--budget UNITS]", bench_solve },
  { NULL, NULL, NULL },
};
