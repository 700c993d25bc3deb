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

/* The first legal move of ex's position that the checker calls right
 * (want TRUE) or wrong (want FALSE; a wrong move, never an illegal one),
 * found by trying them all; XQ_MOVE_NONE when there is none. */
static inline XqMove
checked_move (const XqExercise *ex, gboolean want)
{
  XqPosition pos = ex->position;
  XqMove moves[XQ_MAX_MOVES];
  int n = xq_position_legal_moves (&pos, moves);

  for (int i = 0; i < n; i++)
    {
      XqAnswer a = { .moves = &moves[i], .n_moves = 1 };
      g_autoptr(XqVerdict) v = xq_exercise_check (ex, &a);

      if ((v->kind == XQ_VERDICT_CORRECT) == want && v->kind != XQ_VERDICT_ILLEGAL)
        return moves[i];
    }
  return XQ_MOVE_NONE;
}
