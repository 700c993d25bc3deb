/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Styles, annotation lists and the board geometry (square <-> pixel). */
#define G_LOG_DOMAIN "xq-render"

#include "config.h"

#include <math.h>
#include <string.h>

#include "xq-render-private.h"

/* Margins around the outermost lines, in cells.  Vertically there is room
 * for the frame, the file numbers and (optionally) the ICCS letters; the
 * geometry does not change with the coordinates option so that a click
 * always lands on the same point. */
#define MARGIN_X 0.85
#define MARGIN_Y 1.2

G_DEFINE_QUARK (xq-render-error-quark, xq_render_error)

void
xq_render_style_init (XqRenderStyle *style)
{
  g_return_if_fail (style != NULL);
  memset (style, 0, sizeof *style);
  style->pieces = XQ_PIECE_SET_TRADITIONAL;
  style->theme = XQ_THEME_WOOD;
}

gboolean
xq_render_style_equal (const XqRenderStyle *a, const XqRenderStyle *b)
{
  return a->pieces == b->pieces && a->theme == b->theme &&
         !a->flipped == !b->flipped && !a->coordinates == !b->coordinates &&
         !a->hide_file_numbers == !b->hide_file_numbers;
}

static const char *const theme_names[] = { "wood", "contrast", "print" };

const char *
xq_theme_to_string (XqTheme theme)
{
  g_return_val_if_fail ((guint) theme < G_N_ELEMENTS (theme_names), NULL);
  return theme_names[theme];
}

gboolean
xq_theme_from_string (const char *name, XqTheme *out)
{
  for (guint i = 0; name != NULL && i < G_N_ELEMENTS (theme_names); i++)
    if (g_ascii_strcasecmp (name, theme_names[i]) == 0)
      {
        *out = (XqTheme) i;
        return TRUE;
      }
  return FALSE;
}

/* ---- Annotations ------------------------------------------------------------ */

void
xq_annotations_clear (XqAnnotations *annots)
{
  g_return_if_fail (annots != NULL);
  annots->n_marks = 0;
}

static XqMark *
append_mark (XqAnnotations *annots, XqMarkKind kind, XqColorRole role, XqSquare sq)
{
  XqMark *m;

  if (annots->n_marks >= XQ_MAX_MARKS || sq < 0 || sq >= XQ_SQUARES)
    return NULL;
  m = &annots->marks[annots->n_marks++];
  memset (m, 0, sizeof *m);
  m->kind = kind;
  m->role = role;
  m->sq = sq;
  m->to = XQ_NO_SQUARE;
  return m;
}

gboolean
xq_annotations_add (XqAnnotations *annots, XqMarkKind kind, XqColorRole role, XqSquare sq)
{
  g_return_val_if_fail (annots != NULL, FALSE);
  g_return_val_if_fail (kind != XQ_MARK_ARROW && kind != XQ_MARK_LABEL, FALSE);
  return append_mark (annots, kind, role, sq) != NULL;
}

gboolean
xq_annotations_add_arrow (XqAnnotations *annots, XqColorRole role, XqSquare from, XqSquare to)
{
  XqMark *m;

  g_return_val_if_fail (annots != NULL, FALSE);
  if (to < 0 || to >= XQ_SQUARES || to == from)
    return FALSE;
  m = append_mark (annots, XQ_MARK_ARROW, role, from);
  if (m == NULL)
    return FALSE;
  m->to = to;
  return TRUE;
}

gboolean
xq_annotations_add_label (XqAnnotations *annots, XqColorRole role, XqSquare sq, const char *label)
{
  XqMark *m;

  g_return_val_if_fail (annots != NULL, FALSE);
  g_return_val_if_fail (label != NULL, FALSE);
  if (*label == '\0' || strlen (label) >= XQ_MARK_LABEL_MAX || !g_utf8_validate (label, -1, NULL))
    return FALSE;
  m = append_mark (annots, XQ_MARK_LABEL, role, sq);
  if (m == NULL)
    return FALSE;
  g_strlcpy (m->label, label, sizeof m->label);
  return TRUE;
}

gboolean
xq_annotations_add_check (XqAnnotations *annots, const XqPosition *pos)
{
  XqSquare king;

  g_return_val_if_fail (annots != NULL && pos != NULL, FALSE);
  king = pos->king[pos->side];
  if (king == XQ_NO_SQUARE || !xq_position_in_check (pos, pos->side))
    return FALSE;
  return append_mark (annots, XQ_MARK_CHECK, XQ_ROLE_WARNING, king) != NULL;
}

