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

#include "xq-json-parse.h"   /* the limits, xq_json_step */
#include "xq-json-reader.h"  /* xq_json_member_string, _int */

G_BEGIN_DECLS

/* Reads a whole untrusted file of at most max_bytes, refusing a larger
 * one (XQ_LESSON_ERROR_TOO_LARGE) before reading it.  The message names
 * neither file nor place: callers locate it. */
gboolean    xq_json_read_bounded  (const char *path, gsize max_bytes, char **data,
                                   gsize *length, GError **error);
/* xq_json_parse_limited (xq-json-parse.h) with its errors in
 * XQ_LESSON_ERROR: more than max_bytes, arrays and objects
 * nested deeper than XQ_JSON_MAX_DEPTH (counted before json-glib, whose
 * parser recurses, sees the text), not JSON, empty, or a string or key over
 * XQ_JSON_MAX_STRING bytes are refused with NULL, an error in
 * XQ_LESSON_ERROR (TOO_LARGE or SYNTAX) and *where set to the JSON path of
 * the place ("$.exercises[0].marks[2]"; free it). */
JsonParser *xq_json_parse_bounded (const char *data, gsize length, gsize max_bytes,
                                   char **where, GError **error);

G_END_DECLS
