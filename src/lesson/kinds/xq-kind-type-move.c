/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The "type-move" kind: type the move seen.  The board shows a move as an
 * arrow; the learner types how it is written, in Chinese (either script)
 * or WXF, with the keyboard or the keypad of signs under the entry.  The
 * text is read by the core's notation module and compared with the arrow's
 * move as a move, never as a string; a wrong text is explained sign by
 * sign: the piece, which one, its file, the direction, the number at the
 * end (docs/lesson-format.md, "type-move"). */
#define G_LOG_DOMAIN "xq-kind-type-move"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-kind.h"
#include "xq-lesson-rules.h"
#include "xq-demo.h"

/* Wrong texts after which the right text is named. */
#define TYPE_TRIES 2
/* Signs of a written move, and a bound on what is read of a typed text. */
#define MOVE_SIGNS 4
#define MAX_SIGNS 16

typedef struct {
  XqMove          move;
  XqNotation      notation;   /* what the prompt asks for and the keypad offers */
  XqNotationParts parts;
  char           *text;       /* the move in `notation` */
  char           *zh_text;    /* in the learner's Chinese script */
  char           *wxf_text;
  GPtrArray      *keypad;     /* char*, ended by NULL */
} TypeMove;

static const XqKindField fields[] = {
  { "arrow", N_("_Move shown"), XQ_FIELD_MOVES, NULL, 1, 1, TRUE },
  { "notation", N_("_Notation"), XQ_FIELD_ENUM, xq_kind_notations, 0, 0, FALSE },
};

static void
type_move_free (gpointer data)
{
  TypeMove *d = data;

  g_free (d->text);
  g_free (d->zh_text);
  g_free (d->wxf_text);
  g_clear_pointer (&d->keypad, g_ptr_array_unref);
  g_free (d);
}

/* ---- Signs --------------------------------------------------------------------- */

typedef enum {
  SIGN_UNKNOWN,
  SIGN_PIECE,      /* value: XqPieceType */
  SIGN_NUMBER,     /* value: 1..9 */
  SIGN_DIRECTION,  /* value: XqNotationDirection */
  SIGN_POSITION,   /* value: 0 front, 1 middle, 2 rear */
} SignClass;

typedef struct {
  SignClass cls;
  int       value;
  char      text[8];   /* the character as typed */
} Sign;

/* What each part of the right move's text is, sign by sign. */
typedef enum {
  ROLE_PIECE,
  ROLE_WHICH,      /* 前, 後, 中 */
  ROLE_FILE,       /* the file it stands on */
  ROLE_DIRECTION,
  ROLE_NUMBER,     /* the steps, or the file it lands on */
} Role;

typedef struct {
  const char *glyphs;   /* space-separated */
  SignClass   cls;
  int         value;
} SignTable;

/* Both scripts, the variant glyphs the notation module reads, WXF's
 * letters and signs, full-width digits. */
static const SignTable sign_table[] = {
  { "車 俥 车 R r", SIGN_PIECE, XQ_CHARIOT },
  { "馬 傌 马 H h N n", SIGN_PIECE, XQ_HORSE },
  { "炮 砲 包 C c", SIGN_PIECE, XQ_CANNON },
  { "相 象 E e B b", SIGN_PIECE, XQ_ELEPHANT },
  { "仕 士 A a", SIGN_PIECE, XQ_ADVISOR },
  { "帥 帅 將 将 K k", SIGN_PIECE, XQ_KING },
  { "兵 卒 P p", SIGN_PIECE, XQ_PAWN },
  { "進 进 +", SIGN_DIRECTION, XQ_NOTATION_FORWARD },
  { "退 -", SIGN_DIRECTION, XQ_NOTATION_BACK },
  { "平 = .", SIGN_DIRECTION, XQ_NOTATION_ACROSS },
  { "前", SIGN_POSITION, 0 },
  { "中", SIGN_POSITION, 1 },
  { "後 后", SIGN_POSITION, 2 },
};

