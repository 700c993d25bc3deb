/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The "move" kind: make one move that reaches a goal. */
#define G_LOG_DOMAIN "xq-kind-move"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-attacks.h"
#include "xq-kind.h"
#include "xq-lesson-rules.h"
#include "xq-demo.h"
#include "xq-material.h"
#include "xq-tactics.h"

typedef enum {
  GOAL_GIVEN,         /* one of "moves" */
  GOAL_PIECE,         /* any legal move of the piece on "square" */
  GOAL_CAPTURE,       /* any capture */
  GOAL_CAPTURE_BEST,  /* a capture of the most valuable piece on offer */
  GOAL_SAFE_CAPTURE,  /* a capture that cannot be taken back */
  GOAL_ESCAPE_CHECK,  /* any legal move (the side to move is in check) */
  GOAL_CHECK,         /* a move that gives check */
  GOAL_CHECKMATE,     /* a move that mates */
  GOAL_DEFEND,        /* the unsafe piece on "square" made safe, nothing else left unsafe */
  GOAL_WIN_MATERIAL,  /* a capture that wins material at once */
  GOAL_WIN_IN,        /* a first move that wins "gain" points in "in" moves, proved by search */
  GOAL_CHECK_IN,      /* a first move after which a check comes within "in" moves whatever the defence */
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
  int      gain;       /* win-material-in: tenths of a point to win at least */
  int      in;         /* win-material-in, check-in: in this many moves */
  GArray  *keys;       /* win-material-in, check-in: XqMove, every first move that does
                        * (xq_tactic_keys, xq_tactic_check_keys) */
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
  { "defend", N_("Save the attacked piece") },
  { "win-material", N_("Capture and win material") },
  { "win-material-in", N_("Win material in a few moves") },
  { "check-in", N_("Give check within a few moves") },
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
static const char *const with_square[] = { "piece", "defend", NULL };
static const char *const with_technique[] = { "escape-check", NULL };
static const char *const with_gain[] = { "win-material-in", NULL };
static const char *const with_in[] = { "win-material-in", "check-in", NULL };

static const XqKindField fields[] = {
  { "goal", N_("_Goal"), XQ_FIELD_ENUM, goals, 0, 0, TRUE },
  { "moves", N_("Mo_ves"), XQ_FIELD_MOVES, NULL, 1, XQ_LESSON_MAX_LIST, TRUE, "goal", with_moves },
  { "square", N_("_Piece"), XQ_FIELD_POINT, NULL, 0, 0, TRUE, "goal", with_square },
  { "technique", N_("_Way out of check"), XQ_FIELD_ENUM, techniques, 0, 0, FALSE, "goal", with_technique },
  { "gain", N_("Points to _win"), XQ_FIELD_NUMBER, NULL, 1, 50, TRUE, "goal", with_gain },
  { "in", N_("In _moves"), XQ_FIELD_NUMBER, NULL, 1, XQ_TACTIC_MAX_MOVES, TRUE, "goal", with_in },
};

static void
move_free (gpointer data)
{
  Move *m = data;

  g_clear_pointer (&m->moves, g_array_unref);
  g_clear_pointer (&m->keys, g_array_unref);
  g_free (m);
}

/* After the legal move m of the side to move: the first of its pieces
 * that is unsafe (xq_lesson_is_unsafe), or XQ_NO_SQUARE. */
static XqSquare
first_unsafe_after (const XqPosition *pos, XqMove m)
{
  XqPosition after = *pos;
  XqColor us = pos->side;
  XqUndo undo;

  xq_position_do_move (&after, m, &undo);
  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    if (after.board[sq] != XQ_EMPTY && xq_piece_color (after.board[sq]) == us &&
        xq_lesson_is_unsafe (&after, sq, NULL))
      return sq;
  return XQ_NO_SQUARE;
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
        case GOAL_DEFEND:
          if (first_unsafe_after (pos, m) == XQ_NO_SQUARE)
            return TRUE;
          break;
        case GOAL_WIN_MATERIAL:
          if (capture && xq_lesson_capture_gain (pos, m) > 0)
            return TRUE;
          break;
        case GOAL_GIVEN:
        case GOAL_PIECE:
        case GOAL_CAPTURE_BEST:
        case GOAL_WIN_IN:
        case GOAL_CHECK_IN:
        default:
          return TRUE;
        }
    }
  return FALSE;
}