gboolean
xq_annotations_equal (const XqAnnotations *a, const XqAnnotations *b)
{
  if (a == NULL || b == NULL)
    return (a == NULL || a->n_marks == 0) && (b == NULL || b->n_marks == 0);
  if (a->n_marks != b->n_marks)
    return FALSE;
  for (int i = 0; i < a->n_marks; i++)
    {
      const XqMark *x = &a->marks[i], *y = &b->marks[i];
      if (x->kind != y->kind || x->role != y->role || x->sq != y->sq || x->to != y->to ||
          strcmp (x->label, y->label) != 0)
        return FALSE;
    }
  return TRUE;
}

/* ---- Geometry ----------------------------------------------------------------- */

double
xq_board_aspect_ratio (void)
{
  return (8 + 2 * MARGIN_X) / (9 + 2 * MARGIN_Y);
}

/* A grid of grid_w x grid_h cells with margins around it, as large as fits
 * and centred in width x height. */
static void
init_geometry (XqBoardGeometry *geom, XqBoardShape shape, double width, double height, gboolean flipped,
               double grid_w, double grid_h, double margin_x, double margin_y)
{
  double units_w = grid_w + 2 * margin_x, units_h = grid_h + 2 * margin_y;

  memset (geom, 0, sizeof *geom);
  geom->shape = shape;
  geom->width = MAX (width, 0);
  geom->height = MAX (height, 0);
  geom->flipped = !!flipped;
  geom->cell = MIN (geom->width / units_w, geom->height / units_h);
  geom->board_w = geom->cell * units_w;
  geom->board_h = geom->cell * units_h;
  geom->board_x = (geom->width - geom->board_w) / 2;
  geom->board_y = (geom->height - geom->board_h) / 2;
  geom->left = geom->board_x + margin_x * geom->cell;
  geom->top = geom->board_y + margin_y * geom->cell;
}

void
xq_board_geometry_init (XqBoardGeometry *geom, double width, double height, gboolean flipped)
{
  g_return_if_fail (geom != NULL);
  init_geometry (geom, XQ_BOARD_SHAPE_FULL, width, height, flipped, 8, 9, MARGIN_X, MARGIN_Y);
}

/* Column and row on screen, 0..8 left to right and 0..9 top to bottom. */
static void
square_to_cell (const XqBoardGeometry *geom, XqSquare sq, int *col, int *row)
{
  int file = xq_sq_file (sq), rank = xq_sq_rank (sq);

  /* Red at the bottom: file a on the left, rank 9 at the top.  Flipped is
   * the same board turned half a circle. */
  *col = geom->flipped ? 8 - file : file;
  *row = geom->flipped ? rank : 9 - rank;
}

void
xq_board_geometry_center (const XqBoardGeometry *geom, XqSquare sq, double *x, double *y)
{
  int col, row;

  g_return_if_fail (geom != NULL);
  if (geom->shape == XQ_BOARD_SHAPE_HALF)
    {
      xq_half_board_cell_center (geom, sq, x, y);
      return;
    }
  g_return_if_fail (sq >= 0 && sq < XQ_SQUARES);
  square_to_cell (geom, sq, &col, &row);
  *x = geom->left + col * geom->cell;
  *y = geom->top + row * geom->cell;
}

XqSquare
xq_board_geometry_pick (const XqBoardGeometry *geom, double x, double y)
{
  double fx, fy;
  int col, row;

  g_return_val_if_fail (geom != NULL, XQ_NO_SQUARE);
  if (geom->shape == XQ_BOARD_SHAPE_HALF)
    return xq_half_board_pick (geom, x, y);
  if (geom->cell <= 0)
    return XQ_NO_SQUARE;
  fx = (x - geom->left) / geom->cell;
  fy = (y - geom->top) / geom->cell;
  col = (int) floor (fx + 0.5);
  row = (int) floor (fy + 0.5);
  if (col < 0 || col > 8 || row < 0 || row > 9)
    return XQ_NO_SQUARE;
  if (fabs (fx - col) > 0.5 || fabs (fy - row) > 0.5)
    return XQ_NO_SQUARE;
  return geom->flipped ? xq_sq_make (8 - col, row) : xq_sq_make (col, 9 - row);
}

