/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-application.h: the application — windows, app actions, --measure. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define XQ_TYPE_APPLICATION (xq_application_get_type ())
G_DECLARE_FINAL_TYPE (XqApplication, xq_application, XQ, APPLICATION, AdwApplication)

/* launch_usec: g_get_monotonic_time () at the start of main, for --measure. */
XqApplication *xq_application_new (gint64 launch_usec);

G_END_DECLS
