/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the board, the pieces and the marks look like, in painter calls. */
#define G_LOG_DOMAIN "xq-render"

#include "config.h"

#include <math.h>
#include <string.h>

#include "xq-render-private.h"

/* ---- Palettes ------------------------------------------------------------------- */

static const XqPalette palettes[] = {
  [XQ_THEME_WOOD] = {
    .board = 0xf6d9a0ff, .margin = 0xc98b45ff,
    .line = 0x5b3411ff, .river_text = 0x7a4518c0, .numbers = 0x4a2a0eff, .coords = 0x6e4a26ff,
    .shadow = 0x3a1e0060, .face = 0.9,
    .red_rim = 0xd9a866ff, .red_face = 0xfcecccff, .red_ring = 0xc3262eff, .red_ink = 0xc3262eff,
    .black_rim = 0x7b5a36ff, .black_face = 0x2d2622ff, .black_ring = 0xeedcb8ff, .black_ink = 0xfaf0dcff,
    .back_rim = 0x24685aff, .back_face = 0x3e9a84ff, .back_ink = 0xf6e7b8ff,
    .roles = {
      [XQ_ROLE_SELECTION] = 0x2a8be6ff, [XQ_ROLE_HINT] = 0x8a4fd8ff, [XQ_ROLE_GOOD] = 0x23a04aff,
      [XQ_ROLE_BAD] = 0xdd3026ff, [XQ_ROLE_WARNING] = 0xf08a00ff, [XQ_ROLE_LAST_MOVE] = 0x1f6fc8ff,
      [XQ_ROLE_NEUTRAL] = 0x3b2614ff,
    },
  },
  [XQ_THEME_CONTRAST] = {
    .board = 0xfffbe8ff, .margin = 0x202020ff,
    .line = 0x000000ff, .river_text = 0x000000ff, .numbers = 0xffffffff, .coords = 0xffe070ff,
    .shadow = 0x00000080, .face = 0.9,
    .red_rim = 0xb00000ff, .red_face = 0xffffffff, .red_ring = 0xd00000ff, .red_ink = 0xd00000ff,
    .black_rim = 0x000000ff, .black_face = 0x000000ff, .black_ring = 0xffffffff, .black_ink = 0xffffffff,
    .back_rim = 0x003c8cff, .back_face = 0x0060d0ff, .back_ink = 0xffffffff,
    .roles = {
      [XQ_ROLE_SELECTION] = 0x0060ffff, [XQ_ROLE_HINT] = 0x8000ffff, [XQ_ROLE_GOOD] = 0x008a00ff,
      [XQ_ROLE_BAD] = 0xff0000ff, [XQ_ROLE_WARNING] = 0xff8000ff, [XQ_ROLE_LAST_MOVE] = 0x0060ffff,
      [XQ_ROLE_NEUTRAL] = 0x000000ff,
    },
  },
  /* Print: black ink on white paper only.  Red pieces are white with black
   * characters and a double ring, Black pieces are solid black with white
   * characters (陽文 / 陰文, as printed diagrams do it). */
  [XQ_THEME_PRINT] = {
    .board = 0xffffffff, .margin = 0xffffffff,
    .line = 0x000000ff, .river_text = 0x000000ff, .numbers = 0x000000ff, .coords = 0x404040ff,
    .shadow = XQ_NO_PAINT, .face = 0.95,
    .red_rim = 0x000000ff, .red_face = 0xffffffff, .red_ring = 0x000000ff, .red_ink = 0x000000ff,
    .black_rim = 0x000000ff, .black_face = 0x000000ff, .black_ring = 0xffffffff, .black_ink = 0xffffffff,
    .back_rim = 0x000000ff, .back_face = 0xffffffff, .back_ink = 0x000000ff,
    .roles = {
      [XQ_ROLE_SELECTION] = 0x000000ff, [XQ_ROLE_HINT] = 0x000000ff, [XQ_ROLE_GOOD] = 0x000000ff,
      [XQ_ROLE_BAD] = 0x000000ff, [XQ_ROLE_WARNING] = 0x000000ff, [XQ_ROLE_LAST_MOVE] = 0x000000ff,
      [XQ_ROLE_NEUTRAL] = 0x000000ff,
    },
  },
};

