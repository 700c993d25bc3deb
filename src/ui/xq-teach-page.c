/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-teach-page"

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "xq-lesson-board.h"
#include "xq-lesson-draft.h"
#include "xq-lesson-player.h"
#include "xq-lesson-writer.h"
#include "xq-pack.h"
#include "xq-teach-page.h"
#include "xq-teach-work.h"
#include "xq-worksheet.h"
#include "xq-worksheet-dialog.h"

#define APP_PATH "/io/github/xiangqi_tutor/XiangqiTutor"
#define DEFAULT_UNIT_ID "my-lessons"

struct _XqTeachPage
{
  GtkBox parent_instance;

  /* Template widgets */
  XqExerciseEditor *editor;
  GtkEntry         *unit_title;
  GtkEntry         *unit_id;
  GtkListBox       *list;
  GtkLabel         *status;
  GtkWidget        *publish_button;
  GtkWidget        *share_menu;
  GtkPopover       *share_popover;
  GtkSpinner       *job_spinner;
  GtkWidget        *job_cancel;

  /* Owned */
  char             *units_dir;
  char             *id;
  GPtrArray        *exercises;   /* JsonObject*: the unit's exercises */
  GCancellable     *job;         /* the import or export under way */
};

G_DEFINE_FINAL_TYPE (XqTeachPage, xq_teach_page, GTK_TYPE_BOX)

static void
set_status (XqTeachPage *self, const char *text, gboolean error)
{
  gtk_label_set_text (self->status, text);
  if (error)
    gtk_widget_add_css_class (GTK_WIDGET (self->status), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->status), "error");
}

static const char *
exercise_id (JsonObject *exercise)
{
  return json_object_get_string_member_with_default (exercise, "id", "");
}

static void
refresh_list (XqTeachPage *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  for (guint i = 0; i < self->exercises->len; i++)
    {
      GtkWidget *label = gtk_label_new (exercise_id (g_ptr_array_index (self->exercises, i)));
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_set_margin_start (label, 6);
      gtk_widget_set_margin_end (label, 6);
      gtk_widget_set_margin_top (label, 4);
      gtk_widget_set_margin_bottom (label, 4);
      gtk_list_box_append (self->list, label);
    }
}

/* ---- The unit on disk ----------------------------------------------------------- */

char *
xq_teach_page_get_unit_path (XqTeachPage *self)
{
  g_autofree char *name = NULL;

  g_return_val_if_fail (XQ_IS_TEACH_PAGE (self), NULL);
  name = g_strconcat (self->id, ".json", NULL);
  return g_build_filename (self->units_dir, name, NULL);
}

static void
load_unit (XqTeachPage *self)
{
  g_autofree char *path = xq_teach_page_get_unit_path (self);
  g_autofree char *contents = NULL;
  g_autoptr(JsonNode) root = NULL;
  JsonObject *obj;
  JsonNode *list;

  g_ptr_array_set_size (self->exercises, 0);
  if (g_file_get_contents (path, &contents, NULL, NULL) &&
      (root = json_from_string (contents, NULL)) != NULL && JSON_NODE_HOLDS_OBJECT (root))
    {
      obj = json_node_get_object (root);
      gtk_editable_set_text (GTK_EDITABLE (self->unit_title),
                             json_object_get_string_member_with_default (obj, "title", ""));
      list = json_object_get_member (obj, "exercises");
      if (list != NULL && JSON_NODE_HOLDS_ARRAY (list))
        for (guint i = 0; i < json_array_get_length (json_node_get_array (list)); i++)
          {
            JsonNode *e = json_array_get_element (json_node_get_array (list), i);
            if (JSON_NODE_HOLDS_OBJECT (e))
              g_ptr_array_add (self->exercises, json_object_ref (json_node_get_object (e)));
          }
    }
  refresh_list (self);
}

static const char *
unit_title (XqTeachPage *self)
{
  const char *title = gtk_editable_get_text (GTK_EDITABLE (self->unit_title));

  return *title != '\0' ? title : _("My lessons");
}

