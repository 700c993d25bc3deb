/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-patterns.c: the named kill patterns as predicates over what the pieces
 * do in the final mate (docs/patterns.md), and their confirmation on every
 * line of defence. */
#define G_LOG_DOMAIN "xq-patterns"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "xq-patterns.h"
#include "xq-attacks.h"
#include "xq-tables.h"

static const struct {
  const char *id;
  const char *hanzi;
  const char *simplified;
  const char *english;
} kills[XQ_N_KILLS] = {
  [XQ_KILL_STALEMATE]      = { "stalemate",      "困斃",     "困毙",     "No moves left" },
  [XQ_KILL_DOUBLE_CANNON]  = { "double-cannon",  "重炮",     "重炮",     "Double cannon" },
  [XQ_KILL_HORSE_CANNON]   = { "horse-cannon",   "馬後炮",   "马后炮",   "Cannon behind the horse" },
  [XQ_KILL_SMOTHERED]      = { "smothered",      "悶宮",     "闷宫",     "Stuffed palace" },
  [XQ_KILL_TWO_CHARIOTS]   = { "two-chariots",   "雙車錯",   "双车错",   "Two chariots in turn" },
  [XQ_KILL_WOCAO_HORSE]    = { "wocao-horse",    "臥槽馬",   "卧槽马",   "Horse in the trough" },
  [XQ_KILL_CORNER_HORSE]   = { "corner-horse",   "掛角馬",   "挂角马",   "Horse on the corner" },
  [XQ_KILL_FISHING_HORSE]  = { "fishing-horse",  "釣魚馬",   "钓鱼马",   "Fishing horse" },
  [XQ_KILL_EIGHT_CORNER]   = { "eight-corner",   "八角馬",   "八角马",   "Eight-corner horse" },
  [XQ_KILL_SIDE_TIGER]     = { "side-tiger",     "側面虎",   "侧面虎",   "Tiger on the side" },
  [XQ_KILL_IRON_BOLT]      = { "iron-bolt",      "鐵門栓",   "铁门栓",   "Iron door bolt" },
  [XQ_KILL_HEAVEN_EARTH]   = { "heaven-earth",   "天地炮",   "天地炮",   "Heaven and earth cannons" },
  [XQ_KILL_BOLD_HEART]     = { "bold-heart",     "大膽穿心", "大胆穿心", "Bold strike to the heart" },
  [XQ_KILL_TWO_GHOSTS]     = { "two-ghosts",     "二鬼拍門", "二鬼拍门", "Two ghosts knock at the door" },
  [XQ_KILL_SEA_MOON]       = { "sea-moon",       "海底撈月", "海底捞月", "Fishing the moon from the sea" },
  [XQ_KILL_TWIN_HORSES]    = { "twin-horses",    "雙馬飲泉", "双马饮泉", "Two horses drink at the spring" },
  [XQ_KILL_BUDDHA]         = { "buddha",         "送佛歸殿", "送佛归殿", "Sending the general home" },
  [XQ_KILL_CINNABAR]       = { "cinnabar",       "炮輾丹砂", "炮辗丹砂", "Cannon sweeps the back rank" },
  [XQ_KILL_FACING_GENERAL] = { "facing-general", "白臉將",   "白脸将",   "Facing generals" },
  [XQ_KILL_HIGH_HORSE]     = { "high-horse",     "高釣馬",   "高钓马",   "High fishing horse" },
  [XQ_KILL_EMPTY_HEAD]     = { "empty-head-cannon", "空頭炮", "空头炮",  "Cannon with an empty head" },
  [XQ_KILL_CLAMP_CANNON]   = { "clamp-cannon",   "夾車炮",   "夹车炮",   "Cannon behind the chariot" },
  [XQ_KILL_SPRING_HORSE]   = { "spring-horse",   "拔簧馬",   "拔簧马",   "Spring horse" },
  [XQ_KILL_CHARIOTS_ADVISORS] = { "double-chariot-advisors", "雙車脅士", "双车胁士",
                                  "Two chariots at the palace flanks" },
  [XQ_KILL_THREE_PIECES]   = { "three-pieces",   "三子歸邊", "三子归边", "Three pieces on one wing" },
  [XQ_KILL_OLD_SOLDIER]    = { "old-soldier",    "老兵搜林", "老兵搜林", "Old soldier in the forest" },
  [XQ_KILL_PULL_DRAWER]    = { "pull-drawer",    "拉抽屜",   "拉抽屉",   "Pulling the drawer" },
  [XQ_KILL_DOUBLE_CHECK]   = { "double-check",   "雙將",     "双将",     "Double check" },
  [XQ_KILL_CHARIOT_HORSE_COLD]   = { "chariot-horse-cold",   "車馬冷著", "车马冷着",
                                     "Chariot and horse, quiet move" },
  [XQ_KILL_CHARIOT_SOLDIER_COLD] = { "chariot-soldier-cold", "車兵冷著", "车兵冷着",
                                     "Chariot and soldier, quiet move" },
  [XQ_KILL_CHARIOT_CANNON_COLD]  = { "chariot-cannon-cold",  "車炮冷著", "车炮冷着",
                                     "Chariot and cannon, quiet move" },
};

const char *
xq_kill_id (XqKill kill)
{
  g_return_val_if_fail ((guint) kill < XQ_N_KILLS, "none");
  return kills[kill].id;
}

