/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-class-learner.h: everything one learner earned, in one piece — the
 * profile (name, stars, results), the puzzle streak, the puzzle ratings and
 * the review queue — as a class folder keeps it: one file per learner
 * ("learners/<id>.json", docs/class.md, "The class folder").
 *
 * Two copies of one learner (this computer's and the folder's) merge item
 * by item and nothing either side earned is lost: the best stars of every
 * exercise, its latest date, the review queues' union, the ratings of the
 * longer history.  No GTK, no clock, no network: xq-class-folder.h moves
 * the bytes. */
#pragma once

#include <glib.h>

#include "xq-progress.h"
#include "xq-rating.h"
#include "xq-review.h"

G_BEGIN_DECLS

/* The class folder's errors (xq-class-folder.h uses them too). */
#define XQ_CLASS_FOLDER_ERROR (xq_class_folder_error_quark ())
GQuark xq_class_folder_error_quark (void);

typedef enum {
  XQ_CLASS_FOLDER_ERROR_PARSE,       /* a class or learner file that is not one (located) */
  XQ_CLASS_FOLDER_ERROR_AWAY,        /* the folder cannot be reached */
  XQ_CLASS_FOLDER_ERROR_NOT_A_CLASS, /* a folder without a class file */
  XQ_CLASS_FOLDER_ERROR_EXISTS,      /* a class is there already */
  XQ_CLASS_FOLDER_ERROR_NOT_JOINED,  /* this computer is in no class */
  XQ_CLASS_FOLDER_ERROR_OTHER_CLASS, /* the folder now holds another class */
  XQ_CLASS_FOLDER_ERROR_IO,          /* this computer's store could not be written */
} XqClassFolderError;

/* A learner's file in a class folder: at most this many bytes (the four
 * files it holds have 4 + 2 + 2 MiB bounds of their own). */
#define XQ_CLASS_LEARNER_MAX_FILE (9 * 1024 * 1024)

typedef struct {
  XqProgress *progress;    /* never NULL */
  int         streak;
  int         best_streak;
  XqRatings  *ratings;     /* never NULL */
  XqReview   *review;      /* never NULL */
} XqClassLearner;

XqClassLearner *xq_class_learner_new       (const char *learner, const char *name);
void            xq_class_learner_free      (XqClassLearner *l);
const char     *xq_class_learner_get_id    (const XqClassLearner *l);

/* This computer's copy, from the progress store (and the ratings and
 * review files beside it).  Call with xq_learner_files_lock held when it
 * is to be merged and written back.  NULL only when the store cannot be
 * read at all (permissions). */
XqClassLearner *xq_class_learner_load_store (XqProgressStore *store, const char *learner, GError **error);
/* Writes l into the store: the profile, streak and review queue through
 * the store's own saves (which keep anything better on disk), the ratings
 * replaced when l's history is longer than the file's. */
gboolean        xq_class_learner_save_store (XqProgressStore *store, const XqClassLearner *l, GError **error);

/* The folder's file: "format", "learner", "progress", "streak", "ratings"
 * and "review", each part the document its own file on a computer holds. */
char           *xq_class_learner_to_data   (const XqClassLearner *l, gsize *length);
/* Reads a learner's file of a class folder.  NULL with an error
 * ("FILE: JSON path: what is wrong") when it is not one (not JSON, too
 * big, another learner's, another format).  A file that is one but has
 * damaged parts gives what can be used and *problem (optional) the first
 * problem: the caller sets the file aside all the same. */
XqClassLearner *xq_class_learner_load_data (const char *data, gsize length, const char *learner,
                                            const char *file_name, char **problem, GError **error);

/* Puts from into into, item by item (docs/class.md, "Merging"): every
 * exercise's best stars, fewest hints among the best and latest date;
 * the longer puzzle streak and best run; the ratings with more attempts
 * (ties keep into's); the review queues' union (xq_review_merge).  The
 * name stays into's.  TRUE if into changed. */
gboolean        xq_class_learner_merge     (XqClassLearner *into, const XqClassLearner *from);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqClassLearner, xq_class_learner_free)

G_END_DECLS
