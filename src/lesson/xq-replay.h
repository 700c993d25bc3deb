/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-replay.h: a short game in a lesson file, played through for the
 * learner to watch (docs/lesson-format.md, "Replays").
 *
 * The file gives a start position and ICCS moves; every move is played
 * through the rules core's game record (XqGame), so each is checked legal
 * and the result at the end (checkmate, 困斃, a repetition ruling, the
 * 60-move rule, bare material) is the referee's, never the author's. */
#pragma once

#include "xq-game.h"
#include "xq-kind.h"

G_BEGIN_DECLS

/* The most plies a replay may hold: 32 rounds.  A longer story (the
 * 60-move rule) starts late, with the FEN's half-move clock. */
#define XQ_REPLAY_MAX_PLIES 64

/* Reads the array of ICCS moves at key and plays it from start.  A move
 * that is not ICCS, not legal, or played after the game is over is a
 * problem at its JSON path ("$.exercises[3].replay[5]").  Returns the game
 * at its last ply; NULL after a problem, or when the key is absent and not
 * required. */
XqGame     *xq_replay_read        (XqKindReader *r, JsonObject *o, const char *path, const char *key,
                                   gboolean required, const XqPosition *start);

/* Rounds (moves by each side) without a capture in pos, as the 60-move
 * rule counts them (half-moves / 2). */
int         xq_replay_quiet_rounds (const XqPosition *pos);

G_END_DECLS
