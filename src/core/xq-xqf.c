/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The XQF reader; the layout and the encryption are in docs/import.md. */
#define G_LOG_DOMAIN "xq-xqf"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-safe-file.h"
#include "xq-xqf.h"

G_DEFINE_QUARK (xq-xqf-error-quark, xq_xqf_error)

#define MOVES_START 0x400

const XqPieceType xq_xqf_piece_order[16] = {
  XQ_CHARIOT, XQ_HORSE, XQ_ELEPHANT, XQ_ADVISOR, XQ_KING, XQ_ADVISOR, XQ_ELEPHANT, XQ_HORSE,
  XQ_CHARIOT, XQ_CANNON, XQ_CANNON, XQ_PAWN, XQ_PAWN, XQ_PAWN, XQ_PAWN, XQ_PAWN,
};

typedef struct {
  const guint8 *data;
  gsize         length;
  int           version;
  guint8        stream[32];   /* subtracted from the move area, byte by byte */
  guint8        piece_off, src_off, dst_off;
  guint32       comment_off;
  gsize         at;           /* next byte of the move area to read */
} Xqf;

static gboolean G_GNUC_PRINTF (4, 5)
fail (GError **error, XqXqfError code, gsize offset, const char *format, ...)
{
  va_list args;
  g_autofree char *msg = NULL;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, XQ_XQF_ERROR, code, _("byte %lu: %s"), (unsigned long) offset, msg);
  return FALSE;
}

static guint8
square_key (guint8 x)
{
  return (guint8) (x * x * 54 + 221);
}

static void
derive_keys (Xqf *f)
{
  static const char mask[] = "[(C) Copyright Mr. Dong Shiwei.]";
  const guint8 *h = f->data;
  guint8 key[4];

  G_STATIC_ASSERT (sizeof mask == 33);
  memset (f->stream, 0, sizeof f->stream);
  f->piece_off = f->src_off = f->dst_off = 0;
  f->comment_off = 0;
  if (f->version < 11)
    return;
  f->piece_off = (guint8) (square_key (h[13]) * h[13]);
  f->src_off = (guint8) (square_key (h[14]) * f->piece_off);
  f->dst_off = (guint8) (square_key (h[15]) * f->src_off);
  f->comment_off = ((guint32) h[12] * 256 + h[13]) % 32000 + 767;
  for (int i = 0; i < 4; i++)
    key[i] = (guint8) (h[8 + i] | (h[12 + i] & h[3]));
  for (int i = 0; i < 32; i++)
    f->stream[i] = (guint8) (key[i % 4] & (guint8) mask[i]);
}

/* n decrypted bytes of the move area from f->at, or a truncation error. */
static gboolean
take (Xqf *f, guint8 *out, gsize n, const char *what, GError **error)
{
  if (f->length < f->at || f->length - f->at < n)
    return fail (error, XQ_XQF_ERROR_TRUNCATED, f->at, _("the file ends inside %s"), what);
  for (gsize i = 0; i < n; i++)
    {
      gsize j = f->at + i;
      out[i] = (guint8) (f->data[j] - f->stream[(j - MOVES_START) % 32]);
    }
  f->at += n;
  return TRUE;
}

/* GBK text (the encoding of every XQF text) as UTF-8; NULL for none. */
static char *
gbk_to_utf8 (const guint8 *bytes, gsize n, gsize offset, GError **error)
{
  g_autoptr(GError) local = NULL;
  gsize read = 0;
  char *text;

  /* Old writers pad with NULs. */
  while (n > 0 && bytes[n - 1] == '\0')
    n--;
  if (memchr (bytes, '\0', n) != NULL)
    n = (gsize) ((const guint8 *) memchr (bytes, '\0', n) - bytes);
  if (n == 0)
    return NULL;
  text = g_convert ((const char *) bytes, (gssize) n, "UTF-8", "GB18030", &read, NULL, &local);
  if (text == NULL)
    fail (error, XQ_XQF_ERROR_TEXT, offset + read, _("the text is not GBK"));
  return text;
}

