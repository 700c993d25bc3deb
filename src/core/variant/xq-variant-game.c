/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-variant-game.c: a variant game record: the seed, the actions, undo and
 * redo, the referee (with repetition) and the save format
 * (docs/variants.md, "Saving a game"). */
#define G_LOG_DOMAIN "xq-variant"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "xq-repetition.h"
#include "xq-variant-private.h"

struct _XqVariantGame {
  XqVariantOptions opts;
  guint32          seed;
  GArray          *states;    /* XqVariantState, n_plies + 1 */
  GArray          *actions;   /* XqVariantAction, n_plies (reveals filled in) */
  int              ply;
  /* A result the interface declared (resignation, agreement), at decl_ply. */
  XqVariantResult  declared;
};

static const XqVariantState *
state_at (const XqVariantGame *g, int ply)
{
  return &g_array_index (g->states, XqVariantState, ply);
}

XqVariantGame *
xq_variant_game_new (const XqVariantOptions *opts, guint32 seed)
{
  XqVariantGame *g = g_new0 (XqVariantGame, 1);
  XqVariantState st;

  g_return_val_if_fail (opts != NULL && opts->kind < XQ_VARIANT_N_KINDS, NULL);
  g->opts = *opts;
  g->seed = seed;
  g->states = g_array_new (FALSE, FALSE, sizeof (XqVariantState));
  g->actions = g_array_new (FALSE, FALSE, sizeof (XqVariantAction));
  xq_variant_state_init_start (&st, opts, seed);
  g_array_append_val (g->states, st);
  g->declared.winner = XQ_WINNER_NONE;
  g->declared.ply = -1;
  return g;
}

void
xq_variant_game_free (XqVariantGame *game)
{
  if (game == NULL)
    return;
  g_array_unref (game->states);
  g_array_unref (game->actions);
  g_free (game);
}

guint32
xq_variant_game_get_seed (const XqVariantGame *game)
{
  return game->seed;
}

const XqVariantOptions *
xq_variant_game_get_options (const XqVariantGame *game)
{
  return &game->opts;
}

const XqVariantState *
xq_variant_game_get_state (const XqVariantGame *game)
{
  return state_at (game, game->ply);
}

const XqVariantState *
xq_variant_game_get_state_at (const XqVariantGame *game, int ply)
{
  g_return_val_if_fail (ply >= 0 && ply < (int) game->states->len, NULL);
  return state_at (game, ply);
}

void
xq_variant_game_get_view (const XqVariantGame *game, XqVariantState *out)
{
  const XqVariantState *st = state_at (game, game->ply);
  xq_variant_state_view (st, st->side, out);
}

int
xq_variant_game_get_ply (const XqVariantGame *game)
{
  return game->ply;
}

int
xq_variant_game_get_n_plies (const XqVariantGame *game)
{
  return (int) game->actions->len;
}

const XqVariantAction *
xq_variant_game_get_action (const XqVariantGame *game, int ply)
{
  g_return_val_if_fail (ply >= 1 && ply <= (int) game->actions->len, NULL);
  return &g_array_index (game->actions, XqVariantAction, ply - 1);
}

static gboolean
xiangqi_like (XqVariantKind kind)
{
  return kind == XQ_VARIANT_JIEQI || kind == XQ_VARIANT_WUHU
         || kind == XQ_VARIANT_CUBE || kind == XQ_VARIANT_MIXED;
}

/* The xiangqi position a full-board state stands for in the 棋例 rulings:
 * a face-down piece counts as the piece it moves as. */
static void
proxy_position (const XqVariantState *st, XqPosition *pos)
{
  xq_position_clear (pos);
  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    {
      const XqVariantCell *c = &st->cell[sq];
      if (c->face == XQ_FACE_UP)
        xq_position_put (pos, sq, c->piece);
      else if (c->face == XQ_FACE_DOWN)
        xq_position_put (pos, sq, xq_piece_make ((XqColor) MAX (c->mover, 0), xq_variant_moves_as (st, sq)));
    }
  xq_position_set_side (pos, st->side);
}

/* The ruling on the cycle of `n` actions that starts on `first` and comes
 * back to the same state: a draw, or in the xiangqi-like games the 棋例
 * ruling on it.  The engine asks the same question of the lines it reads. */
