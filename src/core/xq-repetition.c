/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-repetition"

#include "config.h"

#include "xq-repetition.h"
#include "xq-material.h"

#include <string.h>

/* Ordering value of a capturer in the exchange: the general goes last. */
#define KING_ORDER 1000

/* How many of X's moves a 殺 may need (28.2: mate by a check or a series of
 * checks).  Three is what a young player is expected to see; an arbiter
 * remains the final authority on longer threats. */
#define KILL_DEPTH 3
/* Positions the 殺 search may visit per move, so a ruling stays well under a
 * frame even in a crowded middle game. */
#define KILL_BUDGET 20000

const char *
xq_move_class_to_code (XqMoveClass klass)
{
  switch (klass)
    {
    case XQ_MOVE_CLASS_IDLE:  return "idle";
    case XQ_MOVE_CLASS_CHASE: return "chase";
    case XQ_MOVE_CLASS_KILL:  return "kill";
    case XQ_MOVE_CLASS_CHECK: return "check";
    default:                  return "";
    }
}

static int
order_value (const XqPosition *pos, XqSquare sq)
{
  if (xq_piece_type (pos->board[sq]) == XQ_KING)
    return KING_ORDER;
  return xq_material_rule_value (pos, sq);
}

/* Does the side to move have a move that leaves the other side without any
 * legal move? */
static gboolean
has_mate_in_one (XqPosition *pos)
{
  XqMove moves[XQ_MAX_MOVES];
  int n = xq_position_legal_moves (pos, moves);

  for (int i = 0; i < n; i++)
    {
      XqUndo u;
      gboolean mate;

      xq_position_do_move (pos, moves[i], &u);
      mate = !xq_position_has_legal_move (pos);
      xq_position_undo_move (pos, moves[i], &u);
      if (mate)
        return TRUE;
    }
  return FALSE;
}

/* The side to move's cheapest legal capture on sq, or XQ_MOVE_NONE. */
static XqMove
cheapest_capture (XqPosition *pos, XqSquare sq)
{
  XqMove moves[XQ_MAX_MOVES];
  int n = xq_position_legal_moves (pos, moves);
  XqMove best = XQ_MOVE_NONE;
  int best_value = G_MAXINT;

  for (int i = 0; i < n; i++)
    if (xq_move_to (moves[i]) == sq)
      {
        int v = order_value (pos, xq_move_from (moves[i]));
        if (v < best_value)
          {
            best_value = v;
            best = moves[i];
          }
      }
  return best;
}

/* What the side to move can still win by capturing on sq, either side free
 * to stop.  Every step is a legal move on the real board, so pinned
 * defenders, recaptures that would expose a general and pieces lined up
 * behind the capturer (hidden roots) all count as they would in play.
 * A soldier standing on the point ends the line: by 25.3 winning a soldier
 * with a piece, or a piece with a soldier, is not a material gain. */
static int
exchange_rest (XqPosition *pos, XqSquare sq)
{
  XqMove m;
  XqUndo u;
  int v, r;

  if (xq_piece_type (pos->board[sq]) == XQ_PAWN)
    return 0;
  m = cheapest_capture (pos, sq);
  if (m == XQ_MOVE_NONE)
    return 0;
  v = xq_material_rule_value (pos, sq);
  xq_position_do_move (pos, m, &u);
  r = v - exchange_rest (pos, sq);
  xq_position_undo_move (pos, m, &u);
  return MAX (r, 0);
}

/* The gain of the capture m (side to move captures), 0 when it wins
 * nothing or gets the capturer mated at once (29.4). */
static int
capture_gain (XqPosition *pos, XqMove m)
{
  XqSquare sq = xq_move_to (m);
  int v = xq_material_rule_value (pos, sq);
  int gain;
  XqUndo u;

  xq_position_do_move (pos, m, &u);
  if (!xq_position_has_legal_move (pos))
    gain = v;   /* the capture itself ends the game: certainly no protection */
  else
    gain = v - exchange_rest (pos, sq);
  if (gain > 0 && has_mate_in_one (pos))
    gain = 0;
  xq_position_undo_move (pos, m, &u);
  return gain;
}

/* Could the piece on `target` (side not to move) take the piece on `from`
 * back right now, i.e. is the attack from `from` a mutual one? */
