/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-pairing.c: the round-robin table, Swiss pairing and the knockout
 * bracket.  docs/tournament.md explains each rule and why. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>

#include "xq-tournament-private.h"

/* ---- Round robin ------------------------------------------------------------ */

int
xq_berger_n_rounds (int n)
{
  g_return_val_if_fail (n >= 2, 0);
  return n % 2 == 0 ? n - 1 : n;
}

/* Numbers 1..m taken modulo m (m ≡ 0 shown as m). */
static int
wrap (int x, int m)
{
  int r = ((x - 1) % m + m) % m;
  return r + 1;
}

int
xq_berger_round (int n, int round, int *red, int *black)
{
  int even = n % 2 == 0 ? n : n + 1;
  int m = even - 1;
  int half = even / 2;
  int p;

  g_return_val_if_fail (n >= 2 && round >= 1 && round <= m, 0);
  /* The player who meets the last number: 1 in round 1, then half a table
   * further on each round; the other boards pair numbers equally far from it
   * on either side.  This gives the published tables exactly (docs). */
  p = wrap (1 + (round - 1) * half, m);
  if (round % 2 == 1)
    red[0] = p, black[0] = even;
  else
    red[0] = even, black[0] = p;
  for (int b = 1; b < half; b++)
    {
      red[b] = wrap (p + b, m);
      black[b] = wrap (p - b, m);
    }
  return half;
}

void
xq_round_robin_draw (XqTournament *t)
{
  int n_groups = t->system == XQ_SYSTEM_GROUPS ? t->n_groups : 1;
  int cycles = t->system == XQ_SYSTEM_DOUBLE_ROUND_ROBIN ? 2 : 1;
  int np = (int) t->players->len, most = 0;
  g_autofree int *members = g_new (int, np);
  g_autofree int *red = g_new (int, np + 2);
  g_autofree int *black = g_new (int, np + 2);

  g_ptr_array_set_size (t->rounds, 0);
  for (int g = 0; g < n_groups; g++)
    {
      int n = 0;
      for (int i = 0; i < np; i++)
        if (n_groups == 1 || ((XqEntrant *) g_ptr_array_index (t->players, i))->group == g)
          members[n++] = i;
      if (n >= 2)
        most = MAX (most, xq_berger_n_rounds (n) * cycles);
    }
  for (int k = 0; k < most; k++)
    g_ptr_array_add (t->rounds, g_ptr_array_new_with_free_func ((GDestroyNotify) xq_pairing_free));

  /* Each group plays its own table; round k of the event holds round k of
   * every group, games first and the rest rounds after them. */
  for (int pass = 0; pass < 2; pass++)
    for (int g = 0; g < n_groups; g++)
      {
        int n = 0, rounds;
        for (int i = 0; i < np; i++)
          if (n_groups == 1 || ((XqEntrant *) g_ptr_array_index (t->players, i))->group == g)
            members[n++] = i;
        if (n < 2)
          continue;
        rounds = xq_berger_n_rounds (n);
        for (int c = 0; c < cycles; c++)
          for (int k = 1; k <= rounds; k++)
            {
              GPtrArray *boards = g_ptr_array_index (t->rounds, c * rounds + k - 1);
              int r = k, nb;
              /* A double round robin plays the last two rounds of its first
               * cycle the other way round, so nobody has the same colour
               * three times running where the cycles meet (docs). */
              if (cycles == 2 && c == 0 && rounds >= 3 && k >= rounds - 1)
                r = k == rounds ? rounds - 1 : rounds;
              nb = xq_berger_round (n, r, red, black);
              for (int b = 0; b < nb; b++)
                {
                  int x = red[b] - 1, y = black[b] - 1;
                  if (c == 1)
                    {
                      int sw = x;
                      x = y, y = sw;
                    }
                  /* The number n+1 of an odd table is the rest round. */
                  if (pass == 1 && (x >= n || y >= n))
                    g_ptr_array_add (boards, xq_pairing_new (members[x >= n ? y : x], XQ_BYE));
                  else if (pass == 0 && x < n && y < n)
                    g_ptr_array_add (boards, xq_pairing_new (members[x], members[y]));
                }
            }
      }
  t->rounds_planned = (int) t->rounds->len;
}

