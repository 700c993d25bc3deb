/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-tournament.c: the event — players, rounds, results, withdrawals.
 * The rules followed are set out in docs/tournament.md. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-tournament-private.h"

G_DEFINE_QUARK (xq-tournament-error-quark, xq_tournament_error)

#define MAX_PLAYERS 200

static void audit (XqTournament *t, const char *format, ...) G_GNUC_PRINTF (2, 3);
static gboolean round_is_settled (const XqTournament *t, int round);
#define MAX_NAME 100

static const char *const system_codes[] = { "rr", "drr", "swiss", "ko", "groups" };
static const char *const outcome_codes[] = { "", "1-0", "0-1", "1/2-1/2", "+-", "-+", "x" };

const char *
xq_system_to_code (XqSystem system)
{
  g_return_val_if_fail ((guint) system < G_N_ELEMENTS (system_codes), "");
  return system_codes[system];
}

gboolean
xq_system_from_code (const char *code, XqSystem *out)
{
  for (guint i = 0; code != NULL && i < G_N_ELEMENTS (system_codes); i++)
    if (strcmp (code, system_codes[i]) == 0)
      {
        *out = (XqSystem) i;
        return TRUE;
      }
  return FALSE;
}

gboolean
xq_system_is_round_robin (XqSystem system)
{
  return system == XQ_SYSTEM_ROUND_ROBIN || system == XQ_SYSTEM_DOUBLE_ROUND_ROBIN
         || system == XQ_SYSTEM_GROUPS;
}

char *
xq_group_name (int group)
{
  return group < 26 ? g_strdup_printf ("%c", 'A' + group) : g_strdup_printf ("%d", group + 1);
}

const char *
xq_outcome_to_code (XqOutcome outcome)
{
  g_return_val_if_fail ((guint) outcome < G_N_ELEMENTS (outcome_codes), "");
  return outcome_codes[outcome];
}

gboolean
xq_outcome_from_code (const char *code, XqOutcome *out)
{
  for (guint i = 0; code != NULL && i < G_N_ELEMENTS (outcome_codes); i++)
    if (strcmp (code, outcome_codes[i]) == 0)
      {
        *out = (XqOutcome) i;
        return TRUE;
      }
  return FALSE;
}

void
xq_outcome_points (XqOutcome outcome, double *red, double *black)
{
  switch (outcome)
    {
    case XQ_OUTCOME_RED_WIN:
    case XQ_OUTCOME_RED_FORFEIT:
      *red = 1, *black = 0;
      break;
    case XQ_OUTCOME_BLACK_WIN:
    case XQ_OUTCOME_BLACK_FORFEIT:
      *red = 0, *black = 1;
      break;
    case XQ_OUTCOME_DRAW:
      *red = *black = 0.5;
      break;
    case XQ_OUTCOME_NONE:
    case XQ_OUTCOME_CANCELLED:
    default:
      *red = *black = 0;
      break;
    }
}

void
xq_tournament_game_points (const XqTournament *t, const XqPairing *p, double *red, double *black)
{
  *red = *black = 0;
  if (p->outcome == XQ_OUTCOME_RED_FORFEIT || p->outcome == XQ_OUTCOME_BLACK_FORFEIT)
    {
      /* A match not played counts every board to the team present. */
      *(p->outcome == XQ_OUTCOME_RED_FORFEIT ? red : black) = t->team_size;
      return;
    }
  for (int k = 0; k < t->team_size; k++)
    {
      double r, b;
      xq_outcome_points (p->games[k], &r, &b);
      /* The first team has Red on odd boards (board k+1), Black on even ones. */
      *red += k % 2 == 0 ? r : b;
      *black += k % 2 == 0 ? b : r;
    }
}

void
xq_tournament_pairing_points (const XqTournament *t, const XqPairing *p, double *red, double *black)
{
  xq_outcome_points (p->outcome, red, black);
  if (t->team_size > 0)
    {
      /* Match points: a won match 2, a drawn one 1 (14.2); a forfeit + is 2 (21.4). */
      *red *= 2;
      *black *= 2;
    }
}

gboolean
xq_outcome_is_forfeit (XqOutcome outcome)
{
  return outcome == XQ_OUTCOME_RED_FORFEIT || outcome == XQ_OUTCOME_BLACK_FORFEIT;
}

