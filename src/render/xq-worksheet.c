/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Printable worksheets: layout, pango text and the PDF. */
#define G_LOG_DOMAIN "xq-worksheet"

#include "config.h"

#include <cairo-pdf.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <librsvg/rsvg.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "xq-render-private.h"
#include "xq-worksheet.h"

#define MARGIN       42.0
#define HEADER_H     30.0
#define FOOTER_H     18.0
#define COLUMN_GAP   24.0
#define TEXT_H       46.0
#define TEXT_GAP      6.0
#define FONT_FAMILY  "Noto Sans CJK SC, WenQuanYi Micro Hei, sans-serif"
#define PROMPT_FONT  FONT_FAMILY " 10.5"
#define TITLE_FONT   FONT_FAMILY " Bold 15"
#define SMALL_FONT   FONT_FAMILY " 8"
#define NAME_FONT    FONT_FAMILY " 10"
/* The name and date line, at the right of the heading. */
#define NAME_W       250.0
#define NAME_LINE_W  110.0
#define DATE_LINE_W   70.0

/* One layout: the grid, and how much text each cell holds.  text_h is
 * prompt_lines of the prompt font plus answer_lines ruled lines; 0 puts the
 * text beside the board, as tall as the board. */
typedef struct {
  int         per_page, columns, rows;
  const char *font;
  int         prompt_lines, answer_lines;
  double      line_gap, text_h;
} LayoutSpec;

static const LayoutSpec layouts[] = {
  /* 6 keeps the grid, board size and text box of the original sheet. */
  { 6, XQ_WORKSHEET_COLUMNS, XQ_WORKSHEET_ROWS, PROMPT_FONT, 2, 1, 16, TEXT_H },
  { 4, 2, 2, FONT_FAMILY " 11.5", 3, 2, 22, 3 * 16.7 + 2 * 22 },
  { 2, 1, 2, FONT_FAMILY " 13", 10, 4, 28, 0 },
  { 1, 1, 1, FONT_FAMILY " 15", 5, 4, 30, 5 * 21.8 + 4 * 30 },
};

static const LayoutSpec *
layout_spec (int per_page)
{
  for (guint i = 0; i < G_N_ELEMENTS (layouts); i++)
    if (layouts[i].per_page == per_page)
      return &layouts[i];
  return NULL;
}

typedef struct {
  XqPosition     pos;
  char          *prompt;
  char          *answer;
  XqAnnotations *annots;   /* NULL when there are none */
  gboolean       coordinates;  /* print them around this board */
  gboolean       choice;       /* answered by circling a choice: no answer lines */
  gboolean       own_pieces;   /* drawn with `pieces`, not the sheet's set */
  XqPieceSet     pieces;
  gboolean       flipped;      /* Black at the bottom of this board */
} Exercise;

struct _XqWorksheet {
  char          *title;
  XqRenderStyle  style;
  int            per_page;
  XqWorksheetKey key;
  GPtrArray     *exercises;   /* Exercise* */
};

static void
exercise_free (gpointer data)
{
  Exercise *ex = data;

  g_free (ex->prompt);
  g_free (ex->answer);
  g_free (ex->annots);
  g_free (ex);
}

XqWorksheet *
xq_worksheet_new (void)
{
  XqWorksheet *sheet = g_new0 (XqWorksheet, 1);

  xq_render_style_init (&sheet->style);
  sheet->style.theme = XQ_THEME_PRINT;
  sheet->per_page = XQ_WORKSHEET_COLUMNS * XQ_WORKSHEET_ROWS;
  sheet->key = XQ_WORKSHEET_KEY_AFTER;
  sheet->exercises = g_ptr_array_new_with_free_func (exercise_free);
  return sheet;
}

void
xq_worksheet_free (XqWorksheet *sheet)
{
  if (sheet == NULL)
    return;
  g_free (sheet->title);
  g_ptr_array_unref (sheet->exercises);
  g_free (sheet);
}

