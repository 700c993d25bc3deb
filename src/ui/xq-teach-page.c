/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-teach-page"

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "xq-lesson-board.h"
#include "xq-lesson-player.h"
#include "xq-pack.h"
#include "xq-teach-page.h"
#include "xq-worksheet.h"

#define DEFAULT_UNIT_ID "my-lessons"

struct _XqTeachPage
{
  GtkBox parent_instance;

  /* Child widgets */
  XqExerciseEditor *editor;
  GtkEntry         *unit_title;
  GtkEntry         *unit_id;
  GtkListBox       *list;
  GtkLabel         *status;
  GtkWidget        *publish_button;

  /* Owned */
  char             *units_dir;
  char             *id;
  GPtrArray        *exercises;   /* JSON texts of the unit's exercise objects */
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
exercise_id (const char *json)
{
  /* Only for labels and matching: a parse per call is fine at this size. */
  static char buf[128];
  g_autoptr(JsonNode) node = json_from_string (json, NULL);

  buf[0] = '\0';
  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
    g_strlcpy (buf, json_object_get_string_member_with_default (json_node_get_object (node), "id", ""),
               sizeof buf);
  return buf;
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
          g_ptr_array_add (self->exercises,
                           json_to_string (json_array_get_element (json_node_get_array (list), i), TRUE));
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
  g_autoptr(GPtrArray) next = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  g_autoptr(XqLessonFile) file = NULL;
  g_autofree char *json = NULL;
  g_autofree char *unit = NULL;
  g_autofree char *path = NULL;
  const char *id;
  gboolean replaced = FALSE;

  g_return_val_if_fail (XQ_IS_TEACH_PAGE (self), FALSE);

  if (!xq_exercise_editor_is_valid (self->editor))
    {
      g_set_error (error, XQ_LESSON_ERROR, XQ_LESSON_ERROR_VALUE,
                   _("The exercise has problems. Fix them, or save it as a draft."));
      return FALSE;
    }
  json = xq_exercise_editor_to_json (self->editor);
  id = xq_exercise_editor_get_id (self->editor);
  for (guint i = 0; i < self->exercises->len; i++)
    {
      const char *e = g_ptr_array_index (self->exercises, i);
      if (strcmp (exercise_id (e), id) == 0)
        {
          g_ptr_array_add (next, g_strdup (json));
          replaced = TRUE;
        }
      else
        g_ptr_array_add (next, g_strdup (e));
    }
  if (!replaced)
    g_ptr_array_add (next, g_strdup (json));

  /* The whole unit must still load before it replaces the saved one. */
  unit = xq_exercise_editor_unit_json (self->id, unit_title (self), next);
  path = xq_teach_page_get_unit_path (self);
  file = xq_lesson_load_data (unit, -1, path, problems);
  if (file == NULL)
    {
      g_autofree char *line = xq_lesson_problem_format (g_ptr_array_index (problems, 0));
      g_set_error_literal (error, XQ_LESSON_ERROR, ((XqLessonProblem *) g_ptr_array_index (problems, 0))->code,
                           line);
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

/* ---- Worksheets ----------------------------------------------------------------- */

static XqWorksheet *
build_worksheet (XqTeachPage *self, GError **error)
{
  g_autofree char *path = xq_teach_page_get_unit_path (self);
  g_autoptr(XqLessonFile) file = xq_lesson_load_file_simple (path, error);
  XqWorksheet *sheet;

  if (file == NULL)
    return NULL;
  sheet = xq_worksheet_new ();
  xq_worksheet_set_title (sheet, file->unit->title);
  for (guint i = 0; i < file->unit->exercises->len; i++)
    {
      const XqExercise *ex = g_ptr_array_index (file->unit->exercises, i);
      g_autofree char *answer = xq_exercise_answer_key (ex);
      XqLessonMarks marks;
      const XqPosition *pos = xq_exercise_picture (ex, &marks);
      XqAnnotations annots;

      xq_annotations_clear (&annots);
      xq_lesson_board_marks_to_annotations (&marks, pos, &annots);
      xq_worksheet_add (sheet, pos, ex->prompt, answer, &annots);
    }
  return sheet;
}

gboolean
xq_teach_page_export_pdf (XqTeachPage *self, const char *path, GError **error)
{
  g_autoptr(XqWorksheet) sheet = NULL;

  g_return_val_if_fail (XQ_IS_TEACH_PAGE (self), FALSE);
  sheet = build_worksheet (self, error);
  return sheet != NULL && xq_worksheet_write_pdf (sheet, path, error);
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
print_cb (XqTeachPage *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GtkPrintOperation) op = NULL;
  g_autoptr(GtkPageSetup) setup = gtk_page_setup_new ();
  g_autoptr(GtkPaperSize) a4 = gtk_paper_size_new (GTK_PAPER_NAME_A4);
  XqWorksheet *sheet = build_worksheet (self, &error);
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (sheet == NULL)
    {
      set_status (self, error->message, TRUE);
      return;
    }
  op = gtk_print_operation_new ();
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

/* ---- Packs ---------------------------------------------------------------------- */

gboolean
xq_teach_page_export_pack (XqTeachPage *self, const char *path, GError **error)
{
  g_autoptr(GPtrArray) problems = xq_pack_problems_new ();
  g_autoptr(XqPack) pack = NULL;
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_return_val_if_fail (XQ_IS_TEACH_PAGE (self), FALSE);
  dir = g_dir_open (self->units_dir, 0, error);
  if (dir == NULL)
    return FALSE;
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".json"))
      g_ptr_array_add (names, g_build_filename (self->units_dir, name, NULL));
  g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);
  pack = xq_pack_new (unit_title (self), g_get_real_name ());
  for (guint i = 0; i < names->len; i++)
    xq_pack_add_file (pack, g_ptr_array_index (names, i), problems);
  if (problems->len > 0)
    {
      g_propagate_error (error, xq_pack_problem_to_error (g_ptr_array_index (problems, 0)));
      return FALSE;
    }
  if (pack->entries->len == 0)
    {
      g_set_error (error, XQ_PACK_ERROR, XQ_PACK_ERROR_VALUE, _("There is no unit to export yet."));
      return FALSE;
    }
  return xq_pack_save (pack, path, error);
}

gboolean
xq_teach_page_import_pack (XqTeachPage *self, const char *path, GError **error)
{
  g_autoptr(GPtrArray) problems = xq_pack_problems_new ();
  g_autoptr(XqPack) pack = NULL;

  g_return_val_if_fail (XQ_IS_TEACH_PAGE (self), FALSE);
  pack = xq_pack_load_file (path, problems);
  if (pack == NULL)
    {
      g_propagate_error (error, xq_pack_problem_to_error (g_ptr_array_index (problems, 0)));
      return FALSE;
    }
  if (!xq_pack_install (pack, self->units_dir, error))
    return FALSE;
  load_unit (self);
  return TRUE;
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

static void
row_activated_cb (XqTeachPage *self, GtkListBoxRow *row)
{
  int i = gtk_list_box_row_get_index (row);
  g_autoptr(GError) error = NULL;

  if (i >= 0 && (guint) i < self->exercises->len &&
      !xq_exercise_editor_load_json (self->editor, g_ptr_array_index (self->exercises, i), &error))
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

typedef gboolean (*FileAction) (XqTeachPage *self, const char *path, GError **error);

static void
file_chosen_cb (GtkNativeDialog *dialog, int response, XqTeachPage *self)
{
  FileAction action = g_object_get_data (G_OBJECT (dialog), "action");

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
      g_autoptr(GError) error = NULL;

      if (path != NULL && action (self, path, &error))
        {
          g_autofree char *text = g_strdup_printf (_("Done: %s"), path);
          set_status (self, text, FALSE);
        }
      else if (error != NULL)
        set_status (self, error->message, TRUE);
    }
  g_object_unref (dialog);
}

static void
choose_file (XqTeachPage *self, const char *title, gboolean save, const char *suggested, FileAction action)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *dialog =
    gtk_file_chooser_native_new (title, GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                 save ? GTK_FILE_CHOOSER_ACTION_SAVE : GTK_FILE_CHOOSER_ACTION_OPEN,
                                 save ? _("_Save") : _("_Open"), _("_Cancel"));

  if (suggested != NULL)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), suggested);
  g_object_set_data (G_OBJECT (dialog), "action", action);
  g_signal_connect (dialog, "response", G_CALLBACK (file_chosen_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
pdf_cb (XqTeachPage *self)
{
  g_autofree char *name = g_strconcat (self->id, ".pdf", NULL);
  choose_file (self, _("Export a Worksheet"), TRUE, name, xq_teach_page_export_pdf);
}

static void
export_pack_cb (XqTeachPage *self)
{
  g_autofree char *name = g_strconcat (self->id, ".xqpack", NULL);
  choose_file (self, _("Export a Lesson Pack"), TRUE, name, xq_teach_page_export_pack);
}

static void
import_pack_cb (XqTeachPage *self)
{
  choose_file (self, _("Import a Lesson Pack"), FALSE, NULL, xq_teach_page_import_pack);
}

static void
open_draft_cb (XqTeachPage *self)
{
  choose_file (self, _("Open a Draft"), FALSE, NULL, xq_teach_page_open_draft);
}

static void
projector_cb (XqTeachPage *self)
{
  xq_teach_page_open_projector (self);
}

static void
preview_cb (XqTeachPage *self)
{
  g_autoptr(GPtrArray) one = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  g_autofree char *unit = NULL;
  g_autofree char *store_dir = NULL;
  XqLessonFile *file;
  XqProgressStore *store;
  XqProgress *progress;
  GtkWidget *window, *player;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (!xq_exercise_editor_is_valid (self->editor))
    {
      set_status (self, _("The exercise has problems. Fix them to preview it."), TRUE);
      return;
    }
  g_ptr_array_add (one, xq_exercise_editor_to_json (self->editor));
  unit = xq_exercise_editor_unit_json ("preview", unit_title (self), one);
  file = xq_lesson_load_data (unit, -1, "preview", problems);
  if (file == NULL)
    return;
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
  {
    GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
    gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
    gtk_widget_set_vexpand (player, TRUE);
    gtk_box_append (GTK_BOX (box), player);
    adw_window_set_content (ADW_WINDOW (window), box);
  }
  xq_lesson_player_start (XQ_LESSON_PLAYER (player), file->unit, store, progress);
  gtk_window_present (GTK_WINDOW (window));
}

/* ---- API ------------------------------------------------------------------------ */

XqProjectorWindow *
xq_teach_page_open_projector (XqTeachPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  XqPositionEditor *pe = xq_exercise_editor_get_position_editor (self->editor);
  GtkWidget *prompt = xq_exercise_editor_get_widget (self->editor, "prompt");
  XqProjectorWindow *window = xq_projector_window_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL);

  xq_projector_window_set_position (window, xq_position_editor_get_position (pe),
                                    gtk_editable_get_text (GTK_EDITABLE (prompt)));
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
  G_OBJECT_CLASS (klass)->finalize = xq_teach_page_finalize;
}

static GtkWidget *
button (XqTeachPage *self, const char *label, const char *tooltip, GCallback cb)
{
  GtkWidget *b = gtk_button_new_with_mnemonic (label);

  if (tooltip != NULL)
    gtk_widget_set_tooltip_text (b, tooltip);
  g_signal_connect_swapped (b, "clicked", cb, self);
  return b;
}

static void
menu_item_clicked_cb (GtkWidget *item)
{
  GtkWidget *popover = gtk_widget_get_ancestor (item, GTK_TYPE_POPOVER);

  if (popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (popover));
}

/* A flat button in the Print and Share popover. */
static void
menu_item (XqTeachPage *self, GtkWidget *menu, const char *label, const char *tooltip, GCallback cb)
{
  GtkWidget *b = button (self, label, tooltip, cb);

  gtk_widget_add_css_class (b, "flat");
  gtk_label_set_xalign (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (b))), 0);
  g_signal_connect (b, "clicked", G_CALLBACK (menu_item_clicked_cb), NULL);
  gtk_box_append (GTK_BOX (menu), b);
}

