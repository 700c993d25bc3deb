/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-tournament-private.h: what the tournament files share among themselves. */
#pragma once

#include "xq-tournament.h"

G_BEGIN_DECLS

/* An empty event (no players). */
XqTournament *xq_tournament_alloc (void);
/* The rules for a player's name. */
gboolean   xq_tournament_check_name (const char *name, GError **error);

XqPairing *xq_pairing_new  (int red, int black);
void       xq_pairing_free (XqPairing *p);

/* What a game or match scores for each side: 1/½/0 for a game, match
 * points 2/1/0 for a team match (14.2, 21.4). */
void       xq_tournament_pairing_points (const XqTournament *t, const XqPairing *p,
                                         double *red, double *black);

/* Player `p`'s record so far: points (byes counted by the system's rule),
 * colours (+1 Red, -1 Black) and opponents, over every round before `upto`
 * (1-based, exclusive). */
double     xq_tournament_points_before (const XqTournament *t, int player, int upto);

/* Pairs a Swiss round for the players still in (not withdrawn); appends it.
 * Rules in docs/tournament.md: equal scores first, no rematch, one bye at
 * most, colour difference within 2. */
gboolean   xq_swiss_pair_round (XqTournament *t, GError **error);
/* Pairs the first knockout round, or the next one from the winners. */
gboolean   xq_knockout_pair_round (XqTournament *t, GError **error);
/* A double knockout: each player's record after rounds 1..upto. */
typedef struct {
  int losses;       /* 0, 1, or 2 (out) */
  int last_slot;    /* bracket slot of the last match (or round-1 bye) */
  int dropped;      /* the round of the first loss while not yet played in the losers' bracket, else 0 */
  int last_round;   /* the last round the player was paired in */
} XqKnockoutState;
/* first_final (may be NULL): the round of the first final, else 0. */
void       xq_double_knockout_state (const XqTournament *t, int upto, XqKnockoutState *st, int *first_final);
/* Pairs the next double-knockout round (round 1 as a knockout's). */
gboolean   xq_double_knockout_pair_round (XqTournament *t, GError **error);
int        xq_double_knockout_alive (const XqTournament *t, int upto);
/* The winner of a knockout board's match, following replays; -1 if undecided. */
int        xq_knockout_match_winner (const XqTournament *t, int round, int board);
/* Deals the players out to t->n_groups groups in snake order. */
void       xq_tournament_assign_groups (XqTournament *t);
/* Draws the round-robin schedule again (all rounds). */
void       xq_round_robin_draw (XqTournament *t);

void       xq_entrant_free          (XqEntrant *e);
/* (Re)draws what the system draws at the start: all of a round robin, or round 1. */
gboolean   xq_tournament_draw_start (XqTournament *t, GError **error);
/* Boards of a round that are games: byes stand after them, unnumbered. */
int        xq_round_n_games         (GPtrArray *boards);

G_END_DECLS
