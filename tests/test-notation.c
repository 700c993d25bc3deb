/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-notation"

#include "config.h"

#include <string.h>
#include <sys/wait.h>

#include "xq-notation.h"
#include "xq-test-dirs.h"
#include "xq-test-xqtool.h"

#define TANDEM_FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/4P4/1NB6/P1P1P3P/1C1A3C1/9/RNBAK4 w - - 0 1"
#define THREE_PAWNS_FEN "rnbakabnr/9/1c5c1/p1p1P1p1p/4P4/9/P3P3P/1C5C1/9/RNBAKABNR w - - 0 1"
#define TWO_FILES_FEN "5k3/9/3P5/3P1P1P1/5P3/9/9/9/9/4K4 w - - 0 1"
#define PAIRS_FEN "5k3/9/9/9/4R4/1C7/9/1C2R4/9/3K5 w - - 0 1"
#define FIVE_FEN "1P2k4/1P7/1P7/1P7/1P7/9/9/9/9/3K5 w - - 0 1"
#define FOUR_FEN "4k4/1P7/1P7/1P7/1P7/9/9/9/9/3K5 w - - 0 1"
#define BLACK_PAWNS_FEN "4k4/9/9/9/9/2p1p4/2p1p4/4p4/9/3K5 b - - 0 1"
#define BLACK_ROOKS_FEN "3k5/9/9/9/4r4/9/4r4/9/9/5K2n b - - 0 1"

static void
set_fen (XqPosition *pos, const char *fen)
{
  g_autoptr(GError) error = NULL;

  if (!xq_position_set_fen (pos, fen, &error))
    g_error ("bad test FEN %s: %s", fen, error->message);
}

/* ---- Worked examples ----------------------------------------------------- */

typedef struct {
  const char *fen;
  const char *iccs;
  const char *hant;
  const char *hans;
  const char *wxf;
} Example;

/* The Chinese and WXF move notations of xq-notation.h.  The WXF column is the WXF page's form
 * with '=' for a sideways move; the tandem rows are the FSF test positions
 * (their FSF output is checked as input further down). */
