/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-window"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-board-settings.h"
#include "xq-puzzle-page.h"
#include "xq-teach-page.h"
#include "xq-tooltip.h"
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
  /* The pieces, the theme and the coordinates every board binds itself
   * (xq-board-settings.h), Game Day's included, and the sound player
   * follows the Sounds switch itself (xq-sound-player.h).  A page not
   * built yet reads the settings when it is built. */
  if (self->play_page != NULL)
    {
      g_autofree char *notation = g_settings_get_string (self->settings, "notation");

      XqNotation chosen = xq_window_notation_from_setting (notation);

      xq_play_page_set_notation (self->play_page, chosen);
      /* No notation chosen and the language writes none of its own
       * (English): the moves in words a child reads (issue 31). */
      xq_play_page_set_move_words (self->play_page, g_strcmp0 (notation, "auto") == 0 && chosen == XQ_NOTATION_WXF);
    }
}

static void
settings_changed_cb (XqWindow   *self,
                     const char *key,
                     GSettings  *settings)
{
  apply_settings (self, key);
}

/* ---- Pages, built on first use ------------------------------------------------- */

/* Each page of the stack starts as an empty AdwBin (xq-window.ui) and is
 * built the first time it is shown or asked for.  Building all six up front
 * made the first window wait for widgets nobody had looked at yet: their
 * templates, their files (the Teach unit, the tournaments) and, worst, the
 * measuring of every page, since AdwViewStack is as large as its largest
 * page. */

/* Connects a freshly built page to the rest of the window. */
static void
page_built (XqWindow   *self,
            const char *name)
{
  if (g_str_equal (name, "play"))
    {
      xq_board_model_set_flipped (xq_play_page_get_board_model (self->play_page),
                                  g_settings_get_boolean (self->settings, "flip-board"));
      apply_settings (self, NULL);
    }
  else if (g_str_equal (name, "game-day"))
    apply_settings (self, NULL);
  else if (g_str_equal (name, "tournament"))
    /* A tournament pairing is played on the Play page. */
    xq_tournament_page_set_play_page (self->tournament_page, xq_window_get_play_page (self));
}

static gpointer *
page_field (XqWindow   *self,
            const char *name,
            GType      *type)
{
  static const struct {
    const char *name;
    GType     (*get_type) (void);
    gsize       offset;
  } pages[] = {
    { "learn", xq_learn_page_get_type, G_STRUCT_OFFSET (XqWindow, learn_page) },
    { "puzzles", xq_puzzle_page_get_type, G_STRUCT_OFFSET (XqWindow, puzzles_page) },
    { "play", xq_play_page_get_type, G_STRUCT_OFFSET (XqWindow, play_page) },
    { "game-day", xq_game_day_page_get_type, G_STRUCT_OFFSET (XqWindow, game_day_page) },
    { "teach", xq_teach_page_get_type, G_STRUCT_OFFSET (XqWindow, teach_page) },
    { "tournament", xq_tournament_page_get_type, G_STRUCT_OFFSET (XqWindow, tournament_page) },
  };

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    if (g_str_equal (pages[i].name, name))
      {
        *type = pages[i].get_type ();
        return G_STRUCT_MEMBER_P (self, pages[i].offset);
      }
  return NULL;
}

