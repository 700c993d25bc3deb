/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-teach-page"

#include "config.h"

#include <adwaita.h>
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
#include "xq-unit-store.h"
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
  GtkListBox       *units_list;
  GtkSpinButton    *unit_number;
  AdwToastOverlay  *toasts;

  /* Owned */
  char             *units_dir;
  char             *id;
  GPtrArray        *exercises;   /* JsonObject*: the unit's exercises */
  GPtrArray        *units;       /* XqUnitInfo*: the units on disk, as listed */
  GCancellable     *job;         /* the import or export under way */
  gboolean          on_disk;     /* the current unit has a file */
  gboolean          updating;    /* the page sets its own widgets */
  gboolean          replace;     /* the next pack import may replace units */
  char            **export_units; /* the units chosen for the next export */
  char             *author;       /* the author of exported packs */
  char             *import_path;  /* the pack waiting for "Replace" */
  char             *fallback_title;
  char             *undo_action;  /* the last toast's Undo, while it is on show */
  GVariant         *undo_target;
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

/* One row of a list: its text and a menu of what can be done to it. */
static GtkWidget *
list_row (const char *text, const char *menu_label, GMenuModel *menu)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (text);
  GtkWidget *button = gtk_menu_button_new ();

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  /* Two lines: a unit and its copy differ at the end of the title. */
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_lines (GTK_LABEL (label), 2);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 1);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_set_tooltip_text (label, text);
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (button), "view-more-symbolic");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (button), menu);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_tooltip_text (button, menu_label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, menu_label, -1);
  gtk_widget_set_margin_start (box, 6);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), button);
  return box;
}

static void
add_item (GMenu *menu, const char *label, const char *action, GVariant *target)
{
  g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

  g_menu_item_set_action_and_target_value (item, action, target);
  g_menu_append_item (menu, item);
}

static void
refresh_list (XqTeachPage *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  for (guint i = 0; i < self->exercises->len; i++)
    {
      g_autoptr(GMenu) menu = g_menu_new ();
      const char *id = exercise_id (g_ptr_array_index (self->exercises, i));
      g_autofree char *what = g_strdup_printf (_("What to do with the exercise “%s”"), id);

      add_item (menu, _("Move _Up"), "teach.exercise-up", g_variant_new_uint32 (i));
      add_item (menu, _("Move _Down"), "teach.exercise-down", g_variant_new_uint32 (i));
      add_item (menu, _("D_uplicate"), "teach.exercise-duplicate", g_variant_new_uint32 (i));
      add_item (menu, _("_Delete"), "teach.exercise-delete", g_variant_new_uint32 (i));
      gtk_list_box_append (self->list, list_row (id, what, G_MENU_MODEL (menu)));
    }
}

/* The units on disk, the current one selected (it may be new, not yet
 * saved: then nothing is). */
static void
refresh_units (XqTeachPage *self)
{
  GtkWidget *child;

  g_clear_pointer (&self->units, g_ptr_array_unref);
  self->units = xq_unit_store_list (self->units_dir);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->units_list))) != NULL)
    gtk_list_box_remove (self->units_list, child);
  for (guint i = 0; i < self->units->len; i++)
    {
      const XqUnitInfo *u = g_ptr_array_index (self->units, i);
      g_autoptr(GMenu) menu = g_menu_new ();
      /* Translators: a unit in the Teach page's list: its number and title */
      g_autofree char *text = g_strdup_printf (_("%d · %s"), u->number, u->title);
      g_autofree char *what = g_strdup_printf (_("What to do with the unit “%s”"), u->title);
      GtkListBoxRow *row;

      add_item (menu, _("Move _Up"), "teach.unit-up", g_variant_new_string (u->id));
      add_item (menu, _("Move _Down"), "teach.unit-down", g_variant_new_string (u->id));
      add_item (menu, _("D_uplicate"), "teach.unit-duplicate", g_variant_new_string (u->id));
      add_item (menu, _("_Delete"), "teach.unit-delete", g_variant_new_string (u->id));
      gtk_list_box_append (self->units_list, list_row (text, what, G_MENU_MODEL (menu)));
      row = gtk_list_box_get_row_at_index (self->units_list, (int) i);
      if (g_strcmp0 (u->id, self->id) == 0)
        gtk_list_box_select_row (self->units_list, row);
    }
}