void
xq_variant_judge_cycle (const XqVariantState *first, const XqVariantAction *actions, int n,
                        XqVariantResult *out)
{
  out->winner = XQ_WINNER_DRAW;
  out->reason = XQ_VREASON_REPETITION;
  out->cycle = XQ_REASON_NONE;
  if (xiangqi_like (first->kind) && n > 0)
    {
      g_autofree XqMove *moves = g_new (XqMove, n);
      XqPosition pos;
      XqCycleRuling ruling;

      for (int k = 0; k < n; k++)
        {
          const XqVariantAction *a = &actions[k];
          if (a->kind != XQ_ACTION_MOVE)
            return;   /* a cube turn or a double turn in the cycle: a plain draw */
          moves[k] = xq_move_make (a->from, a->to);
        }
      proxy_position (first, &pos);
      /* The rulings need xiangqi moves: a cycle using a power or freedom
       * xiangqi lacks (a cube face, an elephant across the river) is a
       * plain draw. */
      {
        XqPosition walk = pos;
        for (int k = 0; k < n; k++)
          {
            XqUndo u;
            if (!xq_position_is_legal (&walk, moves[k]))
              return;
            xq_position_do_move (&walk, moves[k], &u);
          }
      }
      xq_repetition_judge (&pos, moves, n, XQ_RULES_CHINA, &ruling);
      if (ruling.winner != XQ_WINNER_DRAW)
        {
          out->winner = ruling.winner;
          out->reason = XQ_VREASON_FORBIDDEN_CYCLE;
          out->cycle = ruling.reason;
        }
    }
}

/* The same state a third time since the last irreversible action: a draw,
 * or in the xiangqi-like games the 棋例 ruling on the cycle. */
static gboolean
judge_repetition (const XqVariantGame *g, int ply, XqVariantResult *out)
{
  const XqVariantState *st = state_at (g, ply);
  int count = 1, first = ply;

  for (int j = ply - 2; j >= MAX (0, ply - st->quiet); j -= 2)
    if (state_at (g, j)->key == st->key)
      {
        count++;
        first = j;
      }
  if (count < 3)
    return FALSE;
  xq_variant_judge_cycle (state_at (g, first), &g_array_index (g->actions, XqVariantAction, first),
                          ply - first, out);
  out->ply = ply;
  return TRUE;
}

static XqVariantResult
result_at (const XqVariantGame *g, int ply)
{
  XqVariantResult r;

  if (g->declared.winner != XQ_WINNER_NONE && g->declared.ply == ply)
    return g->declared;
  r = xq_variant_state_result (state_at (g, ply), &g->opts);
  if (r.winner != XQ_WINNER_NONE && r.reason != XQ_VREASON_QUIET_LIMIT)
    return r;
  {
    XqVariantResult rep;
    if (judge_repetition (g, ply, &rep))
      return rep;
  }
  return r;
}

XqVariantResult
xq_variant_game_get_result (const XqVariantGame *game)
{
  return result_at (game, game->ply);
}

gboolean
xq_variant_game_play (XqVariantGame *game, const XqVariantAction *a, GError **error)
{
  XqVariantState st = *state_at (game, game->ply);
  XqVariantAction played = *a;
  XqVariantUndo undo;
  XqVariantResult r = result_at (game, game->ply);

  g_return_val_if_fail (a != NULL, FALSE);
  if (r.winner != XQ_WINNER_NONE || !xq_variant_is_legal (&st, &game->opts, a))
    {
      g_autofree char *sentence = NULL;
      g_autofree char *text = xq_variant_action_to_text (&st, a);
      if (r.winner != XQ_WINNER_NONE)
        sentence = g_strdup (_("The game is over: no more moves can be made."));
      else
        xq_variant_explain_refusal (&st, &game->opts, a, &sentence);
      g_set_error (error, XQ_VARIANT_ERROR, XQ_VARIANT_ERROR_REFUSED,
                   "ply %d: %s: %s", game->ply + 1, text, sentence ? sentence : "");
      return FALSE;
    }
  xq_variant_apply (&st, &game->opts, a, &undo);
  played.reveal = undo.revealed;
  played.captured = xq_piece_type (undo.captured) != XQ_NO_TYPE ? undo.captured : XQ_EMPTY;
  played.captured2 = xq_piece_type (undo.captured2) != XQ_NO_TYPE ? undo.captured2 : XQ_EMPTY;

  /* A redo keeps the tail; anything else drops it. */
  if (game->ply < (int) game->actions->len)
    {
      const XqVariantAction *next = &g_array_index (game->actions, XqVariantAction, game->ply);
      if (memcmp (next, &played, sizeof played) != 0)
        {
          g_array_set_size (game->actions, game->ply);
          g_array_set_size (game->states, game->ply + 1);
        }
    }
  if (game->ply == (int) game->actions->len)
    {
      g_array_append_val (game->actions, played);
      g_array_append_val (game->states, st);
    }
  if (game->declared.ply > game->ply)
    game->declared.winner = XQ_WINNER_NONE;
  game->ply++;
  return TRUE;
}

