/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-kind"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-kind.h"
#include "xq-lesson-rules.h"
#include "xq-notation.h"

/* ---- The table ----------------------------------------------------------------
 * One line per kind (docs/exercise-kinds.md), in the order of the file
 * format's list of kinds; a new kind is one more line above the last. */
#define XQ_KIND_LIST(K) \
  K (tap)               \
  K (type_move)         \
  K (move)              \
  K (stars)             \
  K (setup)             \
  K (choose)            \
  K (mate)              \
  K (match)             \
  K (read_move)         \
  K (write_move)        \
  K (replay)            \
  /* the end of the table */

#define DECLARE_KIND(name) extern const XqKind xq_kind_##name;
XQ_KIND_LIST (DECLARE_KIND)
#define KIND_ENTRY(name) &xq_kind_##name,
static const XqKind *const kind_table[] = { XQ_KIND_LIST (KIND_ENTRY) };

const XqKind *const *
xq_kinds (guint *n_kinds)
{
  if (n_kinds != NULL)
    *n_kinds = G_N_ELEMENTS (kind_table);
  return kind_table;
}

const XqKind *
xq_kind_by_name (const char *name)
{
  for (guint i = 0; name != NULL && i < G_N_ELEMENTS (kind_table); i++)
    if (strcmp (kind_table[i]->name, name) == 0)
      return kind_table[i];
  return NULL;
}

/* ---- Fields ------------------------------------------------------------------- */

const XqFieldValue xq_kind_notations[] = {
  { "chinese", N_("Chinese, in the learner’s script") },
  { "wxf", N_("WXF") },
  { NULL, NULL }
};

/* In the order of XqExercisePieces. */
static const XqFieldValue pieces_values[] = {
  { "learner", N_("As the learner chose in Preferences") },
  { "pictogram", N_("Pictures") },
  { "characters", N_("Characters") },
  { NULL, NULL }
};

const XqKindField *
xq_kind_common_fields (guint *n_fields)
{
  static const XqKindField common[] = {
    { "id", N_("_Id"), XQ_FIELD_TEXT, NULL, 0, XQ_LESSON_MAX_WORD, TRUE },
    { "kind", N_("_Kind"), XQ_FIELD_ENUM, NULL, 0, 0, TRUE },
    { "prompt", N_("_Prompt"), XQ_FIELD_TEXT, NULL, 0, XQ_LESSON_MAX_PROMPT, TRUE },
    { "fen", N_("_Position"), XQ_FIELD_FEN, NULL, 0, XQ_LESSON_MAX_FEN, FALSE },
    { "pieces", N_("Pie_ces shown"), XQ_FIELD_ENUM, pieces_values, 0, 0, FALSE },
    { "hints", N_("_Hints"), XQ_FIELD_TEXTS, NULL, 0, XQ_LESSON_MAX_LIST, FALSE },
  };

  if (n_fields != NULL)
    *n_fields = G_N_ELEMENTS (common);
  return common;
}

const XqKindField *
xq_kind_common_field (const char *key)
{
  guint n;
  const XqKindField *common = xq_kind_common_fields (&n);

  for (guint i = 0; key != NULL && i < n; i++)
    if (strcmp (common[i].key, key) == 0)
      return &common[i];
  g_return_val_if_reached (NULL);
}

gboolean
xq_kind_field_applies (const XqKindField *f, const char *rule_value)
{
  g_return_val_if_fail (f != NULL, FALSE);
  if (f->rule_key == NULL || f->applies == NULL)
    return TRUE;
  return rule_value != NULL && g_strv_contains (f->applies, rule_value);
}

gboolean
xq_kind_field_required (const XqKindField *f, const char *rule_value)
{
  g_return_val_if_fail (f != NULL, FALSE);
  if (!f->required || !xq_kind_field_applies (f, rule_value))
    return FALSE;
  return f->required_for == NULL || (rule_value != NULL && g_strv_contains (f->required_for, rule_value));
}

const XqKindField *
xq_kind_find_field (const XqKind *kind, const char *key)
{
  g_return_val_if_fail (kind != NULL && key != NULL, NULL);
  for (guint i = 0; i < kind->n_fields; i++)
    if (strcmp (kind->fields[i].key, key) == 0)
      return &kind->fields[i];
  return NULL;
}

