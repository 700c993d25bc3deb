/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-variant-play-view.c: what Game Day shows of a game — the board and its
 * marks, whose turn it is, the result, the lost pieces, the 落棋 hands and
 * the 超然象棋 cube, all drawn in the board's style. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-board-paint.h"
#include "xq-variant-play-private.h"

/* Lost pieces and hand pieces beside the board, in pixels. */
#define TOKEN_PX 30

static GdkTexture *
token_texture (XqVariantPlay *self, const XqToken *token, int px)
{
  XqRenderStyle style;

  /* The pieces beside the board look like those on it. */
  xq_render_style_init (&style);
  g_object_get (self->board, "piece-set", &style.pieces, "theme", &style.theme, NULL);
  return xq_board_paint_token_texture (token, &style, px);
}

static GtkWidget *
token_picture (XqVariantPlay *self, const XqToken *token)
{
  int scale = MAX (1, gtk_widget_get_scale_factor (GTK_WIDGET (self)));
  g_autoptr(GdkTexture) texture = token_texture (self, token, TOKEN_PX * scale);
  GtkWidget *picture = gtk_picture_new_for_paintable (GDK_PAINTABLE (texture));

  gtk_widget_set_size_request (picture, TOKEN_PX, TOKEN_PX);
  gtk_picture_set_can_shrink (GTK_PICTURE (picture), TRUE);
  return picture;
}

static void
clear_box (GtkWidget *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    if (GTK_IS_FLOW_BOX (box))
      gtk_flow_box_remove (GTK_FLOW_BOX (box), child);
    else
      gtk_box_remove (GTK_BOX (box), child);
}

static const char *
color_name (XqColor c)
{
  return c == XQ_RED ? _("Red") : _("Black");
}

static void
update_turn (XqVariantPlay *self, const XqVariantState *st)
{
  const char *who;
  g_autofree char *text = NULL;

  if (xq_variant_play_game_over (self))
    text = g_strdup (_("Game over"));
  else if (!st->colors_known)
    text = g_strdup (xq_variant_play_first_player_to_move (st) ? _("First player to move")
                                               : _("Second player to move"));
  else
    {
      if (self->level > 0)
        who = xq_variant_play_computer_to_move (self) ? _("the computer is thinking…") : _("your turn");
      else
        who = NULL;
      /* Translators: "Red to move" / "Black to move" */
      text = who ? g_strdup_printf (_("%s to move — %s"), color_name (st->side), who)
                 : g_strdup_printf (_("%s to move"), color_name (st->side));
    }
  g_free (self->turn_text);
  self->turn_text = g_steal_pointer (&text);
  gtk_label_set_label (self->turn_label, self->turn_text);
}

static void
update_result (XqVariantPlay *self)
{
  XqVariantResult r = xq_variant_game_get_result (self->game);

  g_free (self->result_text);
  self->result_text = r.winner != XQ_WINNER_NONE ? xq_variant_result_explain (&r, self->opts.kind)
                                                 : g_strdup ("");
  gtk_label_set_label (self->result_label, self->result_text);
  gtk_widget_set_visible (GTK_WIDGET (self->result_label), *self->result_text != '\0');
}

static void
update_lost (XqVariantPlay *self, const XqVariantState *st)
{
  guint8 captured[16];

  xq_variant_state_captured (st, captured);
  for (XqColor c = XQ_RED; c <= XQ_BLACK; c++)
    {
      int shown = 0;

      clear_box (self->lost_box[c]);
      for (int type = XQ_KING; type < XQ_N_TYPES; type++)
        {
          XqPiece piece = xq_piece_make (c, type);
          XqToken token = xq_token_for_variant_piece (self->opts.kind, piece);

          for (int k = 0; k < captured[piece]; k++, shown++)
            gtk_flow_box_append (GTK_FLOW_BOX (self->lost_box[c]), token_picture (self, &token));
        }
      g_object_set_data (G_OBJECT (self->lost_box[c]), "n-shown", GINT_TO_POINTER (shown));
      if (shown == 0)
        gtk_flow_box_append (GTK_FLOW_BOX (self->lost_box[c]), gtk_label_new (_("none yet")));
    }
}

