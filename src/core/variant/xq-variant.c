/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-variant.c: what the Game Day folk games (docs/variants.md) share: the
 * table of their rules, the state and its set-up helpers, legal actions,
 * playing them, results and the reasons an action is refused.  Each game's
 * own rules are in xq-variant-GAME.c, and what a family of games shares in
 * xq-variant-half.c, xq-variant-full.c and xq-variant-xiangqi.c. */
#define G_LOG_DOMAIN "xq-variant"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-variant-private.h"

G_DEFINE_QUARK (xq-variant-error-quark, xq_variant_error)

/* How many of each type one colour's set holds. */
const int xq_variant_set_count[XQ_N_TYPES] = { 0, 1, 2, 2, 2, 2, 2, 5 };

/* The piece types of the xiangqi starting points (XQ_START_FEN), by square. */
XqPieceType
xq_variant_start_type (XqSquare sq)
{
  static const XqPieceType back[9] = {
    XQ_CHARIOT, XQ_HORSE, XQ_ELEPHANT, XQ_ADVISOR, XQ_KING,
    XQ_ADVISOR, XQ_ELEPHANT, XQ_HORSE, XQ_CHARIOT,
  };
  int f = xq_sq_file (sq), r = xq_sq_rank (sq);

  if (r > 4)
    r = 9 - r;
  if (r == 0)
    return back[f];
  if (r == 2 && (f == 1 || f == 7))
    return XQ_CANNON;
  if (r == 3 && f % 2 == 0)
    return XQ_PAWN;
  return XQ_NO_TYPE;
}

/* ---- Kinds and options ------------------------------------------------------ */

void
xq_variant_options_init (XqVariantOptions *opts, XqVariantKind kind)
{
  memset (opts, 0, sizeof *opts);
  opts->kind = kind;
  opts->banqi_order = XQ_BANQI_ORDER_ADVISOR_HIGH;
  opts->move_limit = 60;
  /* The half board: 60 plies (30 moves each) without a flip, drop or capture
   * draw.  The sources give no limit; without one a game of two careful
   * players can go on for ever (docs/variants.md). */
  opts->quiet_limit = xq_variant_kind_is_half (kind) ? 60 : 0;
}

/* ---- Cells and the state -------------------------------------------------- */

XqPieceType
xq_variant_effective_type (const XqVariantState *st, int i)
{
  const XqVariantCell *c = &st->cell[i];
  if (c->face == XQ_FACE_UP)
    return xq_piece_type (c->piece);
  if (c->face == XQ_FACE_DOWN && !xq_variant_kind_is_half (st->kind))
    return xq_variant_start_type (i);
  return XQ_NO_TYPE;
}

XqPieceType
xq_variant_moves_as (const XqVariantState *st, int idx)
{
  g_return_val_if_fail (idx >= 0 && idx < st->files * st->ranks, XQ_NO_TYPE);
  if (st->cell[idx].face != XQ_FACE_DOWN || xq_variant_kind_is_half (st->kind))
    return XQ_NO_TYPE;
  return xq_variant_start_type (idx);
}

void
xq_variant_state_rehash (XqVariantState *st)
{
  guint64 h = G_GUINT64_CONSTANT (0xcbf29ce484222325);
  int n = st->files * st->ranks;

#define MIX(v) (h = (h ^ (guint64) (guint8) (v)) * G_GUINT64_CONSTANT (0x100000001b3))
  for (int i = 0; i < n; i++)
    {
      MIX (st->cell[i].face);
      MIX (st->cell[i].piece);
      MIX (st->cell[i].mover);
    }
  MIX (st->side);
  MIX (st->colors_known);
  MIX (st->cube_face[0]);
  MIX (st->cube_face[1]);
  MIX (st->cube_turned[0]);
  MIX (st->cube_turned[1]);
  for (int p = 0; p < 16; p++)
    MIX (st->hand[p]);
#undef MIX
  st->key = h;
}

