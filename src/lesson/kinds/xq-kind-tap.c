/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The "tap" kind: tap the points the rules (or the author) name. */
#define G_LOG_DOMAIN "xq-kind-tap"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-kind.h"
#include "xq-lesson-rules.h"
#include "xq-demo.h"

typedef enum {
  TAP_POINTS,      /* "points": the author's list */
  TAP_REACH,       /* every point the piece on "square" can reach */
  TAP_ATTACKERS,   /* every piece that attacks the piece on "square" */
  TAP_IN_DANGER,   /* every piece of "side" the other side attacks */
  TAP_BLOCKERS,    /* the pieces blocking the horse's legs / elephant's eyes on "square" */
  TAP_PALACE,      /* the palace of "side" */
  TAP_RIVER_BANK,  /* the river bank of "side" */
  TAP_FILE,        /* file "number" of "side", counted from that side's right */
  TAP_HANGING,     /* every piece of "side" the other side can take for nothing */
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
  { "hanging", N_("Attacked pieces that nothing defends") },
  { NULL, NULL }
};
static const XqFieldValue selects[] = {
  { "all", N_("Every right point") }, { "one", N_("Any one right point") }, { NULL, NULL }
};
static const XqFieldValue sides[] = { { "red", N_("Red") }, { "black", N_("Black") }, { NULL, NULL } };
static const char *const with_square[] = { "reach", "attackers", "blockers", NULL };
static const char *const with_side[] = { "in-danger", "palace", "river-bank", "file", "hanging", NULL };
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
    case TAP_HANGING:
      side = xq_kind_get_enum (r, o, path, &fields[4], -1);
      if (side < 0)
        return NULL;
      t->side = side;
      if (t->rule == TAP_IN_DANGER)
        n = xq_lesson_in_danger (&ex->position, t->side, pts);
      else if (t->rule == TAP_HANGING)
        n = xq_lesson_hanging (&ex->position, t->side, pts);
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

/* Why a point is an answer, drawn for the rules that have a reason beyond
 * geography. */
static void
explain_right (const XqExercise *ex, XqSquare sq, XqLessonMarks *marks)
{
  const Tap *t = ex->data;
  XqSquare attackers[XQ_SQUARES];
  int n;

  switch (t->rule)
    {
    case TAP_ATTACKERS:
      xq_lesson_marks_add_arrow (marks, XQ_LESSON_ROLE_ATTACK, sq, t->square);
      break;
    case TAP_IN_DANGER:
      n = xq_lesson_attackers (&ex->position, sq, attackers);
      for (int i = 0; i < n; i++)
        xq_lesson_marks_add_arrow (marks, XQ_LESSON_ROLE_ATTACK, attackers[i], sq);
      break;
    case TAP_HANGING:
      /* The captures that are real: legal ones. */
      n = xq_lesson_captures_on (&ex->position, sq, attackers);
      for (int i = 0; i < n; i++)
        xq_lesson_marks_add_arrow (marks, XQ_LESSON_ROLE_ATTACK, attackers[i], sq);
      break;
    case TAP_REACH:
    case TAP_BLOCKERS:
    case TAP_POINTS:
    case TAP_PALACE:
    case TAP_RIVER_BANK:
    case TAP_FILE:
    default:
      break;
    }
}

/* The core's reason why the piece on `from` cannot go to `to`, with its
 * marks but without the core's cross on `to` (the tapped point carries the
 * cross).  NULL when the move is legal. */
static char *
move_reason (const XqExercise *ex, XqSquare from, XqSquare to, XqLessonMarks *marks)
{
  XqPosition pos = ex->position;
  XqLessonMarks why;
  char *text;

  xq_lesson_marks_clear (&why);
  xq_position_set_side (&pos, xq_piece_color (pos.board[from]));
  text = xq_lesson_explain_illegal (&pos, xq_move_make (from, to), &why);
  for (int i = 0; i < why.n_marks; i++)
    if (why.marks[i].kind != XQ_LESSON_MARK_CROSS)
      {
        if (why.marks[i].kind == XQ_LESSON_MARK_ARROW)
          xq_lesson_marks_add_arrow (marks, why.marks[i].role, why.marks[i].sq, why.marks[i].to);
        else
          xq_lesson_marks_add (marks, why.marks[i].kind, why.marks[i].role, why.marks[i].sq);
      }
  return text;
}

static gboolean
in_list (const XqSquare *pts, int n, XqSquare sq)
{
  for (int i = 0; i < n; i++)
    if (pts[i] == sq)
      return TRUE;
  return FALSE;
}

