/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-application"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-application.h"
#include "xq-lesson.h"
#include "xq-game-day-page.h"
#include "xq-learn-page.h"
#include "xq-lesson-player.h"
#include "xq-preferences-window.h"
#include "xq-window.h"

/* Frames of scripted dragging measured by --measure. */
#define MEASURE_FRAMES 120

struct _XqApplication
{
  AdwApplication parent_instance;

  gint64   launch_usec;
  gboolean measure;
  gboolean report;
  gulong   first_frame_id;
  double   first_frame_ms;
};

G_DEFINE_FINAL_TYPE (XqApplication, xq_application, ADW_TYPE_APPLICATION)

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static void
measure_done_cb (XqBoardView *view,
                 GArray      *frame_ms,
                 gpointer     user_data)
{
  XqApplication *self = user_data;
  double median = 0, max = 0;

  if (frame_ms->len > 0)
    {
      g_array_sort (frame_ms, compare_double);
      median = g_array_index (frame_ms, double, frame_ms->len / 2);
      max = g_array_index (frame_ms, double, frame_ms->len - 1);
    }
  g_print ("launch-to-first-frame-ms: %.1f\n", self->first_frame_ms);
  g_print ("drag-frames: %u\n", frame_ms->len);
  g_print ("drag-frame-median-ms: %.2f\n", median);
  g_print ("drag-frame-max-ms: %.2f\n", max);
  g_application_quit (G_APPLICATION (self));
}

static gboolean
run_measure_drag_cb (gpointer user_data)
{
  XqApplication *self = user_data;
  XqWindow *window = XQ_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (self)));

  xq_board_view_measure_drag (xq_play_page_get_board_view (xq_window_get_play_page (window)),
                              MEASURE_FRAMES, measure_done_cb, self);
  return G_SOURCE_REMOVE;
}

static gboolean
start_measure_drag_cb (gpointer user_data)
{
  XqApplication *self = user_data;
  XqWindow *window = XQ_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (self)));

  /* The window opens on Learn; the drag is measured on the Play board, which
   * must be shown (and so realized and laid out) first. */
  xq_window_show_page (window, "play");
  g_timeout_add (300, run_measure_drag_cb, self);
  return G_SOURCE_REMOVE;
}

static void
first_frame_cb (GdkFrameClock *clock,
                XqApplication *self)
{
  self->first_frame_ms = (g_get_monotonic_time () - self->launch_usec) / 1000.0;
  g_clear_signal_handler (&self->first_frame_id, clock);
  /* Let the window settle before the drag starts. */
  g_timeout_add (300, start_measure_drag_cb, self);
}

static void
window_mapped_cb (GtkWidget     *window,
                  XqApplication *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);

  self->first_frame_id = g_signal_connect (clock, "after-paint", G_CALLBACK (first_frame_cb), self);
}

/* ---- --report-content --------------------------------------------------------- */

/* What the Learn and Puzzles pages loaded, printed once both have been shown
 * the way a person opens them.  tools/check-install.sh runs the installed
 * program with it to prove the installed curriculum is found. */
static gboolean
report_content_cb (gpointer user_data)
{
  XqApplication *self = user_data;
  XqWindow *window = XQ_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (self)));
  XqLearnPage *learn = xq_window_get_learn_page (window);
  XqPuzzlePage *puzzles = xq_window_get_puzzle_page (window);
  GPtrArray *units;
  GtkWidget *problems = xq_unit_map_get_problems_label (xq_learn_page_get_unit_map (learn));
  guint n_units, n_packs, n_puzzles = 0;

  /* Both pages load in a thread: report what they loaded, not what they
   * have loaded so far. */
  if (xq_learn_page_is_loading (learn) || xq_puzzle_page_is_loading (puzzles))
    return G_SOURCE_CONTINUE;
  units = xq_learn_page_get_units (learn);
  n_units = units ? units->len : 0;
  n_packs = xq_puzzle_page_get_n_packs (puzzles);
  g_print ("lessons-dir %s\n", xq_lesson_default_dir ());
  g_print ("units %u\n", n_units);
  for (guint i = 0; i < n_units; i++)
    {
      const XqUnit *unit = g_ptr_array_index (units, i);
      g_print ("unit %s %s\n", unit->id, unit->title);
    }
  for (guint i = 0; i < n_packs; i++)
    n_puzzles += xq_puzzle_page_get_pack (puzzles, i)->puzzles->len;
  g_print ("packs %u\npuzzles %u\n", n_packs, n_puzzles);
  if (gtk_widget_get_visible (problems))
    {
      g_auto(GStrv) lines = g_strsplit (gtk_label_get_text (GTK_LABEL (problems)), "\n", -1);

      for (guint i = 0; lines[i] != NULL; i++)
        g_print ("problem %s\n", lines[i]);
    }
  g_application_quit (G_APPLICATION (self));
  return G_SOURCE_REMOVE;
}

