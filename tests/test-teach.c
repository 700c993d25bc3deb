/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Teach page under Xvfb: an exercise authored through the editor by
 * simulated input, saved, reloaded through the lesson loader; drafts that do
 * not validate are kept out of the unit; the position editor, the projector,
 * PDF worksheets and lesson packs. */
#define G_LOG_DOMAIN "test-teach"

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "xq-lesson-writer.h"
#include "xq-pack.h"
#include "xq-unit-store.h"
#include "xq-kind.h"
#include "xq-lesson-player.h"
#include "xq-mark-palette.h"
#include "xq-unit-list.h"
#include "xq-test-kinds.h"
#include "xq-teach-page.h"
#include "xq-test-gtk.h"
#include "xq-test-dirs.h"
#include "xq-test-game-folder.h"

typedef struct {
  GtkWindow   *window;
  XqTeachPage *page;
  char        *dir;
} Fixture;

static void
setup (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;

  f->dir = g_dir_make_tmp ("xq-teach-XXXXXX", &error);
  g_assert_no_error (error);
  f->page = XQ_TEACH_PAGE (xq_teach_page_new ());
  {
    g_autofree char *units = g_build_filename (f->dir, "units", NULL);
    xq_teach_page_set_units_dir (f->page, units);
  }
  /* The app's default: the board prints its coordinates, and messages
   * name points by them. */
  g_object_set (xq_position_editor_get_board (xq_exercise_editor_get_position_editor (
                  xq_teach_page_get_exercise_editor (f->page))), "show-coordinates", TRUE, NULL);
  f->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (f->window, 1200, 800);
  gtk_window_set_child (f->window, GTK_WIDGET (f->page));
  gtk_window_present (f->window);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static void
teardown (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (f->window);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  xq_test_remove_tree (f->dir);
  g_free (f->dir);
}

static void
click (GtkWidget *button)
{
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
}

/* What the board's gesture reports for a click on sq. */
static void
click_point (XqEditorBoard *board, const char *point, guint button)
{
  XqSquare sq = xq_square_from_text (point);

  g_assert_cmpint (sq, !=, XQ_NO_SQUARE);
  g_signal_emit_by_name (board, "point-activated", sq, button);
}

static void
put_from_palette (XqPositionEditor *pe, XqColor color, XqPieceType type, const char *point)
{
  XqPiece piece = xq_piece_make (color, type);

  click (xq_position_editor_get_palette_button (pe, piece));
  g_assert_cmpint (xq_position_editor_get_brush (pe), ==, piece);
  click_point (xq_position_editor_get_board (pe), point, GDK_BUTTON_PRIMARY);
  g_assert_cmpint (xq_position_editor_get_position (pe)->board[xq_square_from_text (point)], ==, piece);
}

static void
count_cb (guint *n)
{
  (*n)++;
}

/* Starts a validation and waits for it in the main loop: it runs in a
 * worker, so the call itself never has the answer. */
static gboolean
validated (XqExerciseEditor *editor)
{
  guint n = 0;
  gulong id = g_signal_connect_swapped (editor, "validated", G_CALLBACK (count_cb), &n);

  xq_exercise_editor_validate (editor);
  g_assert_true (xq_exercise_editor_is_checking (editor));
  g_assert_false (xq_exercise_editor_is_valid (editor));
  g_assert_cmpuint (n, ==, 0);
  while (n == 0)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (editor, id);
  g_assert_false (xq_exercise_editor_is_checking (editor));
  return xq_exercise_editor_is_valid (editor);
}

static gboolean
has_problem_at (XqExerciseEditor *editor, const char *path)
{
  GPtrArray *problems = xq_exercise_editor_get_problems (editor);

  for (guint i = 0; i < problems->len; i++)
    if (strcmp (((XqLessonProblem *) g_ptr_array_index (problems, i))->path, path) == 0)
      return TRUE;
  return FALSE;
}

/* Chooses the exercise kind by its name in the file format. */
static void
select_kind (XqExerciseEditor *editor, const char *name)
{
  guint n;
  const XqKind *const *kinds = xq_kinds (&n);

  for (guint i = 0; i < n; i++)
    if (strcmp (kinds[i]->name, name) == 0)
      {
        gtk_drop_down_set_selected (GTK_DROP_DOWN (xq_exercise_editor_get_widget (editor, "kind")), i);
        return;
      }
  g_assert_not_reached ();
}

/* Chooses a word of the current kind's field name by the word itself:
 * the drop-down follows the field's descriptor. */
static void
select_value (XqExerciseEditor *editor, const char *name, const char *value)
{
  guint n;
  const XqKind *const *kinds = xq_kinds (&n);
  guint k = gtk_drop_down_get_selected (GTK_DROP_DOWN (xq_exercise_editor_get_widget (editor, "kind")));
  const XqKindField *field = xq_kind_find_field (kinds[k], name);

  g_assert_nonnull (field);
  g_assert_nonnull (field->values);
  for (guint i = 0; field->values[i].value != NULL; i++)
    if (strcmp (field->values[i].value, value) == 0)
      {
        gtk_drop_down_set_selected (GTK_DROP_DOWN (xq_exercise_editor_get_widget (editor, name)), i);
        return;
      }
  g_assert_not_reached ();
}

/* Lays out the horse exercise: both generals and a red horse on b0. */
static void
author_horse_exercise (XqExerciseEditor *editor)
{
  XqPositionEditor *pe = xq_exercise_editor_get_position_editor (editor);
  XqEditorBoard *board = xq_position_editor_get_board (pe);
  g_autoptr(GError) error = NULL;
  XqSquare i5 = xq_square_from_text ("i5");

  click (xq_position_editor_get_button (pe, "clear"));
  g_assert_false (xq_position_editor_validate (pe, &error));
  g_assert_error (error, XQ_POSITION_ERROR, XQ_POSITION_ERROR_KING_COUNT);
  g_clear_error (&error);

  put_from_palette (pe, XQ_RED, XQ_KING, "e0");
  put_from_palette (pe, XQ_BLACK, XQ_KING, "e9");
  /* Facing generals: the core's reason is the editor's verdict. */
  g_assert_false (xq_position_editor_validate (pe, &error));
  g_assert_error (error, XQ_POSITION_ERROR, XQ_POSITION_ERROR_FACING_KINGS);
  g_clear_error (&error);
  /* Drag the black general aside. */
  xq_editor_board_drag_piece (board, xq_square_from_text ("e9"), xq_square_from_text ("d9"));
  put_from_palette (pe, XQ_RED, XQ_HORSE, "b0");
  /* A stray chariot, dragged off the board again. */
  put_from_palette (pe, XQ_RED, XQ_CHARIOT, "i5");
  xq_editor_board_drag_piece (board, i5, XQ_NO_SQUARE);
  g_assert_cmpint (xq_position_editor_get_position (pe)->board[i5], ==, XQ_EMPTY);
  /* A second click on the palette piece puts the brush away. */
  click (xq_position_editor_get_palette_button (pe, xq_piece_make (XQ_RED, XQ_CHARIOT)));
  g_assert_cmpint (xq_position_editor_get_brush (pe), ==, XQ_EMPTY);
  g_assert_true (xq_position_editor_validate (pe, NULL));

  gtk_editable_set_text (GTK_EDITABLE (xq_exercise_editor_get_widget (editor, "id")), "horse-reach");
  select_kind (editor, "tap");
  select_value (editor, "rule", "reach");

  /* No prompt yet: reported inline. */
  g_assert_false (validated (editor));
  g_assert_true (has_problem_at (editor, "$.prompt"));
  /* In the form's words, not the file's keys. */
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (xq_exercise_editor_get_widget (editor, "problems"))),
                            "Fill in “Prompt”."));
  gtk_editable_set_text (GTK_EDITABLE (xq_exercise_editor_get_widget (editor, "prompt")),
                         "Tap every point the horse can reach.");
  /* No piece chosen yet: said as what to do on the board. */
  g_assert_false (validated (editor));
  g_assert_true (has_problem_at (editor, "$"));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (xq_exercise_editor_get_widget (editor, "problems"))),
                            "Mark the exercise’s piece on the board"));
  g_assert_null (strstr (gtk_label_get_text (GTK_LABEL (xq_exercise_editor_get_widget (editor, "problems"))),
                         "square"));

  gtk_drop_down_set_selected (GTK_DROP_DOWN (xq_exercise_editor_get_widget (editor, "click-mode")),
                              XQ_EDITOR_CLICK_PIECE);
  click_point (board, "b0", GDK_BUTTON_PRIMARY);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (xq_exercise_editor_get_widget (editor, "hints"))),
                            "A horse moves one point straight, then one diagonally.\n\nLook for its legs.", -1);
}