const char *
xq_kill_hanzi (XqKill kill)
{
  g_return_val_if_fail ((guint) kill < XQ_N_KILLS, "");
  return kills[kill].hanzi;
}

const char *
xq_kill_simplified (XqKill kill)
{
  g_return_val_if_fail ((guint) kill < XQ_N_KILLS, "");
  return kills[kill].simplified;
}

const char *
xq_kill_english (XqKill kill)
{
  g_return_val_if_fail ((guint) kill < XQ_N_KILLS, "");
  return kills[kill].english;
}

int
xq_kill_from_id (const char *id)
{
  g_return_val_if_fail (id != NULL, -1);
  for (int i = 0; i < XQ_N_KILLS; i++)
    if (strcmp (kills[i].id, id) == 0)
      return i;
  return -1;
}

/* ---- Facts about the final position --------------------------------------- */

#define CENTRE_FILE 4

static int
depth_of (XqColor def, XqSquare sq)
{
  return def == XQ_BLACK ? XQ_RANKS - 1 - xq_sq_rank (sq) : xq_sq_rank (sq);
}

static XqPieceType
type_of (const XqMateAnalysis *a, int i)
{
  return xq_piece_type (a->board[a->attackers[i]]);
}

static gboolean
essential (const XqMateAnalysis *a, int i)
{
  return (a->essential >> i) & 1;
}

static gboolean
power (const XqMateAnalysis *a, int i)
{
  return (a->power >> i) & 1;
}

static int
essential_count (const XqMateAnalysis *a, XqPieceType type)
{
  int n = 0;

  for (int i = 0; i < a->n_attackers; i++)
    n += type_of (a, i) == type && essential (a, i);
  return n;
}

/* A checker of the type (the index into a->checkers), from `from` on; -1. */
static int
checker_of (const XqMateAnalysis *a, XqPieceType type, int from)
{
  for (int c = from; c < a->n_checkers; c++)
    if (xq_piece_type (a->board[a->checkers[c]]) == type)
      return c;
  return -1;
}

static gboolean
essential_at (const XqMateAnalysis *a, XqSquare sq)
{
  int i = xq_mate_attacker_index (a, sq);

  return i >= 0 && essential (a, i);
}

static gboolean
checker_type_essential (const XqMateAnalysis *a, XqPieceType type)
{
  for (int c = checker_of (a, type, 0); c >= 0; c = checker_of (a, type, c + 1))
    if (essential_at (a, a->checkers[c]))
      return TRUE;
  return FALSE;
}

/* A cannon gives check over a screen of the attacker's own of this type. */
static int
cannon_over (const XqMateAnalysis *a, XqPieceType screen_type)
{
  for (int c = checker_of (a, XQ_CANNON, 0); c >= 0; c = checker_of (a, XQ_CANNON, c + 1))
    {
      XqSquare s = a->screens[c];

      if (s != XQ_NO_SQUARE && a->board[s] == xq_piece_make (a->attacker, screen_type))
        return c;
    }
  return -1;
}

/* 悶宮: every step off the cannon's line of fire holds the general's own men. */
static gboolean
smothered (const XqMateAnalysis *a)
{
  for (int c = checker_of (a, XQ_CANNON, 0); c >= 0; c = checker_of (a, XQ_CANNON, c + 1))
    {
      XqSquare cannon = a->checkers[c];
      gboolean along_rank = xq_sq_rank (cannon) == xq_sq_rank (a->general);
      int off_line = 0, own = 0;

      for (int j = 0; j < a->n_flights; j++)
        {
          XqSquare f = a->flights[j];

          if (along_rank ? xq_sq_rank (f) == xq_sq_rank (cannon)
                         : xq_sq_file (f) == xq_sq_file (cannon))
            continue;
          off_line++;
          own += (a->own_blocked >> j) & 1;
        }
      if (off_line > 0 && own == off_line)
        return TRUE;
    }
  return FALSE;
}

/* A horse that does not check, whose power the mate needs, on the third
 * file (c or g) at the depth; with diagonal, diagonally next to the general
 * instead. */
static gboolean
holding_horse (const XqMateAnalysis *a, int depth, gboolean diagonal)
{
  int kf = xq_sq_file (a->general), kr = xq_sq_rank (a->general);

  for (int i = 0; i < a->n_attackers; i++)
    {
      XqSquare h = a->attackers[i];
      int f = xq_sq_file (h);

      if (type_of (a, i) != XQ_HORSE || !power (a, i) || xq_mate_is_checker (a, h))
        continue;
      if (diagonal ? abs (f - kf) == 1 && abs (xq_sq_rank (h) - kr) == 1
                   : (f == 2 || f == 6) && depth_of (a->defender, h) == depth)
        return TRUE;
    }
  return FALSE;
}

static gboolean
horse_checks_from (const XqMateAnalysis *a, const int *files, int n_files, int depth_a, int depth_b)
{
  for (int c = checker_of (a, XQ_HORSE, 0); c >= 0; c = checker_of (a, XQ_HORSE, c + 1))
    {
      XqSquare h = a->checkers[c];
      int d = depth_of (a->defender, h);

      if (!essential_at (a, h) || (d != depth_a && d != depth_b))
        continue;
      for (int k = 0; k < n_files; k++)
        if (xq_sq_file (h) == files[k])
          return TRUE;
    }
  return FALSE;
}