const XqPalette *
xq_palette_get (XqTheme theme)
{
  g_return_val_if_fail ((guint) theme < G_N_ELEMENTS (palettes), &palettes[0]);
  return &palettes[theme];
}

static XqRgba
with_alpha (XqRgba c, guint alpha)
{
  return (c & 0xffffff00u) | (alpha & 0xff);
}

/* ---- Board ----------------------------------------------------------------------- */

/* Screen position of a crossing by column 0..8 and row 0..9. */
#define CX(g, col) ((g)->left + (col) * (g)->cell)
#define CY(g, row) ((g)->top + (row) * (g)->cell)

/* The little corner brackets that mark the cannon and soldier points. */
static void
draw_point_marks (XqPainter *p, const XqBoardGeometry *g, int col, int row, XqRgba ink, double width)
{
  double gap = 0.08 * g->cell, len = 0.2 * g->cell;
  double x = CX (g, col), y = CY (g, row);

  for (int dx = -1; dx <= 1; dx += 2)
    {
      /* No brackets outside the edge files. */
      if ((col == 0 && dx < 0) || (col == 8 && dx > 0))
        continue;
      for (int dy = -1; dy <= 1; dy += 2)
        {
          double pts[6] = {
            x + dx * gap, y + dy * (gap + len),
            x + dx * gap, y + dy * gap,
            x + dx * (gap + len), y + dy * gap,
          };
          xq_painter_polyline (p, pts, 3, FALSE, XQ_NO_PAINT, ink, width);
        }
    }
}

void
xq_draw_glyph_text (XqPainter *p, int face, const char *ch, double cx, double cy, double size, XqRgba ink)
{
  const XqGlyph *glyph = xq_glyph_lookup (face, ch);

  g_return_if_fail (glyph != NULL);
  xq_painter_glyph (p, glyph, cx, cy, size, ink);
}

/* One character from a fixed string of UTF-8 characters. */
static void
nth_char (const char *chars, int n, char out[8])
{
  const char *s = g_utf8_offset_to_pointer (chars, n);
  const char *e = g_utf8_next_char (s);

  memcpy (out, s, (gsize) (e - s));
  out[e - s] = '\0';
}