gboolean
xq_teach_page_publish (XqTeachPage *self, GError **error)
{
  g_autoptr(GPtrArray) next = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  g_autoptr(XqLessonFile) file = NULL;
  g_autoptr(JsonObject) exercise = NULL;
  g_autoptr(JsonObject) unit_object = NULL;
  g_autofree char *unit = NULL;
  g_autofree char *path = NULL;
  const char *id;
  gboolean replaced = FALSE;

  g_return_val_if_fail (XQ_IS_TEACH_PAGE (self), FALSE);

  if (xq_exercise_editor_is_checking (self->editor))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_PENDING,
                   _("The exercise is still being checked. Try again in a moment."));
      return FALSE;
    }
  if (!xq_exercise_editor_is_valid (self->editor))
    {
      g_set_error (error, XQ_LESSON_ERROR, XQ_LESSON_ERROR_VALUE,
                   _("The exercise has problems. Fix them, or save it as a draft."));
      return FALSE;
    }
  exercise = xq_exercise_editor_get_object (self->editor);
  id = xq_exercise_editor_get_id (self->editor);
  for (guint i = 0; i < self->exercises->len; i++)
    {
      JsonObject *e = g_ptr_array_index (self->exercises, i);
      if (strcmp (exercise_id (e), id) == 0)
        {
          g_ptr_array_add (next, json_object_ref (exercise));
          replaced = TRUE;
        }
      else
        g_ptr_array_add (next, json_object_ref (e));
    }
  if (!replaced)
    g_ptr_array_add (next, json_object_ref (exercise));

  /* The whole unit must still load before it replaces the saved one.  The
   * validation proved this exercise's mate in its worker and the others'
   * were proved when they were added, so nothing slow runs here. */
  unit_object = xq_lesson_teacher_unit_new (self->id, unit_title (self), next);
  unit = xq_lesson_write_object (unit_object, NULL);
  path = xq_teach_page_get_unit_path (self);
  file = xq_lesson_load_data_full (unit, -1, path, XQ_LESSON_LOAD_NO_PROOFS, problems);
  if (file == NULL)
    {
      g_propagate_error (error, xq_pack_problem_to_error (g_ptr_array_index (problems, 0)));
      return FALSE;
    }
  if (g_mkdir_with_parents (self->units_dir, 0755) != 0)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s: %s",
                   self->units_dir, g_strerror (saved));
      return FALSE;
    }
  if (!g_file_set_contents_full (path, unit, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0644, error))
    return FALSE;

  g_ptr_array_unref (self->exercises);
  self->exercises = g_steal_pointer (&next);
  refresh_list (self);
  return TRUE;
}

char *
xq_teach_page_save_draft (XqTeachPage *self, GError **error)
{
  g_autofree char *json = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *name = NULL;
  g_autofree char *safe = NULL;
  char *path;
  const char *id;

  g_return_val_if_fail (XQ_IS_TEACH_PAGE (self), NULL);
  json = xq_exercise_editor_to_json (self->editor);
  id = xq_exercise_editor_get_id (self->editor);
  name = g_strdup_printf ("%s--%s", self->id, *id != '\0' ? id : "untitled");
  /* The id is whatever the teacher typed: make a file name of it. */
  safe = xq_pack_sanitize_name (name, NULL);
  if (safe == NULL)
    safe = g_strdup ("untitled.json");
  dir = g_build_filename (self->units_dir, "drafts", NULL);
  if (g_mkdir_with_parents (dir, 0755) != 0)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s: %s", dir, g_strerror (saved));
      return NULL;
    }
  path = g_build_filename (dir, safe, NULL);
  if (!g_file_set_contents_full (path, json, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0644, error))
    {
      g_free (path);
      return NULL;
    }
  return path;
}

gboolean
xq_teach_page_open_draft (XqTeachPage *self, const char *path, GError **error)
{
  g_autofree char *contents = NULL;
  gsize length;

  g_return_val_if_fail (XQ_IS_TEACH_PAGE (self), FALSE);
  if (!g_file_get_contents (path, &contents, &length, error))
    return FALSE;
  /* A draft is one exercise: anything much larger is not one of ours. */
  if (length > XQ_PACK_MAX_STRING * 16)
    {
      g_set_error (error, XQ_PACK_ERROR, XQ_PACK_ERROR_TOO_LARGE, _("%s is too large for an exercise"), path);
      return FALSE;
    }
  return xq_exercise_editor_load_json (self->editor, contents, error);
}

/* ---- Jobs in a worker ---------------------------------------------------------- */

