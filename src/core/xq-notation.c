/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-notation"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-notation.h"

/* How it works.  WXF and Chinese notation share one structure: a
 * designator naming the piece (two tokens), a direction and a destination.
 * Both are first generated as a four-character ASCII token string:
 *
 *   WXF      "C2=5", "H++7", "P3=4", "++=4", "3-=4"
 *   Chinese  "C2=5", "FH+7" (前馬進七), "MP=6" (中兵平六), "1P=4" (一兵平四),
 *            "F7=6" (前七平六: pawns doubled on two files)
 *
 * where F/M/B stand for 前/中/後 and the digits are file numbers, distances
 * or (only at the start of a Chinese form) ordinals.  The Chinese token
 * string is then spelled out in one script.  The parser maps whatever it is
 * given back onto tokens and compares them with the tokens of every legal
 * move, so the parser can never disagree with the generator. */

G_DEFINE_QUARK (xq-notation-error-quark, xq_notation_error)

/* ---- Designators --------------------------------------------------------- */

/* The kinds of designator are the header's XqNotationDesignator. */
typedef XqNotationDesignator DesigKind;
#define DESIG_FILE   XQ_NOTATION_BY_FILE    /* the piece and its file */
#define DESIG_TANDEM XQ_NOTATION_TANDEM     /* two of a kind on one file: front or rear */
#define DESIG_PAWNS  XQ_NOTATION_PAWNS      /* three to five soldiers on one file */
#define DESIG_MULTI  XQ_NOTATION_MULTI      /* soldiers doubled on two or more files */

typedef struct {
  XqPieceType type;
  XqColor     color;
  DesigKind   kind;
  int         file;    /* the mover's own file number, 1..9 */
  int         index;   /* 0 = the one nearest the opponent */
  int         count;   /* identical pieces on that file */
} Designator;

/* At most a canonical form and a few alternatives, two tokens each. */
#define MAX_FORMS 4
typedef struct {
  char form[MAX_FORMS][3];
  int  n;
} Forms;

static const char wxf_letters[XQ_N_TYPES] = { '?', 'K', 'A', 'E', 'H', 'R', 'C', 'P' };

static int
own_file (XqColor c, int file)
{
  /* Each side counts files from its own right-hand side. */
  return c == XQ_RED ? 9 - file : file + 1;
}

static void
designate (const XqPosition *pos, XqSquare sq, Designator *d)
{
  XqPiece p = pos->board[sq];
  int f = xq_sq_file (sq), r = xq_sq_rank (sq);
  int tandem_files = 0;

  g_assert (p != XQ_EMPTY);
  d->type = xq_piece_type (p);
  d->color = xq_piece_color (p);
  d->kind = DESIG_FILE;
  d->file = own_file (d->color, f);
  d->index = 0;
  d->count = 1;

  /* Advisors and elephants keep their file even when doubled: the
   * direction already tells the two apart, and the general is alone. */
  if (d->type == XQ_KING || d->type == XQ_ADVISOR || d->type == XQ_ELEPHANT)
    return;

  d->count = 0;
  for (int rr = 0; rr < XQ_RANKS; rr++)
    if (pos->board[xq_sq_make (f, rr)] == p)
      {
        d->count++;
        if (d->color == XQ_RED ? rr > r : rr < r)
          d->index++;
      }
  if (d->count == 1)
    return;
  if (d->type != XQ_PAWN)
    {
      d->kind = DESIG_TANDEM;
      return;
    }
  for (int ff = 0; ff < XQ_FILES; ff++)
    {
      int n = 0;
      for (int rr = 0; rr < XQ_RANKS; rr++)
        n += pos->board[xq_sq_make (ff, rr)] == p;
      tandem_files += n >= 2;
    }
  if (tandem_files >= 2)
    d->kind = DESIG_MULTI;
  else
    d->kind = d->count == 2 ? DESIG_TANDEM : DESIG_PAWNS;
}

