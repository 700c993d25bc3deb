/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-json-bounded.h: untrusted JSON (lesson files, packs, a learner's
 * files, a worksheet's input) read and parsed within limits, so that no
 * file can make the program read without end or make json-glib's
 * recursive parser overflow the stack.
 *
 * Errors are in XQ_LESSON_ERROR (xq-lesson.h): TOO_LARGE or SYNTAX. */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define XQ_JSON_MAX_DEPTH   32    /* nesting of JSON arrays and objects */
#define XQ_JSON_MAX_STRING  8192  /* bytes in any JSON string or key: 2000 characters of CJK text fit */

/* Reads a whole untrusted file of at most max_bytes, refusing a larger
 * one (XQ_LESSON_ERROR_TOO_LARGE) before reading it.  The message names
 * neither file nor place: callers locate it. */
gboolean    xq_json_read_bounded  (const char *path, gsize max_bytes, char **data,
                                   gsize *length, GError **error);
/* Steps through JSON text without parsing it, for checks that must come
 * before json-glib's recursive parser: from *pos, the next "{", "[", "]",
 * "}" or "," (returned, at offset *start) or string (returned as '"', its
 * contents from *start to *stop, escapes and all), skipping everything
 * else; '\0' at the end.  *pos moves past what was returned. */
char        xq_json_step          (const char *data, gsize length, gsize *pos, gsize *start,
                                   gsize *stop);
/* Parses untrusted JSON text: more than max_bytes, arrays and objects
 * nested deeper than XQ_JSON_MAX_DEPTH (counted before json-glib, whose
 * parser recurses, sees the text), not JSON, empty, or a string or key over
 * XQ_JSON_MAX_STRING bytes are refused with NULL, an error in
 * XQ_LESSON_ERROR (TOO_LARGE or SYNTAX) and *where set to the JSON path of
 * the place ("$.exercises[0].marks[2]"; free it). */
JsonParser *xq_json_parse_bounded (const char *data, gsize length, gsize max_bytes,
                                   char **where, GError **error);
/* The string, or the integer, an untrusted object holds under key;
 * fallback when the key is absent or holds anything else (json-glib's own
 * typed getters warn when a member is an array or an object). */
const char *xq_json_member_string (JsonObject *obj, const char *key, const char *fallback);
gint64      xq_json_member_int    (JsonObject *obj, const char *key, gint64 fallback);

G_END_DECLS
