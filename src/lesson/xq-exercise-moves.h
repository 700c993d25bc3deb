/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-exercise-moves.h: exercises that moved to a unit of their own when a
 * unit was split (xq-exercise-moves.c); below progress and the review
 * queue, whose readers both rename the old keys. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Exercises that moved when a unit was split (xq-exercise-moves.c): the
 * unit an exercise of unit is kept under now, or NULL if it did not move.
 * The readers of the progress file and of the review queue rename the
 * old keys as they read them. */
const char *xq_progress_moved_unit  (const char *unit, const char *exercise);
/* The table, one split at a time: start with *index 0; FALSE after the
 * last.  exercises is NULL-terminated. */
gboolean    xq_progress_moved_next  (guint *index, const char **from, const char **to,
                                     const char *const **exercises);
G_END_DECLS
