/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of the kill patterns (docs/patterns.md): the analysis of a final
 * mate, one mate each pattern accepts and one near miss it refuses, and
 * the confirmation on every line of defence with its budget.
 *
 * The positions were composed by hand or found with `xqtool puzzle-gen`
 * and checked on a board; `xqtool pattern-show FEN` prints the analysis
 * each comment describes. */
#define G_LOG_DOMAIN "test-patterns"

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>
#include <sys/wait.h>

#include "xq-patterns.h"
#include "xq-solver.h"
#include "xq-test-dirs.h"
#include "xq-test-xqtool.h"

static XqSolver *solver;

static void
load (XqPosition *pos, const char *fen)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (xq_position_set_fen (pos, fen, &error));
  g_assert_no_error (error);
}

static XqSquare
sq (const char *text)
{
  XqSquare s = xq_square_from_text (text);

  g_assert_cmpint (s, !=, XQ_NO_SQUARE);
  return s;
}

static guint32
attacker_bit (const XqMateAnalysis *a, const char *square)
{
  int i = xq_mate_attacker_index (a, sq (square));

  g_assert_cmpint (i, >=, 0);
  return 1u << i;
}

/* ---- The analysis -------------------------------------------------------- */

static void
test_analysis_horse_cannon (void)
{
  XqMateAnalysis a;
  XqPosition pos;

  /* Cannon d1 checks over its horse d7; the horse strikes e9, which the red
   * general on e0 holds as well, so the horse's power is not needed, only
   * its body as the screen; d8 stays on the line of fire. */
  load (&pos, "3k5/9/3N5/9/9/9/9/9/3C5/4K4 b - - 0 1");
  g_assert_true (xq_mate_analyse (&pos, &a));
  g_assert_true (a.checkmate);
  g_assert_false (a.stalemate);
  g_assert_cmpint (a.general, ==, sq ("d9"));
  g_assert_cmpint (a.n_checkers, ==, 1);
  g_assert_cmpint (a.checkers[0], ==, sq ("d1"));
  g_assert_cmpint (a.screens[0], ==, sq ("d7"));
  g_assert_cmpint (a.n_attackers, ==, 3);
  g_assert_cmpuint (a.essential, ==, attacker_bit (&a, "d1") | attacker_bit (&a, "d7"));
  g_assert_cmpuint (a.power, ==, attacker_bit (&a, "d1"));
  g_assert_cmpint (a.n_flights, ==, 2);
  g_assert_cmpuint (a.own_blocked, ==, 0);
  for (int j = 0; j < a.n_flights; j++)
    {
      guint8 bit = 1u << j;
      int h = xq_mate_attacker_index (&a, sq ("d7")), k = xq_mate_attacker_index (&a, sq ("e0"));
      int c = xq_mate_attacker_index (&a, sq ("d1"));

      if (a.flights[j] == sq ("e9"))
        {
          g_assert_true (a.control[h] & bit);
          g_assert_true (a.control[k] & bit);
          g_assert_false (a.control[c] & bit);
          g_assert_cmpuint (xq_mate_sole_guard (&a, h) & bit, ==, 0);
        }
      else
        {
          g_assert_cmpint (a.flights[j], ==, sq ("d8"));
          g_assert_true (a.control[c] & bit);
          g_assert_cmpuint (xq_mate_sole_guard (&a, c), ==, bit);
        }
    }
}

static void
test_analysis_facing (void)
{
  XqMateAnalysis a;
  XqPosition pos;

  /* The horse g8 checks from the trough; d9 is held only by the red
   * general's file, f9 only by the chariot; e8 is the general's own
   * advisor. */
  load (&pos, "4k4/4a1N2/9/9/9/9/9/9/9/3K1R3 b - - 0 1");
  g_assert_true (xq_mate_analyse (&pos, &a));
  g_assert_cmpuint (a.essential, ==, attacker_bit (&a, "d0") | attacker_bit (&a, "f0") |
                                     attacker_bit (&a, "g8"));
  g_assert_cmpuint (a.essential, ==, a.power);
  for (int j = 0; j < a.n_flights; j++)
    g_assert_cmpint (((a.own_blocked >> j) & 1) != 0, ==, a.flights[j] == sq ("e8"));

  /* A position with a move left is no kill at all. */
  load (&pos, "4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1");
  g_assert_false (xq_mate_analyse (&pos, &a));
  g_assert_cmpuint (xq_kill_recognise_final (&pos), ==, 0);
}

static void
test_analysis_stalemate (void)
{
  XqMateAnalysis a;
  XqPosition pos;

  load (&pos, "5k3/9/3N5/3N5/9/9/9/9/9/3K5 b - - 0 1");
  g_assert_true (xq_mate_analyse (&pos, &a));
  g_assert_true (a.stalemate);
  g_assert_false (a.checkmate);
  g_assert_cmpint (a.n_checkers, ==, 0);
  /* Only the stalemate pattern: every other one needs a mate. */
  g_assert_cmpuint (xq_kill_set (&a, NULL, NULL, 0), ==, 1u << XQ_KILL_STALEMATE);
}

/* ---- One mate each pattern accepts, one near miss it refuses ------------- */

typedef struct {
  const char *kill;
  const char *fen;     /* a final position (the loser to move), or a start */
  int         max;     /* with a start: confirm on every line within max */
  gboolean    holds;
} Case;

