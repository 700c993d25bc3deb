/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-position"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "xq-attacks.h"
#include "xq-position.h"
#include "xq-tables.h"

G_DEFINE_QUARK (xq-position-error-quark, xq_position_error)

/* How many of each piece type one set holds. */
static const int max_count[XQ_N_TYPES] = { 0, 1, 2, 2, 2, 2, 2, 5 };

/* ---- Names --------------------------------------------------------------- */

static const char fen_letters[XQ_N_TYPES] = { '?', 'K', 'A', 'B', 'N', 'R', 'C', 'P' };

char
xq_piece_to_fen_char (XqPiece p)
{
  char c = fen_letters[xq_piece_type (p)];
  return xq_piece_color (p) == XQ_BLACK ? g_ascii_tolower (c) : c;
}

const char *
xq_piece_type_name (XqPieceType t)
{
  static const char *names[XQ_N_TYPES] = {
    NULL, N_("general"), N_("advisor"), N_("elephant"), N_("horse"),
    N_("chariot"), N_("cannon"), N_("soldier"),
  };
  g_return_val_if_fail (t > 0 && t < XQ_N_TYPES, NULL);
  return _(names[t]);
}

const char *
xq_color_name (XqColor c)
{
  return c == XQ_RED ? _("Red") : _("Black");
}

void
xq_square_to_text (XqSquare sq, char buf[3])
{
  buf[0] = (char) ('a' + xq_sq_file (sq));
  buf[1] = (char) ('0' + xq_sq_rank (sq));
  buf[2] = '\0';
}

XqSquare
xq_square_from_text (const char *text)
{
  char f, r;

  if (text == NULL || text[0] == '\0' || text[1] == '\0' || text[2] != '\0')
    return XQ_NO_SQUARE;
  f = g_ascii_tolower (text[0]);
  r = text[1];
  if (f < 'a' || f > 'i' || r < '0' || r > '9')
    return XQ_NO_SQUARE;
  return xq_sq_make (f - 'a', r - '0');
}

void
xq_move_to_iccs (XqMove m, char buf[5])
{
  xq_square_to_text (xq_move_from (m), buf);
  xq_square_to_text (xq_move_to (m), buf + 2);
}

XqMove
xq_move_from_iccs (const char *text)
{
  char a[3], b[3];
  size_t len;
  XqSquare from, to;

  if (text == NULL)
    return XQ_MOVE_NONE;
  len = strlen (text);
  if (len == 4)
    {
      a[0] = text[0]; a[1] = text[1];
      b[0] = text[2]; b[1] = text[3];
    }
  else if (len == 5 && text[2] == '-')
    {
      a[0] = text[0]; a[1] = text[1];
      b[0] = text[3]; b[1] = text[4];
    }
  else
    return XQ_MOVE_NONE;
  a[2] = b[2] = '\0';
  from = xq_square_from_text (a);
  to = xq_square_from_text (b);
  if (from == XQ_NO_SQUARE || to == XQ_NO_SQUARE || from == to)
    return XQ_MOVE_NONE;
  return xq_move_make (from, to);
}

/* ---- Setting up ---------------------------------------------------------- */

void
xq_position_clear (XqPosition *pos)
{
  const XqTables *t = xq_tables ();

  memset (pos, 0, sizeof *pos);
  pos->king[0] = pos->king[1] = XQ_NO_SQUARE;
  pos->side = XQ_RED;
  pos->fullmove = 1;
  pos->key = 0;
  (void) t;
}

void
xq_position_put (XqPosition *pos, XqSquare sq, XqPiece piece)
{
  const XqTables *t = xq_tables ();
  XqPiece old = pos->board[sq];

  g_return_if_fail (sq >= 0 && sq < XQ_SQUARES);

  if (old != XQ_EMPTY)
    {
      pos->key ^= t->zobrist[old][sq];
      pos->count[old]--;
      if (xq_piece_type (old) == XQ_KING && pos->king[xq_piece_color (old)] == sq)
        {
          /* An editor may hold two generals of one side for a moment;
           * removing one must leave the other known, or the facing and
           * check tests would look at no general at all. */
          pos->king[xq_piece_color (old)] = XQ_NO_SQUARE;
          for (XqSquare s = 0; s < XQ_SQUARES; s++)
            if (s != sq && pos->board[s] == old)
              {
                pos->king[xq_piece_color (old)] = s;
                break;
              }
        }
    }
  pos->board[sq] = piece;
  if (piece != XQ_EMPTY)
    {
      pos->key ^= t->zobrist[piece][sq];
      pos->count[piece]++;
      if (xq_piece_type (piece) == XQ_KING)
        pos->king[xq_piece_color (piece)] = sq;
    }
}

void
xq_position_set_side (XqPosition *pos, XqColor side)
{
  if (pos->side != side)
    pos->key ^= xq_tables ()->zobrist_side;
  pos->side = side;
}

void
xq_position_init_start (XqPosition *pos)
{
  /* The start FEN is a constant: failing to read it is a programmer error,
   * checked in release builds too (where g_assert is compiled out). */
  if (!xq_position_set_fen (pos, XQ_START_FEN, NULL))
    g_error ("the built-in start position does not parse");
}

static XqPiece
piece_from_letter (char ch)
{
  XqColor c = g_ascii_isupper (ch) ? XQ_RED : XQ_BLACK;
  XqPieceType t;

  switch (g_ascii_toupper (ch))
    {
    case 'K': t = XQ_KING; break;
    case 'A': t = XQ_ADVISOR; break;
    case 'B': case 'E': t = XQ_ELEPHANT; break;
    case 'N': case 'H': t = XQ_HORSE; break;
    case 'R': t = XQ_CHARIOT; break;
    case 'C': t = XQ_CANNON; break;
    case 'P': t = XQ_PAWN; break;
    default: return XQ_EMPTY;
    }
  return xq_piece_make (c, t);
}

