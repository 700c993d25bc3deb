/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-piece-sets.c: the piece sets, one line each.  Everything else that
 * knows the sets (settings values, the board property's enum, the
 * Preferences list, the command line, the fuzzer's bound, the tests) loops
 * over this table.  A set of characters is one line here; a set of
 * pictures is one line here and its folder data/pieces/NAME/ of SVG files
 * (docs/contributing.md, "A new piece set"). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-render-private.h"
#include "xq-piece-pictures.h"

typedef struct {
  const char *name;                        /* settings, command line, the pictures' folder */
  const char *label;                       /* for Preferences, untranslated */
  const char *faces[2][XQ_N_TYPES];        /* each piece's character; all NULL: pictures */
  int         face;                        /* glyph face of the characters (XQ_FACE_*) */
  const char *river;                       /* the words on the river, in that face */
} PieceSetInfo;

/* Characters must be in data/glyphs/xq-glyph-data.h for their face
 * (tools/extract-glyphs.py extracts them from the fonts named there).  A
 * set without characters is drawn from data/pieces/NAME/ (see
 * tools/gen-piece-pictures.py for what the SVG files may hold).  The sets
 * XqPieceSet names come first, in its order; a new set is a line at the
 * end. */
#define PICTURES { { NULL } }
static const PieceSetInfo sets[] = {
  [XQ_PIECE_SET_TRADITIONAL] = { "traditional", N_("Traditional characters"),
    { [XQ_RED]   = { NULL, "帥", "仕", "相", "傌", "俥", "炮", "兵" },
      [XQ_BLACK] = { NULL, "將", "士", "象", "馬", "車", "砲", "卒" } },
    XQ_FACE_SERIF_TC, "楚河漢界" },
  [XQ_PIECE_SET_SIMPLIFIED] = { "simplified", N_("Simplified characters"),
    { [XQ_RED]   = { NULL, "帅", "仕", "相", "马", "车", "炮", "兵" },
      [XQ_BLACK] = { NULL, "将", "士", "象", "马", "车", "炮", "卒" } },
    XQ_FACE_SANS_SC, "楚河汉界" },
  [XQ_PIECE_SET_PICTOGRAM] = { "pictogram", N_("Pictures"), PICTURES, XQ_FACE_SERIF_TC, "楚河漢界" },
};

G_STATIC_ASSERT (G_N_ELEMENTS (sets) > XQ_PIECE_SET_PICTOGRAM);

/* The file names of a set's pictures, by XqPieceType and XqColor. */
static const char *const picture_pieces[XQ_N_TYPES] = {
  NULL, "king", "advisor", "elephant", "horse", "chariot", "cannon", "pawn"
};
static const char *const picture_colors[] = { [XQ_RED] = "red", [XQ_BLACK] = "black" };

guint
xq_piece_set_count (void)
{
  return G_N_ELEMENTS (sets);
}

static const PieceSetInfo *
info (XqPieceSet set)
{
  return (guint) set < G_N_ELEMENTS (sets) ? &sets[set] : &sets[XQ_PIECE_SET_TRADITIONAL];
}

const char *
xq_piece_set_to_string (XqPieceSet set)
{
  g_return_val_if_fail ((guint) set < G_N_ELEMENTS (sets), NULL);
  return sets[set].name;
}

gboolean
xq_piece_set_from_string (const char *name, XqPieceSet *out)
{
  for (guint i = 0; name != NULL && i < G_N_ELEMENTS (sets); i++)
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
  g_return_val_if_fail ((guint) set < G_N_ELEMENTS (sets), NULL);
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

/* ---- Pictures ----------------------------------------------------------------- */

guint
xq_piece_pictures_count (void)
{
  return G_N_ELEMENTS (xq_piece_pictures);
}

const XqPiecePicture *
xq_piece_pictures_nth (guint i)
{
  g_return_val_if_fail (i < G_N_ELEMENTS (xq_piece_pictures), NULL);
  return &xq_piece_pictures[i];
}

static const XqPiecePicture *
find_picture (const char *set, const char *name)
{
  for (gsize i = 0; i < G_N_ELEMENTS (xq_piece_pictures); i++)
    if (strcmp (xq_piece_pictures[i].set, set) == 0 && strcmp (xq_piece_pictures[i].name, name) == 0)
      return &xq_piece_pictures[i];
  return NULL;
}

const XqPiecePicture *
xq_piece_set_picture (XqPieceSet set, XqColor color, XqPieceType type)
{
  const XqPiecePicture *picture;
  char name[32];

  g_return_val_if_fail ((guint) set < G_N_ELEMENTS (sets), NULL);
  g_return_val_if_fail (type > XQ_NO_TYPE && type < XQ_N_TYPES && color <= XQ_BLACK, NULL);
  if (xq_piece_set_has_characters (set))
    return NULL;
  g_snprintf (name, sizeof name, "%s-%s", picture_colors[color], picture_pieces[type]);
  picture = find_picture (sets[set].name, name);
  return picture != NULL ? picture : find_picture (sets[set].name, picture_pieces[type]);
}

gboolean
xq_piece_picture_name_known (const char *name)
{
  for (int type = XQ_NO_TYPE + 1; name != NULL && type < XQ_N_TYPES; type++)
    {
      if (strcmp (name, picture_pieces[type]) == 0)
        return TRUE;
      for (guint c = 0; c < G_N_ELEMENTS (picture_colors); c++)
        {
          gsize n = strlen (picture_colors[c]);

          if (strncmp (name, picture_colors[c], n) == 0 && name[n] == '-'
              && strcmp (name + n + 1, picture_pieces[type]) == 0)
            return TRUE;
        }
    }
  return FALSE;
}
