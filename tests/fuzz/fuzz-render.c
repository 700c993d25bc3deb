/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Render annotations as they come from files (lesson marks, labels): the
 * input is a style byte and a list of marks, each kind, role, point, target
 * and a label of up to 7 bytes.  Whatever the annotation API accepts must
 * render to an SVG that is well-formed XML, and the cairo painter must draw
 * the same marks without complaint. */
#include "config.h"

#include <cairo.h>

#include "xq-render.h"
#include "fuzz-common.h"

/* Few pieces (drawing pieces is most of the cost, and not what is fuzzed
 * here), one side in check so check rings have a general to go round. */
static const char *const fens[] = {
  "3k5/4P4/9/9/9/9/9/9/4R4/5K3 b - - 0 1",
  "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1",
};

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  XqRenderStyle style;
  XqAnnotations annots;
  XqPosition pos;
  g_autofree char *svg = NULL;
  g_autoptr(GError) error = NULL;
  cairo_surface_t *surface;
  size_t i = 1;

  fuzz_init ();
  if (size < 1 || size > 4096)
    return 0;
  xq_render_style_init (&style);
  style.pieces = (XqPieceSet) (data[0] % XQ_N_PIECE_SETS);
  style.theme = (XqTheme) ((data[0] >> 2) % (XQ_THEME_PRINT + 1));
  style.flipped = (data[0] >> 4) & 1;
  style.coordinates = (data[0] >> 5) & 1;
  style.hide_file_numbers = (data[0] >> 6) & 1;
  if (!xq_position_set_fen (&pos, fens[(data[0] >> 7) & 1], NULL))
    abort ();

  xq_annotations_clear (&annots);
  while (i + 4 <= size)
    {
      XqMarkKind kind = (XqMarkKind) (data[i] % (XQ_MARK_CIRCLE + 1));
      XqColorRole role = (XqColorRole) (data[i + 1] % (XQ_ROLE_NEUTRAL + 1));
      XqSquare sq = (XqSquare) data[i + 2] - 2;      /* a few invalid points too */
      XqSquare to = (XqSquare) data[i + 3] - 2;
      char label[XQ_MARK_LABEL_MAX + 2] = { 0 };
      size_t n = 0;

      i += 4;
      if (kind == XQ_MARK_LABEL)
        {
          while (i < size && data[i] != 0 && n < sizeof label - 1)
            label[n++] = (char) data[i++];
          i++;
          xq_annotations_add_label (&annots, role, sq, label);
        }
      else if (kind == XQ_MARK_ARROW)
        xq_annotations_add_arrow (&annots, role, sq, to);
      else if (kind == XQ_MARK_CHECK)
        xq_annotations_add_check (&annots, &pos);
      else
        xq_annotations_add (&annots, kind, role, sq);
    }

  svg = xq_render_svg (&pos, &style, &annots, 90);
  if (svg == NULL || !g_utf8_validate (svg, -1, NULL))
    abort ();
  /* Well-formed XML is what librsvg needs first; GMarkup checks that at a
   * fraction of the cost of rasterising every input. */
  {
    static const GMarkupParser parser = { 0 };
    GMarkupParseContext *ctx = g_markup_parse_context_new (&parser, 0, NULL, NULL);
    gboolean ok = g_markup_parse_context_parse (ctx, svg, -1, &error)
                  && g_markup_parse_context_end_parse (ctx, &error);

    g_markup_parse_context_free (ctx);
    if (!ok)
      {
        fprintf (stderr, "the renderer's SVG is not well-formed XML: %s\n", error->message);
        abort ();
      }
  }
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 90, 100);
  {
    XqBoardGeometry geom;
    cairo_t *cr = cairo_create (surface);

    xq_board_geometry_init (&geom, 90, 100, style.flipped);
    xq_render_paint_annotations (cr, &geom, &style, &annots, &pos, 0);
    xq_render_paint_annotations (cr, &geom, &style, &annots, &pos, 1);
    cairo_destroy (cr);
  }
  cairo_surface_destroy (surface);
  return 0;
}
