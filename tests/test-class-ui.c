/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The learner chooser as a teacher uses it: a learner removed through the
 * row's button and the confirmation, brought back through the undo bar
 * byte for byte; the current learner handing over to the default profile
 * and back; a class list added through the chooser. */
#define G_LOG_DOMAIN "test-class-ui"

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "xq-learner-chooser.h"
#include "test-class-files.h"
#include "xq-test-gtk.h"

typedef struct {
  GtkWidget        *window;
  XqLearnerChooser *chooser;
  XqProgressStore  *store;
  const char       *dir;
  GPtrArray        *chosen;   /* ids from ::learner-chosen */
} Fixture;

static void
chosen_cb (XqLearnerChooser *chooser, const char *learner, Fixture *f)
{
  g_ptr_array_add (f->chosen, g_strdup (learner));
}

static void
save (Fixture *f, const char *id, const char *name, int stars)
{
  g_autoptr(XqProgress) p = xq_progress_new (id, name);

  if (stars > 0)
    g_assert_true (xq_progress_record_result (p, "unit1-board", "files", stars, 1, "2026-11-20"));
  g_assert_true (xq_progress_store_save (f->store, p, NULL));
  g_assert_true (xq_progress_store_save (f->store, p, NULL));
  g_assert_true (xq_progress_store_save_streak (f->store, id, stars, stars + 1, NULL));
}

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  f->store = xq_progress_store_new (NULL);
  f->dir = xq_progress_store_get_dir (f->store);
  g_assert_true (g_str_has_prefix (f->dir, g_get_user_data_dir ()));
  xq_test_remove_tree (f->dir);
  save (f, "mei", "Mei", 3);
  save (f, "tom", "Tom", 2);
  save (f, "ann", "Ann", 1);
  f->chosen = g_ptr_array_new_with_free_func (g_free);
  f->window = gtk_window_new ();
  f->chooser = XQ_LEARNER_CHOOSER (xq_learner_chooser_new ());
  g_signal_connect (f->chooser, "learner-chosen", G_CALLBACK (chosen_cb), f);
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->chooser));
  xq_learner_chooser_set_store (f->chooser, f->store);
  xq_learner_chooser_set_current (f->chooser, "mei");
  gtk_window_present (GTK_WINDOW (f->window));
  gtk_test_widget_wait_for_draw (f->window);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  xq_progress_store_free (f->store);
  g_ptr_array_unref (f->chosen);
}

/* The first button below root with this label or tooltip. */
static GtkWidget *
find_button (GtkWidget *root, const char *label, const char *tooltip)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;

      if (GTK_IS_BUTTON (c) &&
          ((label && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (c)), label) == 0) ||
           (tooltip && g_strcmp0 (gtk_widget_get_tooltip_text (c), tooltip) == 0)))
        return c;
      if ((found = find_button (c, label, tooltip)) != NULL)
        return found;
    }
  return NULL;
}

static void
click (Fixture *f, const char *label, const char *tooltip)
{
  GtkWidget *button = find_button (GTK_WIDGET (f->chooser), label, tooltip);

  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  gtk_test_widget_wait_for_draw (f->window);
}

