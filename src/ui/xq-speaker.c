/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-speaker"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#ifdef XQ_HAVE_SPEECHD
#include <libspeechd.h>
#endif

#include "xq-speaker.h"

/* ---- The worker: everything that talks to speech-dispatcher ------------------- */

typedef enum {
  JOB_SAY,
  JOB_STOP,
  JOB_QUIT,
} JobKind;

typedef struct {
  JobKind  kind;
  char    *text;
  char    *language;
} Job;

/* Shared by the speaker (main thread) and its worker thread; the speaker
 * may be gone before the worker is, so it is reached by a weak ref. */
typedef struct {
  gatomicrefcount  ref;
  GAsyncQueue     *jobs;
  GMainContext    *context;  /* where the outcome of connecting is told */
  GWeakRef         speaker;
} Worker;

typedef struct {
  Worker   *worker;
  gboolean  ok;
  char     *problem;
} Outcome;

struct _XqSpeaker
{
  GObject parent_instance;

  XqSpeakerBackend backend;
  gboolean         available;
  char            *problem;
  GPtrArray       *said;     /* the recorder's */
  Worker          *worker;
};

G_DEFINE_FINAL_TYPE (XqSpeaker, xq_speaker, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_AVAILABLE,
  PROP_PROBLEM,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

enum {
  SAID,
  N_SIGNALS
};

static guint signals [N_SIGNALS];

static void
job_free (Job *job)
{
  g_free (job->text);
  g_free (job->language);
  g_free (job);
}

static void
worker_unref (Worker *w)
{
  if (!g_atomic_ref_count_dec (&w->ref))
    return;
  g_async_queue_unref (w->jobs);
  g_main_context_unref (w->context);
  g_weak_ref_clear (&w->speaker);
  g_free (w);
}

static void
set_state (XqSpeaker  *self,
           gboolean    available,
           const char *problem)
{
  if (self->available != available)
    {
      self->available = available;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AVAILABLE]);
    }
  if (g_strcmp0 (self->problem, problem) != 0)
    {
      g_free (self->problem);
      self->problem = g_strdup (problem);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROBLEM]);
    }
}

static gboolean
outcome_cb (gpointer data)
{
  Outcome *o = data;
  g_autoptr(XqSpeaker) self = g_weak_ref_get (&o->worker->speaker);

  if (self != NULL)
    set_state (self, o->ok, o->problem);
  return G_SOURCE_REMOVE;
}

static void
outcome_free (gpointer data)
{
  Outcome *o = data;

  worker_unref (o->worker);
  g_free (o->problem);
  g_free (o);
}

/* Tells the main thread whether speaking works (problem: why not). */
G_GNUC_UNUSED static void
tell (Worker     *w,
      gboolean    ok,
      const char *problem)
{
  Outcome *o = g_new0 (Outcome, 1);
  GSource *source;

  g_atomic_ref_count_inc (&w->ref);
  o->worker = w;
  o->ok = ok;
  o->problem = g_strdup (problem);
  /* Queued for the main loop, never run in this thread (as
   * g_main_context_invoke () would while the main thread is outside it). */
  source = g_idle_source_new ();
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, outcome_cb, o, outcome_free);
  g_source_attach (source, w->context);
  g_source_unref (source);
}

#ifdef XQ_HAVE_SPEECHD
static SPDConnection *
open_connection (Worker *w)
{
  char *error = NULL;
  SPDConnection *conn;

  /* autospawn: a desktop without the service running starts it. */
  conn = spd_open2 ("xiangqi-tutor", "main", NULL, SPD_MODE_SINGLE, NULL, TRUE, &error);
  if (conn == NULL)
    {
      g_autofree char *why = g_strdup (error != NULL ? g_strstrip (error) : "");
      g_autofree char *problem = NULL;
      char *cut;

      /* libspeechd's first sentence says what failed; the rest is about
       * its attempt to start the service. */
      if ((cut = strstr (why, ". Autospawn")) != NULL)
        cut[1] = '\0';
      if (g_str_has_prefix (why, "Error: "))
        memmove (why, why + strlen ("Error: "), strlen (why) - strlen ("Error: ") + 1);

      /* Translators: %s is speech-dispatcher's own reason, in English. */
      problem = g_strdup_printf (_("Reading aloud is off: the speech service (speech-dispatcher) could not be reached. %s"),
                                 why);
      g_message ("speech-dispatcher: %s", why);
      tell (w, FALSE, g_strstrip (problem));
    }
  free (error);
  return conn;
}
#endif