/* ---- Swiss ------------------------------------------------------------------- */

typedef struct {
  int     player;
  double  points;
  int     colour_diff;   /* Reds minus Blacks */
  int     last_colour;   /* +1 Red, -1 Black, 0 none */
  int     streak;        /* games running with last_colour (forfeits and byes skipped) */
  gboolean had_bye;
} SwissEntry;

typedef struct {
  SwissEntry *e;
  int         n;
  gboolean   *met;       /* n_players × n_players */
  int         n_players;
  gboolean    colours;   /* enforce the colour limit */
  gboolean    streaks;   /* and no third game running with one colour */
  int        *partner;   /* index into e, -1 unpaired, -2 bye */
  guint64     nodes;
} SwissSearch;

#define SWISS_NODE_LIMIT 2000000

/* The colour x must have next to avoid a third game running with one
 * colour: +1 Red, -1 Black, 0 either. */
static int
swiss_due (const SwissEntry *x)
{
  return x->streak >= 2 ? -x->last_colour : 0;
}

/* Which of a and b (indices into e) takes Red; *ok says whether both stay
 * within the colour limit (and, when streaks are enforced, neither gets
 * one colour a third time running). */
static gboolean
swiss_a_is_red (const SwissSearch *s, int a, int b, int board, gboolean *ok)
{
  const SwissEntry *x = &s->e[a], *y = &s->e[b];
  int due_x = swiss_due (x), due_y = swiss_due (y);
  gboolean a_red;

  /* A player who had one colour twice running gets the other one. */
  if (due_x != 0 && due_x != due_y)
    a_red = due_x > 0;
  else if (due_y != 0 && due_y != due_x)
    a_red = due_y < 0;
  else if (x->colour_diff != y->colour_diff)
    a_red = x->colour_diff < y->colour_diff;
  else if (x->last_colour != y->last_colour)
    a_red = x->last_colour < y->last_colour;
  else if (x->last_colour != 0)
    a_red = x->last_colour < 0;   /* the higher-placed player alternates */
  else
    a_red = board % 2 == 0;       /* round 1: Red on odd boards for the higher seed */
  if (ok != NULL)
    {
      int dx = x->colour_diff + (a_red ? 1 : -1);
      int dy = y->colour_diff + (a_red ? -1 : 1);
      *ok = abs (dx) <= 2 && abs (dy) <= 2;
      if (s->streaks)
        *ok = *ok && (due_x == 0 || (due_x > 0) == a_red) && (due_y == 0 || (due_y > 0) == !a_red);
    }
  return a_red;
}

static gboolean
swiss_search (SwissSearch *s)
{
  int a = -1;

  if (++s->nodes > SWISS_NODE_LIMIT)
    return FALSE;
  for (int i = 0; i < s->n; i++)
    if (s->partner[i] == -1)
      {
        a = i;
        break;
      }
  if (a < 0)
    return TRUE;
  /* The nearest in the score order first: equal scores meet when they can. */
  for (int b = a + 1; b < s->n; b++)
    {
      gboolean ok = TRUE;
      if (s->partner[b] != -1)
        continue;
      if (s->met[s->e[a].player * s->n_players + s->e[b].player])
        continue;
      if (s->colours)
        {
          swiss_a_is_red (s, a, b, 0, &ok);
          if (!ok)
            continue;
        }
      s->partner[a] = b;
      s->partner[b] = a;
      if (swiss_search (s))
        return TRUE;
      s->partner[a] = s->partner[b] = -1;
      if (s->nodes > SWISS_NODE_LIMIT)
        return FALSE;
    }
  return FALSE;
}

static int
compare_swiss (const void *pa, const void *pb)
{
  const SwissEntry *a = pa, *b = pb;
  if (a->points != b->points)
    return a->points > b->points ? -1 : 1;
  return a->player - b->player;
}

double
xq_tournament_points_before (const XqTournament *t, int player, int upto)
{
  double total = 0;

  for (int r = 0; r < upto - 1 && r < (int) t->rounds->len; r++)
    {
      GPtrArray *boards = g_ptr_array_index (t->rounds, r);
      for (guint b = 0; b < boards->len; b++)
        {
          const XqPairing *p = g_ptr_array_index (boards, b);
          double pr, pb;
          if (p->black == XQ_BYE)
            {
              if (p->red == player && t->system == XQ_SYSTEM_SWISS)
                total += t->team_size > 0 ? 2 : 1;
              continue;
            }
          xq_tournament_pairing_points (t, p, &pr, &pb);
          if (p->red == player)
            total += pr;
          else if (p->black == player)
            total += pb;
        }
    }
  return total;
}

