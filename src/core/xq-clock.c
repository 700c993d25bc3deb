/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-clock"

#include "config.h"

#include "xq-clock.h"

#define MINUTE_MS ((gint64) 60 * 1000)

struct _XqClock {
  XqTimeControl tc;
  XqClockState  state;
  XqColor       side;              /* whose face runs (or ran last) */
  gint64        since;             /* when that face last started */
  gint64        remaining[2];      /* at `since` for the running face */
  int           period[2];
  int           moves[2];          /* moves made in the whole game */
  int           period_moves[2];   /* moves made in the current period */
  XqColor       loser;
};

/* ---- Time controls -------------------------------------------------------- */

void
xq_time_control_init_periods (XqTimeControl *tc, int moves, int minutes,
                              int repeat_moves, int repeat_minutes)
{
  g_return_if_fail (tc != NULL);

  tc->first.moves = moves;
  tc->first.time_ms = minutes * MINUTE_MS;
  tc->repeat.moves = repeat_moves;
  tc->repeat.time_ms = repeat_minutes * MINUTE_MS;
  tc->increment_ms = 0;
  tc->carry_over = TRUE;
}

void
xq_time_control_init_sudden_death (XqTimeControl *tc, int minutes, int increment_seconds)
{
  g_return_if_fail (tc != NULL);

  xq_time_control_init_periods (tc, 0, minutes, 0, 0);
  tc->increment_ms = (gint64) increment_seconds * 1000;
}

void
xq_time_control_init_preset (XqTimeControl *tc, XqTimeControlPreset preset)
{
  switch (preset)
    {
    case XQ_TIME_CONTROL_S0_6_1:
      xq_time_control_init_periods (tc, 40, 90, 10, 15);
      break;
    case XQ_TIME_CONTROL_S0_6_2:
      xq_time_control_init_periods (tc, 30, 60, 10, 10);
      break;
    case XQ_TIME_CONTROL_S0_6_3:
      xq_time_control_init_periods (tc, 40, 10, 30, 5);
      break;
    case XQ_TIME_CONTROL_S0_6_4:
      xq_time_control_init_periods (tc, 30, 5, 30, 5);
      break;
    case XQ_TIME_CONTROL_S0_6_5:
      xq_time_control_init_sudden_death (tc, XQ_TIME_CONTROL_6_5_DEFAULT_MINUTES, 0);
      break;
    default:
      g_return_if_reached ();
    }
}

gboolean
xq_time_control_is_valid (const XqTimeControl *tc)
{
  g_return_val_if_fail (tc != NULL, FALSE);

  if (tc->first.time_ms <= 0 || tc->first.moves < 0 || tc->increment_ms < 0)
    return FALSE;
  /* After a period that asks for moves there must be another to play on in. */
  if (tc->first.moves > 0 && (tc->repeat.time_ms <= 0 || tc->repeat.moves < 0))
    return FALSE;
  return TRUE;
}

/* ---- The clock ---------------------------------------------------------------- */

XqClock *
xq_clock_new (const XqTimeControl *tc)
{
  XqClock *clock;

  g_return_val_if_fail (tc != NULL && xq_time_control_is_valid (tc), NULL);

  clock = g_new0 (XqClock, 1);
  clock->tc = *tc;
  clock->state = XQ_CLOCK_STOPPED;
  clock->side = XQ_RED;
  clock->remaining[XQ_RED] = clock->remaining[XQ_BLACK] = tc->first.time_ms;
  return clock;
}

void
xq_clock_free (XqClock *clock)
{
  g_free (clock);
}

static const XqClockPeriod *
current_period (const XqClock *clock, XqColor side)
{
  return clock->period[side] == 0 ? &clock->tc.first : &clock->tc.repeat;
}

/* The running face's time at now, without changing anything. */
static gint64
remaining_at (const XqClock *clock, XqColor side, gint64 now)
{
  if (clock->state == XQ_CLOCK_RUNNING && side == clock->side)
    return clock->remaining[side] - MAX (now - clock->since, 0);
  return clock->remaining[side];
}

