/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-variant-board"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "xq-board-paint.h"
#include "xq-board-settings.h"
#include "xq-variant-board.h"

/* A flip: the back narrows to an edge, then the face widens out of it.
 * Short enough not to hold up play, long enough to see which piece turned. */
#define FLIP_USEC (280 * 1000)

struct _XqVariantBoard
{
  GtkWidget parent_instance;

  XqRenderCache *cache;
  XqRenderStyle  style;
  XqScene        scene;
  GdkTexture    *frame;           /* board, marks and the resting pieces */
  int            frame_w, frame_h;

  int            selected;
  int            targets[XQ_SQUARES];
  int            n_targets;
  int            last_from, last_to;
  int            arrows[4];       /* from, to of up to two arrows */
  int            n_arrows;

  /* The keyboard: the cell under the cursor, and whether the cursor is
   * drawn (after the first key press, not after a click). */
  int            cursor;
  gboolean       cursor_shown;
  char          *announcement;

  gboolean       animate;
  int            flip_cell;       /* the cell being turned over, or -1 */
  XqToken        flip_old;        /* what it showed before */
  gint64         flip_start;
  guint          flip_tick;
};

G_DEFINE_FINAL_TYPE (XqVariantBoard, xq_variant_board, GTK_TYPE_WIDGET)

enum {
  CELL_CLICKED,
  N_SIGNALS
};

static guint signals [N_SIGNALS];

