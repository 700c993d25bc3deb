/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Renderer tests: geometry, pixels of rendered boards, SVG validity, export,
 * the surface cache and worksheet layout. */
#define G_LOG_DOMAIN "test-render"

#include "config.h"

#include <glib/gstdio.h>
#include <librsvg/rsvg.h>
#include <locale.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "xq-render.h"
#include "xq-worksheet.h"
#include "xq-test-dirs.h"
#include "xq-test-xqtool.h"

/* A middle-game position with every piece type of both colours and empty
 * points all over, so the pixel checks see pieces and bare lines. */
#define MIDGAME_FEN "r1bakab2/9/1cn3nc1/p1p1p3p/6p2/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 1"

/* ---- Pixel helpers -------------------------------------------------------------- */

typedef struct {
  guint8 r, g, b, a;
} Pixel;

static Pixel
pixel_at (cairo_surface_t *s, double x, double y)
{
  int ix = (int) floor (x), iy = (int) floor (y);
  guint32 v;
  Pixel p;

  cairo_surface_flush (s);
  g_assert_cmpint (ix, >=, 0);
  g_assert_cmpint (iy, >=, 0);
  g_assert_cmpint (ix, <, cairo_image_surface_get_width (s));
  g_assert_cmpint (iy, <, cairo_image_surface_get_height (s));
  v = *(guint32 *) (cairo_image_surface_get_data (s) + iy * cairo_image_surface_get_stride (s) + ix * 4);
  p.a = v >> 24;
  p.r = (v >> 16) & 0xff;
  p.g = (v >> 8) & 0xff;
  p.b = v & 0xff;
  return p;
}

static double
luminance (Pixel p)
{
  return 0.299 * p.r + 0.587 * p.g + 0.114 * p.b;
}

static gboolean
is_reddish (Pixel p)
{
  return p.r > 150 && p.g < 90 && p.b < 90;
}

/* The ring is under two pixels wide at test sizes: take the pixel along
 * the radius (0.70 r to 0.84 r, leftwards) that shows it best. */
static Pixel
ring_pixel (cairo_surface_t *s, double cx, double cy, double r, XqColor color, XqTheme theme)
{
  Pixel best = pixel_at (s, cx - 0.77 * r, cy);

  for (double f = 0.70; f <= 0.84; f += 0.01)
    {
      Pixel p = pixel_at (s, cx - f * r, cy);
      if (color == XQ_RED && theme != XQ_THEME_PRINT ? p.r - p.g > best.r - best.g
          : color == XQ_RED ? luminance (p) < luminance (best)
          : luminance (p) > luminance (best))
        best = p;
    }
  return best;
}

/* ---- Geometry ----------------------------------------------------------------------- */

static void
test_geometry_roundtrip (void)
{
  static const double sizes[][2] = { { 540, 635 }, { 300, 900 }, { 1200, 700 }, { 97, 113 } };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (int flip = 0; flip < 2; flip++)
      {
        XqBoardGeometry g;
        xq_board_geometry_init (&g, sizes[s][0], sizes[s][1], flip);
        g_assert_cmpfloat (g.board_w, <=, sizes[s][0] + 1e-9);
        g_assert_cmpfloat (g.board_h, <=, sizes[s][1] + 1e-9);
        g_assert_cmpfloat (fabs (g.board_w / g.board_h - xq_board_aspect_ratio ()), <, 1e-9);
        for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
          {
            double x, y;
            xq_board_geometry_center (&g, sq, &x, &y);
            g_assert_cmpint (xq_board_geometry_pick (&g, x, y), ==, sq);
            /* Anywhere within 0.45 cell still picks the same point. */
            g_assert_cmpint (xq_board_geometry_pick (&g, x + 0.45 * g.cell, y - 0.45 * g.cell), ==, sq);
          }
        /* The corners of the area are margin, not a point. */
        g_assert_cmpint (xq_board_geometry_pick (&g, 1, 1), ==, XQ_NO_SQUARE);
        g_assert_cmpint (xq_board_geometry_pick (&g, sizes[s][0] - 1, sizes[s][1] - 1), ==, XQ_NO_SQUARE);
      }
}

static void
test_geometry_orientation (void)
{
  XqBoardGeometry g;
  double x, y, x2, y2;

  /* Red at the bottom: a0 (Red's left corner) is bottom-left. */
  xq_board_geometry_init (&g, 540, 635, FALSE);
  xq_board_geometry_center (&g, xq_square_from_text ("a0"), &x, &y);
  g_assert_cmpfloat (x, <, 270);
  g_assert_cmpfloat (y, >, 317);
  xq_board_geometry_center (&g, xq_square_from_text ("i9"), &x2, &y2);
  g_assert_cmpfloat (x2, >, 270);
  g_assert_cmpfloat (y2, <, 317);
  /* Black at the bottom: the same board turned round. */
  xq_board_geometry_init (&g, 540, 635, TRUE);
  xq_board_geometry_center (&g, xq_square_from_text ("i9"), &x2, &y2);
  g_assert_cmpfloat (fabs (x2 - x), <, 1e-9);
  g_assert_cmpfloat (fabs (y2 - y), <, 1e-9);
  /* Neighbouring files are one cell apart. */
  xq_board_geometry_center (&g, xq_square_from_text ("e4"), &x, &y);
  xq_board_geometry_center (&g, xq_square_from_text ("f4"), &x2, &y2);
  g_assert_cmpfloat (fabs (fabs (x2 - x) - g.cell), <, 1e-9);
}

/* ---- Pixels: every piece and the bare lines, per set and orientation ------------------- */

typedef struct {
  XqPieceSet set;
  XqTheme    theme;
  gboolean   flipped;
  gboolean   use_cache;   /* compose from XqRenderCache instead of librsvg on the SVG */
} PixelCase;

static const PixelCase pixel_cases[] = {
  { XQ_PIECE_SET_TRADITIONAL, XQ_THEME_WOOD, FALSE, FALSE },
  { XQ_PIECE_SET_TRADITIONAL, XQ_THEME_WOOD, TRUE, FALSE },
  { XQ_PIECE_SET_SIMPLIFIED, XQ_THEME_WOOD, FALSE, FALSE },
  { XQ_PIECE_SET_SIMPLIFIED, XQ_THEME_WOOD, TRUE, FALSE },
  { XQ_PIECE_SET_PICTOGRAM, XQ_THEME_WOOD, FALSE, FALSE },
  { XQ_PIECE_SET_PICTOGRAM, XQ_THEME_WOOD, TRUE, FALSE },
  { XQ_PIECE_SET_TRADITIONAL, XQ_THEME_PRINT, FALSE, FALSE },
  { XQ_PIECE_SET_PICTOGRAM, XQ_THEME_CONTRAST, TRUE, FALSE },
  { XQ_PIECE_SET_TRADITIONAL, XQ_THEME_WOOD, FALSE, TRUE },
  { XQ_PIECE_SET_PICTOGRAM, XQ_THEME_WOOD, TRUE, TRUE },
  { XQ_PIECE_SET_SIMPLIFIED, XQ_THEME_PRINT, TRUE, TRUE },
};

static void
test_pixels (gconstpointer data)
{
  const PixelCase *pc = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(XqRenderCache) cache = xq_render_cache_new ();
  XqRenderStyle style;
  XqPosition pos;
  XqBoardGeometry g;
  cairo_surface_t *s;
  const int w = 540, h = 640;
  double r;
  int n_pieces = 0, n_empty = 0;

  g_assert_true (xq_position_set_fen (&pos, MIDGAME_FEN, &error));
  g_assert_no_error (error);
  xq_render_style_init (&style);
  style.pieces = pc->set;
  style.theme = pc->theme;
  style.flipped = pc->flipped;
  if (pc->use_cache)
    s = xq_render_cache_compose (cache, &pos, &style, NULL, w, h);
  else
    s = xq_render_to_surface (&pos, &style, NULL, w, h, &error);
  g_assert_no_error (error);
  g_assert_nonnull (s);
  xq_board_geometry_init (&g, w, h, pc->flipped);
  r = xq_board_geometry_piece_radius (&g);

  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    {
      double cx, cy;
      XqPiece piece = pos.board[sq];

      xq_board_geometry_center (&g, sq, &cx, &cy);
      if (piece != XQ_EMPTY)
        {
          /* The face just inside the rim and the outer ring on its left:
           * Red is a light disc with a red (or, in print, black) ring, Black
           * a dark disc with a light ring, in every set and theme. */
          Pixel centre = pixel_at (s, cx, cy);
          Pixel face = pixel_at (s, cx - 0.85 * r, cy - 0.03 * r);
          Pixel ring = ring_pixel (s, cx, cy - 0.03 * r, r, xq_piece_color (piece), pc->theme);

          g_assert_cmpint (centre.a, ==, 255);
          if (xq_piece_color (piece) == XQ_RED)
            {
              g_assert_cmpfloat (luminance (face), >, 200);
              if (pc->theme == XQ_THEME_PRINT)
                g_assert_cmpfloat (luminance (ring), <, 60);
              else
                g_assert_true (is_reddish (ring));
            }
          else
            {
              g_assert_cmpfloat (luminance (face), <, 60);
              g_assert_cmpfloat (luminance (ring), >, 180);
            }
          n_pieces++;
        }
      else
        {
          /* A bare crossing is line ink, dark in every theme. */
          Pixel cross = pixel_at (s, cx, cy);

          g_assert_cmpfloat (luminance (cross), <, 110);
          g_assert_cmpint (cross.a, ==, 255);
          n_empty++;
        }
    }
  g_assert_cmpint (n_pieces, ==, 31);
  g_assert_cmpint (n_empty, ==, 59);

  /* Between two bare points on rank 8 the line runs; in the middle of a
   * square there is board colour, lighter than the lines. */
  {
    double x0, y0, x1, y1;
    Pixel line, field;

    xq_board_geometry_center (&g, xq_square_from_text ("a8"), &x0, &y0);
    xq_board_geometry_center (&g, xq_square_from_text ("b8"), &x1, &y1);
    line = pixel_at (s, (x0 + x1) / 2, y0);
    xq_board_geometry_center (&g, xq_square_from_text ("b7"), &x1, &y1);
    field = pixel_at (s, (x0 + x1) / 2, (y0 + y1) / 2);
    g_assert_cmpfloat (luminance (line), <, 110);
    g_assert_cmpfloat (luminance (field), >, 190);
  }
  cairo_surface_destroy (s);
}

