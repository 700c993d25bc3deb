/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-mate-analysis.c: the work of each attacking piece in a finished kill
 * (docs/patterns.md, "What the pieces do"). */
#define G_LOG_DOMAIN "xq-mate"

#include "config.h"

#include <string.h>

#include "xq-mate-analysis.h"
#include "xq-attacks.h"
#include "xq-tables.h"

/* Is the general of def attacked by some piece of the other side other
 * than the one on `ignore`? */
static gboolean
attacked_but (const XqPosition *pos, XqColor def, XqSquare ignore)
{
  XqSquare who[XQ_ATTACKS_MAX_POINTS];
  int n = xq_attacks_on_general (pos->board, pos->king[def], xq_color_other (def), who);

  for (int i = 0; i < n; i++)
    if (who[i] != ignore)
      return TRUE;
  return FALSE;
}

/* Is the side to move without a legal move, once the attacks of the piece
 * on `ignore` (XQ_NO_SQUARE: none) no longer count, and in check exactly
 * when `checked` says?  With ignore the attacking general, its file is
 * open to the defender: the facing rule is the only attack it has there. */
static gboolean
still_dead (XqPosition *pos, XqSquare ignore, gboolean checked)
{
  XqMove moves[XQ_MAX_MOVES];
  int n;

  if (ignore == XQ_NO_SQUARE)
    return xq_position_in_check (pos, pos->side) == checked && !xq_position_has_legal_move (pos);
  if (attacked_but (pos, pos->side, ignore) != checked)
    return FALSE;
  n = xq_position_pseudo_moves (pos, moves);
  for (int i = 0; i < n; i++)
    {
      XqUndo u;
      gboolean safe;
      XqColor mover = pos->side;

      xq_position_do_move (pos, moves[i], &u);
      safe = !attacked_but (pos, mover, ignore);
      xq_position_undo_move (pos, moves[i], &u);
      if (safe)
        return FALSE;
    }
  return TRUE;
}

gboolean
xq_mate_analyse (const XqPosition *end, XqMateAnalysis *out)
{
  const XqTables *t = xq_tables ();
  XqPosition pos;
  XqPiece lifted[XQ_SQUARES];
  XqSquare who[XQ_ATTACKS_MAX_POINTS];
  gboolean checked;
  int n;

  g_return_val_if_fail (end != NULL && out != NULL, FALSE);
  memset (out, 0, sizeof *out);
  pos = *end;
  out->defender = pos.side;
  out->attacker = xq_color_other (pos.side);
  out->general = pos.king[out->defender];
  memcpy (out->board, pos.board, sizeof out->board);
  if (out->general == XQ_NO_SQUARE || pos.king[out->attacker] == XQ_NO_SQUARE ||
      xq_position_has_legal_move (&pos))
    {
      out->general = XQ_NO_SQUARE;
      return FALSE;
    }
  checked = xq_position_in_check (&pos, pos.side);
  out->checkmate = checked;
  out->stalemate = !checked;

  n = xq_attacks_on_general (pos.board, out->general, out->attacker, who);
  for (int i = 0; i < n && out->n_checkers < XQ_MATE_MAX_ATTACKERS; i++)
    {
      XqSquare screen[XQ_RANKS];

      out->checkers[out->n_checkers] = who[i];
      out->screens[out->n_checkers] =
        xq_piece_type (pos.board[who[i]]) == XQ_CANNON &&
            xq_attacks_between (pos.board, who[i], out->general, screen) == 1
          ? screen[0] : XQ_NO_SQUARE;
      out->n_checkers++;
    }

  for (int j = 0; t->king[out->general][j] >= 0 && j < XQ_MATE_MAX_FLIGHTS; j++)
    {
      XqSquare f = t->king[out->general][j];

      out->flights[out->n_flights] = f;
      if (pos.board[f] != XQ_EMPTY && xq_piece_color (pos.board[f]) == out->defender)
        out->own_blocked |= 1u << out->n_flights;
      out->n_flights++;
    }

  memcpy (lifted, pos.board, sizeof lifted);
  lifted[out->general] = XQ_EMPTY;
  for (XqSquare sq = 0; sq < XQ_SQUARES && out->n_attackers < XQ_MATE_MAX_ATTACKERS; sq++)
    {
      XqPiece p = pos.board[sq];
      int i = out->n_attackers;

      if (p == XQ_EMPTY || xq_piece_color (p) != out->attacker)
        continue;
      out->attackers[i] = sq;
      out->n_attackers++;
      for (int j = 0; j < out->n_flights; j++)
        {
          int m = xq_attacks_on_general (lifted, out->flights[j], out->attacker, who);

          for (int w = 0; w < m; w++)
            if (who[w] == sq)
              out->control[i] |= 1u << j;
        }
      if (!still_dead (&pos, sq, checked))
        out->power |= 1u << i;
      if (xq_piece_type (p) == XQ_KING)
        {
          /* A general cannot leave the board: its power is all it adds. */
          if (out->power & (1u << i))
            out->essential |= 1u << i;
        }
      else
        {
          XqPosition without = pos;

          xq_position_put (&without, sq, XQ_EMPTY);
          if (!still_dead (&without, XQ_NO_SQUARE, checked))
            out->essential |= 1u << i;
        }
    }
  return TRUE;
}

int
xq_mate_attacker_index (const XqMateAnalysis *a, XqSquare sq)
{
  g_return_val_if_fail (a != NULL, -1);
  for (int i = 0; i < a->n_attackers; i++)
    if (a->attackers[i] == sq)
      return i;
  return -1;
}

gboolean
xq_mate_is_checker (const XqMateAnalysis *a, XqSquare sq)
{
  g_return_val_if_fail (a != NULL, FALSE);
  for (int i = 0; i < a->n_checkers; i++)
    if (a->checkers[i] == sq)
      return TRUE;
  return FALSE;
}

guint8
xq_mate_sole_guard (const XqMateAnalysis *a, int i)
{
  guint8 others = a->own_blocked;

  g_return_val_if_fail (a != NULL && i >= 0 && i < a->n_attackers, 0);
  for (int o = 0; o < a->n_attackers; o++)
    if (o != i)
      others |= a->control[o];
  return a->control[i] & ~others;
}