void
xq_worksheet_set_title (XqWorksheet *sheet, const char *title)
{
  g_return_if_fail (sheet != NULL);
  g_free (sheet->title);
  /* Only one line of it fits the heading anyway. */
  sheet->title = title != NULL && g_utf8_strlen (title, -1) > XQ_WORKSHEET_MAX_TITLE
                 ? g_utf8_substring (title, 0, XQ_WORKSHEET_MAX_TITLE)
                 : g_strdup (title);
}

void
xq_worksheet_set_style (XqWorksheet *sheet, const XqRenderStyle *style)
{
  g_return_if_fail (sheet != NULL && style != NULL);
  sheet->style = *style;
}

gboolean
xq_worksheet_layout_is_valid (int per_page)
{
  return layout_spec (per_page) != NULL;
}

void
xq_worksheet_set_layout (XqWorksheet *sheet, int per_page)
{
  g_return_if_fail (sheet != NULL && xq_worksheet_layout_is_valid (per_page));
  sheet->per_page = per_page;
}

int
xq_worksheet_get_layout (const XqWorksheet *sheet)
{
  g_return_val_if_fail (sheet != NULL, 0);
  return sheet->per_page;
}

void
xq_worksheet_set_key (XqWorksheet *sheet, XqWorksheetKey key)
{
  g_return_if_fail (sheet != NULL);
  switch (key)
    {
    case XQ_WORKSHEET_KEY_AFTER:
    case XQ_WORKSHEET_KEY_NONE:
    case XQ_WORKSHEET_KEY_ONLY:
      sheet->key = key;
      return;
    default:
      g_return_if_reached ();
    }
}

void
xq_worksheet_add (XqWorksheet *sheet, const XqPosition *pos, const char *prompt,
                  const char *answer, const XqAnnotations *annots)
{
  Exercise *ex;

  g_return_if_fail (sheet != NULL && pos != NULL);
  ex = g_new0 (Exercise, 1);
  ex->pos = *pos;
  ex->prompt = g_strdup (prompt ? prompt : "");
  ex->answer = answer && *answer ? g_strdup (answer) : NULL;
  if (annots != NULL && annots->n_marks > 0)
    ex->annots = g_memdup2 (annots, sizeof *annots);
  g_ptr_array_add (sheet->exercises, ex);
}

guint
xq_worksheet_get_n_exercises (const XqWorksheet *sheet)
{
  g_return_val_if_fail (sheet != NULL, 0);
  return sheet->exercises->len;
}

void
xq_worksheet_show_coordinates (XqWorksheet *sheet, guint index)
{
  g_return_if_fail (sheet != NULL && index < sheet->exercises->len);
  ((Exercise *) sheet->exercises->pdata[index])->coordinates = TRUE;
}

void
xq_worksheet_set_pieces (XqWorksheet *sheet, guint index, XqPieceSet pieces)
{
  Exercise *ex;

  g_return_if_fail (sheet != NULL && index < sheet->exercises->len);
  ex = sheet->exercises->pdata[index];
  ex->own_pieces = TRUE;
  ex->pieces = pieces;
}

XqPieceSet
xq_worksheet_get_pieces (const XqWorksheet *sheet, guint index)
{
  const Exercise *ex;

  g_return_val_if_fail (sheet != NULL && index < sheet->exercises->len, XQ_PIECE_SET_TRADITIONAL);
  ex = sheet->exercises->pdata[index];
  return ex->own_pieces ? ex->pieces : sheet->style.pieces;
}

void
xq_worksheet_set_choice (XqWorksheet *sheet, guint index)
{
  g_return_if_fail (sheet != NULL && index < sheet->exercises->len);
  ((Exercise *) sheet->exercises->pdata[index])->choice = TRUE;
}

