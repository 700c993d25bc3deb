/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The "choose" kind: pick the right answer; the rules compute it where
 * they can (status, trade, winner, legality, material). */
#define G_LOG_DOMAIN "xq-kind-choose"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "xq-answer-sheet.h"
#include "xq-answer-text.h"
#include "xq-kind.h"
#include "xq-material.h"
#include "xq-lesson-rules.h"
#include "xq-demo.h"

typedef enum {
  CHOOSE_FIXED,     /* the author's "answer" (knowledge questions) */
  CHOOSE_STATUS,    /* check / checkmate / stalemate / none */
  CHOOSE_TRADE,     /* is the trade in "moves" good / even / bad for the side to move */
  CHOOSE_WINNER,    /* red / black / draw / none under the rules */
  CHOOSE_LEGAL,     /* yes / no: is "moves"[0] legal */
  CHOOSE_MATERIAL,  /* the material of "side", options are numbers */
  CHOOSE_DEFENDED,  /* yes / no: is the piece on "square" defended */
} Rule;

typedef struct {
  Rule       rule;
  GPtrArray *choices;  /* XqChoice* */
  char      *answer;   /* the right choice's id */
  GArray    *moves;    /* XqMove: trade, legal */
  XqColor    side;     /* material */
  XqSquare   square;   /* defended */
} Choose;

static const XqFieldValue rules[] = {
  { "fixed", N_("My own answer") },
  { "status", N_("Check, mate or stalemate?") },
  { "trade", N_("Is the trade good?") },
  { "winner", N_("Who wins?") },
  { "legal", N_("Is the move legal?") },
  { "material", N_("How much material?") },
  { "defended", N_("Is the piece defended?") },
  { NULL, NULL }
};
static const XqFieldValue sides[] = { { "red", N_("Red") }, { "black", N_("Black") }, { NULL, NULL } };

/* The choice ids a computed rule uses, with their lesson source texts. */
static const XqFieldValue status_choices[] = {
  { "check", N_("Check") }, { "checkmate", N_("Checkmate") }, { "stalemate", N_("Stalemate") },
  { "none", N_("None of these") }, { NULL, NULL }
};
static const XqFieldValue trade_choices[] = {
  { "good", N_("Good for the side to move") }, { "even", N_("Even") },
  { "bad", N_("Bad for the side to move") }, { NULL, NULL }
};
static const XqFieldValue winner_choices[] = {
  { "red", N_("Red wins") }, { "black", N_("Black wins") }, { "draw", N_("Draw") },
  { "none", N_("Nobody yet") }, { NULL, NULL }
};
static const XqFieldValue legal_choices[] = { { "yes", N_("Yes") }, { "no", N_("No") }, { NULL, NULL } };
static const XqFieldValue defended_choices[] = {
  { "yes", N_("Defended") }, { "no", N_("Not defended") }, { NULL, NULL }
};
static const XqKindChoiceSet choice_sets[] = {
  { "status", status_choices }, { "trade", trade_choices }, { "winner", winner_choices },
  { "legal", legal_choices }, { "defended", defended_choices }, { NULL, NULL }
};
static const char *const with_moves[] = { "trade", "legal", NULL };
static const char *const with_side[] = { "material", NULL };
static const char *const with_answer[] = { "fixed", NULL };
static const char *const with_square[] = { "defended", NULL };

static const XqKindField fields[] = {
  { "rule", N_("_Question"), XQ_FIELD_ENUM, rules, 0, 0, FALSE },
  { "choices", N_("_Options"), XQ_FIELD_CHOICES, NULL, 2, XQ_LESSON_MAX_LIST, TRUE,
    NULL, NULL, NULL, choice_sets },
  { "answer", N_("Right o_ption"), XQ_FIELD_TEXT, NULL, 0, XQ_LESSON_MAX_WORD, TRUE,
    "rule", NULL, with_answer },
  { "moves", N_("Mo_ves"), XQ_FIELD_MOVES, NULL, 1, XQ_LESSON_MAX_LIST, TRUE, "rule", with_moves },
  { "side", N_("_Side"), XQ_FIELD_SIDE, sides, 0, 0, TRUE, "rule", with_side },
  { "square", N_("_Piece"), XQ_FIELD_POINT, NULL, 0, 0, TRUE, "rule", with_square },
};

