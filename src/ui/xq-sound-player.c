/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-sound-player"

#include "config.h"

#include "xq-board-settings.h"
#include "xq-sound-player.h"

#define SOUNDS_PATH "/io/github/xiangqi_tutor/XiangqiTutor/sounds/"

struct _XqSoundPlayer
{
  GObject parent_instance;

  gboolean        enabled;
  gboolean        output;
  /* Opened on first use, one per sound, kept to replay it: the media
   * backend is loaded only when a sound is really wanted. */
  GtkMediaStream *streams[XQ_N_SOUNDS];
  gboolean        opening;
  /* The sound asked for while they were being opened, and when. */
  XqSound         pending;
  gint64          pending_since;
};

/* A sound that comes later than this after its event is no longer news. */
#define PENDING_US (300 * G_TIME_SPAN_MILLISECOND)

G_DEFINE_FINAL_TYPE (XqSoundPlayer, xq_sound_player, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ENABLED,
  PROP_OUTPUT,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

enum {
  PLAYED,
  N_SIGNALS
};

static guint signals [N_SIGNALS];

static GtkMediaStream *
open_stream (XqSound sound)
{
  g_autofree char *path = g_strconcat (SOUNDS_PATH, xq_sound_name (sound), ".wav", NULL);

  /* Without a media backend GTK hands back a stream in error, which stays
   * quiet (gtk_media_stream_play does nothing on it); without an audio
   * device GStreamer plays into a silent sink.  Neither prints anything. */
  return GTK_MEDIA_STREAM (gtk_media_file_new_for_resource (path));
}

static void
start (XqSoundPlayer *self,
       XqSound        sound)
{
  GtkMediaStream *stream = self->streams[sound];

  if (stream == NULL || gtk_media_stream_get_error (stream) != NULL)
    return;
  /* A sound asked for again starts again: two quick captures knock twice. */
  if (gtk_media_stream_get_playing (stream) || gtk_media_stream_get_ended (stream))
    gtk_media_stream_seek (stream, 0);
  gtk_media_stream_play (stream);
}

/* Opening a stream starts a GStreamer player, which waits while its own
 * thread builds a pipeline: tens of milliseconds each, seconds the first
 * time GStreamer builds its plugin registry.  Slow work, so all six are
 * opened in a worker; the streams are used on the main thread only once
 * they are handed over (their player's signals go to the main context). */
static void
open_thread (GTask        *task,
             gpointer      source,
             gpointer      data,
             GCancellable *cancellable)
{
  GPtrArray *streams = g_ptr_array_new_with_free_func (g_object_unref);

  for (XqSound s = XQ_SOUND_NONE + 1; s < XQ_N_SOUNDS; s++)
    g_ptr_array_add (streams, open_stream (s));
  g_task_return_pointer (task, streams, (GDestroyNotify) g_ptr_array_unref);
}

static void
opened_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  XqSoundPlayer *self = XQ_SOUND_PLAYER (source);
  g_autoptr(GPtrArray) streams = g_task_propagate_pointer (G_TASK (result), NULL);

  self->opening = FALSE;
  for (guint i = 0; streams != NULL && i < streams->len; i++)
    g_set_object (&self->streams[XQ_SOUND_NONE + 1 + i], g_ptr_array_index (streams, i));
  if (self->pending != XQ_SOUND_NONE && self->enabled && self->output &&
      g_get_monotonic_time () - self->pending_since < PENDING_US)
    start (self, self->pending);
  self->pending = XQ_SOUND_NONE;
}

void
xq_sound_player_play (XqSoundPlayer *self,
                      XqSound        sound)
{
  g_return_if_fail (XQ_IS_SOUND_PLAYER (self));
  g_return_if_fail (sound >= XQ_SOUND_NONE && sound < XQ_N_SOUNDS);

  if (sound == XQ_SOUND_NONE || !self->enabled)
    return;
  g_signal_emit (self, signals[PLAYED], 0, xq_sound_name (sound));
  if (!self->output)
    return;
  if (self->streams[sound] == NULL)
    {
      self->pending = sound;
      self->pending_since = g_get_monotonic_time ();
      if (!self->opening)
        {
          g_autoptr(GTask) task = g_task_new (self, NULL, opened_cb, NULL);

          self->opening = TRUE;
          g_task_set_source_tag (task, xq_sound_player_play);
          g_task_run_in_thread (task, open_thread);
        }
      return;
    }
  start (self, sound);
}

