/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-learn-page"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n-lib.h>

#include "xq-learn-page.h"
#include "xq-loading-view.h"
#include "xq-page-loader.h"
#include "xq-notice-bar.h"
#include "xq-pack.h"
#include "xq-review.h"
#include "xq-review-round.h"
#include "xq-unit-map-card.h"

struct _XqLearnPage
{
  GtkWidget parent_instance;

  GtkWidget        *stack;
  GtkWidget        *greeting;
  GtkWidget        *learner_button;
  XqLearnerChooser *chooser;
  XqUnitMap        *map;
  XqNoticeBar      *notices;   /* damaged learner files, what was kept */
  XqLessonPlayer   *player;    /* built when a unit is first opened */
  GtkWidget        *review_box;
  GtkWidget        *review_label;
  AdwStatusPage    *error_page;   /* "No Lessons Found": its icon comes when it is shown */
  GtkWidget        *review_button;

  gboolean          loaded;
  gboolean          shown;        /* mapped once: a later map is "shown again" */
  guint             load_idle;    /* the first load, once the first frame is drawn */
  guint             spinner_timeout;  /* the loading view, only for a slow load */
  gboolean          stale;        /* shown again while playing: reload on the way back to the map */
  XqPageLoader     *loader;           /* reads the units in a thread */
  char             *load_dir;         /* the arguments of the last load, */
  char             *load_store_dir;   /* reused when the page is shown again */
  GPtrArray        *units;      /* XqUnit* (owned) */
  XqProgressStore  *store;
  XqProgress       *progress;

  /* The review queue (xq-review.h): the unit on show, or the round */
  const XqUnit     *playing;
  guint             playing_index;  /* its card on the map */
  int               stars_before;   /* its stars when opened: the ones earned since fly to the card */
  XqReviewRound    *round;        /* on show in the player, or NULL */
  XqProgress       *round_progress;  /* the round's stars: shown, not saved */
  GCancellable     *round_cancel; /* a round being built */
  XqLearnPageClock  clock;
  gpointer          clock_data;
  guint             n_due;
};

G_DEFINE_FINAL_TYPE (XqLearnPage, xq_learn_page, GTK_TYPE_WIDGET)

/* How long a first load may take before the loading view comes. */
#define SPINNER_DELAY_MS 300

static const char style_css[] =
  /* A line round each card, not libadwaita's blurred card shadow: drawn
   * by a software rasteriser (llvmpipe, where a school laptop or a virtual
   * machine has no GPU driver) the seven blurred shadows cost about 4 MB
   * and the start-up a GL program of its own (docs/building.md, "Start-up"). */
  ".xq-unit-card { min-width: 230px; border-radius: 18px; padding: 3px; box-shadow: none;"
  "  border: 1px solid alpha(@card_fg_color, 0.15); }\n"
  ".xq-current-unit { padding: 0; border: 4px solid @accent_bg_color; }\n"
  ".xq-stars { color: #e5a50a; }\n"
  ".xq-big-button { min-height: 44px; padding-left: 18px; padding-right: 18px; font-size: 1.1em; }\n"
  ".xq-choice { min-height: 52px; font-size: 1.2em; }\n"
  ".xq-choice-short { padding-left: 6px; padding-right: 6px; }\n"
  ".xq-tray-piece { padding: 4px 8px; }\n"
  ".xq-tray-piece:checked { background: alpha(@accent_bg_color, 0.35); }\n"
  ".xq-summary-stars { font-size: 64px; }\n"
  ".xq-review-box { padding: 10px 14px; }\n";

