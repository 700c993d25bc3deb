/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-exercise-editor"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "xq-beside-layout.h"
#include "xq-exercise-editor-private.h"
#include "xq-answer-text.h"
#include "xq-json-bounded.h"
#include "xq-kind.h"
#include "xq-lesson-draft.h"
#include "xq-lesson-writer.h"

#define APP_PATH "/io/github/xiangqi_tutor/XiangqiTutor"
#define VALIDATE_DELAY_MS 300

G_DEFINE_FINAL_TYPE (XqExerciseEditor, xq_exercise_editor, GTK_TYPE_BOX)

enum {
  SIGNAL_VALIDATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void form_changed_cb (XqExerciseEditor *self);

static const XqKind *
current_kind (XqExerciseEditor *self)
{
  guint n;
  const XqKind *const *kinds = xq_kinds (&n);
  guint i = gtk_drop_down_get_selected (self->kind);

  return kinds[i < n ? i : 0];
}

static Field *
find_field (XqExerciseEditor *self, const char *key)
{
  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *f = &g_array_index (self->fields, Field, i);
      if (strcmp (f->field->key, key) == 0)
        return f;
    }
  return NULL;
}

/* The word a vocabulary field holds. */
static const char *
enum_value (const Field *f)
{
  guint i = gtk_drop_down_get_selected (GTK_DROP_DOWN (f->input));
  guint n = 0;

  while (f->field->values[n].value != NULL)
    n++;
  return i < n ? f->field->values[i].value : f->field->values[0].value;
}

/* The value of the field that decides whether f applies ("rule", "goal"). */
static const char *
rule_value (XqExerciseEditor *self, const XqKindField *field)
{
  Field *rule = field->rule_key != NULL ? find_field (self, field->rule_key) : NULL;

  return rule != NULL ? enum_value (rule) : NULL;
}

/* A fixed-choices field's rule is the kind's one vocabulary field. */
static const char *
kind_rule (XqExerciseEditor *self)
{
  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *f = &g_array_index (self->fields, Field, i);
      if (f->field->type == XQ_FIELD_ENUM)
        return enum_value (f);
    }
  return NULL;
}

/* ---- The form as JSON ---------------------------------------------------------- */

static char *
view_text (GtkTextView *view)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (view);
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

static char *
points_text (const gboolean *points)
{
  GString *out = g_string_new (NULL);

  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    if (points[sq])
      {
        char name[3];
        xq_square_to_text (sq, name);
        g_string_append_printf (out, "%s%s", out->len ? " " : "", name);
      }
  return g_string_free (out, FALSE);
}

/* What a field's widget (or, for points and positions, the board) holds,
 * as the lesson writer's text for it. */
static char *
field_text (XqExerciseEditor *self, const Field *f)
{
  char name[3] = "";

  switch (f->field->type)
    {
    case XQ_FIELD_TEXT:
    case XQ_FIELD_MOVES:
      return g_strdup (gtk_editable_get_text (GTK_EDITABLE (f->input)));
    case XQ_FIELD_NUMBER:
      return g_strdup_printf ("%d", gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (f->input)));
    case XQ_FIELD_ENUM:
    case XQ_FIELD_SIDE:
      return g_strdup (enum_value (f));
    case XQ_FIELD_POINT:
      if (self->square != XQ_NO_SQUARE)
        xq_square_to_text (self->square, name);
      return g_strdup (name);
    case XQ_FIELD_POINTS:
      return points_text (self->targets);
    case XQ_FIELD_FEN:
      return xq_position_editor_get_fen (self->position);
    case XQ_FIELD_TEXTS:
    case XQ_FIELD_CHOICES:
      return view_text (GTK_TEXT_VIEW (f->input));
    }
  g_return_val_if_reached (NULL);
}

