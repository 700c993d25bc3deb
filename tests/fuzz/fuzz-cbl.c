/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The 象棋桥 CBL reader, as a stream: the input's first byte is the
 * index's slot count (0–3) and the rest is what follows the index (the
 * records on their 4 KiB slots), behind a real header made here, so the
 * fuzzer spends its bytes on the records, not on 66 KiB of header.  Every
 * record comes out with a record or an error naming a byte inside the
 * library; the stream ends. */
#include "config.h"

#include <string.h>

#include "xq-ccbridge.h"
#include "fuzz-common.h"

typedef struct {
  const guint8 *data;
  gsize         length, at;
} Mem;

static gsize
mem_read (gpointer source, guint8 *buf, gsize n)
{
  Mem *m = source;

  n = MIN (n, m->length - m->at);
  memcpy (buf, m->data + m->at, n);
  m->at += n;
  return n;
}

static gboolean
check (XqPgnGame *game, gpointer user_data)
{
  gsize size = *(gsize *) user_data;

  if ((game->record == NULL) == (game->error == NULL))
    abort ();
  if (game->error != NULL)
    {
      if (!g_utf8_validate (game->error->message, -1, NULL)
          || !g_str_has_prefix (game->error->message, "byte "))
        abort ();
      if (g_ascii_strtoull (game->error->message + 5, NULL, 10) > size
          && game->error->code != XQ_CCBRIDGE_ERROR_TOO_LARGE)
        {
          fprintf (stderr, "error offset past the end (%zu bytes): %s\n", size, game->error->message);
          abort ();
        }
    }
  xq_pgn_game_free (game);
  return TRUE;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr(GError) error = NULL;
  g_autofree guint8 *lib = NULL;
  g_autofree char *name = NULL;
  guint slots;
  gsize header, total;
  Mem m;

  fuzz_init ();
  if (size < 1 || size > 4 * 1024 * 1024)
    return 0;
  slots = data[0] % 4;
  header = XQ_CBL_INDEX_OFFSET + slots * XQ_CBL_INDEX_ENTRY;
  total = header + size - 1;
  lib = g_malloc0 (total);
  memcpy (lib, "CCBridgeLibrary", 15);
  lib[60] = (guint8) slots;
  memcpy (lib + 64, "L\0i\0b\0", 6);
  memcpy (lib + header, data + 1, size - 1);
  m = (Mem) { lib, total, 0 };
  if (!xq_cbl_read_each (mem_read, &m, &name, check, &total, &error))
    {
      if (error == NULL || !g_utf8_validate (error->message, -1, NULL)
          || !g_str_has_prefix (error->message, "byte "))
        abort ();
      return 0;
    }
  if (name == NULL || strcmp (name, "Lib") != 0)
    abort ();
  return 0;
}