void
xq_worksheet_set_flipped (XqWorksheet *sheet, guint index)
{
  g_return_if_fail (sheet != NULL && index < sheet->exercises->len);
  ((Exercise *) sheet->exercises->pdata[index])->flipped = TRUE;
}

gboolean
xq_worksheet_get_flipped (const XqWorksheet *sheet, guint index)
{
  g_return_val_if_fail (sheet != NULL && index < sheet->exercises->len, FALSE);
  return ((Exercise *) sheet->exercises->pdata[index])->flipped;
}

const char *
xq_worksheet_get_prompt (const XqWorksheet *sheet, guint index)
{
  g_return_val_if_fail (sheet != NULL && index < sheet->exercises->len, NULL);
  return ((Exercise *) sheet->exercises->pdata[index])->prompt;
}

const char *
xq_worksheet_get_answer (const XqWorksheet *sheet, guint index)
{
  g_return_val_if_fail (sheet != NULL && index < sheet->exercises->len, NULL);
  return ((Exercise *) sheet->exercises->pdata[index])->answer;
}

gboolean
xq_worksheet_get_coordinates (const XqWorksheet *sheet, guint index)
{
  g_return_val_if_fail (sheet != NULL && index < sheet->exercises->len, FALSE);
  return ((Exercise *) sheet->exercises->pdata[index])->coordinates;
}

const XqAnnotations *
xq_worksheet_get_annotations (const XqWorksheet *sheet, guint index)
{
  g_return_val_if_fail (sheet != NULL && index < sheet->exercises->len, NULL);
  return ((Exercise *) sheet->exercises->pdata[index])->annots;
}

gboolean
xq_worksheet_parse_text (XqWorksheet *sheet, const char *text, GError **error)
{
  g_auto(GStrv) lines = NULL;
  g_autoptr(GPtrArray) parsed = NULL;

  g_return_val_if_fail (sheet != NULL && text != NULL, FALSE);
  if (strlen (text) > XQ_WORKSHEET_MAX_INPUT)
    {
      g_set_error (error, XQ_RENDER_ERROR, XQ_RENDER_ERROR_INPUT,
                   _("the input is longer than %d bytes"), XQ_WORKSHEET_MAX_INPUT);
      return FALSE;
    }
  if (!g_utf8_validate (text, -1, NULL))
    {
      g_set_error (error, XQ_RENDER_ERROR, XQ_RENDER_ERROR_INPUT, _("the input is not UTF-8 text"));
      return FALSE;
    }
  lines = g_strsplit (text, "\n", -1);
  parsed = g_ptr_array_new_with_free_func (exercise_free);
  for (int i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = NULL;
      g_autoptr(GError) fen_error = NULL;
      char *line = g_strstrip (lines[i]);
      Exercise *ex;
      guint n;

      if (*line == '\0' || *line == '#')
        continue;
      fields = g_strsplit (line, "|", 3);
      n = g_strv_length (fields);
      for (guint f = 0; f < n; f++)
        g_strstrip (fields[f]);
      if (n < 2)
        {
          g_set_error (error, XQ_RENDER_ERROR, XQ_RENDER_ERROR_INPUT,
                       _("line %d: expected “FEN | prompt” or “FEN | prompt | answer”"), i + 1);
          return FALSE;
        }
      ex = g_new0 (Exercise, 1);
      g_ptr_array_add (parsed, ex);
      if (!xq_position_set_fen (&ex->pos, fields[0], &fen_error))
        {
          g_set_error (error, XQ_RENDER_ERROR, XQ_RENDER_ERROR_INPUT,
                       _("line %d: invalid FEN: %s"), i + 1, fen_error->message);
          return FALSE;
        }
      if (g_utf8_strlen (fields[1], -1) > XQ_WORKSHEET_MAX_TEXT ||
          (n > 2 && g_utf8_strlen (fields[2], -1) > XQ_WORKSHEET_MAX_TEXT))
        {
          g_set_error (error, XQ_RENDER_ERROR, XQ_RENDER_ERROR_INPUT,
                       _("line %d: a prompt or answer is longer than %d characters"), i + 1,
                       XQ_WORKSHEET_MAX_TEXT);
          return FALSE;
        }
      ex->prompt = g_strdup (fields[1]);
      ex->answer = n > 2 && *fields[2] ? g_strdup (fields[2]) : NULL;
    }
  for (guint i = 0; i < parsed->len; i++)
    g_ptr_array_add (sheet->exercises, g_ptr_array_steal_index (parsed, i--));
  return TRUE;
}