static void
choose_free (gpointer data)
{
  Choose *d = data;

  g_clear_pointer (&d->choices, g_ptr_array_unref);
  g_clear_pointer (&d->moves, g_array_unref);
  g_free (d->answer);
  g_free (d);
}

static const char *const *
rule_vocabulary (Rule rule)
{
  static const char *const status[] = { "check", "checkmate", "stalemate", "none", NULL };
  static const char *const trade[] = { "good", "even", "bad", NULL };
  static const char *const winner[] = { "red", "black", "draw", "none", NULL };
  static const char *const legal[] = { "yes", "no", NULL };

  switch (rule)
    {
    case CHOOSE_STATUS: return status;
    case CHOOSE_TRADE:  return trade;
    case CHOOSE_WINNER: return winner;
    case CHOOSE_LEGAL:
    case CHOOSE_DEFENDED: return legal;
    case CHOOSE_FIXED:
    case CHOOSE_MATERIAL:
    default:            return NULL;
    }
}

/* A material choice id ("12", "4.5") in tenths, or -1. */
static int
parse_tenths (const char *s)
{
  char *end = NULL;
  double v = g_ascii_strtod (s, &end);

  if (end == s || *end != '\0' || v < 0 || v > 1000)
    return -1;
  return (int) lround (v * 10);
}

static gboolean
offered (const Choose *d, const char *id)
{
  return xq_choices_offer (d->choices, id);
}

/* A material choice id must be a number of points. */
static gboolean
material_id (XqKindReader *r, const char *id, const char *id_path)
{
  if (parse_tenths (id) >= 0)
    return TRUE;
  xq_kind_problem (r, XQ_LESSON_ERROR_VALUE, id_path, _("a material choice id must be a number, not “%s”"), id);
  return FALSE;
}

static void
read_choices (XqKindReader *r, JsonArray *array, const char *cp, Choose *d)
{
  xq_kind_read_choices (r, array, cp, rule_vocabulary (d->rule),
                        d->rule == CHOOSE_MATERIAL ? material_id : NULL, d->choices);
}

/* The answer the rules give, or NULL for the author's own (fixed). */
static char *
compute (XqKindReader *r, const char *path, XqExercise *ex, Choose *d)
{
  g_autofree char *cp = xq_kind_path (path, "choices");

  switch (d->rule)
    {
    case CHOOSE_FIXED:
      return NULL;
    case CHOOSE_STATUS:
      return g_strdup (xq_lesson_status_id (&ex->position));
    case CHOOSE_WINNER:
      return g_strdup (xq_lesson_winner (&ex->position));
    case CHOOSE_DEFENDED:
      {
        XqSquare defenders[XQ_ATTACKS_MAX_POINTS];
        return g_strdup (xq_lesson_defenders (&ex->position, d->square, defenders) > 0 ? "yes" : "no");
      }
    case CHOOSE_LEGAL:
      return g_strdup (xq_position_is_legal (&ex->position, g_array_index (d->moves, XqMove, 0)) ? "yes" : "no");
    case CHOOSE_TRADE:
      {
        int balance = 0, bad = 0;
        if (!xq_lesson_trade_balance (&ex->position, (XqMove *) d->moves->data, (int) d->moves->len, &balance, &bad))
          {
            g_autofree char *mp = xq_kind_path (path, "moves");
            g_autofree char *ip = xq_kind_index_path (mp, (guint) bad);
            xq_kind_problem (r, XQ_LESSON_ERROR_BAD_MOVE, ip, _("this move of the trade is not legal"));
            return NULL;
          }
        return g_strdup (balance > 0 ? "good" : balance < 0 ? "bad" : "even");
      }
    case CHOOSE_MATERIAL:
      {
        int want = xq_lesson_material (&ex->position, d->side);
        for (guint i = 0; i < d->choices->len; i++)
          {
            XqChoice *c = g_ptr_array_index (d->choices, i);
            if (parse_tenths (c->id) == want)
              return g_strdup (c->id);
          }
        xq_kind_problem (r, XQ_LESSON_ERROR_UNSOLVABLE, cp, _("the right answer “%g” is not among the choices"),
                         want / 10.0);
        return NULL;
      }
    default:
      g_return_val_if_reached (NULL);
    }
}

