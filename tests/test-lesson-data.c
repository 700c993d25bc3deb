/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The shipped curriculum: every unit loads and validates, the units of the
 * curriculum are all there, numbered 1, 2, 3... in a row, with enough exercises, and the checker accepts
 * the answer the rules core computes for every exercise. */
#define G_LOG_DOMAIN "test-lesson-data"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "xq-kind.h"
#include "xq-lesson-rules.h"
#include "xq-test-dirs.h"
#include "xq-test-lesson-mo.h"
#include "xq-test-kinds.h"
#include "xq-lesson.h"

static GPtrArray *curriculum;

static const char *
lessons_dir (void)
{
  const char *src = g_getenv ("XQ_SOURCE_DIR");
  static char *dir;

  if (dir == NULL)
    dir = src ? g_build_filename (src, "lessons", NULL) : g_strdup (SOURCE_LESSONS_DIR);
  return dir;
}

static void
test_validates (void)
{
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);

  curriculum = xq_lesson_load_dir (lessons_dir (), problems);
  for (guint i = 0; i < problems->len; i++)
    {
      g_autofree char *line = xq_lesson_problem_format (g_ptr_array_index (problems, i));
      g_test_message ("%s", line);
    }
  g_assert_cmpuint (problems->len, ==, 0);
}

/* How many unit files lessons/ holds (unit*.json), counted apart from the
 * loader. */
static guint
unit_files (void)
{
  g_autoptr(GDir) dir = g_dir_open (lessons_dir (), 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    n += g_str_has_prefix (name, "unit") && g_str_has_suffix (name, ".json");
  return n;
}

static void
test_all_units (void)
{
  gboolean seen[100] = { FALSE };
  guint total = 0;
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);

  g_assert_nonnull (curriculum);
  g_assert_cmpuint (curriculum->len, >=, 10);
  g_assert_cmpuint (curriculum->len, ==, unit_files ());
  for (guint i = 0; i < curriculum->len; i++)
    {
      XqLessonFile *f = g_ptr_array_index (curriculum, i);
      g_assert_nonnull (f->unit);
      /* A place of its own on the unit map (12-15 are the tactics
       * units' places, which the third edition leaves to them). */
      g_assert_cmpint (f->unit->number, >=, 1);
      g_assert_cmpint (f->unit->number, <, (int) G_N_ELEMENTS (seen));
      g_assert_false (seen[f->unit->number]);
      seen[f->unit->number] = TRUE;
      g_assert_false (g_hash_table_contains (ids, f->unit->id));
      g_hash_table_add (ids, f->unit->id);
      g_assert_cmpuint (f->unit->pages->len, >=, 1);
      g_assert_cmpuint (f->unit->exercises->len, >=, 6);
      total += f->unit->exercises->len;
    }
  g_assert_cmpuint (total, >=, 130);
}