static void
set_field_text (XqExerciseEditor *self, const Field *f, const char *text)
{
  switch (f->field->type)
    {
    case XQ_FIELD_TEXT:
    case XQ_FIELD_MOVES:
      gtk_editable_set_text (GTK_EDITABLE (f->input), text);
      break;
    case XQ_FIELD_NUMBER:
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (f->input), g_ascii_strtod (text, NULL));
      break;
    case XQ_FIELD_ENUM:
    case XQ_FIELD_SIDE:
      for (guint i = 0; f->field->values[i].value != NULL; i++)
        if (strcmp (f->field->values[i].value, text) == 0)
          gtk_drop_down_set_selected (GTK_DROP_DOWN (f->input), i);
      break;
    case XQ_FIELD_POINT:
      self->square = xq_square_from_text (text);
      break;
    case XQ_FIELD_POINTS:
      {
        g_auto(GStrv) words = g_strsplit (text, " ", -1);
        for (int i = 0; words[i] != NULL; i++)
          if (xq_square_from_text (words[i]) != XQ_NO_SQUARE)
            self->targets[xq_square_from_text (words[i])] = TRUE;
      }
      break;
    case XQ_FIELD_FEN:
      xq_position_editor_set_fen (self->position, text, NULL);
      break;
    case XQ_FIELD_TEXTS:
    case XQ_FIELD_CHOICES:
      gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (f->input)), text, -1);
      break;
    }
}

JsonObject *
xq_exercise_editor_get_object (XqExerciseEditor *self)
{
  const XqKind *kind;
  JsonObject *o;
  gboolean own_fen = FALSE;
  g_autofree char *fen = NULL;
  g_autofree char *hints = NULL;
  guint pieces;

  g_return_val_if_fail (XQ_IS_EXERCISE_EDITOR (self), NULL);
  kind = current_kind (self);
  o = json_object_new ();
  json_object_set_string_member (o, "id", gtk_editable_get_text (GTK_EDITABLE (self->id)));
  json_object_set_string_member (o, "kind", kind->name);
  json_object_set_string_member (o, "prompt", gtk_editable_get_text (GTK_EDITABLE (self->prompt)));
  for (guint i = 0; i < self->fields->len; i++)
    own_fen |= g_array_index (self->fields, Field, i).field->type == XQ_FIELD_FEN;
  /* A kind with a position of its own (set-up's target) takes the board;
   * every other kind shows it. */
  fen = own_fen ? NULL : xq_position_editor_get_fen (self->position);
  xq_lesson_field_set_text (xq_kind_common_field ("fen"), NULL, fen, o);
  hints = view_text (self->hints);
  xq_lesson_field_set_text (xq_kind_common_field ("hints"), NULL, hints, o);
  pieces = gtk_drop_down_get_selected (self->pieces);
  /* The learner's own choice is the default, left out of the file. */
  if (pieces > 0 && pieces < g_list_model_get_n_items (gtk_drop_down_get_model (self->pieces)))
    xq_lesson_field_set_text (xq_kind_common_field ("pieces"), NULL, xq_kind_common_field ("pieces")->values[pieces].value, o);
  if (self->marks.n_marks > 0)
    json_object_set_member (o, "marks", xq_lesson_marks_to_json (&self->marks));
  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *f = &g_array_index (self->fields, Field, i);
      const char *rule = rule_value (self, f->field);
      g_autofree char *text = NULL;

      if (!xq_kind_field_applies (f->field, rule))
        continue;
      text = field_text (self, f);
      xq_lesson_field_set_text (f->field, f->field->choices != NULL ? kind_rule (self) : rule, text, o);
    }
  return o;
}

char *
xq_exercise_editor_to_json (XqExerciseEditor *self)
{
  g_autoptr(JsonObject) o = NULL;

  g_return_val_if_fail (XQ_IS_EXERCISE_EDITOR (self), NULL);
  o = xq_exercise_editor_get_object (self);
  return xq_lesson_write_object (o, NULL);
}

/* ---- Validating --------------------------------------------------------------- */

static void
show_result (XqExerciseEditor *self, const char *text, const char *css_class)
{
  GtkWidget *label = GTK_WIDGET (self->problems_label);

  gtk_label_set_text (self->problems_label, text);
  gtk_widget_remove_css_class (label, "error");
  gtk_widget_remove_css_class (label, "warning");
  gtk_widget_remove_css_class (label, "success");
  gtk_widget_remove_css_class (label, "dim-label");
  gtk_widget_add_css_class (label, css_class);
}

static void
set_checking (XqExerciseEditor *self, gboolean checking)
{
  /* Always there, spinning or not, so the text beside it stays put. */
  gtk_spinner_set_spinning (self->checking_spinner, checking);
  if (checking)
    show_result (self, _("Checking…"), "dim-label");
  g_object_notify (G_OBJECT (self), "checking");
}