static const Example examples[] = {
  { XQ_START_FEN, "h2e2", "炮二平五", "炮二平五", "C2=5" },
  { XQ_START_FEN, "h0g2", "馬二進三", "马二进三", "H2+3" },
  { XQ_START_FEN, "g0e2", "相三進五", "相三进五", "E3+5" },
  { XQ_START_FEN, "f0e1", "仕四進五", "仕四进五", "A4+5" },
  { XQ_START_FEN, "a0a1", "車九進一", "车九进一", "R9+1" },
  { XQ_START_FEN, "c3c4", "兵七進一", "兵七进一", "P7+1" },
  { XQ_START_FEN, "h2h9", "炮二進七", "炮二进七", "C2+7" },
  { XQ_START_FEN, "e0e1", "帥五進一", "帅五进一", "K5+1" },
  { "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
    "h9g7", "馬8進7", "马8进7", "H8+7" },
  { "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
    "h7e7", "炮8平5", "炮8平5", "C8=5" },
  { "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 0 1",
    "i9h9", "車9平8", "车9平8", "R9=8" },
  { "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
    "c6c5", "卒3進1", "卒3进1", "P3+1" },
  { "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
    "c9e7", "象3進5", "象3进5", "E3+5" },
  /* WXF does not mark check. */
  { "4k4/4a3R/9/9/9/9/9/9/4K4/9 w - - 0 1", "i8e8", "車一平五", "车一平五", "R1=5" },
  { "4k4/4a3R/9/9/9/9/9/9/4K4/9 w - - 0 1", "i8i9", "車一進一", "车一进一", "R1+1" },
  /* Tandem table. */
  { TANDEM_FEN, "c4e2", "相七退五", "相七退五", "E7-5" },
  { TANDEM_FEN, "d0e1", "仕六進五", "仕六进五", "A6+5" },
  { TANDEM_FEN, "b4c6", "前馬進七", "前马进七", "H++7" },
  { TANDEM_FEN, "e5e6", "前兵進一", "前兵进一", "P++1" },
  { TANDEM_FEN, "e3e4", "後兵進一", "后兵进一", "P-+1" },
  { THREE_PAWNS_FEN, "e6d6", "前兵平六", "前兵平六", "P+=6" },
  { THREE_PAWNS_FEN, "e5d5", "中兵平六", "中兵平六", "P5=6" },
  { THREE_PAWNS_FEN, "e3e4", "後兵進一", "后兵进一", "P-+1" },
  { TWO_FILES_FEN, "d6e6", "後六平五", "后六平五", "6-=5" },
  { TWO_FILES_FEN, "f5e5", "後四平五", "后四平五", "4-=5" },
  { TWO_FILES_FEN, "d7e7", "前六平五", "前六平五", "6+=5" },
  { TWO_FILES_FEN, "h6h7", "兵二進一", "兵二进一", "P2+1" },
  /* The textbook examples: 後車平四, 車前平三 = R+.3, 炮後退一 = C--1. */
  { PAIRS_FEN, "e2f2", "後車平四", "后车平四", "R-=4" },
  { PAIRS_FEN, "e5g5", "前車平三", "前车平三", "R+=3" },
  { PAIRS_FEN, "b2b1", "後炮退一", "后炮退一", "C--1" },
  { PAIRS_FEN, "b4b3", "前炮退一", "前炮退一", "C+-1" },
  /* Five soldiers on one file (WXF page): ++ P+ P8 P- --; Chinese counts them. */
  { FIVE_FEN, "b9c9", "一兵平七", "一兵平七", "++=7" },
  { FIVE_FEN, "b8c8", "二兵平七", "二兵平七", "P+=7" },
  { FIVE_FEN, "b7c7", "三兵平七", "三兵平七", "P8=7" },
  { FIVE_FEN, "b6c6", "四兵平七", "四兵平七", "P-=7" },
  { FIVE_FEN, "b5a5", "五兵平九", "五兵平九", "--=9" },
  /* Four: ++ P+ P- --. */
  { FOUR_FEN, "b8b9", "一兵進一", "一兵进一", "+++1" },
  { FOUR_FEN, "b7c7", "二兵平七", "二兵平七", "P+=7" },
  { FOUR_FEN, "b6c6", "三兵平七", "三兵平七", "P-=7" },
  { FOUR_FEN, "b5a5", "四兵平九", "四兵平九", "--=9" },
  /* Black soldiers, three on file 5 and two on file 3 (the WXF page's
   * 3+.4 33.4 3-.4 / 7+.6 7-.6 shape).  Black's front is towards rank 0. */
  { BLACK_PAWNS_FEN, "e2d2", "前5平4", "前5平4", "5+=4" },
  { BLACK_PAWNS_FEN, "e3d3", "中5平4", "中5平4", "55=4" },
  { BLACK_PAWNS_FEN, "e4f4", "後5平6", "后5平6", "5-=6" },
  { BLACK_PAWNS_FEN, "c4b4", "後3平2", "后3平2", "3-=2" },
  { BLACK_PAWNS_FEN, "c3c2", "前3進1", "前3进1", "3++1" },
  /* Black tandem chariots and a horse going back. */
  { BLACK_ROOKS_FEN, "e3e4", "前車退1", "前车退1", "R+-1" },
  { BLACK_ROOKS_FEN, "e3e1", "前車進2", "前车进2", "R++2" },
  { BLACK_ROOKS_FEN, "e5e7", "後車退2", "后车退2", "R--2" },
  { BLACK_ROOKS_FEN, "i0g1", "馬9退7", "马9退7", "H9-7" },
};

static void
test_example (gconstpointer data)
{
  const Example *ex = data;
  const char *want[] = { ex->iccs, ex->wxf, ex->hans, ex->hant };
  XqNotation notations[] = { XQ_NOTATION_ICCS, XQ_NOTATION_WXF, XQ_NOTATION_ZH_HANS, XQ_NOTATION_ZH_HANT };
  XqPosition pos;
  XqMove m;

  set_fen (&pos, ex->fen);
  m = xq_move_from_iccs (ex->iccs);
  g_assert_true (xq_position_is_legal (&pos, m));
  for (size_t i = 0; i < G_N_ELEMENTS (notations); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *text = xq_notation_format (&pos, m, notations[i]);

      g_assert_cmpstr (text, ==, want[i]);
      g_assert_cmpuint (xq_notation_parse (&pos, want[i], notations[i], &error), ==, m);
      g_assert_no_error (error);
      g_assert_cmpuint (xq_notation_parse_any (&pos, want[i], &error), ==, m);
      g_assert_no_error (error);
    }
}

