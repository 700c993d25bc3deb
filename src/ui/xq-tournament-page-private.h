/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-tournament-page-private.h: what the Tournament page's files share —
 * xq-tournament-page.c (the event list, the event view, playing a pairing)
 * and xq-tournament-page-files.c (printing and exporting). */
#pragma once

#include "xq-tournament-form.h"
#include "xq-tournament-page.h"

G_BEGIN_DECLS

typedef struct _XqTournamentUndo XqTournamentUndo;
void xq_tournament_undo_free (XqTournamentUndo *undo);

struct _XqTournamentPage
{
  AdwBin parent_instance;

  /* Template widgets */
  AdwToastOverlay *toast_overlay;
  GtkMenuButton   *rename_button;
  GtkEntry        *rename_entry;
  GtkListBox *event_list;
  GtkStack   *content_stack;
  XqTournamentForm *new_form;

  /* The event view */
  GtkLabel    *title_label;
  GtkLabel    *info_label;
  GtkLabel    *round_label;
  GtkWidget   *prev_button;
  GtkWidget   *next_button;
  GtkWidget   *pair_button;
  GtkWidget   *final_button;
  GtkWidget   *playoff_button;
  GtkListBox  *pairings;
  GtkLabel    *round_hint;
  GtkGrid     *standings;
  GtkDropDown *withdraw_dropdown;
  GtkLabel    *audit_label;
  GtkWidget   *audit_expander;
  GtkLabel    *message_label;

  /* State */
  char         *dir;
  char         *path;         /* the event shown */
  XqTournament *t;
  int           round;        /* shown, 1-based */
  gboolean      refreshing;   /* widgets being set from the event, not by a person */
  XqPlayPage   *play;         /* not owned */
  int           playing_round, playing_board;
  char         *message;
  guint         refresh_id;   /* a refresh waiting for the main loop */
  XqTournamentUndo *undo;     /* what the toast's Undo puts back */
  AdwToast     *undo_toast;   /* not owned: the overlay holds it */
};

/* Saves the event shown (an error goes to the message line). */
gboolean xq_tournament_page_save           (XqTournamentPage *self);
/* Lists the events again and shows the one at path (NULL: none). */
void xq_tournament_page_reload             (XqTournamentPage *self,
                                            const char       *path);

/* The rename popover and the delete button (template callbacks). */
void xq_tournament_page_rename_shown       (XqTournamentPage *self);
void xq_tournament_page_rename_apply       (XqTournamentPage *self);
void xq_tournament_page_delete_clicked     (XqTournamentPage *self);

/* A line above the pairings: a confirmation, or an error in red. */
void xq_tournament_page_show_message       (XqTournamentPage *self,
                                            const char       *text,
                                            gboolean          error);

/* The Print menu's items (template callbacks). */
void xq_tournament_page_print_pairings     (XqTournamentPage *self);
void xq_tournament_page_print_standings    (XqTournamentPage *self);
void xq_tournament_page_print_certificates (XqTournamentPage *self);
void xq_tournament_page_export_csv         (XqTournamentPage *self);
/* The score sheet of self->playing_board in the round shown. */
void xq_tournament_page_print_score_sheet  (XqTournamentPage *self,
                                            const char       *suggested);

G_END_DECLS
