/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-tournament.c: the event — players, groups, rounds and pairings;
 * results are in xq-tournament-results.c.
 * The rules followed are set out in docs/tournament.md. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-tournament-private.h"

G_DEFINE_QUARK (xq-tournament-error-quark, xq_tournament_error)

#define MAX_PLAYERS 200
#define MAX_NAME 100

XqPairing *
xq_pairing_new (int red, int black)
{
  XqPairing *p = g_new0 (XqPairing, 1);
  p->red = red;
  p->black = black;
  p->replay_of = -1;
  p->slot = -1;
  return p;
}

void
xq_pairing_free (XqPairing *p)
{
  if (p == NULL)
    return;
  g_free (p->moves);
  g_free (p);
}

void
xq_entrant_free (XqEntrant *e)
{
  g_strfreev (e->members);
  g_free (e->name);
  g_free (e);
}

XqTournament *
xq_tournament_alloc (void)
{
  XqTournament *t = g_new0 (XqTournament, 1);
  t->players = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_entrant_free);
  t->rounds = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  t->audit = g_ptr_array_new_with_free_func (g_free);
  t->title = g_strdup ("");
  t->n_groups = 1;
  t->clock = XQ_TIME_CONTROL_S0_6_3;
  return t;
}

void
xq_tournament_free (XqTournament *t)
{
  if (t == NULL)
    return;
  g_free (t->title);
  g_ptr_array_unref (t->players);
  g_ptr_array_unref (t->rounds);
  g_ptr_array_unref (t->audit);
  g_free (t);
}

/* Name rules shared by new events and loaded files. */
gboolean
xq_tournament_check_name (const char *name, GError **error)
{
  if (name == NULL || *name == '\0' || g_utf8_strlen (name, -1) > MAX_NAME
      || !g_utf8_validate (name, -1, NULL) || strpbrk (name, "\t\r\n,\"") != NULL
      || g_ascii_isspace (name[0]) || g_ascii_isspace (name[strlen (name) - 1]))
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_INVALID,
                   _("A name must be 1 to 100 characters without tabs, commas, quotes or surrounding spaces"));
      return FALSE;
    }
  return TRUE;
}

gboolean
xq_tournament_set_title (XqTournament *t, const char *title, GError **error)
{
  g_autofree char *clean = NULL;

  g_return_val_if_fail (t != NULL && title != NULL, FALSE);
  clean = g_utf8_validate (title, -1, NULL) ? g_strstrip (g_strdup (title)) : NULL;
  if (clean == NULL || *clean == '\0' || g_utf8_strlen (clean, -1) > 100
      || strpbrk (clean, "\t\r\n") != NULL)
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_INVALID,
                   _("A title must be 1 to 100 characters on one line"));
      return FALSE;
    }
  if (strcmp (clean, t->title) == 0)
    return TRUE;
  {
    g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
    g_autofree char *stamp = g_date_time_format_iso8601 (now);
    g_ptr_array_add (t->audit, g_strdup_printf ("%s renamed “%s” → “%s”", stamp, t->title, clean));
  }
  g_free (t->title);
  t->title = g_steal_pointer (&clean);
  return TRUE;
}

#define MAX_CLOCK_MINUTES 600

gboolean
xq_tournament_set_clock (XqTournament *t, XqTimeControlPreset clock, int minutes, GError **error)
{
  g_autofree char *before = NULL, *after = NULL;

  g_return_val_if_fail (t != NULL, FALSE);
  if ((guint) clock > XQ_TIME_CONTROL_S0_6_5)
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_INVALID,
                   _("The clock is one of 6.1, 6.2, 6.3, 6.4 or 6.5"));
      return FALSE;
    }
  if (clock == XQ_TIME_CONTROL_S0_6_5 && (minutes < 1 || minutes > MAX_CLOCK_MINUTES))
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_INVALID,
                   _("6.5 gives each player one time for the whole game: 1 to %d minutes"), MAX_CLOCK_MINUTES);
      return FALSE;
    }
  if (clock != XQ_TIME_CONTROL_S0_6_5 && minutes != 0)
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_INVALID,
                   _("Only 6.5 takes a number of minutes; %s fixes its own times"),
                   xq_time_control_to_code (clock));
      return FALSE;
    }
  if (t->clock == clock && t->clock_minutes == minutes)
    return TRUE;
  before = t->clock_minutes > 0 ? g_strdup_printf ("6.5 %d min", t->clock_minutes)
                                 : g_strdup (xq_time_control_to_code (t->clock));
  after = minutes > 0 ? g_strdup_printf ("6.5 %d min", minutes) : g_strdup (xq_time_control_to_code (clock));
  {
    g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
    g_autofree char *stamp = g_date_time_format_iso8601 (now);
    g_ptr_array_add (t->audit, g_strdup_printf ("%s clock %s → %s", stamp, before, after));
  }
  t->clock = clock;
  t->clock_minutes = minutes;
  return TRUE;
}

