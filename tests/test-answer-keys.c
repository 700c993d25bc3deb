/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The answer key's main line ends in the puzzle's named pattern (issue 29;
 * docs/patterns.md, "The answer key's main line"), and no line ends in 困斃
 * outside the 困斃 pack.
 *
 *   /answer-keys/sheet/ID     a few puzzles whose printed answer sheet (the
 *                             worksheet's key, as `xqtool worksheet` prints
 *                             it) ended elsewhere before the line was steered
 *   /answer-keys/pack/ID      every puzzle of every shipped pack open to all
 *                             (a few seconds)
 *   /answer-keys/tier/ID      the advanced tier's deep game mates: only with
 *                             --tier (suite `reprove`, about 80 s of CPU)
 *   /answer-keys/kill/zh_CN   a puzzle's own pattern found in a translation
 *   /answer-keys/xqtool       `xqtool pattern-check --answer-key` */
#define G_LOG_DOMAIN "test-answer-keys"

#include "config.h"

#include <locale.h>
#include <libintl.h>
#include <string.h>

#include <glib/gstdio.h>

#include "xq-answer-sheet.h"
#include "xq-lesson.h"
#include "xq-patterns.h"
#include "xq-test-dirs.h"
#include "xq-test-lesson-mo.h"
#include "xq-test-xqtool.h"

static GPtrArray *files;   /* XqLessonFile*: lessons/puzzles */

static char *
puzzles_dir (void)
{
  const char *src = g_getenv ("XQ_SOURCE_DIR");

  return src ? g_build_filename (src, "lessons", "puzzles", NULL)
             : g_build_filename (SOURCE_LESSONS_DIR, "puzzles", NULL);
}

static const XqLessonFile *
pack_file (const char *pack_id)
{
  for (guint i = 0; files && i < files->len; i++)
    {
      const XqLessonFile *f = g_ptr_array_index (files, i);

      if (f->type == XQ_LESSON_FILE_PACK && strcmp (f->pack->id, pack_id) == 0)
        return f;
    }
  g_error ("no shipped pack “%s”", pack_id);
  return NULL;
}

static const XqPuzzle *
find_puzzle (const XqPuzzlePack *pack, const char *id)
{
  for (guint i = 0; i < pack->puzzles->len; i++)
    {
      const XqPuzzle *pz = g_ptr_array_index (pack->puzzles, i);

      if (strcmp (pz->id, id) == 0)
        return pz;
    }
  g_error ("no puzzle “%s” in pack “%s”", id, pack->id);
  return NULL;
}

/* The main line of an answer key in ICCS notation ("Key: c3c2. Main line:
 * 1. … c3c2 2. d2d1 a3d3", "1. c6f6 (or h6f6)"): its moves, in order. */
static GArray *
key_moves (const char *answer)
{
  GArray *moves = g_array_new (FALSE, FALSE, sizeof (XqMove));
  const char *main_line = strstr (answer, "Main line:");
  g_auto(GStrv) words = g_strsplit (main_line ? main_line : answer, " ", -1);

  for (int i = 0; words[i] != NULL; i++)
    {
      XqMove m;

      if (words[i][0] == '(')
        break;   /* "(or …)": the other first moves, not the line */
      m = strlen (words[i]) == 4 ? xq_move_from_iccs (words[i]) : XQ_MOVE_NONE;
      if (m != XQ_MOVE_NONE)
        g_array_append_val (moves, m);
    }
  return moves;
}

/* ---- The printed answer sheet -------------------------------------------------- */

typedef struct {
  const char *pack;
  const char *id;
  const char *kill;     /* the pattern the puzzle is named after */
} SheetCase;

/* Each ended elsewhere on the solver's own main line (`xqtool
 * pattern-check --answer-key` on main): 白臉將, 重炮 instead of 天地炮, a
 * checkmate in the 困斃 pack, 困斃 in a mate pack, no pattern at all, a
 * game mate's 拉抽屜 / 車馬冷著.  double-cannon-98699f (named in the
 * issue) already ended in 重炮 and must stay so. */
static const SheetCase sheet_cases[] = {
  { "double-cannon", "double-cannon-98699f", "double-cannon" },
  { "double-cannon", "double-cannon-ba1f14", "double-cannon" },
  { "heaven-earth", "heaven-earth-e708a8", "heaven-earth" },
  { "stalemate", "stalemate-13", "stalemate" },
  { "two-chariots", "two-chariots-752e51", "two-chariots" },
  { "old-soldier", "old-soldier-79e87a", "old-soldier" },
  { "game-cannons-4", "game-cannons-4-479678", "double-cannon" },
};

