/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Which sound an event makes (src/lesson/xq-sound.h), from real positions:
 * the core says what a move does (check, capture, neither, not legal), a
 * game won by a person chimes, a learner's answer sounds as its verdict
 * says, and every sound has its file in data/sounds. */
#define G_LOG_DOMAIN "test-sound"

#include "config.h"

#include <locale.h>

#include "xq-sound.h"
#include "xq-test-dirs.h"
#include "xq-test-squares.h"

static XqPosition
position (const char *fen)
{
  XqPosition pos;
  g_autoptr(GError) error = NULL;

  g_assert_true (xq_position_set_fen (&pos, fen, &error));
  g_assert_no_error (error);
  return pos;
}

/* ---- Names and files -------------------------------------------------------- */

static void
test_names (void)
{
  const char *src = g_getenv ("XQ_SOURCE_DIR");
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  g_assert_nonnull (src);
  g_assert_null (xq_sound_name (XQ_SOUND_NONE));
  for (XqSound s = XQ_SOUND_NONE + 1; s < XQ_N_SOUNDS; s++)
    {
      const char *name = xq_sound_name (s);
      g_autofree char *path = NULL;

      g_assert_nonnull (name);
      g_assert_true (g_hash_table_add (seen, (gpointer) name));
      path = g_strdup_printf ("%s/data/sounds/%s.wav", src, name);
      g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
    }
  g_assert_cmpuint (g_hash_table_size (seen), ==, XQ_N_SOUNDS - 1);
}

/* ---- Moves ------------------------------------------------------------------ */

typedef struct {
  const char *fen;
  const char *move;
  XqSound     sound;
} MoveCase;

static const MoveCase move_cases[] = {
  /* The central cannon: a plain move. */
  { XQ_START_FEN, "h2e2", XQ_SOUND_MOVE },
  { XQ_START_FEN, "b0c2", XQ_SOUND_MOVE },
  /* The cannon jumps its opposite cannon and takes the horse: c9 and d9
   * still shield the general, so no check. */
  { XQ_START_FEN, "b2b9", XQ_SOUND_CAPTURE },
  /* The chariot reaches the back rank: check, nothing taken. */
  { "3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1", "i0i9", XQ_SOUND_CHECK },
  /* Takes the black chariot and checks: the check is what is heard. */
  { "3k4r/9/9/9/9/9/9/9/9/4K3R w - - 0 1", "i0i9", XQ_SOUND_CHECK },
  /* Takes without check. */
  { "3k5/9/9/9/9/9/4p4/9/4R4/5K3 w - - 0 1", "e1e3", XQ_SOUND_CAPTURE },
  /* A black move is judged from Black's side. */
  { "3k5/9/9/9/9/9/4p4/9/4R4/5K3 b - - 0 1", "e3e2", XQ_SOUND_MOVE },
  /* Not legal: the general takes two steps, a chariot turns a corner, a
   * piece of the side not to move, a move into the facing generals. */
  { XQ_START_FEN, "e0e2", XQ_SOUND_NONE },
  { "3k5/9/9/9/9/9/4p4/9/4R4/5K3 w - - 0 1", "e1d2", XQ_SOUND_NONE },
  { XQ_START_FEN, "h7e7", XQ_SOUND_NONE },
  { "4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1", "e1d2", XQ_SOUND_NONE },
};

static void
test_moves (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (move_cases); i++)
    {
      const MoveCase *c = &move_cases[i];
      XqPosition pos = position (c->fen);
      XqPosition copy = pos;

      g_test_message ("%s %s", c->fen, c->move);
      g_assert_cmpint (xq_sound_for_move (&pos, mv (c->move)), ==, c->sound);
      /* Judged on a copy: the caller's board is never touched. */
      g_assert_cmpmem (&pos, sizeof pos, &copy, sizeof copy);
    }
  g_assert_cmpint (xq_sound_for_move (&(XqPosition) { 0 }, XQ_MOVE_NONE), ==, XQ_SOUND_NONE);
}

/* ---- Games ------------------------------------------------------------------ */

/* Red mates in one with b0b9 (the a8 chariot guards the eighth rank). */
#define MATE_IN_ONE "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1"

