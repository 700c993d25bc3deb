/* SPDX-License-Identifier: GPL-3.0-or-later */
/* 棋例: repetition cycles played through XqGame and ruled as the competition rules' 第24–29條 (docs/rulings.md)
 * (XQ_RULES_CHINA) or the AXF reading (XQ_RULES_AXF) would rule them.
 *
 * The "fsf" cases are the repetition regression positions of
 * fairy-stockfish/Fairy-Stockfish:test.py (AXF rulings).  The Debian
 * fairy-stockfish 11.1 installed here predates FSF's chasing rules (it
 * scored the first case's final b2a2 as "cp 0"), so it could not rule on
 * chases; the composed chase cases were instead checked move by move with
 * `xqtool classify` and against the clauses cited in each comment. */
#define G_LOG_DOMAIN "test-repetition"

#include "config.h"

#include <string.h>

#include "xq-game.h"
#include "xq-repetition.h"
#include "xq-test-dirs.h"

typedef struct {
  const char *name;
  XqRuleSet   rules;
  const char *fen;
  const char *moves;    /* ICCS, space separated */
  int         repeat;   /* how many times `moves` is played */
  const char *expect;   /* "winner reason" or "ongoing" */
} Case;

#define FSF1 "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1"
#define FSF3 "2bakabr1/9/9/r1p1p1p2/p7R/P8/9/9/9/CC1AKA3 w - - 0 1"

