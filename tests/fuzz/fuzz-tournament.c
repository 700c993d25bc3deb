/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A tournament file.  Any bytes load or give an error naming a JSON path;
 * what loads gives standings and a CSV export, and writes back to JSON that
 * loads again to the same bytes. */
#include "config.h"

#include "xq-tournament.h"
#include "fuzz-common.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqTournament) t = NULL;

  fuzz_init ();
  if (size > 256 * 1024)
    return 0;
  t = xq_tournament_from_json ((const char *) data, (gssize) size, &error);
  if (t == NULL)
    {
      /* Every problem is located by its JSON path. */
      if (error == NULL || !g_utf8_validate (error->message, -1, NULL) || error->message[0] != '$')
        abort ();
      return 0;
    }
  {
    g_autoptr(GArray) standings = xq_tournament_standings (t);
    g_autofree char *csv = xq_tournament_export_csv (t);
    g_autofree char *out = xq_tournament_to_json (t);
    g_autoptr(XqTournament) again = xq_tournament_from_json (out, -1, NULL);
    g_autofree char *out2 = again != NULL ? xq_tournament_to_json (again) : NULL;

    if (standings == NULL || csv == NULL || !g_utf8_validate (csv, -1, NULL) || again == NULL ||
        strcmp (out, out2) != 0)
      abort ();
  }
  return 0;
}
