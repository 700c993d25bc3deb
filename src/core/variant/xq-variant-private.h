/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-variant-private.h: what the variant files share and nobody else needs. */
#pragma once

#include "xq-variant.h"
#include "xq-position.h"

G_BEGIN_DECLS

/* The shuffles' random numbers: splitmix64, written out here so a saved seed
 * replays the same game whatever GLib version runs it. */
typedef struct {
  guint64 s;
} XqVariantRng;

static inline guint64
xq_variant_rng_next (XqVariantRng *r)
{
  guint64 z = (r->s += G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));
  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

/* 0 .. n-1 */
static inline guint32
xq_variant_rng_below (XqVariantRng *r, guint32 n)
{
  return (guint32) (xq_variant_rng_next (r) % n);
}

/* Who plays the piece on cell i: its colour if face up, its mover if face
 * down (-1 when anyone may flip it), -1 if empty. */
static inline int
xq_variant_owner (const XqVariantState *st, int i)
{
  const XqVariantCell *c = &st->cell[i];
  if (c->face == XQ_FACE_UP)
    return xq_piece_color (c->piece);
  if (c->face == XQ_FACE_DOWN)
    return c->mover;
  return -1;
}

/* How many of each type one colour's set holds. */
extern const int xq_variant_set_count[XQ_N_TYPES];

/* The piece types of the xiangqi starting points (XQ_START_FEN), by square. */
XqPieceType xq_variant_start_type     (XqSquare sq);

/* Setting up: a face-up piece on cell i; a face-down one (added to the pool)
 * that `mover` plays (-1: whoever is to move may flip it). */
void      xq_variant_put_up           (XqVariantState *st, int i, XqPiece p);
void      xq_variant_put_down         (XqVariantState *st, int i, XqPiece p, int mover, gboolean color_known);
/* Fisher–Yates over the shuffle's random numbers. */
void      xq_variant_shuffle          (XqPiece *pieces, int n, XqVariantRng *rng);
/* One colour's pieces other than those of types in `skip` (a bit set). */
int       xq_variant_set_pieces       (XqColor c, guint skip, XqPiece *out);
/* Both colours' full sets, 32 pieces, shuffled (翻翻棋 and 暗棋 start so). */
void      xq_variant_shuffled_sets    (XqPiece pieces[32], XqVariantRng *rng);
/* The xiangqi start position, face up, without Red's pieces of the types in
 * `red_skip` (a bit set). */
void      xq_variant_put_start        (XqVariantState *st, guint red_skip);

/* Pieces of colour c (of type `only`, or all with XQ_NO_TYPE) on the board
 * face up, face down in the pool, or in the hand. */
int       xq_variant_pieces_of        (const XqVariantState *st, XqColor c, XqPieceType only);
/* Is i a cell of st's board? */
gboolean  xq_variant_cell_ok          (const XqVariantState *st, int i);

/* The type the piece on cell i moves as (its own once face up). */
XqPieceType xq_variant_effective_type (const XqVariantState *st, int i);

/* The ruling on a cycle of n actions from `first` back to the same state
 * (xq-variant-game.c): a draw, or in the xiangqi-like games the 棋例 ruling
 * (out->ply is left alone). */
void      xq_variant_judge_cycle      (const XqVariantState *first, const XqVariantAction *actions,
                                       int n, XqVariantResult *out);

/* Recomputes st->key. */
void      xq_variant_state_rehash     (XqVariantState *st);

/* The xiangqi position of a full-board state with every piece face up
 * (五虎棋, 混合象棋), for the existing move generator and referee. */
void      xq_variant_to_position      (const XqVariantState *st, XqPosition *pos);

/* Is the general of colour c attacked (by the game's own rules; FALSE in a game
 * without check)? */
gboolean  xq_variant_in_check         (const XqVariantState *st, const XqVariantOptions *opts, XqColor c);

/* The capture rank of a type on the half board (higher takes lower). */
int       xq_variant_banqi_rank       (const XqVariantOptions *opts, XqPieceType t);

/* Actions being generated: appended to out, n so far (at most
 * XQ_VARIANT_MAX_ACTIONS; more are dropped). */
typedef struct {
  XqVariantAction *out;
  int              n;
} XqVariantGen;

/* Appends an action of `kind` (from2, to2 = -1, everything else 0). */
void      xq_variant_push             (XqVariantGen *g, XqActionKind kind, int from, int to);

/* The four orthogonal steps: file and rank deltas. */
extern const int xq_variant_dfile[4];
extern const int xq_variant_drank[4];

/* The general of colour c (face up), or XQ_NO_SQUARE. */
XqSquare  xq_variant_find_king        (const XqVariantState *st, XqColor c);
/* Generals on one open file. */
gboolean  xq_variant_kings_facing     (const XqVariantState *st, XqSquare a, XqSquare b);
/* The board after moving from → to, for check tests only (no reveal). */
void      xq_variant_scratch_move     (const XqVariantState *st, int from, int to, XqVariantState *out);

/* ---- Refusals every game shares ---------------------------------------------- */

/* Why the piece on `from` may not go to `to` at all (no piece, a face-down
 * piece on the half board, not the mover's), XQ_REFUSE_NONE if it may try. */
XqRefusal xq_variant_refuse_mover     (const XqVariantState *st, int from, int to);
/* Why a move on the full board is refused: the piece cannot go there
 * (`reaches` FALSE: a cannon without its screen, or a bad move), or the
 * move would leave the generals facing or the general in check. */
XqRefusal xq_variant_refuse_full_board (const XqVariantState *st, int from, int to, gboolean reaches);

/* ---- One game's rules --------------------------------------------------------- */

