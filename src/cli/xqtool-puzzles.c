/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xqtool commands of the puzzle collection: puzzle-mine (seeded search for
 * kill puzzles of one named pattern, used by tools/gen-puzzles.py) and
 * puzzle-kill (names the patterns of a given puzzle) and puzzle-confirm
 * (the same for a file of puzzles).  All print
 *   FEN | mate N | keys | pattern ids | main line | nodes | check or quiet
 *     | threat or calm | work W
 * ("threat": the defender, were it its move, could mate at once; W: the
 * proof's work units) where the pattern ids are those holding on every line the defender can
 * choose (xq_kill_confirm), not only on the main line shown.
 * And `puzzles next` / `puzzles daily`: the puzzle the Puzzles page's
 * Next for Me and Daily Puzzle buttons open (xq-rating.h). */
#define G_LOG_DOMAIN "xqtool"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "xq-answer-text.h"
#include "xq-lesson.h"
#include "xq-patterns.h"
#include "xq-progress.h"
#include "xq-puzzle-stats.h"
#include "xq-rating.h"
#include "xq-solver.h"
#include "xq-tables.h"
#include "xqtool.h"

static XqPieceType
letter_type (char c)
{
  switch (g_ascii_toupper (c))
    {
    case 'R': return XQ_CHARIOT;
    case 'N': case 'H': return XQ_HORSE;
    case 'C': return XQ_CANNON;
    case 'P': return XQ_PAWN;
    case 'A': return XQ_ADVISOR;
    case 'B': case 'E': return XQ_ELEPHANT;
    default:  return XQ_NO_TYPE;
    }
}

/* A mark after an attacker's letter in --pieces pins where it may stand,
 * for the patterns random placement hardly ever builds: '^' on Black's
 * back rank, '|' on the centre file, '+' in Black's palace.  'K' (Red's
 * general, always placed), 'k' (Black's) and Black's pieces take marks too. */
static gboolean
is_mark (char c)
{
  return c == '^' || c == '|' || c == '+';
}

static gboolean
marks_allow (const char *marks, XqSquare sq)
{
  int r = xq_sq_rank (sq), f = xq_sq_file (sq);

  for (const char *m = marks; is_mark (*m); m++)
    if ((*m == '^' && r != XQ_RANKS - 1) || (*m == '|' && f != 4) ||
        (*m == '+' && (r < XQ_RANKS - 3 || f < 3 || f > 5)))
      return FALSE;
  return TRUE;
}

/* Red attacks upwards.  Attackers stand where kill books put them: in
 * Black's half or near it (horses and soldiers close to the palace), so
 * the positions look like endgames. */
static gboolean
allowed (XqPiece piece, XqSquare sq, gboolean raised, const char *marks)
{
  int r = xq_sq_rank (sq), f = xq_sq_file (sq);

  if (!xq_tables ()->can_stand[piece][sq] || !marks_allow (marks, sq))
    return FALSE;
  switch (piece)
    {
    case XQ_RED << 3 | XQ_CHARIOT: return r >= 3;
    case XQ_RED << 3 | XQ_HORSE:   return r >= 5 && f >= 1 && f <= 7;
    case XQ_RED << 3 | XQ_CANNON:  return r >= 2;
    case XQ_RED << 3 | XQ_PAWN:    return r >= 6 && f >= 2 && f <= 6;
    case XQ_BLACK << 3 | XQ_KING:  return !raised || r <= 8;
    case XQ_BLACK << 3 | XQ_CHARIOT:
    case XQ_BLACK << 3 | XQ_HORSE:
    case XQ_BLACK << 3 | XQ_CANNON: return r >= 5;
    default: return TRUE;
    }
}

static gboolean
place (GRand *rng, XqPosition *pos, XqPiece piece, gboolean raised, const char *marks)
{
  for (int tries = 0; tries < 300; tries++)
    {
      XqSquare sq = g_rand_int_range (rng, 0, XQ_SQUARES);

      if (pos->board[sq] == XQ_EMPTY && allowed (piece, sq, raised, marks))
        {
          xq_position_put (pos, sq, piece);
          return TRUE;
        }
    }
  return FALSE;
}

static gboolean
make_position (GRand *rng, const char *attack, const char *defence, gboolean raised,
               XqPosition *pos)
{
  const char *king = strchr (attack, 'K'), *bking = strchr (defence, 'k');

  xq_position_clear (pos);
  if (!place (rng, pos, xq_piece_make (XQ_RED, XQ_KING), FALSE, king ? king + 1 : "") ||
      !place (rng, pos, xq_piece_make (XQ_BLACK, XQ_KING), raised, bking ? bking + 1 : ""))
    return FALSE;
  for (const char *c = attack; *c; c++)
    if (!is_mark (*c) && *c != 'K' &&
        !place (rng, pos, xq_piece_make (XQ_RED, letter_type (*c)), FALSE, c + 1))
      return FALSE;
  for (const char *c = defence; *c; c++)
    if (!is_mark (*c) && *c != 'k' &&
        !place (rng, pos, xq_piece_make (XQ_BLACK, letter_type (*c)), FALSE, c + 1))
      return FALSE;
  xq_position_set_side (pos, XQ_RED);
  if (!xq_position_validate (pos, NULL) || xq_position_in_check (pos, XQ_RED))
    return FALSE;
  xq_position_set_side (pos, XQ_BLACK);
  if (!xq_position_has_legal_move (pos))
    return FALSE;
  xq_position_set_side (pos, XQ_RED);
  return TRUE;
}

/* Every attacking piece must matter: without any one of them there is no
 * win within n.  Kill books call a puzzle with an idle piece unsound. */
static gboolean
economical (XqSolver *solver, const XqPosition *pos, int n)
{
  for (XqSquare s = 0; s < XQ_SQUARES; s++)
    {
      XqPiece p = pos->board[s];
      XqPosition q;

      if (p == XQ_EMPTY || xq_piece_color (p) != XQ_RED || xq_piece_type (p) == XQ_KING)
        continue;
      q = *pos;
      xq_position_put (&q, s, XQ_EMPTY);
      if (!xq_position_validate (&q, NULL))
        continue;  /* the piece was blocking the generals: it matters */
      xq_solver_clear (solver);
      if (xq_solver_wins_within (solver, &q, n) != XQ_SOLVE_NONE)
        return FALSE;
    }
  return TRUE;
}

/* The main line the puzzle is filed under: the answer key's
 * (xq_answer_mate_line, the one home of the printed line), steered into
 * kill (an XqKill) at every attacker move, so the line ends in the pattern
 * whenever some fastest move keeps it; kill -1: the solver's own line. */
static gboolean
build_line (XqSolver *solver, const XqPosition *start, int mate, int kill, XqMove *line, int *len)
{
  return xq_answer_mate_line (solver, start, mate, kill, line, len) == XQ_SOLVE_MATE && *len > 0;
}

/* The pattern a line without a named one is steered into: the first the
 * puzzle is confirmed to show on every defence line (XqKill order), 困斃
 * only when it is the one confirmed; -1 for none. */
static int
line_kill (XqKillSet kills)
{
  for (int k = 0; k < XQ_N_KILLS; k++)
    if (k != XQ_KILL_STALEMATE && (kills & (1u << k)))
      return k;
  return kills & (1u << XQ_KILL_STALEMATE) ? XQ_KILL_STALEMATE : -1;
}

/* The patterns of want a puzzle shows on every line the defender can
 * choose (xq_kill_confirm); 0 when the confirmation ran out of budget. */
static XqKillSet
confirmed_kills (XqSolver *solver, const XqPosition *pos, int mate, XqKillSet want,
                 guint64 budget)
{
  XqKillSet holds = 0;

  if (xq_kill_confirm (solver, pos, mate, want, budget, &holds, NULL) != XQ_CONFIRM_DONE)
    return 0;
  return holds;
}

static void
print_puzzle (const XqPosition *pos, const XqSolution *sol, XqKillSet kills,
              const XqMove *line, int len, guint64 nodes)
{
  XqPosition tmp = *pos;
  gboolean check = xq_position_gives_check (&tmp, sol->keys[0]);
  g_autofree char *fen = xq_position_to_fen (pos);
  GString *ids = g_string_new (NULL);
  GString *moves = g_string_new (NULL);
  GString *keys = g_string_new (NULL);

  for (int k = 0; k < XQ_N_KILLS; k++)
    if (kills & (1u << k))
      g_string_append_printf (ids, "%s%s", ids->len ? "," : "", xq_kill_id (k));
  for (int i = 0; i < len; i++)
    {
      char text[5];

      xq_move_to_iccs (line[i], text);
      g_string_append_printf (moves, "%s%s", i ? " " : "", text);
    }
  for (int i = 0; i < sol->n_keys; i++)
    {
      char text[5];

      xq_move_to_iccs (sol->keys[i], text);
      g_string_append_printf (keys, "%s%s", i ? " " : "", text);
    }
  printf ("%s | mate %d | %s | %s | %s | %" G_GUINT64_FORMAT " | %s | %s | work %" G_GUINT64_FORMAT "\n",
          fen, sol->mate, keys->str, ids->len ? ids->str : "none", moves->str, nodes,
          check ? "check" : "quiet", xq_position_threatens_mate (pos) ? "threat" : "calm", sol->work);
  fflush (stdout);
  g_string_free (ids, TRUE);
  g_string_free (moves, TRUE);
  g_string_free (keys, TRUE);
}

static int
cmd_puzzle_mine (int argc, char **argv)
{
  static const XqToolCommand self = {
    "puzzle-mine", "--pieces RNC:ab [--pattern ID] [--mate K] [--seed S] [--count N] "
    "[--tries T] [--nodes L] [--raised] [--check | --quiet] [--economy]"
  };
  g_autoptr(XqSolver) solver = xq_solver_new ();
  g_autofree char *attack = NULL, *defence = NULL;
  int want = -1, mate = 2, seed = 1, count = 1, tries = 100000, nodes = 300000, found = 0;
  gboolean raised = FALSE, check_only = FALSE, quiet_only = FALSE, economy = FALSE;
  GRand *rng;

  for (int i = 1; i < argc; i++)
    {
      const char *val = i + 1 < argc ? argv[i + 1] : NULL;

      if (strcmp (argv[i], "--mate") == 0 && xqtool_parse_int (val, 1, XQ_SOLVER_MAX_MATE, &mate))
        i++;
      else if (strcmp (argv[i], "--seed") == 0 && xqtool_parse_int (val, 0, G_MAXINT, &seed))
        i++;
      else if (strcmp (argv[i], "--count") == 0 && xqtool_parse_int (val, 1, 100000, &count))
        i++;
      else if (strcmp (argv[i], "--tries") == 0 && xqtool_parse_int (val, 1, G_MAXINT, &tries))
        i++;
      else if (strcmp (argv[i], "--nodes") == 0 && xqtool_parse_int (val, 1000, G_MAXINT, &nodes))
        i++;
      else if (strcmp (argv[i], "--raised") == 0)
        raised = TRUE;
      else if (strcmp (argv[i], "--check") == 0)
        check_only = TRUE;
      else if (strcmp (argv[i], "--quiet") == 0)
        quiet_only = TRUE;
      else if (strcmp (argv[i], "--economy") == 0)
        economy = TRUE;
      else if (strcmp (argv[i], "--pattern") == 0 && val != NULL)
        {
          if (strcmp (val, "any") != 0 && (want = xq_kill_from_id (val)) < 0)
            return xqtool_fail ("unknown --pattern “%s”", val);
          i++;
        }
      else if (strcmp (argv[i], "--pieces") == 0 && val != NULL)
        {
          const char *colon = strchr (val, ':');

          attack = colon ? g_strndup (val, (gsize) (colon - val)) : g_strdup (val);
          defence = g_strdup (colon ? colon + 1 : "");
          for (const char *c = attack; *c; c++)
            if (!(is_mark (*c) && c > attack) && *c != 'K' &&
                (!g_ascii_isupper (*c) || letter_type (*c) == XQ_NO_TYPE))
              return xqtool_fail ("bad --pieces “%s”: attackers are upper-case RNCPAB, "
                                  "each maybe followed by ^ | +", val);
          for (const char *c = defence; *c; c++)
            if (!(is_mark (*c) && c > defence) && *c != 'k' &&
                (!g_ascii_islower (*c) || (letter_type (*c) == XQ_NO_TYPE)))
              return xqtool_fail ("bad --pieces “%s”: defenders are lower-case rncpab", val);
          i++;
        }
      else
        return xqtool_usage (&self);
    }
  if (attack == NULL || attack[0] == '\0')
    return xqtool_usage (&self);

  rng = g_rand_new_with_seed ((guint32) seed);
  xq_solver_set_node_limit (solver, (guint64) nodes);
  for (int t = 0; t < tries && found < count; t++)
    {
      XqPosition pos;
      XqSolution sol;
      XqMove line[2 * XQ_SOLVER_MAX_MATE];
      XqKillSet kills;
      int len;
      gboolean check;

      if (!make_position (rng, attack, defence, raised, &pos))
        continue;
      xq_solver_clear (solver);
      /* A cheap first filter: most random positions have no win at all. */
      if (xq_solver_wins_within (solver, &pos, mate) != XQ_SOLVE_MATE)
        continue;
      if (xq_solver_solve (solver, &pos, mate, &sol) != XQ_SOLVE_MATE ||
          sol.mate != mate || sol.n_keys != 1)
        continue;
      check = xq_position_gives_check (&pos, sol.keys[0]);
      if ((check_only && !check) || (quiet_only && check))
        continue;
      if (!build_line (solver, &pos, mate, want, line, &len))
        continue;
      if (economy && !economical (solver, &pos, mate))
        continue;
      /* The pattern on every defence line, not just the main line's. */
      kills = confirmed_kills (solver, &pos, mate, XQ_KILL_ALL, 0);
      if (want >= 0 && !(kills & (1u << want)))
        continue;
      print_puzzle (&pos, &sol, kills, line, len, sol.nodes);
      found++;
    }
  g_rand_free (rng);
  if (found < count)
    fprintf (stderr, "xqtool: found %d of %d puzzles\n", found, count);
  return 0;
}

static int
cmd_puzzle_kill (int argc, char **argv)
{
  static const XqToolCommand self = { "puzzle-kill", "FEN [--max N]" };
  g_autoptr(XqSolver) solver = xq_solver_new ();
  g_autoptr(GError) error = NULL;
  XqMove line[2 * XQ_SOLVER_MAX_MATE];
  XqPosition pos;
  XqSolution sol;
  XqKillSet kills = 0;
  int max_n = 7, len;

  if (argc != 2 && !(argc == 4 && strcmp (argv[2], "--max") == 0 &&
                     xqtool_parse_int (argv[3], 1, XQ_SOLVER_MAX_MATE, &max_n)))
    return xqtool_usage (&self);
  if (!xq_position_set_fen (&pos, argv[1], &error))
    return xqtool_fail ("invalid FEN: %s", error->message);
  if (xq_solver_solve (solver, &pos, max_n, &sol) != XQ_SOLVE_MATE)
    return xqtool_fail ("no mate within %d", max_n);
  /* The solver's line first (on the table the solve filled): the
   * confirmation finds its proofs there.  Then the line steered into what
   * is confirmed. */
  if (xq_solver_main_line (solver, &pos, sol.mate, line, &len) != XQ_SOLVE_MATE || len == 0)
    return xqtool_fail ("no main line");
  kills = confirmed_kills (solver, &pos, sol.mate, XQ_KILL_ALL, 0);
  if (line_kill (kills) >= 0)
    xq_answer_steer_main_line (solver, &pos, sol.mate, line_kill (kills), line, &len);
  print_puzzle (&pos, &sol, kills, line, len, sol.nodes);
  return 0;
}

/* The patterns a puzzle with several keys shows: those the attacker can
 * steer every longest defence into after EVERY key (xq_kill_confirm_key
 * per key, the sets intersected), so whichever key the learner finds, the
 * named pattern follows; 0 when a confirmation ran out of budget. */
static XqKillSet
confirmed_every_key (XqSolver *solver, const XqPosition *pos, const XqSolution *sol,
                     guint64 budget)
{
  XqKillSet all = XQ_KILL_ALL;

  for (int k = 0; k < sol->n_keys && all != 0; k++)
    {
      XqKillSet holds = 0;

      if (xq_kill_confirm_key (solver, pos, sol->keys[k], sol->mate, all, budget, &holds,
                               NULL) != XQ_CONFIRM_DONE)
        return 0;
      all &= holds;
    }
  return all;
}

/* Reads bench lines (FEN | mate N | ...) from stdin and prints, for each
 * puzzle that is still exact (mate in exactly N, one key; with --keys K,
 * at most K keys, every one proved), the puzzle line with the patterns
 * confirmed on every defence line (after every key); a position that is
 * not gives "FEN | unproved".  One process for many positions, so the
 * generator pays no start-up per puzzle. */
static int
cmd_puzzle_confirm (int argc, char **argv)
{
  static const XqToolCommand self = { "puzzle-confirm",
                                      "[--nodes L] [--budget B] [--keys K] < FILE" };
  g_autoptr(XqSolver) solver = xq_solver_new ();
  int nodes = 2000000, budget = 2000000, max_keys = 1;
  char buf[512];

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--nodes") == 0 && i + 1 < argc &&
          xqtool_parse_int (argv[i + 1], 1000, G_MAXINT, &nodes))
        i++;
      else if (strcmp (argv[i], "--budget") == 0 && i + 1 < argc &&
               xqtool_parse_int (argv[i + 1], 1000, G_MAXINT, &budget))
        i++;
      else if (strcmp (argv[i], "--keys") == 0 && i + 1 < argc &&
               xqtool_parse_int (argv[i + 1], 1, XQ_MAX_MOVES, &max_keys))
        i++;
      else
        return xqtool_usage (&self);
    }
  xq_solver_set_node_limit (solver, (guint64) nodes);
  while (fgets (buf, sizeof buf, stdin) != NULL)
    {
      g_auto(GStrv) fields = NULL;
      g_autofree char *fen = NULL;
      XqMove line[2 * XQ_SOLVER_MAX_MATE];
      XqPosition pos;
      XqSolution sol;
      XqKillSet kills = 0;
      int mate = 0, len = 0;

      g_strstrip (buf);
      if (buf[0] == '\0' || buf[0] == '#')
        continue;
      fields = g_strsplit (buf, "|", -1);
      fen = g_strdup (g_strstrip (fields[0]));
      if (fields[1] == NULL || sscanf (fields[1], " mate %d", &mate) != 1 ||
          mate < 1 || mate > XQ_SOLVER_MAX_MATE || !xq_position_set_fen (&pos, fen, NULL))
        {
          printf ("%s | unproved\n", fen);
          continue;
        }
      xq_solver_clear (solver);
      if (xq_solver_solve (solver, &pos, mate, &sol) != XQ_SOLVE_MATE || sol.mate != mate ||
          sol.n_keys > max_keys || xq_solver_main_line (solver, &pos, mate, line, &len) != XQ_SOLVE_MATE)
        {
          printf ("%s | unproved\n", fen);
          fflush (stdout);
          continue;
        }
      if (sol.n_keys == 1)
        kills = confirmed_kills (solver, &pos, mate, XQ_KILL_ALL, (guint64) budget);
      else
        kills = confirmed_every_key (solver, &pos, &sol, (guint64) budget);
      /* Steered into what is confirmed, as the answer key steers (the
       * solver's line, played on the table the solve filled, warmed it for
       * the confirmation; it stays when the steering runs out). */
      if (line_kill (kills) >= 0)
        xq_answer_steer_main_line (solver, &pos, mate, line_kill (kills), line, &len);
      print_puzzle (&pos, &sol, kills, line, len, sol.nodes);
    }
  return 0;
}

