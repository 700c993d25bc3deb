/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-ui"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <locale.h>

#include "xq-board-paint.h"
#include "xq-board-settings.h"
#include "xq-board-view.h"
#include "xq-editor-board.h"
#include "xq-exercise-editor.h"
#include "xq-game-day-page.h"
#include "xq-learn-page.h"
#include "xq-lesson-board.h"
#include "xq-lesson-player.h"
#include "xq-loading-view.h"
#include "xq-play-page.h"
#include "xq-position-editor.h"
#include "xq-preferences-window.h"
#include "xq-projector-window.h"
#include "xq-puzzle-page.h"
#include "xq-teach-page.h"
#include "xq-thinker.h"
#include "xq-tooltip.h"
#include "xq-variant-board.h"
#include "xq-variant-play.h"
#include "xq-window.h"
#include "xq-test-gtk.h"

/* ---- Helpers --------------------------------------------------------------- */

typedef struct {
  GtkWidget    *window;
  XqBoardView  *view;
  XqBoardModel *model;
  GArray       *moves;   /* XqMove emitted by ::move */
} BoardFixture;

static void
record_move_cb (XqBoardView *view,
                int          from,
                int          to,
                GArray      *moves)
{
  XqMove m = xq_move_make (from, to);
  g_array_append_val (moves, m);
}

static void
board_setup (BoardFixture  *f,
             gconstpointer  data)
{
  f->window = gtk_window_new ();
  f->view = XQ_BOARD_VIEW (xq_board_view_new ());
  f->model = xq_board_model_new ();
  f->moves = g_array_new (FALSE, FALSE, sizeof (XqMove));
  xq_board_view_set_model (f->view, f->model);
  xq_board_view_set_animate (f->view, FALSE);
  g_signal_connect (f->view, "move", G_CALLBACK (record_move_cb), f->moves);
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->view));
  gtk_window_set_default_size (GTK_WINDOW (f->window), 450, 500);
  gtk_window_present (GTK_WINDOW (f->window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (f->view));
}

static void
board_teardown (BoardFixture  *f,
                gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_array_unref (f->moves);
  g_assert_finalize_object (f->model);
}

static GtkEventController *
find_controller (GtkWidget *widget,
                 GType      type)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) c = g_list_model_get_item (controllers, i);
      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type))
        return GTK_EVENT_CONTROLLER (c);  /* the widget keeps it alive */
    }
  g_assert_not_reached ();
}

/* GTK 4.8 cannot synthesise input events; emitting the gesture signals runs
 * the widget's own handlers (docs/building.md, trap 12). */
static void
click_square (BoardFixture *f,
              const char   *square)
{
  GtkEventController *click = find_controller (GTK_WIDGET (f->view), GTK_TYPE_GESTURE_CLICK);
  double x, y;

  xq_board_view_get_point (f->view, xq_square_from_text (square), &x, &y);
  g_signal_emit_by_name (click, "pressed", 1, x, y);
  g_signal_emit_by_name (click, "released", 1, x, y);
}

static void
drag_square (BoardFixture *f,
             const char   *from,
             const char   *to)
{
  GtkEventController *click = find_controller (GTK_WIDGET (f->view), GTK_TYPE_GESTURE_CLICK);
  GtkEventController *drag = find_controller (GTK_WIDGET (f->view), GTK_TYPE_GESTURE_DRAG);
  double x0, y0, x1, y1;

  xq_board_view_get_point (f->view, xq_square_from_text (from), &x0, &y0);
  xq_board_view_get_point (f->view, xq_square_from_text (to), &x1, &y1);
  /* A real press starts both gestures; moving past the threshold then
   * cancels the click, so no "released" follows. */
  g_signal_emit_by_name (click, "pressed", 1, x0, y0);
  g_signal_emit_by_name (drag, "drag-begin", x0, y0);
  g_signal_emit_by_name (drag, "drag-update", (x1 - x0) / 2, (y1 - y0) / 2);
  g_signal_emit_by_name (drag, "drag-update", x1 - x0, y1 - y0);
  g_signal_emit_by_name (drag, "drag-end", x1 - x0, y1 - y0);
}

/* A key binding that must run its action. */
#define press_key(widget, keyval) g_assert_true (xq_test_press_key ((widget), (keyval)))

static XqMove
iccs (const char *text)
{
  return xq_move_from_iccs (text);
}

/* ---- Board view ------------------------------------------------------------ */

/* Every point's centre picks that point, flipped or not, and the margin
 * picks nothing: the one transform works both ways. */
static void
test_board_pick (BoardFixture  *f,
                 gconstpointer  data)
{
  for (int flipped = 0; flipped < 2; flipped++)
    {
      xq_board_model_set_flipped (f->model, flipped);
      for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
        {
          double x, y;

          xq_board_view_get_point (f->view, sq, &x, &y);
          g_assert_cmpint (xq_board_view_pick (f->view, x, y), ==, sq);
          g_assert_cmpint (xq_board_view_pick (f->view, x + 3, y - 3), ==, sq);
        }
    }
  g_assert_cmpint (xq_board_view_pick (f->view, 1, 1), ==, XQ_NO_SQUARE);
  g_assert_cmpint (xq_board_view_pick (f->view, -50, 100), ==, XQ_NO_SQUARE);

  /* Flipped, Red's a0 rook is at the top right. */
  {
    double x, y;
    xq_board_view_get_point (f->view, xq_square_from_text ("a0"), &x, &y);
    g_assert_cmpfloat (x, >, gtk_widget_get_width (GTK_WIDGET (f->view)) / 2.0);
    g_assert_cmpfloat (y, <, gtk_widget_get_height (GTK_WIDGET (f->view)) / 2.0);
  }
}

static void
test_board_click_click (BoardFixture  *f,
                        gconstpointer  data)
{
  click_square (f, "h2");
  g_assert_cmpint (xq_board_model_get_selected (f->model), ==, xq_square_from_text ("h2"));
  g_assert_cmpuint (f->moves->len, ==, 0);
  click_square (f, "e2");
  g_assert_cmpuint (f->moves->len, ==, 1);
  g_assert_cmpuint (g_array_index (f->moves, XqMove, 0), ==, iccs ("h2e2"));
}

static void
test_board_click_illegal (BoardFixture  *f,
                          gconstpointer  data)
{
  /* A cannon cannot step diagonally: refused, and the piece goes back. */
  click_square (f, "h2");
  click_square (f, "g4");
  g_assert_cmpuint (f->moves->len, ==, 0);
  g_assert_cmpint (xq_board_model_get_selected (f->model), ==, XQ_NO_SQUARE);

  /* Black's pieces cannot be picked up while Red is to move. */
  click_square (f, "h7");
  g_assert_cmpint (xq_board_model_get_selected (f->model), ==, XQ_NO_SQUARE);

  /* Clicking the picked piece again puts it down. */
  click_square (f, "b0");
  g_assert_cmpint (xq_board_model_get_selected (f->model), ==, xq_square_from_text ("b0"));
  click_square (f, "b0");
  g_assert_cmpint (xq_board_model_get_selected (f->model), ==, XQ_NO_SQUARE);

  /* Nothing moves once the game is over. */
  xq_board_model_set_interactive (f->model, FALSE);
  click_square (f, "h2");
  click_square (f, "e2");
  g_assert_cmpuint (f->moves->len, ==, 0);
}

static void
test_board_drag (BoardFixture  *f,
                 gconstpointer  data)
{
  drag_square (f, "b0", "c2");
  g_assert_cmpuint (f->moves->len, ==, 1);
  g_assert_cmpuint (g_array_index (f->moves, XqMove, 0), ==, iccs ("b0c2"));

  /* A horse cannot go straight ahead: dropped back, no move. */
  drag_square (f, "h0", "h2");
  g_assert_cmpuint (f->moves->len, ==, 1);
  g_assert_cmpint (xq_board_model_get_selected (f->model), ==, XQ_NO_SQUARE);

  /* Dragging an opponent's piece starts nothing. */
  drag_square (f, "b9", "c7");
  g_assert_cmpuint (f->moves->len, ==, 1);
}

static void
test_board_keyboard (BoardFixture  *f,
                     gconstpointer  data)
{
  GtkWidget *w = GTK_WIDGET (f->view);
  g_autofree char *label = NULL;

  xq_board_view_set_cursor (f->view, xq_square_from_text ("e0"));
  for (int i = 0; i < 3; i++)
    press_key (w, GDK_KEY_Right);
  press_key (w, GDK_KEY_Up);
  press_key (w, GDK_KEY_Up);
  g_assert_cmpint (xq_board_view_get_cursor (f->view), ==, xq_square_from_text ("h2"));
  press_key (w, GDK_KEY_Return);
  g_assert_cmpint (xq_board_model_get_selected (f->model), ==, xq_square_from_text ("h2"));
  for (int i = 0; i < 3; i++)
    press_key (w, GDK_KEY_Left);
  press_key (w, GDK_KEY_space);
  g_assert_cmpuint (f->moves->len, ==, 1);
  g_assert_cmpuint (g_array_index (f->moves, XqMove, 0), ==, iccs ("h2e2"));

  /* The cursor stops at the edge. */
  for (int i = 0; i < 12; i++)
    press_key (w, GDK_KEY_Down);
  g_assert_cmpint (xq_sq_rank (xq_board_view_get_cursor (f->view)), ==, 0);

  /* Escape puts a picked piece back. */
  xq_board_view_set_cursor (f->view, xq_square_from_text ("b0"));
  press_key (w, GDK_KEY_Return);
  g_assert_cmpint (xq_board_model_get_selected (f->model), ==, xq_square_from_text ("b0"));
  press_key (w, GDK_KEY_Escape);
  g_assert_cmpint (xq_board_model_get_selected (f->model), ==, XQ_NO_SQUARE);

  /* Flipped, "up" goes towards Red. */
  xq_board_model_set_flipped (f->model, TRUE);
  xq_board_view_set_cursor (f->view, xq_square_from_text ("e5"));
  press_key (w, GDK_KEY_Up);
  press_key (w, GDK_KEY_Right);
  g_assert_cmpint (xq_board_view_get_cursor (f->view), ==, xq_square_from_text ("d4"));
}