/* 鐵門栓: a cannon on the centre file that does not check, holds the
 * centre-file step of the general and is needed for it.  The bolt is the
 * cannon of the books' diagrams: with a chariot on the centre file and
 * another chariot mating, the kill is a plain 雙車錯 (issue 29). */
static gboolean
iron_bolt (const XqMateAnalysis *a)
{
  if (xq_sq_file (a->general) == CENTRE_FILE)
    return FALSE;
  for (int i = 0; i < a->n_attackers; i++)
    {
      XqSquare s = a->attackers[i];
      XqPieceType t = type_of (a, i);
      guint8 door = 0;

      if (t != XQ_CANNON || xq_sq_file (s) != CENTRE_FILE ||
          xq_mate_is_checker (a, s) || !power (a, i))
        continue;
      for (int j = 0; j < a->n_flights; j++)
        if (xq_sq_file (a->flights[j]) == CENTRE_FILE)
          door |= 1u << j;
      if (a->control[i] & door)
        return TRUE;
    }
  return FALSE;
}

/* The flight points on the centre file (heaven) or on the defender's
 * back rank (earth), as a mask over a->flights. */
static guint8
flights_on (const XqMateAnalysis *a, gboolean back_rank)
{
  guint8 mask = 0;

  for (int j = 0; j < a->n_flights; j++)
    if (back_rank ? depth_of (a->defender, a->flights[j]) == 0
                  : xq_sq_file (a->flights[j]) == CENTRE_FILE)
      mask |= 1u << j;
  return mask;
}

/* 天地炮: the heaven cannon on the centre file above the back rank works
 * down the centre file (the general stands on it: the cannon checks, or
 * keeps the defender's men off the file, where they would be its screen;
 * or it holds a centre-file flight point); the earth cannon on the back rank, off the centre file,
 * works along the back rank (checks the general there or holds a
 * back-rank flight point); both power-essential, one of them checks.
 * Two cannons stacked on one file are 重炮, and a centre cannon that
 * only screens is no heaven cannon (issue 29). */
static gboolean
heaven_earth (const XqMateAnalysis *a)
{
  gboolean general_centre = xq_sq_file (a->general) == CENTRE_FILE;
  gboolean general_back = depth_of (a->defender, a->general) == 0;

  for (int i = 0; i < a->n_attackers; i++)
    {
      XqSquare h = a->attackers[i];
      gboolean h_checks;

      if (type_of (a, i) != XQ_CANNON || !power (a, i) || xq_sq_file (h) != CENTRE_FILE ||
          depth_of (a->defender, h) < 1)
        continue;
      h_checks = xq_mate_is_checker (a, h);
      if (!general_centre && !(a->control[i] & flights_on (a, FALSE)))
        continue;
      for (int j = 0; j < a->n_attackers; j++)
        {
          XqSquare e = a->attackers[j];
          gboolean e_checks;

          if (j == i || type_of (a, j) != XQ_CANNON || !power (a, j) ||
              depth_of (a->defender, e) != 0 || xq_sq_file (e) == CENTRE_FILE)
            continue;
          e_checks = xq_mate_is_checker (a, e);
          if (!(e_checks && general_back) && !(a->control[j] & flights_on (a, TRUE)))
            continue;
          if (h_checks || e_checks)
            return TRUE;
        }
    }
  return FALSE;
}

/* Essential men of the type on both palace side files (d and f), inside the
 * defender's palace when palace says so. */
static gboolean
both_flanks (const XqMateAnalysis *a, XqPieceType type, gboolean palace)
{
  gboolean left = FALSE, right = FALSE;

  for (int i = 0; i < a->n_attackers; i++)
    {
      XqSquare s = a->attackers[i];

      if (type_of (a, i) != type || !essential (a, i) ||
          (palace && !xq_in_palace (a->defender, s)))
        continue;
      left |= xq_sq_file (s) == 3;
      right |= xq_sq_file (s) == 5;
    }
  return left && right;
}

static gboolean
sea_moon (const XqMateAnalysis *a)
{
  for (int c = checker_of (a, XQ_CHARIOT, 0); c >= 0; c = checker_of (a, XQ_CHARIOT, c + 1))
    {
      XqSquare r = a->checkers[c];

      if (essential_at (a, r) && depth_of (a->defender, r) == 0 &&
          xq_sq_file (r) == xq_sq_file (a->general) && depth_of (a->defender, a->general) >= 1)
        return TRUE;
    }
  return FALSE;
}

static gboolean
side_tiger (const XqMateAnalysis *a)
{
  if (!holding_horse (a, 3, FALSE) ||
      (xq_sq_file (a->general) == CENTRE_FILE && depth_of (a->defender, a->general) == 0))
    return FALSE;
  for (int c = 0; c < a->n_checkers; c++)
    {
      XqSquare s = a->checkers[c];
      XqPieceType t = xq_piece_type (a->board[s]);

      if ((t == XQ_CHARIOT || t == XQ_PAWN) && xq_sq_rank (s) == xq_sq_rank (a->general) &&
          essential_at (a, s))
        return TRUE;
    }
  return FALSE;
}

