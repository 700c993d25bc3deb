/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-class-folder.h: a class that lives on many computers — a folder that
 * every computer of the class can reach (a share on the school's server
 * mounted by GVfs, a USB stick, a local folder), holding the class file,
 * one file per learner and the teacher's units.
 *
 *   FOLDER/class.xqclass        the class: its id and name (handed out to join)
 *   FOLDER/learners/<id>.json   each learner, in one piece (xq-class-learner.h)
 *   FOLDER/units/NAME.json      the teacher's units and puzzle packs
 *
 * Everything that touches the folder goes through GIO (GFile), so an
 * smb:// URI and its GVfs FUSE path both work.  Each computer keeps its own
 * learner store (xq-progress.h) as the local copy and works on it whether
 * the folder is there or not; a sync merges the two learner by learner
 * (xq_class_learner_merge) and writes each side whole: a temporary file
 * renamed over the old one.  A damaged file in the folder is set aside
 * (renamed, never deleted) and reported.  Nothing here blocks on a
 * network from the main thread: the sync is for a worker thread.
 * The layout, the rules and the class file: docs/class.md. */
#pragma once

#include <gio/gio.h>

#include "xq-class-learner.h"
#include "xq-progress.h"

G_BEGIN_DECLS


#define XQ_CLASS_FILE_NAME     "class.xqclass"
#define XQ_CLASS_LEARNERS_DIR  "learners"
#define XQ_CLASS_UNITS_DIR     "units"
/* The class file: at most this many bytes; a name of 1 to 64 characters. */
#define XQ_CLASS_FILE_MAX      (64 * 1024)
#define XQ_CLASS_URI_MAX       4096

/* What the class file says. */
typedef struct {
  char *id;       /* "c-" and 16 hex digits: the class, wherever its folder is */
  char *name;     /* the teacher's name for it ("Class 3B") */
  char *created;  /* "YYYY-MM-DD" */
  char *folder;   /* the folder's URI when the file was made (may be NULL) */
} XqClassInfo;

void         xq_class_info_free      (XqClassInfo *info);
char        *xq_class_info_to_data   (const XqClassInfo *info, gsize *length);
/* Reads a class file: NULL with XQ_CLASS_FOLDER_ERROR_PARSE naming
 * file_name, the JSON path and what is wrong, for anything else. */
XqClassInfo *xq_class_info_load_data (const char *data, gsize length, const char *file_name,
                                      GError **error);

/* Makes folder (and its parents) a class named name: the class file, the
 * learners and units folders.  Refuses a folder that holds a class file
 * already (XQ_CLASS_FOLDER_ERROR_EXISTS). */
XqClassInfo *xq_class_folder_create  (GFile *folder, const char *name, GCancellable *cancellable,
                                      GError **error);
/* The class of a folder, or of a class file handed out (its own folder
 * when that holds the same class, else the folder it names).  Returns the
 * class's folder; *info (optional) what the class file says. */
GFile       *xq_class_folder_resolve (GFile *folder_or_file, XqClassInfo **info,
                                      GCancellable *cancellable, GError **error);

/* ---- This computer's membership --------------------------------------------- */

/* Kept in the learner store's folder ("class-folder.state"). */
typedef struct {
  char       *folder;      /* URI */
  char       *id;
  char       *name;
  char       *joined;      /* ISO 8601, UTC */
  char       *synced;      /* the last sync that finished; NULL: never */
  char       *tried;       /* the last sync tried */
  gboolean    away;        /* the last sync could not reach the folder */
  char       *problem;     /* what the last sync said went wrong (NULL: nothing) */
  GHashTable *names;       /* learner id -> name as last synced */
  GHashTable *units;       /* file name -> checksum of the copy this computer made */
} XqClassState;

void          xq_class_state_free     (XqClassState *state);
/* NULL without an error when this computer is in no class. */
XqClassState *xq_class_state_load     (XqProgressStore *store, GError **error);
gboolean      xq_class_state_save     (XqProgressStore *store, const XqClassState *state, GError **error);
/* Joins the class of folder_or_file (see xq_class_folder_resolve). */
XqClassState *xq_class_join           (XqProgressStore *store, GFile *folder_or_file,
                                       GCancellable *cancellable, GError **error);
/* Forgets the class; every learner stays on this computer. */
gboolean      xq_class_leave          (XqProgressStore *store, GError **error);
/* One line for people, translated: the class, its folder, the last sync
 * or that the folder is away. */
char         *xq_class_state_describe (const XqClassState *state);

/* ---- Syncing ------------------------------------------------------------------ */

typedef struct {
  guint      n_learners;   /* learners looked at */
  guint      n_sent;       /* learner files written to the folder */
  guint      n_received;   /* learners that got something new here */
  guint      n_units;      /* units copied from the folder */
  gboolean   away;         /* the folder could not be reached (or went away) */
  GPtrArray *messages;     /* char*, translated: damaged files set aside, units not copied */
} XqClassSyncReport;

void xq_class_sync_report_free (XqClassSyncReport *report);

/* Called before each learner's file is written to the folder (tests take
 * the folder away there). */
typedef void (*XqClassSyncHook) (const char *learner, gpointer user_data);

/* Merges this computer's learners (all but the default profile) with the
 * joined class folder's, both ways, and copies the folder's units into
 * units_dir (NULL: the user's units folder).  A folder that is away, or
 * goes away half way, gives a report with away set: whatever this side
 * has stays, and the next sync finishes the work.  NULL with an error
 * only when this computer is in no class, or its store cannot be written.
 * Blocks on the network: call it from a worker thread. */
XqClassSyncReport *xq_class_sync      (XqProgressStore *store, const char *units_dir,
                                       GCancellable *cancellable, GError **error);
XqClassSyncReport *xq_class_sync_full (XqProgressStore *store, const char *units_dir,
                                       XqClassSyncHook hook, gpointer hook_data,
                                       GCancellable *cancellable, GError **error);

/* Every learner of a class folder (XqClassLearner*, by id), for a report
 * made from the folder; damaged files set aside and reported in messages
 * (char*). */
GPtrArray *xq_class_folder_learners  (GFile *folder, GPtrArray *messages,
                                      GCancellable *cancellable, GError **error);
/* The class folder as a learner store in dir (and its units in units_dir,
 * when not NULL), so that the class report and CSV of xq-class.h can be
 * made of it. */
gboolean   xq_class_folder_to_store  (GFile *folder, const char *dir, const char *units_dir,
                                      GPtrArray *messages, GCancellable *cancellable, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqClassInfo, xq_class_info_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqClassState, xq_class_state_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqClassSyncReport, xq_class_sync_report_free)

G_END_DECLS
