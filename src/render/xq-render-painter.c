/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The painter: one drawing vocabulary written as SVG text or as cairo calls,
 * and the glyph outlines it draws text with. */
#define G_LOG_DOMAIN "xq-render"

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "xq-render-private.h"
#include "xq-glyph-data.h"

const XqGlyph *
xq_glyph_lookup (int face, const char *utf8_char)
{
  for (gsize i = 0; i < G_N_ELEMENTS (xq_glyph_data); i++)
    if (xq_glyph_data[i].face == face && strcmp (xq_glyph_data[i].text, utf8_char) == 0)
      return &xq_glyph_data[i];
  return NULL;
}

/* ---- SVG helpers --------------------------------------------------------------- */

/* Numbers in SVG always use '.', whatever the locale. */
static void
put_num (GString *s, double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  /* Two decimals are far below a device pixel at any sane size. */
  v = round (v * 100) / 100;
  if (v == 0)
    v = 0;   /* no "-0" */
  g_string_append (s, g_ascii_formatd (buf, sizeof buf, "%.2f", v));
  /* Trim trailing zeros: the SVG gets noticeably shorter. */
  while (s->len > 0 && s->str[s->len - 1] == '0')
    g_string_truncate (s, s->len - 1);
  if (s->len > 0 && s->str[s->len - 1] == '.')
    g_string_truncate (s, s->len - 1);
}

static void
put_attr_num (GString *s, const char *name, double v)
{
  g_string_append_printf (s, " %s=\"", name);
  put_num (s, v);
  g_string_append_c (s, '"');
}

static void
put_paint (GString *s, const char *what, XqRgba c)
{
  if (c == XQ_NO_PAINT)
    {
      g_string_append_printf (s, " %s=\"none\"", what);
      return;
    }
  g_string_append_printf (s, " %s=\"#%06x\"", what, c >> 8);
  if ((c & 0xff) != 0xff)
    {
      g_string_append_printf (s, " %s-opacity=\"", what);
      put_num (s, (c & 0xff) / 255.0);
      g_string_append_c (s, '"');
    }
}

static void
put_fill_stroke (GString *s, XqRgba fill, XqRgba stroke, double stroke_width)
{
  put_paint (s, "fill", fill);
  if (stroke != XQ_NO_PAINT && stroke_width > 0)
    {
      put_paint (s, "stroke", stroke);
      put_attr_num (s, "stroke-width", stroke_width);
    }
}

/* ---- cairo helpers ---------------------------------------------------------------- */

static void
set_rgba (cairo_t *cr, XqRgba c)
{
  cairo_set_source_rgba (cr, (c >> 24) / 255.0, ((c >> 16) & 0xff) / 255.0,
                         ((c >> 8) & 0xff) / 255.0, (c & 0xff) / 255.0);
}

static void
cairo_fill_stroke (cairo_t *cr, XqRgba fill, XqRgba stroke, double stroke_width)
{
  if (fill != XQ_NO_PAINT)
    {
      set_rgba (cr, fill);
      cairo_fill_preserve (cr);
    }
  if (stroke != XQ_NO_PAINT && stroke_width > 0)
    {
      set_rgba (cr, stroke);
      cairo_set_line_width (cr, stroke_width);
      cairo_stroke_preserve (cr);
    }
  cairo_new_path (cr);
}

static void
cairo_rect_path (cairo_t *cr, double x, double y, double w, double h, double radius)
{
  if (radius > 0)
    {
      cairo_new_sub_path (cr);
      cairo_arc (cr, x + w - radius, y + radius, radius, -G_PI / 2, 0);
      cairo_arc (cr, x + w - radius, y + h - radius, radius, 0, G_PI / 2);
      cairo_arc (cr, x + radius, y + h - radius, radius, G_PI / 2, G_PI);
      cairo_arc (cr, x + radius, y + radius, radius, G_PI, 3 * G_PI / 2);
      cairo_close_path (cr);
    }
  else
    cairo_rectangle (cr, x, y, w, h);
}

/* Appends SVG path data (absolute M L C Z only, as the glyph extractor and
 * the piece pictures of data/pieces/ hold) to cr's path, scaled and moved. */
