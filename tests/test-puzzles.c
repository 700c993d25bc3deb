/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The shipped puzzle collection (lessons/puzzles): every pack loads, the
 * collection is as large and as varied as promised, and every puzzle is
 * proved again here with a fresh solver, independently of the loader:
 * the side to move (Red or Black) wins in exactly N (no shorter win) with
 * one key move (a deep puzzle of the advanced tier: up to three, each
 * proved).  (The patterns on every defence line: test-puzzle-collection.c.)
 * Also checks the kill-pattern recognisers on hand-checked positions.
 *
 * Cross-check during development (not needed here): fairy-stockfish
 * (Fairy-Stockfish 11.1, `go mate N`, UCCI) reports "score mate N" with the
 * same N for all 642 puzzles of the second edition (Black to move
 * included); on the shared development machine (wall clock, heavily
 * loaded) it took 99.9 s for the collection against 26.2 s for
 * `xqtool bench solve tools/puzzles.bench` (which also proves that no
 * shorter mate and no second key exist); see
 * `tools/gen-puzzles.py --compare-fsf`. */
#define G_LOG_DOMAIN "test-puzzles"

#include "config.h"

#include <string.h>

#include "xq-answer-text.h"
#include "xq-checker.h"
#include "xq-lesson.h"
#include "xq-patterns.h"
#include "xq-puzzle-stats.h"
#include "xq-solver.h"
#include "xq-test-dirs.h"

static GPtrArray *packs;   /* XqLessonFile* */
static XqSolver *solver;

static char *
puzzles_dir (void)
{
  const char *src = g_getenv ("XQ_SOURCE_DIR");

  if (src != NULL)
    return g_build_filename (src, "lessons", "puzzles", NULL);
  return g_build_filename (SOURCE_LESSONS_DIR, "puzzles", NULL);
}

static void
test_load (void)
{
  g_autoptr(GPtrArray) problems =
    g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  g_autofree char *dir = puzzles_dir ();

  packs = xq_lesson_load_dir (dir, problems);
  for (guint i = 0; i < problems->len; i++)
    {
      g_autofree char *line = xq_lesson_problem_format (g_ptr_array_index (problems, i));
      g_test_message ("%s", line);
    }
  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_nonnull (packs);
}

/* At least 600 puzzles, 30 named patterns, mates in 1 to 4, difficulties
 * 1 to 4 at least, a children's pack, ids unique across the collection.
 * (test-puzzle-collection.c checks the rest of what the collection promises.) */
static void
test_collection (void)
{
  g_autoptr(GHashTable) patterns = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  int mates[XQ_SOLVER_MAX_MATE + 1] = { 0 }, levels[6] = { 0 };
  guint total = 0;
  gboolean first = FALSE;

  g_assert_nonnull (packs);
  for (guint i = 0; i < packs->len; i++)
    {
      XqLessonFile *f = g_ptr_array_index (packs, i);

      g_assert_cmpint (f->type, ==, XQ_LESSON_FILE_PACK);
      first |= strcmp (f->pack->id, "first-mates") == 0;
      for (guint j = 0; j < f->pack->puzzles->len; j++)
        {
          XqPuzzle *pz = g_ptr_array_index (f->pack->puzzles, j);
          char *id = g_strdup (pz->id);

          g_assert_true (g_hash_table_add (ids, id));
          if (pz->pattern)
            g_hash_table_add (patterns, pz->pattern);
          g_assert_cmpint (pz->mate_in, >=, 1);
          g_assert_cmpint (pz->mate_in, <=, XQ_SOLVER_MAX_MATE);
          mates[pz->mate_in]++;
          levels[pz->difficulty]++;
          g_assert_nonnull (pz->hints);
          g_assert_cmpuint (pz->hints->len, >=, 1);
          total++;
        }
    }
  g_assert_true (first);
  g_assert_cmpuint (total, >=, 600);
  g_assert_cmpuint (g_hash_table_size (patterns), >=, 31);
  for (int k = 1; k <= 4; k++)
    g_assert_cmpint (mates[k], >, 0);
  for (int d = 1; d <= 4; d++)
    g_assert_cmpint (levels[d], >, 0);
}

