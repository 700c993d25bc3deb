/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xqtool variant: the Game Day folk games (docs/variants.md) from the
 * command line: legal actions, refusals, whole computer games, saved games. */
#define G_LOG_DOMAIN "xqtool"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xq-variant.h"
#include "xqtool.h"

/* Who plays a seat in `variant play`: a computer level 1..3, or one of the
 * two yardsticks of tools/variant-ladder.py. */
#define PLAYER_RANDOM  (-1)   /* any legal action, seeded */
#define PLAYER_GREEDY  0      /* the capture of the biggest piece, else any */

typedef struct {
  XqVariantOptions opts;
  guint32          seed;
  gboolean         have_seed;
  int              level;
  int              seat_level[2];   /* 0 = default: `level` */
  gboolean         seat_set[2];
  int              max_plies;
  const char      *save;
} VariantArgs;

/* Removes the options from argv; argv[1] must name the game. */
static gboolean
parse_args (int *argc, char **argv, VariantArgs *va)
{
  int out = 1;
  const char *option_text = NULL;
  XqVariantKind kind;

  va->level = 2;
  va->max_plies = 1000;
  va->seed = 0;
  va->have_seed = FALSE;
  va->save = NULL;
  va->seat_set[0] = va->seat_set[1] = FALSE;
  for (int i = 1; i < *argc; i++)
    {
      const char *a = argv[i];
      if (strcmp (a, "--seed") == 0 || strcmp (a, "--level") == 0 || strcmp (a, "--option") == 0
          || strcmp (a, "--max-plies") == 0 || strcmp (a, "--save") == 0
          || strcmp (a, "--first") == 0 || strcmp (a, "--second") == 0)
        {
          const char *v = i + 1 < *argc ? argv[i + 1] : NULL;
          int n;
          if (v == NULL)
            {
              xqtool_fail ("%s needs a value", a);
              return FALSE;
            }
          i++;
          if (strcmp (a, "--seed") == 0)
            {
              char *end;
              guint64 s = g_ascii_strtoull (v, &end, 10);
              if (*v == '\0' || *end != '\0' || s > G_MAXUINT32)
                {
                  xqtool_fail ("bad seed “%s” (0..%u)", v, G_MAXUINT32);
                  return FALSE;
                }
              va->seed = (guint32) s;
              va->have_seed = TRUE;
            }
          else if (strcmp (a, "--level") == 0)
            {
              if (!xqtool_parse_int (v, 1, XQ_VARIANT_ENGINE_MAX_LEVEL, &n))
                {
                  xqtool_fail ("bad level “%s” (1..%d)", v, XQ_VARIANT_ENGINE_MAX_LEVEL);
                  return FALSE;
                }
              va->level = n;
            }
          else if (strcmp (a, "--max-plies") == 0)
            {
              if (!xqtool_parse_int (v, 1, 100000, &n))
                {
                  xqtool_fail ("bad ply limit “%s” (1..100000)", v);
                  return FALSE;
                }
              va->max_plies = n;
            }
          else if (strcmp (a, "--save") == 0)
            va->save = v;
          else if (strcmp (a, "--first") == 0 || strcmp (a, "--second") == 0)
            {
              int seat = strcmp (a, "--second") == 0;
              if (strcmp (v, "random") == 0)
                n = PLAYER_RANDOM;
              else if (strcmp (v, "greedy") == 0)
                n = PLAYER_GREEDY;
              else if (!xqtool_parse_int (v, 1, XQ_VARIANT_ENGINE_MAX_LEVEL, &n))
                {
                  xqtool_fail ("bad player “%s” for %s (1..%d, random or greedy)", v, a,
                               XQ_VARIANT_ENGINE_MAX_LEVEL);
                  return FALSE;
                }
              va->seat_level[seat] = n;
              va->seat_set[seat] = TRUE;
            }
          else
            option_text = v;
        }
      else if (a[0] == '-' && a[1] == '-')
        {
          xqtool_fail ("unknown option “%s”", a);
          return FALSE;
        }
      else
        argv[out++] = argv[i];
    }
  *argc = out;
  if (out < 2)
    return TRUE;   /* the caller prints the usage */
  if (!xq_variant_kind_from_code (argv[1], &kind))
    {
      g_autofree char *codes = xq_variant_codes_text ();
      xqtool_fail ("unknown game “%s” (%s)", argv[1], codes);
      return FALSE;
    }
  xq_variant_options_init (&va->opts, kind);
  if (option_text)
    {
      g_autoptr (GError) error = NULL;
      if (!xq_variant_options_from_string (&va->opts, option_text, &error))
        {
          xqtool_fail ("--option: %s", error->message);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
load_state (const VariantArgs *va, const char *text, XqVariantState *st)
{
  g_autoptr (GError) error = NULL;
  if (!xq_variant_state_from_text (st, va->opts.kind, &va->opts, text, &error))
    {
      xqtool_fail ("invalid state: %s", error->message);
      return FALSE;
    }
  return TRUE;
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static int cmd_variant (int argc, char **argv);

/* The computer's thinking time: the median and the slowest of its first
 * N moves in a seeded game of each variant, at each level. */
static int
bench_variant (int argc, char **argv)
{
  int plies = 20;

  if (argc == 3 && strcmp (argv[1], "--plies") == 0)
    {
      if (!xqtool_parse_int (argv[2], 1, 1000, &plies))
        return xqtool_fail ("bad ply count “%s” (1..1000)", argv[2]);
    }
  else if (argc != 1)
    {
      fprintf (stderr, "usage: xqtool bench variant [--plies N]\n");
      return 2;
    }
  for (int k = 0; k < XQ_VARIANT_N_KINDS; k++)
    for (int level = 1; level <= XQ_VARIANT_ENGINE_MAX_LEVEL; level++)
      {
        XqVariantOptions opts;
        g_autoptr (XqVariantGame) game = NULL;
        g_autoptr (XqVariantEngine) engine = xq_variant_engine_new (1);
        g_autofree double *samples = g_new (double, plies);
        double worst = 0;
        int n = 0;

        xq_variant_options_init (&opts, (XqVariantKind) k);
        game = xq_variant_game_new (&opts, 1);
        xq_variant_engine_set_level (engine, level);
        while (n < plies && xq_variant_game_get_result (game).winner == XQ_WINNER_NONE)
          {
            XqVariantAction a;
            gint64 t0 = g_get_monotonic_time ();
            if (!xq_variant_engine_choose_in_game (engine, game, &a))
              break;
            samples[n] = (g_get_monotonic_time () - t0) / 1000.0;
            worst = MAX (worst, samples[n]);
            n++;
            if (!xq_variant_game_play (game, &a, NULL))
              return xqtool_fail ("the computer's action was refused");
          }
        if (n > 0)
          printf ("variant %s level %d: median %.1f ms, slowest %.1f ms per move (%d moves)\n",
                  xq_variant_kind_to_code ((XqVariantKind) k), level, xqtool_median (samples, n), worst, n);
      }
  return 0;
}

const XqToolCommand xqtool_variant_bench[] = {
  { "variant", "[--plies N]", bench_variant },
  { NULL, NULL, NULL },
};

const XqToolCommand xqtool_variant_commands[] = {
  { "variant", "games | rules GAME | moves GAME STATE | explain GAME STATE ACTION | play GAME --seed S [--level L] [--first P] [--second P] | replay FILE  [--option TEXT]", cmd_variant },
  { NULL, NULL, NULL },
};

static int
variant_moves (int argc, char **argv)
{
  VariantArgs va;
  XqVariantState st;
  XqVariantAction acts[XQ_VARIANT_MAX_ACTIONS];
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  int n;

  if (!parse_args (&argc, argv, &va))
    return 1;
  if (argc != 3)
    {
      fprintf (stderr, "usage: xqtool variant moves GAME STATE [--option TEXT]\n");
      return 2;
    }
  if (!load_state (&va, argv[2], &st))
    return 1;
  n = xq_variant_legal_actions (&st, &va.opts, acts);
  for (int k = 0; k < n; k++)
    g_ptr_array_add (lines, xq_variant_action_to_text (&st, &acts[k]));
  g_ptr_array_sort (lines, compare_strings);
  for (guint k = 0; k < lines->len; k++)
    printf ("%s\n", (char *) lines->pdata[k]);
  return 0;
}

static int
variant_explain (int argc, char **argv)
{
  VariantArgs va;
  XqVariantState st;
  XqVariantAction a;
  g_autoptr (GError) error = NULL;
  g_autofree char *sentence = NULL;
  XqRefusal r;

  if (!parse_args (&argc, argv, &va))
    return 1;
  if (argc != 4)
    {
      fprintf (stderr, "usage: xqtool variant explain GAME STATE ACTION [--option TEXT]\n");
      return 2;
    }
  if (!load_state (&va, argv[2], &st))
    return 1;
  if (!xq_variant_action_from_text (&st, argv[3], &a, &error))
    return xqtool_fail ("%s", error->message);
  r = xq_variant_explain_refusal (&st, &va.opts, &a, &sentence);
  if (r == XQ_REFUSE_NONE)
    printf ("legal\n");
  else
    printf ("%s %s\n", xq_refusal_to_code (r), sentence);
  return 0;
}

static void
print_result (const XqVariantGame *game)
{
  XqVariantResult r = xq_variant_game_get_result (game);
  g_autofree char *sentence = xq_variant_result_explain (&r, xq_variant_game_get_options (game)->kind);
  printf ("result %s %s %s\n", xq_winner_to_code (r.winner),
          r.winner == XQ_WINNER_NONE ? "unfinished" : xq_variant_reason_to_code (r.reason), sentence);
}

static void
print_ply (const XqVariantGame *game, int ply)
{
  const XqVariantAction *a = xq_variant_game_get_action (game, ply);
  g_autofree char *text = xq_variant_action_to_text (xq_variant_game_get_state_at (game, ply - 1), a);

  printf ("%d %s", ply, text);
  if (a->reveal)
    printf (" reveals %c", xq_piece_to_fen_char (a->reveal));
  if (a->captured)
    printf (" takes %c", xq_piece_to_fen_char (a->captured));
  if (a->captured2)
    printf (" takes %c", xq_piece_to_fen_char (a->captured2));
  printf ("\n");
}

/* The yardsticks' random numbers (splitmix64, so a seed replays anywhere). */
static guint32
yardstick_next (guint64 *s)
{
  guint64 z = (*s += G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));
  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  return (guint32) ((z ^ (z >> 31)) >> 32);
}

/* What a greedy player thinks a capture is worth: the general most, then
 * the children's table; a face-down piece is a small unknown. */
static int
greedy_value (const XqVariantState *st, const XqVariantAction *a)
{
  static const int value[XQ_N_TYPES] = { 0, 1000, 20, 20, 40, 90, 45, 10 };
  const XqVariantCell *c;

  if (a->kind == XQ_ACTION_DOUBLE)
    return MAX (a->to >= 0 && st->cell[a->to].face == XQ_FACE_UP ? value[xq_piece_type (st->cell[a->to].piece)] : 0,
                a->to2 >= 0 && st->cell[a->to2].face == XQ_FACE_UP ? value[xq_piece_type (st->cell[a->to2].piece)] : 0);
  if (a->kind != XQ_ACTION_MOVE || a->to < 0)
    return 0;
  c = &st->cell[a->to];
  if (c->face == XQ_FACE_UP)
    return value[xq_piece_type (c->piece)];
  return c->face == XQ_FACE_DOWN ? 5 : 0;
}

/* A yardstick's action: random, or greedy (the biggest capture, a random
 * one among equals, any action when nothing can be taken). */
static gboolean
yardstick_choose (int kind, guint64 *rng, const XqVariantState *view, const XqVariantOptions *opts,
                  XqVariantAction *out)
{
  g_autofree XqVariantAction *acts = g_new (XqVariantAction, XQ_VARIANT_MAX_ACTIONS);
  g_autofree int *best = g_new (int, XQ_VARIANT_MAX_ACTIONS);
  int n = xq_variant_legal_actions (view, opts, acts), n_best = 0, top = -1;

  if (n == 0)
    return FALSE;
  for (int k = 0; k < n; k++)
    {
      int v = kind == PLAYER_GREEDY ? greedy_value (view, &acts[k]) : 0;
      if (v > top)
        {
          top = v;
          n_best = 0;
        }
      if (v == top)
        best[n_best++] = k;
    }
  *out = acts[best[yardstick_next (rng) % (guint32) n_best]];
  return TRUE;
}

static int
variant_play (int argc, char **argv)
{
  VariantArgs va;
  g_autoptr (XqVariantGame) game = NULL;
  g_autoptr (XqVariantEngine) first = xq_variant_engine_new (0);
  g_autoptr (XqVariantEngine) second = xq_variant_engine_new (0);
  XqVariantEngine *engines[2] = { first, second };
  guint64 rng[2];

  if (!parse_args (&argc, argv, &va))
    return 1;
  if (argc != 2 || !va.have_seed)
    {
      fprintf (stderr, "usage: xqtool variant play GAME --seed S [--level 1-%d] [--first P] [--second P] "
               "[--option TEXT] [--max-plies N] [--save FILE]\n", XQ_VARIANT_ENGINE_MAX_LEVEL);
      return 2;
    }
  game = xq_variant_game_new (&va.opts, va.seed);
  for (int s = 0; s < 2; s++)
    {
      if (!va.seat_set[s])
        va.seat_level[s] = va.level;
      xq_variant_engine_reseed (engines[s], va.seed + (guint32) s);
      xq_variant_engine_set_level (engines[s], MAX (va.seat_level[s], 1));
      rng[s] = (guint64) va.seed * 2 + (guint64) s;
    }
  if (va.seat_set[0] || va.seat_set[1])
    {
      const char *names[2];
      char buf[2][8];
      for (int s = 0; s < 2; s++)
        {
          g_snprintf (buf[s], sizeof buf[s], "%d", va.seat_level[s]);
          names[s] = va.seat_level[s] == PLAYER_RANDOM ? "random"
                     : va.seat_level[s] == PLAYER_GREEDY ? "greedy" : buf[s];
        }
      printf ("game %s seed %u first %s second %s\n", argv[1], va.seed, names[0], names[1]);
    }
  else
    printf ("game %s seed %u level %d\n", argv[1], va.seed, va.level);
  while (xq_variant_game_get_result (game).winner == XQ_WINNER_NONE
         && xq_variant_game_get_n_plies (game) < va.max_plies)
    {
      XqVariantAction a;
      g_autoptr (GError) error = NULL;
      /* Seat 0 moved first, whatever colour it turned out to be. */
      int seat = xq_variant_game_get_n_plies (game) % 2;
      gboolean found;

      if (va.seat_level[seat] >= 1)
        found = xq_variant_engine_choose_in_game (engines[seat], game, &a);
      else
        {
          XqVariantState view;
          xq_variant_game_get_view (game, &view);
          found = yardstick_choose (va.seat_level[seat], &rng[seat], &view, &va.opts, &a);
        }
      if (!found)
        return xqtool_fail ("ply %d: the computer found no action in an unfinished game",
                            xq_variant_game_get_n_plies (game) + 1);
      if (!xq_variant_game_play (game, &a, &error))
        return xqtool_fail ("%s", error->message);
      print_ply (game, xq_variant_game_get_n_plies (game));
    }
  print_result (game);
  if (va.save)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *text = xq_variant_game_save (game);
      if (!g_file_set_contents (va.save, text, -1, &error))
        return xqtool_fail ("%s", error->message);
    }
  return 0;
}

static int
variant_replay (int argc, char **argv)
{
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (XqVariantGame) game = NULL;

  if (argc != 2)
    {
      fprintf (stderr, "usage: xqtool variant replay FILE\n");
      return 2;
    }
  if (!g_file_get_contents (argv[1], &text, NULL, &error))
    return xqtool_fail ("%s", error->message);
  game = xq_variant_game_load (text, &error);
  if (game == NULL)
    return xqtool_fail ("%s: %s", argv[1], error->message);
  printf ("game %s seed %u\n", xq_variant_kind_to_code (xq_variant_game_get_options (game)->kind),
          xq_variant_game_get_seed (game));
  for (int p = 1; p <= xq_variant_game_get_n_plies (game); p++)
    print_ply (game, p);
  print_result (game);
  return 0;
}

/* Every game of the table: code, the seed's name, the name, the summary. */
static int
variant_games (int argc, char **argv)
{
  (void) argv;
  if (argc != 1)
    {
      fprintf (stderr, "usage: xqtool variant games\n");
      return 2;
    }
  for (int k = 0; k < XQ_VARIANT_N_KINDS; k++)
    printf ("%s\t%s\t%s\t%s\n", xq_variant_kind_to_code ((XqVariantKind) k),
            xq_variant_kind_original_name ((XqVariantKind) k), xq_variant_kind_name ((XqVariantKind) k),
            xq_variant_kind_summary ((XqVariantKind) k));
  return 0;
}

/* The rules page of a game, as text: its rules with the options in force,
 * the options it offers (checked or not) and the key to its pictures. */
static int
variant_rules (int argc, char **argv)
{
  VariantArgs va;
  g_autofree char *text = NULL;
  const XqVariantLegend *legend;
  int n;

  if (!parse_args (&argc, argv, &va))
    return 1;
  if (argc != 2)
    {
      fprintf (stderr, "usage: xqtool variant rules GAME [--option TEXT]\n");
      return 2;
    }
  text = xq_variant_rules_text (&va.opts);
  printf ("%s (%s)\n\n%s\n", xq_variant_kind_name (va.opts.kind), xq_variant_kind_original_name (va.opts.kind), text);
  for (int f = 0; f < XQ_VARIANT_N_FLAGS; f++)
    if (xq_variant_kind_has_flag (va.opts.kind, (XqVariantFlag) f))
      printf ("option [%c] %s\n", xq_variant_options_get_flag (&va.opts, (XqVariantFlag) f) ? 'x' : ' ',
              xq_variant_flag_label ((XqVariantFlag) f));
  legend = xq_variant_kind_legend (va.opts.kind, &n);
  for (int i = 0; i < n; i++)
    printf ("key %s\n", xq_variant_legend_text (&legend[i]));
  return 0;
}

static int
cmd_variant (int argc, char **argv)
{
  if (argc < 2)
    return xqtool_usage (&xqtool_variant_commands[0]);
  if (strcmp (argv[1], "games") == 0)
    return variant_games (argc - 1, argv + 1);
  if (strcmp (argv[1], "rules") == 0)
    return variant_rules (argc - 1, argv + 1);
  if (strcmp (argv[1], "moves") == 0)
    return variant_moves (argc - 1, argv + 1);
  if (strcmp (argv[1], "explain") == 0)
    return variant_explain (argc - 1, argv + 1);
  if (strcmp (argv[1], "play") == 0)
    return variant_play (argc - 1, argv + 1);
  if (strcmp (argv[1], "replay") == 0)
    return variant_replay (argc - 1, argv + 1);
  return xqtool_fail ("unknown variant command “%s” (games, rules, moves, explain, play or replay)", argv[1]);
}