/* The widget's pixels: its snapshot, rendered by the window's own renderer. */
static GBytes *
render_pixels (BoardFixture *f)
{
  GtkWidget *w = GTK_WIDGET (f->view);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  int width = gtk_widget_get_width (w), height = gtk_widget_get_height (w);
  guchar *data = g_malloc ((gsize) width * height * 4);

  GTK_WIDGET_GET_CLASS (w)->snapshot (w, snapshot);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (f->window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  gdk_texture_download (texture, data, (gsize) width * 4);
  return g_bytes_new_take (data, (gsize) width * height * 4);
}

static guint32
pixel_at (GBytes *pixels,
          int     width,
          double  x,
          double  y)
{
  const guint32 *p = g_bytes_get_data (pixels, NULL);
  return p[(int) y * width + (int) x];
}

/* Picking a piece up changes the picture (highlight and legal-move dots),
 * putting it down restores it exactly; a dragged piece leaves its point. */
static void
test_board_draw (BoardFixture  *f,
                 gconstpointer  data)
{
  int width = gtk_widget_get_width (GTK_WIDGET (f->view));
  g_autoptr(GBytes) start = render_pixels (f);
  g_autoptr(GBytes) picked = NULL;
  g_autoptr(GBytes) again = NULL;
  g_autoptr(GBytes) moved = NULL;
  double hx, hy, ex, ey;

  xq_board_model_select (f->model, xq_square_from_text ("h2"));
  picked = render_pixels (f);
  g_assert_false (g_bytes_equal (start, picked));
  /* An empty target point gets a dot. */
  xq_board_view_get_point (f->view, xq_square_from_text ("h5"), &hx, &hy);
  g_assert_cmphex (pixel_at (start, width, hx, hy), !=, pixel_at (picked, width, hx, hy));

  xq_board_model_select (f->model, XQ_NO_SQUARE);
  again = render_pixels (f);
  g_assert_true (g_bytes_equal (start, again));

  /* After the move h2e2 is shown, h2 is empty and e2 holds a piece. */
  {
    XqPosition pos;
    XqUndo undo;

    xq_position_init_start (&pos);
    xq_position_do_move (&pos, iccs ("h2e2"), &undo);
    xq_board_model_set_position (f->model, &pos, iccs ("h2e2"));
  }
  moved = render_pixels (f);
  xq_board_view_get_point (f->view, xq_square_from_text ("h2"), &hx, &hy);
  xq_board_view_get_point (f->view, xq_square_from_text ("e2"), &ex, &ey);
  g_assert_cmphex (pixel_at (start, width, hx, hy), !=, pixel_at (moved, width, hx, hy));
  g_assert_cmphex (pixel_at (start, width, ex, ey), !=, pixel_at (moved, width, ex, ey));
}

/* A move played forward slides; taking it back does not. */
static void
test_board_animation (BoardFixture  *f,
                      gconstpointer  data)
{
  XqPosition start, after;
  XqUndo undo;

  xq_board_view_set_animate (f->view, TRUE);
  xq_position_init_start (&start);
  after = start;
  xq_position_do_move (&after, iccs ("h2e2"), &undo);

  xq_board_model_set_position (f->model, &after, iccs ("h2e2"));
  g_assert_true (xq_board_view_get_animating (f->view));
  /* The animation ends by itself within a few frames. */
  while (xq_board_view_get_animating (f->view))
    g_main_context_iteration (NULL, TRUE);

  xq_board_model_set_position (f->model, &start, XQ_MOVE_NONE);
  g_assert_false (xq_board_view_get_animating (f->view));
  xq_board_model_set_position (f->model, &after, iccs ("h2e2"));
  g_assert_true (xq_board_view_get_animating (f->view));
  xq_board_view_set_animate (f->view, FALSE);
  g_assert_false (xq_board_view_get_animating (f->view));
}

static void
test_board_describe (BoardFixture  *f,
                     gconstpointer  data)
{
  g_autofree char *horse = xq_board_view_describe_point (f->view, xq_square_from_text ("b0"));
  g_autofree char *black = xq_board_view_describe_point (f->view, xq_square_from_text ("b9"));
  g_autofree char *empty = xq_board_view_describe_point (f->view, xq_square_from_text ("e4"));

  g_assert_cmpstr (horse, ==, "Red horse, file 八, rank 1");
  g_assert_cmpstr (black, ==, "Black horse, file 2, rank 1");
  g_assert_cmpstr (empty, ==, "Empty point, file 五, rank 5");

  xq_board_view_announce (f->view, "Red played C2=5.");
  g_assert_cmpstr (xq_board_view_get_announcement (f->view), ==, "Red played C2=5.");
}

static void
count_cb (GObject    *object,
          GParamSpec *pspec,
          int        *count)
{
  (*count)++;
}

/* The view-model notifies only on a real change, and picking up is only
 * allowed for the side to move. */
static void
test_board_model (void)
{
  XqBoardModel *model = xq_board_model_new ();
  int flipped = 0, interactive = 0;

  g_signal_connect (model, "notify::flipped", G_CALLBACK (count_cb), &flipped);
  g_signal_connect (model, "notify::interactive", G_CALLBACK (count_cb), &interactive);
  xq_board_model_set_flipped (model, TRUE);
  xq_board_model_set_flipped (model, TRUE);
  g_object_set (model, "flipped", FALSE, NULL);
  g_assert_cmpint (flipped, ==, 2);
  xq_board_model_set_interactive (model, TRUE);
  g_assert_cmpint (interactive, ==, 0);

  g_assert_true (xq_board_model_select (model, xq_square_from_text ("b0")));
  g_assert_false (xq_board_model_select (model, xq_square_from_text ("b9")));
  g_assert_cmpint (xq_board_model_get_selected (model), ==, XQ_NO_SQUARE);
  g_assert_false (xq_board_model_select (model, xq_square_from_text ("e4")));
  g_assert_true (xq_board_model_is_legal (model, xq_square_from_text ("b0"), xq_square_from_text ("c2")));
  g_assert_false (xq_board_model_is_legal (model, xq_square_from_text ("b0"), xq_square_from_text ("b2")));

  xq_board_model_set_interactive (model, FALSE);
  g_assert_cmpint (interactive, ==, 1);
  g_assert_false (xq_board_model_select (model, xq_square_from_text ("b0")));
  g_assert_false (xq_board_model_is_legal (model, xq_square_from_text ("b0"), xq_square_from_text ("c2")));
  g_assert_finalize_object (model);
}

/* ---- Window and play page -------------------------------------------------- */

typedef struct {
  XqWindow   *window;
  XqPlayPage *page;
} WindowFixture;

static void
window_setup (WindowFixture *f,
              gconstpointer  data)
{
  f->window = xq_window_new (NULL);
  f->page = xq_window_get_play_page (f->window);
  xq_board_view_set_animate (xq_play_page_get_board_view (f->page), FALSE);
  gtk_window_present (GTK_WINDOW (f->window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (f->window));
}

static void
window_teardown (WindowFixture *f,
                 gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
}

static void
test_play_two_players (WindowFixture *f,
                       gconstpointer  data)
{
  XqBoardView *view = xq_play_page_get_board_view (f->page);
  g_autoptr(GError) error = NULL;
  g_autofree char *list = NULL;
  g_autofree char *list_zh = NULL;
  int before;

  /* The board's ::move reaches the game: Red, then Black. */
  g_signal_emit_by_name (view, "move", xq_square_from_text ("h2"), xq_square_from_text ("e2"));
  g_assert_cmpint (xq_game_get_n_plies (xq_play_page_get_game (f->page)), ==, 1);
  g_assert_nonnull (strstr (xq_play_page_get_status_text (f->page), "Black to move"));
  g_assert_true (xq_play_page_play (f->page, iccs ("h9g7"), &error));
  g_assert_no_error (error);

  /* Issue 31: in English with no notation chosen (the default), a child
   * reads the moves in words, not C2=5. */
  {
    g_autofree char *words = xq_play_page_get_move_list_text (f->page);
    g_assert_cmpstr (words, ==, "1. Cannon to the centre · Horse forward to file 7");
    g_assert_nonnull (strstr (xq_board_view_get_announcement (view), "Black played Horse forward to file 7."));
  }
  /* A notation chosen in Preferences is written as it is. */
  xq_play_page_set_move_words (f->page, FALSE);
  xq_play_page_set_notation (f->page, XQ_NOTATION_WXF);
  list = xq_play_page_get_move_list_text (f->page);
  g_assert_cmpstr (list, ==, "1. C2=5 H8+7");
  xq_play_page_set_notation (f->page, XQ_NOTATION_ZH_HANS);
  list_zh = xq_play_page_get_move_list_text (f->page);
  g_assert_cmpstr (list_zh, ==, "1. 炮二平五 马8进7");
  g_assert_nonnull (strstr (xq_board_view_get_announcement (view), "Black played Horse forward to file 7."));

  /* Undo and redo walk the record; a new move after undo replaces the tail. */
  g_assert_true (xq_play_page_undo (f->page));
  g_assert_cmpint (xq_game_get_ply (xq_play_page_get_game (f->page)), ==, 1);
  g_assert_true (xq_play_page_redo (f->page));
  g_assert_false (xq_play_page_redo (f->page));
  g_assert_true (xq_play_page_undo (f->page));
  g_assert_true (xq_play_page_undo (f->page));
  g_assert_false (xq_play_page_undo (f->page));
  before = xq_game_get_n_plies (xq_play_page_get_game (f->page));
  g_assert_cmpint (before, ==, 2);
  g_assert_true (xq_play_page_play (f->page, iccs ("b0c2"), NULL));
  g_assert_cmpint (xq_game_get_n_plies (xq_play_page_get_game (f->page)), ==, 1);

  /* An illegal move is refused by the game, with a reason. */
  g_assert_false (xq_play_page_play (f->page, iccs ("a9a5"), &error));
  g_assert_error (error, XQ_GAME_ERROR, XQ_GAME_ERROR_ILLEGAL_MOVE);

  xq_play_page_new_game (f->page);
  g_assert_cmpint (xq_game_get_n_plies (xq_play_page_get_game (f->page)), ==, 0);
}

static void
test_play_fen (WindowFixture *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *loaded = NULL;
  const char *fen = "3k5/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1";

  g_assert_true (xq_play_page_play (f->page, iccs ("h2e2"), NULL));
  before = xq_play_page_get_fen (f->page);

  /* A bad FEN says why, and the game in progress is kept. */
  g_assert_false (xq_play_page_load_fen (f->page, "rnbakabnr/9/9 w", &error));
  g_assert_nonnull (error);
  g_assert_true (error->domain == XQ_POSITION_ERROR);
  g_assert_cmpstr (error->message, !=, "");
  after = xq_play_page_get_fen (f->page);
  g_assert_cmpstr (before, ==, after);
  g_assert_cmpint (xq_game_get_n_plies (xq_play_page_get_game (f->page)), ==, 1);
  g_clear_error (&error);

  /* Two generals only: the core refuses nothing, pasting starts a game. */
  g_assert_true (xq_play_page_load_fen (f->page, "  3k5/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1\n", &error));
  g_assert_no_error (error);
  loaded = xq_play_page_get_fen (f->page);
  g_assert_cmpstr (loaded, ==, fen);
  g_assert_cmpint (xq_game_get_n_plies (xq_play_page_get_game (f->page)), ==, 0);
}

typedef struct {
  char     *text;
  gboolean  done;
} ClipboardRead;

static void
read_text_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  ClipboardRead *read = data;

  read->text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);
  read->done = TRUE;
}

/* Reads the clipboard and waits for the answer.  Reads are answered in
 * order, so once ours is back, a paste started before it has been handled. */
static char *
read_clipboard (GdkClipboard *clipboard)
{
  ClipboardRead read = { NULL, FALSE };

  gdk_clipboard_read_text_async (clipboard, NULL, read_text_cb, &read);
  while (!read.done)
    g_main_context_iteration (NULL, TRUE);
  return read.text;
}

/* Copy and Paste Position go through the real clipboard; pasting junk
 * keeps the game, pasting a position starts a game from it. */
static void
test_play_clipboard (WindowFixture *f,
                     gconstpointer  data)
{
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (f->window));
  const char *fen = "3k5/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1";
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *pasted = NULL;
  g_autofree char *copied = NULL;

  g_assert_true (xq_play_page_play (f->page, iccs ("h2e2"), NULL));
  before = xq_play_page_get_fen (f->page);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.copy-fen", NULL));
  copied = read_clipboard (clipboard);
  g_assert_cmpstr (copied, ==, before);

  gdk_clipboard_set_text (clipboard, "this is not a position");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.paste-fen", NULL));
  g_free (read_clipboard (clipboard));
  after = xq_play_page_get_fen (f->page);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpint (xq_game_get_n_plies (xq_play_page_get_game (f->page)), ==, 1);

  gdk_clipboard_set_text (clipboard, fen);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.paste-fen", NULL));
  g_free (read_clipboard (clipboard));
  pasted = xq_play_page_get_fen (f->page);
  g_assert_cmpstr (pasted, ==, fen);
}

/* A mate in one: the result and its reason reach the page in plain words,
 * and the board stops taking moves. */
static void
test_play_result (WindowFixture *f,
                  gconstpointer  data)
{
  XqBoardModel *model = xq_play_page_get_board_model (f->page);
  XqResult result;
  g_autofree char *explain = NULL;

  /* Red chariots on a8 and b7 (a "ladder" mate): b7 -> b9 mates, a8 guards rank 8. */
  g_assert_true (xq_play_page_load_fen (f->page, "4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1", NULL));
  g_assert_true (xq_board_model_get_interactive (model));
  g_assert_true (xq_play_page_play (f->page, iccs ("b7b9"), NULL));
  result = xq_game_get_result (xq_play_page_get_game (f->page));
  g_assert_cmpint (result.winner, ==, XQ_WINNER_RED);
  g_assert_cmpint (result.reason, ==, XQ_REASON_CHECKMATE);
  explain = xq_result_explain (&result);
  g_assert_nonnull (strstr (xq_play_page_get_status_text (f->page), explain));
  g_assert_false (xq_board_model_get_interactive (model));
}

