/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests that the fast solver (docs/solver.md) is still exact.
 *
 * - Legality: the generator's shortcuts (no check test for a move far from
 *   the general) give exactly the moves a plain "play it and look for an
 *   attack on the own general" filter gives, over every position of the
 *   random mate sample and each position one move later.
 * - The last attacker move: the solver's mate-in-one (checks, and quiet
 *   moves only where they could stalemate) agrees with playing every move.
 * - A plain exhaustive search, with no table and no shortcut, proves the
 *   distance and every key of the sample's mates in one and two.
 * - The sample (tools/mate-sample.fen, written by tools/gen-mate-sample.sh)
 *   is solved again: every tenth line, distance and keys as recorded.
 * - Composed cases: a quiet key, two keys, a stalemate win, Black to move;
 *   each answer is checked by playing it out, not only by its text.
 */
#define G_LOG_DOMAIN "test-solver-sample"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xq-attacks.h"
#include "xq-solver.h"

typedef struct {
  char *fen;
  int   mate;
  char *keys;   /* ICCS, space separated, in ICCS order */
} SampleLine;

static GPtrArray *sample;   /* SampleLine */

static void
sample_line_free (gpointer p)
{
  SampleLine *l = p;

  g_free (l->fen);
  g_free (l->keys);
  g_free (l);
}

/* The lines of a file in tools/ (the source tree's). */
static char **
tool_file_lines (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("XQ_SOURCE_DIR"), "tools", name, NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  g_assert_no_error (error);
  return g_strsplit (contents, "\n", -1);
}

static void
load_sample (void)
{
  g_auto(GStrv) lines = tool_file_lines ("mate-sample.fen");

  sample = g_ptr_array_new_with_free_func (sample_line_free);
  for (int i = 0; lines[i]; i++)
    {
      g_auto(GStrv) f = NULL;
      SampleLine *l;

      if (lines[i][0] == '\0' || lines[i][0] == '#')
        continue;
      f = g_strsplit (lines[i], "|", -1);
      g_assert_cmpuint (g_strv_length (f), ==, 3);
      l = g_new0 (SampleLine, 1);
      l->fen = g_strdup (g_strstrip (f[0]));
      g_assert_cmpint (sscanf (f[1], " mate %d", &l->mate), ==, 1);
      l->keys = g_strdup (g_strstrip (f[2]));
      g_ptr_array_add (sample, l);
    }
  /* The issue asks for at least 400 mates in 1 to 5. */
  g_assert_cmpuint (sample->len, >=, 400);
}

static void
load (XqPosition *pos, const char *fen)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (xq_position_set_fen (pos, fen, &error));
  g_assert_no_error (error);
}

static XqSolver *
exact_solver (void)
{
  XqSolver *solver = xq_solver_new ();

  xq_solver_set_work_limit (solver, 0);
  xq_solver_set_time_limit (solver, 0);
  return solver;
}

static char *
keys_text (const XqMove *keys, int n)
{
  GString *s = g_string_new (NULL);

  for (int i = 0; i < n; i++)
    {
      char t[5];

      xq_move_to_iccs (keys[i], t);
      if (i > 0)
        g_string_append_c (s, ' ');
      g_string_append (s, t);
    }
  return g_string_free (s, FALSE);
}

/* ---- A plain reference: no shortcut, no table ---------------------------- */

/* The legal moves by the definition: play each pseudo-legal move and keep
 * it when the mover's general is not attacked afterwards. */
static int
plain_legal_moves (XqPosition *pos, XqMove *out)
{
  XqMove pseudo[XQ_MAX_MOVES];
  int n = xq_position_pseudo_moves (pos, pseudo), legal = 0;
  XqColor us = pos->side;

  for (int i = 0; i < n; i++)
    {
      XqUndo u;

      xq_position_do_move (pos, pseudo[i], &u);
      if (!xq_position_in_check (pos, us))
        out[legal++] = pseudo[i];
      xq_position_undo_move (pos, pseudo[i], &u);
    }
  return legal;
}