/* Each game fills one of these in a file of its own (xq-variant-banqi.c, ...),
 * and xq-variant.c dispatches through the table of them, by XqVariantKind.
 * Adding a game is its XqVariantKind, its file and one entry in that table. */
typedef struct {
  gboolean  half;        /* played on the 8×4 half board */
  guint     special;     /* the XqActionKinds beyond MOVE it has, a bit each */

  /* The start position on a cleared state, the shuffle drawn from rng. */
  void      (*setup)           (XqVariantState *st, const XqVariantOptions *opts, XqVariantRng *rng);
  /* NULL if the game starts with the two full sets; else turns `count` (by
   * XqPiece) from the full sets into the pieces it starts with. */
  void      (*pieces)          (int count[16]);
  /* Appends the legal actions of the side to move (only those starting on
   * only_from when it is >= 0).  The order is part of the behaviour: the
   * computer's search, and so every seeded game, depends on it. */
  void      (*actions)         (const XqVariantState *st, const XqVariantOptions *opts,
                                int only_from, XqVariantGen *g);
  /* Is the general of colour c attacked?  NULL: the game has no check. */
  gboolean  (*in_check)        (const XqVariantState *st, const XqVariantOptions *opts, XqColor c);
  /* Once the colours are known: has colour c lost on the board, whatever it
   * could still do (everything captured, the general taken)?  The reason,
   * XQ_VREASON_NONE if not.  NULL: a side loses only by having no action. */
  XqVariantReason (*lost)      (const XqVariantState *st, XqColor c);
  /* Does a side's loss by `lost` also leave no legal action (暗棋 ends the
   * moment a general is taken; the half-board games only report the result)? */
  gboolean  lost_ends_actions;
  /* Called by apply after the action and before the turn passes, `mover`
   * being the colour that played it and `colours_found` TRUE when the action
   * revealed the first player's colour.  NULL: nothing of the game's own. */
  void      (*played)          (XqVariantState *st, const XqVariantAction *a, XqColor mover,
                                gboolean colours_found);
  /* Why a MOVE is refused that xq_variant_refuse_mover lets through and that
   * does not land on one of the mover's own pieces. */
  XqRefusal (*move_refusal)    (const XqVariantState *st, const XqVariantOptions *opts,
                                const XqVariantAction *a);
  /* Why one of the `special` actions is refused (NULL when there are none). */
  XqRefusal (*special_refusal) (const XqVariantState *st, const XqVariantOptions *opts,
                                const XqVariantAction *a);
} XqVariantRules;

/* The game's rules (the table's line, xq-variant-table.c). */
const XqVariantRules *xq_variant_rules_of (XqVariantKind kind);

/* A computer level: how deep it reads, how many nodes it may visit, the
 * noise added to every root score (0 .. noise-1 points), the margin within
 * which root moves are an equal (seeded) choice, and how often, per mille,
 * it plays a random legal action instead of reading at all. */
typedef struct {
  int     depth;
  guint64 nodes;
  int     noise;
  int     margin;
  int     blunder;
} XqVariantLevel;

/* Level 1 .. XQ_VARIANT_ENGINE_MAX_LEVEL of `kind` (the table's, or the
 * common levels when its line names none). */
const XqVariantLevel *xq_variant_kind_level (XqVariantKind kind, int level);

extern const XqVariantRules xq_variant_banqi_rules;
extern const XqVariantRules xq_variant_jieqi_rules;
extern const XqVariantRules xq_variant_anqi_rules;
extern const XqVariantRules xq_variant_luoqi_rules;
extern const XqVariantRules xq_variant_wuhu_rules;
extern const XqVariantRules xq_variant_cube_rules;
extern const XqVariantRules xq_variant_mixed_rules;

/* ---- What families of games share ------------------------------------------------ */

/* The half board (翻翻棋, 落棋), xq-variant-half.c: the flips (when `flips`)
 * and the face-up pieces' moves of the side to move, cell by cell; what
 * stops a move the board's geometry would allow; a side with nothing left
 * on the board, face down or in the hand has lost. */
void      xq_variant_half_actions     (const XqVariantState *st, const XqVariantOptions *opts,
                                       int only_from, gboolean flips, XqVariantGen *g);
XqRefusal xq_variant_half_move_refusal (const XqVariantState *st, const XqVariantOptions *opts,
                                        const XqVariantAction *a);
XqVariantReason xq_variant_half_lost  (const XqVariantState *st, XqColor c);

/* The full board with the games' own movement (揭棋, 暗棋, 超然象棋),
 * xq-variant-full.c: the moves of the side to move (those that leave its
 * general safe when `check`), check, and why a move is refused. */
void      xq_variant_full_moves       (const XqVariantState *st, const XqVariantOptions *opts,
                                       int only_from, gboolean check, XqVariantGen *g);
gboolean  xq_variant_full_in_check    (const XqVariantState *st, const XqVariantOptions *opts, XqColor c);
XqRefusal xq_variant_full_move_refusal (const XqVariantState *st, const XqVariantOptions *opts,
                                        const XqVariantAction *a);

/* The games that move as xiangqi (五虎棋, 混合象棋), xq-variant-xiangqi.c: the
 * xiangqi position of st in `pos`, its legal moves in `moves` (returns how
 * many) and those starting on only_from (all when < 0) appended to g; check;
 * why a move is refused. */
int       xq_variant_xiangqi_moves    (const XqVariantState *st, int only_from, XqPosition *pos,
                                       XqMove *moves, XqVariantGen *g);
gboolean  xq_variant_xiangqi_in_check (const XqVariantState *st, const XqVariantOptions *opts, XqColor c);
XqRefusal xq_variant_xiangqi_move_refusal (const XqVariantState *st, const XqVariantOptions *opts,
                                           const XqVariantAction *a);

G_END_DECLS
