/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-puzzle-page.c: the puzzle drill.
 *
 * Every verdict comes from the lesson layer's mate checker (xq_check_mate,
 * the one the Learn page's mate exercises use): a move is right when it
 * keeps a forced win within the moves that are left (not only the book
 * key), and on the last move any mate counts.  The computer defends with
 * the reply that delays the mate longest.  A wrong move is not just
 * refused: it is played, and the defence that refutes it is played after
 * it, so the learner sees why; then the position goes back.  The checker
 * and the hint's search run in a thread (a hard position can take the
 * solver's whole budget); the board waits meanwhile. */
#define G_LOG_DOMAIN "xq-puzzle-page"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n-lib.h>

#include "xq-checker.h"
#include "xq-loading-view.h"
#include "xq-page-loader.h"
#include "xq-notice-bar.h"
#include "xq-progress.h"
#include "xq-puzzle-page.h"
#include "xq-lesson-rules.h"

#define APP_PATH "/io/github/xiangqi_tutor/XiangqiTutor"
#define PROGRESS_UNIT "puzzles"

struct _XqPuzzlePage
{
  AdwBin         parent_instance;

  GtkStack      *stack;          /* below the notices */
  XqNoticeBar   *notices;        /* damaged learner files, what was kept */
  GtkDropDown   *level_drop;
  GtkListBox    *packs_list;
  XqLessonBoard *board;
  GtkLabel      *title_label;
  GtkLabel      *info_label;
  GtkLabel      *feedback_label;
  GtkLabel      *score_label;
  GtkButton     *take_back_button;
  GtkButton     *next_button;

  GPtrArray       *files;     /* XqLessonFile* */
  GPtrArray       *packs;     /* XqPuzzlePack*, borrowed from files */
  XqProgressStore *store;
  XqProgress      *progress;
  int              streak;
  int              best_streak;
  gboolean         loaded;
  XqPageLoader    *loader;    /* reads the packs in a thread */
  char            *load_store_dir;

  guint            pack_index;
  guint            puzzle_index;
  const XqPuzzle  *puzzle;
  XqPosition       shown;
  XqPosition       before_wrong;
  GArray          *line;      /* XqMove: learner and computer alternating */
  GCancellable    *checking;  /* a move or a hint being worked out in a thread */
  XqMove           hint;      /* the hint's move for the shown position, or none */
  gboolean         hint_asked; /* Hint was pressed while it was worked out */
  gboolean         judging;   /* the thread is judging the learner's move */
  int              hints;
  int              wrong;
  gboolean         solved;
  gboolean         refuting;  /* a wrong move and its refutation are on the board */
  XqMove           pending;
  guint            reply_source;
  guint            reply_delay;
  char            *feedback;
};

G_DEFINE_FINAL_TYPE (XqPuzzlePage, xq_puzzle_page, ADW_TYPE_BIN)

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
static void
save_progress (XqPuzzlePage *self)
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
  return self->progress && xq_progress_get_stars (self->progress, PROGRESS_UNIT, id) > 0;
}

int
xq_puzzle_page_get_solved_count (XqPuzzlePage *self)
{
  int n = 0;

  g_return_val_if_fail (XQ_IS_PUZZLE_PAGE (self), 0);
  if (self->progress != NULL)
    xq_progress_unit_stars (self->progress, PROGRESS_UNIT, &n);
  return n;
}

int
xq_puzzle_page_get_streak (XqPuzzlePage *self)
{
  g_return_val_if_fail (XQ_IS_PUZZLE_PAGE (self), 0);
  return self->streak;
}

static void
update_score (XqPuzzlePage *self)
{
  g_autofree char *text =
    g_strdup_printf (_("Solved: %d · Streak: %d · Best: %d"),
                     xq_puzzle_page_get_solved_count (self), self->streak, self->best_streak);

  gtk_label_set_text (self->score_label, text);
}

/* ---- The list of packs ----------------------------------------------------- */

static int
level_filter (XqPuzzlePage *self)
{
  /* Item 0 is "Any level", then levels 1 to 5. */
  return (int) gtk_drop_down_get_selected (self->level_drop);
}

