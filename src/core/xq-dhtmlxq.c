/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The DhtmlXQ reader; the fields and coordinates are in docs/import.md. */
#define G_LOG_DOMAIN "xq-dhtmlxq"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "xq-dhtmlxq.h"
#include "xq-xqf.h"

G_DEFINE_QUARK (xq-dhtmlxq-error-quark, xq_dhtmlxq_error)

/* Line and column of byte offsets, counted forward from the last one
 * asked for, so locating every field of a large text stays linear. */
typedef struct {
  const char *text;
  const char *at;
  int         line;
  int         col;
  /* Where the current block began: a block's one error may point back
   * before the last place located, and counting again from here keeps
   * the whole text linear. */
  const char *mark;
  int         mark_line;
  int         mark_col;
} Cursor;

static void
cursor_locate (Cursor *c, const char *to, int *line, int *col)
{
  if (to < c->at)
    {
      gboolean from_mark = c->mark != NULL && to >= c->mark;

      c->at = from_mark ? c->mark : c->text;
      c->line = from_mark ? c->mark_line : 1;
      c->col = from_mark ? c->mark_col : 1;
    }
  for (; c->at < to && *c->at != '\0'; c->at++)
    {
      if (*c->at == '\n')
        {
          c->line++;
          c->col = 1;
        }
      else if ((*c->at & 0xC0) != 0x80)
        c->col++;
    }
  *line = c->line;
  *col = c->col;
}

static gboolean G_GNUC_PRINTF (5, 6)
fail_at (GError **error, Cursor *c, XqDhtmlxqError code, const char *at, const char *format, ...)
{
  va_list args;
  g_autofree char *msg = NULL;
  int line, col;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  cursor_locate (c, at, &line, &col);
  g_set_error (error, XQ_DHTMLXQ_ERROR, code, "%d:%d: %s", line, col, msg);
  return FALSE;
}

/* Case-insensitive search within [p, end). */
static const char *
find_ci (const char *p, const char *end, const char *needle)
{
  size_t n = strlen (needle);

  for (; p + n <= end; p++)
    if (g_ascii_strncasecmp (p, needle, n) == 0)
      return p;
  return NULL;
}

gboolean
xq_dhtmlxq_detect (const char *text)
{
  g_return_val_if_fail (text != NULL, FALSE);
  return find_ci (text, text + strlen (text), "[DhtmlXQ]") != NULL
         || find_ci (text, text + strlen (text), "[DhtmlXQHTML]") != NULL;
}

typedef struct {
  const char *value;   /* inside the text, not NUL-terminated */
  gsize       length;
} Field;

typedef struct {
  Field binit, movelist, title, red, black, event, date, result;
  GArray *comments;    /* Comment */
  GArray *variations;  /* Variation */
} Block;

typedef struct {
  guint       route;   /* 0: the main line, else a variation's number */
  guint       ply;     /* counted from the game's start; 0: the game comment */
  const char *value;
  gsize       length;
} Comment;

/* [DhtmlXQ_move_P_N_R]: line number R, played instead of move N (counted
 * from the game's start) of line P (0 the main line). */
typedef struct {
  guint       parent, ply, route;
  Field       moves;
} Variation;

static char *
field_text (const char *value, gsize length)
{
  g_autofree char *raw = g_strndup (value, length);
  g_autofree char *valid = g_utf8_make_valid (raw, -1);
  g_autoptr(GString) out = g_string_new (NULL);

  /* "||" is the format's line break. */
  for (const char *p = valid; *p != '\0'; p++)
    {
      if (p[0] == '|' && p[1] == '|')
        {
          g_string_append_c (out, '\n');
          p++;
        }
      else if (*p != '\r')
        g_string_append_c (out, *p);
    }
  return g_strstrip (g_string_free (g_steal_pointer (&out), FALSE));
}

static void
set_text_tag (XqPgnRecord *rec, const char *tag, const Field *f)
{
  g_autofree char *text = NULL;

  if (f->value == NULL)
    return;
  text = field_text (f->value, f->length);
  /* Tags are one line. */
  for (char *p = text; *p != '\0'; p++)
    if ((guchar) *p < 0x20 || *p == 0x7F)
      *p = ' ';
  g_strstrip (text);
  if (*text != '\0')
    xq_pgn_record_set_tag (rec, tag, text);
}

