/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-variant-text.c: the text forms of variant options, states and actions
 * (docs/variants.md, "Text forms"). */
#define G_LOG_DOMAIN "xq-variant"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "xq-variant-private.h"

static const char type_letters[XQ_N_TYPES] = { '?', 'K', 'A', 'B', 'N', 'R', 'C', 'P' };

static XqPieceType
type_from_letter (char c)
{
  const char *p = strchr ("KABNRCP", g_ascii_toupper (c));
  return p && c ? (XqPieceType) (p - "KABNRCP" + 1) : XQ_NO_TYPE;
}

/* ---- Options ---------------------------------------------------------------- */

char *
xq_variant_options_to_string (const XqVariantOptions *opts)
{
  XqVariantOptions def;
  GString *s = g_string_new (NULL);

  xq_variant_options_init (&def, opts->kind);
#define WORD(...) G_STMT_START { if (s->len) g_string_append_c (s, ' '); g_string_append_printf (s, __VA_ARGS__); } G_STMT_END
  if (opts->banqi_order != def.banqi_order)
    WORD ("order=%s", opts->banqi_order == XQ_BANQI_ORDER_CHARIOT_HIGH ? "chariot" : "advisor");
  if (opts->slide_chariot)
    WORD ("slide-chariot=1");
  if (opts->slide_cannon)
    WORD ("slide-cannon=1");
  if (opts->all_one_step)
    WORD ("one-step=1");
  if (opts->quiet_limit != def.quiet_limit)
    WORD ("quiet-limit=%d", opts->quiet_limit);
  if (opts->jieqi_open_advisors_elephants)
    WORD ("open-advisors-elephants=1");
  if (opts->move_limit != def.move_limit)
    WORD ("move-limit=%d", opts->move_limit);
#undef WORD
  return g_string_free (s, FALSE);
}

static gboolean
parse_number (const char *v, int lo, int hi, int *out)
{
  char *end;
  long n;

  if (v == NULL || *v == '\0')
    return FALSE;
  n = strtol (v, &end, 10);
  if (*end != '\0' || n < lo || n > hi)
    return FALSE;
  *out = (int) n;
  return TRUE;
}

gboolean
xq_variant_options_from_string (XqVariantOptions *opts, const char *text, GError **error)
{
  XqVariantOptions o;
  g_auto (GStrv) words = NULL;

  g_return_val_if_fail (opts != NULL, FALSE);
  xq_variant_options_init (&o, opts->kind);
  words = g_strsplit_set (text ? text : "", " \t", -1);
  for (int k = 0; words[k]; k++)
    {
      const char *w = words[k], *eq = strchr (w, '=');
      g_autofree char *key = NULL;
      const char *v;
      int n = 0;
      gboolean ok;

      if (*w == '\0')
        continue;
      if (eq == NULL)
        {
          g_set_error (error, XQ_VARIANT_ERROR, XQ_VARIANT_ERROR_SYNTAX,
                       "option word %d \"%s\": expected key=value", k + 1, w);
          return FALSE;
        }
      key = g_strndup (w, (gsize) (eq - w));
      v = eq + 1;
      if (strcmp (key, "order") == 0)
        {
          ok = strcmp (v, "advisor") == 0 || strcmp (v, "chariot") == 0;
          o.banqi_order = strcmp (v, "chariot") == 0 ? XQ_BANQI_ORDER_CHARIOT_HIGH : XQ_BANQI_ORDER_ADVISOR_HIGH;
        }
      else if (strcmp (key, "slide-chariot") == 0)
        ok = parse_number (v, 0, 1, &n), o.slide_chariot = n;
      else if (strcmp (key, "slide-cannon") == 0)
        ok = parse_number (v, 0, 1, &n), o.slide_cannon = n;
      else if (strcmp (key, "one-step") == 0)
        ok = parse_number (v, 0, 1, &n), o.all_one_step = n;
      else if (strcmp (key, "quiet-limit") == 0)
        ok = parse_number (v, 0, 10000, &o.quiet_limit);
      else if (strcmp (key, "open-advisors-elephants") == 0)
        ok = parse_number (v, 0, 1, &n), o.jieqi_open_advisors_elephants = n;
      else if (strcmp (key, "move-limit") == 0)
        ok = parse_number (v, 0, 10000, &o.move_limit);
      else
        {
          g_set_error (error, XQ_VARIANT_ERROR, XQ_VARIANT_ERROR_SYNTAX,
                       "option word %d: unknown option \"%s\"", k + 1, key);
          return FALSE;
        }
      if (!ok)
        {
          g_set_error (error, XQ_VARIANT_ERROR, XQ_VARIANT_ERROR_SYNTAX,
                       "option word %d: bad value \"%s\" for %s", k + 1, v, key);
          return FALSE;
        }
    }
  *opts = o;
  return TRUE;
}