static void
state_clear (XqVariantState *st, XqVariantKind kind)
{
  memset (st, 0, sizeof *st);
  st->kind = kind;
  if (xq_variant_kind_is_half (kind))
    {
      st->files = 8;
      st->ranks = 4;
    }
  else
    {
      st->files = 9;
      st->ranks = 10;
    }
  for (int i = 0; i < XQ_VARIANT_MAX_CELLS; i++)
    st->cell[i].mover = -1;
  st->side = XQ_RED;
  st->colors_known = TRUE;
  st->first_color = XQ_RED;
  st->cube_face[0] = st->cube_face[1] = XQ_KING;
}

void
xq_variant_put_up (XqVariantState *st, int i, XqPiece p)
{
  st->cell[i].face = XQ_FACE_UP;
  st->cell[i].piece = p;
  st->cell[i].mover = -1;
  st->cell[i].color_known = 0;
}

void
xq_variant_put_down (XqVariantState *st, int i, XqPiece p, int mover, gboolean color_known)
{
  st->cell[i].face = XQ_FACE_DOWN;
  st->cell[i].piece = p;
  st->cell[i].mover = (gint8) mover;
  st->cell[i].color_known = color_known ? 1 : 0;
  st->pool[p]++;
}

void
xq_variant_shuffle (XqPiece *pieces, int n, XqVariantRng *rng)
{
  for (int i = n - 1; i > 0; i--)
    {
      int j = (int) xq_variant_rng_below (rng, (guint32) i + 1);
      XqPiece t = pieces[i];
      pieces[i] = pieces[j];
      pieces[j] = t;
    }
}

/* One colour's pieces other than those of types in `skip` (a bit set). */
int
xq_variant_set_pieces (XqColor c, guint skip, XqPiece *out)
{
  int n = 0;
  for (int t = XQ_KING; t <= XQ_PAWN; t++)
    if (!(skip & (1u << t)))
      for (int k = 0; k < xq_variant_set_count[t]; k++)
        out[n++] = xq_piece_make (c, (XqPieceType) t);
  return n;
}

void
xq_variant_shuffled_sets (XqPiece pieces[32], XqVariantRng *rng)
{
  int n = xq_variant_set_pieces (XQ_RED, 0, pieces);
  n += xq_variant_set_pieces (XQ_BLACK, 0, pieces + n);
  xq_variant_shuffle (pieces, n, rng);
}

void
xq_variant_put_start (XqVariantState *st, guint red_skip)
{
  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    {
      XqPieceType t = xq_variant_start_type (sq);
      XqColor c = xq_sq_rank (sq) < 5 ? XQ_RED : XQ_BLACK;
      if (t != XQ_NO_TYPE && !(c == XQ_RED && (red_skip & (1u << t))))
        xq_variant_put_up (st, sq, xq_piece_make (c, t));
    }
}

void
xq_variant_state_init_start (XqVariantState *st, const XqVariantOptions *opts, guint32 seed)
{
  XqVariantRng rng = { seed * G_GUINT64_CONSTANT (0x2545F4914F6CDD1D) + 17 };

  state_clear (st, opts->kind);
  g_return_if_fail ((guint) opts->kind < XQ_VARIANT_N_KINDS);
  xq_variant_rules_of (opts->kind)->setup (st, opts, &rng);
  xq_variant_state_rehash (st);
}

void
xq_variant_state_view (const XqVariantState *st, XqColor viewer, XqVariantState *out)
{
  (void) viewer;
  *out = *st;
  for (int i = 0; i < XQ_VARIANT_MAX_CELLS; i++)
    if (out->cell[i].face == XQ_FACE_DOWN)
      out->cell[i].piece = out->cell[i].color_known
                           ? xq_piece_make (xq_piece_color (st->cell[i].piece), XQ_NO_TYPE)
                           : XQ_EMPTY;
  xq_variant_state_rehash (out);
}

