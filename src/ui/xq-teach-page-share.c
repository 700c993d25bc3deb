/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Teach page's Print and Share menu: worksheets and PDFs (the
 * worksheet dialog), packs exported and imported, games imported — the
 * slow ones as jobs in a worker (xq-teach-work.c) with a Stop button. */
#define G_LOG_DOMAIN "xq-teach-page"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n-lib.h>

#include "xq-pack.h"
#include "xq-teach-page-private.h"
#include "xq-teach-work.h"
#include "xq-unit-store.h"
#include "xq-worksheet-dialog.h"

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
    XqTeachWork *work = xq_teach_work_new (kind, self->units_dir, unit_path, xq_teach_page_unit_title (self), path);

    work->units = g_strdupv (self->export_units);
    work->author = g_strdup (self->author);
    work->replace = self->replace;
    if (kind == XQ_TEACH_JOB_IMPORT_GAMES)
      {
        work->import_paths = g_steal_pointer (&self->import_paths);
        work->import_name = g_steal_pointer (&self->import_name);
      }
    g_task_set_task_data (task, work, (GDestroyNotify) xq_teach_work_free);
  }
  if (kind == XQ_TEACH_JOB_IMPORT_GAMES)
    xq_teach_page_watch_import (self, task);
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
  if (job->kind == XQ_TEACH_JOB_IMPORT_GAMES)
    xq_teach_page_unwatch_import (self);
  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;
  if (job->kind == XQ_TEACH_JOB_IMPORT_PACK || job->kind == XQ_TEACH_JOB_IMPORT_GAMES)
    xq_teach_page_load_unit (self);
  return TRUE;
}

/* ---- Jobs from the buttons --------------------------------------------------- */


static void
set_busy (XqTeachPage *self, const char *text)
{
  gboolean busy = text != NULL;

  /* An import of games shows its progress bar instead. */
  gtk_widget_set_visible (GTK_WIDGET (self->job_spinner), busy && self->import_task == NULL);
  gtk_spinner_set_spinning (self->job_spinner, busy);
  gtk_widget_set_visible (self->job_cancel, busy && self->import_task == NULL);
  gtk_widget_set_sensitive (self->share_menu, !busy);
  if (busy)
    xq_teach_page_set_status (self, text, FALSE);
}

#define start_job xq_teach_page_start_job

static void
replace_response_cb (AdwMessageDialog *dialog, const char *response, XqTeachPage *self)
{
  g_autofree char *path = g_steal_pointer (&self->import_path);

  if (g_strcmp0 (response, "replace") != 0 || path == NULL)
    {
      xq_teach_page_set_status (self, _("Nothing was imported."), FALSE);
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
      xq_teach_page_set_status (self, error->message, FALSE);
      ask_replace (self, job->path, error->message);
      return;
    }
  if (!ok && !(job->kind == XQ_TEACH_JOB_IMPORT_GAMES && job->report != NULL &&
               !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)))
    {
      xq_teach_page_set_status (self, g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
                          ? _("Stopped; nothing was changed.") : error->message,
                  !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED));
      return;
    }
  switch (job->kind)
    {
    case XQ_TEACH_JOB_IMPORT_GAMES:
      xq_teach_page_show_import (self, job, error);
      break;
    case XQ_TEACH_JOB_IMPORT_PACK:
      {
        g_autoptr(GString) text = g_string_new (NULL);
        for (guint i = 0; job->import != NULL && i < job->import->lines->len; i++)
          g_string_append_printf (text, "%s%s", i ? " " : "", (const char *) g_ptr_array_index (job->import->lines, i));
        xq_teach_page_set_status (self, text->str, FALSE);
      }
      break;
    case XQ_TEACH_JOB_EXPORT_PACK:
      {
        g_autofree char *text = g_strdup_printf (_("Done: %s"), job->path);
        xq_teach_page_set_status (self, text, FALSE);
      }
      break;
    case XQ_TEACH_JOB_EXPORT_PDF:
    case XQ_TEACH_JOB_WORKSHEET:
      /* Only the worksheet dialog runs these (xq-worksheet-dialog.c). */
      g_warn_if_reached ();
      break;
    }
}

void
xq_teach_page_start_job (XqTeachPage *self, XqTeachJob kind, const char *path)
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
      /* Only the worksheet dialog runs these (xq-worksheet-dialog.c). */
      g_return_if_reached ();
    }
  if (self->job != NULL)
    return;
  self->job = g_cancellable_new ();
  xq_teach_page_run_job_async (self, kind, path, self->job, job_done_cb, NULL);
  set_busy (self, busy);
}

static void
job_cancel_cb (XqTeachPage *self)
{
  if (self->job != NULL)
    {
      g_cancellable_cancel (self->job);
      xq_teach_page_set_status (self, _("Stopping…"), FALSE);
    }
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
        xq_teach_page_set_status (self, error->message, TRUE);
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
  xq_worksheet_dialog_open (GTK_WIDGET (self), path, xq_teach_page_unit_title (self));
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
  GPtrArray *units = xq_unit_list_get_units (self->unit_list);
  guint i = 0;

  if (g_strcmp0 (response, "export") != 0)
    return;
  for (GtkWidget *c = gtk_widget_get_first_child (checks); c != NULL; c = gtk_widget_get_next_sibling (c), i++)
    if (gtk_check_button_get_active (GTK_CHECK_BUTTON (c)) && i < units->len)
      g_ptr_array_add (chosen, ((XqUnitInfo *) g_ptr_array_index (units, i))->path);
  if (chosen->len == 0)
    {
      xq_teach_page_set_status (self, _("Choose at least one unit to export."), TRUE);
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
  GPtrArray *units;

  gtk_popover_popdown (self->share_popover);
  xq_unit_list_refresh (self->unit_list);
  units = xq_unit_list_get_units (self->unit_list);
  if (units->len == 0)
    {
      xq_teach_page_set_status (self, _("There is no unit to export yet."), TRUE);
      return;
    }
  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   _("Export a Lesson Pack"), _("Choose the units to share."));
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  checks = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  for (guint i = 0; i < units->len; i++)
    {
      const XqUnitInfo *u = g_ptr_array_index (units, i);
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

static void
import_games_cb (XqTeachPage *self)
{
  gtk_popover_popdown (self->share_popover);
  xq_teach_page_import_dialog (self);
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


void
xq_teach_page_class_init_share (GtkWidgetClass *widget_class)
{
#define CALLBACK(name) gtk_widget_class_bind_template_callback (widget_class, name)
  CALLBACK (print_cb); CALLBACK (pdf_cb); CALLBACK (export_pack_cb); CALLBACK (import_pack_cb);
  CALLBACK (import_games_cb); CALLBACK (open_draft_cb); CALLBACK (job_cancel_cb);
#undef CALLBACK
}
