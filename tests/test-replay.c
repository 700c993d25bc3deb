/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Replays in lesson files (xq-replay.h, the "replay" kind): the moves are
 * played by the rules core, a bad one is a located problem, the question's
 * answer is the referee's, and every shipped replay ends the way its step
 * says it does. */
#define G_LOG_DOMAIN "test-replay"

#include "config.h"

#include <locale.h>
#include <string.h>

#include "xq-kind.h"
#include "xq-replay.h"
#include "xq-test-kinds.h"
#include "xq-lesson.h"

/* A unit around one exercise (and a page); problems go to problems. */
static XqLessonFile *
load_unit (const char *page_json, const char *exercise_json, GPtrArray *problems)
{
  g_autofree char *doc = g_strdup_printf (
    "{ \"format\": 1, \"type\": \"unit\", \"id\": \"t\", \"number\": 1, \"title\": \"T\","
    "  \"pages\": [ %s ], \"exercises\": [ %s ] }", page_json, exercise_json);

  return xq_lesson_load_data (doc, -1, "replay.json", problems);
}

static GPtrArray *
new_problems (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
}

/* The one problem the file has, as xqtool validate prints it. */
static char *
only_problem (GPtrArray *problems)
{
  for (guint i = 0; i < problems->len; i++)
    {
      g_autofree char *line = xq_lesson_problem_format (g_ptr_array_index (problems, i));
      g_test_message ("%s", line);
    }
  g_assert_cmpuint (problems->len, ==, 1);
  return xq_lesson_problem_format (g_ptr_array_index (problems, 0));
}

#define CHECK_FEN "3k5/9/9/9/3r5/9/9/9/9/R3K4 w - - 0 1"
#define PERPETUAL "\"a0a9\", \"d9d8\", \"a9a8\", \"d8d9\", \"a8a9\", \"d9d8\", \"a9a8\", \"d8d9\", \"a8a9\""
#define WINNERS "\"choices\": [ { \"id\": \"red\", \"text\": \"Red\" }, { \"id\": \"black\", \"text\": \"Black\" }," \
                " { \"id\": \"draw\", \"text\": \"Draw\" } ]"
#define PLAIN_PAGE "{ \"text\": \"P\" }"

static void
test_good_file (void)
{
  g_autoptr(GPtrArray) problems = new_problems ();
  g_autoptr(XqLessonFile) file = load_unit (
    "{ \"text\": \"Watch\", \"fen\": \"" CHECK_FEN "\", \"replay\": [ " PERPETUAL " ] }",
    "{ \"id\": \"r\", \"kind\": \"replay\", \"prompt\": \"Who wins?\", \"fen\": \"" CHECK_FEN "\","
    "  \"replay\": [ " PERPETUAL " ], " WINNERS " }", problems);
  const XqLessonPage *page;
  const XqExercise *ex;
  const XqGame *game;
  XqResult result;

  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_nonnull (file);
  page = g_ptr_array_index (file->unit->pages, 0);
  g_assert_nonnull (page->replay);
  g_assert_cmpint (xq_game_get_n_plies (page->replay), ==, 9);
  ex = g_ptr_array_index (file->unit->exercises, 0);
  game = xq_exercise_replay (ex);
  g_assert_nonnull (game);
  g_assert_cmpint (xq_game_get_ply (game), ==, 9);
  result = xq_game_get_result (game);
  g_assert_cmpint (result.winner, ==, XQ_WINNER_BLACK);
  g_assert_cmpint (result.reason, ==, XQ_REASON_PERPETUAL_CHECK);
  /* The referee decided, and the answer is its. */
  g_assert_cmpstr (answer_of (ex).choice, ==, "black");
}

typedef struct {
  const char *name;
  const char *page;
  const char *exercise;
  const char *expect;   /* the problem line, from its start */
} BadCase;

