/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-attacks.c: attack geometry on top of the move tables, and the reasons
 * a move is illegal (docs/attacks.md). */
#define G_LOG_DOMAIN "xq-attacks"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "xq-attacks.h"
#include "xq-tables.h"

int
xq_attacks_between (const XqPiece *board, XqSquare a, XqSquare b, XqSquare *out)
{
  int step, n = 0;

  g_return_val_if_fail (board != NULL, -1);
  if (a < 0 || a >= XQ_SQUARES || b < 0 || b >= XQ_SQUARES || a == b)
    return -1;
  if (xq_sq_rank (a) == xq_sq_rank (b))
    step = b > a ? 1 : -1;
  else if (xq_sq_file (a) == xq_sq_file (b))
    step = b > a ? XQ_FILES : -XQ_FILES;
  else
    return -1;
  for (XqSquare s = a + step; s != b; s += step)
    if (board[s] != XQ_EMPTY)
      {
        if (out != NULL)
          out[n] = s;
        n++;
      }
  return n;
}

int
xq_attacks_on_general (const XqPiece *board, XqSquare sq, XqColor by, XqSquare *out)
{
  const XqTables *t = xq_tables ();
  int n;

  g_return_val_if_fail (board != NULL && out != NULL, 0);
  g_return_val_if_fail (sq >= 0 && sq < XQ_SQUARES, 0);

  n = xq_tables_fighters_on (t, board, sq, by, out);
  /* The facing rule: looking down the file towards its own side, the first
   * piece is the general of `by`. */
  if (xq_sq_crossed (by, sq))
    {
      const gint8 *ray = t->ray[sq][by == XQ_RED ? XQ_DIR_S : XQ_DIR_N];
      int i = 0;

      while (ray[i] >= 0 && board[ray[i]] == XQ_EMPTY)
        i++;
      if (ray[i] >= 0 && board[ray[i]] == xq_piece_make (by, XQ_KING))
        out[n++] = ray[i];
    }
  return n;
}

int
xq_attacks_blockers (const XqPiece *board, XqSquare from, XqSquare *out)
{
  const XqTables *t = xq_tables ();
  int n = 0;

  g_return_val_if_fail (board != NULL && out != NULL, 0);
  g_return_val_if_fail (from >= 0 && from < XQ_SQUARES, 0);

  switch (xq_piece_type (board[from]))
    {
    case XQ_HORSE:
      /* Two jumps share each leg: list a leg once. */
      for (int i = 0; t->horse[from][i].to >= 0; i++)
        {
          XqSquare leg = t->horse[from][i].block;
          gboolean seen = FALSE;

          for (int j = 0; j < n; j++)
            seen |= out[j] == leg;
          if (!seen && board[leg] != XQ_EMPTY)
            out[n++] = leg;
        }
      break;
    case XQ_ELEPHANT:
      for (int i = 0; t->elephant[from][i].to >= 0; i++)
        if (board[t->elephant[from][i].block] != XQ_EMPTY)
          out[n++] = t->elephant[from][i].block;
      break;
    case XQ_NO_TYPE:
    case XQ_KING:
    case XQ_ADVISOR:
    case XQ_CHARIOT:
    case XQ_CANNON:
    case XQ_PAWN:
    default:
      break;
    }
  return n;
}

/* ---- Getting out of check ------------------------------------------------ */

/* Is p strictly between a and b, on their rank or file? */
static gboolean
strictly_between (XqSquare a, XqSquare b, XqSquare p)
{
  int fa = xq_sq_file (a), ra = xq_sq_rank (a), fb = xq_sq_file (b), rb = xq_sq_rank (b);
  int fp = xq_sq_file (p), rp = xq_sq_rank (p);

  if (fa == fb && fp == fa)
    return rp > MIN (ra, rb) && rp < MAX (ra, rb);
  if (ra == rb && rp == ra)
    return fp > MIN (fa, fb) && fp < MAX (fa, fb);
  return FALSE;
}