static void
test_answers_accepted (void)
{
  g_assert_nonnull (curriculum);
  for (guint i = 0; i < curriculum->len; i++)
    {
      XqUnit *unit = ((XqLessonFile *) g_ptr_array_index (curriculum, i))->unit;
      for (guint j = 0; j < unit->exercises->len; j++)
        {
          XqExercise *ex = g_ptr_array_index (unit->exercises, j);
          g_autoptr(XqVerdict) v = NULL;
          XqAnswer answer;

          g_test_message ("%s/%s", unit->id, ex->id);
          g_assert_nonnull (ex->prompt);
          xq_exercise_answer (ex, &answer);
          if (xq_exercise_is (ex, "tap") || xq_exercise_is (ex, "setup") || xq_exercise_is (ex, "choose") ||
              xq_exercise_is (ex, "match") || xq_exercise_is (ex, "write-move") ||
              xq_exercise_is (ex, "replay"))
            {
              /* The answer the rules computed is accepted. */
              g_assert_true (answer.n_points > 0 || answer.board != NULL || answer.choice != NULL);
              v = xq_exercise_check (ex, &answer);
            }
          else if (xq_exercise_is (ex, "move"))
            {
              XqMove m = checked_move (ex, TRUE);
              XqAnswer one = { .moves = &m, .n_moves = 1 };
              g_assert_cmpint (m, !=, XQ_MOVE_NONE);
              v = xq_exercise_check (ex, &one);
            }
          else if (xq_exercise_is (ex, "type-move"))
            {
              /* The core's text for the arrow's move, read back as typed. */
              g_assert_nonnull (answer.text);
              v = xq_exercise_check (ex, &answer);
            }
          else if (xq_exercise_is (ex, "read-move"))
            {
              /* The move the core reads from the text on show. */
              g_assert_cmpint (answer.n_moves, ==, 1);
              v = xq_exercise_check (ex, &answer);
            }
          else if (xq_exercise_is (ex, "stars"))
            {
              XqAnswer none = { 0 };
              g_assert_cmpint (answer.count, >=, 1);
              /* Not collecting anything is never a win. */
              v = xq_exercise_check (ex, &none);
              g_assert_cmpint (v->kind, ==, XQ_VERDICT_INCOMPLETE);
              g_clear_pointer (&v, xq_verdict_free);
              continue;
            }
          else if (xq_exercise_is (ex, "mate"))
            {
              XqSolution sol;
              g_autoptr(XqSolver) solver = xq_solver_new ();
              XqAnswer key = { .moves = &sol.keys[0], .n_moves = 1 };
              g_assert_cmpint (xq_solver_solve (solver, &ex->position, answer.count, &sol), ==, XQ_SOLVE_MATE);
              if (sol.mate > 1)
                continue;
              v = xq_exercise_check (ex, &key);
            }
          else
            g_assert_not_reached ();
          g_assert_cmpint (v->kind, ==, XQ_VERDICT_CORRECT);
        }
    }
}

/* Lesson text goes through gettext: with the lesson catalogues compiled from
 * po/extra, unit 1 and a loader message come out in Chinese, in the right
 * script for each locale. */
typedef struct {
  const char *lang;
  const char *title;     /* unit 1's title */
  const char *message;   /* a loader problem */
} Translation;

static const Translation translations[] = {
  { "zh_CN", "认识棋盘", "$.author: 未知的键“author”" },
  { "zh_TW", "認識棋盤", "$.author: 未知的鍵「author」" },
};

static void
test_translated (gconstpointer data)
{
  const Translation *tr = data;
  g_autofree char *lesson = g_build_filename (lessons_dir (), "unit1-board.json", NULL);
  g_autofree char *src = g_getenv ("XQ_SOURCE_DIR") ? g_strdup (g_getenv ("XQ_SOURCE_DIR")) : g_build_filename (SOURCE_LESSONS_DIR, "..", NULL);
  g_autofree char *bad = g_build_filename (src, "tests", "data", "bad-lessons", "08-unknown-key.json", NULL);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  g_autoptr(XqLessonFile) unit = NULL;
  g_autoptr(XqLessonFile) none = NULL;
  g_autofree char *line = NULL;
  char *root = xq_test_lesson_mo_begin (tr->lang);

  unit = xq_lesson_load_file (lesson, problems);
  g_assert_nonnull (unit);
  g_assert_cmpstr (unit->unit->title, ==, tr->title);
  none = xq_lesson_load_file (bad, problems);
  g_assert_null (none);
  g_assert_cmpuint (problems->len, ==, 1);
  line = g_strdup_printf ("%s: %s", ((XqLessonProblem *) g_ptr_array_index (problems, 0))->path,
                          ((XqLessonProblem *) g_ptr_array_index (problems, 0))->message);
  g_assert_cmpstr (line, ==, tr->message);

  xq_test_lesson_mo_end (root, tr->lang);
}

/* Every rung of every shipped exercise's hint ladder says something about
 * this exercise (never a fallback that would fit any question), and a
 * sentence about marks comes with marks; the last rung shows the answer. */