/* The piece a "defended" question is about: a piece, not a general. */
static void
read_square (XqKindReader *r, JsonObject *o, const char *path, XqExercise *ex, Choose *d)
{
  g_autofree char *sp = xq_kind_path (path, "square");
  char name[3];

  d->square = xq_kind_get_square (r, o, path, "square", TRUE);
  if (d->square == XQ_NO_SQUARE)
    return;
  xq_square_to_text (d->square, name);
  if (ex->position.board[d->square] == XQ_EMPTY)
    xq_kind_problem (r, XQ_LESSON_ERROR_BAD_SQUARE, sp, _("there is no piece on %s"), name);
  else if (xq_piece_type (ex->position.board[d->square]) == XQ_KING)
    xq_kind_problem (r, XQ_LESSON_ERROR_BAD_SQUARE, sp,
                     _("the general on %s is never defended or left hanging: an attack on it is check"), name);
}

static gboolean
read_choose (XqKindReader *r, JsonObject *o, const char *path, XqExercise *ex, Choose *d)
{
  g_autofree char *cp = xq_kind_path (path, "choices");
  g_autofree char *ap = xq_kind_path (path, "answer");
  g_autofree char *mp = xq_kind_path (path, "moves");
  g_autofree char *computed = NULL;
  int rule = xq_kind_get_enum (r, o, path, &fields[0], CHOOSE_FIXED);
  JsonArray *array = xq_kind_get_array (r, o, path, "choices", TRUE, XQ_LESSON_MAX_LIST);
  const char *answer = xq_kind_get_string (r, o, path, "answer", rule == CHOOSE_FIXED);

  if (rule < 0 || array == NULL)
    return FALSE;
  d->rule = rule;
  if (json_array_get_length (array) < 2)
    {
      xq_kind_problem (r, XQ_LESSON_ERROR_VALUE, cp, _("a question needs at least two choices"));
      return FALSE;
    }
  read_choices (r, array, cp, d);

  if (d->rule == CHOOSE_TRADE || d->rule == CHOOSE_LEGAL)
    {
      d->moves = xq_kind_get_moves (r, o, path, "moves", TRUE);
      if (d->rule == CHOOSE_LEGAL && d->moves->len != 1 && !xq_kind_had_problems (r))
        xq_kind_problem (r, XQ_LESSON_ERROR_VALUE, mp, _("a legality question asks about exactly one move"));
    }
  else
    xq_kind_refuse_key (r, o, path, "moves", _("“moves” belongs only to the rules “trade” and “legal”"));
  if (d->rule == CHOOSE_MATERIAL)
    {
      int side = xq_kind_get_enum (r, o, path, &fields[4], -1);
      if (side >= 0)
        d->side = side;
    }
  if (d->rule == CHOOSE_DEFENDED)
    read_square (r, o, path, ex, d);
  else
    xq_kind_refuse_key (r, o, path, "square", _("“square” belongs only to the rule “defended”"));
  if (xq_kind_had_problems (r))
    return FALSE;

  computed = compute (r, path, ex, d);
  if (xq_kind_had_problems (r))
    return FALSE;
  if (computed != NULL)
    {
      if (!offered (d, computed))
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
  if (offered (d, answer))
    {
      d->answer = g_strdup (answer);
      return TRUE;
    }
  xq_kind_problem (r, XQ_LESSON_ERROR_VALUE, ap, _("the answer “%s” is not one of the choices"), answer);
  return FALSE;
}

static gpointer
choose_read (XqKindReader *r, JsonObject *o, const char *path, XqExercise *ex)
{
  Choose *d = g_new0 (Choose, 1);

  d->choices = xq_choices_new ();
  d->square = XQ_NO_SQUARE;
  if (read_choose (r, o, path, ex, d))
    return d;
  choose_free (d);
  return NULL;
}

static void
choose_answer (const XqExercise *ex, XqAnswer *out)
{
  out->choice = ((const Choose *) ex->data)->answer;
}

static GPtrArray *
choose_choices (const XqExercise *ex)
{
  return ((const Choose *) ex->data)->choices;
}

/* The text of choice id, or the id itself. */
static const char *
choice_text (const Choose *d, const char *id)
{
  return xq_choices_text (d->choices, id);
}

/* The arrows of the trade asked about: the learner's side's moves, then
 * the other side's answers. */
static void
mark_trade (const Choose *d, XqLessonMarks *marks)
{
  for (guint i = 0; i < d->moves->len; i++)
    {
      XqMove m = g_array_index (d->moves, XqMove, i);
      xq_lesson_marks_add_arrow (marks, i % 2 ? XQ_LESSON_ROLE_ATTACK : XQ_LESSON_ROLE_MOVE,
                                 xq_move_from (m), xq_move_to (m));
    }
}

/* Every piece of `side`, pointed at. */
static void
mark_side (const XqPosition *pos, XqColor side, XqLessonMarks *marks)
{
  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    if (pos->board[sq] != XQ_EMPTY && xq_piece_color (pos->board[sq]) == side &&
        xq_piece_type (pos->board[sq]) != XQ_KING)
      xq_lesson_marks_add (marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_HIGHLIGHT, sq);
}

/* The general of the side to move and whatever attacks it. */
static void
mark_general (const XqPosition *pos, XqLessonMarks *marks)
{
  if (pos->king[pos->side] != XQ_NO_SQUARE)
    xq_lesson_marks_add (marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_TARGET, pos->king[pos->side]);
  xq_lesson_mark_checks (pos, marks);
}

/* Would the core's reason why a piece of the defending side cannot take
 * back tell a child something: its own way is blocked (a leg, an eye, a
 * second screen, the palace, the river) or its general forbids it?  Not
 * when the point simply is not on its way. */
static gboolean
telling_reason (XqIllegalReason reason)
{
  switch (reason)
    {
    case XQ_ILLEGAL_OUTSIDE_PALACE:
    case XQ_ILLEGAL_CROSSES_RIVER:
    case XQ_ILLEGAL_HORSE_LEG:
    case XQ_ILLEGAL_ELEPHANT_EYE:
    case XQ_ILLEGAL_EXTRA_SCREEN:
    case XQ_ILLEGAL_GENERALS_FACE:
    case XQ_ILLEGAL_STILL_IN_CHECK:
    case XQ_ILLEGAL_INTO_CHECK:
    case XQ_ILLEGAL_PINNED:
    case XQ_ILLEGAL_BECOMES_SCREEN:
      return TRUE;
    case XQ_ILLEGAL_NONE:
    case XQ_ILLEGAL_NOT_A_MOVE:
    case XQ_ILLEGAL_NO_PIECE:
    case XQ_ILLEGAL_NOT_YOUR_TURN:
    case XQ_ILLEGAL_OWN_PIECE:
    case XQ_ILLEGAL_WRONG_WAY:
    case XQ_ILLEGAL_PIECES_IN_WAY:
    case XQ_ILLEGAL_NO_SCREEN:
    case XQ_ILLEGAL_SOLDIER_BACKWARDS:
    case XQ_ILLEGAL_SOLDIER_SIDEWAYS:
    default:
      return FALSE;
    }
}

/* Why the piece on sq is defended or not (xq_lesson_defenders): the
 * defenders named and drawn; or the capture nothing answers, and a piece
 * of its side that might seem to take back with the core's reason why it
 * may not (pinned, the generals, the palace, a blocked leg). */
static char *
explain_defended (const XqPosition *start, XqSquare sq, XqLessonMarks *marks)
{
  XqPosition pos = *start, after;
  XqSquare defenders[XQ_ATTACKS_MAX_POINTS], by = XQ_NO_SQUARE;
  int n = xq_lesson_defenders (&pos, sq, defenders);
  XqColor c = xq_piece_color (pos.board[sq]);
  g_autofree char *piece = xq_lesson_piece_on (&pos, sq);
  g_autofree char *taker = NULL;
  char point[3];

  xq_square_to_text (sq, point);
  xq_lesson_marks_add (marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_TARGET, sq);
  for (int i = 0; i < n; i++)
    xq_lesson_marks_add_arrow (marks, XQ_LESSON_ROLE_CORRECT, defenders[i], sq);
  if (n > 0)
    {
      g_autofree char *defender = xq_lesson_piece_on (&pos, defenders[0]);
      XqSquare takers[XQ_SQUARES];

      /* The capture it answers, when there is one. */
      if (xq_lesson_captures_on (&pos, sq, takers) > 0)
        xq_lesson_marks_add_arrow (marks, XQ_LESSON_ROLE_ATTACK, takers[0], sq);

      if (n == 1)
        /* TRANSLATORS: "Yes: the Red horse on c4 defends the Red soldier on e5: it can take back on e5." */
        return g_strdup_printf (_("Yes: the %1$s defends the %2$s: it can take back on %3$s."), defender, piece, point);
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "Yes: %1$d piece can take back on %3$s, the %2$s among them.",
                                           "Yes: %1$d pieces can take back on %3$s, the %2$s among them.", n),
                              n, defender, point);
    }
  /* The capture that nothing answers, or none at all. */
  xq_lesson_is_hanging (&pos, sq, &by);
  xq_attacks_after_capture (&pos, sq, by, &after);
  if (by != XQ_NO_SQUARE)
    {
      taker = xq_lesson_piece_on (&pos, by);
      xq_lesson_marks_add_arrow (marks, XQ_LESSON_ROLE_ATTACK, by, sq);
    }
  for (XqSquare from = 0; from < XQ_SQUARES; from++)
    {
      XqMove m = xq_move_make (from, sq);
      XqIllegal illegal;
      XqLessonMarks why;
      g_autofree char *reason = NULL, *would = NULL;

      if (from == sq || after.board[from] == XQ_EMPTY || xq_piece_color (after.board[from]) != c ||
          !telling_reason (xq_position_explain_illegal (&after, m, &illegal)))
        continue;
      xq_lesson_marks_clear (&why);
      reason = xq_lesson_explain_illegal (&after, m, &why);
      xq_kind_add_marks (marks, &why);
      xq_lesson_marks_add_arrow (marks, XQ_LESSON_ROLE_WRONG, from, sq);
      would = xq_lesson_piece_on (&pos, from);
      if (taker != NULL)
        /* TRANSLATORS: "No: if the Black chariot on a2 takes it, the Red general on e1 cannot take back. <reason>" */
        return g_strdup_printf (_("No: if the %1$s takes it, the %2$s cannot take back. %3$s"), taker, would, reason);
      /* TRANSLATORS: the last %s is the rule's reason, a whole sentence. */
      return g_strdup_printf (_("No: the %1$s cannot take back on %2$s. %3$s"), would, point, reason);
    }
  if (taker != NULL)
    return g_strdup_printf (c == XQ_RED ? _("No: if the %s takes it, no Red piece can take back.")
                                        : _("No: if the %s takes it, no Black piece can take back."),
                            taker);
  return g_strdup_printf (c == XQ_RED ? _("No: no Red piece could take back on %s, so that piece is not defended.")
                                      : _("No: no Black piece could take back on %s, so that piece is not defended."),
                          point);
}