static void
drop_clicked_cb (GtkButton     *button,
                 XqVariantPlay *self)
{
  xq_variant_play_choose_drop (self, GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "type")));
}

static void
update_hands (XqVariantPlay *self, const XqVariantState *st)
{
  gboolean any = FALSE;

  for (XqColor c = XQ_RED; c <= XQ_BLACK; c++)
    {
      clear_box (self->hand_box[c]);
      for (int type = XQ_KING; type < XQ_N_TYPES; type++)
        {
          XqPiece piece = xq_piece_make (c, type);
          XqToken token;
          GtkWidget *button, *box;
          g_autofree char *count = NULL;

          if (st->hand[piece] == 0)
            continue;
          any = TRUE;
          token = xq_token_for_variant_piece (self->opts.kind, piece);
          box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2);
          gtk_box_append (GTK_BOX (box), token_picture (self, &token));
          count = g_strdup_printf ("×%d", st->hand[piece]);
          gtk_box_append (GTK_BOX (box), gtk_label_new (count));
          button = gtk_toggle_button_new ();
          gtk_button_set_child (GTK_BUTTON (button), box);
          gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button),
                                        st->colors_known && c == st->side && (int) self->drop_type == type);
          gtk_widget_set_sensitive (button, !st->colors_known || c == st->side);
          g_object_set_data (G_OBJECT (button), "type", GINT_TO_POINTER (type));
          g_signal_connect (button, "clicked", G_CALLBACK (drop_clicked_cb), self);
          gtk_flow_box_append (GTK_FLOW_BOX (self->hand_box[c]), button);
        }
    }
  gtk_widget_set_visible (self->hand_frame, xq_variant_kind_has_action (self->opts.kind, XQ_ACTION_DROP) || any);
}

static void
cube_clicked_cb (GtkButton     *button,
                 XqVariantPlay *self)
{
  xq_variant_play_turn_cube (self, GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "face")));
}

static void
update_cube (XqVariantPlay *self, const XqVariantState *st)
{
  static const XqPieceType faces[] = { XQ_KING, XQ_PAWN, XQ_HORSE, XQ_CANNON, XQ_ADVISOR, XQ_ELEPHANT };

  gtk_widget_set_visible (self->cube_frame, xq_variant_kind_has_action (self->opts.kind, XQ_ACTION_CUBE));
  if (!xq_variant_kind_has_action (self->opts.kind, XQ_ACTION_CUBE))
    return;
  clear_box (self->cube_box);
  for (guint i = 0; i < G_N_ELEMENTS (faces); i++)
    {
      XqToken token = { .kind = XQ_TOKEN_FACE_UP, .color = st->side, .figure = XQ_KING, .cube = faces[i] };
      GtkWidget *button;

      if (faces[i] == st->cube_face[st->side])
        continue;
      button = gtk_button_new ();
      gtk_button_set_child (GTK_BUTTON (button), token_picture (self, &token));
      g_object_set_data (G_OBJECT (button), "face", GINT_TO_POINTER (faces[i]));
      g_signal_connect (button, "clicked", G_CALLBACK (cube_clicked_cb), self);
      gtk_box_append (GTK_BOX (self->cube_box), button);
    }
}

/* The computer's last action as arrows on the board (issue 31: a child
 * sees where it went, beside the words); none after the learner's own
 * action, in a game of two people, or while a 五虎棋 turn is half chosen. */
static void
update_computer_arrows (XqVariantPlay *self, int ply)
{
  const XqVariantAction *a;
  int from_to[4], n = 0;

  if (self->level <= 0 || self->first_from >= 0 || ply <= 0 ||
      xq_variant_play_first_player_to_move (xq_variant_game_get_state_at (self->game, ply - 1)))
    {
      xq_variant_board_set_arrows (self->board, NULL, 0);
      return;
    }
  a = xq_variant_game_get_action (self->game, ply);
  if (a->kind == XQ_ACTION_MOVE || a->kind == XQ_ACTION_DOUBLE)
    {
      from_to[n++] = a->from;
      from_to[n++] = a->to;
    }
  if (a->kind == XQ_ACTION_DOUBLE)
    {
      from_to[n++] = a->from2;
      from_to[n++] = a->to2;
    }
  xq_variant_board_set_arrows (self->board, from_to, n / 2);
}

