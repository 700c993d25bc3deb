/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The replay bar (XqReplayBar) under Xvfb, once per interface language:
 * step forward and back, to the start and the end, Play to the end, the
 * moves in the learner's notation, the referee's sentence after the last
 * move (or the question first), the 60-move counter.
 *
 * With XQ_TEST_SHOTS=DIR set it also writes what it showed there as PNG
 * files, for a person to look at. */
#define G_LOG_DOMAIN "test-replay-ui"

#include "config.h"

#include <string.h>

#include "xq-answer-text.h"
#include "xq-lesson-board.h"
#include "xq-replay-bar.h"
#include "xq-test-gtk.h"
#include "xq-test-lesson-board.h"

typedef struct {
  GtkWidget     *window;
  XqLessonBoard *board;
  XqReplayBar   *bar;
} Fixture;

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *side = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);

  f->board = g_object_new (XQ_TYPE_LESSON_BOARD, NULL);
  f->bar = XQ_REPLAY_BAR (xq_replay_bar_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (f->board), TRUE);
  gtk_widget_set_size_request (side, 340, -1);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (f->board));
  gtk_box_append (GTK_BOX (side), GTK_WIDGET (f->bar));
  gtk_box_append (GTK_BOX (box), side);
  xq_replay_bar_set_board (f->bar, f->board);
  xq_replay_bar_set_delay (f->bar, 1);
  f->window = xq_test_present (box);
  gtk_test_widget_wait_for_draw (f->window);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
}

/* The window as PNG in $XQ_TEST_SHOTS, named after the language. */
static void
shoot (Fixture *f, const char *name)
{
  const char *dir = g_getenv ("XQ_TEST_SHOTS");
  const char *lang = g_getenv ("LANGUAGE");
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *file = NULL;
  int w, h;

  if (dir == NULL)
    return;
  gtk_test_widget_wait_for_draw (f->window);
  w = gtk_widget_get_width (f->window);
  h = gtk_widget_get_height (f->window);
  paintable = gtk_widget_paintable_new (f->window);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (f->window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, w, h));
  file = g_strdup_printf ("%s/%s-%s.png", dir, name, lang && *lang ? lang : "en");
  g_assert_true (gdk_texture_save_to_png (texture, file));
}

static XqGame *
game_of (const char *fen, const char *moves)
{
  g_auto(GStrv) list = g_strsplit (moves, " ", -1);
  XqPosition start;
  XqGame *game;

  g_assert_true (xq_position_set_fen (&start, fen, NULL));
  game = xq_game_new (&start);
  for (guint i = 0; list[i] != NULL; i++)
    g_assert_true (xq_game_play_iccs (game, list[i], NULL));
  return game;
}

static guint64
board_key (Fixture *f)
{
  return xq_board_model_get_position (xq_lesson_board_get_model (f->board))->key;
}

#define CHECK_FEN "3k5/9/9/9/3r5/9/9/9/9/R3K4 w - - 0 1"
#define PERPETUAL "a0a9 d9d8 a9a8 d8d9 a8a9 d9d8 a9a8 d8d9 a8a9"

