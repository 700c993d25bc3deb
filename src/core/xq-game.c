/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-game"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-game.h"
#include "xq-material.h"
#include "xq-repetition.h"

/* 23.3: at most this many checks of a claimant count towards the limit. */
#define COUNTED_CHECKS 10

typedef struct {
  XqPosition pos;          /* the position at this ply */
  XqMove     move;         /* the move that led here (none at ply 0) */
  int        checks[2];    /* checks each side gave since the last capture */
  XqResult   result;       /* the result reached at this ply, winner NONE if none */
  gboolean   declared;     /* the result came from the interface */
  gboolean   warned;       /* a 24.3 warning is pending at this ply */
  XqWarning  warning;
  guint64    warning_key;  /* the position whose next recurrence forfeits */
} Ply;

struct _XqGame {
  GArray        *plies;    /* of Ply; plies[0] is the start */
  int            current;
  XqGameOptions  opts;
};

G_DEFINE_QUARK (xq-game-error-quark, xq_game_error)

/* ---- Options and results --------------------------------------------------- */

void
xq_game_options_init (XqGameOptions *opts)
{
  g_return_if_fail (opts != NULL);
  opts->rules = XQ_RULES_CHINA;
  opts->cycles = XQ_CYCLES_IMMEDIATE;
  opts->move_limit = 60;
  opts->bare_material = TRUE;
}

static const struct {
  XqReason    reason;
  const char *code;
} reason_codes[] = {
  { XQ_REASON_NONE, "" },
  { XQ_REASON_CHECKMATE, "checkmate" },
  { XQ_REASON_STALEMATE, "stalemate" },
  { XQ_REASON_RESIGNATION, "resignation" },
  { XQ_REASON_AGREEMENT, "agreement" },
  { XQ_REASON_MOVE_LIMIT, "move-limit" },
  { XQ_REASON_PERPETUAL_CHECK, "perpetual-check" },
  { XQ_REASON_PERPETUAL_CHASE, "perpetual-chase" },
  { XQ_REASON_PERPETUAL_MATE_THREAT, "perpetual-mate-threat" },
  { XQ_REASON_PERPETUAL_MIXED, "perpetual-mixed" },
  { XQ_REASON_REPETITION, "repetition" },
  { XQ_REASON_BARE_MATERIAL, "bare-material" },
  { XQ_REASON_TIME, "time" },
  { XQ_REASON_ILLEGAL_MOVE, "illegal-move" },
};

const char *
xq_reason_to_code (XqReason reason)
{
  for (size_t i = 0; i < G_N_ELEMENTS (reason_codes); i++)
    if (reason_codes[i].reason == reason)
      return reason_codes[i].code;
  return "";
}

gboolean
xq_reason_from_code (const char *code, XqReason *out)
{
  g_return_val_if_fail (code != NULL, FALSE);
  for (size_t i = 1; i < G_N_ELEMENTS (reason_codes); i++)
    if (strcmp (reason_codes[i].code, code) == 0)
      {
        if (out != NULL)
          *out = reason_codes[i].reason;
        return TRUE;
      }
  return FALSE;
}

const char *
xq_winner_to_code (XqWinner winner)
{
  switch (winner)
    {
    case XQ_WINNER_RED:   return "red";
    case XQ_WINNER_BLACK: return "black";
    case XQ_WINNER_DRAW:  return "draw";
    case XQ_WINNER_NONE:
    default:              return "ongoing";
    }
}