/* Why the right answer is right, for the rule questions. */
static char *
explain_choice (const XqExercise *ex, XqLessonMarks *marks)
{
  const Choose *d = ex->data;
  XqPosition pos = ex->position;
  int balance = 0;

  switch (d->rule)
    {
    case CHOOSE_STATUS:
    case CHOOSE_WINNER:
      xq_lesson_mark_checks (&pos, marks);
      if (strcmp (d->answer, "checkmate") == 0)
        return g_strdup (_("The general is attacked and has no way out: checkmate."));
      if (strcmp (d->answer, "check") == 0)
        return g_strdup (_("The general is attacked, but it can still get out: check."));
      if (strcmp (d->answer, "stalemate") == 0)
        return g_strdup (_("Nothing attacks the general, but the side to move has no move at all: stalemate, and that loses."));
      if (strcmp (d->answer, "draw") == 0)
        return g_strdup (_("Under the rules this game is a draw."));
      if (strcmp (d->answer, "red") == 0)
        return g_strdup (_("Black cannot make any move, so Red wins."));
      if (strcmp (d->answer, "black") == 0)
        return g_strdup (_("Red cannot make any move, so Black wins."));
      return g_strdup (_("Nobody has won yet: the game goes on."));
    case CHOOSE_TRADE:
      mark_trade (d, marks);
      xq_lesson_trade_balance (&ex->position, (const XqMove *) d->moves->data, (int) d->moves->len,
                               &balance, NULL);
      if (balance > 0)
        return g_strdup_printf (_("You come out %g points ahead: a good trade."), balance / 10.0);
      if (balance < 0)
        return g_strdup_printf (_("You come out %g points behind: a bad trade."), -balance / 10.0);
      return g_strdup (_("Both sides lose the same value: an even trade."));
    case CHOOSE_LEGAL:
      {
        XqMove m = g_array_index (d->moves, XqMove, 0);
        char *why = xq_lesson_explain_illegal (&pos, m, marks);
        xq_lesson_marks_add_arrow (marks, why ? XQ_LESSON_ROLE_WRONG : XQ_LESSON_ROLE_CORRECT,
                                   xq_move_from (m), xq_move_to (m));
        return why ? why : g_strdup (_("Yes, that move follows the rules."));
      }
    case CHOOSE_DEFENDED:
      return explain_defended (&pos, d->square, marks);
    case CHOOSE_MATERIAL:
      mark_side (&pos, d->side, marks);
      return g_strdup_printf (d->side == XQ_RED ? _("Red’s pieces add up to %g points.")
                                                : _("Black’s pieces add up to %g points."),
                              xq_lesson_material (&pos, d->side) / 10.0);
    case CHOOSE_FIXED:
    default:
      return NULL;
    }
}

