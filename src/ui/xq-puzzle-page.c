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
 * solver's whole budget); the board waits meanwhile.  The hint is the
 * attacker's next move on the answer key's main line, steered into the
 * puzzle's pattern from wherever the board stands (xq_answer_next_move,
 * docs/puzzle-drill.md, "Hints"). */
#define G_LOG_DOMAIN "xq-puzzle-page"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n-lib.h>
#ifdef __linux__
#include <sys/resource.h>
#endif

#include "xq-answer-sheet.h"
#include "xq-answer-text.h"
#include "xq-checker.h"
#include "xq-lesson-rules.h"
#include "xq-loading-view.h"
#include "xq-puzzle-page-private.h"
#include "xq-speaker.h"
#include "xq-sound-player.h"

#define APP_PATH "/io/github/xiangqi_tutor/XiangqiTutor"

G_DEFINE_FINAL_TYPE (XqPuzzlePage, xq_puzzle_page, ADW_TYPE_BIN)

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
  /* A learner who cannot read yet hears it without asking. */
  if (self->progress != NULL && self->progress->speak)
    xq_speaker_say (xq_speaker_get_default (), text);
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

/* Hint is no use while the puzzle is being checked, or when it cannot be
 * played: it is not offered then. */
static void
update_hint_button (XqPuzzlePage *self)
{
  gtk_widget_set_sensitive (GTK_WIDGET (self->hint_button),
                            self->puzzle != NULL && self->proving == NULL && !self->unplayable);
}

static void
solved (XqPuzzlePage *self, gboolean stalemate)
{
  int stars = xq_lesson_stars_for (self->wrong, self->hints);

  xq_sound_play (XQ_SOUND_SOLVED);
  xq_puzzle_page_rate_attempt (self, xq_rating_attempt_score (self->wrong, self->hints, TRUE));
  xq_puzzle_page_streak_step (self, self->wrong == 0 && self->hints == 0);
  /* A wrong move was recorded when it was made. */
  if (self->wrong == 0)
    xq_puzzle_page_review_attempt (self, self->hints == 0);
  self->solved = TRUE;
  if (self->wrong == 0 && self->hints == 0)
    self->streak++;
  else
    self->streak = 0;
  self->best_streak = MAX (self->best_streak, self->streak);
  if (self->progress)
    xq_progress_record_result (self->progress, XQ_PROGRESS_PUZZLE_UNIT, self->puzzle->id, stars,
                               self->hints, NULL);
  xq_puzzle_page_save_progress (self);
  xq_puzzle_page_update_score (self);
  set_feedback (self, stalemate ? _("No moves left: you win! Well done.")
                                : _("Checkmate! Well done."), "success");
  gtk_widget_set_visible (GTK_WIDGET (self->next_button), TRUE);
  xq_board_model_set_interactive (xq_lesson_board_get_model (self->board), FALSE);
}

/* Defenders fight back: a reply may take one of the learner's pieces or
 * check the learner's general (the board marks the general in check).  A
 * sentence on it, or NULL for a quiet reply.  Pieces are named by their
 * side's word (Chinese writes Red's 帥 and Black's 將 apart). */
static char *
reply_event_text (XqPiece captured, gboolean check, XqPiece own_general)
{
  if (captured != XQ_EMPTY && check)
    return g_strdup_printf (_("The defender takes your %s, with check!"), xq_answer_piece_word (captured));
  if (captured != XQ_EMPTY)
    return g_strdup_printf (_("The defender takes your %s."), xq_answer_piece_word (captured));
  if (check)
    return g_strdup_printf (_("Check! Your %s is attacked: answer the check."), xq_answer_piece_word (own_general));
  return NULL;
}

/* Why the learner's wrong move failed, from the reply that refutes it:
 * mover is the defender's piece that moved. */