static const Case cases[] = {
  /* 困斃: two horses leave no move, no check. */
  { "stalemate", "5k3/9/3N5/3N5/9/9/9/9/9/3K5 b - - 0 1", 0, TRUE },
  { "stalemate", "R3k4/1R7/9/9/9/9/9/9/9/3K5 b - - 0 1", 0, FALSE },        /* a mate */
  /* 重炮: d2 over d3. */
  { "double-cannon", "3k5/9/9/9/9/9/3C5/3C5/9/4K4 b - - 0 1", 0, TRUE },
  { "double-cannon", "3k5/9/9/9/9/9/3N5/3C5/9/4K4 b - - 0 1", 0, FALSE },   /* over a horse */
  /* 馬後炮: d1 over the horse d7, which strikes e9. */
  { "horse-cannon", "3k5/9/3N5/9/9/9/9/9/3C5/4K4 b - - 0 1", 0, TRUE },
  { "horse-cannon", "3k5/9/9/9/9/9/3N5/3C5/9/4K4 b - - 0 1", 0, FALSE },    /* the horse only screens */
  /* 悶宮: the advisors fill d9 and f9. */
  { "smothered", "3aka3/3PP4/9/9/9/9/9/4C4/9/3K5 b - - 0 1", 0, TRUE },
  { "smothered", "3ak4/3PP4/9/9/9/9/9/4C4/9/3K1R3 b - - 0 1", 0, FALSE },   /* f9 held by a chariot */
  { "smothered", "9/4a4/3kb4/1R7/3C5/9/9/9/3K5/9 w - - 0 1", 1, TRUE },
  /* 雙車錯: a9 checks, b8 holds rank 8. */
  { "two-chariots", "R3k4/1R7/9/9/9/9/9/9/9/3K5 b - - 0 1", 0, TRUE },
  { "two-chariots", "R3k4/1R1P5/9/9/9/9/9/9/9/3K5 b - - 0 1", 0, FALSE },   /* b8 idle behind d8 */
  /* 臥槽馬: g8 checks. */
  { "wocao-horse", "4k4/4a1N2/9/9/9/9/9/9/9/3K1R3 b - - 0 1", 0, TRUE },
  { "wocao-horse", "5k3/6N2/9/9/9/9/9/9/9/3K1R3 b - - 0 1", 0, FALSE },     /* in the trough, no check */
  /* 掛角馬: f7 checks from the palace corner. */
  { "corner-horse", "4ka3/9/4PN3/9/9/9/9/3K5/9/9 b - - 0 1", 0, TRUE },
  { "corner-horse", "4k4/4a1N2/9/9/9/9/9/9/9/3K1R3 b - - 0 1", 0, FALSE },  /* checks from the trough */
  /* 釣魚馬: the horse on c7 holds d9 and e8, the chariot mates on the file. */
  { "fishing-horse", "3k5/9/5a3/9/3N3R1/9/9/5K3/9/9 w - - 0 1", 2, TRUE },
  { "fishing-horse", "9/R2C5/4k1N2/9/9/9/9/9/9/5K3 w - - 0 1", 1, TRUE },
  { "fishing-horse", "3k1R3/9/9/2N6/9/9/9/9/5K3/9 b - - 0 1", 0, FALSE },   /* one rank higher */
  /* 八角馬: g8 diagonally next to the general holds e9. */
  { "eight-corner", "5k3/6N2/9/9/9/9/9/9/9/3K1R3 b - - 0 1", 0, TRUE },
  { "eight-corner", "5k3/6N2/9/9/9/9/9/9/9/4KR3 b - - 0 1", 0, FALSE },     /* e9 is the general's too */
  /* 側面虎: the high horse c6 holds d8, the chariot mates along rank 9. */
  { "side-tiger", "3k1R3/9/9/2N6/9/9/9/9/5K3/9 b - - 0 1", 0, TRUE },
  { "side-tiger", "3k5/9/5a3/9/3N3R1/9/9/5K3/9/9 w - - 0 1", 2, FALSE },    /* a fishing horse */
  /* 鐵門栓: the cannon e2 bolts e9 over the soldier, the chariot mates on the d-file. */
  { "iron-bolt", "3k5/9/9/9/R3P4/9/p8/4C4/9/5K3 w - - 0 1", 1, TRUE },
  { "iron-bolt", "5a3/4a4/5k3/3NR4/9/9/9/9/9/3K5 w - - 0 1", 1, FALSE },     /* the bolt is a chariot */
  { "iron-bolt", "5k3/9/2R2a3/9/9/9/9/9/4K4/9 w - - 0 1", 1, FALSE },       /* the general holds e-file */
  /* Finals of CCPD game lines (tools/game-mates.fen) where the piece on the
   * centre file is a chariot: plain two-chariot mates (雙車錯), not 鐵門栓,
   * whose bolt is a cannon; and one with the cannon bolt, as the books show
   * it (the e2 cannon holds e8, the chariot mates up the side file). */
  { "iron-bolt", "2baka3/9/8b/p1p1pPp2/9/P8/9/1r1K5/4r4/6B2 w - - 2 5", 0, FALSE },
  { "two-chariots", "2baka3/9/8b/p1p1pPp2/9/P8/9/1r1K5/4r4/6B2 w - - 2 5", 0, TRUE },
  { "iron-bolt", "3a1k3/4a4/9/4n3c/9/8P/9/9/4r4/3K3r1 w - - 2 4", 0, FALSE },
  { "iron-bolt", "3a5/3k5/9/pcC5p/9/3R5/P3P4/4C4/9/2BAKAr1c b - - 5 3", 0, TRUE },
  /* 天地炮: g3 sinks to the back rank, e2 keeps the advisor off e8. */
  { "heaven-earth", "4ka3/5P3/9/9/9/9/6C2/4CK3/9/9 w - - 0 1", 1, TRUE },
  { "heaven-earth", "4k1N2/9/9/9/4C2C1/9/9/9/4K4/9 w - - 0 1", 1, FALSE },  /* e5 idle: h9 mates alone */
  { "heaven-earth", "3k5/9/9/9/9/9/3C5/3C5/9/4K4 b - - 0 1", 0, FALSE },    /* both on one file */
  /* Finals a coach would not call 天地炮 (issue 29; shipped in the second
   * edition's pack): two cannons stacked on the centre file are 重炮, and
   * cannons on e9 and e8 while a chariot mates are 鐵門栓.  The earth
   * cannon must work along the back rank, off the centre file. */
  { "heaven-earth", "9/3k5/9/9/9/9/9/4KA3/3pc4/4c1B2 w - - 1 2", 0, FALSE },
  { "double-cannon", "9/3k5/9/9/9/9/9/4KA3/3pc4/4c1B2 w - - 1 2", 0, TRUE },
  { "heaven-earth", "3aC4/4C4/5k3/9/5R3/9/9/9/4p4/3K5 b - - 1 1", 0, FALSE },
  { "heaven-earth", "4k1P1C/4a4/4b4/9/4C4/9/9/9/4K4/9 b - - 1 1", 0, TRUE }, /* e5 holds e8, i9 checks */
  /* 大膽穿心: the chariot takes the advisor on e8 and mates from there. */
  { "bold-heart", "5a3/4a4/5k3/3NR4/9/9/9/9/9/3K5 w - - 0 1", 1, TRUE },
  { "bold-heart", "4ka3/9/4P4/9/6N2/9/9/3K5/9/9 w - - 0 1", 1, FALSE },     /* no chariot at all */
  /* 二鬼拍門: soldiers on d9 and f8. */
  { "two-ghosts", "3P1k3/4aP3/7N1/9/9/9/9/9/3K5/9 b - - 0 1", 0, TRUE },
  { "two-ghosts", "2P2k3/6P2/3a3N1/9/9/9/9/9/3K5/9 w - - 0 1", 2, TRUE },
  { "two-ghosts", "2Pk5/7R1/9/9/9/9/9/9/9/4K4 b - - 0 1", 0, FALSE },       /* one soldier */
  /* 海底撈月: the chariot checks up the f-file from f9. */
  { "sea-moon", "7R1/6N2/5k3/9/9/9/9/9/9/3K5 w - - 0 1", 1, TRUE },
  { "sea-moon", "R3k4/1R7/9/9/9/9/9/9/9/3K5 b - - 0 1", 0, FALSE },         /* along the back rank */
  /* 雙馬飲泉: b8 checks, f7 holds e9 and d8. */
  { "twin-horses", "3k5/1N7/5N3/9/9/9/9/9/9/5K3 b - - 0 1", 0, TRUE },
  { "twin-horses", "3k5/N8/5N3/9/9/9/9/9/9/5K3 b - - 0 1", 0, FALSE },      /* a stalemate */
  /* 送佛歸殿: the general on d8 is driven back and mated on d9. */
  { "buddha", "9/3k5/9/3P5/8C/9/6N2/9/9/3K5 w - - 0 1", 2, TRUE },
  { "buddha", "7R1/6N2/5k3/9/9/9/9/9/9/3K5 w - - 0 1", 1, FALSE },          /* mated up the palace */
  /* 炮輾丹砂: the cannon takes the elephant on c9 and checks. */
  { "cinnabar", "2baCk3/4a2R1/9/9/9/9/9/4K4/9/9 w - - 0 1", 1, TRUE },
  { "cinnabar", "9/4a4/3kb4/1R7/3C5/9/9/9/3K5/9 w - - 0 1", 1, FALSE },     /* eats nothing */
  /* 白臉將: d9 is held by the red general's file alone. */
  { "facing-general", "4k4/4a1N2/9/9/9/9/9/9/9/3K1R3 b - - 0 1", 0, TRUE },
  { "facing-general", "R3k4/1R7/9/9/9/9/9/9/9/3K5 b - - 0 1", 0, FALSE },   /* a9 holds d9 too */
  /* 高釣馬: the horse on c6 (depth 3). */
  { "high-horse", "3k1R3/9/9/2N6/9/9/9/9/5K3/9 b - - 0 1", 0, TRUE },
  { "high-horse", "3k5/9/5a3/9/3N3R1/9/9/5K3/9/9 w - - 0 1", 2, FALSE },    /* depth 2 */
  /* 空頭炮: the e2 cannon faces the general with nothing between. */
  { "empty-head-cannon", "4ka3/5P3/9/9/9/9/6C2/4CK3/9/9 w - - 0 1", 1, TRUE },
  { "empty-head-cannon", "3k5/9/9/9/9/9/3N5/3C5/9/4K4 b - - 0 1", 0, FALSE }, /* a screen between */
  /* 夾車炮: the cannon d1 behind the chariot d8. */
  { "clamp-cannon", "3ak4/3R5/9/9/9/9/9/3K5/2C5C/9 w - - 0 1", 2, TRUE },
  { "clamp-cannon", "R3k4/1R7/9/9/9/9/9/9/9/3K5 b - - 0 1", 0, FALSE },     /* no cannon */
  /* 拔簧馬: the chariot on d8 next to the general, the horse f7 guards it. */
  { "spring-horse", "3k5/3R5/5N3/9/9/9/9/9/9/4K4 b - - 0 1", 0, TRUE },
  { "spring-horse", "3k5/2PR5/9/9/9/9/9/9/9/4K4 b - - 0 1", 0, FALSE },     /* a soldier guards it */
  /* 雙車脅士: chariots on the d- and f-files. */
  { "double-chariot-advisors", "5a3/3kaR3/9/9/9/9/2R6/5K3/9/9 w - - 0 1", 1, TRUE },
  { "double-chariot-advisors", "R3k4/1R7/9/9/9/9/9/9/9/3K5 b - - 0 1", 0, FALSE },
  /* 三子歸邊: chariot a9, cannon a8 over horse b8, all on the left wing. */
  { "three-pieces", "R3k4/CN7/9/9/9/9/9/9/9/3K5 b - - 0 1", 0, TRUE },
  { "three-pieces", "R3k4/7NC/9/9/9/9/9/9/9/3K5 b - - 0 1", 0, FALSE },     /* on both wings */
  /* 老兵搜林: the soldier on c9 checks. */
  { "old-soldier", "2Pk5/7R1/9/9/9/9/9/9/9/4K4 b - - 0 1", 0, TRUE },
  { "old-soldier", "3k5/3P3R1/9/9/9/9/9/9/9/4K4 b - - 0 1", 0, FALSE },     /* one rank up */
  /* 拉抽屜: the chariot leaves e6 and the horse d6 checks. */
  { "pull-drawer", "5a3/4a4/5k3/3NR4/9/9/9/9/9/3K5 w - - 0 1", 1, TRUE },
  { "pull-drawer", "4ka3/9/4P4/9/6N2/9/9/3K5/9/9 w - - 0 1", 1, FALSE },    /* the horse checks itself */
  /* 雙將: the soldier e8 and the cannon behind it. */
  { "double-check", "3aka3/3PP4/9/9/9/9/9/4C4/9/3K5 b - - 0 1", 0, TRUE },
  { "double-check", "3k5/9/3N5/9/9/9/9/9/3C5/4K4 b - - 0 1", 0, FALSE },
  /* 冷著: a quiet first move, then the mate. */
  { "chariot-horse-cold", "5k3/9/9/R4N3/9/9/9/5K3/9/9 w - - 0 1", 2, TRUE },
  { "chariot-horse-cold", "3k5/9/5a3/9/3N3R1/9/9/5K3/9/9 w - - 0 1", 2, FALSE }, /* checks only */
  { "chariot-soldier-cold", "9/9/4k1P2/9/6b2/9/3R5/9/5K3/9 w - - 0 1", 2, TRUE },
  { "chariot-soldier-cold", "3P1k3/9/9/9/2b6/9/9/9/3K5/2R6 w - - 0 1", 1, FALSE }, /* mate in 1 */
  { "chariot-cannon-cold", "2b1Ra3/5k3/C4a3/9/9/9/9/9/3K5/9 w - - 0 1", 3, TRUE },
  { "chariot-cannon-cold", "9/4a4/3kb4/1R7/3C5/9/9/9/3K5/9 w - - 0 1", 1, FALSE }, /* mate in 1 */
};