static void
forget_undo (XqTeachPage *self)
{
  g_clear_pointer (&self->undo_action, g_free);
  g_clear_pointer (&self->undo_target, g_variant_unref);
}

static void
toast_dismissed_cb (AdwToast *t, XqTeachPage *self)
{
  if (g_strcmp0 (adw_toast_get_action_name (t), self->undo_action) == 0 &&
      self->undo_target != NULL && adw_toast_get_action_target_value (t) != NULL &&
      g_variant_equal (adw_toast_get_action_target_value (t), self->undo_target))
    forget_undo (self);
}

static void
toast (XqTeachPage *self, const char *text, const char *action, GVariant *target)
{
  AdwToast *t = adw_toast_new (text);

  forget_undo (self);
  if (action != NULL)
    {
      adw_toast_set_button_label (t, _("_Undo"));
      adw_toast_set_action_name (t, action);
      adw_toast_set_action_target_value (t, target);
      self->undo_action = g_strdup (action);
      self->undo_target = g_variant_ref (adw_toast_get_action_target_value (t));
      g_signal_connect_object (t, "dismissed", G_CALLBACK (toast_dismissed_cb), self, 0);
    }
  else if (target != NULL)
    g_variant_unref (g_variant_ref_sink (target));
  adw_toast_set_timeout (t, 8);
  adw_toast_overlay_add_toast (self->toasts, t);
}

/* ---- The unit on disk ----------------------------------------------------------- */

char *
xq_teach_page_get_unit_path (XqTeachPage *self)
{
  g_autofree char *name = NULL;
  g_autoptr(XqUnitInfo) info = NULL;

  g_return_val_if_fail (XQ_IS_TEACH_PAGE (self), NULL);
  /* An imported unit's file is named after its pack entry, not its id. */
  info = xq_unit_store_find (self->units_dir, self->id, NULL);
  if (info != NULL)
    return g_strdup (info->path);
  name = g_strconcat (self->id, ".json", NULL);
  return g_build_filename (self->units_dir, name, NULL);
}

static void
load_unit (XqTeachPage *self)
{
  g_autofree char *path = xq_teach_page_get_unit_path (self);
  g_autoptr(JsonObject) obj = NULL;
  JsonNode *list;

  g_ptr_array_set_size (self->exercises, 0);
  self->updating = TRUE;
  obj = g_file_test (path, G_FILE_TEST_IS_REGULAR) ? xq_unit_store_read (path, NULL) : NULL;
  self->on_disk = obj != NULL;
  if (obj != NULL)
    {
      gtk_editable_set_text (GTK_EDITABLE (self->unit_title),
                             json_object_get_string_member_with_default (obj, "title", ""));
      gtk_spin_button_set_value (self->unit_number,
                                 (double) json_object_get_int_member_with_default (obj, "number",
                                                                                   XQ_UNIT_STORE_FIRST_NUMBER));
      list = json_object_get_member (obj, "exercises");
      if (list != NULL && JSON_NODE_HOLDS_ARRAY (list))
        for (guint i = 0; i < json_array_get_length (json_node_get_array (list)); i++)
          {
            JsonNode *e = json_array_get_element (json_node_get_array (list), i);
            if (JSON_NODE_HOLDS_OBJECT (e))
              g_ptr_array_add (self->exercises, json_object_ref (json_node_get_object (e)));
          }
    }
  else
    gtk_spin_button_set_value (self->unit_number, xq_unit_store_next_number (self->units_dir));
  self->updating = FALSE;
  refresh_list (self);
  refresh_units (self);
}

/* The title typed, or for an untitled unit one no other unit has: two
 * units of one title would be two identical cards in Learn. */
