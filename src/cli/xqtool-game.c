/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xqtool commands on games: judge a move sequence, classify a move (棋例),
 * review a finished game for the learner's mistakes. */
#define G_LOG_DOMAIN "xqtool"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xq-attacks.h"
#include "xq-engine.h"
#include "xq-game.h"
#include "xq-game-review.h"
#include "xq-game-file.h"
#include "xq-pgn.h"
#include "xq-lesson-rules.h"
#include "xq-repetition.h"
#include "xqtool.h"

/* Reads the options shared by the game commands, removing them from argv.
 * Returns FALSE (after one line on stderr) on a bad option. */
static gboolean
parse_game_options (int *argc, char **argv, XqGameOptions *opts, gboolean *explain)
{
  int out = 1;

  xq_game_options_init (opts);
  for (int i = 1; i < *argc; i++)
    {
      const char *a = argv[i];

      if (strcmp (a, "--rules") == 0 || strcmp (a, "--move-limit") == 0)
        {
          const char *v = i + 1 < *argc ? argv[i + 1] : NULL;

          if (v == NULL)
            {
              xqtool_fail ("%s needs a value", a);
              return FALSE;
            }
          i++;
          if (strcmp (a, "--rules") == 0)
            {
              if (strcmp (v, "china") == 0)
                opts->rules = XQ_RULES_CHINA;
              else if (strcmp (v, "axf") == 0)
                opts->rules = XQ_RULES_AXF;
              else
                {
                  xqtool_fail ("unknown rule set “%s” (china or axf)", v);
                  return FALSE;
                }
            }
          else
            {
              char *end = NULL;
              long n = strtol (v, &end, 10);
              if (end == v || *end != '\0' || n < 0 || n > 1000)
                {
                  xqtool_fail ("bad move limit “%s” (0..1000 rounds, 0 = off)", v);
                  return FALSE;
                }
              opts->move_limit = (int) n;
            }
        }
      else if (strcmp (a, "--warn") == 0)
        opts->cycles = XQ_CYCLES_WARN_THEN_FORFEIT;
      else if (strcmp (a, "--no-bare-material") == 0)
        opts->bare_material = FALSE;
      else if (explain != NULL && strcmp (a, "--explain") == 0)
        *explain = TRUE;
      else if (a[0] == '-' && a[1] == '-')
        {
          xqtool_fail ("unknown option “%s”", a);
          return FALSE;
        }
      else
        argv[out++] = argv[i];
    }
  *argc = out;
  return TRUE;
}

/* The game's error for a move it refused, with the lesson layer's sentence
 * for why and the core's reason id, so a script need not parse the words. */
static int
fail_move (const XqGame *game, const char *iccs, const GError *error)
{
  XqPosition pos = *xq_game_get_position (game);
  XqMove m = xq_move_from_iccs (iccs);
  XqIllegal why;
  XqLessonMarks marks;
  g_autofree char *sentence = NULL;

  /* A game already over refuses every move, legal or not: its own words say why. */
  if (xq_game_is_over (game) || m == XQ_MOVE_NONE ||
      xq_position_explain_illegal (&pos, m, &why) == XQ_ILLEGAL_NONE)
    return xqtool_fail ("%s", error->message);
  xq_lesson_marks_clear (&marks);
  sentence = xq_lesson_explain_illegal (&pos, m, &marks);
  return xqtool_fail ("%s: %s (%s)", error->message, sentence, xq_illegal_reason_id (why.reason));
}

static int
cmd_judge (int argc, char **argv)
{
  static const XqToolCommand self = {
    "judge", "[--rules china|axf] [--warn] [--move-limit N] [--no-bare-material] [--explain] FEN [MOVE...]"
  };
  XqGameOptions opts;
  gboolean explain = FALSE;
  XqPosition start;
  g_autoptr(XqGame) game = NULL;
  XqResult result;
  XqWarning warning;

  if (!parse_game_options (&argc, argv, &opts, &explain))
    return 1;
  if (argc < 2)
    return xqtool_usage (&self);
  if (!xqtool_load_fen (argv[1], &start))
    return 1;

  game = xq_game_new_full (&start, &opts);
  for (int i = 2; i < argc; i++)
    {
      g_autoptr(GError) error = NULL;
      if (!xq_game_play_iccs (game, argv[i], &error))
        return fail_move (game, argv[i], error);
    }

  result = xq_game_get_result (game);
  if (result.winner == XQ_WINNER_NONE)
    printf ("ongoing\n");
  else
    printf ("%s %s\n", xq_winner_to_code (result.winner), xq_reason_to_code (result.reason));
  if (explain)
    {
      g_autofree char *text = xq_result_explain (&result);
      if (result.winner != XQ_WINNER_NONE)
        printf ("rule: %s\nply: %d\n", xq_reason_rule (result.reason, opts.rules), result.ply);
      printf ("%s\n", text);
      if (xq_game_get_warning (game, &warning))
        {
          g_autofree char *w = xq_warning_explain (&warning);
          printf ("warning: %s (ply %d)\n", w, warning.ply);
        }
    }
  return 0;
}

