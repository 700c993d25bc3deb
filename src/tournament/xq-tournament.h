/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-tournament.h: a class tournament — players, rounds, results, withdrawals
 * and standings — run by the competition rules described in
 * docs/tournament.md (systems, colours, scoring, tie-breaks, withdrawals,
 * forfeits).  Plain data with public fields; every change goes through the
 * functions below so the audit trail and the rules stay right. */
#pragma once

#include <glib.h>

#include "xq-clock.h"
#include "xq-game.h"

G_BEGIN_DECLS

#define XQ_TOURNAMENT_ERROR (xq_tournament_error_quark ())
GQuark xq_tournament_error_quark (void);

typedef enum {
  XQ_TOURNAMENT_ERROR_INVALID,   /* bad input: names, numbers, a result code */
  XQ_TOURNAMENT_ERROR_STATE,     /* not now: round incomplete, event over, … */
  XQ_TOURNAMENT_ERROR_FILE,      /* a saved event that cannot be read */
  XQ_TOURNAMENT_ERROR_IO,
  XQ_TOURNAMENT_ERROR_FORFEIT,   /* a withdrawal's forfeit: changed only by an override */
} XqTournamentError;

typedef enum {
  XQ_SYSTEM_ROUND_ROBIN,         /* 大循環, one game a pair */
  XQ_SYSTEM_DOUBLE_ROUND_ROBIN,  /* two games a pair, colours swapped */
  XQ_SYSTEM_SWISS,               /* 積分編排制 */
  XQ_SYSTEM_KNOCKOUT,            /* 淘汰制 */
  XQ_SYSTEM_GROUPS,              /* 分組循環: seeded groups, each a round robin, then a final */
  XQ_SYSTEM_DOUBLE_KNOCKOUT,     /* 雙淘汰制: out after a second loss, a losers' bracket */
} XqSystem;

/* Where a double-knockout match stands (docs/tournament.md). */
typedef enum {
  XQ_BRACKET_WINNERS,            /* players without a loss (and every single-knockout match) */
  XQ_BRACKET_LOSERS,             /* players with one loss */
  XQ_BRACKET_FINAL,              /* the winners' champion against the losers' champion */
  XQ_BRACKET_FINAL_REPLAY,       /* the second final, when the losers' champion won the first */
} XqBracket;

typedef enum {
  XQ_OUTCOME_NONE,               /* not played yet */
  XQ_OUTCOME_RED_WIN,            /* 1-0 */
  XQ_OUTCOME_BLACK_WIN,          /* 0-1 */
  XQ_OUTCOME_DRAW,               /* 1/2-1/2 */
  XQ_OUTCOME_RED_FORFEIT,        /* +- : Red wins without a game */
  XQ_OUTCOME_BLACK_FORFEIT,      /* -+ */
  XQ_OUTCOME_CANCELLED,          /* annulled by a withdrawal (see docs) */
} XqOutcome;

/* A rest round.  Byes always stand after the games of a round, so board
 * numbers 1..n are the games and a bye has no board of its own. */
#define XQ_BYE (-1)

/* Boards of a team match, at most. */
#define XQ_MAX_TEAM_BOARDS 8

typedef struct {
  int       red;          /* player index */
  int       black;        /* player index, or XQ_BYE */
  XqOutcome outcome;
  XqReason  reason;       /* how a game played in the app ended, else NONE */
  int       fouls[2];     /* 犯規 given to Red [0] and Black [1] in this game */
  char     *moves;        /* ICCS moves of a game played in the app, or NULL */
  int       replay_of;    /* knockout: the board (0-based) whose drawn game this replays, else -1 */
  int       slot;         /* knockout: the match's place in the bracket, else -1 */
  /* A team match: the game on each board.  On odd boards (1, 3, …) the
   * first-named team's player has Red, on even boards Black (13.2, 13.3);
   * `outcome` is then the match result, set when every game is in. */
  XqOutcome games[XQ_MAX_TEAM_BOARDS];
} XqPairing;

typedef struct {
  char     *name;
  gboolean  withdrawn;
  gboolean  cancelled;    /* withdrew early in a round robin: results annulled */
  int       group;        /* 0-based group of a group event, else 0 */
  char    **members;      /* a team: its players in board order (12.1), else NULL */
} XqEntrant;

typedef struct {
  char      *title;
  XqSystem   system;
  int        rounds_planned;  /* Swiss: rounds to play; others: set by the system */
  int        n_groups;        /* a group event: how many groups; else 1 */
  int        team_size;       /* a team event: boards per match (12.1); 0 for players */
  guint32    seed;            /* drawing of lots (猜先) in a knockout */
  XqTimeControlPreset clock;  /* for games played in the app */
  int        clock_minutes;   /* 6.5: each side's whole time in minutes; 0 for 6.1–6.4 */
  GPtrArray *players;         /* XqEntrant*, in seeding order */
  GPtrArray *rounds;          /* GPtrArray* of XqPairing*, one per paired round */
  GPtrArray *audit;           /* char*: one line for every correction or withdrawal */
} XqTournament;

