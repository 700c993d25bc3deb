/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The 象棋桥 CBF reader (XML through GMarkup): any text reads to a record
 * or gives an error located as LINE:COLUMN or a limit; a record that reads
 * is a legal game (it writes to PGN that reads back to the same text). */
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
  if (size > XQ_CBF_MAX_BYTES + 16)
    return 0;
  rec = xq_cbf_read ((const char *) data, size, &error);
  if (rec == NULL)
    {
      if (error == NULL || !g_utf8_validate (error->message, -1, NULL))
        abort ();
      if (error->code != XQ_CCBRIDGE_ERROR_TOO_LARGE && error->code != XQ_CCBRIDGE_ERROR_POSITION
          && !g_ascii_isdigit (error->message[0]))
        {
          fprintf (stderr, "an error without its place: %s\n", error->message);
          abort ();
        }
      return 0;
    }
  for (guint i = 0; i < xq_pgn_record_get_n_warnings (rec); i++)
    if (!g_utf8_validate (xq_pgn_record_get_warning (rec, i), -1, NULL))
      abort ();
  fuzz_pgn_round_trip (rec, size, "a CBF record");
  return 0;
}