XqOutcome
xq_outcome_from_winner (XqWinner winner)
{
  switch (winner)
    {
    case XQ_WINNER_RED:
      return XQ_OUTCOME_RED_WIN;
    case XQ_WINNER_BLACK:
      return XQ_OUTCOME_BLACK_WIN;
    case XQ_WINNER_DRAW:
      return XQ_OUTCOME_DRAW;
    case XQ_WINNER_NONE:
    default:
      return XQ_OUTCOME_NONE;
    }
}

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

static void
entrant_free (XqEntrant *e)
{
  g_strfreev (e->members);
  g_free (e->name);
  g_free (e);
}

XqTournament *
xq_tournament_alloc (void)
{
  XqTournament *t = g_new0 (XqTournament, 1);
  t->players = g_ptr_array_new_with_free_func ((GDestroyNotify) entrant_free);
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
static gboolean
draw_start (XqTournament *t, GError **error)
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
      {
        int n = (int) t->players->len, r = 0;
        while ((1 << r) < n)
          r++;
        t->rounds_planned = r;
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

  g_return_val_if_fail ((guint) system < G_N_ELEMENTS (system_codes), NULL);
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
  if (!draw_start (t, error))
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

  if (system != XQ_SYSTEM_ROUND_ROBIN && system != XQ_SYSTEM_DOUBLE_ROUND_ROBIN && system != XQ_SYSTEM_SWISS)
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_INVALID,
                   _("A team event is a round robin or a Swiss event"));
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

gboolean
xq_tournament_set_game_result (XqTournament *t, int round, int match, int board,
                               XqOutcome outcome, GError **error)
{
  XqPairing *p = xq_tournament_get_pairing (t, round, match, error);
  double red = 0, black = 0;
  XqOutcome before_match;

  if (p == NULL)
    return FALSE;
  if (t->team_size == 0 || board < 1 || board > t->team_size)
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_INVALID,
                   _("Round %d match %d has no board %d"), round, match, board);
      return FALSE;
    }
  if (outcome != XQ_OUTCOME_NONE && outcome != XQ_OUTCOME_RED_WIN && outcome != XQ_OUTCOME_BLACK_WIN
      && outcome != XQ_OUTCOME_DRAW && !xq_outcome_is_forfeit (outcome))
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_INVALID, _("Only a withdrawal cancels a game"));
      return FALSE;
    }
  if (p->outcome == XQ_OUTCOME_CANCELLED || (round_is_settled (t, round) && p->outcome != XQ_OUTCOME_NONE))
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_STATE,
                   _("Round %d is closed: round %d was paired from its results"), round, round + 1);
      return FALSE;
    }
  if (p->games[board - 1] != XQ_OUTCOME_NONE && p->games[board - 1] != outcome)
    audit (t, "round %d match %d board %d: %s → %s", round, match, board,
           xq_outcome_to_code (p->games[board - 1]), outcome == XQ_OUTCOME_NONE ? "none" : xq_outcome_to_code (outcome));
  p->games[board - 1] = outcome;
  before_match = p->outcome;
  /* The match result follows from the games once every board is in. */
  p->outcome = XQ_OUTCOME_NONE;
  for (int k = 0; k < t->team_size; k++)
    if (p->games[k] == XQ_OUTCOME_NONE)
      return TRUE;
  xq_tournament_game_points (t, p, &red, &black);
  p->outcome = red > black ? XQ_OUTCOME_RED_WIN : black > red ? XQ_OUTCOME_BLACK_WIN : XQ_OUTCOME_DRAW;
  (void) before_match;
  return TRUE;
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
static int
n_games (GPtrArray *boards)
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
  if (board < 1 || board > n_games (boards))
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_INVALID,
                   _("Round %d has no board %d (boards: %d)"), round, board, n_games (boards));
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
  if (t->system == XQ_SYSTEM_KNOCKOUT)
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
  return xq_knockout_pair_round (t, error);
}


static void
audit (XqTournament *t, const char *format, ...)
{
  va_list args;
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *stamp = g_date_time_format_iso8601 (now);
  g_autofree char *msg = NULL;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (t->audit, g_strdup_printf ("%s %s", stamp, msg));
}

/* A later round of a knockout or Swiss was paired from this result: it can
 * no longer change without unpicking those pairings. */
