/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-projector-window"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-kind.h"
#include "xq-lesson-board.h"
#include "xq-lesson-marks.h"
#include "xq-lesson-rules.h"
#include "xq-mark-palette.h"
#include "xq-projector-window.h"
#include "xq-projector-window-private.h"

#define OWNER_KEY "xq-projector-window"

G_DEFINE_FINAL_TYPE (XqProjectorWindow, xq_projector_window, ADW_TYPE_WINDOW)

enum { PROP_0, PROP_INDEX, N_PROPS };
static GParamSpec *properties[N_PROPS];

enum { SIGNAL_EXERCISE_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
item_free (gpointer data)
{
  Item *item = data;

  g_free (item->prompt);
  g_free (item);
}

/* ---- Drawing the board --------------------------------------------------------- */

static void
add_marks (XqAnnotations *into, const XqAnnotations *from)
{
  for (int i = 0; i < from->n_marks && into->n_marks < XQ_MAX_MARKS; i++)
    into->marks[into->n_marks++] = from->marks[i];
}

static void
redraw (XqProjectorWindow *self)
{
  XqAnnotations annots;

  xq_annotations_clear (&annots);
  /* The exercise's own marks belong to its position, not to a move later. */
  if (self->played->len == 0)
    add_marks (&annots, &self->start_marks);
  else
    {
      XqMove last = g_array_index (self->played, Played, self->played->len - 1).move;
      xq_annotations_add (&annots, XQ_MARK_LAST_MOVE, XQ_ROLE_DEFAULT, xq_move_from (last));
      xq_annotations_add (&annots, XQ_MARK_LAST_MOVE, XQ_ROLE_DEFAULT, xq_move_to (last));
    }
  if (self->selected != XQ_NO_SQUARE)
    {
      XqMove moves[XQ_MAX_MOVES];
      int n = xq_position_legal_moves_from (&self->pos, self->selected, moves);

      xq_annotations_add (&annots, XQ_MARK_HIGHLIGHT, XQ_ROLE_SELECTION, self->selected);
      for (int i = 0; i < n; i++)
        xq_annotations_add (&annots, XQ_MARK_DOT, XQ_ROLE_DEFAULT, xq_move_to (moves[i]));
    }
  xq_annotations_add_check (&annots, &self->pos);
  add_marks (&annots, &self->drawing);
  xq_editor_board_set_position (self->board, &self->pos);
  xq_editor_board_set_annotations (self->board, &annots);
  gtk_widget_set_sensitive (self->undo_button, self->played->len > 0);
  gtk_widget_set_sensitive (self->reset_button, self->played->len > 0);
}

static void
update_title (XqProjectorWindow *self)
{
  g_autofree char *subtitle = NULL;

  if (self->index >= 0)
    /* Translators: the projector's subtitle, "Exercise 3 of 12". */
    subtitle = g_strdup_printf (_("Exercise %d of %u"), self->index + 1, self->items->len);
  adw_window_title_set_subtitle (self->title, subtitle != NULL ? subtitle : "");
  gtk_widget_set_sensitive (self->previous_button, self->index > 0);
  gtk_widget_set_sensitive (self->next_button, self->index >= 0 && (guint) self->index + 1 < self->items->len);
}

static void
set_status (XqProjectorWindow *self, const char *text)
{
  gtk_label_set_text (self->status, text != NULL ? text : "");
}

/* Shows pos and prompt afresh: no demonstration, no drawing. */
static void
show (XqProjectorWindow *self, const XqPosition *pos, const XqAnnotations *marks, const char *prompt)
{
  self->start = *pos;
  self->pos = *pos;
  if (marks != NULL)
    self->start_marks = *marks;
  else
    xq_annotations_clear (&self->start_marks);
  g_array_set_size (self->played, 0);
  self->selected = XQ_NO_SQUARE;
  xq_annotations_clear (&self->drawing);
  gtk_label_set_text (self->prompt, prompt != NULL ? prompt : "");
  gtk_widget_set_visible (GTK_WIDGET (self->prompt), prompt != NULL && *prompt != '\0');
  set_status (self, NULL);
  redraw (self);
  update_title (self);
}

/* ---- Drawing by the teacher ------------------------------------------------------ */

void
xq_projector_window_set_color (XqProjectorWindow *self, XqColorRole role)
{
  g_return_if_fail (XQ_IS_PROJECTOR_WINDOW (self));
  /* The palette's colour drawn in this role's ink. */
  for (int c = XQ_LESSON_COLOR_NONE + 1; c < XQ_LESSON_N_COLORS; c++)
    if (xq_lesson_mark_color_role (c) == role)
      xq_mark_palette_set_color (self->palette, c);
  self->color = role;
}

XqColorRole
xq_projector_window_get_color (XqProjectorWindow *self)
{
  g_return_val_if_fail (XQ_IS_PROJECTOR_WINDOW (self), XQ_ROLE_HINT);
  return self->color;
}

void
xq_projector_window_toggle_circle (XqProjectorWindow *self, XqSquare sq)
{
  g_return_if_fail (XQ_IS_PROJECTOR_WINDOW (self));
  g_return_if_fail (sq >= 0 && sq < XQ_SQUARES);

  for (int i = 0; i < self->drawing.n_marks; i++)
    {
      XqMark *m = &self->drawing.marks[i];
      if (m->kind == XQ_MARK_CIRCLE && m->sq == sq)
        {
          /* A second right-click on a circle takes it away again. */
          memmove (m, m + 1, (size_t) (self->drawing.n_marks - i - 1) * sizeof *m);
          self->drawing.n_marks--;
          redraw (self);
          return;
        }
    }
  xq_annotations_add (&self->drawing, XQ_MARK_CIRCLE, self->color, sq);
  redraw (self);
}

void
xq_projector_window_add_arrow (XqProjectorWindow *self, XqSquare from, XqSquare to)
{
  g_return_if_fail (XQ_IS_PROJECTOR_WINDOW (self));
  xq_annotations_add_arrow (&self->drawing, self->color, from, to);
  redraw (self);
}

void
xq_projector_window_clear_drawing (XqProjectorWindow *self)
{
  g_return_if_fail (XQ_IS_PROJECTOR_WINDOW (self));
  xq_annotations_clear (&self->drawing);
  redraw (self);
}

const XqAnnotations *
xq_projector_window_get_drawing (XqProjectorWindow *self)
{
  g_return_val_if_fail (XQ_IS_PROJECTOR_WINDOW (self), NULL);
  return &self->drawing;
}

/* ---- Demonstration moves --------------------------------------------------------- */

gboolean
xq_projector_window_play (XqProjectorWindow *self, XqMove m)
{
  Played p = { .move = m };

  g_return_val_if_fail (XQ_IS_PROJECTOR_WINDOW (self), FALSE);
  if (m == XQ_MOVE_NONE || !xq_position_is_legal (&self->pos, m))
    return FALSE;
  xq_position_do_move (&self->pos, m, &p.undo);
  g_array_append_val (self->played, p);
  self->selected = XQ_NO_SQUARE;
  set_status (self, NULL);
  redraw (self);
  return TRUE;
}

gboolean
xq_projector_window_undo (XqProjectorWindow *self)
{
  Played *p;

  g_return_val_if_fail (XQ_IS_PROJECTOR_WINDOW (self), FALSE);
  if (self->played->len == 0)
    return FALSE;
  p = &g_array_index (self->played, Played, self->played->len - 1);
  xq_position_undo_move (&self->pos, p->move, &p->undo);
  g_array_set_size (self->played, self->played->len - 1);
  self->selected = XQ_NO_SQUARE;
  set_status (self, NULL);
  redraw (self);
  return TRUE;
}

void
xq_projector_window_reset (XqProjectorWindow *self)
{
  g_return_if_fail (XQ_IS_PROJECTOR_WINDOW (self));
  self->pos = self->start;
  g_array_set_size (self->played, 0);
  self->selected = XQ_NO_SQUARE;
  set_status (self, NULL);
  redraw (self);
}

guint
xq_projector_window_get_n_played (XqProjectorWindow *self)
{
  g_return_val_if_fail (XQ_IS_PROJECTOR_WINDOW (self), 0);
  return self->played->len;
}

const XqPosition *
xq_projector_window_get_position (XqProjectorWindow *self)
{
  g_return_val_if_fail (XQ_IS_PROJECTOR_WINDOW (self), NULL);
  return &self->pos;
}

/* A click: pick up a piece of the side to move, then put it on a point it
 * may go to; a move the rules forbid says why and changes nothing. */
static void
click (XqProjectorWindow *self, XqSquare sq)
{
  XqPiece piece = self->pos.board[sq];

  if (self->selected == XQ_NO_SQUARE || self->selected == sq)
    {
      gboolean own = piece != XQ_EMPTY && xq_piece_color (piece) == self->pos.side;

      self->selected = own && self->selected != sq ? sq : XQ_NO_SQUARE;
      redraw (self);
      return;
    }
  if (piece != XQ_EMPTY && xq_piece_color (piece) == self->pos.side)
    {
      self->selected = sq;
      redraw (self);
      return;
    }
  {
    XqMove m = xq_move_make (self->selected, sq);
    g_autofree char *why = NULL;
    XqLessonMarks marks;

    if (xq_projector_window_play (self, m))
      return;
    xq_lesson_marks_clear (&marks);
    why = xq_lesson_explain_illegal (&self->pos, m, &marks);
    set_status (self, why != NULL ? why : _("That move is not allowed."));
    self->selected = XQ_NO_SQUARE;
    redraw (self);
  }
}

static void
point_activated_cb (XqProjectorWindow *self, int sq, guint button, XqEditorBoard *board)
{
  if (button == GDK_BUTTON_SECONDARY)
    xq_projector_window_toggle_circle (self, sq);
  else if (button == GDK_BUTTON_PRIMARY)
    click (self, sq);
}

static void
arrow_cb (XqProjectorWindow *self, int from, int to, XqEditorBoard *board)
{
  xq_projector_window_add_arrow (self, from, to);
}

/* ---- The exercises -------------------------------------------------------------- */

static void
select_row (XqProjectorWindow *self)
{
  GtkListBoxRow *row;

  if (self->list == NULL || self->index < 0)
    return;
  row = gtk_list_box_get_row_at_index (self->list, self->index);
  if (row == NULL || row == gtk_list_box_get_selected_row (self->list))
    return;
  self->selecting = TRUE;
  gtk_list_box_select_row (self->list, row);
  self->selecting = FALSE;
}

static void
go_to (XqProjectorWindow *self, int index, gboolean from_projector)
{
  const Item *item;

  if (index < 0 || (guint) index >= self->items->len)
    return;
  item = g_ptr_array_index (self->items, index);
  self->index = index;
  show (self, &item->pos, &item->marks, item->prompt);
  xq_lesson_board_show_pieces (self->board, item->pieces);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INDEX]);
  if (from_projector && self->following)
    /* Stepping through the class's unit: the editor's list is not it. */
    xq_projector_window_class_stepped (self, index);
  else if (from_projector)
    {
      select_row (self);
      g_signal_emit (self, signals[SIGNAL_EXERCISE_CHANGED], 0, index);
    }
}