/* This trade's own sum (issue 31: a value table made the child do the
 * looking up): what each side takes in the marked moves, with its value,
 * and each side's total; which total is bigger is left to the child.
 * "Red takes: cannon 4.5 (total 4.5). Black takes: chariot 9 (total 9).
 * Which side comes out ahead?" */
static char *
trade_sum (const Choose *d, const XqPosition *start)
{
  XqPosition play = *start;
  GString *side_text[2] = { g_string_new (NULL), g_string_new (NULL) };
  int total[2] = { 0, 0 };
  g_autofree char *red = NULL, *black = NULL;

  for (guint i = 0; i < d->moves->len; i++)
    {
      XqMove m = g_array_index (d->moves, XqMove, i);
      XqPiece taken = play.board[xq_move_to (m)];
      XqColor mover = play.side;
      XqUndo undo;

      if (!xq_position_is_legal (&play, m))
        break;
      if (taken != XQ_EMPTY)
        {
          int v = xq_lesson_piece_value (taken, xq_move_to (m));

          if (side_text[mover]->len > 0)
            /* Translators: between two pieces taken in a trade: "cannon 4.5, horse 4" */
            g_string_append (side_text[mover], C_("trade sum", ", "));
          /* Translators: a piece taken in a trade and its value: "cannon 4.5" */
          g_string_append_printf (side_text[mover], C_("trade sum", "%s %g"), xq_answer_piece_word (taken), v / 10.0);
          total[mover] += v;
        }
      xq_position_do_move (&play, m, &undo);
    }
  red = side_text[XQ_RED]->len > 0
        /* Translators: %1$s lists what Red takes ("cannon 4.5"), %2$g is their sum */
        ? g_strdup_printf (_("Red takes: %1$s (total %2$g)."), side_text[XQ_RED]->str, total[XQ_RED] / 10.0)
        : g_strdup (_("Red takes nothing (total 0)."));
  black = side_text[XQ_BLACK]->len > 0
          ? g_strdup_printf (_("Black takes: %1$s (total %2$g)."), side_text[XQ_BLACK]->str, total[XQ_BLACK] / 10.0)
          : g_strdup (_("Black takes nothing (total 0)."));
  g_string_free (side_text[XQ_RED], TRUE);
  g_string_free (side_text[XQ_BLACK], TRUE);
  /* Translators: %1$s and %2$s are what Red and Black take in the trade, with their totals */
  return g_strdup_printf (_("%1$s %2$s Which side comes out ahead?"), red, black);
}

