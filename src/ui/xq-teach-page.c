/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-teach-page"

#include "config.h"

#include <adwaita.h>
#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "xq-json-bounded.h"
#include "xq-lesson-board.h"
#include "xq-lesson-draft.h"
#include "xq-lesson-player.h"
#include "xq-lesson-writer.h"
#include "xq-pack.h"
#include "xq-teach-page-private.h"
#include "xq-teach-work.h"
#include "xq-unit-list.h"
#include "xq-unit-store.h"

#define APP_PATH "/io/github/xiangqi_tutor/XiangqiTutor"
#define DEFAULT_UNIT_ID "my-lessons"

G_DEFINE_FINAL_TYPE (XqTeachPage, xq_teach_page, GTK_TYPE_BOX)

void
xq_teach_page_set_status (XqTeachPage *self, const char *text, gboolean error)
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
  return xq_json_member_string (exercise, "id", "");
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

/* A deletion done in the unit list, with its Undo (an action of the
 * list's, put on the page as "teach"). */
static void
toast_cb (XqTeachPage *self, const char *text, const char *name, GVariant *target)
{
  AdwToast *t = adw_toast_new (text);
  g_autofree char *action = name != NULL ? g_strconcat ("teach.", name, NULL) : NULL;

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

void
xq_teach_page_load_unit (XqTeachPage *self)
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
                             xq_json_member_string (obj, "title", ""));
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
  xq_unit_list_show (self->unit_list, self->units_dir, self->id, self->on_disk, self->exercises);
}

/* The title typed, or for an untitled unit one no other unit has: two
 * units of one title would be two identical cards in Learn. */