static gboolean
facing_general (const XqMateAnalysis *a)
{
  for (int i = 0; i < a->n_attackers; i++)
    if (type_of (a, i) == XQ_KING)
      return essential (a, i);
  return FALSE;
}

/* 空頭炮: nothing between the cannon and the general on its file. */
static gboolean
empty_head (const XqMateAnalysis *a)
{
  for (int i = 0; i < a->n_attackers; i++)
    {
      XqSquare s = a->attackers[i];

      if (type_of (a, i) == XQ_CANNON && power (a, i) &&
          xq_sq_file (s) == xq_sq_file (a->general) &&
          xq_attacks_between (a->board, s, a->general, NULL) == 0)
        return TRUE;
    }
  return FALSE;
}

/* 夾車炮: the cannon's line to the general runs through the checking chariot. */
static gboolean
clamp_cannon (const XqMateAnalysis *a)
{
  for (int c = checker_of (a, XQ_CHARIOT, 0); c >= 0; c = checker_of (a, XQ_CHARIOT, c + 1))
    for (int i = 0; i < a->n_attackers; i++)
      {
        XqSquare on[XQ_RANKS];
        int n;

        if (type_of (a, i) != XQ_CANNON || !power (a, i))
          continue;
        n = xq_attacks_between (a->board, a->attackers[i], a->general, on);
        for (int k = 0; k < n; k++)
          if (on[k] == a->checkers[c])
            return TRUE;
      }
  return FALSE;
}

static gboolean
spring_horse (const XqMateAnalysis *a)
{
  gboolean horse = FALSE;

  for (int i = 0; i < a->n_attackers; i++)
    horse |= type_of (a, i) == XQ_HORSE && power (a, i);
  if (!horse)
    return FALSE;
  for (int c = checker_of (a, XQ_CHARIOT, 0); c >= 0; c = checker_of (a, XQ_CHARIOT, c + 1))
    {
      int df = abs (xq_sq_file (a->checkers[c]) - xq_sq_file (a->general));
      int dr = abs (xq_sq_rank (a->checkers[c]) - xq_sq_rank (a->general));

      if (df + dr == 1)
        return TRUE;
    }
  return FALSE;
}

/* 三子歸邊: an essential chariot, horse and cannon on one wing. */
static gboolean
three_pieces (const XqMateAnalysis *a)
{
  for (int wing = 0; wing < 2; wing++)
    {
      guint types = 0;

      for (int i = 0; i < a->n_attackers; i++)
        {
          int f = xq_sq_file (a->attackers[i]);

          if (essential (a, i) && (wing == 0 ? f < CENTRE_FILE : f > CENTRE_FILE))
            types |= 1u << type_of (a, i);
        }
      if ((types & (1u << XQ_CHARIOT)) && (types & (1u << XQ_HORSE)) &&
          (types & (1u << XQ_CANNON)))
        return TRUE;
    }
  return FALSE;
}

static gboolean
old_soldier (const XqMateAnalysis *a)
{
  for (int i = 0; i < a->n_attackers; i++)
    if (type_of (a, i) == XQ_PAWN && essential (a, i) &&
        depth_of (a->defender, a->attackers[i]) == 0)
      return TRUE;
  return FALSE;
}

/* ---- Facts about the line ------------------------------------------------ */

typedef struct {
  gboolean valid;         /* the line was legal and ended in the analysed position */
  gboolean offered_heart; /* a chariot took on the palace centre and could be taken there */
  XqSquare heart;         /* a chariot that took on the palace centre and is still there */
  gboolean driven_home;   /* the general started above its back rank */
  gboolean quiet;         /* the attacker made a move that gives no check */
  gboolean discovered;    /* a check by a piece the attacker did not move */
  XqSquare eater;         /* where a cannon that ate on the back rank ends up */
} LineFacts;

static gboolean
can_capture_on (XqPosition *pos, XqSquare sq)
{
  XqMove moves[XQ_MAX_MOVES];
  int n = xq_position_legal_moves (pos, moves);

  for (int i = 0; i < n; i++)
    if (xq_move_to (moves[i]) == sq)
      return TRUE;
  return FALSE;
}

static void
line_facts (const XqMateAnalysis *a, const XqPosition *start, const XqMove *line, int length,
            LineFacts *out)
{
  XqPosition p;

  memset (out, 0, sizeof *out);
  out->eater = XQ_NO_SQUARE;
  out->heart = XQ_NO_SQUARE;
  if (start == NULL || length < 1 || start->side != a->attacker)
    return;
  p = *start;
  out->driven_home = p.king[a->defender] != XQ_NO_SQUARE &&
                     depth_of (a->defender, p.king[a->defender]) >= 1;
  for (int i = 0; i < length; i++)
    {
      XqSquare from = xq_move_from (line[i]), to = xq_move_to (line[i]);
      XqPiece mover = p.board[from], victim = p.board[to];
      gboolean ours = i % 2 == 0;
      XqUndo u;

      if (!xq_position_is_legal (&p, line[i]))
        return;
      if (from == out->eater)
        out->eater = to;
      else if (to == out->eater)
        out->eater = XQ_NO_SQUARE;
      if (from == out->heart || to == out->heart)
        out->heart = XQ_NO_SQUARE;
      if (ours && xq_piece_type (mover) == XQ_CANNON && depth_of (a->defender, to) == 0 &&
          (xq_piece_type (victim) == XQ_ADVISOR || xq_piece_type (victim) == XQ_ELEPHANT))
        out->eater = to;
      xq_position_do_move (&p, line[i], &u);
      if (!ours)
        continue;
      if (!xq_position_in_check (&p, a->defender))
        out->quiet = TRUE;
      else
        {
          XqSquare who[XQ_ATTACKS_MAX_POINTS];
          int n = xq_attacks_on_general (p.board, p.king[a->defender], a->attacker, who);

          for (int w = 0; w < n; w++)
            out->discovered |= who[w] != to;
        }
      if (xq_piece_type (mover) == XQ_CHARIOT && victim != XQ_EMPTY &&
          xq_sq_file (to) == CENTRE_FILE && depth_of (a->defender, to) == 1)
        {
          out->heart = to;
          out->offered_heart |= i + 1 < length && can_capture_on (&p, to);
        }
    }
  out->valid = memcmp (p.board, a->board, sizeof p.board) == 0 && p.side == a->defender;
  out->driven_home &= depth_of (a->defender, a->general) == 0;
}

