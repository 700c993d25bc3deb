/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-exercise-editor"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "xq-beside-layout.h"
#include "xq-exercise-editor.h"
#include "xq-lesson-writer.h"
#include "xq-solver.h"

#define APP_PATH "/io/github/xiangqi_tutor/XiangqiTutor"

/* The file format's words, in the order of the drop-downs. */
static const char *const kind_ids[] = { "tap", "move", "stars", "setup", "choose", "mate", NULL };
static const char *const rule_ids[] = {
  "points", "reach", "attackers", "blockers", "in-danger", "palace", "river-bank", "file", NULL
};
static const char *const goal_ids[] = {
  "checkmate", "check", "capture", "capture-best", "safe-capture", "escape-check", "piece", "given", NULL
};
static const char *const side_ids[] = { "red", "black", NULL };
static const char *const select_ids[] = { "all", "one", NULL };
static const char *const choose_ids[] = { "fixed", "status", "trade", "winner", "legal", "material", NULL };

/* The choices of the computed questions: their ids are the format's
 * vocabulary (the loader computes which is right); the texts are lesson
 * source text, translated by the loader like any other. */
typedef struct {
  const char *id;
  const char *text;
} ChoiceText;

static const ChoiceText status_choices[] = {
  { "check", "Check" }, { "checkmate", "Checkmate" }, { "stalemate", "Stalemate" }, { "none", "None of these" }, { NULL, NULL }
};
static const ChoiceText trade_choices[] = {
  { "good", "Good for the side to move" }, { "even", "Even" }, { "bad", "Bad for the side to move" }, { NULL, NULL }
};
static const ChoiceText winner_choices[] = {
  { "red", "Red wins" }, { "black", "Black wins" }, { "draw", "Draw" }, { "none", "Nobody yet" }, { NULL, NULL }
};
static const ChoiceText legal_choices[] = { { "yes", "Yes" }, { "no", "No" }, { NULL, NULL } };

/* Indexed by the position in choose_ids; NULL: the teacher writes the options. */
static const ChoiceText *const choose_vocab[] = {
  NULL, status_choices, trade_choices, winner_choices, legal_choices, NULL
};

#define VALIDATE_DELAY_MS 300

struct _XqExerciseEditor
{
  GtkBox parent_instance;

  /* Template widgets */
  XqPositionEditor *position;
  GtkEntry         *id;
  GtkDropDown      *kind;
  GtkEntry         *prompt;
  GtkTextView      *hints;
  GtkDropDown      *rule;
  GtkDropDown      *goal;
  GtkDropDown      *side;
  GtkSpinButton    *mate_in;
  GtkDropDown      *click_mode;
  GtkDropDown      *select;
  GtkSpinButton    *number;
  GtkDropDown      *choose;
  GtkTextView      *options;
  GtkSpinButton    *answer;
  GtkEntry         *moves;
  GtkLabel         *problems_label;
  GtkSpinner       *checking_spinner;
  GtkWidget        *rule_row, *goal_row, *side_row, *mate_row;
  GtkWidget        *select_row, *number_row, *choose_row, *options_row, *answer_row, *moves_row;

  /* Owned */
  XqSquare          square;
  gboolean          targets[XQ_SQUARES];
  GPtrArray        *problems;   /* XqLessonProblem* */
  guint             validate_id;
  GCancellable     *cancellable; /* the validation under way */
  guint             edits;       /* bumped by every change: a result for an older edit is stale */
  guint             checked_edit;
  gboolean          loading;
};

G_DEFINE_FINAL_TYPE (XqExerciseEditor, xq_exercise_editor, GTK_TYPE_BOX)

