/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The tournament library: round-robin tables against the published Berger
 * tables, Swiss pairing over many seeded events, the knockout bracket,
 * tie-breaks worked by hand, withdrawals, and the saved file. */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "xq-tournament.h"
#include "xq-tournament-print.h"
#include "xq-test-dirs.h"

static const char *const letters[] = {
  "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O", "P", "Q", "R", "S", "T",
  "U", "V", "W", "X", "Y", "Z", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n",
};

static XqTournament *
make (XqSystem system, int n, int rounds, guint32 seed)
{
  g_autoptr(GError) error = NULL;
  XqTournament *t = xq_tournament_new (system, letters, n, rounds, seed, &error);
  g_assert_no_error (error);
  g_assert_nonnull (t);
  return t;
}

static void
set (XqTournament *t, int round, int board, const char *code)
{
  g_autoptr(GError) error = NULL;
  XqOutcome o;
  g_assert_true (xq_outcome_from_code (code, &o));
  g_assert_true (xq_tournament_set_result (t, round, board, o, XQ_REASON_NONE, &error));
  g_assert_no_error (error);
}

/* The pairing of `red` against `black` by names, asserted to exist in round. */
static int
board_of (XqTournament *t, int round, const char *red, const char *black)
{
  GPtrArray *boards = xq_tournament_get_round (t, round);
  int r = xq_tournament_find_player (t, red), b = xq_tournament_find_player (t, black);
  for (guint i = 0; i < boards->len; i++)
    {
      const XqPairing *p = g_ptr_array_index (boards, i);
      if (p->red == r && p->black == b)
        return (int) i + 1;
    }
  g_assert_not_reached ();
  return -1;
}

/* ---- Round robin ------------------------------------------------------------ */

/* The published Berger tables (FIDE Handbook C.05 Annex 1, "Berger Tables";
 * the same tables are reprinted by chess clubs, e.g. Chris Fox's "Berger
 * Tables" page), written out as "red-black" per board, rounds separated by
 * "|".  With an odd number of players the highest number is the bye. */
static const struct {
  int n;
  const char *table;
} published[] = {
  { 4, "1-4 2-3|4-3 1-2|2-4 3-1" },
  { 6, "1-6 2-5 3-4|6-4 5-3 1-2|2-6 3-1 4-5|6-5 1-4 2-3|3-6 4-2 5-1" },
  { 8, "1-8 2-7 3-6 4-5|8-5 6-4 7-3 1-2|2-8 3-1 4-7 5-6|8-6 7-5 1-4 2-3|"
       "3-8 4-2 5-1 6-7|8-7 1-6 2-5 3-4|4-8 5-3 6-2 7-1" },
  { 10, "1-10 2-9 3-8 4-7 5-6|10-6 7-5 8-4 9-3 1-2|2-10 3-1 4-9 5-8 6-7|"
        "10-7 8-6 9-5 1-4 2-3|3-10 4-2 5-1 6-9 7-8|10-8 9-7 1-6 2-5 3-4|"
        "4-10 5-3 6-2 7-1 8-9|10-9 1-8 2-7 3-6 4-5|5-10 6-4 7-3 8-2 9-1" },
  { 12, "1-12 2-11 3-10 4-9 5-8 6-7|12-7 8-6 9-5 10-4 11-3 1-2|2-12 3-1 4-11 5-10 6-9 7-8|"
        "12-8 9-7 10-6 11-5 1-4 2-3|3-12 4-2 5-1 6-11 7-10 8-9|12-9 10-8 11-7 1-6 2-5 3-4|"
        "4-12 5-3 6-2 7-1 8-11 9-10|12-10 11-9 1-8 2-7 3-6 4-5|5-12 6-4 7-3 8-2 9-1 10-11|"
        "12-11 1-10 2-9 3-8 4-7 5-6|6-12 7-5 8-4 9-3 10-2 11-1" },
};

static void
test_berger_published (void)
{
  for (guint k = 0; k < G_N_ELEMENTS (published); k++)
    {
      int n = published[k].n;
      g_auto(GStrv) rounds = g_strsplit (published[k].table, "|", -1);
      g_assert_cmpint (g_strv_length (rounds), ==, xq_berger_n_rounds (n));
      for (int r = 0; rounds[r] != NULL; r++)
        {
          int red[32], black[32];
          g_auto(GStrv) boards = g_strsplit (rounds[r], " ", -1);
          int nb = xq_berger_round (n, r + 1, red, black);
          g_assert_cmpint (nb, ==, (int) g_strv_length (boards));
          for (int b = 0; b < nb; b++)
            {
              g_autofree char *got = g_strdup_printf ("%d-%d", red[b], black[b]);
              g_assert_cmpstr (got, ==, boards[b]);
            }
        }
    }
}

/* Names as the event lists a round: "A-F B-E C-D bye:G". */
static char *
round_text (const XqTournament *t, int round)
{
  GPtrArray *boards = xq_tournament_get_round (t, round);
  GString *s = g_string_new (NULL);
  for (guint b = 0; b < boards->len; b++)
    {
      const XqPairing *p = g_ptr_array_index (boards, b);
      if (s->len > 0)
        g_string_append_c (s, ' ');
      if (p->black == XQ_BYE)
        g_string_append_printf (s, "bye:%s", xq_tournament_player_name (t, p->red));
      else
        g_string_append_printf (s, "%s-%s", xq_tournament_player_name (t, p->red),
                                xq_tournament_player_name (t, p->black));
    }
  return g_string_free (s, FALSE);
}

/* An event of n-1 players follows the published table of n with the
 * player n resting: the same boards, the rest listed last. */
static void
test_berger_odd_event (void)
{
  for (guint k = 0; k < G_N_ELEMENTS (published); k++)
    {
      int n = published[k].n;
      g_autoptr(XqTournament) t = make (XQ_SYSTEM_ROUND_ROBIN, n - 1, 0, 0);
      g_auto(GStrv) rounds = g_strsplit (published[k].table, "|", -1);
      g_assert_cmpint (xq_tournament_n_rounds (t), ==, n - 1);
      for (int r = 0; rounds[r] != NULL; r++)
        {
          g_auto(GStrv) boards = g_strsplit (rounds[r], " ", -1);
          GString *want = g_string_new (NULL);
          g_autofree char *bye = NULL;
          g_autofree char *got = round_text (t, r + 1);
          g_autofree char *wanted = NULL;
          for (int b = 0; boards[b] != NULL; b++)
            {
              int x, y;
              g_assert_cmpint (sscanf (boards[b], "%d-%d", &x, &y), ==, 2);
              if (x == n || y == n)
                bye = g_strdup_printf ("bye:%s", letters[(x == n ? y : x) - 1]);
              else
                g_string_append_printf (want, "%s%s-%s", want->len ? " " : "", letters[x - 1], letters[y - 1]);
            }
          g_string_append_printf (want, " %s", bye);
          wanted = g_string_free (want, FALSE);
          g_assert_cmpstr (got, ==, wanted);
        }
    }
}

/* Every size from 3 to 20: each pair meets once (twice, colours swapped, in
 * a double round robin); Reds and Blacks of a player differ by at most one. */
static void
test_round_robin_sizes (void)
{
  for (int n = 3; n <= 20; n++)
    for (int dbl = 0; dbl < 2; dbl++)
      {
        g_autoptr(XqTournament) t = make (dbl ? XQ_SYSTEM_DOUBLE_ROUND_ROBIN : XQ_SYSTEM_ROUND_ROBIN, n, 0, 0);
        int meets[20][20] = { { 0 } };   /* [red][black] */
        int reds[20] = { 0 }, blacks[20] = { 0 }, byes[20] = { 0 };
        int cycle = xq_berger_n_rounds (n);

        g_assert_cmpint (xq_tournament_n_rounds (t), ==, cycle * (dbl ? 2 : 1));
        for (int r = 1; r <= xq_tournament_n_rounds (t); r++)
          {
            GPtrArray *boards = xq_tournament_get_round (t, r);
            int seen[20] = { 0 };
            for (guint b = 0; b < boards->len; b++)
              {
                const XqPairing *p = g_ptr_array_index (boards, b);
                seen[p->red]++;
                if (p->black == XQ_BYE)
                  {
                    byes[p->red]++;
                    g_assert_cmpuint (b, ==, boards->len - 1);
                    continue;
                  }
                seen[p->black]++;
                meets[p->red][p->black]++;
                reds[p->red]++;
                blacks[p->black]++;
              }
            for (int i = 0; i < n; i++)
              g_assert_cmpint (seen[i], ==, 1);   /* everyone once a round */
          }
        for (int i = 0; i < n; i++)
          {
            g_assert_cmpint (byes[i], ==, n % 2 ? (dbl ? 2 : 1) : 0);
            g_assert_cmpint (ABS (reds[i] - blacks[i]), <=, 1);
            for (int j = i + 1; j < n; j++)
              {
                if (dbl)
                  {
                    g_assert_cmpint (meets[i][j], ==, 1);
                    g_assert_cmpint (meets[j][i], ==, 1);
                  }
                else
                  g_assert_cmpint (meets[i][j] + meets[j][i], ==, 1);
              }
          }
      }
}

/* The double round robin swaps the last two rounds of its first cycle, so
 * no player has one colour three times running where the cycles meet. */
