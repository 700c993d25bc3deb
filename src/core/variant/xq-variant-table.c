/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-variant-table.c: the table of the Game Day games, one line per game
 * (docs/variants.md, "A new game"): its code, its name, the name the seed
 * pages use, a summary, its rules for a child, the key to its pictures, the
 * options it offers, how its pieces are drawn, its computer levels and its
 * rules.  The Game Day page, its rules page and `xqtool variant` loop over
 * this table and know no game by name. */
#define G_LOG_DOMAIN "xq-variant"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-variant-private.h"

#define FLAG(f) (1u << XQ_VARIANT_FLAG_##f)
#define ACT(a)  (1u << XQ_ACTION_##a)
/* The half-board games' options. */
#define HALF_FLAGS (FLAG (CHARIOT_ORDER) | FLAG (SLIDE_CHARIOT) | FLAG (SLIDE_CANNON) | FLAG (ONE_STEP))

#define UP(c, t, cube, text)  { XQ_VARIANT_LEGEND_UP, c, t, cube, text }
#define BACK(c, text)         { XQ_VARIANT_LEGEND_BACK, c, XQ_NO_TYPE, XQ_NO_TYPE, text }
#define BACK_PLAIN(text)      { XQ_VARIANT_LEGEND_BACK_PLAIN, XQ_RED, XQ_NO_TYPE, XQ_NO_TYPE, text }
#define LEGEND(...)           ((const XqVariantLegend[]) { __VA_ARGS__, { 0, 0, 0, 0, NULL } })
#define LEVELS(...)           ((const XqVariantLevel[XQ_VARIANT_ENGINE_MAX_LEVEL]) { __VA_ARGS__ })

/* The levels of a game whose line names none: depth, nodes, noise,
 * margin, blunder (xq-variant-private.h), measured by
 * tools/variant-ladder.py (docs/variants.md, "Calibration"). */
#define COMMON_LEVEL_1 { 1,  20000, 300,  0, 100 }
#define COMMON_LEVEL_2 { 2,  50000, 100,  0, 100 }
#define COMMON_LEVEL_3 { 3, 150000,   0, 15, 0 }

static const XqVariantLevel common_levels[XQ_VARIANT_ENGINE_MAX_LEVEL] = {
  COMMON_LEVEL_1,
  COMMON_LEVEL_2,
  COMMON_LEVEL_3,
};

/* The full-army games where a plain capturer (take the biggest piece) could
 * not beat the common level 1 half the time: its first level slips more. */
static const XqVariantLevel loose_levels[XQ_VARIANT_ENGINE_MAX_LEVEL] = {
  { 1,  20000, 500,  0, 250 },
  COMMON_LEVEL_2,
  COMMON_LEVEL_3,
};

typedef struct {
  const char            *code;
  const char            *name;       /* N_() */
  const char            *original;   /* the seed pages' name */
  const char            *summary;    /* N_() */
  const char            *rules;      /* N_() */
  const XqVariantLegend *legend;     /* ends with a NULL text */
  guint                  flags;      /* 1 << XqVariantFlag */
  gboolean               chess_figures;
  gboolean               turns_round; /* the board is turned round when the first player draws Black */
  guint                  actions;    /* 1 << XqActionKind: what a turn may be besides a move */
  const XqVariantLevel  *levels;     /* NULL: common_levels */
  const XqVariantRules  *play;
} Game;

