/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Tournament page in the real window, driven through its widgets: an
 * event created from the form (with the learner profiles), results chosen
 * in the drop-downs, a pairing played on the Play page until the flag
 * falls or a player resigns (the result and reason are recorded), a
 * withdrawal, and a Swiss round paired with the button. */
#define G_LOG_DOMAIN "test-tournament-page"

#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "xq-progress.h"
#include "xq-tournament-page.h"
#include "xq-window.h"
#include "xq-test-gtk.h"

typedef struct {
  XqWindow         *window;
  XqTournamentPage *page;
  XqPlayPage       *play;
} Fixture;

static char *data_home;
static gint64 fake_now;

static gint64
fake_time (void)
{
  return fake_now;
}

static GtkWidget *
find_type (GtkWidget *root, GType type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *w = find_type (c, type);
      if (w != NULL)
        return w;
    }
  return NULL;
}

/* The widget named `name` (gtk_widget_set_name) under root. */
static GtkWidget *
find_named (GtkWidget *root, const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (root), name) == 0)
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *w = find_named (c, name);
      if (w != NULL)
        return w;
    }
  /* Popovers are not children in the widget tree of their menu button. */
  if (GTK_IS_MENU_BUTTON (root) && gtk_menu_button_get_popover (GTK_MENU_BUTTON (root)) != NULL)
    return find_named (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (root))), name);
  return NULL;
}

static GtkWidget *
named (Fixture *f, const char *name)
{
  GtkWidget *w = find_named (GTK_WIDGET (f->window), name);
  g_assert_nonnull (w);
  return w;
}

