/* SPDX-License-Identifier: GPL-3.0-or-later */
/* SVG documents, rasterising them with librsvg, and export to files. */
#define G_LOG_DOMAIN "xq-render"

#include "config.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <librsvg/rsvg.h>
#include <math.h>
#include <string.h>

#include <glib/gstdio.h>

#include "xq-render-private.h"

/* Bigger than any screen or print needs; it keeps a typo in --size from
 * asking cairo for gigabytes. */
#define MAX_SIDE 16384

static void
draw_pieces (XqPainter *p, const XqBoardGeometry *geom, const XqPosition *pos,
             const XqRenderStyle *style)
{
  double r = xq_board_geometry_piece_radius (geom);

  if (pos == NULL)
    return;
  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    if (pos->board[sq] != XQ_EMPTY)
      {
        double x, y;
        xq_board_geometry_center (geom, sq, &x, &y);
        xq_draw_piece (p, pos->board[sq], style, x, y, r);
      }
}

const guint8 *
xq_occupied_from_position (const XqPosition *pos, guint8 *occupied)
{
  if (pos == NULL)
    return NULL;
  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    occupied[sq] = pos->board[sq] != XQ_EMPTY;
  return occupied;
}

const guint8 *
xq_occupied_from_scene (const XqScene *scene, guint8 *occupied)
{
  if (scene == NULL)
    return NULL;
  for (int i = 0; i < XQ_SQUARES; i++)
    occupied[i] = scene->tokens[i].kind != XQ_TOKEN_EMPTY;
  return occupied;
}

char *
xq_render_svg (const XqPosition *pos, const XqRenderStyle *style,
               const XqAnnotations *annots, double size_px)
{
  XqRenderStyle def;
  XqBoardGeometry geom;
  GString *svg;
  XqPainter p = { 0 };
  double height;
  guint8 occ[XQ_SQUARES];
  const guint8 *occupied = xq_occupied_from_position (pos, occ);

  g_return_val_if_fail (size_px > 0, NULL);
  if (style == NULL)
    {
      xq_render_style_init (&def);
      style = &def;
    }
  height = size_px / xq_board_aspect_ratio ();
  xq_board_geometry_init (&geom, size_px, height, style->flipped);
  svg = g_string_sized_new (64 * 1024);
  p.svg = svg;
  xq_svg_begin (svg, size_px, height);
  xq_draw_board (&p, &geom, style);
  xq_draw_annotations (&p, &geom, style, annots, occupied, 0);
  draw_pieces (&p, &geom, pos, style);
  xq_draw_annotations (&p, &geom, style, annots, occupied, 1);
  xq_svg_end (svg);
  return g_string_free (svg, FALSE);
}

char *
xq_render_board_svg (const XqRenderStyle *style, double width, double height)
{
  XqBoardGeometry geom;
  GString *svg;
  XqPainter p = { 0 };

  g_return_val_if_fail (style != NULL, NULL);
  g_return_val_if_fail (width > 0 && height > 0, NULL);
  xq_board_geometry_init (&geom, width, height, style->flipped);
  svg = g_string_sized_new (16 * 1024);
  p.svg = svg;
  xq_svg_begin (svg, width, height);
  xq_draw_board (&p, &geom, style);
  xq_svg_end (svg);
  return g_string_free (svg, FALSE);
}

char *
xq_render_piece_svg (XqPiece piece, const XqRenderStyle *style, double diameter_px)
{
  GString *svg;
  XqPainter p = { 0 };
  double half = diameter_px / 2;

  g_return_val_if_fail (style != NULL, NULL);
  g_return_val_if_fail (diameter_px > 0, NULL);
  g_return_val_if_fail (xq_piece_type (piece) != XQ_NO_TYPE, NULL);
  svg = g_string_sized_new (4 * 1024);
  p.svg = svg;
  xq_svg_begin (svg, diameter_px, diameter_px);
  xq_draw_piece (&p, piece, style, half, half, half / XQ_PIECE_BOX_SCALE);
  xq_svg_end (svg);
  return g_string_free (svg, FALSE);
}