/* ---- Readers ------------------------------------------------------------------ */

XqMove
xq_kind_get_legal_move (XqKindReader *r, JsonObject *o, const char *path, const char *key, XqPosition *pos)
{
  g_autofree char *mp = xq_kind_path (path, key);
  g_autoptr(GArray) moves = xq_kind_get_moves (r, o, path, key, TRUE);
  XqMove m;

  g_return_val_if_fail (pos != NULL, XQ_MOVE_NONE);
  if (xq_kind_had_problems (r))
    return XQ_MOVE_NONE;
  if (moves->len != 1)
    {
      xq_kind_problem (r, XQ_LESSON_ERROR_VALUE, mp, _("give exactly one move here"));
      return XQ_MOVE_NONE;
    }
  m = g_array_index (moves, XqMove, 0);
  if (!xq_position_is_legal (pos, m))
    {
      g_autofree char *ip = xq_kind_index_path (mp, 0);
      XqLessonMarks marks;
      g_autofree char *why = NULL;
      char text[5];

      xq_lesson_marks_clear (&marks);
      why = xq_lesson_explain_illegal (pos, m, &marks);
      xq_move_to_iccs (m, text);
      xq_kind_problem (r, XQ_LESSON_ERROR_BAD_MOVE, ip, _("the move %s is not legal here: %s"), text, why ? why : "");
      return XQ_MOVE_NONE;
    }
  return m;
}

/* ---- Exercises ---------------------------------------------------------------- */

gboolean
xq_exercise_is (const XqExercise *ex, const char *kind_name)
{
  g_return_val_if_fail (ex != NULL && kind_name != NULL, FALSE);
  return strcmp (ex->kind->name, kind_name) == 0;
}

XqVerdict *
xq_exercise_check (const XqExercise *ex, const XqAnswer *answer)
{
  g_return_val_if_fail (ex != NULL && answer != NULL, NULL);
  return ex->kind->check (ex, answer);
}

void
xq_exercise_answer (const XqExercise *ex, XqAnswer *out)
{
  g_return_if_fail (ex != NULL && out != NULL);
  memset (out, 0, sizeof *out);
  ex->kind->answer (ex, out);
}

char *
xq_exercise_answer_key (const XqExercise *ex, XqAnswerStyle *style)
{
  XqAnswerStyle fallback;

  g_return_val_if_fail (ex != NULL, NULL);
  if (style == NULL)
    {
      xq_answer_style_init (&fallback, xq_answer_default_notation ());
      style = &fallback;
    }
  return ex->kind->answer_key ? ex->kind->answer_key (ex, style) : NULL;
}

XqPieceSet
xq_exercise_piece_set (const XqExercise *ex, XqPieceSet preferred)
{
  g_return_val_if_fail (ex != NULL, preferred);
  return xq_lesson_piece_set (ex->pieces, preferred);
}

XqPieceSet
xq_lesson_piece_set (XqExercisePieces pieces, XqPieceSet preferred)
{
  switch (pieces)
    {
    case XQ_EXERCISE_PIECES_PICTOGRAM:
      return XQ_PIECE_SET_PICTOGRAM;
    case XQ_EXERCISE_PIECES_CHARACTERS:
      if (xq_piece_set_has_characters (preferred))
        return preferred;
      /* The script the learner reads written moves in is the pieces' too. */
      return xq_answer_learner_notation () == XQ_NOTATION_ZH_HANS ? XQ_PIECE_SET_SIMPLIFIED
                                                                  : XQ_PIECE_SET_TRADITIONAL;
    case XQ_EXERCISE_PIECES_LEARNER:
    default:
      return preferred;
    }
}

const XqPosition *
xq_exercise_picture (const XqExercise *ex, XqLessonMarks *marks)
{
  g_return_val_if_fail (ex != NULL && marks != NULL, NULL);
  *marks = ex->marks;
  return ex->kind->picture ? ex->kind->picture (ex, marks) : &ex->position;
}

gboolean
xq_hint_for_written_move (XqMove shown, int level, XqHint *out)
{
  g_return_val_if_fail (out != NULL, FALSE);
  xq_lesson_marks_add (&out->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_TARGET, xq_move_from (shown));
  if (level == 1)
    {
      out->text = g_strdup (_("The marked piece moved: which piece is it, and on which file did it stand, counted "
                              "from its own right?"));
      return TRUE;
    }
  if (level == 2)
    {
      xq_lesson_marks_add (&out->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_HIGHLIGHT, xq_move_to (shown));
      out->text = g_strdup (_("It went to the marked point: forwards, back or sideways? And does the last number "
                              "count steps or name a file?"));
      return TRUE;
    }
  return FALSE;
}