static void
test_window_actions (WindowFixture *f,
                     gconstpointer  data)
{
  XqBoardModel *model = xq_play_page_get_board_model (f->page);
  gboolean flipped = xq_board_model_get_flipped (model);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.flip", NULL));
  g_assert_cmpint (xq_board_model_get_flipped (model), !=, flipped);
  g_assert_true (xq_play_page_play (f->page, iccs ("h2e2"), NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL));
  g_assert_cmpint (xq_game_get_ply (xq_play_page_get_game (f->page)), ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.redo", NULL));
  g_assert_cmpint (xq_game_get_ply (xq_play_page_get_game (f->page)), ==, 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.new-game", NULL));
  g_assert_cmpint (xq_game_get_n_plies (xq_play_page_get_game (f->page)), ==, 0);
}

/* The preferences window writes GSettings, and the window follows. */
static void
test_preferences (WindowFixture *f,
                  gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (XQ_SETTINGS_SCHEMA);
  XqPreferencesWindow *prefs = xq_preferences_window_new (GTK_WINDOW (f->window));
  g_autofree char *list = NULL;

  gtk_window_present (GTK_WINDOW (prefs));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (prefs));

  g_settings_set_string (settings, "notation", "chinese-traditional");
  g_assert_true (xq_play_page_play (f->page, iccs ("h2e2"), NULL));
  g_assert_true (xq_play_page_play (f->page, iccs ("h9g7"), NULL));
  list = xq_play_page_get_move_list_text (f->page);
  g_assert_cmpstr (list, ==, "1. 炮二平五 馬8進7");
  g_settings_reset (settings, "notation");
  gtk_window_destroy (GTK_WINDOW (prefs));
}

static gint64 fake_now_ms;

static gint64
fake_time (void)
{
  return fake_now_ms;
}

/* Ten-second steps of a fake clock: the flag falls exactly when the time is
 * used up, and the game then ends on time with the right winner. */
static void
test_play_clock (WindowFixture *f,
                 gconstpointer  data)
{
  g_autofree char *start = NULL;
  g_autofree char *running = NULL;
  XqResult result;

  g_assert_null (xq_play_page_get_clock_text (f->page));
  fake_now_ms = 1000000;
  xq_play_page_set_time_func (f->page, fake_time);
  xq_play_page_set_clock_minutes (f->page, 1);
  start = xq_play_page_get_clock_text (f->page);
  g_assert_cmpstr (start, ==, "Red 1:00 | Black 1:00");

  /* Red's first move starts Black's face. */
  g_assert_true (xq_play_page_play (f->page, iccs ("h2e2"), NULL));
  fake_now_ms += 20500;
  xq_play_page_update_clock (f->page);
  running = xq_play_page_get_clock_text (f->page);
  g_assert_cmpstr (running, ==, "Red 1:00 | Black 0:40");

  g_assert_true (xq_play_page_play (f->page, iccs ("h9g7"), NULL));
  fake_now_ms += 59999;
  xq_play_page_update_clock (f->page);
  g_assert_false (xq_game_is_over (xq_play_page_get_game (f->page)));
  fake_now_ms += 2;
  xq_play_page_update_clock (f->page);
  result = xq_game_get_result (xq_play_page_get_game (f->page));
  g_assert_cmpint (result.winner, ==, XQ_WINNER_BLACK);
  g_assert_cmpint (result.reason, ==, XQ_REASON_TIME);
  g_assert_false (xq_board_model_get_interactive (xq_play_page_get_board_model (f->page)));

  xq_play_page_set_time_func (f->page, NULL);
}

/* ---- Against the computer --------------------------------------------------- */

static gboolean
timeout_cb (gpointer user_data)
{
  gboolean *timed_out = user_data;

  *timed_out = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until the game has n plies; FALSE after 30 s, which a
 * level-1 answer (one ply deep) never needs. */
static gboolean
wait_for_plies (XqPlayPage *page,
                int         n)
{
  gboolean timed_out = FALSE;
  guint id = g_timeout_add_seconds (30, timeout_cb, &timed_out);

  while (!timed_out && (xq_game_get_n_plies (xq_play_page_get_game (page)) < n
                        || xq_play_page_is_computer_thinking (page)))
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (id);
  return !timed_out;
}

static void
reset_opponent (GSettings *settings)
{
  g_settings_reset (settings, "opponent");
  g_settings_reset (settings, "computer-level");
  g_settings_reset (settings, "player-color");
}

/* The computer answers the child's move with a legal move, off the main
 * thread; undo then takes back both plies, redo brings both back. */
static void
test_play_computer (WindowFixture *f,
                    gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (XQ_SETTINGS_SCHEMA);
  const XqGame *game;
  XqBoardModel *model = xq_play_page_get_board_model (f->page);
  XqPosition before;
  XqMove reply;

  xq_play_page_set_computer_delay (f->page, 0);
  xq_play_page_set_seed (f->page, 7);
  g_settings_set_enum (settings, "opponent", 1);
  g_settings_set_int (settings, "computer-level", 2);
  g_assert_cmpint (xq_play_page_get_computer_level (f->page), ==, 2);
  g_assert_true (xq_board_model_get_interactive (model));

  g_assert_true (xq_play_page_play (f->page, iccs ("h2e2"), NULL));
  /* While the computer thinks the child cannot move its pieces. */
  g_assert_true (xq_play_page_is_computer_thinking (f->page));
  g_assert_false (xq_board_model_get_interactive (model));
  g_assert_true (wait_for_plies (f->page, 2));

  game = xq_play_page_get_game (f->page);
  g_assert_cmpint (xq_game_get_n_plies (game), ==, 2);
  before = *xq_game_get_position_at (game, 1);
  reply = xq_game_get_move (game, 2);
  g_assert_cmpint (before.side, ==, XQ_BLACK);
  g_assert_true (xq_position_is_legal (&before, reply));
  g_assert_cmpint (xq_game_get_position (game)->side, ==, XQ_RED);
  g_assert_true (xq_board_model_get_interactive (model));

  /* Undo: the child's move and the reply; redo: both again. */
  g_assert_true (xq_play_page_undo (f->page));
  g_assert_cmpint (xq_game_get_ply (xq_play_page_get_game (f->page)), ==, 0);
  g_assert_false (xq_play_page_undo (f->page));
  g_assert_true (xq_play_page_redo (f->page));
  game = xq_play_page_get_game (f->page);
  g_assert_cmpint (xq_game_get_ply (game), ==, 2);
  g_assert_cmpuint (xq_game_get_move (game, 2), ==, reply);

  /* Undo while the computer still thinks takes back the child's move only,
   * and the abandoned answer never lands. */
  xq_play_page_set_computer_delay (f->page, 60000);
  g_assert_true (xq_play_page_play (f->page, iccs ("b0c2"), NULL));
  g_assert_true (xq_play_page_is_computer_thinking (f->page));
  g_assert_true (xq_play_page_undo (f->page));
  g_assert_false (xq_play_page_is_computer_thinking (f->page));
  g_assert_cmpint (xq_game_get_ply (xq_play_page_get_game (f->page)), ==, 2);

  /* Back to two players: undo is one ply again. */
  reset_opponent (settings);
  g_assert_cmpint (xq_play_page_get_computer_level (f->page), ==, 0);
  g_assert_true (xq_play_page_undo (f->page));
  g_assert_cmpint (xq_game_get_ply (xq_play_page_get_game (f->page)), ==, 1);
}

/* Playing Black: the computer opens a new game, and there is no move of the
 * child's to take back yet. */
static void
test_play_computer_black (WindowFixture *f,
                          gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (XQ_SETTINGS_SCHEMA);
  const XqGame *game;
  XqPosition start;

  xq_play_page_set_computer_delay (f->page, 0);
  xq_play_page_set_seed (f->page, 11);
  g_settings_set_int (settings, "computer-level", 1);
  g_settings_set_enum (settings, "player-color", 1);
  g_settings_set_enum (settings, "opponent", 1);
  xq_play_page_new_game (f->page);
  g_assert_true (wait_for_plies (f->page, 1));

  game = xq_play_page_get_game (f->page);
  g_assert_cmpint (xq_game_get_n_plies (game), ==, 1);
  start = *xq_game_get_start (game);
  g_assert_true (xq_position_is_legal (&start, xq_game_get_move (game, 1)));
  g_assert_false (xq_play_page_undo (f->page));
  g_assert_cmpint (xq_game_get_ply (game), ==, 1);
  reset_opponent (settings);
}

/* The "clock" setting picks the time control: the seed's period control
 * 6.3 (40 moves in 10 min, 第6條; docs/rulings.md, section 6) shows its moves to go, and a flag that
 * falls under 6.4 (30 moves in 5 min) ends the game on time. */
static void
test_play_clock_preset (WindowFixture *f,
                        gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (XQ_SETTINGS_SCHEMA);
  g_autofree char *rapid = NULL;
  g_autofree char *moved = NULL;
  g_autofree char *waiting = NULL;
  XqResult result;

  g_assert_null (xq_play_page_get_clock_text (f->page));
  fake_now_ms = 5000000;
  xq_play_page_set_time_func (f->page, fake_time);

  g_settings_set_string (settings, "clock", "s0-6.3");
  rapid = xq_play_page_get_clock_text (f->page);
  g_assert_cmpstr (rapid, ==, "Red 10:00 (40) | Black 10:00 (40)");

  g_settings_set_string (settings, "clock", "s0-6.4");
  g_assert_true (xq_play_page_play (f->page, iccs ("h2e2"), NULL));
  fake_now_ms += 1000;
  xq_play_page_update_clock (f->page);
  moved = xq_play_page_get_clock_text (f->page);
  g_assert_cmpstr (moved, ==, "Red 5:00 (29) | Black 4:59 (30)");
  /* A setting changed during a game waits for the next one. */
  g_settings_set_string (settings, "clock", "none");
  waiting = xq_play_page_get_clock_text (f->page);
  g_assert_cmpstr (waiting, ==, moved);

  fake_now_ms += 5 * 60 * 1000;
  xq_play_page_update_clock (f->page);
  result = xq_game_get_result (xq_play_page_get_game (f->page));
  g_assert_cmpint (result.winner, ==, XQ_WINNER_RED);
  g_assert_cmpint (result.reason, ==, XQ_REASON_TIME);

  xq_play_page_new_game (f->page);
  g_assert_null (xq_play_page_get_clock_text (f->page));
  g_settings_reset (settings, "clock");
  xq_play_page_set_time_func (f->page, NULL);
}

static AdwComboRow *
find_combo_row (GtkWidget *widget,
                guint      n_items)
{
  if (ADW_IS_COMBO_ROW (widget) && adw_combo_row_get_model (ADW_COMBO_ROW (widget)) != NULL
      && g_list_model_get_n_items (adw_combo_row_get_model (ADW_COMBO_ROW (widget))) == n_items)
    return ADW_COMBO_ROW (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      AdwComboRow *found = find_combo_row (child, n_items);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The computer's flag can fall while it thinks: the game ends on time and
 * the abandoned answer is dropped. */
static void
test_play_computer_flag (WindowFixture *f,
                         gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (XQ_SETTINGS_SCHEMA);
  XqResult result;

  fake_now_ms = 9000000;
  xq_play_page_set_time_func (f->page, fake_time);
  g_settings_set_string (settings, "clock", "sudden-5");
  g_settings_set_enum (settings, "opponent", 1);
  xq_play_page_set_computer_delay (f->page, 60000);

  g_assert_true (xq_play_page_play (f->page, iccs ("h2e2"), NULL));
  g_assert_true (xq_play_page_is_computer_thinking (f->page));
  fake_now_ms += 5 * 60 * 1000 + 1;
  xq_play_page_update_clock (f->page);
  result = xq_game_get_result (xq_play_page_get_game (f->page));
  g_assert_cmpint (result.winner, ==, XQ_WINNER_RED);
  g_assert_cmpint (result.reason, ==, XQ_REASON_TIME);
  g_assert_false (xq_play_page_is_computer_thinking (f->page));

  reset_opponent (settings);
  g_settings_reset (settings, "clock");
  xq_play_page_set_time_func (f->page, NULL);
}

/* The preferences offer the seed's controls and write the "clock" key. */
static void
test_preferences_clock (WindowFixture *f,
                        gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (XQ_SETTINGS_SCHEMA);
  XqPreferencesWindow *prefs = xq_preferences_window_new (GTK_WINDOW (f->window));
  AdwComboRow *row = NULL;
  g_autofree char *stored = NULL;

  gtk_window_present (GTK_WINDOW (prefs));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (prefs));
  /* The clock row is the combo row with the nine time controls. */
  row = find_combo_row (GTK_WIDGET (prefs), 9);
  g_assert_nonnull (row);
  g_settings_set_string (settings, "clock", "s0-6.1");
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, 5);
  adw_combo_row_set_selected (row, 8);
  stored = g_settings_get_string (settings, "clock");
  g_assert_cmpstr (stored, ==, "s0-6.4");
  g_settings_reset (settings, "clock");
  gtk_window_destroy (GTK_WINDOW (prefs));
}

static AdwComboRow *
find_combo_row_titled (GtkWidget  *widget,
                       const char *title)
{
  if (ADW_IS_COMBO_ROW (widget) &&
      g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0)
    return ADW_COMBO_ROW (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      AdwComboRow *found = find_combo_row_titled (child, title);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The Pieces row lists the renderer's table of sets (xq-piece-sets.c) in
 * its order, then Automatic, and writes each set's own name; the board's
 * "piece-set" enum has the same sets under the same names. */
static void
test_preferences_piece_sets (WindowFixture *f,
                             gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (XQ_SETTINGS_SCHEMA);
  XqPreferencesWindow *prefs = xq_preferences_window_new (GTK_WINDOW (f->window));
  g_autoptr(GEnumClass) enum_class = g_type_class_ref (XQ_TYPE_PIECE_SET);
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettingsSchemaKey) key = NULL;
  AdwComboRow *row = NULL;
  GListModel *model;

  /* The schema takes every set's name and "auto" (should it ever list
   * choices, they must be the table's). */
  g_object_get (settings, "settings-schema", &schema, NULL);
  key = g_settings_schema_get_key (schema, "piece-set");
  for (int i = 0; i <= XQ_N_PIECE_SETS; i++)
    {
      g_autoptr(GVariant) value =
        g_variant_ref_sink (g_variant_new_string (i < XQ_N_PIECE_SETS ? xq_piece_set_to_string (i) : "auto"));

      g_assert_true (g_settings_schema_key_range_check (key, value));
    }

  gtk_window_present (GTK_WINDOW (prefs));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (prefs));
  row = find_combo_row_titled (GTK_WIDGET (prefs), "Pieces");
  g_assert_nonnull (row);
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (row)), ==, XQ_N_PIECE_SETS + 1);
  model = adw_combo_row_get_model (row);
  for (int i = 0; i < XQ_N_PIECE_SETS; i++)
    {
      g_autofree char *stored = NULL;

      g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (model), i), ==,
                       xq_piece_set_label (i));
      adw_combo_row_set_selected (row, i);
      stored = g_settings_get_string (settings, "piece-set");
      g_assert_cmpstr (stored, ==, xq_piece_set_to_string (i));
      g_assert_cmpint (xq_board_settings_piece_set (stored), ==, i);
      g_assert_cmpstr (g_enum_get_value (enum_class, i)->value_nick, ==, xq_piece_set_to_string (i));
    }
  g_assert_cmpuint (enum_class->n_values, ==, XQ_N_PIECE_SETS);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (model), XQ_N_PIECE_SETS), ==, "Automatic");
  g_settings_reset (settings, "piece-set");
  gtk_window_destroy (GTK_WINDOW (prefs));
}

