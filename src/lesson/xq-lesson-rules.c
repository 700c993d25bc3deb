/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-lesson-rules"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "xq-lesson-rules.h"
#include "xq-attacks.h"
#include "xq-game.h"
#include "xq-material.h"

/* ---- Values ---------------------------------------------------------------- */

int
xq_lesson_piece_value (XqPiece piece, XqSquare sq)
{
  return xq_material_value (piece, sq);
}

int
xq_lesson_material (const XqPosition *pos, XqColor c)
{
  return xq_material_side_total (pos, c);
}

/* ---- Points ---------------------------------------------------------------- */

/* The position with the turn given to the owner of the piece on sq, so
 * "where can this piece go" has an answer whoever is to move. */
static void
copy_for_piece (const XqPosition *pos, XqSquare sq, XqPosition *copy)
{
  *copy = *pos;
  xq_position_set_side (copy, xq_piece_color (pos->board[sq]));
}

int
xq_lesson_reach (const XqPosition *pos, XqSquare from, XqSquare *out)
{
  XqPosition copy;
  XqMove moves[XQ_MAX_MOVES];
  int n;

  g_return_val_if_fail (from >= 0 && from < XQ_SQUARES, 0);
  if (pos->board[from] == XQ_EMPTY)
    return 0;
  copy_for_piece (pos, from, &copy);
  n = xq_position_legal_moves_from (&copy, from, moves);
  for (int i = 0; i < n; i++)
    out[i] = xq_move_to (moves[i]);
  return n;
}

int
xq_lesson_attackers (const XqPosition *pos, XqSquare target, XqSquare *out)
{
  XqPosition copy;
  XqMove moves[XQ_MAX_MOVES];
  int n, count = 0;

  g_return_val_if_fail (target >= 0 && target < XQ_SQUARES, 0);
  if (pos->board[target] == XQ_EMPTY)
    return 0;
  copy = *pos;
  xq_position_set_side (&copy, xq_color_other (xq_piece_color (pos->board[target])));
  /* Pseudo-legal on purpose: a pinned piece still attacks, which is what a
   * child sees on the board. */
  n = xq_position_pseudo_moves (&copy, moves);
  for (int i = 0; i < n; i++)
    if (xq_move_to (moves[i]) == target)
      out[count++] = xq_move_from (moves[i]);
  return count;
}

int
xq_lesson_in_danger (const XqPosition *pos, XqColor c, XqSquare *out)
{
  XqSquare attackers[XQ_SQUARES];
  int count = 0;

  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    if (pos->board[sq] != XQ_EMPTY && xq_piece_color (pos->board[sq]) == c &&
        xq_lesson_attackers (pos, sq, attackers) > 0)
      out[count++] = sq;
  return count;
}

int
xq_lesson_blockers (const XqPosition *pos, XqSquare from, XqSquare *out)
{
  g_return_val_if_fail (from >= 0 && from < XQ_SQUARES, 0);
  return xq_attacks_blockers (pos->board, from, out);
}

int
xq_lesson_palace (XqColor side, XqSquare *out)
{
  int count = 0, base = side == XQ_RED ? 0 : 7;

  for (int r = base; r < base + 3; r++)
    for (int f = 3; f <= 5; f++)
      out[count++] = xq_sq_make (f, r);
  return count;
}

int
xq_lesson_river_bank (XqColor side, XqSquare *out)
{
  int r = side == XQ_RED ? 4 : 5;

  for (int f = 0; f < XQ_FILES; f++)
    out[f] = xq_sq_make (f, r);
  return XQ_FILES;
}

int
xq_lesson_file (XqColor side, int number, XqSquare *out)
{
  /* Each player counts from their own right: Red's 一 is file i, Black's 1
   * is file a. */
  int f = side == XQ_RED ? 9 - number : number - 1;

  g_return_val_if_fail (number >= 1 && number <= 9, 0);
  for (int r = 0; r < XQ_RANKS; r++)
    out[r] = xq_sq_make (f, r);
  return XQ_RANKS;
}