static char *
refutation_text (XqPiece captured, gboolean check, XqPiece mover, XqPiece own_general)
{
  gboolean general = xq_piece_type (mover) == XQ_KING;

  if (captured != XQ_EMPTY && general)
    return g_strdup_printf (_("See? After that move the %s takes your %s and gets away. "
                              "Take it back and try another."),
                            xq_answer_piece_word (mover), xq_answer_piece_word (captured));
  if (captured != XQ_EMPTY)
    return g_strdup_printf (_("See? After that move the defender takes your %s. Take it back and try another."),
                            xq_answer_piece_word (captured));
  if (check)
    return g_strdup_printf (_("See? After that move the defender checks your %s. Take it back and try another."),
                            xq_answer_piece_word (own_general));
  if (general)
    return g_strdup_printf (_("See? After that move the %s gets away. Take it back and try another."),
                            xq_answer_piece_word (mover));
  return g_strdup (_("See? After that move the defender gets out of the mate. Take it back and try another."));
}

static gboolean
reply_cb (gpointer user_data)
{
  XqPuzzlePage *self = user_data;
  XqMove reply = self->pending;
  XqPiece captured, mover, own_general;
  gboolean check;
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
  captured = self->shown.board[xq_move_to (reply)];
  mover = self->shown.board[xq_move_from (reply)];
  own_general = xq_piece_make (self->puzzle->position.side, XQ_KING);
  xq_sound_play (xq_sound_for_move (&self->shown, reply));
  xq_position_do_move (&self->shown, reply, &u);
  check = xq_position_in_check (&self->shown, self->shown.side);
  if (self->refuting)
    {
      XqLessonMarks marks;
      g_autofree char *text = refutation_text (captured, check, mover, own_general);

      show_position (self, reply, FALSE);
      xq_lesson_marks_clear (&marks);
      xq_lesson_marks_add_arrow (&marks, XQ_LESSON_ROLE_WRONG, xq_move_from (reply), xq_move_to (reply));
      xq_lesson_board_set_marks (self->board, &marks);
      set_feedback (self, text, "error");
      gtk_widget_set_visible (GTK_WIDGET (self->take_back_button), TRUE);
      return G_SOURCE_REMOVE;
    }
  g_array_append_val (self->line, reply);
  show_position (self, reply, TRUE);
  {
    g_autofree char *text = NULL;
    g_autofree char *event = reply_event_text (captured, check, own_general);
    int left = moves_left (self);

    text = left == 1 ? g_strdup (_("Your move: mate now!"))
                     : g_strdup_printf (_("Your move: mate in %d more."), left);
    if (event != NULL)
      {
        /* What the defender did comes first: the learner must see the
         * check, or the loss, before looking for the mate. */
        char *both = g_strdup_printf (C_("defender's reply, then the learner's task", "%s %s"), event, text);

        g_free (text);
        text = both;
      }
    set_feedback (self, text, check ? "error" : "accent");
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
 * and the reply to show, or the hint for the position the learner sees.
 * Everything it reads is copied in. */
typedef struct
{
  XqPosition  start;
  int         mate_in;
  GArray     *moves;        /* from the start: ending with the learner's move (a verdict),
                             * or every ply played so far (a hint) */
  gboolean    hint_only;    /* the hint for the position after moves */
  XqPosition  after;        /* the shown position with the learner's move played */
  int         left;         /* the learner's moves left, counting this one (for a hint: the
                             * moves left to mate in) */
  int         kill;         /* the puzzle's pattern (an XqKill), -1 for none */
  XqSolver   *solver;       /* the hint's own, so that leaving stops it at once */
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
  g_clear_pointer (&c->solver, xq_solver_free);
  g_free (c);
}

static void solver_cancelled_cb (GCancellable *cancellable, gpointer data);

static void
check_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Check *c = data;

  c->reply = c->hint = XQ_MOVE_NONE;
  if (c->hint_only)
    {
      /* The answer key's next move from here: the one home of the line a
       * learner is shown (steered into the puzzle's pattern). */
      gulong id;

      c->solver = xq_answer_solver_new ();
      id = g_cancellable_connect (cancellable, G_CALLBACK (solver_cancelled_cb), c->solver, NULL);
      if (!g_cancellable_is_cancelled (cancellable))
        xq_answer_next_move (c->solver, &c->start, (const XqMove *) c->moves->data, (int) c->moves->len,
                             c->left, c->kill, &c->hint);
      g_cancellable_disconnect (cancellable, id);
    }
  else
    {
      g_autoptr(XqVerdict) v = xq_check_mate (&c->start, c->mate_in, (const XqMove *) c->moves->data,
                                              (int) c->moves->len);
      c->kind = v->kind;
      if (v->kind == XQ_VERDICT_INCOMPLETE && v->reply != XQ_MOVE_NONE)
        c->reply = v->reply;
      else if (v->kind != XQ_VERDICT_CORRECT && v->kind != XQ_VERDICT_INCOMPLETE)
        c->reply = xq_lesson_longest_defence (&c->after, MAX (c->left - 1, 1));
    }
  g_task_return_boolean (task, TRUE);
}

static void
solver_cancelled_cb (GCancellable *cancellable, gpointer data)
{
  xq_solver_cancel (data);
}

static void
cancel_check (XqPuzzlePage *self)
{
  if (self->checking != NULL)
    g_cancellable_cancel (self->checking);
  g_clear_object (&self->checking);
  self->judging = FALSE;
}

static void start_hint (XqPuzzlePage *self, const XqMove *extra, int n_extra);

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
  if (c->hint_only)
    {
      self->hint = c->hint;
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
      /* The hint for the position after the reply is worked out while the
       * reply is shown. */
      self->hint = XQ_MOVE_NONE;
      if (c->reply != XQ_MOVE_NONE)
        start_hint (self, &c->reply, 1);
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
      xq_sound_play (XQ_SOUND_WRONG);
      if (self->wrong++ == 0)
        xq_puzzle_page_review_attempt (self, FALSE);
      self->streak = 0;
      /* Any wrong move scores 0, so the attempt is decided now. */
      xq_puzzle_page_rate_attempt (self, 0.0);
      xq_puzzle_page_streak_step (self, FALSE);
      xq_puzzle_page_update_score (self);
      self->refuting = TRUE;
      /* The reply says how it fails: an escape, a capture, a check. */
      set_feedback (self, c->left == 1 ? _("That is not mate yet. Watch the reply…")
                                       : _("That move does not force the mate. Watch the reply…"), "error");
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

/* ---- A puzzle the load left unproved (docs/puzzle-drill.md) ------------------ */

typedef struct {
  XqPuzzle    puzzle;   /* what the proof reads: position, mate_in, listed (a reference) */
  XqSolver   *solver;   /* the worker's own, so that leaving stops it at once */
  XqSolution  sol;
  char       *problem;  /* NULL: the puzzle holds */
} Proof;

static void
proof_free (gpointer data)
{
  Proof *p = data;

  if (p == NULL)   /* handed on to the main thread */
    return;
  g_clear_pointer (&p->puzzle.listed, g_array_unref);
  g_clear_pointer (&p->solver, xq_solver_free);
  g_free (p->problem);
  g_free (p);
}

static void
proof_cancelled_cb (GCancellable *cancellable, gpointer data)
{
  xq_solver_cancel (data);
}

static void
proof_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Proof *p = data;
  gulong id;

  p->solver = xq_lesson_solver_new ();
  id = g_cancellable_connect (cancellable, G_CALLBACK (proof_cancelled_cb), p->solver, NULL);
  if (!g_cancellable_is_cancelled (cancellable))
    p->problem = xq_puzzle_prove (&p->puzzle, p->solver, &p->sol);
  g_cancellable_disconnect (cancellable, id);
  g_task_return_boolean (task, TRUE);
}

static void
cancel_proof (XqPuzzlePage *self)
{
  if (self->proving != NULL)
    g_cancellable_cancel (self->proving);
  g_clear_object (&self->proving);
}

static void find_hint (XqPuzzlePage *self);

/* The shown puzzle's proof is in: it plays, or the page says why not. */
static void
proof_finished (XqPuzzlePage *self, const XqSolution *sol, const char *problem)
{
  if (problem == NULL)
    {
      /* The page owns the packs it shows; the verdict is in the cache. */
      if (self->puzzle->unproved)
        xq_puzzle_take_proof ((XqPuzzle *) self->puzzle, sol);
      set_feedback (self, self->puzzle->hints && self->puzzle->hints->len > 0
                            ? g_ptr_array_index (self->puzzle->hints, 0)
                            : xq_puzzle_page_side_prompt (self->puzzle), NULL);
      show_position (self, XQ_MOVE_NONE, TRUE);
      find_hint (self);
    }
  else
    {
      g_autofree char *text = NULL;

      self->unplayable = TRUE;
      /* Translators: %s says what is wrong with the puzzle, for example
       * "the side to move has no mate in 5". */
      text = g_strdup_printf (_("This puzzle cannot be played: %s. Nothing you did is lost; "
                                "go on to the next one."), problem);
      set_feedback (self, text, "error");
      gtk_widget_set_visible (GTK_WIDGET (self->next_button), TRUE);
    }
  update_hint_button (self);
}

static void
proof_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  XqPuzzlePage *self = user_data;
  Proof *p = g_task_get_task_data (G_TASK (result));

  /* Cancelled: the learner left the puzzle (and the page may be gone). */
  if (g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))))
    return;
  g_clear_object (&self->proving);
  proof_finished (self, &p->sol, p->problem);
}

