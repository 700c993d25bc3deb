/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Game Day page under Xvfb: every game opened and played by clicks on
 * the board widget (GTK 4.8 cannot synthesise events, so clicks go through
 * xq_variant_board_click, the same path a real click takes), refused
 * actions explained, the computer answering from a worker thread, save and
 * open replaying identically, and the rules pages in the interface
 * language (--lang=zh_CN / zh_TW). */
#define G_LOG_DOMAIN "test-game-day"

#include "config.h"

#include <glib/gstdio.h>
#include <glib/gi18n-lib.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "xq-game-day-page.h"
#include "xq-test-gtk.h"

typedef struct {
  GtkWidget     *window;
  XqGameDayPage *page;
  XqVariantPlay *play;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->page = g_object_new (XQ_TYPE_GAME_DAY_PAGE, NULL);
  f->play = xq_game_day_page_get_play (f->page);
  xq_variant_play_set_computer_delay (f->play, 0);
  f->window = xq_test_present (GTK_WIDGET (f->page));
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
}

static void
view_of (Fixture *f, XqVariantState *out)
{
  xq_variant_game_get_view (xq_variant_play_get_game (f->play), out);
}

static int
ply (Fixture *f)
{
  return xq_variant_game_get_ply (xq_variant_play_get_game (f->play));
}

static XqVariantBoard *
board (Fixture *f)
{
  return xq_variant_play_get_board (f->play);
}

/* Plays one legal action the way a person would: a flip is a click on the
 * piece, a move a click on the piece and one on its target, a drop a click
 * on the hand and one on the cell, a cube turn a click on the face. */
static void
play_by_clicks (Fixture *f, const XqVariantAction *a)
{
  XqVariantState st;

  view_of (f, &st);
  switch (a->kind)
    {
    case XQ_ACTION_FLIP:
      xq_variant_board_click (board (f), a->from);
      break;
    case XQ_ACTION_MOVE:
      xq_variant_board_click (board (f), a->from);
      xq_variant_board_click (board (f), a->to);
      break;
    case XQ_ACTION_DROP:
      xq_variant_play_choose_drop (f->play, a->type);
      xq_variant_board_click (board (f), a->to);
      break;
    case XQ_ACTION_CUBE:
      xq_variant_play_turn_cube (f->play, a->type);
      break;
    default:
      {
        g_autofree char *text = xq_variant_action_to_text (&st, a);
        g_autoptr(GError) error = NULL;
        g_assert_true (xq_variant_play_play_text (f->play, text, &error));
        g_assert_no_error (error);
      }
    }
}

/* The n-th legal action (wrapping), preferring the kinds a click makes. */
static gboolean
pick_action (Fixture *f, guint n, XqVariantAction *out)
{
  XqVariantState st;
  g_autofree XqVariantAction *acts = g_new (XqVariantAction, XQ_VARIANT_MAX_ACTIONS);
  int count;

  view_of (f, &st);
  count = xq_variant_legal_actions (&st, xq_variant_game_get_options (xq_variant_play_get_game (f->play)), acts);
  if (count == 0)
    return FALSE;
  *out = acts[n % (guint) count];
  return TRUE;
}

static void
wait_for_computer (Fixture *f)
{
  /* Bounded: the computer's search is bounded, this only waits for it. */
  for (int i = 0; i < 200000 && xq_variant_play_get_thinking (f->play); i++)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (xq_variant_play_get_thinking (f->play));
}

/* ---- The list and the rules pages ---------------------------------------------------- */

static void
test_list (Fixture *f, gconstpointer data)
{
  g_assert_cmpstr (xq_game_day_page_get_view (f->page), ==, "list");
  g_assert_cmpint (xq_game_day_page_get_n_games (f->page), ==, XQ_VARIANT_N_KINDS);
  /* The list is the core's table of games: every game once, in the
   * table's order, under its name (an 8th game in the table is an 8th row). */
  for (int i = 0; i < XQ_VARIANT_N_KINDS; i++)
    {
      g_assert_cmpint (xq_game_day_page_get_game_kind (f->page, i), ==, i);
      g_assert_cmpstr (xq_game_day_page_get_game_title (f->page, i), ==, xq_variant_kind_name ((XqVariantKind) i));
    }
  g_assert_nonnull (strstr (xq_game_day_page_get_note (f->page), "狙擊象棋"));
  g_assert_nonnull (strstr (xq_game_day_page_get_note (f->page), "三國軍棋"));
}