/* ---- SVG validity ------------------------------------------------------------------- */

static void
fill_all_marks (XqAnnotations *a)
{
  xq_annotations_clear (a);
  g_assert_true (xq_annotations_add (a, XQ_MARK_HIGHLIGHT, XQ_ROLE_SELECTION, xq_square_from_text ("h2")));
  g_assert_true (xq_annotations_add (a, XQ_MARK_DOT, XQ_ROLE_DEFAULT, xq_square_from_text ("h3")));
  g_assert_true (xq_annotations_add (a, XQ_MARK_DOT, XQ_ROLE_DEFAULT, xq_square_from_text ("h9")));
  g_assert_true (xq_annotations_add (a, XQ_MARK_LAST_MOVE, XQ_ROLE_DEFAULT, xq_square_from_text ("b9")));
  g_assert_true (xq_annotations_add_arrow (a, XQ_ROLE_HINT, xq_square_from_text ("h2"), xq_square_from_text ("e2")));
  g_assert_true (xq_annotations_add (a, XQ_MARK_STAR, XQ_ROLE_GOOD, xq_square_from_text ("e5")));
  g_assert_true (xq_annotations_add_label (a, XQ_ROLE_HINT, xq_square_from_text ("c5"), "1"));
  g_assert_true (xq_annotations_add_label (a, XQ_ROLE_BAD, xq_square_from_text ("a3"), "AB"));
  g_assert_true (xq_annotations_add (a, XQ_MARK_CHECK, XQ_ROLE_WARNING, xq_square_from_text ("e9")));
  g_assert_true (xq_annotations_add (a, XQ_MARK_CIRCLE, XQ_ROLE_NEUTRAL, xq_square_from_text ("a0")));
}

static void
assert_svg_parses (const char *svg, double expect_w)
{
  g_autoptr(GError) error = NULL;
  RsvgHandle *handle = rsvg_handle_new_from_data ((const guint8 *) svg, strlen (svg), &error);
  gdouble w = 0, h = 0;

  g_assert_no_error (error);
  g_assert_nonnull (handle);
  g_assert_true (rsvg_handle_get_intrinsic_size_in_pixels (handle, &w, &h));
  g_assert_cmpfloat (fabs (w - expect_w), <, 0.01);
  g_assert_cmpfloat (h, >, 0);
  g_object_unref (handle);
}

static void
test_svg_parses (void)
{
  XqPosition pos;
  XqAnnotations a;

  xq_position_init_start (&pos);
  fill_all_marks (&a);
  for (int set = 0; set < 3; set++)
    for (int theme = 0; theme < 3; theme++)
      for (int flags = 0; flags < 8; flags++)
        {
          XqRenderStyle style;
          g_autofree char *svg = NULL;
          g_autofree char *board = NULL;

          xq_render_style_init (&style);
          style.pieces = (XqPieceSet) set;
          style.theme = (XqTheme) theme;
          style.flipped = flags & 1;
          style.coordinates = (flags >> 1) & 1;
          style.hide_file_numbers = (flags >> 2) & 1;
          svg = xq_render_svg (&pos, &style, &a, 450);
          assert_svg_parses (svg, 450);
          board = xq_render_board_svg (&style, 300, 400);
          assert_svg_parses (board, 300);
          for (int c = 0; c < 2; c++)
            for (int t = XQ_KING; t <= XQ_PAWN; t++)
              {
                g_autofree char *piece = xq_render_piece_svg (xq_piece_make (c, t), &style, 64);
                assert_svg_parses (piece, 64);
              }
        }
  /* An empty board with no marks is a valid picture too. */
  {
    g_autofree char *svg = xq_render_svg (NULL, NULL, NULL, 200);
    assert_svg_parses (svg, 200);
  }
}

/* ---- Annotations --------------------------------------------------------------------- */

static void
test_annotations_limits (void)
{
  XqAnnotations a, b;

  xq_annotations_clear (&a);
  g_assert_false (xq_annotations_add (&a, XQ_MARK_DOT, XQ_ROLE_DEFAULT, 90));
  g_assert_false (xq_annotations_add (&a, XQ_MARK_DOT, XQ_ROLE_DEFAULT, XQ_NO_SQUARE));
  g_assert_false (xq_annotations_add_arrow (&a, XQ_ROLE_DEFAULT, 4, 4));
  g_assert_false (xq_annotations_add_label (&a, XQ_ROLE_DEFAULT, 4, ""));
  g_assert_false (xq_annotations_add_label (&a, XQ_ROLE_DEFAULT, 4, "12345678"));
  g_assert_cmpint (a.n_marks, ==, 0);
  for (int i = 0; i < XQ_MAX_MARKS; i++)
    g_assert_true (xq_annotations_add (&a, XQ_MARK_DOT, XQ_ROLE_DEFAULT, i % XQ_SQUARES));
  g_assert_false (xq_annotations_add (&a, XQ_MARK_DOT, XQ_ROLE_DEFAULT, 0));
  g_assert_cmpint (a.n_marks, ==, XQ_MAX_MARKS);

  /* The check ring goes on the general of the side to move, only in check.
   * Red chariot e1 checks the Black general e9 on the open file. */
  {
    XqPosition pos;
    g_assert_true (xq_position_set_fen (&pos, "4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1", NULL));
    xq_annotations_clear (&a);
    g_assert_true (xq_annotations_add_check (&a, &pos));
    g_assert_cmpint (a.n_marks, ==, 1);
    g_assert_cmpint (a.marks[0].kind, ==, XQ_MARK_CHECK);
    g_assert_cmpint (a.marks[0].sq, ==, xq_square_from_text ("e9"));
    xq_position_init_start (&pos);
    g_assert_false (xq_annotations_add_check (&a, &pos));
    g_assert_cmpint (a.n_marks, ==, 1);
  }

  fill_all_marks (&a);
  fill_all_marks (&b);
  g_assert_true (xq_annotations_equal (&a, &b));
  b.marks[3].role = XQ_ROLE_BAD;
  g_assert_false (xq_annotations_equal (&a, &b));
  xq_annotations_clear (&b);
  g_assert_true (xq_annotations_equal (NULL, &b));
}

/* The marks land where the geometry says, in the SVG and in cached frames. */
static void
test_annotation_pixels (void)
{
  XqPosition pos;
  XqAnnotations a;
  XqRenderStyle style;
  XqBoardGeometry g;
  g_autoptr(XqRenderCache) cache = xq_render_cache_new ();
  g_autoptr(GError) error = NULL;
  const int w = 540, h = 640;

  xq_position_init_start (&pos);
  xq_render_style_init (&style);
  xq_board_geometry_init (&g, w, h, FALSE);
  xq_annotations_clear (&a);
  /* e4 is an empty point in the start position; a green dot covers its
   * crossing.  A highlight under b5 tints the corner of that square blue. */
  xq_annotations_add (&a, XQ_MARK_DOT, XQ_ROLE_GOOD, xq_square_from_text ("e4"));
  xq_annotations_add (&a, XQ_MARK_HIGHLIGHT, XQ_ROLE_SELECTION, xq_square_from_text ("b5"));
  for (int pass = 0; pass < 2; pass++)
    {
      cairo_surface_t *s = pass == 0 ? xq_render_to_surface (&pos, &style, &a, w, h, &error)
                                     : xq_render_cache_compose (cache, &pos, &style, &a, w, h);
      double x, y;
      Pixel dot, hl, plain;

      g_assert_no_error (error);
      xq_board_geometry_center (&g, xq_square_from_text ("e4"), &x, &y);
      dot = pixel_at (s, x, y);
      g_assert_cmpint (dot.g, >, dot.r + 40);
      g_assert_cmpint (dot.g, >, dot.b + 40);
      xq_board_geometry_center (&g, xq_square_from_text ("b5"), &x, &y);
      hl = pixel_at (s, x - 0.3 * g.cell, y - 0.3 * g.cell);
      xq_board_geometry_center (&g, xq_square_from_text ("d5"), &x, &y);
      plain = pixel_at (s, x - 0.3 * g.cell, y - 0.3 * g.cell);
      /* Blue tint: less red than the plain board, more blue relative to red. */
      g_assert_cmpint (hl.r + 40, <, plain.r);
      g_assert_cmpint (hl.b - hl.r, >, plain.b - plain.r + 40);
      cairo_surface_destroy (s);
    }
}

