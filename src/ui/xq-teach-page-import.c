/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Teach page's Import Games: many game files or a whole folder become
 * one unit the teacher names, read in a worker (xq-teach-work.c) with a
 * progress bar and Stop; then a summary grouped by cause, the skipped
 * records behind Details (docs/import.md). */
#define G_LOG_DOMAIN "xq-teach-page"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n-lib.h>

#include "xq-lesson.h"
#include "xq-teach-page-private.h"
#include "xq-teach-work.h"
#include "xq-unit-store.h"

/* ---- Progress ---------------------------------------------------------------------- */

/* The worker writes how far it is into the job (atomically); the page
 * looks ten times a second.  The task is kept alive meanwhile. */
static gboolean
progress_tick_cb (gpointer data)
{
  XqTeachPage *self = data;
  XqTeachWork *job;
  int done, total;
  double part;

  if (self->import_task == NULL)
    {
      self->progress_tick = 0;
      return G_SOURCE_REMOVE;
    }
  job = g_task_get_task_data (self->import_task);
  total = g_atomic_int_get (&job->n_files);
  done = g_atomic_int_get (&job->files_done);
  if (total <= 0)
    {
      gtk_progress_bar_set_text (self->job_progress, _("Looking for game files…"));
      gtk_progress_bar_pulse (self->job_progress);
    }
  else
    {
      int record = g_atomic_int_get (&job->record);
      int n_records = g_atomic_int_get (&job->n_records);
      g_autofree char *text = NULL;

      if (record > 0 && n_records > 1)
        /* TRANSLATORS: on the progress bar of an import of games: a file
         * may hold many games (a PGN collection, a 象棋桥 library), each
         * proved in turn. */
        text = g_strdup_printf (_("File %d of %d, game %d of %d"), MIN (done + 1, total), total, record, n_records);
      else if (record > 0)
        /* TRANSLATORS: on the progress bar of an import of games; a file
         * may hold many games (a PGN collection, a 象棋桥 library). */
        text = g_strdup_printf (_("File %d of %d, game %d"), MIN (done + 1, total), total, record);
      else
        text = g_strdup_printf (_("File %d of %d"), MIN (done + 1, total), total);
      /* The bar moves with every game of a large file, not only with the
       * files. */
      part = n_records > 0 ? CLAMP ((double) record / n_records, 0.0, 1.0) : 0.0;
      gtk_progress_bar_set_text (self->job_progress, text);
      gtk_progress_bar_set_fraction (self->job_progress, MIN (1.0, (done + part) / total));
    }
  return G_SOURCE_CONTINUE;
}

void
xq_teach_page_watch_import (XqTeachPage *self, GTask *task)
{
  xq_teach_page_unwatch_import (self);
  self->import_task = g_object_ref (task);
  gtk_progress_bar_set_fraction (self->job_progress, 0);
  gtk_widget_set_visible (self->import_bar, TRUE);
  g_clear_pointer (&self->import_summary, g_free);
  g_clear_pointer (&self->import_details, g_free);
  progress_tick_cb (self);
  self->progress_tick = g_timeout_add (100, progress_tick_cb, self);
}

void
xq_teach_page_unwatch_import (XqTeachPage *self)
{
  g_clear_handle_id (&self->progress_tick, g_source_remove);
  g_clear_object (&self->import_task);
  if (self->import_bar != NULL)
    gtk_widget_set_visible (self->import_bar, FALSE);
}

/* ---- The result ---------------------------------------------------------------------- */

/* The summary grouped by cause, and behind Details one line per skipped
 * record; the new unit opens on the page. */
void
xq_teach_page_show_import (XqTeachPage *self, XqTeachWork *job, const GError *error)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autofree char *status = xq_teach_work_describe_import (job->report, error);
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  g_free (self->import_summary);
  self->import_summary = xq_import_report_summary (job->report);
  g_free (self->import_details);
  self->import_details = xq_teach_work_import_details (job->report, (const char *const *) job->import_paths);
  if (error == NULL && job->out_path != NULL)
    {
      g_autoptr(JsonObject) unit = xq_unit_store_read (job->out_path, NULL);

      if (unit != NULL)
        xq_teach_page_set_unit (self, json_object_get_string_member_with_default (unit, "id", NULL),
                                json_object_get_string_member_with_default (unit, "title", NULL));
    }
  xq_teach_page_set_status (self, status, error != NULL);
  if (!GTK_IS_WINDOW (root))
    return;
  body = g_strdup_printf ("%s\n\n%s", self->import_summary, status);
  dialog = adw_message_dialog_new (GTK_WINDOW (root), error != NULL ? _("Nothing Imported") : _("Games Imported"),
                                   body);
  if (*self->import_details != '\0')
    {
      GtkWidget *expander = gtk_expander_new_with_mnemonic (_("_Details: the skipped records, by file"));
      GtkWidget *scroller = gtk_scrolled_window_new ();
      GtkWidget *label = gtk_label_new (NULL);
      g_auto(GStrv) lines = g_strsplit (self->import_details, "\n", -1);
      g_autoptr(GString) markup = g_string_new (NULL);

      /* The groups' headings in bold. */
      for (guint i = 0; lines[i] != NULL; i++)
        {
          g_autofree char *escaped = g_markup_escape_text (lines[i], -1);

          if (i > 0)
            g_string_append_c (markup, '\n');
          if (*lines[i] != '\0' && !g_str_has_prefix (lines[i], "• "))
            g_string_append_printf (markup, "<b>%s</b>", escaped);
          else
            g_string_append (markup, escaped);
        }
      gtk_label_set_markup (GTK_LABEL (label), markup->str);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_yalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_selectable (GTK_LABEL (label), TRUE);
      gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
      gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 260);
      /* Wider than the dialog's text, for lines of file, place and reason. */
      gtk_widget_set_size_request (scroller, 520, -1);
      gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
      gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), label);
      gtk_expander_set_child (GTK_EXPANDER (expander), scroller);
      adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), expander);
    }
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ---- Starting one ---------------------------------------------------------------------- */

