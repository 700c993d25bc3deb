/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xqtool tournament: run a class event from the terminal.  The event lives in
 * one JSON file, saved after each command that changes it. */
#define G_LOG_DOMAIN "xqtool"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "xqtool.h"
#include "xq-tournament.h"
#include "xq-tournament-print.h"

extern const XqToolCommand xqtool_tournament_commands[];
#define tournament_self (xqtool_tournament_commands[0])

/* One name a line (a team line may hold commas); blank lines are skipped.
 * Errors name FILE:LINE. */
static GPtrArray *
read_names (const char *path, gboolean commas)
{
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) lines = NULL;
  gsize length;

  if (!g_file_get_contents (path, &data, &length, &error))
    {
      xqtool_fail ("%s", error->message);
      return NULL;
    }
  if (length > 1024 * 1024 || !g_utf8_validate (data, (gssize) length, NULL) || memchr (data, 0, length))
    {
      xqtool_fail ("%s: not a UTF-8 text file of at most 1 MiB", path);
      return NULL;
    }
  lines = g_strsplit (data, "\n", -1);
  for (int i = 0; lines[i] != NULL; i++)
    {
      g_autofree char *name = g_strdup (lines[i]);
      g_strstrip (name);
      if (*name == '\0')
        continue;
      for (guint k = 0; k < names->len; k++)
        if (strcmp (g_ptr_array_index (names, k), name) == 0)
          {
            xqtool_fail ("%s:%d: %s is already in the list", path, i + 1, name);
            return NULL;
          }
      if (strpbrk (name, commas ? "\t\"" : "\t,\"") != NULL || g_utf8_strlen (name, -1) > (commas ? 1000 : 100))
        {
          xqtool_fail ("%s:%d: a name must be at most 100 characters without tabs, commas or quotes",
                       path, i + 1);
          return NULL;
        }
      g_ptr_array_add (names, g_steal_pointer (&name));
    }
  g_ptr_array_add (names, NULL);
  return g_steal_pointer (&names);
}

/* "Team: player, player, …" a line, players in board order. */
static gboolean
read_teams (const char *path, GPtrArray **teams, GPtrArray **members)
{
  g_autoptr(GPtrArray) lines = read_names (path, TRUE);

  if (lines == NULL)
    return FALSE;
  *teams = g_ptr_array_new_with_free_func (g_free);
  *members = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  for (guint i = 0; i + 1 < lines->len; i++)
    {
      const char *line = g_ptr_array_index (lines, i);
      const char *colon = strchr (line, ':');
      g_auto(GStrv) list = NULL;
      g_autoptr(GStrvBuilder) b = g_strv_builder_new ();
      if (colon == NULL)
        {
          xqtool_fail ("%s: team %u: write the team's name, a colon, then its players separated by commas",
                       path, i + 1);
          g_clear_pointer (teams, g_ptr_array_unref);
          g_clear_pointer (members, g_ptr_array_unref);
          return FALSE;
        }
      g_ptr_array_add (*teams, g_strstrip (g_strndup (line, (gsize) (colon - line))));
      list = g_strsplit (colon + 1, ",", -1);
      for (int k = 0; list[k] != NULL; k++)
        if (*g_strstrip (list[k]) != '\0')
          g_strv_builder_add (b, list[k]);
      g_ptr_array_add (*members, g_strv_builder_end (b));
    }
  g_ptr_array_add (*teams, NULL);
  return TRUE;
}

