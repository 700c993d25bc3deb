/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The text readers of the import, as xq_import_files uses them: a text
 * with a [DhtmlXQ] block goes to the DhtmlXQ reader, any other to the
 * multi-game PGN reader.  Every block or game reads to a legal record or
 * has an error located as LINE:COLUMN inside the text; records write to
 * PGN that reads back to an equal record. */
#include "config.h"

#include "xq-dhtmlxq.h"
#include "fuzz-common.h"

static void
check_location (const char *message, const char *text)
{
  char *end = NULL;
  guint64 line = g_ascii_strtoull (message, &end, 10);
  guint64 lines = 1;

  if (end == message || *end != ':' || line == 0)
    {
      fprintf (stderr, "error without LINE:COLUMN: %s\n", message);
      abort ();
    }
  for (const char *p = text; *p != '\0'; p++)
    lines += *p == '\n';
  if (line > lines)
    {
      fprintf (stderr, "error line past the end (%" G_GUINT64_FORMAT " lines): %s\n", lines, message);
      abort ();
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *raw = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = NULL;

  fuzz_init ();
  if (size > 256 * 1024)
    return 0;
  raw = fuzz_strdup (data, size);
  /* The importer hands these readers UTF-8 only (it converts GBK first). */
  text = g_utf8_make_valid (raw, -1);
  games = xq_dhtmlxq_detect (text) ? xq_dhtmlxq_read_string (text, 0, &error)
                                   : xq_pgn_read_games (text, 0, &error);
  if (games == NULL)
    {
      if (error == NULL || !g_utf8_validate (error->message, -1, NULL))
        abort ();
      check_location (error->message, text);
      return 0;
    }
  for (guint i = 0; i < games->len; i++)
    {
      XqPgnGame *g = g_ptr_array_index (games, i);

      if ((g->record == NULL) == (g->error == NULL))
        abort ();
      if (g->error != NULL)
        {
          if (!g_utf8_validate (g->error->message, -1, NULL))
            abort ();
          check_location (g->error->message, text);
          continue;
        }
      {
        g_autofree char *written = xq_pgn_write (g->record, (XqNotation) ((size + i) % 4));
        g_autoptr(GError) again_error = NULL;
        g_autoptr(XqPgnRecord) again = xq_pgn_read_string (written, &again_error);

        if (again == NULL || !xq_pgn_record_equal (g->record, again))
          {
            fprintf (stderr, "a record does not round-trip through PGN: %s\n---\n%s---\n",
                     again_error ? again_error->message : "(changed)", written);
            abort ();
          }
      }
    }
  return 0;
}