enum {
  PROP_0,
  PROP_STYLE,   /* the XQ_BOARD_STYLE_N_PROPS style properties from here */
  N_PROPS = PROP_STYLE + XQ_BOARD_STYLE_N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
invalidate_frame (XqVariantBoard *self)
{
  g_clear_object (&self->frame);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static int
scale_factor (XqVariantBoard *self)
{
  return MAX (1, gtk_widget_get_scale_factor (GTK_WIDGET (self)));
}

static void
geometry (XqVariantBoard *self, int scale, XqBoardGeometry *geom)
{
  xq_board_paint_scene_geometry (GTK_WIDGET (self), self->scene.shape, self->style.flipped, scale, geom);
}

static void
build_annotations (XqVariantBoard *self, XqAnnotations *annots)
{
  xq_annotations_clear (annots);
  if (self->last_from >= 0)
    xq_annotations_add (annots, XQ_MARK_LAST_MOVE, XQ_ROLE_LAST_MOVE, self->last_from);
  if (self->last_to >= 0 && self->last_to != self->last_from)
    xq_annotations_add (annots, XQ_MARK_LAST_MOVE, XQ_ROLE_LAST_MOVE, self->last_to);
  if (self->selected >= 0)
    xq_annotations_add (annots, XQ_MARK_HIGHLIGHT, XQ_ROLE_SELECTION, self->selected);
  for (int i = 0; i < self->n_targets; i++)
    xq_annotations_add (annots, XQ_MARK_DOT, XQ_ROLE_DEFAULT, self->targets[i]);
  /* The renderer's arrow, as on the main board; a flip (from == to) has none. */
  for (int i = 0; i < self->n_arrows; i++)
    if (self->arrows[2 * i] >= 0)
      xq_annotations_add_arrow (annots, XQ_ROLE_LAST_MOVE, self->arrows[2 * i], self->arrows[2 * i + 1]);
}

static void
ensure_frame (XqVariantBoard *self, int width, int height)
{
  XqAnnotations annots;
  XqScene scene = self->scene;
  cairo_surface_t *surface;

  if (self->frame != NULL && self->frame_w == width && self->frame_h == height)
    return;
  g_clear_object (&self->frame);
  /* The turning piece is drawn on its own, over the frame. */
  if (self->flip_cell >= 0)
    scene.tokens[self->flip_cell].kind = XQ_TOKEN_EMPTY;
  build_annotations (self, &annots);
  surface = xq_render_cache_compose_scene (self->cache, &scene, &self->style, &annots, width, height);
  self->frame = xq_board_paint_texture_for_surface (surface);
  self->frame_w = width;
  self->frame_h = height;
  cairo_surface_destroy (surface);
}

static void
stop_flip (XqVariantBoard *self)
{
  if (self->flip_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->flip_tick);
  self->flip_tick = 0;
  if (self->flip_cell >= 0)
    {
      self->flip_cell = -1;
      invalidate_frame (self);
    }
}

static gboolean
flip_tick_cb (GtkWidget     *widget,
              GdkFrameClock *clock,
              gpointer       user_data)
{
  XqVariantBoard *self = XQ_VARIANT_BOARD (widget);

  if (gdk_frame_clock_get_frame_time (clock) - self->flip_start >= FLIP_USEC)
    {
      self->flip_tick = 0;
      self->flip_cell = -1;
      invalidate_frame (self);
      return G_SOURCE_REMOVE;
    }
  gtk_widget_queue_draw (widget);
  return G_SOURCE_CONTINUE;
}

static void
xq_variant_board_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  XqVariantBoard *self = XQ_VARIANT_BOARD (widget);
  int scale = scale_factor (self);
  int width = gtk_widget_get_width (widget) * scale;
  int height = gtk_widget_get_height (widget) * scale;

  if (width <= 0 || height <= 0)
    return;
  gtk_snapshot_save (snapshot);
  if (scale != 1)
    gtk_snapshot_scale (snapshot, 1.0 / scale, 1.0 / scale);
  ensure_frame (self, width, height);
  gtk_snapshot_append_texture (snapshot, self->frame, &GRAPHENE_RECT_INIT (0, 0, width, height));

  if (self->flip_cell >= 0)
    {
      XqBoardGeometry geom;
      double cx, cy, t, side;
      const XqToken *shown;
      cairo_t *cr;

      geometry (self, scale, &geom);
      xq_board_geometry_center (&geom, self->flip_cell, &cx, &cy);
      t = (double) (g_get_monotonic_time () - self->flip_start) / FLIP_USEC;
      t = CLAMP (t, 0.0, 1.0);
      shown = t < 0.5 ? &self->flip_old : &self->scene.tokens[self->flip_cell];
      side = 2 * xq_board_geometry_piece_radius (&geom) * 1.3;
      cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (cx - side / 2, cy - side / 2, side, side));
      xq_render_cache_draw_token (self->cache, cr, shown, &self->style, &geom, cx, cy,
                                  MAX (fabs (1 - 2 * t), 0.02));
      cairo_destroy (cr);
    }
  if (self->cursor_shown && gtk_widget_has_focus (widget) && self->cursor >= 0)
    {
      XqBoardGeometry geom;
      GskRoundedRect ring;
      GdkRGBA accent;
      double cx, cy, r;

      geometry (self, scale, &geom);
      xq_board_geometry_center (&geom, self->cursor, &cx, &cy);
      r = xq_board_geometry_piece_radius (&geom) + 3 * scale;
      gdk_rgba_parse (&accent, "#3584e4");
      gsk_rounded_rect_init_from_rect (&ring, &GRAPHENE_RECT_INIT (cx - r, cy - r, 2 * r, 2 * r), r);
      gtk_snapshot_append_border (snapshot, &ring,
                                  (float[4]) { 3 * scale, 3 * scale, 3 * scale, 3 * scale },
                                  (GdkRGBA[4]) { accent, accent, accent, accent });
    }
  gtk_snapshot_restore (snapshot);
}

static GtkSizeRequestMode
xq_variant_board_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void
xq_variant_board_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  XqVariantBoard *self = XQ_VARIANT_BOARD (widget);
  double aspect = xq_scene_aspect_ratio (self->scene.shape);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 240;
      *natural = self->scene.shape == XQ_BOARD_SHAPE_HALF ? 640 : 480;
    }
  else
    {
      *minimum = (int) (240 / aspect);
      *natural = (int) ((self->scene.shape == XQ_BOARD_SHAPE_HALF ? 640 : 480) / aspect);
    }
}

