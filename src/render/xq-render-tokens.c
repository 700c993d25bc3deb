/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The game-day pictures: the half board, the backs of face-down pieces, the
 * chess figures and the cube general (docs/variants.md). */
#define G_LOG_DOMAIN "xq-render"

#include "config.h"

#include <math.h>

#include "xq-render-private.h"

/* ---- The half board ---------------------------------------------------------------- */

void
xq_draw_half_board (XqPainter *p, const XqBoardGeometry *g, const XqRenderStyle *style)
{
  const XqPalette *pal = xq_palette_get (style->theme);
  double c = g->cell;
  double line_w = MAX (0.035 * c, 1.0);
  double frame_off = 0.18 * c;
  double w = XQ_HALF_FILES * c, h = XQ_HALF_RANKS * c;
  /* Half of a xiangqi board: its palace lies on the first player's edge. */
  double py0 = g->flipped ? g->top : g->top + 2 * c;
  double py1 = py0 + 2 * c;

  xq_painter_rect (p, g->board_x, g->board_y, g->board_w, g->board_h, 0.22 * c,
                   pal->margin, XQ_NO_PAINT, 0);
  xq_painter_rect (p, g->left - frame_off, g->top - frame_off, w + 2 * frame_off,
                   h + 2 * frame_off, 0.1 * c, pal->board, pal->line, 0.06 * c);
  for (int row = 0; row <= XQ_HALF_RANKS; row++)
    xq_painter_line (p, g->left, g->top + row * c, g->left + w, g->top + row * c, pal->line, line_w);
  for (int col = 0; col <= XQ_HALF_FILES; col++)
    xq_painter_line (p, g->left + col * c, g->top, g->left + col * c, g->top + h, pal->line, line_w);
  xq_painter_line (p, g->left + 3 * c, py0, g->left + 5 * c, py1, pal->line, line_w);
  xq_painter_line (p, g->left + 5 * c, py0, g->left + 3 * c, py1, pal->line, line_w);
}

void
xq_draw_scene_board (XqPainter *p, const XqBoardGeometry *geom, const XqRenderStyle *style)
{
  if (geom->shape == XQ_BOARD_SHAPE_HALF)
    xq_draw_half_board (p, geom, style);
  else
    xq_draw_board (p, geom, style);
}

/* ---- Backs ---------------------------------------------------------------------------- */

/* A back is the same for every hidden piece, so it tells nothing; a flower
 * on a green disc is friendlier to a child than a blank. */
static void
draw_back (XqPainter *p, const XqToken *t, const XqRenderStyle *style, double cx, double cy, double r)
{
  const XqPalette *pal = xq_palette_get (style->theme);

  if (pal->shadow != XQ_NO_PAINT)
    xq_painter_circle (p, cx + 0.04 * r, cy + 0.09 * r, r, pal->shadow, XQ_NO_PAINT, 0);
  xq_painter_circle (p, cx, cy, r, pal->back_rim, XQ_NO_PAINT, 0);
  cy -= (1 - pal->face) * 0.3 * r;
  xq_painter_circle (p, cx, cy, pal->face * r, pal->back_face, XQ_NO_PAINT, 0);
  xq_painter_circle (p, cx, cy, 0.74 * r, XQ_NO_PAINT, pal->back_ink, 0.05 * r);
  for (int i = 0; i < 6; i++)
    {
      double a = i * G_PI / 3;
      xq_painter_circle (p, cx + 0.3 * r * cos (a), cy + 0.3 * r * sin (a), 0.17 * r,
                         pal->back_ink, XQ_NO_PAINT, 0);
    }
  xq_painter_circle (p, cx, cy, 0.15 * r, pal->back_rim, XQ_NO_PAINT, 0);

  /* 揭棋: each side knows which backs are its own.  A band in the side's
   * colour says so; Red's is doubled so it reads without colour too. */
  if (t->kind == XQ_TOKEN_FACE_DOWN)
    {
      gboolean red = t->color == XQ_RED;
      XqRgba band = red ? pal->red_ring : pal->black_face;

      xq_painter_circle (p, cx, cy, 0.86 * r, XQ_NO_PAINT, band, 0.14 * r);
      if (red)
        xq_painter_circle (p, cx, cy, 0.64 * r, XQ_NO_PAINT, band, 0.05 * r);
    }
}

/* ---- Chess figures -------------------------------------------------------------------- */

/* Drawn in a box from -50 to 50 around the face centre, like the
 * piece pictures of data/pieces/; `u` is one unit in pixels.  Silhouettes in ink, details cut
 * out in the face colour. */