/* ---- Proving ahead: the open pack's other unproved puzzles ---------------------- */

typedef struct {
  GCancellable *cancellable;
  XqPuzzlePage *page;       /* used on the main thread only, while not cancelled */
  guint         generation; /* the packs' load it belongs to */
  guint         pack;
  GPtrArray    *items;      /* Proof*, each with its index in pack */
  GArray       *indices;    /* guint */
} Ahead;

typedef struct {
  GCancellable *cancellable;
  XqPuzzlePage *page;
  guint         generation;
  guint         pack;
  guint         index;      /* G_MAXUINT: the worker is done */
  Proof        *proof;
} AheadResult;

static void
ahead_result_free (gpointer data)
{
  AheadResult *r = data;

  g_object_unref (r->cancellable);
  g_clear_pointer (&r->proof, proof_free);
  g_free (r);
}

/* On the main thread: one verdict made ahead, or the end of the worker. */
static gboolean
ahead_result_cb (gpointer data)
{
  AheadResult *r = data;
  XqPuzzlePage *self = r->page;
  XqPuzzle *pz;

  if (g_cancellable_is_cancelled (r->cancellable) || self->packs_generation != r->generation)
    return G_SOURCE_REMOVE;
  if (r->index == G_MAXUINT)
    {
      if (self->ahead == r->cancellable)
        g_clear_object (&self->ahead);
      return G_SOURCE_REMOVE;
    }
  /* A false or too deep one stays unproved: its page says why when it is
   * opened. */
  pz = g_ptr_array_index (((XqPuzzlePack *) g_ptr_array_index (self->packs, r->pack))->puzzles, r->index);
  if (r->proof->problem != NULL || !pz->unproved)
    return G_SOURCE_REMOVE;
  xq_puzzle_take_proof (pz, &r->proof->sol);
  /* Shown and still being proved: this verdict serves. */
  if (self->puzzle == pz && self->proving != NULL)
    {
      cancel_proof (self);
      proof_finished (self, &r->proof->sol, NULL);
    }
  return G_SOURCE_REMOVE;
}

