/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The class report: pages of pango text, cairo's PDF surface. */
#define G_LOG_DOMAIN "xq-class-report"

#include "config.h"

#include <cairo-pdf.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <pango/pangocairo.h>

#include "xq-class-report.h"
#include "xq-render.h"
#include "xq-render-private.h"

#define MARGIN       28.0
#define TITLE_H      22.0
#define GROUP_H      12.0
#define FOOT_H       14.0
/* The header holds the unit titles turned on their side: as tall as the
 * longest needs, within these (a longer title takes a second line). */
#define HEADER_H_MIN 40.0
#define HEADER_H_MAX 112.0
#define HEADER_FONT  7.5
/* The name column: as wide as the longest name at NAME_FONT needs. */
#define NAME_FONT    8.0
#define NAME_W_MIN   70.0
#define NAME_W_MAX   160.0
/* A unit's column: narrower would not hold "27★ 14/14" readably. */
#define COL_W_MIN    32.0
#define COL_W_MAX    64.0
#define TOTAL_W      56.0
#define PUZZLES_W    46.0
#define LAST_W       52.0
#define ROW_H_MAX    22.0
/* Below this the text would be too small to read on paper; a class with
 * more learners goes on to another page. */
#define ROW_H_MIN    11.5
#define FONT_MIN     4.0

typedef struct {
  XqClassReportGroup group;
  char              *title;
  int                n_exercises;
} Unit;

typedef struct {
  char   *name;
  GArray *stars;  /* int per unit */
  GArray *done;
  char   *last;
} Learner;

/* The units of one run of pages: consecutive columns. */
typedef struct {
  guint first, n;
} Span;

struct _XqClassReport {
  char      *title;
  GArray    *units;     /* Unit */
  GPtrArray *learners;  /* Learner* */

  /* The layout, made when first asked for (valid while !dirty). */
  gboolean   dirty;
  double     name_w, header_h;
  guint      rows_per_page;
  GArray    *spans;     /* Span */
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
  g_free (l->last);
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
  r->spans = g_array_new (FALSE, TRUE, sizeof (Span));
  r->dirty = TRUE;
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
  g_array_unref (report->spans);
  g_free (report);
}

guint
xq_class_report_add_unit (XqClassReport *report, XqClassReportGroup group, const char *title, int n_exercises)
{
  Unit u = { group, g_strdup (title ? title : ""), MAX (n_exercises, 0) };

  g_return_val_if_fail (report != NULL, 0);
  g_array_append_val (report->units, u);
  for (guint i = 0; i < report->learners->len; i++)
    {
      Learner *l = g_ptr_array_index (report->learners, i);
      g_array_set_size (l->stars, report->units->len);
      g_array_set_size (l->done, report->units->len);
    }
  report->dirty = TRUE;
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
  report->dirty = TRUE;
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

void
xq_class_report_set_last (XqClassReport *report, guint learner, const char *date)
{
  Learner *l;

  g_return_if_fail (report != NULL && learner < report->learners->len);
  l = g_ptr_array_index (report->learners, learner);
  g_free (l->last);
  l->last = date != NULL && date[0] != '\0' ? g_strdup (date) : NULL;
}

void
xq_class_report_get_cell (const XqClassReport *report, guint learner, guint unit, int *stars, int *done,
                          char **last)
{
  const Learner *l;

  g_return_if_fail (report != NULL && learner < report->learners->len && unit < report->units->len);
  l = g_ptr_array_index (report->learners, learner);
  if (stars)
    *stars = g_array_index (l->stars, int, unit);
  if (done)
    *done = g_array_index (l->done, int, unit);
  if (last)
    *last = g_strdup (l->last);
}

guint
xq_class_report_get_n_units (const XqClassReport *report)
{
  g_return_val_if_fail (report != NULL, 0);
  return report->units->len;
}

const char *
xq_class_report_get_unit_title (const XqClassReport *report, guint unit)
{
  g_return_val_if_fail (report != NULL && unit < report->units->len, NULL);
  return g_array_index (report->units, Unit, unit).title;
}

XqClassReportGroup
xq_class_report_get_unit_group (const XqClassReport *report, guint unit)
{
  g_return_val_if_fail (report != NULL && unit < report->units->len, XQ_CLASS_REPORT_CURRICULUM);
  return g_array_index (report->units, Unit, unit).group;
}

/* ---- Text ------------------------------------------------------------------- */

static PangoLayout *
new_layout (cairo_t *cr, const char *font, double size)
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
  pango_layout_context_changed (layout);
  return layout;
}

