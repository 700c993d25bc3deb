/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The class report: one page, pango text, cairo's PDF surface. */
#define G_LOG_DOMAIN "xq-class-report"

#include "config.h"

#include <cairo-pdf.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <pango/pangocairo.h>

#include "xq-class-report.h"
#include "xq-render.h"

#define MARGIN       36.0
#define TITLE_H      28.0
#define HEADER_H     34.0
#define FOOT_H       18.0
#define NAME_W       150.0
#define ROW_H_MAX    22.0
/* Below this the text would be too small to read on paper. */
#define ROW_H_MIN    11.0

typedef struct {
  char *title;
  int   n_exercises;
} Unit;

typedef struct {
  char   *name;
  GArray *stars;  /* int per unit */
  GArray *done;
} Learner;

struct _XqClassReport {
  char      *title;
  GArray    *units;     /* Unit */
  GPtrArray *learners;  /* Learner* */
};

static void
unit_clear (gpointer data)
{
  g_free (((Unit *) data)->title);
}

static void
learner_free (gpointer data)
{
  Learner *l = data;

  g_free (l->name);
  g_array_unref (l->stars);
  g_array_unref (l->done);
  g_free (l);
}

XqClassReport *
xq_class_report_new (const char *title)
{
  XqClassReport *r = g_new0 (XqClassReport, 1);

  r->title = g_strdup (title ? title : "");
  r->units = g_array_new (FALSE, TRUE, sizeof (Unit));
  g_array_set_clear_func (r->units, unit_clear);
  r->learners = g_ptr_array_new_with_free_func (learner_free);
  return r;
}

void
xq_class_report_free (XqClassReport *report)
{
  if (report == NULL)
    return;
  g_free (report->title);
  g_array_unref (report->units);
  g_ptr_array_unref (report->learners);
  g_free (report);
}

guint
xq_class_report_add_unit (XqClassReport *report, const char *title, int n_exercises)
{
  Unit u = { g_strdup (title ? title : ""), MAX (n_exercises, 0) };

  g_return_val_if_fail (report != NULL, 0);
  g_array_append_val (report->units, u);
  for (guint i = 0; i < report->learners->len; i++)
    {
      Learner *l = g_ptr_array_index (report->learners, i);
      g_array_set_size (l->stars, report->units->len);
      g_array_set_size (l->done, report->units->len);
    }
  return report->units->len - 1;
}

guint
xq_class_report_add_learner (XqClassReport *report, const char *name)
{
  Learner *l = g_new0 (Learner, 1);

  g_return_val_if_fail (report != NULL, 0);
  l->name = g_strdup (name ? name : "");
  l->stars = g_array_new (FALSE, TRUE, sizeof (int));
  l->done = g_array_new (FALSE, TRUE, sizeof (int));
  g_array_set_size (l->stars, report->units->len);
  g_array_set_size (l->done, report->units->len);
  g_ptr_array_add (report->learners, l);
  return report->learners->len - 1;
}

void
xq_class_report_set (XqClassReport *report, guint learner, guint unit, int stars, int done)
{
  Learner *l;

  g_return_if_fail (report != NULL && learner < report->learners->len && unit < report->units->len);
  l = g_ptr_array_index (report->learners, learner);
  g_array_index (l->stars, int, unit) = MAX (stars, 0);
  g_array_index (l->done, int, unit) = MAX (done, 0);
}

static double
table_height (void)
{
  return XQ_CLASS_REPORT_PAGE_HEIGHT - 2 * MARGIN - TITLE_H - HEADER_H - FOOT_H;
}

guint
xq_class_report_get_n_shown (const XqClassReport *report)
{
  g_return_val_if_fail (report != NULL, 0);
  return MIN (report->learners->len, (guint) (table_height () / ROW_H_MIN));
}

/* ---- Drawing ---------------------------------------------------------------- */

