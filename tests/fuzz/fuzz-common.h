/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-common.h: what every libFuzzer harness shares.
 *
 * Each harness defines LLVMFuzzerTestOneInput and calls fuzz_init() first.
 * GLib criticals are made fatal: a g_return_if_fail reached from untrusted
 * input is a bug the fuzzer must report, not a message to scroll past.
 * Everything else GLib logs is dropped so the fuzzer's output stays
 * readable and its speed is not spent on printing. */
#pragma once

#include <glib.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static GLogWriterOutput
fuzz_log_writer (GLogLevelFlags level, const GLogField *fields, gsize n_fields, gpointer user_data)
{
  if (level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL))
    {
      g_log_writer_standard_streams (level, fields, n_fields, user_data);
      abort ();
    }
  return G_LOG_WRITER_HANDLED;
}

static inline void
fuzz_init (void)
{
  static gboolean done;

  if (done)
    return;
  done = TRUE;
  g_log_set_writer_func (fuzz_log_writer, NULL, NULL);
}

/* The input as a NUL-terminated string (the parsers take C strings; an
 * embedded NUL simply ends the text early, as it would from a file read
 * with g_file_get_contents and handed on as a string). */
static inline char *
fuzz_strdup (const uint8_t *data, size_t size)
{
  char *s = g_malloc (size + 1);

  memcpy (s, data, size);
  s[size] = '\0';
  return s;
}
