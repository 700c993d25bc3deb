/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-test-puzzle-pack.h: the small puzzle pack the puzzle drill's tests
 * load from a temporary directory. */
#pragma once

/* A mate in 1 (key e1d1 or e1e8: two keys, listed) and a mate in 2 whose
 * key is a quiet chariot move (c5c7), from the generated collection. */
static const char xq_test_pack_json[] =
  "{ \"format\": 1, \"type\": \"pack\", \"id\": \"test\", \"title\": \"Test pack\",\n"
  "  \"puzzles\": [\n"
  "    { \"id\": \"one\", \"title\": \"One\", \"fen\": \"3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1\",\n"
  "      \"mate-in\": 1, \"difficulty\": 1, \"keys\": [\"e1d1\", \"e1e8\"] },\n"
  "    { \"id\": \"two\", \"title\": \"Two\", \"fen\": \"9/8R/b2ak4/9/2R6/9/9/9/3K5/9 w - - 0 1\",\n"
  "      \"mate-in\": 2, \"difficulty\": 2, \"hints\": [\"Two chariots.\"] }\n"
  "  ] }\n";