/* A check under way: for which editor, and which edit of its form. */
typedef struct {
  XqExerciseEditor *self;
  guint             edit;
} Pending;

/* The last check's problems, or that the exercise is valid with what the
 * rules decided, points named as the board labels them. */
void
xq_exercise_editor_show_verdict (XqExerciseEditor *self)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *labelled = NULL;

  for (guint i = 0; i < self->problems->len; i++)
    {
      XqLessonProblem *p = g_ptr_array_index (self->problems, i);
      g_autofree char *line = xq_lesson_draft_describe_problem (current_kind (self), p);

      g_string_append_printf (text, "%s%s", text->len > 0 ? "\n" : "", line);
    }
  if (self->problems->len == 0)
    {
      g_string_append (text, _("The exercise is valid."));
      for (guint i = 0; self->answer != NULL && i < self->answer->warnings->len; i++)
        g_string_append_printf (text, "\n%s", (const char *) g_ptr_array_index (self->answer->warnings, i));
      if (self->answer != NULL && self->answer->answer != NULL)
        g_string_append_printf (text, "\n%s", self->answer->answer);
    }
  labelled = xq_answer_relabel_points (text->str, xq_exercise_editor_board_coordinates (self));
  if (self->problems->len > 0)
    show_result (self, labelled, "error");
  else
    show_result (self, labelled,
                 self->answer != NULL && self->answer->warnings->len > 0 ? "warning" : "success");
}

static void
validate_done_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autofree Pending *pending = data;
  g_autoptr(XqExerciseEditor) self = pending->self;
  g_autoptr(GPtrArray) found = NULL;
  g_autoptr(XqDraftAnswer) answer = NULL;
  g_autoptr(XqLessonFile) file = xq_lesson_draft_check_finish_full (result, &found, &answer, NULL);
  guint edit = pending->edit;

  /* A newer edit cancelled this one, or came after it: its result is for
   * a form that no longer exists. */
  if (found == NULL || edit != self->edits)
    return;
  g_clear_object (&self->cancellable);
  self->checked_edit = edit;
  g_ptr_array_unref (self->problems);
  self->problems = g_steal_pointer (&found);
  g_clear_pointer (&self->answer, xq_draft_answer_free);
  self->answer = g_steal_pointer (&answer);
  set_checking (self, FALSE);
  xq_exercise_editor_show_verdict (self);
  xq_exercise_editor_show_marks (self);
  g_signal_emit (self, signals[SIGNAL_VALIDATED], 0);
}

void
xq_exercise_editor_validate (XqExerciseEditor *self)
{
  g_autoptr(JsonObject) exercise = NULL;
  Pending *pending;

  g_return_if_fail (XQ_IS_EXERCISE_EDITOR (self));
  g_clear_handle_id (&self->validate_id, g_source_remove);
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  exercise = xq_exercise_editor_get_object (self);
  set_checking (self, TRUE);
  pending = g_new (Pending, 1);
  pending->self = g_object_ref (self);
  pending->edit = self->edits;
  xq_lesson_draft_check_async (exercise, NULL, self->cancellable, validate_done_cb, pending);
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
void
xq_exercise_editor_schedule_validate (XqExerciseEditor *self)
{
  if (self->loading)
    return;
  self->edits++;
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->validate_id, g_source_remove);
  self->validate_id = g_timeout_add (VALIDATE_DELAY_MS, validate_timeout_cb, self);
  set_checking (self, TRUE);
  xq_exercise_editor_show_marks (self);
}

/* ---- The kind's fields ---------------------------------------------------------- */

static void
set_note (Field *f, const char *text)
{
  gtk_label_set_text (f->note, text);
  gtk_widget_set_visible (GTK_WIDGET (f->note), text != NULL && *text != '\0');
}

/* Shows the fields that apply to the rule chosen, and what the board
 * gives the point fields. */
/* Shows the fields that apply to the rule chosen, what the board gives
 * the point fields, and the ids the options get. */