static void
forms_add (Forms *forms, char a, char b)
{
  /* A real bound, not an assertion: release builds drop assertions, and the
   * arrays below must never be overrun. */
  g_return_if_fail (forms->n < MAX_FORMS);
  forms->form[forms->n][0] = a;
  forms->form[forms->n][1] = b;
  forms->form[forms->n][2] = '\0';
  forms->n++;
}

/* WXF designators: the WXF page's forms first, then the ones other programs
 * write (FSF's ordinal + file, or the bare file when it happens to be
 * unique), which are accepted on input only. */
static void
wxf_forms (const Designator *d, Forms *forms)
{
  char letter = wxf_letters[d->type];
  char file = (char) ('0' + d->file);
  char ordinal = (char) ('1' + d->index);
  gboolean front = d->index == 0, rear = d->index == d->count - 1;

  forms->n = 0;
  switch (d->kind)
    {
    case DESIG_FILE:
      forms_add (forms, letter, file);
      return;
    case DESIG_TANDEM:
      forms_add (forms, letter, front ? '+' : '-');
      break;
    case DESIG_PAWNS:
      if (d->count == 3)
        forms_add (forms, 'P', front ? '+' : rear ? '-' : file);
      else if (front)
        forms_add (forms, '+', '+');
      else if (rear)
        forms_add (forms, '-', '-');
      else if (d->index == 1)
        forms_add (forms, 'P', '+');
      else if (d->index == d->count - 2)
        forms_add (forms, 'P', '-');
      else
        forms_add (forms, 'P', file);   /* the middle one of five */
      break;
    case DESIG_MULTI:
      forms_add (forms, file, front ? '+' : rear ? '-' : file);
      break;
    }
  if (d->type == XQ_PAWN)
    forms_add (forms, ordinal, file);
  forms_add (forms, letter, file);
}

/* Chinese designators as tokens, canonical form first. */
static void
zh_forms (const Designator *d, Forms *forms)
{
  char letter = wxf_letters[d->type];
  char file = (char) ('0' + d->file);
  char ordinal = (char) ('1' + d->index);
  gboolean front = d->index == 0, rear = d->index == d->count - 1;
  char position = front ? 'F' : rear ? 'B' : 'M';

  forms->n = 0;
  switch (d->kind)
    {
    case DESIG_FILE:
      forms_add (forms, letter, file);
      return;
    case DESIG_TANDEM:
      forms_add (forms, position, letter);
      break;
    case DESIG_PAWNS:
      if (d->count == 3)
        {
          forms_add (forms, position, letter);
          forms_add (forms, ordinal, letter);
        }
      else
        forms_add (forms, ordinal, letter);
      break;
    case DESIG_MULTI:
      /* The soldier's name gives way to its file number: 前七平六. */
      forms_add (forms, position, file);
      break;
    }
  forms_add (forms, letter, file);
}

/* ---- Generating ---------------------------------------------------------- */

/* Direction and destination tokens, shared by WXF and Chinese. */
static void
move_tail (XqMove m, XqPieceType type, XqColor color, char *dir, char *dest)
{
  XqSquare from = xq_move_from (m), to = xq_move_to (m);
  int forward = xq_sq_rank (to) - xq_sq_rank (from);

  if (color == XQ_BLACK)
    forward = -forward;
  *dir = forward > 0 ? '+' : forward < 0 ? '-' : '=';
  /* Pieces that move diagonally always change file, so they name the file
   * they land on; straight movers going forwards or back count ranks. */
  if (forward == 0 || type == XQ_ADVISOR || type == XQ_ELEPHANT || type == XQ_HORSE)
    *dest = (char) ('0' + own_file (color, xq_sq_file (to)));
  else
    *dest = (char) ('0' + ABS (forward));
}

/* Token strings of move m (canonical one first) in WXF or Chinese. */
static void
move_tokens (const XqPosition *pos, XqMove m, gboolean chinese, char out[MAX_FORMS][5], int *n)
{
  Designator d;
  Forms forms;
  char dir, dest;

  designate (pos, xq_move_from (m), &d);
  if (chinese)
    zh_forms (&d, &forms);
  else
    wxf_forms (&d, &forms);
  move_tail (m, d.type, d.color, &dir, &dest);
  for (int i = 0; i < forms.n; i++)
    {
      out[i][0] = forms.form[i][0];
      out[i][1] = forms.form[i][1];
      out[i][2] = dir;
      out[i][3] = dest;
      out[i][4] = '\0';
    }
  *n = forms.n;
}

