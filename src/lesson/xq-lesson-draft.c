/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-lesson-draft"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "xq-kind.h"
#include "xq-lesson-draft.h"
#include "xq-lesson-writer.h"
#include "xq-solver.h"

#define DRAFT_PATH "$.exercises[0]"

typedef struct {
  XqLessonFile  *file;      /* NULL if there were problems */
  GPtrArray     *problems;  /* XqLessonProblem* */
  XqDraftAnswer *answer;    /* the file's exercise's */
} Checked;

static void
checked_free (Checked *c)
{
  g_clear_pointer (&c->file, xq_lesson_file_free);
  g_clear_pointer (&c->answer, xq_draft_answer_free);
  g_clear_pointer (&c->problems, g_ptr_array_unref);
  g_free (c);
}

static void
check_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Checked *c = g_new0 (Checked, 1);

  c->problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  c->file = xq_lesson_load_data (data, -1, "exercise", c->problems);
  for (guint i = 0; i < c->problems->len; i++)
    {
      XqLessonProblem *p = g_ptr_array_index (c->problems, i);
      /* Paths relative to the exercise, as its author sees it. */
      if (g_str_has_prefix (p->path, DRAFT_PATH))
        {
          char *rel = g_strconcat ("$", p->path + strlen (DRAFT_PATH), NULL);
          g_free (p->path);
          p->path = rel;
        }
    }
  if (c->file != NULL && c->file->unit != NULL && c->file->unit->exercises->len == 1 &&
      !g_cancellable_is_cancelled (cancellable))
    c->answer = xq_lesson_draft_answer (g_ptr_array_index (c->file->unit->exercises, 0));
  if (g_task_return_error_if_cancelled (task))
    checked_free (c);
  else
    g_task_return_pointer (task, c, (GDestroyNotify) checked_free);
}

void
xq_lesson_draft_check_async (JsonObject *exercise, const char *title, GCancellable *cancellable,
                             GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr(GPtrArray) exercises = g_ptr_array_new ();
  g_autoptr(JsonObject) unit = NULL;
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (exercise != NULL);
  g_ptr_array_add (exercises, exercise);
  unit = xq_lesson_teacher_unit_new ("draft", title != NULL ? title : "Draft", exercises);
  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, xq_lesson_draft_check_async);
  g_task_set_task_data (task, xq_lesson_write_object (unit, NULL), g_free);
  /* Cancelled, the callback comes at once; the proof finishes unheard. */
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, check_thread);
}

XqLessonFile *
xq_lesson_draft_check_finish_full (GAsyncResult *result, GPtrArray **problems, XqDraftAnswer **answer,
                                   GError **error)
{
  Checked *c;
  XqLessonFile *file;

  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  if (problems != NULL)
    *problems = NULL;
  if (answer != NULL)
    *answer = NULL;
  c = g_task_propagate_pointer (G_TASK (result), error);
  if (c == NULL)
    return NULL;
  file = g_steal_pointer (&c->file);
  if (problems != NULL)
    *problems = g_steal_pointer (&c->problems);
  if (answer != NULL)
    *answer = g_steal_pointer (&c->answer);
  checked_free (c);
  return file;
}

XqLessonFile *
xq_lesson_draft_check_finish (GAsyncResult *result, GPtrArray **problems, GError **error)
{
  return xq_lesson_draft_check_finish_full (result, problems, NULL, error);
}

/* ---- What the rules decided -------------------------------------------------- */

void
xq_draft_answer_free (XqDraftAnswer *answer)
{
  if (answer == NULL)
    return;
  g_free (answer->answer);
  g_ptr_array_unref (answer->warnings);
  g_free (answer);
}

/* Every legal move the exercise takes as right, as arrows (one-move kinds
 * whose goal the rules compute). */
static void
mark_right_moves (const XqExercise *ex, XqLessonMarks *marks)
{
  XqPosition pos = ex->position;
  XqMove moves[XQ_MAX_MOVES];
  int n = xq_position_legal_moves (&pos, moves);

  for (int i = 0; i < n; i++)
    {
      XqAnswer one = { .moves = &moves[i], .n_moves = 1 };
      g_autoptr(XqVerdict) v = xq_exercise_check (ex, &one);

      if (v != NULL && v->kind == XQ_VERDICT_CORRECT)
        xq_lesson_marks_add_arrow (marks, XQ_LESSON_ROLE_CORRECT, xq_move_from (moves[i]), xq_move_to (moves[i]));
    }
}

/* Mate: the keys of the fastest win as arrows, and a warning when the
 * stated N is not the exact distance (the loader proves "within N"). */
static void
describe_mate (const XqExercise *ex, XqDraftAnswer *out)
{
  g_autoptr(XqSolver) solver = xq_solver_new ();
  const char *stated = xq_exercise_get_field (ex, "mate-in");
  int n = stated != NULL ? atoi (stated) : 0;
  XqSolution sol;

  if (n < 1 || xq_solver_solve (solver, &ex->position, n, &sol) != XQ_SOLVE_MATE)
    return;
  for (int i = 0; i < sol.n_keys; i++)
    xq_lesson_marks_add_arrow (&out->marks, XQ_LESSON_ROLE_CORRECT, xq_move_from (sol.keys[i]),
                               xq_move_to (sol.keys[i]));
  if (sol.mate < n)
    g_ptr_array_add (out->warnings,
                     /* Translators: "This is a mate in 1, not 2: set the number of moves to 1." */
                     g_strdup_printf (_("This is a mate in %d, not %d: set the number of moves to %d."),
                                      sol.mate, n, sol.mate));
}