static gboolean
read_header_text (Xqf *f, XqPgnRecord *rec, gsize offset, gsize size, const char *tag,
                  GError **error)
{
  guint8 len = f->data[offset];
  g_autofree char *text = NULL;
  g_autoptr(GError) local = NULL;

  if (len == 0)
    return TRUE;
  if (len > size - 1)
    len = (guint8) (size - 1);
  text = gbk_to_utf8 (f->data + offset + 1, len, offset + 1, &local);
  if (local != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  if (text != NULL)
    {
      /* A tag is one line of text. */
      for (char *p = text; *p != '\0'; p++)
        if ((guchar) *p < 0x20 || *p == 0x7F)
          *p = ' ';
      g_strstrip (text);
      if (*text != '\0')
        xq_pgn_record_set_tag (rec, tag, text);
    }
  return TRUE;
}

/* The start position from the table at 0x10; the side to move is set by
 * the caller once the first move is known. */
static gboolean
read_start (Xqf *f, XqPosition *pos, GError **error)
{
  guint8 squares[32];

  xq_position_clear (pos);
  if (f->data[0x40] <= 1)
    {
      /* A full game or an opening starts from the standard position,
       * whatever the table says. */
      xq_position_init_start (pos);
      return TRUE;
    }
  for (int i = 0; i < 32; i++)
    {
      guint8 v = (guint8) (f->data[0x10 + i] - f->piece_off);

      if (f->version >= 12)
        squares[(f->piece_off + 1 + i) % 32] = v;
      else
        squares[i] = v;
    }
  for (int i = 0; i < 32; i++)
    {
      XqSquare sq;

      if (squares[i] >= 90)
        continue;
      sq = xq_sq_make (squares[i] / 10, squares[i] % 10);
      if (pos->board[sq] != XQ_EMPTY)
        return fail (error, XQ_XQF_ERROR_POSITION, 0x10,
                     _("two pieces on the point %c%d"), 'a' + squares[i] / 10, squares[i] % 10);
      xq_position_put (pos, sq, xq_piece_make (i < 16 ? XQ_RED : XQ_BLACK, xq_xqf_piece_order[i % 16]));
    }
  return TRUE;
}

/* One move record: its move, whether the main line goes on, and its
 * comment (NULL for none). */
static gboolean
read_record (Xqf *f, guint8 *from, guint8 *to, gboolean *more, char **comment, GError **error)
{
  guint8 b[4], lb[4];
  gboolean has_comment;
  gint64 len;

  *comment = NULL;
  if (!take (f, b, 4, _("a move"), error))
    return FALSE;
  *from = (guint8) (b[0] - 24 - f->src_off);
  *to = (guint8) (b[1] - 32 - f->dst_off);
  if (f->version < 11)
    {
      *more = b[2] == 0xF0;
      has_comment = TRUE;
    }
  else
    {
      *more = (b[2] & 0x80) != 0;
      has_comment = (b[2] & 0x20) != 0;
    }
  if (!has_comment)
    return TRUE;
  if (!take (f, lb, 4, _("a comment's length"), error))
    return FALSE;
  len = (gint64) ((guint32) lb[0] | (guint32) lb[1] << 8 | (guint32) lb[2] << 16 | (guint32) lb[3] << 24);
  len -= f->comment_off;
  if (len < 0 || len > XQ_XQF_MAX_COMMENT)
    return fail (error, len < 0 ? XQ_XQF_ERROR_TRUNCATED : XQ_XQF_ERROR_TOO_LARGE, f->at - 4,
                 _("a comment length of %lld bytes (at most %d)"), (long long) len,
                 XQ_XQF_MAX_COMMENT);
  if ((gsize) len > f->length - f->at)
    return fail (error, XQ_XQF_ERROR_TRUNCATED, f->at - 4,
                 _("a comment of %lld bytes runs past the end of the file"), (long long) len);
  if (len > 0)
    {
      g_autofree guint8 *bytes = g_malloc ((gsize) len);
      gsize text_at = f->at;

      if (!take (f, bytes, (gsize) len, _("a comment"), error))
        return FALSE;
      *comment = gbk_to_utf8 (bytes, (gsize) len, text_at, error);
      if (*comment == NULL && error != NULL && *error != NULL)
        return FALSE;
    }
  return TRUE;
}

XqPgnRecord *
xq_xqf_read (const guint8 *data, gsize length, GError **error)
{
  static const struct { gsize offset, size; const char *tag; } texts[] = {
    { 0x50, 64, "Title" }, { 0xD0, 64, "Event" }, { 0x110, 16, "Date" }, { 0x120, 16, "Site" },
    { 0x130, 16, "Red" }, { 0x140, 16, "Black" }, { 0x1D0, 16, "Annotator" }, { 0x1E0, 16, "Author" },
  };
  static const XqPgnResult results[] = {
    XQ_PGN_RESULT_UNKNOWN, XQ_PGN_RESULT_RED_WINS, XQ_PGN_RESULT_BLACK_WINS, XQ_PGN_RESULT_DRAW,
  };
  g_autoptr(XqPgnRecord) rec = NULL;
  g_autoptr(GPtrArray) comments = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (XqMove));
  g_autoptr(GArray) offsets = g_array_new (FALSE, FALSE, sizeof (gsize));
  g_autofree char *game_comment = NULL;
  g_autofree char *fen = NULL;
  XqPosition pos;
  Xqf f = { 0 };
  guint8 from, to;
  gboolean more;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length > XQ_XQF_MAX_BYTES)
    {
      fail (error, XQ_XQF_ERROR_TOO_LARGE, XQ_XQF_MAX_BYTES,
            _("the file is larger than %d bytes"), XQ_XQF_MAX_BYTES);
      return NULL;
    }
  if (length < 2 || data[0] != 'X' || data[1] != 'Q')
    {
      fail (error, XQ_XQF_ERROR_MAGIC, 0, _("not an XQF file (it does not start with “XQ”)"));
      return NULL;
    }
  if (length < XQ_XQF_HEADER_BYTES)
    {
      fail (error, XQ_XQF_ERROR_TRUNCATED, length, _("the file ends inside the 1024-byte header"));
      return NULL;
    }
  f.data = data;
  f.length = length;
  f.version = data[2];
  if (f.version < 10 || f.version > 18)
    {
      fail (error, XQ_XQF_ERROR_VERSION, 2, _("XQF version %d is not one this program reads"), f.version);
      return NULL;
    }
  derive_keys (&f);

  rec = xq_pgn_record_new ();
  for (gsize i = 0; i < G_N_ELEMENTS (texts); i++)
    if (!read_header_text (&f, rec, texts[i].offset, texts[i].size, texts[i].tag, error))
      return NULL;
  if (data[0x33] < G_N_ELEMENTS (results))
    {
      xq_pgn_record_set_result (rec, results[data[0x33]]);
      if (data[0x33] != 0)
        xq_pgn_record_set_tag (rec, "Result", xq_pgn_result_to_string (results[data[0x33]]));
    }
  if (!read_start (&f, &pos, error))
    return NULL;

  /* Move 0 is a placeholder: its comment is the game's. */
  f.at = MOVES_START;
  if (length > MOVES_START)
    {
      if (!read_record (&f, &from, &to, &more, &game_comment, error))
        return NULL;
    }
  else
    more = FALSE;
  while (more)
    {
      gsize at = f.at;
      char *comment = NULL;

      if (moves->len >= XQ_XQF_MAX_MOVES)
        {
          fail (error, XQ_XQF_ERROR_TOO_LARGE, at, _("more than %d moves"), XQ_XQF_MAX_MOVES);
          return NULL;
        }
      if (!read_record (&f, &from, &to, &more, &comment, error))
        return NULL;
      g_ptr_array_add (comments, comment);
      if (from >= 90 || to >= 90)
        {
          fail (error, XQ_XQF_ERROR_BAD_MOVE, at, _("move %u leads off the board"), moves->len + 1);
          return NULL;
        }
      {
        XqMove m = xq_move_make (xq_sq_make (from / 10, from % 10), xq_sq_make (to / 10, to % 10));
        g_array_append_val (moves, m);
        g_array_append_val (offsets, at);
      }
    }

  /* The side to move is the colour of the first piece that moves. */
  if (moves->len > 0)
    {
      XqMove m = g_array_index (moves, XqMove, 0);
      XqPiece p = pos.board[xq_move_from (m)];

      if (p == XQ_EMPTY)
        {
          char iccs[5];

          xq_move_to_iccs (m, iccs);
          fail (error, XQ_XQF_ERROR_BAD_MOVE, g_array_index (offsets, gsize, 0),
                _("move %u (%s) starts from an empty point"), 1u, iccs);
          return NULL;
        }
      xq_position_set_side (&pos, xq_piece_color (p));
    }
  else
    xq_position_set_side (&pos, XQ_RED);
  fen = xq_position_to_fen (&pos);
  {
    g_autoptr(GError) local = NULL;

    if (!xq_pgn_record_set_start (rec, fen, &local))
      {
        fail (error, XQ_XQF_ERROR_POSITION, 0x10, _("the start position is not legal: %s"), local->message);
        return NULL;
      }
  }
  xq_pgn_record_set_game_comment (rec, game_comment);
  pos = *xq_pgn_record_get_start (rec);
  for (guint i = 0; i < moves->len; i++)
    {
      XqMove m = g_array_index (moves, XqMove, i);
      XqPosition *now = &pos;
      XqUndo undo;
      char iccs[5];

      xq_move_to_iccs (m, iccs);
      if (now->board[xq_move_from (m)] == XQ_EMPTY)
        {
          fail (error, XQ_XQF_ERROR_BAD_MOVE, g_array_index (offsets, gsize, i),
                _("move %u (%s) starts from an empty point"), i + 1, iccs);
          return NULL;
        }
      if (!xq_pgn_record_append_move (rec, m, NULL))
        {
          fail (error, XQ_XQF_ERROR_BAD_MOVE, g_array_index (offsets, gsize, i),
                _("move %u (%s) is not legal there"), i + 1, iccs);
          return NULL;
        }
      xq_pgn_record_set_comment_after (rec, i, g_ptr_array_index (comments, i));
      xq_position_do_move (now, m, &undo);
    }
  return g_steal_pointer (&rec);
}

XqPgnRecord *
xq_xqf_read_file (const char *path, GError **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;
  XqPgnRecord *rec;

  g_return_val_if_fail (path != NULL, NULL);

  if (!xq_safe_file_read (path, XQ_XQF_MAX_BYTES, &data, &length, error))
    return NULL;
  rec = xq_xqf_read ((const guint8 *) data, length, error);
  if (rec == NULL)
    g_prefix_error (error, "%s: ", path);
  return rec;
}