/* ---- Layout ------------------------------------------------------------------- */

int
xq_worksheet_layout (const XqWorksheet *sheet, XqWorksheetSlot *slots)
{
  const LayoutSpec *spec;
  double area_w = XQ_WORKSHEET_PAGE_WIDTH - 2 * MARGIN;
  double area_h = XQ_WORKSHEET_PAGE_HEIGHT - 2 * MARGIN - HEADER_H - FOOTER_H;
  double cell_w, cell_h, board_w, board_h, text_h;
  gboolean beside;
  int per_page;
  guint n;

  g_return_val_if_fail (sheet != NULL, 0);
  spec = layout_spec (sheet->per_page);
  per_page = spec->per_page;
  n = sheet->exercises->len;
  cell_w = (area_w - (spec->columns - 1) * COLUMN_GAP) / spec->columns;
  cell_h = area_h / spec->rows;
  beside = spec->text_h <= 0;
  text_h = beside ? 0 : spec->text_h;
  board_h = cell_h - text_h - 2 * TEXT_GAP;
  board_w = board_h * xq_board_aspect_ratio ();
  /* Beside the board the text keeps at least a third of the cell. */
  if (board_w > (beside ? cell_w * 2 / 3 : cell_w))
    {
      board_w = beside ? cell_w * 2 / 3 : cell_w;
      board_h = board_w / xq_board_aspect_ratio ();
    }
  for (guint i = 0; slots != NULL && i < n; i++)
    {
      int on_page = (int) (i % per_page);
      int col = on_page % spec->columns, row = on_page / spec->columns;
      double cell_x = MARGIN + col * (cell_w + COLUMN_GAP);
      double cell_y = MARGIN + HEADER_H + row * cell_h;
      XqWorksheetSlot *slot = &slots[i];

      slot->page = (int) (i / per_page);
      slot->board_w = board_w;
      slot->board_h = board_h;
      slot->board_y = cell_y;
      slot->n_answer_lines = ((Exercise *) sheet->exercises->pdata[i])->choice ? 0 : spec->answer_lines;
      slot->answer_line_gap = spec->line_gap;
      if (beside)
        {
          slot->board_x = cell_x;
          slot->text_x = cell_x + board_w + COLUMN_GAP;
          slot->text_y = cell_y;
          slot->text_w = cell_w - board_w - COLUMN_GAP;
          slot->text_h = board_h;
        }
      else
        {
          slot->board_x = cell_x + (cell_w - board_w) / 2;
          slot->text_x = cell_x;
          slot->text_y = cell_y + board_h + TEXT_GAP;
          slot->text_w = cell_w;
          slot->text_h = text_h;
        }
    }
  return n == 0 ? 1 : (int) ((n + per_page - 1) / per_page);
}

static gboolean
has_answers (const XqWorksheet *sheet)
{
  for (guint i = 0; i < sheet->exercises->len; i++)
    if (((Exercise *) sheet->exercises->pdata[i])->answer != NULL)
      return TRUE;
  return FALSE;
}

/* A pango layout for text in points, without a cairo surface behind it. */
static PangoLayout *
new_layout (PangoContext *ctx, const char *font, double width)
{
  PangoLayout *layout = pango_layout_new (ctx);
  PangoFontDescription *desc = pango_font_description_from_string (font);

  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  if (width > 0)
    pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  return layout;
}