static const Game games[XQ_VARIANT_N_KINDS] = {
  [XQ_VARIANT_BANQI] = {
    "banqi", N_("Flip chess"), "翻翻棋",
    N_("Half board, every piece face down: turn them over and capture by rank."),
    N_("Played on half a board: the 32 pieces lie face down in the 32 squares, shuffled. "
      "On your turn you either turn one piece face up, or move one of your face-up pieces "
      "one square up, down, left or right, or capture an enemy face-up piece.\n\n"
      "The first piece the first player turns over gives that player its colour.\n\n"
      "A piece captures pieces of its own rank or lower, never higher. The general cannot "
      "capture soldiers, but soldiers can capture the general. The cannon captures by "
      "jumping over exactly one piece, face up or down, in a straight line, and then it "
      "may take any piece whatever its rank. A face-down piece cannot be captured.\n\n"
      "You lose when all your pieces are captured or when you cannot act."),
    LEGEND (BACK_PLAIN (N_("A face-down piece: nobody knows what it is or whose it is."))),
    HALF_FLAGS, FALSE, FALSE, ACT (FLIP), NULL, &xq_variant_banqi_rules },
  [XQ_VARIANT_JIEQI] = {
    "jieqi", N_("Reveal chess"), "揭棋",
    N_("Xiangqi with hidden pieces: each one shows what it is when it first moves."),
    N_("Played on the whole board. The generals stand face up on their points; all the "
      "other pieces are shuffled face down onto their own side's starting points.\n\n"
      "A face-down piece moves like the piece that normally starts on its point, and it "
      "turns face up with that move. From then on it moves as what it really is; "
      "advisors and elephants may then leave the palace and cross the river.\n\n"
      "Everything else is xiangqi: check, checkmate, and a player who cannot move loses."),
    LEGEND (BACK (XQ_RED, N_("A face-down red piece: its red band says whose it is.")),
            BACK (XQ_BLACK, N_("A face-down black piece."))),
    FLAG (OPEN_ADVISORS_ELEPHANTS), FALSE, FALSE, 0, loose_levels, &xq_variant_jieqi_rules },
  [XQ_VARIANT_ANQI] = {
    "anqi", N_("Full-board dark chess"), "全盤暗棋",
    N_("The whole board face down; your first revealed piece gives your colour."),
    N_("Played on the whole board with every piece face down, both colours shuffled "
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
      "is turned up, so no piece is anybody's enemy yet."),
    LEGEND (BACK_PLAIN (N_("A face-down piece: nobody knows what it is or whose it is."))),
    0, FALSE, TRUE, 0, loose_levels, &xq_variant_anqi_rules },
  [XQ_VARIANT_LUOQI] = {
    "luoqi", N_("Drop chess"), "落棋",
    N_("Half board: put pieces from your hand on the board, then capture by rank."),
    N_("Played on half a board that starts empty. Each player holds the 16 pieces of one "
      "colour in the hand; Red begins.\n\n"
      "On your turn you either put a piece from your hand on an empty square, or move one "
      "of your pieces one square up, down, left or right, or capture an enemy piece.\n\n"
      "Captures follow the same ranks as in flip chess: a piece captures its own rank or "
      "lower, the general cannot capture soldiers and soldiers can capture the general.\n\n"
      "You lose when you have nothing left, on the board or in your hand, or when you "
      "cannot act."),
    LEGEND (UP (XQ_RED, XQ_HORSE, XQ_NO_TYPE, N_("Every piece comes from a hand, face up, onto any empty square."))),
    HALF_FLAGS, FALSE, FALSE, ACT (DROP), NULL, &xq_variant_luoqi_rules },
  [XQ_VARIANT_WUHU] = {
    "wuhu", N_("Five tigers"), "五虎棋",
    N_("Red has only soldiers to attack with, but moves them twice as fast."),
    N_("Red plays without chariots, horses and cannons: a general, two advisors, two "
      "elephants and the five soldiers — the five tigers.\n\n"
      "On Red's turn Red may move one soldier twice, or two soldiers once each, instead "
      "of an ordinary move. Each step must be a legal move on the board as it is after "
      "the step before, and a first step that gives check is the whole turn. A soldier "
      "that steps out and straight back has not moved, so that is not allowed. Black "
      "plays ordinary xiangqi moves.\n\n"
      "Everything else is xiangqi: check, checkmate, and a player who cannot move loses."),
    LEGEND (UP (XQ_RED, XQ_PAWN, XQ_NO_TYPE, N_("Red's soldiers are the five tigers."))),
    0, FALSE, FALSE, ACT (DOUBLE), NULL, &xq_variant_wuhu_rules },
  [XQ_VARIANT_CUBE] = {
    "cube", N_("Cube general chess"), "超然象棋",
    N_("The general is a cube: the face on top gives your pieces a power."),
    N_("Each general is a cube with six faces: general, soldier, horse, cannon, advisor "
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
      "Everything else is xiangqi."),
    LEGEND (UP (XQ_RED, XQ_KING, XQ_HORSE, N_("Red's cube general with the horse face on top: the little cube marks it.")),
            UP (XQ_BLACK, XQ_KING, XQ_KING, N_("Black's cube general with the general face on top."))),
    0, FALSE, FALSE, ACT (CUBE), loose_levels, &xq_variant_cube_rules },
  [XQ_VARIANT_MIXED] = {
    "mixed", N_("Chess-figure xiangqi"), "國際中國象棋",
    N_("Xiangqi played with chess figures, and a queen for a cannon."),
    N_("Xiangqi with chess figures: the king is the general, the rook the chariot, the "
      "knight the horse, the bishop the elephant. Pawns stand in the palace as advisors. "
      "Each side has only one cannon, played by the queen, and a sixth soldier on the "
      "other cannon's point.\n\n"
      "A soldier that has reached the enemy's back line may be exchanged for one of your "
      "captured cannons; the exchange is your move.\n\n"
      "Everything else is xiangqi: the pieces move as their xiangqi pieces do."),
    LEGEND (UP (XQ_RED, XQ_CANNON, XQ_NO_TYPE, N_("The queen is the cannon.")),
            UP (XQ_RED, XQ_ADVISOR, XQ_NO_TYPE, N_("A pawn is an advisor in the palace at the start, or a soldier."))),
    0, TRUE, FALSE, ACT (EXCHANGE), NULL, &xq_variant_mixed_rules },
};

