/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Under Xvfb: the projector follows the Teach page (one window however
 * often it is opened, the selected exercise shown, Next and Previous, the
 * keys, demonstration moves with undo and reset, drawing colours) and the
 * worksheet dialog writes the sheet and its key with the chosen layout and
 * notation. */
#define G_LOG_DOMAIN "test-sheets-ui"

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "xq-projector-window.h"
#include "xq-teach-page.h"
#include "xq-test-gtk.h"
#include "xq-worksheet-dialog.h"

/* Three exercises whose positions differ: the start position, a lone horse,
 * a question with no board of its own (the start position again, so the
 * test tells them apart by the horse). */
static const char unit_json[] =
  "{ \"format\": 1, \"type\": \"unit\", \"id\": \"my-lessons\", \"number\": 90, \"title\": \"Projector test\",\n"
  "  \"pages\": [ { \"text\": \"A test.\" } ],\n"
  "  \"exercises\": [\n"
  "    { \"id\": \"first-move\", \"kind\": \"move\", \"prompt\": \"Bring the horse out.\",\n"
  "      \"fen\": \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\",\n"
  "      \"goal\": \"given\", \"moves\": [ \"h0g2\" ] },\n"
  "    { \"id\": \"horse-reach\", \"kind\": \"tap\", \"prompt\": \"Where can the horse go?\",\n"
  "      \"fen\": \"3k5/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1\", \"rule\": \"reach\", \"square\": \"e4\" },\n"
  "    { \"id\": \"cannon\", \"kind\": \"choose\", \"prompt\": \"Can a cannon jump two pieces?\",\n"
  "      \"answer\": \"no\", \"choices\": [ { \"id\": \"yes\", \"text\": \"Yes\" }, { \"id\": \"no\", \"text\": \"No\" } ] }\n"
  "  ] }\n";

typedef struct {
  GtkWindow   *window;
  XqTeachPage *page;
  char        *dir;
  char        *unit;
} Fixture;

static void
iterate (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static void
setup (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *units = NULL;

  f->dir = g_dir_make_tmp ("xq-sheets-ui-XXXXXX", &error);
  g_assert_no_error (error);
  units = g_build_filename (f->dir, "units", NULL);
  g_assert_cmpint (g_mkdir (units, 0700), ==, 0);
  f->unit = g_build_filename (units, "my-lessons.json", NULL);
  g_assert_true (g_file_set_contents (f->unit, unit_json, -1, &error));
  f->page = XQ_TEACH_PAGE (xq_teach_page_new ());
  xq_teach_page_set_units_dir (f->page, units);
  f->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (f->window, 1200, 800);
  gtk_window_set_child (f->window, GTK_WIDGET (f->page));
  gtk_window_present (f->window);
  iterate ();
  g_assert_cmpuint (xq_teach_page_get_n_exercises (f->page), ==, 3);
}

static void
teardown (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (f->window);
  iterate ();
  g_unlink (f->unit);
  {
    g_autofree char *units = g_path_get_dirname (f->unit);
    g_rmdir (units);
  }
  g_rmdir (f->dir);
  g_free (f->unit);
  g_free (f->dir);
}

/* Does widget, or a widget inside it, show the text? */
static gboolean
shows_text (GtkWidget *widget, const char *text)
{
  if (GTK_IS_LABEL (widget) && strcmp (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (shows_text (c, text))
      return TRUE;
  return FALSE;
}

/* The Teach page's list of exercises: the list box whose first row names
 * the first exercise. */
static GtkListBox *
find_list (GtkWidget *widget)
{
  if (GTK_IS_LIST_BOX (widget))
    {
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (widget), 0);

      if (row != NULL && shows_text (GTK_WIDGET (row), "first-move"))
        return GTK_LIST_BOX (widget);
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkListBox *found = find_list (c);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Selects row i of list and waits for the projector to read the unit. */
static void
select_exercise (GtkListBox *list, int i, XqProjectorWindow *projector)
{
  gtk_list_box_select_row (list, gtk_list_box_get_row_at_index (list, i));
  while (xq_projector_window_is_loading (projector))
    g_main_context_iteration (NULL, TRUE);
  iterate ();
}

static XqPiece
piece_at (XqProjectorWindow *projector, const char *point)
{
  return xq_projector_window_get_position (projector)->board[xq_square_from_text (point)];
}

static void
click_point (XqProjectorWindow *projector, const char *point, guint button)
{
  g_signal_emit_by_name (xq_projector_window_get_board (projector), "point-activated",
                         xq_square_from_text (point), button);
}

static void
changed_cb (XqProjectorWindow *projector, int index, int *out)
{
  *out = index;
}

/* The shortcut that triggers action on key, among the window's controllers. */
static gboolean
has_shortcut (GtkWidget *widget, guint key, const char *action)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) c = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (c))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (c)); j++)
        {
          g_autoptr(GtkShortcut) s = g_list_model_get_item (G_LIST_MODEL (c), j);
          GtkShortcutTrigger *t = gtk_shortcut_get_trigger (s);
          GtkShortcutAction *a = gtk_shortcut_get_action (s);

          if (GTK_IS_KEYVAL_TRIGGER (t) && gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (t)) == key &&
              GTK_IS_NAMED_ACTION (a) && strcmp (gtk_named_action_get_action_name (GTK_NAMED_ACTION (a)), action) == 0)
            return TRUE;
        }
    }
  return FALSE;
}

