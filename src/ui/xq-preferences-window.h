/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-preferences-window.h: piece set, board theme, notation, coordinates,
 * sounds — all stored in GSettings — and whether reading aloud works. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define XQ_TYPE_PREFERENCES_WINDOW (xq_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (XqPreferencesWindow, xq_preferences_window, XQ, PREFERENCES_WINDOW, AdwPreferencesWindow)

XqPreferencesWindow *xq_preferences_window_new (GtkWindow *parent);
/* What the Reading Aloud row says: that the speaker buttons read aloud,
 * or why they cannot (xq-speaker.h). */
const char *xq_preferences_window_get_speech_text (XqPreferencesWindow *self);

G_END_DECLS