static void
test_game (void)
{
  XqPosition start = position (MATE_IN_ONE);
  g_autoptr(XqGame) game = xq_game_new (&start);
  const guint both = 1u << XQ_RED | 1u << XQ_BLACK;
  XqResult result;

  g_assert_cmpint (xq_sound_for_game_move (game, both), ==, XQ_SOUND_NONE);
  g_assert_true (xq_game_play (game, mv ("b0b9"), NULL));
  result = xq_game_get_result (game);
  g_assert_cmpint (result.winner, ==, XQ_WINNER_RED);
  g_assert_cmpint (result.reason, ==, XQ_REASON_CHECKMATE);
  /* Two players: the winner is a person. */
  g_assert_cmpint (xq_sound_for_game_move (game, both), ==, XQ_SOUND_SOLVED);
  /* The child plays Red against the computer: the child won. */
  g_assert_cmpint (xq_sound_for_game_move (game, 1u << XQ_RED), ==, XQ_SOUND_SOLVED);
  /* The computer played Red and mated the child: only the check is heard. */
  g_assert_cmpint (xq_sound_for_game_move (game, 1u << XQ_BLACK), ==, XQ_SOUND_CHECK);

  /* Back in the record the game is not over: the move's own sound. */
  {
    XqPosition pos = position (XQ_START_FEN);
    g_autoptr(XqGame) g = xq_game_new (&pos);

    g_assert_true (xq_game_play (g, mv ("h2e2"), NULL));
    g_assert_cmpint (xq_sound_for_game_move (g, both), ==, XQ_SOUND_MOVE);
    g_assert_true (xq_game_play (g, mv ("h9g7"), NULL));
    g_assert_true (xq_game_play (g, mv ("e2e6"), NULL));
    g_assert_cmpint (xq_sound_for_game_move (g, both), ==, XQ_SOUND_CAPTURE);
    g_assert_true (xq_game_go_to_ply (g, 1));
    g_assert_cmpint (xq_sound_for_game_move (g, both), ==, XQ_SOUND_MOVE);
  }
}

/* ---- A learner's input ------------------------------------------------------ */

static void
test_input (void)
{
  XqPosition start = position (XQ_START_FEN);
  XqPosition takes = position ("3k5/9/9/9/9/9/4p4/9/4R4/5K3 w - - 0 1");
  XqInput move = { .type = XQ_INPUT_MOVE, .sq = XQ_NO_SQUARE, .move = mv ("e1e3") };
  XqInput quiet = { .type = XQ_INPUT_MOVE, .sq = XQ_NO_SQUARE, .move = mv ("h2e2") };
  XqInput tap = { .type = XQ_INPUT_TAP, .sq = sq ("e4"), .move = XQ_MOVE_NONE };
  XqInput choose = { .type = XQ_INPUT_CHOOSE, .sq = XQ_NO_SQUARE, .choice = "yes" };
  XqInput lift = { .type = XQ_INPUT_LIFT, .sq = sq ("e4") };
  g_autoptr(XqVerdict) right = xq_verdict_new (XQ_VERDICT_CORRECT, NULL);
  g_autoptr(XqVerdict) wrong = xq_verdict_new (XQ_VERDICT_WRONG, NULL);
  g_autoptr(XqVerdict) more = xq_verdict_new (XQ_VERDICT_INCOMPLETE, NULL);
  g_autoptr(XqVerdict) illegal = xq_verdict_illegal (&start, mv ("e0e2"));

  g_assert_nonnull (illegal->message);
  /* Solved beats everything, whatever the last input was. */
  g_assert_cmpint (xq_sound_for_input (&takes, &move, right, TRUE), ==, XQ_SOUND_SOLVED);
  g_assert_cmpint (xq_sound_for_input (&start, &choose, right, TRUE), ==, XQ_SOUND_SOLVED);
  g_assert_cmpint (xq_sound_for_input (&start, &tap, right, TRUE), ==, XQ_SOUND_SOLVED);
  /* Wrong, whatever the input. */
  g_assert_cmpint (xq_sound_for_input (&start, &quiet, wrong, FALSE), ==, XQ_SOUND_WRONG);
  g_assert_cmpint (xq_sound_for_input (&start, &choose, wrong, FALSE), ==, XQ_SOUND_WRONG);
  g_assert_cmpint (xq_sound_for_input (&start, &tap, wrong, FALSE), ==, XQ_SOUND_WRONG);
  /* A move the rules forbid only ticks. */
  g_assert_cmpint (xq_sound_for_input (&start, &quiet, illegal, FALSE), ==, XQ_SOUND_REFUSED);
  /* Right so far: a move sounds as the core says, a point tapped knocks. */
  g_assert_cmpint (xq_sound_for_input (&takes, &move, more, FALSE), ==, XQ_SOUND_CAPTURE);
  g_assert_cmpint (xq_sound_for_input (&start, &quiet, more, FALSE), ==, XQ_SOUND_MOVE);
  g_assert_cmpint (xq_sound_for_input (&start, &tap, more, FALSE), ==, XQ_SOUND_MOVE);
  /* The defender's reply in a mate exercise, with no verdict. */
  {
    XqInput reply = { .type = XQ_INPUT_REPLY, .sq = XQ_NO_SQUARE, .move = mv ("e3e2") };
    XqPosition black = position ("3k5/9/9/9/9/9/4p4/9/4R4/5K3 b - - 0 1");

    g_assert_cmpint (xq_sound_for_input (&black, &reply, NULL, FALSE), ==, XQ_SOUND_MOVE);
  }
  /* Nothing to say: a tap the kind only toggled, a piece lifted back. */
  g_assert_cmpint (xq_sound_for_input (&start, &tap, NULL, FALSE), ==, XQ_SOUND_NONE);
  g_assert_cmpint (xq_sound_for_input (&start, &lift, NULL, FALSE), ==, XQ_SOUND_NONE);
}

