/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-tables"

#include <string.h>

#include "xq-attacks.h"
#include "xq-tables.h"

static XqTables tables;
const XqTables *xq_tables_built;

/* splitmix64: a fixed seed keeps Zobrist keys identical across runs, so
 * keys written in test expectations and logs stay meaningful. */
static guint64
next_random (guint64 *state)
{
  guint64 z = (*state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static gboolean
same_half (XqSquare a, XqSquare b)
{
  return (xq_sq_rank (a) <= 4) == (xq_sq_rank (b) <= 4);
}

static void
build_tables (XqTables *t)
{
  static const int dfile[4] = { 0, 0, 1, -1 };
  static const int drank[4] = { 1, -1, 0, 0 };
  guint64 seed = 0x5851F42D4C957F2Dull;

  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    {
      int f = xq_sq_file (sq), r = xq_sq_rank (sq);
      int n;

      for (int d = 0; d < XQ_N_DIRS; d++)
        {
          int k = 0;
          for (int ff = f + dfile[d], rr = r + drank[d]; xq_sq_valid (ff, rr); ff += dfile[d], rr += drank[d])
            t->ray[sq][d][k++] = (gint8) xq_sq_make (ff, rr);
          t->ray[sq][d][k] = -1;
        }

      /* Horse: the leg is the orthogonal neighbour in the direction of the
       * two-step component of the jump. */
      n = 0;
      for (int df = -2; df <= 2; df++)
        for (int dr = -2; dr <= 2; dr++)
          {
            if (df == 0 || dr == 0 || abs (df) == abs (dr))
              continue;
            if (!xq_sq_valid (f + df, r + dr))
              continue;
            int lf = abs (df) == 2 ? f + df / 2 : f;
            int lr = abs (dr) == 2 ? r + dr / 2 : r;
            t->horse[sq][n].to = (gint8) xq_sq_make (f + df, r + dr);
            t->horse[sq][n].block = (gint8) xq_sq_make (lf, lr);
            n++;
          }
      t->horse[sq][n].to = -1;

      /* Elephant: two diagonal steps, never across the river. */
      n = 0;
      for (int df = -2; df <= 2; df += 4)
        for (int dr = -2; dr <= 2; dr += 4)
          {
            if (!xq_sq_valid (f + df, r + dr))
              continue;
            XqSquare to = xq_sq_make (f + df, r + dr);
            if (!same_half (sq, to))
              continue;
            t->elephant[sq][n].to = (gint8) to;
            t->elephant[sq][n].block = (gint8) xq_sq_make (f + df / 2, r + dr / 2);
            n++;
          }
      t->elephant[sq][n].to = -1;

      /* Advisor and general stay inside the palace the square belongs to;
       * the advisor only on the palace diagonals, which on a 3x3 palace are
       * exactly the diagonal steps between palace points. */
      for (int c = 0; c < 2; c++)
        {
          if (!xq_in_palace ((XqColor) c, sq))
            continue;
          int na = 0, nk = 0;
          for (int df = -1; df <= 1; df++)
            for (int dr = -1; dr <= 1; dr++)
              {
                if ((df == 0 && dr == 0) || !xq_sq_valid (f + df, r + dr))
                  continue;
                XqSquare to = xq_sq_make (f + df, r + dr);
                if (!xq_in_palace ((XqColor) c, to))
                  continue;
                if (df != 0 && dr != 0)
                  {
                    /* Diagonals only run through the palace centre. */
                    int cf = 4, cr = c == XQ_RED ? 1 : 8;
                    if ((f == cf && r == cr) || (f + df == cf && r + dr == cr))
                      t->advisor[sq][na++] = (gint8) to;
                  }
                else
                  t->king[sq][nk++] = (gint8) to;
              }
          t->advisor[sq][na] = -1;
          t->king[sq][nk] = -1;
        }
      if (!xq_in_palace (XQ_RED, sq) && !xq_in_palace (XQ_BLACK, sq))
        {
          t->advisor[sq][0] = -1;
          t->king[sq][0] = -1;
        }

      /* Soldiers: forward always, sideways once across the river. */
      for (int c = 0; c < 2; c++)
        {
          int fwd = c == XQ_RED ? 1 : -1;
          n = 0;
          if (xq_sq_valid (f, r + fwd))
            t->pawn[c][sq][n++] = (gint8) xq_sq_make (f, r + fwd);
          if (xq_sq_crossed ((XqColor) c, sq))
            {
              if (f > 0)
                t->pawn[c][sq][n++] = (gint8) (sq - 1);
              if (f < 8)
                t->pawn[c][sq][n++] = (gint8) (sq + 1);
            }
          t->pawn[c][sq][n] = -1;
        }
    }

  /* Reverse horse table: a horse on `from` attacks `sq` when the leg next
   * to the horse (not next to the target) is empty. */
  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    {
      int n = 0;
      for (XqSquare from = 0; from < XQ_SQUARES; from++)
        for (int i = 0; t->horse[from][i].to >= 0; i++)
          if (t->horse[from][i].to == sq)
            {
              t->horse_from[sq][n].to = (gint8) from;
              t->horse_from[sq][n].block = t->horse[from][i].block;
              n++;
            }
      t->horse_from[sq][n].to = -1;
    }

  for (int p = 0; p < 16; p++)
    for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
      t->zobrist[p][sq] = next_random (&seed);
  t->zobrist_side = next_random (&seed);

  /* Where each piece may ever stand, for FEN validation. */
  for (int c = 0; c < 2; c++)
    for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
      {
        int f = xq_sq_file (sq), r = xq_sq_rank (sq);
        int rr = c == XQ_RED ? r : 9 - r;   /* rank from own side */
        gboolean own_half = rr <= 4;
        t->can_stand[xq_piece_make (c, XQ_KING)][sq] = xq_in_palace ((XqColor) c, sq);
        t->can_stand[xq_piece_make (c, XQ_ADVISOR)][sq] =
          xq_in_palace ((XqColor) c, sq) && ((f == 4) == (rr == 1));
        t->can_stand[xq_piece_make (c, XQ_ELEPHANT)][sq] =
          own_half && (rr % 2 == 0) && ((rr == 2) ? f % 4 == 0 : f == 2 || f == 6);
        t->can_stand[xq_piece_make (c, XQ_PAWN)][sq] =
          rr >= 5 || ((rr == 3 || rr == 4) && f % 2 == 0);
        t->can_stand[xq_piece_make (c, XQ_HORSE)][sq] = TRUE;
        t->can_stand[xq_piece_make (c, XQ_CHARIOT)][sq] = TRUE;
        t->can_stand[xq_piece_make (c, XQ_CANNON)][sq] = TRUE;
      }

  memset (t->line, -1, sizeof t->line);
  for (XqSquare a = 0; a < XQ_SQUARES; a++)
    for (int d = 0; d < XQ_N_DIRS; d++)
      for (int i = 0; t->ray[a][d][i] >= 0; i++)
        t->line[a][t->ray[a][d][i]] = (gint8) d;

  for (XqSquare k = 0; k < XQ_SQUARES; k++)
    for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
      {
        if (xq_attacks_near_general (sq, k))
          t->near[k][sq >> 6] |= G_GUINT64_CONSTANT (1) << (sq & 63);
        if (xq_attacks_horse_jump (sq, k))
          t->horse_jump[k][sq >> 6] |= G_GUINT64_CONSTANT (1) << (sq & 63);
      }
}

const XqTables *
xq_tables_build (void)
{
  static gsize initialized = 0;

  if (g_once_init_enter (&initialized))
    {
      build_tables (&tables);
      g_atomic_pointer_set (&xq_tables_built, &tables);
      g_once_init_leave (&initialized, 1);
    }
  return &tables;
}
