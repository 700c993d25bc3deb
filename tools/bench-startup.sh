#!/usr/bin/env bash
# Launch to first window and memory 2 s after launch, Xiangqi Tutor beside
# GNOME Chess (the yardstick: a GTK 4 board game), in one Xvfb.
#
# The first window is detected with `xdotool search --sync --onlyvisible
# --pid PID`: it returns once a window of that process is mapped (viewable),
# which GTK does when the first frame is ready.  RSS is VmRSS from
# /proc/PID/status, read 2 s after the launch.  Each program runs RUNS
# times (default 3) with fresh XDG dirs; the medians are quoted, and the
# ratio Xiangqi Tutor / GNOME Chess.
#
# Usage: tools/bench-startup.sh [BUILD_DIR]     (default: build)
# GNOME Chess is only a yardstick: install it yourself (apt-get install
# gnome-chess); without it only Xiangqi Tutor is measured.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
runs=${RUNS:-3}
ours="$PWD/$build/src/ui/xiangqi-tutor"
chess=$(command -v gnome-chess || ls /usr/games/gnome-chess 2>/dev/null || true)
for tool in Xvfb xdotool; do
  command -v "$tool" >/dev/null || { echo "bench-startup: $tool is missing" >&2; exit 1; }
done
[ -x "$ours" ] || { echo "bench-startup: build $ours first" >&2; exit 1; }

tmp=$(mktemp -d)
display=:$((110 + RANDOM % 50))
Xvfb "$display" -screen 0 1280x1024x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true; rm -rf "$tmp"' EXIT
export DISPLAY=$display
for _ in $(seq 50); do xdotool getdisplaygeometry >/dev/null 2>&1 && break; sleep 0.1; done

export GSETTINGS_SCHEMA_DIR="$PWD/$build/data" GSETTINGS_BACKEND=memory
export GDK_BACKEND=x11 GTK_A11Y=none NO_AT_BRIDGE=1 ADW_DISABLE_PORTAL=1

# Prints "MS KB" for one launch of "$@".
measure () {
  local home
  home=$(mktemp -d "$tmp/run-XXXXXX")
  local start end pid rss
  start=$(date +%s%N)
  XDG_DATA_HOME=$home/data XDG_CONFIG_HOME=$home/config XDG_CACHE_HOME=$home/cache \
    "$@" >/dev/null 2>&1 &
  pid=$!
  timeout 120 xdotool search --sync --onlyvisible --pid "$pid" >/dev/null
  end=$(date +%s%N)
  # 2 s after the launch, not after the window.
  sleep "$(awk -v s="$start" -v e="$(date +%s%N)" 'BEGIN { d = 2 - (e - s) / 1e9; print (d > 0 ? d : 0) }')"
  rss=$(awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status")
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  echo "$(( (end - start) / 1000000 )) $rss"
}

median () { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

bench () {
  local name=$1; shift
  local ms=() kb=() out
  for _ in $(seq "$runs"); do
    out=$(measure "$@")
    ms+=("${out% *}"); kb+=("${out#* }")
  done
  local m k
  m=$(printf '%s\n' "${ms[@]}" | median)
  k=$(printf '%s\n' "${kb[@]}" | median)
  printf '%-14s first window %6d ms   RSS at 2 s %7d KiB   (median of %d: %s ms)\n' \
    "$name" "$m" "$k" "$runs" "${ms[*]}" >&2
  echo "$m $k"
}

read -r our_ms our_kb < <(bench "xiangqi-tutor" "$ours")
if [ -z "$chess" ]; then
  echo "bench-startup: gnome-chess is not installed; no ratio" >&2
  exit 0
fi
read -r chess_ms chess_kb < <(bench "gnome-chess" "$chess")
awk -v a="$our_ms" -v b="$chess_ms" -v c="$our_kb" -v d="$chess_kb" \
  'BEGIN { printf "ratio xiangqi-tutor / gnome-chess: first window %.2f, RSS %.2f\n", a / b, c / d }'
