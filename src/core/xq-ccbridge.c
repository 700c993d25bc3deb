/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The 象棋桥 (XiangQi Bridge) readers: CBR, CBL and CBF (xq-ccbridge.h);
 * the layouts are in docs/import.md. */
#define G_LOG_DOMAIN "xq-ccbridge"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "xq-ccbridge.h"
#include "xq-move-tree.h"

G_DEFINE_QUARK (xq-ccbridge-error-quark, xq_ccbridge_error)

static const char cbr_magic[] = "CCBridge Record";
static const char cbl_magic[] = "CCBridgeLibrary";

static gboolean G_GNUC_PRINTF (4, 5)
fail_at (GError **error, XqCcbridgeError code, gsize offset, const char *format, ...)
{
  va_list args;
  g_autofree char *msg = NULL;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, XQ_CCBRIDGE_ERROR, code, _("byte %lu: %s"), (unsigned long) offset, msg);
  return FALSE;
}

static guint32
le32 (const guint8 *p)
{
  return (guint32) p[0] | (guint32) p[1] << 8 | (guint32) p[2] << 16 | (guint32) p[3] << 24;
}

/* UTF-16LE bytes as UTF-8, up to the first NUL when stop_at_nul.  A unit
 * that is not text (a lone surrogate) becomes U+FFFD; *bad gets the byte
 * offset (from 0) of the first one, or stays -1. */
static char *
utf16le_to_utf8 (const guint8 *b, gsize n, gboolean stop_at_nul, gssize *bad)
{
  GString *out = g_string_sized_new (n);

  *bad = -1;
  for (gsize i = 0; i + 1 < n; i += 2)
    {
      gunichar u = (gunichar) b[i] | (gunichar) b[i + 1] << 8;

      if (u == 0 && stop_at_nul)
        break;
      if (u >= 0xD800 && u < 0xDC00 && i + 3 < n)
        {
          gunichar lo = (gunichar) b[i + 2] | (gunichar) b[i + 3] << 8;

          if (lo >= 0xDC00 && lo < 0xE000)
            {
              g_string_append_unichar (out, 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00));
              i += 2;
              continue;
            }
        }
      if ((u >= 0xD800 && u < 0xE000) || u == 0)
        {
          if (*bad < 0)
            *bad = (gssize) i;
          u = 0xFFFD;
        }
      g_string_append_unichar (out, u);
    }
  return g_string_free (out, FALSE);
}

/* Text of a record; a damaged unit is named in a warning on rec. */
static char *
record_text (const guint8 *b, gsize n, gsize offset, gboolean stop_at_nul, XqPgnRecord *rec,
             const char *what)
{
  gssize bad;
  char *text = utf16le_to_utf8 (b, n, stop_at_nul, &bad);

  if (bad >= 0)
    {
      /* TRANSLATORS: %s is "a comment" or "the header field Title". */
      g_autofree char *warning = g_strdup_printf (_("byte %lu: a character that is not UTF-16 text was replaced in %s"),
                                                  (unsigned long) (offset + (gsize) bad), what);
      xq_pgn_record_add_warning (rec, warning);
    }
  return text;
}

/* ---- CBR ---------------------------------------------------------------------------- */

typedef struct {
  const guint8 *data;
  gsize         length, base, at;
} Cbr;

static const XqPieceType cbr_pieces[8] = {
  XQ_NO_TYPE, XQ_CHARIOT, XQ_HORSE, XQ_ELEPHANT, XQ_ADVISOR, XQ_KING, XQ_CANNON, XQ_PAWN,
};

/* A board index (0 is a9, Black's corner; 89 is i0) as a square. */
static gboolean
cbr_square (guint8 index, XqSquare *sq)
{
  if (index >= 90)
    return FALSE;
  *sq = xq_sq_make (index % 9, 9 - index / 9);
  return TRUE;
}

/* One record of the move stream: flags (0x01 the line ends, 0x02 an
 * alternative follows later, 0x04 a comment follows), a spare byte, the
 * from and to indexes; then, with 0x04, a 4-byte length in bytes and that
 * much UTF-16LE text. */