static GtkWidget *
find_popover (GtkWidget *widget)
{
  if (GTK_IS_POPOVER (widget))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_popover (c);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Every GtkLabel shown below widget whose text is not all there, into cut:
 * Pango cut it ("…"), or it needs more room than it was given. */
static void
collect_cut_labels (GtkWidget *widget,
                    GPtrArray *cut)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget))
    {
      PangoLayout *layout = gtk_label_get_layout (GTK_LABEL (widget));
      int width, height;

      pango_layout_get_pixel_size (layout, &width, &height);
      if (pango_layout_is_ellipsized (layout) || width > gtk_widget_get_width (widget) + 1 ||
          height > gtk_widget_get_height (widget) + 1)
        g_ptr_array_add (cut, (gpointer) gtk_label_get_text (GTK_LABEL (widget)));
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    collect_cut_labels (c, cut);
}

/* The clock's time controls are read whole, in the row and in its list:
 * "40 moves in 90 min, then 10 in 15 min" is not cut to "40 moves in 9…". */
static void
test_preferences_clock_text (WindowFixture *f,
                             gconstpointer  data)
{
  XqPreferencesWindow *prefs = xq_preferences_window_new (GTK_WINDOW (f->window));
  AdwComboRow *row;
  GtkWidget *popover = NULL;
  GListModel *model;
  g_autoptr(GPtrArray) cut = g_ptr_array_new ();

  gtk_window_present (GTK_WINDOW (prefs));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (prefs));
  row = find_combo_row (GTK_WIDGET (prefs), 9);
  g_assert_nonnull (row);
  model = adw_combo_row_get_model (row);
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      adw_combo_row_set_selected (row, i);
      for (int k = 0; k < 3; k++)
        gtk_test_widget_wait_for_draw (GTK_WIDGET (prefs));
      collect_cut_labels (GTK_WIDGET (row), cut);
      for (guint j = 0; j < cut->len; j++)
        g_test_message ("cut in the row: %s", (const char *) g_ptr_array_index (cut, j));
      g_assert_cmpuint (cut->len, ==, 0);
    }
  /* The list the row opens. */
  g_assert_true (gtk_widget_activate (GTK_WIDGET (row)));
  popover = find_popover (GTK_WIDGET (row));
  g_assert_nonnull (popover);
  for (int k = 0; k < 5; k++)
    gtk_test_widget_wait_for_draw (popover);
  g_assert_true (gtk_widget_get_mapped (popover));
  collect_cut_labels (popover, cut);
  for (guint j = 0; j < cut->len; j++)
    g_test_message ("cut in the list: %s", (const char *) g_ptr_array_index (cut, j));
  g_assert_cmpuint (cut->len, ==, 0);
  gtk_window_destroy (GTK_WINDOW (prefs));
}

/* A saved game opens again move for move; a broken file changes nothing. */
static void
test_play_pgn (WindowFixture *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("xq-test-ui-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.pgn", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad.pgn", NULL);
  g_autofree char *saved = NULL;
  g_autofree char *loaded = NULL;
  g_autofree char *kept = NULL;
  const char *moves[] = { "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7" };

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    g_assert_true (xq_play_page_play (f->page, iccs (moves[i]), NULL));
  saved = xq_play_page_get_move_list_text (f->page);
  g_assert_true (xq_play_page_save_pgn (f->page, path, &error));
  g_assert_no_error (error);

  xq_play_page_new_game (f->page);
  g_assert_true (xq_play_page_load_pgn (f->page, path, &error));
  g_assert_no_error (error);
  loaded = xq_play_page_get_move_list_text (f->page);
  g_assert_cmpstr (loaded, ==, saved);
  g_assert_cmpint (xq_game_get_n_plies (xq_play_page_get_game (f->page)), ==, 6);

  g_assert_true (g_file_set_contents (bad, "[Event \"x\"]\n1. C2=5 Q9+9 *\n", -1, NULL));
  g_assert_false (xq_play_page_load_pgn (f->page, bad, &error));
  g_assert_nonnull (error);
  kept = xq_play_page_get_move_list_text (f->page);
  g_assert_cmpstr (kept, ==, saved);

  g_unlink (path);
  g_unlink (bad);
  g_rmdir (dir);
}

/* In a narrow, tall window the side panel goes below the board; in a wide
 * one it stands to the right. */
static void
test_play_layout (void)
{
  struct { int width, height; gboolean below; } cases[] = {
    { 1000, 700, FALSE },
    { 440, 820, TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      /* The page on its own: the main window's minimum also depends on
       * the other pages. */
      GtkWidget *window = gtk_window_new ();
      XqPlayPage *page = g_object_new (XQ_TYPE_PLAY_PAGE, NULL);
      GtkWidget *board = GTK_WIDGET (xq_play_page_get_board_view (page));
      GtkWidget *panel = gtk_widget_get_next_sibling (board);
      graphene_rect_t b, p;

      gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
      gtk_window_set_default_size (GTK_WINDOW (window), cases[i].width, cases[i].height);
      gtk_window_present (GTK_WINDOW (window));
      gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
      g_assert_true (gtk_widget_compute_bounds (board, GTK_WIDGET (page), &b));
      g_assert_true (gtk_widget_compute_bounds (panel, GTK_WIDGET (page), &p));
      g_test_message ("%dx%d: board %gx%g+%g+%g panel %gx%g+%g+%g", cases[i].width, cases[i].height,
                      b.size.width, b.size.height, b.origin.x, b.origin.y,
                      p.size.width, p.size.height, p.origin.x, p.origin.y);
      if (cases[i].below)
        g_assert_cmpfloat (p.origin.y, >=, b.origin.y + b.size.height);
      else
        g_assert_cmpfloat (p.origin.x, >=, b.origin.x + b.size.width);
      g_assert_cmpfloat (b.size.width, >=, 240);
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

/* Closing the window remembers its size; the next window opens with it. */
static void
test_window_size (void)
{
  g_autoptr(GSettings) settings = g_settings_new (XQ_SETTINGS_SCHEMA);
  XqWindow *window = xq_window_new (NULL);
  int width, height;

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 900);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  gtk_window_close (GTK_WINDOW (window));
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 1200);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 900);

  window = xq_window_new (NULL);
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_assert_cmpint (width, ==, 1200);
  g_assert_cmpint (height, ==, 900);
  gtk_window_destroy (GTK_WINDOW (window));

  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
  g_settings_reset (settings, "window-maximized");
}

static AdwViewStack *
find_view_stack (GtkWidget *widget)
{
  if (ADW_IS_VIEW_STACK (widget))
    return ADW_VIEW_STACK (widget);
  for (GtkWidget *w = gtk_widget_get_first_child (widget); w != NULL; w = gtk_widget_get_next_sibling (w))
    {
      AdwViewStack *stack = find_view_stack (w);
      if (stack != NULL)
        return stack;
    }
  return NULL;
}

/* The window fits a 1000 px wide screen (a classroom's old projector, a small
 * laptop) whatever page is showing: AdwViewStack is as wide as its widest
 * page, so each page's minimum width counts. */
static void
test_window_min_width (void)
{
  XqWindow *window = xq_window_new (NULL);
  GtkWidget *content = adw_application_window_get_content (ADW_APPLICATION_WINDOW (window));
  AdwViewStack *stack;
  g_autoptr(GListModel) pages = NULL;
  int min = 0;

  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  stack = find_view_stack (content);
  g_assert_nonnull (stack);
  pages = G_LIST_MODEL (adw_view_stack_get_pages (stack));
  g_assert_cmpuint (g_list_model_get_n_items (pages), >=, 6);
  for (guint i = 0; i < g_list_model_get_n_items (pages); i++)
    {
      g_autoptr(AdwViewStackPage) page = g_list_model_get_item (pages, i);
      int page_min = 0;

      /* Pages are built on first use: build each one to measure it. */
      g_assert_nonnull (xq_window_get_page (window, adw_view_stack_page_get_name (page)));
      gtk_widget_measure (adw_view_stack_page_get_child (page), GTK_ORIENTATION_HORIZONTAL,
                          -1, &page_min, NULL, NULL, NULL);
      g_test_message ("page %s needs %d px", adw_view_stack_page_get_name (page), page_min);
      g_assert_cmpint (page_min, <=, 1000);
    }
  gtk_widget_measure (content, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
  g_test_message ("window content needs %d px", min);
  g_assert_cmpint (min, <=, 1000);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The window starts loading the Learn page's units when it builds the
 * page, before the window is shown, so that its first frame can show the
 * unit map; the page's first showing then loads nothing again. */
static void
test_window_loads_learn_first (void)
{
  XqWindow *window = xq_window_new (NULL);
  XqLearnPage *learn = xq_window_get_learn_page (window);
  GPtrArray *units;

  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (learn)));
  g_assert_true (xq_learn_page_is_loading (learn));
  while (xq_learn_page_is_loading (learn))
    g_main_context_iteration (NULL, TRUE);
  units = xq_learn_page_get_units (learn);
  g_assert_nonnull (units);
  g_assert_cmpuint (units->len, >, 0);

  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (learn)));
  /* A second load would be under way, or would have replaced the list. */
  g_assert_false (xq_learn_page_is_loading (learn));
  g_assert_true (xq_learn_page_get_units (learn) == units);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
