/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-board-view-private.h: what the files of XqBoardView share —
 * xq-board-view.c (drawing, pointer, animation), xq-board-view-access.c
 * (keyboard and screen readers) and xq-board-view-measure.c (--measure). */
#pragma once

#include "xq-board-paint.h"
#include "xq-board-view.h"

G_BEGIN_DECLS

struct _XqBoardView
{
  GtkWidget parent_instance;

  /* Owned */
  XqBoardModel    *model;
  gulong           model_changed_id;
  XqRenderCache   *cache;
  XqRenderStyle    style;
  GdkTexture      *frame;          /* board + marks + resting pieces */
  int              frame_w, frame_h;
  guint            resize_timeout; /* recompose once a live resize pauses */
  XqPieceTextures  moving;         /* for the one piece that moves freely */
  char            *announcement;
  XqAnnotations    marks;          /* the owner's, until the next press (xq_board_view_set_marks) */

  XqSquare         cursor;
  gboolean         cursor_shown;   /* only after the keyboard was used */

  /* Drag state: start point and the pointer, in widget coordinates. */
  gboolean         drag_active;
  gboolean         drag_pending;
  XqSquare         drag_from;
  double           drag_start_x, drag_start_y;
  double           drag_x, drag_y;
  gboolean         pending_deselect;
  gboolean         suppress_animation;

  /* Move animation */
  gboolean         animate;
  gboolean         sounds;
  XqMove           anim_move;
  XqPiece          anim_piece;
  gint64           anim_start;
  guint            anim_tick;
  XqMove           shown_last_move;
  XqPiece          shown_board[XQ_SQUARES];

  /* --measure */
  GArray          *measure_ms;
  int              measure_frames;
  gint64           measure_paint_start;
  guint            measure_tick;
  gulong           measure_before_id, measure_after_id;
  XqBoardViewMeasureFunc measure_done;
  gpointer         measure_data;
};

/* The resting picture is composed again at the next frame. */
void xq_board_view_invalidate_frame        (XqBoardView *self);
/* A press or Enter on sq: pick up, put down, or change the picked piece. */
void xq_board_view_activate_square         (XqBoardView *self,
                                            XqSquare     sq,
                                            gboolean     from_pointer);
/* The point under the keyboard cursor, for screen readers. */
void xq_board_view_update_accessible_label (XqBoardView *self);

extern const XqBoardKeys xq_board_view_keys;

G_END_DECLS