static void
test_rules_pages (Fixture *f, gconstpointer data)
{
  for (int i = 0; i < XQ_VARIANT_N_KINDS; i++)
    {
      XqVariantKind kind = (XqVariantKind) i;
      g_autofree char *options = NULL;
      const char *text;

      xq_game_day_page_open_rules (f->page, kind);
      g_assert_cmpstr (xq_game_day_page_get_view (f->page), ==, "rules");
      text = xq_game_day_page_get_rules_text (f->page);
      options = xq_variant_options_describe (xq_game_day_page_get_options (f->page));
      g_test_message ("%s: %zu bytes", xq_variant_kind_to_code (kind), strlen (text));
      /* The rules in force end the page: the options line is there. */
      g_assert_cmpuint (strlen (text), >, 200);
      g_assert_true (g_str_has_suffix (text, options));
      /* Every game has a move limit by default, and the page says it. */
      g_assert_nonnull (strstr (options, "60"));
      /* The page says what the table's line says: its rules, one check
       * box per option it offers, one key line per legend entry. */
      g_assert_true (g_str_has_prefix (text, xq_variant_kind_rules (kind)));
      {
        int n_flags = 0, n_legend = 0, box = 0;

        for (int fl = 0; fl < XQ_VARIANT_N_FLAGS; fl++)
          if (xq_variant_kind_has_flag (kind, (XqVariantFlag) fl))
            {
              GtkCheckButton *check = xq_game_day_page_get_option (f->page, box++);
              g_autofree char *before = g_strdup (xq_game_day_page_get_rules_text (f->page));

              n_flags++;
              g_assert_nonnull (check);
              g_assert_false (gtk_check_button_get_active (check));
              /* Ticking it sets that option and changes the page's words. */
              gtk_check_button_set_active (check, TRUE);
              g_assert_true (xq_variant_options_get_flag (xq_game_day_page_get_options (f->page), (XqVariantFlag) fl));
              g_assert_cmpstr (before, !=, xq_game_day_page_get_rules_text (f->page));
              gtk_check_button_set_active (check, FALSE);
              g_assert_cmpstr (before, ==, xq_game_day_page_get_rules_text (f->page));
            }
        g_assert_cmpint (xq_game_day_page_get_n_options (f->page), ==, n_flags);
        xq_variant_kind_legend (kind, &n_legend);
        g_assert_cmpint (xq_game_day_page_get_n_legend (f->page), ==, n_legend);
      }
      /* Two board pictures from the renderer, shaped like the game's board. */
      for (int k = 0; k < 2; k++)
        {
          GdkPaintable *pic = xq_game_day_page_get_picture (f->page, k);
          double aspect;

          g_assert_nonnull (pic);
          aspect = (double) gdk_paintable_get_intrinsic_width (pic) / gdk_paintable_get_intrinsic_height (pic);
          g_assert_cmpfloat (fabs (aspect - xq_scene_aspect_ratio (xq_variant_kind_is_half (kind)
                                                                    ? XQ_BOARD_SHAPE_HALF
                                                                    : XQ_BOARD_SHAPE_FULL)), <, 0.02);
        }
    }
  /* Choosing an option changes what the page says. */
  {
    XqVariantOptions opts;
    g_autofree char *before = NULL, *after = NULL;

    xq_variant_options_init (&opts, XQ_VARIANT_BANQI);
    before = xq_variant_options_describe (&opts);
    opts.slide_chariot = TRUE;
    after = xq_variant_options_describe (&opts);
    g_assert_cmpstr (before, !=, after);
  }
}

/* ---- Keyboard and screen readers ------------------------------------------------------ */