static void
test_author (Fixture *f, gconstpointer data)
{
  XqExerciseEditor *editor = xq_teach_page_get_exercise_editor (f->page);
  g_autoptr(GError) error = NULL;
  g_autoptr(XqLessonFile) file = NULL;
  g_autofree char *path = xq_teach_page_get_unit_path (f->page);
  g_autofree char *saved = NULL;
  g_autofree char *after = NULL;
  g_autofree char *draft = NULL;
  g_autofree char *draft_text = NULL;
  const XqExercise *ex;

  author_horse_exercise (editor);
  /* The validator runs by itself after a pause in the typing. */
  while (!xq_exercise_editor_is_valid (editor))
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (xq_exercise_editor_get_problems (editor)->len, ==, 0);
  /* What the rules decided, in words and on the board. */
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (xq_exercise_editor_get_widget (editor, "problems"))), ==,
                   "The exercise is valid.\nThe answer: d1, a2, c2");
  /* With the coordinates turned off the board labels its files only: the
   * words follow, and come back when they are on again. */
  {
    GObject *board = G_OBJECT (xq_position_editor_get_board (xq_exercise_editor_get_position_editor (editor)));
    GtkWidget *piece = xq_exercise_editor_get_widget (editor, "square");

    g_object_set (board, "show-coordinates", FALSE, NULL);
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (xq_exercise_editor_get_widget (editor, "problems"))), ==,
                     "The exercise is valid.\nThe answer: file 六 rank 2, file 九 rank 3, file 七 rank 3");
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (piece)), ==, "Marked: file 八 rank 1");
    g_object_set (board, "show-coordinates", TRUE, NULL);
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (piece)), ==, "Marked: b0");
  }
  {
    const XqDraftAnswer *answer = xq_exercise_editor_get_answer (editor);
    const char *reach[] = { "a2", "c2", "d1" };

    g_assert_nonnull (answer);
    g_assert_cmpint (answer->marks.n_marks, ==, 3);
    for (guint i = 0; i < G_N_ELEMENTS (reach); i++)
      g_assert_true (xq_lesson_marks_has (&answer->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_CORRECT,
                                          xq_square_from_text (reach[i]), XQ_NO_SQUARE));
  }

  g_assert_true (xq_teach_page_publish (f->page, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (xq_teach_page_get_n_exercises (f->page), ==, 1);

  /* Reload through the loader: it validates, and the rules core computed
   * the horse's three points (a2, c2, d1). */
  file = xq_lesson_load_file_simple (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (file);
  g_assert_cmpuint (file->unit->exercises->len, ==, 1);
  ex = g_ptr_array_index (file->unit->exercises, 0);
  g_assert_cmpstr (ex->id, ==, "horse-reach");
  g_assert_true (xq_exercise_is (ex, "tap"));
  g_assert_cmpstr (xq_exercise_get_field (ex, "rule"), ==, "reach");
  g_assert_cmpstr (xq_exercise_get_field (ex, "square"), ==, "b0");
  g_assert_cmpint (answer_of (ex).n_points, ==, 3);
  g_assert_true (is_answer_point (ex, xq_square_from_text ("a2")));
  g_assert_true (is_answer_point (ex, xq_square_from_text ("c2")));
  g_assert_true (is_answer_point (ex, xq_square_from_text ("d1")));
  g_assert_cmpstr (ex->prompt, ==, "Tap every point the horse can reach.");
  g_assert_cmpuint (ex->hints->len, ==, 2);

  /* Broken again: a draft can be saved, but it stays out of the unit. */
  g_assert_true (g_file_get_contents (path, &saved, NULL, NULL));
  gtk_editable_set_text (GTK_EDITABLE (xq_exercise_editor_get_widget (editor, "prompt")), "");
  /* Not before the check of the new form has come back... */
  g_assert_false (xq_teach_page_publish (f->page, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PENDING);
  g_clear_error (&error);
  /* ...and not after, since it found a problem. */
  g_assert_false (validated (editor));
  g_assert_false (xq_teach_page_publish (f->page, &error));
  g_assert_error (error, XQ_LESSON_ERROR, XQ_LESSON_ERROR_VALUE);
  g_clear_error (&error);
  draft = xq_teach_page_save_draft (f->page, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_suffix (draft, "my-lessons-horse-reach.json"));
  g_assert_true (g_file_get_contents (draft, &draft_text, NULL, NULL));
  g_assert_nonnull (strstr (draft_text, "\"horse-reach\""));
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, saved);

  /* The draft comes back into the editor as it was. */
  xq_exercise_editor_reset (editor);
  g_assert_cmpstr (xq_exercise_editor_get_id (editor), ==, "");
  g_assert_true (xq_teach_page_open_draft (f->page, draft, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (xq_exercise_editor_get_id (editor), ==, "horse-reach");
  g_assert_false (validated (editor));
  g_assert_true (has_problem_at (editor, "$.prompt"));

  /* A fresh page on the same folder finds the published unit. */
  {
    XqTeachPage *other = XQ_TEACH_PAGE (g_object_ref_sink (xq_teach_page_new ()));
    xq_teach_page_set_units_dir (other, xq_teach_page_get_units_dir (f->page));
    g_assert_cmpuint (xq_teach_page_get_n_exercises (other), ==, 1);
    g_object_unref (other);
  }
}

/* The button under root whose label is label, or NULL. */
static GtkWidget *
find_button (GtkWidget *root, const char *label)
{
  if (GTK_IS_BUTTON (root) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (root)), label) == 0)
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_button (c, label);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Preview loads the exercise in a worker and then opens it in a player
 * window over the page's. */
static GtkWidget *find_type (GtkWidget *root, GType type);

static void
test_preview (Fixture *f, gconstpointer data)
{
  XqExerciseEditor *editor = xq_teach_page_get_exercise_editor (f->page);
  GtkWidget *preview = find_button (GTK_WIDGET (f->page), "Pre_view");
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint before = g_list_model_get_n_items (toplevels);
  GtkWindow *window = NULL;

  g_assert_nonnull (preview);
  author_horse_exercise (editor);
  g_assert_true (validated (editor));
  click (preview);
  /* The click only starts the load. */
  g_assert_cmpuint (g_list_model_get_n_items (toplevels), ==, before);
  while (g_list_model_get_n_items (toplevels) == before)
    g_main_context_iteration (NULL, TRUE);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);
      if (g_strcmp0 (gtk_window_get_title (w), "Preview") == 0)
        window = w;
    }
  g_assert_nonnull (window);
  g_assert_true (gtk_window_get_transient_for (window) == f->window);
  /* Issue 31: the exercise being written shows itself being done, as the
   * first of its kind in a unit does; Show Me plays it again. */
  {
    XqLessonPlayer *player = XQ_LESSON_PLAYER (find_type (GTK_WIDGET (window), XQ_TYPE_LESSON_PLAYER));

    g_assert_nonnull (player);
    xq_lesson_player_set_reply_delay (player, 0);
    while (xq_lesson_player_get_exercise (player) == NULL)
      click (xq_lesson_player_get_button (player, "next"));
    g_assert_true (xq_lesson_player_is_demonstrating (player));
    while (xq_lesson_player_is_demonstrating (player))
      g_main_context_iteration (NULL, TRUE);
    g_assert_cmpstr (xq_lesson_player_get_feedback (player), ==, "Now you try!");
    g_assert_true (gtk_widget_get_visible (xq_lesson_player_get_button (player, "show-me")));
    g_assert_false (xq_lesson_player_is_solved (player));
  }
  gtk_window_destroy (window);
}

static GtkWidget *
find_type (GtkWidget *root, GType type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_type (c, type);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The teacher's marks: drawn in the Marks mode (a click tints, a
 * right-click circles, a right-drag draws an arrow, each again takes it
 * away), in the palette's colours, kept in the exercise's JSON, loaded
 * back, on the editor's board, in the preview's lesson board, and cleared. */
static void
test_marks (Fixture *f, gconstpointer data)
{
  XqExerciseEditor *editor = xq_teach_page_get_exercise_editor (f->page);
  XqEditorBoard *board = xq_position_editor_get_board (xq_exercise_editor_get_position_editor (editor));
  XqMarkPalette *palette = XQ_MARK_PALETTE (xq_exercise_editor_get_widget (editor, "marks-palette"));
  GtkWidget *clear = xq_exercise_editor_get_widget (editor, "clear-marks");
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint before = g_list_model_get_n_items (toplevels);
  XqSquare e5 = xq_square_from_text ("e5"), b0 = xq_square_from_text ("b0"), c2 = xq_square_from_text ("c2");
  const XqLessonMarks *marks = xq_exercise_editor_get_marks (editor);
  XqLessonBoard *shown = NULL;
  XqLessonPlayer *player;
  GtkWindow *window = NULL;
  g_autofree char *json = NULL;

  author_horse_exercise (editor);
  g_assert_true (validated (editor));
  g_assert_false (gtk_widget_get_visible (gtk_widget_get_parent (gtk_widget_get_parent (clear))));
  /* Outside the Marks mode a right-drag draws nothing. */
  g_signal_emit_by_name (board, "arrow", b0, c2);
  g_assert_cmpint (marks->n_marks, ==, 0);

  xq_exercise_editor_set_click_mode (editor, XQ_EDITOR_CLICK_MARKS);
  g_assert_true (gtk_widget_get_visible (gtk_widget_get_parent (gtk_widget_get_parent (clear))));
  g_assert_false (gtk_widget_get_sensitive (clear));
  click (xq_mark_palette_get_button (palette, XQ_LESSON_COLOR_RED));
  g_assert_cmpint (xq_mark_palette_get_color (palette), ==, XQ_LESSON_COLOR_RED);
  click_point (board, "b0", GDK_BUTTON_SECONDARY);
  click_point (board, "e5", GDK_BUTTON_PRIMARY);
  xq_mark_palette_set_color (palette, XQ_LESSON_COLOR_BLUE);
  g_signal_emit_by_name (board, "arrow", b0, c2);
  g_assert_cmpint (marks->n_marks, ==, 3);
  g_assert_true (gtk_widget_get_sensitive (clear));
  g_assert_cmpint (marks->marks[0].kind, ==, XQ_LESSON_MARK_CIRCLE);
  g_assert_cmpint (marks->marks[0].color, ==, XQ_LESSON_COLOR_RED);
  g_assert_cmpint (marks->marks[1].kind, ==, XQ_LESSON_MARK_POINT);
  g_assert_cmpint (marks->marks[1].sq, ==, e5);
  g_assert_cmpint (marks->marks[2].kind, ==, XQ_LESSON_MARK_ARROW);
  g_assert_cmpint (marks->marks[2].color, ==, XQ_LESSON_COLOR_BLUE);
  /* Placing a piece is not what a click does here. */
  g_assert_cmpint (xq_position_editor_get_position (xq_exercise_editor_get_position_editor (editor))->board[e5], ==,
                   XQ_EMPTY);
  /* The marks are part of the exercise, and a valid one. */
  g_assert_true (validated (editor));
  json = xq_exercise_editor_to_json (editor);
  g_assert_nonnull (strstr (json, "\"circle\" : \"b0\""));
  g_assert_nonnull (strstr (json, "\"arrow\" : \"b0c2\""));
  g_assert_nonnull (strstr (json, "\"color\" : \"blue\""));

  /* Loaded again, the same marks. */
  xq_exercise_editor_reset (editor);
  g_assert_cmpint (marks->n_marks, ==, 0);
  g_assert_true (xq_exercise_editor_load_json (editor, json, NULL));
  g_assert_cmpint (marks->n_marks, ==, 3);
  g_assert_true (xq_lesson_marks_has (marks, XQ_LESSON_MARK_ARROW, XQ_LESSON_ROLE_HIGHLIGHT, b0, c2));
  g_assert_true (validated (editor));

  /* The preview's learner sees them with the prompt. */
  click (find_button (GTK_WIDGET (f->page), "Pre_view"));
  while (g_list_model_get_n_items (toplevels) == before)
    g_main_context_iteration (NULL, TRUE);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);
      if (g_strcmp0 (gtk_window_get_title (w), "Preview") == 0)
        window = w;
    }
  g_assert_nonnull (window);
  player = XQ_LESSON_PLAYER (find_type (GTK_WIDGET (window), XQ_TYPE_LESSON_PLAYER));
  g_assert_nonnull (player);
  /* Past the title page, the exercise. */
  for (guint step = 0; xq_lesson_player_get_exercise (player) == NULL; step++)
    {
      g_assert_cmpuint (step, <, xq_lesson_player_get_n_steps (player));
      xq_lesson_player_go_to (player, step);
    }
  shown = xq_lesson_player_get_board (player);
  g_assert_true (xq_lesson_marks_has (xq_lesson_board_get_marks (shown), XQ_LESSON_MARK_CIRCLE,
                                      XQ_LESSON_ROLE_HIGHLIGHT, b0, XQ_NO_SQUARE));
  g_assert_true (xq_lesson_marks_has (xq_lesson_board_get_marks (shown), XQ_LESSON_MARK_ARROW,
                                      XQ_LESSON_ROLE_HIGHLIGHT, b0, c2));
  gtk_window_destroy (window);

  /* Again on a mark takes it away; Clear Marks takes them all. */
  xq_exercise_editor_set_click_mode (editor, XQ_EDITOR_CLICK_MARKS);
  click_point (board, "e5", GDK_BUTTON_PRIMARY);
  g_assert_cmpint (marks->n_marks, ==, 2);
  g_assert_false (xq_lesson_marks_has (marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_HIGHLIGHT, e5, XQ_NO_SQUARE));
  click (clear);
  g_assert_cmpint (marks->n_marks, ==, 0);
  g_assert_false (gtk_widget_get_sensitive (clear));
  g_free (json);
  json = xq_exercise_editor_to_json (editor);
  g_assert_null (strstr (json, "\"marks\""));
}

