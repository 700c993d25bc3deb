/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-dhtmlxq.h: games in DhtmlXQ, the forum ("UBB") markup of 东萍象棋网,
 * read into the core's game record (docs/import.md describes the format).
 *
 * A text may hold several [DhtmlXQ]…[/DhtmlXQ] blocks, one game each; the
 * text around them is ignored.  Of a block, the start (binit), the main
 * line (movelist), the comments on it (commentN) and the title, players,
 * event, date and result are read; variations (move_A_B_C) and every other
 * field are skipped.  Every move is checked by the rules core. */
#pragma once

#include "xq-pgn.h"

G_BEGIN_DECLS

#define XQ_DHTMLXQ_ERROR (xq_dhtmlxq_error_quark ())
GQuark xq_dhtmlxq_error_quark (void);

/* Every message starts with "LINE:COLUMN: " (columns count characters). */
typedef enum {
  XQ_DHTMLXQ_ERROR_SYNTAX,    /* no block, or a block or field never closed */
  XQ_DHTMLXQ_ERROR_BINIT,     /* binit is not 64 digits, or not a legal position */
  XQ_DHTMLXQ_ERROR_MOVELIST,  /* movelist is not groups of four digits */
  XQ_DHTMLXQ_ERROR_BAD_MOVE,  /* a move off the board, from an empty point, or illegal */
  XQ_DHTMLXQ_ERROR_TOO_LARGE, /* over one of the limits below */
} XqDhtmlxqError;

/* Moves in one movelist, bytes in one field. */
#define XQ_DHTMLXQ_MAX_MOVES  1000
#define XQ_DHTMLXQ_MAX_FIELD  (64 * 1024)
/* Variations (move_P_N_R fields) kept in one game. */
#define XQ_DHTMLXQ_MAX_VARIATIONS 50000

/* Does the text hold a "[DhtmlXQ]" block at all (so it is worth reading
 * as DhtmlXQ rather than PGN)? */
gboolean   xq_dhtmlxq_detect      (const char *text);
/* Reads every block of a UTF-8 text: XqPgnGame* (owned), one per block,
 * each with its record or the error that stopped it.  NULL with error for
 * text without any block or with more than max_blocks of them
 * (0: XQ_PGN_MAX_GAMES). */
GPtrArray *xq_dhtmlxq_read_string (const char *text, guint max_blocks, GError **error);

G_END_DECLS
