/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-variant-play"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-safe-file.h"
#include "xq-sound-player.h"
#include "xq-answer-text.h"
#include "xq-variant-play-private.h"

/* As on the Play page: a pause so a child sees their own action land. */
#define COMPUTER_DELAY_MS 600


typedef struct {
  XqVariantState   view;
  XqVariantOptions opts;
  XqVariantEngine *engine;
  int              ply;
  XqVariantAction  action;
} ThinkData;

G_DEFINE_FINAL_TYPE (XqVariantPlay, xq_variant_play, GTK_TYPE_BOX)

static void maybe_start_computer (XqVariantPlay *self);

/* ---- Small helpers ---------------------------------------------------------- */

static void
set_message (XqVariantPlay *self, const char *text)
{
  g_free (self->message);
  self->message = g_strdup (text ? text : "");
  gtk_label_set_label (self->message_label, self->message);
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), *self->message != '\0');
  /* A screen reader hears it on the board too. */
  if (*self->message != '\0')
    xq_variant_board_announce (self->board, self->message);
}

void
xq_variant_play_view (XqVariantPlay *self, XqVariantState *out)
{
  xq_variant_game_get_view (self->game, out);
}

/* What the board shows: the view, and in 五虎棋 while the second step of a
 * double turn is being chosen, the soldier already on its first step's point. */
void
xq_variant_play_shown (XqVariantPlay *self, XqVariantState *out)
{
  xq_variant_play_view (self, out);
  if (self->first_from >= 0 && self->first_to >= 0)
    {
      XqVariantState now = *out;
      xq_variant_state_first_step (&now, self->first_from, self->first_to, out);
    }
}

gboolean
xq_variant_play_game_over (XqVariantPlay *self)
{
  return xq_variant_game_get_result (self->game).winner != XQ_WINNER_NONE;
}

/* The person at the computer plays first; the computer answers. */
gboolean
xq_variant_play_first_player_to_move (const XqVariantState *st)
{
  return st->colors_known ? st->side == st->first_color : st->ply % 2 == 0;
}

gboolean
xq_variant_play_computer_to_move (XqVariantPlay *self)
{
  XqVariantState st;

  if (self->level <= 0 || self->game == NULL || xq_variant_play_game_over (self))
    return FALSE;
  xq_variant_play_view (self, &st);
  return !xq_variant_play_first_player_to_move (&st);
}

/* ---- Playing ------------------------------------------------------------------ */

/* Plays a, or shows the core's one-line reason why not. */
static gboolean
play_action (XqVariantPlay *self, const XqVariantAction *a, GError **error)
{
  const XqVariantState *real = xq_variant_game_get_state (self->game);
  gboolean reveals = xq_variant_action_reveals (real, a);
  int flip_cell = -1;
  g_autoptr(GError) local = NULL;

  gboolean colors_were_known = real->colors_known;

  if (reveals)
    flip_cell = a->kind == XQ_ACTION_FLIP ? a->from : a->to;
  if (!xq_variant_game_play (self->game, a, &local))
    {
      XqVariantState st;
      g_autofree char *sentence = NULL;

      /* The child gets the rules' one sentence, not the record's
       * "ply 3: a0a5: …" form of it. */
      xq_sound_play (XQ_SOUND_REFUSED);
      xq_variant_play_view (self, &st);
      xq_variant_explain_refusal (&st, &self->opts, a, &sentence);
      set_message (self, sentence ? sentence : local->message);
      self->selected = -1;
      self->first_from = self->first_to = -1;
      xq_variant_play_update (self, -1);
      if (error != NULL)
        *error = g_steal_pointer (&local);
      return FALSE;
    }
  xq_sound_play (xq_sound_for_variant_game (self->game));
  real = xq_variant_game_get_state (self->game);
  /* Full-board 暗棋 turns the board round when the first player turns out
   * to be Black: the piece that turned over is now on the other side. */
  if (flip_cell >= 0 && !colors_were_known && xq_variant_state_turned_round (real))
    flip_cell = xq_sq_flip (flip_cell);
  self->selected = -1;
  self->drop_type = XQ_NO_TYPE;
  self->first_from = self->first_to = -1;
  gtk_check_button_set_active (self->double_check, FALSE);
  set_message (self, NULL);
  xq_variant_play_update (self, flip_cell);
  {
    /* A screen reader hears what now stands where the action ended, and
     * whose turn it is (or the result). */
    int cell = flip_cell >= 0 ? flip_cell : a->kind == XQ_ACTION_DOUBLE ? a->to2 : a->to;
    const char *after = xq_variant_play_game_over (self) ? self->result_text : self->turn_text;
    g_autofree char *where = cell >= 0 ? xq_variant_board_describe_cell (self->board, cell) : NULL;
    g_autofree char *said = where ? g_strdup_printf ("%s. %s", where, after) : g_strdup (after);

    xq_variant_board_announce (self->board, said);
  }
  maybe_start_computer (self);
  return TRUE;
}