gboolean
xq_variant_game_play_text (XqVariantGame *game, const char *text, GError **error)
{
  XqVariantAction a;

  if (!xq_variant_action_from_text (state_at (game, game->ply), text, &a, error))
    {
      if (error && *error)
        g_prefix_error (error, "ply %d: ", game->ply + 1);
      return FALSE;
    }
  return xq_variant_game_play (game, &a, error);
}

gboolean
xq_variant_game_undo (XqVariantGame *game)
{
  if (game->ply == 0)
    return FALSE;
  game->ply--;
  return TRUE;
}

gboolean
xq_variant_game_redo (XqVariantGame *game)
{
  if (game->ply >= (int) game->actions->len)
    return FALSE;
  game->ply++;
  return TRUE;
}

static void
declare (XqVariantGame *game, XqWinner winner, XqVariantReason reason)
{
  g_array_set_size (game->actions, game->ply);
  g_array_set_size (game->states, game->ply + 1);
  game->declared.winner = winner;
  game->declared.reason = reason;
  game->declared.ply = game->ply;
  game->declared.cycle = XQ_REASON_NONE;
}

void
xq_variant_game_resign (XqVariantGame *game, XqColor loser)
{
  declare (game, loser == XQ_RED ? XQ_WINNER_BLACK : XQ_WINNER_RED, XQ_VREASON_RESIGNATION);
}

void
xq_variant_game_agree_draw (XqVariantGame *game)
{
  declare (game, XQ_WINNER_DRAW, XQ_VREASON_AGREEMENT);
}

/* ---- Saving ------------------------------------------------------------------ */

static const char *
result_tag (XqWinner w)
{
  switch (w)
    {
    case XQ_WINNER_RED:   return "1-0";
    case XQ_WINNER_BLACK: return "0-1";
    case XQ_WINNER_DRAW:  return "1/2-1/2";
    case XQ_WINNER_NONE:
    default:              return "*";
    }
}

char *
xq_variant_game_save (const XqVariantGame *game)
{
  GString *s = g_string_new (NULL);
  g_autofree char *options = xq_variant_options_to_string (&game->opts);
  XqVariantResult r = result_at (game, (int) game->actions->len);

  g_string_append (s, "[Game \"Xiangqi Tutor variant\"]\n");
  g_string_append_printf (s, "[Variant \"%s\"]\n", xq_variant_kind_to_code (game->opts.kind));
  g_string_append_printf (s, "[Seed \"%u\"]\n", game->seed);
  g_string_append_printf (s, "[Options \"%s\"]\n", options);
  g_string_append_printf (s, "[Result \"%s\"]\n", result_tag (r.winner));
  if (r.winner != XQ_WINNER_NONE)
    g_string_append_printf (s, "[Termination \"%s\"]\n", xq_variant_reason_to_code (r.reason));
  g_string_append_c (s, '\n');
  for (guint k = 0; k < game->actions->len; k++)
    {
      g_autofree char *t = xq_variant_action_to_text (state_at (game, (int) k),
                                                      &g_array_index (game->actions, XqVariantAction, k));
      if (k % 2 == 0)
        g_string_append_printf (s, "%s%u. ", k ? (k % 20 == 0 ? "\n" : " ") : "", k / 2 + 1);
      else
        g_string_append_c (s, ' ');
      g_string_append (s, t);
    }
  g_string_append_printf (s, "%s%s\n", game->actions->len ? " " : "", result_tag (r.winner));
  return g_string_free (s, FALSE);
}

static gboolean
read_tag (const char *line, char **name, char **value)
{
  const char *q1, *q2, *sp;
  size_t len = strlen (line);

  if (len < 5 || line[0] != '[' || line[len - 1] != ']')
    return FALSE;
  sp = strchr (line, ' ');
  q1 = strchr (line, '"');
  q2 = strrchr (line, '"');
  if (sp == NULL || q1 == NULL || q2 == q1 || sp > q1)
    return FALSE;
  *name = g_strndup (line + 1, (gsize) (sp - line - 1));
  *value = g_strndup (q1 + 1, (gsize) (q2 - q1 - 1));
  return TRUE;
}