/* The form is built from each kind's field descriptors: a row per field,
 * labelled as the descriptor says, and nothing of another kind's. */
static void
test_kind_forms (Fixture *f, gconstpointer data)
{
  XqExerciseEditor *editor = xq_teach_page_get_exercise_editor (f->page);
  guint n;
  const XqKind *const *kinds = xq_kinds (&n);

  g_assert_cmpuint (n, >=, 6);
  for (guint k = 0; k < n; k++)
    {
      g_autoptr(JsonObject) o = NULL;

      select_kind (editor, kinds[k]->name);
      for (guint i = 0; i < kinds[k]->n_fields; i++)
        {
          const XqKindField *field = &kinds[k]->fields[i];
          GtkWidget *input = xq_exercise_editor_get_widget (editor, field->key);
          GtkWidget *label;

          g_assert_nonnull (input);
          label = gtk_widget_get_first_child (gtk_widget_get_parent (input));
          g_assert_true (GTK_IS_LABEL (label));
          g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (label)), ==, field->label);
        }
      /* Every key written is a common one or the kind's own. */
      o = xq_exercise_editor_get_object (editor);
      g_assert_cmpstr (json_object_get_string_member (o, "kind"), ==, kinds[k]->name);
      {
        g_autoptr(GList) keys = json_object_get_members (o);
        for (GList *l = keys; l != NULL; l = l->next)
          if (!g_strv_contains ((const char *const[]) { "id", "kind", "prompt", "fen", "hints", NULL }, l->data))
            g_assert_nonnull (xq_kind_find_field (kinds[k], l->data));
      }
    }
  /* A key no kind has is no widget. */
  g_assert_null (xq_exercise_editor_get_widget (editor, "no-such-field"));
}

/* Validation runs in a worker: the form says it is checking, a newer edit
 * cancels the older check, and only the newest result is shown. */
static void
test_checking (Fixture *f, gconstpointer data)
{
  XqExerciseEditor *editor = xq_teach_page_get_exercise_editor (f->page);
  GtkWidget *prompt = xq_exercise_editor_get_widget (editor, "prompt");
  GtkWidget *spinner = xq_exercise_editor_get_widget (editor, "checking");
  /* It keeps its room while idle (the text beside it does not move): it
   * only stops spinning. */
  GtkLabel *problems = GTK_LABEL (xq_exercise_editor_get_widget (editor, "problems"));
  guint n = 0;
  gulong id;

  author_horse_exercise (editor);
  g_assert_true (validated (editor));
  g_assert_false (gtk_spinner_get_spinning (GTK_SPINNER (spinner)));

  id = g_signal_connect_swapped (editor, "validated", G_CALLBACK (count_cb), &n);
  /* A broken form goes to the validator... */
  gtk_editable_set_text (GTK_EDITABLE (prompt), "");
  xq_exercise_editor_validate (editor);
  g_assert_true (xq_exercise_editor_is_checking (editor));
  g_assert_true (gtk_spinner_get_spinning (GTK_SPINNER (spinner)));
  g_assert_cmpstr (gtk_label_get_text (problems), ==, "Checking…");
  /* ...and is mended before the answer comes: that answer is stale. */
  gtk_editable_set_text (GTK_EDITABLE (prompt), "Tap every point the horse can reach.");
  xq_exercise_editor_validate (editor);
  g_assert_cmpuint (n, ==, 0);
  while (xq_exercise_editor_is_checking (editor))
    g_main_context_iteration (NULL, TRUE);
  /* Let any late result of the first check arrive: it must be dropped. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (n, ==, 1);
  g_assert_true (xq_exercise_editor_is_valid (editor));
  g_assert_false (has_problem_at (editor, "$.prompt"));
  g_assert_cmpstr (gtk_label_get_text (problems), ==, "The exercise is valid.\nThe answer: d1, a2, c2");
  g_assert_false (gtk_spinner_get_spinning (GTK_SPINNER (spinner)));

  /* Typing alone (no explicit call) checks after a pause. */
  gtk_editable_set_text (GTK_EDITABLE (prompt), "");
  g_assert_true (xq_exercise_editor_is_checking (editor));
  g_assert_false (xq_exercise_editor_is_valid (editor));
  while (xq_exercise_editor_is_checking (editor))
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (n, ==, 2);
  g_assert_true (has_problem_at (editor, "$.prompt"));
  g_signal_handler_disconnect (editor, id);
}

