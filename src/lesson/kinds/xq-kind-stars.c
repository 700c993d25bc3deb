/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The "stars" kind: walk one piece over every star, in the fewest moves. */
#define G_LOG_DOMAIN "xq-kind-stars"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-kind.h"
#include "xq-lesson-rules.h"
#include "xq-demo.h"

typedef struct {
  XqSquare square;
  XqSquare stars[XQ_LESSON_MAX_STARS];
  int      n_stars;
  int      optimum;   /* the fewest moves, computed */
} Stars;

static const XqKindField fields[] = {
  { "square", N_("_Piece"), XQ_FIELD_POINT, NULL, 0, 0, TRUE },
  { "stars", N_("_Stars"), XQ_FIELD_POINTS, NULL, 1, XQ_LESSON_MAX_STARS, TRUE },
};

static gpointer
stars_read (XqKindReader *r, JsonObject *o, const char *path, XqExercise *ex)
{
  g_autofree Stars *d = g_new0 (Stars, 1);
  g_autofree char *sp = xq_kind_path (path, "stars");
  g_autofree char *qp = xq_kind_path (path, "square");
  char name[3];

  d->square = xq_kind_get_square (r, o, path, "square", TRUE);
  d->n_stars = xq_kind_get_squares (r, o, path, "stars", TRUE, d->stars, XQ_LESSON_MAX_STARS);
  if (xq_kind_had_problems (r) || d->square == XQ_NO_SQUARE)
    return NULL;
  xq_square_to_text (d->square, name);
  if (ex->position.board[d->square] == XQ_EMPTY)
    {
      xq_kind_problem (r, XQ_LESSON_ERROR_BAD_SQUARE, qp, _("there is no piece on %s"), name);
      return NULL;
    }
  for (int i = 0; i < d->n_stars; i++)
    if (ex->position.board[d->stars[i]] != XQ_EMPTY)
      {
        g_autofree char *ip = xq_kind_index_path (sp, i);
        xq_square_to_text (d->stars[i], name);
        xq_kind_problem (r, XQ_LESSON_ERROR_BAD_SQUARE, ip,
                         _("a star must be on an empty point, and %s is taken"), name);
        return NULL;
      }
  d->optimum = xq_lesson_star_optimum (&ex->position, d->square, d->stars, d->n_stars);
  if (d->optimum < 0)
    {
      xq_kind_problem (r, XQ_LESSON_ERROR_UNSOLVABLE, sp, _("the piece cannot reach every star"));
      return NULL;
    }
  return g_steal_pointer (&d);
}

static void
stars_answer (const XqExercise *ex, XqAnswer *out)
{
  const Stars *d = ex->data;

  out->points = d->stars;
  out->n_points = d->n_stars;
  out->count = d->optimum;
}

static XqVerdict *
stars_check (const XqExercise *ex, const XqAnswer *answer)
{
  const Stars *d = ex->data;
  XqPosition walk = ex->position;
  XqSquare at = d->square;
  XqPiece piece = walk.board[at];
  guint taken = 0, full = (1u << d->n_stars) - 1;
  XqVerdict *v;

  g_return_val_if_fail (answer->n_moves >= 0, NULL);
  xq_position_set_side (&walk, xq_piece_color (piece));
  for (int i = 0; i < answer->n_moves; i++)
    {
      XqSquare steps[XQ_SQUARES];
      XqMove m = answer->moves[i];
      XqSquare to = xq_move_to (m);
      gboolean allowed = FALSE;
      int n = xq_lesson_star_steps (&walk, at, steps);

      for (int j = 0; j < n; j++)
        allowed |= steps[j] == to;
      if (xq_move_from (m) != at)
        return xq_verdict_new (XQ_VERDICT_ILLEGAL, _("Only the piece collecting the stars moves."));
      if (!allowed)
        {
          v = xq_verdict_illegal (&walk, m);
          if (v->message == NULL)
            /* Legal in chess terms, but a capture: stars are for walking. */
            v->message = g_strdup (_("Walk around the other pieces: this game has no captures."));
          return v;
        }
      xq_position_put (&walk, at, XQ_EMPTY);
      xq_position_put (&walk, to, piece);
      at = to;
      for (int s = 0; s < d->n_stars; s++)
        if (d->stars[s] == to)
          taken |= 1u << s;
    }

  if (taken == full)
    {
      int stars = answer->n_moves <= d->optimum ? 3 : answer->n_moves <= d->optimum + 2 ? 2 : 1;

      v = xq_verdict_new (XQ_VERDICT_CORRECT, stars == 3 ? _("All the stars, in the fewest moves possible!")
                                                         : _("All the stars! Can you do it in fewer moves?"));
      v->stars = stars;
      return v;
    }
  v = xq_verdict_new (XQ_VERDICT_INCOMPLETE, answer->n_moves == 0 ? _("Collect all the stars.") : _("Keep going!"));
  for (int s = 0; s < d->n_stars; s++)
    if (!(taken & (1u << s)))
      xq_lesson_marks_add (&v->marks, XQ_LESSON_MARK_STAR, XQ_LESSON_ROLE_STAR, d->stars[s]);
  return v;
}

