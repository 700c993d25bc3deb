#!/usr/bin/env bash
# Speed and memory of `xqtool read` (docs/import.md): over every XQF file
# of a folder, and over a PGN stream of GAMES games made by repeating a real
# game (tests/data/games/xqwizard-gbk.pgn, GBK with XQWizard's footer).
# Prints the CPU time (user + system, what the reading costs whatever else
# the machine is doing), the wall time and the peak RSS of each run (GNU
# time).
#
#   tools/bench-read.sh [BUILD_DIR] [XQF_DIR] [GAMES] [MAX_FILES]
#
# BUILD_DIR defaults to build, GAMES to 10000, MAX_FILES (how many of the
# folder's XQF files, in name order) to all; without XQF_DIR only the PGN
# stream is measured.
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build}
xqf_dir=${2:-}
games=${3:-10000}
max_files=${4:-0}
xqtool=$build/src/cli/xqtool
[ -x "$xqtool" ] || { echo "bench-read: no $xqtool; build first" >&2; exit 1; }
command -v /usr/bin/time >/dev/null || { echo "bench-read: needs GNU time (/usr/bin/time)" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/xq-bench-read-XXXXXX")
trap 'rm -rf "$tmp"' EXIT

if [ -n "$xqf_dir" ]; then
  find "$xqf_dir" -maxdepth 1 -type f -iname '*.xqf' | sort > "$tmp/list"
  if [ "$max_files" -gt 0 ]; then head -n "$max_files" "$tmp/list" > "$tmp/list2"; mv "$tmp/list2" "$tmp/list"; fi
  n=$(wc -l < "$tmp/list")
  /usr/bin/time -f "%U %S %e %M" -o "$tmp/t" sh -c "xargs -d '\n' -n 100000 '$xqtool' read < '$tmp/list' > '$tmp/out' || true"
  read -r user sys secs rss < "$tmp/t"
  echo "xqf: $n files: CPU $(echo "$user + $sys" | bc) s (user $user, sys $sys), wall ${secs} s, peak RSS ${rss} KB ($(tail -1 "$tmp/out"))"
fi

sample=$src/tests/data/games/xqwizard-gbk.pgn
seq "$games" | sed "s|.*|$sample|" | xargs cat > "$tmp/stream.pgn"
/usr/bin/time -f "%U %S %e %M" -o "$tmp/t" sh -c "'$xqtool' read '$tmp/stream.pgn' > '$tmp/out' || true"
read -r user sys secs rss < "$tmp/t"
echo "pgn: $games games ($(du -h "$tmp/stream.pgn" | cut -f1)): CPU $(echo "$user + $sys" | bc) s (user $user, sys $sys), wall ${secs} s, peak RSS ${rss} KB ($(tail -1 "$tmp/out"))"
