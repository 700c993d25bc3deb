/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-checker.h: judges a learner's answer to one exercise.
 *
 * One function per exercise kind.  Each returns a verdict, a translated
 * sentence that explains it, and marks that show the reason on the board
 * (the blocked leg, the screen, the attacking line, the missing point).
 * The answer is always compared with what the rules core computes, never
 * with text the author typed, except for pure knowledge questions. */
#pragma once

#include "xq-lesson.h"

G_BEGIN_DECLS

typedef enum {
  XQ_VERDICT_CORRECT,     /* done, well done */
  XQ_VERDICT_WRONG,       /* a legal answer that misses the goal */
  XQ_VERDICT_ILLEGAL,     /* the move breaks a rule of movement */
  XQ_VERDICT_INCOMPLETE,  /* right so far, keep going (stars, mates, one tap of many) */
} XqVerdictKind;

typedef struct {
  XqVerdictKind kind;
  int           stars;    /* 1..3 when CORRECT, else 0 */
  char         *message;  /* translated */
  XqLessonMarks marks;
  XqMove        reply;    /* mates: the defender's answer to play, else XQ_MOVE_NONE */
} XqVerdict;

void       xq_verdict_free  (XqVerdict *verdict);

/* Tap: the points tapped so far, in order.  With select "all" the verdict is
 * INCOMPLETE while every tapped point is right and some are missing. */
XqVerdict *xq_check_tap     (const XqExercise *ex, const XqSquare *points, int n_points);
/* Move: one move in the exercise position. */
XqVerdict *xq_check_move    (const XqExercise *ex, XqMove move);
/* Stars: the walk so far; stars earned against the computed optimum. */
XqVerdict *xq_check_stars   (const XqExercise *ex, const XqMove *moves, int n_moves);
/* Set up: the whole board as the learner left it. */
XqVerdict *xq_check_setup   (const XqExercise *ex, const XqPiece board[XQ_SQUARES]);
/* Set up, one piece at a time: may `piece` stand on sq in the target? */
XqVerdict *xq_check_setup_piece (const XqExercise *ex, XqSquare sq, XqPiece piece);
/* Choose: the id of the choice picked. */
XqVerdict *xq_check_choose  (const XqExercise *ex, const char *choice_id);
/* Mate in N (exercises and puzzles): the line so far from the start
 * position, learner and defender alternating, ending with the learner's
 * latest move.  INCOMPLETE carries the defender's reply. */
XqVerdict *xq_check_mate    (const XqPosition *start, int mate_in, const XqMove *moves, int n_moves);
XqVerdict *xq_check_exercise_mate (const XqExercise *ex, const XqMove *moves, int n_moves);

/* Stars for an exercise solved after some wrong tries and hints: three for
 * a clean answer, one less for each slip, never below one. */
int        xq_lesson_stars_for (int wrong_tries, int hints_used);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqVerdict, xq_verdict_free)

G_END_DECLS