static gboolean plain_wins (XqPosition *pos, int n);

/* After the attacker's move m, does every defender reply lose within n - 1
 * more attacker moves (with n == 1: has the defender no move at all)? */
static gboolean
plain_move_wins (XqPosition *pos, XqMove m, int n)
{
  XqMove replies[XQ_MAX_MOVES];
  gboolean all_lose;
  XqUndo u;
  int nr;

  xq_position_do_move (pos, m, &u);
  nr = plain_legal_moves (pos, replies);
  all_lose = nr == 0 || n > 1;
  for (int j = 0; j < nr && all_lose; j++)
    {
      XqUndo ru;

      xq_position_do_move (pos, replies[j], &ru);
      all_lose = plain_wins (pos, n - 1);
      xq_position_undo_move (pos, replies[j], &ru);
    }
  xq_position_undo_move (pos, m, &u);
  return all_lose;
}

/* Does the side to move force a win (the defender left without a move)
 * within n of its moves? */
static gboolean
plain_wins (XqPosition *pos, int n)
{
  XqMove moves[XQ_MAX_MOVES];
  int count = plain_legal_moves (pos, moves);

  for (int i = 0; i < count; i++)
    if (plain_move_wins (pos, moves[i], n))
      return TRUE;
  return FALSE;
}

/* The minimal distance within max and every key, by plain search. */
static int
plain_solve (XqPosition *pos, int max, XqMove *keys, int *n_keys)
{
  XqMove moves[XQ_MAX_MOVES];
  int count = plain_legal_moves (pos, moves);

  for (int n = 1; n <= max; n++)
    {
      *n_keys = 0;
      for (int i = 0; i < count; i++)
        if (plain_move_wins (pos, moves[i], n))
          keys[(*n_keys)++] = moves[i];
      if (*n_keys > 0)
        return n;
    }
  return 0;
}

static int
compare_iccs (const void *a, const void *b)
{
  char x[5], y[5];

  xq_move_to_iccs (*(const XqMove *) a, x);
  xq_move_to_iccs (*(const XqMove *) b, y);
  return strcmp (x, y);
}

/* ---- Tests --------------------------------------------------------------- */

static void
assert_same_legal_moves (XqPosition *pos)
{
  XqMove fast[XQ_MAX_MOVES], plain[XQ_MAX_MOVES];
  int nf = xq_position_legal_moves (pos, fast), np = plain_legal_moves (pos, plain);
  gboolean check = xq_position_in_check (pos, pos->side);

  g_assert_cmpint (nf, ==, np);
  for (int i = 0; i < nf; i++)
    {
      g_assert_cmpuint (fast[i], ==, plain[i]);
      g_assert_true (xq_position_pseudo_is_legal (pos, fast[i], check));
    }
  g_assert_cmpint (xq_position_has_legal_move (pos), ==, np > 0);
}

static void
test_legality (void)
{
  guint64 positions = 0;

  for (guint l = 0; l < sample->len; l++)
    {
      const SampleLine *line = sample->pdata[l];
      XqMove moves[XQ_MAX_MOVES];
      XqPosition pos;
      int n;

      load (&pos, line->fen);
      assert_same_legal_moves (&pos);
      n = plain_legal_moves (&pos, moves);
      for (int i = 0; i < n; i++)
        {
          XqUndo u;

          xq_position_do_move (&pos, moves[i], &u);
          /* Positions after a check are the ones in check. */
          assert_same_legal_moves (&pos);
          xq_position_undo_move (&pos, moves[i], &u);
          positions++;
        }
    }
  g_assert_cmpuint (positions, >, 10000);
}

/* The mate-in-one test of the solver against playing every move, in every
 * position the defender's replies to the sample's first moves reach (the
 * places where attack_in_one runs in real searches). */