static void
test_case (gconstpointer data)
{
  const Case *c = data;
  int kill = xq_kill_from_id (c->kill);
  XqPosition pos;

  g_assert_cmpint (kill, >=, 0);
  load (&pos, c->fen);
  if (c->max == 0)
    {
      XqMateAnalysis a;

      g_assert_true (xq_mate_analyse (&pos, &a));
      g_assert_cmpint (xq_kill_holds (kill, &a, NULL, NULL, 0), ==, c->holds);
      g_assert_cmpint ((xq_kill_recognise_final (&pos) >> kill) & 1, ==, c->holds);
    }
  else
    {
      XqKillSet holds = 0xdead;
      XqConfirmStats stats;

      xq_solver_clear (solver);
      g_assert_cmpint (xq_kill_confirm (solver, &pos, c->max, 1u << kill, 0, &holds, &stats), ==,
                       XQ_CONFIRM_DONE);
      g_assert_cmpint (stats.mate, >=, 1);
      g_assert_cmpint (stats.mate, <=, c->max);
      g_assert_cmpuint (holds & ~(1u << kill), ==, 0);
      g_assert_cmpint (holds != 0, ==, c->holds);
    }
}

/* Every pattern has a case that holds and one that does not. */
static void
test_coverage (void)
{
  for (int k = 0; k < XQ_N_KILLS; k++)
    {
      gboolean yes = FALSE, no = FALSE;

      for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
        if (xq_kill_from_id (cases[i].kill) == k)
          {
            yes |= cases[i].holds;
            no |= !cases[i].holds;
          }
      if (!yes || !no)
        g_error ("pattern %s lacks a %s case", xq_kill_id (k), yes ? "refused" : "accepted");
    }
}