static XqVariantAction
make_action (XqActionKind kind, int from, int to)
{
  XqVariantAction a = { .kind = kind, .from = from, .to = to, .from2 = -1, .to2 = -1 };
  return a;
}

/* Shows the core's reason for a refused action without playing anything. */
static void
explain (XqVariantPlay *self, const XqVariantAction *a)
{
  XqVariantState st;
  g_autofree char *sentence = NULL;

  xq_variant_play_view (self, &st);
  xq_variant_explain_refusal (&st, &self->opts, a, &sentence);
  set_message (self, sentence);
}

int
xq_variant_play_actions_from (XqVariantPlay *self, int cell, XqVariantAction *out)
{
  XqVariantState st;

  xq_variant_play_shown (self, &st);
  return xq_variant_legal_actions_from (&st, &self->opts, cell, out);
}

/* Does the picked piece have an action onto cell (of this kind)? */
static gboolean
is_target (XqVariantPlay *self, int from, int cell, XqActionKind kind)
{
  g_autofree XqVariantAction *acts = g_new (XqVariantAction, XQ_VARIANT_MAX_ACTIONS);
  int n = xq_variant_play_actions_from (self, from, acts);

  for (int i = 0; i < n; i++)
    if (acts[i].kind == kind && acts[i].from == from && acts[i].to == cell)
      return TRUE;
  return FALSE;
}

static gboolean
can_pick (XqVariantPlay *self, int cell)
{
  g_autofree XqVariantAction *acts = g_new (XqVariantAction, XQ_VARIANT_MAX_ACTIONS);
  int n = xq_variant_play_actions_from (self, cell, acts);

  for (int i = 0; i < n; i++)
    if (acts[i].kind == XQ_ACTION_MOVE || acts[i].kind == XQ_ACTION_DOUBLE ||
        acts[i].kind == XQ_ACTION_EXCHANGE)
      return TRUE;
  return FALSE;
}

static void
pick (XqVariantPlay *self, int cell)
{
  self->selected = cell;
  set_message (self, NULL);
  xq_variant_play_update (self, -1);
}

void
xq_variant_play_click (XqVariantPlay *self, int cell)
{
  XqVariantState st;
  gboolean doubling;

  g_return_if_fail (XQ_IS_VARIANT_PLAY (self));
  if (self->game == NULL)
    return;
  xq_variant_play_view (self, &st);
  if (cell < 0 || cell >= st.files * st.ranks)
    return;
  if (xq_variant_play_computer_to_move (self) || xq_thinker_is_searching (self->thinker))
    {
      set_message (self, _("Wait: the computer is thinking."));
      return;
    }
  if (xq_variant_play_game_over (self))
    {
      XqVariantAction a = make_action (XQ_ACTION_MOVE, cell, cell);
      explain (self, &a);
      return;
    }
  doubling = gtk_check_button_get_active (self->double_check);

  /* 落棋: a piece chosen from the hand goes on the clicked cell. */
  if (self->drop_type != XQ_NO_TYPE && self->selected < 0)
    {
      XqVariantAction a = make_action (XQ_ACTION_DROP, -1, cell);
      a.type = self->drop_type;
      play_action (self, &a, NULL);
      return;
    }
  if (cell == self->selected)
    {
      self->selected = -1;
      xq_variant_play_update (self, -1);
      return;
    }

  if (self->selected >= 0 && doubling)
    {
      XqVariantAction a;

      if (self->first_from < 0)
        {
          if (!is_target (self, self->selected, cell, XQ_ACTION_DOUBLE) && can_pick (self, cell))
            {
              pick (self, cell);
              return;
            }
          /* The first of the two steps is only remembered; the turn is
           * played as one action once the second is chosen. */
          self->first_from = self->selected;
          self->first_to = cell;
          self->selected = -1;
          set_message (self, _("Now choose the second soldier step."));
          xq_variant_play_update (self, -1);
          return;
        }
      /* Two different soldiers once each: the rules judge either order. */
      a = make_action (XQ_ACTION_DOUBLE, self->first_from, self->first_to);
      a.from2 = self->selected;
      a.to2 = cell;
      play_action (self, &a, NULL);
      return;
    }
  if (self->selected >= 0 && is_target (self, self->selected, cell, XQ_ACTION_MOVE))
    {
      XqVariantAction a = make_action (XQ_ACTION_MOVE, self->selected, cell);
      play_action (self, &a, NULL);
      return;
    }

  /* The half-board games turn a face-down piece over where it lies. */
  if (st.cell[cell].face == XQ_FACE_DOWN && xq_variant_kind_is_half (self->opts.kind))
    {
      XqVariantAction a = make_action (XQ_ACTION_FLIP, cell, cell);
      play_action (self, &a, NULL);
      return;
    }
  /* 五虎棋: the soldier that moved in the first step steps again from
   * where it now stands. */
  if (can_pick (self, cell) || (doubling && cell == self->first_to))
    {
      pick (self, cell);
      return;
    }
  if (self->selected >= 0)
    {
      /* Not a move of the picked piece: play it anyway, so the rules say why not. */
      XqVariantAction a = make_action (XQ_ACTION_MOVE, self->selected, cell);
      play_action (self, &a, NULL);
      return;
    }
  {
    /* Nothing this piece (or this empty point) can do: say why. */
    XqVariantAction a = make_action (XQ_ACTION_MOVE, cell, cell);
    explain (self, &a);
  }
}