void
xq_projector_window_set_position (XqProjectorWindow *self, const XqPosition *pos, const char *prompt)
{
  g_return_if_fail (XQ_IS_PROJECTOR_WINDOW (self));
  g_return_if_fail (pos != NULL);
  /* Following the class, the projector keeps to it. */
  if (self->following)
    return;
  g_ptr_array_set_size (self->items, 0);
  self->index = -1;
  show (self, pos, NULL, prompt);
  xq_lesson_board_show_pieces (self->board, XQ_EXERCISE_PIECES_LEARNER);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INDEX]);
}

void
xq_projector_window_show_exercise (XqProjectorWindow *self, const XqUnit *unit, guint index)
{
  g_return_if_fail (XQ_IS_PROJECTOR_WINDOW (self));
  g_return_if_fail (unit != NULL && index < unit->exercises->len);

  g_ptr_array_set_size (self->items, 0);
  for (guint i = 0; i < unit->exercises->len; i++)
    {
      const XqExercise *ex = g_ptr_array_index (unit->exercises, i);
      Item *item = g_new0 (Item, 1);
      XqLessonMarks marks;
      const XqPosition *pos = xq_exercise_picture (ex, &marks);

      item->pos = *pos;
      xq_lesson_marks_to_annotations (&marks, pos, &item->marks);
      item->prompt = g_strdup (ex->prompt);
      item->pieces = ex->pieces;
      g_ptr_array_add (self->items, item);
    }
  go_to (self, (int) index, FALSE);
}