static gboolean
cbr_record (Cbr *c, XqPgnRecord *rec, XqMoveTreeNode *node, gboolean *line_ends, GError **error)
{
  const guint8 *p;
  guint8 flags;

  node->at = c->base + c->at;
  node->comment = NULL;
  if (c->length - c->at < 4)
    return fail_at (error, XQ_CCBRIDGE_ERROR_TRUNCATED, c->base + c->at, _("the record ends inside a move"));
  p = c->data + c->at;
  flags = p[0];
  {
    XqSquare from = 0, to = 0;

    node->on_board = cbr_square (p[2], &from) && cbr_square (p[3], &to);
    node->move = node->on_board ? xq_move_make (from, to) : XQ_MOVE_NONE;
  }
  *line_ends = (flags & 0x01) != 0;
  node->child = !*line_ends;
  node->sibling = (flags & 0x02) != 0;
  c->at += 4;
  if (flags & 0x04)
    {
      guint32 len;

      if (c->length - c->at < 4)
        return fail_at (error, XQ_CCBRIDGE_ERROR_TRUNCATED, c->base + c->at,
                        _("the record ends inside a comment's length"));
      len = le32 (c->data + c->at);
      if (len > XQ_CBR_MAX_COMMENT)
        return fail_at (error, XQ_CCBRIDGE_ERROR_TOO_LARGE, c->base + c->at,
                        _("a comment length of %lu bytes (at most %d)"), (unsigned long) len,
                        XQ_CBR_MAX_COMMENT);
      c->at += 4;
      if (len > c->length - c->at)
        return fail_at (error, XQ_CCBRIDGE_ERROR_TRUNCATED, c->base + c->at - 4,
                        _("a comment of %lu bytes runs past the end of the record"), (unsigned long) len);
      node->comment = record_text (c->data + c->at, len, c->base + c->at, FALSE, rec, _("a comment"));
      if (*node->comment == '\0')
        g_clear_pointer (&node->comment, g_free);
      c->at += len;
    }
  return TRUE;
}

static gboolean
cbr_next (gpointer source, XqPgnRecord *rec, XqMoveTreeNode *node, GError **error)
{
  Cbr *c = source;
  gboolean ends;

  /* Bytes that stop (or turn to the zeros that pad a library's slot)
   * before the tree's last line ended: what was read is kept. */
  if (c->length - c->at < 4 || le32 (c->data + c->at) == 0)
    {
      g_autofree char *warning =
        g_strdup_printf (_("byte %lu: the moves stop before their end mark; the moves before it are kept"),
                         (unsigned long) (c->base + c->at));
      xq_pgn_record_add_warning (rec, warning);
      node->end = TRUE;
      return TRUE;
    }
  return cbr_record (c, rec, node, &ends, error);
}

/* The side to move when the first move does not tell it: the one that
 * makes the position legal (in a diagram where one side is already mated,
 * the mated side), else the one the header names. */
static void
choose_side (XqPosition *pos, XqColor named)
{
  XqColor other = named == XQ_RED ? XQ_BLACK : XQ_RED;

  xq_position_set_side (pos, named);
  if (xq_position_in_check (pos, other) && !xq_position_in_check (pos, named))
    xq_position_set_side (pos, other);
}

static gboolean
board_is_empty (const XqPosition *pos)
{
  for (int sq = 0; sq < XQ_SQUARES; sq++)
    if (pos->board[sq] != XQ_EMPTY)
      return FALSE;
  return TRUE;
}

/* A start position that the record names and the rules core takes. */
static gboolean
set_start (XqPgnRecord *rec, XqPosition *pos, gsize offset, GError **error)
{
  g_autofree char *fen = xq_position_to_fen (pos);
  g_autoptr(GError) local = NULL;

  if (!xq_pgn_record_set_start (rec, fen, &local))
    return fail_at (error, XQ_CCBRIDGE_ERROR_POSITION, offset, _("the start position is not legal: %s"),
                    local->message);
  return TRUE;
}