const char *
xq_reason_rule (XqReason reason, XqRuleSet rules)
{
  /* The cycle rulings differ between the rule sets (docs/rulings.md); the
   * other reasons are the same clauses in both. */
  if (rules == XQ_RULES_AXF)
    switch (reason)
      {
      case XQ_REASON_PERPETUAL_CHECK: return "AXF: perpetual check loses";
      case XQ_REASON_PERPETUAL_CHASE: return "AXF: perpetual chase of one piece loses";
      case XQ_REASON_REPETITION:      return "AXF: other repetitions are drawn";
      case XQ_REASON_NONE:
      case XQ_REASON_CHECKMATE:
      case XQ_REASON_STALEMATE:
      case XQ_REASON_RESIGNATION:
      case XQ_REASON_AGREEMENT:
      case XQ_REASON_MOVE_LIMIT:
      case XQ_REASON_PERPETUAL_MATE_THREAT:
      case XQ_REASON_PERPETUAL_MIXED:
      case XQ_REASON_BARE_MATERIAL:
      case XQ_REASON_TIME:
      case XQ_REASON_ILLEGAL_MOVE:
      default: break;
      }
  switch (reason)
    {
    case XQ_REASON_CHECKMATE:             return "第3條 3.1, 第4條 4.1.1";
    case XQ_REASON_STALEMATE:             return "第3條 3.2, 第4條 4.1.3";
    case XQ_REASON_RESIGNATION:           return "第4條 4.1.9";
    case XQ_REASON_AGREEMENT:             return "第4條 4.2.2";
    case XQ_REASON_MOVE_LIMIT:            return "第4條 4.2.4, 第23條 23.3";
    case XQ_REASON_PERPETUAL_CHECK:       return "第24條 24.1, 第26條 26.1";
    case XQ_REASON_PERPETUAL_CHASE:       return "第25條 25.2, 第26條 26.4";
    case XQ_REASON_PERPETUAL_MATE_THREAT: return "第25條 25.2, 第26條 26.4";
    case XQ_REASON_PERPETUAL_MIXED:       return "第25條 25.2, 第26條 26.4";
    case XQ_REASON_REPETITION:            return "第4條 4.2.3, 第26條 26.2, 26.3";
    case XQ_REASON_BARE_MATERIAL:         return "第4條 4.2.1";
    case XQ_REASON_TIME:                  return "第4條 4.1.4";
    case XQ_REASON_ILLEGAL_MOVE:          return "第4條 4.1.6";
    case XQ_REASON_NONE:
    default:                              return "";
    }
}

/* A repetition draw: 26.2 (both allowed) or 26.3 (both broke a rule), or
 * not known when the result was rebuilt from its code alone. */
static char *
repetition_draw_explain (XqReason both)
{
  switch (both)
    {
    case XQ_REASON_NONE:
      return g_strdup (_("Draw: the same moves came back three times without a change, and the repetition rules make it a draw."));
    case XQ_REASON_REPETITION:
      return g_strdup (_("Draw: the same moves came back three times and neither side broke a rule."));
    case XQ_REASON_PERPETUAL_CHECK:
      return g_strdup (_("Draw: both sides kept checking, and when both break the same rule the game is drawn."));
    case XQ_REASON_PERPETUAL_CHASE:
      return g_strdup (_("Draw: both sides kept chasing, and when both break the same rule the game is drawn."));
    case XQ_REASON_PERPETUAL_MATE_THREAT:
      return g_strdup (_("Draw: both sides kept threatening mate, and when both break the same rule the game is drawn."));
    case XQ_REASON_PERPETUAL_MIXED:
    case XQ_REASON_CHECKMATE:
    case XQ_REASON_STALEMATE:
    case XQ_REASON_RESIGNATION:
    case XQ_REASON_AGREEMENT:
    case XQ_REASON_MOVE_LIMIT:
    case XQ_REASON_BARE_MATERIAL:
    case XQ_REASON_TIME:
    case XQ_REASON_ILLEGAL_MOVE:
    default:
      return g_strdup (_("Draw: both sides kept attacking on every move without changing, and when both break the rules the game is drawn."));
    }
}

