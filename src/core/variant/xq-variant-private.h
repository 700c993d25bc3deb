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

G_END_DECLS
