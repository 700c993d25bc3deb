/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-lesson-player"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n-lib.h>

#include "xq-board-paint.h"
#include "xq-checker.h"
#include "xq-lesson-player.h"

#define N_HINT_LEVELS 3

typedef enum {
  STEP_PAGE,
  STEP_EXERCISE,
  STEP_CLOSING,
  STEP_SUMMARY,
} StepKind;

struct _XqLessonPlayer
{
  GtkWidget parent_instance;

  /* Borrowed from the learn page */
  const XqUnit    *unit;
  XqProgressStore *store;
  XqProgress      *progress;

  /* Widgets */
  GtkWidget     *box;
  GtkWidget     *units_button;
  GtkWidget     *title_label;
  GtkWidget     *step_label;
  GtkWidget     *step_bar;
  GtkWidget     *board_frame;
  GtkWidget     *side;
  GtkWidget     *main;
  GtkWidget     *scroller;
  GtkWidget     *buttons;
  GtkWidget     *nav_row;          /* back and next, below the others when narrow */
  guint          relayout_source;
  XqLessonBoard *board;
  GtkWidget     *prompt_label;
  GtkWidget     *feedback_label;
  GtkWidget     *stars_label;
  GtkWidget     *choices_box;
  GtkWidget     *tray_box;
  GtkWidget     *back_button;
  GtkWidget     *hint_button;
  GtkWidget     *retry_button;
  GtkWidget     *check_button;
  GtkWidget     *next_button;
  GHashTable    *choice_buttons;   /* choice id -> GtkWidget (borrowed) */
  GtkWidget     *tray_buttons[16];
  GdkTexture    *piece_tex[16];   /* the tray's, in the board's style */

  /* The step on show */
  guint          step;
  StepKind       kind;
  const XqExercise *ex;
  const XqLessonPage *page;
  char          *feedback;

  /* Exercise state */
  gboolean       solved;
  int            stars;
  int            wrong;
  int            hints;
  XqSquare       taps[XQ_SQUARES];
  int            n_taps;
  GArray        *line;             /* XqMove: the star walk or the mate line */
  XqPosition     shown;            /* the position on the board */
  XqSquare       walker;           /* stars: where the walking piece is */
  XqPiece        setup[XQ_SQUARES];
  int            tray[16];
  XqPiece        tray_selected;
  guint          reply_source;
  guint          reply_delay;
  XqMove         pending_reply;
  XqLessonMarks  base_marks;       /* the exercise's own marks */
};

G_DEFINE_FINAL_TYPE (XqLessonPlayer, xq_lesson_player, GTK_TYPE_WIDGET)

enum {
  CLOSED,
  PROGRESS_CHANGED,
  N_SIGNALS
};

static guint signals [N_SIGNALS];

static void show_step (XqLessonPlayer *self);

/* ---- Small helpers ---------------------------------------------------------------- */

static guint
n_pages (XqLessonPlayer *self)
{
  return self->unit ? self->unit->pages->len : 0;
}

static guint
n_exercises (XqLessonPlayer *self)
{
  return self->unit ? self->unit->exercises->len : 0;
}

static guint
n_closing (XqLessonPlayer *self)
{
  return self->unit && self->unit->closing ? self->unit->closing->len : 0;
}

static char *
stars_text (int stars, int max)
{
  GString *s = g_string_new (NULL);

  for (int i = 0; i < max; i++)
    g_string_append (s, i < stars ? "★" : "☆");
  return g_string_free (s, FALSE);
}

static void
set_feedback (XqLessonPlayer *self,
              const char     *text,
              const char     *css_class)
{
  static const char *const classes[] = { "success", "warning", "accent", NULL };

  g_free (self->feedback);
  self->feedback = g_strdup (text ? text : "");
  gtk_label_set_text (GTK_LABEL (self->feedback_label), self->feedback);
  for (int i = 0; classes[i]; i++)
    gtk_widget_remove_css_class (self->feedback_label, classes[i]);
  if (css_class != NULL)
    gtk_widget_add_css_class (self->feedback_label, css_class);
  /* Screen readers hear the feedback the moment it appears. */
  xq_board_view_announce (xq_lesson_board_get_view (self->board), self->feedback);
}

/* Feedback with marks: the sentence explains, the board shows why. */
static void
show_verdict (XqLessonPlayer  *self,
              const XqVerdict *v)
{
  XqLessonMarks marks = self->base_marks;

  switch (v->kind)
    {
    case XQ_VERDICT_CORRECT:
      set_feedback (self, v->message, "success");
      break;
    case XQ_VERDICT_INCOMPLETE:
      set_feedback (self, v->message, "accent");
      break;
    case XQ_VERDICT_WRONG:
    case XQ_VERDICT_ILLEGAL:
    default:
      set_feedback (self, v->message, "warning");
      break;
    }
  for (int i = 0; i < v->marks.n_marks; i++)
    {
      const XqLessonMark *m = &v->marks.marks[i];
      /* The points still missing are the answer: in a tap exercise that is
       * the last rung of the hint ladder, not the feedback on a slip. */
      if (m->role == XQ_LESSON_ROLE_MISSING && self->ex != NULL &&
          self->ex->kind == XQ_EXERCISE_TAP && v->kind != XQ_VERDICT_CORRECT)
        continue;
      if (m->kind == XQ_LESSON_MARK_ARROW)
        xq_lesson_marks_add_arrow (&marks, m->role, m->sq, m->to);
      else
        xq_lesson_marks_add (&marks, m->kind, m->role, m->sq);
    }
  xq_lesson_board_set_marks (self->board, &marks);
}

static GdkTexture *
piece_texture (XqLessonPlayer *self,
               XqPiece         piece)
{
  if (self->piece_tex[piece & 15] == NULL)
    {
      XqRenderStyle style;

      xq_render_style_init (&style);
      g_object_get (self->board, "piece-set", &style.pieces, "theme", &style.theme, NULL);
      self->piece_tex[piece & 15] = xq_board_paint_piece_texture (piece, &style, 56);
    }
  return self->piece_tex[piece & 15];
}

static void show_setup (XqLessonPlayer *self, gboolean keep_marks);

/* The preferences changed the board's pieces: the tray follows. */
static void
board_style_cb (XqLessonPlayer *self)
{
  for (int i = 0; i < 16; i++)
    g_clear_object (&self->piece_tex[i]);
  if (self->kind == STEP_EXERCISE && self->ex->kind == XQ_EXERCISE_SETUP)
    show_setup (self, TRUE);
}

static void
clear_box (GtkWidget *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    gtk_box_remove (GTK_BOX (box), child);
}

/* The moves of the exercise position the checker calls right. */
static int
correct_moves (const XqExercise *ex,
               XqMove           *out)
{
  XqPosition pos = ex->position;
  XqMove moves[XQ_MAX_MOVES];
  int n = xq_position_legal_moves (&pos, moves), k = 0;

  for (int i = 0; i < n; i++)
    {
      g_autoptr(XqVerdict) v = xq_check_move (ex, moves[i]);
      if (v->kind == XQ_VERDICT_CORRECT)
        out[k++] = moves[i];
    }
  return k;
}

/* ---- Progress -------------------------------------------------------------------- */

