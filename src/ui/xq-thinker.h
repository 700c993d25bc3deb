/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-thinker.h: the computer's turn, for every page that plays against it
 * (Play, Game Day).  After a short pause the owner is asked for a job (a
 * copy of the position and a fresh engine); the job's search runs in a
 * GTask thread; its answer comes back on the main loop.  Cancelling (undo,
 * a new game, leaving the page) stops the search and drops its answer, so an
 * answer never lands on a position it was not thought for. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct _XqThinker XqThinker;

typedef struct
{
  /* Main thread, when the pause ends: the job to think about (owned by the
   * thinker from then on), or NULL for nothing to do. */
  gpointer (*prepare)  (gpointer owner);
  /* Worker thread: the search; returns whether it found an answer, which it
   * leaves in the job. */
  gboolean (*search)   (gpointer job);
  /* Main thread, while search runs: asks it to return soon. */
  void     (*stop)     (gpointer job);
  /* Main thread: the answer of a search nobody cancelled. */
  void     (*done)     (gpointer owner,
                        gpointer job,
                        gboolean found);
  void     (*free_job) (gpointer job);
} XqThinkerFuncs;

/* owner (a GObject) is kept alive while a search runs. */
XqThinker *xq_thinker_new           (gpointer              owner,
                                     const XqThinkerFuncs *funcs);
/* Cancels first. */
void       xq_thinker_free          (XqThinker            *thinker);

/* Starts the pause (nothing if the thinker is busy already). */
void       xq_thinker_start         (XqThinker            *thinker,
                                     guint                 delay_ms);
void       xq_thinker_cancel        (XqThinker            *thinker);
/* In the pause or searching. */
gboolean   xq_thinker_is_busy       (XqThinker            *thinker);
/* Searching (past the pause). */
gboolean   xq_thinker_is_searching  (XqThinker            *thinker);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqThinker, xq_thinker_free)

G_END_DECLS
