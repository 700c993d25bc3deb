/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The sounds the pages ask for, seen through XqSoundPlayer::played with no
 * audio at all (XQ_SOUNDS=silent, tests/meson.build): the Play page's
 * moves, captures, check, a won game and a refused move; the lesson
 * player's wrong try, refused move and solved exercise; the puzzle drill's
 * moves, wrong move and solve; Game Day's moves, captures and refusals;
 * and the Sounds switch in Preferences, off
 * meaning nothing is asked for. */
#define G_LOG_DOMAIN "test-sound-ui"

#include "config.h"

#include "xq-game-day-page.h"
#include "xq-lesson.h"
#include "xq-preferences-window.h"
#include "xq-puzzle-page.h"
#include "xq-sound-player.h"
#include "xq-window.h"
#include "xq-test-gtk.h"
#include "xq-test-lesson-board.h"
#include "xq-test-puzzle-pack.h"
#include "xq-test-squares.h"

/* What the player was asked to play, in order. */
typedef struct {
  GPtrArray *heard;
  gulong     handler;
} Ears;

static void
played_cb (XqSoundPlayer *player,
           const char    *name,
           GPtrArray     *heard)
{
  g_ptr_array_add (heard, g_strdup (name));
}

static void
ears_open (Ears *e)
{
  XqSoundPlayer *player = xq_sound_player_get_default ();

  /* The tests' environment: requests only, no stream ever opened. */
  g_assert_false (xq_sound_player_get_output (player));
  e->heard = g_ptr_array_new_with_free_func (g_free);
  e->handler = g_signal_connect (player, "played", G_CALLBACK (played_cb), e->heard);
}

static void
ears_close (Ears *e)
{
  g_clear_signal_handler (&e->handler, xq_sound_player_get_default ());
  g_clear_pointer (&e->heard, g_ptr_array_unref);
}

/* The sounds heard since the last call, joined by spaces ("" for none). */
static char *
heard (Ears *e)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < e->heard->len; i++)
    g_string_append_printf (out, "%s%s", i ? " " : "", (char *) g_ptr_array_index (e->heard, i));
  g_ptr_array_set_size (e->heard, 0);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

#define assert_heard(e, want) \
  G_STMT_START { g_autofree char *got_ = heard (e); g_assert_cmpstr (got_, ==, want); } G_STMT_END

/* A click on a point of the board, through the widget's own gesture
 * (GTK 4.8 cannot synthesise events). */
static void
click_point (XqBoardView *view,
             const char  *square)
{
  GtkEventController *click = xq_test_find_controller (GTK_WIDGET (view), GTK_TYPE_GESTURE_CLICK,
                                                       GTK_PHASE_BUBBLE);
  double x, y;

  g_assert_nonnull (click);
  xq_board_view_get_point (view, sq (square), &x, &y);
  g_signal_emit_by_name (click, "pressed", 1, x, y);
  g_signal_emit_by_name (click, "released", 1, x, y);
}

/* ---- The Play page ------------------------------------------------------------ */

typedef struct {
  XqWindow   *window;
  XqPlayPage *page;
  Ears        ears;
} WindowFixture;

