/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The "replay" kind: the learner watches a short game played through
 * (XqReplayBar in the player), then answers a question about how it
 * ended.  The game is played by the rules core (xq-replay.h) and the
 * answer is the referee's: who won, which rule decided, whether the
 * repetition was allowed, whether one more move would be legal. */
#define G_LOG_DOMAIN "xq-kind-replay"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-kind.h"
#include "xq-lesson-rules.h"
#include "xq-replay.h"
#include "xq-demo.h"

typedef enum {
  QUESTION_WINNER,   /* red / black / draw / none */
  QUESTION_REASON,   /* the rule that decided: checkmate, stalemate, perpetual-check... */
  QUESTION_ALLOWED,  /* yes / no: did the repeating side keep to the rules (棋例)? */
  QUESTION_LEGAL,    /* yes / no: is the move in "try" legal after the replay? */
} Question;

typedef struct {
  Question   question;
  XqGame    *game;      /* at its last ply */
  XqResult   result;    /* the referee's, at the last ply */
  GPtrArray *choices;   /* XqChoice* */
  char      *answer;    /* the right choice's id */
  XqMove     try_move;  /* legal */
} Replay;

static const XqFieldValue questions[] = {
  { "winner", N_("Who wins?") },
  { "reason", N_("Which rule ended the game?") },
  { "allowed", N_("Was the repetition allowed?") },
  { "legal", N_("Is one more move legal?") },
  { NULL, NULL }
};

static const XqFieldValue winner_choices[] = {
  { "red", N_("Red wins") }, { "black", N_("Black wins") }, { "draw", N_("Draw") },
  { "none", N_("Nobody yet") }, { NULL, NULL }
};
static const XqFieldValue allowed_choices[] = {
  { "yes", N_("Yes, it is allowed") }, { "no", N_("No, it is not allowed") }, { NULL, NULL }
};
static const XqFieldValue legal_choices[] = { { "yes", N_("Yes") }, { "no", N_("No") }, { NULL, NULL } };
/* "reason" has no fixed set: the author offers the few rules worth
 * weighing (its ids are still checked: vocabulary ()). */
static const XqKindChoiceSet choice_sets[] = {
  { "winner", winner_choices }, { "allowed", allowed_choices }, { "legal", legal_choices },
  { NULL, NULL }
};
static const char *const with_try[] = { "legal", NULL };

static const XqKindField fields[] = {
  { "replay", N_("_Replay"), XQ_FIELD_MOVES, NULL, 1, XQ_REPLAY_MAX_PLIES, TRUE },
  { "question", N_("_Question"), XQ_FIELD_ENUM, questions, 0, 0, FALSE },
  { "choices", N_("_Options"), XQ_FIELD_CHOICES, NULL, 2, XQ_LESSON_MAX_LIST, TRUE,
    NULL, NULL, NULL, choice_sets },
  { "answer", N_("Right o_ption"), XQ_FIELD_TEXT, NULL, 0, XQ_LESSON_MAX_WORD, FALSE },
  { "try", N_("_Move to try"), XQ_FIELD_MOVES, NULL, 1, 1, TRUE, "question", with_try },
};

static void
replay_free (gpointer data)
{
  Replay *d = data;

  g_clear_pointer (&d->game, xq_game_free);
  g_clear_pointer (&d->choices, g_ptr_array_unref);
  g_free (d->answer);
  g_free (d);
}

/* The ids a question's choices may have. */
static const char *const *
vocabulary (Question q)
{
  static const char *const winner[] = { "red", "black", "draw", "none", NULL };
  static const char *const reason[] = { "checkmate", "stalemate", "perpetual-check", "perpetual-chase",
                                        "repetition", "move-limit", "bare-material", NULL };
  static const char *const yes_no[] = { "yes", "no", NULL };

  switch (q)
    {
    case QUESTION_WINNER:  return winner;
    case QUESTION_REASON:  return reason;
    case QUESTION_ALLOWED:
    case QUESTION_LEGAL:   return yes_no;
    default:               g_return_val_if_reached (NULL);
    }
}

static gboolean
is_repetition_loss (XqReason reason)
{
  return reason == XQ_REASON_PERPETUAL_CHECK || reason == XQ_REASON_PERPETUAL_CHASE ||
         reason == XQ_REASON_PERPETUAL_MATE_THREAT || reason == XQ_REASON_PERPETUAL_MIXED;
}

