/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The "tap" kind: tap the points the rules (or the author) name. */
#define G_LOG_DOMAIN "xq-kind-tap"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-kind.h"
#include "xq-lesson-rules.h"

typedef enum {
  TAP_POINTS,      /* "points": the author's list */
  TAP_REACH,       /* every point the piece on "square" can reach */
  TAP_ATTACKERS,   /* every piece that attacks the piece on "square" */
  TAP_IN_DANGER,   /* every piece of "side" the other side attacks */
  TAP_BLOCKERS,    /* the pieces blocking the horse's legs / elephant's eyes on "square" */
  TAP_PALACE,      /* the palace of "side" */
  TAP_RIVER_BANK,  /* the river bank of "side" */
  TAP_FILE,        /* file "number" of "side", counted from that side's right */
} TapRule;

typedef struct {
  TapRule  rule;
  gboolean all;     /* tap every answer point (else any one of them) */
  XqSquare square;
  XqColor  side;
  int      number;
  gboolean answer[XQ_SQUARES];
  int      n_answer;
  XqSquare points[XQ_SQUARES];  /* the answer, in board order */
} Tap;

static const XqFieldValue rules[] = {
  { "points", N_("The points I mark") },
  { "reach", N_("Where the marked piece can go") },
  { "attackers", N_("Pieces attacking the marked piece") },
  { "in-danger", N_("Pieces in danger") },
  { "blockers", N_("Pieces blocking the marked horse or elephant") },
  { "palace", N_("The palace") },
  { "river-bank", N_("The river bank") },
  { "file", N_("A file, counted from the side’s right") },
  { NULL, NULL }
};
static const XqFieldValue selects[] = {
  { "all", N_("Every right point") }, { "one", N_("Any one right point") }, { NULL, NULL }
};
static const XqFieldValue sides[] = { { "red", N_("Red") }, { "black", N_("Black") }, { NULL, NULL } };
static const char *const with_square[] = { "reach", "attackers", "blockers", NULL };
static const char *const with_side[] = { "in-danger", "palace", "river-bank", "file", NULL };
static const char *const with_points[] = { "points", NULL };
static const char *const with_number[] = { "file", NULL };

static const XqKindField fields[] = {
  { "rule", N_("_Answer"), XQ_FIELD_ENUM, rules, 0, 0, FALSE },
  { "select", N_("_Learner taps"), XQ_FIELD_ENUM, selects, 0, 0, FALSE },
  { "points", N_("_Points"), XQ_FIELD_POINTS, NULL, 1, XQ_SQUARES, TRUE, "rule", with_points },
  { "square", N_("_Piece"), XQ_FIELD_POINT, NULL, 0, 0, TRUE, "rule", with_square },
  { "side", N_("_Side"), XQ_FIELD_SIDE, sides, 0, 0, TRUE, "rule", with_side },
  { "number", N_("_File number"), XQ_FIELD_NUMBER, NULL, 1, 9, TRUE, "rule", with_number },
};

/* The square must hold a piece. */
static gboolean
require_piece (XqKindReader *r, const XqExercise *ex, XqSquare sq, const char *path)
{
  g_autofree char *p = xq_kind_path (path, "square");
  char name[3];

  if (sq == XQ_NO_SQUARE)
    return FALSE;
  xq_square_to_text (sq, name);
  if (ex->position.board[sq] == XQ_EMPTY)
    {
      xq_kind_problem (r, XQ_LESSON_ERROR_BAD_SQUARE, p, _("there is no piece on %s"), name);
      return FALSE;
    }
  return TRUE;
}

