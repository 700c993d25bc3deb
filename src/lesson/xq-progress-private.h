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

/* How the default learner's profile keeps its name: the untranslated
 * name, whatever language it was saved under, so that it is shown in the
 * reader's language (docs/lesson-format.md, "The default learner"). */
#define DEFAULT_NAME N_("Learner")

typedef enum {
  FILE_MISSING,
  FILE_PERFECT,   /* read, every entry valid */
  FILE_DAMAGED,   /* read, some entries or the whole file not usable */
} FileState;

typedef struct {
  FileState   state;
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
} Salvage;

/* xq-progress.c */
XqProgressResult *result_new (int hints, const char *date);
XqProgressResult *result_copy (const XqProgressResult *r);
void     set_result (XqProgress *progress, const char *key, XqProgressResult *r);
const char *unnamed (const char *learner);
gboolean check_learner (const char *learner, GError **error);
char    *main_path (XqProgressStore *store, const char *learner);
char    *streak_path (XqProgressStore *store, const char *learner);
gboolean ensure_dir (XqProgressStore *store, GError **error);
void     clean_temps (const char *path);

/* xq-progress-file.c */
void     salvage_clear (Salvage *s);
void     problem (Salvage *s, const char *file, const char *format, ...) G_GNUC_PRINTF (3, 4);
gboolean read_bytes (const char *path, Salvage *s, GError **error);
gboolean read_progress (const char *path, const char *learner, Salvage *s, GError **error);
char    *serialize (const XqProgress *progress);
gboolean write_file (const char *path, const char *data, GError **error);
gboolean merge_stars (XqProgress *into, const XqProgress *from);
XqProgress *combine_progress (const char *learner, const Salvage *main, const Salvage *backup,
                              gboolean *from_backup);
char    *set_aside (const char *path);
gboolean replace_with_backup (const char *path, const Salvage *old, const Salvage *old_backup,
                              const char *data, GError **error);
void     write_repaired (const char *path, const Salvage *old_backup, const char *data);
void     migrate_name (const char *path, const Salvage *old, const XqProgress *progress);

/* xq-progress-notice.c */
XqProgressNotice *notice_new (XqProgressFileKind kind, const char *learner, const char *path, Salvage *main);
void     emit_notice (XqProgressStore *store, XqProgressNotice *notice);

G_END_DECLS