static void
test_follow (Fixture *f, gconstpointer data)
{
  XqProjectorWindow *projector = xq_teach_page_open_projector (f->page);
  GtkListBox *list = find_list (GTK_WIDGET (f->page));
  XqPiece horse = xq_piece_make (XQ_RED, XQ_HORSE);
  int changed = -1;

  g_assert_nonnull (list);
  iterate ();
  /* Opened twice: one window. */
  g_assert_true (xq_teach_page_open_projector (f->page) == projector);
  gtk_window_close (GTK_WINDOW (projector));
  iterate ();
  g_assert_true (xq_teach_page_open_projector (f->page) == projector);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (projector)));

  /* Nothing selected: the exercise being written, outside the unit. */
  g_assert_cmpint (xq_projector_window_get_index (projector), ==, -1);
  select_exercise (list, 1, projector);
  g_assert_cmpint (xq_projector_window_get_index (projector), ==, 1);
  g_assert_cmpuint (xq_projector_window_get_n_exercises (projector), ==, 3);
  g_assert_cmpint (piece_at (projector, "e4"), ==, horse);
  g_assert_cmpint (piece_at (projector, "h0"), ==, XQ_EMPTY);
  select_exercise (list, 0, projector);
  g_assert_cmpint (xq_projector_window_get_index (projector), ==, 0);
  g_assert_cmpint (piece_at (projector, "h0"), ==, horse);
  g_assert_cmpint (piece_at (projector, "e4"), ==, XQ_EMPTY);

  /* Next and Previous, from the projector: the list follows it back. */
  g_signal_connect (projector, "exercise-changed", G_CALLBACK (changed_cb), &changed);
  gtk_widget_activate_action (GTK_WIDGET (projector), "projector.next", NULL);
  g_assert_cmpint (xq_projector_window_get_index (projector), ==, 1);
  g_assert_cmpint (changed, ==, 1);
  g_assert_cmpint (gtk_list_box_row_get_index (gtk_list_box_get_selected_row (list)), ==, 1);
  g_assert_cmpint (piece_at (projector, "e4"), ==, horse);
  /* ... and so does the editor: the stepped-to exercise is the one being edited. */
  g_assert_cmpstr (xq_exercise_editor_get_id (xq_teach_page_get_exercise_editor (f->page)), ==, "horse-reach");
  xq_projector_window_next (projector);
  xq_projector_window_next (projector);  /* past the last: stays */
  g_assert_cmpint (xq_projector_window_get_index (projector), ==, 2);
  gtk_widget_activate_action (GTK_WIDGET (projector), "projector.previous", NULL);
  g_assert_cmpint (xq_projector_window_get_index (projector), ==, 1);
  g_assert_cmpint (changed, ==, 1);
  xq_projector_window_previous (projector);
  xq_projector_window_previous (projector);  /* before the first: stays */
  g_assert_cmpint (xq_projector_window_get_index (projector), ==, 0);
  g_assert_cmpstr (xq_exercise_editor_get_id (xq_teach_page_get_exercise_editor (f->page)), ==, "first-move");
  /* Opened again: still one handler, the editor still follows. */
  g_assert_true (xq_teach_page_open_projector (f->page) == projector);
  while (xq_projector_window_is_loading (projector))
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (xq_projector_window_get_index (projector), ==, 0);
  xq_projector_window_next (projector);
  xq_projector_window_next (projector);
  g_assert_cmpstr (xq_exercise_editor_get_id (xq_teach_page_get_exercise_editor (f->page)), ==, "cannon");

  /* The keys behind Next and Previous. */
  g_assert_true (has_shortcut (GTK_WIDGET (projector), GDK_KEY_Page_Down, "projector.next"));
  g_assert_true (has_shortcut (GTK_WIDGET (projector), GDK_KEY_Right, "projector.next"));
  g_assert_true (has_shortcut (GTK_WIDGET (projector), GDK_KEY_Page_Up, "projector.previous"));
  g_assert_true (has_shortcut (GTK_WIDGET (projector), GDK_KEY_Left, "projector.previous"));
  gtk_window_destroy (GTK_WINDOW (projector));
  iterate ();
}