typedef struct {
  int    player;
  int    group;               /* a group event: the player's group (places count within it) */
  int    place;               /* shared by players still tied */
  double points;
  double tiebreak[4];         /* in the order of xq_tournament_tiebreak_codes () */
  int    fouls;
  int    played;              /* games over the board */
} XqStanding;

/* ---- Codes -------------------------------------------------------------- */

const char *xq_system_to_code    (XqSystem system);            /* rr drr swiss ko groups dko */
gboolean    xq_system_from_code  (const char *code, XqSystem *out);
/* Round robins of every kind (single, double, groups): drawn whole, ranked by 15.1. */
gboolean    xq_system_is_round_robin (XqSystem system);
/* Single and double knockout: drawn games replayed, one round at a time. */
gboolean    xq_system_is_knockout (XqSystem system);
/* "A", "B", … for group 0, 1, … */
char       *xq_group_name        (int group);
const char *xq_outcome_to_code   (XqOutcome outcome);          /* "1-0" … "+-"; "" for NONE; "x" cancelled */
gboolean    xq_outcome_from_code (const char *code, XqOutcome *out);
/* Red's and Black's points for an outcome (win 1, draw ½, loss 0; + 1, − 0). */
void        xq_outcome_points    (XqOutcome outcome, double *red, double *black);
gboolean    xq_outcome_is_forfeit (XqOutcome outcome);
/* The outcome for a finished game in the app (NONE while it goes on). */
XqOutcome   xq_outcome_from_winner (XqWinner winner);

/* ---- Schedules (pure functions, also for tests) -------------------------- */

/* The standard (Berger) round-robin table for n players, n >= 2: rounds are
 * 1..xq_berger_n_rounds (n); board b of round r is red[b] against black[b]
 * (1-based player numbers; with odd n the number n+1 is the bye).  Returns
 * the number of boards, (n+1)/2. */
int         xq_berger_n_rounds   (int n);
int         xq_berger_round      (int n, int round, int *red, int *black);

/* Knockout bracket order for a bracket of `size` (a power of two): seed
 * numbers in the order they stand, so that seeds 1 and 2 can meet only in
 * the final.  out has `size` entries. */
void        xq_knockout_order    (int size, int *out);

/* ---- The event ------------------------------------------------------------ */

/* A new event: `names` in seeding order (2–200, distinct, no tabs or newlines).
 * A round robin is drawn whole; a Swiss or knockout event pairs round 1.
 * rounds: a Swiss's rounds (0 = a default, see docs); a group event's number
 * of groups (each of at least 2 players; seeds are dealt out in snake order). */
XqTournament *xq_tournament_new  (XqSystem system, const char *const *names, int n_names,
                                  int rounds, guint32 seed, GError **error);
void          xq_tournament_free (XqTournament *t);

/* The event's time control (第6條): a preset 6.1–6.4 (minutes 0), or 6.5
 * with each side's whole time, 1–600 minutes.  An audit line records a
 * change once the event has started. */
gboolean      xq_tournament_set_clock (XqTournament *t, XqTimeControlPreset clock, int minutes,
                                       GError **error);
/* The clock for a game of the event. */
void          xq_tournament_time_control (const XqTournament *t, XqTimeControl *tc);
/* The control as the papers and the page name it: "6.5: 25 minutes each
 * for the whole game".  Free it. */
char         *xq_time_control_title (XqTimeControlPreset clock, int minutes);
/* "6.1" … "6.5", and back. */
const char   *xq_time_control_to_code (XqTimeControlPreset clock);
gboolean      xq_time_control_from_code (const char *code, XqTimeControlPreset *out);

/* Renames the event (1–100 characters on one line; an audit line says so). */
gboolean      xq_tournament_set_title (XqTournament *t, const char *title, GError **error);

int           xq_tournament_n_rounds (const XqTournament *t);          /* paired so far */
/* 1-based round; NULL if not paired. */
GPtrArray    *xq_tournament_get_round (const XqTournament *t, int round);
XqPairing    *xq_tournament_get_pairing (const XqTournament *t, int round, int board, GError **error);
const char   *xq_tournament_player_name (const XqTournament *t, int player);
/* The name as the standings and the papers show it: "王一 (withdrew)" for
 * a player who withdrew.  Free it. */
char         *xq_tournament_display_name (const XqTournament *t, int player);
int           xq_tournament_find_player (const XqTournament *t, const char *name);
gboolean      xq_tournament_round_complete (const XqTournament *t, int round);
/* Has any result been entered (the event has started)? */
gboolean      xq_tournament_started (const XqTournament *t);
/* Every planned round paired and complete. */
gboolean      xq_tournament_finished (const XqTournament *t);

/* A double knockout's bracket of a match (1-based round and board); a
 * single knockout's matches are all WINNERS. */