static const BadCase bad_cases[] = {
  /* A chariot moves along lines, never aslant. */
  { "illegal-move", PLAIN_PAGE,
    "{ \"id\": \"r\", \"kind\": \"replay\", \"prompt\": \"Q\", \"fen\": \"" CHECK_FEN "\","
    "  \"replay\": [ \"a0a9\", \"d9d8\", \"a9d7\" ], " WINNERS " }",
    "replay.json: $.exercises[0].replay[2]: move 3 (a9d7) is not legal: " },
  { "not-iccs", PLAIN_PAGE,
    "{ \"id\": \"r\", \"kind\": \"replay\", \"prompt\": \"Q\", \"fen\": \"" CHECK_FEN "\","
    "  \"replay\": [ \"a0a9\", \"R+9\" ], " WINNERS " }",
    "replay.json: $.exercises[0].replay[1]: “R+9” is not a move in ICCS notation" },
  /* After the ruling at move 9 nothing more is played. */
  { "after-the-end", PLAIN_PAGE,
    "{ \"id\": \"r\", \"kind\": \"replay\", \"prompt\": \"Q\", \"fen\": \"" CHECK_FEN "\","
    "  \"replay\": [ " PERPETUAL ", \"d9d8\" ], " WINNERS " }",
    "replay.json: $.exercises[0].replay[9]: the game is already over before move 10 (d9d8): Black wins" },
  { "page-illegal", "{ \"text\": \"P\", \"fen\": \"" CHECK_FEN "\", \"replay\": [ \"a0a9\", \"d9e9\" ] }",
    "{ \"id\": \"r\", \"kind\": \"choose\", \"prompt\": \"Q\", \"answer\": \"a\","
    "  \"choices\": [ { \"id\": \"a\", \"text\": \"A\" }, { \"id\": \"b\", \"text\": \"B\" } ] }",
    "replay.json: $.pages[0].replay[1]: move 2 (d9e9) is not legal: " },
  { "empty", PLAIN_PAGE,
    "{ \"id\": \"r\", \"kind\": \"replay\", \"prompt\": \"Q\", \"replay\": [ ], " WINNERS " }",
    "replay.json: $.exercises[0].replay: the list must not be empty" },
  { "wrong-answer", PLAIN_PAGE,
    "{ \"id\": \"r\", \"kind\": \"replay\", \"prompt\": \"Q\", \"fen\": \"" CHECK_FEN "\","
    "  \"replay\": [ " PERPETUAL " ], \"answer\": \"red\", " WINNERS " }",
    "replay.json: $.exercises[0].answer: the answer “red” disagrees with the rules, which say “black”" },
  /* "allowed" asks about a repetition: a checkmate has none. */
  { "allowed-needs-repetition", PLAIN_PAGE,
    "{ \"id\": \"r\", \"kind\": \"replay\", \"prompt\": \"Q\", \"fen\": \"9/3k5/9/9/N7p/9/9/9/R8/4K4 b - - 0 1\","
    "  \"replay\": [ \"d8d9\", \"a5b7\", \"i5i4\", \"a1a9\" ], \"question\": \"allowed\","
    "  \"choices\": [ { \"id\": \"yes\", \"text\": \"Y\" }, { \"id\": \"no\", \"text\": \"N\" } ] }",
    "replay.json: $.exercises[0].replay: an “allowed” question needs a replay that ends in a repetition ruling" },
  { "reason-needs-an-end", PLAIN_PAGE,
    "{ \"id\": \"r\", \"kind\": \"replay\", \"prompt\": \"Q\", \"replay\": [ \"h2e2\" ], \"question\": \"reason\","
    "  \"choices\": [ { \"id\": \"checkmate\", \"text\": \"C\" }, { \"id\": \"stalemate\", \"text\": \"S\" } ] }",
    "replay.json: $.exercises[0].replay: the game does not end with this replay" },
  { "try-only-for-legal", PLAIN_PAGE,
    "{ \"id\": \"r\", \"kind\": \"replay\", \"prompt\": \"Q\", \"fen\": \"" CHECK_FEN "\","
    "  \"replay\": [ " PERPETUAL " ], \"try\": [ \"d8d9\" ], " WINNERS " }",
    "replay.json: $.exercises[0].try: “try” belongs only to the question “legal”" },
  { "choice-not-a-reason", PLAIN_PAGE,
    "{ \"id\": \"r\", \"kind\": \"replay\", \"prompt\": \"Q\", \"fen\": \"" CHECK_FEN "\","
    "  \"replay\": [ " PERPETUAL " ], \"question\": \"reason\","
    "  \"choices\": [ { \"id\": \"perpetual-check\", \"text\": \"C\" }, { \"id\": \"forever\", \"text\": \"F\" } ] }",
    "replay.json: $.exercises[0].choices[1].id: “forever” is not one of: checkmate, stalemate," },
};

