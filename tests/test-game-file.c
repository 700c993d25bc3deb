/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The one door for game files (xq-game-file.h): real files from a public
 * collection (tests/data/games/README.md) read exactly, formats and
 * encodings told by the bytes, unknown formats named, PGN read as a
 * stream of any length. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "xq-game-file.h"

/* A file of tests/data/games in the source tree. */
static char *
data_file (const char *name)
{
  const char *src = g_getenv ("XQ_SOURCE_DIR");

  return g_build_filename (src != NULL ? src : ".", "tests", "data", "games", name, NULL);
}

typedef struct {
  GPtrArray *games;   /* XqPgnGame* */
} Collected;

static gboolean
collect (XqPgnGame *game, gpointer user_data)
{
  g_ptr_array_add (((Collected *) user_data)->games, game);
  return TRUE;
}

/* Reads text (length -1: a string) through the door. */
static GPtrArray *
read_bytes (const char *data, gssize length, XqGameFormat *format, const char **encoding,
            GError **error)
{
  Collected c = { g_ptr_array_new_with_free_func ((GDestroyNotify) xq_pgn_game_free) };

  if (!xq_game_file_read_bytes ("test", (const guint8 *) data,
                                length < 0 ? strlen (data) : (gsize) length, format, encoding,
                                collect, &c, error))
    {
      g_ptr_array_unref (c.games);
      return NULL;
    }
  return c.games;
}

static char *
moves_of (const XqPgnRecord *rec)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < xq_pgn_record_get_n_moves (rec); i++)
    {
      char iccs[5];

      xq_move_to_iccs (xq_pgn_record_get_move (rec, i), iccs);
      g_string_append_printf (out, "%s%s", i > 0 ? " " : "", iccs);
    }
  return g_string_free (out, FALSE);
}

/* Every variation as "PLY: moves", nested ones after their parent's. */
static void
variations_of (const XqPgnRecord *rec, GString *out)
{
  for (guint i = 0; i < xq_pgn_record_get_n_variations (rec); i++)
    {
      const XqPgnRecord *line = xq_pgn_record_get_variation (rec, i);
      g_autofree char *moves = moves_of (line);

      g_string_append_printf (out, "%s%u: %s", out->len > 0 ? "; " : "",
                              xq_pgn_record_get_variation_ply (rec, i) + 1, moves);
      variations_of (line, out);
    }
}

/* ---- Real files ---------------------------------------------------------------------- */

/* What the files hold, checked against cchess (tools/compare-xqf.py) where
 * it agrees; where it does not (the mated diagram: cchess gives Red to
 * move, which is not a legal position) the reason is the issue's. */
static const struct {
  const char *name;
  const char *fen;
  const char *moves;
  const char *variations;
  guint       n_warnings;
} real_files[] = {
  /* Type byte 0 ("a full game"), yet the table holds the composition. */
  { "type0-composition.xqf", "3ak4/4a1P2/9/9/9/9/9/9/9/4K4 w - - 0 1", "g8g9", "", 0 },
  /* Version 10, tag 0xFF on move 3: the line goes on and a variation follows. */
  { "v10-tag-ff.xqf", "9/4k4/9/9/9/9/9/3AB4/1c2Np3/3AK4 b - - 0 1",
    "b1d1 e2c4 e8e7 c4a2 d1b1 a2c4 b1b0", "4: c4e2 e7f7", 0 },
  { "v18-variations.xqf", "3k5/9/9/6N2/9/2R6/9/5K3/3pr4/9 w - - 0 1",
    "g6h8 d9e9 h8f7 e9f9 c4f4", "4: e9e8 f7g9; 2: e1e3 h8f7 e3f3 f2e2", 0 },
  /* No moves; Black is mated: Black to move is the legal reading. */
  { "mated-diagram.xqf", "3ak2R1/4a4/9/9/9/9/9/9/9/4K4 b - - 0 1", "", "", 0 },
  /* A comment with a byte that is not GBK: replaced, the game kept. */
  { "damaged-comment.xqf", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "h2e2 h7e7 h0g2 h9g7 i0h0 b9c7 g3g4 b7a7 b0a2 a9b9 a0b0 b9b4 b2c2 b4b0 a2b0 i9i8 c2c6 i8d8 "
    "c3c4 d8d4 h0h6 c7a8 c4c5 g6g5 b0c2 d4g4 h6h2 g4g3 c2d4 a7a3 e2e1 g3h3 h2h3 a3h3 e1g1 h3h5 "
    "g1g5 h5c5 g5g9 f9e8 g0e2 a8b6 f0e1 b6a4 i3i4 a4b2 g2f4 b2d1 d4e6 g7e6 f4e6 c5e5 c6i6 e9f9 "
    "e6g7 f9f8 i6f6 e5e2 e0f0 e2c2 e3e4 c2c7 g7h9 f8f9 g9g5 d1c3 g5i5",
    "9: b0c2 a9b9 a0b0 b9b4 b2a2 b4b0 c2b0", 1 },
};

