/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The review queue on the Learn page under Xvfb, on a clock the test sets:
 * a missed exercise enters the queue, "3 to review" and the Review button
 * appear the next day, and a round mixing a mirrored exercise, a mirrored
 * puzzle and an exercise shown as it was is played to the end by simulated
 * input, each clean solve moving its item to the 3-day box. */
#define G_LOG_DOMAIN "test-review-ui"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "xq-learn-page.h"
#include "xq-review.h"
#include "xq-review-round.h"
#include "xq-solver.h"
#include "xq-test-gtk.h"
#include "xq-test-kinds.h"
#include "xq-test-lesson-board.h"

static const char unit_json[] =
  "{ \"format\": 1, \"type\": \"unit\", \"id\": \"u-test\", \"number\": 1, \"title\": \"Test\",\n"
  "  \"pages\": [ { \"text\": \"Test\" } ],\n"
  "  \"exercises\": [\n"
  "    { \"id\": \"best\", \"kind\": \"move\", \"prompt\": \"Take the best piece.\",\n"
  "      \"fen\": \"3k5/9/9/9/1n2R2r1/9/9/9/9/4K4 w - - 0 1\", \"goal\": \"capture-best\" },\n"
  "    { \"id\": \"tap\", \"kind\": \"tap\", \"prompt\": \"Tap the point e4.\", \"rule\": \"points\",\n"
  "      \"points\": [ \"e4\" ] }\n"
  "  ] }\n";

static const char pack_json[] =
  "{ \"format\": 1, \"type\": \"pack\", \"id\": \"p-test\", \"title\": \"Test pack\",\n"
  "  \"puzzles\": [\n"
  "    { \"id\": \"catch\", \"title\": \"Catch the general!\", \"fen\": \"9/3k5/9/9/R8/9/9/4K4/9/9 w - - 0 1\",\n"
  "      \"mate-in\": 1, \"difficulty\": 1 }\n"
  "  ] }\n";

typedef struct {
  GtkWidget      *window;
  XqLearnPage    *page;
  XqLessonPlayer *player;
  XqLessonBoard  *board;
  char           *lessons;
  char           *store;
  int             today;   /* days after 1 December 2026 */
} Fixture;

static GDateTime *
day (int n)
{
  g_autoptr(GDateTime) start = g_date_time_new_local (2026, 12, 1, 12, 0, 0);
  return g_date_time_add_days (start, n);
}

static GDateTime *
test_clock (gpointer user_data)
{
  Fixture *f = user_data;
  return day (f->today);
}

static void
write_file (const char *dir, const char *name, const char *text)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, text, -1, &error));
}

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *puzzles = NULL;

  f->lessons = g_dir_make_tmp ("xq-review-lessons-XXXXXX", &error);
  g_assert_no_error (error);
  f->store = g_dir_make_tmp ("xq-review-store-XXXXXX", &error);
  g_assert_no_error (error);
  puzzles = g_build_filename (f->lessons, "puzzles", NULL);
  g_assert_cmpint (g_mkdir (puzzles, 0700), ==, 0);
  write_file (f->lessons, "unit.json", unit_json);
  write_file (puzzles, "pack.json", pack_json);

  f->page = XQ_LEARN_PAGE (xq_learn_page_new ());
  xq_learn_page_set_clock (f->page, test_clock, f);
  xq_learn_page_load (f->page, f->lessons, f->store);
  f->player = xq_learn_page_get_player (f->page);
  f->board = xq_test_quiet_board (f->player);
  f->window = xq_test_present (GTK_WIDGET (f->page));
  gtk_test_widget_wait_for_draw (f->window);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  xq_test_remove_tree (f->lessons);
  xq_test_remove_tree (f->store);
  g_free (f->lessons);
  g_free (f->store);
}

static void
play_move (Fixture *f, XqMove m)
{
  g_assert_cmpint (m, !=, XQ_MOVE_NONE);
  xq_test_press_point (f->board, xq_move_from (m));
  xq_test_press_point (f->board, xq_move_to (m));
  while (xq_lesson_player_is_busy (f->player))
    g_main_context_iteration (NULL, TRUE);
}