static void
test_double_round_robin_streaks (void)
{
  for (int n = 4; n <= 20; n += 2)
    {
      g_autoptr(XqTournament) t = make (XQ_SYSTEM_DOUBLE_ROUND_ROBIN, n, 0, 0);
      for (int i = 0; i < n; i++)
        {
          int run = 0, last = 0;
          for (int r = 1; r <= xq_tournament_n_rounds (t); r++)
            {
              GPtrArray *boards = xq_tournament_get_round (t, r);
              for (guint b = 0; b < boards->len; b++)
                {
                  const XqPairing *p = g_ptr_array_index (boards, b);
                  int c = p->red == i ? 1 : p->black == i ? -1 : 0;
                  if (c == 0)
                    continue;
                  run = c == last ? run + 1 : 1;
                  last = c;
                  g_assert_cmpint (run, <=, 2);
                }
            }
        }
    }
}

/* Groups (分組循環): 10 seeds in 3 groups in snake order, A = 1 6 7,
 * B = 2 5 8, C = 3 4 9 10; each group plays its own table; places count
 * within a group; the final takes the best two of each group. */
static void
test_groups_and_final (void)
{
  static const char *const seeds[] = { "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10" };
  static const int want_group[] = { 0, 1, 2, 2, 1, 0, 0, 1, 2, 2 };
  g_autoptr(GError) error = NULL;
  g_autoptr(XqTournament) t = xq_tournament_new (XQ_SYSTEM_GROUPS, seeds, 10, 3, 1, &error);
  g_autoptr(XqTournament) final = NULL;
  g_autoptr(GArray) st = NULL;
  int meets[10][10] = { { 0 } };
  g_autofree char *r1 = NULL;

  g_assert_no_error (error);
  for (int i = 0; i < 10; i++)
    g_assert_cmpint (((XqEntrant *) g_ptr_array_index (t->players, i))->group, ==, want_group[i]);
  /* Group C has 4 players (3 rounds), A and B have 3 (3 rounds with a rest each). */
  g_assert_cmpint (xq_tournament_n_rounds (t), ==, 3);
  /* Round 1: A's table 1-4 2-3 with 4 resting = s1 rests, s6-s7;
   * B likewise: s2 rests, s5-s8; C: 1-4 2-3 = s3-s10, s4-s9.  Games first. */
  r1 = round_text (t, 1);
  g_assert_cmpstr (r1, ==, "s6-s7 s5-s8 s3-s10 s4-s9 bye:s1 bye:s2");
  g_assert_false (xq_tournament_new_final (t, 2, &error) != NULL);
  g_clear_error (&error);
  for (int r = 1; r <= 3; r++)
    {
      GPtrArray *boards = xq_tournament_get_round (t, r);
      for (guint b = 0; b < boards->len; b++)
        {
          const XqPairing *p = g_ptr_array_index (boards, b);
          if (p->black == XQ_BYE)
            continue;
          g_assert_cmpint (want_group[p->red], ==, want_group[p->black]);
          meets[p->red][p->black]++;
          meets[p->black][p->red]++;
          /* Red always wins: the lower place goes to whoever had Black more. */
          set (t, r, (int) b + 1, "1-0");
        }
    }
  for (int i = 0; i < 10; i++)
    for (int j = 0; j < 10; j++)
      if (i != j)
        g_assert_cmpint (meets[i][j], ==, want_group[i] == want_group[j] ? 1 : 0);
  st = xq_tournament_standings (t);
  g_assert_cmpuint (st->len, ==, 10);
  /* Every group has a first place. */
  for (int g = 0; g < 3; g++)
    {
      int firsts = 0;
      for (guint i = 0; i < st->len; i++)
        if (g_array_index (st, XqStanding, i).group == g && g_array_index (st, XqStanding, i).place == 1)
          firsts++;
      g_assert_cmpint (firsts, >=, 1);
    }
  final = xq_tournament_new_final (t, 2, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (final->players->len, ==, 6);
  g_assert_cmpint (final->system, ==, XQ_SYSTEM_ROUND_ROBIN);
  /* Seeded winners of A, B, C first, then the seconds. */
  for (int k = 0; k < 6; k++)
    {
      const char *name = xq_tournament_player_name (final, k);
      int who = xq_tournament_find_player (t, name);
      g_assert_cmpint (want_group[who], ==, k % 3);
      for (guint i = 0; i < st->len; i++)
        if (g_array_index (st, XqStanding, i).player == who)
          g_assert_cmpint (g_array_index (st, XqStanding, i).place, <=, k < 3 ? 1 : 2);
    }
}

/* ---- Swiss ----------------------------------------------------------------------- */

static const char *const random_results[] = { "1-0", "0-1", "1/2-1/2" };

static void
test_swiss_random (void)
{
  int streaks = 0, players = 0;

  for (int n = 10; n <= 40; n++)
    for (guint32 seed = 1; seed <= 3; seed++)
      {
        g_autoptr(XqTournament) t = make (XQ_SYSTEM_SWISS, n, 7, seed);
        g_autoptr(GRand) rand = g_rand_new_with_seed (seed * 1000 + (guint32) n);
        int met[40][40] = { { 0 } };
        int byes[40] = { 0 }, diff[40] = { 0 }, last[40] = { 0 }, run[40] = { 0 };
        gboolean three[40] = { FALSE };

        for (int r = 1; r <= 7; r++)
          {
            GPtrArray *boards;
            if (r > 1)
              {
                g_autoptr(GError) error = NULL;
                g_assert_true (xq_tournament_pair_next (t, &error));
                g_assert_no_error (error);
              }
            boards = xq_tournament_get_round (t, r);
            g_assert_nonnull (boards);
            g_assert_cmpuint (boards->len, ==, (guint) (n + 1) / 2);
            for (guint b = 0; b < boards->len; b++)
              {
                const XqPairing *p = g_ptr_array_index (boards, b);
                if (p->black == XQ_BYE)
                  {
                    g_assert_cmpint (++byes[p->red], ==, 1);   /* never a second bye */
                    continue;
                  }
                g_assert_cmpint (met[p->red][p->black]++, ==, 0);   /* never a rematch */
                met[p->black][p->red]++;
                diff[p->red]++;
                diff[p->black]--;
                /* Games running with one colour (issue 30: no third). */
                run[p->red] = last[p->red] == 1 ? run[p->red] + 1 : 1;
                run[p->black] = last[p->black] == -1 ? run[p->black] + 1 : 1;
                last[p->red] = 1, last[p->black] = -1;
                three[p->red] |= run[p->red] >= 3;
                three[p->black] |= run[p->black] >= 3;
                g_assert_cmpint (ABS (diff[p->red]), <=, 2);
                g_assert_cmpint (ABS (diff[p->black]), <=, 2);
                set (t, r, (int) b + 1, random_results[g_rand_int_range (rand, 0, 3)]);
              }
          }
        g_assert_true (xq_tournament_finished (t));
        for (int i = 0; i < n; i++)
          streaks += three[i];
        players += n;
      }
  /* Before issue 30's rule, 19 of 225 players in such events had one
   * colour three or more times running. */
  g_test_message ("%d of %d players had one colour three times running", streaks, players);
  g_assert_cmpint (streaks, ==, 0);
}

/* Equal scores meet first: after round 1 the winners play each other. */
static void
test_swiss_equal_scores (void)
{
  g_autoptr(XqTournament) t = make (XQ_SYSTEM_SWISS, 8, 3, 1);
  g_autoptr(GError) error = NULL;
  GPtrArray *boards;
  g_autofree char *r1 = round_text (t, 1);

  /* Round 1 in seeding order, the higher seed Red on odd boards. */
  g_assert_cmpstr (r1, ==, "A-B D-C E-F H-G");
  set (t, 1, 1, "1-0");
  set (t, 1, 2, "1-0");
  set (t, 1, 3, "1-0");
  set (t, 1, 4, "1-0");
  g_assert_true (xq_tournament_pair_next (t, &error));
  g_assert_no_error (error);
  boards = xq_tournament_get_round (t, 2);
  /* Winners A, D, E, H (1 point) against each other; losers likewise. */
  for (guint b = 0; b < boards->len; b++)
    {
      const XqPairing *p = g_ptr_array_index (boards, b);
      gboolean red_won = strchr ("ADEH", xq_tournament_player_name (t, p->red)[0]) != NULL;
      gboolean black_won = strchr ("ADEH", xq_tournament_player_name (t, p->black)[0]) != NULL;
      g_assert_true (red_won == black_won);
      g_assert_true (red_won == (b < 2));
    }
}

/* ---- Standings ---------------------------------------------------------------- */

/* "place name points tiebreaks…" lines, as xqtool prints them. */
static char *
standings_text (const XqTournament *t)
{
  g_autoptr(GArray) st = xq_tournament_standings (t);
  const char *const *codes = xq_tournament_tiebreak_codes (t);
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < st->len; i++)
    {
      const XqStanding *x = &g_array_index (st, XqStanding, i);
      g_autofree char *pts = xq_format_points (x->points);
      g_string_append_printf (s, "%d %s %s", x->place, xq_tournament_player_name (t, x->player), pts);
      for (int k = 0; codes[k] != NULL; k++)
        {
          g_autofree char *v = xq_format_points (x->tiebreak[k]);
          g_string_append_printf (s, " %s", v);
        }
      g_string_append_c (s, '\n');
    }
  return g_string_free (s, FALSE);
}