static void
test_demonstrate (Fixture *f, gconstpointer data)
{
  XqProjectorWindow *projector = xq_teach_page_open_projector (f->page);
  GtkListBox *list = find_list (GTK_WIDGET (f->page));
  XqPiece horse = xq_piece_make (XQ_RED, XQ_HORSE);
  const XqAnnotations *drawing;

  select_exercise (list, 0, projector);
  g_assert_cmpint (xq_projector_window_get_index (projector), ==, 0);

  /* A horse move by two clicks. */
  click_point (projector, "h0", GDK_BUTTON_PRIMARY);
  click_point (projector, "g2", GDK_BUTTON_PRIMARY);
  g_assert_cmpuint (xq_projector_window_get_n_played (projector), ==, 1);
  g_assert_cmpint (piece_at (projector, "g2"), ==, horse);
  g_assert_cmpint (piece_at (projector, "h0"), ==, XQ_EMPTY);
  g_assert_cmpint (xq_projector_window_get_position (projector)->side, ==, XQ_BLACK);
  /* Black to move: a red piece does not move. */
  click_point (projector, "i0", GDK_BUTTON_PRIMARY);
  click_point (projector, "i2", GDK_BUTTON_PRIMARY);
  g_assert_cmpuint (xq_projector_window_get_n_played (projector), ==, 1);
  g_assert_cmpint (piece_at (projector, "i0"), ==, xq_piece_make (XQ_RED, XQ_CHARIOT));
  g_assert_true (xq_projector_window_play (projector, xq_move_from_iccs ("a9a8")));
  g_assert_cmpuint (xq_projector_window_get_n_played (projector), ==, 2);
  /* A chariot cannot pass its own soldier: refused, nothing changes. */
  click_point (projector, "i0", GDK_BUTTON_PRIMARY);
  click_point (projector, "i4", GDK_BUTTON_PRIMARY);
  g_assert_cmpuint (xq_projector_window_get_n_played (projector), ==, 2);
  g_assert_cmpint (piece_at (projector, "i0"), ==, xq_piece_make (XQ_RED, XQ_CHARIOT));
  g_assert_false (xq_projector_window_play (projector, xq_move_from_iccs ("i0i4")));

  /* Undo, then reset. */
  g_assert_true (xq_projector_window_undo (projector));
  g_assert_cmpint (piece_at (projector, "a9"), ==, xq_piece_make (XQ_BLACK, XQ_CHARIOT));
  g_assert_cmpint (piece_at (projector, "a8"), ==, XQ_EMPTY);
  g_assert_cmpint (piece_at (projector, "g2"), ==, horse);
  gtk_widget_activate_action (GTK_WIDGET (projector), "projector.reset", NULL);
  g_assert_cmpuint (xq_projector_window_get_n_played (projector), ==, 0);
  g_assert_cmpint (piece_at (projector, "h0"), ==, horse);
  g_assert_false (xq_projector_window_undo (projector));

  /* Drawing in the chosen colour. */
  xq_projector_window_set_color (projector, XQ_ROLE_BAD);
  click_point (projector, "e4", GDK_BUTTON_SECONDARY);
  g_signal_emit_by_name (xq_projector_window_get_board (projector), "arrow", xq_square_from_text ("h2"),
                         xq_square_from_text ("e2"));
  xq_projector_window_set_color (projector, XQ_ROLE_GOOD);
  click_point (projector, "e6", GDK_BUTTON_SECONDARY);
  drawing = xq_projector_window_get_drawing (projector);
  g_assert_cmpint (drawing->n_marks, ==, 3);
  g_assert_cmpint (drawing->marks[0].kind, ==, XQ_MARK_CIRCLE);
  g_assert_cmpint (drawing->marks[0].role, ==, XQ_ROLE_BAD);
  g_assert_cmpint (drawing->marks[1].kind, ==, XQ_MARK_ARROW);
  g_assert_cmpint (drawing->marks[1].role, ==, XQ_ROLE_BAD);
  g_assert_cmpint (drawing->marks[2].role, ==, XQ_ROLE_GOOD);
  /* A move keeps the drawing; another exercise starts clean. */
  click_point (projector, "h0", GDK_BUTTON_PRIMARY);
  click_point (projector, "g2", GDK_BUTTON_PRIMARY);
  g_assert_cmpint (xq_projector_window_get_drawing (projector)->n_marks, ==, 3);
  xq_projector_window_next (projector);
  g_assert_cmpint (xq_projector_window_get_drawing (projector)->n_marks, ==, 0);
  g_assert_cmpuint (xq_projector_window_get_n_played (projector), ==, 0);
  gtk_window_destroy (GTK_WINDOW (projector));
  iterate ();
}