static int
cmd_new (const char *file, int argc, char **argv)
{
  const char *system_code = NULL, *players = NULL, *title = NULL, *teams_file = NULL, *clock_code = NULL;
  int rounds = 0, seed = 1, groups = 0, boards = 0, minutes = 0;
  XqTimeControlPreset clock = XQ_TIME_CONTROL_S0_6_3;
  XqSystem system;
  g_autoptr(GPtrArray) names = NULL;
  g_autoptr(XqTournament) t = NULL;
  g_autoptr(GError) error = NULL;

  for (int i = 0; i < argc; i++)
    {
      if (strcmp (argv[i], "--system") == 0 && i + 1 < argc)
        system_code = argv[++i];
      else if (strcmp (argv[i], "--players") == 0 && i + 1 < argc)
        players = argv[++i];
      else if (strcmp (argv[i], "--title") == 0 && i + 1 < argc)
        title = argv[++i];
      else if (strcmp (argv[i], "--rounds") == 0 && i + 1 < argc)
        {
          if (!xqtool_parse_int (argv[++i], 1, 199, &rounds))
            return xqtool_fail ("--rounds: a number from 1 to 199, not %s", argv[i]);
        }
      else if (strcmp (argv[i], "--teams") == 0 && i + 1 < argc)
        teams_file = argv[++i];
      else if (strcmp (argv[i], "--boards") == 0 && i + 1 < argc)
        {
          if (!xqtool_parse_int (argv[++i], 1, XQ_MAX_TEAM_BOARDS, &boards))
            return xqtool_fail ("--boards: a number from 1 to %d, not %s", XQ_MAX_TEAM_BOARDS, argv[i]);
        }
      else if (strcmp (argv[i], "--groups") == 0 && i + 1 < argc)
        {
          if (!xqtool_parse_int (argv[++i], 1, 100, &groups))
            return xqtool_fail ("--groups: a number from 1 to 100, not %s", argv[i]);
        }
      else if (strcmp (argv[i], "--clock") == 0 && i + 1 < argc)
        clock_code = argv[++i];
      else if (strcmp (argv[i], "--minutes") == 0 && i + 1 < argc)
        {
          if (!xqtool_parse_int (argv[++i], 1, 600, &minutes))
            return xqtool_fail ("--minutes: a number from 1 to 600, not %s", argv[i]);
        }
      else if (strcmp (argv[i], "--seed") == 0 && i + 1 < argc)
        {
          if (!xqtool_parse_int (argv[++i], 0, G_MAXINT, &seed))
            return xqtool_fail ("--seed: a number, not %s", argv[i]);
        }
      else
        return xqtool_fail ("new: unknown argument %s", argv[i]);
    }
  if (system_code == NULL || (players == NULL) == (teams_file == NULL) || (teams_file != NULL) != (boards > 0))
    return xqtool_usage (&tournament_self);
  if (!xq_system_from_code (system_code, &system))
    return xqtool_fail ("--system: rr, drr, swiss, ko, dko or groups, not %s", system_code);
  if (clock_code != NULL && !xq_time_control_from_code (clock_code, &clock))
    return xqtool_fail ("--clock: 6.1, 6.2, 6.3, 6.4 or 6.5, not %s", clock_code);
  if ((clock == XQ_TIME_CONTROL_S0_6_5) != (minutes > 0))
    return xqtool_fail ("--minutes N goes with --clock 6.5 (each player's time for the whole game), and only with it");
  if ((system == XQ_SYSTEM_GROUPS) != (groups > 0))
    return xqtool_fail ("--groups N goes with --system groups, and only with it");
  if (system == XQ_SYSTEM_GROUPS)
    rounds = groups;
  if (g_file_test (file, G_FILE_TEST_EXISTS))
    return xqtool_fail ("%s already exists; choose another event file", file);
  if (teams_file != NULL)
    {
      g_autoptr(GPtrArray) teams = NULL;
      g_autoptr(GPtrArray) members = NULL;
      if (!read_teams (teams_file, &teams, &members))
        return 1;
      t = xq_tournament_new_teams (system, (const char *const *) teams->pdata,
                                   (const char *const *const *) members->pdata, (int) teams->len - 1,
                                   boards, rounds, (guint32) seed, &error);
      if (t == NULL)
        return xqtool_fail ("%s: %s", teams_file, error->message);
    }
  else
    {
      names = read_names (players, FALSE);
      if (names == NULL)
        return 1;
      t = xq_tournament_new (system, (const char *const *) names->pdata, (int) names->len - 1,
                             rounds, (guint32) seed, &error);
      if (t == NULL)
        return xqtool_fail ("%s: %s", players, error->message);
    }
  if (title != NULL)
    {
      g_free (t->title);
      t->title = g_strdup (title);
    }
  /* A new event has no audit trail yet: its first clock is no change. */
  t->clock = clock;
  t->clock_minutes = minutes;
  if (!xq_tournament_save (t, file, &error))
    return xqtool_fail ("%s", error->message);
  return 0;
}

