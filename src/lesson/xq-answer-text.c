/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Questions and answer-key lines as a worksheet prints them
 * (xq-answer-text.h, docs/worksheets.md). */
#define G_LOG_DOMAIN "xq-answer-text"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-answer-text.h"
#include "xq-lesson-marks.h"
#include "xq-patterns.h"
#include "xq-solver.h"

XqNotation
xq_answer_default_notation (void)
{
  XqNotation notation = XQ_NOTATION_WXF;

  /* The same choice the window makes for "Automatic": the translation names
   * the notation (and so the script) of a Chinese locale. */
  xq_notation_from_name (C_("notation-default", "wxf"), &notation);
  return notation;
}

/* Traditional characters where the locale asks for them, else simplified. */
static XqNotation
locale_chinese (void)
{
  const char *const *names = g_get_language_names ();
  XqNotation def = xq_answer_default_notation ();

  if (def == XQ_NOTATION_ZH_HANS || def == XQ_NOTATION_ZH_HANT)
    return def;
  for (int i = 0; names[i] != NULL; i++)
    if (g_str_has_prefix (names[i], "zh_TW") || g_str_has_prefix (names[i], "zh_HK") ||
        g_str_has_prefix (names[i], "zh_MO") || g_str_has_prefix (names[i], "zh_Hant"))
      return XQ_NOTATION_ZH_HANT;
  return XQ_NOTATION_ZH_HANS;
}

XqNotation
xq_answer_learner_notation (void)
{
  /* The board's own choice for "Automatic" (xq-board-settings.c). */
  return g_strcmp0 (C_("piece-set-default", "traditional"), "simplified") == 0 ? XQ_NOTATION_ZH_HANS
                                                                               : XQ_NOTATION_ZH_HANT;
}

gboolean
xq_answer_notation_from_name (const char *name, XqNotation *out)
{
  g_return_val_if_fail (out != NULL, FALSE);
  if (g_strcmp0 (name, "chinese") == 0)
    {
      *out = locale_chinese ();
      return TRUE;
    }
  return name != NULL && xq_notation_from_name (name, out);
}

void
xq_answer_style_init (XqAnswerStyle *style, XqNotation notation)
{
  g_return_if_fail (style != NULL);
  memset (style, 0, sizeof *style);
  style->notation = notation;
}

char
xq_answer_choice_letter (guint index)
{
  return index < 26 ? (char) ('A' + index) : '?';
}

void
xq_answer_append_move (GString *out, XqPosition *pos, XqMove m, const XqAnswerStyle *style)
{
  g_autofree char *text = NULL;
  char iccs[5];

  g_return_if_fail (out != NULL && pos != NULL && style != NULL);
  if (m != XQ_MOVE_NONE && pos->board[xq_move_from (m)] != XQ_EMPTY)
    text = xq_notation_format (pos, m, style->notation);
  if (text == NULL)
    {
      /* Never a blank in the key: the coordinates at least say which move. */
      xq_move_to_iccs (m, iccs);
      text = g_strdup (iccs);
    }
  if (out->len > 0 && out->str[out->len - 1] != ' ')
    g_string_append_c (out, ' ');
  g_string_append (out, text);
}

void
xq_answer_append_line (GString *out, const XqPosition *start, const XqMove *moves, int n,
                       gboolean only_mover, const XqAnswerStyle *style)
{
  XqPosition pos;
  gboolean black_first;

  g_return_if_fail (out != NULL && start != NULL && style != NULL && (n == 0 || moves != NULL));
  pos = *start;
  black_first = !only_mover && pos.side == XQ_BLACK;
  for (int i = 0; i < n; i++)
    {
      int ply = i + (black_first ? 1 : 0);

      if (only_mover || ply % 2 == 0)
        g_string_append_printf (out, "%s%d.", out->len > 0 ? " " : "", only_mover ? i + 1 : ply / 2 + 1);
      else if (i == 0)
        g_string_append_printf (out, "%s1. …", out->len > 0 ? " " : "");
      xq_answer_append_move (out, &pos, moves[i], style);
      if (only_mover)
        {
          /* The other side stands still: the piece walks, nothing is taken. */
          XqPiece piece = pos.board[xq_move_from (moves[i])];

          xq_position_put (&pos, xq_move_from (moves[i]), XQ_EMPTY);
          xq_position_put (&pos, xq_move_to (moves[i]), piece);
        }
      else
        {
          XqUndo undo;
          xq_position_do_move (&pos, moves[i], &undo);
        }
    }
}