static gboolean
can_hit_back (XqPosition *pos, XqSquare target, XqSquare from)
{
  XqUndo u;
  gboolean legal;

  xq_position_do_null (pos, &u);
  legal = xq_position_is_legal (pos, xq_move_make (target, from));
  xq_position_undo_null (pos, &u);
  return legal;
}

/* Per point, the gain the side to move gets by capturing there now, for
 * the captures that may count as a chase.  If by is not NULL it receives,
 * per point, the type of the piece whose capture gains most there. */
static void
direct_gains (XqPosition *pos, gboolean pawns_chase, int gains[XQ_SQUARES],
              XqPieceType by[XQ_SQUARES])
{
  XqMove moves[XQ_MAX_MOVES];
  int n = xq_position_legal_moves (pos, moves);

  memset (gains, 0, sizeof (int) * XQ_SQUARES);
  if (by != NULL)
    memset (by, 0, sizeof (XqPieceType) * XQ_SQUARES);
  for (int i = 0; i < n; i++)
    {
      XqSquare from = xq_move_from (moves[i]), to = xq_move_to (moves[i]);
      XqPieceType attacker = xq_piece_type (pos->board[from]);
      int g;

      if (pos->board[to] == XQ_EMPTY || !xq_material_is_rule_material (pos, to))
        continue;
      /* 27.1: the general's own attacks are idle (it may still be a root). */
      if (attacker == XQ_KING)
        continue;
      /* 27.2: so are a soldier's, unless both sides attack perpetually. */
      if (attacker == XQ_PAWN && !pawns_chase)
        continue;
      /* 28.5: attacking a piece of the same kind that can hit back offers
       * an exchange; a blocked horse leg or a pin breaks the symmetry. */
      if (attacker == xq_piece_type (pos->board[to]) && can_hit_back (pos, to, from))
        continue;
      g = capture_gain (pos, moves[i]);
      if (g > gains[to])
        {
          gains[to] = g;
          if (by != NULL)
            by[to] = attacker;
        }
    }
}

/* The points of the opponent's pieces the side to move threatens to win:
 * a direct capture with gain, or (29.1) a check after every answer to which
 * a capture with gain on the same point remains, net of anything the answer
 * took.  `pos` has the chasing side to move and is restored. */
static void
threat_set (XqPosition *pos, gboolean pawns_chase, gboolean out[XQ_SQUARES])
{
  XqMove moves[XQ_MAX_MOVES];
  int gains[XQ_SQUARES];
  int n;

  memset (out, 0, sizeof (gboolean) * XQ_SQUARES);
  /* The opponent already in check means this is not a position the
   * chasing side could meet in play; there is nothing to threaten. */
  if (xq_position_in_check (pos, xq_color_other (pos->side)))
    return;

  direct_gains (pos, pawns_chase, gains, NULL);
  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    out[sq] = gains[sq] > 0;

  n = xq_position_legal_moves (pos, moves);
  for (int i = 0; i < n; i++)
    {
      XqMove replies[XQ_MAX_MOVES];
      gboolean common[XQ_SQUARES];
      int n_replies;
      XqUndo u;

      if (pos->board[xq_move_to (moves[i])] != XQ_EMPTY)
        continue;   /* a capturing check is material won already, not a threat */
      if (!xq_position_gives_check (pos, moves[i]))
        continue;
      xq_position_do_move (pos, moves[i], &u);
      n_replies = xq_position_legal_moves (pos, replies);
      for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
        common[sq] = n_replies > 0 && pos->board[sq] != XQ_EMPTY &&
                     xq_piece_color (pos->board[sq]) == pos->side &&
                     xq_material_is_rule_material (pos, sq);
      for (int r = 0; r < n_replies; r++)
        {
          XqUndo ur;
          int lost = xq_material_rule_value (pos, xq_move_to (replies[r]));
          gboolean any = FALSE;

          xq_position_do_move (pos, replies[r], &ur);
          direct_gains (pos, pawns_chase, gains, NULL);
          for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
            {
              common[sq] = common[sq] && gains[sq] - lost > 0;
              any |= common[sq];
            }
          xq_position_undo_move (pos, replies[r], &ur);
          if (!any)
            break;
        }
      xq_position_undo_move (pos, moves[i], &u);
      for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
        out[sq] |= common[sq];
    }
}

