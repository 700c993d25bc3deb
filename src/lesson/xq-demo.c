/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-demo"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-demo.h"

gboolean
xq_kind_has_demo (const XqKind *kind)
{
  g_return_val_if_fail (kind != NULL, FALSE);
  return kind->demo != NULL;
}

static void
frame_free (gpointer data)
{
  XqDemoFrame *f = data;

  g_free (f->words);
  g_free (f);
}

void
xq_demo_free (XqDemo *demo)
{
  if (demo == NULL)
    return;
  g_ptr_array_unref (demo->frames);
  g_free (demo);
}

/* One beat: the attempt's board as it stands, its lasting marks and
 * extra's, and what the learner's finger does next. */
static XqDemoFrame *
add_frame (XqDemo              *demo,
           const XqAttempt     *a,
           const XqLessonMarks *extra,
           const char          *words)
{
  XqDemoFrame *f = g_new0 (XqDemoFrame, 1);

  f->position = a->shown;
  f->last = a->last;
  f->marks = a->base_marks;
  if (extra != NULL)
    xq_kind_add_marks (&f->marks, extra);
  f->pulse = XQ_NO_SQUARE;
  f->piece = XQ_EMPTY;
  f->words = g_strdup (words);
  g_ptr_array_add (demo->frames, f);
  return f;
}

/* The beat before an input: where the finger goes. */
static void
add_reach (XqDemo          *demo,
           const XqAttempt *a,
           const XqInput   *in)
{
  XqDemoFrame *f = add_frame (demo, a, NULL, NULL);

  switch (in->type)
    {
    case XQ_INPUT_TAP:
    case XQ_INPUT_LIFT:
      f->pulse = in->sq;
      break;
    case XQ_INPUT_PLACE:
      f->pulse = in->sq;
      f->piece = in->piece;
      break;
    case XQ_INPUT_MOVE:
      /* The piece to pick up pulses, and the way it goes is drawn. */
      f->pulse = xq_move_from (in->move);
      xq_lesson_marks_add_arrow (&f->marks, XQ_LESSON_ROLE_MOVE, xq_move_from (in->move), xq_move_to (in->move));
      break;
    case XQ_INPUT_CHOOSE:
      f->choice = in->choice;
      break;
    case XQ_INPUT_TEXT:
      f->text = in->text;
      break;
    case XQ_INPUT_CHECK:
    case XQ_INPUT_REPLY:
    default:
      break;
    }
}

/* Plays in on a and keeps the beat after it; FALSE when the kind refused
 * it (then there is no demonstration). */
static gboolean
play (XqDemo        *demo,
      XqAttempt     *a,
      const XqInput *in)
{
  g_autoptr(XqVerdict) v = NULL;

  add_reach (demo, a, in);
  v = xq_attempt_input (a, in);
  if (v != NULL && (v->kind == XQ_VERDICT_WRONG || v->kind == XQ_VERDICT_ILLEGAL))
    return FALSE;
  add_frame (demo, a, v ? &v->marks : NULL, a->solved && v != NULL ? v->message : NULL);
  /* A defender's answer comes on its own, as in the lesson. */
  while (!a->solved && a->pending_reply != XQ_MOVE_NONE)
    {
      XqInput reply = { .type = XQ_INPUT_REPLY, .sq = XQ_NO_SQUARE, .move = XQ_MOVE_NONE };
      g_autoptr(XqVerdict) rv = xq_attempt_input (a, &reply);

      add_frame (demo, a, rv ? &rv->marks : NULL, NULL);
    }
  return TRUE;
}

XqDemo *
xq_exercise_demo (const XqExercise *ex)
{
  g_autoptr(GArray) inputs = NULL;
  g_autoptr(XqDemo) demo = NULL;
  XqAttempt a;
  gboolean ok = TRUE;

  g_return_val_if_fail (ex != NULL, NULL);
  if (ex->kind->demo == NULL)
    return NULL;
  inputs = g_array_new (FALSE, TRUE, sizeof (XqInput));
  xq_attempt_init (&a, ex);
  ex->kind->demo (&a, inputs);
  demo = g_new0 (XqDemo, 1);
  demo->ex = ex;
  demo->frames = g_ptr_array_new_with_free_func (frame_free);
  add_frame (demo, &a, NULL, _("Watch!"));
  for (guint i = 0; ok && i < inputs->len && !a.solved; i++)
    ok = play (demo, &a, &g_array_index (inputs, XqInput, i));
  /* Tap every point, place every piece: then Check. */
  if (ok && !a.solved && xq_attempt_wants_check (&a))
    {
      XqInput check = { .type = XQ_INPUT_CHECK, .sq = XQ_NO_SQUARE, .move = XQ_MOVE_NONE };

      ok = play (demo, &a, &check);
    }
  ok = ok && a.solved;
  xq_attempt_clear (&a);
  if (!ok || inputs->len == 0)
    return NULL;
  /* The last beat: the exercise as the learner will find it. */
  {
    XqAttempt fresh;

    xq_attempt_init (&fresh, ex);
    add_frame (demo, &fresh, NULL, _("Now you try!"));
    xq_attempt_clear (&fresh);
  }
  return g_steal_pointer (&demo);
}

void
xq_demo_play_move (GArray *inputs,
                   XqMove  m)
{
  XqInput in = { .type = XQ_INPUT_MOVE, .sq = XQ_NO_SQUARE, .move = m };

  if (m != XQ_MOVE_NONE)
    g_array_append_val (inputs, in);
}

void
xq_demo_tap_points (const XqAttempt *a,
                    GArray          *inputs)
{
  XqAnswer answer;
  gboolean one = g_strcmp0 (xq_exercise_get_field (a->ex, "select"), "one") == 0;

  xq_exercise_answer (a->ex, &answer);
  for (int i = 0; i < answer.n_points && !(one && i > 0); i++)
    {
      XqInput in = { .type = XQ_INPUT_TAP, .sq = answer.points[i], .move = XQ_MOVE_NONE };

      g_array_append_val (inputs, in);
    }
}

void
xq_demo_pick_answer (const XqAttempt *a,
                     GArray          *inputs)
{
  XqAnswer answer;

  xq_exercise_answer (a->ex, &answer);
  if (answer.choice != NULL)
    {
      XqInput in = { .type = XQ_INPUT_CHOOSE, .sq = XQ_NO_SQUARE, .move = XQ_MOVE_NONE,
                     .choice = answer.choice };

      g_array_append_val (inputs, in);
    }
}