static void
test_sheet (gconstpointer data)
{
  const SheetCase *c = data;
  const XqLessonFile *file = pack_file (c->pack);
  const XqPuzzle *pz = find_puzzle (file->pack, c->id);
  g_autoptr(XqWorksheet) sheet = xq_worksheet_new ();
  g_autoptr(GPtrArray) answers = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) moves = NULL;
  g_autofree char *prefix = g_strdup_printf ("%s: ", c->id);
  const char *answer = NULL;
  int kill = xq_kill_from_id (c->kill);
  XqKillSet kills;

  g_autoptr(GPtrArray) puzzles = g_ptr_array_new ();
  XqPuzzlePack one = *file->pack;
  XqLessonFile alone = { XQ_LESSON_FILE_PACK, NULL, &one };

  g_assert_cmpint (kill, >=, 0);
  /* The pack with this puzzle alone, so the sheet proves one mate. */
  g_ptr_array_add (puzzles, (gpointer) pz);
  one.puzzles = puzzles;
  xq_answer_add_to_worksheet (sheet, &alone, XQ_NOTATION_ICCS, answers);
  for (guint i = 0; i < answers->len; i++)
    if (g_str_has_prefix (g_ptr_array_index (answers, i), prefix))
      answer = (const char *) g_ptr_array_index (answers, i) + strlen (prefix);
  g_assert_nonnull (answer);
  g_test_message ("%s: %s", c->id, answer);
  moves = key_moves (answer);
  g_assert_cmpuint (moves->len, ==, 2 * pz->mate_in - 1);
  kills = xq_kill_recognise (&pz->position, (const XqMove *) moves->data, (int) moves->len);
  if (!(kills & (1u << kill)))
    g_error ("%s: the answer key “%s” does not end in %s", c->id, answer, c->kill);
  if (kill != XQ_KILL_STALEMATE)
    g_assert_false (kills & (1u << XQ_KILL_STALEMATE));
}

/* ---- Every shipped puzzle ------------------------------------------------------ */

static void
test_pack (gconstpointer data)
{
  const XqPuzzlePack *pack = data;
  g_autoptr(XqSolver) solver = xq_answer_solver_new ();
  guint named = 0;

  for (guint i = 0; i < pack->puzzles->len; i++)
    {
      const XqPuzzle *pz = g_ptr_array_index (pack->puzzles, i);
      XqMove line[2 * XQ_SOLVER_MAX_MATE];
      int kill = xq_puzzle_kill (pack, pz), n = 0;
      XqKillSet kills;

      /* A puzzle that names a pattern names one the program knows. */
      if (pz->pattern != NULL && kill < 0)
        g_error ("%s: “%s” is no pattern of docs/patterns.md", pz->id, pz->pattern);
      g_assert_cmpint (xq_answer_mate_line (solver, &pz->position, pz->mate_in, kill, line, &n), ==,
                       XQ_SOLVE_MATE);
      g_assert_cmpint (n, ==, 2 * pz->mate_in - 1);
      kills = xq_kill_recognise (&pz->position, line, n);
      if (kill >= 0 && !(kills & (1u << kill)))
        g_error ("%s: the answer key's main line does not end in %s", pz->id, xq_kill_id ((XqKill) kill));
      if (kill != XQ_KILL_STALEMATE && (kills & (1u << XQ_KILL_STALEMATE)))
        g_error ("%s: the answer key's main line ends in 困斃 outside the 困斃 pack", pz->id);
      named += kill >= 0;
    }
  g_test_message ("%s: %u puzzles, %u named", pack->id, pack->puzzles->len, named);
}

/* ---- A translated pattern ------------------------------------------------------ */

/* The advanced tier names each puzzle's pattern on its own; the loader
 * hands it over translated, and the key must still find it. */
