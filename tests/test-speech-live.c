/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Reading aloud through a real speech-dispatcher (docs/speech.md, "Tests"):
 * the app's own speaker, with its default backend (XQ_SPEECH unset), talks
 * to a speech-dispatcher this program starts for itself, and the words of
 * a lesson reach espeak-ng in the interface's language.
 *
 * The service is private: its configuration, socket, logs and pid file
 * are in this program's temporary HOME (xq-test-dirs.h), so the user's
 * own service is never reached nor started (SPEECHD_CMD=/bin/false), and
 * its sound goes to libao's null driver, so no sound card is needed.  The
 * proof is espeak-ng's module log (its "Debug" option): the text it was
 * asked to say, the language it set, and the samples it made.  Run once
 * in English and once per Chinese interface (--lang=zh_CN, --lang=zh_TW,
 * tests/meson.build): Mandarin, "zh", for both. */
#define G_LOG_DOMAIN "test-speech-live"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <signal.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "xq-learn-page.h"
#include "xq-learner-chooser.h"
#include "xq-speaker.h"
#include "xq-test-gtk.h"
#include "xq-test-lesson-board.h"

/* Every wait is bounded: the service starts in about 3 s on a quiet
 * machine; 60 s leaves room for a loaded one. */
#define WAIT_SECONDS 60

typedef struct {
  char        *dir;
  char        *socket;
  char        *module_log;
  GSubprocess *server;
} Service;

static Service service;

static void
write_file (const char *path,
            const char *text)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
}

#ifdef __linux__
/* The service goes when this program does, even when it crashes. */
static void
child_setup (gpointer data)
{
  prctl (PR_SET_PDEATHSIG, SIGTERM);
}
#endif

static gboolean
can_connect (const char *path)
{
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GSocketAddress) address = g_unix_socket_address_new (path);
  g_autoptr(GSocketConnection) conn = NULL;

  conn = g_socket_client_connect (client, G_SOCKET_CONNECTABLE (address), NULL, NULL);
  return conn != NULL;
}

static void
service_start (void)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *conf = NULL, *modules = NULL, *logs = NULL, *text = NULL;
  g_autofree char *path = NULL, *pid = NULL, *libao = NULL;
  g_autofree char *program = g_find_program_in_path ("speech-dispatcher");
  gint64 deadline;

  g_assert_nonnull (program);
  service.dir = g_build_filename (g_getenv ("HOME"), "speechd", NULL);
  conf = g_build_filename (service.dir, "conf", NULL);
  modules = g_build_filename (conf, "modules", NULL);
  logs = g_build_filename (service.dir, "log", NULL);
  g_assert_cmpint (g_mkdir_with_parents (modules, 0700), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (logs, 0700), ==, 0);
  service.socket = g_build_filename (service.dir, "speechd.sock", NULL);
  service.module_log = g_build_filename (logs, "espeak-ng.log", NULL);
  pid = g_build_filename (service.dir, "speechd.pid", NULL);

  /* Only espeak-ng; sound to libao, whose default driver (from
   * $HOME/.libao) is "null". */
  text = g_strdup_printf ("CommunicationMethod \"unix_socket\"\n"
                          "SocketPath \"%s\"\n"
                          "LogLevel 3\n"
                          "LogDir \"%s\"\n"
                          "AudioOutputMethod \"libao\"\n"
                          "AddModule \"espeak-ng\" \"sd_espeak-ng\" \"espeak-ng.conf\"\n"
                          "DefaultModule espeak-ng\n"
                          "DefaultLanguage \"en\"\n",
                          service.socket, logs);
  path = g_build_filename (conf, "speechd.conf", NULL);
  write_file (path, text);
  g_free (path);
  path = g_build_filename (modules, "espeak-ng.conf", NULL);
  write_file (path, "Debug 1\nEspeakIndexing 1\n");
  libao = g_build_filename (g_getenv ("HOME"), ".libao", NULL);
  write_file (libao, "default_driver=null\n");

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE | G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  g_subprocess_launcher_set_cwd (launcher, service.dir);
#ifdef __linux__
  g_subprocess_launcher_set_child_setup (launcher, child_setup, NULL, NULL);