/* The cached frame and librsvg's rendering of the SVG agree, piece by piece. */
static void
test_cache_matches_svg (void)
{
  XqPosition pos;
  XqRenderStyle style;
  XqBoardGeometry g;
  g_autoptr(XqRenderCache) cache = xq_render_cache_new ();
  g_autoptr(GError) error = NULL;
  cairo_surface_t *a, *b, *again;
  const int w = 450, h = 530;
  int differ = 0, total = 0;

  xq_position_init_start (&pos);
  xq_render_style_init (&style);
  xq_board_geometry_init (&g, w, h, FALSE);
  a = xq_render_to_surface (&pos, &style, NULL, w, h, &error);
  g_assert_no_error (error);
  b = xq_render_cache_compose (cache, &pos, &style, NULL, w, h);
  /* Same cached board and piece surfaces the second time. */
  g_assert_true (xq_render_cache_get_board (cache, &style, w, h) == xq_render_cache_get_board (cache, &style, w, h));
  again = xq_render_cache_compose (cache, &pos, &style, NULL, w, h);
  /* Compare 6x6 block averages: the cache snaps pieces to whole pixels,
   * which moves anti-aliased edges but not the picture. */
  for (int by = 0; by + 6 <= h; by += 6)
    for (int bx = 0; bx + 6 <= w; bx += 6)
      {
        double la = 0, lb = 0;
        for (int y = by; y < by + 6; y++)
          for (int x = bx; x < bx + 6; x++)
            {
              Pixel p = pixel_at (a, x, y), q = pixel_at (b, x, y), r = pixel_at (again, x, y);
              g_assert_cmpmem (&q, sizeof q, &r, sizeof r);
              la += luminance (p);
              lb += luminance (q);
            }
        if (fabs (la - lb) / 36 > 20)
          differ++;
        total++;
      }
  /* Measured: 0 of 6600 blocks differ.  A wrong transform or a missing
   * piece would differ on a quarter of them (pieces cover that much). */
  g_test_message ("%d of %d blocks differ", differ, total);
  g_assert_cmpfloat ((double) differ / total, <, 0.02);
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
  cairo_surface_destroy (again);
}

/* ---- Export --------------------------------------------------------------------------- */

static int
count_pdf_pages (const char *path)
{
  g_autofree char *data = NULL;
  gsize len;
  int n = 0;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  g_assert_true (len > 5 && memcmp (data, "%PDF-", 5) == 0);
  /* Each page object says "/Type /Page"; the page tree says "/Type /Pages". */
  /* The file is binary (compressed streams hold NUL bytes): no str* here. */
  for (gsize i = 0; i + 12 <= len; i++)
    if (memcmp (data + i, "/Type /Page", 11) == 0 && data[i + 11] != 's')
      n++;
  return n;
}

static void
test_export_files (void)
{
  g_autofree char *dir = g_dir_make_tmp ("xq-render-XXXXXX", NULL);
  g_autofree char *svg_path = g_build_filename (dir, "b.svg", NULL);
  g_autofree char *png_path = g_build_filename (dir, "b.png", NULL);
  g_autofree char *pdf_path = g_build_filename (dir, "b.pdf", NULL);
  g_autofree char *bad_path = g_build_filename (dir, "b.gif", NULL);
  g_autofree char *svg = NULL;
  g_autoptr(GError) error = NULL;
  XqPosition pos;
  XqAnnotations a;
  cairo_surface_t *png;

  xq_position_init_start (&pos);
  fill_all_marks (&a);
  g_assert_true (xq_render_export (&pos, NULL, &a, 400, svg_path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (svg_path, &svg, NULL, NULL));
  assert_svg_parses (svg, 400);

  g_assert_true (xq_render_export (&pos, NULL, &a, 400, png_path, &error));
  g_assert_no_error (error);
  png = cairo_image_surface_create_from_png (png_path);
  g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (png), ==, 400);
  g_assert_cmpint (cairo_image_surface_get_height (png), ==, (int) ceil (400 / xq_board_aspect_ratio ()));
  cairo_surface_destroy (png);

  g_assert_true (xq_render_export (&pos, NULL, &a, 400, pdf_path, &error));
  g_assert_no_error (error);
  g_assert_cmpint (count_pdf_pages (pdf_path), ==, 1);

  g_assert_false (xq_render_export (&pos, NULL, NULL, 400, bad_path, &error));
  g_assert_error (error, XQ_RENDER_ERROR, XQ_RENDER_ERROR_FORMAT);
  g_clear_error (&error);
  g_assert_false (xq_render_export (&pos, NULL, NULL, 0, svg_path, &error));
  g_assert_error (error, XQ_RENDER_ERROR, XQ_RENDER_ERROR_SIZE);

  g_unlink (svg_path);
  g_unlink (png_path);
  g_unlink (pdf_path);
  g_rmdir (dir);
}

/* ---- Worksheets ------------------------------------------------------------------------- */