int
xq_lesson_file_number (XqColor side, XqSquare sq)
{
  g_return_val_if_fail (sq >= 0 && sq < XQ_SQUARES, 0);
  return side == XQ_RED ? 9 - xq_sq_file (sq) : xq_sq_file (sq) + 1;
}

const char *
xq_lesson_file_name (XqColor side, int number)
{
  static const char *const red[] = { "一", "二", "三", "四", "五", "六", "七", "八", "九" };
  static const char *const black[] = { "1", "2", "3", "4", "5", "6", "7", "8", "9" };

  g_return_val_if_fail (number >= 1 && number <= 9, "");
  return side == XQ_RED ? red[number - 1] : black[number - 1];
}

/* ---- Stars ----------------------------------------------------------------- */

int
xq_lesson_star_steps (const XqPosition *pos, XqSquare from, XqSquare *out)
{
  XqSquare to[XQ_SQUARES];
  int n = xq_lesson_reach (pos, from, to), count = 0;

  for (int i = 0; i < n; i++)
    if (pos->board[to[i]] == XQ_EMPTY)
      out[count++] = to[i];
  return count;
}

int
xq_lesson_star_optimum (const XqPosition *pos, XqSquare from,
                        const XqSquare *stars, int n_stars)
{
  XqPosition walk;
  XqPiece piece;
  /* steps[s] = the points reachable from s; filled lazily, -1 = not yet. */
  XqSquare steps[XQ_SQUARES][XQ_SQUARES];
  int n_steps[XQ_SQUARES];
  guint full, start_mask = 0;
  int n_states, result = -1;
  g_autofree gint16 *dist = NULL;
  g_autofree int *queue = NULL;
  int head = 0, tail = 0;

  g_return_val_if_fail (n_stars >= 0 && n_stars <= XQ_LESSON_MAX_STARS, -1);
  piece = pos->board[from];
  if (piece == XQ_EMPTY)
    return -1;
  full = (1u << n_stars) - 1;
  for (int i = 0; i < n_stars; i++)
    if (stars[i] == from)
      start_mask |= 1u << i;
  if (start_mask == full)
    return 0;

  for (int i = 0; i < XQ_SQUARES; i++)
    n_steps[i] = -1;
  n_states = XQ_SQUARES << n_stars;
  dist = g_new (gint16, n_states);
  queue = g_new (int, n_states);
  for (int i = 0; i < n_states; i++)
    dist[i] = -1;

  walk = *pos;
  /* Breadth first over (point, stars taken): the board around the piece never
   * changes, so each point's moves are computed once. */
  dist[from << n_stars | start_mask] = 0;
  queue[tail++] = from << n_stars | start_mask;
  while (head < tail && result < 0)
    {
      int state = queue[head++];
      XqSquare sq = state >> n_stars;
      guint mask = state & full;

      if (n_steps[sq] < 0)
        {
          xq_position_put (&walk, from, XQ_EMPTY);
          xq_position_put (&walk, sq, piece);
          n_steps[sq] = xq_lesson_star_steps (&walk, sq, steps[sq]);
          xq_position_put (&walk, sq, XQ_EMPTY);
          xq_position_put (&walk, from, piece);
        }
      for (int i = 0; i < n_steps[sq]; i++)
        {
          XqSquare to = steps[sq][i];
          guint m = mask;
          int next;
          for (int s = 0; s < n_stars; s++)
            if (stars[s] == to)
              m |= 1u << s;
          next = to << n_stars | m;
          if (dist[next] >= 0)
            continue;
          dist[next] = dist[state] + 1;
          if (m == full)
            {
              result = dist[next];
              break;
            }
          queue[tail++] = next;
        }
    }
  return result;
}

/* ---- Captures -------------------------------------------------------------- */

