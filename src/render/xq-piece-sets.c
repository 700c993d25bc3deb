/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-piece-sets.c: the piece sets, one line each.  Everything else that
 * knows the sets (settings values, the board property's enum, the
 * Preferences list, the command line, the fuzzer's bound) loops over this
 * table; adding a set is one line here (docs/contributing.md). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-render-private.h"

typedef struct {
  const char *name;                        /* settings, command line, files */
  const char *label;                       /* for Preferences, untranslated */
  const char *faces[2][XQ_N_TYPES];        /* each piece's character; all NULL: pictograms */
  int         face;                        /* glyph face of the characters (XQ_FACE_*) */
  const char *river;                       /* the words on the river, in that face */
} PieceSetInfo;

/* The characters must be in data/glyphs/xq-glyph-data.h for their face
 * (tools/extract-glyphs.py extracts them from the fonts named there). */
static const PieceSetInfo sets[XQ_N_PIECE_SETS] = {
  [XQ_PIECE_SET_TRADITIONAL] = { "traditional", N_("Traditional characters"),
    { [XQ_RED]   = { NULL, "帥", "仕", "相", "傌", "俥", "炮", "兵" },
      [XQ_BLACK] = { NULL, "將", "士", "象", "馬", "車", "砲", "卒" } },
    XQ_FACE_SERIF_TC, "楚河漢界" },
  [XQ_PIECE_SET_SIMPLIFIED] = { "simplified", N_("Simplified characters"),
    { [XQ_RED]   = { NULL, "帅", "仕", "相", "马", "车", "炮", "兵" },
      [XQ_BLACK] = { NULL, "将", "士", "象", "马", "车", "炮", "卒" } },
    XQ_FACE_SANS_SC, "楚河汉界" },
  [XQ_PIECE_SET_PICTOGRAM] = { "pictogram", N_("Pictures"),
    { { NULL } }, XQ_FACE_SERIF_TC, "楚河漢界" },
};

static const PieceSetInfo *
info (XqPieceSet set)
{
  return (guint) set < XQ_N_PIECE_SETS ? &sets[set] : &sets[XQ_PIECE_SET_TRADITIONAL];
}

const char *
xq_piece_set_to_string (XqPieceSet set)
{
  g_return_val_if_fail ((guint) set < XQ_N_PIECE_SETS, NULL);
  return sets[set].name;
}

gboolean
xq_piece_set_from_string (const char *name, XqPieceSet *out)
{
  for (guint i = 0; name != NULL && i < XQ_N_PIECE_SETS; i++)
    if (g_ascii_strcasecmp (name, sets[i].name) == 0)
      {
        *out = (XqPieceSet) i;
        return TRUE;
      }
  return FALSE;
}

const char *
xq_piece_set_label (XqPieceSet set)
{
  g_return_val_if_fail ((guint) set < XQ_N_PIECE_SETS, NULL);
  return sets[set].label;
}

gboolean
xq_piece_set_has_characters (XqPieceSet set)
{
  return info (set)->faces[XQ_RED][XQ_KING] != NULL;
}

const char *
xq_piece_char (XqColor color, XqPieceType type, XqPieceSet set, int *face)
{
  const PieceSetInfo *s = info (set);

  g_return_val_if_fail (type > XQ_NO_TYPE && type < XQ_N_TYPES && color <= XQ_BLACK, NULL);
  *face = s->face;
  return s->faces[color][type];
}

const char *
xq_piece_set_river (XqPieceSet set, int *face)
{
  const PieceSetInfo *s = info (set);

  *face = s->face;
  return s->river;
}