static void
ensure_css (void)
{
  static gboolean done;
  g_autoptr(GtkCssProvider) provider = NULL;
  GdkDisplay *display = gdk_display_get_default ();

  if (done || display == NULL)
    return;
  done = TRUE;
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_data (provider, style_css, -1);
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

static void update_review (XqLearnPage *self);
static void end_round (XqLearnPage *self);
static void cancel_round (XqLearnPage *self);

static void
update_greeting (XqLearnPage *self)
{
  g_autofree char *text = NULL;

  /* Translators: the Learn page's greeting; %s is the learner's name */
  text = g_strdup_printf (_("Hello, %s!"), self->progress ? self->progress->name : "");
  gtk_label_set_text (GTK_LABEL (self->greeting), text);
  gtk_menu_button_set_label (GTK_MENU_BUTTON (self->learner_button),
                             self->progress ? self->progress->name : "");
}

void
xq_learn_page_set_learner (XqLearnPage *self,
                           const char  *learner)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) known = NULL;
  gboolean saved = FALSE;
  XqProgress *progress;

  g_return_if_fail (XQ_IS_LEARN_PAGE (self));
  g_return_if_fail (self->store != NULL);

  progress = xq_progress_store_load (self->store, learner, &error);
  if (progress == NULL)
    {
      g_warning ("Could not load learner %s: %s", learner, error->message);
      return;
    }
  known = xq_progress_store_list (self->store);
  for (guint i = 0; i < known->len; i++)
    saved |= g_strcmp0 (g_ptr_array_index (known, i), learner) == 0;

  end_round (self);
  if (self->progress != NULL)
    xq_progress_free (self->progress);
  self->progress = progress;

  if (saved && !xq_progress_store_set_current (self->store, learner, &error))
    g_debug ("Could not remember the learner: %s", error->message);

  xq_learner_chooser_set_current (self->chooser, learner);
  xq_unit_map_set_progress (self->map, self->progress);
  update_greeting (self);
  if (xq_learn_page_is_playing (self))
    xq_learn_page_show_map (self);
  cancel_round (self);
  update_review (self);
}

/* ---- The review queue --------------------------------------------------------- */

static GDateTime *
page_now (XqLearnPage *self)
{
  return xq_review_clock_now (self->clock, self->clock_data);
}

static void
say_report (XqLearnPage *self, char *report)
{
  if (report != NULL)
    xq_notice_bar_add (self->notices, report, NULL);
  g_free (report);
}

static XqReview *
load_review (XqLearnPage *self)
{
  g_autoptr(GError) error = NULL;
  char *report = NULL;
  XqReview *review;

  if (self->store == NULL || self->progress == NULL)
    return NULL;
  review = xq_review_load (xq_progress_store_get_dir (self->store), self->progress->learner,
                           &report, &error);
  say_report (self, report);
  if (review == NULL)
    g_warning ("Could not read the review queue: %s", error->message);
  return review;
}

/* "3 to review" and the Review button, hidden while nothing is due. */
static void
update_review (XqLearnPage *self)
{
  g_autoptr(XqReview) review = load_review (self);
  g_autoptr(GDateTime) now = page_now (self);
  g_autofree char *text = NULL;

  self->n_due = review ? xq_review_count_due (review, now) : 0;
  /* Translators: on the Learn page: exercises and puzzles due again */
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u to review", "%u to review", self->n_due),
                          self->n_due);
  gtk_label_set_text (GTK_LABEL (self->review_label), text);
  gtk_widget_set_visible (self->review_box, self->n_due > 0);
  gtk_widget_set_sensitive (self->review_button, self->round_cancel == NULL);
}