int
xq_lesson_capture_value (const XqPosition *pos, XqMove m)
{
  XqSquare to = xq_move_to (m);
  return pos->board[to] == XQ_EMPTY ? 0 : xq_lesson_piece_value (pos->board[to], to);
}

gboolean
xq_lesson_is_safe_capture (XqPosition *pos, XqMove m)
{
  XqSquare back[XQ_ATTACKS_MAX_POINTS];

  return pos->board[xq_move_to (m)] != XQ_EMPTY && xq_lesson_recapturers (pos, m, back) == 0;
}

int
xq_lesson_best_capture (XqPosition *pos)
{
  XqMove moves[XQ_MAX_MOVES];
  int n = xq_position_legal_moves (pos, moves), best = 0;

  for (int i = 0; i < n; i++)
    best = MAX (best, xq_lesson_capture_value (pos, moves[i]));
  return best;
}

/* ---- Protection -------------------------------------------------------------- */

int
xq_lesson_defenders (const XqPosition *pos, XqSquare sq, XqSquare *out)
{
  XqSquare takers[XQ_SQUARES];
  int n = xq_lesson_captures_on (pos, sq, takers), first = 0;

  /* Nothing can take it: ask the board as it stands. */
  if (n == 0)
    return xq_attacks_defenders (pos, sq, XQ_NO_SQUARE, out);
  /* Else ask each real capture: the attacker leaves its point (so a
   * general may take back on a line it held) and may take a screen away. */
  for (int i = 0; i < n; i++)
    {
      XqSquare back[XQ_ATTACKS_MAX_POINTS];
      int k = xq_attacks_defenders (pos, sq, takers[i], back);

      if (k == 0)
        return 0;
      if (i == 0)
        {
          memcpy (out, back, sizeof (XqSquare) * (gsize) k);
          first = k;
        }
    }
  return first;
}

int
xq_lesson_recapturers (const XqPosition *pos, XqMove m, XqSquare *out)
{
  return xq_attacks_defenders (pos, xq_move_to (m), xq_move_from (m), out);
}

int
xq_lesson_captures_on (const XqPosition *pos, XqSquare sq, XqSquare *out)
{
  XqPosition copy;
  XqMove moves[XQ_MAX_MOVES];
  int n, count = 0;

  g_return_val_if_fail (sq >= 0 && sq < XQ_SQUARES, 0);
  if (pos->board[sq] == XQ_EMPTY)
    return 0;
  copy = *pos;
  xq_position_set_side (&copy, xq_color_other (xq_piece_color (pos->board[sq])));
  n = xq_position_legal_moves (&copy, moves);
  for (int i = 0; i < n; i++)
    if (xq_move_to (moves[i]) == sq)
      out[count++] = xq_move_from (moves[i]);
  return count;
}

/* The first enemy piece that can capture on sq and either is not taken
 * back or, with cheaper, is worth less than the piece; XQ_NO_SQUARE when
 * none. */
static XqSquare
losing_capture (const XqPosition *pos, XqSquare sq, gboolean cheaper)
{
  XqSquare takers[XQ_SQUARES], back[XQ_ATTACKS_MAX_POINTS];
  int n, value;

  if (pos->board[sq] == XQ_EMPTY || xq_piece_type (pos->board[sq]) == XQ_KING)
    return XQ_NO_SQUARE;
  value = xq_lesson_piece_value (pos->board[sq], sq);
  n = xq_lesson_captures_on (pos, sq, takers);
  for (int i = 0; i < n; i++)
    if (xq_attacks_defenders (pos, sq, takers[i], back) == 0)
      return takers[i];
  if (cheaper)
    for (int i = 0; i < n; i++)
      if (xq_lesson_piece_value (pos->board[takers[i]], sq) < value)
        return takers[i];
  return XQ_NO_SQUARE;
}