static void
test_ids (void)
{
  g_assert_cmpint (XQ_N_KILLS, ==, 31);
  for (int k = 0; k < XQ_N_KILLS; k++)
    {
      g_assert_cmpint (xq_kill_from_id (xq_kill_id (k)), ==, k);
      g_assert_cmpuint (strlen (xq_kill_hanzi (k)), >, 0);
      g_assert_cmpuint (strlen (xq_kill_simplified (k)), >, 0);
      g_assert_cmpuint (strlen (xq_kill_english (k)), >, 0);
    }
  g_assert_cmpint (xq_kill_from_id ("smother"), ==, -1);
  g_assert_cmpint (xq_kill_from_id ("no-such-kill"), ==, -1);
}

/* ---- On every defence line ------------------------------------------------ */

static XqMove
move (const char *iccs)
{
  XqMove m = xq_move_from_iccs (iccs);

  g_assert_cmpuint (m, !=, XQ_MOVE_NONE);
  return m;
}

/* The diagrams of docs/patterns.md: the start, the line (may be empty: the
 * start is the final position) and the final position printed there. */
static const struct {
  const char *kill;
  const char *start;
  const char *line;
  const char *final;
} diagrams[] = {
  { "stalemate", "5k3/9/3N5/3N5/9/9/9/9/9/3K5 b - - 0 1", "",
    "5k3/9/3N5/3N5/9/9/9/9/9/3K5 b - - 0 1" },
  { "double-cannon", "3k5/9/9/9/9/9/3C5/3C5/9/4K4 b - - 0 1", "",
    "3k5/9/9/9/9/9/3C5/3C5/9/4K4 b - - 0 1" },
  { "horse-cannon", "3k5/9/3N5/9/9/9/9/9/3C5/4K4 b - - 0 1", "",
    "3k5/9/3N5/9/9/9/9/9/3C5/4K4 b - - 0 1" },
  { "smothered", "3aka3/3PP4/9/9/9/9/9/4C4/9/3K5 b - - 0 1", "",
    "3aka3/3PP4/9/9/9/9/9/4C4/9/3K5 b - - 0 1" },
  { "two-chariots", "R3k4/1R7/9/9/9/9/9/9/9/3K5 b - - 0 1", "",
    "R3k4/1R7/9/9/9/9/9/9/9/3K5 b - - 0 1" },
  { "wocao-horse", "4k4/4a1N2/9/9/9/9/9/9/9/3K1R3 b - - 0 1", "",
    "4k4/4a1N2/9/9/9/9/9/9/9/3K1R3 b - - 0 1" },
  { "corner-horse", "4ka3/9/4PN3/9/9/9/9/3K5/9/9 b - - 0 1", "",
    "4ka3/9/4PN3/9/9/9/9/3K5/9/9 b - - 0 1" },
  { "fishing-horse", "9/R2C5/4k1N2/9/9/9/9/9/9/5K3 w - - 0 1", "a8a7",
    "9/3C5/R3k1N2/9/9/9/9/9/9/5K3 b - - 1 1" },
  { "eight-corner", "5k3/6N2/9/9/9/9/9/9/9/3K1R3 b - - 0 1", "",
    "5k3/6N2/9/9/9/9/9/9/9/3K1R3 b - - 0 1" },
  { "side-tiger", "3k1R3/9/9/2N6/9/9/9/9/5K3/9 b - - 0 1", "",
    "3k1R3/9/9/2N6/9/9/9/9/5K3/9 b - - 0 1" },
  { "iron-bolt", "3k5/9/9/9/R3P4/9/p8/4C4/9/5K3 w - - 0 1", "a5d5",
    "3k5/9/9/9/3RP4/9/p8/4C4/9/5K3 b - - 1 1" },
  { "heaven-earth", "4ka3/5P3/9/9/9/9/6C2/4CK3/9/9 w - - 0 1", "g3g9",
    "4kaC2/5P3/9/9/9/9/9/4CK3/9/9 b - - 1 1" },
  { "bold-heart", "5a3/4a4/5k3/3NR4/9/9/9/9/9/3K5 w - - 0 1", "e6e8",
    "5a3/4R4/5k3/3N5/9/9/9/9/9/3K5 b - - 0 1" },
  { "two-ghosts", "3P1k3/4aP3/7N1/9/9/9/9/9/3K5/9 b - - 0 1", "",
    "3P1k3/4aP3/7N1/9/9/9/9/9/3K5/9 b - - 0 1" },
  { "sea-moon", "7R1/6N2/5k3/9/9/9/9/9/9/3K5 w - - 0 1", "h9f9",
    "5R3/6N2/5k3/9/9/9/9/9/9/3K5 b - - 1 1" },
  { "twin-horses", "3k5/1N7/5N3/9/9/9/9/9/9/5K3 b - - 0 1", "",
    "3k5/1N7/5N3/9/9/9/9/9/9/5K3 b - - 0 1" },
  { "buddha", "9/3k5/9/3P5/8C/9/6N2/9/9/3K5 w - - 0 1", "d0e0 d8d9 i5d5",
    "3k5/9/9/3P5/3C5/9/6N2/9/9/4K4 b - - 3 2" },
  { "cinnabar", "2baCk3/4a2R1/9/9/9/9/9/4K4/9/9 w - - 0 1", "e9c9",
    "2Ca1k3/4a2R1/9/9/9/9/9/4K4/9/9 b - - 0 1" },
  { "facing-general", "1C7/5k3/9/9/9/9/1R7/9/4K3C/9 w - - 0 1", "b3f3",
    "1C7/5k3/9/9/9/9/5R3/9/4K3C/9 b - - 1 1" },
  { "high-horse", "3a1a3/9/4k4/9/8N/9/9/9/6R2/3K5 w - - 0 1", "i5g6 e7e8 g1e1",
    "3a1a3/4k4/9/6N2/9/9/9/9/4R4/3K5 b - - 3 2" },
  { "empty-head-cannon", "4ka3/5P3/9/9/9/9/6C2/4CK3/9/9 w - - 0 1", "g3g9",
    "4kaC2/5P3/9/9/9/9/9/4CK3/9/9 b - - 1 1" },
  { "clamp-cannon", "3ak4/3R5/9/9/9/9/9/3K5/2C5C/9 w - - 0 1", "c1c9 d9e8 d8d9",
    "2CRk4/4a4/9/9/9/9/9/3K5/8C/9 b - - 3 2" },
  { "spring-horse", "3k5/3R5/5N3/9/9/9/9/9/9/4K4 b - - 0 1", "",
    "3k5/3R5/5N3/9/9/9/9/9/9/4K4 b - - 0 1" },
  { "double-chariot-advisors", "5a3/3kaR3/9/9/9/9/2R6/5K3/9/9 w - - 0 1", "c3d3",
    "5a3/3kaR3/9/9/9/9/3R5/5K3/9/9 b - - 1 1" },
  { "three-pieces", "R3k4/CN7/9/9/9/9/9/9/9/3K5 b - - 0 1", "",
    "R3k4/CN7/9/9/9/9/9/9/9/3K5 b - - 0 1" },
  { "old-soldier", "2Pk5/7R1/9/9/9/9/9/9/9/4K4 b - - 0 1", "",
    "2Pk5/7R1/9/9/9/9/9/9/9/4K4 b - - 0 1" },
  { "pull-drawer", "9/4k4/3N1a3/9/9/3R5/9/9/5K3/8C w - - 0 1", "i0e0 e8d8 d7e5",
    "9/3k5/5a3/9/4N4/3R5/9/9/5K3/4C4 b - - 3 2" },
  { "double-check", "9/4a2R1/3a1k3/9/9/5C3/9/3K5/9/9 w - - 0 1", "d2e2 e8d9 h8h5 d7e8 h5f5",
    "3a5/4a4/5k3/9/5R3/5C3/9/4K4/9/9 b - - 5 3" },
  { "chariot-horse-cold", "5k3/9/9/R4N3/9/9/9/5K3/9/9 w - - 0 1", "a6a8 f9e9 a8a9",
    "R3k4/9/9/5N3/9/9/9/5K3/9/9 b - - 3 2" },
  { "chariot-soldier-cold", "9/9/4k1P2/9/6b2/9/3R5/9/5K3/9 w - - 0 1", "d3d8 g5i7 g7f7",
    "9/3R5/4kP2b/9/9/9/9/9/5K3/9 b - - 3 2" },
  { "chariot-cannon-cold", "2b1Ra3/5k3/C4a3/9/9/9/9/9/3K5/9 w - - 0 1", "a7a8 c9a7 d1e1 a7c5 e9e8",
    "5a3/C3Rk3/5a3/9/2b6/9/9/9/4K4/9 b - - 5 3" },
};