gboolean
xq_sound_player_get_enabled (XqSoundPlayer *self)
{
  g_return_val_if_fail (XQ_IS_SOUND_PLAYER (self), FALSE);
  return self->enabled;
}

void
xq_sound_player_set_enabled (XqSoundPlayer *self,
                             gboolean       enabled)
{
  g_return_if_fail (XQ_IS_SOUND_PLAYER (self));

  enabled = !!enabled;
  if (self->enabled == enabled)
    return;
  self->enabled = enabled;
  /* Switched off in the middle of the solved chime: silence now. */
  if (!enabled)
    for (guint i = 0; i < XQ_N_SOUNDS; i++)
      if (self->streams[i] != NULL)
        gtk_media_stream_pause (self->streams[i]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENABLED]);
}

gboolean
xq_sound_player_get_output (XqSoundPlayer *self)
{
  g_return_val_if_fail (XQ_IS_SOUND_PLAYER (self), FALSE);
  return self->output;
}

void
xq_sound_player_set_output (XqSoundPlayer *self,
                            gboolean       output)
{
  g_return_if_fail (XQ_IS_SOUND_PLAYER (self));

  output = !!output;
  if (self->output == output)
    return;
  self->output = output;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OUTPUT]);
}

static void
xq_sound_player_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  XqSoundPlayer *self = XQ_SOUND_PLAYER (object);

  switch (prop_id)
    {
    case PROP_ENABLED:
      g_value_set_boolean (value, self->enabled);
      break;
    case PROP_OUTPUT:
      g_value_set_boolean (value, self->output);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
xq_sound_player_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  XqSoundPlayer *self = XQ_SOUND_PLAYER (object);

  switch (prop_id)
    {
    case PROP_ENABLED:
      xq_sound_player_set_enabled (self, g_value_get_boolean (value));
      break;
    case PROP_OUTPUT:
      xq_sound_player_set_output (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
xq_sound_player_dispose (GObject *object)
{
  XqSoundPlayer *self = XQ_SOUND_PLAYER (object);

  for (guint i = 0; i < XQ_N_SOUNDS; i++)
    g_clear_object (&self->streams[i]);
  G_OBJECT_CLASS (xq_sound_player_parent_class)->dispose (object);
}

static void
xq_sound_player_class_init (XqSoundPlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = xq_sound_player_get_property;
  object_class->set_property = xq_sound_player_set_property;
  object_class->dispose = xq_sound_player_dispose;

  properties[PROP_ENABLED] =
    g_param_spec_boolean ("enabled", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_OUTPUT] =
    g_param_spec_boolean ("output", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* ::played (const char *name): a sound was asked for while enabled
   * (xq_sound_name), whether or not it can be heard. */
  signals[PLAYED] = g_signal_new ("played", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 1,
                                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
xq_sound_player_init (XqSoundPlayer *self)
{
  self->enabled = TRUE;
  self->output = g_strcmp0 (g_getenv ("XQ_SOUNDS"), "silent") != 0;
}

XqSoundPlayer *
xq_sound_player_get_default (void)
{
  static XqSoundPlayer *player = NULL;

  if (player == NULL)
    {
      GSettings *settings = xq_board_settings_get_default ();

      player = g_object_new (XQ_TYPE_SOUND_PLAYER, NULL);
      if (settings != NULL)
        g_settings_bind (settings, "sounds", player, "enabled", G_SETTINGS_BIND_GET);
    }
  return player;
}

void
xq_sound_play (XqSound sound)
{
  xq_sound_player_play (xq_sound_player_get_default (), sound);
}