static const XqPgnResult cbr_results[] = {
  XQ_PGN_RESULT_UNKNOWN, XQ_PGN_RESULT_RED_WINS, XQ_PGN_RESULT_BLACK_WINS, XQ_PGN_RESULT_DRAW,
};

static void
set_result (XqPgnRecord *rec, guint code)
{
  if (code == 0 || code >= G_N_ELEMENTS (cbr_results))
    return;
  xq_pgn_record_set_result (rec, cbr_results[code]);
  xq_pgn_record_set_tag (rec, "Result", xq_pgn_result_to_string (cbr_results[code]));
}

/* A tag is one line of text. */
static void
set_tag_line (XqPgnRecord *rec, const char *tag, char *text)
{
  for (char *p = text; *p != '\0'; p++)
    if ((guchar) *p < 0x20 || *p == 0x7F)
      *p = ' ';
  g_strstrip (text);
  if (*text != '\0')
    xq_pgn_record_set_tag (rec, tag, text);
}

XqPgnRecord *
xq_cbr_read (const guint8 *data, gsize length, gsize base, GError **error)
{
  static const struct { gsize offset, size; const char *tag; } texts[] = {
    { 180, 128, "Title" }, { 692, 64, "Event" }, { 756, 64, "Round" }, { 884, 64, "Date" },
    { 948, 64, "Site" }, { 1076, 64, "Red" }, { 1140, 64, "RedTeam" }, { 1300, 64, "Black" },
    { 1364, 64, "BlackTeam" }, { 1652, 64, "Annotator" }, { 1780, 64, "Author" },
  };
  g_autoptr(XqPgnRecord) rec = NULL;
  XqPosition pos;
  Cbr c = { data, length, base, XQ_CBR_HEADER_BYTES };
  XqMoveTreeNode root = { 0 };
  gboolean root_child = FALSE;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length < 15 || memcmp (data, cbr_magic, 15) != 0)
    {
      fail_at (error, XQ_CCBRIDGE_ERROR_MAGIC, base,
               _("not a 象棋桥 (XiangQi Bridge) record (it does not start with “CCBridge Record”)"));
      return NULL;
    }
  if (length > XQ_CBR_MAX_BYTES)
    {
      fail_at (error, XQ_CCBRIDGE_ERROR_TOO_LARGE, base + XQ_CBR_MAX_BYTES,
               _("a record is at most %d bytes"), XQ_CBR_MAX_BYTES);
      return NULL;
    }
  if (length < XQ_CBR_HEADER_BYTES)
    {
      fail_at (error, XQ_CCBRIDGE_ERROR_TRUNCATED, base + length,
               _("the record ends inside its %d-byte header"), XQ_CBR_HEADER_BYTES);
      return NULL;
    }

  rec = xq_pgn_record_new ();
  for (gsize i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      /* TRANSLATORS: %s is a header field's name (Title, Red …). */
      g_autofree char *what = g_strdup_printf (_("the header field %s"), texts[i].tag);
      g_autofree char *text = record_text (data + texts[i].offset, texts[i].size, base + texts[i].offset,
                                           TRUE, rec, what);
      set_tag_line (rec, texts[i].tag, text);
    }
  set_result (rec, data[2076]);

  /* The board: 90 bytes from a9 (Black's corner) row by row to i0; the
   * high nibble is the colour (1 Red, 2 Black), the low one the piece. */
  xq_position_clear (&pos);
  for (guint i = 0; i < 90; i++)
    {
      guint8 v = data[2120 + i];
      XqSquare sq;

      if (v == 0)
        continue;
      cbr_square ((guint8) i, &sq);
      if ((v >> 4) < 1 || (v >> 4) > 2 || (v & 0x0F) < 1 || (v & 0x0F) > 7)
        {
          fail_at (error, XQ_CCBRIDGE_ERROR_POSITION, base + 2120 + i,
                   _("the point %c%d holds the byte 0x%02X, which is no piece"), 'a' + i % 9,
                   9 - (int) (i / 9), v);
          return NULL;
        }
      xq_position_put (&pos, sq, xq_piece_make ((v >> 4) == 1 ? XQ_RED : XQ_BLACK, cbr_pieces[v & 0x0F]));
    }

  /* Libraries hold pages of text between their games (a section's title
   * and its notes, on an empty board). */
  if (board_is_empty (&pos))
    {
      const char *title = xq_pgn_record_get_tag (rec, "Title");

      fail_at (error, XQ_CCBRIDGE_ERROR_NO_GAME, base + 2120,
               _("“%s” has no piece on the board: it is a page of text, not a game"),
               title != NULL ? title : "");
      return NULL;
    }

  /* The stream opens with a record that is no move: its flags and the
   * comment on the start. */
  if (length - c.at >= 4)
    {
      gboolean ends;

      if (!cbr_record (&c, rec, &root, &ends, error))
        return NULL;
      root_child = !ends;
    }

  /* The side to move: the colour of the first move's piece, else the one
   * that makes the position legal, starting from the header's (byte 2112:
   * 1 Red, 2 Black). */
  choose_side (&pos, data[2112] == 2 ? XQ_BLACK : XQ_RED);
  if (root_child && length - c.at >= 4)
    {
      XqSquare from;

      if (cbr_square (data[c.at + 2], &from) && pos.board[from] != XQ_EMPTY)
        xq_position_set_side (&pos, xq_piece_color (pos.board[from]));
    }
  if (!set_start (rec, &pos, base + 2120, error))
    {
      g_free (root.comment);
      return NULL;
    }
  xq_pgn_record_set_game_comment (rec, root.comment);
  g_free (root.comment);

  {
    XqMoveTreeLimits limits = {
      XQ_CCBRIDGE_ERROR, XQ_CCBRIDGE_ERROR_BAD_MOVE, XQ_CCBRIDGE_ERROR_TOO_LARGE,
      XQ_CBR_MAX_BYTES / 4, 1000, 50000,
    };

    if (!xq_move_tree_read (rec, root_child, cbr_next, &c, &limits, error))
      return NULL;
  }
  return g_steal_pointer (&rec);
}