gboolean
xq_variant_state_is_view (const XqVariantState *st)
{
  for (int i = 0; i < XQ_VARIANT_MAX_CELLS; i++)
    if (st->cell[i].face == XQ_FACE_DOWN && xq_piece_type (st->cell[i].piece) != XQ_NO_TYPE)
      return FALSE;
  return TRUE;
}

void
xq_variant_state_captured (const XqVariantState *st, guint8 out[16])
{
  int left[16] = { 0 };

  for (int c = XQ_RED; c <= XQ_BLACK; c++)
    for (int t = XQ_KING; t <= XQ_PAWN; t++)
      left[xq_piece_make ((XqColor) c, t)] = xq_variant_set_count[t];
  if (xq_variant_rules_of (st->kind)->pieces)
    xq_variant_rules_of (st->kind)->pieces (left);
  for (int i = 0; i < st->files * st->ranks; i++)
    if (st->cell[i].face == XQ_FACE_UP)
      left[st->cell[i].piece]--;
  for (int p = 0; p < 16; p++)
    {
      int v = left[p] - st->pool[p] - st->hand[p];
      /* A promoted soldier (混合象棋) leaves the soldier count short and the cannon's over. */
      out[p] = (guint8) MAX (v, 0);
    }
}

void
xq_variant_to_position (const XqVariantState *st, XqPosition *pos)
{
  xq_position_clear (pos);
  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    if (st->cell[sq].face != XQ_FACE_EMPTY)
      xq_position_put (pos, sq, st->cell[sq].piece);
  xq_position_set_side (pos, st->side);
  pos->halfmove = MIN (st->quiet, 255);
}

/* ---- Generating actions -------------------------------------------------------- */

void
xq_variant_push (XqVariantGen *g, XqActionKind kind, int from, int to)
{
  XqVariantAction *a;
  if (g->n >= XQ_VARIANT_MAX_ACTIONS)
    return;
  a = &g->out[g->n++];
  memset (a, 0, sizeof *a);
  a->kind = (guint8) kind;
  a->from = (gint8) from;
  a->to = (gint8) to;
  a->from2 = a->to2 = -1;
}

const int xq_variant_dfile[4] = { 1, -1, 0, 0 };
const int xq_variant_drank[4] = { 0, 0, 1, -1 };

/* ---- The generals ---------------------------------------------------------------- */

XqSquare
xq_variant_find_king (const XqVariantState *st, XqColor c)
{
  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    if (st->cell[sq].face == XQ_FACE_UP && st->cell[sq].piece == xq_piece_make (c, XQ_KING))
      return sq;
  return XQ_NO_SQUARE;
}

/* Generals on one open file. */
gboolean
xq_variant_kings_facing (const XqVariantState *st, XqSquare a, XqSquare b)
{
  if (a == XQ_NO_SQUARE || b == XQ_NO_SQUARE || xq_sq_file (a) != xq_sq_file (b))
    return FALSE;
  for (XqSquare s = MIN (a, b) + 9; s < MAX (a, b); s += 9)
    if (st->cell[s].face != XQ_FACE_EMPTY)
      return FALSE;
  return TRUE;
}

gboolean
xq_variant_in_check (const XqVariantState *st, const XqVariantOptions *opts, XqColor c)
{
  const XqVariantRules *rules = xq_variant_rules_of (st->kind);
  return rules->in_check != NULL && rules->in_check (st, opts, c);
}

gboolean
xq_variant_side_in_check (const XqVariantState *st, const XqVariantOptions *opts)
{
  g_return_val_if_fail (st != NULL && opts != NULL, FALSE);
  return xq_variant_in_check (st, opts, st->side);
}

