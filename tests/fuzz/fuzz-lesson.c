/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The strict lesson loader: any bytes load or give located problems. */
#include "config.h"

#include "xq-lesson.h"
#include "fuzz-common.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  g_autoptr(XqLessonFile) file = NULL;

  fuzz_init ();
  if (size > 256 * 1024)
    return 0;
  file = xq_lesson_load_data ((const char *) data, (gssize) size, "fuzz.json", problems);
  if (file == NULL && problems->len == 0)
    abort ();
  for (guint i = 0; i < problems->len; i++)
    {
      g_autofree char *msg = xq_lesson_problem_format (problems->pdata[i]);
      if (!g_utf8_validate (msg, -1, NULL))
        abort ();
    }
  return 0;
}
