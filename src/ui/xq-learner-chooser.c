/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-learner-chooser"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n-lib.h>

#include "xq-learner-chooser.h"

struct _XqLearnerChooser
{
  GtkWidget parent_instance;

  XqProgressStore *store;    /* borrowed */
  char            *current;

  GtkWidget *box;
  GtkWidget *list;
  GtkWidget *add_entry;
  GtkWidget *add_button;
  GtkWidget *rename_entry;
  GtkWidget *rename_button;
  GtkWidget *reset_button;
};

G_DEFINE_FINAL_TYPE (XqLearnerChooser, xq_learner_chooser, GTK_TYPE_WIDGET)

enum {
  LEARNER_CHOSEN,
  LEARNER_CHANGED,
  N_SIGNALS
};

static guint signals [N_SIGNALS];

/* A file-safe id from a name people chose: "Mei Ling" -> "mei-ling".  Names
 * in other scripts give "learner"; a number keeps ids apart. */
static char *
make_id (XqLearnerChooser *self,
         const char       *name)
{
  g_autoptr(GString) base = g_string_new (NULL);
  g_autoptr(GPtrArray) existing = xq_progress_store_list (self->store);
  char *id = NULL;

  for (const char *p = name; *p; p++)
    {
      char c = g_ascii_tolower (*p);
      if (g_ascii_isalnum (c) && !(*p & 0x80))
        g_string_append_c (base, c);
      else if (base->len > 0 && base->str[base->len - 1] != '-')
        g_string_append_c (base, '-');
      if (base->len >= 24)
        break;
    }
  while (base->len > 0 && base->str[base->len - 1] == '-')
    g_string_truncate (base, base->len - 1);
  if (base->len == 0)
    g_string_assign (base, "learner");

  for (int n = 1; ; n++)
    {
      gboolean taken = FALSE;

      g_free (id);
      id = n == 1 ? g_strdup (base->str) : g_strdup_printf ("%s-%d", base->str, n);
      for (guint i = 0; i < existing->len; i++)
        taken |= g_strcmp0 (g_ptr_array_index (existing, i), id) == 0;
      if (!taken)
        return id;
    }
}

static void
update_current_widgets (XqLearnerChooser *self)
{
  g_autoptr(XqProgress) progress = NULL;

  gtk_widget_set_sensitive (self->rename_button, self->current != NULL);
  gtk_widget_set_sensitive (self->rename_entry, self->current != NULL);
  gtk_widget_set_sensitive (self->reset_button, self->current != NULL);
  if (self->current != NULL && self->store != NULL)
    progress = xq_progress_store_load (self->store, self->current, NULL);
  gtk_editable_set_text (GTK_EDITABLE (self->rename_entry), progress ? progress->name : "");
}

void
xq_learner_chooser_reload (XqLearnerChooser *self)
{
  g_autoptr(GPtrArray) ids = NULL;
  GtkWidget *child;

  g_return_if_fail (XQ_IS_LEARNER_CHOOSER (self));

  while ((child = gtk_widget_get_first_child (self->list)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (self->list), child);
  if (self->store == NULL)
    return;

  ids = xq_progress_store_list (self->store);
  for (guint i = 0; i < ids->len; i++)
    {
      const char *id = g_ptr_array_index (ids, i);
      g_autoptr(XqProgress) progress = xq_progress_store_load (self->store, id, NULL);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *check = gtk_image_new_from_icon_name ("object-select-symbolic");

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), progress ? progress->name : id);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      gtk_widget_set_visible (check, g_strcmp0 (id, self->current) == 0);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), check);
      g_object_set_data_full (G_OBJECT (row), "learner", g_strdup (id), g_free);
      gtk_list_box_append (GTK_LIST_BOX (self->list), row);
    }
  gtk_widget_set_visible (self->list, ids->len > 0);
  update_current_widgets (self);
}