char *
xq_result_explain (const XqResult *result)
{
  gboolean red;

  g_return_val_if_fail (result != NULL, NULL);
  red = result->winner == XQ_WINNER_RED;

  if (result->winner == XQ_WINNER_NONE)
    return g_strdup (_("The game is still going on."));
  if (result->winner == XQ_WINNER_DRAW)
    switch (result->reason)
      {
      case XQ_REASON_AGREEMENT:
        return g_strdup (_("Draw: both players agreed to share the point."));
      case XQ_REASON_MOVE_LIMIT:
        return g_strdup (_("Draw: many moves went by without any capture, so the game ends in a draw."));
      case XQ_REASON_REPETITION:
        return repetition_draw_explain (result->both);
      case XQ_REASON_BARE_MATERIAL:
        return g_strdup (_("Draw: the pieces left can never checkmate, so nobody can win."));
      case XQ_REASON_NONE:
      case XQ_REASON_CHECKMATE:
      case XQ_REASON_STALEMATE:
      case XQ_REASON_RESIGNATION:
      case XQ_REASON_PERPETUAL_CHECK:
      case XQ_REASON_PERPETUAL_CHASE:
      case XQ_REASON_PERPETUAL_MATE_THREAT:
      case XQ_REASON_PERPETUAL_MIXED:
      case XQ_REASON_TIME:
      case XQ_REASON_ILLEGAL_MOVE:
      default:
        return g_strdup (_("Draw."));
      }
  switch (result->reason)
    {
    case XQ_REASON_CHECKMATE:
      return g_strdup (red ? _("Red wins: the black general is in check and cannot escape. Checkmate!")
                           : _("Black wins: the red general is in check and cannot escape. Checkmate!"));
    case XQ_REASON_STALEMATE:
      return g_strdup (red ? _("Red wins: Black has no legal move left, and a player who cannot move loses.")
                           : _("Black wins: Red has no legal move left, and a player who cannot move loses."));
    case XQ_REASON_RESIGNATION:
      return g_strdup (red ? _("Red wins: Black resigned.")
                           : _("Black wins: Red resigned."));
    case XQ_REASON_TIME:
      return g_strdup (red ? _("Red wins: Black ran out of time.")
                           : _("Black wins: Red ran out of time."));
    case XQ_REASON_PERPETUAL_CHECK:
      return g_strdup (red ? _("Red wins: Black kept checking the same way again and again, and checking forever is not allowed.")
                           : _("Black wins: Red kept checking the same way again and again, and checking forever is not allowed."));
    case XQ_REASON_PERPETUAL_CHASE:
      /* A guarded piece is chased only when taking it still wins material,
       * so the chaser is worth less (docs/rulings.md, section 4). */
      if (result->chase.guarded && result->chase.piece != XQ_NO_TYPE && result->chase.by != XQ_NO_TYPE)
        {
          const char *piece = xq_piece_type_name (result->chase.piece);
          const char *by = xq_piece_type_name (result->chase.by);
          /* Translators: %1$s is the piece chased ("chariot", twice), %2$s the chaser ("horse"). */
          return g_strdup_printf (red ? _("Red wins: Black kept chasing the %1$s with a %2$s, a piece worth less, which is a chase even though the %1$s is guarded, and chasing forever is not allowed.")
                                      : _("Black wins: Red kept chasing the %1$s with a %2$s, a piece worth less, which is a chase even though the %1$s is guarded, and chasing forever is not allowed."),
                                  piece, by);
        }
      /* Unknown, or won only through checks (29.1): no claim about its guard. */
      if (result->chase.piece == XQ_NO_TYPE || result->chase.by == XQ_NO_TYPE)
        return g_strdup (red ? _("Red wins: Black kept chasing the same way again and again, and chasing forever is not allowed.")
                             : _("Black wins: Red kept chasing the same way again and again, and chasing forever is not allowed."));
      return g_strdup (red ? _("Red wins: Black kept chasing an unprotected piece again and again, and chasing forever is not allowed.")
                           : _("Black wins: Red kept chasing an unprotected piece again and again, and chasing forever is not allowed."));
    case XQ_REASON_PERPETUAL_MATE_THREAT:
      return g_strdup (red ? _("Red wins: Black kept threatening mate the same way again and again, and that is not allowed forever.")
                           : _("Black wins: Red kept threatening mate the same way again and again, and that is not allowed forever."));
    case XQ_REASON_PERPETUAL_MIXED:
      return g_strdup (red ? _("Red wins: Black kept attacking on every move (checks, threats and chases) and did not change, which is not allowed.")
                           : _("Black wins: Red kept attacking on every move (checks, threats and chases) and did not change, which is not allowed."));
    case XQ_REASON_ILLEGAL_MOVE:
      return g_strdup (red ? _("Red wins: Black made a move that is against the rules.")
                           : _("Black wins: Red made a move that is against the rules."));
    case XQ_REASON_NONE:
    case XQ_REASON_AGREEMENT:
    case XQ_REASON_MOVE_LIMIT:
    case XQ_REASON_REPETITION:
    case XQ_REASON_BARE_MATERIAL:
    default:
      return g_strdup (red ? _("Red wins.") : _("Black wins."));
    }
}