/* The board after moving from → to, for check tests only (no reveal). */
void
xq_variant_scratch_move (const XqVariantState *st, int from, int to, XqVariantState *out)
{
  *out = *st;
  out->cell[to] = st->cell[from];
  out->cell[from].face = XQ_FACE_EMPTY;
  out->cell[from].piece = XQ_EMPTY;
  out->cell[from].mover = -1;
  /* A face-down piece that moved is face up: it moves as itself now, which
   * cannot change the attacks on its own general. */
  if (out->cell[to].face == XQ_FACE_DOWN)
    {
      out->cell[to].face = XQ_FACE_UP;
      out->cell[to].piece = xq_piece_make ((XqColor) MAX (st->cell[from].mover, 0), XQ_NO_TYPE);
    }
}

void
xq_variant_state_first_step (const XqVariantState *st, int from, int to, XqVariantState *out)
{
  g_return_if_fail (st != NULL && out != NULL && xq_variant_cell_ok (st, from) && xq_variant_cell_ok (st, to));
  xq_variant_scratch_move (st, from, to, out);
  xq_variant_state_rehash (out);
}

/* ---- Legal actions ------------------------------------------------------------ */

static int
gen_actions (const XqVariantState *st, const XqVariantOptions *opts, int only_from, XqVariantAction *out)
{
  XqVariantGen g = { out, 0 };

  xq_variant_rules_of (st->kind)->actions (st, opts, only_from, &g);
  return g.n;
}

int
xq_variant_legal_actions (const XqVariantState *st, const XqVariantOptions *opts, XqVariantAction *out)
{
  const XqVariantRules *rules;

  g_return_val_if_fail (st != NULL && opts != NULL && out != NULL, 0);
  rules = xq_variant_rules_of (st->kind);
  /* 暗棋 ends when a general is taken, whoever could still move. */
  if (rules->lost_ends_actions && st->colors_known
      && (rules->lost (st, XQ_RED) != XQ_VREASON_NONE || rules->lost (st, XQ_BLACK) != XQ_VREASON_NONE))
    return 0;
  return gen_actions (st, opts, -1, out);
}

int
xq_variant_legal_actions_from (const XqVariantState *st, const XqVariantOptions *opts,
                               int from, XqVariantAction *out)
{
  g_return_val_if_fail (st != NULL && opts != NULL && out != NULL, 0);
  return gen_actions (st, opts, from, out);
}

static gboolean
same_action (const XqVariantAction *a, const XqVariantAction *b)
{
  if (a->kind != b->kind)
    return FALSE;
  switch (a->kind)
    {
    case XQ_ACTION_FLIP:
    case XQ_ACTION_EXCHANGE:
      return a->from == b->from;
    case XQ_ACTION_DROP:
      return a->to == b->to && a->type == b->type;
    case XQ_ACTION_CUBE:
      return a->type == b->type;
    case XQ_ACTION_DOUBLE:
      return a->from == b->from && a->to == b->to && a->from2 == b->from2 && a->to2 == b->to2;
    default:
      return a->from == b->from && a->to == b->to;
    }
}

gboolean
xq_variant_is_legal (const XqVariantState *st, const XqVariantOptions *opts, const XqVariantAction *a)
{
  XqVariantAction buf[XQ_VARIANT_MAX_ACTIONS];
  int n;

  g_return_val_if_fail (st != NULL && opts != NULL && a != NULL, FALSE);
  if (xq_variant_state_result (st, opts).winner != XQ_WINNER_NONE)
    return FALSE;
  n = gen_actions (st, opts, -1, buf);
  for (int k = 0; k < n; k++)
    if (same_action (&buf[k], a))
      return TRUE;
  /* Two soldiers' steps are listed in one order only; the other order is
   * legal when its own steps are (the game's refusal judges them in turn). */
  if (a->kind == XQ_ACTION_DOUBLE && a->from2 != a->to)
    {
      const XqVariantRules *rules = xq_variant_rules_of (st->kind);
      if ((rules->special & (1u << XQ_ACTION_DOUBLE)) && rules->special_refusal (st, opts, a) == XQ_REFUSE_NONE)
        return TRUE;
    }
  return FALSE;
}