/* ---- CBL ---------------------------------------------------------------------------- */

static gboolean
read_exactly (XqCblRead read, gpointer source, guint8 *buf, gsize n, gsize *got)
{
  *got = read (source, buf, n);
  return *got == n;
}

static gboolean
slot_is_blank (const guint8 *slot, gsize n)
{
  for (gsize i = 0; i < n; i++)
    if (slot[i] != 0)
      return FALSE;
  return TRUE;
}

typedef struct {
  XqCblFunc  func;
  gpointer   user_data;
  guint      n;
  gboolean   stopped;
} Emit;

static void
emit_record (Emit *e, GByteArray *record, gsize start, gboolean too_long)
{
  XqPgnGame *game;

  if (record->len == 0 || e->stopped)
    return;
  game = g_new0 (XqPgnGame, 1);
  game->line = (int) ++e->n;
  if (too_long)
    fail_at (&game->error, XQ_CCBRIDGE_ERROR_TOO_LARGE, start, _("a record is at most %d bytes"),
             XQ_CBR_MAX_BYTES);
  else
    game->record = xq_cbr_read (record->data, record->len, start, &game->error);
  if (!e->func (game, e->user_data))
    e->stopped = TRUE;
}

gboolean
xq_cbl_read_each (XqCblRead read, gpointer source, char **name, XqCblFunc func,
                  gpointer user_data, GError **error)
{
  g_autofree guint8 *head = g_malloc (XQ_CBL_INDEX_OFFSET);
  g_autoptr(GByteArray) record = g_byte_array_new ();
  guint8 slot[XQ_CBL_SLOT_BYTES];
  Emit e = { func, user_data, 0, FALSE };
  gsize got, at, start = 0;
  guint32 slots;
  gboolean too_long = FALSE;

  g_return_val_if_fail (read != NULL && func != NULL, FALSE);

  if (name != NULL)
    *name = NULL;
  if (!read_exactly (read, source, head, XQ_CBL_INDEX_OFFSET, &got))
    {
      if (got < 15 || memcmp (head, cbl_magic, 15) != 0)
        return fail_at (error, XQ_CCBRIDGE_ERROR_MAGIC, 0,
                        _("not a 象棋桥 (XiangQi Bridge) library (it does not start with “CCBridgeLibrary”)"));
      return fail_at (error, XQ_CCBRIDGE_ERROR_TRUNCATED, got,
                      _("the library ends inside its %d-byte header"), XQ_CBL_INDEX_OFFSET);
    }
  if (memcmp (head, cbl_magic, 15) != 0)
    return fail_at (error, XQ_CCBRIDGE_ERROR_MAGIC, 0,
                    _("not a 象棋桥 (XiangQi Bridge) library (it does not start with “CCBridgeLibrary”)"));
  slots = le32 (head + 60);
  if (slots > XQ_CBL_MAX_SLOTS)
    return fail_at (error, XQ_CCBRIDGE_ERROR_TOO_LARGE, 60,
                    _("an index of %lu slots (at most %d)"), (unsigned long) slots, XQ_CBL_MAX_SLOTS);
  if (name != NULL)
    {
      gssize bad;
      char *text = utf16le_to_utf8 (head + 64, 512, TRUE, &bad);

      g_strstrip (text);
      if (*text == '\0')
        g_clear_pointer (&text, g_free);
      *name = text;
    }
  /* Skip the index: one entry per slot it was built for. */
  at = XQ_CBL_INDEX_OFFSET;
  for (guint32 i = 0; i < slots; i++)
    {
      guint8 entry[XQ_CBL_INDEX_ENTRY];

      if (!read_exactly (read, source, entry, sizeof entry, &got))
        {
          g_clear_pointer (name, g_free);
          return fail_at (error, XQ_CCBRIDGE_ERROR_TRUNCATED, at + got,
                          _("the library ends inside its index of %lu slots"), (unsigned long) slots);
        }
      at += sizeof entry;
    }
  /* The records: a slot that starts with the record's signature begins
   * one; the slots after it, up to the next, continue it (a long game);
   * blank slots are empty places. */
  for (;;)
    {
      got = read (source, slot, sizeof slot);
      if (got == 0)
        break;
      if (got >= 15 && memcmp (slot, cbr_magic, 15) == 0)
        {
          emit_record (&e, record, start, too_long);
          g_byte_array_set_size (record, 0);
          too_long = FALSE;
          start = at;
        }
      if ((record->len > 0 || too_long) && !slot_is_blank (slot, got))
        {
          if (record->len + got > XQ_CBR_MAX_BYTES)
            {
              too_long = TRUE;
              g_byte_array_set_size (record, 1);
            }
          else if (!too_long)
            g_byte_array_append (record, slot, (guint) got);
        }
      else if (start == at)
        g_byte_array_append (record, slot, (guint) got);
      at += got;
      if (e.stopped)
        break;
    }
  emit_record (&e, record, start, too_long);
  if (e.n == 0 && !e.stopped)
    {
      g_clear_pointer (name, g_free);
      return fail_at (error, XQ_CCBRIDGE_ERROR_TRUNCATED, at, _("the library holds no game"));
    }
  return TRUE;
}

