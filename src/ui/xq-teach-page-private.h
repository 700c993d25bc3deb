/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-teach-page-private.h: what the files of XqTeachPage share —
 * xq-teach-page.c (the unit, the editor, publishing, drafts, the preview)
 * and xq-teach-page-share.c (Print and Share: worksheets, PDF, packs,
 * imports, in a worker).  The unit list is its own widget (xq-unit-list.h). */
#pragma once

#include <adwaita.h>

#include "xq-teach-page.h"
#include "xq-teach-work.h"
#include "xq-unit-list.h"

G_BEGIN_DECLS

struct _XqTeachPage
{
  GtkBox parent_instance;

  /* Template widgets */
  XqExerciseEditor *editor;
  GtkEntry         *unit_title;
  GtkEntry         *unit_id;
  GtkLabel         *status;
  GtkWidget        *publish_button;
  GtkWidget        *share_menu;
  GtkPopover       *share_popover;
  GtkSpinner       *job_spinner;
  GtkWidget        *job_cancel;
  GtkProgressBar   *job_progress;
  GtkWidget        *import_bar;
  GtkWidget        *import_stop;
  XqUnitList       *unit_list;
  GtkSpinButton    *unit_number;
  AdwToastOverlay  *toasts;

  /* Owned */
  char             *units_dir;
  char             *id;
  GPtrArray        *exercises;   /* JsonObject*: the unit's exercises */
  GCancellable     *job;         /* the import or export under way */
  gboolean          on_disk;     /* the current unit has a file */
  gboolean          updating;    /* the page sets its own widgets */
  gboolean          replace;     /* the next pack import may replace units */
  char            **export_units; /* the units chosen for the next export */
  char             *author;       /* the author of exported packs */
  char             *import_path;  /* the pack waiting for "Replace" */
  char             *fallback_title;
  char             *undo_action;  /* the last toast's Undo, while it is on show */
  GVariant         *undo_target;
  char            **import_paths; /* the game files and folders of the next import */
  char             *import_name;  /* the unit's name the teacher typed for it */
  GTask            *import_task;  /* the import of games under way, for its progress */
  guint             progress_tick;
  char             *import_summary; /* what the last import's dialog says */
  char             *import_details;
};

/* xq-teach-page.c */
void        xq_teach_page_set_status       (XqTeachPage *self, const char *text, gboolean error);
/* Reads the current unit from disk into the page and the unit list. */
void        xq_teach_page_load_unit        (XqTeachPage *self);
/* The title typed, or one no other unit has. */
const char *xq_teach_page_unit_title       (XqTeachPage *self);

/* xq-teach-page-share.c */
/* Binds the Print and Share menu's template callbacks. */
void        xq_teach_page_class_init_share (GtkWidgetClass *widget_class);
/* Starts a job from the page, with its Stop button (and for an import of
 * games its progress bar); the page shows the result. */
void        xq_teach_page_start_job        (XqTeachPage *self, XqTeachJob kind, const char *path);

/* xq-teach-page-import.c */
/* Shows the progress of the import task (a ref is taken) until it ends. */
void        xq_teach_page_watch_import     (XqTeachPage *self, GTask *task);
void        xq_teach_page_unwatch_import   (XqTeachPage *self);
/* Shows what an import of games made, or why it made nothing. */
void        xq_teach_page_show_import      (XqTeachPage *self, XqTeachWork *job, const GError *error);
/* The Import Games dialog: files or a folder, the unit's name. */
void        xq_teach_page_import_dialog    (XqTeachPage *self);


G_END_DECLS