static void
job_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  GError *error = NULL;

  if (xq_teach_work_run (data, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
xq_teach_page_run_job_async (XqTeachPage *self, XqTeachJob kind, const char *path, GCancellable *cancellable,
                             GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autofree char *unit_path = NULL;

  g_return_if_fail (XQ_IS_TEACH_PAGE (self));
  g_return_if_fail (path != NULL || kind == XQ_TEACH_JOB_WORKSHEET);
  unit_path = xq_teach_page_get_unit_path (self);
  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, xq_teach_page_run_job_async);
  g_task_set_task_data (task, xq_teach_work_new (kind, self->units_dir, unit_path, unit_title (self), path),
                        (GDestroyNotify) xq_teach_work_free);
  g_task_run_in_thread (task, job_thread);
}

gboolean
xq_teach_page_run_job_finish (XqTeachPage *self, GAsyncResult *result, GError **error)
{
  XqTeachWork *job;

  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  job = g_task_get_task_data (G_TASK (result));
  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;
  if (job->kind == XQ_TEACH_JOB_IMPORT_PACK)
    load_unit (self);
  return TRUE;
}

/* ---- Jobs from the buttons --------------------------------------------------- */

static void
set_busy (XqTeachPage *self, const char *text)
{
  gboolean busy = text != NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->job_spinner), busy);
  gtk_spinner_set_spinning (self->job_spinner, busy);
  gtk_widget_set_visible (self->job_cancel, busy);
  gtk_widget_set_sensitive (self->share_menu, !busy);
  if (busy)
    set_status (self, text, FALSE);
}

static void
draw_page_cb (GtkPrintOperation *op, GtkPrintContext *context, int page, XqWorksheet *sheet)
{
  cairo_t *cr = gtk_print_context_get_cairo_context (context);
  double sx = gtk_print_context_get_width (context) / XQ_WORKSHEET_PAGE_WIDTH;
  double sy = gtk_print_context_get_height (context) / XQ_WORKSHEET_PAGE_HEIGHT;
  g_autoptr(GError) error = NULL;

  cairo_save (cr);
  cairo_scale (cr, MIN (sx, sy), MIN (sx, sy));
  if (!xq_worksheet_draw_page (sheet, cr, page, &error))
    g_warning ("worksheet page %d: %s", page, error->message);
  cairo_restore (cr);
}

static void
print_sheet (XqTeachPage *self, XqWorksheet *sheet)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GtkPrintOperation) op = gtk_print_operation_new ();
  g_autoptr(GtkPageSetup) setup = gtk_page_setup_new ();
  g_autoptr(GtkPaperSize) a4 = gtk_paper_size_new (GTK_PAPER_NAME_A4);
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  gtk_page_setup_set_paper_size (setup, a4);
  gtk_print_operation_set_default_page_setup (op, setup);
  gtk_print_operation_set_n_pages (op, xq_worksheet_count_pages (sheet));
  gtk_print_operation_set_job_name (op, unit_title (self));
  g_signal_connect_data (op, "draw-page", G_CALLBACK (draw_page_cb), sheet,
                         (GClosureNotify) (void (*) (void)) xq_worksheet_free, 0);
  if (gtk_print_operation_run (op, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG,
                               GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, &error) ==
      GTK_PRINT_OPERATION_RESULT_ERROR)
    set_status (self, error->message, TRUE);
}

static void
job_done_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  XqTeachPage *self = XQ_TEACH_PAGE (source);
  XqTeachWork *job = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;

  g_clear_object (&self->job);
  set_busy (self, NULL);
  if (!xq_teach_page_run_job_finish (self, result, &error) &&
      !(job->kind == XQ_TEACH_JOB_IMPORT_GAMES && job->report != NULL &&
        !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)))
    {
      set_status (self, g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
                          ? _("Stopped; nothing was changed.") : error->message,
                  !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED));
      return;
    }
  if (job->kind == XQ_TEACH_JOB_IMPORT_GAMES)
    {
      g_autofree char *text = xq_teach_work_describe_import (job->report, error);

      set_status (self, text, error != NULL);
    }
  else if (job->kind == XQ_TEACH_JOB_WORKSHEET)
    {
      set_status (self, "", FALSE);
      print_sheet (self, g_steal_pointer (&job->sheet));
    }
  else
    {
      g_autofree char *text = g_strdup_printf (_("Done: %s"), job->path);
      set_status (self, text, FALSE);
    }
}

