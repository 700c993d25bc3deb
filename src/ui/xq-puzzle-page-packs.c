/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-puzzle-page-packs.c: the Puzzles page's packs — read in a thread
 * (xq-page-loader), listed with the learner's count at the chosen level —
 * and the learner's record of solved puzzles, streaks and puzzle rating,
 * with the choice of the next puzzle for the learner and the daily one. */
#define G_LOG_DOMAIN "xq-puzzle-page"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-puzzle-page-private.h"
#include "xq-worksheet-dialog.h"
#include "xq-review.h"

/* ---- Progress ------------------------------------------------------------ */

static void
load_streak (XqPuzzlePage *self)
{
  g_autoptr(GError) error = NULL;

  if (!xq_progress_store_load_streak (self->store, self->progress->learner,
                                      &self->streak, &self->best_streak, &error))
    g_warning ("Could not load the puzzle streak: %s", error->message);
}

/* The profile and the streak, each through the store (temporary file and
 * rename, with a backup). */
void
xq_puzzle_page_save_progress (XqPuzzlePage *self)
{
  g_autoptr(GError) error = NULL;

  if (self->store == NULL || self->progress == NULL)
    return;
  if (!xq_progress_store_save (self->store, self->progress, &error))
    {
      g_warning ("Could not save the puzzle progress: %s", error->message);
      g_clear_error (&error);
    }
  if (!xq_progress_store_save_streak (self->store, self->progress->learner,
                                      self->streak, self->best_streak, &error))
    g_warning ("Could not save the puzzle streak: %s", error->message);
}

static gboolean
is_solved_id (XqPuzzlePage *self, const char *id)
{
  return self->progress && xq_progress_get_stars (self->progress, XQ_PROGRESS_PUZZLE_UNIT, id) > 0;
}

gboolean
xq_puzzle_page_is_solved_puzzle (XqPuzzlePage *self, const XqPuzzle *puzzle)
{
  return is_solved_id (self, puzzle->id);
}

/* ---- Ratings --------------------------------------------------------------- */

static void
load_ratings (XqPuzzlePage *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *report = NULL;

  g_clear_pointer (&self->ratings, xq_ratings_free);
  self->ratings = xq_ratings_load (xq_progress_store_get_dir (self->store),
                                   self->progress->learner, &report, &error);
  if (report != NULL)
    xq_notice_bar_add (self->notices, report, NULL);
  if (self->ratings == NULL)
    {
      g_warning ("Could not load the puzzle ratings: %s", error->message);
      self->ratings = xq_ratings_new (self->progress->learner);
    }
}

void
xq_puzzle_page_rate_attempt (XqPuzzlePage *self, double score)
{
  g_autoptr(GError) error = NULL;

  if (self->ratings == NULL || self->puzzle == NULL || !self->rate_this || self->rated)
    return;
  self->rated = TRUE;
  xq_ratings_record (self->ratings, self->puzzle, score);
  if (!xq_ratings_save (self->ratings, xq_progress_store_get_dir (self->store), &error))
    g_warning ("Could not save the puzzle ratings: %s", error->message);
  xq_puzzle_page_update_score (self);
}

void
xq_puzzle_page_review_attempt (XqPuzzlePage *self, gboolean clean)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDateTime) now = NULL;
  const XqPuzzlePack *pack;
  char *report = NULL;

  if (self->store == NULL || self->progress == NULL || self->puzzle == NULL || self->packs == NULL ||
      self->pack_index >= self->packs->len)
    return;
  pack = g_ptr_array_index (self->packs, self->pack_index);
  now = xq_review_clock_now (self->clock, self->clock_data);
  if (!xq_review_record_in_dir (xq_progress_store_get_dir (self->store), self->progress->learner,
                                XQ_REVIEW_PUZZLE, pack->id, self->puzzle->id,
                                clean ? XQ_REVIEW_CLEAN : XQ_REVIEW_MISSED, now, &report, &error))
    g_warning ("Could not save the review queue: %s", error->message);
  if (report != NULL)
    xq_notice_bar_add (self->notices, report, NULL);
  g_free (report);
}

const XqRatings *
xq_puzzle_page_get_ratings (XqPuzzlePage *self)
{
  g_return_val_if_fail (XQ_IS_PUZZLE_PAGE (self), NULL);
  return self->ratings;
}

static gboolean
solved_cb (const XqPuzzle *puzzle, gpointer page)
{
  return is_solved_id (page, puzzle->id);
}

