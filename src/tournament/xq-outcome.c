/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-outcome.c: the systems and results of an event as the file writes
 * them, and what each result scores.  The rules: docs/tournament.md. */
#include "config.h"

#include <string.h>

#include "xq-tournament-private.h"

static const char *const system_codes[] = { "rr", "drr", "swiss", "ko", "groups", "dko" };
/* 第6條's clauses, in XqTimeControlPreset order. */
static const char *const clock_codes[] = { "6.1", "6.2", "6.3", "6.4", "6.5" };
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

gboolean
xq_system_is_knockout (XqSystem system)
{
  return system == XQ_SYSTEM_KNOCKOUT || system == XQ_SYSTEM_DOUBLE_KNOCKOUT;
}

const char *
xq_bracket_code (XqBracket bracket)
{
  static const char *const codes[] = { "winners", "losers", "final", "final-2" };

  g_return_val_if_fail ((guint) bracket < G_N_ELEMENTS (codes), "");
  return codes[bracket];
}

const char *
xq_time_control_to_code (XqTimeControlPreset clock)
{
  g_return_val_if_fail ((guint) clock < G_N_ELEMENTS (clock_codes), "");
  return clock_codes[clock];
}

gboolean
xq_time_control_from_code (const char *code, XqTimeControlPreset *out)
{
  for (guint i = 0; code != NULL && i < G_N_ELEMENTS (clock_codes); i++)
    if (strcmp (code, clock_codes[i]) == 0)
      {
        *out = (XqTimeControlPreset) i;
        return TRUE;
      }
  return FALSE;
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