void
xq_render_paint_annotations (cairo_t *cr, const XqBoardGeometry *geom,
                             const XqRenderStyle *style, const XqAnnotations *annots,
                             const XqPosition *pos, int layer)
{
  XqPainter p = { 0 };
  guint8 occ[XQ_SQUARES];

  g_return_if_fail (cr != NULL && geom != NULL && style != NULL);
  if (annots == NULL || annots->n_marks == 0)
    return;
  p.cr = cr;
  cairo_save (cr);
  xq_draw_annotations (&p, geom, style, annots, xq_occupied_from_position (pos, occ), layer);
  cairo_restore (cr);
}

char *
xq_render_scene_svg (const XqScene *scene, const XqRenderStyle *style,
                     const XqAnnotations *annots, double size_px)
{
  XqRenderStyle def;
  XqBoardGeometry geom;
  GString *svg;
  XqPainter p = { 0 };
  double height, r;
  guint8 occ[XQ_SQUARES];
  const guint8 *occupied = xq_occupied_from_scene (scene, occ);

  g_return_val_if_fail (scene != NULL, NULL);
  g_return_val_if_fail (size_px > 0, NULL);
  if (style == NULL)
    {
      xq_render_style_init (&def);
      style = &def;
    }
  height = size_px / xq_scene_aspect_ratio (scene->shape);
  xq_scene_geometry_init (&geom, scene->shape, size_px, height, style->flipped);
  r = xq_board_geometry_piece_radius (&geom);
  svg = g_string_sized_new (64 * 1024);
  p.svg = svg;
  xq_svg_begin (svg, size_px, height);
  xq_draw_scene_board (&p, &geom, style);
  xq_draw_annotations (&p, &geom, style, annots, occupied, 0);
  for (int i = 0; i < xq_scene_n_points (scene); i++)
    if (scene->tokens[i].kind != XQ_TOKEN_EMPTY)
      {
        double x, y;
        xq_board_geometry_center (&geom, i, &x, &y);
        xq_draw_token (&p, &scene->tokens[i], style, x, y, r);
      }
  xq_draw_annotations (&p, &geom, style, annots, occupied, 1);
  xq_svg_end (svg);
  return g_string_free (svg, FALSE);
}

char *
xq_render_token_svg (const XqToken *token, const XqRenderStyle *style, double diameter_px)
{
  GString *svg;
  XqPainter p = { 0 };
  double half = diameter_px / 2;

  g_return_val_if_fail (token != NULL && style != NULL, NULL);
  g_return_val_if_fail (diameter_px > 0, NULL);
  svg = g_string_sized_new (4 * 1024);
  p.svg = svg;
  xq_svg_begin (svg, diameter_px, diameter_px);
  xq_draw_token (&p, token, style, half, half, half / XQ_PIECE_BOX_SCALE);
  xq_svg_end (svg);
  return g_string_free (svg, FALSE);
}

/* ---- Rasterising ---------------------------------------------------------------- */

static gboolean
check_size (double width, double height, GError **error)
{
  if (!(width >= 1 && height >= 1 && width <= MAX_SIDE && height <= MAX_SIDE))
    {
      g_set_error (error, XQ_RENDER_ERROR, XQ_RENDER_ERROR_SIZE,
                   "size %g x %g is outside 1..%d", width, height, MAX_SIDE);
      return FALSE;
    }
  return TRUE;
}

/* Draws svg into cr, fitted into the viewport. */
static gboolean
render_svg_to_cairo (const char *svg, cairo_t *cr, double width, double height, GError **error)
{
  RsvgHandle *handle;
  RsvgRectangle viewport = { 0, 0, width, height };
  gboolean ok;

  /* librsvg 2.54 has no g_autoptr for RsvgHandle (docs/building.md, trap 5). */
  handle = rsvg_handle_new_from_data ((const guint8 *) svg, strlen (svg), error);
  if (handle == NULL)
    {
      g_prefix_error (error, "SVG: ");
      if (error && *error)
        {
          (*error)->domain = XQ_RENDER_ERROR;
          (*error)->code = XQ_RENDER_ERROR_SVG;
        }
      return FALSE;
    }
  ok = rsvg_handle_render_document (handle, cr, &viewport, error);
  g_object_unref (handle);
  if (!ok && error && *error)
    {
      (*error)->domain = XQ_RENDER_ERROR;
      (*error)->code = XQ_RENDER_ERROR_SVG;
    }
  return ok;
}

