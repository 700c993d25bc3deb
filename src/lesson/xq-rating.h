/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-rating.h: Glicko-2 ratings for the puzzle drill — the learner's and
 * each puzzle's, both moved by every attempt as if learner and puzzle had
 * played one game — the "next puzzle for me" and the daily puzzle.
 *
 * Kept per learner beside the progress files, in "<learner>.ratings.json",
 * written through xq-safe-file.h.  A damaged file is set aside
 * ("<file>.damaged-<time>"), reported, and the learner starts again from
 * the seeds.  The formulas, the seeding and the file: docs/rating.md. */
#pragma once

#include <glib.h>

#include "xq-lesson.h"

G_BEGIN_DECLS

#define XQ_RATING_ERROR (xq_rating_error_quark ())
GQuark xq_rating_error_quark (void);

typedef enum {
  XQ_RATING_ERROR_BAD_LEARNER, /* not a safe file name */
  XQ_RATING_ERROR_PARSE,       /* the file is not a ratings file (located) */
  XQ_RATING_ERROR_IO,          /* could not be read or written */
} XqRatingError;

/* The Glicko-2 system constant and convergence tolerance (docs/rating.md). */
#define XQ_RATING_TAU      0.5
#define XQ_RATING_EPSILON  0.000001
#define XQ_RATING_SCALE    173.7178

/* Where a new learner starts. */
#define XQ_RATING_LEARNER_START      1200.0
#define XQ_RATING_START_DEVIATION    350.0
#define XQ_RATING_START_VOLATILITY   0.06
/* A seeded puzzle is less uncertain than an unknown learner. */
#define XQ_RATING_PUZZLE_DEVIATION   200.0

/* Bounds kept on load and after every update: XQ_RATING_MIN and
 * XQ_RATING_MAX are in xq-exercise.h, where the lesson loader bounds a
 * pack's "min-rating" by them without including this header. */
#define XQ_RATING_MIN_DEVIATION 30.0
#define XQ_RATING_MAX_VOLATILITY 0.5
#define XQ_RATING_MAX_PUZZLES  10000
#define XQ_RATING_MAX_FILE     (2 * 1024 * 1024)

typedef struct {
  double rating;      /* Glicko scale, 1500 is the middle */
  double deviation;   /* RD */
  double volatility;  /* σ */
} XqGlicko;

/* One rating period: player against n opponents with scores 0..1, on the
 * values before the period.  n 0: only the deviation grows. */
void      xq_glicko_update        (XqGlicko *player, const XqGlicko *opponents,
                                   const double *scores, guint n);

/* An attempt's score: 1 solved clean; solved without a wrong move but with
 * hints 1 − hints/3 (the third hint shows the move: 0); any wrong move 0. */
double    xq_rating_attempt_score (int wrong, int hints, gboolean solved);

/* A puzzle's starting rating from its depth and difficulty. */
double    xq_rating_seed          (int mate_in, int difficulty);

typedef struct _XqRatings XqRatings;

XqRatings *xq_ratings_new          (const char *learner);
void       xq_ratings_free         (XqRatings *ratings);
const char *xq_ratings_get_learner_id (const XqRatings *ratings);
XqGlicko   xq_ratings_get_learner  (const XqRatings *ratings);
guint      xq_ratings_get_attempts (const XqRatings *ratings);
/* The rating a child is shown: Glicko-2 moves a new learner's rating by
 * hundreds on one result (its deviation starts at 350), so the number on
 * screen starts at the learner's start and takes a growing share of the
 * change, attempts / XQ_RATING_SHOWN_SETTLE, until that many results are in;
 * from then on it is the rating, rounded.  The stored rating is never
 * damped (docs/rating.md). */
#define XQ_RATING_SHOWN_SETTLE 10
int        xq_ratings_get_shown    (const XqRatings *ratings);
/* The puzzle's rating on this computer, else its seed. */
XqGlicko   xq_ratings_get_puzzle   (const XqRatings *ratings, const XqPuzzle *puzzle);
/* Moves learner and puzzle by one attempt (xq_rating_attempt_score). */
void       xq_ratings_record       (XqRatings *ratings, const XqPuzzle *puzzle, double score);

/* Streak mode's record: the longest run of clean solves in one streak. */
int        xq_ratings_get_best_run (const XqRatings *ratings);
/* Keeps the longer; TRUE if run is a new best. */
gboolean   xq_ratings_offer_run    (XqRatings *ratings, int run);

char      *xq_ratings_to_data      (const XqRatings *ratings);
/* NULL with XQ_RATING_ERROR_PARSE naming file and JSON path on anything
 * out of bounds. */
XqRatings *xq_ratings_load_data    (const char *data, gssize length, const char *learner,
                                    const char *file_name, GError **error);

/* "<dir>/<learner>.ratings.json", NULL for an unsafe learner id. */
char      *xq_ratings_path         (const char *dir, const char *learner);
/* A missing file gives fresh ratings.  A damaged one is set aside, fresh
 * ratings are returned and *report (if not NULL) says what happened,
 * translated.  NULL only for a bad id or a file that cannot be read. */
XqRatings *xq_ratings_load         (const char *dir, const char *learner, char **report,
                                    GError **error);
/* Saves, first making this side's attempts since the last load or save
 * again on the file's values if another process saved meanwhile (two
 * windows, or two computers on one profile): no attempt is lost.  The
 * ratings then hold what was saved. */
gboolean   xq_ratings_save         (XqRatings *ratings, const char *dir, GError **error);

/* The advanced tier: a pack with a "min-rating" opens once the learner's
 * shown rating (xq_ratings_get_shown, the number on the Puzzles page)
 * reaches it.  Until then Next for Me does not offer its puzzles and the
 * page shows it locked (docs/puzzle-drill.md).  A pack without one is open. */
gboolean   xq_ratings_pack_open    (const XqRatings *ratings, const XqPuzzlePack *pack);

/* Whether a puzzle counts as solved, for the choice below. */
typedef gboolean (*XqPuzzleSolvedFunc) (const XqPuzzle *puzzle, gpointer user_data);

/* Across the packs (XqPuzzlePack*) open to the learner, the unsolved
 * puzzle whose rating is nearest the learner's; ties go to the lower rating, then the pack id,
 * then the order in the pack.  FALSE if every puzzle is solved. */
gboolean   xq_ratings_next_puzzle  (const XqRatings *ratings, GPtrArray *packs,
                                    XqPuzzleSolvedFunc solved, gpointer user_data,
                                    guint *pack_index, guint *puzzle_index);

/* The puzzle of the day: the same for everyone on one date, without a
 * network, from the packs open to all (no "min-rating").  FALSE if there are no puzzles. */
gboolean   xq_rating_daily_puzzle  (GPtrArray *packs, GDate *date,
                                    guint *pack_index, guint *puzzle_index);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqRatings, xq_ratings_free)

G_END_DECLS
