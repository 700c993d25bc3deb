/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-class-folder-panel.h: the class folder in the learner chooser — create
 * a class in a folder (a school share, a USB stick, a local folder), join
 * one (its folder or its class file), see whether this computer is in a
 * class, when it last synced and whether the folder is away, and sync.
 * Every sync runs on a worker thread (xq-class-folder.h): the learner's
 * work never waits for a slow server.  Joined, it syncs when shown and
 * every few minutes.  docs/class.md, "The class folder". */
#pragma once

#include <gtk/gtk.h>

#include "xq-progress.h"

G_BEGIN_DECLS

#define XQ_TYPE_CLASS_FOLDER_PANEL (xq_class_folder_panel_get_type ())
G_DECLARE_FINAL_TYPE (XqClassFolderPanel, xq_class_folder_panel, XQ, CLASS_FOLDER_PANEL, GtkWidget)

/* Seconds between two syncs while joined. */
#define XQ_CLASS_FOLDER_SYNC_INTERVAL 300

GtkWidget  *xq_class_folder_panel_new             (void);
/* The store whose learners are synced (not owned; NULL: none).  A joined
 * store starts a sync. */
void        xq_class_folder_panel_set_store       (XqClassFolderPanel *self, XqProgressStore *store);
/* What the buttons do once a folder (or class file) is chosen. */
void        xq_class_folder_panel_create_in       (XqClassFolderPanel *self, GFile *folder, const char *name);
void        xq_class_folder_panel_join            (XqClassFolderPanel *self, GFile *folder_or_file);
/* FALSE when a sync (or a create, a join) is under way already. */
gboolean    xq_class_folder_panel_sync            (XqClassFolderPanel *self);
gboolean    xq_class_folder_panel_get_busy        (XqClassFolderPanel *self);
const char *xq_class_folder_panel_get_status_text (XqClassFolderPanel *self);
/* What the last sync said (damaged files set aside, …); "" for nothing. */
const char *xq_class_folder_panel_get_messages_text (XqClassFolderPanel *self);

G_END_DECLS
