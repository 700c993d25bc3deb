/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-answer-text.h: an exercise as a worksheet prints it, its question in
 * full and its answer in the teacher's notation (docs/worksheets.md).
 *
 * Each kind writes its own answer-key line (XqKind.answer_key) with the
 * helpers below, so every kind names moves, lines and points the same way:
 * moves in the chosen notation, lines with move numbers ("1. 車一平四 將6平5
 * 2. …"), points by their ICCS coordinates, which the worksheet then prints
 * around that board (XqAnswerStyle.names_points). */
#pragma once

#include "xq-exercise.h"
#include "xq-lesson-rules.h"   /* xq_answer_piece_name */
#include "xq-notation.h"
#include "xq-solver.h"
#include "xq-variant.h"
#include "xq-worksheet.h"

G_BEGIN_DECLS

/* How a key is written, and what the text it wrote needs on the page. */
typedef struct {
  XqNotation notation;
  gboolean   names_points;  /* out: the text names points ("e4"); print the board's coordinates */
} XqAnswerStyle;

/* The notation a worksheet uses unless told otherwise: Chinese in a Chinese
 * locale (in its script), else WXF; the window's "Automatic". */
XqNotation  xq_answer_default_notation (void);
/* "iccs", "wxf", "chinese" (the locale's script: traditional in zh_TW, zh_HK,
 * zh_MO, else simplified) or a core name ("zh-hans", "zh-hant"); FALSE for
 * any other word. */
gboolean    xq_answer_notation_from_name (const char *name, XqNotation *out);
void        xq_answer_style_init       (XqAnswerStyle *style, XqNotation notation);
/* The Chinese script a learner reads a lesson's written moves in: the
 * script of the pieces the board shows by default in this language
 * (simplified where the translation draws simplified pieces, else
 * traditional), so 马 on the board reads 马 in the move. */
XqNotation  xq_answer_learner_notation (void);

/* A choice's letter on the sheet: 0 -> 'A'. */
char        xq_answer_choice_letter    (guint index);
/* Appends the legal move m of pos, after a space when out is not empty. */
void        xq_answer_append_move      (GString *out, XqPosition *pos, XqMove m, const XqAnswerStyle *style);
/* Appends a line played from start with move numbers, the side to move at
 * start first: "1. 炮二平五 馬8進7 2. 馬二進三", or "1. … 馬8進7 2. 馬二進三"
 * when Black begins.  With only_mover, the other side never moves (a star
 * walk): "1. 車一進一 2. 車一平四". */
void        xq_answer_append_line      (GString *out, const XqPosition *start, const XqMove *moves, int n,
                                        gboolean only_mover, const XqAnswerStyle *style);
/* Appends the point's coordinates ("e4") and sets style->names_points. */
void        xq_answer_append_point     (GString *out, XqSquare sq, XqAnswerStyle *style);
/* Appends the points, "d2, f2, c3", and sets style->names_points. */
void        xq_answer_append_points    (GString *out, const XqSquare *points, int n_points, XqAnswerStyle *style);
/* A point as the board labels it: its ICCS coordinates ("e4") when the
 * board prints them (coordinates), else by what the board's edge shows
 * without them, Red's file number and the rank counted from Red's edge:
 * "file 五 rank 5" (docs/teacher-units.md). */
char       *xq_answer_point_label      (XqSquare sq, gboolean coordinates);
/* text with every point name standing alone in it ("e4", "Marked: b0 c2",
 * never the half of a move like h2e2) as xq_answer_point_label names it. */
char       *xq_answer_relabel_points   (const char *text, gboolean coordinates);
/* The piece's word in a sentence about a written move: "horse", in Chinese
 * the character of the side's piece in the translation's script (Red's
 * 兵 and 帥, Black's 卒 and 將), as the notation writes it. */
const char *xq_answer_piece_word       (XqPiece piece);
/* The legal move m of pos in words a child reads, for the move list when
 * no notation is chosen in English: "Cannon to the centre", "Horse forward
 * to file 7", "Chariot takes the horse", "Chariot 3 steps forward, check!"
 * (issue 31: WXF's C2=5 is a code). */
char       *xq_answer_move_words       (const XqPosition *pos, XqMove m);
/* A Game Day action of the computer's in words a child reads, the
 * pieces named (with their side: "Red chariot", 红车), never a point's
 * code: "The computer's horse takes your Black cannon.", "The computer
 * turned over a Red chariot." (issue 31: "The computer played c4c3").
 * before: the state the action was played in (a->reveal and a->captured
 * name what was hidden). */
char       *xq_answer_variant_action_words (const XqVariantState *before, const XqVariantAction *a);
/* The rule that ended a game, in words a child knows, naming the side it
 * went against: "Black kept checking: perpetual check loses." (issue 31:
 * the clause numbers "3.1, 4.1.1" are for a teacher, not the game-over
 * line).  NULL while the game goes on. */
char       *xq_answer_rule_words       (const XqResult *result);
/* The tree nodes the answer key may visit steering one main line into its
 * pattern (xq_kill_steer_line; docs/patterns.md, "The answer key's main
 * line"). */
#define XQ_ANSWER_STEER_BUDGET XQ_KILL_CONFIRM_GAME_BUDGET

/* A solver with the answer key's limits (the lesson layer's node limit,
 * the solver's default work and time budgets), for xq_answer_mate_line. */
XqSolver   *xq_answer_solver_new       (void);
/* The main line an answer key prints for the mate from start (the one home
 * of it: the worksheets' answer sheets, `xqtool worksheet --answers`,
 * `xqtool pattern-check --answer-key`, `xqtool pattern-show`): with kill
 * -1 the solver's (xq_solver_main_line: the first fastest move, the most
 * stubborn defence, ...); with a pattern (an XqKill) the line steered into
 * it (xq_kill_steer_line), or the solver's when the steering runs out of
 * its budget.  solver: from xq_answer_solver_new, cleared first, so the
 * line depends on the position alone.  line must hold 2 * mate_in moves. */
XqSolveResult xq_answer_mate_line      (XqSolver *solver, const XqPosition *start, int mate_in, int kill,
                                        XqMove *line, int *length);
/* The second half of xq_answer_mate_line, for a caller whose solver has
 * just played the solver's main line of the mate from start into line
 * (xq_solver_main_line; `xqtool puzzle-confirm`, which keeps the table
 * those proofs filled for its other questions): replaces line with the
 * line steered into kill (an XqKill) and returns TRUE, or leaves it when
 * the steering runs out of XQ_ANSWER_STEER_BUDGET. */
gboolean      xq_answer_steer_main_line (XqSolver *solver, const XqPosition *start, int mate_in, int kill,
                                         XqMove *line, int *length);
/* The attacker's next move on that main line from anywhere on the way:
 * the drill's hint (docs/puzzle-drill.md, "Hints").  The position is start
 * after the n_played plies of played (the learner's moves and the
 * defender's replies; the attacker to move), with a win within left
 * moves.  With a pattern (kill, an XqKill) the move xq_kill_steer_move
 * steers into it, the line so far included: a learner who follows the
 * hints plays the line the answer key prints, and one who found another
 * winning move is steered again from where the board stands.  With kill
 * -1, or when the steering runs out of its budget
 * (XQ_ANSWER_STEER_BUDGET), the solver's first fastest move, as
 * xq_answer_mate_line plays then.  solver: from xq_answer_solver_new
 * (cleared first; xq_solver_cancel () stops it: XQ_SOLVE_ABORTED).
 * XQ_SOLVE_MATE with *move; else *move is XQ_MOVE_NONE. */
XqSolveResult xq_answer_next_move      (XqSolver *solver, const XqPosition *start, const XqMove *played,
                                        int n_played, int left, int kill, XqMove *move);
/* The mate from start: the key move (and any other that mates as fast) and
 * the main line against the most stubborn defence, numbered; NULL when the
 * solver finds none within its limit.  kill: the pattern the puzzle is
 * named after (an XqKill), -1 for none: the main line of
 * xq_answer_mate_line. */
char       *xq_answer_kill_mate_text   (const XqPosition *start, int mate_in, int kill,
                                        const XqAnswerStyle *style);
/* The same without a pattern (kill -1). */
char       *xq_answer_mate_text        (const XqPosition *start, int mate_in, const XqAnswerStyle *style);

G_END_DECLS