/* ---- Cells ------------------------------------------------------------------ */

static void
cell_name (const XqVariantState *st, int i, char buf[3])
{
  buf[0] = (char) ('a' + i % st->files);
  buf[1] = (char) ((xq_variant_kind_is_half (st->kind) ? '1' : '0') + i / st->files);
  buf[2] = '\0';
}

/* Reads a cell name at *p, advancing it; -1 if none. */
static int
read_cell (const XqVariantState *st, const char **p)
{
  const char *s = *p;
  int base = xq_variant_kind_is_half (st->kind) ? '1' : '0';
  int f, r;

  if (s[0] == '\0' || s[1] == '\0')
    return -1;
  f = g_ascii_tolower (s[0]) - 'a';
  r = s[1] - base;
  if (f < 0 || f >= st->files || r < 0 || r >= st->ranks)
    return -1;
  *p = s + 2;
  return r * st->files + f;
}

/* ---- States ------------------------------------------------------------------ */

static void
append_letters (GString *s, const guint8 counts[16])
{
  for (int c = XQ_RED; c <= XQ_BLACK; c++)
    for (int t = XQ_KING; t <= XQ_PAWN; t++)
      for (int k = 0; k < counts[xq_piece_make ((XqColor) c, t)]; k++)
        g_string_append_c (s, c == XQ_RED ? type_letters[t] : g_ascii_tolower (type_letters[t]));
}

char *
xq_variant_state_to_text (const XqVariantState *st)
{
  GString *s = g_string_new (NULL);
  gboolean half = xq_variant_kind_is_half (st->kind);
  gboolean any_pool = FALSE, any_hand = FALSE;

  for (int r = st->ranks - 1; r >= 0; r--)
    {
      int empty = 0;
      for (int f = 0; f < st->files; f++)
        {
          const XqVariantCell *c = &st->cell[r * st->files + f];
          if (c->face == XQ_FACE_EMPTY)
            {
              empty++;
              continue;
            }
          if (empty)
            g_string_append_printf (s, "%d", empty);
          empty = 0;
          if (c->face == XQ_FACE_UP)
            g_string_append_c (s, xq_piece_to_fen_char (c->piece));
          else if (half || st->kind == XQ_VARIANT_ANQI)
            g_string_append_c (s, half ? 'x' : 'X');
          else
            g_string_append_c (s, c->mover == XQ_BLACK ? 'x' : 'X');
        }
      if (empty)
        g_string_append_printf (s, "%d", empty);
      if (r > 0)
        g_string_append_c (s, '/');
    }
  g_string_append_printf (s, " %s", !st->colors_known ? "-" : st->side == XQ_RED ? "w" : "b");
  if (!half)
    g_string_append_printf (s, " - - %d %d", st->quiet, st->ply / 2 + 1);
  if (st->kind == XQ_VARIANT_CUBE)
    {
      g_string_append_printf (s, " cube=%c%c", type_letters[st->cube_face[XQ_RED]],
                              g_ascii_tolower (type_letters[st->cube_face[XQ_BLACK]]));
      if (st->cube_turned[XQ_RED] || st->cube_turned[XQ_BLACK])
        g_string_append_printf (s, " turned=%s%s", st->cube_turned[XQ_RED] ? "r" : "",
                                st->cube_turned[XQ_BLACK] ? "b" : "");
    }
  for (int p = 0; p < 16; p++)
    {
      any_pool |= st->pool[p] > 0;
      any_hand |= st->hand[p] > 0;
    }
  if (any_hand)
    {
      g_string_append (s, " hand=");
      append_letters (s, st->hand);
    }
  if (any_pool)
    {
      g_string_append (s, " pool=");
      append_letters (s, st->pool);
    }
  return g_string_free (s, FALSE);
}

