/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-review-round.h: a review round — the due items of a learner's queue
 * (xq-review.h) as one unit the lesson player can play, lesson exercises
 * and puzzles mixed, each shown as a variant of the same idea where its
 * kind allows one.
 *
 * The variant is the position mirrored left to right (files a↔i), which
 * keeps every move legal and every mate a mate.  It is made for move
 * exercises with a computed goal, mate exercises, star walks and puzzles,
 * read back through the kind's own reader (so the rules core computes its
 * answer) and kept only when the core agrees it is the same question: the
 * same verdict for every mirrored move, the same fewest moves, the same
 * mate distance with the mirrored keys.  Otherwise the original is shown.
 * Building a round can run the solver: not for the main thread.  The
 * rules: docs/review.md. */
#pragma once

#include "xq-lesson.h"
#include "xq-review.h"

G_BEGIN_DECLS

/* The most items one round holds; the rest wait for the next round. */
#define XQ_REVIEW_ROUND_MAX  10
/* The id of the round's unit (its stars are not saved). */
#define XQ_REVIEW_ROUND_UNIT "review"

/* The point and the move seen in a mirror (files a↔i). */
XqSquare    xq_review_mirror_square   (XqSquare sq);
XqMove      xq_review_mirror_move     (XqMove m);
void        xq_review_mirror_position (const XqPosition *pos, XqPosition *out);

/* The mirrored variant of ex, checked as above; NULL when its kind cannot
 * make one or the core disagrees. */
XqExercise *xq_review_mirror_exercise (const XqExercise *ex);
/* A puzzle as a mate exercise, mirrored when mirror is TRUE and the core
 * agrees (*mirrored says which was made); NULL only if the puzzle does not
 * load as an exercise. */
XqExercise *xq_review_puzzle_exercise (const XqPuzzle *puzzle, gboolean mirror, gboolean *mirrored);

typedef struct {
  XqUnit    *unit;      /* id XQ_REVIEW_ROUND_UNIT, no pages: the exercises */
  GPtrArray *items;     /* XqReviewItem* (copies), one per exercise, in order */
  GArray    *mirrored;  /* gboolean per exercise: a variant, not the original */
} XqReviewRound;

/* The round for now: the due items (oldest first, at most
 * XQ_REVIEW_ROUND_MAX) found in units (XqUnit*) or packs (XqPuzzlePack*,
 * may be NULL), mixed in an order fixed by the date.  Items whose unit
 * or pack is gone are left out.  An empty round has no exercises. */
XqReviewRound *xq_review_round_new    (const XqReview *review, GPtrArray *units, GPtrArray *packs,
                                       GDateTime *now);
void           xq_review_round_free   (XqReviewRound *round);
/* The item of the round's exercise index i (NULL out of range). */
const XqReviewItem *xq_review_round_get_item (const XqReviewRound *round, guint i);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqReviewRound, xq_review_round_free)

G_END_DECLS
