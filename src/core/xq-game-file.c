/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The one door for game files; docs/import.md says how formats and
 * encodings are told apart. */
#define G_LOG_DOMAIN "xq-game-file"

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "xq-ccbridge.h"
#include "xq-dhtmlxq.h"
#include "xq-game-file.h"
#include "xq-xqf.h"

G_DEFINE_QUARK (xq-game-file-error-quark, xq_game_file_error)

/* What is looked at to tell the format and the encoding. */
#define SNIFF_BYTES (64 * 1024)

const char *
xq_game_format_name (XqGameFormat format)
{
  switch (format)
    {
    case XQ_GAME_FORMAT_XQF:
      return "XQF";
    case XQ_GAME_FORMAT_PGN:
      return "PGN";
    case XQ_GAME_FORMAT_DHTMLXQ:
      return "DhtmlXQ";
    case XQ_GAME_FORMAT_CBR:
      return "CBR";
    case XQ_GAME_FORMAT_CBL:
      return "CBL";
    case XQ_GAME_FORMAT_CBF:
      return "CBF";
    case XQ_GAME_FORMAT_UNKNOWN:
    default:
      return NULL;
    }
}

gboolean
xq_game_file_name_is_game (const char *name)
{
  static const char *const extensions[] = { ".xqf", ".pgn", ".cbr", ".cbl", ".cbf" };
  gsize n;

  g_return_val_if_fail (name != NULL, FALSE);
  n = strlen (name);
  for (gsize i = 0; i < G_N_ELEMENTS (extensions); i++)
    {
      gsize e = strlen (extensions[i]);

      if (n > e && g_ascii_strcasecmp (name + n - e, extensions[i]) == 0)
        return TRUE;
    }
  return FALSE;
}

/* ---- Formats that are named, not read ------------------------------------------ */

static const struct {
  const char *magic;
  gsize       length;
  const char *name;   /* N_() */
} foreign[] = {
  /* 象棋桥's CBR and CBL are read before this list is asked; what is left
   * with its signature is the older library, compressed with zlib. */
  { "CCBridge", 8, N_("an older, compressed 象棋桥 (XiangQi Bridge) library") },
  { "PK\x03\x04", 4, N_("a ZIP archive") },
  { "Rar!", 4, N_("a RAR archive") },
  { "7z\xbc\xaf", 4, N_("a 7-Zip archive") },
  { "\x1f\x8b", 2, N_("a gzip archive") },
  { "%PDF", 4, N_("a PDF document") },
  { "\x89PNG", 4, N_("a PNG image") },
  { "\xff\xd8\xff", 3, N_("a JPEG image") },
  { "GIF8", 4, N_("a GIF image") },
  { "\xd0\xcf\x11\xe0", 4, N_("a Microsoft Office document") },
  { "{\\rtf", 5, N_("an RTF document") },
  { "MZ", 2, N_("a Windows program") },
};

static gboolean
has_ci (const guint8 *data, gsize n, const char *needle)
{
  gsize k = strlen (needle);

  for (gsize i = 0; i + k <= n; i++)
    if (g_ascii_strncasecmp ((const char *) data + i, needle, k) == 0)
      return TRUE;
  return FALSE;
}