static const char *const zh_numerals[10] = {
  "〇", "一", "二", "三", "四", "五", "六", "七", "八", "九",
};

static const char *
zh_piece (XqPieceType t, XqColor c, gboolean traditional)
{
  switch (t)
    {
    case XQ_KING:
      return c == XQ_RED ? (traditional ? "帥" : "帅") : (traditional ? "將" : "将");
    case XQ_ADVISOR:
      return c == XQ_RED ? "仕" : "士";
    case XQ_ELEPHANT:
      return c == XQ_RED ? "相" : "象";
    case XQ_HORSE:
      return traditional ? "馬" : "马";
    case XQ_CHARIOT:
      return traditional ? "車" : "车";
    case XQ_CANNON:
      return "炮";
    case XQ_PAWN:
      return c == XQ_RED ? "兵" : "卒";
    case XQ_NO_TYPE:
    default:
      g_assert_not_reached ();
    }
}

static XqPieceType
type_from_letter (char letter)
{
  for (int t = XQ_KING; t < XQ_N_TYPES; t++)
    if (wxf_letters[t] == letter)
      return (XqPieceType) t;
  return XQ_NO_TYPE;
}

/* Spells a Chinese token string in one script. */
static char *
zh_spell (const char *tokens, XqColor color, gboolean traditional)
{
  GString *s = g_string_new (NULL);

  for (int i = 0; tokens[i] != '\0'; i++)
    {
      char t = tokens[i];

      if (t >= '1' && t <= '9')
        {
          /* Red writes numbers in Chinese, Black in Arabic; an ordinal
           * (一兵, 二兵, only ever first) is a word, so it stays Chinese. */
          if (color == XQ_RED || i == 0)
            g_string_append (s, zh_numerals[t - '0']);
          else
            g_string_append_c (s, t);
        }
      else if (t == 'F')
        g_string_append (s, "前");
      else if (t == 'M')
        g_string_append (s, "中");
      else if (t == 'B')
        g_string_append (s, traditional ? "後" : "后");
      else if (t == '+')
        g_string_append (s, traditional ? "進" : "进");
      else if (t == '-')
        g_string_append (s, "退");
      else if (t == '=')
        g_string_append (s, "平");
      else
        g_string_append (s, zh_piece (type_from_letter (t), color, traditional));
    }
  return g_string_free (s, FALSE);
}

char *
xq_notation_format (XqPosition *pos, XqMove m, XqNotation notation)
{
  char tokens[MAX_FORMS][5];
  char iccs[5];
  int n;

  g_return_val_if_fail (pos != NULL, NULL);
  g_return_val_if_fail (m != XQ_MOVE_NONE, NULL);
  g_return_val_if_fail (pos->board[xq_move_from (m)] != XQ_EMPTY, NULL);

  switch (notation)
    {
    case XQ_NOTATION_ICCS:
      xq_move_to_iccs (m, iccs);
      return g_strdup (iccs);
    case XQ_NOTATION_WXF:
      move_tokens (pos, m, FALSE, tokens, &n);
      return g_strdup (tokens[0]);
    case XQ_NOTATION_ZH_HANS:
    case XQ_NOTATION_ZH_HANT:
      move_tokens (pos, m, TRUE, tokens, &n);
      return zh_spell (tokens[0], xq_piece_color (pos->board[xq_move_from (m)]),
                       notation == XQ_NOTATION_ZH_HANT);
    default:
      g_return_val_if_reached (NULL);
    }
}

/* ---- Parts --------------------------------------------------------------- */