static int
cmd_classify (int argc, char **argv)
{
  static const XqToolCommand self = { "classify", "[--rules china|axf] FEN MOVE" };
  XqGameOptions opts;
  XqPosition pos;
  XqMove m;
  gboolean chased[XQ_SQUARES];
  XqMoveClass klass;

  if (!parse_game_options (&argc, argv, &opts, NULL))
    return 1;
  if (argc != 3)
    return xqtool_usage (&self);
  if (!xqtool_load_fen (argv[1], &pos))
    return 1;
  m = xq_move_from_iccs (argv[2]);
  if (m == XQ_MOVE_NONE || !xq_position_is_legal (&pos, m))
    return xqtool_fail ("ply 1: %s is not a legal move", argv[2]);

  klass = xq_repetition_classify_move (&pos, m, opts.rules, FALSE, chased);
  printf ("%s", xq_move_class_to_code (klass));
  for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
    if (chased[sq])
      {
        char text[3];
        xq_square_to_text (sq, text);
        printf (" %s", text);
      }
  printf ("\n");
  return 0;
}

/* Times the adjudication of a long chase cycle (the FSF "direct chase by
 * cannon" case played for 3 occurrences). */
static int
bench_judge (int argc, char **argv)
{
  static const char *fen = "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1";
  static const char *moves[] = { "c2a2", "a7b7", "a2b2", "b7a7", "b2a2", "a7b7", "a2b2", "b7a7", "b2a2" };
  int runs = 20;
  g_autofree double *samples = NULL;
  XqPosition start;

  if (argc == 3 && strcmp (argv[1], "--runs") == 0)
    runs = atoi (argv[2]);
  else if (argc != 1)
    {
      fprintf (stderr, "usage: xqtool bench judge [--runs N]\n");
      return 2;
    }
  if (runs < 1 || runs > 10000)
    return xqtool_fail ("bad run count");
  xq_position_set_fen (&start, fen, NULL);
  samples = g_new (double, runs);
  for (int r = 0; r < runs; r++)
    {
      gint64 t0 = g_get_monotonic_time ();
      g_autoptr(XqGame) game = xq_game_new (&start);
      for (size_t i = 0; i < G_N_ELEMENTS (moves); i++)
        xq_game_play_iccs (game, moves[i], NULL);
      samples[r] = (g_get_monotonic_time () - t0) / 1000.0;
      if (xq_game_get_result (game).reason != XQ_REASON_PERPETUAL_CHASE)
        return xqtool_fail ("bench position no longer rules perpetual-chase");
    }
  printf ("judge: median %.3f ms per 9-ply game with one adjudication (%d runs)\n",
          xqtool_median (samples, runs), runs);
  return 0;
}

/* A game record from a PGN file; NULL after one line on stderr. */
static XqGame *
load_pgn_game (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqPgnRecord) rec = xq_game_file_read_first (path, &error);
  g_autoptr(XqGame) game = NULL;

  if (rec == NULL)
    {
      xqtool_fail ("%s", error->message);
      return NULL;
    }
  game = xq_game_new (xq_pgn_record_get_start (rec));
  for (guint i = 0; i < xq_pgn_record_get_n_moves (rec); i++)
    if (!xq_game_play (game, xq_pgn_record_get_move (rec, i), &error))
      {
        g_autofree char *safe = xqtool_escape (path);

        xqtool_fail ("%s: move %u: %s", safe, i + 1, error->message);
        return NULL;
      }
  return g_steal_pointer (&game);
}

static void
print_review (const XqGameReview *review, XqNotation notation)
{
  printf ("reviewed %d moves of %s: %d mistakes\n", review->n_moves_reviewed,
          review->learner == XQ_RED ? "red" : "black", review->n_mistakes);
  for (int i = 0; i < review->n_mistakes; i++)
    {
      const XqMistake *m = &review->mistakes[i];
      g_autofree char *sentence = xq_mistake_explain (m, notation);
      g_autofree char *fen = xq_position_to_fen (&m->before);
      char played[5], better[5], sq[3];

      xq_move_to_iccs (m->played, played);
      xq_move_to_iccs (m->better, better);
      xq_square_to_text (m->square, sq);
      printf ("ply %d %s played %s better %s square %s loss %d\n", m->ply, xq_mistake_kind_id (m->kind),
              played, better, sq, m->loss);
      printf ("  %s\n  fen %s\n", sentence, fen);
    }
}

