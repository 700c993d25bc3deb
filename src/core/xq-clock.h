/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-clock.h: a two-faced game clock as pure logic.  The caller passes the
 * current time (in milliseconds, from any monotonic source) into every
 * call, so the logic never reads a real clock and tests are exact.
 *
 * Time controls follow the Chinese competition rules (第6條): a first
 * period of N moves in M minutes, then repeating periods of N' moves in M'
 * minutes (6.1–6.4, the presets below), or all moves in a fixed time (6.5).
 * Game sites use the same two periods with the second one repeating, each
 * period starting afresh.  A side that has not completed its moves when the
 * time of its period runs out loses (4.1.4). */
#pragma once

#include "xq-types.h"

G_BEGIN_DECLS

typedef struct {
  int    moves;     /* moves to complete in the period; 0 = all the rest of the game */
  gint64 time_ms;   /* time for the period */
} XqClockPeriod;

typedef struct {
  XqClockPeriod first;
  XqClockPeriod repeat;      /* every period after the first; unused if first.moves == 0 */
  gint64        increment_ms;  /* added after each completed move (0 = none) */
  /* TRUE: time left at the end of a period is kept (a mechanical clock);
   * FALSE: each period starts afresh with its own time (game sites). */
  gboolean      carry_over;
} XqTimeControl;

/* The competition rules' time controls 6.1 … 6.5 (6.5, a fixed total
 * time of any length, is also xq_time_control_init_sudden_death).  The names keep the clause
 * numbers. */
typedef enum {
  XQ_TIME_CONTROL_S0_6_1,   /* 40 moves in 90 min, then 10 in 15 min */
  XQ_TIME_CONTROL_S0_6_2,   /* 30 moves in 60 min, then 10 in 10 min */
  XQ_TIME_CONTROL_S0_6_3,   /* 40 moves in 10 min, then 30 in 5 min (rapid) */
  XQ_TIME_CONTROL_S0_6_4,   /* every 30 moves in 5 min (rapid) */
  XQ_TIME_CONTROL_S0_6_5,   /* the whole game in one total time; the time is the event's
                             * choice (init_preset gives the default below) */
} XqTimeControlPreset;

/* 6.5 names no time: this is what an event gets unless the teacher
 * chooses another. */
#define XQ_TIME_CONTROL_6_5_DEFAULT_MINUTES 30

void     xq_time_control_init_preset  (XqTimeControl *tc, XqTimeControlPreset preset);
/* N moves in M minutes, then N' moves in M' minutes, repeating. */
void     xq_time_control_init_periods (XqTimeControl *tc, int moves, int minutes,
                                       int repeat_moves, int repeat_minutes);
/* The whole game in a fixed time (6.5), with an optional increment. */
void     xq_time_control_init_sudden_death (XqTimeControl *tc, int minutes, int increment_seconds);
/* Does every period have time, and a period requiring moves a next one? */
gboolean xq_time_control_is_valid     (const XqTimeControl *tc);

typedef struct _XqClock XqClock;

typedef enum {
  XQ_CLOCK_STOPPED,   /* not started, or paused */
  XQ_CLOCK_RUNNING,
  XQ_CLOCK_FLAGGED,   /* a flag has fallen: the game is over on time */
} XqClockState;

XqClock     *xq_clock_new           (const XqTimeControl *tc);
void         xq_clock_free          (XqClock *clock);

/* Starts the face of `side` (the side to move) at `now`. */
void         xq_clock_start         (XqClock *clock, XqColor side, gint64 now);
/* The side to move has completed a move at `now`: its face stops, the
 * other one starts.  FALSE if its flag had already fallen: the move came
 * too late and does not count. */
gboolean     xq_clock_press         (XqClock *clock, gint64 now);
/* Stops and resumes the running face (an arbiter's pause, a dialog). */
void         xq_clock_pause         (XqClock *clock, gint64 now);
void         xq_clock_resume        (XqClock *clock, gint64 now);

/* Has a flag fallen by `now`?  If so the clock is FLAGGED from then on and
 * *loser says whose. */
gboolean     xq_clock_check_flag    (XqClock *clock, gint64 now, XqColor *loser);

XqClockState xq_clock_get_state     (const XqClock *clock);
XqColor      xq_clock_get_side      (const XqClock *clock);
/* Time left in the current period of `side` at `now` (never below 0). */
gint64       xq_clock_get_remaining (const XqClock *clock, XqColor side, gint64 now);
/* Moves `side` must still make in its current period (0 = no requirement). */
int          xq_clock_get_moves_to_go (const XqClock *clock, XqColor side);
/* 0 for the first period, 1 for the first repeat, … */
int          xq_clock_get_period    (const XqClock *clock, XqColor side);
int          xq_clock_get_moves     (const XqClock *clock, XqColor side);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqClock, xq_clock_free)

G_END_DECLS