void
xq_notation_parts (const XqPosition *pos, XqMove m, XqNotationParts *out)
{
  XqSquare from, to;
  Designator d;
  int forward;

  g_return_if_fail (pos != NULL && out != NULL && m != XQ_MOVE_NONE);
  from = xq_move_from (m);
  to = xq_move_to (m);
  g_return_if_fail (pos->board[from] != XQ_EMPTY);

  designate (pos, from, &d);
  memset (out, 0, sizeof *out);
  out->type = d.type;
  out->color = d.color;
  out->designator = d.kind;
  out->from_file = d.file;
  out->index = d.index;
  out->count = d.count;
  forward = xq_sq_rank (to) - xq_sq_rank (from);
  if (d.color == XQ_BLACK)
    forward = -forward;
  out->direction = forward > 0 ? XQ_NOTATION_FORWARD : forward < 0 ? XQ_NOTATION_BACK : XQ_NOTATION_ACROSS;
  out->to_file = own_file (d.color, xq_sq_file (to));
  out->steps = ABS (forward);
  /* The same rule as move_tail's, which writes every move. */
  out->names_file = forward == 0 || d.type == XQ_ADVISOR || d.type == XQ_ELEPHANT || d.type == XQ_HORSE;
}

static const char direction_tokens[] = { '+', '-', '=' };

char *
xq_notation_spell (const XqNotationParts *parts, XqNotation notation)
{
  gboolean chinese = notation == XQ_NOTATION_ZH_HANS || notation == XQ_NOTATION_ZH_HANT;
  Designator d;
  Forms forms;
  char tokens[5];
  int dest;

  g_return_val_if_fail (parts != NULL, NULL);
  g_return_val_if_fail (notation != XQ_NOTATION_ICCS, NULL);
  dest = parts->names_file ? parts->to_file : parts->steps;
  if (parts->type <= XQ_NO_TYPE || parts->type >= XQ_N_TYPES || parts->from_file < 1 || parts->from_file > 9 ||
      dest < 1 || dest > 9 || parts->count < 1 || parts->count > XQ_RANKS || parts->index < 0 ||
      parts->index >= parts->count || (guint) parts->direction >= G_N_ELEMENTS (direction_tokens))
    return NULL;
  d.type = parts->type;
  d.color = parts->color;
  d.kind = parts->designator;
  d.file = parts->from_file;
  d.index = parts->index;
  d.count = parts->count;
  if (chinese)
    zh_forms (&d, &forms);
  else
    wxf_forms (&d, &forms);
  tokens[0] = forms.form[0][0];
  tokens[1] = forms.form[0][1];
  tokens[2] = direction_tokens[parts->direction];
  tokens[3] = (char) ('0' + dest);
  tokens[4] = '\0';
  if (!chinese)
    return g_strdup (tokens);
  return zh_spell (tokens, parts->color, notation == XQ_NOTATION_ZH_HANT);
}

char *
xq_notation_spell_number (int n, XqColor color, XqNotation notation)
{
  g_return_val_if_fail (n >= 1 && n <= 9, NULL);
  if ((notation == XQ_NOTATION_ZH_HANS || notation == XQ_NOTATION_ZH_HANT) && color == XQ_RED)
    return g_strdup (zh_numerals[n]);
  return g_strdup_printf ("%d", n);
}

const char *
xq_notation_spell_direction (XqNotationDirection direction, XqNotation notation)
{
  gboolean chinese = notation == XQ_NOTATION_ZH_HANS || notation == XQ_NOTATION_ZH_HANT;

  switch (direction)
    {
    case XQ_NOTATION_FORWARD:
      return !chinese ? "+" : notation == XQ_NOTATION_ZH_HANT ? "進" : "进";
    case XQ_NOTATION_BACK:
      return !chinese ? "-" : "退";
    case XQ_NOTATION_ACROSS:
      return !chinese ? "=" : "平";
    default:
      g_return_val_if_reached (NULL);
    }
}

const char *
xq_notation_spell_piece (XqPieceType type, XqColor color, XqNotation notation)
{
  static const char *const wxf_words[XQ_N_TYPES] = { "?", "K", "A", "E", "H", "R", "C", "P" };

  g_return_val_if_fail (type > XQ_NO_TYPE && type < XQ_N_TYPES, NULL);
  if (notation == XQ_NOTATION_ZH_HANS || notation == XQ_NOTATION_ZH_HANT)
    return zh_piece (type, color, notation == XQ_NOTATION_ZH_HANT);
  return wxf_words[type];
}

