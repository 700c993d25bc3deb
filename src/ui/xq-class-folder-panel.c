/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-class-folder-panel"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-class-folder.h"
#include "xq-class-folder-panel.h"

typedef enum {
  JOB_CREATE,
  JOB_JOIN,
  JOB_SYNC,
} Job;

struct _XqClassFolderPanel
{
  GtkWidget        parent_instance;

  GtkWidget       *box;
  GtkWidget       *status_label;
  GtkWidget       *messages_label;
  GtkWidget       *spinner;
  GtkWidget       *new_box;
  GtkWidget       *name_entry;
  GtkWidget       *create_button;
  GtkWidget       *join_folder_button;
  GtkWidget       *join_file_button;
  GtkWidget       *joined_box;
  GtkWidget       *sync_button;
  GtkWidget       *leave_button;

  XqProgressStore *store;
  GCancellable    *cancellable;
  guint            timer;
  gboolean         busy;
};

G_DEFINE_FINAL_TYPE (XqClassFolderPanel, xq_class_folder_panel, GTK_TYPE_WIDGET)

enum {
  SYNCED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

typedef struct {
  Job                 job;
  char               *dir;
  GFile              *target;
  char               *name;
  XqClassSyncReport  *report;
  char               *done;       /* what a create or join did, translated */
} Work;

static void
work_free (Work *w)
{
  g_free (w->dir);
  g_clear_object (&w->target);
  g_free (w->name);
  g_clear_pointer (&w->report, xq_class_sync_report_free);
  g_free (w->done);
  g_free (w);
}

/* ---- The worker thread: nothing here touches a widget -------------------------- */

static void
work_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Work *w = data;
  g_autoptr(XqProgressStore) store = xq_progress_store_new (w->dir);
  g_autoptr(GError) error = NULL;

  if (w->job == JOB_CREATE)
    {
      g_autoptr(XqClassInfo) info = xq_class_folder_create (w->target, w->name, cancellable, &error);
      g_autoptr(GFile) class_file = NULL;
      g_autofree char *where = NULL;

      if (info == NULL)
        {
          g_task_return_error (task, g_steal_pointer (&error));
          return;
        }
      class_file = g_file_get_child (w->target, XQ_CLASS_FILE_NAME);
      where = g_file_get_parse_name (class_file);
      /* Translators: %s is a class's name, then a file's place */
      w->done = g_strdup_printf (_("The class “%s” was created. To join it, other computers choose its "
                                   "folder or open its class file, %s."), info->name, where);
    }
  if (w->job == JOB_CREATE || w->job == JOB_JOIN)
    {
      g_autoptr(XqClassState) state = xq_class_join (store, w->target, cancellable, &error);

      if (state == NULL)
        {
          g_task_return_error (task, g_steal_pointer (&error));
          return;
        }
      if (w->done == NULL)
        /* Translators: %s is a class's name */
        w->done = g_strdup_printf (_("This computer joined the class “%s”."), state->name);
    }
  w->report = xq_class_sync (store, NULL, cancellable, &error);
  if (w->report == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  g_task_return_boolean (task, TRUE);
}

/* ---- What is shown ------------------------------------------------------------ */

static void
update (XqClassFolderPanel *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqClassState) state = self->store ? xq_class_state_load (self->store, &error) : NULL;
  g_autofree char *text = NULL;

  if (state != NULL)
    text = xq_class_state_describe (state);
  else if (error != NULL)
    text = g_strdup (error->message);
  else
    text = g_strdup (_("This computer is in no class folder. A class folder lets the computers of a class "
                       "share their learners’ work: on the school’s server, a USB stick or a folder here."));
  gtk_label_set_text (GTK_LABEL (self->status_label), text);
  gtk_widget_set_visible (self->new_box, state == NULL);
  gtk_widget_set_visible (self->joined_box, state != NULL);
  gtk_widget_set_sensitive (self->box, self->store != NULL);
  gtk_widget_set_sensitive (self->new_box, !self->busy);
  gtk_widget_set_sensitive (self->sync_button, !self->busy);
  gtk_widget_set_sensitive (self->leave_button, !self->busy);
  gtk_widget_set_sensitive (self->create_button,
                            !self->busy && *gtk_editable_get_text (GTK_EDITABLE (self->name_entry)) != '\0');
  gtk_widget_set_visible (self->spinner, self->busy);
  gtk_spinner_set_spinning (GTK_SPINNER (self->spinner), self->busy);
}

