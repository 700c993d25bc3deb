/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Under Xvfb: the projector following the class — an exercise picked
 * from a unit of lessons, stepped with Next; a learner followed, the board
 * moving on when their progress file changes; the board at least 70% of
 * the window's height at 1920×1080. */
#define G_LOG_DOMAIN "test-class-projector"

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "xq-class.h"
#include "xq-kind.h"
#include "xq-projector-window.h"
#include "xq-test-gtk.h"

typedef struct {
  XqProjectorWindow *projector;
  XqProgressStore   *store;
  char              *own;       /* an empty units folder: the curriculum alone */
  GPtrArray         *units;     /* XqUnit*: the curriculum, as the projector reads it */
} Fixture;

static void
settle (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static void
wait_loaded (Fixture *f)
{
  for (int i = 0; i < 3000 && xq_projector_window_is_loading_class (f->projector); i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  g_assert_false (xq_projector_window_is_loading_class (f->projector));
  settle ();
}

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);

  f->store = xq_progress_store_new (NULL);
  xq_test_remove_tree (xq_progress_store_get_dir (f->store));
  g_assert_cmpint (g_mkdir_with_parents (xq_progress_store_get_dir (f->store), 0700), ==, 0);
  f->own = g_build_filename (g_get_user_data_dir (), "no-own-units", NULL);
  f->units = xq_class_lesson_units_load (NULL, f->own, NULL, problems);
  g_assert_cmpuint (f->units->len, >=, 3);
  f->projector = xq_projector_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (f->projector), 1920, 1080);
  gtk_window_present (GTK_WINDOW (f->projector));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (f->projector));
  xq_projector_window_follow_class (f->projector, NULL, NULL, f->own);
  wait_loaded (f);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->projector));
  xq_progress_store_free (f->store);
  g_ptr_array_unref (f->units);
  g_free (f->own);
}

static const XqUnit *
unit_by_id (Fixture *f, const char *id)
{
  for (guint u = 0; u < f->units->len; u++)
    if (strcmp (((XqUnit *) g_ptr_array_index (f->units, u))->id, id) == 0)
      return g_ptr_array_index (f->units, u);
  g_assert_not_reached ();
}

static void
assert_shows (Fixture *f, const char *unit_id, guint index)
{
  const XqUnit *unit = unit_by_id (f, unit_id);
  XqLessonMarks marks;
  const XqPosition *picture = xq_exercise_picture (g_ptr_array_index (unit->exercises, index), &marks);

  g_assert_cmpstr (xq_projector_window_get_unit_id (f->projector), ==, unit_id);
  g_assert_cmpint (xq_projector_window_get_index (f->projector), ==, (int) index);
  g_assert_cmpuint (xq_projector_window_get_n_exercises (f->projector), ==, unit->exercises->len);
  g_assert_true (memcmp (xq_projector_window_get_position (f->projector)->board, picture->board,
                         sizeof picture->board) == 0);
}