const char *
xq_notation_spell_position (int index, int count, XqNotation notation)
{
  gboolean chinese = notation == XQ_NOTATION_ZH_HANS || notation == XQ_NOTATION_ZH_HANT;

  g_return_val_if_fail (count >= 1 && index >= 0 && index < count, NULL);
  if (index == 0)
    return chinese ? "前" : "+";
  if (index == count - 1)
    return !chinese ? "-" : notation == XQ_NOTATION_ZH_HANT ? "後" : "后";
  /* WXF has no sign for a middle soldier: it names the file instead. */
  return chinese ? "中" : NULL;
}

/* ---- Reading ------------------------------------------------------------- */

typedef struct {
  const char *text;
  char        token;
} ZhGlyph;

/* Every glyph the Chinese reader knows, variants included (俥傌砲包 are
 * common on Red pieces and in older books). */
static const ZhGlyph zh_glyphs[] = {
  { "帥", 'K' }, { "帅", 'K' }, { "將", 'K' }, { "将", 'K' },
  { "仕", 'A' }, { "士", 'A' },
  { "相", 'E' }, { "象", 'E' },
  { "車", 'R' }, { "车", 'R' }, { "俥", 'R' },
  { "馬", 'H' }, { "马", 'H' }, { "傌", 'H' },
  { "炮", 'C' }, { "砲", 'C' }, { "包", 'C' },
  { "兵", 'P' }, { "卒", 'P' },
  { "進", '+' }, { "进", '+' }, { "退", '-' }, { "平", '=' },
  { "前", 'F' }, { "中", 'M' }, { "後", 'B' }, { "后", 'B' },
  { "一", '1' }, { "二", '2' }, { "三", '3' }, { "四", '4' }, { "五", '5' },
  { "六", '6' }, { "七", '7' }, { "八", '8' }, { "九", '9' },
  { "１", '1' }, { "２", '2' }, { "３", '3' }, { "４", '4' }, { "５", '5' },
  { "６", '6' }, { "７", '7' }, { "８", '8' }, { "９", '9' },
};

static gboolean
is_piece_token (char c)
{
  return c != '\0' && strchr ("KAEHRCP", c) != NULL;
}

static gboolean
is_digit_token (char c)
{
  return c >= '1' && c <= '9';
}

static gboolean
is_dir_token (char c)
{
  return c != '\0' && strchr ("+-=", c) != NULL;
}

/* Is tokens shaped like a move: four tokens, or three for the short
 * record without a direction (the competition rules' 7.5 allow 炮25 when only one cannon can go there)? */
static gboolean
tokens_shaped (const char *tokens, gboolean chinese)
{
  size_t len = strlen (tokens);

  if (len == 3)
    return is_piece_token (tokens[0]) && is_digit_token (tokens[1]) && is_digit_token (tokens[2]);
  if (len != 4 || !is_dir_token (tokens[2]) || !is_digit_token (tokens[3]))
    return FALSE;
  if (chinese)
    return (is_piece_token (tokens[0]) || is_digit_token (tokens[0]) || strchr ("FMB", tokens[0]))
           && (is_piece_token (tokens[1]) || is_digit_token (tokens[1]));
  return (is_piece_token (tokens[0]) || is_digit_token (tokens[0]) || tokens[0] == '+' || tokens[0] == '-')
         && (is_digit_token (tokens[1]) || tokens[1] == '+' || tokens[1] == '-');
}

/* Maps Chinese text to tokens; FALSE (with the offending glyph in *bad)
 * for a character that has no place in a move. */
