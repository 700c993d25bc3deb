/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Reading aloud (src/ui/xq-speaker.h), with no speech service running: the
 * recorder that keeps what would be said; the speech-dispatcher backend
 * when the service cannot be reached (it answers at once and says why
 * later, from its worker); the language the catalogue names; the speaker
 * buttons beside the lesson's instruction and feedback and the puzzle's
 * messages, read aloud when pressed and by themselves for a learner who
 * asked; and, run again with XQ_SPEECH=off (--speech-off, tests/meson.build), the
 * buttons hidden and Preferences saying why. */
#define G_LOG_DOMAIN "test-speech-ui"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-learn-page.h"
#include "xq-learner-chooser.h"
#include "xq-preferences-window.h"
#include "xq-puzzle-page.h"
#include "xq-speaker.h"
#include "xq-test-gtk.h"
#include "xq-test-lesson-board.h"
#include "xq-test-puzzle-pack.h"

static void
said_cb (XqSpeaker  *speaker,
         const char *text,
         const char *language,
         GPtrArray  *heard)
{
  g_ptr_array_add (heard, g_strdup_printf ("%s|%s", language, text));
}

static void
test_recorder (void)
{
  g_autoptr(XqSpeaker) speaker = xq_speaker_new (XQ_SPEAKER_BACKEND_RECORD);
  g_autoptr(GPtrArray) heard = g_ptr_array_new_with_free_func (g_free);

  g_assert_true (xq_speaker_get_available (speaker));
  g_assert_null (xq_speaker_get_problem (speaker));
  g_signal_connect (speaker, "said", G_CALLBACK (said_cb), heard);
  xq_speaker_say (speaker, "Tap the general.");
  xq_speaker_say (speaker, "");
  xq_speaker_say (speaker, NULL);
  xq_speaker_say (speaker, "Well done!");
  g_assert_cmpuint (xq_speaker_get_said (speaker)->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (xq_speaker_get_said (speaker), 0), ==, "Tap the general.");
  g_assert_cmpstr (g_ptr_array_index (xq_speaker_get_said (speaker), 1), ==, "Well done!");
  g_assert_cmpuint (heard->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (heard, 0), ==, "en|Tap the general.");
  xq_speaker_clear_said (speaker);
  g_assert_cmpuint (xq_speaker_get_said (speaker)->len, ==, 0);
}

static void
test_off (void)
{
  g_autoptr(XqSpeaker) speaker = xq_speaker_new (XQ_SPEAKER_BACKEND_OFF);
  g_autoptr(GPtrArray) heard = g_ptr_array_new_with_free_func (g_free);

  g_assert_false (xq_speaker_get_available (speaker));
  g_assert_nonnull (xq_speaker_get_problem (speaker));
  g_signal_connect (speaker, "said", G_CALLBACK (said_cb), heard);
  xq_speaker_say (speaker, "Nobody hears this.");
  g_assert_cmpuint (heard->len, ==, 0);
  g_assert_null (xq_speaker_get_said (speaker));
}

/* The service is not there and cannot be started: the speaker is made at
 * once, not available, and its worker tells why a moment later.  Nothing
 * is started: the address names a socket that does not exist and the
 * command that would start the service fails. */
static void
test_unreachable (void)
{
  g_autoptr(XqSpeaker) speaker = NULL;
  g_autoptr(GPtrArray) heard = g_ptr_array_new_with_free_func (g_free);
  gint64 deadline;

  g_setenv ("SPEECHD_ADDRESS", "unix_socket:/nonexistent-xq-test/speechd.sock", TRUE);
  g_setenv ("SPEECHD_CMD", "/bin/false", TRUE);
  speaker = xq_speaker_new (XQ_SPEAKER_BACKEND_SPEECHD);
  g_assert_false (xq_speaker_get_available (speaker));
  g_signal_connect (speaker, "said", G_CALLBACK (said_cb), heard);
  xq_speaker_say (speaker, "Not yet.");
  g_assert_cmpuint (heard->len, ==, 0);
  deadline = g_get_monotonic_time () + 20 * G_TIME_SPAN_SECOND;
  while (xq_speaker_get_problem (speaker) == NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_false (xq_speaker_get_available (speaker));
  g_assert_nonnull (xq_speaker_get_problem (speaker));
  g_assert_nonnull (strstr (xq_speaker_get_problem (speaker), "speech-dispatcher"));
  g_test_message ("problem: %s", xq_speaker_get_problem (speaker));
  g_unsetenv ("SPEECHD_ADDRESS");
  g_unsetenv ("SPEECHD_CMD");
}

/* Mandarin for both Chinese interfaces: the catalogue names the language.
 * Run once per interface language (--lang=zh_CN, --lang=zh_TW,
 * tests/meson.build). */
static void
test_language (void)
{
  const char *lang = g_getenv ("LANGUAGE");

  g_test_message ("LANGUAGE=%s: %s", lang ? lang : "(unset)", xq_speaker_get_language ());
  g_assert_cmpstr (xq_speaker_get_language (), ==, g_str_has_prefix (lang ? lang : "", "zh") ? "zh" : "en");
}

/* ---- The pages ---------------------------------------------------------------- */

typedef struct {
  GtkWidget   *window;
  XqLearnPage *page;
  char        *store_dir;
} Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->store_dir = g_dir_make_tmp ("xq-speech-XXXXXX", &error);
  g_assert_no_error (error);
  f->page = XQ_LEARN_PAGE (xq_learn_page_new ());
  xq_learn_page_load (f->page, NULL, f->store_dir);
  xq_test_quiet_board (xq_learn_page_get_player (f->page));
  f->window = xq_test_present (GTK_WIDGET (f->page));
  gtk_test_widget_wait_for_draw (f->window);
  xq_speaker_clear_said (xq_speaker_get_default ());
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  xq_test_remove_tree (f->store_dir);
  g_free (f->store_dir);
}