static void
test_steps (Fixture *f, gconstpointer data)
{
  g_autoptr(XqGame) game = game_of (CHECK_FEN, PERPETUAL);
  XqResult result = xq_game_get_result (game);
  g_autofree char *verdict = xq_result_explain (&result);
  XqPosition start = *xq_game_get_start (game);
  g_autofree char *first = xq_notation_format (&start, xq_game_get_move (game, 1), xq_answer_default_notation ());

  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (f->bar)));
  xq_replay_bar_show (f->bar, game, NULL, TRUE);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->bar)));
  g_assert_cmpint (xq_replay_bar_get_ply (f->bar), ==, 0);
  g_assert_cmpint (xq_replay_bar_get_n_plies (f->bar), ==, 9);
  g_assert_true (board_key (f) == start.key);
  g_assert_cmpstr (xq_replay_bar_get_verdict (f->bar), ==, "");
  /* The moves in the learner's notation, numbered. */
  g_assert_true (g_str_has_prefix (xq_replay_bar_get_moves (f->bar), "1. "));
  g_assert_nonnull (strstr (xq_replay_bar_get_moves (f->bar), first));
  g_assert_false (gtk_widget_is_sensitive (xq_replay_bar_get_button (f->bar, "back")));
  shoot (f, "replay-start");

  /* Forward, forward, back: the board follows every step. */
  xq_test_click (xq_replay_bar_get_button (f->bar, "forward"));
  xq_test_click (xq_replay_bar_get_button (f->bar, "forward"));
  g_assert_cmpint (xq_replay_bar_get_ply (f->bar), ==, 2);
  /* The move just played, in the learner's notation. */
  {
    XqPosition before = *xq_game_get_position_at (game, 1);
    g_autofree char *second = xq_notation_format (&before, xq_game_get_move (game, 2), xq_answer_default_notation ());
    g_assert_true (g_str_has_suffix (xq_replay_bar_get_status (f->bar), second));
  }
  g_assert_true (board_key (f) == xq_game_get_position_at (game, 2)->key);
  g_assert_true (xq_board_model_get_last_move (xq_lesson_board_get_model (f->board)) == xq_game_get_move (game, 2));
  xq_test_click (xq_replay_bar_get_button (f->bar, "back"));
  g_assert_cmpint (xq_replay_bar_get_ply (f->bar), ==, 1);
  g_assert_true (board_key (f) == xq_game_get_position_at (game, 1)->key);
  g_assert_cmpstr (xq_replay_bar_get_verdict (f->bar), ==, "");

  /* The end: the referee's sentence, the one the Play page shows. */
  xq_test_click (xq_replay_bar_get_button (f->bar, "end"));
  g_assert_cmpint (xq_replay_bar_get_ply (f->bar), ==, 9);
  g_assert_true (board_key (f) == xq_game_get_position (game)->key);
  g_assert_cmpstr (xq_replay_bar_get_verdict (f->bar), ==, verdict);
  g_assert_false (gtk_widget_is_sensitive (xq_replay_bar_get_button (f->bar, "forward")));
  shoot (f, "replay-end");

  /* To the start, then Play runs to the end by itself; Play again starts over. */
  xq_test_click (xq_replay_bar_get_button (f->bar, "start"));
  g_assert_cmpint (xq_replay_bar_get_ply (f->bar), ==, 0);
  g_assert_cmpstr (xq_replay_bar_get_verdict (f->bar), ==, "");
  xq_test_click (xq_replay_bar_get_button (f->bar, "play"));
  /* (It may be at the end already: a move every millisecond.) */
  while (xq_replay_bar_is_playing (f->bar))
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (xq_replay_bar_get_ply (f->bar), ==, 9);
  g_assert_cmpstr (xq_replay_bar_get_verdict (f->bar), ==, verdict);
  /* Slowly this time, so the first board can be seen. */
  xq_replay_bar_set_delay (f->bar, 60000);
  xq_test_click (xq_replay_bar_get_button (f->bar, "play"));
  g_assert_true (xq_replay_bar_is_playing (f->bar));
  g_assert_cmpint (xq_replay_bar_get_ply (f->bar), ==, 0);
  /* A second press pauses. */
  xq_test_click (xq_replay_bar_get_button (f->bar, "play"));
  g_assert_false (xq_replay_bar_is_playing (f->bar));

  xq_replay_bar_show (f->bar, NULL, NULL, FALSE);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (f->bar)));
}

/* Before a question the end says only that the game is over; the answer
 * reveals the sentence. */
static void
test_question_first (Fixture *f, gconstpointer data)
{
  g_autoptr(XqGame) game = game_of (CHECK_FEN, "a0a9 d9d8 a9a0 d8d9 a0a9 d9d8 a9a0 d8d9");
  XqResult result = xq_game_get_result (game);
  g_autofree char *verdict = xq_result_explain (&result);

  g_assert_cmpint (result.reason, ==, XQ_REASON_REPETITION);
  xq_replay_bar_show (f->bar, game, NULL, FALSE);
  xq_replay_bar_go_to (f->bar, G_MAXINT);
  g_assert_cmpstr (xq_replay_bar_get_verdict (f->bar), ==, "");
  shoot (f, "replay-question");
  /* The status says the game is over (more than "Move 8 of 8: …"). */
  {
    g_autofree char *before = g_strdup (xq_replay_bar_get_status (f->bar));
    xq_replay_bar_reveal (f->bar);
    g_assert_cmpuint (strlen (before), >, strlen (xq_replay_bar_get_status (f->bar)));
    g_assert_true (g_str_has_prefix (before, xq_replay_bar_get_status (f->bar)));
  }
  g_assert_cmpstr (xq_replay_bar_get_verdict (f->bar), ==, verdict);
  shoot (f, "replay-revealed");
}

/* The 60-move story starts late and counts up to the limit. */
static void
test_counter (Fixture *f, gconstpointer data)
{
  g_autoptr(XqGame) game = game_of ("3k5/9/9/9/7r1/9/9/9/9/R3K4 w - - 110 1",
                                    "a0a1 h5h6 a1a2 h6h7 a2a3 h7h8 a3a4 h8h7 a4a5 h7h6");
  XqResult result = xq_game_get_result (game);

  g_assert_cmpint (result.reason, ==, XQ_REASON_MOVE_LIMIT);
  xq_replay_bar_show (f->bar, game, NULL, TRUE);
  g_assert_nonnull (strstr (xq_replay_bar_get_counter (f->bar), "55"));
  xq_test_click (xq_replay_bar_get_button (f->bar, "end"));
  g_assert_nonnull (strstr (xq_replay_bar_get_counter (f->bar), "60"));
  shoot (f, "replay-sixty");

  /* A story that is not about the count shows none. */
  {
    g_autoptr(XqGame) other = game_of (CHECK_FEN, PERPETUAL);
    xq_replay_bar_show (f->bar, other, NULL, TRUE);
    g_assert_cmpstr (xq_replay_bar_get_counter (f->bar), ==, "");
  }
}

int
main (int argc, char **argv)
{
  xq_test_gtk_init_app (&argc, &argv, XQ_BUILD_SCHEMADIR, XQ_BUILD_ROOT "/po");

#define ADD(path, func) \
  g_test_add ("/ui/replay/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("steps", test_steps);
  ADD ("question-first", test_question_first);
  ADD ("counter", test_counter);
#undef ADD
  return g_test_run ();
}