static void
test_mate_in_one (void)
{
  g_autoptr(XqSolver) solver = exact_solver ();
  int wins = 0, tested = 0;

  for (guint l = 0; l < sample->len; l += 4)
    {
      const SampleLine *line = sample->pdata[l];
      XqMove moves[XQ_MAX_MOVES];
      XqPosition pos;
      int n;

      load (&pos, line->fen);
      n = plain_legal_moves (&pos, moves);
      for (int i = 0; i < n; i++)
        {
          XqMove replies[XQ_MAX_MOVES];
          XqUndo u;
          int nr;

          xq_position_do_move (&pos, moves[i], &u);
          nr = plain_legal_moves (&pos, replies);
          for (int j = 0; j < nr; j++)
            {
              XqUndo ru;
              gboolean plain, fast;

              xq_position_do_move (&pos, replies[j], &ru);
              plain = plain_wins (&pos, 1);
              xq_solver_clear (solver);
              fast = xq_solver_wins_within (solver, &pos, 1) == XQ_SOLVE_MATE;
              g_assert_cmpint (fast, ==, plain);
              wins += plain;
              tested++;
              xq_position_undo_move (&pos, replies[j], &ru);
            }
          xq_position_undo_move (&pos, moves[i], &u);
        }
    }
  /* Both kinds of answer were met, many times. */
  g_assert_cmpint (wins, >, 100);
  g_assert_cmpint (tested - wins, >, 1000);
}

/* Mates in one and two: the plain search proves the recorded distance and
 * keys, and the solver gives the same. */
static void
test_plain_search (void)
{
  g_autoptr(XqSolver) solver = exact_solver ();
  int checked = 0;

  for (guint l = 0; l < sample->len; l++)
    {
      const SampleLine *line = sample->pdata[l];
      g_autofree char *plain_text = NULL, *fast_text = NULL;
      XqMove keys[XQ_MAX_MOVES];
      XqPosition pos;
      XqSolution sol;
      int n_keys, d;

      if (line->mate > 2)
        continue;
      load (&pos, line->fen);
      d = plain_solve (&pos, 2, keys, &n_keys);
      qsort (keys, (size_t) n_keys, sizeof *keys, compare_iccs);
      plain_text = keys_text (keys, n_keys);
      g_assert_cmpint (d, ==, line->mate);
      g_assert_cmpstr (plain_text, ==, line->keys);

      xq_solver_clear (solver);
      g_assert_cmpint (xq_solver_solve (solver, &pos, 5, &sol), ==, XQ_SOLVE_MATE);
      fast_text = keys_text (sol.keys, sol.n_keys);
      g_assert_cmpint (sol.mate, ==, d);
      g_assert_cmpstr (fast_text, ==, plain_text);
      checked++;
    }
  g_assert_cmpint (checked, >=, 100);
}

/* Every tenth line of the sample, from an empty table, as recorded. */
static void
test_sample (void)
{
  g_autoptr(XqSolver) solver = exact_solver ();
  int by_distance[6] = { 0 };

  for (guint l = 0; l < sample->len; l += 10)
    {
      const SampleLine *line = sample->pdata[l];
      g_autofree char *keys = NULL;
      XqPosition pos;
      XqSolution sol;

      load (&pos, line->fen);
      xq_solver_clear (solver);
      g_assert_cmpint (xq_solver_solve (solver, &pos, 5, &sol), ==, XQ_SOLVE_MATE);
      keys = keys_text (sol.keys, sol.n_keys);
      g_assert_cmpint (sol.mate, ==, line->mate);
      g_assert_cmpstr (keys, ==, line->keys);
      /* No win one move sooner, from an empty table too. */
      if (line->mate > 1)
        {
          xq_solver_clear (solver);
          g_assert_cmpint (xq_solver_wins_within (solver, &pos, line->mate - 1), ==,
                           XQ_SOLVE_NONE);
        }
      by_distance[CLAMP (line->mate, 0, 5)]++;
    }
  for (int d = 1; d <= 5; d++)
    g_assert_cmpint (by_distance[d], >, 0);
}

