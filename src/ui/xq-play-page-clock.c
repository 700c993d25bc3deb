/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-play-page-clock.c: the Play page's game clock — the time control from
 * the "clock" setting or a tournament game, the faces beside the board, the
 * press after every move, and a fallen flag. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-play-page-private.h"

static gint64
now_ms (XqPlayPage *self)
{
  return self->time_func ? self->time_func () : g_get_monotonic_time () / 1000;
}

static void
format_clock (GtkLabel   *label,
              const char *side,
              gint64      ms,
              int         moves_to_go,
              gboolean    running)
{
  /* Round up, so 0:00 shows only when the time is really gone. */
  gint64 s = (ms + 999) / 1000;
  g_autofree char *text = NULL;

  if (moves_to_go > 0)
    /* Translators: a clock face: side, minutes:seconds, and in brackets the
     * moves still to make in this period, e.g. "Red 9:58 (39)" */
    text = g_strdup_printf (_("%s %d:%02d (%d)"), side, (int) (s / 60), (int) (s % 60), moves_to_go);
  else
    text = g_strdup_printf ("%s %d:%02d", side, (int) (s / 60), (int) (s % 60));

  gtk_label_set_label (label, text);
  if (running)
    gtk_widget_add_css_class (GTK_WIDGET (label), "accent");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (label), "accent");
}

void
xq_play_page_update_clock_labels (XqPlayPage *self)
{
  gint64 now = now_ms (self);
  gboolean running;

  gtk_widget_set_visible (self->clock_box, self->clock != NULL);
  if (self->clock == NULL)
    return;
  running = xq_clock_get_state (self->clock) == XQ_CLOCK_RUNNING;
  format_clock (self->red_clock_label, _("Red"),
                xq_clock_get_remaining (self->clock, XQ_RED, now),
                xq_clock_get_moves_to_go (self->clock, XQ_RED),
                running && xq_clock_get_side (self->clock) == XQ_RED);
  format_clock (self->black_clock_label, _("Black"),
                xq_clock_get_remaining (self->clock, XQ_BLACK, now),
                xq_clock_get_moves_to_go (self->clock, XQ_BLACK),
                running && xq_clock_get_side (self->clock) == XQ_BLACK);
}


/* A fallen flag ends the game on time (4.1.4). */
void
xq_play_page_check_flag (XqPlayPage *self)
{
  XqColor loser;

  if (self->clock == NULL || xq_clock_get_state (self->clock) != XQ_CLOCK_RUNNING)
    return;
  if (xq_clock_check_flag (self->clock, now_ms (self), &loser))
    {
      xq_game_flag_fall (self->game, loser);
      xq_play_page_cancel_computer (self);
      xq_play_page_sync_page (self);
    }
}

static gboolean
clock_tick_cb (gpointer user_data)
{
  XqPlayPage *self = user_data;

  xq_play_page_check_flag (self);
  xq_play_page_update_clock_labels (self);
  return G_SOURCE_CONTINUE;
}

/* The time control named by the "clock" setting; FALSE for no clock. */
static gboolean
time_control_from_preset (const char    *name,
                          XqTimeControl *tc)
{
  static const struct {
    const char *name;
    int minutes;                /* sudden death, or 0 for a period preset */
    XqTimeControlPreset preset;
  } presets[] = {
    { "sudden-5", 5, 0 },
    { "sudden-10", 10, 0 },
    { "sudden-20", 20, 0 },
    { "sudden-30", 30, 0 },
    { "s0-6.1", 0, XQ_TIME_CONTROL_S0_6_1 },
    { "s0-6.2", 0, XQ_TIME_CONTROL_S0_6_2 },
    { "s0-6.3", 0, XQ_TIME_CONTROL_S0_6_3 },
    { "s0-6.4", 0, XQ_TIME_CONTROL_S0_6_4 },
  };

  for (guint i = 0; name != NULL && i < G_N_ELEMENTS (presets); i++)
    if (g_str_equal (presets[i].name, name))
      {
        if (presets[i].minutes > 0)
          xq_time_control_init_sudden_death (tc, presets[i].minutes, 0);
        else
          xq_time_control_init_preset (tc, presets[i].preset);
        return TRUE;
      }
  return FALSE;
}

