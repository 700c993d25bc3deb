/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The "setup" kind: put the pieces from a tray on their points.  The
 * player's set-up tray (src/ui/xq-setup-tray.c) is its one widget. */
#define G_LOG_DOMAIN "xq-kind-setup"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-kind.h"
#include "xq-demo.h"

#define EMPTY_BOARD_FEN "9/9/9/9/9/9/9/9/9/9 w - - 0 1"

typedef struct {
  char      *target_fen;
  XqPosition target;
} Setup;

static const XqKindField fields[] = {
  { "target", N_("_Target"), XQ_FIELD_FEN, NULL, 0, XQ_LESSON_MAX_FEN, FALSE },
};

static void
setup_free (gpointer data)
{
  Setup *d = data;

  g_free (d->target_fen);
  g_free (d);
}

static gpointer
setup_read (XqKindReader *r, JsonObject *o, const char *path, XqExercise *ex)
{
  Setup *d = g_new0 (Setup, 1);

  d->target_fen = xq_kind_get_fen (r, o, path, "target", FALSE, XQ_START_FEN, TRUE, &d->target);
  if (d->target_fen != NULL && memcmp (d->target.board, ex->position.board, sizeof d->target.board) == 0)
    xq_kind_problem (r, XQ_LESSON_ERROR_UNSOLVABLE, path, _("the board already shows the target position"));
  if (d->target_fen == NULL || xq_kind_had_problems (r))
    {
      setup_free (d);
      return NULL;
    }
  return d;
}

static void
setup_answer (const XqExercise *ex, XqAnswer *out)
{
  out->board = ((const Setup *) ex->data)->target.board;
}

/* The whole board as the learner left it. */
static XqVerdict *
setup_check (const XqExercise *ex, const XqAnswer *answer)
{
  const Setup *d = ex->data;
  int wrong = 0, missing = 0;
  XqLessonMarks marks;
  XqVerdict *v;

  g_return_val_if_fail (answer->board != NULL, NULL);
  xq_lesson_marks_clear (&marks);
  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    {
      XqPiece want = d->target.board[sq];
      if (answer->board[sq] == want)
        continue;
      if (answer->board[sq] != XQ_EMPTY)
        {
          wrong++;
          xq_lesson_marks_add (&marks, XQ_LESSON_MARK_CROSS, XQ_LESSON_ROLE_WRONG, sq);
        }
      if (want != XQ_EMPTY)
        {
          missing++;
          xq_lesson_marks_add (&marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_MISSING, sq);
        }
    }
  if (wrong == 0 && missing == 0)
    v = xq_verdict_new (XQ_VERDICT_CORRECT, _("Every piece is in its place!"));
  else if (wrong > 0)
    v = xq_verdict_new (XQ_VERDICT_WRONG, _("Some pieces are on the wrong points: look at the crosses."));
  else
    v = xq_verdict_new (XQ_VERDICT_INCOMPLETE, _("Good so far! Some pieces are still missing."));
  v->marks = marks;
  return v;
}

/* One piece at a time: may `piece` stand on sq in the target?  CORRECT
 * here means only "that piece goes there". */
static XqVerdict *
check_piece (const XqExercise *ex, XqSquare sq, XqPiece piece)
{
  const Setup *d = ex->data;
  XqVerdict *v;

  if (d->target.board[sq] == piece)
    {
      v = xq_verdict_new (XQ_VERDICT_CORRECT, _("Yes, that piece goes there."));
      xq_lesson_marks_add (&v->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_CORRECT, sq);
      return v;
    }
  v = xq_verdict_new (XQ_VERDICT_WRONG, _("That piece does not go there. The marked points are its places."));
  xq_lesson_marks_add (&v->marks, XQ_LESSON_MARK_CROSS, XQ_LESSON_ROLE_WRONG, sq);
  for (XqSquare s = 0; s < XQ_SQUARES; s++)
    if (d->target.board[s] == piece)
      xq_lesson_marks_add (&v->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_MISSING, s);
  return v;
}

static void
show_board (XqAttempt *a)
{
  xq_position_clear (&a->shown);
  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    if (a->board[sq] != XQ_EMPTY)
      xq_position_put (&a->shown, sq, a->board[sq]);
}

static void
setup_start (XqAttempt *a)
{
  const Setup *d = a->ex->data;

  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    {
      a->board[sq] = a->ex->position.board[sq];
      if (d->target.board[sq] != XQ_EMPTY)
        a->tray[d->target.board[sq]]++;
    }
  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    if (a->board[sq] != XQ_EMPTY && a->tray[a->board[sq]] > 0)
      a->tray[a->board[sq]]--;
  show_board (a);
}

static gboolean
tray_empty (const XqAttempt *a)
{
  for (int i = 0; i < 16; i++)
    if (a->tray[i] > 0)
      return FALSE;
  return TRUE;
}

static XqVerdict *
judge_board (XqAttempt *a)
{
  XqAnswer answer = { .board = a->board };
  XqVerdict *v = setup_check (a->ex, &answer);

  if (v->kind == XQ_VERDICT_WRONG)
    a->wrong++;
  return v;
}

