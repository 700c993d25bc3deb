/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-standings.c: points and the tie-breaks of each system, in the order
 * docs/tournament.md gives them, with shared places for players still tied. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "xq-tournament-private.h"

static const char *const rr_codes[] = { "sonneborn-berger", "wins", "direct", "fouls", NULL };
static const char *const swiss_codes[] = { "opponents", "wins", "fouls", NULL };
static const char *const ko_codes[] = { "reached", "wins", "fouls", NULL };
static const char *const team_rr_codes[] = { "game-points", "game-wins", "direct", "fouls", NULL };
static const char *const team_swiss_codes[] = { "opponents", "game-points", "match-wins", "fouls", NULL };

const char *const *
xq_tournament_tiebreak_codes (const XqTournament *t)
{
  if (t->team_size > 0 && !xq_system_is_knockout (t->system))
    return t->system == XQ_SYSTEM_SWISS ? team_swiss_codes : team_rr_codes;
  switch (t->system)
    {
    case XQ_SYSTEM_SWISS:
      return swiss_codes;
    case XQ_SYSTEM_KNOCKOUT:
    case XQ_SYSTEM_DOUBLE_KNOCKOUT:
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
  if (g_strcmp0 (code, "game-points") == 0)
    /* Translators: a team's total of game points, 全隊總局分 */
    return _("Game points");
  if (g_strcmp0 (code, "game-wins") == 0)
    /* Translators: games won by a team's players, 全隊勝局 */
    return _("Games won");
  if (g_strcmp0 (code, "match-wins") == 0)
    /* Translators: team matches won, 全隊勝場 */
    return _("Matches won");
  return code;
}

char *
xq_format_points (double value)
{
  return g_strdup_printf ("%g", value);
}

char *
xq_format_score (double value)
{
  double whole = floor (value + 1e-9);
  gboolean half = value - whole > 0.25;

  if (whole == 0 && half)
    return g_strdup ("½");
  return g_strdup_printf ("%g%s", whole, half ? "½" : "");
}

/* Everything any tie-break needs, for one player or team. */
typedef struct {
  double points;      /* 積分, or a team's match points */
  double sb;          /* 小分 */
  double wins;        /* games won over the board (a team: matches won) */
  double game_points; /* a team: game points */
  double game_wins;   /* a team: games its players won */
  double opponents;   /* the opponents' points */
  double reached;     /* knockout */
  double direct;
  int    fouls;
  int    played;
} Stats;

typedef struct {
  XqStanding s;
  double     key[6];   /* ranking key: larger is better throughout */
  int        n_key;
} Row;

static double
stat_value (const Stats *st, const char *code)
{
  if (strcmp (code, "sonneborn-berger") == 0)
    return st->sb;
  if (strcmp (code, "wins") == 0 || strcmp (code, "match-wins") == 0)
    return st->wins;
  if (strcmp (code, "direct") == 0)
    return st->direct;
  if (strcmp (code, "fouls") == 0)
    return st->fouls;
  if (strcmp (code, "opponents") == 0)
    return st->opponents;
  if (strcmp (code, "reached") == 0)
    return st->reached;
  if (strcmp (code, "game-points") == 0)
    return st->game_points;
  if (strcmp (code, "game-wins") == 0)
    return st->game_wins;
  g_return_val_if_reached (0);
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

/* Calls fn for every game or match that counts (not cancelled, not a bye),
 * with each side's points in it. */
typedef void (*GameFunc) (const XqTournament *t, const XqPairing *p, double red_pts, double black_pts,
                          gpointer data);

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
          xq_tournament_pairing_points (t, p, &pr, &pb);
          fn (t, p, pr, pb, data);
        }
    }
}

static void
add_points (const XqTournament *t, const XqPairing *p, double pr, double pb, gpointer data)
{
  Stats *st = data, *red = &st[p->red], *black = &st[p->black];

  red->points += pr;
  black->points += pb;
  red->fouls += p->fouls[0];
  black->fouls += p->fouls[1];
  if (t->team_size > 0)
    {
      double gr, gb;
      xq_tournament_game_points (t, p, &gr, &gb);
      red->game_points += gr;
      black->game_points += gb;
      for (int k = 0; k < t->team_size; k++)
        {
          /* Board k+1: the first team has Red on odd boards (13.2). */
          gboolean first_red = k % 2 == 0;
          if (p->games[k] == XQ_OUTCOME_RED_WIN)
            (first_red ? red : black)->game_wins++;
          else if (p->games[k] == XQ_OUTCOME_BLACK_WIN)
            (first_red ? black : red)->game_wins++;
        }
      /* 全隊勝場: matches won, forfeits included. */
      if (pr > pb)
        red->wins++;
      else if (pb > pr)
        black->wins++;
      return;
    }
  if (!xq_outcome_is_forfeit (p->outcome))
    {
      red->played++;
      black->played++;
      /* 勝局 counts games won over the board (docs). */
      if (p->outcome == XQ_OUTCOME_RED_WIN)
        red->wins++;
      else if (p->outcome == XQ_OUTCOME_BLACK_WIN)
        black->wins++;
    }
}

static void
add_opponents (const XqTournament *t, const XqPairing *p, double pr, double pb, gpointer data)
{
  Stats *st = data;
  double red_total = st[p->red].points, black_total = st[p->black].points;

  st[p->red].opponents += black_total;
  st[p->black].opponents += red_total;
  /* Sonneborn-Berger: the opponent's score for a win, half for a draw. */
  st[p->red].sb += pr * black_total;
  st[p->black].sb += pb * red_total;
}

typedef struct {
  Stats    *st;
  gboolean *in_group;
} DirectAcc;

