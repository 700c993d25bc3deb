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

G_END_DECLS