void
xq_tournament_time_control (const XqTournament *t, XqTimeControl *tc)
{
  if (t->clock == XQ_TIME_CONTROL_S0_6_5 && t->clock_minutes > 0)
    xq_time_control_init_sudden_death (tc, t->clock_minutes, 0);
  else
    xq_time_control_init_preset (tc, t->clock);
}

char *
xq_time_control_title (XqTimeControlPreset clock, int minutes)
{
  switch (clock)
    {
    case XQ_TIME_CONTROL_S0_6_1:
      return g_strdup (_("6.1: 40 moves in 90 minutes, then 10 every 15"));
    case XQ_TIME_CONTROL_S0_6_2:
      return g_strdup (_("6.2: 30 moves in 60 minutes, then 10 every 10"));
    case XQ_TIME_CONTROL_S0_6_3:
      return g_strdup (_("6.3 (rapid): 40 moves in 10 minutes, then 30 every 5"));
    case XQ_TIME_CONTROL_S0_6_4:
      return g_strdup (_("6.4 (rapid): every 30 moves in 5 minutes"));
    case XQ_TIME_CONTROL_S0_6_5:
    default:
      if (minutes <= 0)
        /* Translators: the choice in the new-event form; the minutes are chosen beside it */
        return g_strdup (_("6.5: one time for the whole game"));
      /* Translators: 第6條 6.5, 每方時間包干使用 */
      return g_strdup_printf (ngettext ("6.5: %d minute each for the whole game",
                                        "6.5: %d minutes each for the whole game", minutes), minutes);
    }
}

/* A default number of Swiss rounds: enough for a clear winner in a class. */
static int
default_swiss_rounds (int n)
{
  int r = 1;
  while ((1 << r) < n)
    r++;
  return MIN (r + 2, n - 1);
}

static gboolean
add_players (XqTournament *t, const char *const *names, int n_names, GError **error)
{
  if (n_names < 2 || n_names > MAX_PLAYERS)
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_INVALID,
                   _("An event needs 2 to %d players, not %d"), MAX_PLAYERS, n_names);
      return FALSE;
    }
  for (int i = 0; i < n_names; i++)
    {
      XqEntrant *e;
      g_autoptr(GError) local = NULL;
      if (!xq_tournament_check_name (names[i], &local))
        {
          g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_INVALID,
                       _("player %d: %s"), i + 1, local->message);
          return FALSE;
        }
      if (xq_tournament_find_player (t, names[i]) >= 0)
        {
          g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_INVALID,
                       _("player %d: %s is already in the event"), i + 1, names[i]);
          return FALSE;
        }
      e = g_new0 (XqEntrant, 1);
      e->name = g_strdup (names[i]);
      g_ptr_array_add (t->players, e);
    }
  return TRUE;
}

/* (Re)draws what the system draws at the start: all of a round robin, or round 1. */
gboolean
xq_tournament_draw_start (XqTournament *t, GError **error)
{
  g_ptr_array_set_size (t->rounds, 0);
  switch (t->system)
    {
    case XQ_SYSTEM_ROUND_ROBIN:
    case XQ_SYSTEM_DOUBLE_ROUND_ROBIN:
    case XQ_SYSTEM_GROUPS:
      xq_round_robin_draw (t);
      return TRUE;
    case XQ_SYSTEM_SWISS:
      return xq_swiss_pair_round (t, error);
    case XQ_SYSTEM_KNOCKOUT:
    case XQ_SYSTEM_DOUBLE_KNOCKOUT:
      {
        int n = (int) t->players->len, r = 0;
        while ((1 << r) < n)
          r++;
        /* A double knockout: at most two rounds a bracket level and the second final. */
        t->rounds_planned = t->system == XQ_SYSTEM_KNOCKOUT ? r : 2 * r + 1;
        return xq_knockout_pair_round (t, error);
      }
    default:
      g_return_val_if_reached (FALSE);
    }
}