static void
ahead_post (Ahead *a, guint index, Proof *proof)
{
  AheadResult *r = g_new0 (AheadResult, 1);

  r->cancellable = g_object_ref (a->cancellable);
  r->page = a->page;
  r->generation = a->generation;
  r->pack = a->pack;
  r->index = index;
  r->proof = proof;
  /* Queued for the main loop, never run here: g_main_context_invoke ()
   * runs it in the calling thread whenever the main thread is not inside
   * its loop, and this callback touches the page. */
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, ahead_result_cb, r, ahead_result_free);
}

/* A thread of its own, not the shared pool, so that its lower priority
 * stays its own. */
static gpointer
ahead_thread (gpointer data)
{
  Ahead *a = data;
  XqSolver *solver;
  gulong id;

#ifdef __linux__
  /* Linux gives each thread its own nice value: below the learner's work. */
  if (setpriority (PRIO_PROCESS, 0, 10) != 0)
    g_debug ("Could not lower the priority of the proving thread");
#endif
  solver = xq_lesson_solver_new ();
  id = g_cancellable_connect (a->cancellable, G_CALLBACK (proof_cancelled_cb), solver, NULL);
  for (guint i = 0; i < a->items->len && !g_cancellable_is_cancelled (a->cancellable); i++)
    {
      Proof *p = g_ptr_array_index (a->items, i);

      p->problem = xq_puzzle_prove (&p->puzzle, solver, &p->sol);
      if (g_cancellable_is_cancelled (a->cancellable))
        break;
      a->items->pdata[i] = NULL;
      ahead_post (a, g_array_index (a->indices, guint, i), p);
    }
  g_cancellable_disconnect (a->cancellable, id);
  xq_solver_free (solver);
  ahead_post (a, G_MAXUINT, NULL);
  g_object_unref (a->cancellable);
  g_ptr_array_unref (a->items);
  g_array_unref (a->indices);
  g_free (a);
  return NULL;
}