count_update_cb (GdkFrameClock *clock, guint *count)
{
  (*count)++;
}

/* Runs the main loop for ms milliseconds. */
static void
run_for (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add (ms, timeout_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

/* Counts the frames the window's clock asks for in ms milliseconds. */
static guint
count_updates (GtkWidget *window, guint ms)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);
  guint updates = 0;
  gulong id = g_signal_connect (clock, "update", G_CALLBACK (count_update_cb), &updates);

  run_for (ms);
  g_signal_handler_disconnect (clock, id);
  return updates;
}

/* The frames the clock asks for in 400 ms once the window has had time to
 * settle: it waits for a quiet 400 ms, for 15 s at most (a page's content
 * loading in a thread, or the switch's animation, can take that long in a
 * sanitizer build on a loaded machine); a clock that never stops ticking
 * gives its last count, about 25. */
static guint
updates_once_settled (GtkWidget *window)
{
  gint64 give_up = g_get_monotonic_time () + 15 * G_USEC_PER_SEC;
  guint updates;

  do
    updates = count_updates (window, 400);
  while (updates > 0 && g_get_monotonic_time () < give_up);
  return updates;
}

/* A window with nothing changing on it asks for no frames.  The Learn and
 * Puzzles pages keep their loading views (a spinner) as hidden children of
 * their stacks; a spinner spinning while hidden kept the frame clock
 * ticking sixty times a second for the whole session.  Every page is
 * shown in turn, and each must come to rest. */
static void
test_window_idle_after_start (void)
{
  XqWindow *window = xq_window_new (NULL);
  XqLearnPage *learn = xq_window_get_learn_page (window);
  GtkWidget *content = adw_application_window_get_content (ADW_APPLICATION_WINDOW (window));
  AdwViewStack *stack = find_view_stack (content);
  g_autoptr(GtkSelectionModel) pages = adw_view_stack_get_pages (stack);
  guint n_pages = g_list_model_get_n_items (G_LIST_MODEL (pages));
  GtkWidget *spinner;

  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  g_assert_cmpuint (n_pages, >=, 6);
  for (guint i = 0; i <= n_pages; i++)
    {
      /* Last, Learn again: its loading view hidden after having been built. */
      g_autoptr(AdwViewStackPage) page = g_list_model_get_item (G_LIST_MODEL (pages), i % n_pages);
      const char *name = adw_view_stack_page_get_name (page);

      adw_view_stack_set_visible_child_name (stack, name);
      g_test_message ("page %s", name);
      g_assert_cmpuint (updates_once_settled (GTK_WIDGET (window)), ==, 0);
    }

  /* The units load in a thread; under ASan on a busy machine that can
   * outlast the round of the pages (CI, December 7).  What is checked is
   * the page at rest once loaded, so wait for the load (bounded). */
  {
    gint64 until = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;

    while (xq_learn_page_is_loading (learn) && g_get_monotonic_time () < until)
      g_main_context_iteration (NULL, TRUE);
  }
  g_assert_cmpuint (updates_once_settled (GTK_WIDGET (window)), ==, 0);
  g_assert_false (xq_learn_page_is_loading (learn));
  spinner = xq_test_find_descendant (GTK_WIDGET (learn), GTK_TYPE_SPINNER);
  g_assert_nonnull (spinner);
  g_assert_false (gtk_widget_get_mapped (spinner));
  g_assert_false (gtk_spinner_get_spinning (GTK_SPINNER (spinner)));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A loading view's spinner turns while it is shown, and only then. */
static void
test_loading_view_spins_when_shown (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *stack = gtk_stack_new ();
  GtkWidget *view = xq_loading_view_new ("Loading…");
  GtkWidget *spinner = xq_test_find_descendant (view, GTK_TYPE_SPINNER);

  gtk_stack_add_named (GTK_STACK (stack), gtk_label_new ("content"), "content");
  gtk_stack_add_named (GTK_STACK (stack), view, "loading");
  gtk_window_set_child (GTK_WINDOW (window), stack);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (window);
  g_assert_false (gtk_spinner_get_spinning (GTK_SPINNER (spinner)));

  gtk_stack_set_visible_child_name (GTK_STACK (stack), "loading");
  gtk_test_widget_wait_for_draw (window);
  g_assert_true (gtk_widget_get_mapped (spinner));
  g_assert_true (gtk_spinner_get_spinning (GTK_SPINNER (spinner)));

  gtk_stack_set_visible_child_name (GTK_STACK (stack), "content");
  gtk_test_widget_wait_for_draw (window);
  g_assert_false (gtk_spinner_get_spinning (GTK_SPINNER (spinner)));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The header's squeezer of page switchers: the wide one, the narrow one,
 * and the window title when neither fits. */
static AdwSqueezer *
find_switcher_squeezer (XqWindow *window)
{
  GtkWidget *content = adw_application_window_get_content (ADW_APPLICATION_WINDOW (window));

  return ADW_SQUEEZER (xq_test_find_descendant (content, ADW_TYPE_SQUEEZER));
}

static gboolean
squeezer_shows_title (AdwSqueezer *squeezer)
{
  return ADW_IS_WINDOW_TITLE (adw_squeezer_get_visible_child (squeezer));
}

/* The bar's revealer has come all the way out: nothing left to animate. */
static gboolean
switcher_bar_fully_shown (AdwViewSwitcherBar *bar)
{
  GtkWidget *revealer = xq_test_find_descendant (GTK_WIDGET (bar), GTK_TYPE_REVEALER);

  g_assert_nonnull (revealer);
  return gtk_revealer_get_reveal_child (GTK_REVEALER (revealer))
         && gtk_revealer_get_child_revealed (GTK_REVEALER (revealer));
}

/* The bottom page switcher gets the pages only when it is first revealed,
 * in a window too narrow for the header bar's switcher; then it switches
 * pages like the header's, and goes away when the window is wide again. */
static void
test_window_switcher_bar_on_demand (void)
{
  XqWindow *window = xq_window_new (NULL);
  GtkWidget *content = adw_application_window_get_content (ADW_APPLICATION_WINDOW (window));
  AdwViewStack *stack = find_view_stack (content);
  AdwViewSwitcherBar *bar = ADW_VIEW_SWITCHER_BAR (xq_test_find_descendant (content, ADW_TYPE_VIEW_SWITCHER_BAR));
  AdwSqueezer *squeezer = find_switcher_squeezer (window);
  GtkWidget *button;

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 640);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  g_assert_false (squeezer_shows_title (squeezer));
  g_assert_false (adw_view_switcher_bar_get_reveal (bar));
  g_assert_null (adw_view_switcher_bar_get_stack (bar));
  g_assert_null (xq_test_find_descendant (GTK_WIDGET (bar), GTK_TYPE_TOGGLE_BUTTON));

  gtk_window_set_default_size (GTK_WINDOW (window), 600, 640);
  for (int i = 0; i < 100 && !adw_view_switcher_bar_get_reveal (bar); i++)
    gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  g_assert_true (squeezer_shows_title (squeezer));
  g_assert_true (adw_view_switcher_bar_get_reveal (bar));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (bar)));
  g_assert_true (adw_view_switcher_bar_get_stack (bar) == stack);
  g_assert_true (switcher_bar_fully_shown (bar));
  /* Its first button is Learn's, the second Puzzles': pressing it shows
   * (and builds) that page. */
  button = xq_test_find_descendant (GTK_WIDGET (bar), GTK_TYPE_TOGGLE_BUTTON);
  g_assert_nonnull (button);
  button = gtk_widget_get_next_sibling (button);
  g_assert_true (GTK_IS_TOGGLE_BUTTON (button));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), TRUE);
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (stack), ==, "puzzles");
  g_assert_true (XQ_IS_PUZZLE_PAGE (adw_bin_get_child (ADW_BIN (adw_view_stack_get_child_by_name (stack, "puzzles")))));

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 640);
  for (int i = 0; i < 100 && adw_view_switcher_bar_get_reveal (bar); i++)
    gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  g_assert_false (squeezer_shows_title (squeezer));
  g_assert_false (adw_view_switcher_bar_get_reveal (bar));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (bar)));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A window that opens narrow (half of a 1366 px screen) has its bottom
 * switcher at once, not sliding in over the frames after the first: it
 * slid for 250 ms, the window drawing all the while, and a software
 * renderer took half again as long to come to rest. */
static void
test_window_opens_narrow (void)
{
  XqWindow *window = xq_window_new (NULL);
  GtkWidget *content = adw_application_window_get_content (ADW_APPLICATION_WINDOW (window));
  AdwViewSwitcherBar *bar = ADW_VIEW_SWITCHER_BAR (xq_test_find_descendant (content, ADW_TYPE_VIEW_SWITCHER_BAR));
  AdwSqueezer *squeezer = find_switcher_squeezer (window);
  int frames = 0;

  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (bar)));
  gtk_window_set_default_size (GTK_WINDOW (window), 680, 640);
  gtk_window_present (GTK_WINDOW (window));
  /* The squeezer chooses while the first frame is laid out; the bar is
   * laid out in the frame after. */
  while (frames < 2 && !gtk_widget_get_visible (GTK_WIDGET (bar)))
    {
      gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
      frames++;
    }
  g_assert_true (squeezer_shows_title (squeezer));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (bar)));
  g_assert_true (switcher_bar_fully_shown (bar));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The header's squeezer starts on the wide switcher and settles on the
 * narrow one at the first allocation of a 1000 px window.  That change is
 * not faded: a fade there kept a software renderer drawing the whole window
 * for 200 ms after the first frame.  Later changes (a resize) are. */
static void
record_transition_cb (AdwSqueezer *squeezer,
                      GParamSpec  *pspec,
                      GArray      *types)
{
  AdwSqueezerTransitionType type = adw_squeezer_get_transition_type (squeezer);

  g_array_append_val (types, type);
}

static void
test_window_switcher_no_fade_at_start (void)
{
  XqWindow *window = xq_window_new (NULL);
  AdwSqueezer *squeezer = find_switcher_squeezer (window);
  g_autoptr (GArray) types = g_array_new (FALSE, FALSE, sizeof (AdwSqueezerTransitionType));
  GtkWidget *shown;

  g_assert_true (ADW_IS_VIEW_SWITCHER (adw_squeezer_get_visible_child (squeezer)));
  g_signal_connect (squeezer, "notify::visible-child", G_CALLBACK (record_transition_cb), types);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 640);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));

  shown = adw_squeezer_get_visible_child (squeezer);
  g_assert_true (ADW_IS_VIEW_SWITCHER (shown));
  g_assert_cmpint (adw_view_switcher_get_policy (ADW_VIEW_SWITCHER (shown)), ==, ADW_VIEW_SWITCHER_POLICY_NARROW);
  /* Wide to narrow, once, without a fade; the fade is on from then on. */
  g_assert_cmpuint (types->len, ==, 1);
  g_assert_cmpint (g_array_index (types, AdwSqueezerTransitionType, 0), ==, ADW_SQUEEZER_TRANSITION_TYPE_NONE);
  g_assert_cmpint (adw_squeezer_get_transition_type (squeezer), ==, ADW_SQUEEZER_TRANSITION_TYPE_CROSSFADE);
  g_signal_handlers_disconnect_by_func (squeezer, record_transition_cb, types);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Start-up builds only the page the window opens on; any other page is
 * built when it is first shown or asked for, once. */