gboolean
xq_lesson_is_hanging (const XqPosition *pos, XqSquare sq, XqSquare *capturer)
{
  XqSquare by = losing_capture (pos, sq, FALSE);

  if (capturer != NULL)
    *capturer = by;
  return by != XQ_NO_SQUARE;
}

int
xq_lesson_hanging (const XqPosition *pos, XqColor c, XqSquare *out)
{
  int count = 0;

  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    if (pos->board[sq] != XQ_EMPTY && xq_piece_color (pos->board[sq]) == c &&
        xq_lesson_is_hanging (pos, sq, NULL))
      out[count++] = sq;
  return count;
}

gboolean
xq_lesson_is_unsafe (const XqPosition *pos, XqSquare sq, XqSquare *capturer)
{
  XqSquare by = losing_capture (pos, sq, TRUE);

  if (capturer != NULL)
    *capturer = by;
  return by != XQ_NO_SQUARE;
}

int
xq_lesson_capture_gain (const XqPosition *pos, XqMove m)
{
  XqSquare from = xq_move_from (m), to = xq_move_to (m);
  XqSquare back[XQ_ATTACKS_MAX_POINTS];
  int gain;

  if (pos->board[to] == XQ_EMPTY)
    return 0;
  gain = xq_lesson_piece_value (pos->board[to], to);
  if (xq_lesson_recapturers (pos, m, back) > 0)
    gain -= xq_lesson_piece_value (pos->board[from], to);
  return gain;
}

char *
xq_lesson_piece_on (const XqPosition *pos, XqSquare sq)
{
  g_autofree char *name = xq_answer_piece_name (pos->board[sq]);
  char point[3];

  xq_square_to_text (sq, point);
  /* TRANSLATORS: a piece and its point, "Red horse on c2" (红马c2); it
   * stands inside sentences such as "defended by the %s". */
  return g_strdup_printf (_("%1$s on %2$s"), name, point);
}

gboolean
xq_lesson_trade_balance (const XqPosition *pos, const XqMove *moves, int n,
                         int *balance, int *bad_index)
{
  XqPosition play = *pos;
  XqColor us = pos->side;
  int sum = 0;

  for (int i = 0; i < n; i++)
    {
      XqUndo undo;
      int v;
      if (!xq_position_is_legal (&play, moves[i]))
        {
          if (bad_index)
            *bad_index = i;
          return FALSE;
        }
      v = xq_lesson_capture_value (&play, moves[i]);
      sum += play.side == us ? v : -v;
      xq_position_do_move (&play, moves[i], &undo);
    }
  if (balance)
    *balance = sum;
  return TRUE;
}

/* ---- Results --------------------------------------------------------------- */

const char *
xq_lesson_winner (XqPosition *pos)
{
  XqResult result = xq_game_judge_position (pos, NULL);

  /* The referee's codes, except that a game that goes on is "none". */
  return result.winner == XQ_WINNER_NONE ? "none" : xq_winner_to_code (result.winner);
}

const char *
xq_lesson_status_id (XqPosition *pos)
{
  switch (xq_position_status (pos))
    {
    case XQ_STATUS_CHECK:     return "check";
    case XQ_STATUS_CHECKMATE: return "checkmate";
    case XQ_STATUS_STALEMATE: return "stalemate";
    case XQ_STATUS_ONGOING:
    default:                  return "none";
    }
}

/* One solver for the whole process: it owns a large table, and lessons ask
 * small questions often. */
static XqSolver *shared_solver;
G_LOCK_DEFINE_STATIC (shared_solver);

XqSolveResult
xq_lesson_mate_within (const XqPosition *pos, XqMove m, int n)
{
  XqSolveResult r;

  g_return_val_if_fail (n >= 1, XQ_SOLVE_NONE);
  G_LOCK (shared_solver);
  if (shared_solver == NULL)
    shared_solver = xq_solver_new ();
  xq_solver_set_node_limit (shared_solver, XQ_LESSON_SOLVER_NODES);
  if (m == XQ_MOVE_NONE)
    r = xq_solver_wins_within (shared_solver, pos, n);
  else
    r = xq_solver_move_wins_within (shared_solver, pos, m, n);
  G_UNLOCK (shared_solver);
  return r;
}