gboolean
xq_variant_action_reveals (const XqVariantState *st, const XqVariantAction *a)
{
  if (a->kind == XQ_ACTION_FLIP)
    return TRUE;
  return a->kind == XQ_ACTION_MOVE && a->from >= 0 && st->cell[a->from].face == XQ_FACE_DOWN;
}

/* ---- Playing -------------------------------------------------------------------- */

static XqPiece
take_identity (XqVariantState *st, int i, XqPiece given)
{
  XqPiece p = xq_piece_type (st->cell[i].piece) != XQ_NO_TYPE ? st->cell[i].piece : given;
  g_return_val_if_fail (xq_piece_type (p) != XQ_NO_TYPE && st->pool[p] > 0, p);
  st->pool[p]--;
  return p;
}

void
xq_variant_apply (XqVariantState *st, const XqVariantOptions *opts,
                  const XqVariantAction *a, XqVariantUndo *undo)
{
  XqColor mover = st->colors_known ? st->side : XQ_RED;
  gboolean progress = FALSE;
  XqPiece revealed = XQ_EMPTY, captured = XQ_EMPTY, captured2 = XQ_EMPTY;
  gboolean colours_found = FALSE;
  const XqVariantRules *rules;

  g_return_if_fail (st != NULL && a != NULL && undo != NULL);
  rules = xq_variant_rules_of (st->kind);
  (void) opts;
  undo->before = *st;

  switch (a->kind)
    {
    case XQ_ACTION_FLIP:
      revealed = take_identity (st, a->from, a->reveal);
      xq_variant_put_up (st, a->from, revealed);
      progress = TRUE;
      break;

    case XQ_ACTION_MOVE:
      {
        XqVariantCell moving = st->cell[a->from];
        if (st->cell[a->to].face == XQ_FACE_DOWN)
          captured = take_identity (st, a->to, a->captured);
        else if (st->cell[a->to].face == XQ_FACE_UP)
          captured = st->cell[a->to].piece;
        if (moving.face == XQ_FACE_DOWN)
          {
            revealed = take_identity (st, a->from, a->reveal);
            moving.piece = revealed;
          }
        xq_variant_put_up (st, a->to, moving.piece);
        memset (&st->cell[a->from], 0, sizeof st->cell[a->from]);
        st->cell[a->from].mover = -1;
        progress = captured != XQ_EMPTY || revealed != XQ_EMPTY;
      }
      break;

    case XQ_ACTION_DROP:
      {
        XqPiece p = xq_piece_make (st->side, (XqPieceType) a->type);
        g_return_if_fail (st->hand[p] > 0);
        st->hand[p]--;
        xq_variant_put_up (st, a->to, p);
        progress = TRUE;
      }
      break;

    case XQ_ACTION_CUBE:
      st->cube_face[st->side] = (XqPieceType) a->type;
      break;

    case XQ_ACTION_DOUBLE:
      for (int k = 0; k < 2; k++)
        {
          int from = k ? a->from2 : a->from, to = k ? a->to2 : a->to;
          if (st->cell[to].face == XQ_FACE_UP)
            {
              progress = TRUE;
              if (k == 0)
                captured = st->cell[to].piece;
              else
                captured2 = st->cell[to].piece;
            }
          st->cell[to] = st->cell[from];
          memset (&st->cell[from], 0, sizeof st->cell[from]);
          st->cell[from].mover = -1;
        }
      break;

    case XQ_ACTION_EXCHANGE:
      st->cell[a->from].piece = xq_piece_make (st->side, XQ_CANNON);
      break;

    default:
      g_return_if_reached ();
    }

  if (!st->colors_known && revealed != XQ_EMPTY)
    {
      st->colors_known = TRUE;
      st->first_color = mover = xq_piece_color (revealed);
      colours_found = TRUE;
    }
  if (rules->played)
    rules->played (st, a, mover, colours_found);
  st->side = xq_color_other (mover);
  st->ply++;
  st->quiet = progress ? 0 : st->quiet + 1;
  xq_variant_state_rehash (st);
  undo->revealed = revealed;
  undo->captured = captured;
  undo->captured2 = captured2;
}

