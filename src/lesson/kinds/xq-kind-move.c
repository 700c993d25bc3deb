/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The "move" kind: make one move that reaches a goal. */
#define G_LOG_DOMAIN "xq-kind-move"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-attacks.h"
#include "xq-kind.h"
#include "xq-lesson-rules.h"

typedef enum {
  GOAL_GIVEN,         /* one of "moves" */
  GOAL_PIECE,         /* any legal move of the piece on "square" */
  GOAL_CAPTURE,       /* any capture */
  GOAL_CAPTURE_BEST,  /* a capture of the most valuable piece on offer */
  GOAL_SAFE_CAPTURE,  /* a capture that cannot be taken back */
  GOAL_ESCAPE_CHECK,  /* any legal move (the side to move is in check) */
  GOAL_CHECK,         /* a move that gives check */
  GOAL_CHECKMATE,     /* a move that mates */
} Goal;

/* How the check must be met (escape-check): the values of "technique", in
 * order, each with the core's XqEscape flag (0: any legal move). */
static const guint technique_flags[] = {
  0, XQ_ESCAPE_CAPTURE, XQ_ESCAPE_STEP, XQ_ESCAPE_BLOCK, XQ_ESCAPE_SCREEN, XQ_ESCAPE_LEG,
};

typedef struct {
  Goal     goal;
  XqSquare square;
  GArray  *moves;      /* XqMove: the goal "given" */
  int      technique;  /* escape-check: an index of technique_flags */
} Move;

static const XqFieldValue goals[] = {
  { "given", N_("One of the moves I list") },
  { "piece", N_("Move the marked piece") },
  { "capture", N_("Capture") },
  { "capture-best", N_("Capture the most valuable piece") },
  { "safe-capture", N_("Capture safely") },
  { "escape-check", N_("Get out of check") },
  { "check", N_("Give check") },
  { "checkmate", N_("Checkmate") },
  { NULL, NULL }
};
static const XqFieldValue techniques[] = {
  { "any", N_("Any way out") },
  { "capture", N_("Capture the checking piece") },
  { "step", N_("Move the general") },
  { "block", N_("Put a piece in between") },
  { "screen", N_("Take the cannon’s screen away") },
  { "leg", N_("Block the horse’s leg") },
  { NULL, NULL }
};
static const char *const with_moves[] = { "given", NULL };
static const char *const with_square[] = { "piece", NULL };
static const char *const with_technique[] = { "escape-check", NULL };

static const XqKindField fields[] = {
  { "goal", N_("_Goal"), XQ_FIELD_ENUM, goals, 0, 0, TRUE },
  { "moves", N_("Mo_ves"), XQ_FIELD_MOVES, NULL, 1, XQ_LESSON_MAX_LIST, TRUE, "goal", with_moves },
  { "square", N_("_Piece"), XQ_FIELD_POINT, NULL, 0, 0, TRUE, "goal", with_square },
  { "technique", N_("_Way out of check"), XQ_FIELD_ENUM, techniques, 0, 0, FALSE, "goal", with_technique },
};

static void
move_free (gpointer data)
{
  Move *m = data;

  g_clear_pointer (&m->moves, g_array_unref);
  g_free (m);
}

/* Does any legal move of the side to move satisfy the goal? */
static gboolean
goal_reachable (const Move *d, XqPosition *pos)
{
  XqMove moves[XQ_MAX_MOVES];
  int n = xq_position_legal_moves (pos, moves);

  if (d->goal == GOAL_CAPTURE_BEST)
    return xq_lesson_best_capture (pos) > 0;
  for (int i = 0; i < n; i++)
    {
      XqMove m = moves[i];
      gboolean capture = pos->board[xq_move_to (m)] != XQ_EMPTY;
      XqUndo undo;
      gboolean mate;

      switch (d->goal)
        {
        case GOAL_CAPTURE:
          if (capture)
            return TRUE;
          break;
        case GOAL_SAFE_CAPTURE:
          if (xq_lesson_is_safe_capture (pos, m))
            return TRUE;
          break;
        case GOAL_CHECK:
          if (xq_position_gives_check (pos, m))
            return TRUE;
          break;
        case GOAL_CHECKMATE:
          xq_position_do_move (pos, m, &undo);
          mate = xq_position_status (pos) == XQ_STATUS_CHECKMATE;
          xq_position_undo_move (pos, m, &undo);
          if (mate)
            return TRUE;
          break;
        case GOAL_ESCAPE_CHECK:
          if (technique_flags[d->technique] == 0 || (xq_attacks_escape (pos, m) & technique_flags[d->technique]))
            return TRUE;
          break;
        case GOAL_GIVEN:
        case GOAL_PIECE:
        case GOAL_CAPTURE_BEST:
        default:
          return TRUE;
        }
    }
  return FALSE;
}

