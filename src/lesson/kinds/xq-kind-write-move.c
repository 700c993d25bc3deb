/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The "write-move" kind: write the move seen.  The board shows a move as an
 * arrow; the learner picks how it is written.  The right choice is the core
 * notation module's text for the move, in the learner's script (or WXF);
 * the wrong ones are the same move's parts changed the way children get
 * them wrong (files counted from the other side, 進 and 退 swapped, steps
 * for a diagonal piece's file, 前 and 後 swapped...) and spelled by the
 * core, each with its reason (docs/lesson-format.md, "write-move"). */
#define G_LOG_DOMAIN "xq-kind-write-move"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-kind.h"
#include "xq-lesson-rules.h"
#include "xq-demo.h"

/* The ways to get a move's text wrong, in the order they are offered. */
typedef enum {
  WRONG_FRONT_REAR,    /* 前 and 後 swapped */
  WRONG_TANDEM_FILE,   /* the file named where two stand on it */
  WRONG_STEPS_FILE,    /* steps for a diagonal piece, the file for a straight one */
  WRONG_DIRECTION,     /* 進 and 退 swapped */
  WRONG_ACROSS_COUNT,  /* 平 with the files moved, not the file reached */
  WRONG_COUNT_SIDE,    /* files counted from the other side's right */
  N_WRONG
} Wrong;

static const char *const wrong_ids[N_WRONG] = {
  "front-rear", "tandem-file", "steps-file", "direction", "across-count", "count-side",
};

#define RIGHT_ID "right"
/* The right text and at most this many wrong ones. */
#define MAX_WRONG 3
/* Wrong picks after which the right text is named. */
#define WRITE_TRIES 2

typedef struct {
  XqMove          move;
  XqNotation      notation;
  XqNotationParts parts;
  char           *text;      /* the right choice */
  GPtrArray      *choices;   /* XqChoice*, shown in this order */
  GHashTable     *reasons;   /* choice id -> why it is wrong (translated) */
} WriteMove;

static const XqKindField fields[] = {
  /* Not "moves": a worksheet prints a question's "moves" beside it, and
   * this move is the answer. */
  { "arrow", N_("_Move shown"), XQ_FIELD_MOVES, NULL, 1, 1, TRUE },
  { "notation", N_("_Notation"), XQ_FIELD_ENUM, xq_kind_notations, 0, 0, FALSE },
};

static void
choice_free (XqChoice *choice)
{
  if (choice == NULL)
    return;
  g_free (choice->id);
  g_free (choice->text);
  g_free (choice);
}

static void
write_move_free (gpointer data)
{
  WriteMove *d = data;

  g_free (d->text);
  g_clear_pointer (&d->choices, g_ptr_array_unref);
  g_clear_pointer (&d->reasons, g_hash_table_unref);
  g_free (d);
}

/* The parts of the right move changed one way; FALSE where that mistake
 * cannot be made with this move. */
static gboolean
make_wrong (Wrong w, const XqNotationParts *right, XqNotationParts *out)
{
  gboolean which_one = right->designator != XQ_NOTATION_BY_FILE;

  *out = *right;
  switch (w)
    {
    case WRONG_FRONT_REAR:
      out->index = right->index == 0 ? right->count - 1 : 0;
      return which_one;
    case WRONG_TANDEM_FILE:
      out->designator = XQ_NOTATION_BY_FILE;
      out->count = 1;
      out->index = 0;
      return which_one;
    case WRONG_STEPS_FILE:
      out->names_file = !right->names_file;
      return right->direction != XQ_NOTATION_ACROSS;
    case WRONG_DIRECTION:
      out->direction = right->direction == XQ_NOTATION_FORWARD ? XQ_NOTATION_BACK : XQ_NOTATION_FORWARD;
      return right->direction != XQ_NOTATION_ACROSS;
    case WRONG_ACROSS_COUNT:
      out->to_file = ABS (right->to_file - right->from_file);
      return right->direction == XQ_NOTATION_ACROSS;
    case WRONG_COUNT_SIDE:
      out->from_file = 10 - right->from_file;
      out->to_file = 10 - right->to_file;
      return TRUE;
    case N_WRONG:
    default:
      g_return_val_if_reached (FALSE);
    }
}

/* Why `text`, made by mistake w, is not how the move is written. */
static char *
reason (Wrong w, const WriteMove *d, const char *text)
{
  const XqNotationParts *p = &d->parts;
  const char *name = xq_answer_piece_word (xq_piece_make (p->color, p->type));
  g_autofree char *to = xq_notation_spell_number (CLAMP (p->to_file, 1, 9), p->color, d->notation);
  g_autofree char *steps = xq_notation_spell_number (CLAMP (p->steps, 1, 9), p->color, d->notation);

  switch (w)
    {
    case WRONG_FRONT_REAR:
      if (p->index == 0)
        return g_strdup_printf (_("%s names the rear %s, but the one that moved is the front one, nearer the "
                                  "other side."), text, name);
      if (p->index == p->count - 1)
        return g_strdup_printf (_("%s names the front %s, but the one that moved is the rear one, nearer its own "
                                  "side."), text, name);
      return g_strdup_printf (_("%s names the front %s, but the one that moved is the middle one."), text, name);
    case WRONG_TANDEM_FILE:
      /* Translators: "More than one horse stands on that file, so the move says which one (前, 後) instead of
       * the file number." */
      return g_strdup_printf (_("More than one %s stands on that file, so the move says which one (%s, %s) "
                                "instead of the file number."), name,
                              xq_notation_spell_position (0, 2, d->notation),
                              xq_notation_spell_position (1, 2, d->notation));
    case WRONG_STEPS_FILE:
      if (p->names_file)
        /* Translators: "A horse moves diagonally, so the last number is the file it lands on (七), not how many
         * ranks it moved." */
        return g_strdup_printf (_("A %s moves diagonally, so the last number is the file it lands on (%s), not how "
                                  "many ranks it moved."), name, to);
      /* Translators: "A chariot moving straight forwards or back counts its steps (一), not the file it lands on." */
      return g_strdup_printf (_("A %s moving straight forwards or back counts its steps (%s), not the file it lands "
                                "on."), name, steps);
    case WRONG_DIRECTION:
      if (p->direction == XQ_NOTATION_FORWARD)
        return g_strdup_printf (_("%s says %s, back towards its own side, but the %s went forwards."), text,
                                xq_notation_spell_direction (XQ_NOTATION_BACK, d->notation), name);
      return g_strdup_printf (_("%s says %s, forwards, but the %s went back towards its own side."), text,
                              xq_notation_spell_direction (XQ_NOTATION_FORWARD, d->notation), name);
    case WRONG_ACROSS_COUNT:
      /* Translators: "With 平 the last number is the file the cannon stops on (五), not how many files it moved." */
      return g_strdup_printf (_("With %s the last number is the file the %s stops on (%s), not how many files it "
                                "moved."), xq_notation_spell_direction (XQ_NOTATION_ACROSS, d->notation), name, to);
    case WRONG_COUNT_SIDE:
      if (p->color == XQ_RED)
        return g_strdup_printf (_("%s counts the files from Black’s side. Red counts them from Red’s own right, "
                                  "one to nine from right to left."), text);
      return g_strdup_printf (_("%s counts the files from Red’s side. Black counts them from Black’s own right, "
                                "1 to 9 from right to left."), text);
    case N_WRONG:
    default:
      g_return_val_if_reached (NULL);
    }
}

static void
add_choice (WriteMove *d, const char *id, const char *text)
{
  XqChoice *c = g_new0 (XqChoice, 1);

  c->id = g_strdup (id);
  c->text = g_strdup (text);
  g_ptr_array_add (d->choices, c);
}

static gboolean
offered_text (const WriteMove *d, const char *text)
{
  for (guint i = 0; i < d->choices->len; i++)
    if (strcmp (((XqChoice *) g_ptr_array_index (d->choices, i))->text, text) == 0)
      return TRUE;
  return FALSE;
}

/* The right text and the wrong ones the core spells, in an order fixed by
 * the exercise's id, so the right one is not always first. */
static void
make_choices (WriteMove *d, const char *id)
{
  guint shift;

  add_choice (d, RIGHT_ID, d->text);
  for (Wrong w = 0; w < N_WRONG && d->choices->len < 1 + MAX_WRONG; w++)
    {
      XqNotationParts parts;
      g_autofree char *text = NULL;

      if (!make_wrong (w, &d->parts, &parts))
        continue;
      text = xq_notation_spell (&parts, d->notation);
      if (text == NULL || offered_text (d, text))
        continue;
      add_choice (d, wrong_ids[w], text);
      g_hash_table_insert (d->reasons, g_strdup (wrong_ids[w]), reason (w, d, text));
    }
  shift = g_str_hash (id) % d->choices->len;
  for (guint i = 0; i < shift; i++)
    {
      XqChoice *first = g_ptr_array_steal_index (d->choices, 0);
      g_ptr_array_add (d->choices, first);
    }
}

static gpointer
write_move_read (XqKindReader *r, JsonObject *o, const char *path, XqExercise *ex)
{
  g_autofree char *mp = xq_kind_path (path, "arrow");
  g_autoptr(GError) error = NULL;
  int notation = xq_kind_get_enum (r, o, path, &fields[1], 0);
  XqMove m = xq_kind_get_legal_move (r, o, path, "arrow", &ex->position);
  WriteMove *d;

  if (notation < 0 || m == XQ_MOVE_NONE)
    return NULL;

  d = g_new0 (WriteMove, 1);
  d->move = m;
  d->notation = notation == 0 ? xq_answer_learner_notation () : XQ_NOTATION_WXF;
  d->text = xq_notation_format (&ex->position, m, d->notation);
  d->choices = g_ptr_array_new_with_free_func ((GDestroyNotify) choice_free);
  d->reasons = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  xq_notation_parts (&ex->position, m, &d->parts);
  if (xq_notation_parse (&ex->position, d->text, d->notation, &error) != m)
    {
      xq_kind_problem (r, XQ_LESSON_ERROR_BAD_MOVE, mp, _("the notation module reads “%s” as another move: %s"),
                       d->text, error ? error->message : "");
      write_move_free (d);
      return NULL;
    }
  make_choices (d, ex->id ? ex->id : "");
  if (d->choices->len < 2)
    {
      xq_kind_problem (r, XQ_LESSON_ERROR_UNSOLVABLE, mp, _("no plausible wrong way to write this move was found"));
      write_move_free (d);
      return NULL;
    }
  return d;
}

static void
write_move_answer (const XqExercise *ex, XqAnswer *out)
{
  out->choice = RIGHT_ID;
}

static GPtrArray *
write_move_choices (const XqExercise *ex)
{
  return ((const WriteMove *) ex->data)->choices;
}

static void
mark_move (const WriteMove *d, XqLessonMarks *marks)
{
  xq_lesson_marks_add_arrow (marks, XQ_LESSON_ROLE_MOVE, xq_move_from (d->move), xq_move_to (d->move));
}

/* A pick after `wrong_before` wrong ones: the right one says so, a wrong one
 * its own reason, and from the last try on the right text too. */
static XqVerdict *
judge (const XqExercise *ex, const char *picked, int wrong_before)
{
  const WriteMove *d = ex->data;
  const char *why = g_hash_table_lookup (d->reasons, picked);
  g_autofree char *text = NULL;
  XqVerdict *v;

  if (strcmp (picked, RIGHT_ID) == 0)
    {
      /* Translators: the right notation for the move shown as an arrow. */
      text = g_strdup_printf (_("Yes: the arrow shows %s."), d->text);
      v = xq_verdict_new (XQ_VERDICT_CORRECT, text);
      xq_lesson_marks_add_arrow (&v->marks, XQ_LESSON_ROLE_CORRECT, xq_move_from (d->move), xq_move_to (d->move));
      return v;
    }
  if (why == NULL)
    /* Not a choice of this exercise. */
    why = _("That is not one of the choices.");
  if (wrong_before + 1 >= WRITE_TRIES)
    /* Translators: a wrong choice's reason, then the right notation. */
    text = g_strdup_printf (_("%s The move is written %s."), why, d->text);
  else
    text = g_strdup (why);
  v = xq_verdict_new (XQ_VERDICT_WRONG, text);
  mark_move (d, &v->marks);
  xq_lesson_marks_add (&v->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_TARGET, xq_move_from (d->move));
  return v;
}

static XqVerdict *
write_move_check (const XqExercise *ex, const XqAnswer *answer)
{
  g_return_val_if_fail (answer->choice != NULL, NULL);
  return judge (ex, answer->choice, 0);
}

static void
write_move_start (XqAttempt *a)
{
  mark_move (a->ex->data, &a->base_marks);
}

static XqVerdict *
write_move_input (XqAttempt *a, const XqInput *in)
{
  return xq_attempt_pick (a, in, judge);
}

/* The piece that moved, then where it went too, then the answer. */
static void
write_move_hint (const XqAttempt *a, int level, XqHint *out)
{
  const WriteMove *d = a->ex->data;

  if (xq_hint_for_written_move (d->move, level, out))
    return;
  mark_move (d, &out->marks);
  out->choice = g_strdup (RIGHT_ID);
  out->text = g_strdup (_("Here is the answer. Now you try!"));
}

static char *
write_move_answer_key (const XqExercise *ex, XqAnswerStyle *style)
{
  const WriteMove *d = ex->data;

  for (guint i = 0; i < d->choices->len; i++)
    {
      XqChoice *c = g_ptr_array_index (d->choices, i);
      if (strcmp (c->id, RIGHT_ID) == 0)
        return g_strdup_printf ("%c) %s", xq_answer_choice_letter (i), c->text);
    }
  return NULL;
}

static const XqPosition *
write_move_picture (const XqExercise *ex, XqLessonMarks *marks)
{
  mark_move (ex->data, marks);
  return &ex->position;
}

const XqKind xq_kind_write_move = {
  .name = "write-move",
  .label = N_("Write the move seen"),
  .input = XQ_KIND_INPUT_CHOICES,
  .fields = fields,
  .n_fields = G_N_ELEMENTS (fields),
  .read = write_move_read,
  .free_data = write_move_free,
  .fen_checked = TRUE,
  .answer = write_move_answer,
  .check = write_move_check,
  .choices = write_move_choices,
  .start = write_move_start,
  .input_cb = write_move_input,
  .hint = write_move_hint,
  .answer_key = write_move_answer_key,
  .picture = write_move_picture,
  .demo = xq_demo_pick_answer,
};