/* Four players, the table 1-4 2-3 | 4-3 1-2 | 2-4 3-1.  Columns: place,
 * name, points, 小分 (Sonneborn-Berger), 勝局 (wins), 直勝, 犯規. */
static void
test_tiebreak_sonneborn_berger (void)
{
  g_autoptr(XqTournament) t = make (XQ_SYSTEM_ROUND_ROBIN, 4, 0, 0);
  g_autofree char *text = NULL;

  set (t, 1, board_of (t, 1, "A", "D"), "1-0");
  set (t, 1, board_of (t, 1, "B", "C"), "1/2-1/2");
  set (t, 2, board_of (t, 2, "D", "C"), "0-1");
  set (t, 2, board_of (t, 2, "A", "B"), "0-1");
  set (t, 3, board_of (t, 3, "B", "D"), "1/2-1/2");
  set (t, 3, board_of (t, 3, "C", "A"), "1/2-1/2");
  /* Points: A 1+0+½ = 1½, B ½+1+½ = 2, C ½+1+½ = 2, D 0+0+½ = ½.
   * B and C tie on 2.  小分 B = A's 1½ (won) + ½×C's 2 + ½×D's ½ = 1.5+1+0.25 = 2.75;
   * C = D's ½ (won) + ½×B's 2 + ½×A's 1½ = 0.5+1+0.75 = 2.25: B is first.
   * A: D's ½ + ½×C's 2 = 1.5; D: ½×B's 2 = 1.
   * 直勝 is counted inside each group still tied after 小分 and wins: here
   * no group, so 0 everywhere. */
  text = standings_text (t);
  g_assert_cmpstr (text, ==,
                   "1 B 2 2.75 1 0 0\n"
                   "2 C 2 2.25 1 0 0\n"
                   "3 A 1.5 1.5 1 0 0\n"
                   "4 D 0.5 1 0 0 0\n");
}

static void
test_tiebreak_direct_encounter (void)
{
  g_autoptr(XqTournament) t = make (XQ_SYSTEM_ROUND_ROBIN, 4, 0, 0);
  g_autofree char *text = NULL;

  set (t, 1, board_of (t, 1, "A", "D"), "1-0");
  set (t, 1, board_of (t, 1, "B", "C"), "1-0");
  set (t, 2, board_of (t, 2, "D", "C"), "1-0");
  set (t, 2, board_of (t, 2, "A", "B"), "0-1");
  set (t, 3, board_of (t, 3, "B", "D"), "1/2-1/2");
  set (t, 3, board_of (t, 3, "C", "A"), "1/2-1/2");
  /* Points: A 1+0+½ = 1½, B 1+1+½ = 2½, C 0+0+½ = ½, D 0+1+½ = 1½.
   * 小分 A = D's 1½ + ½×C's ½ = 1.75; D = C's ½ + ½×B's 2½ = 1.75: equal.
   * Wins: A 1 (D), D 1 (C): equal.  直勝: A beat D, so A 1, D 0: A is second.
   * B: C's ½ + A's 1½ + ½×D's 1½ = 2.75; C: ½×A's 1½ = 0.75. */
  text = standings_text (t);
  g_assert_cmpstr (text, ==,
                   "1 B 2.5 2.75 2 0 0\n"
                   "2 A 1.5 1.75 1 1 0\n"
                   "3 D 1.5 1.75 1 0 0\n"
                   "4 C 0.5 0.75 0 0 0\n");
}

static void
test_tiebreak_fouls_and_shared (void)
{
  g_autoptr(XqTournament) t = make (XQ_SYSTEM_ROUND_ROBIN, 4, 0, 0);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  for (int r = 1; r <= 3; r++)
    for (int b = 1; b <= 2; b++)
      set (t, r, b, "1/2-1/2");
  /* D is Black against A in round 1 and gets a foul there. */
  g_assert_true (xq_tournament_add_foul (t, 1, board_of (t, 1, "A", "D"), XQ_BLACK, &error));
  /* All draws: 1½ each, 小分 3 × ½ × 1½ = 2.25 each, no wins, 直勝 among all
   * four 1½ each.  Fewer fouls is better: D (1 foul) is fourth; A, B and C
   * cannot be separated and share first place. */
  text = standings_text (t);
  g_assert_cmpstr (text, ==,
                   "1 A 1.5 2.25 0 1.5 0\n"
                   "1 B 1.5 2.25 0 1.5 0\n"
                   "1 C 1.5 2.25 0 1.5 0\n"
                   "4 D 1.5 2.25 0 1.5 1\n");
}

/* 15.6: the three players sharing first place (all draws, see above) play
 * a round robin of their own; a place held alone has no play-off. */
static void
test_playoff (void)
{
  g_autoptr(XqTournament) t = make (XQ_SYSTEM_ROUND_ROBIN, 4, 0, 0);
  g_autoptr(XqTournament) playoff = NULL;
  g_autoptr(GError) error = NULL;

  for (int r = 1; r <= 3; r++)
    for (int b = 1; b <= 2; b++)
      set (t, r, b, "1/2-1/2");
  g_assert_true (xq_tournament_add_foul (t, 1, board_of (t, 1, "A", "D"), XQ_BLACK, &error));
  playoff = xq_tournament_new_playoff (t, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (playoff->players->len, ==, 3);
  g_assert_cmpstr (xq_tournament_player_name (playoff, 0), ==, "A");
  g_assert_cmpstr (xq_tournament_player_name (playoff, 2), ==, "C");
  g_assert_nonnull (strstr (playoff->title, "play-off for place 1"));
  g_assert_null (xq_tournament_new_playoff (t, 4, &error));
  g_assert_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_STATE);
}

/* Swiss: points, then 對手分 (the opponents' scores), wins, fouls. */
static void
test_tiebreak_swiss (void)
{
  g_autoptr(XqTournament) t = make (XQ_SYSTEM_SWISS, 5, 2, 1);
  g_autoptr(GError) error = NULL;
  g_autofree char *r1 = round_text (t, 1);
  g_autofree char *r2 = NULL;
  g_autofree char *text = NULL;

  g_assert_cmpstr (r1, ==, "A-B D-C bye:E");
  set (t, 1, 1, "1-0");
  set (t, 1, 2, "1/2-1/2");
  g_assert_true (xq_tournament_pair_next (t, &error));
  r2 = round_text (t, 2);
  /* After round 1: A 1, E 1 (the bye scores a point), C ½, D ½, B 0.  B is
   * the lowest without a bye.  In score order A would meet E and C meet D,
   * but C and D have met, so A meets C and E meets D.  Colours: C had Black,
   * A Red, so C is Red; E has none, D had Red, so E is Red. */
  g_assert_cmpstr (r2, ==, "C-A E-D bye:B");
  set (t, 2, 1, "0-1");
  set (t, 2, 2, "1-0");
  g_assert_true (xq_tournament_add_foul (t, 2, 1, XQ_RED, &error));
  /* Points: A 1+1 = 2, E 1 (bye) + 1 = 2, B 0 + 1 (bye) = 1, C ½+0, D ½+0.
   * 對手分 A = B's 1 + C's ½ = 1.5; E = D's ½ (a bye has no opponent) = 0.5;
   * B = A's 2; C = D's ½ + A's 2 = 2.5; D = C's ½ + E's 2 = 2.5.
   * C and D are equal on points, 對手分 and wins (0); C has a foul, so D is 4th.
   * Columns: place name points 對手分 勝局 犯規. */
  text = standings_text (t);
  g_assert_cmpstr (text, ==,
                   "1 A 2 1.5 2 0\n"
                   "2 E 2 0.5 1 0\n"
                   "3 B 1 2 0 0\n"
                   "4 D 0.5 2.5 0 0\n"
                   "5 C 0.5 2.5 0 1\n");
  g_assert_true (xq_tournament_finished (t));
  g_assert_false (xq_tournament_pair_next (t, &error));
  g_assert_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_STATE);
}

/* Team round robin, 4 teams of 2 boards (12.1, 13.2, 14.2, 15.3).  The
 * table is 1-4 2-3 | 4-3 1-2 | 2-4 3-1; on board 1 the first-named team's
 * player has Red, on board 2 Black. */