static gboolean
parse_counter (const char *field, int *out)
{
  char *end = NULL;
  guint64 v;

  if (field == NULL || !g_ascii_isdigit (field[0]))
    return FALSE;
  v = g_ascii_strtoull (field, &end, 10);
  if (*end != '\0' || v > 1000000)
    return FALSE;
  *out = (int) v;
  return TRUE;
}

gboolean
xq_position_set_fen_unchecked (XqPosition *pos, const char *fen, GError **error)
{
  XqPosition p;
  g_auto(GStrv) fields = NULL;
  g_autofree char *copy = NULL;
  int nfields, rank = 9, file = 0;
  const char *s;

  g_return_val_if_fail (pos != NULL, FALSE);
  g_return_val_if_fail (fen != NULL, FALSE);

  xq_position_clear (&p);
  /* A FEN is ASCII; refusing other bytes here keeps every message below,
   * which quotes the fields, valid UTF-8. */
  if (!g_utf8_validate (fen, -1, NULL))
    {
      g_set_error (error, XQ_POSITION_ERROR, XQ_POSITION_ERROR_SYNTAX, _("The FEN is not UTF-8 text"));
      return FALSE;
    }
  copy = g_strdup (fen);
  fields = g_strsplit_set (g_strstrip (copy), " \t", -1);
  /* Runs of blanks split into empty fields; drop them so that extra blanks
   * are harmless.  Each string is either kept (moved down) or freed, exactly
   * once, and the vector stays NULL-terminated for g_strfreev. */
  nfields = 0;
  for (int i = 0; fields[i] != NULL; i++)
    {
      char *f = fields[i];

      fields[i] = NULL;
      if (f[0] != '\0')
        fields[nfields++] = f;
      else
        g_free (f);
    }

  if (nfields == 0)
    {
      g_set_error (error, XQ_POSITION_ERROR, XQ_POSITION_ERROR_SYNTAX, _("The FEN is empty"));
      return FALSE;
    }

  for (s = fields[0]; *s != '\0'; s++)
    {
      int column = (int) (s - fields[0]) + 1;

      if (*s == '/')
        {
          if (file != 9)
            {
              g_set_error (error, XQ_POSITION_ERROR, XQ_POSITION_ERROR_SYNTAX,
                           _("FEN board field, character %d: rank %d has %d points, not 9"),
                           column, 10 - rank, file);
              return FALSE;
            }
          if (rank == 0)
            {
              g_set_error (error, XQ_POSITION_ERROR, XQ_POSITION_ERROR_SYNTAX,
                           _("FEN board field, character %d: more than 10 ranks"), column);
              return FALSE;
            }
          rank--;
          file = 0;
        }
      else if (*s >= '1' && *s <= '9')
        {
          file += *s - '0';
          if (file > 9)
            {
              g_set_error (error, XQ_POSITION_ERROR, XQ_POSITION_ERROR_SYNTAX,
                           _("FEN board field, character %d: rank %d has more than 9 points"),
                           column, 10 - rank);
              return FALSE;
            }
        }
      else
        {
          XqPiece piece = piece_from_letter (*s);
          if (piece == XQ_EMPTY)
            {
              g_set_error (error, XQ_POSITION_ERROR, XQ_POSITION_ERROR_SYNTAX,
                           _("FEN board field, character %d: “%c” is not a piece letter (KABNRCP, also E and H)"),
                           column, g_ascii_isprint (*s) ? *s : '?');
              return FALSE;
            }
          if (file >= 9)
            {
              g_set_error (error, XQ_POSITION_ERROR, XQ_POSITION_ERROR_SYNTAX,
                           _("FEN board field, character %d: rank %d has more than 9 points"),
                           column, 10 - rank);
              return FALSE;
            }
          xq_position_put (&p, xq_sq_make (file, rank), piece);
          file++;
        }
    }
  if (rank != 0 || file != 9)
    {
      g_set_error (error, XQ_POSITION_ERROR, XQ_POSITION_ERROR_SYNTAX,
                   _("FEN board field: it describes %d complete ranks, not 10"),
                   file == 9 ? 10 - rank : 9 - rank);
      return FALSE;
    }

  if (nfields >= 2)
    {
      const char *side = fields[1];
      if (strcmp (side, "w") == 0 || strcmp (side, "r") == 0)
        xq_position_set_side (&p, XQ_RED);
      else if (strcmp (side, "b") == 0)
        xq_position_set_side (&p, XQ_BLACK);
      else
        {
          g_set_error (error, XQ_POSITION_ERROR, XQ_POSITION_ERROR_SYNTAX,
                       _("FEN side-to-move field: “%s” is not w (Red) or b (Black)"), side);
          return FALSE;
        }
    }
  for (int i = 2; i < 4 && i < nfields; i++)
    if (strcmp (fields[i], "-") != 0)
      {
        g_set_error (error, XQ_POSITION_ERROR, XQ_POSITION_ERROR_SYNTAX,
                     _("FEN field %d: expected “-”, found “%s”"), i + 1, fields[i]);
        return FALSE;
      }
  if (nfields >= 5 && !parse_counter (fields[4], &p.halfmove))
    {
      g_set_error (error, XQ_POSITION_ERROR, XQ_POSITION_ERROR_SYNTAX,
                   _("FEN half-move field: “%s” is not a whole number"), fields[4]);
      return FALSE;
    }
  if (nfields >= 6 && (!parse_counter (fields[5], &p.fullmove) || p.fullmove < 1))
    {
      g_set_error (error, XQ_POSITION_ERROR, XQ_POSITION_ERROR_SYNTAX,
                   _("FEN move-number field: “%s” is not a number from 1 up"), fields[5]);
      return FALSE;
    }
  if (nfields > 6)
    {
      g_set_error (error, XQ_POSITION_ERROR, XQ_POSITION_ERROR_SYNTAX,
                   _("FEN has %d fields; at most 6 are allowed"), nfields);
      return FALSE;
    }

  *pos = p;
  return TRUE;
}