/* The width of text on one line, in points. */
static double
text_width (cairo_t *cr, const char *font, double size, const char *text)
{
  g_autoptr(PangoLayout) layout = new_layout (cr, font, size);
  int w, h;

  pango_layout_set_text (layout, text, -1);
  pango_layout_get_size (layout, &w, &h);
  return w / (double) PANGO_SCALE;
}

static gboolean
check_glyphs (PangoLayout *layout, const char *text, GError **error)
{
  if (pango_layout_get_unknown_glyphs_count (layout) > 0)
    {
      g_set_error (error, XQ_RENDER_ERROR, XQ_RENDER_ERROR_FONT,
                   _("no installed font can show “%s” (install fonts-wqy-microhei)"), text);
      return FALSE;
    }
  return TRUE;
}

/* Text on one line in a box, vertically centred, whole: a text too wide
 * at size is drawn smaller until it fits (down to FONT_MIN, then it
 * wraps).  Refuses text no font can show (it would print as boxes). */
static gboolean
draw_text (cairo_t *cr, const char *font, double size, const char *text,
           double x, double y, double w, double h, PangoAlignment align, GError **error)
{
  g_autoptr(PangoLayout) layout = NULL;
  double tw = text_width (cr, font, size, text);
  int lw, lh;

  if (tw > w && w > 0)
    size = MAX (FONT_MIN, size * w / tw * 0.98);
  /* Glyphs from a fallback font may measure wider once laid out in the
   * box: smaller again until the text is on one line. */
  for (int tries = 0;; tries++)
    {
      g_clear_object (&layout);
      layout = new_layout (cr, font, size);
      pango_layout_set_width (layout, (int) (w * PANGO_SCALE));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
      pango_layout_set_text (layout, text, -1);
      if (pango_layout_get_line_count (layout) <= 1 || size <= FONT_MIN || tries == 12)
        break;
      size = MAX (FONT_MIN, size * 0.93);
    }
  pango_layout_set_alignment (layout, align);
  if (!check_glyphs (layout, text, error))
    return FALSE;
  pango_layout_get_size (layout, &lw, &lh);
  cairo_move_to (cr, x, y + (h - lh / (double) PANGO_SCALE) / 2);
  pango_cairo_show_layout (cr, layout);
  return TRUE;
}

/* A unit's title turned on its side, read from the foot up, in a column
 * w wide and h tall: wrapped onto as many lines as the column holds. */