/* Runs the board's key binding for keyval, as a key press would. */
static void
test_keyboard (Fixture *f, gconstpointer data)
{
  GtkWidget *w = GTK_WIDGET (board (f));
  XqVariantState st;
  int before;

  /* 揭棋, two players: walk to the soldier on a3, pick it, step it to a4. */
  xq_game_day_page_open_rules (f->page, XQ_VARIANT_JIEQI);
  xq_game_day_page_play (f->page, 0, 5);
  g_assert_true (gtk_widget_get_focusable (w));
  xq_variant_board_set_cursor (board (f), 0);
  xq_test_press_key (w, GDK_KEY_Up);
  xq_test_press_key (w, GDK_KEY_Up);
  xq_test_press_key (w, GDK_KEY_Up);
  xq_test_press_key (w, GDK_KEY_Left);            /* stops at the edge */
  g_assert_cmpint (xq_variant_board_get_cursor (board (f)), ==, 3 * 9);
  {
    g_autofree char *name = xq_variant_board_describe_cell (board (f), 3 * 9);
    g_autofree char *empty = xq_variant_board_describe_cell (board (f), 4 * 9);
    g_autofree char *general = xq_variant_board_describe_cell (board (f), 4);
    g_assert_cmpstr (name, ==, "Face-down red piece, a3");
    g_assert_cmpstr (empty, ==, "Empty, a4");
    g_assert_cmpstr (general, ==, "Red general, e0");
  }
  before = ply (f);
  xq_test_press_key (w, GDK_KEY_Return);
  /* Escape puts it down again; Return picks it up once more. */
  xq_test_press_key (w, GDK_KEY_Escape);
  xq_test_press_key (w, GDK_KEY_Return);
  xq_test_press_key (w, GDK_KEY_Up);
  xq_test_press_key (w, GDK_KEY_space);
  g_assert_cmpint (ply (f), ==, before + 1);
  view_of (f, &st);
  g_assert_cmpint (st.cell[4 * 9].face, ==, XQ_FACE_UP);
  /* The screen reader hears what now stands there, and whose turn it is. */
  g_assert_nonnull (strstr (xq_variant_board_get_announcement (board (f)), ", a4. Black to move"));

  /* 翻翻棋: Enter on a face-down cell turns it over; arrows stop at the
   * half board's edges. */
  xq_game_day_page_open_rules (f->page, XQ_VARIANT_BANQI);
  xq_game_day_page_play (f->page, 0, 7);
  xq_variant_board_set_cursor (board (f), 0);
  for (int i = 0; i < 12; i++)
    xq_test_press_key (w, GDK_KEY_Right);
  for (int i = 0; i < 6; i++)
    xq_test_press_key (w, GDK_KEY_Up);
  g_assert_cmpint (xq_variant_board_get_cursor (board (f)), ==, 31);
  before = ply (f);
  xq_test_press_key (w, GDK_KEY_Return);
  g_assert_cmpint (ply (f), ==, before + 1);
  view_of (f, &st);
  g_assert_cmpint (st.cell[31].face, ==, XQ_FACE_UP);
  {
    g_autofree char *name = xq_variant_board_describe_cell (board (f), 31);
    g_assert_true (g_str_has_suffix (name, ", h4"));
    g_assert_true (g_str_has_prefix (name, "Red ") || g_str_has_prefix (name, "Black "));
  }
  /* A refusal is announced too. */
  xq_test_press_key (w, GDK_KEY_Down);
  xq_test_press_key (w, GDK_KEY_Return);
  xq_test_press_key (w, GDK_KEY_Return);
  g_assert_cmpstr (xq_variant_board_get_announcement (board (f)), !=, "");
}

/* ---- Playing each game -------------------------------------------------------------- */

static void
test_play_each (Fixture *f, gconstpointer data)
{
  for (int i = 0; i < XQ_VARIANT_N_KINDS; i++)
    {
      XqVariantKind kind = (XqVariantKind) i;
      const XqScene *scene;

      xq_game_day_page_open_rules (f->page, kind);
      xq_game_day_page_play (f->page, 0, 1234 + i);
      g_assert_cmpstr (xq_game_day_page_get_view (f->page), ==, "play");
      scene = xq_variant_board_get_scene (board (f));
      g_assert_cmpint (scene->shape, ==, xq_variant_kind_is_half (kind) ? XQ_BOARD_SHAPE_HALF
                                                                         : XQ_BOARD_SHAPE_FULL);
      for (guint n = 0; n < 8; n++)
        {
          XqVariantAction a;
          int before = ply (f);

          if (xq_variant_game_get_result (xq_variant_play_get_game (f->play)).winner != XQ_WINNER_NONE ||
              !pick_action (f, n * 7 + 3, &a))
            break;
          play_by_clicks (f, &a);
          g_test_message ("%s ply %d: %s", xq_variant_kind_to_code (kind), ply (f),
                          xq_variant_play_get_message (f->play));
          g_assert_cmpint (ply (f), ==, before + 1);
          g_assert_cmpstr (xq_variant_play_get_message (f->play), ==, "");
        }
      g_assert_cmpint (ply (f), >, 0);
      g_assert_cmpstr (xq_variant_play_get_turn_text (f->play), !=, "");
    }
}