static void
window_setup (WindowFixture *f,
              gconstpointer  data)
{
  f->window = xq_window_new (NULL);
  f->page = xq_window_get_play_page (f->window);
  xq_board_view_set_animate (xq_play_page_get_board_view (f->page), FALSE);
  /* On show, so its board has a size to click on. */
  xq_window_show_page (f->window, "play");
  gtk_window_present (GTK_WINDOW (f->window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (f->window));
  ears_open (&f->ears);
}

static void
window_teardown (WindowFixture *f,
                 gconstpointer  data)
{
  ears_close (&f->ears);
  gtk_window_destroy (GTK_WINDOW (f->window));
}

static void
test_play_page (WindowFixture *f,
                gconstpointer  data)
{
  XqBoardView *view = xq_play_page_get_board_view (f->page);

  g_assert_true (xq_play_page_play (f->page, mv ("h2e2"), NULL));
  g_assert_true (xq_play_page_play (f->page, mv ("h9g7"), NULL));
  assert_heard (&f->ears, "move move");
  /* The central cannon jumps its own soldier and takes e6: no check. */
  g_assert_true (xq_play_page_play (f->page, mv ("e2e6"), NULL));
  assert_heard (&f->ears, "capture");

  /* A move the board refuses (the chariot cannot turn a corner): the soft
   * tick, and nothing played. */
  g_assert_true (xq_play_page_play (f->page, mv ("c6c5"), NULL));
  assert_heard (&f->ears, "move");
  click_point (view, "a0");
  click_point (view, "b1");
  assert_heard (&f->ears, "refused");
  g_assert_nonnull (xq_play_page_get_refusal_text (f->page));

  /* Check that is not mate, then a mate: two players, so a person won. */
  g_assert_true (xq_play_page_load_fen (f->page, "3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1", NULL));
  g_assert_true (xq_play_page_play (f->page, mv ("i0i9"), NULL));
  assert_heard (&f->ears, "check");
  g_assert_true (xq_play_page_load_fen (f->page, "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1", NULL));
  g_assert_true (xq_play_page_play (f->page, mv ("b0b9"), NULL));
  g_assert_true (xq_game_is_over (xq_play_page_get_game (f->page)));
  assert_heard (&f->ears, "solved");

  /* Taking a move back and loading a position are silent. */
  g_assert_true (xq_play_page_undo (f->page));
  assert_heard (&f->ears, "");
}

/* The Sounds switch writes the preference; off, nothing is even asked for. */
static GtkWidget *
find_row_switch (GtkWidget  *widget,
                 const char *title)
{
  if (ADW_IS_ACTION_ROW (widget) &&
      g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0)
    return xq_test_find_descendant (widget, GTK_TYPE_SWITCH);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_row_switch (c, title);
      if (found)
        return found;
    }
  return NULL;
}

static void
test_preference (WindowFixture *f,
                 gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (XQ_SETTINGS_SCHEMA);
  XqSoundPlayer *player = xq_sound_player_get_default ();
  XqPreferencesWindow *prefs = xq_preferences_window_new (GTK_WINDOW (f->window));
  XqBoardView *view = xq_play_page_get_board_view (f->page);
  GtkWidget *sw;

  gtk_window_present (GTK_WINDOW (prefs));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (prefs));
  sw = find_row_switch (GTK_WIDGET (prefs), "Sounds");
  g_assert_nonnull (sw);
  /* On by default. */
  g_assert_true (g_settings_get_boolean (settings, "sounds"));
  g_assert_true (gtk_switch_get_active (GTK_SWITCH (sw)));
  g_assert_true (xq_sound_player_get_enabled (player));

  gtk_switch_set_active (GTK_SWITCH (sw), FALSE);
  g_assert_false (g_settings_get_boolean (settings, "sounds"));
  g_assert_false (xq_sound_player_get_enabled (player));
  g_assert_true (xq_play_page_play (f->page, mv ("h2e2"), NULL));
  g_assert_true (xq_play_page_play (f->page, mv ("h9g7"), NULL));
  g_assert_true (xq_play_page_play (f->page, mv ("e2e6"), NULL));
  click_point (view, "a9");
  click_point (view, "b8");
  g_assert_nonnull (xq_play_page_get_refusal_text (f->page));
  assert_heard (&f->ears, "");

  /* Back on: heard again, from the next move. */
  gtk_switch_set_active (GTK_SWITCH (sw), TRUE);
  g_assert_true (xq_sound_player_get_enabled (player));
  g_assert_true (xq_play_page_play (f->page, mv ("a9a8"), NULL));
  assert_heard (&f->ears, "move");

  g_settings_reset (settings, "sounds");
  gtk_window_destroy (GTK_WINDOW (prefs));
}

/* ---- The lesson player ---------------------------------------------------------- */

/* Take the black soldier with the chariot (e1e3); any other chariot move
 * is legal but wrong, and e1d2 is not a chariot move at all. */
static const char unit_json[] =
  "{ \"format\": 1, \"type\": \"unit\", \"id\": \"sounds\", \"number\": 1, \"title\": \"Sounds\",\n"
  "  \"pages\": [ { \"text\": \"A page\" } ],\n"
  "  \"exercises\": [\n"
  "    { \"id\": \"take\", \"kind\": \"move\", \"prompt\": \"Capture a piece.\",\n"
  "      \"fen\": \"5k3/9/9/9/9/9/4p4/9/4R4/3K5 w - - 0 1\", \"goal\": \"capture\" } ] }\n";

typedef struct {
  GtkWidget      *window;
  XqLessonPlayer *player;
  XqLessonBoard  *board;
  XqLessonFile   *file;
  Ears            ears;
} LessonFixture;

