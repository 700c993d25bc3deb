/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-checker"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-checker.h"
#include "xq-lesson-rules.h"

void
xq_verdict_free (XqVerdict *verdict)
{
  if (verdict == NULL)
    return;
  g_free (verdict->message);
  g_free (verdict);
}

static XqVerdict *
verdict_new (XqVerdictKind kind, const char *message)
{
  XqVerdict *v = g_new0 (XqVerdict, 1);

  v->kind = kind;
  v->stars = kind == XQ_VERDICT_CORRECT ? 3 : 0;
  v->message = g_strdup (message);
  v->reply = XQ_MOVE_NONE;
  xq_lesson_marks_clear (&v->marks);
  return v;
}

int
xq_lesson_stars_for (int wrong_tries, int hints_used)
{
  return CLAMP (3 - MAX (wrong_tries, 0) - MAX (hints_used, 0), 1, 3);
}

/* ---- Tap ------------------------------------------------------------------- */

/* Why a point is (or is not) an answer, drawn for the tap rules that have a
 * reason beyond geography. */
static void
explain_point (const XqExercise *ex, XqSquare sq, gboolean right, XqLessonMarks *marks)
{
  XqPosition pos = ex->position;
  XqSquare attackers[XQ_SQUARES];
  int n;

  switch (ex->tap_rule)
    {
    case XQ_TAP_REACH:
      if (!right && pos.board[ex->square] != XQ_EMPTY)
        {
          g_autofree char *why = NULL;
          xq_position_set_side (&pos, xq_piece_color (pos.board[ex->square]));
          why = xq_lesson_explain_illegal (&pos, xq_move_make (ex->square, sq), marks);
        }
      break;
    case XQ_TAP_ATTACKERS:
      if (right)
        xq_lesson_marks_add_arrow (marks, XQ_LESSON_ROLE_ATTACK, sq, ex->square);
      break;
    case XQ_TAP_IN_DANGER:
      n = xq_lesson_attackers (&pos, sq, attackers);
      for (int i = 0; i < n; i++)
        xq_lesson_marks_add_arrow (marks, XQ_LESSON_ROLE_ATTACK, attackers[i], sq);
      break;
    case XQ_TAP_BLOCKERS:
    case XQ_TAP_POINTS:
    case XQ_TAP_PALACE:
    case XQ_TAP_RIVER_BANK:
    case XQ_TAP_FILE:
    default:
      break;
    }
}

XqVerdict *
xq_check_tap (const XqExercise *ex, const XqSquare *points, int n_points)
{
  gboolean tapped[XQ_SQUARES] = { FALSE };
  int right = 0, wrong = 0;
  XqVerdict *v;

  g_return_val_if_fail (ex != NULL && ex->kind == XQ_EXERCISE_TAP, NULL);
  g_return_val_if_fail (n_points >= 0, NULL);

  for (int i = 0; i < n_points; i++)
    {
      XqSquare sq = points[i];
      if (sq < 0 || sq >= XQ_SQUARES || tapped[sq])
        continue;
      tapped[sq] = TRUE;
      if (ex->answer_points[sq])
        right++;
      else
        wrong++;
    }

  if (wrong > 0)
    v = verdict_new (XQ_VERDICT_WRONG, ex->tap_rule == XQ_TAP_REACH
                     ? _("Not that point: the piece cannot go there.")
                     : _("Not quite: look again at the crossed point."));
  else if (right == 0)
    v = verdict_new (XQ_VERDICT_INCOMPLETE, _("Tap a point on the board."));
  else if (ex->tap_all && right < ex->n_answer_points)
    v = verdict_new (XQ_VERDICT_INCOMPLETE, _("Right! There are more to find."));
  else
    v = verdict_new (XQ_VERDICT_CORRECT, _("Well done!"));

  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    {
      if (tapped[sq] && ex->answer_points[sq])
        xq_lesson_marks_add (&v->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_CORRECT, sq);
      else if (tapped[sq])
        xq_lesson_marks_add (&v->marks, XQ_LESSON_MARK_CROSS, XQ_LESSON_ROLE_WRONG, sq);
      else
        continue;
      explain_point (ex, sq, ex->answer_points[sq], &v->marks);
    }
  /* After a wrong tap, show what was missed, each point with its reason. */
  if (v->kind == XQ_VERDICT_WRONG && ex->tap_all)
    for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
      if (ex->answer_points[sq] && !tapped[sq])
        {
          xq_lesson_marks_add (&v->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_MISSING, sq);
          explain_point (ex, sq, TRUE, &v->marks);
        }
  return v;
}