void
xq_exercise_editor_update_rows (XqExerciseEditor *self)
{
  const char *rule = kind_rule (self);

  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *f = &g_array_index (self->fields, Field, i);
      gboolean applies = xq_kind_field_applies (f->field, rule_value (self, f->field));
      g_autofree char *text = field_text (self, f);

      switch (f->field->type)
        {
        case XQ_FIELD_POINT:
        case XQ_FIELD_POINTS:
          {
            g_autofree char *labelled = xq_exercise_editor_marked_points (self, text);
            g_autofree char *marked = g_strdup_printf (_("Marked: %s"), labelled);
            gtk_label_set_text (GTK_LABEL (f->input), *text != '\0' ? marked
                                : _("Mark on the board (see Board clicks)"));
          }
          break;
        case XQ_FIELD_CHOICES:
          {
            g_autoptr(JsonObject) o = json_object_new ();
            g_autoptr(GString) ids = g_string_new (NULL);
            JsonArray *a;

            /* The computed questions write their own options. */
            applies &= xq_lesson_field_fixed_choices (f->field, rule) == NULL;
            xq_lesson_field_set_text (f->field, rule, text, o);
            a = json_object_has_member (o, f->field->key) ? json_object_get_array_member (o, f->field->key) : NULL;
            for (guint c = 0; a != NULL && c < json_array_get_length (a); c++)
              {
                JsonObject *choice = json_array_get_object_element (a, c);
                g_string_append_printf (ids, "%s%s = %s", c ? ", " : "",
                                        json_object_get_string_member (choice, "id"),
                                        json_object_get_string_member (choice, "text"));
              }
            set_note (f, ids->str);
          }
          break;
        case XQ_FIELD_TEXT:
        case XQ_FIELD_MOVES:
          gtk_entry_set_placeholder_text (GTK_ENTRY (f->input),
                                          xq_kind_field_required (f->field, rule_value (self, f->field))
                                            ? NULL : _("Optional"));
          break;
        case XQ_FIELD_SIDE:
        case XQ_FIELD_NUMBER:
        case XQ_FIELD_FEN:
        case XQ_FIELD_ENUM:
        case XQ_FIELD_TEXTS:
          break;
        }
      gtk_widget_set_visible (f->row, applies);
    }
}

static GtkWidget *
field_input (XqExerciseEditor *self, const XqKindField *field)
{
  GtkWidget *w = NULL;

  switch (field->type)
    {
    case XQ_FIELD_TEXT:
      w = gtk_entry_new ();
      gtk_entry_set_max_length (GTK_ENTRY (w), field->max);
      g_signal_connect_swapped (w, "changed", G_CALLBACK (form_changed_cb), self);
      break;
    case XQ_FIELD_MOVES:
      w = gtk_entry_new ();
      gtk_widget_set_tooltip_text (w, _("ICCS moves, such as h2e2 h9g7"));
      g_signal_connect_swapped (w, "changed", G_CALLBACK (form_changed_cb), self);
      break;
    case XQ_FIELD_NUMBER:
      w = gtk_spin_button_new_with_range (field->min, field->max, 1);
      g_signal_connect_swapped (w, "value-changed", G_CALLBACK (form_changed_cb), self);
      break;
    case XQ_FIELD_ENUM:
    case XQ_FIELD_SIDE:
      {
        g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
        for (const XqFieldValue *v = field->values; v->value != NULL; v++)
          gtk_string_list_append (labels, g_dgettext (GETTEXT_PACKAGE, v->label));
        w = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&labels)), NULL);
        g_signal_connect_swapped (w, "notify::selected", G_CALLBACK (form_changed_cb), self);
      }
      break;
    case XQ_FIELD_TEXTS:
    case XQ_FIELD_CHOICES:
      w = gtk_text_view_new ();
      gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (w), GTK_WRAP_WORD_CHAR);
      gtk_widget_set_size_request (w, -1, 72);
      gtk_widget_set_tooltip_text (w, _("One option per line; write “id: text” to choose the id, "
                                        "a number is its own id"));
      g_signal_connect_swapped (gtk_text_view_get_buffer (GTK_TEXT_VIEW (w)), "changed",
                                G_CALLBACK (form_changed_cb), self);
      break;
    case XQ_FIELD_POINT:
    case XQ_FIELD_POINTS:
    case XQ_FIELD_FEN:
      /* Given on the board: the label says what is there. */
      w = gtk_label_new (field->type == XQ_FIELD_FEN ? _("The position on the board") : NULL);
      gtk_label_set_xalign (GTK_LABEL (w), 0);
      gtk_label_set_wrap (GTK_LABEL (w), TRUE);
      break;
    }
  return w;
}