static void
xq_variant_board_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  invalidate_frame (XQ_VARIANT_BOARD (widget));
}

static void
released_cb (GtkGestureClick *gesture,
             int              n_press,
             double           x,
             double           y,
             XqVariantBoard  *self)
{
  int cell = xq_variant_board_pick (self, x, y);

  if (gtk_widget_get_focusable (GTK_WIDGET (self)))
    gtk_widget_grab_focus (GTK_WIDGET (self));
  self->cursor_shown = FALSE;
  if (cell != XQ_NO_SQUARE)
    {
      self->cursor = cell;
      xq_variant_board_click (self, cell);
    }
}

static void
xq_variant_board_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  XqVariantBoard *self = XQ_VARIANT_BOARD (object);

  if (prop_id >= PROP_STYLE && prop_id < N_PROPS)
    xq_board_settings_get_style (&self->style, prop_id - PROP_STYLE, value);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
xq_variant_board_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  XqVariantBoard *self = XQ_VARIANT_BOARD (object);

  if (prop_id >= PROP_STYLE && prop_id < N_PROPS)
    {
      if (xq_board_settings_set_style (&self->style, prop_id - PROP_STYLE, value))
        {
          xq_render_cache_clear (self->cache);
          invalidate_frame (self);
          g_object_notify_by_pspec (object, pspec);
        }
      return;
    }
  G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
xq_variant_board_dispose (GObject *object)
{
  XqVariantBoard *self = XQ_VARIANT_BOARD (object);

  stop_flip (self);
  g_clear_object (&self->frame);
  g_clear_pointer (&self->cache, xq_render_cache_free);
  G_OBJECT_CLASS (xq_variant_board_parent_class)->dispose (object);
}

/* ---- Keyboard and screen readers ------------------------------------------- */

static int
board_files (XqVariantBoard *self)
{
  return self->scene.shape == XQ_BOARD_SHAPE_HALF ? XQ_HALF_FILES : XQ_FILES;
}

static int
board_ranks (XqVariantBoard *self)
{
  return xq_scene_n_points (&self->scene) / board_files (self);
}

/* Translated name of what a token shows, e.g. "Red horse" or "Face-down piece". */
static char *
token_name (const XqToken *t)
{
  static const char *const chess[2][6] = {
    { N_("Red chess king"), N_("Red chess queen"), N_("Red chess rook"),
      N_("Red chess bishop"), N_("Red chess knight"), N_("Red chess pawn") },
    { N_("Black chess king"), N_("Black chess queen"), N_("Black chess rook"),
      N_("Black chess bishop"), N_("Black chess knight"), N_("Black chess pawn") },
  };
  int color = t->color == XQ_BLACK ? 1 : 0;

  switch ((XqTokenKind) t->kind)
    {
    case XQ_TOKEN_FACE_UP:
      if (t->figure >= XQ_FIGURE_CHESS_KING && t->figure < XQ_N_FIGURES)
        return g_strdup (_(chess[color][t->figure - XQ_FIGURE_CHESS_KING]));
      if (t->cube != 0)
        /* Translators: a cube general (超然象棋) for a screen reader; the first %s is
         * "Red general", the second the piece its top face shows, e.g. "Red horse" */
        return g_strdup_printf (_("%s, cube face up: %s"),
                                xq_board_piece_name (xq_piece_make ((XqColor) t->color, XQ_KING)),
                                xq_board_piece_name (xq_piece_make ((XqColor) t->color, (XqPieceType) t->cube)));
      return g_strdup (xq_board_piece_name (xq_piece_make ((XqColor) t->color, (XqPieceType) t->figure)));
    case XQ_TOKEN_FACE_DOWN:
      return g_strdup (color ? _("Face-down black piece") : _("Face-down red piece"));
    case XQ_TOKEN_FACE_DOWN_PLAIN:
      return g_strdup (_("Face-down piece"));
    case XQ_TOKEN_EMPTY:
    default:
      return NULL;
    }
}