/* clock 6.1 … 6.4 | clock 6.5 MINUTES; without arguments, prints it. */
static int
cmd_clock (XqTournament *t, const char *file, int argc, char **argv, gboolean *changed)
{
  XqTimeControlPreset clock;
  int minutes = 0;
  g_autoptr(GError) error = NULL;

  if (argc == 0)
    {
      g_autofree char *title = xq_time_control_title (t->clock, t->clock_minutes);
      printf ("%s\n", title);
      return 0;
    }
  if (!xq_time_control_from_code (argv[0], &clock))
    return xqtool_fail ("clock: 6.1, 6.2, 6.3, 6.4 or 6.5 MINUTES, not %s", argv[0]);
  if (argc == 2 && !xqtool_parse_int (argv[1], 1, 600, &minutes))
    return xqtool_fail ("clock: 6.5 takes each player's minutes for the whole game, 1 to 600, not %s", argv[1]);
  if ((clock == XQ_TIME_CONTROL_S0_6_5) != (argc == 2))
    return xqtool_fail (clock == XQ_TIME_CONTROL_S0_6_5
                        ? "clock 6.5 MINUTES: say how many minutes each player has for the whole game"
                        : "clock: only 6.5 takes a number of minutes");
  if (!xq_tournament_set_clock (t, clock, minutes, &error))
    return xqtool_fail ("%s: %s", file, error->message);
  *changed = TRUE;
  return 0;
}

static int
cmd_pairings (XqTournament *t, const char *file, const char *arg, gboolean *changed)
{
  int round;
  GPtrArray *boards;
  g_autoptr(GError) error = NULL;

  if (!xqtool_parse_int (arg, 1, 400, &round))
    return xqtool_fail ("pairings: a round number, not %s", arg);
  /* Asking for the round after the last one pairs it (Swiss and knockout). */
  if (round == xq_tournament_n_rounds (t) + 1 && !xq_system_is_round_robin (t->system))
    {
      if (!xq_tournament_pair_next (t, &error))
        return xqtool_fail ("%s: round %d: %s", file, round, error->message);
      *changed = TRUE;
    }
  boards = xq_tournament_get_round (t, round);
  if (boards == NULL)
    return xqtool_fail ("%s: there is no round %d (rounds paired: %d)", file, round,
                        xq_tournament_n_rounds (t));
  for (guint b = 0; b < boards->len; b++)
    {
      const XqPairing *p = g_ptr_array_index (boards, b);
      if (p->black == XQ_BYE)
        printf ("bye\t%s", xq_tournament_player_name (t, p->red));
      else
        printf ("%u\t%s\t%s", b + 1, xq_tournament_player_name (t, p->red),
                xq_tournament_player_name (t, p->black));
      /* A double knockout names the bracket: winners, losers, final. */
      if (t->system == XQ_SYSTEM_DOUBLE_KNOCKOUT)
        printf ("\t%s", xq_bracket_code (xq_tournament_bracket (t, round, (int) b + 1)));
      printf ("\n");
      /* A team match: each board, Red first (odd boards: the first team's player). */
      for (int k = 1; p->black != XQ_BYE && k <= t->team_size; k++)
        printf ("%u.%d\t%s\t%s\n", b + 1, k, xq_tournament_board_player (t, p, k, XQ_RED),
                xq_tournament_board_player (t, p, k, XQ_BLACK));
    }
  return 0;
}

static int
cmd_standings (XqTournament *t)
{
  g_autoptr(GArray) st = xq_tournament_standings (t);
  const char *const *codes = xq_tournament_tiebreak_codes (t);

  for (guint i = 0; i < st->len; i++)
    {
      const XqStanding *s = &g_array_index (st, XqStanding, i);
      g_autofree char *pts = xq_format_points (s->points);
      printf ("%d\t%s\t%s", s->place, xq_tournament_player_name (t, s->player), pts);
      for (int k = 0; codes[k] != NULL; k++)
        {
          g_autofree char *v = xq_format_points (s->tiebreak[k]);
          printf ("\t%s", v);
        }
      if (t->system == XQ_SYSTEM_GROUPS)
        {
          g_autofree char *group = xq_group_name (s->group);
          printf ("\t%s", group);
        }
      printf ("\n");
    }
  return 0;
}