char *
xq_learner_chooser_add (XqLearnerChooser *self,
                        const char       *name,
                        GError          **error)
{
  g_autoptr(XqProgress) progress = NULL;
  g_autofree char *id = NULL;
  g_autofree char *clean = NULL;

  g_return_val_if_fail (XQ_IS_LEARNER_CHOOSER (self), NULL);
  g_return_val_if_fail (self->store != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  clean = g_strstrip (g_strdup (name));
  if (*clean == '\0')
    {
      g_set_error_literal (error, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_BAD_LEARNER,
                           _("Type a name first."));
      return NULL;
    }
  id = make_id (self, clean);
  progress = xq_progress_new (id, clean);
  if (!xq_progress_store_save (self->store, progress, error))
    return NULL;
  xq_learner_chooser_choose (self, id);
  return g_steal_pointer (&id);
}

gboolean
xq_learner_chooser_choose (XqLearnerChooser *self,
                           const char       *learner)
{
  g_return_val_if_fail (XQ_IS_LEARNER_CHOOSER (self), FALSE);

  if (!xq_progress_learner_id_valid (learner))
    return FALSE;
  xq_learner_chooser_set_current (self, learner);
  g_signal_emit (self, signals[LEARNER_CHOSEN], 0, learner);
  return TRUE;
}

gboolean
xq_learner_chooser_rename (XqLearnerChooser *self,
                           const char       *learner,
                           const char       *name,
                           GError          **error)
{
  g_autoptr(XqProgress) progress = NULL;
  g_autofree char *clean = NULL;

  g_return_val_if_fail (XQ_IS_LEARNER_CHOOSER (self), FALSE);
  g_return_val_if_fail (self->store != NULL, FALSE);

  clean = g_strstrip (g_strdup (name ? name : ""));
  if (*clean == '\0')
    {
      g_set_error_literal (error, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_BAD_LEARNER,
                           _("Type a name first."));
      return FALSE;
    }
  progress = xq_progress_store_load (self->store, learner, error);
  if (progress == NULL)
    return FALSE;
  g_free (progress->name);
  progress->name = g_steal_pointer (&clean);
  if (!xq_progress_store_save (self->store, progress, error))
    return FALSE;
  xq_learner_chooser_reload (self);
  g_signal_emit (self, signals[LEARNER_CHANGED], 0, learner);
  return TRUE;
}

gboolean
xq_learner_chooser_reset (XqLearnerChooser *self,
                          const char       *learner,
                          GError          **error)
{
  g_return_val_if_fail (XQ_IS_LEARNER_CHOOSER (self), FALSE);
  g_return_val_if_fail (self->store != NULL, FALSE);

  if (!xq_progress_store_reset (self->store, learner, error))
    return FALSE;
  xq_learner_chooser_reload (self);
  g_signal_emit (self, signals[LEARNER_CHANGED], 0, learner);
  return TRUE;
}

static void
show_error (XqLearnerChooser *self,
            const GError     *error)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                              _("That did not work"), error->message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
row_activated_cb (XqLearnerChooser *self,
                  GtkListBoxRow    *row,
                  GtkListBox       *list)
{
  xq_learner_chooser_choose (self, g_object_get_data (G_OBJECT (row), "learner"));
}

static void
add_clicked_cb (XqLearnerChooser *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;

  id = xq_learner_chooser_add (self, gtk_editable_get_text (GTK_EDITABLE (self->add_entry)), &error);
  if (id == NULL)
    {
      show_error (self, error);
      return;
    }
  gtk_editable_set_text (GTK_EDITABLE (self->add_entry), "");
}

static void
rename_clicked_cb (XqLearnerChooser *self)
{
  g_autoptr(GError) error = NULL;

  if (self->current == NULL)
    return;
  if (!xq_learner_chooser_rename (self, self->current,
                                  gtk_editable_get_text (GTK_EDITABLE (self->rename_entry)), &error))
    show_error (self, error);
}

static void
reset_response_cb (AdwMessageDialog *dialog,
                   const char       *response,
                   XqLearnerChooser *self)
{
  g_autoptr(GError) error = NULL;
  const char *learner = g_object_get_data (G_OBJECT (dialog), "learner");

  if (g_strcmp0 (response, "reset") != 0)
    return;
  if (!xq_learner_chooser_reset (self, learner, &error))
    show_error (self, error);
}

static void
reset_clicked_cb (XqLearnerChooser *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autoptr(XqProgress) progress = NULL;
  GtkWidget *dialog;

  if (self->current == NULL)
    return;
  progress = xq_progress_store_load (self->store, self->current, NULL);
  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   _("Start Again?"), NULL);
  /* Translators: %s is a learner's name */
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  _("All of %s’s stars will be gone. This cannot be undone."),
                                  progress ? progress->name : self->current);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "reset", _("_Reset Stars"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "reset",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "learner", g_strdup (self->current), g_free);
  g_signal_connect (dialog, "response", G_CALLBACK (reset_response_cb), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
xq_learner_chooser_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), XQ_TYPE_LEARNER_CHOOSER);
  G_OBJECT_CLASS (xq_learner_chooser_parent_class)->dispose (object);
}

