/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-sound-player.h: plays the app's sounds (docs/sounds.md).
 *
 * Which sound an event makes is the lesson layer's decision (xq-sound.h);
 * this only plays it, through GTK's media streams, from the files in the
 * resources.  One player for the process, its "enabled" bound to the
 * "sounds" preference.  Every request while enabled is announced by
 * ::played first, so tests see what would be heard; the streams themselves
 * are opened only when "output" is on, which XQ_SOUNDS=silent in the
 * environment turns off (the tests' setting: no test needs audio).  With
 * no audio device or no media backend the sound is simply not heard. */
#pragma once

#include <gtk/gtk.h>

#include "xq-sound.h"

G_BEGIN_DECLS

#define XQ_TYPE_SOUND_PLAYER (xq_sound_player_get_type ())
G_DECLARE_FINAL_TYPE (XqSoundPlayer, xq_sound_player, XQ, SOUND_PLAYER, GObject)

/* The process's player (created on first use, kept to the end). */
XqSoundPlayer *xq_sound_player_get_default (void);
/* Plays sound now (NONE: nothing), cutting short the same sound still
 * ringing.  Never blocks and never fails. */
void           xq_sound_player_play        (XqSoundPlayer *self, XqSound sound);
gboolean       xq_sound_player_get_enabled (XqSoundPlayer *self);
void           xq_sound_player_set_enabled (XqSoundPlayer *self, gboolean enabled);
gboolean       xq_sound_player_get_output  (XqSoundPlayer *self);
void           xq_sound_player_set_output  (XqSoundPlayer *self, gboolean output);

/* xq_sound_player_play on the process's player. */
void           xq_sound_play               (XqSound sound);

G_END_DECLS