/* One context for measuring and drawing, so the page count computed before
 * drawing is the one the drawing produces. */
static PangoContext *
new_context (void)
{
  PangoContext *ctx;
  cairo_font_options_t *options;

  ctx = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  /* Metrics must not depend on the screen: no hinting, points as units. */
  options = cairo_font_options_create ();
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  pango_cairo_context_set_font_options (ctx, options);
  cairo_font_options_destroy (options);
  pango_cairo_context_set_resolution (ctx, 72);
  return ctx;
}

static char *
answer_markup (guint index, const char *answer)
{
  g_autofree char *escaped = g_markup_escape_text (answer ? answer : "—", -1);

  return g_strdup_printf ("<b>%u.</b>  %s", index + 1, escaped);
}

/* Where each answer of the key goes: page offset from the first key page and
 * y; returns the number of key pages. */
static int
layout_answers (XqWorksheet *sheet, PangoContext *ctx, int *pages, double *ys)
{
  double top = MARGIN + HEADER_H + 28, bottom = XQ_WORKSHEET_PAGE_HEIGHT - MARGIN - FOOTER_H;
  double y = top;
  int page = 0;

  for (guint i = 0; i < sheet->exercises->len; i++)
    {
      Exercise *ex = sheet->exercises->pdata[i];
      g_autoptr(PangoLayout) layout = new_layout (ctx, PROMPT_FONT, XQ_WORKSHEET_PAGE_WIDTH - 2 * MARGIN);
      g_autofree char *markup = answer_markup (i, ex->answer);
      int w, h;

      pango_layout_set_markup (layout, markup, -1);
      pango_layout_get_size (layout, &w, &h);
      if (y + (double) h / PANGO_SCALE > bottom && y > top)
        {
          page++;
          y = MARGIN + HEADER_H;
        }
      pages[i] = page;
      ys[i] = y;
      y += (double) h / PANGO_SCALE + 5;
    }
  return page + 1;
}

/* Everything measured once per worksheet: the page count, where each
 * exercise and answer goes, and the heading.  Drawing a page only reads it,
 * so a worksheet of many pages lays out its title and answers once, not on
 * every page. */
typedef struct {
  PangoContext    *ctx;
  PangoLayout     *title;       /* one line, ellipsized; NULL without a title */
  XqWorksheetSlot *slots;
  int             *key_pages;   /* answers: page offset from the first key page */
  double          *key_ys;
  int              n_ex_pages;
  int              n_pages;
} Plan;

static void
plan_init (Plan *plan, XqWorksheet *sheet)
{
  guint n = MAX (sheet->exercises->len, 1);
  int n_ex_pages;

  plan->ctx = new_context ();
  plan->slots = g_new0 (XqWorksheetSlot, n);
  plan->key_pages = g_new0 (int, n);
  plan->key_ys = g_new0 (double, n);
  n_ex_pages = xq_worksheet_layout (sheet, plan->slots);
  plan->n_ex_pages = sheet->key == XQ_WORKSHEET_KEY_ONLY ? 0 : n_ex_pages;
  plan->n_pages = plan->n_ex_pages;
  /* Asked for alone, the key is printed even with no answer in it. */
  if (sheet->key == XQ_WORKSHEET_KEY_ONLY ||
      (sheet->key == XQ_WORKSHEET_KEY_AFTER && has_answers (sheet)))
    plan->n_pages += layout_answers (sheet, plan->ctx, plan->key_pages, plan->key_ys);
  plan->title = NULL;
  if (sheet->title != NULL && *sheet->title)
    {
      /* Never past its box: one line, cut with an ellipsis. */
      g_autofree char *escaped = g_markup_escape_text (sheet->title, -1);
      plan->title = new_layout (plan->ctx, TITLE_FONT, XQ_WORKSHEET_PAGE_WIDTH - 2 * MARGIN - NAME_W);
      pango_layout_set_single_paragraph_mode (plan->title, TRUE);
      pango_layout_set_ellipsize (plan->title, PANGO_ELLIPSIZE_END);
      pango_layout_set_height (plan->title, -1);
      pango_layout_set_markup (plan->title, escaped, -1);
    }
}

