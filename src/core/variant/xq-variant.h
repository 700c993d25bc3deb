/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-variant.h: the folk games played with xiangqi pieces (Game Day).
 *
 * One state type serves every game.  The board is a grid of cells: the
 * half board of 翻翻棋 and 落棋 has 8 files (a–h) and 4 ranks (1–4 from the
 * first player's side), cell index = rank * 8 + file; the full-board games
 * (揭棋, 暗棋, 五虎棋, 超然象棋, 混合象棋) use the xiangqi points, index =
 * XqSquare (rank * 9 + file, see xq-types.h).
 *
 * Hidden information.  A real state (the one a game holds) knows every
 * face-down piece.  A *view* (xq_variant_state_view) is what a player sees:
 * the identity of every face-down piece is removed (cell.piece has type
 * XQ_NO_TYPE; its colour is kept only where the colour is public, as in 揭棋
 * where a face-down piece stands on its own side's points).  The multiset of
 * identities still face down, `pool`, is public in both.  The computer
 * opponent only ever gets a view; a search that plays an action revealing a
 * piece on a view says which identity it assumes in XqVariantAction.reveal.
 *
 * Which rule each game follows, and why, is in docs/variants.md; this header
 * only says what the fields mean.
 */
#pragma once

#include "xq-types.h"
#include "xq-game.h"   /* XqWinner */

G_BEGIN_DECLS

/* ---- Games and options ---------------------------------------------------- */

typedef enum {
  XQ_VARIANT_BANQI,   /* 翻翻棋 / 暗棋 on the half board */
  XQ_VARIANT_JIEQI,   /* 揭棋 */
  XQ_VARIANT_ANQI,    /* full-board 暗棋: everything shuffled, colour by first reveal */
  XQ_VARIANT_LUOQI,   /* 落棋: half board, drops from the hand */
  XQ_VARIANT_WUHU,    /* 五虎棋 */
  XQ_VARIANT_CUBE,    /* 超然象棋: the general is a cube */
  XQ_VARIANT_MIXED,   /* 國際中國象棋 (混合象棋): chess figures */
  XQ_VARIANT_N_KINDS
} XqVariantKind;

/* The capture order of 翻翻棋 and 落棋 (highest first). */
typedef enum {
  XQ_BANQI_ORDER_ADVISOR_HIGH,   /* 帥 > 仕 > 相 > 車 > 馬 > 炮 > 兵, the default */
  XQ_BANQI_ORDER_CHARIOT_HIGH,   /* 帥 > 車 > 馬 > 炮 > 仕 > 相 > 兵 */
} XqBanqiOrder;

typedef struct {
  XqVariantKind kind;

  /* 翻翻棋 and 落棋. */
  XqBanqiOrder banqi_order;
  gboolean     slide_chariot;    /* the chariot moves (and captures by rank) any distance on an open line */
  gboolean     slide_cannon;     /* the cannon moves any distance on an open line (captures still jump) */
  gboolean     all_one_step;     /* every piece, the cannon too, moves and captures one step, by rank */
  int          quiet_limit;      /* plies without a flip, drop or capture that draw; 0 = off (default 60) */

  /* 揭棋. */
  gboolean     jieqi_open_advisors_elephants; /* advisors and elephants start face up too */

  /* The xiangqi-like games: rounds without a capture that draw (default 60, 0 = off). */
  int          move_limit;
} XqVariantOptions;

/* Defaults for `kind` (every flag off, limits as documented above). */
void         xq_variant_options_init     (XqVariantOptions *opts, XqVariantKind kind);

/* Stable codes for files and xqtool: "banqi", "jieqi", "anqi", "luoqi",
 * "wuhu", "cube", "mixed". */
const char  *xq_variant_kind_to_code     (XqVariantKind kind);
gboolean     xq_variant_kind_from_code   (const char *code, XqVariantKind *out);
/* The game's translated name ("翻翻棋" in Chinese, "Flip chess" in English). */
const char  *xq_variant_kind_name        (XqVariantKind kind);
/* The name the seed pages use (Chinese, whatever the interface language). */
const char  *xq_variant_kind_original_name (XqVariantKind kind);
/* One translated line saying what the game is (the Game Day list). */
const char  *xq_variant_kind_summary     (XqVariantKind kind);
/* Is the board the 8×4 half board (翻翻棋, 落棋)? */
gboolean     xq_variant_kind_is_half     (XqVariantKind kind);

/* ---- The table of games ------------------------------------------------------
 *
 * Every fact the Game Day page, its rules page and `xqtool variant` show
 * about a game is one line of one table (xq-variant-table.c): its code,
 * names and summary above, its rules text, the key to its pictures, the
 * options it offers and its computer levels.  The interface and xqtool loop
 * over the table; a new game is its rules file and one line there
 * (docs/variants.md). */

/* The yes/no options a game may offer: its rules page shows a check box for
 * each (xq_variant_kind_has_flag), the option words name them. */
typedef enum {
  XQ_VARIANT_FLAG_CHARIOT_ORDER,           /* order=chariot */
  XQ_VARIANT_FLAG_SLIDE_CHARIOT,           /* slide-chariot=1 */
  XQ_VARIANT_FLAG_SLIDE_CANNON,            /* slide-cannon=1 */
  XQ_VARIANT_FLAG_ONE_STEP,                /* one-step=1 */
  XQ_VARIANT_FLAG_OPEN_ADVISORS_ELEPHANTS, /* open-advisors-elephants=1 */
  XQ_VARIANT_N_FLAGS
} XqVariantFlag;

gboolean     xq_variant_kind_has_flag    (XqVariantKind kind, XqVariantFlag flag);
/* The check box's translated label (with a mnemonic underscore). */
const char  *xq_variant_flag_label       (XqVariantFlag flag);
gboolean     xq_variant_options_get_flag (const XqVariantOptions *opts, XqVariantFlag flag);
void         xq_variant_options_set_flag (XqVariantOptions *opts, XqVariantFlag flag, gboolean on);

/* One line of a rules page's key to the pictures: a piece as the board
 * draws it, and what it means. */
typedef enum {
  XQ_VARIANT_LEGEND_UP,          /* a face-up piece: color, type (and cube) */
  XQ_VARIANT_LEGEND_BACK,        /* a face-down piece whose colour shows */
  XQ_VARIANT_LEGEND_BACK_PLAIN,  /* a face-down piece that shows nothing */
} XqVariantLegendFace;

typedef struct {
  guint8      face;   /* XqVariantLegendFace */
  guint8      color;  /* XqColor (not for BACK_PLAIN) */
  guint8      type;   /* XqPieceType of a face-up piece */
  guint8      cube;   /* the face a 超然象棋 cube general shows, else XQ_NO_TYPE */
  const char *text;   /* untranslated; xq_variant_legend_text translates it */
} XqVariantLegend;

/* The key's lines of `kind`, *n_out of them (at least one). */
const XqVariantLegend *xq_variant_kind_legend (XqVariantKind kind, int *n_out);
const char  *xq_variant_legend_text      (const XqVariantLegend *line);
/* The rules for a child, translated: short paragraphs separated by blank
 * lines, without the options. */
const char  *xq_variant_kind_rules       (XqVariantKind kind);
/* Does the board draw the pieces of `kind` as chess figures (國際中國象棋)? */
gboolean     xq_variant_kind_chess_figures (XqVariantKind kind);
/* The options in force in words, translated ("Capture order: …. A draw when
 * …"); free with g_free. */
char        *xq_variant_options_describe (const XqVariantOptions *opts);
/* The rules page's text: xq_variant_kind_rules, a blank line, "Options: …". */
char        *xq_variant_rules_text       (const XqVariantOptions *opts);
/* The seed games not offered, and why (translated). */
const char  *xq_variant_missing_note     (void);
/* "banqi, jieqi, …, cube or mixed": every code, for error messages. */
char        *xq_variant_codes_text       (void);

/* Options as "key=value" words separated by spaces ("order=chariot
 * slide-chariot=1 quiet-limit=40"), for save files and xqtool --option.
 * Only options that differ from the defaults are written.  Parsing starts
 * from the defaults of opts->kind and fails (GError in XQ_VARIANT_ERROR) on
 * an unknown key or a bad value. */
char        *xq_variant_options_to_string   (const XqVariantOptions *opts);
gboolean     xq_variant_options_from_string (XqVariantOptions *opts, const char *text, GError **error);

/* ---- The state ------------------------------------------------------------- */

#define XQ_VARIANT_MAX_CELLS 90

typedef enum {
  XQ_FACE_EMPTY = 0,   /* no piece */
  XQ_FACE_UP,          /* a revealed piece */
  XQ_FACE_DOWN,        /* a face-down piece */
} XqFace;

typedef struct {
  guint8  face;     /* XqFace */
  XqPiece piece;    /* identity; in a view a face-down cell has type XQ_NO_TYPE
                     * (colour bit kept only when `color_known`) */
  guint8  color_known; /* face-down only: everybody knows its colour (揭棋) */
  gint8   mover;    /* face-down only: the XqColor that may move it, or -1 if
                     * whoever is to move may flip it (翻翻棋) */
} XqVariantCell;

typedef struct {
  XqVariantKind kind;
  int           files, ranks;          /* 8×4 or 9×10 */
  XqVariantCell cell[XQ_VARIANT_MAX_CELLS];

  XqColor   side;            /* colour to move (meaningless while !colors_known) */
  gboolean  colors_known;    /* FALSE in 翻翻棋 / 暗棋 until the first reveal */
  XqColor   first_color;     /* colour of the player who moved first (once known).  In
                              * 暗棋 the board is kept with Red's home at ranks 0–4: when
                              * the first player turns out Black, apply turns the board
                              * round (draw it from first_color's side) */

  guint8    pool[16];        /* face-down identities still unrevealed, by XqPiece (public) */
  guint8    hand[16];        /* 落棋: pieces in hand, by XqPiece */

  /* 超然象棋: the face up on each cube (XQ_KING = the 帥 face) and whether that
   * side turned its cube on its previous turn (it may not turn again now). */
  XqPieceType cube_face[2];
  gboolean    cube_turned[2];

  int       ply;             /* actions played since the start */
  int       quiet;           /* plies since the last capture, flip, reveal or drop */
  guint64   key;             /* hash of everything above that matters for repetition */
} XqVariantState;

/* The start state of a game, its shuffle drawn from `seed`. */
void      xq_variant_state_init_start (XqVariantState *st, const XqVariantOptions *opts, guint32 seed);

/* What any player sees: `out` is `st` with every face-down identity removed.
 * (Both players see the same in every game here; `viewer` is kept so a game
 * with private information can be added without changing callers.) */
void      xq_variant_state_view       (const XqVariantState *st, XqColor viewer, XqVariantState *out);
/* Does the state hold no face-down identity (is it a view)? */
gboolean  xq_variant_state_is_view    (const XqVariantState *st);

/* The piece type a face-down piece on cell `idx` moves as (the type that
 * starts on that point), XQ_NO_TYPE on the half board or if not face down. */
XqPieceType xq_variant_moves_as       (const XqVariantState *st, int idx);
/* Pieces captured so far, by XqPiece (the set minus board, pool and hand). */
void      xq_variant_state_captured   (const XqVariantState *st, guint8 out[16]);
/* The 超然象棋 cube: the face opposite `face` (帥–兵, 馬–相, 炮–仕). */
XqPieceType xq_variant_cube_opposite  (XqPieceType face);

/* Text form (xqtool `variant moves`).  Half board: 4 ranks of 8 cells from
 * rank 4 down to rank 1 separated by '/', FEN letters for face-up pieces,
 * `x` for a face-down piece, digits for empty cells, then the side to move
 * (`w` red, `b` black, `-` before the colours are known).  Full board: a
 * xiangqi FEN whose face-down pieces are `X` (red) / `x` (black), then extra
 * fields documented in docs/variants.md (cube faces, hands, pool).  Parsing
 * always gives a view: which piece is under each face-down one is never
 * written, only the pool they are drawn from. */
gboolean  xq_variant_state_from_text  (XqVariantState *st, XqVariantKind kind,
                                       const XqVariantOptions *opts,
                                       const char *text, GError **error);
char     *xq_variant_state_to_text    (const XqVariantState *st);

/* Is the board of st kept from Red's side while the first player drew
 * Black, so that the interface draws it turned round (full-board 暗棋; the
 * table of games says which games turn it)? */
gboolean     xq_variant_state_turned_round (const XqVariantState *st);

/* ---- Actions ----------------------------------------------------------------- */

typedef enum {
  XQ_ACTION_MOVE,      /* from → to; a capture if `to` holds an enemy piece.  A
                        * face-down piece (揭棋, 暗棋) moves as the piece that starts
                        * on its point and is revealed by the move */
  XQ_ACTION_FLIP,      /* turn the face-down piece on `from` face up (翻翻棋) */
  XQ_ACTION_DROP,      /* put a `type` piece from the hand on empty `to` (落棋) */
  XQ_ACTION_CUBE,      /* turn the own cube 90° so `type` is up (超然象棋) */
  XQ_ACTION_DOUBLE,    /* 五虎棋: soldier from → to, then soldier from2 → to2 */
  XQ_ACTION_EXCHANGE,  /* 混合象棋: the soldier on `from` (enemy back line) becomes a captured own cannon */
} XqActionKind;

/* May a turn of `kind` be an action of this kind (the table of games; a
 * move always)?  The interface shows a game's own controls by it: the
 * cube (XQ_ACTION_CUBE), the hands (DROP), the double turn, the exchange. */
gboolean     xq_variant_kind_has_action  (XqVariantKind kind, XqActionKind action);

typedef struct {
  guint8      kind;    /* XqActionKind */
  gint8       from, to;
  gint8       from2, to2;   /* DOUBLE only, else -1 */
  guint8      type;    /* DROP: the piece type dropped; CUBE: the new face */
  XqPiece     reveal;  /* the identity the action reveals (FLIP, or a face-down
                        * piece's MOVE): filled in by apply on a real state,
                        * given by the caller on a view; 0 if nothing is revealed */
  XqPiece     captured; /* the identity of a face-down piece the move captures
                         * (揭棋, 暗棋: it is shown when taken); filled in and
                         * given like `reveal`.  In a game record: the piece
                         * the action took (the first step's, for DOUBLE) */
  XqPiece     captured2; /* in a game record, DOUBLE: the piece the second step took */
} XqVariantAction;

/* Everything apply destroys, so undo is exact. */
typedef struct {
  XqVariantState before;
  XqPiece        revealed;   /* the identity the action revealed, 0 if none */
  XqPiece        captured;   /* the piece the action captured, 0 if none (DOUBLE: the first step's) */
  XqPiece        captured2;  /* DOUBLE: the piece the second step captured, 0 if none */
} XqVariantUndo;

#define XQ_VARIANT_MAX_ACTIONS 512

/* Every legal action of the side to move (reveal = 0); out holds
 * XQ_VARIANT_MAX_ACTIONS.  Works on real states and views alike. */
int       xq_variant_legal_actions   (const XqVariantState *st, const XqVariantOptions *opts,
                                      XqVariantAction *out);
gboolean  xq_variant_is_legal        (const XqVariantState *st, const XqVariantOptions *opts,
                                      const XqVariantAction *a);
/* Plays a legal action.  On a real state a->reveal and a->captured are
 * ignored and the real identities are used (and written to undo); on a view
 * they must name pieces in the pool when the action reveals or takes a
 * face-down piece. */
void      xq_variant_apply           (XqVariantState *st, const XqVariantOptions *opts,
                                      const XqVariantAction *a, XqVariantUndo *undo);
void      xq_variant_undo            (XqVariantState *st, const XqVariantUndo *undo);
/* Legal actions that start on cell `from` (moves, flips, exchanges, double
 * turns whose first step starts there), for highlighting targets. */
int       xq_variant_legal_actions_from (const XqVariantState *st, const XqVariantOptions *opts,
                                         int from, XqVariantAction *out);
/* Is the side to move in check (the xiangqi-like games; always FALSE in
 * 翻翻棋, 落棋 and 暗棋, which have no check)? */
gboolean  xq_variant_side_in_check   (const XqVariantState *st, const XqVariantOptions *opts);
/* 五虎棋: the board between the two steps of a double turn (the piece on
 * `from` moved to `to`, the same side still to move), for drawing the first
 * step while the second is chosen.  Not a state to play on. */
void      xq_variant_state_first_step (const XqVariantState *st, int from, int to, XqVariantState *out);
/* Does the action reveal a piece (a flip or a face-down piece's move)? */
gboolean  xq_variant_action_reveals  (const XqVariantState *st, const XqVariantAction *a);

/* Text of an action, stable for files and xqtool: "a1a2" moves (ICCS on the
 * full board, a–h/1–4 on the half board), "+a1" flips, "N@a1" drops (FEN
 * letter, upper case for red), "=N" cube turns (the new face's letter),
 * "e3e4,g3g4" double turns, "=C@e9" exchanges. */
char     *xq_variant_action_to_text  (const XqVariantState *st, const XqVariantAction *a);
/* Parses and checks against st; FALSE with a GError for bad text. */
gboolean  xq_variant_action_from_text (const XqVariantState *st, const char *text,
                                       XqVariantAction *out, GError **error);

/* ---- Why an action is refused ---------------------------------------------- */

typedef enum {
  XQ_REFUSE_NONE = 0,          /* the action is legal */
  XQ_REFUSE_GAME_OVER,         /* the game has ended */
  XQ_REFUSE_NO_PIECE,          /* nothing on that cell */
  XQ_REFUSE_NOT_YOURS,         /* that piece belongs to the other player */
  XQ_REFUSE_FACE_DOWN,         /* a face-down piece cannot move in this game: flip it */
  XQ_REFUSE_ALREADY_UP,        /* flipping a piece that is already face up */
  XQ_REFUSE_BAD_MOVE,          /* the piece does not move like that */
  XQ_REFUSE_OWN_PIECE,         /* capturing one's own piece */
  XQ_REFUSE_CAPTURE_HIDDEN,    /* capturing a face-down piece */
  XQ_REFUSE_TOO_SMALL,         /* a smaller piece cannot take a larger one */
  XQ_REFUSE_GENERAL_SOLDIER,   /* the general may not take a soldier */
  XQ_REFUSE_CANNON_SCREEN,     /* the cannon must jump exactly one piece to capture */
  XQ_REFUSE_IN_CHECK,          /* the move leaves one's own general in check */
  XQ_REFUSE_FACING_GENERALS,   /* the generals would face each other */
  XQ_REFUSE_CUBE_TWICE,        /* the cube was turned on the previous turn */
  XQ_REFUSE_CUBE_FACE,         /* that face is not a 90° turn away */
  XQ_REFUSE_NOT_SOLDIER,       /* a double turn moves soldiers only */
  XQ_REFUSE_NO_CANNON,         /* no captured cannon to exchange, or not on the back line */
  XQ_REFUSE_CELL_TAKEN,        /* dropping on an occupied cell */
  XQ_REFUSE_NOT_IN_HAND,       /* no such piece left in the hand */
  XQ_REFUSE_WRONG_KIND,        /* that kind of action does not exist in this game */
  XQ_REFUSE_FIRST_CAPTURE,     /* 暗棋: the first move, before anyone has a colour, may not capture */
  XQ_REFUSE_CHECK_ENDS_TURN,   /* 五虎棋: a first step that gives check (or ends the game) ends the turn */
  XQ_REFUSE_NO_PASS,           /* 五虎棋: a double step out and back is a pass */
} XqRefusal;

/* Why `a` may not be played in st (XQ_REFUSE_NONE if it may).  If sentence
 * is not NULL it receives a translated sentence for a child (free with
 * g_free), NULL when the action is legal. */
XqRefusal xq_variant_explain_refusal (const XqVariantState *st, const XqVariantOptions *opts,
                                      const XqVariantAction *a, char **sentence);
/* Stable code of a refusal ("too-small", "general-soldier", ...). */
const char *xq_refusal_to_code       (XqRefusal r);

/* ---- Results ----------------------------------------------------------------- */

typedef enum {
  XQ_VREASON_NONE = 0,
  XQ_VREASON_ALL_CAPTURED,     /* a side has no piece left: it loses */
  XQ_VREASON_NO_ACTION,        /* the side to move cannot act: it loses (困斃 in xiangqi-like games) */
  XQ_VREASON_CHECKMATE,        /* xiangqi-like games */
  XQ_VREASON_GENERAL_CAPTURED, /* full-board 暗棋: the general was taken */
  XQ_VREASON_REPETITION,       /* the same state a third time: a draw */
  XQ_VREASON_QUIET_LIMIT,      /* the move limit without capture/flip: a draw */
  XQ_VREASON_AGREEMENT,        /* set by the interface */
  XQ_VREASON_RESIGNATION,      /* set by the interface */
  XQ_VREASON_FORBIDDEN_CYCLE,  /* xiangqi-like games: a repetition ruled by 棋例 (長將, 長捉, ...) */
} XqVariantReason;

typedef struct {
  XqWinner        winner;
  XqVariantReason reason;
  int             ply;       /* ply at which it was decided, -1 while going on */
  XqReason        cycle;     /* FORBIDDEN_CYCLE: the 棋例 ruling (XQ_REASON_PERPETUAL_CHECK, ...) */
} XqVariantResult;

/* The result that st itself shows (no piece left, no action, mate, general
 * captured, quiet limit); repetition needs the history: see XqVariantGame. */
XqVariantResult xq_variant_state_result (const XqVariantState *st, const XqVariantOptions *opts);
const char  *xq_variant_reason_to_code  (XqVariantReason r);
/* A translated sentence for a child: who won and why.  Free with g_free. */
char        *xq_variant_result_explain  (const XqVariantResult *r, XqVariantKind kind);

/* ---- A game record -------------------------------------------------------------- */

typedef struct _XqVariantGame XqVariantGame;

XqVariantGame *xq_variant_game_new      (const XqVariantOptions *opts, guint32 seed);
void           xq_variant_game_free     (XqVariantGame *game);
guint32        xq_variant_game_get_seed (const XqVariantGame *game);
const XqVariantOptions *xq_variant_game_get_options (const XqVariantGame *game);

/* The real state at the current ply (the UI shows only what
 * xq_variant_state_view gives; the real one is for the referee). */
const XqVariantState *xq_variant_game_get_state (const XqVariantGame *game);
/* The real state at `ply` (0..n_plies). */
const XqVariantState *xq_variant_game_get_state_at (const XqVariantGame *game, int ply);
/* The view at the current ply, what both players (and the computer) see. */
void           xq_variant_game_get_view (const XqVariantGame *game, XqVariantState *out);

/* Plays an action at the current ply (dropping any redo tail).  Refused
 * actions fail with XQ_VARIANT_ERROR_REFUSED and the refusal's sentence. */
gboolean       xq_variant_game_play      (XqVariantGame *game, const XqVariantAction *a, GError **error);
gboolean       xq_variant_game_play_text (XqVariantGame *game, const char *text, GError **error);
gboolean       xq_variant_game_undo      (XqVariantGame *game);
gboolean       xq_variant_game_redo      (XqVariantGame *game);
int            xq_variant_game_get_ply   (const XqVariantGame *game);
int            xq_variant_game_get_n_plies (const XqVariantGame *game);
/* The action played to reach `ply` (1..n_plies), with its reveal filled in. */
const XqVariantAction *xq_variant_game_get_action (const XqVariantGame *game, int ply);

XqVariantResult xq_variant_game_get_result (const XqVariantGame *game);
void           xq_variant_game_resign     (XqVariantGame *game, XqColor loser);
void           xq_variant_game_agree_draw (XqVariantGame *game);

/* Save format (docs/variants.md): PGN-like tag lines
 * [Game "Xiangqi Tutor variant"] [Variant "banqi"] [Seed "123"] [Options "..."]
 * [Result "..."] and then the actions' texts.  Loading replays every
 * action from the seeded start and fails with a one-line error naming the
 * line of the first bad tag or action. */
char          *xq_variant_game_save       (const XqVariantGame *game);
XqVariantGame *xq_variant_game_load       (const char *text, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqVariantGame, xq_variant_game_free)

/* ---- The computer opponent ------------------------------------------------------ */

#define XQ_VARIANT_ENGINE_MAX_LEVEL 3

typedef struct _XqVariantEngine XqVariantEngine;

XqVariantEngine *xq_variant_engine_new       (guint32 seed);
void             xq_variant_engine_free      (XqVariantEngine *engine);
/* Restarts the engine's random numbers (the low levels' noise). */
void             xq_variant_engine_reseed    (XqVariantEngine *engine, guint32 seed);
/* 1 (a beginner) .. XQ_VARIANT_ENGINE_MAX_LEVEL. */
void             xq_variant_engine_set_level (XqVariantEngine *engine, int level);
/* Thread-safe: makes a running search return soon. */
void             xq_variant_engine_stop      (XqVariantEngine *engine);
/* A legal action for the side to move of `view`, which must be a view (no
 * face-down identity: checked); the search reasons over the pool of
 * unrevealed pieces.  FALSE when the side to move has no action.  Slow:
 * call from a worker thread in the UI. */
gboolean         xq_variant_engine_choose    (XqVariantEngine *engine,
                                              const XqVariantState *view,
                                              const XqVariantOptions *opts,
                                              XqVariantAction *out);

/* The game before `view`, for the repetition rules (docs/variants.md, "The
 * computer"): views[k] are the states (views only: checked) of the last n
 * plies before it, actions[k] leads from views[k] to the next (views[n-1]'s
 * action leads to the view given to choose).  Used by the next choose only;
 * without it the engine knows no history. */
void             xq_variant_engine_set_history (XqVariantEngine *engine,
                                                const XqVariantState *views,
                                                const XqVariantAction *actions, int n);
/* set_history from the game's record up to its current ply (only what a
 * player sees of it).  Call on the main thread, then choose in a worker. */
void             xq_variant_engine_take_history (XqVariantEngine *engine,
                                                 const XqVariantGame *game);
/* take_history, then choose on the game's current view. */
gboolean         xq_variant_engine_choose_in_game (XqVariantEngine *engine,
                                                   const XqVariantGame *game,
                                                   XqVariantAction *out);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqVariantEngine, xq_variant_engine_free)

/* ---- Errors ------------------------------------------------------------------------ */

#define XQ_VARIANT_ERROR (xq_variant_error_quark ())
GQuark xq_variant_error_quark (void);

typedef enum {
  XQ_VARIANT_ERROR_SYNTAX,    /* text that cannot be read */
  XQ_VARIANT_ERROR_INVALID,   /* a state that cannot arise (too many pieces, ...) */
  XQ_VARIANT_ERROR_REFUSED,   /* an action that is not legal here */
} XqVariantError;

G_END_DECLS