const char *const *
xq_exercise_keypad (const XqExercise *ex)
{
  g_return_val_if_fail (ex != NULL, NULL);
  return ex->kind->keypad != NULL ? ex->kind->keypad (ex) : NULL;
}

const XqGame *
xq_exercise_replay (const XqExercise *ex)
{
  g_return_val_if_fail (ex != NULL, NULL);
  return ex->kind->replay ? ex->kind->replay (ex) : NULL;
}

GPtrArray *
xq_exercise_choices (const XqExercise *ex)
{
  g_return_val_if_fail (ex != NULL, NULL);
  return ex->kind->choices ? ex->kind->choices (ex) : NULL;
}

/* ---- Attempts ----------------------------------------------------------------- */

void
xq_attempt_init (XqAttempt *a, const XqExercise *ex)
{
  g_return_if_fail (a != NULL && ex != NULL);
  memset (a, 0, sizeof *a);
  a->ex = ex;
  a->line = g_array_new (FALSE, FALSE, sizeof (XqMove));
  xq_attempt_restart (a);
}

void
xq_attempt_clear (XqAttempt *a)
{
  if (a == NULL)
    return;
  g_clear_pointer (&a->line, g_array_unref);
  a->ex = NULL;
}

XqAttempt *
xq_attempt_copy (const XqAttempt *a)
{
  XqAttempt *copy;

  g_return_val_if_fail (a != NULL, NULL);
  copy = g_memdup2 (a, sizeof *a);
  copy->line = g_array_copy (a->line);
  return copy;
}

void
xq_attempt_free (XqAttempt *a)
{
  xq_attempt_clear (a);
  g_free (a);
}

void
xq_attempt_restart (XqAttempt *a)
{
  g_return_if_fail (a != NULL && a->ex != NULL);
  a->n_taps = 0;
  g_array_set_size (a->line, 0);
  a->shown = a->ex->position;
  a->last = XQ_MOVE_NONE;
  a->walker = XQ_NO_SQUARE;
  memset (a->board, 0, sizeof a->board);
  memset (a->tray, 0, sizeof a->tray);
  a->base_marks = a->ex->marks;
  a->pending_reply = XQ_MOVE_NONE;
  a->solved = FALSE;
  a->stars = 0;
  if (a->ex->kind->start != NULL)
    a->ex->kind->start (a);
}

XqVerdict *
xq_attempt_input (XqAttempt *a, const XqInput *in)
{
  XqVerdict *v;

  g_return_val_if_fail (a != NULL && a->ex != NULL && in != NULL, NULL);
  if (a->solved)
    return NULL;
  v = a->ex->kind->input_cb (a, in);
  if (v != NULL && v->kind == XQ_VERDICT_CORRECT)
    {
      a->solved = TRUE;
      a->stars = CLAMP (a->ex->kind->stars ? a->ex->kind->stars (a, v->stars)
                                           : MIN (v->stars, xq_lesson_stars_for (a->wrong, a->hints)),
                        1, 3);
    }
  return v;
}

gboolean
xq_attempt_wants_check (const XqAttempt *a)
{
  g_return_val_if_fail (a != NULL && a->ex != NULL, FALSE);
  return (a->ex->kind->input & XQ_KIND_INPUT_CHECK) &&
         (a->ex->kind->wants_check == NULL || a->ex->kind->wants_check (a));
}

void
xq_kind_add_marks (XqLessonMarks *into, const XqLessonMarks *from)
{
  g_return_if_fail (into != NULL && from != NULL);
  xq_lesson_marks_append (into, from);
}

/* ---- Hints -------------------------------------------------------------------- */

void
xq_hint_free (XqHint *hint)
{
  if (hint == NULL)
    return;
  g_free (hint->text);
  g_free (hint->choice);
  g_free (hint);
}