/* ---- The predicates -------------------------------------------------------- */

static gboolean
holds (XqKill kill, const XqMateAnalysis *a, const LineFacts *lf)
{
  static const int third_files[] = { 2, 6 }, corner_files[] = { 3, 5 };

  if (kill == XQ_KILL_STALEMATE)
    return a->stalemate;
  if (!a->checkmate)
    return FALSE;
  switch (kill)
    {
    case XQ_KILL_DOUBLE_CANNON:
      return cannon_over (a, XQ_CANNON) >= 0;
    case XQ_KILL_HORSE_CANNON:
      {
        int c = cannon_over (a, XQ_HORSE), h;

        if (c < 0)
          return FALSE;
        h = xq_mate_attacker_index (a, a->screens[c]);
        /* Not only the screen: the horse also takes a flight point. */
        return (a->control[h] & ~a->own_blocked) != 0;
      }
    case XQ_KILL_SMOTHERED:
      return smothered (a);
    case XQ_KILL_TWO_CHARIOTS:
      return essential_count (a, XQ_CHARIOT) >= 2 && checker_type_essential (a, XQ_CHARIOT);
    case XQ_KILL_WOCAO_HORSE:
      return horse_checks_from (a, third_files, 2, 1, 1);
    case XQ_KILL_CORNER_HORSE:
      return horse_checks_from (a, corner_files, 2, 0, 2);
    case XQ_KILL_FISHING_HORSE:
      return holding_horse (a, 2, FALSE);
    case XQ_KILL_EIGHT_CORNER:
      return holding_horse (a, -1, TRUE);
    case XQ_KILL_SIDE_TIGER:
      return side_tiger (a);
    case XQ_KILL_IRON_BOLT:
      return iron_bolt (a);
    case XQ_KILL_HEAVEN_EARTH:
      return heaven_earth (a);
    case XQ_KILL_BOLD_HEART:
      return lf->valid && (lf->offered_heart ||
                           (lf->heart != XQ_NO_SQUARE && essential_at (a, lf->heart)));
    case XQ_KILL_TWO_GHOSTS:
      return both_flanks (a, XQ_PAWN, TRUE);
    case XQ_KILL_SEA_MOON:
      return sea_moon (a);
    case XQ_KILL_TWIN_HORSES:
      return essential_count (a, XQ_HORSE) >= 2 && checker_type_essential (a, XQ_HORSE);
    case XQ_KILL_BUDDHA:
      return lf->valid && lf->driven_home;
    case XQ_KILL_CINNABAR:
      return lf->valid && lf->eater != XQ_NO_SQUARE && essential_at (a, lf->eater);
    case XQ_KILL_FACING_GENERAL:
      return facing_general (a);
    case XQ_KILL_HIGH_HORSE:
      return holding_horse (a, 3, FALSE);
    case XQ_KILL_EMPTY_HEAD:
      return empty_head (a);
    case XQ_KILL_CLAMP_CANNON:
      return clamp_cannon (a);
    case XQ_KILL_SPRING_HORSE:
      return spring_horse (a);
    case XQ_KILL_CHARIOTS_ADVISORS:
      return both_flanks (a, XQ_CHARIOT, FALSE);
    case XQ_KILL_THREE_PIECES:
      return three_pieces (a);
    case XQ_KILL_OLD_SOLDIER:
      return old_soldier (a);
    case XQ_KILL_PULL_DRAWER:
      return lf->valid && lf->discovered;
    case XQ_KILL_DOUBLE_CHECK:
      return a->n_checkers >= 2;
    case XQ_KILL_CHARIOT_HORSE_COLD:
      return lf->valid && lf->quiet && essential_count (a, XQ_CHARIOT) >= 1 &&
             essential_count (a, XQ_HORSE) >= 1;
    case XQ_KILL_CHARIOT_SOLDIER_COLD:
      return lf->valid && lf->quiet && essential_count (a, XQ_CHARIOT) >= 1 &&
             essential_count (a, XQ_PAWN) >= 1;
    case XQ_KILL_CHARIOT_CANNON_COLD:
      return lf->valid && lf->quiet && essential_count (a, XQ_CHARIOT) >= 1 &&
             essential_count (a, XQ_CANNON) >= 1;
    case XQ_KILL_STALEMATE:
    case XQ_N_KILLS:
      break;
    }
  return FALSE;
}