static gboolean
puzzle_fits (XqPuzzlePage *self, const XqPuzzle *pz)
{
  int level = level_filter (self);

  return level == 0 || pz->difficulty == level;
}

static void
fill_packs (XqPuzzlePage *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->packs_list))) != NULL)
    gtk_list_box_remove (self->packs_list, child);
  for (guint i = 0; self->packs && i < self->packs->len; i++)
    {
      const XqPuzzlePack *pack = g_ptr_array_index (self->packs, i);
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *sub = NULL;
      int total = 0, done = 0;

      for (guint j = 0; j < pack->puzzles->len; j++)
        {
          const XqPuzzle *pz = g_ptr_array_index (pack->puzzles, j);

          if (!puzzle_fits (self, pz))
            continue;
          total++;
          done += is_solved_id (self, pz->id);
        }
      if (total == 0)
        continue;
      sub = g_strdup_printf (_("%d of %d solved"), done, total);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), pack->title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), sub);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
      g_object_set_data (G_OBJECT (row), "pack-index", GUINT_TO_POINTER (i));
      gtk_list_box_append (self->packs_list, row);
    }
}

/* The first unsolved puzzle of the pack at the chosen level, else the first. */
static guint
first_open_puzzle (XqPuzzlePage *self, const XqPuzzlePack *pack, guint from)
{
  guint n = pack->puzzles->len, fallback = G_MAXUINT;

  for (guint k = 0; k < n; k++)
    {
      guint j = (from + k) % n;
      const XqPuzzle *pz = g_ptr_array_index (pack->puzzles, j);

      if (!puzzle_fits (self, pz))
        continue;
      if (fallback == G_MAXUINT)
        fallback = j;
      if (!is_solved_id (self, pz->id))
        return j;
    }
  return fallback == G_MAXUINT ? from % n : fallback;
}

static void
pack_activated_cb (XqPuzzlePage *self, GtkListBoxRow *row)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "pack-index"));
  const XqPuzzlePack *pack = g_ptr_array_index (self->packs, index);

  xq_puzzle_page_open (self, index, first_open_puzzle (self, pack, 0));
}

static void
level_changed_cb (XqPuzzlePage *self)
{
  fill_packs (self);
}

/* ---- The drill ----------------------------------------------------------------- */

static void
set_feedback (XqPuzzlePage *self, const char *text, const char *style)
{
  g_free (self->feedback);
  self->feedback = g_strdup (text);
  gtk_label_set_text (self->feedback_label, text);
  gtk_widget_remove_css_class (GTK_WIDGET (self->feedback_label), "success");
  gtk_widget_remove_css_class (GTK_WIDGET (self->feedback_label), "error");
  gtk_widget_remove_css_class (GTK_WIDGET (self->feedback_label), "accent");
  if (style != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self->feedback_label), style);
  xq_board_view_announce (xq_lesson_board_get_view (self->board), text);
}

/* Attacker moves the learner has still to play, counting the next one. */
static int
moves_left (XqPuzzlePage *self)
{
  return self->puzzle->mate_in - (int) (self->line->len + 1) / 2;
}

static void
show_position (XqPuzzlePage *self, XqMove last, gboolean interactive)
{
  xq_lesson_board_set_position (self->board, &self->shown, last, interactive);
}

static void
solved (XqPuzzlePage *self, gboolean stalemate)
{
  int stars = xq_lesson_stars_for (self->wrong, self->hints);

  self->solved = TRUE;
  if (self->wrong == 0 && self->hints == 0)
    self->streak++;
  else
    self->streak = 0;
  self->best_streak = MAX (self->best_streak, self->streak);
  if (self->progress)
    xq_progress_record (self->progress, PROGRESS_UNIT, self->puzzle->id, stars);
  save_progress (self);
  update_score (self);
  set_feedback (self, stalemate ? _("No moves left: you win! Well done.")
                                : _("Checkmate! Well done."), "success");
  gtk_widget_set_visible (GTK_WIDGET (self->next_button), TRUE);
  xq_board_model_set_interactive (xq_lesson_board_get_model (self->board), FALSE);
}