gboolean
xq_position_set_fen (XqPosition *pos, const char *fen, GError **error)
{
  XqPosition p;

  if (!xq_position_set_fen_unchecked (&p, fen, error))
    return FALSE;
  if (!xq_position_validate (&p, error))
    return FALSE;
  *pos = p;
  return TRUE;
}

char *
xq_position_to_fen (const XqPosition *pos)
{
  GString *s = g_string_sized_new (96);

  for (int rank = 9; rank >= 0; rank--)
    {
      int empty = 0;
      for (int file = 0; file < 9; file++)
        {
          XqPiece p = pos->board[xq_sq_make (file, rank)];
          if (p == XQ_EMPTY)
            {
              empty++;
              continue;
            }
          if (empty > 0)
            g_string_append_c (s, (char) ('0' + empty));
          empty = 0;
          g_string_append_c (s, xq_piece_to_fen_char (p));
        }
      if (empty > 0)
        g_string_append_c (s, (char) ('0' + empty));
      if (rank > 0)
        g_string_append_c (s, '/');
    }
  g_string_append_printf (s, " %c - - %d %d", pos->side == XQ_RED ? 'w' : 'b',
                          pos->halfmove, pos->fullmove);
  return g_string_free (s, FALSE);
}

gboolean
xq_position_validate (const XqPosition *pos, GError **error)
{
  const XqTables *t = xq_tables ();
  XqPosition scratch;

  for (int c = 0; c < 2; c++)
    {
      int kings = pos->count[xq_piece_make (c, XQ_KING)];
      if (kings != 1)
        {
          g_set_error (error, XQ_POSITION_ERROR, XQ_POSITION_ERROR_KING_COUNT,
                       /* Translators: first %s is Red or Black */
                       _("%s has %d generals; each side needs exactly one"),
                       xq_color_name ((XqColor) c), kings);
          return FALSE;
        }
    }

  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    {
      XqPiece p = pos->board[sq];
      char where[3];

      if (p == XQ_EMPTY || t->can_stand[p][sq])
        continue;
      xq_square_to_text (sq, where);
      switch (xq_piece_type (p))
        {
        case XQ_KING:
          g_set_error (error, XQ_POSITION_ERROR, XQ_POSITION_ERROR_KING_PALACE,
                       _("The %s general on %s is outside its palace"),
                       xq_color_name (xq_piece_color (p)), where);
          break;
        case XQ_ADVISOR:
          g_set_error (error, XQ_POSITION_ERROR, XQ_POSITION_ERROR_ADVISOR_POINT,
                       _("The %s advisor on %s is off the palace diagonals, where no advisor can ever go"),
                       xq_color_name (xq_piece_color (p)), where);
          break;
        case XQ_ELEPHANT:
          g_set_error (error, XQ_POSITION_ERROR, XQ_POSITION_ERROR_ELEPHANT_POINT,
                       _("The %s elephant on %s is on a point no elephant can ever reach"),
                       xq_color_name (xq_piece_color (p)), where);
          break;
        case XQ_PAWN:
          g_set_error (error, XQ_POSITION_ERROR, XQ_POSITION_ERROR_PAWN_POINT,
                       _("The %s soldier on %s stands behind its starting point"),
                       xq_color_name (xq_piece_color (p)), where);
          break;
        case XQ_NO_TYPE:
        case XQ_HORSE:
        case XQ_CHARIOT:
        case XQ_CANNON:
        default:
          g_assert_not_reached ();
        }
      return FALSE;
    }

  for (int c = 0; c < 2; c++)
    for (int type = XQ_ADVISOR; type < XQ_N_TYPES; type++)
      {
        int n = pos->count[xq_piece_make (c, type)];
        if (n > max_count[type])
          {
            g_set_error (error, XQ_POSITION_ERROR, XQ_POSITION_ERROR_TOO_MANY,
                         /* Translators: "Red has 3 chariot pieces; a set holds only 2" */
                         _("%s has %d %s pieces; a set holds only %d"),
                         xq_color_name ((XqColor) c), n, xq_piece_type_name (type), max_count[type]);
            return FALSE;
          }
      }

  if (xq_position_kings_facing (pos))
    {
      g_set_error (error, XQ_POSITION_ERROR, XQ_POSITION_ERROR_FACING_KINGS,
                   _("The generals face each other on an open file"));
      return FALSE;
    }

  scratch = *pos;
  if (xq_position_in_check (&scratch, xq_color_other (pos->side)))
    {
      g_set_error (error, XQ_POSITION_ERROR, XQ_POSITION_ERROR_OPPONENT_IN_CHECK,
                   _("%s is in check but it is %s’s turn: the general could be captured"),
                   xq_color_name (xq_color_other (pos->side)), xq_color_name (pos->side));
      return FALSE;
    }
  return TRUE;
}

