/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-game-day-rules.h: what the Game Day page says about each game — a
 * one-line summary and the rules in force with the options chosen, in the
 * interface language.  The rules themselves are the core's
 * (src/core/variant); these are their words for a child. */
#pragma once

#include <glib.h>

#include "xq-variant.h"

G_BEGIN_DECLS

/* The games, their names and summaries are the core's table
 * (xq_variant_kind_name, xq_variant_kind_original_name,
 * xq_variant_kind_summary): the page lists every XqVariantKind in order. */
/* The rules page text: a few short paragraphs separated by blank lines,
 * then the options in force ("Options: …").  Free with g_free. */
char       *xq_game_day_rules_text (const XqVariantOptions *opts);
/* One line naming the options in force. */
char       *xq_game_day_options_text (const XqVariantOptions *opts);
/* The page's note on the seed games it does not offer. */
const char *xq_game_day_missing_note (void);

G_END_DECLS