/* Face-down pieces are drawn as backs, and the scene never carries what a
 * back hides. */
static void
test_backs_hide (Fixture *f, gconstpointer data)
{
  XqVariantAction a = { .kind = XQ_ACTION_FLIP, .from2 = -1, .to2 = -1 };
  const XqScene *scene;
  int downs = 0;

  xq_game_day_page_open_rules (f->page, XQ_VARIANT_BANQI);
  xq_game_day_page_play (f->page, 0, 99);
  scene = xq_variant_board_get_scene (board (f));
  for (int c = 0; c < XQ_HALF_CELLS; c++)
    {
      g_assert_cmpint (scene->tokens[c].kind, ==, XQ_TOKEN_FACE_DOWN_PLAIN);
      g_assert_cmpint (scene->tokens[c].figure, ==, 0);
    }
  a.from = a.to = xq_half_cell_make (3, 1);
  play_by_clicks (f, &a);
  g_assert_cmpint (ply (f), ==, 1);
  scene = xq_variant_board_get_scene (board (f));
  g_assert_cmpint (scene->tokens[a.from].kind, ==, XQ_TOKEN_FACE_UP);
  g_assert_cmpint (scene->tokens[a.from].figure, ==,
                   xq_piece_type (xq_variant_game_get_state (xq_variant_play_get_game (f->play))->cell[a.from].piece));
  for (int c = 0; c < XQ_HALF_CELLS; c++)
    downs += scene->tokens[c].kind == XQ_TOKEN_FACE_DOWN_PLAIN;
  g_assert_cmpint (downs, ==, 31);
}

/* A flip is animated: the board is turning the piece right after it. */
static void
test_flip_animated (Fixture *f, gconstpointer data)
{
  XqVariantAction a = { .kind = XQ_ACTION_FLIP, .from2 = -1, .to2 = -1 };

  xq_game_day_page_open_rules (f->page, XQ_VARIANT_BANQI);
  xq_game_day_page_play (f->page, 0, 5);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (board (f)));
  xq_variant_board_set_animate (board (f), TRUE);
  a.from = a.to = xq_half_cell_make (0, 0);
  play_by_clicks (f, &a);
  g_assert_true (xq_variant_board_get_animating (board (f)));
  for (int i = 0; i < 100000 && xq_variant_board_get_animating (board (f)); i++)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (xq_variant_board_get_animating (board (f)));
}

/* A refused action leaves the game alone and shows the core's sentence. */
static void
test_refused (Fixture *f, gconstpointer data)
{
  XqVariantState st;
  XqVariantAction a = { .kind = XQ_ACTION_MOVE, .from2 = -1, .to2 = -1 };
  g_autofree char *expected = NULL;
  int a0 = 0, a5 = 5 * 9, h9 = 9 * 9 + 7;

  xq_game_day_page_open_rules (f->page, XQ_VARIANT_CUBE);
  xq_game_day_page_play (f->page, 0, 3);
  /* Red's chariot cannot jump its own soldier on a3. */
  view_of (f, &st);
  a.from = a0;
  a.to = a5;
  g_assert_cmpint (xq_variant_explain_refusal (&st, xq_variant_game_get_options (xq_variant_play_get_game (f->play)),
                                               &a, &expected), !=, XQ_REFUSE_NONE);
  xq_variant_board_click (board (f), a0);
  xq_variant_board_click (board (f), a5);
  g_assert_cmpint (ply (f), ==, 0);
  g_assert_cmpstr (xq_variant_play_get_message (f->play), ==, expected);
  g_assert_cmpstr (expected, !=, "");
  /* Black's horse on Red's turn: not yours. */
  xq_variant_board_click (board (f), h9);
  g_assert_cmpint (ply (f), ==, 0);
  g_assert_cmpstr (xq_variant_play_get_message (f->play), !=, "");
  g_assert_cmpstr (xq_variant_play_get_message (f->play), !=, expected);
}

