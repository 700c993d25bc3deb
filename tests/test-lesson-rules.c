/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The lesson layer's wording of the core's illegal-move reasons: one
 * sentence and the board marks for each reason (the reasons themselves and
 * their points are tested in test-position.c), the winner question, and
 * the values the lessons count with. */
#define G_LOG_DOMAIN "test-lesson-rules"

#include "config.h"

#include <locale.h>

#include "xq-attacks.h"
#include "xq-lesson-rules.h"
#include "xq-material.h"
#include "xq-test-dirs.h"

typedef struct {
  const char      *fen;
  const char      *move;
  XqIllegalReason  reason;    /* what the core says, so a case cannot drift */
  const char      *sentence;  /* NULL: the move is legal */
  const char      *marks;     /* "role:kind:sq[:to]" marks, space-separated, in order */
} WordCase;

static const WordCase word_cases[] = {
  { XQ_START_FEN, "b0c2", XQ_ILLEGAL_NONE, NULL, "" },
  { XQ_START_FEN, "a9a8", XQ_ILLEGAL_NOT_YOUR_TURN, "There is none of your pieces on that point.",
    "wrong:cross:a9" },
  { XQ_START_FEN, "a0b0", XQ_ILLEGAL_OWN_PIECE, "You cannot capture your own piece.", "wrong:cross:b0" },
  { XQ_START_FEN, "b0d1", XQ_ILLEGAL_HORSE_LEG,
    "The horse's leg is blocked: a piece stands right next to it on that side.",
    "blocker:point:c0 wrong:cross:d1" },
  { "3k5/9/9/9/9/9/9/9/3N5/2B1K4 w - - 0 1", "c0e2", XQ_ILLEGAL_ELEPHANT_EYE,
    "A piece sits on the elephant's eye, so it cannot fly there.", "blocker:point:d1 wrong:cross:e2" },
  { "3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1", "c4e6", XQ_ILLEGAL_CROSSES_RIVER,
    "The elephant cannot cross the river.", "wrong:cross:e6" },
  { "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", "d0c0", XQ_ILLEGAL_OUTSIDE_PALACE,
    "The general must stay inside the palace.", "wrong:cross:c0" },
  { XQ_START_FEN, "b2b8", XQ_ILLEGAL_PIECES_IN_WAY, "A cannon only jumps when it captures.",
    "blocker:point:b7 wrong:cross:b8" },
  { XQ_START_FEN, "a0a4", XQ_ILLEGAL_PIECES_IN_WAY, "The chariot cannot jump over pieces.",
    "blocker:point:a3 wrong:cross:a4" },
  { "3k5/9/9/9/9/9/r8/9/9/C3K4 w - - 0 1", "a0a3", XQ_ILLEGAL_NO_SCREEN,
    "To capture, a cannon must jump over exactly one piece, its screen.", "wrong:cross:a3" },
  { "3k5/9/9/9/9/9/r8/N8/N8/C3K4 w - - 0 1", "a0a3", XQ_ILLEGAL_EXTRA_SCREEN,
    "A cannon can jump over only one piece, and here there are more.",
    "screen:point:a1 screen:point:a2 wrong:cross:a3" },
  { "3k5/9/9/9/4P4/9/9/9/9/4K4 w - - 0 1", "e5e4", XQ_ILLEGAL_SOLDIER_BACKWARDS,
    "A soldier never moves backwards.", "wrong:cross:e4" },
  { XQ_START_FEN, "e3d3", XQ_ILLEGAL_SOLDIER_SIDEWAYS,
    "A soldier may only step sideways after crossing the river.", "wrong:cross:d3" },
  { XQ_START_FEN, "b0b1", XQ_ILLEGAL_WRONG_WAY,
    "The horse moves one point straight, then one point diagonally.", "wrong:cross:b1" },
  { "4k4/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1", "e1c2", XQ_ILLEGAL_GENERALS_FACE,
    "The two generals may never face each other on an open file.", "attack:arrow:e9:e0" },
  { "3k5/9/9/9/4r4/9/9/9/9/4K1N2 w - - 0 1", "g0h2", XQ_ILLEGAL_STILL_IN_CHECK,
    "That move would leave your general in check.", "attack:arrow:e5:e0" },
  { "3k5/9/9/9/5r3/9/9/9/9/4K4 w - - 0 1", "e0f0", XQ_ILLEGAL_INTO_CHECK,
    "Your general would step onto a point the other side attacks.", "attack:arrow:f5:f0" },
  { "3k5/9/9/9/4r4/9/9/9/4R4/4K4 w - - 0 1", "e1d1", XQ_ILLEGAL_PINNED,
    "That piece shields your general: if it moves away, the general is in check.",
    "attack:arrow:e5:e0" },
  { "3k5/9/9/9/4c4/9/9/R8/9/4K4 w - - 0 1", "a2e2", XQ_ILLEGAL_BECOMES_SCREEN,
    "That piece would become the screen of a cannon aimed at your general.",
    "attack:arrow:e5:e0 screen:point:e2" },
};