gboolean
xq_position_is_consistent (const XqPosition *pos)
{
  const XqTables *t = xq_tables ();
  guint8 count[16] = { 0 };
  guint64 key = pos->side == XQ_BLACK ? t->zobrist_side : 0;
  XqSquare king[2] = { XQ_NO_SQUARE, XQ_NO_SQUARE };

  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    {
      XqPiece p = pos->board[sq];
      if (p == XQ_EMPTY)
        continue;
      if ((p & 7) == 0 || p > 15)
        return FALSE;
      count[p]++;
      key ^= t->zobrist[p][sq];
      if (xq_piece_type (p) == XQ_KING)
        king[xq_piece_color (p)] = sq;
    }
  return key == pos->key && memcmp (count, pos->count, sizeof count) == 0 &&
         (count[xq_piece_make (XQ_RED, XQ_KING)] != 1 || king[0] == pos->king[0]) &&
         (count[xq_piece_make (XQ_BLACK, XQ_KING)] != 1 || king[1] == pos->king[1]);
}

/* ---- Attacks and check --------------------------------------------------- */

gboolean
xq_position_kings_facing (const XqPosition *pos)
{
  XqSquare rk = pos->king[XQ_RED], bk = pos->king[XQ_BLACK];

  if (rk == XQ_NO_SQUARE || bk == XQ_NO_SQUARE || xq_sq_file (rk) != xq_sq_file (bk))
    return FALSE;
  for (XqSquare sq = rk + 9; sq < bk; sq += 9)
    if (pos->board[sq] != XQ_EMPTY)
      return FALSE;
  return TRUE;
}

/* Is the general on k struck by a chariot, cannon, horse or soldier of
 * `by`, or does it face the general of `by` on an open file?  The check
 * test of legality, the hottest test of the solver: the geometry is
 * xq_tables_fighters_on's plus xq_position_kings_facing, in one walk from
 * k along its four lines, and a kind of piece `by` no longer has is not
 * looked for (the counts only ever overstate what the board holds, while
 * leaves_king_safe has a capture on the board).  With out == NULL it
 * stops at the first attacker and returns 1; else it writes every
 * attacker's point into out (XQ_ATTACKS_MAX_POINTS entries) and returns
 * their number.  test-solver-sample's /core/solver-sample/check-test
 * compares it with both on real positions. */
G_ALWAYS_INLINE static inline int
general_attackers (const XqPosition *pos, const XqTables *t, XqSquare k, XqColor by,
                   XqSquare *out)
{
  const XqPiece *b = pos->board;
  const XqPiece chariot = xq_piece_make (by, XQ_CHARIOT);
  const XqPiece cannon = xq_piece_make (by, XQ_CANNON);
  const XqPiece horse = xq_piece_make (by, XQ_HORSE);
  const XqPiece pawn = xq_piece_make (by, XQ_PAWN);
  const XqPiece king = xq_piece_make (by, XQ_KING);
  const XqSquare their_king = pos->king[by];
  const gboolean cannons = pos->count[cannon] != 0;
  int n = 0;

#define XQ_FOUND(s) G_STMT_START { if (out == NULL) return 1; out[n++] = (s); } G_STMT_END
  if (pos->count[pawn] != 0)
    {
      /* Soldiers: one step forward from behind, or sideways once crossed. */
      XqSquare behind = by == XQ_RED ? k - 9 : k + 9;

      if (behind >= 0 && behind < XQ_SQUARES && b[behind] == pawn)
        XQ_FOUND (behind);
      if (xq_sq_file (k) > 0 && b[k - 1] == pawn && xq_sq_crossed (by, k - 1))
        XQ_FOUND (k - 1);
      if (xq_sq_file (k) < 8 && b[k + 1] == pawn && xq_sq_crossed (by, k + 1))
        XQ_FOUND (k + 1);
    }
  if (pos->count[horse] != 0)
    for (const XqStep *h = t->horse_from[k]; h->to >= 0; h++)
      if (b[h->to] == horse && b[h->block] == XQ_EMPTY)
        XQ_FOUND (h->to);
  for (int d = 0; d < XQ_N_DIRS; d++)
    {
      const gint8 *ray = t->ray[k][d];
      XqPiece p;

      while (*ray >= 0 && b[*ray] == XQ_EMPTY)
        ray++;
      if (*ray < 0)
        continue;
      p = b[*ray];
      if (p == chariot || (p == king && *ray == their_king && d <= XQ_DIR_S))
        XQ_FOUND (*ray);
      if (!cannons)
        continue;
      /* The first piece is a screen: a cannon behind it strikes. */
      ray++;
      while (*ray >= 0 && b[*ray] == XQ_EMPTY)
        ray++;
      if (*ray >= 0 && b[*ray] == cannon)
        XQ_FOUND (*ray);
    }
#undef XQ_FOUND
  return n;
}

G_ALWAYS_INLINE static inline gboolean
general_attacked (const XqPosition *pos, const XqTables *t, XqSquare k, XqColor by)
{
  return general_attackers (pos, t, k, by, NULL) > 0;
}

gboolean
xq_position_in_check (const XqPosition *pos, XqColor c)
{
  XqSquare k = pos->king[c];

  if (k == XQ_NO_SQUARE)
    return FALSE;
  return general_attacked (pos, xq_tables (), k, xq_color_other (c));
}

int
xq_position_checkers (const XqPosition *pos, XqColor c, XqSquare *out)
{
  XqSquare k = pos->king[c];

  g_return_val_if_fail (out != NULL, 0);
  if (k == XQ_NO_SQUARE)
    return 0;
  return general_attackers (pos, xq_tables (), k, xq_color_other (c), out);
}

/* ---- Moves --------------------------------------------------------------- */