/* Is a label with exactly this text drawn (visible up its ancestry)? */
static gboolean
xq_test_label_shown (GtkWidget *root, const char *text)
{
  if (GTK_IS_LABEL (root) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), text) == 0 &&
      gtk_widget_is_visible (root))
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (xq_test_label_shown (c, text))
      return TRUE;
  return FALSE;
}

/* The computer answers from its thread; it only ever gets the view. */
static void
test_computer (Fixture *f, gconstpointer data)
{
  static const XqVariantKind kinds[] = { XQ_VARIANT_BANQI, XQ_VARIANT_JIEQI };
  int arrows = 0;

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    for (int level = 1; level <= XQ_VARIANT_ENGINE_MAX_LEVEL; level += 2)
      {
        XqVariantAction a;

        xq_game_day_page_open_rules (f->page, kinds[k]);
        xq_game_day_page_play (f->page, level, 42);
        g_assert_cmpint (xq_variant_play_get_level (f->play), ==, level);
        g_assert_true (pick_action (f, 0, &a));
        play_by_clicks (f, &a);
        g_assert_cmpint (ply (f), ==, 1);
        /* While it thinks, clicks are turned away with a reason. */
        if (xq_variant_play_get_thinking (f->play))
          {
            xq_variant_board_click (board (f), 0);
            g_assert_cmpint (ply (f), ==, 1);
          }
        wait_for_computer (f);
        g_assert_cmpint (ply (f), ==, 2);
        g_assert_nonnull (strstr (xq_variant_play_get_message (f->play), " "));
        /* Issue 31: in words, a piece named, no point's code, no number
         * of the game's shuffle in sight. */
        {
          const char *msg = xq_variant_play_get_message (f->play);
          g_autoptr(GRegex) code = g_regex_new ("[a-i][0-9]", 0, 0, NULL);

          g_test_message ("%s level %d: %s", xq_variant_kind_to_code (kinds[k]), level, msg);
          g_assert_true (g_str_has_prefix (msg, "The computer"));
          g_assert_false (g_regex_match (code, msg, 0, NULL));
          g_assert_true (strstr (msg, "Red ") != NULL || strstr (msg, "Black ") != NULL);
        }
        g_assert_false (xq_test_label_shown (GTK_WIDGET (f->play), "Seed: 42"));
        /* Issue 31: and as an arrow on the board, from where the piece
         * stood to where it went (a flip stays on its cell: no arrow). */
        {
          const XqVariantAction *done = xq_variant_game_get_action (xq_variant_play_get_game (f->play), 2);
          XqAnnotations annots;
          int found = 0;

          xq_variant_board_get_annotations (board (f), &annots);
          for (int i = 0; i < annots.n_marks; i++)
            if (annots.marks[i].kind == XQ_MARK_ARROW)
              {
                g_assert_cmpint (annots.marks[i].sq, ==, done->from);
                g_assert_cmpint (annots.marks[i].to, ==, done->to);
                found++;
              }
          g_assert_cmpint (found, ==, done->kind == XQ_ACTION_MOVE && done->from != done->to ? 1 : 0);
          arrows += found;
        }
        /* The learner's own move gets no arrow: it is the computer's. */
        if (level == 1)
          {
            XqAnnotations annots;

            g_assert_true (pick_action (f, 0, &a));
            play_by_clicks (f, &a);
            xq_variant_board_get_annotations (board (f), &annots);
            for (int i = 0; i < annots.n_marks; i++)
              g_assert_cmpint (annots.marks[i].kind, !=, XQ_MARK_ARROW);
            wait_for_computer (f);
          }
      }
  /* 揭棋's computer always moves a piece: arrows were checked. */
  g_assert_cmpint (arrows, >=, 1);
}