static guint n_mate_solves;

guint
xq_lesson_mate_solve_count (void)
{
  return g_atomic_int_get (&n_mate_solves);
}

XqSolver *
xq_lesson_solver_new (void)
{
  XqSolver *solver = xq_solver_new ();

  xq_solver_set_node_limit (solver, XQ_LESSON_SOLVER_NODES);
  return solver;
}

/* One whole-solution question of solver, from an empty table; untimed:
 * without the CPU time limit (the work budget still bounds it).  The one
 * place a loader's proof is asked, on the shared solver or a worker's. */
static XqSolveResult
solution_on (XqSolver *solver, const XqPosition *pos, int max_n, XqSolution *out, gboolean distance,
             gboolean untimed)
{
  XqSolveResult r;

  xq_solver_set_node_limit (solver, XQ_LESSON_SOLVER_NODES);
  xq_solver_set_time_limit (solver, untimed ? 0 : XQ_SOLVER_TIME_LIMIT);
  xq_solver_clear (solver);
  if (distance)
    r = xq_solver_solve_distance (solver, pos, max_n, out);
  else
    r = xq_solver_solve (solver, pos, max_n, out);
  xq_solver_set_time_limit (solver, XQ_SOLVER_TIME_LIMIT);
  return r;
}

/* The same question of the shared solver. */
static XqSolveResult
shared_solution (const XqPosition *pos, int max_n, XqSolution *out, gboolean distance,
                 gboolean untimed)
{
  XqSolveResult r;

  G_LOCK (shared_solver);
  if (shared_solver == NULL)
    shared_solver = xq_solver_new ();
  r = solution_on (shared_solver, pos, max_n, out, distance, untimed);
  G_UNLOCK (shared_solver);
  return r;
}

XqSolveResult
xq_lesson_solver_mate_solve (XqSolver *solver, const XqPosition *pos, int max_n, XqSolution *out)
{
  g_return_val_if_fail (solver != NULL && max_n >= 1, XQ_SOLVE_NONE);
  g_atomic_int_inc (&n_mate_solves);
  return solution_on (solver, pos, max_n, out, FALSE, FALSE);
}

XqSolveResult
xq_lesson_solver_mate_distance (XqSolver *solver, const XqPosition *pos, int max_n, XqSolution *out)
{
  g_return_val_if_fail (solver != NULL && max_n >= 1, XQ_SOLVE_NONE);
  return solution_on (solver, pos, max_n, out, TRUE, FALSE);
}

XqSolveResult
xq_lesson_solver_mate_within (XqSolver *solver, const XqPosition *pos, XqMove m, int n)
{
  g_return_val_if_fail (solver != NULL && n >= 1, XQ_SOLVE_NONE);
  xq_solver_set_node_limit (solver, XQ_LESSON_SOLVER_NODES);
  if (m == XQ_MOVE_NONE)
    return xq_solver_wins_within (solver, pos, n);
  return xq_solver_move_wins_within (solver, pos, m, n);
}

XqSolveResult
xq_lesson_mate_solve (const XqPosition *pos, int max_n, XqSolution *out)
{
  g_return_val_if_fail (max_n >= 1, XQ_SOLVE_NONE);
  g_atomic_int_inc (&n_mate_solves);
  return shared_solution (pos, max_n, out, FALSE, FALSE);
}

XqSolveResult
xq_lesson_mate_solve_untimed (const XqPosition *pos, int max_n, XqSolution *out)
{
  g_return_val_if_fail (max_n >= 1, XQ_SOLVE_NONE);
  g_atomic_int_inc (&n_mate_solves);
  return shared_solution (pos, max_n, out, FALSE, TRUE);
}