void
xq_puzzle_page_prove_ahead (XqPuzzlePage *self, guint pack, guint from)
{
  const XqPuzzlePack *p;
  Ahead *a;

  g_return_if_fail (XQ_IS_PUZZLE_PAGE (self));
  g_return_if_fail (self->packs != NULL && pack < self->packs->len);
  if (self->ahead != NULL && self->ahead_pack == pack)
    return;
  if (self->ahead != NULL)
    g_cancellable_cancel (self->ahead);
  g_clear_object (&self->ahead);
  p = g_ptr_array_index (self->packs, pack);
  if (xq_puzzle_pack_n_unproved (p) == 0)
    return;
  a = g_new0 (Ahead, 1);
  a->page = self;
  a->generation = self->packs_generation;
  a->pack = pack;
  a->items = g_ptr_array_new_with_free_func (proof_free);
  a->indices = g_array_new (FALSE, FALSE, sizeof (guint));
  /* In order of need: the puzzles after the one opened, then from the
   * pack's start. */
  for (guint k = 0; k < p->puzzles->len; k++)
    {
      guint i = (from + k) % p->puzzles->len;
      const XqPuzzle *pz = g_ptr_array_index (p->puzzles, i);
      Proof *copy;

      if (!pz->unproved)
        continue;
      copy = g_new0 (Proof, 1);
      copy->puzzle.position = pz->position;
      copy->puzzle.mate_in = pz->mate_in;
      copy->puzzle.listed = pz->listed ? g_array_ref (pz->listed) : NULL;
      g_ptr_array_add (a->items, copy);
      g_array_append_val (a->indices, i);
    }
  self->ahead = g_cancellable_new ();
  self->ahead_pack = pack;
  a->cancellable = g_object_ref (self->ahead);
  g_thread_unref (g_thread_new ("xq-prove-ahead", ahead_thread, a));
}

gboolean
xq_puzzle_page_is_proving_ahead (XqPuzzlePage *self)
{
  g_return_val_if_fail (XQ_IS_PUZZLE_PAGE (self), FALSE);
  return self->ahead != NULL;
}

void
xq_puzzle_page_cancel_proofs (XqPuzzlePage *self)
{
  cancel_proof (self);
  if (self->ahead != NULL)
    g_cancellable_cancel (self->ahead);
  g_clear_object (&self->ahead);
}

/* Proves the shown puzzle in a worker; the board waits, the page does not. */
static void
start_proof (XqPuzzlePage *self)
{
  g_autoptr(GTask) task = NULL;
  Proof *p = g_new0 (Proof, 1);

  cancel_proof (self);
  p->puzzle.position = self->puzzle->position;
  p->puzzle.mate_in = self->puzzle->mate_in;
  p->puzzle.listed = self->puzzle->listed ? g_array_ref (self->puzzle->listed) : NULL;
  self->proving = g_cancellable_new ();
  task = g_task_new (NULL, self->proving, proof_done, self);
  g_task_set_source_tag (task, start_proof);
  g_task_set_task_data (task, p, proof_free);
  g_task_run_in_thread (task, proof_thread);
  set_feedback (self, _("Checking this puzzle…"), "accent");
  xq_board_model_set_interactive (xq_lesson_board_get_model (self->board), FALSE);
  update_hint_button (self);
}

/* Works out in the thread the hint for the position after the line played
 * so far and extra (the reply about to be shown). */
