#!/usr/bin/env bash
# Runs every file in tests/data/repro through every xqtool command that reads
# it and prints elapsed time, CPU time, peak memory and the first output line.
# A run over 1 s elapsed or 200 MB, or one killed by a signal, is marked and
# makes the exit status 1.  The tests check the messages; this checks the cost
# (timings do not belong in tests).
#
#   tools/check-repro.sh [BUILD_DIR]      (default: build)
#
# Set XQ_REPRO_SKIP to a glob of file names to leave out (default: none).
set -uo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
xqtool="$build/src/cli/xqtool"
skip=${XQ_REPRO_SKIP-}
max_s=1.0
max_kb=$((200 * 1024))

[ -x "$xqtool" ] || { echo "check-repro: no $xqtool (build first)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "check-repro: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0

measure () {
  local file=$1; shift
  local rc elapsed user kb first label mark=""
  rm -rf "$tmp/out" "$tmp/units" "$tmp/sheet.pdf" "$tmp/out.xqpack"
  /usr/bin/time -o "$tmp/time" -f "%e %U %M" "$xqtool" "$@" >"$tmp/out" 2>&1
  rc=$?
  # time(1) puts a note ("Command exited with non-zero status 1", or the
  # signal) before the figures.
  read -r elapsed user kb < <(tail -n 1 "$tmp/time")
  grep -q "signal" "$tmp/time" && mark=" CRASH"
  [ "$rc" -ge 128 ] && mark=" CRASH"
  if awk -v e="$elapsed" -v m="$max_s" 'BEGIN { exit !(e + 0 > m + 0) }'; then mark="$mark SLOW"; fi
  [ "${kb:-0}" -gt "$max_kb" ] && mark="$mark BIG"
  [ -n "$mark" ] && status=1
  first=$(head -n 1 "$tmp/out" | sed "s|$file|FILE|" | cut -c1-90)
  label=$1
  [ "$1" = pack ] && label="$1 $2"
  printf '%-34s %-14s %5ss %5ss cpu %7s KB rc=%-3s%s  %s\n' "$(basename "$file")" "$label" \
    "$elapsed" "$user" "$kb" "$rc" "$mark" "$first"
}

printf '%-34s %-14s %6s %10s %10s\n' file command elapsed cpu "max RSS"
for file in tests/data/repro/*; do
  name=$(basename "$file")
  # shellcheck disable=SC2053
  if [ -n "$skip" ] && [[ $name == $skip ]]; then
    printf '%-34s skipped (XQ_REPRO_SKIP=%s)\n' "$name" "$skip"
    continue
  fi
  case "$name" in
    tournament-*.json)
      measure "$file" tournament "$file" standings
      measure "$file" tournament "$file" export csv
      measure "$file" tournament "$file" print standings --out "$tmp/sheet.pdf"
      ;;
    *.json|*.xqpack)
      measure "$file" validate "$file"
      measure "$file" lesson-stats "$file"
      measure "$file" worksheet "$file" --out "$tmp/sheet.pdf"
      measure "$file" pack export "$file" --out "$tmp/out.xqpack"
      measure "$file" pack validate "$file"
      measure "$file" pack import "$file" --into "$tmp/units"
      ;;
    *.pgn)
      measure "$file" pgn "$file"
      ;;
    *.txt)
      measure "$file" worksheet "$file" --out "$tmp/sheet.pdf"
      # A single line without "|" is a FEN.
      if [ "$(wc -l <"$file")" -le 1 ] && ! grep -q '|' "$file"; then
        measure "$file" status "$(cat "$file")"
      fi
      ;;
    *)
      printf '%-34s no command reads this kind of file\n' "$name"
      ;;
  esac
done
exit $status