static const Case cases[] = {
  /* ---- Composed cases (china unless named) ---- */

  /* Red's chariot checks on every move (a9, a8, a9...): 長將 alone loses (26.1, 24.1). */
  { "perpetual-check", XQ_RULES_CHINA, "R2k5/9/9/9/9/9/9/9/9/5K3 b - - 0 1",
    "d9d8 a9a8 d8d9 a8a9", 2, "black perpetual-check" },
  /* Both sides check on every move: mutual 長將 is a draw (26.1 forbids only one-sided; docs/rulings.md). */
  { "mutual-check", XQ_RULES_CHINA, "9/4c4/3k5/3r5/9/9/4C4/9/4K4/3R5 w - - 0 1",
    "e3d3 d6e6 d3e3 e6d6", 2, "draw repetition" },
  /* The chariot attacks the lone, unprotected cannon on b5/b4 every move: 長捉 (25.2, 28.12) against
   * idle escapes loses (26.4). */
  { "chariot-chases-cannon", XQ_RULES_CHINA, "3k5/9/9/9/1c7/9/9/9/9/R4K3 w - - 0 1",
    "a0a5 b5b4 a5a4 b4b5 a4a5 b5b4 a5a4 b4b5 a4a5", 1, "black perpetual-chase" },
  { "chariot-chases-cannon-axf", XQ_RULES_AXF, "3k5/9/9/9/1c7/9/9/9/9/R4K3 w - - 0 1",
    "a0a5 b5b4 a5a4 b4b5 a4a5 b5b4 a5a4 b4b5 a4a5", 1, "black perpetual-chase" },
  /* The same with the b9 chariot behind the cannon: R×C, R×R loses material, so the cannon is
   * protected (28.16) and the attacks are idle; both allowed is a draw (26.2). */
  { "chasing-protected-piece", XQ_RULES_CHINA, "1r1k5/9/9/9/1c7/9/9/9/9/R4K3 w - - 0 1",
    "a0a5 b5b4 a5a4 b4b5 a4a5 b5b4 a5a4 b4b5 a4a5", 1, "draw repetition" },
  /* Red checks (g9, g8) and chases the i-file cannon (g5, g6) in turn: 一將一捉 is forbidden by
   * 25.2 in the Chinese rules, so Red loses (26.4)... */
  { "one-check-one-chase", XQ_RULES_CHINA, "3k5/9/9/6R2/8c/9/9/9/9/4K4 w - - 0 1",
    "g6g9 d9d8 g9g5 i5i6 g5g8 d8d9 g8g6 i6i5", 2, "black perpetual-mixed" },
  /* ...while the AXF rules draw "one check one chase" (Asia rule 12). */
  { "one-check-one-chase-axf", XQ_RULES_AXF, "3k5/9/9/6R2/8c/9/9/9/9/4K4 w - - 0 1",
    "g6g9 d9d8 g9g5 i5i6 g5g8 d8d9 g8g6 i6i5", 2, "draw repetition" },
  /* Black's general keeps attacking the unprotected red cannon (e7/d7): the general's own attacks
   * are idle (27.1), so both sides are allowed: draw (26.2). */
  { "general-chasing", XQ_RULES_CHINA, "8r/4k4/4C4/9/9/9/9/9/9/R4K3 w - - 0 1",
    "e7d7 e8d8 d7e7 d8e8", 2, "draw repetition" },
  /* A crossed red soldier keeps attacking the black cannon: a soldier's own attacks are idle
   * (27.2) while Black does not attack back: draw. */
  { "soldier-chasing", XQ_RULES_CHINA, "3k5/9/9/3c5/4P4/9/9/9/9/5K3 w - - 0 1",
    "e5d5 d6e6 d5e5 e6d6", 2, "draw repetition" },
  /* FSF's "discovered chase by cannon" under the seed rules: Black's cannon chases the a4/b4
   * chariot, but the red soldier attacks the black chariot on every move too.  Both sides attack
   * perpetually, so by 27.2 the soldier's attacks count and both are forbidden: draw (26.3).
   * (FSF rules Black wins under AXF, see the fsf case below.) */
  { "mutual-chase-with-soldier", XQ_RULES_CHINA, FSF3,
    "a4a5 a6b6 a5b5 b6a6 b5a5 a6b6 a5b5 b6a6 b5a5", 1, "draw repetition" },
  /* Red's chariot offers the exchange to Black's chariot on every move (a5/a6 against i5/i6); the
   * attacked chariot can hit back, so it is 兌 (28.5), idle: draw in both rule sets. */
  { "exchange-offer", XQ_RULES_CHINA, "3k5/9/9/R8/8r/9/9/9/9/5K3 w - - 0 1",
    "a6a5 i5i6 a5a6 i6i5", 2, "draw repetition" },
  { "exchange-offer-axf", XQ_RULES_AXF, "3k5/9/9/R8/8r/9/9/9/9/5K3 w - - 0 1",
    "a6a5 i5i6 a5a6 i6i5", 2, "draw repetition" },
  /* Red's b0/c0 chariot threatens a back-rank mate on every move (the a8 chariot holds rank 8)
   * and Black's chariot blocks the file each time: 長殺 is forbidden in the seed rules (25.2)... */
  { "perpetual-mate-threat", XQ_RULES_CHINA, "3k5/R8/9/9/1r7/9/9/9/9/1R3K3 w - - 0 1",
    "b0c0 b5c5 c0b0 c5b5", 2, "black perpetual-mate-threat" },
  /* ...and a draw under AXF ("perpetual threatening to checkmate is a draw", AXF rule 9). */
  { "perpetual-mate-threat-axf", XQ_RULES_AXF, "3k5/R8/9/9/1r7/9/9/9/9/1R3K3 w - - 0 1",
    "b0c0 b5c5 c0b0 c5b5", 2, "draw repetition" },
  /* Red's chariot attacks the i5 and the i6 horse in turn as Black's chariot blocks one rank and
   * opens the other: chasing several pieces is still 長捉 in the seed rules (28.12 "一子或數子")... */
  { "chase-two-pieces", XQ_RULES_CHINA, "3k5/9/9/6r1n/R7n/9/9/9/9/5K3 b - - 0 1",
    "g6g5 a5a6 g5g6 a6a5", 2, "black perpetual-chase" },
  /* ...but not under AXF, which needs the same piece every move (Asia rule 32). */
  { "chase-two-pieces-axf", XQ_RULES_AXF, "3k5/9/9/6r1n/R7n/9/9/9/9/5K3 b - - 0 1",
    "g6g5 a5a6 g5g6 a6a5", 2, "draw repetition" },
  /* g9f7 threatens Ne5+, a check that forks the d7 general and the unprotected g4 chariot: the
   * chariot can be won only through that check, a chase by 29.1.  f7g9 then hits the e8 advisor
   * directly.  Red chases on every move (28.12, several pieces) while Black's advisor moves are
   * idle: Red loses.  (Found by a search over random K+N v K+R+A placements with this core.) */
  { "chase-through-check", XQ_RULES_CHINA, "5aN2/9/3k5/9/9/6r2/9/9/5K3/9 w - - 0 1",
    "g9f7 f9e8 f7g9 e8f9", 2, "black perpetual-chase" },
  /* Under AXF the victims differ (chariot, advisor): allowed, draw. */
  { "chase-through-check-axf", XQ_RULES_AXF, "5aN2/9/3k5/9/9/6r2/9/9/5K3/9 w - - 0 1",
    "g9f7 f9e8 f7g9 e8f9", 2, "draw repetition" },
  /* Only two occurrences: no ruling yet (the ruling comes at the 3rd, docs/rulings.md). */
  { "second-occurrence", XQ_RULES_CHINA, "R2k5/9/9/9/9/9/9/9/9/5K3 b - - 0 1",
    "d9d8 a9a8 d8d9 a8a9", 1, "ongoing" },

  /* ---- FSF's repetition regression positions, AXF rulings ---- */

  /* Direct chase by cannon. */
  { "fsf-direct-chase-by-cannon", XQ_RULES_AXF, FSF1,
    "c2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7 b2a2", 1, "black perpetual-chase" },
  /* Discovered chase by cannon (incl. pawn capture). */
  { "fsf-discovered-chase", XQ_RULES_AXF, FSF3,
    "a4a5 a6b6 a5b5 b6a6 b5a5 a6b6 a5b5 b6a6 b5a5", 1, "black perpetual-chase" },
  /* Chase by soldier: idle. */
  { "fsf-chase-by-soldier", XQ_RULES_AXF, "2bakabr1/9/9/r1p1p1p2/p7R/P8/9/9/9/1C1AKA3 w - - 0 1",
    "a4a5 a6b6 a5b5 b6a6 b5a5 a6b6 a5b5 b6a6 b5a5", 1, "draw repetition" },
  /* Discovered and anti-discovered chase by cannon. */
  { "fsf-anti-discovered", XQ_RULES_AXF, "5k3/9/9/5C3/5c3/5C3/9/9/5p3/4K4 w - - 0 1",
    "f4d4 f5d5 d4f4 d5f5", 2, "black perpetual-chase" },
  /* The same under the seed rules: d4f4 is also a check, so Red's cycle is 一將一捉 (25.2). */
  { "fsf-anti-discovered-china", XQ_RULES_CHINA, "5k3/9/9/5C3/5c3/5C3/9/9/5p3/4K4 w - - 0 1",
    "f4d4 f5d5 d4f4 d5f5", 2, "black perpetual-mixed" },
  /* Mutual chase (chariot and horse attack each other). */
  { "fsf-mutual-chase", XQ_RULES_AXF, "4k4/7n1/9/4pR3/9/9/4P4/9/9/4K4 w - - 0 1",
    "f6h6 h8f7 h6h7 f7g5 h7g7 g5i6 g7g6 i6h8 g6h6 h8f7 h6h7 f7g5 h7g7 g5i6 g7g6 i6h8 g6h6", 1,
    "draw repetition" },
  /* Perpetual check vs intermittent checks. */
  { "fsf-perpetual-vs-intermittent", XQ_RULES_AXF, "9/3kc4/3a5/3P5/9/4p4/9/4K4/9/3C5 w - - 0 1",
    "d6e6 e4d4 e6d6 d4e4", 2, "red perpetual-check" },
  /* Perpetual check by soldier. */
  { "fsf-perpetual-check-by-soldier", XQ_RULES_AXF, "3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1",
    "f1e1 f2e2 e1f1 e2f2", 2, "red perpetual-check" },
  /* (uncommented in FSF): Black's chariot chases. */
  { "fsf-uncommented-1", XQ_RULES_AXF, "4ck3/9/9/9/9/2r1R4/9/9/4A4/3AK4 w - - 0 1",
    "e4e3 c4c3 e3e4 c3c4", 2, "red perpetual-chase" },
  /* Mutual perpetual check. */
  { "fsf-mutual-perpetual-check", XQ_RULES_AXF, "9/4c4/3k5/3r5/9/9/4C4/9/4K4/3R5 w - - 0 1",
    "e3d3 d6e6 d3e3 e6d6", 2, "draw repetition" },
  /* (uncommented in FSF): the horses protect the chariot. */
  { "fsf-uncommented-2", XQ_RULES_AXF, "4ck3/9/9/9/9/2r1R1N2/6N2/9/4A4/3AK4 w - - 0 1",
    "e4e3 c4c3 e3e4 c3c4", 2, "draw repetition" },
  /* D106: the chariot's attack on the cannon does not change (29.2: not new). */
  { "fsf-d106", XQ_RULES_AXF, "3k2b2/4P4/4b4/9/8p/6Bc1/6P1P/3AB4/4pp3/1p1K3R1 w - - 0 1",
    "h0h1 h4h3 h1h0 h3h4", 2, "draw repetition" },
  /* D39, which FSF's test file itself calls controversial, and the one FSF case where this
   * referee differs from FSF (FSF: Black wins).  Red's b8/b9 chariot (with the a8 cannon) chases
   * the f8 chariot on every move, and Black's f9/e8 advisor move, by blocking the a8 cannon's
   * x-ray root of the g8 horse, lets the f8 chariot win that horse on every move: a chase by
   * 29.1-29.3.  Both sides chase perpetually: draw (26.3; AXF likewise draws mutual chases). */
  { "fsf-d39-controversial", XQ_RULES_AXF, "2baka1r1/C4rN2/9/1Rp1p4/9/9/4P4/9/4A4/4KA3 w - - 0 1",
    "b6b8 f9e8 b8b9 e8f9 b9b8 f9e8 b8b9 e8f9 b9b8", 1, "draw repetition" },
  /* Creating pins to undermine the root. */
  { "fsf-pins-undermine-root", XQ_RULES_AXF, "4k4/4c4/9/4p4/9/9/3rn4/3NR4/4K4/9 b - - 0 1",
    "e3g4 e1f1 g4e3 f1e1", 2, "red perpetual-chase" },
  /* Discovered check capture threat by chariot. */
  { "fsf-discovered-check-threat", XQ_RULES_AXF, "5k3/9/9/9/9/1N2P1C2/9/4BC3/9/cr1RK4 w - - 0 1",
    "b4c2 b0c0 c2b4 c0b0", 2, "red perpetual-chase" },
  /* X-ray protected discovered check. */
  { "fsf-xray-discovered-check", XQ_RULES_AXF, "5k3/9/9/9/9/9/9/9/9/3NK1cr1 w - - 0 1",
    "d0c2 h0h2 c2d0 h2h0", 2, "red perpetual-chase" },
  /* No overprotection by the general (the d6 horse keeps the generals apart: a real root). */
  { "fsf-no-overprotection-by-king", XQ_RULES_AXF, "3k5/9/9/3n5/9/9/3r5/9/9/3NK4 w - - 0 1",
    "d0c2 d3c3 c2d0 c3d3", 2, "draw repetition" },
  /* Overprotection by the general: recapturing would make the generals face, a false root. */
  { "fsf-overprotection-by-king", XQ_RULES_AXF, "3k5/9/9/9/9/9/3r5/9/9/3NK4 w - - 0 1",
    "d0c2 d3c3 c2d0 c3d3", 2, "red perpetual-chase" },
  /* Fake protection by cannon. */
  { "fsf-fake-protection-by-cannon", XQ_RULES_AXF, "5k3/9/9/9/9/1C7/1r7/9/1C7/4K4 w - - 0 1",
    "b4c4 b3c3 c4b4 c3b3", 2, "red perpetual-chase" },
  /* Fake protection by cannon + mutual chase. */
  { "fsf-fake-protection-mutual", XQ_RULES_AXF, "4ka3/c2R1R2c/4b4/9/9/9/9/9/9/4K4 w - - 0 1",
    "f8f6 f9e8 f6f8 e8f9", 2, "draw repetition" },
  /* The pins case under the seed rules: same verdict. */
  { "fsf-pins-undermine-root-china", XQ_RULES_CHINA, "4k4/4c4/9/4p4/9/9/3rn4/3NR4/4K4/9 b - - 0 1",
    "e3g4 e1f1 g4e3 f1e1", 2, "red perpetual-chase" },
};