void
xq_draw_board (XqPainter *p, const XqBoardGeometry *g, const XqRenderStyle *style)
{
  const XqPalette *pal = xq_palette_get (style->theme);
  double c = g->cell;
  double line_w = MAX (0.035 * c, 1.0);
  double frame_off = 0.5 * c;
  int river_face = XQ_FACE_SERIF_TC;
  const char *river = xq_piece_set_river (style->pieces, &river_face);
  char ch[8];

  /* The plate, then the lighter playing field inside the frame. */
  xq_painter_rect (p, g->board_x, g->board_y, g->board_w, g->board_h, 0.28 * c,
                   pal->margin, XQ_NO_PAINT, 0);
  /* Flat colour on purpose: a gradient over the whole field costs librsvg
   * (pixman) about 5 ms at 900 px, a quarter of the frame budget. */
  xq_painter_rect (p, g->left - frame_off, g->top - frame_off, 8 * c + 2 * frame_off,
                   9 * c + 2 * frame_off, 0.12 * c, pal->board, pal->line, 0.075 * c);

  /* Ranks: ten horizontal lines across the board. */
  for (int row = 0; row < 10; row++)
    xq_painter_line (p, CX (g, 0), CY (g, row), CX (g, 8), CY (g, row), pal->line, line_w);
  /* Files: the edge files run through, the inner ones stop at the river. */
  for (int col = 0; col < 9; col++)
    {
      if (col == 0 || col == 8)
        xq_painter_line (p, CX (g, col), CY (g, 0), CX (g, col), CY (g, 9), pal->line, line_w);
      else
        {
          xq_painter_line (p, CX (g, col), CY (g, 0), CX (g, col), CY (g, 4), pal->line, line_w);
          xq_painter_line (p, CX (g, col), CY (g, 5), CX (g, col), CY (g, 9), pal->line, line_w);
        }
    }
  /* Palace diagonals, top and bottom. */
  for (int top_row = 0; top_row <= 7; top_row += 7)
    {
      xq_painter_line (p, CX (g, 3), CY (g, top_row), CX (g, 5), CY (g, top_row + 2), pal->line, line_w);
      xq_painter_line (p, CX (g, 5), CY (g, top_row), CX (g, 3), CY (g, top_row + 2), pal->line, line_w);
    }
  /* Cannon points (rows 2 and 7) and soldier points (rows 3 and 6); the
   * board is symmetric, so flipping does not move them. */
  for (int row = 2; row <= 7; row += 5)
    for (int col = 1; col <= 7; col += 6)
      draw_point_marks (p, g, col, row, pal->line, line_w);
  for (int row = 3; row <= 6; row += 3)
    for (int col = 0; col <= 8; col += 2)
      draw_point_marks (p, g, col, row, pal->line, line_w);

  /* The river: 楚河 on the left, 漢界 on the right. */
  for (int i = 0; i < 4; i++)
    {
      double col = i < 2 ? 1.5 + i : 3.5 + i;
      nth_char (river, i, ch);
      xq_draw_glyph_text (p, river_face, ch, CX (g, col), CY (g, 4.5), 0.62 * c, pal->river_text);
    }

  /* File numbers: each side numbers the files from its own right, Red with
   * 一…九 and Black with 1…9, printed along that side's edge. */
  if (!style->hide_file_numbers)
    {
      double num_off = style->coordinates ? 0.74 * c : 0.82 * c;
      double num_scale = style->coordinates ? 0.8 : 1.0;
      for (int col = 0; col < 9; col++)
        {
          int file_bottom = g->flipped ? 8 - col : col;
          /* Bottom edge: Red's when not flipped. */
          for (int side = 0; side < 2; side++)
            {
              gboolean bottom = side == 0;
              XqColor who = bottom != !!g->flipped ? XQ_RED : XQ_BLACK;
              double y = bottom ? CY (g, 9) + num_off : CY (g, 0) - num_off;
              int file = file_bottom;   /* same screen column, same file */
              if (who == XQ_RED)
                {
                  nth_char ("一二三四五六七八九", 8 - file, ch);
                  xq_draw_glyph_text (p, XQ_FACE_SERIF_TC, ch, CX (g, col), y, 0.4 * c * num_scale, pal->numbers);
                }
              else
                {
                  ch[0] = (char) ('1' + file);
                  ch[1] = '\0';
                  xq_draw_glyph_text (p, XQ_FACE_LATIN, ch, CX (g, col), y, 0.42 * c * num_scale, pal->numbers);
                }
            }
        }
    }

  /* ICCS coordinates: file letters below the board, rank digits on the left. */
  if (style->coordinates)
    {
      double y = CY (g, 9) + (style->hide_file_numbers ? 0.8 : 1.04) * c;
      for (int col = 0; col < 9; col++)
        {
          int file = g->flipped ? 8 - col : col;
          ch[0] = (char) ('a' + file);
          ch[1] = '\0';
          xq_draw_glyph_text (p, XQ_FACE_LATIN, ch, CX (g, col), y, 0.26 * c, pal->coords);
        }
      for (int row = 0; row < 10; row++)
        {
          int rank = g->flipped ? row : 9 - row;
          ch[0] = (char) ('0' + rank);
          ch[1] = '\0';
          xq_draw_glyph_text (p, XQ_FACE_LATIN, ch, g->left - 0.7 * c, CY (g, row), 0.3 * c, pal->coords);
        }
    }
}

/* ---- Pieces ------------------------------------------------------------------------- */

/* A picture from data/pieces/ (xq-piece-sets.c finds it): its shapes in
 * the -50..50 box around the piece's centre, `u` pixels per unit, the
 * file's black in the piece's ink and its white in the face colour. */