double
xq_board_geometry_piece_radius (const XqBoardGeometry *geom)
{
  /* A cell of the half board is framed by lines on all sides: leave them visible. */
  return geom->cell * (geom->shape == XQ_BOARD_SHAPE_HALF ? 0.42 : 0.46);
}

/* ---- The half board ---------------------------------------------------------------- */

/* Margins around the grid, in cells: the frame and a strip of plate. */
#define HALF_MARGIN 0.45

double
xq_half_board_aspect_ratio (void)
{
  return (XQ_HALF_FILES + 2 * HALF_MARGIN) / (XQ_HALF_RANKS + 2 * HALF_MARGIN);
}

void
xq_half_board_geometry_init (XqBoardGeometry *geom, double width, double height, gboolean flipped)
{
  g_return_if_fail (geom != NULL);
  init_geometry (geom, XQ_BOARD_SHAPE_HALF, width, height, flipped, XQ_HALF_FILES, XQ_HALF_RANKS,
                 HALF_MARGIN, HALF_MARGIN);
}

void
xq_half_board_cell_center (const XqBoardGeometry *geom, int cell, double *x, double *y)
{
  int file, rank, col, row;

  g_return_if_fail (geom != NULL);
  g_return_if_fail (cell >= 0 && cell < XQ_HALF_CELLS);
  file = xq_half_cell_file (cell);
  rank = xq_half_cell_rank (cell);
  /* The first player's edge at the bottom; flipped turns the board round. */
  col = geom->flipped ? XQ_HALF_FILES - 1 - file : file;
  row = geom->flipped ? rank : XQ_HALF_RANKS - 1 - rank;
  *x = geom->left + (col + 0.5) * geom->cell;
  *y = geom->top + (row + 0.5) * geom->cell;
}

int
xq_half_board_pick (const XqBoardGeometry *geom, double x, double y)
{
  double fx, fy;
  int col, row;

  g_return_val_if_fail (geom != NULL, XQ_NO_SQUARE);
  if (geom->cell <= 0)
    return XQ_NO_SQUARE;
  fx = (x - geom->left) / geom->cell;
  fy = (y - geom->top) / geom->cell;
  if (fx < 0 || fy < 0 || fx >= XQ_HALF_FILES || fy >= XQ_HALF_RANKS)
    return XQ_NO_SQUARE;
  col = (int) fx;
  row = (int) fy;
  return geom->flipped ? xq_half_cell_make (XQ_HALF_FILES - 1 - col, row)
                       : xq_half_cell_make (col, XQ_HALF_RANKS - 1 - row);
}

void
xq_scene_geometry_init (XqBoardGeometry *geom, XqBoardShape shape, double width, double height,
                        gboolean flipped)
{
  if (shape == XQ_BOARD_SHAPE_HALF)
    xq_half_board_geometry_init (geom, width, height, flipped);
  else
    xq_board_geometry_init (geom, width, height, flipped);
}

double
xq_scene_aspect_ratio (XqBoardShape shape)
{
  return shape == XQ_BOARD_SHAPE_HALF ? xq_half_board_aspect_ratio () : xq_board_aspect_ratio ();
}

/* ---- Scenes ------------------------------------------------------------------------ */

void
xq_scene_init (XqScene *scene, XqBoardShape shape)
{
  g_return_if_fail (scene != NULL);
  memset (scene, 0, sizeof *scene);
  scene->shape = shape;
}

void
xq_scene_set_position (XqScene *scene, const XqPosition *pos)
{
  g_return_if_fail (scene != NULL && pos != NULL);
  xq_scene_init (scene, XQ_BOARD_SHAPE_FULL);
  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    if (pos->board[sq] != XQ_EMPTY)
      {
        scene->tokens[sq].kind = XQ_TOKEN_FACE_UP;
        scene->tokens[sq].color = xq_piece_color (pos->board[sq]);
        scene->tokens[sq].figure = xq_piece_type (pos->board[sq]);
      }
}

int
xq_scene_n_points (const XqScene *scene)
{
  return scene->shape == XQ_BOARD_SHAPE_HALF ? XQ_HALF_CELLS : XQ_SQUARES;
}

gboolean
xq_token_equal (const XqToken *a, const XqToken *b)
{
  return a->kind == b->kind && a->color == b->color && a->figure == b->figure && a->cube == b->cube;
}
