/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-review-round.c: review rounds and their mirrored variants
 * (docs/review.md). */
#define G_LOG_DOMAIN "xq-review"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "xq-kind.h"
#include "xq-lesson-writer.h"
#include "xq-review-round.h"
#include "xq-solver.h"

/* ---- The mirror ------------------------------------------------------------ */

XqSquare
xq_review_mirror_square (XqSquare sq)
{
  if (sq < 0 || sq >= XQ_SQUARES)
    return XQ_NO_SQUARE;
  return xq_sq_make (8 - xq_sq_file (sq), xq_sq_rank (sq));
}

XqMove
xq_review_mirror_move (XqMove m)
{
  if (m == XQ_MOVE_NONE)
    return XQ_MOVE_NONE;
  return xq_move_make (xq_review_mirror_square (xq_move_from (m)),
                       xq_review_mirror_square (xq_move_to (m)));
}

void
xq_review_mirror_position (const XqPosition *pos, XqPosition *out)
{
  g_return_if_fail (pos != NULL && out != NULL && pos != out);
  xq_position_clear (out);
  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    if (pos->board[sq] != XQ_EMPTY)
      xq_position_put (out, xq_review_mirror_square (sq), pos->board[sq]);
  xq_position_set_side (out, pos->side);
  out->halfmove = pos->halfmove;
  out->fullmove = pos->fullmove;
}

/* A kind field's text with every point and move mirrored. */
static char *
mirror_field_text (const XqKindField *f, const char *text)
{
  g_auto(GStrv) words = NULL;
  GString *out;

  switch (f->type)
    {
    case XQ_FIELD_POINT:
    case XQ_FIELD_POINTS:
    case XQ_FIELD_MOVES:
      break;
    case XQ_FIELD_TEXT:
    case XQ_FIELD_SIDE:
    case XQ_FIELD_NUMBER:
    case XQ_FIELD_ENUM:
      return g_strdup (text);
    case XQ_FIELD_FEN:
    case XQ_FIELD_CHOICES:
    case XQ_FIELD_TEXTS:
    default:
      return NULL;   /* no kind with a variant has such a field */
    }
  words = g_strsplit (text, " ", -1);
  out = g_string_new (NULL);
  for (guint i = 0; words[i] != NULL; i++)
    {
      char buf[5];

      if (words[i][0] == '\0')
        continue;
      if (f->type == XQ_FIELD_MOVES)
        {
          XqMove m = xq_move_from_iccs (words[i]);
          if (m == XQ_MOVE_NONE)
            return g_string_free (out, TRUE), NULL;
          xq_move_to_iccs (xq_review_mirror_move (m), buf);
        }
      else
        {
          XqSquare sq = xq_square_from_text (words[i]);
          if (sq == XQ_NO_SQUARE)
            return g_string_free (out, TRUE), NULL;
          xq_square_to_text (xq_review_mirror_square (sq), buf);
        }
      g_string_append_printf (out, "%s%s", out->len > 0 ? " " : "", buf);
    }
  return g_string_free (out, FALSE);
}

/* What the variant asks, in words that name no point: the author's prompt
 * and hints may ("the chariot on file 九"), and would be wrong mirrored.
 * NULL: the kind (or this goal) has no variant. */
static char *
variant_goal (const XqExercise *ex)
{
  if (ex->kind == &xq_kind_mate)
    {
      XqAnswer a = { 0 };

      xq_exercise_answer (ex, &a);
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Checkmate in %d move.",
                                           "Checkmate in %d moves.", a.count), a.count);
    }
  if (ex->kind == &xq_kind_stars)
    return g_strdup (_("Collect every star in the fewest moves."));
  if (ex->kind == &xq_kind_move)
    {
      const XqKindField *f = xq_kind_find_field (ex->kind, "goal");
      const char *goal = xq_exercise_get_field (ex, "goal");

      /* The listed moves are the author's idea, told in the prompt. */
      if (f == NULL || goal == NULL || strcmp (goal, "given") == 0)
        return NULL;
      for (const XqFieldValue *v = f->values; v != NULL && v->value != NULL; v++)
        if (strcmp (v->value, goal) == 0)
          /* Translators: a review exercise's goal, from the goal's name
           * ("Give check") */
          return g_strdup_printf (_("%s."), g_dgettext (GETTEXT_PACKAGE, v->label));
    }
  return NULL;
}

/* Reads one exercise object back through the loader: the kind's reader
 * validates it and the rules core computes its answer (and proves a mate). */
