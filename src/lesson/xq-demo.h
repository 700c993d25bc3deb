/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-demo.h: an exercise shown being done, for a child who cannot read the
 * instruction (docs/exercise-kinds.md, "Demonstrations").
 *
 * Authors write no animation.  Each kind says how its answer is given, as
 * the inputs a learner would make (XqKind.demo: the points tapped, the
 * moves played, the choice picked, the pieces placed); a kind that cannot
 * says why in XqKind.no_demo.  xq_exercise_demo () then plays those inputs
 * through the kind's own judge on a scratch attempt and keeps one frame
 * per beat: the board, the move that slides in, the marks, the point that
 * pulses before each tap or move, the choice or tray piece that is picked,
 * and the words said.  The demonstration is right because the kind's own
 * checker accepts it: a demonstration that does not end solved is not
 * made. */
#pragma once

#include "xq-kind.h"

G_BEGIN_DECLS

typedef struct {
  XqPosition     position;  /* the board of this beat */
  XqMove         last;      /* the move that brought it (slides in), or XQ_MOVE_NONE */
  XqLessonMarks  marks;     /* what is drawn on it */
  XqSquare       pulse;     /* the point that pulses: tap here, move from or to here; or XQ_NO_SQUARE */
  const char    *choice;    /* the choice pressed (the exercise's own id), or NULL */
  const char    *text;      /* type-move: the text typed, or NULL */
  XqPiece        piece;     /* set-up: the tray piece picked up, or XQ_EMPTY */
  char          *words;     /* translated: what is said, or NULL */
} XqDemoFrame;

typedef struct {
  const XqExercise *ex;     /* borrowed: the demonstration lives no longer than its unit */
  GPtrArray        *frames; /* XqDemoFrame* */
} XqDemo;

/* Does ex's kind demonstrate at all? */
gboolean    xq_kind_has_demo      (const XqKind *kind);
/* ex shown being done, or NULL when its kind has no demonstration (or
 * none for this exercise: no answer found).  May run the rules core over
 * every legal move: call it off the main thread for a window. */
XqDemo     *xq_exercise_demo      (const XqExercise *ex);
void        xq_demo_free          (XqDemo *demo);

/* Helpers for the kinds' `demo`: the answer as inputs. */
/* tap, match: every answer point (only the first when "select" is "one"). */
void        xq_demo_tap_points    (const XqAttempt *a, GArray *inputs);
/* choose, write-move, replay: the answer's choice. */
void        xq_demo_pick_answer   (const XqAttempt *a, GArray *inputs);
/* One move played on the board. */
void        xq_demo_play_move     (GArray *inputs, XqMove m);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqDemo, xq_demo_free)

G_END_DECLS
