/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-review.h: the learner's review queue — lesson exercises and puzzles
 * that were missed (a wrong try, or solved with a hint) come back after
 * growing intervals, in Leitner boxes of 1, 3, 7, 14 and 30 days.
 *
 * Every function that needs the date takes it (GDateTime *now): nothing
 * here reads the clock, so a test can travel in time.  Days are calendar
 * days in now's own time zone.
 *
 * Kept per learner beside the progress files, in "<learner>.review.json",
 * written through xq-safe-file.h.  A damaged file is read item by item:
 * the items that are valid are kept, the file is set aside
 * ("<file>.damaged-<time>"), the salvaged queue is written in its place
 * and the caller is told what happened.  The rules and the file:
 * docs/review.md. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define XQ_REVIEW_ERROR (xq_review_error_quark ())
GQuark xq_review_error_quark (void);

typedef enum {
  XQ_REVIEW_ERROR_BAD_LEARNER, /* not a safe file name */
  XQ_REVIEW_ERROR_PARSE,       /* the data is not a review file (located) */
  XQ_REVIEW_ERROR_IO,          /* could not be read or written */
} XqReviewError;

/* Boxes 1..XQ_REVIEW_N_BOXES; a clean solve of a due item in the last box
 * takes it out of the queue. */
#define XQ_REVIEW_N_BOXES  5
/* Bounds kept on load and on every record. */
#define XQ_REVIEW_MAX_ITEMS 5000
#define XQ_REVIEW_MAX_FILE  (2 * 1024 * 1024)

typedef enum {
  XQ_REVIEW_EXERCISE,  /* unit id and exercise id */
  XQ_REVIEW_PUZZLE,    /* pack id and puzzle id */
} XqReviewSource;

typedef enum {
  XQ_REVIEW_MISSED,    /* a wrong try, a hint, or given up after either */
  XQ_REVIEW_CLEAN,     /* solved without a wrong try or a hint */
} XqReviewOutcome;

typedef struct {
  XqReviewSource source;
  char          *unit;      /* the unit's or the pack's id */
  char          *id;        /* the exercise's or the puzzle's id */
  int            box;       /* 1..XQ_REVIEW_N_BOXES */
  char           due[11];   /* "YYYY-MM-DD": comes back on that day */
  char           added[11]; /* first missed */
  int            misses;    /* every miss recorded */
} XqReviewItem;

XqReviewItem *xq_review_item_copy  (const XqReviewItem *item);
void        xq_review_item_free     (XqReviewItem *item);

/* Days an item waits in box (1..XQ_REVIEW_N_BOXES): 1, 3, 7, 14, 30. */
int         xq_review_box_days      (int box);
/* "exercise" / "puzzle", as in the file; the reverse gives -1. */
const char *xq_review_source_name   (XqReviewSource source);
int         xq_review_source_from_name (const char *name);

/* Today's date and time (a new reference), asked for every review count
 * and record: the pages take one so a test can move the date. */
typedef GDateTime *(*XqReviewClock) (gpointer user_data);
/* clock's answer, or the local time when clock is NULL. */
GDateTime  *xq_review_clock_now     (XqReviewClock clock, gpointer user_data);

typedef struct _XqReview XqReview;

XqReview   *xq_review_new           (const char *learner);
void        xq_review_free          (XqReview *review);
const char *xq_review_get_learner   (const XqReview *review);
guint       xq_review_get_n_items   (const XqReview *review);
/* NULL when the item is not in the queue. */
const XqReviewItem *xq_review_find  (const XqReview *review, XqReviewSource source,
                                     const char *unit, const char *id);
/* One attempt, on now's day (docs/review.md): a miss puts the item in box
 * 1, due the next day (adding it if need be); a clean solve of a due item
 * moves it up one box, or out of the queue from the last; a clean solve
 * of an item not due yet, or not in the queue, changes nothing.  TRUE if
 * the queue changed. */
gboolean    xq_review_record        (XqReview *review, XqReviewSource source, const char *unit,
                                     const char *id, XqReviewOutcome outcome, GDateTime *now);
/* Every item (const XqReviewItem*, borrowed), by due date, then box, then
 * source, unit and id. */
GPtrArray  *xq_review_list          (const XqReview *review);
/* The same, only those due on now's day or before. */
GPtrArray  *xq_review_due           (const XqReview *review, GDateTime *now);
guint       xq_review_count_due     (const XqReview *review, GDateTime *now);
/* Is item due on now's day? */
gboolean    xq_review_item_is_due   (const XqReviewItem *item, GDateTime *now);

/* Puts from's items into into (two computers' queues of one learner):
 * the union; an item in both keeps the earliest "added", and box, due
 * date and misses from the side with more misses, else the one due later
 * (it saw a clean solve the other did not).  TRUE if into changed. */
gboolean    xq_review_merge         (XqReview *into, const XqReview *from);

char       *xq_review_to_data       (const XqReview *review);
/* The items that can be used; *problems (may be NULL) gets how many items
 * were dropped and *first the first problem, "file: JSON path: message".
 * NULL with XQ_REVIEW_ERROR_PARSE when nothing of the file can be used
 * (not JSON, another learner's, another format). */
XqReview   *xq_review_load_data     (const char *data, gssize length, const char *learner,
                                     const char *file_name, guint *problems, char **first,
                                     GError **error);

/* "<dir>/<learner>.review.json"; NULL for an unsafe learner id. */
char       *xq_review_path          (const char *dir, const char *learner);
/* A missing file gives an empty queue.  A damaged one is salvaged as
 * above and *report (if not NULL) says what happened, translated.  NULL
 * only for a bad id or a file that cannot be read (permissions). */
XqReview   *xq_review_load          (const char *dir, const char *learner, char **report,
                                     GError **error);
/* Refuses (XQ_REVIEW_ERROR_IO) to write over a damaged file that loading
 * could not set aside. */
gboolean    xq_review_save          (const XqReview *review, const char *dir, GError **error);
/* Load, record, save if it changed: what the Learn and Puzzles pages do
 * after an attempt, so two pages never overwrite each other's items. */
gboolean    xq_review_record_in_dir (const char *dir, const char *learner, XqReviewSource source,
                                     const char *unit, const char *id, XqReviewOutcome outcome,
                                     GDateTime *now, char **report, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqReview, xq_review_free)

G_END_DECLS