int
xq_projector_window_get_index (XqProjectorWindow *self)
{
  g_return_val_if_fail (XQ_IS_PROJECTOR_WINDOW (self), -1);
  return self->index;
}

guint
xq_projector_window_get_n_exercises (XqProjectorWindow *self)
{
  g_return_val_if_fail (XQ_IS_PROJECTOR_WINDOW (self), 0);
  return self->items->len;
}

void
xq_projector_window_next (XqProjectorWindow *self)
{
  g_return_if_fail (XQ_IS_PROJECTOR_WINDOW (self));
  if (self->index >= 0)
    go_to (self, self->index + 1, TRUE);
}

void
xq_projector_window_previous (XqProjectorWindow *self)
{
  g_return_if_fail (XQ_IS_PROJECTOR_WINDOW (self));
  if (self->index > 0)
    go_to (self, self->index - 1, TRUE);
}

/* What a worker reads: the unit file at the time of the selection. */
typedef struct {
  char *path;
  int   index;
} Load;

static void
load_free (Load *load)
{
  g_free (load->path);
  g_free (load);
}

/* The teacher's own unit, read without proving mates (as the Teach page
 * does before it saves), still off the main thread: a unit may be long. */
static void
load_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  const Load *load = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  g_autofree char *contents = NULL;
  XqLessonFile *file;
  gsize length;

  if (!g_file_get_contents (load->path, &contents, &length, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  file = xq_lesson_load_data_full (contents, (gssize) length, load->path, XQ_LESSON_LOAD_NO_PROOFS, problems);
  if (file == NULL || file->type != XQ_LESSON_FILE_UNIT)
    {
      g_clear_pointer (&file, xq_lesson_file_free);
      g_task_return_new_error (task, XQ_LESSON_ERROR, XQ_LESSON_ERROR_VALUE, "%s",
                               problems->len > 0
                                 ? ((XqLessonProblem *) g_ptr_array_index (problems, 0))->message
                                 : _("The unit could not be read."));
      return;
    }
  g_task_return_pointer (task, file, (GDestroyNotify) xq_lesson_file_free);
}

static void
loaded_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  XqProjectorWindow *self = XQ_PROJECTOR_WINDOW (source);
  const Load *load = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  g_autoptr(XqLessonFile) file = g_task_propagate_pointer (G_TASK (result), &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->loading);
  if (file == NULL)
    {
      set_status (self, error->message);
      return;
    }
  if (load->index >= 0 && (guint) load->index < file->unit->exercises->len)
    xq_projector_window_show_exercise (self, file->unit, (guint) load->index);
}