static void
attempt_done_cb (XqLearnPage     *self,
                 const XqAttempt *attempt,
                 XqLessonPlayer  *player)
{
  g_autoptr(GDateTime) now = NULL;
  g_autoptr(GError) error = NULL;
  const XqUnit *unit = self->round ? self->round->unit : self->playing;
  XqReviewOutcome outcome;
  char *report = NULL;
  guint i;

  if (unit == NULL || self->progress == NULL || self->store == NULL || attempt->ex == NULL ||
      !g_ptr_array_find (unit->exercises, attempt->ex, &i))
    return;
  outcome = attempt->solved && attempt->wrong == 0 && attempt->hints == 0 ? XQ_REVIEW_CLEAN
                                                                          : XQ_REVIEW_MISSED;
  now = page_now (self);
  if (self->round != NULL)
    {
      const XqReviewItem *item = xq_review_round_get_item (self->round, i);

      if (!xq_review_record_in_dir (xq_progress_store_get_dir (self->store), self->progress->learner,
                                    item->source, item->unit, item->id, outcome, now, &report, &error))
        g_warning ("Could not save the review queue: %s", error->message);
    }
  else if (!xq_review_record_in_dir (xq_progress_store_get_dir (self->store), self->progress->learner,
                                     XQ_REVIEW_EXERCISE, unit->id, attempt->ex->id, outcome, now,
                                     &report, &error))
    g_warning ("Could not save the review queue: %s", error->message);
  say_report (self, report);
  update_review (self);
}

static void
end_round (XqLearnPage *self)
{
  if (self->round == NULL)
    return;
  if (self->player != NULL)
    xq_lesson_player_stop (self->player);
  g_clear_pointer (&self->round, xq_review_round_free);
  g_clear_pointer (&self->round_progress, xq_progress_free);
}

static void
cancel_round (XqLearnPage *self)
{
  if (self->round_cancel == NULL)
    return;
  g_cancellable_cancel (self->round_cancel);
  g_clear_object (&self->round_cancel);
}

/* What the round's thread needs, all its own or referenced. */
typedef struct {
  XqReview  *review;
  GPtrArray *units;      /* the page's, referenced: a reload does not free them */
  char      *packs_dir;  /* NULL: no puzzle is due */
  GDateTime *now;
} RoundJob;

static void
round_job_free (RoundJob *job)
{
  xq_review_free (job->review);
  g_ptr_array_unref (job->units);
  g_free (job->packs_dir);
  g_date_time_unref (job->now);
  g_free (job);
}

/* Finding the variants proves their mates, and the puzzles load: a thread. */
static void
round_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  RoundJob *job = data;
  g_autoptr(GPtrArray) files = NULL;
  g_autoptr(GPtrArray) packs = g_ptr_array_new ();

  if (job->packs_dir != NULL)
    {
      g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);

      files = xq_lesson_load_dir (job->packs_dir, problems);
      for (guint i = 0; i < files->len; i++)
        {
          XqLessonFile *file = g_ptr_array_index (files, i);
          if (file->type == XQ_LESSON_FILE_PACK && file->pack != NULL)
            g_ptr_array_add (packs, file->pack);
        }
    }
  g_task_return_pointer (task, xq_review_round_new (job->review, job->units, packs, job->now),
                         (GDestroyNotify) xq_review_round_free);
}

static void
round_ready_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(XqReviewRound) round = g_task_propagate_pointer (G_TASK (result), NULL);
  XqLearnPage *self;

  if (round == NULL || g_task_had_error (G_TASK (result)))
    return;   /* cancelled: the page may be gone */
  self = XQ_LEARN_PAGE (source);
  g_clear_object (&self->round_cancel);
  update_review (self);
  if (round->unit->exercises->len == 0 || self->progress == NULL)
    return;
  end_round (self);
  self->round = g_steal_pointer (&round);
  self->round_progress = xq_progress_new (self->progress->learner, self->progress->name);
  self->playing = NULL;
  xq_lesson_player_start (xq_learn_page_get_player (self), self->round->unit, NULL, self->round_progress);
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "player");
  gtk_widget_grab_focus (xq_lesson_player_get_button (self->player, "next"));
}

