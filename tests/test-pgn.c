/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-pgn"

#include "config.h"

#include <string.h>
#include <sys/wait.h>

#include "xq-pgn.h"
#include "xq-test-dirs.h"
#include "xq-test-xqtool.h"

/* The fixture game: Fairy-Stockfish 11.1 (Debian) against itself at depth 7
 * from the start position, in UCCI mode so that ranks are 0-9; it ends with
 * Black's mate e5d5 at ply 148.  The three game-*.pgn fixtures hold this
 * game in WXF, Chinese and ICCS, each spelt differently. */
static const char fixture_moves[] =
  "g0e2 g9e7 h0g2 h9g7 f0e1 g6g5 b2b6 b7c7 b0a2 h7h4 i0f0 c7d7 a2c1 h4h5 h2h4 f9e8 "
  "h4a4 b9a7 a4f4 a9b9 b6b3 b9b5 f4f6 i9f9 f6f1 h5h1 a0a1 b5d5 b3b8 h1h2 a1a2 h2h1 "
  "a2b2 a7c8 b2b7 f9f3 b7c7 f3g3 b8b2 g3f3 c7c8 d7d0 e1d0 h1c1 b2b7 g7h5 b7b9 f3f2 "
  "d0e1 f2f1 f0f1 c1f1 c8c6 d5e5 c6c7 e5b5 b9a9 b5b9 a9a8 b9b8 c7a7 h5g3 a7a6 b8b0 "
  "e1d0 f1a1 a6e6 a1a8 e6a6 a8d8 a6d6 d8d7 a3a4 i6i5 d6d5 b0b1 d0e1 b1b0 g2f0 g3i2 "
  "e1f2 i2g1 e0e1 b0b3 d5d3 g1h3 f0h1 h3f4 e3e4 b3b1 d3d1 b1d1 e1d1 f4e2 h1g3 e2c3 "
  "d1e1 g5g4 g3i2 c3e4 c0e2 g4f4 i3i4 i5i4 i2g3 d7d5 g3e4 f4e4 e2g0 e4e3 e1d1 d5d6 "
  "a4a5 i4h4 a5a6 d6g6 d1d0 h4g4 g0i2 g4f4 f2e1 g6e6 d0d1 e6d6 d1d0 d6e6 e1f0 f4f3 "
  "a6b6 e6e4 b6b7 f3f2 f0e1 e4e1 d0e0 e1g1 b7c7 g1g5 i2g4 g5e5 e0d0 f2f1 d0d1 e3d3 "
  "d1d0 f1e1 c7b7 e5d5";

/* tests/data/DIR/NAME in the source tree. */
static char *
data_file (const char *dir, const char *name)
{
  const char *srcdir = g_getenv ("XQ_SOURCE_DIR");

  if (srcdir != NULL)
    return g_build_filename (srcdir, "tests", "data", dir, name, NULL);
  return g_test_build_filename (G_TEST_DIST, "data", dir, name, NULL);
}

static char *
data_path (const char *name)
{
  return data_file ("pgn", name);
}

static XqPgnRecord *
read_fixture (const char *name)
{
  g_autofree char *path = data_path (name);
  g_autoptr(GError) error = NULL;
  XqPgnRecord *rec = xq_pgn_read_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (rec);
  return rec;
}

static void
assert_round_trip (const XqPgnRecord *rec)
{
  for (int n = XQ_NOTATION_ICCS; n <= XQ_NOTATION_ZH_HANT; n++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *text = xq_pgn_write (rec, (XqNotation) n);
      g_autoptr(XqPgnRecord) back = xq_pgn_read_string (text, &error);
      g_autofree char *again = NULL;

      g_assert_no_error (error);
      if (!xq_pgn_record_equal (rec, back))
        g_error ("round trip in %s changed the record:\n%s", xq_notation_to_name ((XqNotation) n), text);
      /* Writing is deterministic: the copy read back writes the same text. */
      again = xq_pgn_write (back, (XqNotation) n);
      g_assert_cmpstr (again, ==, text);
    }
}

/* ---- The fixture game in three notations ---------------------------------- */