static gboolean
reply_cb (gpointer user_data)
{
  XqPuzzlePage *self = user_data;
  XqMove reply = self->pending;
  XqUndo u;

  self->reply_source = 0;
  self->pending = XQ_MOVE_NONE;
  /* The solver always finds a reply for a defender who can move; be safe
   * if a node limit ever stops it. */
  if (reply == XQ_MOVE_NONE || !xq_position_is_legal (&self->shown, reply))
    {
      if (self->refuting)
        gtk_widget_set_visible (GTK_WIDGET (self->take_back_button), TRUE);
      else
        xq_board_model_set_interactive (xq_lesson_board_get_model (self->board), TRUE);
      return G_SOURCE_REMOVE;
    }
  xq_position_do_move (&self->shown, reply, &u);
  if (self->refuting)
    {
      XqLessonMarks marks;

      show_position (self, reply, FALSE);
      xq_lesson_marks_clear (&marks);
      xq_lesson_marks_add_arrow (&marks, XQ_LESSON_ROLE_WRONG, xq_move_from (reply), xq_move_to (reply));
      xq_lesson_board_set_marks (self->board, &marks);
      set_feedback (self, _("See? After that move the general gets away. Take it back and try another."),
                    "error");
      gtk_widget_set_visible (GTK_WIDGET (self->take_back_button), TRUE);
      return G_SOURCE_REMOVE;
    }
  g_array_append_val (self->line, reply);
  show_position (self, reply, TRUE);
  {
    g_autofree char *text = NULL;
    int left = moves_left (self);

    text = left == 1 ? g_strdup (_("Your move: mate now!"))
                     : g_strdup_printf (_("Your move: mate in %d more."), left);
    set_feedback (self, text, "accent");
  }
  return G_SOURCE_REMOVE;
}

static void
schedule_reply (XqPuzzlePage *self, XqMove reply)
{
  self->pending = reply;
  g_clear_handle_id (&self->reply_source, g_source_remove);
  if (self->reply_delay == 0)
    reply_cb (self);
  else
    self->reply_source = g_timeout_add (self->reply_delay, reply_cb, self);
}

/* What a thread works out for the page: the verdict on the learner's move
 * and the reply to show, and the hint for the position the learner sees
 * next.  Everything it reads is copied in. */
typedef struct
{
  XqPosition  start;
  int         mate_in;
  GArray     *moves;        /* from the start, ending with the learner's move; NULL: a hint only */
  XqPosition  after;        /* the shown position with the learner's move played */
  int         left;         /* the learner's moves left, counting this one */
  XqPosition  hint_pos;
  int         hint_n;       /* > 0: find a hint for hint_pos within this many moves */
  /* Results */
  XqVerdictKind kind;
  XqMove      reply;
  XqMove      hint;
} Check;

static void
check_free (gpointer data)
{
  Check *c = data;

  g_clear_pointer (&c->moves, g_array_unref);
  g_free (c);
}

static void
check_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Check *c = data;
  XqSolution sol;

  c->reply = c->hint = XQ_MOVE_NONE;
  if (c->moves != NULL)
    {
      g_autoptr(XqVerdict) v = xq_check_mate (&c->start, c->mate_in, (const XqMove *) c->moves->data,
                                              (int) c->moves->len);
      c->kind = v->kind;
      if (v->kind == XQ_VERDICT_INCOMPLETE && v->reply != XQ_MOVE_NONE)
        {
          XqUndo u;

          c->reply = v->reply;
          c->hint_pos = c->after;
          xq_position_do_move (&c->hint_pos, v->reply, &u);
          c->hint_n = c->left - 1;
        }
      else if (v->kind != XQ_VERDICT_CORRECT && v->kind != XQ_VERDICT_INCOMPLETE)
        c->reply = xq_lesson_longest_defence (&c->after, MAX (c->left - 1, 1));
    }
  if (c->hint_n > 0 && !g_cancellable_is_cancelled (cancellable) &&
      xq_lesson_mate_solve (&c->hint_pos, c->hint_n, &sol) == XQ_SOLVE_MATE && sol.n_keys > 0)
    c->hint = sol.keys[0];
  g_task_return_boolean (task, TRUE);
}

static void
cancel_check (XqPuzzlePage *self)
{
  if (self->checking != NULL)
    g_cancellable_cancel (self->checking);
  g_clear_object (&self->checking);
  self->judging = FALSE;
}

