/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The one door (xq-game-file.h): any bytes are told apart as XQF, DhtmlXQ
 * or PGN (in UTF-8, GBK or Big5) or named; the file is refused with a
 * one-line UTF-8 message starting with its name, or every game comes out
 * with its record or its error, and a record writes to PGN that reads
 * back to the same text. */
#include "config.h"

#include <string.h>

#include "xq-game-file.h"
#include "fuzz-common.h"
#include "fuzz-pgn-round-trip.h"

static gboolean
check_game (XqPgnGame *game, gpointer user_data)
{
  gsize size = *(gsize *) user_data;

  if ((game->record == NULL) == (game->error == NULL))
    abort ();
  if (game->error != NULL && !g_utf8_validate (game->error->message, -1, NULL))
    abort ();
  if (game->record != NULL)
    {
      for (guint i = 0; i < xq_pgn_record_get_n_warnings (game->record); i++)
        if (!g_utf8_validate (xq_pgn_record_get_warning (game->record, i), -1, NULL))
          abort ();
      fuzz_pgn_round_trip (game->record, size, "a record");
    }
  xq_pgn_game_free (game);
  return TRUE;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr(GError) error = NULL;
  XqGameFormat format;
  const char *encoding;
  gsize n = size;

  fuzz_init ();
  if (size > 256 * 1024)
    return 0;
  if (!xq_game_file_read_bytes ("in", data, size, &format, &encoding, check_game, &n, &error))
    {
      if (error == NULL || !g_utf8_validate (error->message, -1, NULL)
          || !g_str_has_prefix (error->message, "in: ") || strchr (error->message, '\n') != NULL)
        abort ();
      return 0;
    }
  if (error != NULL || xq_game_format_name (format) == NULL || encoding == NULL)
    abort ();
  return 0;
}