cairo_surface_t *
xq_render_rasterize_svg (const char *svg, int width, int height, GError **error)
{
  cairo_surface_t *surface;
  cairo_t *cr;

  g_return_val_if_fail (svg != NULL, NULL);
  if (!check_size (width, height, error))
    return NULL;
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (surface);
  if (!render_svg_to_cairo (svg, cr, width, height, error))
    {
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
      return NULL;
    }
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

cairo_surface_t *
xq_render_to_surface (const XqPosition *pos, const XqRenderStyle *style,
                      const XqAnnotations *annots, int width, int height, GError **error)
{
  g_autofree char *svg = NULL;
  double size;

  if (!check_size (width, height, error))
    return NULL;
  /* The SVG has the board's own proportions; librsvg centres it. */
  size = MIN ((double) width, height * xq_board_aspect_ratio ());
  svg = xq_render_svg (pos, style, annots, size);
  return xq_render_rasterize_svg (svg, width, height, error);
}

/* ---- Export ------------------------------------------------------------------------ */

static cairo_status_t
write_to_gstring (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

gboolean
xq_render_export (const XqPosition *pos, const XqRenderStyle *style,
                  const XqAnnotations *annots, double size_px,
                  const char *filename, GError **error)
{
  g_autofree char *svg = NULL;
  g_autofree char *lower = NULL;
  g_autoptr(GByteArray) bytes = NULL;
  double height = size_px / xq_board_aspect_ratio ();
  cairo_status_t status;

  g_return_val_if_fail (filename != NULL, FALSE);
  if (!check_size (size_px, height, error))
    return FALSE;
  svg = xq_render_svg (pos, style, annots, size_px);
  lower = g_ascii_strdown (filename, -1);

  if (g_str_has_suffix (lower, ".svg"))
    {
      if (!g_file_set_contents (filename, svg, -1, error))
        {
          if (error && *error)
            {
              (*error)->domain = XQ_RENDER_ERROR;
              (*error)->code = XQ_RENDER_ERROR_IO;
            }
          return FALSE;
        }
      return TRUE;
    }

  bytes = g_byte_array_new ();
  if (g_str_has_suffix (lower, ".png"))
    {
      cairo_surface_t *surface = xq_render_rasterize_svg (svg, (int) ceil (size_px),
                                                          (int) ceil (height), error);
      if (surface == NULL)
        return FALSE;
      status = cairo_surface_write_to_png_stream (surface, write_to_gstring, bytes);
      cairo_surface_destroy (surface);
    }
  else if (g_str_has_suffix (lower, ".pdf"))
    {
      cairo_surface_t *surface = cairo_pdf_surface_create_for_stream (write_to_gstring, bytes,
                                                                      size_px, height);
      cairo_t *cr = cairo_create (surface);
      gboolean ok = render_svg_to_cairo (svg, cr, size_px, height, error);

      cairo_destroy (cr);
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
      cairo_surface_destroy (surface);
      if (!ok)
        return FALSE;
    }
  else
    {
      g_set_error (error, XQ_RENDER_ERROR, XQ_RENDER_ERROR_FORMAT,
                   "cannot tell the file type of “%s” (use .svg, .png or .pdf)", filename);
      return FALSE;
    }

  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, XQ_RENDER_ERROR, XQ_RENDER_ERROR_IO, "%s: %s", filename,
                   cairo_status_to_string (status));
      return FALSE;
    }
  if (!g_file_set_contents (filename, (const char *) bytes->data, (gssize) bytes->len, error))
    {
      if (error && *error)
        {
          (*error)->domain = XQ_RENDER_ERROR;
          (*error)->code = XQ_RENDER_ERROR_IO;
        }
      return FALSE;
    }
  return TRUE;
}

gboolean
xq_render_finish_pdf (cairo_surface_t *surface, const char *filename, gboolean ok, GError **error)
{
  cairo_status_t status;

  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (ok && status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, XQ_RENDER_ERROR, XQ_RENDER_ERROR_IO, "%s: %s", filename,
                   cairo_status_to_string (status));
      ok = FALSE;
    }
  if (!ok)
    g_unlink (filename);
  return ok;
}