/* ---- CBF ---------------------------------------------------------------------------- */

typedef struct {
  GMarkupParseContext *context;
  XqPgnRecord *rec;
  GString     *text;        /* the text of the element being read */
  GString     *fen;         /* or NULL when no <FEN> */
  GPtrArray   *stack;       /* element names */
  char        *pending_comment;
  int          comment_ply; /* where the text of the current <Move> goes: -1 the game */
  gboolean     in_move, seen_root, ended;
  int          move_line, move_col;
  struct { char *value; int line, col; gboolean end; } *moves;
  guint        n_moves, cap_moves;
  char       **comments;    /* per move; [0] the game's */
} Cbf;

static const struct { const char *element, *tag; } cbf_tags[] = {
  { "Name", "Title" }, { "Contest", "Event" }, { "Round", "Round" }, { "Date", "Date" },
  { "Site", "Site" }, { "Red", "Red" }, { "RedTeam", "RedTeam" }, { "Black", "Black" },
  { "BlackTeam", "BlackTeam" }, { "Commentator", "Annotator" }, { "Creator", "Author" },
};

static gboolean
cbf_fail (Cbf *c, GError **error, XqCcbridgeError code, const char *format, ...) G_GNUC_PRINTF (4, 5);

static gboolean
cbf_fail (Cbf *c, GError **error, XqCcbridgeError code, const char *format, ...)
{
  va_list args;
  g_autofree char *msg = NULL;
  int line, col;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  g_markup_parse_context_get_position (c->context, &line, &col);
  g_set_error (error, XQ_CCBRIDGE_ERROR, code, "%d:%d: %s", line, col, msg);
  return FALSE;
}