gboolean
xq_swiss_pair_round (XqTournament *t, GError **error)
{
  int np = (int) t->players->len;
  int round = (int) t->rounds->len + 1;
  g_autofree SwissEntry *e = g_new0 (SwissEntry, np);
  g_autofree gboolean *met = g_new0 (gboolean, np * np);
  g_autofree int *partner = NULL;
  SwissSearch s = { 0 };
  int n = 0, bye = -1;
  GPtrArray *boards;
  gboolean found = FALSE;

  for (int i = 0; i < np; i++)
    {
      const XqEntrant *en = g_ptr_array_index (t->players, i);
      if (en->withdrawn)
        continue;
      e[n].player = i;
      e[n].points = xq_tournament_points_before (t, i, round);
      n++;
    }
  for (guint r = 0; r < t->rounds->len; r++)
    {
      GPtrArray *bs = g_ptr_array_index (t->rounds, r);
      for (guint b = 0; b < bs->len; b++)
        {
          const XqPairing *p = g_ptr_array_index (bs, b);
          for (int i = 0; i < n; i++)
            {
              if (e[i].player == p->red && p->black == XQ_BYE)
                e[i].had_bye = TRUE;
              else if (e[i].player == p->red && p->outcome != XQ_OUTCOME_CANCELLED)
                {
                  /* A forfeit was not played: it does not count as a colour. */
                  if (!xq_outcome_is_forfeit (p->outcome))
                    {
                      e[i].streak = e[i].last_colour == 1 ? e[i].streak + 1 : 1;
                      e[i].colour_diff++, e[i].last_colour = 1;
                    }
                }
              else if (e[i].player == p->black && !xq_outcome_is_forfeit (p->outcome)
                       && p->outcome != XQ_OUTCOME_CANCELLED)
                {
                  e[i].streak = e[i].last_colour == -1 ? e[i].streak + 1 : 1;
                  e[i].colour_diff--, e[i].last_colour = -1;
                }
            }
          if (p->black != XQ_BYE)
            met[p->red * np + p->black] = met[p->black * np + p->red] = TRUE;
        }
    }
  if (n < 2)
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_STATE,
                   _("Fewer than two players are left to pair"));
      return FALSE;
    }
  qsort (e, (size_t) n, sizeof *e, compare_swiss);
  partner = g_new (int, n);
  s.e = e;
  s.n = n;
  s.met = met;
  s.n_players = np;

  /* Colours are kept within the limit, and nobody has one colour a third
   * time running, if any pairing allows it; then the limit alone; otherwise
   * only the rematch rule holds (docs/tournament.md says when that can happen). */
  for (int pass = 0; pass < 3 && !found; pass++)
    {
      s.colours = pass < 2;
      s.streaks = pass == 0;
      /* With an odd number the bye goes to the lowest-placed player who has
       * not had one, and up the list if the rest cannot then be paired. */
      for (int cand = n % 2 ? n - 1 : -1; cand >= -1 && !found; cand--)
        {
          if (cand >= 0 && e[cand].had_bye)
            continue;
          for (int i = 0; i < n; i++)
            partner[i] = -1;
          if (cand >= 0)
            partner[cand] = -2;
          s.partner = partner;
          s.nodes = 0;
          if (swiss_search (&s))
            {
              found = TRUE;
              bye = cand;
            }
          if (cand < 0 || cand == 0)
            break;
        }
    }
  if (!found)
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_STATE,
                   _("Round %d cannot be paired: every remaining pairing would be a rematch"), round);
      return FALSE;
    }

  boards = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_pairing_free);
  for (int a = 0; a < n; a++)
    {
      int b = partner[a];
      if (b < a)
        continue;
      if (swiss_a_is_red (&s, a, b, (int) boards->len, NULL))
        g_ptr_array_add (boards, xq_pairing_new (e[a].player, e[b].player));
      else
        g_ptr_array_add (boards, xq_pairing_new (e[b].player, e[a].player));
    }
  if (bye >= 0)
    g_ptr_array_add (boards, xq_pairing_new (e[bye].player, XQ_BYE));
  g_ptr_array_add (t->rounds, boards);
  return TRUE;
}

