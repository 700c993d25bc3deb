/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-game-day"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-game-day-rules.h"

static const char *
order_text (XqBanqiOrder order)
{
  return order == XQ_BANQI_ORDER_CHARIOT_HIGH ? "帥 > 俥 > 傌 > 炮 > 仕 > 相 > 兵"
                                              : "帥 > 仕 > 相 > 俥 > 傌 > 炮 > 兵";
}

char *
xq_game_day_options_text (const XqVariantOptions *opts)
{
  GString *s = g_string_new (NULL);

  g_return_val_if_fail (opts != NULL, NULL);
  switch (opts->kind)
    {
    case XQ_VARIANT_BANQI:
    case XQ_VARIANT_LUOQI:
      /* Translators: %s is the capture order, e.g. "帥 > 仕 > 相 > 俥 > 傌 > 炮 > 兵" */
      g_string_append_printf (s, _("Capture order: %s."), order_text (opts->banqi_order));
      if (opts->all_one_step)
        g_string_append_printf (s, " %s", _("Every piece, the cannon too, moves one step."));
      else
        {
          g_string_append_printf (s, " %s", opts->slide_chariot ? _("Chariots slide along open lines.")
                                                                : _("Chariots move one step."));
          g_string_append_printf (s, " %s", opts->slide_cannon ? _("Cannons slide along open lines.")
                                                               : _("Cannons move one step."));
        }
      if (opts->quiet_limit <= 0)
        g_string_append_printf (s, " %s", _("No move limit."));
      else
        {
          /* Translators: %d counts single moves of either player (plies) */
          g_autofree char *t = g_strdup_printf (ngettext ("A draw when %d move in a row, of either player, turns nothing over, puts nothing down and captures nothing.",
                                                          "A draw when %d moves in a row, of either player, turn nothing over, put nothing down and capture nothing.",
                                                          opts->quiet_limit), opts->quiet_limit);
          g_string_append_printf (s, " %s", t);
        }
      break;
    case XQ_VARIANT_JIEQI:
      g_string_append (s, opts->jieqi_open_advisors_elephants
                            ? _("Advisors and elephants start face up beside the general.")
                            : _("Only the generals start face up."));
      break;
    case XQ_VARIANT_ANQI:
    case XQ_VARIANT_WUHU:
    case XQ_VARIANT_CUBE:
    case XQ_VARIANT_MIXED:
    case XQ_VARIANT_N_KINDS:
    default:
      break;
    }
  if (!xq_variant_kind_is_half (opts->kind))
    {
      if (s->len > 0)
        g_string_append_c (s, ' ');
      if (opts->move_limit > 0)
        {
          g_autofree char *t = g_strdup_printf (ngettext ("A draw after %d move by each side without a capture.",
                                                          "A draw after %d moves by each side without a capture.",
                                                          opts->move_limit), opts->move_limit);
          g_string_append (s, t);
        }
      else
        g_string_append (s, _("No move limit."));
    }
  return g_string_free (s, FALSE);
}