/* "You tapped file 九; Red's file 一 is 8 files further to Red's right." */
static char *
file_reason (const Tap *t, XqSquare sq)
{
  int tapped = xq_lesson_file_number (t->side, sq), d = ABS (tapped - t->number);
  const char *a = xq_lesson_file_name (t->side, tapped), *b = xq_lesson_file_name (t->side, t->number);

  /* Each side counts from its own right: a smaller number is further right. */
  if (t->side == XQ_RED)
    return g_strdup_printf (tapped > t->number
                            ? g_dngettext (GETTEXT_PACKAGE,
                                           "You tapped file %s; Red’s file %s is %d file further to Red’s right.",
                                           "You tapped file %s; Red’s file %s is %d files further to Red’s right.", d)
                            : g_dngettext (GETTEXT_PACKAGE,
                                           "You tapped file %s; Red’s file %s is %d file further to Red’s left.",
                                           "You tapped file %s; Red’s file %s is %d files further to Red’s left.", d),
                            a, b, d);
  return g_strdup_printf (tapped > t->number
                          ? g_dngettext (GETTEXT_PACKAGE,
                                         "You tapped file %s; Black’s file %s is %d file further to Black’s right.",
                                         "You tapped file %s; Black’s file %s is %d files further to Black’s right.", d)
                          : g_dngettext (GETTEXT_PACKAGE,
                                         "You tapped file %s; Black’s file %s is %d file further to Black’s left.",
                                         "You tapped file %s; Black’s file %s is %d files further to Black’s left.", d),
                          a, b, d);
}

/* Why the piece on sq, tapped, is not hanging: not there, not the side
 * asked about, the general, nothing can take it, or its defender takes
 * back (drawn). */
static char *
hanging_reason (const XqExercise *ex, XqSquare sq, XqLessonMarks *marks)
{
  const Tap *t = ex->data;
  const XqPosition *pos = &ex->position;
  XqPiece piece = pos->board[sq];
  XqSquare takers[XQ_SQUARES], back[XQ_ATTACKS_MAX_POINTS];
  int n;

  if (piece == XQ_EMPTY)
    return g_strdup (_("Nothing stands on that point."));
  if (xq_piece_color (piece) != t->side)
    return g_strdup (t->side == XQ_RED ? _("That is a Black piece; the question is about Red’s pieces.")
                                       : _("That is a Red piece; the question is about Black’s pieces."));
  if (xq_piece_type (piece) == XQ_KING)
    return g_strdup (_("The general is never left to be taken: an attack on it is check, and it must get out."));
  n = xq_lesson_captures_on (pos, sq, takers);
  if (n == 0)
    return g_strdup (t->side == XQ_RED ? _("No Black piece can capture the piece on that point now.")
                                       : _("No Red piece can capture the piece on that point now."));
  /* Every capture is taken back (else it would be an answer): show the
   * first one and who takes back. */
  xq_lesson_marks_add_arrow (marks, XQ_LESSON_ROLE_ATTACK, takers[0], sq);
  if (xq_attacks_defenders (pos, sq, takers[0], back) > 0)
    {
      g_autofree char *by = xq_lesson_piece_on (pos, back[0]);

      xq_lesson_marks_add_arrow (marks, XQ_LESSON_ROLE_CORRECT, back[0], sq);
      /* TRANSLATORS: %s is a piece and its point, "Red horse on c2". */
      return g_strdup_printf (_("That piece is attacked, but it is defended: the %s takes back."), by);
    }
  return g_strdup (_("That piece is attacked, but it is defended."));
}

/* Why the tapped point sq is not an answer, in the words the move
 * exercises use, with the marks that show it (the blocked leg, the pieces
 * in the way).  The cross on sq is the caller's. */