void
xq_variant_undo (XqVariantState *st, const XqVariantUndo *undo)
{
  g_return_if_fail (st != NULL && undo != NULL);
  *st = undo->before;
}

/* ---- Results ---------------------------------------------------------------- */

static XqWinner
winner_of (XqColor c)
{
  return c == XQ_RED ? XQ_WINNER_RED : XQ_WINNER_BLACK;
}

int
xq_variant_pieces_of (const XqVariantState *st, XqColor c, XqPieceType only)
{
  int n = 0;
  for (int i = 0; i < st->files * st->ranks; i++)
    if (st->cell[i].face == XQ_FACE_UP && xq_piece_color (st->cell[i].piece) == c
        && (only == XQ_NO_TYPE || xq_piece_type (st->cell[i].piece) == only))
      n++;
  for (int t = XQ_KING; t <= XQ_PAWN; t++)
    if (only == XQ_NO_TYPE || (int) only == t)
      n += st->pool[xq_piece_make (c, t)] + st->hand[xq_piece_make (c, t)];
  return n;
}

XqVariantResult
xq_variant_state_result (const XqVariantState *st, const XqVariantOptions *opts)
{
  XqVariantResult r = { XQ_WINNER_NONE, XQ_VREASON_NONE, -1, XQ_REASON_NONE };
  XqVariantAction buf[XQ_VARIANT_MAX_ACTIONS];
  const XqVariantRules *rules;

  g_return_val_if_fail (st != NULL && opts != NULL, r);
  rules = xq_variant_rules_of (st->kind);
  if (st->colors_known && rules->lost)
    for (int c = XQ_RED; c <= XQ_BLACK; c++)
      {
        XqVariantReason lost = rules->lost (st, (XqColor) c);
        if (lost != XQ_VREASON_NONE)
          {
            r.winner = winner_of (xq_color_other ((XqColor) c));
            r.reason = lost;
            r.ply = st->ply;
            return r;
          }
      }
  if (gen_actions (st, opts, -1, buf) == 0)
    {
      r.winner = winner_of (xq_color_other (st->side));
      r.reason = xq_variant_in_check (st, opts, st->side) ? XQ_VREASON_CHECKMATE : XQ_VREASON_NO_ACTION;
      r.ply = st->ply;
      return r;
    }
  {
    int limit = xq_variant_kind_is_half (st->kind) ? opts->quiet_limit : 2 * opts->move_limit;
    if (limit > 0 && st->quiet >= limit)
      {
        r.winner = XQ_WINNER_DRAW;
        r.reason = XQ_VREASON_QUIET_LIMIT;
        r.ply = st->ply;
      }
  }
  return r;
}

const char *
xq_variant_reason_to_code (XqVariantReason r)
{
  static const char *const codes[] = {
    "", "all-captured", "no-action", "checkmate", "general-captured",
    "repetition", "move-limit", "agreement", "resignation", "forbidden-cycle",
  };
  g_return_val_if_fail ((guint) r < G_N_ELEMENTS (codes), "");
  return codes[r];
}

