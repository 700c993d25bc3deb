/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-game-review.c: the learner's biggest mistakes in a finished game. */
#define G_LOG_DOMAIN "xq-game-review"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "xq-answer-text.h"
#include "xq-engine.h"
#include "xq-game-review.h"
#include "xq-solver.h"

/* How deep each move is compared with the alternatives: the learner's move
 * and the reply, then captures to the end (docs/engine.md, "Game review"). */
#define REVIEW_DEPTH 2
/* A move is a mistake when it is this much worse than the best one, and a
 * capture is free when it wins this much: one and a half soldiers. */
#define MISTAKE_MARGIN 150
/* The solver's work for each position's "is there a mate in two?": enough
 * for every ordinary middlegame, and it bounds the whole review's time. */
#define MATE_WORK G_GUINT64_CONSTANT (1500000)
/* Missed mates come before any material. */
#define MATE_WEIGHT 100000

typedef struct {
  XqEngine *engine;
  XqSolver *solver;
} Reviewer;

/* Did the learner miss a mate in one or two?  Fills the mistake if so. */
static gboolean
missed_mate (Reviewer *r, const XqPosition *pos, XqMove played, XqMistake *out)
{
  XqSolution sol;

  if (xq_solver_solve (r->solver, pos, 2, &sol) != XQ_SOLVE_MATE || sol.n_keys == 0)
    return FALSE;
  /* A slower mate within two is no mistake to speak of. */
  if (xq_solver_move_wins_within (r->solver, pos, played, 2) != XQ_SOLVE_NONE)
    return FALSE;
  out->kind = XQ_MISTAKE_MISSED_MATE;
  out->better = sol.keys[0];
  out->mate_in = sol.mate;
  out->square = xq_move_to (sol.keys[0]);
  out->piece = pos->board[xq_move_from (sol.keys[0])];
  out->loss = MATE_WEIGHT - sol.mate;
  return TRUE;
}

/* The material side of one move: HANGING when the opponent's best answer
 * takes a learner's piece for free, MISSED_CAPTURE when the best move was a
 * free capture.  Fills the mistake and returns TRUE for either. */
static gboolean
lost_material (Reviewer *r, const XqPosition *pos, XqMove played, XqMistake *out)
{
  XqMove moves[XQ_MAX_MOVES], replies[XQ_MAX_MOVES];
  int scores[XQ_MAX_MOVES], reply_scores[XQ_MAX_MOVES];
  int n, idx = -1, n_replies;
  XqPosition after = *pos;
  XqUndo u;

  n = xq_engine_score_moves (r->engine, pos, REVIEW_DEPTH, moves, scores);
  for (int i = 0; i < n; i++)
    if (moves[i] == played)
      idx = i;
  /* Mates are the solver's; a lost position has no single mistake. */
  if (idx < 0 || scores[0] > XQ_ENGINE_MATE - 1000 || scores[0] < -(XQ_ENGINE_MATE - 1000))
    return FALSE;
  if (scores[0] - scores[idx] < MISTAKE_MARGIN)
    return FALSE;
  out->better = moves[0];
  out->loss = scores[0] - scores[idx];

  xq_position_do_move (&after, played, &u);
  n_replies = xq_engine_score_moves (r->engine, &after, 1, replies, reply_scores);
  if (n_replies > 0)
    {
      XqSquare to = xq_move_to (replies[0]);
      XqPiece victim = after.board[to];

      /* Free: the capture leaves the opponent better off by the margin
       * than the position as it stands. */
      if (victim != XQ_EMPTY && xq_piece_type (victim) != XQ_KING &&
          reply_scores[0] - xq_engine_evaluate (&after) >= MISTAKE_MARGIN)
        {
          out->kind = XQ_MISTAKE_HANGING;
          out->square = to;
          out->piece = victim;
          out->threat = replies[0];
          return TRUE;
        }
    }
  if (pos->board[xq_move_to (moves[0])] != XQ_EMPTY &&
      scores[0] - xq_engine_evaluate (pos) >= MISTAKE_MARGIN)
    {
      out->kind = XQ_MISTAKE_MISSED_CAPTURE;
      out->square = xq_move_to (moves[0]);
      out->piece = pos->board[out->square];
      return TRUE;
    }
  return FALSE;
}

/* The same mistake made again on the learner's next moves (a piece left
 * hanging move after move) is told once. */