char *
xq_warning_explain (const XqWarning *warning)
{
  g_return_val_if_fail (warning != NULL, NULL);

  switch (warning->reason)
    {
    case XQ_REASON_PERPETUAL_MATE_THREAT:
      return g_strdup (warning->offender == XQ_RED
                       ? _("Red has threatened mate the same way three times. Red must play something else, or Red loses.")
                       : _("Black has threatened mate the same way three times. Black must play something else, or Black loses."));
    case XQ_REASON_PERPETUAL_MIXED:
      return g_strdup (warning->offender == XQ_RED
                       ? _("Red has attacked on every move of the same cycle three times. Red must play something else, or Red loses.")
                       : _("Black has attacked on every move of the same cycle three times. Black must play something else, or Black loses."));
    case XQ_REASON_PERPETUAL_CHASE:
    case XQ_REASON_NONE:
    case XQ_REASON_CHECKMATE:
    case XQ_REASON_STALEMATE:
    case XQ_REASON_RESIGNATION:
    case XQ_REASON_AGREEMENT:
    case XQ_REASON_MOVE_LIMIT:
    case XQ_REASON_PERPETUAL_CHECK:
    case XQ_REASON_REPETITION:
    case XQ_REASON_BARE_MATERIAL:
    case XQ_REASON_TIME:
    case XQ_REASON_ILLEGAL_MOVE:
    default:
      /* Which piece and by what, so the child knows which move to change. */
      if (warning->reason == XQ_REASON_PERPETUAL_CHASE && warning->chase.piece != XQ_NO_TYPE &&
          warning->chase.by != XQ_NO_TYPE)
        /* Translators: %1$s is the piece chased ("chariot"), %2$s the chaser ("cannon"). */
        return g_strdup_printf (warning->offender == XQ_RED
                                ? _("Red has chased the black %1$s with a %2$s the same way three times. Red must play something else, or Red loses.")
                                : _("Black has chased the red %1$s with a %2$s the same way three times. Black must play something else, or Black loses."),
                                xq_piece_type_name (warning->chase.piece), xq_piece_type_name (warning->chase.by));
      if (warning->reason == XQ_REASON_PERPETUAL_CHASE && warning->chase.piece != XQ_NO_TYPE)
        /* Translators: %s is the piece chased ("chariot"), attacked only through checks. */
        return g_strdup_printf (warning->offender == XQ_RED
                                ? _("Red has chased the black %s the same way three times. Red must play something else, or Red loses.")
                                : _("Black has chased the red %s the same way three times. Black must play something else, or Black loses."),
                                xq_piece_type_name (warning->chase.piece));
      return g_strdup (warning->offender == XQ_RED
                       ? _("Red has chased the same way three times. Red must play something else, or Red loses.")
                       : _("Black has chased the same way three times. Black must play something else, or Black loses."));
    }
}

gboolean
xq_move_limit_reached (int plies, int checks_red, int checks_black, int limit)
{
  int checks[2] = { checks_red, checks_black };

  if (limit <= 0)
    return FALSE;
  /* 23.3 caps the claimant's counted checks; each uncounted check also
   * takes the reply with it, as Pikafish counts.  An automatic referee
   * lets either side claim. */
  for (int c = 0; c < 2; c++)
    {
      int excess = MAX (0, checks[c] - COUNTED_CHECKS);
      if (plies - 2 * excess >= 2 * limit)
        return TRUE;
    }
  return FALSE;
}

/* ---- Judging one ply -------------------------------------------------------- */