void
xq_answer_append_point (GString *out, XqSquare sq, XqAnswerStyle *style)
{
  char name[3];

  g_return_if_fail (out != NULL && style != NULL && sq >= 0 && sq < XQ_SQUARES);
  xq_square_to_text (sq, name);
  g_string_append (out, name);
  style->names_points = TRUE;
}

void
xq_answer_append_points (GString *out, const XqSquare *points, int n_points, XqAnswerStyle *style)
{
  g_return_if_fail (out != NULL && (n_points == 0 || points != NULL) && style != NULL);
  for (int i = 0; i < n_points; i++)
    {
      if (i > 0)
        g_string_append (out, ", ");
      xq_answer_append_point (out, points[i], style);
    }
}

char *
xq_answer_point_label (XqSquare sq, gboolean coordinates)
{
  /* The numerals along Red's edge of the board, file a (Red's 九) first. */
  static const char *const red_files[9] = { "九", "八", "七", "六", "五", "四", "三", "二", "一" };
  char name[3];

  g_return_val_if_fail (sq >= 0 && sq < XQ_SQUARES, NULL);
  xq_square_to_text (sq, name);
  if (coordinates)
    return g_strdup (name);
  /* Translators: a point named by the board's edge when its coordinates are
   * hidden: %s is Red's file number as the board shows it (五), %d the rank
   * counted from Red's edge, 1 to 10. */
  return g_strdup_printf (_("file %s rank %d"), red_files[xq_sq_file (sq)], xq_sq_rank (sq) + 1);
}

/* May a point name begin or end next to c? Only beside spaces, quotes,
 * brackets and punctuation, so moves, FEN text and words stay whole. */
static gboolean
point_boundary (const char *p, gboolean before)
{
  static const char *const marks[] = { "“", "”", "‘", "’", "「", "」", "（", "）", "，", "：", "。", NULL };
  unsigned char c = (unsigned char) *p;

  if (c == '\0' || g_ascii_isspace (c))
    return TRUE;
  if (c < 0x80)
    return strchr (before ? "(\"'" : ",.;:)\"'!?", c) != NULL;
  for (int i = 0; marks[i] != NULL; i++)
    if (strncmp (p, marks[i], strlen (marks[i])) == 0)
      return TRUE;
  return FALSE;
}

char *
xq_answer_relabel_points (const char *text, gboolean coordinates)
{
  GString *out;

  g_return_val_if_fail (text != NULL, NULL);
  if (coordinates)
    return g_strdup (text);
  out = g_string_new (NULL);
  for (const char *p = text; *p != '\0';)
    {
      const char *prev = p == text ? NULL : g_utf8_find_prev_char (text, p);
      gboolean starts = prev == NULL || point_boundary (prev, TRUE);

      if (starts && p[0] >= 'a' && p[0] <= 'i' && g_ascii_isdigit (p[1]) && point_boundary (p + 2, FALSE))
        {
          g_autofree char *label = NULL;
          char name[3] = { p[0], p[1], '\0' };

          label = xq_answer_point_label (xq_square_from_text (name), FALSE);
          g_string_append (out, label);
          p += 2;
          continue;
        }
      g_string_append_len (out, p, g_utf8_next_char (p) - p);
      p = g_utf8_next_char (p);
    }
  return g_string_free (out, FALSE);
}