gboolean
xq_puzzle_page_open_next_for_me (XqPuzzlePage *self)
{
  guint pack, puzzle;

  g_return_val_if_fail (XQ_IS_PUZZLE_PAGE (self), FALSE);
  if (self->packs == NULL || self->ratings == NULL ||
      !xq_ratings_next_puzzle (self->ratings, self->packs, solved_cb, self, &pack, &puzzle))
    {
      xq_puzzle_page_show_packs (self);
      gtk_label_set_text (self->rating_label, _("Every puzzle is solved. Well done!"));
      return FALSE;
    }
  {
    gboolean streak = self->streak_mode;

    xq_puzzle_page_open (self, pack, puzzle);
    self->streak_mode = streak;
  }
  self->for_me = TRUE;
  xq_puzzle_page_update_score (self);
  return TRUE;
}

gboolean
xq_puzzle_page_start_streak (XqPuzzlePage *self)
{
  g_return_val_if_fail (XQ_IS_PUZZLE_PAGE (self), FALSE);
  self->streak_mode = TRUE;
  self->run = 0;
  if (!xq_puzzle_page_open_next_for_me (self))
    {
      self->streak_mode = FALSE;
      return FALSE;
    }
  return TRUE;
}

gboolean
xq_puzzle_page_in_streak (XqPuzzlePage *self)
{
  g_return_val_if_fail (XQ_IS_PUZZLE_PAGE (self), FALSE);
  return self->streak_mode;
}

int
xq_puzzle_page_get_streak_run (XqPuzzlePage *self)
{
  g_return_val_if_fail (XQ_IS_PUZZLE_PAGE (self), 0);
  return self->run;
}

void
xq_puzzle_page_streak_step (XqPuzzlePage *self, gboolean clean)
{
  g_autoptr(GError) error = NULL;

  if (!self->streak_mode || self->solved)
    return;
  if (clean)
    self->run++;
  else
    {
      self->streak_mode = FALSE;
      self->streak_over = TRUE;
    }
  if (self->ratings != NULL && xq_ratings_offer_run (self->ratings, self->run) &&
      !xq_ratings_save (self->ratings, xq_progress_store_get_dir (self->store), &error))
    g_warning ("Could not save the puzzle ratings: %s", error->message);
  xq_puzzle_page_update_score (self);
}

void
xq_puzzle_page_streak_cb (XqPuzzlePage *self)
{
  xq_puzzle_page_start_streak (self);
}

gboolean
xq_puzzle_page_open_daily (XqPuzzlePage *self, GDate *date)
{
  g_autoptr(GDateTime) now = NULL;
  GDate today;
  guint pack, puzzle;

  g_return_val_if_fail (XQ_IS_PUZZLE_PAGE (self), FALSE);
  if (date == NULL)
    {
      now = xq_review_clock_now (self->clock, self->clock_data);
      g_date_clear (&today, 1);
      g_date_set_dmy (&today, (GDateDay) g_date_time_get_day_of_month (now),
                      (GDateMonth) g_date_time_get_month (now), (GDateYear) g_date_time_get_year (now));
      date = &today;
    }
  if (self->packs == NULL || !xq_rating_daily_puzzle (self->packs, date, &pack, &puzzle))
    return FALSE;
  xq_puzzle_page_open (self, pack, puzzle);
  return TRUE;
}

void
xq_puzzle_page_next_for_me_cb (XqPuzzlePage *self)
{
  xq_puzzle_page_open_next_for_me (self);
}

void
xq_puzzle_page_daily_cb (XqPuzzlePage *self)
{
  xq_puzzle_page_open_daily (self, NULL);
}

int
xq_puzzle_page_get_solved_count (XqPuzzlePage *self)
{
  int n = 0;

  g_return_val_if_fail (XQ_IS_PUZZLE_PAGE (self), 0);
  if (self->progress != NULL)
    xq_progress_unit_stars (self->progress, XQ_PROGRESS_PUZZLE_UNIT, &n);
  return n;
}

int
xq_puzzle_page_get_streak (XqPuzzlePage *self)
{
  g_return_val_if_fail (XQ_IS_PUZZLE_PAGE (self), 0);
  return self->streak;
}