static void
test_team_round_robin (void)
{
  static const char *const teams[] = { "T1", "T2", "T3", "T4" };
  static const char *const m1[] = { "a1", "a2", NULL }, *const m2[] = { "b1", "b2", "b3", NULL };
  static const char *const m3[] = { "c1", "c2", NULL }, *const m4[] = { "d1", "d2", NULL };
  static const char *const *const members[] = { m1, m2, m3, m4 };
  g_autoptr(GError) error = NULL;
  g_autoptr(XqTournament) t = xq_tournament_new_teams (XQ_SYSTEM_ROUND_ROBIN, teams, members, 4, 2, 0, 1, &error);
  g_autoptr(XqTournament) back = NULL;
  g_autofree char *text = NULL;
  g_autofree char *json = NULL;
  const XqPairing *p;

  g_assert_no_error (error);
  /* Round 1, match 1: T1-T4.  Board 1 a1 (Red) - d1, board 2 d2 (Red) - a2. */
  p = xq_tournament_get_pairing (t, 1, 1, &error);
  g_assert_cmpstr (xq_tournament_board_player (t, p, 1, XQ_RED), ==, "a1");
  g_assert_cmpstr (xq_tournament_board_player (t, p, 1, XQ_BLACK), ==, "d1");
  g_assert_cmpstr (xq_tournament_board_player (t, p, 2, XQ_RED), ==, "d2");
  g_assert_cmpstr (xq_tournament_board_player (t, p, 2, XQ_BLACK), ==, "a2");
  /* A match result comes from its games. */
  g_assert_false (xq_tournament_set_result (t, 1, 1, XQ_OUTCOME_RED_WIN, XQ_REASON_NONE, &error));
  g_clear_error (&error);

#define GAME(r, m, b, code) do { XqOutcome o_; g_assert_true (xq_outcome_from_code (code, &o_)); \
    g_assert_true (xq_tournament_set_game_result (t, r, m, b, o_, &error)); g_assert_no_error (error); } while (0)
  /* Round 1: T1-T4: a1 beats d1, d2 draws a2: T1 1½-½.  T2-T3: b1 beats c1, c2 beats b2: 1-1. */
  GAME (1, 1, 1, "1-0");
  g_assert_cmpint (p->outcome, ==, XQ_OUTCOME_NONE);   /* one board still open */
  GAME (1, 1, 2, "1/2-1/2");
  g_assert_cmpint (p->outcome, ==, XQ_OUTCOME_RED_WIN);
  GAME (1, 2, 1, "1-0");
  GAME (1, 2, 2, "1-0");
  /* Round 2: T4-T3: T4 wins both (d1 beats c1 on board 1, c2 loses to d2 on board 2: 0-1).
   * T1-T2: a1 loses to b1 (0-1), b2 (Red on board 2) loses to a2 (0-1): 1-1. */
  GAME (2, 1, 1, "1-0");
  GAME (2, 1, 2, "0-1");
  GAME (2, 2, 1, "0-1");
  GAME (2, 2, 2, "0-1");
  /* Round 3: T2-T4 forfeited by T4 (+-); T3-T1: c1 draws a1, a2 (Red on board 2) draws c2: 1-1. */
  g_assert_true (xq_tournament_set_result (t, 3, 1, XQ_OUTCOME_RED_FORFEIT, XQ_REASON_NONE, &error));
  GAME (3, 2, 1, "1/2-1/2");
  GAME (3, 2, 2, "1/2-1/2");
#undef GAME
  /* Match points (2 a win, 1 a draw, 0 a loss; a + is 2, 21.4):
   *   T1: 2 (T4) + 1 (T2) + 1 (T3) = 4;  T2: 1 (T3) + 1 (T1) + 2 (+ T4) = 4;
   *   T4: 0 + 2 (T3) + 0 (−) = 2;        T3: 1 + 0 + 1 = 2.
   * Game points: T1 1½ + 1 + 1 = 3.5; T2 1 + 1 + 2 (a forfeit counts both boards) = 4;
   *   T3 1 + 0 + 1 = 2; T4 ½ + 2 + 0 = 2.5.
   * So T2 ranks above T1 on game points, T4 above T3.  Games won: T1 a1 (r1), a2 (r2) = 2;
   *   T2 b1 (r1), b1 (r2) = 2 (the forfeit is no game won); T3 c2 (r1) = 1;
   *   T4 d1, d2 (r2) = 2.  Direct encounter: 0 outside a tie.  Fouls 0.
   * Columns: place name match-points game-points games-won direct fouls. */
  text = standings_text (t);
  g_assert_cmpstr (text, ==,
                   "1 T2 4 4 2 0 0\n"
                   "2 T1 4 3.5 2 0 0\n"
                   "3 T4 2 2.5 2 0 0\n"
                   "4 T3 2 2 1 0 0\n");
  /* The file keeps the members and every game. */
  json = xq_tournament_to_json (t);
  back = xq_tournament_from_json (json, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (((XqEntrant *) g_ptr_array_index (back->players, 1))->members[2], ==, "b3");
  g_assert_cmpint (((XqPairing *) g_ptr_array_index (xq_tournament_get_round (back, 2), 0))->games[1], ==,
                   XQ_OUTCOME_BLACK_WIN);
  g_assert_null (xq_tournament_new_teams (XQ_SYSTEM_GROUPS, teams, members, 4, 2, 2, 1, &error));
  g_clear_error (&error);
  g_assert_null (xq_tournament_new_teams (XQ_SYSTEM_ROUND_ROBIN, teams, members, 4, 3, 0, 1, &error));
  g_assert_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_INVALID);
}

/* Team Swiss: 9 teams of 3 over 5 rounds with seeded random games; no
 * rematch, one bye at most, the bye worth a won match (2); ranked by
 * match points, then 團體對手分 (15.4). */
static void
test_team_swiss (void)
{
  static const char *const teams[] = { "T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9" };
  const char *const *members[9];
  char *storage[9][4];
  g_autoptr(GError) error = NULL;
  g_autoptr(XqTournament) t = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (9);
  g_autoptr(GArray) st = NULL;
  int met[9][9] = { { 0 } }, byes[9] = { 0 };
  double total = 0;

  for (int i = 0; i < 9; i++)
    {
      for (int k = 0; k < 3; k++)
        storage[i][k] = g_strdup_printf ("p%d.%d", i + 1, k + 1);
      storage[i][3] = NULL;
      members[i] = (const char *const *) storage[i];
    }
  t = xq_tournament_new_teams (XQ_SYSTEM_SWISS, teams, members, 9, 3, 5, 3, &error);
  g_assert_no_error (error);
  for (int r = 1; r <= 5; r++)
    {
      GPtrArray *boards;
      if (r > 1)
        g_assert_true (xq_tournament_pair_next (t, &error));
      boards = xq_tournament_get_round (t, r);
      for (guint b = 0; b < boards->len; b++)
        {
          const XqPairing *p = g_ptr_array_index (boards, b);
          if (p->black == XQ_BYE)
            {
              g_assert_cmpint (++byes[p->red], ==, 1);
              continue;
            }
          g_assert_cmpint (met[p->red][p->black]++, ==, 0);
          met[p->black][p->red]++;
          for (int k = 1; k <= 3; k++)
            g_assert_true (xq_tournament_set_game_result (t, r, (int) b + 1, k,
                                                          (XqOutcome) g_rand_int_range (rand, 1, 4), &error));
          g_assert_cmpint (p->outcome, !=, XQ_OUTCOME_NONE);   /* three boards: a result */
        }
    }
  st = xq_tournament_standings (t);
  /* Every match hands out 2 match points, every bye 2: 4 matches and a bye a round. */
  for (guint i = 0; i < st->len; i++)
    total += g_array_index (st, XqStanding, i).points;
  g_assert_cmpfloat (total, ==, 5 * (4 * 2 + 2));
  g_assert_cmpstr (xq_tournament_tiebreak_codes (t)[0], ==, "opponents");
  for (guint i = 1; i < st->len; i++)
    g_assert_cmpfloat (g_array_index (st, XqStanding, i - 1).points, >=, g_array_index (st, XqStanding, i).points);
  for (int i = 0; i < 9; i++)
    for (int k = 0; k < 3; k++)
      g_free (storage[i][k]);
}

/* ---- Withdrawals ------------------------------------------------------------ */

/* Before the start the player leaves and the draw is made again. */
static void
test_withdraw_before_start (void)
{
  g_autoptr(XqTournament) t = make (XQ_SYSTEM_ROUND_ROBIN, 5, 0, 0);
  g_autoptr(GError) error = NULL;
  g_autofree char *r1 = NULL;

  g_assert_cmpint (xq_tournament_n_rounds (t), ==, 5);
  g_assert_true (xq_tournament_withdraw (t, "E", &error));
  g_assert_no_error (error);
  /* Four players now: the 4-player table, three rounds, no bye. */
  g_assert_cmpint (t->players->len, ==, 4);
  g_assert_cmpint (xq_tournament_n_rounds (t), ==, 3);
  r1 = round_text (t, 1);
  g_assert_cmpstr (r1, ==, "A-D B-C");
  g_assert_cmpuint (t->audit->len, ==, 1);
}

/* Round robin, 6 players (5 games each).  F leaves after 2 games: fewer than
 * half, every result of F is cancelled.  E leaves after 3 games: the
 * results stand, the unplayed games are forfeits to the opponents. */
