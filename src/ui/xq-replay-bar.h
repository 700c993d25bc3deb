/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-replay-bar.h: a short game played through on a lesson board — Play,
 * step forward, step back, to the start and to the end — with the moves
 * in the learner's notation and, after the last move, the referee's
 * sentence (xq_result_explain, the words the Play page uses).  The game is
 * the lesson layer's (xq-replay.h: played and judged by the rules core);
 * the bar only shows it.  A child can replay it as often as they like.
 * The widget tree is xq-replay-bar.ui. */
#pragma once

#include <gtk/gtk.h>

#include "xq-game.h"
#include "xq-lesson-board.h"
#include "xq-notation.h"

G_BEGIN_DECLS

#define XQ_TYPE_REPLAY_BAR (xq_replay_bar_get_type ())
G_DECLARE_FINAL_TYPE (XqReplayBar, xq_replay_bar, XQ, REPLAY_BAR, GtkWidget)

GtkWidget  *xq_replay_bar_new          (void);
/* The board the replay is shown on (borrowed; it must outlive the bar's
 * use of it). */
void        xq_replay_bar_set_board    (XqReplayBar *self, XqLessonBoard *board);
/* Shows game (copied) from its start, with start_marks on the first
 * board (may be NULL); NULL hides the bar and lets go of the board.  With
 * reveal the verdict appears after the last move; without it (a question
 * about the ending comes next) only after xq_replay_bar_reveal. */
void        xq_replay_bar_show         (XqReplayBar *self, const XqGame *game,
                                        const XqLessonMarks *start_marks, gboolean reveal);
void        xq_replay_bar_reveal       (XqReplayBar *self);
/* The notation of the move list (default: xq_answer_default_notation ()). */
void        xq_replay_bar_set_notation (XqReplayBar *self, XqNotation notation);

/* Moves to ply (0: the start), showing that board; stops playing. */
void        xq_replay_bar_go_to        (XqReplayBar *self, int ply);
void        xq_replay_bar_step         (XqReplayBar *self, int delta);
/* Plays one move every delay ms up to the end (from the start when at the
 * end); a second call pauses. */
void        xq_replay_bar_play         (XqReplayBar *self);
gboolean    xq_replay_bar_is_playing   (XqReplayBar *self);
/* The pause between moves when playing (ms; tests use 0 or 1). */
void        xq_replay_bar_set_delay    (XqReplayBar *self, guint ms);

int         xq_replay_bar_get_ply      (XqReplayBar *self);
int         xq_replay_bar_get_n_plies  (XqReplayBar *self);
/* What the bar says now: the verdict line ("" before the last move or
 * before it is revealed), the move list, the counter of moves without a
 * capture ("" when it is not shown). */
const char *xq_replay_bar_get_verdict  (XqReplayBar *self);
const char *xq_replay_bar_get_moves    (XqReplayBar *self);
/* "Move 3 of 9: R9+1", and at the end of a question's replay that the game is over. */
const char *xq_replay_bar_get_status   (XqReplayBar *self);
const char *xq_replay_bar_get_counter  (XqReplayBar *self);
/* "start", "back", "play", "forward", "end": for shortcuts and tests. */
GtkWidget  *xq_replay_bar_get_button   (XqReplayBar *self, const char *name);

G_END_DECLS