static void
test_hints_are_real (void)
{
  const char *about_marks[] = { _("Look at the marked piece."), _("Look at the marked point."),
                                _("Look at the marks on the board.") };
  const char *generic[] = { _("Read the question again, slowly."),
                            _("Think about each choice in turn: which one fits?"),
                            _("Think about which of your pieces can reach the goal.") };

  g_assert_nonnull (curriculum);
  for (guint i = 0; i < curriculum->len; i++)
    {
      XqUnit *unit = ((XqLessonFile *) g_ptr_array_index (curriculum, i))->unit;

      for (guint j = 0; j < unit->exercises->len; j++)
        {
          XqExercise *ex = g_ptr_array_index (unit->exercises, j);
          XqAttempt a;

          g_test_message ("%s/%s", unit->id, ex->id);
          xq_attempt_init (&a, ex);
          for (int level = 1; level <= XQ_HINT_LEVELS; level++)
            {
              g_autoptr(XqHint) hint = xq_attempt_hint (&a, level);
              gboolean says_marks = FALSE;

              g_assert_nonnull (hint->text);
              g_assert_cmpstr (hint->text, !=, "");
              for (guint k = 0; k < G_N_ELEMENTS (about_marks); k++)
                says_marks |= strcmp (hint->text, about_marks[k]) == 0;
              for (guint k = 0; k < G_N_ELEMENTS (generic); k++)
                g_assert_cmpstr (hint->text, !=, generic[k]);
              if (says_marks)
                g_assert_cmpint (hint->marks.n_marks, >, 0);
              if (level == XQ_HINT_LEVELS)
                g_assert_true (hint->marks.n_marks > 0 || hint->choice != NULL);
            }
          xq_attempt_clear (&a);
        }
    }
}

/* The kind table is whole: every kind has what the loader, the player and
 * the editor call, and its fields' rule references hold. */

/* A sentence that explains something: not empty, not a generic "Not
 * quite", and about this board (marks on it) or this question (a choice,
 * a number or a point named). */
static void
assert_explains (const XqVerdict *v)
{
  static const char *const generic[] = { "Not quite", "Try again", "Well done", "Look again",
                                         "Tap a point on the board.", "That is not a move." };
  gboolean named = FALSE;

  g_assert_nonnull (v);
  g_assert_cmpint (v->kind, !=, XQ_VERDICT_CORRECT);
  g_assert_nonnull (v->message);
  g_test_message ("  %s", v->message);
  g_assert_cmpstr (v->message, !=, "");
  for (guint i = 0; i < G_N_ELEMENTS (generic); i++)
    g_assert_false (g_str_has_prefix (v->message, generic[i]));
  for (const char *c = v->message; *c; c++)
    named |= g_ascii_isdigit (*c);
  named |= strstr (v->message, "“") != NULL;
  g_assert_true (v->marks.n_marks > 0 || named);
}

static XqVerdict *
input (XqAttempt *a, XqInputType type, XqSquare sq, XqMove m, XqPiece piece, const char *choice)
{
  XqInput in = { .type = type, .sq = sq, .move = m, .piece = piece, .choice = choice };
  return xq_attempt_input (a, &in);
}

/* Every shipped exercise, answered wrongly the way a child would (every
 * wrong point of a tap, every wrong choice on the first and the last try,
 * a legal move that misses, a step the walker cannot make, a piece on a
 * wrong point, a move that lets the general go), says why. */