static gboolean
parse_letters (const char *v, guint8 out[16], const char *what, GError **error)
{
  memset (out, 0, 16);
  for (const char *c = v; *c; c++)
    {
      XqPieceType t = type_from_letter (*c);
      XqPiece p;
      if (t == XQ_NO_TYPE)
        {
          g_set_error (error, XQ_VARIANT_ERROR, XQ_VARIANT_ERROR_SYNTAX,
                       "%s: '%c' at column %d is not a piece letter", what, *c, (int) (c - v) + 1);
          return FALSE;
        }
      p = xq_piece_make (g_ascii_isupper (*c) ? XQ_RED : XQ_BLACK, t);
      if (out[p] >= 16)
        {
          g_set_error (error, XQ_VARIANT_ERROR, XQ_VARIANT_ERROR_INVALID, "%s: too many pieces", what);
          return FALSE;
        }
      out[p]++;
    }
  return TRUE;
}

static gboolean
in_palace_sq (XqColor c, XqSquare sq)
{
  int f = xq_sq_file (sq), r = xq_sq_rank (sq);
  return f >= 3 && f <= 5 && (c == XQ_RED ? r <= 2 : r >= 7);
}

gboolean
xq_variant_state_from_text (XqVariantState *st, XqVariantKind kind, const XqVariantOptions *opts,
                            const char *text, GError **error)
{
  XqVariantState s;
  g_auto (GStrv) tok = NULL;
  gboolean half = xq_variant_kind_is_half (kind);
  gboolean pool_given = FALSE, hand_given = FALSE;
  int numbers = 0, per_color[2] = { 0, 0 }, kings[2] = { 0, 0 }, ntok;
  const char *b;
  int r, f;

  g_return_val_if_fail (st != NULL && opts != NULL, FALSE);
  if (text == NULL || strlen (text) > 1000)
    {
      g_set_error (error, XQ_VARIANT_ERROR, XQ_VARIANT_ERROR_SYNTAX, "state text missing or too long");
      return FALSE;
    }
  xq_variant_state_init_start (&s, opts, 0);
  memset (s.cell, 0, sizeof s.cell);
  for (int i = 0; i < XQ_VARIANT_MAX_CELLS; i++)
    s.cell[i].mover = -1;
  memset (s.pool, 0, sizeof s.pool);
  memset (s.hand, 0, sizeof s.hand);
  s.colors_known = TRUE;
  s.side = XQ_RED;
  s.first_color = XQ_RED;

  tok = g_strsplit_set (text, " \t", -1);
  ntok = (int) g_strv_length (tok);
  if (ntok == 0 || tok[0][0] == '\0')
    {
      g_set_error (error, XQ_VARIANT_ERROR, XQ_VARIANT_ERROR_SYNTAX, "board column 1: the board is missing");
      return FALSE;
    }
  b = tok[0];
  r = s.ranks - 1;
  f = 0;
  for (const char *c = b; ; c++)
    {
      int col = (int) (c - b) + 1;
      if (*c == '/' || *c == '\0')
        {
          if (f != s.files)
            {
              g_set_error (error, XQ_VARIANT_ERROR, XQ_VARIANT_ERROR_SYNTAX,
                           "board column %d: rank %d has %d cells, expected %d", col,
                           r + (half ? 1 : 0), f, s.files);
              return FALSE;
            }
          if (*c == '\0')
            break;
          if (--r < 0)
            {
              g_set_error (error, XQ_VARIANT_ERROR, XQ_VARIANT_ERROR_SYNTAX,
                           "board column %d: more than %d ranks", col, s.ranks);
              return FALSE;
            }
          f = 0;
          continue;
        }
      if (*c >= '1' && *c <= '9')
        {
          f += *c - '0';
          if (f > s.files)
            {
              g_set_error (error, XQ_VARIANT_ERROR, XQ_VARIANT_ERROR_SYNTAX,
                           "board column %d: rank too long", col);
              return FALSE;
            }
          continue;
        }
      if (f >= s.files)
        {
          g_set_error (error, XQ_VARIANT_ERROR, XQ_VARIANT_ERROR_SYNTAX, "board column %d: rank too long", col);
          return FALSE;
        }
      {
        int i = r * s.files + f;
        XqVariantCell *cell = &s.cell[i];
        if (*c == 'x' || *c == 'X')
          {
            cell->face = XQ_FACE_DOWN;
            cell->piece = XQ_EMPTY;
            if (half)
              cell->mover = -1;
            else if (kind == XQ_VARIANT_ANQI)
              cell->mover = (gint8) (r < 5 ? XQ_RED : XQ_BLACK);
            else
              {
                XqColor owner = *c == 'X' ? XQ_RED : XQ_BLACK;
                cell->mover = (gint8) owner;
                cell->color_known = 1;
                cell->piece = xq_piece_make (owner, XQ_NO_TYPE);
                if ((r < 5 ? XQ_RED : XQ_BLACK) != owner)
                  {
                    g_set_error (error, XQ_VARIANT_ERROR, XQ_VARIANT_ERROR_INVALID,
                                 "board column %d: a face-down piece stands only on its own side's starting points", col);
                    return FALSE;
                  }
                per_color[owner]++;
              }
            if (!half && (xq_variant_moves_as (&s, i) == XQ_NO_TYPE || xq_variant_moves_as (&s, i) == XQ_KING)
                && kind != XQ_VARIANT_ANQI)
              {
                g_set_error (error, XQ_VARIANT_ERROR, XQ_VARIANT_ERROR_INVALID,
                             "board column %d: a face-down piece must stand on a starting point other than the general's", col);
                return FALSE;
              }
            if (!half && xq_variant_moves_as (&s, i) == XQ_NO_TYPE)
              {
                g_set_error (error, XQ_VARIANT_ERROR, XQ_VARIANT_ERROR_INVALID,
                             "board column %d: a face-down piece must stand on a starting point", col);
                return FALSE;
              }
            if (!half && kind != XQ_VARIANT_JIEQI && kind != XQ_VARIANT_ANQI)
              {
                g_set_error (error, XQ_VARIANT_ERROR, XQ_VARIANT_ERROR_INVALID,
                             "board column %d: this game has no face-down pieces", col);
                return FALSE;
              }
          }
        else
          {
            XqPieceType t = type_from_letter (*c);
            XqColor col_c = g_ascii_isupper (*c) ? XQ_RED : XQ_BLACK;
            if (t == XQ_NO_TYPE)
              {
                g_set_error (error, XQ_VARIANT_ERROR, XQ_VARIANT_ERROR_SYNTAX,
                             "board column %d: '%c' is not a piece letter", col, *c);
                return FALSE;
              }
            cell->face = XQ_FACE_UP;
            cell->piece = xq_piece_make (col_c, t);
            per_color[col_c]++;
            if (t == XQ_KING)
              {
                kings[col_c]++;
                if (!half && kind != XQ_VARIANT_ANQI && !in_palace_sq (col_c, i))
                  {
                    g_set_error (error, XQ_VARIANT_ERROR, XQ_VARIANT_ERROR_INVALID,
                                 "board column %d: a general outside its palace", col);
                    return FALSE;
                  }
              }
          }
        f++;
      }
    }
  if (r != 0)
    {
      g_set_error (error, XQ_VARIANT_ERROR, XQ_VARIANT_ERROR_SYNTAX,
                   "board: %d ranks, expected %d", s.ranks - r, s.ranks);
      return FALSE;
    }

  if (ntok > 1)
    {
      if (strcmp (tok[1], "w") == 0 || strcmp (tok[1], "r") == 0)
        s.side = XQ_RED;
      else if (strcmp (tok[1], "b") == 0)
        s.side = XQ_BLACK;
      else if (strcmp (tok[1], "-") == 0 && (kind == XQ_VARIANT_BANQI || kind == XQ_VARIANT_ANQI))
        s.colors_known = FALSE;
      else
        {
          g_set_error (error, XQ_VARIANT_ERROR, XQ_VARIANT_ERROR_SYNTAX,
                       "field 2 \"%s\": side to move must be w, b%s", tok[1],
                       kind == XQ_VARIANT_BANQI || kind == XQ_VARIANT_ANQI ? " or -" : "");
          return FALSE;
        }
    }
  else if (kind == XQ_VARIANT_BANQI || kind == XQ_VARIANT_ANQI)
    s.colors_known = FALSE;
  s.first_color = s.side;

  for (int k = 2; k < ntok; k++)
    {
      const char *t = tok[k];
      if (*t == '\0' || strcmp (t, "-") == 0)
        continue;
      if (g_ascii_isdigit (*t))
        {
          int n;
          if (!parse_number (t, 0, 100000, &n))
            {
              g_set_error (error, XQ_VARIANT_ERROR, XQ_VARIANT_ERROR_SYNTAX, "field %d \"%s\": not a number", k + 1, t);
              return FALSE;
            }
          if (numbers++ == 0)
            s.quiet = n;
          else
            s.ply = MAX (0, 2 * (n - 1)) + (s.side == XQ_BLACK ? 1 : 0);
          continue;
        }
      if (g_str_has_prefix (t, "pool="))
        {
          if (!parse_letters (t + 5, s.pool, "pool", error))
            return FALSE;
          pool_given = TRUE;
        }
      else if (g_str_has_prefix (t, "hand=") && kind == XQ_VARIANT_LUOQI)
        {
          if (!parse_letters (t + 5, s.hand, "hand", error))
            return FALSE;
          hand_given = TRUE;
        }
      else if (g_str_has_prefix (t, "cube=") && kind == XQ_VARIANT_CUBE && strlen (t) == 7)
        {
          XqPieceType a = type_from_letter (t[5]), bb = type_from_letter (t[6]);
          if (a == XQ_NO_TYPE || bb == XQ_NO_TYPE)
            {
              g_set_error (error, XQ_VARIANT_ERROR, XQ_VARIANT_ERROR_SYNTAX, "field %d \"%s\": bad cube faces", k + 1, t);
              return FALSE;
            }
          s.cube_face[XQ_RED] = a;
          s.cube_face[XQ_BLACK] = bb;
        }
      else if (g_str_has_prefix (t, "turned=") && kind == XQ_VARIANT_CUBE)
        {
          s.cube_turned[XQ_RED] = strchr (t + 7, 'r') != NULL;
          s.cube_turned[XQ_BLACK] = strchr (t + 7, 'b') != NULL;
        }
      else
        {
          g_set_error (error, XQ_VARIANT_ERROR, XQ_VARIANT_ERROR_SYNTAX,
                       "field %d \"%s\": unknown field for %s", k + 1, t, xq_variant_kind_to_code (kind));
          return FALSE;
        }
    }

  /* What is not given is what the set leaves over. */
  {
    int hidden = 0, pool_n = 0;
    guint8 left[16] = { 0 };
    static const int set_count[XQ_N_TYPES] = { 0, 1, 2, 2, 2, 2, 2, 5 };

    for (int c = XQ_RED; c <= XQ_BLACK; c++)
      for (int t = XQ_KING; t <= XQ_PAWN; t++)
        left[xq_piece_make ((XqColor) c, t)] = (guint8) set_count[t];
    for (int i = 0; i < s.files * s.ranks; i++)
      {
        if (s.cell[i].face == XQ_FACE_UP && left[s.cell[i].piece] > 0)
          left[s.cell[i].piece]--;
        hidden += s.cell[i].face == XQ_FACE_DOWN;
      }
    if (kind == XQ_VARIANT_LUOQI && !hand_given)
      memcpy (s.hand, left, sizeof s.hand);
    if (hidden > 0 && !pool_given)
      {
        /* Only face-down pieces of a known colour limit the pool's colours. */
        for (int p = 0; p < 16; p++)
          s.pool[p] = left[p];
        if (!half && kind != XQ_VARIANT_ANQI)
          for (int c = XQ_RED; c <= XQ_BLACK; c++)
            {
              gboolean any = FALSE;
              for (int i = 0; i < XQ_SQUARES; i++)
                any |= s.cell[i].face == XQ_FACE_DOWN && s.cell[i].mover == c;
              if (!any)
                for (int t = XQ_KING; t <= XQ_PAWN; t++)
                  s.pool[xq_piece_make ((XqColor) c, t)] = 0;
            }
        s.pool[xq_piece_make (XQ_RED, XQ_KING)] = kind == XQ_VARIANT_JIEQI ? 0 : s.pool[xq_piece_make (XQ_RED, XQ_KING)];
        s.pool[xq_piece_make (XQ_BLACK, XQ_KING)] = kind == XQ_VARIANT_JIEQI ? 0 : s.pool[xq_piece_make (XQ_BLACK, XQ_KING)];
      }
    for (int p = 0; p < 16; p++)
      pool_n += s.pool[p];
    if (pool_n < hidden)
      {
        g_set_error (error, XQ_VARIANT_ERROR, XQ_VARIANT_ERROR_INVALID,
                     "%d face-down pieces but only %d pieces left to be hidden", hidden, pool_n);
        return FALSE;
      }
  }

  if (per_color[0] > 16 || per_color[1] > 16)
    {
      g_set_error (error, XQ_VARIANT_ERROR, XQ_VARIANT_ERROR_INVALID, "board: more than 16 pieces of one colour");
      return FALSE;
    }
  if (!half && kind != XQ_VARIANT_ANQI && (kings[0] != 1 || kings[1] != 1))
    {
      g_set_error (error, XQ_VARIANT_ERROR, XQ_VARIANT_ERROR_INVALID, "board: each side needs exactly one general");
      return FALSE;
    }
  if (kings[0] > 1 || kings[1] > 1)
    {
      g_set_error (error, XQ_VARIANT_ERROR, XQ_VARIANT_ERROR_INVALID, "board: more than one general of a colour");
      return FALSE;
    }
  if (!half && kind != XQ_VARIANT_ANQI)
    {
      /* The side not to move may not be in check. */
      XqVariantState t = s;
      t.side = xq_color_other (s.side);
      if (xq_variant_in_check (&t, opts, xq_color_other (s.side)))
        {
          g_set_error (error, XQ_VARIANT_ERROR, XQ_VARIANT_ERROR_INVALID,
                       "board: the side not to move is in check");
          return FALSE;
        }
    }
  xq_variant_state_rehash (&s);
  *st = s;
  return TRUE;
}