static void
test_fixture (gconstpointer data)
{
  const char *name = data;
  g_autoptr(XqPgnRecord) rec = read_fixture (name);
  g_auto(GStrv) want = g_strsplit (fixture_moves, " ", -1);
  XqPosition end;

  g_assert_cmpuint (xq_pgn_record_get_n_moves (rec), ==, g_strv_length (want));
  g_assert_cmpuint (xq_pgn_record_get_n_moves (rec), ==, 148);
  for (guint i = 0; want[i] != NULL; i++)
    {
      char iccs[5];
      xq_move_to_iccs (xq_pgn_record_get_move (rec, i), iccs);
      g_assert_cmpstr (iccs, ==, want[i]);
    }
  xq_pgn_record_get_position (rec, 148, &end);
  g_assert_cmpint (xq_position_status (&end), ==, XQ_STATUS_CHECKMATE);
  g_assert_cmpint (xq_pgn_record_get_result (rec), ==, XQ_PGN_RESULT_BLACK_WINS);

  g_assert_cmpuint (xq_pgn_record_get_n_tags (rec), ==, 8);
  g_assert_cmpstr (xq_pgn_record_get_tag_name (rec, 0), ==, "Game");
  g_assert_cmpstr (xq_pgn_record_get_tag_name (rec, 7), ==, "Format");
  g_assert_cmpstr (xq_pgn_record_get_tag (rec, "Red"), ==, "Fairy-Stockfish");
  g_assert_cmpstr (xq_pgn_record_get_tag (rec, "Result"), ==, "0-1");
  g_assert_null (xq_pgn_record_get_tag (rec, "FEN"));

  assert_round_trip (rec);
}

static void
test_fixture_comments (void)
{
  g_autoptr(XqPgnRecord) wxf = read_fixture ("game-wxf.pgn");
  g_autoptr(XqPgnRecord) zh = read_fixture ("game-zh.pgn");
  g_autoptr(XqPgnRecord) iccs = read_fixture ("game-iccs.pgn");

  g_assert_cmpstr (xq_pgn_record_get_game_comment (wxf), ==, "Both sides start with the elephant.");
  g_assert_cmpstr (xq_pgn_record_get_comment_after (wxf, 0), ==, "A quiet opening.");
  g_assert_null (xq_pgn_record_get_comment_before (wxf, 0));
  /* The ";" comment runs to the end of its line. */
  g_assert_cmpstr (xq_pgn_record_get_comment_after (wxf, 7), ==, "Black lines up a cannon on the third file");
  g_assert_null (xq_pgn_record_get_comment_after (wxf, 6));
  /* The variation after move 10 and the NAG are skipped, not kept. */
  g_assert_null (xq_pgn_record_get_comment_after (wxf, 19));

  g_assert_cmpstr (xq_pgn_record_get_comment_after (zh, 2), ==, "紅方跳正馬");
  g_assert_null (xq_pgn_record_get_game_comment (zh));

  /* A comment after the result still belongs to the last move. */
  g_assert_cmpstr (xq_pgn_record_get_comment_after (iccs, 147), ==, "Black mates with the chariot.");
}

/* ---- Records built here --------------------------------------------------- */

static void
test_inline_forms (void)
{
  static const char text[] =
    "[Event \"A \\\"quoted\\\" name \\\\ and a backslash\"]\n"
    "\n"
    "1.C2.5 1... {before Black's reply} H8+7!? 2. h0g2 {after} 馬2進3\n"
    "3. 车九进一 ; rest of line\n"
    "3... R9.8 4. P3+1 ... {black reply} P3+1\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(XqPgnRecord) rec = xq_pgn_read_string (text, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (xq_pgn_record_get_tag (rec, "Event"), ==, "A \"quoted\" name \\ and a backslash");
  g_assert_cmpuint (xq_pgn_record_get_n_moves (rec), ==, 8);
  g_assert_cmpuint (xq_pgn_record_get_move (rec, 0), ==, xq_move_from_iccs ("h2e2"));
  g_assert_cmpuint (xq_pgn_record_get_move (rec, 3), ==, xq_move_from_iccs ("b9c7"));
  g_assert_cmpuint (xq_pgn_record_get_move (rec, 5), ==, xq_move_from_iccs ("i9h9"));
  g_assert_cmpstr (xq_pgn_record_get_comment_before (rec, 1), ==, "before Black's reply");
  g_assert_cmpstr (xq_pgn_record_get_comment_after (rec, 2), ==, "after");
  g_assert_cmpstr (xq_pgn_record_get_comment_after (rec, 4), ==, "rest of line");
  /* A bare "..." works like "4...": the comment is before Black's move. */
  g_assert_cmpuint (xq_pgn_record_get_move (rec, 7), ==, xq_move_from_iccs ("c6c5"));
  g_assert_cmpstr (xq_pgn_record_get_comment_before (rec, 7), ==, "black reply");
  /* No result token and no Result tag: unknown. */
  g_assert_cmpint (xq_pgn_record_get_result (rec), ==, XQ_PGN_RESULT_UNKNOWN);
  assert_round_trip (rec);
}