static void
exercise_solved (XqLessonPlayer *self,
                 int             verdict_stars)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  if (self->solved)
    return;
  self->solved = TRUE;
  if (self->ex->kind == XQ_EXERCISE_STARS)
    /* Stars are earned by the walk's length; only hints cost one here. */
    self->stars = MIN (verdict_stars, xq_lesson_stars_for (0, self->hints));
  else
    self->stars = MIN (verdict_stars, xq_lesson_stars_for (self->wrong, self->hints));
  self->stars = CLAMP (self->stars, 1, 3);

  text = stars_text (self->stars, 3);
  gtk_label_set_text (GTK_LABEL (self->stars_label), text);
  gtk_widget_set_visible (self->stars_label, TRUE);
  gtk_widget_set_sensitive (self->next_button, TRUE);
  gtk_widget_add_css_class (self->next_button, "suggested-action");
  gtk_widget_set_sensitive (self->hint_button, FALSE);
  gtk_widget_set_sensitive (self->check_button, FALSE);
  xq_board_model_set_interactive (xq_lesson_board_get_model (self->board), FALSE);
  xq_lesson_board_set_tap_mode (self->board, FALSE);
  xq_lesson_board_set_drag_pieces (self->board, FALSE);

  /* Saved at once: a crash or a closed window never costs a child a star. */
  if (self->progress != NULL)
    {
      xq_progress_record (self->progress, self->unit->id, self->ex->id, self->stars);
      if (self->store != NULL && !xq_progress_store_save (self->store, self->progress, &error))
        g_warning ("Could not save progress: %s", error->message);
      g_signal_emit (self, signals[PROGRESS_CHANGED], 0);
    }
  gtk_widget_grab_focus (self->next_button);
}

/* ---- Tap exercises ---------------------------------------------------------------- */

static void
show_taps (XqLessonPlayer *self)
{
  XqLessonMarks marks = self->base_marks;

  for (int i = 0; i < self->n_taps; i++)
    xq_lesson_marks_add (&marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_HIGHLIGHT, self->taps[i]);
  xq_lesson_board_set_marks (self->board, &marks);
}

static void
check_taps (XqLessonPlayer *self)
{
  g_autoptr(XqVerdict) v = xq_check_tap (self->ex, self->taps, self->n_taps);

  show_verdict (self, v);
  if (v->kind == XQ_VERDICT_CORRECT)
    {
      exercise_solved (self, v->stars);
      return;
    }
  if (v->kind == XQ_VERDICT_WRONG)
    {
      int k = 0;

      self->wrong++;
      /* The crosses stay until the next tap; the wrong points leave the
       * selection so one more tap is all it takes. */
      for (int i = 0; i < self->n_taps; i++)
        if (self->ex->answer_points[self->taps[i]])
          self->taps[k++] = self->taps[i];
      self->n_taps = k;
    }
}

static void
tap_exercise (XqLessonPlayer *self,
              XqSquare        sq)
{
  if (!self->ex->tap_all)
    {
      /* One point wanted: the tap is the answer. */
      self->taps[0] = sq;
      self->n_taps = 1;
      check_taps (self);
      if (!self->solved)
        self->n_taps = 0;
      return;
    }
  for (int i = 0; i < self->n_taps; i++)
    if (self->taps[i] == sq)
      {
        self->taps[i] = self->taps[--self->n_taps];
        show_taps (self);
        set_feedback (self, NULL, NULL);
        return;
      }
  self->taps[self->n_taps++] = sq;
  show_taps (self);
  set_feedback (self, self->n_taps == self->ex->n_answer_points
                      ? _("Press Check when you are ready.")
                      : NULL, NULL);
}

/* ---- Set-up exercises -------------------------------------------------------------- */

static void
show_setup (XqLessonPlayer *self, gboolean keep_marks);

static void
tray_clicked_cb (GtkButton      *button,
                 XqLessonPlayer *self)
{
  XqPiece piece = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "piece"));

  if (self->solved)
    return;
  self->tray_selected = self->tray_selected == piece ? XQ_EMPTY : piece;
  show_setup (self, TRUE);
  if (self->tray_selected != XQ_EMPTY)
    set_feedback (self, _("Now tap the point where it belongs."), NULL);
}

static GdkContentProvider *
tray_drag_prepare_cb (GtkDragSource  *source,
                      double          x,
                      double          y,
                      XqLessonPlayer *self)
{
  GtkWidget *button = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));
  XqPiece piece = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "piece"));

  if (self->solved || self->tray[piece] <= 0)
    return NULL;
  return xq_board_paint_drag_content (piece, XQ_NO_SQUARE);
}

static void
tray_drag_begin_cb (GtkDragSource  *source,
                    GdkDrag        *drag,
                    XqLessonPlayer *self)
{
  GtkWidget *button = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));
  XqPiece piece = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "piece"));
  GdkPaintable *icon = xq_lesson_board_get_piece_paintable (self->board, piece);
  int scale = MAX (1, gtk_widget_get_scale_factor (button));

  /* Held by its centre, as a piece taken off the board is. */
  if (icon != NULL)
    gtk_drag_source_set_icon (source, icon, gdk_paintable_get_intrinsic_width (icon) / (2 * scale),
                              gdk_paintable_get_intrinsic_height (icon) / (2 * scale));
}

static void
show_setup (XqLessonPlayer *self,
            gboolean        keep_marks)
{
  /* Red first, in the order the pieces are set out. */
  static const XqPieceType order[] = { XQ_KING, XQ_ADVISOR, XQ_ELEPHANT, XQ_HORSE,
                                       XQ_CHARIOT, XQ_CANNON, XQ_PAWN };
  XqPosition pos;
  GtkWidget *child;

  xq_position_clear (&pos);
  for (int sq = 0; sq < XQ_SQUARES; sq++)
    if (self->setup[sq] != XQ_EMPTY)
      xq_position_put (&pos, sq, self->setup[sq]);
  self->shown = pos;
  xq_board_model_set_position (xq_lesson_board_get_model (self->board), &pos, XQ_MOVE_NONE);
  if (!keep_marks)
    xq_lesson_board_set_marks (self->board, &self->base_marks);

  while ((child = gtk_widget_get_first_child (self->tray_box)) != NULL)
    gtk_grid_remove (GTK_GRID (self->tray_box), child);
  memset (self->tray_buttons, 0, sizeof self->tray_buttons);
  for (int c = XQ_RED, cell = 0; c <= XQ_BLACK; c++)
    for (guint t = 0; t < G_N_ELEMENTS (order); t++)
      {
        XqPiece piece = xq_piece_make (c, order[t]);
        GtkWidget *button, *box, *picture, *count;
        g_autofree char *n = NULL;

        if (self->tray[piece] <= 0)
          continue;
        button = gtk_toggle_button_new ();
        box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
        picture = gtk_picture_new_for_paintable (GDK_PAINTABLE (piece_texture (self, piece)));
        gtk_widget_set_size_request (picture, 44, 44);
        n = g_strdup_printf ("×%d", self->tray[piece]);
        count = gtk_label_new (n);
        gtk_box_append (GTK_BOX (box), picture);
        gtk_box_append (GTK_BOX (box), count);
        gtk_button_set_child (GTK_BUTTON (button), box);
        gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), self->tray_selected == piece);
        gtk_widget_add_css_class (button, "xq-tray-piece");
        g_object_set_data (G_OBJECT (button), "piece", GINT_TO_POINTER (piece));
        g_signal_connect (button, "clicked", G_CALLBACK (tray_clicked_cb), self);
        {
          /* Small hands and keyboards keep click-then-tap; a drag is the
           * quicker way for the rest. */
          GtkDragSource *source = gtk_drag_source_new ();

          gtk_drag_source_set_actions (source, GDK_ACTION_MOVE);
          g_signal_connect (source, "prepare", G_CALLBACK (tray_drag_prepare_cb), self);
          g_signal_connect (source, "drag-begin", G_CALLBACK (tray_drag_begin_cb), self);
          gtk_widget_add_controller (button, GTK_EVENT_CONTROLLER (source));
        }
        /* A grid rather than a flow box: GTK 4.8's flow box measures wrongly
         * inside a centred box. */
        gtk_grid_attach (GTK_GRID (self->tray_box), button, cell % 4, cell / 4, 1, 1);
        cell++;
        self->tray_buttons[piece & 15] = button;
      }
  gtk_widget_set_visible (self->tray_box, gtk_widget_get_first_child (self->tray_box) != NULL);
}

