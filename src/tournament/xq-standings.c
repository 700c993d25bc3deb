/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-standings.c: points and the tie-breaks of each system, in the order
 * docs/tournament.md gives them, with shared places for players still tied. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-tournament-private.h"

static const char *const rr_codes[] = { "sonneborn-berger", "wins", "direct", "fouls", NULL };
static const char *const swiss_codes[] = { "opponents", "wins", "fouls", NULL };
static const char *const ko_codes[] = { "reached", "wins", "fouls", NULL };

const char *const *
xq_tournament_tiebreak_codes (const XqTournament *t)
{
  switch (t->system)
    {
    case XQ_SYSTEM_SWISS:
      return swiss_codes;
    case XQ_SYSTEM_KNOCKOUT:
      return ko_codes;
    case XQ_SYSTEM_ROUND_ROBIN:
    case XQ_SYSTEM_DOUBLE_ROUND_ROBIN:
    case XQ_SYSTEM_GROUPS:
    default:
      return rr_codes;
    }
}

const char *
xq_tiebreak_title (const char *code)
{
  if (g_strcmp0 (code, "sonneborn-berger") == 0)
    /* Translators: the Sonneborn-Berger tie-break, 小分 */
    return _("Sonneborn-Berger");
  if (g_strcmp0 (code, "wins") == 0)
    return _("Wins");
  if (g_strcmp0 (code, "direct") == 0)
    /* Translators: the result between the tied players, 直勝 */
    return _("Direct encounter");
  if (g_strcmp0 (code, "fouls") == 0)
    return _("Fouls");
  if (g_strcmp0 (code, "opponents") == 0)
    /* Translators: the sum of the opponents' scores, 對手分 */
    return _("Opponents' points");
  if (g_strcmp0 (code, "reached") == 0)
    /* Translators: knockout: the last round a player reached */
    return _("Round reached");
  return code;
}

char *
xq_format_points (double value)
{
  return g_strdup_printf ("%g", value);
}

typedef struct {
  XqStanding s;
  double     key[5];   /* ranking key: larger is better throughout */
  int        n_key;
} Row;

static gboolean
ranked (const XqTournament *t, int player)
{
  return !((XqEntrant *) g_ptr_array_index (t->players, player))->cancelled;
}

static int
compare_rows (gconstpointer pa, gconstpointer pb)
{
  const Row *a = pa, *b = pb;
  /* A group event ranks each group on its own. */
  if (a->s.group != b->s.group)
    return a->s.group - b->s.group;
  for (int k = 0; k < a->n_key; k++)
    if (a->key[k] != b->key[k])
      return a->key[k] > b->key[k] ? -1 : 1;
  return a->s.player - b->s.player;
}

static gboolean
same_keys (const Row *a, const Row *b, int upto)
{
  if (a->s.group != b->s.group)
    return FALSE;
  for (int k = 0; k < upto; k++)
    if (a->key[k] != b->key[k])
      return FALSE;
  return TRUE;
}

/* Calls fn for every game that counts (not cancelled, not a bye), with each
 * player's points in it. */
typedef void (*GameFunc) (const XqPairing *p, double red_pts, double black_pts, gpointer data);

static void
for_each_game (const XqTournament *t, GameFunc fn, gpointer data)
{
  for (guint r = 0; r < t->rounds->len; r++)
    {
      GPtrArray *boards = g_ptr_array_index (t->rounds, r);
      for (guint b = 0; b < boards->len; b++)
        {
          const XqPairing *p = g_ptr_array_index (boards, b);
          double pr, pb;
          if (p->black == XQ_BYE || p->outcome == XQ_OUTCOME_NONE || p->outcome == XQ_OUTCOME_CANCELLED)
            continue;
          xq_outcome_points (p->outcome, &pr, &pb);
          fn (p, pr, pb, data);
        }
    }
}

typedef struct {
  const XqTournament *t;
  Row   *rows;        /* indexed by player */
  double *points;     /* indexed by player */
  gboolean *in_group; /* for the direct encounter */
  double *direct;
} Acc;

static void
add_points (const XqPairing *p, double pr, double pb, gpointer data)
{
  Acc *a = data;
  Row *red = &a->rows[p->red], *black = &a->rows[p->black];

  a->points[p->red] += pr;
  a->points[p->black] += pb;
  red->s.fouls += p->fouls[0];
  black->s.fouls += p->fouls[1];
  if (!xq_outcome_is_forfeit (p->outcome))
    {
      red->s.played++;
      black->s.played++;
      /* 勝局 counts games won over the board (docs). */
      if (p->outcome == XQ_OUTCOME_RED_WIN)
        red->s.tiebreak[1]++;
      else if (p->outcome == XQ_OUTCOME_BLACK_WIN)
        black->s.tiebreak[1]++;
    }
}

static void
add_opponents (const XqPairing *p, double pr, double pb, gpointer data)
{
  Acc *a = data;

  if (a->t->system == XQ_SYSTEM_SWISS)
    {
      a->rows[p->red].s.tiebreak[0] += a->points[p->black];
      a->rows[p->black].s.tiebreak[0] += a->points[p->red];
    }
  else
    {
      /* Sonneborn-Berger: the opponent's score for a win, half for a draw. */
      a->rows[p->red].s.tiebreak[0] += pr * a->points[p->black];
      a->rows[p->black].s.tiebreak[0] += pb * a->points[p->red];
    }
}

