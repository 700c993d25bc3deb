/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-position.h: a xiangqi position, FEN, legal moves, check and game end. */
#pragma once

#include "xq-types.h"

G_BEGIN_DECLS

#define XQ_START_FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

#define XQ_POSITION_ERROR (xq_position_error_quark ())
GQuark xq_position_error_quark (void);

/* One code per reason a FEN or a position is refused, so callers (the
 * position editor, the lesson validator) can react to each. */
typedef enum {
  XQ_POSITION_ERROR_SYNTAX,          /* the FEN text itself is malformed */
  XQ_POSITION_ERROR_KING_COUNT,      /* a side without exactly one general */
  XQ_POSITION_ERROR_KING_PALACE,     /* a general outside its palace */
  XQ_POSITION_ERROR_ADVISOR_POINT,   /* an advisor off its five points */
  XQ_POSITION_ERROR_ELEPHANT_POINT,  /* an elephant off its seven points */
  XQ_POSITION_ERROR_PAWN_POINT,      /* a soldier behind its starting rank */
  XQ_POSITION_ERROR_TOO_MANY,        /* more pieces of a kind than a set holds */
  XQ_POSITION_ERROR_FACING_KINGS,    /* generals face each other on an open file */
  XQ_POSITION_ERROR_OPPONENT_IN_CHECK, /* the side not to move is in check */
} XqPositionError;

typedef struct {
  XqPiece  board[XQ_SQUARES];
  XqColor  side;               /* side to move */
  XqSquare king[2];            /* XQ_NO_SQUARE while a general is missing (editor) */
  int      halfmove;           /* plies since the last capture (FEN field 5) */
  int      fullmove;           /* FEN field 6, starts at 1 */
  guint64  key;                /* Zobrist key of board + side to move */
  guint8   count[16];          /* pieces on the board, indexed by XqPiece */
} XqPosition;

/* Everything do_move destroys, kept by the caller so undo is exact. */
typedef struct {
  XqPiece captured;
  int     halfmove;
  int     fullmove;
  guint64 key;
} XqUndo;

typedef enum {
  XQ_STATUS_ONGOING,
  XQ_STATUS_CHECK,
  XQ_STATUS_CHECKMATE,   /* side to move is in check and has no move: it loses */
  XQ_STATUS_STALEMATE,   /* side to move is not in check and has no move: it loses too (困斃) */
} XqStatus;

/* ---- Setting up ---------------------------------------------------------- */

void      xq_position_clear        (XqPosition *pos);
void      xq_position_init_start   (XqPosition *pos);
/* Parses and validates; on failure pos is left unchanged. */
gboolean  xq_position_set_fen      (XqPosition *pos, const char *fen, GError **error);
/* Parses without the legality checks (for editors showing a half-built board). */
gboolean  xq_position_set_fen_unchecked (XqPosition *pos, const char *fen, GError **error);
char     *xq_position_to_fen       (const XqPosition *pos);
/* The legality checks of set_fen on their own, reasons in XQ_POSITION_ERROR. */
gboolean  xq_position_validate     (const XqPosition *pos, GError **error);
void      xq_position_put          (XqPosition *pos, XqSquare sq, XqPiece piece);
void      xq_position_set_side     (XqPosition *pos, XqColor side);
/* Debug check that the cached fields agree with the board. */
gboolean  xq_position_is_consistent (const XqPosition *pos);

/* ---- Attacks and check --------------------------------------------------- */

/* Is the general of colour c attacked, counting the facing-generals rule. */
gboolean  xq_position_in_check     (const XqPosition *pos, XqColor c);
gboolean  xq_position_kings_facing (const XqPosition *pos);
/* The points of the pieces that give check to the general of colour c
 * (the other general too, when the two face each other on an open file),
 * into out (XQ_ATTACKS_MAX_POINTS entries, xq-attacks.h); returns their
 * number, 0 when c is not in check. */
int       xq_position_checkers     (const XqPosition *pos, XqColor c, XqSquare *out);

/* ---- Moves --------------------------------------------------------------- */

/* Moves that obey each piece's movement, ignoring the mover's own general.
 * out must hold XQ_MAX_MOVES entries; returns the count. */
int       xq_position_pseudo_moves (const XqPosition *pos, XqMove *out);
/* Legal moves.  pos is used as scratch and restored before returning. */
int       xq_position_legal_moves  (XqPosition *pos, XqMove *out);
/* Legal moves of the piece on `from` only. */
int       xq_position_legal_moves_from (XqPosition *pos, XqSquare from, XqMove *out);
gboolean  xq_position_is_pseudo_legal (const XqPosition *pos, XqMove m);
gboolean  xq_position_is_legal     (XqPosition *pos, XqMove m);
gboolean  xq_position_has_legal_move (XqPosition *pos);
/* Does the move put the opponent in check? */
gboolean  xq_position_gives_check  (XqPosition *pos, XqMove m);
/* For searches that test many moves of one position.  A pseudo-legal move
 * m (from xq_position_pseudo_moves) is legal: in_check must be
 * xq_position_in_check (pos, pos->side), computed once for all of them. */
gboolean  xq_position_pseudo_is_legal (XqPosition *pos, XqMove m, gboolean in_check);
/* FALSE when the legal move m surely gives no check: it neither leaves nor
 * enters a line or diagonal neighbour of the other general, nor is a horse
 * landing a horse's jump from it.  TRUE means "test it". */
gboolean  xq_position_move_may_check (const XqPosition *pos, XqMove m);

void      xq_position_do_move      (XqPosition *pos, XqMove m, XqUndo *undo);
void      xq_position_undo_move    (XqPosition *pos, XqMove m, const XqUndo *undo);
/* Plays moves[0..n) on pos, each checked first; FALSE at the first
 * illegal one (pos then stands after the legal ones before it). */
gboolean  xq_position_play_line    (XqPosition *pos, const XqMove *moves, int n);
/* Passes the turn (for threat detection); undo with undo_null. */
void      xq_position_do_null      (XqPosition *pos, XqUndo *undo);
void      xq_position_undo_null    (XqPosition *pos, const XqUndo *undo);

XqStatus  xq_position_status       (XqPosition *pos);
/* TRUE if the side NOT to move, were it its turn, could checkmate at once
 * (a puzzle's "the defender threatens mate in one").  FALSE when the side to
 * move is in check: the turn cannot be passed then. */
gboolean  xq_position_threatens_mate (const XqPosition *pos);

/* ---- Perft --------------------------------------------------------------- */

guint64   xq_position_perft        (XqPosition *pos, int depth);

/* ---- Names --------------------------------------------------------------- */

/* ICCS text of a move ("h2e2") into buf (at least 5 bytes). */
void      xq_move_to_iccs          (XqMove m, char buf[5]);
/* Parses "h2e2" (also "H2-E2"); XQ_MOVE_NONE if malformed. No legality test. */
XqMove    xq_move_from_iccs        (const char *text);
/* "e3" into buf (at least 3 bytes). */
void      xq_square_to_text        (XqSquare sq, char buf[3]);
XqSquare  xq_square_from_text      (const char *text);
/* FEN letter of a piece (Red upper case). */
char      xq_piece_to_fen_char     (XqPiece p);
/* Names for messages ("chariot"), translated through gettext. */
const char *xq_piece_type_name     (XqPieceType t);
const char *xq_color_name          (XqColor c);

G_END_DECLS
