/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-play-page.h: two players on one computer, or a child against the
 * computer — the board, the move list, undo/redo, the result in plain
 * words, FEN copy and paste, the clock.
 *
 * The page follows GSettings itself: "opponent", "computer-level" and
 * "player-color" choose the opponent (also offered in the page), "clock"
 * the time control of a new game. */
#pragma once

#include <adwaita.h>

#include "xq-board-view.h"
#include "xq-clock.h"
#include "xq-game.h"
#include "xq-notation.h"

G_BEGIN_DECLS

#define XQ_TYPE_PLAY_PAGE (xq_play_page_get_type ())
G_DECLARE_FINAL_TYPE (XqPlayPage, xq_play_page, XQ, PLAY_PAGE, AdwBin)

XqBoardView  *xq_play_page_get_board_view (XqPlayPage *self);
XqBoardModel *xq_play_page_get_board_model (XqPlayPage *self);
const XqGame *xq_play_page_get_game       (XqPlayPage *self);

void          xq_play_page_new_game       (XqPlayPage *self);
gboolean      xq_play_page_undo           (XqPlayPage *self);
gboolean      xq_play_page_redo           (XqPlayPage *self);
void          xq_play_page_flip           (XqPlayPage *self);
/* Plays from -> to as the side to move; what the board's ::move does. */
gboolean      xq_play_page_play           (XqPlayPage *self, XqMove move, GError **error);

/* The current position as FEN (free it). */
char         *xq_play_page_get_fen        (XqPlayPage *self);
/* Starts a new game from fen; on a bad FEN the game is kept as it was and
 * error says why (the rules core's message). */
gboolean      xq_play_page_load_fen       (XqPlayPage *self, const char *fen, GError **error);

/* Opens a PGN game (WXF, ICCS or Chinese moves); on error the game in
 * progress is kept.  Saving writes the whole record in WXF. */
gboolean      xq_play_page_load_pgn       (XqPlayPage *self, const char *path, GError **error);
gboolean      xq_play_page_save_pgn       (XqPlayPage *self, const char *path, GError **error);

void          xq_play_page_set_notation   (XqPlayPage *self, XqNotation notation);
/* Moves in words ("Cannon to the centre") in the move list and the
 * screen reader's announcement, instead of the notation. */
void          xq_play_page_set_move_words (XqPlayPage *self, gboolean words);
/* Move list rows as shown, for tests: "1. 炮二平五 马8进7". */
char         *xq_play_page_get_move_list_text (XqPlayPage *self);
/* The sentence under the board: whose turn, or who won and why. */
const char   *xq_play_page_get_status_text (XqPlayPage *self);
/* Why the move just tried on the board was refused (the lesson layer's
 * sentence, its marks on the board), or NULL once a move or a press on the
 * board cleared it. */
const char   *xq_play_page_get_refusal_text (XqPlayPage *self);

/* The clock starts with Red's first move and stops when a move is taken
 * back; a fallen flag ends the game on time.  Its time control comes from
 * the "clock" setting; minutes > 0 here overrides that with the whole game
 * in so many minutes (tests, older callers), 0 goes back to the setting. */
void          xq_play_page_set_clock_minutes (XqPlayPage *self, int minutes);
/* For tests: where the page reads the time (ms); NULL = the real clock. */
typedef gint64 (*XqPlayPageTimeFunc) (void);
void          xq_play_page_set_time_func  (XqPlayPage *self, XqPlayPageTimeFunc func);
/* Checks the flags and refreshes the faces now (the page does it 4x a second). */
void          xq_play_page_update_clock   (XqPlayPage *self);
/* "Red 9:58 | Black 10:00", or NULL without a clock. */
char         *xq_play_page_get_clock_text (XqPlayPage *self);

/* Against the computer: undo takes back the child's last move together with
 * the computer's reply.  The answer is searched in a thread after a short
 * pause (ms; tests set 0) with a seeded engine. */
void          xq_play_page_set_computer_delay (XqPlayPage *self, guint ms);
void          xq_play_page_set_seed       (XqPlayPage *self, guint32 seed);
/* 0 when two players share the computer, else the computer's level 1–5. */
int           xq_play_page_get_computer_level (XqPlayPage *self);
/* Is the computer about to answer, or thinking? */
gboolean      xq_play_page_is_computer_thinking (XqPlayPage *self);

/* After a game against the computer: the child's biggest mistakes, each on
 * a board with the better move (computed in a worker thread, then shown in
 * a window).  can_review: the game is over and was against the computer. */
gboolean      xq_play_page_can_review     (XqPlayPage *self);
void          xq_play_page_review_game    (XqPlayPage *self);
/* While the review is being computed. */
gboolean      xq_play_page_is_reviewing   (XqPlayPage *self);
/* The review window when one is open (tests), else NULL. */
GtkWindow    *xq_play_page_get_review_window (XqPlayPage *self);

/* A game between two named players (a tournament pairing): two players on
 * this computer whatever the opponent setting, the given time control (NULL
 * = none), and buttons to resign or agree a draw.  ::match-finished is
 * emitted once when the game has a result (checkmate, 困斃, time, a 棋例
 * ruling, resignation, agreement); read it with xq_play_page_get_game. */
void          xq_play_page_start_match    (XqPlayPage *self, const char *caption,
                                           const char *red, const char *black,
                                           const XqTimeControl *tc);
gboolean      xq_play_page_in_match       (XqPlayPage *self);
/* Back to free play (the opponent setting applies again). */
void          xq_play_page_end_match      (XqPlayPage *self);
/* Results the players declare: resignation, or a draw both agreed. */
void          xq_play_page_resign         (XqPlayPage *self, XqColor loser);
void          xq_play_page_agree_draw     (XqPlayPage *self);

G_END_DECLS
