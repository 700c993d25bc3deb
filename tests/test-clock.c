/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-clock"

#include "config.h"

#include "xq-clock.h"
#include "xq-test-dirs.h"

#define SEC ((gint64) 1000)
#define MINUTE (60 * SEC)

/* Plays `moves` moves for each side, each taking `per_move` ms, starting at
 * *now with Red; asserts every press was in time. */
static void
play (XqClock *clock, int moves, gint64 per_move, gint64 *now)
{
  for (int i = 0; i < 2 * moves; i++)
    {
      *now += per_move;
      g_assert_true (xq_clock_press (clock, *now));
    }
}

static void
test_presets (void)
{
  /* 第6條 6.1–6.4 (docs/rulings.md, section 6), as (first moves, first minutes, repeat moves, repeat minutes). */
  static const int want[][4] = {
    { 40, 90, 10, 15 }, { 30, 60, 10, 10 }, { 40, 10, 30, 5 }, { 30, 5, 30, 5 },
  };

  for (int p = XQ_TIME_CONTROL_S0_6_1; p <= XQ_TIME_CONTROL_S0_6_4; p++)
    {
      XqTimeControl tc;

      xq_time_control_init_preset (&tc, (XqTimeControlPreset) p);
      g_assert_true (xq_time_control_is_valid (&tc));
      g_assert_cmpint (tc.first.moves, ==, want[p][0]);
      g_assert_cmpint (tc.first.time_ms, ==, want[p][1] * MINUTE);
      g_assert_cmpint (tc.repeat.moves, ==, want[p][2]);
      g_assert_cmpint (tc.repeat.time_ms, ==, want[p][3] * MINUTE);
    }
}

static void
test_preset_6_5 (void)
{
  /* 6.5: "每方時間包干使用，不計著數" — one time for the whole game, no moves counted. */
  XqTimeControl tc;
  g_autoptr(XqClock) clock = NULL;

  xq_time_control_init_preset (&tc, XQ_TIME_CONTROL_S0_6_5);
  g_assert_true (xq_time_control_is_valid (&tc));
  g_assert_cmpint (tc.first.moves, ==, 0);
  g_assert_cmpint (tc.first.time_ms, ==, XQ_TIME_CONTROL_6_5_DEFAULT_MINUTES * MINUTE);
  clock = xq_clock_new (&tc);
  xq_clock_start (clock, XQ_RED, 0);
  g_assert_cmpint (xq_clock_get_moves_to_go (clock, XQ_RED), ==, 0);
}

static void
test_validity (void)
{
  XqTimeControl tc;

  xq_time_control_init_periods (&tc, 40, 90, 10, 15);
  g_assert_true (xq_time_control_is_valid (&tc));
  /* 40 moves and then no time at all: nowhere to play move 41. */
  xq_time_control_init_periods (&tc, 40, 90, 0, 0);
  g_assert_false (xq_time_control_is_valid (&tc));
  xq_time_control_init_sudden_death (&tc, 0, 0);
  g_assert_false (xq_time_control_is_valid (&tc));
  xq_time_control_init_sudden_death (&tc, 15, 10);
  g_assert_true (xq_time_control_is_valid (&tc));
  g_assert_cmpint (tc.increment_ms, ==, 10 * SEC);
}

