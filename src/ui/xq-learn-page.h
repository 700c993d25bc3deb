/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-learn-page.h: the Learn page — who is learning, the unit map with
 * their stars, what is due for review, and the lesson player for the unit
 * (or the review round) they open. */
#pragma once

#include <gtk/gtk.h>

#include "xq-learner-chooser.h"
#include "xq-lesson-player.h"
#include "xq-notice-bar.h"
#include "xq-review.h"
#include "xq-unit-map.h"

G_BEGIN_DECLS

/* The review queue's clock (xq-review.h). */
typedef XqReviewClock XqLearnPageClock;

#define XQ_TYPE_LEARN_PAGE (xq_learn_page_get_type ())
G_DECLARE_FINAL_TYPE (XqLearnPage, xq_learn_page, XQ, LEARN_PAGE, GtkWidget)

GtkWidget        *xq_learn_page_new           (void);

/* Loads the curriculum from dir (NULL: xq_lesson_default_dir ()) and the
 * learners from store_dir (NULL: the XDG data directory).  Called once on
 * first show unless called before. */
void              xq_learn_page_load          (XqLearnPage *self, const char *dir, const char *store_dir);
/* The same in a thread (what the page does when shown): a spinner until
 * the first units are in; a later load or disposal cancels it. */
void              xq_learn_page_load_async    (XqLearnPage *self, const char *dir, const char *store_dir);
gboolean          xq_learn_page_is_loading    (XqLearnPage *self);
/* The units (XqUnit*, in order). */
GPtrArray        *xq_learn_page_get_units     (XqLearnPage *self);

void              xq_learn_page_set_learner   (XqLearnPage *self, const char *learner);
const XqProgress *xq_learn_page_get_progress  (XqLearnPage *self);

/* Opens unit index in the player; shows the map again. */
void              xq_learn_page_open_unit     (XqLearnPage *self, guint index);
void              xq_learn_page_show_map      (XqLearnPage *self);
gboolean          xq_learn_page_is_playing    (XqLearnPage *self);


XqUnitMap        *xq_learn_page_get_unit_map  (XqLearnPage *self);
XqLessonPlayer   *xq_learn_page_get_player    (XqLearnPage *self);
XqLearnerChooser *xq_learn_page_get_chooser   (XqLearnPage *self);
/* The review queue (xq-review.h): how many items are due (shown as "3 to
 * review" with a Review button), and a round of them in the player —
 * lesson exercises and puzzles mixed, mirrored where the kind allows
 * (xq-review-round.h).  The round is built in a thread; the player shows
 * it when it is ready. */
guint             xq_learn_page_get_n_due     (XqLearnPage *self);
GtkWidget        *xq_learn_page_get_review_button (XqLearnPage *self);
void              xq_learn_page_start_review  (XqLearnPage *self);
gboolean          xq_learn_page_is_building_review (XqLearnPage *self);
gboolean          xq_learn_page_is_reviewing  (XqLearnPage *self);
/* NULL: the local clock. */
void              xq_learn_page_set_clock     (XqLearnPage *self, XqLearnPageClock clock,
                                               gpointer user_data);
/* Says what was done about damaged learner files. */
XqNoticeBar      *xq_learn_page_get_notices   (XqLearnPage *self);

G_END_DECLS