static void
set_messages (XqClassFolderPanel *self, const char *text)
{
  gtk_label_set_text (GTK_LABEL (self->messages_label), text ? text : "");
  gtk_widget_set_visible (self->messages_label, text != NULL && *text != '\0');
}

static void
work_done (GObject *source, GAsyncResult *result, gpointer data)
{
  XqClassFolderPanel *self = XQ_CLASS_FOLDER_PANEL (source);
  Work *w = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) text = g_string_new (NULL);

  if (!g_task_propagate_boolean (G_TASK (result), &error) &&
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self->busy = FALSE;
  if (w->done != NULL)
    g_string_append (text, w->done);
  if (error != NULL)
    g_string_append_printf (text, "%s%s", text->len ? "\n" : "", error->message);
  if (w->report != NULL)
    {
      for (guint i = 0; i < w->report->messages->len; i++)
        g_string_append_printf (text, "%s%s", text->len ? "\n" : "",
                                (const char *) g_ptr_array_index (w->report->messages, i));
      if (w->report->n_units > 0)
        {
          /* Translators: units copied from the class folder by a sync */
          g_autofree char *units = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u unit of the class came to this computer.",
                                                              "%u units of the class came to this computer.",
                                                              w->report->n_units), w->report->n_units);
          g_string_append_printf (text, "%s%s", text->len ? "\n" : "", units);
        }
    }
  set_messages (self, text->str);
  update (self);
  g_signal_emit (self, signals[SYNCED], 0);
}

static gboolean
start (XqClassFolderPanel *self, Job job, GFile *target, const char *name)
{
  g_autoptr(GTask) task = NULL;
  Work *w;

  if (self->busy || self->store == NULL)
    return FALSE;
  w = g_new0 (Work, 1);
  w->job = job;
  w->dir = g_strdup (xq_progress_store_get_dir (self->store));
  w->target = target ? g_object_ref (target) : NULL;
  w->name = g_strdup (name);
  task = g_task_new (self, self->cancellable, work_done, NULL);
  g_task_set_task_data (task, w, (GDestroyNotify) work_free);
  self->busy = TRUE;
  update (self);
  g_task_run_in_thread (task, work_thread);
  return TRUE;
}

void
xq_class_folder_panel_create_in (XqClassFolderPanel *self, GFile *folder, const char *name)
{
  g_return_if_fail (XQ_IS_CLASS_FOLDER_PANEL (self) && G_IS_FILE (folder) && name != NULL);
  start (self, JOB_CREATE, folder, name);
}

void
xq_class_folder_panel_join (XqClassFolderPanel *self, GFile *folder_or_file)
{
  g_return_if_fail (XQ_IS_CLASS_FOLDER_PANEL (self) && G_IS_FILE (folder_or_file));
  start (self, JOB_JOIN, folder_or_file, NULL);
}

gboolean
xq_class_folder_panel_sync (XqClassFolderPanel *self)
{
  g_autoptr(XqClassState) state = NULL;

  g_return_val_if_fail (XQ_IS_CLASS_FOLDER_PANEL (self), FALSE);
  if (self->store == NULL || (state = xq_class_state_load (self->store, NULL)) == NULL)
    return FALSE;
  return start (self, JOB_SYNC, NULL, NULL);
}

gboolean
xq_class_folder_panel_get_busy (XqClassFolderPanel *self)
{
  g_return_val_if_fail (XQ_IS_CLASS_FOLDER_PANEL (self), FALSE);
  return self->busy;
}

const char *
xq_class_folder_panel_get_status_text (XqClassFolderPanel *self)
{
  g_return_val_if_fail (XQ_IS_CLASS_FOLDER_PANEL (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->status_label));
}