static void
row_selected_cb (XqProjectorWindow *self, GtkListBoxRow *row, GtkListBox *list)
{
  g_autoptr(GTask) task = NULL;
  Load *load;

  if (row == NULL || self->selecting || self->unit_path == NULL || self->following)
    return;
  if (self->loading != NULL)
    g_cancellable_cancel (self->loading);
  g_clear_object (&self->loading);
  self->loading = g_cancellable_new ();
  load = g_new0 (Load, 1);
  load->path = g_strdup (self->unit_path);
  load->index = gtk_list_box_row_get_index (row);
  task = g_task_new (self, self->loading, loaded_cb, NULL);
  g_task_set_source_tag (task, row_selected_cb);
  g_task_set_task_data (task, load, (GDestroyNotify) load_free);
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, load_thread);
}

gboolean
xq_projector_window_is_loading (XqProjectorWindow *self)
{
  g_return_val_if_fail (XQ_IS_PROJECTOR_WINDOW (self), FALSE);
  return self->loading != NULL;
}

void
xq_projector_window_follow_list (XqProjectorWindow *self, GtkListBox *list, const char *unit_path)
{
  g_return_if_fail (XQ_IS_PROJECTOR_WINDOW (self));
  g_return_if_fail (GTK_IS_LIST_BOX (list));

  g_free (self->unit_path);
  self->unit_path = g_strdup (unit_path);
  if (self->list != list)
    {
      if (self->list != NULL)
        {
          g_signal_handlers_disconnect_by_data (self->list, self);
          g_object_remove_weak_pointer (G_OBJECT (self->list), (gpointer *) &self->list);
        }
      self->list = list;
      g_object_add_weak_pointer (G_OBJECT (list), (gpointer *) &self->list);
      g_signal_connect_object (list, "row-selected", G_CALLBACK (row_selected_cb), self, G_CONNECT_SWAPPED);
    }
  if (gtk_list_box_get_selected_row (list) != NULL)
    row_selected_cb (self, gtk_list_box_get_selected_row (list), list);
}