XqSolveResult
xq_lesson_mate_distance (const XqPosition *pos, int max_n, XqSolution *out)
{
  g_return_val_if_fail (max_n >= 1, XQ_SOLVE_NONE);
  return shared_solution (pos, max_n, out, TRUE, FALSE);
}

XqMove
xq_lesson_longest_defence (const XqPosition *pos, int max_k)
{
  XqMove move = XQ_MOVE_NONE;
  int distance = 0;

  G_LOCK (shared_solver);
  if (shared_solver == NULL)
    shared_solver = xq_solver_new ();
  xq_solver_set_node_limit (shared_solver, XQ_LESSON_SOLVER_NODES);
  /* Whatever the verdict, the move found is the defender's best try. */
  xq_solver_longest_defence (shared_solver, pos, max_k, &move, &distance);
  G_UNLOCK (shared_solver);
  return move;
}

/* ---- Explanations ---------------------------------------------------------- */

/* The arrow from an attacker to the general; a cannon also shows its
 * screen, which is why it checks (a horse's free leg shows nothing). */
static void
mark_attack (const XqPiece *board, XqSquare attacker, XqSquare general, XqLessonMarks *marks)
{
  xq_lesson_marks_add_arrow (marks, XQ_LESSON_ROLE_ATTACK, attacker, general);
  if (xq_piece_type (board[attacker]) == XQ_CANNON)
    {
      XqSquare screens[XQ_RANKS];
      int s = xq_attacks_between (board, attacker, general, screens);

      for (int j = 0; j < s; j++)
        xq_lesson_marks_add (marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_SCREEN, screens[j]);
    }
}

void
xq_lesson_mark_checks (const XqPosition *pos, XqLessonMarks *marks)
{
  XqSquare king = pos->king[pos->side], attackers[XQ_ATTACKS_MAX_POINTS];
  int n;

  if (king == XQ_NO_SQUARE)
    return;
  n = xq_attacks_on_general (pos->board, king, xq_color_other (pos->side), attackers);
  for (int i = 0; i < n; i++)
    mark_attack (pos->board, attackers[i], king, marks);
}

const char *
xq_lesson_piece_rule (XqPieceType type)
{
  switch (type)
    {
    case XQ_KING:     return _("The general moves one step along a line.");
    case XQ_ADVISOR:  return _("The advisor moves one step along a diagonal.");
    case XQ_ELEPHANT: return _("The elephant moves two points diagonally, corner to corner of a square.");
    case XQ_HORSE:    return _("The horse moves one point straight, then one point diagonally.");
    case XQ_CHARIOT:  return _("The chariot moves along a straight line.");
    case XQ_CANNON:   return _("The cannon moves along a straight line.");
    case XQ_PAWN:     return _("A soldier moves one step at a time.");
    case XQ_NO_TYPE:
    default:          return _("That is not a move.");
    }
}