static void
check_setup (XqLessonPlayer *self)
{
  g_autoptr(XqVerdict) v = xq_check_setup (self->ex, self->setup);

  show_verdict (self, v);
  if (v->kind == XQ_VERDICT_CORRECT)
    exercise_solved (self, v->stars);
  else if (v->kind == XQ_VERDICT_WRONG)
    self->wrong++;
}

/* Puts a piece from the tray on the empty point sq, if it belongs there. */
static void
place_piece (XqLessonPlayer *self,
             XqPiece         piece,
             XqSquare        sq)
{
  g_autoptr(XqVerdict) v = xq_check_setup_piece (self->ex, sq, piece);

  if (v->kind != XQ_VERDICT_CORRECT)
    {
      self->wrong++;
      show_verdict (self, v);
      return;
    }
  self->setup[sq] = piece;
  if (--self->tray[piece] <= 0 && self->tray_selected == piece)
    self->tray_selected = XQ_EMPTY;
  show_setup (self, TRUE);
  show_verdict (self, v);

  for (int i = 0; i < 16; i++)
    if (self->tray[i] > 0)
      return;
  check_setup (self);
}

static void
tap_setup (XqLessonPlayer *self,
           XqSquare        sq)
{
  XqPiece piece = self->tray_selected;

  if (piece == XQ_EMPTY)
    {
      if (self->setup[sq] == XQ_EMPTY)
        {
          set_feedback (self, _("First pick a piece from the tray."), "accent");
          return;
        }
      /* Lifting a piece puts it back in the tray, ready to be placed again. */
      self->tray[self->setup[sq]]++;
      self->tray_selected = self->setup[sq];
      self->setup[sq] = XQ_EMPTY;
      show_setup (self, FALSE);
      set_feedback (self, _("Now tap the point where it belongs."), NULL);
      return;
    }
  if (self->setup[sq] != XQ_EMPTY)
    {
      set_feedback (self, _("Another piece already stands there."), "accent");
      return;
    }
  place_piece (self, piece, sq);
}

/* A piece dragged from the tray (from: XQ_NO_SQUARE) or across the board,
 * let go on a point or off the board (to: XQ_NO_SQUARE). */
static void
piece_dropped_cb (XqLessonPlayer *self,
                  int             piece,
                  int             from,
                  int             to,
                  XqLessonBoard  *board)
{
  if (self->kind != STEP_EXERCISE || self->solved || self->ex->kind != XQ_EXERCISE_SETUP)
    return;
  if (from == XQ_NO_SQUARE)
    {
      if (to == XQ_NO_SQUARE || self->tray[piece] <= 0)
        return;
      if (self->setup[to] != XQ_EMPTY)
        {
          set_feedback (self, _("Another piece already stands there."), "accent");
          return;
        }
      place_piece (self, piece, to);
      return;
    }

  if (self->setup[from] != piece || to == from)
    {
      show_setup (self, TRUE);
      return;
    }
  if (to != XQ_NO_SQUARE && self->setup[to] != XQ_EMPTY)
    {
      show_setup (self, TRUE);
      set_feedback (self, _("Another piece already stands there."), "accent");
      return;
    }
  /* Lifted first, so a wrong point leaves it in the tray, as a tap would. */
  self->tray[piece]++;
  self->setup[from] = XQ_EMPTY;
  show_setup (self, FALSE);
  if (to == XQ_NO_SQUARE)
    set_feedback (self, _("The piece is back in the tray."), NULL);
  else
    place_piece (self, piece, to);
}

/* Anywhere beside the board (the tray, the words) takes a dragged piece off
 * it; the board's own drop target is nearer the pointer and wins there. */
static gboolean
player_drop_cb (GtkDropTarget  *target,
                const GValue   *value,
                double          x,
                double          y,
                XqLessonPlayer *self)
{
  XqPiece piece;
  XqSquare from;

  if (!xq_board_paint_parse_drag (value, &piece, &from))
    return FALSE;
  if (from != XQ_NO_SQUARE)
    piece_dropped_cb (self, piece, from, XQ_NO_SQUARE, self->board);
  return TRUE;
}

static void
board_tap_cb (XqLessonPlayer *self,
              int             sq,
              XqLessonBoard  *board)
{
  if (self->kind != STEP_EXERCISE || self->solved)
    return;
  if (self->ex->kind == XQ_EXERCISE_TAP)
    tap_exercise (self, sq);
  else if (self->ex->kind == XQ_EXERCISE_SETUP)
    tap_setup (self, sq);
}

/* ---- Move, stars and mate exercises ------------------------------------------------ */

static void
set_walk_position (XqLessonPlayer *self,
                   XqMove          last)
{
  /* The walking piece's side is always to move: the other side never moves. */
  if (self->walker != XQ_NO_SQUARE && self->shown.board[self->walker] != XQ_EMPTY)
    xq_position_set_side (&self->shown, xq_piece_color (self->shown.board[self->walker]));
  xq_board_model_set_position (xq_lesson_board_get_model (self->board), &self->shown, last);
  xq_board_model_set_interactive (xq_lesson_board_get_model (self->board), !self->solved);
}

static gboolean
play_reply_cb (gpointer user_data)
{
  XqLessonPlayer *self = user_data;
  XqMove reply = self->pending_reply;
  XqUndo undo;

  self->reply_source = 0;
  g_array_append_val (self->line, reply);
  xq_position_do_move (&self->shown, reply, &undo);
  xq_board_model_set_position (xq_lesson_board_get_model (self->board), &self->shown, reply);
  xq_board_model_set_interactive (xq_lesson_board_get_model (self->board), TRUE);
  set_feedback (self, _("Your move again."), "accent");
  return G_SOURCE_REMOVE;
}

static void
move_mate (XqLessonPlayer *self,
           XqMove          m)
{
  g_autoptr(XqVerdict) v = NULL;
  XqUndo undo;

  g_array_append_val (self->line, m);
  v = xq_check_exercise_mate (self->ex, (const XqMove *) self->line->data, self->line->len);
  if (v->kind == XQ_VERDICT_ILLEGAL || v->kind == XQ_VERDICT_WRONG)
    {
      /* The position stays as it was: the child tries again from there. */
      g_array_set_size (self->line, self->line->len - 1);
      self->wrong++;
      show_verdict (self, v);
      return;
    }
  xq_position_do_move (&self->shown, m, &undo);
  xq_board_model_set_position (xq_lesson_board_get_model (self->board), &self->shown, m);
  show_verdict (self, v);
  if (v->kind == XQ_VERDICT_CORRECT)
    {
      exercise_solved (self, v->stars);
      return;
    }
  if (v->reply != XQ_MOVE_NONE)
    {
      xq_board_model_set_interactive (xq_lesson_board_get_model (self->board), FALSE);
      self->pending_reply = v->reply;
      g_clear_handle_id (&self->reply_source, g_source_remove);
      if (self->reply_delay == 0)
        play_reply_cb (self);
      else
        self->reply_source = g_timeout_add (self->reply_delay, play_reply_cb, self);
    }
}