static XqGame *
play_game (const Case *c)
{
  XqGameOptions opts;
  XqPosition start;
  XqGame *game;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) moves = g_strsplit (c->moves, " ", -1);

  g_assert_true (xq_position_set_fen (&start, c->fen, &error));
  g_assert_no_error (error);
  xq_game_options_init (&opts);
  opts.rules = c->rules;
  game = xq_game_new_full (&start, &opts);
  for (int k = 0; k < c->repeat; k++)
    for (int i = 0; moves[i] != NULL; i++)
      {
        g_assert_true (xq_game_play_iccs (game, moves[i], &error));
        g_assert_no_error (error);
      }
  return game;
}

static char *
play_case (const Case *c)
{
  g_autoptr(XqGame) game = play_game (c);
  XqResult r = xq_game_get_result (game);

  if (r.winner == XQ_WINNER_NONE)
    return g_strdup ("ongoing");
  g_assert_cmpint (r.ply, ==, xq_game_get_n_plies (game));
  return g_strdup_printf ("%s %s", xq_winner_to_code (r.winner), xq_reason_to_code (r.reason));
}

static void
test_case (gconstpointer data)
{
  const Case *c = data;
  g_autofree char *got = play_case (c);

  g_assert_cmpstr (got, ==, c->expect);
}