static void
test_remove_undo (Fixture *f, gconstpointer data)
{
  g_autoptr(GHashTable) before = xq_test_class_snapshot (f->dir, "tom.");
  g_autoptr(GHashTable) gone = NULL;
  g_autoptr(GHashTable) back = NULL;

  g_assert_cmpuint (g_hash_table_size (before), ==, 4);
  g_assert_null (xq_learner_chooser_get_confirm_text (f->chooser));
  click (f, NULL, "Remove Tom…");
  g_assert_cmpstr (xq_learner_chooser_get_confirm_text (f->chooser), ==,
                   "Remove Tom? Their stars and puzzle streak go too.");
  /* Cancel keeps everything. */
  click (f, "_Cancel", NULL);
  g_assert_null (xq_learner_chooser_get_confirm_text (f->chooser));
  gone = xq_test_class_snapshot (f->dir, "tom.");
  xq_test_class_assert_same (before, gone);
  g_clear_pointer (&gone, g_hash_table_unref);

  click (f, NULL, "Remove Tom…");
  click (f, "_Remove", NULL);
  gone = xq_test_class_snapshot (f->dir, "tom.");
  g_assert_cmpuint (g_hash_table_size (gone), ==, 0);
  g_assert_null (find_button (GTK_WIDGET (f->chooser), NULL, "Remove Tom…"));
  g_assert_nonnull (find_button (GTK_WIDGET (f->chooser), NULL, "Remove Ann…"));
  g_assert_cmpstr (xq_learner_chooser_get_undo_text (f->chooser), ==, "Tom was removed.");
  g_assert_cmpstr (xq_learner_chooser_get_current (f->chooser), ==, "mei");
  g_assert_cmpuint (f->chosen->len, ==, 0);

  click (f, "_Undo", NULL);
  back = xq_test_class_snapshot (f->dir, "tom.");
  xq_test_class_assert_same (before, back);
  g_assert_null (xq_learner_chooser_get_undo_text (f->chooser));
  g_assert_nonnull (find_button (GTK_WIDGET (f->chooser), NULL, "Remove Tom…"));

  /* A second removal makes the first final: only the last can be undone. */
  click (f, NULL, "Remove Tom…");
  click (f, "_Remove", NULL);
  click (f, NULL, "Remove Ann…");
  click (f, "_Remove", NULL);
  g_assert_cmpstr (xq_learner_chooser_get_undo_text (f->chooser), ==, "Ann was removed.");
  click (f, "_Undo", NULL);
  g_clear_pointer (&gone, g_hash_table_unref);
  gone = xq_test_class_snapshot (f->dir, "tom.");
  g_assert_cmpuint (g_hash_table_size (gone), ==, 0);
  g_clear_pointer (&back, g_hash_table_unref);
  back = xq_test_class_snapshot (f->dir, "ann.");
  g_assert_cmpuint (g_hash_table_size (back), ==, 4);
}

/* A chooser not on show (in the Learn page's closed popover) reads no
 * learner's file: its rows are made when it is first shown, with every
 * change made meanwhile. */
static void
test_rows_when_shown (Fixture *f, gconstpointer data)
{
  XqLearnerChooser *chooser = XQ_LEARNER_CHOOSER (xq_learner_chooser_new ());
  GtkWidget *window = gtk_window_new ();

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (chooser));
  xq_learner_chooser_set_store (chooser, f->store);
  xq_learner_chooser_set_current (chooser, "tom");
  g_assert_null (find_button (GTK_WIDGET (chooser), NULL, "Remove Tom…"));
  save (f, "bo", "Bo", 1);
  xq_learner_chooser_reload (chooser);
  g_assert_null (find_button (GTK_WIDGET (chooser), NULL, "Remove Bo…"));

  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (window);
  g_assert_nonnull (find_button (GTK_WIDGET (chooser), NULL, "Remove Tom…"));
  g_assert_nonnull (find_button (GTK_WIDGET (chooser), NULL, "Remove Bo…"));
  g_assert_nonnull (find_button (GTK_WIDGET (chooser), NULL, "Remove Mei…"));
  g_assert_cmpstr (xq_learner_chooser_get_current (chooser), ==, "tom");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_remove_current (Fixture *f, gconstpointer data)
{
  g_autoptr(GHashTable) before = xq_test_class_snapshot (f->dir, "mei.");
  g_autoptr(GHashTable) back = NULL;
  g_autofree char *current = NULL;

  click (f, NULL, "Remove Mei…");
  g_assert_nonnull (strstr (xq_learner_chooser_get_confirm_text (f->chooser),
                            "Mei is learning now: the default profile takes over."));
  click (f, "_Remove", NULL);
  /* Not silently: the default profile is chosen, and the bar says so. */
  g_assert_cmpuint (f->chosen->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (f->chosen, 0), ==, "learner");
  g_assert_cmpstr (xq_learner_chooser_get_current (f->chooser), ==, "learner");
  g_assert_cmpstr (xq_learner_chooser_get_undo_text (f->chooser), ==,
                   "Mei was removed. The default profile is learning now.");
  current = xq_progress_store_get_current (f->store);
  g_assert_cmpstr (current, ==, "learner");

  click (f, "_Undo", NULL);
  g_assert_cmpuint (f->chosen->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (f->chosen, 1), ==, "mei");
  g_assert_cmpstr (xq_learner_chooser_get_current (f->chooser), ==, "mei");
  back = xq_test_class_snapshot (f->dir, "mei.");
  xq_test_class_assert_same (before, back);
}