XqTournament *
xq_tournament_new (XqSystem system, const char *const *names, int n_names,
                   int rounds, guint32 seed, GError **error)
{
  g_autoptr(XqTournament) t = xq_tournament_alloc ();

  g_return_val_if_fail ((guint) system <= XQ_SYSTEM_DOUBLE_KNOCKOUT, NULL);
  t->system = system;
  t->seed = seed;
  if (!add_players (t, names, n_names, error))
    return NULL;
  if (system == XQ_SYSTEM_SWISS)
    {
      if (rounds < 0 || rounds > n_names - 1)
        {
          g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_INVALID,
                       _("A Swiss event of %d players has 1 to %d rounds"), n_names, n_names - 1);
          return NULL;
        }
      t->rounds_planned = rounds > 0 ? rounds : default_swiss_rounds (n_names);
    }
  if (system == XQ_SYSTEM_GROUPS)
    {
      if (rounds < 1 || n_names < 2 * rounds)
        {
          g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_INVALID,
                       _("%d players make 1 to %d groups of at least two"), n_names, n_names / 2);
          return NULL;
        }
      t->n_groups = rounds;
      xq_tournament_assign_groups (t);
    }
  if (!xq_tournament_draw_start (t, error))
    return NULL;
  return g_steal_pointer (&t);
}

void
xq_tournament_assign_groups (XqTournament *t)
{
  /* Snake order (蛇形): seeds 1..K go to groups A..K, seeds K+1..2K back
   * from K to A, and so on, so every group gets a fair share of seeds. */
  for (guint i = 0; i < t->players->len; i++)
    {
      XqEntrant *e = g_ptr_array_index (t->players, i);
      int row = (int) i / t->n_groups, pos = (int) i % t->n_groups;
      e->group = t->n_groups == 1 ? 0 : row % 2 == 0 ? pos : t->n_groups - 1 - pos;
    }
}

XqTournament *
xq_tournament_new_teams (XqSystem system, const char *const *teams, const char *const *const *members,
                         int n_teams, int boards, int rounds, guint32 seed, GError **error)
{
  g_autoptr(XqTournament) t = NULL;
  g_autoptr(GPtrArray) all = g_ptr_array_new ();

  if (system == XQ_SYSTEM_GROUPS)
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_INVALID,
                   _("A team event is a round robin, a Swiss event or a knockout"));
      return NULL;
    }
  if (boards < 1 || boards > XQ_MAX_TEAM_BOARDS)
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_INVALID,
                   _("A team match has 1 to %d boards"), XQ_MAX_TEAM_BOARDS);
      return NULL;
    }
  for (int i = 0; i < n_teams; i++)
    {
      int n = 0;
      while (members[i] != NULL && members[i][n] != NULL)
        {
          g_autoptr(GError) local = NULL;
          if (!xq_tournament_check_name (members[i][n], &local))
            {
              g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_INVALID,
                           _("team %d: %s"), i + 1, local->message);
              return NULL;
            }
          for (guint k = 0; k < all->len; k++)
            if (strcmp (g_ptr_array_index (all, k), members[i][n]) == 0)
              {
                g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_INVALID,
                             _("team %d: %s plays for two teams"), i + 1, members[i][n]);
                return NULL;
              }
          g_ptr_array_add (all, (gpointer) members[i][n]);
          n++;
        }
      if (n < boards)
        {
          g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_INVALID,
                       _("team %d: %d players for %d boards"), i + 1, n, boards);
          return NULL;
        }
    }
  t = xq_tournament_new (system, teams, n_teams, rounds, seed, error);
  if (t == NULL)
    return NULL;
  t->team_size = boards;
  for (int i = 0; i < n_teams; i++)
    ((XqEntrant *) g_ptr_array_index (t->players, i))->members = g_strdupv ((char **) members[i]);
  return g_steal_pointer (&t);
}

const char *
xq_tournament_board_player (const XqTournament *t, const XqPairing *match, int board, XqColor side)
{
  gboolean first = (board % 2 == 1) == (side == XQ_RED);
  const XqEntrant *team;

  g_return_val_if_fail (t->team_size > 0 && board >= 1 && board <= t->team_size, "");
  team = g_ptr_array_index (t->players, first ? match->red : match->black);
  return team->members[board - 1];
}

