/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-tournament-form.h: the Tournament page's new-event form — title,
 * system, rounds or groups, the clock for games played here, and the
 * players, one a line (or the learner profiles added in one click).  It only
 * gathers: ::create asks the page to make the event, ::cancel to leave. */
#pragma once

#include <gtk/gtk.h>

#include "xq-tournament.h"

G_BEGIN_DECLS

#define XQ_TYPE_TOURNAMENT_FORM (xq_tournament_form_get_type ())
G_DECLARE_FINAL_TYPE (XqTournamentForm, xq_tournament_form, XQ, TOURNAMENT_FORM, GtkBox)

/* What the form holds when Create is pressed. */
typedef struct
{
  char      *title;
  XqSystem   system;
  GPtrArray *names;    /* of char*, blank lines left out */
  int        rounds;   /* Swiss: rounds, groups: groups, else 0 */
  XqTimeControlPreset clock;
  int        clock_minutes;   /* 6.5: each player's minutes for the whole game, else 0 */
} XqTournamentFormValues;

void        xq_tournament_form_values_clear (XqTournamentFormValues *values);

GtkWidget  *xq_tournament_form_new          (void);
/* Empty, with the title focused. */
void        xq_tournament_form_reset        (XqTournamentForm *self);
void        xq_tournament_form_get_values   (XqTournamentForm *self, XqTournamentFormValues *values);
/* A line under the buttons: why Create did not make the event. */
void        xq_tournament_form_set_message  (XqTournamentForm *self, const char *text);

/* The name the form and the event view give a system (clocks:
 * xq_time_control_title). */
const char *xq_tournament_form_system_title (XqSystem system);

G_END_DECLS
