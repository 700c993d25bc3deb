/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The "read-move" kind: play the written move.  The exercise stores the
 * move in ICCS; the prompt shows it as the core's notation module writes it
 * in the learner's script (or WXF), and the learner makes it on the board.
 * The move asked for is the one the core reads back from that text, so the
 * answer is never an author's string (docs/lesson-format.md, "read-move"). */
#define G_LOG_DOMAIN "xq-kind-read-move"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-kind.h"
#include "xq-lesson-rules.h"
#include "xq-demo.h"

typedef struct {
  XqMove     move;      /* the core's reading of `text` */
  XqNotation notation;
  char      *text;      /* the move as the prompt shows it */
} ReadMove;

static const XqKindField fields[] = {
  { "moves", N_("_Move"), XQ_FIELD_MOVES, NULL, 1, 1, TRUE },
  { "notation", N_("_Notation"), XQ_FIELD_ENUM, xq_kind_notations, 0, 0, FALSE },
};

/* Where the prompt shows the move; without it the move follows the prompt. */
#define MOVE_PLACEHOLDER "{move}"

static void
read_move_free (gpointer data)
{
  ReadMove *d = data;

  g_free (d->text);
  g_free (d);
}

static gpointer
read_move_read (XqKindReader *r, JsonObject *o, const char *path, XqExercise *ex)
{
  g_autofree char *mp = xq_kind_path (path, "moves");
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) prompt = NULL;
  int notation = xq_kind_get_enum (r, o, path, &fields[1], 0);
  XqMove m = xq_kind_get_legal_move (r, o, path, "moves", &ex->position);
  ReadMove *d;

  if (notation < 0 || m == XQ_MOVE_NONE)
    return NULL;

  d = g_new0 (ReadMove, 1);
  d->notation = notation == 0 ? xq_answer_learner_notation () : XQ_NOTATION_WXF;
  d->text = xq_notation_format (&ex->position, m, d->notation);
  /* The learner is asked for what the text says, as the core reads it. */
  d->move = xq_notation_parse (&ex->position, d->text, d->notation, &error);
  if (d->move != m)
    {
      xq_kind_problem (r, XQ_LESSON_ERROR_BAD_MOVE, mp, _("the notation module reads “%s” as another move: %s"),
                       d->text, error ? error->message : "");
      read_move_free (d);
      return NULL;
    }
  prompt = g_string_new (ex->prompt);
  if (g_string_replace (prompt, MOVE_PLACEHOLDER, d->text, 0) == 0)
    g_string_append_printf (prompt, " %s", d->text);
  g_free (ex->prompt);
  ex->prompt = g_string_free (g_steal_pointer (&prompt), FALSE);
  return d;
}

static void
read_move_answer (const XqExercise *ex, XqAnswer *out)
{
  const ReadMove *d = ex->data;

  out->moves = &d->move;
  out->n_moves = 1;
}

/* The spelled number n of the mover (Red 七, Black 7, WXF 7). */
static char *
number (int n, XqColor color, XqNotation notation)
{
  return xq_notation_spell_number (CLAMP (n, 1, 9), color, notation);
}

/* Why the move played is not the move written, naming the first part of
 * the text that differs: the piece, which one of them, the direction, the
 * number at the end. */