static char *
wrong_reason (const XqExercise *ex, XqSquare sq, XqLessonMarks *marks)
{
  const Tap *t = ex->data;
  const XqPosition *pos = &ex->position;
  XqPiece piece = pos->board[sq], about = t->square != XQ_NO_SQUARE ? pos->board[t->square] : XQ_EMPTY;
  XqSquare pts[XQ_SQUARES];
  char *why;

  switch (t->rule)
    {
    case TAP_REACH:
      if (sq == t->square)
        return g_strdup (_("That is where the piece stands now: tap a point it can go to."));
      why = move_reason (ex, t->square, sq, marks);
      return why ? why : g_strdup (_("The piece cannot go there."));
    case TAP_ATTACKERS:
      if (piece == XQ_EMPTY)
        return g_strdup (_("Nothing stands on that point, so nothing attacks from there."));
      if (sq == t->square)
        return g_strdup (_("That is the piece under attack itself: tap the pieces that attack it."));
      if (xq_piece_color (piece) == xq_piece_color (about))
        return g_strdup (_("That piece is on the same side as the marked piece: it guards it and never captures it."));
      why = move_reason (ex, sq, t->square, marks);
      if (why != NULL)
        xq_lesson_marks_add_arrow (marks, XQ_LESSON_ROLE_WRONG, sq, t->square);
      return why ? why : g_strdup (_("That piece cannot reach the marked piece."));
    case TAP_IN_DANGER:
      if (piece == XQ_EMPTY)
        return g_strdup (_("Nothing stands on that point."));
      if (xq_piece_color (piece) != t->side)
        return g_strdup (t->side == XQ_RED ? _("That is a Black piece; the question is about Red’s pieces.")
                                           : _("That is a Red piece; the question is about Black’s pieces."));
      return g_strdup (t->side == XQ_RED ? _("No Black piece can capture the piece on that point now.")
                                         : _("No Red piece can capture the piece on that point now."));
    case TAP_HANGING:
      return hanging_reason (ex, sq, marks);
    case TAP_BLOCKERS:
      if (piece == XQ_EMPTY)
        return g_strdup (_("Nothing stands on that point, so it blocks nothing."));
      if (xq_piece_type (about) == XQ_ELEPHANT)
        return g_strdup (_("That piece is not on an eye of the elephant: an eye is the point in the middle of an elephant’s diagonal step."));
      return g_strdup (_("That piece is not on a leg of the horse: a leg is a point right next to the horse."));
    case TAP_PALACE:
      if (in_list (pts, xq_lesson_palace (xq_color_other (t->side), pts), sq))
        return g_strdup (t->side == XQ_RED ? _("That point is in Black’s palace; Red’s palace is at Red’s end of the board.")
                                           : _("That point is in Red’s palace; Black’s palace is at Black’s end of the board."));
      return g_strdup (t->side == XQ_RED ? _("That point is outside the palace: Red’s palace is the box with the cross at Red’s end.")
                                         : _("That point is outside the palace: Black’s palace is the box with the cross at Black’s end."));
    case TAP_RIVER_BANK:
      if (in_list (pts, xq_lesson_river_bank (xq_color_other (t->side), pts), sq))
        return g_strdup (t->side == XQ_RED ? _("That point is on Black’s bank, across the river.")
                                           : _("That point is on Red’s bank, across the river."));
      return g_strdup (t->side == XQ_RED ? _("That point is not on the bank: Red’s bank is the line right next to the river, on Red’s side.")
                                         : _("That point is not on the bank: Black’s bank is the line right next to the river, on Black’s side."));
    case TAP_FILE:
      return file_reason (t, sq);
    case TAP_POINTS:
    default:
      {
        char name[3];

        xq_square_to_text (sq, name);
        if (ex->hints != NULL && ex->hints->len > 0)
          return g_strdup_printf (_("Not %s. %s"), name, (const char *) g_ptr_array_index (ex->hints, 0));
        return g_strdup_printf (_("%s is not one of the points asked for."), name);
      }
    }
}

static void
add_sentence (GString *out, GPtrArray *seen, char *sentence)
{
  for (guint i = 0; i < seen->len; i++)
    if (g_strcmp0 (g_ptr_array_index (seen, i), sentence) == 0)
      {
        g_free (sentence);
        return;
      }
  g_ptr_array_add (seen, sentence);
  if (out->len > 0)
    g_string_append_c (out, '\n');
  g_string_append (out, sentence);
}

/* At most this many different reasons in one answer: more is too much to
 * read, and the crosses show every wrong point. */
#define MAX_REASONS 3