/* The sentence a ruling is explained with says what happened: who broke
 * which rule, and what was chased (docs/rulings.md, section 5). */
typedef struct {
  Case        game;
  const char *sentence;
} SentenceCase;

static const SentenceCase sentence_cases[] = {
  /* Both sides check on every move: drawn by 26.3, not "neither side broke a rule". */
  { { "both-check", XQ_RULES_CHINA, "9/4c4/3k5/3r5/9/9/4C4/9/4K4/3R5 w - - 0 1",
      "e3d3 d6e6 d3e3 e6d6", 2, "draw repetition" },
    "Draw: both sides kept checking, and when both break the same rule the game is drawn." },
  /* Both sides chase (the soldier's attacks count, 27.2): drawn by 26.3. */
  { { "both-chase", XQ_RULES_CHINA, FSF3,
      "a4a5 a6b6 a5b5 b6a6 b5a5 a6b6 a5b5 b6a6 b5a5", 1, "draw repetition" },
    "Draw: both sides kept chasing, and when both break the same rule the game is drawn." },
  /* Idle moves both sides (an exchange offer, 28.5): 26.2. */
  { { "neither", XQ_RULES_CHINA, "3k5/9/9/R8/8r/9/9/9/9/5K3 w - - 0 1",
      "a6a5 i5i6 a5a6 i6i5", 2, "draw repetition" },
    "Draw: the same moves came back three times and neither side broke a rule." },
  /* The chariot chases the lone cannon: unprotected. */
  { { "unprotected", XQ_RULES_CHINA, "3k5/9/9/9/1c7/9/9/9/9/R4K3 w - - 0 1",
      "a0a5 b5b4 a5a4 b4b5 a4a5 b5b4 a5a4 b4b5 a4a5", 1, "black perpetual-chase" },
    "Black wins: Red kept chasing an unprotected piece again and again, and chasing forever is not allowed." },
  /* The chariot is won only through a check (29.1): nothing is claimed about its guard. */
  { { "through-check", XQ_RULES_CHINA, "5aN2/9/3k5/9/9/6r2/9/9/5K3/9 w - - 0 1",
      "g9f7 f9e8 f7g9 e8f9", 2, "black perpetual-chase" },
    "Black wins: Red kept chasing the same way again and again, and chasing forever is not allowed." },
  /* The same horse chase without the b9 guard: the chariot is unprotected. */
  { { "unguarded-chariot", XQ_RULES_CHINA, "3k5/9/9/1r7/9/9/2N6/9/9/5K3 w - - 0 1",
      "c3a4 b6b5 a4c3 b5b6", 2, "black perpetual-chase" },
    "Black wins: Red kept chasing an unprotected piece again and again, and chasing forever is not allowed." },
  /* Red's horse attacks the b6/b5 chariot, which the b9 chariot guards, on every move: N×R, R×N
   * still wins material, so it is a chase (25.3, 29.1) and Red loses (26.4). */
  { { "guarded-chariot", XQ_RULES_CHINA, "1r1k5/9/9/1r7/9/9/2N6/9/9/5K3 w - - 0 1",
      "c3a4 b6b5 a4c3 b5b6", 2, "black perpetual-chase" },
    "Black wins: Red kept chasing the chariot with a horse, a piece worth less, which is a chase "
    "even though the chariot is guarded, and chasing forever is not allowed." },
};

