/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xqtool commands for pictures: render a board, print a worksheet, and the
 * render benchmark. */
#define G_LOG_DOMAIN "xqtool"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xq-answer-sheet.h"
#include "xq-answer-text.h"
#include "xq-json-bounded.h"
#include "xq-kind.h"
#include "xq-lesson.h"
#include "xq-notation.h"
#include "xq-render.h"
#include "xq-solver.h"
#include "xq-worksheet.h"
#include "xqtool.h"

/* "e3,e4" -> marks of one kind; FALSE (with the message printed) on a bad square. */
/* The options that mark a list of points, and the mark each draws. */
static gboolean
square_mark_option (const char *opt, XqMarkKind *kind)
{
  static const struct { const char *name; XqMarkKind kind; } options[] = {
    { "--highlight", XQ_MARK_HIGHLIGHT },
    { "--dots", XQ_MARK_DOT },
    { "--last", XQ_MARK_LAST_MOVE },
    { "--stars", XQ_MARK_STAR },
    { "--circles", XQ_MARK_CIRCLE },
    { "--check", XQ_MARK_CHECK },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (options); i++)
    if (strcmp (opt, options[i].name) == 0)
      {
        *kind = options[i].kind;
        return TRUE;
      }
  return FALSE;
}

static gboolean
add_squares (XqAnnotations *annots, XqMarkKind kind, const char *list)
{
  g_auto(GStrv) parts = g_strsplit (list, ",", -1);

  for (int i = 0; parts[i] != NULL; i++)
    {
      XqSquare sq = xq_square_from_text (g_strstrip (parts[i]));
      if (sq == XQ_NO_SQUARE || !xq_annotations_add (annots, kind, XQ_ROLE_DEFAULT, sq))
        {
          xqtool_fail (_("bad square “%s” (use ICCS like e3)"), parts[i]);
          return FALSE;
        }
    }
  return TRUE;
}