const char *
xq_answer_piece_word (XqPiece piece)
{
  static const char *const red[XQ_N_TYPES] = {
    NULL, NC_("red piece", "general"), NC_("red piece", "advisor"), NC_("red piece", "elephant"),
    NC_("red piece", "horse"), NC_("red piece", "chariot"), NC_("red piece", "cannon"), NC_("red piece", "soldier"),
  };
  static const char *const black[XQ_N_TYPES] = {
    NULL, NC_("black piece", "general"), NC_("black piece", "advisor"), NC_("black piece", "elephant"),
    NC_("black piece", "horse"), NC_("black piece", "chariot"), NC_("black piece", "cannon"),
    NC_("black piece", "soldier"),
  };
  XqPieceType type = xq_piece_type (piece);
  gboolean is_red = xq_piece_color (piece) == XQ_RED;

  g_return_val_if_fail (piece != XQ_EMPTY && type > 0 && type < XQ_N_TYPES, NULL);
  return g_dpgettext2 (GETTEXT_PACKAGE, is_red ? "red piece" : "black piece", is_red ? red[type] : black[type]);
}

XqSolver *
xq_answer_solver_new (void)
{
  XqSolver *solver = xq_solver_new ();

  xq_solver_set_node_limit (solver, XQ_LESSON_SOLVER_NODES);
  return solver;
}

XqSolveResult
xq_answer_mate_line (XqSolver *solver, const XqPosition *start, int mate_in, int kill, XqMove *line,
                     int *length)
{
  XqSolveResult r;

  g_return_val_if_fail (solver != NULL && start != NULL, XQ_SOLVE_ABORTED);
  g_return_val_if_fail (line != NULL && length != NULL, XQ_SOLVE_ABORTED);
  g_return_val_if_fail (mate_in >= 1 && mate_in <= XQ_SOLVER_MAX_MATE, XQ_SOLVE_ABORTED);
  g_return_val_if_fail (kill < XQ_N_KILLS, XQ_SOLVE_ABORTED);

  /* An empty table: the line depends on the position alone. */
  xq_solver_clear (solver);
  /* The solver's line first: the answer when there is nothing to steer
   * or the steering runs out of room, and its proofs fill the solver's
   * table for the steering's own questions. */
  r = xq_solver_main_line (solver, start, mate_in, line, length);
  if (r == XQ_SOLVE_MATE && kill >= 0)
    xq_answer_steer_main_line (solver, start, mate_in, kill, line, length);
  return r;
}

gboolean
xq_answer_steer_main_line (XqSolver *solver, const XqPosition *start, int mate_in, int kill, XqMove *line,
                           int *length)
{
  XqMove steered[2 * XQ_SOLVER_MAX_MATE];
  int n = 0;

  g_return_val_if_fail (solver != NULL && start != NULL, FALSE);
  g_return_val_if_fail (line != NULL && length != NULL, FALSE);
  g_return_val_if_fail (mate_in >= 1 && mate_in <= XQ_SOLVER_MAX_MATE, FALSE);
  g_return_val_if_fail (kill >= 0 && kill < XQ_N_KILLS, FALSE);

  if (xq_kill_steer_line (solver, start, mate_in, (XqKill) kill, XQ_ANSWER_STEER_BUDGET, steered, &n,
                          NULL) != XQ_CONFIRM_DONE || n == 0)
    return FALSE;
  memcpy (line, steered, (gsize) n * sizeof *line);
  *length = n;
  return TRUE;
}

XqSolveResult
xq_answer_next_move (XqSolver *solver, const XqPosition *start, const XqMove *played, int n_played,
                     int left, int kill, XqMove *move)
{
  XqSolution sol;
  XqPosition pos;
  XqSolveResult r;

  g_return_val_if_fail (solver != NULL && start != NULL && move != NULL, XQ_SOLVE_ABORTED);
  g_return_val_if_fail (n_played >= 0 && (n_played == 0 || played != NULL), XQ_SOLVE_ABORTED);
  g_return_val_if_fail (left >= 1 && left <= XQ_SOLVER_MAX_MATE, XQ_SOLVE_ABORTED);
  g_return_val_if_fail (kill < XQ_N_KILLS, XQ_SOLVE_ABORTED);

  *move = XQ_MOVE_NONE;
  xq_solver_clear (solver);
  if (kill >= 0 && n_played % 2 == 0 && n_played + 2 * left <= 2 * XQ_SOLVER_MAX_MATE)
    switch (xq_kill_steer_move (solver, start, played, n_played, left, (XqKill) kill,
                                XQ_ANSWER_STEER_BUDGET, move, NULL))
      {
      case XQ_CONFIRM_DONE:
        return XQ_SOLVE_MATE;
      case XQ_CONFIRM_NO_MATE:
        return XQ_SOLVE_NONE;
      case XQ_CONFIRM_UNDECIDED:
      default:
        /* Out of the steering's budget: the solver's first fastest move
         * when its distance was proved. */
        return *move != XQ_MOVE_NONE ? XQ_SOLVE_MATE : XQ_SOLVE_ABORTED;
      }
  pos = *start;
  if (!xq_position_play_line (&pos, played, n_played))
    g_return_val_if_reached (XQ_SOLVE_ABORTED);
  r = xq_solver_solve (solver, &pos, left, &sol);
  if (r == XQ_SOLVE_MATE && sol.n_keys > 0)
    *move = sol.keys[0];
  else if (r == XQ_SOLVE_MATE)
    r = XQ_SOLVE_ABORTED;
  return r;
}