static void
test_worksheet_layout (void)
{
  g_autoptr(XqWorksheet) sheet = xq_worksheet_new ();
  g_autofree char *dir = g_dir_make_tmp ("xq-sheet-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "sheet.pdf", NULL);
  g_autoptr(GString) text = g_string_new ("# thirteen exercises\n\n");
  g_autoptr(GError) error = NULL;
  XqWorksheetSlot slots[13];

  for (int i = 0; i < 13; i++)
    g_string_append_printf (text, "%s | %s %d | %s\n", XQ_START_FEN,
                            i % 2 ? "红先走，找出将死的一步。" : "Find the move that wins the chariot.",
                            i + 1, i == 5 ? "" : "炮二平五");
  g_assert_true (xq_worksheet_parse_text (sheet, text->str, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (xq_worksheet_get_n_exercises (sheet), ==, 13);

  /* Six per page: 13 exercises fill two pages and one more on a third. */
  g_assert_cmpint (xq_worksheet_layout (sheet, slots), ==, 3);
  for (int i = 0; i < 13; i++)
    {
      const XqWorksheetSlot *s = &slots[i];
      g_assert_cmpint (s->page, ==, i / 6);
      /* Same place on every page. */
      g_assert_cmpfloat (fabs (s->board_x - slots[i % 6].board_x), <, 1e-9);
      g_assert_cmpfloat (fabs (s->board_y - slots[i % 6].board_y), <, 1e-9);
      /* Inside the page margins, the text under its board, the board with
       * its own proportions. */
      g_assert_cmpfloat (s->board_x, >=, 30);
      g_assert_cmpfloat (s->text_x + s->text_w, <=, XQ_WORKSHEET_PAGE_WIDTH - 30);
      g_assert_cmpfloat (s->text_y + s->text_h, <=, XQ_WORKSHEET_PAGE_HEIGHT - 30);
      g_assert_cmpfloat (s->text_y, >=, s->board_y + s->board_h);
      g_assert_cmpfloat (fabs (s->board_w / s->board_h - xq_board_aspect_ratio ()), <, 1e-9);
      g_assert_cmpfloat (s->board_w, >, 140);
    }
  /* Reading order: left to right, then down. */
  g_assert_cmpfloat (slots[1].board_x, >, slots[0].board_x + slots[0].board_w);
  g_assert_cmpfloat (fabs (slots[1].board_y - slots[0].board_y), <, 1e-9);
  g_assert_cmpfloat (slots[2].board_y, >=, slots[0].text_y + slots[0].text_h);
  g_assert_cmpfloat (slots[4].board_y, >=, slots[2].text_y + slots[2].text_h);

  /* Three exercise pages plus one page of answers. */
  g_assert_cmpint (xq_worksheet_count_pages (sheet), ==, 4);
  g_assert_true (xq_worksheet_write_pdf (sheet, pdf, &error));
  g_assert_no_error (error);
  g_assert_cmpint (count_pdf_pages (pdf), ==, 4);
  g_unlink (pdf);
  g_rmdir (dir);
}

static void
test_worksheet_no_answers (void)
{
  g_autoptr(XqWorksheet) sheet = xq_worksheet_new ();
  XqPosition pos;

  xq_position_init_start (&pos);
  for (int i = 0; i < 7; i++)
    xq_worksheet_add (sheet, &pos, "Where can the horse go?", NULL, NULL);
  /* Two exercise pages and no answer key. */
  g_assert_cmpint (xq_worksheet_layout (sheet, NULL), ==, 2);
  g_assert_cmpint (xq_worksheet_count_pages (sheet), ==, 2);
}

static void
test_worksheet_bad_input (void)
{
  static const struct { const char *text; const char *line; } cases[] = {
    { XQ_START_FEN " | ok\nnot a fen at all | prompt\n", "line 2" },
    { "\n\n" XQ_START_FEN "\n", "line 3" },
    { "rnbakabnr/9/9/9/9/9/9/9/9/RNBAKABNR w | missing kings? no, facing\n", "line 1" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(XqWorksheet) sheet = xq_worksheet_new ();
      g_autoptr(GError) error = NULL;

      g_assert_false (xq_worksheet_parse_text (sheet, cases[i].text, &error));
      g_assert_error (error, XQ_RENDER_ERROR, XQ_RENDER_ERROR_INPUT);
      g_assert_nonnull (strstr (error->message, cases[i].line));
      /* All or nothing. */
      g_assert_cmpuint (xq_worksheet_get_n_exercises (sheet), ==, 0);
    }
}

/* Over-long prompts and inputs are refused before any layout work. */
static void
test_worksheet_limits (void)
{
  g_autoptr(XqWorksheet) sheet = xq_worksheet_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) error2 = NULL;
  g_autofree char *prompt = g_strnfill (XQ_WORKSHEET_MAX_TEXT + 1, 'p');
  g_autofree char *line = g_strdup_printf (XQ_START_FEN " | ok\n" XQ_START_FEN " | %s\n", prompt);
  g_autofree char *huge = g_strnfill (XQ_WORKSHEET_MAX_INPUT + 1, '#');

  g_assert_false (xq_worksheet_parse_text (sheet, line, &error));
  g_assert_error (error, XQ_RENDER_ERROR, XQ_RENDER_ERROR_INPUT);
  g_assert_nonnull (strstr (error->message, "line 2"));
  g_assert_false (xq_worksheet_parse_text (sheet, huge, &error2));
  g_assert_error (error2, XQ_RENDER_ERROR, XQ_RENDER_ERROR_INPUT);
  g_assert_cmpuint (xq_worksheet_get_n_exercises (sheet), ==, 0);
}

/* A very long title stays on one line inside the heading: nothing is drawn
 * between the heading's rule and the first row of boards, and the page
 * count does not change. */
static void
test_worksheet_long_title (void)
{
  g_autoptr(XqWorksheet) sheet = xq_worksheet_new ();
  g_autoptr(GString) title = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  XqWorksheetSlot slots[8];
  cairo_surface_t *img;
  cairo_t *cr;
  XqPosition pos;
  int dark = 0, top, bottom;

  xq_position_init_start (&pos);
  for (int i = 0; i < 2000; i++)
    g_string_append (title, "一个很长的标题 a long title ");
  xq_worksheet_set_title (sheet, title->str);
  for (int i = 0; i < 8; i++)
    xq_worksheet_add (sheet, &pos, "Find the move", "h2e2", NULL);
  g_assert_cmpint (xq_worksheet_count_pages (sheet), ==, 3);
  xq_worksheet_layout (sheet, slots);
  /* The rule is drawn 6 points above the first board's cell; look between. */
  bottom = (int) slots[0].board_y - 1;
  top = bottom - 4;

  img = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) XQ_WORKSHEET_PAGE_WIDTH,
                                    (int) XQ_WORKSHEET_PAGE_HEIGHT);
  cr = cairo_create (img);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  g_assert_true (xq_worksheet_draw_page (sheet, cr, 2, &error));
  g_assert_no_error (error);
  cairo_surface_flush (img);
  for (int y = top; y <= bottom; y++)
    {
      const guint32 *row = (const guint32 *) (cairo_image_surface_get_data (img) +
                                              y * cairo_image_surface_get_stride (img));
      for (int x = 0; x < cairo_image_surface_get_width (img); x++)
        dark += (row[x] & 0xff) < 128;
    }
  g_assert_cmpint (dark, ==, 0);
  /* The heading itself was drawn. */
  dark = 0;
  for (int y = 42; y < top - 8; y++)
    {
      const guint32 *row = (const guint32 *) (cairo_image_surface_get_data (img) +
                                              y * cairo_image_surface_get_stride (img));
      for (int x = 0; x < cairo_image_surface_get_width (img); x++)
        dark += (row[x] & 0xff) < 128;
    }
  g_assert_cmpint (dark, >, 100);
  cairo_destroy (cr);
  cairo_surface_destroy (img);
}

/* docs/building.md, trap 7: without a CJK font pango draws boxes and
 * pixel checks still pass, so ask pango directly. */
static void
test_cjk_font_present (void)
{
  PangoFontMap *map = pango_cairo_font_map_get_default ();
  PangoContext *ctx = pango_font_map_create_context (map);
  PangoLayout *layout = pango_layout_new (ctx);
  PangoFontDescription *desc = pango_font_description_from_string ("Noto Sans CJK SC, WenQuanYi Micro Hei, sans-serif 12");

  pango_layout_set_font_description (layout, desc);
  pango_layout_set_text (layout, "红先走，找出将死的一步。帥將俥傌炮", -1);
  g_assert_cmpint (pango_layout_get_unknown_glyphs_count (layout), ==, 0);
  pango_font_description_free (desc);
  g_object_unref (layout);
  g_object_unref (ctx);
}

/* ---- Style names ------------------------------------------------------------------------- */

static void
test_style_names (void)
{
  XqPieceSet set = XQ_PIECE_SET_TRADITIONAL;
  XqTheme theme = XQ_THEME_WOOD;
  XqRenderStyle a, b;

  /* Every set of the table (xq-piece-sets.c): a name that reads back, a
   * label of its own, and a board that draws with it. */
  for (int i = 0; i < XQ_N_PIECE_SETS; i++)
    {
      g_autofree char *svg = NULL;
      XqRenderStyle style;

      g_assert_true (xq_piece_set_from_string (xq_piece_set_to_string (i), &set));
      g_assert_cmpint (set, ==, i);
      g_assert_nonnull (xq_piece_set_label (i));
      for (int j = 0; j < i; j++)
        {
          g_assert_cmpstr (xq_piece_set_to_string (i), !=, xq_piece_set_to_string (j));
          g_assert_cmpstr (xq_piece_set_label (i), !=, xq_piece_set_label (j));
        }
      xq_render_style_init (&style);
      style.pieces = i;
      svg = xq_render_svg (NULL, &style, NULL, 450);
      g_assert_nonnull (svg);
    }
  g_assert_true (xq_piece_set_has_characters (XQ_PIECE_SET_TRADITIONAL));
  g_assert_false (xq_piece_set_has_characters (XQ_PIECE_SET_PICTOGRAM));
  for (int i = 0; i < 3; i++)
    {
      g_assert_true (xq_theme_from_string (xq_theme_to_string (i), &theme));
      g_assert_cmpint (theme, ==, i);
    }
  set = XQ_N_PIECE_SETS - 1;
  g_assert_false (xq_piece_set_from_string ("cartoon", &set));
  g_assert_cmpint (set, ==, XQ_N_PIECE_SETS - 1);
  g_assert_false (xq_theme_from_string (NULL, &theme));
  xq_render_style_init (&a);
  b = a;
  g_assert_true (xq_render_style_equal (&a, &b));
  b.flipped = TRUE;
  g_assert_false (xq_render_style_equal (&a, &b));
}

/* ---- xqtool ------------------------------------------------------------------------------- */

static void
test_xqtool_render (void)
{
  g_autofree char *dir = g_dir_make_tmp ("xq-tool-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "x.png", NULL);
  g_autofree char *pdf = g_build_filename (dir, "w.pdf", NULL);
  g_autofree char *input = g_build_filename (dir, "w.txt", NULL);
  g_autofree char *err = NULL;
  const char *ok_args[] = { "render", XQ_START_FEN, "--out", png, "--size", "200", "--pieces", "pictogram",
                            "--theme", "contrast", "--flip", "--coords", "--highlight", "e3,e4",
                            "--arrow", "h2e2", "--dots", "e3", NULL };
  const char *bad_square[] = { "render", XQ_START_FEN, "--out", png, "--dots", "k3", NULL };
  const char *bad_fen[] = { "render", "rnbakabnr/9/9", "--out", png, NULL };
  const char *bad_theme[] = { "render", "start", "--out", png, "--theme", "neon", NULL };
  const char *sheet_args[] = { "worksheet", input, "--out", pdf, NULL };
  cairo_surface_t *s;

  g_assert_cmpint (xq_test_xqtool (ok_args, NULL, NULL), ==, 0);
  s = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_image_surface_get_width (s), ==, 200);
  cairo_surface_destroy (s);

  /* Bad input: one line on stderr and a non-zero exit, never a crash. */
  g_assert_cmpint (xq_test_xqtool (bad_square, NULL, &err), ==, 1);
  g_assert_nonnull (strstr (err, "k3"));
  g_assert_cmpint (strchr (err, '\n') - err, ==, (long) strlen (err) - 1);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (xq_test_xqtool (bad_fen, NULL, NULL), ==, 1);
  g_assert_cmpint (xq_test_xqtool (bad_theme, NULL, NULL), ==, 1);

  g_assert_true (g_file_set_contents (input, XQ_START_FEN " | 红先 | h2e2\n" XQ_START_FEN " | Black? |\n", -1, NULL));
  g_assert_cmpint (xq_test_xqtool (sheet_args, NULL, NULL), ==, 0);
  g_assert_cmpint (count_pdf_pages (pdf), ==, 2);

  g_unlink (png);
  g_unlink (pdf);
  g_unlink (input);
  g_rmdir (dir);
}


/* ---- Game-day scenes: the half board, backs, chess figures, the cube -------------- */

static void
test_half_geometry (void)
{
  static const double sizes[][2] = { { 900, 460 }, { 400, 400 }, { 97, 60 } };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (int flip = 0; flip < 2; flip++)
      {
        XqBoardGeometry g;
        double x, y, x2, y2;

        xq_scene_geometry_init (&g, XQ_BOARD_SHAPE_HALF, sizes[s][0], sizes[s][1], flip);
        g_assert_cmpint (g.shape, ==, XQ_BOARD_SHAPE_HALF);
        g_assert_cmpfloat (fabs (g.board_w / g.board_h - xq_half_board_aspect_ratio ()), <, 1e-9);
        g_assert_cmpfloat (g.board_w, <=, sizes[s][0] + 1e-9);
        for (int cell = 0; cell < XQ_HALF_CELLS; cell++)
          {
            xq_half_board_cell_center (&g, cell, &x, &y);
            /* The generic transform goes through the half-board one. */
            xq_board_geometry_center (&g, cell, &x2, &y2);
            g_assert_cmpfloat (x, ==, x2);
            g_assert_cmpfloat (y, ==, y2);
            g_assert_cmpint (xq_half_board_pick (&g, x, y), ==, cell);
            g_assert_cmpint (xq_board_geometry_pick (&g, x, y), ==, cell);
            /* The whole cell belongs to it, up to its lines. */
            g_assert_cmpint (xq_half_board_pick (&g, x - 0.45 * g.cell, y + 0.45 * g.cell), ==, cell);
            g_assert_cmpint (xq_half_board_pick (&g, x + 0.45 * g.cell, y - 0.45 * g.cell), ==, cell);
          }
        /* Cell a1 is the first player's bottom-left, or top-right turned round. */
        xq_half_board_cell_center (&g, xq_half_cell_make (0, 0), &x, &y);
        g_assert_true (flip ? x > sizes[s][0] / 2 : x < sizes[s][0] / 2);
        g_assert_true (flip ? y < sizes[s][1] / 2 : y > sizes[s][1] / 2);
        /* Neighbouring cells are one cell apart, and the margin is nothing. */
        xq_half_board_cell_center (&g, xq_half_cell_make (1, 0), &x2, &y2);
        g_assert_cmpfloat (fabs (fabs (x2 - x) - g.cell), <, 1e-9);
        g_assert_cmpint (xq_half_board_pick (&g, g.left - 0.1 * g.cell, y), ==, XQ_NO_SQUARE);
        g_assert_cmpint (xq_half_board_pick (&g, x, g.top - 0.1 * g.cell), ==, XQ_NO_SQUARE);
        g_assert_cmpint (xq_half_board_pick (&g, g.left + 8.05 * g.cell, y), ==, XQ_NO_SQUARE);
      }
}

static XqToken
token (XqTokenKind kind, XqColor color, int figure, int cube)
{
  XqToken t = { .kind = kind, .color = color, .figure = figure, .cube = cube };
  return t;
}

/* The centre of the face of a disc of radius r centred at cy: on wood the
 * face is 0.9 r and sits 0.3 of the rim above the centre. */
static double
face_y (double cy, double r)
{
  return cy - (1 - 0.9) * 0.3 * r;
}

static gboolean
is_teal (Pixel p)
{
  return p.g > p.r + 40 && p.b > p.r + 20;
}

static gboolean
is_cream (Pixel p)
{
  return p.r > 220 && p.g > 200 && p.b > 150 && p.b < p.r;
}

/* A half board with a plain back, a face-up chariot and an empty cell,
 * from the cache and from the SVG. */
static void
test_half_pixels (void)
{
  g_autoptr(XqRenderCache) cache = xq_render_cache_new ();
  g_autoptr(GError) error = NULL;
  XqScene scene;
  XqRenderStyle style;
  XqBoardGeometry g;
  const int w = 720, h = 380;
  int back = xq_half_cell_make (0, 0), rook = xq_half_cell_make (1, 1), empty = xq_half_cell_make (2, 2);

  xq_render_style_init (&style);
  xq_scene_init (&scene, XQ_BOARD_SHAPE_HALF);
  scene.tokens[back] = token (XQ_TOKEN_FACE_DOWN_PLAIN, 0, 0, 0);
  scene.tokens[rook] = token (XQ_TOKEN_FACE_UP, XQ_RED, XQ_CHARIOT, 0);
  xq_scene_geometry_init (&g, XQ_BOARD_SHAPE_HALF, w, h, FALSE);

  for (int from_svg = 0; from_svg < 2; from_svg++)
    {
      cairo_surface_t *s;
      double cx, cy, r = xq_board_geometry_piece_radius (&g), fy;

      if (from_svg)
        {
          g_autofree char *svg = xq_render_scene_svg (&scene, &style, NULL, w);
          s = xq_render_rasterize_svg (svg, w, h, &error);
          g_assert_no_error (error);
        }
      else
        s = xq_render_cache_compose_scene (cache, &scene, &style, NULL, w, h);

      /* The back: dark centre, cream petals, a teal field between them. */
      xq_half_board_cell_center (&g, back, &cx, &cy);
      fy = face_y (cy, r);
      g_assert_true (is_teal (pixel_at (s, cx, fy)));
      g_assert_true (is_cream (pixel_at (s, cx + 0.3 * r, fy)));
      g_assert_true (is_cream (pixel_at (s, cx - 0.3 * r, fy)));
      g_assert_true (is_teal (pixel_at (s, cx + 0.55 * r, fy)));
      /* The chariot: red ring on a light face, as on the full board. */
      xq_half_board_cell_center (&g, rook, &cx, &cy);
      g_assert_true (is_reddish (ring_pixel (s, cx, face_y (cy, r), r, XQ_RED, XQ_THEME_WOOD)));
      /* An empty cell shows the light field; between cells runs a dark line. */
      xq_half_board_cell_center (&g, empty, &cx, &cy);
      g_assert_cmpfloat (luminance (pixel_at (s, cx, cy)), >, 180);
      g_assert_cmpfloat (luminance (pixel_at (s, cx + 0.5 * g.cell, cy + 0.25 * g.cell)), <, 140);
      cairo_surface_destroy (s);
    }
}

/* Backs carry nothing of what they hide: two plain backs over different
 * pieces are one surface.  揭棋 backs show their side on the rim. */
static void
test_backs (void)
{
  g_autoptr(XqRenderCache) cache = xq_render_cache_new ();
  XqRenderStyle style;
  XqBoardGeometry g;
  XqToken a = token (XQ_TOKEN_FACE_DOWN_PLAIN, XQ_RED, XQ_CHARIOT, 0);
  XqToken b = token (XQ_TOKEN_FACE_DOWN_PLAIN, XQ_BLACK, XQ_PAWN, 0);
  const int w = 450, h = 530;

  xq_render_style_init (&style);
  xq_board_geometry_init (&g, w, h, FALSE);
  g_assert_true (xq_render_cache_get_token (cache, &a, &style, &g) ==
                 xq_render_cache_get_token (cache, &b, &style, &g));

  for (XqColor c = XQ_RED; c <= XQ_BLACK; c++)
    {
      XqToken t = token (XQ_TOKEN_FACE_DOWN, c, 0, 0);
      XqToken up = token (XQ_TOKEN_FACE_UP, c, XQ_CHARIOT, 0);
      cairo_surface_t *s = xq_render_cache_get_token (cache, &t, &style, &g);
      double mid = cairo_image_surface_get_width (s) / 2.0, r = xq_board_geometry_piece_radius (&g);
      Pixel band = pixel_at (s, mid - 0.86 * r, face_y (mid, r));

      g_assert_true (s != xq_render_cache_get_token (cache, &a, &style, &g));
      g_assert_true (s != xq_render_cache_get_token (cache, &up, &style, &g));
      if (c == XQ_RED)
        g_assert_true (is_reddish (band));
      else
        g_assert_cmpfloat (luminance (band), <, 70);
      /* Inside the band it is still a back. */
      g_assert_true (is_cream (pixel_at (s, mid + 0.3 * r, face_y (mid, r))));
    }
}

/* Each chess figure stands on its plinth, in its side's ink, and no two
 * look alike. */
static void
test_chess_figures (void)
{
  g_autoptr(GError) error = NULL;
  XqRenderStyle style;
  cairo_surface_t *s[XQ_N_FIGURES] = { NULL };
  const double d = 116, r = d / 2 / 1.16, u = 0.7 * r / 50.0;
  /* A point inside each silhouette, in the figures' -50..50 units. */
  static const double inside[][2] = {
    [XQ_FIGURE_CHESS_KING] = { 0, 0 },   [XQ_FIGURE_CHESS_QUEEN] = { 0, 8 },
    [XQ_FIGURE_CHESS_ROOK] = { 0, 10 },  [XQ_FIGURE_CHESS_BISHOP] = { 0, -10 },
    [XQ_FIGURE_CHESS_KNIGHT] = { -4, 20 }, [XQ_FIGURE_CHESS_PAWN] = { 0, 12 },
  };

  xq_render_style_init (&style);
  for (XqColor c = XQ_RED; c <= XQ_BLACK; c++)
    for (int f = XQ_FIGURE_CHESS_KING; f < XQ_N_FIGURES; f++)
      {
        XqToken t = token (XQ_TOKEN_FACE_UP, c, f, 0);
        g_autofree char *svg = xq_render_token_svg (&t, &style, d);
        double fy = face_y (d / 2, r);
        Pixel in, plinth;

        g_clear_pointer (&s[f], cairo_surface_destroy);
        s[f] = xq_render_rasterize_svg (svg, (int) d, (int) d, &error);
        g_assert_no_error (error);
        in = pixel_at (s[f], d / 2 + inside[f][0] * u, fy + inside[f][1] * u);
        plinth = pixel_at (s[f], d / 2, fy + 34 * u);
        if (c == XQ_RED)
          {
            g_assert_true (is_reddish (in));
            g_assert_true (is_reddish (plinth));
          }
        else
          {
            g_assert_cmpfloat (luminance (in), >, 200);
            g_assert_cmpfloat (luminance (plinth), >, 200);
          }
        /* Outside the figure, beside the plinth's end: the bare face. */
        g_assert_cmpfloat (fabs (luminance (pixel_at (s[f], d / 2 - 44 * u, fy + 20 * u)) -
                                 luminance (pixel_at (s[f], d / 2 + 44 * u, fy + 20 * u))), <, 30);
      }
    /* Only the last colour's surfaces are kept: compare them pairwise. */
  for (int f = XQ_FIGURE_CHESS_KING; f < XQ_N_FIGURES; f++)
    for (int f2 = f + 1; f2 < XQ_N_FIGURES; f2++)
      {
        int differ = 0;
        for (int y = 0; y < (int) d; y += 2)
          for (int x = 0; x < (int) d; x += 2)
            if (fabs (luminance (pixel_at (s[f], x, y)) - luminance (pixel_at (s[f2], x, y))) > 60)
              differ++;
        g_test_message ("figures %d and %d differ on %d samples", f, f2, differ);
        g_assert_cmpint (differ, >, 40);
      }
  for (int f = XQ_FIGURE_CHESS_KING; f < XQ_N_FIGURES; f++)
    cairo_surface_destroy (s[f]);
}

/* The cube general: its face's character and a gold cube at the upper right. */
static void
test_cube_general (void)
{
  g_autoptr(XqRenderCache) cache = xq_render_cache_new ();
  XqRenderStyle style;
  XqBoardGeometry g;
  XqToken cube = token (XQ_TOKEN_FACE_UP, XQ_RED, XQ_KING, XQ_HORSE);
  XqToken king = token (XQ_TOKEN_FACE_UP, XQ_RED, XQ_KING, 0);
  XqToken cube_king = token (XQ_TOKEN_FACE_UP, XQ_RED, XQ_KING, XQ_KING);
  cairo_surface_t *a, *b, *k;
  double mid, r, s;
  Pixel top;
  int differ = 0;

  xq_render_style_init (&style);
  xq_board_geometry_init (&g, 450, 530, FALSE);
  a = xq_render_cache_get_token (cache, &cube, &style, &g);
  b = xq_render_cache_get_token (cache, &cube_king, &style, &g);
  k = xq_render_cache_get_token (cache, &king, &style, &g);
  g_assert_true (a != b && b != k);
  mid = cairo_image_surface_get_width (a) / 2.0;
  r = xq_board_geometry_piece_radius (&g);
  s = 0.3 * r;
  /* The top face of the marker is pale gold, its right face darker gold. */
  top = pixel_at (a, mid + 0.62 * r, mid - 0.62 * r - 0.5 * s);
  g_assert_true (top.r > 220 && top.g > 180 && top.b < 160);
  g_assert_true (pixel_at (b, mid + 0.62 * r, mid - 0.62 * r - 0.5 * s).b < 160);
  g_assert_cmpfloat (luminance (pixel_at (k, mid + 0.62 * r, mid - 0.62 * r - 0.5 * s)), !=,
                     luminance (top));
  /* The horse face and the king face differ inside the disc. */
  for (int y = (int) (mid - 0.5 * r); y < mid + 0.5 * r; y++)
    for (int x = (int) (mid - 0.5 * r); x < mid + 0.5 * r; x++)
      if (fabs (luminance (pixel_at (a, x, y)) - luminance (pixel_at (b, x, y))) > 60)
        differ++;
  g_assert_cmpint (differ, >, 30);
}

/* Flipping draws the token squeezed: at x_scale 0.3 the left edge of the
 * disc has moved in, the centre is still the piece. */
static void
test_flip_squeeze (void)
{
  g_autoptr(XqRenderCache) cache = xq_render_cache_new ();
  XqRenderStyle style;
  XqBoardGeometry g;
  XqToken t = token (XQ_TOKEN_FACE_DOWN_PLAIN, 0, 0, 0);
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 200, 200);
  cairo_t *cr = cairo_create (s);
  double r;

  xq_render_style_init (&style);
  xq_board_geometry_init (&g, 450, 530, FALSE);
  r = xq_board_geometry_piece_radius (&g);
  xq_render_cache_draw_token (cache, cr, &t, &style, &g, 100, 100, 0.3);
  cairo_destroy (cr);
  g_assert_cmpint (pixel_at (s, 100, 100).a, ==, 255);
  g_assert_cmpint (pixel_at (s, 100 - 0.6 * r, 100).a, ==, 0);
  g_assert_cmpint (pixel_at (s, 100, 100 - 0.6 * r).a, ==, 255);
  cairo_surface_destroy (s);
}

