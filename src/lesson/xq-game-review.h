/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-game-review.h: after a game, the learner's biggest mistakes — a piece
 * left to be taken, a free capture missed, a mate in one or two missed —
 * each with the better move, a sentence and marks for the board
 * (docs/engine.md, "Game review").
 *
 * The analysis asks the engine's fixed-depth scores (xq_engine_score_moves)
 * and the mate solver; it is deterministic and bounded (the solver's work
 * budget per position), and slow enough to belong in a worker thread:
 * xq_game_review_analyse_async runs it in a GTask. */
#pragma once

#include <gio/gio.h>

#include "xq-game.h"
#include "xq-lesson-marks.h"
#include "xq-notation.h"

G_BEGIN_DECLS

typedef enum {
  XQ_MISTAKE_HANGING,         /* the move left a piece the opponent could take for free */
  XQ_MISTAKE_MISSED_CAPTURE,  /* a piece could have been taken for free */
  XQ_MISTAKE_MISSED_MATE,     /* a mate in one or two was not played */
} XqMistakeKind;

typedef struct {
  XqMistakeKind kind;
  int        ply;       /* the mistaken move is the game's move number `ply` (1-based) */
  XqPosition before;    /* the position the learner moved in */
  XqMove     played;
  XqMove     better;
  /* HANGING: the learner's piece that could be taken, where it stood after
   * the move, and the opponent's capture of it.  MISSED_CAPTURE: the
   * opponent's piece that could have been taken (`better` takes it). */
  XqSquare   square;
  XqPiece    piece;
  XqMove     threat;    /* HANGING only, else XQ_MOVE_NONE */
  int        mate_in;   /* MISSED_MATE: 1 or 2 */
  int        loss;      /* how much worse the move was, hundredths of a soldier */
} XqMistake;

#define XQ_GAME_REVIEW_MAX_MISTAKES 3

typedef struct {
  XqColor   learner;
  int       n_mistakes;
  XqMistake mistakes[XQ_GAME_REVIEW_MAX_MISTAKES];   /* in the order they were played */
  int       n_moves_reviewed;
} XqGameReview;

/* Reviews every move of `learner` in the whole record of game (not only up
 * to the shown ply) and keeps the biggest XQ_GAME_REVIEW_MAX_MISTAKES.
 * cancellable may be NULL; FALSE only when it was cancelled. */
gboolean xq_game_review_analyse        (const XqGame *game, XqColor learner, XqGameReview *out,
                                        GCancellable *cancellable);
/* The same in a worker thread (the game is copied first). */
void     xq_game_review_analyse_async  (const XqGame *game, XqColor learner,
                                        GCancellable *cancellable, GAsyncReadyCallback callback,
                                        gpointer user_data);
gboolean xq_game_review_analyse_finish (GAsyncResult *result, XqGameReview *out, GError **error);

/* Stable ids for tools: "hanging", "missed-capture", "missed-mate". */
const char *xq_mistake_kind_id          (XqMistakeKind kind);
/* One translated sentence for a child, moves written in `notation`.  Free it. */
char       *xq_mistake_explain          (const XqMistake *mistake, XqNotation notation);
/* The same, with words TRUE the moves in words a child reads ("Cannon to
 * the centre", xq_answer_move_words) instead of notation. */
char       *xq_mistake_explain_in       (const XqMistake *mistake, XqNotation notation, gboolean words);
/* On the board of mistake->before: the better move as an arrow, the move
 * played as a wrong arrow, and the piece in question. */
void        xq_mistake_marks            (const XqMistake *mistake, XqLessonMarks *marks);

G_END_DECLS
