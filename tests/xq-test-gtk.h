/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-test-gtk.h: the start of every GTK test program. */
#pragma once

#include <adwaita.h>

#include "xq-test-dirs.h"

/* gtk_test_init () and adw_init (), in this program's own temporary HOME
 * and XDG dirs (xq-test-dirs.h).  Call it first, before anything reads
 * those dirs. */
static inline void
xq_test_gtk_init (int *argc, char ***argv)
{
  xq_test_isolate_dirs ();
  gtk_test_init (argc, argv, NULL);
  adw_init ();
}