static char *
explain_wrong (const ReadMove *d, const XqPosition *pos, XqMove played)
{
  XqNotationParts want, got;
  g_autofree char *text = xq_notation_format ((XqPosition *) pos, played, d->notation);
  const char *want_name, *got_name;

  xq_notation_parts (pos, d->move, &want);
  xq_notation_parts (pos, played, &got);
  want_name = xq_answer_piece_word (xq_piece_make (want.color, want.type));
  got_name = xq_answer_piece_word (xq_piece_make (got.color, got.type));

  if (got.type != want.type)
    /* Translators: "You played 炮二平五: that moves your cannon, but 馬八進七 moves your horse." */
    return g_strdup_printf (_("You played %s: that moves your %s, but %s moves your %s."),
                            text, got_name, d->text, want_name);

  if (xq_move_from (played) != xq_move_from (d->move) &&
      (got.from_file != want.from_file || want.designator != XQ_NOTATION_BY_FILE))
    {
      g_autofree char *got_file = number (got.from_file, got.color, d->notation);
      g_autofree char *want_file = number (want.from_file, want.color, d->notation);

      if (want.designator == XQ_NOTATION_BY_FILE)
        /* Translators: "You played 馬二進三: you moved the horse on file 二, but 馬八進七 moves the
         * horse on file 八, counted from your own right." */
        return g_strdup_printf (_("You played %s: you moved the %s on file %s, but %s moves the %s on file %s, "
                                  "counted from your own right."),
                                text, got_name, got_file, d->text, want_name, want_file);
      if (got.from_file == want.from_file)
        {
          const char *word = xq_notation_spell_position (want.index, want.count, d->notation);

          if (want.index == 0)
            /* Translators: "You played 後車進一: 前 means the front chariot, the one nearer the other side." */
            return g_strdup_printf (_("You played %s: %s means the front %s, the one nearer the other side."),
                                    text, word, want_name);
          if (want.index == want.count - 1)
            return g_strdup_printf (_("You played %s: %s means the rear %s, the one nearer your own side."),
                                    text, word, want_name);
          return g_strdup_printf (_("You played %s: %s names the middle one of the pieces on that file."),
                                  text, d->text);
        }
      return g_strdup_printf (_("You played %s: you moved the %s on file %s, but the %s that %s names stands on "
                                "file %s."),
                              text, got_name, got_file, want_name, d->text, want_file);
    }

  if (got.direction != want.direction)
    {
      const char *word = xq_notation_spell_direction (want.direction, d->notation);

      switch (want.direction)
        {
        case XQ_NOTATION_FORWARD:
          return got.direction == XQ_NOTATION_BACK
                 ? g_strdup_printf (_("You played %s: %s means forwards, towards the other side, but you went back."),
                                    text, word)
                 : g_strdup_printf (_("You played %s: %s means forwards, towards the other side, but you went "
                                      "sideways."), text, word);
        case XQ_NOTATION_BACK:
          return got.direction == XQ_NOTATION_FORWARD
                 ? g_strdup_printf (_("You played %s: %s means back, towards your own side, but you went forwards."),
                                    text, word)
                 : g_strdup_printf (_("You played %s: %s means back, towards your own side, but you went sideways."),
                                    text, word);
        case XQ_NOTATION_ACROSS:
          return got.direction == XQ_NOTATION_FORWARD
                 ? g_strdup_printf (_("You played %s: %s means sideways along the same rank, but you went forwards."),
                                    text, word)
                 : g_strdup_printf (_("You played %s: %s means sideways along the same rank, but you went back."),
                                    text, word);
        default:
          g_return_val_if_reached (NULL);
        }
    }

  {
    g_autofree char *got_to = number (got.to_file, got.color, d->notation);
    g_autofree char *want_to = number (want.to_file, want.color, d->notation);
    g_autofree char *want_steps = number (want.steps, want.color, d->notation);

    if (want.direction == XQ_NOTATION_ACROSS)
      /* Translators: "You played 炮二平四: the cannon stopped on file 四, not 五." */
      return g_strdup_printf (_("You played %s: the %s stopped on file %s, not %s."), text, got_name, got_to, want_to);
    if (want.names_file)
      /* Translators: "You played 馬八進九: the horse landed on file 九, not 七." */
      return g_strdup_printf (_("You played %s: the %s landed on file %s, not %s."), text, got_name, got_to, want_to);
    /* Translators: "You played 車九進二: the chariot went 2 steps, but 車九進一 says 一." */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "You played %s: the %s went %d step, but %s says %s.",
                                         "You played %s: the %s went %d steps, but %s says %s.", (gulong) got.steps),
                            text, got_name, got.steps, d->text, want_steps);
  }
}

