/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-json-bounded.c: untrusted JSON read and parsed within limits
 * (xq-json-bounded.h); the parsing itself is core's (xq-json-parse.c). */
#define G_LOG_DOMAIN "xq-lesson"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-json-bounded.h"
#include "xq-lesson.h"

/* Core's XQ_JSON_ERROR as the lesson files' XQ_LESSON_ERROR (the message
 * kept); returns FALSE for `return to_lesson_error (…)`. */
static gboolean
to_lesson_error (const GError *local, GError **error)
{
  g_set_error_literal (error, XQ_LESSON_ERROR,
                       local->code == XQ_JSON_ERROR_TOO_LARGE ? XQ_LESSON_ERROR_TOO_LARGE
                                                              : XQ_LESSON_ERROR_SYNTAX,
                       local->message);
  return FALSE;
}

static gboolean
refuse_size (gsize length, gsize max_bytes, GError **error)
{
  g_autoptr(GError) local = NULL;

  return xq_json_check_size (length, max_bytes, &local) || to_lesson_error (local, error);
}

gboolean
xq_json_read_bounded (const char *path, gsize max_bytes, char **data, gsize *length,
                      GError **error)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFileInputStream) in = NULL;
  g_autoptr(GFileInfo) info = NULL;
  g_autofree char *buffer = NULL;
  gsize got = 0;

  g_return_val_if_fail (path != NULL && data != NULL && length != NULL, FALSE);

  file = g_file_new_for_path (path);
  in = g_file_read (file, NULL, error);
  if (in == NULL)
    return FALSE;
  info = g_file_input_stream_query_info (in, G_FILE_ATTRIBUTE_STANDARD_SIZE, NULL, error);
  if (info == NULL || !refuse_size ((gsize) g_file_info_get_size (info), max_bytes, error))
    return FALSE;
  /* Read one byte past the limit, so a file that grew meanwhile is caught. */
  buffer = g_malloc (max_bytes + 2);
  if (!g_input_stream_read_all (G_INPUT_STREAM (in), buffer, max_bytes + 1, &got, NULL, error))
    return FALSE;
  if (!refuse_size (got, max_bytes, error))
    return FALSE;
  buffer[got] = '\0';
  *data = g_realloc (g_steal_pointer (&buffer), got + 1);
  *length = got;
  return TRUE;
}

JsonParser *
xq_json_parse_bounded (const char *data, gsize length, gsize max_bytes, char **where,
                       GError **error)
{
  g_autoptr(GError) local = NULL;
  JsonParser *parser;

  parser = xq_json_parse_limited (data, length, max_bytes, XQ_JSON_MAX_STRING, where, &local);
  if (parser == NULL)
    to_lesson_error (local, error);
  return parser;
}
