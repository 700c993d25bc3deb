/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-pairing-row.h: one board of a tournament round on the Tournament page:
 * who plays whom, why a result stands (a forfeit, a reason, fouls), the
 * result drop-down (one per game in a team match), Play, and a menu for
 * fouls and score sheets.  It changes nothing itself: its signals tell the
 * page what the teacher chose. */
#pragma once

#include <gtk/gtk.h>

#include "xq-tournament.h"

G_BEGIN_DECLS

#define XQ_TYPE_PAIRING_ROW (xq_pairing_row_get_type ())
G_DECLARE_FINAL_TYPE (XqPairingRow, xq_pairing_row, XQ, PAIRING_ROW, GtkBox)

/* board counts from 1 (byes left out); can_play: a Play page is there to
 * play the game on. */
GtkWidget *xq_pairing_row_new       (const XqTournament *t,
                                     const XqPairing    *p,
                                     int                 board,
                                     gboolean            can_play);
int        xq_pairing_row_get_board (XqPairingRow       *self);

G_END_DECLS
