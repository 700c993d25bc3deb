/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-projector-window-private.h: the projector's parts, shared by its
 * files (xq-projector-window.c: the board, the steps, the drawing;
 * xq-projector-window-class.c: following the class). */
#pragma once

#include "xq-kind.h"
#include "xq-mark-palette.h"
#include "xq-projector-window.h"

G_BEGIN_DECLS

/* One exercise as the projector shows it: copied from the unit. */
typedef struct {
  XqPosition    pos;
  XqAnnotations marks;
  char         *prompt;
  XqExercisePieces pieces;
} Item;

typedef struct {
  XqMove move;
  XqUndo undo;
} Played;

struct _XqProjectorWindow
{
  AdwWindow parent_instance;

  /* Child widgets */
  XqEditorBoard  *board;
  GtkLabel       *prompt;
  GtkLabel       *status;
  AdwWindowTitle *title;
  GtkWidget      *previous_button;
  GtkWidget      *next_button;
  GtkWidget      *undo_button;
  GtkWidget      *reset_button;
  XqMarkPalette  *palette;

  /* Owned */
  GPtrArray      *items;      /* Item*: the unit shown, empty for a lone position */
  int             index;      /* into items, -1 for a lone position */
  XqPosition      start;      /* the position shown before any demonstration move */
  XqAnnotations   start_marks;
  GArray         *played;     /* Played: the demonstration so far */
  XqPosition      pos;
  XqSquare        selected;   /* the piece picked up to move, or XQ_NO_SQUARE */
  XqAnnotations   drawing;
  XqColorRole     color;
  GtkWindow      *owner;      /* weak: whose projector this is */
  GtkListBox     *list;       /* weak: the list followed */
  char           *unit_path;
  gboolean        selecting;  /* the projector itself selects a row */
  GCancellable   *loading;    /* the unit being read for a selection */

  /* Following the class (xq-projector-window-class.c) */
  gboolean        following;  /* the class panel decides what is shown */
  GtkWidget      *class_button;
  GtkWidget      *class_panel;
  GtkWidget      *hint;           /* under the board; in the panel while following */
  GtkWidget      *class_stack;
  GtkWidget      *units_toggle;
  GtkWidget      *learner_toggle;
  GtkWidget      *unit_drop;
  GtkWidget      *exercise_list;
  GtkWidget      *learner_drop;
  GtkWidget      *learner_label;
  GPtrArray      *class_units;    /* XqUnit*, owned: the units of lessons */
  GPtrArray      *learner_ids;    /* char*: the learners in learner_drop */
  char           *store_dir;
  char           *lessons_dir;
  char           *own_dir;
  int             class_unit;     /* into class_units: the unit shown, or -1 */
  char           *learner;        /* followed, or NULL */
  GCancellable   *class_loading;  /* the units being read */
  GFileMonitor   *monitor;        /* the learners' folder, while a learner is followed */
  guint           monitor_timeout;
  gboolean        filling;        /* the panel's widgets are being filled: no signals */
};


/* xq-projector-window-class.c */
GtkWidget *xq_projector_window_class_panel_new  (XqProjectorWindow *self);
void       xq_projector_window_class_stepped    (XqProjectorWindow *self, int index);
void       xq_projector_window_class_dispose    (XqProjectorWindow *self);

G_END_DECLS