/* ---- Move ------------------------------------------------------------------ */

static XqVerdict *
illegal_verdict (XqPosition *pos, XqMove m)
{
  XqLessonMarks marks;
  g_autofree char *why = NULL;
  XqVerdict *v;

  xq_lesson_marks_clear (&marks);
  why = xq_lesson_explain_illegal (pos, m, &marks);
  v = verdict_new (XQ_VERDICT_ILLEGAL, why);
  v->marks = marks;
  return v;
}

/* The enemy pieces that could take back on the capture point. */
static void
mark_recaptures (XqPosition *pos, XqMove m, XqLessonMarks *marks)
{
  XqUndo undo;
  XqSquare attackers[XQ_SQUARES];
  int n;

  xq_position_do_move (pos, m, &undo);
  n = xq_lesson_attackers (pos, xq_move_to (m), attackers);
  for (int i = 0; i < n; i++)
    xq_lesson_marks_add_arrow (marks, XQ_LESSON_ROLE_ATTACK, attackers[i], xq_move_to (m));
  xq_position_undo_move (pos, m, &undo);
}

XqVerdict *
xq_check_move (const XqExercise *ex, XqMove m)
{
  XqPosition pos;
  XqPosition after;
  XqUndo undo;
  XqStatus status;
  XqVerdict *v = NULL;
  gboolean capture, ok = FALSE;
  const char *wrong = NULL;

  g_return_val_if_fail (ex != NULL && ex->kind == XQ_EXERCISE_MOVE, NULL);

  pos = ex->position;
  if (!xq_position_is_legal (&pos, m))
    return illegal_verdict (&pos, m);

  capture = pos.board[xq_move_to (m)] != XQ_EMPTY;
  after = pos;
  xq_position_do_move (&after, m, &undo);
  status = xq_position_status (&after);

  switch (ex->goal)
    {
    case XQ_GOAL_GIVEN:
      for (guint i = 0; i < ex->moves->len; i++)
        ok |= g_array_index (ex->moves, XqMove, i) == m;
      wrong = _("That move is allowed, but it is not the one we are looking for.");
      break;
    case XQ_GOAL_PIECE:
      ok = xq_move_from (m) == ex->square;
      wrong = _("That is a good move, but this time move the marked piece.");
      break;
    case XQ_GOAL_CAPTURE:
      ok = capture;
      wrong = _("That move does not capture anything.");
      break;
    case XQ_GOAL_CAPTURE_BEST:
      ok = capture && xq_lesson_capture_value (&pos, m) == xq_lesson_best_capture (&pos);
      wrong = capture ? _("You can capture a more valuable piece than that one.")
                      : _("That move does not capture anything.");
      break;
    case XQ_GOAL_SAFE_CAPTURE:
      ok = xq_lesson_is_safe_capture (&pos, m);
      wrong = capture ? _("Careful: that piece can be taken back.")
                      : _("That move does not capture anything.");
      break;
    case XQ_GOAL_ESCAPE_CHECK:
      /* Every legal move answers the check: the rules allow no other. */
      ok = TRUE;
      break;
    case XQ_GOAL_CHECK:
      ok = status == XQ_STATUS_CHECK || status == XQ_STATUS_CHECKMATE;
      wrong = _("That move does not give check.");
      break;
    case XQ_GOAL_CHECKMATE:
      ok = status == XQ_STATUS_CHECKMATE;
      wrong = status == XQ_STATUS_CHECK ? _("Check, but the general can still get away.")
                                        : _("That move does not give check.");
      break;
    default:
      g_assert_not_reached ();
    }

  if (ok)
    {
      v = verdict_new (XQ_VERDICT_CORRECT,
                       ex->goal == XQ_GOAL_CHECKMATE ? _("Checkmate! Well done!") :
                       ex->goal == XQ_GOAL_ESCAPE_CHECK ? _("Safe! Your general is out of check.") :
                       ex->goal == XQ_GOAL_CHECK ? _("Check! Well done!") :
                       _("Well done!"));
      xq_lesson_marks_add_arrow (&v->marks, XQ_LESSON_ROLE_CORRECT, xq_move_from (m), xq_move_to (m));
    }
  else
    {
      v = verdict_new (XQ_VERDICT_WRONG, wrong);
      xq_lesson_marks_add_arrow (&v->marks, XQ_LESSON_ROLE_WRONG, xq_move_from (m), xq_move_to (m));
      if (ex->goal == XQ_GOAL_PIECE)
        xq_lesson_marks_add (&v->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_TARGET, ex->square);
      if (ex->goal == XQ_GOAL_SAFE_CAPTURE && capture)
        mark_recaptures (&pos, m, &v->marks);
    }
  /* A check given (or still standing) is worth seeing either way. */
  if (status == XQ_STATUS_CHECK || status == XQ_STATUS_CHECKMATE)
    xq_lesson_mark_checks (&after, &v->marks);
  return v;
}