static const char *
parent_of (Cbf *c, guint up)
{
  if (c->stack->len < up + 1)
    return "";
  return g_ptr_array_index (c->stack, c->stack->len - 1 - up);
}

static void
cbf_start (GMarkupParseContext *context, const char *element, const char **names,
           const char **values, gpointer user_data, GError **error)
{
  Cbf *c = user_data;

  if (c->stack->len == 0 && strcmp (element, "ChineseChessRecord") != 0)
    {
      cbf_fail (c, error, XQ_CCBRIDGE_ERROR_XML,
                _("the document is a <%s>, not a 象棋桥 game (<ChineseChessRecord>)"), element);
      return;
    }
  g_ptr_array_add (c->stack, g_strdup (element));
  g_string_truncate (c->text, 0);
  if (strcmp (element, "Move") == 0 && strcmp (parent_of (c, 1), "MoveList") == 0)
    {
      const char *value = NULL, *end = NULL;

      for (guint i = 0; names[i] != NULL; i++)
        {
          if (strcmp (names[i], "value") == 0)
            value = values[i];
          else if (strcmp (names[i], "end") == 0)
            end = values[i];
        }
      if (value == NULL)
        {
          cbf_fail (c, error, XQ_CCBRIDGE_ERROR_XML, _("a <Move> without its value"));
          return;
        }
      if (c->n_moves == 1000 + 1)
        {
          cbf_fail (c, error, XQ_CCBRIDGE_ERROR_TOO_LARGE, _("more than %d moves"), 1000);
          return;
        }
      if (c->n_moves == c->cap_moves)
        {
          c->cap_moves = c->cap_moves * 2 + 16;
          c->moves = g_realloc_n (c->moves, c->cap_moves, sizeof *c->moves);
          c->comments = g_renew (char *, c->comments, c->cap_moves);
        }
      c->moves[c->n_moves].value = g_strdup (value);
      g_markup_parse_context_get_position (context, &c->moves[c->n_moves].line, &c->moves[c->n_moves].col);
      c->moves[c->n_moves].end = end != NULL && strcmp (end, "0") != 0;
      c->comments[c->n_moves] = NULL;
      c->n_moves++;
      c->in_move = TRUE;
    }
  else if (strcmp (parent_of (c, 1), "Move") == 0)
    {
      /* A variation or anything else nested in a move is not part of the
       * format as written by 象棋桥; it is named, not silently lost. */
      int line, col;
      g_autofree char *warning = NULL;

      g_markup_parse_context_get_position (context, &line, &col);
      warning = g_strdup_printf (_("%d:%d: a <%s> inside a move was left out"), line, col, element);
      xq_pgn_record_add_warning (c->rec, warning);
    }
}

