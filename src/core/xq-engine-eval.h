/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-engine-eval.h: what the engine's search shares with its evaluation. */
#pragma once

#include "xq-position.h"

G_BEGIN_DECLS

/* A piece's material on sq in the engine's hundredths of a soldier (the
 * children's table, xq-material.h, scaled); the search orders captures by it. */
int xq_engine_value_of (XqPiece p, XqSquare sq);

G_END_DECLS
