/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xqtool bench ladder: the computer's levels measured against each other,
 * against a greedy bot and, when asked, against fairy-stockfish
 * (docs/engine.md, "The ladder"). */
#define G_LOG_DOMAIN "xqtool"

#include "config.h"

#include <gio/gio.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "xq-engine.h"
#include "xq-game.h"
#include "xq-material.h"
#include "xqtool.h"

/* Short opening lines from the start position, so that seeded games do not
 * all begin alike: central cannon, same- and opposite-direction cannons,
 * soldier, horse, elephant and palace-corner cannon openings. */
static const char *const openings[] = {
  "h2e2 h9g7",
  "h2e2 h7e7",
  "h2e2 b7e7",
  "c3c4 g6g5",
  "b0c2 h9g7",
  "c0e2 h7e7",
  "h2f2 h9g7",
  "g3g4 c6c5",
  "b2d2 b9c7",
  "h0g2 h7e7 i0h0 h9g7",
};

#define DEFAULT_PLY_CAP 300

typedef enum {
  PLAYER_ENGINE,
  PLAYER_GREEDY,
  PLAYER_UCI,
} PlayerKind;

typedef struct {
  PlayerKind        kind;
  int               level;
  XqEngine         *engine;
  GRand            *rng;
  GSubprocess      *proc;
  GDataInputStream *in;
  GOutputStream    *out;
  int               uci_depth;
  int               movetime_ms;   /* 0: the level's own */
  guint64           node_limit;    /* 0: none */
} Player;

typedef struct {
  int    wins, draws, losses;   /* of the first player */
  int    moves[2];
  double total_ms[2], max_ms[2];
  double cpu_ms[2];           /* this process's CPU time, so fairy's is not in it */
  int    reasons[XQ_REASON_ILLEGAL_MOVE + 2];   /* the last slot: the ply cap */
} Tally;

static const char *
player_name (const Player *p, char buf[32])
{
  static const char *const names[] = { "Turtle", "Rabbit", "Fox", "Tiger", "Dragon" };

  switch (p->kind)
    {
    case PLAYER_ENGINE:
      if (p->level >= 1 && p->level <= (int) G_N_ELEMENTS (names))
        g_snprintf (buf, 32, "%d %s", p->level, names[p->level - 1]);
      else
        g_snprintf (buf, 32, "level %d", p->level);
      break;
    case PLAYER_GREEDY:
      g_strlcpy (buf, "greedy", 32);
      break;
    case PLAYER_UCI:
      g_snprintf (buf, 32, "fairy d%d", p->uci_depth);
      break;
    default:
      g_strlcpy (buf, "?", 32);
      break;
    }
  return buf;
}

/* ---- fairy-stockfish over UCI ------------------------------------------- */

static gboolean
uci_send (Player *p, const char *line, GError **error)
{
  g_autofree char *text = g_strconcat (line, "\n", NULL);

  return g_output_stream_write_all (p->out, text, strlen (text), NULL, NULL, error) &&
         g_output_stream_flush (p->out, NULL, error);
}

/* Reads lines until one starts with `prefix`; returns it (free it). */
static char *
uci_wait (Player *p, const char *prefix, GError **error)
{
  for (;;)
    {
      g_autoptr(GError) local = NULL;
      char *line = g_data_input_stream_read_line_utf8 (p->in, NULL, NULL, &local);

      if (line == NULL)
        {
          if (local != NULL)
            g_propagate_error (error, g_steal_pointer (&local));
          else
            g_set_error (error, G_IO_ERROR, G_IO_ERROR_CLOSED, "the engine closed its output");
          return NULL;
        }
      if (g_str_has_prefix (line, prefix))
        return line;
      g_free (line);
    }
}

static gboolean
uci_start (Player *p, const char *path, GError **error)
{
  g_autofree char *ok = NULL;

  p->proc = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                              G_SUBPROCESS_FLAGS_STDERR_SILENCE, error, path, NULL);
  if (p->proc == NULL)
    return FALSE;
  p->in = g_data_input_stream_new (g_subprocess_get_stdout_pipe (p->proc));
  p->out = g_object_ref (g_subprocess_get_stdin_pipe (p->proc));
  if (!uci_send (p, "uci", error) || (ok = uci_wait (p, "uciok", error)) == NULL)
    return FALSE;
  g_clear_pointer (&ok, g_free);
  if (!uci_send (p, "setoption name UCI_Variant value xiangqi", error) ||
      !uci_send (p, "isready", error) || (ok = uci_wait (p, "readyok", error)) == NULL)
    return FALSE;
  return TRUE;
}