static void
xq_learner_chooser_finalize (GObject *object)
{
  XqLearnerChooser *self = XQ_LEARNER_CHOOSER (object);

  g_free (self->current);
  G_OBJECT_CLASS (xq_learner_chooser_parent_class)->finalize (object);
}

static void
xq_learner_chooser_class_init (XqLearnerChooserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_learner_chooser_dispose;
  object_class->finalize = xq_learner_chooser_finalize;

  /**
   * XqLearnerChooser::learner-chosen:
   * @learner: the learner's id
   *
   * Someone else is learning now (or a new learner was added).
   */
  signals [LEARNER_CHOSEN] =
    g_signal_new ("learner-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /**
   * XqLearnerChooser::learner-changed:
   * @learner: the learner's id
   *
   * A learner was renamed or their stars were reset.
   */
  signals [LEARNER_CHANGED] =
    g_signal_new ("learner-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "xq-learner-chooser");

  gtk_widget_class_set_template_from_resource (widget_class, APP_PATH "/ui/xq-learner-chooser.ui");
  gtk_widget_class_bind_template_child (widget_class, XqLearnerChooser, box);
  gtk_widget_class_bind_template_child (widget_class, XqLearnerChooser, list);
  gtk_widget_class_bind_template_child (widget_class, XqLearnerChooser, add_entry);
  gtk_widget_class_bind_template_child (widget_class, XqLearnerChooser, add_button);
  gtk_widget_class_bind_template_child (widget_class, XqLearnerChooser, rename_entry);
  gtk_widget_class_bind_template_child (widget_class, XqLearnerChooser, rename_button);
  gtk_widget_class_bind_template_child (widget_class, XqLearnerChooser, reset_button);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, add_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, rename_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, reset_clicked_cb);
}

static void
xq_learner_chooser_init (XqLearnerChooser *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  update_current_widgets (self);
}

GtkWidget *
xq_learner_chooser_new (void)
{
  return g_object_new (XQ_TYPE_LEARNER_CHOOSER, NULL);
}

void
xq_learner_chooser_set_store (XqLearnerChooser *self,
                              XqProgressStore  *store)
{
  g_return_if_fail (XQ_IS_LEARNER_CHOOSER (self));

  self->store = store;
  xq_learner_chooser_reload (self);
}

void
xq_learner_chooser_set_current (XqLearnerChooser *self,
                                const char       *learner)
{
  g_return_if_fail (XQ_IS_LEARNER_CHOOSER (self));

  if (g_strcmp0 (self->current, learner) != 0)
    {
      g_free (self->current);
      self->current = g_strdup (learner);
    }
  xq_learner_chooser_reload (self);
}

const char *
xq_learner_chooser_get_current (XqLearnerChooser *self)
{
  g_return_val_if_fail (XQ_IS_LEARNER_CHOOSER (self), NULL);
  return self->current;
}