static void
test_sentence (gconstpointer data)
{
  const SentenceCase *c = data;
  g_autoptr(XqGame) game = play_game (&c->game);
  g_autofree char *got = play_case (&c->game);
  XqResult r = xq_game_get_result (game);
  g_autofree char *sentence = xq_result_explain (&r);

  g_assert_cmpstr (got, ==, c->game.expect);
  g_assert_cmpstr (sentence, ==, c->sentence);
}

/* FSF's "chase with chasing side to move": the same cycle as the direct
 * cannon chase, ruled at the 3rd occurrence of a position with Red to move
 * (plies 4, 8, 12).  XqGame already ends the game at ply 9, so the cycle is
 * given to the judge directly. */
static void
test_chasing_side_to_move (void)
{
  static const char *const iccs[] = { "c2a2", "a7b7", "a2b2", "b7a7", "b2a2", "a7b7", "a2b2",
                                      "b7a7", "b2a2", "a7b7", "a2b2", "b7a7" };
  XqMove moves[G_N_ELEMENTS (iccs)];
  XqPosition pos;
  XqCycleRuling ruling;

  g_assert_true (xq_position_set_fen (&pos, FSF1, NULL));
  for (size_t i = 0; i < G_N_ELEMENTS (iccs); i++)
    moves[i] = xq_move_from_iccs (iccs[i]);
  for (int i = 0; i < 4; i++)
    {
      XqUndo u;
      xq_position_do_move (&pos, moves[i], &u);
    }
  for (int rules = XQ_RULES_CHINA; rules <= XQ_RULES_AXF; rules++)
    {
      xq_repetition_judge (&pos, moves + 4, 8, rules, &ruling);
      g_assert_cmpint (ruling.winner, ==, XQ_WINNER_BLACK);
      g_assert_cmpint (ruling.reason, ==, XQ_REASON_PERPETUAL_CHASE);
      g_assert_cmpint (ruling.side_kind[XQ_RED], ==, XQ_REASON_PERPETUAL_CHASE);
      g_assert_cmpint (ruling.side_kind[XQ_BLACK], ==, XQ_REASON_NONE);
      /* The cannon chases the a7/b7 chariot; the e7 cannon guards it over the c7 horse, but
       * C×R, C×C still wins material. */
      g_assert_cmpint (ruling.chase.piece, ==, XQ_CHARIOT);
      g_assert_cmpint (ruling.chase.by, ==, XQ_CANNON);
      g_assert_true (ruling.chase.guarded);
    }
}

