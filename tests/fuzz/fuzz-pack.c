/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The pack loader: any bytes load or give located problems; a pack that
 * loads writes back to a document that loads again with the same entries. */
#include "config.h"

#include "xq-pack.h"
#include "fuzz-common.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr(GPtrArray) problems = xq_pack_problems_new ();
  g_autoptr(XqPack) pack = NULL;

  fuzz_init ();
  if (size > 256 * 1024)
    return 0;
  pack = xq_pack_load_data ((const char *) data, (gssize) size, "fuzz.xqpack", problems);
  if (pack == NULL)
    {
      if (problems->len == 0)
        abort ();
      for (guint i = 0; i < problems->len; i++)
        {
          g_autofree char *msg = xq_lesson_problem_format (problems->pdata[i]);
          if (!g_utf8_validate (msg, -1, NULL))
            abort ();
        }
      return 0;
    }
  {
    gsize length;
    g_autofree char *again_data = xq_pack_to_data (pack, &length);
    g_autoptr(GPtrArray) again_problems = xq_pack_problems_new ();
    g_autoptr(XqPack) again = xq_pack_load_data (again_data, (gssize) length, "again.xqpack", again_problems);

    if (again == NULL || again->entries->len != pack->entries->len)
      abort ();
  }
  return 0;
}
