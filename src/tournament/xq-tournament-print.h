/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-tournament-print.h: the papers of a class event as A4 PDFs — the
 * pairing sheet of a round, the cross-table and standings with every
 * tie-break, certificates for the places, and score sheets (blank for a
 * pairing, or filled from a game played in the app). */
#pragma once

#include "xq-notation.h"
#include "xq-tournament.h"

G_BEGIN_DECLS

gboolean xq_tournament_print_pairings     (const XqTournament *t, int round, const char *path,
                                           GError **error);
gboolean xq_tournament_print_standings    (const XqTournament *t, const char *path, GError **error);
/* One page for each player placed 1..places.  Before the event is
 * finished only with `provisional`, and then each page says so. */
gboolean xq_tournament_print_certificates (const XqTournament *t, int places, gboolean provisional,
                                           const char *path, GError **error);
/* Moves in `notation` (a Chinese script for children); blank lines when the
 * game was not played in the app. */
gboolean xq_tournament_print_score_sheet  (const XqTournament *t, int round, int board,
                                           XqNotation notation, const char *path, GError **error);

/* The moves of a game played in the app as the score sheet writes them,
 * one string a ply (empty when the game was not played in the app). */
GPtrArray *xq_tournament_score_sheet_moves (const XqPairing *pairing, XqNotation notation);

G_END_DECLS
