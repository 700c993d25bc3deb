/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-unit-map-card.h: what one unit card of the map shows (the number in
 * its disc, the title, the stars, the counts and where the unit stands),
 * drawn by one widget from text laid out once.  The card itself, with its
 * frame, focus and click, is the GtkButton that holds it (xq-unit-map.c).
 *
 * One widget instead of two boxes and five labels per card: the unit map is
 * the first thing the window draws, and its labels' styling and repeated
 * measuring were most of the start-up work GNOME Chess does not have
 * (docs/building.md, "Start-up"). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define XQ_TYPE_UNIT_MAP_CARD (xq_unit_map_card_get_type ())
G_DECLARE_FINAL_TYPE (XqUnitMapCard, xq_unit_map_card, XQ, UNIT_MAP_CARD, GtkWidget)

typedef enum {
  XQ_UNIT_MAP_CARD_NUMBER,
  XQ_UNIT_MAP_CARD_TITLE,
  XQ_UNIT_MAP_CARD_STARS,
  XQ_UNIT_MAP_CARD_FACTS,
  XQ_UNIT_MAP_CARD_STATUS,
  XQ_UNIT_MAP_CARD_N_PARTS
} XqUnitMapCardPart;

/* current: the unit to do next, whose status is in the accent colour. */
GtkWidget  *xq_unit_map_card_new      (const char *number,
                                       const char *title,
                                       const char *stars,
                                       const char *facts,
                                       const char *status,
                                       gboolean    current);
const char *xq_unit_map_card_get_text (XqUnitMapCard     *self,
                                       XqUnitMapCardPart  part);

/* Stars just earned in the unit (at most five shown) fly in from below
 * the card to its stars line, one after another (about a second). */
void        xq_unit_map_card_fly_stars  (XqUnitMapCard *self, int n);
/* How many are flying now (0: none). */
int         xq_unit_map_card_get_flying (XqUnitMapCard *self);

G_END_DECLS
