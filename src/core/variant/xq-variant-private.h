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

/* Recomputes st->key. */
void      xq_variant_state_rehash     (XqVariantState *st);

/* The xiangqi position of a full-board state with every piece face up
 * (五虎棋, 混合象棋), for the existing move generator and referee. */
void      xq_variant_to_position      (const XqVariantState *st, XqPosition *pos);

/* Is the general of colour c attacked (full board, every game's own rules)? */
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

/* The half board (翻翻棋, 落棋): actions of the side to move, and what stops a
 * move the geometry of the board would allow. */
int       xq_variant_half_actions     (const XqVariantState *st, const XqVariantOptions *opts,
                                       int only_from, XqVariantGen *g);
XqRefusal xq_variant_half_move_refusal (const XqVariantState *st, const XqVariantOptions *opts,
                                        const XqVariantAction *a);

/* The full board with the games' own movement (揭棋, 暗棋, 超然象棋): the
 * targets of one piece played by colour c, and the side to move's actions. */
void      xq_variant_full_gen_piece   (const XqVariantState *st, int from, XqColor c, XqVariantGen *g);
void      xq_variant_full_actions     (const XqVariantState *st, const XqVariantOptions *opts,
                                       int only_from, XqVariantGen *g);

/* 五虎棋 and 混合象棋: actions from the xiangqi move generator. */
void      xq_variant_xiangqi_actions  (const XqVariantState *st, const XqVariantOptions *opts,
                                       int only_from, XqVariantGen *g);

G_END_DECLS
