/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-lesson-marks.h: the plain annotation list a lesson page or a checker
 * verdict carries.  It says what a mark *means* (the blocked horse leg, the
 * cannon's screen, the attacking line); the interface maps each role onto the
 * renderer's mark kinds and colours (xq_lesson_marks_to_annotations). */
#pragma once

#include "xq-render.h"
#include "xq-types.h"

G_BEGIN_DECLS

typedef enum {
  XQ_LESSON_MARK_POINT,   /* a highlighted point */
  XQ_LESSON_MARK_ARROW,   /* an arrow from `sq` to `to` */
  XQ_LESSON_MARK_CROSS,   /* a cross on a point: "not here" */
  XQ_LESSON_MARK_STAR,    /* a star to collect */
  XQ_LESSON_MARK_CIRCLE,  /* a ring around a point: a teacher's "look at this" */
} XqLessonMarkKind;

typedef enum {
  XQ_LESSON_ROLE_HIGHLIGHT,  /* look here (a teacher's pointer) */
  XQ_LESSON_ROLE_TARGET,     /* the piece or point the exercise is about */
  XQ_LESSON_ROLE_MOVE,       /* a move being shown */
  XQ_LESSON_ROLE_CORRECT,    /* a right answer */
  XQ_LESSON_ROLE_WRONG,      /* a wrong answer */
  XQ_LESSON_ROLE_MISSING,    /* a right answer the learner did not give */
  XQ_LESSON_ROLE_BLOCKER,    /* a horse leg or elephant eye that is blocked, a piece in the way */
  XQ_LESSON_ROLE_SCREEN,     /* the cannon's screen (炮架) */
  XQ_LESSON_ROLE_ATTACK,     /* an attacking line: check, a threatened piece */
  XQ_LESSON_ROLE_STAR,       /* a star still to collect */
} XqLessonMarkRole;

#define XQ_LESSON_N_ROLES 10

/* A teacher's ink: the projector's palette, which a lesson file names
 * ("color": "red").  NONE lets the role choose the colour.  A colour is a
 * colour, not a meaning: the renderer draws it with one of its roles'
 * inks (xq_lesson_mark_color_role), but a red circle is never a wrong
 * answer. */
typedef enum {
  XQ_LESSON_COLOR_NONE,
  XQ_LESSON_COLOR_PURPLE,
  XQ_LESSON_COLOR_RED,
  XQ_LESSON_COLOR_GREEN,
  XQ_LESSON_COLOR_BLUE,
} XqLessonMarkColor;

#define XQ_LESSON_N_COLORS 5

/* Eight bytes, not twenty: every exercise, introduction page and verdict
 * carries a whole XqLessonMarks, and a curriculum holds hundreds of them
 * from start-up on (docs/building.md, "Start-up"). */
typedef struct {
  XqLessonMarkKind  kind  : 8;
  XqLessonMarkRole  role  : 8;
  XqLessonMarkColor color : 8;
  gint8             sq;    /* 0..89 */
  gint8             to;    /* arrows only, else XQ_NO_SQUARE */
} XqLessonMark;

G_STATIC_ASSERT (sizeof (XqLessonMark) <= 8);

/* Enough for every point of the board plus a few arrows. */
#define XQ_LESSON_MAX_MARKS 128

/* A plain value: put it on the stack or in a struct, clear it, add marks. */
typedef struct {
  int          n_marks;
  XqLessonMark marks[XQ_LESSON_MAX_MARKS];
} XqLessonMarks;

void     xq_lesson_marks_clear     (XqLessonMarks *marks);
/* Each returns FALSE (adding nothing) when the list is full or a square is
 * invalid.  An identical mark already present is not added twice. */
gboolean xq_lesson_marks_add       (XqLessonMarks *marks, XqLessonMarkKind kind,
                                    XqLessonMarkRole role, XqSquare sq);
gboolean xq_lesson_marks_add_arrow (XqLessonMarks *marks, XqLessonMarkRole role,
                                    XqSquare from, XqSquare to);
/* Any mark, in a colour (to: arrows only, else ignored). */
gboolean xq_lesson_marks_add_full  (XqLessonMarks *marks, XqLessonMarkKind kind,
                                    XqLessonMarkRole role, XqLessonMarkColor color,
                                    XqSquare sq, XqSquare to);
/* Appends every mark of from to into as it is (colour and all), skipping
 * those already there; FALSE when into filled up first. */
gboolean xq_lesson_marks_append    (XqLessonMarks *into, const XqLessonMarks *from);
/* A teacher's click: takes away the mark of this kind on sq (an arrow: from
 * sq to `to`), whatever its role and colour, or adds it in the colour given
 * (role HIGHLIGHT).  Returns TRUE when it added one. */
gboolean xq_lesson_marks_toggle    (XqLessonMarks *marks, XqLessonMarkKind kind,
                                    XqLessonMarkColor color, XqSquare sq, XqSquare to);
/* Does the list hold a mark of this kind and role on sq (to ignored for points)? */
gboolean xq_lesson_marks_has       (const XqLessonMarks *marks, XqLessonMarkKind kind,
                                    XqLessonMarkRole role, XqSquare sq, XqSquare to);

/* Role names as written in lesson files ("blocker"); -1 if unknown. */
const char *xq_lesson_mark_role_name      (XqLessonMarkRole role);
int         xq_lesson_mark_role_from_name (const char *name);
/* Colour names as written in lesson files ("red"); NULL for NONE, -1 if
 * unknown. */
const char *xq_lesson_mark_color_name      (XqLessonMarkColor color);
int         xq_lesson_mark_color_from_name (const char *name);
/* The renderer's role whose ink a colour is drawn in (the projector's
 * swatches are these inks on the wood theme). */
XqColorRole xq_lesson_mark_color_role      (XqLessonMarkColor color);

/* The marks as the renderer's annotations (annots is cleared first), for
 * the lesson board, the Play page and worksheets; pos tells a piece from an
 * empty point.  marks NULL: no annotations. */
void     xq_lesson_marks_to_annotations (const XqLessonMarks *marks, const XqPosition *pos,
                                         XqAnnotations *annots);

G_END_DECLS