static XqVerdict *
setup_input (XqAttempt *a, const XqInput *in)
{
  XqVerdict *v;

  switch (in->type)
    {
    case XQ_INPUT_CHECK:
      return judge_board (a);
    case XQ_INPUT_LIFT:
      if (in->sq < 0 || in->sq >= XQ_SQUARES || a->board[in->sq] == XQ_EMPTY)
        return NULL;
      /* Lifting a piece puts it back in the tray, ready to be placed again. */
      a->tray[a->board[in->sq]]++;
      a->board[in->sq] = XQ_EMPTY;
      show_board (a);
      return NULL;
    case XQ_INPUT_PLACE:
      if (in->sq < 0 || in->sq >= XQ_SQUARES || in->piece <= 0 || in->piece >= 16 || a->tray[in->piece] <= 0)
        return NULL;
      if (a->board[in->sq] != XQ_EMPTY)
        return xq_verdict_new (XQ_VERDICT_INCOMPLETE, _("Another piece already stands there."));
      v = check_piece (a->ex, in->sq, in->piece);
      if (v->kind != XQ_VERDICT_CORRECT)
        {
          a->wrong++;
          return v;
        }
      a->board[in->sq] = in->piece;
      a->tray[in->piece]--;
      show_board (a);
      if (!tray_empty (a))
        {
          v->kind = XQ_VERDICT_INCOMPLETE;
          return v;
        }
      xq_verdict_free (v);
      return judge_board (a);
    case XQ_INPUT_TAP:
    case XQ_INPUT_MOVE:
    case XQ_INPUT_CHOOSE:
    case XQ_INPUT_TEXT:
    case XQ_INPUT_REPLY:
    default:
      return NULL;
    }
}

/* The misplaced pieces and the next piece to place (picked in the tray),
 * then where that piece goes, then every point still wrong or empty. */
static void
setup_hint (const XqAttempt *a, int level, XqHint *out)
{
  const Setup *d = a->ex->data;
  XqPiece piece = XQ_EMPTY;
  gboolean misplaced = FALSE;

  for (int i = 0; i < 16 && out->piece == XQ_EMPTY; i++)
    if (a->tray[i] > 0)
      out->piece = piece = (XqPiece) i;
  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    if (a->board[sq] != XQ_EMPTY && a->board[sq] != d->target.board[sq])
      {
        xq_lesson_marks_add (&out->marks, XQ_LESSON_MARK_CROSS, XQ_LESSON_ROLE_WRONG, sq);
        if (!misplaced && piece == XQ_EMPTY)
          piece = a->board[sq];
        misplaced = TRUE;
      }
  for (XqSquare sq = 0; sq < XQ_SQUARES && level >= 2; sq++)
    if (d->target.board[sq] != XQ_EMPTY && a->board[sq] != d->target.board[sq] &&
        (level >= 3 || d->target.board[sq] == piece))
      xq_lesson_marks_add (&out->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_MISSING, sq);
  if (level >= 3)
    out->text = g_strdup (_("Here is the answer. Now you try!"));
  else if (level == 2)
    out->text = g_strdup (out->piece != XQ_EMPTY ? _("The marked points are where the chosen piece goes.")
                                                 : _("Look at the marked point."));
  else if (misplaced)
    out->text = g_strdup (_("Some pieces are on the wrong points: look at the crosses."));
  else
    out->text = g_strdup (_("Start with the piece chosen in the tray."));
}

/* The pieces still to place and their points, "Red general e0, Red
 * advisor d0". */
static char *
setup_answer_key (const XqExercise *ex, XqAnswerStyle *style)
{
  const Setup *d = ex->data;
  GString *out = g_string_new (NULL);

  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    if (d->target.board[sq] != ex->position.board[sq] && d->target.board[sq] != XQ_EMPTY)
      {
        g_autofree char *name = xq_answer_piece_name (d->target.board[sq]);

        g_string_append_printf (out, "%s%s ", out->len ? ", " : "", name);
        xq_answer_append_point (out, sq, style);
      }
  return g_string_free (out, FALSE);
}

/* Every misplaced piece lifted back into the tray, then every missing
 * piece put on its point. */
static void
setup_demo (const XqAttempt *a, GArray *inputs)
{
  const Setup *d = a->ex->data;

  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    if (a->board[sq] != XQ_EMPTY && a->board[sq] != d->target.board[sq])
      {
        XqInput in = { .type = XQ_INPUT_LIFT, .sq = sq, .move = XQ_MOVE_NONE };

        g_array_append_val (inputs, in);
      }
  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    if (d->target.board[sq] != XQ_EMPTY && a->board[sq] != d->target.board[sq])
      {
        XqInput in = { .type = XQ_INPUT_PLACE, .sq = sq, .move = XQ_MOVE_NONE, .piece = d->target.board[sq] };

        g_array_append_val (inputs, in);
      }
}

const XqKind xq_kind_setup = {
  .name = "setup",
  .label = N_("Set up a position"),
  .input = XQ_KIND_INPUT_TAP | XQ_KIND_INPUT_TRAY | XQ_KIND_INPUT_CHECK,
  .fields = fields,
  .n_fields = G_N_ELEMENTS (fields),
  .read = setup_read,
  .free_data = setup_free,
  /* A set-up exercise starts from a half-built board, so only the target
   * has to be a legal position. */
  .fen_checked = FALSE,
  .fen_default = EMPTY_BOARD_FEN,
  .answer = setup_answer,
  .check = setup_check,
  .start = setup_start,
  .input_cb = setup_input,
  .hint = setup_hint,
  .answer_key = setup_answer_key,
  .demo = setup_demo,
};
