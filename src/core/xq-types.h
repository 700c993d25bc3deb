/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-types.h: the small value types every layer shares.
 *
 * Squares: sq = rank * 9 + file, file 0..8 = ICCS a..i (Red's left to Red's
 * right), rank 0..9 from Red's back rank to Black's back rank.  This is the
 * one coordinate system of the whole program; the renderer and the board
 * widget convert to pixels from it and nothing else.
 *
 * Pieces: (colour << 3) | type, so Red pieces are 1..7 and Black 9..15, and
 * 0 is an empty point.
 *
 * Moves: from | (to << 7) in 14 bits.  0 is "no move" (from == to == 0 can
 * never be a move).
 */
#pragma once

#include <glib.h>
#include <stdint.h>

G_BEGIN_DECLS

#define XQ_FILES   9
#define XQ_RANKS   10
#define XQ_SQUARES 90

typedef enum {
  XQ_RED   = 0,
  XQ_BLACK = 1,
} XqColor;

typedef enum {
  XQ_NO_TYPE  = 0,
  XQ_KING     = 1,
  XQ_ADVISOR  = 2,
  XQ_ELEPHANT = 3,
  XQ_HORSE    = 4,
  XQ_CHARIOT  = 5,
  XQ_CANNON   = 6,
  XQ_PAWN     = 7,
} XqPieceType;

#define XQ_N_TYPES 8

typedef uint8_t XqPiece;   /* (color << 3) | type; 0 = empty */
typedef int     XqSquare;  /* 0..89, or XQ_NO_SQUARE */
typedef uint16_t XqMove;   /* from | to << 7; 0 = none */

#define XQ_EMPTY      ((XqPiece) 0)
#define XQ_NO_SQUARE  (-1)
#define XQ_MOVE_NONE  ((XqMove) 0)

/* The most legal moves any xiangqi position can have is well below this
 * (the known maximum is in the low hundreds); movegen writes into a
 * caller-owned array of this size so the hot path never allocates. */
#define XQ_MAX_MOVES 256

static inline XqPiece     xq_piece_make (XqColor c, XqPieceType t) { return (XqPiece) ((c << 3) | t); }
static inline XqPieceType xq_piece_type (XqPiece p) { return (XqPieceType) (p & 7); }
static inline XqColor     xq_piece_color (XqPiece p) { return (XqColor) (p >> 3); }
static inline XqColor     xq_color_other (XqColor c) { return (XqColor) (c ^ 1); }

static inline int      xq_sq_file (XqSquare sq) { return sq % 9; }
static inline int      xq_sq_rank (XqSquare sq) { return sq / 9; }
static inline XqSquare xq_sq_make (int file, int rank) { return rank * 9 + file; }
static inline gboolean xq_sq_valid (int file, int rank) { return file >= 0 && file < 9 && rank >= 0 && rank < 10; }
/* The square seen from the other side of the board (a 180 degree turn). */
static inline XqSquare xq_sq_flip (XqSquare sq) { return 89 - sq; }

static inline XqMove   xq_move_make (XqSquare from, XqSquare to) { return (XqMove) (from | (to << 7)); }
static inline XqSquare xq_move_from (XqMove m) { return m & 127; }
static inline XqSquare xq_move_to (XqMove m) { return m >> 7; }

/* Has a piece of colour c on sq crossed the river into the enemy half? */
static inline gboolean
xq_sq_crossed (XqColor c, XqSquare sq)
{
  return c == XQ_RED ? xq_sq_rank (sq) >= 5 : xq_sq_rank (sq) <= 4;
}

G_END_DECLS