void
xq_teach_page_import_games (XqTeachPage *self, const char *const *paths, const char *name)
{
  g_return_if_fail (XQ_IS_TEACH_PAGE (self));
  g_return_if_fail (paths != NULL && paths[0] != NULL);
  if (self->job != NULL)
    return;
  g_strfreev (self->import_paths);
  self->import_paths = g_strdupv ((char **) paths);
  g_free (self->import_name);
  self->import_name = name != NULL && *name != '\0' ? g_strdup (name) : NULL;
  xq_teach_page_start_job (self, XQ_TEACH_JOB_IMPORT_GAMES, paths[0]);
}

gboolean
xq_teach_page_is_busy (XqTeachPage *self)
{
  g_return_val_if_fail (XQ_IS_TEACH_PAGE (self), FALSE);
  return self->job != NULL;
}

const char *
xq_teach_page_get_import_summary (XqTeachPage *self)
{
  g_return_val_if_fail (XQ_IS_TEACH_PAGE (self), NULL);
  return self->import_summary;
}

const char *
xq_teach_page_get_import_details (XqTeachPage *self)
{
  g_return_val_if_fail (XQ_IS_TEACH_PAGE (self), NULL);
  return self->import_details;
}

GtkWidget *
xq_teach_page_get_stop_button (XqTeachPage *self)
{
  g_return_val_if_fail (XQ_IS_TEACH_PAGE (self), NULL);
  return self->import_stop;
}

GtkWidget *
xq_teach_page_get_job_progress (XqTeachPage *self)
{
  g_return_val_if_fail (XQ_IS_TEACH_PAGE (self), NULL);
  return self->import_bar;
}

/* ---- The dialog ---------------------------------------------------------------------- */

/* What the dialog holds: the paths chosen, and whether the teacher typed
 * the name (then choosing files no longer changes it). */
typedef struct {
  XqTeachPage *page;
  GtkWidget   *dialog;
  GtkWidget   *name;
  GtkWidget   *chosen;
  char       **paths;
  gboolean     name_typed;
  gboolean     setting_name;
} ImportDialog;

static void
import_dialog_free (ImportDialog *d)
{
  g_strfreev (d->paths);
  g_free (d);
}

static void
set_paths (ImportDialog *d, char **paths, gboolean folder)
{
  g_autofree char *base = NULL;
  g_autofree char *text = NULL;
  guint n = g_strv_length (paths);

  g_strfreev (d->paths);
  d->paths = paths;
  base = g_path_get_basename (paths[0]);
  if (folder)
    /* TRANSLATORS: what an import of games will read. */
    text = g_strdup_printf (_("The folder “%s” and its subfolders: every XQF, PGN and 象棋桥 file in them"), base);
  else if (n == 1)
    text = g_strdup_printf (_("The file “%s”"), base);
  else
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "“%s” and %u more file", "“%s” and %u more files", n - 1),
                            base, n - 1);
  gtk_label_set_text (GTK_LABEL (d->chosen), text);
  if (!d->name_typed)
    {
      g_autofree char *name = xq_teach_work_default_name ((const char *const *) paths);

      d->setting_name = TRUE;
      gtk_editable_set_text (GTK_EDITABLE (d->name), name);
      d->setting_name = FALSE;
    }
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (d->dialog), "import", TRUE);
}

static void
name_changed_cb (GtkEditable *entry, ImportDialog *d)
{
  if (!d->setting_name)
    d->name_typed = *gtk_editable_get_text (entry) != '\0';
}

