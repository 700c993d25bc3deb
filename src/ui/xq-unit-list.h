/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-unit-list.h: the Teach page's left column — the teacher's units
 * (xq-unit-store.h) with their menus (move, duplicate, delete with undo),
 * New Unit, and the current unit's exercises with theirs.  The list does
 * the store's work; the page that shows it switches units, reloads and
 * puts up the messages (the signals below). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define XQ_TYPE_UNIT_LIST (xq_unit_list_get_type ())
G_DECLARE_FINAL_TYPE (XqUnitList, xq_unit_list, XQ, UNIT_LIST, GtkBox)

/* Signals:
 *   open-unit (id, title or NULL, reset): switch to the unit; reset: the
 *     editor's exercise belonged to a unit that is gone.
 *   reload (): the current unit changed on disk.
 *   status (text, error): a line for the status bar.
 *   toast (text, action, target): a change to show: a deletion or a
 *     duplicate with action (a name in the list's action group, see
 *     below) and target to undo it, an exercise moved with neither.
 *   new-unit (): New Unit was pressed.
 *   exercise-activated (index): the exercise to open in the editor. */

GtkWidget    *xq_unit_list_new              (void);
/* Shows the units in units_dir, id selected, and the exercises (JsonObject*)
 * of that unit; on_disk: the unit has a file (else its exercises cannot be
 * moved). */
void          xq_unit_list_show             (XqUnitList *self, const char *units_dir, const char *id,
                                             gboolean on_disk, GPtrArray *exercises);
/* Reads the units again (after a rename, a renumber, a publish). */
void          xq_unit_list_refresh          (XqUnitList *self);
/* XqUnitInfo*: the units as listed. */
GPtrArray    *xq_unit_list_get_units        (XqUnitList *self);
/* The exercises' list box (the projector follows its selection). */
GtkListBox   *xq_unit_list_get_exercise_box (XqUnitList *self);
/* unit-up/-down/-duplicate/-delete/-restore (s: a unit id),
 * exercise-up/-down/-duplicate/-delete (u: an index) and exercise-restore
 * ((sus): unit, index, exercise JSON).  The list puts it on itself as
 * "units"; a page may put it on itself too, for its toasts. */
GActionGroup *xq_unit_list_get_actions      (XqUnitList *self);

G_END_DECLS