/* XQ_TEST_HOLD=SECONDS keeps the window up, for a screenshot. */
static void
hold (void)
{
  gint64 end;

  if (g_getenv ("XQ_TEST_HOLD") == NULL)
    return;
  end = g_get_monotonic_time () + G_USEC_PER_SEC * g_ascii_strtoll (g_getenv ("XQ_TEST_HOLD"), NULL, 10);
  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

/* The teacher picks an exercise of a unit; Next steps through that unit;
 * the exercise editor's position does not take the board meanwhile. */
static void
test_unit (Fixture *f, gconstpointer data)
{
  XqPosition start;

  g_assert_true (xq_projector_window_is_following (f->projector));
  g_assert_true (xq_projector_window_follow_unit (f->projector, "capturing", 2));
  assert_shows (f, "capturing", 2);
  xq_projector_window_next (f->projector);
  assert_shows (f, "capturing", 3);
  xq_position_init_start (&start);
  xq_projector_window_set_position (f->projector, &start, "From the editor");
  assert_shows (f, "capturing", 3);
  g_assert_false (xq_projector_window_follow_unit (f->projector, "no-such-unit", 0));
  g_assert_false (xq_projector_window_follow_unit (f->projector, "capturing", 999));
  /* Not following any more: the editor's position shows again. */
  xq_projector_window_stop_following (f->projector);
  xq_projector_window_set_position (f->projector, &start, "From the editor");
  g_assert_cmpint (xq_projector_window_get_index (f->projector), ==, -1);
  g_assert_null (xq_projector_window_get_unit_id (f->projector));
}

static void
record (Fixture *f, XqProgress *p, const XqUnit *unit, guint from, guint to, const char *date)
{
  g_autoptr(GError) error = NULL;

  for (guint e = from; e < to; e++)
    g_assert_true (xq_progress_record_result (p, unit->id, ((XqExercise *) g_ptr_array_index (unit->exercises, e))->id,
                                              3, 0, date));
  g_assert_true (xq_progress_store_save (f->store, p, &error));
  g_assert_no_error (error);
}

/* A learner followed: the board shows the exercise they are on and moves
 * on by itself when their progress file says they did it. */
static void
test_learner (Fixture *f, gconstpointer data)
{
  g_autoptr(XqProgress) mei = xq_progress_new ("mei", "Mei");
  const XqUnit *board = unit_by_id (f, "board");

  record (f, mei, board, 0, 3, "2026-11-02");
  xq_projector_window_follow_class (f->projector, NULL, NULL, f->own);
  g_assert_true (xq_projector_window_follow_learner (f->projector, "mei"));
  g_test_message ("%s", xq_projector_window_get_learner_text (f->projector));
  assert_shows (f, "board", 3);
  g_assert_nonnull (strstr (xq_projector_window_get_learner_text (f->projector), "Mei is on"));
  g_assert_nonnull (strstr (xq_projector_window_get_learner_text (f->projector), "exercise 4 of"));

  /* Mei does exercise 4 (on this computer or another, the file changes). */
  record (f, mei, board, 3, 4, "2026-11-03");
  for (int i = 0; i < 2500 && xq_projector_window_get_index (f->projector) != 4; i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  assert_shows (f, "board", 4);

  /* The whole unit done: on to the next unit's first exercise. */
  record (f, mei, board, 4, board->exercises->len, "2026-11-04");
  for (int i = 0; i < 2500 && g_strcmp0 (xq_projector_window_get_unit_id (f->projector), "board") == 0; i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  assert_shows (f, ((XqUnit *) g_ptr_array_index (f->units, 1))->id, 0);
  hold ();
}

/* The board's height: the rows of points the board answers to, from the
 * top edge of its top rank to the bottom edge of its bottom rank. */
static double
board_height (Fixture *f)
{
  XqEditorBoard *board = xq_projector_window_get_board (f->projector);
  int w = gtk_widget_get_width (GTK_WIDGET (board)), h = gtk_widget_get_height (GTK_WIDGET (board));
  int top = -1, bottom = -1;

  for (int y = 0; y < h; y++)
    if (xq_editor_board_pick (board, w / 2.0, y) != XQ_NO_SQUARE)
      {
        if (top < 0)
          top = y;
        bottom = y;
      }
  g_assert_cmpint (top, >=, 0);
  return bottom - top + 1;
}

/* At 1920×1080, following the class with the panel open, every exercise of
 * the first units (long prompts among them) leaves the board at least 70%
 * of the window's height. */
static void
test_geometry (Fixture *f, gconstpointer data)
{
  int win_h = gtk_widget_get_height (GTK_WIDGET (f->projector));
  double least = 1;

  g_test_message ("window %d×%d", gtk_widget_get_width (GTK_WIDGET (f->projector)), win_h);
  g_assert_cmpint (win_h, >=, 1000);
  for (guint u = 0; u < 4; u++)
    {
      const XqUnit *unit = g_ptr_array_index (f->units, u);

      for (guint e = 0; e < unit->exercises->len; e++)
        {
          double ratio;

          g_assert_true (xq_projector_window_follow_unit (f->projector, unit->id, e));
          gtk_test_widget_wait_for_draw (GTK_WIDGET (f->projector));
          settle ();
          ratio = board_height (f) / win_h;
          if (ratio < least)
            least = ratio;
          if (ratio < 0.70 && g_getenv ("XQ_TEST_HOLD") == NULL)
            g_error ("%s exercise %u: the board is %.0f%% of the window's height", unit->id, e + 1, ratio * 100);
        }
    }
  g_test_message ("the board: at least %.1f%% of the window's height", least * 100);
  hold ();
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  xq_test_gtk_init (&argc, &argv);

#define ADD(path, func) g_test_add ("/class-projector/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("unit", test_unit);
  ADD ("learner", test_learner);
  ADD ("geometry", test_geometry);
#undef ADD
  return g_test_run ();
}
