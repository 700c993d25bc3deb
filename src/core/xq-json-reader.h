/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-json-reader.h: the one reader of the program's JSON state files
 * (puzzle ratings, review queue, progress, tournament and class files).
 *
 * A reader parses untrusted text within bounds (xq_json_parse_limited:
 * size, nesting depth, string length) and reads values out of it with
 * typed getters.  Every problem is one line that says which file, where
 * (a JSON path) and what is wrong, in words a teacher understands:
 *
 *   mei.json: $.results["board/palace"].hints: should be a whole number from 0 to 1000
 *
 * Getters take the object, the JSON path of that object and the member's
 * name, and return TRUE when the value is usable (or absent and optional,
 * leaving *out untouched).  On FALSE the problem has been recorded in the
 * reader; a caller stops at the first problem (xq_json_reader_propagate)
 * or goes on and keeps what can be used (xq_json_reader_get_n_problems,
 * xq_json_reader_get_first_problem).
 *
 * Paths: a member named by the program is written "$.a.b"; a key that
 * comes from the data (a map's key: a puzzle id, "unit/exercise") is
 * written "$.a[\"key\"]"; an element "$.a[3]". */
#pragma once

#include <json-glib/json-glib.h>

#include "xq-json-parse.h"

G_BEGIN_DECLS

typedef enum {
  XQ_JSON_OPTIONAL,
  XQ_JSON_REQUIRED,
} XqJsonNeed;

typedef struct _XqJsonReader XqJsonReader;

/* A reader for the file named file (NULL: messages start at the path; a
 * caller that names the file itself).  Problems become errors in domain
 * with code. */
XqJsonReader *xq_json_reader_new        (const char *file, GQuark domain, int code);
void          xq_json_reader_free       (XqJsonReader *r);
/* Parses data (at most max_bytes, strings and keys at most max_string
 * bytes, nested at most XQ_JSON_MAX_DEPTH) and returns its root (owned by
 * the reader, valid until the reader is freed or given another root), or
 * NULL with the problem recorded. */
JsonNode     *xq_json_reader_parse      (XqJsonReader *r, const char *data, gsize length,
                                         gsize max_bytes, gsize max_string);
/* As xq_json_reader_parse, and the root must be an object. */
JsonObject   *xq_json_reader_parse_object (XqJsonReader *r, const char *data, gsize length,
                                           gsize max_bytes, gsize max_string);
/* Reads a root parsed elsewhere (the reader keeps a reference). */
void          xq_json_reader_set_root   (XqJsonReader *r, JsonNode *root);
JsonNode     *xq_json_reader_get_root   (XqJsonReader *r);

/* Records a problem at path (a printf format; the text should be
 * translated).  Always FALSE, so a caller can return it. */
gboolean      xq_json_reader_problem    (XqJsonReader *r, const char *path,
                                         const char *format, ...) G_GNUC_PRINTF (3, 4);
guint         xq_json_reader_get_n_problems   (XqJsonReader *r);
/* "FILE: PATH: what is wrong" of the first problem, or NULL. */
const char   *xq_json_reader_get_first_problem (XqJsonReader *r);
/* TRUE if there was no problem; else FALSE and the first problem as an
 * error in the reader's domain and code. */
gboolean      xq_json_reader_propagate  (XqJsonReader *r, GError **error);

/* The path of a member the program names: "$.a" + "b" -> "$.a.b" (a name
 * that is not letters, digits, '-' and '_' is written as a key). */
char         *xq_json_path_member       (const char *path, const char *name);
/* The path of a key from the data: "$.a" + "x" -> "$.a[\"x\"]", quotes
 * escaped, a long key cut short, never invalid UTF-8. */
char         *xq_json_path_key          (const char *path, const char *key);
/* "$.a" + 3 -> "$.a[3]". */
char         *xq_json_path_index        (const char *path, guint index);

/* ---- Members of an object ------------------------------------------------ */

/* Any text (a JSON string). */
gboolean xq_json_get_string  (XqJsonReader *r, JsonObject *o, const char *path, const char *key,
                              XqJsonNeed need, const char **out);
/* A word: one line of 1 to max_chars characters (ids, names). */
gboolean xq_json_get_word    (XqJsonReader *r, JsonObject *o, const char *path, const char *key,
                              XqJsonNeed need, guint max_chars, const char **out);
/* A whole number from min to max (G_MININT64 to G_MAXINT64: any). */
gboolean xq_json_get_int     (XqJsonReader *r, JsonObject *o, const char *path, const char *key,
                              XqJsonNeed need, gint64 min, gint64 max, gint64 *out);
/* A number (whole or not, finite) from min to max. */
gboolean xq_json_get_number  (XqJsonReader *r, JsonObject *o, const char *path, const char *key,
                              XqJsonNeed need, double min, double max, double *out);
gboolean xq_json_get_bool    (XqJsonReader *r, JsonObject *o, const char *path, const char *key,
                              XqJsonNeed need, gboolean *out);
/* One word of words (NULL-ended): *out is its index. */
gboolean xq_json_get_choice  (XqJsonReader *r, JsonObject *o, const char *path, const char *key,
                              XqJsonNeed need, const char *const *words, int *out);
/* A calendar date written "YYYY-MM-DD". */
gboolean xq_json_get_date    (XqJsonReader *r, JsonObject *o, const char *path, const char *key,
                              XqJsonNeed need, const char **out);
/* A list of at most max_length elements. */
gboolean xq_json_get_array   (XqJsonReader *r, JsonObject *o, const char *path, const char *key,
                              XqJsonNeed need, guint max_length, JsonArray **out);
/* An object of at most max_members members. */
gboolean xq_json_get_object  (XqJsonReader *r, JsonObject *o, const char *path, const char *key,
                              XqJsonNeed need, guint max_members, JsonObject **out);
/* FALSE (and a problem at the first one) if o holds a member whose name
 * is not in known (NULL-ended): a file from a newer version. */
gboolean xq_json_check_keys  (XqJsonReader *r, JsonObject *o, const char *path,
                              const char *const *known);

/* ---- Values at a path (an array's element, a map's value) --------------- */

/* The same checks on node, whose path is path (node NULL: missing). */
gboolean xq_json_node_string (XqJsonReader *r, JsonNode *node, const char *path, const char **out);
gboolean xq_json_node_word   (XqJsonReader *r, JsonNode *node, const char *path, guint max_chars,
                              const char **out);
gboolean xq_json_node_int    (XqJsonReader *r, JsonNode *node, const char *path, gint64 min,
                              gint64 max, gint64 *out);
gboolean xq_json_node_number (XqJsonReader *r, JsonNode *node, const char *path, double min,
                              double max, double *out);
gboolean xq_json_node_bool   (XqJsonReader *r, JsonNode *node, const char *path, gboolean *out);
gboolean xq_json_node_choice (XqJsonReader *r, JsonNode *node, const char *path,
                              const char *const *words, int *out);
gboolean xq_json_node_date   (XqJsonReader *r, JsonNode *node, const char *path, const char **out);
gboolean xq_json_node_array  (XqJsonReader *r, JsonNode *node, const char *path, guint max_length,
                              JsonArray **out);
gboolean xq_json_node_object (XqJsonReader *r, JsonNode *node, const char *path, guint max_members,
                              JsonObject **out);

/* ---- Lenient look-ups (no problem recorded) ----------------------------- */

/* The string, or the integer, an untrusted object holds under key;
 * fallback when the key is absent or holds anything else (json-glib's own
 * typed getters warn when a member is an array or an object).  For a
 * value that only steers (a title shown, a type tested), not for reading
 * a file: that is what the getters above are for. */
const char *xq_json_member_string (JsonObject *obj, const char *key, const char *fallback);
gint64      xq_json_member_int    (JsonObject *obj, const char *key, gint64 fallback);

/* Is text a calendar date written "YYYY-MM-DD"? */
gboolean xq_json_date_valid  (const char *text);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqJsonReader, xq_json_reader_free)

G_END_DECLS