static void
test_withdraw_round_robin (void)
{
  g_autoptr(XqTournament) t = make (XQ_SYSTEM_ROUND_ROBIN, 6, 0, 0);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) st = NULL;
  int f = xq_tournament_find_player (t, "F");

  /* Round 1: A-F B-E C-D; round 2: F-D E-C A-B; round 3: B-F C-A D-E. */
  set (t, 1, 1, "0-1");   /* F beats A */
  set (t, 1, 2, "0-1");   /* E beats B */
  set (t, 1, 3, "1/2-1/2");
  set (t, 2, 1, "1-0");   /* F beats D */
  set (t, 2, 2, "1-0");   /* E beats C */
  set (t, 2, 3, "1-0");   /* A beats B */
  g_assert_true (xq_tournament_withdraw (t, "F", &error));
  g_assert_no_error (error);
  for (int r = 1; r <= 5; r++)
    {
      GPtrArray *boards = xq_tournament_get_round (t, r);
      for (guint b = 0; b < boards->len; b++)
        {
          const XqPairing *p = g_ptr_array_index (boards, b);
          if (p->red == f || p->black == f)
            g_assert_cmpint (p->outcome, ==, XQ_OUTCOME_CANCELLED);
        }
    }
  set (t, 3, 2, "1/2-1/2");
  set (t, 3, 3, "0-1");   /* E beats D: E has played B, C, D */
  g_assert_true (xq_tournament_withdraw (t, "E", &error));
  /* Round 4: F-E (cancelled), A-D, B-C; round 5: C-F, D-B, E-A: a forfeit to A. */
  {
    const XqPairing *p = xq_tournament_get_pairing (t, 5, 3, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (xq_tournament_player_name (t, p->black), ==, "A");
    g_assert_cmpint (p->outcome, ==, XQ_OUTCOME_BLACK_FORFEIT);
    g_assert_cmpstr (xq_outcome_to_code (p->outcome), ==, "-+");
  }
  /* F is no longer ranked; E keeps 3 wins and takes 0 for the forfeit:
   * E 3 points from 4 games (B, C, D won; A lost by forfeit). */
  st = xq_tournament_standings (t);
  g_assert_cmpuint (st->len, ==, 5);
  for (guint i = 0; i < st->len; i++)
    {
      const XqStanding *x = &g_array_index (st, XqStanding, i);
      g_assert_cmpint (x->player, !=, f);
      if (x->player == xq_tournament_find_player (t, "E"))
        {
          g_assert_cmpfloat (x->points, ==, 3);
          g_assert_cmpint (x->played, ==, 3);
        }
      if (x->player == xq_tournament_find_player (t, "A"))
        /* A: lost to F (cancelled), beat B, drew C, + against E: 2½. */
        g_assert_cmpfloat (x->points, ==, 2.5);
    }
  g_assert_false (xq_tournament_withdraw (t, "E", &error));
  g_clear_error (&error);
  g_assert_false (xq_tournament_withdraw (t, "Nobody", &error));
  g_assert_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_INVALID);
}

/* Swiss: results stand whatever was played; the open game is a forfeit and
 * the player is not paired again. */
static void
test_withdraw_swiss (void)
{
  g_autoptr(XqTournament) t = make (XQ_SYSTEM_SWISS, 6, 4, 1);
  g_autoptr(GError) error = NULL;
  int a = xq_tournament_find_player (t, "A");

  /* Round 1: A-B D-C E-F.  A leaves before playing B. */
  set (t, 1, 2, "1-0");
  set (t, 1, 3, "0-1");
  g_assert_true (xq_tournament_withdraw (t, "A", &error));
  g_assert_no_error (error);
  g_assert_cmpint (((XqPairing *) g_ptr_array_index (xq_tournament_get_round (t, 1), 0))->outcome, ==,
                   XQ_OUTCOME_BLACK_FORFEIT);
  g_assert_cmpint (((XqPairing *) g_ptr_array_index (xq_tournament_get_round (t, 1), 1))->outcome, ==,
                   XQ_OUTCOME_RED_WIN);
  g_assert_true (xq_tournament_pair_next (t, &error));
  {
    GPtrArray *boards = xq_tournament_get_round (t, 2);
    for (guint b = 0; b < boards->len; b++)
      {
        const XqPairing *p = g_ptr_array_index (boards, b);
        g_assert_cmpint (p->red, !=, a);
        g_assert_cmpint (p->black, !=, a);
      }
    /* Five left: two games and a bye. */
    g_assert_cmpuint (boards->len, ==, 3);
  }
}

/* ---- Knockout ------------------------------------------------------------------ */


/* 第6條 6.5 as the event's control: chosen, kept in the file, checked. */
static void
test_clock_6_5 (void)
{
  g_autoptr(XqTournament) t = make (XQ_SYSTEM_ROUND_ROBIN, 4, 0, 1);
  g_autoptr(XqTournament) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *json = NULL;
  g_autofree char *title = NULL;
  XqTimeControl tc;
  guint audit_before = t->audit->len;

  g_assert_false (xq_tournament_set_clock (t, XQ_TIME_CONTROL_S0_6_5, 0, &error));
  g_assert_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (xq_tournament_set_clock (t, XQ_TIME_CONTROL_S0_6_1, 25, &error));
  g_clear_error (&error);
  g_assert_false (xq_tournament_set_clock (t, XQ_TIME_CONTROL_S0_6_5, 601, &error));
  g_clear_error (&error);
  g_assert_true (xq_tournament_set_clock (t, XQ_TIME_CONTROL_S0_6_5, 25, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (t->audit->len, ==, audit_before + 1);
  g_assert_nonnull (strstr (g_ptr_array_index (t->audit, audit_before), "clock 6.3 → 6.5 25 min"));
  /* "每方時間包干使用，不計著數": one period, no moves counted, 25 minutes. */
  xq_tournament_time_control (t, &tc);
  g_assert_cmpint (tc.first.moves, ==, 0);
  g_assert_cmpint (tc.first.time_ms, ==, 25 * 60 * 1000);
  g_assert_cmpint (tc.increment_ms, ==, 0);
  title = xq_time_control_title (t->clock, t->clock_minutes);
  g_assert_nonnull (strstr (title, "6.5"));
  g_assert_nonnull (strstr (title, "25"));

  json = xq_tournament_to_json (t);
  g_assert_nonnull (strstr (json, "\"clock\" : \"6.5\""));
  g_assert_nonnull (strstr (json, "\"clock-minutes\" : 25"));
  back = xq_tournament_from_json (json, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (back->clock, ==, XQ_TIME_CONTROL_S0_6_5);
  g_assert_cmpint (back->clock_minutes, ==, 25);
  g_clear_pointer (&back, xq_tournament_free);

  /* A file with 6.5 but no minutes, or minutes beside another clause, is refused. */
  {
    static const struct { const char *from, *to, *path; } bad[] = {
      { "\"clock-minutes\" : 25", "\"clock-minutes\" : 0", "$.clock-minutes: should be a whole number from 1 to 600" },
      { ",\n  \"clock-minutes\" : 25", "", "$: “clock-minutes” is missing" },
      { "\"clock\" : \"6.5\"", "\"clock\" : \"6.2\"", "$.clock-minutes: only the clock 6.5 has minutes" },
      { "\"clock\" : \"6.5\"", "\"clock\" : \"6.6\"", "$.clock: unknown clock “6.6”" },
    };
    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_auto(GStrv) parts = g_strsplit (json, bad[i].from, 2);
        g_autofree char *text = g_strjoinv (bad[i].to, parts);
        g_assert_nonnull (parts[1]);
        back = xq_tournament_from_json (text, -1, &error);
        g_assert_null (back);
        g_assert_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_FILE);
        g_assert_cmpstr (error->message, ==, bad[i].path);
        g_clear_error (&error);
      }
  }
  /* Back to a preset: the minutes go. */
  g_assert_true (xq_tournament_set_clock (t, XQ_TIME_CONTROL_S0_6_4, 0, &error));
  g_assert_cmpint (t->clock_minutes, ==, 0);
  g_free (json);
  json = xq_tournament_to_json (t);
  g_assert_null (strstr (json, "clock-minutes"));
}

/* Enters a result on every open board of a round: Red wins when red_wins says so. */
static void
dko_play_round (XqTournament *t, int round, gboolean (*red_wins) (const XqTournament *, const XqPairing *, int))
{
  GPtrArray *boards = xq_tournament_get_round (t, round);
  for (guint b = 0; b < boards->len; b++)
    {
      const XqPairing *p = g_ptr_array_index (boards, b);
      if (p->black == XQ_BYE || p->outcome != XQ_OUTCOME_NONE)
        continue;
      set (t, round, (int) b + 1, red_wins (t, p, round) ? "1-0" : "0-1");
    }
}

static gboolean
seed_wins (const XqTournament *t, const XqPairing *p, int round)
{
  (void) t; (void) round;
  return p->red < p->black;
}

/* Seeds win, except in the final, which the losers' champion wins. */
static gboolean
seed_wins_until_final (const XqTournament *t, const XqPairing *p, int round)
{
  GPtrArray *boards = xq_tournament_get_round (t, round);
  if (boards->len == 1 && xq_tournament_bracket (t, round, 1) == XQ_BRACKET_FINAL)
    return p->red != 0;   /* seed 1 loses the first final */
  return p->red < p->black;
}

static int
count_bracket (const XqTournament *t, int round, XqBracket bracket)
{
  GPtrArray *boards = xq_tournament_get_round (t, round);
  int n = 0;
  for (guint b = 0; b < boards->len; b++)
    if (((XqPairing *) g_ptr_array_index (boards, b))->black != XQ_BYE
        && xq_tournament_bracket (t, round, (int) b + 1) == bracket)
      n++;
  return n;
}

/* 11.1 雙淘汰制: eight players, the standard bracket shape round by round. */
static void
test_double_knockout_eight (void)
{
  static const int want[][4] = {
    /* winners, losers, final, second final */
    { 4, 0, 0, 0 }, { 2, 2, 0, 0 }, { 1, 2, 0, 0 }, { 0, 1, 0, 0 }, { 0, 1, 0, 0 }, { 0, 0, 1, 0 },
  };
  g_autoptr(XqTournament) t = make (XQ_SYSTEM_DOUBLE_KNOCKOUT, 8, 0, 3);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) st = NULL;

  g_assert_cmpint (t->rounds_planned, ==, 7);
  for (int r = 1; r <= 6; r++)
    {
      if (r > 1)
        {
          g_assert_true (xq_tournament_pair_next (t, &error));
          g_assert_no_error (error);
        }
      for (int k = 0; k < 4; k++)
        g_assert_cmpint (count_bracket (t, r, (XqBracket) k), ==, want[r - 1][k]);
      g_assert_false (xq_tournament_finished (t));
      dko_play_round (t, r, seed_wins);
    }
  /* Seed 1 won the final without a loss: no second final. */
  g_assert_true (xq_tournament_finished (t));
  g_assert_false (xq_tournament_pair_next (t, &error));
  g_clear_error (&error);
  st = xq_tournament_standings (t);
  /* 1 the champion; 2 seed 2 (lost the winners' final, won the losers'
   * bracket, lost the final); 3 seed 3 (out in round 5); 4 seed 4 (round 4);
   * 5–6 seeds 5 and 6 (round 3); 7–8 seeds 7 and 8 (round 2). */
  {
    static const int place[] = { 1, 2, 3, 4, 5, 5, 7, 7 };
    for (guint i = 0; i < st->len; i++)
      {
        const XqStanding *s = &g_array_index (st, XqStanding, i);
        g_assert_cmpint (s->player, ==, (int) i);
        g_assert_cmpint (s->place, ==, place[i]);
      }
  }
}