/* Builds the rows of the kind's fields: the one part of the form that
 * depends on the kind. */
static void
build_fields (XqExerciseEditor *self)
{
  const XqKind *kind = current_kind (self);
  GtkWidget *child;

  if (self->fields->len > 0 && g_array_index (self->fields, Field, 0).field == &kind->fields[0])
    return;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->kind_fields))) != NULL)
    gtk_box_remove (self->kind_fields, child);
  g_array_set_size (self->fields, 0);
  for (guint i = 0; i < kind->n_fields; i++)
    {
      Field f = { &kind->fields[i] };
      GtkWidget *label = gtk_label_new_with_mnemonic (g_dgettext (GETTEXT_PACKAGE, f.field->label));

      f.row = gtk_box_new (GTK_ORIENTATION_VERTICAL, 3);
      f.input = field_input (self, f.field);
      f.note = GTK_LABEL (gtk_label_new (NULL));
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "caption-heading");
      gtk_label_set_mnemonic_widget (GTK_LABEL (label), f.input);
      gtk_widget_set_hexpand (f.input, TRUE);
      gtk_label_set_xalign (f.note, 0);
      gtk_label_set_wrap (f.note, TRUE);
      gtk_widget_add_css_class (GTK_WIDGET (f.note), "dim-label");
      gtk_widget_set_visible (GTK_WIDGET (f.note), FALSE);
      gtk_box_append (GTK_BOX (f.row), label);
      gtk_box_append (GTK_BOX (f.row), f.input);
      gtk_box_append (GTK_BOX (f.row), GTK_WIDGET (f.note));
      gtk_box_append (self->kind_fields, f.row);
      g_array_append_val (self->fields, f);
    }
}

static void
form_changed_cb (XqExerciseEditor *self)
{
  if (self->fields == NULL)
    return;  /* still building the template */
  build_fields (self);
  xq_exercise_editor_update_rows (self);
  xq_exercise_editor_schedule_validate (self);
}

/* ---- Loading ------------------------------------------------------------------ */

gboolean
xq_exercise_editor_load_json (XqExerciseEditor *self, const char *json, GError **error)
{
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *hints = NULL;
  const XqKind *kind;
  JsonObject *o;
  const char *s;
  guint n;
  const XqKind *const *kinds = xq_kinds (&n);

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
  gtk_editable_set_text (GTK_EDITABLE (self->id), xq_json_member_string (o, "id", ""));
  gtk_editable_set_text (GTK_EDITABLE (self->prompt), xq_json_member_string (o, "prompt", ""));
  kind = xq_kind_by_name (xq_json_member_string (o, "kind", NULL));
  for (guint i = 0; kind != NULL && i < n; i++)
    if (kinds[i] == kind)
      gtk_drop_down_set_selected (self->kind, i);
  build_fields (self);
  if ((s = xq_json_member_string (o, "fen", NULL)) != NULL)
    xq_position_editor_set_fen (self->position, s, NULL);
  if (json_object_has_member (o, "marks"))
    {
      g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);

      /* What the loader would refuse is left out here; the rest is drawn. */
      xq_lesson_marks_from_json (json_object_get_member (o, "marks"), "$", &self->marks, problems);
    }
  hints = xq_lesson_field_get_text (xq_kind_common_field ("hints"), o);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->hints), hints != NULL ? hints : "", -1);
  if ((s = xq_json_member_string (o, "pieces", NULL)) != NULL)
    for (guint i = 0; xq_kind_common_field ("pieces")->values[i].value != NULL; i++)
      if (strcmp (xq_kind_common_field ("pieces")->values[i].value, s) == 0)
        gtk_drop_down_set_selected (self->pieces, i);
  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *f = &g_array_index (self->fields, Field, i);
      g_autofree char *text = xq_lesson_field_get_text (f->field, o);

      /* The computed questions' choices are the format's, not the form's. */
      if (text != NULL &&
          (f->field->type != XQ_FIELD_CHOICES || xq_lesson_field_fixed_choices (f->field, kind_rule (self)) == NULL))
        set_field_text (self, f, text);
    }
  self->loading = FALSE;
  xq_exercise_editor_update_rows (self);
  self->edits++;
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
  gtk_drop_down_set_selected (self->pieces, 0);
  /* Fresh rows: every field at its default. */
  g_array_set_size (self->fields, 0);
  build_fields (self);
  self->square = XQ_NO_SQUARE;
  memset (self->targets, 0, sizeof self->targets);
  xq_lesson_marks_clear (&self->marks);
  gtk_widget_set_sensitive (self->clear_marks, FALSE);
  self->loading = FALSE;
  xq_exercise_editor_update_rows (self);
  xq_exercise_editor_schedule_validate (self);
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
    { "pieces", self->pieces },
    { "click-mode", self->click_mode }, { "problems", self->problems_label },
    { "checking", self->checking_spinner }, { "marks-palette", self->palette },
    { "clear-marks", self->clear_marks },
  };
  Field *f;

  g_return_val_if_fail (XQ_IS_EXERCISE_EDITOR (self), NULL);
  for (guint i = 0; i < G_N_ELEMENTS (table); i++)
    if (g_strcmp0 (table[i].name, name) == 0)
      return GTK_WIDGET (table[i].widget);
  f = name != NULL ? find_field (self, name) : NULL;
  return f != NULL ? f->input : NULL;
}