static void
start_hint (XqPuzzlePage *self, const XqMove *extra, int n_extra)
{
  Check *c = g_new0 (Check, 1);

  c->hint_only = TRUE;
  c->start = self->puzzle->position;
  c->mate_in = self->puzzle->mate_in;
  c->moves = g_array_copy (self->line);
  g_array_append_vals (c->moves, extra, (guint) n_extra);
  c->left = self->puzzle->mate_in - (int) c->moves->len / 2;
  c->kill = self->kill;
  start_check (self, c);
}

/* The hint for the position the learner faces: the answer key's next move,
 * worked out in the thread.  At the start the proved keys (every fastest
 * first move, in the solver's order) give it at once when there is no
 * choice to steer: a lone key, or no pattern (the key line then starts
 * with the solver's first). */
static void
find_hint (XqPuzzlePage *self)
{
  self->hint = XQ_MOVE_NONE;
  if (self->line->len == 0 && self->puzzle->keys &&
      (self->puzzle->keys->len == 1 || (self->puzzle->keys->len > 1 && self->kill < 0)))
    {
      self->hint = g_array_index (self->puzzle->keys, XqMove, 0);
      return;
    }
  start_hint (self, NULL, 0);
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
  xq_sound_play (xq_sound_for_move (&self->shown, m));
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
  xq_puzzle_page_streak_step (self, FALSE);
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

/* Leaving a puzzle unsolved after a hint is a miss too: a wrong move was
 * recorded when it was made, a hint alone only here. */
static void
leave_puzzle (XqPuzzlePage *self)
{
  cancel_proof (self);
  self->unplayable = FALSE;
  if (self->puzzle != NULL && !self->solved && self->wrong == 0 && self->hints > 0)
    xq_puzzle_page_review_attempt (self, FALSE);
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
  /* A puzzle already solved is not rated again: its answer is known. */
  self->rate_this = !xq_puzzle_page_is_solved_puzzle (self, self->puzzle);
  self->rated = FALSE;
  self->pending = XQ_MOVE_NONE;
  xq_lesson_board_set_marks (self->board, NULL);
  /* The solver's side at the bottom, as a puzzle book prints it: Black's
   * puzzles are seen from Black's side (docs/puzzle-drill.md). */
  xq_board_model_set_flipped (xq_lesson_board_get_model (self->board),
                              self->puzzle->position.side == XQ_BLACK);
  show_position (self, XQ_MOVE_NONE, TRUE);
  gtk_label_set_text (self->title_label, self->puzzle->title);
  /* A child who finds Black at the bottom is told why (issue 31). */
  /* The advanced tier's game positions: the defender often threatens a
   * mate of its own, so a quiet move may lose (docs/puzzle-drill.md). */
  if (self->puzzle->defender_threatens)
    gtk_label_set_text (self->side_label, self->puzzle->position.side == XQ_BLACK
                                            ? _("Black to move — the board is turned for you. Careful: "
                                                "Red threatens mate in one, so keep the initiative")
                                            : _("Red to move. Careful: Black threatens mate in one, "
                                                "so keep the initiative"));
  else
    gtk_label_set_text (self->side_label, self->puzzle->position.side == XQ_BLACK
                                            ? _("Black to move — the board is turned for you")
                                            : _("Red to move"));
  {
    guint k = 0, n = 0;
    g_autofree char *mate = self->puzzle->pattern
      ? g_strdup_printf (_("Mate in %d · %s"), self->puzzle->mate_in, self->puzzle->pattern)
      : g_strdup_printf (_("Mate in %d"), self->puzzle->mate_in);

    xq_puzzle_page_place_in_pack (self, self->pack_index, self->puzzle_index, &k, &n);
    /* "Puzzle 3 of 24 · Mate in 2 · 臥槽馬" */
    info = g_strdup_printf (_("Puzzle %u of %u · %s"), k, n, mate);
  }
  gtk_label_set_text (self->info_label, info);
  gtk_widget_set_visible (GTK_WIDGET (self->take_back_button), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->next_button), FALSE);
  set_feedback (self, self->puzzle->hints && self->puzzle->hints->len > 0
                        ? g_ptr_array_index (self->puzzle->hints, 0)
                        : xq_puzzle_page_side_prompt (self->puzzle), NULL);
  xq_puzzle_page_update_score (self);
  cancel_check (self);
  self->hint_asked = FALSE;
  cancel_proof (self);
  self->unplayable = FALSE;
  self->kill = xq_puzzle_kill (g_ptr_array_index (self->packs, self->pack_index), self->puzzle);
  if (self->puzzle->unproved)
    start_proof (self);
  else
    find_hint (self);
  update_hint_button (self);
}

