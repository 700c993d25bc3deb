/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-checker"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-answer-text.h"
#include "xq-checker.h"
#include "xq-lesson-rules.h"

void
xq_verdict_free (XqVerdict *verdict)
{
  if (verdict == NULL)
    return;
  g_free (verdict->message);
  g_free (verdict->answer_choice);
  g_free (verdict);
}

XqVerdict *
xq_verdict_new (XqVerdictKind kind, const char *message)
{
  XqVerdict *v = g_new0 (XqVerdict, 1);

  v->kind = kind;
  v->stars = kind == XQ_VERDICT_CORRECT ? 3 : 0;
  v->message = g_strdup (message);
  v->reply = XQ_MOVE_NONE;
  xq_lesson_marks_clear (&v->marks);
  return v;
}

XqVerdict *
xq_verdict_illegal (XqPosition *pos, XqMove m)
{
  XqLessonMarks marks;
  g_autofree char *why = NULL;
  XqVerdict *v;

  xq_lesson_marks_clear (&marks);
  why = xq_lesson_explain_illegal (pos, m, &marks);
  v = xq_verdict_new (XQ_VERDICT_ILLEGAL, why);
  v->marks = marks;
  return v;
}

int
xq_lesson_stars_for (int wrong_tries, int hints_used)
{
  return CLAMP (3 - MAX (wrong_tries, 0) - MAX (hints_used, 0), 1, 3);
}

/* ---- Mate ------------------------------------------------------------------ */

/* A move that does not force the mate within left moves: the defence
 * that gets out, found as the Puzzles page finds it, is drawn on the board
 * and said in words (issue 31: "the general can escape" alone showed
 * nothing).  pos is before the learner's move m. */
static XqVerdict *
escape_verdict (const XqPosition *pos, XqMove m, int left)
{
  XqPosition after = *pos;
  XqUndo undo;
  XqMove reply;
  XqPiece mover, captured;
  g_autofree char *text = NULL;
  XqVerdict *v;

  xq_position_do_move (&after, m, &undo);
  reply = xq_position_has_legal_move (&after) ? xq_lesson_longest_defence (&after, MAX (left - 1, 1)) : XQ_MOVE_NONE;
  if (reply == XQ_MOVE_NONE || !xq_position_is_legal (&after, reply))
    return xq_verdict_new (XQ_VERDICT_WRONG, _("After that move the general can escape."));
  mover = after.board[xq_move_from (reply)];
  captured = after.board[xq_move_to (reply)];
  if (captured != XQ_EMPTY)
    text = g_strdup_printf (_("After that move the %s takes your %s and the mate is gone: see the arrow."),
                            xq_answer_piece_word (mover), xq_answer_piece_word (captured));
  else if (xq_piece_type (mover) == XQ_KING)
    text = g_strdup_printf (_("After that move the %s escapes: see the arrow."), xq_answer_piece_word (mover));
  else
    text = g_strdup_printf (_("After that move the %s stops the mate: see the arrow."),
                            xq_answer_piece_word (mover));
  v = xq_verdict_new (XQ_VERDICT_WRONG, text);
  xq_lesson_marks_add_arrow (&v->marks, XQ_LESSON_ROLE_MOVE, xq_move_from (reply), xq_move_to (reply));
  return v;
}

XqVerdict *
xq_check_mate (const XqPosition *start, int mate_in, const XqMove *moves, int n_moves)
{
  XqPosition pos;
  XqMove m;
  int learner_moves;
  XqVerdict *v;

  g_return_val_if_fail (start != NULL, NULL);
  g_return_val_if_fail (n_moves >= 1 && n_moves % 2 == 1, NULL);

  pos = *start;
  for (int i = 0; i < n_moves - 1; i++)
    {
      XqUndo undo;
      if (!xq_position_is_legal (&pos, moves[i]))
        return xq_verdict_new (XQ_VERDICT_ILLEGAL, _("That line of moves is not legal."));
      xq_position_do_move (&pos, moves[i], &undo);
    }
  m = moves[n_moves - 1];
  if (!xq_position_is_legal (&pos, m))
    return xq_verdict_illegal (&pos, m);

  learner_moves = n_moves / 2;
  if (learner_moves >= mate_in)
    return xq_verdict_new (XQ_VERDICT_WRONG, _("Out of moves: the general got away."));

  switch (xq_lesson_mate_within (&pos, m, mate_in - learner_moves))
    {
    case XQ_SOLVE_MATE:
      {
        XqUndo undo;
        xq_position_do_move (&pos, m, &undo);
        if (!xq_position_has_legal_move (&pos))
          {
            v = xq_verdict_new (XQ_VERDICT_CORRECT, _("Checkmate! Well done!"));
            xq_lesson_mark_checks (&pos, &v->marks);
            return v;
          }
        v = xq_verdict_new (XQ_VERDICT_INCOMPLETE, _("Good move! Now watch the reply."));
        v->reply = xq_lesson_longest_defence (&pos, mate_in - learner_moves - 1);
        xq_lesson_mark_checks (&pos, &v->marks);
        return v;
      }
    case XQ_SOLVE_NONE:
      v = escape_verdict (&pos, m, mate_in - learner_moves);
      xq_lesson_marks_add_arrow (&v->marks, XQ_LESSON_ROLE_WRONG, xq_move_from (m), xq_move_to (m));
      return v;
    case XQ_SOLVE_ABORTED:
    default:
      return xq_verdict_new (XQ_VERDICT_WRONG, _("That move is too hard to judge; try a more forcing one."));
    }
}