static gboolean
read_goal (XqKindReader *r, JsonObject *o, const char *path, XqExercise *ex, Move *d)
{
  g_autofree char *mp = xq_kind_path (path, "moves");

  if (!xq_position_has_legal_move (&ex->position))
    {
      g_autofree char *fp = xq_kind_path (path, "fen");
      xq_kind_problem (r, XQ_LESSON_ERROR_UNSOLVABLE, fp, _("the side to move has no legal move"));
      return FALSE;
    }
  if (d->goal == GOAL_GIVEN)
    {
      d->moves = xq_kind_get_moves (r, o, path, "moves", TRUE);
      for (guint i = 0; i < d->moves->len; i++)
        {
          XqMove m = g_array_index (d->moves, XqMove, i);
          if (!xq_position_is_legal (&ex->position, m))
            {
              g_autofree char *ip = xq_kind_index_path (mp, i);
              XqLessonMarks marks;
              g_autofree char *why = NULL;
              char text[5];
              xq_lesson_marks_clear (&marks);
              why = xq_lesson_explain_illegal (&ex->position, m, &marks);
              xq_move_to_iccs (m, text);
              xq_kind_problem (r, XQ_LESSON_ERROR_BAD_MOVE, ip, _("the move %s is not legal here: %s"), text, why);
            }
        }
      return TRUE;
    }
  if (xq_kind_refuse_key (r, o, path, "moves", _("“moves” belongs only to the goal “given”")))
    return FALSE;
  if (d->goal == GOAL_PIECE)
    {
      g_autofree char *sp = xq_kind_path (path, "square");
      XqSquare to[XQ_SQUARES];
      char name[3];

      d->square = xq_kind_get_square (r, o, path, "square", TRUE);
      if (d->square == XQ_NO_SQUARE)
        return FALSE;
      xq_square_to_text (d->square, name);
      if (ex->position.board[d->square] == XQ_EMPTY)
        {
          xq_kind_problem (r, XQ_LESSON_ERROR_BAD_SQUARE, sp, _("there is no piece on %s"), name);
          return FALSE;
        }
      if (xq_piece_color (ex->position.board[d->square]) != ex->position.side)
        {
          xq_kind_problem (r, XQ_LESSON_ERROR_BAD_SQUARE, sp,
                           _("the piece on %s does not belong to the side to move"), name);
          return FALSE;
        }
      if (xq_lesson_reach (&ex->position, d->square, to) == 0)
        xq_kind_problem (r, XQ_LESSON_ERROR_UNSOLVABLE, path, _("that piece has no legal move"));
      return TRUE;
    }
  if (xq_kind_refuse_key (r, o, path, "square", _("“square” belongs only to the goal “piece”")))
    return FALSE;
  if (d->goal != GOAL_ESCAPE_CHECK &&
      xq_kind_refuse_key (r, o, path, "technique", _("“technique” belongs only to the goal “escape-check”")))
    return FALSE;
  if (d->goal == GOAL_ESCAPE_CHECK)
    {
      d->technique = xq_kind_get_enum (r, o, path, &fields[3], 0);
      if (d->technique < 0)
        return FALSE;
    }
  if (d->goal == GOAL_ESCAPE_CHECK && !xq_position_in_check (&ex->position, ex->position.side))
    {
      g_autofree char *fp = xq_kind_path (path, "fen");
      xq_kind_problem (r, XQ_LESSON_ERROR_UNSOLVABLE, fp, _("the side to move is not in check"));
      return FALSE;
    }
  if (d->goal == GOAL_ESCAPE_CHECK && !goal_reachable (d, &ex->position))
    {
      g_autofree char *tp = xq_kind_path (path, "technique");
      xq_kind_problem (r, XQ_LESSON_ERROR_UNSOLVABLE, tp, _("no legal move gets out of check the way “%s” asks"),
                       techniques[d->technique].value);
      return FALSE;
    }
  if (!goal_reachable (d, &ex->position))
    xq_kind_problem (r, XQ_LESSON_ERROR_UNSOLVABLE, path, _("no legal move reaches the goal “%s”"),
                     goals[d->goal].value);
  return TRUE;
}