/* Scenes from the games' views: backs where the view hides, colour only
 * where it is public, chess figures for 國際中國象棋, the cube's face. */
static void
test_scene_from_variant (void)
{
  XqVariantOptions opts;
  XqVariantState st, v;
  XqScene scene;
  XqSquare e0 = xq_sq_make (4, 0), b2 = xq_sq_make (1, 2), a0 = xq_sq_make (0, 0), h7 = xq_sq_make (7, 7);

  xq_variant_options_init (&opts, XQ_VARIANT_BANQI);
  xq_variant_state_init_start (&st, &opts, 5);
  xq_variant_state_view (&st, XQ_RED, &v);
  xq_scene_set_variant (&scene, &v);
  g_assert_cmpint (scene.shape, ==, XQ_BOARD_SHAPE_HALF);
  for (int c = 0; c < XQ_HALF_CELLS; c++)
    g_assert_cmpint (scene.tokens[c].kind, ==, XQ_TOKEN_FACE_DOWN_PLAIN);

  xq_variant_options_init (&opts, XQ_VARIANT_JIEQI);
  xq_variant_state_init_start (&st, &opts, 5);
  xq_variant_state_view (&st, XQ_RED, &v);
  xq_scene_set_variant (&scene, &v);
  g_assert_cmpint (scene.shape, ==, XQ_BOARD_SHAPE_FULL);
  g_assert_cmpint (scene.tokens[e0].kind, ==, XQ_TOKEN_FACE_UP);
  g_assert_cmpint (scene.tokens[e0].figure, ==, XQ_KING);
  g_assert_cmpint (scene.tokens[a0].kind, ==, XQ_TOKEN_FACE_DOWN);
  g_assert_cmpint (scene.tokens[a0].color, ==, XQ_RED);
  g_assert_cmpint (scene.tokens[a0].figure, ==, XQ_FIGURE_NONE);
  g_assert_cmpint (scene.tokens[h7].kind, ==, XQ_TOKEN_FACE_DOWN);
  g_assert_cmpint (scene.tokens[h7].color, ==, XQ_BLACK);

  xq_variant_options_init (&opts, XQ_VARIANT_MIXED);
  xq_variant_state_init_start (&st, &opts, 5);
  xq_scene_set_variant (&scene, &st);
  g_assert_cmpint (scene.tokens[b2].figure, ==, XQ_FIGURE_CHESS_QUEEN);
  g_assert_cmpint (scene.tokens[a0].figure, ==, XQ_FIGURE_CHESS_ROOK);
  g_assert_cmpint (scene.tokens[e0].figure, ==, XQ_FIGURE_CHESS_KING);

  xq_variant_options_init (&opts, XQ_VARIANT_CUBE);
  xq_variant_state_init_start (&st, &opts, 5);
  st.cube_face[XQ_RED] = XQ_HORSE;
  xq_scene_set_variant (&scene, &st);
  g_assert_cmpint (scene.tokens[e0].figure, ==, XQ_KING);
  g_assert_cmpint (scene.tokens[e0].cube, ==, XQ_HORSE);
  g_assert_cmpint (scene.tokens[a0].cube, ==, 0);
}

