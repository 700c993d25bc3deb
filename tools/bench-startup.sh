#!/usr/bin/env bash
# Launch to first frame and memory 2 s after launch, Xiangqi Tutor beside
# GNOME Chess (the yardstick: a GTK 4 board game), in one Xvfb and one run.
#
# Every launch is a fresh process, started and watched by tools/first-frame.c
# (built here): it listens for the X events of the program's first window,
# its map and its first drawing, and reports the time to that first frame,
# the CPU time the process had used by then, VmRSS 2 s after the launch,
# and when the window settled (its last drawing before a second without
# any) with the CPU time by then and VmRSS a second later.  The settled
# time is the honest one for a window that shows its frame first and its
# content a moment later; for one that draws its content at once the two
# are the same.  (A second, not less: on a loaded machine an empty first
# frame and the content's frame can be half a second apart.)  It also
# reports the CPU the window uses at rest, in that quiet second: it should
# be none (a hidden spinner that kept the frame clock ticking cost ours
# 26 ms a second, and showed nowhere else).
# `xdotool search --sync` is not used: it looks only every half second, which
# rounds every launch up to 0.5 s or 1 s and so hides any difference.
#
# The launches alternate, ours then GNOME Chess then GNOME Chess then ours,
# so that a change in the machine's load falls on both.  Each program first
# runs once unmeasured (to warm the disk cache and the shader cache, as on a
# person's second launch), then RUNS times (default 5).  Each program has its
# own fresh XDG dirs for the whole run, like one person starting it again
# and again, and both run on one session bus, as on a desktop.  Medians are
# quoted, and the ratio Xiangqi Tutor / GNOME Chess; the target is a ratio
# of at most 1.00 for the first frame and for RSS.  The CPU time is the
# steadiest of the three on a loaded machine.
#
# Each program opens at its own default size (ours 1000x640, GNOME Chess
# 700x550); SIZE=WxH opens both at that size instead (through a keyfile
# settings backend written into each fresh home), to tell what the window's
# area costs from what its content costs.  OURS_SIZE=WxH opens only ours at
# that size, the anchor at its own.
#
# ANCHOR=empty measures ours beside tools/empty-window.c (built here) instead
# of GNOME Chess: a libadwaita window with a header bar and one label, at
# our size (or SIZE).  What ours takes beyond it is what our own first page
# costs; what the empty window takes is the toolkit's floor at that size.
#
# The pointer rests in the screen's bottom-right corner, outside both
# windows, as after starting a program from the dash or the keyboard (Xvfb
# has no window manager, so both windows open at the top left).
# POINTER=center puts it at the centre of the 1280x1024 screen instead,
# where Xvfb starts it and where the earlier rounds in docs/building.md had
# it: inside both windows, so each is hovered as it opens and each draws a
# second frame after its first (ours for the unit card under the pointer).
#
# Usage: [RUNS=N] [SIZE=WxH | OURS_SIZE=WxH] [ANCHOR=gnome-chess|empty]
#        [POINTER=corner|center] [XQ_BIN=PROGRAM] tools/bench-startup.sh [BUILD_DIR]
#        (default: build; the schemas are taken from BUILD_DIR/data)
# GNOME Chess is only a yardstick: install it yourself (apt-get install
# gnome-chess); without it only Xiangqi Tutor is measured.
set -euo pipefail
cd "$(dirname "$0")/.."

# One session bus for both, as a desktop has.
if [ -z "${DBUS_SESSION_BUS_ADDRESS:-}" ] && command -v dbus-run-session >/dev/null; then
  exec dbus-run-session -- "$0" "$@"
fi

