/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The proof behind docs/bare-material.md, sets 1 and 3: every legal
 * placement of K + a A + b B (+ back-rank soldiers) against the same for
 * the other side, for a, b, c, d in 0..2, either side to move, generals not
 * facing, the side not to move not in check, and how many leave the side to
 * move without a legal move.  Not a test (the full run takes minutes); the
 * test suite repeats the small sets (/core/game/bare-material/...).
 *
 *   enumerate-bare-material RED_SOLDIERS BLACK_SOLDIERS
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "xq-position.h"

typedef struct {
  XqPiece         piece;
  const XqSquare *squares;
  int             n;
} Slot;

static Slot       slots[16];
static int        n_slots;
static XqPosition pos;
static long       placements, no_move;
static char       example[128];

static void
leaf (void)
{
  if (xq_position_kings_facing (&pos))
    return;
  for (int side = XQ_RED; side <= XQ_BLACK; side++)
    {
      xq_position_set_side (&pos, (XqColor) side);
      if (xq_position_in_check (&pos, xq_color_other ((XqColor) side)))
        continue;
      placements++;
      if (!xq_position_has_legal_move (&pos))
        {
          if (no_move++ == 0)
            {
              g_autofree char *fen = xq_position_to_fen (&pos);
              g_strlcpy (example, fen, sizeof example);
            }
        }
    }
}

/* Identical pieces (the same piece on the same point list as the slot
 * before) take increasing indices, so each set of points is placed once. */
static void
place (int i, int min_index)
{
  int start;

  if (i == n_slots)
    {
      leaf ();
      return;
    }
  start = i > 0 && slots[i].piece == slots[i - 1].piece ? min_index : 0;
  for (int k = start; k < slots[i].n; k++)
    {
      XqSquare sq = slots[i].squares[k];

      if (pos.board[sq] != XQ_EMPTY)
        continue;
      xq_position_put (&pos, sq, slots[i].piece);
      place (i + 1, k + 1);
      xq_position_put (&pos, sq, XQ_EMPTY);
    }
}

int
main (int argc, char **argv)
{
  static const int adv[5][2] = { { 3, 0 }, { 5, 0 }, { 4, 1 }, { 3, 2 }, { 5, 2 } };
  static const int ele[7][2] = { { 2, 0 }, { 6, 0 }, { 0, 2 }, { 4, 2 }, { 8, 2 }, { 2, 4 }, { 6, 4 } };
  XqSquare palace[2][9], advisor[2][5], elephant[2][7], back_rank[2][9];
  long total = 0, total_no_move = 0;
  int soldiers[2], n_sets = 0;

  if (argc != 3)
    {
      fprintf (stderr, "usage: %s RED_SOLDIERS BLACK_SOLDIERS (0..2 each)\n", argv[0]);
      return 2;
    }
  soldiers[XQ_RED] = atoi (argv[1]);
  soldiers[XQ_BLACK] = atoi (argv[2]);
  for (int c = 0; c < 2; c++)
    {
      int n = 0;
      for (int f = 3; f <= 5; f++)
        for (int r = 0; r < 3; r++)
          palace[c][n++] = xq_sq_make (f, c == XQ_RED ? r : 9 - r);
      for (int k = 0; k < 5; k++)
        advisor[c][k] = xq_sq_make (adv[k][0], c == XQ_RED ? adv[k][1] : 9 - adv[k][1]);
      for (int k = 0; k < 7; k++)
        elephant[c][k] = xq_sq_make (ele[k][0], c == XQ_RED ? ele[k][1] : 9 - ele[k][1]);
      /* A soldier's back rank is the other side's home rank. */
      for (int f = 0; f < 9; f++)
        back_rank[c][f] = xq_sq_make (f, c == XQ_RED ? 9 : 0);
    }

  for (int a = 0; a <= 2; a++)
    for (int b = 0; b <= 2; b++)
      for (int c = 0; c <= 2; c++)
        for (int d = 0; d <= 2; d++)
          {
            int count[2][2] = { { a, b }, { c, d } };

            n_slots = 0;
            for (int side = 0; side < 2; side++)
              {
                slots[n_slots++] = (Slot) { xq_piece_make ((XqColor) side, XQ_KING), palace[side], 9 };
                for (int k = 0; k < count[side][0]; k++)
                  slots[n_slots++] = (Slot) { xq_piece_make ((XqColor) side, XQ_ADVISOR), advisor[side], 5 };
                for (int k = 0; k < count[side][1]; k++)
                  slots[n_slots++] = (Slot) { xq_piece_make ((XqColor) side, XQ_ELEPHANT), elephant[side], 7 };
                for (int k = 0; k < soldiers[side]; k++)
                  slots[n_slots++] = (Slot) { xq_piece_make ((XqColor) side, XQ_PAWN), back_rank[side], 9 };
              }
            xq_position_clear (&pos);
            placements = no_move = 0;
            example[0] = '\0';
            place (0, 0);
            if (no_move > 0)
              printf ("K+%dA+%dB+%dP v K+%dA+%dB+%dP: %ld placements, %ld without a legal move, e.g. %s\n",
                      a, b, soldiers[XQ_RED], c, d, soldiers[XQ_BLACK], placements, no_move, example);
            total += placements;
            total_no_move += no_move;
            n_sets++;
          }
  printf ("back-rank soldiers: red %d, black %d: %d sets, %ld placements, %ld without a legal move\n",
          soldiers[XQ_RED], soldiers[XQ_BLACK], n_sets, total, total_no_move);
  return 0;
}
