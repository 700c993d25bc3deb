/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-data-dirs.h: where a program of this project finds the files it ships
 * (the curriculum, the puzzle packs, the translations).  One rule for the
 * app, xqtool and the tests; docs/installing.md describes it. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* TRUE when the running executable lies inside the build directory it was
 * compiled in (and not in the install bindir), that is: a developer's or a
 * test's uninstalled build.  An installed program never is. */
gboolean    xq_data_running_uninstalled (void);

/* The directory holding the translations: XQ_LOCALEDIR if set, else the build
 * tree's po/ when uninstalled, else the installed LOCALEDIR. */
const char *xq_data_locale_dir          (void);

/* The curriculum shipped with the program: XQ_LESSONS_DIR if set, else the
 * source tree's lessons/ when running uninstalled from the build tree
 * (xq_data_running_uninstalled ()), else the installed PKGDATADIR/lessons. */
const char   *xq_lesson_default_dir (void);

G_END_DECLS