/* ---- Actions -------------------------------------------------------------------- */

static void
window_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  XqProjectorWindow *self = XQ_PROJECTOR_WINDOW (widget);
  GtkWindow *window = GTK_WINDOW (widget);

  if (strcmp (action_name, "projector.clear") == 0)
    xq_projector_window_clear_drawing (self);
  else if (strcmp (action_name, "projector.next") == 0)
    xq_projector_window_next (self);
  else if (strcmp (action_name, "projector.previous") == 0)
    xq_projector_window_previous (self);
  else if (strcmp (action_name, "projector.undo") == 0)
    xq_projector_window_undo (self);
  else if (strcmp (action_name, "projector.reset") == 0)
    xq_projector_window_reset (self);
  else if (strcmp (action_name, "projector.fullscreen") == 0)
    {
      if (gtk_window_is_fullscreen (window))
        gtk_window_unfullscreen (window);
      else
        gtk_window_fullscreen (window);
    }
  else if (strcmp (action_name, "projector.leave") == 0)
    {
      if (gtk_window_is_fullscreen (window))
        gtk_window_unfullscreen (window);
      else
        gtk_window_close (window);
    }
}

static void
color_changed_cb (XqProjectorWindow *self)
{
  self->color = xq_lesson_mark_color_role (xq_mark_palette_get_color (self->palette));
}

/* ---- GObject -------------------------------------------------------------------- */

static void
xq_projector_window_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  XqProjectorWindow *self = XQ_PROJECTOR_WINDOW (object);

  switch (prop_id)
    {
    case PROP_INDEX:
      g_value_set_int (value, self->index);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
xq_projector_window_dispose (GObject *object)
{
  XqProjectorWindow *self = XQ_PROJECTOR_WINDOW (object);

  xq_projector_window_class_dispose (self);
  if (self->loading != NULL)
    g_cancellable_cancel (self->loading);
  g_clear_object (&self->loading);
  if (self->list != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->list, self);
      g_object_remove_weak_pointer (G_OBJECT (self->list), (gpointer *) &self->list);
      self->list = NULL;
    }
  if (self->owner != NULL)
    {
      if (g_object_get_data (G_OBJECT (self->owner), OWNER_KEY) == self)
        g_object_set_data (G_OBJECT (self->owner), OWNER_KEY, NULL);
      g_object_remove_weak_pointer (G_OBJECT (self->owner), (gpointer *) &self->owner);
      self->owner = NULL;
    }
  G_OBJECT_CLASS (xq_projector_window_parent_class)->dispose (object);
}

static void
xq_projector_window_finalize (GObject *object)
{
  XqProjectorWindow *self = XQ_PROJECTOR_WINDOW (object);

  g_clear_pointer (&self->items, g_ptr_array_unref);
  g_clear_pointer (&self->played, g_array_unref);
  g_clear_pointer (&self->unit_path, g_free);
  G_OBJECT_CLASS (xq_projector_window_parent_class)->finalize (object);
}