static void
test_bad (gconstpointer data)
{
  const BadCase *c = data;
  g_autoptr(GPtrArray) problems = new_problems ();
  g_autoptr(XqLessonFile) file = load_unit (c->page, c->exercise, problems);
  g_autofree char *line = only_problem (problems);

  g_assert_null (file);
  if (!g_str_has_prefix (line, c->expect))
    g_error ("got “%s”, wanted it to start with “%s”", line, c->expect);
}

/* A replay question played as a child would: a wrong pick names what the
 * picked word means, the second gives the answer with the referee's own
 * sentence, the right pick says it too; the hint ladder ends at the
 * answer. */
static void
test_kind (void)
{
  g_autoptr(GPtrArray) problems = new_problems ();
  g_autoptr(XqLessonFile) file = load_unit (PLAIN_PAGE,
    "{ \"id\": \"r\", \"kind\": \"replay\", \"prompt\": \"Q\", \"fen\": \"" CHECK_FEN "\","
    "  \"replay\": [ " PERPETUAL " ], " WINNERS " }", problems);
  const XqExercise *ex = g_ptr_array_index (file->unit->exercises, 0);
  XqResult result = xq_game_get_result (xq_exercise_replay (ex));
  g_autofree char *referee = xq_result_explain (&result);
  XqInput red = { .type = XQ_INPUT_CHOOSE, .sq = XQ_NO_SQUARE, .move = XQ_MOVE_NONE, .choice = "red" };
  XqInput draw = red, black = red;
  XqAttempt a;
  XqVerdict *v;

  draw.choice = "draw";
  black.choice = "black";
  xq_attempt_init (&a, ex);
  /* The attempt's board is the end of the game, where the answer is. */
  g_assert_true (a.shown.key == xq_game_get_position (xq_exercise_replay (ex))->key);

  v = xq_attempt_input (&a, &red);
  g_assert_cmpint (v->kind, ==, XQ_VERDICT_WRONG);
  g_assert_true (g_str_has_prefix (v->message, "Not “Red”. A side wins when"));
  g_assert_null (strstr (v->message, referee));
  xq_verdict_free (v);

  v = xq_attempt_input (&a, &draw);
  g_assert_cmpint (v->kind, ==, XQ_VERDICT_WRONG);
  g_assert_true (g_str_has_prefix (v->message, "The answer is “Black”. "));
  g_assert_nonnull (strstr (v->message, referee));
  g_assert_cmpint (v->marks.n_marks, >, 0);
  xq_verdict_free (v);

  v = xq_attempt_input (&a, &black);
  g_assert_cmpint (v->kind, ==, XQ_VERDICT_CORRECT);
  g_assert_cmpstr (v->message, ==, referee);
  g_assert_true (a.solved);
  g_assert_cmpint (a.stars, ==, 1);
  xq_verdict_free (v);
  xq_attempt_clear (&a);

  xq_attempt_init (&a, ex);
  for (int level = 1; level <= XQ_HINT_LEVELS; level++)
    {
      g_autoptr(XqHint) hint = xq_attempt_hint (&a, level);

      g_assert_nonnull (hint->text);
      if (level == 1)
        g_assert_cmpint (hint->marks.n_marks, ==, 1);   /* the last move's arrow */
      if (level == XQ_HINT_LEVELS)
        g_assert_cmpstr (hint->choice, ==, "black");
    }
  xq_attempt_clear (&a);
}

