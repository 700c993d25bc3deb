/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-puzzle-page.h: the Puzzles page — the packs by kill pattern and
 * difficulty, and the drill: the learner plays the attacker, the computer
 * answers with the longest defence, a wrong move is refuted on the board,
 * hints come in three steps (the piece, the point, the move). */
#pragma once

#include <adwaita.h>

#include "xq-lesson.h"
#include "xq-lesson-board.h"
#include "xq-notice-bar.h"
#include "xq-rating.h"
#include "xq-review.h"

G_BEGIN_DECLS

#define XQ_TYPE_PUZZLE_PAGE (xq_puzzle_page_get_type ())
G_DECLARE_FINAL_TYPE (XqPuzzlePage, xq_puzzle_page, XQ, PUZZLE_PAGE, AdwBin)

GtkWidget     *xq_puzzle_page_new             (void);

/* Loads the packs from dir (NULL: the shipped lessons/puzzles) and the
 * learners from store_dir (NULL: the XDG data directory); the learner is
 * the one the Learn page chose last.  Called on first show unless before. */
void           xq_puzzle_page_load            (XqPuzzlePage *self, const char *dir, const char *store_dir);
/* The same in a thread (what the page does on first show): a spinner until
 * the packs are in, a later load or disposal cancels it. */
void           xq_puzzle_page_load_async      (XqPuzzlePage *self, const char *dir, const char *store_dir);
gboolean       xq_puzzle_page_is_loading      (XqPuzzlePage *self);
guint          xq_puzzle_page_get_n_packs     (XqPuzzlePage *self);
const XqPuzzlePack *xq_puzzle_page_get_pack   (XqPuzzlePage *self, guint index);

/* Whether the pack is open to the learner: always, unless it has a
 * "min-rating" above the learner's shown rating (the advanced tier,
 * xq_ratings_pack_open); a locked pack's row says what opens it and does
 * not open. */
gboolean       xq_puzzle_page_pack_is_open    (XqPuzzlePage *self, const XqPuzzlePack *pack);
/* Shows the drill on one puzzle; back to the list of packs. */
void           xq_puzzle_page_open            (XqPuzzlePage *self, guint pack, guint puzzle);
void           xq_puzzle_page_show_packs      (XqPuzzlePage *self);
/* The list of one pack's puzzles at the chosen level: each numbered "n of
 * N", with its stars and a mark when solved; a row opens its puzzle. */
void           xq_puzzle_page_show_pack       (XqPuzzlePage *self, guint pack);
/* The pack listed, G_MAXUINT when the list is not shown. */
guint          xq_puzzle_page_get_listed_pack (XqPuzzlePage *self);
/* The rows of the list: the puzzle each opens (an index in the pack),
 * its "n of N", its stars (0 to 3) and whether it is solved. */
guint          xq_puzzle_page_get_n_listed    (XqPuzzlePage *self);
GtkWidget     *xq_puzzle_page_get_listed_row  (XqPuzzlePage *self, guint row, guint *puzzle,
                                               char **place, int *stars, gboolean *solved);
/* The next unsolved puzzle of the pack after the shown one (the next one
 * if none is left); in streak mode a skip ends the streak. */
void           xq_puzzle_page_skip            (XqPuzzlePage *self);
/* Whether the board shows Black at the bottom. */
gboolean       xq_puzzle_page_is_flipped      (XqPuzzlePage *self);
const XqPuzzle *xq_puzzle_page_get_puzzle     (XqPuzzlePage *self);

/* Across all packs, the unsolved puzzle rated nearest the learner
 * (xq_ratings_next_puzzle); FALSE, and the packs shown, if all are solved.
 * Next Puzzle then keeps choosing this way. */
gboolean       xq_puzzle_page_open_next_for_me (XqPuzzlePage *self);
/* Streak mode: Next for Me puzzles one after another until the first
 * wrong move or hint; the longest run is kept (xq_ratings_get_best_run). */
gboolean       xq_puzzle_page_start_streak    (XqPuzzlePage *self);
gboolean       xq_puzzle_page_in_streak       (XqPuzzlePage *self);
/* Clean solves in the streak going on or just ended. */
int            xq_puzzle_page_get_streak_run  (XqPuzzlePage *self);
/* The puzzle of the day for date (NULL: today, by the page's clock). */
gboolean       xq_puzzle_page_open_daily      (XqPuzzlePage *self, GDate *date);
/* The learner's puzzle rating (xq-rating.h), never NULL once loaded. */
const XqRatings *xq_puzzle_page_get_ratings   (XqPuzzlePage *self);

/* The learner's move, as the board reports it. */
void           xq_puzzle_page_play            (XqPuzzlePage *self, XqMove move);
/* The next rung of the hint ladder (1 the piece, 2 the point, 3 the move). */
int            xq_puzzle_page_hint            (XqPuzzlePage *self);
void           xq_puzzle_page_retry           (XqPuzzlePage *self);
/* After a refuted move: back to the position before it. */
void           xq_puzzle_page_take_back       (XqPuzzlePage *self);

gboolean       xq_puzzle_page_is_solved       (XqPuzzlePage *self);
/* Judging a move, waiting for the computer's reply or showing a refutation;
 * or proving the puzzle, or showing why it cannot be played. */
gboolean       xq_puzzle_page_is_busy         (XqPuzzlePage *self);
/* The shown puzzle, which the load left unproved, is being proved in a
 * worker ("Checking this puzzle…"; docs/puzzle-drill.md). */
gboolean       xq_puzzle_page_is_proving      (XqPuzzlePage *self);
/* The open pack's other unproved puzzles are being proved in the
 * background (one low-priority worker; leaving the pack stops it). */
gboolean       xq_puzzle_page_is_proving_ahead (XqPuzzlePage *self);
/* A move or the next hint is being worked out in a thread. */
gboolean       xq_puzzle_page_is_checking     (XqPuzzlePage *self);
const char    *xq_puzzle_page_get_feedback    (XqPuzzlePage *self);
int            xq_puzzle_page_get_solved_count (XqPuzzlePage *self);
int            xq_puzzle_page_get_streak      (XqPuzzlePage *self);
XqLessonBoard *xq_puzzle_page_get_board       (XqPuzzlePage *self);
/* Says what was done about damaged learner files. */
XqNoticeBar   *xq_puzzle_page_get_notices     (XqPuzzlePage *self);
/* The date of the review queue and of today's puzzle; NULL: the local
 * clock.  The same clock as the Learn page's (xq-review.h). */
void           xq_puzzle_page_set_clock       (XqPuzzlePage *self, XqReviewClock clock, gpointer user_data);
/* ms before the computer answers (0: at once, for tests). */
void           xq_puzzle_page_set_reply_delay (XqPuzzlePage *self, guint ms);

G_END_DECLS