XqTournament *
xq_tournament_new_playoff (const XqTournament *t, int place, GError **error)
{
  g_autoptr(GArray) st = xq_tournament_standings (t);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(GPtrArray) members = g_ptr_array_new ();
  XqTournament *playoff;

  if (t->system == XQ_SYSTEM_GROUPS)
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_STATE,
                   _("A group event goes on to its final instead"));
      return NULL;
    }
  for (guint i = 0; i < st->len; i++)
    {
      const XqStanding *s = &g_array_index (st, XqStanding, i);
      const XqEntrant *e = g_ptr_array_index (t->players, s->player);
      if (s->place != place)
        continue;
      g_ptr_array_add (names, e->name);
      g_ptr_array_add (members, e->members);
    }
  if (names->len < 2)
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_STATE,
                   _("Place %d is not shared: there is nothing to play off"), place);
      return NULL;
    }
  if (t->team_size > 0)
    playoff = xq_tournament_new_teams (XQ_SYSTEM_ROUND_ROBIN, (const char *const *) names->pdata,
                                       (const char *const *const *) members->pdata, (int) names->len,
                                       t->team_size, 0, t->seed, error);
  else
    playoff = xq_tournament_new (XQ_SYSTEM_ROUND_ROBIN, (const char *const *) names->pdata, (int) names->len,
                                 0, t->seed, error);
  if (playoff == NULL)
    return NULL;
  g_free (playoff->title);
  /* Translators: the title of a play-off: the event's title and the place played for */
  playoff->title = g_strdup_printf (_("%s — play-off for place %d"),
                                    *t->title ? t->title : _("Class tournament"), place);
  playoff->clock = t->clock;
  playoff->clock_minutes = t->clock_minutes;
  return playoff;
}

XqTournament *
xq_tournament_new_final (const XqTournament *groups, int qualifiers, GError **error)
{
  g_autoptr(GArray) st = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  XqTournament *final;

  g_return_val_if_fail (groups != NULL, NULL);
  if (groups->system != XQ_SYSTEM_GROUPS)
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_STATE,
                   _("Only a group event has a final"));
      return NULL;
    }
  if (!xq_tournament_finished (groups))
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_STATE,
                   _("The groups have games without a result"));
      return NULL;
    }
  st = xq_tournament_standings (groups);
  /* Group winners first (A, B, …), then the seconds, and so on.  Players
   * sharing a place are taken in ranking order; 15.6 leaves a play-off for
   * a shared qualifying place to the teacher. */
  for (int rank = 0; rank < qualifiers; rank++)
    for (int g = 0; g < groups->n_groups; g++)
      {
        int seen = 0;
        for (guint i = 0; i < st->len; i++)
          {
            const XqStanding *s = &g_array_index (st, XqStanding, i);
            if (s->group != g)
              continue;
            if (seen++ == rank)
              {
                g_ptr_array_add (names, (gpointer) xq_tournament_player_name (groups, s->player));
                break;
              }
          }
      }
  final = xq_tournament_new (XQ_SYSTEM_ROUND_ROBIN, (const char *const *) names->pdata, (int) names->len,
                             0, groups->seed, error);
  if (final == NULL)
    return NULL;
  g_free (final->title);
  /* Translators: the title of a group event's final; %s is the event's title */
  final->title = g_strdup_printf (_("%s — final"), *groups->title ? groups->title : _("Class tournament"));
  final->clock = groups->clock;
  final->clock_minutes = groups->clock_minutes;
  return final;
}

int
xq_tournament_n_rounds (const XqTournament *t)
{
  return (int) t->rounds->len;
}

GPtrArray *
xq_tournament_get_round (const XqTournament *t, int round)
{
  if (round < 1 || round > (int) t->rounds->len)
    return NULL;
  return g_ptr_array_index (t->rounds, round - 1);
}

/* Boards count games only; byes stand after them and have no number. */
int
xq_round_n_games (GPtrArray *boards)
{
  int n = 0;
  for (guint b = 0; b < boards->len; b++)
    if (((XqPairing *) g_ptr_array_index (boards, b))->black != XQ_BYE)
      n++;
  return n;
}

XqPairing *
xq_tournament_get_pairing (const XqTournament *t, int round, int board, GError **error)
{
  GPtrArray *boards = xq_tournament_get_round (t, round);

  if (boards == NULL)
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_INVALID,
                   _("There is no round %d (rounds paired: %d)"), round, (int) t->rounds->len);
      return NULL;
    }
  if (board < 1 || board > xq_round_n_games (boards))
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_INVALID,
                   _("Round %d has no board %d (boards: %d)"), round, board, xq_round_n_games (boards));
      return NULL;
    }
  return g_ptr_array_index (boards, board - 1);
}

const char *
xq_tournament_player_name (const XqTournament *t, int player)
{
  g_return_val_if_fail (player >= 0 && player < (int) t->players->len, "");
  return ((XqEntrant *) g_ptr_array_index (t->players, player))->name;
}