static const char *const numerals[] = { "一", "二", "三", "四", "五", "六", "七", "八", "九" };
static const char *const wide_digits[] = { "１", "２", "３", "４", "５", "６", "７", "８", "９" };

static void
classify (const char *ch, Sign *out)
{
  out->cls = SIGN_UNKNOWN;
  out->value = 0;
  for (int i = 0; i < 9; i++)
    if (strcmp (ch, numerals[i]) == 0 || strcmp (ch, wide_digits[i]) == 0 ||
        (ch[0] == '1' + i && ch[1] == '\0'))
      {
        out->cls = SIGN_NUMBER;
        out->value = i + 1;
        return;
      }
  for (guint t = 0; t < G_N_ELEMENTS (sign_table); t++)
    {
      g_auto(GStrv) glyphs = g_strsplit (sign_table[t].glyphs, " ", -1);

      if (g_strv_contains ((const char *const *) glyphs, ch))
        {
          out->cls = sign_table[t].cls;
          out->value = sign_table[t].value;
          return;
        }
    }
}

/* The signs of text, spaces left out; returns how many (at most max). */
static int
read_signs (const char *text, Sign *out, int max)
{
  int n = 0;

  for (const char *p = text; *p != '\0' && n < max; p = g_utf8_next_char (p))
    {
      gsize len = g_utf8_next_char (p) - p;

      if (g_unichar_isspace (g_utf8_get_char (p)))
        continue;
      memset (&out[n], 0, sizeof out[n]);
      memcpy (out[n].text, p, MIN (len, sizeof out[n].text - 1));
      classify (out[n].text, &out[n]);
      n++;
    }
  return n;
}

static gboolean
is_wxf (const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    if (g_ascii_isalpha (*p))
      return TRUE;
  return FALSE;
}

/* The role of sign i of the right text in this notation. */
static Role
role_of (const XqNotationParts *p, gboolean wxf, int i)
{
  static const Role by_file[MOVE_SIGNS] = { ROLE_PIECE, ROLE_FILE, ROLE_DIRECTION, ROLE_NUMBER };
  static const Role zh_which[MOVE_SIGNS] = { ROLE_WHICH, ROLE_PIECE, ROLE_DIRECTION, ROLE_NUMBER };
  static const Role zh_multi[MOVE_SIGNS] = { ROLE_WHICH, ROLE_FILE, ROLE_DIRECTION, ROLE_NUMBER };
  static const Role wxf_which[MOVE_SIGNS] = { ROLE_PIECE, ROLE_WHICH, ROLE_DIRECTION, ROLE_NUMBER };

  i = CLAMP (i, 0, MOVE_SIGNS - 1);
  switch (p->designator)
    {
    case XQ_NOTATION_BY_FILE:
      return by_file[i];
    case XQ_NOTATION_TANDEM:
    case XQ_NOTATION_PAWNS:
      return wxf ? wxf_which[i] : zh_which[i];
    case XQ_NOTATION_MULTI:
      return wxf ? wxf_which[i] : zh_multi[i];
    default:
      g_return_val_if_reached (ROLE_PIECE);
    }
}

/* ---- Why a text is not the move ---------------------------------------------- */

static char *
spelled (int n, const TypeMove *d, XqNotation notation)
{
  return xq_notation_spell_number (CLAMP (n, 1, 9), d->parts.color, notation);
}

/* The reason for the sign `got` where the right text has `want`, in the
 * role that sign plays. */
