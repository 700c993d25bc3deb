/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-ccbridge.h: games in the formats of 象棋桥 (XiangQi Bridge, CCBridge):
 * CBR (one game, binary), CBL (a library of CBR records) and CBF (one game
 * as XML).  docs/import.md describes the layouts.
 *
 * CBR and CBL text is UTF-16LE; CBF is read with GLib's XML parser
 * (GMarkup).  Every move is checked by the rules core: a bad move of the
 * main line is an error with its place (a byte offset for CBR and CBL,
 * LINE:COLUMN for CBF); a bad move in a variation leaves that variation
 * out with a warning, as does damaged text (replaced by U+FFFD). */
#pragma once

#include "xq-pgn.h"

G_BEGIN_DECLS

#define XQ_CCBRIDGE_ERROR (xq_ccbridge_error_quark ())
GQuark xq_ccbridge_error_quark (void);

typedef enum {
  XQ_CCBRIDGE_ERROR_TRUNCATED,  /* the bytes end inside the header, a move or a comment */
  XQ_CCBRIDGE_ERROR_MAGIC,      /* not the format's signature */
  XQ_CCBRIDGE_ERROR_POSITION,   /* the start is no legal position */
  XQ_CCBRIDGE_ERROR_BAD_MOVE,   /* a main-line move off the board, from an empty point, illegal */
  XQ_CCBRIDGE_ERROR_TOO_LARGE,  /* over one of the limits below */
  XQ_CCBRIDGE_ERROR_XML,        /* a CBF that is not well-formed XML or not a game */
  XQ_CCBRIDGE_ERROR_NO_GAME,    /* a record with no piece on the board: a page of text */
} XqCcbridgeError;

/* A CBR record: a 2214-byte header, then the move stream. */
#define XQ_CBR_HEADER_BYTES   2214
/* One record (a real one is a few kilobytes; a CBL stores it in 4 KiB slots). */
#define XQ_CBR_MAX_BYTES      (1024 * 1024)
#define XQ_CBR_MAX_COMMENT    (64 * 1024)
/* A CBL: a 66,624-byte header, an index of 276 bytes per slot (the slot
 * count is the 32-bit number at byte 60), then the records on 4096-byte
 * slots, a long record spanning several. */
#define XQ_CBL_INDEX_OFFSET   66624
#define XQ_CBL_INDEX_ENTRY    276
#define XQ_CBL_SLOT_BYTES     4096
#define XQ_CBL_MAX_SLOTS      (1 << 20)
/* A CBF is read whole, up to this. */
#define XQ_CBF_MAX_BYTES      (4 * 1024 * 1024)

/* Reads one CBR record from data (a .cbr file, or a record of a library
 * that starts at byte `base` of it: every message says "byte N: " counted
 * in the whole file).  Tags set: Title, Event, Round, Date, Site, Red,
 * RedTeam, Black, BlackTeam, Annotator, Author, Result (when present). */
XqPgnRecord *xq_cbr_read   (const guint8 *data, gsize length, gsize base, GError **error);

/* Reads `n` bytes of a library into buf; returns how many there were. */
typedef gsize (*XqCblRead) (gpointer source, guint8 *buf, gsize n);
/* Called for each record of a library in order (game->record or
 * game->error set; game->line is the record's number from 1); takes game.
 * Return FALSE to stop. */
typedef gboolean (*XqCblFunc) (XqPgnGame *game, gpointer user_data);

/* Reads a CBL from its first byte as a stream: memory is bounded by one
 * record.  FALSE with error ("byte N: …") when the header is not a CBL's;
 * a record that cannot be read is passed with its error.  *name (when not
 * NULL) gets the library's name (UTF-8, or NULL). */
gboolean     xq_cbl_read_each (XqCblRead read, gpointer source, char **name,
                               XqCblFunc func, gpointer user_data, GError **error);

/* Reads a CBF game from UTF-8 text (length bytes; a BOM is skipped). */
XqPgnRecord *xq_cbf_read   (const char *text, gsize length, GError **error);

G_END_DECLS