static XqExercise *
load_one (JsonObject *o)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new ();
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  g_autoptr(JsonObject) doc = NULL;
  g_autoptr(XqLessonFile) file = NULL;
  g_autofree char *data = NULL;
  gsize length = 0;

  g_ptr_array_add (list, o);
  doc = xq_lesson_teacher_unit_new ("review-variant", "Review", list);
  data = xq_lesson_write_object (doc, &length);
  file = xq_lesson_load_data_full (data, (gssize) length, "review-variant", XQ_LESSON_LOAD_DEFAULT,
                                   problems);
  if (file == NULL || file->type != XQ_LESSON_FILE_UNIT || file->unit->exercises->len != 1)
    {
      if (problems->len > 0)
        {
          g_autofree char *line = xq_lesson_problem_format (g_ptr_array_index (problems, 0));
          g_debug ("No variant: %s", line);
        }
      return NULL;
    }
  return xq_exercise_ref (g_ptr_array_index (file->unit->exercises, 0));
}

static int
compare_moves (gconstpointer a, gconstpointer b)
{
  return (int) *(const XqMove *) a - (int) *(const XqMove *) b;
}

/* The solver agrees: a mate in exactly n from both, and the keys of one
 * are the mirrored keys of the other. */
static gboolean
same_mate (const XqPosition *a, const XqPosition *b, int n)
{
  g_autoptr(XqSolver) solver = xq_solver_new ();
  g_autofree XqSolution *sa = g_new0 (XqSolution, 1);
  g_autofree XqSolution *sb = g_new0 (XqSolution, 1);

  if (xq_solver_solve (solver, a, n, sa) != XQ_SOLVE_MATE ||
      xq_solver_solve (solver, b, n, sb) != XQ_SOLVE_MATE ||
      sa->mate != n || sb->mate != n || sa->n_keys != sb->n_keys)
    return FALSE;
  for (int i = 0; i < sa->n_keys; i++)
    sa->keys[i] = xq_review_mirror_move (sa->keys[i]);
  qsort (sa->keys, (size_t) sa->n_keys, sizeof (XqMove), compare_moves);
  qsort (sb->keys, (size_t) sb->n_keys, sizeof (XqMove), compare_moves);
  return memcmp (sa->keys, sb->keys, (size_t) sa->n_keys * sizeof (XqMove)) == 0;
}

/* Every legal move of the original gets the same verdict as its mirror
 * in the variant, and at least one is right. */
static gboolean
same_moves (const XqExercise *ex, const XqExercise *var)
{
  XqPosition pos = ex->position;
  XqMove moves[XQ_MAX_MOVES];
  int n = xq_position_legal_moves (&pos, moves);
  gboolean any_right = FALSE;

  for (int i = 0; i < n; i++)
    {
      XqMove m2 = xq_review_mirror_move (moves[i]);
      XqAnswer a = { .moves = &moves[i], .n_moves = 1 };
      XqAnswer b = { .moves = &m2, .n_moves = 1 };
      g_autoptr(XqVerdict) va = xq_exercise_check (ex, &a);
      g_autoptr(XqVerdict) vb = xq_exercise_check (var, &b);

      if (va == NULL || vb == NULL || va->kind != vb->kind)
        return FALSE;
      any_right |= va->kind == XQ_VERDICT_CORRECT;
    }
  return any_right;
}

static gboolean
same_question (const XqExercise *ex, const XqExercise *var)
{
  XqAnswer a = { 0 }, b = { 0 };

  if (var->kind != ex->kind)
    return FALSE;
  xq_exercise_answer (ex, &a);
  xq_exercise_answer (var, &b);
  if (ex->kind == &xq_kind_mate)
    return a.count == b.count && same_mate (&ex->position, &var->position, a.count);
  if (ex->kind == &xq_kind_stars)
    {
      if (a.count != b.count || a.n_points != b.n_points)
        return FALSE;
      for (int i = 0; i < a.n_points; i++)
        if (xq_review_mirror_square (a.points[i]) != b.points[i])
          return FALSE;
      return TRUE;
    }
  return same_moves (ex, var);
}