static void
plan_clear (Plan *plan)
{
  g_clear_object (&plan->title);
  g_clear_object (&plan->ctx);
  g_clear_pointer (&plan->slots, g_free);
  g_clear_pointer (&plan->key_pages, g_free);
  g_clear_pointer (&plan->key_ys, g_free);
}

int
xq_worksheet_count_pages (XqWorksheet *sheet)
{
  Plan plan;
  int n_pages;

  g_return_val_if_fail (sheet != NULL, 0);
  plan_init (&plan, sheet);
  n_pages = plan.n_pages;
  plan_clear (&plan);
  return n_pages;
}

/* ---- Drawing ------------------------------------------------------------------- */

/* Shows a layout at (x, y), refusing text the fonts cannot show: a child
 * should never get a worksheet with boxes instead of characters. */
static gboolean
show_layout (cairo_t *cr, PangoLayout *layout, double x, double y, GError **error)
{
  if (pango_layout_get_unknown_glyphs_count (layout) > 0)
    {
      g_set_error (error, XQ_RENDER_ERROR, XQ_RENDER_ERROR_FONT,
                   _("no installed font can show “%s” (install fonts-wqy-microhei)"),
                   pango_layout_get_text (layout));
      return FALSE;
    }
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
  return TRUE;
}

static gboolean
draw_text (cairo_t *cr, PangoContext *ctx, const char *font, const char *markup,
           double x, double y, double width, PangoAlignment align, GError **error)
{
  g_autoptr(PangoLayout) layout = new_layout (ctx, font, width);

  pango_layout_set_alignment (layout, align);
  pango_layout_set_markup (layout, markup, -1);
  return show_layout (cr, layout, x, y, error);
}

/* A label and a ruled line after it ending at right; returns where the
 * label starts. */
static gboolean
draw_blank (cairo_t *cr, PangoContext *ctx, const char *label, double right, double line_w,
            double *left, GError **error)
{
  g_autoptr(PangoLayout) layout = new_layout (ctx, NAME_FONT, -1);
  double baseline = MARGIN + 17;
  int w, b;

  pango_layout_set_text (layout, label, -1);
  pango_layout_get_size (layout, &w, NULL);
  b = pango_layout_get_baseline (layout);
  *left = right - line_w - 4 - (double) w / PANGO_SCALE;
  if (!show_layout (cr, layout, *left, baseline - (double) b / PANGO_SCALE, error))
    return FALSE;
  cairo_set_line_width (cr, 0.5);
  cairo_move_to (cr, right - line_w, baseline + 1);
  cairo_line_to (cr, right, baseline + 1);
  cairo_stroke (cr);
  return TRUE;
}

/* "Name ______  Date ____" at the right of the heading, for the child. */
static gboolean
draw_name_line (cairo_t *cr, PangoContext *ctx, GError **error)
{
  double left;

  /* Translators: on a printed worksheet, before a line for the date. */
  if (!draw_blank (cr, ctx, C_("worksheet", "Date"), XQ_WORKSHEET_PAGE_WIDTH - MARGIN, DATE_LINE_W, &left, error))
    return FALSE;
  /* Translators: on a printed worksheet, before a line for the child's name. */
  return draw_blank (cr, ctx, C_("worksheet", "Name"), left - 12, NAME_LINE_W, &left, error);
}