XqVariantGame *
xq_variant_game_load (const char *text, GError **error)
{
  g_auto (GStrv) lines = NULL;
  g_autoptr (XqVariantGame) game = NULL;
  XqVariantOptions opts;
  gboolean have_variant = FALSE, have_seed = FALSE;
  g_autofree char *options = NULL, *termination = NULL, *result = NULL;
  guint32 seed = 0;
  int k;

  if (text == NULL || strlen (text) > 4 * 1024 * 1024)
    {
      g_set_error (error, XQ_VARIANT_ERROR, XQ_VARIANT_ERROR_SYNTAX, "line 1: no game text, or too long");
      return NULL;
    }
  lines = g_strsplit (text, "\n", -1);
  xq_variant_options_init (&opts, XQ_VARIANT_BANQI);
  for (k = 0; lines[k]; k++)
    {
      g_autofree char *name = NULL, *value = NULL;
      char *line = g_strstrip (lines[k]);
      if (*line == '\0')
        {
          if (have_variant)
            break;
          continue;
        }
      if (line[0] != '[')
        break;
      if (!read_tag (line, &name, &value))
        {
          g_set_error (error, XQ_VARIANT_ERROR, XQ_VARIANT_ERROR_SYNTAX, "line %d: a tag is [Name \"value\"]", k + 1);
          return NULL;
        }
      if (strcmp (name, "Variant") == 0)
        {
          XqVariantKind kind;
          if (!xq_variant_kind_from_code (value, &kind))
            {
              g_set_error (error, XQ_VARIANT_ERROR, XQ_VARIANT_ERROR_SYNTAX,
                           "line %d: unknown variant \"%s\"", k + 1, value);
              return NULL;
            }
          xq_variant_options_init (&opts, kind);
          have_variant = TRUE;
        }
      else if (strcmp (name, "Seed") == 0)
        {
          char *end;
          guint64 v = g_ascii_strtoull (value, &end, 10);
          if (*value == '\0' || *end != '\0' || v > G_MAXUINT32)
            {
              g_set_error (error, XQ_VARIANT_ERROR, XQ_VARIANT_ERROR_SYNTAX,
                           "line %d: the seed must be a whole number up to %u", k + 1, G_MAXUINT32);
              return NULL;
            }
          seed = (guint32) v;
          have_seed = TRUE;
        }
      else if (strcmp (name, "Options") == 0)
        {
          g_free (options);
          options = g_strdup (value);
        }
      else if (strcmp (name, "Termination") == 0)
        {
          g_free (termination);
          termination = g_strdup (value);
        }
      else if (strcmp (name, "Result") == 0)
        {
          g_free (result);
          result = g_strdup (value);
        }
    }
  if (!have_variant || !have_seed)
    {
      g_set_error (error, XQ_VARIANT_ERROR, XQ_VARIANT_ERROR_SYNTAX,
                   "line %d: a variant game needs [Variant] and [Seed] tags", k + 1);
      return NULL;
    }
  if (options && !xq_variant_options_from_string (&opts, options, error))
    {
      g_prefix_error (error, "[Options]: ");
      return NULL;
    }
  game = xq_variant_game_new (&opts, seed);

  for (; lines[k]; k++)
    {
      g_auto (GStrv) words = g_strsplit_set (lines[k], " \t\r", -1);
      for (int w = 0; words[w]; w++)
        {
          const char *t = words[w];
          size_t len = strlen (t);
          if (len == 0 || (g_ascii_isdigit (t[0]) && t[len - 1] == '.'))
            continue;
          if (strcmp (t, "1-0") == 0 || strcmp (t, "0-1") == 0 || strcmp (t, "1/2-1/2") == 0 || strcmp (t, "*") == 0)
            continue;
          if (!xq_variant_game_play_text (game, t, error))
            {
              g_prefix_error (error, "line %d: ", k + 1);
              return NULL;
            }
        }
    }
  if (termination && result && xq_variant_game_get_result (game).winner == XQ_WINNER_NONE)
    {
      if (strcmp (termination, "resignation") == 0 && strcmp (result, "1-0") == 0)
        xq_variant_game_resign (game, XQ_BLACK);
      else if (strcmp (termination, "resignation") == 0 && strcmp (result, "0-1") == 0)
        xq_variant_game_resign (game, XQ_RED);
      else if (strcmp (termination, "agreement") == 0)
        xq_variant_game_agree_draw (game);
    }
  return g_steal_pointer (&game);
}