static void
move_stars (XqLessonPlayer *self,
            XqMove          m)
{
  g_autoptr(XqVerdict) v = NULL;

  g_array_append_val (self->line, m);
  v = xq_check_stars (self->ex, (const XqMove *) self->line->data, self->line->len);
  if (v->kind == XQ_VERDICT_ILLEGAL || v->kind == XQ_VERDICT_WRONG)
    {
      g_array_set_size (self->line, self->line->len - 1);
      show_verdict (self, v);
      return;
    }
  xq_position_put (&self->shown, xq_move_to (m), self->shown.board[xq_move_from (m)]);
  xq_position_put (&self->shown, xq_move_from (m), XQ_EMPTY);
  self->walker = xq_move_to (m);
  set_walk_position (self, m);
  /* The stars still to take come with the verdict; taken ones disappear. */
  xq_lesson_marks_clear (&self->base_marks);
  if (v->kind == XQ_VERDICT_CORRECT)
    {
      show_verdict (self, v);
      exercise_solved (self, v->stars);
    }
  else
    {
      g_autofree char *count = NULL;

      self->base_marks = v->marks;
      xq_lesson_board_set_marks (self->board, &self->base_marks);
      count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u move. Keep going!",
                                            "%u moves. Keep going!", self->line->len),
                               self->line->len);
      set_feedback (self, count, "accent");
    }
}

static void
move_cb (XqLessonPlayer *self,
         int             from,
         int             to,
         XqBoardView    *view)
{
  XqMove m = xq_move_make (from, to);

  if (self->kind != STEP_EXERCISE || self->solved || self->reply_source != 0)
    return;
  switch (self->ex->kind)
    {
    case XQ_EXERCISE_MOVE:
      {
        g_autoptr(XqVerdict) v = xq_check_move (self->ex, m);

        show_verdict (self, v);
        if (v->kind == XQ_VERDICT_CORRECT)
          {
            XqUndo undo;
            XqLessonMarks marks = *xq_lesson_board_get_marks (self->board);

            xq_position_do_move (&self->shown, m, &undo);
            xq_board_model_set_position (xq_lesson_board_get_model (self->board), &self->shown, m);
            xq_lesson_board_set_marks (self->board, &marks);
            exercise_solved (self, v->stars);
          }
        else
          {
            self->wrong++;
            xq_board_model_select (xq_lesson_board_get_model (self->board), XQ_NO_SQUARE);
          }
        break;
      }
    case XQ_EXERCISE_STARS:
      move_stars (self, m);
      break;
    case XQ_EXERCISE_MATE:
      move_mate (self, m);
      break;
    case XQ_EXERCISE_TAP:
    case XQ_EXERCISE_SETUP:
    case XQ_EXERCISE_CHOOSE:
    default:
      break;
    }
}

static void
refused_cb (XqLessonPlayer *self,
            int             from,
            int             to,
            XqLessonBoard  *board)
{
  XqPosition pos = self->shown;
  XqLessonMarks marks;
  g_autofree char *why = NULL;

  if (self->kind != STEP_EXERCISE || self->solved)
    return;
  xq_lesson_marks_clear (&marks);
  why = xq_lesson_explain_illegal (&pos, xq_move_make (from, to), &marks);
  if (why == NULL)
    return;
  {
    XqVerdict v = { XQ_VERDICT_ILLEGAL, 0, why, marks, XQ_MOVE_NONE };
    show_verdict (self, &v);
  }
}

/* ---- Choose exercises ---------------------------------------------------------------- */

static void
choice_clicked_cb (GtkButton      *button,
                   XqLessonPlayer *self)
{
  const char *id = g_object_get_data (G_OBJECT (button), "choice");
  g_autoptr(XqVerdict) v = NULL;

  if (self->solved)
    return;
  v = xq_check_choose (self->ex, id);
  show_verdict (self, v);
  if (v->kind == XQ_VERDICT_CORRECT)
    {
      gtk_widget_add_css_class (GTK_WIDGET (button), "success");
      exercise_solved (self, v->stars);
    }
  else
    {
      self->wrong++;
      gtk_widget_add_css_class (GTK_WIDGET (button), "error");
      gtk_widget_set_sensitive (GTK_WIDGET (button), FALSE);
    }
}

/* ---- Hints ---------------------------------------------------------------------------- */

/* First the piece, then the target, then the answer, each shown on the board. */
static void
hint_marks (XqLessonPlayer *self,
            int             level,
            XqLessonMarks  *marks)
{
  const XqExercise *ex = self->ex;
  XqMove moves[XQ_MAX_MOVES];
  XqMove key = XQ_MOVE_NONE;
  int n;

  switch (ex->kind)
    {
    case XQ_EXERCISE_TAP:
      if (level == 1 && ex->square >= 0 && ex->square < XQ_SQUARES)
        xq_lesson_marks_add (marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_TARGET, ex->square);
      for (int sq = 0; sq < XQ_SQUARES && level >= 2; sq++)
        {
          gboolean tapped = FALSE;
          if (!ex->answer_points[sq])
            continue;
          for (int i = 0; i < self->n_taps; i++)
            tapped |= self->taps[i] == sq;
          if (tapped)
            continue;
          xq_lesson_marks_add (marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_MISSING, sq);
          if (level == 2)
            break;
        }
      break;

    case XQ_EXERCISE_MOVE:
    case XQ_EXERCISE_MATE:
      if (ex->kind == XQ_EXERCISE_MOVE)
        {
          n = correct_moves (ex, moves);
          key = n > 0 ? moves[0] : XQ_MOVE_NONE;
        }
      else
        {
          g_autoptr(XqSolver) solver = xq_solver_new ();
          XqSolution sol;
          int left = ex->mate_in - (int) (self->line->len + 1) / 2;

          xq_solver_set_node_limit (solver, XQ_LESSON_SOLVER_NODES);
          if (left > 0 && xq_solver_solve (solver, &self->shown, left, &sol) == XQ_SOLVE_MATE &&
              sol.n_keys > 0)
            key = sol.keys[0];
        }
      if (key == XQ_MOVE_NONE)
        break;
      if (level == 1)
        xq_lesson_marks_add (marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_TARGET, xq_move_from (key));
      else if (level == 2)
        {
          xq_lesson_marks_add (marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_TARGET, xq_move_from (key));
          xq_lesson_marks_add (marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_HIGHLIGHT, xq_move_to (key));
        }
      else
        xq_lesson_marks_add_arrow (marks, XQ_LESSON_ROLE_MOVE, xq_move_from (key), xq_move_to (key));
      break;

    case XQ_EXERCISE_STARS:
      {
        XqSquare steps[XQ_SQUARES];

        xq_lesson_marks_add (marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_TARGET, self->walker);
        if (level < 2)
          break;
        n = xq_lesson_star_steps (&self->shown, self->walker, steps);
        /* The target: a star one step away, or else every point the piece
         * can step to, so the child sees its choices. */
        for (int i = 0; i < n; i++)
          for (int m = 0; m < self->base_marks.n_marks; m++)
            if (self->base_marks.marks[m].kind == XQ_LESSON_MARK_STAR &&
                self->base_marks.marks[m].sq == steps[i])
              {
                key = xq_move_make (self->walker, steps[i]);
                break;
              }
        if (key != XQ_MOVE_NONE && level >= 3)
          xq_lesson_marks_add_arrow (marks, XQ_LESSON_ROLE_MOVE, self->walker, xq_move_to (key));
        else if (key != XQ_MOVE_NONE)
          xq_lesson_marks_add (marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_HIGHLIGHT, xq_move_to (key));
        else
          for (int i = 0; i < n; i++)
            xq_lesson_marks_add (marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_HIGHLIGHT, steps[i]);
        break;
      }

    case XQ_EXERCISE_SETUP:
      {
        XqPiece piece = self->tray_selected;

        if (piece == XQ_EMPTY)
          for (int i = 0; i < 16 && piece == XQ_EMPTY; i++)
            if (self->tray[i] > 0)
              piece = (XqPiece) i;
        /* A misplaced piece is the first thing to fix. */
        for (int sq = 0; sq < XQ_SQUARES && level == 1; sq++)
          if (self->setup[sq] != XQ_EMPTY && self->setup[sq] != ex->target.board[sq])
            xq_lesson_marks_add (marks, XQ_LESSON_MARK_CROSS, XQ_LESSON_ROLE_WRONG, sq);
        if (level == 1 && piece != XQ_EMPTY && self->tray_selected != piece)
          {
            self->tray_selected = piece;
            show_setup (self, TRUE);
          }
        for (int sq = 0; sq < XQ_SQUARES && level >= 2; sq++)
          if (ex->target.board[sq] != XQ_EMPTY && self->setup[sq] == XQ_EMPTY &&
              (level >= 3 || ex->target.board[sq] == piece))
            xq_lesson_marks_add (marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_MISSING, sq);
        break;
      }

    case XQ_EXERCISE_CHOOSE:
    default:
      if (level >= 3 && ex->answer != NULL)
        {
          GtkWidget *button = g_hash_table_lookup (self->choice_buttons, ex->answer);
          if (button != NULL)
            gtk_widget_add_css_class (button, "suggested-action");
        }
      break;
    }
}