void
xq_draw_picture (XqPainter *p, const XqPiecePicture *picture, double cx, double cy, double u,
                 XqRgba ink, XqRgba face)
{
  const XqRgba paints[] = { [XQ_SHAPE_PAINT_NONE] = XQ_NO_PAINT, [XQ_SHAPE_PAINT_INK] = ink,
                            [XQ_SHAPE_PAINT_FACE] = face };

  g_return_if_fail (picture != NULL);
  for (int i = 0; i < picture->n_shapes; i++)
    {
      const XqPictureShape *s = &picture->shapes[i];
      const double *v = s->v;
      XqRgba fill = paints[s->fill], stroke = paints[s->stroke];
      double width = s->stroke_width * u;

      switch (s->kind)
        {
        case XQ_SHAPE_CIRCLE:
          xq_painter_circle (p, cx + v[0] * u, cy + v[1] * u, v[2] * u, fill, stroke, width);
          break;
        case XQ_SHAPE_RECT:
          xq_painter_rect (p, cx + v[0] * u, cy + v[1] * u, v[2] * u, v[3] * u, v[4] * u,
                           fill, stroke, width);
          break;
        case XQ_SHAPE_LINE:
          xq_painter_line (p, cx + v[0] * u, cy + v[1] * u, cx + v[2] * u, cy + v[3] * u, stroke, width);
          break;
        case XQ_SHAPE_POLYGON:
          {
            double pts[32];
            int n = MIN (s->n_v, (int) G_N_ELEMENTS (pts)) / 2;

            for (int k = 0; k < n; k++)
              {
                pts[2 * k] = cx + v[2 * k] * u;
                pts[2 * k + 1] = cy + v[2 * k + 1] * u;
              }
            xq_painter_polyline (p, pts, n, TRUE, fill, stroke, width);
            break;
          }
        case XQ_SHAPE_PATH:
          xq_painter_path (p, s->d, cx, cy, u, fill, stroke, width);
          break;
        default:
          g_warn_if_reached ();
        }
    }
}

void
xq_draw_disc (XqPainter *p, XqColor color, const XqRenderStyle *style,
              double cx, double *cy, double r)
{
  const XqPalette *pal = xq_palette_get (style->theme);
  gboolean red = color == XQ_RED;
  XqRgba rim = red ? pal->red_rim : pal->black_rim;
  XqRgba face = red ? pal->red_face : pal->black_face;
  XqRgba ring = red ? pal->red_ring : pal->black_ring;

  if (pal->shadow != XQ_NO_PAINT)
    xq_painter_circle (p, cx + 0.04 * r, *cy + 0.09 * r, r, pal->shadow, XQ_NO_PAINT, 0);
  xq_painter_circle (p, cx, *cy, r, rim, XQ_NO_PAINT, 0);
  /* The face sits a little high on the rim: the disc looks thick. */
  *cy -= (1 - pal->face) * 0.3 * r;
  xq_painter_circle (p, cx, *cy, pal->face * r, face, XQ_NO_PAINT, 0);
  /* Red gets a double ring so it stays recognisable without colour. */
  xq_painter_circle (p, cx, *cy, 0.77 * r, XQ_NO_PAINT, ring, 0.07 * r);
  if (red)
    xq_painter_circle (p, cx, *cy, 0.67 * r, XQ_NO_PAINT, ring, 0.035 * r);
}


void
xq_draw_piece (XqPainter *p, XqPiece piece, const XqRenderStyle *style,
               double cx, double cy, double r)
{
  const XqPalette *pal = xq_palette_get (style->theme);
  XqColor color = xq_piece_color (piece);
  XqPieceType type = xq_piece_type (piece);
  gboolean red = color == XQ_RED;
  XqRgba face = red ? pal->red_face : pal->black_face;
  XqRgba ink = red ? pal->red_ink : pal->black_ink;
  const char *ch;
  int glyph_face = XQ_FACE_SERIF_TC;

  g_return_if_fail (type != XQ_NO_TYPE && color <= XQ_BLACK);

  xq_draw_disc (p, color, style, cx, &cy, r);
  ch = xq_piece_char (color, type, style->pieces, &glyph_face);
  if (ch == NULL)
    xq_draw_picture (p, xq_piece_set_picture (style->pieces, color, type), cx, cy, 0.66 * r / 50.0,
                     ink, face);
  else
    xq_draw_glyph_text (p, glyph_face, ch, cx, cy,
                        (glyph_face == XQ_FACE_SANS_SC ? 1.0 : 1.08) * r, ink);
}

