/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-speaker.h: reads the app's words aloud for a child who cannot read
 * yet (docs/speech.md).
 *
 * One speaker for the process, with one of two backends:
 *
 * - speech-dispatcher (libspeechd), the desktop's speech service that
 *   screen readers use.  Every call to it can block (it talks over a
 *   socket, and the first connection may start the service), so all of
 *   them run on one worker thread of the speaker's own: connecting,
 *   choosing the language, cancelling and speaking.  The main thread only
 *   queues requests and learns the outcome of connecting.  Built without
 *   libspeechd (meson -Dspeech=disabled), this backend is never available.
 * - the recorder, which says nothing and keeps every text in order: the
 *   tests' backend, chosen by XQ_SPEECH=fake in the environment
 *   (tests/meson.build) or xq_speaker_new ().
 *
 * XQ_SPEECH=off turns speaking off altogether.  Text is spoken in the
 * interface language (the catalogue says which: Mandarin for zh_CN and
 * zh_TW).  Until the speaker is "available" the app hides its speaker
 * buttons; when it cannot be, "problem" says why in a sentence. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef enum {
  XQ_SPEAKER_BACKEND_SPEECHD,
  XQ_SPEAKER_BACKEND_RECORD,
  XQ_SPEAKER_BACKEND_OFF,
} XqSpeakerBackend;

#define XQ_TYPE_SPEAKER (xq_speaker_get_type ())
G_DECLARE_FINAL_TYPE (XqSpeaker, xq_speaker, XQ, SPEAKER, GObject)

/* The process's speaker, its backend chosen by XQ_SPEECH ("fake": the
 * recorder, "off": none, anything else: speech-dispatcher).  The first
 * call starts connecting, off the main thread. */
XqSpeaker  *xq_speaker_get_default   (void);
XqSpeaker  *xq_speaker_new           (XqSpeakerBackend backend);
XqSpeakerBackend xq_speaker_get_backend (XqSpeaker *self);
/* Can it speak now?  FALSE while still connecting, and for good once
 * connecting failed. */
gboolean    xq_speaker_get_available (XqSpeaker *self);
/* Why it cannot speak, translated (NULL while connecting or available). */
const char *xq_speaker_get_problem   (XqSpeaker *self);
/* The language text is spoken in ("en", "zh", …), from the catalogue. */
const char *xq_speaker_get_language  (void);
/* Says text (NULL or empty: nothing), cutting short whatever it was
 * saying.  Never blocks; does nothing while not available. */
void        xq_speaker_say           (XqSpeaker *self, const char *text);
/* Stops speaking. */
void        xq_speaker_stop          (XqSpeaker *self);
/* The recorder's texts, in the order they were said (NULL for the other
 * backends); xq_speaker_clear_said empties it. */
GPtrArray  *xq_speaker_get_said      (XqSpeaker *self);
void        xq_speaker_clear_said    (XqSpeaker *self);

/* A small button that reads label aloud on the process's speaker: shown
 * only while the speaker is available and the label has words.  Put it
 * beside the label. */
GtkWidget  *xq_speaker_button_new    (GtkLabel *label);
/* Puts that button before label, which must be a child of a GtkBox: the
 * label moves into a row with the button in front (the row is shown
 * exactly when the label is).  Returns the button. */
GtkWidget  *xq_speaker_attach_button (GtkLabel *label);

G_END_DECLS
