/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-puzzle-page-list.c: the Puzzles page inside a pack — the list of its
 * puzzles at the chosen level, each numbered "n of N" with the learner's
 * stars and a mark when solved, and where a puzzle stands in its pack for
 * the drill's info line. */
#define G_LOG_DOMAIN "xq-puzzle-page"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-puzzle-page-private.h"

gboolean
xq_puzzle_page_puzzle_fits (XqPuzzlePage *self, const XqPuzzle *pz)
{
  /* Item 0 is "Any level", then levels 1 to 5. */
  int level = (int) gtk_drop_down_get_selected (self->level_drop);

  return level == 0 || pz->difficulty == level;
}

void
xq_puzzle_page_place_in_pack (XqPuzzlePage *self, guint pack, guint index, guint *k, guint *n)
{
  const XqPuzzlePack *p = g_ptr_array_index (self->packs, pack);
  gboolean all = !xq_puzzle_page_puzzle_fits (self, g_ptr_array_index (p->puzzles, index));

  /* Next for Me and the daily puzzle may open one off the chosen level. */
  *k = *n = 0;
  for (guint j = 0; j < p->puzzles->len; j++)
    {
      if (!all && !xq_puzzle_page_puzzle_fits (self, g_ptr_array_index (p->puzzles, j)))
        continue;
      ++*n;
      if (j <= index)
        ++*k;
    }
}

const char *
xq_puzzle_page_side_prompt (const XqPuzzle *puzzle)
{
  return puzzle->position.side == XQ_BLACK ? _("Black to move and win.") : _("Red to move and win.");
}

static int
stars_of (XqPuzzlePage *self, const XqPuzzle *pz)
{
  return self->progress ? xq_progress_get_stars (self->progress, XQ_PROGRESS_PUZZLE_UNIT, pz->id) : 0;
}

/* Filled and empty stars, three in all: what the Learn page shows. */
static char *
stars_text (int stars)
{
  GString *s = g_string_new (NULL);

  for (int i = 0; i < 3; i++)
    g_string_append (s, i < stars ? "★" : "☆");
  return g_string_free (s, FALSE);
}

static GtkWidget *
puzzle_row (XqPuzzlePage *self, const XqPuzzle *pz, guint index, guint k, guint n)
{
  GtkWidget *row = adw_action_row_new ();
  int stars = stars_of (self, pz);
  gboolean solved = stars > 0;
  g_autofree char *place = g_strdup_printf (_("%u of %u"), k, n);
  g_autofree char *mate = g_strdup_printf (_("Mate in %d"), pz->mate_in);
  g_autofree char *side = NULL;
  g_autofree char *sub = NULL;
  g_autofree char *star_label = NULL;
  GtkWidget *star;

  /* Black's puzzles say so in the list too: the board will be turned. */
  side = pz->position.side == XQ_BLACK ? g_strdup_printf (_("%s · Black to move"), mate) : g_strdup (mate);
  /* And a defender that could mate at once (the advanced tier's games). */
  if (pz->defender_threatens)
    {
      char *more = g_strdup_printf (pz->position.side == XQ_BLACK ? _("%s · Red threatens mate")
                                                                  : _("%s · Black threatens mate"), side);

      g_free (side);
      side = more;
    }
  sub = g_strdup_printf (C_("puzzle row: its place, then what it asks", "%s · %s"), place, side);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), pz->title);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), sub);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);

  star = gtk_label_new (NULL);
  {
    g_autofree char *text = stars_text (stars);

    gtk_label_set_text (GTK_LABEL (star), text);
  }
  star_label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d star of 3", "%d stars of 3", stars), stars);
  gtk_widget_set_tooltip_text (star, star_label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (star), GTK_ACCESSIBLE_PROPERTY_LABEL, star_label, -1);
  gtk_widget_add_css_class (star, solved ? "accent" : "dim-label");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), star);
  if (solved)
    {
      GtkWidget *mark = gtk_image_new_from_icon_name ("object-select-symbolic");

      gtk_widget_set_tooltip_text (mark, _("Solved"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (mark), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Solved"), -1);
      gtk_widget_add_css_class (mark, "success");
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), mark);
    }
  else
    {
      /* An empty box of the mark's size keeps the titles in one column. */
      GtkWidget *room = gtk_image_new ();

      gtk_image_set_pixel_size (GTK_IMAGE (room), 16);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), room);
    }
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
  g_object_set_data (G_OBJECT (row), "puzzle-index", GUINT_TO_POINTER (index));
  g_object_set_data (G_OBJECT (row), "stars", GINT_TO_POINTER (stars));
  g_object_set_data_full (G_OBJECT (row), "place", g_steal_pointer (&place), g_free);
  return row;
}