/* A fresh clock for a fresh game; it starts with Red's first move. */
void
xq_play_page_reset_clock (XqPlayPage *self)
{
  XqTimeControl tc;
  gboolean with_clock;

  g_clear_pointer (&self->clock, xq_clock_free);
  g_clear_handle_id (&self->clock_tick, g_source_remove);
  if (self->in_match)
    {
      tc = self->match_tc;
      with_clock = self->match_has_clock;
    }
  else if (self->clock_minutes > 0)
    {
      xq_time_control_init_sudden_death (&tc, self->clock_minutes, 0);
      with_clock = TRUE;
    }
  else
    with_clock = time_control_from_preset (self->clock_preset, &tc);
  if (with_clock)
    {
      self->clock = xq_clock_new (&tc);
      /* Four updates a second keep the seconds honest without busy redraws. */
      self->clock_tick = g_timeout_add (250, clock_tick_cb, self);
    }
  xq_play_page_update_clock_labels (self);
}

/* After a move: the mover's face stops and the other one runs. */
void
xq_play_page_press_clock (XqPlayPage *self,
             XqColor     mover)
{
  gint64 now = now_ms (self);

  if (self->clock == NULL)
    return;
  switch (xq_clock_get_state (self->clock))
    {
    case XQ_CLOCK_STOPPED:
      /* The first move costs no time but counts towards the period. */
      if (xq_game_get_n_plies (self->game) == 1)
        {
          xq_clock_start (self->clock, mover, now);
          xq_clock_press (self->clock, now);
        }
      break;
    case XQ_CLOCK_RUNNING:
      if (!xq_clock_press (self->clock, now))
        xq_play_page_check_flag (self);
      break;
    case XQ_CLOCK_FLAGGED:
    default:
      break;
    }
  xq_play_page_update_clock_labels (self);
}

/* Taking moves back or jumping in the record makes times meaningless:
 * the clock stops for the rest of this game. */
void
xq_play_page_pause_clock (XqPlayPage *self)
{
  if (self->clock != NULL && xq_clock_get_state (self->clock) == XQ_CLOCK_RUNNING)
    xq_clock_pause (self->clock, now_ms (self));
  xq_play_page_update_clock_labels (self);
}

void
xq_play_page_set_clock_minutes (XqPlayPage *self,
                                int         minutes)
{
  g_return_if_fail (XQ_IS_PLAY_PAGE (self));
  g_return_if_fail (minutes >= 0);

  if (self->clock_minutes == minutes)
    return;
  self->clock_minutes = minutes;
  /* A changed time control applies from the next game, unless this one
   * has not started yet. */
  if (xq_game_get_n_plies (self->game) == 0)
    xq_play_page_reset_clock (self);
}

void
xq_play_page_set_time_func (XqPlayPage         *self,
                            XqPlayPageTimeFunc  func)
{
  g_return_if_fail (XQ_IS_PLAY_PAGE (self));
  self->time_func = func;
}

void
xq_play_page_update_clock (XqPlayPage *self)
{
  g_return_if_fail (XQ_IS_PLAY_PAGE (self));
  xq_play_page_check_flag (self);
  xq_play_page_update_clock_labels (self);
}

char *
xq_play_page_get_clock_text (XqPlayPage *self)
{
  g_return_val_if_fail (XQ_IS_PLAY_PAGE (self), NULL);

  if (self->clock == NULL)
    return NULL;
  return g_strdup_printf ("%s | %s", gtk_label_get_label (self->red_clock_label),
                          gtk_label_get_label (self->black_clock_label));
}

