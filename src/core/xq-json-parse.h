/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-json-parse.h: untrusted JSON text parsed within limits, so that no
 * file can make json-glib's recursive parser overflow the stack or hold
 * huge strings.  The lowest home of the bounds: lesson files
 * (xq-json-bounded.h wraps these) and tournament files both parse through
 * here.  Errors are in XQ_JSON_ERROR. */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define XQ_JSON_ERROR (xq_json_error_quark ())
GQuark xq_json_error_quark (void);

typedef enum {
  XQ_JSON_ERROR_TOO_LARGE,  /* over a bound: size, nesting, a string's length */
  XQ_JSON_ERROR_SYNTAX,     /* not JSON, empty, not UTF-8 */
} XqJsonError;

#define XQ_JSON_MAX_DEPTH   32    /* nesting of JSON arrays and objects */
#define XQ_JSON_MAX_STRING  8192  /* lessons: bytes in any JSON string or key; 2000 characters of CJK text fit */

/* Steps through JSON text without parsing it, for checks that must come
 * before json-glib's recursive parser: from *pos, the next "{", "[", "]",
 * "}" or "," (returned, at offset *start) or string (returned as '"', its
 * contents from *start to *stop, escapes and all), skipping everything
 * else; '\0' at the end.  *pos moves past what was returned. */
char        xq_json_step        (const char *data, gsize length, gsize *pos, gsize *start,
                                 gsize *stop);
/* Parses untrusted JSON text: more than max_bytes, arrays and objects
 * nested deeper than XQ_JSON_MAX_DEPTH (counted before json-glib, whose
 * parser recurses, sees the text), not JSON, empty, or a string or key over
 * max_string bytes are refused with NULL, an error in XQ_JSON_ERROR
 * and *where set to the JSON path of the place ("$.exercises[0].marks[2]";
 * free it).  The messages name neither file nor place: callers do. */
/* TRUE if length bytes are within max_bytes; else FALSE and
 * XQ_JSON_ERROR_TOO_LARGE saying both sizes ("the file is 5 MB, more than
 * the limit of 4 MB"). */
gboolean    xq_json_check_size  (gsize length, gsize max_bytes, GError **error);
JsonParser *xq_json_parse_limited (const char *data, gsize length, gsize max_bytes,
                                   gsize max_string, char **where, GError **error);

G_END_DECLS