const char *
xq_lesson_reason_rule (XqIllegalReason reason, XqPieceType type)
{
  switch (reason)
    {
    case XQ_ILLEGAL_OWN_PIECE:
      return _("A piece never captures a piece of its own side.");
    case XQ_ILLEGAL_WRONG_WAY:
    case XQ_ILLEGAL_NONE:
      return xq_lesson_piece_rule (type);
    case XQ_ILLEGAL_OUTSIDE_PALACE:
      return type == XQ_KING ? _("The general never leaves its palace.")
                             : _("The advisor never leaves its palace.");
    case XQ_ILLEGAL_CROSSES_RIVER:
      return _("The elephant stays on its own side of the river.");
    case XQ_ILLEGAL_ELEPHANT_EYE:
      return _("An elephant cannot fly when a piece sits on its eye, the point in the middle of its path.");
    case XQ_ILLEGAL_HORSE_LEG:
      return _("A horse cannot jump when a piece stands on its leg, the point right next to it on its way.");
    case XQ_ILLEGAL_PIECES_IN_WAY:
      return type == XQ_CHARIOT ? _("A chariot moves only as far as the line is free.")
                                : _("A cannon moves like a chariot and only jumps to capture.");
    case XQ_ILLEGAL_NO_SCREEN:
    case XQ_ILLEGAL_EXTRA_SCREEN:
      return _("A cannon captures by jumping over exactly one piece, its screen.");
    case XQ_ILLEGAL_SOLDIER_BACKWARDS:
    case XQ_ILLEGAL_SOLDIER_SIDEWAYS:
      return _("A soldier steps forward; only after crossing the river may it also step sideways, never back.");
    case XQ_ILLEGAL_GENERALS_FACE:
      return _("The two generals may never face each other on an open file.");
    case XQ_ILLEGAL_STILL_IN_CHECK:
    case XQ_ILLEGAL_INTO_CHECK:
    case XQ_ILLEGAL_PINNED:
    case XQ_ILLEGAL_BECOMES_SCREEN:
      return _("No move may leave your own general in check.");
    case XQ_ILLEGAL_NOT_A_MOVE:
    case XQ_ILLEGAL_NO_PIECE:
    case XQ_ILLEGAL_NOT_YOUR_TURN:
    default:
      return NULL;
    }
}

/* The sentence for a reason about the piece's own way of moving. */
static const char *
movement_sentence (XqIllegalReason reason, XqPieceType type)
{
  switch (reason)
    {
    case XQ_ILLEGAL_OWN_PIECE:
      return _("You cannot capture your own piece.");
    case XQ_ILLEGAL_WRONG_WAY:
      return xq_lesson_piece_rule (type);
    case XQ_ILLEGAL_OUTSIDE_PALACE:
      return type == XQ_KING ? _("The general must stay inside the palace.")
                             : _("The advisor must stay inside the palace.");
    case XQ_ILLEGAL_CROSSES_RIVER:
      return _("The elephant cannot cross the river.");
    case XQ_ILLEGAL_ELEPHANT_EYE:
      return _("A piece sits on the elephant's eye, so it cannot fly there.");
    case XQ_ILLEGAL_HORSE_LEG:
      return _("The horse's leg is blocked: a piece stands right next to it on that side.");
    case XQ_ILLEGAL_PIECES_IN_WAY:
      return type == XQ_CHARIOT ? _("The chariot cannot jump over pieces.")
                                : _("A cannon only jumps when it captures.");
    case XQ_ILLEGAL_NO_SCREEN:
      return _("To capture, a cannon must jump over exactly one piece, its screen.");
    case XQ_ILLEGAL_EXTRA_SCREEN:
      return _("A cannon can jump over only one piece, and here there are more.");
    case XQ_ILLEGAL_SOLDIER_BACKWARDS:
      return _("A soldier never moves backwards.");
    case XQ_ILLEGAL_SOLDIER_SIDEWAYS:
      return _("A soldier may only step sideways after crossing the river.");
    case XQ_ILLEGAL_NONE:
    case XQ_ILLEGAL_NOT_A_MOVE:
    case XQ_ILLEGAL_NO_PIECE:
    case XQ_ILLEGAL_NOT_YOUR_TURN:
    case XQ_ILLEGAL_GENERALS_FACE:
    case XQ_ILLEGAL_STILL_IN_CHECK:
    case XQ_ILLEGAL_INTO_CHECK:
    case XQ_ILLEGAL_PINNED:
    case XQ_ILLEGAL_BECOMES_SCREEN:
    default:
      return NULL;
    }
}

/* The sentence for a reason about the mover's general. */
static const char *
safety_sentence (XqIllegalReason reason)
{
  if (reason == XQ_ILLEGAL_GENERALS_FACE)
    return _("The two generals may never face each other on an open file.");
  if (reason == XQ_ILLEGAL_INTO_CHECK)
    return _("Your general would step onto a point the other side attacks.");
  if (reason == XQ_ILLEGAL_PINNED)
    return _("That piece shields your general: if it moves away, the general is in check.");
  if (reason == XQ_ILLEGAL_BECOMES_SCREEN)
    return _("That piece would become the screen of a cannon aimed at your general.");
  return _("That move would leave your general in check.");
}

