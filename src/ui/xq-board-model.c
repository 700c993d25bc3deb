/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-board-model"

#include "config.h"

#include "xq-board-model.h"

struct _XqBoardModel
{
  GObject parent_instance;

  XqPosition position;
  XqMove     last_move;
  XqSquare   selected;
  gboolean   interactive;
  gboolean   flipped;
};

G_DEFINE_FINAL_TYPE (XqBoardModel, xq_board_model, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_INTERACTIVE,
  PROP_FLIPPED,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals [N_SIGNALS];

static void
emit_changed (XqBoardModel *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
xq_board_model_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  XqBoardModel *self = XQ_BOARD_MODEL (object);

  switch (prop_id)
    {
    case PROP_INTERACTIVE:
      g_value_set_boolean (value, self->interactive);
      break;
    case PROP_FLIPPED:
      g_value_set_boolean (value, self->flipped);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
xq_board_model_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  XqBoardModel *self = XQ_BOARD_MODEL (object);

  switch (prop_id)
    {
    case PROP_INTERACTIVE:
      xq_board_model_set_interactive (self, g_value_get_boolean (value));
      break;
    case PROP_FLIPPED:
      xq_board_model_set_flipped (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
xq_board_model_class_init (XqBoardModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = xq_board_model_get_property;
  object_class->set_property = xq_board_model_set_property;

  properties [PROP_INTERACTIVE] =
    g_param_spec_boolean ("interactive", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties [PROP_FLIPPED] =
    g_param_spec_boolean ("flipped", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * XqBoardModel::changed:
   *
   * Anything the board shows changed; the view redraws.
   */
  signals [CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
xq_board_model_init (XqBoardModel *self)
{
  xq_position_init_start (&self->position);
  self->selected = XQ_NO_SQUARE;
  self->interactive = TRUE;
}

XqBoardModel *
xq_board_model_new (void)
{
  return g_object_new (XQ_TYPE_BOARD_MODEL, NULL);
}

void
xq_board_model_set_position (XqBoardModel     *self,
                             const XqPosition *pos,
                             XqMove            last_move)
{
  g_return_if_fail (XQ_IS_BOARD_MODEL (self));
  g_return_if_fail (pos != NULL);

  self->position = *pos;
  self->last_move = last_move;
  self->selected = XQ_NO_SQUARE;
  emit_changed (self);
}

const XqPosition *
xq_board_model_get_position (XqBoardModel *self)
{
  g_return_val_if_fail (XQ_IS_BOARD_MODEL (self), NULL);
  return &self->position;
}

XqMove
xq_board_model_get_last_move (XqBoardModel *self)
{
  g_return_val_if_fail (XQ_IS_BOARD_MODEL (self), XQ_MOVE_NONE);
  return self->last_move;
}

XqSquare
xq_board_model_get_check_square (XqBoardModel *self)
{
  XqColor side;

  g_return_val_if_fail (XQ_IS_BOARD_MODEL (self), XQ_NO_SQUARE);

  side = self->position.side;
  if (self->position.king[side] == XQ_NO_SQUARE ||
      !xq_position_in_check (&self->position, side))
    return XQ_NO_SQUARE;
  return self->position.king[side];
}

void
xq_board_model_set_interactive (XqBoardModel *self,
                                gboolean      interactive)
{
  g_return_if_fail (XQ_IS_BOARD_MODEL (self));

  interactive = !!interactive;
  if (self->interactive == interactive)
    return;
  self->interactive = interactive;
  if (!interactive)
    self->selected = XQ_NO_SQUARE;
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_INTERACTIVE]);
  emit_changed (self);
}

gboolean
xq_board_model_get_interactive (XqBoardModel *self)
{
  g_return_val_if_fail (XQ_IS_BOARD_MODEL (self), FALSE);
  return self->interactive;
}

void
xq_board_model_set_flipped (XqBoardModel *self,
                            gboolean      flipped)
{
  g_return_if_fail (XQ_IS_BOARD_MODEL (self));

  flipped = !!flipped;
  if (self->flipped == flipped)
    return;
  self->flipped = flipped;
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_FLIPPED]);
  emit_changed (self);
}

gboolean
xq_board_model_get_flipped (XqBoardModel *self)
{
  g_return_val_if_fail (XQ_IS_BOARD_MODEL (self), FALSE);
  return self->flipped;
}

gboolean
xq_board_model_select (XqBoardModel *self,
                       XqSquare      sq)
{
  XqPiece piece;
  XqSquare old;

  g_return_val_if_fail (XQ_IS_BOARD_MODEL (self), FALSE);
  g_return_val_if_fail (sq == XQ_NO_SQUARE || (sq >= 0 && sq < XQ_SQUARES), FALSE);

  old = self->selected;
  piece = sq == XQ_NO_SQUARE ? XQ_EMPTY : self->position.board[sq];
  if (self->interactive && piece != XQ_EMPTY && xq_piece_color (piece) == self->position.side)
    self->selected = sq;
  else
    self->selected = XQ_NO_SQUARE;

  if (old != self->selected)
    emit_changed (self);
  return self->selected != XQ_NO_SQUARE;
}

XqSquare
xq_board_model_get_selected (XqBoardModel *self)
{
  g_return_val_if_fail (XQ_IS_BOARD_MODEL (self), XQ_NO_SQUARE);
  return self->selected;
}

int
xq_board_model_get_targets (XqBoardModel *self,
                            XqSquare     *out)
{
  XqMove moves[XQ_MAX_MOVES];
  int n;

  g_return_val_if_fail (XQ_IS_BOARD_MODEL (self), 0);

  if (self->selected == XQ_NO_SQUARE)
    return 0;
  n = xq_position_legal_moves_from (&self->position, self->selected, moves);
  for (int i = 0; i < n; i++)
    out[i] = xq_move_to (moves[i]);
  return n;
}

gboolean
xq_board_model_is_legal (XqBoardModel *self,
                         XqSquare      from,
                         XqSquare      to)
{
  g_return_val_if_fail (XQ_IS_BOARD_MODEL (self), FALSE);

  if (!self->interactive || from < 0 || from >= XQ_SQUARES || to < 0 || to >= XQ_SQUARES)
    return FALSE;
  return xq_position_is_legal (&self->position, xq_move_make (from, to));
}