static void
xq_projector_window_class_init (XqProjectorWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  static const char *const actions[] = {
    "projector.clear", "projector.next", "projector.previous", "projector.undo",
    "projector.reset", "projector.fullscreen", "projector.leave",
  };

  object_class->get_property = xq_projector_window_get_property;
  object_class->dispose = xq_projector_window_dispose;
  object_class->finalize = xq_projector_window_finalize;

  properties[PROP_INDEX] =
    g_param_spec_int ("index", NULL, NULL, -1, G_MAXINT, -1, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * XqProjectorWindow::exercise-changed:
   * @index: the exercise now shown
   *
   * The teacher stepped to another exercise with Next or Previous.
   */
  signals[SIGNAL_EXERCISE_CHANGED] =
    g_signal_new ("exercise-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_INT);

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    gtk_widget_class_install_action (widget_class, actions[i], NULL, window_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "projector.clear", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F11, 0, "projector.fullscreen", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "projector.leave", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "projector.undo", NULL);
}

/* Page Up/Down and the Left/Right arrows step through the unit wherever the
 * focus is: the board takes no keyboard focus here, the buttons do not
 * need the arrows. */
static void
add_step_keys (XqProjectorWindow *self)
{
  GtkEventController *keys = gtk_shortcut_controller_new ();
  static const struct { guint key; const char *action; } steps[] = {
    { GDK_KEY_Page_Down, "projector.next" }, { GDK_KEY_Right, "projector.next" },
    { GDK_KEY_Page_Up, "projector.previous" }, { GDK_KEY_Left, "projector.previous" },
  };

  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (keys), GTK_SHORTCUT_SCOPE_LOCAL);
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
                                          gtk_shortcut_new (gtk_keyval_trigger_new (steps[i].key, 0),
                                                            gtk_named_action_new (steps[i].action)));
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

static GtkWidget *
icon_button (const char *icon, const char *tooltip, const char *action)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  return button;
}