static gboolean
repeats (const GArray *found, const XqMistake *m)
{
  for (guint i = 0; i < found->len; i++)
    {
      const XqMistake *o = &g_array_index (found, XqMistake, i);

      if (o->kind == m->kind && o->piece == m->piece && m->ply - o->ply <= 4 &&
          (m->kind != XQ_MISTAKE_MISSED_MATE || o->mate_in >= m->mate_in))
        return TRUE;
    }
  return FALSE;
}

static int
compare_loss (const void *a, const void *b)
{
  const XqMistake *x = a, *y = b;

  if (x->loss != y->loss)
    return x->loss > y->loss ? -1 : 1;
  return x->ply - y->ply;
}

static int
compare_ply (const void *a, const void *b)
{
  return ((const XqMistake *) a)->ply - ((const XqMistake *) b)->ply;
}

gboolean
xq_game_review_analyse (const XqGame *game, XqColor learner, XqGameReview *out,
                        GCancellable *cancellable)
{
  g_autoptr(GArray) found = g_array_new (FALSE, TRUE, sizeof (XqMistake));
  Reviewer r;
  int n;

  g_return_val_if_fail (game != NULL && out != NULL, FALSE);

  memset (out, 0, sizeof *out);
  out->learner = learner;
  r.engine = xq_engine_new (0);
  r.solver = xq_solver_new ();
  xq_solver_set_work_limit (r.solver, MATE_WORK);

  n = xq_game_get_n_plies (game);
  for (int ply = 1; ply <= n; ply++)
    {
      const XqPosition *before = xq_game_get_position_at (game, ply - 1);
      XqMistake m = { 0 };

      if (before->side != learner)
        continue;
      if (g_cancellable_is_cancelled (cancellable))
        break;
      out->n_moves_reviewed++;
      m.ply = ply;
      m.before = *before;
      m.played = xq_game_get_move (game, ply);
      m.threat = XQ_MOVE_NONE;
      if (missed_mate (&r, before, m.played, &m) || lost_material (&r, before, m.played, &m))
        if (!repeats (found, &m))
          g_array_append_val (found, m);
    }
  xq_engine_free (r.engine);
  xq_solver_free (r.solver);
  if (g_cancellable_is_cancelled (cancellable))
    return FALSE;

  /* The biggest ones, then told in the order they were played.  An empty
   * GArray has no data at all, which qsort and memcpy may not be given. */
  out->n_mistakes = (int) MIN (found->len, XQ_GAME_REVIEW_MAX_MISTAKES);
  if (out->n_mistakes == 0)
    return TRUE;
  qsort (found->data, found->len, sizeof (XqMistake), compare_loss);
  memcpy (out->mistakes, found->data, sizeof (XqMistake) * (gsize) out->n_mistakes);
  qsort (out->mistakes, (size_t) out->n_mistakes, sizeof (XqMistake), compare_ply);
  return TRUE;
}

/* ---- In a worker thread ----------------------------------------------------- */

typedef struct {
  XqGame  *game;
  XqColor  learner;
} ReviewJob;

static void
review_job_free (gpointer data)
{
  ReviewJob *job = data;

  xq_game_free (job->game);
  g_free (job);
}

static void
review_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  ReviewJob *job = data;
  XqGameReview *review = g_new0 (XqGameReview, 1);

  if (!xq_game_review_analyse (job->game, job->learner, review, cancellable))
    {
      g_free (review);
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s",
                               _("The review was cancelled."));
      return;
    }
  g_task_return_pointer (task, review, g_free);
}

void
xq_game_review_analyse_async (const XqGame *game, XqColor learner, GCancellable *cancellable,
                              GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  ReviewJob *job = g_new0 (ReviewJob, 1);

  g_return_if_fail (game != NULL);
  job->game = xq_game_copy (game);
  job->learner = learner;
  g_task_set_source_tag (task, xq_game_review_analyse_async);
  g_task_set_task_data (task, job, review_job_free);
  g_task_run_in_thread (task, review_thread);
}

gboolean
xq_game_review_analyse_finish (GAsyncResult *result, XqGameReview *out, GError **error)
{
  g_autofree XqGameReview *review = NULL;

  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  review = g_task_propagate_pointer (G_TASK (result), error);
  if (review == NULL)
    return FALSE;
  *out = *review;
  return TRUE;
}

/* ---- Words and marks ---------------------------------------------------------- */