enum {
  SIGNAL_VALIDATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static int
index_of (const char *const *ids, const char *id)
{
  for (int i = 0; ids[i] != NULL; i++)
    if (g_strcmp0 (ids[i], id) == 0)
      return i;
  return -1;
}

static const char *
selected_id (GtkDropDown *dd, const char *const *ids)
{
  guint i = gtk_drop_down_get_selected (dd);
  return i < g_strv_length ((char **) ids) ? ids[i] : ids[0];
}

static const char *
kind_id (XqExerciseEditor *self)
{
  return selected_id (self->kind, kind_ids);
}

/* ---- Building the JSON -------------------------------------------------------- */

static void
add_points (JsonBuilder *b, const char *key, const gboolean *points)
{
  json_builder_set_member_name (b, key);
  json_builder_begin_array (b);
  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    if (points[sq])
      {
        char name[3];
        xq_square_to_text (sq, name);
        json_builder_add_string_value (b, name);
      }
  json_builder_end_array (b);
}

static void
add_square (JsonBuilder *b, XqSquare sq)
{
  char name[3];

  if (sq == XQ_NO_SQUARE)
    return;
  xq_square_to_text (sq, name);
  json_builder_set_member_name (b, "square");
  json_builder_add_string_value (b, name);
}

/* The non-blank lines of a text view, stripped. */
static GStrv
text_lines (GtkTextView *view)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (view);
  g_autoptr(GStrvBuilder) out = g_strv_builder_new ();
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  lines = g_strsplit (text, "\n", -1);
  for (int i = 0; lines[i] != NULL; i++)
    if (*g_strstrip (lines[i]) != '\0')
      g_strv_builder_add (out, lines[i]);
  return g_strv_builder_end (out);
}

/* "moves": the entry's words (ICCS moves, separated by spaces or commas);
 * the loader says which of them are malformed or illegal. */
static void
add_moves (JsonBuilder *b, GtkEntry *entry)
{
  g_auto(GStrv) words = g_strsplit_set (gtk_editable_get_text (GTK_EDITABLE (entry)), " ,;\t", -1);

  json_builder_set_member_name (b, "moves");
  json_builder_begin_array (b);
  for (int i = 0; words[i] != NULL; i++)
    if (*words[i] != '\0')
      json_builder_add_string_value (b, words[i]);
  json_builder_end_array (b);
}

static void
add_choice (JsonBuilder *b, const char *id, const char *text)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  json_builder_add_string_value (b, id);
  json_builder_set_member_name (b, "text");
  json_builder_add_string_value (b, text);
  json_builder_end_object (b);
}

/* A fixed question's options get the ids a, b, c, ... in order. */
static void
option_id (guint i, char id[3])
{
  id[0] = (char) ('a' + i % 26);
  id[1] = i >= 26 ? (char) ('a' + i / 26 - 1) : '\0';
  id[2] = '\0';
}

static void
add_choose (XqExerciseEditor *self, JsonBuilder *b)
{
  guint rule = gtk_drop_down_get_selected (self->choose);
  const char *rule_id = selected_id (self->choose, choose_ids);

  json_builder_set_member_name (b, "rule");
  json_builder_add_string_value (b, rule_id);
  json_builder_set_member_name (b, "choices");
  json_builder_begin_array (b);
  if (rule < G_N_ELEMENTS (choose_vocab) && choose_vocab[rule] != NULL)
    for (const ChoiceText *c = choose_vocab[rule]; c->id != NULL; c++)
      add_choice (b, c->id, c->text);
  else
    {
      g_auto(GStrv) lines = text_lines (self->options);
      for (guint i = 0; lines[i] != NULL; i++)
        {
          char id[3];
          option_id (i, id);
          /* A material option is a number, and is its own id. */
          add_choice (b, strcmp (rule_id, "material") == 0 ? lines[i] : id, lines[i]);
        }
    }
  json_builder_end_array (b);
  if (strcmp (rule_id, "fixed") == 0)
    {
      char id[3];
      option_id ((guint) gtk_spin_button_get_value_as_int (self->answer) - 1, id);
      json_builder_set_member_name (b, "answer");
      json_builder_add_string_value (b, id);
    }
  else if (strcmp (rule_id, "trade") == 0 || strcmp (rule_id, "legal") == 0)
    add_moves (b, self->moves);
  else if (strcmp (rule_id, "material") == 0)
    {
      json_builder_set_member_name (b, "side");
      json_builder_add_string_value (b, selected_id (self->side, side_ids));
    }
}