static gpointer
worker_thread (gpointer data)
{
  Worker *w = data;
#ifdef XQ_HAVE_SPEECHD
  SPDConnection *conn = open_connection (w);
  g_autofree char *language = NULL;

  if (conn != NULL)
    tell (w, TRUE, NULL);
#endif

  for (;;)
    {
      Job *job = g_async_queue_pop (w->jobs);
      Job *next;
      gboolean quit;

      /* Only the newest request counts: a child who taps fast hears the
       * last thing, not a queue of old ones. */
      while (job->kind != JOB_QUIT && (next = g_async_queue_try_pop (w->jobs)) != NULL)
        {
          job_free (job);
          job = next;
        }
      quit = job->kind == JOB_QUIT;
#ifdef XQ_HAVE_SPEECHD
      if (conn != NULL && !quit)
        {
          spd_cancel (conn);
          if (job->kind == JOB_SAY)
            {
              if (g_strcmp0 (language, job->language) != 0)
                {
                  spd_set_language (conn, job->language);
                  g_free (language);
                  language = g_strdup (job->language);
                }
              if (spd_say (conn, SPD_TEXT, job->text) < 0)
                {
                  /* The service went away: one new connection, else off. */
                  spd_close (conn);
                  g_clear_pointer (&language, g_free);
                  conn = open_connection (w);
                  if (conn != NULL)
                    {
                      spd_set_language (conn, job->language);
                      language = g_strdup (job->language);
                      spd_say (conn, SPD_TEXT, job->text);
                    }
                }
            }
        }
#endif
      job_free (job);
      if (quit)
        break;
    }
#ifdef XQ_HAVE_SPEECHD
  if (conn != NULL)
    spd_close (conn);
#endif
  worker_unref (w);
  return NULL;
}

static void
push (XqSpeaker  *self,
      JobKind     kind,
      const char *text)
{
  Job *job = g_new0 (Job, 1);

  job->kind = kind;
  job->text = g_strdup (text);
  job->language = g_strdup (xq_speaker_get_language ());
  g_async_queue_push (self->worker->jobs, job);
}

G_GNUC_UNUSED static void
start_worker (XqSpeaker *self)
{
  Worker *w = g_new0 (Worker, 1);
  g_autoptr(GThread) thread = NULL;

  g_atomic_ref_count_init (&w->ref);
  w->jobs = g_async_queue_new_full ((GDestroyNotify) job_free);
  w->context = g_main_context_ref (g_main_context_default ());
  g_weak_ref_init (&w->speaker, self);
  self->worker = w;
  /* The thread's own reference. */
  g_atomic_ref_count_inc (&w->ref);
  thread = g_thread_new ("xq-speaker", worker_thread, w);
}

/* ---- The speaker ------------------------------------------------------------- */

const char *
xq_speaker_get_language (void)
{
  /* Translators: the language the speech service reads this interface in,
   * as speech-dispatcher names it: "zh" for Mandarin (zh_CN and zh_TW
   * both), "en" for English.  Write only the code. */
  return C_("speech-language", "en");
}

void
xq_speaker_say (XqSpeaker  *self,
                const char *text)
{
  g_return_if_fail (XQ_IS_SPEAKER (self));

  if (!self->available || text == NULL || *text == '\0')
    return;
  g_signal_emit (self, signals[SAID], 0, text, xq_speaker_get_language ());
  switch (self->backend)
    {
    case XQ_SPEAKER_BACKEND_RECORD:
      g_ptr_array_add (self->said, g_strdup (text));
      break;
    case XQ_SPEAKER_BACKEND_SPEECHD:
      push (self, JOB_SAY, text);
      break;
    case XQ_SPEAKER_BACKEND_OFF:
    default:
      break;
    }
}

void
xq_speaker_stop (XqSpeaker *self)
{
  g_return_if_fail (XQ_IS_SPEAKER (self));

  if (self->available && self->backend == XQ_SPEAKER_BACKEND_SPEECHD)
    push (self, JOB_STOP, NULL);
}

XqSpeakerBackend
xq_speaker_get_backend (XqSpeaker *self)
{
  g_return_val_if_fail (XQ_IS_SPEAKER (self), XQ_SPEAKER_BACKEND_OFF);
  return self->backend;
}

gboolean
xq_speaker_get_available (XqSpeaker *self)
{
  g_return_val_if_fail (XQ_IS_SPEAKER (self), FALSE);
  return self->available;
}

const char *
xq_speaker_get_problem (XqSpeaker *self)
{
  g_return_val_if_fail (XQ_IS_SPEAKER (self), NULL);
  return self->problem;
}

GPtrArray *
xq_speaker_get_said (XqSpeaker *self)
{
  g_return_val_if_fail (XQ_IS_SPEAKER (self), NULL);
  return self->said;
}

void
xq_speaker_clear_said (XqSpeaker *self)
{
  g_return_if_fail (XQ_IS_SPEAKER (self));
  if (self->said != NULL)
    g_ptr_array_set_size (self->said, 0);
}

