/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-piece-sets.c: the table of piece sets (src/render/xq-piece-sets.c)
 * agrees with its folders (data/pieces/NAME/), and every face of every set
 * draws.  Everything here loops over the table and the folders; nothing
 * names a set, so a new set is checked the day it is added. */
#include "config.h"

#include <librsvg/rsvg.h>
#include <string.h>

#include "xq-render-private.h"

#define BOX 120

/* A set of characters has a character with an outline for every piece and
 * for its river words; a set of pictures has a picture for every piece. */
static void
test_every_set_has_its_faces (void)
{
  for (int set = 0; set < XQ_N_PIECE_SETS; set++)
    {
      int face = -1;
      const char *river = xq_piece_set_river (set, &face);

      g_test_message ("set %s", xq_piece_set_to_string (set));
      for (const char *c = river; *c != '\0'; c = g_utf8_next_char (c))
        {
          char one[8] = { 0 };

          memcpy (one, c, g_utf8_next_char (c) - c);
          g_assert_nonnull (xq_glyph_lookup (face, one));
        }
      for (XqColor color = XQ_RED; color <= XQ_BLACK; color++)
        for (XqPieceType type = XQ_NO_TYPE + 1; type < XQ_N_TYPES; type++)
          {
            const char *ch = xq_piece_char (color, type, set, &face);

            if (xq_piece_set_has_characters (set))
              {
                g_assert_nonnull (ch);
                g_assert_nonnull (xq_glyph_lookup (face, ch));
                g_assert_null (xq_piece_set_picture (set, color, type));
              }
            else
              {
                const XqPiecePicture *pic = xq_piece_set_picture (set, color, type);

                g_assert_null (ch);
                g_assert_nonnull (pic);
                g_assert_cmpstr (pic->set, ==, xq_piece_set_to_string (set));
                g_assert_cmpint (pic->n_shapes, >, 0);
              }
          }
    }
}

/* Every folder of data/pieces is a set of pictures in the table, and every
 * file in it was built in under a name the sets use ("king", "red-king");
 * every set of pictures in the table has its folder. */
static void
test_folders_match_table (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = g_dir_open (XQ_PIECES_DIR, 0, &error);
  g_autoptr(GHashTable) folders = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const char *name;
  guint n_files = 0;

  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (XQ_PIECES_DIR, name, NULL);
      g_autoptr(GDir) sub = NULL;
      XqPieceSet set;
      const char *file;

      if (!g_file_test (path, G_FILE_TEST_IS_DIR))
        continue;
      g_test_message ("folder %s", name);
      g_assert_true (xq_piece_set_from_string (name, &set));
      g_assert_cmpstr (xq_piece_set_to_string (set), ==, name);
      g_assert_false (xq_piece_set_has_characters (set));
      g_hash_table_add (folders, g_strdup (name));
      sub = g_dir_open (path, 0, &error);
      g_assert_no_error (error);
      while ((file = g_dir_read_name (sub)) != NULL)
        {
          g_autofree char *stem = NULL;
          gboolean built_in = FALSE;

          g_assert_true (g_str_has_suffix (file, ".svg"));
          stem = g_strndup (file, strlen (file) - 4);
          g_assert_true (xq_piece_picture_name_known (stem));
          for (guint i = 0; i < xq_piece_pictures_count (); i++)
            built_in |= strcmp (xq_piece_pictures_nth (i)->set, name) == 0
                        && strcmp (xq_piece_pictures_nth (i)->name, stem) == 0;
          g_assert_true (built_in);
          n_files++;
        }
    }
  g_assert_cmpuint (n_files, ==, xq_piece_pictures_count ());
  for (int set = 0; set < XQ_N_PIECE_SETS; set++)
    g_assert_true (xq_piece_set_has_characters (set)
                   == !g_hash_table_contains (folders, xq_piece_set_to_string (set)));
}

/* The piece drawn at the centre of a BOX x BOX image (just the disc when
 * type is XQ_NO_TYPE). */