/* Lets the page rebuild its rows (it does so from the main loop). */
static void
settle (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static void
choose (Fixture *f, const char *name, guint item)
{
  gtk_drop_down_set_selected (GTK_DROP_DOWN (named (f, name)), item);
  settle ();
}

static void
click (Fixture *f, const char *name)
{
  GtkWidget *w = named (f, name);
  g_assert_true (gtk_widget_is_sensitive (w));
  g_signal_emit_by_name (w, "clicked");
  settle ();
}

static void
setup (Fixture *f, gconstpointer data)
{
  g_autofree char *events = g_build_filename (data_home, "xiangqi-tutor", "tournaments", NULL);
  xq_test_remove_tree (events);
  f->window = xq_window_new (NULL);
  f->page = xq_window_get_tournament_page (f->window);
  f->play = xq_window_get_play_page (f->window);
  g_assert_nonnull (f->page);
  xq_play_page_set_time_func (f->play, fake_time);
  xq_board_view_set_animate (xq_play_page_get_board_view (f->play), FALSE);
  gtk_window_present (GTK_WINDOW (f->window));
}

static void
teardown (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
}

static const XqPairing *
pairing (Fixture *f, int round, int board)
{
  g_autoptr(GError) error = NULL;
  const XqPairing *p = xq_tournament_get_pairing (xq_tournament_page_get_tournament (f->page), round, board, &error);
  g_assert_no_error (error);
  return p;
}

static void
test_round_robin_from_the_form (Fixture *f, gconstpointer data)
{
  GtkTextView *names;
  const XqTournament *t;
  g_autoptr(XqTournament) saved = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *standings = NULL;
  g_autofree char *clock = NULL;
  GtkWidget *stack;
  const XqPairing *p;

  /* The form: a title, two typed names, and the learner profile. */
  click (f, "new-event");
  gtk_editable_set_text (GTK_EDITABLE (named (f, "event-title")), "Class 3");
  names = GTK_TEXT_VIEW (named (f, "event-names"));
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (names), "Ann\nBen\nCai", -1);
  click (f, "add-learners");
  choose (f, "event-system", 0);   /* round robin */
  click (f, "create-event");
  t = xq_tournament_page_get_tournament (f->page);
  g_assert_nonnull (t);
  g_assert_cmpstr (t->title, ==, "Class 3");
  g_assert_cmpuint (t->players->len, ==, 4);
  g_assert_cmpstr (xq_tournament_player_name (t, 3), ==, "Mei Lin");   /* from the learner profile */
  g_assert_cmpint (t->system, ==, XQ_SYSTEM_ROUND_ROBIN);
  g_assert_true (g_file_test (xq_tournament_page_get_path (f->page), G_FILE_TEST_EXISTS));

  /* Round 1 (1-4 2-3): Ann–Mei Lin, Ben–Cai.  A result from the drop-down, saved. */
  choose (f, "result-1", 1);   /* 1-0 */
  saved = xq_tournament_load (xq_tournament_page_get_path (f->page), &error);
  g_assert_no_error (error);
  g_assert_cmpint (((XqPairing *) g_ptr_array_index (xq_tournament_get_round (saved, 1), 0))->outcome, ==,
                   XQ_OUTCOME_RED_WIN);

  /* Board 2 is played here: the Play page shows the game with the event's clock. */
  click (f, "play-2");
  g_assert_true (xq_play_page_in_match (f->play));
  stack = gtk_widget_get_ancestor (GTK_WIDGET (f->play), ADW_TYPE_VIEW_STACK);
  g_assert_true (gtk_widget_is_ancestor (GTK_WIDGET (f->play), adw_view_stack_get_visible_child (ADW_VIEW_STACK (stack))));
  clock = xq_play_page_get_clock_text (f->play);
  g_assert_nonnull (strstr (clock, "10:00"));   /* 6.3: 10 minutes */
  g_assert_true (xq_play_page_play (f->play, xq_move_from_iccs ("h2e2"), &error));
  g_assert_true (xq_play_page_play (f->play, xq_move_from_iccs ("h9g7"), &error));
  /* Red thinks for eleven minutes: the flag falls and Black wins on time. */
  fake_now += 11 * 60 * 1000;
  xq_play_page_update_clock (f->play);
  p = pairing (f, 1, 2);
  g_assert_cmpint (p->outcome, ==, XQ_OUTCOME_BLACK_WIN);
  g_assert_cmpint (p->reason, ==, XQ_REASON_TIME);
  g_assert_cmpstr (p->moves, ==, "h2e2 h9g7");
  g_assert_nonnull (strstr (xq_tournament_page_get_message (f->page), "board 2"));
  g_assert_true (xq_tournament_round_complete (xq_tournament_page_get_tournament (f->page), 1));

  /* A new game afterwards is free play again. */
  xq_play_page_new_game (f->play);
  g_assert_false (xq_play_page_in_match (f->play));

  /* Round 2 (4-3 1-2): Mei Lin–Cai, Ann–Ben.  Ann–Ben played here, Black resigns. */
  xq_tournament_page_show_round (f->page, 2);
  click (f, "play-2");
  g_assert_true (xq_play_page_play (f->play, xq_move_from_iccs ("b2e2"), &error));
  click (f, "resign-black");
  p = pairing (f, 2, 2);
  g_assert_cmpint (p->outcome, ==, XQ_OUTCOME_RED_WIN);
  g_assert_cmpint (p->reason, ==, XQ_REASON_RESIGNATION);
  g_assert_cmpstr (p->moves, ==, "b2e2");
  /* A foul from the row's menu. */
  click (f, "foul-black-1");
  g_assert_cmpint (pairing (f, 2, 1)->fouls[1], ==, 1);

  /* Standings as shown: Ann 2 (beat Mei Lin and Ben), Cai 1, Ben 0, Mei Lin 0 (a foul). */
  standings = xq_tournament_page_get_standings_text (f->page);
  g_assert_true (g_str_has_prefix (standings, "1\tAnn\t2\t"));
  g_assert_nonnull (strstr (standings, "2\tCai\t1\t"));

  /* Withdrawal from the drop-down: Ben has played 2 of 3 games, so the
   * results stand and the last game is a forfeit. */
  choose (f, "withdraw-player", 1);   /* Ben */
  click (f, "withdraw");
  t = xq_tournament_page_get_tournament (f->page);
  g_assert_true (((XqEntrant *) g_ptr_array_index (t->players, 1))->withdrawn);
  g_assert_cmpuint (t->audit->len, ==, 1);
}

static void
test_swiss_next_round (Fixture *f, gconstpointer data)
{
  static const char *const names[] = { "A", "B", "C", "D", "E" };
  g_autoptr(GError) error = NULL;
  const XqTournament *t;

  g_assert_true (xq_tournament_page_create (f->page, "Swiss", XQ_SYSTEM_SWISS, names, 5, 3,
                                            XQ_TIME_CONTROL_S0_6_4, 0, &error));
  g_assert_no_error (error);
  t = xq_tournament_page_get_tournament (f->page);
  /* The next round waits for every result. */
  g_assert_false (gtk_widget_is_sensitive (named (f, "pair-next")));
  choose (f, "result-1", 3);   /* draw */
  choose (f, "result-2", 2);   /* 0-1 */
  click (f, "pair-next");
  g_assert_cmpint (xq_tournament_n_rounds (t), ==, 2);
  g_assert_cmpint (xq_tournament_page_get_round (f->page), ==, 2);
  /* A correction of round 1 is refused now that round 2 was paired from it. */
  xq_tournament_page_show_round (f->page, 1);
  choose (f, "result-1", 1);
  g_assert_cmpint (pairing (f, 1, 1)->outcome, ==, XQ_OUTCOME_DRAW);
  g_assert_nonnull (strstr (xq_tournament_page_get_message (f->page), "closed"));
}