static gboolean
draw_title_turned (cairo_t *cr, const char *text, double x, double y, double w, double h, GError **error)
{
  g_autoptr(PangoLayout) layout = new_layout (cr, "Sans Bold", HEADER_FONT);
  int lw, lh;

  pango_layout_set_width (layout, (int) ((h - 6) * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_text (layout, text, -1);
  if (!check_glyphs (layout, text, error))
    return FALSE;
  pango_layout_get_size (layout, &lw, &lh);
  cairo_save (cr);
  cairo_translate (cr, x + (w - lh / (double) PANGO_SCALE) / 2, y + h - 3);
  cairo_rotate (cr, -G_PI / 2);
  cairo_move_to (cr, 0, 0);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
  return TRUE;
}

/* ---- Layout ----------------------------------------------------------------- */

static gboolean
has_group (const XqClassReport *report, gboolean puzzles)
{
  for (guint u = 0; u < report->units->len; u++)
    if ((g_array_index (report->units, Unit, u).group == XQ_CLASS_REPORT_PUZZLES) == puzzles)
      return TRUE;
  return FALSE;
}

/* The width of the columns every page repeats after the units: the
 * lessons' total, the puzzles solved, the last activity. */
static double
summary_width (const XqClassReport *report)
{
  return (has_group (report, FALSE) ? TOTAL_W : 0) + (has_group (report, TRUE) ? PUZZLES_W : 0) + LAST_W;
}

static double
table_width (void)
{
  return XQ_CLASS_REPORT_PAGE_WIDTH - 2 * MARGIN;
}

static void
ensure_layout (XqClassReport *report)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  double widest = 0, longest = 0, rows_h, units_w;
  guint per_page;

  if (!report->dirty)
    return;
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cr = cairo_create (surface);
  for (guint i = 0; i < report->learners->len; i++)
    {
      const Learner *l = g_ptr_array_index (report->learners, i);
      widest = MAX (widest, text_width (cr, "Sans", NAME_FONT, l->name));
    }
  for (guint u = 0; u < report->units->len; u++)
    longest = MAX (longest, text_width (cr, "Sans Bold", HEADER_FONT, g_array_index (report->units, Unit, u).title));
  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  report->name_w = CLAMP (widest + 8, NAME_W_MIN, NAME_W_MAX);
  report->header_h = CLAMP (longest + 6, HEADER_H_MIN, HEADER_H_MAX);
  rows_h = XQ_CLASS_REPORT_PAGE_HEIGHT - 2 * MARGIN - TITLE_H - GROUP_H - report->header_h - FOOT_H;
  report->rows_per_page = MAX (1, (guint) (rows_h / ROW_H_MIN));

  /* The units in runs that fit a page; the puzzle packs start a run of
   * their own, so the lessons stay together on the first page. */
  units_w = table_width () - report->name_w - summary_width (report);
  per_page = MAX (1, (guint) (units_w / COL_W_MIN));
  g_array_set_size (report->spans, 0);
  for (guint u = 0; u < report->units->len; u++)
    {
      Span *last = report->spans->len > 0 ? &g_array_index (report->spans, Span, report->spans->len - 1) : NULL;
      gboolean puzzles = g_array_index (report->units, Unit, u).group == XQ_CLASS_REPORT_PUZZLES;
      gboolean last_puzzles = last != NULL
        && g_array_index (report->units, Unit, last->first).group == XQ_CLASS_REPORT_PUZZLES;

      if (last == NULL || last->n >= per_page || puzzles != last_puzzles)
        {
          Span s = { u, 0 };
          g_array_append_val (report->spans, s);
          last = &g_array_index (report->spans, Span, report->spans->len - 1);
        }
      last->n++;
    }
  if (report->spans->len == 0)
    {
      Span s = { 0, 0 };
      g_array_append_val (report->spans, s);
    }
  report->dirty = FALSE;
}

static guint
row_pages (const XqClassReport *report)
{
  return MAX (1, (report->learners->len + report->rows_per_page - 1) / report->rows_per_page);
}

guint
xq_class_report_get_n_pages (XqClassReport *report)
{
  g_return_val_if_fail (report != NULL, 0);
  ensure_layout (report);
  return report->spans->len * row_pages (report);
}

static double
row_height (const XqClassReport *report, guint n_rows)
{
  double rows_h = XQ_CLASS_REPORT_PAGE_HEIGHT - 2 * MARGIN - TITLE_H - GROUP_H - report->header_h - FOOT_H;

  return n_rows > 0 ? CLAMP (rows_h / n_rows, ROW_H_MIN, ROW_H_MAX) : ROW_H_MAX;
}

static double
font_for_row (double row_h)
{
  return MIN (row_h * 0.6, 10.0);
}

void
xq_class_report_get_page (XqClassReport *report, guint page, guint *first_learner, guint *n_learners,
                          guint *first_unit, guint *n_units, double *font_size)
{
  guint rp, fl, nl;
  const Span *span;

  g_return_if_fail (report != NULL);
  ensure_layout (report);
  rp = row_pages (report);
  g_return_if_fail (page < report->spans->len * rp);
  span = &g_array_index (report->spans, Span, page / rp);
  fl = (page % rp) * report->rows_per_page;
  nl = MIN (report->rows_per_page, report->learners->len - MIN (fl, report->learners->len));
  if (first_learner)
    *first_learner = fl;
  if (n_learners)
    *n_learners = nl;
  if (first_unit)
    *first_unit = span->first;
  if (n_units)
    *n_units = span->n;
  if (font_size)
    *font_size = font_for_row (row_height (report, nl));
}

/* ---- Drawing ---------------------------------------------------------------- */

static const char *
group_label (XqClassReportGroup group)
{
  switch (group)
    {
    case XQ_CLASS_REPORT_CURRICULUM:
      /* Translators: over the curriculum's units in the class report */
      return _("Lessons");
    case XQ_CLASS_REPORT_OWN:
      /* Translators: over the teacher's own units in the class report */
      return _("Your Units");
    case XQ_CLASS_REPORT_PUZZLES:
      /* Translators: over the puzzle packs in the class report */
      return _("Puzzles");
    default:
      g_return_val_if_reached ("");
    }
}

static void
grey (cairo_t *cr, double level)
{
  cairo_set_source_rgb (cr, level, level, level);
}

gboolean
xq_class_report_draw_page (XqClassReport *report, guint page, cairo_t *cr, GError **error)
{
  guint fl, nl, fu, nu, n_pages;
  double font, row_h, col_w, x0 = MARGIN, y0 = MARGIN, table_w, band_y, head_y, rows_y, units_x, sx;
  gboolean lessons, puzzles;

  g_return_val_if_fail (report != NULL && cr != NULL, FALSE);
  n_pages = xq_class_report_get_n_pages (report);
  g_return_val_if_fail (page < n_pages, FALSE);
  xq_class_report_get_page (report, page, &fl, &nl, &fu, &nu, &font);
  row_h = row_height (report, nl);
  lessons = has_group (report, FALSE);
  puzzles = has_group (report, TRUE);
  col_w = nu > 0 ? MIN (COL_W_MAX, (table_width () - report->name_w - summary_width (report)) / nu) : 0;
  table_w = report->name_w + nu * col_w + summary_width (report);
  units_x = x0 + report->name_w;
  band_y = y0 + TITLE_H;
  head_y = band_y + GROUP_H;
  rows_y = head_y + report->header_h;

  grey (cr, 1);
  cairo_paint (cr);
  grey (cr, 0);
  if (!draw_text (cr, "Sans Bold", 14, report->title, x0, y0, table_width (), TITLE_H - 4, PANGO_ALIGN_LEFT, error))
    return FALSE;

  /* The header: bands naming the groups, then each unit's title. */
  grey (cr, 0.90);
  cairo_rectangle (cr, x0, band_y, table_w, GROUP_H + report->header_h);
  cairo_fill (cr);
  grey (cr, 0);
  for (guint u = fu; u < fu + nu;)
    {
      XqClassReportGroup group = g_array_index (report->units, Unit, u).group;
      guint end = u;

      while (end < fu + nu && g_array_index (report->units, Unit, end).group == group)
        end++;
      if (!draw_text (cr, "Sans Bold", 7.5, group_label (group), units_x + (u - fu) * col_w + 2, band_y,
                      (end - u) * col_w - 4, GROUP_H, PANGO_ALIGN_CENTER, error))
        return FALSE;
      grey (cr, 0.4);
      cairo_set_line_width (cr, 0.5);
      cairo_move_to (cr, units_x + (end - fu) * col_w, band_y);
      cairo_line_to (cr, units_x + (end - fu) * col_w, head_y);
      cairo_stroke (cr);
      grey (cr, 0);
      u = end;
    }
  if (!draw_text (cr, "Sans Bold", 9, _("Learner"), x0 + 4, head_y, report->name_w - 8, report->header_h,
                  PANGO_ALIGN_LEFT, error))
    return FALSE;
  for (guint u = fu; u < fu + nu; u++)
    {
      const Unit *unit = &g_array_index (report->units, Unit, u);
      if (!draw_title_turned (cr, unit->title, units_x + (u - fu) * col_w, head_y, col_w, report->header_h, error))
        return FALSE;
    }
  sx = units_x + nu * col_w;
  if (lessons)
    {
      /* Translators: a column of the class report: stars and exercises of every unit of lessons */
      if (!draw_title_turned (cr, _("All lessons"), sx, head_y, TOTAL_W, report->header_h, error))
        return FALSE;
      sx += TOTAL_W;
    }
  if (puzzles)
    {
      /* Translators: a column of the class report: puzzles solved of every pack */
      if (!draw_title_turned (cr, _("Puzzles solved"), sx, head_y, PUZZLES_W, report->header_h, error))
        return FALSE;
      sx += PUZZLES_W;
    }
  /* Translators: a column of the class report: the date of the learner's latest result */
  if (!draw_title_turned (cr, _("Last activity"), sx, head_y, LAST_W, report->header_h, error))
    return FALSE;

  for (guint i = 0; i < nl; i++)
    {
      const Learner *l = g_ptr_array_index (report->learners, fl + i);
      double y = rows_y + i * row_h;
      int all_stars = 0, all_done = 0, all_n = 0, solved = 0, n_puzzles = 0;
      g_autofree char *text = NULL;

      if (i % 2 == 1)
        {
          grey (cr, 0.96);
          cairo_rectangle (cr, x0, y, table_w, row_h);
          cairo_fill (cr);
        }
      for (guint u = 0; u < report->units->len; u++)
        {
          const Unit *unit = &g_array_index (report->units, Unit, u);
          int done = g_array_index (l->done, int, u);
          int stars = g_array_index (l->stars, int, u);
          double cx = units_x + (u - fu) * col_w;
          g_autofree char *cell = NULL;

          if (unit->group == XQ_CLASS_REPORT_PUZZLES)
            {
              solved += done;
              n_puzzles += unit->n_exercises;
            }
          else
            {
              all_stars += stars;
              all_done += done;
              all_n += unit->n_exercises;
            }
          if (u < fu || u >= fu + nu)
            continue;
          /* A unit finished is shaded: the eye finds the gaps at once. */
          if (unit->n_exercises > 0 && done >= unit->n_exercises)
            {
              cairo_set_source_rgb (cr, 0.85, 0.93, 0.85);
              cairo_rectangle (cr, cx, y, col_w, row_h);
              cairo_fill (cr);
            }
          grey (cr, 0);
          /* Translators: a cell of the class report: stars won, then exercises done of the unit's */
          cell = done > 0 ? g_strdup_printf (_("%d★ %d/%d"), stars, done, unit->n_exercises)
                          : g_strdup_printf ("– 0/%d", unit->n_exercises);
          if (!draw_text (cr, "Sans", font, cell, cx + 1.5, y, col_w - 3, row_h, PANGO_ALIGN_CENTER, error))
            return FALSE;
        }
      grey (cr, 0);
      if (!draw_text (cr, "Sans", font, l->name, x0 + 4, y, report->name_w - 8, row_h, PANGO_ALIGN_LEFT, error))
        return FALSE;
      sx = units_x + nu * col_w;
      if (lessons)
        {
          text = g_strdup_printf (_("%d★ %d/%d"), all_stars, all_done, all_n);
          if (!draw_text (cr, "Sans Bold", font, text, sx + 1.5, y, TOTAL_W - 3, row_h, PANGO_ALIGN_CENTER, error))
            return FALSE;
          g_clear_pointer (&text, g_free);
          sx += TOTAL_W;
        }
      if (puzzles)
        {
          text = g_strdup_printf ("%d/%d", solved, n_puzzles);
          if (!draw_text (cr, "Sans Bold", font, text, sx + 1.5, y, PUZZLES_W - 3, row_h, PANGO_ALIGN_CENTER, error))
            return FALSE;
          sx += PUZZLES_W;
        }
      if (!draw_text (cr, "Sans", font, l->last ? l->last : "–", sx + 1.5, y, LAST_W - 3, row_h,
                      PANGO_ALIGN_CENTER, error))
        return FALSE;
    }

  /* The grid. */
  grey (cr, 0.4);
  cairo_set_line_width (cr, 0.5);
  for (guint i = 0; i <= nl; i++)
    {
      cairo_move_to (cr, x0, rows_y + i * row_h);
      cairo_line_to (cr, x0 + table_w, rows_y + i * row_h);
    }
  cairo_move_to (cr, units_x, band_y);
  cairo_line_to (cr, units_x + nu * col_w, band_y);
  cairo_move_to (cr, units_x, head_y);
  cairo_line_to (cr, units_x + nu * col_w, head_y);
  for (guint u = 0; u <= nu; u++)
    {
      cairo_move_to (cr, units_x + u * col_w, u == 0 || u == nu ? band_y : head_y);
      cairo_line_to (cr, units_x + u * col_w, rows_y + nl * row_h);
    }
  sx = units_x + nu * col_w;
  for (int k = 0; k < (lessons ? 1 : 0) + (puzzles ? 1 : 0); k++)
    {
      sx += k == 0 && lessons ? TOTAL_W : PUZZLES_W;
      cairo_move_to (cr, sx, band_y);
      cairo_line_to (cr, sx, rows_y + nl * row_h);
    }
  cairo_rectangle (cr, x0, band_y, table_w, GROUP_H + report->header_h + nl * row_h);
  cairo_stroke (cr);

  grey (cr, 0);
  {
    double fy = rows_y + nl * row_h + 2;
    g_autofree char *count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u learner", "%u learners",
                                                           report->learners->len), report->learners->len);
    g_autofree char *foot = NULL;

    if (n_pages > 1)
      /* Translators: at the foot of the class report: "30 learners · page 1 of 3" */
      foot = g_strdup_printf (_("%s · page %u of %u"), count, page + 1, n_pages);
    else
      foot = g_steal_pointer (&count);
    if (!draw_text (cr, "Sans", 8, foot, x0, fy, table_width (), FOOT_H - 2, PANGO_ALIGN_LEFT, error))
      return FALSE;
  }
  return TRUE;
}

gboolean
xq_class_report_write_pdf (XqClassReport *report, const char *filename, GError **error)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  gboolean ok = TRUE;
  guint n_pages;

  g_return_val_if_fail (report != NULL && filename != NULL, FALSE);
  n_pages = xq_class_report_get_n_pages (report);
  surface = cairo_pdf_surface_create (filename, XQ_CLASS_REPORT_PAGE_WIDTH, XQ_CLASS_REPORT_PAGE_HEIGHT);
  if (report->title[0] != '\0')
    cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, report->title);
  cr = cairo_create (surface);
  for (guint p = 0; ok && p < n_pages; p++)
    {
      ok = xq_class_report_draw_page (report, p, cr, error);
      cairo_show_page (cr);
    }
  cairo_destroy (cr);
  return xq_render_finish_pdf (surface, filename, ok, error);
}