static inline int
gen_piece (const XqPosition *pos, const XqTables *t, XqSquare from, XqMove *out, int n)
{
  const XqPiece *b = pos->board;
  XqPiece p = b[from];
  XqColor us = xq_piece_color (p);

/* A target is open when empty or held by the enemy. */
#define OPEN(sq) (b[sq] == XQ_EMPTY || xq_piece_color (b[sq]) != us)

  switch (xq_piece_type (p))
    {
    case XQ_KING:
      for (int i = 0; t->king[from][i] >= 0; i++)
        if (OPEN (t->king[from][i]))
          out[n++] = xq_move_make (from, t->king[from][i]);
      break;
    case XQ_ADVISOR:
      for (int i = 0; t->advisor[from][i] >= 0; i++)
        if (OPEN (t->advisor[from][i]))
          out[n++] = xq_move_make (from, t->advisor[from][i]);
      break;
    case XQ_ELEPHANT:
      for (int i = 0; t->elephant[from][i].to >= 0; i++)
        if (b[t->elephant[from][i].block] == XQ_EMPTY && OPEN (t->elephant[from][i].to))
          out[n++] = xq_move_make (from, t->elephant[from][i].to);
      break;
    case XQ_HORSE:
      for (int i = 0; t->horse[from][i].to >= 0; i++)
        if (b[t->horse[from][i].block] == XQ_EMPTY && OPEN (t->horse[from][i].to))
          out[n++] = xq_move_make (from, t->horse[from][i].to);
      break;
    case XQ_CHARIOT:
      for (int d = 0; d < XQ_N_DIRS; d++)
        {
          const gint8 *ray = t->ray[from][d];
          for (int i = 0; ray[i] >= 0; i++)
            {
              if (b[ray[i]] == XQ_EMPTY)
                out[n++] = xq_move_make (from, ray[i]);
              else
                {
                  if (xq_piece_color (b[ray[i]]) != us)
                    out[n++] = xq_move_make (from, ray[i]);
                  break;
                }
            }
        }
      break;
    case XQ_CANNON:
      for (int d = 0; d < XQ_N_DIRS; d++)
        {
          const gint8 *ray = t->ray[from][d];
          int i = 0;
          for (; ray[i] >= 0 && b[ray[i]] == XQ_EMPTY; i++)
            out[n++] = xq_move_make (from, ray[i]);
          if (ray[i] < 0)
            continue;
          /* Jump exactly one screen, of either colour, to capture. */
          for (i++; ray[i] >= 0; i++)
            if (b[ray[i]] != XQ_EMPTY)
              {
                if (xq_piece_color (b[ray[i]]) != us)
                  out[n++] = xq_move_make (from, ray[i]);
                break;
              }
        }
      break;
    case XQ_PAWN:
      for (int i = 0; t->pawn[us][from][i] >= 0; i++)
        if (OPEN (t->pawn[us][from][i]))
          out[n++] = xq_move_make (from, t->pawn[us][from][i]);
      break;
    case XQ_NO_TYPE:
    default:
      break;
    }
#undef OPEN
  return n;
}

#define BYTE_LOW_BITS G_GUINT64_CONSTANT (0x0101010101010101)

/* Of the eight points from 8 * word on (fewer at the board's end), those
 * holding a piece of colour c, as the low bit of each byte: a piece is
 * (colour << 3) | type with a type from 1 to 7, so a Black piece has bit 3
 * set and a Red one bit 3 clear and one of bits 0-2 set. */
static inline guint64
colour_bytes (const XqPiece *b, int word, XqColor c)
{
  guint64 x = 0;

  if (word < XQ_SQUARES / 8)
    memcpy (&x, b + 8 * word, 8);
  else
    memcpy (&x, b + 8 * word, XQ_SQUARES % 8);
  x = GUINT64_FROM_LE (x);   /* byte i is point 8 * word + i */
  if (c == XQ_BLACK)
    return (x >> 3) & BYTE_LOW_BITS;
  return (x | (x >> 1) | (x >> 2)) & ~(x >> 3) & BYTE_LOW_BITS;
}

/* The points of the side to move's pieces, in board order, into out (at
 * most 16); returns their number.  Eight points at a time, and it stops
 * at the side's last piece (the counts). */
static inline int
side_squares (const XqPosition *pos, XqSquare *out)
{
  int left = 0, n = 0;

  for (int type = XQ_KING; type <= XQ_PAWN; type++)
    left += pos->count[xq_piece_make (pos->side, type)];
  for (int word = 0; word * 8 < XQ_SQUARES && n < left; word++)
    for (guint64 m = colour_bytes (pos->board, word, pos->side); m != 0; m &= m - 1)
      out[n++] = word * 8 + (__builtin_ctzll (m) >> 3);
  return n;
}

int
xq_position_pseudo_moves (const XqPosition *pos, XqMove *out)
{
  const XqTables *t = xq_tables ();
  XqSquare own[XQ_SQUARES];
  int n = 0, pieces = side_squares (pos, own);

  for (int i = 0; i < pieces; i++)
    n = gen_piece (pos, t, own[i], out, n);
  return n;
}

/* Plays m on the board only (no key, no counters), tests whether the mover's
 * general is then attacked, and takes it back.  The cheap core of legality. */
static inline gboolean
leaves_king_safe (XqPosition *pos, const XqTables *t, XqMove m)
{
  XqSquare from = xq_move_from (m), to = xq_move_to (m);
  XqPiece moving = pos->board[from], captured = pos->board[to];
  XqColor us = xq_piece_color (moving);
  XqSquare saved_king = pos->king[us];
  gboolean safe;

  pos->board[to] = moving;
  pos->board[from] = XQ_EMPTY;
  if (xq_piece_type (moving) == XQ_KING)
    pos->king[us] = to;

  safe = !general_attacked (pos, t, pos->king[us], xq_color_other (us));

  pos->king[us] = saved_king;
  pos->board[from] = moving;
  pos->board[to] = captured;
  return safe;
}

/* Along one ray from the general on k: is the first piece an enemy
 * chariot (or the enemy general, looking along the file), or the second an
 * enemy cannon, once a piece has left `from` and one stands on `to`? */