static PangoLayout *
new_layout (cairo_t *cr, const char *font, double size, double width, gboolean wrap)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  g_autoptr(PangoFontDescription) desc = pango_font_description_from_string (font);
  cairo_font_options_t *options = cairo_font_options_create ();

  /* Points as units, no hinting: the page looks the same on any screen. */
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  pango_cairo_context_set_font_options (pango_layout_get_context (layout), options);
  cairo_font_options_destroy (options);
  pango_cairo_context_set_resolution (pango_layout_get_context (layout), 72);
  pango_font_description_set_absolute_size (desc, size * PANGO_SCALE);
  pango_layout_set_font_description (layout, desc);
  pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  pango_layout_set_ellipsize (layout, wrap ? PANGO_ELLIPSIZE_NONE : PANGO_ELLIPSIZE_END);
  if (wrap)
    {
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
      pango_layout_set_height (layout, -2);  /* two lines at most */
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
    }
  pango_layout_context_changed (layout);
  return layout;
}

/* Text in a box, vertically centred; refuses text no font can show (it
 * would print as boxes). */
static gboolean
draw_text (cairo_t *cr, const char *font, double size, const char *text,
           double x, double y, double w, double h, PangoAlignment align, gboolean wrap, GError **error)
{
  g_autoptr(PangoLayout) layout = new_layout (cr, font, size, w, wrap);
  int lw, lh;

  pango_layout_set_text (layout, text, -1);
  pango_layout_set_alignment (layout, align);
  if (pango_layout_get_unknown_glyphs_count (layout) > 0)
    {
      g_set_error (error, XQ_RENDER_ERROR, XQ_RENDER_ERROR_FONT,
                   _("no installed font can show “%s” (install fonts-wqy-microhei)"), text);
      return FALSE;
    }
  pango_layout_get_size (layout, &lw, &lh);
  cairo_move_to (cr, x, y + (h - lh / (double) PANGO_SCALE) / 2);
  pango_cairo_show_layout (cr, layout);
  return TRUE;
}