typedef struct {
  const char *name;
  const char *fen;
  const char *move;
  XqMoveClass klass;
  const char *chased;   /* the newly chased points, space separated, or "" */
} ClassifyCase;

static const ClassifyCase classify_cases[] = {
  /* 29.1: the g6 horse threatens Nf8+ forking the d9 general and the h9 chariot; the chariot can
   * only be won through that check, and it is still a chase. */
  { "chase-through-check", "3k3r1/9/9/9/4N4/9/9/9/9/4K4 w - - 0 1", "e5g6", XQ_MOVE_CLASS_CHASE, "h9" },
  /* The same with the chariot on i9, out of the fork: idle. */
  { "no-fork-idle", "3k4r/9/9/9/4N4/9/9/9/9/4K4 w - - 0 1", "e5g6", XQ_MOVE_CLASS_IDLE, "" },
  /* 28.16 false protection: the e7 horse "protects" the d5 cannon but is pinned against its
   * general by the e3 chariot, so Rd1 chases the cannon. */
  { "false-protection-pin", "3aka3/9/4n4/9/3c5/9/4R4/9/R8/5K3 w - - 0 1", "a1d1", XQ_MOVE_CLASS_CHASE, "d5" },
  /* Without the pinning chariot the horse is a real root: R×C, N×R loses material, idle. */
  { "real-protection", "3aka3/9/4n4/9/3c5/9/9/9/R8/5K3 w - - 0 1", "a1d1", XQ_MOVE_CLASS_IDLE, "" },
  /* A cannon attacking a protected chariot (a5, behind the a4 screen, covered by it) is a chase
   * all the same: C×R, R×C still wins 4 (29.1 "complete exchange"). */
  { "cannon-vs-protected-chariot", "3k5/9/9/9/r8/r8/9/9/4C4/4K4 w - - 0 1", "e1a1",
    XQ_MOVE_CLASS_CHASE, "a5" },
  /* A check is a check first (27.4). */
  { "check", "3k5/9/R8/9/9/9/9/9/9/5K3 w - - 0 1", "a7a9", XQ_MOVE_CLASS_CHECK, "" },
  /* The back-rank mate threat of the perpetual-mate-threat case (28.2). */
  { "kill", "3k5/R8/9/9/1r7/9/9/9/9/1R3K3 w - - 0 1", "b0c0", XQ_MOVE_CLASS_KILL, "" },
  /* A soldier attacking a horse: idle by 27.2. */
  { "soldier-idle", "3k5/9/9/3n5/4P4/9/9/9/9/5K3 w - - 0 1", "e5d5", XQ_MOVE_CLASS_IDLE, "" },
  /* An uncrossed soldier is not 子力 (25.3): attacking it is idle. */
  { "uncrossed-soldier-no-value", "3k5/9/9/2p6/9/9/9/9/9/R4K3 w - - 0 1", "a0a6", XQ_MOVE_CLASS_IDLE, "" },
};

