/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-test-kinds.h: what an exercise's kind computed, read through the
 * generic interface (xq-kind.h), for the tests that check a loaded file. */
#pragma once

#include "xq-kind.h"

static inline XqAnswer
answer_of (const XqExercise *ex)
{
  XqAnswer answer;

  xq_exercise_answer (ex, &answer);
  return answer;
}

/* Is sq one of the points the kind computed (tap: the answer; stars: the stars)? */
static inline gboolean
is_answer_point (const XqExercise *ex, XqSquare sq)
{
  XqAnswer answer = answer_of (ex);

  for (int i = 0; i < answer.n_points; i++)
    if (answer.points[i] == sq)
      return TRUE;
  return FALSE;
}
