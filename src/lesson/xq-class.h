/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-class.h: one teacher's class on one computer — every learner in a
 * progress store at once.  Adding a class list (a text file of names),
 * the class results as a table (and as RFC 4180 CSV), and the one-page
 * class report.  The formats: docs/class.md. */
#pragma once

#include <glib.h>

#include "xq-class-report.h"
#include "xq-progress.h"

G_BEGIN_DECLS

/* A class list: at most this many bytes, names of at most this many
 * characters, and at most this many names. */
#define XQ_CLASS_LIST_MAX_BYTES (256 * 1024)
#define XQ_CLASS_NAME_MAX       64
#define XQ_CLASS_LIST_MAX_NAMES 500

/* A file-safe id for a name people chose ("Mei Ling" -> "mei-ling"; names
 * in other scripts give "learner-2"), numbered apart from the ids in the
 * store and in taken (may be NULL), and never the default profile's
 * (XQ_PROGRESS_DEFAULT_LEARNER). */
char *xq_class_make_id (XqProgressStore *store, const char *name, GPtrArray *taken);

typedef enum {
  XQ_CLASS_NAME_ADDED,
  XQ_CLASS_NAME_REPEATED,   /* earlier in the same list */
  XQ_CLASS_NAME_PRESENT,    /* a learner of that name is already there */
  XQ_CLASS_NAME_TOO_LONG,   /* over XQ_CLASS_NAME_MAX characters */
  XQ_CLASS_NAME_BAD,        /* control characters */
  XQ_CLASS_NAME_TOO_MANY,   /* past XQ_CLASS_LIST_MAX_NAMES */
} XqClassNameStatus;

typedef struct {
  guint              line;      /* 1-based */
  char              *name;      /* stripped */
  XqClassNameStatus  status;
  char              *learner;   /* the new id (XQ_CLASS_NAME_ADDED) or the one present */
} XqClassListEntry;

void  xq_class_list_entry_free (XqClassListEntry *entry);
/* One line for people, translated: "line 3: Mei: already in the class". */
char *xq_class_list_entry_describe (const XqClassListEntry *entry);

/* Adds a learner for every new name of a class list (UTF-8, one name a
 * line, blank lines and spaces around names ignored; ids as
 * xq_class_make_id).  Returns one entry
 * per name (XqClassListEntry*), or NULL with an error naming file_name
 * for text that is not a class list (too big, not UTF-8: with the byte)
 * or a store that cannot be written. */
GPtrArray *xq_class_add_list_data (XqProgressStore *store, const char *data, gsize length,
                                   const char *file_name, GError **error);
GPtrArray *xq_class_add_list      (XqProgressStore *store, const char *path, GError **error);

/* One column of the class report: a unit of lessons or a puzzle pack,
 * with the ids of its exercises (or puzzles) as progress keys them. */
typedef enum {
  XQ_CLASS_UNIT_CURRICULUM,   /* shipped with the program */
  XQ_CLASS_UNIT_OWN,          /* a teacher's own (the units folder) */
  XQ_CLASS_UNIT_PUZZLES,      /* a puzzle pack */
} XqClassUnitKind;

typedef struct {
  XqClassUnitKind kind;
  char           *unit;     /* the unit id in progress keys; XQ_PROGRESS_PUZZLE_UNIT for a pack */
  char           *id;       /* the unit's or the pack's own id */
  char           *title;    /* translated (a teacher's own as written) */
  GPtrArray      *items;    /* char*: the exercise (or puzzle) ids, in order */
} XqClassUnit;

void       xq_class_unit_free     (XqClassUnit *unit);

/* One row of the class results: one exercise (or puzzle) of one learner,
 * or a learner with no result yet (unit and exercise NULL). */
typedef struct {
  char *learner;
  char *name;
  char *unit;
  char *exercise;
  int   stars;
  int   hints;           /* -1: not known */
  char  date[11];        /* "": not known */
  int   puzzles_solved;  /* the learner's */
  int   streak;
  int   best_streak;
  int   review_due;      /* the learner's review items due (xq-review.h) */
} XqClassRow;

/* Every learner's rows, learners by id (XqClassRow*), their rows in the
 * order of units (XqClassUnit*, as xq_class_units_load gives them:
 * unit by unit, each in its exercises' order), results of no unit there
 * after them by unit id then exercise id (units NULL: all so); the
 * review items counted due on now's day. */
GPtrArray *xq_class_results      (XqProgressStore *store, GPtrArray *units, GDateTime *now,
                                  GError **error);
/* The results as CSV: a header row, CRLF line ends, fields quoted where
 * RFC 4180 needs it. */
char      *xq_class_results_csv  (GPtrArray *rows);
gboolean   xq_class_export_csv   (XqProgressStore *store, GPtrArray *units, GDateTime *now,
                                  const char *path, GError **error);

/* The units a report counts, in the order the class meets them: the
 * curriculum's by number (lessons_dir; NULL: the curriculum shipped),
 * then the teacher's own by number (own_dir; NULL: the user's units
 * folder, xq_pack_user_units_dir; a missing folder has none), then the
 * puzzle packs (lessons_dir/puzzles, then packs in own_dir) by file name.
 * A unit whose id came already is left out.  A file that does not load
 * adds its problems (XqLessonProblem*) and is left out.  Loads lessons:
 * not for the main thread. */
GPtrArray *xq_class_units_load    (const char *lessons_dir, const char *own_dir, GPtrArray *problems);

/* The units of lessons alone (XqUnit*, owned), in the same order: the
 * curriculum's by number, then the teacher's by number; *n_curriculum
 * (optional) says how many are the curriculum's. */
GPtrArray *xq_class_lesson_units_load (const char *lessons_dir, const char *own_dir, guint *n_curriculum,
                                       GPtrArray *problems);

/* Every learner of a store (XqProgress*, by id): the data a report is
 * made of.  Another source (a class folder) gives the same array. */
GPtrArray *xq_class_learners_load (XqProgressStore *store, GError **error);

/* The class report of learners (XqProgress*, in the order given) over
 * units (XqClassUnit*): each cell the stars and exercises done of the
 * unit's present exercises, each learner's last activity the latest date
 * of their results.  title NULL: "Class Report". */
XqClassReport *xq_class_report_build (GPtrArray *units, GPtrArray *learners, const char *title);

/* Where a learner is in the lessons (units: XqUnit*, in the order the
 * class meets them): in the unit of their latest dated result (or, with
 * no date known, the last unit they have stars in), the first exercise
 * without stars; when that unit is done, the first without stars of the
 * units after it; when everything after is done too, the unit's last
 * exercise.  A learner with no stars is at the first exercise.  FALSE
 * when no unit has an exercise. */
gboolean   xq_class_learner_at    (GPtrArray *units, const XqProgress *progress, guint *unit,
                                   guint *exercise);

/* The report of a store's learners over xq_class_units_load (lessons_dir,
 * own_dir), written as PDF (A4 landscape, as many pages as it needs).
 * Loads lessons: not for the main thread. */
gboolean   xq_class_write_report  (XqProgressStore *store, const char *lessons_dir, const char *own_dir,
                                   const char *title, const char *path, GError **error);

G_END_DECLS