XqExercise *
xq_review_mirror_exercise (const XqExercise *ex)
{
  g_autoptr(JsonObject) o = NULL;
  g_autoptr(XqExercise) var = NULL;
  g_autofree char *goal = NULL;
  g_autofree char *prompt = NULL;
  g_autofree char *fen = NULL;
  XqPosition mirrored;

  g_return_val_if_fail (ex != NULL, NULL);
  goal = variant_goal (ex);
  if (goal == NULL)
    return NULL;
  xq_review_mirror_position (&ex->position, &mirrored);
  fen = xq_position_to_fen (&mirrored);
  /* Translators: the prompt of a review exercise shown mirrored left to
   * right; %s is its goal ("Checkmate in 2 moves.") */
  prompt = g_strdup_printf (_("The same idea on a mirrored board: %s"), goal);
  o = json_object_new ();
  json_object_set_string_member (o, "id", ex->id);
  json_object_set_string_member (o, "kind", ex->kind->name);
  json_object_set_string_member (o, "prompt", prompt);
  json_object_set_string_member (o, "fen", fen);
  for (guint i = 0; i < ex->kind->n_fields; i++)
    {
      const XqKindField *f = &ex->kind->fields[i];
      const char *text = xq_exercise_get_field (ex, f->key);
      const char *rule = f->rule_key ? xq_exercise_get_field (ex, f->rule_key) : NULL;
      g_autofree char *mirrored_text = NULL;

      if (text == NULL)
        continue;
      mirrored_text = mirror_field_text (f, text);
      if (mirrored_text == NULL)
        return NULL;
      xq_lesson_field_set_text (f, rule, mirrored_text, o);
    }
  var = load_one (o);
  if (var == NULL || !same_question (ex, var))
    return NULL;
  /* The prompt's marks (the piece to move, a teacher's pointer), mirrored. */
  xq_lesson_marks_clear (&var->marks);
  for (int i = 0; i < ex->marks.n_marks; i++)
    {
      const XqLessonMark *m = &ex->marks.marks[i];

      xq_lesson_marks_add_full (&var->marks, m->kind, m->role, m->color, xq_review_mirror_square (m->sq),
                                m->kind == XQ_LESSON_MARK_ARROW ? xq_review_mirror_square (m->to)
                                                                : XQ_NO_SQUARE);
    }
  return g_steal_pointer (&var);
}

XqExercise *
xq_review_puzzle_exercise (const XqPuzzle *puzzle, gboolean mirror, gboolean *mirrored)
{
  g_autoptr(XqExercise) var = NULL;
  g_autofree char *goal = NULL;

  g_return_val_if_fail (puzzle != NULL, NULL);
  if (mirrored != NULL)
    *mirrored = FALSE;
  goal = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Checkmate in %d move.",
                                       "Checkmate in %d moves.", puzzle->mate_in), puzzle->mate_in);
  for (int pass = mirror ? 0 : 1; pass < 2 && var == NULL; pass++)
    {
      g_autoptr(JsonObject) o = json_object_new ();
      g_autofree char *fen = NULL;
      g_autofree char *prompt = NULL;
      XqPosition pos;

      if (pass == 0)
        {
          xq_review_mirror_position (&puzzle->position, &pos);
          fen = xq_position_to_fen (&pos);
          prompt = g_strdup_printf (_("The same idea on a mirrored board: %s"), goal);
        }
      else
        {
          fen = g_strdup (puzzle->fen);
          /* Translators: a puzzle in a review round: its title, then its
           * goal ("Checkmate in 2 moves.") */
          prompt = g_strdup_printf (_("%s: %s"), puzzle->title, goal);
        }
      json_object_set_string_member (o, "id", puzzle->id);
      json_object_set_string_member (o, "kind", xq_kind_mate.name);
      json_object_set_string_member (o, "prompt", prompt);
      json_object_set_string_member (o, "fen", fen);
      json_object_set_int_member (o, "mate-in", puzzle->mate_in);
      var = load_one (o);
      if (var != NULL && pass == 0 && !same_mate (&puzzle->position, &var->position, puzzle->mate_in))
        g_clear_pointer (&var, xq_exercise_unref);
      if (var != NULL && mirrored != NULL)
        *mirrored = pass == 0;
    }
  return g_steal_pointer (&var);
}

/* ---- The round ------------------------------------------------------------- */

static const XqExercise *
find_exercise (GPtrArray *units, const char *unit_id, const char *id)
{
  for (guint i = 0; units != NULL && i < units->len; i++)
    {
      const XqUnit *unit = g_ptr_array_index (units, i);

      if (strcmp (unit->id, unit_id) != 0)
        continue;
      for (guint j = 0; j < unit->exercises->len; j++)
        {
          const XqExercise *ex = g_ptr_array_index (unit->exercises, j);
          if (strcmp (ex->id, id) == 0)
            return ex;
        }
    }
  return NULL;
}