static void
xq_projector_window_init (XqProjectorWindow *self)
{
  GtkWidget *outer = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *beside = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *steps = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *demo = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *hint;
  GtkWidget *panel_scroll = gtk_scrolled_window_new ();

  self->class_unit = -1;
  self->items = g_ptr_array_new_with_free_func (item_free);
  self->played = g_array_new (FALSE, FALSE, sizeof (Played));
  self->index = -1;
  self->selected = XQ_NO_SQUARE;
  self->color = XQ_ROLE_HINT;
  xq_annotations_clear (&self->drawing);
  xq_annotations_clear (&self->start_marks);
  xq_position_init_start (&self->start);
  self->pos = self->start;

  gtk_window_set_title (GTK_WINDOW (self), _("Projector"));
  gtk_window_set_default_size (GTK_WINDOW (self), 900, 1000);

  self->title = ADW_WINDOW_TITLE (adw_window_title_new (_("Projector"), ""));
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), GTK_WIDGET (self->title));

  self->previous_button = icon_button ("go-previous-symbolic", _("Previous exercise (Page Up)"),
                                       "projector.previous");
  self->next_button = icon_button ("go-next-symbolic", _("Next exercise (Page Down)"), "projector.next");
  gtk_widget_add_css_class (steps, "linked");
  gtk_box_append (GTK_BOX (steps), self->previous_button);
  gtk_box_append (GTK_BOX (steps), self->next_button);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), steps);

  self->undo_button = icon_button ("edit-undo-symbolic", _("Take the move back (Ctrl+Z)"), "projector.undo");
  self->reset_button = icon_button ("view-refresh-symbolic", _("Back to the exercise’s position"),
                                    "projector.reset");
  gtk_widget_add_css_class (demo, "linked");
  gtk_box_append (GTK_BOX (demo), self->undo_button);
  gtk_box_append (GTK_BOX (demo), self->reset_button);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), demo);
  self->class_panel = xq_projector_window_class_panel_new (self);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), self->class_button);

  adw_header_bar_pack_end (ADW_HEADER_BAR (header),
                           icon_button ("view-fullscreen-symbolic", _("Full screen (F11)"), "projector.fullscreen"));
  adw_header_bar_pack_end (ADW_HEADER_BAR (header),
                           icon_button ("edit-clear-all-symbolic", _("Clear the arrows and circles (Delete)"),
                                        "projector.clear"));
  self->palette = XQ_MARK_PALETTE (xq_mark_palette_new ());
  g_signal_connect_swapped (self->palette, "notify::color", G_CALLBACK (color_changed_cb), self);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), GTK_WIDGET (self->palette));
  gtk_box_append (GTK_BOX (outer), header);
  gtk_box_append (GTK_BOX (outer), beside);
  /* The panel keeps its width whatever the titles in it: the board has the rest. */
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (panel_scroll), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_min_content_width (GTK_SCROLLED_WINDOW (panel_scroll), 320);
  gtk_widget_set_hexpand (panel_scroll, FALSE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (panel_scroll), self->class_panel);
  g_object_bind_property (self->class_panel, "visible", panel_scroll, "visible", G_BINDING_SYNC_CREATE);
  gtk_box_append (GTK_BOX (beside), panel_scroll);
  gtk_box_append (GTK_BOX (beside), box);
  gtk_widget_set_hexpand (box, TRUE);
  gtk_widget_set_vexpand (beside, TRUE);

  self->prompt = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->prompt, TRUE);
  gtk_label_set_justify (self->prompt, GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (GTK_WIDGET (self->prompt), "title-1");
  gtk_widget_set_margin_top (GTK_WIDGET (self->prompt), 12);
  gtk_widget_set_margin_start (GTK_WIDGET (self->prompt), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self->prompt), 12);
  gtk_widget_set_visible (GTK_WIDGET (self->prompt), FALSE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->prompt));

  self->board = XQ_EDITOR_BOARD (xq_editor_board_new ());
  xq_editor_board_set_editable (self->board, FALSE);
  gtk_widget_set_focusable (GTK_WIDGET (self->board), FALSE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->board), TRUE);
  gtk_widget_set_margin_start (GTK_WIDGET (self->board), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self->board), 12);
  g_signal_connect_swapped (self->board, "point-activated", G_CALLBACK (point_activated_cb), self);
  g_signal_connect_swapped (self->board, "arrow", G_CALLBACK (arrow_cb), self);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->board));

  /* Kept a fixed height, so a message never moves the board. */
  self->status = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_ellipsize (self->status, PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (GTK_WIDGET (self->status), "title-4");
  gtk_widget_set_margin_top (GTK_WIDGET (self->status), 6);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->status));

  hint = gtk_label_new (_("Click a piece, then a point, to move it. Right-drag to draw an arrow, "
                          "right-click a point to circle it."));
  gtk_label_set_wrap (GTK_LABEL (hint), TRUE);
  gtk_label_set_justify (GTK_LABEL (hint), GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (hint, "dim-label");
  gtk_widget_set_margin_top (hint, 2);
  gtk_widget_set_margin_bottom (hint, 10);
  gtk_widget_set_margin_start (hint, 12);
  gtk_widget_set_margin_end (hint, 12);
  gtk_box_append (GTK_BOX (box), hint);
  self->hint = hint;
  /* Following the class, the hint goes beside the board: the board keeps
   * the height. */
  g_object_bind_property (self->class_panel, "visible", hint, "visible",
                          G_BINDING_SYNC_CREATE | G_BINDING_INVERT_BOOLEAN);

  adw_window_set_content (ADW_WINDOW (self), outer);
  gtk_window_set_hide_on_close (GTK_WINDOW (self), TRUE);
  add_step_keys (self);
  xq_projector_window_set_color (self, XQ_ROLE_HINT);
  redraw (self);
  update_title (self);
}

XqProjectorWindow *
xq_projector_window_new (GtkWindow *parent)
{
  return g_object_new (XQ_TYPE_PROJECTOR_WINDOW, "transient-for", parent, "destroy-with-parent", TRUE, NULL);
}

XqProjectorWindow *
xq_projector_window_get_for (GtkWindow *parent)
{
  XqProjectorWindow *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  if (parent != NULL && (self = g_object_get_data (G_OBJECT (parent), OWNER_KEY)) != NULL)
    return self;
  self = xq_projector_window_new (parent);
  if (parent != NULL)
    {
      self->owner = parent;
      g_object_add_weak_pointer (G_OBJECT (parent), (gpointer *) &self->owner);
      g_object_set_data (G_OBJECT (parent), OWNER_KEY, self);
    }
  return self;
}

XqEditorBoard *
xq_projector_window_get_board (XqProjectorWindow *self)
{
  g_return_val_if_fail (XQ_IS_PROJECTOR_WINDOW (self), NULL);
  return self->board;
}