/* ---- Stars ----------------------------------------------------------------- */

XqVerdict *
xq_check_stars (const XqExercise *ex, const XqMove *moves, int n_moves)
{
  XqPosition walk;
  XqSquare at;
  XqPiece piece;
  guint taken = 0, full;
  XqVerdict *v;

  g_return_val_if_fail (ex != NULL && ex->kind == XQ_EXERCISE_STARS, NULL);
  g_return_val_if_fail (n_moves >= 0, NULL);

  walk = ex->position;
  at = ex->square;
  piece = walk.board[at];
  xq_position_set_side (&walk, xq_piece_color (piece));
  full = (1u << ex->n_stars) - 1;

  for (int i = 0; i < n_moves; i++)
    {
      XqSquare steps[XQ_SQUARES];
      XqSquare to = xq_move_to (moves[i]);
      gboolean allowed = FALSE;
      int n;

      n = xq_lesson_star_steps (&walk, at, steps);
      for (int j = 0; j < n; j++)
        allowed |= steps[j] == to;
      if (xq_move_from (moves[i]) != at)
        return verdict_new (XQ_VERDICT_ILLEGAL, _("Only the piece collecting the stars moves."));
      if (!allowed)
        {
          v = illegal_verdict (&walk, moves[i]);
          if (v->message == NULL)
            {
              /* Legal in chess terms, but a capture: stars are for walking. */
              g_free (v->message);
              v->message = g_strdup (_("Walk around the other pieces: this game has no captures."));
            }
          return v;
        }
      xq_position_put (&walk, at, XQ_EMPTY);
      xq_position_put (&walk, to, piece);
      at = to;
      for (int s = 0; s < ex->n_stars; s++)
        if (ex->stars[s] == to)
          taken |= 1u << s;
    }

  if (taken == full)
    {
      const char *msg;
      v = verdict_new (XQ_VERDICT_CORRECT, NULL);
      v->stars = n_moves <= ex->optimum ? 3 : n_moves <= ex->optimum + 2 ? 2 : 1;
      msg = v->stars == 3 ? _("All the stars, in the fewest moves possible!")
                          : _("All the stars! Can you do it in fewer moves?");
      v->message = g_strdup (msg);
      return v;
    }
  v = verdict_new (XQ_VERDICT_INCOMPLETE, n_moves == 0 ? _("Collect all the stars.") : _("Keep going!"));
  for (int s = 0; s < ex->n_stars; s++)
    if (!(taken & (1u << s)))
      xq_lesson_marks_add (&v->marks, XQ_LESSON_MARK_STAR, XQ_LESSON_ROLE_STAR, ex->stars[s]);
  return v;
}

/* ---- Set up ---------------------------------------------------------------- */

