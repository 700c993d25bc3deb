/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Scenes from the Game Day games' states (src/core/variant). */
#define G_LOG_DOMAIN "xq-render"

#include "config.h"

#include "xq-render-private.h"
#include "xq-variant.h"

/* 國際中國象棋 plays xiangqi with chess figures standing in for the pieces:
 * chess pawns for the advisors and soldiers, the queen for the one cannon
 * (docs/variants.md). */
static XqFigure
mixed_figure (XqPieceType type)
{
  switch (type)
    {
    case XQ_KING:     return XQ_FIGURE_CHESS_KING;
    case XQ_ADVISOR:  return XQ_FIGURE_CHESS_PAWN;
    case XQ_ELEPHANT: return XQ_FIGURE_CHESS_BISHOP;
    case XQ_HORSE:    return XQ_FIGURE_CHESS_KNIGHT;
    case XQ_CHARIOT:  return XQ_FIGURE_CHESS_ROOK;
    case XQ_CANNON:   return XQ_FIGURE_CHESS_QUEEN;
    case XQ_PAWN:     return XQ_FIGURE_CHESS_PAWN;
    case XQ_NO_TYPE:
    default:          return XQ_FIGURE_NONE;
    }
}

void
xq_scene_set_variant (XqScene *scene, const XqVariantState *st)
{
  int n;

  g_return_if_fail (scene != NULL && st != NULL);
  xq_scene_init (scene, st->files == XQ_HALF_FILES ? XQ_BOARD_SHAPE_HALF : XQ_BOARD_SHAPE_FULL);
  n = MIN (st->files * st->ranks, xq_scene_n_points (scene));
  for (int i = 0; i < n; i++)
    {
      const XqVariantCell *c = &st->cell[i];
      XqToken *t = &scene->tokens[i];
      XqPieceType type = xq_piece_type (c->piece);
      XqColor color = xq_piece_color (c->piece);

      switch (c->face)
        {
        case XQ_FACE_UP:
          t->kind = XQ_TOKEN_FACE_UP;
          t->color = color;
          t->figure = xq_variant_kind_chess_figures (st->kind) ? mixed_figure (type) : type;
          if (xq_variant_kind_has_action (st->kind, XQ_ACTION_CUBE) && type == XQ_KING)
            t->cube = st->cube_face[color];
          break;
        case XQ_FACE_DOWN:
          /* Never what it hides: only whether its side is public. */
          t->kind = c->color_known ? XQ_TOKEN_FACE_DOWN : XQ_TOKEN_FACE_DOWN_PLAIN;
          t->color = c->color_known ? color : 0;
          break;
        case XQ_FACE_EMPTY:
        default:
          break;
        }
    }
}

XqToken
xq_token_for_variant_piece (XqVariantKind kind, XqPiece piece)
{
  XqToken t = { .kind = XQ_TOKEN_FACE_UP, .color = xq_piece_color (piece) };

  t.figure = xq_variant_kind_chess_figures (kind) ? mixed_figure (xq_piece_type (piece)) : xq_piece_type (piece);
  return t;
}

XqToken
xq_token_for_variant_legend (XqVariantKind kind, const XqVariantLegend *line)
{
  XqToken t = { 0 };

  g_return_val_if_fail (line != NULL, t);
  switch ((XqVariantLegendFace) line->face)
    {
    case XQ_VARIANT_LEGEND_UP:
      t = xq_token_for_variant_piece (kind, xq_piece_make ((XqColor) line->color, (XqPieceType) line->type));
      t.cube = line->cube;
      break;
    case XQ_VARIANT_LEGEND_BACK:
      t.kind = XQ_TOKEN_FACE_DOWN;
      t.color = line->color;
      break;
    case XQ_VARIANT_LEGEND_BACK_PLAIN:
    default:
      t.kind = XQ_TOKEN_FACE_DOWN_PLAIN;
      break;
    }
  return t;
}