/* ---- Game Day --------------------------------------------------------------- */

/* Seeded legal play of a folk game: each action's sound agrees with what
 * the rules' own apply reports (the piece it took) and with check; every
 * kind of sound a game of that kind can make turns up. */
static void
play_variant (XqVariantKind kind, gboolean expect_check)
{
  XqVariantOptions opts;
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  XqVariantGame *game;
  gboolean heard[XQ_N_SOUNDS] = { FALSE };

  xq_variant_options_init (&opts, kind);
  game = xq_variant_game_new (&opts, 11);
  g_assert_cmpint (xq_sound_for_variant_game (game), ==, XQ_SOUND_NONE);
  for (int ply = 0; ply < 400 && !(heard[XQ_SOUND_CAPTURE] && (heard[XQ_SOUND_CHECK] || !expect_check)); ply++)
    {
      XqVariantAction actions[XQ_VARIANT_MAX_ACTIONS];
      XqVariantState st = *xq_variant_game_get_state (game);
      XqVariantUndo undo;
      XqVariantResult result = xq_variant_game_get_result (game);
      int n = xq_variant_legal_actions (&st, &opts, actions);
      int pick;
      XqSound want;

      if (n == 0 || result.winner != XQ_WINNER_NONE)
        break;
      pick = g_rand_int_range (rand, 0, n);
      xq_variant_apply (&st, &opts, &actions[pick], &undo);
      want = xq_variant_side_in_check (&st, &opts) ? XQ_SOUND_CHECK
           : undo.captured != XQ_EMPTY ? XQ_SOUND_CAPTURE : XQ_SOUND_MOVE;
      g_assert_true (xq_variant_game_play (game, &actions[pick], NULL));
      g_assert_cmpint (xq_sound_for_variant_game (game), ==, want);
      heard[want] = TRUE;
    }
  g_assert_true (heard[XQ_SOUND_MOVE]);
  g_assert_true (heard[XQ_SOUND_CAPTURE]);
  if (expect_check)
    g_assert_true (heard[XQ_SOUND_CHECK]);
  xq_variant_game_free (game);
}

static void
test_variant (void)
{
  /* 翻翻棋 has no check; 揭棋 has. */
  play_variant (XQ_VARIANT_BANQI, FALSE);
  play_variant (XQ_VARIANT_JIEQI, TRUE);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  xq_test_isolate_dirs ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/sound/names", test_names);
  g_test_add_func ("/sound/moves", test_moves);
  g_test_add_func ("/sound/game", test_game);
  g_test_add_func ("/sound/input", test_input);
  g_test_add_func ("/sound/variant", test_variant);
  return g_test_run ();
}