static gpointer
tap_read (XqKindReader *r, JsonObject *o, const char *path, XqExercise *ex)
{
  g_autofree Tap *t = g_new0 (Tap, 1);
  XqSquare pts[XQ_SQUARES];
  int rule, select, n = 0, side;

  t->square = XQ_NO_SQUARE;
  rule = xq_kind_get_enum (r, o, path, &fields[0], TAP_POINTS);
  select = xq_kind_get_enum (r, o, path, &fields[1], 0);
  if (rule < 0 || select < 0)
    return NULL;
  t->rule = rule;
  t->all = select == 0;

  switch (t->rule)
    {
    case TAP_POINTS:
      n = xq_kind_get_squares (r, o, path, "points", TRUE, pts, XQ_SQUARES);
      break;
    case TAP_REACH:
    case TAP_ATTACKERS:
    case TAP_BLOCKERS:
      t->square = xq_kind_get_square (r, o, path, "square", TRUE);
      if (!require_piece (r, ex, t->square, path))
        return NULL;
      if (t->rule == TAP_REACH)
        n = xq_lesson_reach (&ex->position, t->square, pts);
      else if (t->rule == TAP_ATTACKERS)
        n = xq_lesson_attackers (&ex->position, t->square, pts);
      else
        n = xq_lesson_blockers (&ex->position, t->square, pts);
      break;
    case TAP_IN_DANGER:
    case TAP_PALACE:
    case TAP_RIVER_BANK:
    case TAP_FILE:
      side = xq_kind_get_enum (r, o, path, &fields[4], -1);
      if (side < 0)
        return NULL;
      t->side = side;
      if (t->rule == TAP_IN_DANGER)
        n = xq_lesson_in_danger (&ex->position, t->side, pts);
      else if (t->rule == TAP_PALACE)
        n = xq_lesson_palace (t->side, pts);
      else if (t->rule == TAP_RIVER_BANK)
        n = xq_lesson_river_bank (t->side, pts);
      else if (xq_kind_get_int (r, o, path, "number", TRUE, 1, 9, &t->number))
        n = xq_lesson_file (t->side, t->number, pts);
      else
        return NULL;
      break;
    default:
      g_return_val_if_reached (NULL);
    }
  if (xq_kind_had_problems (r))
    return NULL;
  if (n == 0)
    {
      xq_kind_problem (r, XQ_LESSON_ERROR_UNSOLVABLE, path, _("the rules give no point to tap here"));
      return NULL;
    }
  for (int i = 0; i < n; i++)
    t->answer[pts[i]] = TRUE;
  t->n_answer = 0;
  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    if (t->answer[sq])
      t->points[t->n_answer++] = sq;
  return g_steal_pointer (&t);
}

static void
tap_answer (const XqExercise *ex, XqAnswer *out)
{
  const Tap *t = ex->data;

  out->points = t->points;
  out->n_points = t->n_answer;
}

/* Why a point is (or is not) an answer, drawn for the rules that have a
 * reason beyond geography. */
static void
explain_point (const XqExercise *ex, XqSquare sq, gboolean right, XqLessonMarks *marks)
{
  const Tap *t = ex->data;
  XqPosition pos = ex->position;
  XqSquare attackers[XQ_SQUARES];
  int n;

  switch (t->rule)
    {
    case TAP_REACH:
      if (!right && pos.board[t->square] != XQ_EMPTY)
        {
          g_autofree char *why = NULL;
          xq_position_set_side (&pos, xq_piece_color (pos.board[t->square]));
          why = xq_lesson_explain_illegal (&pos, xq_move_make (t->square, sq), marks);
        }
      break;
    case TAP_ATTACKERS:
      if (right)
        xq_lesson_marks_add_arrow (marks, XQ_LESSON_ROLE_ATTACK, sq, t->square);
      break;
    case TAP_IN_DANGER:
      n = xq_lesson_attackers (&pos, sq, attackers);
      for (int i = 0; i < n; i++)
        xq_lesson_marks_add_arrow (marks, XQ_LESSON_ROLE_ATTACK, attackers[i], sq);
      break;
    case TAP_BLOCKERS:
    case TAP_POINTS:
    case TAP_PALACE:
    case TAP_RIVER_BANK:
    case TAP_FILE:
    default:
      break;
    }
}

static XqVerdict *
tap_check (const XqExercise *ex, const XqAnswer *answer)
{
  const Tap *t = ex->data;
  gboolean tapped[XQ_SQUARES] = { FALSE };
  int right = 0, wrong = 0;
  XqVerdict *v;

  g_return_val_if_fail (answer->n_points >= 0, NULL);
  for (int i = 0; i < answer->n_points; i++)
    {
      XqSquare sq = answer->points[i];
      if (sq < 0 || sq >= XQ_SQUARES || tapped[sq])
        continue;
      tapped[sq] = TRUE;
      if (t->answer[sq])
        right++;
      else
        wrong++;
    }

  if (wrong > 0)
    v = xq_verdict_new (XQ_VERDICT_WRONG, t->rule == TAP_REACH
                        ? _("Not that point: the piece cannot go there.")
                        : _("Not quite: look again at the crossed point."));
  else if (right == 0)
    v = xq_verdict_new (XQ_VERDICT_INCOMPLETE, _("Tap a point on the board."));
  else if (t->all && right < t->n_answer)
    v = xq_verdict_new (XQ_VERDICT_INCOMPLETE, _("Right! There are more to find."));
  else
    v = xq_verdict_new (XQ_VERDICT_CORRECT, _("Well done!"));

  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    {
      if (tapped[sq] && t->answer[sq])
        xq_lesson_marks_add (&v->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_CORRECT, sq);
      else if (tapped[sq])
        xq_lesson_marks_add (&v->marks, XQ_LESSON_MARK_CROSS, XQ_LESSON_ROLE_WRONG, sq);
      else
        continue;
      explain_point (ex, sq, t->answer[sq], &v->marks);
    }
  /* After a wrong tap, show what was missed, each point with its reason. */
  if (v->kind == XQ_VERDICT_WRONG && t->all)
    for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
      if (t->answer[sq] && !tapped[sq])
        {
          xq_lesson_marks_add (&v->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_MISSING, sq);
          explain_point (ex, sq, TRUE, &v->marks);
        }
  return v;
}