/* ---- Knockout ------------------------------------------------------------------ */

void
xq_knockout_order (int size, int *out)
{
  g_return_if_fail (size >= 1 && (size & (size - 1)) == 0);
  out[0] = 1;
  for (int k = 1; k < size; k *= 2)
    {
      /* Each seed x is joined by its partner 2k+1-x, doubling the bracket. */
      for (int i = k - 1; i >= 0; i--)
        {
          int x = out[i];
          out[2 * i] = x;
          out[2 * i + 1] = 2 * k + 1 - x;
        }
    }
}

int
xq_knockout_match_winner (const XqTournament *t, int round, int board)
{
  GPtrArray *boards = xq_tournament_get_round (t, round);
  const XqPairing *p;
  int last = board - 1;

  g_return_val_if_fail (boards != NULL && board >= 1 && board <= (int) boards->len, -1);
  p = g_ptr_array_index (boards, last);
  if (p->black == XQ_BYE)
    return p->red;
  /* Follow the replays of this match to the latest one. */
  for (guint b = 0; b < boards->len; b++)
    {
      const XqPairing *q = g_ptr_array_index (boards, b);
      if (q->replay_of == last)
        /* Replays stand after the game they replay, so the scan goes on from there. */
        last = (int) b;
    }
  p = g_ptr_array_index (boards, last);
  switch (p->outcome)
    {
    case XQ_OUTCOME_RED_WIN:
    case XQ_OUTCOME_RED_FORFEIT:
      return p->red;
    case XQ_OUTCOME_BLACK_WIN:
    case XQ_OUTCOME_BLACK_FORFEIT:
      return p->black;
    case XQ_OUTCOME_NONE:
    case XQ_OUTCOME_DRAW:
    case XQ_OUTCOME_CANCELLED:
    default:
      return -1;
    }
}

/* 猜先: the lots are drawn from the event's seed, so a saved event draws the
 * same colours again and a test can repeat them. */
static XqPairing *
drawn_pairing (const XqTournament *t, int round, int board, int x, int y)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (t->seed ^ (guint32) (round * 7919 + board * 104729));
  if (g_rand_boolean (rand))
    return xq_pairing_new (x, y);
  return xq_pairing_new (y, x);
}

gboolean
xq_knockout_pair_round (XqTournament *t, GError **error)
{
  int round = (int) t->rounds->len + 1;
  g_autoptr(GArray) in = g_array_new (FALSE, FALSE, sizeof (int));
  GPtrArray *boards;

  if (round == 1)
    {
      int n = (int) t->players->len, size = 1;
      g_autofree int *order = NULL;
      while (size < n)
        size *= 2;
      order = g_new (int, size);
      xq_knockout_order (size, order);
      /* Seeds beyond the field are empty places: their partners get a bye. */
      for (int i = 0; i < size; i++)
        {
          int seed = order[i] - 1;
          int v = seed < n ? seed : XQ_BYE;
          g_array_append_val (in, v);
        }
    }
  else
    {
      GPtrArray *last = g_ptr_array_index (t->rounds, round - 2);
      int n_slots = 0;
      for (guint b = 0; b < last->len; b++)
        {
          const XqPairing *p = g_ptr_array_index (last, b);
          n_slots = MAX (n_slots, p->slot + 1);
        }
      g_array_set_size (in, (guint) n_slots);
      for (guint b = 0; b < last->len; b++)
        {
          const XqPairing *p = g_ptr_array_index (last, b);
          if (p->replay_of >= 0)
            continue;
          g_array_index (in, int, p->slot) = xq_knockout_match_winner (t, round - 1, (int) b + 1);
        }
      if (in->len < 2)
        {
          g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_STATE,
                       _("The knockout is over"));
          return FALSE;
        }
    }

  boards = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_pairing_free);
  /* Games first, byes after (board numbers are games); each keeps its bracket slot. */
  for (int pass = 0; pass < 2; pass++)
    for (guint i = 0; i + 1 < in->len; i += 2)
      {
        int x = g_array_index (in, int, i), y = g_array_index (in, int, i + 1);
        XqPairing *p = NULL;
        gboolean is_bye = x == XQ_BYE || y == XQ_BYE;
        if ((x == XQ_BYE && y == XQ_BYE) || is_bye != (pass == 1))
          continue;
        if (y == XQ_BYE)
          p = xq_pairing_new (x, XQ_BYE);
        else if (x == XQ_BYE)
          p = xq_pairing_new (y, XQ_BYE);
        else
          p = drawn_pairing (t, round, (int) boards->len + 1, x, y);
        p->slot = (int) i / 2;
        g_ptr_array_add (boards, p);
      }
  g_ptr_array_add (t->rounds, boards);
  return TRUE;
}