static void
check_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  XqPuzzlePage *self = user_data;
  Check *c = g_task_get_task_data (G_TASK (result));
  XqMove m;

  /* A cancelled check belongs to a position no longer shown (and the page
   * may be gone). */
  if (g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))))
    return;
  g_clear_object (&self->checking);
  self->judging = FALSE;
  if (c->moves == NULL || c->kind == XQ_VERDICT_INCOMPLETE)
    self->hint = c->hint;
  if (c->moves == NULL)
    {
      if (self->hint_asked)
        xq_puzzle_page_hint (self);
      self->hint_asked = FALSE;
      return;
    }
  m = g_array_index (c->moves, XqMove, c->moves->len - 1);
  if (c->kind == XQ_VERDICT_INCOMPLETE)
    {
      g_array_append_val (self->line, m);
      set_feedback (self, _("Good move! Now the computer answers…"), "accent");
      schedule_reply (self, c->reply);
    }
  else if (c->kind == XQ_VERDICT_CORRECT)
    {
      g_array_append_val (self->line, m);
      solved (self, !xq_position_in_check (&self->shown, self->shown.side));
    }
  else
    {
      /* Wrong: played, then the defence that refutes it. */
      self->wrong++;
      self->streak = 0;
      update_score (self);
      self->refuting = TRUE;
      set_feedback (self, c->left == 1 ? _("That is not mate yet. Watch the reply…")
                                       : _("That move lets the general escape. Watch…"), "error");
      schedule_reply (self, c->reply);
    }
  self->hint_asked = FALSE;
}

static void
start_check (XqPuzzlePage *self, Check *c)
{
  g_autoptr(GTask) task = NULL;

  cancel_check (self);
  self->checking = g_cancellable_new ();
  task = g_task_new (NULL, self->checking, check_done, self);
  g_task_set_source_tag (task, start_check);
  g_task_set_task_data (task, c, check_free);
  g_task_run_in_thread (task, check_thread);
}

/* The hint for the position the learner faces: the book key at the start,
 * else a fastest win, worked out in the thread. */
static void
find_hint (XqPuzzlePage *self)
{
  Check *c;

  self->hint = XQ_MOVE_NONE;
  if (self->line->len == 0 && self->puzzle->keys && self->puzzle->keys->len > 0)
    {
      self->hint = g_array_index (self->puzzle->keys, XqMove, 0);
      return;
    }
  c = g_new0 (Check, 1);
  c->hint_pos = self->shown;
  c->hint_n = moves_left (self);
  start_check (self, c);
}

void
xq_puzzle_page_play (XqPuzzlePage *self, XqMove m)
{
  XqPosition after;
  XqUndo u;
  Check *c;

  g_return_if_fail (XQ_IS_PUZZLE_PAGE (self));
  if (self->puzzle == NULL || self->solved || xq_puzzle_page_is_busy (self))
    return;
  if (!xq_position_is_legal (&self->shown, m))
    {
      set_feedback (self, _("That move is not allowed."), "error");
      return;
    }
  after = self->shown;
  xq_position_do_move (&after, m, &u);
  xq_lesson_board_set_marks (self->board, NULL);

  /* Any move that leaves the defender without a move wins, key or not. */
  if (!xq_position_has_legal_move (&after))
    {
      cancel_check (self);
      self->shown = after;
      g_array_append_val (self->line, m);
      show_position (self, m, FALSE);
      solved (self, !xq_position_in_check (&after, after.side));
      return;
    }

  /* The move stands on the board while the checker judges it. */
  c = g_new0 (Check, 1);
  c->start = self->puzzle->position;
  c->mate_in = self->puzzle->mate_in;
  c->moves = g_array_copy (self->line);
  g_array_append_val (c->moves, m);
  c->after = after;
  c->left = moves_left (self);
  self->before_wrong = self->shown;
  self->shown = after;
  show_position (self, m, FALSE);
  start_check (self, c);
  self->judging = TRUE;
}