/* 11.1: the losers' champion wins the final; both have lost once, so a
 * second final decides (docs). */
static void
test_double_knockout_second_final (void)
{
  g_autoptr(XqTournament) t = make (XQ_SYSTEM_DOUBLE_KNOCKOUT, 4, 0, 5);
  g_autoptr(GError) error = NULL;
  g_autoptr(XqTournament) back = NULL;
  g_autofree char *json = NULL;
  g_autoptr(GArray) st = NULL;
  int r = 1;

  for (;;)
    {
      dko_play_round (t, r, seed_wins_until_final);
      if (xq_tournament_finished (t))
        break;
      g_assert_true (xq_tournament_pair_next (t, &error));
      r++;
    }
  g_assert_cmpint (r, ==, 5);
  g_assert_cmpint (xq_tournament_bracket (t, 4, 1), ==, XQ_BRACKET_FINAL);
  g_assert_cmpint (xq_tournament_bracket (t, 5, 1), ==, XQ_BRACKET_FINAL_REPLAY);
  st = xq_tournament_standings (t);
  /* Seed 1 lost the first final and won the second. */
  g_assert_cmpint (g_array_index (st, XqStanding, 0).player, ==, 0);
  g_assert_cmpint (g_array_index (st, XqStanding, 1).player, ==, 1);
  g_assert_cmpint (g_array_index (st, XqStanding, 1).place, ==, 2);
  /* The saved file gives back the same brackets. */
  json = xq_tournament_to_json (t);
  back = xq_tournament_from_json (json, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (back->system, ==, XQ_SYSTEM_DOUBLE_KNOCKOUT);
  g_assert_cmpint (xq_tournament_bracket (back, 5, 1), ==, XQ_BRACKET_FINAL_REPLAY);
  g_assert_true (xq_tournament_finished (back));
}

/* Every field of 2 to 40 with random results, draws (replayed) and a
 * withdrawal: nobody plays after a second loss, a player with no loss
 * meets only players with no loss until the final, the event ends with
 * one player left within the planned rounds. */
static void
test_double_knockout_random (void)
{
  for (int n = 2; n <= 40; n++)
    {
      g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) n * 31u);
      g_autoptr(XqTournament) t = make (XQ_SYSTEM_DOUBLE_KNOCKOUT, n, 0, (guint32) n);
      g_autofree int *losses = g_new0 (int, n);
      g_autoptr(GError) error = NULL;
      int r = 1;
      for (;;)
        {
          GPtrArray *boards = xq_tournament_get_round (t, r);
          for (guint b = 0; b < boards->len; b++)
            {
              const XqPairing *p = g_ptr_array_index (boards, b);
              int x;
              if (p->black == XQ_BYE)
                continue;
              g_assert_cmpint (losses[p->red], <, 2);
              g_assert_cmpint (losses[p->black], <, 2);
              if (xq_tournament_bracket (t, r, (int) b + 1) == XQ_BRACKET_WINNERS)
                g_assert_true (losses[p->red] == 0 && losses[p->black] == 0);
              x = g_rand_int_range (rand, 0, 5);
              set (t, r, (int) b + 1, x == 0 ? "1/2-1/2" : x < 3 ? "1-0" : "0-1");
            }
          g_assert_true (xq_tournament_round_complete (t, r));
          if (xq_tournament_finished (t))
            break;
          if (n == 7 && r == 2)
            g_assert_true (xq_tournament_withdraw (t, "G", &error));
          g_assert_true (xq_tournament_pair_next (t, &error));
          g_assert_no_error (error);
          r++;
          g_assert_cmpint (r, <=, t->rounds_planned);
          /* Recount every player's losses from the whole record. */
          memset (losses, 0, sizeof (int) * (size_t) n);
          for (int q = 1; q < r; q++)
            {
              GPtrArray *bs = xq_tournament_get_round (t, q);
              for (guint b = 0; b < bs->len; b++)
                {
                  const XqPairing *p = g_ptr_array_index (bs, b);
                  int w;
                  if (p->black == XQ_BYE || p->replay_of >= 0)
                    continue;
                  w = xq_tournament_match_winner (t, q, (int) b + 1);
                  g_assert_true (w == p->red || w == p->black);
                  losses[w == p->red ? p->black : p->red]++;
                }
            }
        }
      {
        g_autoptr(GArray) st = xq_tournament_standings (t);
        g_assert_cmpint (g_array_index (st, XqStanding, 0).place, ==, 1);
        g_assert_cmpint (g_array_index (st, XqStanding, 1).place, ==, 2);
      }
    }
}

/* 13.4: a team knockout.  Colours by lot (the team named first has Red
 * on the odd boards, 13.2); a drawn match is played again with the teams'
 * colours swapped (docs). */
static void
test_team_knockout (void)
{
  static const char *const teams[] = { "T1", "T2", "T3", "T4" };
  static const char *const m1[] = { "a1", "a2", NULL }, *const m2[] = { "b1", "b2", NULL };
  static const char *const m3[] = { "c1", "c2", NULL }, *const m4[] = { "d1", "d2", NULL };
  static const char *const *const members[] = { m1, m2, m3, m4 };
  g_autoptr(GError) error = NULL;
  g_autoptr(XqTournament) t = xq_tournament_new_teams (XQ_SYSTEM_KNOCKOUT, teams, members, 4, 2, 0, 9, &error);
  g_autoptr(XqTournament) g = NULL;
  g_autoptr(GArray) st = NULL;
  const XqPairing *p, *q;
  GPtrArray *boards;
  int first;

  g_assert_no_error (error);
  g_assert_cmpint (t->team_size, ==, 2);
  boards = xq_tournament_get_round (t, 1);
  g_assert_cmpuint (boards->len, ==, 2);
  /* Seeds 1–4, 2–3; the lot decides which team is named first. */
  p = g_ptr_array_index (boards, 0);
  g_assert_true ((p->red == 0 && p->black == 3) || (p->red == 3 && p->black == 0));
  first = p->red;
  g_assert_cmpstr (xq_tournament_board_player (t, p, 1, XQ_RED), ==, first == 0 ? "a1" : "d1");
  g_assert_cmpstr (xq_tournament_board_player (t, p, 2, XQ_RED), ==, first == 0 ? "d2" : "a2");
  g_assert_false (xq_tournament_set_result (t, 1, 1, XQ_OUTCOME_RED_WIN, XQ_REASON_NONE, &error));
  g_clear_error (&error);

  /* Match 1 drawn 1–1: replayed as a new match, teams' colours swapped. */
  g_assert_true (xq_tournament_set_game_result (t, 1, 1, 1, XQ_OUTCOME_RED_WIN, &error));
  g_assert_true (xq_tournament_set_game_result (t, 1, 1, 2, XQ_OUTCOME_RED_WIN, &error));
  g_assert_cmpint (p->outcome, ==, XQ_OUTCOME_DRAW);
  g_assert_cmpuint (boards->len, ==, 3);
  q = g_ptr_array_index (boards, 2);
  g_assert_cmpint (q->replay_of, ==, 0);
  g_assert_cmpint (q->red, ==, p->black);
  g_assert_cmpstr (xq_tournament_board_player (t, q, 1, XQ_RED), ==, first == 0 ? "d1" : "a1");
  /* Correcting a game of the drawn match takes the unplayed replay away. */
  g_assert_true (xq_tournament_set_game_result (t, 1, 1, 2, XQ_OUTCOME_DRAW, &error));
  g_assert_cmpint (p->outcome, ==, XQ_OUTCOME_RED_WIN);
  g_assert_cmpuint (boards->len, ==, 2);
  g_assert_true (xq_tournament_set_game_result (t, 1, 1, 2, XQ_OUTCOME_RED_WIN, &error));
  g_assert_cmpuint (boards->len, ==, 3);
  q = g_ptr_array_index (boards, 2);   /* a new replay: the old one was freed */
  g_assert_cmpint (q->replay_of, ==, 0);
  g_assert_false (xq_tournament_round_complete (t, 1));
  /* The replay: the first-named team (the old Black) wins 1½–½. */
  g_assert_true (xq_tournament_set_game_result (t, 1, 3, 1, XQ_OUTCOME_RED_WIN, &error));
  g_assert_true (xq_tournament_set_game_result (t, 1, 3, 2, XQ_OUTCOME_DRAW, &error));
  g_assert_no_error (error);
  g_assert_cmpint (xq_tournament_match_winner (t, 1, 1), ==, q->red);
  g_assert_true (xq_tournament_set_result (t, 1, 2, XQ_OUTCOME_RED_FORFEIT, XQ_REASON_NONE, &error));
  g_assert_true (xq_tournament_round_complete (t, 1));
  g_assert_true (xq_tournament_pair_next (t, &error));
  g_assert_no_error (error);
  p = xq_tournament_get_pairing (t, 2, 1, &error);
  g_assert_true (xq_tournament_set_game_result (t, 2, 1, 1, XQ_OUTCOME_RED_WIN, &error));
  g_assert_true (xq_tournament_set_game_result (t, 2, 1, 2, XQ_OUTCOME_DRAW, &error));
  g_assert_true (xq_tournament_finished (t));
  st = xq_tournament_standings (t);
  g_assert_cmpint (g_array_index (st, XqStanding, 0).player, ==, p->red);
  g_assert_cmpint (g_array_index (st, XqStanding, 0).place, ==, 1);
  g_assert_cmpint (g_array_index (st, XqStanding, 2).place, ==, 3);
  g_assert_cmpint (g_array_index (st, XqStanding, 3).place, ==, 3);
  g_assert_cmpstr (xq_tournament_tiebreak_codes (t)[0], ==, "reached");

  /* A team double knockout is made the same way; groups are refused. */
  g = xq_tournament_new_teams (XQ_SYSTEM_DOUBLE_KNOCKOUT, teams, members, 4, 2, 0, 9, &error);
  g_assert_no_error (error);
  g_assert_nonnull (g);
  g_assert_null (xq_tournament_new_teams (XQ_SYSTEM_GROUPS, teams, members, 4, 2, 2, 9, &error));
  g_assert_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_INVALID);
}