XqBracket     xq_tournament_bracket (const XqTournament *t, int round, int board);
const char   *xq_bracket_title (XqBracket bracket);
/* A knockout match's winner (after its replays), or -1 while undecided. */
int           xq_tournament_match_winner (const XqTournament *t, int round, int board);
/* "winners", "losers", "final", "final-2" (xqtool's pairings). */
const char   *xq_bracket_code  (XqBracket bracket);

/* Pairs the next Swiss or knockout round once every result of the last one is in. */
gboolean      xq_tournament_pair_next (XqTournament *t, GError **error);

/* Enters or corrects a result (1-based round and board).  A correction of a
 * result already entered adds an audit line.  reason: how a game in the app
 * ended, else XQ_REASON_NONE.  A drawn knockout game gets a replay board. */
gboolean      xq_tournament_set_result (XqTournament *t, int round, int board,
                                        XqOutcome outcome, XqReason reason, GError **error);
/* A forfeit a withdrawal made (the withdrawn player lost it) is refused
 * by set_result with XQ_TOURNAMENT_ERROR_FORFEIT; this changes it all
 * the same, as a deliberate correction with its own audit line. */
gboolean      xq_tournament_override_result (XqTournament *t, int round, int board,
                                             XqOutcome outcome, GError **error);
/* A game played in the app: its ICCS moves and its result with reason. */
gboolean      xq_tournament_record_game (XqTournament *t, int round, int board,
                                         const XqGame *game, GError **error);
/* One more 犯規 for `side` of that board. */
gboolean      xq_tournament_add_foul (XqTournament *t, int round, int board, XqColor side,
                                      GError **error);
/* A team event (第12條 12.1, board order fixed): `teams` and their members
 * (NULL-terminated, strongest first; the first `boards` of each play).
 * Round robin, Swiss, knockout or double knockout (13.4).  Match points 2/1/0 from the game points (14.2). */
XqTournament *xq_tournament_new_teams (XqSystem system, const char *const *teams,
                                       const char *const *const *members, int n_teams,
                                       int boards, int rounds, guint32 seed, GError **error);
/* A game of a team match (1-based round, match and board). */
gboolean      xq_tournament_set_game_result (XqTournament *t, int round, int match, int board,
                                             XqOutcome outcome, GError **error);
/* Who plays `side` on board `board` (1-based) of a team match. */
const char   *xq_tournament_board_player (const XqTournament *t, const XqPairing *match, int board,
                                          XqColor side);
/* Each side's game points in a team match (a forfeited match: all boards). */
void          xq_tournament_game_points (const XqTournament *t, const XqPairing *p,
                                         double *red, double *black);

/* The final of a group event: a new round robin of the best `qualifiers`
 * of every group, seeded group winners first. */
XqTournament *xq_tournament_new_final (const XqTournament *groups, int qualifiers, GError **error);

/* 15.6: a play-off for a place that players still share — a new round
 * robin of those players (or teams), in ranking order.  Not for groups. */
XqTournament *xq_tournament_new_playoff (const XqTournament *t, int place, GError **error);

/* A player leaves the event (see docs for what happens to the results). */
gboolean      xq_tournament_withdraw (XqTournament *t, const char *name, GError **error);

/* ---- Standings ------------------------------------------------------------- */

/* Tie-break columns after the points for this system, NULL-terminated, e.g.
 * {"sonneborn-berger", "wins", "direct", "fouls", NULL}. */
const char *const *xq_tournament_tiebreak_codes (const XqTournament *t);
/* Translated column headings for the same. */
const char   *xq_tiebreak_title (const char *code);
/* Every ranked player, best first (XqStanding). */
GArray       *xq_tournament_standings (const XqTournament *t);
/* A number as the tables show it: "3", "2.5". Free it. */
char         *xq_format_points (double value);
/* A score as a person writes it: "3", "1½", "½". Free it. */
char         *xq_format_score  (double value);

/* ---- Files ---------------------------------------------------------------- */

char         *xq_tournament_to_json   (const XqTournament *t);
/* Errors name the JSON path: "$.rounds[1][0].red: …". */
XqTournament *xq_tournament_from_json (const char *data, gssize length, GError **error);
XqTournament *xq_tournament_load      (const char *path, GError **error);
/* Atomic write; the previous good copy is kept as PATH.bak, and a file on
 * disk that cannot be read is never overwritten. */
gboolean      xq_tournament_save      (const XqTournament *t, const char *path, GError **error);
/* Removes an event's file with its backup (PATH.bak), the temporary files
 * of both and any copies set aside as damaged.  A missing file is not an
 * error. */
gboolean      xq_tournament_delete_file (const char *path, GError **error);
/* Standings and every result as CSV (RFC 4180 quoting; a name that a
 * spreadsheet would take for a formula gets a leading apostrophe). */
char         *xq_tournament_export_csv (const XqTournament *t);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqTournament, xq_tournament_free)

G_END_DECLS