/* A composed case, and what must hold of its answer beyond the text. */
typedef struct {
  const char *name;
  const char *fen;
  int         mate;
  const char *keys;
} Composed;

static const Composed composed[] = {
  /* Cannon e6 and chariot i3 against the bare general on e9.  i3i8 gives
   * no check: it takes rank 8, and whatever the general does the cannon
   * or the chariot mates. */
  { "quiet-key", "4k4/9/9/4C4/9/9/8R/9/9/4K4 w - - 0 1", 2, "i3i8" },
  /* Two rooks, the black general on d9: the chariot on rank 1 mates on
   * d1 (the file) or by stalemate; e1e8 takes rank 8 and the red general
   * holds file e. */
  { "two-keys", "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1", 1, "e1d1 e1e8" },
  /* Two horses: c5d7 leaves the general on f9 not in check and with no
   * move (困斃). */
  { "stalemate-win", "5k3/9/9/3N5/2N6/9/9/9/9/3K5 w - - 0 1", 1, "c5d7" },
  /* The quiet-key case turned round: Black attacks, to move. */
  { "black-quiet-key", "4k4/9/9/r8/9/9/4c4/9/9/4K4 b - - 0 1", 2, "a6a1" },
};

static void
test_composed (gconstpointer data)
{
  const Composed *c = data;
  g_autoptr(XqSolver) solver = exact_solver ();
  g_autofree char *keys = NULL, *plain_text = NULL;
  XqMove plain_keys[XQ_MAX_MOVES];
  XqPosition pos;
  XqSolution sol;
  int n_plain;

  load (&pos, c->fen);
  g_assert_cmpint (xq_solver_solve (solver, &pos, 5, &sol), ==, XQ_SOLVE_MATE);
  keys = keys_text (sol.keys, sol.n_keys);
  g_assert_cmpint (sol.mate, ==, c->mate);
  g_assert_cmpstr (keys, ==, c->keys);

  /* The plain search agrees. */
  g_assert_cmpint (plain_solve (&pos, c->mate, plain_keys, &n_plain), ==, c->mate);
  qsort (plain_keys, (size_t) n_plain, sizeof *plain_keys, compare_iccs);
  plain_text = keys_text (plain_keys, n_plain);
  g_assert_cmpstr (plain_text, ==, c->keys);

  /* What the case is about, checked on the board. */
  if (strcmp (c->name, "quiet-key") == 0 || strcmp (c->name, "black-quiet-key") == 0)
    for (int i = 0; i < sol.n_keys; i++)
      g_assert_false (xq_position_gives_check (&pos, sol.keys[i]));
  if (strcmp (c->name, "two-keys") == 0)
    {
      gboolean saw_check = FALSE, saw_stalemate = FALSE;

      g_assert_cmpint (sol.n_keys, ==, 2);
      for (int i = 0; i < sol.n_keys; i++)
        {
          XqPosition p = pos;
          XqUndo u;

          xq_position_do_move (&p, sol.keys[i], &u);
          saw_check |= xq_position_status (&p) == XQ_STATUS_CHECKMATE;
          saw_stalemate |= xq_position_status (&p) == XQ_STATUS_STALEMATE;
        }
      g_assert_true (saw_check && saw_stalemate);
    }
  if (strcmp (c->name, "stalemate-win") == 0)
    {
      XqUndo u;

      xq_position_do_move (&pos, sol.keys[0], &u);
      g_assert_cmpint (xq_position_status (&pos), ==, XQ_STATUS_STALEMATE);
    }
  if (strcmp (c->name, "black-quiet-key") == 0)
    g_assert_cmpint (pos.side, ==, XQ_BLACK);
}


/* ---- The check test on crowded positions --------------------------------- */

