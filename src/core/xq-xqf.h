/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-xqf.h: games in XQF, the binary format of 象棋演播室 (XQStudio), read
 * into the core's game record (docs/import.md describes the format).
 *
 * One file holds one game: a start position, the main line of moves, its
 * variations and the comments on them.  Versions 10 (plain) and 11 to 18
 * (the key derived from the header, positions scrambled from version 12)
 * are read.  Every move is checked by the rules core: a move of the main
 * line that is not legal where it stands ends the reading with an error; a
 * variation with such a move is left out from there with a warning, and so
 * is a byte of text that is not GBK (replaced by U+FFFD): the record keeps
 * its warnings (xq_pgn_record_get_warning). */
#pragma once

#include "xq-pgn.h"

G_BEGIN_DECLS

#define XQ_XQF_ERROR (xq_xqf_error_quark ())
GQuark xq_xqf_error_quark (void);

/* Every message starts with "byte N: ", the offset in the file of what
 * was wrong (decimal, counted from 0). */
typedef enum {
  XQ_XQF_ERROR_TOO_LARGE,   /* over XQ_XQF_MAX_BYTES or one of the limits below */
  XQ_XQF_ERROR_TRUNCATED,   /* the file ends inside the header, a move or a comment */
  XQ_XQF_ERROR_MAGIC,       /* not "XQ" at the start */
  XQ_XQF_ERROR_VERSION,     /* a version this reader does not know */
  XQ_XQF_ERROR_POSITION,    /* the start position is not a legal position */
  XQ_XQF_ERROR_BAD_MOVE,    /* a move off the board, from an empty point, or illegal */
  XQ_XQF_ERROR_TEXT,        /* unused: damaged text is now a warning */
} XqXqfError;

/* Real files are a few kilobytes; a long commented game stays far below. */
#define XQ_XQF_MAX_BYTES     (1024 * 1024)
#define XQ_XQF_HEADER_BYTES  1024
/* Plies of the main line, records of the whole move tree (main line and
 * variations) and bytes of one comment. */
#define XQ_XQF_MAX_MOVES     1000
#define XQ_XQF_MAX_RECORDS   (XQ_XQF_MAX_BYTES / 4)
/* Variations kept; those after are left out with a warning (the largest
 * real files hold tens of thousands). */
#define XQ_XQF_MAX_VARIATIONS 50000
#define XQ_XQF_MAX_COMMENT   (64 * 1024)

/* The order of the 32 pieces in XQF's position table, and in DhtmlXQ's
 * binit: Red's sixteen (車 馬 相 仕 帥 仕 相 馬 車 炮 炮 兵×5), then Black's
 * in the same order.  Indexed by slot % 16. */
extern const XqPieceType xq_xqf_piece_order[16];

/* Reads a whole file held in memory.  Text becomes UTF-8; the tags set
 * are Title, Event, Date, Site, Red, Black, Annotator, Author and Result
 * (each only when present). */
XqPgnRecord *xq_xqf_read      (const guint8 *data, gsize length, GError **error);
/* Refuses files over XQ_XQF_MAX_BYTES before reading them; the message is
 * prefixed with "PATH: ". */
XqPgnRecord *xq_xqf_read_file (const char *path, GError **error);

G_END_DECLS
