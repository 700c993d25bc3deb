/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-teach-page-private.h: what the files of XqTeachPage share —
 * xq-teach-page.c (the unit, the editor, publishing, drafts, the preview)
 * and xq-teach-page-share.c (Print and Share: worksheets, PDF, packs,
 * imports, in a worker).  The unit list is its own widget (xq-unit-list.h). */
#pragma once

#include <adwaita.h>

#include "xq-teach-page.h"
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

G_END_DECLS
