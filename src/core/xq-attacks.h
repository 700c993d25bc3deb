/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-attacks.h: which pieces strike a point, what stands in a piece's way,
 * and why a move is illegal (docs/attacks.md).
 *
 * The one home of attack geometry: the legality test of xq-position, the
 * kill-pattern recognisers and the lesson layer's explanations all ask
 * these functions (which read the move tables of xq-tables), so no layer
 * above the core works out a horse's leg or a cannon's screen itself. */
#pragma once

#include "xq-position.h"

G_BEGIN_DECLS

/* Can a change on sq alter whether the general on k is attacked?  Only on
 * the general's file or rank (chariots, cannons and the facing rule look
 * along them) and on the four points diagonally next to it (the legs of
 * the horses that could strike it); a soldier's strike crosses no point.
 * The shortcuts of legality and of the solver rest on it (docs/solver.md). */
static inline gboolean
xq_attacks_near_general (XqSquare sq, XqSquare k)
{
  int df = xq_sq_file (sq) - xq_sq_file (k), dr = xq_sq_rank (sq) - xq_sq_rank (k);

  return df == 0 || dr == 0 || (df * df == 1 && dr * dr == 1);
}

/* Are a and b a horse's jump apart (leg aside)? */
static inline gboolean
xq_attacks_horse_jump (XqSquare a, XqSquare b)
{
  int df = xq_sq_file (a) - xq_sq_file (b), dr = xq_sq_rank (a) - xq_sq_rank (b);

  return (df * df == 1 && dr * dr == 4) || (df * df == 4 && dr * dr == 1);
}

/* Room enough for every answer of the functions below. */
#define XQ_ATTACKS_MAX_POINTS 24

/* The occupied points strictly between a and b on one rank or file, in
 * order from a, into out (XQ_RANKS entries; may be NULL to count only).
 * Returns their number, or -1 when a and b are equal or not on one line. */
int      xq_attacks_between     (const XqPiece *board, XqSquare a, XqSquare b, XqSquare *out);

/* Every piece of colour `by` that would attack a general standing on sq:
 * chariots, cannons over exactly one screen, horses with a free leg,
 * soldiers, and the general of `by` when the file between is open (the
 * facing rule; sq must lie in the other half).  What stands on sq does not
 * matter, so this also tells which pieces hold a flight point.  out holds
 * XQ_ATTACKS_MAX_POINTS entries; returns the count. */
int      xq_attacks_on_general  (const XqPiece *board, XqSquare sq, XqColor by, XqSquare *out);

/* The occupied horse legs or elephant eyes that stop some move of the piece
 * on `from` (0 for other pieces).  out holds 8 entries. */
int      xq_attacks_blockers    (const XqPiece *board, XqSquare from, XqSquare *out);

/* The pieces that defend (protect, 保護) the piece on sq: every piece of
 * its own side that could take back on sq with a legal move once an enemy
 * piece has captured there (docs/attacks.md, "Defenders").  With capturer
 * XQ_NO_SQUARE the question is asked of the board as it stands: an enemy
 * piece is put on sq in its place and nothing else moves (has it a root,
 * 有根?).  With capturer the point of an enemy piece that can capture on
 * sq, that capture is played first, so a screen it takes away, a line it
 * opens or a pin it ends all count.  Legal means legal: a pinned piece, a
 * general stepping onto an attacked point or onto the other general's open
 * file, and a piece that is the last one between the two generals do not
 * defend; a cannon defends over exactly one screen and the general only
 * inside its palace.  sq must hold a piece other than a general.  out
 * holds XQ_ATTACKS_MAX_POINTS entries; returns the count. */
int      xq_attacks_defenders   (const XqPosition *pos, XqSquare sq, XqSquare capturer, XqSquare *out);
/* The board xq_attacks_defenders asks: sq captured by the enemy piece on
 * capturer (or, with XQ_NO_SQUARE, an enemy piece put on sq), and the
 * side of the captured piece to move. */
void     xq_attacks_after_capture (const XqPosition *pos, XqSquare sq, XqSquare capturer, XqPosition *out);