static void
figure_rect (XqPainter *p, double cx, double cy, double u, double x, double y, double w, double h,
             XqRgba fill)
{
  xq_painter_rect (p, cx + x * u, cy + y * u, w * u, h * u, 2 * u, fill, XQ_NO_PAINT, 0);
}

static void
draw_chess_figure (XqPainter *p, XqFigure figure, double cx, double cy, double u, XqRgba ink, XqRgba face)
{
  /* Every figure stands on the same plinth. */
  figure_rect (p, cx, cy, u, -32, 28, 64, 12, ink);
  switch (figure)
    {
    case XQ_FIGURE_CHESS_KING:
      figure_rect (p, cx, cy, u, -4, -48, 8, 22, ink);
      figure_rect (p, cx, cy, u, -12, -42, 24, 7, ink);
      xq_painter_path (p, "M-26 26C-36 6 -30 -16 -14 -18C-8 -19 -3 -16 0 -24C3 -16 8 -19 14 -18"
                          "C30 -16 36 6 26 26Z", cx, cy, u, ink, XQ_NO_PAINT, 0);
      xq_painter_line (p, cx - 22 * u, cy + 16 * u, cx + 22 * u, cy + 16 * u, face, 3 * u);
      break;
    case XQ_FIGURE_CHESS_QUEEN:
      {
        static const double crown[] = { -30, 24, -40, -20, -22, -2, -16, -30, -6, -4, 0, -34,
                                        6, -4, 16, -30, 22, -2, 40, -20, 30, 24 };
        double pts[G_N_ELEMENTS (crown)];
        static const double balls[] = { -40, -24, -16, -34, 0, -38, 16, -34, 40, -24 };

        for (guint i = 0; i < G_N_ELEMENTS (crown); i += 2)
          {
            pts[i] = cx + crown[i] * u;
            pts[i + 1] = cy + crown[i + 1] * u;
          }
        xq_painter_polyline (p, pts, G_N_ELEMENTS (crown) / 2, TRUE, ink, ink, 2 * u);
        for (guint i = 0; i < G_N_ELEMENTS (balls); i += 2)
          xq_painter_circle (p, cx + balls[i] * u, cy + balls[i + 1] * u, 5.5 * u, ink, XQ_NO_PAINT, 0);
        xq_painter_line (p, cx - 26 * u, cy + 14 * u, cx + 26 * u, cy + 14 * u, face, 3 * u);
        break;
      }
    case XQ_FIGURE_CHESS_ROOK:
      {
        static const double top[] = { -28, -12, -28, -38, -17, -38, -17, -28, -6, -28, -6, -38,
                                      6, -38, 6, -28, 17, -28, 17, -38, 28, -38, 28, -12 };
        double pts[G_N_ELEMENTS (top)];

        for (guint i = 0; i < G_N_ELEMENTS (top); i += 2)
          {
            pts[i] = cx + top[i] * u;
            pts[i + 1] = cy + top[i + 1] * u;
          }
        xq_painter_polyline (p, pts, G_N_ELEMENTS (top) / 2, TRUE, ink, ink, 2 * u);
        figure_rect (p, cx, cy, u, -20, -14, 40, 44, ink);
        xq_painter_line (p, cx - 20 * u, cy - 8 * u, cx + 20 * u, cy - 8 * u, face, 3 * u);
        break;
      }
    case XQ_FIGURE_CHESS_BISHOP:
      xq_painter_path (p, "M0 -36C18 -22 24 -4 14 12L-14 12C-24 -4 -18 -22 0 -36Z",
                       cx, cy, u, ink, XQ_NO_PAINT, 0);
      xq_painter_circle (p, cx, cy - 40 * u, 6 * u, ink, XQ_NO_PAINT, 0);
      xq_painter_line (p, cx + 6 * u, cy - 22 * u, cx - 6 * u, cy - 6 * u, face, 4 * u);
      figure_rect (p, cx, cy, u, -18, 14, 36, 16, ink);
      xq_painter_path (p, "M-26 30C-20 20 20 20 26 30Z", cx, cy, u, ink, XQ_NO_PAINT, 0);
      break;
    case XQ_FIGURE_CHESS_KNIGHT:
      xq_painter_path (p, "M-24 30L-22 10C-24 -6 -16 -22 -2 -32L-4 -46L8 -36C24 -34 38 -20 42 -2"
                          "C44 6 38 10 32 6L16 0C8 8 4 18 10 30Z", cx, cy, u, ink, XQ_NO_PAINT, 0);
      xq_painter_circle (p, cx + 14 * u, cy - 20 * u, 4.5 * u, face, XQ_NO_PAINT, 0);
      xq_painter_path (p, "M-10 -24C-16 -12 -16 4 -12 22", cx, cy, u, XQ_NO_PAINT, face, 3 * u);
      break;
    case XQ_FIGURE_CHESS_PAWN:
      xq_painter_circle (p, cx, cy - 24 * u, 13 * u, ink, XQ_NO_PAINT, 0);
      figure_rect (p, cx, cy, u, -15, -10, 30, 8, ink);
      xq_painter_path (p, "M-11 -4L11 -4C13 10 22 20 27 28L-27 28C-22 20 -13 10 -11 -4Z",
                       cx, cy, u, ink, XQ_NO_PAINT, 0);
      break;
    case XQ_FIGURE_NONE:
    case XQ_N_FIGURES:
    default:
      g_warn_if_reached ();
    }
}