static void
test_window_pages_on_demand (void)
{
  static const char *const names[] = { "puzzles", "play", "game-day", "teach", "tournament" };
  XqWindow *window = xq_window_new (NULL);
  AdwViewStack *stack = find_view_stack (adw_application_window_get_content (ADW_APPLICATION_WINDOW (window)));
  GtkWidget *teach;

  g_assert_nonnull (stack);
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (stack), ==, "learn");
  g_assert_true (XQ_IS_LEARN_PAGE (adw_bin_get_child (ADW_BIN (adw_view_stack_get_child_by_name (stack, "learn")))));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_assert_null (adw_bin_get_child (ADW_BIN (adw_view_stack_get_child_by_name (stack, names[i]))));

  /* Shown: built before it is drawn. */
  xq_window_show_page (window, "teach");
  teach = adw_bin_get_child (ADW_BIN (adw_view_stack_get_child_by_name (stack, "teach")));
  g_assert_true (XQ_IS_TEACH_PAGE (teach));
  g_assert_true (xq_window_get_page (window, "teach") == teach);
  g_assert_true (GTK_WIDGET (xq_window_get_teach_page (window)) == teach);

  /* Asked for: built, and not shown. */
  g_assert_true (XQ_IS_GAME_DAY_PAGE (xq_window_get_game_day_page (window)));
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (stack), ==, "teach");
  g_assert_true (adw_bin_get_child (ADW_BIN (adw_view_stack_get_child_by_name (stack, "game-day")))
                 == GTK_WIDGET (xq_window_get_game_day_page (window)));
  /* The Tournament page plays its pairings on the Play page, so building it
   * builds that one too. */
  g_assert_null (adw_bin_get_child (ADW_BIN (adw_view_stack_get_child_by_name (stack, "play"))));
  g_assert_true (XQ_IS_TOURNAMENT_PAGE (xq_window_get_page (window, "tournament")));
  g_assert_true (XQ_IS_PLAY_PAGE (adw_bin_get_child (ADW_BIN (adw_view_stack_get_child_by_name (stack, "play")))));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A window starts without its shortcuts window (GtkApplication would
 * build one with every window); win.show-help-overlay builds it once,
 * in front of the window, and shows the same one again after a close. */
static void
test_window_help_overlay_on_demand (void)
{
  XqWindow *window = xq_window_new (NULL);
  g_autoptr(GList) tops = NULL;   /* the windows are not referenced */
  GtkWindow *help = NULL;
  guint n = 0;

  g_assert_null (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));
  g_assert_false (g_resources_get_info (APP_PATH "/gtk/help-overlay.ui", 0, NULL, NULL, NULL));
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  tops = gtk_window_list_toplevels ();
  for (GList *l = tops; l != NULL; l = l->next)
    if (GTK_IS_SHORTCUTS_WINDOW (l->data) && gtk_window_get_transient_for (l->data) == GTK_WINDOW (window))
      {
        help = l->data;
        n++;
      }
  g_assert_cmpuint (n, ==, 1);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (help)));
  gtk_window_close (help);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (help)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (help)));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The resources the application loads by name exist and build. */
static void
test_resources (void)
{
  g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource (APP_PATH "/ui/xq-help-overlay.ui");
  g_autoptr(GBytes) css = g_resources_lookup_data (APP_PATH "/style.css", 0, NULL);
  GtkWidget *help = GTK_WIDGET (gtk_builder_get_object (builder, "help_overlay"));

  g_assert_true (GTK_IS_SHORTCUTS_WINDOW (help));
  g_assert_nonnull (css);
  gtk_window_destroy (GTK_WINDOW (help));
}

/* ---- Every board follows the settings ------------------------------------------ */

typedef struct {
  const char *name;
  GObject    *board;
} NamedBoard;

/* Every board of the app, each reached the way the app makes it: the pages
 * of a real window, the projector the Teach page opens, and a lesson player
 * as the Teach page's Preview makes one.  Returns the number filled in. */
static guint
collect_boards (WindowFixture      *f,
                NamedBoard          boards[],
                XqProjectorWindow **projector,
                GtkWidget         **preview)
{
  XqLearnPage *learn = xq_window_get_learn_page (f->window);
  XqPuzzlePage *puzzles = xq_window_get_puzzle_page (f->window);
  XqTeachPage *teach = xq_window_get_teach_page (f->window);
  XqGameDayPage *gd;
  XqPositionEditor *pe;
  XqLessonBoard *lb;
  guint n = 0;

  g_assert_nonnull (learn);
  g_assert_nonnull (puzzles);
  g_assert_nonnull (teach);
  boards[n++] = (NamedBoard) { "play", G_OBJECT (xq_play_page_get_board_view (f->page)) };
  lb = xq_lesson_player_get_board (xq_learn_page_get_player (learn));
  boards[n++] = (NamedBoard) { "learn", G_OBJECT (lb) };
  boards[n++] = (NamedBoard) { "learn view", G_OBJECT (xq_lesson_board_get_view (lb)) };
  lb = xq_puzzle_page_get_board (puzzles);
  boards[n++] = (NamedBoard) { "puzzles", G_OBJECT (lb) };
  boards[n++] = (NamedBoard) { "puzzles view", G_OBJECT (xq_lesson_board_get_view (lb)) };
  pe = xq_exercise_editor_get_position_editor (xq_teach_page_get_exercise_editor (teach));
  boards[n++] = (NamedBoard) { "teach editor", G_OBJECT (xq_position_editor_get_board (pe)) };
  *projector = xq_teach_page_open_projector (teach);
  boards[n++] = (NamedBoard) { "projector", G_OBJECT (xq_projector_window_get_board (*projector)) };
  *preview = g_object_ref_sink (xq_lesson_player_new ());
  lb = xq_lesson_player_get_board (XQ_LESSON_PLAYER (*preview));
  boards[n++] = (NamedBoard) { "preview", G_OBJECT (lb) };
  boards[n++] = (NamedBoard) { "preview view", G_OBJECT (xq_lesson_board_get_view (lb)) };
  gd = xq_window_get_game_day_page (f->window);
  g_assert_nonnull (gd);
  boards[n++] = (NamedBoard) { "game day", G_OBJECT (xq_variant_play_get_board (xq_game_day_page_get_play (gd))) };
  return n;
}

static void
assert_boards (const NamedBoard boards[],
               guint            n,
               XqPieceSet       set,
               XqTheme          theme,
               gboolean         coordinates)
{
  for (guint i = 0; i < n; i++)
    {
      XqPieceSet board_set;
      XqTheme board_theme;
      gboolean board_coordinates;

      g_object_get (boards[i].board, "piece-set", &board_set, "theme", &board_theme,
                    "show-coordinates", &board_coordinates, NULL);
      g_test_message ("%s: set %d theme %d coordinates %d", boards[i].name,
                      board_set, board_theme, board_coordinates);
      g_assert_cmpint (board_set, ==, set);
      g_assert_cmpint (board_theme, ==, theme);
      g_assert_cmpint (!!board_coordinates, ==, !!coordinates);
    }
}

static GdkPaintable *
palette_paintable (WindowFixture *f,
                   XqPiece        piece)
{
  XqTeachPage *teach = xq_window_get_teach_page (f->window);
  XqPositionEditor *pe = xq_exercise_editor_get_position_editor (xq_teach_page_get_exercise_editor (teach));
  GtkWidget *child = gtk_button_get_child (GTK_BUTTON (xq_position_editor_get_palette_button (pe, piece)));

  g_assert_true (GTK_IS_PICTURE (child));
  return gtk_picture_get_paintable (GTK_PICTURE (child));
}

/* Preferences reach every open board at once, and only through the
 * settings: nothing is passed by hand. */
static void
test_boards_follow_settings (WindowFixture *f,
                             gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (XQ_SETTINGS_SCHEMA);
  g_autoptr(GEnumClass) sets = g_type_class_ref (XQ_TYPE_PIECE_SET);
  g_autoptr(GEnumClass) themes = g_type_class_ref (XQ_TYPE_THEME);
  g_autoptr(GdkPaintable) palette_before = NULL;
  XqProjectorWindow *projector = NULL;
  GtkWidget *preview = NULL;
  NamedBoard boards[16];
  guint n;

  /* The settings store the renderer's names: the enum nicks are those names. */
  for (int i = 0; i < XQ_N_PIECE_SETS; i++)
    g_assert_cmpstr (g_enum_get_value (sets, i)->value_nick, ==, xq_piece_set_to_string (i));
  for (int i = XQ_THEME_WOOD; i <= XQ_THEME_PRINT; i++)
    g_assert_cmpstr (g_enum_get_value (themes, i)->value_nick, ==, xq_theme_to_string (i));

  n = collect_boards (f, boards, &projector, &preview);
  g_assert_cmpuint (n, ==, 10);
  palette_before = g_object_ref (palette_paintable (f, xq_piece_make (XQ_RED, XQ_KING)));

  g_settings_set_string (settings, "piece-set", "pictogram");
  g_settings_set_string (settings, "board-theme", "contrast");
  g_settings_set_boolean (settings, "show-coordinates", FALSE);
  assert_boards (boards, n, XQ_PIECE_SET_PICTOGRAM, XQ_THEME_CONTRAST, FALSE);
  /* The Teach palette draws its pieces again in the new set. */
  g_assert_true (palette_paintable (f, xq_piece_make (XQ_RED, XQ_KING)) != palette_before);

  g_settings_set_string (settings, "piece-set", "simplified");
  g_settings_set_string (settings, "board-theme", "print");
  g_settings_set_boolean (settings, "show-coordinates", TRUE);
  assert_boards (boards, n, XQ_PIECE_SET_SIMPLIFIED, XQ_THEME_PRINT, TRUE);

  /* A name the renderer does not know (a hand-edited setting) falls back. */
  g_settings_set_string (settings, "piece-set", "cartoon");
  g_settings_set_string (settings, "board-theme", "neon");
  assert_boards (boards, n, XQ_PIECE_SET_TRADITIONAL, XQ_THEME_WOOD, TRUE);

  /* A board made after the change starts in the chosen style too. */
  g_settings_set_string (settings, "piece-set", "pictogram");
  {
    g_autoptr(GtkWidget) late = g_object_ref_sink (xq_editor_board_new ());
    g_autoptr(GtkWidget) late_gd = g_object_ref_sink (xq_variant_board_new ());
    NamedBoard late_boards[] = { { "new editor board", G_OBJECT (late) },
                                 { "new game day board", G_OBJECT (late_gd) } };
    assert_boards (late_boards, G_N_ELEMENTS (late_boards), XQ_PIECE_SET_PICTOGRAM, XQ_THEME_WOOD, TRUE);
  }

  /* "auto" in the C locale: the traditional set. */
  g_settings_reset (settings, "piece-set");
  g_settings_reset (settings, "board-theme");
  g_settings_reset (settings, "show-coordinates");
  assert_boards (boards, n, XQ_PIECE_SET_TRADITIONAL, XQ_THEME_WOOD, TRUE);

  gtk_window_destroy (GTK_WINDOW (projector));
  g_object_unref (preview);
}

/* Runs once per interface language: "Automatic" pieces follow the script of
 * the language (zh_CN reads simplified characters, zh_TW and English the
 * traditional set), on every board. */