static const char *
unit_title (XqTeachPage *self)
{
  const char *title = gtk_editable_get_text (GTK_EDITABLE (self->unit_title));

  if (*title != '\0')
    return title;
  for (guint n = 1; n < 1000; n++)
    {
      gboolean taken = FALSE;

      g_free (self->fallback_title);
      /* Translators: the title of a second, third… untitled unit */
      self->fallback_title = n == 1 ? g_strdup (_("My lessons")) : g_strdup_printf (_("My lessons %u"), n);
      for (guint i = 0; self->units != NULL && i < self->units->len; i++)
        {
          const XqUnitInfo *u = g_ptr_array_index (self->units, i);
          taken |= strcmp (u->title, self->fallback_title) == 0 && strcmp (u->id, self->id) != 0;
        }
      if (!taken)
        break;
    }
  return self->fallback_title;
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
  path = xq_teach_page_get_unit_path (self);
  /* A unit on disk keeps what the page does not edit (an imported unit's
   * pages, its closing cards); a new one gets the next free number. */
  unit_object = self->on_disk ? xq_unit_store_read (path, NULL) : NULL;
  if (unit_object == NULL)
    unit_object = xq_lesson_teacher_unit_new (self->id, unit_title (self), next);
  else
    {
      JsonArray *list = json_array_new ();
      for (guint i = 0; i < next->len; i++)
        json_array_add_object_element (list, json_object_ref (g_ptr_array_index (next, i)));
      json_object_set_array_member (unit_object, "exercises", list);
      json_object_set_string_member (unit_object, "title", unit_title (self));
    }
  json_object_set_int_member (unit_object, "number", gtk_spin_button_get_value_as_int (self->unit_number));
  unit = xq_lesson_write_object (unit_object, NULL);
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
  self->on_disk = TRUE;
  refresh_list (self);
  refresh_units (self);
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
  {
    XqTeachWork *work = xq_teach_work_new (kind, self->units_dir, unit_path, unit_title (self), path);

    work->units = g_strdupv (self->export_units);
    work->author = g_strdup (self->author);
    work->replace = self->replace;
    g_task_set_task_data (task, work, (GDestroyNotify) xq_teach_work_free);
  }
  /* Asked for one import: the next one asks again. */
  self->replace = FALSE;
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
  if (job->kind == XQ_TEACH_JOB_IMPORT_PACK || job->kind == XQ_TEACH_JOB_IMPORT_GAMES)
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

static void start_job (XqTeachPage *self, XqTeachJob kind, const char *path);

static void
replace_response_cb (AdwMessageDialog *dialog, const char *response, XqTeachPage *self)
{
  g_autofree char *path = g_steal_pointer (&self->import_path);

  if (g_strcmp0 (response, "replace") != 0 || path == NULL)
    {
      set_status (self, _("Nothing was imported."), FALSE);
      return;
    }
  self->replace = TRUE;
  start_job (self, XQ_TEACH_JOB_IMPORT_PACK, path);
}

/* The pack has units the teacher has already: replace them, or not. */
static void
ask_replace (XqTeachPage *self, const char *path, const char *message)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autofree char *body = g_strdup_printf ("%s\n\n%s", message,
                                           _("Learners keep their stars on the exercises that did not change; "
                                             "the stars of changed exercises are dropped."));
  GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                              _("Replace Your Units?"), body);

  g_free (self->import_path);
  self->import_path = g_strdup (path);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "replace", _("_Replace"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "replace",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (replace_response_cb), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
job_done_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  XqTeachPage *self = XQ_TEACH_PAGE (source);
  XqTeachWork *job = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  gboolean ok;

  g_clear_object (&self->job);
  set_busy (self, NULL);
  ok = xq_teach_page_run_job_finish (self, result, &error);
  if (!ok && job->kind == XQ_TEACH_JOB_IMPORT_PACK && !job->replace &&
      g_error_matches (error, XQ_UNIT_STORE_ERROR, XQ_UNIT_STORE_ERROR_EXISTS))
    {
      set_status (self, error->message, FALSE);
      ask_replace (self, job->path, error->message);
      return;
    }
  if (!ok && !(job->kind == XQ_TEACH_JOB_IMPORT_GAMES && job->report != NULL &&
               !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)))
    {
      set_status (self, g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
                          ? _("Stopped; nothing was changed.") : error->message,
                  !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED));
      return;
    }
  switch (job->kind)
    {
    case XQ_TEACH_JOB_IMPORT_GAMES:
      {
        g_autofree char *text = xq_teach_work_describe_import (job->report, error);
        set_status (self, text, error != NULL);
      }
      break;
    case XQ_TEACH_JOB_WORKSHEET:
      /* Printing is the worksheet dialog's (xq-worksheet-dialog.c). */
      set_status (self, "", FALSE);
      break;
    case XQ_TEACH_JOB_IMPORT_PACK:
      {
        g_autoptr(GString) text = g_string_new (NULL);
        for (guint i = 0; job->import != NULL && i < job->import->lines->len; i++)
          g_string_append_printf (text, "%s%s", i ? " " : "", (const char *) g_ptr_array_index (job->import->lines, i));
        set_status (self, text->str, FALSE);
      }
      break;
    case XQ_TEACH_JOB_EXPORT_PDF:
    case XQ_TEACH_JOB_EXPORT_PACK:
      {
        g_autofree char *text = g_strdup_printf (_("Done: %s"), job->path);
        set_status (self, text, FALSE);
      }
      break;
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
export_response_cb (AdwMessageDialog *dialog, const char *response, XqTeachPage *self)
{
  GtkWidget *checks = g_object_get_data (G_OBJECT (dialog), "checks");
  GtkWidget *author = g_object_get_data (G_OBJECT (dialog), "author");
  g_autoptr(GPtrArray) chosen = g_ptr_array_new ();
  guint i = 0;

  if (g_strcmp0 (response, "export") != 0)
    return;
  for (GtkWidget *c = gtk_widget_get_first_child (checks); c != NULL; c = gtk_widget_get_next_sibling (c), i++)
    if (gtk_check_button_get_active (GTK_CHECK_BUTTON (c)) && i < self->units->len)
      g_ptr_array_add (chosen, ((XqUnitInfo *) g_ptr_array_index (self->units, i))->path);
  if (chosen->len == 0)
    {
      set_status (self, _("Choose at least one unit to export."), TRUE);
      return;
    }
  g_ptr_array_add (chosen, NULL);
  xq_teach_page_set_export (self, (const char *const *) chosen->pdata,
                            gtk_editable_get_text (GTK_EDITABLE (author)));
  {
    g_autofree char *name = g_strconcat (self->id, ".xqpack", NULL);
    choose_file (self, _("Export a Lesson Pack"), TRUE, name, XQ_TEACH_JOB_EXPORT_PACK);
  }
}

/* Which units go into the pack, and whose name it carries. */
static void
export_pack_cb (XqTeachPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *dialog, *box, *checks, *author, *label, *scroller;

  gtk_popover_popdown (self->share_popover);
  refresh_units (self);
  if (self->units->len == 0)
    {
      set_status (self, _("There is no unit to export yet."), TRUE);
      return;
    }
  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   _("Export a Lesson Pack"), _("Choose the units to share."));
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  checks = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  for (guint i = 0; i < self->units->len; i++)
    {
      const XqUnitInfo *u = g_ptr_array_index (self->units, i);
      g_autofree char *text = g_strdup_printf (_("%d · %s"), u->number, u->title);
      GtkWidget *check = gtk_check_button_new_with_label (text);

      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
      gtk_box_append (GTK_BOX (checks), check);
    }
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 240);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), checks);
  gtk_box_append (GTK_BOX (box), scroller);
  label = gtk_label_new_with_mnemonic (_("_Author"));
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "caption-heading");
  author = gtk_entry_new ();
  gtk_entry_set_max_length (GTK_ENTRY (author), XQ_PACK_MAX_TITLE);
  gtk_editable_set_text (GTK_EDITABLE (author), self->author != NULL ? self->author : g_get_real_name ());
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), author);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), author);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), box);
  g_object_set_data (G_OBJECT (dialog), "checks", checks);
  g_object_set_data (G_OBJECT (dialog), "author", author);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "export", _("_Export…"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "export", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "export");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (export_response_cb), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ---- My units -------------------------------------------------------------------- */