static JsonNode *
build_node (XqExerciseEditor *self)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autofree char *fen = xq_position_editor_get_fen (self->position);
  const char *kind = kind_id (self);
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->hints);
  GtkTextIter start, end;
  g_autofree char *hints = NULL;
  g_auto(GStrv) lines = NULL;
  const char *rule;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  hints = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  lines = g_strsplit (hints, "\n", -1);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  json_builder_add_string_value (b, gtk_editable_get_text (GTK_EDITABLE (self->id)));
  json_builder_set_member_name (b, "kind");
  json_builder_add_string_value (b, kind);
  json_builder_set_member_name (b, "prompt");
  json_builder_add_string_value (b, gtk_editable_get_text (GTK_EDITABLE (self->prompt)));
  /* A set-up exercise starts from an empty board and asks for the one on
   * the editor; every other kind shows the editor's board. */
  json_builder_set_member_name (b, strcmp (kind, "setup") == 0 ? "target" : "fen");
  json_builder_add_string_value (b, fen);

  if (g_strv_length (lines) > 0)
    {
      gboolean any = FALSE;
      for (int i = 0; lines[i] != NULL; i++)
        any |= *g_strstrip (lines[i]) != '\0';
      if (any)
        {
          json_builder_set_member_name (b, "hints");
          json_builder_begin_array (b);
          for (int i = 0; lines[i] != NULL; i++)
            if (*lines[i] != '\0')
              json_builder_add_string_value (b, lines[i]);
          json_builder_end_array (b);
        }
    }

  if (strcmp (kind, "tap") == 0)
    {
      rule = selected_id (self->rule, rule_ids);
      json_builder_set_member_name (b, "rule");
      json_builder_add_string_value (b, rule);
      json_builder_set_member_name (b, "select");
      json_builder_add_string_value (b, selected_id (self->select, select_ids));
      if (strcmp (rule, "points") == 0)
        add_points (b, "points", self->targets);
      else if (index_of (rule_ids, rule) <= index_of (rule_ids, "blockers"))
        add_square (b, self->square);
      else
        {
          json_builder_set_member_name (b, "side");
          json_builder_add_string_value (b, selected_id (self->side, side_ids));
          if (strcmp (rule, "file") == 0)
            {
              json_builder_set_member_name (b, "number");
              json_builder_add_int_value (b, gtk_spin_button_get_value_as_int (self->number));
            }
        }
    }
  else if (strcmp (kind, "move") == 0)
    {
      const char *goal = selected_id (self->goal, goal_ids);
      json_builder_set_member_name (b, "goal");
      json_builder_add_string_value (b, goal);
      if (strcmp (goal, "piece") == 0)
        add_square (b, self->square);
      else if (strcmp (goal, "given") == 0)
        add_moves (b, self->moves);
    }
  else if (strcmp (kind, "stars") == 0)
    {
      add_square (b, self->square);
      add_points (b, "stars", self->targets);
    }
  else if (strcmp (kind, "choose") == 0)
    add_choose (self, b);
  else if (strcmp (kind, "mate") == 0)
    {
      json_builder_set_member_name (b, "mate-in");
      json_builder_add_int_value (b, gtk_spin_button_get_value_as_int (self->mate_in));
    }
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

JsonObject *
xq_exercise_editor_get_object (XqExerciseEditor *self)
{
  g_autoptr(JsonNode) node = NULL;

  g_return_val_if_fail (XQ_IS_EXERCISE_EDITOR (self), NULL);
  node = build_node (self);
  return json_object_ref (json_node_get_object (node));
}

char *
xq_exercise_editor_to_json (XqExerciseEditor *self)
{
  g_autoptr(JsonNode) node = NULL;

  g_return_val_if_fail (XQ_IS_EXERCISE_EDITOR (self), NULL);
  node = build_node (self);
  return xq_lesson_write_node (node, NULL);
}

/* ---- Validating --------------------------------------------------------------- */

static void
show_marks (XqExerciseEditor *self)
{
  XqAnnotations annots;
  gboolean stars = strcmp (kind_id (self), "stars") == 0;

  xq_annotations_clear (&annots);
  if (self->square != XQ_NO_SQUARE)
    xq_annotations_add (&annots, XQ_MARK_HIGHLIGHT, XQ_ROLE_HINT, self->square);
  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    if (self->targets[sq])
      xq_annotations_add (&annots, stars ? XQ_MARK_STAR : XQ_MARK_CIRCLE, XQ_ROLE_GOOD, sq);
  xq_editor_board_set_annotations (xq_position_editor_get_board (self->position), &annots);
}

static void
show_result (XqExerciseEditor *self, const char *text, const char *css_class)
{
  GtkWidget *label = GTK_WIDGET (self->problems_label);

  gtk_label_set_text (self->problems_label, text);
  gtk_widget_remove_css_class (label, "error");
  gtk_widget_remove_css_class (label, "success");
  gtk_widget_remove_css_class (label, "dim-label");
  gtk_widget_add_css_class (label, css_class);
}

