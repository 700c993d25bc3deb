/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-tournament-page-files.c: the Tournament page's prints (pairing sheet,
 * standings, certificates, score sheets) and its CSV export, each written
 * where the teacher chooses. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-tournament-page-private.h"
#include "xq-tournament-print.h"

typedef gboolean (*PageFileAction) (XqTournamentPage *self, const char *path, GError **error);

static void
file_chosen_cb (GtkNativeDialog *dialog, int response, XqTournamentPage *self)
{
  PageFileAction action = g_object_get_data (G_OBJECT (dialog), "action");

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
      g_autoptr(GError) error = NULL;

      if (path != NULL && action (self, path, &error))
        {
          g_autofree char *text = g_strdup_printf (_("Saved %s"), path);
          xq_tournament_page_show_message (self, text, FALSE);
        }
      else if (error != NULL)
        xq_tournament_page_show_message (self, error->message, TRUE);
    }
  g_object_unref (dialog);
}

static void
save_as (XqTournamentPage *self, const char *title, const char *suggested, PageFileAction action)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *dialog =
    gtk_file_chooser_native_new (title, GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                 GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));

  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), suggested);
  g_object_set_data (G_OBJECT (dialog), "action", action);
  g_signal_connect (dialog, "response", G_CALLBACK (file_chosen_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static XqNotation
learner_notation (void)
{
  /* Score sheets are written in the script the interface speaks. */
  const char *const *langs = g_get_language_names ();
  for (int i = 0; langs[i] != NULL; i++)
    {
      if (g_str_has_prefix (langs[i], "zh_TW") || g_str_has_prefix (langs[i], "zh_HK"))
        return XQ_NOTATION_ZH_HANT;
      if (g_str_has_prefix (langs[i], "zh"))
        return XQ_NOTATION_ZH_HANS;
    }
  return XQ_NOTATION_ZH_HANS;
}

static gboolean
write_pairings (XqTournamentPage *self, const char *path, GError **error)
{
  return xq_tournament_print_pairings (self->t, self->round, path, error);
}

static gboolean
write_standings (XqTournamentPage *self, const char *path, GError **error)
{
  return xq_tournament_print_standings (self->t, path, error);
}

static gboolean
write_certificates (XqTournamentPage *self, const char *path, GError **error)
{
  /* Before the end each certificate says it is provisional (the dialog's
   * title said so too). */
  return xq_tournament_print_certificates (self->t, 3, TRUE, path, error);
}

static gboolean
write_csv (XqTournamentPage *self, const char *path, GError **error)
{
  g_autofree char *csv = xq_tournament_export_csv (self->t);
  return g_file_set_contents (path, csv, -1, error);
}

static gboolean
write_score_sheet (XqTournamentPage *self, const char *path, GError **error)
{
  return xq_tournament_print_score_sheet (self->t, self->round, self->playing_board, learner_notation (),
                                          path, error);
}

void
xq_tournament_page_print_pairings (XqTournamentPage *self)
{
  g_autofree char *name = g_strdup_printf ("round-%d.pdf", self->round);
  save_as (self, _("Print the Pairing Sheet"), name, write_pairings);
}

void
xq_tournament_page_print_standings (XqTournamentPage *self)
{
  save_as (self, _("Print the Standings"), "standings.pdf", write_standings);
}

void
xq_tournament_page_print_certificates (XqTournamentPage *self)
{
  if (xq_tournament_finished (self->t))
    save_as (self, _("Print Certificates"), "certificates.pdf", write_certificates);
  else
    save_as (self, _("Print Provisional Certificates (the Event Is Not Finished)"),
             "certificates-provisional.pdf", write_certificates);
}

void
xq_tournament_page_export_csv (XqTournamentPage *self)
{
  save_as (self, _("Export CSV"), "standings.csv", write_csv);
}

void
xq_tournament_page_print_score_sheet (XqTournamentPage *self,
                                      const char       *suggested)
{
  save_as (self, _("Print a Score Sheet"), suggested, write_score_sheet);
}