/* The piece a "defend" exercise saves: one of the side to move's, not its
 * general, and in danger now (xq_lesson_is_unsafe). */
static gboolean
read_defended (XqKindReader *r, JsonObject *o, const char *path, XqExercise *ex, Move *d)
{
  g_autofree char *sp = xq_kind_path (path, "square");
  XqPiece p;
  char name[3];

  d->square = xq_kind_get_square (r, o, path, "square", TRUE);
  if (d->square == XQ_NO_SQUARE)
    return FALSE;
  xq_square_to_text (d->square, name);
  p = ex->position.board[d->square];
  if (p == XQ_EMPTY || xq_piece_color (p) != ex->position.side || xq_piece_type (p) == XQ_KING)
    {
      xq_kind_problem (r, XQ_LESSON_ERROR_BAD_SQUARE, sp,
                       _("the piece to save must be one of the side to move’s, not its general, and %s is not"), name);
      return FALSE;
    }
  if (!xq_lesson_is_unsafe (&ex->position, d->square, NULL))
    {
      xq_kind_problem (r, XQ_LESSON_ERROR_UNSOLVABLE, sp,
                       _("the piece on %s is not in danger: nothing can take it for nothing or for a cheaper piece"), name);
      return FALSE;
    }
  return TRUE;
}

/* win-material-in: the search proves which first moves win at least
 * "gain" points in "in" moves against every defence; none is a problem. */
static gboolean
read_win_in (XqKindReader *r, JsonObject *o, const char *path, XqExercise *ex, Move *d)
{
  XqMove keys[XQ_MAX_MOVES];
  int points, k;

  if (xq_kind_refuse_key (r, o, path, "technique", _("“technique” belongs only to the goal “escape-check”")))
    return FALSE;
  if (!xq_kind_get_int (r, o, path, "gain", TRUE, fields[4].min, fields[4].max, &points) ||
      !xq_kind_get_int (r, o, path, "in", TRUE, fields[5].min, fields[5].max, &d->in))
    return FALSE;
  d->gain = points * XQ_VALUE_POINT;
  k = xq_tactic_keys (&ex->position, d->in, d->gain, XQ_TACTIC_BUDGET, keys);
  if (k < 0)
    {
      xq_kind_problem (r, XQ_LESSON_ERROR_TOO_DEEP, path,
                       _("winning %d points in %d moves is too deep to prove here (the search’s budget ran out)"),
                       points, d->in);
      return FALSE;
    }
  if (k == 0)
    {
      XqTactic best;
      g_autofree char *gp = xq_kind_path (path, "gain");

      if (xq_tactic_solve (&ex->position, d->in, XQ_TACTIC_BUDGET, &best) && !xq_tactic_is_mate (best.value))
        xq_kind_problem (r, XQ_LESSON_ERROR_UNSOLVABLE, gp,
                         _("no first move wins %d points in %d moves against every defence: the most is %g"),
                         points, d->in, best.value / 10.0);
      else
        xq_kind_problem (r, XQ_LESSON_ERROR_UNSOLVABLE, gp,
                         _("no first move wins %d points in %d moves against every defence"), points, d->in);
      return FALSE;
    }
  d->keys = g_array_sized_new (FALSE, FALSE, sizeof (XqMove), k);
  g_array_append_vals (d->keys, keys, k);
  return TRUE;
}

/* check-in: the search proves which first moves force a check within
 * "in" moves against every defence; the exercise asks for the fewest
 * moves (a check in fewer is a problem: it is another exercise), and none
 * is a problem too. */