static void
test_opening (void)
{
  static const char *iccs[] = { "h2e2", "h9g7", "h0g2", "c9e7", "a0a2", "i9h9" };
  static const char *wxf[] = { "C2=5", "H8+7", "H2+3", "E3+5", "R9+2", "R9=8" };
  static const char *hans[] = { "炮二平五", "马8进7", "马二进三", "象3进5", "车九进二", "车9平8" };
  XqPosition pos;

  xq_position_init_start (&pos);
  for (size_t i = 0; i < G_N_ELEMENTS (iccs); i++)
    {
      g_autofree char *w = NULL, *h = NULL;
      XqMove m = xq_move_from_iccs (iccs[i]);
      XqUndo undo;

      w = xq_notation_format (&pos, m, XQ_NOTATION_WXF);
      h = xq_notation_format (&pos, m, XQ_NOTATION_ZH_HANS);
      g_assert_cmpstr (w, ==, wxf[i]);
      g_assert_cmpstr (h, ==, hans[i]);
      xq_position_do_move (&pos, m, &undo);
    }
}

/* ---- Other spellings accepted on input ----------------------------------- */

typedef struct {
  const char *fen;
  const char *text;
  XqNotation  notation;
  const char *iccs;
} Spelling;

static const Spelling spellings[] = {
  /* '.' for '=' (the WXF page), lower case, N/B letters, spaces. */
  { XQ_START_FEN, "C2.5", XQ_NOTATION_WXF, "h2e2" },
  { XQ_START_FEN, "c2=5", XQ_NOTATION_WXF, "h2e2" },
  { XQ_START_FEN, "N2+3", XQ_NOTATION_WXF, "h0g2" },
  { XQ_START_FEN, "B3+5", XQ_NOTATION_WXF, "g0e2" },
  { XQ_START_FEN, " C2 = 5 ", XQ_NOTATION_WXF, "h2e2" },
  /* FSF's outputs from its test.py (its notation tests). */
  { THREE_PAWNS_FEN, "15=6", XQ_NOTATION_WXF, "e6d6" },
  { THREE_PAWNS_FEN, "25=6", XQ_NOTATION_WXF, "e5d5" },
  { THREE_PAWNS_FEN, "35+1", XQ_NOTATION_WXF, "e3e4" },
  { TWO_FILES_FEN, "26=5", XQ_NOTATION_WXF, "d6e6" },
  { TWO_FILES_FEN, "24=5", XQ_NOTATION_WXF, "f5e5" },
  { TANDEM_FEN, "P++1", XQ_NOTATION_WXF, "e5e6" },
  { TANDEM_FEN, "P-+1", XQ_NOTATION_WXF, "e3e4" },
  /* The bare file when only one of the pair can make the move. */
  { TANDEM_FEN, "R9+1", XQ_NOTATION_WXF, "a0a1" },
  { TANDEM_FEN, "H8-7", XQ_NOTATION_WXF, "b4c2" },
  /* Variant glyphs, both scripts mixed, Hong Kong order. */
  { XQ_START_FEN, "砲二平五", XQ_NOTATION_ZH_HANT, "h2e2" },
  { XQ_START_FEN, "包二平五", XQ_NOTATION_ZH_HANS, "h2e2" },
  { XQ_START_FEN, "俥九進一", XQ_NOTATION_ZH_HANT, "a0a1" },
  { XQ_START_FEN, "傌二進三", XQ_NOTATION_ZH_HANT, "h0g2" },
  { XQ_START_FEN, "马二進三", XQ_NOTATION_ZH_HANS, "h0g2" },
  { XQ_START_FEN, "炮2平5", XQ_NOTATION_ZH_HANS, "h2e2" },
  { XQ_START_FEN, "炮25", XQ_NOTATION_ZH_HANT, "h2e2" },      /* the rules' 7.5 short record */
  { PAIRS_FEN, "車前平三", XQ_NOTATION_ZH_HANT, "e5g5" },
  { PAIRS_FEN, "R+.3", XQ_NOTATION_WXF, "e5g5" },
  /* The sign before the piece, as some books write it. */
  { PAIRS_FEN, "+R=3", XQ_NOTATION_WXF, "e5g5" },
  { PAIRS_FEN, "-C-1", XQ_NOTATION_WXF, "b2b1" },
  { PAIRS_FEN, "炮後退一", XQ_NOTATION_ZH_HANT, "b2b1" },
  { TANDEM_FEN, "馬前進七", XQ_NOTATION_ZH_HANT, "b4c6" },
  { TANDEM_FEN, "马前进七", XQ_NOTATION_ZH_HANS, "b4c6" },
  { TANDEM_FEN, "兵後進一", XQ_NOTATION_ZH_HANT, "e3e4" },
  { THREE_PAWNS_FEN, "兵中平六", XQ_NOTATION_ZH_HANT, "e5d5" },
  { THREE_PAWNS_FEN, "二兵平六", XQ_NOTATION_ZH_HANT, "e5d5" },
  { "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
    "馬８進７", XQ_NOTATION_ZH_HANT, "h9g7" },
  { "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
    "馬87", XQ_NOTATION_ZH_HANT, "h9g7" },
  { XQ_START_FEN, "H2-E2", XQ_NOTATION_ICCS, "h2e2" },
};