char *
xq_variant_result_explain (const XqVariantResult *r, XqVariantKind kind)
{
  gboolean red;
  XqResult x = { XQ_WINNER_NONE, XQ_REASON_NONE, -1 };

  g_return_val_if_fail (r != NULL, NULL);
  red = r->winner == XQ_WINNER_RED;
  x.winner = r->winner;
  x.ply = r->ply;
  /* Only what xiangqi has no sentence for is said here. */
  switch (r->reason)
    {
    case XQ_VREASON_REPETITION:
      if (r->winner == XQ_WINNER_DRAW)
        return g_strdup (_("Draw: the same position came back three times."));
      break;
    case XQ_VREASON_QUIET_LIMIT:
      if (xq_variant_kind_is_half (kind))
        return g_strdup (_("Draw: many moves went by without a flip or a capture."));
      x.reason = XQ_REASON_MOVE_LIMIT;
      break;
    case XQ_VREASON_ALL_CAPTURED:
      return g_strdup (red ? _("Red wins: every black piece has been captured.")
                           : _("Black wins: every red piece has been captured."));
    case XQ_VREASON_GENERAL_CAPTURED:
      return g_strdup (red ? _("Red wins: the black general has been captured.")
                           : _("Black wins: the red general has been captured."));
    case XQ_VREASON_NO_ACTION:       x.reason = XQ_REASON_STALEMATE; break;
    case XQ_VREASON_CHECKMATE:       x.reason = XQ_REASON_CHECKMATE; break;
    case XQ_VREASON_AGREEMENT:       x.reason = XQ_REASON_AGREEMENT; break;
    case XQ_VREASON_RESIGNATION:     x.reason = XQ_REASON_RESIGNATION; break;
    case XQ_VREASON_FORBIDDEN_CYCLE: x.reason = r->cycle; break;
    case XQ_VREASON_NONE:
    default:                         break;
    }
  return xq_result_explain (&x);
}

/* ---- Why an action is refused ---------------------------------------------- */

const char *
xq_refusal_to_code (XqRefusal r)
{
  static const char *const codes[] = {
    "", "game-over", "no-piece", "not-yours", "face-down", "already-up", "bad-move",
    "own-piece", "capture-hidden", "too-small", "general-soldier", "cannon-screen",
    "in-check", "facing-generals", "cube-twice", "cube-face", "not-soldier", "no-cannon",
    "cell-taken", "not-in-hand", "wrong-kind", "first-capture", "check-ends-turn", "no-pass",
  };
  g_return_val_if_fail ((guint) r < G_N_ELEMENTS (codes), "");
  return codes[r];
}

static const char *
refusal_sentence (XqRefusal r)
{
  switch (r)
    {
    case XQ_REFUSE_GAME_OVER:       return _("The game is over: no more moves can be made.");
    case XQ_REFUSE_NO_PIECE:        return _("There is no piece there to move.");
    case XQ_REFUSE_NOT_YOURS:       return _("That piece belongs to the other player.");
    case XQ_REFUSE_FACE_DOWN:       return _("A face-down piece cannot move. Flip it over first.");
    case XQ_REFUSE_ALREADY_UP:      return _("That piece is already face up.");
    case XQ_REFUSE_BAD_MOVE:        return _("That piece cannot move there.");
    case XQ_REFUSE_OWN_PIECE:       return _("You cannot capture your own piece.");
    case XQ_REFUSE_CAPTURE_HIDDEN:  return _("A face-down piece cannot be captured. Only pieces that are face up can be taken.");
    case XQ_REFUSE_TOO_SMALL:       return _("A smaller piece cannot capture a larger one.");
    case XQ_REFUSE_GENERAL_SOLDIER: return _("The general may not capture a soldier, even though a soldier may capture the general.");
    case XQ_REFUSE_CANNON_SCREEN:   return _("The cannon captures only by jumping over exactly one piece.");
    case XQ_REFUSE_IN_CHECK:        return _("That move would leave your general in check.");
    case XQ_REFUSE_FACING_GENERALS: return _("The two generals may not face each other on an open file.");
    case XQ_REFUSE_CUBE_TWICE:      return _("The cube general cannot be turned on two turns in a row.");
    case XQ_REFUSE_CUBE_FACE:       return _("The cube turns by a quarter turn only: that face is not next to the one on top.");
    case XQ_REFUSE_NOT_SOLDIER:     return _("Only soldiers can take the double step.");
    case XQ_REFUSE_NO_CANNON:       return _("A soldier can be exchanged only on the enemy's back line, and only for a cannon that has been captured.");
    case XQ_REFUSE_CELL_TAKEN:      return _("A piece can only be put on an empty square.");
    case XQ_REFUSE_NOT_IN_HAND:     return _("You have no such piece left in your hand.");
    case XQ_REFUSE_WRONG_KIND:      return _("That kind of move does not exist in this game.");
    case XQ_REFUSE_FIRST_CAPTURE:   return _("Nobody has a colour before the first piece is turned up, so the first move cannot capture.");
    case XQ_REFUSE_CHECK_ENDS_TURN: return _("That first step already gives check or leaves Black without a move, and such a step ends the turn: play it as an ordinary move.");
    case XQ_REFUSE_NO_PASS:         return _("A soldier that steps out and back again has not moved: that would be passing, and a turn cannot be passed.");
    case XQ_REFUSE_NONE:
    default:                        return NULL;
    }
}