/* ---- Worksheet layouts, the key, and the text on the pages ----------------------- */

/* Seven exercises, all with answers; the third has a prompt far longer than
 * any box (500 characters, the limit of docs/lesson-format.md). */
static XqWorksheet *
seven_exercises (void)
{
  XqWorksheet *sheet = xq_worksheet_new ();
  g_autoptr(GString) long_prompt = g_string_new (NULL);
  XqPosition pos;

  xq_position_init_start (&pos);
  while (g_utf8_strlen (long_prompt->str, -1) < XQ_WORKSHEET_MAX_TEXT - 10)
    g_string_append (long_prompt, "红先走，找出吃车的一步。");
  for (int i = 0; i < 7; i++)
    {
      g_autofree char *prompt = g_strdup_printf ("Question %d: find the move.", i + 1);
      g_autofree char *answer = g_strdup_printf ("answer-%d", i + 1);

      xq_worksheet_add (sheet, &pos, i == 2 ? long_prompt->str : prompt, answer, NULL);
    }
  return sheet;
}

static void
test_worksheet_layouts (void)
{
  static const struct { int per_page, question_pages; } cases[] = {
    { 1, 7 }, { 2, 4 }, { 4, 2 }, { 6, 2 },
  };
  g_autofree char *dir = g_dir_make_tmp ("xq-layouts-XXXXXX", NULL);
  double last_board_w = G_MAXDOUBLE;

  g_assert_false (xq_worksheet_layout_is_valid (3));
  g_assert_false (xq_worksheet_layout_is_valid (0));
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(XqWorksheet) sheet = seven_exercises ();
      g_autofree char *pdf = g_build_filename (dir, "sheet.pdf", NULL);
      g_autoptr(GError) error = NULL;
      XqWorksheetSlot slots[7];

      g_assert_true (xq_worksheet_layout_is_valid (cases[c].per_page));
      if (cases[c].per_page != 6)
        g_assert_cmpint (xq_worksheet_get_layout (sheet), ==, 6);   /* the default */
      xq_worksheet_set_layout (sheet, cases[c].per_page);
      g_assert_cmpint (xq_worksheet_layout (sheet, slots), ==, cases[c].question_pages);
      for (int i = 0; i < 7; i++)
        {
          const XqWorksheetSlot *s = &slots[i];

          g_assert_cmpint (s->page, ==, i / cases[c].per_page);
          g_assert_cmpfloat (s->board_x, >=, 30);
          g_assert_cmpfloat (s->board_x + s->board_w, <=, XQ_WORKSHEET_PAGE_WIDTH - 30);
          g_assert_cmpfloat (s->text_x + s->text_w, <=, XQ_WORKSHEET_PAGE_WIDTH - 30);
          g_assert_cmpfloat (s->text_y + s->text_h, <=, XQ_WORKSHEET_PAGE_HEIGHT - 30);
          g_assert_cmpfloat (fabs (s->board_w / s->board_h - xq_board_aspect_ratio ()), <, 1e-9);
          /* Room to write: answer lines fit in the text box under the prompt. */
          g_assert_cmpint (s->n_answer_lines, >=, 1);
          g_assert_cmpfloat (s->n_answer_lines * s->answer_line_gap, <, s->text_h);
          /* The next exercise on the page starts below or beside this one. */
          if (i + 1 < 7 && slots[i + 1].page == s->page)
            g_assert_true (slots[i + 1].board_y >= s->text_y + s->text_h ||
                           slots[i + 1].board_x >= s->text_x + s->text_w);
        }
      /* Fewer boards a page, bigger boards. */
      g_assert_cmpfloat (slots[0].board_w, <, last_board_w);
      last_board_w = slots[0].board_w;

      /* The questions and one page of key after them. */
      g_assert_cmpint (xq_worksheet_count_pages (sheet), ==, cases[c].question_pages + 1);
      g_assert_true (xq_worksheet_write_pdf (sheet, pdf, &error));
      g_assert_no_error (error);
      g_assert_cmpint (count_pdf_pages (pdf), ==, cases[c].question_pages + 1);

      xq_worksheet_set_key (sheet, XQ_WORKSHEET_KEY_NONE);
      g_assert_cmpint (xq_worksheet_count_pages (sheet), ==, cases[c].question_pages);
      xq_worksheet_set_key (sheet, XQ_WORKSHEET_KEY_ONLY);
      g_assert_cmpint (xq_worksheet_count_pages (sheet), ==, 1);
      g_assert_true (xq_worksheet_write_pdf (sheet, pdf, &error));
      g_assert_no_error (error);
      g_assert_cmpint (count_pdf_pages (pdf), ==, 1);
      g_unlink (pdf);
    }
  /* The default layout is the original sheet's board: more than 140 points wide. */
  g_assert_cmpfloat (last_board_w, >, 140);
  g_rmdir (dir);
}