static void
test_stars (Fixture *f, gconstpointer data)
{
  XqExerciseEditor *editor = xq_teach_page_get_exercise_editor (f->page);
  XqPositionEditor *pe = xq_exercise_editor_get_position_editor (editor);
  XqEditorBoard *board = xq_position_editor_get_board (pe);
  g_autoptr(GError) error = NULL;
  g_autoptr(XqLessonFile) file = NULL;
  g_autofree char *path = xq_teach_page_get_unit_path (f->page);
  const XqExercise *ex;

  /* A chariot collecting two stars. */
  g_assert_true (xq_position_editor_set_fen (pe, "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", &error));
  gtk_editable_set_text (GTK_EDITABLE (xq_exercise_editor_get_widget (editor, "id")), "chariot-stars");
  select_kind (editor, "stars");
  gtk_editable_set_text (GTK_EDITABLE (xq_exercise_editor_get_widget (editor, "prompt")),
                         "Collect the stars with the chariot.");
  xq_exercise_editor_set_click_mode (editor, XQ_EDITOR_CLICK_PIECE);
  click_point (board, "a0", GDK_BUTTON_PRIMARY);
  xq_exercise_editor_set_click_mode (editor, XQ_EDITOR_CLICK_TARGETS);
  click_point (board, "a5", GDK_BUTTON_PRIMARY);
  click_point (board, "g5", GDK_BUTTON_PRIMARY);
  click_point (board, "h8", GDK_BUTTON_PRIMARY);
  click_point (board, "h8", GDK_BUTTON_PRIMARY);   /* a second click takes it back */
  g_assert_true (validated (editor));
  g_assert_true (xq_teach_page_publish (f->page, &error));
  g_assert_no_error (error);

  file = xq_lesson_load_file_simple (path, &error);
  g_assert_no_error (error);
  ex = g_ptr_array_index (file->unit->exercises, 0);
  g_assert_true (xq_exercise_is (ex, "stars"));
  g_assert_cmpint (answer_of (ex).n_points, ==, 2);
  g_assert_cmpint (answer_of (ex).count, ==, 2);

  /* A star the chariot cannot reach (behind its own general's file is
   * fine, but not a point held by the enemy general) is reported inline. */
  click_point (board, "d9", GDK_BUTTON_PRIMARY);
  g_assert_false (validated (editor));
  g_assert_true (has_problem_at (editor, "$.stars[2]"));
}

static void
test_position_editor (Fixture *f, gconstpointer data)
{
  XqPositionEditor *pe = XQ_POSITION_EDITOR (g_object_ref_sink (xq_position_editor_new ()));
  g_autofree char *src_pgn = g_build_filename (g_getenv ("XQ_SOURCE_DIR"), "tests", "data", "pgn",
                                               "game-iccs.pgn", NULL);
  g_autofree char *pgn = NULL;
  g_autofree char *fen = NULL;
  g_autoptr(GError) error = NULL;
  XqPosition expected;
  XqUndo undo;

  /* Start position, then Black to move through the side selector. */
  click (xq_position_editor_get_button (pe, "start"));
  fen = xq_position_editor_get_fen (pe);
  g_assert_cmpstr (fen, ==, XQ_START_FEN);
  g_clear_pointer (&fen, g_free);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (xq_position_editor_get_side_selector (pe)), 1);
  g_assert_cmpint (xq_position_editor_get_position (pe)->side, ==, XQ_BLACK);

  click (xq_position_editor_get_button (pe, "flip"));
  g_assert_true (xq_editor_board_get_flipped (xq_position_editor_get_board (pe)));

  /* A FEN typed into the entry. */
  gtk_editable_set_text (GTK_EDITABLE (xq_position_editor_get_fen_entry (pe)), "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
  g_signal_emit_by_name (xq_position_editor_get_fen_entry (pe), "activate");
  g_assert_cmpint (xq_position_editor_get_position (pe)->board[xq_square_from_text ("d0")], ==,
                   xq_piece_make (XQ_RED, XQ_KING));
  g_assert_false (xq_position_editor_set_fen (pe, "not a fen", &error));
  g_assert_error (error, XQ_POSITION_ERROR, XQ_POSITION_ERROR_SYNTAX);
  g_clear_error (&error);

  /* The position after two plies of a game. */
  g_assert_true (g_file_get_contents (src_pgn, &pgn, NULL, NULL));
  g_assert_true (xq_position_editor_load_pgn (pe, pgn, 2, &error));
  g_assert_no_error (error);
  xq_position_init_start (&expected);
  xq_position_do_move (&expected, xq_move_from_iccs ("g0e2"), &undo);
  xq_position_do_move (&expected, xq_move_from_iccs ("g9e7"), &undo);
  g_assert_true (memcmp (xq_position_editor_get_position (pe)->board, expected.board, sizeof expected.board) == 0);
  xq_position_editor_set_ply (pe, 0);
  fen = xq_position_editor_get_fen (pe);
  g_assert_cmpstr (fen, ==, XQ_START_FEN);
  g_assert_false (xq_position_editor_load_pgn (pe, "1. z9z9", 0, &error));
  g_assert_nonnull (error);
  g_object_unref (pe);
}

static void
test_projector (Fixture *f, gconstpointer data)
{
  XqExerciseEditor *editor = xq_teach_page_get_exercise_editor (f->page);
  XqProjectorWindow *projector;
  XqEditorBoard *board;

  author_horse_exercise (editor);
  projector = xq_teach_page_open_projector (f->page);
  g_assert_nonnull (projector);
  board = xq_projector_window_get_board (projector);
  g_assert_true (gtk_widget_is_ancestor (GTK_WIDGET (board), GTK_WIDGET (projector)));
  g_assert_cmpint (xq_editor_board_get_position (board)->board[xq_square_from_text ("b0")], ==,
                   xq_piece_make (XQ_RED, XQ_HORSE));

  click_point (board, "b0", GDK_BUTTON_SECONDARY);
  g_assert_cmpint (xq_projector_window_get_drawing (projector)->n_marks, ==, 1);
  g_assert_cmpint (xq_projector_window_get_drawing (projector)->marks[0].kind, ==, XQ_MARK_CIRCLE);
  g_signal_emit_by_name (board, "arrow", xq_square_from_text ("b0"), xq_square_from_text ("c2"));
  g_assert_cmpint (xq_projector_window_get_drawing (projector)->n_marks, ==, 2);
  click_point (board, "b0", GDK_BUTTON_SECONDARY);
  g_assert_cmpint (xq_projector_window_get_drawing (projector)->n_marks, ==, 1);
  g_assert_cmpint (xq_projector_window_get_drawing (projector)->marks[0].kind, ==, XQ_MARK_ARROW);
  /* Pieces stay put on the projector. */
  click_point (board, "c2", GDK_BUTTON_PRIMARY);
  g_assert_cmpint (xq_editor_board_get_position (board)->board[xq_square_from_text ("c2")], ==, XQ_EMPTY);
  gtk_widget_activate_action (GTK_WIDGET (projector), "projector.clear", NULL);
  g_assert_cmpint (xq_projector_window_get_drawing (projector)->n_marks, ==, 0);
  gtk_window_destroy (GTK_WINDOW (projector));
}

static void
job_done_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  GAsyncResult **out = data;

  *out = g_object_ref (result);
}

/* Runs a job and waits for it in the main loop: the call itself must come
 * back before the job is done. */