static const Game *
game_of (XqVariantKind kind)
{
  g_assert ((guint) kind < XQ_VARIANT_N_KINDS);
  return &games[kind];
}

const XqVariantRules *
xq_variant_rules_of (XqVariantKind kind)
{
  return game_of (kind)->play;
}

const char *
xq_variant_kind_to_code (XqVariantKind kind)
{
  g_return_val_if_fail ((guint) kind < XQ_VARIANT_N_KINDS, NULL);
  return games[kind].code;
}

gboolean
xq_variant_kind_from_code (const char *code, XqVariantKind *out)
{
  for (int k = 0; k < XQ_VARIANT_N_KINDS; k++)
    if (g_strcmp0 (code, games[k].code) == 0)
      {
        *out = (XqVariantKind) k;
        return TRUE;
      }
  return FALSE;
}

char *
xq_variant_codes_text (void)
{
  GString *s = g_string_new (NULL);

  for (int k = 0; k < XQ_VARIANT_N_KINDS; k++)
    g_string_append_printf (s, "%s%s", k == 0 ? "" : k + 1 < XQ_VARIANT_N_KINDS ? ", " : " or ",
                            games[k].code);
  return g_string_free (s, FALSE);
}

const char *
xq_variant_kind_name (XqVariantKind kind)
{
  g_return_val_if_fail ((guint) kind < XQ_VARIANT_N_KINDS, NULL);
  return _(games[kind].name);
}

const char *
xq_variant_kind_original_name (XqVariantKind kind)
{
  g_return_val_if_fail ((guint) kind < XQ_VARIANT_N_KINDS, NULL);
  return games[kind].original;
}

const char *
xq_variant_kind_summary (XqVariantKind kind)
{
  g_return_val_if_fail ((guint) kind < XQ_VARIANT_N_KINDS, NULL);
  return _(games[kind].summary);
}

const char *
xq_variant_kind_rules (XqVariantKind kind)
{
  g_return_val_if_fail ((guint) kind < XQ_VARIANT_N_KINDS, NULL);
  return _(games[kind].rules);
}

gboolean
xq_variant_kind_is_half (XqVariantKind kind)
{
  return (guint) kind < XQ_VARIANT_N_KINDS && games[kind].play->half;
}

gboolean
xq_variant_kind_chess_figures (XqVariantKind kind)
{
  return (guint) kind < XQ_VARIANT_N_KINDS && games[kind].chess_figures;
}

gboolean
xq_variant_state_turned_round (const XqVariantState *st)
{
  g_return_val_if_fail (st != NULL && (guint) st->kind < XQ_VARIANT_N_KINDS, FALSE);
  return games[st->kind].turns_round && st->colors_known && st->first_color == XQ_BLACK;
}

gboolean
xq_variant_kind_has_action (XqVariantKind kind, XqActionKind action)
{
  return (guint) kind < XQ_VARIANT_N_KINDS
         && (action == XQ_ACTION_MOVE || (games[kind].actions & (1u << action)) != 0);
}

const XqVariantLegend *
xq_variant_kind_legend (XqVariantKind kind, int *n_out)
{
  int n = 0;

  g_return_val_if_fail ((guint) kind < XQ_VARIANT_N_KINDS && n_out != NULL, NULL);
  while (games[kind].legend[n].text != NULL)
    n++;
  *n_out = n;
  return games[kind].legend;
}

