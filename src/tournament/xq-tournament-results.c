/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-tournament-results.c: results entered, changed and recorded from a
 * game, fouls, and withdrawals.  The rules: docs/tournament.md. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-tournament-private.h"

static void audit (XqTournament *t, const char *format, ...) G_GNUC_PRINTF (2, 3);
static void add_replay (XqTournament *t, int round, int board);
static gboolean drop_replay (XqTournament *t, int round, int board, GError **error);
static gboolean round_is_settled (const XqTournament *t, int round);

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
  before_match = p->outcome;
  if (xq_system_is_knockout (t->system) && before_match == XQ_OUTCOME_DRAW && outcome != p->games[board - 1])
    {
      if (!drop_replay (t, round, match, error))
        return FALSE;
      before_match = XQ_OUTCOME_NONE;   /* the replay is gone: a draw again makes a new one */
    }
  if (p->games[board - 1] != XQ_OUTCOME_NONE && p->games[board - 1] != outcome)
    audit (t, "round %d match %d board %d: %s → %s", round, match, board,
           xq_outcome_to_code (p->games[board - 1]), outcome == XQ_OUTCOME_NONE ? "none" : xq_outcome_to_code (outcome));
  p->games[board - 1] = outcome;
  /* The match result follows from the games once every board is in. */
  p->outcome = XQ_OUTCOME_NONE;
  for (int k = 0; k < t->team_size; k++)
    if (p->games[k] == XQ_OUTCOME_NONE)
      return TRUE;
  xq_tournament_game_points (t, p, &red, &black);
  p->outcome = red > black ? XQ_OUTCOME_RED_WIN : black > red ? XQ_OUTCOME_BLACK_WIN : XQ_OUTCOME_DRAW;
  /* 13.4 (docs): a drawn knockout match is played again, the teams' colours swapped. */
  if (xq_system_is_knockout (t->system) && p->outcome == XQ_OUTCOME_DRAW && before_match != XQ_OUTCOME_DRAW)
    add_replay (t, round, match);
  return TRUE;
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
  return (t->system == XQ_SYSTEM_SWISS || xq_system_is_knockout (t->system))
         && round < (int) t->rounds->len;
}

/* A drawn knockout game (or team match, 13.4) is played again with colours
 * swapped (docs); the replay stands before the byes so board numbers stay
 * games. */
static void
add_replay (XqTournament *t, int round, int board)
{
  GPtrArray *boards = g_ptr_array_index (t->rounds, round - 1);
  const XqPairing *p = g_ptr_array_index (boards, board - 1);
  XqPairing *q = xq_pairing_new (p->black, p->red);

  q->replay_of = board - 1;
  q->slot = p->slot;
  g_ptr_array_insert (boards, xq_round_n_games (boards), q);
}

/* The replay of a drawn game hangs on that draw: a correction of the draw
 * is allowed only while the replay has no result, and takes it away. */
static gboolean
drop_replay (XqTournament *t, int round, int board, GError **error)
{
  GPtrArray *boards = g_ptr_array_index (t->rounds, round - 1);

  for (guint b = 0; b < boards->len; b++)
    {
      XqPairing *q = g_ptr_array_index (boards, b);
      if (q->replay_of != board - 1)
        continue;
      gboolean played = q->outcome != XQ_OUTCOME_NONE;
      for (int k = 0; k < XQ_MAX_TEAM_BOARDS; k++)
        played = played || q->games[k] != XQ_OUTCOME_NONE;
      if (played)
        {
          g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_STATE,
                       _("Round %d board %d has been replayed; correct the replay first"), round, board);
          return FALSE;
        }
      g_ptr_array_remove_index (boards, b);
      break;
    }
  return TRUE;
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

/* The player who lost p by forfeit because they withdrew, else -1. */
static int
withdrawal_forfeit (const XqTournament *t, const XqPairing *p)
{
  int loser;

  if (!xq_outcome_is_forfeit (p->outcome) || p->black == XQ_BYE)
    return -1;
  loser = p->outcome == XQ_OUTCOME_RED_FORFEIT ? p->black : p->red;
  return ((XqEntrant *) g_ptr_array_index (t->players, loser))->withdrawn ? loser : -1;
}

static gboolean
set_result (XqTournament *t, int round, int board, XqOutcome outcome, XqReason reason,
            gboolean override, GError **error)
{
  XqPairing *p = NULL;
  XqOutcome before;
  int withdrew;

  g_return_val_if_fail (t != NULL, FALSE);
  if (!pairing_for_change (t, round, board, &p, error))
    return FALSE;
  withdrew = withdrawal_forfeit (t, p);
  if (withdrew >= 0 && outcome != p->outcome && !override)
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_FORFEIT,
                   _("Round %d board %d is a forfeit because %s withdrew, so it is not changed"),
                   round, board, xq_tournament_player_name (t, withdrew));
      return FALSE;
    }
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
  if (xq_system_is_knockout (t->system) && before == XQ_OUTCOME_DRAW && !drop_replay (t, round, board, error))
    return FALSE;
  if (before != XQ_OUTCOME_NONE)
    audit (t, "round %d board %d: %s → %s%s", round, board,
           xq_outcome_to_code (before), outcome == XQ_OUTCOME_NONE ? "none" : xq_outcome_to_code (outcome),
           withdrew >= 0 ? " (a withdrawal's forfeit, overridden)" : "");
  p->outcome = outcome;
  p->reason = outcome == XQ_OUTCOME_NONE ? XQ_REASON_NONE : reason;
  if (xq_system_is_knockout (t->system) && outcome == XQ_OUTCOME_DRAW)
    add_replay (t, round, board);
  return TRUE;
}

gboolean
xq_tournament_set_result (XqTournament *t, int round, int board,
                          XqOutcome outcome, XqReason reason, GError **error)
{
  return set_result (t, round, board, outcome, reason, FALSE, error);
}

gboolean
xq_tournament_override_result (XqTournament *t, int round, int board, XqOutcome outcome,
                               GError **error)
{
  return set_result (t, round, board, outcome, XQ_REASON_NONE, TRUE, error);
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
      g_autoptr(GPtrArray) saved = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_entrant_free);
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
      if (!xq_tournament_draw_start (t, error))
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