/* Can the side to move force mate within `depth` of its moves, checking on
 * every one (28.2)?  *budget counts positions searched; when it runs out the
 * answer is "no", so a threat too deep to see is never held against anyone. */
static gboolean
mate_by_checks (XqPosition *pos, int depth, int *budget)
{
  XqMove moves[XQ_MAX_MOVES];
  int n;

  if (--*budget < 0)
    return FALSE;
  n = xq_position_legal_moves (pos, moves);
  for (int i = 0; i < n; i++)
    {
      XqMove replies[XQ_MAX_MOVES];
      int n_replies;
      gboolean forced = TRUE;
      XqUndo u;

      if (!xq_position_gives_check (pos, moves[i]))
        continue;
      xq_position_do_move (pos, moves[i], &u);
      n_replies = xq_position_legal_moves (pos, replies);
      if (n_replies > 0 && depth <= 1)
        forced = FALSE;
      for (int r = 0; forced && r < n_replies; r++)
        {
          XqUndo ur;
          xq_position_do_move (pos, replies[r], &ur);
          forced = mate_by_checks (pos, depth - 1, budget);
          xq_position_undo_move (pos, replies[r], &ur);
        }
      xq_position_undo_move (pos, moves[i], &u);
      if (forced && *budget >= 0)
        return TRUE;
    }
  return FALSE;
}

/* xq_repetition_classify_move, also filling detail (if not NULL) for each
 * newly chased point: what stands there, what would take it, and whether it
 * is guarded (the capture gains less than its whole value). */
static XqMoveClass
classify_move (XqPosition  *before,
               XqMove       m,
               XqRuleSet    rules,
               gboolean     pawns_chase,
               gboolean     chased[XQ_SQUARES],
               XqChase      detail[XQ_SQUARES])
{
  gboolean threats_before[XQ_SQUARES], threats_after[XQ_SQUARES];
  gboolean scratch[XQ_SQUARES];
  XqColor us;
  XqMoveClass klass = XQ_MOVE_CLASS_IDLE;
  gboolean check;
  int budget = KILL_BUDGET;
  XqUndo u, un;

  g_return_val_if_fail (before != NULL, XQ_MOVE_CLASS_IDLE);
  g_return_val_if_fail (xq_position_is_legal (before, m), XQ_MOVE_CLASS_IDLE);

  if (chased == NULL)
    chased = scratch;
  us = before->side;

  threat_set (before, pawns_chase, threats_before);
  xq_position_do_move (before, m, &u);
  check = xq_position_in_check (before, xq_color_other (us));

  /* The threats after the move, as if the mover could move again.  After a
   * check the opponent must answer it; what the checking piece also hits is
   * read on the board with the check ignored, as FSF's AXF rulings do. */
  xq_position_do_null (before, &un);
  if (check)
    {
      int gains[XQ_SQUARES];
      direct_gains (before, pawns_chase, gains, NULL);
      for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
        threats_after[sq] = gains[sq] > 0;
    }
  else
    threat_set (before, pawns_chase, threats_after);
  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    chased[sq] = threats_after[sq] && !threats_before[sq];
  if (detail != NULL)
    {
      int gains[XQ_SQUARES];
      XqPieceType by[XQ_SQUARES];

      memset (detail, 0, sizeof (XqChase) * XQ_SQUARES);
      direct_gains (before, pawns_chase, gains, by);
      for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
        if (chased[sq])
          {
            detail[sq].piece = xq_piece_type (before->board[sq]);
            detail[sq].by = by[sq];
            detail[sq].guarded = gains[sq] > 0 &&
                                 gains[sq] < xq_material_rule_value (before, sq);
          }
    }

  if (check)
    klass = XQ_MOVE_CLASS_CHECK;
  else if (rules == XQ_RULES_CHINA && mate_by_checks (before, KILL_DEPTH, &budget))
    klass = XQ_MOVE_CLASS_KILL;
  else
    {
      for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
        if (chased[sq])
          klass = XQ_MOVE_CLASS_CHASE;
    }
  xq_position_undo_null (before, &un);
  xq_position_undo_move (before, m, &u);
  return klass;
}

