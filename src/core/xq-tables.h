/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-tables.h: precomputed geometry for move generation and attacks
 * (core-internal; docs/attacks.md). */
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
  /* For a general on the square, as sets of points (xq_tables_in): the
   * points near it (xq_attacks_near_general) and those a horse's jump
   * from it (xq_attacks_horse_jump).  One bit test each instead of the
   * divisions by 9 of the tests themselves, in the hottest loops. */
  guint64 near[XQ_SQUARES][2];
  guint64 horse_jump[XQ_SQUARES][2];
  /* line[a][b]: the ray of a (XQ_DIR_*) that b lies on, -1 for none. */
  gint8   line[XQ_SQUARES][XQ_SQUARES];
} XqTables;

/* Built once, on first use.  xq_tables () is called in every move
 * generation and check test, so its usual path is inline: one load of the
 * pointer that xq_tables_build () publishes once the tables are whole. */
extern const XqTables *xq_tables_built;
const XqTables *xq_tables_build (void);

static inline const XqTables *
xq_tables (void)
{
  const XqTables *t = g_atomic_pointer_get (&xq_tables_built);

  return G_LIKELY (t != NULL) ? t : xq_tables_build ();
}

/* Is sq in the set (near, horse_jump)? */
static inline gboolean
xq_tables_in (const guint64 set[2], XqSquare sq)
{
  return (set[sq >> 6] >> (sq & 63)) & 1;
}

static inline gboolean
xq_in_palace (XqColor c, XqSquare sq)
{
  int f = xq_sq_file (sq), r = xq_sq_rank (sq);
  if (f < 3 || f > 5)
    return FALSE;
  return c == XQ_RED ? r <= 2 : r >= 7;
}

/* The one attack test of the program: the pieces of colour `by` that strike
 * sq the way a chariot, a cannon (over exactly one screen), a horse (leg
 * free) or a soldier captures.  Only these four can ever reach the other
 * side's general; the facing generals are a separate test.  What stands on
 * sq does not matter.  out holds XQ_ATTACKS_MAX_POINTS entries (xq-attacks.h:
 * enough even on a board no game can reach, with eight horses, three
 * soldiers and a chariot and a cannon on each line).  With out == NULL it
 * stops at the first and returns
 * 1: that form is the hot path of every legality test, so it is always
 * inlined and the stores fold away. */
G_ALWAYS_INLINE static inline int
xq_tables_fighters_on (const XqTables *t, const XqPiece *b, XqSquare sq, XqColor by,
                       XqSquare *out)
{
  const XqPiece chariot = xq_piece_make (by, XQ_CHARIOT);
  const XqPiece cannon = xq_piece_make (by, XQ_CANNON);
  const XqPiece horse = xq_piece_make (by, XQ_HORSE);
  const XqPiece pawn = xq_piece_make (by, XQ_PAWN);
  int n = 0;

#define XQ_FOUND(s) G_STMT_START { if (out == NULL) return 1; out[n++] = (s); } G_STMT_END
  /* Soldiers: one step forward from behind, or sideways once crossed. */
  if (by == XQ_RED)
    {
      if (sq >= 9 && b[sq - 9] == pawn)
        XQ_FOUND (sq - 9);
    }
  else
    {
      if (sq < 81 && b[sq + 9] == pawn)
        XQ_FOUND (sq + 9);
    }
  if (xq_sq_file (sq) > 0 && b[sq - 1] == pawn && xq_sq_crossed (by, sq - 1))
    XQ_FOUND (sq - 1);
  if (xq_sq_file (sq) < 8 && b[sq + 1] == pawn && xq_sq_crossed (by, sq + 1))
    XQ_FOUND (sq + 1);

  /* Horses, by the reverse table: the leg is the one next to the horse. */
  for (int i = 0; t->horse_from[sq][i].to >= 0; i++)
    if (b[t->horse_from[sq][i].to] == horse && b[t->horse_from[sq][i].block] == XQ_EMPTY)
      XQ_FOUND (t->horse_from[sq][i].to);

  for (int d = 0; d < XQ_N_DIRS; d++)
    {
      const gint8 *ray = t->ray[sq][d];
      int i = 0;

      while (ray[i] >= 0 && b[ray[i]] == XQ_EMPTY)
        i++;
      if (ray[i] < 0)
        continue;
      if (b[ray[i]] == chariot)
        XQ_FOUND (ray[i]);
      /* The first piece is a screen: a cannon behind it strikes. */
      i++;
      while (ray[i] >= 0 && b[ray[i]] == XQ_EMPTY)
        i++;
      if (ray[i] >= 0 && b[ray[i]] == cannon)
        XQ_FOUND (ray[i]);
    }
#undef XQ_FOUND
  return n;
}

G_END_DECLS
