/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The proofs reader (the shipped record and the user's cache): any bytes
 * are indexed or refused with a message naming the file; an indexed
 * document's entries are each read and checked when asked for, never more
 * than the limit of them, and two readings of the same bytes agree. */
#include "config.h"

#include <string.h>

#include "xq-proofs.h"
#include "fuzz-common.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr(XqProofs) first = xq_proofs_new ();
  g_autoptr(XqProofs) second = xq_proofs_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *diff = NULL;

  fuzz_init ();
  if (size > 512 * 1024)
    return 0;
  if (!xq_proofs_index_data (first, "fuzz.record", (const char *) data, size, &error))
    {
      if (error == NULL || strstr (error->message, "fuzz.record") == NULL
          || !g_utf8_validate (error->message, -1, NULL))
        abort ();
      return 0;
    }
  if (!xq_proofs_index_data (second, "fuzz.record", (const char *) data, size, NULL))
    abort ();
  /* Reads every entry still waiting in the index. */
  if (xq_proofs_size (first) > XQ_PROOFS_MAX_ENTRIES)
    abort ();
  diff = xq_proofs_diff (first, second, "first", "second");
  if (diff != NULL)
    abort ();
  return 0;
}