gboolean
xq_kill_holds (XqKill kill, const XqMateAnalysis *a,
               const XqPosition *start, const XqMove *line, int length)
{
  LineFacts lf;

  g_return_val_if_fail (a != NULL, FALSE);
  g_return_val_if_fail ((guint) kill < XQ_N_KILLS, FALSE);
  if (a->general == XQ_NO_SQUARE)
    return FALSE;
  line_facts (a, start, line, length, &lf);
  return holds (kill, a, &lf);
}

XqKillSet
xq_kill_set (const XqMateAnalysis *a, const XqPosition *start, const XqMove *line, int length)
{
  XqKillSet set = 0;
  LineFacts lf;

  g_return_val_if_fail (a != NULL, 0);
  if (a->general == XQ_NO_SQUARE)
    return 0;
  line_facts (a, start, line, length, &lf);
  for (int k = 0; k < XQ_N_KILLS; k++)
    if (holds ((XqKill) k, a, &lf))
      set |= 1u << k;
  return set;
}

XqKillSet
xq_kill_recognise_final (const XqPosition *end)
{
  XqMateAnalysis a;

  g_return_val_if_fail (end != NULL, 0);
  if (!xq_mate_analyse (end, &a))
    return 0;
  return xq_kill_set (&a, NULL, NULL, 0);
}

XqKillSet
xq_kill_recognise (const XqPosition *start, const XqMove *line, int length)
{
  XqMateAnalysis a;
  XqPosition end;

  g_return_val_if_fail (start != NULL, 0);
  g_return_val_if_fail (length >= 0 && (length == 0 || line != NULL), 0);

  end = *start;
  for (int i = 0; i < length; i++)
    {
      XqUndo u;

      if (!xq_position_is_legal (&end, line[i]))
        return 0;
      xq_position_do_move (&end, line[i], &u);
    }
  if (start->side == end.side || !xq_mate_analyse (&end, &a))
    return 0;
  return xq_kill_set (&a, start, line, length);
}

/* ---- On every defence line ------------------------------------------------ */

typedef struct {
  XqSolver  *solver;
  guint64    budget;
  guint64    nodes, finals, work;
  gboolean   undecided;
  XqPosition start;
  XqMove     line[2 * XQ_SOLVER_MAX_MATE];
  int        length;
  XqMove     first;      /* the only first move walked, or XQ_MOVE_NONE: every key */
  gboolean   first_wins; /* first is one of the fastest first moves */
} Confirm;

static XqKillSet defender_node (Confirm *c, XqPosition *pos, int left, XqKillSet want);

static gboolean
spend (Confirm *c)
{
  if (++c->nodes > c->budget)
    c->undecided = TRUE;
  return !c->undecided;
}

/* Counts the work of the solver's last answer against the whole walk's. */
static void
spend_work (Confirm *c)
{
  c->work += xq_solver_get_work (c->solver);
  if (c->work > XQ_KILL_CONFIRM_WORK)
    c->undecided = TRUE;
}

/* The attacker to move wins in exactly d: the patterns of want that some
 * fastest move steers every longest defence into. */
static XqKillSet
attacker_node (Confirm *c, XqPosition *pos, int d, XqKillSet want)
{
  XqSolution sol;
  XqSolveResult r;
  XqKillSet got = 0;

  if (!spend (c))
    return 0;
  r = xq_solver_solve (c->solver, pos, d, &sol);
  spend_work (c);
  if (r != XQ_SOLVE_MATE || sol.mate != d || c->undecided)
    {
      /* A proven distance that moved would be a solver bug; either way
       * nothing can be claimed. */
      c->undecided = TRUE;
      return 0;
    }
  for (int k = 0; k < sol.n_keys && got != want; k++)
    {
      XqUndo u;

      if (c->length == 0 && c->first != XQ_MOVE_NONE)
        {
          if (sol.keys[k] != c->first)
            continue;
          c->first_wins = TRUE;
        }
      c->line[c->length++] = sol.keys[k];
      xq_position_do_move (pos, sol.keys[k], &u);
      got |= defender_node (c, pos, d - 1, want & ~got);
      xq_position_undo_move (pos, sol.keys[k], &u);
      c->length--;
      if (c->undecided)
        return 0;
    }
  return got;
}

/* The defender to move, the attacker needing left more moves against the
 * best defence: the patterns of want on every line of longest resistance. */
static XqKillSet
defender_node (Confirm *c, XqPosition *pos, int left, XqKillSet want)
{
  XqMove moves[XQ_MAX_MOVES];
  XqKillSet got = want;
  int n;

  if (want == 0 || !spend (c))
    return 0;
  if (left == 0)
    {
      XqMateAnalysis a;

      c->finals++;
      if (!xq_mate_analyse (pos, &a))
        return 0;
      return xq_kill_set (&a, &c->start, c->line, c->length) & want;
    }
  n = xq_position_legal_moves (pos, moves);
  for (int i = 0; i < n && got != 0; i++)
    {
      XqUndo u;
      gboolean longest = TRUE;

      xq_position_do_move (pos, moves[i], &u);
      /* After a fastest attacker move every reply loses within left; the
       * longest ones are those that do not lose sooner.  With left 1 none
       * can: the defender's move never ends the game. */
      if (left > 1)
        switch (xq_solver_wins_within (c->solver, pos, left - 1))
          {
          case XQ_SOLVE_MATE:
            longest = FALSE;
            break;
          case XQ_SOLVE_NONE:
            break;
          case XQ_SOLVE_ABORTED:
            c->undecided = TRUE;
            break;
          }
      if (left > 1)
        spend_work (c);
      if (longest && !c->undecided)
        {
          c->line[c->length++] = moves[i];
          got &= attacker_node (c, pos, left, got);
          c->length--;
        }
      xq_position_undo_move (pos, moves[i], &u);
      if (c->undecided)
        return 0;
    }
  return got;
}