const char *
xq_teach_page_unit_title (XqTeachPage *self)
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
      GPtrArray *units = xq_unit_list_get_units (self->unit_list);

      for (guint i = 0; i < units->len; i++)
        {
          const XqUnitInfo *u = g_ptr_array_index (units, i);
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
    unit_object = xq_lesson_teacher_unit_new (self->id, xq_teach_page_unit_title (self), next);
  else
    {
      JsonArray *list = json_array_new ();
      for (guint i = 0; i < next->len; i++)
        json_array_add_object_element (list, json_object_ref (g_ptr_array_index (next, i)));
      json_object_set_array_member (unit_object, "exercises", list);
      json_object_set_string_member (unit_object, "title", xq_teach_page_unit_title (self));
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
  xq_unit_list_show (self->unit_list, self->units_dir, self->id, self->on_disk, self->exercises);
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

/* ---- Buttons -------------------------------------------------------------------- */

static void
publish_cb (XqTeachPage *self)
{
  g_autoptr(GError) error = NULL;

  if (xq_teach_page_publish (self, &error))
    xq_teach_page_set_status (self, _("The exercise is in the unit."), FALSE);
  else
    xq_teach_page_set_status (self, error->message, TRUE);
}

static void
draft_cb (XqTeachPage *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = xq_teach_page_save_draft (self, &error);

  if (path != NULL)
    {
      g_autofree char *text = g_strdup_printf (_("Draft saved as %s"), path);
      xq_teach_page_set_status (self, text, FALSE);
    }
  else
    xq_teach_page_set_status (self, error->message, TRUE);
}

static void
new_cb (XqTeachPage *self)
{
  xq_exercise_editor_reset (self->editor);
  xq_teach_page_set_status (self, "", FALSE);
}

static gboolean
load_exercise (XqTeachPage *self, JsonObject *exercise, GError **error)
{
  g_autofree char *text = xq_lesson_write_object (exercise, NULL);

  return xq_exercise_editor_load_json (self->editor, text, error);
}

static void
exercise_activated_cb (XqTeachPage *self, guint i)
{
  g_autoptr(GError) error = NULL;

  if (i < self->exercises->len &&
      !load_exercise (self, g_ptr_array_index (self->exercises, i), &error))
    xq_teach_page_set_status (self, error->message, TRUE);
}

static void
unit_id_cb (XqTeachPage *self)
{
  g_autoptr(GError) error = NULL;
  const char *id = gtk_editable_get_text (GTK_EDITABLE (self->unit_id));
  g_autofree char *safe = xq_pack_sanitize_name (id, &error);

  if (safe == NULL)
    {
      xq_teach_page_set_status (self, error->message, TRUE);
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

/* ---- My units (xq-unit-list.c does the store's work) --------------------------- */

static void
open_unit_cb (XqTeachPage *self, const char *id, const char *title, gboolean reset)
{
  g_autofree char *copy = g_strdup (id);

  if (reset)
    xq_exercise_editor_reset (self->editor);
  xq_teach_page_set_unit (self, copy, title);
}

static void
status_cb (XqTeachPage *self, const char *text, gboolean error)
{
  xq_teach_page_set_status (self, text, error);
}

static void
new_unit_cb (XqTeachPage *self)
{
  g_autofree char *id = xq_unit_store_free_id (self->units_dir, DEFAULT_UNIT_ID);

  if (id == NULL)
    return;
  xq_teach_page_set_unit (self, id, "");
  gtk_widget_grab_focus (GTK_WIDGET (self->unit_title));
  xq_teach_page_set_status (self, _("A new unit: give it a title; it is saved with its first exercise."), FALSE);
}

static void
unit_title_cb (XqTeachPage *self)
{
  g_autoptr(GError) error = NULL;

  if (!self->on_disk)
    return;
  if (xq_unit_store_rename (self->units_dir, self->id, xq_teach_page_unit_title (self), &error))
    {
      xq_unit_list_refresh (self->unit_list);
      xq_teach_page_set_status (self, _("The unit is renamed."), FALSE);
    }
  else
    xq_teach_page_set_status (self, error->message, TRUE);
}

static void
unit_number_cb (XqTeachPage *self)
{
  g_autoptr(GError) error = NULL;

  if (self->updating || !self->on_disk)
    return;
  if (xq_unit_store_renumber (self->units_dir, self->id, gtk_spin_button_get_value_as_int (self->unit_number),
                              &error))
    xq_unit_list_refresh (self->unit_list);
  else
    xq_teach_page_set_status (self, error->message, TRUE);
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
      xq_teach_page_set_status (self, error->message, TRUE);
      return;
    }
  xq_teach_page_set_status (self, "", FALSE);
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
      xq_teach_page_set_status (self, xq_exercise_editor_is_checking (self->editor)
                          ? _("The exercise is still being checked. Try again in a moment.")
                          : _("The exercise has problems. Fix them to preview it."), TRUE);
      return;
    }
  xq_teach_page_set_status (self, _("Opening the preview…"), FALSE);
  exercise = xq_exercise_editor_get_object (self->editor);
  xq_lesson_draft_check_async (exercise, xq_teach_page_unit_title (self), NULL, preview_loaded_cb, g_object_ref (self));
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
  xq_teach_page_load_unit (self);
}

/* Following goes both ways: the exercise the teacher steps to on the
 * projector is the one the editor shows, as a click on its row would. */
static void
projector_stepped_cb (XqTeachPage *self, int index)
{
  if (index >= 0)
    exercise_activated_cb (self, (guint) index);
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
  xq_projector_window_follow_list (window, xq_unit_list_get_exercise_box (self->unit_list), unit_path);
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
  xq_teach_page_load_unit (self);
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
  return xq_unit_list_get_units (self->unit_list)->len;
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
  xq_teach_page_unwatch_import (self);
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
  g_clear_pointer (&self->export_units, g_strfreev);
  g_clear_pointer (&self->author, g_free);
  g_clear_pointer (&self->import_path, g_free);
  g_clear_pointer (&self->fallback_title, g_free);
  g_clear_pointer (&self->import_paths, g_strfreev);
  g_clear_pointer (&self->import_name, g_free);
  g_clear_pointer (&self->import_summary, g_free);
  g_clear_pointer (&self->import_details, g_free);
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
  g_type_ensure (XQ_TYPE_UNIT_LIST);
  g_type_ensure (ADW_TYPE_TOAST_OVERLAY);
  gtk_widget_class_set_template_from_resource (widget_class, APP_PATH "/ui/xq-teach-page.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, XqTeachPage, name)
  BIND (editor); BIND (unit_title); BIND (unit_id); BIND (unit_list); BIND (status); BIND (publish_button);
  BIND (share_menu); BIND (share_popover); BIND (job_spinner); BIND (job_cancel);
  BIND (unit_number); BIND (toasts); BIND (job_progress);
  BIND (import_bar); BIND (import_stop);
#undef BIND
#define CALLBACK(name) gtk_widget_class_bind_template_callback (widget_class, name)
  CALLBACK (unit_id_cb); CALLBACK (exercise_activated_cb); CALLBACK (new_cb); CALLBACK (projector_cb);
  CALLBACK (preview_cb); CALLBACK (draft_cb); CALLBACK (publish_cb); CALLBACK (open_unit_cb);
  CALLBACK (new_unit_cb); CALLBACK (unit_title_cb); CALLBACK (unit_number_cb);
  CALLBACK (xq_teach_page_load_unit); CALLBACK (status_cb); CALLBACK (toast_cb);
#undef CALLBACK
  xq_teach_page_class_init_share (widget_class);

}

static void
xq_teach_page_init (XqTeachPage *self)
{
  self->exercises = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);
  self->id = g_strdup (DEFAULT_UNIT_ID);
  self->units_dir = xq_pack_user_units_dir ();

  gtk_widget_init_template (GTK_WIDGET (self));
  g_object_set_data (G_OBJECT (self), "share-menu", self->share_menu);
  /* The menus' and toasts' actions, and xq_teach_page_undo's. */
  gtk_widget_insert_action_group (GTK_WIDGET (self), "teach", xq_unit_list_get_actions (self->unit_list));
  g_signal_connect_object (self->editor, "validated", G_CALLBACK (validated_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->editor, "notify::checking", G_CALLBACK (validated_cb), self,
                           G_CONNECT_SWAPPED);
  validated_cb (self);
  open_first_unit (self);
}