static gboolean
run_job (XqTeachPage *page, XqTeachJob job, const char *path, GCancellable *cancellable, GError **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  xq_teach_page_run_job_async (page, job, path, cancellable, job_done_cb, &result);
  g_assert_null (result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  return xq_teach_page_run_job_finish (page, result, error);
}

/* Worksheets and packs, made and read in a worker: each call comes back
 * before its job is done, and a stopped import installs nothing. */
static void
test_share (Fixture *f, gconstpointer data)
{
  XqExerciseEditor *editor = xq_teach_page_get_exercise_editor (f->page);
  g_autofree char *pdf = g_build_filename (f->dir, "sheet.pdf", NULL);
  g_autofree char *pack_path = g_build_filename (f->dir, "class.xqpack", NULL);
  g_autofree char *other_dir = g_build_filename (f->dir, "elsewhere", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GPtrArray) problems = xq_pack_problems_new ();
  g_autoptr(GCancellable) stopped = g_cancellable_new ();
  g_autoptr(XqPack) pack = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;

  /* Nothing published yet: nothing to print or share. */
  g_assert_false (run_job (f->page, XQ_TEACH_JOB_EXPORT_PDF, pdf, NULL, &error));
  g_clear_error (&error);
  g_assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));

  author_horse_exercise (editor);
  g_assert_true (validated (editor));
  g_assert_true (xq_teach_page_publish (f->page, &error));
  g_assert_no_error (error);

  g_assert_true (run_job (f->page, XQ_TEACH_JOB_EXPORT_PDF, pdf, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (pdf, &contents, &length, NULL));
  g_assert_cmpuint (length, >, 1000);
  g_assert_true (g_str_has_prefix (contents, "%PDF-"));

  {
    g_autofree char *unit = xq_teach_page_get_unit_path (f->page);
    const char *chosen[] = { unit, NULL };
    xq_teach_page_set_export (f->page, chosen, "Ms Wang");
  }
  g_assert_true (run_job (f->page, XQ_TEACH_JOB_EXPORT_PACK, pack_path, NULL, &error));
  g_assert_no_error (error);
  pack = xq_pack_load_file (pack_path, problems);
  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_cmpuint (pack->entries->len, ==, 1);
  /* The author the teacher typed, not the account's name. */
  g_assert_cmpstr (pack->author, ==, "Ms Wang");
  g_assert_cmpstr (((XqPackEntry *) g_ptr_array_index (pack->entries, 0))->id, ==, "my-lessons");

  /* Another teacher imports it: stopped, nothing; then the unit, which the
   * page shows at once; a second import is refused. */
  {
    XqTeachPage *other = XQ_TEACH_PAGE (g_object_ref_sink (xq_teach_page_new ()));
    xq_teach_page_set_units_dir (other, other_dir);
    g_assert_cmpuint (xq_teach_page_get_n_exercises (other), ==, 0);
    g_cancellable_cancel (stopped);
    g_assert_false (run_job (other, XQ_TEACH_JOB_IMPORT_PACK, pack_path, stopped, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    g_clear_error (&error);
    g_assert_false (g_file_test (other_dir, G_FILE_TEST_EXISTS));
    g_assert_true (run_job (other, XQ_TEACH_JOB_IMPORT_PACK, pack_path, NULL, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (xq_teach_page_get_n_exercises (other), ==, 1);
    /* Again: the page must ask first (it offers Replace), then replaces. */
    g_assert_false (run_job (other, XQ_TEACH_JOB_IMPORT_PACK, pack_path, NULL, &error));
    g_assert_error (error, XQ_UNIT_STORE_ERROR, XQ_UNIT_STORE_ERROR_EXISTS);
    g_assert_nonnull (strstr (error->message, "“My lessons”"));
    g_clear_error (&error);
    xq_teach_page_set_replace (other, TRUE);
    g_assert_true (run_job (other, XQ_TEACH_JOB_IMPORT_PACK, pack_path, NULL, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (xq_teach_page_get_n_units (other), ==, 1);
    g_assert_cmpuint (xq_teach_page_get_n_exercises (other), ==, 1);
    g_object_unref (other);
  }
}


static void
set_text (XqExerciseEditor *editor, const char *name, const char *text)
{
  GtkWidget *w = xq_exercise_editor_get_widget (editor, name);

  if (GTK_IS_TEXT_VIEW (w))
    gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (w)), text, -1);
  else
    gtk_editable_set_text (GTK_EDITABLE (w), text);
}

/* Red: general e0, horse a0, cannon c5; Black: general d9, chariot a5.
 * The chariot attacks the horse (down file a) and the cannon (along rank 5). */
static void
author_danger_board (XqExerciseEditor *editor)
{
  XqPositionEditor *pe = xq_exercise_editor_get_position_editor (editor);

  click (xq_position_editor_get_button (pe, "clear"));
  put_from_palette (pe, XQ_RED, XQ_KING, "e0");
  put_from_palette (pe, XQ_RED, XQ_HORSE, "a0");
  put_from_palette (pe, XQ_RED, XQ_CANNON, "c5");
  put_from_palette (pe, XQ_BLACK, XQ_KING, "d9");
  put_from_palette (pe, XQ_BLACK, XQ_CHARIOT, "a5");
  click (xq_position_editor_get_palette_button (pe, xq_piece_make (XQ_BLACK, XQ_CHARIOT)));
  g_assert_true (xq_position_editor_validate (pe, NULL));
}

static const XqExercise *
find_exercise (XqLessonFile *file, const char *id)
{
  for (guint i = 0; i < file->unit->exercises->len; i++)
    {
      const XqExercise *ex = g_ptr_array_index (file->unit->exercises, i);
      if (strcmp (ex->id, id) == 0)
        return ex;
    }
  g_assert_not_reached ();
}

/* Tap and move exercises whose answers the rules compute: the editor only
 * states the goal and its inputs. */
static void
test_computed_tap (Fixture *f, gconstpointer data)
{
  XqExerciseEditor *editor = xq_teach_page_get_exercise_editor (f->page);
  g_autoptr(GError) error = NULL;
  g_autoptr(XqLessonFile) file = NULL;
  g_autofree char *path = xq_teach_page_get_unit_path (f->page);
  const XqExercise *ex;

  author_danger_board (editor);
  select_kind (editor, "tap");
  select_value (editor, "rule", "in-danger");
  g_assert_true (gtk_widget_get_visible (gtk_widget_get_parent (xq_exercise_editor_get_widget (editor, "side"))));
  g_assert_false (gtk_widget_get_visible (gtk_widget_get_parent (xq_exercise_editor_get_widget (editor, "number"))));
  select_value (editor, "side", "red");
  set_text (editor, "id", "in-danger");
  set_text (editor, "prompt", "Tap every red piece in danger.");
  g_assert_true (validated (editor));
  g_assert_true (xq_teach_page_publish (f->page, &error));
  g_assert_no_error (error);

  /* The file rule needs a number; Black's 1 is file a, any point is right. */
  select_value (editor, "rule", "file");
  g_assert_true (gtk_widget_get_visible (gtk_widget_get_parent (xq_exercise_editor_get_widget (editor, "number"))));
  select_value (editor, "side", "black");
  select_value (editor, "select", "one");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (xq_exercise_editor_get_widget (editor, "number")), 1);
  set_text (editor, "id", "black-file-one");
  set_text (editor, "prompt", "Tap a point on Black’s file 1.");
  g_assert_true (validated (editor));
  g_assert_true (xq_teach_page_publish (f->page, &error));
  g_assert_no_error (error);

  /* A move goal with listed moves: the validator re-checks each one. */
  select_kind (editor, "move");
  select_value (editor, "goal", "given");
  set_text (editor, "id", "horse-out");
  set_text (editor, "prompt", "Bring the horse out.");
  set_text (editor, "moves", "a0b3");
  g_assert_false (validated (editor));
  g_assert_true (has_problem_at (editor, "$.moves[0]"));
  set_text (editor, "moves", "a0b2");
  g_assert_true (validated (editor));
  g_assert_true (xq_teach_page_publish (f->page, &error));
  g_assert_no_error (error);

  file = xq_lesson_load_file_simple (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (file->unit->exercises->len, ==, 3);
  ex = find_exercise (file, "in-danger");
  g_assert_cmpstr (xq_exercise_get_field (ex, "rule"), ==, "in-danger");
  g_assert_cmpstr (xq_exercise_get_field (ex, "side"), ==, "red");
  g_assert_cmpstr (xq_exercise_get_field (ex, "select"), ==, "all");
  g_assert_cmpint (answer_of (ex).n_points, ==, 2);
  g_assert_true (is_answer_point (ex, xq_square_from_text ("a0")));
  g_assert_true (is_answer_point (ex, xq_square_from_text ("c5")));
  ex = find_exercise (file, "black-file-one");
  g_assert_cmpstr (xq_exercise_get_field (ex, "rule"), ==, "file");
  g_assert_cmpstr (xq_exercise_get_field (ex, "side"), ==, "black");
  g_assert_cmpstr (xq_exercise_get_field (ex, "number"), ==, "1");
  g_assert_cmpstr (xq_exercise_get_field (ex, "select"), ==, "one");
  g_assert_cmpint (answer_of (ex).n_points, ==, 10);
  g_assert_true (is_answer_point (ex, xq_square_from_text ("a9")));
  g_assert_false (is_answer_point (ex, xq_square_from_text ("i9")));
  ex = find_exercise (file, "horse-out");
  g_assert_cmpstr (xq_exercise_get_field (ex, "goal"), ==, "given");
  g_assert_cmpint (answer_of (ex).n_moves, ==, 1);
}

/* Multiple choice: the author's own answer, and questions the rules answer. */
static void
test_computed_choose (Fixture *f, gconstpointer data)
{
  XqExerciseEditor *editor = xq_teach_page_get_exercise_editor (f->page);
  g_autoptr(GError) error = NULL;
  g_autoptr(XqLessonFile) file = NULL;
  g_autofree char *path = xq_teach_page_get_unit_path (f->page);
  g_autofree char *json = NULL;
  g_autofree char *again = NULL;
  const XqExercise *ex;

  author_danger_board (editor);
  select_kind (editor, "choose");
  select_value (editor, "rule", "fixed");
  set_text (editor, "id", "strongest");
  set_text (editor, "prompt", "Which piece is worth most?");
  set_text (editor, "choices", "Horse\nChariot\nCannon");
  /* The options got the ids a, b, c: the editor says so under them. */
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (gtk_widget_get_last_child (
    gtk_widget_get_parent (xq_exercise_editor_get_widget (editor, "choices"))))), "b = Chariot"));
  /* A fixed question needs the answer. */
  g_assert_cmpstr (gtk_entry_get_placeholder_text (GTK_ENTRY (xq_exercise_editor_get_widget (editor, "answer"))),
                   !=, "Optional");
  set_text (editor, "answer", "b");
  g_assert_true (validated (editor));
  g_assert_true (xq_teach_page_publish (f->page, &error));
  g_assert_no_error (error);

  /* Red has a horse (4) and a cannon (4.5). */
  select_value (editor, "rule", "material");
  /* The rules compute the answer: the author may still state it (the
   * validator checks it), but need not. */
  g_assert_cmpstr (gtk_entry_get_placeholder_text (GTK_ENTRY (xq_exercise_editor_get_widget (editor, "answer"))),
                   ==, "Optional");
  set_text (editor, "answer", "");
  select_value (editor, "side", "red");
  set_text (editor, "id", "red-material");
  set_text (editor, "prompt", "How much material has Red?");
  set_text (editor, "choices", "4.5\n13");
  g_assert_false (validated (editor));
  g_assert_true (has_problem_at (editor, "$.choices"));
  set_text (editor, "choices", "4.5\n8.5\n13");
  g_assert_true (validated (editor));
  g_assert_true (xq_teach_page_publish (f->page, &error));
  g_assert_no_error (error);

  /* The editor reads its own exercise back unchanged, with the piece set
   * it asks for (the learner's own is the default, left out). */
  {
    g_autofree char *plain = xq_exercise_editor_to_json (editor);
    g_assert_null (strstr (plain, "pieces"));
  }
  gtk_drop_down_set_selected (GTK_DROP_DOWN (xq_exercise_editor_get_widget (editor, "pieces")), 1);
  json = xq_exercise_editor_to_json (editor);
  g_assert_nonnull (strstr (json, "\"pieces\""));
  g_assert_nonnull (strstr (json, "\"pictogram\""));
  xq_exercise_editor_reset (editor);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (xq_exercise_editor_get_widget (editor, "pieces"))), ==, 0);
  g_assert_true (xq_exercise_editor_load_json (editor, json, &error));
  g_assert_no_error (error);
  again = xq_exercise_editor_to_json (editor);
  g_assert_cmpstr (again, ==, json);
  g_assert_true (validated (editor));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (xq_exercise_editor_get_widget (editor, "pieces")), 0);

  /* Legality: the options are the rule's own. */
  select_value (editor, "rule", "legal");
  g_assert_false (gtk_widget_get_visible (gtk_widget_get_parent (xq_exercise_editor_get_widget (editor, "choices"))));
  set_text (editor, "id", "horse-legal");
  set_text (editor, "prompt", "May the horse go to b2?");
  set_text (editor, "moves", "a0b2");
  g_assert_true (validated (editor));
  g_assert_true (xq_teach_page_publish (f->page, &error));
  g_assert_no_error (error);

  file = xq_lesson_load_file_simple (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (file->unit->exercises->len, ==, 3);
  ex = find_exercise (file, "strongest");
  g_assert_cmpstr (xq_exercise_get_field (ex, "rule"), ==, "fixed");
  g_assert_cmpuint (xq_exercise_choices (ex)->len, ==, 3);
  g_assert_cmpstr (answer_of (ex).choice, ==, "b");
  ex = find_exercise (file, "red-material");
  g_assert_cmpstr (xq_exercise_get_field (ex, "rule"), ==, "material");
  g_assert_cmpstr (xq_exercise_get_field (ex, "side"), ==, "red");
  g_assert_cmpstr (answer_of (ex).choice, ==, "8.5");
  ex = find_exercise (file, "horse-legal");
  g_assert_cmpstr (xq_exercise_get_field (ex, "rule"), ==, "legal");
  g_assert_cmpstr (answer_of (ex).choice, ==, "yes");
}

