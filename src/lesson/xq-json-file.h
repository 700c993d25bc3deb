/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-json-file.h: the JSON files the lesson layer writes itself (a
 * learner's progress, puzzle ratings and review queue; an imported unit or
 * pack), written one way and, for a learner's, read back with one check.
 *
 * A learner's file opens with the same two keys, "format": 1 and
 * "learner": the learner's id, so that a file copied under another
 * learner's name is refused rather than mixed in. */
#pragma once

#include <json-glib/json-glib.h>

#include "xq-json-reader.h"

G_BEGIN_DECLS

/* Is learner usable as a learner's id and in a file name: 1 to 64 of
 * a-z, 0-9, '-' and '_'?  (xq_progress_learner_id_valid says the same.) */
gboolean    xq_json_file_learner_id_valid (const char *learner);
/* The builder's document as pretty-printed text (*length: its bytes, if
 * not NULL). */
char       *xq_json_file_text          (JsonBuilder *b, gsize *length);
/* Begins a learner's file: the root object and its "format" and
 * "learner"; the caller adds the rest and ends the object. */
void        xq_json_file_begin_learner (JsonBuilder *b, const char *learner);
/* Parses a learner's file with r (at most max_bytes, strings at most
 * XQ_JSON_MAX_STRING) and checks its root: an object of format 1 for this
 * learner, returned (owned by r).  Otherwise NULL, the problem in r. */
JsonObject *xq_json_file_read_learner  (XqJsonReader *r, const char *data, gsize length,
                                        gsize max_bytes, const char *learner);
/* The same with a reader of its own: the parser, or NULL and an error in
 * domain with code, "FILE: PATH: what is wrong". */
JsonParser *xq_json_file_parse_learner (const char *data, gsize length, gsize max_bytes,
                                        const char *learner, const char *file_name,
                                        GQuark domain, int code, GError **error);
/* Replaces path, in dir, with data (xq_safe_file_write), making dir (0700)
 * first; an error making it is in domain with code, "DIR: reason". */
gboolean    xq_json_file_save          (const char *dir, const char *path, const char *data,
                                        GQuark domain, int code, GError **error);

/* Held while a learner's files are read, merged and written back in one
 * piece (a class sync on another thread, xq-class-folder.h); the store's
 * saves (progress, streak, ratings, review) take it too, so a save and a
 * sync never interleave.  Recursive; never held over a network.  It lives
 * here, below progress, ratings and review, which all take it. */
void        xq_learner_files_lock      (void);
void        xq_learner_files_unlock    (void);

G_END_DECLS
