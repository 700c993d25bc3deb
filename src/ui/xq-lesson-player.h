/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-lesson-player.h: plays one unit — its introduction pages, each
 * exercise (prompt, board, hint ladder, feedback, retry, next) and the
 * closing cards — and saves the learner's stars after every exercise.  It
 * knows no exercise kind: what the learner does goes to the kind as an
 * XqInput (xq-kind.h), the kind judges it and keeps the state (XqAttempt),
 * and hints are climbed by the kind in a worker thread.  The widget tree is
 * xq-lesson-player.ui; a kind with its own input has one widget (the
 * set-up tray, xq-setup-tray.h).
 *
 * Signals: ::closed, ::progress-changed (stars saved) and ::attempt-done
 * (const XqAttempt *: an exercise solved, or left unsolved after a slip or
 * a hint), which the Learn page records in the review queue. */
#pragma once

#include <gtk/gtk.h>

#include "xq-certificate.h"

#include "xq-kind.h"
#include "xq-lesson.h"
#include "xq-progress.h"
#include "xq-lesson-board.h"
#include "xq-replay-bar.h"

G_BEGIN_DECLS

#define XQ_TYPE_LESSON_PLAYER (xq_lesson_player_get_type ())
G_DECLARE_FINAL_TYPE (XqLessonPlayer, xq_lesson_player, XQ, LESSON_PLAYER, GtkWidget)

GtkWidget     *xq_lesson_player_new          (void);

/* Starts unit at its first page, or once some of its exercises are solved
 * at the first exercise still unsolved.  unit, store and progress are borrowed and
 * must outlive the player's use of them (the learn page owns them). */
void           xq_lesson_player_start        (XqLessonPlayer *self, const XqUnit *unit,
                                              XqProgressStore *store, XqProgress *progress);
/* Lets go of the unit, store and progress (before they are freed, e.g. when
 * the Learn page reloads its units); start() again to play. */
void           xq_lesson_player_stop         (XqLessonPlayer *self);
/* Jumps to a step: pages, then exercises, then closing cards, then the
 * summary. */
void           xq_lesson_player_go_to        (XqLessonPlayer *self, guint step);
guint          xq_lesson_player_get_step     (XqLessonPlayer *self);
guint          xq_lesson_player_get_n_steps  (XqLessonPlayer *self);
/* The exercise on show, or NULL on a page or card. */
const XqExercise *xq_lesson_player_get_exercise (XqLessonPlayer *self);
gboolean       xq_lesson_player_is_solved    (XqLessonPlayer *self);
/* Stars earned on the exercise on show (0 until solved). */
int            xq_lesson_player_get_stars    (XqLessonPlayer *self);
const char    *xq_lesson_player_get_feedback (XqLessonPlayer *self);
/* Whether the computer's reply in a mate exercise, or a hint, is still to
 * come. */
gboolean       xq_lesson_player_is_busy      (XqLessonPlayer *self);

XqLessonBoard *xq_lesson_player_get_board    (XqLessonPlayer *self);
/* The unit's exercises, one row each with its best stars (filled afresh
 * when asked); activating a row jumps to that exercise, or starts the one
 * on show over. */
GtkWidget     *xq_lesson_player_get_exercise_list (XqLessonPlayer *self);
/* What the closing card or a solved exercise says about its stars ("" when
 * nothing is said). */
const char    *xq_lesson_player_get_praise   (XqLessonPlayer *self);
/* "next", "back", "hint", "retry", "check", "units", "exercises": the player's buttons,
 * for keyboard shortcuts and tests. */
GtkWidget     *xq_lesson_player_get_button   (XqLessonPlayer *self, const char *name);
/* The button of a choice, or the tray button of a piece (set-up). */
GtkWidget     *xq_lesson_player_get_choice_button (XqLessonPlayer *self, const char *choice_id);
GtkWidget     *xq_lesson_player_get_tray_button   (XqLessonPlayer *self, XqPiece piece);

/* A typed answer's entry (NULL when the step takes none), and the keypad's
 * button that types `sign` ("⌫": the one that deletes). */
GtkWidget     *xq_lesson_player_get_typing_entry (XqLessonPlayer *self);
GtkWidget     *xq_lesson_player_get_keypad_button (XqLessonPlayer *self, const char *sign);

/* The replay shown on a page or before a question (hidden when none). */
XqReplayBar   *xq_lesson_player_get_replay_bar (XqLessonPlayer *self);

/* How many solves stars have burst over the board for (ring by ring,
 * about half a second each). */
guint          xq_lesson_player_get_celebrations (XqLessonPlayer *self);
/* On the summary of a unit whose every exercise has stars: the page to
 * take home (date: the text out->date points to, to free); FALSE (and
 * the Certificate button hidden) otherwise. */
gboolean       xq_lesson_player_get_certificate (XqLessonPlayer *self, XqCertificate *out, char **date);
/* Is a demonstration being made or played (xq-lesson-player-demo.c)? */
gboolean       xq_lesson_player_is_demonstrating (XqLessonPlayer *self);
/* Whether the first exercise of each kind in a unit shows itself being
 * done (on by default; off in tests that play exercises themselves). */
void           xq_lesson_player_set_auto_demo (XqLessonPlayer *self, gboolean auto_demo);
/* How long the computer waits before its reply (ms; 0 in tests). */
void           xq_lesson_player_set_reply_delay (XqLessonPlayer *self, guint ms);

G_END_DECLS
