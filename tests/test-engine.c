/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of the computer opponent: legal moves at every level, free
 * material taken at each level's rate, mate in 1 found, reproducible from a
 * seed.
 * The top level is given a node limit so that no test depends on time. */
#define G_LOG_DOMAIN "test-engine"

#include "config.h"

#include "xq-engine.h"
#include "xq-game.h"
#include "xq-test-dirs.h"

#define TOP_LEVEL_NODES 60000

static void
load (XqPosition *pos, const char *fen)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (xq_position_set_fen (pos, fen, &error));
  g_assert_no_error (error);
}

static XqEngine *
engine_at (int level, guint32 seed)
{
  XqEngine *e = xq_engine_new (seed);

  xq_engine_set_level (e, level);
  /* The searching levels stop at a node count, never at the clock. */
  if (level >= 4)
    xq_engine_set_node_limit (e, TOP_LEVEL_NODES);
  return e;
}

static const char *const game_starts[] = {
  XQ_START_FEN,
  /* A middlegame with Black to move. */
  "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1CN1C1N2/9/R1BAKAB1R b - - 0 1",
  /* Red in check from a horse. */
  "3k5/9/9/9/9/9/9/5n3/9/4K4 w - - 0 1",
  /* A thin endgame. */
  "4k4/4a4/9/9/2P6/9/9/9/4A4/3K1C3 w - - 0 1",
};

/* Engine against engine for a few moves: every move is legal. */
static void
test_legal (gconstpointer data)
{
  int level = GPOINTER_TO_INT (data);

  for (guint g = 0; g < G_N_ELEMENTS (game_starts); g++)
    {
      g_autoptr(XqEngine) engine = engine_at (level, 7 + g);
      XqPosition pos;

      load (&pos, game_starts[g]);
      for (int ply = 0; ply < 8 && xq_position_has_legal_move (&pos); ply++)
        {
          XqEngineInfo info;
          XqMove m = xq_engine_best_move (engine, &pos, &info);
          XqUndo u;

          g_assert_true (xq_position_is_legal (&pos, m));
          g_assert_cmpint (info.depth, >=, 1);
          xq_position_do_move (&pos, m, &u);
        }
    }
}

/* Positions where the side to move can take a chariot for nothing: a
 * black chariot on c4 that the c3 soldier takes (nothing defends c4), the
 * same turned round for Black, and a chariot a cannon takes over a screen. */
