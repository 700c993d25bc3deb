/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-class-report.h: the printable class report — a table of learners ×
 * units, each cell the stars won and how many of the unit's exercises are
 * done ("5/8"), with each learner's totals and last activity.  A4
 * landscape: the curriculum's units and the teacher's on the first page
 * (for a class of up to about 30 learners), puzzle packs on the pages
 * after; a bigger class or more units than fit go on to further pages,
 * the names repeated on each.  Unit titles are printed whole, turned on
 * their side; names whole, smaller when long. */
#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

/* A4 landscape in PostScript points. */
#define XQ_CLASS_REPORT_PAGE_WIDTH   841.890
#define XQ_CLASS_REPORT_PAGE_HEIGHT  595.276

/* Which part of the teaching a column belongs to: the columns are drawn
 * under a band naming it. */
typedef enum {
  XQ_CLASS_REPORT_CURRICULUM,  /* a unit shipped with the program */
  XQ_CLASS_REPORT_OWN,         /* a teacher's own unit */
  XQ_CLASS_REPORT_PUZZLES,     /* a puzzle pack */
} XqClassReportGroup;

typedef struct _XqClassReport XqClassReport;

XqClassReport *xq_class_report_new         (const char *title);
void           xq_class_report_free        (XqClassReport *report);
/* Columns and rows, in the order added; return their index.  Columns of
 * one group should be added together. */
guint          xq_class_report_add_unit    (XqClassReport *report, XqClassReportGroup group,
                                            const char *title, int n_exercises);
guint          xq_class_report_add_learner (XqClassReport *report, const char *name);
void           xq_class_report_set         (XqClassReport *report, guint learner, guint unit,
                                            int stars, int done);
/* The learner's last activity, "YYYY-MM-DD" (NULL or "": none known). */
void           xq_class_report_set_last    (XqClassReport *report, guint learner, const char *date);

/* What a cell holds, and the learner's last activity (a new string, NULL
 * when none), for tests and other readers of the report. */
void           xq_class_report_get_cell    (const XqClassReport *report, guint learner, guint unit,
                                            int *stars, int *done, char **last);
guint          xq_class_report_get_n_units   (const XqClassReport *report);
const char    *xq_class_report_get_unit_title (const XqClassReport *report, guint unit);
XqClassReportGroup xq_class_report_get_unit_group (const XqClassReport *report, guint unit);

/* The pages, and what each shows: learners first_learner .. +n_learners,
 * units first_unit .. +n_units, and the size of the text in its rows (in
 * points).  Pages go through the units, and for each set of units through
 * the learners. */
guint          xq_class_report_get_n_pages (XqClassReport *report);
void           xq_class_report_get_page    (XqClassReport *report, guint page,
                                            guint *first_learner, guint *n_learners,
                                            guint *first_unit, guint *n_units, double *font_size);
/* Draws one page onto cr in points (the PDF writer and a print dialog share it). */
gboolean       xq_class_report_draw_page   (XqClassReport *report, guint page, cairo_t *cr, GError **error);
gboolean       xq_class_report_write_pdf   (XqClassReport *report, const char *filename, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqClassReport, xq_class_report_free)

G_END_DECLS