static void
unit_activated_cb (XqTeachPage *self, GtkListBoxRow *row)
{
  int i = gtk_list_box_row_get_index (row);

  if (i >= 0 && self->units != NULL && (guint) i < self->units->len)
    {
      const XqUnitInfo *u = g_ptr_array_index (self->units, i);
      g_autofree char *id = g_strdup (u->id);

      xq_teach_page_set_unit (self, id, NULL);
      set_status (self, "", FALSE);
    }
}

static void
new_unit_cb (XqTeachPage *self)
{
  g_autofree char *id = xq_unit_store_free_id (self->units_dir, DEFAULT_UNIT_ID);

  if (id == NULL)
    return;
  xq_teach_page_set_unit (self, id, "");
  gtk_widget_grab_focus (GTK_WIDGET (self->unit_title));
  set_status (self, _("A new unit: give it a title; it is saved with its first exercise."), FALSE);
}

static void
unit_title_cb (XqTeachPage *self)
{
  g_autoptr(GError) error = NULL;

  if (!self->on_disk)
    return;
  if (xq_unit_store_rename (self->units_dir, self->id, unit_title (self), &error))
    {
      refresh_units (self);
      set_status (self, _("The unit is renamed."), FALSE);
    }
  else
    set_status (self, error->message, TRUE);
}