static void
set_checking (XqExerciseEditor *self, gboolean checking)
{
  gtk_widget_set_visible (GTK_WIDGET (self->checking_spinner), checking);
  gtk_spinner_set_spinning (self->checking_spinner, checking);
  if (checking)
    show_result (self, _("Checking…"), "dim-label");
  g_object_notify (G_OBJECT (self), "checking");
}

/* What one run of the loader over the form found. */
typedef struct {
  XqLessonFile *file;      /* NULL if there were problems */
  GPtrArray    *problems;  /* XqLessonProblem* */
} Checked;

static void
checked_free (Checked *c)
{
  g_clear_pointer (&c->file, xq_lesson_file_free);
  g_clear_pointer (&c->problems, g_ptr_array_unref);
  g_free (c);
}

/* In a worker: the lesson loader may prove a mate. */
static void
check_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  const char *unit = data;
  Checked *c = g_new0 (Checked, 1);

  c->problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  c->file = xq_lesson_load_data (unit, -1, "exercise", c->problems);
  if (g_task_return_error_if_cancelled (task))
    checked_free (c);
  else
    g_task_return_pointer (task, c, (GDestroyNotify) checked_free);
}

/* A task that runs the loader over the form as it is now, as a
 * one-exercise unit. */
static GTask *
check_task_new (XqExerciseEditor *self, GCancellable *cancellable, GAsyncReadyCallback callback,
                gpointer user_data)
{
  g_autoptr(GPtrArray) exercises = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);
  g_autoptr(JsonObject) unit = NULL;
  GTask *task = g_task_new (self, cancellable, callback, user_data);

  g_ptr_array_add (exercises, xq_exercise_editor_get_object (self));
  unit = xq_lesson_teacher_unit_new ("draft", "Draft", exercises);
  g_task_set_task_data (task, xq_lesson_write_object (unit, NULL), g_free);
  /* Cancelled, the callback comes at once; the proof finishes unheard. */
  g_task_set_return_on_cancel (task, TRUE);
  return task;
}

static void
validate_done_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  XqExerciseEditor *self = XQ_EXERCISE_EDITOR (source);
  Checked *c = g_task_propagate_pointer (G_TASK (result), NULL);
  g_autoptr(GString) text = g_string_new (NULL);
  guint edit = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (result), "edit"));

  /* A newer edit cancelled this one, or came after it: its result is for
   * a form that no longer exists. */
  if (c == NULL || edit != self->edits)
    {
      g_clear_pointer (&c, checked_free);
      return;
    }
  g_clear_object (&self->cancellable);
  self->checked_edit = edit;
  g_ptr_array_set_size (self->problems, 0);
  for (guint i = 0; i < c->problems->len; i++)
    {
      XqLessonProblem *p = g_ptr_array_index (c->problems, i);
      /* Paths relative to the exercise, as the teacher sees it. */
      if (g_str_has_prefix (p->path, "$.exercises[0]"))
        {
          char *rel = g_strconcat ("$", p->path + strlen ("$.exercises[0]"), NULL);
          g_free (p->path);
          p->path = rel;
        }
      g_string_append_printf (text, "%s%s: %s", text->len > 0 ? "\n" : "",
                              strcmp (p->path, "$") == 0 ? _("exercise") : p->path + 2, p->message);
      g_ptr_array_add (self->problems, g_steal_pointer (&g_ptr_array_index (c->problems, i)));
    }
  checked_free (c);
  set_checking (self, FALSE);
  if (self->problems->len == 0)
    show_result (self, _("The exercise is valid."), "success");
  else
    show_result (self, text->str, "error");
  show_marks (self);
  g_signal_emit (self, signals[SIGNAL_VALIDATED], 0);
}

void
xq_exercise_editor_validate (XqExerciseEditor *self)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (XQ_IS_EXERCISE_EDITOR (self));
  g_clear_handle_id (&self->validate_id, g_source_remove);
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();

  task = check_task_new (self, self->cancellable, validate_done_cb, NULL);
  g_task_set_source_tag (task, xq_exercise_editor_validate);
  g_object_set_data (G_OBJECT (task), "edit", GUINT_TO_POINTER (self->edits));
  set_checking (self, TRUE);
  g_task_run_in_thread (task, check_thread);
}

void
xq_exercise_editor_load_async (XqExerciseEditor *self, GCancellable *cancellable,
                               GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (XQ_IS_EXERCISE_EDITOR (self));
  task = check_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, xq_exercise_editor_load_async);
  g_task_run_in_thread (task, check_thread);
}