/* print pairings N | standings | certificates | scoresheet N BOARD, then --out FILE. */
static int
cmd_print (XqTournament *t, const char *file, int argc, char **argv)
{
  const char *out = NULL, *what;
  g_autoptr(GError) error = NULL;
  XqNotation notation = XQ_NOTATION_ZH_HANS;
  int places = 3, nums[2] = { 0, 0 }, n_nums = 0;
  gboolean ok, provisional = FALSE;

  if (argc < 1)
    return xqtool_usage (&tournament_self);
  what = argv[0];
  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--out") == 0 && i + 1 < argc)
        out = argv[++i];
      else if (strcmp (argv[i], "--notation") == 0 && i + 1 < argc)
        {
          if (!xq_notation_from_name (argv[++i], &notation))
            return xqtool_fail ("--notation: iccs, wxf, zh-hans or zh-hant, not %s", argv[i]);
        }
      else if (strcmp (argv[i], "--provisional") == 0 && strcmp (what, "certificates") == 0)
        provisional = TRUE;
      else if (strcmp (argv[i], "--places") == 0 && i + 1 < argc)
        {
          if (!xqtool_parse_int (argv[++i], 1, 200, &places))
            return xqtool_fail ("--places: a number from 1 to 200, not %s", argv[i]);
        }
      else if (n_nums < 2 && xqtool_parse_int (argv[i], 1, 400, &nums[n_nums]))
        n_nums++;
      else
        return xqtool_fail ("print: unknown argument %s", argv[i]);
    }
  if (out == NULL)
    return xqtool_fail ("print: --out FILE is required");
  if (strcmp (what, "pairings") == 0 && n_nums == 1)
    ok = xq_tournament_print_pairings (t, nums[0], out, &error);
  else if (strcmp (what, "standings") == 0 && n_nums == 0)
    ok = xq_tournament_print_standings (t, out, &error);
  else if (strcmp (what, "certificates") == 0 && n_nums == 0)
    ok = xq_tournament_print_certificates (t, places, provisional, out, &error);
  else if (strcmp (what, "scoresheet") == 0 && n_nums == 2)
    ok = xq_tournament_print_score_sheet (t, nums[0], nums[1], notation, out, &error);
  else
    return xqtool_usage (&tournament_self);
  if (!ok && g_error_matches (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_STATE))
    return xqtool_fail ("%s: %s (--provisional)", file, error->message);
  if (!ok)
    return xqtool_fail ("%s", error->message);
  return 0;
}