/* The values a child adds up, from the one table (xq-material.h), the
 * strongest first: "chariot 9, cannon 4.5, horse 4, advisor 2, elephant 2,
 * soldier 1 (2 across the river)" in side's pieces' words. */
static char *
values_text (XqColor side)
{
  static const XqPieceType order[] = { XQ_CHARIOT, XQ_CANNON, XQ_HORSE, XQ_ADVISOR, XQ_ELEPHANT, XQ_PAWN };
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    {
      XqPiece piece = xq_piece_make (side, order[i]);
      int home = xq_material_type_value (order[i], FALSE), across = xq_material_type_value (order[i], TRUE);

      if (i > 0)
        g_string_append (out, C_("trade sum", ", "));
      if (home != across)
        /* Translators: a piece and its value at home and across the river: "soldier 1 (2 across the river)" */
        g_string_append_printf (out, C_("trade sum", "%s %g (%g across the river)"), xq_answer_piece_word (piece),
                                home / 10.0, across / 10.0);
      else
        g_string_append_printf (out, C_("trade sum", "%s %g"), xq_answer_piece_word (piece), home / 10.0);
    }
  return g_string_free (out, FALSE);
}

/* The rule a wrong pick has to think about, pointed at on the board,
 * without saying which choice is right: what the picked word means, the
 * values to add up, the piece's way of moving. */