static gboolean
report_show_puzzles_cb (gpointer user_data)
{
  XqApplication *self = user_data;
  XqWindow *window = XQ_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (self)));

  /* The Puzzles page loads its packs when first shown. */
  xq_window_show_page (window, "puzzles");
  g_timeout_add (50, report_content_cb, self);
  return G_SOURCE_REMOVE;
}

static void
report_window_mapped_cb (GtkWidget     *window,
                         XqApplication *self)
{
  /* The window opens on Learn, so the curriculum is loaded by now. */
  g_idle_add (report_show_puzzles_cb, self);
}

/* For tools/screenshot.sh: XQ_DEMO_FEN sets up a position, XQ_DEMO_MOVES
 * ="h2e2 h9g7" plays moves, and XQ_DEMO_PAGE names a page to show or
 * "preferences".  XQ_DEMO_GAME_DAY="jieqi" opens that game's rules on the
 * Game Day page, "jieqi SEED [ACTION...]" plays it from SEED (an action
 * "resign" gives up for the side to move), "jieqi SEED/LEVEL ACTION" against
 * the computer at LEVEL, which answers the action. */
static void
apply_demo_game_day (XqWindow   *window,
                     const char *spec)
{
  XqGameDayPage *page = xq_window_get_game_day_page (window);
  g_auto(GStrv) words = g_strsplit (spec, " ", -1);
  XqVariantKind kind;

  if (words[0] == NULL || !xq_variant_kind_from_code (words[0], &kind))
    {
      g_printerr ("XQ_DEMO_GAME_DAY: no game “%s”\n", spec);
      return;
    }
  xq_window_show_page (window, "game-day");
  xq_game_day_page_open_rules (page, kind);
  if (words[1] == NULL)
    return;
  {
    /* "SEED/LEVEL" plays against the computer at that level. */
    const char *slash = strchr (words[1], '/');
    int level = slash != NULL ? (int) g_ascii_strtoll (slash + 1, NULL, 10) : 0;

    xq_game_day_page_play (page, level, (guint32) g_ascii_strtoull (words[1], NULL, 10));
  }
  for (guint i = 2; words[i] != NULL; i++)
    if (g_str_equal (words[i], "resign"))
      xq_variant_play_resign (xq_game_day_page_get_play (page));
    else if (*words[i] != '\0' && !xq_variant_play_play_text (xq_game_day_page_get_play (page), words[i], NULL))
      g_printerr ("XQ_DEMO_GAME_DAY: %s is not legal here\n", words[i]);
}

/* XQ_DEMO_LESSON="UNIT-ID STEP" opens that step of that unit on Learn
 * once the curriculum is read (tools/screenshot.sh). */
static gboolean
demo_lesson_cb (gpointer user_data)
{
  XqWindow *window = user_data;
  XqLearnPage *page = xq_window_get_learn_page (window);
  g_auto(GStrv) words = g_strsplit (g_getenv ("XQ_DEMO_LESSON"), " ", 2);
  GPtrArray *units = xq_learn_page_get_units (page);
  static int tries;

  if (units == NULL || units->len == 0)
    return ++tries < 100 ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
  for (guint i = 0; i < units->len; i++)
    if (g_strcmp0 (((XqUnit *) g_ptr_array_index (units, i))->id, words[0]) == 0)
      {
        xq_window_show_page (window, "learn");
        xq_learn_page_open_unit (page, i);
        if (words[1] != NULL)
          xq_lesson_player_go_to (xq_learn_page_get_player (page), (guint) g_ascii_strtoull (words[1], NULL, 10));
        return G_SOURCE_REMOVE;
      }
  g_printerr ("XQ_DEMO_LESSON: no unit “%s”\n", words[0]);
  return G_SOURCE_REMOVE;
}