const char *
xq_class_folder_panel_get_messages_text (XqClassFolderPanel *self)
{
  g_return_val_if_fail (XQ_IS_CLASS_FOLDER_PANEL (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->messages_label));
}

static gboolean
timer_cb (gpointer data)
{
  xq_class_folder_panel_sync (XQ_CLASS_FOLDER_PANEL (data));
  return G_SOURCE_CONTINUE;
}

void
xq_class_folder_panel_set_store (XqClassFolderPanel *self, XqProgressStore *store)
{
  g_return_if_fail (XQ_IS_CLASS_FOLDER_PANEL (self));
  if (self->store == store)
    return;
  self->store = store;
  update (self);
  if (store != NULL)
    xq_class_folder_panel_sync (self);
}

/* ---- The buttons --------------------------------------------------------------- */

static void
chosen_cb (GtkNativeDialog *native, int response, XqClassFolderPanel *self)
{
  Job job = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (native), "job"));
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  if (file != NULL && job == JOB_CREATE)
    xq_class_folder_panel_create_in (self, file, gtk_editable_get_text (GTK_EDITABLE (self->name_entry)));
  else if (file != NULL)
    xq_class_folder_panel_join (self, file);
  gtk_native_dialog_destroy (native);
  g_object_unref (native);
}

static void
choose (XqClassFolderPanel *self, Job job, GtkFileChooserAction action, const char *title, const char *accept)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *native = gtk_file_chooser_native_new (title, GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                                              action, accept, _("_Cancel"));

  if (action == GTK_FILE_CHOOSER_ACTION_OPEN)
    {
      g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

      gtk_file_filter_set_name (filter, _("Class files"));
      gtk_file_filter_add_pattern (filter, "*.xqclass");
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
    }
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  g_object_set_data (G_OBJECT (native), "job", GINT_TO_POINTER (job));
  g_signal_connect (native, "response", G_CALLBACK (chosen_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
create_clicked_cb (XqClassFolderPanel *self)
{
  choose (self, JOB_CREATE, GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _("Where the Class Folder Goes"), _("_Create"));
}

static void
join_folder_clicked_cb (XqClassFolderPanel *self)
{
  choose (self, JOB_JOIN, GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _("Choose the Class Folder"), _("_Join"));
}

static void
join_file_clicked_cb (XqClassFolderPanel *self)
{
  choose (self, JOB_JOIN, GTK_FILE_CHOOSER_ACTION_OPEN, _("Open a Class File"), _("_Join"));
}

static void
sync_clicked_cb (XqClassFolderPanel *self)
{
  xq_class_folder_panel_sync (self);
}

static void
leave_clicked_cb (XqClassFolderPanel *self)
{
  g_autoptr(GError) error = NULL;

  if (self->store == NULL || self->busy)
    return;
  if (!xq_class_leave (self->store, &error))
    set_messages (self, error->message);
  else
    set_messages (self, _("This computer left the class. Every learner stays here."));
  update (self);
}

static GtkWidget *
button (const char *label, const char *tooltip, GCallback cb, XqClassFolderPanel *self)
{
  GtkWidget *b = gtk_button_new_with_mnemonic (label);

  gtk_widget_set_tooltip_text (b, tooltip);
  g_signal_connect_swapped (b, "clicked", cb, self);
  return b;
}

static GtkWidget *
wrapped_label (void)
{
  GtkWidget *l = gtk_label_new (NULL);

  gtk_label_set_wrap (GTK_LABEL (l), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (l), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (l), 0);
  gtk_label_set_max_width_chars (GTK_LABEL (l), 40);
  gtk_label_set_selectable (GTK_LABEL (l), FALSE);
  return l;
}

static void
xq_class_folder_panel_init (XqClassFolderPanel *self)
{
  GtkWidget *status_row;

  self->cancellable = g_cancellable_new ();
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  status_row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->status_label = wrapped_label ();
  gtk_widget_set_hexpand (self->status_label, TRUE);
  self->spinner = gtk_spinner_new ();
  gtk_widget_set_tooltip_text (self->spinner, _("Syncing with the class folder"));
  gtk_box_append (GTK_BOX (status_row), self->status_label);
  gtk_box_append (GTK_BOX (status_row), self->spinner);
  gtk_box_append (GTK_BOX (self->box), status_row);
  self->messages_label = wrapped_label ();
  gtk_widget_add_css_class (self->messages_label, "dim-label");
  gtk_box_append (GTK_BOX (self->box), self->messages_label);

  self->new_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  self->name_entry = gtk_entry_new ();
  gtk_entry_set_placeholder_text (GTK_ENTRY (self->name_entry), _("Class name, for a new class"));
  gtk_entry_set_max_length (GTK_ENTRY (self->name_entry), 64);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->name_entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Class name"), -1);
  g_signal_connect_swapped (self->name_entry, "changed", G_CALLBACK (update), self);
  self->create_button = button (_("Create a Class _Folder…"),
                                _("Make a class in a folder every computer of the class can reach"),
                                G_CALLBACK (create_clicked_cb), self);
  self->join_folder_button = button (_("_Join a Class Folder…"), _("Choose the folder the teacher made"),
                                     G_CALLBACK (join_folder_clicked_cb), self);
  self->join_file_button = button (_("Open a Class _File…"), _("The class file the teacher handed out"),
                                   G_CALLBACK (join_file_clicked_cb), self);
  gtk_box_append (GTK_BOX (self->new_box), self->name_entry);
  gtk_box_append (GTK_BOX (self->new_box), self->create_button);
  gtk_box_append (GTK_BOX (self->new_box), self->join_folder_button);
  gtk_box_append (GTK_BOX (self->new_box), self->join_file_button);
  gtk_box_append (GTK_BOX (self->box), self->new_box);

  self->joined_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  self->sync_button = button (_("S_ync Now"), _("Merge this computer’s work with the class folder"),
                              G_CALLBACK (sync_clicked_cb), self);
  self->leave_button = button (_("_Leave the Class Folder"), _("Stop syncing; every learner stays here"),
                               G_CALLBACK (leave_clicked_cb), self);
  gtk_box_append (GTK_BOX (self->joined_box), self->sync_button);
  gtk_box_append (GTK_BOX (self->joined_box), self->leave_button);
  gtk_box_append (GTK_BOX (self->box), self->joined_box);

  set_messages (self, NULL);
  update (self);
}

/* The periodic sync runs while the panel is in a window: a panel taken out
 * of its window (its page closed) must not wake up later with the store
 * of a page that has freed it (seen under ASan: a timer five minutes into
 * test-learn read a freed store). */
static void
xq_class_folder_panel_root (GtkWidget *widget)
{
  XqClassFolderPanel *self = XQ_CLASS_FOLDER_PANEL (widget);

  GTK_WIDGET_CLASS (xq_class_folder_panel_parent_class)->root (widget);
  if (self->timer == 0)
    self->timer = g_timeout_add_seconds (XQ_CLASS_FOLDER_SYNC_INTERVAL, timer_cb, self);
}

static void
xq_class_folder_panel_unroot (GtkWidget *widget)
{
  XqClassFolderPanel *self = XQ_CLASS_FOLDER_PANEL (widget);

  g_clear_handle_id (&self->timer, g_source_remove);
  GTK_WIDGET_CLASS (xq_class_folder_panel_parent_class)->unroot (widget);
}

static void
xq_class_folder_panel_dispose (GObject *object)
{
  XqClassFolderPanel *self = XQ_CLASS_FOLDER_PANEL (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_handle_id (&self->timer, g_source_remove);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS (xq_class_folder_panel_parent_class)->dispose (object);
}

static void
xq_class_folder_panel_class_init (XqClassFolderPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_class_folder_panel_dispose;
  widget_class->root = xq_class_folder_panel_root;
  widget_class->unroot = xq_class_folder_panel_unroot;
  /**
   * XqClassFolderPanel::synced:
   * A create, join or sync finished: learners may have come.
   */
  signals[SYNCED] = g_signal_new ("synced", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                  G_TYPE_NONE, 0);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "xq-class-folder-panel");
}

GtkWidget *
xq_class_folder_panel_new (void)
{
  return g_object_new (XQ_TYPE_CLASS_FOLDER_PANEL, NULL);
}