/* Plays a random legal move from pos and appends it to rec; FALSE when
 * there is none. */
static gboolean
append_random_move (XqPgnRecord *rec, XqPosition *pos, GRand *rand)
{
  g_autoptr(GError) error = NULL;
  XqMove moves[XQ_MAX_MOVES];
  int n = xq_position_legal_moves (pos, moves);
  XqMove m;
  XqUndo undo;

  if (n == 0)
    return FALSE;
  m = moves[g_rand_int_range (rand, 0, n)];
  g_assert_true (xq_pgn_record_append_move (rec, m, &error));
  g_assert_no_error (error);
  xq_position_do_move (pos, m, &undo);
  return TRUE;
}

/* Random games with comments in every place a comment can be, from the
 * start and from a position with Black to move. */
static void
test_round_trip_random (void)
{
  static const char *starts[] = {
    XQ_START_FEN,
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 0 1",
    "3k5/9/9/9/2p1p4/2p1p4/4p4/9/4A4/3AK4 b - - 0 30",
  };
  g_autoptr(GRand) rand = g_rand_new_with_seed (42);

  for (int game = 0; game < 12; game++)
    {
      g_autoptr(XqPgnRecord) rec = xq_pgn_record_new ();
      g_autoptr(GError) error = NULL;
      XqPosition pos;
      int plies = g_rand_int_range (rand, 0, 120);

      xq_pgn_record_set_tag (rec, "Event", "Round trip");
      xq_pgn_record_set_tag (rec, "Red", "紅方 \"甲\"");
      g_assert_true (xq_pgn_record_set_start (rec, starts[game % 3], &error));
      g_assert_no_error (error);
      xq_pgn_record_set_tag (rec, "Result", "*");
      if (game % 2)
        xq_pgn_record_set_game_comment (rec, "A game comment { with an opening brace\nover two lines");
      pos = *xq_pgn_record_get_start (rec);
      for (int ply = 0; ply < plies; ply++)
        {
          guint i;

          if (!append_random_move (rec, &pos, rand))
            break;
          i = xq_pgn_record_get_n_moves (rec) - 1;
          switch (g_rand_int_range (rand, 0, 8))
            {
            case 0:
              xq_pgn_record_set_comment_before (rec, i, "before");
              break;
            case 1:
              xq_pgn_record_set_comment_after (rec, i, "after, 中文");
              break;
            case 2:
              xq_pgn_record_set_comment_before (rec, i, "both");
              xq_pgn_record_set_comment_after (rec, i, "sides");
              break;
            case 3:
              xq_pgn_record_set_comment_after (rec, i, "a } brace");
              break;
            default:
              break;
            }
        }
      xq_pgn_record_set_result (rec, (XqPgnResult) g_rand_int_range (rand, 0, 4));
      assert_round_trip (rec);
    }
}

/* Any comment text, in any slot, reads back exactly (docs/pgn.md): random
 * texts drawn from the characters that mean something to a PGN reader. */