/* Every pattern has a diagram in docs/patterns.md, of a mate its recogniser
 * accepts: the line from the start shows it, the final position is the one
 * printed there, and its picture exists. */
static void
test_docs (void)
{
  const char *src = g_getenv ("XQ_SOURCE_DIR");
  g_autofree char *path = NULL, *doc = NULL;
  gboolean seen[XQ_N_KILLS] = { FALSE };

  g_assert_nonnull (src);
  path = g_build_filename (src, "docs", "patterns.md", NULL);
  g_assert_true (g_file_get_contents (path, &doc, NULL, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (diagrams); i++)
    {
      g_auto(GStrv) words = g_strsplit (diagrams[i].line, " ", -1);
      g_autofree char *svg_name = g_strdup_printf ("%s.svg", diagrams[i].kill);
      g_autofree char *svg = g_build_filename (src, "docs", "images", "patterns", svg_name, NULL);
      g_autofree char *fen = NULL;
      XqMove line[2 * XQ_SOLVER_MAX_MATE];
      int kill = xq_kill_from_id (diagrams[i].kill), n = 0;
      XqPosition start, end;
      XqMateAnalysis a;

      g_assert_cmpint (kill, >=, 0);
      seen[kill] = TRUE;
      load (&start, diagrams[i].start);
      end = start;
      for (int w = 0; words[w] && *words[w]; w++)
        {
          XqUndo u;

          line[n] = move (words[w]);
          g_assert_true (xq_position_is_legal (&end, line[n]));
          xq_position_do_move (&end, line[n++], &u);
        }
      fen = xq_position_to_fen (&end);
      g_assert_cmpstr (fen, ==, diagrams[i].final);
      g_assert_nonnull (strstr (doc, diagrams[i].final));
      g_assert_true (g_file_test (svg, G_FILE_TEST_IS_REGULAR));
      g_assert_true (xq_mate_analyse (&end, &a));
      g_assert_true (xq_kill_holds (kill, &a, n ? &start : NULL, line, n));
      if (n > 0)
        g_assert_true (xq_kill_recognise (&start, line, n) & (1u << kill));
    }
  for (int k = 0; k < XQ_N_KILLS; k++)
    g_assert_true (seen[k]);
}

static void
test_every_line (void)
{
  const XqMove tiger[] = { move ("h5h9"), move ("e9d9"), move ("h9f9") };
  XqKillSet holds;
  XqConfirmStats stats;
  XqPosition pos;

  /* Mate in 2.  After h5h9 the general may step to d9 and be mated by the
   * tiger on the side (c6 holds d8, the chariot takes f9), but it may as
   * well step up to e8, and then the same capture on f9 leaves it without
   * a move and not in check: the tiger is on one line only, so it is
   * refused; a stalemate can be had on every line. */
  load (&pos, "4ka3/9/9/2N6/7R1/9/9/9/5K3/9 w - - 0 1");
  g_assert_true (xq_kill_recognise (&pos, tiger, 3) & (1u << XQ_KILL_SIDE_TIGER));
  xq_solver_clear (solver);
  g_assert_cmpint (xq_kill_confirm (solver, &pos, 3, XQ_KILL_ALL, 0, &holds, &stats), ==,
                   XQ_CONFIRM_DONE);
  g_assert_cmpint (stats.mate, ==, 2);
  g_assert_false (holds & (1u << XQ_KILL_SIDE_TIGER));
  g_assert_true (holds & (1u << XQ_KILL_STALEMATE));
  g_assert_cmpuint (stats.finals, >=, 2);

  /* Mate in 2: d5c7 check, and whichever way the general goes the chariot
   * mates on the d-file with the fishing horse holding the rest. */
  load (&pos, "3k5/9/5a3/9/3N3R1/9/9/5K3/9/9 w - - 0 1");
  xq_solver_clear (solver);
  g_assert_cmpint (xq_kill_confirm (solver, &pos, 3, 1u << XQ_KILL_FISHING_HORSE, 0, &holds,
                                    &stats), ==, XQ_CONFIRM_DONE);
  g_assert_cmpint (stats.mate, ==, 2);
  g_assert_cmpuint (holds, ==, 1u << XQ_KILL_FISHING_HORSE);

  /* No win within the limit. */
  load (&pos, "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
  g_assert_cmpint (xq_kill_confirm (solver, &pos, 2, XQ_KILL_ALL, 0, &holds, &stats), ==,
                   XQ_CONFIRM_NO_MATE);
  g_assert_cmpuint (holds, ==, 0);
}

static void
test_budget (void)
{
  XqKillSet holds = 1;
  XqConfirmStats stats;
  XqPosition pos;

  /* A mate in 2 needs more than three nodes of the tree: undecided. */
  load (&pos, "3k5/9/5a3/9/3N3R1/9/9/5K3/9/9 w - - 0 1");
  xq_solver_clear (solver);
  g_assert_cmpint (xq_kill_confirm (solver, &pos, 3, XQ_KILL_ALL, 3, &holds, &stats), ==,
                   XQ_CONFIRM_UNDECIDED);
  g_assert_cmpuint (holds, ==, 0);
  g_assert_cmpuint (stats.nodes, <=, 4);

  /* The solver's own limit gives up too. */
  holds = 1;
  xq_solver_clear (solver);
  xq_solver_set_work_limit (solver, 5);
  g_assert_cmpint (xq_kill_confirm (solver, &pos, 3, XQ_KILL_ALL, 0, &holds, NULL), ==,
                   XQ_CONFIRM_UNDECIDED);
  g_assert_cmpuint (holds, ==, 0);
  xq_solver_set_work_limit (solver, XQ_SOLVER_BUDGET);

  /* With room enough the same question is answered. */
  xq_solver_clear (solver);
  g_assert_cmpint (xq_kill_confirm (solver, &pos, 3, XQ_KILL_ALL, 0, &holds, &stats), ==,
                   XQ_CONFIRM_DONE);
  g_assert_cmpuint (stats.nodes, >, 3);
}

/* ---- A main line steered into a pattern ------------------------------------ */

static char *
line_text (const XqMove *line, int n)
{
  GString *s = g_string_new (NULL);

  for (int i = 0; i < n; i++)
    {
      char t[5];

      xq_move_to_iccs (line[i], t);
      g_string_append_printf (s, "%s%s", i ? " " : "", t);
    }
  return g_string_free (s, FALSE);
}

static void
test_steer_line (void)
{
  XqMove line[2 * XQ_SOLVER_MAX_MATE];
  XqConfirmStats stats;
  g_autofree char *text = NULL;
  XqPosition pos;
  int n = 0;

  /* heaven-earth-e708a8 of the shipped 天地炮 pack, Black mating in 2:
   * c1d1, the elephant's a2c0 the longest defence, then two cannon moves
   * mate.  The solver's main line takes the first in ICCS order, g1e1:
   * the cannon on e3 mates over its brother on e1, 重炮; g1g0 keeps the
   * cannon on the centre file and checks along the back rank: 天地炮. */
  load (&pos, "9/5k3/9/9/9/9/4c4/B8/2p3c2/4KA3 b - - 0 1");
  xq_solver_clear (solver);
  g_assert_cmpint (xq_solver_main_line (solver, &pos, 2, line, &n), ==, XQ_SOLVE_MATE);
  text = line_text (line, n);
  g_assert_cmpstr (text, ==, "c1d1 a2c0 g1e1");
  g_assert_false (xq_kill_recognise (&pos, line, n) & (1u << XQ_KILL_HEAVEN_EARTH));
  g_clear_pointer (&text, g_free);

  g_assert_cmpint (xq_kill_steer_line (solver, &pos, 2, XQ_KILL_HEAVEN_EARTH, 0, line, &n, &stats), ==,
                   XQ_CONFIRM_DONE);
  text = line_text (line, n);
  g_assert_cmpstr (text, ==, "c1d1 a2c0 g1g0");
  g_assert_true (xq_kill_recognise (&pos, line, n) & (1u << XQ_KILL_HEAVEN_EARTH));
  g_assert_cmpint (stats.mate, ==, 2);
  /* The one choice: g1e1 asked and refused, then g1g0. */
  g_assert_cmpuint (stats.finals, ==, 2);
  g_clear_pointer (&text, g_free);

  /* Steered into 重炮 the line is the solver's own. */
  g_assert_cmpint (xq_kill_steer_line (solver, &pos, 2, XQ_KILL_DOUBLE_CANNON, 0, line, &n, NULL), ==,
                   XQ_CONFIRM_DONE);
  text = line_text (line, n);
  g_assert_cmpstr (text, ==, "c1d1 a2c0 g1e1");
  g_clear_pointer (&text, g_free);

  /* A pattern no fastest move reaches: the solver's first move, a whole line. */
  g_assert_cmpint (xq_kill_steer_line (solver, &pos, 2, XQ_KILL_TWIN_HORSES, 0, line, &n, NULL), ==,
                   XQ_CONFIRM_DONE);
  text = line_text (line, n);
  g_assert_cmpstr (text, ==, "c1d1 a2c0 g1e1");
  g_clear_pointer (&text, g_free);

  /* stalemate-13 of the 困斃 pack, mate in 5: the solver's line ends in a
   * checkmate (f9d9), the steered one leaves the general without a move
   * and out of check. */
  load (&pos, "5a3/4a1R2/4k4/9/9/9/9/9/9/5K3 w - - 0 1");
  xq_solver_clear (solver);
  g_assert_cmpint (xq_solver_main_line (solver, &pos, 5, line, &n), ==, XQ_SOLVE_MATE);
  g_assert_false (xq_kill_recognise (&pos, line, n) & (1u << XQ_KILL_STALEMATE));
  g_assert_cmpint (xq_kill_steer_line (solver, &pos, 5, XQ_KILL_STALEMATE, 0, line, &n, &stats), ==,
                   XQ_CONFIRM_DONE);
  g_assert_cmpint (n, ==, 9);
  g_assert_cmpuint (xq_kill_recognise (&pos, line, n), ==, 1u << XQ_KILL_STALEMATE);

  /* Bounded: two tree nodes are not enough to ask both final blows. */
  load (&pos, "9/5k3/9/9/9/9/4c4/B8/2p3c2/4KA3 b - - 0 1");
  n = 7;
  xq_solver_clear (solver);
  g_assert_cmpint (xq_kill_steer_line (solver, &pos, 2, XQ_KILL_HEAVEN_EARTH, 1, line, &n, &stats), ==,
                   XQ_CONFIRM_UNDECIDED);
  g_assert_cmpint (n, ==, 0);
  g_assert_cmpuint (stats.nodes, <=, 2);

  /* No win within the limit. */
  load (&pos, "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
  g_assert_cmpint (xq_kill_steer_line (solver, &pos, 2, XQ_KILL_HEAVEN_EARTH, 0, line, &n, &stats), ==,
                   XQ_CONFIRM_NO_MATE);
  g_assert_cmpint (n, ==, 0);
  g_assert_cmpint (stats.mate, ==, 0);
}

/* One move of the steered line from anywhere on the way (the drill's hint):
 * along the line xq_kill_steer_line steers, each attacker move is
 * xq_kill_steer_move's choice after the plies before it. */
static void
test_steer_move (void)
{
  static const struct { const char *fen; int mate; XqKill kill; } lines[] = {
    { "9/5k3/9/9/9/9/4c4/B8/2p3c2/4KA3 b - - 0 1", 2, XQ_KILL_HEAVEN_EARTH },
    { "9/5k3/9/9/9/9/4c4/B8/2p3c2/4KA3 b - - 0 1", 2, XQ_KILL_DOUBLE_CANNON },
    { "5a3/4a1R2/4k4/9/9/9/9/9/9/5K3 w - - 0 1", 5, XQ_KILL_STALEMATE },
  };
  XqMove line[2 * XQ_SOLVER_MAX_MATE], m;
  XqConfirmStats stats;
  XqPosition pos;
  int n = 0;

  for (guint c = 0; c < G_N_ELEMENTS (lines); c++)
    {
      load (&pos, lines[c].fen);
      xq_solver_clear (solver);
      g_assert_cmpint (xq_kill_steer_line (solver, &pos, lines[c].mate, lines[c].kill, 0, line, &n, NULL), ==,
                       XQ_CONFIRM_DONE);
      for (int ply = 0; ply < n; ply += 2)
        {
          xq_solver_clear (solver);
          g_assert_cmpint (xq_kill_steer_move (solver, &pos, line, ply, lines[c].mate - ply / 2, lines[c].kill, 0,
                                               &m, NULL), ==, XQ_CONFIRM_DONE);
          g_assert_cmpint (m, ==, line[ply]);
        }
    }

  /* After c1d1 a2c0: g1g0 into 天地炮, where the solver's first is g1e1. */
  load (&pos, "9/5k3/9/9/9/9/4c4/B8/2p3c2/4KA3 b - - 0 1");
  line[0] = xq_move_from_iccs ("c1d1");
  line[1] = xq_move_from_iccs ("a2c0");
  g_assert_cmpint (xq_kill_steer_move (solver, &pos, line, 2, 1, XQ_KILL_HEAVEN_EARTH, 0, &m, &stats), ==,
                   XQ_CONFIRM_DONE);
  g_assert_cmpint (m, ==, xq_move_from_iccs ("g1g0"));
  g_assert_cmpint (stats.mate, ==, 1);
  /* Bounded: out of its budget, the solver's first fastest move. */
  g_assert_cmpint (xq_kill_steer_move (solver, &pos, line, 2, 1, XQ_KILL_HEAVEN_EARTH, 1, &m, &stats), ==,
                   XQ_CONFIRM_UNDECIDED);
  g_assert_cmpint (m, ==, xq_move_from_iccs ("g1e1"));
  /* No win within the limit. */
  load (&pos, "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
  g_assert_cmpint (xq_kill_steer_move (solver, &pos, NULL, 0, 2, XQ_KILL_HEAVEN_EARTH, 0, &m, NULL), ==,
                   XQ_CONFIRM_NO_MATE);
  g_assert_cmpint (m, ==, XQ_MOVE_NONE);
}

/* ---- xqtool pattern-check and pattern-show --------------------------------- */

static char *
write_pack (const char *dir, const char *name, const char *const *fens, int n)
{
  GString *json = g_string_new ("{ \"format\": 1, \"type\": \"pack\", \"id\": \"fishing-horse\",\n"
                                "  \"title\": \"Fishing horse\", \"puzzles\": [\n");
  char *path = g_build_filename (dir, name, NULL);

  for (int i = 0; i < n; i++)
    g_string_append_printf (json, "%s    { \"id\": \"fishing-horse-%d\", \"title\": \"Puzzle %d\", "
                            "\"fen\": \"%s\", \"mate-in\": 2 }", i ? ",\n" : "", i + 1, i + 1,
                            fens[i]);
  g_string_append (json, "\n  ] }\n");
  g_assert_true (g_file_set_contents (path, json->str, -1, NULL));
  g_string_free (json, TRUE);
  return path;
}

static void
test_xqtool (void)
{
  /* The fishing horse on every line, and a mate in 2 that only one
   * defence ends in a fishing horse (test_every_line). */
  static const char *const fens[] = {
    "3k5/9/5a3/9/3N3R1/9/9/5K3/9/9 w - - 0 1",
    "4ka3/9/9/2N6/7R1/9/9/9/5K3/9 w - - 0 1",
  };
  g_autofree char *dir = g_dir_make_tmp ("xq-patterns-XXXXXX", NULL);
  g_autofree char *good = NULL, *mixed = NULL, *out = NULL;
  int status;

  g_assert_nonnull (dir);
  good = write_pack (dir, "good.json", fens, 1);
  mixed = write_pack (dir, "mixed.json", fens, 2);
  out = xq_test_run_xqtool (&status, (const char *const[]) { "pattern-check", good, NULL });
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);
  g_assert_nonnull (strstr (out, "fishing-horse-1\tmate 2\tfishing-horse\tyes\tevery line: fishing-horse"));
  g_assert_nonnull (strstr (out, "1 named: 1 show their pattern on every line, 0 do not"));
  g_clear_pointer (&out, g_free);

  out = xq_test_run_xqtool (&status, (const char *const[]) { "pattern-check", mixed, NULL });
  g_assert_cmpint (WEXITSTATUS (status), ==, 1);
  g_assert_nonnull (strstr (out, "fishing-horse-2\tmate 2\tfishing-horse\tNO\tevery line: stalemate\t"));
  g_assert_nonnull (strstr (out, "2 named: 1 show their pattern on every line, 1 do not"));
  g_clear_pointer (&out, g_free);

  /* A budget too small to decide is a failure too. */
  out = xq_test_run_xqtool (&status, (const char *const[]) { "pattern-check", good, "--budget", "2",
                                                            NULL });
  g_assert_cmpint (WEXITSTATUS (status), ==, 1);
  g_assert_nonnull (strstr (out, "\tundecided\t"));
  g_clear_pointer (&out, g_free);

  /* The analysis of one final position. */
  out = xq_test_run_xqtool (&status, (const char *const[]) {
    "pattern-show", "3k5/9/3N5/9/9/9/9/9/3C5/4K4 b - - 0 1", NULL });
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);
  g_assert_nonnull (strstr (out, "checkmate of the general on d9\n"));
  g_assert_nonnull (strstr (out, "essential: d1 d7\npower-essential: d1\n"));
  g_assert_nonnull (strstr (out, "patterns: horse-cannon\n"));
  g_clear_pointer (&out, g_free);

  /* Not a finished kill, and no win to follow: refused. */
  out = xq_test_run_xqtool (&status, (const char *const[]) {
    "pattern-show", "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", NULL });
  g_assert_cmpint (WEXITSTATUS (status), ==, 1);
  g_unlink (good);
  g_unlink (mixed);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  int ret;

  xq_test_isolate_dirs ();
  g_test_init (&argc, &argv, NULL);
  solver = xq_solver_new ();
  g_test_add_func ("/patterns/ids", test_ids);
  g_test_add_func ("/patterns/analysis/horse-cannon", test_analysis_horse_cannon);
  g_test_add_func ("/patterns/analysis/facing", test_analysis_facing);
  g_test_add_func ("/patterns/analysis/stalemate", test_analysis_stalemate);
  g_test_add_func ("/patterns/coverage", test_coverage);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/patterns/case/%s/%u-%s", cases[i].kill, i,
                                               cases[i].holds ? "holds" : "refused");

      g_test_add_data_func (path, &cases[i], test_case);
    }
  g_test_add_func ("/patterns/docs", test_docs);
  g_test_add_func ("/patterns/every-line", test_every_line);
  g_test_add_func ("/patterns/budget", test_budget);
  g_test_add_func ("/patterns/steer-line", test_steer_line);
  g_test_add_func ("/patterns/steer-move", test_steer_move);
  g_test_add_func ("/patterns/xqtool", test_xqtool);
  ret = g_test_run ();
  xq_solver_free (solver);
  return ret;
}