static Ply *
ply_at (const XqGame *game, int i)
{
  return &g_array_index (game->plies, Ply, i);
}

static void
set_result (Ply *p, XqWinner winner, XqReason reason, int ply)
{
  p->result.winner = winner;
  p->result.reason = reason;
  p->result.ply = ply;
  p->result.both = XQ_REASON_NONE;
  p->result.chase = (XqChase) { XQ_NO_TYPE, XQ_NO_TYPE, FALSE };
}

/* A cycle ruling as the result of ply i, with what the sentence needs to
 * say what happened: what both sides did in a 26.3 draw, what was chased. */
static void
set_ruling_result (Ply *p, const XqCycleRuling *ruling, int ply)
{
  XqReason red = ruling->side_kind[XQ_RED], black = ruling->side_kind[XQ_BLACK];

  set_result (p, ruling->winner, ruling->reason, ply);
  if (ruling->winner == XQ_WINNER_DRAW)
    p->result.both = red == XQ_REASON_NONE || black == XQ_REASON_NONE ? XQ_REASON_REPETITION
                   : red == black ? red : XQ_REASON_PERPETUAL_MIXED;
  p->result.chase = ruling->chase;
}

static XqWinner
winner_of (XqColor c)
{
  return c == XQ_RED ? XQ_WINNER_RED : XQ_WINNER_BLACK;
}

/* The loss the position itself shows: the side to move has no legal move,
 * in check (checkmate) or not (stalemate, also a loss in xiangqi). */
static gboolean
judge_no_move (XqPosition *pos, XqResult *result, int ply)
{
  if (xq_position_has_legal_move (pos))
    return FALSE;
  result->winner = winner_of (xq_color_other (pos->side));
  result->reason = xq_position_in_check (pos, pos->side) ? XQ_REASON_CHECKMATE : XQ_REASON_STALEMATE;
  result->ply = ply;
  return TRUE;
}

/* The draws the position shows: the natural move limit (with the checks
 * each side gave since the last capture) and material that can never mate. */
static gboolean
judge_draw (const XqPosition *pos, int checks_red, int checks_black,
            const XqGameOptions *opts, XqResult *result, int ply)
{
  XqReason reason;

  if (xq_move_limit_reached (pos->halfmove, checks_red, checks_black, opts->move_limit))
    reason = XQ_REASON_MOVE_LIMIT;
  else if (opts->bare_material && xq_material_is_bare_draw (pos))
    reason = XQ_REASON_BARE_MATERIAL;
  else
    return FALSE;
  result->winner = XQ_WINNER_DRAW;
  result->reason = reason;
  result->ply = ply;
  return TRUE;
}

XqResult
xq_game_judge_position (const XqPosition *pos, const XqGameOptions *opts)
{
  XqResult result = { XQ_WINNER_NONE, XQ_REASON_NONE, -1 };
  XqGameOptions defaults;
  XqPosition scratch;

  g_return_val_if_fail (pos != NULL, result);
  if (opts == NULL)
    {
      xq_game_options_init (&defaults);
      opts = &defaults;
    }
  scratch = *pos;
  if (!judge_no_move (&scratch, &result, 0))
    judge_draw (pos, 0, 0, opts, &result, 0);
  return result;
}

/* Looks for the repetition at ply i: returns the number of occurrences of
 * its position (this one included) since the last capture, and the ply of
 * the earliest. */
static int
count_occurrences (const XqGame *game, int i, int *first)
{
  const Ply *p = ply_at (game, i);
  int lowest = MAX (0, i - p->pos.halfmove);
  int count = 1;

  *first = i;
  for (int j = i - 2; j >= lowest; j -= 2)
    if (ply_at (game, j)->pos.key == p->pos.key)
      {
        count++;
        *first = j;
      }
  return count;
}

/* The cycle rules at ply i (the competition rules' 第24條, docs/rulings.md).
 * Returns TRUE if a result was set. */
