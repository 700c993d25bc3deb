/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-worksheet-dialog"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-answer-text.h"
#include "xq-teach-work.h"
#include "xq-worksheet-dialog.h"

#define APP_PATH "/io/github/xiangqi_tutor/XiangqiTutor"

/* The rows' choices, in the order of their string lists. */
static const int layouts[] = { 6, 4, 2, 1 };
static const XqNotation notations[] = { XQ_NOTATION_ZH_HANS, XQ_NOTATION_WXF, XQ_NOTATION_ICCS };

struct _XqWorksheetDialog
{
  AdwWindow parent_instance;

  /* Template widgets */
  AdwComboRow *layout_row;
  AdwComboRow *key_row;
  AdwComboRow *notation_row;
  GtkLabel    *status;
  GtkSpinner  *spinner;
  GtkWidget   *print_button;
  GtkWidget   *export_button;

  /* Owned */
  char         *unit_path;
  char         *title;
  XqNotation    chinese;   /* the locale's script, for "Chinese" */
  GCancellable *job;
};

G_DEFINE_FINAL_TYPE (XqWorksheetDialog, xq_worksheet_dialog, ADW_TYPE_WINDOW)

/* ---- Options ---------------------------------------------------------------------- */

void
xq_worksheet_dialog_set_options (XqWorksheetDialog *self, int per_page, XqWorksheetDialogKey key,
                                 XqNotation notation)
{
  g_return_if_fail (XQ_IS_WORKSHEET_DIALOG (self));
  g_return_if_fail (xq_worksheet_layout_is_valid (per_page));

  for (guint i = 0; i < G_N_ELEMENTS (layouts); i++)
    if (layouts[i] == per_page)
      adw_combo_row_set_selected (self->layout_row, i);
  switch (key)
    {
    case XQ_WORKSHEET_DIALOG_KEY_AFTER:
    case XQ_WORKSHEET_DIALOG_KEY_NONE:
    case XQ_WORKSHEET_DIALOG_KEY_ONLY:
    case XQ_WORKSHEET_DIALOG_KEY_SEPARATE:
      adw_combo_row_set_selected (self->key_row, (guint) key);
      break;
    default:
      g_return_if_reached ();
    }
  switch (notation)
    {
    case XQ_NOTATION_ZH_HANS:
    case XQ_NOTATION_ZH_HANT:
      self->chinese = notation;
      adw_combo_row_set_selected (self->notation_row, 0);
      break;
    case XQ_NOTATION_WXF:
      adw_combo_row_set_selected (self->notation_row, 1);
      break;
    case XQ_NOTATION_ICCS:
      adw_combo_row_set_selected (self->notation_row, 2);
      break;
    default:
      g_return_if_reached ();
    }
}

void
xq_worksheet_dialog_get_options (XqWorksheetDialog *self, int *per_page, XqWorksheetDialogKey *key,
                                 XqNotation *notation)
{
  guint l, k, n;

  g_return_if_fail (XQ_IS_WORKSHEET_DIALOG (self));
  l = MIN (adw_combo_row_get_selected (self->layout_row), G_N_ELEMENTS (layouts) - 1);
  k = MIN (adw_combo_row_get_selected (self->key_row), (guint) XQ_WORKSHEET_DIALOG_KEY_SEPARATE);
  n = MIN (adw_combo_row_get_selected (self->notation_row), G_N_ELEMENTS (notations) - 1);
  if (per_page != NULL)
    *per_page = layouts[l];
  if (key != NULL)
    *key = (XqWorksheetDialogKey) k;
  if (notation != NULL)
    *notation = n == 0 ? self->chinese : notations[n];
}

char *
xq_worksheet_dialog_key_path (const char *path)
{
  g_autofree char *lower = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  lower = g_ascii_strdown (path, -1);
  if (g_str_has_suffix (lower, ".pdf"))
    return g_strdup_printf ("%.*s-key.pdf", (int) (strlen (path) - 4), path);
  return g_strconcat (path, "-key.pdf", NULL);
}

const char *
xq_worksheet_dialog_get_status (XqWorksheetDialog *self)
{
  g_return_val_if_fail (XQ_IS_WORKSHEET_DIALOG (self), NULL);
  return gtk_label_get_text (self->status);
}

static void
set_status (XqWorksheetDialog *self, const char *text, gboolean error)
{
  gtk_label_set_text (self->status, text);
  if (error)
    gtk_widget_add_css_class (GTK_WIDGET (self->status), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->status), "error");
}