static void
test_real_files (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (real_files); i++)
    {
      g_autofree char *path = data_file (real_files[i].name);
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) games = NULL;
      g_autoptr(GString) vars = g_string_new (NULL);
      g_autofree char *fen = NULL, *moves = NULL;
      XqGameFormat format;
      const XqPgnRecord *rec;

      g_test_message ("%s", real_files[i].name);
      games = xq_game_file_read_all (path, &format, &error);
      g_assert_no_error (error);
      g_assert_cmpint (format, ==, XQ_GAME_FORMAT_XQF);
      g_assert_cmpuint (games->len, ==, 1);
      rec = ((XqPgnGame *) g_ptr_array_index (games, 0))->record;
      g_assert_nonnull (rec);
      fen = xq_position_to_fen (xq_pgn_record_get_start (rec));
      g_assert_cmpstr (fen, ==, real_files[i].fen);
      moves = moves_of (rec);
      g_assert_cmpstr (moves, ==, real_files[i].moves);
      variations_of (rec, vars);
      g_assert_cmpstr (vars->str, ==, real_files[i].variations);
      g_assert_cmpuint (xq_pgn_record_get_n_warnings (rec), ==, real_files[i].n_warnings);
    }
}

/* 象棋巫师's GBK export: one record, the "======" footer not another. */
static void
test_xqwizard_pgn (void)
{
  g_autofree char *path = data_file ("xqwizard-gbk.pgn");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autofree char *text = NULL, *twice = NULL;
  const XqPgnRecord *rec;
  const char *encoding = NULL;
  XqGameFormat format;
  gsize length;

  games = xq_game_file_read_all (path, &format, &error);
  g_assert_no_error (error);
  g_assert_cmpint (format, ==, XQ_GAME_FORMAT_PGN);
  g_assert_cmpuint (games->len, ==, 1);
  rec = ((XqPgnGame *) g_ptr_array_index (games, 0))->record;
  g_assert_nonnull (rec);
  g_assert_cmpuint (xq_pgn_record_get_n_moves (rec), ==, 57);
  g_assert_cmpint (xq_pgn_record_get_result (rec), ==, XQ_PGN_RESULT_DRAW);
  g_assert_cmpstr (xq_pgn_record_get_comment_after (rec, 56), ==, "议和");

  /* Two of them in a row are two games. */
  g_assert_true (g_file_get_contents (path, &text, &length, NULL));
  twice = g_strconcat (text, text, NULL);
  g_clear_pointer (&games, g_ptr_array_unref);
  games = read_bytes (twice, -1, &format, &encoding, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (encoding, ==, "GBK");
  g_assert_cmpuint (games->len, ==, 2);
  for (guint i = 0; i < 2; i++)
    g_assert_nonnull (((XqPgnGame *) g_ptr_array_index (games, i))->record);
}

/* ---- Formats and encodings ------------------------------------------------------------- */

static void
test_named_formats (void)
{
  static const struct { const char *bytes; gsize length; const char *message; } cases[] = {
    { "CCBridge Record\0\0\0\0\2", 20, "test: this is a 象棋桥 (XiangQi Bridge) CBR game; that format is not supported" },
    { "CCBridgeLibrary\0\3\0\0\0", 20, "test: this is a 象棋桥 (XiangQi Bridge) CBL library; that format is not supported" },
    { "\xef\xbb\xbf<?xml version=\"1.0\"?>\n<ChineseChessRecord Version=\"1.0\">", 61,
      "test: this is a 象棋桥 (XiangQi Bridge) CBF game; that format is not supported" },
    { "PK\3\4\0\0", 6, "test: this is a ZIP archive; that format is not supported" },
    { "%PDF-1.4\n", 9, "test: this is a PDF document; that format is not supported" },
    { "[Event \"x\"]\n\0zz", 15,
      "test: byte 12: a NUL byte: this is not a game file this program knows (XQF, PGN or DhtmlXQ)" },
    { "\n \n", 3, "test: the file holds no game" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) games = read_bytes (cases[i].bytes, (gssize) cases[i].length, NULL, NULL, &error);

      g_assert_null (games);
      g_assert_nonnull (error);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
}

static void
test_encodings (void)
{
  static const struct { const char *text; const char *encoding; } cases[] = {
    { "[Result \"1-0\"]\n1. 炮二平五 馬８進７\n2. 馬二進三 車９平８\n1-0\n", "UTF-8" },
    { "[Result \"1-0\"]\n1. \xc5\xda\xb6\xfe\xc6\xbd\xce\xe5 \xc2\xed\xa3\xb8\xbd\xf8\xa3\xb7\n"
      "2. \xc2\xed\xb6\xfe\xbd\xf8\xc8\xfd \xb3\xb5\xa3\xb9\xc6\xbd\xa3\xb8\n1-0\n", "GBK" },
    { "[Result \"1-0\"]\n1. \xac\xb6\xa4" "G\xa5\xad\xa4\xad \xb0\xa8\xa2\xb7\xb6" "i\xa2\xb6\n"
      "2. \xb0\xa8\xa4" "G\xb6" "i\xa4" "T \xa8\xae\xa2\xb8\xa5\xad\xa2\xb7\n1-0\n", "Big5" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      const char *encoding = NULL;
      XqGameFormat format;
      g_autoptr(GPtrArray) games = read_bytes (cases[i].text, -1, &format, &encoding, &error);
      g_autofree char *moves = NULL;
      const XqPgnRecord *rec;

      g_assert_no_error (error);
      g_assert_cmpstr (encoding, ==, cases[i].encoding);
      g_assert_cmpint (format, ==, XQ_GAME_FORMAT_PGN);
      g_assert_cmpuint (games->len, ==, 1);
      rec = ((XqPgnGame *) g_ptr_array_index (games, 0))->record;
      g_assert_nonnull (rec);
      moves = moves_of (rec);
      g_assert_cmpstr (moves, ==, "h2e2 h9g7 h0g2 i9h9");
      g_assert_cmpint (xq_pgn_record_get_result (rec), ==, XQ_PGN_RESULT_RED_WINS);
    }
}

/* A damaged byte in GBK text: replaced, located, the game kept. */
static void
test_damaged_text (void)
{
  static const char text[] = "[Result \"1-0\"]\n1. h2e2 {\xba\xc3\xff\xc6\xe5} h9g7\n1-0\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = read_bytes (text, -1, NULL, NULL, &error);
  const XqPgnRecord *rec;

  g_assert_no_error (error);
  rec = ((XqPgnGame *) g_ptr_array_index (games, 0))->record;
  g_assert_nonnull (rec);
  g_assert_cmpuint (xq_pgn_record_get_n_moves (rec), ==, 2);
  g_assert_cmpstr (xq_pgn_record_get_comment_after (rec, 0), ==, "好\xef\xbf\xbd棋");
  g_assert_cmpuint (xq_pgn_record_get_n_warnings (rec), ==, 1);
  g_assert_cmpstr (xq_pgn_record_get_warning (rec, 0), ==, "2:11: bytes that are not GBK text were replaced");
}

/* Full-width WXF, dpxq's W/D/L results, [DhtmlXQHTML]. */
static void
test_web_forms (void)
{
  static const char wxf[] = "[Result \"W\"]\n1. Ｃ２＝５ Ｈ８＋７\n";
  static const char html[] =
    "<p>[DhtmlXQHTML][DhtmlXQ_title]test[/DhtmlXQ_title]"
    "[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][DhtmlXQ_result]L[/DhtmlXQ_result][/DhtmlXQHTML]</p>";
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = read_bytes (wxf, -1, NULL, NULL, &error);
  g_autofree char *moves = NULL;
  const XqPgnRecord *rec;
  XqGameFormat format;

  g_assert_no_error (error);
  rec = ((XqPgnGame *) g_ptr_array_index (games, 0))->record;
  g_assert_nonnull (rec);
  moves = moves_of (rec);
  g_assert_cmpstr (moves, ==, "h2e2 h9g7");
  g_assert_cmpint (xq_pgn_record_get_result (rec), ==, XQ_PGN_RESULT_RED_WINS);

  g_clear_pointer (&games, g_ptr_array_unref);
  g_clear_pointer (&moves, g_free);
  games = read_bytes (html, -1, &format, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (format, ==, XQ_GAME_FORMAT_DHTMLXQ);
  g_assert_cmpuint (games->len, ==, 1);
  rec = ((XqPgnGame *) g_ptr_array_index (games, 0))->record;
  g_assert_nonnull (rec);
  moves = moves_of (rec);
  g_assert_cmpstr (moves, ==, "h2e2");
  g_assert_cmpstr (xq_pgn_record_get_tag (rec, "Title"), ==, "test");
  g_assert_cmpint (xq_pgn_record_get_result (rec), ==, XQ_PGN_RESULT_BLACK_WINS);
}

/* ---- Streams --------------------------------------------------------------------------- */

typedef struct {
  guint n_read, n_broken, stop_after;
  int   last_line;
} Counted;

static gboolean
count_game (XqPgnGame *game, gpointer user_data)
{
  Counted *c = user_data;

  if (game->record != NULL)
    c->n_read++;
  else
    c->n_broken++;
  c->last_line = game->line;
  xq_pgn_game_free (game);
  return c->stop_after == 0 || c->n_read + c->n_broken < c->stop_after;
}

/* More games than the old cap of 1000, one of them broken: every other is
 * read, the broken one located in the whole file; stopping is honoured. */
static void
test_stream (void)
{
  g_autofree char *dir = g_dir_make_tmp ("xq-game-file-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "many.pgn", NULL);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  Counted c = { 0 };
  XqGameFormat format;

  for (int i = 0; i < 2500; i++)
    g_string_append_printf (text, "[Event \"game %d\"]\n[Result \"*\"]\n\n1. %s h9g7\n*\n\n", i,
                            i == 1700 ? "h2h9x" : "h2e2");
  g_assert_true (g_file_set_contents (path, text->str, (gssize) text->len, NULL));
  g_assert_true (xq_game_file_read_each (path, &format, NULL, count_game, &c, &error));
  g_assert_no_error (error);
  g_assert_cmpint (format, ==, XQ_GAME_FORMAT_PGN);
  g_assert_cmpuint (c.n_read, ==, 2499);
  g_assert_cmpuint (c.n_broken, ==, 1);
  g_assert_cmpint (c.last_line, ==, 2499 * 6 + 1);

  memset (&c, 0, sizeof c);
  c.stop_after = 10;
  g_assert_true (xq_game_file_read_each (path, NULL, NULL, count_game, &c, &error));
  g_assert_cmpuint (c.n_read, ==, 10);

  {
    /* The broken game's error is at its line in the whole file. */
    g_autoptr(GPtrArray) games = xq_game_file_read_all (path, NULL, &error);
    XqPgnGame *broken = g_ptr_array_index (games, 1700);

    g_assert_no_error (error);
    g_assert_null (broken->record);
    g_assert_true (g_str_has_prefix (broken->error->message, "10204:4: "));
  }
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/game-file/real-files", test_real_files);
  g_test_add_func ("/game-file/xqwizard-pgn", test_xqwizard_pgn);
  g_test_add_func ("/game-file/named-formats", test_named_formats);
  g_test_add_func ("/game-file/encodings", test_encodings);
  g_test_add_func ("/game-file/damaged-text", test_damaged_text);
  g_test_add_func ("/game-file/web-forms", test_web_forms);
  g_test_add_func ("/game-file/stream", test_stream);
  return g_test_run ();
}
