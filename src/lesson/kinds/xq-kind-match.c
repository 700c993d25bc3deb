/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The "match" kind: knowing the pieces by their characters
 * (docs/lesson-format.md, "match").  Either the prompt names a piece and
 * the learner taps a point holding one ("name"), or a piece is marked and
 * the learner taps its partner of the other colour, the piece with the same
 * moves and a different character or colour (帥=將, 仕=士, 相=象, 兵=卒,
 * 俥/車, 傌/馬, 炮/砲: "pair").  The answer is every point holding such a
 * piece, read off the board. */
#define G_LOG_DOMAIN "xq-kind-match"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-kind.h"
#include "xq-lesson-rules.h"
#include "xq-demo.h"

typedef enum {
  MATCH_NAME,  /* tap a piece of type "piece" (of "side", when given) */
  MATCH_PAIR,  /* tap the other colour's piece of the type on "square" */
} MatchRule;

typedef enum {
  MATCH_SIDE_ANY,
  MATCH_SIDE_RED,
  MATCH_SIDE_BLACK,
} MatchSide;

typedef struct {
  MatchRule   rule;
  gboolean    all;      /* tap every answer point (else any one of them) */
  XqPieceType type;     /* the piece looked for */
  MatchSide   side;
  XqSquare    square;   /* pair: the marked piece */
  gboolean    answer[XQ_SQUARES];
  XqSquare    points[XQ_SQUARES];  /* the answer, in board order */
  int         n_answer;
} Match;

static const XqFieldValue rules[] = {
  { "name", N_("Tap the piece named") },
  { "pair", N_("Tap the partner of the marked piece") },
  { NULL, NULL }
};
static const XqFieldValue selects[] = {
  { "one", N_("Any one right point") }, { "all", N_("Every right point") }, { NULL, NULL }
};
/* In XqPieceType order from XQ_KING. */
static const XqFieldValue pieces[] = {
  { "general", N_("general (帥, 將)") }, { "advisor", N_("advisor (仕, 士)") },
  { "elephant", N_("elephant (相, 象)") }, { "horse", N_("horse (傌, 馬)") },
  { "chariot", N_("chariot (俥, 車)") }, { "cannon", N_("cannon (炮, 砲)") },
  { "soldier", N_("soldier (兵, 卒)") }, { NULL, NULL }
};
static const XqFieldValue sides[] = {
  { "any", N_("Either side") }, { "red", N_("Red") }, { "black", N_("Black") }, { NULL, NULL }
};
static const char *const with_name[] = { "name", NULL };
static const char *const with_pair[] = { "pair", NULL };

static const XqKindField fields[] = {
  { "rule", N_("_Question"), XQ_FIELD_ENUM, rules, 0, 0, FALSE },
  { "select", N_("_Learner taps"), XQ_FIELD_ENUM, selects, 0, 0, FALSE },
  { "piece", N_("_Piece"), XQ_FIELD_ENUM, pieces, 0, 0, TRUE, "rule", with_name },
  { "side", N_("_Side"), XQ_FIELD_ENUM, sides, 0, 0, FALSE, "rule", with_name },
  { "square", N_("_Marked piece"), XQ_FIELD_POINT, NULL, 0, 0, TRUE, "rule", with_pair },
};

/* A piece's name with the character the traditional set draws, for the
 * verdicts and hints; the translations give the learner's own script. */
static const char *
piece_name (XqPieceType t, MatchSide side)
{
  static const char *const names[3][XQ_N_TYPES] = {
    { NULL, N_("general (帥, 將)"), N_("advisor (仕, 士)"), N_("elephant (相, 象)"),
      N_("horse (傌, 馬)"), N_("chariot (俥, 車)"), N_("cannon (炮, 砲)"), N_("soldier (兵, 卒)") },
    { NULL, N_("red general (帥)"), N_("red advisor (仕)"), N_("red elephant (相)"),
      N_("red horse (傌)"), N_("red chariot (俥)"), N_("red cannon (炮)"), N_("red soldier (兵)") },
    { NULL, N_("black general (將)"), N_("black advisor (士)"), N_("black elephant (象)"),
      N_("black horse (馬)"), N_("black chariot (車)"), N_("black cannon (砲)"), N_("black soldier (卒)") },
  };

  g_return_val_if_fail (t > XQ_NO_TYPE && t < XQ_N_TYPES, "");
  return _(names[side][t]);
}

static MatchSide
side_of (XqPiece p)
{
  return xq_piece_color (p) == XQ_RED ? MATCH_SIDE_RED : MATCH_SIDE_BLACK;
}

static gboolean
wanted (const Match *m, XqPiece p)
{
  if (p == XQ_EMPTY || xq_piece_type (p) != m->type)
    return FALSE;
  return m->side == MATCH_SIDE_ANY || side_of (p) == m->side;
}