XqVerdict *
xq_check_setup (const XqExercise *ex, const XqPiece board[XQ_SQUARES])
{
  int wrong = 0, missing = 0;
  XqVerdict *v;
  XqLessonMarks marks;

  g_return_val_if_fail (ex != NULL && ex->kind == XQ_EXERCISE_SETUP, NULL);
  g_return_val_if_fail (board != NULL, NULL);

  xq_lesson_marks_clear (&marks);
  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    {
      XqPiece want = ex->target.board[sq];
      if (board[sq] == want)
        continue;
      if (board[sq] != XQ_EMPTY)
        {
          wrong++;
          xq_lesson_marks_add (&marks, XQ_LESSON_MARK_CROSS, XQ_LESSON_ROLE_WRONG, sq);
        }
      if (want != XQ_EMPTY)
        {
          missing++;
          xq_lesson_marks_add (&marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_MISSING, sq);
        }
    }
  if (wrong == 0 && missing == 0)
    v = verdict_new (XQ_VERDICT_CORRECT, _("Every piece is in its place!"));
  else if (wrong > 0)
    v = verdict_new (XQ_VERDICT_WRONG, _("Some pieces are on the wrong points: look at the crosses."));
  else
    v = verdict_new (XQ_VERDICT_INCOMPLETE, _("Good so far! Some pieces are still missing."));
  v->marks = marks;
  return v;
}

XqVerdict *
xq_check_setup_piece (const XqExercise *ex, XqSquare sq, XqPiece piece)
{
  XqVerdict *v;

  g_return_val_if_fail (ex != NULL && ex->kind == XQ_EXERCISE_SETUP, NULL);
  g_return_val_if_fail (sq >= 0 && sq < XQ_SQUARES, NULL);

  if (ex->target.board[sq] == piece)
    {
      v = verdict_new (XQ_VERDICT_CORRECT, _("Yes, that piece goes there."));
      xq_lesson_marks_add (&v->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_CORRECT, sq);
      return v;
    }
  v = verdict_new (XQ_VERDICT_WRONG, _("That piece does not go there. The marked points are its places."));
  xq_lesson_marks_add (&v->marks, XQ_LESSON_MARK_CROSS, XQ_LESSON_ROLE_WRONG, sq);
  for (XqSquare s = 0; s < XQ_SQUARES; s++)
    if (ex->target.board[s] == piece)
      xq_lesson_marks_add (&v->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_MISSING, s);
  return v;
}

/* ---- Choose ---------------------------------------------------------------- */

/* Why the right answer is right, for the rule questions. */
static char *
explain_choice (const XqExercise *ex, XqLessonMarks *marks)
{
  XqPosition pos = ex->position;
  int balance = 0;

  switch (ex->choose_rule)
    {
    case XQ_CHOOSE_STATUS:
    case XQ_CHOOSE_WINNER:
      xq_lesson_mark_checks (&pos, marks);
      if (strcmp (ex->answer, "checkmate") == 0)
        return g_strdup (_("The general is attacked and has no way out: checkmate."));
      if (strcmp (ex->answer, "check") == 0)
        return g_strdup (_("The general is attacked, but it can still get out: check."));
      if (strcmp (ex->answer, "stalemate") == 0)
        return g_strdup (_("Nothing attacks the general, but the side to move has no move at all: stalemate, and that loses."));
      if (strcmp (ex->answer, "draw") == 0)
        return g_strdup (_("Under the rules this game is a draw."));
      if (strcmp (ex->answer, "red") == 0)
        return g_strdup (_("Black cannot make any move, so Red wins."));
      if (strcmp (ex->answer, "black") == 0)
        return g_strdup (_("Red cannot make any move, so Black wins."));
      return g_strdup (_("Nobody has won yet: the game goes on."));
    case XQ_CHOOSE_TRADE:
      for (guint i = 0; i < ex->moves->len; i++)
        {
          XqMove m = g_array_index (ex->moves, XqMove, i);
          xq_lesson_marks_add_arrow (marks, i % 2 ? XQ_LESSON_ROLE_ATTACK : XQ_LESSON_ROLE_MOVE,
                                     xq_move_from (m), xq_move_to (m));
        }
      xq_lesson_trade_balance (&ex->position, (const XqMove *) ex->moves->data, ex->moves->len,
                               &balance, NULL);
      if (balance > 0)
        return g_strdup_printf (_("You come out %g points ahead: a good trade."), balance / 10.0);
      if (balance < 0)
        return g_strdup_printf (_("You come out %g points behind: a bad trade."), -balance / 10.0);
      return g_strdup (_("Both sides lose the same value: an even trade."));
    case XQ_CHOOSE_LEGAL:
      {
        XqMove m = g_array_index (ex->moves, XqMove, 0);
        char *why = xq_lesson_explain_illegal (&pos, m, marks);
        xq_lesson_marks_add_arrow (marks, why ? XQ_LESSON_ROLE_WRONG : XQ_LESSON_ROLE_CORRECT,
                                   xq_move_from (m), xq_move_to (m));
        return why ? why : g_strdup (_("Yes, that move follows the rules."));
      }
    case XQ_CHOOSE_MATERIAL:
    case XQ_CHOOSE_FIXED:
    default:
      return NULL;
    }
}