guint
xq_attacks_escape (XqPosition *pos, XqMove m)
{
  const XqTables *t = xq_tables ();
  XqSquare checkers[XQ_ATTACKS_MAX_POINTS];
  XqSquare from = xq_move_from (m), to = xq_move_to (m), king;
  XqColor us;
  guint how = 0;
  int n;

  g_return_val_if_fail (pos != NULL, 0);
  us = pos->side;
  king = pos->king[us];
  if (king == XQ_NO_SQUARE || !xq_position_is_legal (pos, m))
    return 0;
  n = xq_attacks_on_general (pos->board, king, xq_color_other (us), checkers);
  if (n == 0)
    return 0;
  if (from == king)
    how |= XQ_ESCAPE_STEP;
  for (int i = 0; i < n; i++)
    {
      XqSquare c = checkers[i];
      XqSquare screens[XQ_RANKS];

      if (to == c)
        how |= XQ_ESCAPE_CAPTURE;
      if (from == king)
        continue;
      switch (xq_piece_type (pos->board[c]))
        {
        case XQ_CHARIOT:
        case XQ_KING:
          if (strictly_between (c, king, to))
            how |= XQ_ESCAPE_BLOCK;
          break;
        case XQ_CANNON:
          /* A second piece on the line is a block; the one screen leaving
           * the line takes the cannon's jump away. */
          if (strictly_between (c, king, to))
            how |= XQ_ESCAPE_BLOCK;
          else if (xq_attacks_between (pos->board, c, king, screens) == 1 && screens[0] == from)
            how |= XQ_ESCAPE_SCREEN;
          break;
        case XQ_HORSE:
          for (int j = 0; t->horse[c][j].to >= 0; j++)
            if (t->horse[c][j].to == king && t->horse[c][j].block == to)
              how |= XQ_ESCAPE_LEG;
          break;
        case XQ_NO_TYPE:
        case XQ_ADVISOR:
        case XQ_ELEPHANT:
        case XQ_PAWN:
        default:
          break;
        }
    }
  return how;
}

/* ---- Why a move is illegal ----------------------------------------------- */

static XqIllegalReason
answer (XqIllegal *out, XqIllegalReason reason)
{
  out->reason = reason;
  return reason;
}

static void
add_point (XqIllegal *out, XqSquare sq)
{
  if (out->n_points < XQ_ATTACKS_MAX_POINTS)
    out->points[out->n_points++] = sq;
}

/* The reasons that lie in the piece's own way of moving, or NONE when the
 * move is one the piece may make (its general aside). */
static XqIllegalReason
movement_reason (const XqPosition *pos, XqMove m, XqIllegal *out)
{
  const XqPiece *b = pos->board;
  XqSquare from = xq_move_from (m), to = xq_move_to (m);
  XqPiece p = b[from];
  XqColor c = xq_piece_color (p);
  int df = xq_sq_file (to) - xq_sq_file (from), dr = xq_sq_rank (to) - xq_sq_rank (from);
  int adf = abs (df), adr = abs (dr);
  int forward = c == XQ_RED ? dr : -dr;
  XqSquare in_way[XQ_RANKS];
  int n;

  if (b[to] != XQ_EMPTY && xq_piece_color (b[to]) == c)
    {
      add_point (out, to);
      return XQ_ILLEGAL_OWN_PIECE;
    }

  switch (xq_piece_type (p))
    {
    case XQ_KING:
      if (adf + adr != 1)
        return XQ_ILLEGAL_WRONG_WAY;
      if (!xq_in_palace (c, to))
        {
          add_point (out, to);
          return XQ_ILLEGAL_OUTSIDE_PALACE;
        }
      break;

    case XQ_ADVISOR:
      if (adf != 1 || adr != 1)
        return XQ_ILLEGAL_WRONG_WAY;
      if (!xq_in_palace (c, to))
        {
          add_point (out, to);
          return XQ_ILLEGAL_OUTSIDE_PALACE;
        }
      break;

    case XQ_ELEPHANT:
      if (adf != 2 || adr != 2)
        return XQ_ILLEGAL_WRONG_WAY;
      if (xq_sq_crossed (c, to))
        {
          add_point (out, to);
          return XQ_ILLEGAL_CROSSES_RIVER;
        }
      {
        XqSquare eye = xq_sq_make (xq_sq_file (from) + df / 2, xq_sq_rank (from) + dr / 2);

        if (b[eye] != XQ_EMPTY)
          {
            add_point (out, eye);
            return XQ_ILLEGAL_ELEPHANT_EYE;
          }
      }
      break;

    case XQ_HORSE:
      if (!((adf == 1 && adr == 2) || (adf == 2 && adr == 1)))
        return XQ_ILLEGAL_WRONG_WAY;
      {
        /* The leg is the point next to the horse on the long side. */
        XqSquare leg = adr == 2 ? xq_sq_make (xq_sq_file (from), xq_sq_rank (from) + dr / 2)
                                : xq_sq_make (xq_sq_file (from) + df / 2, xq_sq_rank (from));

        if (b[leg] != XQ_EMPTY)
          {
            add_point (out, leg);
            return XQ_ILLEGAL_HORSE_LEG;
          }
      }
      break;

    case XQ_CHARIOT:
      n = xq_attacks_between (b, from, to, in_way);
      if (n < 0)
        return XQ_ILLEGAL_WRONG_WAY;
      for (int i = 0; i < n; i++)
        add_point (out, in_way[i]);
      if (n > 0)
        return XQ_ILLEGAL_PIECES_IN_WAY;
      break;

    case XQ_CANNON:
      n = xq_attacks_between (b, from, to, in_way);
      if (n < 0)
        return XQ_ILLEGAL_WRONG_WAY;
      for (int i = 0; i < n; i++)
        add_point (out, in_way[i]);
      if (b[to] == XQ_EMPTY && n > 0)
        return XQ_ILLEGAL_PIECES_IN_WAY;
      if (b[to] != XQ_EMPTY && n == 0)
        return XQ_ILLEGAL_NO_SCREEN;
      if (b[to] != XQ_EMPTY && n > 1)
        return XQ_ILLEGAL_EXTRA_SCREEN;
      out->n_points = 0;
      break;

    case XQ_PAWN:
      if (forward < 0)
        return XQ_ILLEGAL_SOLDIER_BACKWARDS;
      if (adf + adr != 1)
        return XQ_ILLEGAL_WRONG_WAY;
      if (dr == 0 && !xq_sq_crossed (c, from))
        return XQ_ILLEGAL_SOLDIER_SIDEWAYS;
      break;

    case XQ_NO_TYPE:
    default:
      return XQ_ILLEGAL_WRONG_WAY;
    }
  /* The shape tests above follow the move tables; a piece standing where
   * no game can put it (an editor's board) may still have no such move. */
  if (!xq_position_is_pseudo_legal (pos, m))
    return XQ_ILLEGAL_WRONG_WAY;
  return XQ_ILLEGAL_NONE;
}