/* The name of a format this reader knows but does not read, or NULL. */
static const char *
foreign_format (const guint8 *data, gsize n)
{
  gsize skip = 0;

  for (gsize i = 0; i < G_N_ELEMENTS (foreign); i++)
    if (n >= foreign[i].length && memcmp (data, foreign[i].magic, foreign[i].length) == 0)
      return _(foreign[i].name);
  if (n >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    skip = 3;
  if (n - skip >= 5 && memcmp (data + skip, "<?xml", 5) == 0)
    {
      /* A 象棋桥 CBF is read before this is asked. */
      return _("an XML document");
    }
  if (n - skip >= 5 && (g_ascii_strncasecmp ((const char *) data + skip, "<html", 5) == 0
                        || g_ascii_strncasecmp ((const char *) data + skip, "<!doctype html", 14) == 0)
      && !has_ci (data, n, "[DhtmlXQ"))
    return _("a web page without a DhtmlXQ game");
  return NULL;
}

/* ---- Encodings --------------------------------------------------------------------- */

/* Characters every xiangqi text is full of, in both scripts. */
static const char common_chars[] =
  "进退平车马炮兵卒将帅士仕相象红黑先胜负和局炮"
  "進退平車馬炮兵卒將帥士仕相象紅黑先勝負和局砲";

static guint
xiangqi_score (const char *utf8)
{
  guint score = 0;

  for (const char *p = utf8; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar ch = g_utf8_get_char (p);

      if (ch >= 0x80)
        {
          char buf[8] = { 0 };

          g_unichar_to_utf8 (ch, buf);
          if (strstr (common_chars, buf) != NULL)
            score++;
        }
    }
  return score;
}

char *
xq_game_file_decode (const guint8 *bytes, gsize n, const char *charset, gssize *bad, guint *n_bad)
{
  g_autoptr(GString) out = g_string_sized_new (n + n / 2 + 4);
  GIConv conv;
  gchar *in = (gchar *) bytes;
  gsize in_left = n;

  g_return_val_if_fail (bytes != NULL || n == 0, NULL);
  g_return_val_if_fail (charset != NULL, NULL);

  if (bad != NULL)
    *bad = -1;
  if (n_bad != NULL)
    *n_bad = 0;
  conv = g_iconv_open ("UTF-8", charset);
  g_return_val_if_fail (conv != (GIConv) -1, NULL);
  /* One pass: a byte iconv stops at is replaced and skipped, so the time
   * is linear in n whatever the bytes. */
  while (in_left > 0)
    {
      gchar buf[4096];
      gchar *outp = buf;
      gsize out_left = sizeof buf;
      gsize r = g_iconv (conv, &in, &in_left, &outp, &out_left);

      g_string_append_len (out, buf, (gssize) (outp - buf));
      if (r != (gsize) -1)
        continue;
      if (errno == E2BIG)
        continue;
      /* A character cut by the end of the text (a fixed-size field, a
       * line cut short) is left out, as GLib's g_convert does. */
      if (errno == EINVAL)
        break;
      if (bad != NULL && *bad < 0)
        *bad = (gssize) out->len;
      if (n_bad != NULL)
        (*n_bad)++;
      g_string_append (out, "\xef\xbf\xbd");
      in++;
      in_left--;
      g_iconv (conv, NULL, NULL, NULL, NULL);
    }
  g_iconv_close (conv);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* UTF-8 (a cut character at the very end of a sniff allowed), else GBK
 * (read as GB18030, its superset) or Big5, whichever gives more of the
 * characters xiangqi texts are full of; GBK on a tie. */
static const char *
detect_encoding (const guint8 *data, gsize n, gboolean whole)
{
  const char *end = NULL;
  g_autofree char *gbk = NULL, *big5 = NULL;
  guint gbk_bad = 0, big5_bad = 0;

  if (g_utf8_validate ((const char *) data, (gssize) n, &end)
      || (!whole && (gsize) ((const guint8 *) end - data) + 4 > n))
    return "UTF-8";
  gbk = xq_game_file_decode (data, n, "GB18030", NULL, &gbk_bad);
  big5 = xq_game_file_decode (data, n, "BIG5", NULL, &big5_bad);
  if (big5_bad <= gbk_bad && xiangqi_score (big5) > xiangqi_score (gbk))
    return "Big5";
  return "GBK";
}

static const char *
iconv_name (const char *encoding)
{
  if (strcmp (encoding, "GBK") == 0)
    return "GB18030";
  if (strcmp (encoding, "Big5") == 0)
    return "BIG5";
  return "UTF-8";
}

/* Text in encoding as UTF-8; damaged bytes replaced, and *bad set to the
 * first replacement's offset in the UTF-8 text (or -1). */
static char *
to_utf8 (const guint8 *data, gsize n, const char *encoding, gssize *bad)
{
  if (strcmp (encoding, "UTF-8") == 0)
    {
      const char *end;

      if (g_utf8_validate_len ((const char *) data, n, &end))
        {
          *bad = -1;
          return g_strndup ((const char *) data, n);
        }
      *bad = (gssize) ((const guint8 *) end - data);
      return g_utf8_make_valid ((const char *) data, (gssize) n);
    }
  return xq_game_file_decode (data, n, iconv_name (encoding), bad, NULL);
}

/* ---- Reading ------------------------------------------------------------------------- */

typedef struct {
  const char     *name;
  XqGameFileFunc  func;
  gpointer        user_data;
  guint           n_games;
  gboolean        stopped;
} Door;

static void
emit (Door *d, XqPgnGame *game)
{
  d->n_games++;
  if (d->stopped)
    {
      xq_pgn_game_free (game);
      return;
    }
  if (!d->func (game, d->user_data))
    d->stopped = TRUE;
}

static void
emit_all (Door *d, GPtrArray *games, const char *damage)
{
  for (guint i = 0; i < games->len; i++)
    {
      XqPgnGame *game = g_ptr_array_steal_index (games, i--);

      if (damage != NULL && game->record != NULL)
        xq_pgn_record_add_warning (game->record, damage);
      emit (d, game);
    }
}

static gboolean G_GNUC_PRINTF (4, 5)
fail (GError **error, XqGameFileError code, const char *name, const char *format, ...)
{
  va_list args;
  g_autofree char *msg = NULL;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, XQ_GAME_FILE_ERROR, code, "%s: %s", name, msg);
  return FALSE;
}

/* Where byte offset `at` of text is, as LINE:COLUMN. */
static void
locate (const guint8 *data, gsize at, int first_line, int *line, int *col)
{
  *line = first_line;
  *col = 1;
  for (gsize i = 0; i < at; i++)
    {
      if (data[i] == '\n')
        {
          (*line)++;
          *col = 1;
        }
      else if ((data[i] & 0xC0) != 0x80)
        (*col)++;
    }
}

static char *
damage_warning (const char *utf8, gssize bad, int first_line, const char *encoding)
{
  int line, col;

  if (bad < 0)
    return NULL;
  locate ((const guint8 *) utf8, (gsize) bad, first_line, &line, &col);
  return g_strdup_printf (_("%d:%d: bytes that are not %s text were replaced"), line, col, encoding);
}

/* One piece of PGN text (one game, or several without tags between them)
 * that begins on first_line. */
static void
read_pgn_piece (Door *d, const guint8 *data, gsize n, int first_line, const char *encoding)
{
  gssize bad = -1;
  g_autofree char *text = to_utf8 (data, n, encoding, &bad);
  g_autofree char *damage = damage_warning (text, bad, first_line, encoding);
  g_autoptr(GError) local = NULL;
  g_autoptr(GPtrArray) games = xq_pgn_read_games_at (text, first_line, G_MAXUINT, &local);

  if (games == NULL)
    {
      XqPgnGame *game = g_new0 (XqPgnGame, 1);

      game->line = first_line;
      game->error = g_steal_pointer (&local);
      emit (d, game);
      return;
    }
  emit_all (d, games, damage);
}

/* Is this line the start of a new game's tags once moves were seen? */
static gboolean
line_starts_tag (const char *line)
{
  while (*line == ' ' || *line == '\t')
    line++;
  return *line == '[';
}

static gboolean
line_is_blank (const char *line)
{
  for (; *line != '\0'; line++)
    if (!g_ascii_isspace (*line))
      return FALSE;
  return TRUE;
}

/* PGN read a line at a time from `next`, split into games at the tag
 * line that follows a game's moves: only one game is in memory. */
typedef gboolean (*NextLine) (gpointer source, GString *line);

static void
read_pgn_stream (Door *d, NextLine next, gpointer source, const char *encoding)
{
  g_autoptr(GString) piece = g_string_new (NULL);
  g_autoptr(GString) line = g_string_new (NULL);
  int line_no = 0, piece_line = 1;
  gboolean seen_moves = FALSE, too_long = FALSE;

  for (;;)
    {
      gboolean more = next (source, line);

      if (more)
        line_no++;
      if (!more || (seen_moves && line_starts_tag (line->str)))
        {
          if (too_long)
            {
              XqPgnGame *game = g_new0 (XqPgnGame, 1);

              game->line = piece_line;
              g_set_error (&game->error, XQ_GAME_FILE_ERROR, XQ_GAME_FILE_ERROR_TOO_LARGE,
                           _("%d:1: this game is longer than %d bytes"), piece_line,
                           XQ_GAME_FILE_MAX_GAME_BYTES);
              emit (d, game);
            }
          else if (!line_is_blank (piece->str))
            read_pgn_piece (d, (const guint8 *) piece->str, piece->len, piece_line, encoding);
          g_string_truncate (piece, 0);
          piece_line = line_no;
          seen_moves = too_long = FALSE;
          if (!more || d->stopped)
            break;
        }
      if (!line_starts_tag (line->str) && !line_is_blank (line->str))
        seen_moves = TRUE;
      if (piece->len + line->len > XQ_GAME_FILE_MAX_GAME_BYTES)
        too_long = TRUE;
      if (!too_long)
        g_string_append_len (piece, line->str, (gssize) line->len);
    }
}

typedef struct {
  FILE         *file;
  const guint8 *data;   /* or bytes in memory */
  gsize         length, at;
} Source;

/* One line with its "\n" (lines longer than a game are cut: the game is
 * refused as too long anyway). */
static gboolean
next_line (gpointer data, GString *line)
{
  Source *s = data;

  g_string_truncate (line, 0);
  if (s->file != NULL)
    {
      int c;

      while ((c = getc (s->file)) != EOF)
        {
          if (line->len <= XQ_GAME_FILE_MAX_GAME_BYTES)
            g_string_append_c (line, (char) c);
          if (c == '\n')
            break;
        }
      return line->len > 0;
    }
  while (s->at < s->length)
    {
      guint8 c = s->data[s->at++];

      if (line->len <= XQ_GAME_FILE_MAX_GAME_BYTES)
        g_string_append_c (line, (char) c);
      if (c == '\n')
        break;
    }
  return line->len > 0;
}

/* The rest of a file after its sniff, for the formats read whole (up to
 * max bytes); *all is NULL when the sniff was the whole file. */
static gboolean
slurp (Door *d, const guint8 *sniff, gsize n_sniff, gboolean whole, Source *source, gsize max,
       const char *format_name, guint8 **all, gsize *length, GError **error)
{
  GByteArray *buf;
  guint8 chunk[8192];
  size_t got;

  *all = NULL;
  *length = n_sniff;
  if (whole)
    {
      if (n_sniff > max)
        return fail (error, XQ_GAME_FILE_ERROR_TOO_LARGE, d->name,
                     _("byte %lu: a %s file is at most %lu bytes"), (unsigned long) max, format_name,
                     (unsigned long) max);
      return TRUE;
    }
  buf = g_byte_array_new ();
  g_byte_array_append (buf, sniff, (guint) n_sniff);
  while ((got = fread (chunk, 1, sizeof chunk, source->file)) > 0)
    {
      if (buf->len + got > max)
        {
          g_byte_array_unref (buf);
          return fail (error, XQ_GAME_FILE_ERROR_TOO_LARGE, d->name,
                       _("byte %lu: a %s file is at most %lu bytes"), (unsigned long) max, format_name,
                       (unsigned long) max);
        }
      g_byte_array_append (buf, chunk, (guint) got);
    }
  *length = buf->len;
  *all = g_byte_array_free (buf, FALSE);
  return TRUE;
}

static gsize
source_read (gpointer data, guint8 *buf, gsize n)
{
  Source *s = data;

  if (s->file != NULL)
    return fread (buf, 1, n, s->file);
  n = MIN (n, s->length - s->at);
  memcpy (buf, s->data + s->at, n);
  s->at += n;
  return n;
}

static gboolean
emit_cbl (XqPgnGame *game, gpointer user_data)
{
  Door *d = user_data;

  emit (d, game);
  return !d->stopped;
}

static gboolean
is_cbf (const guint8 *data, gsize n)
{
  gsize skip = n >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;

  return n - skip >= 5 && memcmp (data + skip, "<?xml", 5) == 0 && has_ci (data, n, "<ChineseChessRecord");
}

/* A game read whole by one of the single-game readers. */
static void
emit_one (Door *d, XqPgnRecord *record, GError *error)
{
  XqPgnGame *game = g_new0 (XqPgnGame, 1);

  game->line = 1;
  game->record = record;
  game->error = error;
  emit (d, game);
}

/* Everything after the sniff: the format and the whole-file readers. */
static gboolean
read_known (Door *d, const guint8 *sniff, gsize n_sniff, gboolean whole, Source *source,
            XqGameFormat *format, const char **encoding, GError **error)
{
  const char *other;
  const guint8 *nul;

  *format = XQ_GAME_FORMAT_UNKNOWN;
  *encoding = "";
  if (n_sniff >= 3 && sniff[0] == 'X' && sniff[1] == 'Q')
    {
      g_autoptr(GError) local = NULL;
      g_autofree guint8 *all = NULL;
      const guint8 *bytes = sniff;
      gsize length = n_sniff;
      XqPgnGame *game;

      *format = XQ_GAME_FORMAT_XQF;
      if (!whole)
        {
          /* The rest of a file (an XQF file is at most 1 MiB). */
          GByteArray *buf = g_byte_array_new ();
          guint8 chunk[8192];
          size_t got;

          g_byte_array_append (buf, sniff, (guint) n_sniff);
          while ((got = fread (chunk, 1, sizeof chunk, source->file)) > 0)
            {
              if (buf->len + got > XQ_XQF_MAX_BYTES)
                {
                  g_byte_array_unref (buf);
                  return fail (error, XQ_GAME_FILE_ERROR_TOO_LARGE, d->name,
                               _("byte %d: an XQF file is at most %d bytes"), XQ_XQF_MAX_BYTES,
                               XQ_XQF_MAX_BYTES);
                }
              g_byte_array_append (buf, chunk, (guint) got);
            }
          length = buf->len;
          all = g_byte_array_free (buf, FALSE);
          bytes = all;
        }
      game = g_new0 (XqPgnGame, 1);
      game->line = 1;
      game->record = xq_xqf_read (bytes, length, &game->error);
      emit (d, game);
      return TRUE;
    }
  if (n_sniff >= 15 && memcmp (sniff, "CCBridge Record", 15) == 0)
    {
      g_autofree guint8 *all = NULL;
      gsize length;
      GError *local = NULL;
      XqPgnRecord *record;

      *format = XQ_GAME_FORMAT_CBR;
      if (!slurp (d, sniff, n_sniff, whole, source, XQ_CBR_MAX_BYTES, "CBR", &all, &length, error))
        return FALSE;
      record = xq_cbr_read (all != NULL ? all : sniff, length, 0, &local);
      emit_one (d, record, local);
      return TRUE;
    }
  if (n_sniff >= 15 && memcmp (sniff, "CCBridgeLibrary", 15) == 0)
    {
      g_autoptr(GError) local = NULL;

      *format = XQ_GAME_FORMAT_CBL;
      if (!xq_cbl_read_each (source_read, source, NULL, emit_cbl, d, &local))
        {
          g_propagate_prefixed_error (error, g_steal_pointer (&local), "%s: ", d->name);
          return FALSE;
        }
      return TRUE;
    }
  if (is_cbf (sniff, n_sniff))
    {
      g_autofree guint8 *all = NULL;
      g_autofree char *text = NULL;
      gsize length;
      gssize bad = -1;
      GError *local = NULL;
      XqPgnRecord *record;

      *format = XQ_GAME_FORMAT_CBF;
      if (!slurp (d, sniff, n_sniff, whole, source, XQ_CBF_MAX_BYTES, "CBF", &all, &length, error))
        return FALSE;
      *encoding = detect_encoding (all != NULL ? all : sniff, length, TRUE);
      text = to_utf8 (all != NULL ? all : sniff, length, *encoding, &bad);
      record = xq_cbf_read (text, strlen (text), &local);
      if (record != NULL && bad >= 0)
        {
          g_autofree char *damage = damage_warning (text, bad, 1, *encoding);
          xq_pgn_record_add_warning (record, damage);
        }
      emit_one (d, record, local);
      return TRUE;
    }
  other = foreign_format (sniff, n_sniff);
  if (other != NULL)
    /* TRANSLATORS: %s is a kind of file: "a 象棋桥 (XiangQi Bridge) CBR game". */
    return fail (error, XQ_GAME_FILE_ERROR_UNSUPPORTED, d->name,
                 _("this is %s; that format is not supported"), other);
  nul = memchr (sniff, '\0', n_sniff);
  if (nul != NULL)
    return fail (error, XQ_GAME_FILE_ERROR_UNKNOWN, d->name,
                 _("byte %lu: a NUL byte: this is not a game file this program knows (XQF, PGN or DhtmlXQ)"),
                 (unsigned long) (nul - sniff));

  *encoding = detect_encoding (sniff, n_sniff, whole);
  if (has_ci (sniff, n_sniff, "[DhtmlXQ"))
    {
      g_autofree guint8 *all = NULL;
      g_autofree char *text = NULL;
      g_autofree char *damage = NULL;
      g_autoptr(GPtrArray) games = NULL;
      const guint8 *bytes = sniff;
      gsize length = n_sniff;
      gssize bad = -1;

      *format = XQ_GAME_FORMAT_DHTMLXQ;
      if (!whole)
        {
          GByteArray *buf = g_byte_array_new ();
          guint8 chunk[8192];
          size_t got;

          g_byte_array_append (buf, sniff, (guint) n_sniff);
          while ((got = fread (chunk, 1, sizeof chunk, source->file)) > 0)
            {
              if (buf->len + got > XQ_GAME_FILE_MAX_TEXT_BYTES)
                {
                  g_byte_array_unref (buf);
                  return fail (error, XQ_GAME_FILE_ERROR_TOO_LARGE, d->name,
                               _("a DhtmlXQ text is at most %d bytes"), XQ_GAME_FILE_MAX_TEXT_BYTES);
                }
              g_byte_array_append (buf, chunk, (guint) got);
            }
          length = buf->len;
          all = g_byte_array_free (buf, FALSE);
          bytes = all;
        }
      else if (length > XQ_GAME_FILE_MAX_TEXT_BYTES)
        return fail (error, XQ_GAME_FILE_ERROR_TOO_LARGE, d->name,
                     _("a DhtmlXQ text is at most %d bytes"), XQ_GAME_FILE_MAX_TEXT_BYTES);
      if (memchr (bytes, '\0', length) != NULL)
        return fail (error, XQ_GAME_FILE_ERROR_UNKNOWN, d->name,
                     _("byte %lu: a NUL byte: this is not a game file this program knows (XQF, PGN or DhtmlXQ)"),
                     (unsigned long) ((const guint8 *) memchr (bytes, '\0', length) - bytes));
      text = to_utf8 (bytes, length, *encoding, &bad);
      damage = damage_warning (text, bad, 1, *encoding);
      {
        g_autoptr(GError) local = NULL;

        games = xq_dhtmlxq_read_string (text, G_MAXUINT, &local);
        if (games == NULL)
          {
            g_propagate_prefixed_error (error, g_steal_pointer (&local), "%s: ", d->name);
            return FALSE;
          }
      }
      emit_all (d, games, damage);
      return TRUE;
    }

  *format = XQ_GAME_FORMAT_PGN;
  read_pgn_stream (d, next_line, source, *encoding);
  return TRUE;
}

static gboolean
finish (Door *d, gboolean ok, GError **error)
{
  if (ok && d->n_games == 0)
    return fail (error, XQ_GAME_FILE_ERROR_EMPTY, d->name, _("the file holds no game"));
  return ok;
}

gboolean
xq_game_file_read_bytes (const char *name, const guint8 *data, gsize length, XqGameFormat *format,
                         const char **encoding, XqGameFileFunc func, gpointer user_data,
                         GError **error)
{
  Door d = { name, func, user_data, 0, FALSE };
  Source source = { NULL, data, length, 0 };
  XqGameFormat f;
  const char *e;
  gboolean ok;

  if (format == NULL)
    format = &f;
  if (encoding == NULL)
    encoding = &e;

  g_return_val_if_fail (name != NULL && (data != NULL || length == 0) && func != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  ok = read_known (&d, data, length, TRUE, &source, format, encoding, error);
  return finish (&d, ok, error);
}

gboolean
xq_game_file_read_each (const char *path, XqGameFormat *format, const char **encoding,
                        XqGameFileFunc func, gpointer user_data, GError **error)
{
  Door d = { path, func, user_data, 0, FALSE };
  Source source = { NULL, NULL, 0, 0 };
  g_autofree guint8 *sniff = g_malloc (SNIFF_BYTES);
  XqGameFormat f = XQ_GAME_FORMAT_UNKNOWN;
  const char *e = "";
  gsize n;
  gboolean ok, whole;

  g_return_val_if_fail (path != NULL && func != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (format == NULL)
    format = &f;
  if (encoding == NULL)
    encoding = &e;
  *format = XQ_GAME_FORMAT_UNKNOWN;
  *encoding = "";
  source.file = g_fopen (path, "rb");
  if (source.file == NULL)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s: %s", path,
                   g_strerror (saved));
      return FALSE;
    }
  n = fread (sniff, 1, SNIFF_BYTES, source.file);
  whole = n < SNIFF_BYTES;
  if (whole)
    {
      /* Small files are read from memory. */
      fclose (source.file);
      source.file = NULL;
      source.data = sniff;
      source.length = n;
    }
  else
    rewind (source.file);
  if (!whole && sniff[0] == 'X' && sniff[1] == 'Q')
    fseek (source.file, (long) n, SEEK_SET);
  if (!whole && has_ci (sniff, n, "[DhtmlXQ"))
    fseek (source.file, (long) n, SEEK_SET);
  if (!whole && ((n >= 15 && memcmp (sniff, "CCBridge Record", 15) == 0) || is_cbf (sniff, n)))
    fseek (source.file, (long) n, SEEK_SET);
  ok = read_known (&d, sniff, n, whole, &source, format, encoding, error);
  if (source.file != NULL)
    fclose (source.file);
  return finish (&d, ok, error);
}

static gboolean
collect (XqPgnGame *game, gpointer user_data)
{
  g_ptr_array_add (user_data, game);
  return TRUE;
}

GPtrArray *
xq_game_file_read_all (const char *path, XqGameFormat *format, GError **error)
{
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_pgn_game_free);

  if (!xq_game_file_read_each (path, format, NULL, collect, games, error))
    return NULL;
  return g_steal_pointer (&games);
}