static void
exported_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  gboolean *done = data;
  g_autoptr(GError) error = NULL;

  g_assert_true (xq_worksheet_dialog_export_finish (XQ_WORKSHEET_DIALOG (source), result, &error));
  g_assert_no_error (error);
  *done = TRUE;
}

static char *
pdf_text (const char *path)
{
  const char *argv[] = { "pdftotext", path, "-", NULL };
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int status;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                               NULL, NULL, &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return out;
}

/* The dialog's options reach the files: four boards a page, the key in a
 * separate file, in ICCS. */
static void
test_dialog (Fixture *f, gconstpointer data)
{
  XqWorksheetDialog *dialog = xq_worksheet_dialog_open (GTK_WIDGET (f->page), f->unit, "Projector test");
  g_autofree char *pdf = g_build_filename (f->dir, "sheet.pdf", NULL);
  g_autofree char *key = xq_worksheet_dialog_key_path (pdf);
  g_autofree char *sheet_text = NULL;
  g_autofree char *key_text = NULL;
  XqWorksheetDialogKey where;
  XqNotation notation;
  gboolean done = FALSE;
  int per_page;

  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == f->window);
  g_assert_true (g_str_has_suffix (key, "sheet-key.pdf"));
  xq_worksheet_dialog_set_options (dialog, 4, XQ_WORKSHEET_DIALOG_KEY_SEPARATE, XQ_NOTATION_ICCS);
  xq_worksheet_dialog_get_options (dialog, &per_page, &where, &notation);
  g_assert_cmpint (per_page, ==, 4);
  g_assert_cmpint (where, ==, XQ_WORKSHEET_DIALOG_KEY_SEPARATE);
  g_assert_cmpint (notation, ==, XQ_NOTATION_ICCS);
  xq_worksheet_dialog_export_async (dialog, pdf, NULL, exported_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_nonnull (strstr (xq_worksheet_dialog_get_status (dialog), "sheet-key.pdf"));

  sheet_text = pdf_text (pdf);
  key_text = pdf_text (key);
  g_assert_nonnull (strstr (sheet_text, "Where can the horse go?"));
  g_assert_null (strstr (sheet_text, "h0g2"));
  g_assert_nonnull (strstr (key_text, "1. h0g2"));
  g_assert_nonnull (strstr (key_text, "3. B) No"));
  /* Three exercises at four a page: one page of questions. */
  g_assert_nonnull (strstr (sheet_text, "page 1 of 1"));

  /* Chinese, the key after the questions, in one file. */
  done = FALSE;
  g_unlink (key);
  xq_worksheet_dialog_set_options (dialog, 1, XQ_WORKSHEET_DIALOG_KEY_AFTER, XQ_NOTATION_ZH_HANT);
  xq_worksheet_dialog_export_async (dialog, pdf, NULL, exported_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  g_clear_pointer (&sheet_text, g_free);
  sheet_text = pdf_text (pdf);
  g_assert_nonnull (strstr (sheet_text, "1. 馬二進三"));
  g_assert_nonnull (strstr (sheet_text, "page 4 of 4"));
  g_assert_false (g_file_test (key, G_FILE_TEST_EXISTS));
  g_unlink (pdf);
  gtk_window_destroy (GTK_WINDOW (dialog));
  iterate ();
}

int
main (int argc, char *argv[])
{
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  setlocale (LC_ALL, "");
  xq_test_gtk_init (&argc, &argv);

  g_test_add ("/ui/sheets/projector-follows", Fixture, NULL, setup, test_follow, teardown);
  g_test_add ("/ui/sheets/projector-demonstrate", Fixture, NULL, setup, test_demonstrate, teardown);
  g_test_add ("/ui/sheets/worksheet-dialog", Fixture, NULL, setup, test_dialog, teardown);
  return g_test_run ();
}
