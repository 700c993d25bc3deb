/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-mate-analysis.h: what the pieces do in a finished kill (docs/patterns.md).
 *
 * The kill patterns are defined by the work each attacking piece does in
 * the final position, not by where it stands, so this looks at that work:
 * who gives check, whose power the mate cannot do without, which of the
 * general's flight points each piece takes, which the defender's own men
 * fill, and what screens a checking cannon.  Everything is asked of the
 * attack code (xq-attacks, docs/attacks.md); nothing here knows how a piece
 * moves. */
#pragma once

#include "xq-position.h"

G_BEGIN_DECLS

/* A side has 16 men. */
#define XQ_MATE_MAX_ATTACKERS 16
/* A general has at most four palace steps. */
#define XQ_MATE_MAX_FLIGHTS   4

typedef struct {
  XqColor  attacker;       /* the side that delivered the kill */
  XqColor  defender;       /* the side to move, which cannot */
  XqSquare general;        /* the defending general */
  XqPiece  board[XQ_SQUARES]; /* the final position's board */
  gboolean checkmate;      /* in check and no legal move */
  gboolean stalemate;      /* no legal move and not in check (困斃) */

  /* The pieces giving check, and for each cannon among them the point of
   * its one screen (XQ_NO_SQUARE for other checkers). */
  int      n_checkers;
  XqSquare checkers[XQ_MATE_MAX_ATTACKERS];
  XqSquare screens[XQ_MATE_MAX_ATTACKERS];

  /* Every attacking man, the general included, in board order. */
  int      n_attackers;
  XqSquare attackers[XQ_MATE_MAX_ATTACKERS];
  /* Bit i: without attackers[i] the position is no kill of the same kind
   * (no longer a mate, or for a stalemate no longer a stalemate).  For a
   * man other than the general, "without" means taken off the board; for
   * the general, which cannot be taken off, that it no longer holds its
   * file (the facing rule is switched off and its body stays). */
  guint32  essential;
  /* Bit i: the kill needs the power of attackers[i], not only its body:
   * with the body left where it stands but its attacks ignored, the
   * defender gets a legal move (or is no longer in check).  A screen or a
   * man that only blocks is essential without its power being. */
  guint32  power;

  /* The general's palace steps, and what holds each. */
  int      n_flights;
  XqSquare flights[XQ_MATE_MAX_FLIGHTS];
  guint8   own_blocked;    /* bit j: flights[j] holds one of the defender's men */
  guint8   control[XQ_MATE_MAX_ATTACKERS]; /* bit j: attackers[i] strikes flights[j] */
} XqMateAnalysis;

/* Analyses end (the defender to move).  FALSE, with *out cleared, when the
 * side to move still has a legal move or a general is missing. */
gboolean xq_mate_analyse       (const XqPosition *end, XqMateAnalysis *out);

/* The index of the attacker on sq in a->attackers, or -1. */
int      xq_mate_attacker_index (const XqMateAnalysis *a, XqSquare sq);

/* Does the attacker on sq give check? */
gboolean xq_mate_is_checker    (const XqMateAnalysis *a, XqSquare sq);

/* Flight points (bits as in control) that no other attacker than the one
 * of index i strikes and the defender's own men do not fill: the points
 * only that piece keeps the general from. */
guint8   xq_mate_sole_guard    (const XqMateAnalysis *a, int i);

G_END_DECLS