/* Save and open: the same seed, the same actions, the same board. */
static void
test_save_load (Fixture *f, gconstpointer data)
{
  static const XqVariantKind kinds[] = { XQ_VARIANT_BANQI, XQ_VARIANT_JIEQI, XQ_VARIANT_LUOQI, XQ_VARIANT_CUBE };

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      g_autofree char *saved = NULL, *again = NULL;
      g_autoptr(GError) error = NULL;
      XqScene before;
      guint32 seed;
      int n;

      xq_game_day_page_open_rules (f->page, kinds[k]);
      xq_game_day_page_play (f->page, 0, 777 + k);
      for (guint i = 0; i < 10; i++)
        {
          XqVariantAction a;
          if (xq_variant_game_get_result (xq_variant_play_get_game (f->play)).winner != XQ_WINNER_NONE ||
              !pick_action (f, i * 5 + 1, &a))
            break;
          play_by_clicks (f, &a);
        }
      n = ply (f);
      seed = xq_variant_game_get_seed (xq_variant_play_get_game (f->play));
      before = *xq_variant_board_get_scene (board (f));
      saved = xq_variant_play_save_text (f->play);

      /* Something else in between, then the saved game back. */
      xq_variant_play_new_game (f->play);
      g_assert_cmpint (ply (f), ==, 0);
      g_assert_true (xq_variant_play_load_text (f->play, saved, &error));
      g_assert_no_error (error);
      g_assert_cmpint (ply (f), ==, n);
      g_assert_cmpuint (xq_variant_game_get_seed (xq_variant_play_get_game (f->play)), ==, seed);
      for (int c = 0; c < XQ_SQUARES; c++)
        g_assert_true (xq_token_equal (&before.tokens[c], &xq_variant_board_get_scene (board (f))->tokens[c]));
      again = xq_variant_play_save_text (f->play);
      g_assert_cmpstr (again, ==, saved);
      g_assert_nonnull (strstr (saved, "Seed"));
    }
  /* A broken file is refused and the game in progress kept. */
  {
    g_autoptr(GError) error = NULL;
    int n = ply (f);
    g_assert_false (xq_variant_play_load_text (f->play, "[Game \"Xiangqi Tutor variant\"]\n[Variant \"nonsense\"]\n", &error));
    g_assert_nonnull (error);
    g_assert_cmpint (ply (f), ==, n);
  }
  /* A saved game on disk round-trips through the file reader; a file far
   * larger than any saved game is refused unread, the game kept. */
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *saved = xq_variant_play_save_text (f->play);
    g_autofree char *path = g_build_filename (g_get_user_data_dir (), "game-day.txt", NULL);
    g_autofree char *huge = g_strnfill (2 * 1024 * 1024, ' ');
    int n = ply (f);

    g_assert_true (g_file_set_contents (path, saved, -1, NULL));
    g_assert_true (xq_variant_play_load_file (f->play, path, &error));
    g_assert_no_error (error);
    g_assert_cmpint (ply (f), ==, n);
    g_assert_true (g_file_set_contents (path, huge, -1, NULL));
    g_assert_false (xq_variant_play_load_file (f->play, path, &error));
    g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED);
    g_assert_cmpint (ply (f), ==, n);
    g_remove (path);
  }
}

/* The pieces each side has lost are shown beside the board. */
static void
test_lost_pieces (Fixture *f, gconstpointer data)
{
  guint8 captured[16];
  int shown = 0, lost = 0;

  xq_game_day_page_open_rules (f->page, XQ_VARIANT_BANQI);
  xq_game_day_page_play (f->page, 0, 2024);
  for (guint i = 0; i < 300; i++)
    {
      XqVariantState st;
      XqVariantAction a;

      view_of (f, &st);
      xq_variant_state_captured (&st, captured);
      lost = 0;
      for (int p = 0; p < 16; p++)
        lost += captured[p];
      if (lost > 0 || xq_variant_game_get_result (xq_variant_play_get_game (f->play)).winner != XQ_WINNER_NONE ||
          !pick_action (f, i * 11 + 5, &a))
        break;
      play_by_clicks (f, &a);
    }
  g_assert_cmpint (lost, >, 0);
  shown = xq_variant_play_get_n_lost_shown (f->play, XQ_RED) + xq_variant_play_get_n_lost_shown (f->play, XQ_BLACK);
  g_assert_cmpint (shown, ==, lost);
}