/* 6.1: 40 moves in 90 minutes, then every 10 in 15; unused time carries. */
static void
test_periods_carry_over (void)
{
  XqTimeControl tc;
  g_autoptr(XqClock) clock = NULL;
  gint64 now = 1000;
  XqColor loser;

  xq_time_control_init_preset (&tc, XQ_TIME_CONTROL_S0_6_1);
  clock = xq_clock_new (&tc);
  g_assert_cmpint (xq_clock_get_state (clock), ==, XQ_CLOCK_STOPPED);
  g_assert_cmpint (xq_clock_get_remaining (clock, XQ_RED, now), ==, 90 * MINUTE);
  xq_clock_start (clock, XQ_RED, now);
  g_assert_cmpint (xq_clock_get_moves_to_go (clock, XQ_RED), ==, 40);

  /* 39 moves of 2 minutes each: 78 minutes used, 12 left, 1 move to go. */
  play (clock, 39, 2 * MINUTE, &now);
  g_assert_cmpint (xq_clock_get_remaining (clock, XQ_RED, now), ==, 12 * MINUTE);
  g_assert_cmpint (xq_clock_get_moves_to_go (clock, XQ_RED), ==, 1);
  g_assert_cmpint (xq_clock_get_moves (clock, XQ_BLACK), ==, 39);

  /* Red's 40th move after 2 more minutes: 10 left + 15 of the next period. */
  now += 2 * MINUTE;
  g_assert_true (xq_clock_press (clock, now));
  g_assert_cmpint (xq_clock_get_period (clock, XQ_RED), ==, 1);
  g_assert_cmpint (xq_clock_get_remaining (clock, XQ_RED, now), ==, 25 * MINUTE);
  g_assert_cmpint (xq_clock_get_moves_to_go (clock, XQ_RED), ==, 10);
  /* Black is still in the first period, its clock running. */
  g_assert_cmpint (xq_clock_get_side (clock), ==, XQ_BLACK);
  g_assert_cmpint (xq_clock_get_period (clock, XQ_BLACK), ==, 0);
  g_assert_cmpint (xq_clock_get_remaining (clock, XQ_BLACK, now + 30 * SEC), ==, 12 * MINUTE - 30 * SEC);

  /* Black thinks for 12 minutes on move 40: its flag falls, Black loses. */
  g_assert_false (xq_clock_check_flag (clock, now + 12 * MINUTE - 1, &loser));
  g_assert_true (xq_clock_check_flag (clock, now + 12 * MINUTE, &loser));
  g_assert_cmpint (loser, ==, XQ_BLACK);
  g_assert_cmpint (xq_clock_get_state (clock), ==, XQ_CLOCK_FLAGGED);
  g_assert_cmpint (xq_clock_get_remaining (clock, XQ_BLACK, now + 13 * MINUTE), ==, 0);
}

/* Game-site style (docs/rulings.md, section 6): each period starts afresh. */
static void
test_periods_fresh (void)
{
  XqTimeControl tc;
  g_autoptr(XqClock) clock = NULL;
  gint64 now = 0;
  XqColor loser;

  xq_time_control_init_periods (&tc, 2, 10, 3, 1);
  tc.carry_over = FALSE;
  clock = xq_clock_new (&tc);
  xq_clock_start (clock, XQ_RED, now);
  play (clock, 2, MINUTE, &now);
  /* 8 minutes were left of the first period; they are gone. */
  g_assert_cmpint (xq_clock_get_remaining (clock, XQ_RED, now), ==, 1 * MINUTE);
  g_assert_cmpint (xq_clock_get_period (clock, XQ_BLACK), ==, 1);
  /* Three moves in the minute, then the next minute: periods repeat. */
  play (clock, 3, 15 * SEC, &now);
  g_assert_cmpint (xq_clock_get_period (clock, XQ_RED), ==, 2);
  g_assert_cmpint (xq_clock_get_remaining (clock, XQ_RED, now), ==, 1 * MINUTE);
  /* Red plays two moves in 50 s, then needs a third within the last 10 s but
   * presses at exactly the end of the minute: too late. */
  now += 25 * SEC;
  g_assert_true (xq_clock_press (clock, now));   /* Red */
  now += 1 * SEC;
  g_assert_true (xq_clock_press (clock, now));   /* Black */
  now += 25 * SEC;
  g_assert_true (xq_clock_press (clock, now));   /* Red */
  now += 1 * SEC;
  g_assert_true (xq_clock_press (clock, now));   /* Black */
  g_assert_cmpint (xq_clock_get_moves_to_go (clock, XQ_RED), ==, 1);
  now += 10 * SEC;
  g_assert_false (xq_clock_press (clock, now));
  g_assert_true (xq_clock_check_flag (clock, now, &loser));
  g_assert_cmpint (loser, ==, XQ_RED);
  g_assert_cmpint (xq_clock_get_moves (clock, XQ_RED), ==, 7);
}