static char *
marks_text (const XqLessonMarks *marks)
{
  GString *s = g_string_new (NULL);

  for (int i = 0; i < marks->n_marks; i++)
    {
      const XqLessonMark *m = &marks->marks[i];
      static const char *const kinds[] = { "point", "arrow", "cross", "star" };
      char sq[3], to[3];

      xq_square_to_text (m->sq, sq);
      if (s->len > 0)
        g_string_append_c (s, ' ');
      g_string_append_printf (s, "%s:%s:%s", xq_lesson_mark_role_name (m->role), kinds[m->kind], sq);
      if (m->kind == XQ_LESSON_MARK_ARROW)
        {
          xq_square_to_text (m->to, to);
          g_string_append_printf (s, ":%s", to);
        }
    }
  return g_string_free (s, FALSE);
}

static void
test_wording (gconstpointer data)
{
  const WordCase *c = data;
  XqMove m = xq_move_from_iccs (c->move);
  g_autofree char *why = NULL, *marks = NULL;
  XqLessonMarks list;
  XqIllegal core;
  XqPosition pos;

  g_assert_true (xq_position_set_fen (&pos, c->fen, NULL));
  g_assert_cmpint (xq_position_explain_illegal (&pos, m, &core), ==, c->reason);
  xq_lesson_marks_clear (&list);
  why = xq_lesson_explain_illegal (&pos, m, &list);
  g_assert_cmpstr (why, ==, c->sentence);
  marks = marks_text (&list);
  g_assert_cmpstr (marks, ==, c->marks);
}

/* Every reason but "none" and "not a move" (which needs no position) is
 * worded above. */
static void
test_wording_covers_reasons (void)
{
  for (int r = XQ_ILLEGAL_NO_PIECE; r <= XQ_ILLEGAL_BECOMES_SCREEN; r++)
    {
      gboolean seen = r == XQ_ILLEGAL_NO_PIECE;   /* the same sentence as not-your-turn */

      for (gsize i = 0; i < G_N_ELEMENTS (word_cases); i++)
        seen |= word_cases[i].reason == (XqIllegalReason) r;
      g_assert_true (seen);
    }
}

/* Chariot takes a guarded cannon: the lesson balance is the core's table. */
static void
test_values (void)
{
  XqPosition pos;

  xq_position_init_start (&pos);
  g_assert_cmpint (xq_lesson_material (&pos, XQ_RED), ==, xq_material_side_total (&pos, XQ_RED));
  g_assert_cmpint (xq_lesson_material (&pos, XQ_RED), ==, 2 * 90 + 2 * 40 + 2 * 45 + 2 * 20 + 2 * 20 + 5 * 10);
  g_assert_cmpint (xq_lesson_piece_value (xq_piece_make (XQ_BLACK, XQ_PAWN), xq_square_from_text ("e4")), ==, 20);
  g_assert_cmpint (xq_lesson_piece_value (xq_piece_make (XQ_BLACK, XQ_PAWN), xq_square_from_text ("e5")), ==, 10);
  g_assert_cmpint (xq_lesson_piece_value (xq_piece_make (XQ_RED, XQ_KING), xq_square_from_text ("e0")), ==, 0);
}

