/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-pairing-row"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-pairing-row.h"

struct _XqPairingRow
{
  GtkBox parent_instance;

  int    board;
};

G_DEFINE_FINAL_TYPE (XqPairingRow, xq_pairing_row, GTK_TYPE_BOX)

enum {
  SIGNAL_RESULT_CHOSEN,
  SIGNAL_GAME_CHOSEN,
  SIGNAL_PLAY,
  SIGNAL_FOUL,
  SIGNAL_SCORE_SHEET,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The result choices, in the order of the drop-downs. */
static const XqOutcome outcome_choices[] = {
  XQ_OUTCOME_NONE, XQ_OUTCOME_RED_WIN, XQ_OUTCOME_BLACK_WIN, XQ_OUTCOME_DRAW,
  XQ_OUTCOME_RED_FORFEIT, XQ_OUTCOME_BLACK_FORFEIT,
};

static void
result_changed_cb (GtkDropDown *dropdown, GParamSpec *pspec, XqPairingRow *self)
{
  guint i = gtk_drop_down_get_selected (dropdown);

  if (i < G_N_ELEMENTS (outcome_choices))
    g_signal_emit (self, signals[SIGNAL_RESULT_CHOSEN], 0, (int) outcome_choices[i]);
}

/* One game of a team match. */
static void
game_changed_cb (GtkDropDown *dropdown, GParamSpec *pspec, XqPairingRow *self)
{
  guint i = gtk_drop_down_get_selected (dropdown);
  int game = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dropdown), "game"));

  if (i < G_N_ELEMENTS (outcome_choices))
    g_signal_emit (self, signals[SIGNAL_GAME_CHOSEN], 0, game, (int) outcome_choices[i]);
}

static void
play_cb (XqPairingRow *self)
{
  g_signal_emit (self, signals[SIGNAL_PLAY], 0);
}

static void
foul_red_cb (XqPairingRow *self)
{
  g_signal_emit (self, signals[SIGNAL_FOUL], 0, (int) XQ_RED);
}

static void
foul_black_cb (XqPairingRow *self)
{
  g_signal_emit (self, signals[SIGNAL_FOUL], 0, (int) XQ_BLACK);
}

static void
score_sheet_cb (XqPairingRow *self)
{
  g_signal_emit (self, signals[SIGNAL_SCORE_SHEET], 0);
}

