/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-sound"

#include "config.h"

#include "xq-sound.h"

const char *
xq_sound_name (XqSound sound)
{
  switch (sound)
    {
    case XQ_SOUND_NONE:    return NULL;
    case XQ_SOUND_MOVE:    return "move";
    case XQ_SOUND_CAPTURE: return "capture";
    case XQ_SOUND_CHECK:   return "check";
    case XQ_SOUND_SOLVED:  return "solved";
    case XQ_SOUND_WRONG:   return "wrong";
    case XQ_SOUND_REFUSED: return "refused";
    default:               break;
    }
  g_return_val_if_reached (NULL);
}

XqSound
xq_sound_for_move (const XqPosition *before,
                   XqMove            m)
{
  XqPosition pos;

  g_return_val_if_fail (before != NULL, XQ_SOUND_NONE);

  pos = *before;
  if (m == XQ_MOVE_NONE || !xq_position_is_legal (&pos, m))
    return XQ_SOUND_NONE;
  /* Check is the news a child must not miss, even when it also takes. */
  if (xq_position_gives_check (&pos, m))
    return XQ_SOUND_CHECK;
  if (pos.board[xq_move_to (m)] != XQ_EMPTY)
    return XQ_SOUND_CAPTURE;
  return XQ_SOUND_MOVE;
}

XqSound
xq_sound_for_game_move (const XqGame *game,
                        guint         people)
{
  int ply;
  XqResult result;

  g_return_val_if_fail (game != NULL, XQ_SOUND_NONE);

  ply = xq_game_get_ply (game);
  if (ply == 0)
    return XQ_SOUND_NONE;
  result = xq_game_get_result (game);
  if (result.ply == ply &&
      ((result.winner == XQ_WINNER_RED && (people & (1u << XQ_RED))) ||
       (result.winner == XQ_WINNER_BLACK && (people & (1u << XQ_BLACK)))))
    return XQ_SOUND_SOLVED;
  return xq_sound_for_move (xq_game_get_position_at (game, ply - 1), xq_game_get_move (game, ply));
}

XqSound
xq_sound_for_variant_game (const XqVariantGame *game)
{
  const XqVariantState *after;
  guint8 taken_before[16], taken_after[16];
  int ply;

  g_return_val_if_fail (game != NULL, XQ_SOUND_NONE);

  ply = xq_variant_game_get_ply (game);
  if (ply == 0)
    return XQ_SOUND_NONE;
  after = xq_variant_game_get_state_at (game, ply);
  if (xq_variant_side_in_check (after, xq_variant_game_get_options (game)))
    return XQ_SOUND_CHECK;
  xq_variant_state_captured (xq_variant_game_get_state_at (game, ply - 1), taken_before);
  xq_variant_state_captured (after, taken_after);
  for (guint i = 0; i < G_N_ELEMENTS (taken_after); i++)
    if (taken_after[i] > taken_before[i])
      return XQ_SOUND_CAPTURE;
  return XQ_SOUND_MOVE;
}

XqSound
xq_sound_for_input (const XqPosition *before,
                    const XqInput    *in,
                    const XqVerdict  *v,
                    gboolean          solved)
{
  g_return_val_if_fail (before != NULL, XQ_SOUND_NONE);
  g_return_val_if_fail (in != NULL, XQ_SOUND_NONE);

  if (solved)
    return XQ_SOUND_SOLVED;
  if (v != NULL && v->kind == XQ_VERDICT_ILLEGAL)
    return XQ_SOUND_REFUSED;
  if (v != NULL && v->kind == XQ_VERDICT_WRONG)
    return XQ_SOUND_WRONG;
  switch (in->type)
    {
    case XQ_INPUT_MOVE:
    case XQ_INPUT_REPLY:
      return xq_sound_for_move (before, in->move);
    case XQ_INPUT_TAP:
    case XQ_INPUT_PLACE:
      /* A point accepted or a piece put down: the board's knock.  A tap
       * the kind only toggled (no verdict) stays quiet. */
      return v != NULL ? XQ_SOUND_MOVE : XQ_SOUND_NONE;
    case XQ_INPUT_CHOOSE:
    case XQ_INPUT_TEXT:
    case XQ_INPUT_LIFT:
    case XQ_INPUT_CHECK:
      return XQ_SOUND_NONE;
    default:
      break;
    }
  return XQ_SOUND_NONE;
}