/* "e5=1,c5=A" -> numbered or lettered markers. */
static gboolean
add_labels (XqAnnotations *annots, const char *list)
{
  g_auto(GStrv) parts = g_strsplit (list, ",", -1);

  for (int i = 0; parts[i] != NULL; i++)
    {
      char *eq = strchr (parts[i], '=');
      XqSquare sq;

      if (eq != NULL)
        *eq = '\0';
      sq = xq_square_from_text (g_strstrip (parts[i]));
      if (eq == NULL || sq == XQ_NO_SQUARE ||
          !xq_annotations_add_label (annots, XQ_ROLE_DEFAULT, sq, eq + 1))
        {
          if (eq != NULL)
            *eq = '=';
          xqtool_fail (_("bad label “%s” (use SQUARE=TEXT like e5=1)"), parts[i]);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
add_arrows (XqAnnotations *annots, const char *list)
{
  g_auto(GStrv) parts = g_strsplit (list, ",", -1);

  for (int i = 0; parts[i] != NULL; i++)
    {
      XqMove m = xq_move_from_iccs (g_strstrip (parts[i]));
      if (m == XQ_MOVE_NONE ||
          !xq_annotations_add_arrow (annots, XQ_ROLE_DEFAULT, xq_move_from (m), xq_move_to (m)))
        {
          xqtool_fail (_("bad arrow “%s” (use ICCS like h2e2)"), parts[i]);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
parse_size (const char *text, double *size)
{
  char *end = NULL;
  double v = g_ascii_strtod (text, &end);

  if (end == text || *end != '\0' || !(v >= 16 && v <= 8192))
    {
      xqtool_fail (_("bad size “%s” (16 to 8192 pixels)"), text);
      return FALSE;
    }
  *size = v;
  return TRUE;
}

/* Shared by render and worksheet: the style options.  Returns 1 when the
 * option was consumed with its value, 0 when it is not a style option, -1
 * on a bad value (already reported). */
static int
parse_style_option (XqRenderStyle *style, int argc, char **argv, int *i)
{
  const char *opt = argv[*i];

  if (strcmp (opt, "--flip") == 0)
    style->flipped = TRUE;
  else if (strcmp (opt, "--coords") == 0)
    style->coordinates = TRUE;
  else if (strcmp (opt, "--pieces") == 0 || strcmp (opt, "--theme") == 0)
    {
      gboolean ok;
      if (*i + 1 >= argc)
        {
          xqtool_fail (_("%s needs a value"), opt);
          return -1;
        }
      (*i)++;
      ok = opt[2] == 'p' ? xq_piece_set_from_string (argv[*i], &style->pieces)
                         : xq_theme_from_string (argv[*i], &style->theme);
      if (!ok)
        {
          xqtool_fail (_("unknown %s “%s”"), opt + 2, argv[*i]);
          return -1;
        }
    }
  else
    return 0;
  return 1;
}

static int
cmd_render (int argc, char **argv)
{
  const XqToolCommand *self = &xqtool_render_commands[0];

  g_autoptr(GError) error = NULL;
  XqPosition pos;
  XqRenderStyle style;
  XqAnnotations annots;
  const char *fen = NULL, *out = NULL;
  double size = 600;

  xq_render_style_init (&style);
  xq_annotations_clear (&annots);
  for (int i = 1; i < argc; i++)
    {
      const char *opt = argv[i];
      XqMarkKind kind;
      int r = parse_style_option (&style, argc, argv, &i);

      if (r < 0)
        return 1;
      if (r > 0)
        continue;
      if (opt[0] != '-' || opt[1] == '\0')
        {
          if (fen != NULL)
            return xqtool_usage (self);
          fen = opt;
          continue;
        }
      if (i + 1 >= argc)
        return xqtool_fail (_("%s needs a value"), opt);
      i++;
      if (strcmp (opt, "--out") == 0 || strcmp (opt, "-o") == 0)
        out = argv[i];
      else if (strcmp (opt, "--size") == 0)
        {
          if (!parse_size (argv[i], &size))
            return 1;
        }
      else if (square_mark_option (opt, &kind))
        {
          if (!add_squares (&annots, kind, argv[i]))
            return 1;
        }
      else if (strcmp (opt, "--labels") == 0)
        {
          if (!add_labels (&annots, argv[i]))
            return 1;
        }
      else if (strcmp (opt, "--arrow") == 0 || strcmp (opt, "--arrows") == 0)
        {
          if (!add_arrows (&annots, argv[i]))
            return 1;
        }
      else
        return xqtool_fail (_("unknown option “%s”"), opt);
    }
  if (fen == NULL || out == NULL)
    return xqtool_usage (self);
  if (strcmp (fen, "start") == 0)
    fen = XQ_START_FEN;
  if (!xq_position_set_fen (&pos, fen, &error))
    return xqtool_fail (_("invalid FEN: %s"), error->message);
  if (!xq_render_export (&pos, &style, &annots, size, out, &error))
    return xqtool_fail ("%s", error->message);
  return 0;
}

/* ---- Worksheets from lesson files ------------------------------------------------- */

/* Adds every exercise of a unit, or every puzzle of a pack, with its
 * question, its marks and the answer the rules core computes, in
 * notation.  With print_answers the answers also go to stdout, one per
 * line. */
static gboolean
add_lesson_file (XqWorksheet *sheet, const char *path, XqNotation notation, const char **title,
                 gboolean print_answers, GError **error)
{
  g_autoptr(XqLessonFile) file = xq_lesson_load_file_simple (path, error);
  g_autoptr(GPtrArray) answers = g_ptr_array_new_with_free_func (g_free);
  static char *title_buf;

  if (file == NULL)
    return FALSE;
  xq_answer_add_to_worksheet (sheet, file, notation, answers);
  for (guint i = 0; print_answers && i < answers->len; i++)
    printf ("%u. %s\n", i + 1, (const char *) g_ptr_array_index (answers, i));
  g_free (title_buf);
  title_buf = g_strdup (file->type == XQ_LESSON_FILE_UNIT ? file->unit->title : file->pack->title);
  if (*title == NULL)
    *title = title_buf;
  return TRUE;
}

/* Worksheets are PDF only: any other name is refused before anything is
 * written, as render refuses a file type it cannot tell. */
static gboolean
check_pdf_name (const char *path)
{
  g_autofree char *lower = g_ascii_strdown (path, -1);

  if (g_str_has_suffix (lower, ".pdf"))
    return TRUE;
  xqtool_fail (_("cannot tell the file type of “%s” (a worksheet is a .pdf)"), path);
  return FALSE;
}

static gboolean
write_sheet (XqWorksheet *sheet, XqWorksheetKey key, const char *out, GError **error)
{
  g_autofree char *echo = NULL;

  xq_worksheet_set_key (sheet, key);
  if (!xq_worksheet_write_pdf (sheet, out, error))
    return FALSE;
  echo = g_strdup_printf ("%s: %u exercises, %d pages", out, xq_worksheet_get_n_exercises (sheet),
                          xq_worksheet_count_pages (sheet));
  xqtool_print_line (stdout, echo);
  return TRUE;
}

static int
cmd_worksheet (int argc, char **argv)
{
  const XqToolCommand *self = &xqtool_render_commands[1];

  g_autoptr(GError) error = NULL;
  g_autoptr(XqWorksheet) sheet = xq_worksheet_new ();
  g_autofree char *text = NULL;
  const char *input = NULL, *out = NULL, *title = NULL, *key_out = NULL;
  gboolean print_answers = FALSE, no_key = FALSE, key_only = FALSE;
  int per_page = XQ_WORKSHEET_COLUMNS * XQ_WORKSHEET_ROWS;
  XqNotation notation = xq_answer_default_notation ();
  XqRenderStyle style;

  xq_render_style_init (&style);
  style.theme = XQ_THEME_PRINT;
  for (int i = 1; i < argc; i++)
    {
      const char *opt = argv[i];
      int r = parse_style_option (&style, argc, argv, &i);

      if (r < 0)
        return 1;
      if (r > 0)
        continue;
      if (opt[0] != '-' || opt[1] == '\0')
        {
          if (input != NULL)
            return xqtool_usage (self);
          input = opt;
          continue;
        }
      if (strcmp (opt, "--answers") == 0)
        {
          print_answers = TRUE;
          continue;
        }
      if (strcmp (opt, "--help") == 0 || strcmp (opt, "-h") == 0)
        {
          printf ("usage: xqtool %s %s\n", self->name, self->usage);
          return 0;
        }
      if (strcmp (opt, "--no-key") == 0 || strcmp (opt, "--key-only") == 0)
        {
          *(opt[2] == 'n' ? &no_key : &key_only) = TRUE;
          continue;
        }
      if (i + 1 >= argc)
        return xqtool_fail (_("%s needs a value"), opt);
      i++;
      if (strcmp (opt, "--out") == 0 || strcmp (opt, "-o") == 0)
        out = argv[i];
      else if (strcmp (opt, "--title") == 0)
        title = argv[i];
      else if (strcmp (opt, "--key-out") == 0)
        key_out = argv[i];
      else if (strcmp (opt, "--notation") == 0)
        {
          if (!xq_answer_notation_from_name (argv[i], &notation))
            return xqtool_fail (_("--notation: “%s” is not iccs, wxf or chinese"), argv[i]);
        }
      else if (strcmp (opt, "--layout") == 0)
        {
          if (!xqtool_parse_int (argv[i], 1, 6, &per_page) || !xq_worksheet_layout_is_valid (per_page))
            return xqtool_fail (_("--layout: “%s” is not 1, 2, 4 or 6 (boards a page)"), argv[i]);
        }
      else
        return xqtool_fail (_("unknown option “%s”"), opt);
    }
  if (input == NULL || out == NULL)
    return xqtool_usage (self);
  if ((no_key && key_only) || (key_out != NULL && (no_key || key_only)))
    return xqtool_fail (_("--no-key, --key-only and --key-out exclude each other"));
  if (!check_pdf_name (out) || (key_out != NULL && !check_pdf_name (key_out)))
    return 1;
  if (key_out != NULL && strcmp (key_out, out) == 0)
    return xqtool_fail (_("--key-out must name another file than --out"));
  if (g_str_has_suffix (input, ".json"))
    {
      /* A unit or a puzzle pack: its exercises with computed answers. */
      if (!add_lesson_file (sheet, input, notation, &title, print_answers, &error))
        return xqtool_fail ("%s", error->message);
    }
  else
    {
      gsize length;

      /* Refused before reading when it is larger than a worksheet takes. */
      if (!xq_json_read_bounded (input, XQ_WORKSHEET_MAX_INPUT, &text, &length, &error))
        return xqtool_fail ("%s: %s", input, error->message);
      if (!xq_worksheet_parse_text (sheet, text, &error))
        return xqtool_fail ("%s: %s", input, error->message);
    }
  if (xq_worksheet_get_n_exercises (sheet) == 0)
    return xqtool_fail (_("%s: no exercises"), input);
  xq_worksheet_set_style (sheet, &style);
  xq_worksheet_set_title (sheet, title ? title : _("Xiangqi worksheet"));
  xq_worksheet_set_layout (sheet, per_page);
  if (!write_sheet (sheet,
                    key_only ? XQ_WORKSHEET_KEY_ONLY
                    : no_key || key_out != NULL ? XQ_WORKSHEET_KEY_NONE : XQ_WORKSHEET_KEY_AFTER,
                    out, &error) ||
      (key_out != NULL && !write_sheet (sheet, XQ_WORKSHEET_KEY_ONLY, key_out, &error)))
    return xqtool_fail ("%s", error->message);
  return 0;
}

const XqToolCommand xqtool_render_commands[] = {
  { "render", "FEN|start --out FILE.svg|png|pdf [--size PX] [--pieces SET] [--theme THEME] [--flip] [--coords] "
              "[--highlight SQ,..] [--arrow MOVE,..] [--dots SQ,..] [--last SQ,..] [--stars SQ,..] "
              "[--circles SQ,..] [--check SQ] [--labels SQ=TEXT,..]", cmd_render },
  { "worksheet", "INPUT --out SHEET.pdf [--title TEXT] [--layout 1|2|4|6] [--no-key|--key-only|--key-out KEY.pdf]"
                 " [--notation iccs|wxf|chinese] [--pieces SET] [--theme THEME] [--flip] [--coords] [--answers] (INPUT: lines of `FEN | prompt [| answer]`, or a lesson unit or puzzle pack .json)",
                 cmd_worksheet },
  { NULL, NULL, NULL },
};

/* ---- Benchmark -------------------------------------------------------------------- */

static int
bench_render (int argc, char **argv)
{
  XqPosition pos;
  XqRenderStyle style;
  XqAnnotations annots;
  g_autoptr(XqRenderCache) cache = xq_render_cache_new ();
  int runs = 30, width = 900, height;
  g_autofree double *svg_ms = NULL;
  g_autofree double *frame_ms = NULL;
  g_autofree double *svgtext_ms = NULL;

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--runs") == 0 && i + 1 < argc)
        runs = atoi (argv[++i]);
      else if (strcmp (argv[i], "--size") == 0 && i + 1 < argc)
        width = atoi (argv[++i]);
      else
        return xqtool_fail (_("unknown option “%s”"), argv[i]);
    }
  if (runs < 1 || runs > 10000 || width < 16 || width > 8192)
    return xqtool_fail (_("--runs must be 1..10000 and --size 16..8192"));
  height = (int) ceil (width / xq_board_aspect_ratio ());
  svg_ms = g_new (double, runs);
  frame_ms = g_new (double, runs);
  svgtext_ms = g_new (double, runs);
  xq_position_init_start (&pos);
  xq_render_style_init (&style);
  /* A typical frame: a selected cannon, its dots and the last move. */
  xq_annotations_clear (&annots);
  xq_annotations_add (&annots, XQ_MARK_HIGHLIGHT, XQ_ROLE_DEFAULT, xq_square_from_text ("h2"));
  xq_annotations_add (&annots, XQ_MARK_LAST_MOVE, XQ_ROLE_DEFAULT, xq_square_from_text ("h9"));
  xq_annotations_add (&annots, XQ_MARK_LAST_MOVE, XQ_ROLE_DEFAULT, xq_square_from_text ("g7"));
  for (int r = 0; r <= 6; r++)
    xq_annotations_add (&annots, XQ_MARK_DOT, XQ_ROLE_DEFAULT, xq_sq_make (7, r));

  for (int i = 0; i < runs; i++)
    {
      g_autoptr(GError) error = NULL;
      gint64 t0 = g_get_monotonic_time (), t1;
      g_autofree char *svg = xq_render_svg (&pos, &style, NULL, width);
      cairo_surface_t *s;

      t1 = g_get_monotonic_time ();
      s = xq_render_rasterize_svg (svg, width, height, &error);
      if (s == NULL)
        return xqtool_fail ("%s", error->message);
      cairo_surface_destroy (s);
      svgtext_ms[i] = (t1 - t0) / 1000.0;
      svg_ms[i] = (g_get_monotonic_time () - t0) / 1000.0;
    }
  /* The first compose fills the cache; frames after it are what a widget pays. */
  cairo_surface_destroy (xq_render_cache_compose (cache, &pos, &style, &annots, width, height));
  for (int i = 0; i < runs; i++)
    {
      gint64 t0 = g_get_monotonic_time ();
      cairo_surface_t *s = xq_render_cache_compose (cache, &pos, &style, &annots, width, height);
      cairo_surface_destroy (s);
      frame_ms[i] = (g_get_monotonic_time () - t0) / 1000.0;
    }
  printf ("render %dx%d start position, %d runs\n", width, height, runs);
  printf ("  svg text:              median %.2f ms\n", xqtool_median (svgtext_ms, runs));
  printf ("  svg text + librsvg:    median %.2f ms (target < 20)\n", xqtool_median (svg_ms, runs));
  printf ("  cached frame compose:  median %.2f ms (target < 2)\n", xqtool_median (frame_ms, runs));
  return 0;
}

const XqToolCommand xqtool_render_bench[] = {
  { "render", "[--runs N] [--size PX]", bench_render },
  { NULL, NULL, NULL },
};
