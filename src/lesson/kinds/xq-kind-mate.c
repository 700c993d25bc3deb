/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The "mate" kind: win in N against the most stubborn defence.  A side
 * left without a legal move loses whether or not it is in check
 * (docs/lesson-format.md, "mate"), so the last move may checkmate or
 * stalemate (困斃); the solver counts both, and the verdict names which.
 * The loader proves the win once the file is sound (XqKind.mate_in). */
#define G_LOG_DOMAIN "xq-kind-mate"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-kind.h"
#include "xq-lesson-rules.h"
#include "xq-demo.h"

typedef struct {
  int mate_in;
} Mate;

static const XqKindField fields[] = {
  { "mate-in", N_("_Mate in"), XQ_FIELD_NUMBER, NULL, 1, XQ_SOLVER_MAX_MATE, TRUE },
};

static gpointer
mate_read (XqKindReader *r, JsonObject *o, const char *path, XqExercise *ex)
{
  g_autofree Mate *d = g_new0 (Mate, 1);

  if (!xq_kind_get_int (r, o, path, "mate-in", TRUE, 1, XQ_SOLVER_MAX_MATE, &d->mate_in))
    return NULL;
  return g_steal_pointer (&d);
}

static int
mate_mate_in (const XqExercise *ex)
{
  return ((const Mate *) ex->data)->mate_in;
}

static void
mate_answer (const XqExercise *ex, XqAnswer *out)
{
  out->count = mate_mate_in (ex);
}

/* The position after the whole line (which the checker found legal). */
static XqPosition
after_line (const XqPosition *start, const XqMove *moves, int n_moves)
{
  XqPosition pos = *start;

  for (int i = 0; i < n_moves; i++)
    {
      XqUndo undo;
      xq_position_do_move (&pos, moves[i], &undo);
    }
  return pos;
}

static XqVerdict *
mate_check (const XqExercise *ex, const XqAnswer *answer)
{
  XqVerdict *v = xq_check_mate (&ex->position, mate_mate_in (ex), answer->moves, answer->n_moves);
  XqPosition end;

  if (v->kind != XQ_VERDICT_CORRECT)
    return v;
  end = after_line (&ex->position, answer->moves, answer->n_moves);
  switch (xq_position_status (&end))
    {
    case XQ_STATUS_STALEMATE:
      g_free (v->message);
      v->message = g_strdup (_("Stalemate (困斃)! Your opponent is not in check but has no move left, and that loses. Well done!"));
      break;
    case XQ_STATUS_CHECKMATE:
      g_free (v->message);
      v->message = g_strdup (_("Checkmate! The general is in check and has no way out. Well done!"));
      break;
    case XQ_STATUS_ONGOING:
    case XQ_STATUS_CHECK:
    default:
      break;
    }
  return v;
}

static XqVerdict *
mate_input (XqAttempt *a, const XqInput *in)
{
  XqAnswer answer;
  XqVerdict *v;
  XqMove m = in->move;
  XqUndo undo;

  if (in->type == XQ_INPUT_REPLY)
    {
      if (a->pending_reply == XQ_MOVE_NONE)
        return NULL;
      g_array_append_val (a->line, a->pending_reply);
      xq_position_do_move (&a->shown, a->pending_reply, &undo);
      a->last = a->pending_reply;
      a->pending_reply = XQ_MOVE_NONE;
      return xq_verdict_new (XQ_VERDICT_INCOMPLETE, _("Your move again."));
    }
  if (in->type != XQ_INPUT_MOVE || a->pending_reply != XQ_MOVE_NONE)
    return NULL;
  g_array_append_val (a->line, m);
  answer = (XqAnswer) { .moves = (const XqMove *) a->line->data, .n_moves = (int) a->line->len };
  v = mate_check (a->ex, &answer);
  if (v->kind == XQ_VERDICT_ILLEGAL || v->kind == XQ_VERDICT_WRONG)
    {
      /* The position stays as it was: the child tries again from there. */
      g_array_set_size (a->line, a->line->len - 1);
      a->wrong++;
      return v;
    }
  xq_position_do_move (&a->shown, m, &undo);
  a->last = m;
  a->pending_reply = v->reply;
  return v;
}

/* A key move of the mate still left, found by the solver within its
 * budget: its piece, then its point, then the move. */
static void
mate_hint (const XqAttempt *a, int level, XqHint *out)
{
  int left = mate_mate_in (a->ex) - (int) (a->line->len + 1) / 2;
  XqSolution sol = { 0 };
  XqMove key = XQ_MOVE_NONE;

  if (left > 0 && xq_lesson_mate_distance (&a->shown, left, &sol) == XQ_SOLVE_MATE && sol.n_keys > 0)
    key = sol.keys[0];
  xq_hint_for_move (key, level, out);
}

static char *
mate_answer_key (const XqExercise *ex, XqAnswerStyle *style)
{
  return xq_answer_mate_text (&ex->position, mate_mate_in (ex), style);
}

const XqKind xq_kind_mate = {
  .name = "mate",
  .label = N_("Mate in N"),
  .input = XQ_KIND_INPUT_MOVE,
  .fields = fields,
  .n_fields = G_N_ELEMENTS (fields),
  .read = mate_read,
  .free_data = g_free,
  .fen_checked = TRUE,
  .mate_in = mate_mate_in,
  .answer = mate_answer,
  .check = mate_check,
  .input_cb = mate_input,
  .hint = mate_hint,
  .answer_key = mate_answer_key,
  .no_demo = N_("The defender chooses the replies, so the line is not known before the game: the hints show each move in turn"),
};