/* ---- Annotations ------------------------------------------------------------------------ */

static XqColorRole
default_role (XqMarkKind kind)
{
  switch (kind)
    {
    case XQ_MARK_HIGHLIGHT: return XQ_ROLE_SELECTION;
    case XQ_MARK_DOT:       return XQ_ROLE_GOOD;
    case XQ_MARK_LAST_MOVE: return XQ_ROLE_LAST_MOVE;
    case XQ_MARK_CHECK:     return XQ_ROLE_BAD;
    case XQ_MARK_ARROW:
    case XQ_MARK_STAR:
    case XQ_MARK_LABEL:
    case XQ_MARK_CIRCLE:
    default:                return XQ_ROLE_HINT;
    }
}

static gboolean
mark_is_below_pieces (XqMarkKind kind)
{
  return kind == XQ_MARK_HIGHLIGHT || kind == XQ_MARK_LAST_MOVE;
}

static void
draw_arrow (XqPainter *p, const XqBoardGeometry *g, XqSquare from, XqSquare to, XqRgba color)
{
  double x0, y0, x1, y1, dx, dy, len, ux, uy, c = g->cell;
  double shaft = 0.09 * c, head_w = 0.26 * c, head_l = 0.42 * c;

  xq_board_geometry_center (g, from, &x0, &y0);
  xq_board_geometry_center (g, to, &x1, &y1);
  dx = x1 - x0;
  dy = y1 - y0;
  len = sqrt (dx * dx + dy * dy);
  ux = dx / len;
  uy = dy / len;
  /* Start a little off the piece centre so its character stays readable,
   * and stop the tip just short of the target point. */
  x0 += ux * 0.22 * c;
  y0 += uy * 0.22 * c;
  x1 -= ux * 0.12 * c;
  y1 -= uy * 0.12 * c;
  {
    double bx = x1 - ux * head_l, by = y1 - uy * head_l;   /* base of the head */
    double nx = -uy, ny = ux;                               /* normal */
    double pts[14] = {
      x0 + nx * shaft, y0 + ny * shaft,
      bx + nx * shaft, by + ny * shaft,
      bx + nx * head_w, by + ny * head_w,
      x1, y1,
      bx - nx * head_w, by - ny * head_w,
      bx - nx * shaft, by - ny * shaft,
      x0 - nx * shaft, y0 - ny * shaft,
    };
    xq_painter_polyline (p, pts, 7, TRUE, with_alpha (color, 0xd0), XQ_NO_PAINT, 0);
  }
}

static void
draw_star (XqPainter *p, double cx, double cy, double r, XqRgba fill, XqRgba outline)
{
  double pts[20];

  for (int i = 0; i < 10; i++)
    {
      double a = -G_PI / 2 + i * G_PI / 5;
      double rr = i % 2 == 0 ? r : r * 0.42;
      pts[2 * i] = cx + rr * cos (a);
      pts[2 * i + 1] = cy + rr * sin (a);
    }
  xq_painter_polyline (p, pts, 10, TRUE, fill, outline, 0.12 * r);
}

static void
draw_label (XqPainter *p, const XqBoardGeometry *g, const XqMark *m, gboolean occupied,
            XqRgba color, XqRgba text)
{
  double cx, cy, r = 0.2 * g->cell;
  glong n = g_utf8_strlen (m->label, -1);
  const char *s = m->label;

  xq_board_geometry_center (g, m->sq, &cx, &cy);
  /* On an empty point the marker sits on it; on a piece it becomes a badge
   * at the upper right so the piece stays visible. */
  if (occupied)
    {
      cx += 0.33 * g->cell;
      cy -= 0.33 * g->cell;
    }
  else
    r = 0.25 * g->cell;
  xq_painter_circle (p, cx, cy, r, color, 0xffffffff, 0.12 * r);
  for (glong i = 0; i < n && i < 2; i++, s = g_utf8_next_char (s))
    {
      char ch[8];
      const XqGlyph *glyph;
      double size = n == 1 ? 1.25 * r : 0.95 * r;
      double x = n == 1 ? cx : cx + (i == 0 ? -0.36 : 0.36) * r;

      nth_char (s, 0, ch);
      glyph = xq_glyph_lookup (XQ_FACE_LATIN, ch);
      if (glyph != NULL)
        xq_painter_glyph (p, glyph, x, cy, size, text);
    }
}