static void
add_direct (const XqPairing *p, double pr, double pb, gpointer data)
{
  Acc *a = data;

  if (a->in_group[p->red] && a->in_group[p->black])
    {
      a->direct[p->red] += pr;
      a->direct[p->black] += pb;
    }
}

/* Knockout: the last round a player was still in (the winner one more). */
static int
round_reached (const XqTournament *t, int player)
{
  int reached = 0;

  for (guint r = 0; r < t->rounds->len; r++)
    {
      GPtrArray *boards = g_ptr_array_index (t->rounds, r);
      for (guint b = 0; b < boards->len; b++)
        {
          const XqPairing *p = g_ptr_array_index (boards, b);
          if (p->replay_of < 0 && (p->red == player || p->black == player))
            {
              reached = (int) r + 1;
              if (xq_tournament_finished (t) && r + 1 == t->rounds->len
                  && xq_knockout_match_winner (t, (int) r + 1, (int) b + 1) == player)
                reached++;
            }
        }
    }
  return reached;
}

GArray *
xq_tournament_standings (const XqTournament *t)
{
  int np = (int) t->players->len;
  g_autofree Row *rows = g_new0 (Row, np);
  g_autofree double *points = g_new0 (double, np);
  g_autofree gboolean *in_group = g_new0 (gboolean, np);
  g_autofree double *direct = g_new0 (double, np);
  g_autoptr(GArray) sorted = g_array_new (FALSE, TRUE, sizeof (Row));
  GArray *out = g_array_new (FALSE, TRUE, sizeof (XqStanding));
  Acc acc = { t, rows, points, in_group, direct };

  for (int i = 0; i < np; i++)
    {
      rows[i].s.player = i;
      rows[i].s.group = ((XqEntrant *) g_ptr_array_index (t->players, i))->group;
    }
  for_each_game (t, add_points, &acc);
  /* A Swiss bye scores a point (docs); a round-robin rest round does not. */
  if (t->system == XQ_SYSTEM_SWISS)
    for (guint r = 0; r < t->rounds->len; r++)
      {
        GPtrArray *boards = g_ptr_array_index (t->rounds, r);
        for (guint b = 0; b < boards->len; b++)
          {
            const XqPairing *p = g_ptr_array_index (boards, b);
            if (p->black == XQ_BYE)
              points[p->red] += 1;
          }
      }
  for_each_game (t, add_opponents, &acc);

  for (int i = 0; i < np; i++)
    {
      Row *row = &rows[i];
      row->s.points = points[i];
      switch (t->system)
        {
        case XQ_SYSTEM_ROUND_ROBIN:
        case XQ_SYSTEM_DOUBLE_ROUND_ROBIN:
        case XQ_SYSTEM_GROUPS:
          row->s.tiebreak[3] = row->s.fouls;
          /* points, SB, wins; the direct encounter and fouls come below */
          row->key[0] = row->s.points;
          row->key[1] = row->s.tiebreak[0];
          row->key[2] = row->s.tiebreak[1];
          row->n_key = 3;
          break;
        case XQ_SYSTEM_SWISS:
          row->s.tiebreak[2] = row->s.fouls;
          row->key[0] = row->s.points;
          row->key[1] = row->s.tiebreak[0];
          row->key[2] = row->s.tiebreak[1];
          row->key[3] = -row->s.fouls;
          row->n_key = 4;
          break;
        case XQ_SYSTEM_KNOCKOUT:
        default:
          /* Columns: reached, wins, fouls; the rank is by round reached alone. */
          row->s.tiebreak[0] = round_reached (t, i);
          row->s.tiebreak[2] = row->s.fouls;
          row->key[0] = row->s.tiebreak[0];
          row->n_key = 1;
          break;
        }
      if (ranked (t, i))
        g_array_append_val (sorted, *row);
    }
  g_array_sort (sorted, compare_rows);

  if (xq_system_is_round_robin (t->system))
    {
      /* 直勝: within each group still tied, the points scored against each other. */
      for (guint i = 0; i < sorted->len;)
        {
          guint j = i + 1;
          Row *first = &g_array_index (sorted, Row, i);
          while (j < sorted->len && same_keys (first, &g_array_index (sorted, Row, j), 3))
            j++;
          memset (in_group, 0, sizeof (gboolean) * (size_t) np);
          memset (direct, 0, sizeof (double) * (size_t) np);
          for (guint k = i; k < j; k++)
            in_group[g_array_index (sorted, Row, k).s.player] = TRUE;
          if (j - i > 1)
            for_each_game (t, add_direct, &acc);
          for (guint k = i; k < j; k++)
            {
              Row *row = &g_array_index (sorted, Row, k);
              row->s.tiebreak[2] = direct[row->s.player];
              row->key[3] = row->s.tiebreak[2];
              row->key[4] = -row->s.fouls;
              row->n_key = 5;
            }
          i = j;
        }
      g_array_sort (sorted, compare_rows);
    }

  for (guint i = 0, first = 0; i < sorted->len; i++)
    {
      Row *row = &g_array_index (sorted, Row, i);
      if (i > 0 && row->s.group != g_array_index (sorted, Row, i - 1).s.group)
        first = i;   /* places start again in each group */
      if (i > first && same_keys (row, &g_array_index (sorted, Row, i - 1), row->n_key))
        row->s.place = g_array_index (out, XqStanding, i - 1).place;
      else
        row->s.place = (int) (i - first) + 1;
      g_array_append_val (out, row->s);
    }
  return out;
}