static int
cmd_game_review (int argc, char **argv)
{
  static const XqToolCommand self = {
    "game-review", "[--side red|black] [--notation iccs|wxf|zh-hans|zh-hant] FILE.pgn"
  };
  XqColor side = XQ_RED;
  XqNotation notation = XQ_NOTATION_WXF;
  const char *path = NULL;
  g_autoptr(XqGame) game = NULL;
  XqGameReview review;

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--side") == 0 && i + 1 < argc)
        {
          const char *v = argv[++i];

          if (strcmp (v, "red") == 0)
            side = XQ_RED;
          else if (strcmp (v, "black") == 0)
            side = XQ_BLACK;
          else
            return xqtool_fail ("unknown side “%s” (red or black)", v);
        }
      else if (strcmp (argv[i], "--notation") == 0 && i + 1 < argc)
        {
          if (!xq_notation_from_name (argv[++i], &notation))
            return xqtool_fail ("unknown notation “%s” (iccs, wxf, zh-hans or zh-hant)", argv[i]);
        }
      else if (argv[i][0] == '-' && argv[i][1] == '-')
        return xqtool_usage (&self);
      else if (path == NULL)
        path = argv[i];
      else
        return xqtool_usage (&self);
    }
  if (path == NULL)
    return xqtool_usage (&self);
  game = load_pgn_game (path);
  if (game == NULL)
    return 1;
  xq_game_review_analyse (game, side, &review, NULL);
  print_review (&review, notation);
  return 0;
}

/* A 100-ply game of two seeded low levels, the same on every run. */
static XqGame *
bench_game (void)
{
  for (guint32 seed = 1; seed < 100; seed++)
    {
      g_autoptr(XqGame) game = xq_game_new (NULL);
      g_autoptr(XqEngine) red = xq_engine_new (seed);
      g_autoptr(XqEngine) black = xq_engine_new (seed + 1000);

      xq_engine_set_level (red, 1);
      xq_engine_set_level (black, 2);
      while (!xq_game_is_over (game) && xq_game_get_n_plies (game) < 100)
        {
          XqEngine *e = xq_game_get_position (game)->side == XQ_RED ? red : black;

          xq_game_play (game, xq_engine_best_move (e, xq_game_get_position (game), NULL), NULL);
        }
      if (xq_game_get_n_plies (game) == 100)
        return g_steal_pointer (&game);
    }
  return NULL;
}

/* Times the review of a 100-ply game (Turtle's moves, the learner's side). */
static int
bench_game_review (int argc, char **argv)
{
  int runs = 5;
  g_autofree double *samples = NULL;
  g_autoptr(XqGame) game = NULL;
  XqGameReview review = { 0 };
  double worst = 0;

  if (argc == 3 && strcmp (argv[1], "--runs") == 0)
    {
      if (!xqtool_parse_int (argv[2], 1, 1000, &runs))
        return xqtool_fail ("bad run count “%s” (1..1000)", argv[2]);
    }
  else if (argc != 1)
    {
      fprintf (stderr, "usage: xqtool bench game-review [--runs N]\n");
      return 2;
    }
  game = bench_game ();
  if (game == NULL)
    return xqtool_fail ("no seeded game lasted 100 plies");
  samples = g_new (double, runs);
  for (int r = 0; r < runs; r++)
    {
      gint64 t0 = g_get_monotonic_time ();

      xq_game_review_analyse (game, XQ_RED, &review, NULL);
      samples[r] = (g_get_monotonic_time () - t0) / 1000.0;
      worst = MAX (worst, samples[r]);
    }
  printf ("game-review: median %.1f ms, max %.1f ms for a %d-ply game (%d moves reviewed, %d mistakes, %d runs)\n",
          xqtool_median (samples, runs), worst, xq_game_get_n_plies (game), review.n_moves_reviewed,
          review.n_mistakes, runs);
  return 0;
}

const XqToolCommand xqtool_game_commands[] = {
  { "judge", "[--rules china|axf] [--warn] [--move-limit N] [--no-bare-material] [--explain] FEN [MOVE...]", cmd_judge },
  { "classify", "[--rules china|axf] FEN MOVE", cmd_classify },
  { "game-review", "[--side red|black] [--notation iccs|wxf|zh-hans|zh-hant] FILE.pgn", cmd_game_review },
  { NULL, NULL, NULL },
};

const XqToolCommand xqtool_game_bench[] = {
  { "judge", "[--runs N]", bench_judge },
  { "game-review", "[--runs N]", bench_game_review },
  { NULL, NULL, NULL },
};