/* How a legal move gets its side out of check (docs/attacks.md), as flags:
 * one move may do more than one (the general stepping onto the checker
 * both steps away and captures).  The pieces giving check are the ones
 * xq_attacks_on_general finds before the move. */
typedef enum {
  XQ_ESCAPE_CAPTURE = 1 << 0,  /* takes a piece that gives check */
  XQ_ESCAPE_STEP    = 1 << 1,  /* the general moves */
  XQ_ESCAPE_BLOCK   = 1 << 2,  /* a piece steps between the general and a chariot or cannon */
  XQ_ESCAPE_SCREEN  = 1 << 3,  /* the screen of a checking cannon leaves its line */
  XQ_ESCAPE_LEG     = 1 << 4,  /* a piece steps onto the leg of a checking horse */
} XqEscape;

/* The XqEscape flags of m for the side to move; 0 when that side is not in
 * check or m is not legal.  pos is used as scratch and restored. */
guint    xq_attacks_escape      (XqPosition *pos, XqMove m);

/* Why a move is not legal.  The points each reason comes with are listed
 * here and in docs/attacks.md. */
typedef enum {
  XQ_ILLEGAL_NONE,              /* the move is legal; no points */
  XQ_ILLEGAL_NOT_A_MOVE,        /* a point off the board, or from == to; no points */
  XQ_ILLEGAL_NO_PIECE,          /* nothing stands on from; points: from */
  XQ_ILLEGAL_NOT_YOUR_TURN,     /* the piece on from is the other side's; points: from */
  XQ_ILLEGAL_OWN_PIECE,         /* the mover's own piece stands on to; points: to */
  XQ_ILLEGAL_WRONG_WAY,         /* not the piece's way of moving (shape, length, direction); no points */
  XQ_ILLEGAL_OUTSIDE_PALACE,    /* a general or advisor would leave its palace; points: to */
  XQ_ILLEGAL_CROSSES_RIVER,     /* an elephant would cross the river; points: to */
  XQ_ILLEGAL_HORSE_LEG,         /* the horse's leg is occupied; points: the leg */
  XQ_ILLEGAL_ELEPHANT_EYE,      /* the elephant's eye is occupied; points: the eye */
  XQ_ILLEGAL_PIECES_IN_WAY,     /* a chariot, or a cannon not capturing, would pass pieces; points: them */
  XQ_ILLEGAL_NO_SCREEN,         /* a cannon would capture with nothing to jump; no points */
  XQ_ILLEGAL_EXTRA_SCREEN,      /* a cannon would capture over more than one piece; points: them */
  XQ_ILLEGAL_SOLDIER_BACKWARDS, /* a soldier would step back; no points */
  XQ_ILLEGAL_SOLDIER_SIDEWAYS,  /* a soldier would step sideways before crossing the river; no points */
  XQ_ILLEGAL_GENERALS_FACE,     /* the generals would face on an open file; points: the other general */
  XQ_ILLEGAL_STILL_IN_CHECK,    /* the mover was in check and still is; points: the checking pieces */
  XQ_ILLEGAL_INTO_CHECK,        /* the general would step onto an attacked point; points: the attackers */
  XQ_ILLEGAL_PINNED,            /* the piece shields its general and leaves the line; points: the attackers */
  XQ_ILLEGAL_BECOMES_SCREEN,    /* the piece would be the screen of a cannon aimed at its general; points: the cannons */
} XqIllegalReason;

typedef struct {
  XqIllegalReason reason;
  /* The reasons about check: where the mover's general stands after the
   * move (else XQ_NO_SQUARE). */
  XqSquare        general;
  int             n_points;
  XqSquare        points[XQ_ATTACKS_MAX_POINTS];
} XqIllegal;

/* Fills *out and returns out->reason (XQ_ILLEGAL_NONE for a legal move).
 * The first reason that applies, in the order of the enum: the piece's
 * own movement before its general's safety.  pos is used as scratch and
 * restored. */
XqIllegalReason xq_position_explain_illegal (XqPosition *pos, XqMove m, XqIllegal *out);

/* Stable ASCII id of a reason ("horse-leg"), for tools and tests. */
const char     *xq_illegal_reason_id        (XqIllegalReason reason);

G_END_DECLS