/* What a walk cost, for the caller that asks (stats may be NULL). */
static void
put_stats (XqConfirmStats *stats, int mate, const Confirm *c)
{
  if (stats == NULL)
    return;
  stats->mate = mate;
  stats->nodes = c->nodes;
  stats->finals = c->finals;
  stats->work = c->work;
}

static XqConfirm
confirm_from (XqSolver *solver, const XqPosition *start, XqMove first, int max_n,
              XqKillSet want, guint64 budget, XqKillSet *holds_out, XqConfirmStats *stats)
{
  Confirm c = { 0 };
  XqPosition pos;
  XqKillSet got = 0;
  int mate = 0;
  XqConfirm result;

  g_return_val_if_fail (solver != NULL && start != NULL, XQ_CONFIRM_UNDECIDED);
  g_return_val_if_fail (max_n >= 1 && max_n <= XQ_SOLVER_MAX_MATE, XQ_CONFIRM_UNDECIDED);

  c.solver = solver;
  c.first = first;
  c.budget = budget ? budget : XQ_KILL_CONFIRM_BUDGET;
  c.start = *start;
  pos = *start;
  for (mate = 1; mate <= max_n; mate++)
    {
      XqSolveResult r = xq_solver_wins_within (solver, &pos, mate);

      spend_work (&c);
      if (r == XQ_SOLVE_ABORTED || c.undecided)
        {
          c.undecided = TRUE;
          break;
        }
      if (r == XQ_SOLVE_MATE)
        break;
    }
  if (c.undecided)
    result = XQ_CONFIRM_UNDECIDED;
  else if (mate > max_n)
    {
      mate = 0;
      result = XQ_CONFIRM_NO_MATE;
    }
  else
    {
      got = attacker_node (&c, &pos, mate, want & XQ_KILL_ALL);
      result = c.undecided ? XQ_CONFIRM_UNDECIDED : XQ_CONFIRM_DONE;
      /* A first move that is not among the fastest wins no mate in the
       * exact distance (a want of 0 walks nothing, so cannot tell). */
      if (result == XQ_CONFIRM_DONE && first != XQ_MOVE_NONE && !c.first_wins &&
          (want & XQ_KILL_ALL) != 0)
        result = XQ_CONFIRM_NO_MATE;
    }
  if (result != XQ_CONFIRM_DONE)
    got = 0;
  if (holds_out)
    *holds_out = got;
  put_stats (stats, mate, &c);
  return result;
}

XqConfirm
xq_kill_confirm (XqSolver *solver, const XqPosition *start, int max_n, XqKillSet want,
                 guint64 budget, XqKillSet *holds_out, XqConfirmStats *stats)
{
  return confirm_from (solver, start, XQ_MOVE_NONE, max_n, want, budget, holds_out, stats);
}

XqConfirm
xq_kill_confirm_key (XqSolver *solver, const XqPosition *start, XqMove key, int max_n,
                     XqKillSet want, guint64 budget, XqKillSet *holds_out, XqConfirmStats *stats)
{
  g_return_val_if_fail (key != XQ_MOVE_NONE, XQ_CONFIRM_UNDECIDED);
  return confirm_from (solver, start, key, max_n, want, budget, holds_out, stats);
}

/* ---- A main line steered into a pattern -------------------------------------- */

/* The attacker to move wins in exactly d after line[0..length): the first
 * of its fastest moves (sol, in ICCS order) under which kill still holds
 * on every longest defence, or XQ_MOVE_NONE when none is known to (c is
 * then undecided if a limit ran out). */
static XqMove
steer_choice (Confirm *c, XqPosition *pos, int d, const XqSolution *sol, XqKill kill,
              const XqMove *line, int length)
{
  if (sol->n_keys == 1)
    return sol->keys[0];   /* no choice to make */
  if (length > 0)
    memcpy (c->line, line, (gsize) length * sizeof *line);
  for (int k = 0; k < sol->n_keys && !c->undecided; k++)
    {
      XqUndo u;
      XqKillSet got;

      c->length = length;
      c->line[c->length++] = sol->keys[k];
      xq_position_do_move (pos, sol->keys[k], &u);
      got = defender_node (c, pos, d - 1, 1u << kill);
      xq_position_undo_move (pos, sol->keys[k], &u);
      if (got != 0 && !c->undecided)
        return sol->keys[k];
    }
  return XQ_MOVE_NONE;
}

