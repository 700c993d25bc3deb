/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-tournament-page.h: the Tournament page — a teacher creates a class
 * event, sees each round's pairings, enters results or plays a pairing on
 * this computer (through the Play page), and sees the standings with every
 * tie-break.  Events are saved under the data dir as the library describes
 * (docs/tournament.md). */
#pragma once

#include <adwaita.h>

#include "xq-play-page.h"
#include "xq-tournament.h"

G_BEGIN_DECLS

#define XQ_TYPE_TOURNAMENT_PAGE (xq_tournament_page_get_type ())
G_DECLARE_FINAL_TYPE (XqTournamentPage, xq_tournament_page, XQ, TOURNAMENT_PAGE, AdwBin)

/* Where events are kept; NULL = $XDG_DATA_HOME/xiangqi-tutor/tournaments.
 * Lists the events found there. */
void          xq_tournament_page_set_dir (XqTournamentPage *self, const char *dir);
/* The page that plays a pairing's game (the window's Play page). */
void          xq_tournament_page_set_play_page (XqTournamentPage *self, XqPlayPage *play);

/* What the form's Create button does. */
gboolean      xq_tournament_page_create (XqTournamentPage *self, const char *title, XqSystem system,
                                         const char *const *names, int n_names, int rounds,
                                         XqTimeControlPreset clock, int clock_minutes, GError **error);
/* The event shown, or NULL. */
const XqTournament *xq_tournament_page_get_tournament (XqTournamentPage *self);
const char   *xq_tournament_page_get_path (XqTournamentPage *self);
void          xq_tournament_page_show_round (XqTournamentPage *self, int round);
int           xq_tournament_page_get_round (XqTournamentPage *self);
/* What a pairing's Play button does: the game starts on the Play page. */
void          xq_tournament_page_play (XqTournamentPage *self, int round, int board);
/* The standings as shown, one line a player, tab separated (tests). */
char         *xq_tournament_page_get_standings_text (XqTournamentPage *self);
/* Renames or deletes the event shown; a toast offers Undo, which
 * xq_tournament_page_undo does (the title back, or the file and its
 * backup written back as they were). */
gboolean      xq_tournament_page_rename (XqTournamentPage *self, const char *title, GError **error);
gboolean      xq_tournament_page_delete (XqTournamentPage *self, GError **error);
void          xq_tournament_page_undo   (XqTournamentPage *self);
/* The last message shown to the teacher (an error or a confirmation). */
const char   *xq_tournament_page_get_message (XqTournamentPage *self);

G_END_DECLS