static void
unit_number_cb (XqTeachPage *self)
{
  g_autoptr(GError) error = NULL;

  if (self->updating || !self->on_disk)
    return;
  if (xq_unit_store_renumber (self->units_dir, self->id, gtk_spin_button_get_value_as_int (self->unit_number),
                              &error))
    refresh_units (self);
  else
    set_status (self, error->message, TRUE);
}

static void
unit_move (XqTeachPage *self, const char *id, int delta)
{
  g_autoptr(GError) error = NULL;

  if (!xq_unit_store_move (self->units_dir, id, delta, &error) && error != NULL)
    set_status (self, error->message, TRUE);
  if (g_strcmp0 (id, self->id) == 0)
    load_unit (self);
  else
    refresh_units (self);
}

static void
unit_up_action (GtkWidget *widget, const char *name, GVariant *param)
{
  unit_move (XQ_TEACH_PAGE (widget), g_variant_get_string (param, NULL), -1);
}

static void
unit_down_action (GtkWidget *widget, const char *name, GVariant *param)
{
  unit_move (XQ_TEACH_PAGE (widget), g_variant_get_string (param, NULL), 1);
}

static void
unit_duplicate_action (GtkWidget *widget, const char *name, GVariant *param)
{
  XqTeachPage *self = XQ_TEACH_PAGE (widget);
  g_autoptr(GError) error = NULL;
  g_autofree char *id = xq_unit_store_duplicate (self->units_dir, g_variant_get_string (param, NULL), &error);

  if (id == NULL)
    {
      set_status (self, error->message, TRUE);
      return;
    }
  xq_teach_page_set_unit (self, id, NULL);
  set_status (self, _("This is the copy: rename it, then change it."), FALSE);
}

