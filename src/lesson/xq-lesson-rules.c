/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-lesson-rules"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "xq-lesson-rules.h"
#include "xq-tables.h"

/* ---- Values ---------------------------------------------------------------- */

int
xq_lesson_piece_value (XqPiece piece, XqSquare sq)
{
  switch (xq_piece_type (piece))
    {
    case XQ_PAWN:     return xq_sq_crossed (xq_piece_color (piece), sq) ? 20 : 10;
    case XQ_ADVISOR:  return 20;
    case XQ_ELEPHANT: return 20;
    case XQ_HORSE:    return 40;
    case XQ_CANNON:   return 45;
    case XQ_CHARIOT:  return 90;
    case XQ_KING:
    case XQ_NO_TYPE:
    default:          return 0;
    }
}

int
xq_lesson_material (const XqPosition *pos, XqColor c)
{
  int sum = 0;

  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    if (pos->board[sq] != XQ_EMPTY && xq_piece_color (pos->board[sq]) == c)
      sum += xq_lesson_piece_value (pos->board[sq], sq);
  return sum;
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
  int f = xq_sq_file (from), r = xq_sq_rank (from), count = 0;
  XqPiece p = pos->board[from];

  if (xq_piece_type (p) == XQ_HORSE)
    {
      static const int legs[4][2] = { { 0, 1 }, { 0, -1 }, { 1, 0 }, { -1, 0 } };
      for (int i = 0; i < 4; i++)
        {
          int lf = f + legs[i][0], lr = r + legs[i][1];
          /* A leg only matters if some target behind it is on the board. */
          int tf = f + 2 * legs[i][0] + legs[i][1], tr = r + 2 * legs[i][1] + legs[i][0];
          int uf = f + 2 * legs[i][0] - legs[i][1], ur = r + 2 * legs[i][1] - legs[i][0];
          if (xq_sq_valid (lf, lr) && pos->board[xq_sq_make (lf, lr)] != XQ_EMPTY &&
              (xq_sq_valid (tf, tr) || xq_sq_valid (uf, ur)))
            out[count++] = xq_sq_make (lf, lr);
        }
    }
  else if (xq_piece_type (p) == XQ_ELEPHANT)
    {
      for (int df = -1; df <= 1; df += 2)
        for (int dr = -1; dr <= 1; dr += 2)
          {
            int tf = f + 2 * df, tr = r + 2 * dr;
            XqSquare eye;
            if (!xq_sq_valid (tf, tr) || xq_sq_crossed (xq_piece_color (p), xq_sq_make (tf, tr)))
              continue;
            eye = xq_sq_make (f + df, r + dr);
            if (pos->board[eye] != XQ_EMPTY)
              out[count++] = eye;
          }
    }
  return count;
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
  XqMove replies[XQ_MAX_MOVES];
  XqUndo undo;
  XqSquare to = xq_move_to (m);
  gboolean safe = TRUE;
  int n;

  if (pos->board[to] == XQ_EMPTY)
    return FALSE;
  xq_position_do_move (pos, m, &undo);
  n = xq_position_legal_moves (pos, replies);
  for (int i = 0; i < n && safe; i++)
    if (xq_move_to (replies[i]) == to)
      safe = FALSE;
  xq_position_undo_move (pos, m, &undo);
  return safe;
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

static gboolean
has_attacker (const XqPosition *pos, XqColor c)
{
  return pos->count[xq_piece_make (c, XQ_CHARIOT)] + pos->count[xq_piece_make (c, XQ_HORSE)] +
         pos->count[xq_piece_make (c, XQ_CANNON)] + pos->count[xq_piece_make (c, XQ_PAWN)] > 0;
}

const char *
xq_lesson_winner (XqPosition *pos)
{
  if (!xq_position_has_legal_move (pos))
    return pos->side == XQ_RED ? "black" : "red";
  /* Sixty moves by each side: 120 plies without a capture. */
  if (pos->halfmove >= 120)
    return "draw";
  if (!has_attacker (pos, XQ_RED) && !has_attacker (pos, XQ_BLACK))
    return "draw";
  return "none";
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

XqSolveResult
xq_lesson_mate_solve (const XqPosition *pos, int max_n, XqSolution *out)
{
  XqSolveResult r;

  g_return_val_if_fail (max_n >= 1, XQ_SOLVE_NONE);
  g_atomic_int_inc (&n_mate_solves);
  G_LOCK (shared_solver);
  if (shared_solver == NULL)
    shared_solver = xq_solver_new ();
  xq_solver_set_node_limit (shared_solver, XQ_LESSON_SOLVER_NODES);
  xq_solver_clear (shared_solver);
  r = xq_solver_solve (shared_solver, pos, max_n, out);
  G_UNLOCK (shared_solver);
  return r;
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

static int
sign (int x)
{
  return (x > 0) - (x < 0);
}

/* The occupied points strictly between two points on one line. */
static int
between (const XqPosition *pos, XqSquare a, XqSquare b, XqSquare *out)
{
  int df = sign (xq_sq_file (b) - xq_sq_file (a)), dr = sign (xq_sq_rank (b) - xq_sq_rank (a));
  int f = xq_sq_file (a) + df, r = xq_sq_rank (a) + dr, count = 0;

  while (xq_sq_make (f, r) != b)
    {
      if (pos->board[xq_sq_make (f, r)] != XQ_EMPTY)
        out[count++] = xq_sq_make (f, r);
      f += df;
      r += dr;
    }
  return count;
}

void
xq_lesson_mark_checks (const XqPosition *pos, XqLessonMarks *marks)
{
  XqSquare king = pos->king[pos->side], attackers[XQ_SQUARES], other;
  int n;

  if (king == XQ_NO_SQUARE)
    return;
  n = xq_lesson_attackers (pos, king, attackers);
  for (int i = 0; i < n; i++)
    {
      xq_lesson_marks_add_arrow (marks, XQ_LESSON_ROLE_ATTACK, attackers[i], king);
      if (xq_piece_type (pos->board[attackers[i]]) == XQ_CANNON)
        {
          XqSquare screens[XQ_RANKS];
          int s = between (pos, attackers[i], king, screens);
          for (int j = 0; j < s; j++)
            xq_lesson_marks_add (marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_SCREEN, screens[j]);
        }
      else if (xq_piece_type (pos->board[attackers[i]]) == XQ_HORSE)
        {
          /* No leg to show: the leg is free, which is why it checks. */
        }
    }
  other = pos->king[xq_color_other (pos->side)];
  if (other != XQ_NO_SQUARE && xq_position_kings_facing (pos))
    xq_lesson_marks_add_arrow (marks, XQ_LESSON_ROLE_ATTACK, other, king);
}

/* Why the piece on `from` cannot make this step, ignoring the general's
 * safety; NULL if its movement allows it. */
static char *
explain_movement (const XqPosition *pos, XqMove m, XqLessonMarks *marks)
{
  XqSquare from = xq_move_from (m), to = xq_move_to (m);
  XqPiece p = pos->board[from];
  XqColor c = xq_piece_color (p);
  int df = xq_sq_file (to) - xq_sq_file (from), dr = xq_sq_rank (to) - xq_sq_rank (from);
  int adf = abs (df), adr = abs (dr);
  int forward = c == XQ_RED ? dr : -dr;
  XqSquare in_way[XQ_RANKS];
  int n;

  if (pos->board[to] != XQ_EMPTY && xq_piece_color (pos->board[to]) == c)
    {
      xq_lesson_marks_add (marks, XQ_LESSON_MARK_CROSS, XQ_LESSON_ROLE_WRONG, to);
      return g_strdup (_("You cannot capture your own piece."));
    }

  switch (xq_piece_type (p))
    {
    case XQ_KING:
      if (adf + adr != 1)
        return g_strdup (_("The general moves one step along a line."));
      if (!xq_in_palace (c, to))
        return g_strdup (_("The general must stay inside the palace."));
      return NULL;

    case XQ_ADVISOR:
      if (adf != 1 || adr != 1)
        return g_strdup (_("The advisor moves one step along a diagonal."));
      if (!xq_in_palace (c, to))
        return g_strdup (_("The advisor must stay inside the palace."));
      return NULL;

    case XQ_ELEPHANT:
      if (adf != 2 || adr != 2)
        return g_strdup (_("The elephant moves two points diagonally, corner to corner of a square."));
      if (xq_sq_crossed (c, to))
        return g_strdup (_("The elephant cannot cross the river."));
      {
        XqSquare eye = xq_sq_make (xq_sq_file (from) + df / 2, xq_sq_rank (from) + dr / 2);
        if (pos->board[eye] != XQ_EMPTY)
          {
            xq_lesson_marks_add (marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_BLOCKER, eye);
            return g_strdup (_("A piece sits on the elephant's eye, so it cannot fly there."));
          }
      }
      return NULL;

    case XQ_HORSE:
      if (!((adf == 1 && adr == 2) || (adf == 2 && adr == 1)))
        return g_strdup (_("The horse moves one point straight, then one point diagonally."));
      {
        XqSquare leg = adr == 2 ? xq_sq_make (xq_sq_file (from), xq_sq_rank (from) + dr / 2)
                                : xq_sq_make (xq_sq_file (from) + df / 2, xq_sq_rank (from));
        if (pos->board[leg] != XQ_EMPTY)
          {
            xq_lesson_marks_add (marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_BLOCKER, leg);
            return g_strdup (_("The horse's leg is blocked: a piece stands right next to it on that side."));
          }
      }
      return NULL;

    case XQ_CHARIOT:
      if (df != 0 && dr != 0)
        return g_strdup (_("The chariot moves along a straight line."));
      n = between (pos, from, to, in_way);
      if (n > 0)
        {
          for (int i = 0; i < n; i++)
            xq_lesson_marks_add (marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_BLOCKER, in_way[i]);
          return g_strdup (_("The chariot cannot jump over pieces."));
        }
      return NULL;

    case XQ_CANNON:
      if (df != 0 && dr != 0)
        return g_strdup (_("The cannon moves along a straight line."));
      n = between (pos, from, to, in_way);
      if (pos->board[to] == XQ_EMPTY)
        {
          if (n == 0)
            return NULL;
          for (int i = 0; i < n; i++)
            xq_lesson_marks_add (marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_BLOCKER, in_way[i]);
          return g_strdup (_("A cannon only jumps when it captures."));
        }
      if (n == 1)
        return NULL;
      for (int i = 0; i < n; i++)
        xq_lesson_marks_add (marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_SCREEN, in_way[i]);
      if (n == 0)
        return g_strdup (_("To capture, a cannon must jump over exactly one piece, its screen."));
      return g_strdup (_("A cannon can jump over only one piece, and here there are more."));

    case XQ_PAWN:
      if (forward < 0)
        return g_strdup (_("A soldier never moves backwards."));
      if (adf + adr != 1)
        return g_strdup (_("A soldier moves one step at a time."));
      if (dr == 0 && !xq_sq_crossed (c, from))
        return g_strdup (_("A soldier may only step sideways after crossing the river."));
      return NULL;

    case XQ_NO_TYPE:
    default:
      return NULL;
    }
}

char *
xq_lesson_explain_illegal (XqPosition *pos, XqMove m, XqLessonMarks *marks)
{
  XqSquare from = xq_move_from (m), to = xq_move_to (m);
  XqPosition after;
  XqUndo undo;
  char *why;

  if (from >= XQ_SQUARES || to >= XQ_SQUARES || from == to)
    return g_strdup (_("That is not a move."));
  if (pos->board[from] == XQ_EMPTY || xq_piece_color (pos->board[from]) != pos->side)
    {
      xq_lesson_marks_add (marks, XQ_LESSON_MARK_CROSS, XQ_LESSON_ROLE_WRONG, from);
      return g_strdup (_("There is none of your pieces on that point."));
    }
  if (xq_position_is_legal (pos, m))
    return NULL;
  why = explain_movement (pos, m, marks);
  if (why != NULL)
    {
      xq_lesson_marks_add (marks, XQ_LESSON_MARK_CROSS, XQ_LESSON_ROLE_WRONG, to);
      return why;
    }
  /* The piece may go there, so the move must expose its own general. */
  after = *pos;
  xq_position_do_move (&after, m, &undo);
  xq_position_set_side (&after, pos->side);
  xq_lesson_mark_checks (&after, marks);
  if (xq_position_kings_facing (&after))
    return g_strdup (_("The two generals may never face each other on an open file."));
  return g_strdup (_("That move would leave your general in check."));
}
