/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-pgn.h: WXF PGN game records — tags, a start position, the moves and
 * the comments around them — read from text and written back.
 *
 * A record is plain data: it knows nothing of clocks, undo or the referee
 * (that is XqGame's job); it only guarantees that every move in it is
 * legal, in order, from its start position. */
#pragma once

#include "xq-notation.h"

G_BEGIN_DECLS

#define XQ_PGN_ERROR (xq_pgn_error_quark ())
GQuark xq_pgn_error_quark (void);

/* Messages of errors found while reading start with "LINE:COLUMN: " (and
 * "FILE:" before that when read from a file). */
typedef enum {
  XQ_PGN_ERROR_SYNTAX,      /* a malformed tag, comment or token */
  XQ_PGN_ERROR_BAD_FEN,     /* the FEN tag is not a valid position */
  XQ_PGN_ERROR_BAD_MOVE,    /* a move that cannot be read, is illegal or ambiguous */
  XQ_PGN_ERROR_TRAILING,    /* text after the result of the game */
} XqPgnError;

typedef enum {
  XQ_PGN_RESULT_UNKNOWN,    /* "*": unfinished or unknown */
  XQ_PGN_RESULT_RED_WINS,   /* "1-0" */
  XQ_PGN_RESULT_BLACK_WINS, /* "0-1" */
  XQ_PGN_RESULT_DRAW,       /* "1/2-1/2" */
} XqPgnResult;

typedef struct _XqPgnRecord XqPgnRecord;

/* An empty record: the standard start position, no tags, no moves. */
XqPgnRecord *xq_pgn_record_new        (void);
XqPgnRecord *xq_pgn_record_copy       (const XqPgnRecord *rec);
void         xq_pgn_record_free       (XqPgnRecord *rec);
/* Same tags in the same order, start, moves, comments and result. */
gboolean     xq_pgn_record_equal      (const XqPgnRecord *a, const XqPgnRecord *b);

/* ---- Tags (kept in file order) ------------------------------------------ */

guint        xq_pgn_record_get_n_tags     (const XqPgnRecord *rec);
const char  *xq_pgn_record_get_tag_name   (const XqPgnRecord *rec, guint i);
const char  *xq_pgn_record_get_tag_value  (const XqPgnRecord *rec, guint i);
/* The value of the tag called name, or NULL. */
const char  *xq_pgn_record_get_tag        (const XqPgnRecord *rec, const char *name);
/* Replaces the value in place or appends the tag.  The FEN tag belongs to
 * xq_pgn_record_set_start and cannot be set here. */
void         xq_pgn_record_set_tag        (XqPgnRecord *rec, const char *name, const char *value);
gboolean     xq_pgn_record_remove_tag     (XqPgnRecord *rec, const char *name);

/* ---- Start position and moves ------------------------------------------- */

/* Only on a record without moves.  Sets the FEN tag too (removing it for
 * the standard start position). */
gboolean     xq_pgn_record_set_start      (XqPgnRecord *rec, const char *fen, GError **error);
const XqPosition *xq_pgn_record_get_start (const XqPgnRecord *rec);
/* The position after the first `ply` moves (ply <= n_moves). */
void         xq_pgn_record_get_position   (const XqPgnRecord *rec, guint ply, XqPosition *out);

guint        xq_pgn_record_get_n_moves    (const XqPgnRecord *rec);
XqMove       xq_pgn_record_get_move       (const XqPgnRecord *rec, guint i);
/* Appends m if it is legal after the last move (XQ_PGN_ERROR_BAD_MOVE if not). */
gboolean     xq_pgn_record_append_move    (XqPgnRecord *rec, XqMove m, GError **error);

/* ---- Comments (NULL when there is none; set NULL or "" to remove) -------- */

const char  *xq_pgn_record_get_game_comment (const XqPgnRecord *rec);
void         xq_pgn_record_set_game_comment (XqPgnRecord *rec, const char *text);
const char  *xq_pgn_record_get_comment_before (const XqPgnRecord *rec, guint i);
void         xq_pgn_record_set_comment_before (XqPgnRecord *rec, guint i, const char *text);
const char  *xq_pgn_record_get_comment_after  (const XqPgnRecord *rec, guint i);
void         xq_pgn_record_set_comment_after  (XqPgnRecord *rec, guint i, const char *text);

/* ---- Variations -------------------------------------------------------------- */

/* A variation is another line played instead of move `ply` (0-based) of the
 * record it belongs to: a record of its own whose start is the position
 * before that move, with its own moves, comments and variations (no tags).
 * Variations are kept in the order of the moves they replace, and those of
 * one move in the order they were added (the order PGN writes them). */
guint        xq_pgn_record_get_n_variations (const XqPgnRecord *rec);
guint        xq_pgn_record_get_variation_ply (const XqPgnRecord *rec, guint i);
const XqPgnRecord *xq_pgn_record_get_variation (const XqPgnRecord *rec, guint i);
/* Makes an empty variation in place of move `ply` (ply <= n_moves) and
 * returns it, owned by rec, for its moves to be appended. */
XqPgnRecord *xq_pgn_record_add_variation (XqPgnRecord *rec, guint ply);
/* Moves in the record and all its variations, nested ones included. */
guint        xq_pgn_record_count_moves    (const XqPgnRecord *rec);

/* ---- Warnings ------------------------------------------------------------------ */

/* What a reader repaired or left out while keeping the record (a damaged
 * byte in a comment, a variation with an illegal move): one translated
 * line each, with its place ("byte 1052: …", "12:5: …").  Not compared by
 * xq_pgn_record_equal. */
void         xq_pgn_record_add_warning    (XqPgnRecord *rec, const char *text);
guint        xq_pgn_record_get_n_warnings (const XqPgnRecord *rec);
const char  *xq_pgn_record_get_warning    (const XqPgnRecord *rec, guint i);

/* ---- Result --------------------------------------------------------------- */

XqPgnResult  xq_pgn_record_get_result     (const XqPgnRecord *rec);
/* Sets the result token; the Result tag is left to the caller. */
void         xq_pgn_record_set_result     (XqPgnRecord *rec, XqPgnResult result);
const char  *xq_pgn_result_to_string      (XqPgnResult result);
gboolean     xq_pgn_result_from_string    (const char *text, XqPgnResult *out);

/* ---- Reading and writing -------------------------------------------------- */

/* Reads one game.  Moves may be in ICCS, WXF (ASCII or full-width) or
 * Chinese, mixed freely; variations "( … )" and NAGs "$n" are skipped; a
 * line of "=====" or more ends the game's text (象棋巫师's footer) up to the
 * next tag line; a Result tag of W, D or L (东萍) is Red's win, a draw or
 * Red's loss. */
XqPgnRecord *xq_pgn_read_string  (const char *text, GError **error);
XqPgnRecord *xq_pgn_read_file    (const char *path, GError **error);
/* Tags as they are (set the Format tag with xq_pgn_format_tag_value if
 * wanted), then the moves in notation, one move number per line. */
char        *xq_pgn_write        (const XqPgnRecord *rec, XqNotation notation);
gboolean     xq_pgn_write_file   (const XqPgnRecord *rec, const char *path,
                                  XqNotation notation, GError **error);
/* ---- Files of many games ------------------------------------------------- */

/* One game of a file that holds many. */
typedef struct {
  XqPgnRecord *record;  /* NULL when the game could not be read */
  GError      *error;   /* why not (XQ_PGN_ERROR, "LINE:COLUMN: …"), else NULL */
  int          line;    /* the line the game begins on */
} XqPgnGame;

/* More games than this in one text held in memory are refused
 * (XQ_PGN_ERROR_TRAILING) unless the caller asks for more; files are read
 * as a stream of games by xq-game-file.h, without this limit. */
#define XQ_PGN_MAX_GAMES 1000

void         xq_pgn_game_free    (XqPgnGame *game);
/* Reads every game of a text: a game ends with its result token or where
 * the next game's tags begin.  A game that cannot be read is kept with its
 * error, and reading goes on at the next line starting with "[" after its
 * moves, so one bad game costs only itself.  Returns XqPgnGame* (owned),
 * or NULL with error for text that is not UTF-8 or holds more than
 * max_games games (0: XQ_PGN_MAX_GAMES). */
GPtrArray   *xq_pgn_read_games   (const char *text, guint max_games, GError **error);
/* The same for a piece of a larger file that begins on line first_line
 * (so that lines are counted in the file): what the streaming reader of
 * xq-game-file.h calls game by game. */
GPtrArray   *xq_pgn_read_games_at (const char *text, int first_line, guint max_games,
                                   GError **error);

/* "ICCS", "WXF" or "Chinese", the customary values of the Format tag. */
const char  *xq_pgn_format_tag_value (XqNotation notation);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqPgnRecord, xq_pgn_record_free)

G_END_DECLS