static int
tournament_main (int argc, char **argv)
{
  const char *file, *command;
  g_autoptr(XqTournament) t = NULL;
  g_autoptr(GError) error = NULL;
  gboolean changed = FALSE;
  int status = 0;

  if (argc < 3)
    return xqtool_usage (&tournament_self);
  file = argv[1];
  command = argv[2];
  if (strcmp (command, "new") == 0)
    return cmd_new (file, argc - 3, argv + 3);

  t = xq_tournament_load (file, &error);
  if (t == NULL)
    return xqtool_fail ("%s", error->message);

  if (strcmp (command, "pairings") == 0 && argc == 4)
    status = cmd_pairings (t, file, argv[3], &changed);
  else if ((strcmp (command, "result") == 0 || strcmp (command, "foul") == 0)
           && (argc == 6 || (argc == 7 && strcmp (command, "result") == 0 && strcmp (argv[6], "--override") == 0)))
    {
      gboolean override = argc == 7;
      int round, board, game = 0;
      const char *dot = strchr (argv[4], '.');
      /* MATCH.BOARD names one game of a team match. */
      if (dot != NULL && strcmp (command, "result") == 0)
        {
          g_autofree char *match = g_strndup (argv[4], (gsize) (dot - argv[4]));
          if (!xqtool_parse_int (argv[3], 1, 400, &round) || !xqtool_parse_int (match, 1, 400, &board)
              || !xqtool_parse_int (dot + 1, 1, XQ_MAX_TEAM_BOARDS, &game))
            return xqtool_fail ("result: round and MATCH.BOARD are numbers, not %s %s", argv[3], argv[4]);
        }
      else if (!xqtool_parse_int (argv[3], 1, 400, &round) || !xqtool_parse_int (argv[4], 1, 400, &board))
        return xqtool_fail ("%s: round and board are numbers, not %s %s", command, argv[3], argv[4]);
      if (strcmp (command, "result") == 0)
        {
          XqOutcome outcome;
          if (!xq_outcome_from_code (argv[5], &outcome) || outcome == XQ_OUTCOME_NONE
              || outcome == XQ_OUTCOME_CANCELLED)
            return xqtool_fail ("result: 1-0, 0-1, 1/2-1/2, +- or -+, not %s", argv[5]);
          if (game > 0 ? !xq_tournament_set_game_result (t, round, board, game, outcome, &error)
                       : override ? !xq_tournament_override_result (t, round, board, outcome, &error)
                                  : !xq_tournament_set_result (t, round, board, outcome, XQ_REASON_NONE, &error))
            {
              /* A withdrawal's forfeit changes only when asked for twice over. */
              if (g_error_matches (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_FORFEIT))
                return xqtool_fail ("%s: %s (add --override to change it)", file, error->message);
              return xqtool_fail ("%s: %s", file, error->message);
            }
        }
      else
        {
          XqColor side;
          if (strcmp (argv[5], "red") == 0)
            side = XQ_RED;
          else if (strcmp (argv[5], "black") == 0)
            side = XQ_BLACK;
          else
            return xqtool_fail ("foul: red or black, not %s", argv[5]);
          if (!xq_tournament_add_foul (t, round, board, side, &error))
            return xqtool_fail ("%s: %s", file, error->message);
        }
      changed = TRUE;
    }
  else if (strcmp (command, "clock") == 0 && argc >= 3 && argc <= 5)
    status = cmd_clock (t, file, argc - 3, argv + 3, &changed);
  else if (strcmp (command, "withdraw") == 0 && argc == 4)
    {
      if (!xq_tournament_withdraw (t, argv[3], &error))
        return xqtool_fail ("%s: %s", file, error->message);
      changed = TRUE;
    }
  else if (strcmp (command, "rename") == 0 && argc == 4)
    {
      if (!xq_tournament_set_title (t, argv[3], &error))
        return xqtool_fail ("%s: %s", file, error->message);
      changed = TRUE;
    }
  else if (strcmp (command, "delete") == 0 && argc == 3)
    {
      /* The event was read first: only an event file is deleted. */
      if (!xq_tournament_delete_file (file, &error))
        return xqtool_fail ("%s", error->message);
    }
  else if (strcmp (command, "standings") == 0 && argc == 3)
    status = cmd_standings (t);
  else if (strcmp (command, "export") == 0 && argc == 4 && strcmp (argv[3], "csv") == 0)
    {
      g_autofree char *csv = xq_tournament_export_csv (t);
      fputs (csv, stdout);
    }
  else if (strcmp (command, "print") == 0 && argc >= 4)
    status = cmd_print (t, file, argc - 3, argv + 3);
  else if (strcmp (command, "final") == 0 && argc == 7 && strcmp (argv[3], "--qualifiers") == 0
           && strcmp (argv[5], "--out") == 0)
    {
      int q;
      g_autoptr(XqTournament) final = NULL;
      if (!xqtool_parse_int (argv[4], 1, 100, &q))
        return xqtool_fail ("--qualifiers: a number from 1 to 100, not %s", argv[4]);
      if (g_file_test (argv[6], G_FILE_TEST_EXISTS))
        return xqtool_fail ("%s already exists; choose another event file", argv[6]);
      final = xq_tournament_new_final (t, q, &error);
      if (final == NULL || !xq_tournament_save (final, argv[6], &error))
        return xqtool_fail ("%s: %s", file, error->message);
    }
  else if (strcmp (command, "playoff") == 0 && argc == 7 && strcmp (argv[3], "--place") == 0
           && strcmp (argv[5], "--out") == 0)
    {
      int place;
      g_autoptr(XqTournament) playoff = NULL;
      if (!xqtool_parse_int (argv[4], 1, 200, &place))
        return xqtool_fail ("--place: a number from 1 to 200, not %s", argv[4]);
      if (g_file_test (argv[6], G_FILE_TEST_EXISTS))
        return xqtool_fail ("%s already exists; choose another event file", argv[6]);
      playoff = xq_tournament_new_playoff (t, place, &error);
      if (playoff == NULL || !xq_tournament_save (playoff, argv[6], &error))
        return xqtool_fail ("%s: %s", file, error->message);
    }
  else if (strcmp (command, "audit") == 0 && argc == 3)
    {
      for (guint i = 0; i < t->audit->len; i++)
        printf ("%s\n", (char *) g_ptr_array_index (t->audit, i));
    }
  else
    return xqtool_usage (&tournament_self);

  if (status == 0 && changed && !xq_tournament_save (t, file, &error))
    return xqtool_fail ("%s", error->message);
  return status;
}

const XqToolCommand xqtool_tournament_commands[] = {
  { "tournament",
    "EVENT-FILE new --system rr|drr|swiss|ko|dko|groups --players NAMES-FILE | --teams TEAMS-FILE --boards N"
    " [--rounds N] [--groups N] [--seed N] [--title TEXT] [--clock 6.1|6.2|6.3|6.4|6.5 --minutes N]"
    " | clock [6.1|6.2|6.3|6.4|6.5 MINUTES]"
    " | pairings N | result N BOARD[.GAME] 1-0|0-1|1/2-1/2|+-|-+ [--override] | foul N BOARD red|black"
    " | withdraw NAME | rename TITLE | delete | standings | export csv | audit"
    " | final --qualifiers N --out FINAL-EVENT-FILE"
    " | playoff --place N --out PLAYOFF-EVENT-FILE"
    " | print pairings N|standings|certificates [--provisional]|scoresheet N BOARD --out FILE.pdf"
    " [--notation zh-hans|zh-hant]",
    tournament_main },
  { NULL, NULL, NULL },
};