static gboolean
zh_tokenize (const char *text, GString *out, char **bad)
{
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar ch = g_utf8_get_char_validated (p, -1);
      size_t len;
      gboolean found = FALSE;

      if (ch == (gunichar) -1 || ch == (gunichar) -2)
        {
          *bad = g_strdup ("?");
          return FALSE;
        }
      if (g_unichar_isspace (ch))
        continue;
      if (ch >= '1' && ch <= '9')
        {
          g_string_append_c (out, (char) ch);
          continue;
        }
      len = (size_t) (g_utf8_next_char (p) - p);
      for (size_t i = 0; i < G_N_ELEMENTS (zh_glyphs); i++)
        if (strlen (zh_glyphs[i].text) == len && memcmp (zh_glyphs[i].text, p, len) == 0)
          {
            g_string_append_c (out, zh_glyphs[i].token);
            found = TRUE;
            break;
          }
      if (!found)
        {
          *bad = g_strndup (p, len);
          return FALSE;
        }
    }
  /* Hong Kong books put 前/後 after the piece name (馬前進七). */
  if (out->len >= 2 && is_piece_token (out->str[0]) && strchr ("FMB", out->str[1]) != NULL)
    {
      char t = out->str[0];
      out->str[0] = out->str[1];
      out->str[1] = t;
    }
  return TRUE;
}

static gboolean
wxf_tokenize (const char *text, GString *out, char **bad)
{
  for (const char *p = text; *p != '\0'; p++)
    {
      char c = g_ascii_toupper (*p);

      if (g_ascii_isspace (c))
        continue;
      /* '.' is the WXF page's sign for a sideways move; N and B are the
       * western letters some programs use for horse and elephant. */
      if (c == '.')
        c = '=';
      else if (c == 'N')
        c = 'H';
      else if (c == 'B')
        c = 'E';
      if (!is_piece_token (c) && !is_digit_token (c) && !is_dir_token (c))
        {
          *bad = g_utf8_make_valid (p, (gssize) MIN (strlen (p), (size_t) g_utf8_skip[*(const guchar *) p]));
          return FALSE;
        }
      g_string_append_c (out, c);
    }
  /* Some books put the sign before the piece (+R for R+).  Not for
   * soldiers: with four or five on a file P+ is the second, not the front. */
  if (out->len >= 2 && (out->str[0] == '+' || out->str[0] == '-') && is_piece_token (out->str[1]) &&
      out->str[1] != 'P')
    {
      char t = out->str[0];
      out->str[0] = out->str[1];
      out->str[1] = t;
    }
  return TRUE;
}

static const char *
notation_title (XqNotation notation)
{
  switch (notation)
    {
    case XQ_NOTATION_ICCS:
      return _("ICCS");
    case XQ_NOTATION_WXF:
      return _("WXF");
    case XQ_NOTATION_ZH_HANS:
    case XQ_NOTATION_ZH_HANT:
    default:
      return _("Chinese");
    }
}

static XqMove
parse_iccs (XqPosition *pos, const char *text, GError **error)
{
  g_autofree char *stripped = g_strstrip (g_strdup (text));
  XqMove m = xq_move_from_iccs (stripped);
  XqSquare from, to;
  XqPiece p;
  char a[3], b[3];

  if (m == XQ_MOVE_NONE)
    {
      g_set_error (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_SYNTAX,
                   _("“%s” is not an ICCS move: it should be two points such as h2e2, "
                     "files a to i and ranks 0 to 9"), text);
      return XQ_MOVE_NONE;
    }
  from = xq_move_from (m);
  to = xq_move_to (m);
  xq_square_to_text (from, a);
  xq_square_to_text (to, b);
  p = pos->board[from];
  if (p == XQ_EMPTY || xq_piece_color (p) != pos->side)
    {
      g_set_error (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_NO_PIECE,
                   /* Translators: “h2e2”: Red has no piece on h2 */
                   _("“%s”: %s has no piece on %s"), text, xq_color_name (pos->side), a);
      return XQ_MOVE_NONE;
    }
  if (!xq_position_is_pseudo_legal (pos, m))
    {
      g_set_error (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_ILLEGAL,
                   /* Translators: “h2e3”: the cannon on h2 cannot move to e3 */
                   _("“%s”: the %s on %s cannot move to %s"), text,
                   xq_piece_type_name (xq_piece_type (p)), a, b);
      return XQ_MOVE_NONE;
    }
  if (!xq_position_is_legal (pos, m))
    {
      g_set_error (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_ILLEGAL,
                   _("“%s” is not allowed: it would leave your own general in check or facing the other general"), text);
      return XQ_MOVE_NONE;
    }
  return m;
}