char *
xq_answer_kill_mate_text (const XqPosition *start, int mate_in, int kill, const XqAnswerStyle *style)
{
  g_autoptr(XqSolver) solver = NULL;
  g_autoptr(GString) line_text = g_string_new (NULL);
  g_autoptr(GString) others = g_string_new (NULL);
  XqMove line[2 * XQ_SOLVER_MAX_MATE];
  XqSolution sol = { 0 };
  XqPosition pos;
  int n = 0;

  g_return_val_if_fail (start != NULL && style != NULL, NULL);
  if (mate_in < 1 || mate_in > XQ_SOLVER_MAX_MATE)
    return NULL;
  solver = xq_answer_solver_new ();
  if (xq_answer_mate_line (solver, start, mate_in, kill, line, &n) != XQ_SOLVE_MATE || n == 0)
    return NULL;
  xq_answer_append_line (line_text, start, line, n, FALSE, style);
  /* Other first moves that mate as fast are right too: name them, so a
   * child's different answer is not marked wrong. */
  xq_solver_clear (solver);
  if (xq_solver_solve (solver, start, mate_in, &sol) == XQ_SOLVE_MATE)
    for (int i = 0; i < sol.n_keys && i < 6; i++)
      if (sol.keys[i] != line[0])
        {
          pos = *start;
          if (others->len > 0)
            g_string_append (others, ",");
          xq_answer_append_move (others, &pos, sol.keys[i], style);
        }
  if (mate_in == 1)
    {
      if (others->len == 0)
        return g_string_free (g_steal_pointer (&line_text), FALSE);
      /* Translators: a mate in one in the answer key: the move, then the
       * other moves that mate too. */
      return g_strdup_printf (_("%s (or %s)"), line_text->str, others->str);
    }
  {
    g_autoptr(GString) key = g_string_new (NULL);

    pos = *start;
    xq_answer_append_move (key, &pos, line[0], style);
    if (others->len > 0)
      /* Translators: the key move of a mate, then the other moves that
       * win as fast, in the answer key. */
      return g_strdup_printf (_("Key: %s (or %s). Main line: %s"), key->str, others->str, line_text->str);
    /* Translators: the key move of a mate and the main line, numbered
     * moves, in the answer key. */
    return g_strdup_printf (_("Key: %s. Main line: %s"), key->str, line_text->str);
  }
}

char *
xq_answer_mate_text (const XqPosition *start, int mate_in, const XqAnswerStyle *style)
{
  return xq_answer_kill_mate_text (start, mate_in, -1, style);
}