static void
xq_teach_page_init (XqTeachPage *self)
{
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *actions = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *body = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *side = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *outer = gtk_scrolled_window_new ();
  GtkWidget *inner = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *menu = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *share;
  GtkWidget *label;

  self->exercises = g_ptr_array_new_with_free_func (g_free);
  self->id = g_strdup (DEFAULT_UNIT_ID);
  self->units_dir = xq_pack_user_units_dir ();

  /* The page is wide; in a small window it scrolls instead of making the
   * whole window (and every other page) wider. */
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_widget_set_margin_start (inner, 12);
  gtk_widget_set_margin_end (inner, 12);
  gtk_widget_set_margin_top (inner, 12);
  gtk_widget_set_margin_bottom (inner, 12);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (outer), inner);
  gtk_widget_set_hexpand (outer, TRUE);
  gtk_widget_set_vexpand (outer, TRUE);
  gtk_box_append (GTK_BOX (self), outer);

  label = gtk_label_new_with_mnemonic (_("_Unit"));
  self->unit_title = GTK_ENTRY (gtk_entry_new ());
  gtk_entry_set_placeholder_text (self->unit_title, _("My lessons"));
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), GTK_WIDGET (self->unit_title));
  gtk_widget_set_hexpand (GTK_WIDGET (self->unit_title), TRUE);
  self->unit_id = GTK_ENTRY (gtk_entry_new ());
  gtk_editable_set_text (GTK_EDITABLE (self->unit_id), DEFAULT_UNIT_ID);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->unit_id), _("The unit’s id; press Enter to switch units"));
  g_signal_connect_swapped (self->unit_id, "activate", G_CALLBACK (unit_id_cb), self);
  gtk_box_append (GTK_BOX (bar), label);
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->unit_title));
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->unit_id));
  /* Printing and sharing go into one menu so that the bar fits a
   * 1000-pixel window. */
  share = gtk_menu_button_new ();
  gtk_menu_button_set_label (GTK_MENU_BUTTON (share), _("_Print and Share"));
  gtk_menu_button_set_use_underline (GTK_MENU_BUTTON (share), TRUE);
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (share), popover);
  gtk_popover_set_child (GTK_POPOVER (popover), menu);
  menu_item (self, menu, _("_Print…"), _("Print the unit as a worksheet with an answer key"),
             G_CALLBACK (print_cb));
  menu_item (self, menu, _("Export P_DF…"), NULL, G_CALLBACK (pdf_cb));
  menu_item (self, menu, _("_Export Pack…"), _("Share every unit of yours as one file"),
             G_CALLBACK (export_pack_cb));
  menu_item (self, menu, _("_Import Pack…"), NULL, G_CALLBACK (import_pack_cb));
  g_object_set_data (G_OBJECT (self), "share-menu", share);
  gtk_box_append (GTK_BOX (bar), share);
  gtk_box_append (GTK_BOX (inner), bar);

  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "navigation-sidebar");
  g_signal_connect_swapped (self->list, "row-activated", G_CALLBACK (row_activated_cb), self);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->list));
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_widget_set_size_request (side, 160, -1);
  label = gtk_label_new (_("Exercises in the unit"));
  gtk_widget_add_css_class (label, "heading");
  gtk_box_append (GTK_BOX (side), label);
  gtk_box_append (GTK_BOX (side), scroller);
  gtk_box_append (GTK_BOX (side), button (self, _("_New Exercise"), NULL, G_CALLBACK (new_cb)));
  gtk_box_append (GTK_BOX (side), button (self, _("_Open Draft…"), NULL, G_CALLBACK (open_draft_cb)));
  gtk_box_append (GTK_BOX (body), side);

  self->editor = XQ_EXERCISE_EDITOR (xq_exercise_editor_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->editor), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->editor), TRUE);
  g_signal_connect_swapped (self->editor, "validated", G_CALLBACK (validated_cb), self);
  gtk_box_append (GTK_BOX (body), GTK_WIDGET (self->editor));
  gtk_box_append (GTK_BOX (inner), body);

  self->status = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->status, 0);
  gtk_label_set_ellipsize (self->status, PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_set_hexpand (GTK_WIDGET (self->status), TRUE);
  gtk_box_append (GTK_BOX (actions), GTK_WIDGET (self->status));
  gtk_box_append (GTK_BOX (actions), button (self, _("P_rojector"), _("Show the board large, without hints"),
                                             G_CALLBACK (projector_cb)));
  gtk_box_append (GTK_BOX (actions), button (self, _("Pre_view"), NULL, G_CALLBACK (preview_cb)));
  gtk_box_append (GTK_BOX (actions), button (self, _("Save _Draft"), NULL, G_CALLBACK (draft_cb)));
  self->publish_button = button (self, _("_Add to Unit"), _("Only an exercise without problems can be added"),
                                 G_CALLBACK (publish_cb));
  gtk_widget_add_css_class (self->publish_button, "suggested-action");
  gtk_box_append (GTK_BOX (actions), self->publish_button);
  gtk_box_append (GTK_BOX (inner), actions);

  validated_cb (self);
  load_unit (self);
}