void
xq_variant_play_update (XqVariantPlay *self, int flip_cell)
{
  XqVariantState st;
  XqScene scene;
  int targets[XQ_SQUARES], n_targets = 0, last_from = -1, last_to = -1;
  int ply;
  gboolean can_exchange = FALSE;

  if (self->game == NULL)
    return;
  xq_variant_play_shown (self, &st);
  xq_scene_set_variant (&scene, &st);
  /* The first player sits at the bottom, whichever colour it drew. */
  xq_variant_board_set_flipped (self->board, xq_variant_state_turned_round (&st));
  xq_variant_board_set_scene (self->board, &scene, flip_cell);

  if (self->selected >= 0)
    {
      g_autofree XqVariantAction *acts = g_new (XqVariantAction, XQ_VARIANT_MAX_ACTIONS);
      int n = xq_variant_play_actions_from (self, self->selected, acts);

      for (int i = 0; i < n && n_targets < XQ_SQUARES; i++)
        {
          if (acts[i].kind == XQ_ACTION_EXCHANGE)
            can_exchange = TRUE;
          else if (acts[i].to >= 0 && acts[i].to != self->selected)
            {
              gboolean dup = FALSE;
              for (int k = 0; k < n_targets; k++)
                dup = dup || targets[k] == acts[i].to;
              if (!dup)
                targets[n_targets++] = acts[i].to;
            }
        }
    }
  ply = xq_variant_game_get_ply (self->game);
  if (self->first_from >= 0)
    {
      last_from = self->first_from;
      last_to = self->first_to;
    }
  else if (ply > 0)
    {
      const XqVariantAction *a = xq_variant_game_get_action (self->game, ply);
      last_from = a->kind == XQ_ACTION_DOUBLE ? a->from2 : a->from;
      last_to = a->kind == XQ_ACTION_DOUBLE ? a->to2 : a->to;
      /* 暗棋's first move (every piece starts face down, so it reveals) was
       * made before the board was turned round for a Black first player. */
      if (ply == 1 && xq_variant_state_turned_round (&st))
        {
          last_from = xq_sq_flip (last_from);
          last_to = xq_sq_flip (last_to);
        }
    }
  xq_variant_board_set_marks (self->board, self->selected, targets, n_targets, last_from, last_to);
  update_computer_arrows (self, ply);

  update_turn (self, &st);
  update_result (self);
  update_lost (self, &st);
  update_hands (self, &st);
  update_cube (self, &st);
  gtk_widget_set_visible (GTK_WIDGET (self->double_check),
                          xq_variant_kind_has_action (self->opts.kind, XQ_ACTION_DOUBLE) && st.side == XQ_RED && !xq_variant_play_game_over (self));
  gtk_widget_set_visible (self->exchange_button, xq_variant_kind_has_action (self->opts.kind, XQ_ACTION_EXCHANGE));
  gtk_widget_set_sensitive (self->exchange_button, can_exchange);
  {
    /* Translators: %u is the number the shuffle was drawn from */
    g_autofree char *seed = g_strdup_printf (_("Seed: %u"), xq_variant_game_get_seed (self->game));

    /* No internal numbers on a child's screen (issue 31): the seed, for a
     * teacher who replays the game, is the title's tooltip. */
    gtk_label_set_label (self->seed_label, seed);
    gtk_widget_set_visible (GTK_WIDGET (self->seed_label), FALSE);
    gtk_widget_set_tooltip_text (GTK_WIDGET (self->title_label), seed);
  }
  gtk_label_set_label (self->title_label, xq_variant_kind_name (self->opts.kind));
}