/* The pieces giving check to the side to move, by the definition: every
 * pseudo-legal move of the other side that lands on the general, and the
 * other general when nothing stands between them on one file.  Sorted by
 * point; returns their number. */
static int
plain_checkers (XqPosition *pos, XqSquare *out)
{
  XqMove moves[XQ_MAX_MOVES];
  XqColor us = pos->side;
  XqSquare k = pos->king[us], other = pos->king[xq_color_other (us)];
  int n, count = 0;

  pos->side = xq_color_other (us);
  n = xq_position_pseudo_moves (pos, moves);
  pos->side = us;
  for (int i = 0; i < n; i++)
    if (xq_move_to (moves[i]) == k)
      out[count++] = xq_move_from (moves[i]);
  if (xq_sq_file (k) == xq_sq_file (other))
    {
      gboolean open = TRUE;

      for (XqSquare sq = MIN (k, other) + 9; sq < MAX (k, other); sq += 9)
        open = open && pos->board[sq] == XQ_EMPTY;
      if (open)
        out[count++] = other;
    }
  for (int i = 1; i < count; i++)
    for (int j = i; j > 0 && out[j - 1] > out[j]; j--)
      {
        XqSquare x = out[j];

        out[j] = out[j - 1];
        out[j - 1] = x;
      }
  return count;
}

/* Moves refused because the generals would face each other. */
static int facing_refused;

/* The legal moves by the definition, with the plain check test above. */
static int
plainer_legal_moves (XqPosition *pos, XqMove *out)
{
  XqMove pseudo[XQ_MAX_MOVES];
  XqSquare checkers[XQ_ATTACKS_MAX_POINTS];
  int n = xq_position_pseudo_moves (pos, pseudo), legal = 0;

  for (int i = 0; i < n; i++)
    {
      XqUndo u;

      xq_position_do_move (pos, pseudo[i], &u);
      pos->side = xq_color_other (pos->side);
      int nc = plain_checkers (pos, checkers);

      if (nc == 0)
        out[legal++] = pseudo[i];
      for (int j = 0; j < nc; j++)
        facing_refused += checkers[j] == pos->king[xq_color_other (pos->side)];
      pos->side = xq_color_other (pos->side);
      xq_position_undo_move (pos, pseudo[i], &u);
    }
  return legal;
}

/* Kinds of check met, by the checker's piece type; index 0 counts the
 * positions in double check. */
static int checks_met[XQ_N_TYPES];

static void
assert_same_check_tests (XqPosition *pos)
{
  XqSquare fast[XQ_ATTACKS_MAX_POINTS], plain[XQ_ATTACKS_MAX_POINTS];
  XqMove moves[XQ_MAX_MOVES], reference[XQ_MAX_MOVES];
  int nf = xq_position_checkers (pos, pos->side, fast), np = plain_checkers (pos, plain);
  int n, nr;

  for (int i = 1; i < nf; i++)
    for (int j = i; j > 0 && fast[j - 1] > fast[j]; j--)
      {
        XqSquare x = fast[j];

        fast[j] = fast[j - 1];
        fast[j - 1] = x;
      }
  g_assert_cmpint (nf, ==, np);
  for (int i = 0; i < nf; i++)
    {
      g_assert_cmpint (fast[i], ==, plain[i]);
      checks_met[xq_piece_type (pos->board[fast[i]])]++;
    }
  checks_met[0] += nf > 1;
  g_assert_cmpint (xq_position_in_check (pos, pos->side), ==, np > 0);

  n = xq_position_legal_moves (pos, moves);
  nr = plainer_legal_moves (pos, reference);
  g_assert_cmpint (n, ==, nr);
  for (int i = 0; i < n; i++)
    g_assert_cmpuint (moves[i], ==, reference[i]);
  g_assert_cmpint (xq_position_has_legal_move (pos), ==, nr > 0);
  for (int i = 0; i < n; i++)
    {
      XqSquare after[XQ_ATTACKS_MAX_POINTS];
      gboolean check = xq_position_gives_check (pos, moves[i]);
      XqUndo u;

      xq_position_do_move (pos, moves[i], &u);
      g_assert_cmpint (check, ==, plain_checkers (pos, after) > 0);
      xq_position_undo_move (pos, moves[i], &u);
    }
}

