/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-patterns.c: geometric recognisers of the named kill patterns.
 *
 * The recognisers are deliberately simple: each names the one or two
 * geometric facts a kill book uses to define the pattern.  They are meant
 * to sort generated puzzles into packs, not to judge style. */
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
  const char *english;
} kills[XQ_N_KILLS] = {
  [XQ_KILL_STALEMATE]      = { "stalemate",      "困斃",     "No moves left" },
  [XQ_KILL_DOUBLE_CANNON]  = { "double-cannon",  "重炮",     "Double cannon" },
  [XQ_KILL_HORSE_CANNON]   = { "horse-cannon",   "馬後炮",   "Cannon behind the horse" },
  [XQ_KILL_SMOTHERED]      = { "smothered",      "悶宮",     "Stuffed palace" },
  [XQ_KILL_SMOTHER]        = { "smother",        "悶殺",     "Smothered general" },
  [XQ_KILL_TWO_CHARIOTS]   = { "two-chariots",   "雙車錯",   "Two chariots in turn" },
  [XQ_KILL_WOCAO_HORSE]    = { "wocao-horse",    "臥槽馬",   "Horse in the trough" },
  [XQ_KILL_CORNER_HORSE]   = { "corner-horse",   "掛角馬",   "Horse on the corner" },
  [XQ_KILL_FISHING_HORSE]  = { "fishing-horse",  "釣魚馬",   "Fishing horse" },
  [XQ_KILL_EIGHT_CORNER]   = { "eight-corner",   "八角馬",   "Eight-corner horse" },
  [XQ_KILL_SIDE_TIGER]     = { "side-tiger",     "側面虎",   "Tiger on the side" },
  [XQ_KILL_IRON_BOLT]      = { "iron-bolt",      "鐵門栓",   "Iron door bolt" },
  [XQ_KILL_HEAVEN_EARTH]   = { "heaven-earth",   "天地炮",   "Heaven and earth cannons" },
  [XQ_KILL_BOLD_HEART]     = { "bold-heart",     "大膽穿心", "Bold strike to the heart" },
  [XQ_KILL_TWO_GHOSTS]     = { "two-ghosts",     "二鬼拍門", "Two ghosts knock at the door" },
  [XQ_KILL_SEA_MOON]       = { "sea-moon",       "海底撈月", "Fishing the moon from the sea" },
  [XQ_KILL_TWIN_HORSES]    = { "twin-horses",    "雙馬飲泉", "Two horses drink at the spring" },
  [XQ_KILL_BUDDHA]         = { "buddha",         "送佛歸殿", "Sending the general home" },
  [XQ_KILL_CINNABAR]       = { "cinnabar",       "炮輾丹砂", "Cannon sweeps the back rank" },
  [XQ_KILL_FACING_GENERAL] = { "facing-general", "白臉將",   "Facing generals" },
  [XQ_KILL_HIGH_HORSE]     = { "high-horse",     "高釣馬",   "High fishing horse" },
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

/* ---- Geometry ------------------------------------------------------------ */

static int
depth_of (XqColor def, XqSquare sq)
{
  return def == XQ_BLACK ? 9 - xq_sq_rank (sq) : xq_sq_rank (sq);
}

static gboolean
is_a (const XqPiece *board, XqSquare sq, XqColor c, XqPieceType t)
{
  return sq >= 0 && sq < XQ_SQUARES && board[sq] == xq_piece_make (c, t);
}

/* Pieces strictly between a and b on one rank or file; -1 off line. */
static int
between (const XqPiece *board, XqSquare a, XqSquare b)
{
  return xq_attacks_between (board, a, b, NULL);
}

/* Would a general on `to` be attacked by the piece on from (so the piece
 * checks it there, or holds that flight point)? */
static gboolean
strikes (const XqPiece *board, XqSquare from, XqSquare to)
{
  XqSquare who[XQ_ATTACKS_MAX_POINTS];
  int n;

  if (board[from] == XQ_EMPTY || from == to)
    return FALSE;
  n = xq_attacks_on_general (board, to, xq_piece_color (board[from]), who);
  for (int i = 0; i < n; i++)
    if (who[i] == from)
      return TRUE;
  return FALSE;
}

typedef struct {
  XqPosition end;
  XqColor    def, att;
  XqSquare   k;
  XqPiece    flight_board[XQ_SQUARES];  /* the end with the defending general lifted */
  XqSquare   checkers[8];
  int        n_checkers;
  XqSquare   steps[4];                  /* the general's palace steps */
  int        n_steps;
} Scene;

/* Does the attacker piece on from hold the flight point s? */
static gboolean
guards (const Scene *sc, XqSquare from, XqSquare s)
{
  return strikes (sc->flight_board, from, s);
}

static gboolean
guards_any_step (const Scene *sc, XqSquare from)
{
  for (int i = 0; i < sc->n_steps; i++)
    {
      XqPiece q = sc->end.board[sc->steps[i]];

      if ((q == XQ_EMPTY || xq_piece_color (q) == sc->att) && guards (sc, from, sc->steps[i]))
        return TRUE;
    }
  return FALSE;
}

static gboolean
checker_is (const Scene *sc, XqPieceType type)
{
  for (int i = 0; i < sc->n_checkers; i++)
    if (xq_piece_type (sc->end.board[sc->checkers[i]]) == type)
      return TRUE;
  return FALSE;
}

/* The piece just in front of a cannon checker on its line (its screen). */
static XqSquare
cannon_screen (const Scene *sc, XqSquare cannon)
{
  int step = xq_sq_rank (cannon) == xq_sq_rank (sc->k) ? (sc->k > cannon ? 1 : -1)
                                                         : (sc->k > cannon ? 9 : -9);

  for (XqSquare s = cannon + step; s != sc->k; s += step)
    if (sc->end.board[s] != XQ_EMPTY)
      return s;
  return XQ_NO_SQUARE;
}

/* ---- Recognisers on the final position ---------------------------------- */

static XqKillSet
final_patterns (const Scene *sc)
{
  const XqPiece *b = sc->end.board;
  XqKillSet set = 0;
  int kd = depth_of (sc->def, sc->k), kf = xq_sq_file (sc->k);

  if (sc->n_checkers == 0)
    set |= 1u << XQ_KILL_STALEMATE;

  for (int i = 0; i < sc->n_checkers; i++)
    {
      XqSquare c = sc->checkers[i];
      XqPieceType ct = xq_piece_type (b[c]);
      int cd = depth_of (sc->def, c), cf = xq_sq_file (c);

      if (ct == XQ_CANNON)
        {
          XqSquare screen = cannon_screen (sc, c);
          gboolean own_only = TRUE;
          int own = 0;

          if (is_a (b, screen, sc->att, XQ_CANNON))
            set |= 1u << XQ_KILL_DOUBLE_CANNON;
          if (is_a (b, screen, sc->att, XQ_HORSE))
            set |= 1u << XQ_KILL_HORSE_CANNON;
          /* Every step off the line of fire is filled by the general's own men. */
          for (int s = 0; s < sc->n_steps; s++)
            {
              XqSquare st = sc->steps[s];
              gboolean on_line = xq_sq_rank (c) == xq_sq_rank (sc->k)
                                   ? xq_sq_rank (st) == xq_sq_rank (c)
                                   : xq_sq_file (st) == xq_sq_file (c);

              /* The steps along the line of fire stay in check anyway. */
              if (on_line)
                continue;
              if (b[st] != XQ_EMPTY && xq_piece_color (b[st]) == sc->def)
                own++;
              else
                own_only = FALSE;
            }
          if (own > 0 && own_only)
            set |= 1u << XQ_KILL_SMOTHERED;
        }
      if (ct == XQ_HORSE)
        {
          if ((cf == 2 || cf == 6) && cd == 1)
            set |= 1u << XQ_KILL_WOCAO_HORSE;
          if ((cf == 3 || cf == 5) && (cd == 0 || cd == 2))
            set |= 1u << XQ_KILL_CORNER_HORSE;
        }
      if (ct == XQ_CHARIOT)
        {
          gboolean along_rank = xq_sq_rank (c) == xq_sq_rank (sc->k);

          for (XqSquare s = 0; s < XQ_SQUARES; s++)
            if (s != c && is_a (b, s, sc->att, XQ_CHARIOT) &&
                (along_rank ? abs (xq_sq_rank (s) - xq_sq_rank (sc->k)) == 1
                            : abs (xq_sq_file (s) - kf) == 1))
              set |= 1u << XQ_KILL_TWO_CHARIOTS;
          /* From the sea bed: the chariot on the back rank checks up the file. */
          if (cd == 0 && kd >= 1 && cf == kf)
            set |= 1u << XQ_KILL_SEA_MOON;
        }
    }

  /* 悶殺: the general's own men take most of its palace steps (at least
   * two, all but one at most), and the check is not a cannon's (that one
   * is 悶宮). */
  if (sc->n_checkers > 0 && !checker_is (sc, XQ_CANNON))
    {
      int own = 0;

      for (int s = 0; s < sc->n_steps; s++)
        if (b[sc->steps[s]] != XQ_EMPTY && xq_piece_color (b[sc->steps[s]]) == sc->def)
          own++;
      if (own >= 2 && own >= sc->n_steps - 1)
        set |= 1u << XQ_KILL_SMOTHER;
    }

  /* Horses guarding the palace from the classical points. */
  for (XqSquare h = 0; h < XQ_SQUARES; h++)
    {
      int hd, hf;
      gboolean is_checker = FALSE;

      if (!is_a (b, h, sc->att, XQ_HORSE) || !guards_any_step (sc, h))
        continue;
      hd = depth_of (sc->def, h);
      hf = xq_sq_file (h);
      for (int i = 0; i < sc->n_checkers; i++)
        is_checker |= sc->checkers[i] == h;
      if ((hf == 2 || hf == 6) && hd == 2 && !is_checker)
        set |= 1u << XQ_KILL_FISHING_HORSE;
      if ((hf == 2 || hf == 6) && hd == 3 && !is_checker)
        {
          gboolean rank_check = FALSE;

          for (int i = 0; i < sc->n_checkers; i++)
            {
              XqPieceType ct = xq_piece_type (b[sc->checkers[i]]);

              rank_check |= (ct == XQ_CHARIOT || ct == XQ_PAWN) &&
                            xq_sq_rank (sc->checkers[i]) == xq_sq_rank (sc->k);
            }
          if (rank_check && !(kf == 4 && kd == 0))
            set |= 1u << XQ_KILL_SIDE_TIGER;
          else
            set |= 1u << XQ_KILL_HIGH_HORSE;
        }
      if (abs (hf - kf) == 1 && abs (hd - kd) == 1 && !is_checker && sc->n_checkers > 0)
        set |= 1u << XQ_KILL_EIGHT_CORNER;
      /* Both horses hold the general: one checks or both guard its steps
       * (a stalemate by two horses counts too). */
      for (XqSquare h2 = h + 1; h2 < XQ_SQUARES; h2++)
        if (is_a (b, h2, sc->att, XQ_HORSE) && guards_any_step (sc, h2))
          {
            gboolean other_checks = FALSE;

            for (int i = 0; i < sc->n_checkers; i++)
              other_checks |= sc->checkers[i] == h2;
            if (is_checker || other_checks || sc->n_checkers == 0)
              set |= 1u << XQ_KILL_TWIN_HORSES;
          }
    }

  /* 鐵門栓: the general on its back rank, a chariot or soldier checks, and a
   * cannon or the general on the centre file shuts the middle. */
  if (kd == 0 && (checker_is (sc, XQ_CHARIOT) || checker_is (sc, XQ_PAWN)))
    for (XqSquare s = 0; s < XQ_SQUARES; s++)
      {
        XqPiece p = b[s];

        if (xq_sq_file (s) != 4 || p == XQ_EMPTY || xq_piece_color (p) != sc->att ||
            (xq_piece_type (p) != XQ_CANNON && xq_piece_type (p) != XQ_KING))
          continue;
        for (int i = 0; i < sc->n_steps; i++)
          if (xq_sq_file (sc->steps[i]) == 4 && guards (sc, s, sc->steps[i]))
            set |= 1u << XQ_KILL_IRON_BOLT;
      }

  /* 天地炮: a cannon on the centre file and one on the back rank, one checking. */
  if (checker_is (sc, XQ_CANNON))
    {
      gboolean heaven = FALSE, earth = FALSE;

      for (XqSquare s = 0; s < XQ_SQUARES; s++)
        if (is_a (b, s, sc->att, XQ_CANNON))
          {
            if (xq_sq_file (s) == 4 && depth_of (sc->def, s) >= 1)
              heaven = TRUE;
            else if (depth_of (sc->def, s) == 0)
              earth = TRUE;
          }
      if (heaven && earth)
        set |= 1u << XQ_KILL_HEAVEN_EARTH;
    }

  /* 二鬼拍門: soldiers on both side files of the palace. */
  {
    gboolean left = FALSE, right = FALSE;

    for (XqSquare s = 0; s < XQ_SQUARES; s++)
      if (is_a (b, s, sc->att, XQ_PAWN) && xq_in_palace (sc->def, s))
        {
          left |= xq_sq_file (s) == 3;
          right |= xq_sq_file (s) == 5;
        }
    if (left && right && sc->n_checkers > 0)
      set |= 1u << XQ_KILL_TWO_GHOSTS;
  }

  /* 白臉將: the attacking general holds a flight point on its file. */
  {
    XqSquare ak = sc->end.king[sc->att];

    if (ak != XQ_NO_SQUARE && xq_sq_file (ak) != kf)
      for (int i = 0; i < sc->n_steps; i++)
        if (xq_sq_file (sc->steps[i]) == xq_sq_file (ak) && b[sc->steps[i]] == XQ_EMPTY &&
            between (sc->flight_board, ak, sc->steps[i]) == 0)
          set |= 1u << XQ_KILL_FACING_GENERAL;
  }
  return set;
}

/* ---- Recognisers of the idea on the way ----------------------------------- */

static XqKillSet
line_patterns (const XqPosition *start, const XqMove *line, int length, const Scene *sc)
{
  XqPosition p = *start;
  XqKillSet set = 0;
  gboolean king_went_home = FALSE;
  int start_depth = depth_of (sc->def, start->king[sc->def]);

  for (int i = 0; i < length; i++)
    {
      XqSquare from = xq_move_from (line[i]), to = xq_move_to (line[i]);
      XqPiece mover = p.board[from], victim = p.board[to];
      XqUndo u;

      if (xq_piece_color (mover) == sc->att && victim != XQ_EMPTY)
        {
          /* 大膽穿心: the chariot dives into the palace centre. */
          if (xq_piece_type (mover) == XQ_CHARIOT && xq_sq_file (to) == 4 &&
              depth_of (sc->def, to) == 1)
            set |= 1u << XQ_KILL_BOLD_HEART;
          /* 炮輾丹砂: the cannon eats an advisor or elephant on the back rank. */
          if (xq_piece_type (mover) == XQ_CANNON && depth_of (sc->def, to) == 0 &&
              (xq_piece_type (victim) == XQ_ADVISOR || xq_piece_type (victim) == XQ_ELEPHANT))
            set |= 1u << XQ_KILL_CINNABAR;
        }
      if (mover == xq_piece_make (sc->def, XQ_KING) &&
          depth_of (sc->def, to) < depth_of (sc->def, from))
        king_went_home = TRUE;
      xq_position_do_move (&p, line[i], &u);
    }
  /* 送佛歸殿: the general started up the palace and is mated on its home rank. */
  if (start_depth >= 1 && depth_of (sc->def, sc->k) == 0 && king_went_home)
    set |= 1u << XQ_KILL_BUDDHA;
  return set;
}

/* Sets up the scene of a finished kill; FALSE when the side to move in end
 * can still move (or a general is missing). */
static gboolean
scene_init (Scene *sc, const XqPosition *end)
{
  const XqTables *t = xq_tables ();
  XqSquare who[XQ_ATTACKS_MAX_POINTS];
  int n;

  sc->end = *end;
  sc->def = sc->end.side;
  sc->att = xq_color_other (sc->def);
  sc->k = sc->end.king[sc->def];
  if (sc->k == XQ_NO_SQUARE || sc->end.king[sc->att] == XQ_NO_SQUARE ||
      xq_position_has_legal_move (&sc->end))
    return FALSE;

  memcpy (sc->flight_board, sc->end.board, sizeof sc->flight_board);
  sc->flight_board[sc->k] = XQ_EMPTY;
  n = xq_attacks_on_general (sc->end.board, sc->k, sc->att, who);
  sc->n_checkers = MIN (n, (int) G_N_ELEMENTS (sc->checkers));
  memcpy (sc->checkers, who, sizeof (XqSquare) * sc->n_checkers);
  sc->n_steps = 0;
  for (int i = 0; t->king[sc->k][i] >= 0; i++)
    sc->steps[sc->n_steps++] = t->king[sc->k][i];
  return TRUE;
}

XqKillSet
xq_kill_recognise_final (const XqPosition *end)
{
  Scene sc;

  g_return_val_if_fail (end != NULL, 0);
  if (!scene_init (&sc, end))
    return 0;
  return final_patterns (&sc);
}

XqKillSet
xq_kill_recognise (const XqPosition *start, const XqMove *line, int length)
{
  XqPosition end;
  Scene sc;

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
  if (start->side == end.side || !scene_init (&sc, &end))
    return 0;
  return final_patterns (&sc) | line_patterns (start, line, length, &sc);
}
