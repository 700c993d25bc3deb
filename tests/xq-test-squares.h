/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-test-squares.h: points and moves written as text in a test ("e4",
 * "h2e2"), asserting that they parse. */
#pragma once

#include <glib.h>

#include "xq-position.h"

static inline XqSquare
sq (const char *name)
{
  XqSquare s = xq_square_from_text (name);
  g_assert_cmpint (s, !=, XQ_NO_SQUARE);
  return s;
}

static inline XqMove
mv (const char *iccs)
{
  XqMove m = xq_move_from_iccs (iccs);
  g_assert_cmpint (m, !=, XQ_MOVE_NONE);
  return m;
}