static void
cairo_append_path_data (cairo_t *cr, const char *d, double ox, double oy, double scale)
{
  const char *p = d;
  char cmd = 0;

  while (*p)
    {
      double v[6];
      int need;

      while (*p == ' ' || *p == ',' || *p == '\n')
        p++;
      if (*p == '\0')
        break;
      if (g_ascii_isalpha (*p))
        cmd = *p++;
      switch (cmd)
        {
        case 'M': case 'L': need = 2; break;
        case 'C': need = 6; break;
        case 'Z': case 'z':
          cairo_close_path (cr);
          cmd = 0;
          continue;
        default:
          g_warn_if_reached ();
          return;
        }
      for (int i = 0; i < need; i++)
        {
          char *end;
          while (*p == ' ' || *p == ',')
            p++;
          v[i] = g_ascii_strtod (p, &end);
          if (end == p)
            {
              g_warn_if_reached ();
              return;
            }
          p = end;
          v[i] = (i % 2 == 0 ? ox : oy) + v[i] * scale;
        }
      if (cmd == 'M')
        {
          cairo_move_to (cr, v[0], v[1]);
          cmd = 'L';   /* implicit lineto after a moveto, as in SVG */
        }
      else if (cmd == 'L')
        cairo_line_to (cr, v[0], v[1]);
      else
        cairo_curve_to (cr, v[0], v[1], v[2], v[3], v[4], v[5]);
    }
}

/* ---- Primitives ---------------------------------------------------------------------- */

void
xq_painter_circle (XqPainter *p, double cx, double cy, double r,
                   XqRgba fill, XqRgba stroke, double stroke_width)
{
  if (p->svg)
    {
      g_string_append (p->svg, "<circle");
      put_attr_num (p->svg, "cx", cx);
      put_attr_num (p->svg, "cy", cy);
      put_attr_num (p->svg, "r", r);
      put_fill_stroke (p->svg, fill, stroke, stroke_width);
      g_string_append (p->svg, "/>\n");
      return;
    }
  cairo_new_sub_path (p->cr);
  cairo_arc (p->cr, cx, cy, r, 0, 2 * G_PI);
  cairo_fill_stroke (p->cr, fill, stroke, stroke_width);
}

void
xq_painter_rect (XqPainter *p, double x, double y, double w, double h, double radius,
                 XqRgba fill, XqRgba stroke, double stroke_width)
{
  if (p->svg)
    {
      g_string_append (p->svg, "<rect");
      put_attr_num (p->svg, "x", x);
      put_attr_num (p->svg, "y", y);
      put_attr_num (p->svg, "width", w);
      put_attr_num (p->svg, "height", h);
      if (radius > 0)
        put_attr_num (p->svg, "rx", radius);
      put_fill_stroke (p->svg, fill, stroke, stroke_width);
      g_string_append (p->svg, "/>\n");
      return;
    }
  cairo_rect_path (p->cr, x, y, w, h, radius);
  cairo_fill_stroke (p->cr, fill, stroke, stroke_width);
}

void
xq_painter_line (XqPainter *p, double x0, double y0, double x1, double y1,
                 XqRgba stroke, double width)
{
  if (p->svg)
    {
      g_string_append (p->svg, "<line");
      put_attr_num (p->svg, "x1", x0);
      put_attr_num (p->svg, "y1", y0);
      put_attr_num (p->svg, "x2", x1);
      put_attr_num (p->svg, "y2", y1);
      put_paint (p->svg, "stroke", stroke);
      put_attr_num (p->svg, "stroke-width", width);
      g_string_append (p->svg, " stroke-linecap=\"square\"/>\n");
      return;
    }
  cairo_set_line_cap (p->cr, CAIRO_LINE_CAP_SQUARE);
  cairo_move_to (p->cr, x0, y0);
  cairo_line_to (p->cr, x1, y1);
  cairo_fill_stroke (p->cr, XQ_NO_PAINT, stroke, width);
  cairo_set_line_cap (p->cr, CAIRO_LINE_CAP_BUTT);
}