/* ---- Actions --------------------------------------------------------------- */

char *
xq_variant_action_to_text (const XqVariantState *st, const XqVariantAction *a)
{
  char x[3], y[3], u[3], v[3];

  g_return_val_if_fail (st != NULL && a != NULL, NULL);
  switch (a->kind)
    {
    case XQ_ACTION_FLIP:
      cell_name (st, a->from, x);
      return g_strdup_printf ("+%s", x);
    case XQ_ACTION_DROP:
      cell_name (st, a->to, x);
      return g_strdup_printf ("%c@%s", type_letters[a->type & 7], x);
    case XQ_ACTION_CUBE:
      return g_strdup_printf ("=%c", type_letters[a->type & 7]);
    case XQ_ACTION_EXCHANGE:
      cell_name (st, a->from, x);
      return g_strdup_printf ("=C@%s", x);
    case XQ_ACTION_DOUBLE:
      cell_name (st, a->from, x);
      cell_name (st, a->to, y);
      cell_name (st, a->from2, u);
      cell_name (st, a->to2, v);
      return g_strdup_printf ("%s%s,%s%s", x, y, u, v);
    default:
      cell_name (st, a->from, x);
      cell_name (st, a->to, y);
      return g_strdup_printf ("%s%s", x, y);
    }
}