static void
start_job (XqTeachPage *self, XqTeachJob kind, const char *path)
{
  const char *busy = NULL;

  switch (kind)
    {
    case XQ_TEACH_JOB_IMPORT_PACK:
      busy = _("Importing and checking the pack…");
      break;
    case XQ_TEACH_JOB_IMPORT_GAMES:
      busy = _("Reading the games and proving their mates…");
      break;
    case XQ_TEACH_JOB_EXPORT_PACK:
      busy = _("Checking and exporting your units…");
      break;
    case XQ_TEACH_JOB_EXPORT_PDF:
    case XQ_TEACH_JOB_WORKSHEET:
      busy = _("Making the worksheet…");
      break;
    }
  if (self->job != NULL)
    return;
  self->job = g_cancellable_new ();
  set_busy (self, busy);
  xq_teach_page_run_job_async (self, kind, path, self->job, job_done_cb, NULL);
}

static void
job_cancel_cb (XqTeachPage *self)
{
  if (self->job != NULL)
    {
      g_cancellable_cancel (self->job);
      set_status (self, _("Stopping…"), FALSE);
    }
}

/* ---- Buttons -------------------------------------------------------------------- */

static void
publish_cb (XqTeachPage *self)
{
  g_autoptr(GError) error = NULL;

  if (xq_teach_page_publish (self, &error))
    set_status (self, _("The exercise is in the unit."), FALSE);
  else
    set_status (self, error->message, TRUE);
}

static void
draft_cb (XqTeachPage *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = xq_teach_page_save_draft (self, &error);

  if (path != NULL)
    {
      g_autofree char *text = g_strdup_printf (_("Draft saved as %s"), path);
      set_status (self, text, FALSE);
    }
  else
    set_status (self, error->message, TRUE);
}

static void
new_cb (XqTeachPage *self)
{
  xq_exercise_editor_reset (self->editor);
  set_status (self, "", FALSE);
}

static gboolean
load_exercise (XqTeachPage *self, JsonObject *exercise, GError **error)
{
  g_autofree char *text = xq_lesson_write_object (exercise, NULL);

  return xq_exercise_editor_load_json (self->editor, text, error);
}

static void
row_activated_cb (XqTeachPage *self, GtkListBoxRow *row)
{
  int i = gtk_list_box_row_get_index (row);
  g_autoptr(GError) error = NULL;

  if (i >= 0 && (guint) i < self->exercises->len &&
      !load_exercise (self, g_ptr_array_index (self->exercises, i), &error))
    set_status (self, error->message, TRUE);
}

static void
unit_id_cb (XqTeachPage *self)
{
  g_autoptr(GError) error = NULL;
  const char *id = gtk_editable_get_text (GTK_EDITABLE (self->unit_id));
  g_autofree char *safe = xq_pack_sanitize_name (id, &error);

  if (safe == NULL)
    {
      set_status (self, error->message, TRUE);
      return;
    }
  safe[strlen (safe) - 5] = '\0';
  xq_teach_page_set_unit (self, safe, NULL);
}

static void
validated_cb (XqTeachPage *self)
{
  gtk_widget_set_sensitive (self->publish_button, xq_exercise_editor_is_valid (self->editor));
}

/* What the chosen file is for: a job, or (OPEN_DRAFT) a draft to open. */
#define OPEN_DRAFT (-1)

static void
file_chosen_cb (GtkNativeDialog *dialog, int response, XqTeachPage *self)
{
  int what = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "what"));

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
      g_autoptr(GError) error = NULL;

      if (path != NULL && what != OPEN_DRAFT)
        start_job (self, (XqTeachJob) what, path);
      else if (path != NULL && !xq_teach_page_open_draft (self, path, &error))
        set_status (self, error->message, TRUE);
    }
  g_object_unref (dialog);
}

