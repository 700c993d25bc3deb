/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-progress.h: learner profiles and their stars, one small JSON file per
 * learner under the XDG data directory.
 *
 * Saving never loses what was there: each write goes to a temporary file
 * that is renamed over the old one (g_file_set_contents), and the previous
 * good file is kept as "<learner>.json.bak".  A crash at any moment leaves
 * either the old or the new file whole; a file damaged some other way is
 * replaced by its backup on load. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define XQ_PROGRESS_ERROR (xq_progress_error_quark ())
GQuark xq_progress_error_quark (void);

typedef enum {
  XQ_PROGRESS_ERROR_BAD_LEARNER,  /* a learner id that is not a safe file name */
  XQ_PROGRESS_ERROR_CORRUPT,      /* neither the file nor its backup can be read */
  XQ_PROGRESS_ERROR_IO,           /* the directory or a file could not be written */
} XqProgressError;

typedef struct {
  char       *learner;  /* id: lower-case letters, digits, "-" and "_" */
  char       *name;     /* shown to people */
  GHashTable *stars;    /* "unit/exercise" -> GINT_TO_POINTER (1..3) */
} XqProgress;

XqProgress *xq_progress_new         (const char *learner, const char *name);
void        xq_progress_free        (XqProgress *progress);
int         xq_progress_get_stars   (const XqProgress *progress, const char *unit, const char *exercise);
/* Keeps the best result; TRUE if this one improved it. */
gboolean    xq_progress_record      (XqProgress *progress, const char *unit, const char *exercise, int stars);
/* Stars summed over a unit's exercises, and how many exercises have any. */
int         xq_progress_unit_stars  (const XqProgress *progress, const char *unit, int *n_done);

typedef struct _XqProgressStore XqProgressStore;

/* dir NULL: $XDG_DATA_HOME/xiangqi-tutor/learners.  Nothing is created
 * until the first save. */
XqProgressStore *xq_progress_store_new      (const char *dir);
void             xq_progress_store_free     (XqProgressStore *store);
const char      *xq_progress_store_get_dir  (XqProgressStore *store);
gboolean         xq_progress_learner_id_valid (const char *learner);

/* Learner ids with a saved profile, sorted. */
GPtrArray  *xq_progress_store_list      (XqProgressStore *store);
/* A learner never saved gets an empty profile named after the id. */
XqProgress *xq_progress_store_load      (XqProgressStore *store, const char *learner, GError **error);
gboolean    xq_progress_store_save      (XqProgressStore *store, const XqProgress *progress, GError **error);
/* Forgets every result of one learner (the name stays), backup included. */
gboolean    xq_progress_store_reset     (XqProgressStore *store, const char *learner, GError **error);
/* Deletes the learner's profile altogether. */
gboolean    xq_progress_store_remove    (XqProgressStore *store, const char *learner, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqProgress, xq_progress_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqProgressStore, xq_progress_store_free)

G_END_DECLS