char *
xq_answer_rule_words (const XqResult *result)
{
  gboolean black = result->winner == XQ_WINNER_RED;   /* the side the rule went against */

  g_return_val_if_fail (result != NULL, NULL);
  if (result->winner == XQ_WINNER_NONE)
    return NULL;
  if (result->winner == XQ_WINNER_DRAW)
    switch (result->reason)
      {
      case XQ_REASON_AGREEMENT:
        return g_strdup (_("Both players agreed: a draw."));
      case XQ_REASON_MOVE_LIMIT:
        return g_strdup (_("Sixty moves each without a capture: a draw."));
      case XQ_REASON_BARE_MATERIAL:
        return g_strdup (_("Nobody can checkmate any more: a draw."));
      case XQ_REASON_REPETITION:
      case XQ_REASON_PERPETUAL_CHECK:
      case XQ_REASON_PERPETUAL_CHASE:
      case XQ_REASON_PERPETUAL_MATE_THREAT:
      case XQ_REASON_PERPETUAL_MIXED:
        return g_strdup (_("The same moves came back again and again, and nobody alone broke a rule: a draw."));
      case XQ_REASON_NONE:
      case XQ_REASON_CHECKMATE:
      case XQ_REASON_STALEMATE:
      case XQ_REASON_RESIGNATION:
      case XQ_REASON_TIME:
      case XQ_REASON_ILLEGAL_MOVE:
      default:
        return g_strdup (_("A draw."));
      }
  switch (result->reason)
    {
    case XQ_REASON_CHECKMATE:
      return g_strdup (black ? _("The black general could not get out of check: checkmate loses.")
                             : _("The red general could not get out of check: checkmate loses."));
    case XQ_REASON_STALEMATE:
      return g_strdup (black ? _("Black had no move left: a side that cannot move loses.")
                             : _("Red had no move left: a side that cannot move loses."));
    case XQ_REASON_RESIGNATION:
      return g_strdup (black ? _("Black gave up.") : _("Red gave up."));
    case XQ_REASON_TIME:
      return g_strdup (black ? _("Black ran out of time: that loses.") : _("Red ran out of time: that loses."));
    case XQ_REASON_PERPETUAL_CHECK:
      return g_strdup (black ? _("Black kept checking: perpetual check loses.")
                             : _("Red kept checking: perpetual check loses."));
    case XQ_REASON_PERPETUAL_CHASE:
      return g_strdup (black ? _("Black kept chasing a piece: perpetual chase loses.")
                             : _("Red kept chasing a piece: perpetual chase loses."));
    case XQ_REASON_PERPETUAL_MATE_THREAT:
      return g_strdup (black ? _("Black kept threatening mate: doing it forever loses.")
                             : _("Red kept threatening mate: doing it forever loses."));
    case XQ_REASON_PERPETUAL_MIXED:
      return g_strdup (black ? _("Black kept checking and chasing: doing it forever loses.")
                             : _("Red kept checking and chasing: doing it forever loses."));
    case XQ_REASON_ILLEGAL_MOVE:
      return g_strdup (black ? _("Black made a move the rules do not allow: that loses.")
                             : _("Red made a move the rules do not allow: that loses."));
    case XQ_REASON_NONE:
    case XQ_REASON_AGREEMENT:
    case XQ_REASON_MOVE_LIMIT:
    case XQ_REASON_REPETITION:
    case XQ_REASON_BARE_MATERIAL:
    default:
      return g_strdup (black ? _("Red wins.") : _("Black wins."));
    }
}

char *
xq_answer_move_words (const XqPosition *pos, XqMove m)
{
  XqNotationParts parts;
  XqPosition after;
  XqUndo undo;
  XqPiece mover, captured;
  g_autofree char *piece = NULL;
  char *text;
  gboolean check;

  g_return_val_if_fail (pos != NULL, NULL);
  after = *pos;
  g_return_val_if_fail (xq_position_is_legal (&after, m), NULL);
  mover = pos->board[xq_move_from (m)];
  captured = pos->board[xq_move_to (m)];
  xq_position_do_move (&after, m, &undo);
  check = xq_position_in_check (&after, after.side);
  xq_notation_parts (pos, m, &parts);
  /* The sentence starts with the piece: "Cannon", not "cannon". */
  piece = g_strdup (xq_answer_piece_word (mover));
  if (g_ascii_islower (piece[0]))
    piece[0] = g_ascii_toupper (piece[0]);
  if (captured != XQ_EMPTY)
    /* Translators: a move in words: "Horse takes the cannon" */
    text = g_strdup_printf (_("%s takes the %s"), piece, xq_answer_piece_word (captured));
  else if (parts.direction == XQ_NOTATION_ACROSS && parts.to_file == 5)
    /* Translators: a move in words along a rank to the middle file: "Cannon to the centre" */
    text = g_strdup_printf (_("%s to the centre"), piece);
  else if (parts.direction == XQ_NOTATION_ACROSS)
    /* Translators: a move in words along a rank: "Chariot across to file 4"; the
     * file is counted from the mover's own right, as the board's edge numbers it */
    text = g_strdup_printf (_("%s across to file %d"), piece, parts.to_file);
  else if (parts.names_file)
    text = g_strdup_printf (parts.direction == XQ_NOTATION_FORWARD
                            /* Translators: a move in words: "Horse forward to file 7" */
                            ? _("%s forward to file %d")
                            /* Translators: a move in words: "Horse back to file 7" */
                            : _("%s back to file %d"), piece, parts.to_file);
  else
    text = g_strdup_printf (parts.direction == XQ_NOTATION_FORWARD
                            /* Translators: a move in words: "Chariot 3 steps forward" */
                            ? g_dngettext (GETTEXT_PACKAGE, "%s %d step forward", "%s %d steps forward", parts.steps)
                            /* Translators: a move in words: "Chariot 3 steps back" */
                            : g_dngettext (GETTEXT_PACKAGE, "%s %d step back", "%s %d steps back", parts.steps),
                            piece, parts.steps);
  if (check)
    {
      /* Translators: a move in words that gives check: "Chariot 3 steps forward, check!" */
      char *with = g_strdup_printf (_("%s, check!"), text);

      g_free (text);
      text = with;
    }
  return text;
}