XqLessonFile *
xq_exercise_editor_load_finish (XqExerciseEditor *self, GAsyncResult *result, GError **error)
{
  Checked *c;
  XqLessonFile *file;

  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  c = g_task_propagate_pointer (G_TASK (result), error);
  if (c == NULL)
    return NULL;
  file = g_steal_pointer (&c->file);
  if (file == NULL)
    g_propagate_error (error, g_error_new_literal (XQ_LESSON_ERROR, XQ_LESSON_ERROR_VALUE,
                                                   ((XqLessonProblem *) g_ptr_array_index (c->problems, 0))->message));
  checked_free (c);
  return file;
}

static gboolean
validate_timeout_cb (gpointer data)
{
  XqExerciseEditor *self = data;

  self->validate_id = 0;
  xq_exercise_editor_validate (self);
  return G_SOURCE_REMOVE;
}

/* Validation waits for a pause in the typing; every change makes the
 * result under way stale. */
static void
schedule_validate (XqExerciseEditor *self)
{
  if (self->loading)
    return;
  self->edits++;
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->validate_id, g_source_remove);
  self->validate_id = g_timeout_add (VALIDATE_DELAY_MS, validate_timeout_cb, self);
  set_checking (self, TRUE);
  show_marks (self);
}

static void
update_rows (XqExerciseEditor *self)
{
  const char *kind = kind_id (self);
  const char *rule = selected_id (self->rule, rule_ids);
  const char *goal = selected_id (self->goal, goal_ids);
  const char *question = selected_id (self->choose, choose_ids);
  gboolean tap = strcmp (kind, "tap") == 0;
  gboolean move = strcmp (kind, "move") == 0;
  gboolean choose = strcmp (kind, "choose") == 0;
  gboolean written = choose && (strcmp (question, "fixed") == 0 || strcmp (question, "material") == 0);
  g_auto(GStrv) options = text_lines (self->options);

  gtk_widget_set_visible (self->rule_row, tap);
  gtk_widget_set_visible (self->select_row, tap);
  gtk_widget_set_visible (self->side_row, (tap && index_of (rule_ids, rule) > index_of (rule_ids, "blockers")) ||
                                          (choose && strcmp (question, "material") == 0));
  gtk_widget_set_visible (self->number_row, tap && strcmp (rule, "file") == 0);
  gtk_widget_set_visible (self->goal_row, move);
  gtk_widget_set_visible (self->choose_row, choose);
  gtk_widget_set_visible (self->options_row, written);
  gtk_widget_set_visible (self->answer_row, choose && strcmp (question, "fixed") == 0);
  gtk_widget_set_visible (self->moves_row, (move && strcmp (goal, "given") == 0) ||
                                           (choose && (strcmp (question, "trade") == 0 ||
                                                       strcmp (question, "legal") == 0)));
  gtk_widget_set_visible (self->mate_row, strcmp (kind, "mate") == 0);
  gtk_spin_button_set_range (self->answer, 1, MAX (2, g_strv_length (options)));
}

static void
form_changed_cb (XqExerciseEditor *self)
{
  update_rows (self);
  schedule_validate (self);
}

static void
point_activated_cb (XqExerciseEditor *self, int sq, guint button, XqEditorBoard *board)
{
  switch ((XqEditorClickMode) gtk_drop_down_get_selected (self->click_mode))
    {
    case XQ_EDITOR_CLICK_PIECE:
      self->square = self->square == sq ? XQ_NO_SQUARE : sq;
      break;
    case XQ_EDITOR_CLICK_TARGETS:
      self->targets[sq] = !self->targets[sq];
      break;
    case XQ_EDITOR_CLICK_PIECES:
    default:
      return;
    }
  schedule_validate (self);
}

static void
click_mode_cb (XqExerciseEditor *self)
{
  /* Marking points and placing pieces share the click. */
  gboolean pieces = gtk_drop_down_get_selected (self->click_mode) == XQ_EDITOR_CLICK_PIECES;

  if (!pieces)
    xq_position_editor_set_brush (self->position, XQ_EMPTY);
  /* While marking, Enter on a piece marks it instead of lifting it. */
  xq_editor_board_set_lift_pieces (xq_position_editor_get_board (self->position), pieces);
}

/* ---- Loading ------------------------------------------------------------------ */