/* "Is one more move legal?": the core's reason is the answer's. */
static void
test_legal (void)
{
  g_autoptr(GPtrArray) problems = new_problems ();
  g_autoptr(XqLessonFile) file = load_unit (PLAIN_PAGE,
    "{ \"id\": \"r\", \"kind\": \"replay\", \"prompt\": \"Q\", \"fen\": \"9/3k5/9/9/N7p/9/9/9/R8/4K4 b - - 0 1\","
    "  \"replay\": [ \"d8d9\", \"a5b7\", \"i5i4\", \"a1a9\" ], \"question\": \"legal\", \"try\": [ \"d9e9\" ],"
    "  \"choices\": [ { \"id\": \"yes\", \"text\": \"Yes\" }, { \"id\": \"no\", \"text\": \"No\" } ] }", problems);
  const XqExercise *ex = g_ptr_array_index (file->unit->exercises, 0);
  XqAnswer no = { .choice = "no" }, yes = { .choice = "yes" };
  g_autoptr(XqVerdict) right = NULL;
  g_autoptr(XqVerdict) wrong = NULL;

  g_assert_cmpstr (answer_of (ex).choice, ==, "no");
  right = xq_exercise_check (ex, &no);
  g_assert_cmpint (right->kind, ==, XQ_VERDICT_CORRECT);
  g_assert_nonnull (strstr (right->message, "generals may never face each other"));
  wrong = xq_exercise_check (ex, &yes);
  g_assert_cmpint (wrong->kind, ==, XQ_VERDICT_WRONG);
  g_assert_nonnull (strstr (wrong->message, "Not “Yes”."));
}

/* What each shipped replay shows: the core's ruling at its end. */
typedef struct {
  const char *id;
  XqWinner    winner;
  XqReason    reason;
} Shipped;

static const Shipped shipped[] = {
  { "replay-checkmate", XQ_WINNER_RED, XQ_REASON_CHECKMATE },
  { "replay-facing", XQ_WINNER_RED, XQ_REASON_CHECKMATE },
  { "replay-stalemate", XQ_WINNER_RED, XQ_REASON_STALEMATE },
  { "replay-stalemate-reason", XQ_WINNER_RED, XQ_REASON_STALEMATE },
  { "replay-perpetual-check", XQ_WINNER_BLACK, XQ_REASON_PERPETUAL_CHECK },
  { "replay-perpetual-check-allowed", XQ_WINNER_BLACK, XQ_REASON_PERPETUAL_CHECK },
  { "replay-check-idle", XQ_WINNER_DRAW, XQ_REASON_REPETITION },
  { "replay-check-idle-winner", XQ_WINNER_DRAW, XQ_REASON_REPETITION },
  { "replay-chase", XQ_WINNER_BLACK, XQ_REASON_PERPETUAL_CHASE },
  { "replay-chase-allowed", XQ_WINNER_BLACK, XQ_REASON_PERPETUAL_CHASE },
  { "replay-horses", XQ_WINNER_DRAW, XQ_REASON_REPETITION },
  { "replay-sixty", XQ_WINNER_DRAW, XQ_REASON_MOVE_LIMIT },
  { "replay-bare", XQ_WINNER_DRAW, XQ_REASON_BARE_MATERIAL },
};