static void
test_round_trip_random_comments (void)
{
  static const char *const pieces[] = {
    "}", "{", "\n", " ", "  ", ";", "; ", "\r", "\t", "%", "(", ")", "[", "]", "\"", "\\",
    "a", "note", "中文", "1.", "1...", "*", "1-0", "$1", "\n;", "\n; ", "} {", "\n\n",
  };
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);

  for (int game = 0; game < 40; game++)
    {
      g_autoptr(XqPgnRecord) rec = xq_pgn_record_new ();
      XqPosition pos;
      int plies = g_rand_int_range (rand, 0, 12);

      xq_position_init_start (&pos);
      for (int ply = 0; ply < plies; ply++)
        if (!append_random_move (rec, &pos, rand))
          {
            plies = ply;
            break;
          }
      /* Slot -1 is the game comment; 2i and 2i+1 the comments before and
       * after move i. */
      for (int slot = -1; slot < 2 * plies; slot++)
        {
          g_autoptr(GString) text = g_string_new (NULL);
          int len = g_rand_int_range (rand, 0, 12);
          const char *stored;

          for (int k = 0; k < len; k++)
            g_string_append (text, pieces[g_rand_int_range (rand, 0, G_N_ELEMENTS (pieces))]);
          if (slot < 0)
            xq_pgn_record_set_game_comment (rec, text->str);
          else if (slot % 2 == 0)
            xq_pgn_record_set_comment_before (rec, (guint) slot / 2, text->str);
          else
            xq_pgn_record_set_comment_after (rec, (guint) slot / 2, text->str);
          stored = slot < 0 ? xq_pgn_record_get_game_comment (rec)
                 : slot % 2 == 0 ? xq_pgn_record_get_comment_before (rec, (guint) slot / 2)
                 : xq_pgn_record_get_comment_after (rec, (guint) slot / 2);
          /* Stored trimmed; an all-blank text is no comment. */
          g_strstrip (text->str);
          if (text->str[0] == '\0')
            g_assert_null (stored);
          else
            g_assert_cmpstr (stored, ==, text->str);
        }
      assert_round_trip (rec);
    }
}

/* The reproducers of docs/pgn.md's encoding and of two old crashes. */
static char *
repro_path (const char *name)
{
  return data_file ("repro", name);
}