/* Arrows move the focus point; Enter lifts a piece and puts it down, or
 * activates an empty point; while marking, Enter marks. */
static void
test_keyboard (Fixture *f, gconstpointer data)
{
  XqExerciseEditor *editor = xq_teach_page_get_exercise_editor (f->page);
  XqPositionEditor *pe = xq_exercise_editor_get_position_editor (editor);
  XqEditorBoard *board = xq_position_editor_get_board (pe);
  GtkWidget *w = GTK_WIDGET (board);
  const XqPosition *pos = xq_position_editor_get_position (pe);
  XqPiece red_king = xq_piece_make (XQ_RED, XQ_KING);
  g_autofree char *json = NULL;

  click (xq_position_editor_get_button (pe, "clear"));
  g_assert_true (gtk_widget_get_focusable (w));
  gtk_widget_grab_focus (w);
  g_assert_true (gtk_widget_has_focus (w));

  /* With a palette piece chosen, Enter on an empty point puts it there.
   * The first key only shows the focus point (e0). */
  click (xq_position_editor_get_palette_button (pe, red_king));
  xq_test_press_key (w, GDK_KEY_Return);
  g_assert_cmpint (pos->board[xq_square_from_text ("e0")], ==, XQ_EMPTY);
  xq_test_press_key (w, GDK_KEY_Return);
  g_assert_cmpint (pos->board[xq_square_from_text ("e0")], ==, red_king);
  click (xq_position_editor_get_palette_button (pe, red_king));

  /* Lift the general, walk right and up, put it down on f1. */
  xq_test_press_key (w, GDK_KEY_space);
  g_assert_cmpint (xq_editor_board_get_held (board), ==, xq_square_from_text ("e0"));
  xq_test_press_key (w, GDK_KEY_Right);
  xq_test_press_key (w, GDK_KEY_Up);
  g_assert_cmpint (xq_editor_board_get_cursor (board), ==, xq_square_from_text ("f1"));
  xq_test_press_key (w, GDK_KEY_Return);
  g_assert_cmpint (xq_editor_board_get_held (board), ==, XQ_NO_SQUARE);
  g_assert_cmpint (pos->board[xq_square_from_text ("e0")], ==, XQ_EMPTY);
  g_assert_cmpint (pos->board[xq_square_from_text ("f1")], ==, red_king);

  /* Escape drops a lifted piece back where it was. */
  xq_test_press_key (w, GDK_KEY_Return);
  xq_test_press_key (w, GDK_KEY_Left);
  xq_test_press_key (w, GDK_KEY_Escape);
  g_assert_cmpint (xq_editor_board_get_held (board), ==, XQ_NO_SQUARE);
  g_assert_cmpint (pos->board[xq_square_from_text ("f1")], ==, red_king);

  /* The edge stops the point. */
  for (int i = 0; i < 12; i++)
    xq_test_press_key (w, GDK_KEY_Down);
  g_assert_cmpint (xq_editor_board_get_cursor (board), ==, xq_square_from_text ("e0"));

  /* Marking: Enter on the general marks its point instead of lifting it. */
  select_kind (editor, "tap");
  select_value (editor, "rule", "points");
  xq_exercise_editor_set_click_mode (editor, XQ_EDITOR_CLICK_TARGETS);
  xq_test_press_key (w, GDK_KEY_Up);
  xq_test_press_key (w, GDK_KEY_Right);
  xq_test_press_key (w, GDK_KEY_Return);
  g_assert_cmpint (xq_editor_board_get_held (board), ==, XQ_NO_SQUARE);
  json = xq_exercise_editor_to_json (editor);
  g_assert_nonnull (strstr (json, "\"f1\""));

  /* Delete removes the piece under the point. */
  xq_exercise_editor_set_click_mode (editor, XQ_EDITOR_CLICK_PIECES);
  xq_test_press_key (w, GDK_KEY_Delete);
  g_assert_cmpint (pos->board[xq_square_from_text ("f1")], ==, XQ_EMPTY);
}

/* At 1024×768 (a projector) and at the default 1000 px the page needs no
 * sideways scrolling. */
