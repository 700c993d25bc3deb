/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-variant-play-private.h: what the files of XqVariantPlay share —
 * xq-variant-play.c (playing, the computer, saving) and
 * xq-variant-play-view.c (showing the game: the board, the turn, the lost
 * pieces, the hands, the cube). */
#pragma once

#include "xq-thinker.h"
#include "xq-variant-play.h"

G_BEGIN_DECLS

struct _XqVariantPlay
{
  GtkBox parent_instance;

  /* Widgets */
  XqVariantBoard *board;
  GtkLabel       *title_label;
  GtkLabel       *turn_label;
  GtkLabel       *message_label;
  GtkLabel       *result_label;
  GtkLabel       *seed_label;
  GtkWidget      *lost_box[2];
  GtkWidget      *hand_frame;
  GtkWidget      *hand_box[2];
  GtkWidget      *cube_frame;
  GtkWidget      *cube_box;
  GtkCheckButton *double_check;
  GtkWidget      *exchange_button;

  /* The game */
  XqVariantGame  *game;
  XqVariantOptions opts;
  int             level;          /* 0 = two players */
  int             selected;       /* picked cell, or -1 */
  XqPieceType     drop_type;      /* 落棋: chosen from the hand, or 0 */
  int             first_from, first_to;   /* 五虎棋: the first of two soldier steps */
  char           *message;
  char           *turn_text;
  char           *result_text;

  /* The computer */
  guint           computer_delay_ms;
  XqThinker      *thinker;
};

/* xq-variant-play.c */
void     xq_variant_play_view                 (XqVariantPlay        *self,
                                               XqVariantState       *out);
/* The view, with a 五虎棋 first step drawn while the second is chosen. */
void     xq_variant_play_shown                (XqVariantPlay        *self,
                                               XqVariantState       *out);
gboolean xq_variant_play_game_over            (XqVariantPlay        *self);
/* The person at the computer plays first; the computer answers. */
gboolean xq_variant_play_first_player_to_move (const XqVariantState *st);
gboolean xq_variant_play_computer_to_move     (XqVariantPlay        *self);
/* The actions from cell in the public view; out holds XQ_VARIANT_MAX_ACTIONS. */
int      xq_variant_play_actions_from         (XqVariantPlay        *self,
                                               int                   cell,
                                               XqVariantAction      *out);

/* xq-variant-play-view.c */
/* Everything shown from the game; flip_cell >= 0 turns that piece over. */
void     xq_variant_play_update               (XqVariantPlay        *self,
                                               int                   flip_cell);

G_END_DECLS