XqHint *
xq_attempt_hint (const XqAttempt *a, int level)
{
  XqHint *hint;
  const XqExercise *ex;

  g_return_val_if_fail (a != NULL && a->ex != NULL, NULL);
  g_return_val_if_fail (level >= 1 && level <= XQ_HINT_LEVELS, NULL);

  ex = a->ex;
  hint = g_new0 (XqHint, 1);
  hint->piece = XQ_EMPTY;
  xq_lesson_marks_clear (&hint->marks);
  ex->kind->hint (a, level, hint);
  /* The author's words come first; the kind's sentence matches its marks. */
  if (ex->hints != NULL && level <= (int) ex->hints->len)
    {
      g_free (hint->text);
      hint->text = g_strdup (g_ptr_array_index (ex->hints, level - 1));
    }
  return hint;
}

void
xq_hint_for_move (XqMove key, int level, XqHint *out)
{
  g_return_if_fail (out != NULL);
  if (key == XQ_MOVE_NONE)
    {
      /* Nothing to mark: say so, rather than point at marks that are not there. */
      out->text = g_strdup (_("Think about which of your pieces can reach the goal."));
      return;
    }
  xq_lesson_marks_add (&out->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_TARGET, xq_move_from (key));
  if (level == 1)
    out->text = g_strdup (_("Look at the marked piece."));
  else if (level == 2)
    {
      xq_lesson_marks_add (&out->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_HIGHLIGHT, xq_move_to (key));
      out->text = g_strdup (_("Look at the marked point."));
    }
  else
    {
      xq_lesson_marks_clear (&out->marks);
      xq_lesson_marks_add_arrow (&out->marks, XQ_LESSON_ROLE_MOVE, xq_move_from (key), xq_move_to (key));
      out->text = g_strdup (_("Here is the answer. Now you try!"));
    }
}

void
xq_hint_for_points (const XqSquare *points, int n_points, const XqSquare *taps, int n_taps,
                    int level, XqHint *out)
{
  int shown = 0;

  g_return_if_fail (out != NULL && (points != NULL || n_points == 0));
  for (int i = 0; i < n_points; i++)
    {
      gboolean tapped = FALSE;

      for (int j = 0; j < n_taps; j++)
        tapped |= taps[j] == points[i];
      if (tapped)
        continue;
      xq_lesson_marks_add (&out->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_MISSING, points[i]);
      if (++shown == 1 && level < 3)
        break;
    }
  out->text = g_strdup (level < 3 ? _("Look at the marked point.") : _("Here is the answer. Now you try!"));
}

gboolean
xq_attempt_toggle_tap (XqAttempt *a, XqSquare sq)
{
  g_return_val_if_fail (a != NULL && sq >= 0 && sq < XQ_SQUARES, FALSE);
  for (int i = 0; i < a->n_taps; i++)
    if (a->taps[i] == sq)
      {
        a->taps[i] = a->taps[--a->n_taps];
        return FALSE;
      }
  g_return_val_if_fail (a->n_taps < XQ_SQUARES, FALSE);
  a->taps[a->n_taps++] = sq;
  return TRUE;
}

void
xq_attempt_keep_right_taps (XqAttempt *a, const gboolean *answer)
{
  int k = 0;

  g_return_if_fail (a != NULL && answer != NULL);
  for (int i = 0; i < a->n_taps; i++)
    if (answer[a->taps[i]])
      a->taps[k++] = a->taps[i];
  a->n_taps = k;
}

XqVerdict *
xq_verdict_selecting (const XqAttempt *a, gboolean added, int n_answer)
{
  g_return_val_if_fail (a != NULL, NULL);
  return xq_verdict_new (XQ_VERDICT_INCOMPLETE, added && a->n_taps == n_answer
                                                ? _("Press Check when you are ready.") : NULL);
}

typedef struct {
  XqAttempt *attempt;
  int        level;
} HintTask;

static void
hint_task_free (HintTask *t)
{
  xq_exercise_unref ((XqExercise *) t->attempt->ex);
  xq_attempt_free (t->attempt);
  g_free (t);
}

static void
hint_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  HintTask *t = data;

  g_task_return_pointer (task, xq_attempt_hint (t->attempt, t->level), (GDestroyNotify) xq_hint_free);
}