static gboolean
draw_frame (const Plan *plan, cairo_t *cr, int page, GError **error)
{
  PangoContext *ctx = plan->ctx;
  int n_pages = plan->n_pages;
  g_autofree char *footer = NULL;

  cairo_set_source_rgb (cr, 0, 0, 0);
  if (plan->title != NULL && !show_layout (cr, plan->title, MARGIN, MARGIN, error))
    return FALSE;
  if (page < plan->n_ex_pages && !draw_name_line (cr, ctx, error))
    return FALSE;
  cairo_set_line_width (cr, 0.6);
  cairo_move_to (cr, MARGIN, MARGIN + HEADER_H - 6);
  cairo_line_to (cr, XQ_WORKSHEET_PAGE_WIDTH - MARGIN, MARGIN + HEADER_H - 6);
  cairo_stroke (cr);
  /* Translators: page footer of a printed worksheet, "page 2 of 4". */
  footer = g_strdup_printf (_("page %d of %d"), page + 1, n_pages);
  return draw_text (cr, ctx, SMALL_FONT, footer, MARGIN,
                    XQ_WORKSHEET_PAGE_HEIGHT - MARGIN - FOOTER_H + 6,
                    XQ_WORKSHEET_PAGE_WIDTH - 2 * MARGIN, PANGO_ALIGN_CENTER, error);
}

static gboolean
draw_board (XqWorksheet *sheet, cairo_t *cr, const Exercise *ex, const XqWorksheetSlot *slot,
            GError **error)
{
  XqRenderStyle style = sheet->style;
  g_autofree char *svg = NULL;
  RsvgRectangle viewport = { slot->board_x, slot->board_y, slot->board_w, slot->board_h };
  RsvgHandle *handle;
  gboolean ok;

  style.coordinates |= ex->coordinates;
  if (ex->own_pieces)
    style.pieces = ex->pieces;
  style.flipped |= ex->flipped;
  svg = xq_render_svg (&ex->pos, &style, ex->annots, slot->board_w);
  /* Drawn as vectors straight into the PDF: crisp at any printer resolution. */
  handle = rsvg_handle_new_from_data ((const guint8 *) svg, strlen (svg), error);
  if (handle == NULL)
    return FALSE;
  ok = rsvg_handle_render_document (handle, cr, &viewport, error);
  g_object_unref (handle);
  return ok;
}

/* The prompt laid out to fit above its answer lines whole: a question is
 * not cut short while a smaller font (down to MIN_PROMPT_PT) can keep it;
 * only past that is it cut with an ellipsis.  A choice question has no
 * answer lines, so it has the whole box. */
#define MIN_PROMPT_PT 7.0
static PangoLayout *
fit_prompt (PangoContext *ctx, const LayoutSpec *spec, const XqWorksheetSlot *slot, const char *markup)
{
  PangoFontDescription *desc = pango_font_description_from_string (spec->font);
  double full = pango_font_description_get_size (desc) / (double) PANGO_SCALE;
  double room = slot->text_h - slot->n_answer_lines * slot->answer_line_gap - 2;
  PangoLayout *layout = NULL;

  for (double pt = full; pt >= MIN_PROMPT_PT - 0.01; pt -= 0.5)
    {
      int h;

      g_clear_object (&layout);
      layout = new_layout (ctx, spec->font, slot->text_w);
      pango_font_description_set_size (desc, (int) (pt * PANGO_SCALE));
      pango_layout_set_font_description (layout, desc);
      pango_layout_set_markup (layout, markup, -1);
      pango_layout_get_size (layout, NULL, &h);
      if ((double) h / PANGO_SCALE <= room)
        break;
    }
  pango_font_description_free (desc);
  /* Past the smallest size: kept inside its room, above the lines. */
  pango_layout_set_height (layout, (int) (room * PANGO_SCALE));
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  return layout;
}