static XqVerdict *
read_move_check (const XqExercise *ex, const XqAnswer *answer)
{
  const ReadMove *d = ex->data;
  XqPosition pos = ex->position;
  g_autofree char *why = NULL;
  XqVerdict *v;
  XqMove m;

  g_return_val_if_fail (answer->n_moves == 1, NULL);
  m = answer->moves[0];
  if (!xq_position_is_legal (&pos, m))
    return xq_verdict_illegal (&pos, m);
  if (m == d->move)
    {
      /* Translators: the move written, after the learner played it. */
      why = g_strdup_printf (_("Yes, that is %s."), d->text);
      v = xq_verdict_new (XQ_VERDICT_CORRECT, why);
      xq_lesson_marks_add_arrow (&v->marks, XQ_LESSON_ROLE_CORRECT, xq_move_from (m), xq_move_to (m));
      return v;
    }
  why = explain_wrong (d, &pos, m);
  v = xq_verdict_new (XQ_VERDICT_WRONG, why);
  xq_lesson_marks_add_arrow (&v->marks, XQ_LESSON_ROLE_WRONG, xq_move_from (m), xq_move_to (m));
  return v;
}

static XqVerdict *
read_move_input (XqAttempt *a, const XqInput *in)
{
  XqAnswer answer = { .moves = &in->move, .n_moves = 1 };
  XqVerdict *v;
  XqUndo undo;

  if (in->type != XQ_INPUT_MOVE)
    return NULL;
  v = read_move_check (a->ex, &answer);
  if (v->kind == XQ_VERDICT_CORRECT)
    {
      xq_position_do_move (&a->shown, in->move, &undo);
      a->last = in->move;
    }
  else
    {
      a->wrong++;
      a->tries++;
    }
  return v;
}

/* The first two signs name the piece, the last two where it goes. */
static char *
text_part (const char *text, gboolean head)
{
  const char *mid = g_utf8_offset_to_pointer (text, MIN (2, g_utf8_strlen (text, -1)));

  return head ? g_strndup (text, (gsize) (mid - text)) : g_strdup (mid);
}

/* The piece the text names, then where it goes, then the move. */
static void
read_move_hint (const XqAttempt *a, int level, XqHint *out)
{
  const ReadMove *d = a->ex->data;
  g_autofree char *head = text_part (d->text, TRUE);
  g_autofree char *tail = text_part (d->text, FALSE);

  xq_hint_for_move (d->move, level, out);
  g_free (out->text);
  if (level == 1)
    /* Translators: "馬八 names the piece: the marked one." */
    out->text = g_strdup_printf (_("%s names the piece: the marked one."), head);
  else if (level == 2)
    /* Translators: "進七 says where it goes: to the marked point." */
    out->text = g_strdup_printf (_("%s says where it goes: to the marked point."), tail);
  else
    out->text = g_strdup_printf (_("Here is %s as an arrow. Now you try!"), d->text);
}

/* The move's two points, which a worksheet prints its coordinates for. */
static char *
read_move_answer_key (const XqExercise *ex, XqAnswerStyle *style)
{
  const ReadMove *d = ex->data;
  g_autoptr(GString) out = g_string_new (NULL);

  xq_answer_append_point (out, xq_move_from (d->move), style);
  g_string_append (out, " → ");
  xq_answer_append_point (out, xq_move_to (d->move), style);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* The move the text names, played. */
static void
read_move_demo (const XqAttempt *a, GArray *inputs)
{
  xq_demo_play_move (inputs, ((const ReadMove *) a->ex->data)->move);
}

const XqKind xq_kind_read_move = {
  .name = "read-move",
  .label = N_("Play the written move"),
  .input = XQ_KIND_INPUT_MOVE,
  .fields = fields,
  .n_fields = G_N_ELEMENTS (fields),
  .read = read_move_read,
  .free_data = read_move_free,
  .fen_checked = TRUE,
  .answer = read_move_answer,
  .check = read_move_check,
  .input_cb = read_move_input,
  .hint = read_move_hint,
  .answer_key = read_move_answer_key,
  .demo = read_move_demo,
};