/* The referee's answer to the question, or NULL after a problem. */
static char *
compute (XqKindReader *r, const char *path, Replay *d)
{
  switch (d->question)
    {
    case QUESTION_WINNER:
      return g_strdup (d->result.winner == XQ_WINNER_NONE ? "none" : xq_winner_to_code (d->result.winner));
    case QUESTION_REASON:
      if (d->result.winner == XQ_WINNER_NONE)
        {
          g_autofree char *rp = xq_kind_path (path, "replay");
          xq_kind_problem (r, XQ_LESSON_ERROR_UNSOLVABLE, rp, _("the game does not end with this replay, so no rule ended it"));
          return NULL;
        }
      return g_strdup (xq_reason_to_code (d->result.reason));
    case QUESTION_ALLOWED:
      /* Only a one-sided verdict has a plain yes or no: both sides
       * forbidden is a draw too (26.3), but not "allowed". */
      if (is_repetition_loss (d->result.reason))
        return g_strdup ("no");
      if (d->result.reason == XQ_REASON_REPETITION && d->result.both == XQ_REASON_REPETITION)
        return g_strdup ("yes");
      {
        g_autofree char *rp = xq_kind_path (path, "replay");
        xq_kind_problem (r, XQ_LESSON_ERROR_UNSOLVABLE, rp,
                         _("an “allowed” question needs a replay that ends in a repetition ruling where one side broke a rule or neither did"));
        return NULL;
      }
    case QUESTION_LEGAL:
      {
        XqPosition end = *xq_game_get_position (d->game);
        return g_strdup (xq_position_is_legal (&end, d->try_move) ? "yes" : "no");
      }
    default:
      g_return_val_if_reached (NULL);
    }
}

static gboolean
read_replay (XqKindReader *r, JsonObject *o, const char *path, XqExercise *ex, Replay *d)
{
  g_autofree char *cp = xq_kind_path (path, "choices");
  g_autofree char *ap = xq_kind_path (path, "answer");
  g_autofree char *computed = NULL;
  int question = xq_kind_get_enum (r, o, path, &fields[1], QUESTION_WINNER);
  JsonArray *array = xq_kind_get_array (r, o, path, "choices", TRUE, XQ_LESSON_MAX_LIST);
  const char *answer = xq_kind_get_string (r, o, path, "answer", FALSE);

  d->game = xq_replay_read (r, o, path, "replay", TRUE, &ex->position);
  if (question < 0 || array == NULL || d->game == NULL)
    return FALSE;
  d->question = question;
  d->result = xq_game_get_result (d->game);
  if (json_array_get_length (array) < 2)
    {
      xq_kind_problem (r, XQ_LESSON_ERROR_VALUE, cp, _("a question needs at least two choices"));
      return FALSE;
    }
  xq_kind_read_choices (r, array, cp, vocabulary (d->question), NULL, d->choices);
  if (d->question == QUESTION_LEGAL)
    {
      g_autoptr(GArray) moves = xq_kind_get_moves (r, o, path, "try", TRUE);
      g_autofree char *tp = xq_kind_path (path, "try");

      if (moves->len != 1 && !xq_kind_had_problems (r))
        xq_kind_problem (r, XQ_LESSON_ERROR_VALUE, tp, _("a legality question asks about exactly one move"));
      else if (moves->len == 1)
        d->try_move = g_array_index (moves, XqMove, 0);
    }
  else
    xq_kind_refuse_key (r, o, path, "try", _("“try” belongs only to the question “legal”"));
  if (xq_kind_had_problems (r))
    return FALSE;

  computed = compute (r, path, d);
  if (computed == NULL)
    return FALSE;
  if (!xq_choices_offer (d->choices, computed))
    {
      xq_kind_problem (r, XQ_LESSON_ERROR_UNSOLVABLE, cp, _("the right answer “%s” is not among the choices"), computed);
      return FALSE;
    }
  if (answer != NULL && strcmp (answer, computed) != 0)
    {
      xq_kind_problem (r, XQ_LESSON_ERROR_WRONG_ANSWER, ap,
                       _("the answer “%s” disagrees with the rules, which say “%s”"), answer, computed);
      return FALSE;
    }
  d->answer = g_steal_pointer (&computed);
  return TRUE;
}

static gpointer
replay_read (XqKindReader *r, JsonObject *o, const char *path, XqExercise *ex)
{
  Replay *d = g_new0 (Replay, 1);

  d->choices = xq_choices_new ();
  d->try_move = XQ_MOVE_NONE;
  if (read_replay (r, o, path, ex, d))
    return d;
  replay_free (d);
  return NULL;
}

static void
replay_answer (const XqExercise *ex, XqAnswer *out)
{
  out->choice = ((const Replay *) ex->data)->answer;
}

static GPtrArray *
replay_choices (const XqExercise *ex)
{
  return ((const Replay *) ex->data)->choices;
}

