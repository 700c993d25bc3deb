/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The class folder in the learner chooser: joining a folder another
 * computer filled brings its learners into the chooser (the sync on a
 * worker thread, the window's loop running all along); the chooser says
 * the class and its last sync, then that the folder is away; creating a
 * class in a folder joins it. */
#define G_LOG_DOMAIN "test-class-folder-ui"

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "xq-class-folder.h"
#include "xq-class-folder-panel.h"
#include "xq-learner-chooser.h"
#include "xq-test-gtk.h"

typedef struct {
  GtkWidget          *window;
  XqLearnerChooser   *chooser;
  XqClassFolderPanel *panel;
  XqProgressStore    *store;
  char               *root;
  guint               synced;
} Fixture;

static XqClassFolderPanel *
find_panel (GtkWidget *w)
{
  if (XQ_IS_CLASS_FOLDER_PANEL (w))
    return XQ_CLASS_FOLDER_PANEL (w);
  for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      XqClassFolderPanel *p = find_panel (c);
      if (p != NULL)
        return p;
    }
  return NULL;
}

static void
synced_cb (XqClassFolderPanel *panel, Fixture *f)
{
  f->synced++;
}

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  g_autoptr(XqProgress) p = xq_progress_new ("ann", "Ann");

  f->root = g_dir_make_tmp ("xq-class-folder-ui-XXXXXX", NULL);
  f->store = xq_progress_store_new (NULL);
  xq_test_remove_tree (xq_progress_store_get_dir (f->store));
  xq_progress_record_result (p, "board", "palace-red", 2, 0, "2026-11-20");
  g_assert_true (xq_progress_store_save (f->store, p, NULL));
  f->window = gtk_window_new ();
  f->chooser = XQ_LEARNER_CHOOSER (xq_learner_chooser_new ());
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->chooser));
  f->panel = find_panel (GTK_WIDGET (f->chooser));
  g_assert_nonnull (f->panel);
  g_signal_connect (f->panel, "synced", G_CALLBACK (synced_cb), f);
  xq_learner_chooser_set_store (f->chooser, f->store);
  gtk_window_present (GTK_WINDOW (f->window));
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  xq_progress_store_free (f->store);
  xq_test_remove_tree (f->root);
  g_free (f->root);
}

/* Runs the loop until the panel's work is done (at most 30 s). */
static void
wait_done (Fixture *f, guint synced_before)
{
  gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while ((xq_class_folder_panel_get_busy (f->panel) || f->synced == synced_before) &&
         g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (xq_class_folder_panel_get_busy (f->panel));
  g_assert_cmpuint (f->synced, >, synced_before);
}

/* Another computer made the class and has Zoe. */
static GFile *
other_computer (Fixture *f)
{
  g_autofree char *dir = g_build_filename (f->root, "other", NULL);
  g_autofree char *path = g_build_filename (f->root, "share", "class-3b", NULL);
  g_autoptr(XqProgressStore) other = xq_progress_store_new (dir);
  g_autoptr(XqProgress) zoe = xq_progress_new ("zoe", "Zoe");
  GFile *folder = g_file_new_for_path (path);
  g_autoptr(XqClassInfo) info = NULL;
  g_autoptr(XqClassState) state = NULL;
  g_autoptr(XqClassSyncReport) report = NULL;

  xq_progress_record_result (zoe, "board", "palace-red", 3, 0, "2026-11-21");
  g_assert_true (xq_progress_store_save (other, zoe, NULL));
  info = xq_class_folder_create (folder, "Class 3B", NULL, NULL);
  g_assert_nonnull (info);
  state = xq_class_join (other, folder, NULL, NULL);
  g_assert_nonnull (state);
  report = xq_class_sync (other, NULL, NULL, NULL);
  g_assert_cmpuint (report->n_sent, ==, 1);
  return folder;
}

static void
test_join_and_away (Fixture *f, gconstpointer data)
{
  g_autoptr(GFile) folder = other_computer (f);
  g_autoptr(GPtrArray) ids = NULL;
  g_autofree char *path = g_file_get_path (folder);
  g_autofree char *aside = g_strconcat (path, "-unplugged", NULL);
  const char *status = xq_class_folder_panel_get_status_text (f->panel);

  g_assert_nonnull (strstr (status, "no class folder"));
  xq_class_folder_panel_join (f->panel, folder);
  g_assert_true (xq_class_folder_panel_get_busy (f->panel));
  wait_done (f, 0);
  status = xq_class_folder_panel_get_status_text (f->panel);
  g_test_message ("%s", status);
  g_assert_nonnull (strstr (status, "Class “Class 3B”"));
  g_assert_nonnull (strstr (status, "last synced"));
  g_assert_nonnull (strstr (xq_class_folder_panel_get_messages_text (f->panel), "joined the class “Class 3B”"));
  ids = xq_progress_store_list (f->store);
  g_assert_cmpuint (ids->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (ids, 1), ==, "zoe");

  /* The stick is out: the work stays, the chooser says so. */
  g_assert_cmpint (g_rename (path, aside), ==, 0);
  g_assert_true (xq_class_folder_panel_sync (f->panel));
  g_assert_false (xq_class_folder_panel_sync (f->panel));   /* one at a time */
  wait_done (f, 1);
  status = xq_class_folder_panel_get_status_text (f->panel);
  g_test_message ("%s", status);
  g_assert_nonnull (strstr (status, "could not be reached"));
  g_assert_nonnull (strstr (status, "last synced"));
}

static void
test_create (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->root, "stick", "class-4a", NULL);
  g_autoptr(GFile) folder = g_file_new_for_path (path);
  g_autofree char *ann = g_build_filename (path, "learners", "ann.json", NULL);
  g_autofree char *class_file = g_build_filename (path, XQ_CLASS_FILE_NAME, NULL);

  xq_class_folder_panel_create_in (f->panel, folder, "Class 4A");
  wait_done (f, 0);
  g_test_message ("%s", xq_class_folder_panel_get_messages_text (f->panel));
  g_assert_nonnull (strstr (xq_class_folder_panel_get_messages_text (f->panel), class_file));
  g_assert_nonnull (strstr (xq_class_folder_panel_get_status_text (f->panel), "Class “Class 4A”"));
  g_assert_true (g_file_test (ann, G_FILE_TEST_IS_REGULAR));
}

int
main (int argc, char **argv)
{
  xq_test_gtk_init (&argc, &argv);
  g_test_add ("/class-folder-ui/join-and-away", Fixture, NULL, fixture_setup, test_join_and_away, fixture_teardown);
  g_test_add ("/class-folder-ui/create", Fixture, NULL, fixture_setup, test_create, fixture_teardown);
  return g_test_run ();
}