static gboolean
judge_repetition (XqGame *game, int i)
{
  Ply *p = ply_at (game, i);
  int first, n;
  g_autofree XqMove *moves = NULL;
  XqCycleRuling ruling;
  XqColor offender;

  if (count_occurrences (game, i, &first) < 3)
    return FALSE;

  n = i - first;
  moves = g_new (XqMove, n);
  for (int k = 0; k < n; k++)
    moves[k] = ply_at (game, first + k + 1)->move;
  xq_repetition_judge (&ply_at (game, first)->pos, moves, n, game->opts.rules, &ruling);

  if (ruling.winner == XQ_WINNER_DRAW || ruling.reason == XQ_REASON_PERPETUAL_CHECK ||
      game->opts.cycles == XQ_CYCLES_IMMEDIATE)
    {
      /* 24.1 (perpetual check loses at once) and 24.2 (draws) need no warning. */
      set_ruling_result (p, &ruling, i);
      return TRUE;
    }

  offender = ruling.winner == XQ_WINNER_RED ? XQ_BLACK : XQ_RED;
  if (p->warned && p->warning.offender == offender)
    {
      /* 24.3: after the warning, one more full cycle back to the warned
       * position loses. */
      if (p->warning_key == p->pos.key && p->warning.ply < i)
        {
          set_ruling_result (p, &ruling, i);
          p->warned = FALSE;
          return TRUE;
        }
      /* Other positions of the same cycle come back three times too while
       * it is played out; the pending warning already covers them. */
      if (first <= p->warning.ply)
        return FALSE;
    }
  p->warned = TRUE;
  p->warning.offender = offender;
  p->warning.reason = ruling.reason;
  p->warning.ply = i;
  p->warning.chase = ruling.chase;
  p->warning_key = p->pos.key;
  return FALSE;
}

/* Decides ply i from scratch (not a declared result), in the priority the
 * header lists (docs/rulings.md). */
static void
judge_ply (XqGame *game, int i)
{
  Ply *p = ply_at (game, i);
  XqPosition scratch = p->pos;

  set_result (p, XQ_WINNER_NONE, XQ_REASON_NONE, -1);
  p->declared = FALSE;

  /* The warning carries over from the previous ply until a capture makes
   * the old cycle impossible. */
  if (i > 0)
    {
      const Ply *prev = ply_at (game, i - 1);
      p->warned = prev->warned && p->pos.halfmove != 0;
      p->warning = prev->warning;
      p->warning_key = prev->warning_key;
    }
  else
    p->warned = FALSE;

  /* (1) No legal move loses, in check or not. */
  if (judge_no_move (&scratch, &p->result, i))
    return;
  /* (2) Repetition. */
  if (judge_repetition (game, i))
    return;
  /* (3) The natural limit and (4) nobody can ever mate. */
  judge_draw (&p->pos, p->checks[XQ_RED], p->checks[XQ_BLACK], &game->opts, &p->result, i);
}

/* ---- The game record ------------------------------------------------------- */

XqGame *
xq_game_new_full (const XqPosition *start, const XqGameOptions *opts)
{
  XqGame *game = g_new0 (XqGame, 1);
  Ply first = { 0 };

  if (opts != NULL)
    game->opts = *opts;
  else
    xq_game_options_init (&game->opts);

  if (start != NULL)
    first.pos = *start;
  else
    xq_position_init_start (&first.pos);
  game->plies = g_array_new (FALSE, TRUE, sizeof (Ply));
  g_array_append_val (game->plies, first);
  game->current = 0;
  judge_ply (game, 0);
  return game;
}

XqGame *
xq_game_new (const XqPosition *start)
{
  return xq_game_new_full (start, NULL);
}

XqGame *
xq_game_copy (const XqGame *game)
{
  XqGame *copy;

  g_return_val_if_fail (game != NULL, NULL);
  copy = g_new0 (XqGame, 1);
  copy->opts = game->opts;
  copy->current = game->current;
  copy->plies = g_array_sized_new (FALSE, TRUE, sizeof (Ply), game->plies->len);
  g_array_append_vals (copy->plies, game->plies->data, game->plies->len);
  return copy;
}

void
xq_game_free (XqGame *game)
{
  if (game == NULL)
    return;
  g_array_unref (game->plies);
  g_free (game);
}