void
xq_learn_page_start_review (XqLearnPage *self)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(XqReview) review = NULL;
  g_autoptr(GPtrArray) due = NULL;
  RoundJob *job;
  gboolean puzzles = FALSE;

  g_return_if_fail (XQ_IS_LEARN_PAGE (self));
  if (self->units == NULL || self->round_cancel != NULL || (review = load_review (self)) == NULL)
    return;
  job = g_new0 (RoundJob, 1);
  job->now = page_now (self);
  due = xq_review_due (review, job->now);
  for (guint i = 0; i < due->len; i++)
    puzzles |= ((XqReviewItem *) g_ptr_array_index (due, i))->source == XQ_REVIEW_PUZZLE;
  job->review = g_steal_pointer (&review);
  job->units = g_ptr_array_ref (self->units);
  if (puzzles)
    job->packs_dir = g_build_filename (self->load_dir ? self->load_dir : xq_lesson_default_dir (),
                                       "puzzles", NULL);
  self->round_cancel = g_cancellable_new ();
  gtk_widget_set_sensitive (self->review_button, FALSE);
  task = g_task_new (self, self->round_cancel, round_ready_cb, NULL);
  g_task_set_return_on_cancel (task, TRUE);
  g_task_set_task_data (task, job, (GDestroyNotify) round_job_free);
  g_task_run_in_thread (task, round_thread);
}

gboolean
xq_learn_page_is_reviewing (XqLearnPage *self)
{
  g_return_val_if_fail (XQ_IS_LEARN_PAGE (self), FALSE);
  return self->round != NULL && xq_learn_page_is_playing (self);
}

gboolean
xq_learn_page_is_building_review (XqLearnPage *self)
{
  g_return_val_if_fail (XQ_IS_LEARN_PAGE (self), FALSE);
  return self->round_cancel != NULL;
}

guint
xq_learn_page_get_n_due (XqLearnPage *self)
{
  g_return_val_if_fail (XQ_IS_LEARN_PAGE (self), 0);
  return self->n_due;
}

GtkWidget *
xq_learn_page_get_review_button (XqLearnPage *self)
{
  g_return_val_if_fail (XQ_IS_LEARN_PAGE (self), NULL);
  return self->review_button;
}

void
xq_learn_page_set_clock (XqLearnPage      *self,
                         XqLearnPageClock  clock,
                         gpointer          user_data)
{
  g_return_if_fail (XQ_IS_LEARN_PAGE (self));
  self->clock = clock;
  self->clock_data = user_data;
  if (self->progress != NULL)
    update_review (self);
}

static void
review_clicked_cb (XqLearnPage *self)
{
  xq_learn_page_start_review (self);
}

static int
compare_units (gconstpointer a,
               gconstpointer b)
{
  const XqUnit *ua = *(XqUnit * const *) a;
  const XqUnit *ub = *(XqUnit * const *) b;

  return ua->number - ub->number;
}

/* Appends the units of every lesson file in dir, in unit-number order;
 * a file that fails adds its problems and is skipped. */
static void
add_units (GPtrArray  *units,
           const char *dir,
           GPtrArray  *problems)
{
  g_autoptr(GPtrArray) files = xq_lesson_load_dir (dir, problems);
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  for (guint i = 0; i < files->len; i++)
    {
      XqLessonFile *file = g_ptr_array_index (files, i);
      if (file->type == XQ_LESSON_FILE_UNIT && file->unit != NULL)
        g_ptr_array_add (found, g_steal_pointer (&file->unit));
    }
  g_ptr_array_sort (found, compare_units);
  for (guint i = 0; i < found->len; i++)
    g_ptr_array_add (units, g_ptr_array_index (found, i));
}

/* What a load produced, handed from the thread to the main loop. */
typedef struct {
  GPtrArray *units;      /* XqUnit* (owned) */
  guint      n_builtin;
  GPtrArray *problems;   /* XqLessonProblem* */
} Loaded;

static void
loaded_free (Loaded *l)
{
  g_clear_pointer (&l->units, g_ptr_array_unref);
  g_clear_pointer (&l->problems, g_ptr_array_unref);
  g_free (l);
}

