#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# A teacher's collection of deep kills, imported and loaded back
# (docs/import.md, "A teacher's collection"):
#
#   tools/bench-import-kills.sh BUILD [COUNT] [unit|pack]
#
# Makes a PGN of COUNT (1000) real kills (tools/make-kill-collection.py),
# imports it with BUILD/src/cli/xqtool import into a fresh folder with a
# fresh proof cache, and prints the CPU (user + system) and wall time, the
# summary (the counts per reason) and the files written; then loads every
# file back with `xqtool validate` (the strict loader, its proofs taken from
# the cache) and prints that time.  XQ_IMPORT_WORKERS sets the threads.
set -eu
build=${1:?usage: tools/bench-import-kills.sh BUILD [COUNT] [unit|pack]}
count=${2:-1000}
as=${3:-pack}
here=$(cd "$(dirname "$0")" && pwd)
xqtool=$(cd "$build" && pwd)/src/cli/xqtool
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_CACHE_HOME="$work/cache"
"$here/make-kill-collection.py" --count "$count" > "$work/kills.pgn"
echo "collection: $(grep -c '^\[FEN' "$work/kills.pgn") records; workers: ${XQ_IMPORT_WORKERS:-$(nproc)} (at most 8)"
/usr/bin/time -f "import: %U s user + %S s system CPU, %e s wall, %M KB peak" \
  "$xqtool" import "$work/kills.pgn" --out "$work/kills.json" --as "$as" > "$work/report.txt" || true
tail -n 1 "$work/report.txt"
grep -v ': record [0-9]*: ' "$work/report.txt" | sed '$d' || true
echo "skipped, by reason:"
sed -n 's/^.*: record [0-9]*: skipped: //p' "$work/report.txt" | sort | uniq -c | sort -rn
echo "cache: $(grep -c '"key"' "$XDG_CACHE_HOME/xiangqi-tutor/proofs.json" 2>/dev/null || echo 0) proofs"
/usr/bin/time -f "load back: %U s user + %S s system CPU, %e s wall" \
  "$xqtool" validate "$work"/kills*.json && echo "every file loads with the strict loader"