static void
uci_stop (Player *p)
{
  if (p->proc == NULL)
    return;
  uci_send (p, "quit", NULL);
  g_subprocess_wait (p->proc, NULL, NULL);
  g_clear_object (&p->in);
  g_clear_object (&p->out);
  g_clear_object (&p->proc);
}

/* UCI xiangqi numbers the ranks 1-10 where ICCS has 0-9. */
static void
uci_append_move (GString *s, XqMove m)
{
  XqSquare from = xq_move_from (m), to = xq_move_to (m);

  g_string_append_printf (s, " %c%d%c%d", 'a' + xq_sq_file (from), xq_sq_rank (from) + 1,
                          'a' + xq_sq_file (to), xq_sq_rank (to) + 1);
}

static XqMove
uci_parse_move (const char *text)
{
  int f1, r1, f2, r2, used = 0;
  char c1, c2;

  if (sscanf (text, "%c%d%c%d%n", &c1, &r1, &c2, &r2, &used) != 4 ||
      c1 < 'a' || c1 > 'i' || c2 < 'a' || c2 > 'i' || r1 < 1 || r1 > 10 || r2 < 1 || r2 > 10)
    return XQ_MOVE_NONE;
  f1 = c1 - 'a';
  f2 = c2 - 'a';
  return xq_move_make (xq_sq_make (f1, r1 - 1), xq_sq_make (f2, r2 - 1));
}

static XqMove
uci_choose (Player *p, const XqGame *game, GError **error)
{
  g_autoptr(GString) cmd = g_string_new ("position startpos moves");
  g_autofree char *go = g_strdup_printf ("go depth %d", p->uci_depth);
  g_autofree char *line = NULL;
  int n = xq_game_get_ply (game);

  for (int ply = 1; ply <= n; ply++)
    uci_append_move (cmd, xq_game_get_move (game, ply));
  if (!uci_send (p, cmd->str, error) || !uci_send (p, go, error) ||
      (line = uci_wait (p, "bestmove ", error)) == NULL)
    return XQ_MOVE_NONE;
  return uci_parse_move (line + strlen ("bestmove "));
}

/* ---- The players ---------------------------------------------------------- */

/* Always the most valuable capture there is (a random one of equal value),
 * otherwise any legal move. */
static XqMove
greedy_choose (Player *p, const XqPosition *start)
{
  XqPosition pos = *start;
  XqMove moves[XQ_MAX_MOVES], best[XQ_MAX_MOVES];
  int n = xq_position_legal_moves (&pos, moves), n_best = 0, best_value = 0;

  if (n == 0)
    return XQ_MOVE_NONE;
  for (int i = 0; i < n; i++)
    {
      XqSquare to = xq_move_to (moves[i]);
      int v = pos.board[to] == XQ_EMPTY ? 0 : xq_material_value (pos.board[to], to) + 1;

      if (v > best_value)
        {
          best_value = v;
          n_best = 0;
        }
      if (v == best_value && v > 0)
        best[n_best++] = moves[i];
    }
  if (n_best > 0)
    return best[g_rand_int_range (p->rng, 0, n_best)];
  return moves[g_rand_int_range (p->rng, 0, n)];
}

static void
player_reset (Player *p, guint32 seed)
{
  switch (p->kind)
    {
    case PLAYER_ENGINE:
      g_clear_pointer (&p->engine, xq_engine_free);
      p->engine = xq_engine_new (seed);
      xq_engine_set_level (p->engine, p->level);
      xq_engine_set_movetime (p->engine, p->movetime_ms);
      xq_engine_set_node_limit (p->engine, p->node_limit);
      break;
    case PLAYER_GREEDY:
      g_clear_pointer (&p->rng, g_rand_free);
      p->rng = g_rand_new_with_seed (seed);
      break;
    case PLAYER_UCI:
      uci_send (p, "ucinewgame", NULL);
      break;
    default:
      break;
    }
}

