/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-class-report.h: the printable one-page class report — a table of
 * learners × units, each cell the stars won and how many of the unit's
 * exercises are done ("5/8").  One A4 landscape page whatever the size of
 * the class: rows shrink to fit, down to a size still readable; learners
 * past that are counted in a last line. */
#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

/* A4 landscape in PostScript points. */
#define XQ_CLASS_REPORT_PAGE_WIDTH   841.890
#define XQ_CLASS_REPORT_PAGE_HEIGHT  595.276

typedef struct _XqClassReport XqClassReport;

XqClassReport *xq_class_report_new         (const char *title);
void           xq_class_report_free        (XqClassReport *report);
/* Columns and rows, in the order added; return their index. */
guint          xq_class_report_add_unit    (XqClassReport *report, const char *title, int n_exercises);
guint          xq_class_report_add_learner (XqClassReport *report, const char *name);
void           xq_class_report_set         (XqClassReport *report, guint learner, guint unit,
                                            int stars, int done);
/* How many learners the page shows (the others are counted at the foot). */
guint          xq_class_report_get_n_shown (const XqClassReport *report);
/* Draws the page onto cr in points (the PDF writer and a print dialog share it). */
gboolean       xq_class_report_draw_page   (XqClassReport *report, cairo_t *cr, GError **error);
gboolean       xq_class_report_write_pdf   (XqClassReport *report, const char *filename, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqClassReport, xq_class_report_free)

G_END_DECLS
