/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What reaches the renderer from a worksheet file: the "FEN | prompt |
 * answer" lines are parsed, laid out, and the first exercise page and the
 * answer page drawn (prompts and answers go through Pango) onto a cairo
 * recording surface, so no file is written. */
#include "config.h"

#include <cairo.h>

#include "xq-worksheet.h"
#include "fuzz-common.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(XqWorksheet) sheet = xq_worksheet_new ();
  int pages;

  fuzz_init ();
  if (size > 16 * 1024)
    return 0;
  text = fuzz_strdup (data, size);
  if (!xq_worksheet_parse_text (sheet, text, &error))
    {
      if (error == NULL || !g_utf8_validate (error->message, -1, NULL))
        abort ();
      return 0;
    }
  /* Page count (exercise pages plus the answer key) is bounded by the
   * exercises; drawing two of them is enough to reach every code path. */
  pages = xq_worksheet_count_pages (sheet);
  if (pages < 1)
    abort ();
  {
    cairo_surface_t *surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
    cairo_t *cr = cairo_create (surface);
    gboolean ok = xq_worksheet_draw_page (sheet, cr, 0, &error);

    if (ok && pages > 1)
      ok = xq_worksheet_draw_page (sheet, cr, pages - 1, &error);
    cairo_destroy (cr);
    cairo_surface_destroy (surface);
    /* Drawing may refuse text the fonts cannot show; it must say so. */
    if (!ok && (error == NULL || !g_utf8_validate (error->message, -1, NULL)))
      abort ();
  }
  return 0;
}