char *
xq_variant_board_describe_cell (XqVariantBoard *self, int cell)
{
  g_autofree char *name = NULL;
  char where[4];
  int files;

  g_return_val_if_fail (XQ_IS_VARIANT_BOARD (self), NULL);
  g_return_val_if_fail (cell >= 0 && cell < xq_scene_n_points (&self->scene), NULL);
  /* The cell as xqtool and the rules pages write it: a1..h4 on the half
   * board, a0..i9 (from Red's side) on the full one. */
  files = board_files (self);
  g_snprintf (where, sizeof where, "%c%d", 'a' + cell % files,
              cell / files + (self->scene.shape == XQ_BOARD_SHAPE_HALF ? 1 : 0));
  name = token_name (&self->scene.tokens[cell]);
  if (name == NULL)
    /* Translators: an empty point of a Game Day board for a screen reader; %s is its name, e.g. "e4" */
    return g_strdup_printf (_("Empty, %s"), where);
  /* Translators: a piece of a Game Day board for a screen reader: "Red horse, b0" */
  return g_strdup_printf (_("%s, %s"), name, where);
}

static void
update_accessible_label (XqVariantBoard *self)
{
  g_autofree char *text = NULL;
  g_autofree char *full = NULL;
  gboolean target = FALSE;

  if (self->cursor < 0 || self->cursor >= xq_scene_n_points (&self->scene))
    return;
  text = xq_variant_board_describe_cell (self, self->cursor);
  for (int i = 0; i < self->n_targets; i++)
    target = target || self->targets[i] == self->cursor;
  if (self->cursor == self->selected)
    /* Translators: a screen reader's name of the picked point; %s is e.g. "Red horse, b0" */
    full = g_strdup_printf (_("%s, picked"), text);
  else if (target)
    /* Translators: a point the picked piece may go to; %s is e.g. "Empty, e4" */
    full = g_strdup_printf (_("%s, a move goes here"), text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  full ? full : text, -1);
}

void
xq_variant_board_announce (XqVariantBoard *self, const char *text)
{
  g_return_if_fail (XQ_IS_VARIANT_BOARD (self));
  g_free (self->announcement);
  self->announcement = g_strdup (text);
  /* As the main board: a changed description is what screen readers pick
   * up on the focused widget (GTK 4.8 has no announce call). */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  text ? text : "", -1);
}

const char *
xq_variant_board_get_announcement (XqVariantBoard *self)
{
  g_return_val_if_fail (XQ_IS_VARIANT_BOARD (self), NULL);
  return self->announcement;
}

int
xq_variant_board_get_cursor (XqVariantBoard *self)
{
  g_return_val_if_fail (XQ_IS_VARIANT_BOARD (self), -1);
  return self->cursor;
}