static XqVerdict *
tap_check (const XqExercise *ex, const XqAnswer *answer)
{
  const Tap *t = ex->data;
  gboolean tapped[XQ_SQUARES] = { FALSE };
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);
  XqLessonMarks marks;
  int right = 0, wrong = 0, missing;
  gboolean pieces = TRUE;
  XqVerdict *v;

  g_return_val_if_fail (answer->n_points >= 0, NULL);
  xq_lesson_marks_clear (&marks);
  for (int i = 0; i < answer->n_points; i++)
    {
      XqSquare sq = answer->points[i];
      if (sq < 0 || sq >= XQ_SQUARES || tapped[sq])
        continue;
      tapped[sq] = TRUE;
      if (t->answer[sq])
        {
          right++;
          xq_lesson_marks_add (&marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_CORRECT, sq);
          explain_right (ex, sq, &marks);
          continue;
        }
      wrong++;
      xq_lesson_marks_add (&marks, XQ_LESSON_MARK_CROSS, XQ_LESSON_ROLE_WRONG, sq);
      if (seen->len < MAX_REASONS)
        add_sentence (text, seen, wrong_reason (ex, sq, &marks));
    }
  missing = t->all ? t->n_answer - right : 0;
  /* When every answer is a piece, the child looks for pieces: count
   * pieces ("還有 1 個棋子", not "1 個點"; issue 31). */
  for (int sq = 0; sq < XQ_SQUARES; sq++)
    if (t->answer[sq] && ex->position.board[sq] == XQ_EMPTY)
      pieces = FALSE;

  if (wrong > 0)
    {
      if (missing > 0)
        {
          g_string_append_c (text, '\n');
          g_string_append_printf (text, pieces ? g_dngettext (GETTEXT_PACKAGE, "%d more piece to find.",
                                                              "%d more pieces to find.", missing)
                                               : g_dngettext (GETTEXT_PACKAGE, "%d more point to find.",
                                                              "%d more points to find.", missing), missing);
        }
      v = xq_verdict_new (XQ_VERDICT_WRONG, text->str);
    }
  else if (right == 0)
    v = xq_verdict_new (XQ_VERDICT_INCOMPLETE, _("Tap a point on the board."));
  else if (missing > 0)
    {
      g_autofree char *more = g_strdup_printf (pieces ? g_dngettext (GETTEXT_PACKAGE,
                                                                     "Right so far! %d more piece to find.",
                                                                     "Right so far! %d more pieces to find.", missing)
                                                      : g_dngettext (GETTEXT_PACKAGE,
                                                                     "Right so far! %d more point to find.",
                                                                     "Right so far! %d more points to find.", missing),
                                               missing);
      v = xq_verdict_new (XQ_VERDICT_INCOMPLETE, more);
    }
  else
    v = xq_verdict_new (XQ_VERDICT_CORRECT, _("Well done!"));
  v->marks = marks;

  /* What was missed, each point with its reason; the attempt shows these
   * only from the second try on. */
  if (v->kind != XQ_VERDICT_CORRECT && t->all && right + wrong > 0)
    for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
      if (t->answer[sq] && !tapped[sq])
        {
          xq_lesson_marks_add (&v->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_MISSING, sq);
          explain_right (ex, sq, &v->marks);
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

/* From this try on, the points still missing are shown (before it they
 * are only counted, so the learner looks again first). */
#define SHOW_MISSING_AFTER 2

static XqVerdict *
judge_taps (XqAttempt *a)
{
  const Tap *t = a->ex->data;
  XqAnswer answer = { .points = a->taps, .n_points = a->n_taps };
  XqVerdict *v = tap_check (a->ex, &answer);

  if (v->kind == XQ_VERDICT_WRONG)
    {
      a->wrong++;
      /* The crosses stay until the next tap. */
      xq_attempt_keep_right_taps (a, t->answer);
    }
  if (v->kind == XQ_VERDICT_WRONG || (v->kind == XQ_VERDICT_INCOMPLETE && a->n_taps > 0))
    a->tries++;
  if (v->kind != XQ_VERDICT_CORRECT && a->tries < SHOW_MISSING_AFTER)
    {
      XqLessonMarks kept;
      gboolean missing[XQ_SQUARES] = { FALSE };

      /* The missing points, and the arrows that explain them (the
       * attackers of a piece in danger), would give them away. */
      for (int i = 0; i < v->marks.n_marks; i++)
        if (v->marks.marks[i].role == XQ_LESSON_ROLE_MISSING)
          missing[v->marks.marks[i].sq] = TRUE;
      xq_lesson_marks_clear (&kept);
      for (int i = 0; i < v->marks.n_marks; i++)
        {
          const XqLessonMark *m = &v->marks.marks[i];

          if (m->role == XQ_LESSON_ROLE_MISSING ||
              (m->kind == XQ_LESSON_MARK_ARROW && m->to >= 0 && m->to < XQ_SQUARES && missing[m->to]))
            continue;
          kept.marks[kept.n_marks++] = *m;
        }
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
  gboolean added;

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
  added = xq_attempt_toggle_tap (a, in->sq);
  show_taps (a);
  return xq_verdict_selecting (a, added, t->n_answer);
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

  if (level == 1 && t->square != XQ_NO_SQUARE)
    {
      xq_lesson_marks_add (&out->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_TARGET, t->square);
      out->text = g_strdup (_("Look at the marked piece."));
      return;
    }
  xq_hint_for_points (t->points, t->n_answer, a->taps, a->n_taps, level, out);
}

static char *
tap_answer_key (const XqExercise *ex, XqAnswerStyle *style)
{
  const Tap *t = ex->data;
  GString *s = g_string_new (NULL);

  xq_answer_append_points (s, t->points, t->n_answer, style);
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
  .demo = xq_demo_tap_points,
};