static gboolean
round_is_settled (const XqTournament *t, int round)
{
  return (t->system == XQ_SYSTEM_SWISS || t->system == XQ_SYSTEM_KNOCKOUT)
         && round < (int) t->rounds->len;
}

static gboolean
pairing_for_change (XqTournament *t, int round, int board, XqPairing **out, GError **error)
{
  XqPairing *p = xq_tournament_get_pairing (t, round, board, error);

  if (p == NULL)
    return FALSE;
  if (p->outcome == XQ_OUTCOME_CANCELLED)
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_STATE,
                   _("Round %d board %d was cancelled by a withdrawal"), round, board);
      return FALSE;
    }
  *out = p;
  return TRUE;
}

gboolean
xq_tournament_set_result (XqTournament *t, int round, int board,
                          XqOutcome outcome, XqReason reason, GError **error)
{
  XqPairing *p = NULL;
  XqOutcome before;

  g_return_val_if_fail (t != NULL, FALSE);
  if (!pairing_for_change (t, round, board, &p, error))
    return FALSE;
  if (outcome == XQ_OUTCOME_CANCELLED)
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_INVALID,
                   _("Only a withdrawal cancels a game"));
      return FALSE;
    }
  if (t->team_size > 0 && outcome != XQ_OUTCOME_NONE && !xq_outcome_is_forfeit (outcome))
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_INVALID,
                   _("A team match is entered board by board (or as a forfeit, +- or -+)"));
      return FALSE;
    }
  before = p->outcome;
  if (before == outcome && p->reason == reason)
    return TRUE;
  if (before != XQ_OUTCOME_NONE && round_is_settled (t, round))
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_STATE,
                   _("Round %d is closed: round %d was paired from its results"), round, round + 1);
      return FALSE;
    }
  if (t->system == XQ_SYSTEM_KNOCKOUT && before == XQ_OUTCOME_DRAW)
    {
      /* The replay of a drawn game hangs on that draw: correct it only while
       * the replay has no result, and take the replay away with it. */
      GPtrArray *boards = g_ptr_array_index (t->rounds, round - 1);
      for (guint b = 0; b < boards->len; b++)
        {
          XqPairing *q = g_ptr_array_index (boards, b);
          if (q->replay_of == board - 1)
            {
              if (q->outcome != XQ_OUTCOME_NONE)
                {
                  g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_STATE,
                               _("Round %d board %d has been replayed; correct the replay first"),
                               round, board);
                  return FALSE;
                }
              g_ptr_array_remove_index (boards, b);
              break;
            }
        }
    }
  if (before != XQ_OUTCOME_NONE)
    audit (t, "round %d board %d: %s → %s", round, board,
           xq_outcome_to_code (before), outcome == XQ_OUTCOME_NONE ? "none" : xq_outcome_to_code (outcome));
  p->outcome = outcome;
  p->reason = outcome == XQ_OUTCOME_NONE ? XQ_REASON_NONE : reason;
  if (t->system == XQ_SYSTEM_KNOCKOUT && outcome == XQ_OUTCOME_DRAW)
    {
      /* A drawn knockout game is played again with colours swapped (docs);
       * the replay stands before the byes so board numbers stay games. */
      GPtrArray *boards = g_ptr_array_index (t->rounds, round - 1);
      XqPairing *q = xq_pairing_new (p->black, p->red);
      q->replay_of = board - 1;
      q->slot = p->slot;
      g_ptr_array_insert (boards, n_games (boards), q);
    }
  return TRUE;
}

gboolean
xq_tournament_record_game (XqTournament *t, int round, int board,
                           const XqGame *game, GError **error)
{
  XqResult res = xq_game_get_result (game);
  XqOutcome outcome = xq_outcome_from_winner (res.winner);
  XqPairing *p = NULL;
  GString *moves = g_string_new (NULL);

  if (outcome == XQ_OUTCOME_NONE)
    {
      g_string_free (moves, TRUE);
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_STATE,
                   _("The game has no result yet"));
      return FALSE;
    }
  if (!xq_tournament_set_result (t, round, board, outcome, res.reason, error))
    {
      g_string_free (moves, TRUE);
      return FALSE;
    }
  p = xq_tournament_get_pairing (t, round, board, NULL);
  for (int i = 1; i <= xq_game_get_ply (game); i++)
    {
      char iccs[8];
      xq_move_to_iccs (xq_game_get_move (game, i), iccs);
      if (moves->len > 0)
        g_string_append_c (moves, ' ');
      g_string_append (moves, iccs);
    }
  g_free (p->moves);
  p->moves = g_string_free (moves, FALSE);
  return TRUE;
}