static void
test_spelling (gconstpointer data)
{
  const Spelling *sp = data;
  g_autoptr(GError) error = NULL;
  XqPosition pos;
  XqMove m;

  set_fen (&pos, sp->fen);
  m = xq_notation_parse (&pos, sp->text, sp->notation, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (m, ==, xq_move_from_iccs (sp->iccs));
}

/* ---- Errors -------------------------------------------------------------- */

typedef struct {
  const char     *fen;
  const char     *text;
  XqNotation      notation;
  XqNotationError code;
} BadInput;

#define HORSE_FEN "3k5/9/9/9/9/4N4/9/9/9/5K3 w - - 0 1"
/* The red chariot on e2 is pinned by the black chariot on e9 against e0. */
#define PIN_FEN "4k4/9/4r4/9/9/9/9/4R4/9/4K4 w - - 0 1"

static const BadInput bad_inputs[] = {
  { XQ_START_FEN, "", XQ_NOTATION_WXF, XQ_NOTATION_ERROR_SYNTAX },
  { XQ_START_FEN, "C2x5", XQ_NOTATION_WXF, XQ_NOTATION_ERROR_SYNTAX },
  { XQ_START_FEN, "C2=0", XQ_NOTATION_WXF, XQ_NOTATION_ERROR_SYNTAX },
  { XQ_START_FEN, "C2=55", XQ_NOTATION_WXF, XQ_NOTATION_ERROR_SYNTAX },
  { XQ_START_FEN, "Q2=5", XQ_NOTATION_WXF, XQ_NOTATION_ERROR_SYNTAX },
  { XQ_START_FEN, "炮二平", XQ_NOTATION_ZH_HANT, XQ_NOTATION_ERROR_SYNTAX },
  { XQ_START_FEN, "炮二走五", XQ_NOTATION_ZH_HANT, XQ_NOTATION_ERROR_SYNTAX },
  { XQ_START_FEN, "C2=5", XQ_NOTATION_ZH_HANS, XQ_NOTATION_ERROR_SYNTAX },
  { XQ_START_FEN, "h2", XQ_NOTATION_ICCS, XQ_NOTATION_ERROR_SYNTAX },
  { XQ_START_FEN, "j2e2", XQ_NOTATION_ICCS, XQ_NOTATION_ERROR_SYNTAX },
  { XQ_START_FEN, "h2h2", XQ_NOTATION_ICCS, XQ_NOTATION_ERROR_SYNTAX },
  { XQ_START_FEN, "C3=5", XQ_NOTATION_WXF, XQ_NOTATION_ERROR_NO_PIECE },
  { XQ_START_FEN, "炮三平五", XQ_NOTATION_ZH_HANT, XQ_NOTATION_ERROR_NO_PIECE },
  { XQ_START_FEN, "R+=5", XQ_NOTATION_WXF, XQ_NOTATION_ERROR_NO_PIECE },
  { XQ_START_FEN, "e5e6", XQ_NOTATION_ICCS, XQ_NOTATION_ERROR_NO_PIECE },
  { XQ_START_FEN, "h7e7", XQ_NOTATION_ICCS, XQ_NOTATION_ERROR_NO_PIECE },
  { XQ_START_FEN, "R9=8", XQ_NOTATION_WXF, XQ_NOTATION_ERROR_ILLEGAL },
  { XQ_START_FEN, "車九平八", XQ_NOTATION_ZH_HANT, XQ_NOTATION_ERROR_ILLEGAL },
  { XQ_START_FEN, "a0b0", XQ_NOTATION_ICCS, XQ_NOTATION_ERROR_ILLEGAL },
  { PIN_FEN, "R5=4", XQ_NOTATION_WXF, XQ_NOTATION_ERROR_ILLEGAL },
  { PIN_FEN, "e2d2", XQ_NOTATION_ICCS, XQ_NOTATION_ERROR_ILLEGAL },
  /* A horse can reach file 4 both forwards and back: the short form cannot say which. */
  { HORSE_FEN, "傌五四", XQ_NOTATION_ZH_HANT, XQ_NOTATION_ERROR_AMBIGUOUS },
  { HORSE_FEN, "H54", XQ_NOTATION_WXF, XQ_NOTATION_ERROR_AMBIGUOUS },
  /* Both horses on file 8 can go forwards to file 7: the bare file is not enough. */
  { TANDEM_FEN, "H8+7", XQ_NOTATION_WXF, XQ_NOTATION_ERROR_AMBIGUOUS },
  { TANDEM_FEN, "馬八進七", XQ_NOTATION_ZH_HANT, XQ_NOTATION_ERROR_AMBIGUOUS },
};

static void
test_bad_input (gconstpointer data)
{
  const BadInput *bad = data;
  g_autoptr(GError) error = NULL;
  XqPosition pos;

  set_fen (&pos, bad->fen);
  g_assert_cmpuint (xq_notation_parse (&pos, bad->text, bad->notation, &error), ==, XQ_MOVE_NONE);
  g_assert_error (error, XQ_NOTATION_ERROR, (gint) bad->code);
  /* Every message quotes what it was given, so the reader sees why. */
  g_assert_nonnull (strstr (error->message, bad->text));
}

static void
test_parse_any_errors (void)
{
  g_autoptr(GError) error = NULL;
  XqPosition pos;

  xq_position_init_start (&pos);
  g_assert_cmpuint (xq_notation_parse_any (&pos, "hello", &error), ==, XQ_MOVE_NONE);
  g_assert_error (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_SYNTAX);
  g_clear_error (&error);
  /* Readable as Chinese, so the Chinese reader's reason is the one reported. */
  g_assert_cmpuint (xq_notation_parse_any (&pos, "炮三平五", &error), ==, XQ_MOVE_NONE);
  g_assert_error (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_NO_PIECE);
  g_clear_error (&error);
  g_assert_cmpuint (xq_notation_parse_any (&pos, "R9=8", &error), ==, XQ_MOVE_NONE);
  g_assert_error (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_ILLEGAL);
}

static void
test_names (void)
{
  XqNotation n;

  for (int i = XQ_NOTATION_ICCS; i <= XQ_NOTATION_ZH_HANT; i++)
    {
      g_assert_true (xq_notation_from_name (xq_notation_to_name ((XqNotation) i), &n));
      g_assert_cmpint (n, ==, i);
    }
  g_assert_cmpstr (xq_notation_to_name (XQ_NOTATION_ZH_HANS), ==, "zh-hans");
  g_assert_false (xq_notation_from_name ("san", &n));
}

/* ---- Round trips over many positions ------------------------------------- */

/* parse(format(m)) == m for every legal move of pos in every notation, and
 * no two legal moves share a text, and a move's parts spell its text. */
static void
check_round_trip (XqPosition *pos)
{
  XqMove moves[XQ_MAX_MOVES];
  int n = xq_position_legal_moves (pos, moves);

  for (int nt = XQ_NOTATION_ICCS; nt <= XQ_NOTATION_ZH_HANT; nt++)
    {
      g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

      for (int i = 0; i < n; i++)
        {
          g_autoptr(GError) error = NULL;
          char *text = xq_notation_format (pos, moves[i], (XqNotation) nt);
          XqMove back = xq_notation_parse (pos, text, (XqNotation) nt, &error);

          if (back != moves[i])
            {
              g_autofree char *fen = xq_position_to_fen (pos);
              g_error ("%s: %s in %s read back as %u (%s)", fen, text,
                       xq_notation_to_name ((XqNotation) nt), back,
                       error ? error->message : "wrong move");
            }
          /* A move's parts spell exactly the text the generator writes
           * (the notation drills build their wrong choices from parts). */
          if (nt != XQ_NOTATION_ICCS)
            {
              XqNotationParts parts;
              g_autofree char *spelled = NULL;

              xq_notation_parts (pos, moves[i], &parts);
              spelled = xq_notation_spell (&parts, (XqNotation) nt);
              g_assert_cmpstr (spelled, ==, text);
            }
          g_assert_false (g_hash_table_contains (seen, text));
          g_hash_table_add (seen, text);
        }
    }
}

/* Random positions heavy in soldiers: two to five of a side on shared
 * files, so every tandem rule is exercised. */
static gboolean
random_pawn_position (GRand *rand, XqPosition *pos)
{
  static const XqPieceType others[] = { XQ_CHARIOT, XQ_HORSE, XQ_CANNON, XQ_CHARIOT, XQ_HORSE, XQ_CANNON };

  xq_position_clear (pos);
  xq_position_put (pos, xq_sq_make (g_rand_int_range (rand, 3, 6), g_rand_int_range (rand, 0, 3)),
                   xq_piece_make (XQ_RED, XQ_KING));
  xq_position_put (pos, xq_sq_make (g_rand_int_range (rand, 3, 6), g_rand_int_range (rand, 7, 10)),
                   xq_piece_make (XQ_BLACK, XQ_KING));
  for (int c = XQ_RED; c <= XQ_BLACK; c++)
    {
      int n_pawns = g_rand_int_range (rand, 2, 6);
      int files[2] = { g_rand_int_range (rand, 0, 9), g_rand_int_range (rand, 0, 9) };

      /* Now and then all on one file, for the 4- and 5-soldier forms. */
      if (g_rand_int_range (rand, 0, 3) == 0)
        files[1] = files[0];

      for (int i = 0; i < n_pawns; i++)
        {
          /* Crossed soldiers may stand anywhere in the enemy half. */
          int file = files[g_rand_int_range (rand, 0, 2)];
          int rank = c == XQ_RED ? g_rand_int_range (rand, 5, 10) : g_rand_int_range (rand, 0, 5);
          XqSquare sq = xq_sq_make (file, rank);

          if (pos->board[sq] == XQ_EMPTY)
            xq_position_put (pos, sq, xq_piece_make ((XqColor) c, XQ_PAWN));
        }
      for (int i = 0; i < 3; i++)
        {
          XqSquare sq = g_rand_int_range (rand, 0, XQ_SQUARES);

          if (pos->board[sq] == XQ_EMPTY)
            xq_position_put (pos, sq, xq_piece_make ((XqColor) c, others[g_rand_int_range (rand, 0, 6)]));
        }
    }
  xq_position_set_side (pos, (XqColor) g_rand_int_range (rand, 0, 2));
  return xq_position_validate (pos, NULL) && xq_position_has_legal_move (pos);
}

static void
test_round_trip_games (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261129);
  int positions = 0;

  for (int game = 0; game < 6; game++)
    {
      XqPosition pos;

      xq_position_init_start (&pos);
      for (int ply = 0; ply < 80; ply++)
        {
          XqMove moves[XQ_MAX_MOVES];
          int n = xq_position_legal_moves (&pos, moves);
          XqUndo undo;

          if (n == 0)
            break;
          check_round_trip (&pos);
          positions++;
          xq_position_do_move (&pos, moves[g_rand_int_range (rand, 0, n)], &undo);
        }
    }
  g_test_message ("%d positions from play", positions);
  g_assert_cmpint (positions, >=, 200);
}