/* The form makes a double knockout with 6.5's one total time: the minutes
 * are kept, shown, and a board played here gets that clock; the next
 * round has a losers' bracket. */
static void
test_double_knockout_6_5 (Fixture *f, gconstpointer data)
{
  GtkTextView *names;
  const XqTournament *t;
  g_autofree char *clock = NULL;
  g_autofree char *info = NULL;
  g_autoptr(GError) error = NULL;
  int headings = 0;

  click (f, "new-event");
  gtk_editable_set_text (GTK_EDITABLE (named (f, "event-title")), "Knockout");
  names = GTK_TEXT_VIEW (named (f, "event-names"));
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (names), "A\nB\nC\nD", -1);
  choose (f, "event-system", 4);   /* double knockout */
  g_assert_false (gtk_widget_is_sensitive (named (f, "event-clock-minutes")));
  choose (f, "event-clock", XQ_TIME_CONTROL_S0_6_5);
  g_assert_true (gtk_widget_is_sensitive (named (f, "event-clock-minutes")));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (named (f, "event-clock-minutes")), 25);
  click (f, "create-event");
  t = xq_tournament_page_get_tournament (f->page);
  g_assert_nonnull (t);
  g_assert_cmpint (t->system, ==, XQ_SYSTEM_DOUBLE_KNOCKOUT);
  g_assert_cmpint (t->clock, ==, XQ_TIME_CONTROL_S0_6_5);
  g_assert_cmpint (t->clock_minutes, ==, 25);
  g_object_get (named (f, "event-info"), "label", &info, NULL);
  g_assert_nonnull (strstr (info, "6.5"));
  g_assert_nonnull (strstr (info, "25"));

  /* Board 1 played here: 25 minutes each, no moves counted. */
  click (f, "play-1");
  clock = xq_play_page_get_clock_text (f->play);
  g_assert_nonnull (strstr (clock, "25:00"));
  xq_play_page_end_match (f->play);

  choose (f, "result-1", 1);
  choose (f, "result-2", 1);
  click (f, "pair-next");
  g_assert_cmpint (xq_tournament_n_rounds (t), ==, 2);
  g_assert_cmpint (xq_tournament_bracket (t, 2, 1), ==, XQ_BRACKET_WINNERS);
  g_assert_cmpint (xq_tournament_bracket (t, 2, 2), ==, XQ_BRACKET_LOSERS);
  /* The round shows a heading for each bracket. */
  for (GtkWidget *w = gtk_widget_get_first_child (named (f, "pairings")); w; w = gtk_widget_get_next_sibling (w))
    if (g_strcmp0 (gtk_widget_get_name (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (w))), "bracket-heading") == 0)
      headings++;
  g_assert_cmpint (headings, ==, 2);
  (void) error;
}

/* Groups, then a final: the final button starts a new round robin of the
 * best two of each group, saved as its own event. */
static void
test_groups_final (Fixture *f, gconstpointer data)
{
  static const char *const names[] = { "A", "B", "C", "D", "E", "F" };
  g_autoptr(GError) error = NULL;
  const XqTournament *t;
  g_autofree char *groups_path = NULL;

  g_assert_true (xq_tournament_page_create (f->page, "Spring", XQ_SYSTEM_GROUPS, names, 6, 2,
                                            XQ_TIME_CONTROL_S0_6_3, 0, &error));
  groups_path = g_strdup (xq_tournament_page_get_path (f->page));
  t = xq_tournament_page_get_tournament (f->page);
  g_assert_false (gtk_widget_is_sensitive (named (f, "start-final")));
  /* Two groups of three (A D E, B C F): 3 rounds of one game and a rest each. */
  for (int r = 1; r <= 3; r++)
    {
      xq_tournament_page_show_round (f->page, r);
      choose (f, "result-1", 1);
      choose (f, "result-2", 2);
    }
  g_assert_true (xq_tournament_finished (t));
  click (f, "start-final");
  t = xq_tournament_page_get_tournament (f->page);
  g_assert_cmpint (t->system, ==, XQ_SYSTEM_ROUND_ROBIN);
  g_assert_cmpuint (t->players->len, ==, 4);
  g_assert_nonnull (strstr (t->title, "Spring"));
  g_assert_cmpstr (xq_tournament_page_get_path (f->page), !=, groups_path);
  g_assert_true (g_file_test (groups_path, G_FILE_TEST_EXISTS));
}