#endif
  /* -s: one application's server; -t 60: gone 60 s after its last client. */
  service.server = g_subprocess_launcher_spawn (launcher, &error, program, "-s", "-t", "60",
                                                "-C", conf, "-S", service.socket, "-L", logs,
                                                "-P", pid, "-l", "3", NULL);
  g_assert_no_error (error);

  deadline = g_get_monotonic_time () + WAIT_SECONDS * G_TIME_SPAN_SECOND;
  while (!(g_file_test (service.socket, G_FILE_TEST_EXISTS) && can_connect (service.socket)))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_usleep (50 * 1000);
    }
  g_test_message ("speech-dispatcher %s listening on %s", program, service.socket);
}

static void
service_stop (void)
{
  g_autoptr(GError) error = NULL;

  if (service.server == NULL)
    return;
  g_subprocess_send_signal (service.server, SIGTERM);
  g_subprocess_wait (service.server, NULL, &error);
  g_assert_no_error (error);
  g_clear_object (&service.server);
  g_free (service.dir);
  g_free (service.socket);
  g_free (service.module_log);
}

/* What espeak-ng's module log says it spoke: "language|text" for every
 * request it made sound for, in order.  A request is logged as
 * "Requested data: |<speak>…</speak>|" (SSML: escaped, with speech-
 * dispatcher's index marks between sentences), the language as
 * "set_language_and_voice LANG" when it changes, the sound as "pushing N
 * samples". */
static GPtrArray *
spoken (const char *log)
{
  static const char *const request = "Requested data: |<speak>";
  static const char *const set_language = "set_language_and_voice ";
  g_autoptr(GPtrArray) out = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) lines = g_strsplit (log, "\n", -1);
  g_autoptr(GRegex) marks = g_regex_new ("<mark name=\"[^\"]*\"/>", 0, 0, NULL);
  g_autofree char *language = g_strdup ("");
  g_autofree char *pending = NULL;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *at, *end;

      if ((at = strstr (lines[i], request)) != NULL &&
          (end = strstr (at, "</speak>|")) != NULL)
        {
          g_autofree char *ssml = g_strndup (at + strlen (request), end - at - strlen (request));
          g_autofree char *bare = g_regex_replace_literal (marks, ssml, -1, 0, "", 0, NULL);
          GString *plain = g_string_new (bare);

          g_string_replace (plain, "&lt;", "<", 0);
          g_string_replace (plain, "&gt;", ">", 0);
          g_string_replace (plain, "&quot;", "\"", 0);
          g_string_replace (plain, "&apos;", "'", 0);
          g_string_replace (plain, "&amp;", "&", 0);
          g_free (pending);
          pending = g_string_free (plain, FALSE);
        }
      else if ((at = strstr (lines[i], set_language)) != NULL)
        {
          g_free (language);
          language = g_strndup (at + strlen (set_language), strcspn (at + strlen (set_language), " "));
        }
      else if (strstr (lines[i], "Espeak-ng: pushing ") != NULL && pending != NULL)
        {
          g_ptr_array_add (out, g_strdup_printf ("%s|%s", language, pending));
          g_clear_pointer (&pending, g_free);
        }
    }
  return g_steal_pointer (&out);
}

/* Waits until espeak-ng was asked to say text, in language, and made
 * sound for it.  Speech-dispatcher hands text on in Unicode's
 * compatibility form (NFKC: Chinese full-width punctuation becomes
 * ASCII), so that is the form compared. */
static void
assert_spoken (const char *text,
               const char *language)
{
  gint64 deadline = g_get_monotonic_time () + WAIT_SECONDS * G_TIME_SPAN_SECOND;
  g_autofree char *nfkc = g_utf8_normalize (text, -1, G_NORMALIZE_ALL_COMPOSE);
  g_autofree char *want = g_strdup_printf ("%s|%s", language, nfkc);
  g_autofree char *log = NULL;

  for (;;)
    {
      g_autoptr(GPtrArray) said = NULL;

      g_clear_pointer (&log, g_free);
      g_file_get_contents (service.module_log, &log, NULL, NULL);
      said = spoken (log != NULL ? log : "");
      for (guint i = 0; i < said->len; i++)
        if (g_strcmp0 (g_ptr_array_index (said, i), want) == 0)
          {
            g_test_message ("espeak-ng said, in %s: %s", language, text);
            return;
          }
      if (g_get_monotonic_time () > deadline)
        {
          g_test_message ("espeak-ng's log:\n%s", log != NULL ? log : "(none)");
          for (guint i = 0; i < said->len; i++)
            g_test_message ("spoken: %s", (char *) g_ptr_array_index (said, i));
          g_error ("espeak-ng was never asked to say \"%s\" in %s", text, language);
        }
      g_main_context_iteration (NULL, FALSE);
      g_usleep (20 * 1000);
    }
}