static void
test_window_i18n_pieces (WindowFixture *f,
                         gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (XQ_SETTINGS_SCHEMA);
  const char *lang = g_getenv ("LANGUAGE");
  XqPieceSet expect = g_strcmp0 (lang, "zh_CN") == 0 ? XQ_PIECE_SET_SIMPLIFIED : XQ_PIECE_SET_TRADITIONAL;
  XqProjectorWindow *projector = NULL;
  GtkWidget *preview = NULL;
  NamedBoard boards[16];
  guint n = collect_boards (f, boards, &projector, &preview);

  g_autofree char *value = g_settings_get_string (settings, "piece-set");
  g_assert_cmpstr (value, ==, "auto");
  g_assert_cmpint (xq_board_settings_piece_set ("auto"), ==, expect);
  assert_boards (boards, n, expect, XQ_THEME_WOOD, TRUE);
  /* Away from "auto" and back again. */
  g_settings_set_string (settings, "piece-set", "pictogram");
  assert_boards (boards, n, XQ_PIECE_SET_PICTOGRAM, XQ_THEME_WOOD, TRUE);
  g_settings_set_string (settings, "piece-set", "auto");
  assert_boards (boards, n, expect, XQ_THEME_WOOD, TRUE);

  gtk_window_destroy (GTK_WINDOW (projector));
  g_object_unref (preview);
}

/* Runs once per interface language (see tests/meson.build): the window's
 * visible texts follow LANGUAGE. */
static void
test_window_i18n (WindowFixture *f,
                  gconstpointer  data)
{
  const char *lang = g_getenv ("LANGUAGE");
  const char *title = gtk_window_get_title (GTK_WINDOW (f->window));
  const char *expect_title = "Xiangqi Tutor", *expect_turn = "Red to move";
  /* English with no notation chosen: the move in words (issue 31). */
  const char *expect_move = "1. Cannon to the centre";
  g_autofree char *list = NULL;

  if (g_strcmp0 (lang, "zh_CN") == 0)
    {
      expect_title = "象棋小老师";
      expect_turn = "红方走棋";
      expect_move = "1. 炮二平五";
    }
  else if (g_strcmp0 (lang, "zh_TW") == 0)
    {
      expect_title = "象棋小老師";
      expect_turn = "紅方走棋";
      expect_move = "1. 炮二平五";
    }
  g_test_message ("LANGUAGE=%s title=%s", lang ? lang : "(unset)", title);
  g_assert_cmpstr (title, ==, expect_title);
  g_assert_cmpstr (xq_play_page_get_status_text (f->page), ==, expect_turn);
  /* "Automatic" notation follows the language. */
  g_assert_true (xq_play_page_play (f->page, iccs ("h2e2"), NULL));
  list = xq_play_page_get_move_list_text (f->page);
  g_assert_cmpstr (list, ==, expect_move);
}