void
xq_puzzle_page_take_back (XqPuzzlePage *self)
{
  g_return_if_fail (XQ_IS_PUZZLE_PAGE (self));
  if (!self->refuting || self->reply_source != 0)
    return;
  self->refuting = FALSE;
  self->shown = self->before_wrong;
  xq_lesson_board_set_marks (self->board, NULL);
  show_position (self, self->line->len ? g_array_index (self->line, XqMove, self->line->len - 1)
                                       : XQ_MOVE_NONE, TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->take_back_button), FALSE);
  set_feedback (self, _("Try another move."), "accent");
  if (self->hint == XQ_MOVE_NONE && self->checking == NULL)
    find_hint (self);
}

int
xq_puzzle_page_hint (XqPuzzlePage *self)
{
  XqLessonMarks marks;
  XqMove m;

  g_return_val_if_fail (XQ_IS_PUZZLE_PAGE (self), 0);
  if (self->puzzle == NULL || self->solved || xq_puzzle_page_is_busy (self))
    return self->hints;
  if (self->checking != NULL)
    {
      /* Shown as soon as the thread has it. */
      self->hint_asked = TRUE;
      return self->hints;
    }
  m = self->hint;
  if (m == XQ_MOVE_NONE)
    return self->hints;
  self->hints = MIN (self->hints + 1, 3);
  xq_lesson_marks_clear (&marks);
  xq_lesson_marks_add (&marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_TARGET, xq_move_from (m));
  if (self->hints >= 2)
    xq_lesson_marks_add (&marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_HIGHLIGHT, xq_move_to (m));
  if (self->hints >= 3)
    xq_lesson_marks_add_arrow (&marks, XQ_LESSON_ROLE_MOVE, xq_move_from (m), xq_move_to (m));
  xq_lesson_board_set_marks (self->board, &marks);
  set_feedback (self, self->hints == 1 ? _("Hint: move this piece.")
                    : self->hints == 2 ? _("Hint: move it to the marked point.")
                                       : _("Here is the move."), NULL);
  return self->hints;
}

static void
start_puzzle (XqPuzzlePage *self)
{
  g_autofree char *info = NULL;

  g_clear_handle_id (&self->reply_source, g_source_remove);
  g_array_set_size (self->line, 0);
  self->shown = self->puzzle->position;
  self->hints = self->wrong = 0;
  self->solved = self->refuting = FALSE;
  self->pending = XQ_MOVE_NONE;
  xq_lesson_board_set_marks (self->board, NULL);
  show_position (self, XQ_MOVE_NONE, TRUE);
  gtk_label_set_text (self->title_label, self->puzzle->title);
  info = self->puzzle->pattern
           ? g_strdup_printf (_("Mate in %d · %s"), self->puzzle->mate_in, self->puzzle->pattern)
           : g_strdup_printf (_("Mate in %d"), self->puzzle->mate_in);
  gtk_label_set_text (self->info_label, info);
  gtk_widget_set_visible (GTK_WIDGET (self->take_back_button), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->next_button), FALSE);
  set_feedback (self, self->puzzle->hints && self->puzzle->hints->len > 0
                        ? g_ptr_array_index (self->puzzle->hints, 0)
                        : _("Red to move and win."), NULL);
  update_score (self);
  cancel_check (self);
  self->hint_asked = FALSE;
  find_hint (self);
}

void
xq_puzzle_page_retry (XqPuzzlePage *self)
{
  g_return_if_fail (XQ_IS_PUZZLE_PAGE (self));
  if (self->puzzle != NULL)
    start_puzzle (self);
}

void
xq_puzzle_page_open (XqPuzzlePage *self, guint pack, guint puzzle)
{
  const XqPuzzlePack *p;

  g_return_if_fail (XQ_IS_PUZZLE_PAGE (self));
  g_return_if_fail (self->packs != NULL && pack < self->packs->len);
  p = g_ptr_array_index (self->packs, pack);
  g_return_if_fail (puzzle < p->puzzles->len);
  self->pack_index = pack;
  self->puzzle_index = puzzle;
  self->puzzle = g_ptr_array_index (p->puzzles, puzzle);
  start_puzzle (self);
  gtk_stack_set_visible_child_name (self->stack, "drill");
}