/* The winner question is the referee's rule for one position. */
static void
test_winner (void)
{
  static const struct { const char *fen, *winner; } cases[] = {
    { XQ_START_FEN, "none" },
    { "3k5/9/9/9/9/9/3C5/3C5/9/4K4 b - - 0 1", "red" },
    { "5k3/9/3N5/3N5/9/9/9/9/9/3K5 b - - 0 1", "red" },
    { "3k5/9/9/9/9/9/9/9/R8/4K4 w - - 120 80", "draw" },
    /* A soldier on the back rank cannot mate a bare general. */
    { "3kP4/9/9/9/9/9/9/9/9/4K4 b - - 0 1", "draw" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      XqPosition pos;

      g_assert_true (xq_position_set_fen (&pos, cases[i].fen, NULL));
      g_assert_cmpstr (xq_lesson_winner (&pos), ==, cases[i].winner);
    }
}

/* Protection: defended, hanging and unsafe, one rule for the kinds. */
static XqPosition
position (const char *fen)
{
  XqPosition pos;

  g_assert_true (xq_position_set_fen (&pos, fen, NULL));
  return pos;
}

static void
test_protection (void)
{
  XqSquare out[XQ_SQUARES], by = XQ_NO_SQUARE;
  XqPosition pos;

  /* The general defends e2 against the chariot that comes from a2: the
   * chariot leaves its rank (asked on the board as it stands, the chariot
   * would still hold e2 and the general could not step there). */
  pos = position ("3k5/9/9/9/9/9/9/r3N4/4K4/9 w - - 0 1");
  g_assert_cmpint (xq_attacks_defenders (&pos, xq_square_from_text ("e2"), XQ_NO_SQUARE, out), ==, 0);
  g_assert_cmpint (xq_lesson_defenders (&pos, xq_square_from_text ("e2"), out), ==, 1);
  g_assert_cmpint (out[0], ==, xq_square_from_text ("e1"));
  g_assert_false (xq_lesson_is_hanging (&pos, xq_square_from_text ("e2"), NULL));
  /* With the black general on e9 it would face it: hanging. */
  pos = position ("4k4/9/9/9/9/9/9/r3N4/4K4/9 w - - 0 1");
  g_assert_cmpint (xq_lesson_defenders (&pos, xq_square_from_text ("e2"), out), ==, 0);
  g_assert_true (xq_lesson_is_hanging (&pos, xq_square_from_text ("e2"), &by));
  g_assert_cmpint (by, ==, xq_square_from_text ("a2"));

  /* The cannon b0 looks like a defender of b6, but its screen is the
   * chariot that captures: b6 and b0 hang, the general never does. */
  pos = position ("3k5/9/9/1N7/9/9/1r7/9/9/1C2K1B2 w - - 0 1");
  g_assert_cmpint (xq_lesson_hanging (&pos, XQ_RED, out), ==, 2);
  g_assert_cmpint (out[0], ==, xq_square_from_text ("b0"));
  g_assert_cmpint (out[1], ==, xq_square_from_text ("b6"));

  /* A pinned attacker does not capture: the horse g8 is not hanging, though
   * the chariot d8 reaches it; the chariot a5 is (the horse b7). */
  pos = position ("3k5/3r2N2/1n7/9/R1P1c4/9/3RP4/5N3/4A4/4K4 w - - 0 1");
  g_assert_cmpint (xq_lesson_captures_on (&pos, xq_square_from_text ("g8"), out), ==, 0);
  g_assert_false (xq_lesson_is_hanging (&pos, xq_square_from_text ("g8"), NULL));
  g_assert_cmpint (xq_lesson_hanging (&pos, XQ_RED, out), ==, 1);
  g_assert_cmpint (out[0], ==, xq_square_from_text ("a5"));
  /* The advisor e1: the cannon e5 takes it over e3, the general takes back. */
  g_assert_cmpint (xq_lesson_defenders (&pos, xq_square_from_text ("e1"), out), ==, 1);
  g_assert_cmpint (out[0], ==, xq_square_from_text ("e0"));

  /* Defended but attacked by a cheaper piece: not hanging, yet unsafe. */
  pos = position ("5k3/9/2n6/9/3R5/9/4N4/9/9/4K4 w - - 0 1");
  g_assert_false (xq_lesson_is_hanging (&pos, xq_square_from_text ("d5"), NULL));
  g_assert_true (xq_lesson_is_unsafe (&pos, xq_square_from_text ("d5"), &by));
  g_assert_cmpint (by, ==, xq_square_from_text ("c7"));

  /* Gains by the value table: a free horse 4; a defended cannon taken by
   * a chariot -4.5; a defended chariot taken by a horse +5. */
  pos = position ("r4k3/9/4n4/9/9/c3R4/9/9/9/3K5 w - - 0 1");
  g_assert_cmpint (xq_lesson_capture_gain (&pos, xq_move_from_iccs ("e4e7")), ==, 40);
  g_assert_cmpint (xq_lesson_capture_gain (&pos, xq_move_from_iccs ("e4a4")), ==, -45);
  g_assert_true (xq_lesson_is_safe_capture (&pos, xq_move_from_iccs ("e4e7")));
  g_assert_false (xq_lesson_is_safe_capture (&pos, xq_move_from_iccs ("e4a4")));
  pos = position ("2b1k4/5n3/n2r5/9/2N6/9/9/R8/9/5K3 w - - 0 1");
  g_assert_cmpint (xq_lesson_capture_gain (&pos, xq_move_from_iccs ("c5d7")), ==, 50);
  g_assert_cmpint (xq_lesson_capture_gain (&pos, xq_move_from_iccs ("a2a7")), ==, -50);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  xq_test_isolate_dirs ();
  g_test_init (&argc, &argv, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (word_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/lesson-rules/wording/%s/%" G_GSIZE_FORMAT,
                                               xq_illegal_reason_id (word_cases[i].reason), i);
      g_test_add_data_func (path, &word_cases[i], test_wording);
    }
  g_test_add_func ("/lesson-rules/wording/covers-reasons", test_wording_covers_reasons);
  g_test_add_func ("/lesson-rules/values", test_values);
  g_test_add_func ("/lesson-rules/winner", test_winner);
  g_test_add_func ("/lesson-rules/protection", test_protection);
  return g_test_run ();
}