/* A team event (made with xqtool or the library) opens from the list; each
 * board's game is chosen on its own and the match result follows. */
static void
test_team_match (Fixture *f, gconstpointer data)
{
  static const char *const teams[] = { "Red Team", "Blue Team" };
  static const char *const a[] = { "a1", "a2", NULL }, *const b[] = { "b1", "b2", NULL };
  static const char *const *const members[] = { a, b };
  g_autoptr(GError) error = NULL;
  g_autoptr(XqTournament) event = xq_tournament_new_teams (XQ_SYSTEM_ROUND_ROBIN, teams, members, 2, 2, 0, 1, &error);
  g_autofree char *dir = g_build_filename (data_home, "xiangqi-tutor", "tournaments", NULL);
  g_autofree char *path = g_build_filename (dir, "teams.json", NULL);
  GtkListBox *list;
  const XqTournament *t;
  const XqPairing *p;

  g_assert_no_error (error);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (xq_tournament_save (event, path, &error));
  xq_tournament_page_set_dir (f->page, NULL);
  list = GTK_LIST_BOX (find_type (GTK_WIDGET (f->page), GTK_TYPE_LIST_BOX));
  gtk_list_box_select_row (list, gtk_list_box_get_row_at_index (list, 0));
  settle ();
  t = xq_tournament_page_get_tournament (f->page);
  g_assert_nonnull (t);
  g_assert_cmpint (t->team_size, ==, 2);
  /* Board 1: a1 beats b1; board 2 (b2 Red): drawn.  Red Team wins 1½-½. */
  choose (f, "game-1-1", 1);
  p = pairing (f, 1, 1);
  g_assert_cmpint (p->outcome, ==, XQ_OUTCOME_NONE);
  choose (f, "game-1-2", 3);
  p = pairing (f, 1, 1);
  g_assert_cmpint (p->outcome, ==, XQ_OUTCOME_RED_WIN);
  g_assert_false (gtk_widget_get_visible (named (f, "play-1")));
}

/* 15.6: when the event ends with first place shared, the play-off button
 * starts a round robin of the players sharing it. */
static void
test_playoff (Fixture *f, gconstpointer data)
{
  static const char *const names[] = { "Ann", "Ben", "Cai" };
  g_autoptr(GError) error = NULL;
  const XqTournament *t;

  g_assert_true (xq_tournament_page_create (f->page, "Draws", XQ_SYSTEM_ROUND_ROBIN, names, 3, 0,
                                            XQ_TIME_CONTROL_S0_6_3, 0, &error));
  g_assert_false (gtk_widget_get_visible (named (f, "start-playoff")));
  for (int r = 1; r <= 3; r++)
    {
      xq_tournament_page_show_round (f->page, r);
      choose (f, "result-1", 3);   /* every game drawn */
    }
  g_assert_true (gtk_widget_get_visible (named (f, "start-playoff")));
  click (f, "start-playoff");
  t = xq_tournament_page_get_tournament (f->page);
  g_assert_cmpuint (t->players->len, ==, 3);
  g_assert_nonnull (strstr (t->title, "Draws"));
  g_assert_false (xq_tournament_started (t));
}

/* The label of the event list's rows, in order. */
static char *
event_titles (Fixture *f)
{
  GString *s = g_string_new (NULL);
  GtkWidget *list = named (f, "event-list");

  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row))
    g_string_append_printf (s, "%s%s", s->len ? "|" : "",
                            gtk_label_get_label (GTK_LABEL (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row)))));
  return g_string_free (s, FALSE);
}

/* Issue 30: an event is renamed from the pencil's popover and deleted with
 * the bin; each can be undone (what the toast's Undo button calls). */