gboolean
xq_tournament_add_foul (XqTournament *t, int round, int board, XqColor side, GError **error)
{
  XqPairing *p = NULL;

  if (!pairing_for_change (t, round, board, &p, error))
    return FALSE;
  p->fouls[side == XQ_RED ? 0 : 1]++;
  return TRUE;
}

/* Games a player has actually played (forfeits, byes and cancelled games are not). */
static int
games_played (const XqTournament *t, int player, int *scheduled)
{
  int played = 0;

  *scheduled = 0;
  for (guint r = 0; r < t->rounds->len; r++)
    {
      GPtrArray *boards = g_ptr_array_index (t->rounds, r);
      for (guint b = 0; b < boards->len; b++)
        {
          const XqPairing *p = g_ptr_array_index (boards, b);
          if (p->black == XQ_BYE || (p->red != player && p->black != player))
            continue;
          (*scheduled)++;
          if (p->outcome != XQ_OUTCOME_NONE && p->outcome != XQ_OUTCOME_CANCELLED
              && !xq_outcome_is_forfeit (p->outcome))
            played++;
        }
    }
  return played;
}

gboolean
xq_tournament_withdraw (XqTournament *t, const char *name, GError **error)
{
  int who = xq_tournament_find_player (t, name);
  XqEntrant *e;
  gboolean cancel = FALSE;
  int played, scheduled;

  if (who < 0)
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_INVALID,
                   _("No player is called %s"), name);
      return FALSE;
    }
  e = g_ptr_array_index (t->players, who);
  if (e->withdrawn)
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_STATE,
                   _("%s has already withdrawn"), name);
      return FALSE;
    }
  if (!xq_tournament_started (t))
    {
      /* Before the start: the player leaves and the draw is made again. */
      g_autoptr(GPtrArray) saved = g_ptr_array_new_with_free_func ((GDestroyNotify) entrant_free);
      if (t->players->len <= 2)
        {
          g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_STATE,
                       _("An event needs at least two players"));
          return FALSE;
        }
      g_ptr_array_add (saved, g_ptr_array_steal_index (t->players, (guint) who));
      if (t->system == XQ_SYSTEM_SWISS)
        t->rounds_planned = MIN (t->rounds_planned, (int) t->players->len - 1);
      if (t->system == XQ_SYSTEM_GROUPS)
        {
          if ((int) t->players->len < 2 * t->n_groups)
            {
              g_ptr_array_insert (t->players, who, g_ptr_array_steal_index (saved, 0));
              g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_STATE,
                           _("Every group needs at least two players"));
              return FALSE;
            }
          xq_tournament_assign_groups (t);
        }
      if (!draw_start (t, error))
        return FALSE;
      audit (t, "%s withdrew before the start; the draw was made again", name);
      return TRUE;
    }

  played = games_played (t, who, &scheduled);
  if (xq_system_is_round_robin (t->system))
    cancel = played * 2 < scheduled;   /* fewer than half the games: all annulled */
  e->withdrawn = TRUE;
  e->cancelled = cancel;
  for (guint r = 0; r < t->rounds->len; r++)
    {
      GPtrArray *boards = g_ptr_array_index (t->rounds, r);
      for (guint b = 0; b < boards->len; b++)
        {
          XqPairing *p = g_ptr_array_index (boards, b);
          if (p->red != who && p->black != who)
            continue;
          if (p->black == XQ_BYE)
            continue;
          if (cancel)
            p->outcome = XQ_OUTCOME_CANCELLED;
          else if (p->outcome == XQ_OUTCOME_NONE)
            p->outcome = p->red == who ? XQ_OUTCOME_BLACK_FORFEIT : XQ_OUTCOME_RED_FORFEIT;
        }
    }
  audit (t, cancel ? "%s withdrew after %d of %d games: every result cancelled"
                   : "%s withdrew after %d of %d games: the results stand, the rest are forfeits",
         name, played, scheduled);
  return TRUE;
}
