/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-lesson-marks"

#include "config.h"

#include <string.h>

#include "xq-lesson-marks.h"

static const char *const role_names[XQ_LESSON_N_ROLES] = {
  [XQ_LESSON_ROLE_HIGHLIGHT] = "highlight",
  [XQ_LESSON_ROLE_TARGET]    = "target",
  [XQ_LESSON_ROLE_MOVE]      = "move",
  [XQ_LESSON_ROLE_CORRECT]   = "correct",
  [XQ_LESSON_ROLE_WRONG]     = "wrong",
  [XQ_LESSON_ROLE_MISSING]   = "missing",
  [XQ_LESSON_ROLE_BLOCKER]   = "blocker",
  [XQ_LESSON_ROLE_SCREEN]    = "screen",
  [XQ_LESSON_ROLE_ATTACK]    = "attack",
  [XQ_LESSON_ROLE_STAR]      = "star",
};

static const char *const color_names[XQ_LESSON_N_COLORS] = {
  [XQ_LESSON_COLOR_NONE]   = NULL,
  [XQ_LESSON_COLOR_PURPLE] = "purple",
  [XQ_LESSON_COLOR_RED]    = "red",
  [XQ_LESSON_COLOR_GREEN]  = "green",
  [XQ_LESSON_COLOR_BLUE]   = "blue",
};

void
xq_lesson_marks_clear (XqLessonMarks *marks)
{
  g_return_if_fail (marks != NULL);
  marks->n_marks = 0;
}

/* The index of the mark of this kind on sq (to: arrows), or -1; role and
 * colour are compared only when wanted. */
static int
find_mark (const XqLessonMarks *marks, XqLessonMarkKind kind, const XqLessonMarkRole *role,
           const XqLessonMarkColor *color, XqSquare sq, XqSquare to)
{
  for (int i = 0; i < marks->n_marks; i++)
    {
      const XqLessonMark *m = &marks->marks[i];
      if (m->kind == kind && m->sq == sq && (kind != XQ_LESSON_MARK_ARROW || m->to == to) &&
          (role == NULL || m->role == *role) && (color == NULL || m->color == *color))
        return i;
    }
  return -1;
}

gboolean
xq_lesson_marks_has (const XqLessonMarks *marks, XqLessonMarkKind kind,
                     XqLessonMarkRole role, XqSquare sq, XqSquare to)
{
  g_return_val_if_fail (marks != NULL, FALSE);
  return find_mark (marks, kind, &role, NULL, sq, to) >= 0;
}

static gboolean
add_mark (XqLessonMarks *marks, XqLessonMarkKind kind, XqLessonMarkRole role,
          XqLessonMarkColor color, XqSquare sq, XqSquare to)
{
  XqLessonMark *m;

  if (sq < 0 || sq >= XQ_SQUARES || marks->n_marks >= XQ_LESSON_MAX_MARKS)
    return FALSE;
  if (kind == XQ_LESSON_MARK_ARROW && (to < 0 || to >= XQ_SQUARES || to == sq))
    return FALSE;
  if ((int) color < 0 || color >= XQ_LESSON_N_COLORS)
    return FALSE;
  /* Feedback is often built from overlapping reasons; one mark is enough. */
  if (find_mark (marks, kind, &role, &color, sq, to) >= 0)
    return TRUE;
  m = &marks->marks[marks->n_marks++];
  m->kind = kind;
  m->role = role;
  m->color = color;
  m->sq = sq;
  m->to = kind == XQ_LESSON_MARK_ARROW ? to : XQ_NO_SQUARE;
  return TRUE;
}

gboolean
xq_lesson_marks_add (XqLessonMarks *marks, XqLessonMarkKind kind,
                     XqLessonMarkRole role, XqSquare sq)
{
  g_return_val_if_fail (marks != NULL, FALSE);
  g_return_val_if_fail (kind != XQ_LESSON_MARK_ARROW, FALSE);
  return add_mark (marks, kind, role, XQ_LESSON_COLOR_NONE, sq, XQ_NO_SQUARE);
}

gboolean
xq_lesson_marks_add_arrow (XqLessonMarks *marks, XqLessonMarkRole role,
                           XqSquare from, XqSquare to)
{
  g_return_val_if_fail (marks != NULL, FALSE);
  return add_mark (marks, XQ_LESSON_MARK_ARROW, role, XQ_LESSON_COLOR_NONE, from, to);
}

gboolean
xq_lesson_marks_add_full (XqLessonMarks *marks, XqLessonMarkKind kind, XqLessonMarkRole role,
                          XqLessonMarkColor color, XqSquare sq, XqSquare to)
{
  g_return_val_if_fail (marks != NULL, FALSE);
  return add_mark (marks, kind, role, color, sq, kind == XQ_LESSON_MARK_ARROW ? to : XQ_NO_SQUARE);
}

gboolean
xq_lesson_marks_append (XqLessonMarks *into, const XqLessonMarks *from)
{
  gboolean all = TRUE;

  g_return_val_if_fail (into != NULL && from != NULL, FALSE);
  for (int i = 0; i < from->n_marks; i++)
    {
      const XqLessonMark *m = &from->marks[i];
      all &= add_mark (into, m->kind, m->role, m->color, m->sq, m->to);
    }
  return all;
}