/* The reasons about the mover's own general, for a move its piece may
 * make: pos is played forward and back. */
static XqIllegalReason
safety_reason (XqPosition *pos, XqMove m, XqIllegal *out)
{
  XqSquare from = xq_move_from (m), to = xq_move_to (m);
  XqColor us = pos->side, them = xq_color_other (us);
  XqPieceType mover = xq_piece_type (pos->board[from]);
  gboolean was_in_check = xq_position_in_check (pos, us);
  XqSquare attackers[XQ_ATTACKS_MAX_POINTS];
  XqIllegalReason reason;
  XqUndo undo;
  int n;

  xq_position_do_move (pos, m, &undo);
  out->general = pos->king[us];
  if (xq_position_kings_facing (pos))
    {
      add_point (out, pos->king[them]);
      reason = XQ_ILLEGAL_GENERALS_FACE;
    }
  else
    {
      n = xq_tables_fighters_on (xq_tables (), pos->board, out->general, them, attackers);
      if (mover == XQ_KING)
        reason = XQ_ILLEGAL_INTO_CHECK;
      else if (was_in_check)
        reason = XQ_ILLEGAL_STILL_IN_CHECK;
      else
        {
          /* Not in check before, so the move itself opened the attack:
           * either the piece now stands as the one screen between a cannon
           * and its general, or it left a line (or a horse's leg) it was
           * shielding. */
          reason = XQ_ILLEGAL_PINNED;
          for (int i = 0; i < n; i++)
            {
              XqSquare in_way[XQ_RANKS];

              if (xq_piece_type (pos->board[attackers[i]]) == XQ_CANNON &&
                  xq_attacks_between (pos->board, attackers[i], out->general, in_way) == 1 &&
                  in_way[0] == to)
                {
                  reason = XQ_ILLEGAL_BECOMES_SCREEN;
                  add_point (out, attackers[i]);
                }
            }
        }
      if (reason != XQ_ILLEGAL_BECOMES_SCREEN)
        for (int i = 0; i < n; i++)
          add_point (out, attackers[i]);
      if (n == 0)
        reason = XQ_ILLEGAL_NONE;   /* cannot happen for an illegal move */
    }
  xq_position_undo_move (pos, m, &undo);
  return reason;
}

void
xq_attacks_after_capture (const XqPosition *pos, XqSquare sq, XqSquare capturer, XqPosition *out)
{
  XqPiece piece;
  XqColor c;

  g_return_if_fail (pos != NULL && out != NULL && sq >= 0 && sq < XQ_SQUARES);
  *out = *pos;
  piece = pos->board[sq];
  g_return_if_fail (piece != XQ_EMPTY);
  c = xq_piece_color (piece);
  if (capturer == XQ_NO_SQUARE)
    {
      /* The enemy piece's kind does not matter: every move onto sq takes
       * it off the board again. */
      xq_position_put (out, sq, xq_piece_make (xq_color_other (c), xq_piece_type (piece)));
      xq_position_set_side (out, c);
    }
  else
    {
      XqUndo u;

      g_return_if_fail (capturer >= 0 && capturer < XQ_SQUARES && pos->board[capturer] != XQ_EMPTY &&
                        xq_piece_color (pos->board[capturer]) != c);
      xq_position_set_side (out, xq_color_other (c));
      xq_position_do_move (out, xq_move_make (capturer, sq), &u);
    }
}

