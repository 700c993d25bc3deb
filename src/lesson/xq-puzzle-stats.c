/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-puzzle-stats"

#include "config.h"

#include <string.h>

#include "xq-puzzle-stats.h"

static int
cmp_uint (gconstpointer a, gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return x < y ? -1 : x > y;
}

static gboolean
fights_back (const XqPosition *pos)
{
  XqColor defender = pos->side == XQ_RED ? XQ_BLACK : XQ_RED;

  for (XqSquare s = 0; s < XQ_SQUARES; s++)
    {
      XqPiece p = pos->board[s];
      XqPieceType t;

      if (p == XQ_EMPTY || xq_piece_color (p) != defender)
        continue;
      t = xq_piece_type (p);
      if (t == XQ_CHARIOT || t == XQ_HORSE || t == XQ_CANNON)
        return TRUE;
    }
  return FALSE;
}

void
xq_puzzle_stats_compute (GPtrArray *packs, XqPuzzleStats *out)
{
  g_autoptr(GHashTable) patterns = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GArray) pieces = g_array_new (FALSE, FALSE, sizeof (guint));

  g_return_if_fail (packs != NULL && out != NULL);
  memset (out, 0, sizeof *out);
  for (guint i = 0; i < packs->len; i++)
    {
      const XqPuzzlePack *pack = g_ptr_array_index (packs, i);

      for (guint j = 0; j < pack->puzzles->len; j++)
        {
          const XqPuzzle *pz = g_ptr_array_index (pack->puzzles, j);
          guint n = 0;

          for (XqSquare s = 0; s < XQ_SQUARES; s++)
            n += pz->position.board[s] != XQ_EMPTY;
          g_array_append_val (pieces, n);
          out->puzzles++;
          if (pz->pattern != NULL)
            g_hash_table_add (patterns, pz->pattern);
          out->deep += pz->mate_in >= 5;
          out->short_mates += pz->mate_in <= 3;
          out->threat += pz->defender_threatens;
          out->fighting += fights_back (&pz->position);
          out->advanced += pack->min_rating > 0;
        }
    }
  out->patterns = g_hash_table_size (patterns);
  if (pieces->len > 0)
    {
      guint m = pieces->len / 2;

      g_array_sort (pieces, cmp_uint);
      out->median_pieces = pieces->len % 2 ? g_array_index (pieces, guint, m)
                                           : (g_array_index (pieces, guint, m - 1) +
                                              g_array_index (pieces, guint, m)) / 2.0;
    }
}

gboolean
xq_puzzle_stats_meets (const XqPuzzleStats *s, gboolean met[5])
{
  guint64 n = s->puzzles;

  met[0] = s->puzzles >= XQ_PUZZLE_GOAL_PUZZLES;
  met[1] = s->patterns >= XQ_PUZZLE_GOAL_PATTERNS;
  met[2] = n > 0 && (guint64) s->deep * 100 >= n * XQ_PUZZLE_GOAL_DEEP_PERCENT;
  met[3] = s->median_pieces >= XQ_PUZZLE_GOAL_PIECES;
  met[4] = n > 0 && (guint64) s->threat * 100 >= n * XQ_PUZZLE_GOAL_THREAT_PERCENT;
  return met[0] && met[1] && met[2] && met[3] && met[4];
}