gboolean
xq_variant_cell_ok (const XqVariantState *st, int i)
{
  return i >= 0 && i < st->files * st->ranks;
}

XqRefusal
xq_variant_refuse_mover (const XqVariantState *st, int from, int to)
{
  if (!xq_variant_cell_ok (st, from) || !xq_variant_cell_ok (st, to) || st->cell[from].face == XQ_FACE_EMPTY)
    return XQ_REFUSE_NO_PIECE;
  if (st->cell[from].face == XQ_FACE_DOWN && xq_variant_kind_is_half (st->kind))
    return XQ_REFUSE_FACE_DOWN;
  if (!st->colors_known && st->cell[from].face == XQ_FACE_UP)
    return XQ_REFUSE_NOT_YOURS;
  if (xq_variant_owner (st, from) != (int) st->side)
    return XQ_REFUSE_NOT_YOURS;
  return XQ_REFUSE_NONE;
}

XqRefusal
xq_variant_refuse_full_board (const XqVariantState *st, int from, int to, gboolean reaches)
{
  XqVariantState tmp;

  if (!reaches)
    {
      if (xq_variant_effective_type (st, from) == XQ_CANNON && st->cell[to].face != XQ_FACE_EMPTY
          && (xq_sq_file (from) == xq_sq_file (to) || xq_sq_rank (from) == xq_sq_rank (to)))
        return XQ_REFUSE_CANNON_SCREEN;
      return XQ_REFUSE_BAD_MOVE;
    }
  /* A move the piece can make that leaves the general exposed. */
  xq_variant_scratch_move (st, from, to, &tmp);
  return xq_variant_kings_facing (&tmp, xq_variant_find_king (&tmp, XQ_RED), xq_variant_find_king (&tmp, XQ_BLACK))
         ? XQ_REFUSE_FACING_GENERALS : XQ_REFUSE_IN_CHECK;
}

XqRefusal
xq_variant_explain_refusal (const XqVariantState *st, const XqVariantOptions *opts,
                            const XqVariantAction *a, char **sentence)
{
  XqRefusal r;
  const XqVariantRules *rules;

  g_return_val_if_fail (st != NULL && opts != NULL && a != NULL, XQ_REFUSE_BAD_MOVE);
  rules = xq_variant_rules_of (st->kind);
  if (sentence)
    *sentence = NULL;
  if (xq_variant_state_result (st, opts).winner != XQ_WINNER_NONE)
    r = XQ_REFUSE_GAME_OVER;
  else if (xq_variant_is_legal (st, opts, a))
    return XQ_REFUSE_NONE;
  else if (a->kind == XQ_ACTION_MOVE)
    {
      r = xq_variant_refuse_mover (st, a->from, a->to);
      if (r == XQ_REFUSE_NONE)
        r = xq_variant_owner (st, a->to) == (int) st->side ? XQ_REFUSE_OWN_PIECE
                                                            : rules->move_refusal (st, opts, a);
    }
  else if (a->kind <= XQ_ACTION_EXCHANGE && (rules->special & (1u << a->kind)))
    r = rules->special_refusal (st, opts, a);
  else
    r = XQ_REFUSE_WRONG_KIND;
  if (sentence)
    *sentence = g_strdup (refusal_sentence (r));
  return r;
}