static const XqGame *
replay_game (const XqExercise *ex)
{
  return ((const Replay *) ex->data)->game;
}

static const char *
choice_text (const Replay *d, const char *id)
{
  return xq_choices_text (d->choices, id);
}

/* The last move of the replay, as an arrow. */
static void
mark_last (const Replay *d, XqLessonMarkRole role, XqLessonMarks *marks)
{
  XqMove m = xq_game_get_move (d->game, xq_game_get_n_plies (d->game));

  if (m != XQ_MOVE_NONE)
    xq_lesson_marks_add_arrow (marks, role, xq_move_from (m), xq_move_to (m));
}

/* Why the right answer is right: the referee's own sentence (the one the
 * Play page shows), or for "legal" the core's reason. */
static char *
explain_answer (const Replay *d, XqLessonMarks *marks)
{
  XqPosition end = *xq_game_get_position (d->game);

  if (d->question == QUESTION_LEGAL)
    {
      char *why = xq_lesson_explain_illegal (&end, d->try_move, marks);
      xq_lesson_marks_add_arrow (marks, why ? XQ_LESSON_ROLE_WRONG : XQ_LESSON_ROLE_CORRECT,
                                 xq_move_from (d->try_move), xq_move_to (d->try_move));
      return why ? why : g_strdup (_("Yes, that move follows the rules."));
    }
  xq_lesson_mark_checks (&end, marks);
  mark_last (d, XQ_LESSON_ROLE_MOVE, marks);
  if (d->result.winner == XQ_WINNER_NONE)
    return g_strdup (_("Nobody has won yet: the game goes on."));
  return xq_result_explain (&d->result);
}

/* What the picked word means, without saying which choice is right. */
static char *
explain_pick (const Replay *d, const char *picked, XqLessonMarks *marks)
{
  static const struct { const char *id; const char *text; } meaning[] = {
    { "checkmate", N_("Checkmate means the general is attacked and no move gets it out. Was the general attacked at the end?") },
    { "stalemate", N_("Stalemate (困斃) means the side to move has no move at all while its general is not attacked, and that side loses.") },
    { "perpetual-check", N_("Perpetual check (長將) means one side checks on every move while the same position comes back, and that side loses.") },
    { "perpetual-chase", N_("Perpetual chase (長捉) means one side attacks an unprotected piece on every move while the same position comes back, and that side loses.") },
    { "repetition", N_("A draw by repetition means the same position came back three times and neither side broke a rule.") },
    { "move-limit", N_("Sixty moves each without any capture make a draw. Count the moves since the last capture.") },
    { "bare-material", N_("It is a draw when neither side has pieces left that could ever checkmate.") },
    { "draw", N_("A game is drawn by repetition without a broken rule, after sixty moves each without a capture, or when nobody can ever checkmate.") },
    { "none", N_("The game goes on while the side to move has a move and no rule has ended the game.") },
  };
  XqPosition end = *xq_game_get_position (d->game);

  if (d->question == QUESTION_LEGAL)
    {
      XqPieceType type = xq_piece_type (end.board[xq_move_from (d->try_move)]);
      XqIllegal why;
      const char *rule;

      xq_lesson_marks_add (marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_TARGET, xq_move_from (d->try_move));
      xq_lesson_marks_add_arrow (marks, XQ_LESSON_ROLE_MOVE, xq_move_from (d->try_move), xq_move_to (d->try_move));
      rule = xq_lesson_reason_rule (xq_position_explain_illegal (&end, d->try_move, &why), type);
      return g_strdup (rule ? rule : xq_lesson_piece_rule (type));
    }
  mark_last (d, XQ_LESSON_ROLE_MOVE, marks);
  /* No move at the end (困斃): say what happened in this game, on its
   * general, not what every kind of draw means (issue 31). */
  if (d->question == QUESTION_WINNER && xq_position_status (&end) == XQ_STATUS_STALEMATE)
    {
      if (end.king[end.side] != XQ_NO_SQUARE)
        xq_lesson_marks_add (marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_TARGET, end.king[end.side]);
      return g_strdup (end.side == XQ_BLACK
                       ? _("Look at the end: Black has no legal move, and that side loses (困斃), even without check.")
                       : _("Look at the end: Red has no legal move, and that side loses (困斃), even without check."));
    }
  if (d->question == QUESTION_ALLOWED)
    return g_strdup (strcmp (picked, "yes") == 0
                     ? _("A repetition is allowed only if each side makes an idle move now and then, like one check and one idle move (一將一閑). Did one side only check or only chase?")
                     : _("A repetition is forbidden when one side checks on every move (長將) or chases on every move (長捉). Did one side make an idle move in between?"));
  for (guint i = 0; i < G_N_ELEMENTS (meaning); i++)
    if (strcmp (meaning[i].id, picked) == 0)
      return g_strdup (_(meaning[i].text));
  /* red, black */
  return g_strdup (_("A side wins when the other is checkmated or has no move at all, or breaks a repetition rule: checking forever or chasing forever."));
}