/* A 500-character prompt stays in its box in every layout: wrapped and
 * ellipsized above the answer lines, nothing written between or below them. */
static void
test_worksheet_long_prompt (void)
{
  static const int per_page[] = { 1, 2, 4, 6 };

  for (guint c = 0; c < G_N_ELEMENTS (per_page); c++)
    {
      g_autoptr(XqWorksheet) sheet = seven_exercises ();
      g_autoptr(GError) error = NULL;
      XqWorksheetSlot slots[7];
      const XqWorksheetSlot *s = &slots[2];   /* the long prompt */
      cairo_surface_t *img = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) XQ_WORKSHEET_PAGE_WIDTH,
                                                         (int) XQ_WORKSHEET_PAGE_HEIGHT);
      cairo_t *cr = cairo_create (img);
      int dark_text = 0, dark_lines = 0;

      xq_worksheet_set_layout (sheet, per_page[c]);
      xq_worksheet_layout (sheet, slots);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_paint (cr);
      g_assert_true (xq_worksheet_draw_page (sheet, cr, s->page, &error));
      g_assert_no_error (error);
      cairo_surface_flush (img);
      for (int y = (int) s->text_y; y < (int) (s->text_y + s->text_h) + 4; y++)
        {
          const guint32 *row = (const guint32 *) (cairo_image_surface_get_data (img) +
                                                  y * cairo_image_surface_get_stride (img));
          /* Distance below the top answer line, and to the nearest line. */
          double first_line = s->text_y + s->text_h - 1 - (s->n_answer_lines - 1) * s->answer_line_gap;
          double below = y + 0.5 - first_line;
          double from_line = fmod (below + s->answer_line_gap, s->answer_line_gap);
          gboolean near_line = from_line < 2.5 || from_line > s->answer_line_gap - 2.5;

          for (int x = (int) s->text_x + 1; x < (int) (s->text_x + s->text_w) - 1; x++)
            {
              gboolean dark = (row[x] & 0xff) < 230;

              if (below < -2.5)
                dark_text += dark;
              else if (!near_line || below > (s->n_answer_lines - 1) * s->answer_line_gap + 2.5)
                g_assert_false (dark);   /* nothing between or under the answer lines */
              else
                dark_lines += dark;
            }
        }
      g_assert_cmpint (dark_text, >, 500);
      g_assert_cmpint (dark_lines, >=, s->n_answer_lines * (int) (s->text_w / 2));
      cairo_destroy (cr);
      cairo_surface_destroy (img);
    }
}

/* The name and date line is drawn on question pages, to the right of the
 * heading, where nothing else goes; the key pages have none. */
static int
dark_in_name_box (XqWorksheet *sheet, int page)
{
  g_autoptr(GError) error = NULL;
  cairo_surface_t *img = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) XQ_WORKSHEET_PAGE_WIDTH,
                                                     (int) XQ_WORKSHEET_PAGE_HEIGHT);
  cairo_t *cr = cairo_create (img);
  int dark = 0;

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  g_assert_true (xq_worksheet_draw_page (sheet, cr, page, &error));
  g_assert_no_error (error);
  cairo_surface_flush (img);
  /* 42 is the page margin; the heading's rule is 24 points below it. */
  for (int y = 42; y < 42 + 22; y++)
    {
      const guint32 *row = (const guint32 *) (cairo_image_surface_get_data (img) +
                                              y * cairo_image_surface_get_stride (img));
      for (int x = (int) XQ_WORKSHEET_PAGE_WIDTH - 42 - 240; x < (int) XQ_WORKSHEET_PAGE_WIDTH - 42; x++)
        dark += (row[x] & 0xff) < 160;
    }
  cairo_destroy (cr);
  cairo_surface_destroy (img);
  return dark;
}

static void
test_worksheet_name_line (void)
{
  g_autoptr(XqWorksheet) sheet = seven_exercises ();

  xq_worksheet_set_layout (sheet, 4);
  g_assert_cmpint (xq_worksheet_count_pages (sheet), ==, 3);
  g_assert_cmpint (dark_in_name_box (sheet, 0), >, 100);
  g_assert_cmpint (dark_in_name_box (sheet, 1), >, 100);
  g_assert_cmpint (dark_in_name_box (sheet, 2), ==, 0);
}

