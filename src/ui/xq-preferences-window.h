/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-preferences-window.h: piece set, board theme, notation, coordinates,
 * sounds — all stored in GSettings. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define XQ_TYPE_PREFERENCES_WINDOW (xq_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (XqPreferencesWindow, xq_preferences_window, XQ, PREFERENCES_WINDOW, AdwPreferencesWindow)

XqPreferencesWindow *xq_preferences_window_new (GtkWindow *parent);

G_END_DECLS
