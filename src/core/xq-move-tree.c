/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The preorder move tree of the binary formats (xq-move-tree.h). */
#define G_LOG_DOMAIN "xq-move-tree"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-move-tree.h"

/* Where the next node goes: appended to `line` (which then has `ply`
 * moves), or, when `fork`, as the first move of a new variation of `line`
 * in place of its move `ply`.  line NULL: the node is read and dropped (it
 * continues a variation that could not be kept). */
typedef struct {
  XqPgnRecord *line;
  guint        ply;
  gboolean     fork;
} Place;

static gboolean G_GNUC_PRINTF (5, 6)
fail (GError **error, const XqMoveTreeLimits *l, int code, gsize at, const char *format, ...)
{
  va_list args;
  g_autofree char *msg = NULL;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, l->domain, code, _("byte %lu: %s"), (unsigned long) at, msg);
  return FALSE;
}

gboolean
xq_move_tree_read (XqPgnRecord *rec, gboolean root_child, XqMoveTreeNext next_node,
                   gpointer source, const XqMoveTreeLimits *l, GError **error)
{
  g_autoptr(GArray) pending = g_array_new (FALSE, FALSE, sizeof (Place));
  Place next = { rec, 0, FALSE };
  guint n_records = 0, n_variations = 0;
  gboolean have = root_child;

  while (have)
    {
      XqMoveTreeNode node = { 0 };
      Place here = next;
      XqPgnRecord *line = next.line;
      char iccs[5] = "?";

      if (++n_records > l->max_records)
        return fail (error, l, l->too_large_code, node.at, _("more than %d moves"), (int) l->max_records);
      if (!next_node (source, rec, &node, error))
        return FALSE;
      if (node.end)
        break;
      if (line == rec && !next.fork && next.ply >= l->max_moves)
        {
          g_free (node.comment);
          return fail (error, l, l->too_large_code, node.at, _("more than %d moves"), (int) l->max_moves);
        }
      if (node.on_board)
        xq_move_to_iccs (node.move, iccs);
      if (line != NULL && next.fork)
        {
          if (n_variations == l->max_variations)
            {
              g_autofree char *warning =
                g_strdup_printf (_("byte %lu: the variations after the first %d are left out"),
                                 (unsigned long) node.at, (int) l->max_variations);
              xq_pgn_record_add_warning (rec, warning);
            }
          if (n_variations++ >= l->max_variations)
            line = NULL;
          else
            line = xq_pgn_record_add_variation (line, next.ply);
        }
      if (line != NULL)
        {
          guint ply = xq_pgn_record_get_n_moves (line);
          gboolean main_line = line == rec;

          if (!node.on_board || !xq_pgn_record_append_move (line, node.move, NULL))
            {
              XqPosition at;
              const char *why;

              xq_pgn_record_get_position (line, ply, &at);
              if (!node.on_board)
                why = _("leads off the board");
              else if (at.board[xq_move_from (node.move)] == XQ_EMPTY)
                why = _("starts from an empty point");
              else
                why = _("is not legal there");
              if (main_line)
                {
                  g_free (node.comment);
                  if (!node.on_board)
                    return fail (error, l, l->bad_move_code, node.at, _("move %u %s"), ply + 1, why);
                  return fail (error, l, l->bad_move_code, node.at, _("move %u (%s) %s"), ply + 1, iccs, why);
                }
              {
                g_autofree char *warning =
                  g_strdup_printf (_("byte %lu: a variation left out: its move %u (%s) %s"),
                                   (unsigned long) node.at, ply + 1, iccs, why);
                xq_pgn_record_add_warning (rec, warning);
              }
              line = NULL;
            }
          else
            xq_pgn_record_set_comment_after (line, ply, node.comment);
        }
      g_free (node.comment);
      if (node.sibling)
        {
          /* Its alternative is another line in place of the same move. */
          Place alt = { here.line, here.ply, TRUE };
          g_array_append_val (pending, alt);
        }
      if (node.child)
        {
          next.line = line;
          next.ply = line != NULL ? xq_pgn_record_get_n_moves (line) : 0;
          next.fork = FALSE;
        }
      else if (pending->len > 0)
        {
          next = g_array_index (pending, Place, pending->len - 1);
          g_array_set_size (pending, pending->len - 1);
        }
      else
        have = FALSE;
    }
  return TRUE;
}