gboolean
xq_variant_play_play_text (XqVariantPlay *self, const char *text, GError **error)
{
  XqVariantAction a;
  XqVariantState st;

  g_return_val_if_fail (XQ_IS_VARIANT_PLAY (self), FALSE);
  g_return_val_if_fail (self->game != NULL, FALSE);
  xq_variant_play_view (self, &st);
  if (!xq_variant_action_from_text (&st, text, &a, error))
    return FALSE;
  return play_action (self, &a, error);
}

void
xq_variant_play_choose_drop (XqVariantPlay *self, XqPieceType type)
{
  g_return_if_fail (XQ_IS_VARIANT_PLAY (self));
  self->drop_type = type;
  self->selected = -1;
  set_message (self, type != XQ_NO_TYPE ? _("Now click an empty square to put the piece there.") : NULL);
  xq_variant_play_update (self, -1);
}

void
xq_variant_play_set_double_step (XqVariantPlay *self, gboolean on)
{
  g_return_if_fail (XQ_IS_VARIANT_PLAY (self));
  gtk_check_button_set_active (self->double_check, on);
}

void
xq_variant_play_turn_cube (XqVariantPlay *self, XqPieceType face)
{
  XqVariantAction a = make_action (XQ_ACTION_CUBE, -1, -1);

  g_return_if_fail (XQ_IS_VARIANT_PLAY (self));
  if (self->game == NULL || xq_variant_play_computer_to_move (self))
    return;
  a.type = face;
  play_action (self, &a, NULL);
}

static void
exchange_clicked_cb (XqVariantPlay *self)
{
  XqVariantAction a = make_action (XQ_ACTION_EXCHANGE, self->selected, self->selected);

  play_action (self, &a, NULL);
}

/* ---- The computer --------------------------------------------------------------- */

static void
cancel_computer (XqVariantPlay *self)
{
  xq_thinker_cancel (self->thinker);
}

static gpointer
think_prepare (gpointer owner)
{
  XqVariantPlay *self = owner;
  ThinkData *data = g_new0 (ThinkData, 1);

  /* Only the public view goes to the computer: it never sees a hidden piece. */
  xq_variant_play_view (self, &data->view);
  data->opts = self->opts;
  data->ply = xq_variant_game_get_ply (self->game);
  /* Each ply its own seed, so a replayed game is answered the same way. */
  data->engine = xq_variant_engine_new (xq_variant_game_get_seed (self->game) + (guint32) data->ply);
  xq_variant_engine_set_level (data->engine, self->level);
  /* The game so far (views only), for the repetition rules. */
  xq_variant_engine_take_history (data->engine, self->game);
  return data;
}

static gboolean
think_search (gpointer job)
{
  ThinkData *data = job;

  return xq_variant_engine_choose (data->engine, &data->view, &data->opts, &data->action);
}

static void
think_stop (gpointer job)
{
  xq_variant_engine_stop (((ThinkData *) job)->engine);
}

static void
think_data_free (gpointer job)
{
  ThinkData *data = job;

  xq_variant_engine_free (data->engine);
  g_free (data);
}