static void
set_result (XqPgnRecord *rec, const Field *f)
{
  static const struct { const char *text; XqPgnResult result; } names[] = {
    { "红胜", XQ_PGN_RESULT_RED_WINS }, { "紅勝", XQ_PGN_RESULT_RED_WINS },
    { "红方胜", XQ_PGN_RESULT_RED_WINS }, { "1-0", XQ_PGN_RESULT_RED_WINS },
    { "黑胜", XQ_PGN_RESULT_BLACK_WINS }, { "黑勝", XQ_PGN_RESULT_BLACK_WINS },
    { "黑方胜", XQ_PGN_RESULT_BLACK_WINS }, { "0-1", XQ_PGN_RESULT_BLACK_WINS },
    { "和棋", XQ_PGN_RESULT_DRAW }, { "和", XQ_PGN_RESULT_DRAW }, { "1/2-1/2", XQ_PGN_RESULT_DRAW },
    /* 东萍 (dpxq) writes the result from Red's side: win, draw, loss. */
    { "W", XQ_PGN_RESULT_RED_WINS }, { "D", XQ_PGN_RESULT_DRAW }, { "L", XQ_PGN_RESULT_BLACK_WINS },
  };
  g_autofree char *text = NULL;

  if (f->value == NULL)
    return;
  text = field_text (f->value, f->length);
  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    if (strcmp (text, names[i].text) == 0)
      {
        xq_pgn_record_set_result (rec, names[i].result);
        xq_pgn_record_set_tag (rec, "Result", xq_pgn_result_to_string (names[i].result));
        return;
      }
}

/* The fields of the block between body and end.  Unknown fields are
 * skipped whole, so their contents cannot be taken for fields. */