static void
show_taps (XqAttempt *a)
{
  a->base_marks = a->ex->marks;
  for (int i = 0; i < a->n_taps; i++)
    xq_lesson_marks_add (&a->base_marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_HIGHLIGHT, a->taps[i]);
}

static XqVerdict *
judge_taps (XqAttempt *a)
{
  const Tap *t = a->ex->data;
  XqAnswer answer = { .points = a->taps, .n_points = a->n_taps };
  XqVerdict *v = tap_check (a->ex, &answer);

  if (v->kind == XQ_VERDICT_WRONG)
    {
      int k = 0;

      a->wrong++;
      /* The crosses stay until the next tap; the wrong points leave the
       * selection so one more tap is all it takes. */
      for (int i = 0; i < a->n_taps; i++)
        if (t->answer[a->taps[i]])
          a->taps[k++] = a->taps[i];
      a->n_taps = k;
    }
  /* The points still missing are the answer: that is the last rung of the
   * hint ladder, not the feedback on a slip. */
  if (v->kind != XQ_VERDICT_CORRECT)
    {
      XqLessonMarks kept;

      xq_lesson_marks_clear (&kept);
      for (int i = 0; i < v->marks.n_marks; i++)
        if (v->marks.marks[i].role != XQ_LESSON_ROLE_MISSING)
          kept.marks[kept.n_marks++] = v->marks.marks[i];
      v->marks = kept;
    }
  show_taps (a);
  return v;
}

static XqVerdict *
tap_input (XqAttempt *a, const XqInput *in)
{
  const Tap *t = a->ex->data;
  XqVerdict *v;

  if (in->type == XQ_INPUT_CHECK)
    return judge_taps (a);
  if (in->type != XQ_INPUT_TAP || in->sq < 0 || in->sq >= XQ_SQUARES)
    return NULL;
  if (!t->all)
    {
      /* One point wanted: the tap is the answer. */
      a->taps[0] = in->sq;
      a->n_taps = 1;
      v = judge_taps (a);
      if (v->kind != XQ_VERDICT_CORRECT)
        a->n_taps = 0;
      show_taps (a);
      return v;
    }
  for (int i = 0; i < a->n_taps; i++)
    if (a->taps[i] == in->sq)
      {
        a->taps[i] = a->taps[--a->n_taps];
        show_taps (a);
        return xq_verdict_new (XQ_VERDICT_INCOMPLETE, NULL);
      }
  a->taps[a->n_taps++] = in->sq;
  show_taps (a);
  return xq_verdict_new (XQ_VERDICT_INCOMPLETE, a->n_taps == t->n_answer
                                                ? _("Press Check when you are ready.") : NULL);
}

static gboolean
tap_wants_check (const XqAttempt *a)
{
  return ((const Tap *) a->ex->data)->all;
}

/* The piece the question is about, then one point still to find, then all
 * of them. */
static void
tap_hint (const XqAttempt *a, int level, XqHint *out)
{
  const Tap *t = a->ex->data;
  int shown = 0;

  if (level == 1 && t->square != XQ_NO_SQUARE)
    {
      xq_lesson_marks_add (&out->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_TARGET, t->square);
      out->text = g_strdup (_("Look at the marked piece."));
      return;
    }
  for (int i = 0; i < t->n_answer; i++)
    {
      gboolean tapped = FALSE;

      for (int j = 0; j < a->n_taps; j++)
        tapped |= a->taps[j] == t->points[i];
      if (tapped)
        continue;
      xq_lesson_marks_add (&out->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_MISSING, t->points[i]);
      if (++shown == 1 && level < 3)
        break;
    }
  out->text = g_strdup (level < 3 ? _("Look at the marked point.") : _("Here is the answer. Now you try!"));
}

static char *
tap_answer_key (const XqExercise *ex, XqAnswerStyle *style)
{
  const Tap *t = ex->data;
  GString *s = g_string_new (NULL);

  for (int i = 0; i < t->n_answer; i++)
    {
      if (s->len > 0)
        g_string_append (s, ", ");
      xq_answer_append_point (s, t->points[i], style);
    }
  return g_string_free (s, FALSE);
}

const XqKind xq_kind_tap = {
  .name = "tap",
  .label = N_("Tap points"),
  .input = XQ_KIND_INPUT_TAP | XQ_KIND_INPUT_CHECK,
  .fields = fields,
  .n_fields = G_N_ELEMENTS (fields),
  .read = tap_read,
  .free_data = g_free,
  .fen_checked = TRUE,
  .answer = tap_answer,
  .check = tap_check,
  .input_cb = tap_input,
  .hint = tap_hint,
  .wants_check = tap_wants_check,
  .answer_key = tap_answer_key,
};