/* The slow part (reading and checking every unit); touches no widget. */
static Loaded *
load_units (const char *dir)
{
  Loaded *l = g_new0 (Loaded, 1);

  l->units = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_unit_free);
  l->problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  add_units (l->units, dir ? dir : xq_lesson_default_dir (), l->problems);
  l->n_builtin = l->units->len;
  /* A teacher's own units (written by the Teach page) follow the built-in
   * curriculum, in their own section.  Only with the default curriculum:
   * a caller naming a directory wants exactly that directory. */
  if (dir == NULL)
    {
      g_autofree char *own_dir = xq_pack_user_units_dir ();
      if (g_file_test (own_dir, G_FILE_TEST_IS_DIR))
        add_units (l->units, own_dir, l->problems);
    }
  return l;
}

static void
remember_args (XqLearnPage *self, const char *dir, const char *store_dir)
{
  if (dir != self->load_dir)
    {
      g_free (self->load_dir);
      self->load_dir = g_strdup (dir);
    }
  if (store_dir != self->load_store_dir)
    {
      g_free (self->load_store_dir);
      self->load_store_dir = g_strdup (store_dir);
    }
}

static void
install_units (XqLearnPage *self, Loaded *l)
{
  g_autoptr(GPtrArray) ids = NULL;
  g_autofree char *current = NULL;
  g_autoptr(GString) report = g_string_new (NULL);

  /* The player borrows a unit and the progress: let go before they are freed. */
  if (self->player != NULL)
    xq_lesson_player_stop (self->player);
  end_round (self);
  self->playing = NULL;
  g_clear_pointer (&self->units, g_ptr_array_unref);
  self->units = g_steal_pointer (&l->units);
  /* A broken unit must not hide the others, and the teacher must see which
   * one failed and why. */
  for (guint i = 0; i < l->problems->len; i++)
    {
      g_autofree char *line = xq_lesson_problem_format (g_ptr_array_index (l->problems, i));
      g_string_append_printf (report, "%s%s", report->len > 0 ? "\n" : "", line);
      g_message ("%s", line);
    }

  g_clear_pointer (&self->store, xq_progress_store_free);
  self->store = xq_progress_store_new (self->load_store_dir);
  xq_notice_bar_watch (self->notices, self->store);
  xq_learner_chooser_set_store (self->chooser, self->store);
  xq_unit_map_set_builtin_count (self->map, l->n_builtin);
  xq_unit_map_set_units (self->map, self->units);
  if (report->len > 0)
    {
      g_autofree char *text = g_strdup_printf ("%s\n%s", _("Some lesson files could not be loaded:"), report->str);
      xq_unit_map_set_problems (self->map, text);
    }
  else
    xq_unit_map_set_problems (self->map, NULL);

  ids = xq_progress_store_list (self->store);
  current = xq_progress_store_get_current (self->store);
  if (current == NULL)
    {
      if (ids->len > 0)
        current = g_strdup (g_ptr_array_index (ids, 0));
    }
  xq_learn_page_set_learner (self, current ? current : "learner");

  g_clear_handle_id (&self->spinner_timeout, g_source_remove);
  if (self->units->len == 0)
    adw_status_page_set_icon_name (self->error_page, "dialog-warning-symbolic");
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), self->units->len > 0 ? "map" : "error");
}

static void
cancel_loading (XqLearnPage *self)
{
  xq_page_loader_cancel (self->loader);
}

void
xq_learn_page_load (XqLearnPage *self,
                    const char  *dir,
                    const char  *store_dir)
{
  Loaded *l;

  g_return_if_fail (XQ_IS_LEARN_PAGE (self));
  cancel_loading (self);
  remember_args (self, dir, store_dir);
  self->loaded = TRUE;
  l = load_units (dir);
  install_units (self, l);
  loaded_free (l);
}

static gpointer
load_units_cb (const char *dir)
{
  return load_units (dir);
}

static void
units_loaded_cb (gpointer page, gpointer loaded)
{
  XqLearnPage *self = XQ_LEARN_PAGE (page);

  /* The learner opened a unit of the old list meanwhile: keep playing it. */
  if (!xq_learn_page_is_playing (self))
    install_units (self, loaded);
  loaded_free (loaded);
}