const char *
xq_mistake_kind_id (XqMistakeKind kind)
{
  switch (kind)
    {
    case XQ_MISTAKE_HANGING:        return "hanging";
    case XQ_MISTAKE_MISSED_CAPTURE: return "missed-capture";
    case XQ_MISTAKE_MISSED_MATE:    return "missed-mate";
    default:                        return "unknown";
    }
}

/* The piece's name for a sentence about it ("chariot"). */
static const char *
piece_word (XqPiece piece)
{
  static const char *const names[XQ_N_TYPES] = {
    NULL, NC_("piece in a review", "general"), NC_("piece in a review", "advisor"),
    NC_("piece in a review", "elephant"), NC_("piece in a review", "horse"),
    NC_("piece in a review", "chariot"), NC_("piece in a review", "cannon"),
    NC_("piece in a review", "soldier"),
  };
  XqPieceType t = xq_piece_type (piece);

  if (t <= 0 || t >= XQ_N_TYPES)
    return "?";
  return g_dpgettext2 (GETTEXT_PACKAGE, "piece in a review", names[t]);
}

char *
xq_mistake_explain (const XqMistake *mistake, XqNotation notation)
{
  return xq_mistake_explain_in (mistake, notation, FALSE);
}

char *
xq_mistake_explain_in (const XqMistake *mistake, XqNotation notation, gboolean words)
{
  XqPosition pos;
  g_autofree char *played = NULL;
  g_autofree char *better = NULL;
  int move_no;

  g_return_val_if_fail (mistake != NULL, NULL);

  pos = mistake->before;
  played = words ? xq_answer_move_words (&pos, mistake->played) : xq_notation_format (&pos, mistake->played, notation);
  pos = mistake->before;
  better = words ? xq_answer_move_words (&pos, mistake->better) : xq_notation_format (&pos, mistake->better, notation);
  move_no = mistake->before.fullmove;
  switch (mistake->kind)
    {
    case XQ_MISTAKE_HANGING:
      /* TRANSLATORS: a game review for a child.  %1$d is the move number,
       * %2$s the move played (炮二平五), %3$s a piece ("chariot"), %4$s the
       * better move. */
      return g_strdup_printf (_("On move %1$d, after %2$s your %3$s could be taken for free; %4$s was better."),
                              move_no, played, piece_word (mistake->piece), better);
    case XQ_MISTAKE_MISSED_CAPTURE:
      /* TRANSLATORS: %1$d the move number, %2$s a piece ("horse"), %3$s the
       * capturing move, %4$s the move played instead. */
      return g_strdup_printf (_("On move %1$d you could have taken the %2$s for free with %3$s instead of %4$s."),
                              move_no, piece_word (mistake->piece), better, played);
    case XQ_MISTAKE_MISSED_MATE:
    default:
      if (mistake->mate_in <= 1)
        /* TRANSLATORS: %1$d the move number, %2$s the mating move, %3$s the move played. */
        return g_strdup_printf (_("On move %1$d you could have won at once with %2$s instead of %3$s."),
                                move_no, better, played);
      /* TRANSLATORS: %1$d the move number, %2$s the first move of a mate in
       * two, %3$s the move played. */
      return g_strdup_printf (_("On move %1$d you had a win in two moves starting with %2$s instead of %3$s."),
                              move_no, better, played);
    }
}

void
xq_mistake_marks (const XqMistake *mistake, XqLessonMarks *marks)
{
  g_return_if_fail (mistake != NULL && marks != NULL);

  xq_lesson_marks_clear (marks);
  xq_lesson_marks_add_arrow (marks, XQ_LESSON_ROLE_WRONG, xq_move_from (mistake->played),
                             xq_move_to (mistake->played));
  xq_lesson_marks_add_arrow (marks, XQ_LESSON_ROLE_CORRECT, xq_move_from (mistake->better),
                             xq_move_to (mistake->better));
  switch (mistake->kind)
    {
    case XQ_MISTAKE_HANGING:
      /* Where the piece stood when the mistake was made. */
      xq_lesson_marks_add (marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_TARGET,
                           mistake->square == xq_move_to (mistake->played)
                             ? xq_move_from (mistake->played) : mistake->square);
      break;
    case XQ_MISTAKE_MISSED_CAPTURE:
      xq_lesson_marks_add (marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_TARGET, mistake->square);
      break;
    case XQ_MISTAKE_MISSED_MATE:
    default:
      break;
    }
}