void
xq_game_set_options (XqGame *game, const XqGameOptions *opts)
{
  g_return_if_fail (game != NULL && opts != NULL);

  game->opts = *opts;
  for (guint i = 0; i < game->plies->len; i++)
    {
      Ply *p = ply_at (game, (int) i);
      XqResult declared = p->result;
      gboolean was_declared = p->declared;

      judge_ply (game, (int) i);
      /* A result the interface declared stands unless the rules now end the
       * game earlier on that ply. */
      if (was_declared && p->result.winner == XQ_WINNER_NONE)
        {
          p->result = declared;
          p->declared = TRUE;
        }
      /* Nothing can follow a ply that now ends the game. */
      if (p->result.winner != XQ_WINNER_NONE && i + 1 < game->plies->len)
        {
          g_array_set_size (game->plies, i + 1);
          game->current = MIN (game->current, (int) i);
        }
    }
}

void
xq_game_get_options (const XqGame *game, XqGameOptions *opts)
{
  g_return_if_fail (game != NULL && opts != NULL);
  *opts = game->opts;
}

gboolean
xq_game_play (XqGame *game, XqMove move, GError **error)
{
  Ply *cur;
  Ply next;
  XqPosition scratch;
  XqUndo u;
  int ply;

  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  cur = ply_at (game, game->current);
  ply = game->current + 1;
  if (cur->result.winner != XQ_WINNER_NONE)
    {
      g_set_error (error, XQ_GAME_ERROR, XQ_GAME_ERROR_GAME_OVER,
                   "ply %d: the game is already over (%s %s)", ply,
                   xq_winner_to_code (cur->result.winner), xq_reason_to_code (cur->result.reason));
      return FALSE;
    }
  scratch = cur->pos;
  if (move == XQ_MOVE_NONE || !xq_position_is_legal (&scratch, move))
    {
      char text[5] = "none";
      if (move != XQ_MOVE_NONE)
        xq_move_to_iccs (move, text);
      g_set_error (error, XQ_GAME_ERROR, XQ_GAME_ERROR_ILLEGAL_MOVE,
                   "ply %d: %s is not a legal move for %s", ply, text, xq_color_name (scratch.side));
      return FALSE;
    }

  /* Redo: the same move as the recorded one keeps the tail. */
  if (ply < (int) game->plies->len && ply_at (game, ply)->move == move)
    {
      game->current = ply;
      return TRUE;
    }

  memset (&next, 0, sizeof next);
  next.pos = cur->pos;
  next.move = move;
  xq_position_do_move (&next.pos, move, &u);
  if (u.captured != XQ_EMPTY)
    next.checks[XQ_RED] = next.checks[XQ_BLACK] = 0;
  else
    {
      next.checks[XQ_RED] = cur->checks[XQ_RED];
      next.checks[XQ_BLACK] = cur->checks[XQ_BLACK];
      if (xq_position_in_check (&next.pos, next.pos.side))
        next.checks[cur->pos.side]++;
    }

  g_array_set_size (game->plies, ply);
  g_array_append_val (game->plies, next);
  game->current = ply;
  judge_ply (game, ply);
  return TRUE;
}

gboolean
xq_game_play_iccs (XqGame *game, const char *iccs, GError **error)
{
  XqMove m;

  g_return_val_if_fail (game != NULL && iccs != NULL, FALSE);

  m = xq_move_from_iccs (iccs);
  if (m == XQ_MOVE_NONE)
    {
      g_set_error (error, XQ_GAME_ERROR, XQ_GAME_ERROR_BAD_MOVE_TEXT,
                   "ply %d: “%s” is not an ICCS move", game->current + 1, iccs);
      return FALSE;
    }
  return xq_game_play (game, m, error);
}

int
xq_game_get_ply (const XqGame *game)
{
  g_return_val_if_fail (game != NULL, 0);
  return game->current;
}

int
xq_game_get_n_plies (const XqGame *game)
{
  g_return_val_if_fail (game != NULL, 0);
  return (int) game->plies->len - 1;
}