static void
hint_clicked_cb (XqLessonPlayer *self)
{
  static const char *const generic[N_HINT_LEVELS] = {
    N_("Look at the marked piece."),
    N_("Look at the marked point."),
    N_("Here is the answer. Now you try!"),
  };
  XqLessonMarks marks;
  const char *text;

  if (self->kind != STEP_EXERCISE || self->solved || self->hints >= N_HINT_LEVELS)
    return;
  self->hints++;
  marks = *xq_lesson_board_get_marks (self->board);
  hint_marks (self, self->hints, &marks);
  xq_lesson_board_set_marks (self->board, &marks);

  if (self->ex->hints != NULL && self->hints <= (int) self->ex->hints->len)
    text = g_ptr_array_index (self->ex->hints, self->hints - 1);
  else
    text = _(generic[self->hints - 1]);
  set_feedback (self, text, "accent");
  gtk_widget_set_sensitive (self->hint_button, self->hints < N_HINT_LEVELS);
}

/* ---- Steps ------------------------------------------------------------------------------ */

static void
reset_exercise (XqLessonPlayer *self)
{
  const XqExercise *ex = self->ex;
  XqBoardModel *model = xq_lesson_board_get_model (self->board);

  g_clear_handle_id (&self->reply_source, g_source_remove);
  self->solved = FALSE;
  self->stars = 0;
  self->n_taps = 0;
  self->tray_selected = XQ_EMPTY;
  self->walker = XQ_NO_SQUARE;
  /* A layout-manager widget does not pass its child's expand flags on. */
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  g_array_set_size (self->line, 0);
  self->shown = ex->position;
  self->base_marks = ex->marks;
  memset (self->tray, 0, sizeof self->tray);

  gtk_widget_set_visible (self->stars_label, FALSE);
  gtk_widget_set_sensitive (self->next_button, FALSE);
  gtk_widget_remove_css_class (self->next_button, "suggested-action");
  gtk_widget_set_sensitive (self->hint_button, self->hints < N_HINT_LEVELS);
  gtk_widget_set_visible (self->hint_button, TRUE);
  gtk_widget_set_visible (self->retry_button, TRUE);
  gtk_widget_set_visible (self->check_button,
                          (ex->kind == XQ_EXERCISE_TAP && ex->tap_all) || ex->kind == XQ_EXERCISE_SETUP);
  gtk_widget_set_sensitive (self->check_button, TRUE);
  gtk_widget_set_visible (self->board_frame, ex->kind != XQ_EXERCISE_CHOOSE || ex->fen != NULL);
  gtk_widget_set_visible (self->tray_box, FALSE);
  gtk_widget_set_visible (self->choices_box, ex->kind == XQ_EXERCISE_CHOOSE);
  gtk_label_set_text (GTK_LABEL (self->prompt_label), ex->prompt);
  set_feedback (self, NULL, NULL);

  xq_lesson_board_set_tap_mode (self->board, ex->kind == XQ_EXERCISE_TAP || ex->kind == XQ_EXERCISE_SETUP);
  xq_lesson_board_set_drag_pieces (self->board, ex->kind == XQ_EXERCISE_SETUP);
  switch (ex->kind)
    {
    case XQ_EXERCISE_STARS:
      self->walker = ex->square;
      set_walk_position (self, XQ_MOVE_NONE);
      {
        /* Only the stars still to take are drawn: the checker lists them. */
        g_autoptr(XqVerdict) v = xq_check_stars (ex, NULL, 0);
        self->base_marks = v->marks;
        for (int i = 0; i < ex->marks.n_marks; i++)
          if (ex->marks.marks[i].kind != XQ_LESSON_MARK_STAR)
            xq_lesson_marks_add (&self->base_marks, ex->marks.marks[i].kind,
                                 ex->marks.marks[i].role, ex->marks.marks[i].sq);
      }
      break;
    case XQ_EXERCISE_MOVE:
    case XQ_EXERCISE_MATE:
      xq_lesson_board_set_position (self->board, &self->shown, XQ_MOVE_NONE, TRUE);
      break;
    case XQ_EXERCISE_SETUP:
      {
        for (int sq = 0; sq < XQ_SQUARES; sq++)
          {
            self->setup[sq] = ex->position.board[sq];
            if (ex->target.board[sq] != XQ_EMPTY)
              self->tray[ex->target.board[sq]]++;
          }
        for (int sq = 0; sq < XQ_SQUARES; sq++)
          if (self->setup[sq] != XQ_EMPTY && self->tray[self->setup[sq]] > 0)
            self->tray[self->setup[sq]]--;
        xq_board_model_set_interactive (model, FALSE);
        show_setup (self, FALSE);
        break;
      }
    case XQ_EXERCISE_CHOOSE:
      {
        clear_box (self->choices_box);
        g_hash_table_remove_all (self->choice_buttons);
        for (guint i = 0; ex->choices && i < ex->choices->len; i++)
          {
            const XqChoice *choice = g_ptr_array_index (ex->choices, i);
            GtkWidget *button = gtk_button_new_with_label (choice->text);

            gtk_widget_add_css_class (button, "pill");
            gtk_widget_add_css_class (button, "xq-choice");
            g_object_set_data_full (G_OBJECT (button), "choice", g_strdup (choice->id), g_free);
            g_signal_connect (button, "clicked", G_CALLBACK (choice_clicked_cb), self);
            gtk_box_append (GTK_BOX (self->choices_box), button);
            g_hash_table_insert (self->choice_buttons, g_strdup (choice->id), button);
          }
        xq_lesson_board_set_position (self->board, &self->shown, XQ_MOVE_NONE, FALSE);
        break;
      }
    case XQ_EXERCISE_TAP:
    default:
      xq_lesson_board_set_position (self->board, &self->shown, XQ_MOVE_NONE, FALSE);
      break;
    }
  xq_lesson_board_set_marks (self->board, &self->base_marks);
}

