/* SPDX-License-Identifier: GPL-3.0-or-later */
/* XqRenderCache: rasterise the board and each piece once, compose frames. */
#define G_LOG_DOMAIN "xq-render"

#include "config.h"

#include <math.h>

#include "xq-render-private.h"

/* Resizing a window walks through many sizes; keep only a few of them. */
#define MAX_BOARDS 4
#define MAX_PIECES (14 * 6)

struct _XqRenderCache {
  GHashTable *boards;   /* "w h theme set flags" -> cairo_surface_t */
  GHashTable *pieces;   /* packed guint64 key -> cairo_surface_t */
  GHashTable *tokens;   /* backs, figures, cubes: packed guint64 key -> cairo_surface_t */
};

XqRenderCache *
xq_render_cache_new (void)
{
  XqRenderCache *cache = g_new0 (XqRenderCache, 1);

  cache->boards = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                         (GDestroyNotify) cairo_surface_destroy);
  cache->pieces = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free,
                                         (GDestroyNotify) cairo_surface_destroy);
  cache->tokens = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free,
                                         (GDestroyNotify) cairo_surface_destroy);
  return cache;
}

void
xq_render_cache_free (XqRenderCache *cache)
{
  if (cache == NULL)
    return;
  g_hash_table_unref (cache->boards);
  g_hash_table_unref (cache->pieces);
  g_hash_table_unref (cache->tokens);
  g_free (cache);
}

void
xq_render_cache_clear (XqRenderCache *cache)
{
  g_return_if_fail (cache != NULL);
  g_hash_table_remove_all (cache->boards);
  g_hash_table_remove_all (cache->pieces);
  g_hash_table_remove_all (cache->tokens);
}

/* Rasterising failed (should not happen with our own SVG): a transparent
 * surface of the right size keeps the caller's drawing code simple. */
static cairo_surface_t *
rasterize_or_blank (const char *svg, int w, int h)
{
  g_autoptr(GError) error = NULL;
  cairo_surface_t *s = xq_render_rasterize_svg (svg, w, h, &error);

  if (s == NULL)
    {
      g_warning ("rasterising failed: %s", error->message);
      s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, MAX (w, 1), MAX (h, 1));
    }
  return s;
}

static char *
scene_board_svg (XqBoardShape shape, const XqRenderStyle *style, double width, double height)
{
  XqBoardGeometry geom;
  GString *svg = g_string_sized_new (16 * 1024);
  XqPainter p = { 0 };

  xq_scene_geometry_init (&geom, shape, width, height, style->flipped);
  p.svg = svg;
  xq_svg_begin (svg, width, height);
  xq_draw_scene_board (&p, &geom, style);
  xq_svg_end (svg);
  return g_string_free (svg, FALSE);
}

static cairo_surface_t *
get_board (XqRenderCache *cache, XqBoardShape shape, const XqRenderStyle *style, int width, int height)
{
  g_autofree char *key = NULL;
  g_autofree char *svg = NULL;
  cairo_surface_t *surface;

  key = g_strdup_printf ("%d %d %d %d %d %d %d %d", width, height, style->theme, style->pieces,
                         !!style->flipped, !!style->coordinates, !!style->hide_file_numbers, shape);
  surface = g_hash_table_lookup (cache->boards, key);
  if (surface != NULL)
    return surface;
  if (g_hash_table_size (cache->boards) >= MAX_BOARDS)
    g_hash_table_remove_all (cache->boards);
  svg = scene_board_svg (shape, style, width, height);
  surface = rasterize_or_blank (svg, width, height);
  g_hash_table_insert (cache->boards, g_steal_pointer (&key), surface);
  return surface;
}

cairo_surface_t *
xq_render_cache_get_board (XqRenderCache *cache, const XqRenderStyle *style, int width, int height)
{
  g_return_val_if_fail (cache != NULL && style != NULL, NULL);
  g_return_val_if_fail (width > 0 && height > 0, NULL);
  return get_board (cache, XQ_BOARD_SHAPE_FULL, style, width, height);
}

/* One piece or token centred in a side x side surface. */
static cairo_surface_t *
rasterize_token (const XqToken *t, const XqRenderStyle *style, int side, double radius)
{
  GString *svg = g_string_sized_new (4096);
  XqPainter p = { 0 };
  cairo_surface_t *surface;

  p.svg = svg;
  xq_svg_begin (svg, side, side);
  xq_draw_token (&p, t, style, side / 2.0, side / 2.0, radius);
  xq_svg_end (svg);
  surface = rasterize_or_blank (svg->str, side, side);
  g_string_free (svg, TRUE);
  return surface;
}