static void
test_shipped (void)
{
  /* The results units: the first ends games, the second draws them. */
  const char *const names[] = { "unit7-results.json", "unit11-results-2.json" };
  guint n_replays = 0;

  for (guint n = 0; n < G_N_ELEMENTS (names); n++)
    {
      g_autofree char *path = g_build_filename (g_getenv ("XQ_SOURCE_DIR"), "lessons", names[n], NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(XqLessonFile) file = xq_lesson_load_file_simple (path, &error);

      g_assert_no_error (error);
    for (guint i = 0; i < file->unit->exercises->len; i++)
      {
        const XqExercise *ex = g_ptr_array_index (file->unit->exercises, i);
        const XqGame *game = xq_exercise_replay (ex);
        const Shipped *want = NULL;
        XqResult result;

        if (game == NULL)
          continue;
        n_replays++;
        for (guint k = 0; k < G_N_ELEMENTS (shipped); k++)
          if (strcmp (shipped[k].id, ex->id) == 0)
            want = &shipped[k];
        g_test_message ("%s", ex->id);
        g_assert_nonnull (want);
        result = xq_game_get_result (game);
        g_assert_cmpint (result.winner, ==, want->winner);
        g_assert_cmpint (result.reason, ==, want->reason);
        g_assert_cmpint (result.ply, ==, xq_game_get_n_plies (game));
        /* 一將一閑 and the horses' shuffle: both sides allowed (26.2). */
        if (want->reason == XQ_REASON_REPETITION)
          g_assert_cmpint (result.both, ==, XQ_REASON_REPETITION);
      }
    /* The 60-move story starts late: 55 moves each are gone already. */
    for (guint i = 0; i < file->unit->exercises->len; i++)
      {
        const XqExercise *ex = g_ptr_array_index (file->unit->exercises, i);
        if (strcmp (ex->id, "replay-sixty") == 0)
          {
            g_assert_cmpint (xq_replay_quiet_rounds (&ex->position), ==, 55);
            g_assert_cmpint (xq_replay_quiet_rounds (xq_game_get_position (xq_exercise_replay (ex))), ==, 60);
          }
      }
    }
  g_assert_cmpuint (n_replays, ==, G_N_ELEMENTS (shipped));
}

/* Issue 31: "A draw" picked for the 困斃 replay got the meaning of every
 * draw; the first wrong pick now says what happened in this game: the
 * side to move has no legal move, and that side loses; its general is
 * marked. */
static void
test_stalemate_pick (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("XQ_SOURCE_DIR"), "lessons", "unit7-results.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(XqLessonFile) file = xq_lesson_load_file_simple (path, &error);
  guint seen = 0;

  g_assert_no_error (error);
  for (guint i = 0; i < file->unit->exercises->len; i++)
    {
      const XqExercise *ex = g_ptr_array_index (file->unit->exercises, i);
      XqInput draw = { .type = XQ_INPUT_CHOOSE, .sq = XQ_NO_SQUARE, .move = XQ_MOVE_NONE, .choice = "draw" };
      const XqPosition *end;
      XqAttempt a;
      XqVerdict *v;

      if (strcmp (ex->id, "replay-stalemate") != 0)
        continue;
      seen++;
      end = xq_game_get_position (xq_exercise_replay (ex));
      xq_attempt_init (&a, ex);
      v = xq_attempt_input (&a, &draw);
      g_assert_cmpint (v->kind, ==, XQ_VERDICT_WRONG);
      g_assert_nonnull (strstr (v->message, "Black has no legal move, and that side loses"));
      g_assert_true (xq_lesson_marks_has (&v->marks, XQ_LESSON_MARK_POINT, XQ_LESSON_ROLE_TARGET,
                                          end->king[XQ_BLACK], XQ_NO_SQUARE));
      xq_verdict_free (v);
      xq_attempt_clear (&a);
    }
  g_assert_cmpuint (seen, ==, 1);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lesson/replay/good-file", test_good_file);
  for (guint i = 0; i < G_N_ELEMENTS (bad_cases); i++)
    {
      g_autofree char *p = g_strdup_printf ("/lesson/replay/bad/%s", bad_cases[i].name);
      g_test_add_data_func (p, &bad_cases[i], test_bad);
    }
  g_test_add_func ("/lesson/replay/kind", test_kind);
  g_test_add_func ("/lesson/replay/legal", test_legal);
  g_test_add_func ("/lesson/replay/shipped", test_shipped);
  g_test_add_func ("/lesson/replay/stalemate-pick", test_stalemate_pick);
  return g_test_run ();
}