void
xq_puzzle_page_update_score (XqPuzzlePage *self)
{
  g_autofree char *text =
    g_strdup_printf (_("Solved: %d · Streak: %d · Best: %d"),
                     xq_puzzle_page_get_solved_count (self), self->streak, self->best_streak);
  g_autofree char *rating = NULL, *both = NULL;

  if (self->ratings != NULL)
    {
      /* The shown rating, damped for the first results so one slip does
       * not knock hundreds off (xq_ratings_get_shown ()); no deviation: a
       * child needs one number. */
      rating = g_strdup_printf (_("Your puzzle rating: %d"), xq_ratings_get_shown (self->ratings));
      gtk_label_set_text (self->rating_label, rating);
      both = g_strconcat (text, "\n", rating, NULL);
      if (self->streak_mode || self->streak_over)
        {
          g_autofree char *line =
            g_strdup_printf (self->streak_mode ? _("Streak mode: %d in a row · Best: %d")
                                               : _("Streak over: %d in a row · Best: %d"),
                             self->run, xq_ratings_get_best_run (self->ratings));
          char *three = g_strconcat (both, "\n", line, NULL);

          g_free (both);
          both = three;
        }
    }
  gtk_label_set_text (self->score_label, both ? both : text);
}

/* ---- The list of packs ----------------------------------------------------- */

/* A teacher prints a pack as a class worksheet, through the Teach page's
 * worksheet dialog (its options, its worker thread). */
static void
print_pack_cb (GtkButton *button, XqPuzzlePage *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "pack-index"));
  const XqPuzzlePack *pack;

  if (self->packs == NULL || index >= self->packs->len)
    return;
  pack = g_ptr_array_index (self->packs, index);
  xq_worksheet_dialog_open (GTK_WIDGET (self), pack->file, pack->title);
}

static GtkWidget *
pack_row (XqPuzzlePage *self, const XqPuzzlePack *pack, guint i)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *print = gtk_button_new_from_icon_name ("document-print-symbolic");
  GtkWidget *arrow;
  g_autofree char *tip = g_strdup_printf (_("Worksheet of “%s”…"), pack->title);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), pack->title);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  gtk_widget_set_valign (print, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (print, "flat");
  gtk_widget_set_tooltip_text (print, tip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (print), GTK_ACCESSIBLE_PROPERTY_LABEL, tip, -1);
  g_object_set_data (G_OBJECT (print), "pack-index", GUINT_TO_POINTER (i));
  g_signal_connect (print, "clicked", G_CALLBACK (print_pack_cb), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), print);
  arrow = gtk_image_new_from_icon_name ("go-next-symbolic");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), arrow);
  g_object_set_data (G_OBJECT (row), "arrow", arrow);
  if (pack->min_rating > 0)
    {
      /* The advanced tier: a padlock, closed while the learner's rating is
       * below the pack's (xq_puzzle_page_fill_packs sets it). */
      GtkWidget *lock = gtk_image_new_from_icon_name ("system-lock-screen-symbolic");

      gtk_accessible_update_property (GTK_ACCESSIBLE (lock), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      C_("puzzle pack", "Locked"), -1);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), lock);
      g_object_set_data (G_OBJECT (row), "lock", lock);
    }
  g_object_set_data (G_OBJECT (row), "pack-index", GUINT_TO_POINTER (i));
  return row;
}

gboolean
xq_puzzle_page_pack_is_open (XqPuzzlePage *self, const XqPuzzlePack *pack)
{
  g_return_val_if_fail (XQ_IS_PUZZLE_PAGE (self), FALSE);
  if (pack->min_rating <= 0)
    return TRUE;
  return self->ratings != NULL && xq_ratings_pack_open (self->ratings, pack);
}

/* The rows are built once for the packs loaded; going back to the packs
 * or choosing a level only counts again (a row a pack costs about a
 * millisecond of the main loop, 30 packs a visible hitch). */