static void
show_page (XqLessonPlayer     *self,
           const XqLessonPage *page)
{
  gtk_label_set_text (GTK_LABEL (self->prompt_label), page->text);
  gtk_widget_set_visible (self->board_frame, page->fen != NULL);
  if (page->fen != NULL)
    {
      xq_lesson_board_set_position (self->board, &page->position, XQ_MOVE_NONE, FALSE);
      xq_lesson_board_set_marks (self->board, &page->marks);
    }
  xq_lesson_board_set_tap_mode (self->board, FALSE);
  xq_lesson_board_set_drag_pieces (self->board, FALSE);
  gtk_widget_set_sensitive (self->next_button, TRUE);
  gtk_widget_add_css_class (self->next_button, "suggested-action");
}

static void
show_summary (XqLessonPlayer *self)
{
  int done = 0, stars = 0;
  g_autofree char *line = NULL;
  g_autofree char *text = NULL;

  if (self->progress != NULL)
    stars = xq_progress_unit_stars (self->progress, self->unit->id, &done);
  line = stars_text (MIN (3, (stars + (int) n_exercises (self) - 1) / MAX (1, (int) n_exercises (self))), 3);
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "You finished “%s” and earned %d star!",
                                       "You finished “%s” and earned %d stars!", stars),
                          self->unit->title, stars);
  gtk_label_set_text (GTK_LABEL (self->prompt_label), text);
  gtk_label_set_text (GTK_LABEL (self->stars_label), line);
  gtk_widget_set_visible (self->stars_label, TRUE);
  gtk_widget_set_visible (self->board_frame, FALSE);
  gtk_button_set_label (GTK_BUTTON (self->next_button), _("Back to the Units"));
  gtk_widget_set_sensitive (self->next_button, TRUE);
  gtk_widget_add_css_class (self->next_button, "suggested-action");
}

static void
show_step (XqLessonPlayer *self)
{
  guint np = n_pages (self), ne = n_exercises (self), nc = n_closing (self);
  guint step = self->step;
  g_autofree char *step_text = NULL;

  g_clear_handle_id (&self->reply_source, g_source_remove);
  self->ex = NULL;
  self->page = NULL;
  self->wrong = 0;
  self->hints = 0;
  self->solved = FALSE;
  self->stars = 0;
  xq_lesson_marks_clear (&self->base_marks);

  gtk_widget_set_visible (self->hint_button, FALSE);
  gtk_widget_set_visible (self->retry_button, FALSE);
  gtk_widget_set_visible (self->check_button, FALSE);
  gtk_widget_set_visible (self->choices_box, FALSE);
  gtk_widget_set_visible (self->tray_box, FALSE);
  gtk_widget_set_visible (self->stars_label, FALSE);
  gtk_widget_set_sensitive (self->back_button, step > 0);
  gtk_button_set_label (GTK_BUTTON (self->next_button), _("Next"));
  set_feedback (self, NULL, NULL);

  if (step < np)
    {
      self->kind = STEP_PAGE;
      self->page = g_ptr_array_index (self->unit->pages, step);
      show_page (self, self->page);
    }
  else if (step < np + ne)
    {
      self->kind = STEP_EXERCISE;
      self->ex = g_ptr_array_index (self->unit->exercises, step - np);
      reset_exercise (self);
    }
  else if (step < np + ne + nc)
    {
      self->kind = STEP_CLOSING;
      self->page = g_ptr_array_index (self->unit->closing, step - np - ne);
      show_page (self, self->page);
    }
  else
    {
      self->kind = STEP_SUMMARY;
      show_summary (self);
    }

  /* Without a board the words stand in the middle of the page. */
  gtk_widget_set_halign (self->side, gtk_widget_get_visible (self->board_frame) ? GTK_ALIGN_FILL
                                                                              : GTK_ALIGN_CENTER);
  if (self->kind == STEP_SUMMARY)
    gtk_widget_add_css_class (self->stars_label, "xq-summary-stars");
  else
    gtk_widget_remove_css_class (self->stars_label, "xq-summary-stars");

  step_text = g_strdup_printf (_("Step %u of %u"), MIN (step + 1, np + ne + nc), np + ne + nc);
  gtk_label_set_text (GTK_LABEL (self->step_label), step_text);
  gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (self->step_bar),
                                 (double) MIN (step + 1, np + ne + nc) / MAX (1, np + ne + nc));
}

static void
next_clicked_cb (XqLessonPlayer *self)
{
  if (self->kind == STEP_SUMMARY)
    {
      g_signal_emit (self, signals[CLOSED], 0);
      return;
    }
  if (self->kind == STEP_EXERCISE && !self->solved)
    return;
  xq_lesson_player_go_to (self, self->step + 1);
}

static void
back_clicked_cb (XqLessonPlayer *self)
{
  if (self->step > 0)
    xq_lesson_player_go_to (self, self->step - 1);
}

static void
retry_clicked_cb (XqLessonPlayer *self)
{
  if (self->kind != STEP_EXERCISE)
    return;
  /* A fresh start keeps the count of slips and hints: the stars stay honest. */
  reset_exercise (self);
}

static void
check_clicked_cb (XqLessonPlayer *self)
{
  if (self->kind != STEP_EXERCISE || self->solved)
    return;
  if (self->ex->kind == XQ_EXERCISE_TAP)
    check_taps (self);
  else if (self->ex->kind == XQ_EXERCISE_SETUP)
    check_setup (self);
}

static void
units_clicked_cb (XqLessonPlayer *self)
{
  g_signal_emit (self, signals[CLOSED], 0);
}

/* ---- GObject -------------------------------------------------------------------------- */

#define NARROW_WIDTH 720

static gboolean
relayout_cb (gpointer user_data)
{
  XqLessonPlayer *self = user_data;
  GtkAdjustment *adj = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (self->scroller));
  gboolean narrow = gtk_adjustment_get_page_size (adj) < NARROW_WIDTH;

  self->relayout_source = 0;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->main),
                                  narrow ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL);
  gtk_widget_set_valign (self->side, narrow ? GTK_ALIGN_START : GTK_ALIGN_CENTER);
  /* One row of five big buttons is too wide for a phone: back and next
   * then get a row of their own. */
  g_object_ref (self->back_button);
  g_object_ref (self->next_button);
  gtk_box_remove (GTK_BOX (gtk_widget_get_parent (self->back_button)), self->back_button);
  gtk_box_remove (GTK_BOX (gtk_widget_get_parent (self->next_button)), self->next_button);
  if (narrow)
    {
      gtk_box_append (GTK_BOX (self->nav_row), self->back_button);
      gtk_box_append (GTK_BOX (self->nav_row), self->next_button);
    }
  else
    {
      gtk_box_prepend (GTK_BOX (self->buttons), self->back_button);
      gtk_box_append (GTK_BOX (self->buttons), self->next_button);
    }
  gtk_widget_set_hexpand (self->next_button, narrow);
  gtk_widget_set_halign (self->next_button, narrow ? GTK_ALIGN_END : GTK_ALIGN_FILL);
  gtk_widget_set_visible (self->nav_row, narrow);
  g_object_unref (self->back_button);
  g_object_unref (self->next_button);
  return G_SOURCE_REMOVE;
}