/* ---- Double knockout (雙淘汰制, 11.1) -------------------------------------------------- *
 * The rules are in docs/tournament.md: a player is out after a second loss;
 * players without a loss play the winners' bracket, players with one loss
 * the losers' bracket, the two champions the final, and a second final if
 * the losers' champion wins the first. */

void
xq_double_knockout_state (const XqTournament *t, int upto, XqKnockoutState *st, int *first_final)
{
  if (first_final != NULL)
    *first_final = 0;
  for (guint i = 0; i < t->players->len; i++)
    st[i] = (XqKnockoutState) { 0, -1, 0, 0 };
  for (int r = 1; r <= upto && r <= (int) t->rounds->len; r++)
    {
      GPtrArray *boards = g_ptr_array_index (t->rounds, r - 1);
      for (guint b = 0; b < boards->len; b++)
        {
          const XqPairing *p = g_ptr_array_index (boards, b);
          int winner, loser;
          if (p->replay_of >= 0)
            continue;
          st[p->red].last_round = r;
          st[p->red].last_slot = p->slot;
          if (p->black == XQ_BYE)
            continue;
          st[p->black].last_round = r;
          st[p->black].last_slot = p->slot;
          /* The final is the one match of players with different losses. */
          if (first_final != NULL && *first_final == 0 && st[p->red].losses != st[p->black].losses)
            *first_final = r;
          winner = xq_knockout_match_winner (t, r, (int) b + 1);
          if (winner < 0)
            continue;
          loser = winner == p->red ? p->black : p->red;
          if (st[winner].losses == 1)
            st[winner].dropped = 0;          /* has played in the losers' bracket since */
          if (++st[loser].losses == 1)
            st[loser].dropped = r;
          else
            st[loser].dropped = 0;
        }
    }
}

XqBracket
xq_tournament_bracket (const XqTournament *t, int round, int board)
{
  GPtrArray *boards = xq_tournament_get_round (t, round);
  g_autofree XqKnockoutState *st = NULL;
  const XqPairing *p;
  int first_final = 0;

  g_return_val_if_fail (boards != NULL && board >= 1 && board <= (int) boards->len, XQ_BRACKET_WINNERS);
  if (t->system != XQ_SYSTEM_DOUBLE_KNOCKOUT)
    return XQ_BRACKET_WINNERS;
  p = g_ptr_array_index (boards, board - 1);
  if (p->black == XQ_BYE)
    return XQ_BRACKET_WINNERS;
  st = g_new0 (XqKnockoutState, t->players->len);
  xq_double_knockout_state (t, round - 1, st, &first_final);
  if (st[p->red].losses != st[p->black].losses)
    return XQ_BRACKET_FINAL;
  if (st[p->red].losses == 0)
    return XQ_BRACKET_WINNERS;
  /* Two players with one loss each: the second final if the first final
   * came before (the winners' champion lost it). */
  return first_final > 0 ? XQ_BRACKET_FINAL_REPLAY : XQ_BRACKET_LOSERS;
}

static int
compare_by_slot (gconstpointer a, gconstpointer b, gpointer data)
{
  const XqKnockoutState *st = data;
  int x = *(const int *) a, y = *(const int *) b;

  return st[x].last_slot - st[y].last_slot;
}

/* Losers' bracket newcomers: the earliest to drop first, then by slot. */
static int
compare_by_drop (gconstpointer a, gconstpointer b, gpointer data)
{
  const XqKnockoutState *st = data;
  int x = *(const int *) a, y = *(const int *) b;

  if (st[x].dropped != st[y].dropped)
    return st[x].dropped - st[y].dropped;
  return st[x].last_slot - st[y].last_slot;
}