/* Does any token form of m equal want?  With canonical_only only the form
 * the generator writes counts; the short form compares without direction. */
static gboolean
move_matches (const XqPosition *pos, XqMove m, gboolean chinese, const char *want, gboolean canonical_only)
{
  char tokens[MAX_FORMS][5];
  int n;

  move_tokens (pos, m, chinese, tokens, &n);
  n = CLAMP (n, 0, canonical_only ? 1 : MAX_FORMS);
  for (int i = 0; i < n; i++)
    {
      if (strlen (want) == 3)
        {
          if (tokens[i][0] == want[0] && tokens[i][1] == want[1] && tokens[i][3] == want[2])
            return TRUE;
        }
      else if (strcmp (tokens[i], want) == 0)
        return TRUE;
    }
  return FALSE;
}

/* Which kind of the mover's pieces the designator part of want names
 * (XQ_NO_TYPE if none). */
static XqPieceType
designated_type (const XqPosition *pos, gboolean chinese, const char *want)
{
  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    {
      XqPiece p = pos->board[sq];
      Designator d;
      Forms forms;

      if (p == XQ_EMPTY || xq_piece_color (p) != pos->side)
        continue;
      designate (pos, sq, &d);
      if (chinese)
        zh_forms (&d, &forms);
      else
        wxf_forms (&d, &forms);
      for (int i = 0; i < forms.n; i++)
        if (forms.form[i][0] == want[0] && forms.form[i][1] == want[1])
          return d.type;
    }
  return XQ_NO_TYPE;
}

static XqMove
parse_tokens (XqPosition *pos, const char *text, XqNotation notation, GError **error)
{
  gboolean chinese = notation == XQ_NOTATION_ZH_HANS || notation == XQ_NOTATION_ZH_HANT;
  g_autoptr(GString) want = g_string_new (NULL);
  g_autofree char *bad = NULL;
  XqMove moves[XQ_MAX_MOVES];
  XqMove found = XQ_MOVE_NONE;
  XqPieceType type;
  int n_moves, n_found = 0;

  if (!(chinese ? zh_tokenize (text, want, &bad) : wxf_tokenize (text, want, &bad)))
    {
      g_set_error (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_SYNTAX,
                   /* Translators: “C2x5” is not a WXF move: “X” has no place in a move */
                   _("“%s” is not a %s move: “%s” has no place in a move"),
                   text, notation_title (notation), bad);
      return XQ_MOVE_NONE;
    }
  if (!tokens_shaped (want->str, chinese))
    {
      g_set_error (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_SYNTAX,
                   /* Translators: the last %s is an example move such as C2=5 or 炮二平五 */
                   _("“%s” is not a %s move: it should name the piece, its file, the direction "
                     "and the destination, as in %s"),
                   text, notation_title (notation),
                   chinese ? "炮二平五" : "C2=5");
      return XQ_MOVE_NONE;
    }

  n_moves = xq_position_legal_moves (pos, moves);
  /* The form the generator writes wins; the looser forms other programs
   * write are tried only when it matches nothing. */
  for (int pass = 0; pass < 2 && n_found == 0; pass++)
    for (int i = 0; i < n_moves; i++)
      if (move_matches (pos, moves[i], chinese, want->str, pass == 0))
        {
          if (n_found == 0)
            found = moves[i];
          n_found++;
        }

  if (n_found == 1)
    return found;
  if (n_found > 1)
    {
      g_set_error (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_AMBIGUOUS,
                   _("“%s” could be any of %d legal moves: say which piece "
                     "(front, middle or rear) or give the direction"), text, n_found);
      return XQ_MOVE_NONE;
    }
  type = designated_type (pos, chinese, want->str);
  if (type == XQ_NO_TYPE)
    {
      g_set_error (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_NO_PIECE,
                   /* Translators: “C3=5”: Red has no such piece on that file */
                   _("“%s”: %s has no such piece on that file"), text, xq_color_name (pos->side));
      return XQ_MOVE_NONE;
    }

  /* Tell a piece that cannot go there from one that may not because its
   * own general would be left in check. */
  n_moves = xq_position_pseudo_moves (pos, moves);
  for (int i = 0; i < n_moves; i++)
    if (move_matches (pos, moves[i], chinese, want->str, FALSE))
      {
        g_set_error (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_ILLEGAL,
                     _("“%s” is not allowed: it would leave your own general in check or facing the other general"), text);
        return XQ_MOVE_NONE;
      }
  g_set_error (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_ILLEGAL,
               /* Translators: “R9=8”: the chariot cannot move that way from where it stands */
               _("“%s”: the %s cannot move that way from where it stands"), text,
               xq_piece_type_name (type));
  return XQ_MOVE_NONE;
}