int
xq_attacks_defenders (const XqPosition *pos, XqSquare sq, XqSquare capturer, XqSquare *out)
{
  XqPosition p;
  XqMove moves[XQ_MAX_MOVES];
  int n, count = 0;

  g_return_val_if_fail (pos != NULL && out != NULL && sq >= 0 && sq < XQ_SQUARES, 0);
  g_return_val_if_fail (pos->board[sq] != XQ_EMPTY && xq_piece_type (pos->board[sq]) != XQ_KING, 0);
  xq_attacks_after_capture (pos, sq, capturer, &p);
  n = xq_position_legal_moves (&p, moves);
  for (int i = 0; i < n && count < XQ_ATTACKS_MAX_POINTS; i++)
    if (xq_move_to (moves[i]) == sq)
      out[count++] = xq_move_from (moves[i]);
  return count;
}

XqIllegalReason
xq_position_explain_illegal (XqPosition *pos, XqMove m, XqIllegal *out)
{
  XqSquare from = xq_move_from (m), to = xq_move_to (m);
  XqPiece p;
  XqIllegalReason reason;

  g_return_val_if_fail (pos != NULL && out != NULL, XQ_ILLEGAL_NOT_A_MOVE);

  memset (out, 0, sizeof *out);
  out->general = XQ_NO_SQUARE;
  if (from >= XQ_SQUARES || to >= XQ_SQUARES || from == to)
    return answer (out, XQ_ILLEGAL_NOT_A_MOVE);
  p = pos->board[from];
  if (p == XQ_EMPTY || xq_piece_color (p) != pos->side)
    {
      add_point (out, from);
      return answer (out, p == XQ_EMPTY ? XQ_ILLEGAL_NO_PIECE : XQ_ILLEGAL_NOT_YOUR_TURN);
    }
  reason = movement_reason (pos, m, out);
  if (reason != XQ_ILLEGAL_NONE)
    return answer (out, reason);
  out->n_points = 0;
  /* Without its general (a half-built board) a side has nothing to guard. */
  if (pos->king[pos->side] == XQ_NO_SQUARE || xq_position_is_legal (pos, m))
    return answer (out, XQ_ILLEGAL_NONE);
  return answer (out, safety_reason (pos, m, out));
}

const char *
xq_illegal_reason_id (XqIllegalReason reason)
{
  switch (reason)
    {
    case XQ_ILLEGAL_NONE:              return "none";
    case XQ_ILLEGAL_NOT_A_MOVE:        return "not-a-move";
    case XQ_ILLEGAL_NO_PIECE:          return "no-piece";
    case XQ_ILLEGAL_NOT_YOUR_TURN:     return "not-your-turn";
    case XQ_ILLEGAL_OWN_PIECE:         return "own-piece";
    case XQ_ILLEGAL_WRONG_WAY:         return "wrong-way";
    case XQ_ILLEGAL_OUTSIDE_PALACE:    return "outside-palace";
    case XQ_ILLEGAL_CROSSES_RIVER:     return "crosses-river";
    case XQ_ILLEGAL_HORSE_LEG:         return "horse-leg";
    case XQ_ILLEGAL_ELEPHANT_EYE:      return "elephant-eye";
    case XQ_ILLEGAL_PIECES_IN_WAY:     return "pieces-in-way";
    case XQ_ILLEGAL_NO_SCREEN:         return "no-screen";
    case XQ_ILLEGAL_EXTRA_SCREEN:      return "extra-screen";
    case XQ_ILLEGAL_SOLDIER_BACKWARDS: return "soldier-backwards";
    case XQ_ILLEGAL_SOLDIER_SIDEWAYS:  return "soldier-sideways";
    case XQ_ILLEGAL_GENERALS_FACE:     return "generals-face";
    case XQ_ILLEGAL_STILL_IN_CHECK:    return "still-in-check";
    case XQ_ILLEGAL_INTO_CHECK:        return "into-check";
    case XQ_ILLEGAL_PINNED:            return "pinned";
    case XQ_ILLEGAL_BECOMES_SCREEN:    return "becomes-screen";
    default:                           return "unknown";
    }
}