XqDraftAnswer *
xq_lesson_draft_answer (const XqExercise *ex)
{
  XqDraftAnswer *out = g_new0 (XqDraftAnswer, 1);
  g_autofree char *key = NULL;
  XqAnswer answer = { 0 };

  g_return_val_if_fail (ex != NULL, out);
  out->warnings = g_ptr_array_new_with_free_func (g_free);
  xq_lesson_marks_clear (&out->marks);
  xq_exercise_answer (ex, &answer);
  for (int i = 0; i < answer.n_points; i++)
    xq_lesson_marks_add (&out->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_CORRECT, answer.points[i]);
  if (ex->kind == &xq_kind_mate)
    describe_mate (ex, out);
  else if (ex->kind == &xq_kind_move)
    mark_right_moves (ex, &out->marks);
  else
    for (int i = 0; i < answer.n_moves; i++)
      xq_lesson_marks_add_arrow (&out->marks, XQ_LESSON_ROLE_CORRECT, xq_move_from (answer.moves[i]),
                                 xq_move_to (answer.moves[i]));
  key = xq_exercise_answer_key (ex, NULL);
  if (key != NULL && *key != '\0')
    out->answer = ex->kind == &xq_kind_mate
                  /* Translators: %s is the winning line, move by move */
                  ? g_strdup_printf (_("The fastest mate: %s"), key)
                  /* Translators: %s is the answer the rules computed, as a worksheet's key prints it */
                  : g_strdup_printf (_("The answer: %s"), key);
  else if (answer.n_points > 0)
    {
      g_autoptr(GString) points = g_string_new (NULL);
      for (int i = 0; i < answer.n_points; i++)
        {
          char name[3];
          xq_square_to_text (answer.points[i], name);
          g_string_append_printf (points, "%s%s", i ? " " : "", name);
        }
      out->answer = g_strdup_printf (_("The answer: %s"), points->str);
    }
  return out;
}

/* ---- Problems in the form's words ------------------------------------------- */

static char *
plain_label (const char *label)
{
  GString *out = g_string_new (NULL);

  /* "_Piece", or a translation's "棋子(_P)": the words without the mnemonic. */
  for (const char *c = g_dgettext (GETTEXT_PACKAGE, label); *c != '\0'; c++)
    if (c[0] == '(' && c[1] == '_' && c[2] != '\0' && c[3] == ')')
      c += 3;
    else if (*c != '_')
      g_string_append_c (out, *c);
  return g_string_free (out, FALSE);
}

static const XqKindField *
field_for (const XqKind *kind, const char *key)
{
  guint n;
  const XqKindField *common = xq_kind_common_fields (&n);
  const XqKindField *f = kind != NULL ? xq_kind_find_field (kind, key) : NULL;

  for (guint i = 0; f == NULL && i < n; i++)
    if (strcmp (common[i].key, key) == 0)
      f = &common[i];
  return f;
}

/* The field a "missing required key" problem is about: its path is the
 * exercise's, the key only in the message, which is the loader's own
 * sentence (in the same language) for exactly one key. */
static const XqKindField *
missing_field (const XqKind *kind, const XqLessonProblem *problem)
{
  guint n;
  const XqKindField *common = xq_kind_common_fields (&n);

  for (guint i = 0; kind != NULL && i < kind->n_fields + n; i++)
    {
      const XqKindField *f = i < kind->n_fields ? &kind->fields[i] : &common[i - kind->n_fields];
      g_autofree char *said = g_strdup_printf (_("missing required key “%s”"), f->key);

      if (strcmp (said, problem->message) == 0)
        return f;
    }
  return NULL;
}

char *
xq_lesson_draft_describe_problem (const XqKind *kind, const XqLessonProblem *problem)
{
  g_autofree char *key = NULL;
  g_autofree char *label = NULL;
  g_autofree char *lower = NULL;
  const XqKindField *f = NULL;
  const char *p;
  gsize n;

  g_return_val_if_fail (problem != NULL, NULL);
  if (problem->code == XQ_LESSON_ERROR_MISSING_FIELD)
    f = missing_field (kind, problem);
  if (f == NULL && problem->path != NULL && g_str_has_prefix (problem->path, "$."))
    {
      p = problem->path + 2;
      n = strcspn (p, ".[");
      key = g_strndup (p, n);
      f = field_for (kind, key);
    }
  if (f == NULL)
    return g_strdup_printf (_("Exercise: %s"), problem->message);
  label = plain_label (f->label);
  /* An empty entry is a field not filled in, like a missing one. */
  if (problem->code == XQ_LESSON_ERROR_MISSING_FIELD ||
      strcmp (problem->message, _("the text must not be empty")) == 0)
    switch (f->type)
      {
      case XQ_FIELD_POINT:
      case XQ_FIELD_POINTS:
        lower = g_utf8_strdown (label, -1);
        /* Translators: %s is the name of a field of the exercise form, such as "piece" or "points" */
        return g_strdup_printf (_("Mark the exercise’s %s on the board (Board clicks)."), lower);
      case XQ_FIELD_TEXT:
      case XQ_FIELD_MOVES:
      case XQ_FIELD_TEXTS:
      case XQ_FIELD_CHOICES:
        /* Translators: %s is the label of a field of the exercise form */
        return g_strdup_printf (_("Fill in “%s”."), label);
      case XQ_FIELD_SIDE:
      case XQ_FIELD_NUMBER:
      case XQ_FIELD_ENUM:
      case XQ_FIELD_FEN:
        /* Translators: %s is the label of a field of the exercise form */
        return g_strdup_printf (_("Choose “%s”."), label);
      }
  /* Translators: "Piece: there is no piece on e4" — a form field's label, then the problem */
  return g_strdup_printf (_("%s: %s"), label, problem->message);
}
