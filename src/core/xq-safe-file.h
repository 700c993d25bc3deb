/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-safe-file.h: the storage every saved file goes through (learners'
 * progress, tournaments).
 *
 * A file is replaced, never rewritten in place: the new bytes go to a
 * temporary sibling with a name of its own ("<file>.tmp-<pid>-XXXXXX"),
 * are synced, and the temporary file is renamed over the old one.  A kill
 * at any moment leaves the old or the new file, whole.  A temporary file
 * left by a save that was killed is removed by the next save or load
 * (xq_safe_file_clean_temps), so none pile up.
 *
 * A file that cannot be used is set aside under a name that says so
 * ("<file>.damaged-YYYYMMDD-HHMMSS"): it is never overwritten and never
 * deleted by the program, so a person can still look at it. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Larger per-learner files are refused without being read: the biggest a
 * real profile gets (every exercise and every puzzle solved) is a few
 * hundred kilobytes.  Other callers pass their own bound. */
#define XQ_SAFE_FILE_MAX_SIZE (4 * 1024 * 1024)

/* Reads at most max bytes.  A missing file gives G_FILE_ERROR_NOENT, a
 * larger one G_FILE_ERROR_FAILED without reading it. */
gboolean xq_safe_file_read        (const char  *path,
                                   gsize        max,
                                   char       **contents,
                                   gsize       *length,
                                   GError     **error);
/* Replaces path with data (length -1: a string), as described above.  A
 * symbolic link at path stays: the file it points to is replaced.  Errors
 * (a full disk, no permission) name path, not the temporary file. */
gboolean xq_safe_file_write       (const char  *path,
                                   const char  *data,
                                   gssize       length,
                                   GError     **error);
/* Renames a damaged file to a new sibling name (never one that exists)
 * and returns that name. */
char    *xq_safe_file_set_aside   (const char  *path,
                                   GError     **error);
/* Removes the temporary files of earlier saves of path (beside the file
 * path links to, if it is a link) that can no longer finish: their
 * process is gone, or they are older than any save takes.
 * Returns how many were removed. */
guint    xq_safe_file_clean_temps (const char  *path);
/* Removes the temporary files of path (of any age) and the copies set
 * aside from it, not path itself. */
void     xq_safe_file_remove_copies (const char *path);
/* Removes path, its temporary files and the copies set aside from it
 * (used when a person deletes what the file holds).  A missing file is
 * not an error. */
gboolean xq_safe_file_remove_all  (const char  *path,
                                   GError     **error);
/* Whether a name in the directory is one of the siblings above. */
gboolean xq_safe_file_is_temp_name    (const char *file_name, const char *base);
gboolean xq_safe_file_is_damaged_name (const char *file_name, const char *base);

G_END_DECLS