static void
set_busy (XqWorksheetDialog *self, gboolean busy)
{
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), busy);
  gtk_spinner_set_spinning (self->spinner, busy);
  gtk_widget_set_sensitive (self->print_button, !busy);
  gtk_widget_set_sensitive (self->export_button, !busy);
  if (busy)
    set_status (self, _("Making the worksheet…"), FALSE);
}

/* ---- The job ---------------------------------------------------------------------- */

static XqTeachWork *
new_work (XqWorksheetDialog *self, XqTeachJob kind, const char *path)
{
  XqTeachWork *work = xq_teach_work_new (kind, NULL, self->unit_path, self->title, path);
  XqWorksheetDialogKey key;

  xq_worksheet_dialog_get_options (self, &work->layout, &key, &work->notation);
  switch (key)
    {
    case XQ_WORKSHEET_DIALOG_KEY_AFTER:
      work->key = XQ_WORKSHEET_KEY_AFTER;
      break;
    case XQ_WORKSHEET_DIALOG_KEY_NONE:
      work->key = XQ_WORKSHEET_KEY_NONE;
      break;
    case XQ_WORKSHEET_DIALOG_KEY_ONLY:
      work->key = XQ_WORKSHEET_KEY_ONLY;
      break;
    case XQ_WORKSHEET_DIALOG_KEY_SEPARATE:
      /* On paper the key's pages are separate anyway: printed after. */
      work->key = XQ_WORKSHEET_KEY_AFTER;
      if (path != NULL)
        work->key_path = xq_worksheet_dialog_key_path (path);
      break;
    default:
      g_assert_not_reached ();
    }
  return work;
}