static const XqPuzzle *
find_puzzle (GPtrArray *packs, const char *pack_id, const char *id)
{
  for (guint i = 0; packs != NULL && i < packs->len; i++)
    {
      const XqPuzzlePack *pack = g_ptr_array_index (packs, i);

      if (strcmp (pack->id, pack_id) != 0)
        continue;
      for (guint j = 0; j < pack->puzzles->len; j++)
        {
          const XqPuzzle *pz = g_ptr_array_index (pack->puzzles, j);
          if (strcmp (pz->id, id) == 0)
            return pz;
        }
    }
  return NULL;
}

XqReviewRound *
xq_review_round_new (const XqReview *review, GPtrArray *units, GPtrArray *packs, GDateTime *now)
{
  g_autoptr(GPtrArray) due = NULL;
  g_autoptr(GRand) rand = NULL;
  XqReviewRound *round;
  int y, m, d;

  g_return_val_if_fail (review != NULL && now != NULL, NULL);
  round = g_new0 (XqReviewRound, 1);
  round->unit = g_new0 (XqUnit, 1);
  round->unit->id = g_strdup (XQ_REVIEW_ROUND_UNIT);
  /* Translators: the title of a round of review (复习), not of a game */
  round->unit->title = g_strdup (C_("review queue", "Review"));
  round->unit->number = 0;
  round->unit->pages = g_ptr_array_new ();
  round->unit->exercises = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_exercise_unref);
  round->items = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_review_item_free);
  round->mirrored = g_array_new (FALSE, FALSE, sizeof (gboolean));

  due = xq_review_due (review, now);
  for (guint i = 0; i < due->len && round->items->len < XQ_REVIEW_ROUND_MAX; i++)
    {
      const XqReviewItem *item = g_ptr_array_index (due, i);
      XqExercise *ex = NULL;
      gboolean mirrored = FALSE;

      switch (item->source)
        {
        case XQ_REVIEW_EXERCISE:
          {
            const XqExercise *orig = find_exercise (units, item->unit, item->id);

            if (orig == NULL)
              break;
            ex = xq_review_mirror_exercise (orig);
            mirrored = ex != NULL;
            if (ex == NULL)
              ex = xq_exercise_ref ((XqExercise *) orig);
          }
          break;
        case XQ_REVIEW_PUZZLE:
          {
            const XqPuzzle *pz = find_puzzle (packs, item->unit, item->id);

            if (pz != NULL)
              ex = xq_review_puzzle_exercise (pz, TRUE, &mirrored);
          }
          break;
        default:
          break;
        }
      if (ex == NULL)
        continue;
      g_ptr_array_add (round->unit->exercises, ex);
      g_ptr_array_add (round->items, xq_review_item_copy (item));
      g_array_append_val (round->mirrored, mirrored);
    }

  /* Mixed, so a unit's items do not come in a row; the same order all day. */
  g_date_time_get_ymd (now, &y, &m, &d);
  rand = g_rand_new_with_seed ((guint32) (y * 10000 + m * 100 + d));
  for (guint i = round->items->len; i > 1; i--)
    {
      guint j = (guint) g_rand_int_range (rand, 0, (gint32) i);
      gpointer t;
      gboolean b;

      t = round->unit->exercises->pdata[i - 1];
      round->unit->exercises->pdata[i - 1] = round->unit->exercises->pdata[j];
      round->unit->exercises->pdata[j] = t;
      t = round->items->pdata[i - 1];
      round->items->pdata[i - 1] = round->items->pdata[j];
      round->items->pdata[j] = t;
      b = g_array_index (round->mirrored, gboolean, i - 1);
      g_array_index (round->mirrored, gboolean, i - 1) = g_array_index (round->mirrored, gboolean, j);
      g_array_index (round->mirrored, gboolean, j) = b;
    }
  return round;
}

void
xq_review_round_free (XqReviewRound *round)
{
  if (round == NULL)
    return;
  xq_unit_free (round->unit);
  g_clear_pointer (&round->items, g_ptr_array_unref);
  g_clear_pointer (&round->mirrored, g_array_unref);
  g_free (round);
}

const XqReviewItem *
xq_review_round_get_item (const XqReviewRound *round, guint i)
{
  g_return_val_if_fail (round != NULL, NULL);
  return i < round->items->len ? g_ptr_array_index (round->items, i) : NULL;
}