typedef struct {
  XqPgnRecord *record;
  GError      *first_error;
} First;

static gboolean
take_first (XqPgnGame *game, gpointer user_data)
{
  First *first = user_data;

  if (game->record != NULL)
    first->record = g_steal_pointer (&game->record);
  else if (first->first_error == NULL)
    first->first_error = g_steal_pointer (&game->error);
  xq_pgn_game_free (game);
  return first->record == NULL;
}

XqPgnRecord *
xq_game_file_read_first (const char *path, GError **error)
{
  g_autoptr(GError) local = NULL;
  First first = { NULL, NULL };

  g_return_val_if_fail (path != NULL, NULL);

  if (!xq_game_file_read_each (path, NULL, NULL, take_first, &first, &local))
    {
      g_clear_error (&first.first_error);
      g_clear_pointer (&first.record, xq_pgn_record_free);
      /* An empty text is an empty game, as PGN has always read it. */
      if (g_error_matches (local, XQ_GAME_FILE_ERROR, XQ_GAME_FILE_ERROR_EMPTY))
        return xq_pgn_record_new ();
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }
  if (first.record == NULL)
    {
      /* "FILE:LINE:COLUMN: …" for text, "FILE: byte N: …" for XQF. */
      g_propagate_prefixed_error (error, first.first_error,
                                  first.first_error->domain == XQ_PGN_ERROR ? "%s:" : "%s: ", path);
      return NULL;
    }
  g_clear_error (&first.first_error);
  return first.record;
}
