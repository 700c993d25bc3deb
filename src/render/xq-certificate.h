/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-certificate.h: the page a child takes home when a unit is finished —
 * the learner's name, the unit, the stars earned (drawn, not written), the
 * date, and the two generals in the pieces the child learned with.  One A4
 * page in the worksheets' size (xq-worksheet.h), drawn with cairo and
 * Pango: printed from the Learn page, or written as a PDF. */
#pragma once

#include <cairo.h>

#include "xq-render.h"
#include "xq-worksheet.h"

G_BEGIN_DECLS

/* Limits on what is written: longer texts are cut with an ellipsis. */
#define XQ_CERTIFICATE_MAX_TEXT 120

typedef struct {
  const char *name;       /* the learner's name */
  const char *unit;       /* the unit's title */
  int         stars;      /* earned in the unit */
  int         max_stars;  /* could be earned (three an exercise) */
  const char *date;       /* as the reader writes a date */
  XqPieceSet  pieces;     /* the generals' faces */
} XqCertificate;

/* Draws the page onto cr, in points from the top-left corner of an A4
 * page (scale cr for other paper first). */
gboolean xq_certificate_draw      (const XqCertificate *c, cairo_t *cr, GError **error);
/* The page as a one-page PDF at filename. */
gboolean xq_certificate_write_pdf (const XqCertificate *c, const char *filename, GError **error);

G_END_DECLS