void
xq_draw_annotations (XqPainter *p, const XqBoardGeometry *g, const XqRenderStyle *style,
                     const XqAnnotations *annots, const guint8 *occupied_at, int layer)
{
  const XqPalette *pal = xq_palette_get (style->theme);
  double c = g->cell, r = xq_board_geometry_piece_radius (g);

  if (annots == NULL)
    return;
  for (int i = 0; i < annots->n_marks; i++)
    {
      const XqMark *m = &annots->marks[i];
      XqColorRole role = m->role == XQ_ROLE_DEFAULT ? default_role (m->kind) : m->role;
      XqRgba color = pal->roles[role];
      gboolean occupied;
      gboolean print = style->theme == XQ_THEME_PRINT;
      double x, y;

      if ((mark_is_below_pieces (m->kind) ? 0 : 1) != layer)
        continue;
      if (m->sq < 0 || m->sq >= XQ_SQUARES ||
          (g->shape == XQ_BOARD_SHAPE_HALF && m->sq >= XQ_HALF_CELLS))
        continue;
      occupied = occupied_at != NULL && occupied_at[m->sq];
      xq_board_geometry_center (g, m->sq, &x, &y);
      switch (m->kind)
        {
        case XQ_MARK_HIGHLIGHT:
          xq_painter_rect (p, x - 0.48 * c, y - 0.48 * c, 0.96 * c, 0.96 * c, 0.16 * c,
                           with_alpha (color, print ? 0x40 : 0x70), XQ_NO_PAINT, 0);
          break;
        case XQ_MARK_LAST_MOVE:
          {
            double e = 0.5 * c, l = 0.2 * c;
            for (int dx = -1; dx <= 1; dx += 2)
              for (int dy = -1; dy <= 1; dy += 2)
                {
                  double pts[6] = { x + dx * e, y + dy * (e - l), x + dx * e, y + dy * e,
                                    x + dx * (e - l), y + dy * e };
                  xq_painter_polyline (p, pts, 3, FALSE, XQ_NO_PAINT, color, 0.07 * c);
                }
            break;
          }
        case XQ_MARK_DOT:
          /* A dot on an empty point; a ring around a piece that can be taken. */
          if (occupied)
            xq_painter_circle (p, x, y, r + 0.02 * c, XQ_NO_PAINT, with_alpha (color, 0xd8), 0.08 * c);
          else
            xq_painter_circle (p, x, y, 0.13 * c, with_alpha (color, 0xd0), 0xffffff90, 0.025 * c);
          break;
        case XQ_MARK_ARROW:
          if (m->to >= 0 && m->to < XQ_SQUARES && m->to != m->sq)
            draw_arrow (p, g, m->sq, m->to, color);
          break;
        case XQ_MARK_STAR:
          /* On a piece (a target to capture) the star moves to the upper
           * left corner, clear of the character and of label badges. */
          if (occupied)
            draw_star (p, x - 0.33 * c, y - 0.33 * c, 0.22 * c, print ? 0xffffffff : 0xffc62aff, color);
          else
            draw_star (p, x, y, 0.34 * c, print ? 0xffffffff : 0xffc62aff, color);
          break;
        case XQ_MARK_LABEL:
          draw_label (p, g, m, occupied, color, 0xffffffff);
          break;
        case XQ_MARK_CHECK:
          /* A soft halo plus a solid ring: visible on any piece colour. */
          xq_painter_circle (p, x, y, r + 0.05 * c, XQ_NO_PAINT, with_alpha (color, 0x60), 0.16 * c);
          xq_painter_circle (p, x, y, r + (print ? 0.08 : 0.02) * c, XQ_NO_PAINT, color, 0.06 * c);
          break;
        case XQ_MARK_CIRCLE:
          xq_painter_circle (p, x, y, 0.54 * c, XQ_NO_PAINT, color, 0.06 * c);
          break;
        default:
          break;
        }
    }
}