static const char *
member_string (JsonObject *o, const char *key)
{
  JsonNode *n = json_object_get_member (o, key);

  if (n == NULL || !JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (n);
}

static void
select_id (GtkDropDown *dd, const char *const *ids, const char *id)
{
  int i = index_of (ids, id);

  if (i >= 0)
    gtk_drop_down_set_selected (dd, (guint) i);
}

/* A question's rule, its written options and which of them is right. */
static void
load_choose (XqExerciseEditor *self, JsonObject *o)
{
  const char *rule = member_string (o, "rule");
  const char *answer = member_string (o, "answer");
  g_autoptr(GString) options = g_string_new (NULL);
  JsonNode *n = json_object_get_member (o, "choices");
  guint right = 0;

  select_id (self->choose, choose_ids, rule != NULL ? rule : "fixed");
  if (n != NULL && JSON_NODE_HOLDS_ARRAY (n))
    for (guint i = 0; i < json_array_get_length (json_node_get_array (n)); i++)
      {
        JsonNode *c = json_array_get_element (json_node_get_array (n), i);
        const char *id, *text;

        if (!JSON_NODE_HOLDS_OBJECT (c))
          continue;
        id = member_string (json_node_get_object (c), "id");
        text = member_string (json_node_get_object (c), "text");
        g_string_append_printf (options, "%s%s", options->len ? "\n" : "", text != NULL ? text : "");
        if (answer != NULL && g_strcmp0 (id, answer) == 0)
          right = i + 1;
      }
  /* The computed questions write their own options. */
  if (choose_vocab[gtk_drop_down_get_selected (self->choose)] == NULL)
    gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->options), options->str, -1);
  update_rows (self);
  if (right > 0)
    gtk_spin_button_set_value (self->answer, right);
}

gboolean
xq_exercise_editor_load_json (XqExerciseEditor *self, const char *json, GError **error)
{
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GString) hints = g_string_new (NULL);
  JsonObject *o;
  JsonNode *n;
  const char *s;

  g_return_val_if_fail (XQ_IS_EXERCISE_EDITOR (self), FALSE);
  root = json_from_string (json, error);
  if (root == NULL)
    return FALSE;
  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                   _("An exercise must be a JSON object."));
      return FALSE;
    }
  o = json_node_get_object (root);

  xq_exercise_editor_reset (self);
  self->loading = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->id), (s = member_string (o, "id")) ? s : "");
  gtk_editable_set_text (GTK_EDITABLE (self->prompt), (s = member_string (o, "prompt")) ? s : "");
  select_id (self->kind, kind_ids, member_string (o, "kind"));
  s = member_string (o, strcmp (kind_id (self), "setup") == 0 ? "target" : "fen");
  if (s != NULL)
    xq_position_editor_set_fen (self->position, s, NULL);
  if ((n = json_object_get_member (o, "hints")) != NULL && JSON_NODE_HOLDS_ARRAY (n))
    for (guint i = 0; i < json_array_get_length (json_node_get_array (n)); i++)
      {
        JsonNode *h = json_array_get_element (json_node_get_array (n), i);
        if (JSON_NODE_HOLDS_VALUE (h) && json_node_get_value_type (h) == G_TYPE_STRING)
          g_string_append_printf (hints, "%s%s", hints->len ? "\n" : "", json_node_get_string (h));
      }
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->hints), hints->str, -1);
  if ((s = member_string (o, "square")) != NULL)
    self->square = xq_square_from_text (s);
  for (const char *const *key = (const char *const[]) { "points", "stars", NULL }; *key; key++)
    if ((n = json_object_get_member (o, *key)) != NULL && JSON_NODE_HOLDS_ARRAY (n))
      for (guint i = 0; i < json_array_get_length (json_node_get_array (n)); i++)
        {
          JsonNode *p = json_array_get_element (json_node_get_array (n), i);
          if (JSON_NODE_HOLDS_VALUE (p) && json_node_get_value_type (p) == G_TYPE_STRING)
            {
              XqSquare sq = xq_square_from_text (json_node_get_string (p));
              if (sq != XQ_NO_SQUARE)
                self->targets[sq] = TRUE;
            }
        }
  if (strcmp (kind_id (self), "tap") == 0)
    {
      select_id (self->rule, rule_ids, member_string (o, "rule"));
      select_id (self->select, select_ids, member_string (o, "select"));
      if ((n = json_object_get_member (o, "number")) != NULL && JSON_NODE_HOLDS_VALUE (n) &&
          json_node_get_value_type (n) == G_TYPE_INT64)
        gtk_spin_button_set_value (self->number, (double) json_node_get_int (n));
    }
  if (strcmp (kind_id (self), "choose") == 0)
    load_choose (self, o);
  if ((n = json_object_get_member (o, "moves")) != NULL && JSON_NODE_HOLDS_ARRAY (n))
    {
      g_autoptr(GString) moves = g_string_new (NULL);
      for (guint i = 0; i < json_array_get_length (json_node_get_array (n)); i++)
        {
          JsonNode *m = json_array_get_element (json_node_get_array (n), i);
          if (JSON_NODE_HOLDS_VALUE (m) && json_node_get_value_type (m) == G_TYPE_STRING)
            g_string_append_printf (moves, "%s%s", moves->len ? " " : "", json_node_get_string (m));
        }
      gtk_editable_set_text (GTK_EDITABLE (self->moves), moves->str);
    }
  select_id (self->goal, goal_ids, member_string (o, "goal"));
  select_id (self->side, side_ids, member_string (o, "side"));
  if ((n = json_object_get_member (o, "mate-in")) != NULL && JSON_NODE_HOLDS_VALUE (n) &&
      json_node_get_value_type (n) == G_TYPE_INT64)
    gtk_spin_button_set_value (self->mate_in, (double) json_node_get_int (n));
  self->loading = FALSE;
  update_rows (self);
  xq_exercise_editor_validate (self);
  return TRUE;
}