static void
unit_delete_action (GtkWidget *widget, const char *name, GVariant *param)
{
  XqTeachPage *self = XQ_TEACH_PAGE (widget);
  const char *id = g_variant_get_string (param, NULL);
  g_autoptr(XqUnitInfo) info = xq_unit_store_find (self->units_dir, id, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *trashed = NULL;
  g_autofree char *text = NULL;

  if (info == NULL)
    return;
  trashed = xq_unit_store_delete (self->units_dir, id, &error);
  if (trashed == NULL)
    {
      set_status (self, error->message, TRUE);
      return;
    }
  text = g_strdup_printf (_("The unit “%s” is deleted."), info->title);
  toast (self, text, "teach.unit-restore", g_variant_new_string (trashed));
  if (g_strcmp0 (id, self->id) == 0)
    {
      /* Another unit, or a new one: never the deleted one's leftovers. */
      g_autoptr(GPtrArray) left = xq_unit_store_list (self->units_dir);
      g_autofree char *next = left->len > 0 ? g_strdup (((XqUnitInfo *) g_ptr_array_index (left, 0))->id)
                                            : xq_unit_store_free_id (self->units_dir, DEFAULT_UNIT_ID);
      xq_exercise_editor_reset (self->editor);
      xq_teach_page_set_unit (self, next, left->len > 0 ? NULL : "");
    }
  else
    refresh_units (self);
}

static void
unit_restore_action (GtkWidget *widget, const char *name, GVariant *param)
{
  XqTeachPage *self = XQ_TEACH_PAGE (widget);
  g_autoptr(GError) error = NULL;

  if (!xq_unit_store_restore (self->units_dir, g_variant_get_string (param, NULL), &error))
    set_status (self, error->message, TRUE);
  else
    set_status (self, _("The unit is back."), FALSE);
  load_unit (self);
}

static void
exercise_move (XqTeachPage *self, guint i, int delta)
{
  g_autoptr(GError) error = NULL;

  if ((delta < 0 && i == 0) || i + (guint) delta >= self->exercises->len || !self->on_disk)
    return;
  if (!xq_unit_store_move_exercise (self->units_dir, self->id, i, i + (guint) delta, &error))
    set_status (self, error->message, TRUE);
  load_unit (self);
}

static void
exercise_up_action (GtkWidget *widget, const char *name, GVariant *param)
{
  exercise_move (XQ_TEACH_PAGE (widget), g_variant_get_uint32 (param), -1);
}

static void
exercise_down_action (GtkWidget *widget, const char *name, GVariant *param)
{
  exercise_move (XQ_TEACH_PAGE (widget), g_variant_get_uint32 (param), 1);
}

static void
exercise_duplicate_action (GtkWidget *widget, const char *name, GVariant *param)
{
  XqTeachPage *self = XQ_TEACH_PAGE (widget);
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;

  if (!self->on_disk)
    return;
  id = xq_unit_store_duplicate_exercise (self->units_dir, self->id, g_variant_get_uint32 (param), &error);
  if (id == NULL)
    set_status (self, error->message, TRUE);
  load_unit (self);
}

static void
exercise_delete_action (GtkWidget *widget, const char *name, GVariant *param)
{
  XqTeachPage *self = XQ_TEACH_PAGE (widget);
  guint i = g_variant_get_uint32 (param);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) removed = NULL;
  g_autofree char *text = NULL;
  g_autofree char *json = NULL;

  if (!self->on_disk)
    return;
  removed = xq_unit_store_remove_exercise (self->units_dir, self->id, i, &error);
  if (removed == NULL)
    {
      set_status (self, error->message, TRUE);
      return;
    }
  load_unit (self);
  json = xq_lesson_write_object (removed, NULL);
  text = g_strdup_printf (_("The exercise “%s” is deleted."), exercise_id (removed));
  /* Undo needs the unit, the place and the exercise itself. */
  toast (self, text, "teach.exercise-restore", g_variant_new ("(sus)", self->id, i, json));
}

static void
exercise_restore_action (GtkWidget *widget, const char *name, GVariant *param)
{
  XqTeachPage *self = XQ_TEACH_PAGE (widget);
  const char *unit, *json;
  guint i;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;

  g_variant_get (param, "(&su&s)", &unit, &i, &json);
  node = json_from_string (json, &error);
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node) ||
      !xq_unit_store_insert_exercise (self->units_dir, unit, i, json_node_get_object (node), &error))
    set_status (self, error != NULL ? error->message : _("The exercise could not come back."), TRUE);
  if (g_strcmp0 (unit, self->id) == 0)
    load_unit (self);
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

/* After a start: the teacher's first unit, not an empty one. */
static void
open_first_unit (XqTeachPage *self)
{
  g_autoptr(GPtrArray) units = xq_unit_store_list (self->units_dir);
  gboolean have = FALSE;

  for (guint i = 0; i < units->len; i++)
    have |= strcmp (((XqUnitInfo *) g_ptr_array_index (units, i))->id, self->id) == 0;
  if (!have && units->len > 0)
    {
      g_free (self->id);
      self->id = g_strdup (((XqUnitInfo *) g_ptr_array_index (units, 0))->id);
      self->updating = TRUE;
      gtk_editable_set_text (GTK_EDITABLE (self->unit_id), self->id);
      self->updating = FALSE;
    }
  load_unit (self);
}

/* Following goes both ways: the exercise the teacher steps to on the
 * projector is the one the editor shows, as a click on its row would. */
static void
projector_stepped_cb (XqTeachPage *self, int index)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->list, index);

  if (row != NULL)
    row_activated_cb (self, row);
}

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
  g_signal_handlers_disconnect_by_func (window, projector_stepped_cb, self);
  g_signal_connect_object (window, "exercise-changed", G_CALLBACK (projector_stepped_cb), self, G_CONNECT_SWAPPED);
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
  open_first_unit (self);
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
  /* A new id is a new unit: it never keeps the title of the one before. */
  if (!self->on_disk && title == NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->unit_title), "");
}