void
xq_puzzle_page_fill_packs (XqPuzzlePage *self)
{
  GtkWidget *child;

  if (self->rows_generation != self->packs_generation)
    {
      while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->packs_list))) != NULL)
        gtk_list_box_remove (self->packs_list, child);
      for (guint i = 0; self->packs && i < self->packs->len; i++)
        gtk_list_box_append (self->packs_list, pack_row (self, g_ptr_array_index (self->packs, i), i));
      self->rows_generation = self->packs_generation;
    }
  for (child = gtk_widget_get_first_child (GTK_WIDGET (self->packs_list)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      guint i = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (child), "pack-index"));
      const XqPuzzlePack *pack = g_ptr_array_index (self->packs, i);
      g_autofree char *sub = NULL;
      int total = 0, done = 0;

      for (guint j = 0; j < pack->puzzles->len; j++)
        {
          const XqPuzzle *pz = g_ptr_array_index (pack->puzzles, j);

          if (!xq_puzzle_page_puzzle_fits (self, pz))
            continue;
          total++;
          done += is_solved_id (self, pz->id);
        }
      gboolean open = xq_puzzle_page_pack_is_open (self, pack);
      GtkWidget *lock = g_object_get_data (G_OBJECT (child), "lock");

      /* A pack with nothing at the chosen level is left out. */
      gtk_widget_set_visible (child, total > 0);
      if (!open)
        /* What it takes to open it, in the number the page shows. */
        sub = g_strdup_printf (_("Advanced: opens at a puzzle rating of %d (yours is %d)"),
                               pack->min_rating,
                               self->ratings ? xq_ratings_get_shown (self->ratings) : 0);
      else if (pack->min_rating > 0)
        sub = g_strdup_printf (_("Advanced · %d of %d solved"), done, total);
      else
        sub = g_strdup_printf (_("%d of %d solved"), done, total);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (child), sub);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (child), open);
      if (lock != NULL)
        {
          /* Open: the padlock opened, so the tier still reads as one. */
          gtk_image_set_from_icon_name (GTK_IMAGE (lock), open ? "changes-allow-symbolic"
                                                               : "system-lock-screen-symbolic");
          gtk_accessible_update_property (GTK_ACCESSIBLE (lock), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          open ? C_("puzzle pack", "Open") : C_("puzzle pack", "Locked"), -1);
        }
      /* No arrow where nothing opens. */
      gtk_widget_set_visible (g_object_get_data (G_OBJECT (child), "arrow"), open);
    }
}

/* The first unsolved puzzle of the pack at the chosen level, else the first. */
guint
xq_puzzle_page_first_open_puzzle (XqPuzzlePage *self, const XqPuzzlePack *pack, guint from)
{
  guint n = pack->puzzles->len, fallback = G_MAXUINT;

  for (guint k = 0; k < n; k++)
    {
      guint j = (from + k) % n;
      const XqPuzzle *pz = g_ptr_array_index (pack->puzzles, j);

      if (!xq_puzzle_page_puzzle_fits (self, pz))
        continue;
      if (fallback == G_MAXUINT)
        fallback = j;
      if (!is_solved_id (self, pz->id))
        return j;
    }
  return fallback == G_MAXUINT ? from % n : fallback;
}

void
xq_puzzle_page_pack_activated_cb (XqPuzzlePage *self, GtkListBoxRow *row)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "pack-index"));

  /* A locked pack's row says what opens it; it does not open. */
  if (self->packs == NULL || index >= self->packs->len ||
      !xq_puzzle_page_pack_is_open (self, g_ptr_array_index (self->packs, index)))
    return;
  xq_puzzle_page_show_pack (self, index);
}

void
xq_puzzle_page_level_changed_cb (XqPuzzlePage *self)
{
  xq_puzzle_page_fill_packs (self);
  if (xq_puzzle_page_get_listed_pack (self) != G_MAXUINT)
    xq_puzzle_page_show_pack (self, self->list_pack);
}

/* ---- Loading --------------------------------------------------------------- */

static char *
default_puzzles_dir (void)
{
  return g_build_filename (xq_lesson_default_dir (), "puzzles", NULL);
}

/* Follows the learner the Learn page chose last, read again on every
 * visit: the learner may have changed, or been reset, since. */
void
xq_puzzle_page_sync_learner (XqPuzzlePage *self)
{
  g_autofree char *current = NULL;
  g_autoptr(GError) error = NULL;
  const char *learner = "learner";

  current = xq_progress_store_get_current (self->store);
  if (current != NULL)
    learner = current;
  /* In the middle of a puzzle the streak in memory is newer than the file. */
  if (self->puzzle != NULL && self->progress != NULL && g_strcmp0 (self->progress->learner, learner) == 0)
    return;
  g_clear_pointer (&self->progress, xq_progress_free);
  self->progress = xq_progress_store_load (self->store, learner, &error);
  if (self->progress == NULL)
    {
      /* Saving cannot replace an unreadable file: it is set aside first. */
      g_warning ("Could not load the learner %s: %s", learner, error->message);
      self->progress = xq_progress_new (learner, learner);
    }
  load_streak (self);
  load_ratings (self);
  xq_puzzle_page_fill_packs (self);
  xq_puzzle_page_update_score (self);
}