static gboolean
read_fields (Cursor *c, const char *body, const char *end, Block *b, GError **error)
{
  const char *p = body;

  while ((p = find_ci (p, end, "[DhtmlXQ_")) != NULL)
    {
      const char *name = p + 9, *q = name, *value, *close;
      char closing[96];
      gsize name_len;

      while (q < end && (g_ascii_isalnum (*q) || *q == '_') && q - name < 64)
        q++;
      if (q >= end || *q != ']' || q == name)
        return fail_at (error, c, XQ_DHTMLXQ_ERROR_SYNTAX, p, _("A field name should end with “]”"));
      name_len = (gsize) (q - name);
      value = q + 1;
      g_snprintf (closing, sizeof closing, "[/DhtmlXQ_%.*s]", (int) name_len, name);
      close = find_ci (value, end, closing);
      if (close == NULL)
        return fail_at (error, c, XQ_DHTMLXQ_ERROR_SYNTAX, p,
                        _("The field %.*s is never closed with “%s”"), (int) name_len, name, closing);
      if ((gsize) (close - value) > XQ_DHTMLXQ_MAX_FIELD)
        return fail_at (error, c, XQ_DHTMLXQ_ERROR_TOO_LARGE, value,
                        _("The field %.*s is longer than %d bytes"), (int) name_len, name,
                        XQ_DHTMLXQ_MAX_FIELD);
      {
        static const struct { const char *name; gsize offset; } known[] = {
          { "binit", G_STRUCT_OFFSET (Block, binit) }, { "movelist", G_STRUCT_OFFSET (Block, movelist) },
          { "title", G_STRUCT_OFFSET (Block, title) }, { "red", G_STRUCT_OFFSET (Block, red) },
          { "black", G_STRUCT_OFFSET (Block, black) }, { "event", G_STRUCT_OFFSET (Block, event) },
          { "date", G_STRUCT_OFFSET (Block, date) }, { "result", G_STRUCT_OFFSET (Block, result) },
        };
        gboolean done = FALSE;

        for (gsize i = 0; i < G_N_ELEMENTS (known) && !done; i++)
          if (strlen (known[i].name) == name_len && g_ascii_strncasecmp (name, known[i].name, name_len) == 0)
            {
              Field *f = G_STRUCT_MEMBER_P (b, known[i].offset);
              f->value = value;
              f->length = (gsize) (close - value);
              done = TRUE;
            }
        /* commentN is about the main line's ply N, commentR_N about ply
         * N of variation R; move_P_N_R is variation R (docs/import.md). */
        if (!done && name_len > 7 && g_ascii_strncasecmp (name, "comment", 7) == 0)
          {
            g_autofree char *rest = g_strndup (name + 7, name_len - 7);
            guint a, n;
            int used = 0;

            if (strspn (rest, "0123456789") == strlen (rest) && strlen (rest) <= 6)
              {
                Comment cm = { 0, (guint) strtoul (rest, NULL, 10), value, (gsize) (close - value) };
                g_array_append_val (b->comments, cm);
              }
            else if (strlen (rest) <= 13 && sscanf (rest, "%6u_%6u%n", &a, &n, &used) == 2
                     && used == (int) strlen (rest) && strspn (rest, "0123456789_") == strlen (rest))
              {
                Comment cm = { a, n, value, (gsize) (close - value) };
                g_array_append_val (b->comments, cm);
              }
          }
        else if (!done && name_len > 5 && g_ascii_strncasecmp (name, "move_", 5) == 0)
          {
            g_autofree char *rest = g_strndup (name + 5, name_len - 5);
            guint par, n, r;
            int used = 0;

            if (strlen (rest) <= 20 && strspn (rest, "0123456789_") == strlen (rest)
                && sscanf (rest, "%6u_%6u_%6u%n", &par, &n, &r, &used) == 3 && used == (int) strlen (rest))
              {
                if (par == 0 && n == 1 && r == 0)
                  {
                    /* The main line written as a variation of nothing. */
                    b->movelist.value = value;
                    b->movelist.length = (gsize) (close - value);
                  }
                else if (r > 0)
                  {
                    Variation v = { par, n, r, { value, (gsize) (close - value) } };
                    g_array_append_val (b->variations, v);
                  }
              }
          }
      }
      p = close + strlen (closing);
    }
  return TRUE;
}

static gboolean
read_binit (Cursor *c, const Field *f, XqPosition *pos, GError **error)
{
  xq_position_clear (pos);
  if (f->value == NULL)
    {
      xq_position_init_start (pos);
      return TRUE;
    }
  for (gsize i = 0; i < f->length; i++)
    if (!g_ascii_isdigit (f->value[i]))
      return fail_at (error, c, XQ_DHTMLXQ_ERROR_BINIT, f->value + i,
                      _("binit should be 64 digits, and this is not a digit"));
  if (f->length != 64)
    return fail_at (error, c, XQ_DHTMLXQ_ERROR_BINIT, f->value,
                    _("binit should be 64 digits, not %lu"), (unsigned long) f->length);
  for (int i = 0; i < 32; i++)
    {
      int x = f->value[2 * i] - '0', y = f->value[2 * i + 1] - '0';
      XqSquare sq;

      if (x == 9 && y == 9)
        continue;   /* off the board */
      if (x > 8)
        return fail_at (error, c, XQ_DHTMLXQ_ERROR_BINIT, f->value + 2 * i,
                        _("binit places a piece on file %d, and there are only 9"), x + 1);
      sq = xq_sq_make (x, 9 - y);
      if (pos->board[sq] != XQ_EMPTY)
        return fail_at (error, c, XQ_DHTMLXQ_ERROR_BINIT, f->value + 2 * i,
                        _("binit places two pieces on one point"));
      xq_position_put (pos, sq, xq_piece_make (i < 16 ? XQ_RED : XQ_BLACK, xq_xqf_piece_order[i % 16]));
    }
  return TRUE;
}