static void
test_wrong_answers_explain (void)
{
  g_assert_nonnull (curriculum);
  for (guint i = 0; i < curriculum->len; i++)
    {
      XqUnit *unit = ((XqLessonFile *) g_ptr_array_index (curriculum, i))->unit;

      for (guint j = 0; j < unit->exercises->len; j++)
        {
          XqExercise *ex = g_ptr_array_index (unit->exercises, j);
          XqAnswer answer;
          int checked = 0;

          g_test_message ("%s/%s", unit->id, ex->id);
          xq_exercise_answer (ex, &answer);
          if (xq_exercise_is (ex, "tap"))
            for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
              {
                g_autoptr(XqVerdict) v = NULL;
                gboolean right = FALSE;
                XqAttempt a;

                for (int k = 0; k < answer.n_points; k++)
                  right |= answer.points[k] == sq;
                if (right)
                  continue;
                xq_attempt_init (&a, ex);
                v = input (&a, XQ_INPUT_TAP, sq, XQ_MOVE_NONE, XQ_EMPTY, NULL);
                if (xq_attempt_wants_check (&a))
                  {
                    g_clear_pointer (&v, xq_verdict_free);
                    v = input (&a, XQ_INPUT_CHECK, XQ_NO_SQUARE, XQ_MOVE_NONE, XQ_EMPTY, NULL);
                  }
                g_assert_cmpint (v->kind, ==, XQ_VERDICT_WRONG);
                assert_explains (v);
                checked++;
                xq_attempt_clear (&a);
              }
          else if (xq_exercise_is (ex, "choose") || xq_exercise_is (ex, "write-move") ||
                   xq_exercise_is (ex, "replay"))
            {
              GPtrArray *choices = xq_exercise_choices (ex);

              for (guint k = 0; k < choices->len; k++)
                {
                  const char *id = ((XqChoice *) g_ptr_array_index (choices, k))->id;
                  g_autoptr(XqVerdict) v = NULL;
                  g_autofree char *fallback = NULL;
                  XqAttempt a;

                  if (strcmp (id, answer.choice) == 0)
                    continue;
                  xq_attempt_init (&a, ex);
                  v = input (&a, XQ_INPUT_CHOOSE, XQ_NO_SQUARE, XQ_MOVE_NONE, XQ_EMPTY, id);
                  assert_explains (v);
                  /* An author's question says more than the sentence that fits any. */
                  fallback = g_strdup_printf (_("Not “%s”. Read the question again and think it through."),
                                              ((XqChoice *) g_ptr_array_index (choices, k))->text);
                  g_assert_cmpstr (v->message, !=, fallback);
                  checked++;
                  /* The last try, with another wrong choice where there is one. */
                  for (guint l = 0; l < choices->len; l++)
                    {
                      const char *other = ((XqChoice *) g_ptr_array_index (choices, l))->id;
                      g_autoptr(XqVerdict) last = NULL;

                      if (l == k || strcmp (other, answer.choice) == 0)
                        continue;
                      last = input (&a, XQ_INPUT_CHOOSE, XQ_NO_SQUARE, XQ_MOVE_NONE, XQ_EMPTY, other);
                      assert_explains (last);
                      break;
                    }
                  xq_attempt_clear (&a);
                }
            }
          else if (xq_exercise_is (ex, "match"))
            /* A wrong piece (or an empty point) is judged at the tap. */
            for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
              {
                g_autoptr(XqVerdict) v = NULL;
                gboolean right = FALSE;
                XqAttempt a;

                for (int k = 0; k < answer.n_points; k++)
                  right |= answer.points[k] == sq;
                if (right)
                  continue;
                xq_attempt_init (&a, ex);
                v = input (&a, XQ_INPUT_TAP, sq, XQ_MOVE_NONE, XQ_EMPTY, NULL);
                g_assert_cmpint (v->kind, ==, XQ_VERDICT_WRONG);
                assert_explains (v);
                checked++;
                xq_attempt_clear (&a);
              }
          else if (xq_exercise_is (ex, "move") || xq_exercise_is (ex, "mate") || xq_exercise_is (ex, "read-move"))
            {
              XqPosition pos = ex->position;
              XqMove moves[XQ_MAX_MOVES];
              int n = xq_position_legal_moves (&pos, moves);

              for (int k = 0; k < n && checked == 0; k++)
                {
                  XqAnswer try = { .moves = &moves[k], .n_moves = 1 };
                  g_autoptr(XqVerdict) v = xq_exercise_check (ex, &try);

                  if (v->kind == XQ_VERDICT_CORRECT || v->kind == XQ_VERDICT_INCOMPLETE)
                    continue;
                  assert_explains (v);
                  checked++;
                }
              /* Every legal move is right (getting out of check): a move
               * that stays in check is the wrong answer. */
              n = xq_position_pseudo_moves (&pos, moves);
              for (int k = 0; k < n && checked == 0; k++)
                {
                  XqAnswer try = { .moves = &moves[k], .n_moves = 1 };
                  g_autoptr(XqVerdict) v = NULL;

                  if (xq_position_is_legal (&pos, moves[k]))
                    continue;
                  v = xq_exercise_check (ex, &try);
                  assert_explains (v);
                  checked++;
                }
            }
          else if (xq_exercise_is (ex, "stars"))
            {
              XqAttempt a;

              xq_attempt_init (&a, ex);
              for (XqSquare to = 0; to < XQ_SQUARES && checked == 0; to++)
                {
                  XqSquare steps[XQ_SQUARES];
                  int n = xq_lesson_star_steps (&a.shown, a.walker, steps);
                  gboolean can = to == a.walker;
                  g_autoptr(XqVerdict) v = NULL;

                  for (int k = 0; k < n; k++)
                    can |= steps[k] == to;
                  if (can || a.shown.board[to] != XQ_EMPTY)
                    continue;
                  v = input (&a, XQ_INPUT_MOVE, XQ_NO_SQUARE, xq_move_make (a.walker, to), XQ_EMPTY, NULL);
                  assert_explains (v);
                  checked++;
                }
              xq_attempt_clear (&a);
            }
          else if (xq_exercise_is (ex, "type-move"))
            {
              XqMove moves[XQ_MAX_MOVES];
              XqPosition pos = ex->position;
              int n = xq_position_legal_moves (&pos, moves);
              XqMove shown = xq_move_from_iccs (xq_exercise_get_field (ex, "arrow"));

              /* Every other legal move, typed as the core writes it, and a
               * text that is no move at all. */
              for (int k = 0; k < n; k++)
                {
                  g_autofree char *text = xq_notation_format (&pos, moves[k], xq_answer_learner_notation ());
                  XqAnswer typed = { .text = text };
                  g_autoptr(XqVerdict) v = NULL;

                  if (moves[k] == shown)
                    continue;
                  v = xq_exercise_check (ex, &typed);
                  assert_explains (v);
                  checked++;
                }
              {
                XqAnswer typed = { .text = "?" };
                g_autoptr(XqVerdict) v = xq_exercise_check (ex, &typed);
                assert_explains (v);
              }
            }
          else if (xq_exercise_is (ex, "setup"))
            {
              XqAttempt a;

              xq_attempt_init (&a, ex);
              for (XqPiece p = 0; p < 16 && checked == 0; p++)
                for (XqSquare sq = 0; sq < XQ_SQUARES && checked == 0 && a.tray[p] > 0; sq++)
                  {
                    g_autoptr(XqVerdict) v = NULL;

                    if (a.board[sq] != XQ_EMPTY || answer.board[sq] == p)
                      continue;
                    v = input (&a, XQ_INPUT_PLACE, sq, XQ_MOVE_NONE, p, NULL);
                    assert_explains (v);
                    checked++;
                  }
              /* Nothing left in the tray: the misplaced pieces are checked. */
              if (checked == 0)
                {
                  g_autoptr(XqVerdict) v = input (&a, XQ_INPUT_CHECK, XQ_NO_SQUARE, XQ_MOVE_NONE, XQ_EMPTY, NULL);
                  assert_explains (v);
                  checked++;
                }
              xq_attempt_clear (&a);
            }
          g_assert_cmpint (checked, >, 0);
        }
    }
}