/* What a load produced, handed from the thread to the main loop. */
typedef struct {
  GPtrArray *files;      /* XqLessonFile* */
  GPtrArray *problems;   /* XqLessonProblem* */
  gint64     usec;       /* reading and checking took this long */
} Loaded;

static void
loaded_free (Loaded *l)
{
  g_clear_pointer (&l->files, g_ptr_array_unref);
  g_clear_pointer (&l->problems, g_ptr_array_unref);
  g_free (l);
}

/* The slow part (reading and checking every pack); touches no widget. */
static Loaded *
load_packs (const char *dir)
{
  Loaded *l = g_new0 (Loaded, 1);
  g_autofree char *def = dir ? NULL : default_puzzles_dir ();
  gint64 start = g_get_monotonic_time ();

  l->problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  l->files = xq_lesson_load_dir (dir ? dir : def, l->problems);
  l->usec = g_get_monotonic_time () - start;
  return l;
}

static void
install_packs (XqPuzzlePage *self, Loaded *l, const char *store_dir)
{
  for (guint i = 0; i < l->problems->len; i++)
    {
      g_autofree char *line = xq_lesson_problem_format (g_ptr_array_index (l->problems, i));
      g_warning ("%s", line);
    }
  xq_puzzle_page_cancel_proofs (self);
  g_clear_pointer (&self->packs, g_ptr_array_unref);
  g_clear_pointer (&self->files, g_ptr_array_unref);
  self->files = g_steal_pointer (&l->files);
  self->packs = g_ptr_array_new ();
  self->packs_generation++;
  for (guint i = 0; self->files && i < self->files->len; i++)
    {
      XqLessonFile *f = g_ptr_array_index (self->files, i);

      if (f->type == XQ_LESSON_FILE_PACK)
        g_ptr_array_add (self->packs, f->pack);
    }

  g_clear_pointer (&self->progress, xq_progress_free);
  g_clear_pointer (&self->store, xq_progress_store_free);
  self->store = xq_progress_store_new (store_dir);
  xq_notice_bar_watch (self->notices, self->store);
  xq_puzzle_page_sync_learner (self);
  /* A pack's list may name a pack no longer there. */
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "loading") == 0 ||
      g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "pack") == 0)
    gtk_stack_set_visible_child_name (self->stack, "packs");
}

void
xq_puzzle_page_load (XqPuzzlePage *self, const char *dir, const char *store_dir)
{
  Loaded *l;

  g_return_if_fail (XQ_IS_PUZZLE_PAGE (self));
  xq_page_loader_cancel (self->loader);
  self->loaded = TRUE;
  l = load_packs (dir);
  install_packs (self, l, store_dir);
  loaded_free (l);
}

static gpointer
load_packs_cb (const char *dir)
{
  return load_packs (dir);
}

static void
packs_loaded_cb (gpointer page, gpointer loaded)
{
  XqPuzzlePage *self = XQ_PUZZLE_PAGE (page);
  Loaded *l = loaded;
  gint64 start = g_get_monotonic_time ();

  install_packs (self, l, self->load_store_dir);
  /* G_MESSAGES_DEBUG=xq-puzzle-page: what the main loop paid (tools/bench-startup.sh). */
  g_debug ("packs read in %.1f ms in a thread, shown in %.1f ms on the main loop",
           l->usec / 1000.0, (g_get_monotonic_time () - start) / 1000.0);
  loaded_free (l);
}

XqPageLoader *
xq_puzzle_page_new_loader (XqPuzzlePage *self)
{
  return xq_page_loader_new (self, load_packs_cb, packs_loaded_cb, (GDestroyNotify) loaded_free);
}

void
xq_puzzle_page_load_async (XqPuzzlePage *self, const char *dir, const char *store_dir)
{
  g_return_if_fail (XQ_IS_PUZZLE_PAGE (self));
  self->loaded = TRUE;
  g_free (self->load_store_dir);
  self->load_store_dir = g_strdup (store_dir);
  gtk_stack_set_visible_child_name (self->stack, "loading");
  xq_page_loader_start (self->loader, dir);
}

gboolean
xq_puzzle_page_is_loading (XqPuzzlePage *self)
{
  g_return_val_if_fail (XQ_IS_PUZZLE_PAGE (self), FALSE);
  return xq_page_loader_is_loading (self->loader);
}

