/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-csv.h: the one way the program writes CSV (a class's results, a
 * tournament's standings): RFC 4180 fields, and text that a spreadsheet
 * would run as a formula defused.
 *
 * A text field that starts with "=", "+", "-", "@", a tab or a carriage
 * return is written with a leading apostrophe ("'=SUM(A1)"), the usual
 * defence against formula injection: a learner named "=HYPERLINK(...)"
 * stays a name when the teacher opens the file in a spreadsheet.  Numbers
 * are written with xq_csv_add_number and never prefixed. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Appends text (NULL: an empty field) and then "," or, for the last field
 * of a row, "\r\n". */
void xq_csv_add_text   (GString *out, const char *text, gboolean last);
/* Appends a cell the program wrote itself (a result code such as "-+",
 * a number already formatted), never prefixed. */
void xq_csv_add_code   (GString *out, const char *text, gboolean last);
/* Appends a number as it is (known FALSE: an empty field). */
void xq_csv_add_number (GString *out, double value, gboolean known, gboolean last);

G_END_DECLS