static void
player_clear (Player *p)
{
  g_clear_pointer (&p->engine, xq_engine_free);
  g_clear_pointer (&p->rng, g_rand_free);
  uci_stop (p);
}

static XqMove
player_choose (Player *p, const XqGame *game, GError **error)
{
  switch (p->kind)
    {
    case PLAYER_ENGINE:
      xq_engine_set_game_history (p->engine, game);
      return xq_engine_best_move (p->engine, xq_game_get_position (game), NULL);
    case PLAYER_GREEDY:
      return greedy_choose (p, xq_game_get_position (game));
    case PLAYER_UCI:
      return uci_choose (p, game, error);
    default:
      return XQ_MOVE_NONE;
    }
}

/* ---- Games ------------------------------------------------------------------ */

/* On a shared machine the wall clock says little about the work done. */
static double
cpu_now_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

/* One game; seat[0] plays Red.  Tallies from the point of view of `first`
 * (0 or 1: which seat is the pairing's first player).  FALSE on an error. */
static gboolean
play_game (Player *seat[2], int first, const char *opening, int ply_cap, Tally *t,
           GString *log, GError **error)
{
  g_autoptr(XqGame) game = xq_game_new (NULL);
  g_auto(GStrv) line = g_strsplit (opening, " ", -1);
  XqResult res;
  int plies;

  for (int i = 0; line[i] != NULL; i++)
    if (!xq_game_play_iccs (game, line[i], error))
      return FALSE;
  while (!xq_game_is_over (game) && xq_game_get_n_plies (game) < ply_cap)
    {
      int s = xq_game_get_position (game)->side == XQ_RED ? 0 : 1;
      int who = s == first ? 0 : 1;
      double c0 = cpu_now_ms ();
      gint64 t0 = g_get_monotonic_time ();
      XqMove m = player_choose (seat[s], game, error);
      double ms = (g_get_monotonic_time () - t0) / 1000.0;
      char iccs[5];

      if (m == XQ_MOVE_NONE)
        {
          if (error != NULL && *error == NULL)
            g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "no move at ply %d",
                         xq_game_get_n_plies (game) + 1);
          return FALSE;
        }
      t->moves[who]++;
      t->total_ms[who] += ms;
      t->max_ms[who] = MAX (t->max_ms[who], ms);
      t->cpu_ms[who] += cpu_now_ms () - c0;
      xq_move_to_iccs (m, iccs);
      if (!xq_game_play (game, m, error))
        return FALSE;
      if (log != NULL)
        g_string_append_printf (log, " %s", iccs);
    }

  res = xq_game_get_result (game);
  plies = xq_game_get_n_plies (game);
  if (res.winner == XQ_WINNER_NONE)
    {
      t->draws++;
      t->reasons[XQ_REASON_ILLEGAL_MOVE + 1]++;
    }
  else
    {
      t->reasons[res.reason]++;
      if (res.winner == XQ_WINNER_DRAW)
        t->draws++;
      else if ((res.winner == XQ_WINNER_RED) == (first == 0))
        t->wins++;
      else
        t->losses++;
    }
  if (log != NULL)
    g_string_append_printf (log, " -> %s %s (%d plies)", xq_winner_to_code (res.winner),
                            res.winner == XQ_WINNER_NONE ? "ply-cap" : xq_reason_to_code (res.reason),
                            plies);
  return TRUE;
}

typedef enum {
  TARGET_SCORE_AT_MOST,   /* the first player scores at most `pct` */
  TARGET_WINS_AT_MOST,    /* the first player wins at most `pct` of the games */
  TARGET_SCORE_AT_LEAST,  /* the first player scores at least `pct` */
} TargetKind;

static void
print_header (void)
{
  printf ("%-22s %5s %-9s %6s %8s %8s %8s %8s %8s  %-14s %s\n", "pairing (first: score)", "games",
          "W/D/L", "score", "ms avg", "ms max", "cpu avg", "opp avg", "opp max", "target", "ends");
}