gboolean
xq_game_go_to_ply (XqGame *game, int ply)
{
  g_return_val_if_fail (game != NULL, FALSE);
  if (ply < 0 || ply >= (int) game->plies->len)
    return FALSE;
  game->current = ply;
  return TRUE;
}

gboolean
xq_game_undo (XqGame *game)
{
  g_return_val_if_fail (game != NULL, FALSE);
  return xq_game_go_to_ply (game, game->current - 1);
}

gboolean
xq_game_redo (XqGame *game)
{
  g_return_val_if_fail (game != NULL, FALSE);
  return xq_game_go_to_ply (game, game->current + 1);
}

const XqPosition *
xq_game_get_start (const XqGame *game)
{
  g_return_val_if_fail (game != NULL, NULL);
  return &ply_at (game, 0)->pos;
}

const XqPosition *
xq_game_get_position (const XqGame *game)
{
  g_return_val_if_fail (game != NULL, NULL);
  return &ply_at (game, game->current)->pos;
}

const XqPosition *
xq_game_get_position_at (const XqGame *game, int ply)
{
  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (ply >= 0 && ply < (int) game->plies->len, NULL);
  return &ply_at (game, ply)->pos;
}

XqMove
xq_game_get_move (const XqGame *game, int ply)
{
  g_return_val_if_fail (game != NULL, XQ_MOVE_NONE);
  if (ply < 1 || ply >= (int) game->plies->len)
    return XQ_MOVE_NONE;
  return ply_at (game, ply)->move;
}

XqMove
xq_game_get_last_move (const XqGame *game)
{
  g_return_val_if_fail (game != NULL, XQ_MOVE_NONE);
  return xq_game_get_move (game, game->current);
}

XqResult
xq_game_get_result_at (const XqGame *game, int ply)
{
  XqResult none = { XQ_WINNER_NONE, XQ_REASON_NONE, -1 };

  g_return_val_if_fail (game != NULL, none);
  if (ply < 0 || ply >= (int) game->plies->len)
    return none;
  return ply_at (game, ply)->result;
}

XqResult
xq_game_get_result (const XqGame *game)
{
  XqResult none = { XQ_WINNER_NONE, XQ_REASON_NONE, -1 };

  g_return_val_if_fail (game != NULL, none);
  return xq_game_get_result_at (game, game->current);
}

gboolean
xq_game_is_over (const XqGame *game)
{
  return xq_game_get_result (game).winner != XQ_WINNER_NONE;
}

gboolean
xq_game_get_warning (const XqGame *game, XqWarning *out)
{
  const Ply *p;

  g_return_val_if_fail (game != NULL, FALSE);
  p = ply_at (game, game->current);
  if (!p->warned || p->result.winner != XQ_WINNER_NONE)
    return FALSE;
  if (out != NULL)
    *out = p->warning;
  return TRUE;
}

static void
declare (XqGame *game, XqWinner winner, XqReason reason)
{
  Ply *p = ply_at (game, game->current);

  /* A result the rules reached already stands. */
  if (p->result.winner != XQ_WINNER_NONE && !p->declared)
    return;
  g_array_set_size (game->plies, game->current + 1);
  set_result (p, winner, reason, game->current);
  p->declared = TRUE;
}

void
xq_game_resign (XqGame *game, XqColor loser)
{
  g_return_if_fail (game != NULL);
  declare (game, winner_of (xq_color_other (loser)), XQ_REASON_RESIGNATION);
}

void
xq_game_agree_draw (XqGame *game)
{
  g_return_if_fail (game != NULL);
  declare (game, XQ_WINNER_DRAW, XQ_REASON_AGREEMENT);
}

void
xq_game_flag_fall (XqGame *game, XqColor loser)
{
  g_return_if_fail (game != NULL);
  declare (game, winner_of (xq_color_other (loser)), XQ_REASON_TIME);
}

void
xq_game_clear_declared_result (XqGame *game)
{
  Ply *p;

  g_return_if_fail (game != NULL);
  p = ply_at (game, game->current);
  if (p->declared)
    judge_ply (game, game->current);
}
