/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-tournament-page-manage.c: renaming and deleting the event shown, each
 * with an Undo in a toast.  A deleted event's bytes (and its backup's) are
 * held until the toast goes away, so Undo writes them back as they were. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-safe-file.h"
#include "xq-tournament-page-private.h"

struct _XqTournamentUndo
{
  char  *path;
  char  *old_title;    /* a rename: the title before it */
  char  *data;         /* a delete: the file, and its backup (or NULL) */
  gsize  length;
  char  *backup;
  gsize  backup_length;
};

void
xq_tournament_undo_free (XqTournamentUndo *undo)
{
  if (undo == NULL)
    return;
  g_free (undo->path);
  g_free (undo->old_title);
  g_free (undo->data);
  g_free (undo->backup);
  g_free (undo);
}

static void
toast_dismissed_cb (AdwToast *toast, XqTournamentPage *self)
{
  if (self->undo_toast != toast)
    return;
  self->undo_toast = NULL;
  g_clear_pointer (&self->undo, xq_tournament_undo_free);
}

static void
offer_undo (XqTournamentPage *self, const char *text, XqTournamentUndo *undo)
{
  AdwToast *toast = adw_toast_new (text);

  /* One thing at a time can be undone: the newest. */
  if (self->undo_toast != NULL)
    adw_toast_dismiss (self->undo_toast);
  g_clear_pointer (&self->undo, xq_tournament_undo_free);
  self->undo = undo;
  self->undo_toast = toast;
  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_timeout (toast, 10);
  g_signal_connect_swapped (toast, "button-clicked", G_CALLBACK (xq_tournament_page_undo), self);
  g_signal_connect (toast, "dismissed", G_CALLBACK (toast_dismissed_cb), self);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

gboolean
xq_tournament_page_rename (XqTournamentPage *self, const char *title, GError **error)
{
  XqTournamentUndo *undo;
  g_autofree char *text = NULL;
  g_autofree char *old = NULL;

  g_return_val_if_fail (XQ_IS_TOURNAMENT_PAGE (self), FALSE);
  if (self->t == NULL)
    return FALSE;
  old = g_strdup (self->t->title);
  if (!xq_tournament_set_title (self->t, title, error))
    return FALSE;
  if (g_strcmp0 (old, self->t->title) == 0)
    return TRUE;
  if (!xq_tournament_page_save (self))
    return FALSE;
  undo = g_new0 (XqTournamentUndo, 1);
  undo->path = g_strdup (self->path);
  undo->old_title = g_steal_pointer (&old);
  /* Translators: a toast after renaming an event */
  text = g_strdup_printf (_("Renamed to “%s”"), self->t->title);
  xq_tournament_page_reload (self, self->path);
  offer_undo (self, text, undo);
  return TRUE;
}

gboolean
xq_tournament_page_delete (XqTournamentPage *self, GError **error)
{
  g_autofree char *backup = NULL;
  g_autofree char *text = NULL;
  XqTournamentUndo *undo;

  g_return_val_if_fail (XQ_IS_TOURNAMENT_PAGE (self), FALSE);
  if (self->t == NULL || self->path == NULL)
    return FALSE;
  undo = g_new0 (XqTournamentUndo, 1);
  undo->path = g_strdup (self->path);
  backup = g_strconcat (self->path, ".bak", NULL);
  /* The event was read when it was opened; it is read again as it is on
   * disk now, so Undo brings back exactly that. */
  if (!xq_safe_file_read (self->path, 8 * 1024 * 1024, &undo->data, &undo->length, error))
    {
      xq_tournament_undo_free (undo);
      return FALSE;
    }
  if (!xq_safe_file_read (backup, 8 * 1024 * 1024, &undo->backup, &undo->backup_length, NULL))
    undo->backup = NULL;
  if (!xq_tournament_delete_file (self->path, error))
    {
      xq_tournament_undo_free (undo);
      return FALSE;
    }
  /* Translators: a toast after deleting an event; %s is its title */
  {
    g_autofree char *base = g_path_get_basename (undo->path);
    text = g_strdup_printf (_("“%s” deleted"), *self->t->title ? self->t->title : base);
  }
  xq_tournament_page_reload (self, NULL);
  offer_undo (self, text, undo);
  return TRUE;
}

void
xq_tournament_page_undo (XqTournamentPage *self)
{
  XqTournamentUndo *undo;
  g_autoptr(GError) error = NULL;
  gboolean ok = TRUE;

  g_return_if_fail (XQ_IS_TOURNAMENT_PAGE (self));
  undo = g_steal_pointer (&self->undo);
  if (self->undo_toast != NULL)
    {
      AdwToast *toast = g_steal_pointer (&self->undo_toast);
      adw_toast_dismiss (toast);
    }
  if (undo == NULL)
    return;
  if (undo->old_title != NULL)
    {
      if (self->t == NULL || g_strcmp0 (self->path, undo->path) != 0)
        xq_tournament_page_reload (self, undo->path);
      ok = self->t != NULL && xq_tournament_set_title (self->t, undo->old_title, &error)
           && xq_tournament_page_save (self);
    }
  else
    {
      g_autofree char *backup = g_strconcat (undo->path, ".bak", NULL);
      /* A new event may have taken the name meanwhile: never overwrite it. */
      if (g_file_test (undo->path, G_FILE_TEST_EXISTS))
        {
          g_set_error (&error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
                       _("%s exists again, so the deleted event is not put back"), undo->path);
          ok = FALSE;
        }
      else
        ok = xq_safe_file_write (undo->path, undo->data, (gssize) undo->length, &error)
             && (undo->backup == NULL
                 || xq_safe_file_write (backup, undo->backup, (gssize) undo->backup_length, &error));
    }
  if (ok || undo->old_title == NULL)
    xq_tournament_page_reload (self, ok ? undo->path : self->path);
  if (!ok && error != NULL)
    xq_tournament_page_show_message (self, error->message, TRUE);
  xq_tournament_undo_free (undo);
}

/* ---- The buttons ------------------------------------------------------------ */

void
xq_tournament_page_rename_shown (XqTournamentPage *self)
{
  /* The popover opens with the title to edit. */
  gtk_editable_set_text (GTK_EDITABLE (self->rename_entry), self->t != NULL ? self->t->title : "");
  gtk_widget_grab_focus (GTK_WIDGET (self->rename_entry));
}

void
xq_tournament_page_rename_apply (XqTournamentPage *self)
{
  g_autoptr(GError) error = NULL;

  gtk_menu_button_popdown (self->rename_button);
  if (!xq_tournament_page_rename (self, gtk_editable_get_text (GTK_EDITABLE (self->rename_entry)), &error)
      && error != NULL)
    xq_tournament_page_show_message (self, error->message, TRUE);
}

void
xq_tournament_page_delete_clicked (XqTournamentPage *self)
{
  g_autoptr(GError) error = NULL;

  if (!xq_tournament_page_delete (self, &error) && error != NULL)
    xq_tournament_page_show_message (self, error->message, TRUE);
}