static void
chooser_response_cb (GtkNativeDialog *chooser, int response, ImportDialog *d)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GListModel) files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (chooser));
      g_autoptr(GPtrArray) paths = g_ptr_array_new ();
      gboolean folder = gtk_file_chooser_get_action (GTK_FILE_CHOOSER (chooser)) == GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER;

      for (guint i = 0; i < g_list_model_get_n_items (files); i++)
        {
          g_autoptr(GFile) file = g_list_model_get_item (files, i);
          char *path = g_file_get_path (file);

          if (path != NULL)
            g_ptr_array_add (paths, path);
        }
      if (paths->len > 0)
        {
          g_ptr_array_add (paths, NULL);
          set_paths (d, (char **) g_ptr_array_free (g_steal_pointer (&paths), FALSE), folder);
        }
    }
  g_object_unref (chooser);
}

static void
choose (ImportDialog *d, gboolean folder)
{
  GtkFileChooserNative *chooser =
    gtk_file_chooser_native_new (folder ? _("Choose a Folder of Games") : _("Choose Game Files"),
                                 GTK_WINDOW (d->dialog),
                                 folder ? GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER : GTK_FILE_CHOOSER_ACTION_OPEN,
                                 _("_Choose"), _("_Cancel"));

  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  if (!folder)
    {
      g_autoptr(GtkFileFilter) games = gtk_file_filter_new ();
      g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();
      static const char *const suffixes[] = { "xqf", "pgn", "cbr", "cbl", "cbf", "txt", "htm", "html" };

      gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (chooser), TRUE);
      gtk_file_filter_set_name (games, _("Game files (XQF, PGN, DhtmlXQ, 象棋桥)"));
      for (gsize i = 0; i < G_N_ELEMENTS (suffixes); i++)
        gtk_file_filter_add_suffix (games, suffixes[i]);
      gtk_file_filter_set_name (all, _("All files"));
      gtk_file_filter_add_pattern (all, "*");
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), games);
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), all);
    }
  g_signal_connect (chooser, "response", G_CALLBACK (chooser_response_cb), d);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
choose_files_cb (GtkButton *button, ImportDialog *d)
{
  choose (d, FALSE);
}

static void
choose_folder_cb (GtkButton *button, ImportDialog *d)
{
  choose (d, TRUE);
}

static void
import_response_cb (AdwMessageDialog *dialog, const char *response, ImportDialog *d)
{
  if (g_strcmp0 (response, "import") == 0 && d->paths != NULL)
    xq_teach_page_import_games (d->page, (const char *const *) d->paths,
                                gtk_editable_get_text (GTK_EDITABLE (d->name)));
}

void
xq_teach_page_import_dialog (XqTeachPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  ImportDialog *d = g_new0 (ImportDialog, 1);
  GtkWidget *box, *buttons, *files, *folder, *label;

  d->page = self;
  d->dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, _("Import Games"),
                                      _("Choose game files or a whole folder. Every position that is a forced "
                                        "mate, and the finish of every game that ends in mate, go into one "
                                        "new unit."));
  g_object_set_data_full (G_OBJECT (d->dialog), "import-dialog", d, (GDestroyNotify) import_dialog_free);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_halign (buttons, GTK_ALIGN_CENTER);
  files = gtk_button_new_with_mnemonic (_("Choose _Files…"));
  folder = gtk_button_new_with_mnemonic (_("Choose a F_older…"));
  gtk_box_append (GTK_BOX (buttons), files);
  gtk_box_append (GTK_BOX (buttons), folder);
  gtk_box_append (GTK_BOX (box), buttons);
  d->chosen = gtk_label_new (_("Nothing chosen yet."));
  gtk_label_set_wrap (GTK_LABEL (d->chosen), TRUE);
  gtk_label_set_justify (GTK_LABEL (d->chosen), GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (d->chosen, "dim-label");
  gtk_box_append (GTK_BOX (box), d->chosen);
  label = gtk_label_new_with_mnemonic (_("Unit _name"));
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "caption-heading");
  gtk_widget_set_margin_top (label, 6);
  d->name = gtk_entry_new ();
  gtk_entry_set_max_length (GTK_ENTRY (d->name), XQ_LESSON_MAX_TITLE);
  gtk_entry_set_activates_default (GTK_ENTRY (d->name), TRUE);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), d->name);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), d->name);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (d->dialog), box);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (d->dialog), "cancel", _("_Cancel"),
                                    "import", _("_Import"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (d->dialog), "import", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (d->dialog), "import", FALSE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (d->dialog), "import");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (d->dialog), "cancel");
  g_signal_connect (files, "clicked", G_CALLBACK (choose_files_cb), d);
  g_signal_connect (folder, "clicked", G_CALLBACK (choose_folder_cb), d);
  g_signal_connect (d->name, "changed", G_CALLBACK (name_changed_cb), d);
  g_signal_connect (d->dialog, "response", G_CALLBACK (import_response_cb), d);
  gtk_window_present (GTK_WINDOW (d->dialog));
}