static char *
explain_sign (const TypeMove *d, XqNotation notation, Role role, const Sign *got)
{
  const XqNotationParts *p = &d->parts;
  const char *name = xq_answer_piece_word (xq_piece_make (p->color, p->type));
  const char *piece = xq_notation_spell_piece (p->type, p->color, notation);

  if (got->cls == SIGN_UNKNOWN)
    /* Translators: %s is one character the learner typed. */
    return g_strdup_printf (_("“%s” is not used to write moves: a move is written with the piece, numbers and "
                              "the direction."), got->text);
  switch (role)
    {
    case ROLE_PIECE:
      if (got->cls == SIGN_PIECE)
        /* Translators: "The piece is wrong: 炮 is the cannon, but the piece that moved is the horse (馬)." */
        return g_strdup_printf (_("The piece is wrong: %s is the %s, but the piece that moved is the %s (%s)."),
                                got->text, xq_answer_piece_word (xq_piece_make (p->color, got->value)), name, piece);
      return g_strdup_printf (_("The piece is missing: say which piece moved, the %s (%s)."), name, piece);
    case ROLE_WHICH:
      if (got->cls != SIGN_POSITION && !(notation == XQ_NOTATION_WXF && got->cls == SIGN_DIRECTION))
        /* Translators: "More than one horse stands on that file, so the move says which one (前, 後) instead of
         * the file number." */
        return g_strdup_printf (_("More than one %s stands on that file, so the move says which one (%s, %s) "
                                  "instead of the file number."), name,
                                xq_notation_spell_position (0, 2, notation),
                                xq_notation_spell_position (1, 2, notation));
      if (p->index == 0)
        return g_strdup_printf (_("Which one is wrong: the %s that moved is the front one, nearer the other side "
                                  "(%s)."), name, xq_notation_spell_position (p->index, p->count, notation));
      if (p->index == p->count - 1)
        return g_strdup_printf (_("Which one is wrong: the %s that moved is the rear one, nearer its own side "
                                  "(%s)."), name, xq_notation_spell_position (p->index, p->count, notation));
      return g_strdup_printf (_("Which one is wrong: the %s that moved is the middle one (%s)."), name,
                              xq_notation_spell_position (p->index, p->count, notation));
    case ROLE_FILE:
      {
        g_autofree char *file = spelled (p->from_file, d, notation);

        if (got->cls == SIGN_NUMBER)
          /* Translators: "The file is wrong: the horse stands on file 八, counted from its own side's right, not
           * on file 二." */
          return g_strdup_printf (_("The file is wrong: the %s stands on file %s, counted from its own side’s "
                                    "right, not on file %s."), name, file, got->text);
        return g_strdup_printf (_("The file is missing: after the piece comes the file it stands on, counted from "
                                  "its own side’s right (%s)."), file);
      }
    case ROLE_DIRECTION:
      if (got->cls != SIGN_DIRECTION)
        return g_strdup_printf (_("The direction is missing: %s forwards, %s back or %s sideways."),
                                xq_notation_spell_direction (XQ_NOTATION_FORWARD, notation),
                                xq_notation_spell_direction (XQ_NOTATION_BACK, notation),
                                xq_notation_spell_direction (XQ_NOTATION_ACROSS, notation));
      switch (p->direction)
        {
        case XQ_NOTATION_FORWARD:
          return g_strdup_printf (_("The direction is wrong: the %s went forwards, towards the other side, so the "
                                    "move says %s."), name, xq_notation_spell_direction (p->direction, notation));
        case XQ_NOTATION_BACK:
          return g_strdup_printf (_("The direction is wrong: the %s went back, towards its own side, so the move "
                                    "says %s."), name, xq_notation_spell_direction (p->direction, notation));
        case XQ_NOTATION_ACROSS:
          return g_strdup_printf (_("The direction is wrong: the %s moved sideways along its rank, so the move "
                                    "says %s."), name, xq_notation_spell_direction (p->direction, notation));
        default:
          g_return_val_if_reached (NULL);
        }
    case ROLE_NUMBER:
      {
        g_autofree char *to = spelled (p->to_file, d, notation);
        g_autofree char *steps = spelled (p->steps, d, notation);

        if (got->cls != SIGN_NUMBER)
          return g_strdup (_("The number at the end is missing: the steps the piece went, or the file it lands "
                             "on."));
        if (p->direction == XQ_NOTATION_ACROSS)
          /* Translators: "The last number is wrong: with 平 it is the file the cannon stops on, 五, not 三." */
          return g_strdup_printf (_("The last number is wrong: with %s it is the file the %s stops on, %s, not %s."),
                                  xq_notation_spell_direction (p->direction, notation), name, to, got->text);
        if (p->names_file)
          /* Translators: "The last number is wrong: a horse moves diagonally, so it is the file it lands on, 七,
           * not 九." */
          return g_strdup_printf (_("The last number is wrong: a %s moves diagonally, so it is the file it lands "
                                    "on, %s, not %s."), name, to, got->text);
        /* Translators: "The last number is wrong: the chariot went 2 steps along its file, 二, not 三." */
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "The last number is wrong: the %s went %d step along its file, %s, "
                                             "not %s.",
                                             "The last number is wrong: the %s went %d steps along its file, %s, "
                                             "not %s.", (gulong) p->steps),
                                name, p->steps, steps, got->text);
      }
    default:
      g_return_val_if_reached (NULL);
    }
}