build=${1:-build}
case "$build" in /*) ;; *) build=$PWD/$build ;; esac
runs=${RUNS:-5}
# XQ_BIN measures another build of ours (say, one from before a change).
ours=${XQ_BIN:-$build/src/ui/xiangqi-tutor}
# The program ours is measured beside: its name in the report, the program
# (empty when GNOME Chess is not installed) and its arguments.
anchor_name=gnome-chess
anchor_bin=$(command -v gnome-chess || ls /usr/games/gnome-chess 2>/dev/null || true)
anchor_args=()
case "${ANCHOR:-gnome-chess}" in
  gnome-chess) ;;
  empty) anchor_name=empty-window ;;
  *) echo "bench-startup: ANCHOR must be gnome-chess or empty, not $ANCHOR" >&2; exit 1 ;;
esac
if [ -n "${SIZE:-}" ] && [ -n "${OURS_SIZE:-}" ]; then
  echo "bench-startup: give SIZE or OURS_SIZE, not both" >&2
  exit 1
fi
for size in "${SIZE:-}" "${OURS_SIZE:-}"; do
  if [ -n "$size" ] && ! [[ $size =~ ^[1-9][0-9]*x[1-9][0-9]*$ ]]; then
    echo "bench-startup: a size is WIDTHxHEIGHT, not $size" >&2
    exit 1
  fi
done
for tool in Xvfb "${CC:-cc}"; do
  command -v "$tool" >/dev/null || { echo "bench-startup: $tool is missing" >&2; exit 1; }
done
[ -x "$ours" ] || { echo "bench-startup: build $ours first" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'kill ${xvfb:-} 2>/dev/null || true; rm -rf "$tmp"' EXIT
"${CC:-cc}" -O2 -o "$tmp/first-frame" tools/first-frame.c -lX11 -lXdamage || {
  echo "bench-startup: cannot build tools/first-frame.c (needs libx11-dev, libxdamage-dev)" >&2
  exit 1
}
if [ "$anchor_name" = empty-window ]; then
  # shellcheck disable=SC2046 # pkg-config's flags are words
  "${CC:-cc}" -O2 -o "$tmp/empty-window" tools/empty-window.c $(pkg-config --cflags --libs libadwaita-1) || {
    echo "bench-startup: cannot build tools/empty-window.c (needs libadwaita-1-dev)" >&2
    exit 1
  }
  anchor_bin=$tmp/empty-window
  anchor_args=("${SIZE:-${OURS_SIZE:-1000x640}}")
fi

# Xvfb picks a free display itself and writes its number (other people's
# servers may be running on this machine).
Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp 3>"$tmp/display" >/dev/null 2>&1 &
xvfb=$!
for _ in $(seq 100); do [ -s "$tmp/display" ] && break; sleep 0.1; done
[ -s "$tmp/display" ] || { echo "bench-startup: Xvfb did not start" >&2; exit 1; }
export DISPLAY=:$(head -n 1 "$tmp/display")

export GSETTINGS_SCHEMA_DIR="$build/data" GSETTINGS_BACKEND=memory
# Writes a keyfile of settings opening program NAME's window at WxH.
open_at () {
  local name=$1 width=${2%x*} height=${2#*x}
  export GSETTINGS_BACKEND=keyfile
  mkdir -p "$tmp/home-$name/config/glib-2.0/settings"
  printf '[io/github/xiangqi_tutor/XiangqiTutor]\nwindow-width=%d\nwindow-height=%d\n\n[org/gnome/Chess]\nwidth=%d\nheight=%d\n' \
    "$width" "$height" "$width" "$height" >"$tmp/home-$name/config/glib-2.0/settings/keyfile"
}
if [ -n "${SIZE:-}" ]; then
  open_at ours "$SIZE"
  open_at anchor "$SIZE"
elif [ -n "${OURS_SIZE:-}" ]; then
  open_at ours "$OURS_SIZE"
fi
export GDK_BACKEND=x11 GTK_A11Y=none NO_AT_BRIDGE=1 ADW_DISABLE_PORTAL=1
case "${POINTER:-corner}" in
  corner) export FIRST_FRAME_POINTER=1279,1023 ;;
  center) export FIRST_FRAME_POINTER=640,512 ;;
  *) echo "bench-startup: POINTER must be corner or center, not $POINTER" >&2; exit 1 ;;
esac

# Appends "FRAME-MS CPU-MS RSS-KiB SETTLED-MS SETTLED-CPU-MS SETTLED-RSS-KiB
# REST-CPU" for one launch of program NAME to
# $tmp/NAME (unless WARM is set).
launch () {
  local name=$1 home="$tmp/home-$1" out
  shift
  mkdir -p "$home"
  out=$(XDG_DATA_HOME=$home/data XDG_CONFIG_HOME=$home/config XDG_CACHE_HOME=$home/cache \
        XDG_STATE_HOME=$home/state "$tmp/first-frame" --rss-at 2 "$@" 2>"$tmp/log") || {
    echo "bench-startup: no first frame from $name ($out):" >&2
    tail -5 "$tmp/log" >&2
    exit 1
  }
  # map-ms frame-ms cpu-ms rss-kib settled-ms settled-cpu-ms settled-rss-kib rest-cpu
  read -r _ frame cpu rss settled settled_cpu settled_rss rest_cpu <<<"$out"
  [ -n "${WARM:-}" ] || echo "$frame $cpu $rss $settled $settled_cpu $settled_rss $rest_cpu" >>"$tmp/$name"
}

echo "load average at the start: $(cut -d" " -f1-3 /proc/loadavg); anchor $anchor_name${SIZE:+; both windows $SIZE}${OURS_SIZE:+; ours at $OURS_SIZE}; pointer ${POINTER:-corner}"
median () { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
column () { awk -v c="$2" '{ print $c }' "$tmp/$1"; }

WARM=1 launch ours "$ours"
[ -z "$anchor_bin" ] || WARM=1 launch anchor "$anchor_bin" "${anchor_args[@]}"
for i in $(seq "$runs"); do
  if [ -z "$anchor_bin" ]; then
    launch ours "$ours"
  elif [ $((i % 2)) -eq 1 ]; then
    launch ours "$ours"; launch anchor "$anchor_bin" "${anchor_args[@]}"
  else
    launch anchor "$anchor_bin" "${anchor_args[@]}"; launch ours "$ours"
  fi
done

report () {
  local name=$1 label=$2
  printf '%-14s first frame %5d ms  CPU by then %4d ms  RSS at 2 s %6d KiB | settled %5d ms  CPU %4d ms  RSS %6d KiB\n' \
    "$label" "$(column "$name" 1 | median)" "$(column "$name" 2 | median)" \
    "$(column "$name" 3 | median)" "$(column "$name" 4 | median)" "$(column "$name" 5 | median)" \
    "$(column "$name" 6 | median)"
  printf '%-14s   (first frames: %s ms; settled: %s ms)\n' "" \
    "$(column "$name" 1 | tr '\n' ' ' | sed 's/ $//')" "$(column "$name" 4 | tr '\n' ' ' | sed 's/ $//')"
  printf '%-14s   at rest after settling: %s ms of CPU a second (each launch: %s)\n' "" \
    "$(column "$name" 7 | median)" "$(column "$name" 7 | tr '\n' ' ' | sed 's/ $//')"
}
echo "median of $runs launches each, after one unmeasured launch each"
report ours xiangqi-tutor
if [ -z "$anchor_bin" ]; then
  echo "bench-startup: gnome-chess is not installed; no ratio" >&2
  exit 0
fi
report anchor "$anchor_name"
echo "load average at the end: $(cut -d" " -f1-3 /proc/loadavg)"
awk -v a="$(column ours 1 | median)" -v b="$(column anchor 1 | median)" \
    -v c="$(column ours 2 | median)" -v d="$(column anchor 2 | median)" \
    -v e="$(column ours 3 | median)" -v f="$(column anchor 3 | median)" \
    -v g="$(column ours 4 | median)" -v h="$(column anchor 4 | median)" \
    -v i="$(column ours 5 | median)" -v j="$(column anchor 5 | median)" \
    -v k="$(column ours 6 | median)" -v l="$(column anchor 6 | median)" \
    -v anchor="$anchor_name" \
  'BEGIN { printf "ratio xiangqi-tutor / %s: first frame %.2f, CPU %.2f, RSS at 2 s %.2f | settled %.2f, CPU %.2f, RSS %.2f\n", anchor, a / b, c / d, e / f, g / h, i / j, k / l }'
# The same ratios taken launch by launch: the i-th launch of each program
# ran next to the other's (the order alternates), so a change in the
# machine's load between launches falls on both sides of each ratio.  Their
# median is steadier from run to run than the ratio of the medians.
paired () {
  paste -d' ' <(column ours "$1") <(column anchor "$1") |
    awk '$2 > 0 { printf "%.4f\n", $1 / $2 }' | median
}
printf 'paired ratios, median of %d: first frame %.2f, CPU %.2f, RSS at 2 s %.2f\n' \
  "$runs" "$(paired 1)" "$(paired 2)" "$(paired 3)"