static void
width_changed_cb (XqLessonPlayer *self)
{
  GtkAdjustment *adj = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (self->scroller));
  gboolean narrow = gtk_adjustment_get_page_size (adj) < NARROW_WIDTH;
  gboolean vertical = gtk_orientable_get_orientation (GTK_ORIENTABLE (self->main)) == GTK_ORIENTATION_VERTICAL;

  /* Not during the allocation that reported the width: flipping the box
   * there would ask for another layout inside this one. */
  if (narrow != vertical && self->relayout_source == 0)
    self->relayout_source = g_idle_add (relayout_cb, self);
}

static void
xq_lesson_player_dispose (GObject *object)
{
  XqLessonPlayer *self = XQ_LESSON_PLAYER (object);

  g_clear_handle_id (&self->reply_source, g_source_remove);
  g_clear_handle_id (&self->relayout_source, g_source_remove);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  for (int i = 0; i < 16; i++)
    g_clear_object (&self->piece_tex[i]);

  G_OBJECT_CLASS (xq_lesson_player_parent_class)->dispose (object);
}

static void
xq_lesson_player_finalize (GObject *object)
{
  XqLessonPlayer *self = XQ_LESSON_PLAYER (object);

  g_clear_pointer (&self->line, g_array_unref);
  g_clear_pointer (&self->choice_buttons, g_hash_table_unref);
  g_free (self->feedback);

  G_OBJECT_CLASS (xq_lesson_player_parent_class)->finalize (object);
}

