/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-move-tree.h: a game's moves stored as a tree in preorder, the way the
 * binary formats keep them (XQF, 象棋桥 CBR): a move, the subtree of the
 * next move of its line (its child), then the subtree of another move in
 * its place (its sibling, which starts a variation).  One reader turns such
 * a stream into a record's main line and nested variations; each format
 * supplies only how to read one node. */
#pragma once

#include "xq-pgn.h"

G_BEGIN_DECLS

/* One node of the stream, as a format reads it. */
typedef struct {
  gsize    at;       /* its byte offset in the file, for messages */
  gboolean on_board; /* from and to are points of the board */
  XqMove   move;     /* when on_board */
  gboolean child;    /* the next move of its line follows */
  gboolean sibling;  /* an alternative to it follows, after the child's subtree */
  gboolean end;      /* no node: the stream ended early (the tree stops here) */
  char    *comment;  /* UTF-8 or NULL, taken by the tree reader */
} XqMoveTreeNode;

/* Reads the next node into *node; FALSE with error when the bytes cannot
 * be read (error message starting "byte N: "). */
typedef gboolean (*XqMoveTreeNext) (gpointer source, XqPgnRecord *rec, XqMoveTreeNode *node,
                                    GError **error);

typedef struct {
  GQuark domain;         /* of the errors below */
  int    bad_move_code;  /* a main-line move off the board, from an empty point, illegal */
  int    too_large_code; /* over max_records or max_moves */
  guint  max_records, max_moves, max_variations;
} XqMoveTreeLimits;

/* Appends the tree to rec (whose start is set), beginning with the root's
 * child when root_child.  A bad move of the main line is an error at its
 * byte; a bad move in a variation leaves the rest of that variation out
 * with a warning on rec. */
gboolean xq_move_tree_read (XqPgnRecord *rec, gboolean root_child, XqMoveTreeNext next,
                            gpointer source, const XqMoveTreeLimits *limits, GError **error);

G_END_DECLS