/* The role a reason's points play on the board. */
static XqLessonMarkRole
point_role (XqIllegalReason reason)
{
  return reason == XQ_ILLEGAL_EXTRA_SCREEN ? XQ_LESSON_ROLE_SCREEN : XQ_LESSON_ROLE_BLOCKER;
}

char *
xq_lesson_explain_illegal (XqPosition *pos, XqMove m, XqLessonMarks *marks)
{
  XqIllegal why;
  XqIllegalReason reason = xq_position_explain_illegal (pos, m, &why);

  if (reason == XQ_ILLEGAL_NONE)
    return NULL;
  if (reason == XQ_ILLEGAL_NOT_A_MOVE)
    return g_strdup (_("That is not a move."));
  if (reason == XQ_ILLEGAL_NO_PIECE || reason == XQ_ILLEGAL_NOT_YOUR_TURN)
    {
      xq_lesson_marks_add (marks, XQ_LESSON_MARK_CROSS, XQ_LESSON_ROLE_WRONG, why.points[0]);
      return g_strdup (_("There is none of your pieces on that point."));
    }
  if (why.general != XQ_NO_SQUARE)
    {
      /* A reason about the general: each attacker's line to it, as it
       * would be after the move. */
      XqPosition after = *pos;
      XqUndo undo;

      xq_position_do_move (&after, m, &undo);
      for (int i = 0; i < why.n_points; i++)
        mark_attack (after.board, why.points[i], why.general, marks);
      return g_strdup (safety_sentence (reason));
    }
  /* The piece's own way of moving.  The points of the target reasons are
   * the target itself: the cross shows it. */
  if (reason != XQ_ILLEGAL_OWN_PIECE && reason != XQ_ILLEGAL_OUTSIDE_PALACE &&
      reason != XQ_ILLEGAL_CROSSES_RIVER)
    for (int i = 0; i < why.n_points; i++)
      xq_lesson_marks_add (marks, XQ_LESSON_MARK_POINT, point_role (reason), why.points[i]);
  xq_lesson_marks_add (marks, XQ_LESSON_MARK_CROSS, XQ_LESSON_ROLE_WRONG, xq_move_to (m));
  return g_strdup (movement_sentence (reason, xq_piece_type (pos->board[xq_move_from (m)])));
}

/* ---- Piece names ------------------------------------------------------------ */

char *
xq_answer_piece_name (XqPiece piece)
{
  /* Whole names, not a side and a piece put together: a Chinese teacher
   * writes 红帅 and 黑将, one word each. */
  static const char *const names[2][XQ_N_TYPES] = {
    { NULL, NC_("answer-key", "Red general"), NC_("answer-key", "Red advisor"),
      NC_("answer-key", "Red elephant"), NC_("answer-key", "Red horse"), NC_("answer-key", "Red chariot"),
      NC_("answer-key", "Red cannon"), NC_("answer-key", "Red soldier") },
    { NULL, NC_("answer-key", "Black general"), NC_("answer-key", "Black advisor"),
      NC_("answer-key", "Black elephant"), NC_("answer-key", "Black horse"), NC_("answer-key", "Black chariot"),
      NC_("answer-key", "Black cannon"), NC_("answer-key", "Black soldier") },
  };
  XqPieceType type = xq_piece_type (piece);

  g_return_val_if_fail (piece != XQ_EMPTY && type > 0 && type < XQ_N_TYPES, NULL);
  return g_strdup (g_dpgettext2 (GETTEXT_PACKAGE, "answer-key",
                                 names[xq_piece_color (piece) == XQ_RED ? 0 : 1][type]));
}
