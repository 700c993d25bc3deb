/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-progress-private.h: what the learner store's files share among
 * themselves (xq-progress.c, xq-progress-file.c, xq-progress-notice.c,
 * xq-progress-streak.c, xq-progress-removed.c). */
#pragma once

#include <json-glib/json-glib.h>

#include "xq-progress.h"

G_BEGIN_DECLS

struct _XqProgressStore {
  char                 *dir;
  XqProgressNoticeFunc  notice_func;
  gpointer              notice_data;
};

/* The default learner's name as its profile keeps it: untranslated (the
 * msgid of _("Learner") in xq-progress.c), whatever language it was saved
 * under, so that it is shown in the reader's language
 * (docs/lesson-format.md, "The default learner"). */
#define XQ_PROGRESS_DEFAULT_NAME "Learner"

typedef enum {
  XQ_SALVAGE_MISSING,
  XQ_SALVAGE_PERFECT,   /* read, every entry valid */
  XQ_SALVAGE_DAMAGED,   /* read, some entries or the whole file not usable */
} XqSalvageState;

typedef struct {
  XqSalvageState   state;
  char       *data;     /* the bytes, when read */
  gsize       length;
  guint       n_problems;
  char       *problem;  /* the first */
  gboolean    unreadable;
  /* stars */
  XqProgress *p;        /* what could be used (never NULL after a read) */
  gboolean    name_ok;
  gboolean    old_name; /* the default name, not kept the stable way */
  guint       dropped;
  /* streak */
  int         streak;   /* -1: not readable */
  int         best;
} XqSalvage;

/* xq-progress.c */
XqProgressResult *xq_progress_result_new  (int hints, const char *date);
XqProgressResult *xq_progress_result_copy (const XqProgressResult *r);
void        xq_progress_set_result        (XqProgress *progress, const char *key, XqProgressResult *r);
const char *xq_progress_unnamed           (const char *learner);
gboolean    xq_progress_check_learner     (const char *learner, GError **error);
char       *xq_progress_store_main_path   (XqProgressStore *store, const char *learner);
char       *xq_progress_store_streak_path (XqProgressStore *store, const char *learner);
gboolean    xq_progress_store_ensure_dir  (XqProgressStore *store, GError **error);
void        xq_progress_clean_temps       (const char *path);

/* xq-progress-file.c: reading a file as far as it can be */
void        xq_salvage_clear         (XqSalvage *s);
void        xq_salvage_problem       (XqSalvage *s, const char *file, const char *format, ...) G_GNUC_PRINTF (3, 4);
gboolean    xq_salvage_read_bytes    (const char *path, XqSalvage *s, GError **error);
gboolean    xq_salvage_read_progress (const char *path, const char *learner, XqSalvage *s, GError **error);
XqProgress *xq_salvage_combine       (const char *learner, const XqSalvage *main, const XqSalvage *backup,
                                      gboolean *from_backup);
/* ... and writing it */
char       *xq_progress_serialize           (const XqProgress *progress);
gboolean    xq_progress_write_file          (const char *path, const char *data, GError **error);
gboolean    xq_progress_merge_stars         (XqProgress *into, const XqProgress *from);
char       *xq_progress_set_aside           (const char *path);
gboolean    xq_progress_replace_with_backup (const char *path, const XqSalvage *old, const XqSalvage *old_backup,
                                             const char *data, GError **error);
void        xq_progress_write_repaired      (const char *path, const XqSalvage *old_backup, const char *data);
void        xq_progress_repair              (XqProgressStore *store, XqProgressNotice *notice, const char *path,
                                             const XqSalvage *old_backup, const char *data);
gboolean    xq_progress_set_aside_damaged   (XqProgressStore *store, XqProgressNotice *notice, GError **error);
void        xq_progress_migrate_name        (const char *path, const XqSalvage *old, const XqProgress *progress);

/* xq-progress-notice.c */
XqProgressNotice *xq_progress_notice_new  (XqProgressFileKind kind, const char *learner, const char *path,
                                           XqSalvage *main);
void              xq_progress_emit_notice (XqProgressStore *store, XqProgressNotice *notice);

G_END_DECLS