static void
test_rename_delete_undo (Fixture *f, gconstpointer data)
{
  static const char *const names[] = { "Ann", "Ben", "Cai", "Dan" };
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *bak = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *titles = NULL;
  g_autoptr(XqTournament) saved = NULL;

  g_assert_true (xq_tournament_page_create (f->page, "Autumn", XQ_SYSTEM_ROUND_ROBIN, names, 4, 0,
                                            XQ_TIME_CONTROL_S0_6_3, 0, &error));
  path = g_strdup (xq_tournament_page_get_path (f->page));
  bak = g_strconcat (path, ".bak", NULL);
  choose (f, "result-1", 1);   /* a result: the save keeps a backup */

  /* Rename through the popover. */
  gtk_menu_button_popup (GTK_MENU_BUTTON (named (f, "rename-event")));
  settle ();
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (named (f, "rename-entry"))), ==, "Autumn");
  gtk_editable_set_text (GTK_EDITABLE (named (f, "rename-entry")), "Autumn Cup 2026");
  click (f, "rename-apply");
  saved = xq_tournament_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (saved->title, ==, "Autumn Cup 2026");
  g_clear_pointer (&saved, xq_tournament_free);
  titles = event_titles (f);
  g_assert_cmpstr (titles, ==, "Autumn Cup 2026");
  g_clear_pointer (&titles, g_free);
  xq_tournament_page_undo (f->page);
  settle ();
  saved = xq_tournament_load (path, &error);
  g_assert_cmpstr (saved->title, ==, "Autumn");
  g_clear_pointer (&saved, xq_tournament_free);
  /* A title on two lines is refused, with a message, and nothing changes. */
  g_assert_false (xq_tournament_page_rename (f->page, "two\nlines", &error));
  g_assert_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_INVALID);
  g_clear_error (&error);

  /* Delete with the bin: the file and its backup go; Undo puts both back. */
  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));
  g_assert_true (g_file_test (bak, G_FILE_TEST_EXISTS));
  click (f, "delete-event");
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (bak, G_FILE_TEST_EXISTS));
  g_assert_null (xq_tournament_page_get_tournament (f->page));
  titles = event_titles (f);
  g_assert_cmpstr (titles, ==, "");
  g_clear_pointer (&titles, g_free);
  xq_tournament_page_undo (f->page);
  settle ();
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);
  g_assert_true (g_file_test (bak, G_FILE_TEST_EXISTS));
  g_assert_nonnull (xq_tournament_page_get_tournament (f->page));
  g_assert_cmpstr (xq_tournament_page_get_path (f->page), ==, path);
  titles = event_titles (f);
  g_assert_cmpstr (titles, ==, "Autumn");
  /* Nothing more to undo. */
  xq_tournament_page_undo (f->page);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
}

int
main (int argc, char *argv[])
{
  g_autofree char *learners = NULL;
  g_autoptr(XqProgressStore) store = NULL;
  g_autoptr(XqProgress) mei = NULL;
  int status;

  g_setenv ("GSETTINGS_SCHEMA_DIR", XQ_BUILD_SCHEMADIR, FALSE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  setlocale (LC_ALL, "");
  /* Our own temporary home and data dir (removed at exit), with one
   * learner profile. */
  xq_test_gtk_init (&argc, &argv);
  data_home = g_strdup (g_get_user_data_dir ());

  learners = g_build_filename (data_home, "xiangqi-tutor", "learners", NULL);
  store = xq_progress_store_new (learners);
  mei = xq_progress_new ("mei", "Mei Lin");
  g_assert_true (xq_progress_store_save (store, mei, NULL));

  g_test_add ("/ui/tournament/round-robin", Fixture, NULL, setup, test_round_robin_from_the_form, teardown);
  g_test_add ("/ui/tournament/swiss", Fixture, NULL, setup, test_swiss_next_round, teardown);
  g_test_add ("/ui/tournament/double-knockout-6.5", Fixture, NULL, setup, test_double_knockout_6_5, teardown);
  g_test_add ("/ui/tournament/groups", Fixture, NULL, setup, test_groups_final, teardown);
  g_test_add ("/ui/tournament/teams", Fixture, NULL, setup, test_team_match, teardown);
  g_test_add ("/ui/tournament/playoff", Fixture, NULL, setup, test_playoff, teardown);
  g_test_add ("/ui/tournament/rename-delete-undo", Fixture, NULL, setup, test_rename_delete_undo, teardown);
  status = g_test_run ();
  g_free (data_home);
  return status;
}