/* The text of pages first..last of a PDF, through poppler's pdftotext. */
static char *
pdf_text (const char *pdf, int first, int last)
{
  g_autofree char *tool = g_find_program_in_path ("pdftotext");
  g_autofree char *f = g_strdup_printf ("%d", first);
  g_autofree char *l = g_strdup_printf ("%d", last);
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int status = -1;

  if (tool == NULL)
    g_error ("pdftotext is needed to read the worksheets back (install poppler-utils)");
  {
    const char *argv[] = { tool, "-f", f, "-l", l, "-enc", "UTF-8", pdf, "-", NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                                 &out, NULL, &status, &error));
  }
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  return out;
}

static void
test_xqtool_worksheet_options (void)
{
  g_autofree char *dir = g_dir_make_tmp ("xq-sheet-opts-XXXXXX", NULL);
  g_autofree char *input = g_build_filename (dir, "w.txt", NULL);
  g_autofree char *pdf = g_build_filename (dir, "w.pdf", NULL);
  g_autofree char *key = g_build_filename (dir, "key.pdf", NULL);
  g_autofree char *png = g_build_filename (dir, "w.png", NULL);
  g_autoptr(GString) text = g_string_new (NULL);
  const char *layout4[] = { "worksheet", input, "--out", pdf, "--layout", "4", "--title", "Horse legs", NULL };
  const char *no_key[] = { "worksheet", input, "--out", pdf, "--layout", "4", "--no-key", NULL };
  const char *key_only[] = { "worksheet", input, "--out", pdf, "--layout", "4", "--key-only", NULL };
  const char *key_out[] = { "worksheet", input, "--out", pdf, "--layout", "1", "--key-out", key, NULL };
  const char *bad_ext[] = { "worksheet", input, "--out", png, NULL };
  const char *bad_key_ext[] = { "worksheet", input, "--out", pdf, "--key-out", png, NULL };
  const char *bad_layout[] = { "worksheet", input, "--out", pdf, "--layout", "3", NULL };
  const char *both[] = { "worksheet", input, "--out", pdf, "--no-key", "--key-only", NULL };
  g_autofree char *err = NULL;
  g_autofree char *questions = NULL, *answers = NULL, *page_text = NULL;

  for (int i = 0; i < 7; i++)
    g_string_append_printf (text, "%s | Question %d: find the move. | answer-%d\n", XQ_START_FEN, i + 1, i + 1);
  g_assert_true (g_file_set_contents (input, text->str, -1, NULL));

  /* 7 exercises at 4 a page: 2 question pages and a page of key. */
  g_assert_cmpint (xq_test_xqtool (layout4, NULL, NULL), ==, 0);
  g_assert_cmpint (count_pdf_pages (pdf), ==, 3);
  questions = pdf_text (pdf, 1, 2);
  answers = pdf_text (pdf, 3, 3);
  g_assert_nonnull (strstr (questions, "Horse legs"));
  g_assert_nonnull (strstr (questions, "Name"));
  g_assert_nonnull (strstr (questions, "Date"));
  g_assert_nonnull (strstr (questions, "Question 1: find the move."));
  g_assert_nonnull (strstr (questions, "Question 7: find the move."));
  g_assert_null (strstr (questions, "answer-1"));     /* no answers among the questions */
  g_assert_nonnull (strstr (answers, "Answers"));
  g_assert_nonnull (strstr (answers, "answer-1"));
  g_assert_nonnull (strstr (answers, "answer-7"));
  g_assert_null (strstr (answers, "Name"));
  g_clear_pointer (&questions, g_free);
  g_clear_pointer (&answers, g_free);

  g_assert_cmpint (xq_test_xqtool (no_key, NULL, NULL), ==, 0);
  g_assert_cmpint (count_pdf_pages (pdf), ==, 2);
  page_text = pdf_text (pdf, 1, 2);
  g_assert_null (strstr (page_text, "answer-"));
  g_assert_null (strstr (page_text, "Answers"));
  g_assert_nonnull (strstr (page_text, "Name"));
  g_clear_pointer (&page_text, g_free);

  g_assert_cmpint (xq_test_xqtool (key_only, NULL, NULL), ==, 0);
  g_assert_cmpint (count_pdf_pages (pdf), ==, 1);
  page_text = pdf_text (pdf, 1, 1);
  g_assert_nonnull (strstr (page_text, "answer-7"));
  g_assert_null (strstr (page_text, "Question 1"));
  g_clear_pointer (&page_text, g_free);

  /* One board a page: 7 question pages, and the key in its own file. */
  g_assert_cmpint (xq_test_xqtool (key_out, NULL, NULL), ==, 0);
  g_assert_cmpint (count_pdf_pages (pdf), ==, 7);
  g_assert_cmpint (count_pdf_pages (key), ==, 1);
  page_text = pdf_text (pdf, 1, 7);
  g_assert_null (strstr (page_text, "answer-"));
  g_clear_pointer (&page_text, g_free);
  page_text = pdf_text (key, 1, 1);
  g_assert_nonnull (strstr (page_text, "answer-1"));
  g_clear_pointer (&page_text, g_free);

  /* Refused with one line naming the file, and nothing written. */
  g_assert_cmpint (xq_test_xqtool (bad_ext, NULL, &err), ==, 1);
  g_assert_nonnull (strstr (err, "w.png"));
  g_assert_cmpint (strchr (err, '\n') - err, ==, (long) strlen (err) - 1);
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
  g_clear_pointer (&err, g_free);
  g_unlink (pdf);
  g_assert_cmpint (xq_test_xqtool (bad_key_ext, NULL, &err), ==, 1);
  g_assert_nonnull (strstr (err, "w.png"));
  g_assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (xq_test_xqtool (bad_layout, NULL, &err), ==, 1);
  g_assert_nonnull (strstr (err, "3"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (xq_test_xqtool (both, NULL, NULL), ==, 1);
  {
    const char *help[] = { "worksheet", "--help", NULL };
    const char *bad_layout2[] = { "worksheet", input, "--out", pdf, "--layout", "4x", NULL };

    g_assert_cmpint (xq_test_xqtool (help, NULL, NULL), ==, 0);
    g_assert_cmpint (xq_test_xqtool (bad_layout2, NULL, NULL), ==, 1);
    g_assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));
  }

  g_unlink (key);
  g_unlink (input);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  xq_test_isolate_dirs ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/geometry/roundtrip", test_geometry_roundtrip);
  g_test_add_func ("/render/geometry/orientation", test_geometry_orientation);
  for (guint i = 0; i < G_N_ELEMENTS (pixel_cases); i++)
    {
      const PixelCase *pc = &pixel_cases[i];
      g_autofree char *path = g_strdup_printf ("/render/pixels/%s/%s/%s%s",
                                               xq_piece_set_to_string (pc->set),
                                               xq_theme_to_string (pc->theme),
                                               pc->flipped ? "flipped" : "upright",
                                               pc->use_cache ? "/cache" : "");
      g_test_add_data_func (path, pc, test_pixels);
    }
  g_test_add_func ("/render/svg/parses", test_svg_parses);
  g_test_add_func ("/render/annotations/limits", test_annotations_limits);
  g_test_add_func ("/render/annotations/pixels", test_annotation_pixels);
  g_test_add_func ("/render/cache/matches-svg", test_cache_matches_svg);
  g_test_add_func ("/render/export/files", test_export_files);
  g_test_add_func ("/render/style/names", test_style_names);
  g_test_add_func ("/render/worksheet/font", test_cjk_font_present);
  g_test_add_func ("/render/worksheet/layout-13", test_worksheet_layout);
  g_test_add_func ("/render/worksheet/no-answers", test_worksheet_no_answers);
  g_test_add_func ("/render/worksheet/bad-input", test_worksheet_bad_input);
  g_test_add_func ("/render/worksheet/limits", test_worksheet_limits);
  g_test_add_func ("/render/worksheet/long-title", test_worksheet_long_title);
  g_test_add_func ("/render/xqtool/render", test_xqtool_render);
  g_test_add_func ("/render/worksheet/layouts", test_worksheet_layouts);
  g_test_add_func ("/render/worksheet/name-line", test_worksheet_name_line);
  g_test_add_func ("/render/worksheet/long-prompt", test_worksheet_long_prompt);
  g_test_add_func ("/render/xqtool/worksheet-options", test_xqtool_worksheet_options);
  g_test_add_func ("/render/half/geometry", test_half_geometry);
  g_test_add_func ("/render/half/pixels", test_half_pixels);
  g_test_add_func ("/render/tokens/backs", test_backs);
  g_test_add_func ("/render/tokens/chess-figures", test_chess_figures);
  g_test_add_func ("/render/tokens/cube-general", test_cube_general);
  g_test_add_func ("/render/tokens/flip-squeeze", test_flip_squeeze);
  g_test_add_func ("/render/scene/from-variant", test_scene_from_variant);

  return g_test_run ();
}
