/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-play-page-private.h: what the files of XqPlayPage share —
 * xq-play-page.c (the game, the record, the settings), xq-play-page-clock.c
 * (the game clock), xq-play-page-computer.c (the computer opponent),
 * xq-play-page-match.c (a tournament game) and xq-play-page-review.c (the
 * review after a game). */
#pragma once

#include "xq-clock.h"
#include "xq-play-page.h"
#include "xq-thinker.h"

G_BEGIN_DECLS

struct _XqPlayPage
{
  AdwBin parent_instance;

  /* Template widgets (the layout box is the AdwBin child: AdwBin disposes it) */
  GtkWidget   *side_panel;
  XqBoardView *board_view;
  GtkLabel    *turn_label;
  GtkLabel    *status_label;
  GtkLabel    *refusal_label;
  GtkLabel    *rule_label;
  GtkWidget   *review_button;
  GtkListBox  *move_list;
  GtkWidget   *clock_box;
  GtkLabel    *red_clock_label;
  GtkLabel    *black_clock_label;
  GtkDropDown *opponent_dropdown;
  GtkDropDown *color_dropdown;

  /* Owned */
  XqGame       *game;
  XqBoardModel *model;
  XqNotation    notation;
  gboolean      move_words;   /* the move list in words (English, no notation chosen) */
  char         *status_text;

  /* The clock: NULL when playing without one. */
  XqClock      *clock;
  char         *clock_preset;   /* a name of the "clock" setting */
  int           clock_minutes;  /* > 0 overrides the preset (tests, old callers) */
  guint         clock_tick;
  XqPlayPageTimeFunc time_func;

  /* The computer opponent (XQ_PLAY_PAGE_TWO_PLAYERS: none). */
  GSettings    *settings;
  gboolean      syncing_dropdowns;
  int           computer_level;   /* 0 = two players */
  XqColor       player_color;     /* the child's colour against the computer */
  guint32       seed;
  guint         computer_delay_ms;
  XqThinker    *thinker;

  /* The review after a game (xq-play-page-review.c). */
  GCancellable *review_cancel;   /* non-NULL while one is computed */
  guint         game_serial;     /* changes whenever the game a review is for is gone */
  GtkWindow    *review_window;

  /* A tournament game (xq_play_page_start_match). */
  gboolean      in_match;
  gboolean      match_reported;   /* ::match-finished has been emitted */
  XqTimeControl match_tc;
  gboolean      match_has_clock;
  GtkWidget    *match_box;
  GtkLabel     *match_label;
};

/* xq-play-page.c */
/* The board, the record, the status and the match box from the game. */
void     xq_play_page_sync_page           (XqPlayPage *self);
/* Plays move for the side to move: the clock, the page, the computer's turn. */
gboolean xq_play_page_play_move          (XqPlayPage  *self,
                                           XqMove       move,
                                           GError     **error);
/* A fresh game with a fresh clock (the computer answers if Red is its). */
void     xq_play_page_restart_game        (XqPlayPage *self);
void     xq_play_page_set_opponent        (XqPlayPage *self,
                                           int         level,
                                           XqColor     player);
/* The opponent and the clock from the settings. */
void     xq_play_page_apply_settings      (XqPlayPage *self);

/* xq-play-page-computer.c */
void     xq_play_page_init_computer       (XqPlayPage *self);
/* The computer plays the side to move. */
gboolean xq_play_page_computer_to_move    (XqPlayPage *self);
/* Starts its answer when it is its turn at the end of the record. */
void     xq_play_page_maybe_start_computer (XqPlayPage *self);
void     xq_play_page_cancel_computer     (XqPlayPage *self);

/* xq-play-page-clock.c */
void     xq_play_page_reset_clock         (XqPlayPage *self);
void     xq_play_page_press_clock         (XqPlayPage *self,
                                           XqColor     mover);
void     xq_play_page_pause_clock         (XqPlayPage *self);
void     xq_play_page_update_clock_labels (XqPlayPage *self);
void     xq_play_page_check_flag          (XqPlayPage *self);

/* xq-play-page-review.c */
void     xq_play_page_update_review_button (XqPlayPage *self);
void     xq_play_page_cancel_review        (XqPlayPage *self);

/* xq-play-page-match.c */
void     xq_play_page_leave_match         (XqPlayPage *self);

char *xq_play_page_move_text (XqPlayPage *self, XqPosition *before, XqMove move);

G_END_DECLS