static void
xq_pairing_row_class_init (XqPairingRowClass *klass)
{
  /**
   * XqPairingRow::result-chosen:
   * @outcome: the XqOutcome chosen for the board
   */
  signals[SIGNAL_RESULT_CHOSEN] = g_signal_new ("result-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                                0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  /**
   * XqPairingRow::game-chosen:
   * @game: the game of a team match, from 1
   * @outcome: the XqOutcome chosen for it
   */
  signals[SIGNAL_GAME_CHOSEN] = g_signal_new ("game-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                              0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_INT);
  /**
   * XqPairingRow::play:
   */
  signals[SIGNAL_PLAY] = g_signal_new ("play", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                       0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * XqPairingRow::foul:
   * @side: the XqColor of the player who fouled
   */
  signals[SIGNAL_FOUL] = g_signal_new ("foul", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                       0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  /**
   * XqPairingRow::score-sheet:
   */
  signals[SIGNAL_SCORE_SHEET] = g_signal_new ("score-sheet", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                              0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
xq_pairing_row_init (XqPairingRow *self)
{
}

static GtkWidget *
flat_button (const char *label, const char *name, int board, GCallback cb, XqPairingRow *self)
{
  GtkWidget *b = gtk_button_new_with_label (label);
  g_autofree char *id = g_strdup_printf ("%s-%d", name, board);

  gtk_widget_set_name (b, id);
  gtk_widget_add_css_class (b, "flat");
  g_signal_connect_swapped (b, "clicked", cb, self);
  return b;
}

/* "1 ½" style text for a player's result in one game. */
static char *
reason_text (const XqPairing *p)
{
  if (p->reason != XQ_REASON_NONE)
    {
      XqResult r = { XQ_WINNER_NONE, p->reason, 0 };
      r.winner = p->outcome == XQ_OUTCOME_RED_WIN ? XQ_WINNER_RED
               : p->outcome == XQ_OUTCOME_BLACK_WIN ? XQ_WINNER_BLACK : XQ_WINNER_DRAW;
      return xq_result_explain (&r);
    }
  if (xq_outcome_is_forfeit (p->outcome))
    return g_strdup (_("Decided without a game (forfeit)"));
  return NULL;
}

static GtkDropDown *
string_dropdown (const char *const *items)
{
  return GTK_DROP_DOWN (gtk_drop_down_new_from_strings (items));
}

/* The result drop-down's items, in the order of outcome_choices. */
static const char *const *
results_choices (void)
{
  static const char *const results[] = { "—", "1-0", "0-1", "½-½", "+ −", "− +", NULL };
  return results;
}

GtkWidget *
xq_pairing_row_new (const XqTournament *t, const XqPairing *p, int board, gboolean can_play)
{
  XqPairingRow *self;
  GtkWidget *row;
  GtkWidget *names = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  g_autofree char *number = t->team_size > 0 ? g_strdup_printf (_("Match %d"), board)
                                                    : g_strdup_printf (_("Board %d"), board);
  g_autofree char *who = NULL;
  g_autofree char *why = reason_text (p);
  g_autofree char *fouls = NULL;
  GtkWidget *label, *menu, *popover, *pbox;
  GtkDropDown *result;
  gboolean cancelled = p->outcome == XQ_OUTCOME_CANCELLED;

  g_return_val_if_fail (t != NULL && p != NULL, NULL);
  self = g_object_new (XQ_TYPE_PAIRING_ROW, "orientation", GTK_ORIENTATION_HORIZONTAL, "spacing", 12, NULL);
  self->board = board;
  row = GTK_WIDGET (self);
  gtk_widget_set_margin_top (row, 6);
  gtk_widget_set_margin_bottom (row, 6);
  gtk_widget_set_margin_start (row, 6);
  gtk_widget_set_margin_end (row, 6);
  label = gtk_label_new (number);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_set_size_request (label, 70, -1);
  gtk_box_append (GTK_BOX (row), label);

  /* Translators: Red's name, then Black's, on a board of a tournament round */
  who = g_strdup_printf (_("%s (Red) – %s (Black)"), xq_tournament_player_name (t, p->red),
                         xq_tournament_player_name (t, p->black));
  label = gtk_label_new (who);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_box_append (GTK_BOX (names), label);
  if (p->fouls[0] + p->fouls[1] > 0)
    fouls = g_strdup_printf (_("Fouls: Red %d, Black %d"), p->fouls[0], p->fouls[1]);
  if (why != NULL || fouls != NULL || cancelled || p->replay_of >= 0)
    {
      GString *s = g_string_new (NULL);
      if (p->replay_of >= 0)
        g_string_append_printf (s, _("Replay of the drawn game on board %d."), p->replay_of + 1);
      if (cancelled)
        g_string_append_printf (s, "%s%s", s->len ? " " : "", _("Cancelled: a player withdrew early."));
      if (why != NULL)
        g_string_append_printf (s, "%s%s", s->len ? " " : "", why);
      if (fouls != NULL)
        g_string_append_printf (s, "%s%s", s->len ? " " : "", fouls);
      label = gtk_label_new (s->str);
      g_string_free (s, TRUE);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_box_append (GTK_BOX (names), label);
    }
  /* A team match: every board with its players, Red first, and its result. */
  for (int k = 1; k <= t->team_size; k++)
    {
      GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      g_autofree char *text = g_strdup_printf (_("Board %d.%d: %s (Red) – %s (Black)"), board, k,
                                               xq_tournament_board_player (t, p, k, XQ_RED),
                                               xq_tournament_board_player (t, p, k, XQ_BLACK));
      g_autofree char *id = g_strdup_printf ("game-%d-%d", board, k);
      GtkDropDown *game = string_dropdown (results_choices ());
      GtkWidget *game_label = gtk_label_new (text);
      gtk_label_set_xalign (GTK_LABEL (game_label), 0);
      gtk_widget_set_hexpand (game_label, TRUE);
      gtk_widget_set_name (GTK_WIDGET (game), id);
      for (guint i = 0; i < G_N_ELEMENTS (outcome_choices); i++)
        if (outcome_choices[i] == p->games[k - 1])
          gtk_drop_down_set_selected (game, i);
      g_object_set_data (G_OBJECT (game), "game", GINT_TO_POINTER (k));
      gtk_widget_set_sensitive (GTK_WIDGET (game), !cancelled && !xq_outcome_is_forfeit (p->outcome));
      g_signal_connect (game, "notify::selected", G_CALLBACK (game_changed_cb), self);
      gtk_accessible_update_property (GTK_ACCESSIBLE (game), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
      gtk_box_append (GTK_BOX (line), game_label);
      gtk_box_append (GTK_BOX (line), GTK_WIDGET (game));
      gtk_box_append (GTK_BOX (names), line);
    }
  gtk_widget_set_hexpand (names, TRUE);
  gtk_box_append (GTK_BOX (row), names);

  result = string_dropdown (results_choices ());
  {
    g_autofree char *id = g_strdup_printf ("result-%d", board);
    gtk_widget_set_name (GTK_WIDGET (result), id);
  }
  for (guint i = 0; i < G_N_ELEMENTS (outcome_choices); i++)
    if (outcome_choices[i] == p->outcome)
      gtk_drop_down_set_selected (result, i);
  gtk_widget_set_sensitive (GTK_WIDGET (result), !cancelled);
  gtk_widget_set_valign (GTK_WIDGET (result), GTK_ALIGN_CENTER);
  g_signal_connect (result, "notify::selected", G_CALLBACK (result_changed_cb), self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (result), GTK_ACCESSIBLE_PROPERTY_LABEL, who, -1);
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (result));

  label = flat_button (_("Play"), "play", board, G_CALLBACK (play_cb), self);
  gtk_widget_remove_css_class (label, "flat");
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  gtk_widget_set_sensitive (label, can_play && p->outcome == XQ_OUTCOME_NONE);
  gtk_widget_set_visible (label, t->team_size == 0);
  gtk_widget_set_tooltip_text (label, _("Play this game on this computer with the event's clock"));
  gtk_box_append (GTK_BOX (row), label);

  /* Less frequent actions in a menu: fouls and score sheets. */
  pbox = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  label = flat_button (_("Foul by Red"), "foul-red", board, G_CALLBACK (foul_red_cb), self);
  gtk_box_append (GTK_BOX (pbox), label);
  label = flat_button (_("Foul by Black"), "foul-black", board, G_CALLBACK (foul_black_cb), self);
  gtk_box_append (GTK_BOX (pbox), label);
  label = flat_button (p->moves != NULL ? _("Print the Score Sheet…") : _("Print a Blank Score Sheet…"),
                       "score-sheet", board, G_CALLBACK (score_sheet_cb), self);
  gtk_box_append (GTK_BOX (pbox), label);
  popover = gtk_popover_new ();
  gtk_popover_set_child (GTK_POPOVER (popover), pbox);
  menu = gtk_menu_button_new ();
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (menu), "view-more-symbolic");
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (menu), popover);
  gtk_widget_set_valign (menu, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (menu, _("Fouls and score sheets"));
  gtk_box_append (GTK_BOX (row), menu);
  return row;
}

int
xq_pairing_row_get_board (XqPairingRow *self)
{
  g_return_val_if_fail (XQ_IS_PAIRING_ROW (self), 0);
  return self->board;
}

