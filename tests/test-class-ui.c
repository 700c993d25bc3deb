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
#undef ADD
  return g_test_run ();
}
