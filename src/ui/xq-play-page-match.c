/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-play-page-match.c: a tournament game on the Play page — the players'
 * names and the event's clock, no computer, and the declarations (resigning,
 * an agreed draw) the players make themselves. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-play-page-private.h"

void
xq_play_page_start_match (XqPlayPage          *self,
                          const char          *caption,
                          const char          *red,
                          const char          *black,
                          const XqTimeControl *tc)
{
  g_autofree char *text = NULL;

  g_return_if_fail (XQ_IS_PLAY_PAGE (self));
  g_return_if_fail (red != NULL && black != NULL);

  xq_play_page_cancel_computer (self);
  self->in_match = TRUE;
  self->match_reported = FALSE;
  self->match_has_clock = tc != NULL;
  if (tc != NULL)
    self->match_tc = *tc;
  xq_play_page_set_opponent (self, 0, XQ_RED);
  gtk_widget_set_visible (GTK_WIDGET (self->opponent_dropdown), FALSE);
  /* Translators: a tournament game: "Round 2, board 1" then Red's and Black's names */
  text = g_strdup_printf (_("%s\nRed: %s — Black: %s"), caption ? caption : "", red, black);
  gtk_label_set_label (self->match_label, text);
  gtk_widget_set_visible (self->match_box, TRUE);
  xq_play_page_restart_game (self);
}

gboolean
xq_play_page_in_match (XqPlayPage *self)
{
  g_return_val_if_fail (XQ_IS_PLAY_PAGE (self), FALSE);
  return self->in_match;
}

void
xq_play_page_leave_match (XqPlayPage *self)
{
  self->in_match = FALSE;
  gtk_widget_set_visible (self->match_box, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->opponent_dropdown), TRUE);
  xq_play_page_apply_settings (self);
}

void
xq_play_page_end_match (XqPlayPage *self)
{
  g_return_if_fail (XQ_IS_PLAY_PAGE (self));
  if (!self->in_match)
    return;
  xq_play_page_leave_match (self);
  xq_play_page_restart_game (self);
}

void
xq_play_page_resign (XqPlayPage *self, XqColor loser)
{
  g_return_if_fail (XQ_IS_PLAY_PAGE (self));
  if (xq_game_is_over (self->game))
    return;
  xq_play_page_cancel_computer (self);
  xq_game_resign (self->game, loser);
  xq_play_page_pause_clock (self);
  xq_play_page_sync_page (self);
}

void
xq_play_page_agree_draw (XqPlayPage *self)
{
  g_return_if_fail (XQ_IS_PLAY_PAGE (self));
  if (xq_game_is_over (self->game))
    return;
  xq_play_page_cancel_computer (self);
  xq_game_agree_draw (self->game);
  xq_play_page_pause_clock (self);
  xq_play_page_sync_page (self);
}