static void
apply_demo_env (XqApplication *self,
                XqWindow      *window)
{
  const char *moves = g_getenv ("XQ_DEMO_MOVES");
  const char *page = g_getenv ("XQ_DEMO_PAGE");
  const char *fen = g_getenv ("XQ_DEMO_FEN");
  g_autoptr(GError) error = NULL;

  if (fen != NULL && *fen != '\0' && !xq_play_page_load_fen (xq_window_get_play_page (window), fen, &error))
    g_printerr ("XQ_DEMO_FEN: %s\n", error->message);
  if (moves != NULL)
    {
      g_auto(GStrv) list = g_strsplit (moves, " ", -1);
      XqPlayPage *play = xq_window_get_play_page (window);

      for (guint i = 0; list[i] != NULL; i++)
        if (*list[i] != '\0' && !xq_play_page_play (play, xq_move_from_iccs (list[i]), NULL))
          g_printerr ("XQ_DEMO_MOVES: %s is not legal here\n", list[i]);
    }
  if (g_strcmp0 (page, "preferences") == 0)
    g_action_group_activate_action (G_ACTION_GROUP (self), "preferences", NULL);
  else if (page != NULL && *page != '\0')
    xq_window_show_page (window, page);
  if (g_getenv ("XQ_DEMO_LESSON") != NULL && *g_getenv ("XQ_DEMO_LESSON") != '\0')
    g_timeout_add_full (G_PRIORITY_LOW, 100, demo_lesson_cb, g_object_ref (window), g_object_unref);
  if (g_getenv ("XQ_DEMO_GAME_DAY") != NULL && *g_getenv ("XQ_DEMO_GAME_DAY") != '\0')
    apply_demo_game_day (window, g_getenv ("XQ_DEMO_GAME_DAY"));
  /* XQ_DEMO_IMPORT="FILE-OR-FOLDER..." (space-separated) starts the Teach
   * page's Import Games with them, as its dialog does once they are
   * chosen (tools/screenshot-import.sh). */
  if (g_getenv ("XQ_DEMO_IMPORT") != NULL && *g_getenv ("XQ_DEMO_IMPORT") != '\0')
    {
      g_auto(GStrv) paths = g_strsplit (g_getenv ("XQ_DEMO_IMPORT"), " ", -1);

      xq_window_show_page (window, "teach");
      xq_teach_page_import_games (xq_window_get_teach_page (window), (const char *const *) paths, NULL);
    }
}

static void
xq_application_activate (GApplication *app)
{
  XqApplication *self = XQ_APPLICATION (app);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    {
      window = GTK_WINDOW (xq_window_new (ADW_APPLICATION (app)));
      if (self->measure)
        g_signal_connect (window, "map", G_CALLBACK (window_mapped_cb), self);
      else if (self->report)
        g_signal_connect (window, "map", G_CALLBACK (report_window_mapped_cb), self);
      gtk_window_present (window);
      apply_demo_env (self, XQ_WINDOW (window));
      return;
    }
  gtk_window_present (window);
}

static int
xq_application_handle_local_options (GApplication *app,
                                     GVariantDict *options)
{
  XqApplication *self = XQ_APPLICATION (app);

  if (g_variant_dict_contains (options, "measure") || g_getenv ("XQ_MEASURE") != NULL)
    {
      self->measure = TRUE;
      /* A second instance would hand over to the first and measure nothing. */
      g_application_set_flags (app, g_application_get_flags (app) | G_APPLICATION_NON_UNIQUE);
    }
  else if (g_variant_dict_contains (options, "report-content"))
    {
      self->report = TRUE;
      g_application_set_flags (app, g_application_get_flags (app) | G_APPLICATION_NON_UNIQUE);
    }
  return -1;
}