static void
test_round_trip_pawns (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  int positions = 0, tandem_files = 0, crowded = 0;

  while (positions < 400)
    {
      XqPosition pos;
      XqMove moves[XQ_MAX_MOVES];
      int n;

      if (!random_pawn_position (rand, &pos))
        continue;
      check_round_trip (&pos);
      positions++;
      /* Count positions where the side to move has tandems on two files,
       * to be sure the generator made the hard cases. */
      {
        int doubled = 0, most = 0;
        for (int f = 0; f < XQ_FILES; f++)
          {
            int k = 0;
            for (int r = 0; r < XQ_RANKS; r++)
              k += pos.board[xq_sq_make (f, r)] == xq_piece_make (pos.side, XQ_PAWN);
            doubled += k >= 2;
            most = MAX (most, k);
          }
        tandem_files += doubled >= 2;
        crowded += most >= 4;
      }
      /* A few plies on from there as well. */
      for (int ply = 0; ply < 4 && (n = xq_position_legal_moves (&pos, moves)) > 0; ply++)
        {
          XqUndo undo;

          xq_position_do_move (&pos, moves[g_rand_int_range (rand, 0, n)], &undo);
          check_round_trip (&pos);
        }
    }
  g_test_message ("%d positions with soldiers doubled on two files, %d with four or five on one",
                  tandem_files, crowded);
  g_assert_cmpint (tandem_files, >=, 15);
  g_assert_cmpint (crowded, >=, 15);
}

