/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Play page's computer opponent: the engine searches in a worker
 * (xq-thinker.c) after a pause, and its move is played like the child's. */
#define G_LOG_DOMAIN "xq-play-page"

#include "config.h"

#include "xq-engine.h"
#include "xq-play-page-private.h"

/* A pause before the computer answers, so a child sees their own move land
 * and can follow the reply. */
#define COMPUTER_DELAY_MS 700

typedef struct {
  XqPosition pos;
  XqEngine  *engine;
  XqMove     move;
} ThinkData;

gboolean
xq_play_page_computer_to_move (XqPlayPage *self)
{
  return self->computer_level > 0 && xq_game_get_position (self->game)->side != self->player_color;
}

/* Forgets a pending or running answer (undo, a new game, leaving computer
 * mode): its move would belong to a position no longer on the board. */
void
xq_play_page_cancel_computer (XqPlayPage *self)
{
  xq_thinker_cancel (self->thinker);
}

static gpointer
think_prepare (gpointer owner)
{
  XqPlayPage *self = owner;
  ThinkData *data = g_new0 (ThinkData, 1);

  data->pos = *xq_game_get_position (self->game);
  /* Each ply gets its own seed, so a replayed game is answered the same way. */
  data->engine = xq_engine_new (self->seed + (guint32) xq_game_get_ply (self->game));
  xq_engine_set_level (data->engine, self->computer_level);
  xq_engine_set_game_history (data->engine, self->game);
  data->move = XQ_MOVE_NONE;
  return data;
}

static gboolean
think_search (gpointer job)
{
  ThinkData *data = job;

  data->move = xq_engine_best_move (data->engine, &data->pos, NULL);
  return data->move != XQ_MOVE_NONE;
}

static void
think_stop (gpointer job)
{
  xq_engine_stop (((ThinkData *) job)->engine);
}

static void
think_data_free (gpointer job)
{
  ThinkData *data = job;

  xq_engine_free (data->engine);
  g_free (data);
}

static void
think_done (gpointer owner,
            gpointer job,
            gboolean found)
{
  XqPlayPage *self = owner;
  ThinkData *data = job;
  g_autoptr(GError) error = NULL;

  if (!found || xq_game_is_over (self->game))
    return;
  if (!xq_play_page_play_move (self, data->move, &error))
    g_warning ("The computer chose a move the game refused: %s", error->message);
}

static const XqThinkerFuncs think_funcs = {
  .prepare = think_prepare,
  .search = think_search,
  .stop = think_stop,
  .done = think_done,
  .free_job = think_data_free,
};

/* Starts the computer's answer if it is its turn at the end of the record;
 * browsing back in the record never plays over the moves ahead. */
void
xq_play_page_maybe_start_computer (XqPlayPage *self)
{
  if (!xq_play_page_computer_to_move (self) || xq_game_is_over (self->game)
      || xq_thinker_is_busy (self->thinker)
      || xq_game_get_ply (self->game) != xq_game_get_n_plies (self->game))
    return;
  xq_thinker_start (self->thinker, self->computer_delay_ms);
}

void
xq_play_page_init_computer (XqPlayPage *self)
{
  self->thinker = xq_thinker_new (self, &think_funcs);
  self->computer_delay_ms = COMPUTER_DELAY_MS;
}

void
xq_play_page_set_computer_delay (XqPlayPage *self,
                                 guint       ms)
{
  g_return_if_fail (XQ_IS_PLAY_PAGE (self));
  self->computer_delay_ms = ms;
}

void
xq_play_page_set_seed (XqPlayPage *self,
                       guint32     seed)
{
  g_return_if_fail (XQ_IS_PLAY_PAGE (self));
  self->seed = seed;
}

int
xq_play_page_get_computer_level (XqPlayPage *self)
{
  g_return_val_if_fail (XQ_IS_PLAY_PAGE (self), 0);
  return self->computer_level;
}

gboolean
xq_play_page_is_computer_thinking (XqPlayPage *self)
{
  g_return_val_if_fail (XQ_IS_PLAY_PAGE (self), FALSE);
  return xq_thinker_is_busy (self->thinker);
}