/* Side of the square surface a piece is rasterised into. */
static int
piece_side (const XqBoardGeometry *geom)
{
  return (int) ceil (2 * xq_board_geometry_piece_radius (geom) * XQ_PIECE_BOX_SCALE);
}

void
xq_render_cache_piece_origin (const XqBoardGeometry *geom, double cx, double cy, double *x, double *y)
{
  int side = piece_side (geom);

  /* Whole pixels, so cairo copies the surface instead of resampling it. */
  *x = floor (cx - side / 2.0 + 0.5);
  *y = floor (cy - side / 2.0 + 0.5);
}

/* The surface under key in table, rasterized on a miss; a full table is
 * emptied, which bounds it, and only what is drawn next comes back. */
static cairo_surface_t *
cached_token (GHashTable *table, gint64 key, const XqToken *t, const XqRenderStyle *style,
              const XqBoardGeometry *geom, int side)
{
  cairo_surface_t *surface = g_hash_table_lookup (table, &key);
  gint64 *key_copy;

  if (surface != NULL)
    return surface;
  if (g_hash_table_size (table) >= MAX_PIECES)
    g_hash_table_remove_all (table);
  surface = rasterize_token (t, style, side, xq_board_geometry_piece_radius (geom));
  key_copy = g_new (gint64, 1);
  *key_copy = key;
  g_hash_table_insert (table, key_copy, surface);
  return surface;
}

cairo_surface_t *
xq_render_cache_get_piece (XqRenderCache *cache, XqPiece piece, const XqRenderStyle *style,
                           const XqBoardGeometry *geom)
{
  gint64 key;
  int side;

  g_return_val_if_fail (cache != NULL && style != NULL && geom != NULL, NULL);
  g_return_val_if_fail (xq_piece_type (piece) != XQ_NO_TYPE, NULL);
  side = piece_side (geom);
  if (side < 1)
    side = 1;
  /* The radius is a function of the side only for our geometry, but keep
   * the exact radius in the key: two geometries may round to one side. */
  key = ((gint64) (xq_board_geometry_piece_radius (geom) * 64) << 16) |
        ((gint64) style->pieces << 8) | ((gint64) style->theme << 5) | piece;
  {
    XqToken t = { .kind = XQ_TOKEN_FACE_UP, .color = xq_piece_color (piece), .figure = xq_piece_type (piece) };
    return cached_token (cache->pieces, key, &t, style, geom, side);
  }
}

void
xq_render_cache_draw (XqRenderCache *cache, cairo_t *cr, const XqPosition *pos,
                      const XqRenderStyle *style, const XqAnnotations *annots,
                      int width, int height)
{
  XqBoardGeometry geom;
  XqRenderStyle def;

  g_return_if_fail (cache != NULL && cr != NULL);
  if (width <= 0 || height <= 0)
    return;
  if (style == NULL)
    {
      xq_render_style_init (&def);
      style = &def;
    }
  xq_board_geometry_init (&geom, width, height, style->flipped);
  cairo_save (cr);
  cairo_set_source_surface (cr, xq_render_cache_get_board (cache, style, width, height), 0, 0);
  cairo_paint (cr);
  xq_render_paint_annotations (cr, &geom, style, annots, pos, 0);
  if (pos != NULL)
    for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
      if (pos->board[sq] != XQ_EMPTY)
        {
          double cx, cy, x, y;
          xq_board_geometry_center (&geom, sq, &cx, &cy);
          xq_render_cache_piece_origin (&geom, cx, cy, &x, &y);
          cairo_set_source_surface (cr, xq_render_cache_get_piece (cache, pos->board[sq], style, &geom), x, y);
          cairo_paint (cr);
        }
  xq_render_paint_annotations (cr, &geom, style, annots, pos, 1);
  cairo_restore (cr);
}

