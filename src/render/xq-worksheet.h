/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-worksheet.h: printable A4 worksheets of numbered board exercises with an
 * answer key at the end.
 *
 * Exercises come either from a text file (`FEN | prompt [| answer]` per
 * line) or straight from code (the lesson engine adds positions, prompts and
 * marks).  The layout is computed separately from drawing, so tests and a
 * print preview can ask where each board goes without producing a PDF.
 */
#pragma once

#include "xq-render.h"

G_BEGIN_DECLS

/* A4 in PostScript points. */
#define XQ_WORKSHEET_PAGE_WIDTH   595.276
#define XQ_WORKSHEET_PAGE_HEIGHT  841.890
/* The default layout: two columns of three exercises a page. */
#define XQ_WORKSHEET_COLUMNS 2
#define XQ_WORKSHEET_ROWS    3

/* Limits on what a worksheet shows: the heading is one line, cut with an
 * ellipsis, and never longer than XQ_WORKSHEET_MAX_TITLE characters; a
 * text input is at most XQ_WORKSHEET_MAX_INPUT bytes, each of its prompts
 * and answers at most XQ_WORKSHEET_MAX_TEXT characters. */
#define XQ_WORKSHEET_MAX_TITLE  200
#define XQ_WORKSHEET_MAX_INPUT  (1024 * 1024)
#define XQ_WORKSHEET_MAX_TEXT   500

typedef struct _XqWorksheet XqWorksheet;

/* Which pages a worksheet has: the questions followed by the answer key
 * (the default; the key is left out when no exercise has an answer), the
 * questions alone, or the key alone (a teacher's copy, or a separate file). */
typedef enum {
  XQ_WORKSHEET_KEY_AFTER,
  XQ_WORKSHEET_KEY_NONE,
  XQ_WORKSHEET_KEY_ONLY,
} XqWorksheetKey;

/* Where one exercise goes, in points from the page's top-left corner. */
typedef struct {
  int    page;                                   /* 0-based */
  double board_x, board_y, board_w, board_h;     /* the board diagram */
  double text_x, text_y, text_w, text_h;         /* number + prompt + answer lines, below the board */
  int    n_answer_lines;                         /* ruled lines at the bottom of the text box */
  double answer_line_gap;                        /* between two answer lines */
} XqWorksheetSlot;

XqWorksheet *xq_worksheet_new          (void);
void         xq_worksheet_free         (XqWorksheet *sheet);
/* Heading on every page (default: none); cut to XQ_WORKSHEET_MAX_TITLE
 * characters. */
void         xq_worksheet_set_title    (XqWorksheet *sheet, const char *title);
/* Board style for every diagram (default: traditional pieces, print theme). */
void         xq_worksheet_set_style    (XqWorksheet *sheet, const XqRenderStyle *style);
/* Boards per page: 1, 2, 4 or 6 (the default, XQ_WORKSHEET_COLUMNS by
 * XQ_WORKSHEET_ROWS).  Boards, prompts and answer lines scale with it. */
gboolean     xq_worksheet_layout_is_valid (int per_page);
void         xq_worksheet_set_layout   (XqWorksheet *sheet, int per_page);
int          xq_worksheet_get_layout   (const XqWorksheet *sheet);
/* Which pages the worksheet has (default: XQ_WORKSHEET_KEY_AFTER). */
void         xq_worksheet_set_key      (XqWorksheet *sheet, XqWorksheetKey key);
/* Appends an exercise.  answer and annots may be NULL. */
void         xq_worksheet_add          (XqWorksheet *sheet, const XqPosition *pos, const char *prompt,
                                        const char *answer, const XqAnnotations *annots);
guint        xq_worksheet_get_n_exercises (const XqWorksheet *sheet);
/* Prints the ICCS coordinates around exercise index's board (its key names
 * points by them), whatever the sheet's style says. */
void         xq_worksheet_show_coordinates (XqWorksheet *sheet, guint index);
/* Draws exercise index's board with this piece set, whatever the sheet's
 * style says (a lesson's pictogram bridge). */
void         xq_worksheet_set_pieces   (XqWorksheet *sheet, guint index, XqPieceSet pieces);
XqPieceSet   xq_worksheet_get_pieces   (const XqWorksheet *sheet, guint index);
/* Exercise index is answered by circling one of the choices its prompt
 * lists: no answer lines, the question has the whole text box. */
void         xq_worksheet_set_choice   (XqWorksheet *sheet, guint index);
/* Exercise index's board is printed with Black at the bottom, whatever the
 * sheet's style says: a puzzle with Black to move, seen from the solver's
 * side. */
void         xq_worksheet_set_flipped  (XqWorksheet *sheet, guint index);
gboolean     xq_worksheet_get_flipped  (const XqWorksheet *sheet, guint index);
/* The prompt and the answer of exercise index, as added (answer may be NULL). */
const char  *xq_worksheet_get_prompt   (const XqWorksheet *sheet, guint index);
const char  *xq_worksheet_get_answer   (const XqWorksheet *sheet, guint index);
gboolean     xq_worksheet_get_coordinates (const XqWorksheet *sheet, guint index);
/* The marks printed on exercise index's board (what xq_render_svg gets),
 * or NULL for none. */
const XqAnnotations *xq_worksheet_get_annotations (const XqWorksheet *sheet, guint index);
/* Adds the exercises of a text: one `FEN | prompt` or `FEN | prompt | answer`
 * per line; blank lines and lines starting with '#' are skipped.  On an
 * error (XQ_RENDER_ERROR_INPUT, message with the line number) nothing is
 * added. */
gboolean     xq_worksheet_parse_text   (XqWorksheet *sheet, const char *text, GError **error);

/* Fills slots (n_exercises entries, may be NULL) and returns the number of
 * exercise pages in the current layout (also when the key is printed alone). */
int          xq_worksheet_layout       (const XqWorksheet *sheet, XqWorksheetSlot *slots);
/* Total pages the PDF will have: exercise pages and/or the answer key, as
 * set by xq_worksheet_set_key (). */
int          xq_worksheet_count_pages  (XqWorksheet *sheet);
/* Writes the worksheet as an A4 PDF.  Fails with XQ_RENDER_ERROR_FONT when
 * no installed font covers the prompt text (it would print as boxes). */
gboolean     xq_worksheet_write_pdf    (XqWorksheet *sheet, const char *filename, GError **error);
/* Draws page `page` (0-based) onto cr in points; the PDF writer and a print
 * dialog share it. */
gboolean     xq_worksheet_draw_page    (XqWorksheet *sheet, cairo_t *cr, int page, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqWorksheet, xq_worksheet_free)

G_END_DECLS