/* ---- App actions ----------------------------------------------------------- */

static void
preferences_action (GSimpleAction *action,
                    GVariant      *param,
                    gpointer       user_data)
{
  GtkApplication *app = user_data;
  XqPreferencesWindow *prefs = xq_preferences_window_new (gtk_application_get_active_window (app));

  gtk_window_present (GTK_WINDOW (prefs));
}

static void
about_action (GSimpleAction *action,
              GVariant      *param,
              gpointer       user_data)
{
  GtkApplication *app = user_data;
  static const char *developers[] = { "The Xiangqi Tutor developers", NULL };
  AdwAboutWindow *about;

  about = ADW_ABOUT_WINDOW (adw_about_window_new ());
  gtk_window_set_transient_for (GTK_WINDOW (about), gtk_application_get_active_window (app));
  adw_about_window_set_application_name (about, _("Xiangqi Tutor"));
  adw_about_window_set_application_icon (about, APP_ID);
  adw_about_window_set_version (about, PACKAGE_VERSION);
  adw_about_window_set_developer_name (about, _("The Xiangqi Tutor developers"));
  adw_about_window_set_developers (about, developers);
  adw_about_window_set_comments (about, _("Learn and play xiangqi, Chinese chess"));
  adw_about_window_set_license_type (about, GTK_LICENSE_GPL_3_0);
  adw_about_window_set_website (about, "https://github.com/xiangqi-tutor/xiangqi-tutor");
  adw_about_window_set_issue_url (about, "https://github.com/xiangqi-tutor/xiangqi-tutor/issues");
  /* Translators: put your names here, one per line */
  adw_about_window_set_translator_credits (about, _("translator-credits"));
  gtk_window_present (GTK_WINDOW (about));
}

static void
quit_action (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  g_application_quit (G_APPLICATION (user_data));
}

static const GActionEntry app_actions[] = {
  { .name = "preferences", .activate = preferences_action },
  { .name = "about", .activate = about_action },
  { .name = "quit", .activate = quit_action },
};

static void
xq_application_startup (GApplication *app)
{
  static const struct {
    const char *action;
    const char *accels[3];
  } accels[] = {
    { "app.quit", { "<Control>q", NULL } },
    { "app.preferences", { "<Control>comma", NULL } },
    /* GtkApplication sets this one only for a shortcuts window it builds itself. */
    { "win.show-help-overlay", { "<Control>question", NULL } },
    { "win.new-game", { "<Control>n", NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.redo", { "<Control><Shift>z", "<Control>y", NULL } },
    { "win.flip", { "<Control>r", NULL } },
    { "win.copy-fen", { "<Control><Shift>c", NULL } },
    { "win.paste-fen", { "<Control><Shift>v", NULL } },
    { "win.open", { "<Control>o", NULL } },
    { "win.save", { "<Control>s", NULL } },
  };

  G_APPLICATION_CLASS (xq_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions, G_N_ELEMENTS (app_actions), app);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), accels[i].action, accels[i].accels);
}

static void
xq_application_class_init (XqApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->activate = xq_application_activate;
  app_class->startup = xq_application_startup;
  app_class->handle_local_options = xq_application_handle_local_options;
}

static void
xq_application_init (XqApplication *self)
{
  g_application_add_main_option (G_APPLICATION (self), "measure", 0, G_OPTION_FLAG_NONE,
                                 G_OPTION_ARG_NONE,
                                 _("Print the time to the first frame and per-frame times of a drag, then quit"),
                                 NULL);
  g_application_add_main_option (G_APPLICATION (self), "report-content", 0, G_OPTION_FLAG_NONE,
                                 G_OPTION_ARG_NONE,
                                 _("Print the lesson units and puzzle packs that were loaded, then quit"),
                                 NULL);
}

XqApplication *
xq_application_new (gint64 launch_usec)
{
  XqApplication *self;

  self = g_object_new (XQ_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_DEFAULT_FLAGS,
                       /* Same resources for the .Devel id. */
                       "resource-base-path", APP_PATH,
                       NULL);
  self->launch_usec = launch_usec;
  return self;
}
