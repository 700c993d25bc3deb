/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-variant-xiangqi.c: the full-board games whose pieces move exactly as in
 * xiangqi, 五虎棋 and 混合象棋 (docs/variants.md): their moves, check and
 * refusals come from the xiangqi move generator and referee, so the only
 * code of their own is what xiangqi does not have. */
#define G_LOG_DOMAIN "xq-variant"

#include "config.h"

#include "xq-variant-private.h"

void
xq_variant_xiangqi_actions (const XqVariantState *st, const XqVariantOptions *opts, int only_from, XqVariantGen *g)
{
  XqPosition pos;
  XqMove moves[XQ_MAX_MOVES];
  int n;

  xq_variant_to_position (st, &pos);
  n = xq_position_legal_moves (&pos, moves);
  for (int k = 0; k < n; k++)
    if (only_from < 0 || xq_move_from (moves[k]) == only_from)
      xq_variant_push (g, XQ_ACTION_MOVE, xq_move_from (moves[k]), xq_move_to (moves[k]));

  if (st->kind == XQ_VARIANT_MIXED)
    {
      XqPiece cannon = xq_piece_make (st->side, XQ_CANNON);
      int back = st->side == XQ_RED ? 9 : 0;
      if (pos.count[cannon] == 0 && !xq_position_in_check (&pos, st->side))
        for (int f = 0; f < 9; f++)
          {
            XqSquare sq = xq_sq_make (f, back);
            if (pos.board[sq] == xq_piece_make (st->side, XQ_PAWN) && (only_from < 0 || only_from == sq))
              xq_variant_push (g, XQ_ACTION_EXCHANGE, sq, sq);
          }
    }

  /* 五虎棋: Red's soldiers may move twice, or two of them once each.  The
   * first step must be legal on its own, must not give check and must not end
   * the game (docs/variants.md). */
  if (st->kind == XQ_VARIANT_WUHU && st->side == XQ_RED)
    {
      int first = g->n;
      for (int k = 0; k < n; k++)
        {
          XqMove m1 = moves[k];
          XqUndo u1;
          XqMove seconds[XQ_MAX_MOVES];
          int n2;

          if (xq_piece_type (pos.board[xq_move_from (m1)]) != XQ_PAWN)
            continue;
          if (only_from >= 0 && xq_move_from (m1) != only_from)
            continue;
          if (xq_position_gives_check (&pos, m1))
            continue;
          xq_position_do_move (&pos, m1, &u1);
          if (!xq_position_has_legal_move (&pos))
            {
              xq_position_undo_move (&pos, m1, &u1);
              continue;
            }
          xq_position_set_side (&pos, XQ_RED);
          n2 = xq_position_legal_moves (&pos, seconds);
          for (int j = 0; j < n2; j++)
            {
              XqMove m2 = seconds[j];
              gboolean dup = FALSE;
              if (xq_piece_type (pos.board[xq_move_from (m2)]) != XQ_PAWN)
                continue;
              /* Two soldiers once each in either order is one action. */
              for (int q = first; q < g->n; q++)
                if (g->out[q].from == xq_move_from (m2) && g->out[q].to == xq_move_to (m2)
                    && g->out[q].from2 == xq_move_from (m1) && g->out[q].to2 == xq_move_to (m1))
                  dup = TRUE;
              if (dup)
                continue;
              xq_variant_push (g, XQ_ACTION_DOUBLE, xq_move_from (m1), xq_move_to (m1));
              g->out[g->n - 1].from2 = (gint8) xq_move_from (m2);
              g->out[g->n - 1].to2 = (gint8) xq_move_to (m2);
            }
          xq_position_set_side (&pos, XQ_BLACK);
          xq_position_undo_move (&pos, m1, &u1);
        }
    }
  (void) opts;
}