/* 6.5: the whole game in a fixed time, optionally with an increment. */
static void
test_sudden_death (void)
{
  XqTimeControl tc;
  g_autoptr(XqClock) clock = NULL;
  g_autoptr(XqClock) inc = NULL;
  gint64 now = 0;
  XqColor loser;

  xq_time_control_init_sudden_death (&tc, 5, 0);
  clock = xq_clock_new (&tc);
  xq_clock_start (clock, XQ_RED, now);
  g_assert_cmpint (xq_clock_get_moves_to_go (clock, XQ_RED), ==, 0);
  play (clock, 100, SEC, &now);
  /* No period ever ends: 100 s used of 300. */
  g_assert_cmpint (xq_clock_get_period (clock, XQ_RED), ==, 0);
  g_assert_cmpint (xq_clock_get_remaining (clock, XQ_RED, now), ==, 200 * SEC);
  g_assert_false (xq_clock_check_flag (clock, now + 199 * SEC, &loser));
  g_assert_true (xq_clock_check_flag (clock, now + 200 * SEC, &loser));
  g_assert_cmpint (loser, ==, XQ_RED);

  /* With 3 s a move, 2 s moves gain time. */
  xq_time_control_init_sudden_death (&tc, 1, 3);
  inc = xq_clock_new (&tc);
  now = 0;
  xq_clock_start (inc, XQ_RED, now);
  play (inc, 10, 2 * SEC, &now);
  g_assert_cmpint (xq_clock_get_remaining (inc, XQ_RED, now), ==, 70 * SEC);
  g_assert_cmpint (xq_clock_get_remaining (inc, XQ_BLACK, now), ==, 70 * SEC);
}

static void
test_increment_with_periods (void)
{
  XqTimeControl tc;
  g_autoptr(XqClock) clock = NULL;
  gint64 now = 0;

  xq_time_control_init_periods (&tc, 1, 1, 1, 1);
  tc.increment_ms = 5 * SEC;
  clock = xq_clock_new (&tc);
  xq_clock_start (clock, XQ_RED, now);
  play (clock, 1, 20 * SEC, &now);
  /* 40 s left + 60 s of the next period + 5 s increment. */
  g_assert_cmpint (xq_clock_get_remaining (clock, XQ_RED, now), ==, 105 * SEC);
}

static void
test_pause (void)
{
  XqTimeControl tc;
  g_autoptr(XqClock) clock = NULL;
  XqColor loser;

  xq_time_control_init_sudden_death (&tc, 1, 0);
  clock = xq_clock_new (&tc);
  xq_clock_start (clock, XQ_BLACK, 0);
  g_assert_cmpint (xq_clock_get_side (clock), ==, XQ_BLACK);
  xq_clock_pause (clock, 10 * SEC);
  g_assert_cmpint (xq_clock_get_state (clock), ==, XQ_CLOCK_STOPPED);
  /* An hour of pause costs nothing and no flag falls. */
  g_assert_false (xq_clock_check_flag (clock, 3600 * SEC, &loser));
  g_assert_cmpint (xq_clock_get_remaining (clock, XQ_BLACK, 3600 * SEC), ==, 50 * SEC);
  xq_clock_resume (clock, 3600 * SEC);
  g_assert_cmpint (xq_clock_get_remaining (clock, XQ_BLACK, 3610 * SEC), ==, 40 * SEC);
  /* Red's time never ran. */
  g_assert_cmpint (xq_clock_get_remaining (clock, XQ_RED, 3610 * SEC), ==, 60 * SEC);
  g_assert_true (xq_clock_check_flag (clock, 3650 * SEC, &loser));
  g_assert_cmpint (loser, ==, XQ_BLACK);
}

int
main (int argc, char **argv)
{
  xq_test_isolate_dirs ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/clock/presets", test_presets);
  g_test_add_func ("/core/clock/preset-6.5", test_preset_6_5);
  g_test_add_func ("/core/clock/validity", test_validity);
  g_test_add_func ("/core/clock/periods-carry-over", test_periods_carry_over);
  g_test_add_func ("/core/clock/periods-fresh", test_periods_fresh);
  g_test_add_func ("/core/clock/sudden-death", test_sudden_death);
  g_test_add_func ("/core/clock/increment-with-periods", test_increment_with_periods);
  g_test_add_func ("/core/clock/pause", test_pause);

  return g_test_run ();
}