static void
test_kill_translated (gconstpointer lang)
{
  const XqLessonFile *english = pack_file ("game-soldiers");
  char *root = xq_test_lesson_mo_begin (lang);
  g_autoptr(GError) error = NULL;
  g_autoptr(XqLessonFile) file = NULL;

  g_assert_nonnull (english->pack->file);
  file = xq_lesson_load_file_simple (english->pack->file, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (file->pack->puzzles->len, ==, english->pack->puzzles->len);
  for (guint i = 0; i < file->pack->puzzles->len; i++)
    {
      const XqPuzzle *pz = g_ptr_array_index (file->pack->puzzles, i);
      const XqPuzzle *en = g_ptr_array_index (english->pack->puzzles, i);

      /* Really translated, and the same pattern found. */
      g_assert_cmpstr (pz->pattern, !=, en->pattern);
      g_assert_cmpint (xq_puzzle_kill (file->pack, pz), >=, 0);
      g_assert_cmpint (xq_puzzle_kill (file->pack, pz), ==, xq_puzzle_kill (english->pack, en));
    }

  xq_test_lesson_mo_end (root, lang);
}

/* ---- xqtool -------------------------------------------------------------------- */

static void
test_xqtool (void)
{
  g_autofree char *src = puzzles_dir ();
  g_autofree char *path = g_build_filename (src, "03-double-cannon.json", NULL);
  g_autofree char *out = NULL;
  g_autofree char *line = NULL;
  const char *row;

  g_assert_cmpint (xq_test_xqtool ((const char *const[]) { "pattern-check", "--answer-key", path, NULL },
                                   &out, NULL), ==, 0);
  /* The 重炮 of the example: the cannon on d7 over its brother on d3. */
  row = strstr (out, "double-cannon-98699f\tmate 3\tdouble-cannon\tyes\t");
  g_assert_nonnull (row);
  line = g_strndup (row, strcspn (row, "\n"));
  g_assert_nonnull (strstr (line, "line: c3c2 d2d1 a3d3 d1d0 a7d7\t"));
  g_assert_nonnull (strstr (out, "double-cannon-ba1f14\tmate 4\tdouble-cannon\tyes\t"));
  g_assert_nonnull (strstr (out, "total: 19 puzzles, 19 named: 19 answer keys end in their pattern, 0 do not; "
                                 "0 end in stalemate outside its pack; 0 without a line\n"));

  /* pattern-show follows the same line, steered into --pattern. */
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (xq_test_xqtool ((const char *const[]) { "pattern-show", "9/5k3/9/9/9/9/4c4/B8/2p3c2/4KA3 b - - 0 1",
                                                           "--pattern", "heaven-earth", NULL },
                                   &out, NULL), ==, 0);
  g_assert_nonnull (strstr (out, "line: c1d1 a2c0 g1g0\n"));
  g_assert_nonnull (strstr (out, "patterns: heaven-earth,"));
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (xq_test_xqtool ((const char *const[]) { "pattern-show", "9/5k3/9/9/9/9/4c4/B8/2p3c2/4KA3 b - - 0 1",
                                                           NULL },
                                   &out, NULL), ==, 0);
  g_assert_nonnull (strstr (out, "line: c1d1 a2c0 g1e1\n"));
  g_assert_cmpint (xq_test_xqtool ((const char *const[]) { "pattern-show", "9/5k3/9/9/9/9/4c4/B8/2p3c2/4KA3 b - - 0 1",
                                                           "--pattern", "no-such-kill", NULL },
                                   NULL, NULL), ==, 1);

  /* A FEN has no pack to name its pattern. */
  g_assert_cmpint (xq_test_xqtool ((const char *const[]) { "pattern-check", "--answer-key", "--fen",
                                                           "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", NULL },
                                   NULL, NULL), ==, 2);
}

int
main (int argc, char **argv)
{
  g_autoptr(GPtrArray) problems =
    g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  g_autofree char *dir = puzzles_dir ();
  gboolean tier = FALSE;
  int ret, out = 1;

  /* --tier: the advanced tier alone (suite `reprove`); else the rest. */
  for (int i = 1; i < argc; i++)
    if (strcmp (argv[i], "--tier") == 0)
      tier = TRUE;
    else
      argv[out++] = argv[i];
  argc = out;
  argv[argc] = NULL;

  xq_test_isolate_dirs ();
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  files = xq_lesson_load_dir (dir, problems);
  g_assert_cmpuint (problems->len, ==, 0);
  if (!tier)
    {
      for (guint i = 0; i < G_N_ELEMENTS (sheet_cases); i++)
        {
          g_autofree char *path = g_strdup_printf ("/answer-keys/sheet/%s", sheet_cases[i].id);

          g_test_add_data_func (path, &sheet_cases[i], test_sheet);
        }
      g_test_add_data_func ("/answer-keys/kill/zh_CN", "zh_CN", test_kill_translated);
      g_test_add_func ("/answer-keys/xqtool", test_xqtool);
    }
  for (guint i = 0; i < files->len; i++)
    {
      const XqLessonFile *f = g_ptr_array_index (files, i);
      g_autofree char *path = NULL;

      if (f->type != XQ_LESSON_FILE_PACK || (f->pack->min_rating > 0) != tier)
        continue;
      path = g_strdup_printf ("/answer-keys/%s/%s", tier ? "tier" : "pack", f->pack->id);
      g_test_add_data_func (path, f->pack, test_pack);
    }
  ret = g_test_run ();
  g_ptr_array_unref (files);
  return ret;
}