XqConfirm
xq_kill_steer_line (XqSolver *solver, const XqPosition *start, int max_n, XqKill kill,
                    guint64 budget, XqMove *line, int *length, XqConfirmStats *stats)
{
  Confirm c = { 0 };
  XqPosition pos;
  XqSolution sol;
  XqSolveResult r;
  XqConfirm result = XQ_CONFIRM_DONE;
  int d, mate, n = 0;

  g_return_val_if_fail (solver != NULL && start != NULL, XQ_CONFIRM_UNDECIDED);
  g_return_val_if_fail (line != NULL && length != NULL, XQ_CONFIRM_UNDECIDED);
  g_return_val_if_fail (max_n >= 1 && max_n <= XQ_SOLVER_MAX_MATE, XQ_CONFIRM_UNDECIDED);
  g_return_val_if_fail ((guint) kill < XQ_N_KILLS, XQ_CONFIRM_UNDECIDED);

  c.solver = solver;
  c.budget = budget ? budget : XQ_KILL_CONFIRM_BUDGET;
  c.start = *start;
  pos = *start;
  *length = 0;
  r = xq_solver_solve (solver, &pos, max_n, &sol);
  spend_work (&c);
  d = mate = r == XQ_SOLVE_MATE ? sol.mate : 0;
  if (r == XQ_SOLVE_NONE)
    result = XQ_CONFIRM_NO_MATE;
  else if (r != XQ_SOLVE_MATE || c.undecided)
    result = XQ_CONFIRM_UNDECIDED;
  while (result == XQ_CONFIRM_DONE)
    {
      XqMove m, reply;
      XqUndo u;
      int left;

      m = steer_choice (&c, &pos, d, &sol, kill, line, n);
      if (c.undecided)
        {
          result = XQ_CONFIRM_UNDECIDED;
          break;
        }
      if (m == XQ_MOVE_NONE)
        m = sol.keys[0];   /* no fastest move keeps the pattern: the solver's own */
      line[n++] = m;
      xq_position_do_move (&pos, m, &u);
      /* The most stubborn reply, as xq_solver_main_line plays it. */
      r = xq_solver_longest_defence (solver, &pos, MAX (d - 1, 1), &reply, &left);
      spend_work (&c);
      if (r == XQ_SOLVE_MATE && reply == XQ_MOVE_NONE)
        break;   /* the defender cannot move: the end */
      if (r != XQ_SOLVE_MATE || c.undecided || left != d - 1)
        {
          /* A limit ran out, or a reply escaped a proven win (a solver
           * bug): either way there is no line to claim. */
          result = XQ_CONFIRM_UNDECIDED;
          break;
        }
      line[n++] = reply;
      xq_position_do_move (&pos, reply, &u);
      d = left;
      r = xq_solver_solve (solver, &pos, d, &sol);
      spend_work (&c);
      if (r != XQ_SOLVE_MATE || sol.mate != d || c.undecided)
        result = XQ_CONFIRM_UNDECIDED;
    }
  *length = result == XQ_CONFIRM_DONE ? n : 0;
  put_stats (stats, mate, &c);
  return result;
}

XqConfirm
xq_kill_steer_move (XqSolver *solver, const XqPosition *start, const XqMove *played, int n_played,
                    int max_n, XqKill kill, guint64 budget, XqMove *move, XqConfirmStats *stats)
{
  Confirm c = { 0 };
  XqPosition pos;
  XqSolution sol;
  XqSolveResult r;
  XqMove m;

  g_return_val_if_fail (solver != NULL && start != NULL && move != NULL, XQ_CONFIRM_UNDECIDED);
  g_return_val_if_fail (n_played >= 0 && n_played % 2 == 0 && (n_played == 0 || played != NULL),
                        XQ_CONFIRM_UNDECIDED);
  g_return_val_if_fail (max_n >= 1 && max_n <= XQ_SOLVER_MAX_MATE, XQ_CONFIRM_UNDECIDED);
  g_return_val_if_fail (n_played + 2 * max_n <= 2 * XQ_SOLVER_MAX_MATE, XQ_CONFIRM_UNDECIDED);
  g_return_val_if_fail ((guint) kill < XQ_N_KILLS, XQ_CONFIRM_UNDECIDED);

  *move = XQ_MOVE_NONE;
  c.solver = solver;
  c.budget = budget ? budget : XQ_KILL_CONFIRM_BUDGET;
  c.start = *start;
  pos = *start;
  if (!xq_position_play_line (&pos, played, n_played))
    g_return_val_if_reached (XQ_CONFIRM_UNDECIDED);
  r = xq_solver_solve (solver, &pos, max_n, &sol);
  spend_work (&c);
  if (r == XQ_SOLVE_NONE)
    {
      put_stats (stats, 0, &c);
      return XQ_CONFIRM_NO_MATE;
    }
  if (r != XQ_SOLVE_MATE || sol.n_keys == 0)
    {
      put_stats (stats, 0, &c);
      return XQ_CONFIRM_UNDECIDED;
    }
  m = c.undecided ? XQ_MOVE_NONE : steer_choice (&c, &pos, sol.mate, &sol, kill, played, n_played);
  /* No fastest move keeps the pattern, or a limit ran out: the solver's. */
  *move = m != XQ_MOVE_NONE ? m : sol.keys[0];
  put_stats (stats, sol.mate, &c);
  return c.undecided ? XQ_CONFIRM_UNDECIDED : XQ_CONFIRM_DONE;
}