static void
test_proof (gconstpointer data)
{
  const XqPuzzle *pz = data;
  XqSolution sol;
  XqPosition pos = pz->position;

  xq_solver_clear (solver);
  g_assert_cmpint (xq_solver_solve (solver, &pos, pz->mate_in, &sol), ==, XQ_SOLVE_MATE);
  /* Exact: no win in fewer moves.  Unique: one key. */
  g_assert_cmpint (sol.mate, ==, pz->mate_in);
  /* One key; a deep puzzle of the advanced tier may have a few, each
   * proved, and they are the puzzle's (the proof record's) keys. */
  if (pz->mate_in < XQ_PUZZLE_KEYS_FROM)
    g_assert_cmpint (sol.n_keys, ==, 1);
  else
    g_assert_cmpint (sol.n_keys, <=, XQ_PUZZLE_MAX_KEYS);
  g_assert_cmpuint (pz->keys->len, ==, (guint) sol.n_keys);
  for (int k = 0; k < sol.n_keys; k++)
    {
      g_assert_cmpint (g_array_index (pz->keys, XqMove, k), ==, sol.keys[k]);
      /* Every key keeps the win; every other first move loses it within N. */
      g_assert_cmpint (xq_solver_move_wins_within (solver, &pos, sol.keys[k], pz->mate_in), ==,
                       XQ_SOLVE_MATE);
    }
}

/* ---- A puzzle with several keys, in the drill ---------------------------- */

/* A real position with two keys: Black mates in 5 with 車五平三 or
 * 車五進四 (e4c4, e4e1), and the facing generals hold on every defence
 * line after either (tools/game-mates.fen, the computer's own games). */
#define SEVERAL_KEYS_FEN "2bakab2/9/9/1P4p1p/2P6/p3r4/P5P1P/1n7/4C4/3K1R3 b - - 0 1"

/* The drill takes every key: each is "right so far" with the defender's
 * reply, a move that loses the win is wrong; the answer key names the
 * other key and shows one main line; the pattern holds after each key and
 * a move that is no key wins no mate in 5. */
static void
test_several_keys (void)
{
  static const char *const keys[] = { "e4c4", "e4e1" };
  g_autoptr(XqSolver) s = xq_solver_new ();
  g_autofree char *answer = NULL;
  XqAnswerStyle style;
  XqSolution sol;
  XqPosition pos;
  XqMove wrong = xq_move_from_iccs ("d9e8");
  XqKillSet holds;
  const char *main_line;

  g_assert_true (xq_position_set_fen (&pos, SEVERAL_KEYS_FEN, NULL));
  xq_solver_set_time_limit (s, 0);
  g_assert_cmpint (xq_solver_solve (s, &pos, 5, &sol), ==, XQ_SOLVE_MATE);
  g_assert_cmpint (sol.mate, ==, 5);
  g_assert_cmpint (sol.n_keys, ==, G_N_ELEMENTS (keys));
  for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
    {
      XqMove key = xq_move_from_iccs (keys[k]);
      g_autoptr(XqVerdict) v = xq_check_mate (&pos, 5, &key, 1);

      g_assert_cmpint (sol.keys[k], ==, key);
      g_assert_cmpint (v->kind, ==, XQ_VERDICT_INCOMPLETE);
      g_assert_cmpint (v->reply, !=, XQ_MOVE_NONE);
      holds = 0;
      g_assert_cmpint (xq_kill_confirm_key (s, &pos, key, 5, XQ_KILL_ALL, 200000, &holds, NULL), ==,
                       XQ_CONFIRM_DONE);
      g_assert_cmpuint (holds & (1u << XQ_KILL_FACING_GENERAL), !=, 0);
      g_assert_cmpuint (holds & (1u << XQ_KILL_STALEMATE), ==, 0);
    }
  {
    g_autoptr(XqVerdict) v = xq_check_mate (&pos, 5, &wrong, 1);

    g_assert_true (xq_position_is_legal (&pos, wrong));
    g_assert_cmpint (v->kind, ==, XQ_VERDICT_WRONG);
  }
  g_assert_cmpint (xq_kill_confirm_key (s, &pos, wrong, 5, XQ_KILL_ALL, 200000, &holds, NULL), ==,
                   XQ_CONFIRM_NO_MATE);
  g_assert_cmpuint (holds, ==, 0);

  xq_answer_style_init (&style, XQ_NOTATION_ICCS);
  answer = xq_answer_mate_text (&pos, 5, &style);
  g_assert_nonnull (answer);
  g_test_message ("%s", answer);
  main_line = strstr (answer, "Main line: ");
  g_assert_nonnull (main_line);
  g_assert_null (strstr (main_line + 1, "Main line"));
  /* The key is one of the two, the other is named beside it. */
  g_assert_true (g_str_has_prefix (answer, "Key: e4c4 (or e4e1)") ||
                 g_str_has_prefix (answer, "Key: e4e1 (or e4c4)"));
}