static void
next_cb (XqPuzzlePage *self)
{
  const XqPuzzlePack *p = g_ptr_array_index (self->packs, self->pack_index);

  xq_puzzle_page_open (self, self->pack_index, first_open_puzzle (self, p, self->puzzle_index + 1));
}

void
xq_puzzle_page_show_packs (XqPuzzlePage *self)
{
  g_return_if_fail (XQ_IS_PUZZLE_PAGE (self));
  g_clear_handle_id (&self->reply_source, g_source_remove);
  self->puzzle = NULL;
  fill_packs (self);
  gtk_stack_set_visible_child_name (self->stack, "packs");
}

static void
hint_clicked_cb (XqPuzzlePage *self)
{
  xq_puzzle_page_hint (self);
}

static void
retry_clicked_cb (XqPuzzlePage *self)
{
  xq_puzzle_page_retry (self);
}

static void
take_back_clicked_cb (XqPuzzlePage *self)
{
  xq_puzzle_page_take_back (self);
}

static void
packs_clicked_cb (XqPuzzlePage *self)
{
  xq_puzzle_page_show_packs (self);
}

static void
board_move_cb (XqPuzzlePage *self, int from, int to)
{
  xq_puzzle_page_play (self, xq_move_make (from, to));
}

/* ---- Loading --------------------------------------------------------------- */

static char *
default_puzzles_dir (void)
{
  return g_build_filename (xq_lesson_default_dir (), "puzzles", NULL);
}

/* Follows the learner the Learn page chose last, read again on every
 * visit: the learner may have changed, or been reset, since. */
static void
sync_learner (XqPuzzlePage *self)
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
  fill_packs (self);
  update_score (self);
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
  g_clear_pointer (&self->packs, g_ptr_array_unref);
  g_clear_pointer (&self->files, g_ptr_array_unref);
  self->files = g_steal_pointer (&l->files);
  self->packs = g_ptr_array_new ();
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
  sync_learner (self);
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "loading") == 0)
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

guint
xq_puzzle_page_get_n_packs (XqPuzzlePage *self)
{
  g_return_val_if_fail (XQ_IS_PUZZLE_PAGE (self), 0);
  return self->packs ? self->packs->len : 0;
}

const XqPuzzlePack *
xq_puzzle_page_get_pack (XqPuzzlePage *self, guint index)
{
  g_return_val_if_fail (XQ_IS_PUZZLE_PAGE (self), NULL);
  g_return_val_if_fail (self->packs != NULL && index < self->packs->len, NULL);
  return g_ptr_array_index (self->packs, index);
}

const XqPuzzle *
xq_puzzle_page_get_puzzle (XqPuzzlePage *self)
{
  g_return_val_if_fail (XQ_IS_PUZZLE_PAGE (self), NULL);
  return self->puzzle;
}

gboolean
xq_puzzle_page_is_solved (XqPuzzlePage *self)
{
  g_return_val_if_fail (XQ_IS_PUZZLE_PAGE (self), FALSE);
  return self->solved;
}

gboolean
xq_puzzle_page_is_busy (XqPuzzlePage *self)
{
  g_return_val_if_fail (XQ_IS_PUZZLE_PAGE (self), FALSE);
  return self->reply_source != 0 || self->refuting || self->judging;
}

gboolean
xq_puzzle_page_is_checking (XqPuzzlePage *self)
{
  g_return_val_if_fail (XQ_IS_PUZZLE_PAGE (self), FALSE);
  return self->checking != NULL;
}

const char *
xq_puzzle_page_get_feedback (XqPuzzlePage *self)
{
  g_return_val_if_fail (XQ_IS_PUZZLE_PAGE (self), NULL);
  return self->feedback;
}

XqNoticeBar *
xq_puzzle_page_get_notices (XqPuzzlePage *self)
{
  g_return_val_if_fail (XQ_IS_PUZZLE_PAGE (self), NULL);
  return self->notices;
}

XqLessonBoard *
xq_puzzle_page_get_board (XqPuzzlePage *self)
{
  g_return_val_if_fail (XQ_IS_PUZZLE_PAGE (self), NULL);
  return self->board;
}

void
xq_puzzle_page_set_reply_delay (XqPuzzlePage *self, guint ms)
{
  g_return_if_fail (XQ_IS_PUZZLE_PAGE (self));
  self->reply_delay = ms;
}

