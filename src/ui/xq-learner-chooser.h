/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-learner-chooser.h: the learner profiles of one computer — choose who
 * is learning, add a learner, rename one, or reset one learner's stars. */
#pragma once

#include <gtk/gtk.h>

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
gboolean    xq_learner_chooser_choose       (XqLearnerChooser *self, const char *learner);
gboolean    xq_learner_chooser_rename       (XqLearnerChooser *self, const char *learner,
                                             const char *name, GError **error);
/* Forgets the learner's stars (after the dialog's confirmation). */
gboolean    xq_learner_chooser_reset        (XqLearnerChooser *self, const char *learner, GError **error);

G_END_DECLS