static void
work_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  GError *error = NULL;

  if (xq_teach_work_run (data, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
run_work (XqWorksheetDialog *self, XqTeachWork *work, GCancellable *cancellable, GAsyncReadyCallback callback,
          gpointer user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, xq_worksheet_dialog_export_async);
  g_task_set_task_data (task, work, (GDestroyNotify) xq_teach_work_free);
  set_busy (self, TRUE);
  g_task_run_in_thread (task, work_thread);
}

static gboolean
work_finish (XqWorksheetDialog *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  set_busy (self, FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

void
xq_worksheet_dialog_export_async (XqWorksheetDialog *self, const char *path, GCancellable *cancellable,
                                  GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (XQ_IS_WORKSHEET_DIALOG (self));
  g_return_if_fail (path != NULL);
  run_work (self, new_work (self, XQ_TEACH_JOB_EXPORT_PDF, path), cancellable, callback, user_data);
}

gboolean
xq_worksheet_dialog_export_finish (XqWorksheetDialog *self, GAsyncResult *result, GError **error)
{
  XqTeachWork *work;
  g_autofree char *text = NULL;
  g_autoptr(GError) local = NULL;

  work = g_task_get_task_data (G_TASK (result));
  if (!work_finish (self, result, &local))
    {
      set_status (self, local->message, TRUE);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  if (work->key_path != NULL)
    /* Translators: after exporting a worksheet with its key in another file. */
    text = g_strdup_printf (_("Saved the worksheet as %s and its key as %s"), work->path, work->key_path);
  else
    text = g_strdup_printf (_("Saved the worksheet as %s"), work->path);
  set_status (self, text, FALSE);
  return TRUE;
}

/* ---- Printing --------------------------------------------------------------------- */

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

void
xq_worksheet_print (GtkWindow *parent, XqWorksheet *sheet, const char *job_name, GError **error)
{
  g_autoptr(GtkPrintOperation) op = gtk_print_operation_new ();
  g_autoptr(GtkPageSetup) setup = gtk_page_setup_new ();
  g_autoptr(GtkPaperSize) a4 = gtk_paper_size_new (GTK_PAPER_NAME_A4);

  g_return_if_fail (sheet != NULL);
  gtk_page_setup_set_paper_size (setup, a4);
  gtk_print_operation_set_default_page_setup (op, setup);
  gtk_print_operation_set_n_pages (op, xq_worksheet_count_pages (sheet));
  gtk_print_operation_set_job_name (op, job_name != NULL ? job_name : _("Worksheet"));
  g_signal_connect_data (op, "draw-page", G_CALLBACK (draw_page_cb), sheet,
                         (GClosureNotify) (void (*) (void)) xq_worksheet_free, 0);
  gtk_print_operation_run (op, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, parent, error);
}

static void
printed_sheet_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  XqWorksheetDialog *self = XQ_WORKSHEET_DIALOG (source);
  XqTeachWork *work = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;

  g_clear_object (&self->job);
  if (!work_finish (self, result, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        set_status (self, error->message, TRUE);
      return;
    }
  set_status (self, "", FALSE);
  xq_worksheet_print (GTK_WINDOW (self), g_steal_pointer (&work->sheet), self->title, &error);
  if (error != NULL)
    set_status (self, error->message, TRUE);
}

static void
print_cb (XqWorksheetDialog *self)
{
  if (self->job != NULL)
    return;
  self->job = g_cancellable_new ();
  run_work (self, new_work (self, XQ_TEACH_JOB_WORKSHEET, NULL), self->job, printed_sheet_cb, NULL);
}

/* ---- Exporting -------------------------------------------------------------------- */

static void
exported_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  XqWorksheetDialog *self = XQ_WORKSHEET_DIALOG (source);

  g_clear_object (&self->job);
  xq_worksheet_dialog_export_finish (self, result, NULL);
}

static void
file_chosen_cb (GtkNativeDialog *chooser, int response, XqWorksheetDialog *self)
{
  if (response == GTK_RESPONSE_ACCEPT && self->job == NULL)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;

      if (path != NULL)
        {
          self->job = g_cancellable_new ();
          xq_worksheet_dialog_export_async (self, path, self->job, exported_cb, NULL);
        }
    }
  g_object_unref (chooser);
}

static void
export_cb (XqWorksheetDialog *self)
{
  GtkFileChooserNative *chooser =
    gtk_file_chooser_native_new (_("Export a Worksheet"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                 _("_Save"), _("_Cancel"));
  g_autofree char *base = g_path_get_basename (self->unit_path);
  g_autofree char *name = NULL;
  char *dot = strrchr (base, '.');

  if (dot != NULL)
    *dot = '\0';
  name = g_strconcat (base, ".pdf", NULL);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_signal_connect (chooser, "response", G_CALLBACK (file_chosen_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* ---- GObject ---------------------------------------------------------------------- */

static void
xq_worksheet_dialog_dispose (GObject *object)
{
  XqWorksheetDialog *self = XQ_WORKSHEET_DIALOG (object);

  if (self->job != NULL)
    g_cancellable_cancel (self->job);
  g_clear_object (&self->job);
  gtk_widget_dispose_template (GTK_WIDGET (object), XQ_TYPE_WORKSHEET_DIALOG);
  G_OBJECT_CLASS (xq_worksheet_dialog_parent_class)->dispose (object);
}

static void
xq_worksheet_dialog_finalize (GObject *object)
{
  XqWorksheetDialog *self = XQ_WORKSHEET_DIALOG (object);

  g_free (self->unit_path);
  g_free (self->title);
  G_OBJECT_CLASS (xq_worksheet_dialog_parent_class)->finalize (object);
}

static void
xq_worksheet_dialog_class_init (XqWorksheetDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_worksheet_dialog_dispose;
  object_class->finalize = xq_worksheet_dialog_finalize;
  gtk_widget_class_set_template_from_resource (widget_class, APP_PATH "/ui/xq-worksheet-dialog.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, XqWorksheetDialog, name)
  BIND (layout_row); BIND (key_row); BIND (notation_row); BIND (status); BIND (spinner);
  BIND (print_button); BIND (export_button);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, print_cb);
  gtk_widget_class_bind_template_callback (widget_class, export_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
xq_worksheet_dialog_init (XqWorksheetDialog *self)
{
  XqNotation def = xq_answer_default_notation ();

  gtk_widget_init_template (GTK_WIDGET (self));
  xq_answer_notation_from_name ("chinese", &self->chinese);
  xq_worksheet_dialog_set_options (self, XQ_WORKSHEET_COLUMNS * XQ_WORKSHEET_ROWS, XQ_WORKSHEET_DIALOG_KEY_AFTER,
                                   def);
}

XqWorksheetDialog *
xq_worksheet_dialog_new (GtkWindow *parent, const char *unit_path, const char *title)
{
  XqWorksheetDialog *self;

  g_return_val_if_fail (unit_path != NULL, NULL);
  self = g_object_new (XQ_TYPE_WORKSHEET_DIALOG, "transient-for", parent, NULL);
  self->unit_path = g_strdup (unit_path);
  self->title = g_strdup (title);
  return self;
}

XqWorksheetDialog *
xq_worksheet_dialog_open (GtkWidget *widget, const char *unit_path, const char *title)
{
  GtkRoot *root = widget != NULL ? gtk_widget_get_root (widget) : NULL;
  XqWorksheetDialog *self = xq_worksheet_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                                     unit_path, title);

  gtk_window_present (GTK_WINDOW (self));
  return self;
}