/* ---- The cube general ----------------------------------------------------------------- */

/* A small cube seen from above the corner, on the rim at the upper right:
 * "this general is the cube, showing this face". */
static void
draw_cube_marker (XqPainter *p, const XqRenderStyle *style, double cx, double cy, double s)
{
  gboolean print = style->theme == XQ_THEME_PRINT;
  XqRgba edge = print ? 0x000000ffu : 0x5b3411ffu;
  double h = s * 0.5, k = s * 0.866;
  double top[] = { cx, cy - s, cx + k, cy - h, cx, cy, cx - k, cy - h };
  double left[] = { cx - k, cy - h, cx, cy, cx, cy + s, cx - k, cy + h };
  double right[] = { cx + k, cy - h, cx, cy, cx, cy + s, cx + k, cy + h };

  xq_painter_polyline (p, top, 4, TRUE, print ? 0xffffffffu : 0xffe27affu, edge, 0.12 * s);
  xq_painter_polyline (p, left, 4, TRUE, print ? 0xb0b0b0ffu : 0xf0b429ffu, edge, 0.12 * s);
  xq_painter_polyline (p, right, 4, TRUE, print ? 0x404040ffu : 0xc98a12ffu, edge, 0.12 * s);
}

/* ---- Tokens ------------------------------------------------------------------------------ */

void
xq_draw_token (XqPainter *p, const XqToken *t, const XqRenderStyle *style, double cx, double cy, double r)
{
  const XqPalette *pal = xq_palette_get (style->theme);
  XqColor color = t->color == XQ_BLACK ? XQ_BLACK : XQ_RED;
  XqRgba face = color == XQ_RED ? pal->red_face : pal->black_face;
  XqRgba ink = color == XQ_RED ? pal->red_ink : pal->black_ink;

  switch (t->kind)
    {
    case XQ_TOKEN_EMPTY:
      return;
    case XQ_TOKEN_FACE_DOWN:
    case XQ_TOKEN_FACE_DOWN_PLAIN:
      draw_back (p, t, style, cx, cy, r);
      return;
    case XQ_TOKEN_FACE_UP:
    default:
      break;
    }

  if (t->figure >= XQ_FIGURE_CHESS_KING && t->figure < XQ_N_FIGURES)
    {
      xq_draw_disc (p, color, style, cx, &cy, r);
      draw_chess_figure (p, t->figure, cx, cy, 0.7 * r / 50.0, ink, face);
      return;
    }
  g_return_if_fail (t->figure > XQ_FIGURE_NONE && t->figure < XQ_N_TYPES);
  if (t->cube == XQ_NO_TYPE)
    {
      xq_draw_piece (p, xq_piece_make (color, t->figure), style, cx, cy, r);
      return;
    }
  g_return_if_fail (t->cube < XQ_N_TYPES);
  {
    /* The cube shows one of its faces: that face's piece, a little smaller
     * so the cube marker has room, in the general's own colour. */
    double mx = cx + 0.62 * r, my = cy - 0.62 * r;
    int glyph_face = XQ_FACE_SERIF_TC;
    const char *ch;

    xq_draw_disc (p, color, style, cx, &cy, r);
    ch = xq_piece_char (color, t->cube, style->pieces, &glyph_face);
    if (ch != NULL)
      xq_draw_glyph_text (p, glyph_face, ch, cx, cy, 0.92 * r, ink);
    else
      xq_draw_picture (p, xq_piece_set_picture (style->pieces, color, t->cube), cx, cy, 0.58 * r / 50.0,
                       ink, face);
    draw_cube_marker (p, style, mx, my, 0.3 * r);
  }
}
