#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Writes tools/mate-sample.fen: 450 random endings that the solver proves
# to be mates in 1 to 5 (90 of each distance), 30% of them with Black
# attacking, for timing the solver against fairy-stockfish
# (tools/compare-solvers.py, docs/solver.md).  Fixed seed: the same xqtool
# gives the same file.  A position whose proof would exceed the solver's
# work budget (the app's limit) is skipped, as the app would call it too
# deep.  Usage: gen-mate-sample.sh [XQTOOL]
set -eu
here=$(dirname "$0")
xqtool=${1:-$here/../build/src/cli/xqtool}
out=$here/mate-sample.fen
{
  echo "# Random mates in 1-5 for the solver bench; written by tools/gen-mate-sample.sh"
  echo "# FEN | mate N (proved minimal) | every key, in ICCS order"
  "$xqtool" mate-sample --seed 2026 --count 450 --max 5 --black 30
} > "$out.tmp"
mv "$out.tmp" "$out"
echo "wrote $out: $(grep -vc '^#' "$out") positions"