/* xq_position_checkers, in_check, gives_check, legal_moves and
 * has_legal_move against the definitions above, on the crowded positions
 * of tools/game-mates.fen (real games), every position one move after
 * them and, after each check, every reply: soldiers, horses (legs free
 * and blocked), chariots, cannons over their screens, the facing
 * generals and double checks all occur, and each kind must be met. */
static void
test_check_test (void)
{
  g_auto(GStrv) lines = tool_file_lines ("game-mates.fen");
  guint64 positions = 0, in_check = 0;

  memset (checks_met, 0, sizeof checks_met);
  facing_refused = 0;
  for (int l = 0; lines[l]; l++)
    {
      g_auto(GStrv) f = NULL;
      XqMove moves[XQ_MAX_MOVES];
      XqPosition pos;
      int n;

      if (lines[l][0] == '\0' || lines[l][0] == '#')
        continue;
      f = g_strsplit (lines[l], "|", 2);
      load (&pos, g_strstrip (f[0]));
      assert_same_check_tests (&pos);
      n = xq_position_legal_moves (&pos, moves);
      for (int i = 0; i < n; i++)
        {
          XqMove replies[XQ_MAX_MOVES];
          XqUndo u;
          int nr;

          xq_position_do_move (&pos, moves[i], &u);
          assert_same_check_tests (&pos);
          positions++;
          if (xq_position_in_check (&pos, pos.side))
            {
              in_check++;
              nr = xq_position_legal_moves (&pos, replies);
              for (int j = 0; j < nr; j++)
                {
                  XqUndo ru;

                  xq_position_do_move (&pos, replies[j], &ru);
                  assert_same_check_tests (&pos);
                  positions++;
                  xq_position_undo_move (&pos, replies[j], &ru);
                }
            }
          xq_position_undo_move (&pos, moves[i], &u);
        }
    }
  g_test_message ("%" G_GUINT64_FORMAT " positions, %" G_GUINT64_FORMAT " in check; checks by "
                  "soldier %d, horse %d, chariot %d, cannon %d; double %d; moves refused for facing "
                  "generals %d", positions, in_check, checks_met[XQ_PAWN], checks_met[XQ_HORSE],
                  checks_met[XQ_CHARIOT], checks_met[XQ_CANNON], checks_met[0], facing_refused);
  g_assert_cmpuint (positions, >, 30000);
  g_assert_cmpuint (in_check, >, 2000);
  g_assert_cmpint (checks_met[XQ_PAWN], >, 100);
  g_assert_cmpint (checks_met[XQ_HORSE], >, 100);
  g_assert_cmpint (checks_met[XQ_CHARIOT], >, 100);
  g_assert_cmpint (checks_met[XQ_CANNON], >, 100);
  g_assert_cmpint (checks_met[0], >, 10);
  /* A side to move never faces the other general, but its moves can. */
  g_assert_cmpint (facing_refused, >, 100);
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  load_sample ();
  g_test_add_func ("/core/solver-sample/legality", test_legality);
  g_test_add_func ("/core/solver-sample/check-test", test_check_test);
  g_test_add_func ("/core/solver-sample/mate-in-one", test_mate_in_one);
  g_test_add_func ("/core/solver-sample/plain-search", test_plain_search);
  g_test_add_func ("/core/solver-sample/sample", test_sample);
  for (guint i = 0; i < G_N_ELEMENTS (composed); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/solver-sample/composed/%s", composed[i].name);

      g_test_add_data_func (path, &composed[i], test_composed);
    }
  status = g_test_run ();
  g_ptr_array_unref (sample);
  return status;
}