/* Wrong picks after which the answer and the referee's reason are given. */
#define REPLAY_TRIES 2

static XqVerdict *
judge (const XqExercise *ex, const char *picked, int wrong_before)
{
  const Replay *d = ex->data;
  XqLessonMarks marks;
  g_autofree char *why = NULL;
  XqVerdict *v;

  xq_lesson_marks_clear (&marks);
  if (strcmp (picked, d->answer) == 0)
    {
      why = explain_answer (d, &marks);
      v = xq_verdict_new (XQ_VERDICT_CORRECT, why);
    }
  else if (wrong_before + 1 < REPLAY_TRIES)
    {
      g_autofree char *rule = explain_pick (d, picked, &marks);
      why = g_strdup_printf (_("Not “%s”. %s"), choice_text (d, picked), rule);
      v = xq_verdict_new (XQ_VERDICT_WRONG, why);
    }
  else
    {
      g_autofree char *reason = explain_answer (d, &marks);
      why = g_strdup_printf (_("The answer is “%s”. %s"), choice_text (d, d->answer), reason);
      v = xq_verdict_new (XQ_VERDICT_WRONG, why);
    }
  v->marks = marks;
  return v;
}

static XqVerdict *
replay_check (const XqExercise *ex, const XqAnswer *answer)
{
  g_return_val_if_fail (answer->choice != NULL, NULL);
  return judge (ex, answer->choice, 0);
}

static void
replay_start (XqAttempt *a)
{
  const Replay *d = a->ex->data;

  /* The answer is about the end: feedback marks are drawn on it. */
  a->shown = *xq_game_get_position (d->game);
  a->last = xq_game_get_last_move (d->game);
}

static XqVerdict *
replay_input (XqAttempt *a, const XqInput *in)
{
  return xq_attempt_pick (a, in, judge);
}

/* The last move, then a nudge to weigh each choice, then the answer. */
static void
replay_hint (const XqAttempt *a, int level, XqHint *out)
{
  const Replay *d = a->ex->data;

  if (level >= 3)
    {
      out->choice = g_strdup (d->answer);
      out->text = g_strdup (_("Here is the answer. Now you try!"));
      return;
    }
  if (level == 1)
    {
      mark_last (d, XQ_LESSON_ROLE_MOVE, &out->marks);
      out->text = g_strdup (d->question == QUESTION_LEGAL
                            ? _("Play the replay to its end, then look at the arrow: it shows the last move.")
                            : _("Play the replay again and watch the moves that come back: the arrow shows the last one."));
      return;
    }
  /* The questions that tell the choices apart, for this kind of question. */
  switch (d->question)
    {
    case QUESTION_WINNER:
      out->text = g_strdup (_("Ask in turn: could the side to move still move at all? Did a side break a rule by repeating? If neither, did a draw rule end the game?"));
      return;
    case QUESTION_REASON:
      out->text = g_strdup (_("Ask in turn: was a general attacked with no way out, or left without any move? Did the same checks or chases come back? How many moves went by without a capture?"));
      return;
    case QUESTION_ALLOWED:
      out->text = g_strdup (_("Look at each side's moves in the cycle: did one side check or chase with every move, or did it play idle moves in between?"));
      return;
    case QUESTION_LEGAL:
    default:
      out->text = g_strdup (_("Ask in turn: does the piece move that way, and after the move, is its own general attacked or facing the other general?"));
      return;
    }
}

static char *
replay_answer_key (const XqExercise *ex, XqAnswerStyle *style)
{
  const Replay *d = ex->data;

  return xq_choices_answer_key (d->choices, d->answer);
}

const XqKind xq_kind_replay = {
  .name = "replay",
  .label = N_("Watch a replay, then answer"),
  .input = XQ_KIND_INPUT_CHOICES | XQ_KIND_INPUT_REPLAY,
  .fields = fields,
  .n_fields = G_N_ELEMENTS (fields),
  .read = replay_read,
  .free_data = replay_free,
  .fen_checked = TRUE,
  .answer = replay_answer,
  .check = replay_check,
  .choices = replay_choices,
  .replay = replay_game,
  .start = replay_start,
  .input_cb = replay_input,
  .hint = replay_hint,
  .answer_key = replay_answer_key,
  .demo = xq_demo_pick_answer,
};
