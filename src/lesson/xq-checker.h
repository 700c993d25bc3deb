/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-checker.h: judges a learner's answer to one exercise.
 *
 * A verdict is a translated sentence that explains it and marks that show
 * the reason on the board (the blocked leg, the screen, the attacking line,
 * the missing point).  Each exercise kind judges its own answers
 * (xq-kind.h: xq_exercise_check, xq_attempt_input), always against what the
 * rules core computes, never against text the author typed, except for
 * pure knowledge questions.  The mate check is here too, because puzzles
 * (which are not exercises) use it. */
#pragma once

#include "xq-exercise.h"

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
  char         *answer_choice;  /* choose: the right choice's id once the message gives it away, else NULL */
} XqVerdict;

void       xq_verdict_free  (XqVerdict *verdict);
/* A verdict with no marks (message may be NULL: nothing to say), for the
 * kinds. */
XqVerdict *xq_verdict_new   (XqVerdictKind kind, const char *message);
/* ILLEGAL, with the core's reason for m in words and marks; the message is
 * NULL when m is legal after all. */
XqVerdict *xq_verdict_illegal (XqPosition *pos, XqMove m);

/* Mate in N (exercises and puzzles): the line so far from the start
 * position, learner and defender alternating, ending with the learner's
 * latest move.  INCOMPLETE carries the defender's reply. */
XqVerdict *xq_check_mate    (const XqPosition *start, int mate_in, const XqMove *moves, int n_moves);

/* Stars for an exercise solved after some wrong tries and hints: three for
 * a clean answer, one less for each slip, never below one. */
int        xq_lesson_stars_for (int wrong_tries, int hints_used);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqVerdict, xq_verdict_free)

G_END_DECLS