static void
wait_available (XqSpeaker *speaker)
{
  gint64 deadline = g_get_monotonic_time () + WAIT_SECONDS * G_TIME_SPAN_SECOND;

  while (!xq_speaker_get_available (speaker) && xq_speaker_get_problem (speaker) == NULL &&
         g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, g_get_monotonic_time () < deadline);
  g_assert_null (xq_speaker_get_problem (speaker));
  g_assert_true (xq_speaker_get_available (speaker));
}

/* The app's speaker, as the app makes it: the speaker button beside the
 * first instruction of unit 1 reads it aloud, and a learner who cannot
 * read hears the unit's first page by itself. */
static void
test_live (void)
{
  XqSpeaker *speaker = xq_speaker_get_default ();
  const char *language = xq_speaker_get_language ();
  g_autoptr(GError) error = NULL;
  g_autofree char *store_dir = NULL, *id = NULL;
  XqLearnPage *page;
  XqLessonPlayer *player;
  GtkWidget *window, *prompt, *button;
  const XqExercise *ex;
  const XqUnit *unit;

  g_assert_cmpint (xq_speaker_get_backend (speaker), ==, XQ_SPEAKER_BACKEND_SPEECHD);
  g_assert_cmpstr (language, ==, g_str_has_prefix (g_getenv ("LANGUAGE") ? g_getenv ("LANGUAGE") : "", "zh") ? "zh" : "en");
  wait_available (speaker);

  store_dir = g_dir_make_tmp ("xq-speech-live-XXXXXX", &error);
  g_assert_no_error (error);
  page = XQ_LEARN_PAGE (xq_learn_page_new ());
  xq_learn_page_load (page, NULL, store_dir);
  player = xq_learn_page_get_player (page);
  xq_test_quiet_board (player);
  window = xq_test_present (GTK_WIDGET (page));
  gtk_test_widget_wait_for_draw (window);

  /* A learner who can read: the speaker button. */
  id = xq_learner_chooser_add_full (xq_learn_page_get_chooser (page), "Ann", FALSE, &error);
  g_assert_no_error (error);
  xq_learn_page_open_unit (page, 0);
  while (xq_lesson_player_get_exercise (player) == NULL)
    xq_test_click (xq_lesson_player_get_button (player, "next"));
  ex = xq_lesson_player_get_exercise (player);
  prompt = xq_test_find_label (GTK_WIDGET (player), ex->prompt);
  g_assert_nonnull (prompt);
  button = gtk_widget_get_prev_sibling (prompt);
  g_assert_true (GTK_IS_BUTTON (button));
  g_assert_true (gtk_widget_get_visible (button));
  xq_test_click (button);
  assert_spoken (ex->prompt, language);

  /* A learner who cannot read: the first page, by itself. */
  g_clear_pointer (&id, g_free);
  id = xq_learner_chooser_add_full (xq_learn_page_get_chooser (page), "Bo", TRUE, &error);
  g_assert_no_error (error);
  g_assert_true (xq_learn_page_get_progress (page)->speak);
  xq_learn_page_open_unit (page, 0);
  unit = g_ptr_array_index (xq_learn_page_get_units (page), 0);
  assert_spoken (((XqLessonPage *) g_ptr_array_index (unit->pages, 0))->text, language);

  gtk_window_destroy (GTK_WINDOW (window));
  xq_test_remove_tree (store_dir);
}

int
main (int argc, char **argv)
{
  g_autofree char *address = NULL;
  int status;

  /* The app's own choice of backend: speech-dispatcher. */
  g_unsetenv ("XQ_SPEECH");
  xq_test_gtk_init_app (&argc, &argv, XQ_BUILD_SCHEMADIR, XQ_BUILD_ROOT "/po");
  service_start ();
  /* This service only: libspeechd neither looks for nor starts another. */
  address = g_strconcat ("unix_socket:", service.socket, NULL);
  g_setenv ("SPEECHD_ADDRESS", address, TRUE);
  g_setenv ("SPEECHD_CMD", "/bin/false", TRUE);
  g_test_add_func ("/ui/speech-live/espeak-ng", test_live);
  status = g_test_run ();
  service_stop ();
  return status;
}