void
xq_exercise_editor_set_click_mode (XqExerciseEditor *self, XqEditorClickMode mode)
{
  g_return_if_fail (XQ_IS_EXERCISE_EDITOR (self));
  gtk_drop_down_set_selected (self->click_mode, mode);
}

const XqDraftAnswer *
xq_exercise_editor_get_answer (XqExerciseEditor *self)
{
  g_return_val_if_fail (XQ_IS_EXERCISE_EDITOR (self), NULL);
  return xq_exercise_editor_is_valid (self) ? self->answer : NULL;
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
  g_clear_pointer (&self->answer, xq_draft_answer_free);
  g_clear_pointer (&self->fields, g_array_unref);
  G_OBJECT_CLASS (xq_exercise_editor_parent_class)->finalize (object);
}

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
  BIND (position); BIND (id); BIND (kind); BIND (prompt); BIND (hints); BIND (pieces); BIND (kind_fields);
  BIND (click_mode); BIND (problems_label); BIND (checking_spinner);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, form_changed_cb);
  gtk_widget_class_bind_template_callback_full (widget_class, "click_mode_cb",
                                                G_CALLBACK (xq_exercise_editor_click_mode_cb));
}

static void
xq_exercise_editor_init (XqExerciseEditor *self)
{
  g_autoptr(GtkStringList) kind_labels = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) piece_labels = gtk_string_list_new (NULL);
  guint n;
  const XqKind *const *kinds = xq_kinds (&n);

  self->problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  self->square = XQ_NO_SQUARE;
  xq_lesson_marks_clear (&self->marks);
  gtk_widget_init_template (GTK_WIDGET (self));
  xq_exercise_editor_build_marks_row (self);
  for (guint i = 0; i < n; i++)
    gtk_string_list_append (kind_labels, g_dgettext (GETTEXT_PACKAGE, kinds[i]->label));
  for (const XqFieldValue *v = xq_kind_common_field ("pieces")->values; v->value != NULL; v++)
    gtk_string_list_append (piece_labels, g_dgettext (GETTEXT_PACKAGE, v->label));
  self->loading = TRUE;
  gtk_drop_down_set_model (self->kind, G_LIST_MODEL (kind_labels));
  gtk_drop_down_set_model (self->pieces, G_LIST_MODEL (g_steal_pointer (&piece_labels)));
  self->fields = g_array_new (FALSE, TRUE, sizeof (Field));
  self->loading = FALSE;
  g_signal_connect_swapped (xq_position_editor_get_board (self->position), "point-activated",
                            G_CALLBACK (xq_exercise_editor_point_activated_cb), self);
  g_signal_connect_swapped (xq_position_editor_get_board (self->position), "arrow",
                            G_CALLBACK (xq_exercise_editor_arrow_cb), self);
  g_signal_connect_swapped (xq_position_editor_get_board (self->position), "notify::show-coordinates",
                            G_CALLBACK (xq_exercise_editor_coordinates_changed_cb), self);
  xq_exercise_editor_reset (self);
  xq_exercise_editor_validate (self);
}