XqMoveClass
xq_repetition_classify_move (XqPosition  *before,
                             XqMove       m,
                             XqRuleSet    rules,
                             gboolean     pawns_chase,
                             gboolean     chased[XQ_SQUARES])
{
  return classify_move (before, m, rules, pawns_chase, chased, NULL);
}

typedef struct {
  XqMoveClass klass[2][XQ_MAX_MOVES];
  guint32     ids[2][XQ_MAX_MOVES];
  int         n[2];
  XqChase     chase[2][32];   /* per side and id, what that chase was: guarded if ever */
} CycleMoves;

/* Plays the cycle, classifying each move and naming the chased pieces by
 * ids given at the cycle's start (an id follows its piece). */
static void
classify_cycle (const XqPosition *first, const XqMove *moves, int n, XqRuleSet rules,
                gboolean pawns_chase, CycleMoves *out)
{
  XqPosition pos = *first;
  int id[XQ_SQUARES];
  int next_id = 0;

  memset (out, 0, sizeof *out);
  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    id[sq] = pos.board[sq] != XQ_EMPTY ? next_id++ : -1;

  for (int i = 0; i < n && i < 2 * XQ_MAX_MOVES; i++)
    {
      gboolean chased[XQ_SQUARES];
      XqChase detail[XQ_SQUARES];
      XqColor us = pos.side;
      int k = out->n[us];
      guint32 ids = 0;
      XqUndo u;

      if (k >= XQ_MAX_MOVES)
        break;
      out->klass[us][k] = classify_move (&pos, moves[i], rules, pawns_chase, chased, detail);
      for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
        if (chased[sq] && id[sq] >= 0 && id[sq] < 32)
          {
            XqChase *c = &out->chase[us][id[sq]];

            ids |= 1u << id[sq];
            c->piece = detail[sq].piece;
            /* A direct capture names the chaser; one reached after checks does not. */
            if (c->by == XQ_NO_TYPE)
              c->by = detail[sq].by;
            c->guarded |= detail[sq].guarded;
          }
      out->ids[us][k] = ids;
      out->n[us] = k + 1;

      xq_position_do_move (&pos, moves[i], &u);
      id[xq_move_to (moves[i])] = id[xq_move_from (moves[i])];
      id[xq_move_from (moves[i])] = -1;
    }
}

static gboolean
all_checks (const CycleMoves *c, XqColor side)
{
  if (c->n[side] == 0)
    return FALSE;
  for (int k = 0; k < c->n[side]; k++)
    if (c->klass[side][k] != XQ_MOVE_CLASS_CHECK)
      return FALSE;
  return TRUE;
}

/* What a side did if its cycle is forbidden, else XQ_REASON_NONE. */
static XqReason
forbidden_kind (const CycleMoves *c, XqColor side, XqRuleSet rules)
{
  gboolean chase = FALSE, kill = FALSE, check = FALSE;
  guint32 common = ~0u;

  if (c->n[side] == 0)
    return XQ_REASON_NONE;
  for (int k = 0; k < c->n[side]; k++)
    {
      switch (c->klass[side][k])
        {
        case XQ_MOVE_CLASS_IDLE:  return XQ_REASON_NONE;   /* 25.2: one idle move is enough */
        case XQ_MOVE_CLASS_CHASE: chase = TRUE; break;
        case XQ_MOVE_CLASS_KILL:  kill = TRUE; break;
        case XQ_MOVE_CLASS_CHECK: check = TRUE; break;
        default: break;
        }
      common &= c->ids[side][k];
    }

  if (rules == XQ_RULES_AXF)
    {
      /* AXF: only chasing one same piece on every move is forbidden; a
       * check in the cycle is allowed unless it too hits that piece. */
      return common != 0 ? XQ_REASON_PERPETUAL_CHASE : XQ_REASON_NONE;
    }

  /* 25.2: 長捉, 長殺 and every mix of 將, 殺 and 捉 are forbidden; 28.12
   * counts chasing one piece or several. */
  if (chase && !kill && !check)
    return XQ_REASON_PERPETUAL_CHASE;
  if (kill && !chase && !check)
    return XQ_REASON_PERPETUAL_MATE_THREAT;
  return XQ_REASON_PERPETUAL_MIXED;
}

