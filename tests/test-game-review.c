/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of the game review: a constructed game whose mistakes are known
 * (a horse left to be taken, then a mate in one missed), a game without
 * mistakes, the worker-thread path and cancelling it. */
#define G_LOG_DOMAIN "test-game-review"

#include "config.h"

#include <string.h>

#include "xq-game-review.h"
#include "xq-test-dirs.h"

/* Red: general e1, chariot e5, cannons h6 and g0, horse h4.  Black: general
 * f9, advisor d7, horse g7 (it guards f5, so e5f5 is no mate yet).
 * 1. h4i6?  leaves the horse to the g7 horse, which takes it (g7i6) and
 * stops guarding f5; 2. e1e0?  misses the mate e5f5. */
#define START_FEN "5k3/9/3a2n2/7C1/4R4/7N1/9/9/4K4/6C2 w - - 0 1"
static const char *const known_moves[] = { "h4i6", "g7i6", "e1e0" };

static XqGame *
known_game (void)
{
  XqPosition start;
  XqGame *game;

  g_assert_true (xq_position_set_fen (&start, START_FEN, NULL));
  game = xq_game_new (&start);
  for (guint i = 0; i < G_N_ELEMENTS (known_moves); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (xq_game_play_iccs (game, known_moves[i], &error));
      g_assert_no_error (error);
    }
  return game;
}

static void
check_known (const XqGameReview *review)
{
  const XqMistake *hang, *mate;

  g_assert_cmpint (review->learner, ==, XQ_RED);
  g_assert_cmpint (review->n_moves_reviewed, ==, 2);
  g_assert_cmpint (review->n_mistakes, ==, 2);

  hang = &review->mistakes[0];
  g_assert_cmpint (hang->kind, ==, XQ_MISTAKE_HANGING);
  g_assert_cmpint (hang->ply, ==, 1);
  g_assert_cmpint (hang->played, ==, xq_move_from_iccs ("h4i6"));
  g_assert_cmpint (hang->square, ==, xq_square_from_text ("i6"));
  g_assert_cmpint (hang->piece, ==, xq_piece_make (XQ_RED, XQ_HORSE));
  g_assert_cmpint (hang->threat, ==, xq_move_from_iccs ("g7i6"));
  g_assert_cmpint (hang->better, !=, hang->played);
  g_assert_cmpint (hang->loss, >=, 300);

  mate = &review->mistakes[1];
  g_assert_cmpint (mate->kind, ==, XQ_MISTAKE_MISSED_MATE);
  g_assert_cmpint (mate->ply, ==, 3);
  g_assert_cmpint (mate->mate_in, ==, 1);
  g_assert_cmpint (mate->played, ==, xq_move_from_iccs ("e1e0"));
  g_assert_cmpint (mate->better, ==, xq_move_from_iccs ("e5f5"));
}

static void
test_known_mistakes (void)
{
  g_autoptr(XqGame) game = known_game ();
  XqGameReview review;

  g_assert_true (xq_game_review_analyse (game, XQ_RED, &review, NULL));
  check_known (&review);
}

/* Each mistake's sentence names the better move; its marks show it. */
static void
test_explain_and_marks (void)
{
  g_autoptr(XqGame) game = known_game ();
  XqGameReview review;

  g_assert_true (xq_game_review_analyse (game, XQ_RED, &review, NULL));
  g_assert_cmpint (review.n_mistakes, ==, 2);
  for (int i = 0; i < review.n_mistakes; i++)
    {
      const XqMistake *m = &review.mistakes[i];
      XqPosition pos = m->before;
      g_autofree char *better = xq_notation_format (&pos, m->better, XQ_NOTATION_ICCS);
      g_autofree char *sentence = xq_mistake_explain (m, XQ_NOTATION_ICCS);
      XqLessonMarks marks;

      g_assert_nonnull (strstr (sentence, better));
      g_assert_null (strchr (sentence, '%'));
      xq_mistake_marks (m, &marks);
      g_assert_true (xq_lesson_marks_has (&marks, XQ_LESSON_MARK_ARROW, XQ_LESSON_ROLE_CORRECT,
                                          xq_move_from (m->better), xq_move_to (m->better)));
      g_assert_true (xq_lesson_marks_has (&marks, XQ_LESSON_MARK_ARROW, XQ_LESSON_ROLE_WRONG,
                                          xq_move_from (m->played), xq_move_to (m->played)));
    }
  /* The hanging horse is marked where it stood before it moved. */
  {
    XqLessonMarks marks;

    xq_mistake_marks (&review.mistakes[0], &marks);
    g_assert_true (xq_lesson_marks_has (&marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_TARGET,
                                        xq_square_from_text ("h4"), XQ_NO_SQUARE));
  }
  g_assert_cmpstr (xq_mistake_kind_id (XQ_MISTAKE_HANGING), ==, "hanging");
  g_assert_cmpstr (xq_mistake_kind_id (XQ_MISTAKE_MISSED_MATE), ==, "missed-mate");
}

/* Playing the mate at once is no mistake; nor is the other side's play. */
static void
test_no_mistakes (void)
{
  XqPosition start;
  g_autoptr(XqGame) game = NULL;
  XqGameReview review;

  g_assert_true (xq_position_set_fen (&start,
                 "5k3/9/3a5/7Cn/4R4/9/9/9/4K4/6C2 w - - 0 2", NULL));
  game = xq_game_new (&start);
  g_assert_true (xq_game_play_iccs (game, "e5f5", NULL));
  g_assert_true (xq_game_is_over (game));
  g_assert_true (xq_game_review_analyse (game, XQ_RED, &review, NULL));
  g_assert_cmpint (review.n_moves_reviewed, ==, 1);
  g_assert_cmpint (review.n_mistakes, ==, 0);
  g_assert_true (xq_game_review_analyse (game, XQ_BLACK, &review, NULL));
  g_assert_cmpint (review.n_moves_reviewed, ==, 0);
  g_assert_cmpint (review.n_mistakes, ==, 0);
}

static void
async_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GAsyncResult **out = user_data;

  *out = g_object_ref (result);
}

/* The worker thread gives the same review; a cancelled one says so. */
static void
test_async (void)
{
  g_autoptr(XqGame) game = known_game ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GAsyncResult) cancelled = NULL;
  g_autoptr(GCancellable) cancel = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  XqGameReview review;

  xq_game_review_analyse_async (game, XQ_RED, NULL, async_done, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (xq_game_review_analyse_finish (result, &review, &error));
  g_assert_no_error (error);
  check_known (&review);

  g_cancellable_cancel (cancel);
  xq_game_review_analyse_async (game, XQ_RED, cancel, async_done, &cancelled);
  while (cancelled == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (xq_game_review_analyse_finish (cancelled, &review, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

int
main (int argc, char **argv)
{
  xq_test_isolate_dirs ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lesson/game-review/known-mistakes", test_known_mistakes);
  g_test_add_func ("/lesson/game-review/explain-and-marks", test_explain_and_marks);
  g_test_add_func ("/lesson/game-review/no-mistakes", test_no_mistakes);
  g_test_add_func ("/lesson/game-review/async", test_async);
  return g_test_run ();
}