static gboolean
read_check_in (XqKindReader *r, JsonObject *o, const char *path, XqExercise *ex, Move *d)
{
  XqMove keys[XQ_MAX_MOVES];
  g_autofree char *ip = xq_kind_path (path, "in");
  int k;

  if (xq_kind_refuse_key (r, o, path, "technique", _("“technique” belongs only to the goal “escape-check”")) ||
      xq_kind_refuse_key (r, o, path, "gain", _("“gain” belongs only to the goal “win-material-in”")))
    return FALSE;
  if (!xq_kind_get_int (r, o, path, "in", TRUE, fields[5].min, fields[5].max, &d->in))
    return FALSE;
  if (d->in > 1)
    {
      k = xq_tactic_check_keys (&ex->position, d->in - 1, XQ_TACTIC_BUDGET, keys);
      if (k > 0)
        {
          xq_kind_problem (r, XQ_LESSON_ERROR_UNSOLVABLE, ip,
                           g_dngettext (GETTEXT_PACKAGE, "a check comes sooner: in %d move against every defence",
                                        "a check comes sooner: in %d moves against every defence", d->in - 1),
                           d->in - 1);
          return FALSE;
        }
    }
  k = xq_tactic_check_keys (&ex->position, d->in, XQ_TACTIC_BUDGET, keys);
  if (k < 0 || (d->in > 1 && k == 0 && xq_tactic_check_keys (&ex->position, d->in - 1, XQ_TACTIC_BUDGET, keys) < 0))
    {
      xq_kind_problem (r, XQ_LESSON_ERROR_TOO_DEEP, path,
                       _("a check in %d moves is too deep to prove here (the search’s budget ran out)"), d->in);
      return FALSE;
    }
  if (k == 0)
    {
      xq_kind_problem (r, XQ_LESSON_ERROR_UNSOLVABLE, ip,
                       _("no first move forces a check in %d moves against every defence"), d->in);
      return FALSE;
    }
  d->keys = g_array_sized_new (FALSE, FALSE, sizeof (XqMove), k);
  g_array_append_vals (d->keys, keys, k);
  return TRUE;
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
  if (d->goal == GOAL_DEFEND)
    {
      if (!read_defended (r, o, path, ex, d))
        return FALSE;
    }
  else if (d->goal == GOAL_PIECE)
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
  else if (xq_kind_refuse_key (r, o, path, "square", _("“square” belongs only to the goals “piece” and “defend”")))
    return FALSE;
  if (d->goal == GOAL_CHECK_IN)
    return read_check_in (r, o, path, ex, d);
  if (d->goal != GOAL_WIN_IN &&
      (xq_kind_refuse_key (r, o, path, "gain", _("“gain” belongs only to the goal “win-material-in”")) ||
       xq_kind_refuse_key (r, o, path, "in", _("“in” belongs only to the goals “win-material-in” and “check-in”"))))
    return FALSE;
  if (d->goal == GOAL_WIN_IN)
    return read_win_in (r, o, path, ex, d);
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

/* Why the capture m does not win material: the piece is defended and
 * the capturer is worth as much or more ("The Black chariot on e7 is
 * defended by the Black horse on c8: it takes back."), the defender and
 * the capture drawn. */
static char *
taken_back (const XqPosition *pos, XqMove m, XqLessonMarks *marks)
{
  XqSquare back[XQ_ATTACKS_MAX_POINTS], to = xq_move_to (m);
  int n = xq_lesson_recapturers (pos, m, back);
  g_autofree char *victim = xq_lesson_piece_on (pos, to);
  g_autofree char *by = NULL;
  int gain = xq_lesson_capture_gain (pos, m);

  g_return_val_if_fail (n > 0, NULL);
  for (int i = 0; i < n; i++)
    xq_lesson_marks_add_arrow (marks, XQ_LESSON_ROLE_ATTACK, back[i], to);
  by = xq_lesson_piece_on (pos, back[0]);
  if (gain == 0)
    /* TRANSLATORS: both are a piece and its point, "Black chariot on e7". */
    return g_strdup_printf (_("The %1$s is defended by the %2$s: it takes back, and you have only traded."),
                            victim, by);
  return g_strdup_printf (_("The %1$s is defended by the %2$s: it takes back, and you lose %3$g points."),
                          victim, by, -gain / 10.0);
}

/* Why the capture m wins material. */
static char *
won (const XqPosition *pos, XqMove m)
{
  XqSquare back[XQ_ATTACKS_MAX_POINTS];
  g_autofree char *victim = xq_lesson_piece_on (pos, xq_move_to (m));

  if (xq_lesson_recapturers (pos, m, back) == 0)
    return g_strdup_printf (_("Well done! Nothing defends the %s, so you win it for nothing."), victim);
  return g_strdup_printf (_("Well done! The %1$s is defended, but it is worth more than your piece: you come out %2$g points ahead."),
                          victim, xq_lesson_capture_gain (pos, m) / 10.0);
}

/* Why the move m saved the piece on d->square: it ran away, its attacker
 * is gone, or a piece now defends it (drawn). */
static char *
defend_right (const Move *d, const XqPosition *pos, XqMove m, XqLessonMarks *marks)
{
  XqPosition after = *pos;
  XqUndo undo;
  XqSquare saved = xq_move_from (m) == d->square ? xq_move_to (m) : d->square;
  XqSquare defenders[XQ_ATTACKS_MAX_POINTS], takers[XQ_SQUARES];
  g_autofree char *piece = NULL;
  int n;

  xq_position_do_move (&after, m, &undo);
  piece = xq_lesson_piece_on (&after, saved);
  if (xq_lesson_captures_on (&after, saved, takers) == 0)
    return g_strdup_printf (saved != d->square ? _("Safe! The %s has moved out of reach.")
                                               : _("Safe! Nothing can capture the %s now."), piece);
  n = xq_lesson_defenders (&after, saved, defenders);
  for (int i = 0; i < n; i++)
    xq_lesson_marks_add_arrow (marks, XQ_LESSON_ROLE_CORRECT, defenders[i], saved);
  if (n > 0)
    {
      g_autofree char *by = xq_lesson_piece_on (&after, defenders[0]);
      /* TRANSLATORS: both are a piece and its point, "Red horse on c2". */
      return g_strdup_printf (_("Safe! The %2$s defends the %1$s now: whatever takes it is taken back."), piece, by);
    }
  return g_strdup_printf (_("Safe! The %s can no longer be taken for nothing."), piece);
}

/* Why the move m did not save the piece on d->square: it (followed if it
 * moved) or another piece can still be taken for nothing or by a cheaper
 * piece, with the capture drawn. */
static char *
defend_wrong (const Move *d, const XqPosition *pos, XqMove m, XqLessonMarks *marks)
{
  XqPosition after = *pos;
  XqUndo undo;
  XqSquare saved = xq_move_from (m) == d->square ? xq_move_to (m) : d->square;
  XqSquare sq = first_unsafe_after (pos, m), by = XQ_NO_SQUARE;
  g_autofree char *piece = NULL, *taker = NULL;
  gboolean hanging;

  xq_position_do_move (&after, m, &undo);
  /* The saved piece first, when it is still in danger. */
  if (xq_lesson_is_unsafe (&after, saved, NULL))
    sq = saved;
  hanging = xq_lesson_is_hanging (&after, sq, &by);
  if (!hanging)
    xq_lesson_is_unsafe (&after, sq, &by);
  piece = xq_lesson_piece_on (&after, sq);
  taker = xq_lesson_piece_on (&after, by);
  xq_lesson_marks_add (marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_TARGET, sq);
  xq_lesson_marks_add_arrow (marks, XQ_LESSON_ROLE_ATTACK, by, sq);
  if (sq == saved)
    return g_strdup_printf (hanging
                            /* TRANSLATORS: both are a piece and its point, "Red horse on c2". */
                            ? _("The %1$s is still in danger: the %2$s can take it and nothing takes back.")
                            : _("The %1$s is still in danger: the %2$s is worth less and can take it."),
                            piece, taker);
  return g_strdup_printf (hanging
                          ? _("That saves one piece but leaves another: the %2$s can take the %1$s and nothing takes back.")
                          : _("That saves one piece but leaves another: the %2$s is worth less and can take the %1$s."),
                          piece, taker);
}

/* Draws the line of the search after the learner's move (line[0]): the
 * defender's best reply and the attacker's next move. */
static void
mark_line (const XqTactic *t, XqLessonMarks *marks)
{
  for (int i = 1; i < t->n_line && i <= 2; i++)
    xq_lesson_marks_add_arrow (marks, i % 2 == 1 ? XQ_LESSON_ROLE_ATTACK : XQ_LESSON_ROLE_MOVE,
                               xq_move_from (t->line[i]), xq_move_to (t->line[i]));
}

/* What the search says about the learner's move m in a win-material-in
 * exercise: the defender's best reply, named and drawn, and what is won
 * (or lost) against it. */
static char *
win_in_says (const Move *d, const XqPosition *pos, XqMove m, gboolean right, XqLessonMarks *marks)
{
  XqPosition after = *pos;
  XqUndo undo;
  XqTactic t;
  g_autofree char *reply = NULL;
  char to[3];

  if (!xq_tactic_solve_move (pos, m, d->in, XQ_TACTIC_BUDGET, &t))
    return g_strdup (right ? _("Well done! That wins material against every defence.")
                           : _("That does not win enough material against every defence."));
  mark_line (&t, marks);
  if (t.n_line < 2)
    return g_strdup (t.value > 0 ? _("Well done! That wins the game at once.")
                                 : _("That does not win material."));
  xq_position_do_move (&after, m, &undo);
  reply = xq_lesson_piece_on (&after, xq_move_from (t.line[1]));
  xq_square_to_text (xq_move_to (t.line[1]), to);
  if (right && xq_tactic_is_mate (t.value))
    /* TRANSLATORS: %1$s is a piece and its point, "Black chariot on e7"; %2$s a point. */
    return g_strdup_printf (_("Well done! Even the best defence, the %1$s to %2$s, cannot stop checkmate or 困斃."),
                            reply, to);
  if (right)
    return g_strdup_printf (_("Well done! The best defence is the %1$s to %2$s, and still you win %3$g points."),
                            reply, to, t.value / 10.0);
  /* A wrong move is worth less than the gain, so a mate here is against the learner. */
  if (xq_tactic_is_mate (t.value))
    return g_strdup_printf (_("Careful: after that, the %1$s to %2$s begins a mate against you."), reply, to);
  if (t.value < 0)
    return g_strdup_printf (_("That loses material: the %1$s answers to %2$s, and you end %3$g points down."),
                            reply, to, -t.value / 10.0);
  return g_strdup_printf (_("Not enough: the %1$s answers to %2$s, and you win only %3$g points, not %4$d."),
                          reply, to, t.value / 10.0, d->gain / XQ_VALUE_POINT);
}

/* What the search says about the learner's move m in a check-in
 * exercise: the defender's most stubborn reply and the check (or next
 * move) after it, named and drawn; for a wrong move, the reply that leaves
 * no check. */
static char *
check_in_says (const Move *d, const XqPosition *pos, XqMove m, gboolean right, XqLessonMarks *marks)
{
  XqPosition after = *pos;
  XqUndo undo, u2;
  XqMove reply, next;
  gboolean complete;
  g_autofree char *replier = NULL, *mover = NULL;
  char to[3], to2[3];

  xq_tactic_check_line (pos, m, d->in, XQ_TACTIC_BUDGET, &reply, &next, &complete);
  if (!complete || reply == XQ_MOVE_NONE)
    return g_strdup (right ? _("Well done! Whatever the defence, a check comes.")
                           : _("That does not force a check against every defence."));
  xq_lesson_marks_add_arrow (marks, XQ_LESSON_ROLE_ATTACK, xq_move_from (reply), xq_move_to (reply));
  xq_position_do_move (&after, m, &undo);
  replier = xq_lesson_piece_on (&after, xq_move_from (reply));
  xq_square_to_text (xq_move_to (reply), to);
  if (!right || next == XQ_MOVE_NONE)
    /* TRANSLATORS: %1$s is a piece and its point, "Black chariot on e7"; %2$s a point. */
    return g_strdup_printf (_("Not yet: the %1$s answers to %2$s, and then you have no check."), replier, to);
  xq_position_do_move (&after, reply, &u2);
  xq_lesson_marks_add_arrow (marks, XQ_LESSON_ROLE_MOVE, xq_move_from (next), xq_move_to (next));
  mover = xq_lesson_piece_on (&after, xq_move_from (next));
  xq_square_to_text (xq_move_to (next), to2);
  if (d->in == 2)
    /* TRANSLATORS: %1$s and %3$s are a piece and its point, "Black chariot on e7"; %2$s and %4$s points. */
    return g_strdup_printf (_("Well done! Whatever the defence, you check next move: against the best one, the %1$s to %2$s, the %3$s to %4$s gives check."),
                            replier, to, mover, to2);
  return g_strdup_printf (_("Well done! Whatever the defence, a check comes: against the best one, the %1$s to %2$s, go on with the %3$s to %4$s."),
                          replier, to, mover, to2);
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
  g_autofree char *owned = NULL;
  XqLessonMarks extra;
  XqMove m;

  g_return_val_if_fail (answer->n_moves == 1, NULL);
  xq_lesson_marks_clear (&extra);
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
    case GOAL_DEFEND:
      ok = first_unsafe_after (&pos, m) == XQ_NO_SQUARE;
      if (!ok)
        wrong = owned = defend_wrong (d, &pos, m, &extra);
      break;
    case GOAL_WIN_MATERIAL:
      ok = capture && xq_lesson_capture_gain (&pos, m) > 0;
      if (!ok && capture)
        wrong = owned = taken_back (&pos, m, &extra);
      else
        wrong = _("That move does not capture anything.");
      break;
    case GOAL_WIN_IN:
      for (guint i = 0; i < d->keys->len; i++)
        ok |= g_array_index (d->keys, XqMove, i) == m;
      owned = win_in_says (d, &pos, m, ok, &extra);
      wrong = owned;
      break;
    case GOAL_CHECK_IN:
      for (guint i = 0; i < d->keys->len; i++)
        ok |= g_array_index (d->keys, XqMove, i) == m;
      owned = check_in_says (d, &pos, m, ok, &extra);
      wrong = owned;
      break;
    default:
      g_return_val_if_reached (NULL);
    }

  if (ok)
    {
      if (d->goal == GOAL_DEFEND || d->goal == GOAL_WIN_MATERIAL)
        owned = d->goal == GOAL_DEFEND ? defend_right (d, &pos, m, &extra) : won (&pos, m);
      v = xq_verdict_new (XQ_VERDICT_CORRECT,
                          owned != NULL ? owned :
                          d->goal == GOAL_CHECKMATE ? _("Checkmate! Well done!") :
                          d->goal == GOAL_ESCAPE_CHECK ? _("Safe! Your general is out of check.") :
                          d->goal == GOAL_CHECK ? _("Check! Well done!") :
                          _("Well done!"));
      xq_lesson_marks_add_arrow (&v->marks, XQ_LESSON_ROLE_CORRECT, xq_move_from (m), xq_move_to (m));
      xq_kind_add_marks (&v->marks, &extra);
    }
  else
    {
      v = xq_verdict_new (XQ_VERDICT_WRONG, wrong);
      xq_lesson_marks_add_arrow (&v->marks, XQ_LESSON_ROLE_WRONG, xq_move_from (m), xq_move_to (m));
      if (d->goal == GOAL_PIECE)
        xq_lesson_marks_add (&v->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_TARGET, d->square);
      if (d->goal == GOAL_SAFE_CAPTURE && capture)
        mark_recaptures (&pos, m, &v->marks);
      xq_kind_add_marks (&v->marks, &extra);
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

/* The first legal move the kind's own judge calls right, or XQ_MOVE_NONE. */
static XqMove
move_key (const XqExercise *ex)
{
  XqPosition pos = ex->position;
  XqMove moves[XQ_MAX_MOVES], key = XQ_MOVE_NONE;
  const Move *d = ex->data;
  int n;

  /* Proved first moves (win-material-in, check-in): the first of them. */
  if (d->keys != NULL)
    return g_array_index (d->keys, XqMove, 0);
  n = xq_position_legal_moves (&pos, moves);
  for (int i = 0; i < n && key == XQ_MOVE_NONE; i++)
    {
      XqAnswer answer = { .moves = &moves[i], .n_moves = 1 };
      g_autoptr(XqVerdict) v = move_check (ex, &answer);

      if (v->kind == XQ_VERDICT_CORRECT)
        key = moves[i];
    }
  return key;
}

static void
move_hint (const XqAttempt *a, int level, XqHint *out)
{
  xq_hint_for_move (move_key (a->ex), level, out);
}

/* That move, played. */
static void
move_demo (const XqAttempt *a, GArray *inputs)
{
  xq_demo_play_move (inputs, move_key (a->ex));
}

/* The moves that are right, in the worksheet's notation: all of them up to
 * six, else the first six and how many more. */
static char *
move_answer_key (const XqExercise *ex, XqAnswerStyle *style)
{
  g_autoptr(GString) out = g_string_new (NULL);
  XqPosition pos = ex->position;
  XqMove moves[XQ_MAX_MOVES];
  const Move *d = ex->data;
  int n = xq_position_legal_moves (&pos, moves), right = 0;

  for (int i = 0; i < n; i++)
    {
      gboolean ok = FALSE;

      if (d->keys != NULL)
        for (guint k = 0; k < d->keys->len; k++)
          ok |= g_array_index (d->keys, XqMove, k) == moves[i];
      else
        {
          XqAnswer answer = { .moves = &moves[i], .n_moves = 1 };
          g_autoptr(XqVerdict) v = move_check (ex, &answer);
          ok = v->kind == XQ_VERDICT_CORRECT;
        }
      if (!ok)
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
  .demo = move_demo,
};