static void
test_repro_files (void)
{
  g_autofree char *f6 = repro_path ("F6-pgn-comment-roundtrip-min.pgn");
  g_autofree char *f2 = repro_path ("F2-pgn-empty.pgn");
  g_autofree char *f1 = repro_path ("F1-pgn-fen-doublespace.pgn");
  g_autofree char *vline = repro_path ("fuzz-cbr-variation-ends-in-line-comment.pgn");
  g_autoptr(GError) error = NULL;
  g_autoptr(XqPgnRecord) rec = xq_pgn_read_file (f6, &error);
  g_autoptr(XqPgnRecord) empty = NULL;
  g_autoptr(XqPgnRecord) copy = NULL;
  g_autoptr(XqPgnRecord) line_run = NULL;

  /* A brace comment and a line comment after one move are joined. */
  g_assert_no_error (error);
  g_assert_cmpstr (xq_pgn_record_get_comment_after (rec, 0), ==, "a\nb c } d");
  assert_round_trip (rec);

  /* A variation whose last comment holds a "}" is written as a line
   * comment; its ")" must go on the next line, not into the comment
   * (found by the CBR harness, December 7). */
  {
    g_autoptr(XqPgnRecord) v = xq_pgn_read_file (vline, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (xq_pgn_record_get_n_moves (v), ==, 2);
    assert_round_trip (v);
  }

  /* A variation never closed, right after a comment that waits for its
   * move ("2. {…} ("): refused with the place of the "(", and the waiting
   * comment is freed with the reader (it leaked: fuzz-pgn, December 7;
   * the ASan suite checks the leak). */
  {
    g_autofree char *unclosed = repro_path ("fuzz-pgn-unclosed-variation-after-comment.pgn");
    g_autoptr(XqPgnRecord) v = xq_pgn_read_file (unclosed, &error);

    g_assert_null (v);
    g_assert_error (error, XQ_PGN_ERROR, XQ_PGN_ERROR_SYNTAX);
    g_assert_true (g_str_has_suffix (error->message, "1:45: This variation is never closed with “)”"));
    g_clear_error (&error);
  }

  /* No moves and no tags: equal to its copy (no memcmp on missing data). */
  empty = xq_pgn_read_file (f2, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (xq_pgn_record_get_n_moves (empty), ==, 0);
  copy = xq_pgn_record_copy (empty);
  g_assert_true (xq_pgn_record_equal (empty, copy));
  assert_round_trip (empty);

  /* A FEN tag with two blanks in a row is read (these generals face each
   * other, so the position is refused, with the place). */
  g_assert_null (xq_pgn_read_file (f1, &error));
  g_assert_error (error, XQ_PGN_ERROR, XQ_PGN_ERROR_BAD_FEN);
  g_assert_nonnull (strstr (error->message, "face each other"));
  g_clear_error (&error);
  g_clear_pointer (&copy, xq_pgn_record_free);
  copy = xq_pgn_read_string ("[FEN \"4k4/9/9/9/9/9/9/9/9/3K5  w  -  - 0 1\"]\n*\n", &error);
  g_assert_no_error (error);
  g_assert_cmpint (xq_pgn_record_get_start (copy)->side, ==, XQ_RED);

  /* Line comments on consecutive lines are one comment, one per line. */
  line_run = xq_pgn_read_string ("1. h2e2 ; first } line\n;second\n;\n;  indented\n*\n", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (xq_pgn_record_get_comment_after (line_run, 0), ==, "first } line\nsecond\n\n indented");
}

static void
test_record_api (void)
{
  g_autoptr(XqPgnRecord) rec = xq_pgn_record_new ();
  g_autoptr(XqPgnRecord) copy = NULL;
  g_autoptr(GError) error = NULL;

  xq_pgn_record_set_tag (rec, "Event", "one");
  xq_pgn_record_set_tag (rec, "Site", "two");
  xq_pgn_record_set_tag (rec, "Event", "three");
  g_assert_cmpuint (xq_pgn_record_get_n_tags (rec), ==, 2);
  g_assert_cmpstr (xq_pgn_record_get_tag_name (rec, 0), ==, "Event");
  g_assert_cmpstr (xq_pgn_record_get_tag_value (rec, 0), ==, "three");
  g_assert_true (xq_pgn_record_remove_tag (rec, "Site"));
  g_assert_false (xq_pgn_record_remove_tag (rec, "Site"));

  /* A non-standard start gets a FEN tag; the standard one drops it. */
  g_assert_true (xq_pgn_record_set_start (rec, "4k4/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1", &error));
  g_assert_cmpstr (xq_pgn_record_get_tag (rec, "FEN"), ==, "4k4/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1");
  g_assert_true (xq_pgn_record_set_start (rec, XQ_START_FEN, &error));
  g_assert_null (xq_pgn_record_get_tag (rec, "FEN"));
  g_assert_false (xq_pgn_record_set_start (rec, "not a fen", &error));
  g_assert_error (error, XQ_POSITION_ERROR, XQ_POSITION_ERROR_SYNTAX);
  g_clear_error (&error);

  g_assert_true (xq_pgn_record_append_move (rec, xq_move_from_iccs ("h2e2"), &error));
  g_assert_false (xq_pgn_record_append_move (rec, xq_move_from_iccs ("h2e2"), &error));
  g_assert_error (error, XQ_PGN_ERROR, XQ_PGN_ERROR_BAD_MOVE);
  g_assert_cmpuint (xq_pgn_record_get_n_moves (rec), ==, 1);

  /* Blank comments are no comments. */
  xq_pgn_record_set_comment_after (rec, 0, "   ");
  g_assert_null (xq_pgn_record_get_comment_after (rec, 0));
  xq_pgn_record_set_comment_after (rec, 0, "  kept  ");
  g_assert_cmpstr (xq_pgn_record_get_comment_after (rec, 0), ==, "kept");

  copy = xq_pgn_record_copy (rec);
  g_assert_true (xq_pgn_record_equal (rec, copy));
  xq_pgn_record_set_comment_before (copy, 0, "changed");
  g_assert_false (xq_pgn_record_equal (rec, copy));

  for (int r = XQ_PGN_RESULT_UNKNOWN; r <= XQ_PGN_RESULT_DRAW; r++)
    {
      XqPgnResult back;
      g_assert_true (xq_pgn_result_from_string (xq_pgn_result_to_string ((XqPgnResult) r), &back));
      g_assert_cmpint (back, ==, r);
    }
  g_assert_false (xq_pgn_result_from_string ("2-0", NULL));
  g_assert_cmpstr (xq_pgn_format_tag_value (XQ_NOTATION_ZH_HANS), ==, "Chinese");
}

static void
test_write_layout (void)
{
  g_autoptr(XqPgnRecord) rec = xq_pgn_record_new ();
  g_autofree char *text = NULL;
  static const char *moves[] = { "h2e2", "h9g7", "h0g2" };

  xq_pgn_record_set_tag (rec, "Format", "WXF");
  for (size_t i = 0; i < G_N_ELEMENTS (moves); i++)
    g_assert_true (xq_pgn_record_append_move (rec, xq_move_from_iccs (moves[i]), NULL));
  xq_pgn_record_set_comment_after (rec, 0, "centre");
  xq_pgn_record_set_result (rec, XQ_PGN_RESULT_DRAW);
  text = xq_pgn_write (rec, XQ_NOTATION_WXF);
  g_assert_cmpstr (text, ==,
                   "[Format \"WXF\"]\n"
                   "\n"
                   "1. C2=5 {centre} 1... H8+7\n"
                   "2. H2+3\n"
                   "1/2-1/2\n");
  g_clear_pointer (&text, g_free);
  text = xq_pgn_write (rec, XQ_NOTATION_ZH_HANS);
  g_assert_nonnull (strstr (text, "1. 炮二平五 {centre} 1... 马8进7\n2. 马二进三\n"));
}

/* ---- Malformed files ---------------------------------------------------------- */

typedef struct {
  const char *file;
  XqPgnError  code;
  const char *where;   /* "line:column:" */
} BadFile;

static const BadFile bad_files[] = {
  { "bad-illegal.pgn", XQ_PGN_ERROR_BAD_MOVE, "4:4:" },
  { "bad-no-piece.pgn", XQ_PGN_ERROR_BAD_MOVE, "4:4:" },
  { "bad-ambiguous.pgn", XQ_PGN_ERROR_BAD_MOVE, "4:4:" },
  { "bad-comment.pgn", XQ_PGN_ERROR_SYNTAX, "3:14:" },
  { "bad-tag.pgn", XQ_PGN_ERROR_SYNTAX, "1:8:" },
  { "bad-fen.pgn", XQ_PGN_ERROR_BAD_FEN, "2:6:" },
  { "bad-trailing.pgn", XQ_PGN_ERROR_TRAILING, "4:1:" },
  { "bad-bracket.pgn", XQ_PGN_ERROR_SYNTAX, "3:14:" },
  { "bad-utf8.pgn", XQ_PGN_ERROR_SYNTAX, "3:13:" },
};

static void
test_bad_file (gconstpointer data)
{
  const BadFile *bad = data;
  g_autofree char *path = data_path (bad->file);
  g_autofree char *prefix = g_strconcat (path, ":", bad->where, " ", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(XqPgnRecord) rec = xq_pgn_read_file (path, &error);

  g_assert_null (rec);
  g_assert_error (error, XQ_PGN_ERROR, (gint) bad->code);
  if (!g_str_has_prefix (error->message, prefix))
    g_error ("expected “%s…”, got “%s”", prefix, error->message);
}

static void
test_bad_strings (void)
{
  static const struct {
    const char *text;
    XqPgnError  code;
    const char *message;
  } cases[] = {
    /* A tag after the first move. */
    { "1. C2=5 [Event \"x\"]", XQ_PGN_ERROR_SYNTAX, "1:9: " },
    { "[Event \"x\" 1. C2=5", XQ_PGN_ERROR_SYNTAX, "1:12: " },
    { "[ \"x\"]", XQ_PGN_ERROR_SYNTAX, "1:3: " },
    { "[Event \"no end\n\"]", XQ_PGN_ERROR_SYNTAX, "1:8: " },
    { "1. C2=5 (1... H8+7", XQ_PGN_ERROR_SYNTAX, "1:9: " },
    { "1. C2=5 (1... {x H8+7)", XQ_PGN_ERROR_SYNTAX, "1:15: " },
    { "1. C2=5\n   H8=7", XQ_PGN_ERROR_BAD_MOVE, "2:4: " },
    /* Move numbers glued to the move keep the column of the move. */
    { "1.C2=5 H8+7 2.C5=6=", XQ_PGN_ERROR_BAD_MOVE, "1:15: " },
    { "1. 炮二平五 炮８平５ 2. 馬二進三 馬２進５", XQ_PGN_ERROR_BAD_MOVE, "1:22: " },
    { "1. C2=5 * *", XQ_PGN_ERROR_TRAILING, "1:11: " },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(XqPgnRecord) rec = xq_pgn_read_string (cases[i].text, &error);

      g_assert_null (rec);
      g_assert_error (error, XQ_PGN_ERROR, (gint) cases[i].code);
      if (!g_str_has_prefix (error->message, cases[i].message))
        g_error ("%s: expected “%s…”, got “%s”", cases[i].text, cases[i].message, error->message);
    }
}

/* ---- xqtool pgn ------------------------------------------------------------ */

static void
test_xqtool_pgn (void)
{
  g_autofree char *game = data_path ("game-zh.pgn");
  g_autofree char *bad = data_path ("bad-comment.pgn");
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *want_err = NULL;
  g_auto(GStrv) lines = NULL;

  g_assert_cmpint (xq_test_xqtool ((const char *[]) { "pgn", game, "--notation", "wxf", NULL }, &out, &err), ==, 0);
  lines = g_strsplit (out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 149);   /* 148 moves and the empty tail */
  g_assert_cmpstr (lines[0], ==, "E3+5");
  g_assert_cmpstr (lines[147], ==, "C5=4");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (xq_test_xqtool ((const char *[]) { "pgn", game, NULL }, &out, &err), ==, 0);
  g_assert_true (g_str_has_prefix (out, "g0e2\ng9e7\n"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (xq_test_xqtool ((const char *[]) { "pgn", bad, NULL }, &out, &err), ==, 1);
  want_err = g_strdup_printf ("xqtool: %s:3:14: ", bad);
  g_assert_true (g_str_has_prefix (err, want_err));
  g_assert_cmpstr (out, ==, "");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (xq_test_xqtool ((const char *[]) { "pgn", game, "--notation", "san", NULL }, &out, &err), ==, 1);
  g_assert_nonnull (strstr (err, "san"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (xq_test_xqtool ((const char *[]) { "pgn", NULL }, &out, &err), ==, 2);
}

int
main (int argc, char **argv)
{
  xq_test_isolate_dirs ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/core/pgn/fixture/wxf", "game-wxf.pgn", test_fixture);
  g_test_add_data_func ("/core/pgn/fixture/chinese", "game-zh.pgn", test_fixture);
  g_test_add_data_func ("/core/pgn/fixture/iccs", "game-iccs.pgn", test_fixture);
  g_test_add_func ("/core/pgn/fixture/comments", test_fixture_comments);
  g_test_add_func ("/core/pgn/inline-forms", test_inline_forms);
  g_test_add_func ("/core/pgn/round-trip/random", test_round_trip_random);
  g_test_add_func ("/core/pgn/round-trip/random-comments", test_round_trip_random_comments);
  g_test_add_func ("/core/pgn/repro", test_repro_files);
  g_test_add_func ("/core/pgn/record-api", test_record_api);
  g_test_add_func ("/core/pgn/write-layout", test_write_layout);
  for (size_t i = 0; i < G_N_ELEMENTS (bad_files); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/pgn/bad-file/%s", bad_files[i].file);
      g_test_add_data_func (path, &bad_files[i], test_bad_file);
    }
  g_test_add_func ("/core/pgn/bad-strings", test_bad_strings);
  g_test_add_func ("/core/pgn/xqtool", test_xqtool_pgn);

  return g_test_run ();
}