const char *
xq_variant_legend_text (const XqVariantLegend *line)
{
  g_return_val_if_fail (line != NULL && line->text != NULL, NULL);
  return _(line->text);
}

const XqVariantLevel *
xq_variant_kind_level (XqVariantKind kind, int level)
{
  const XqVariantLevel *levels = game_of (kind)->levels ? game_of (kind)->levels : common_levels;

  return &levels[CLAMP (level, 1, XQ_VARIANT_ENGINE_MAX_LEVEL) - 1];
}

/* ---- Options ------------------------------------------------------------------ */

gboolean
xq_variant_kind_has_flag (XqVariantKind kind, XqVariantFlag flag)
{
  return (guint) kind < XQ_VARIANT_N_KINDS && (guint) flag < XQ_VARIANT_N_FLAGS
         && (games[kind].flags & (1u << flag)) != 0;
}

const char *
xq_variant_flag_label (XqVariantFlag flag)
{
  static const char *const labels[XQ_VARIANT_N_FLAGS] = {
    [XQ_VARIANT_FLAG_CHARIOT_ORDER] = N_("Chariot, horse and cannon rank above advisor and elephant"),
    [XQ_VARIANT_FLAG_SLIDE_CHARIOT] = N_("Chariots slide along open lines"),
    [XQ_VARIANT_FLAG_SLIDE_CANNON] = N_("Cannons slide along open lines"),
    [XQ_VARIANT_FLAG_ONE_STEP] = N_("Every piece moves one step, the cannon too"),
    [XQ_VARIANT_FLAG_OPEN_ADVISORS_ELEPHANTS] = N_("Advisors and elephants start face up"),
  };

  g_return_val_if_fail ((guint) flag < XQ_VARIANT_N_FLAGS, NULL);
  return _(labels[flag]);
}

gboolean
xq_variant_options_get_flag (const XqVariantOptions *opts, XqVariantFlag flag)
{
  g_return_val_if_fail (opts != NULL, FALSE);
  switch (flag)
    {
    case XQ_VARIANT_FLAG_CHARIOT_ORDER:           return opts->banqi_order == XQ_BANQI_ORDER_CHARIOT_HIGH;
    case XQ_VARIANT_FLAG_SLIDE_CHARIOT:           return opts->slide_chariot;
    case XQ_VARIANT_FLAG_SLIDE_CANNON:            return opts->slide_cannon;
    case XQ_VARIANT_FLAG_ONE_STEP:                return opts->all_one_step;
    case XQ_VARIANT_FLAG_OPEN_ADVISORS_ELEPHANTS: return opts->jieqi_open_advisors_elephants;
    case XQ_VARIANT_N_FLAGS:
    default:                                      g_return_val_if_reached (FALSE);
    }
}

void
xq_variant_options_set_flag (XqVariantOptions *opts, XqVariantFlag flag, gboolean on)
{
  g_return_if_fail (opts != NULL);
  on = on != FALSE;
  switch (flag)
    {
    case XQ_VARIANT_FLAG_CHARIOT_ORDER:
      opts->banqi_order = on ? XQ_BANQI_ORDER_CHARIOT_HIGH : XQ_BANQI_ORDER_ADVISOR_HIGH;
      break;
    case XQ_VARIANT_FLAG_SLIDE_CHARIOT:           opts->slide_chariot = on; break;
    case XQ_VARIANT_FLAG_SLIDE_CANNON:            opts->slide_cannon = on; break;
    case XQ_VARIANT_FLAG_ONE_STEP:                opts->all_one_step = on; break;
    case XQ_VARIANT_FLAG_OPEN_ADVISORS_ELEPHANTS: opts->jieqi_open_advisors_elephants = on; break;
    case XQ_VARIANT_N_FLAGS:
    default:                                      g_return_if_reached ();
    }
}