static void
set_walk_side (XqAttempt *a)
{
  /* The walking piece's side is always to move: the other side never moves. */
  if (a->walker != XQ_NO_SQUARE && a->shown.board[a->walker] != XQ_EMPTY)
    xq_position_set_side (&a->shown, xq_piece_color (a->shown.board[a->walker]));
}

/* Only the stars still to take are drawn: the check lists them. */
static void
stars_left (XqAttempt *a, const XqVerdict *v)
{
  /* The teacher's marks first, the stars still to take over them (the
   * layers of docs/lesson-format.md, "Marks"). */
  xq_lesson_marks_clear (&a->base_marks);
  for (int i = 0; i < a->ex->marks.n_marks; i++)
    {
      const XqLessonMark *m = &a->ex->marks.marks[i];
      if (m->kind != XQ_LESSON_MARK_STAR)
        xq_lesson_marks_add_full (&a->base_marks, m->kind, m->role, m->color, m->sq, m->to);
    }
  xq_lesson_marks_append (&a->base_marks, &v->marks);
}

static void
stars_start (XqAttempt *a)
{
  XqAnswer none = { 0 };
  g_autoptr(XqVerdict) v = stars_check (a->ex, &none);

  a->walker = ((const Stars *) a->ex->data)->square;
  set_walk_side (a);
  stars_left (a, v);
}

static XqVerdict *
stars_input (XqAttempt *a, const XqInput *in)
{
  XqAnswer answer;
  XqVerdict *v;
  XqMove m = in->move;

  if (in->type != XQ_INPUT_MOVE)
    return NULL;
  g_array_append_val (a->line, m);
  answer = (XqAnswer) { .moves = (const XqMove *) a->line->data, .n_moves = (int) a->line->len };
  v = stars_check (a->ex, &answer);
  if (v->kind == XQ_VERDICT_ILLEGAL || v->kind == XQ_VERDICT_WRONG)
    {
      g_array_set_size (a->line, a->line->len - 1);
      return v;
    }
  xq_position_put (&a->shown, xq_move_to (m), a->shown.board[xq_move_from (m)]);
  xq_position_put (&a->shown, xq_move_from (m), XQ_EMPTY);
  a->walker = xq_move_to (m);
  a->last = m;
  set_walk_side (a);
  /* Taken stars disappear; the count of moves is the feedback. */
  if (v->kind == XQ_VERDICT_CORRECT)
    {
      xq_lesson_marks_clear (&a->base_marks);
      return v;
    }
  stars_left (a, v);
  xq_lesson_marks_clear (&v->marks);
  g_free (v->message);
  v->message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u move. Keep going!",
                                             "%u moves. Keep going!", a->line->len),
                                a->line->len);
  return v;
}

/* Stars are earned by the walk's length; only hints cost one here. */
static int
stars_stars (const XqAttempt *a, int verdict_stars)
{
  return MIN (verdict_stars, xq_lesson_stars_for (0, a->hints));
}

/* The walking piece, then a star one step away (or every point it can step
 * to), then the step. */
static void
stars_hint (const XqAttempt *a, int level, XqHint *out)
{
  XqSquare steps[XQ_SQUARES];
  XqSquare target = XQ_NO_SQUARE;
  int n;

  xq_lesson_marks_add (&out->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_TARGET, a->walker);
  if (level < 2)
    {
      out->text = g_strdup (_("Look at the marked piece."));
      return;
    }
  n = xq_lesson_star_steps (&a->shown, a->walker, steps);
  for (int i = 0; i < n && target == XQ_NO_SQUARE; i++)
    for (int m = 0; m < a->base_marks.n_marks; m++)
      if (a->base_marks.marks[m].kind == XQ_LESSON_MARK_STAR && a->base_marks.marks[m].sq == steps[i])
        target = steps[i];
  if (target != XQ_NO_SQUARE && level >= 3)
    {
      xq_lesson_marks_add_arrow (&out->marks, XQ_LESSON_ROLE_MOVE, a->walker, target);
      out->text = g_strdup (_("Here is the answer. Now you try!"));
      return;
    }
  if (target != XQ_NO_SQUARE)
    xq_lesson_marks_add (&out->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_HIGHLIGHT, target);
  else
    for (int i = 0; i < n; i++)
      xq_lesson_marks_add (&out->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_HIGHLIGHT, steps[i]);
  out->text = g_strdup (target != XQ_NO_SQUARE ? _("Look at the marked point.")
                                               : _("The marked points are where the piece can step next."));
}