/* The exercise on show, solved right the first time. */
static void
solve (Fixture *f, const XqExercise *ex)
{
  if (xq_exercise_is (ex, "tap"))
    {
      XqAnswer a = answer_of (ex);

      for (int i = 0; i < a.n_points; i++)
        xq_test_press_point (f->board, a.points[i]);
      if (gtk_widget_get_visible (xq_lesson_player_get_button (f->player, "check")))
        xq_test_click (xq_lesson_player_get_button (f->player, "check"));
    }
  else if (xq_exercise_is (ex, "mate"))
    {
      g_autoptr(XqSolver) solver = xq_solver_new ();
      g_autofree XqSolution *sol = g_new0 (XqSolution, 1);
      const XqPosition *shown = xq_board_model_get_position (xq_lesson_board_get_model (f->board));

      g_assert_cmpint (answer_of (ex).count, ==, 1);
      g_assert_cmpint (xq_solver_solve (solver, shown, 1, sol), ==, XQ_SOLVE_MATE);
      play_move (f, sol->keys[0]);
    }
  else
    play_move (f, checked_move (ex, TRUE));
  g_assert_true (xq_lesson_player_is_solved (f->player));
  g_assert_cmpint (xq_lesson_player_get_stars (f->player), ==, 3);
}

static XqReview *
queue (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  XqReview *r = xq_review_load (f->store, "learner", NULL, &error);

  g_assert_no_error (error);
  return r;
}

static const char *
review_text (Fixture *f)
{
  /* The box holds an icon, then the label over its explanation, then the button. */
  GtkWidget *box = gtk_widget_get_parent (xq_learn_page_get_review_button (f->page));
  GtkWidget *label = gtk_widget_get_first_child (gtk_widget_get_next_sibling (gtk_widget_get_first_child (box)));

  g_assert_true (GTK_IS_LABEL (label));
  return gtk_label_get_text (GTK_LABEL (label));
}

static gboolean
review_shown (Fixture *f)
{
  GtkWidget *box = gtk_widget_get_parent (xq_learn_page_get_review_button (f->page));
  return gtk_widget_get_visible (box) && gtk_widget_get_mapped (box);
}

/* A slip in a unit puts the exercise in the queue; nothing shows until it
 * is due. */
static void
test_missed_enters (Fixture *f, gconstpointer data)
{
  g_autoptr(XqReview) r = NULL;
  const XqUnit *unit;
  const XqExercise *ex;
  const XqReviewItem *item;

  g_assert_cmpuint (xq_learn_page_get_n_due (f->page), ==, 0);
  g_assert_false (review_shown (f));
  xq_learn_page_open_unit (f->page, 0);
  unit = g_ptr_array_index (xq_learn_page_get_units (f->page), 0);
  xq_lesson_player_go_to (f->player, unit->pages->len);
  ex = xq_lesson_player_get_exercise (f->player);
  g_assert_cmpstr (ex->id, ==, "best");
  gtk_test_widget_wait_for_draw (GTK_WIDGET (f->player));
  play_move (f, checked_move (ex, FALSE));
  g_assert_false (xq_lesson_player_is_solved (f->player));
  xq_test_click (xq_lesson_player_get_button (f->player, "retry"));
  play_move (f, checked_move (ex, TRUE));
  g_assert_true (xq_lesson_player_is_solved (f->player));
  g_assert_cmpint (xq_lesson_player_get_stars (f->player), ==, 2);

  r = queue (f);
  item = xq_review_find (r, XQ_REVIEW_EXERCISE, "u-test", "best");
  g_assert_nonnull (item);
  g_assert_cmpint (item->box, ==, 1);
  g_assert_cmpstr (item->due, ==, "2026-12-02");
  g_clear_pointer (&r, xq_review_free);

  /* The tap exercise left after a wrong tap: a miss too. */
  xq_test_click (xq_lesson_player_get_button (f->player, "next"));
  ex = xq_lesson_player_get_exercise (f->player);
  g_assert_cmpstr (ex->id, ==, "tap");
  xq_test_press_point (f->board, xq_square_from_text ("a0"));
  xq_test_click (xq_lesson_player_get_button (f->player, "check"));
  g_assert_false (xq_lesson_player_is_solved (f->player));
  xq_test_click (xq_lesson_player_get_button (f->player, "units"));
  g_assert_false (xq_learn_page_is_playing (f->page));
  r = queue (f);
  g_assert_nonnull (xq_review_find (r, XQ_REVIEW_EXERCISE, "u-test", "tap"));
  g_assert_cmpint (xq_review_find (r, XQ_REVIEW_EXERCISE, "u-test", "tap")->misses, ==, 1);
  g_assert_cmpuint (xq_learn_page_get_n_due (f->page), ==, 0);
  g_assert_false (review_shown (f));
  g_clear_pointer (&r, xq_review_free);

  /* Opening the unit again does not tell the old attempt a second time. */
  xq_learn_page_open_unit (f->page, 0);
  r = queue (f);
  g_assert_cmpint (xq_review_find (r, XQ_REVIEW_EXERCISE, "u-test", "tap")->misses, ==, 1);
  g_assert_cmpint (xq_review_find (r, XQ_REVIEW_EXERCISE, "u-test", "best")->misses, ==, 1);
}