static inline gboolean
ray_strikes (const XqPiece *b, const XqTables *t, XqSquare k, int dir, XqSquare from,
             XqSquare to, XqColor them)
{
  const gint8 *ray = t->ray[k][dir];
  int i = 0, seen = 0;

  for (; ray[i] >= 0; i++)
    {
      XqSquare sq = ray[i];
      XqPiece p;

      if (sq == to)
        p = (XqPiece) 0xff;   /* the mover: a piece of ours */
      else if (sq == from)
        continue;
      else if ((p = b[sq]) == XQ_EMPTY)
        continue;
      if (seen++ == 0)
        {
          if (p == xq_piece_make (them, XQ_CHARIOT) ||
              (p == xq_piece_make (them, XQ_KING) && (dir == XQ_DIR_N || dir == XQ_DIR_S)))
            return TRUE;
        }
      else
        return p == xq_piece_make (them, XQ_CANNON);
    }
  return FALSE;
}

/* The ray of k that sq lies on (XQ_DIR_*), or -1. */
static inline int
ray_towards (const XqTables *t, XqSquare k, XqSquare sq)
{
  return t->line[k][sq];
}

/* Does moving a piece other than the general from `from` to `to` expose
 * the general on k, not in check before?  Only the rays through the two
 * points can open, and a horse only behind a leg that the piece leaves. */
static inline gboolean
exposes_general (const XqPosition *pos, const XqTables *t, XqSquare k, XqSquare from,
                 XqSquare to)
{
  XqColor them = xq_color_other (xq_piece_color (pos->board[from]));
  int dir_from = ray_towards (t, k, from), dir_to = ray_towards (t, k, to);

  if (dir_from >= 0 && ray_strikes (pos->board, t, k, dir_from, from, to, them))
    return TRUE;
  if (dir_to >= 0 && dir_to != dir_from && ray_strikes (pos->board, t, k, dir_to, from, to, them))
    return TRUE;
  /* Off k's lines and near it, `from` is diagonally next to k: the leg
   * of the horses on the two points beyond it. */
  if (dir_from < 0 && xq_tables_in (t->near[k], from))
    {
      const XqPiece horse = xq_piece_make (them, XQ_HORSE);

      for (const XqStep *h = t->horse_from[k]; h->to >= 0; h++)
        if (h->block == from && h->to != to && pos->board[h->to] == horse)
          return TRUE;
    }
  return FALSE;
}

/* leaves_king_safe for a pseudo-legal move of the side to move, `check`
 * telling whether that side is in check now.  A side not in check that
 * moves a piece other than its general between two points off its
 * general's lines and diagonal neighbours stays out of check, with no
 * test at all; one that touches them is exposed only along the rays
 * through the two points or behind a horse's leg it leaves. */
static inline gboolean
pseudo_is_legal (XqPosition *pos, const XqTables *t, XqMove m, gboolean check)
{
  XqSquare k = pos->king[pos->side];
  XqSquare from = xq_move_from (m), to = xq_move_to (m);
  gboolean near;

  if (k == XQ_NO_SQUARE || from == k)
    return leaves_king_safe (pos, t, m);
  near = xq_tables_in (t->near[k], from) || xq_tables_in (t->near[k], to);
  if (!check)
    return !near || !exposes_general (pos, t, k, from, to);
  /* In check, a far move does not change the attack either, unless it
   * captures the attacker (a horse is the only one off those points). */
  if (!near && pos->board[to] == XQ_EMPTY)
    return FALSE;
  return leaves_king_safe (pos, t, m);
}

/* Does the non-general move from `from` to `to` answer the check of the
 * piece on c?  A soldier must be taken; a horse taken or its leg blocked;
 * a chariot, a cannon or the facing general only by a move that leaves or
 * enters its line through k, where exposes_general then walks the line
 * again as it will stand (taken, blocked, or for a cannon a screen gone
 * or added). */
static inline gboolean
may_answer_check (const XqTables *t, const XqPiece *b, XqSquare k, XqSquare c, XqSquare from,
                  XqSquare to)
{
  switch (xq_piece_type (b[c]))
    {
    case XQ_PAWN:
      return to == c;
    case XQ_HORSE:
      {
        int df = xq_sq_file (k) - xq_sq_file (c), dr = xq_sq_rank (k) - xq_sq_rank (c);
        XqSquare leg = dr * dr == 4 ? c + (dr > 0 ? 9 : -9) : c + (df > 0 ? 1 : -1);

        return to == c || to == leg;
      }
    case XQ_CHARIOT:
    case XQ_CANNON:
    case XQ_KING:
      {
        int d = ray_towards (t, k, c);

        return d == ray_towards (t, k, from) || d == ray_towards (t, k, to);
      }
    case XQ_NO_TYPE:
    case XQ_ADVISOR:
    case XQ_ELEPHANT:
    default:
      return TRUE;
    }
}

/* pseudo_is_legal for a side in check by the pieces on checkers[0 ..
 * n_checkers - 1] (xq_position_checkers), without playing the move: a
 * move other than the general's must answer every check, and then, as
 * only the lines through the two points it touches and a horse behind a
 * leg it leaves can change, exposes_general tells the rest. */
static inline gboolean
legal_in_check (XqPosition *pos, const XqTables *t, XqMove m, const XqSquare *checkers,
                int n_checkers)
{
  XqSquare k = pos->king[pos->side];
  XqSquare from = xq_move_from (m), to = xq_move_to (m);

  if (k == XQ_NO_SQUARE || from == k)
    return leaves_king_safe (pos, t, m);
  if (!xq_tables_in (t->near[k], from) && !xq_tables_in (t->near[k], to) &&
      pos->board[to] == XQ_EMPTY)
    return FALSE;
  for (int i = 0; i < n_checkers; i++)
    if (!may_answer_check (t, pos->board, k, checkers[i], from, to))
      return FALSE;
  return !exposes_general (pos, t, k, from, to);
}