XqVerdict *
xq_check_choose (const XqExercise *ex, const char *choice_id)
{
  XqLessonMarks marks;
  g_autofree char *why = NULL;
  gboolean right;
  XqVerdict *v;

  g_return_val_if_fail (ex != NULL && ex->kind == XQ_EXERCISE_CHOOSE, NULL);
  g_return_val_if_fail (choice_id != NULL, NULL);

  right = strcmp (choice_id, ex->answer) == 0;
  xq_lesson_marks_clear (&marks);
  why = explain_choice (ex, &marks);
  if (right)
    v = verdict_new (XQ_VERDICT_CORRECT, why ? why : _("Well done!"));
  else
    /* The reason is kept for after the learner's next try; a wrong pick only
     * gets the board marks, so the answer is not given away in words. */
    v = verdict_new (XQ_VERDICT_WRONG, _("Not quite. Look at the board again."));
  v->marks = marks;
  if (!right && ex->choose_rule == XQ_CHOOSE_TRADE)
    xq_lesson_marks_clear (&v->marks);
  return v;
}

/* ---- Mate ------------------------------------------------------------------ */

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
        return verdict_new (XQ_VERDICT_ILLEGAL, _("That line of moves is not legal."));
      xq_position_do_move (&pos, moves[i], &undo);
    }
  m = moves[n_moves - 1];
  if (!xq_position_is_legal (&pos, m))
    return illegal_verdict (&pos, m);

  learner_moves = n_moves / 2;
  if (learner_moves >= mate_in)
    return verdict_new (XQ_VERDICT_WRONG, _("Out of moves: the general got away."));

  switch (xq_lesson_mate_within (&pos, m, mate_in - learner_moves))
    {
    case XQ_SOLVE_MATE:
      {
        XqUndo undo;
        xq_position_do_move (&pos, m, &undo);
        if (!xq_position_has_legal_move (&pos))
          {
            v = verdict_new (XQ_VERDICT_CORRECT, _("Checkmate! Well done!"));
            xq_lesson_mark_checks (&pos, &v->marks);
            return v;
          }
        v = verdict_new (XQ_VERDICT_INCOMPLETE, _("Good move! Now watch the reply."));
        v->reply = xq_lesson_longest_defence (&pos, mate_in - learner_moves - 1);
        xq_lesson_mark_checks (&pos, &v->marks);
        return v;
      }
    case XQ_SOLVE_NONE:
      v = verdict_new (XQ_VERDICT_WRONG, _("After that move the general can escape."));
      xq_lesson_marks_add_arrow (&v->marks, XQ_LESSON_ROLE_WRONG, xq_move_from (m), xq_move_to (m));
      return v;
    case XQ_SOLVE_ABORTED:
    default:
      return verdict_new (XQ_VERDICT_WRONG, _("That move is too hard to judge; try a more forcing one."));
    }
}

XqVerdict *
xq_check_exercise_mate (const XqExercise *ex, const XqMove *moves, int n_moves)
{
  g_return_val_if_fail (ex != NULL && ex->kind == XQ_EXERCISE_MATE, NULL);
  return xq_check_mate (&ex->position, ex->mate_in, moves, n_moves);
}