static void
test_add_list (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "class-ui-list.txt", NULL);
  g_autoptr(GPtrArray) ids = NULL;
  gint64 give_up;

  g_assert_true (g_file_set_contents (path, "Tom\nLi Hua\n\nLi Hua\n", -1, NULL));
  g_assert_true (xq_learner_chooser_add_list_file (f->chooser, path));
  /* The list is read in a thread; its row appears once it is done. */
  give_up = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  while (find_button (GTK_WIDGET (f->chooser), NULL, "Remove Li Hua…") == NULL &&
         g_get_monotonic_time () < give_up)
    g_main_context_iteration (NULL, TRUE);
  g_assert_nonnull (find_button (GTK_WIDGET (f->chooser), NULL, "Remove Li Hua…"));
  ids = xq_progress_store_list (f->store);
  g_assert_cmpuint (ids->len, ==, 4);
  g_unlink (path);
}

static void
test_describe_list (Fixture *f, gconstpointer data)
{
  g_autoptr(GPtrArray) entries = NULL;
  g_autofree char *text = NULL;

  entries = xq_class_add_list_data (f->store, "Tom\nBo\nBo\n", 10, "list.txt", NULL);
  g_assert_nonnull (entries);
  text = xq_learner_chooser_describe_list (entries);
  g_assert_cmpstr (text, ==, "1 of 3 names were added.\n"
                             "line 1: Tom: already in the class, not added again\n"
                             "line 3: Bo: already earlier in the list, not added again");
}

static GtkWidget *
find_type (GtkWidget *root, GType type)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;

      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type))
        return c;
      if ((found = find_type (c, type)) != NULL)
        return found;
    }
  return NULL;
}

/* Is widget shown inside the window (not scrolled out of it)? */
static gboolean
in_view (Fixture *f, GtkWidget *widget, int height)
{
  graphene_rect_t b;

  g_assert_true (gtk_widget_compute_bounds (widget, f->window, &b));
  return gtk_widget_is_drawable (widget) && b.origin.y >= -0.5 && b.origin.y + b.size.height <= height + 0.5;
}

static void
settle (Fixture *f)
{
  for (int i = 0; i < 5; i++)
    {
      gtk_test_widget_wait_for_draw (f->window);
      while (g_main_context_iteration (NULL, FALSE))
        ;
    }
}

/* A window of width × height holding the chooser with forty learners. */
static void
forty_in_window (Fixture *f, int width, int height)
{
  for (int i = 0; i < 37; i++)
    {
      g_autofree char *id = g_strdup_printf ("pupil-%02d", i);
      g_autofree char *name = g_strdup_printf ("Pupil %02d", i);
      save (f, id, name, i % 3);
    }
  gtk_window_destroy (GTK_WINDOW (f->window));
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), width, height);
  f->chooser = XQ_LEARNER_CHOOSER (xq_learner_chooser_new ());
  g_signal_connect (f->chooser, "learner-chosen", G_CALLBACK (chosen_cb), f);
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->chooser));
  xq_learner_chooser_set_store (f->chooser, f->store);
  xq_learner_chooser_set_current (f->chooser, "mei");
  gtk_window_present (GTK_WINDOW (f->window));
  settle (f);
}

static const char *const actions[] = {
  "_Add", "Re_name", "_Reset Stars…", "Add a _Class List…", "_Export Class Results…", "Class Re_port (PDF)…",
};

/* Forty learners at 1366×768: the list scrolls, and every action is on
 * screen at once (they were off a 1080-px screen with twenty). */