static void
xq_lesson_player_class_init (XqLessonPlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_lesson_player_dispose;
  object_class->finalize = xq_lesson_player_finalize;

  /**
   * XqLessonPlayer::closed:
   *
   * The learner left the unit (the units button or the summary card).
   */
  signals [CLOSED] =
    g_signal_new ("closed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * XqLessonPlayer::progress-changed:
   *
   * An exercise was solved and its stars saved.
   */
  signals [PROGRESS_CHANGED] =
    g_signal_new ("progress-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "xq-lesson-player");
}

static GtkWidget *
big_button (const char *label,
            const char *icon,
            GCallback   callback,
            gpointer    data)
{
  GtkWidget *button = gtk_button_new ();
  GtkWidget *content = adw_button_content_new ();

  adw_button_content_set_label (ADW_BUTTON_CONTENT (content), label);
  adw_button_content_set_icon_name (ADW_BUTTON_CONTENT (content), icon);
  adw_button_content_set_use_underline (ADW_BUTTON_CONTENT (content), TRUE);
  gtk_button_set_child (GTK_BUTTON (button), content);
  gtk_widget_add_css_class (button, "pill");
  gtk_widget_add_css_class (button, "xq-big-button");
  g_signal_connect_swapped (button, "clicked", callback, data);
  return button;
}

static void
xq_lesson_player_init (XqLessonPlayer *self)
{
  GtkWidget *header, *main, *side, *buttons;

  self->line = g_array_new (FALSE, FALSE, sizeof (XqMove));
  self->choice_buttons = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->reply_delay = 600;
  self->walker = XQ_NO_SQUARE;

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  gtk_widget_set_margin_start (self->box, 18);
  gtk_widget_set_margin_end (self->box, 18);
  gtk_widget_set_margin_top (self->box, 12);
  gtk_widget_set_margin_bottom (self->box, 18);

  /* The unit's title and how far along it the child is. */
  header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  self->units_button = gtk_button_new_from_icon_name ("view-grid-symbolic");
  gtk_widget_set_tooltip_text (self->units_button, _("All Units"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->units_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("All Units"), -1);
  gtk_widget_add_css_class (self->units_button, "circular");
  g_signal_connect_swapped (self->units_button, "clicked", G_CALLBACK (units_clicked_cb), self);
  self->title_label = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->title_label, "title-3");
  gtk_label_set_ellipsize (GTK_LABEL (self->title_label), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (self->title_label), 0);
  self->step_bar = gtk_progress_bar_new ();
  gtk_widget_set_hexpand (self->step_bar, TRUE);
  gtk_widget_set_valign (self->step_bar, GTK_ALIGN_CENTER);
  self->step_label = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->step_label, "dim-label");
  gtk_box_append (GTK_BOX (header), self->units_button);
  gtk_box_append (GTK_BOX (header), self->title_label);
  gtk_box_append (GTK_BOX (header), self->step_bar);
  gtk_box_append (GTK_BOX (header), self->step_label);
  gtk_box_append (GTK_BOX (self->box), header);

  /* Board and words side by side, or one above the other in a narrow
   * window; a scroller keeps the page's minimum width phone-sized. */
  main = self->main = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 24);
  gtk_widget_set_vexpand (main, TRUE);
  self->scroller = gtk_scrolled_window_new ();
  gtk_widget_set_vexpand (self->scroller, TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), main);
  gtk_box_append (GTK_BOX (self->box), self->scroller);
  g_signal_connect_object (gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (self->scroller)),
                           "notify::page-size", G_CALLBACK (width_changed_cb), self, G_CONNECT_SWAPPED);

  self->board_frame = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_hexpand (self->board_frame, TRUE);
  self->board = XQ_LESSON_BOARD (xq_lesson_board_new ());
  gtk_box_append (GTK_BOX (self->board_frame), GTK_WIDGET (self->board));
  gtk_box_append (GTK_BOX (main), self->board_frame);
  g_signal_connect_swapped (self->board, "tap", G_CALLBACK (board_tap_cb), self);
  g_signal_connect_swapped (self->board, "refused", G_CALLBACK (refused_cb), self);
  g_signal_connect_swapped (self->board, "piece-dropped", G_CALLBACK (piece_dropped_cb), self);
  g_signal_connect_swapped (self->board, "notify::piece-set", G_CALLBACK (board_style_cb), self);
  g_signal_connect_swapped (self->board, "notify::theme", G_CALLBACK (board_style_cb), self);
  {
    GtkDropTarget *drop = gtk_drop_target_new (G_TYPE_UINT, GDK_ACTION_MOVE);

    gtk_event_controller_set_name (GTK_EVENT_CONTROLLER (drop), "xq-lesson-take-back");
    g_signal_connect (drop, "drop", G_CALLBACK (player_drop_cb), self);
    gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
  }
  g_signal_connect_swapped (xq_lesson_board_get_view (self->board), "move", G_CALLBACK (move_cb), self);

  /* The words, the choices and the buttons beside the board. */
  side = self->side = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  gtk_widget_set_hexpand (side, TRUE);
  gtk_widget_set_valign (side, GTK_ALIGN_CENTER);

  self->prompt_label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->prompt_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->prompt_label), 0);
  gtk_label_set_max_width_chars (GTK_LABEL (self->prompt_label), 36);
  gtk_widget_add_css_class (self->prompt_label, "title-2");
  gtk_widget_add_css_class (self->prompt_label, "xq-prompt");
  gtk_box_append (GTK_BOX (side), self->prompt_label);

  self->choices_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 10);
  gtk_box_append (GTK_BOX (side), self->choices_box);

  self->tray_box = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (self->tray_box), 6);
  gtk_grid_set_column_spacing (GTK_GRID (self->tray_box), 6);
  gtk_box_append (GTK_BOX (side), self->tray_box);

  self->feedback_label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->feedback_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->feedback_label), 0);
  gtk_label_set_max_width_chars (GTK_LABEL (self->feedback_label), 36);
  gtk_widget_add_css_class (self->feedback_label, "title-4");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->feedback_label),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Feedback"), -1);
  gtk_box_append (GTK_BOX (side), self->feedback_label);

  self->stars_label = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->stars_label, "xq-stars");
  gtk_widget_add_css_class (self->stars_label, "title-1");
  gtk_label_set_xalign (GTK_LABEL (self->stars_label), 0);
  gtk_box_append (GTK_BOX (side), self->stars_label);

  buttons = self->buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  self->back_button = gtk_button_new_from_icon_name ("go-previous-symbolic");
  gtk_widget_set_tooltip_text (self->back_button, _("Back"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->back_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Back"), -1);
  gtk_widget_add_css_class (self->back_button, "circular");
  gtk_widget_add_css_class (self->back_button, "xq-big-button");
  g_signal_connect_swapped (self->back_button, "clicked", G_CALLBACK (back_clicked_cb), self);
  self->hint_button = big_button (_("_Hint"), "dialog-information-symbolic",
                                  G_CALLBACK (hint_clicked_cb), self);
  self->retry_button = big_button (_("_Try Again"), "view-refresh-symbolic",
                                   G_CALLBACK (retry_clicked_cb), self);
  self->check_button = big_button (_("_Check"), "object-select-symbolic",
                                   G_CALLBACK (check_clicked_cb), self);
  self->next_button = gtk_button_new_with_mnemonic (_("Next"));
  gtk_widget_add_css_class (self->next_button, "pill");
  gtk_widget_add_css_class (self->next_button, "xq-big-button");
  g_signal_connect_swapped (self->next_button, "clicked", G_CALLBACK (next_clicked_cb), self);
  gtk_box_append (GTK_BOX (buttons), self->back_button);
  gtk_box_append (GTK_BOX (buttons), self->hint_button);
  gtk_box_append (GTK_BOX (buttons), self->retry_button);
  gtk_box_append (GTK_BOX (buttons), self->check_button);
  gtk_box_append (GTK_BOX (buttons), self->next_button);
  gtk_box_append (GTK_BOX (side), buttons);
  self->nav_row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  gtk_widget_set_visible (self->nav_row, FALSE);
  gtk_box_append (GTK_BOX (side), self->nav_row);

  gtk_box_append (GTK_BOX (main), side);
}

GtkWidget *
xq_lesson_player_new (void)
{
  return g_object_new (XQ_TYPE_LESSON_PLAYER, NULL);
}

void
xq_lesson_player_start (XqLessonPlayer  *self,
                        const XqUnit    *unit,
                        XqProgressStore *store,
                        XqProgress      *progress)
{
  g_autofree char *title = NULL;

  g_return_if_fail (XQ_IS_LESSON_PLAYER (self));
  g_return_if_fail (unit != NULL);

  self->unit = unit;
  self->store = store;
  self->progress = progress;
  /* Translators: a unit's heading, e.g. "3 · Moves I" */
  title = g_strdup_printf (_("%d · %s"), unit->number, unit->title);
  gtk_label_set_text (GTK_LABEL (self->title_label), title);
  xq_lesson_player_go_to (self, 0);
}

void
xq_lesson_player_stop (XqLessonPlayer *self)
{
  g_return_if_fail (XQ_IS_LESSON_PLAYER (self));

  g_clear_handle_id (&self->reply_source, g_source_remove);
  /* Every handler checks for STEP_EXERCISE before it touches the unit. */
  self->kind = STEP_SUMMARY;
  self->unit = NULL;
  self->ex = NULL;
  self->page = NULL;
  self->store = NULL;
  self->progress = NULL;
}

void
xq_lesson_player_go_to (XqLessonPlayer *self,
                        guint           step)
{
  g_return_if_fail (XQ_IS_LESSON_PLAYER (self));
  g_return_if_fail (self->unit != NULL);

  self->step = MIN (step, n_pages (self) + n_exercises (self) + n_closing (self));
  show_step (self);
}

guint
xq_lesson_player_get_step (XqLessonPlayer *self)
{
  g_return_val_if_fail (XQ_IS_LESSON_PLAYER (self), 0);
  return self->step;
}

guint
xq_lesson_player_get_n_steps (XqLessonPlayer *self)
{
  g_return_val_if_fail (XQ_IS_LESSON_PLAYER (self), 0);
  return n_pages (self) + n_exercises (self) + n_closing (self) + 1;
}

const XqExercise *
xq_lesson_player_get_exercise (XqLessonPlayer *self)
{
  g_return_val_if_fail (XQ_IS_LESSON_PLAYER (self), NULL);
  return self->kind == STEP_EXERCISE ? self->ex : NULL;
}

gboolean
xq_lesson_player_is_solved (XqLessonPlayer *self)
{
  g_return_val_if_fail (XQ_IS_LESSON_PLAYER (self), FALSE);
  return self->solved;
}

int
xq_lesson_player_get_stars (XqLessonPlayer *self)
{
  g_return_val_if_fail (XQ_IS_LESSON_PLAYER (self), 0);
  return self->stars;
}

const char *
xq_lesson_player_get_feedback (XqLessonPlayer *self)
{
  g_return_val_if_fail (XQ_IS_LESSON_PLAYER (self), NULL);
  return self->feedback ? self->feedback : "";
}

gboolean
xq_lesson_player_is_busy (XqLessonPlayer *self)
{
  g_return_val_if_fail (XQ_IS_LESSON_PLAYER (self), FALSE);
  return self->reply_source != 0;
}

XqLessonBoard *
xq_lesson_player_get_board (XqLessonPlayer *self)
{
  g_return_val_if_fail (XQ_IS_LESSON_PLAYER (self), NULL);
  return self->board;
}

GtkWidget *
xq_lesson_player_get_button (XqLessonPlayer *self,
                             const char     *name)
{
  g_return_val_if_fail (XQ_IS_LESSON_PLAYER (self), NULL);

  if (g_strcmp0 (name, "next") == 0)
    return self->next_button;
  if (g_strcmp0 (name, "back") == 0)
    return self->back_button;
  if (g_strcmp0 (name, "hint") == 0)
    return self->hint_button;
  if (g_strcmp0 (name, "retry") == 0)
    return self->retry_button;
  if (g_strcmp0 (name, "check") == 0)
    return self->check_button;
  if (g_strcmp0 (name, "units") == 0)
    return self->units_button;
  g_return_val_if_reached (NULL);
}

GtkWidget *
xq_lesson_player_get_choice_button (XqLessonPlayer *self,
                                    const char     *choice_id)
{
  g_return_val_if_fail (XQ_IS_LESSON_PLAYER (self), NULL);
  return g_hash_table_lookup (self->choice_buttons, choice_id);
}

GtkWidget *
xq_lesson_player_get_tray_button (XqLessonPlayer *self,
                                  XqPiece         piece)
{
  g_return_val_if_fail (XQ_IS_LESSON_PLAYER (self), NULL);
  return self->tray_buttons[piece & 15];
}

void
xq_lesson_player_set_reply_delay (XqLessonPlayer *self,
                                  guint           ms)
{
  g_return_if_fail (XQ_IS_LESSON_PLAYER (self));
  self->reply_delay = ms;
}
