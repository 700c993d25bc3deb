/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-game-file.h: the one door every game file comes in by.
 *
 * Whatever opens a game — the Play page's Open, game review, `xqtool pgn`,
 * `xqtool read`, `xqtool import`, the teacher's import — reads it here.
 * The format is told by the bytes, never by the file's name
 * (docs/import.md): XQF by its header, then text (UTF-8 first, else GBK /
 * GB18030 or Big5, whichever reads as more xiangqi) holding DhtmlXQ blocks
 * or PGN, and 象棋桥's CBR, CBL (a library, read as a stream of records) and
 * CBF (XML).  Other formats are named in the error ("this is a 象棋桥 CBR
 * file; that format is not supported").  PGN is read as a stream, one game
 * at a time: memory is bounded by one game, not by the file. */
#pragma once

#include "xq-pgn.h"

G_BEGIN_DECLS

#define XQ_GAME_FILE_ERROR (xq_game_file_error_quark ())
GQuark xq_game_file_error_quark (void);

typedef enum {
  XQ_GAME_FILE_ERROR_UNSUPPORTED,  /* a format that is known but not read */
  XQ_GAME_FILE_ERROR_UNKNOWN,      /* bytes that are no game format at all */
  XQ_GAME_FILE_ERROR_ENCODING,     /* text in no encoding this reader knows */
  XQ_GAME_FILE_ERROR_TOO_LARGE,    /* over one of the limits below */
  XQ_GAME_FILE_ERROR_EMPTY,        /* no game in the file */
} XqGameFileError;

typedef enum {
  XQ_GAME_FORMAT_UNKNOWN,
  XQ_GAME_FORMAT_XQF,
  XQ_GAME_FORMAT_PGN,
  XQ_GAME_FORMAT_DHTMLXQ,
  XQ_GAME_FORMAT_CBR,      /* 象棋桥 (XiangQi Bridge): one game */
  XQ_GAME_FORMAT_CBL,      /* 象棋桥: a library of CBR records */
  XQ_GAME_FORMAT_CBF,      /* 象棋桥: one game as XML */
} XqGameFormat;

/* A text of DhtmlXQ blocks is read whole, up to this. */
#define XQ_GAME_FILE_MAX_TEXT_BYTES (4 * 1024 * 1024)
/* One PGN game (its tags, moves, comments and footer). */
#define XQ_GAME_FILE_MAX_GAME_BYTES (1024 * 1024)

/* "XQF", "PGN", "DhtmlXQ", "CBR", "CBL", "CBF"; NULL for UNKNOWN. */
const char *xq_game_format_name (XqGameFormat format);

/* Whether a file's name ends in the extension of one of the formats above
 * (.xqf, .pgn, .cbr, .cbl, .cbf, any case), as a folder import chooses
 * its files; the format itself is still told by the bytes.  DhtmlXQ has
 * no extension of its own (pages and .txt files): give such files by name. */
gboolean     xq_game_file_name_is_game (const char *name);

/* Called for each game, in file order; takes game (free it with
 * xq_pgn_game_free).  Return FALSE to stop reading. */
typedef gboolean (*XqGameFileFunc) (XqPgnGame *game, gpointer user_data);

/* Reads every game of the file at path.  *format and *encoding (when not
 * NULL) say what was found ("UTF-8", "GBK", "Big5"; "" for a binary
 * format).  FALSE with error only when the file as a whole cannot be
 * read (missing, unsupported, unknown, in no known encoding, too large, or
 * without any game); then the message starts with "PATH: " and says where
 * (byte offset or LINE:COLUMN).  A game that cannot be read is passed to
 * func with its error, and the next game is read. */
gboolean     xq_game_file_read_each  (const char *path, XqGameFormat *format, const char **encoding,
                                      XqGameFileFunc func, gpointer user_data, GError **error);
/* The same for bytes in memory (name is used in messages only). */
gboolean     xq_game_file_read_bytes (const char *name, const guint8 *data, gsize length,
                                      XqGameFormat *format, const char **encoding,
                                      XqGameFileFunc func, gpointer user_data, GError **error);
/* Every game of a file, XqPgnGame* (owned), in order. */
GPtrArray   *xq_game_file_read_all   (const char *path, XqGameFormat *format, GError **error);
/* The first game of a file that reads, for the places that open one game;
 * when none reads, the first game's error ("PATH:LINE:COLUMN: …" for
 * text, "PATH: byte N: …" for XQF).  An empty file is an empty game. */
XqPgnRecord *xq_game_file_read_first (const char *path, GError **error);

/* bytes in charset (an iconv name: "GB18030", "BIG5") as UTF-8 in one
 * pass, each byte that does not convert replaced by U+FFFD (a character
 * cut by the end of the bytes is left out); *bad (when not
 * NULL) gets the offset in the result of the first replacement or -1,
 * *n_bad (when not NULL) how many there were. */
char        *xq_game_file_decode     (const guint8 *bytes, gsize n, const char *charset,
                                      gssize *bad, guint *n_bad);

G_END_DECLS