void
xq_puzzle_page_retry (XqPuzzlePage *self)
{
  g_return_if_fail (XQ_IS_PUZZLE_PAGE (self));
  if (self->puzzle != NULL)
    {
      leave_puzzle (self);
      start_puzzle (self);
    }
}

void
xq_puzzle_page_open (XqPuzzlePage *self, guint pack, guint puzzle)
{
  const XqPuzzlePack *p;

  g_return_if_fail (XQ_IS_PUZZLE_PAGE (self));
  g_return_if_fail (self->packs != NULL && pack < self->packs->len);
  p = g_ptr_array_index (self->packs, pack);
  g_return_if_fail (puzzle < p->puzzles->len);
  leave_puzzle (self);
  self->pack_index = pack;
  self->puzzle_index = puzzle;
  self->puzzle = g_ptr_array_index (p->puzzles, puzzle);
  self->for_me = self->streak_mode = self->streak_over = FALSE;
  start_puzzle (self);
  xq_puzzle_page_prove_ahead (self, pack, puzzle + 1);
  gtk_stack_set_visible_child_name (self->stack, "drill");
}

static void
next_cb (XqPuzzlePage *self)
{
  const XqPuzzlePack *p = g_ptr_array_index (self->packs, self->pack_index);

  if (self->for_me)
    {
      xq_puzzle_page_open_next_for_me (self);
      return;
    }
  xq_puzzle_page_open (self, self->pack_index, xq_puzzle_page_first_open_puzzle (self, p, self->puzzle_index + 1));
}

void
xq_puzzle_page_skip (XqPuzzlePage *self)
{
  const XqPuzzlePack *p;
  guint next;

  g_return_if_fail (XQ_IS_PUZZLE_PAGE (self));
  if (self->puzzle == NULL)
    return;
  if (self->solved)
    {
      next_cb (self);
      return;
    }
  p = g_ptr_array_index (self->packs, self->pack_index);
  /* A skip ends a streak as a mistake does: a run does not pass over its
   * hard puzzles. */
  xq_puzzle_page_streak_step (self, FALSE);
  next = xq_puzzle_page_first_open_puzzle (self, p, self->puzzle_index + 1);
  if (next == self->puzzle_index && p->puzzles->len > 1)
    next = (self->puzzle_index + 1) % p->puzzles->len;
  {
    gboolean over = self->streak_over;

    xq_puzzle_page_open (self, self->pack_index, next);
    self->streak_over = over;
    xq_puzzle_page_update_score (self);
  }
}

