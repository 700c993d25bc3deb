/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-window-actions"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-window-private.h"

static void
new_game_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  XqWindow *self = XQ_WINDOW (widget);

  xq_play_page_new_game (xq_window_get_play_page (self));
  xq_window_show_page (self, "play");
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  XqWindow *self = XQ_WINDOW (widget);

  /* A Play page not built yet has no game to take back. */
  if (self->play_page != NULL)
    xq_play_page_undo (self->play_page);
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  XqWindow *self = XQ_WINDOW (widget);

  if (self->play_page != NULL)
    xq_play_page_redo (self->play_page);
}

static void
flip_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  XqWindow *self = XQ_WINDOW (widget);

  xq_play_page_flip (xq_window_get_play_page (self));
  g_settings_set_boolean (self->settings, "flip-board",
                          xq_board_model_get_flipped (xq_play_page_get_board_model (xq_window_get_play_page (self))));
}

static void
copy_fen_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  XqWindow *self = XQ_WINDOW (widget);
  g_autofree char *fen = xq_play_page_get_fen (xq_window_get_play_page (self));

  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), fen);
  xq_window_toast (self, _("Position copied"));
}

static void
paste_fen_ready_cb (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(XqWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);

  if (text == NULL)
    {
      xq_window_toast (self, _("The clipboard holds no text"));
      return;
    }
  if (!xq_play_page_load_fen (xq_window_get_play_page (self), text, &error))
    {
      /* Translators: %s is the reason from the rules engine */
      g_autofree char *message = g_strdup_printf (_("Not a position this game can use: %s"),
                                                  error->message);
      xq_window_toast (self, message);
      return;
    }
  xq_window_show_page (self, "play");
  xq_window_toast (self, _("Position pasted"));
}

static void
paste_fen_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL,
                                 paste_fen_ready_cb, g_object_ref (widget));
}

static GtkFileFilter *
pgn_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Xiangqi games (PGN)"));
  gtk_file_filter_add_pattern (filter, "*.pgn");
  gtk_file_filter_add_pattern (filter, "*.PGN");
  return filter;
}

/* What Open reads: every format of the one door (xq-game-file.h). */
static GtkFileFilter *
game_files_filter (void)
{
  static const char *const patterns[] = {
    "*.pgn", "*.PGN", "*.xqf", "*.XQF", "*.txt", "*.TXT",
    "*.cbr", "*.CBR", "*.cbl", "*.CBL", "*.cbf", "*.CBF",
  };
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Xiangqi games (PGN, XQF, DhtmlXQ, 象棋桥 CBR, CBL, CBF)"));
  for (gsize i = 0; i < G_N_ELEMENTS (patterns); i++)
    gtk_file_filter_add_pattern (filter, patterns[i]);
  return filter;
}

/* The chosen file as a local path; NULL for none or a non-local file. */
static char *
chooser_local_path (GtkFileChooserNative *chooser)
{
  g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

  return file != NULL ? g_file_get_path (file) : NULL;
}

static void
open_response_cb (XqWindow             *self,
                  int                   response,
                  GtkFileChooserNative *chooser)
{
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      path = chooser_local_path (chooser);
      if (path == NULL || !xq_play_page_load_pgn (xq_window_get_play_page (self), path, &error))
        {
          /* Translators: %s says what is wrong with the game file */
          g_autofree char *message = g_strdup_printf (_("Could not open the game: %s"),
                                                      error ? error->message : _("not a local file"));
          xq_window_toast (self, message);
        }
      else
        xq_window_show_page (self, "play");
    }
  g_object_unref (chooser);
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (_("Open Game"), GTK_WINDOW (widget),
                                         GTK_FILE_CHOOSER_ACTION_OPEN, NULL, NULL);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), game_files_filter ());
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect_swapped (chooser, "response", G_CALLBACK (open_response_cb), widget);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
save_response_cb (XqWindow             *self,
                  int                   response,
                  GtkFileChooserNative *chooser)
{
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      path = chooser_local_path (chooser);
      if (path == NULL || !xq_play_page_save_pgn (xq_window_get_play_page (self), path, &error))
        {
          g_autofree char *message = g_strdup_printf (_("Could not save the game: %s"),
                                                      error ? error->message : _("not a local file"));
          xq_window_toast (self, message);
        }
      else
        xq_window_toast (self, _("Game saved"));
    }
  g_object_unref (chooser);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (_("Save Game"), GTK_WINDOW (widget),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, NULL, NULL);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), pgn_filter ());
  /* Translators: the suggested file name for a saved game */
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), _("game.pgn"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect_swapped (chooser, "response", G_CALLBACK (save_response_cb), widget);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* The shortcuts window is dozens of widgets that most people never open,
 * so it is built the first time it is asked for, not with the window. */
static void
show_help_overlay_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *param)
{
  XqWindow *self = XQ_WINDOW (widget);

  if (self->help_overlay == NULL)
    {
      g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource (APP_PATH "/ui/xq-help-overlay.ui");

      self->help_overlay = g_object_ref (GTK_WINDOW (gtk_builder_get_object (builder, "help_overlay")));
      gtk_window_set_transient_for (self->help_overlay, GTK_WINDOW (self));
      gtk_window_set_hide_on_close (self->help_overlay, TRUE);
    }
  gtk_window_present (self->help_overlay);
}

void
_xq_window_class_install_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.show-help-overlay", NULL, show_help_overlay_action);
  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "win.flip", NULL, flip_action);
  gtk_widget_class_install_action (widget_class, "win.copy-fen", NULL, copy_fen_action);
  gtk_widget_class_install_action (widget_class, "win.paste-fen", NULL, paste_fen_action);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
}