static void
think_done (gpointer owner,
            gpointer job,
            gboolean found)
{
  XqVariantPlay *self = owner;
  ThinkData *data = job;
  XqVariantAction action = data->action;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  if (!found || xq_variant_play_game_over (self) || xq_variant_game_get_ply (self->game) != data->ply)
    {
      xq_variant_play_update (self, -1);
      return;
    }
  if (!play_action (self, &action, &error))
    {
      g_warning ("The computer chose an action the game refused: %s", error->message);
      return;
    }
  /* In words, the pieces named (the record knows what a flip or a move
   * revealed and what it took): the board marks where it went. */
  {
    int ply = xq_variant_game_get_ply (self->game);

    text = xq_answer_variant_action_words (xq_variant_game_get_state_at (self->game, ply - 1),
                                           xq_variant_game_get_action (self->game, ply));
  }
  {
    if (self->message == NULL || *self->message == '\0')
      set_message (self, text);
  }
}

static const XqThinkerFuncs think_funcs = {
  .prepare = think_prepare,
  .search = think_search,
  .stop = think_stop,
  .done = think_done,
  .free_job = think_data_free,
};

static void
maybe_start_computer (XqVariantPlay *self)
{
  if (!xq_variant_play_computer_to_move (self) || xq_thinker_is_busy (self->thinker))
    return;
  xq_thinker_start (self->thinker, self->computer_delay_ms);
  xq_variant_play_update (self, -1);
}

/* ---- Save and open ------------------------------------------------------------------ */

static char *
chooser_path (GtkFileChooserNative *chooser)
{
  g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  return file ? g_file_get_path (file) : NULL;
}

static void
save_response_cb (XqVariantPlay        *self,
                  int                   response,
                  GtkFileChooserNative *chooser)
{
  g_autofree char *path = response == GTK_RESPONSE_ACCEPT ? chooser_path (chooser) : NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  if (path != NULL)
    {
      text = xq_variant_play_save_text (self);
      if (!g_file_set_contents (path, text, -1, &error))
        set_message (self, error->message);
      else
        set_message (self, _("Game saved."));
    }
  g_object_unref (chooser);
}

/* A saved game is a few kilobytes; a huge file is refused unread. */
#define MAX_SAVED_GAME (1024 * 1024)