/* ---- puzzles next / puzzles daily ------------------------------------------ */

static gboolean
solved_in (const XqPuzzle *puzzle, gpointer progress)
{
  /* The unit the Puzzles page records its puzzles under. */
  return xq_progress_get_stars (progress, "puzzles", puzzle->id) > 0;
}

/* Every puzzle pack in dir (problems go to stderr, one line each). */
static GPtrArray *
load_packs (const char *dir, GPtrArray **files)
{
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  GPtrArray *packs = g_ptr_array_new ();

  *files = xq_lesson_load_dir (dir, problems);
  for (guint i = 0; i < problems->len; i++)
    {
      g_autofree char *line = xq_lesson_problem_format (g_ptr_array_index (problems, i));
      xqtool_print_line (stderr, line);
    }
  for (guint i = 0; *files != NULL && i < (*files)->len; i++)
    {
      XqLessonFile *f = g_ptr_array_index (*files, i);

      if (f->type == XQ_LESSON_FILE_PACK)
        g_ptr_array_add (packs, f->pack);
    }
  return packs;
}

static void
print_choice (const XqPuzzlePack *pack, const XqPuzzle *pz, const XqRatings *ratings)
{
  g_autofree char *title = xqtool_escape (pz->title);
  XqGlicko p = xq_ratings_get_puzzle (ratings, pz);

  printf ("%s %s mate %d rating %.0f | %s\n", pack->id, pz->id, pz->mate_in, p.rating, title);
}