static const char *const free_chariot[][2] = {
  { "1nbakabnr/9/1c5c1/p1p1p1p1p/9/2r6/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "c3c4" },
  { "rnbakabnr/9/1c5c1/p1p1p1p1p/6R2/9/P1P1P1P1P/1C5C1/9/RNBAKABN1 b - - 0 1", "g6g5" },
  { "rnbakabnr/9/1c2c4/p1p1p1p1p/9/4R4/P1P1P1P1P/1C5C1/9/RNBAKABN1 b - - 0 1", "e7e4" },
};

#define FREE_CHARIOT_SEEDS 30

/* How many of the seeded tries (every position, seeds 1..N) the level
 * takes the free chariot in. */
static int
count_free_chariot_taken (int level)
{
  int taken = 0;

  for (guint i = 0; i < G_N_ELEMENTS (free_chariot); i++)
    for (guint32 seed = 1; seed <= FREE_CHARIOT_SEEDS; seed++)
      {
        g_autoptr(XqEngine) engine = engine_at (level, seed);
        XqPosition pos;
        XqMove m;

        /* A free chariot needs no deep search: keep the test quick. */
        if (level >= 4)
          xq_engine_set_node_limit (engine, 15000);
        load (&pos, free_chariot[i][0]);
        m = xq_engine_best_move (engine, &pos, NULL);
        g_assert_true (xq_position_is_legal (&pos, m));
        if (m == xq_move_from_iccs (free_chariot[i][1]))
          taken++;
      }
  return taken;
}

/* The blunder rate is a property of the level: the beginner misses a free
 * chariot in some tries but takes it in others, each level up misses it
 * no more often, and the top level never misses it. */
static void
test_free_chariot_ladder (void)
{
  int tries = (int) G_N_ELEMENTS (free_chariot) * FREE_CHARIOT_SEEDS;
  int taken[XQ_ENGINE_MAX_LEVEL + 1];

  for (int level = 1; level <= XQ_ENGINE_MAX_LEVEL; level++)
    {
      taken[level] = count_free_chariot_taken (level);
      g_test_message ("level %d took the free chariot %d times of %d", level, taken[level], tries);
    }
  g_assert_cmpint (taken[1], >, 0);
  g_assert_cmpint (taken[1], <, tries);
  /* Turtle misses it about half the time (a blind move), far more than Fox. */
  g_assert_cmpint (taken[1], <=, tries * 3 / 4);
  for (int level = 2; level <= XQ_ENGINE_MAX_LEVEL; level++)
    g_assert_cmpint (taken[level], >=, taken[level - 1]);
  g_assert_cmpint (taken[XQ_ENGINE_MAX_LEVEL], ==, tries);
}

/* A red chariot on a5 is attacked by the a6 soldier and nothing guards it;
 * after the move, can Black take a red chariot? */
static gboolean
leaves_chariot_hanging (int level, guint32 seed)
{
  g_autoptr(XqEngine) engine = engine_at (level, seed);
  XqPosition pos;
  XqMove moves[XQ_MAX_MOVES];
  XqUndo u;
  XqMove m;
  int n;

  load (&pos, "rnbakabnr/9/1c5c1/p1p1p1p1p/R8/9/2P1P1P1P/1C5C1/9/1NBAKABNR w - - 0 1");
  m = xq_engine_best_move (engine, &pos, NULL);
  g_assert_true (xq_position_is_legal (&pos, m));
  xq_position_do_move (&pos, m, &u);
  n = xq_position_legal_moves (&pos, moves);
  for (int i = 0; i < n; i++)
    if (pos.board[xq_move_to (moves[i])] == xq_piece_make (XQ_RED, XQ_CHARIOT))
      return TRUE;
  return FALSE;
}

/* The beginner sometimes leaves an attacked chariot standing, but not
 * always; the top level always saves it. */
static void
test_hanging_chariot (void)
{
  int left1 = 0;

  for (guint32 seed = 1; seed <= FREE_CHARIOT_SEEDS; seed++)
    {
      if (leaves_chariot_hanging (1, seed))
        left1++;
      g_assert_false (leaves_chariot_hanging (XQ_ENGINE_MAX_LEVEL, seed));
    }
  g_test_message ("level 1 left the chariot hanging %d times of %d", left1, FREE_CHARIOT_SEEDS);
  g_assert_cmpint (left1, >, 0);
  g_assert_cmpint (left1, <, FREE_CHARIOT_SEEDS);
}

static XqMove
reverse (XqMove m)
{
  return xq_move_make (xq_move_to (m), xq_move_from (m));
}

/* The top level, a chariot up, would play some quiet move m.  When the
 * game has already been in the position m leads to (m, a black move, m
 * back, the black move back), going there again is a draw by repetition,
 * and the engine told the game's history plays something else. */
static void
test_game_history (void)
{
  static const char *fen = "3akab2/9/4b4/9/9/9/9/9/4A4/R3K4 w - - 0 1";
  g_autoptr(XqEngine) first = engine_at (XQ_ENGINE_MAX_LEVEL, 9);
  g_autoptr(XqEngine) second = engine_at (XQ_ENGINE_MAX_LEVEL, 9);
  g_autoptr(XqGame) game = NULL;
  XqPosition pos, after;
  XqMove m, black[XQ_MAX_MOVES];
  XqUndo u;
  gboolean built = FALSE;
  int n;

  load (&pos, fen);
  m = xq_engine_best_move (first, &pos, NULL);
  g_assert_true (xq_position_is_legal (&pos, m));
  g_assert_cmpint (pos.board[xq_move_to (m)], ==, XQ_EMPTY);
  after = pos;
  xq_position_do_move (&after, m, &u);
  n = xq_position_legal_moves (&after, black);
  for (int i = 0; i < n && !built; i++)
    {
      g_autoptr(XqGame) g = xq_game_new (&pos);

      if (after.board[xq_move_to (black[i])] != XQ_EMPTY)
        continue;
      built = xq_game_play (g, m, NULL) && xq_game_play (g, black[i], NULL) &&
              xq_game_play (g, reverse (m), NULL) && xq_game_play (g, reverse (black[i]), NULL) &&
              !xq_game_is_over (g);
      if (built)
        game = g_steal_pointer (&g);
    }
  g_assert_true (built);
  g_assert_cmpint (xq_game_get_position (game)->key, ==, pos.key);

  xq_engine_set_game_history (second, game);
  g_assert_cmpint (xq_engine_best_move (second, xq_game_get_position (game), NULL), !=, m);
  /* Forgetting the history gives the first answer back. */
  {
    g_autoptr(XqEngine) third = engine_at (XQ_ENGINE_MAX_LEVEL, 9);

    xq_engine_set_game_history (third, game);
    xq_engine_set_game_history (third, NULL);
    g_assert_cmpint (xq_engine_best_move (third, &pos, NULL), ==, m);
  }
}

/* Red is lost (two black chariots threaten mate) and its only hope is
 * checking the general to and fro.  After one round of that the game's
 * history holds the cycle, and checking again would complete a perpetual
 * check, which loses by the rules (not a draw): the engine told the
 * history must not count it as one and play it. */
static void
test_perpetual_check_loses (void)
{
  static const char *fen = "3k5/7R1/9/9/9/9/9/1r7/r8/4K4 w - - 0 1";
  static const char *cycle[] = { "h8h9", "d9d8", "h9h8", "d8d9" };
  g_autoptr(XqGame) game = NULL;
  XqPosition pos;
  XqMove check = xq_move_make (xq_square_from_text ("h8"), xq_square_from_text ("h9"));

  load (&pos, fen);
  game = xq_game_new (&pos);
  for (guint i = 0; i < G_N_ELEMENTS (cycle); i++)
    g_assert_true (xq_game_play_iccs (game, cycle[i], NULL));
  g_assert_false (xq_game_is_over (game));
  g_assert_cmpint (xq_game_get_position (game)->key, ==, pos.key);
  for (int level = 4; level <= XQ_ENGINE_MAX_LEVEL; level++)
    {
      g_autoptr(XqEngine) engine = engine_at (level, 9);
      XqMove m;

      xq_engine_set_game_history (engine, game);
      m = xq_engine_best_move (engine, xq_game_get_position (game), NULL);
      g_assert_true (xq_position_is_legal (&pos, m));
      g_assert_cmpint (m, !=, check);
    }
}

/* The analysis API: every legal move, best first, the free chariot on top. */
static void
test_score_moves (void)
{
  g_autoptr(XqEngine) engine = xq_engine_new (1);
  XqMove moves[XQ_MAX_MOVES];
  int scores[XQ_MAX_MOVES];
  XqPosition pos;
  int n;

  load (&pos, free_chariot[0][0]);
  n = xq_engine_score_moves (engine, &pos, 2, moves, scores);
  g_assert_cmpint (n, ==, xq_position_legal_moves (&pos, (XqMove[XQ_MAX_MOVES]) { 0 }));
  g_assert_cmpint (moves[0], ==, xq_move_from_iccs (free_chariot[0][1]));
  for (int i = 1; i < n; i++)
    g_assert_cmpint (scores[i], <=, scores[i - 1]);
  /* Taking the chariot is worth most of a chariot more than a quiet move. */
  g_assert_cmpint (scores[0] - scores[n - 1], >, 500);
}

static const char *const mate_in_one[] = {
  /* e1d1 mates, e1e8 stalemates: both end the game. */
  "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1",
  /* Only c5d7 wins, by stalemate. */
  "5k3/9/9/3N5/2N6/9/9/9/9/3K5 w - - 0 1",
  /* Double cannon (found by xqtool puzzle-gen; fsf: mate 1 e5f5). */
  "5k3/9/3a5/7C1/4R4/9/9/9/4K4/6C2 w - - 0 1",
};

/* Every level takes a win in one move: the defender is left without a move. */
static void
test_mate_in_one (gconstpointer data)
{
  int level = GPOINTER_TO_INT (data);

  for (guint i = 0; i < G_N_ELEMENTS (mate_in_one); i++)
    {
      g_autoptr(XqEngine) engine = engine_at (level, 11);
      XqEngineInfo info;
      XqPosition pos;
      XqMove m;
      XqUndo u;

      load (&pos, mate_in_one[i]);
      m = xq_engine_best_move (engine, &pos, &info);
      g_assert_true (xq_position_is_legal (&pos, m));
      xq_position_do_move (&pos, m, &u);
      g_assert_false (xq_position_has_legal_move (&pos));
      g_assert_cmpint (info.score, >, XQ_ENGINE_MATE - 100);
    }
}

static void
play_line (int level, guint32 seed, XqMove *line, int n)
{
  g_autoptr(XqEngine) engine = engine_at (level, seed);
  XqPosition pos;

  /* Only the depth and a node limit may end the search, never the clock: a
   * sanitizer build searches many times slower and would stop earlier. */
  xq_engine_set_movetime (engine, 10 * 60 * 1000);
  xq_engine_set_node_limit (engine, TOP_LEVEL_NODES);
  xq_position_init_start (&pos);
  for (int i = 0; i < n; i++)
    {
      XqUndo u;

      line[i] = xq_engine_best_move (engine, &pos, NULL);
      g_assert_true (xq_position_is_legal (&pos, line[i]));
      xq_position_do_move (&pos, line[i], &u);
    }
}

/* The same seed gives the same game; the top level too, under a node limit. */
static void
test_deterministic (gconstpointer data)
{
  int level = GPOINTER_TO_INT (data);
  XqMove a[6], b[6];

  play_line (level, 42, a, G_N_ELEMENTS (a));
  play_line (level, 42, b, G_N_ELEMENTS (b));
  for (guint i = 0; i < G_N_ELEMENTS (a); i++)
    g_assert_cmpint (a[i], ==, b[i]);
}

/* Level 1 varies its play with the seed: at least three different first
 * moves from the start position over six seeds. */
static void
test_level1_varies (void)
{
  XqMove seen[6];
  int distinct = 0;

  for (guint32 seed = 1; seed <= 6; seed++)
    {
      g_autoptr(XqEngine) engine = engine_at (1, seed);
      XqPosition pos;
      XqMove m;
      gboolean is_new = TRUE;

      xq_position_init_start (&pos);
      m = xq_engine_best_move (engine, &pos, NULL);
      g_assert_true (xq_position_is_legal (&pos, m));
      for (int i = 0; i < distinct; i++)
        if (seen[i] == m)
          is_new = FALSE;
      if (is_new)
        seen[distinct++] = m;
    }
  g_assert_cmpint (distinct, >=, 3);
}

static void
test_no_move (void)
{
  g_autoptr(XqEngine) engine = engine_at (3, 1);
  XqPosition pos;

  /* Black, stalemated by the two horses, has nothing to play. */
  load (&pos, "5k3/9/3N5/3N5/9/9/9/9/9/3K5 b - - 0 1");
  g_assert_cmpint (xq_engine_best_move (engine, &pos, NULL), ==, XQ_MOVE_NONE);
}

/* Even a search cut off at once answers with a legal move. */
static void
test_node_limit (void)
{
  g_autoptr(XqEngine) engine = xq_engine_new (5);
  XqPosition pos;
  XqMove m;

  xq_engine_set_level (engine, XQ_ENGINE_MAX_LEVEL);
  xq_engine_set_node_limit (engine, 1);
  xq_position_init_start (&pos);
  m = xq_engine_best_move (engine, &pos, NULL);
  g_assert_true (xq_position_is_legal (&pos, m));
}

static void
test_evaluate (void)
{
  XqPosition pos;

  xq_position_init_start (&pos);
  g_assert_cmpint (xq_engine_evaluate (&pos), ==, 0);
  /* Red a chariot up, seen from either side. */
  load (&pos, "1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
  g_assert_cmpint (xq_engine_evaluate (&pos), >, 800);
  xq_position_set_side (&pos, XQ_BLACK);
  g_assert_cmpint (xq_engine_evaluate (&pos), <, -800);
}

/* Tiger's and Dragon's own terms (docs/engine.md, "Evaluation"): the same pieces
 * score less when a soldier blocks the horse's legs than when it stands
 * where it blocks nothing, and a cannon aimed at the general over an empty
 * file more than one aimed over a screen.  The soldiers stand uncrossed,
 * where their placement is worth nothing either way. */
static void
test_evaluate_terms (void)
{
  XqPosition free_horse, blocked_horse, empty_file, screened;

  /* Horse c2; the soldier on c3 (its leg towards b4 and d4) or on g3. */
  load (&free_horse, "4k4/9/9/9/9/9/6P2/2N6/9/3K5 w - - 0 1");
  load (&blocked_horse, "4k4/9/9/9/9/9/2P6/2N6/9/3K5 w - - 0 1");
  g_assert_cmpint (xq_engine_evaluate_deep (&free_horse), >, xq_engine_evaluate_deep (&blocked_horse));
  /* Cannon e2 under Black's general, Black to move; the soldier on g3, or
   * on e3 between (a check). */
  load (&empty_file, "4k4/9/9/9/9/9/6P2/4C4/9/3K5 b - - 0 1");
  load (&screened, "4k4/9/9/9/9/9/4P4/4C4/9/3K5 b - - 0 1");
  g_assert_cmpint (xq_engine_evaluate_deep (&empty_file), <, xq_engine_evaluate_deep (&screened));
}

int
main (int argc, char **argv)
{
  xq_test_isolate_dirs ();
  g_test_init (&argc, &argv, NULL);

  for (int level = 1; level <= XQ_ENGINE_MAX_LEVEL; level++)
    {
      g_autofree char *legal = g_strdup_printf ("/core/engine/legal/level%d", level);
      g_autofree char *mate = g_strdup_printf ("/core/engine/mate-in-one/level%d", level);
      g_autofree char *det = g_strdup_printf ("/core/engine/deterministic/level%d", level);

      g_test_add_data_func (legal, GINT_TO_POINTER (level), test_legal);
      g_test_add_data_func (mate, GINT_TO_POINTER (level), test_mate_in_one);
      g_test_add_data_func (det, GINT_TO_POINTER (level), test_deterministic);
    }
  g_test_add_func ("/core/engine/free-chariot-ladder", test_free_chariot_ladder);
  g_test_add_func ("/core/engine/hanging-chariot", test_hanging_chariot);
  g_test_add_func ("/core/engine/score-moves", test_score_moves);
  g_test_add_func ("/core/engine/game-history", test_game_history);
  g_test_add_func ("/core/engine/perpetual-check-loses", test_perpetual_check_loses);
  g_test_add_func ("/core/engine/level1-varies", test_level1_varies);
  g_test_add_func ("/core/engine/no-move", test_no_move);
  g_test_add_func ("/core/engine/node-limit", test_node_limit);
  g_test_add_func ("/core/engine/evaluate", test_evaluate);
  g_test_add_func ("/core/engine/evaluate-terms", test_evaluate_terms);
  return g_test_run ();
}