void
xq_attempt_hint_async (const XqAttempt *a, int level, GCancellable *cancellable,
                       GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr(GTask) task = NULL;
  HintTask *t;

  g_return_if_fail (a != NULL && a->ex != NULL);
  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, xq_attempt_hint_async);
  g_task_set_return_on_cancel (task, TRUE);
  t = g_new0 (HintTask, 1);
  /* The exercise too: the unit may be reloaded while the hint is worked out. */
  t->attempt = xq_attempt_copy (a);
  xq_exercise_ref ((XqExercise *) a->ex);
  t->level = level;
  g_task_set_task_data (task, t, (GDestroyNotify) hint_task_free);
  g_task_run_in_thread (task, hint_thread);
}

XqHint *
xq_attempt_hint_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* ---- Questions with choices ----------------------------------------------- */

static void
choice_free (XqChoice *choice)
{
  if (choice == NULL)
    return;
  g_free (choice->id);
  g_free (choice->text);
  g_free (choice);
}

GPtrArray *
xq_choices_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) choice_free);
}

void
xq_kind_read_choices (XqKindReader *r, JsonArray *array, const char *path, const char *const *vocab,
                      gboolean (*accept) (XqKindReader *r, const char *id, const char *id_path),
                      GPtrArray *choices)
{
  static const char *const choice_keys[] = { "id", "text", NULL };

  g_return_if_fail (array != NULL && choices != NULL);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *ip = xq_kind_index_path (path, i);
      JsonObject *c = xq_kind_element_object (r, array, i, ip);
      g_autofree char *idp = NULL;
      const char *id, *text;
      XqChoice *choice;

      if (c == NULL)
        continue;
      xq_kind_check_keys (r, c, ip, choice_keys);
      id = xq_kind_get_string (r, c, ip, "id", TRUE);
      text = xq_kind_get_text (r, c, ip, "text", TRUE, XQ_LESSON_MAX_LABEL);
      if (id == NULL || text == NULL)
        continue;
      idp = xq_kind_path (ip, "id");
      if (vocab != NULL && !g_strv_contains (vocab, id))
        {
          g_autofree char *list = g_strjoinv (", ", (char **) vocab);
          xq_kind_problem (r, XQ_LESSON_ERROR_VALUE, idp, _("“%s” is not one of: %s"), id, list);
          continue;
        }
      if (accept != NULL && !accept (r, id, idp))
        continue;
      if (xq_choices_offer (choices, id))
        {
          xq_kind_problem (r, XQ_LESSON_ERROR_DUPLICATE_ID, idp, _("duplicate id “%s”"), id);
          continue;
        }
      choice = g_new0 (XqChoice, 1);
      choice->id = g_strdup (id);
      choice->text = xq_kind_translate (text);
      g_ptr_array_add (choices, choice);
    }
}

gboolean
xq_choices_offer (const GPtrArray *choices, const char *id)
{
  g_return_val_if_fail (choices != NULL, FALSE);
  for (guint i = 0; id != NULL && i < choices->len; i++)
    if (strcmp (((const XqChoice *) g_ptr_array_index (choices, i))->id, id) == 0)
      return TRUE;
  return FALSE;
}

const char *
xq_choices_text (const GPtrArray *choices, const char *id)
{
  g_return_val_if_fail (choices != NULL && id != NULL, NULL);
  for (guint i = 0; i < choices->len; i++)
    {
      const XqChoice *c = g_ptr_array_index (choices, i);
      if (strcmp (c->id, id) == 0)
        return c->text;
    }
  return id;
}

char *
xq_choices_answer_key (const GPtrArray *choices, const char *answer)
{
  g_return_val_if_fail (choices != NULL, NULL);
  for (guint i = 0; i < choices->len; i++)
    {
      const XqChoice *c = g_ptr_array_index (choices, i);
      if (g_strcmp0 (c->id, answer) == 0)
        return g_strdup_printf ("%c) %s", xq_answer_choice_letter (i), c->text);
    }
  return NULL;
}

XqVerdict *
xq_attempt_pick (XqAttempt *a, const XqInput *in, XqChoiceJudge judge)
{
  XqVerdict *v;

  g_return_val_if_fail (a != NULL && in != NULL && judge != NULL, NULL);
  if (in->type != XQ_INPUT_CHOOSE || in->choice == NULL)
    return NULL;
  v = judge (a->ex, in->choice, a->wrong);
  if (v->kind != XQ_VERDICT_CORRECT)
    {
      a->wrong++;
      a->tries++;
    }
  return v;
}
