/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-sound.h: which sound an event makes (docs/sounds.md).
 *
 * The rules core decides: a move that gives check calls "check", one that
 * takes a piece knocks twice, any other move knocks once; a solved exercise
 * or puzzle (or a game a person won) chimes, a wrong answer sounds two low
 * notes, and a move the board refuses only ticks.  The interface plays the
 * sound by its name (src/ui/xq-sound-player.h); nothing here needs GTK. */
#pragma once

#include "xq-checker.h"
#include "xq-game.h"
#include "xq-kind.h"
#include "xq-variant.h"

G_BEGIN_DECLS

typedef enum {
  XQ_SOUND_NONE,
  XQ_SOUND_MOVE,
  XQ_SOUND_CAPTURE,
  XQ_SOUND_CHECK,
  XQ_SOUND_SOLVED,
  XQ_SOUND_WRONG,
  XQ_SOUND_REFUSED,
} XqSound;

#define XQ_N_SOUNDS (XQ_SOUND_REFUSED + 1)

/* "move", "capture", …: the file data/sounds/NAME.wav; NULL for NONE. */
const char *xq_sound_name       (XqSound sound);
/* The sound of m played from before: check, capture or move; NONE when m
 * is not a legal move there. */
XqSound     xq_sound_for_move   (const XqPosition *before, XqMove m);
/* The sound of the move that brought game to its current ply: the chime
 * when it won the game for a side a person plays (people: a mask of
 * 1 << XqColor), else the move's own sound.  NONE at the start. */
XqSound     xq_sound_for_game_move (const XqGame *game, guint people);
/* The sound of the action that brought a Game Day game to its current
 * ply: check in the games that have it, a capture, else the knock (a
 * piece turned over or dropped too).  NONE at the start. */
XqSound     xq_sound_for_variant_game (const XqVariantGame *game);
/* The sound of a learner's input to an exercise, judged v (NULL: nothing
 * to say), on the board before (the attempt's `shown` before the input):
 * the chime once solved, two low notes for a wrong answer, the tick for a
 * move the rules forbid, the move's own sound for a move or reply that
 * stands, a knock for a right point tapped or a piece placed. */
XqSound     xq_sound_for_input  (const XqPosition *before,
                                 const XqInput    *in,
                                 const XqVerdict  *v,
                                 gboolean          solved);

G_END_DECLS