static gpointer
match_read (XqKindReader *r, JsonObject *o, const char *path, XqExercise *ex)
{
  g_autofree Match *m = g_new0 (Match, 1);
  int rule, select, piece, side;

  m->square = XQ_NO_SQUARE;
  rule = xq_kind_get_enum (r, o, path, &fields[0], MATCH_NAME);
  select = xq_kind_get_enum (r, o, path, &fields[1], 0);
  if (rule < 0 || select < 0)
    return NULL;
  m->rule = rule;
  m->all = select == 1;

  switch (m->rule)
    {
    case MATCH_NAME:
      xq_kind_refuse_key (r, o, path, "square", _("“square” belongs only to the rule “pair”"));
      piece = xq_kind_get_enum (r, o, path, &fields[2], -1);
      side = xq_kind_get_enum (r, o, path, &fields[3], MATCH_SIDE_ANY);
      if (piece < 0 || side < 0)
        return NULL;
      m->type = (XqPieceType) (XQ_KING + piece);
      m->side = side;
      break;
    case MATCH_PAIR:
      {
        g_autofree char *p = xq_kind_path (path, "square");
        char name[3];
        XqPiece marked;

        /* The marked piece decides what its partner is. */
        xq_kind_refuse_key (r, o, path, "piece", _("“piece” belongs only to the rule “name”"));
        xq_kind_refuse_key (r, o, path, "side", _("“side” belongs only to the rule “name”"));
        m->square = xq_kind_get_square (r, o, path, "square", TRUE);
        if (m->square == XQ_NO_SQUARE)
          return NULL;
        marked = ex->position.board[m->square];
        if (marked == XQ_EMPTY)
          {
            xq_square_to_text (m->square, name);
            xq_kind_problem (r, XQ_LESSON_ERROR_BAD_SQUARE, p, _("there is no piece on %s"), name);
            return NULL;
          }
        m->type = xq_piece_type (marked);
        m->side = side_of (marked) == MATCH_SIDE_RED ? MATCH_SIDE_BLACK : MATCH_SIDE_RED;
        break;
      }
    default:
      g_return_val_if_reached (NULL);
    }
  if (xq_kind_had_problems (r))
    return NULL;
  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    if (wanted (m, ex->position.board[sq]))
      {
        m->answer[sq] = TRUE;
        m->points[m->n_answer++] = sq;
      }
  if (m->n_answer == 0)
    {
      xq_kind_problem (r, XQ_LESSON_ERROR_UNSOLVABLE, path,
                       _("there is no %s on the board to tap"), piece_name (m->type, m->side));
      return NULL;
    }
  return g_steal_pointer (&m);
}

static void
match_answer (const XqExercise *ex, XqAnswer *out)
{
  const Match *m = ex->data;

  out->points = m->points;
  out->n_points = m->n_answer;
}

/* Why a tapped point is not an answer: what stands there, in words. */
static char *
wrong_reason (const XqExercise *ex, XqSquare sq)
{
  const Match *m = ex->data;
  XqPiece p = ex->position.board[sq];
  const char *looked_for = piece_name (m->type, m->side);

  if (p == XQ_EMPTY)
    /* TRANSLATORS: %s is a piece's name, "horse (傌, 馬)". */
    return g_strdup_printf (_("There is no piece on that point. Look for the %s."), looked_for);
  if (m->rule == MATCH_PAIR && sq == m->square)
    return g_strdup_printf (_("That is the marked piece itself. Look for the %s."), looked_for);
  if (m->rule == MATCH_PAIR && xq_piece_type (p) == m->type)
    /* TRANSLATORS: both are pieces' names, "red horse (傌)". */
    return g_strdup_printf (_("That is a %s too, but on the same side. Look for the %s."),
                            piece_name (xq_piece_type (p), side_of (p)), looked_for);
  /* TRANSLATORS: both are pieces' names: what was tapped, what is wanted. */
  return g_strdup_printf (_("That is the %s. Look for the %s."),
                          piece_name (xq_piece_type (p), side_of (p)), looked_for);
}

static void
mark_marked (const Match *m, XqLessonMarks *marks)
{
  if (m->square != XQ_NO_SQUARE)
    xq_lesson_marks_add (marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_TARGET, m->square);
}