void
xq_painter_polyline (XqPainter *p, const double *pts, int n, gboolean closed,
                     XqRgba fill, XqRgba stroke, double stroke_width)
{
  if (p->svg)
    {
      g_string_append (p->svg, closed ? "<polygon points=\"" : "<polyline points=\"");
      for (int i = 0; i < n; i++)
        {
          if (i > 0)
            g_string_append_c (p->svg, ' ');
          put_num (p->svg, pts[2 * i]);
          g_string_append_c (p->svg, ',');
          put_num (p->svg, pts[2 * i + 1]);
        }
      g_string_append_c (p->svg, '"');
      put_fill_stroke (p->svg, fill, stroke, stroke_width);
      g_string_append (p->svg, " stroke-linejoin=\"round\" stroke-linecap=\"round\"/>\n");
      return;
    }
  cairo_set_line_join (p->cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (p->cr, CAIRO_LINE_CAP_ROUND);
  for (int i = 0; i < n; i++)
    if (i == 0)
      cairo_move_to (p->cr, pts[0], pts[1]);
    else
      cairo_line_to (p->cr, pts[2 * i], pts[2 * i + 1]);
  if (closed)
    cairo_close_path (p->cr);
  cairo_fill_stroke (p->cr, fill, stroke, stroke_width);
  cairo_set_line_join (p->cr, CAIRO_LINE_JOIN_MITER);
  cairo_set_line_cap (p->cr, CAIRO_LINE_CAP_BUTT);
}

void
xq_painter_path (XqPainter *p, const char *d, double x, double y, double scale,
                 XqRgba fill, XqRgba stroke, double stroke_width)
{
  if (p->svg)
    {
      g_string_append (p->svg, "<path transform=\"translate(");
      put_num (p->svg, x);
      g_string_append_c (p->svg, ' ');
      put_num (p->svg, y);
      g_string_append (p->svg, ") scale(");
      /* Glyph units are 1/1000 em, so the scale needs more digits. */
      g_string_append_printf (p->svg, "%.6g", scale);
      g_string_append (p->svg, ")\"");
      put_fill_stroke (p->svg, fill, stroke, scale > 0 ? stroke_width / scale : 0);
      g_string_append (p->svg, " stroke-linejoin=\"round\" d=\"");
      g_string_append (p->svg, d);
      g_string_append (p->svg, "\"/>\n");
      return;
    }
  cairo_set_line_join (p->cr, CAIRO_LINE_JOIN_ROUND);
  cairo_new_path (p->cr);
  cairo_append_path_data (p->cr, d, x, y, scale);
  cairo_fill_stroke (p->cr, fill, stroke, stroke_width);
  cairo_set_line_join (p->cr, CAIRO_LINE_JOIN_MITER);
}

void
xq_painter_glyph (XqPainter *p, const XqGlyph *glyph, double cx, double cy, double size,
                  XqRgba fill)
{
  double scale = size / 1000.0, x, y;

  g_return_if_fail (glyph != NULL);
  if (glyph->face == XQ_FACE_LATIN)
    {
      /* Latin letters and digits have no em box to speak of: centre the ink. */
      x = cx - (glyph->box[0] + glyph->box[2]) / 2.0 * scale;
      y = cy - (glyph->box[1] + glyph->box[3]) / 2.0 * scale;
    }
  else
    {
      /* CJK glyphs are designed in their em box; centring the box keeps
       * 一 where a reader expects it instead of blowing it up to the middle. */
      x = cx - 500 * scale;
      y = cy - 500 * scale;
    }
  xq_painter_path (p, glyph->d, x, y, scale, fill, XQ_NO_PAINT, 0);
}

/* ---- Document --------------------------------------------------------------------------- */

void
xq_svg_begin (GString *svg, double width, double height)
{
  g_string_append (svg, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\"");
  put_attr_num (svg, "width", width);
  put_attr_num (svg, "height", height);
  g_string_append (svg, " viewBox=\"0 0 ");
  put_num (svg, width);
  g_string_append_c (svg, ' ');
  put_num (svg, height);
  g_string_append (svg, "\">\n");
}

void
xq_svg_end (GString *svg)
{
  g_string_append (svg, "</svg>\n");
}