static void
stats_row (const char *what, const char *value, const char *goal, gboolean met)
{
  printf ("| %-40s | %-16s | %-8s | %-7s |\n", what, value, goal, met ? "met" : "not met");
}

static char *
share (guint part, guint whole)
{
  return g_strdup_printf ("%u (%.1f%%)", part, whole ? 100.0 * part / whole : 0.0);
}

/* `puzzles stats`: the collection against the goals of xq-puzzle-stats.h,
 * as a Markdown table; exit status 0 either way (it reports, it does not
 * judge), the last line says whether every goal is met. */
static int
puzzles_stats (int argc, char **argv, const XqToolCommand *self)
{
  g_autofree char *def_packs = g_build_filename (xq_lesson_default_dir (), "puzzles", NULL);
  const char *packs_dir = def_packs;
  g_autoptr(GPtrArray) files = NULL;
  g_autoptr(GPtrArray) packs = NULL;
  g_autofree char *n = NULL, *pat = NULL, *deep = NULL, *med = NULL, *threat = NULL;
  g_autofree char *g1 = NULL, *g2 = NULL, *g3 = NULL, *g4 = NULL, *g5 = NULL;
  g_autofree char *shortm = NULL, *fight = NULL, *adv = NULL;
  XqPuzzleStats st;
  gboolean met[5], all;

  if (argc == 4 && strcmp (argv[2], "--packs") == 0)
    packs_dir = argv[3];
  else if (argc != 2)
    return xqtool_usage (self);
  packs = load_packs (packs_dir, &files);
  xq_puzzle_stats_compute (packs, &st);
  all = xq_puzzle_stats_meets (&st, met);
  n = g_strdup_printf ("%u", st.puzzles);
  pat = g_strdup_printf ("%u", st.patterns);
  deep = share (st.deep, st.puzzles);
  med = g_strdup_printf ("%g", st.median_pieces);
  threat = share (st.threat, st.puzzles);
  shortm = share (st.short_mates, st.puzzles);
  fight = share (st.fighting, st.puzzles);
  adv = share (st.advanced, st.puzzles);
  g1 = g_strdup_printf (">= %d", XQ_PUZZLE_GOAL_PUZZLES);
  g2 = g_strdup_printf (">= %d", XQ_PUZZLE_GOAL_PATTERNS);
  g3 = g_strdup_printf (">= %d%%", XQ_PUZZLE_GOAL_DEEP_PERCENT);
  g4 = g_strdup_printf (">= %d", XQ_PUZZLE_GOAL_PIECES);
  g5 = g_strdup_printf (">= %d%%", XQ_PUZZLE_GOAL_THREAT_PERCENT);
  printf ("| %-40s | %-16s | %-8s | %-7s |\n", "", "shipped", "goal", "");
  printf ("|------------------------------------------|------------------|----------|---------|\n");
  stats_row ("puzzles", n, g1, met[0]);
  stats_row ("patterns", pat, g2, met[1]);
  stats_row ("mates in 5 or more", deep, g3, met[2]);
  stats_row ("pieces on the board (median)", med, g4, met[3]);
  stats_row ("defender threatens mate in one", threat, g5, met[4]);
  printf ("mates in 1-3 %s; defender has a chariot, horse or cannon %s; in packs that open by rating %s\n",
          shortm, fight, adv);
  printf ("%s\n", all ? "every goal met" : "not every goal met");
  return 0;
}

