/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-puzzle-page-private.h: what the files of XqPuzzlePage share —
 * xq-puzzle-page.c (the drill: moves, the checker's thread, hints) and
 * xq-puzzle-page-packs.c (reading the packs, their list, the learner's
 * record). */
#pragma once

#include <adwaita.h>

#include "xq-notice-bar.h"
#include "xq-page-loader.h"
#include "xq-progress.h"
#include "xq-puzzle-page.h"
#include "xq-rating.h"
#include "xq-review.h"

G_BEGIN_DECLS

struct _XqPuzzlePage
{
  AdwBin         parent_instance;

  GtkStack      *stack;          /* below the notices */
  XqNoticeBar   *notices;        /* damaged learner files, what was kept */
  GtkDropDown   *level_drop;
  GtkListBox    *packs_list;
  XqLessonBoard *board;
  GtkLabel      *title_label;
  GtkLabel      *side_label;    /* who moves, and why the board is turned */
  GtkLabel      *info_label;
  GtkLabel      *feedback_label;
  GtkLabel      *score_label;
  GtkButton     *take_back_button;
  GtkButton     *next_button;
  GtkButton     *hint_button;    /* not clickable while the puzzle is checked or cannot be played */
  GtkLabel      *rating_label;   /* the learner's rating, above the packs */
  GtkLabel      *pack_title_label; /* the list of one pack's puzzles */
  GtkLabel      *pack_count_label;
  GtkWidget     *pack_intro;       /* the pack's worked example, shown above its puzzles */
  XqLessonBoard *pack_intro_board;
  GtkLabel      *pack_intro_label;
  GtkListBox    *puzzle_list;
  guint          list_pack;        /* the pack listed there */

  GPtrArray       *files;     /* XqLessonFile* */
  GPtrArray       *packs;     /* XqPuzzlePack*, borrowed from files */
  guint            packs_generation; /* one more for every load */
  guint            rows_generation;  /* the load the packs' rows were built for */
  XqProgressStore *store;
  XqProgress      *progress;
  int              streak;
  int              best_streak;
  gboolean         loaded;
  XqRatings       *ratings;   /* the learner's and the puzzles' (xq-rating.h) */
  gboolean         rate_this; /* the shown puzzle was unsolved when opened */
  gboolean         rated;     /* this attempt has moved the ratings */
  gboolean         for_me;    /* opened by Next for Me: Next Puzzle chooses the same way */
  gboolean         streak_mode; /* solving in a row until the first mistake */
  gboolean         streak_over; /* the last streak just ended: say so */
  int              run;       /* clean solves in this streak */
  XqPageLoader    *loader;    /* reads the packs in a thread */
  char            *load_store_dir;

  guint            pack_index;
  guint            puzzle_index;
  const XqPuzzle  *puzzle;
  int              kill;      /* its pattern (an XqKill, xq_puzzle_kill), -1 for none: the hints steer into it */
  XqPosition       shown;
  XqPosition       before_wrong;
  GArray          *line;      /* XqMove: learner and computer alternating */
  GCancellable    *checking;  /* a move or a hint being worked out in a thread */
  XqMove           hint;      /* the hint's move for the shown position, or none */
  gboolean         hint_asked; /* Hint was pressed while it was worked out */
  gboolean         judging;   /* the thread is judging the learner's move */
  GCancellable    *proving;   /* the shown puzzle, left unproved by the load, being proved */
  gboolean         unplayable; /* its proof found it false or too deep: said in words */
  GCancellable    *ahead;     /* the open pack's other unproved puzzles, proved in the background */
  guint            ahead_pack; /* which pack */
  int              hints;
  int              wrong;
  gboolean         solved;
  gboolean         refuting;  /* a wrong move and its refutation are on the board */
  XqMove           pending;
  guint            reply_source;
  guint            reply_delay;
  char            *feedback;
  XqReviewClock    clock;     /* the review queue's and the daily puzzle's date; NULL: local */
  gpointer         clock_data;
};

/* xq-puzzle-page-packs.c */
XqPageLoader *xq_puzzle_page_new_loader        (XqPuzzlePage       *self);
/* The learner the Learn page chose last, read again on every visit. */
void          xq_puzzle_page_sync_learner      (XqPuzzlePage       *self);
void          xq_puzzle_page_fill_packs        (XqPuzzlePage       *self);
/* The first unsolved puzzle of pack at the chosen level from index from on,
 * else the first there is. */
guint         xq_puzzle_page_first_open_puzzle (XqPuzzlePage       *self,
                                                const XqPuzzlePack *pack,
                                                guint               from);
void          xq_puzzle_page_save_progress     (XqPuzzlePage       *self);
gboolean      xq_puzzle_page_is_solved_puzzle  (XqPuzzlePage       *self,
                                                const XqPuzzle     *puzzle);
/* Once per attempt at an unsolved puzzle: moves the learner's and the
 * puzzle's ratings by score (xq_rating_attempt_score) and saves them. */
void          xq_puzzle_page_rate_attempt      (XqPuzzlePage       *self,
                                                double              score);
void          xq_puzzle_page_update_score      (XqPuzzlePage       *self);
/* Once per attempt: a miss (the first wrong move, or solved with a hint)
 * or a clean solve goes into the learner's review queue (xq-review.h). */
void          xq_puzzle_page_review_attempt    (XqPuzzlePage       *self,
                                                gboolean            clean);
/* Template callbacks */
void          xq_puzzle_page_pack_activated_cb (XqPuzzlePage       *self,
                                                GtkListBoxRow      *row);
void          xq_puzzle_page_level_changed_cb  (XqPuzzlePage       *self);
void          xq_puzzle_page_next_for_me_cb    (XqPuzzlePage       *self);
void          xq_puzzle_page_streak_cb         (XqPuzzlePage       *self);
/* Streak mode after an attempt: clean adds to the run, else it ends. */
void          xq_puzzle_page_streak_step       (XqPuzzlePage       *self,
                                                gboolean            clean);
void          xq_puzzle_page_daily_cb          (XqPuzzlePage       *self);

/* xq-puzzle-page.c */
/* Proves the unproved puzzles of pack in one low-priority worker, the ones
 * after from first (already at work on that pack: nothing). */
void          xq_puzzle_page_prove_ahead       (XqPuzzlePage       *self,
                                                guint               pack,
                                                guint               from);
/* Stops every proof (the packs are replaced or the page goes). */
void          xq_puzzle_page_cancel_proofs     (XqPuzzlePage       *self);

/* xq-puzzle-page-list.c: one pack's puzzles */
/* Whether pz is shown at the level chosen above the packs. */
gboolean      xq_puzzle_page_puzzle_fits       (XqPuzzlePage       *self,
                                                const XqPuzzle     *pz);
/* Puzzle index of pack pack is number *k of *n: among the puzzles at the
 * chosen level if it is one of them, else among all. */
void          xq_puzzle_page_place_in_pack     (XqPuzzlePage       *self,
                                                guint               pack,
                                                guint               index,
                                                guint              *k,
                                                guint              *n);
/* "Red to move and win." or "Black to move and win." */
const char   *xq_puzzle_page_side_prompt       (const XqPuzzle     *puzzle);
void          xq_puzzle_page_continue_cb       (XqPuzzlePage       *self);
void          xq_puzzle_page_puzzle_activated_cb (XqPuzzlePage     *self,
                                                GtkListBoxRow      *row);

G_END_DECLS