static void
add_direct (const XqTournament *t, const XqPairing *p, double pr, double pb, gpointer data)
{
  DirectAcc *a = data;

  if (a->in_group[p->red] && a->in_group[p->black])
    {
      a->st[p->red].direct += pr;
      a->st[p->black].direct += pb;
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

/* Double knockout: one who is out has reached the round of the second
 * loss (or of the last game before withdrawing); a player still in the
 * round after the last, one more without a loss; the winner of a
 * finished event above everyone. */
static void
double_knockout_reached (const XqTournament *t, Stats *st)
{
  int np = (int) t->players->len, n = (int) t->rounds->len;
  g_autofree XqKnockoutState *ks = g_new0 (XqKnockoutState, np);
  gboolean finished = xq_tournament_finished (t);

  xq_double_knockout_state (t, n, ks, NULL);
  for (int i = 0; i < np; i++)
    {
      const XqEntrant *e = g_ptr_array_index (t->players, i);
      if (ks[i].losses >= 2 || e->withdrawn)
        st[i].reached = ks[i].last_round;
      else
        st[i].reached = finished ? n + 3 : n + 2 - ks[i].losses;
    }
}

/* The keys of a row from its stats: points, then each tie-break in order
 * (fewer fouls rank higher); a knockout ranks by the round reached alone. */
static void
set_keys (const XqTournament *t, Row *row, const Stats *st)
{
  const char *const *codes = xq_tournament_tiebreak_codes (t);

  if (xq_system_is_knockout (t->system))
    {
      row->key[0] = st->reached;
      row->n_key = 1;
      return;
    }
  row->key[0] = st->points;
  row->n_key = 1;
  for (int k = 0; codes[k] != NULL; k++)
    {
      double v = stat_value (st, codes[k]);
      row->key[row->n_key++] = strcmp (codes[k], "fouls") == 0 ? -v : v;
    }
}

GArray *
xq_tournament_standings (const XqTournament *t)
{
  int np = (int) t->players->len;
  const char *const *codes = xq_tournament_tiebreak_codes (t);
  g_autofree Stats *st = g_new0 (Stats, np);
  g_autofree gboolean *in_group = g_new0 (gboolean, np);
  g_autoptr(GArray) sorted = g_array_new (FALSE, TRUE, sizeof (Row));
  GArray *out = g_array_new (FALSE, TRUE, sizeof (XqStanding));
  DirectAcc direct_acc = { st, in_group };
  int direct = -1;

  for (int k = 0; codes[k] != NULL; k++)
    if (strcmp (codes[k], "direct") == 0)
      direct = k;

  for_each_game (t, add_points, st);
  /* A Swiss bye scores as a win (docs); a round-robin rest round scores nothing. */
  if (t->system == XQ_SYSTEM_SWISS)
    for (guint r = 0; r < t->rounds->len; r++)
      {
        GPtrArray *boards = g_ptr_array_index (t->rounds, r);
        for (guint b = 0; b < boards->len; b++)
          {
            const XqPairing *p = g_ptr_array_index (boards, b);
            if (p->black == XQ_BYE)
              st[p->red].points += t->team_size > 0 ? 2 : 1;
          }
      }
  for_each_game (t, add_opponents, st);
  if (t->system == XQ_SYSTEM_KNOCKOUT)
    for (int i = 0; i < np; i++)
      st[i].reached = round_reached (t, i);
  if (t->system == XQ_SYSTEM_DOUBLE_KNOCKOUT)
    double_knockout_reached (t, st);

  for (int i = 0; i < np; i++)
    {
      const XqEntrant *e = g_ptr_array_index (t->players, i);
      Row row = { { 0 } };
      if (e->cancelled)
        continue;   /* 20.3: every result annulled, not ranked */
      row.s.player = i;
      row.s.group = e->group;
      set_keys (t, &row, &st[i]);
      g_array_append_val (sorted, row);
    }
  g_array_sort (sorted, compare_rows);

  if (direct >= 0)
    {
      /* 直勝: within each group still tied on everything before it, the
       * points scored against each other. */
      for (guint i = 0; i < sorted->len;)
        {
          guint j = i + 1;
          while (j < sorted->len && same_keys (&g_array_index (sorted, Row, i), &g_array_index (sorted, Row, j),
                                               direct + 1))
            j++;
          memset (in_group, 0, sizeof (gboolean) * (size_t) np);
          for (guint k = i; k < j; k++)
            in_group[g_array_index (sorted, Row, k).s.player] = TRUE;
          if (j - i > 1)
            for_each_game (t, add_direct, &direct_acc);
          for (guint k = i; k < j; k++)
            {
              Row *row = &g_array_index (sorted, Row, k);
              set_keys (t, row, &st[row->s.player]);
            }
          i = j;
        }
      g_array_sort (sorted, compare_rows);
    }

  for (guint i = 0, first = 0; i < sorted->len; i++)
    {
      Row *row = &g_array_index (sorted, Row, i);
      const Stats *s = &st[row->s.player];
      if (i > 0 && row->s.group != g_array_index (sorted, Row, i - 1).s.group)
        first = i;   /* places start again in each group */
      if (i > first && same_keys (row, &g_array_index (sorted, Row, i - 1), row->n_key))
        row->s.place = g_array_index (out, XqStanding, i - 1).place;
      else
        row->s.place = (int) (i - first) + 1;
      row->s.points = s->points;
      row->s.fouls = s->fouls;
      row->s.played = s->played;
      for (int k = 0; codes[k] != NULL; k++)
        row->s.tiebreak[k] = stat_value (s, codes[k]);
      g_array_append_val (out, row->s);
    }
  return out;
}
