/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-tournament-print.c: A4 papers drawn with cairo and pango. */
#include "config.h"

#include <cairo-pdf.h>
#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "xq-game.h"
#include "xq-tournament-print.h"
#include "xq-tournament-private.h"

#define PAGE_W 595.0   /* A4 in points */
#define PAGE_H 842.0
#define MARGIN 48.0
#define FONT "Sans"

typedef struct {
  cairo_surface_t *surface;
  cairo_t         *cr;
  PangoContext    *ctx;
  double           y;   /* where the next line goes */
} Paper;

static gboolean
paper_open (Paper *p, const char *path, GError **error)
{
  cairo_font_options_t *options;

  p->surface = cairo_pdf_surface_create (path, PAGE_W, PAGE_H);
  if (cairo_surface_status (p->surface) != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_IO, "%s: %s", path,
                   cairo_status_to_string (cairo_surface_status (p->surface)));
      cairo_surface_destroy (p->surface);
      return FALSE;
    }
  p->cr = cairo_create (p->surface);
  p->ctx = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  /* Metrics independent of any screen, points as units. */
  options = cairo_font_options_create ();
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  pango_cairo_context_set_font_options (p->ctx, options);
  cairo_font_options_destroy (options);
  pango_cairo_context_set_resolution (p->ctx, 72);
  p->y = MARGIN;
  return TRUE;
}

static gboolean
paper_close (Paper *p, const char *path, GError **error)
{
  cairo_status_t status;

  cairo_show_page (p->cr);
  cairo_destroy (p->cr);
  cairo_surface_finish (p->surface);
  status = cairo_surface_status (p->surface);
  cairo_surface_destroy (p->surface);
  g_object_unref (p->ctx);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_IO, "%s: %s", path,
                   cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
}

static void
paper_new_page (Paper *p)
{
  cairo_show_page (p->cr);
  p->y = MARGIN;
}