/* The identity of the piece on cell, or what the action says it was. */
static XqPiece
cell_piece (const XqVariantState *st, int cell, XqPiece told)
{
  if (cell < 0 || cell >= XQ_VARIANT_MAX_CELLS)
    return told;
  if (st->cell[cell].face == XQ_FACE_UP)
    return st->cell[cell].piece;
  return told;
}

char *
xq_answer_variant_action_words (const XqVariantState *before, const XqVariantAction *a)
{
  g_autofree char *mover = NULL;
  g_autofree char *taken = NULL;
  XqPiece m, c;

  g_return_val_if_fail (before != NULL && a != NULL, NULL);
  switch ((XqActionKind) a->kind)
    {
    case XQ_ACTION_FLIP:
      if (a->reveal == XQ_EMPTY)
        return g_strdup (_("The computer turned a piece over."));
      taken = xq_answer_piece_name (a->reveal);
      /* Translators: a Game Day move in words; %s is a piece with its side, "Red chariot" */
      return g_strdup_printf (_("The computer turned over a piece: %s."), taken);
    case XQ_ACTION_DROP:
      taken = xq_answer_piece_name (xq_piece_make (before->side, (XqPieceType) a->type));
      /* Translators: 落棋: the computer put a piece from its hand on the board; %s: "Black horse" */
      return g_strdup_printf (_("The computer put its %s on the board."), taken);
    case XQ_ACTION_CUBE:
      taken = xq_answer_piece_name (xq_piece_make (before->side, (XqPieceType) a->type));
      /* Translators: 超然象棋: the computer turned its cube; %s: the face now up, "Black cannon" */
      return g_strdup_printf (_("The computer turned its cube: now it is a %s."), taken);
    case XQ_ACTION_DOUBLE:
      return g_strdup (_("The computer moved two soldiers."));
    case XQ_ACTION_EXCHANGE:
      return g_strdup (_("The computer's soldier on your back line became a cannon."));
    case XQ_ACTION_MOVE:
    default:
      break;
    }
  m = cell_piece (before, a->from, a->reveal);
  c = cell_piece (before, a->to, a->captured);
  mover = m != XQ_EMPTY ? xq_answer_piece_name (m) : g_strdup (_("hidden piece"));
  if (a->to >= 0 && a->to < XQ_VARIANT_MAX_CELLS && before->cell[a->to].face != XQ_FACE_EMPTY)
    {
      taken = c != XQ_EMPTY ? xq_answer_piece_name (c) : g_strdup (_("hidden piece"));
      /* Translators: a Game Day move in words: "The computer's Red horse takes your Black cannon." */
      return g_strdup_printf (_("The computer's %s takes your %s."), mover, taken);
    }
  /* Translators: a Game Day move in words; the board marks where it went: "The computer moved its Red horse." */
  return g_strdup_printf (_("The computer moved its %s."), mover);
}