static const char *
rules_body (XqVariantKind kind)
{
  switch (kind)
    {
    case XQ_VARIANT_BANQI:
      return _("Played on half a board: the 32 pieces lie face down in the 32 squares, shuffled. "
               "On your turn you either turn one piece face up, or move one of your face-up pieces "
               "one square up, down, left or right, or capture an enemy face-up piece.\n\n"
               "The first piece the first player turns over gives that player its colour.\n\n"
               "A piece captures pieces of its own rank or lower, never higher. The general cannot "
               "capture soldiers, but soldiers can capture the general. The cannon captures by "
               "jumping over exactly one piece, face up or down, in a straight line, and then it "
               "may take any piece whatever its rank. A face-down piece cannot be captured.\n\n"
               "You lose when all your pieces are captured or when you cannot act.");
    case XQ_VARIANT_JIEQI:
      return _("Played on the whole board. The generals stand face up on their points; all the "
               "other pieces are shuffled face down onto their own side's starting points.\n\n"
               "A face-down piece moves like the piece that normally starts on its point, and it "
               "turns face up with that move. From then on it moves as what it really is; "
               "advisors and elephants may then leave the palace and cross the river.\n\n"
               "Everything else is xiangqi: check, checkmate, and a player who cannot move loses.");
    case XQ_VARIANT_ANQI:
      return _("Played on the whole board with every piece face down, both colours shuffled "
               "together onto the 32 starting points.\n\n"
               "A face-down piece moves like the piece that normally starts on its point and "
               "turns face up with that move. You move the face-down pieces on your own half and "
               "the face-up pieces of your colour. The colour of the first piece the first player "
               "reveals is that player's colour; a piece that turns out to be the other colour "
               "belongs to the other player from then on.\n\n"
               "Once face up, the general, the advisors and the elephants may go anywhere on the "
               "board; a soldier may move sideways only after crossing the river, and never "
               "backwards. There is no check: whoever captures the enemy general wins.\n\n"
               "The very first move cannot capture: nobody has a colour until the first piece "
               "is turned up, so no piece is anybody's enemy yet.");
    case XQ_VARIANT_LUOQI:
      return _("Played on half a board that starts empty. Each player holds the 16 pieces of one "
               "colour in the hand; Red begins.\n\n"
               "On your turn you either put a piece from your hand on an empty square, or move one "
               "of your pieces one square up, down, left or right, or capture an enemy piece.\n\n"
               "Captures follow the same ranks as in flip chess: a piece captures its own rank or "
               "lower, the general cannot capture soldiers and soldiers can capture the general.\n\n"
               "You lose when you have nothing left, on the board or in your hand, or when you "
               "cannot act.");
    case XQ_VARIANT_WUHU:
      return _("Red plays without chariots, horses and cannons: a general, two advisors, two "
               "elephants and the five soldiers — the five tigers.\n\n"
               "On Red's turn Red may move one soldier twice, or two soldiers once each, instead "
               "of an ordinary move. Each step must be a legal move on the board as it is after "
               "the step before, and a first step that gives check is the whole turn. A soldier "
               "that steps out and straight back has not moved, so that is not allowed. Black "
               "plays ordinary xiangqi moves.\n\n"
               "Everything else is xiangqi: check, checkmate, and a player who cannot move loses.");
    case XQ_VARIANT_CUBE:
      return _("Each general is a cube with six faces: general, soldier, horse, cannon, advisor "
               "and elephant. Turning your cube a quarter turn so that another face is on top is a "
               "move; you may not turn it on two turns in a row. The opposite face (general and "
               "soldier, horse and elephant, cannon and advisor) is two turns away.\n\n"
               "Whatever face is up, the cube moves like the general and must be protected. The "
               "face on top gives your pieces a power:\n"
               "horse — your horses cannot be blocked;\n"
               "elephant — your elephants cannot be blocked;\n"
               "advisor — your advisors may go one or two diagonal steps in the palace;\n"
               "cannon — your cannons may also jump over one piece to an empty point;\n"
               "soldier — your soldiers may move sideways before crossing the river;\n"
               "general — the enemy general may not face yours on an open file (with neither "
               "general face on top, the generals may face each other).\n\n"
               "Everything else is xiangqi.");
    case XQ_VARIANT_MIXED:
    case XQ_VARIANT_N_KINDS:
    default:
      return _("Xiangqi with chess figures: the king is the general, the rook the chariot, the "
               "knight the horse, the bishop the elephant. Pawns stand in the palace as advisors. "
               "Each side has only one cannon, played by the queen, and a sixth soldier on the "
               "other cannon's point.\n\n"
               "A soldier that has reached the enemy's back line may be exchanged for one of your "
               "captured cannons; the exchange is your move.\n\n"
               "Everything else is xiangqi: the pieces move as their xiangqi pieces do.");
    }
}

char *
xq_game_day_rules_text (const XqVariantOptions *opts)
{
  g_autofree char *options = NULL;

  g_return_val_if_fail (opts != NULL, NULL);
  options = xq_game_day_options_text (opts);
  /* Translators: the rules of a game, a blank line, then "Options: …" */
  return g_strdup_printf (_("%s\n\nOptions: %s"), rules_body (opts->kind), options);
}

const char *
xq_game_day_missing_note (void)
{
  return _("Two more games from the same pages are not offered. 狙擊象棋 (sniper chess) needs a "
           "board one file wider, a tenth palace point and a new piece, the sniper, and its "
           "starting position is only in a figure the page does not include. 三國軍棋 "
           "(three-kingdoms chess) is for three players, and the page does not say which 24 of "
           "the 32 pieces are used, where in each corner they stand, or who moves first. We would rather leave them out than "
           "invent them.");
}