static void
test_classify (gconstpointer data)
{
  const ClassifyCase *c = data;
  XqPosition pos;
  gboolean chased[XQ_SQUARES];
  GString *got = g_string_new (NULL);
  XqMoveClass klass;
  g_autofree char *before = NULL, *after = NULL;

  g_assert_true (xq_position_set_fen (&pos, c->fen, NULL));
  before = xq_position_to_fen (&pos);
  klass = xq_repetition_classify_move (&pos, xq_move_from_iccs (c->move), XQ_RULES_CHINA, FALSE, chased);
  after = xq_position_to_fen (&pos);
  g_assert_cmpstr (before, ==, after);   /* the position is restored */
  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    if (chased[sq])
      {
        char text[3];
        xq_square_to_text (sq, text);
        g_string_append_printf (got, "%s%s", got->len ? " " : "", text);
      }
  g_assert_cmpstr (xq_move_class_to_code (klass), ==, xq_move_class_to_code (c->klass));
  g_assert_cmpstr (got->str, ==, c->chased);
  g_string_free (got, TRUE);
}

int
main (int argc, char *argv[])
{
  xq_test_isolate_dirs ();
  g_test_init (&argc, &argv, NULL);

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/repetition/%s", cases[i].name);
      g_test_add_data_func (path, &cases[i], test_case);
    }
  for (size_t i = 0; i < G_N_ELEMENTS (classify_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/repetition/classify/%s", classify_cases[i].name);
      g_test_add_data_func (path, &classify_cases[i], test_classify);
    }
  for (size_t i = 0; i < G_N_ELEMENTS (sentence_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/repetition/sentence/%s", sentence_cases[i].game.name);
      g_test_add_data_func (path, &sentence_cases[i], test_sentence);
    }
  g_test_add_func ("/core/repetition/chasing-side-to-move", test_chasing_side_to_move);
  return g_test_run ();
}
