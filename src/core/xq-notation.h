/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-notation.h: moves as people write them — ICCS, WXF, and Chinese in
 * traditional or simplified script — in both directions. */
#pragma once

#include "xq-position.h"

G_BEGIN_DECLS

typedef enum {
  XQ_NOTATION_ICCS,      /* h2e2 */
  XQ_NOTATION_WXF,       /* C2=5, H8+7, R+.3 */
  XQ_NOTATION_ZH_HANS,   /* 炮二平五, 马8进7 */
  XQ_NOTATION_ZH_HANT,   /* 炮二平五, 馬8進7 */
} XqNotation;

#define XQ_NOTATION_ERROR (xq_notation_error_quark ())
GQuark xq_notation_error_quark (void);

typedef enum {
  XQ_NOTATION_ERROR_SYNTAX,     /* not a move in that notation at all */
  XQ_NOTATION_ERROR_NO_PIECE,   /* names a piece or file that is not there */
  XQ_NOTATION_ERROR_ILLEGAL,    /* well formed, but no legal move matches */
  XQ_NOTATION_ERROR_AMBIGUOUS,  /* more than one legal move matches */
} XqNotationError;

/* Writes the legal move m of pos in the notation; a newly allocated string. */
char     *xq_notation_format (XqPosition *pos, XqMove m, XqNotation notation);
/* Reads text as a legal move of pos; XQ_MOVE_NONE and an error saying why.
 * Besides what format writes it accepts: WXF with '.' for '=', lower case,
 * the sign before the piece (+R for R+; not for soldiers),
 * N/B for H/E, FSF's ordinal soldier forms (15=6) and a bare file where it
 * is unique; Chinese in either script with the variant glyphs 俥傌砲包,
 * full-width or ASCII digits for either side, 馬前 as well as 前馬, 二兵 for
 * 中兵, and the competition rules' short record without direction (炮25, 7.5) when
 * only one such piece can make the move. */
XqMove    xq_notation_parse  (XqPosition *pos, const char *text, XqNotation notation, GError **error);
/* Tries every notation in turn (for PGN files and pasted text). */
XqMove    xq_notation_parse_any (XqPosition *pos, const char *text, GError **error);
/* "iccs", "wxf", "zh-hans", "zh-hant" <-> enum; FALSE for an unknown name. */
gboolean  xq_notation_from_name (const char *name, XqNotation *out);
const char *xq_notation_to_name (XqNotation notation);

/* ---- A move's parts, for teaching the notation ----------------------------
 *
 * What a written move is made of, so a lesson can say which part a child
 * got wrong ("the horse landed on file 九, not 七") and build plausible
 * wrong spellings of a move: the parts are changed, then spelled by the
 * same code that writes every move. */

typedef enum {
  XQ_NOTATION_FORWARD,  /* 進, + */
  XQ_NOTATION_BACK,     /* 退, - */
  XQ_NOTATION_ACROSS,   /* 平, = */
} XqNotationDirection;

typedef enum {
  XQ_NOTATION_BY_FILE,  /* the piece and its file: 馬八, H8 */
  XQ_NOTATION_TANDEM,   /* two of a kind on one file: 前馬 or 後馬, H+ or H- */
  XQ_NOTATION_PAWNS,    /* three to five soldiers on one file: 前兵 中兵 後兵, 一兵 二兵… */
  XQ_NOTATION_MULTI,    /* soldiers doubled on two or more files: 前七, 7+ */
} XqNotationDesignator;

typedef struct {
  XqPieceType          type;
  XqColor              color;
  XqNotationDesignator designator;
  int                  from_file;   /* the mover's own file number, 1..9 from its own right */
  int                  index;       /* among `count` of its kind on that file, 0 = nearest the opponent */
  int                  count;
  XqNotationDirection  direction;
  int                  to_file;     /* own file number of the landing point */
  int                  steps;       /* ranks moved (0 across) */
  gboolean             names_file;  /* the last number is the landing file (horse, elephant,
                                     * advisor, and every move across), else the steps */
} XqNotationParts;

/* The parts of the legal move m of pos. */
void      xq_notation_parts (const XqPosition *pos, XqMove m, XqNotationParts *out);
/* Spells parts in a notation other than ICCS: for the parts of a move,
 * exactly what xq_notation_format writes; for changed parts, the move a
 * confused reader would write (never checked against a position).  NULL for
 * parts that cannot be written (a number outside 1..9). */
char     *xq_notation_spell (const XqNotationParts *parts, XqNotation notation);
/* One word of a written move, spelled in a notation other than ICCS: a file
 * or a step count as the side writes it (Red 七, Black 7; WXF 7), the
 * direction (進/进/+), the piece (馬/马/H; Red's 帥/帅 and Black's 將/将),
 * and the position word of a designator (前, 中, 後/后; WXF +, -). */
char     *xq_notation_spell_number    (int n, XqColor color, XqNotation notation);
const char *xq_notation_spell_direction (XqNotationDirection direction, XqNotation notation);
const char *xq_notation_spell_piece     (XqPieceType type, XqColor color, XqNotation notation);
/* index 0 of count: front; count - 1: rear; else middle. */
const char *xq_notation_spell_position  (int index, int count, XqNotation notation);

G_END_DECLS