static void
xq_speaker_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  XqSpeaker *self = XQ_SPEAKER (object);

  switch (prop_id)
    {
    case PROP_AVAILABLE:
      g_value_set_boolean (value, self->available);
      break;
    case PROP_PROBLEM:
      g_value_set_string (value, self->problem);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
xq_speaker_finalize (GObject *object)
{
  XqSpeaker *self = XQ_SPEAKER (object);

  if (self->worker != NULL)
    {
      Job *quit = g_new0 (Job, 1);

      /* The worker finishes on its own (it may be waiting on the
       * service); nothing here waits for it. */
      quit->kind = JOB_QUIT;
      g_async_queue_push (self->worker->jobs, quit);
      worker_unref (self->worker);
    }
  g_clear_pointer (&self->said, g_ptr_array_unref);
  g_free (self->problem);
  G_OBJECT_CLASS (xq_speaker_parent_class)->finalize (object);
}

static void
xq_speaker_class_init (XqSpeakerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = xq_speaker_get_property;
  object_class->finalize = xq_speaker_finalize;

  properties[PROP_AVAILABLE] =
    g_param_spec_boolean ("available", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PROBLEM] =
    g_param_spec_string ("problem", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* ::said (const char *text, const char *language): text was spoken (or,
   * by the recorder, kept), in that language. */
  signals[SAID] = g_signal_new ("said", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                NULL, NULL, NULL, G_TYPE_NONE, 2,
                                G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE,
                                G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
xq_speaker_init (XqSpeaker *self)
{
}

XqSpeaker *
xq_speaker_new (XqSpeakerBackend backend)
{
  XqSpeaker *self = g_object_new (XQ_TYPE_SPEAKER, NULL);

  self->backend = backend;
  switch (backend)
    {
    case XQ_SPEAKER_BACKEND_RECORD:
      self->said = g_ptr_array_new_with_free_func (g_free);
      self->available = TRUE;
      break;
    case XQ_SPEAKER_BACKEND_SPEECHD:
#ifdef XQ_HAVE_SPEECHD
      start_worker (self);
#else
      self->problem = g_strdup (_("Reading aloud is off: this copy of Xiangqi Tutor was built without speech-dispatcher."));
#endif
      break;
    case XQ_SPEAKER_BACKEND_OFF:
    default:
      self->problem = g_strdup (_("Reading aloud is turned off (XQ_SPEECH=off)."));
      break;
    }
  return self;
}

XqSpeaker *
xq_speaker_get_default (void)
{
  static XqSpeaker *speaker = NULL;

  if (speaker == NULL)
    {
      const char *env = g_getenv ("XQ_SPEECH");
      XqSpeakerBackend backend = XQ_SPEAKER_BACKEND_SPEECHD;

      if (g_strcmp0 (env, "fake") == 0)
        backend = XQ_SPEAKER_BACKEND_RECORD;
      else if (g_strcmp0 (env, "off") == 0)
        backend = XQ_SPEAKER_BACKEND_OFF;
      speaker = xq_speaker_new (backend);
    }
  return speaker;
}

/* ---- The button beside a label ----------------------------------------------- */

static void
update_button (GtkWidget *button)
{
  GtkLabel *label = g_object_get_data (G_OBJECT (button), "xq-speaker-label");
  XqSpeaker *speaker = xq_speaker_get_default ();

  gtk_widget_set_visible (button, label != NULL && xq_speaker_get_available (speaker) &&
                                  *gtk_label_get_text (label) != '\0');
}

static void
button_clicked_cb (GtkButton *button)
{
  GtkLabel *label = g_object_get_data (G_OBJECT (button), "xq-speaker-label");

  if (label != NULL)
    xq_speaker_say (xq_speaker_get_default (), gtk_label_get_text (label));
}

GtkWidget *
xq_speaker_button_new (GtkLabel *label)
{
  GtkWidget *button = gtk_button_new_from_icon_name ("audio-volume-high-symbolic");

  g_return_val_if_fail (GTK_IS_LABEL (label), button);
  gtk_widget_set_tooltip_text (button, _("Read Aloud"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Read Aloud"), -1);
  gtk_widget_set_valign (button, GTK_ALIGN_START);
  gtk_widget_add_css_class (button, "circular");
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "xq-speak-button");
  /* The label lives as long as the page holding both. */
  g_object_set_data (G_OBJECT (button), "xq-speaker-label", label);
  g_signal_connect (button, "clicked", G_CALLBACK (button_clicked_cb), NULL);
  g_signal_connect_object (label, "notify::label", G_CALLBACK (update_button), button, G_CONNECT_SWAPPED);
  g_signal_connect_object (xq_speaker_get_default (), "notify::available", G_CALLBACK (update_button),
                           button, G_CONNECT_SWAPPED);
  update_button (button);
  return button;
}

GtkWidget *
xq_speaker_attach_button (GtkLabel *label)
{
  GtkWidget *widget = GTK_WIDGET (label);
  GtkWidget *parent = gtk_widget_get_parent (widget);
  GtkWidget *before = gtk_widget_get_prev_sibling (widget);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *button = xq_speaker_button_new (label);

  g_return_val_if_fail (GTK_IS_BOX (parent), button);
  g_object_bind_property (widget, "visible", row, "visible", G_BINDING_SYNC_CREATE);
  g_object_ref (widget);
  gtk_box_remove (GTK_BOX (parent), widget);
  gtk_widget_set_hexpand (widget, TRUE);
  gtk_box_append (GTK_BOX (row), button);
  gtk_box_append (GTK_BOX (row), widget);
  g_object_unref (widget);
  gtk_box_insert_child_after (GTK_BOX (parent), row, before);
  return button;
}