static void
lesson_setup (LessonFixture *f,
              gconstpointer  data)
{
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);

  f->file = xq_lesson_load_data (unit_json, -1, "sounds.json", problems);
  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_nonnull (f->file);
  f->player = XQ_LESSON_PLAYER (xq_lesson_player_new ());
  f->board = xq_test_quiet_board (f->player);
  /* The quiet board keeps refusals silent; this test listens for them. */
  xq_board_view_set_sounds (xq_lesson_board_get_view (f->board), TRUE);
  f->window = xq_test_present (GTK_WIDGET (f->player));
  xq_lesson_player_start (f->player, f->file->unit, NULL, NULL);
  xq_lesson_player_go_to (f->player, f->file->unit->pages->len);
  gtk_test_widget_wait_for_draw (f->window);
  g_assert_nonnull (xq_lesson_player_get_exercise (f->player));
  ears_open (&f->ears);
}

static void
lesson_teardown (LessonFixture *f,
                 gconstpointer  data)
{
  ears_close (&f->ears);
  gtk_window_destroy (GTK_WINDOW (f->window));
  xq_lesson_file_free (f->file);
}

static void
press_move (LessonFixture *f,
            const char    *move)
{
  XqMove m = mv (move);

  xq_test_press_point (f->board, xq_move_from (m));
  xq_test_press_point (f->board, xq_move_to (m));
}

static void
test_lesson (LessonFixture *f,
             gconstpointer  data)
{
  /* Legal, but takes nothing. */
  press_move (f, "e1a1");
  g_assert_false (xq_lesson_player_is_solved (f->player));
  assert_heard (&f->ears, "wrong");
  /* Not a chariot move: refused by the board, only the tick. */
  press_move (f, "e1d2");
  g_assert_cmpstr (xq_lesson_player_get_feedback (f->player), ==, "The chariot moves along a straight line.");
  g_assert_false (xq_lesson_player_is_solved (f->player));
  assert_heard (&f->ears, "refused");
  /* The capture solves it: the chime, not the knock. */
  press_move (f, "e1e3");
  g_assert_true (xq_lesson_player_is_solved (f->player));
  assert_heard (&f->ears, "solved");
}

/* ---- The puzzle drill ----------------------------------------------------------- */

typedef struct {
  GtkWidget    *window;
  XqPuzzlePage *page;
  char         *store_dir;
  char         *packs_dir;
  Ears          ears;
} PuzzleFixture;

static void
puzzle_setup (PuzzleFixture *f,
              gconstpointer  data)
{
  g_autofree char *pack = NULL;

  f->store_dir = g_dir_make_tmp ("xq-sound-store-XXXXXX", NULL);
  f->packs_dir = g_dir_make_tmp ("xq-sound-packs-XXXXXX", NULL);
  pack = g_build_filename (f->packs_dir, "test.json", NULL);
  g_assert_true (g_file_set_contents (pack, xq_test_pack_json, -1, NULL));
  f->page = XQ_PUZZLE_PAGE (xq_puzzle_page_new ());
  xq_puzzle_page_set_reply_delay (f->page, 0);
  xq_puzzle_page_load (f->page, f->packs_dir, f->store_dir);
  xq_board_view_set_animate (xq_lesson_board_get_view (xq_puzzle_page_get_board (f->page)), FALSE);
  f->window = xq_test_present (GTK_WIDGET (f->page));
  g_assert_cmpuint (xq_puzzle_page_get_n_packs (f->page), ==, 1);
  ears_open (&f->ears);
}

static void
puzzle_teardown (PuzzleFixture *f,
                 gconstpointer  data)
{
  ears_close (&f->ears);
  gtk_window_destroy (GTK_WINDOW (f->window));
  xq_test_remove_tree (f->store_dir);
  xq_test_remove_tree (f->packs_dir);
  g_free (f->store_dir);
  g_free (f->packs_dir);
}

static const XqPosition *
puzzle_shown (PuzzleFixture *f)
{
  return xq_board_model_get_position (xq_lesson_board_get_model (xq_puzzle_page_get_board (f->page)));
}

/* The learner's move as the board reports it; the checker's thread is
 * waited for. */
static void
puzzle_move (PuzzleFixture *f,
             XqMove         m)
{
  XqBoardView *view = xq_lesson_board_get_view (xq_puzzle_page_get_board (f->page));

  g_signal_emit_by_name (view, "move", (int) xq_move_from (m), (int) xq_move_to (m));
  while (xq_puzzle_page_is_checking (f->page))
    g_main_context_iteration (NULL, TRUE);
  xq_test_wait_idle ();
}