/* Full-board 暗棋: when the first player's first piece is Black the rules
 * turn the board round; the widget turns it back, so that player stays at
 * the bottom, and the piece that turned over is the one animated. */
static void
test_anqi_black_first (Fixture *f, gconstpointer data)
{
  int a3 = 3 * 9, a4 = 4 * 9;
  guint32 seed;
  const XqVariantState *st = NULL;

  for (seed = 1; seed < 200; seed++)
    {
      xq_game_day_page_open_rules (f->page, XQ_VARIANT_ANQI);
      xq_game_day_page_play (f->page, 0, seed);
      gtk_test_widget_wait_for_draw (GTK_WIDGET (board (f)));
      xq_variant_board_set_animate (board (f), TRUE);
      xq_variant_board_click (board (f), a3);
      xq_variant_board_click (board (f), a4);
      g_assert_cmpint (ply (f), ==, 1);
      st = xq_variant_game_get_state (xq_variant_play_get_game (f->play));
      if (st->first_color == XQ_BLACK)
        break;
      g_assert_false (xq_variant_board_get_flipped (board (f)));
    }
  g_test_message ("seed %u: the first piece is Black", seed);
  g_assert_cmpint (st->first_color, ==, XQ_BLACK);
  g_assert_true (xq_variant_board_get_flipped (board (f)));
  g_assert_true (xq_variant_board_get_animating (board (f)));
  g_assert_cmpint (xq_variant_board_get_scene (board (f))->tokens[xq_sq_flip (a4)].kind, ==, XQ_TOKEN_FACE_UP);
  g_assert_cmpint (xq_variant_board_get_scene (board (f))->tokens[xq_sq_flip (a4)].color, ==, XQ_BLACK);
}

/* 五虎棋: two soldier steps make one turn, picked in either order. */
static void
test_double_step (Fixture *f, gconstpointer data)
{
  int e3 = 3 * 9 + 4, e4 = 4 * 9 + 4, c3 = 3 * 9 + 2, c4 = 4 * 9 + 2;

  for (int order = 0; order < 2; order++)
    {
      const XqVariantAction *a;

      xq_game_day_page_open_rules (f->page, XQ_VARIANT_WUHU);
      xq_game_day_page_play (f->page, 0, 8);
      xq_variant_play_set_double_step (f->play, TRUE);
      xq_variant_board_click (board (f), order ? c3 : e3);
      xq_variant_board_click (board (f), order ? c4 : e4);
      g_assert_cmpint (ply (f), ==, 0);
      /* While the second step is chosen the first soldier stands on its
       * first step's point (it used to be drawn where it started). */
      {
        const XqScene *scene = xq_variant_board_get_scene (board (f));
        g_assert_cmpint (scene->tokens[order ? c4 : e4].kind, ==, XQ_TOKEN_FACE_UP);
        g_assert_cmpint (scene->tokens[order ? c4 : e4].figure, ==, XQ_PAWN);
        g_assert_cmpint (scene->tokens[order ? c3 : e3].kind, !=, XQ_TOKEN_FACE_UP);
      }
      xq_variant_board_click (board (f), order ? e3 : c3);
      xq_variant_board_click (board (f), order ? e4 : c4);
      g_assert_cmpint (ply (f), ==, 1);
      a = xq_variant_game_get_action (xq_variant_play_get_game (f->play), 1);
      g_assert_cmpint (a->kind, ==, XQ_ACTION_DOUBLE);
      g_assert_true ((a->from == e3 && a->to == e4 && a->from2 == c3 && a->to2 == c4) ||
                     (a->from == c3 && a->to == c4 && a->from2 == e3 && a->to2 == e4));
    }

  /* One soldier twice: its second step starts where it is drawn. */
  {
    const XqVariantAction *a;
    int e5 = 5 * 9 + 4;

    xq_game_day_page_open_rules (f->page, XQ_VARIANT_WUHU);
    xq_game_day_page_play (f->page, 0, 8);
    xq_variant_play_set_double_step (f->play, TRUE);
    xq_variant_board_click (board (f), e3);
    xq_variant_board_click (board (f), e4);
    xq_variant_board_click (board (f), e4);
    xq_variant_board_click (board (f), e5);
    g_assert_cmpint (ply (f), ==, 1);
    a = xq_variant_game_get_action (xq_variant_play_get_game (f->play), 1);
    g_assert_cmpint (a->kind, ==, XQ_ACTION_DOUBLE);
    g_assert_cmpint (a->from2, ==, e4);
    g_assert_cmpint (a->to2, ==, e5);
  }
}

