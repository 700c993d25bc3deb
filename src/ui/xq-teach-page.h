/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-teach-page.h: the Teach page — the teacher's own unit (kept in
 * g_get_user_data_dir()/xiangqi-tutor/units/), the exercise editor, drafts,
 * publishing a valid exercise into the unit, the list of the teacher's
 * units (xq-unit-list.h) with their menus and undo, the projector, printing
 * worksheets and answer keys, PDF export, and lesson packs to share
 * (xq-teach-page-share.c). */
#pragma once

#include <gtk/gtk.h>

#include "xq-teach-work.h"

#include "xq-exercise-editor.h"
#include "xq-projector-window.h"

G_BEGIN_DECLS

#define XQ_TYPE_TEACH_PAGE (xq_teach_page_get_type ())
G_DECLARE_FINAL_TYPE (XqTeachPage, xq_teach_page, XQ, TEACH_PAGE, GtkBox)

GtkWidget        *xq_teach_page_new                 (void);

XqExerciseEditor *xq_teach_page_get_exercise_editor (XqTeachPage *self);
/* Where units are read and written (default: the user data dir); loads
 * the current unit from there if it exists. */
void              xq_teach_page_set_units_dir       (XqTeachPage *self, const char *dir);
const char       *xq_teach_page_get_units_dir       (XqTeachPage *self);
/* Switches to the unit with this id (loading it if saved before). */
void              xq_teach_page_set_unit            (XqTeachPage *self, const char *id, const char *title);
/* The unit's file: the one with its id in the units dir, else
 * <units dir>/<unit id>.json for a unit not saved yet. */
char             *xq_teach_page_get_unit_path       (XqTeachPage *self);
guint             xq_teach_page_get_n_exercises     (XqTeachPage *self);
const char       *xq_teach_page_get_unit_id         (XqTeachPage *self);
/* The teacher's units in the list ("My units"), as on disk. */
guint             xq_teach_page_get_n_units         (XqTeachPage *self);
/* Undoes the last deletion (of a unit or an exercise) while its toast is
 * on show; FALSE when there is nothing to undo. */
gboolean          xq_teach_page_undo                (XqTeachPage *self);
/* What the next pack export takes: the unit files (NULL: every unit) and
 * the author (NULL or "": none). */
void              xq_teach_page_set_export          (XqTeachPage *self, const char *const *units,
                                                     const char *author);
/* The next pack import replaces units of the same id (the page asks
 * first when the teacher imports). */
void              xq_teach_page_set_replace         (XqTeachPage *self, gboolean replace);

/* Adds (or replaces, by id) the editor's exercise in the unit and saves
 * the unit.  Refused while the exercise has problems: drafts only. */
gboolean          xq_teach_page_publish             (XqTeachPage *self, GError **error);
/* Saves the editor's exercise, valid or not, under <units dir>/drafts/.
 * Returns the file written. */
char             *xq_teach_page_save_draft          (XqTeachPage *self, GError **error);
/* Puts a saved draft (or any exercise object file) back into the editor. */
gboolean          xq_teach_page_open_draft          (XqTeachPage *self, const char *path, GError **error);


/* Runs a job in a worker and returns at once.  Cancelling stops it at the
 * next step and before anything is written: a stopped import installs
 * nothing, a stopped export writes no file. */
void              xq_teach_page_run_job_async       (XqTeachPage *self, XqTeachJob job, const char *path,
                                                     GCancellable *cancellable, GAsyncReadyCallback callback,
                                                     gpointer user_data);
/* After an import, the current unit is read again. */
gboolean          xq_teach_page_run_job_finish      (XqTeachPage *self, GAsyncResult *result, GError **error);

/* Imports the game files and folders at paths (folders walked, see
 * xq_import_find_files) as one new unit named name (NULL or "": from the
 * files), in a worker with a progress bar and Stop, as the Import Games
 * dialog does; when it is done the page opens the new unit and a dialog
 * gives the summary. */
void              xq_teach_page_import_games        (XqTeachPage *self, const char *const *paths,
                                                     const char *name);
/* A job started from the page (an import, an export) is under way. */
gboolean          xq_teach_page_is_busy             (XqTeachPage *self);
/* What the last import of games showed in its dialog: the summary ("2
 * puzzles, 1 game, 4 skipped — …") and the details (one line per skipped
 * record); NULL while an import runs, after a stopped one, or before any. */
const char       *xq_teach_page_get_import_summary  (XqTeachPage *self);
const char       *xq_teach_page_get_import_details  (XqTeachPage *self);
/* The bar an import of games shows meanwhile, with its progress and its
 * Stop button (for tests). */
GtkWidget        *xq_teach_page_get_stop_button     (XqTeachPage *self);
GtkWidget        *xq_teach_page_get_job_progress    (XqTeachPage *self);

/* Opens the projector on the editor's position and prompt. */
XqProjectorWindow *xq_teach_page_open_projector     (XqTeachPage *self);

G_END_DECLS