static void
fall (XqClock *clock, XqColor side)
{
  clock->state = XQ_CLOCK_FLAGGED;
  clock->loser = side;
  clock->remaining[side] = 0;
}

void
xq_clock_start (XqClock *clock, XqColor side, gint64 now)
{
  g_return_if_fail (clock != NULL);
  g_return_if_fail (clock->state == XQ_CLOCK_STOPPED);

  clock->side = side;
  clock->since = now;
  clock->state = XQ_CLOCK_RUNNING;
}

gboolean
xq_clock_press (XqClock *clock, gint64 now)
{
  XqColor side;
  const XqClockPeriod *period;

  g_return_val_if_fail (clock != NULL, FALSE);
  g_return_val_if_fail (clock->state == XQ_CLOCK_RUNNING, FALSE);

  side = clock->side;
  clock->remaining[side] = remaining_at (clock, side, now);
  /* Time that has reached zero is a fallen flag, even if the move was
   * made in the same instant (4.1.4). */
  if (clock->remaining[side] <= 0)
    {
      fall (clock, side);
      return FALSE;
    }

  clock->moves[side]++;
  clock->period_moves[side]++;
  period = current_period (clock, side);
  if (period->moves > 0 && clock->period_moves[side] >= period->moves)
    {
      /* The moves of this period are done in time: on to the next one. */
      clock->period[side]++;
      clock->period_moves[side] = 0;
      if (clock->tc.carry_over)
        clock->remaining[side] += clock->tc.repeat.time_ms;
      else
        clock->remaining[side] = clock->tc.repeat.time_ms;
    }
  clock->remaining[side] += clock->tc.increment_ms;

  clock->side = xq_color_other (side);
  clock->since = now;
  return TRUE;
}

void
xq_clock_pause (XqClock *clock, gint64 now)
{
  g_return_if_fail (clock != NULL);

  if (clock->state != XQ_CLOCK_RUNNING)
    return;
  clock->remaining[clock->side] = remaining_at (clock, clock->side, now);
  if (clock->remaining[clock->side] <= 0)
    fall (clock, clock->side);
  else
    clock->state = XQ_CLOCK_STOPPED;
}

void
xq_clock_resume (XqClock *clock, gint64 now)
{
  g_return_if_fail (clock != NULL);

  if (clock->state != XQ_CLOCK_STOPPED)
    return;
  clock->since = now;
  clock->state = XQ_CLOCK_RUNNING;
}

gboolean
xq_clock_check_flag (XqClock *clock, gint64 now, XqColor *loser)
{
  g_return_val_if_fail (clock != NULL, FALSE);

  if (clock->state == XQ_CLOCK_RUNNING && remaining_at (clock, clock->side, now) <= 0)
    fall (clock, clock->side);
  if (clock->state != XQ_CLOCK_FLAGGED)
    return FALSE;
  if (loser != NULL)
    *loser = clock->loser;
  return TRUE;
}

XqClockState
xq_clock_get_state (const XqClock *clock)
{
  g_return_val_if_fail (clock != NULL, XQ_CLOCK_STOPPED);
  return clock->state;
}

XqColor
xq_clock_get_side (const XqClock *clock)
{
  g_return_val_if_fail (clock != NULL, XQ_RED);
  return clock->side;
}

gint64
xq_clock_get_remaining (const XqClock *clock, XqColor side, gint64 now)
{
  g_return_val_if_fail (clock != NULL, 0);
  return MAX (remaining_at (clock, side, now), 0);
}

int
xq_clock_get_moves_to_go (const XqClock *clock, XqColor side)
{
  const XqClockPeriod *period;

  g_return_val_if_fail (clock != NULL, 0);
  period = current_period (clock, side);
  return period->moves > 0 ? period->moves - clock->period_moves[side] : 0;
}

int
xq_clock_get_period (const XqClock *clock, XqColor side)
{
  g_return_val_if_fail (clock != NULL, 0);
  return clock->period[side];
}

int
xq_clock_get_moves (const XqClock *clock, XqColor side)
{
  g_return_val_if_fail (clock != NULL, 0);
  return clock->moves[side];
}