/* The widget below root whose tooltip is text, or NULL. */
static GtkWidget *
find_tooltip (GtkWidget *root, const char *text)
{
  if (g_strcmp0 (gtk_widget_get_tooltip_text (root), text) == 0)
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_tooltip (c, text);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
count_tooltips (GtkWidget *root, int *with_tooltip, int *fitted)
{
  if (gtk_widget_get_tooltip_markup (root) != NULL)
    {
      ++*with_tooltip;
      if (xq_tooltip_is_fitted (root))
        ++*fitted;
      else
        g_test_message ("not fitted: %s “%s”", G_OBJECT_TYPE_NAME (root), gtk_widget_get_tooltip_text (root));
    }
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    count_tooltips (c, with_tooltip, fitted);
}

/* Issue 31: the zh_TW main-menu tooltip stood one character a line (GTK
 * 4.8 caps a tooltip's label at one Latin character's width per character).
 * The window's tooltips show in a label that keeps the text on one line. */
static void
test_window_i18n_tooltip (WindowFixture *f,
                          gconstpointer  data)
{
  const char *text = _("Main Menu");
  GtkWidget *button = find_tooltip (GTK_WIDGET (f->window), text);
  GtkWidget *label, *line, *stock;
  int min, nat, height, line_height, stock_nat;
  int with_tooltip = 0, fitted = 0;

  g_assert_nonnull (button);
  g_assert_true (GTK_IS_MENU_BUTTON (button));
  g_assert_true (xq_tooltip_is_fitted (button));
  /* Every tooltip of the window and its first page, not only this one. */
  count_tooltips (GTK_WIDGET (f->window), &with_tooltip, &fitted);
  g_assert_cmpint (with_tooltip, >, 1);
  g_assert_cmpint (fitted, ==, with_tooltip);

  /* What the tooltip shows: the whole text on one line, as wide as a label
   * that never wraps. */
  label = g_object_ref_sink (xq_tooltip_label_new (text));
  line = g_object_ref_sink (gtk_label_new (text));
  gtk_widget_measure (label, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, nat, NULL, &height, NULL, NULL);
  gtk_widget_measure (line, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &line_height, NULL, NULL);
  {
    int line_width;

    gtk_widget_measure (line, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &line_width, NULL, NULL);
    g_assert_cmpint (nat, >=, line_width);
  }
  gtk_widget_measure (line, GTK_ORIENTATION_VERTICAL, -1, NULL, &line_height, NULL, NULL);
  g_assert_cmpint (height, ==, line_height);
  g_assert_cmpint (gtk_label_get_max_width_chars (GTK_LABEL (label)), ==, XQ_TOOLTIP_MAX_CHARS);
  /* GTK's own cap, for the log: max-width-chars = the number of characters. */
  stock = g_object_ref_sink (gtk_label_new (text));
  gtk_label_set_wrap (GTK_LABEL (stock), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (stock), (int) g_utf8_strlen (text, -1));
  gtk_widget_measure (stock, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &stock_nat, NULL, NULL);
  g_test_message ("“%s”: fitted %d px wide, one line %d px high; GTK's cap %d px", text, nat, height, stock_nat);
  g_object_unref (stock);
  g_object_unref (line);
  g_object_unref (label);
}

/* Every piece drag (a board, the Teach palette, the set-up tray) carries the
 * one payload, and anything else is refused. */
static void
test_piece_drag_payload (void)
{
  XqPiece pieces[] = { xq_piece_make (XQ_RED, XQ_KING), xq_piece_make (XQ_BLACK, XQ_PAWN) };
  XqSquare froms[] = { XQ_NO_SQUARE, 0, XQ_SQUARES - 1 };
  g_auto(GValue) other = G_VALUE_INIT;
  XqPiece piece;
  XqSquare from;

  for (guint i = 0; i < G_N_ELEMENTS (pieces); i++)
    for (guint j = 0; j < G_N_ELEMENTS (froms); j++)
      {
        g_autoptr(GdkContentProvider) content = xq_board_paint_drag_content (pieces[i], froms[j]);
        g_auto(GValue) value = G_VALUE_INIT;
        g_autoptr(GError) error = NULL;

        g_value_init (&value, XQ_TYPE_PIECE_DRAG);
        g_assert_true (gdk_content_provider_get_value (content, &value, &error));
        g_assert_no_error (error);
        piece = XQ_EMPTY;
        from = -2;
        g_assert_true (xq_board_paint_parse_drag (&value, &piece, &from));
        g_assert_cmpint (piece, ==, pieces[i]);
        g_assert_cmpint (from, ==, froms[j]);
      }

  g_value_init (&other, G_TYPE_INT);
  g_value_set_int (&other, xq_piece_make (XQ_RED, XQ_KING));
  g_assert_false (xq_board_paint_parse_drag (&other, &piece, &from));
  g_value_unset (&other);
  g_value_init (&other, XQ_TYPE_PIECE_DRAG);
  g_value_set_uint (&other, 0);                    /* no piece */
  g_assert_false (xq_board_paint_parse_drag (&other, &piece, &from));
  g_value_set_uint (&other, 8);                    /* a colour with no type */
  g_assert_false (xq_board_paint_parse_drag (&other, &piece, &from));
  g_value_set_uint (&other, 1 | (XQ_SQUARES + 1) << 4); /* past the last point */
  g_assert_false (xq_board_paint_parse_drag (&other, &piece, &from));
}

/* One picture of a piece: the size asked for, kept while size and style
 * stay, drawn again when either changes. */
static void
test_piece_textures (void)
{
  XqPieceTextures set = { 0 };
  XqRenderStyle style;
  XqPiece horse = xq_piece_make (XQ_RED, XQ_HORSE);
  GdkTexture *a, *b;
  g_autoptr(GdkTexture) alone = NULL;

  xq_render_style_init (&style);
  alone = xq_board_paint_piece_texture (horse, &style, 40);
  g_assert_nonnull (alone);
  g_assert_cmpint (gdk_texture_get_width (alone), ==, 40);
  g_assert_cmpint (gdk_texture_get_height (alone), ==, 40);

  a = xq_piece_textures_get (&set, horse, &style, 56);
  g_assert_nonnull (a);
  g_assert_cmpint (gdk_texture_get_width (a), ==, 56);
  g_assert_true (xq_piece_textures_get (&set, horse, &style, 56) == a);
  b = xq_piece_textures_get (&set, horse, &style, 48);
  g_assert_cmpint (gdk_texture_get_width (b), ==, 48);
  style.pieces = XQ_PIECE_SET_PICTOGRAM;
  g_assert_true (xq_piece_textures_get (&set, horse, &style, 48) != NULL);
  g_assert_true (set.style.pieces == XQ_PIECE_SET_PICTOGRAM);
  xq_piece_textures_clear (&set);
  for (guint i = 0; i < G_N_ELEMENTS (set.tex); i++)
    g_assert_null (set.tex[i]);
}

/* ---- The computer's turn (xq-thinker) ------------------------------------- */

typedef struct
{
  int       prepared, done, found, freed, stopped;
  gboolean  block;                /* search waits until it is stopped */
  gboolean  done_on_main;
  int       answer;
} ThinkCounts;

typedef struct
{
  ThinkCounts *counts;
  gint         stop;
  int          answer;
} ThinkJob;

static ThinkCounts think_counts;

static gpointer
test_think_prepare (gpointer owner)
{
  ThinkJob *job = g_new0 (ThinkJob, 1);

  job->counts = &think_counts;
  think_counts.prepared++;
  return job;
}

static gboolean
test_think_search (gpointer data)
{
  ThinkJob *job = data;

  while (job->counts->block && !g_atomic_int_get (&job->stop))
    g_usleep (1000);
  if (g_atomic_int_get (&job->stop))
    return FALSE;
  job->answer = 42;
  return TRUE;
}

static void
test_think_stop (gpointer data)
{
  ThinkJob *job = data;

  job->counts->stopped++;
  g_atomic_int_set (&job->stop, 1);
}

static void
test_think_done (gpointer owner, gpointer data, gboolean found)
{
  ThinkJob *job = data;

  job->counts->done++;
  job->counts->found += found;
  job->counts->answer = job->answer;
  job->counts->done_on_main = g_main_context_is_owner (g_main_context_default ());
}

/* The task's last reference, and with it the job, may go in the search's
 * thread after the main loop has dispatched the task's callback: the
 * count is atomic and the main loop is woken, or a test waiting for the
 * free could sleep in poll () for ever (it did, under the sanitizers). */
static void
test_think_free (gpointer data)
{
  ThinkJob *job = data;

  g_atomic_int_inc (&job->counts->freed);
  g_free (job);
  g_main_context_wakeup (NULL);
}

static const XqThinkerFuncs test_think_funcs = {
  test_think_prepare, test_think_search, test_think_stop, test_think_done, test_think_free,
};

/* A search that runs until it is stopped, under way. */
static void
start_blocked_search (XqThinker *thinker)
{
  memset (&think_counts, 0, sizeof think_counts);
  think_counts.block = TRUE;
  xq_thinker_start (thinker, 0);
  while (!xq_thinker_is_searching (thinker))
    g_main_context_iteration (NULL, TRUE);
}

/* The answer arrives on the main loop; a cancelled search (in its pause or
 * while it runs) never delivers one, and its job is still freed. */
static void
test_thinker (void)
{
  g_autoptr(GObject) owner = g_object_new (G_TYPE_OBJECT, NULL);
  XqThinker *thinker = xq_thinker_new (owner, &test_think_funcs);

  memset (&think_counts, 0, sizeof think_counts);
  g_assert_false (xq_thinker_is_busy (thinker));
  xq_thinker_start (thinker, 0);
  g_assert_true (xq_thinker_is_busy (thinker));
  g_assert_false (xq_thinker_is_searching (thinker));
  while (xq_thinker_is_busy (thinker))
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (think_counts.prepared, ==, 1);
  g_assert_cmpint (think_counts.done, ==, 1);
  g_assert_cmpint (think_counts.found, ==, 1);
  g_assert_cmpint (think_counts.answer, ==, 42);
  g_assert_true (think_counts.done_on_main);
  while (g_atomic_int_get (&think_counts.freed) < 1)
    g_main_context_iteration (NULL, TRUE);

  /* Cancelled in the pause: nothing is even prepared. */
  memset (&think_counts, 0, sizeof think_counts);
  xq_thinker_start (thinker, 60 * 1000);
  xq_thinker_cancel (thinker);
  g_assert_false (xq_thinker_is_busy (thinker));
  g_assert_cmpint (think_counts.prepared, ==, 0);

  /* Cancelled while searching: stopped, freed, never delivered. */
  start_blocked_search (thinker);
  xq_thinker_cancel (thinker);
  g_assert_cmpint (think_counts.stopped, ==, 1);
  g_assert_false (xq_thinker_is_busy (thinker));
  while (g_atomic_int_get (&think_counts.freed) < 1)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (think_counts.done, ==, 0);

  /* Freed while searching (the page closes): the same. */
  start_blocked_search (thinker);
  xq_thinker_free (thinker);
  while (g_atomic_int_get (&think_counts.freed) < 1)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (think_counts.stopped, ==, 1);
  g_assert_cmpint (think_counts.done, ==, 0);
}

/* ---- Issue 13: the Play page says why it refuses a move -------------------- */

static void
play_click (XqBoardView *view,
            const char  *square)
{
  GtkEventController *click = find_controller (GTK_WIDGET (view), GTK_TYPE_GESTURE_CLICK);
  double x, y;

  xq_board_view_get_point (view, xq_square_from_text (square), &x, &y);
  g_assert_cmpint (xq_board_view_pick (view, x, y), ==, xq_square_from_text (square));
  g_signal_emit_by_name (click, "pressed", 1, x, y);
  g_signal_emit_by_name (click, "released", 1, x, y);
}

static gboolean
view_has_mark (XqBoardView *view,
               XqMarkKind   kind,
               XqColorRole  role,
               const char  *sq,
               const char  *to)
{
  const XqAnnotations *marks = xq_board_view_get_marks (view);

  for (int i = 0; i < marks->n_marks; i++)
    if (marks->marks[i].kind == kind && marks->marks[i].role == role &&
        marks->marks[i].sq == xq_square_from_text (sq) &&
        (to == NULL || marks->marks[i].to == xq_square_from_text (to)))
      return TRUE;
  return FALSE;
}

static void
test_play_refusal (WindowFixture *f,
                   gconstpointer  data)
{
  XqBoardView *view = xq_play_page_get_board_view (f->page);
  XqBoardModel *model = xq_play_page_get_board_model (f->page);
  GtkEventController *click = find_controller (GTK_WIDGET (view), GTK_TYPE_GESTURE_CLICK);
  GtkEventController *drag = find_controller (GTK_WIDGET (view), GTK_TYPE_GESTURE_DRAG);
  double x0, y0, x1, y1;

  xq_window_show_page (f->window, "play");
  gtk_test_widget_wait_for_draw (GTK_WIDGET (f->window));
  /* Red: horse b0 with a chariot on its leg b1; the generals on files d and e. */
  g_assert_true (xq_play_page_load_fen (f->page, "4k4/9/9/9/9/9/9/9/1R7/1N1K5 w - - 0 1", NULL));
  g_assert_null (xq_play_page_get_refusal_text (f->page));

  /* The blocked horse: the sentence, the leg circled, the point crossed out. */
  play_click (view, "b0");
  play_click (view, "c2");
  g_assert_cmpint (xq_game_get_n_plies (xq_play_page_get_game (f->page)), ==, 0);
  g_assert_cmpint (xq_board_model_get_selected (model), ==, XQ_NO_SQUARE);
  g_assert_cmpstr (xq_play_page_get_refusal_text (f->page), ==,
                   "The horse's leg is blocked: a piece stands right next to it on that side.");
  g_assert_true (view_has_mark (view, XQ_MARK_CIRCLE, XQ_ROLE_BAD, "b1", NULL));
  g_assert_true (view_has_mark (view, XQ_MARK_CIRCLE, XQ_ROLE_BAD, "c2", NULL));
  g_assert_cmpstr (xq_board_view_get_announcement (view), ==,
                   xq_play_page_get_refusal_text (f->page));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (view));

  /* The next click clears it, even one that does nothing. */
  play_click (view, "a5");
  g_assert_null (xq_play_page_get_refusal_text (f->page));
  g_assert_cmpint (xq_board_view_get_marks (view)->n_marks, ==, 0);

  /* Generals facing: the attacking line down file e, from Black's general. */
  play_click (view, "d0");
  play_click (view, "e0");
  g_assert_cmpstr (xq_play_page_get_refusal_text (f->page), ==,
                   "The two generals may never face each other on an open file.");
  g_assert_true (view_has_mark (view, XQ_MARK_ARROW, XQ_ROLE_WARNING, "e9", "e0"));
  g_assert_false (view_has_mark (view, XQ_MARK_CIRCLE, XQ_ROLE_BAD, "b1", NULL));

  /* A dropped piece is refused the same way (the press clears the old reason). */
  xq_board_view_get_point (view, xq_square_from_text ("b0"), &x0, &y0);
  xq_board_view_get_point (view, xq_square_from_text ("a2"), &x1, &y1);
  g_signal_emit_by_name (click, "pressed", 1, x0, y0);
  g_assert_null (xq_play_page_get_refusal_text (f->page));
  g_signal_emit_by_name (drag, "drag-begin", x0, y0);
  g_signal_emit_by_name (drag, "drag-update", (x1 - x0) / 2, (y1 - y0) / 2);
  g_signal_emit_by_name (drag, "drag-update", x1 - x0, y1 - y0);
  g_signal_emit_by_name (drag, "drag-end", x1 - x0, y1 - y0);
  g_assert_cmpstr (xq_play_page_get_refusal_text (f->page), ==,
                   "The horse's leg is blocked: a piece stands right next to it on that side.");
  g_assert_true (view_has_mark (view, XQ_MARK_CIRCLE, XQ_ROLE_BAD, "a2", NULL));

  /* A legal move clears it too. */
  g_assert_true (xq_play_page_play (f->page, xq_move_from_iccs ("d0d1"), NULL));
  g_assert_null (xq_play_page_get_refusal_text (f->page));
  g_assert_cmpint (xq_board_view_get_marks (view)->n_marks, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  xq_test_gtk_init_app (&argc, &argv, XQ_BUILD_SCHEMADIR, XQ_BUILD_ROOT "/po");

  g_test_add_func ("/ui/board/model", test_board_model);
  g_test_add_func ("/ui/board/drag-payload", test_piece_drag_payload);
  g_test_add_func ("/ui/board/piece-textures", test_piece_textures);
  g_test_add_func ("/ui/thinker", test_thinker);
  g_test_add ("/ui/board/pick", BoardFixture, NULL, board_setup, test_board_pick, board_teardown);
  g_test_add ("/ui/board/click-click", BoardFixture, NULL, board_setup, test_board_click_click, board_teardown);
  g_test_add ("/ui/board/click-illegal", BoardFixture, NULL, board_setup, test_board_click_illegal, board_teardown);
  g_test_add ("/ui/board/drag", BoardFixture, NULL, board_setup, test_board_drag, board_teardown);
  g_test_add ("/ui/board/keyboard", BoardFixture, NULL, board_setup, test_board_keyboard, board_teardown);
  g_test_add ("/ui/board/draw", BoardFixture, NULL, board_setup, test_board_draw, board_teardown);
  g_test_add ("/ui/board/animation", BoardFixture, NULL, board_setup, test_board_animation, board_teardown);
  g_test_add ("/ui/board/describe", BoardFixture, NULL, board_setup, test_board_describe, board_teardown);
  g_test_add ("/ui/play/two-players", WindowFixture, NULL, window_setup, test_play_two_players, window_teardown);
  g_test_add ("/ui/play/fen", WindowFixture, NULL, window_setup, test_play_fen, window_teardown);
  g_test_add ("/ui/play/clipboard", WindowFixture, NULL, window_setup, test_play_clipboard, window_teardown);
  g_test_add ("/ui/play/result", WindowFixture, NULL, window_setup, test_play_result, window_teardown);
  g_test_add ("/ui/window/actions", WindowFixture, NULL, window_setup, test_window_actions, window_teardown);
  g_test_add ("/ui/window/preferences", WindowFixture, NULL, window_setup, test_preferences, window_teardown);
  g_test_add ("/ui/play/clock", WindowFixture, NULL, window_setup, test_play_clock, window_teardown);
  g_test_add ("/ui/play/pgn", WindowFixture, NULL, window_setup, test_play_pgn, window_teardown);
  g_test_add ("/ui/play/computer", WindowFixture, NULL, window_setup, test_play_computer, window_teardown);
  g_test_add ("/ui/play/computer-black", WindowFixture, NULL, window_setup, test_play_computer_black, window_teardown);
  g_test_add ("/ui/play/computer-flag", WindowFixture, NULL, window_setup, test_play_computer_flag, window_teardown);
  g_test_add ("/ui/play/clock-preset", WindowFixture, NULL, window_setup, test_play_clock_preset, window_teardown);
  g_test_add ("/ui/window/preferences-clock", WindowFixture, NULL, window_setup, test_preferences_clock, window_teardown);
  g_test_add ("/ui/window/preferences-piece-sets", WindowFixture, NULL, window_setup, test_preferences_piece_sets, window_teardown);
  g_test_add ("/ui/window/preferences-clock-text", WindowFixture, NULL, window_setup, test_preferences_clock_text, window_teardown);
  g_test_add_func ("/ui/window/resources", test_resources);
  g_test_add_func ("/ui/play/layout", test_play_layout);
  g_test_add_func ("/ui/window/size", test_window_size);
  g_test_add_func ("/ui/window/min-width", test_window_min_width);
  g_test_add_func ("/ui/window/pages-on-demand", test_window_pages_on_demand);
  g_test_add_func ("/ui/window/switcher-bar-on-demand", test_window_switcher_bar_on_demand);
  g_test_add_func ("/ui/window/switcher-no-fade-at-start", test_window_switcher_no_fade_at_start);
  g_test_add_func ("/ui/window/opens-narrow", test_window_opens_narrow);
  g_test_add_func ("/ui/window/help-overlay-on-demand", test_window_help_overlay_on_demand);
  g_test_add_func ("/ui/window/loads-learn-first", test_window_loads_learn_first);
  g_test_add_func ("/ui/window/idle-after-start", test_window_idle_after_start);
  g_test_add_func ("/ui/loading-view/spins-when-shown", test_loading_view_spins_when_shown);
  g_test_add ("/ui/window/boards-follow-settings", WindowFixture, NULL, window_setup,
              test_boards_follow_settings, window_teardown);
  g_test_add ("/ui/window/i18n", WindowFixture, NULL, window_setup, test_window_i18n, window_teardown);
  g_test_add ("/ui/window/i18n/tooltip", WindowFixture, NULL, window_setup, test_window_i18n_tooltip,
              window_teardown);
  g_test_add ("/ui/window/i18n/pieces", WindowFixture, NULL, window_setup, test_window_i18n_pieces,
              window_teardown);
  g_test_add ("/ui/play/refusal", WindowFixture, NULL, window_setup, test_play_refusal, window_teardown);

  return g_test_run ();
}