/* Pairs x[i] with x[i+1] along the list; an odd one out waits. */
static void
pair_along (const XqTournament *t, int round, GPtrArray *boards, GArray *x, int *slot)
{
  for (guint i = 0; i + 1 < x->len; i += 2)
    {
      XqPairing *p = drawn_pairing (t, round, (int) boards->len + 1, g_array_index (x, int, i),
                                    g_array_index (x, int, i + 1));
      p->slot = (*slot)++;
      g_ptr_array_add (boards, p);
    }
}

gboolean
xq_double_knockout_pair_round (XqTournament *t, GError **error)
{
  int round = (int) t->rounds->len + 1, np = (int) t->players->len, slot = 0;
  g_autofree XqKnockoutState *st = NULL;
  g_autoptr(GArray) w = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) s = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) d = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) wave = g_array_new (FALSE, FALSE, sizeof (int));
  GPtrArray *boards;

  if (round == 1)
    return xq_knockout_pair_round (t, error);   /* round 1 is a knockout's round 1 */
  st = g_new0 (XqKnockoutState, np);
  xq_double_knockout_state (t, round - 1, st, NULL);
  for (int i = 0; i < np; i++)
    {
      if (((XqEntrant *) g_ptr_array_index (t->players, i))->withdrawn || st[i].losses >= 2)
        continue;
      g_array_append_val (st[i].losses == 0 ? w : st[i].dropped > 0 ? d : s, i);
    }
  if (w->len + s->len + d->len < 2)
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_STATE, _("The knockout is over"));
      return FALSE;
    }
  g_array_sort_with_data (w, compare_by_slot, st);
  g_array_sort_with_data (s, compare_by_slot, st);
  g_array_sort_with_data (d, compare_by_drop, st);
  boards = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_pairing_free);
  if (w->len == 1 && s->len + d->len == 1)
    {
      /* The final: the winners' champion against the losers' champion. */
      XqPairing *p = drawn_pairing (t, round, 1, g_array_index (w, int, 0),
                                    g_array_index (s->len > 0 ? s : d, int, 0));
      p->slot = 0;
      g_ptr_array_add (boards, p);
      g_ptr_array_add (t->rounds, boards);
      return TRUE;
    }
  pair_along (t, round, boards, w, &slot);
  /* The losers' bracket: the earliest wave of newcomers meets the players
   * who won their last losers' match, one against one, when the numbers
   * match. */
  for (guint i = 0; i < d->len && st[g_array_index (d, int, i)].dropped == st[g_array_index (d, int, 0)].dropped; i++)
    g_array_append_val (wave, g_array_index (d, int, i));
  slot = 0;
  if (s->len == wave->len)
    for (guint i = 0; i < s->len; i++)
      {
        XqPairing *p = drawn_pairing (t, round, (int) boards->len + 1, g_array_index (s, int, i),
                                      g_array_index (wave, int, wave->len - 1 - i));
        p->slot = slot++;
        g_ptr_array_add (boards, p);
      }
  else
    {
      /* Otherwise everyone in the losers' bracket plays who can: the
       * players who won there first, then the newcomers, earliest first;
       * an odd one out (the latest newcomer) waits a round. */
      g_array_append_vals (s, d->data, d->len);
      pair_along (t, round, boards, s, &slot);
    }
  if (boards->len == 0)
    {
      g_ptr_array_unref (boards);
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_STATE,
                   _("No one is left to pair in round %d"), round);
      return FALSE;
    }
  g_ptr_array_add (t->rounds, boards);
  return TRUE;
}

/* Players still in: not withdrawn and fewer than two losses after `upto` rounds. */
int
xq_double_knockout_alive (const XqTournament *t, int upto)
{
  g_autofree XqKnockoutState *st = g_new0 (XqKnockoutState, t->players->len);
  int alive = 0;

  xq_double_knockout_state (t, upto, st, NULL);
  for (guint i = 0; i < t->players->len; i++)
    if (!((XqEntrant *) g_ptr_array_index (t->players, i))->withdrawn && st[i].losses < 2)
      alive++;
  return alive;
}
