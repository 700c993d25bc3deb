/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-projector-window.h: a large board for the classroom projector.
 *
 * One per main window (xq_projector_window_get_for): it shows the exercise
 * the teacher selects, its position and prompt but never the hints, and
 * steps through the unit with its Previous and Next buttons, Page Up/Down
 * and the Left/Right arrows.  The teacher demonstrates with legal moves
 * (click a piece, then a point; Undo, Reset), draws arrows (right-drag) and
 * circles (right-click) in the chosen colour, and clears them with Delete.
 * F11 toggles full screen, Escape leaves it, then hides the window.
 * It can also follow the class instead (xq_projector_window_follow_class). */
#pragma once

#include <adwaita.h>

#include "xq-editor-board.h"
#include "xq-lesson.h"

G_BEGIN_DECLS

#define XQ_TYPE_PROJECTOR_WINDOW (xq_projector_window_get_type ())
G_DECLARE_FINAL_TYPE (XqProjectorWindow, xq_projector_window, XQ, PROJECTOR_WINDOW, AdwWindow)

XqProjectorWindow   *xq_projector_window_new          (GtkWindow *parent);
/* The projector of parent (made the first time; closing it only hides it,
 * so the same window comes back with its exercise). */
XqProjectorWindow   *xq_projector_window_get_for      (GtkWindow *parent);
/* A position outside any unit (the exercise being written). */
void                 xq_projector_window_set_position (XqProjectorWindow *self, const XqPosition *pos,
                                                       const char *prompt);

/* Shows exercise index of unit (its picture, marks and prompt are copied:
 * the unit may go away).  The property "index" follows, as do Next and
 * Previous; the signal ::exercise-changed (index) tells the owner when the
 * teacher steps to another exercise from the projector. */
void                 xq_projector_window_show_exercise (XqProjectorWindow *self, const XqUnit *unit, guint index);
/* Follows the selected row of list, row i being exercise i of the unit in
 * the file at unit_path (read again at each selection, in a worker, without
 * proving mates); stepping in the projector selects the row. */
void                 xq_projector_window_follow_list  (XqProjectorWindow *self, GtkListBox *list,
                                                       const char *unit_path);
/* Is the unit being read for a selection? */
gboolean             xq_projector_window_is_loading   (XqProjectorWindow *self);
int                  xq_projector_window_get_index    (XqProjectorWindow *self);  /* -1: none */
guint                xq_projector_window_get_n_exercises (XqProjectorWindow *self);
void                 xq_projector_window_next         (XqProjectorWindow *self);
void                 xq_projector_window_previous     (XqProjectorWindow *self);

/* Following the class: a panel beside the board (the header's "Follow
 * the class" button) where the teacher picks a unit of lessons (the
 * curriculum's from lessons_dir, NULL: the shipped one; then the teacher's
 * from own_dir, NULL: the user's units folder) and an exercise, or a
 * learner of the progress store at store_dir (NULL: the user's), whose
 * exercise (xq_class_learner_at) the board shows and moves on with when
 * their progress file changes.  Meanwhile the exercise editor's list and
 * set_position are not followed.  The units are read in a worker. */
void                 xq_projector_window_follow_class  (XqProjectorWindow *self, const char *store_dir,
                                                        const char *lessons_dir, const char *own_dir);
void                 xq_projector_window_stop_following (XqProjectorWindow *self);
gboolean             xq_projector_window_is_following  (XqProjectorWindow *self);
gboolean             xq_projector_window_is_loading_class (XqProjectorWindow *self);
/* Shows exercise of the unit with that id (FALSE: no such unit or exercise). */
gboolean             xq_projector_window_follow_unit   (XqProjectorWindow *self, const char *unit_id,
                                                        guint exercise);
gboolean             xq_projector_window_follow_learner (XqProjectorWindow *self, const char *learner);
/* The unit shown while following the class (NULL otherwise), and what the
 * panel says of the learner followed (NULL when none is). */
const char          *xq_projector_window_get_unit_id  (XqProjectorWindow *self);
const char          *xq_projector_window_get_learner_text (XqProjectorWindow *self);

/* Demonstration: plays m when it is legal for the side to move (FALSE and
 * nothing changes otherwise); undo takes the last one back, reset returns to
 * the exercise's position. */
gboolean             xq_projector_window_play         (XqProjectorWindow *self, XqMove m);
gboolean             xq_projector_window_undo         (XqProjectorWindow *self);
void                 xq_projector_window_reset        (XqProjectorWindow *self);
guint                xq_projector_window_get_n_played (XqProjectorWindow *self);
const XqPosition    *xq_projector_window_get_position (XqProjectorWindow *self);

/* What a right-click and a right-drag do, in the drawing colour. */
void                 xq_projector_window_set_color    (XqProjectorWindow *self, XqColorRole role);
XqColorRole          xq_projector_window_get_color    (XqProjectorWindow *self);
void                 xq_projector_window_toggle_circle (XqProjectorWindow *self, XqSquare sq);
void                 xq_projector_window_add_arrow    (XqProjectorWindow *self, XqSquare from, XqSquare to);
void                 xq_projector_window_clear_drawing (XqProjectorWindow *self);
const XqAnnotations *xq_projector_window_get_drawing  (XqProjectorWindow *self);
/* The board, for tests. */
XqEditorBoard       *xq_projector_window_get_board    (XqProjectorWindow *self);

G_END_DECLS