const char *
xq_teach_page_get_unit_id (XqTeachPage *self)
{
  g_return_val_if_fail (XQ_IS_TEACH_PAGE (self), NULL);
  return self->id;
}

void
xq_teach_page_set_export (XqTeachPage *self, const char *const *units, const char *author)
{
  g_return_if_fail (XQ_IS_TEACH_PAGE (self));
  g_strfreev (self->export_units);
  self->export_units = g_strdupv ((char **) units);
  g_free (self->author);
  self->author = author != NULL && *author != '\0' ? g_strdup (author) : NULL;
}

void
xq_teach_page_set_replace (XqTeachPage *self, gboolean replace)
{
  g_return_if_fail (XQ_IS_TEACH_PAGE (self));
  self->replace = replace;
}

gboolean
xq_teach_page_undo (XqTeachPage *self)
{
  g_autofree char *action = NULL;
  g_autoptr(GVariant) target = NULL;

  g_return_val_if_fail (XQ_IS_TEACH_PAGE (self), FALSE);
  if (self->undo_action == NULL)
    return FALSE;
  action = g_steal_pointer (&self->undo_action);
  target = g_steal_pointer (&self->undo_target);
  return gtk_widget_activate_action_variant (GTK_WIDGET (self), action, target);
}

guint
xq_teach_page_get_n_units (XqTeachPage *self)
{
  g_return_val_if_fail (XQ_IS_TEACH_PAGE (self), 0);
  return self->units != NULL ? self->units->len : 0;
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
  g_clear_pointer (&self->units, g_ptr_array_unref);
  g_clear_pointer (&self->export_units, g_strfreev);
  g_clear_pointer (&self->author, g_free);
  g_clear_pointer (&self->import_path, g_free);
  g_clear_pointer (&self->fallback_title, g_free);
  forget_undo (self);
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
  g_type_ensure (ADW_TYPE_TOAST_OVERLAY);
  gtk_widget_class_set_template_from_resource (widget_class, APP_PATH "/ui/xq-teach-page.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, XqTeachPage, name)
  BIND (editor); BIND (unit_title); BIND (unit_id); BIND (list); BIND (status); BIND (publish_button);
  BIND (share_menu); BIND (share_popover); BIND (job_spinner); BIND (job_cancel);
  BIND (units_list); BIND (unit_number); BIND (toasts);
#undef BIND
#define CALLBACK(name) gtk_widget_class_bind_template_callback (widget_class, name)
  CALLBACK (unit_id_cb); CALLBACK (print_cb); CALLBACK (pdf_cb); CALLBACK (export_pack_cb);
  CALLBACK (import_pack_cb); CALLBACK (import_games_cb); CALLBACK (row_activated_cb); CALLBACK (new_cb); CALLBACK (open_draft_cb);
  CALLBACK (job_cancel_cb); CALLBACK (projector_cb); CALLBACK (preview_cb); CALLBACK (draft_cb);
  CALLBACK (publish_cb); CALLBACK (unit_activated_cb); CALLBACK (new_unit_cb); CALLBACK (unit_title_cb);
  CALLBACK (unit_number_cb);
#undef CALLBACK

  gtk_widget_class_install_action (widget_class, "teach.unit-up", "s", unit_up_action);
  gtk_widget_class_install_action (widget_class, "teach.unit-down", "s", unit_down_action);
  gtk_widget_class_install_action (widget_class, "teach.unit-duplicate", "s", unit_duplicate_action);
  gtk_widget_class_install_action (widget_class, "teach.unit-delete", "s", unit_delete_action);
  gtk_widget_class_install_action (widget_class, "teach.unit-restore", "s", unit_restore_action);
  gtk_widget_class_install_action (widget_class, "teach.exercise-up", "u", exercise_up_action);
  gtk_widget_class_install_action (widget_class, "teach.exercise-down", "u", exercise_down_action);
  gtk_widget_class_install_action (widget_class, "teach.exercise-duplicate", "u", exercise_duplicate_action);
  gtk_widget_class_install_action (widget_class, "teach.exercise-delete", "u", exercise_delete_action);
  gtk_widget_class_install_action (widget_class, "teach.exercise-restore", "(sus)", exercise_restore_action);
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
  open_first_unit (self);
}
