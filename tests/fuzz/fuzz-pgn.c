/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The PGN reader, and the writer behind it: a record that reads must write
 * (in the notation the input's length picks) to a text that reads back to
 * an equal record, comments included. */
#include "config.h"

#include "xq-pgn.h"
#include "fuzz-common.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(XqPgnRecord) rec = NULL;
  XqNotation notation = (XqNotation) (size % 4);

  fuzz_init ();
  if (size > 64 * 1024)
    return 0;
  text = fuzz_strdup (data, size);
  rec = xq_pgn_read_string (text, &error);
  if (rec == NULL)
    {
      if (error == NULL || !g_utf8_validate (error->message, -1, NULL))
        abort ();
      return 0;
    }
  {
    g_autofree char *written = xq_pgn_write (rec, notation);
    g_autoptr(GError) again_error = NULL;
    g_autoptr(XqPgnRecord) again = xq_pgn_read_string (written, &again_error);

    if (again == NULL)
      {
        fprintf (stderr, "written PGN does not read back: %s\n---\n%s---\n",
                 again_error->message, written);
        abort ();
      }
    if (!xq_pgn_record_equal (rec, again))
      {
        fprintf (stderr, "PGN round trip changed the record:\n---\n%s---\n", written);
        abort ();
      }
  }
  return 0;
}
