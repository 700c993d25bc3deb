/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-test-game-folder.h: a teacher's folder of real game files (from
 * tests/data, see tests/data/games/README.md), as the import of a folder
 * meets it: puzzles, a game that ends in mate, positions with no mate, a
 * damaged record, a file that is no game file, and files the walk leaves
 * out (a note, a hidden folder). */
#pragma once

#include <glib.h>
#include <glib/gstdio.h>

/* In the order the walk finds them (the folder's files, then each
 * subfolder's, by name), with what each becomes. */
static const struct {
  const char *name;      /* below the folder */
  const char *source;    /* in tests/data, NULL: bytes of its own */
} xq_test_game_folder[] = {
  { "bad-illegal.pgn", "pgn/bad-illegal.pgn" },            /* damaged: 4:4 an illegal move */
  { "cover.cbf", NULL },                                    /* not a game file */
  { "lecture-variations.cbr", "games/lecture-variations.cbr" }, /* no forced mate */
  { "对局/game-iccs.pgn", "pgn/game-iccs.pgn" },            /* a game: its finish */
  { "杀法/mated-diagram.xqf", "games/mated-diagram.xqf" },  /* no forced mate (already mated) */
  { "杀法/type0-composition.xqf", "games/type0-composition.xqf" }, /* a puzzle: mate in 1 */
  { "杀法/v10-tag-ff.xqf", "games/v10-tag-ff.xqf" },        /* a puzzle: mate in 4 */
};

#define XQ_TEST_GAME_FOLDER_SUMMARY \
  "2 puzzles, 1 game, 4 skipped — 2 have no forced mate within 15 moves, 1 is damaged, 1 is not a game file"

/* Makes the folder at dir. */
static inline void
xq_test_make_game_folder (const char *dir)
{
  const char *src = g_getenv ("XQ_SOURCE_DIR");

  for (gsize i = 0; i < G_N_ELEMENTS (xq_test_game_folder); i++)
    {
      g_autofree char *to = g_build_filename (dir, xq_test_game_folder[i].name, NULL);
      g_autofree char *parent = g_path_get_dirname (to);
      g_autofree char *bytes = NULL;
      gsize length = 0;

      g_assert_cmpint (g_mkdir_with_parents (parent, 0700), ==, 0);
      if (xq_test_game_folder[i].source != NULL)
        {
          g_autofree char *from = g_build_filename (src != NULL ? src : ".", "tests", "data",
                                                    xq_test_game_folder[i].source, NULL);
          g_assert_true (g_file_get_contents (from, &bytes, &length, NULL));
        }
      else
        {
          bytes = g_memdup2 ("Cover of the book\0\x01\x02", 20);
          length = 20;
        }
      g_assert_true (g_file_set_contents (to, bytes, (gssize) length, NULL));
    }
  /* Left out by the walk: not a game file's name, and hidden. */
  {
    g_autofree char *note = g_build_filename (dir, "notes.txt", NULL);
    g_autofree char *hidden = g_build_filename (dir, ".trash", NULL);
    g_autofree char *in_hidden = g_build_filename (hidden, "old.xqf", NULL);

    g_assert_true (g_file_set_contents (note, "Bring the sets on Friday.\n", -1, NULL));
    g_assert_cmpint (g_mkdir_with_parents (hidden, 0700), ==, 0);
    g_assert_true (g_file_set_contents (in_hidden, "XQ", -1, NULL));
  }
}