static void
print_row (const char *label, const Tally *t, TargetKind kind, int pct)
{
  int games = t->wins + t->draws + t->losses;
  double score = games ? 100.0 * (t->wins + 0.5 * t->draws) / games : 0;
  double wins = games ? 100.0 * t->wins / games : 0;
  g_autofree char *wdl = g_strdup_printf ("%d/%d/%d", t->wins, t->draws, t->losses);
  g_autofree char *target = NULL;
  g_autoptr(GString) ends = g_string_new (NULL);
  gboolean met;

  switch (kind)
    {
    case TARGET_SCORE_AT_MOST:
      target = g_strdup_printf ("score<=%d%%", pct);
      met = score <= pct;
      break;
    case TARGET_WINS_AT_MOST:
      target = g_strdup_printf ("wins<=%d%%", pct);
      met = wins <= pct;
      break;
    case TARGET_SCORE_AT_LEAST:
    default:
      target = g_strdup_printf ("score>=%d%%", pct);
      met = score >= pct;
      break;
    }
  for (int r = 0; r < (int) G_N_ELEMENTS (t->reasons); r++)
    if (t->reasons[r] > 0)
      g_string_append_printf (ends, "%s%s %d", ends->len ? ", " : "",
                              r == XQ_REASON_ILLEGAL_MOVE + 1 ? "ply-cap" : xq_reason_to_code (r),
                              t->reasons[r]);
  printf ("%-22s %5d %-9s %5.1f%% %8.1f %8.1f %8.1f %8.1f %8.1f  %-10s %-3s %s\n", label, games, wdl,
          score, t->moves[0] ? t->total_ms[0] / t->moves[0] : 0, t->max_ms[0],
          t->moves[0] ? t->cpu_ms[0] / t->moves[0] : 0,
          t->moves[1] ? t->total_ms[1] / t->moves[1] : 0, t->max_ms[1],
          target, met ? "ok" : "MISS", ends->str);
  fflush (stdout);
}

/* `games` games between a and b from the openings in turn, colours
 * alternated (a is Red in the even games). */
static gboolean
run_pairing (Player *a, Player *b, int games, guint32 seed, int ply_cap, gboolean verbose,
             TargetKind kind, int pct, GError **error)
{
  Tally t = { 0 };
  char na[32], nb[32];
  g_autofree char *label = g_strdup_printf ("%s - %s", player_name (a, na), player_name (b, nb));

  for (int g = 0; g < games; g++)
    {
      Player *seat[2];
      int first = g % 2;
      const char *opening = openings[(g / 2) % G_N_ELEMENTS (openings)];
      g_autoptr(GString) log = verbose ? g_string_new (NULL) : NULL;

      seat[first] = a;
      seat[1 - first] = b;
      player_reset (a, seed + 2 * (guint32) g);
      player_reset (b, seed + 2 * (guint32) g + 1);
      if (!play_game (seat, first, opening, ply_cap, &t, log, error))
        {
          g_prefix_error (error, "%s, game %d: ", label, g + 1);
          return FALSE;
        }
      if (verbose)
        {
          printf ("game %d %s (%s is %s):%s\n", g + 1, label, na, first == 0 ? "red" : "black", log->str);
          /* The tally so far, so that a long match cut short still says
           * where it stood. */
          if (g + 1 < games)
            {
              printf ("after %d: ", g + 1);
              print_row (label, &t, kind, pct);
            }
        }
    }
  print_row (label, &t, kind, pct);
  return TRUE;
}

static gboolean
parse_levels (const char *text, int *lo, int *hi)
{
  g_auto(GStrv) parts = g_strsplit (text, "-", 2);

  if (parts[0] == NULL || parts[1] == NULL)
    return FALSE;
  return xqtool_parse_int (parts[0], 1, XQ_ENGINE_MAX_LEVEL, lo) &&
         xqtool_parse_int (parts[1], 1, XQ_ENGINE_MAX_LEVEL, hi) && *lo <= *hi;
}

