/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The shipped puzzle collection, second edition (lessons/puzzles), read as
 * a learner gets it: enough patterns and puzzles, each named pack's pattern
 * confirmed on every line the defender can choose (xq_kill_confirm), 困斃
 * only in its own pack, defenders that fight back, Black to move, a climb
 * of short mates first, titles unique and every string translated, and ids
 * that never move a learner's progress to another position.
 * (test-puzzles.c proves every puzzle's distance and key again.) */
#define G_LOG_DOMAIN "test-puzzle-collection"

#include "config.h"

#include <locale.h>
#include <stdarg.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "xq-answer-sheet.h"
#include "xq-lesson.h"
#include "xq-patterns.h"
#include "xq-puzzle-stats.h"
#include "xq-solver.h"
#include "xq-test-dirs.h"
#include "xq-test-lesson-mo.h"

static GPtrArray *files;   /* XqLessonFile*, English (loaded untranslated) */
static XqSolver *solver;

static char *
source_path (const char *first, ...)
{
  const char *src = g_getenv ("XQ_SOURCE_DIR");
  g_autofree char *root = src ? g_strdup (src) : g_build_filename (SOURCE_LESSONS_DIR, "..", NULL);
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();
  va_list ap;

  g_ptr_array_add (parts, root);
  va_start (ap, first);
  for (const char *p = first; p != NULL; p = va_arg (ap, const char *))
    g_ptr_array_add (parts, (gpointer) p);
  va_end (ap);
  g_ptr_array_add (parts, NULL);
  return g_build_filenamev ((char **) parts->pdata);
}

static const XqPuzzlePack *
pack_at (guint i)
{
  return ((XqLessonFile *) g_ptr_array_index (files, i))->pack;
}

/* A pack named after a checkmate pattern: its id is the pattern's id. */
static int
named_kill (const XqPuzzlePack *pack)
{
  int kill = xq_kill_from_id (pack->id);

  return kill == XQ_KILL_STALEMATE ? -1 : kill;
}

static gboolean
fights_back (const XqPuzzle *pz)
{
  XqColor defender = pz->position.side == XQ_RED ? XQ_BLACK : XQ_RED;

  for (XqSquare s = 0; s < XQ_SQUARES; s++)
    {
      XqPiece p = pz->position.board[s];

      if (p == XQ_EMPTY || xq_piece_color (p) != defender)
        continue;
      switch (xq_piece_type (p))
        {
        case XQ_CHARIOT:
        case XQ_HORSE:
        case XQ_CANNON:
        case XQ_PAWN:
          return TRUE;
        case XQ_KING:
        case XQ_ADVISOR:
        case XQ_ELEPHANT:
        case XQ_NO_TYPE:
        default:
          break;
        }
    }
  return FALSE;
}

static void
test_load (void)
{
  g_autoptr(GPtrArray) problems =
    g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  g_autofree char *dir = source_path ("lessons", "puzzles", NULL);

  files = xq_lesson_load_dir (dir, problems);
  for (guint i = 0; i < problems->len; i++)
    {
      g_autofree char *line = xq_lesson_problem_format (g_ptr_array_index (problems, i));
      g_test_message ("%s", line);
    }
  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_nonnull (files);
  for (guint i = 0; i < files->len; i++)
    g_assert_cmpint (((XqLessonFile *) g_ptr_array_index (files, i))->type, ==, XQ_LESSON_FILE_PACK);
}

/* At least 600 puzzles; 30 named checkmate packs of at least 12, the 困斃
 * pack and the first-mates pack; defenders with fighting men in 40%, Black
 * to move in 30%, mates in one and two in 45% outside the advanced tier;
 * the tier (packs with "min-rating") holds game positions of ten or more
 * pieces with mates in 3 to 12, each named by its pattern. */
static void
test_size (void)
{
  g_autoptr(GHashTable) kills = g_hash_table_new (g_direct_hash, g_direct_equal);
  guint total = 0, fight = 0, black = 0, shortm = 0, tier = 0;
  gboolean first = FALSE, stalemate = FALSE;

  g_assert_nonnull (files);
  for (guint i = 0; i < files->len; i++)
    {
      const XqPuzzlePack *pack = pack_at (i);
      int kill = named_kill (pack);

      first |= strcmp (pack->id, "first-mates") == 0;
      if (xq_kill_from_id (pack->id) == XQ_KILL_STALEMATE)
        {
          stalemate = TRUE;
          g_assert_cmpuint (pack->puzzles->len, >=, 12);
        }
      if (kill >= 0)
        {
          g_assert_cmpuint (pack->puzzles->len, >=, 12);
          g_assert_true (g_hash_table_add (kills, GINT_TO_POINTER (kill)));
        }
      for (guint j = 0; j < pack->puzzles->len; j++)
        {
          const XqPuzzle *pz = g_ptr_array_index (pack->puzzles, j);

          total++;
          fight += fights_back (pz);
          black += pz->position.side == XQ_BLACK;
          shortm += pz->mate_in <= 2;
          if (pack->min_rating > 0)
            {
              guint pieces = 0;

              /* The advanced tier: game positions, mates in 3 to 12. */
              for (XqSquare sq = 0; sq < XQ_SQUARES; sq++)
                pieces += pz->position.board[sq] != XQ_EMPTY;
              if (pieces < 10 || pz->mate_in < 3 || pz->mate_in > 12 || pz->pattern == NULL)
                g_error ("%s: %u pieces, mate in %d, pattern %s: not an advanced puzzle", pz->id,
                         pieces, pz->mate_in, pz->pattern ? pz->pattern : "none");
              tier++;
            }
        }
    }
  g_test_message ("%u puzzles, %u named patterns, fighting defenders %u, Black to move %u, "
                  "mate in 1-2 %u", total, g_hash_table_size (kills), fight, black, shortm);
  g_assert_true (first);
  g_assert_true (stalemate);
  g_assert_cmpuint (total, >=, 600);
  g_assert_cmpuint (g_hash_table_size (kills), >=, 30);
  g_assert_cmpuint (fight * 100, >=, total * 40);
  g_assert_cmpuint (black * 100, >=, total * 30);
  /* Mates in one and two: the children's packs (the advanced tier has none). */
  g_assert_cmpuint (shortm * 100, >=, (total - tier) * 45);
  g_assert_cmpuint (tier, >, 0);
}

/* The goals of issue 29's table (xq-puzzle-stats.h) the collection meets,
 * claimed: at least 1,000 puzzles in 30 patterns, a quarter of them mates
 * in 5 or more, a median of ten pieces.  The share of defenders
 * threatening mate in one is not met (tools/puzzle-gen.md, "The goal not
 * met"): it is reported, not claimed. */
static void
test_goals (void)
{
  g_autoptr(GPtrArray) packs = g_ptr_array_new ();
  XqPuzzleStats st;
  gboolean met[5];

  g_assert_nonnull (files);
  for (guint i = 0; i < files->len; i++)
    g_ptr_array_add (packs, (gpointer) pack_at (i));
  xq_puzzle_stats_compute (packs, &st);
  xq_puzzle_stats_meets (&st, met);
  g_test_message ("%u puzzles, %u patterns, %u mates in 5 or more, median %g pieces, %u threats",
                  st.puzzles, st.patterns, st.deep, st.median_pieces, st.threat);
  g_assert_true (met[0]);
  g_assert_true (met[1]);
  g_assert_true (met[2]);
  g_assert_true (met[3]);
}

/* Patterns defined by a move before the mate (the general driven home, a
 * quiet move): no mate in one can show them, so their packs climb from mates
 * in two.  大膽穿心 is not among them: a chariot that takes on the palace
 * centre and mates there shows it in one. */
static const char *const line_patterns[] = {
  "buddha", "chariot-horse-cold", "chariot-soldier-cold", "chariot-cannon-cold",
};

/* Every pack climbs: mates never get shorter, and it opens with at least
 * four mates in one and four in two (a line pattern: in two and three). */
static void
test_climb (void)
{
  g_assert_nonnull (files);
  for (guint i = 0; i < files->len; i++)
    {
      const XqPuzzlePack *pack = pack_at (i);
      int counts[XQ_SOLVER_MAX_MATE + 2] = { 0 }, last = 1, from = 1;

      for (guint k = 0; k < G_N_ELEMENTS (line_patterns); k++)
        if (strcmp (pack->id, line_patterns[k]) == 0)
          from = 2;
      /* The advanced tier climbs too, from wherever its games start. */
      if (pack->min_rating > 0 && pack->puzzles->len > 0)
        from = ((const XqPuzzle *) g_ptr_array_index (pack->puzzles, 0))->mate_in;
      for (guint j = 0; j < pack->puzzles->len; j++)
        {
          const XqPuzzle *pz = g_ptr_array_index (pack->puzzles, j);

          if (pz->mate_in < last)
            g_error ("%s: %s (mate in %d) after a mate in %d", pack->id, pz->id, pz->mate_in, last);
          last = pz->mate_in;
          counts[pz->mate_in]++;
        }
      if (pack->min_rating == 0 && (counts[from] < 4 || counts[from + 1] < 4))
        g_error ("%s opens with %d mates in %d and %d in %d", pack->id, counts[from], from,
                 counts[from + 1], from + 1);
    }
}

/* Titles are unique within a pack and are not numbers. */
static void
test_titles (void)
{
  g_autoptr(GRegex) numbered = g_regex_new ("^(Puzzle|Problem|No\\.) *[0-9]+", G_REGEX_CASELESS, 0, NULL);

  g_assert_nonnull (files);
  for (guint i = 0; i < files->len; i++)
    {
      const XqPuzzlePack *pack = pack_at (i);
      g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

      for (guint j = 0; j < pack->puzzles->len; j++)
        {
          const XqPuzzle *pz = g_ptr_array_index (pack->puzzles, j);

          if (!g_hash_table_add (seen, pz->title))
            g_error ("%s: title “%s” twice", pack->id, pz->title);
          g_assert_false (g_regex_match (numbered, pz->title, 0, NULL));
        }
      g_assert_cmpuint (g_hash_table_size (seen), ==, pack->puzzles->len);
    }
}

/* Issue 31: a title names the learner's side first ("(Black to move; Red
 * has a cannon)"), never the defender's pieces alone, and the children's
 * pack opens with Red to move, as the board is first shown: its first
 * Black puzzle comes after every Red mate in one. */
static void
test_learner_side (void)
{
  g_assert_nonnull (files);
  for (guint i = 0; i < files->len; i++)
    {
      const XqPuzzlePack *pack = pack_at (i);
      gboolean first = strcmp (pack->id, "first-mates") == 0, black_seen = FALSE;

      for (guint j = 0; j < pack->puzzles->len; j++)
        {
          const XqPuzzle *pz = g_ptr_array_index (pack->puzzles, j);
          const char *mine = pz->position.side == XQ_BLACK ? "(Black to move; Red " : "(Red to move; Black ";

          if (strstr (pz->title, mine) == NULL)
            g_error ("%s: the title “%s” does not say the learner's side first", pz->id, pz->title);
          if (first && j < 5)
            g_assert_cmpint (pz->position.side, ==, XQ_RED);
          if (first && pz->position.side == XQ_BLACK)
            black_seen = TRUE;
          else if (first && black_seen && pz->mate_in == 1)
            g_error ("%s: a Red mate in one after Black's puzzles in the children's pack", pz->id);
        }
    }
}

/* The piece hint ("Move your horse.") names the piece the key moves, in
 * the solver's colour where the Chinese names differ. */
typedef struct {
  const char *hint;
  XqPieceType type;
  int color;     /* -1: either */
} PieceHint;

static const PieceHint piece_hints[] = {
  { "Move your chariot.", XQ_CHARIOT, -1 },
  { "Move your horse.", XQ_HORSE, -1 },
  { "Move your cannon.", XQ_CANNON, -1 },
  { "Move your soldier.", XQ_PAWN, XQ_RED },
  { "Move your general.", XQ_KING, XQ_RED },
  { "Move your advisor.", XQ_ADVISOR, XQ_RED },
  { "Move your elephant.", XQ_ELEPHANT, XQ_RED },
  { "Move your black soldier.", XQ_PAWN, XQ_BLACK },
  { "Move your black general.", XQ_KING, XQ_BLACK },
  { "Move your black advisor.", XQ_ADVISOR, XQ_BLACK },
  { "Move your black elephant.", XQ_ELEPHANT, XQ_BLACK },
};

static void
test_hints (void)
{
  g_assert_nonnull (files);
  for (guint i = 0; i < files->len; i++)
    {
      const XqPuzzlePack *pack = pack_at (i);

      for (guint j = 0; j < pack->puzzles->len; j++)
        {
          const XqPuzzle *pz = g_ptr_array_index (pack->puzzles, j);
          const char *last;
          XqPiece moved;
          gboolean found = FALSE;

          g_assert_cmpuint (pz->hints->len, ==, 2);
          /* One key; a deep puzzle of the advanced tier may have a few
           * (test-puzzles.c proves them): the hint names the piece of the
           * first, which the generator wrote it for. */
          if (pz->mate_in < XQ_PUZZLE_KEYS_FROM || pack->min_rating == 0)
            g_assert_cmpuint (pz->keys->len, ==, 1);
          else
            g_assert_cmpuint (pz->keys->len, <=, XQ_PUZZLE_MAX_KEYS);
          last = g_ptr_array_index (pz->hints, 1);
          moved = pz->position.board[xq_move_from (g_array_index (pz->keys, XqMove, 0))];
          g_assert_cmpint (xq_piece_color (moved), ==, pz->position.side);
          for (guint k = 0; k < G_N_ELEMENTS (piece_hints); k++)
            if (strcmp (piece_hints[k].hint, last) == 0)
              {
                found = TRUE;
                g_assert_cmpint (piece_hints[k].type, ==, xq_piece_type (moved));
                if (piece_hints[k].color >= 0)
                  g_assert_cmpint (piece_hints[k].color, ==, pz->position.side);
              }
          if (!found)
            g_error ("%s: unknown piece hint “%s”", pz->id, last);
        }
    }
}

/* Every string of every pack has a zh_CN and a zh_TW translation in the
 * catalogues built from po/ (tools/merge-po.sh folds po/extra in). */
static void
check_translated (const char *lang)
{
  char *root = xq_test_lesson_mo_begin (lang);
  guint missing = 0, checked = 0;

  for (guint i = 0; i < files->len; i++)
    {
      const XqPuzzlePack *pack = pack_at (i);
      g_autoptr(GPtrArray) texts = g_ptr_array_new ();

      g_ptr_array_add (texts, pack->title);
      for (guint j = 0; j < pack->puzzles->len; j++)
        {
          const XqPuzzle *pz = g_ptr_array_index (pack->puzzles, j);

          g_ptr_array_add (texts, pz->title);
          if (pz->pattern)
            g_ptr_array_add (texts, pz->pattern);
          for (guint k = 0; k < pz->hints->len; k++)
            g_ptr_array_add (texts, g_ptr_array_index (pz->hints, k));
        }
      for (guint k = 0; k < texts->len; k++)
        {
          const char *en = g_ptr_array_index (texts, k);

          checked++;
          if (g_dgettext (GETTEXT_PACKAGE, en) == en)
            {
              g_test_message ("%s: not translated: %s", lang, en);
              missing++;
            }
        }
    }
  xq_test_lesson_mo_end (root, lang);
  g_assert_cmpuint (checked, >, 600);
  g_assert_cmpuint (missing, ==, 0);
}

static void
test_translated (gconstpointer lang)
{
  g_assert_nonnull (files);
  check_translated (lang);
}

/* A puzzle's id is the one it had in the first edition in the same pack
 * with the same FEN (tests/data/puzzle-ids-1.txt), or its pack's id and a
 * prefix of the SHA-1 of its FEN: an id never names two positions, so a
 * learner's stars stay with the puzzle that earned them. */
static void
test_ids (void)
{
  g_autofree char *path = source_path ("tests", "data", "puzzle-ids-1.txt", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GHashTable) legacy = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
  g_auto(GStrv) lines = NULL;
  guint kept = 0;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (int i = 0; lines[i]; i++)
    {
      char *bar = strchr (lines[i], '|');

      if (lines[i][0] == '#' || bar == NULL)
        continue;
      g_hash_table_insert (legacy, g_strstrip (g_strndup (lines[i], (gsize) (bar - lines[i]))),
                           g_strstrip (g_strdup (bar + 1)));
    }
  g_assert_cmpuint (g_hash_table_size (legacy), >, 300);

  g_assert_nonnull (files);
  for (guint i = 0; i < files->len; i++)
    {
      const XqPuzzlePack *pack = pack_at (i);

      for (guint j = 0; j < pack->puzzles->len; j++)
        {
          const XqPuzzle *pz = g_ptr_array_index (pack->puzzles, j);
          const char *old = g_hash_table_lookup (legacy, pz->id);
          gsize n = strlen (pack->id);

          g_assert_true (g_hash_table_add (ids, pz->id));
          if (old != NULL)
            {
              /* A first-edition id: the same position, in the same pack. */
              g_assert_cmpstr (old, ==, pz->fen);
              g_assert_true (g_str_has_prefix (pz->id, pack->id));
              kept++;
            }
          else
            {
              g_autofree char *sha = g_compute_checksum_for_string (G_CHECKSUM_SHA1, pz->fen, -1);
              const char *hex = pz->id + n + 1;

              g_assert_true (g_str_has_prefix (pz->id, pack->id));
              g_assert_cmpint (pz->id[n], ==, '-');
              g_assert_cmpuint (strlen (hex), >=, 6);
              g_assert_true (g_str_has_prefix (sha, hex));
            }
        }
    }
  g_test_message ("%u first-edition ids kept", kept);
}

/* A named pack's pattern holds on the final position of every line the
 * defender can choose (so every line ends in checkmate: every named
 * pattern is one), and the 困斃 pack's puzzles end in stalemate on every
 * line.  A first-mates puzzle mates in one with check, or in two showing
 * some named pattern on every line. */
typedef struct {
  const XqPuzzle     *puzzle;
  const XqPuzzlePack *pack;
} PatternCase;

static void
test_pattern (gconstpointer data)
{
  const PatternCase *c = data;
  const XqPuzzle *pz = c->puzzle;
  XqKillSet holds = 0, want;
  XqConfirmStats stats;
  guint64 budget = 0;
  int kill;

  /* The pack's pattern, or in the advanced tier the puzzle's own. */
  kill = xq_puzzle_kill (c->pack, pz);
  if (c->pack->min_rating > 0)
    {
      if (kill < 0 || kill == XQ_KILL_STALEMATE)
        g_error ("%s: “%s” is no checkmate pattern", pz->id, pz->pattern);
      budget = XQ_KILL_CONFIRM_GAME_BUDGET;
    }
  if (kill < 0)
    {
      XqPosition p = pz->position;
      XqMove key = g_array_index (pz->keys, XqMove, 0);

      g_assert_cmpstr (c->pack->id, ==, "first-mates");
      if (pz->mate_in == 1)
        {
          g_assert_true (xq_position_gives_check (&p, key));
          return;
        }
      want = XQ_KILL_ALL & ~(1u << XQ_KILL_STALEMATE);
    }
  else
    want = c->pack->min_rating > 0 ? XQ_KILL_ALL : 1u << kill;
  xq_solver_clear (solver);
  /* As `xqtool puzzle-confirm` does: the proof and a main line first, so
   * the confirmation's questions find most answers in the solver's table (a
   * deep game mate would otherwise spend the confirmation's whole work
   * budget on it). */
  if (c->pack->min_rating > 0)
    {
      XqSolution sol;
      XqMove line[2 * XQ_SOLVER_MAX_MATE];
      int len = 0;

      g_assert_cmpint (xq_solver_solve (solver, &pz->position, pz->mate_in, &sol), ==, XQ_SOLVE_MATE);
      g_assert_cmpint (xq_solver_main_line (solver, &pz->position, pz->mate_in, line, &len), ==,
                       XQ_SOLVE_MATE);
    }
  if (c->pack->min_rating > 0 && pz->keys->len > 1)
    {
      /* Several keys: the pattern holds on every defence line after EVERY
       * key (the rule of tools/puzzle-gen.md), so whichever key the
       * learner finds, the named pattern follows. */
      holds = XQ_KILL_ALL;
      for (guint k = 0; k < pz->keys->len; k++)
        {
          XqKillSet after = 0;

          g_assert_cmpint (xq_kill_confirm_key (solver, &pz->position, g_array_index (pz->keys, XqMove, k),
                                                pz->mate_in, want, budget, &after, &stats),
                           ==, XQ_CONFIRM_DONE);
          g_assert_cmpint (stats.mate, ==, pz->mate_in);
          holds &= after;
        }
      g_assert_cmpuint (holds & (1u << kill), !=, 0);
      g_assert_cmpuint (holds & (1u << XQ_KILL_STALEMATE), ==, 0);
      return;
    }
  g_assert_cmpint (xq_kill_confirm (solver, &pz->position, pz->mate_in, want, budget, &holds, &stats),
                   ==, XQ_CONFIRM_DONE);
  g_assert_cmpint (stats.mate, ==, pz->mate_in);
  if (c->pack->min_rating > 0)
    {
      /* Asked as the generator asks (every pattern), then its own. */
      g_assert_cmpuint (holds & (1u << kill), !=, 0);
      g_assert_cmpuint (holds & (1u << XQ_KILL_STALEMATE), ==, 0);
      return;
    }
  g_assert_cmpuint (holds, !=, 0);
  g_assert_cmpuint (holds & ~want, ==, 0);
}

int
main (int argc, char **argv)
{
  g_autoptr(GPtrArray) problems =
    g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  g_autofree char *dir = source_path ("lessons", "puzzles", NULL);
  g_autoptr(GPtrArray) loaded = NULL;
  g_autoptr(GPtrArray) cases = g_ptr_array_new_with_free_func (g_free);
  int ret;

  xq_test_isolate_dirs ();
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  solver = xq_solver_new ();
  /* The verdict rests on the work budget alone, as the shipped proofs'
   * (a sanitizer build runs several times slower than the 2 s limit allows). */
  xq_solver_set_time_limit (solver, 0);

  g_test_add_func ("/data/puzzle-collection/load", test_load);
  g_test_add_func ("/data/puzzle-collection/size", test_size);
  g_test_add_func ("/data/puzzle-collection/goals", test_goals);
  g_test_add_func ("/data/puzzle-collection/climb", test_climb);
  g_test_add_func ("/data/puzzle-collection/titles", test_titles);
  g_test_add_func ("/data/puzzle-collection/learner-side", test_learner_side);
  g_test_add_func ("/data/puzzle-collection/hints", test_hints);
  g_test_add_func ("/data/puzzle-collection/ids", test_ids);
  g_test_add_data_func ("/data/puzzle-collection/translated/zh_CN", "zh_CN", test_translated);
  g_test_add_data_func ("/data/puzzle-collection/translated/zh_TW", "zh_TW", test_translated);

  /* One case per puzzle, so a failure names it; these use their own load. */
  loaded = xq_lesson_load_dir (dir, problems);
  for (guint i = 0; loaded && i < loaded->len; i++)
    {
      XqLessonFile *f = g_ptr_array_index (loaded, i);

      if (f->type != XQ_LESSON_FILE_PACK)
        continue;
      for (guint j = 0; j < f->pack->puzzles->len; j++)
        {
          XqPuzzle *pz = g_ptr_array_index (f->pack->puzzles, j);
          g_autofree char *path = g_strdup_printf ("/data/puzzle-collection/pattern/%s", pz->id);

          PatternCase *c = g_new0 (PatternCase, 1);

          c->puzzle = pz;
          c->pack = f->pack;
          g_ptr_array_add (cases, c);
          g_test_add_data_func (path, c, test_pattern);
        }
    }
  ret = g_test_run ();
  g_clear_pointer (&files, g_ptr_array_unref);
  xq_solver_free (solver);
  return ret;
}
