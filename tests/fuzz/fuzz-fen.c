/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The FEN reader: any text either parses or gives an error, and what
 * parses writes back to a FEN that reads to the same position. */
#include "config.h"

#include "xq-position.h"
#include "fuzz-common.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  XqPosition pos, unchecked;

  fuzz_init ();
  text = fuzz_strdup (data, size);

  if (xq_position_set_fen (&pos, text, &error))
    {
      g_autofree char *fen = xq_position_to_fen (&pos);
      XqPosition again;

      if (!xq_position_set_fen (&again, fen, NULL))
        abort ();
      g_autofree char *fen2 = xq_position_to_fen (&again);
      if (strcmp (fen, fen2) != 0 || again.key != pos.key)
        abort ();
    }
  else if (error == NULL || error->message == NULL || !g_utf8_validate (error->message, -1, NULL))
    abort ();
  g_clear_error (&error);

  if (xq_position_set_fen_unchecked (&unchecked, text, &error))
    {
      g_autofree char *fen = xq_position_to_fen (&unchecked);
      (void) fen;
    }
  return 0;
}