gboolean
xq_class_report_draw_page (XqClassReport *report, cairo_t *cr, GError **error)
{
  guint n_units, n_shown;
  double x0 = MARGIN, y0 = MARGIN, table_w, col_w, row_h, font;

  g_return_val_if_fail (report != NULL && cr != NULL, FALSE);
  n_units = report->units->len;
  n_shown = xq_class_report_get_n_shown (report);
  table_w = XQ_CLASS_REPORT_PAGE_WIDTH - 2 * MARGIN;
  col_w = n_units > 0 ? (table_w - NAME_W) / n_units : 0;
  row_h = n_shown > 0 ? CLAMP (table_height () / n_shown, ROW_H_MIN, ROW_H_MAX) : ROW_H_MAX;
  font = row_h * 0.5;

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  if (!draw_text (cr, "Sans Bold", 16, report->title, x0, y0, table_w, TITLE_H, PANGO_ALIGN_LEFT, FALSE, error))
    return FALSE;
  y0 += TITLE_H;

  /* The header: "Learner", then each unit with its number of exercises. */
  cairo_set_source_rgb (cr, 0.90, 0.90, 0.90);
  cairo_rectangle (cr, x0, y0, table_w, HEADER_H);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  if (!draw_text (cr, "Sans Bold", 9, _("Learner"), x0 + 4, y0, NAME_W - 8, HEADER_H, PANGO_ALIGN_LEFT, FALSE, error))
    return FALSE;
  for (guint u = 0; u < n_units; u++)
    {
      const Unit *unit = &g_array_index (report->units, Unit, u);
      if (!draw_text (cr, "Sans Bold", 8, unit->title, x0 + NAME_W + u * col_w + 2, y0, col_w - 4, HEADER_H,
                      PANGO_ALIGN_CENTER, TRUE, error))
        return FALSE;
    }

  for (guint i = 0; i < n_shown; i++)
    {
      const Learner *l = g_ptr_array_index (report->learners, i);
      double y = y0 + HEADER_H + i * row_h;

      if (i % 2 == 1)
        {
          cairo_set_source_rgb (cr, 0.96, 0.96, 0.96);
          cairo_rectangle (cr, x0, y, table_w, row_h);
          cairo_fill (cr);
        }
      for (guint u = 0; u < n_units; u++)
        {
          const Unit *unit = &g_array_index (report->units, Unit, u);
          int done = g_array_index (l->done, int, u);
          int stars = g_array_index (l->stars, int, u);
          double cx = x0 + NAME_W + u * col_w;
          g_autofree char *cell = NULL;

          /* A unit finished is shaded: the eye finds the gaps at once. */
          if (unit->n_exercises > 0 && done >= unit->n_exercises)
            {
              cairo_set_source_rgb (cr, 0.85, 0.93, 0.85);
              cairo_rectangle (cr, cx, y, col_w, row_h);
              cairo_fill (cr);
            }
          cairo_set_source_rgb (cr, 0, 0, 0);
          /* Translators: a cell of the class report: stars won, then exercises done of the unit's */
          cell = done > 0 ? g_strdup_printf (_("%d★  %d/%d"), stars, done, unit->n_exercises)
                          : g_strdup_printf ("–  0/%d", unit->n_exercises);
          if (!draw_text (cr, "Sans", font, cell, cx + 2, y, col_w - 4, row_h, PANGO_ALIGN_CENTER, FALSE, error))
            return FALSE;
        }
      cairo_set_source_rgb (cr, 0, 0, 0);
      if (!draw_text (cr, "Sans", font, l->name, x0 + 4, y, NAME_W - 8, row_h, PANGO_ALIGN_LEFT, FALSE, error))
        return FALSE;
    }

  /* The grid. */
  cairo_set_source_rgb (cr, 0.4, 0.4, 0.4);
  cairo_set_line_width (cr, 0.5);
  for (guint i = 0; i <= n_shown; i++)
    {
      cairo_move_to (cr, x0, y0 + HEADER_H + i * row_h);
      cairo_line_to (cr, x0 + table_w, y0 + HEADER_H + i * row_h);
    }
  for (guint u = 0; u <= n_units; u++)
    {
      cairo_move_to (cr, x0 + NAME_W + u * col_w, y0);
      cairo_line_to (cr, x0 + NAME_W + u * col_w, y0 + HEADER_H + n_shown * row_h);
    }
  cairo_rectangle (cr, x0, y0, table_w, HEADER_H + n_shown * row_h);
  cairo_stroke (cr);

  cairo_set_source_rgb (cr, 0, 0, 0);
  {
    double fy = y0 + HEADER_H + n_shown * row_h + 2;
    guint left = report->learners->len - n_shown;
    g_autofree char *foot = NULL;

    if (left > 0)
      /* Translators: at the foot of the class report, when the class is too big for one page */
      foot = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u more learner does not fit on the page.",
                                           "%u more learners do not fit on the page.", left), left);
    else
      foot = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u learner", "%u learners",
                                           report->learners->len), report->learners->len);
    if (!draw_text (cr, "Sans", 8, foot, x0, fy, table_w, FOOT_H - 2, PANGO_ALIGN_LEFT, FALSE, error))
      return FALSE;
  }
  return TRUE;
}

gboolean
xq_class_report_write_pdf (XqClassReport *report, const char *filename, GError **error)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;
  gboolean ok;

  g_return_val_if_fail (report != NULL && filename != NULL, FALSE);
  surface = cairo_pdf_surface_create (filename, XQ_CLASS_REPORT_PAGE_WIDTH, XQ_CLASS_REPORT_PAGE_HEIGHT);
  if (report->title[0] != '\0')
    cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, report->title);
  cr = cairo_create (surface);
  ok = xq_class_report_draw_page (report, cr, error);
  cairo_show_page (cr);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (ok && status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, XQ_RENDER_ERROR, XQ_RENDER_ERROR_IO, "%s: %s", filename, cairo_status_to_string (status));
      ok = FALSE;
    }
  if (!ok)
    g_unlink (filename);
  return ok;
}