/* What one option of the game says on the rules page, or NULL. */
static const char *
flag_sentence (const XqVariantOptions *opts, XqVariantFlag flag)
{
  gboolean on = xq_variant_options_get_flag (opts, flag);
  gboolean one_step = opts->all_one_step && xq_variant_kind_has_flag (opts->kind, XQ_VARIANT_FLAG_ONE_STEP);

  switch (flag)
    {
    case XQ_VARIANT_FLAG_ONE_STEP:
      return on ? _("Every piece, the cannon too, moves one step.") : NULL;
    case XQ_VARIANT_FLAG_SLIDE_CHARIOT:
      if (one_step)
        return NULL;
      return on ? _("Chariots slide along open lines.") : _("Chariots move one step.");
    case XQ_VARIANT_FLAG_SLIDE_CANNON:
      if (one_step)
        return NULL;
      return on ? _("Cannons slide along open lines.") : _("Cannons move one step.");
    case XQ_VARIANT_FLAG_OPEN_ADVISORS_ELEPHANTS:
      return on ? _("Advisors and elephants start face up beside the general.")
                : _("Only the generals start face up.");
    case XQ_VARIANT_FLAG_CHARIOT_ORDER:   /* said first, with the order itself */
    case XQ_VARIANT_N_FLAGS:
    default:
      return NULL;
    }
}

char *
xq_variant_options_describe (const XqVariantOptions *opts)
{
  /* The order the sentences come in: one-step before the sliding rules it
   * overrides. */
  static const XqVariantFlag said[] = {
    XQ_VARIANT_FLAG_ONE_STEP, XQ_VARIANT_FLAG_SLIDE_CHARIOT, XQ_VARIANT_FLAG_SLIDE_CANNON,
    XQ_VARIANT_FLAG_OPEN_ADVISORS_ELEPHANTS,
  };
  GString *s = g_string_new (NULL);
  gboolean half;

  g_return_val_if_fail (opts != NULL && (guint) opts->kind < XQ_VARIANT_N_KINDS, NULL);
  half = xq_variant_kind_is_half (opts->kind);
#define SENTENCE(t) G_STMT_START { if (s->len) g_string_append_c (s, ' '); g_string_append (s, (t)); } G_STMT_END
  if (xq_variant_kind_has_flag (opts->kind, XQ_VARIANT_FLAG_CHARIOT_ORDER))
    /* Translators: %s is the capture order, e.g. "帥 > 仕 > 相 > 俥 > 傌 > 炮 > 兵" */
    g_string_append_printf (s, _("Capture order: %s."),
                            opts->banqi_order == XQ_BANQI_ORDER_CHARIOT_HIGH ? "帥 > 俥 > 傌 > 炮 > 仕 > 相 > 兵"
                                                                             : "帥 > 仕 > 相 > 俥 > 傌 > 炮 > 兵");
  for (guint k = 0; k < G_N_ELEMENTS (said); k++)
    if (xq_variant_kind_has_flag (opts->kind, said[k]) && flag_sentence (opts, said[k]) != NULL)
      SENTENCE (flag_sentence (opts, said[k]));
  if (half ? opts->quiet_limit <= 0 : opts->move_limit <= 0)
    SENTENCE (_("No move limit."));
  else if (half)
    {
      /* Translators: %d counts single moves of either player (plies) */
      g_autofree char *t = g_strdup_printf (ngettext ("A draw when %d move in a row, of either player, turns nothing over, puts nothing down and captures nothing.",
                                                      "A draw when %d moves in a row, of either player, turn nothing over, put nothing down and capture nothing.",
                                                      opts->quiet_limit), opts->quiet_limit);
      SENTENCE (t);
    }
  else
    {
      g_autofree char *t = g_strdup_printf (ngettext ("A draw after %d move by each side without a capture.",
                                                      "A draw after %d moves by each side without a capture.",
                                                      opts->move_limit), opts->move_limit);
      SENTENCE (t);
    }
#undef SENTENCE
  return g_string_free (s, FALSE);
}

char *
xq_variant_rules_text (const XqVariantOptions *opts)
{
  g_autofree char *options = NULL;

  g_return_val_if_fail (opts != NULL && (guint) opts->kind < XQ_VARIANT_N_KINDS, NULL);
  options = xq_variant_options_describe (opts);
  /* Translators: the rules of a game, a blank line, then "Options: …" */
  return g_strdup_printf (_("%s\n\nOptions: %s"), xq_variant_kind_rules (opts->kind), options);
}

const char *
xq_variant_missing_note (void)
{
  return _("Two more games from the same pages are not offered. 狙擊象棋 (sniper chess) needs a "
           "board one file wider, a tenth palace point and a new piece, the sniper, and its "
           "starting position is only in a figure the page does not include. 三國軍棋 "
           "(three-kingdoms chess) is for three players, and the page does not say which 24 of "
           "the 32 pieces are used, where in each corner they stand, or who moves first. We would rather leave them out than "
           "invent them.");
}