static gboolean
read_moves (Cursor *c, const Field *f, GArray *moves, GError **error)
{
  if (f->value == NULL)
    return TRUE;
  for (gsize i = 0; i < f->length; i++)
    if (!g_ascii_isdigit (f->value[i]))
      return fail_at (error, c, XQ_DHTMLXQ_ERROR_MOVELIST, f->value + i,
                      _("movelist should hold only digits, four for each move"));
  if (f->length % 4 != 0)
    return fail_at (error, c, XQ_DHTMLXQ_ERROR_MOVELIST, f->value + f->length - f->length % 4,
                    _("movelist should have four digits for each move, and %lu are left over"),
                    (unsigned long) (f->length % 4));
  if (f->length / 4 > XQ_DHTMLXQ_MAX_MOVES)
    return fail_at (error, c, XQ_DHTMLXQ_ERROR_TOO_LARGE, f->value,
                    _("more than %d moves"), XQ_DHTMLXQ_MAX_MOVES);
  for (gsize i = 0; i < f->length; i += 4)
    {
      const char *d = f->value + i;
      int x1 = d[0] - '0', y1 = d[1] - '0', x2 = d[2] - '0', y2 = d[3] - '0';
      XqMove m;

      if (x1 > 8 || x2 > 8)
        return fail_at (error, c, XQ_DHTMLXQ_ERROR_BAD_MOVE, d,
                        _("move %lu leads off the board"), (unsigned long) (i / 4 + 1));
      m = xq_move_make (xq_sq_make (x1, 9 - y1), xq_sq_make (x2, 9 - y2));
      g_array_append_val (moves, m);
    }
  return TRUE;
}

/* A line of the game: the main line (0) or a variation, whose move i is
 * ply start + i + 1 of the game. */
typedef struct {
  XqPgnRecord *rec;
  guint        start;
} Route;

static int
by_route (gconstpointer a, gconstpointer b)
{
  guint x = ((const Variation *) a)->route, y = ((const Variation *) b)->route;

  return x < y ? -1 : x > y;
}

static void
variation_warning (Cursor *c, XqPgnRecord *rec, const char *at, const char *why)
{
  g_autoptr(GError) place = NULL;

  /* The place as LINE:COLUMN, the way errors give it. */
  fail_at (&place, c, XQ_DHTMLXQ_ERROR_BAD_MOVE, at, "%s", why);
  xq_pgn_record_add_warning (rec, place->message);
}

/* Every move_P_N_R in the order of R (a variation's parent comes first),
 * each kept in its parent's record; one that cannot be placed or played
 * is left out (from its bad move on) with a warning on the game. */
static void
read_variations (Cursor *c, Block *b, XqPgnRecord *game, GHashTable *routes)
{
  g_array_sort (b->variations, by_route);
  for (guint i = 0; i < b->variations->len && i < XQ_DHTMLXQ_MAX_VARIATIONS; i++)
    {
      const Variation *v = &g_array_index (b->variations, Variation, i);
      const Route *parent = g_hash_table_lookup (routes, GUINT_TO_POINTER (v->parent));
      const Field *f = &v->moves;
      XqPgnRecord *line;
      Route *route;

      if (g_hash_table_contains (routes, GUINT_TO_POINTER (v->route)))
        continue;
      if (parent == NULL || v->ply <= parent->start
          || v->ply - parent->start > xq_pgn_record_get_n_moves (parent->rec))
        {
          g_autofree char *why = g_strdup_printf (_("variation %u left out: it is played instead of move %u of line %u, which has no such move"),
                                                  v->route, v->ply, v->parent);
          variation_warning (c, game, f->value, why);
          continue;
        }
      /* The variation is made at its first good move (none: nothing). */
      line = NULL;
      for (gsize k = 0; k + 4 <= f->length && k / 4 < XQ_DHTMLXQ_MAX_MOVES; k += 4)
        {
          const char *d = f->value + k;
          XqMove m;
          char iccs[5] = "?";

          if (!g_ascii_isdigit (d[0]) || !g_ascii_isdigit (d[1]) || !g_ascii_isdigit (d[2])
              || !g_ascii_isdigit (d[3]) || d[0] > '8' || d[2] > '8')
            {
              g_autofree char *why = g_strdup_printf (_("variation %u left out from its move %lu: not four digits of the board"),
                                                      v->route, (unsigned long) (k / 4 + 1));
              variation_warning (c, game, d, why);
              break;
            }
          m = xq_move_make (xq_sq_make (d[0] - '0', 9 - (d[1] - '0')), xq_sq_make (d[2] - '0', 9 - (d[3] - '0')));
          xq_move_to_iccs (m, iccs);
          if (line == NULL)
            {
              g_autoptr(XqPgnRecord) probe = xq_pgn_record_new ();
              XqPosition at;
              g_autofree char *fen = NULL;

              xq_pgn_record_get_position (parent->rec, v->ply - parent->start - 1, &at);
              fen = xq_position_to_fen (&at);
              if (xq_pgn_record_set_start (probe, fen, NULL) && xq_pgn_record_append_move (probe, m, NULL))
                {
                  line = xq_pgn_record_add_variation (parent->rec, v->ply - parent->start - 1);
                  route = g_new0 (Route, 1);
                  route->rec = line;
                  route->start = v->ply - 1;
                  g_hash_table_insert (routes, GUINT_TO_POINTER (v->route), route);
                }
            }
          if (line == NULL || !xq_pgn_record_append_move (line, m, NULL))
            {
              g_autofree char *why = g_strdup_printf (_("variation %u left out from its move %lu (%s): it is not legal there"),
                                                      v->route, (unsigned long) (k / 4 + 1), iccs);
              variation_warning (c, game, d, why);
              break;
            }
        }
    }
}