static void
cbf_text (GMarkupParseContext *context, const char *text, gsize len, gpointer user_data,
          GError **error)
{
  Cbf *c = user_data;

  if (c->text->len + len > XQ_CBR_MAX_COMMENT)
    {
      cbf_fail (c, error, XQ_CCBRIDGE_ERROR_TOO_LARGE, _("a text of more than %d bytes"),
                XQ_CBR_MAX_COMMENT);
      return;
    }
  g_string_append_len (c->text, text, (gssize) len);
}

static void
cbf_end (GMarkupParseContext *context, const char *element, gpointer user_data, GError **error)
{
  Cbf *c = user_data;
  const char *parent = parent_of (c, 1);

  if (strcmp (element, "Move") == 0 && c->in_move && strcmp (parent, "MoveList") == 0)
    {
      g_autofree char *text = g_strdup (c->text->str);

      g_strstrip (text);
      if (*text != '\0')
        c->comments[c->n_moves - 1] = g_steal_pointer (&text);
      c->in_move = FALSE;
    }
  else if (strcmp (parent, "Head") == 0)
    {
      if (strcmp (element, "FEN") == 0)
        {
          if (c->fen == NULL)
            c->fen = g_string_new (NULL);
          g_string_assign (c->fen, c->text->str);
        }
      else if (strcmp (element, "RecordResult") == 0)
        {
          g_autofree char *t = g_strstrip (g_strdup (c->text->str));

          if (strlen (t) == 1 && t[0] >= '1' && t[0] <= '3')
            set_result (c->rec, (guint) (t[0] - '0'));
        }
      else
        for (gsize i = 0; i < G_N_ELEMENTS (cbf_tags); i++)
          if (strcmp (element, cbf_tags[i].element) == 0)
            {
              g_autofree char *t = g_strdup (c->text->str);

              set_tag_line (c->rec, cbf_tags[i].tag, t);
            }
    }
  g_ptr_array_remove_index (c->stack, c->stack->len - 1);
  g_string_truncate (c->text, 0);
}

/* "XY-XY": X the file 0–8 (a–i), Y the row counted from Black's side
 * (0 is rank 9), as DhtmlXQ counts. */
static gboolean
cbf_move (const char *v, XqMove *m)
{
  if (strlen (v) != 5 || v[2] != '-' || !g_ascii_isdigit (v[0]) || !g_ascii_isdigit (v[1])
      || !g_ascii_isdigit (v[3]) || !g_ascii_isdigit (v[4]) || v[0] > '8' || v[3] > '8')
    return FALSE;
  *m = xq_move_make (xq_sq_make (v[0] - '0', 9 - (v[1] - '0')), xq_sq_make (v[3] - '0', 9 - (v[4] - '0')));
  return TRUE;
}

static void
cbf_clear (Cbf *c)
{
  for (guint i = 0; i < c->n_moves; i++)
    {
      g_free (c->moves[i].value);
      g_free (c->comments[i]);
    }
  g_free (c->moves);
  g_free (c->comments);
  g_ptr_array_unref (c->stack);
  g_string_free (c->text, TRUE);
  if (c->fen != NULL)
    g_string_free (c->fen, TRUE);
  g_clear_pointer (&c->rec, xq_pgn_record_free);
  g_markup_parse_context_free (c->context);
}