/* ---- Recognisers on hand-checked positions ------------------------------ */

typedef struct {
  const char *fen;
  const char *line;     /* ICCS moves, space separated */
  const char *kill;     /* expected among the recognised patterns */
  gboolean    present;  /* FALSE: must not be recognised */
} KillCase;

/* Lines from generated puzzles, checked on a board by hand. */
static const KillCase kill_cases[] = {
  /* Cannon h9 over its horse on g9; the e5 cannon on the centre file is
   * idle (the mate stands without it), so no heaven and earth. */
  { "4k1N2/9/9/9/4C2C1/9/9/9/4K4/9 w - - 0 1", "h5h9", "horse-cannon", TRUE },
  { "4k1N2/9/9/9/4C2C1/9/9/9/4K4/9 w - - 0 1", "h5h9", "heaven-earth", FALSE },
  { "4k1N2/9/9/9/4C2C1/9/9/9/4K4/9 w - - 0 1", "h5h9", "double-cannon", FALSE },
  /* The cannon checks along rank 7 over d7; e8 is the general's own advisor. */
  { "C8/4a4/3ak4/9/4N4/9/9/9/4K4/9 w - - 0 1", "a9a7", "smothered", TRUE },
  { "C8/4a4/3ak4/9/4N4/9/9/9/4K4/9 w - - 0 1", "a9a7", "stalemate", FALSE },
  { "5a3/5k3/4b4/9/5C3/9/9/4C4/3K5/9 w - - 0 1", "d1e1 e7c5 e2f2", "double-cannon", TRUE },
  { "1RRa1k3/9/5a3/9/6b2/9/9/9/9/5K3 w - - 0 1", "c9d9 f9f8 b9b8", "two-chariots", TRUE },
  { "3ak4/5R3/4N4/9/9/9/9/9/9/4K4 w - - 0 1", "e0d0 d9e8 e7c8", "wocao-horse", TRUE },
  { "4ka3/9/4P4/9/6N2/9/9/3K5/9/9 w - - 0 1", "g5f7", "corner-horse", TRUE },
  { "3k5/9/5a3/9/3N3R1/9/9/5K3/9/9 w - - 0 1", "d5c7 d9d8 h5d5", "fishing-horse", TRUE },
  { "3k5/9/5a3/9/3N3R1/9/9/5K3/9/9 w - - 0 1", "d5c7 d9d8 h5d5", "eight-corner", TRUE },
  { "4ka3/9/9/2N6/7R1/9/9/9/5K3/9 w - - 0 1", "h5h9 e9d9 h9f9", "side-tiger", TRUE },
  /* Chariot takes f7 and checks up the f-file; Red's general holds the
   * e-file: a facing general, not an iron bolt (no cannon or chariot
   * bolts the door). */
  { "5k3/9/2R2a3/9/9/9/9/9/4K4/9 w - - 0 1", "c7f7", "iron-bolt", FALSE },
  { "5k3/9/2R2a3/9/9/9/9/9/4K4/9 w - - 0 1", "c7f7", "facing-general", TRUE },
  { "5a3/4a4/5k3/3NR4/9/9/9/9/9/3K5 w - - 0 1", "e6e8", "bold-heart", TRUE },
  { "2P2k3/6P2/3a3N1/9/9/9/9/9/3K5/9 w - - 0 1", "c9d9 d7e8 g8f8", "two-ghosts", TRUE },
  { "7R1/6N2/5k3/9/9/9/9/9/9/3K5 w - - 0 1", "h9f9", "sea-moon", TRUE },
  /* Two horses, but a stalemate: no named pattern, only 困斃. */
  { "3P5/4k4/9/9/2N2N3/9/9/9/9/3K5 w - - 0 1", "c5e6", "twin-horses", FALSE },
  { "3P5/4k4/9/9/2N2N3/9/9/9/9/3K5 w - - 0 1", "c5e6", "stalemate", TRUE },
  /* The general is sent home, but it ends in a stalemate. */
  { "9/4k4/3P5/4N4/9/9/9/9/9/4K4 w - - 0 1", "e0f0 e8e9 d7d8", "buddha", FALSE },
  { "9/4k4/3P5/4N4/9/9/9/9/9/4K4 w - - 0 1", "e0f0 e8e9 d7d8", "stalemate", TRUE },
  { "2baCk3/4a2R1/9/9/9/9/9/4K4/9/9 w - - 0 1", "e9c9", "cinnabar", TRUE },
  /* A high horse on g6, but the end is a stalemate. */
  { "9/4k4/5a3/1N4N2/9/9/9/9/3K5/9 w - - 0 1", "b6c8", "high-horse", FALSE },
  /* Not a win at all: nothing is recognised. */
  { "2baCk3/4a2R1/9/9/9/9/9/4K4/9/9 w - - 0 1", "e9d9", "cinnabar", FALSE },
};