static void
show_spinner_cb (gpointer user_data)
{
  XqLearnPage *self = XQ_LEARN_PAGE (user_data);

  self->spinner_timeout = 0;
  if (xq_page_loader_is_loading (self->loader))
    gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "loading");
}

static gboolean
first_load_cb (gpointer user_data)
{
  XqLearnPage *self = XQ_LEARN_PAGE (user_data);

  self->load_idle = 0;
  if (!self->loaded)
    xq_learn_page_load_async (self, NULL, NULL);
  return G_SOURCE_REMOVE;
}

void
xq_learn_page_load_async (XqLearnPage *self,
                          const char  *dir,
                          const char  *store_dir)
{
  g_return_if_fail (XQ_IS_LEARN_PAGE (self));
  remember_args (self, dir, store_dir);
  self->loaded = TRUE;
  /* Loaded again on a later show: the old map stays until the new one is in.
   * A first load usually ends within a frame or two; the spinner only comes
   * for a slow one, so a quick start is not a flash of "Loading…". */
  if (self->units == NULL && self->spinner_timeout == 0 && gtk_widget_get_mapped (GTK_WIDGET (self)))
    self->spinner_timeout = g_timeout_add_once (SPINNER_DELAY_MS, show_spinner_cb, self);
  xq_page_loader_start (self->loader, dir);
}

gboolean
xq_learn_page_is_loading (XqLearnPage *self)
{
  g_return_val_if_fail (XQ_IS_LEARN_PAGE (self), FALSE);
  /* A first load waiting for the first frame to be drawn counts too. */
  return self->load_idle != 0 || xq_page_loader_is_loading (self->loader);
}

static void
unit_activated_cb (XqLearnPage *self,
                   guint        index,
                   XqUnitMap   *map)
{
  xq_learn_page_open_unit (self, index);
}

static void
player_closed_cb (XqLearnPage    *self,
                  XqLessonPlayer *player)
{
  xq_learn_page_show_map (self);
}

static void
progress_changed_cb (XqLearnPage    *self,
                     XqLessonPlayer *player)
{
  /* The first saved star makes a new learner appear in the chooser. */
  xq_learner_chooser_reload (self->chooser);
}

static void
learner_chosen_cb (XqLearnPage      *self,
                   const char       *learner,
                   XqLearnerChooser *chooser)
{
  GtkPopover *popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (self->learner_button));

  if (popover != NULL)
    gtk_popover_popdown (popover);
  xq_learn_page_set_learner (self, learner);
}

static void
learner_changed_cb (XqLearnPage      *self,
                    const char       *learner,
                    XqLearnerChooser *chooser)
{
  if (self->progress != NULL && g_strcmp0 (learner, self->progress->learner) == 0)
    xq_learn_page_set_learner (self, learner);
}

static void
xq_learn_page_map (GtkWidget *widget)
{
  XqLearnPage *self = XQ_LEARN_PAGE (widget);

  GTK_WIDGET_CLASS (xq_learn_page_parent_class)->map (widget);
  /* Loading waits until the page is first shown, so starting the program
   * on another page costs nothing, and then until the frame is drawn
   * (below the redraw priority), so the load's thread does not compete
   * with the first frame.  A window that opens on this page starts the
   * load earlier itself (xq-window.c), and its first map is no reload. */
  if (!self->loaded)
    {
      if (self->load_idle == 0)
        self->load_idle = g_idle_add_full (G_PRIORITY_LOW, first_load_cb, self, NULL);
    }
  else if (!self->shown)
    {
      /* Loaded, or loading, before it was first shown: the spinner's delay
       * counts from now, not from the window's set-up. */
      if (self->units == NULL && self->spinner_timeout == 0 && xq_page_loader_is_loading (self->loader))
        self->spinner_timeout = g_timeout_add_once (SPINNER_DELAY_MS, show_spinner_cb, self);
    }
  else if (!xq_learn_page_is_playing (self))
    /* Shown again: pick up units a teacher added in the Teach page since
     * (their mates may need proving, so this too runs in a thread). */
    xq_learn_page_load_async (self, self->load_dir, self->load_store_dir);
  else
    self->stale = TRUE;
  self->shown = TRUE;
}