gboolean
xq_lesson_marks_toggle (XqLessonMarks *marks, XqLessonMarkKind kind, XqLessonMarkColor color,
                        XqSquare sq, XqSquare to)
{
  int i;

  g_return_val_if_fail (marks != NULL, FALSE);
  i = find_mark (marks, kind, NULL, NULL, sq, to);
  if (i < 0)
    return add_mark (marks, kind, XQ_LESSON_ROLE_HIGHLIGHT, color, sq, to);
  memmove (&marks->marks[i], &marks->marks[i + 1], (size_t) (marks->n_marks - i - 1) * sizeof marks->marks[0]);
  marks->n_marks--;
  return FALSE;
}

/* The index of name in a table of n names (NULL entries skipped), or -1. */
static int
find_name (const char *const *names, int n, const char *name)
{
  for (int i = 0; i < n; i++)
    if (names[i] != NULL && strcmp (names[i], name) == 0)
      return i;
  return -1;
}

const char *
xq_lesson_mark_role_name (XqLessonMarkRole role)
{
  g_return_val_if_fail ((int) role >= 0 && role < XQ_LESSON_N_ROLES, NULL);
  return role_names[role];
}

int
xq_lesson_mark_role_from_name (const char *name)
{
  g_return_val_if_fail (name != NULL, -1);
  return find_name (role_names, XQ_LESSON_N_ROLES, name);
}

const char *
xq_lesson_mark_color_name (XqLessonMarkColor color)
{
  g_return_val_if_fail ((int) color >= 0 && color < XQ_LESSON_N_COLORS, NULL);
  return color_names[color];
}

int
xq_lesson_mark_color_from_name (const char *name)
{
  g_return_val_if_fail (name != NULL, -1);
  return find_name (color_names, XQ_LESSON_N_COLORS, name);
}

XqColorRole
xq_lesson_mark_color_role (XqLessonMarkColor color)
{
  switch (color)
    {
    case XQ_LESSON_COLOR_PURPLE: return XQ_ROLE_HINT;
    case XQ_LESSON_COLOR_RED:    return XQ_ROLE_BAD;
    case XQ_LESSON_COLOR_GREEN:  return XQ_ROLE_GOOD;
    case XQ_LESSON_COLOR_BLUE:   return XQ_ROLE_LAST_MOVE;
    case XQ_LESSON_COLOR_NONE:
    default:                     return XQ_ROLE_HINT;
    }
}

/* One mapping for the screen, the Play page and print alike: a ring keeps a
 * piece's character readable, an empty point gets the tinted square, and a
 * cross (which the renderer has not) becomes a red ring, the lesson board
 * drawing its cross on top. */
void
xq_lesson_marks_to_annotations (const XqLessonMarks *marks,
                                const XqPosition    *pos,
                                XqAnnotations       *annots)
{
  xq_annotations_clear (annots);
  if (marks == NULL)
    return;
  for (int i = 0; i < marks->n_marks; i++)
    {
      const XqLessonMark *m = &marks->marks[i];
      gboolean occupied = pos != NULL && pos->board[m->sq] != XQ_EMPTY;
      XqColorRole role;

      switch (m->role)
        {
        case XQ_LESSON_ROLE_CORRECT:  role = XQ_ROLE_GOOD; break;
        case XQ_LESSON_ROLE_WRONG:    role = XQ_ROLE_BAD; break;
        case XQ_LESSON_ROLE_BLOCKER:  role = XQ_ROLE_BAD; break;
        case XQ_LESSON_ROLE_ATTACK:   role = XQ_ROLE_WARNING; break;
        case XQ_LESSON_ROLE_SCREEN:   role = XQ_ROLE_WARNING; break;
        case XQ_LESSON_ROLE_MOVE:     role = XQ_ROLE_LAST_MOVE; break;
        case XQ_LESSON_ROLE_TARGET:   role = XQ_ROLE_SELECTION; break;
        case XQ_LESSON_ROLE_MISSING:  role = XQ_ROLE_HINT; break;
        case XQ_LESSON_ROLE_STAR:
        case XQ_LESSON_ROLE_HIGHLIGHT:
        default:                      role = XQ_ROLE_HINT; break;
        }
      if (m->color != XQ_LESSON_COLOR_NONE)
        role = xq_lesson_mark_color_role (m->color);

      switch (m->kind)
        {
        case XQ_LESSON_MARK_ARROW:
          xq_annotations_add_arrow (annots, role, m->sq, m->to);
          break;
        case XQ_LESSON_MARK_STAR:
          xq_annotations_add (annots, XQ_MARK_STAR, XQ_ROLE_DEFAULT, m->sq);
          break;
        case XQ_LESSON_MARK_CROSS:
          /* The renderer has no cross; a red ring says "not here" in print,
           * and the lesson board draws the cross itself on top. */
          xq_annotations_add (annots, XQ_MARK_CIRCLE, XQ_ROLE_BAD, m->sq);
          break;
        case XQ_LESSON_MARK_CIRCLE:
          xq_annotations_add (annots, XQ_MARK_CIRCLE, role, m->sq);
          break;
        case XQ_LESSON_MARK_POINT:
        default:
          /* A ring keeps a piece's character readable; an empty point gets
           * the tinted square. */
          xq_annotations_add (annots, occupied ? XQ_MARK_CIRCLE : XQ_MARK_HIGHLIGHT, role, m->sq);
          break;
        }
    }
}