static void
fill_pack_list (XqPuzzlePage *self)
{
  const XqPuzzlePack *p = g_ptr_array_index (self->packs, self->list_pack);
  g_autofree char *count = NULL;
  GtkWidget *child;
  guint n = 0, k = 0, done = 0;
  gint64 start = g_get_monotonic_time ();

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->puzzle_list))) != NULL)
    gtk_list_box_remove (self->puzzle_list, child);
  for (guint j = 0; j < p->puzzles->len; j++)
    n += xq_puzzle_page_puzzle_fits (self, g_ptr_array_index (p->puzzles, j));
  for (guint j = 0; j < p->puzzles->len; j++)
    {
      const XqPuzzle *pz = g_ptr_array_index (p->puzzles, j);

      if (!xq_puzzle_page_puzzle_fits (self, pz))
        continue;
      done += xq_puzzle_page_is_solved_puzzle (self, pz);
      gtk_list_box_append (self->puzzle_list, puzzle_row (self, pz, j, ++k, n));
    }
  gtk_label_set_text (self->pack_title_label, p->title);
  /* The worked example before the puzzles: the first intro page. */
  if (p->intro != NULL && p->intro->len > 0)
    {
      const XqLessonPage *page = g_ptr_array_index (p->intro, 0);

      gtk_label_set_text (self->pack_intro_label, page->text);
      gtk_widget_set_visible (GTK_WIDGET (self->pack_intro_board), page->fen != NULL);
      if (page->fen != NULL)
        {
          xq_lesson_board_set_position (self->pack_intro_board, &page->position, XQ_MOVE_NONE, FALSE);
          xq_lesson_board_set_marks (self->pack_intro_board, &page->marks);
        }
    }
  gtk_widget_set_visible (self->pack_intro, p->intro != NULL && p->intro->len > 0);
  count = g_strdup_printf (_("%d of %d solved"), (int) done, (int) n);
  gtk_label_set_text (self->pack_count_label, count);
  /* G_MESSAGES_DEBUG=xq-puzzle-page: what a long pack costs the main loop. */
  g_debug ("pack list of %u rows built in %.1f ms", n, (g_get_monotonic_time () - start) / 1000.0);
}

void
xq_puzzle_page_show_pack (XqPuzzlePage *self, guint pack)
{
  g_return_if_fail (XQ_IS_PUZZLE_PAGE (self));
  g_return_if_fail (self->packs != NULL && pack < self->packs->len);
  /* Leaving the drill for the list is leaving the puzzle. */
  if (self->puzzle != NULL)
    xq_puzzle_page_show_packs (self);
  self->list_pack = pack;
  xq_puzzle_page_prove_ahead (self, pack, 0);
  fill_pack_list (self);
  gtk_stack_set_visible_child_name (self->stack, "pack");
}

guint
xq_puzzle_page_get_listed_pack (XqPuzzlePage *self)
{
  g_return_val_if_fail (XQ_IS_PUZZLE_PAGE (self), G_MAXUINT);
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "pack") != 0)
    return G_MAXUINT;
  return self->list_pack;
}

guint
xq_puzzle_page_get_n_listed (XqPuzzlePage *self)
{
  guint n = 0;

  g_return_val_if_fail (XQ_IS_PUZZLE_PAGE (self), 0);
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (self->puzzle_list)); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    n += GTK_IS_LIST_BOX_ROW (c);
  return n;
}

GtkWidget *
xq_puzzle_page_get_listed_row (XqPuzzlePage *self, guint row, guint *puzzle, char **place, int *stars,
                               gboolean *solved)
{
  GtkListBoxRow *r;

  g_return_val_if_fail (XQ_IS_PUZZLE_PAGE (self), NULL);
  r = gtk_list_box_get_row_at_index (self->puzzle_list, (int) row);
  g_return_val_if_fail (r != NULL, NULL);
  if (puzzle != NULL)
    *puzzle = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (r), "puzzle-index"));
  if (place != NULL)
    *place = g_strdup (g_object_get_data (G_OBJECT (r), "place"));
  if (stars != NULL)
    *stars = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (r), "stars"));
  if (solved != NULL)
    *solved = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (r), "stars")) > 0;
  return GTK_WIDGET (r);
}

void
xq_puzzle_page_puzzle_activated_cb (XqPuzzlePage *self, GtkListBoxRow *row)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "puzzle-index"));

  xq_puzzle_page_open (self, self->list_pack, index);
}

/* The first unsolved puzzle of the listed pack. */
void
xq_puzzle_page_continue_cb (XqPuzzlePage *self)
{
  const XqPuzzlePack *p = g_ptr_array_index (self->packs, self->list_pack);

  xq_puzzle_page_open (self, self->list_pack, xq_puzzle_page_first_open_puzzle (self, p, 0));
}

gboolean
xq_puzzle_page_is_flipped (XqPuzzlePage *self)
{
  g_return_val_if_fail (XQ_IS_PUZZLE_PAGE (self), FALSE);
  return xq_board_model_get_flipped (xq_lesson_board_get_model (self->board));
}