gboolean
xq_variant_play_load_file (XqVariantPlay *self, const char *path, GError **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (XQ_IS_VARIANT_PLAY (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  return xq_safe_file_read (path, MAX_SAVED_GAME, &text, NULL, error) &&
         xq_variant_play_load_text (self, text, error);
}

static void
open_response_cb (XqVariantPlay        *self,
                  int                   response,
                  GtkFileChooserNative *chooser)
{
  g_autofree char *path = response == GTK_RESPONSE_ACCEPT ? chooser_path (chooser) : NULL;
  g_autoptr(GError) error = NULL;

  if (path != NULL && !xq_variant_play_load_file (self, path, &error))
    {
      g_autofree char *line = g_strdup_printf ("%s: %s", path, error->message);
      set_message (self, line);
    }
  g_object_unref (chooser);
}

static void
show_chooser (XqVariantPlay *self, gboolean save)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (save ? _("Save Game") : _("Open Game"),
                                         GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         save ? GTK_FILE_CHOOSER_ACTION_SAVE : GTK_FILE_CHOOSER_ACTION_OPEN,
                                         NULL, NULL);
  if (save)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), _("game-day.txt"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect_swapped (chooser, "response",
                            save ? G_CALLBACK (save_response_cb) : G_CALLBACK (open_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
save_clicked_cb (XqVariantPlay *self)
{
  show_chooser (self, TRUE);
}

static void
open_clicked_cb (XqVariantPlay *self)
{
  show_chooser (self, FALSE);
}

char *
xq_variant_play_save_text (XqVariantPlay *self)
{
  g_return_val_if_fail (XQ_IS_VARIANT_PLAY (self), NULL);
  g_return_val_if_fail (self->game != NULL, NULL);
  return xq_variant_game_save (self->game);
}

gboolean
xq_variant_play_load_text (XqVariantPlay *self, const char *text, GError **error)
{
  XqVariantGame *game;

  g_return_val_if_fail (XQ_IS_VARIANT_PLAY (self), FALSE);
  game = xq_variant_game_load (text, error);
  if (game == NULL)
    return FALSE;
  cancel_computer (self);
  g_clear_pointer (&self->game, xq_variant_game_free);
  self->game = game;
  self->opts = *xq_variant_game_get_options (game);
  self->selected = -1;
  self->drop_type = XQ_NO_TYPE;
  self->first_from = self->first_to = -1;
  set_message (self, NULL);
  gtk_widget_queue_resize (GTK_WIDGET (self->board));
  xq_variant_play_update (self, -1);
  maybe_start_computer (self);
  return TRUE;
}

/* ---- Public ------------------------------------------------------------------------ */

void
xq_variant_play_start (XqVariantPlay *self, const XqVariantOptions *opts, int level, guint32 seed)
{
  g_return_if_fail (XQ_IS_VARIANT_PLAY (self));
  g_return_if_fail (opts != NULL);
  cancel_computer (self);
  g_clear_pointer (&self->game, xq_variant_game_free);
  self->opts = *opts;
  self->level = CLAMP (level, 0, XQ_VARIANT_ENGINE_MAX_LEVEL);
  self->game = xq_variant_game_new (opts, seed);
  self->selected = -1;
  self->drop_type = XQ_NO_TYPE;
  self->first_from = self->first_to = -1;
  gtk_check_button_set_active (self->double_check, FALSE);
  set_message (self, NULL);
  xq_variant_play_update (self, -1);
  maybe_start_computer (self);
}

void
xq_variant_play_new_game (XqVariantPlay *self)
{
  g_return_if_fail (XQ_IS_VARIANT_PLAY (self));
  xq_variant_play_start (self, &self->opts, self->level, g_random_int ());
}

gboolean
xq_variant_play_undo (XqVariantPlay *self)
{
  gboolean any;

  g_return_val_if_fail (XQ_IS_VARIANT_PLAY (self), FALSE);
  if (self->game == NULL)
    return FALSE;
  cancel_computer (self);
  any = xq_variant_game_undo (self->game);
  /* Against the computer, take back its answer and your own action. */
  while (any && self->level > 0 && xq_variant_play_computer_to_move (self) && xq_variant_game_undo (self->game))
    ;
  self->selected = -1;
  self->first_from = self->first_to = -1;
  set_message (self, NULL);
  xq_variant_play_update (self, -1);
  maybe_start_computer (self);
  return any;
}

void
xq_variant_play_resign (XqVariantPlay *self)
{
  XqVariantState st;

  g_return_if_fail (XQ_IS_VARIANT_PLAY (self));
  if (self->game == NULL || xq_variant_play_game_over (self))
    return;
  cancel_computer (self);
  xq_variant_play_view (self, &st);
  /* Against the computer it is always the person who gives up. */
  if (self->level > 0 && !xq_variant_play_first_player_to_move (&st))
    st.side = xq_color_other (st.side);
  xq_variant_game_resign (self->game, st.colors_known ? st.side : XQ_RED);
  self->selected = -1;
  xq_variant_play_update (self, -1);
}

const XqVariantGame *
xq_variant_play_get_game (XqVariantPlay *self)
{
  g_return_val_if_fail (XQ_IS_VARIANT_PLAY (self), NULL);
  return self->game;
}

XqVariantBoard *
xq_variant_play_get_board (XqVariantPlay *self)
{
  g_return_val_if_fail (XQ_IS_VARIANT_PLAY (self), NULL);
  return self->board;
}

int
xq_variant_play_get_level (XqVariantPlay *self)
{
  g_return_val_if_fail (XQ_IS_VARIANT_PLAY (self), 0);
  return self->level;
}

const char *
xq_variant_play_get_message (XqVariantPlay *self)
{
  g_return_val_if_fail (XQ_IS_VARIANT_PLAY (self), NULL);
  return self->message ? self->message : "";
}

const char *
xq_variant_play_get_turn_text (XqVariantPlay *self)
{
  g_return_val_if_fail (XQ_IS_VARIANT_PLAY (self), NULL);
  return self->turn_text ? self->turn_text : "";
}

const char *
xq_variant_play_get_result_text (XqVariantPlay *self)
{
  g_return_val_if_fail (XQ_IS_VARIANT_PLAY (self), NULL);
  return self->result_text ? self->result_text : "";
}

int
xq_variant_play_get_n_lost_shown (XqVariantPlay *self, XqColor color)
{
  g_return_val_if_fail (XQ_IS_VARIANT_PLAY (self), 0);
  return GPOINTER_TO_INT (g_object_get_data (G_OBJECT (self->lost_box[color & 1]), "n-shown"));
}

void
xq_variant_play_set_computer_delay (XqVariantPlay *self, guint ms)
{
  g_return_if_fail (XQ_IS_VARIANT_PLAY (self));
  self->computer_delay_ms = ms;
}

gboolean
xq_variant_play_get_thinking (XqVariantPlay *self)
{
  g_return_val_if_fail (XQ_IS_VARIANT_PLAY (self), FALSE);
  return xq_thinker_is_busy (self->thinker);
}

/* ---- GObject ------------------------------------------------------------------------- */

/* Preferences changed the board's style: the lost pieces, the hand and the
 * cube beside it are drawn again in it. */
static void
board_style_cb (XqVariantPlay *self)
{
  xq_variant_play_update (self, -1);
}

static void
cell_clicked_cb (XqVariantBoard *board,
                 int             cell,
                 XqVariantPlay  *self)
{
  xq_variant_play_click (self, cell);
}

static void
xq_variant_play_dispose (GObject *object)
{
  XqVariantPlay *self = XQ_VARIANT_PLAY (object);

  cancel_computer (self);
  gtk_widget_dispose_template (GTK_WIDGET (object), XQ_TYPE_VARIANT_PLAY);
  G_OBJECT_CLASS (xq_variant_play_parent_class)->dispose (object);
}

static void
xq_variant_play_finalize (GObject *object)
{
  XqVariantPlay *self = XQ_VARIANT_PLAY (object);

  g_clear_pointer (&self->thinker, xq_thinker_free);
  g_clear_pointer (&self->game, xq_variant_game_free);
  g_free (self->message);
  g_free (self->turn_text);
  g_free (self->result_text);
  G_OBJECT_CLASS (xq_variant_play_parent_class)->finalize (object);
}

static void
xq_variant_play_class_init (XqVariantPlayClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_variant_play_dispose;
  object_class->finalize = xq_variant_play_finalize;

  g_type_ensure (XQ_TYPE_VARIANT_BOARD);
  gtk_widget_class_set_template_from_resource (widget_class, APP_PATH "/ui/xq-variant-play.ui");
  gtk_widget_class_bind_template_child (widget_class, XqVariantPlay, board);
  gtk_widget_class_bind_template_child (widget_class, XqVariantPlay, title_label);
  gtk_widget_class_bind_template_child (widget_class, XqVariantPlay, turn_label);
  gtk_widget_class_bind_template_child (widget_class, XqVariantPlay, message_label);
  gtk_widget_class_bind_template_child (widget_class, XqVariantPlay, result_label);
  gtk_widget_class_bind_template_child (widget_class, XqVariantPlay, seed_label);
  gtk_widget_class_bind_template_child_full (widget_class, "red_lost_box", FALSE,
                                             G_STRUCT_OFFSET (XqVariantPlay, lost_box[XQ_RED]));
  gtk_widget_class_bind_template_child_full (widget_class, "black_lost_box", FALSE,
                                             G_STRUCT_OFFSET (XqVariantPlay, lost_box[XQ_BLACK]));
  gtk_widget_class_bind_template_child (widget_class, XqVariantPlay, hand_frame);
  gtk_widget_class_bind_template_child_full (widget_class, "red_hand_box", FALSE,
                                             G_STRUCT_OFFSET (XqVariantPlay, hand_box[XQ_RED]));
  gtk_widget_class_bind_template_child_full (widget_class, "black_hand_box", FALSE,
                                             G_STRUCT_OFFSET (XqVariantPlay, hand_box[XQ_BLACK]));
  gtk_widget_class_bind_template_child (widget_class, XqVariantPlay, cube_frame);
  gtk_widget_class_bind_template_child (widget_class, XqVariantPlay, cube_box);
  gtk_widget_class_bind_template_child (widget_class, XqVariantPlay, double_check);
  gtk_widget_class_bind_template_child (widget_class, XqVariantPlay, exchange_button);
  gtk_widget_class_bind_template_callback (widget_class, cell_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, board_style_cb);
  gtk_widget_class_bind_template_callback (widget_class, exchange_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, save_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, open_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, xq_variant_play_new_game);
  gtk_widget_class_bind_template_callback (widget_class, xq_variant_play_undo);
  gtk_widget_class_bind_template_callback (widget_class, xq_variant_play_resign);
}

static void
xq_variant_play_init (XqVariantPlay *self)
{
  self->selected = self->first_from = self->first_to = -1;
  self->computer_delay_ms = COMPUTER_DELAY_MS;
  self->thinker = xq_thinker_new (self, &think_funcs);
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
xq_variant_play_new (void)
{
  return g_object_new (XQ_TYPE_VARIANT_PLAY, NULL);
}
