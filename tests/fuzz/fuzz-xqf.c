/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The XQF reader: any bytes read to a record or give an error located by
 * a byte offset inside the file; a record that reads is a legal game (it
 * writes to PGN that reads back to a record that writes the same text: PGN
 * carries the main line, its comments and tags, not the variations). */
#include "config.h"

#include <string.h>

#include "xq-xqf.h"
#include "fuzz-common.h"
#include "fuzz-pgn-round-trip.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqPgnRecord) rec = NULL;

  fuzz_init ();
  if (size > XQ_XQF_MAX_BYTES + 16)
    return 0;
  rec = xq_xqf_read (data, size, &error);
  if (rec == NULL)
    {
      guint64 offset;

      if (error == NULL || !g_utf8_validate (error->message, -1, NULL)
          || !g_str_has_prefix (error->message, "byte "))
        abort ();
      offset = g_ascii_strtoull (error->message + 5, NULL, 10);
      if (offset > size && error->code != XQ_XQF_ERROR_TOO_LARGE)
        {
          fprintf (stderr, "error offset past the end (%zu bytes): %s\n", size, error->message);
          abort ();
        }
      return 0;
    }
  if (xq_pgn_record_get_n_moves (rec) > XQ_XQF_MAX_MOVES
      || xq_pgn_record_count_moves (rec) > XQ_XQF_MAX_RECORDS)
    abort ();
  fuzz_pgn_round_trip (rec, size, "an XQF record");
  return 0;
}