static gboolean
draw_page (XqWorksheet *sheet, cairo_t *cr, const Plan *plan, int page, GError **error)
{
  PangoContext *ctx = plan->ctx;
  const LayoutSpec *spec = layout_spec (sheet->per_page);
  guint n = sheet->exercises->len;

  if (!draw_frame (plan, cr, page, error))
    return FALSE;
  if (page < plan->n_ex_pages)
    {
      for (guint i = 0; i < n; i++)
        {
          Exercise *ex = sheet->exercises->pdata[i];
          const XqWorksheetSlot *slot = &plan->slots[i];
          g_autofree char *escaped = NULL;
          g_autofree char *markup = NULL;
          g_autoptr(PangoLayout) layout = NULL;

          if (slot->page != page)
            continue;
          if (!draw_board (sheet, cr, ex, slot, error))
            return FALSE;
          escaped = g_markup_escape_text (ex->prompt, -1);
          markup = g_strdup_printf ("<b>%u.</b>  %s", i + 1, escaped);
          layout = fit_prompt (ctx, spec, slot, markup);
          cairo_set_source_rgb (cr, 0, 0, 0);
          if (!show_layout (cr, layout, slot->text_x, slot->text_y, error))
            return FALSE;
          cairo_set_line_width (cr, 0.5);
          for (int l = 0; l < slot->n_answer_lines; l++)
            {
              double y = slot->text_y + slot->text_h - 1 - l * slot->answer_line_gap;

              cairo_move_to (cr, slot->text_x, y);
              cairo_line_to (cr, slot->text_x + slot->text_w, y);
            }
          cairo_stroke (cr);
        }
      return TRUE;
    }
  else
    {
      int key_page = page - plan->n_ex_pages;

      if (key_page == 0)
        {
          g_autofree char *heading = g_strdup_printf ("<b>%s</b>", _("Answers"));
          if (!draw_text (cr, ctx, FONT_FAMILY " 13", heading, MARGIN, MARGIN + HEADER_H,
                          XQ_WORKSHEET_PAGE_WIDTH - 2 * MARGIN, PANGO_ALIGN_LEFT, error))
            return FALSE;
        }
      for (guint i = 0; i < n; i++)
        {
          Exercise *ex = sheet->exercises->pdata[i];
          g_autofree char *markup = NULL;

          if (plan->key_pages[i] != key_page)
            continue;
          markup = answer_markup (i, ex->answer);
          if (!draw_text (cr, ctx, PROMPT_FONT, markup, MARGIN, plan->key_ys[i],
                          XQ_WORKSHEET_PAGE_WIDTH - 2 * MARGIN, PANGO_ALIGN_LEFT, error))
            return FALSE;
        }
      return TRUE;
    }
}

gboolean
xq_worksheet_draw_page (XqWorksheet *sheet, cairo_t *cr, int page, GError **error)
{
  Plan plan;
  gboolean ok;

  g_return_val_if_fail (sheet != NULL && cr != NULL, FALSE);
  plan_init (&plan, sheet);
  if (page < 0 || page >= plan.n_pages)
    {
      plan_clear (&plan);
      g_return_val_if_reached (FALSE);
    }
  ok = draw_page (sheet, cr, &plan, page, error);
  plan_clear (&plan);
  return ok;
}

gboolean
xq_worksheet_write_pdf (XqWorksheet *sheet, const char *filename, GError **error)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  gboolean ok = TRUE;
  Plan plan;

  g_return_val_if_fail (sheet != NULL && filename != NULL, FALSE);
  plan_init (&plan, sheet);
  surface = cairo_pdf_surface_create (filename, XQ_WORKSHEET_PAGE_WIDTH, XQ_WORKSHEET_PAGE_HEIGHT);
  if (sheet->title != NULL)
    cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, sheet->title);
  cr = cairo_create (surface);
  for (int page = 0; ok && page < plan.n_pages; page++)
    {
      cairo_save (cr);
      ok = draw_page (sheet, cr, &plan, page, error);
      cairo_restore (cr);
      cairo_show_page (cr);
    }
  plan_clear (&plan);
  cairo_destroy (cr);
  return xq_render_finish_pdf (surface, filename, ok, error);
}