void
xq_variant_board_set_cursor (XqVariantBoard *self, int cell)
{
  g_return_if_fail (XQ_IS_VARIANT_BOARD (self));
  g_return_if_fail (cell >= 0 && cell < xq_scene_n_points (&self->scene));
  self->cursor = cell;
  update_accessible_label (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Arrows follow the screen (a turned board turns them too); the cursor
 * stops at the board's edge. */
static gboolean
key_move (GtkWidget *widget, int dfile, int drank)
{
  XqVariantBoard *self = XQ_VARIANT_BOARD (widget);
  int files = board_files (self), ranks = board_ranks (self);
  int f, r;

  if (self->style.flipped)
    {
      dfile = -dfile;
      drank = -drank;
    }
  f = CLAMP (self->cursor % files + dfile, 0, files - 1);
  r = CLAMP (self->cursor / files + drank, 0, ranks - 1);
  self->cursor_shown = TRUE;
  xq_variant_board_set_cursor (self, r * files + f);
  return TRUE;
}

static gboolean
key_activate (GtkWidget *widget)
{
  XqVariantBoard *self = XQ_VARIANT_BOARD (widget);

  if (!self->cursor_shown)
    {
      /* The first key press only shows where the cursor is. */
      self->cursor_shown = TRUE;
      update_accessible_label (self);
      gtk_widget_queue_draw (widget);
      return TRUE;
    }
  xq_variant_board_click (self, self->cursor);
  return TRUE;
}

/* Escape puts the picked piece down (a click on it does the same). */
static gboolean
key_cancel (GtkWidget *widget)
{
  XqVariantBoard *self = XQ_VARIANT_BOARD (widget);

  if (self->selected < 0)
    return FALSE;
  xq_variant_board_click (self, self->selected);
  return TRUE;
}

static const XqBoardKeys variant_board_keys = {
  .move_cursor = key_move,
  .activate = key_activate,
  .cancel = key_cancel,
};

static void
xq_variant_board_finalize (GObject *object)
{
  g_free (XQ_VARIANT_BOARD (object)->announcement);
  G_OBJECT_CLASS (xq_variant_board_parent_class)->finalize (object);
}

static void
xq_variant_board_class_init (XqVariantBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_variant_board_dispose;
  object_class->finalize = xq_variant_board_finalize;
  object_class->get_property = xq_variant_board_get_property;
  object_class->set_property = xq_variant_board_set_property;
  widget_class->snapshot = xq_variant_board_snapshot;
  widget_class->get_request_mode = xq_variant_board_get_request_mode;
  widget_class->measure = xq_variant_board_measure;
  widget_class->size_allocate = xq_variant_board_size_allocate;

  /**
   * XqVariantBoard::cell-clicked:
   * @cell: the point (full board) or cell (half board) clicked
   */
  signals[CELL_CLICKED] = g_signal_new ("cell-clicked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  xq_board_settings_style_pspecs (&properties[PROP_STYLE]);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  xq_board_keys_install (widget_class, &variant_board_keys);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_WIDGET);
  gtk_widget_class_set_css_name (widget_class, "variant-board");
}

static void
xq_variant_board_init (XqVariantBoard *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  self->cache = xq_render_cache_new ();
  xq_render_style_init (&self->style);
  xq_scene_init (&self->scene, XQ_BOARD_SHAPE_FULL);
  self->selected = self->last_from = self->last_to = -1;
  self->flip_cell = -1;
  self->animate = TRUE;
  self->cursor = 0;
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  g_signal_connect (click, "released", G_CALLBACK (released_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  xq_board_settings_bind (xq_board_settings_get_default (), self);
}

GtkWidget *
xq_variant_board_new (void)
{
  return g_object_new (XQ_TYPE_VARIANT_BOARD, NULL);
}

void
xq_variant_board_set_scene (XqVariantBoard *self, const XqScene *scene, int flip_cell)
{
  XqToken old;

  g_return_if_fail (XQ_IS_VARIANT_BOARD (self));
  g_return_if_fail (scene != NULL);
  stop_flip (self);
  old = flip_cell >= 0 && flip_cell < XQ_SQUARES ? self->scene.tokens[flip_cell] : (XqToken) { 0 };
  if (self->scene.shape != scene->shape)
    gtk_widget_queue_resize (GTK_WIDGET (self));
  self->scene = *scene;
  if (self->cursor >= xq_scene_n_points (scene))
    self->cursor = 0;
  if (flip_cell >= 0 && flip_cell < xq_scene_n_points (scene) && self->animate &&
      gtk_widget_get_mapped (GTK_WIDGET (self)) &&
      scene->tokens[flip_cell].kind == XQ_TOKEN_FACE_UP)
    {
      /* A piece that moved while face down (揭棋) had its back elsewhere:
       * show a back of its colour turning over on the new point. */
      if (old.kind != XQ_TOKEN_FACE_DOWN && old.kind != XQ_TOKEN_FACE_DOWN_PLAIN)
        old = (XqToken) { .kind = XQ_TOKEN_FACE_DOWN, .color = scene->tokens[flip_cell].color };
      self->flip_old = old;
      self->flip_cell = flip_cell;
      self->flip_start = g_get_monotonic_time ();
      self->flip_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), flip_tick_cb, NULL, NULL);
    }
  update_accessible_label (self);
  invalidate_frame (self);
}

const XqScene *
xq_variant_board_get_scene (XqVariantBoard *self)
{
  g_return_val_if_fail (XQ_IS_VARIANT_BOARD (self), NULL);
  return &self->scene;
}

void
xq_variant_board_set_marks (XqVariantBoard *self, int selected, const int *targets, int n_targets,
                            int last_from, int last_to)
{
  g_return_if_fail (XQ_IS_VARIANT_BOARD (self));
  self->selected = selected;
  self->n_targets = CLAMP (n_targets, 0, XQ_SQUARES);
  if (self->n_targets > 0)
    memcpy (self->targets, targets, sizeof (int) * self->n_targets);
  self->last_from = last_from;
  self->last_to = last_to;
  update_accessible_label (self);
  invalidate_frame (self);
}

void
xq_variant_board_set_arrows (XqVariantBoard *self, const int *from_to, int n_arrows)
{
  g_return_if_fail (XQ_IS_VARIANT_BOARD (self));
  g_return_if_fail (n_arrows >= 0 && n_arrows <= 2);
  g_return_if_fail (n_arrows == 0 || from_to != NULL);
  if (self->n_arrows == n_arrows &&
      (n_arrows == 0 || memcmp (self->arrows, from_to, sizeof (int) * 2 * n_arrows) == 0))
    return;
  self->n_arrows = n_arrows;
  if (n_arrows > 0)
    memcpy (self->arrows, from_to, sizeof (int) * 2 * n_arrows);
  invalidate_frame (self);
}

void
xq_variant_board_get_annotations (XqVariantBoard *self, XqAnnotations *out)
{
  g_return_if_fail (XQ_IS_VARIANT_BOARD (self));
  g_return_if_fail (out != NULL);
  build_annotations (self, out);
}

void
xq_variant_board_set_flipped (XqVariantBoard *self, gboolean flipped)
{
  g_return_if_fail (XQ_IS_VARIANT_BOARD (self));
  if (self->style.flipped == !!flipped)
    return;
  self->style.flipped = !!flipped;
  invalidate_frame (self);
}

gboolean
xq_variant_board_get_flipped (XqVariantBoard *self)
{
  g_return_val_if_fail (XQ_IS_VARIANT_BOARD (self), FALSE);
  return self->style.flipped;
}

void
xq_variant_board_set_animate (XqVariantBoard *self, gboolean animate)
{
  g_return_if_fail (XQ_IS_VARIANT_BOARD (self));
  self->animate = !!animate;
  if (!animate)
    stop_flip (self);
}

gboolean
xq_variant_board_get_animating (XqVariantBoard *self)
{
  g_return_val_if_fail (XQ_IS_VARIANT_BOARD (self), FALSE);
  return self->flip_cell >= 0;
}

int
xq_variant_board_pick (XqVariantBoard *self, double x, double y)
{
  XqBoardGeometry geom;

  g_return_val_if_fail (XQ_IS_VARIANT_BOARD (self), XQ_NO_SQUARE);
  geometry (self, 1, &geom);
  return xq_board_geometry_pick (&geom, x, y);
}

void
xq_variant_board_get_point (XqVariantBoard *self, int cell, double *x, double *y)
{
  XqBoardGeometry geom;

  g_return_if_fail (XQ_IS_VARIANT_BOARD (self));
  geometry (self, 1, &geom);
  xq_board_geometry_center (&geom, cell, x, y);
}

void
xq_variant_board_click (XqVariantBoard *self, int cell)
{
  g_return_if_fail (XQ_IS_VARIANT_BOARD (self));
  g_return_if_fail (cell >= 0 && cell < xq_scene_n_points (&self->scene));
  g_signal_emit (self, signals[CELL_CLICKED], 0, cell);
}