static char *
explain_rule (const XqExercise *ex, const char *picked, XqLessonMarks *marks)
{
  const Choose *d = ex->data;
  XqPosition pos = ex->position;

  switch (d->rule)
    {
    case CHOOSE_STATUS:
      mark_general (&pos, marks);
      if (strcmp (picked, "check") == 0)
        return g_strdup (_("Check means a piece attacks the general. Is the general attacked here, and can it still get out?"));
      if (strcmp (picked, "checkmate") == 0)
        return g_strdup (_("Checkmate means the general is attacked and no move at all gets it out. Try every way out."));
      if (strcmp (picked, "stalemate") == 0)
        return g_strdup (_("Stalemate means nothing attacks the general, yet the side to move has no move at all."));
      return g_strdup (_("“None of these” means nothing attacks the general and the side to move still has moves."));
    case CHOOSE_WINNER:
      mark_general (&pos, marks);
      if (strcmp (picked, "draw") == 0)
        return g_strdup (_("A game is drawn after sixty moves each without a capture, or when neither side has pieces left that could ever checkmate."));
      if (strcmp (picked, "none") == 0)
        return g_strdup (_("The game goes on while the side to move has a move and no draw rule applies."));
      return g_strdup (_("A side wins when the other side has no legal move, checkmated or stalemated."));
    case CHOOSE_TRADE:
      mark_trade (d, marks);
      return trade_sum (d, &pos);
    case CHOOSE_LEGAL:
      {
        XqMove m = g_array_index (d->moves, XqMove, 0);
        XqPieceType type = xq_piece_type (pos.board[xq_move_from (m)]);
        XqIllegal why;
        const char *rule;

        /* The move and its piece, in neutral colours: a red arrow would
         * give the answer away. */
        xq_lesson_marks_add (marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_TARGET, xq_move_from (m));
        xq_lesson_marks_add_arrow (marks, XQ_LESSON_ROLE_MOVE, xq_move_from (m), xq_move_to (m));
        rule = xq_lesson_reason_rule (xq_position_explain_illegal (&pos, m, &why), type);
        return g_strdup (rule ? rule : xq_lesson_piece_rule (type));
      }
    case CHOOSE_DEFENDED:
      xq_lesson_marks_add (marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_TARGET, d->square);
      return g_strdup (_("A piece is defended when a piece of its own side could take back on its point if it were captured, with a legal move. Look at each piece of its side."));
    case CHOOSE_MATERIAL:
      mark_side (&pos, d->side, marks);
      {
        g_autofree char *values = values_text (d->side);

        /* Translators: %s lists the pieces' values, "chariot 9, cannon 4.5, …" */
        return g_strdup_printf (d->side == XQ_RED ? _("Add up the values of the marked Red pieces: %s.")
                                                  : _("Add up the values of the marked Black pieces: %s."),
                                values);
      }
    case CHOOSE_FIXED:
    default:
      if (ex->hints != NULL && ex->hints->len > 0)
        return g_strdup_printf (_("Not “%s”. %s"), choice_text (d, picked),
                                (const char *) g_ptr_array_index (ex->hints, 0));
      return g_strdup_printf (_("Not “%s”. Read the question again and think it through."),
                              choice_text (d, picked));
    }
}

/* Wrong picks after which the full reason, and so the answer, is given. */
#define CHOOSE_TRIES 2

/* Judges a pick after `wrong_before` wrong ones: a right pick says why it
 * is right; a wrong one gets the rule at once and, from the last try on,
 * the full reason with the answer. */