/* The result and its reason. */
static void
test_result (Fixture *f, gconstpointer data)
{
  XqVariantResult r;
  g_autofree char *expected = NULL;

  xq_game_day_page_open_rules (f->page, XQ_VARIANT_WUHU);
  xq_game_day_page_play (f->page, 0, 8);
  g_assert_cmpstr (xq_variant_play_get_result_text (f->play), ==, "");
  xq_variant_play_resign (f->play);
  r = xq_variant_game_get_result (xq_variant_play_get_game (f->play));
  g_assert_cmpint (r.winner, ==, XQ_WINNER_BLACK);
  expected = xq_variant_result_explain (&r, XQ_VARIANT_WUHU);
  g_assert_cmpstr (xq_variant_play_get_result_text (f->play), ==, expected);
}

/* Runs once per interface language: the rules pages are translated. */
static void
test_i18n (Fixture *f, gconstpointer data)
{
  const char *lang = g_getenv ("LANGUAGE");
  const char *expect = "Played on half a board";

  if (g_strcmp0 (lang, "zh_CN") == 0)
    expect = "在半个棋盘上下";
  else if (g_strcmp0 (lang, "zh_TW") == 0)
    expect = "在半個棋盤上下";
  xq_game_day_page_open_rules (f->page, XQ_VARIANT_BANQI);
  g_test_message ("LANGUAGE=%s: %s", lang ? lang : "(unset)", xq_game_day_page_get_rules_text (f->page));
  g_assert_nonnull (strstr (xq_game_day_page_get_rules_text (f->page), expect));
}

int
main (int argc, char *argv[])
{
  for (int i = 1; i < argc; i++)
    if (g_str_has_prefix (argv[i], "--lang="))
      {
        g_setenv ("LANGUAGE", argv[i] + strlen ("--lang="), TRUE);
        argv[i] = (char *) "";
      }
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, XQ_BUILD_ROOT "/po");
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  xq_test_gtk_init (&argc, &argv);

  g_test_add ("/game-day/list", Fixture, NULL, fixture_set_up, test_list, fixture_tear_down);
  g_test_add ("/game-day/rules", Fixture, NULL, fixture_set_up, test_rules_pages, fixture_tear_down);
  g_test_add ("/game-day/keyboard", Fixture, NULL, fixture_set_up, test_keyboard, fixture_tear_down);
  g_test_add ("/game-day/play-each", Fixture, NULL, fixture_set_up, test_play_each, fixture_tear_down);
  g_test_add ("/game-day/backs-hide", Fixture, NULL, fixture_set_up, test_backs_hide, fixture_tear_down);
  g_test_add ("/game-day/flip-animated", Fixture, NULL, fixture_set_up, test_flip_animated, fixture_tear_down);
  g_test_add ("/game-day/refused", Fixture, NULL, fixture_set_up, test_refused, fixture_tear_down);
  g_test_add ("/game-day/computer", Fixture, NULL, fixture_set_up, test_computer, fixture_tear_down);
  g_test_add ("/game-day/save-load", Fixture, NULL, fixture_set_up, test_save_load, fixture_tear_down);
  g_test_add ("/game-day/lost-pieces", Fixture, NULL, fixture_set_up, test_lost_pieces, fixture_tear_down);
  g_test_add ("/game-day/anqi-black-first", Fixture, NULL, fixture_set_up, test_anqi_black_first, fixture_tear_down);
  g_test_add ("/game-day/double-step", Fixture, NULL, fixture_set_up, test_double_step, fixture_tear_down);
  g_test_add ("/game-day/result", Fixture, NULL, fixture_set_up, test_result, fixture_tear_down);
  g_test_add ("/game-day/i18n", Fixture, NULL, fixture_set_up, test_i18n, fixture_tear_down);
  return g_test_run ();
}
