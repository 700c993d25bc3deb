/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The lesson player's celebrations: a solved exercise bursts into stars on
 * the board, ring after ring from the point of the answer (the chime is
 * the sound player's, xq-sound.h); a finished unit offers its certificate
 * to print and take home (src/render/xq-certificate.h). */
#define G_LOG_DOMAIN "xq-lesson-player"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-certificate.h"
#include "xq-lesson-player-private.h"

/* Rings of stars, one a tick. */
#define RINGS 5

static void
burst_frame (XqLessonPlayer *self)
{
  XqLessonMarks marks = self->celebrate_marks;
  int cf = xq_sq_file (self->celebrate_at), cr = xq_sq_rank (self->celebrate_at);
  int ring = (int) self->celebrate_ring;

  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    if (MAX (ABS (xq_sq_file (sq) - cf), ABS (xq_sq_rank (sq) - cr)) == ring)
      xq_lesson_marks_add (&marks, XQ_LESSON_MARK_STAR, XQ_LESSON_ROLE_STAR, sq);
  xq_lesson_board_set_marks (self->board, &marks);
}

static gboolean
burst_tick_cb (gpointer user_data)
{
  XqLessonPlayer *self = user_data;

  if (++self->celebrate_ring > RINGS)
    {
      self->celebrate_source = 0;
      xq_lesson_board_set_marks (self->board, &self->celebrate_marks);
      return G_SOURCE_REMOVE;
    }
  burst_frame (self);
  return G_SOURCE_CONTINUE;
}

void
xq_lesson_player_celebrate (XqLessonPlayer *self)
{
  XqSquare at = XQ_NO_SQUARE;

  xq_lesson_player_stop_celebration (self);
  /* From where the answer was given: the last move's point, the last tap,
   * else the middle of the board. */
  if (self->attempt.last != XQ_MOVE_NONE)
    at = xq_move_to (self->attempt.last);
  else if (self->attempt.n_taps > 0)
    at = self->attempt.taps[self->attempt.n_taps - 1];
  if (at == XQ_NO_SQUARE)
    at = xq_sq_make (4, 5);
  self->celebrate_at = at;
  self->celebrate_marks = *xq_lesson_board_get_marks (self->board);
  self->celebrate_ring = 0;
  self->celebrations++;
  burst_frame (self);
  self->celebrate_source = g_timeout_add (MAX (1, self->reply_delay / 6), burst_tick_cb, self);
}

void
xq_lesson_player_stop_celebration (XqLessonPlayer *self)
{
  if (self->celebrate_source == 0)
    return;
  g_clear_handle_id (&self->celebrate_source, g_source_remove);
  xq_lesson_board_set_marks (self->board, &self->celebrate_marks);
}

guint
xq_lesson_player_get_celebrations (XqLessonPlayer *self)
{
  g_return_val_if_fail (XQ_IS_LESSON_PLAYER (self), 0);
  return self->celebrations;
}

/* ---- The certificate ------------------------------------------------------------ */

gboolean
xq_lesson_player_get_certificate (XqLessonPlayer *self,
                                  XqCertificate  *out,
                                  char          **date)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  int done = 0, ne;
  XqPieceSet pieces = XQ_PIECE_SET_TRADITIONAL;

  g_return_val_if_fail (XQ_IS_LESSON_PLAYER (self), FALSE);
  if (self->unit == NULL || self->progress == NULL || self->kind != STEP_SUMMARY)
    return FALSE;
  ne = (int) self->unit->exercises->len;
  out->stars = xq_progress_unit_stars (self->progress, self->unit->id, &done);
  if (ne == 0 || done < ne)
    return FALSE;
  g_object_get (xq_lesson_board_get_view (self->board), "piece-set", &pieces, NULL);
  out->name = self->progress->name;
  out->unit = self->unit->title;
  out->max_stars = 3 * ne;
  out->pieces = pieces;
  /* The date written out as the reader's language writes one, never in
   * figures a parent may read the wrong way round ("12/07/26"). */
  /* Translators: the date on the certificate a child takes home, in
   * g_date_time_format () codes: "%-d %B %Y" is "7 December 2026"; Chinese
   * writes "%Y年%-m月%-d日". */
  *date = g_date_time_format (now, C_("certificate-date", "%-d %B %Y"));
  out->date = *date;
  return TRUE;
}

static void
draw_page_cb (GtkPrintOperation *op,
              GtkPrintContext   *context,
              int                page,
              XqLessonPlayer    *self)
{
  cairo_t *cr = gtk_print_context_get_cairo_context (context);
  double sx = gtk_print_context_get_width (context) / XQ_WORKSHEET_PAGE_WIDTH;
  double sy = gtk_print_context_get_height (context) / XQ_WORKSHEET_PAGE_HEIGHT;
  g_autoptr(GError) error = NULL;
  g_autofree char *date = NULL;
  XqCertificate c;

  if (!xq_lesson_player_get_certificate (self, &c, &date))
    return;
  cairo_scale (cr, MIN (sx, sy), MIN (sx, sy));
  if (!xq_certificate_draw (&c, cr, &error))
    g_warning ("certificate: %s", error->message);
}

void
xq_lesson_player_print_certificate (XqLessonPlayer *self)
{
  g_autoptr(GtkPrintOperation) op = gtk_print_operation_new ();
  g_autoptr(GtkPageSetup) setup = gtk_page_setup_new ();
  g_autoptr(GtkPaperSize) a4 = gtk_paper_size_new (GTK_PAPER_NAME_A4);
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autoptr(GError) error = NULL;

  gtk_page_setup_set_paper_size (setup, a4);
  gtk_print_operation_set_default_page_setup (op, setup);
  gtk_print_operation_set_n_pages (op, 1);
  gtk_print_operation_set_job_name (op, _("Certificate"));
  gtk_print_operation_set_allow_async (op, TRUE);
  g_signal_connect_object (op, "draw-page", G_CALLBACK (draw_page_cb), self, 0);
  gtk_print_operation_run (op, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG,
                           GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, &error);
  if (error != NULL)
    g_warning ("printing the certificate: %s", error->message);
}