static GArray *stars_walk (const XqExercise *ex);

/* The fewest moves and one walk that takes them, numbered. */
static char *
stars_answer_key (const XqExercise *ex, XqAnswerStyle *style)
{
  const Stars *d = ex->data;
  g_autoptr(GString) walk = g_string_new (NULL);
  g_autoptr(GArray) moves = stars_walk (ex);
  int n = (int) moves->len;

  if (n == 0)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d move", "%d moves", d->optimum), d->optimum);
  xq_answer_append_line (walk, &ex->position, (const XqMove *) moves->data, n, TRUE, style);
  /* Translators: a star walk in the answer key: the fewest moves, then the
   * numbered moves of one such walk. */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d move: %s", "%d moves: %s", n), n, walk->str);
}

static const XqPosition *
stars_picture (const XqExercise *ex, XqLessonMarks *marks)
{
  const Stars *d = ex->data;

  for (int s = 0; s < d->n_stars; s++)
    xq_lesson_marks_add (marks, XQ_LESSON_MARK_STAR, XQ_LESSON_ROLE_STAR, d->stars[s]);
  return &ex->position;
}

/* One shortest walk over every star. */
static void
stars_demo (const XqAttempt *a, GArray *inputs)
{
  g_autoptr(GArray) walk = stars_walk (a->ex);

  for (guint i = 0; i < walk->len; i++)
    xq_demo_play_move (inputs, g_array_index (walk, XqMove, i));
}

const XqKind xq_kind_stars = {
  .name = "stars",
  .label = N_("Collect the stars"),
  .input = XQ_KIND_INPUT_MOVE,
  .fields = fields,
  .n_fields = G_N_ELEMENTS (fields),
  .read = stars_read,
  .free_data = g_free,
  .fen_checked = TRUE,
  .answer = stars_answer,
  .check = stars_check,
  .start = stars_start,
  .input_cb = stars_input,
  .hint = stars_hint,
  .stars = stars_stars,
  .answer_key = stars_answer_key,
  .picture = stars_picture,
  .demo = stars_demo,
};

/* One shortest walk over every star (XqMove), found breadth first over
 * (point, stars taken): the other pieces never move, so the point and the
 * stars taken are the whole state.  Empty when there is none. */
static GArray *
stars_walk (const XqExercise *ex)
{
  const Stars *d = ex->data;
  guint n_masks = 1u << d->n_stars, full = n_masks - 1;
  guint n_states = XQ_SQUARES * n_masks, head = 0, tail = 0, goal = G_MAXUINT;
  g_autofree guint *parent = g_new (guint, n_states);
  g_autofree guint *queue = g_new (guint, n_states);
  GArray *walk = g_array_new (FALSE, FALSE, sizeof (XqMove));
  XqPiece piece = ex->position.board[d->square];
  XqPosition empty = ex->position;

  /* The walking piece is lifted: each step puts it back on its point. */
  xq_position_put (&empty, d->square, XQ_EMPTY);
  xq_position_set_side (&empty, xq_piece_color (piece));
  for (guint i = 0; i < n_states; i++)
    parent[i] = G_MAXUINT;
  parent[d->square * n_masks] = d->square * n_masks;
  queue[tail++] = d->square * n_masks;
  while (head < tail && goal == G_MAXUINT)
    {
      guint state = queue[head++];
      XqSquare at = (XqSquare) (state / n_masks), steps[XQ_SQUARES];
      XqPosition pos = empty;
      int n;

      if ((state % n_masks) == full)
        {
          goal = state;
          break;
        }
      xq_position_put (&pos, at, piece);
      n = xq_lesson_star_steps (&pos, at, steps);
      for (int i = 0; i < n; i++)
        {
          guint mask = state % n_masks, next;

          for (int s = 0; s < d->n_stars; s++)
            if (d->stars[s] == steps[i])
              mask |= 1u << s;
          next = (guint) steps[i] * n_masks + mask;
          if (parent[next] != G_MAXUINT)
            continue;
          parent[next] = state;
          queue[tail++] = next;
        }
    }
  for (guint state = goal; goal != G_MAXUINT && parent[state] != state; state = parent[state])
    {
      XqMove m = xq_move_make ((XqSquare) (parent[state] / n_masks), (XqSquare) (state / n_masks));
      g_array_prepend_val (walk, m);
    }
  return walk;
}