static XqPgnRecord *
read_block (Cursor *c, const char *body, const char *end, GError **error)
{
  g_autoptr(XqPgnRecord) rec = xq_pgn_record_new ();
  g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (XqMove));
  g_autofree char *fen = NULL;
  g_autoptr(GError) local = NULL;
  Block b = { 0 };
  XqPosition pos;
  gboolean ok;

  b.comments = g_array_new (FALSE, FALSE, sizeof (Comment));
  b.variations = g_array_new (FALSE, FALSE, sizeof (Variation));
  ok = read_fields (c, body, end, &b, error)
       && read_binit (c, &b.binit, &pos, error)
       && read_moves (c, &b.movelist, moves, error);
  if (!ok)
    {
      g_array_unref (b.comments);
      g_array_unref (b.variations);
      return NULL;
    }
  if (moves->len > 0)
    {
      XqMove m = g_array_index (moves, XqMove, 0);
      XqPiece p = pos.board[xq_move_from (m)];
      char iccs[5];

      xq_move_to_iccs (m, iccs);
      if (p == XQ_EMPTY)
        {
          fail_at (error, c, XQ_DHTMLXQ_ERROR_BAD_MOVE, b.movelist.value,
                   _("move %u (%s) starts from an empty point"), 1u, iccs);
          g_array_unref (b.comments);
          g_array_unref (b.variations);
          return NULL;
        }
      xq_position_set_side (&pos, xq_piece_color (p));
    }
  else
    xq_position_set_side (&pos, XQ_RED);
  fen = xq_position_to_fen (&pos);
  if (!xq_pgn_record_set_start (rec, fen, &local))
    {
      fail_at (error, c, XQ_DHTMLXQ_ERROR_BINIT, b.binit.value ? b.binit.value : body,
               _("The start position is not legal: %s"), local->message);
      g_array_unref (b.comments);
      g_array_unref (b.variations);
      return NULL;
    }
  pos = *xq_pgn_record_get_start (rec);
  for (guint i = 0; i < moves->len; i++)
    {
      XqMove m = g_array_index (moves, XqMove, i);
      XqUndo undo;
      char iccs[5];

      xq_move_to_iccs (m, iccs);
      if (pos.board[xq_move_from (m)] == XQ_EMPTY || !xq_pgn_record_append_move (rec, m, NULL))
        {
          fail_at (error, c, XQ_DHTMLXQ_ERROR_BAD_MOVE, b.movelist.value + 4 * i,
                   pos.board[xq_move_from (m)] == XQ_EMPTY
                   ? _("move %u (%s) starts from an empty point")
                   : _("move %u (%s) is not legal there"), i + 1, iccs);
          g_array_unref (b.comments);
          g_array_unref (b.variations);
          return NULL;
        }
      xq_position_do_move (&pos, m, &undo);
    }
  set_text_tag (rec, "Title", &b.title);
  set_text_tag (rec, "Event", &b.event);
  set_text_tag (rec, "Date", &b.date);
  set_text_tag (rec, "Red", &b.red);
  set_text_tag (rec, "Black", &b.black);
  set_result (rec, &b.result);
  {
    g_autoptr(GHashTable) routes = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
    Route *main_route = g_new0 (Route, 1);

    main_route->rec = rec;
    main_route->start = 0;
    g_hash_table_insert (routes, GUINT_TO_POINTER (0), main_route);
    read_variations (c, &b, rec, routes);
    for (guint i = 0; i < b.comments->len; i++)
      {
        const Comment *cm = &g_array_index (b.comments, Comment, i);
        const Route *route = g_hash_table_lookup (routes, GUINT_TO_POINTER (cm->route));
        g_autofree char *text = NULL;

        if (route == NULL || cm->ply < route->start)
          continue;
        text = field_text (cm->value, cm->length);
        if (cm->ply == route->start)
          {
            xq_pgn_record_set_game_comment (route->rec, text);
          }
        else if (cm->ply - route->start <= xq_pgn_record_get_n_moves (route->rec))
          xq_pgn_record_set_comment_after (route->rec, cm->ply - route->start - 1, text);
      }
  }
  g_array_unref (b.comments);
  g_array_unref (b.variations);
  return g_steal_pointer (&rec);
}