char *
xq_tournament_display_name (const XqTournament *t, int player)
{
  const XqEntrant *e;

  g_return_val_if_fail (player >= 0 && player < (int) t->players->len, g_strdup (""));
  e = g_ptr_array_index (t->players, player);
  /* Translators: a player's name in the standings after withdrawing */
  return e->withdrawn ? g_strdup_printf (_("%s (withdrew)"), e->name) : g_strdup (e->name);
}

int
xq_tournament_find_player (const XqTournament *t, const char *name)
{
  for (guint i = 0; i < t->players->len; i++)
    if (g_strcmp0 (((XqEntrant *) g_ptr_array_index (t->players, i))->name, name) == 0)
      return (int) i;
  return -1;
}

gboolean
xq_tournament_round_complete (const XqTournament *t, int round)
{
  GPtrArray *boards = xq_tournament_get_round (t, round);

  if (boards == NULL)
    return FALSE;
  for (guint b = 0; b < boards->len; b++)
    {
      const XqPairing *p = g_ptr_array_index (boards, b);
      if (p->black != XQ_BYE && p->outcome == XQ_OUTCOME_NONE)
        return FALSE;
    }
  if (xq_system_is_knockout (t->system))
    for (guint b = 0; b < boards->len; b++)
      if (((XqPairing *) g_ptr_array_index (boards, b))->replay_of < 0
          && xq_knockout_match_winner (t, round, (int) b + 1) < 0)
        return FALSE;
  return TRUE;
}

gboolean
xq_tournament_started (const XqTournament *t)
{
  for (guint r = 0; r < t->rounds->len; r++)
    {
      GPtrArray *boards = g_ptr_array_index (t->rounds, r);
      for (guint b = 0; b < boards->len; b++)
        if (((XqPairing *) g_ptr_array_index (boards, b))->outcome != XQ_OUTCOME_NONE)
          return TRUE;
    }
  return FALSE;
}

gboolean
xq_tournament_finished (const XqTournament *t)
{
  int n = (int) t->rounds->len;

  if (n == 0 || !xq_tournament_round_complete (t, n))
    return FALSE;
  if (t->system == XQ_SYSTEM_DOUBLE_KNOCKOUT)
    return xq_double_knockout_alive (t, n) <= 1;
  if (t->system == XQ_SYSTEM_KNOCKOUT)
    {
      GPtrArray *last = g_ptr_array_index (t->rounds, n - 1);
      int matches = 0;
      for (guint b = 0; b < last->len; b++)
        if (((XqPairing *) g_ptr_array_index (last, b))->replay_of < 0)
          matches++;
      return matches == 1;
    }
  if (t->system == XQ_SYSTEM_SWISS)
    {
      int active = 0;
      for (guint i = 0; i < t->players->len; i++)
        if (!((XqEntrant *) g_ptr_array_index (t->players, i))->withdrawn)
          active++;
      if (active < 2)
        return TRUE;
    }
  return n >= t->rounds_planned;
}

gboolean
xq_tournament_pair_next (XqTournament *t, GError **error)
{
  int n = (int) t->rounds->len;

  if (xq_system_is_round_robin (t->system))
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_STATE,
                   _("A round robin is drawn whole at the start"));
      return FALSE;
    }
  if (n > 0 && !xq_tournament_round_complete (t, n))
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_STATE,
                   _("Round %d still has games without a result"), n);
      return FALSE;
    }
  if (xq_tournament_finished (t))
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_STATE,
                   _("Every round of the event has been played"));
      return FALSE;
    }
  if (t->system == XQ_SYSTEM_SWISS)
    return xq_swiss_pair_round (t, error);
  if (t->system == XQ_SYSTEM_DOUBLE_KNOCKOUT)
    return xq_double_knockout_pair_round (t, error);
  return xq_knockout_pair_round (t, error);
}

const char *
xq_bracket_title (XqBracket bracket)
{
  switch (bracket)
    {
    case XQ_BRACKET_LOSERS:
      /* Translators: double knockout, 敗者組 */
      return _("Losers' bracket");
    case XQ_BRACKET_FINAL:
      /* Translators: double knockout, 決賽 */
      return _("Final");
    case XQ_BRACKET_FINAL_REPLAY:
      /* Translators: double knockout: the final played again because the losers' champion won it */
      return _("Second final");
    case XQ_BRACKET_WINNERS:
    default:
      /* Translators: double knockout, 勝者組 */
      return _("Winners' bracket");
    }
}

int
xq_tournament_match_winner (const XqTournament *t, int round, int board)
{
  g_return_val_if_fail (xq_system_is_knockout (t->system), -1);
  return xq_knockout_match_winner (t, round, board);
}