static void
test_width (Fixture *f, gconstpointer data)
{
  int min = 0;

  gtk_widget_measure (GTK_WIDGET (f->page), GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
  g_assert_cmpint (min, <=, 1000);
  g_assert_nonnull (g_object_get_data (G_OBJECT (f->page), "share-menu"));
}

/* Games a teacher already has become a new unit of mates in a worker: the
 * solver decides (a mate-in-1 start is imported, a game that is no puzzle
 * is skipped with its reason), the page says both, and a second import of
 * the same file makes a second unit instead of replacing the first. */
static void
test_import_games (Fixture *f, gconstpointer data)
{
  g_autofree char *pgn = g_build_filename (f->dir, "club games.pgn", NULL);
  g_autofree char *units = g_build_filename (f->dir, "imported-units", NULL);
  g_autofree char *first = g_build_filename (units, "import-club-games.json", NULL);
  g_autofree char *second = g_build_filename (units, "import-club-games-2.json", NULL);
  g_autoptr(GError) error = NULL;
  XqTeachPage *page = XQ_TEACH_PAGE (g_object_ref_sink (xq_teach_page_new ()));
  const char *text =
    "[Event \"Mate\"]\n[FEN \"3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1\"]\n\n1. e1e8 *\n\n"
    "[Event \"Opening\"]\n\n1. h2e2 h9g7 *\n";

  g_assert_true (g_file_set_contents (pgn, text, -1, NULL));
  xq_teach_page_set_units_dir (page, units);
  g_assert_true (run_job (page, XQ_TEACH_JOB_IMPORT_GAMES, pgn, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (first, G_FILE_TEST_IS_REGULAR));
  {
    g_autoptr(XqLessonFile) file = xq_lesson_load_file_simple (first, &error);
    const XqExercise *ex;
    XqAnswer answer;

    g_assert_no_error (error);
    g_assert_cmpuint (file->unit->exercises->len, ==, 1);
    ex = g_ptr_array_index (file->unit->exercises, 0);
    g_assert_true (xq_exercise_is (ex, "mate"));
    xq_exercise_answer (ex, &answer);
    g_assert_cmpint (answer.count, ==, 1);
  }
  g_assert_true (run_job (page, XQ_TEACH_JOB_IMPORT_GAMES, pgn, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (second, G_FILE_TEST_IS_REGULAR));

  /* What the teacher reads: the count, then the skipped game's own line. */
  {
    const char *paths[] = { pgn, NULL };
    g_autofree char *out = g_build_filename (f->dir, "direct.json", NULL);
    g_autoptr(XqImportReport) report = NULL;
    g_autofree char *said = NULL;
    const XqImportLine *skipped;

    g_assert_true (xq_import_files (paths, XQ_IMPORT_AS_UNIT, out, NULL, NULL, NULL, &report, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (report->n_imported, ==, 1);
    g_assert_cmpuint (report->n_skipped, ==, 1);
    skipped = g_ptr_array_index (report->lines, 1);
    g_assert_false (skipped->imported);
    g_assert_nonnull (strstr (skipped->message, "record 2"));
    said = xq_teach_work_describe_import (report, NULL);
    g_assert_cmpstr (said, ==, "Imported 1 exercise into a new unit.");
    /* A large import is written as several units (docs/import.md). */
    {
      g_autofree char *several = NULL;

      report->n_imported = 201;
      g_ptr_array_add (report->files_written, g_strdup ("direct-part-2.json"));
      several = xq_teach_work_describe_import (report, NULL);
      g_assert_cmpstr (several, ==, "Imported 201 exercises into 2 new units.");
      report->n_imported = 1;
    }
    {
      g_autofree char *details = xq_teach_work_import_details (report, NULL);
      g_assert_cmpstr (details, ==, "1 has no forced mate within 15 moves:\n"
                                    "• club games.pgn, game 2: no forced mate within 15 moves is found from the "
                                    "start, and the game does not end in mate");
    }
  }
  g_object_unref (page);
}

static void
wait_until_done (XqTeachPage *page)
{
  while (xq_teach_page_is_busy (page))
    g_main_context_iteration (NULL, TRUE);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* A teacher imports a folder of real files from the Teach page: a
 * progress bar and Stop while it reads in a worker, then one unit under
 * the name typed, the page showing it, and the summary grouped by cause
 * with every skipped record behind Details. */
static void
test_import_folder (Fixture *f, gconstpointer data)
{
  g_autofree char *folder = g_build_filename (f->dir, "teacher-folder", NULL);
  g_autofree char *unit = g_build_filename (f->dir, "units", "import-club-puzzles.json", NULL);
  const char *roots[] = { folder, NULL };
  GtkWidget *progress = xq_teach_page_get_job_progress (f->page);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) details = NULL;
  guint units_before = xq_teach_page_get_n_units (f->page);

  xq_test_make_game_folder (folder);
  /* The name offered: the folder's; for several files, their folder's;
   * for one, its own. */
  {
    g_autofree char *a = xq_teach_work_default_name (roots);
    g_autofree char *p1 = g_build_filename (folder, "杀法", "type0-composition.xqf", NULL);
    g_autofree char *p2 = g_build_filename (folder, "杀法", "v10-tag-ff.xqf", NULL);
    const char *two[] = { p1, p2, NULL };
    const char *one[] = { p1, NULL };
    g_autofree char *b = xq_teach_work_default_name (two);
    g_autofree char *c = xq_teach_work_default_name (one);

    g_assert_cmpstr (a, ==, "teacher-folder");
    g_assert_cmpstr (b, ==, "杀法");
    g_assert_cmpstr (c, ==, "type0-composition");
  }

  xq_teach_page_import_games (f->page, roots, "Club puzzles");
  g_assert_true (xq_teach_page_is_busy (f->page));
  g_assert_true (gtk_widget_get_visible (progress));
  g_assert_true (gtk_widget_is_visible (xq_teach_page_get_stop_button (f->page)));
  g_assert_null (xq_teach_page_get_import_summary (f->page));
  wait_until_done (f->page);
  g_assert_false (gtk_widget_get_visible (progress));
  g_assert_false (gtk_widget_is_visible (xq_teach_page_get_stop_button (f->page)));

  g_assert_cmpstr (xq_teach_page_get_import_summary (f->page), ==, XQ_TEST_GAME_FOLDER_SUMMARY);
  details = g_strsplit (xq_teach_page_get_import_details (f->page), "\n", -1);
  g_assert_cmpuint (g_strv_length (details), ==, 9);
  g_assert_cmpstr (details[0], ==, "2 have no forced mate within 15 moves:");
  g_assert_cmpstr (details[1], ==, "• lecture-variations.cbr, game 1: no forced mate within 15 moves is found "
                                   "from the start, and the game does not end in mate");
  g_assert_true (g_str_has_prefix (details[2], "• 杀法/mated-diagram.xqf, game 1: "));
  g_assert_cmpstr (details[3], ==, "");
  g_assert_cmpstr (details[4], ==, "1 is damaged:");
  g_assert_cmpstr (details[5], ==, "• bad-illegal.pgn, game 1: 4:4: “R9.8”: the chariot cannot move that way "
                                   "from where it stands");
  g_assert_cmpstr (details[6], ==, "");
  g_assert_cmpstr (details[7], ==, "1 is not a game file:");
  g_assert_true (g_str_has_prefix (details[8], "• cover.cbf: byte 17: a NUL byte"));

  /* One unit, named as the teacher typed, on disk and in the list. */
  {
    g_autoptr(XqLessonFile) file = xq_lesson_load_file_simple (unit, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (file->unit->title, ==, "Club puzzles");
    g_assert_cmpuint (file->unit->exercises->len, ==, 3);
  }
  g_assert_cmpuint (xq_teach_page_get_n_units (f->page), ==, units_before + 1);
  /* The page opens it. */
  g_assert_cmpstr (xq_teach_page_get_unit_id (f->page), ==, "import-club-puzzles");
  g_assert_cmpuint (xq_teach_page_get_n_exercises (f->page), ==, 3);
}

/* Stop: nothing is written, the summary does not show, the units stay. */
static void
test_import_stop (Fixture *f, gconstpointer data)
{
  g_autofree char *folder = g_build_filename (f->dir, "teacher-folder", NULL);
  g_autofree char *units = g_build_filename (f->dir, "units", NULL);
  const char *roots[] = { folder, NULL };
  guint units_before = xq_teach_page_get_n_units (f->page);

  xq_test_make_game_folder (folder);
  xq_teach_page_import_games (f->page, roots, "Stopped");
  g_assert_true (xq_teach_page_is_busy (f->page));
  click (xq_teach_page_get_stop_button (f->page));
  wait_until_done (f->page);
  g_assert_false (gtk_widget_get_visible (xq_teach_page_get_job_progress (f->page)));
  g_assert_null (xq_teach_page_get_import_summary (f->page));
  g_assert_cmpuint (xq_teach_page_get_n_units (f->page), ==, units_before);
  /* Not even a temporary file. */
  if (g_file_test (units, G_FILE_TEST_IS_DIR))
    {
      g_autoptr(GDir) listing = g_dir_open (units, 0, NULL);
      const char *name;

      while ((name = g_dir_read_name (listing)) != NULL)
        g_assert_false (g_str_has_prefix (name, "import-"));
    }
}


/* A unit of two tap exercises written into dir as a teacher's unit. */
static void
write_tap_unit (const char *dir, const char *id, const char *title, int number)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);
  g_autoptr(JsonObject) unit = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_strconcat (id, ".json", NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  const char *sides[] = { "red", "black" };

  for (guint i = 0; i < G_N_ELEMENTS (sides); i++)
    {
      g_autofree char *text = g_strdup_printf ("{\"id\": \"palace-%s\", \"kind\": \"tap\", "
                                               "\"prompt\": \"Tap the palace.\", \"rule\": \"palace\", "
                                               "\"side\": \"%s\"}", sides[i], sides[i]);
      g_autoptr(JsonNode) node = json_from_string (text, NULL);
      g_ptr_array_add (list, json_object_ref (json_node_get_object (node)));
    }
  unit = xq_lesson_teacher_unit_new (id, title, list);
  json_object_set_int_member (unit, "number", number);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_assert_true (xq_unit_store_write (path, unit, &error));
  g_assert_no_error (error);
}

static void
toast_seen_cb (GtkWidget *list, const char *text, const char *action, GVariant *target, char **out)
{
  g_free (*out);
  *out = g_strdup (text);
}

static void
toast_action_cb (GtkWidget *list, const char *text, const char *action, GVariant *target, char **out)
{
  g_free (*out);
  *out = g_strdup (action);
}

/* After a restart the page opens the teacher's units, not an empty one;
 * the list's menus duplicate and delete, and undo brings a deletion back. */
static void
test_units (Fixture *f, gconstpointer data)
{
  g_autofree char *dir = g_build_filename (f->dir, "units", NULL);
  g_autoptr(XqUnitInfo) copy = NULL;
  g_autoptr(GError) error = NULL;

  write_tap_unit (dir, "palaces", "Palaces", 90);
  write_tap_unit (dir, "rivers", "Rivers", 91);
  xq_teach_page_set_units_dir (f->page, dir);
  g_assert_cmpuint (xq_teach_page_get_n_units (f->page), ==, 2);
  g_assert_cmpstr (xq_teach_page_get_unit_id (f->page), ==, "palaces");
  g_assert_cmpuint (xq_teach_page_get_n_exercises (f->page), ==, 2);

  /* Duplicate: a new id, a title of its own, the next number. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "teach.unit-duplicate", "s", "palaces"));
  g_assert_cmpuint (xq_teach_page_get_n_units (f->page), ==, 3);
  g_assert_cmpstr (xq_teach_page_get_unit_id (f->page), ==, "palaces-copy");
  copy = xq_unit_store_find (dir, "palaces-copy", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (copy->title, ==, "Palaces (copy)");
  g_assert_cmpint (copy->number, ==, 92);

  /* An exercise deleted, then back where it was. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "teach.exercise-delete", "u", 0));
  g_assert_cmpuint (xq_teach_page_get_n_exercises (f->page), ==, 1);
  g_assert_true (xq_teach_page_undo (f->page));
  g_assert_cmpuint (xq_teach_page_get_n_exercises (f->page), ==, 2);
  g_assert_false (xq_teach_page_undo (f->page));

  /* Reordered and duplicated from the exercise menu, each said in a toast;
   * a duplicate's Undo takes the copy away. */
  {
    GtkWidget *list = find_type (GTK_WIDGET (f->page), XQ_TYPE_UNIT_LIST);
    g_autofree char *toast = NULL;
    g_autofree char *undo = NULL;

    g_assert_nonnull (list);
    g_signal_connect (list, "toast", G_CALLBACK (toast_seen_cb), &toast);
    g_signal_connect (list, "toast", G_CALLBACK (toast_action_cb), &undo);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "teach.exercise-down", "u", 0));
    g_assert_cmpstr (toast, ==, "“palace-red” is now exercise 2.");
    g_assert_null (undo);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "teach.exercise-duplicate", "u", 1));
    g_assert_cmpstr (toast, ==, "The copy “palace-red-2” is after the exercise it copies.");
    g_assert_cmpstr (undo, ==, "exercise-uncopy");
    g_assert_cmpuint (xq_teach_page_get_n_exercises (f->page), ==, 3);
    g_assert_true (xq_teach_page_undo (f->page));
    g_assert_cmpuint (xq_teach_page_get_n_exercises (f->page), ==, 2);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "teach.exercise-duplicate", "u", 1));
    g_signal_handlers_disconnect_by_data (list, &toast);
    g_signal_handlers_disconnect_by_data (list, &undo);
  }
  g_assert_cmpuint (xq_teach_page_get_n_exercises (f->page), ==, 3);
  {
    g_autofree char *path = xq_teach_page_get_unit_path (f->page);
    g_autoptr(JsonObject) unit = xq_unit_store_read (path, &error);
    JsonArray *list = json_object_get_array_member (unit, "exercises");

    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (list, 0), "id"), ==, "palace-black");
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (list, 1), "id"), ==, "palace-red");
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (list, 2), "id"), ==, "palace-red-2");
  }

  /* The unit deleted: the page moves to another; undo restores it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "teach.unit-delete", "s", "palaces-copy"));
  g_assert_cmpuint (xq_teach_page_get_n_units (f->page), ==, 2);
  g_assert_cmpstr (xq_teach_page_get_unit_id (f->page), !=, "palaces-copy");
  g_assert_true (xq_teach_page_undo (f->page));
  g_assert_cmpuint (xq_teach_page_get_n_units (f->page), ==, 3);

  /* Reordering units trades their numbers. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "teach.unit-up", "s", "rivers"));
  {
    g_autoptr(GPtrArray) units = xq_unit_store_list (dir);
    g_assert_cmpstr (((XqUnitInfo *) g_ptr_array_index (units, 0))->id, ==, "rivers");
  }
}

/* A fresh profile: the empty "My units" list says what it is for; the
 * words go once there is a unit. */
