/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-engine-eval.c: the computer opponent's evaluation (docs/engine.md,
 * "Evaluation"), apart from its search in xq-engine.c. */
#include "config.h"

#include "xq-engine.h"
#include "xq-engine-eval.h"

#include "xq-attacks.h"
#include "xq-material.h"
#include "xq-tables.h"

/* ---- Evaluation ---------------------------------------------------------- */

/* Material is the children's table (xq-material.h), scaled from tenths of
 * a point to the engine's hundredths of a soldier; only the piece-square
 * bonus below is the engine's own. */
int
xq_engine_value_of (XqPiece p, XqSquare sq)
{
  return 10 * xq_material_type_value (xq_piece_type (p), xq_sq_crossed (xq_piece_color (p), sq));
}

/* Piece-square bonus from the owner's side of the board. */
static int
placement (XqPiece p, XqSquare sq)
{
  XqColor c = xq_piece_color (p);
  int file = xq_sq_file (sq);
  int rank = c == XQ_RED ? xq_sq_rank (sq) : 9 - xq_sq_rank (sq);
  int centre = 4 - abs (file - 4);

  switch (xq_piece_type (p))
    {
    case XQ_PAWN:
      if (rank < 5)
        return 0;
      /* A soldier near the palace threatens; one on the last rank is spent. */
      if (rank == 9)
        return -20;
      return 6 * (rank - 5) + (file >= 3 && file <= 5 ? 15 : 0);
    case XQ_HORSE:
      return 4 * centre + 3 * MIN (rank, 7) - (rank == 0 ? 15 : 0);
    case XQ_CHARIOT:
      return 2 * MIN (rank, 7) + centre;
    case XQ_CANNON:
      return (file == 4 && rank <= 4 ? 12 : 0) + centre;
    case XQ_KING:
      return rank == 0 ? 6 : 0;
    case XQ_NO_TYPE:
    case XQ_ADVISOR:
    case XQ_ELEPHANT:
    default:
      return 0;
    }
}

/* Material and placement of every piece on every point, once. */
static int pst[16][XQ_SQUARES];

static void
init_pst (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      for (int p = 0; p < 16; p++)
        for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
          pst[p][sq] = xq_piece_type ((XqPiece) p) == XQ_NO_TYPE
                       ? 0 : xq_engine_value_of ((XqPiece) p, sq) + placement ((XqPiece) p, sq);
      g_once_init_leave (&done, 1);
    }
}

/* The engine's own refinements over material and placement, for Tiger's
 * and Dragon's sake (the children's table stays the one in xq-material.c): a horse or chariot is worth more the more points it
 * reaches (a horse with its legs blocked is a poor piece), a cannon aimed
 * at the general threatens (most of all with nothing between, 空頭炮),
 * cannons are stronger and horses weaker while the board is full, and a
 * general that has lost advisors or elephants suffers the more attackers
 * stand in its half. */
#define HORSE_STEP      7    /* a point a horse can reach */
#define CHARIOT_STEP    3    /* a point a chariot can reach */
#define CANNON_AIMED   25    /* a cannon on the general's file over one screen */
#define CANNON_EMPTY   70    /* ... with nothing between (the general must be shielded) */
#define PHASE_SHIFT     4    /* per big piece above six: cannon up, horse down */
#define GUARD_MISSING  12    /* per missing advisor or elephant per attacker */

int
xq_engine_evaluate (const XqPosition *pos)
{
  int score[2] = { 0, 0 };

  g_return_val_if_fail (pos != NULL, 0);
  init_pst ();
  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    if (pos->board[sq] != XQ_EMPTY)
      score[xq_piece_color (pos->board[sq])] += pst[pos->board[sq]][sq];
  return score[pos->side] - score[xq_color_other (pos->side)];
}

int
xq_engine_evaluate_deep (const XqPosition *pos)
{
  const XqTables *t;
  const XqPiece *b;
  int score[2] = { 0, 0 }, attackers[2] = { 0, 0 }, big = 0;

  g_return_val_if_fail (pos != NULL, 0);
  init_pst ();
  t = xq_tables ();
  b = pos->board;
  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    {
      XqPiece p = b[sq];
      XqColor c;
      XqSquare k;

      if (p == XQ_EMPTY)
        continue;
      c = xq_piece_color (p);
      score[c] += pst[p][sq];
      k = pos->king[xq_color_other (c)];
      switch (xq_piece_type (p))
        {
        case XQ_HORSE:
          big++;
          for (int i = 0; t->horse[sq][i].to >= 0; i++)
            {
              XqPiece on = b[t->horse[sq][i].to];

              if (b[t->horse[sq][i].block] == XQ_EMPTY && (on == XQ_EMPTY || xq_piece_color (on) != c))
                score[c] += HORSE_STEP;
            }
          attackers[c] += xq_sq_crossed (c, sq);
          break;
        case XQ_CHARIOT:
          big++;
          for (int d = 0; d < XQ_N_DIRS; d++)
            {
              const gint8 *ray = t->ray[sq][d];
              int i = 0;

              while (ray[i] >= 0 && b[ray[i]] == XQ_EMPTY)
                i++;
              score[c] += CHARIOT_STEP * i;
            }
          attackers[c] += xq_sq_crossed (c, sq) || (k != XQ_NO_SQUARE && xq_sq_file (k) == xq_sq_file (sq));
          break;
        case XQ_CANNON:
          big++;
          if (k != XQ_NO_SQUARE && xq_sq_file (k) == xq_sq_file (sq))
            {
              int n = xq_attacks_between (b, sq, k, NULL);

              score[c] += n == 0 ? CANNON_EMPTY : n == 1 ? CANNON_AIMED : 0;
              attackers[c]++;
            }
          else
            attackers[c] += xq_sq_crossed (c, sq);
          break;
        case XQ_PAWN:
          if (k != XQ_NO_SQUARE && abs (xq_sq_file (sq) - xq_sq_file (k)) <= 1 &&
              abs (xq_sq_rank (sq) - xq_sq_rank (k)) <= 2)
            attackers[c]++;
          break;
        case XQ_NO_TYPE:
        case XQ_KING:
        case XQ_ADVISOR:
        case XQ_ELEPHANT:
        default:
          break;
        }
    }

  for (int c = 0; c < 2; c++)
    {
      int shift = PHASE_SHIFT * (big - 6);
      int missing = 4 - pos->count[xq_piece_make (c, XQ_ADVISOR)] - pos->count[xq_piece_make (c, XQ_ELEPHANT)];

      score[c] += shift * (pos->count[xq_piece_make (c, XQ_CANNON)] - pos->count[xq_piece_make (c, XQ_HORSE)]);
      score[c] -= GUARD_MISSING * missing * attackers[1 - c];
    }
  return score[pos->side] - score[xq_color_other (pos->side)];
}

