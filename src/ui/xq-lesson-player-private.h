/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-lesson-player-private.h: what the files of XqLessonPlayer share —
 * xq-lesson-player.c (the steps, the learner's input, hints, progress)
 * xq-lesson-player-hints.c (hints, in a worker),
 * xq-lesson-player-typing.c (the entry and keypad of a typed answer) and
 * xq-lesson-player-layout.c (board and words beside each other or one
 * above the other, by the width).  The Exercises button is its own widget
 * (xq-exercise-list.h). */
#pragma once

#include <adwaita.h>

#include "xq-demo.h"
#include "xq-lesson-player.h"
#include "xq-replay-bar.h"
#include "xq-setup-tray.h"

G_BEGIN_DECLS

typedef enum {
  STEP_PAGE,
  STEP_EXERCISE,
  STEP_CLOSING,
  STEP_SUMMARY,
} StepKind;

struct _XqLessonPlayer
{
  GtkWidget parent_instance;

  /* Borrowed from the learn page */
  const XqUnit    *unit;
  XqProgressStore *store;
  XqProgress      *progress;

  /* Template widgets */
  GtkWidget     *box;
  GtkWidget     *units_button;
  GtkWidget     *title_label;
  GtkWidget     *step_label;
  GtkWidget     *step_bar;
  GtkWidget     *exercises_button;
  GtkWidget     *scroller;
  GtkWidget     *side_scroller;
  GtkWidget     *main;
  GtkWidget     *board_frame;
  XqLessonBoard *board;
  GtkWidget     *side;
  GtkWidget     *prompt_label;
  XqReplayBar   *replay_bar;       /* a page's or an exercise's replay (hidden when none) */
  GtkWidget     *choices_box;
  XqSetupTray   *tray;
  GtkWidget     *feedback_label;
  GtkWidget     *stars_label;
  GtkWidget     *praise_label;
  GtkWidget     *buttons;
  GtkWidget     *nav_row;          /* back and next, below the others when narrow */
  GtkWidget     *back_button;
  GtkWidget     *hint_button;
  GtkWidget     *retry_button;
  GtkWidget     *check_button;
  GtkWidget     *next_button;
  GtkWidget     *show_me_button;
  GtkWidget     *certificate_button;

  GHashTable    *choice_buttons;   /* choice id -> GtkWidget (borrowed) */
  GtkWidget     *typing_entry;     /* a typed answer's entry, in choices_box (borrowed), or NULL */
  GdkTexture    *piece_tex[16];    /* the tray's, in the board's style */
  guint          relayout_source;
  XqPosition     empty_page;       /* what the board shows on a step without a position */

  /* The step on show */
  guint          step;
  StepKind       kind;
  const XqExercise *ex;
  const XqLessonPage *page;
  char          *feedback;

  /* The learner's try at the exercise on show: all its state is the kind's */
  XqAttempt      attempt;
  GCancellable  *hint_cancel;      /* the hint being computed, or NULL */
  guint          reply_source;
  guint          reply_delay;

  /* The demonstration (xq-lesson-player-demo.c) */
  gboolean       auto_demo;        /* the first exercise of each kind shows itself */
  GCancellable  *demo_cancel;      /* the demonstration being made, or NULL */
  XqDemo        *demo;             /* the one playing, or NULL */
  guint          demo_frame;
  guint          demo_beat;
  guint          demo_source;

  /* The celebration of a solve (xq-lesson-player-celebrate.c) */
  XqLessonMarks  celebrate_marks;  /* the board's marks, back at the end */
  XqSquare       celebrate_at;
  guint          celebrate_ring;
  guint          celebrate_source;
  guint          celebrations;     /* bursts so far (tests) */
};

/* xq-lesson-player.c */
/* The step on show is an exercise that takes this input. */
gboolean xq_lesson_player_takes        (XqLessonPlayer *self, XqKindInput input);
/* Hands what the learner did to the kind and shows the verdict. */
void     xq_lesson_player_handle       (XqLessonPlayer *self, const XqInput *in);
/* The sentence under the board (NULL: none), in a css class (NULL: plain). */
void     xq_lesson_player_set_feedback (XqLessonPlayer *self, const char *text, const char *css_class);

/* Shows the attempt again as it stands (after a demonstration). */
void     xq_lesson_player_resume       (XqLessonPlayer *self);

/* xq-lesson-player-demo.c */
/* Show Me: the exercise shown being done; it counts as a hint. */
void     xq_lesson_player_show_me      (XqLessonPlayer *self);
/* On a new exercise: the Show Me button for kinds that have one, and the
 * demonstration by itself for the first exercise of its kind in the unit
 * while the learner has no stars on it. */
void     xq_lesson_player_demo_auto    (XqLessonPlayer *self);
/* Drops the demonstration being made or played; the board is the attempt's. */
void     xq_lesson_player_stop_demo    (XqLessonPlayer *self);

/* xq-lesson-player-celebrate.c */
/* A solved exercise: stars burst over the board, ring by ring. */
void     xq_lesson_player_celebrate    (XqLessonPlayer *self);
void     xq_lesson_player_stop_celebration (XqLessonPlayer *self);
/* The certificate button: the print dialog for the finished unit's page. */
void     xq_lesson_player_print_certificate (XqLessonPlayer *self);

/* xq-lesson-player-hints.c */
/* The Hint button: the next rung of the ladder, computed in a worker. */
void     xq_lesson_player_ask_hint     (XqLessonPlayer *self);
/* Drops the hint being computed; not shown, it costs no star. */
void     xq_lesson_player_cancel_hint  (XqLessonPlayer *self);

/* xq-lesson-player-typing.c */
/* Fills choices_box with the entry, its button and the kind's keypad. */
void     xq_lesson_player_show_typing  (XqLessonPlayer *self);

/* xq-lesson-player-layout.c */
/* Follows the scroller's size: arranges the page for it, from an idle. */
void     xq_lesson_player_init_layout  (XqLessonPlayer *self);

G_END_DECLS
