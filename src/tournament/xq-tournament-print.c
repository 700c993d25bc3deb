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
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_alignment (layout, align);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_size (layout, &w, &h);
  cairo_set_source_rgb (p->cr, 0, 0, 0);
  cairo_move_to (p->cr, x, y);
  pango_cairo_show_layout (p->cr, layout);
  g_object_unref (layout);
  return (double) h / PANGO_SCALE;
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

/* A table row of cells of the given widths; returns the row height.  Bit i
 * of `left` sets column i flush left (names), the others are centred. */
static double
row_aligned (Paper *p, const double *widths, const char *const *cells, int n, gboolean bold, double size,
             guint left)
{
  double x = MARGIN, h = 0;

  for (int i = 0; i < n; i++)
    {
      h = MAX (h, text_at (p, x + 3, p->y + 3, widths[i] - 6, cells[i] ? cells[i] : "", size, bold,
                           left & (1u << i) ? PANGO_ALIGN_LEFT : PANGO_ALIGN_CENTER));
      x += widths[i];
    }
  h += 6;
  line (p, MARGIN, p->y + h, x, p->y + h, bold ? 1.0 : 0.4);
  p->y += h;
  return h;
}

static double
row (Paper *p, const double *widths, const char *const *cells, int n, gboolean bold, double size)
{
  return row_aligned (p, widths, cells, n, bold, size, 1u << 1);
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

gboolean
xq_tournament_print_pairings (const XqTournament *t, int round, const char *path, GError **error)
{
  GPtrArray *boards = xq_tournament_get_round (t, round);
  Paper p;
  g_autofree char *sub = NULL;
  static const double widths[] = { 50, 200, 200, 49 };
  int n = 0;

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
  {
    const char *cells[] = { _("Board"), _("Red"), _("Black"), _("Result") };
    row_aligned (&p, widths, cells, 4, TRUE, 12, 6);
  }
  for (guint b = 0; b < boards->len; b++)
    {
      const XqPairing *x = g_ptr_array_index (boards, b);
      g_autofree char *num = NULL;
      if (x->black == XQ_BYE)
        {
          const char *cells[] = { _("Bye"), xq_tournament_player_name (t, x->red), "", "" };
          row_aligned (&p, widths, cells, 4, FALSE, 12, 6);
          continue;
        }
      num = g_strdup_printf ("%d", ++n);
      {
        const char *cells[] = { num, xq_tournament_player_name (t, x->red),
                                xq_tournament_player_name (t, x->black), result_text (x->outcome) };
        row_aligned (&p, widths, cells, 4, FALSE, 12, 6);
      }
      /* A team match: each board's players, Red first, and its game. */
      for (int k = 1; k <= t->team_size; k++)
        {
          g_autofree char *game = g_strdup_printf ("%d.%d", n, k);
          const char *cells[] = { game, xq_tournament_board_player (t, x, k, XQ_RED),
                                  xq_tournament_board_player (t, x, k, XQ_BLACK), result_text (x->games[k - 1]) };
          row_aligned (&p, widths, cells, 4, FALSE, 10, 6);
        }
      if (p.y > PAGE_H - MARGIN - 30)
        paper_new_page (&p);
    }
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
  double widths[32];
  const char *cells[32];

  if (!paper_open (&p, path, error))
    return FALSE;
  for (guint i = 0; i < st->len; i++)
    place_of[g_array_index (st, XqStanding, i).player] = g_array_index (st, XqStanding, i).place;

  if ((t->system == XQ_SYSTEM_ROUND_ROBIN || t->system == XQ_SYSTEM_DOUBLE_ROUND_ROBIN) && np <= 20)
    {
      /* The cross-table: players in drawing order, one column for each. */
      double cell = MIN (22.0, (PAGE_W - 2 * MARGIN - 24 - 110 - 40 - 34) / np);
      g_autofree char **heads = g_new0 (char *, np + 1);
      heading (&p, t, _("Cross-table"));
      widths[0] = 24, widths[1] = 110;
      cells[0] = "#", cells[1] = _("Name");
      for (int j = 0; j < np; j++)
        {
          heads[j] = g_strdup_printf ("%d", j + 1);
          widths[2 + j] = cell;
          cells[2 + j] = heads[j];
        }
      widths[2 + np] = 40, cells[2 + np] = _("Points");
      widths[3 + np] = 34, cells[3 + np] = _("Place");
      row (&p, widths, cells, np + 4, TRUE, 9);
      for (int i = 0; i < np; i++)
        {
          g_autofree char *num = g_strdup_printf ("%d", i + 1);
          g_autofree char *place = place_of[i] ? g_strdup_printf ("%d", place_of[i]) : g_strdup ("");
          g_autofree char *pts = NULL;
          g_autofree char **vals = g_new0 (char *, np + 1);
          double total = 0;
          for (guint k = 0; k < st->len; k++)
            if (g_array_index (st, XqStanding, k).player == i)
              total = g_array_index (st, XqStanding, k).points;
          pts = place_of[i] ? xq_format_points (total) : g_strdup ("");
          cells[0] = num;
          cells[1] = xq_tournament_player_name (t, i);
          for (int j = 0; j < np; j++)
            {
              vals[j] = i == j ? g_strdup ("■") : cross_cell (t, i, j);
              cells[2 + j] = vals[j];
            }
          cells[2 + np] = pts;
          cells[3 + np] = place;
          row (&p, widths, cells, np + 4, FALSE, 9);
          for (int j = 0; j < np; j++)
            g_free (vals[j]);
        }
      for (int j = 0; j < np; j++)
        g_free (heads[j]);
      p.y += 24;
    }
  else
    heading (&p, t, _("Standings"));

  /* The standings with every tie-break column. */
  widths[0] = 40, cells[0] = _("Place");
  widths[1] = 150, cells[1] = _("Name");
  widths[2] = 50, cells[2] = _("Points");
  for (int k = 0; k < n_codes; k++)
    {
      widths[3 + k] = (PAGE_W - 2 * MARGIN - 240) / n_codes;
      cells[3 + k] = xq_tiebreak_title (codes[k]);
    }
  row (&p, widths, cells, 3 + n_codes, TRUE, 10);
  for (guint i = 0; i < st->len; i++)
    {
      const XqStanding *s = &g_array_index (st, XqStanding, i);
      g_autofree char *group = xq_group_name (s->group);
      g_autofree char *place = t->system == XQ_SYSTEM_GROUPS ? g_strdup_printf ("%s%d", group, s->place)
                                                             : g_strdup_printf ("%d", s->place);
      g_autofree char *pts = xq_format_points (s->points);
      char *vals[4] = { NULL };
      cells[0] = place;
      cells[1] = xq_tournament_player_name (t, s->player);
      cells[2] = pts;
      for (int k = 0; k < n_codes; k++)
        cells[3 + k] = vals[k] = xq_format_points (s->tiebreak[k]);
      row (&p, widths, cells, 3 + n_codes, FALSE, 10);
      for (int k = 0; k < n_codes; k++)
        g_free (vals[k]);
      if (p.y > PAGE_H - MARGIN - 30)
        paper_new_page (&p);
    }
  return paper_close (&p, path, error);
}

gboolean
xq_tournament_print_certificates (const XqTournament *t, int places, const char *path, GError **error)
{
  Paper p;
  g_autoptr(GArray) st = xq_tournament_standings (t);
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d");
  gboolean first = TRUE;

  if (!paper_open (&p, path, error))
    return FALSE;
  for (guint i = 0; i < st->len; i++)
    {
      const XqStanding *s = &g_array_index (st, XqStanding, i);
      g_autofree char *place = NULL;
      g_autofree char *pts = xq_format_points (s->points);
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
      text_at (&p, MARGIN, 160, PAGE_W - 2 * MARGIN, _("Certificate"), 40, TRUE, PANGO_ALIGN_CENTER);
      text_at (&p, MARGIN, 260, PAGE_W - 2 * MARGIN, xq_tournament_player_name (t, s->player), 32, TRUE,
               PANGO_ALIGN_CENTER);
      /* Translators: on a certificate: "took 1st place in", then the event's title */
      place = g_strdup_printf (_("took place %d in"), s->place);
      text_at (&p, MARGIN, 340, PAGE_W - 2 * MARGIN, place, 20, FALSE, PANGO_ALIGN_CENTER);
      text_at (&p, MARGIN, 380, PAGE_W - 2 * MARGIN, event_title (t), 24, TRUE, PANGO_ALIGN_CENTER);
      score = g_strdup_printf (_("with %s points"), pts);
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
    result = g_strdup (_("Result: ____________    Signatures: Red ________  Black ________"));
  p.y += text_at (&p, MARGIN, p.y, PAGE_W - 2 * MARGIN, result, 12, FALSE, PANGO_ALIGN_LEFT) + 12;

  /* Two blocks side by side: move number, Red's move, Black's move. */
  n_rounds = MAX ((int) (moves->len + 1) / 2, rows_per_block * 2);
  for (int block = 0; block * rows_per_block < n_rounds; block++)
    {
      double top = p.y, x0 = MARGIN + (block % 2) * (PAGE_W - 2 * MARGIN) / 2;
      double h = 15;
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
  return paper_close (&p, path, error);
}