void
xq_exercise_editor_reset (XqExerciseEditor *self)
{
  g_return_if_fail (XQ_IS_EXERCISE_EDITOR (self));
  self->loading = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->id), "");
  gtk_editable_set_text (GTK_EDITABLE (self->prompt), "");
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->hints), "", -1);
  gtk_drop_down_set_selected (self->kind, 0);
  gtk_drop_down_set_selected (self->rule, 0);
  gtk_drop_down_set_selected (self->goal, 0);
  gtk_drop_down_set_selected (self->side, 0);
  gtk_drop_down_set_selected (self->select, 0);
  gtk_drop_down_set_selected (self->choose, 0);
  gtk_spin_button_set_value (self->number, 1);
  gtk_spin_button_set_value (self->answer, 1);
  gtk_editable_set_text (GTK_EDITABLE (self->moves), "");
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->options), "", -1);
  gtk_spin_button_set_value (self->mate_in, 1);
  self->square = XQ_NO_SQUARE;
  memset (self->targets, 0, sizeof self->targets);
  self->loading = FALSE;
  update_rows (self);
  schedule_validate (self);
}

/* ---- API ---------------------------------------------------------------------- */

GtkWidget *
xq_exercise_editor_new (void)
{
  return g_object_new (XQ_TYPE_EXERCISE_EDITOR, NULL);
}

XqPositionEditor *
xq_exercise_editor_get_position_editor (XqExerciseEditor *self)
{
  g_return_val_if_fail (XQ_IS_EXERCISE_EDITOR (self), NULL);
  return self->position;
}

GtkWidget *
xq_exercise_editor_get_widget (XqExerciseEditor *self, const char *name)
{
  const struct { const char *name; gpointer widget; } table[] = {
    { "id", self->id }, { "kind", self->kind }, { "prompt", self->prompt }, { "hints", self->hints },
    { "goal", self->goal }, { "rule", self->rule }, { "side", self->side }, { "mate-in", self->mate_in },
    { "click-mode", self->click_mode }, { "problems", self->problems_label },
    { "select", self->select }, { "number", self->number }, { "choose-rule", self->choose },
    { "options", self->options }, { "answer", self->answer }, { "moves", self->moves },
    { "checking", self->checking_spinner },
  };

  g_return_val_if_fail (XQ_IS_EXERCISE_EDITOR (self), NULL);
  for (guint i = 0; i < G_N_ELEMENTS (table); i++)
    if (g_strcmp0 (table[i].name, name) == 0)
      return GTK_WIDGET (table[i].widget);
  return NULL;
}

void
xq_exercise_editor_set_click_mode (XqExerciseEditor *self, XqEditorClickMode mode)
{
  g_return_if_fail (XQ_IS_EXERCISE_EDITOR (self));
  gtk_drop_down_set_selected (self->click_mode, mode);
}