/* What the chasing side's cycle chased: the piece chased on every move if
 * there is one, else the first one chased (28.12 counts several). */
static XqChase
cycle_chase (const CycleMoves *c, XqColor side)
{
  XqChase none = { XQ_NO_TYPE, XQ_NO_TYPE, FALSE };
  guint32 common = ~0u, any = 0;
  guint32 pick;

  for (int k = 0; k < c->n[side]; k++)
    {
      common &= c->ids[side][k];
      any |= c->ids[side][k];
    }
  pick = c->n[side] > 0 && common != 0 ? common : any;
  if (pick == 0)
    return none;
  return c->chase[side][g_bit_nth_lsf (pick, -1)];
}

void
xq_repetition_judge (const XqPosition *first,
                     const XqMove     *moves,
                     int               n,
                     XqRuleSet         rules,
                     XqCycleRuling    *out)
{
  g_autofree CycleMoves *c = g_new0 (CycleMoves, 1);
  gboolean perpetual[2];

  g_return_if_fail (first != NULL && out != NULL);
  g_return_if_fail (n == 0 || moves != NULL);

  out->winner = XQ_WINNER_DRAW;
  out->reason = XQ_REASON_REPETITION;
  out->side_kind[XQ_RED] = out->side_kind[XQ_BLACK] = XQ_REASON_NONE;
  out->chase = (XqChase) { XQ_NO_TYPE, XQ_NO_TYPE, FALSE };

  classify_cycle (first, moves, n, rules, FALSE, c);

  for (int s = 0; s < 2; s++)
    perpetual[s] = all_checks (c, (XqColor) s);

  /* 24.1 / 26.1: perpetual check on its own loses, whatever the other
   * side does; perpetual check by both is a draw (docs/rulings.md). */
  if (perpetual[XQ_RED] || perpetual[XQ_BLACK])
    {
      for (int s = 0; s < 2; s++)
        if (perpetual[s])
          out->side_kind[s] = XQ_REASON_PERPETUAL_CHECK;
      if (perpetual[XQ_RED] && perpetual[XQ_BLACK])
        return;
      out->winner = perpetual[XQ_RED] ? XQ_WINNER_BLACK : XQ_WINNER_RED;
      out->reason = XQ_REASON_PERPETUAL_CHECK;
      return;
    }

  for (int s = 0; s < 2; s++)
    out->side_kind[s] = forbidden_kind (c, (XqColor) s, rules);

  /* 27.2: soldiers' attacks count when both sides attack perpetually, so a
   * side that chases only with soldiers against a forbidden opponent is
   * forbidden too (and the cycle is drawn by 26.3). */
  if (rules == XQ_RULES_CHINA &&
      (out->side_kind[XQ_RED] == XQ_REASON_NONE) != (out->side_kind[XQ_BLACK] == XQ_REASON_NONE))
    {
      XqColor allowed = out->side_kind[XQ_RED] == XQ_REASON_NONE ? XQ_RED : XQ_BLACK;
      g_autofree CycleMoves *cp = g_new0 (CycleMoves, 1);

      classify_cycle (first, moves, n, rules, TRUE, cp);
      out->side_kind[allowed] = forbidden_kind (cp, allowed, rules);
    }

  /* 26.2 / 26.3: both allowed or both forbidden is a draw; 26.4: the
   * forbidden side against an allowed one loses (or is warned, 24.3). */
  if ((out->side_kind[XQ_RED] == XQ_REASON_NONE) == (out->side_kind[XQ_BLACK] == XQ_REASON_NONE))
    return;
  if (out->side_kind[XQ_RED] != XQ_REASON_NONE)
    {
      out->winner = XQ_WINNER_BLACK;
      out->reason = out->side_kind[XQ_RED];
    }
  else
    {
      out->winner = XQ_WINNER_RED;
      out->reason = out->side_kind[XQ_BLACK];
    }
  if (out->reason == XQ_REASON_PERPETUAL_CHASE)
    out->chase = cycle_chase (c, out->winner == XQ_WINNER_RED ? XQ_BLACK : XQ_RED);
}
