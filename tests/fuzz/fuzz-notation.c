/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One move-notation parser (FUZZ_NOTATION, set by meson per harness).
 * The first byte picks one of a few positions chosen to exercise the
 * designators (tandem pieces, several soldiers on a file, both sides to
 * move); the rest is the move text.  A parsed move must be legal, and
 * formatting it and parsing the result must give the same move back. */
#include "config.h"

#include "xq-notation.h"
#include "fuzz-common.h"

static const char *const fens[] = {
  XQ_START_FEN,
  /* Black to move after the central cannon opening. */
  "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
  /* Three red soldiers on one file and two on another; tandem chariots. */
  "3k5/4P4/4P4/2P1P4/2P6/9/9/4R4/4R4/5K3 w - - 0 1",
  /* Black: tandem horses and cannons, soldiers crossed. */
  "4k4/9/4n4/4n4/9/2c6/2c1p1p2/4p4/9/3K5 b - - 0 1",
};

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  XqPosition pos;
  XqMove m, moves[XQ_MAX_MOVES];
  int n;
  gboolean legal = FALSE;

  fuzz_init ();
  if (size < 1 || size > 256)
    return 0;
  if (!xq_position_set_fen (&pos, fens[data[0] % G_N_ELEMENTS (fens)], NULL))
    abort ();
  text = fuzz_strdup (data + 1, size - 1);

  m = xq_notation_parse (&pos, text, FUZZ_NOTATION, &error);
  if (m == XQ_MOVE_NONE)
    {
      if (error == NULL || !g_utf8_validate (error->message, -1, NULL))
        abort ();
      return 0;
    }
  if (error != NULL)
    abort ();
  n = xq_position_legal_moves (&pos, moves);
  for (int i = 0; i < n; i++)
    legal |= moves[i] == m;
  if (!legal)
    abort ();
  {
    g_autofree char *again = xq_notation_format (&pos, m, FUZZ_NOTATION);
    if (xq_notation_parse (&pos, again, FUZZ_NOTATION, NULL) != m)
      abort ();
  }
  return 0;
}