static void
xq_learn_page_dispose (GObject *object)
{
  XqLearnPage *self = XQ_LEARN_PAGE (object);

  cancel_loading (self);
  cancel_round (self);
  end_round (self);
  g_clear_handle_id (&self->load_idle, g_source_remove);
  g_clear_handle_id (&self->spinner_timeout, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (object), XQ_TYPE_LEARN_PAGE);
  G_OBJECT_CLASS (xq_learn_page_parent_class)->dispose (object);
}

static void
xq_learn_page_finalize (GObject *object)
{
  XqLearnPage *self = XQ_LEARN_PAGE (object);

  g_clear_pointer (&self->loader, xq_page_loader_free);
  g_clear_pointer (&self->progress, xq_progress_free);
  g_clear_pointer (&self->store, xq_progress_store_free);
  g_clear_pointer (&self->units, g_ptr_array_unref);
  g_clear_pointer (&self->load_dir, g_free);
  g_clear_pointer (&self->load_store_dir, g_free);
  G_OBJECT_CLASS (xq_learn_page_parent_class)->finalize (object);
}

static void
xq_learn_page_class_init (XqLearnPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_learn_page_dispose;
  object_class->finalize = xq_learn_page_finalize;
  widget_class->map = xq_learn_page_map;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "xq-learn-page");

  g_type_ensure (XQ_TYPE_LEARNER_CHOOSER);
  g_type_ensure (XQ_TYPE_NOTICE_BAR);
  g_type_ensure (XQ_TYPE_UNIT_MAP);
  gtk_widget_class_set_template_from_resource (widget_class, APP_PATH "/ui/xq-learn-page.ui");
  gtk_widget_class_bind_template_child (widget_class, XqLearnPage, stack);
  gtk_widget_class_bind_template_child (widget_class, XqLearnPage, greeting);
  gtk_widget_class_bind_template_child (widget_class, XqLearnPage, learner_button);
  gtk_widget_class_bind_template_child (widget_class, XqLearnPage, error_page);
  gtk_widget_class_bind_template_child (widget_class, XqLearnPage, chooser);
  gtk_widget_class_bind_template_child (widget_class, XqLearnPage, notices);
  gtk_widget_class_bind_template_child (widget_class, XqLearnPage, map);
  gtk_widget_class_bind_template_child (widget_class, XqLearnPage, review_box);
  gtk_widget_class_bind_template_child (widget_class, XqLearnPage, review_label);
  gtk_widget_class_bind_template_child (widget_class, XqLearnPage, review_button);
  gtk_widget_class_bind_template_callback (widget_class, review_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, learner_chosen_cb);
  gtk_widget_class_bind_template_callback (widget_class, learner_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, unit_activated_cb);
}

static void
xq_learn_page_init (XqLearnPage *self)
{
  ensure_css ();
  self->loader = xq_page_loader_new (self, load_units_cb, units_loaded_cb, (GDestroyNotify) loaded_free);
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The one loading view every page shows while its content loads. */
  gtk_stack_add_named (GTK_STACK (self->stack), xq_loading_view_new (_("Loading lessons…")), "loading");
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "map");
}

GtkWidget *
xq_learn_page_new (void)
{
  return g_object_new (XQ_TYPE_LEARN_PAGE, NULL);
}

GPtrArray *
xq_learn_page_get_units (XqLearnPage *self)
{
  g_return_val_if_fail (XQ_IS_LEARN_PAGE (self), NULL);
  return self->units;
}

const XqProgress *
xq_learn_page_get_progress (XqLearnPage *self)
{
  g_return_val_if_fail (XQ_IS_LEARN_PAGE (self), NULL);
  return self->progress;
}