static void
test_units_placeholder (Fixture *f, gconstpointer data)
{
  g_autofree char *dir = g_build_filename (f->dir, "units", NULL);
  GtkWidget *empty = xq_test_find_label (GTK_WIDGET (f->page), "No units of your own yet");

  g_assert_cmpuint (xq_teach_page_get_n_units (f->page), ==, 0);
  g_assert_nonnull (empty);
  g_assert_true (gtk_widget_get_mapped (empty));
  g_assert_nonnull (xq_test_find_label (GTK_WIDGET (f->page),
                                "New Unit starts one; Import Pack, under Print and Share, "
                                "brings in units a teacher shared."));

  write_tap_unit (dir, "palaces", "Palaces", 90);
  xq_teach_page_set_units_dir (f->page, dir);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (xq_teach_page_get_n_units (f->page), ==, 1);
  g_assert_false (gtk_widget_get_mapped (empty));
}

/* A mate in 1 stated as a mate in 2: valid, with a warning that says so,
 * and the mating move on the board. */
static void
test_mate_warning (Fixture *f, gconstpointer data)
{
  XqExerciseEditor *editor = xq_teach_page_get_exercise_editor (f->page);
  g_autoptr(GError) error = NULL;
  GtkWidget *label = xq_exercise_editor_get_widget (editor, "problems");
  const XqDraftAnswer *answer;

  g_assert_true (xq_exercise_editor_load_json (editor,
    "{\"id\": \"m\", \"kind\": \"mate\", \"prompt\": \"Mate.\", "
    "\"fen\": \"4k4/9/4N4/9/9/9/9/C8/9/3K5 w - - 0 1\", \"mate-in\": 2}", &error));
  g_assert_no_error (error);
  g_assert_true (validated (editor));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (label)), "This is a mate in 1, not 2"));
  g_assert_true (gtk_widget_has_css_class (label, "warning"));
  answer = xq_exercise_editor_get_answer (editor);
  g_assert_nonnull (answer);
  g_assert_true (xq_lesson_marks_has (&answer->marks, XQ_LESSON_MARK_ARROW, XQ_LESSON_ROLE_CORRECT,
                                      xq_square_from_text ("a2"), xq_square_from_text ("e2")));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (label)), "fastest mate"));

  /* Stated right, no warning. */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (xq_exercise_editor_get_widget (editor, "mate-in")), 1);
  g_assert_true (validated (editor));
  g_assert_null (strstr (gtk_label_get_text (GTK_LABEL (label)), "not 2"));
  g_assert_true (gtk_widget_has_css_class (label, "success"));
}

/* The board editor's verdict and the exercise's problems agree: a second
 * red general taken off again, then Black's put facing the first. */
static void
test_verdict_agrees (Fixture *f, gconstpointer data)
{
  XqExerciseEditor *editor = xq_teach_page_get_exercise_editor (f->page);
  XqPositionEditor *pe = xq_exercise_editor_get_position_editor (editor);
  XqEditorBoard *board = xq_position_editor_get_board (pe);
  GtkLabel *verdict = GTK_LABEL (xq_position_editor_get_verdict (pe));
  g_autoptr(GError) error = NULL;

  click (xq_position_editor_get_button (pe, "clear"));
  put_from_palette (pe, XQ_RED, XQ_KING, "d0");
  /* The brush still holds the red general: a second one, then a right
   * click takes it off. */
  click_point (board, "f0", GDK_BUTTON_PRIMARY);
  g_assert_false (xq_position_editor_validate (pe, NULL));
  click_point (board, "f0", GDK_BUTTON_SECONDARY);
  g_assert_cmpint (xq_position_editor_get_position (pe)->board[xq_square_from_text ("f0")], ==, XQ_EMPTY);
  put_from_palette (pe, XQ_BLACK, XQ_KING, "d9");
  g_assert_false (xq_position_editor_validate (pe, &error));
  g_assert_error (error, XQ_POSITION_ERROR, XQ_POSITION_ERROR_FACING_KINGS);
  g_assert_nonnull (strstr (gtk_label_get_text (verdict), "face each other"));
  g_assert_null (strstr (gtk_label_get_text (verdict), "A legal position"));
  g_assert_false (validated (editor));
  g_assert_true (has_problem_at (editor, "$.fen"));

  /* And legal once the black general steps aside: both say so. */
  xq_editor_board_drag_piece (board, xq_square_from_text ("d9"), xq_square_from_text ("e9"));
  g_assert_cmpstr (gtk_label_get_text (verdict), ==, "A legal position.");
  g_assert_false (validated (editor));
  g_assert_false (has_problem_at (editor, "$.fen"));
}

int
main (int argc, char *argv[])
{
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  setlocale (LC_ALL, "");
  xq_test_gtk_init (&argc, &argv);

  g_test_add ("/ui/teach/author", Fixture, NULL, setup, test_author, teardown);
  g_test_add ("/ui/teach/preview", Fixture, NULL, setup, test_preview, teardown);
  g_test_add ("/ui/teach/marks", Fixture, NULL, setup, test_marks, teardown);
  g_test_add ("/ui/teach/kind-forms", Fixture, NULL, setup, test_kind_forms, teardown);
  g_test_add ("/ui/teach/checking", Fixture, NULL, setup, test_checking, teardown);
  g_test_add ("/ui/teach/stars", Fixture, NULL, setup, test_stars, teardown);
  g_test_add ("/ui/teach/position-editor", Fixture, NULL, setup, test_position_editor, teardown);
  g_test_add ("/ui/teach/projector", Fixture, NULL, setup, test_projector, teardown);
  g_test_add ("/ui/teach/share", Fixture, NULL, setup, test_share, teardown);
  g_test_add ("/ui/teach/import-games", Fixture, NULL, setup, test_import_games, teardown);
  g_test_add ("/ui/teach/import-folder", Fixture, NULL, setup, test_import_folder, teardown);
  g_test_add ("/ui/teach/import-stop", Fixture, NULL, setup, test_import_stop, teardown);
  g_test_add ("/ui/teach/computed-tap", Fixture, NULL, setup, test_computed_tap, teardown);
  g_test_add ("/ui/teach/computed-choose", Fixture, NULL, setup, test_computed_choose, teardown);
  g_test_add ("/ui/teach/keyboard", Fixture, NULL, setup, test_keyboard, teardown);
  g_test_add ("/ui/teach/width", Fixture, NULL, setup, test_width, teardown);
  g_test_add ("/ui/teach/units", Fixture, NULL, setup, test_units, teardown);
  g_test_add ("/ui/teach/units-placeholder", Fixture, NULL, setup, test_units_placeholder, teardown);
  g_test_add ("/ui/teach/mate-warning", Fixture, NULL, setup, test_mate_warning, teardown);
  g_test_add ("/ui/teach/verdict-agrees", Fixture, NULL, setup, test_verdict_agrees, teardown);
  return g_test_run ();
}