static gpointer
move_read (XqKindReader *r, JsonObject *o, const char *path, XqExercise *ex)
{
  Move *d = g_new0 (Move, 1);
  int goal = xq_kind_get_enum (r, o, path, &fields[0], -1);

  d->square = XQ_NO_SQUARE;
  if (goal >= 0)
    {
      d->goal = goal;
      if (read_goal (r, o, path, ex, d) && !xq_kind_had_problems (r))
        return d;
    }
  move_free (d);
  return NULL;
}

static void
move_answer (const XqExercise *ex, XqAnswer *out)
{
  const Move *d = ex->data;

  if (d->moves != NULL)
    {
      out->moves = (const XqMove *) d->moves->data;
      out->n_moves = (int) d->moves->len;
    }
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

/* The way out asked for, when the learner found another. */
static const char *
technique_wrong (int technique)
{
  switch (technique_flags[technique])
    {
    case XQ_ESCAPE_CAPTURE:
      return _("That gets out of check, but this time capture the piece that gives check.");
    case XQ_ESCAPE_STEP:
      return _("That gets out of check, but this time move the general itself.");
    case XQ_ESCAPE_BLOCK:
      return _("That gets out of check, but this time put a piece in between.");
    case XQ_ESCAPE_SCREEN:
      return _("That gets out of check, but this time take the cannon’s screen away.");
    case XQ_ESCAPE_LEG:
      return _("That gets out of check, but this time put a piece on the horse’s leg.");
    default:
      return NULL;
    }
}

static XqVerdict *
move_check (const XqExercise *ex, const XqAnswer *answer)
{
  const Move *d = ex->data;
  XqPosition pos, after;
  XqUndo undo;
  XqStatus status;
  XqVerdict *v = NULL;
  gboolean capture, ok = FALSE;
  const char *wrong = NULL;
  XqMove m;

  g_return_val_if_fail (answer->n_moves == 1, NULL);
  m = answer->moves[0];
  pos = ex->position;
  if (!xq_position_is_legal (&pos, m))
    return xq_verdict_illegal (&pos, m);

  capture = pos.board[xq_move_to (m)] != XQ_EMPTY;
  after = pos;
  xq_position_do_move (&after, m, &undo);
  status = xq_position_status (&after);

  switch (d->goal)
    {
    case GOAL_GIVEN:
      for (guint i = 0; i < d->moves->len; i++)
        ok |= g_array_index (d->moves, XqMove, i) == m;
      wrong = _("That move is allowed, but it is not the one we are looking for.");
      break;
    case GOAL_PIECE:
      ok = xq_move_from (m) == d->square;
      wrong = _("That is a good move, but this time move the marked piece.");
      break;
    case GOAL_CAPTURE:
      ok = capture;
      wrong = _("That move does not capture anything.");
      break;
    case GOAL_CAPTURE_BEST:
      ok = capture && xq_lesson_capture_value (&pos, m) == xq_lesson_best_capture (&pos);
      wrong = capture ? _("You can capture a more valuable piece than that one.")
                      : _("That move does not capture anything.");
      break;
    case GOAL_SAFE_CAPTURE:
      ok = xq_lesson_is_safe_capture (&pos, m);
      wrong = capture ? _("Careful: that piece can be taken back.")
                      : _("That move does not capture anything.");
      break;
    case GOAL_ESCAPE_CHECK:
      /* Every legal move answers the check (the rules allow no other); the
       * core tells how, when one way is asked for. */
      ok = technique_flags[d->technique] == 0 ||
           (xq_attacks_escape (&pos, m) & technique_flags[d->technique]) != 0;
      wrong = technique_wrong (d->technique);
      break;
    case GOAL_CHECK:
      ok = status == XQ_STATUS_CHECK || status == XQ_STATUS_CHECKMATE;
      wrong = _("That move does not give check.");
      break;
    case GOAL_CHECKMATE:
      ok = status == XQ_STATUS_CHECKMATE;
      wrong = status == XQ_STATUS_CHECK ? _("Check, but the general can still get away.")
                                        : _("That move does not give check.");
      break;
    default:
      g_return_val_if_reached (NULL);
    }

  if (ok)
    {
      v = xq_verdict_new (XQ_VERDICT_CORRECT,
                          d->goal == GOAL_CHECKMATE ? _("Checkmate! Well done!") :
                          d->goal == GOAL_ESCAPE_CHECK ? _("Safe! Your general is out of check.") :
                          d->goal == GOAL_CHECK ? _("Check! Well done!") :
                          _("Well done!"));
      xq_lesson_marks_add_arrow (&v->marks, XQ_LESSON_ROLE_CORRECT, xq_move_from (m), xq_move_to (m));
    }
  else
    {
      v = xq_verdict_new (XQ_VERDICT_WRONG, wrong);
      xq_lesson_marks_add_arrow (&v->marks, XQ_LESSON_ROLE_WRONG, xq_move_from (m), xq_move_to (m));
      if (d->goal == GOAL_PIECE)
        xq_lesson_marks_add (&v->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_TARGET, d->square);
      if (d->goal == GOAL_SAFE_CAPTURE && capture)
        mark_recaptures (&pos, m, &v->marks);
    }
  /* A check given (or still standing) is worth seeing either way. */
  if (status == XQ_STATUS_CHECK || status == XQ_STATUS_CHECKMATE)
    xq_lesson_mark_checks (&after, &v->marks);
  return v;
}

static XqVerdict *
move_input (XqAttempt *a, const XqInput *in)
{
  XqAnswer answer = { .moves = &in->move, .n_moves = 1 };
  XqVerdict *v;
  XqUndo undo;

  if (in->type != XQ_INPUT_MOVE)
    return NULL;
  v = move_check (a->ex, &answer);
  if (v->kind == XQ_VERDICT_CORRECT)
    {
      xq_position_do_move (&a->shown, in->move, &undo);
      a->last = in->move;
    }
  else
    a->wrong++;
  return v;
}

/* The piece to move, then where it goes, then the move. */
static void
move_hint (const XqAttempt *a, int level, XqHint *out)
{
  XqPosition pos = a->ex->position;
  XqMove moves[XQ_MAX_MOVES], key = XQ_MOVE_NONE;
  int n = xq_position_legal_moves (&pos, moves);

  for (int i = 0; i < n && key == XQ_MOVE_NONE; i++)
    {
      XqAnswer answer = { .moves = &moves[i], .n_moves = 1 };
      g_autoptr(XqVerdict) v = move_check (a->ex, &answer);

      if (v->kind == XQ_VERDICT_CORRECT)
        key = moves[i];
    }
  xq_hint_for_move (key, level, out);
}

/* The moves that are right, in the worksheet's notation: all of them up to
 * six, else the first six and how many more. */
static char *
move_answer_key (const XqExercise *ex, XqAnswerStyle *style)
{
  g_autoptr(GString) out = g_string_new (NULL);
  XqPosition pos = ex->position;
  XqMove moves[XQ_MAX_MOVES];
  int n = xq_position_legal_moves (&pos, moves), right = 0;

  for (int i = 0; i < n; i++)
    {
      XqAnswer answer = { .moves = &moves[i], .n_moves = 1 };
      g_autoptr(XqVerdict) v = move_check (ex, &answer);

      if (v->kind != XQ_VERDICT_CORRECT)
        continue;
      if (right++ >= 6)
        continue;
      if (right > 1)
        g_string_append (out, " /");
      xq_answer_append_move (out, &pos, moves[i], style);
    }
  if (right > 6)
    /* Translators: after six right moves in an answer key, how many more
     * are right too. */
    g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, " (and %d more)", " (and %d more)", right - 6),
                            right - 6);
  return out->len > 0 ? g_strdup (out->str) : NULL;
}

const XqKind xq_kind_move = {
  .name = "move",
  .label = N_("Make a move"),
  .input = XQ_KIND_INPUT_MOVE,
  .fields = fields,
  .n_fields = G_N_ELEMENTS (fields),
  .read = move_read,
  .free_data = move_free,
  .fen_checked = TRUE,
  .answer = move_answer,
  .check = move_check,
  .input_cb = move_input,
  .hint = move_hint,
  .answer_key = move_answer_key,
};