static cairo_surface_t *
draw_one (int set, XqTheme theme, XqColor color, XqPieceType type)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, BOX, BOX);
  cairo_t *cr = cairo_create (surface);
  XqPainter p = { .cr = cr };
  XqRenderStyle style;
  double cy = BOX / 2.0;

  xq_render_style_init (&style);
  style.pieces = set;
  style.theme = theme;
  if (type == XQ_NO_TYPE)
    xq_draw_disc (&p, color, &style, BOX / 2.0, &cy, 0.4 * BOX);
  else
    xq_draw_piece (&p, xq_piece_make (color, type), &style, BOX / 2.0, BOX / 2.0, 0.4 * BOX);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static guint
pixels_differing (cairo_surface_t *a, cairo_surface_t *b)
{
  const guint8 *da = cairo_image_surface_get_data (a), *db = cairo_image_surface_get_data (b);
  int stride = cairo_image_surface_get_stride (a);
  guint n = 0;

  for (int y = 0; y < BOX; y++)
    for (int x = 0; x < BOX; x++)
      n += memcmp (da + y * stride + 4 * x, db + y * stride + 4 * x, 4) != 0;
  return n;
}

/* Every face of every set draws something on its disc, in every theme,
 * and no two pieces of a set look alike. */
static void
test_every_face_draws (void)
{
  for (int set = 0; set < XQ_N_PIECE_SETS; set++)
    for (XqTheme theme = XQ_THEME_WOOD; theme <= XQ_THEME_PRINT; theme++)
      for (XqColor color = XQ_RED; color <= XQ_BLACK; color++)
        {
          cairo_surface_t *disc = draw_one (set, theme, color, XQ_NO_TYPE);
          cairo_surface_t *faces[XQ_N_TYPES] = { NULL };

          for (XqPieceType type = XQ_NO_TYPE + 1; type < XQ_N_TYPES; type++)
            {
              guint inked;

              faces[type] = draw_one (set, theme, color, type);
              inked = pixels_differing (disc, faces[type]);
              g_test_message ("%s %s %d %d: %u pixels of ink", xq_piece_set_to_string (set),
                              xq_theme_to_string (theme), color, type, inked);
              /* At least 4 % of the disc's face, at most all of it. */
              g_assert_cmpuint (inked, >, 0.04 * G_PI * (0.3 * BOX) * (0.3 * BOX));
              g_assert_cmpuint (inked, <, G_PI * (0.4 * BOX) * (0.4 * BOX));
              for (XqPieceType other = XQ_NO_TYPE + 1; other < type; other++)
                g_assert_cmpuint (pixels_differing (faces[other], faces[type]), >, 0.01 * BOX * BOX);
            }
          for (XqPieceType type = XQ_NO_TYPE + 1; type < XQ_N_TYPES; type++)
            cairo_surface_destroy (faces[type]);
          cairo_surface_destroy (disc);
        }
}

/* The SVG of a full board in every set is a document librsvg reads. */
static void
test_every_set_svg_parses (void)
{
  for (int set = 0; set < XQ_N_PIECE_SETS; set++)
    {
      g_autoptr(GError) error = NULL;
      RsvgHandle *handle;
      g_autofree char *svg = NULL;
      XqRenderStyle style;
      XqPosition pos;

      g_assert_true (xq_position_set_fen (&pos, XQ_START_FEN, NULL));
      xq_render_style_init (&style);
      style.pieces = set;
      svg = xq_render_svg (&pos, &style, NULL, 450);
      g_assert_nonnull (svg);
      handle = rsvg_handle_new_from_data ((const guint8 *) svg, strlen (svg), &error);
      g_assert_no_error (error);
      g_assert_nonnull (handle);
      g_object_unref (handle);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/piece-sets/faces", test_every_set_has_its_faces);
  g_test_add_func ("/render/piece-sets/folders", test_folders_match_table);
  g_test_add_func ("/render/piece-sets/draw", test_every_face_draws);
  g_test_add_func ("/render/piece-sets/svg", test_every_set_svg_parses);
  return g_test_run ();
}
