/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The 象棋桥 CBR reader: any bytes read to a record or give an error
 * located by a byte offset inside them; a record that reads is a legal
 * game (it writes to PGN that reads back to the same text). */
#include "config.h"

#include <string.h>

#include "xq-ccbridge.h"
#include "fuzz-common.h"
#include "fuzz-pgn-round-trip.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqPgnRecord) rec = NULL;

  fuzz_init ();
  if (size > XQ_CBR_MAX_BYTES + 16)
    return 0;
  rec = xq_cbr_read (data, size, 0, &error);
  if (rec == NULL)
    {
      guint64 offset;

      if (error == NULL || !g_utf8_validate (error->message, -1, NULL)
          || !g_str_has_prefix (error->message, "byte "))
        abort ();
      offset = g_ascii_strtoull (error->message + 5, NULL, 10);
      if (offset > size && error->code != XQ_CCBRIDGE_ERROR_TOO_LARGE)
        {
          fprintf (stderr, "error offset past the end (%zu bytes): %s\n", size, error->message);
          abort ();
        }
      return 0;
    }
  for (guint i = 0; i < xq_pgn_record_get_n_warnings (rec); i++)
    if (!g_utf8_validate (xq_pgn_record_get_warning (rec, i), -1, NULL))
      abort ();
  if (xq_pgn_record_get_n_moves (rec) > 1000)
    abort ();
  fuzz_pgn_round_trip (rec, size, "a CBR record");
  return 0;
}