static int
cmd_puzzles (int argc, char **argv)
{
  static const XqToolCommand self = {
    "puzzles", "next --learner ID [--dir DIR] [--packs DIR] | daily [--date YYYY-MM-DD] [--packs DIR] | "
    "stats [--packs DIR]"
  };
  g_autofree char *def_packs = g_build_filename (xq_lesson_default_dir (), "puzzles", NULL);
  const char *learner = NULL, *dir = NULL, *packs_dir = def_packs, *date_text = NULL;
  g_autoptr(GPtrArray) files = NULL;
  g_autoptr(GPtrArray) packs = NULL;
  gboolean next;
  guint pi, qi;

  if (argc >= 2 && strcmp (argv[1], "stats") == 0)
    return puzzles_stats (argc, argv, &self);
  if (argc < 2 || (strcmp (argv[1], "next") != 0 && strcmp (argv[1], "daily") != 0))
    return xqtool_usage (&self);
  next = strcmp (argv[1], "next") == 0;
  /* Every option takes a value: two words a step. */
  for (int i = 2; i < argc; i += 2)
    {
      const char *val = i + 1 < argc ? argv[i + 1] : NULL;

      if (val == NULL)
        return xqtool_usage (&self);
      if (next && strcmp (argv[i], "--learner") == 0)
        learner = val;
      else if (next && strcmp (argv[i], "--dir") == 0)
        dir = val;
      else if (strcmp (argv[i], "--packs") == 0)
        packs_dir = val;
      else if (!next && strcmp (argv[i], "--date") == 0)
        date_text = val;
      else
        return xqtool_usage (&self);
    }
  if (next && learner == NULL)
    return xqtool_usage (&self);
  if (next && !xq_progress_learner_id_valid (learner))
    return xqtool_fail ("“%s” is not a learner id", learner);

  packs = load_packs (packs_dir, &files);
  if (next)
    {
      g_autoptr(XqProgressStore) store = xq_progress_store_new (dir);
      g_autoptr(XqProgress) progress = NULL;
      g_autoptr(XqRatings) ratings = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *report = NULL;
      XqGlicko me;

      progress = xq_progress_store_load (store, learner, &error);
      if (progress == NULL)
        return xqtool_fail ("%s", error->message);
      ratings = xq_ratings_load (xq_progress_store_get_dir (store), learner, &report, &error);
      if (ratings == NULL)
        return xqtool_fail ("%s", error->message);
      if (report != NULL)
        xqtool_note ("%s", report);
      me = xq_ratings_get_learner (ratings);
      printf ("learner %s rating %.0f deviation %.0f attempts %u\n", learner, me.rating,
              me.deviation, xq_ratings_get_attempts (ratings));
      if (!xq_ratings_next_puzzle (ratings, packs, solved_in, progress, &pi, &qi))
        {
          printf ("every puzzle is solved\n");
          return 0;
        }
      print_choice (g_ptr_array_index (packs, pi),
                    g_ptr_array_index (((XqPuzzlePack *) g_ptr_array_index (packs, pi))->puzzles, qi),
                    ratings);
    }
  else
    {
      g_autoptr(XqRatings) seeds = xq_ratings_new ("learner");
      GDate *date = g_date_new ();
      gboolean ok;

      if (date_text != NULL)
        {
          int y, m, d;
          char tail;

          if (sscanf (date_text, "%4d-%2d-%2d%c", &y, &m, &d, &tail) != 3 ||
              !g_date_valid_dmy ((GDateDay) d, (GDateMonth) m, (GDateYear) y))
            {
              g_date_free (date);
              return xqtool_fail ("bad --date “%s”: want YYYY-MM-DD", date_text);
            }
          g_date_set_dmy (date, (GDateDay) d, (GDateMonth) m, (GDateYear) y);
        }
      else
        g_date_set_time_t (date, time (NULL));
      ok = xq_rating_daily_puzzle (packs, date, &pi, &qi);
      g_date_free (date);
      if (!ok)
        return xqtool_fail ("no puzzles in %s", packs_dir);
      print_choice (g_ptr_array_index (packs, pi),
                    g_ptr_array_index (((XqPuzzlePack *) g_ptr_array_index (packs, pi))->puzzles, qi),
                    seeds);
    }
  return 0;
}

const XqToolCommand xqtool_puzzles_commands[] = {
  { "puzzle-mine", "--pieces RNC:ab [--pattern ID] [--mate K] [--seed S] [--count N] "
                   "[--tries T] [--nodes L] [--raised] [--check | --quiet] [--economy]",
    cmd_puzzle_mine },
  { "puzzle-kill", "FEN [--max N]", cmd_puzzle_kill },
  { "puzzle-confirm", "[--nodes L] [--budget B] [--keys K] < FILE", cmd_puzzle_confirm },
  { "puzzles", "next --learner ID [--dir DIR] [--packs DIR] | daily [--date YYYY-MM-DD] [--packs DIR] | "
    "stats [--packs DIR]",
    cmd_puzzles },
  { NULL, NULL, NULL },
};