GtkWidget *
xq_window_get_page (XqWindow   *self,
                    const char *name)
{
  GType type = G_TYPE_INVALID;
  gpointer *field;
  GtkWidget *slot;

  g_return_val_if_fail (XQ_IS_WINDOW (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  field = page_field (self, name, &type);
  slot = adw_view_stack_get_child_by_name (self->stack, name);
  g_return_val_if_fail (field != NULL && ADW_IS_BIN (slot), NULL);
  if (*field == NULL)
    {
      *field = g_object_new (type, NULL);
      adw_bin_set_child (ADW_BIN (slot), *field);
      page_built (self, name);
      xq_tooltip_fit_tree (*field);
    }
  return *field;
}

static void
visible_page_cb (XqWindow     *self,
                 GParamSpec   *pspec,
                 AdwViewStack *stack)
{
  const char *name = adw_view_stack_get_visible_child_name (stack);

  /* Built before the frame that shows it is drawn; tooltips added to it
   * since it was built are fitted too. */
  if (name != NULL)
    xq_tooltip_fit_tree (xq_window_get_page (self, name));
}

/* The bottom bar takes over the page switcher when the window is too narrow
 * for either switcher in the header bar, which then shows only the title.
 * Until then it has no stack: with one it would build, style and measure a
 * button, two labels and two icons for every page, in every frame, while
 * hidden.
 *
 * It appears and goes at once, not by sliding: the header's squeezer makes
 * its choice while the window is laid out, so a window that opens narrow
 * (half of a small screen) would otherwise draw its first frame and then
 * 250 ms of the bar sliding in.  The bar is revealed only while it is
 * hidden, where its revealer jumps to the end instead of animating. */
static void
switcher_squeezer_cb (XqWindow    *self,
                      GParamSpec  *pspec,
                      AdwSqueezer *squeezer)
{
  gboolean title_only = adw_squeezer_get_visible_child (squeezer) == GTK_WIDGET (self->window_title);
  GtkWidget *bar = GTK_WIDGET (self->switcher_bar);

  if (title_only && adw_view_switcher_bar_get_stack (self->switcher_bar) == NULL)
    adw_view_switcher_bar_set_stack (self->switcher_bar, self->stack);
  if (title_only)
    {
      adw_view_switcher_bar_set_reveal (self->switcher_bar, TRUE);
      gtk_widget_set_visible (bar, TRUE);
    }
  else
    {
      gtk_widget_set_visible (bar, FALSE);
      adw_view_switcher_bar_set_reveal (self->switcher_bar, FALSE);
    }
}

/* The header's squeezer starts on its first child, the wide switcher, and
 * picks the one that fits at the first allocation; with its fade on from
 * the start, every launch drew the first frame and then 200 ms of fading
 * between the two switchers (a third more CPU before the window is still,
 * under a software renderer).  The fade is for later resizes: it is turned
 * on once the first frame has been painted. */
static void
first_paint_cb (XqWindow      *self,
                GdkFrameClock *clock)
{
  g_signal_handlers_disconnect_by_func (clock, first_paint_cb, self);
  adw_squeezer_set_transition_type (self->switcher_squeezer, ADW_SQUEEZER_TRANSITION_TYPE_CROSSFADE);
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
xq_window_realize (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (xq_window_parent_class)->realize (widget);

  if (adw_squeezer_get_transition_type (XQ_WINDOW (widget)->switcher_squeezer) == ADW_SQUEEZER_TRANSITION_TYPE_NONE)
    g_signal_connect_object (gtk_widget_get_frame_clock (widget), "after-paint",
                             G_CALLBACK (first_paint_cb), widget, G_CONNECT_SWAPPED);
}

static void
xq_window_dispose (GObject *object)
{
  XqWindow *self = XQ_WINDOW (object);

  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  if (self->stack != NULL)
    g_signal_handlers_disconnect_by_data (self->stack, self);
  if (self->switcher_squeezer != NULL)
    g_signal_handlers_disconnect_by_data (self->switcher_squeezer, self);
  g_clear_object (&self->settings);
  if (self->help_overlay != NULL)
    gtk_window_destroy (self->help_overlay);
  g_clear_object (&self->help_overlay);
  gtk_widget_dispose_template (GTK_WIDGET (object), XQ_TYPE_WINDOW);

  G_OBJECT_CLASS (xq_window_parent_class)->dispose (object);
}

static void
xq_window_class_init (XqWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_window_dispose;
  widget_class->realize = xq_window_realize;
  GTK_WINDOW_CLASS (klass)->close_request = xq_window_close_request;

  gtk_widget_class_set_template_from_resource (widget_class, APP_PATH "/ui/xq-window.ui");
  gtk_widget_class_bind_template_child (widget_class, XqWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, XqWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, XqWindow, switcher_squeezer);
  gtk_widget_class_bind_template_child (widget_class, XqWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, XqWindow, switcher_bar);

  _xq_window_class_install_actions (widget_class);
}

static void
xq_window_init (XqWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Chinese tooltips on whole lines (issue 31: 主選單 stood one character a
   * line); each page is fitted when it is built. */
  xq_tooltip_fit_tree (GTK_WIDGET (self));

  self->settings = g_settings_new (XQ_SETTINGS_SCHEMA);
  /* Read once here and written once on close: binding would write the
   * settings on every step of a resize. */
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
  g_signal_connect_swapped (self->settings, "changed", G_CALLBACK (settings_changed_cb), self);

  g_signal_connect_swapped (self->stack, "notify::visible-child-name", G_CALLBACK (visible_page_cb), self);
  g_signal_connect_swapped (self->switcher_squeezer, "notify::visible-child", G_CALLBACK (switcher_squeezer_cb), self);
  /* A tutor opens on its lessons: the unit map is where a child starts.  The
   * stack showed the first page before the handler was connected. */
  adw_view_stack_set_visible_child_name (self->stack, "learn");
  /* Its units load in a thread on the other core while this one sets up
   * the window's GL context, so that the first frame shows the unit map,
   * not an empty page with the map a moment later: the load's result is
   * delivered at the default priority, ahead of the first paint.  A page
   * waiting for its own first map would start only after that paint. */
  xq_learn_page_load_async (XQ_LEARN_PAGE (xq_window_get_page (self, "learn")), NULL, NULL);

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
  return XQ_PLAY_PAGE (xq_window_get_page (self, "play"));
}

XqLearnPage *
xq_window_get_learn_page (XqWindow *self)
{
  return XQ_LEARN_PAGE (xq_window_get_page (self, "learn"));
}

XqPuzzlePage *
xq_window_get_puzzle_page (XqWindow *self)
{
  return XQ_PUZZLE_PAGE (xq_window_get_page (self, "puzzles"));
}

XqGameDayPage *
xq_window_get_game_day_page (XqWindow *self)
{
  return XQ_GAME_DAY_PAGE (xq_window_get_page (self, "game-day"));
}

XqTeachPage *
xq_window_get_teach_page (XqWindow *self)
{
  return XQ_TEACH_PAGE (xq_window_get_page (self, "teach"));
}

XqTournamentPage *
xq_window_get_tournament_page (XqWindow *self)
{
  return XQ_TOURNAMENT_PAGE (xq_window_get_page (self, "tournament"));
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