cairo_surface_t *
xq_render_cache_compose (XqRenderCache *cache, const XqPosition *pos, const XqRenderStyle *style,
                         const XqAnnotations *annots, int width, int height)
{
  cairo_surface_t *surface;
  cairo_t *cr;

  g_return_val_if_fail (cache != NULL, NULL);
  g_return_val_if_fail (width > 0 && height > 0, NULL);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (surface);
  xq_render_cache_draw (cache, cr, pos, style, annots, width, height);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* ---- Scenes ------------------------------------------------------------------------- */

cairo_surface_t *
xq_render_cache_get_token (XqRenderCache *cache, const XqToken *token, const XqRenderStyle *style,
                           const XqBoardGeometry *geom)
{
  gint64 key;
  XqToken t = *token;
  int side;

  g_return_val_if_fail (cache != NULL && token != NULL && style != NULL && geom != NULL, NULL);
  g_return_val_if_fail (token->kind != XQ_TOKEN_EMPTY, NULL);
  /* Ordinary face-up pieces share the piece cache with the plain board. */
  if (t.kind == XQ_TOKEN_FACE_UP && t.cube == XQ_NO_TYPE && t.figure > XQ_FIGURE_NONE &&
      t.figure < XQ_N_TYPES)
    return xq_render_cache_get_piece (cache, xq_piece_make (t.color, t.figure), style, geom);
  /* What a plain back hides must not make two backs differ. */
  if (t.kind != XQ_TOKEN_FACE_UP)
    t.figure = t.cube = 0;
  if (t.kind == XQ_TOKEN_FACE_DOWN_PLAIN)
    t.color = 0;
  side = MAX (1, piece_side (geom));
  key = ((gint64) (xq_board_geometry_piece_radius (geom) * 64) << 24) |
        ((gint64) style->pieces << 22) | ((gint64) style->theme << 20) |
        ((gint64) t.kind << 16) | ((gint64) (t.color & 1) << 15) | ((gint64) t.figure << 4) |
        (gint64) (t.cube & 0xf);
  return cached_token (cache->tokens, key, &t, style, geom, side);
}

void
xq_render_cache_draw_token (XqRenderCache *cache, cairo_t *cr, const XqToken *token,
                            const XqRenderStyle *style, const XqBoardGeometry *geom,
                            double cx, double cy, double x_scale)
{
  cairo_surface_t *surface;
  double x, y;

  g_return_if_fail (cache != NULL && cr != NULL && token != NULL);
  if (token->kind == XQ_TOKEN_EMPTY || x_scale <= 0)
    return;
  surface = xq_render_cache_get_token (cache, token, style, geom);
  cairo_save (cr);
  if (x_scale < 1)
    {
      int side = cairo_image_surface_get_width (surface);
      cairo_translate (cr, cx, cy);
      cairo_scale (cr, x_scale, 1);
      cairo_set_source_surface (cr, surface, -side / 2.0, -side / 2.0);
    }
  else
    {
      xq_render_cache_piece_origin (geom, cx, cy, &x, &y);
      cairo_set_source_surface (cr, surface, x, y);
    }
  cairo_paint (cr);
  cairo_restore (cr);
}

void
xq_render_cache_draw_scene (XqRenderCache *cache, cairo_t *cr, const XqScene *scene,
                            const XqRenderStyle *style, const XqAnnotations *annots,
                            int width, int height)
{
  XqBoardGeometry geom;
  XqRenderStyle def;
  XqPainter p = { 0 };
  guint8 occ[XQ_SQUARES];
  const guint8 *occupied;

  g_return_if_fail (cache != NULL && cr != NULL && scene != NULL);
  if (width <= 0 || height <= 0)
    return;
  if (style == NULL)
    {
      xq_render_style_init (&def);
      style = &def;
    }
  occupied = xq_occupied_from_scene (scene, occ);
  xq_scene_geometry_init (&geom, scene->shape, width, height, style->flipped);
  p.cr = cr;
  cairo_save (cr);
  cairo_set_source_surface (cr, get_board (cache, scene->shape, style, width, height), 0, 0);
  cairo_paint (cr);
  if (annots != NULL)
    xq_draw_annotations (&p, &geom, style, annots, occupied, 0);
  for (int i = 0; i < xq_scene_n_points (scene); i++)
    if (scene->tokens[i].kind != XQ_TOKEN_EMPTY)
      {
        double cx, cy;
        xq_board_geometry_center (&geom, i, &cx, &cy);
        xq_render_cache_draw_token (cache, cr, &scene->tokens[i], style, &geom, cx, cy, 1);
      }
  if (annots != NULL)
    xq_draw_annotations (&p, &geom, style, annots, occupied, 1);
  cairo_restore (cr);
}

cairo_surface_t *
xq_render_cache_compose_scene (XqRenderCache *cache, const XqScene *scene, const XqRenderStyle *style,
                               const XqAnnotations *annots, int width, int height)
{
  cairo_surface_t *surface;
  cairo_t *cr;

  g_return_val_if_fail (cache != NULL && scene != NULL, NULL);
  g_return_val_if_fail (width > 0 && height > 0, NULL);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (surface);
  xq_render_cache_draw_scene (cache, cr, scene, style, annots, width, height);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}