/* ---- xqtool notation -------------------------------------------------------- */

static void
test_xqtool (void)
{
  static const struct {
    const char *args[7];
    int         status;
    const char *out;
    const char *err;   /* the start of stderr */
  } cases[] = {
    { { "notation", XQ_START_FEN, "h2e2", "--to", "zh-hant" }, 0, "炮二平五\n", "" },
    { { "notation", XQ_START_FEN, "炮二平五", "--from", "zh-hans", "--to", "wxf" }, 0, "C2=5\n", "" },
    { { "notation", XQ_START_FEN, "C2.5", "--to", "iccs" }, 0, "h2e2\n", "" },
    { { "notation", TANDEM_FEN, "b4c6", "--to", "zh-hans" }, 0, "前马进七\n", "" },
    { { "notation", XQ_START_FEN, "h2e2", "--from", "wxf" }, 1, "", "xqtool: “h2e2” is not a WXF move" },
    { { "notation", XQ_START_FEN, "C3=5" }, 1, "", "xqtool: “C3=5”: Red has no such piece" },
    { { "notation", XQ_START_FEN, "h2e2", "--to", "san" }, 1, "", "xqtool: unknown notation “san”" },
    { { "notation", "9/9/9", "h2e2" }, 1, "", "xqtool: invalid FEN" },
    { { "notation", XQ_START_FEN }, 2, "", "usage: xqtool notation" },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = NULL, *err = NULL;

      g_assert_cmpint (xq_test_xqtool (cases[i].args, &out, &err), ==, cases[i].status);
      g_assert_cmpstr (out, ==, cases[i].out);
      if (!g_str_has_prefix (err, cases[i].err))
        g_error ("case %zu: stderr “%s” should start “%s”", i, err, cases[i].err);
    }
}

int
main (int argc, char **argv)
{
  xq_test_isolate_dirs ();
  g_test_init (&argc, &argv, NULL);

  for (size_t i = 0; i < G_N_ELEMENTS (examples); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/notation/example/%zu-%s", i, examples[i].iccs);
      g_test_add_data_func (path, &examples[i], test_example);
    }
  for (size_t i = 0; i < G_N_ELEMENTS (spellings); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/notation/spelling/%zu", i);
      g_test_add_data_func (path, &spellings[i], test_spelling);
    }
  for (size_t i = 0; i < G_N_ELEMENTS (bad_inputs); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/notation/error/%zu", i);
      g_test_add_data_func (path, &bad_inputs[i], test_bad_input);
    }
  g_test_add_func ("/core/notation/opening", test_opening);
  g_test_add_func ("/core/notation/parse-any-errors", test_parse_any_errors);
  g_test_add_func ("/core/notation/names", test_names);
  g_test_add_func ("/core/notation/xqtool", test_xqtool);
  g_test_add_func ("/core/notation/round-trip/games", test_round_trip_games);
  g_test_add_func ("/core/notation/round-trip/soldiers", test_round_trip_pawns);

  return g_test_run ();
}