/* Why text is not the move of the arrow: the first sign that differs from
 * the move's own text, in the same notation (WXF if the text has letters). */
static char *
explain_text (const TypeMove *d, const char *text, GError *parse_error)
{
  gboolean wxf = is_wxf (text);
  XqNotation notation = wxf ? XQ_NOTATION_WXF : d->notation == XQ_NOTATION_WXF ? xq_answer_learner_notation ()
                                                                                : d->notation;
  Sign got[MAX_SIGNS], want[MAX_SIGNS];
  int n_got = read_signs (text, got, MAX_SIGNS);
  int n_want = read_signs (wxf ? d->wxf_text : d->zh_text, want, MAX_SIGNS);

  if (n_got == 0)
    return g_strdup (_("Type the move first: the piece, its file, the direction and a number."));
  for (int i = 0; i < MIN (n_got, n_want); i++)
    if (got[i].cls != want[i].cls || got[i].value != want[i].value)
      return explain_sign (d, notation, role_of (&d->parts, wxf, i), &got[i]);
  if (n_got < n_want)
    return g_strdup (_("That is not finished: a move is written with four signs, the piece, its file, the "
                       "direction and a number."));
  if (n_got > n_want)
    return g_strdup (_("That has too many signs: a move is written with four, the piece, its file, the direction "
                       "and a number."));
  /* The same signs the module would not read: its own words. */
  return g_strdup (parse_error != NULL ? parse_error->message : _("That is not how this move is written."));
}

/* ---- Reading -------------------------------------------------------------------- */

static void
keypad_add (TypeMove *d, const char *sign)
{
  if (sign != NULL && !g_ptr_array_find_with_equal_func (d->keypad, sign, g_str_equal, NULL))
    g_ptr_array_add (d->keypad, g_strdup (sign));
}

/* The signs a child needs to write this side's moves without an input
 * method: its pieces, its numbers, the directions, 前/中/後. */
static void
make_keypad (TypeMove *d)
{
  static const XqPieceType types[] = {
    XQ_CHARIOT, XQ_HORSE, XQ_CANNON, XQ_ELEPHANT, XQ_ADVISOR, XQ_KING, XQ_PAWN,
  };
  XqNotation n = d->notation;

  d->keypad = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    keypad_add (d, xq_notation_spell_piece (types[i], d->parts.color, n));
  for (int i = 1; i <= 9; i++)
    {
      g_autofree char *number = xq_notation_spell_number (i, d->parts.color, n);
      keypad_add (d, number);
    }
  keypad_add (d, xq_notation_spell_direction (XQ_NOTATION_FORWARD, n));
  keypad_add (d, xq_notation_spell_direction (XQ_NOTATION_BACK, n));
  keypad_add (d, xq_notation_spell_direction (XQ_NOTATION_ACROSS, n));
  keypad_add (d, xq_notation_spell_position (0, 3, n));
  keypad_add (d, xq_notation_spell_position (1, 3, n));
  keypad_add (d, xq_notation_spell_position (2, 3, n));
  g_ptr_array_add (d->keypad, NULL);
}