/* Draws text in a box of `width` at (x, y); returns its height. */
static double
text_at (Paper *p, double x, double y, double width, const char *text, double size,
         gboolean bold, PangoAlignment align)
{
  PangoLayout *layout = pango_layout_new (p->ctx);
  PangoFontDescription *desc = pango_font_description_from_string (FONT);
  int w, h;

  pango_font_description_set_absolute_size (desc, size * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (desc, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
  pango_layout_set_alignment (layout, align);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_size (layout, &w, &h);
  cairo_set_source_rgb (p->cr, 0, 0, 0);
  cairo_move_to (p->cr, x, y);
  pango_cairo_show_layout (p->cr, layout);
  g_object_unref (layout);
  return (double) h / PANGO_SCALE;
}

/* The width of text on one line. */
static double
text_width (Paper *p, const char *text, double size, gboolean bold)
{
  PangoLayout *layout = pango_layout_new (p->ctx);
  PangoFontDescription *desc = pango_font_description_from_string (FONT);
  int w, h;

  pango_font_description_set_absolute_size (desc, size * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (desc, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_size (layout, &w, &h);
  g_object_unref (layout);
  return (double) w / PANGO_SCALE;
}

static void
line (Paper *p, double x0, double y0, double x1, double y1, double width)
{
  cairo_set_line_width (p->cr, width);
  cairo_set_source_rgb (p->cr, 0, 0, 0);
  cairo_move_to (p->cr, x0, y0);
  cairo_line_to (p->cr, x1, y1);
  cairo_stroke (p->cr);
}

static const char *
event_title (const XqTournament *t)
{
  return *t->title ? t->title : _("Class tournament");
}

static void
heading (Paper *p, const XqTournament *t, const char *subtitle)
{
  p->y += text_at (p, MARGIN, p->y, PAGE_W - 2 * MARGIN, event_title (t), 20, TRUE, PANGO_ALIGN_LEFT);
  p->y += text_at (p, MARGIN, p->y + 2, PAGE_W - 2 * MARGIN, subtitle, 13, FALSE, PANGO_ALIGN_LEFT) + 14;
}

/* The event's time control, under the heading of pairings and score
 * sheets (第6條; 6.5 with its minutes). */
static void
clock_line (Paper *p, const XqTournament *t)
{
  g_autofree char *title = xq_time_control_title (t->clock, t->clock_minutes);
  /* Translators: the time control on pairings and score sheets */
  g_autofree char *text = g_strdup_printf (_("Clock: %s"), title);

  p->y += text_at (p, MARGIN, p->y - 8, PAGE_W - 2 * MARGIN, text, 12, FALSE, PANGO_ALIGN_LEFT) + 6;
}

/* ---- Tables ------------------------------------------------------------------ */

/* Cells are padded by this much on each side. */
#define PAD 4.0
/* The tallest a row grows to fill a page, and the largest text in it. */
#define MAX_ROW_H 80.0
#define MAX_TEXT 26.0
#define MIN_ROW_H 17.0

/* A table drawn to fill the space it is given: rows grow up to MAX_ROW_H
 * and text up to MAX_TEXT.  Each column is as wide as its widest cell,
 * and a heading may take two lines, broken only between words, so that
 * no name and no heading is split ("Sonneborn-Berger" stays whole); the
 * text size is the largest at which all of that fits the page's width,
 * and the columns with bit `stretch` set (names) take the room left.
 * Rows that do not fit go on to the next page under the heading again. */
typedef struct {
  int        n;          /* columns */
  double     widths[32];
  guint      left;       /* bit i: column i flush left, else centred */
  guint      stretch;    /* bit i: column i takes the room left over */
  GPtrArray *rows;       /* char** of n cells; row 0 the heading */
  GArray    *small;      /* gboolean a row: a sub-row (a team's boards), smaller */
  double     size;       /* set by table_layout: the heading's text */
  double     body_size;  /* the other rows' */
  double     head_h;
} Table;

static void
table_init (Table *tb, int n, guint left, guint stretch)
{
  tb->n = n;
  tb->left = left;
  tb->stretch = stretch;
  tb->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  tb->small = g_array_new (FALSE, FALSE, sizeof (gboolean));
}

static void
table_add (Table *tb, const char *const *cells, gboolean small)
{
  char **copy = g_new0 (char *, tb->n + 1);

  for (int i = 0; i < tb->n; i++)
    copy[i] = g_strdup (cells[i] != NULL ? cells[i] : "");
  g_ptr_array_add (tb->rows, copy);
  g_array_append_val (tb->small, small);
}

static void
table_clear (Table *tb)
{
  g_ptr_array_unref (tb->rows);
  g_array_unref (tb->small);
}

/* The widest word of a heading (headings break only between words). */
static double
widest_word (Paper *p, const char *text, double size)
{
  g_auto(GStrv) words = g_strsplit (text, " ", -1);
  double w = 0;

  for (int i = 0; words[i] != NULL; i++)
    w = MAX (w, text_width (p, words[i], size, TRUE));
  return w;
}

static double
layout_height (Paper *p, const char *text, double width, double size, gboolean bold)
{
  PangoLayout *layout = pango_layout_new (p->ctx);
  PangoFontDescription *desc = pango_font_description_from_string (FONT);
  int w, h;

  pango_font_description_set_absolute_size (desc, size * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (desc, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_size (layout, &w, &h);
  g_object_unref (layout);
  return (double) h / PANGO_SCALE;
}

/* The widest heading word and the widest other cell of each column, at size. */
static double
table_measure (Paper *p, const Table *tb, double size, double *natural, double *body)
{
  double sum = 0;

  for (int i = 0; i < tb->n; i++)
    natural[i] = body[i] = 0;
  for (guint r = 0; r < tb->rows->len; r++)
    {
      char **cells = g_ptr_array_index (tb->rows, r);
      for (int i = 0; i < tb->n; i++)
        if (r == 0)
          natural[i] = MAX (natural[i], widest_word (p, cells[i], size));
        else
          body[i] = MAX (body[i], text_width (p, cells[i], size, FALSE));
    }
  for (int i = 0; i < tb->n; i++)
    {
      natural[i] = MAX (natural[i], body[i]);
      sum += natural[i];
    }
  return sum;
}

/* Column widths and the text sizes for rows of height row_h: the heading's
 * size is the largest at which every column fits the page's width; the
 * body's may be larger where the columns leave room. */
static void
table_layout (Paper *p, Table *tb, double row_h)
{
  double natural[32], body[32], sum, stretch_sum = 0, extra;
  double room = PAGE_W - 2 * MARGIN - tb->n * (2 * PAD + 1);

  tb->size = MIN (MAX_TEXT, row_h * 0.5);
  /* Text does not scale quite linearly (glyph widths are rounded), so
   * measure again at the size found until it fits. */
  for (int tries = 0; (sum = table_measure (p, tb, tb->size, natural, body)) > room && tries < 8; tries++)
    tb->size = MAX (5.0, tb->size * room / sum * 0.99);
  for (int i = 0; i < tb->n; i++)
    if (tb->stretch & (1u << i))
      stretch_sum += natural[i];
  extra = MAX (room - sum, 0);
  tb->body_size = MIN (MAX_TEXT, row_h * 0.5);
  for (int i = 0; i < tb->n; i++)
    {
      double share = stretch_sum > 0 ? ((tb->stretch & (1u << i)) ? natural[i] / stretch_sum : 0)
                                     : natural[i] / MAX (sum, 1.0);
      tb->widths[i] = natural[i] + 2 * PAD + 1 + extra * share;
      /* Rounded glyph widths again: a tenth to spare. */
      if (body[i] > 0)
        tb->body_size = MIN (tb->body_size, tb->size * (tb->widths[i] - 2 * PAD - 1) / body[i] * 0.9);
    }
  tb->body_size = MAX (tb->body_size, tb->size);
  tb->head_h = row_h;
  for (int i = 0; i < tb->n; i++)
    tb->head_h = MAX (tb->head_h, layout_height (p, ((char **) g_ptr_array_index (tb->rows, 0))[i],
                                                 tb->widths[i] - 2 * PAD, tb->size, TRUE) + 8);
}

static void
table_row (Paper *p, const Table *tb, char **cells, double row_h, double size, gboolean bold)
{
  double x = MARGIN;

  for (int i = 0; i < tb->n; i++)
    {
      double h = layout_height (p, cells[i], tb->widths[i] - 2 * PAD, size, bold);
      /* Centred in the row's height. */
      text_at (p, x + PAD, p->y + (row_h - h) / 2, tb->widths[i] - 2 * PAD, cells[i], size, bold,
               tb->left & (1u << i) ? PANGO_ALIGN_LEFT : PANGO_ALIGN_CENTER);
      x += tb->widths[i];
    }
  line (p, MARGIN, p->y + row_h, x, p->y + row_h, bold ? 1.0 : 0.4);
  p->y += row_h;
}

/* Draws the table into the height `room` below p->y (0: to the bottom
 * margin), filling it. */
static void
table_draw (Paper *p, Table *tb, double room)
{
  guint n_rows = tb->rows->len;
  double bottom = room > 0 ? p->y + room : PAGE_H - MARGIN;
  double row_h = CLAMP ((bottom - p->y) / MAX (n_rows, 1u), MIN_ROW_H, MAX_ROW_H);

  table_layout (p, tb, row_h);
  /* The heading may need two lines: the body rows share what is left. */
  if (n_rows > 1)
    row_h = CLAMP ((bottom - p->y - tb->head_h) / (n_rows - 1), MIN (MIN_ROW_H, row_h), row_h);
  table_row (p, tb, g_ptr_array_index (tb->rows, 0), tb->head_h, tb->size, TRUE);
  for (guint r = 1; r < n_rows; r++)
    {
      gboolean small = g_array_index (tb->small, gboolean, r);
      /* The rows share the room exactly; rounding must not push the last one over. */
      if (p->y + row_h > PAGE_H - MARGIN + 0.01)
        {
          paper_new_page (p);
          table_row (p, tb, g_ptr_array_index (tb->rows, 0), tb->head_h, tb->size, TRUE);
        }
      table_row (p, tb, g_ptr_array_index (tb->rows, r), row_h, small ? tb->body_size * 0.85 : tb->body_size,
                 FALSE);
    }
}

static const char *
result_text (XqOutcome o)
{
  switch (o)
    {
    case XQ_OUTCOME_RED_WIN:
      return "1 : 0";
    case XQ_OUTCOME_BLACK_WIN:
      return "0 : 1";
    case XQ_OUTCOME_DRAW:
      return "½ : ½";
    case XQ_OUTCOME_RED_FORFEIT:
      return "+ : −";
    case XQ_OUTCOME_BLACK_FORFEIT:
      return "− : +";
    case XQ_OUTCOME_CANCELLED:
      return "×";
    case XQ_OUTCOME_NONE:
    default:
      return "";
    }
}

/* A team match's result as its game points, "1½ : 1½" (a drawn match is
 * not "½ : ½"); a game's as result_text. */
static char *
match_text (const XqTournament *t, const XqPairing *x)
{
  double red = 0, black = 0;
  g_autofree char *r = NULL;
  g_autofree char *b = NULL;

  if (t->team_size == 0 || x->outcome == XQ_OUTCOME_NONE || x->outcome == XQ_OUTCOME_CANCELLED)
    return g_strdup (result_text (x->outcome));
  xq_tournament_game_points (t, x, &red, &black);
  r = xq_format_score (red);
  b = xq_format_score (black);
  return g_strdup_printf ("%s : %s", r, b);
}

gboolean
xq_tournament_print_pairings (const XqTournament *t, int round, const char *path, GError **error)
{
  GPtrArray *boards = xq_tournament_get_round (t, round);
  Paper p;
  g_autofree char *sub = NULL;
  Table tb;
  int n = 0;
  gboolean dko = t->system == XQ_SYSTEM_DOUBLE_KNOCKOUT;

  if (boards == NULL)
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_INVALID,
                   _("There is no round %d (rounds paired: %d)"), round, xq_tournament_n_rounds (t));
      return FALSE;
    }
  if (!paper_open (&p, path, error))
    return FALSE;
  /* Translators: the pairing sheet's subtitle */
  sub = g_strdup_printf (_("Pairings of round %d"), round);
  heading (&p, t, sub);
  clock_line (&p, t);
  /* A double knockout adds the bracket of each match. */
  table_init (&tb, dko ? 5 : 4, dko ? 6 | 16 : 6, 6);
  {
    const char *cells[] = { _("Board"), _("Red"), _("Black"), _("Result"), _("Bracket") };
    table_add (&tb, cells, FALSE);
  }
  for (guint b = 0; b < boards->len; b++)
    {
      const XqPairing *x = g_ptr_array_index (boards, b);
      g_autofree char *num = NULL;
      g_autofree char *red = xq_tournament_display_name (t, x->red);
      g_autofree char *black = NULL;
      g_autofree char *result = NULL;
      if (x->black == XQ_BYE)
        {
          const char *cells[] = { _("Bye"), red, "", "", "" };
          table_add (&tb, cells, FALSE);
          continue;
        }
      num = g_strdup_printf ("%d", ++n);
      black = xq_tournament_display_name (t, x->black);
      result = match_text (t, x);
      {
        const char *cells[] = { num, red, black, result,
                                xq_bracket_title (xq_tournament_bracket (t, round, (int) b + 1)) };
        table_add (&tb, cells, FALSE);
      }
      /* A team match: each board's players, Red first, and its game. */
      for (int k = 1; k <= t->team_size; k++)
        {
          g_autofree char *game = g_strdup_printf ("%d.%d", n, k);
          const char *cells[] = { game, xq_tournament_board_player (t, x, k, XQ_RED),
                                  xq_tournament_board_player (t, x, k, XQ_BLACK), result_text (x->games[k - 1]), "" };
          table_add (&tb, cells, TRUE);
        }
    }
  table_draw (&p, &tb, 0);
  table_clear (&tb);
  return paper_close (&p, path, error);
}

/* A player's score against one opponent in the cross-table: "1", "½", "0",
 * "+", "−", or two of them in a double round robin. */
static char *
cross_cell (const XqTournament *t, int a, int b)
{
  GString *s = g_string_new (NULL);

  for (guint r = 0; r < t->rounds->len; r++)
    {
      GPtrArray *boards = g_ptr_array_index (t->rounds, r);
      for (guint k = 0; k < boards->len; k++)
        {
          const XqPairing *x = g_ptr_array_index (boards, k);
          double pr, pb, mine;
          gboolean red;
          if (!((x->red == a && x->black == b) || (x->red == b && x->black == a)))
            continue;
          red = x->red == a;
          if (x->outcome == XQ_OUTCOME_NONE)
            continue;
          if (x->outcome == XQ_OUTCOME_CANCELLED)
            {
              g_string_append (s, "×");
              continue;
            }
          if (xq_outcome_is_forfeit (x->outcome))
            {
              gboolean won = (x->outcome == XQ_OUTCOME_RED_FORFEIT) == red;
              g_string_append (s, won ? "+" : "−");
              continue;
            }
          xq_tournament_pairing_points (t, x, &pr, &pb);
          mine = red ? pr : pb;
          if (t->team_size > 0)
            g_string_append_printf (s, "%g", mine);   /* match points */
          else
            g_string_append (s, mine == 1 ? "1" : mine == 0 ? "0" : "½");
        }
    }
  return g_string_free (s, FALSE);
}

gboolean
xq_tournament_print_standings (const XqTournament *t, const char *path, GError **error)
{
  Paper p;
  g_autoptr(GArray) st = xq_tournament_standings (t);
  const char *const *codes = xq_tournament_tiebreak_codes (t);
  int n_codes = (int) g_strv_length ((char **) codes);
  int np = (int) t->players->len;
  g_autofree int *place_of = g_new0 (int, np);
  gboolean cross = (t->system == XQ_SYSTEM_ROUND_ROBIN || t->system == XQ_SYSTEM_DOUBLE_ROUND_ROBIN) && np <= 20;
  const char *cells[32];
  Table tb;

  if (!paper_open (&p, path, error))
    return FALSE;
  for (guint i = 0; i < st->len; i++)
    place_of[g_array_index (st, XqStanding, i).player] = g_array_index (st, XqStanding, i).place;

  heading (&p, t, cross ? _("Cross-table") : _("Standings"));
  if (cross)
    {
      /* The cross-table: players in drawing order, one column for each;
       * it takes the upper part of the page, the standings the rest. */
      double room = (PAGE_H - MARGIN - p.y) * (np + 1) / (2.0 * (np + 1) + 2);
      g_autofree char **heads = g_new0 (char *, np + 1);
      cells[0] = "#", cells[1] = _("Name");
      for (int j = 0; j < np; j++)
        {
          heads[j] = g_strdup_printf ("%d", j + 1);
          cells[2 + j] = heads[j];
        }
      cells[2 + np] = _("Points");
      cells[3 + np] = _("Place");
      table_init (&tb, np + 4, 1u << 1, 1u << 1);
      table_add (&tb, cells, FALSE);
      for (int i = 0; i < np; i++)
        {
          g_autofree char *num = g_strdup_printf ("%d", i + 1);
          g_autofree char *place = place_of[i] ? g_strdup_printf ("%d", place_of[i]) : g_strdup ("");
          g_autofree char *pts = NULL;
          g_autofree char *name = xq_tournament_display_name (t, i);
          g_autofree char **vals = g_new0 (char *, np + 1);
          double total = 0;
          for (guint k = 0; k < st->len; k++)
            if (g_array_index (st, XqStanding, k).player == i)
              total = g_array_index (st, XqStanding, k).points;
          pts = place_of[i] ? xq_format_points (total) : g_strdup ("");
          cells[0] = num;
          cells[1] = name;
          for (int j = 0; j < np; j++)
            {
              vals[j] = i == j ? g_strdup ("■") : cross_cell (t, i, j);
              cells[2 + j] = vals[j];
            }
          cells[2 + np] = pts;
          cells[3 + np] = place;
          table_add (&tb, cells, FALSE);
          for (int j = 0; j < np; j++)
            g_free (vals[j]);
        }
      for (int j = 0; j < np; j++)
        g_free (heads[j]);
      table_draw (&p, &tb, room);
      table_clear (&tb);
      p.y += 24;
    }

  /* The standings with every tie-break column.  A player who withdrew
   * keeps the note beside the name (20.4: the results stand). */
  cells[0] = _("Place");
  cells[1] = _("Name");
  cells[2] = _("Points");
  for (int k = 0; k < n_codes; k++)
    cells[3 + k] = xq_tiebreak_title (codes[k]);
  table_init (&tb, 3 + n_codes, 1u << 1, 1u << 1);
  table_add (&tb, cells, FALSE);
  for (guint i = 0; i < st->len; i++)
    {
      const XqStanding *s = &g_array_index (st, XqStanding, i);
      g_autofree char *group = xq_group_name (s->group);
      g_autofree char *place = t->system == XQ_SYSTEM_GROUPS ? g_strdup_printf ("%s%d", group, s->place)
                                                             : g_strdup_printf ("%d", s->place);
      g_autofree char *pts = xq_format_points (s->points);
      g_autofree char *name = xq_tournament_display_name (t, s->player);
      char *vals[4] = { NULL };
      cells[0] = place;
      cells[1] = name;
      cells[2] = pts;
      for (int k = 0; k < n_codes; k++)
        cells[3 + k] = vals[k] = xq_format_points (s->tiebreak[k]);
      table_add (&tb, cells, FALSE);
      for (int k = 0; k < n_codes; k++)
        g_free (vals[k]);
    }
  table_draw (&p, &tb, 0);
  table_clear (&tb);
  return paper_close (&p, path, error);
}

/* "took 1st place in", "took 2nd place in", … (English needs the ordinal's
 * ending; other languages translate all four the same way). */
static char *
took_place (int place)
{
  int tens = place % 100, ones = place % 10;

  if (ones == 1 && tens != 11)
    /* Translators: on a certificate, before the event's title: "took 1st (21st, …) place in" */
    return g_strdup_printf (_("took %dst place in"), place);
  if (ones == 2 && tens != 12)
    /* Translators: on a certificate, before the event's title: "took 2nd (22nd, …) place in" */
    return g_strdup_printf (_("took %dnd place in"), place);
  if (ones == 3 && tens != 13)
    /* Translators: on a certificate, before the event's title: "took 3rd (23rd, …) place in" */
    return g_strdup_printf (_("took %drd place in"), place);
  /* Translators: on a certificate, before the event's title: "took 4th (11th, …) place in" */
  return g_strdup_printf (_("took %dth place in"), place);
}

/* Rounds with every result in, for a provisional certificate. */
static int
rounds_done (const XqTournament *t)
{
  int done = 0;

  while (done < xq_tournament_n_rounds (t) && xq_tournament_round_complete (t, done + 1))
    done++;
  return done;
}

gboolean
xq_tournament_print_certificates (const XqTournament *t, int places, gboolean provisional,
                                  const char *path, GError **error)
{
  Paper p;
  g_autoptr(GArray) st = xq_tournament_standings (t);
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d");
  g_autofree char *mark = NULL;
  gboolean first = TRUE, finished = xq_tournament_finished (t);

  if (!finished && !provisional)
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_STATE,
                   _("The event is not finished (%d of %d rounds have every result): certificates "
                     "are printed at the end, or marked provisional"),
                   rounds_done (t), MAX (t->rounds_planned, xq_tournament_n_rounds (t)));
      return FALSE;
    }
  if (!finished)
    /* Translators: across a certificate printed before the event ends */
    mark = g_strdup_printf (_("PROVISIONAL — standings after %d of %d rounds"), rounds_done (t),
                            MAX (t->rounds_planned, xq_tournament_n_rounds (t)));
  if (!paper_open (&p, path, error))
    return FALSE;
  for (guint i = 0; i < st->len; i++)
    {
      const XqStanding *s = &g_array_index (st, XqStanding, i);
      g_autofree char *place = NULL;
      g_autofree char *pts = xq_format_score (s->points);
      g_autofree char *score = NULL;
      if (s->place > places)
        break;
      if (!first)
        paper_new_page (&p);
      first = FALSE;
      /* A double frame, the way school certificates look. */
      cairo_set_source_rgb (p.cr, 0.7, 0.1, 0.1);
      cairo_set_line_width (p.cr, 4);
      cairo_rectangle (p.cr, 30, 30, PAGE_W - 60, PAGE_H - 60);
      cairo_stroke (p.cr);
      cairo_set_line_width (p.cr, 1);
      cairo_rectangle (p.cr, 40, 40, PAGE_W - 80, PAGE_H - 80);
      cairo_stroke (p.cr);
      if (mark != NULL)
        text_at (&p, MARGIN, 80, PAGE_W - 2 * MARGIN, mark, 16, TRUE, PANGO_ALIGN_CENTER);
      text_at (&p, MARGIN, 160, PAGE_W - 2 * MARGIN, _("Certificate"), 40, TRUE, PANGO_ALIGN_CENTER);
      text_at (&p, MARGIN, 260, PAGE_W - 2 * MARGIN, xq_tournament_player_name (t, s->player), 32, TRUE,
               PANGO_ALIGN_CENTER);
      place = took_place (s->place);
      text_at (&p, MARGIN, 340, PAGE_W - 2 * MARGIN, place, 20, FALSE, PANGO_ALIGN_CENTER);
      text_at (&p, MARGIN, 380, PAGE_W - 2 * MARGIN, event_title (t), 24, TRUE, PANGO_ALIGN_CENTER);
      score = g_strdup_printf (t->team_size > 0 ? _("with %s match points") : _("with %s points"), pts);
      text_at (&p, MARGIN, 440, PAGE_W - 2 * MARGIN, score, 16, FALSE, PANGO_ALIGN_CENTER);
      text_at (&p, MARGIN, PAGE_H - 180, PAGE_W - 2 * MARGIN, date, 14, FALSE, PANGO_ALIGN_CENTER);
      line (&p, PAGE_W / 2 - 100, PAGE_H - 120, PAGE_W / 2 + 100, PAGE_H - 120, 0.6);
      text_at (&p, MARGIN, PAGE_H - 114, PAGE_W - 2 * MARGIN, _("Teacher"), 11, FALSE, PANGO_ALIGN_CENTER);
    }
  if (first)
    text_at (&p, MARGIN, MARGIN, PAGE_W - 2 * MARGIN, _("No player has a place yet."), 14, FALSE,
             PANGO_ALIGN_LEFT);
  return paper_close (&p, path, error);
}

GPtrArray *
xq_tournament_score_sheet_moves (const XqPairing *pairing, XqNotation notation)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(XqGame) game = xq_game_new (NULL);
  g_auto(GStrv) list = NULL;

  if (pairing->moves == NULL || *pairing->moves == '\0')
    return out;
  list = g_strsplit (pairing->moves, " ", -1);
  for (int i = 0; list[i] != NULL; i++)
    {
      XqPosition pos = *xq_game_get_position (game);
      XqMove m = xq_move_from_iccs (list[i]);
      /* Moves were checked when the event was loaded or recorded. */
      if (!xq_game_play (game, m, NULL))
        break;
      g_ptr_array_add (out, xq_notation_format (&pos, m, notation));
    }
  return out;
}

gboolean
xq_tournament_print_score_sheet (const XqTournament *t, int round, int board, XqNotation notation,
                                 const char *path, GError **error)
{
  XqPairing *x = xq_tournament_get_pairing (t, round, board, error);
  Paper p;
  g_autoptr(GPtrArray) moves = NULL;
  g_autofree char *sub = NULL;
  g_autofree char *players = NULL;
  g_autofree char *result = NULL;
  static const double widths[] = { 34, 90.5, 90.5 };
  int rows_per_block = 40, n_rounds;

  if (x == NULL)
    return FALSE;
  moves = xq_tournament_score_sheet_moves (x, notation);
  if (!paper_open (&p, path, error))
    return FALSE;
  /* Translators: the score sheet's subtitle */
  if (t->system == XQ_SYSTEM_DOUBLE_KNOCKOUT && x->black != XQ_BYE)
    /* Translators: the score sheet's subtitle in a double knockout: round, board, bracket */
    sub = g_strdup_printf (_("Score sheet — round %d, board %d, %s"), round, board,
                           xq_bracket_title (xq_tournament_bracket (t, round, board)));
  else
    sub = g_strdup_printf (_("Score sheet — round %d, board %d"), round, board);
  heading (&p, t, sub);
  players = g_strdup_printf (_("Red: %s    Black: %s"), xq_tournament_player_name (t, x->red),
                             xq_tournament_player_name (t, x->black));
  p.y += text_at (&p, MARGIN, p.y, PAGE_W - 2 * MARGIN, players, 13, TRUE, PANGO_ALIGN_LEFT) + 4;
  if (x->outcome != XQ_OUTCOME_NONE)
    {
      g_autofree char *why = NULL;
      if (x->reason != XQ_REASON_NONE)
        {
          XqResult r = { x->outcome == XQ_OUTCOME_RED_WIN ? XQ_WINNER_RED
                         : x->outcome == XQ_OUTCOME_BLACK_WIN ? XQ_WINNER_BLACK : XQ_WINNER_DRAW,
                         x->reason, 0 };
          why = xq_result_explain (&r);
        }
      result = g_strdup_printf (_("Result: %s %s"), result_text (x->outcome), why ? why : "");
    }
  else
    result = g_strdup (_("Result: ____________"));
  {
    /* The event's clock on the result's line, at the right (第6條). */
    g_autofree char *title = xq_time_control_title (t->clock, t->clock_minutes);
    g_autofree char *text = g_strdup_printf (_("Clock: %s"), title);
    text_at (&p, PAGE_W / 2, p.y, PAGE_W / 2 - MARGIN, text, 10, FALSE, PANGO_ALIGN_RIGHT);
  }
  p.y += text_at (&p, MARGIN, p.y, PAGE_W - 2 * MARGIN, result, 12, FALSE, PANGO_ALIGN_LEFT) + 12;

  /* Two blocks side by side: move number, Red's move, Black's move. */
  n_rounds = MAX ((int) (moves->len + 1) / 2, rows_per_block * 2);
  for (int block = 0; block * rows_per_block < n_rounds; block++)
    {
      double top = p.y, x0 = MARGIN + (block % 2) * (PAGE_W - 2 * MARGIN) / 2;
      double h = 13.5;
      if (block > 0 && block % 2 == 0)
        {
          paper_new_page (&p);
          top = p.y;
        }
      for (int r = -1; r < rows_per_block; r++)
        {
          int n = block * rows_per_block + r;
          double y = top + (r + 1) * h, cx = x0;
          for (int c = 0; c < 3; c++)
            {
              g_autofree char *txt = NULL;
              if (r < 0)
                txt = g_strdup (c == 0 ? "#" : c == 1 ? _("Red") : _("Black"));
              else if (c == 0)
                txt = g_strdup_printf ("%d", n + 1);
              else if ((guint) (2 * n + c - 1) < moves->len)
                txt = g_strdup (g_ptr_array_index (moves, 2 * n + c - 1));
              text_at (&p, cx + 2, y + 1, widths[c] - 4, txt ? txt : "", 10, r < 0, PANGO_ALIGN_CENTER);
              cx += widths[c];
            }
          line (&p, x0, y + h, cx, y + h, r < 0 ? 1.0 : 0.3);
        }
      if (block % 2 == 1 || (block + 1) * rows_per_block >= n_rounds)
        p.y = top + (rows_per_block + 1) * h;
    }

  /* 10.1: the time each player used, the fouls (第9條) and the signatures
   * of both players and the referee, at the foot of the last page.  Fouls
   * entered for this board are filled in. */
  {
    g_autofree char *fouls = NULL;
    double y = PAGE_H - MARGIN - 3 * 24;
    if (x->fouls[0] > 0 || x->fouls[1] > 0 || x->outcome != XQ_OUTCOME_NONE)
      fouls = g_strdup_printf (_("Fouls:  Red %d    Black %d"), x->fouls[0], x->fouls[1]);
    else
      fouls = g_strdup (_("Fouls:  Red ____    Black ____"));
    p.y = MAX (p.y + 12, y);
    if (p.y > y)
      {
        paper_new_page (&p);
        p.y = MAX (p.y, y);
      }
    text_at (&p, MARGIN, p.y, PAGE_W - 2 * MARGIN,
             _("Time used:  Red ________ min    Black ________ min"), 12, FALSE, PANGO_ALIGN_LEFT);
    text_at (&p, MARGIN, p.y + 24, PAGE_W - 2 * MARGIN, fouls, 12, FALSE, PANGO_ALIGN_LEFT);
    text_at (&p, MARGIN, p.y + 48, PAGE_W - 2 * MARGIN,
             _("Signatures:  Red __________    Black __________    Referee __________"), 12, FALSE,
             PANGO_ALIGN_LEFT);
  }
  return paper_close (&p, path, error);
}
