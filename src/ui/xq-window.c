/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-window"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-board-settings.h"
#include "xq-puzzle-page.h"
#include "xq-teach-page.h"
#include "xq-tournament-page.h"
#include "xq-window-private.h"

G_DEFINE_FINAL_TYPE (XqWindow, xq_window, ADW_TYPE_APPLICATION_WINDOW)

XqNotation
xq_window_notation_from_setting (const char *nick)
{
  XqNotation notation;

  if (g_strcmp0 (nick, "chinese-traditional") == 0)
    return XQ_NOTATION_ZH_HANT;
  if (g_strcmp0 (nick, "chinese-simplified") == 0)
    return XQ_NOTATION_ZH_HANS;
  if (g_strcmp0 (nick, "wxf") == 0)
    return XQ_NOTATION_WXF;
  /* Translators: the move notation used when the preference is "Automatic".
   * Write exactly one of: wxf, zh-hans (simplified Chinese), zh-hant
   * (traditional Chinese). */
  if (xq_notation_from_name (C_("notation-default", "wxf"), &notation))
    return notation;
  return XQ_NOTATION_WXF;
}

static void
apply_settings (XqWindow   *self,
                const char *key)
{
  XqBoardView *view = xq_play_page_get_board_view (self->play_page);
  g_autofree char *notation = g_settings_get_string (self->settings, "notation");
  g_autofree char *pieces = g_settings_get_string (self->settings, "piece-set");
  g_autofree char *theme = g_settings_get_string (self->settings, "board-theme");

  /* The pieces, the theme and the coordinates every board binds itself
   * (xq-board-settings.h); the Game Day page draws its own boards and is
   * handed the style, read by the same rules. */
  xq_board_view_set_sounds (view, g_settings_get_boolean (self->settings, "sounds"));
  xq_play_page_set_notation (self->play_page, xq_window_notation_from_setting (notation));
  xq_game_day_page_set_style (self->game_day_page, xq_board_settings_piece_set (pieces),
                              xq_board_settings_theme (theme));
}

static void
settings_changed_cb (XqWindow   *self,
                     const char *key,
                     GSettings  *settings)
{
  apply_settings (self, key);
}

/* ---- GObject ----------------------------------------------------------------- */

static gboolean
xq_window_close_request (GtkWindow *window)
{
  XqWindow *self = XQ_WINDOW (window);
  int width, height;

  gtk_window_get_default_size (window, &width, &height);
  g_settings_delay (self->settings);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
  g_settings_apply (self->settings);

  return GTK_WINDOW_CLASS (xq_window_parent_class)->close_request (window);
}

static void
xq_window_dispose (GObject *object)
{
  XqWindow *self = XQ_WINDOW (object);

  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (object), XQ_TYPE_WINDOW);

  G_OBJECT_CLASS (xq_window_parent_class)->dispose (object);
}

static void
xq_window_class_init (XqWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_window_dispose;
  GTK_WINDOW_CLASS (klass)->close_request = xq_window_close_request;

  g_type_ensure (XQ_TYPE_PLAY_PAGE);
  g_type_ensure (XQ_TYPE_LEARN_PAGE);
  g_type_ensure (XQ_TYPE_PUZZLE_PAGE);
  g_type_ensure (XQ_TYPE_TEACH_PAGE);
  g_type_ensure (XQ_TYPE_GAME_DAY_PAGE);
  g_type_ensure (XQ_TYPE_TOURNAMENT_PAGE);
  gtk_widget_class_set_template_from_resource (widget_class, APP_PATH "/ui/xq-window.ui");
  gtk_widget_class_bind_template_child (widget_class, XqWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, XqWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, XqWindow, play_page);
  gtk_widget_class_bind_template_child (widget_class, XqWindow, learn_page);
  gtk_widget_class_bind_template_child (widget_class, XqWindow, game_day_page);
  gtk_widget_class_bind_template_child (widget_class, XqWindow, tournament_page);

  _xq_window_class_install_actions (widget_class);
}

static void
xq_window_init (XqWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (XQ_SETTINGS_SCHEMA);
  /* Read once here and written once on close: binding would write the
   * settings on every step of a resize. */
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
  g_signal_connect_swapped (self->settings, "changed", G_CALLBACK (settings_changed_cb), self);
  xq_board_model_set_flipped (xq_play_page_get_board_model (self->play_page),
                              g_settings_get_boolean (self->settings, "flip-board"));
  apply_settings (self, NULL);
  /* A tournament pairing is played on the Play page. */
  xq_tournament_page_set_play_page (self->tournament_page, self->play_page);

  /* A tutor opens on its lessons: the unit map is where a child starts. */
  adw_view_stack_set_visible_child_name (self->stack, "learn");

  if (g_str_has_suffix (APP_ID, ".Devel"))
    gtk_widget_add_css_class (GTK_WIDGET (self), "devel");
}

XqWindow *
xq_window_new (AdwApplication *app)
{
  return g_object_new (XQ_TYPE_WINDOW, "application", app, NULL);
}

XqPlayPage *
xq_window_get_play_page (XqWindow *self)
{
  g_return_val_if_fail (XQ_IS_WINDOW (self), NULL);
  return self->play_page;
}

XqGameDayPage *
xq_window_get_game_day_page (XqWindow *self)
{
  g_return_val_if_fail (XQ_IS_WINDOW (self), NULL);
  return self->game_day_page;
}

void
xq_window_show_page (XqWindow   *self,
                     const char *name)
{
  g_return_if_fail (XQ_IS_WINDOW (self));
  adw_view_stack_set_visible_child_name (self->stack, name);
}

void
xq_window_toast (XqWindow   *self,
                 const char *text)
{
  g_autofree char *escaped = NULL;

  g_return_if_fail (XQ_IS_WINDOW (self));
  /* Toast titles are markup; messages from the core may hold '<' or '&'. */
  escaped = g_markup_escape_text (text, -1);
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (escaped));
}