/* ---- GObject --------------------------------------------------------------- */

static void
xq_puzzle_page_map (GtkWidget *widget)
{
  XqPuzzlePage *self = XQ_PUZZLE_PAGE (widget);

  GTK_WIDGET_CLASS (xq_puzzle_page_parent_class)->map (widget);
  if (!self->loaded)
    xq_puzzle_page_load_async (self, NULL, NULL);
  else if (self->store != NULL)
    sync_learner (self);
}

static void
xq_puzzle_page_dispose (GObject *object)
{
  XqPuzzlePage *self = XQ_PUZZLE_PAGE (object);

  g_clear_handle_id (&self->reply_source, g_source_remove);
  cancel_check (self);
  xq_page_loader_cancel (self->loader);
  gtk_widget_dispose_template (GTK_WIDGET (object), XQ_TYPE_PUZZLE_PAGE);
  G_OBJECT_CLASS (xq_puzzle_page_parent_class)->dispose (object);
}

static void
xq_puzzle_page_finalize (GObject *object)
{
  XqPuzzlePage *self = XQ_PUZZLE_PAGE (object);

  self->puzzle = NULL;
  g_clear_pointer (&self->loader, xq_page_loader_free);
  g_clear_pointer (&self->packs, g_ptr_array_unref);
  g_clear_pointer (&self->files, g_ptr_array_unref);
  g_clear_pointer (&self->progress, xq_progress_free);
  g_clear_pointer (&self->store, xq_progress_store_free);
  g_clear_pointer (&self->line, g_array_unref);
  g_free (self->feedback);
  g_free (self->load_store_dir);
  G_OBJECT_CLASS (xq_puzzle_page_parent_class)->finalize (object);
}

static void
xq_puzzle_page_class_init (XqPuzzlePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_puzzle_page_dispose;
  object_class->finalize = xq_puzzle_page_finalize;
  widget_class->map = xq_puzzle_page_map;

  g_type_ensure (XQ_TYPE_LESSON_BOARD);
  g_type_ensure (XQ_TYPE_NOTICE_BAR);
  gtk_widget_class_set_template_from_resource (widget_class, APP_PATH "/ui/xq-puzzle-page.ui");
  gtk_widget_class_bind_template_child (widget_class, XqPuzzlePage, stack);
  gtk_widget_class_bind_template_child (widget_class, XqPuzzlePage, notices);
  gtk_widget_class_bind_template_child (widget_class, XqPuzzlePage, level_drop);
  gtk_widget_class_bind_template_child (widget_class, XqPuzzlePage, packs_list);
  gtk_widget_class_bind_template_child (widget_class, XqPuzzlePage, board);
  gtk_widget_class_bind_template_child (widget_class, XqPuzzlePage, title_label);
  gtk_widget_class_bind_template_child (widget_class, XqPuzzlePage, info_label);
  gtk_widget_class_bind_template_child (widget_class, XqPuzzlePage, feedback_label);
  gtk_widget_class_bind_template_child (widget_class, XqPuzzlePage, score_label);
  gtk_widget_class_bind_template_child (widget_class, XqPuzzlePage, take_back_button);
  gtk_widget_class_bind_template_child (widget_class, XqPuzzlePage, next_button);
  gtk_widget_class_bind_template_callback (widget_class, pack_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, level_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, hint_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, retry_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, take_back_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, packs_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, next_cb);
}

static void
xq_puzzle_page_init (XqPuzzlePage *self)
{
  self->loader = xq_page_loader_new (self, load_packs_cb, packs_loaded_cb, (GDestroyNotify) loaded_free);
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The one loading view every page shows while its content loads. */
  gtk_stack_add_named (self->stack, xq_loading_view_new (_("Loading puzzles…")), "loading");
  self->line = g_array_new (FALSE, FALSE, sizeof (XqMove));
  self->reply_delay = 500;
  g_signal_connect_swapped (xq_lesson_board_get_view (self->board), "move",
                            G_CALLBACK (board_move_cb), self);
}

GtkWidget *
xq_puzzle_page_new (void)
{
  return g_object_new (XQ_TYPE_PUZZLE_PAGE, NULL);
}