static gpointer
type_move_read (XqKindReader *r, JsonObject *o, const char *path, XqExercise *ex)
{
  g_autofree char *mp = xq_kind_path (path, "arrow");
  int notation = xq_kind_get_enum (r, o, path, &fields[1], 0);
  XqMove m = xq_kind_get_legal_move (r, o, path, "arrow", &ex->position);
  const char *texts[2];
  TypeMove *d;

  if (notation < 0 || m == XQ_MOVE_NONE)
    return NULL;

  d = g_new0 (TypeMove, 1);
  d->move = m;
  d->notation = notation == 0 ? xq_answer_learner_notation () : XQ_NOTATION_WXF;
  d->zh_text = xq_notation_format (&ex->position, m, xq_answer_learner_notation ());
  d->wxf_text = xq_notation_format (&ex->position, m, XQ_NOTATION_WXF);
  d->text = g_strdup (d->notation == XQ_NOTATION_WXF ? d->wxf_text : d->zh_text);
  xq_notation_parts (&ex->position, m, &d->parts);
  texts[0] = d->zh_text;
  texts[1] = d->wxf_text;
  /* What the learner is measured against must read back as the move. */
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(GError) error = NULL;

      if (xq_notation_parse (&ex->position, texts[i], i == 0 ? xq_answer_learner_notation () : XQ_NOTATION_WXF,
                             &error) != m)
        {
          xq_kind_problem (r, XQ_LESSON_ERROR_BAD_MOVE, mp,
                           _("the notation module reads “%s” as another move: %s"), texts[i],
                           error ? error->message : "");
          type_move_free (d);
          return NULL;
        }
    }
  make_keypad (d);
  return d;
}

/* ---- Judging -------------------------------------------------------------------- */

/* The move text stands for: Chinese in either script, then WXF. */
static XqMove
read_text (const XqExercise *ex, const char *text, GError **error)
{
  static const XqNotation order[] = { XQ_NOTATION_ZH_HANT, XQ_NOTATION_ZH_HANS, XQ_NOTATION_WXF };
  XqPosition pos = ex->position;

  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    {
      XqMove m;

      if ((order[i] == XQ_NOTATION_WXF) != is_wxf (text))
        continue;
      g_clear_error (error);
      m = xq_notation_parse (&pos, text, order[i], error);
      if (m != XQ_MOVE_NONE)
        return m;
    }
  return XQ_MOVE_NONE;
}

static void
mark_move (const TypeMove *d, XqLessonMarks *marks, XqLessonMarkRole role)
{
  xq_lesson_marks_add_arrow (marks, role, xq_move_from (d->move), xq_move_to (d->move));
}

static XqVerdict *
judge (const XqExercise *ex, const char *typed, int wrong_before)
{
  const TypeMove *d = ex->data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = g_strstrip (g_strdup (typed != NULL ? typed : ""));
  g_autofree char *why = NULL;
  g_autofree char *say = NULL;
  XqMove m = read_text (ex, text, &error);
  XqVerdict *v;

  if (m == d->move)
    {
      XqPosition pos = ex->position;
      g_autofree char *as_written = xq_notation_format (&pos, m, is_wxf (text) ? XQ_NOTATION_WXF : d->notation);

      if (strcmp (as_written, text) == 0 || (!is_wxf (text) && d->notation == XQ_NOTATION_WXF))
        /* Translators: the move typed, which is the move shown by the arrow. */
        say = g_strdup_printf (_("Yes: %s is the move the arrow shows."), text);
      else
        /* Translators: the move typed is right; then how it is usually written. */
        say = g_strdup_printf (_("Yes: %s is the move the arrow shows. It is usually written %s."), text,
                               as_written);
      v = xq_verdict_new (XQ_VERDICT_CORRECT, say);
      mark_move (d, &v->marks, XQ_LESSON_ROLE_CORRECT);
      return v;
    }
  why = explain_text (d, text, error);
  if (wrong_before + 1 >= TYPE_TRIES)
    /* Translators: a wrong text's reason, then the right notation. */
    say = g_strdup_printf (_("%s The move is written %s."), why, d->text);
  else
    say = g_steal_pointer (&why);
  v = xq_verdict_new (XQ_VERDICT_WRONG, say);
  mark_move (d, &v->marks, XQ_LESSON_ROLE_MOVE);
  xq_lesson_marks_add (&v->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_TARGET, xq_move_from (d->move));
  return v;
}