/* The legal ones of the n pseudo-legal moves in moves, kept in order. */
static inline int
keep_legal (XqPosition *pos, const XqTables *t, XqMove *moves, int n)
{
  XqSquare checkers[XQ_ATTACKS_MAX_POINTS];
  int n_checkers = general_attackers (pos, t, pos->king[pos->side],
                                      xq_color_other (pos->side), checkers);
  int legal = 0;

  if (n_checkers == 0)
    {
      for (int i = 0; i < n; i++)
        if (pseudo_is_legal (pos, t, moves[i], FALSE))
          moves[legal++] = moves[i];
    }
  else
    for (int i = 0; i < n; i++)
      if (legal_in_check (pos, t, moves[i], checkers, n_checkers))
        moves[legal++] = moves[i];
  return legal;
}

gboolean
xq_position_pseudo_is_legal (XqPosition *pos, XqMove m, gboolean in_check)
{
  return pseudo_is_legal (pos, xq_tables (), m, in_check);
}

gboolean
xq_position_move_may_check (const XqPosition *pos, XqMove m)
{
  XqSquare k = pos->king[xq_color_other (pos->side)];
  XqSquare from = xq_move_from (m), to = xq_move_to (m);
  const XqTables *t = xq_tables ();

  if (k == XQ_NO_SQUARE || xq_tables_in (t->near[k], from) || xq_tables_in (t->near[k], to))
    return TRUE;
  return xq_piece_type (pos->board[from]) == XQ_HORSE && xq_tables_in (t->horse_jump[k], to);
}

int
xq_position_legal_moves (XqPosition *pos, XqMove *out)
{
  const XqTables *t = xq_tables ();
  int n;

  g_return_val_if_fail (pos->king[pos->side] != XQ_NO_SQUARE, 0);

  n = xq_position_pseudo_moves (pos, out);
  return keep_legal (pos, t, out, n);
}

int
xq_position_legal_moves_from (XqPosition *pos, XqSquare from, XqMove *out)
{
  const XqTables *t = xq_tables ();
  int n;

  g_return_val_if_fail (from >= 0 && from < XQ_SQUARES, 0);
  if (pos->board[from] == XQ_EMPTY || xq_piece_color (pos->board[from]) != pos->side ||
      pos->king[pos->side] == XQ_NO_SQUARE)
    return 0;
  n = gen_piece (pos, t, from, out, 0);
  return keep_legal (pos, t, out, n);
}

gboolean
xq_position_is_pseudo_legal (const XqPosition *pos, XqMove m)
{
  XqMove moves[XQ_MAX_MOVES];
  XqSquare from = xq_move_from (m);
  int n;

  if (m == XQ_MOVE_NONE || from >= XQ_SQUARES || xq_move_to (m) >= XQ_SQUARES)
    return FALSE;
  if (pos->board[from] == XQ_EMPTY || xq_piece_color (pos->board[from]) != pos->side)
    return FALSE;
  n = gen_piece (pos, xq_tables (), from, moves, 0);
  for (int i = 0; i < n; i++)
    if (moves[i] == m)
      return TRUE;
  return FALSE;
}

gboolean
xq_position_is_legal (XqPosition *pos, XqMove m)
{
  return pos->king[pos->side] != XQ_NO_SQUARE &&
         xq_position_is_pseudo_legal (pos, m) &&
         leaves_king_safe (pos, xq_tables (), m);
}

gboolean
xq_position_has_legal_move (XqPosition *pos)
{
  const XqTables *t = xq_tables ();
  XqMove moves[XQ_MAX_MOVES];
  XqSquare checkers[XQ_ATTACKS_MAX_POINTS];
  int n_checkers = pos->king[pos->side] == XQ_NO_SQUARE
                     ? 0
                     : general_attackers (pos, t, pos->king[pos->side],
                                          xq_color_other (pos->side), checkers);
  gboolean check = n_checkers > 0;
  XqSquare own[XQ_SQUARES];
  int pieces = side_squares (pos, own);

  /* In check the general's own steps are the likeliest way out. */
  if (check && pos->king[pos->side] != XQ_NO_SQUARE)
    {
      int n = gen_piece (pos, t, pos->king[pos->side], moves, 0);

      for (int i = 0; i < n; i++)
        if (leaves_king_safe (pos, t, moves[i]))
          return TRUE;
    }
  for (int p = 0; p < pieces; p++)
    {
      int n;

      if (check && own[p] == pos->king[pos->side])
        continue;
      n = gen_piece (pos, t, own[p], moves, 0);
      for (int i = 0; i < n; i++)
        if (check ? legal_in_check (pos, t, moves[i], checkers, n_checkers)
                  : pseudo_is_legal (pos, t, moves[i], FALSE))
          return TRUE;
    }
  return FALSE;
}

gboolean
xq_position_play_line (XqPosition *pos, const XqMove *moves, int n)
{
  g_return_val_if_fail (pos != NULL && (moves != NULL || n == 0), FALSE);
  for (int i = 0; i < n; i++)
    {
      XqUndo u;

      if (!xq_position_is_legal (pos, moves[i]))
        return FALSE;
      xq_position_do_move (pos, moves[i], &u);
    }
  return TRUE;
}