static void
test_forty (Fixture *f, gconstpointer data)
{
  GtkWidget *search;
  GtkWidget *list;
  GtkWidget *list_scroll;
  GtkAdjustment *adj;

  forty_in_window (f, 1366, 768);
  g_assert_cmpint (gtk_widget_get_height (f->window), <=, 768);
  list = find_type (GTK_WIDGET (f->chooser), GTK_TYPE_LIST_BOX);
  g_assert_nonnull (list);
  list_scroll = gtk_widget_get_ancestor (list, GTK_TYPE_SCROLLED_WINDOW);
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (list_scroll));
  /* The list scrolls: forty rows are more than it shows. */
  g_assert_cmpfloat (gtk_adjustment_get_upper (adj), >, gtk_adjustment_get_page_size (adj) + 100);
  g_assert_cmpfloat (gtk_adjustment_get_page_size (adj), >=, 130);
  search = find_type (GTK_WIDGET (f->chooser), GTK_TYPE_SEARCH_ENTRY);
  g_assert_nonnull (search);
  g_assert_true (in_view (f, search, 768));
  /* A class on a wide window: the actions stand beside the list. */
  {
    graphene_rect_t l, b;
    g_assert_true (gtk_widget_compute_bounds (list_scroll, f->window, &l));
    g_assert_true (gtk_widget_compute_bounds (find_button (GTK_WIDGET (f->chooser), "_Add", NULL), f->window, &b));
    g_assert_cmpfloat (b.origin.x, >=, l.origin.x + l.size.width);
  }
  for (gsize i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      GtkWidget *button = find_button (GTK_WIDGET (f->chooser), actions[i], NULL);
      g_assert_nonnull (button);
      if (!in_view (f, button, 768))
        g_error ("“%s” is not on the 1366×768 screen", actions[i]);
    }
}

/* At 800×600 every action can still be reached, by keyboard: focusing it
 * scrolls it into view. */
static void
test_forty_small (Fixture *f, gconstpointer data)
{
  forty_in_window (f, 800, 600);
  g_assert_cmpint (gtk_widget_get_height (f->window), <=, 600);
  for (gsize i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      GtkWidget *button = find_button (GTK_WIDGET (f->chooser), actions[i], NULL);

      g_assert_nonnull (button);
      if (!gtk_widget_is_sensitive (button))
        continue;
      g_assert_true (gtk_widget_grab_focus (button));
      settle (f);
      if (!in_view (f, button, 600))
        g_error ("“%s” cannot be brought onto the 800×600 screen", actions[i]);
    }
}

/* Three learners: no search box, and the actions below the list (a
 * column beside three names would stand mostly empty). */
static void
test_few (Fixture *f, gconstpointer data)
{
  GtkWidget *list = find_type (GTK_WIDGET (f->chooser), GTK_TYPE_LIST_BOX);
  graphene_rect_t l, b;

  gtk_window_set_default_size (GTK_WINDOW (f->window), 1366, 768);
  xq_learner_chooser_reload (f->chooser);
  settle (f);
  g_assert_false (gtk_widget_get_visible (find_type (GTK_WIDGET (f->chooser), GTK_TYPE_SEARCH_ENTRY)));
  g_assert_true (gtk_widget_compute_bounds (list, f->window, &l));
  g_assert_true (gtk_widget_compute_bounds (find_button (GTK_WIDGET (f->chooser), "_Add", NULL), f->window, &b));
  g_assert_cmpfloat (b.origin.y, >=, l.origin.y + l.size.height);
}

/* Search by name: the list keeps the names holding the text, Enter
 * chooses the first, Escape shows everyone again. */