void
xq_puzzle_page_show_packs (XqPuzzlePage *self)
{
  g_return_if_fail (XQ_IS_PUZZLE_PAGE (self));
  g_clear_handle_id (&self->reply_source, g_source_remove);
  leave_puzzle (self);
  xq_puzzle_page_cancel_proofs (self);
  self->puzzle = NULL;
  self->streak_mode = FALSE;
  xq_puzzle_page_fill_packs (self);
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
skip_clicked_cb (XqPuzzlePage *self)
{
  xq_puzzle_page_skip (self);
}

static void
list_clicked_cb (XqPuzzlePage *self)
{
  xq_puzzle_page_show_pack (self, self->pack_index);
}

static void
board_move_cb (XqPuzzlePage *self, int from, int to)
{
  xq_puzzle_page_play (self, xq_move_make (from, to));
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
  return self->reply_source != 0 || self->refuting || self->judging || self->proving != NULL
         || self->unplayable;
}

gboolean
xq_puzzle_page_is_proving (XqPuzzlePage *self)
{
  g_return_val_if_fail (XQ_IS_PUZZLE_PAGE (self), FALSE);
  return self->proving != NULL;
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
xq_puzzle_page_set_clock (XqPuzzlePage *self, XqReviewClock clock, gpointer user_data)
{
  g_return_if_fail (XQ_IS_PUZZLE_PAGE (self));
  self->clock = clock;
  self->clock_data = user_data;
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
    xq_puzzle_page_sync_learner (self);
}

static void
xq_puzzle_page_dispose (GObject *object)
{
  XqPuzzlePage *self = XQ_PUZZLE_PAGE (object);

  g_clear_handle_id (&self->reply_source, g_source_remove);
  cancel_check (self);
  xq_puzzle_page_cancel_proofs (self);
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
  g_clear_pointer (&self->ratings, xq_ratings_free);
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
  gtk_widget_class_bind_template_child (widget_class, XqPuzzlePage, side_label);
  gtk_widget_class_bind_template_child (widget_class, XqPuzzlePage, info_label);
  gtk_widget_class_bind_template_child (widget_class, XqPuzzlePage, feedback_label);
  gtk_widget_class_bind_template_child (widget_class, XqPuzzlePage, score_label);
  gtk_widget_class_bind_template_child (widget_class, XqPuzzlePage, take_back_button);
  gtk_widget_class_bind_template_child (widget_class, XqPuzzlePage, next_button);
  gtk_widget_class_bind_template_child (widget_class, XqPuzzlePage, hint_button);
  gtk_widget_class_bind_template_child (widget_class, XqPuzzlePage, rating_label);
  gtk_widget_class_bind_template_child (widget_class, XqPuzzlePage, pack_title_label);
  gtk_widget_class_bind_template_child (widget_class, XqPuzzlePage, pack_intro);
  gtk_widget_class_bind_template_child (widget_class, XqPuzzlePage, pack_intro_board);
  gtk_widget_class_bind_template_child (widget_class, XqPuzzlePage, pack_intro_label);
  gtk_widget_class_bind_template_child (widget_class, XqPuzzlePage, pack_count_label);
  gtk_widget_class_bind_template_child (widget_class, XqPuzzlePage, puzzle_list);
  gtk_widget_class_bind_template_callback_full (widget_class, "pack_activated_cb",
                                                G_CALLBACK (xq_puzzle_page_pack_activated_cb));
  gtk_widget_class_bind_template_callback_full (widget_class, "level_changed_cb",
                                                G_CALLBACK (xq_puzzle_page_level_changed_cb));
  gtk_widget_class_bind_template_callback_full (widget_class, "next_for_me_cb",
                                                G_CALLBACK (xq_puzzle_page_next_for_me_cb));
  gtk_widget_class_bind_template_callback_full (widget_class, "streak_cb",
                                                G_CALLBACK (xq_puzzle_page_streak_cb));
  gtk_widget_class_bind_template_callback_full (widget_class, "daily_cb",
                                                G_CALLBACK (xq_puzzle_page_daily_cb));
  gtk_widget_class_bind_template_callback (widget_class, hint_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, retry_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, take_back_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, packs_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, skip_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, list_clicked_cb);
  gtk_widget_class_bind_template_callback_full (widget_class, "continue_cb",
                                                G_CALLBACK (xq_puzzle_page_continue_cb));
  gtk_widget_class_bind_template_callback_full (widget_class, "puzzle_activated_cb",
                                                G_CALLBACK (xq_puzzle_page_puzzle_activated_cb));
  gtk_widget_class_bind_template_callback (widget_class, next_cb);
}

static void
xq_puzzle_page_init (XqPuzzlePage *self)
{
  self->loader = xq_puzzle_page_new_loader (self);
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The one loading view every page shows while its content loads. */
  gtk_stack_add_named (self->stack, xq_loading_view_new (_("Loading puzzles…")), "loading");
  self->line = g_array_new (FALSE, FALSE, sizeof (XqMove));
  self->reply_delay = 500;
  /* A speaker button by the side to move and by every message. */
  xq_speaker_attach_button (self->side_label);
  xq_speaker_attach_button (self->feedback_label);
  g_signal_connect_swapped (xq_lesson_board_get_view (self->board), "move",
                            G_CALLBACK (board_move_cb), self);
}

GtkWidget *
xq_puzzle_page_new (void)
{
  return g_object_new (XQ_TYPE_PUZZLE_PAGE, NULL);
}