/* The speaker button right before label (xq_speaker_attach_button). */
static GtkWidget *
button_of (GtkWidget *label)
{
  GtkWidget *button = gtk_widget_get_prev_sibling (label);

  g_assert_true (GTK_IS_BUTTON (button));
  return button;
}

static guint
n_said (void)
{
  return xq_speaker_get_said (xq_speaker_get_default ())->len;
}

static const char *
said (guint i)
{
  return g_ptr_array_index (xq_speaker_get_said (xq_speaker_get_default ()), i);
}

/* A learner made without "read aloud": nothing is said until a speaker
 * button is pressed; then just that label. */
static void
test_buttons (Fixture       *f,
              gconstpointer  data)
{
  XqLessonPlayer *player = xq_learn_page_get_player (f->page);
  g_autofree char *id = NULL;
  g_autoptr(GError) error = NULL;
  const XqExercise *ex;
  GtkWidget *prompt;

  id = xq_learner_chooser_add_full (xq_learn_page_get_chooser (f->page), "Ann", FALSE, &error);
  g_assert_no_error (error);
  g_assert_false (xq_learn_page_get_progress (f->page)->speak);
  xq_learn_page_open_unit (f->page, 0);
  while (xq_lesson_player_get_exercise (player) == NULL)
    xq_test_click (xq_lesson_player_get_button (player, "next"));
  ex = xq_lesson_player_get_exercise (player);
  g_assert_cmpuint (n_said (), ==, 0);
  prompt = xq_test_find_label (GTK_WIDGET (player), ex->prompt);
  g_assert_nonnull (prompt);
  g_assert_true (gtk_widget_get_visible (button_of (prompt)));
  xq_test_click (button_of (prompt));
  g_assert_cmpuint (n_said (), ==, 1);
  g_assert_cmpstr (said (0), ==, ex->prompt);
}

/* A learner who cannot read yet: the instruction is said when it appears. */
static void
test_auto (Fixture       *f,
           gconstpointer  data)
{
  XqLessonPlayer *player = xq_learn_page_get_player (f->page);
  g_autofree char *id = NULL;
  g_autoptr(GError) error = NULL;
  const XqUnit *unit;

  id = xq_learner_chooser_add_full (xq_learn_page_get_chooser (f->page), "Bo", TRUE, &error);
  g_assert_no_error (error);
  g_assert_true (xq_learn_page_get_progress (f->page)->speak);
  xq_speaker_clear_said (xq_speaker_get_default ());
  xq_learn_page_open_unit (f->page, 0);
  unit = g_ptr_array_index (xq_learn_page_get_units (f->page), 0);
  g_assert_cmpuint (n_said (), ==, 1);
  g_assert_cmpstr (said (0), ==, ((XqLessonPage *) g_ptr_array_index (unit->pages, 0))->text);
  /* Each instruction as it appears. */
  while (xq_lesson_player_get_exercise (player) == NULL)
    xq_test_click (xq_lesson_player_get_button (player, "next"));
  g_assert_cmpstr (said (n_said () - 1), ==, xq_lesson_player_get_exercise (player)->prompt);
}

/* XQ_SPEECH=off: every speaker button hidden, and Preferences says why. */
static void
test_hidden (Fixture       *f,
             gconstpointer  data)
{
  XqLessonPlayer *player = xq_learn_page_get_player (f->page);
  XqPreferencesWindow *prefs;
  const XqExercise *ex;
  GtkWidget *prompt;

  g_assert_false (xq_speaker_get_available (xq_speaker_get_default ()));
  xq_learn_page_open_unit (f->page, 0);
  while (xq_lesson_player_get_exercise (player) == NULL)
    xq_test_click (xq_lesson_player_get_button (player, "next"));
  ex = xq_lesson_player_get_exercise (player);
  prompt = xq_test_find_label (GTK_WIDGET (player), ex->prompt);
  g_assert_nonnull (prompt);
  g_assert_false (gtk_widget_get_visible (button_of (prompt)));
  prefs = xq_preferences_window_new (GTK_WINDOW (f->window));
  g_assert_cmpstr (xq_preferences_window_get_speech_text (prefs), ==,
                   xq_speaker_get_problem (xq_speaker_get_default ()));
  gtk_window_destroy (GTK_WINDOW (prefs));
}

int
main (int argc, char **argv)
{
  gboolean off = FALSE;

  /* --speech-off: the process's speaker is off (XQ_SPEECH=off). */
  for (int i = 1; i < argc; i++)
    if (g_strcmp0 (argv[i], "--speech-off") == 0)
      {
        off = TRUE;
        argv[i] = (char *) "";
        g_setenv ("XQ_SPEECH", "off", TRUE);
      }
  xq_test_gtk_init_app (&argc, &argv, XQ_BUILD_SCHEMADIR, XQ_BUILD_ROOT "/po");
  if (off)
    {
      g_test_add ("/ui/speech/hidden", Fixture, NULL, fixture_setup, test_hidden, fixture_teardown);
      return g_test_run ();
    }
  g_test_add_func ("/ui/speech/recorder", test_recorder);
  g_test_add_func ("/ui/speech/off", test_off);
  g_test_add_func ("/ui/speech/unreachable", test_unreachable);
  g_test_add_func ("/ui/speech/language", test_language);
  g_test_add ("/ui/speech/buttons", Fixture, NULL, fixture_setup, test_buttons, fixture_teardown);
  g_test_add ("/ui/speech/auto", Fixture, NULL, fixture_setup, test_auto, fixture_teardown);
  return g_test_run ();
}