static void
choose_file (XqTeachPage *self, const char *title, gboolean save, const char *suggested, int what)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *dialog =
    gtk_file_chooser_native_new (title, GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                 save ? GTK_FILE_CHOOSER_ACTION_SAVE : GTK_FILE_CHOOSER_ACTION_OPEN,
                                 save ? _("_Save") : _("_Open"), _("_Cancel"));

  gtk_popover_popdown (self->share_popover);
  if (suggested != NULL)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), suggested);
  g_object_set_data (G_OBJECT (dialog), "what", GINT_TO_POINTER (what));
  g_signal_connect (dialog, "response", G_CALLBACK (file_chosen_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
print_cb (XqTeachPage *self)
{
  g_autofree char *path = xq_teach_page_get_unit_path (self);

  gtk_popover_popdown (self->share_popover);
  xq_worksheet_dialog_open (GTK_WIDGET (self), path, unit_title (self));
}

static void
pdf_cb (XqTeachPage *self)
{
  print_cb (self);
}

static void
export_pack_cb (XqTeachPage *self)
{
  g_autofree char *name = g_strconcat (self->id, ".xqpack", NULL);
  choose_file (self, _("Export a Lesson Pack"), TRUE, name, XQ_TEACH_JOB_EXPORT_PACK);
}

static void
import_games_cb (XqTeachPage *self)
{
  choose_file (self, _("Import Games or Puzzles (XQF, DhtmlXQ, PGN)"), FALSE, NULL,
               XQ_TEACH_JOB_IMPORT_GAMES);
}

static void
import_pack_cb (XqTeachPage *self)
{
  choose_file (self, _("Import a Lesson Pack"), FALSE, NULL, XQ_TEACH_JOB_IMPORT_PACK);
}

static void
open_draft_cb (XqTeachPage *self)
{
  choose_file (self, _("Open a Draft"), FALSE, NULL, OPEN_DRAFT);
}

static void
projector_cb (XqTeachPage *self)
{
  xq_teach_page_open_projector (self);
}

static void
preview_loaded_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(XqTeachPage) self = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  XqLessonFile *file = xq_lesson_draft_check_finish (result, &problems, &error);
  g_autofree char *store_dir = NULL;
  XqProgressStore *store;
  XqProgress *progress;
  GtkWidget *window, *player, *box;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (file == NULL)
    {
      if (error == NULL)
        error = xq_pack_problem_to_error (g_ptr_array_index (problems, 0));
      set_status (self, error->message, TRUE);
      return;
    }
  set_status (self, "", FALSE);
  /* Stars earned in a preview must not count for any learner. */
  store_dir = g_build_filename (g_get_user_cache_dir (), "xiangqi-tutor", "preview", NULL);
  store = xq_progress_store_new (store_dir);
  progress = xq_progress_new ("preview", _("Preview"));

  window = adw_window_new ();
  gtk_window_set_title (GTK_WINDOW (window), _("Preview"));
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 700);
  gtk_window_set_transient_for (GTK_WINDOW (window), GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL);
  player = xq_lesson_player_new ();
  g_object_set_data_full (G_OBJECT (window), "file", file, (GDestroyNotify) xq_lesson_file_free);
  g_object_set_data_full (G_OBJECT (window), "store", store, (GDestroyNotify) xq_progress_store_free);
  g_object_set_data_full (G_OBJECT (window), "progress", progress, (GDestroyNotify) xq_progress_free);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  gtk_widget_set_vexpand (player, TRUE);
  gtk_box_append (GTK_BOX (box), player);
  adw_window_set_content (ADW_WINDOW (window), box);
  xq_lesson_player_start (XQ_LESSON_PLAYER (player), file->unit, store, progress);
  gtk_window_present (GTK_WINDOW (window));
}

static void
preview_cb (XqTeachPage *self)
{
  g_autoptr(JsonObject) exercise = NULL;

  if (!xq_exercise_editor_is_valid (self->editor))
    {
      set_status (self, xq_exercise_editor_is_checking (self->editor)
                          ? _("The exercise is still being checked. Try again in a moment.")
                          : _("The exercise has problems. Fix them to preview it."), TRUE);
      return;
    }
  set_status (self, _("Opening the preview…"), FALSE);
  exercise = xq_exercise_editor_get_object (self->editor);
  xq_lesson_draft_check_async (exercise, unit_title (self), NULL, preview_loaded_cb, g_object_ref (self));
}

/* ---- API ------------------------------------------------------------------------ */

