/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-puzzle-stats: the collection's figures against issue 29's table
 * (`xqtool puzzles stats`), counted on two small packs whose figures are
 * known: a children's mate in one and a game position of the advanced tier
 * where the defender threatens mate in one. */
#define G_LOG_DOMAIN "test-puzzle-stats"

#include "config.h"

#include <locale.h>

#include "xq-lesson.h"
#include "xq-puzzle-stats.h"
#include "xq-test-dirs.h"

static const char first_json[] =
  "{ \"format\": 1, \"type\": \"pack\", \"id\": \"first\", \"title\": \"First\",\n"
  "  \"puzzles\": [ { \"id\": \"one\", \"title\": \"One\", \"fen\": \"3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1\",\n"
  "                   \"mate-in\": 1, \"keys\": [\"e1d1\", \"e1e8\"] } ] }\n";

/* CCPD 殺局_殺法_練習題 (tools/game-mates.fen): Black mates in 3, and Red,
 * were it its move, could mate at once; 23 pieces. */
static const char tier_json[] =
  "{ \"format\": 1, \"type\": \"pack\", \"id\": \"tier\", \"title\": \"Tier\", \"min-rating\": 1500,\n"
  "  \"puzzles\": [ { \"id\": \"t1\", \"title\": \"T1\", \"pattern\": \"Fishing the moon from the sea (海底撈月)\",\n"
  "                   \"fen\": \"1Rb1kar2/4a4/4b4/p3C2Rp/2p6/4c2N1/P7P/N1nA5/4K4/3r1AB2 b - - 0 1\",\n"
  "                   \"mate-in\": 3 } ] }\n";

static XqLessonFile *
load (const char *json)
{
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  XqLessonFile *f = xq_lesson_load_data (json, -1, "test.json", problems);

  for (guint i = 0; i < problems->len; i++)
    {
      g_autofree char *line = xq_lesson_problem_format (g_ptr_array_index (problems, i));
      g_test_message ("%s", line);
    }
  g_assert_nonnull (f);
  return f;
}

static void
test_counts (void)
{
  g_autoptr(XqLessonFile) first = load (first_json);
  g_autoptr(XqLessonFile) tier = load (tier_json);
  g_autoptr(GPtrArray) packs = g_ptr_array_new ();
  XqPuzzleStats st;
  gboolean met[5];

  g_assert_false (((XqPuzzle *) first->pack->puzzles->pdata[0])->defender_threatens);
  g_assert_true (((XqPuzzle *) tier->pack->puzzles->pdata[0])->defender_threatens);
  g_ptr_array_add (packs, first->pack);
  g_ptr_array_add (packs, tier->pack);
  xq_puzzle_stats_compute (packs, &st);
  g_assert_cmpuint (st.puzzles, ==, 2);
  g_assert_cmpuint (st.patterns, ==, 1);
  g_assert_cmpuint (st.deep, ==, 0);
  g_assert_cmpuint (st.short_mates, ==, 2);
  g_assert_cmpuint (st.threat, ==, 1);
  g_assert_cmpuint (st.fighting, ==, 1);
  g_assert_cmpuint (st.advanced, ==, 1);
  g_assert_cmpfloat (st.median_pieces, ==, (3 + 23) / 2.0);
  /* Two puzzles meet the median and the threat share, nothing else. */
  g_assert_false (xq_puzzle_stats_meets (&st, met));
  g_assert_false (met[0]);
  g_assert_false (met[1]);
  g_assert_false (met[2]);
  g_assert_true (met[3]);
  g_assert_true (met[4]);

  /* The tier alone: one puzzle, 23 pieces. */
  g_ptr_array_remove_index (packs, 0);
  xq_puzzle_stats_compute (packs, &st);
  g_assert_cmpfloat (st.median_pieces, ==, 23);
  g_assert_cmpuint (st.short_mates, ==, 1);
  g_ptr_array_set_size (packs, 0);
  xq_puzzle_stats_compute (packs, &st);
  g_assert_cmpuint (st.puzzles, ==, 0);
  g_assert_false (xq_puzzle_stats_meets (&st, met));
}

/* xq_position_threatens_mate: the side not to move could mate at once;
 * never while the side to move is in check (the turn cannot pass). */
static void
test_threat (void)
{
  static const struct { const char *fen; gboolean threat; } cases[] = {
    { "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1", FALSE },           /* a bare general */
    { "3k5/9/9/9/9/9/9/1r7/r8/4K4 w - - 0 1", TRUE },           /* b2b0 mates */
    { "3k5/9/9/9/9/9/9/9/r8/4K4 w - - 0 1", FALSE },            /* a0: the general steps up */
    { "3k5/9/9/9/4r4/9/9/9/9/4K4 w - - 0 1", FALSE },           /* Red is in check */
    { "1Rb1kar2/4a4/4b4/p3C2Rp/2p6/4c2N1/P7P/N1nA5/4K4/3r1AB2 b - - 0 1", TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      XqPosition pos;

      g_assert_true (xq_position_set_fen (&pos, cases[i].fen, NULL));
      if (xq_position_threatens_mate (&pos) != cases[i].threat)
        g_error ("%s: threat %d, not %d", cases[i].fen, !cases[i].threat, cases[i].threat);
    }
}

int
main (int argc, char **argv)
{
  xq_test_isolate_dirs ();
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/puzzle-stats/counts", test_counts);
  g_test_add_func ("/puzzle-stats/threat", test_threat);
  return g_test_run ();
}