static void
test_kind_table (void)
{
  guint n_kinds, n_common;
  const XqKind *const *kinds = xq_kinds (&n_kinds);
  const XqKindField *common = xq_kind_common_fields (&n_common);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  g_autoptr(GString) names = g_string_new (NULL);
  g_autoptr(XqLessonFile) file = NULL;
  g_autofree char *expected = NULL;

  g_assert_cmpuint (n_kinds, >=, 6);
  for (guint k = 0; k < n_kinds; k++)
    {
      const XqKind *kind = kinds[k];

      g_string_append_printf (names, "%s%s", k ? ", " : "", kind->name);
      g_assert_true (xq_kind_by_name (kind->name) == kind);
      g_assert_nonnull (kind->label);
      g_assert_cmpint (kind->input, !=, 0);
      g_assert_true (kind->read && kind->answer && kind->check && kind->input_cb && kind->hint);
      for (guint i = 0; i < kind->n_fields; i++)
        {
          const XqKindField *f = &kind->fields[i];

          g_assert_nonnull (f->label);
          for (guint c = 0; c < n_common; c++)
            g_assert_cmpstr (f->key, !=, common[c].key);
          for (guint j = 0; j < i; j++)
            g_assert_cmpstr (f->key, !=, kind->fields[j].key);
          if (f->type == XQ_FIELD_ENUM || f->type == XQ_FIELD_SIDE)
            g_assert_nonnull (f->values);
          if (f->rule_key != NULL)
            {
              const XqKindField *rule = xq_kind_find_field (kind, f->rule_key);

              g_assert_nonnull (rule);
              g_assert_cmpint (rule->type, ==, XQ_FIELD_ENUM);
              for (const char *const *v = f->applies; v && *v; v++)
                {
                  gboolean known = FALSE;
                  for (const XqFieldValue *r = rule->values; r->value; r++)
                    known |= strcmp (r->value, *v) == 0;
                  g_assert_true (known);
                }
              for (const char *const *v = f->required_for; v && *v; v++)
                g_assert_true (xq_kind_field_applies (f, *v));
            }
        }
    }
  /* The loader knows exactly the table's kinds. */
  file = xq_lesson_load_data ("{ \"format\": 1, \"type\": \"unit\", \"id\": \"u\", \"number\": 1, \"title\": \"T\","
                              "  \"pages\": [ { \"text\": \"p\" } ],"
                              "  \"exercises\": [ { \"id\": \"a\", \"kind\": \"juggle\", \"prompt\": \"P\" } ] }",
                              -1, "t.json", problems);
  g_assert_null (file);
  g_assert_cmpuint (problems->len, ==, 1);
  expected = g_strdup_printf ("“juggle” is not one of: %s", names->str);
  g_assert_cmpstr (((XqLessonProblem *) g_ptr_array_index (problems, 0))->message, ==, expected);
  g_assert_cmpstr (((XqLessonProblem *) g_ptr_array_index (problems, 0))->path, ==, "$.exercises[0].kind");
}

int
main (int argc, char **argv)
{
  int status;

  setlocale (LC_ALL, "");
  xq_test_isolate_dirs ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/data/lessons/validates", test_validates);
  g_test_add_func ("/data/lessons/all-units", test_all_units);
  g_test_add_func ("/data/lessons/answers-accepted", test_answers_accepted);
  g_test_add_func ("/data/lessons/hints-are-real", test_hints_are_real);
  g_test_add_func ("/data/lessons/wrong-answers-explain", test_wrong_answers_explain);
  g_test_add_func ("/data/lessons/kind-table", test_kind_table);
  for (size_t i = 0; i < G_N_ELEMENTS (translations); i++)
    {
      g_autofree char *path = g_strdup_printf ("/data/lessons/translated/%s", translations[i].lang);
      g_test_add_data_func (path, &translations[i], test_translated);
    }
  status = g_test_run ();
  g_clear_pointer (&curriculum, g_ptr_array_unref);
  return status;
}
