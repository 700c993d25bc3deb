/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-scored-move.h: moves with an ordering score, for the searches
 * (core-internal). */
#pragma once

#include "xq-types.h"

typedef struct {
  XqMove move;
  int    score;
} XqScoredMove;

/* qsort order: best score first, then by move so the order (and with it
 * every search result) does not depend on the generator's order. */
static inline int
xq_scored_move_compare (const void *a, const void *b)
{
  const XqScoredMove *x = a, *y = b;

  if (x->score != y->score)
    return y->score - x->score;
  return (int) x->move - (int) y->move;
}