static void
test_knockout (void)
{
  int order[8];
  g_autoptr(XqTournament) t = make (XQ_SYSTEM_KNOCKOUT, 6, 0, 7);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) st = NULL;
  GPtrArray *boards;

  xq_knockout_order (8, order);
  /* 1-8, 4-5, 2-7, 3-6: seeds 1 and 2 can meet only in the final. */
  g_assert_cmpint (order[0], ==, 1);
  g_assert_cmpint (order[1], ==, 8);
  g_assert_cmpint (order[2], ==, 4);
  g_assert_cmpint (order[3], ==, 5);
  g_assert_cmpint (order[4], ==, 2);
  g_assert_cmpint (order[5], ==, 7);
  g_assert_cmpint (order[6], ==, 3);
  g_assert_cmpint (order[7], ==, 6);

  /* Six players in a bracket of 8: seeds 1 and 2 have byes; D-E and C-F play. */
  boards = xq_tournament_get_round (t, 1);
  g_assert_cmpuint (boards->len, ==, 4);
  g_assert_cmpint (((XqPairing *) g_ptr_array_index (boards, 2))->black, ==, XQ_BYE);
  g_assert_cmpint (((XqPairing *) g_ptr_array_index (boards, 3))->black, ==, XQ_BYE);
  {
    const XqPairing *p = g_ptr_array_index (boards, 0);
    g_assert_true ((p->red == 3 && p->black == 4) || (p->red == 4 && p->black == 3));
  }
  /* A drawn game is replayed with colours swapped on a new board. */
  set (t, 1, 1, "1/2-1/2");
  g_assert_false (xq_tournament_round_complete (t, 1));
  g_assert_cmpuint (boards->len, ==, 5);
  {
    const XqPairing *p = g_ptr_array_index (boards, 0), *q = g_ptr_array_index (boards, 2);
    g_assert_cmpint (q->replay_of, ==, 0);
    g_assert_cmpint (q->red, ==, p->black);
    g_assert_cmpint (q->black, ==, p->red);
  }
  g_assert_false (xq_tournament_pair_next (t, &error));
  g_clear_error (&error);
  set (t, 1, 3, "1-0");   /* the replay: its Red goes through */
  set (t, 1, 2, "0-1");
  g_assert_true (xq_tournament_round_complete (t, 1));
  g_assert_true (xq_tournament_pair_next (t, &error));
  /* Round 2: A against the D/E winner, B against the C/F winner. */
  boards = xq_tournament_get_round (t, 2);
  g_assert_cmpuint (boards->len, ==, 2);
  set (t, 2, 1, "1-0");
  set (t, 2, 2, "0-1");
  g_assert_true (xq_tournament_pair_next (t, &error));
  set (t, 3, 1, "1-0");
  g_assert_true (xq_tournament_finished (t));
  st = xq_tournament_standings (t);
  /* Winner 1st, finalist 2nd, semi-finalists share 3rd, first-round losers share 5th. */
  g_assert_cmpint (g_array_index (st, XqStanding, 0).place, ==, 1);
  g_assert_cmpint (g_array_index (st, XqStanding, 1).place, ==, 2);
  g_assert_cmpint (g_array_index (st, XqStanding, 2).place, ==, 3);
  g_assert_cmpint (g_array_index (st, XqStanding, 3).place, ==, 3);
  g_assert_cmpint (g_array_index (st, XqStanding, 4).place, ==, 5);
  g_assert_cmpint (g_array_index (st, XqStanding, 5).place, ==, 5);
  g_assert_cmpint (g_array_index (st, XqStanding, 0).player, ==,
                   ((XqPairing *) g_ptr_array_index (xq_tournament_get_round (t, 3), 0))->red);
}

/* ---- Results, corrections, games ------------------------------------------------ */

static void
test_corrections_audit (void)
{
  g_autoptr(XqTournament) t = make (XQ_SYSTEM_ROUND_ROBIN, 4, 0, 0);
  g_autoptr(GError) error = NULL;

  set (t, 1, 1, "1-0");
  g_assert_cmpuint (t->audit->len, ==, 0);
  set (t, 1, 1, "0-1");
  g_assert_cmpuint (t->audit->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (t->audit, 0), "round 1 board 1: 1-0 → 0-1"));
  g_assert_false (xq_tournament_set_result (t, 1, 3, XQ_OUTCOME_DRAW, XQ_REASON_NONE, &error));
  g_assert_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (xq_tournament_set_result (t, 9, 1, XQ_OUTCOME_DRAW, XQ_REASON_NONE, &error));
  g_assert_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_INVALID);
}

static void
test_record_game (void)
{
  g_autoptr(XqTournament) t = make (XQ_SYSTEM_ROUND_ROBIN, 4, 0, 0);
  g_autoptr(XqGame) game = xq_game_new (NULL);
  g_autoptr(GError) error = NULL;
  const XqPairing *p;

  g_assert_false (xq_tournament_record_game (t, 1, 1, game, &error));
  g_clear_error (&error);
  g_assert_true (xq_game_play_iccs (game, "h2e2", &error));
  g_assert_true (xq_game_play_iccs (game, "h9g7", &error));
  xq_game_flag_fall (game, XQ_BLACK);
  g_assert_true (xq_tournament_record_game (t, 1, 2, game, &error));
  g_assert_no_error (error);
  p = xq_tournament_get_pairing (t, 1, 2, &error);
  g_assert_cmpint (p->outcome, ==, XQ_OUTCOME_RED_WIN);
  g_assert_cmpint (p->reason, ==, XQ_REASON_TIME);
  g_assert_cmpstr (p->moves, ==, "h2e2 h9g7");

  /* The score sheet writes them in the learner's script. */
  {
    g_autoptr(GPtrArray) hans = xq_tournament_score_sheet_moves (p, XQ_NOTATION_ZH_HANS);
    g_autoptr(GPtrArray) hant = xq_tournament_score_sheet_moves (p, XQ_NOTATION_ZH_HANT);
    g_assert_cmpuint (hans->len, ==, 2);
    g_assert_cmpstr (g_ptr_array_index (hans, 0), ==, "炮二平五");
    g_assert_cmpstr (g_ptr_array_index (hans, 1), ==, "马8进7");
    g_assert_cmpstr (g_ptr_array_index (hant, 1), ==, "馬8進7");
  }
}

/* ---- Files --------------------------------------------------------------------- */

static void
test_file_round_trip (void)
{
  g_autoptr(XqTournament) t = make (XQ_SYSTEM_SWISS, 7, 3, 5);
  g_autoptr(XqTournament) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *json = NULL;
  g_autofree char *again = NULL;
  g_autofree char *csv = NULL;

  set (t, 1, 1, "1-0");
  set (t, 1, 2, "+-");
  set (t, 1, 3, "1/2-1/2");
  g_assert_true (xq_tournament_add_foul (t, 1, 3, XQ_RED, &error));
  json = xq_tournament_to_json (t);
  back = xq_tournament_from_json (json, -1, &error);
  g_assert_no_error (error);
  again = xq_tournament_to_json (back);
  g_assert_cmpstr (json, ==, again);
  csv = xq_tournament_export_csv (back);
  g_assert_true (g_str_has_prefix (csv, "place,name,points,opponents,wins,fouls\r\n"));
  g_assert_nonnull (strstr (csv, "1,2,D,C,+-,\r\n"));
}

