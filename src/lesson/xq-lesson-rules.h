/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-lesson-rules.h: the questions a lesson asks, answered by the rules core.
 * The validator and the checker both call these, so an exercise can never
 * disagree with the rules the learner is being taught. */
#pragma once

#include "xq-attacks.h"
#include "xq-position.h"
#include "xq-solver.h"
#include "xq-lesson-marks.h"

G_BEGIN_DECLS

/* The children's value table of the core (xq_material_value, in tenths of
 * a point; docs/piece-values.md): soldier 1 (2 once across the river),
 * advisor 2, elephant 2, horse 4, cannon 4.5, chariot 9, the general 0. */
int      xq_lesson_piece_value     (XqPiece piece, XqSquare sq);
/* Sum of the values of all pieces of colour c. */
int      xq_lesson_material        (const XqPosition *pos, XqColor c);

/* Every point the piece on `from` can move to (legal moves, as if it were
 * its side's turn).  out holds XQ_SQUARES entries; returns the count. */
int      xq_lesson_reach           (const XqPosition *pos, XqSquare from, XqSquare *out);
/* Every enemy piece that attacks the piece on `target`. */
int      xq_lesson_attackers       (const XqPosition *pos, XqSquare target, XqSquare *out);
/* Every piece of colour c (general included) that the other side attacks. */
int      xq_lesson_in_danger       (const XqPosition *pos, XqColor c, XqSquare *out);
/* The occupied horse legs or elephant eyes that stop the piece on `from`
 * (0 for other pieces): xq_attacks_blockers. */
int      xq_lesson_blockers        (const XqPosition *pos, XqSquare from, XqSquare *out);
/* Geography: the nine palace points, the bank of the river on a side, a
 * file counted the way that side counts (Red 一..九 and Black 1..9, both
 * from the player's own right). */
int      xq_lesson_palace          (XqColor side, XqSquare *out);
int      xq_lesson_river_bank      (XqColor side, XqSquare *out);
int      xq_lesson_file            (XqColor side, int number, XqSquare *out);
/* The number `side` gives the file of sq (1..9, from that side's right),
 * and how that side writes it: Red 一..九, Black 1..9 (a static string). */
int         xq_lesson_file_number  (XqColor side, XqSquare sq);
const char *xq_lesson_file_name    (XqColor side, int number);

/* The fewest moves in which the piece on `from` collects every star, the
 * other side never moving; stars must be empty points.  -1 when some star
 * cannot be reached.  At most XQ_LESSON_MAX_STARS stars. */
#define XQ_LESSON_MAX_STARS 8
int      xq_lesson_star_optimum    (const XqPosition *pos, XqSquare from,
                                    const XqSquare *stars, int n_stars);
/* One step of a star walk: the moves the piece on `from` has when only its
 * own side moves (captures excluded).  out holds XQ_SQUARES entries. */
int      xq_lesson_star_steps      (const XqPosition *pos, XqSquare from, XqSquare *out);

/* Captures where no enemy piece can take back on the capture point
 * (xq_lesson_recapturers finds none). */
gboolean xq_lesson_is_safe_capture (XqPosition *pos, XqMove m);
/* The value of the piece m captures (0 for a quiet move). */
int      xq_lesson_capture_value   (const XqPosition *pos, XqMove m);
/* The highest capture_value over all legal moves (0 if there is no capture). */
int      xq_lesson_best_capture    (XqPosition *pos);

/* ---- Protection (docs/attacks.md, "Defenders"; docs/lesson-format.md) ----
 * One home for "defended", "hanging" and "unsafe": the tap, move and choose
 * kinds all ask these, and these ask the core (xq_attacks_defenders) and
 * the value table. */

/* The pieces that defend the piece on sq (not a general), 有根: those of
 * its side that could legally take back on sq after an enemy capture.
 * When enemy pieces can capture it with a legal move, every such capture
 * is played in turn (the attacker leaves its line, a screen goes): it is
 * defended when each can be taken back, and out gets the pieces that take
 * back the first one; 0 when one of them cannot be (it hangs).  When
 * nothing can capture it, an enemy piece is put in its place
 * (xq_attacks_defenders with XQ_NO_SQUARE).  out holds
 * XQ_ATTACKS_MAX_POINTS entries. */
int      xq_lesson_defenders       (const XqPosition *pos, XqSquare sq, XqSquare *out);
/* The pieces that would take back on m's point after the capture m (the
 * side to move captures): xq_attacks_defenders with m played. */
int      xq_lesson_recapturers     (const XqPosition *pos, XqMove m, XqSquare *out);
/* The enemy pieces that can capture the piece on sq with a legal move now,
 * whoever is to move (the enemy is given the turn). */
int      xq_lesson_captures_on     (const XqPosition *pos, XqSquare sq, XqSquare *out);
/* Hanging (無根, 白吃): some enemy piece can capture the piece on sq with a
 * legal move and after that capture no piece of its side can legally take
 * back.  The general never hangs (an attack on it is check).  *capturer
 * (may be NULL) gets the first such enemy piece. */
gboolean xq_lesson_is_hanging      (const XqPosition *pos, XqSquare sq, XqSquare *capturer);
/* Every hanging piece of colour c. */
int      xq_lesson_hanging         (const XqPosition *pos, XqColor c, XqSquare *out);
/* Unsafe: hanging, or some enemy piece worth less (the value table) can
 * capture it with a legal move, so that even taking back loses material.
 * *capturer (may be NULL) gets the enemy piece that shows it. */