static XqVerdict *
match_check (const XqExercise *ex, const XqAnswer *answer)
{
  const Match *m = ex->data;
  gboolean tapped[XQ_SQUARES] = { FALSE };
  XqSquare first_wrong = XQ_NO_SQUARE;
  int right = 0;
  XqVerdict *v;

  g_return_val_if_fail (answer->n_points >= 0, NULL);
  for (int i = 0; i < answer->n_points; i++)
    {
      XqSquare sq = answer->points[i];

      if (sq < 0 || sq >= XQ_SQUARES || tapped[sq])
        continue;
      tapped[sq] = TRUE;
      if (m->answer[sq])
        right++;
      else if (first_wrong == XQ_NO_SQUARE)
        first_wrong = sq;
    }

  if (first_wrong != XQ_NO_SQUARE)
    {
      g_autofree char *why = wrong_reason (ex, first_wrong);
      v = xq_verdict_new (XQ_VERDICT_WRONG, why);
    }
  else if (right == 0)
    v = xq_verdict_new (XQ_VERDICT_INCOMPLETE, _("Tap a piece on the board."));
  else if (m->all && right < m->n_answer)
    v = xq_verdict_new (XQ_VERDICT_INCOMPLETE, _("Right! There are more to find."));
  else
    v = xq_verdict_new (XQ_VERDICT_CORRECT, _("Well done!"));

  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    if (tapped[sq])
      xq_lesson_marks_add (&v->marks, XQ_LESSON_MARK_POINT,
                           m->answer[sq] ? XQ_LESSON_ROLE_CORRECT : XQ_LESSON_ROLE_WRONG, sq);
  if (first_wrong != XQ_NO_SQUARE)
    {
      /* The cross on what was tapped; the piece to match stays marked. */
      xq_lesson_marks_add (&v->marks, XQ_LESSON_MARK_CROSS, XQ_LESSON_ROLE_WRONG, first_wrong);
      mark_marked (m, &v->marks);
    }
  return v;
}

static void
show_taps (XqAttempt *a)
{
  a->base_marks = a->ex->marks;
  mark_marked (a->ex->data, &a->base_marks);
  for (int i = 0; i < a->n_taps; i++)
    xq_lesson_marks_add (&a->base_marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_HIGHLIGHT, a->taps[i]);
}

static void
match_start (XqAttempt *a)
{
  show_taps (a);
}

static XqVerdict *
judge (XqAttempt *a)
{
  const Match *m = a->ex->data;
  XqAnswer answer = { .points = a->taps, .n_points = a->n_taps };
  XqVerdict *v = match_check (a->ex, &answer);

  if (v->kind == XQ_VERDICT_WRONG)
    {
      a->wrong++;
      xq_attempt_keep_right_taps (a, m->answer);
    }
  show_taps (a);
  return v;
}

static XqVerdict *
match_input (XqAttempt *a, const XqInput *in)
{
  const Match *m = a->ex->data;
  gboolean added;

  if (in->type == XQ_INPUT_CHECK && m->all)
    return judge (a);
  if (in->type != XQ_INPUT_TAP || in->sq < 0 || in->sq >= XQ_SQUARES)
    return NULL;
  if (!m->all)
    {
      a->taps[0] = in->sq;
      a->n_taps = 1;
      return judge (a);
    }
  /* A wrong piece is told at once: the reason is about that one tap. */
  added = xq_attempt_toggle_tap (a, in->sq);
  if (added && !m->answer[in->sq])
    return judge (a);
  show_taps (a);
  return xq_verdict_selecting (a, added, m->n_answer);
}

static gboolean
match_wants_check (const XqAttempt *a)
{
  return ((const Match *) a->ex->data)->all;
}

/* The piece (its characters, or the marked piece), then one point still to
 * find, then all of them. */
static void
match_hint (const XqAttempt *a, int level, XqHint *out)
{
  const Match *m = a->ex->data;

  if (level == 1)
    {
      if (m->rule == MATCH_PAIR)
        {
          mark_marked (m, &out->marks);
          /* TRANSLATORS: %s is a piece's name, "black horse (馬)". */
          out->text = g_strdup_printf (_("Look at the marked piece. Its partner is the %s: the same piece for the other side."),
                                       piece_name (m->type, m->side));
        }
      else
        out->text = g_strdup_printf (_("Look for the character of the %s."), piece_name (m->type, m->side));
      return;
    }
  xq_hint_for_points (m->points, m->n_answer, a->taps, a->n_taps, level, out);
}

static char *
match_answer_key (const XqExercise *ex, XqAnswerStyle *style)
{
  const Match *m = ex->data;
  GString *s = g_string_new (NULL);

  xq_answer_append_points (s, m->points, m->n_answer, style);
  return g_string_free (s, FALSE);
}

static const XqPosition *
match_picture (const XqExercise *ex, XqLessonMarks *marks)
{
  mark_marked (ex->data, marks);
  return &ex->position;
}

const XqKind xq_kind_match = {
  .name = "match",
  .label = N_("Match the pieces"),
  .input = XQ_KIND_INPUT_TAP | XQ_KIND_INPUT_CHECK,
  .fields = fields,
  .n_fields = G_N_ELEMENTS (fields),
  .read = match_read,
  .free_data = g_free,
  .fen_checked = TRUE,
  .answer = match_answer,
  .check = match_check,
  .start = match_start,
  .input_cb = match_input,
  .hint = match_hint,
  .wants_check = match_wants_check,
  .answer_key = match_answer_key,
  .picture = match_picture,
  .demo = xq_demo_tap_points,
};