static void
test_search (Fixture *f, gconstpointer data)
{
  GtkWidget *search;

  forty_in_window (f, 1366, 768);
  search = find_type (GTK_WIDGET (f->chooser), GTK_TYPE_SEARCH_ENTRY);
  g_assert_true (gtk_widget_get_visible (search));
  g_assert_cmpuint (xq_learner_chooser_search (f->chooser, "pupil 1"), ==, 10);
  g_assert_cmpuint (xq_learner_chooser_search (f->chooser, "PUPIL 07"), ==, 1);
  g_assert_cmpuint (xq_learner_chooser_search (f->chooser, "nobody"), ==, 0);
  g_assert_cmpuint (xq_learner_chooser_search (f->chooser, "tom"), ==, 1);
  g_signal_emit_by_name (search, "activate");
  g_assert_cmpstr (xq_learner_chooser_get_current (f->chooser), ==, "tom");
  g_assert_cmpuint (f->chosen->len, ==, 1);
  g_signal_emit_by_name (search, "stop-search");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (search)), ==, "");
  g_assert_cmpuint (xq_learner_chooser_search (f->chooser, ""), ==, 40);
}

/* Issue 31: the default "Learner" vanished without a word when the first
 * named learner was added.  Now the chooser says what became of it. */
static void
test_default_told (Fixture *f, gconstpointer data)
{
  g_autofree char *id = NULL;
  g_autoptr(GError) error = NULL;

  xq_test_remove_tree (f->dir);
  xq_learner_chooser_reload (f->chooser);
  xq_learner_chooser_set_current (f->chooser, NULL);
  /* Nothing saved: it leaves the list, and the chooser says so. */
  id = xq_learner_chooser_add (f->chooser, "Mei", &error);
  g_assert_no_error (error);
  g_assert_nonnull (xq_learner_chooser_get_notice_text (f->chooser));
  g_assert_nonnull (strstr (xq_learner_chooser_get_notice_text (f->chooser), "“Learner” had nothing saved yet"));
  g_assert_nonnull (strstr (xq_learner_chooser_get_notice_text (f->chooser), "Mei is learning now"));
  /* The second learner: nothing more to say. */
  g_clear_pointer (&id, g_free);
  id = xq_learner_chooser_add (f->chooser, "Tom", &error);
  g_assert_null (xq_learner_chooser_get_notice_text (f->chooser));

  /* The default profile held something: kept under "Learner", and said. */
  xq_test_remove_tree (f->dir);
  save (f, "learner", "Learner", 2);
  /* Only the puzzle streak is left: never saved under a name. */
  {
    g_autofree char *path = g_build_filename (f->dir, "learner.json", NULL);
    g_assert_cmpint (g_unlink (path), ==, 0);
  }
  g_assert_true (xq_progress_store_has_files (f->store, "learner"));
  g_clear_pointer (&id, g_free);
  id = xq_learner_chooser_add (f->chooser, "Ann", &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (xq_learner_chooser_get_notice_text (f->chooser), "kept under “Learner”"));
  g_assert_nonnull (find_button (GTK_WIDGET (f->chooser), NULL, "Remove Learner…"));
}

/* A new computer, no learner saved: "Who Is Learning?" stood over an empty
 * gap (seen at 800x600).  It shows once there is someone to list or
 * something to say. */
static void
test_no_learners_yet (Fixture *f, gconstpointer data)
{
  GtkWidget *heading = xq_test_find_label (GTK_WIDGET (f->chooser), "Who Is Learning?");
  g_autofree char *id = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (heading);
  g_assert_true (gtk_widget_is_visible (heading));
  xq_test_remove_tree (f->dir);
  xq_learner_chooser_reload (f->chooser);
  xq_learner_chooser_set_current (f->chooser, NULL);
  g_assert_false (gtk_widget_is_visible (heading));
  id = xq_learner_chooser_add (f->chooser, "Mei", &error);
  g_assert_no_error (error);
  g_assert_true (gtk_widget_is_visible (heading));
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  xq_test_gtk_init (&argc, &argv);

#define ADD(path, func) g_test_add ("/class-ui/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("remove-undo", test_remove_undo);
  ADD ("remove-current", test_remove_current);
  ADD ("rows-when-shown", test_rows_when_shown);
  ADD ("add-list", test_add_list);
  ADD ("describe-list", test_describe_list);
  ADD ("forty", test_forty);
  ADD ("forty-small", test_forty_small);
  ADD ("few", test_few);
  ADD ("search", test_search);
  ADD ("default-told", test_default_told);
  ADD ("no-learners-yet", test_no_learners_yet);
#undef ADD
  return g_test_run ();
}