static XqKillSet
kills_of (const KillCase *c)
{
  g_auto(GStrv) words = g_strsplit (c->line, " ", -1);
  XqMove line[32];
  XqPosition pos;
  int n = 0;

  g_assert_true (xq_position_set_fen (&pos, c->fen, NULL));
  for (int i = 0; words[i]; i++)
    line[n++] = xq_move_from_iccs (words[i]);
  return xq_kill_recognise (&pos, line, n);
}

static void
test_kill_case (gconstpointer data)
{
  const KillCase *c = data;
  int kill = xq_kill_from_id (c->kill);

  g_assert_cmpint (kill, >=, 0);
  g_assert_cmpint ((kills_of (c) & (1u << kill)) != 0, ==, c->present);
}

static void
test_kill_ids (void)
{
  for (int k = 0; k < XQ_N_KILLS; k++)
    {
      g_assert_cmpint (xq_kill_from_id (xq_kill_id (k)), ==, k);
      g_assert_cmpuint (strlen (xq_kill_hanzi (k)), >, 0);
      g_assert_cmpuint (strlen (xq_kill_english (k)), >, 0);
    }
  g_assert_cmpint (xq_kill_from_id ("no-such-kill"), ==, -1);
}

int
main (int argc, char **argv)
{
  g_autoptr(GPtrArray) problems =
    g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  g_autofree char *dir = puzzles_dir ();
  g_autoptr(GPtrArray) loaded = NULL;
  int ret;

  xq_test_isolate_dirs ();
  g_test_init (&argc, &argv, NULL);
  solver = xq_solver_new ();
  /* The verdict rests on the work budget alone, as the shipped proofs'
   * (a sanitizer build runs several times slower than the 2 s limit allows). */
  xq_solver_set_time_limit (solver, 0);

  g_test_add_func ("/data/puzzles/load", test_load);
  g_test_add_func ("/data/puzzles/collection", test_collection);
  g_test_add_func ("/data/puzzles/kill-ids", test_kill_ids);
  g_test_add_func ("/data/puzzles/several-keys", test_several_keys);
  for (guint i = 0; i < G_N_ELEMENTS (kill_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/data/puzzles/recognise/%u-%s", i, kill_cases[i].kill);
      g_test_add_data_func (path, &kill_cases[i], test_kill_case);
    }

  /* One case per puzzle, so a failure names the puzzle. */
  loaded = xq_lesson_load_dir (dir, problems);
  for (guint i = 0; loaded && i < loaded->len; i++)
    {
      XqLessonFile *f = g_ptr_array_index (loaded, i);

      if (f->type != XQ_LESSON_FILE_PACK)
        continue;
      for (guint j = 0; j < f->pack->puzzles->len; j++)
        {
          XqPuzzle *pz = g_ptr_array_index (f->pack->puzzles, j);
          g_autofree char *path = g_strdup_printf ("/data/puzzles/proof/%s", pz->id);

          g_test_add_data_func (path, pz, test_proof);
        }
    }

  ret = g_test_run ();
  g_clear_pointer (&packs, g_ptr_array_unref);
  xq_solver_free (solver);
  return ret;
}