XqMove
xq_notation_parse (XqPosition *pos, const char *text, XqNotation notation, GError **error)
{
  g_return_val_if_fail (pos != NULL, XQ_MOVE_NONE);
  g_return_val_if_fail (text != NULL, XQ_MOVE_NONE);
  g_return_val_if_fail (error == NULL || *error == NULL, XQ_MOVE_NONE);

  /* Every message below quotes the text, so it must be UTF-8 first. */
  if (!g_utf8_validate (text, -1, NULL))
    {
      g_set_error (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_SYNTAX,
                   _("The move is not UTF-8 text"));
      return XQ_MOVE_NONE;
    }
  switch (notation)
    {
    case XQ_NOTATION_ICCS:
      return parse_iccs (pos, text, error);
    case XQ_NOTATION_WXF:
    case XQ_NOTATION_ZH_HANS:
    case XQ_NOTATION_ZH_HANT:
      return parse_tokens (pos, text, notation, error);
    default:
      g_return_val_if_reached (XQ_MOVE_NONE);
    }
}

XqMove
xq_notation_parse_any (XqPosition *pos, const char *text, GError **error)
{
  static const XqNotation order[] = { XQ_NOTATION_ICCS, XQ_NOTATION_WXF, XQ_NOTATION_ZH_HANT };
  g_autoptr(GError) best = NULL;

  g_return_val_if_fail (pos != NULL, XQ_MOVE_NONE);
  g_return_val_if_fail (text != NULL, XQ_MOVE_NONE);

  if (!g_utf8_validate (text, -1, NULL))
    return xq_notation_parse (pos, text, XQ_NOTATION_ICCS, error);
  for (size_t i = 0; i < G_N_ELEMENTS (order); i++)
    {
      g_autoptr(GError) local = NULL;
      XqMove m = xq_notation_parse (pos, text, order[i], &local);

      if (m != XQ_MOVE_NONE)
        return m;
      /* Keep the complaint of the notation that could at least read the
       * text: "no such piece" helps more than "not WXF". */
      if (best == NULL || (best->code == XQ_NOTATION_ERROR_SYNTAX && local->code != XQ_NOTATION_ERROR_SYNTAX))
        {
          g_clear_error (&best);
          best = g_steal_pointer (&local);
        }
    }
  if (best->code == XQ_NOTATION_ERROR_SYNTAX)
    {
      g_set_error (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_SYNTAX,
                   _("“%s” is not a move in ICCS, WXF or Chinese notation"), text);
      return XQ_MOVE_NONE;
    }
  g_propagate_error (error, g_steal_pointer (&best));
  return XQ_MOVE_NONE;
}

/* ---- Names --------------------------------------------------------------- */

static const char *const notation_names[] = { "iccs", "wxf", "zh-hans", "zh-hant" };

gboolean
xq_notation_from_name (const char *name, XqNotation *out)
{
  g_return_val_if_fail (name != NULL, FALSE);

  for (size_t i = 0; i < G_N_ELEMENTS (notation_names); i++)
    if (g_ascii_strcasecmp (name, notation_names[i]) == 0)
      {
        if (out != NULL)
          *out = (XqNotation) i;
        return TRUE;
      }
  return FALSE;
}

const char *
xq_notation_to_name (XqNotation notation)
{
  g_return_val_if_fail ((size_t) notation < G_N_ELEMENTS (notation_names), NULL);
  return notation_names[notation];
}