gboolean
xq_variant_action_from_text (const XqVariantState *st, const char *text,
                             XqVariantAction *out, GError **error)
{
  XqVariantAction a;
  const char *p = text;

  g_return_val_if_fail (st != NULL && out != NULL, FALSE);
  memset (&a, 0, sizeof a);
  a.from = a.to = a.from2 = a.to2 = -1;
  if (text == NULL || strlen (text) > 32)
    goto bad;
  if (*p == '+')
    {
      p++;
      a.kind = XQ_ACTION_FLIP;
      a.from = a.to = (gint8) read_cell (st, &p);
      if (a.from < 0)
        goto bad;
    }
  else if (p[0] == '=' && p[1] != '\0' && p[2] == '@')
    {
      if (g_ascii_toupper (p[1]) != 'C')
        goto bad;
      p += 3;
      a.kind = XQ_ACTION_EXCHANGE;
      a.from = a.to = (gint8) read_cell (st, &p);
      if (a.from < 0)
        goto bad;
    }
  else if (p[0] == '=')
    {
      a.kind = XQ_ACTION_CUBE;
      a.type = (guint8) type_from_letter (p[1]);
      if (a.type == XQ_NO_TYPE)
        goto bad;
      p += 2;
    }
  else if (p[0] != '\0' && p[1] == '@')
    {
      a.kind = XQ_ACTION_DROP;
      a.type = (guint8) type_from_letter (p[0]);
      p += 2;
      a.to = (gint8) read_cell (st, &p);
      if (a.type == XQ_NO_TYPE || a.to < 0)
        goto bad;
    }
  else
    {
      a.kind = XQ_ACTION_MOVE;
      a.from = (gint8) read_cell (st, &p);
      a.to = (gint8) read_cell (st, &p);
      if (a.from < 0 || a.to < 0)
        goto bad;
      if (*p == ',')
        {
          p++;
          a.kind = XQ_ACTION_DOUBLE;
          a.from2 = (gint8) read_cell (st, &p);
          a.to2 = (gint8) read_cell (st, &p);
          if (a.from2 < 0 || a.to2 < 0)
            goto bad;
        }
    }
  if (*p != '\0')
    goto bad;
  *out = a;
  return TRUE;

bad:
  g_set_error (error, XQ_VARIANT_ERROR, XQ_VARIANT_ERROR_SYNTAX,
               "\"%s\" is not an action (a1a2, +a1, N@a1, =N, e3e4,g3g4 or =C@e9)", text ? text : "");
  return FALSE;
}