static int
bench_ladder (int argc, char **argv)
{
  static const char *usage =
    "usage: xqtool bench ladder [--games N] [--seed S] [--levels LO-HI] [--no-greedy] [--ply-cap N]"
    " [--fairy PATH] [--fairy-games N] [--fairy-depth D] [--movetime MS] [--nodes N] [--verbose]\n";
  int games = 10, seed = 1, lo = 1, hi = XQ_ENGINE_MAX_LEVEL, ply_cap = DEFAULT_PLY_CAP;
  int fairy_games = -1, fairy_depth = 8, movetime = 0, nodes = 0;
  gboolean greedy = TRUE, verbose = FALSE;
  const char *fairy = NULL;
  g_autoptr(GError) error = NULL;

  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
      gboolean ok = TRUE;

      if (strcmp (a, "--no-greedy") == 0)
        greedy = FALSE;
      else if (strcmp (a, "--verbose") == 0)
        verbose = TRUE;
      else if (v == NULL)
        ok = FALSE;
      else if (strcmp (a, "--games") == 0)
        ok = xqtool_parse_int (v, 1, 1000, &games), i++;
      else if (strcmp (a, "--seed") == 0)
        ok = xqtool_parse_int (v, 0, G_MAXINT, &seed), i++;
      else if (strcmp (a, "--levels") == 0)
        ok = parse_levels (v, &lo, &hi), i++;
      else if (strcmp (a, "--ply-cap") == 0)
        ok = xqtool_parse_int (v, 10, 2000, &ply_cap), i++;
      else if (strcmp (a, "--fairy") == 0)
        fairy = v, i++;
      else if (strcmp (a, "--fairy-games") == 0)
        ok = xqtool_parse_int (v, 1, 1000, &fairy_games), i++;
      else if (strcmp (a, "--fairy-depth") == 0)
        ok = xqtool_parse_int (v, 1, 30, &fairy_depth), i++;
      else if (strcmp (a, "--movetime") == 0)
        ok = xqtool_parse_int (v, 1, 600000, &movetime), i++;
      else if (strcmp (a, "--nodes") == 0)
        ok = xqtool_parse_int (v, 1, G_MAXINT, &nodes), i++;
      else
        ok = FALSE;
      if (!ok)
        {
          fputs (usage, stderr);
          return 2;
        }
    }

  printf ("ladder: seed %d, %d games a pairing from %u openings (colours alternated), ply cap %d\n",
          seed, games, (guint) G_N_ELEMENTS (openings), ply_cap);
  print_header ();
  for (int level = lo; level < hi; level++)
    {
      Player a = { .kind = PLAYER_ENGINE, .level = level };
      Player b = { .kind = PLAYER_ENGINE, .level = level + 1 };
      gboolean ok = run_pairing (&a, &b, games, (guint32) seed + 1000u * (guint32) level, ply_cap,
                                 verbose, TARGET_SCORE_AT_MOST, 35, &error);

      player_clear (&a);
      player_clear (&b);
      if (!ok)
        return xqtool_fail ("ladder: %s", error->message);
    }
  if (greedy && lo == 1)
    {
      Player a = { .kind = PLAYER_ENGINE, .level = 1 };
      Player b = { .kind = PLAYER_GREEDY };
      gboolean ok = run_pairing (&a, &b, games, (guint32) seed + 7000u, ply_cap, verbose,
                                 TARGET_WINS_AT_MOST, 50, &error);

      player_clear (&a);
      player_clear (&b);
      if (!ok)
        return xqtool_fail ("ladder: %s", error->message);
    }
  if (fairy != NULL)
    {
      Player a = { .kind = PLAYER_ENGINE, .level = XQ_ENGINE_MAX_LEVEL,
                   .movetime_ms = movetime, .node_limit = (guint64) nodes };
      Player b = { .kind = PLAYER_UCI, .uci_depth = fairy_depth };
      gboolean ok = uci_start (&b, fairy, &error) &&
                    run_pairing (&a, &b, fairy_games > 0 ? fairy_games : games,
                                 (guint32) seed + 9000u, ply_cap, verbose,
                                 TARGET_SCORE_AT_LEAST, 50, &error);

      player_clear (&a);
      player_clear (&b);
      if (!ok)
        return xqtool_fail ("ladder: %s: %s", fairy, error->message);
    }
  return 0;
}

const XqToolCommand xqtool_ladder_bench[] = {
  { "ladder", "[--games N] [--seed S] [--levels LO-HI] [--no-greedy] [--ply-cap N] [--fairy PATH] "
              "[--fairy-games N] [--fairy-depth D] [--movetime MS] [--nodes N] [--verbose]", bench_ladder },
  { NULL, NULL, NULL },
};