/* The player is most of the page's widgets and textures; a child who only
 * looks at the map, or a program started on another page, never pays for
 * it. */
static XqLessonPlayer *
ensure_player (XqLearnPage *self)
{
  if (self->player == NULL)
    {
      self->player = XQ_LESSON_PLAYER (xq_lesson_player_new ());
      g_signal_connect_swapped (self->player, "closed", G_CALLBACK (player_closed_cb), self);
      g_signal_connect_swapped (self->player, "progress-changed", G_CALLBACK (progress_changed_cb), self);
      g_signal_connect_swapped (self->player, "attempt-done", G_CALLBACK (attempt_done_cb), self);
      gtk_stack_add_named (GTK_STACK (self->stack), GTK_WIDGET (self->player), "player");
    }
  return self->player;
}

void
xq_learn_page_open_unit (XqLearnPage *self,
                         guint        index)
{
  g_return_if_fail (XQ_IS_LEARN_PAGE (self));
  g_return_if_fail (self->units != NULL && index < self->units->len);

  end_round (self);
  self->playing = g_ptr_array_index (self->units, index);
  self->playing_index = index;
  self->stars_before = self->progress ? xq_progress_unit_stars (self->progress, self->playing->id, NULL) : 0;
  xq_lesson_player_start (ensure_player (self), self->playing, self->store, self->progress);
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "player");
  gtk_widget_grab_focus (xq_lesson_player_get_button (self->player, "next"));
}

void
xq_learn_page_show_map (XqLearnPage *self)
{
  int current;

  g_return_if_fail (XQ_IS_LEARN_PAGE (self));

  end_round (self);
  xq_unit_map_refresh (self->map);
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "map");
  update_review (self);
  if (self->stale)
    {
      self->stale = FALSE;
      xq_learn_page_load_async (self, self->load_dir, self->load_store_dir);
    }
  current = xq_unit_map_get_current (self->map);
  if (current >= 0)
    gtk_widget_grab_focus (xq_unit_map_get_card (self->map, current));
  /* The stars earned in the unit just left fly to its card. */
  if (self->playing != NULL && self->progress != NULL && self->units != NULL &&
      self->playing_index < self->units->len && g_ptr_array_index (self->units, self->playing_index) == self->playing)
    {
      int won = xq_progress_unit_stars (self->progress, self->playing->id, NULL) - self->stars_before;
      GtkWidget *card = xq_unit_map_get_card (self->map, self->playing_index);

      if (won > 0 && card != NULL && XQ_IS_UNIT_MAP_CARD (gtk_button_get_child (GTK_BUTTON (card))))
        xq_unit_map_card_fly_stars (XQ_UNIT_MAP_CARD (gtk_button_get_child (GTK_BUTTON (card))), won);
      self->stars_before += MAX (won, 0);
    }
}

gboolean
xq_learn_page_is_playing (XqLearnPage *self)
{
  g_return_val_if_fail (XQ_IS_LEARN_PAGE (self), FALSE);
  return g_strcmp0 (gtk_stack_get_visible_child_name (GTK_STACK (self->stack)), "player") == 0;
}

XqUnitMap *
xq_learn_page_get_unit_map (XqLearnPage *self)
{
  g_return_val_if_fail (XQ_IS_LEARN_PAGE (self), NULL);
  return self->map;
}

XqLessonPlayer *
xq_learn_page_get_player (XqLearnPage *self)
{
  g_return_val_if_fail (XQ_IS_LEARN_PAGE (self), NULL);
  return ensure_player (self);
}

XqLearnerChooser *
xq_learn_page_get_chooser (XqLearnPage *self)
{
  g_return_val_if_fail (XQ_IS_LEARN_PAGE (self), NULL);
  return self->chooser;
}

XqNoticeBar *
xq_learn_page_get_notices (XqLearnPage *self)
{
  g_return_val_if_fail (XQ_IS_LEARN_PAGE (self), NULL);
  return self->notices;
}