static void
test_file_bad (void)
{
  static const struct { const char *json; const char *where; } cases[] = {
    { "[]", "$:" },
    { "{\"format\":\"other\"}", "$.format:" },
    { "{\"format\":\"xiangqi-tutor-tournament\",\"version\":1,\"system\":\"rr\",\"rounds-planned\":3,"
      "\"players\":[{\"name\":\"A\"},{\"name\":\"B\"}],\"rounds\":[[{\"red\":0,\"black\":5}]]}",
      "$.rounds[0][0].black:" },
    { "{\"format\":\"xiangqi-tutor-tournament\",\"version\":1,\"system\":\"rr\",\"rounds-planned\":3,"
      "\"players\":[{\"name\":\"A\"},{\"name\":\"A\"}],\"rounds\":[]}",
      "$.players[1]:" },
    { "{\"format\":\"xiangqi-tutor-tournament\",\"version\":1,\"system\":\"xx\",\"rounds-planned\":3,"
      "\"players\":[{\"name\":\"A\"},{\"name\":\"B\"}],\"rounds\":[]}",
      "$.system:" },
    { "{\"format\":\"xiangqi-tutor-tournament\",\"version\":1,\"system\":\"rr\",\"rounds-planned\":3,"
      "\"players\":[{\"name\":\"A\"},{\"name\":\"B\"}],\"rounds\":[[{\"red\":0,\"black\":1,\"moves\":\"a0a5\"}]]}",
      "$.rounds[0][0]:" },
    { "{\"format\":\"xiangqi-tutor-tournament\",\"version\":1,\"system\":\"rr\",\"rounds-planned\":3,"
      "\"players\":[{\"name\":\"A\"},{\"name\":\"B\"},{\"name\":\"C\"}],"
      "\"rounds\":[[{\"red\":0,\"black\":-1},{\"red\":1,\"black\":2}]]}",
      "$.rounds[0][1]:" },
    { "{\"format\":\"xiangqi-tutor-tournament\",\"version\":1,\"system\":\"rr\",\"rounds-planned\":3,"
      "\"players\":[{\"name\":\"A\"},{\"name\":\"B\"},{\"name\":\"C\"}],"
      "\"rounds\":[[{\"red\":0,\"black\":1},{\"red\":2,\"black\":1}]]}",
      "$.rounds[0][1]:" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(XqTournament) t = xq_tournament_from_json (cases[i].json, -1, &error);
      g_assert_null (t);
      g_assert_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_FILE);
      g_test_message ("%s", error->message);
      g_assert_true (g_str_has_prefix (error->message, cases[i].where));
    }
}

/* December 7, N1: a file of 75,000 "[" then as many "]" overflowed the
 * stack inside json-glib.  The nesting is counted before parsing. */
static void
test_file_deep_nesting (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("XQ_SOURCE_DIR"), "tests", "data", "repro",
                                            "tournament-deep-nesting-stack-overflow.json", NULL);
  g_autofree char *deep = g_strnfill (300000, '{');
  g_autoptr(GError) error = NULL;
  g_autoptr(XqTournament) t = xq_tournament_load (path, &error);

  g_assert_null (t);
  g_assert_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_FILE);
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_nonnull (strstr (error->message, ": $[0][0][0]"));
  g_assert_nonnull (strstr (error->message, "nested more than"));
  g_clear_error (&error);

  /* Objects as deep, inside a real event's member. */
  for (int i = 0; i < 300000; i += 6)
    memcpy (deep + i, "{\"a\":", 5), deep[i + 5] = ' ';
  t = xq_tournament_from_json (deep, -1, &error);
  g_assert_null (t);
  g_assert_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_FILE);
  g_assert_true (g_str_has_prefix (error->message, "$.a.a.a"));
}

static guint
count_temps (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while ((name = g_dir_read_name (d)) != NULL)
    n += strstr (name, ".tmp-") != NULL;
  return n;
}

/* December 7, N5: saves killed at random moments left "ev.json.bak.tmp-*"
 * behind (31 after 200 kills), because the next save cleaned only the
 * event's own temporary files, not those of its backup. */
static void
test_file_save_killed (void)
{
  g_autofree char *dir = g_dir_make_tmp ("xq-tournament-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "ev.json", NULL);
  g_autofree char *bak = g_strconcat (path, ".bak", NULL);
  g_autoptr(XqTournament) t = make (XQ_SYSTEM_ROUND_ROBIN, 8, 0, 0);
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  g_autoptr(GError) error = NULL;
  guint left = 0;

  g_assert_true (xq_tournament_save (t, path, &error));
  for (int i = 0; i < 120; i++)
    {
      int fds[2], status;
      char c;
      pid_t pid;

      g_assert_cmpint (pipe (fds), ==, 0);
      pid = fork ();
      g_assert_cmpint (pid, >=, 0);
      if (pid == 0)
        {
          close (fds[0]);
          if (write (fds[1], "x", 1) != 1)
            _exit (1);
          for (;;)
            xq_tournament_save (t, path, NULL);
        }
      close (fds[1]);
      g_assert_cmpint (read (fds[0], &c, 1), ==, 1);
      close (fds[0]);
      g_usleep (g_rand_int_range (rand, 0, 4000));
      g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
      g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
      left += count_temps (dir) > 0;
      /* The next save removes what every killed save left. */
      g_assert_true (xq_tournament_save (t, path, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (count_temps (dir), ==, 0);
    }
  g_test_message ("120 kills: %u left temporary files, none after the next save", left);
  {
    g_autoptr(XqTournament) back = xq_tournament_load (path, &error);
    g_assert_no_error (error);
    g_assert_nonnull (back);
  }
  g_unlink (path);
  g_unlink (bak);
  g_rmdir (dir);
}

/* Saving keeps the last good copy; a damaged file on disk is never overwritten. */
static void
test_file_save (void)
{
  g_autofree char *dir = g_dir_make_tmp ("xq-tournament-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "event.json", NULL);
  g_autofree char *bak = g_strconcat (path, ".bak", NULL);
  g_autoptr(XqTournament) t = make (XQ_SYSTEM_ROUND_ROBIN, 4, 0, 0);
  g_autoptr(XqTournament) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;

  g_assert_true (xq_tournament_save (t, path, &error));
  set (t, 1, 1, "1-0");
  g_assert_true (xq_tournament_save (t, path, &error));
  g_assert_true (g_file_test (bak, G_FILE_TEST_EXISTS));
  back = xq_tournament_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (((XqPairing *) g_ptr_array_index (xq_tournament_get_round (back, 1), 0))->outcome, ==,
                   XQ_OUTCOME_RED_WIN);
  g_assert_true (g_file_set_contents (path, "{ damaged", -1, NULL));
  g_assert_false (xq_tournament_save (t, path, &error));
  g_assert_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_FILE);
  g_assert_true (g_file_get_contents (path, &data, NULL, NULL));
  g_assert_cmpstr (data, ==, "{ damaged");
  g_unlink (path);
  g_unlink (bak);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  xq_test_isolate_dirs ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tournament/berger/published", test_berger_published);
  g_test_add_func ("/tournament/berger/odd-event", test_berger_odd_event);
  g_test_add_func ("/tournament/round-robin/sizes", test_round_robin_sizes);
  g_test_add_func ("/tournament/round-robin/double-streaks", test_double_round_robin_streaks);
  g_test_add_func ("/tournament/groups", test_groups_and_final);
  g_test_add_func ("/tournament/teams/round-robin", test_team_round_robin);
  g_test_add_func ("/tournament/teams/swiss", test_team_swiss);
  g_test_add_func ("/tournament/swiss/random", test_swiss_random);
  g_test_add_func ("/tournament/swiss/equal-scores", test_swiss_equal_scores);
  g_test_add_func ("/tournament/tiebreak/sonneborn-berger", test_tiebreak_sonneborn_berger);
  g_test_add_func ("/tournament/tiebreak/direct", test_tiebreak_direct_encounter);
  g_test_add_func ("/tournament/tiebreak/fouls-shared", test_tiebreak_fouls_and_shared);
  g_test_add_func ("/tournament/tiebreak/swiss", test_tiebreak_swiss);
  g_test_add_func ("/tournament/tiebreak/playoff", test_playoff);
  g_test_add_func ("/tournament/withdraw/before-start", test_withdraw_before_start);
  g_test_add_func ("/tournament/withdraw/round-robin", test_withdraw_round_robin);
  g_test_add_func ("/tournament/withdraw/swiss", test_withdraw_swiss);
  g_test_add_func ("/tournament/knockout", test_knockout);
  g_test_add_func ("/tournament/clock/6.5", test_clock_6_5);
  g_test_add_func ("/tournament/double-knockout/eight", test_double_knockout_eight);
  g_test_add_func ("/tournament/double-knockout/second-final", test_double_knockout_second_final);
  g_test_add_func ("/tournament/double-knockout/random", test_double_knockout_random);
  g_test_add_func ("/tournament/teams/knockout", test_team_knockout);
  g_test_add_func ("/tournament/corrections", test_corrections_audit);
  g_test_add_func ("/tournament/record-game", test_record_game);
  g_test_add_func ("/tournament/file/round-trip", test_file_round_trip);
  g_test_add_func ("/tournament/file/bad", test_file_bad);
  g_test_add_func ("/tournament/file/save", test_file_save);
  g_test_add_func ("/tournament/file/deep-nesting", test_file_deep_nesting);
  g_test_add_func ("/tournament/file/save-killed", test_file_save_killed);
  return g_test_run ();
}