GPtrArray *
xq_exercise_editor_get_problems (XqExerciseEditor *self)
{
  g_return_val_if_fail (XQ_IS_EXERCISE_EDITOR (self), NULL);
  return self->problems;
}

gboolean
xq_exercise_editor_is_checking (XqExerciseEditor *self)
{
  g_return_val_if_fail (XQ_IS_EXERCISE_EDITOR (self), FALSE);
  return self->validate_id != 0 || self->cancellable != NULL;
}

gboolean
xq_exercise_editor_is_valid (XqExerciseEditor *self)
{
  g_return_val_if_fail (XQ_IS_EXERCISE_EDITOR (self), FALSE);
  return !xq_exercise_editor_is_checking (self) && self->checked_edit == self->edits &&
         self->problems->len == 0;
}

const char *
xq_exercise_editor_get_id (XqExerciseEditor *self)
{
  g_return_val_if_fail (XQ_IS_EXERCISE_EDITOR (self), NULL);
  return gtk_editable_get_text (GTK_EDITABLE (self->id));
}

/* ---- GObject ------------------------------------------------------------------ */

enum {
  PROP_0,
  PROP_CHECKING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
xq_exercise_editor_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  XqExerciseEditor *self = XQ_EXERCISE_EDITOR (object);

  switch (prop_id)
    {
    case PROP_CHECKING:
      g_value_set_boolean (value, xq_exercise_editor_is_checking (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
xq_exercise_editor_dispose (GObject *object)
{
  XqExerciseEditor *self = XQ_EXERCISE_EDITOR (object);

  g_clear_handle_id (&self->validate_id, g_source_remove);
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  gtk_widget_dispose_template (GTK_WIDGET (object), XQ_TYPE_EXERCISE_EDITOR);
  G_OBJECT_CLASS (xq_exercise_editor_parent_class)->dispose (object);
}

static void
xq_exercise_editor_finalize (GObject *object)
{
  XqExerciseEditor *self = XQ_EXERCISE_EDITOR (object);

  g_clear_pointer (&self->problems, g_ptr_array_unref);
  G_OBJECT_CLASS (xq_exercise_editor_parent_class)->finalize (object);
}

static void form_changed_cb (XqExerciseEditor *self);

static void
xq_exercise_editor_class_init (XqExerciseEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = xq_exercise_editor_get_property;
  object_class->dispose = xq_exercise_editor_dispose;
  object_class->finalize = xq_exercise_editor_finalize;

  /**
   * XqExerciseEditor:checking:
   *
   * A validation is waiting or running; the problems list is not yet up to
   * date with the form.
   */
  properties[PROP_CHECKING] =
    g_param_spec_boolean ("checking", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * XqExerciseEditor::validated:
   *
   * The validator has run on the form as it is; the problems list is up to
   * date.  Emitted from the main loop, never from the call that started it.
   */
  signals[SIGNAL_VALIDATED] =
    g_signal_new ("validated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  g_type_ensure (XQ_TYPE_POSITION_EDITOR);
  g_type_ensure (XQ_TYPE_BESIDE_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, APP_PATH "/ui/xq-exercise-editor.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, XqExerciseEditor, name)
  BIND (position); BIND (id); BIND (kind); BIND (prompt); BIND (hints); BIND (rule); BIND (goal);
  BIND (side); BIND (mate_in); BIND (click_mode); BIND (select); BIND (number); BIND (choose);
  BIND (options); BIND (answer); BIND (moves); BIND (problems_label); BIND (checking_spinner);
  BIND (rule_row); BIND (goal_row); BIND (side_row); BIND (mate_row); BIND (select_row);
  BIND (number_row); BIND (choose_row); BIND (options_row); BIND (answer_row); BIND (moves_row);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, form_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, click_mode_cb);
}

static void
xq_exercise_editor_init (XqExerciseEditor *self)
{
  self->problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  self->square = XQ_NO_SQUARE;
  self->loading = TRUE;
  gtk_widget_init_template (GTK_WIDGET (self));
  self->loading = FALSE;
  gtk_spin_button_set_range (self->mate_in, 1, XQ_SOLVER_MAX_MATE);
  g_signal_connect_swapped (xq_position_editor_get_board (self->position), "point-activated",
                            G_CALLBACK (point_activated_cb), self);

  update_rows (self);
  xq_exercise_editor_validate (self);
}