XqPgnRecord *
xq_cbf_read (const char *text, gsize length, GError **error)
{
  static const GMarkupParser parser = { cbf_start, cbf_end, cbf_text, NULL, NULL };
  Cbf c = { 0 };
  g_autoptr(GError) local = NULL;
  XqPgnRecord *result;
  guint first = 0;

  g_return_val_if_fail (text != NULL || length == 0, NULL);

  if (length > XQ_CBF_MAX_BYTES)
    {
      g_set_error (error, XQ_CCBRIDGE_ERROR, XQ_CCBRIDGE_ERROR_TOO_LARGE,
                   _("a CBF game is at most %d bytes"), XQ_CBF_MAX_BYTES);
      return NULL;
    }
  if (length >= 3 && memcmp (text, "\xef\xbb\xbf", 3) == 0)
    {
      text += 3;
      length -= 3;
    }
  c.rec = xq_pgn_record_new ();
  c.text = g_string_new (NULL);
  c.stack = g_ptr_array_new_with_free_func (g_free);
  c.context = g_markup_parse_context_new (&parser, G_MARKUP_TREAT_CDATA_AS_TEXT, &c, NULL);
  if (!g_markup_parse_context_parse (c.context, text, (gssize) length, &local)
      || !g_markup_parse_context_end_parse (c.context, &local))
    {
      if (local->domain != XQ_CCBRIDGE_ERROR)
        {
          int line, col;

          const char *why = local->message;
          const char *colon = strstr (why, ": ");

          g_markup_parse_context_get_position (c.context, &line, &col);
          /* GLib's message starts with the place too ("Error on line 50
           * char 2: "); it is said once. */
          if (colon != NULL)
            {
              g_autofree char *head = g_strndup (why, (gsize) (colon - why));
              g_autofree char *l = g_strdup_printf ("%d", line);

              if (strstr (head, l) != NULL)
                why = colon + 2;
            }
          {
            /* GLib quotes the damaged bytes themselves. */
            g_autofree char *valid = g_utf8_make_valid (why, -1);

            g_set_error (error, XQ_CCBRIDGE_ERROR, XQ_CCBRIDGE_ERROR_XML,
                         _("%d:%d: the XML is damaged: %s"), line, col, valid);
          }
        }
      else
        g_propagate_error (error, g_steal_pointer (&local));
      cbf_clear (&c);
      return NULL;
    }

  /* The start. */
  {
    g_autoptr(GError) fen_error = NULL;
    g_autofree char *fen = c.fen != NULL ? g_strstrip (g_strdup (c.fen->str)) : NULL;

    if (fen == NULL || *fen == '\0')
      {
        xq_pgn_record_add_warning (c.rec, _("the game names no start position (<FEN>); the standard start is used"));
      }
    else if (!xq_pgn_record_set_start (c.rec, fen, &fen_error))
      {
        g_set_error (error, XQ_CCBRIDGE_ERROR, XQ_CCBRIDGE_ERROR_POSITION,
                     _("the start position “%s” is not legal: %s"), fen, fen_error->message);
        cbf_clear (&c);
        return NULL;
      }
  }

  /* The first <Move>, "00-00", is no move: its text is the game's comment. */
  if (c.n_moves > 0 && strcmp (c.moves[0].value, "00-00") == 0)
    {
      xq_pgn_record_set_game_comment (c.rec, c.comments[0]);
      first = 1;
    }
  for (guint i = first; i < c.n_moves; i++)
    {
      XqMove m;
      guint ply = xq_pgn_record_get_n_moves (c.rec);

      if (!cbf_move (c.moves[i].value, &m))
        {
          g_set_error (error, XQ_CCBRIDGE_ERROR, XQ_CCBRIDGE_ERROR_BAD_MOVE,
                       _("%d:%d: “%s” is not a move (a file digit 0–8 and a row digit, a dash, the same again)"),
                       c.moves[i].line, c.moves[i].col, c.moves[i].value);
          cbf_clear (&c);
          return NULL;
        }
      if (!xq_pgn_record_append_move (c.rec, m, NULL))
        {
          XqPosition at;
          char iccs[5];

          xq_pgn_record_get_position (c.rec, ply, &at);
          xq_move_to_iccs (m, iccs);
          g_set_error (error, XQ_CCBRIDGE_ERROR, XQ_CCBRIDGE_ERROR_BAD_MOVE,
                       at.board[xq_move_from (m)] == XQ_EMPTY ? _("%d:%d: move %u (%s) starts from an empty point")
                                                               : _("%d:%d: move %u (%s) is not legal there"),
                       c.moves[i].line, c.moves[i].col, ply + 1, iccs);
          cbf_clear (&c);
          return NULL;
        }
      xq_pgn_record_set_comment_after (c.rec, ply, c.comments[i]);
    }
  result = g_steal_pointer (&c.rec);
  cbf_clear (&c);
  return result;
}
