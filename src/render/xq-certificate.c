/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-certificate"

#include "config.h"

#include <cairo-pdf.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <librsvg/rsvg.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "xq-certificate.h"
#include "xq-render-private.h"

#define W XQ_WORKSHEET_PAGE_WIDTH
#define H XQ_WORKSHEET_PAGE_HEIGHT
#define MARGIN 36.0
#define PIECE 110.0
#define STAR 26.0
#define STARS_PER_ROW 15
/* Centre to centre: a full row of stars, outline included, fits inside
 * the words' width (tests/test-worksheets.c, certificate-inside). */
#define STAR_STEP ((W - 4 * MARGIN - STAR - 6) / (STARS_PER_ROW - 1))

/* text cut to XQ_CERTIFICATE_MAX_TEXT characters, with an ellipsis. */
static char *
bounded (const char *text)
{
  const char *s = text != NULL ? text : "";
  g_autofree char *head = NULL;

  if (g_utf8_strlen (s, -1) <= XQ_CERTIFICATE_MAX_TEXT)
    return g_strdup (s);
  head = g_utf8_substring (s, 0, XQ_CERTIFICATE_MAX_TEXT - 1);
  return g_strconcat (head, "…", NULL);
}

/* One centred line (or lines, wrapped) at y; returns the y below it. */
static double
centred (cairo_t    *cr,
         const char *font,
         const char *text,
         double      y)
{
  g_autoptr(PangoLayout) layout = pango_cairo_create_layout (cr);
  PangoFontDescription *desc = pango_font_description_from_string (font);
  g_autofree char *cut = bounded (text);
  int h;

  pango_cairo_context_set_resolution (pango_layout_get_context (layout), 72);
  pango_layout_context_changed (layout);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_width (layout, (int) ((W - 4 * MARGIN) * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  pango_layout_set_text (layout, cut, -1);
  pango_layout_get_size (layout, NULL, &h);
  cairo_move_to (cr, 2 * MARGIN, y);
  pango_cairo_show_layout (cr, layout);
  return y + (double) h / PANGO_SCALE;
}

/* A five-pointed star centred at (cx, cy), filled or only outlined. */
static void
star (cairo_t *cr,
      double   cx,
      double   cy,
      double   r,
      gboolean filled)
{
  for (int i = 0; i < 10; i++)
    {
      double a = -G_PI / 2 + i * G_PI / 5;
      double rr = i % 2 == 0 ? r : r * 0.45;

      if (i == 0)
        cairo_move_to (cr, cx + rr * cos (a), cy + rr * sin (a));
      else
        cairo_line_to (cr, cx + rr * cos (a), cy + rr * sin (a));
    }
  cairo_close_path (cr);
  cairo_set_source_rgb (cr, 0.85, 0.6, 0.05);
  if (filled)
    cairo_fill_preserve (cr);
  cairo_set_line_width (cr, 2);
  cairo_stroke (cr);
}

static gboolean
piece (cairo_t            *cr,
       XqPiece             p,
       const XqRenderStyle *style,
       double              x,
       double              y,
       GError            **error)
{
  g_autofree char *svg = xq_render_piece_svg (p, style, PIECE);
  RsvgRectangle viewport = { x, y, PIECE, PIECE };
  RsvgHandle *handle = rsvg_handle_new_from_data ((const guint8 *) svg, strlen (svg), error);
  gboolean ok;

  if (handle == NULL)
    return FALSE;
  ok = rsvg_handle_render_document (handle, cr, &viewport, error);
  g_object_unref (handle);
  return ok;
}

gboolean
xq_certificate_draw (const XqCertificate *c,
                     cairo_t             *cr,
                     GError             **error)
{
  XqRenderStyle style;
  g_autofree char *stars_line = NULL;
  int shown = CLAMP (c->max_stars, 0, 60), per_row = STARS_PER_ROW;
  double y;

  g_return_val_if_fail (c != NULL && cr != NULL, FALSE);
  xq_render_style_init (&style);
  style.pieces = c->pieces;

  /* A double frame round the page. */
  cairo_set_source_rgb (cr, 0.7, 0.1, 0.1);
  cairo_set_line_width (cr, 6);
  cairo_rectangle (cr, MARGIN, MARGIN, W - 2 * MARGIN, H - 2 * MARGIN);
  cairo_stroke (cr);
  cairo_set_line_width (cr, 1.5);
  cairo_rectangle (cr, MARGIN + 10, MARGIN + 10, W - 2 * MARGIN - 20, H - 2 * MARGIN - 20);
  cairo_stroke (cr);

  /* The two generals, face to face. */
  if (!piece (cr, xq_piece_make (XQ_RED, XQ_KING), &style, W / 2 - PIECE - 20, MARGIN + 40, error) ||
      !piece (cr, xq_piece_make (XQ_BLACK, XQ_KING), &style, W / 2 + 20, MARGIN + 40, error))
    return FALSE;

  cairo_set_source_rgb (cr, 0.15, 0.1, 0.05);
  /* Translators: the heading of the page a child takes home when a unit is finished. */
  y = centred (cr, "Sans Bold 34", _("Well Done!"), MARGIN + 60 + PIECE);
  y = centred (cr, "Sans 28", c->name, y + 30);
  /* Translators: on the certificate, before the unit's title. */
  y = centred (cr, "Sans 16", _("finished the unit"), y + 24);
  y = centred (cr, "Serif Bold 24", c->unit, y + 10);

  /* The stars, drawn: earned ones filled, in rows as wide as the words
   * (W - 4 MARGIN), well inside the frame. */
  y += 40;
  for (int i = 0; i < shown; i++)
    {
      int row = i / per_row, col = i % per_row, in_row = MIN (per_row, shown - row * per_row);
      double x0 = W / 2 - (in_row - 1) * STAR_STEP / 2;

      star (cr, x0 + col * STAR_STEP, y + row * STAR * 1.2, STAR / 2, i < c->stars);
    }
  y += ((shown + per_row - 1) / per_row) * STAR * 1.2 + 10;
  /* Translators: %d of %d stars, on the certificate. */
  stars_line = g_strdup_printf (_("%d of %d stars"), c->stars, c->max_stars);
  cairo_set_source_rgb (cr, 0.15, 0.1, 0.05);
  y = centred (cr, "Sans 16", stars_line, y);
  centred (cr, "Sans 14", c->date, H - MARGIN - 80);
  return TRUE;
}

gboolean
xq_certificate_write_pdf (const XqCertificate *c,
                          const char          *filename,
                          GError             **error)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  gboolean ok;

  g_return_val_if_fail (c != NULL && filename != NULL, FALSE);
  surface = cairo_pdf_surface_create (filename, W, H);
  cr = cairo_create (surface);
  ok = xq_certificate_draw (c, cr, error);
  cairo_show_page (cr);
  cairo_destroy (cr);
  return xq_render_finish_pdf (surface, filename, ok, error);
}