static void
type_move_answer (const XqExercise *ex, XqAnswer *out)
{
  out->text = ((const TypeMove *) ex->data)->text;
}

static XqVerdict *
type_move_check (const XqExercise *ex, const XqAnswer *answer)
{
  g_return_val_if_fail (answer->text != NULL, NULL);
  return judge (ex, answer->text, 0);
}

static void
type_move_start (XqAttempt *a)
{
  mark_move (a->ex->data, &a->base_marks, XQ_LESSON_ROLE_MOVE);
}

static XqVerdict *
type_move_input (XqAttempt *a, const XqInput *in)
{
  XqVerdict *v;

  if (in->type != XQ_INPUT_TEXT || in->text == NULL)
    return NULL;
  v = judge (a->ex, in->text, a->wrong);
  if (v->kind != XQ_VERDICT_CORRECT)
    {
      a->wrong++;
      a->tries++;
    }
  return v;
}

/* The piece that moved, then where it went too, then the text to type. */
static void
type_move_hint (const XqAttempt *a, int level, XqHint *out)
{
  const TypeMove *d = a->ex->data;

  if (xq_hint_for_written_move (d->move, level, out))
    return;
  mark_move (d, &out->marks, XQ_LESSON_ROLE_MOVE);
  out->choice = g_strdup (d->text);
  /* Translators: the last hint of a typed move: the text to type. */
  out->text = g_strdup_printf (_("The move is written %s. Now type it."), d->text);
}

static char *
type_move_answer_key (const XqExercise *ex, XqAnswerStyle *style)
{
  return g_strdup (((const TypeMove *) ex->data)->text);
}

static const XqPosition *
type_move_picture (const XqExercise *ex, XqLessonMarks *marks)
{
  mark_move (ex->data, marks, XQ_LESSON_ROLE_MOVE);
  return &ex->position;
}

static const char *const *
type_move_keypad (const XqExercise *ex)
{
  return (const char *const *) ((const TypeMove *) ex->data)->keypad->pdata;
}

/* The move's text, typed and handed in. */
static void
type_move_demo (const XqAttempt *a, GArray *inputs)
{
  XqInput in = { .type = XQ_INPUT_TEXT, .sq = XQ_NO_SQUARE, .move = XQ_MOVE_NONE,
                 .text = ((const TypeMove *) a->ex->data)->text };

  g_array_append_val (inputs, in);
}

const XqKind xq_kind_type_move = {
  .name = "type-move",
  .label = N_("Type the move seen"),
  .input = XQ_KIND_INPUT_TEXT,
  .fields = fields,
  .n_fields = G_N_ELEMENTS (fields),
  .read = type_move_read,
  .free_data = type_move_free,
  .fen_checked = TRUE,
  .answer = type_move_answer,
  .check = type_move_check,
  .keypad = type_move_keypad,
  .start = type_move_start,
  .input_cb = type_move_input,
  .hint = type_move_hint,
  .answer_key = type_move_answer_key,
  .picture = type_move_picture,
  .demo = type_move_demo,
};