/* The next day: "3 to review", then a round of them played to the end. */
static void
test_round (Fixture *f, gconstpointer data)
{
  g_autoptr(GDateTime) d0 = day (0);
  g_autoptr(XqReview) r = NULL;
  g_autoptr(GError) error = NULL;
  guint mirrored = 0;

  g_assert_true (xq_review_record_in_dir (f->store, "learner", XQ_REVIEW_EXERCISE, "u-test", "best",
                                          XQ_REVIEW_MISSED, d0, NULL, &error));
  g_assert_true (xq_review_record_in_dir (f->store, "learner", XQ_REVIEW_EXERCISE, "u-test", "tap",
                                          XQ_REVIEW_MISSED, d0, NULL, &error));
  g_assert_true (xq_review_record_in_dir (f->store, "learner", XQ_REVIEW_PUZZLE, "p-test", "catch",
                                          XQ_REVIEW_MISSED, d0, NULL, &error));
  xq_learn_page_show_map (f->page);
  g_assert_false (review_shown (f));

  f->today = 1;
  xq_learn_page_show_map (f->page);
  gtk_test_widget_wait_for_draw (f->window);
  g_assert_cmpuint (xq_learn_page_get_n_due (f->page), ==, 3);
  g_assert_true (review_shown (f));
  g_assert_cmpstr (review_text (f), ==, "3 to review");

  xq_test_click (xq_learn_page_get_review_button (f->page));
  while (xq_learn_page_is_building_review (f->page))
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (xq_learn_page_is_reviewing (f->page));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (f->player));
  /* Three exercises and the summary card, no pages. */
  g_assert_cmpuint (xq_lesson_player_get_n_steps (f->player), ==, 4);
  for (guint step = 0; step < 3; step++)
    {
      const XqExercise *ex = xq_lesson_player_get_exercise (f->player);

      g_assert_nonnull (ex);
      g_assert_cmpuint (xq_lesson_player_get_step (f->player), ==, step);
      if (strstr (ex->prompt, "mirrored") != NULL)
        mirrored++;
      else
        g_assert_true (xq_exercise_is (ex, "tap"));
      solve (f, ex);
      xq_test_click (xq_lesson_player_get_button (f->player, "next"));
    }
  g_assert_cmpuint (mirrored, ==, 2);
  /* The summary card; its button goes back to the map. */
  g_assert_null (xq_lesson_player_get_exercise (f->player));
  xq_test_click (xq_lesson_player_get_button (f->player, "next"));
  g_assert_false (xq_learn_page_is_playing (f->page));
  g_assert_false (xq_learn_page_is_reviewing (f->page));

  /* Each clean solve moved its item to the 3-day box. */
  r = queue (f);
  g_assert_cmpuint (xq_review_get_n_items (r), ==, 3);
  g_assert_cmpint (xq_review_find (r, XQ_REVIEW_PUZZLE, "p-test", "catch")->box, ==, 2);
  g_assert_cmpint (xq_review_find (r, XQ_REVIEW_EXERCISE, "u-test", "best")->box, ==, 2);
  g_assert_cmpstr (xq_review_find (r, XQ_REVIEW_EXERCISE, "u-test", "tap")->due, ==, "2026-12-05");
  g_assert_cmpuint (xq_learn_page_get_n_due (f->page), ==, 0);
  g_assert_false (review_shown (f));
  /* The round saved no stars under its own unit. */
  g_assert_cmpint (xq_progress_get_stars (xq_learn_page_get_progress (f->page), XQ_REVIEW_ROUND_UNIT, "best"),
                   ==, 0);

  /* Four days on, all three are due again. */
  f->today = 4;
  xq_learn_page_show_map (f->page);
  g_assert_cmpuint (xq_learn_page_get_n_due (f->page), ==, 3);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  xq_test_gtk_init (&argc, &argv);
#define ADD(path, func) \
  g_test_add ("/ui/review/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("missed-enters", test_missed_enters);
  ADD ("round", test_round);
#undef ADD
  return g_test_run ();
}