gboolean xq_lesson_is_unsafe       (const XqPosition *pos, XqSquare sq, XqSquare *capturer);
/* What the capture m (legal, side to move) wins at once by the value
 * table: the piece taken, less the capturer when it can be taken back. */
int      xq_lesson_capture_gain    (const XqPosition *pos, XqMove m);
/* "Red horse on c2", translated: how the protection sentences name a
 * piece. */
char    *xq_lesson_piece_on        (const XqPosition *pos, XqSquare sq);

/* Plays a sequence of moves from pos and returns what the side to move at
 * the start gained minus what it lost, in tenths.  FALSE (with *index of
 * the bad move) if a move is illegal. */
gboolean xq_lesson_trade_balance   (const XqPosition *pos, const XqMove *moves, int n,
                                    int *balance, int *bad_index);

/* Who wins under the referee's rules for one position
 * (xq_game_judge_position), as a choice id: "red", "black", "draw" or
 * "none" (the game goes on).  The side with no legal move loses; sixty
 * moves each without a capture draw; so does material that can never mate
 * (docs/bare-material.md). */
const char *xq_lesson_winner       (XqPosition *pos);
/* "check", "checkmate", "stalemate" or "none" for the side to move. */
const char *xq_lesson_status_id    (XqPosition *pos);

/* Does the side to move force a win (the defender left without a move) in
 * at most n of its own moves, starting with m (or with any move when m is
 * XQ_MOVE_NONE)?  Asks the core's mate solver, whose work budget
 * (XQ_SOLVER_BUDGET) bounds the time: XQ_SOLVE_ABORTED is "too deep to
 * prove here".  The node limit is a second, older bound. */
#define XQ_LESSON_SOLVER_NODES 20000000
XqSolveResult xq_lesson_mate_within (const XqPosition *pos, XqMove m, int n);
/* The shortest win within max_n and every key move of it (the loader's
 * proofs).  Each starts from an empty table, so its verdict depends only on
 * the position, never on what was proved before. */
XqSolveResult xq_lesson_mate_solve  (const XqPosition *pos, int max_n, XqSolution *out);
/* The same without the solver's CPU time limit, for the offline proofs
 * (`xqtool proofs write|check`): their verdict must depend on the work
 * budget alone, never on how fast or loaded the machine is. */
XqSolveResult xq_lesson_mate_solve_untimed (const XqPosition *pos, int max_n, XqSolution *out);
/* The shortest win within max_n, proved, and ONE key move
 * (xq_solver_solve_distance): where the distance or a single key is all
 * that is asked (a hint, the import's search for where a mate begins), far
 * cheaper than xq_lesson_mate_solve on crowded positions.  From an empty
 * table too. */
XqSolveResult xq_lesson_mate_distance (const XqPosition *pos, int max_n, XqSolution *out);
/* The same questions on a solver of the caller's own, for work spread over
 * threads (the import's workers: a solver is not thread-safe, and the
 * shared one is taken by one question at a time).  xq_lesson_solver_new
 * makes a solver set up as the shared one (node limit, work budget, CPU
 * time limit); xq_lesson_solver_mate_solve and _mate_distance clear its
 * table first, so their verdicts are exactly xq_lesson_mate_solve's and
 * xq_lesson_mate_distance's for the same position (the loader's). */
XqSolver     *xq_lesson_solver_new            (void);
XqSolveResult xq_lesson_solver_mate_solve     (XqSolver *solver, const XqPosition *pos, int max_n,
                                               XqSolution *out);
XqSolveResult xq_lesson_solver_mate_distance  (XqSolver *solver, const XqPosition *pos, int max_n,
                                               XqSolution *out);
XqSolveResult xq_lesson_solver_mate_within    (XqSolver *solver, const XqPosition *pos, XqMove m, int n);
/* How many times this process called xq_lesson_mate_solve (so a test can
 * tell a proof made from one read from the record or the cache). */
guint         xq_lesson_mate_solve_count (void);

/* The defender's most stubborn reply (XQ_MOVE_NONE when it has no move),
 * for the puzzle player to answer the learner with. */
XqMove   xq_lesson_longest_defence (const XqPosition *pos, int max_k);

/* Why a move is not legal (the core's xq_position_explain_illegal), as a
 * translated sentence, with marks that show it on the board (the blocked
 * leg, the missing screen, the attacking line).  NULL if the move is legal.
 * The marks are added to what marks holds, so a caller can put them beside
 * its own; marks must be initialised (xq_lesson_marks_clear) beforehand. */
char    *xq_lesson_explain_illegal (XqPosition *pos, XqMove m, XqLessonMarks *marks);
/* A piece's way of moving, as one translated sentence (the rule a
 * "wrong way" move breaks). */
const char *xq_lesson_piece_rule   (XqPieceType type);
/* The reason's rule in general words, without saying whether this move
 * breaks it ("A horse cannot move when a piece stands on its leg."), for a
 * question whose answer must not be given away yet; NULL for the reasons
 * that are not about the piece's own movement or its general. */
const char *xq_lesson_reason_rule  (XqIllegalReason reason, XqPieceType type);
/* Arrows from every piece giving check to the general of the side to move,
 * with the cannon screens marked. */
void     xq_lesson_mark_checks     (const XqPosition *pos, XqLessonMarks *marks);

/* "Red general" (translated: 红帅), for the set-up key. */
char       *xq_answer_piece_name       (XqPiece piece);

G_END_DECLS