static void
test_puzzle (PuzzleFixture *f,
             gconstpointer  data)
{
  XqPosition pos;
  XqMove moves[XQ_MAX_MOVES], mate = XQ_MOVE_NONE;
  int n;

  /* Mate in 1, missed: the move knocks, then the two low notes, then the
   * refutation is played (a general's step: a knock). */
  xq_puzzle_page_open (f->page, 0, 0);
  puzzle_move (f, mv ("e1a1"));
  g_assert_false (xq_puzzle_page_is_solved (f->page));
  assert_heard (&f->ears, "move wrong move");

  /* Mate in 2: the quiet key knocks, the defence answers with its own
   * sound, and the mate chimes (only the chime: the game is over). */
  xq_puzzle_page_open (f->page, 0, 1);
  puzzle_move (f, mv ("c5c7"));
  g_assert_false (xq_puzzle_page_is_solved (f->page));
  {
    g_autofree char *got = heard (&f->ears);
    g_auto(GStrv) parts = g_strsplit (got, " ", -1);

    g_assert_cmpuint (g_strv_length (parts), ==, 2);
    g_assert_cmpstr (parts[0], ==, "move");
    g_assert_true (g_strv_contains ((const char *const[]) { "move", "capture", "check", NULL }, parts[1]));
  }
  pos = *puzzle_shown (f);
  n = xq_position_legal_moves (&pos, moves);
  for (int i = 0; i < n && mate == XQ_MOVE_NONE; i++)
    {
      XqPosition after = pos;
      XqUndo u;

      xq_position_do_move (&after, moves[i], &u);
      if (!xq_position_has_legal_move (&after))
        mate = moves[i];
    }
  g_assert_cmpint (mate, !=, XQ_MOVE_NONE);
  puzzle_move (f, mate);
  g_assert_true (xq_puzzle_page_is_solved (f->page));
  assert_heard (&f->ears, "solved");
}

/* ---- Game Day --------------------------------------------------------------------- */

static void
test_game_day (void)
{
  XqGameDayPage *page = g_object_new (XQ_TYPE_GAME_DAY_PAGE, NULL);
  XqVariantPlay *play = xq_game_day_page_get_play (page);
  GtkWidget *window = xq_test_present (GTK_WIDGET (page));
  XqVariantOptions opts;
  g_autoptr(GError) error = NULL;
  Ears ears;

  ears_open (&ears);
  /* 揭棋 for two players: the face-down pieces move as the piece whose
   * point they stand on, and turn over when they first move. */
  xq_variant_options_init (&opts, XQ_VARIANT_JIEQI);
  xq_variant_play_start (play, &opts, 0, 11);
  assert_heard (&ears, "");
  g_assert_true (xq_variant_play_play_text (play, "h2e2", NULL));
  g_assert_true (xq_variant_play_play_text (play, "h7e7", NULL));
  assert_heard (&ears, "move move");
  /* Not a move the piece on a0 has: refused, with the tick. */
  g_assert_false (xq_variant_play_play_text (play, "a0b1", &error));
  g_assert_nonnull (error);
  assert_heard (&ears, "refused");
  g_assert_true (xq_variant_play_play_text (play, "b0c2", NULL));
  g_assert_true (xq_variant_play_play_text (play, "b9c7", NULL));
  assert_heard (&ears, "move move");
  /* Takes the soldier on e6 and, in this seeded game, gives check as
   * well: check is what is heard, as the rules say. */
  g_assert_true (xq_variant_play_play_text (play, "e2e6", NULL));
  g_assert_true (xq_variant_side_in_check (xq_variant_game_get_state (xq_variant_play_get_game (play)), &opts));
  assert_heard (&ears, "check");
  ears_close (&ears);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_setenv ("GSETTINGS_SCHEMA_DIR", XQ_BUILD_SCHEMADIR, FALSE);
  xq_test_gtk_init (&argc, &argv);

  g_test_add ("/ui/sound/play-page", WindowFixture, NULL, window_setup, test_play_page, window_teardown);
  g_test_add ("/ui/sound/preference", WindowFixture, NULL, window_setup, test_preference, window_teardown);
  g_test_add ("/ui/sound/lesson", LessonFixture, NULL, lesson_setup, test_lesson, lesson_teardown);
  g_test_add ("/ui/sound/puzzle", PuzzleFixture, NULL, puzzle_setup, test_puzzle, puzzle_teardown);
  g_test_add_func ("/ui/sound/game-day", test_game_day);
  return g_test_run ();
}