GPtrArray *
xq_dhtmlxq_read_string (const char *text, guint max_blocks, GError **error)
{
  g_autoptr(GPtrArray) games = NULL;
  Cursor c = { text, text, 1, 1, NULL, 0, 0 };
  const char *end, *p;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (max_blocks == 0)
    max_blocks = XQ_PGN_MAX_GAMES;
  end = text + strlen (text);
  games = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_pgn_game_free);
  p = text;
  for (;;)
    {
      /* A block is [DhtmlXQ]…[/DhtmlXQ] or, as 东萍 pages write it,
       * [DhtmlXQHTML]…[/DhtmlXQHTML]: whichever comes first. */
      const char *plain = find_ci (p, end, "[DhtmlXQ]");
      const char *html = find_ci (p, end, "[DhtmlXQHTML]");
      gboolean is_html = html != NULL && (plain == NULL || html < plain);
      const char *body, *close;
      XqPgnGame *game;
      int line, col;

      p = is_html ? html : plain;
      if (p == NULL)
        break;
      body = p + (is_html ? 13 : 9);
      close = find_ci (body, end, is_html ? "[/DhtmlXQHTML]" : "[/DhtmlXQ]");
      if (games->len >= max_blocks)
        {
          fail_at (error, &c, XQ_DHTMLXQ_ERROR_TOO_LARGE, p,
                   _("More than %u games in one file"), max_blocks);
          return NULL;
        }
      game = g_new0 (XqPgnGame, 1);
      cursor_locate (&c, p, &line, &col);
      c.mark = p;
      c.mark_line = line;
      c.mark_col = col;
      game->line = line;
      g_ptr_array_add (games, game);
      if (close == NULL)
        {
          if (is_html)
            fail_at (&game->error, &c, XQ_DHTMLXQ_ERROR_SYNTAX, p,
                     _("This [DhtmlXQHTML] block is never closed with [/DhtmlXQHTML]"));
          else
            fail_at (&game->error, &c, XQ_DHTMLXQ_ERROR_SYNTAX, p,
                     _("This [DhtmlXQ] block is never closed with [/DhtmlXQ]"));
          break;
        }
      game->record = read_block (&c, body, close, &game->error);
      p = close + (is_html ? 14 : 10);
    }
  if (games->len == 0)
    {
      fail_at (error, &c, XQ_DHTMLXQ_ERROR_SYNTAX, text, _("There is no [DhtmlXQ] block in this text"));
      return NULL;
    }
  return g_steal_pointer (&games);
}
