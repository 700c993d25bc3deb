/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-tables.h: precomputed geometry for move generation (core-internal). */
#pragma once

#include "xq-types.h"

G_BEGIN_DECLS

enum { XQ_DIR_N, XQ_DIR_S, XQ_DIR_E, XQ_DIR_W, XQ_N_DIRS };

typedef struct {
  gint8 to;
  gint8 block;  /* the horse leg or the elephant eye */
} XqStep;

typedef struct {
  /* Squares along each orthogonal ray, nearest first, -1 terminated. */
  gint8  ray[XQ_SQUARES][XQ_N_DIRS][10];
  /* Horse moves from a square: target and leg. */
  XqStep horse[XQ_SQUARES][9];
  /* Horses that could attack a square: their square and their leg. */
  XqStep horse_from[XQ_SQUARES][9];
  /* Elephant moves within the half of the board the square lies in. */
  XqStep elephant[XQ_SQUARES][5];
  /* Advisor and general moves within the palace the square lies in. */
  gint8  advisor[XQ_SQUARES][5];
  gint8  king[XQ_SQUARES][5];
  /* Soldier moves by colour. */
  gint8  pawn[2][XQ_SQUARES][4];
  /* Zobrist keys. */
  guint64 zobrist[16][XQ_SQUARES];
  guint64 zobrist_side;
  /* Points where each piece type of each colour may ever stand. */
  gboolean can_stand[16][XQ_SQUARES];
} XqTables;

const XqTables *xq_tables (void);

static inline gboolean
xq_in_palace (XqColor c, XqSquare sq)
{
  int f = xq_sq_file (sq), r = xq_sq_rank (sq);
  if (f < 3 || f > 5)
    return FALSE;
  return c == XQ_RED ? r <= 2 : r >= 7;
}

G_END_DECLS
