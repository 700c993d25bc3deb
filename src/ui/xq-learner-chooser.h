/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-learner-chooser.h: the learner profiles of one computer — choose who
 * is learning, add a learner, rename one, reset one learner's stars or
 * remove one (with undo); and the class: add a class list, export the
 * results as CSV, save the one-page class report. */
#pragma once

#include <gtk/gtk.h>

#include "xq-class.h"
#include "xq-progress.h"

G_BEGIN_DECLS

#define XQ_TYPE_LEARNER_CHOOSER (xq_learner_chooser_get_type ())
G_DECLARE_FINAL_TYPE (XqLearnerChooser, xq_learner_chooser, XQ, LEARNER_CHOOSER, GtkWidget)

GtkWidget  *xq_learner_chooser_new          (void);
/* The store is borrowed; the list is read again from it. */
void        xq_learner_chooser_set_store    (XqLearnerChooser *self, XqProgressStore *store);
void        xq_learner_chooser_reload       (XqLearnerChooser *self);
/* Marks the learner shown as chosen (does not emit ::learner-chosen). */
void        xq_learner_chooser_set_current  (XqLearnerChooser *self, const char *learner);
const char *xq_learner_chooser_get_current  (XqLearnerChooser *self);

/* What the buttons do, also for tests.  Each emits ::learner-chosen or
 * ::learner-changed as the buttons would.  Names are what people see; ids
 * are made from them. */
char       *xq_learner_chooser_add          (XqLearnerChooser *self, const char *name, GError **error);
/* The same, saying whether the learner wants everything read aloud by
 * itself (XqProgress.speak; the New Learner box asks). */
char       *xq_learner_chooser_add_full     (XqLearnerChooser *self, const char *name, gboolean speak,
                                             GError **error);
gboolean    xq_learner_chooser_choose       (XqLearnerChooser *self, const char *learner);
gboolean    xq_learner_chooser_rename       (XqLearnerChooser *self, const char *learner,
                                             const char *name, GError **error);
/* Forgets the learner's stars (after the dialog's confirmation). */
gboolean    xq_learner_chooser_reset        (XqLearnerChooser *self, const char *learner, GError **error);

/* Shows the confirmation naming the learner (what a row's Remove button
 * does); the text shown, NULL when hidden. */
void        xq_learner_chooser_ask_remove   (XqLearnerChooser *self, const char *learner);
const char *xq_learner_chooser_get_confirm_text (XqLearnerChooser *self);
/* Removes the learner and every file of theirs (after the confirmation)
 * and shows the undo bar for a few seconds.  Removing the current learner
 * chooses the default profile and says so. */
gboolean    xq_learner_chooser_remove       (XqLearnerChooser *self, const char *learner, GError **error);
/* The undo bar's text, NULL when no removal can be undone. */
const char *xq_learner_chooser_get_undo_text (XqLearnerChooser *self);
/* The name the Change the Name entry offers: the current learner's. */
const char *xq_learner_chooser_get_rename_text (XqLearnerChooser *self);
/* Brings the files back byte for byte (and the learner, if current). */
gboolean    xq_learner_chooser_undo_remove  (XqLearnerChooser *self, GError **error);
/* Shows only the learners whose name holds text (case folded), as typing
 * in the search does; returns how many are shown. */
guint       xq_learner_chooser_search       (XqLearnerChooser *self, const char *text);
/* The message under the list (what became of the default profile when
 * the first named learner was added), NULL when hidden. */
const char *xq_learner_chooser_get_notice_text (XqLearnerChooser *self);
/* Adds a class list in a thread, then says which names were not added
 * (what "Add a Class List…" does once a file is chosen). */
gboolean    xq_learner_chooser_add_list_file (XqLearnerChooser *self, const char *path);
/* The outcome of a class list as told to the teacher. */
char       *xq_learner_chooser_describe_list (GPtrArray *entries);

G_END_DECLS