void
xq_position_do_move (XqPosition *pos, XqMove m, XqUndo *undo)
{
  const XqTables *t = xq_tables ();
  XqSquare from = xq_move_from (m), to = xq_move_to (m);
  XqPiece moving = pos->board[from], captured = pos->board[to];

  undo->captured = captured;
  undo->halfmove = pos->halfmove;
  undo->fullmove = pos->fullmove;
  undo->key = pos->key;

  pos->key ^= t->zobrist[moving][from] ^ t->zobrist[moving][to] ^ t->zobrist_side;
  if (captured != XQ_EMPTY)
    {
      pos->key ^= t->zobrist[captured][to];
      pos->count[captured]--;
      pos->halfmove = 0;
      if (xq_piece_type (captured) == XQ_KING)
        pos->king[xq_piece_color (captured)] = XQ_NO_SQUARE;
    }
  else
    pos->halfmove++;
  pos->board[to] = moving;
  pos->board[from] = XQ_EMPTY;
  if (xq_piece_type (moving) == XQ_KING)
    pos->king[xq_piece_color (moving)] = to;
  if (pos->side == XQ_BLACK)
    pos->fullmove++;
  pos->side = xq_color_other (pos->side);
}

void
xq_position_undo_move (XqPosition *pos, XqMove m, const XqUndo *undo)
{
  XqSquare from = xq_move_from (m), to = xq_move_to (m);
  XqPiece moving = pos->board[to];

  pos->side = xq_color_other (pos->side);
  pos->board[from] = moving;
  pos->board[to] = undo->captured;
  if (xq_piece_type (moving) == XQ_KING)
    pos->king[xq_piece_color (moving)] = from;
  if (undo->captured != XQ_EMPTY)
    {
      pos->count[undo->captured]++;
      if (xq_piece_type (undo->captured) == XQ_KING)
        pos->king[xq_piece_color (undo->captured)] = to;
    }
  pos->halfmove = undo->halfmove;
  pos->fullmove = undo->fullmove;
  pos->key = undo->key;
}

void
xq_position_do_null (XqPosition *pos, XqUndo *undo)
{
  undo->captured = XQ_EMPTY;
  undo->halfmove = pos->halfmove;
  undo->fullmove = pos->fullmove;
  undo->key = pos->key;
  pos->key ^= xq_tables ()->zobrist_side;
  pos->side = xq_color_other (pos->side);
}

void
xq_position_undo_null (XqPosition *pos, const XqUndo *undo)
{
  pos->side = xq_color_other (pos->side);
  pos->key = undo->key;
  pos->halfmove = undo->halfmove;
  pos->fullmove = undo->fullmove;
}

gboolean
xq_position_gives_check (XqPosition *pos, XqMove m)
{
  const XqTables *t = xq_tables ();
  XqSquare from = xq_move_from (m), to = xq_move_to (m);
  XqPiece moving = pos->board[from], captured = pos->board[to];
  XqColor us = pos->side, them = xq_color_other (us);
  XqSquare saved_king = pos->king[us];
  gboolean check;

  /* Played on the board alone (the key and the counters are not looked
   * at), as leaves_king_safe does; taking the general ends the game, and
   * a side without a general is in check by nothing. */
  if (pos->king[them] == XQ_NO_SQUARE || xq_piece_type (captured) == XQ_KING)
    return FALSE;
  pos->board[to] = moving;
  pos->board[from] = XQ_EMPTY;
  if (xq_piece_type (moving) == XQ_KING)
    pos->king[us] = to;
  check = general_attacked (pos, t, pos->king[them], us);
  pos->king[us] = saved_king;
  pos->board[from] = moving;
  pos->board[to] = captured;
  return check;
}

XqStatus
xq_position_status (XqPosition *pos)
{
  gboolean check = xq_position_in_check (pos, pos->side);

  if (xq_position_has_legal_move (pos))
    return check ? XQ_STATUS_CHECK : XQ_STATUS_ONGOING;
  /* In xiangqi the side that cannot move loses either way (困斃). */
  return check ? XQ_STATUS_CHECKMATE : XQ_STATUS_STALEMATE;
}

gboolean
xq_position_threatens_mate (const XqPosition *pos)
{
  XqPosition p = *pos;
  XqMove moves[XQ_MAX_MOVES];
  XqUndo null_undo;
  int n;

  if (xq_position_in_check (&p, p.side))
    return FALSE;
  xq_position_do_null (&p, &null_undo);
  n = xq_position_legal_moves (&p, moves);
  for (int i = 0; i < n; i++)
    {
      XqUndo u;
      gboolean mate;

      if (!xq_position_gives_check (&p, moves[i]))
        continue;
      xq_position_do_move (&p, moves[i], &u);
      mate = !xq_position_has_legal_move (&p);
      xq_position_undo_move (&p, moves[i], &u);
      if (mate)
        return TRUE;
    }
  return FALSE;
}

/* ---- Perft --------------------------------------------------------------- */

static guint64
perft_rec (XqPosition *pos, const XqTables *t, int depth)
{
  XqMove moves[XQ_MAX_MOVES];
  int n = xq_position_pseudo_moves (pos, moves);
  guint64 total = 0;

  /* Bulk counting: at the last ply only legality is needed, not the move. */
  if (depth == 1)
    {
      for (int i = 0; i < n; i++)
        total += leaves_king_safe (pos, t, moves[i]);
      return total;
    }
  for (int i = 0; i < n; i++)
    {
      XqUndo u;
      if (!leaves_king_safe (pos, t, moves[i]))
        continue;
      xq_position_do_move (pos, moves[i], &u);
      total += perft_rec (pos, t, depth - 1);
      xq_position_undo_move (pos, moves[i], &u);
    }
  return total;
}

guint64
xq_position_perft (XqPosition *pos, int depth)
{
  if (depth <= 0)
    return 1;
  return perft_rec (pos, xq_tables (), depth);
}