XqProjectorWindow *
xq_teach_page_open_projector (XqTeachPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  XqPositionEditor *pe = xq_exercise_editor_get_position_editor (self->editor);
  GtkWidget *prompt = xq_exercise_editor_get_widget (self->editor, "prompt");
  XqProjectorWindow *window = xq_projector_window_get_for (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL);
  g_autofree char *unit_path = xq_teach_page_get_unit_path (self);

  xq_projector_window_set_position (window, xq_position_editor_get_position (pe),
                                    gtk_editable_get_text (GTK_EDITABLE (prompt)));
  xq_projector_window_follow_list (window, self->list, unit_path);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

GtkWidget *
xq_teach_page_new (void)
{
  return g_object_new (XQ_TYPE_TEACH_PAGE, NULL);
}

XqExerciseEditor *
xq_teach_page_get_exercise_editor (XqTeachPage *self)
{
  g_return_val_if_fail (XQ_IS_TEACH_PAGE (self), NULL);
  return self->editor;
}

void
xq_teach_page_set_units_dir (XqTeachPage *self, const char *dir)
{
  g_return_if_fail (XQ_IS_TEACH_PAGE (self));
  g_return_if_fail (dir != NULL);
  g_free (self->units_dir);
  self->units_dir = g_strdup (dir);
  load_unit (self);
}

const char *
xq_teach_page_get_units_dir (XqTeachPage *self)
{
  g_return_val_if_fail (XQ_IS_TEACH_PAGE (self), NULL);
  return self->units_dir;
}

void
xq_teach_page_set_unit (XqTeachPage *self, const char *id, const char *title)
{
  g_return_if_fail (XQ_IS_TEACH_PAGE (self));
  g_return_if_fail (id != NULL);
  g_free (self->id);
  self->id = g_strdup (id);
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->unit_id)), id) != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->unit_id), id);
  if (title != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->unit_title), title);
  load_unit (self);
}

guint
xq_teach_page_get_n_exercises (XqTeachPage *self)
{
  g_return_val_if_fail (XQ_IS_TEACH_PAGE (self), 0);
  return self->exercises->len;
}

/* ---- GObject -------------------------------------------------------------------- */

static void
xq_teach_page_dispose (GObject *object)
{
  XqTeachPage *self = XQ_TEACH_PAGE (object);

  if (self->job != NULL)
    g_cancellable_cancel (self->job);
  g_clear_object (&self->job);
  gtk_widget_dispose_template (GTK_WIDGET (object), XQ_TYPE_TEACH_PAGE);
  G_OBJECT_CLASS (xq_teach_page_parent_class)->dispose (object);
}

static void
xq_teach_page_finalize (GObject *object)
{
  XqTeachPage *self = XQ_TEACH_PAGE (object);

  g_clear_pointer (&self->units_dir, g_free);
  g_clear_pointer (&self->id, g_free);
  g_clear_pointer (&self->exercises, g_ptr_array_unref);
  G_OBJECT_CLASS (xq_teach_page_parent_class)->finalize (object);
}

static void
xq_teach_page_class_init (XqTeachPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_teach_page_dispose;
  object_class->finalize = xq_teach_page_finalize;

  g_type_ensure (XQ_TYPE_EXERCISE_EDITOR);
  gtk_widget_class_set_template_from_resource (widget_class, APP_PATH "/ui/xq-teach-page.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, XqTeachPage, name)
  BIND (editor); BIND (unit_title); BIND (unit_id); BIND (list); BIND (status); BIND (publish_button);
  BIND (share_menu); BIND (share_popover); BIND (job_spinner); BIND (job_cancel);
#undef BIND
#define CALLBACK(name) gtk_widget_class_bind_template_callback (widget_class, name)
  CALLBACK (unit_id_cb); CALLBACK (print_cb); CALLBACK (pdf_cb); CALLBACK (export_pack_cb);
  CALLBACK (import_pack_cb); CALLBACK (import_games_cb); CALLBACK (row_activated_cb); CALLBACK (new_cb); CALLBACK (open_draft_cb);
  CALLBACK (job_cancel_cb); CALLBACK (projector_cb); CALLBACK (preview_cb); CALLBACK (draft_cb);
  CALLBACK (publish_cb);
#undef CALLBACK
}

static void
xq_teach_page_init (XqTeachPage *self)
{
  self->exercises = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);
  self->id = g_strdup (DEFAULT_UNIT_ID);
  self->units_dir = xq_pack_user_units_dir ();

  gtk_widget_init_template (GTK_WIDGET (self));
  g_object_set_data (G_OBJECT (self), "share-menu", self->share_menu);
  g_signal_connect_object (self->editor, "validated", G_CALLBACK (validated_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->editor, "notify::checking", G_CALLBACK (validated_cb), self,
                           G_CONNECT_SWAPPED);
  validated_cb (self);
  load_unit (self);
}
