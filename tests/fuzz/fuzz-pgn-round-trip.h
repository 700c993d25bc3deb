/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-pgn-round-trip.h: the check the game-file harnesses share: a record
 * read from any format, written as PGN (in one of the four notations,
 * chosen by seed), reads back and writes again to the same text.  what
 * names the format in the report ("a CBR record"). */
#pragma once

#include "fuzz-common.h"
#include "xq-pgn.h"

static inline void
fuzz_pgn_round_trip (XqPgnRecord *rec, size_t seed, const char *what)
{
  g_autofree char *written = xq_pgn_write (rec, (XqNotation) (seed % 4));
  g_autoptr(GError) again_error = NULL;
  g_autoptr(XqPgnRecord) again = xq_pgn_read_string (written, &again_error);
  g_autofree char *rewritten = again != NULL ? xq_pgn_write (again, (XqNotation) (seed % 4)) : NULL;

  if (again == NULL || strcmp (written, rewritten) != 0)
    {
      fprintf (stderr, "%s does not round-trip through PGN: %s\n---\n%s---\n", what,
               again_error ? again_error->message : "(changed)", written);
      abort ();
    }
}