static XqVerdict *
judge (const XqExercise *ex, const char *picked, int wrong_before)
{
  const Choose *d = ex->data;
  XqLessonMarks marks;
  g_autofree char *why = NULL;
  XqVerdict *v;

  xq_lesson_marks_clear (&marks);
  if (strcmp (picked, d->answer) == 0)
    {
      why = explain_choice (ex, &marks);
      if (why == NULL)
        why = g_strdup_printf (_("Yes, “%s” is right."), choice_text (d, picked));
      v = xq_verdict_new (XQ_VERDICT_CORRECT, why);
    }
  else if (wrong_before + 1 < CHOOSE_TRIES)
    {
      why = explain_rule (ex, picked, &marks);
      v = xq_verdict_new (XQ_VERDICT_WRONG, why);
    }
  else
    {
      g_autofree char *reason = explain_choice (ex, &marks);

      if (reason == NULL && ex->hints != NULL && ex->hints->len > 0)
        /* The author's last hint is the one closest to the answer. */
        reason = g_strdup (g_ptr_array_index (ex->hints, ex->hints->len - 1));
      why = reason ? g_strdup_printf (_("The answer is “%s”. %s"), choice_text (d, d->answer), reason)
                   : g_strdup_printf (_("The answer is “%s”."), choice_text (d, d->answer));
      v = xq_verdict_new (XQ_VERDICT_WRONG, why);
      v->answer_choice = g_strdup (d->answer);
    }
  v->marks = marks;
  return v;
}

static XqVerdict *
choose_check (const XqExercise *ex, const XqAnswer *answer)
{
  g_return_val_if_fail (answer->choice != NULL, NULL);
  return judge (ex, answer->choice, 0);
}

static XqVerdict *
choose_input (XqAttempt *a, const XqInput *in)
{
  return xq_attempt_pick (a, in, judge);
}

/* What the board shows about the question (the checks, the move asked
 * about), then a nudge to weigh each choice against it, then the answer. */
static void
choose_hint (const XqAttempt *a, int level, XqHint *out)
{
  const Choose *d = a->ex->data;
  g_autofree char *why = NULL;

  if (level >= 3)
    {
      out->choice = g_strdup (d->answer);
      out->text = g_strdup (_("Here is the answer. Now you try!"));
      return;
    }
  /* The rule's marks only: the full reason's would show the answer. */
  why = explain_rule (a->ex, d->answer, &out->marks);
  if (level == 1)
    {
      out->text = g_strdup (out->marks.n_marks > 0 ? _("Look at the marks on the board.")
                                                   : _("Read the question again, slowly."));
      return;
    }
  /* The rule to weigh the choices by: the values or the piece's way of
   * moving where it does not depend on the pick, else the questions that
   * tell the words apart. */
  switch (d->rule)
    {
    case CHOOSE_TRADE:
    case CHOOSE_MATERIAL:
    case CHOOSE_LEGAL:
      out->text = g_steal_pointer (&why);
      return;
    case CHOOSE_STATUS:
      out->text = g_strdup (_("Ask in turn: is the marked general attacked? Does the side to move have any move that is allowed?"));
      return;
    case CHOOSE_WINNER:
      out->text = g_strdup (_("Ask in turn: can the side to move make any move at all? If it can, does a draw rule end the game?"));
      return;
    case CHOOSE_DEFENDED:
      out->text = g_strdup (_("Imagine the piece taken: could one of its own side take back on that point with a move that is allowed?"));
      return;
    case CHOOSE_FIXED:
    default:
      out->text = g_strdup (_("Think about each choice in turn: which one fits?"));
      return;
    }
}

/* The letter and text of the right choice, as the question lists them
 * (xq_exercise_question). */
static char *
choose_answer_key (const XqExercise *ex, XqAnswerStyle *style)
{
  const Choose *d = ex->data;

  return xq_choices_answer_key (d->choices, d->answer);
}

const XqKind xq_kind_choose = {
  .name = "choose",
  .label = N_("Multiple choice"),
  .input = XQ_KIND_INPUT_CHOICES,
  .fields = fields,
  .n_fields = G_N_ELEMENTS (fields),
  .read = choose_read,
  .free_data = choose_free,
  .fen_checked = TRUE,
  .answer = choose_answer,
  .check = choose_check,
  .choices = choose_choices,
  .input_cb = choose_input,
  .hint = choose_hint,
  .answer_key = choose_answer_key,
  .demo = xq_demo_pick_answer,
};
