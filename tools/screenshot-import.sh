#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The Teach page importing a teacher's collection of kills (docs/import.md,
# "A teacher's collection"): the app under its own Xvfb at WIDTHxHEIGHT,
# Import Games started on COUNT real kills (tools/make-kill-collection.py,
# through XQ_DEMO_IMPORT, as the dialog starts it once the files are chosen),
# one shot after MID seconds (the bar moving), then either Stop pressed (the
# bar's button, found with xdotool) and a shot, or, with --to-end, a shot of
# the summary once the import is done.
# Usage: tools/screenshot-import.sh [--to-end] BUILD OUT_DIR [COUNT] [MID] [WIDTHxHEIGHT]
set -euo pipefail
to_end=0
if [ "${1:-}" = --to-end ]; then to_end=1; shift; fi
build=$(cd "${1:?usage: tools/screenshot-import.sh [--to-end] BUILD OUT_DIR [COUNT] [MID] [WxH]}" && pwd)
out=$(mkdir -p "${2:?}" && cd "$2" && pwd)
count=${3:-1000}
mid=${4:-20}
size=${5:-1366x768}
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/.."
work=$(mktemp -d)
"$here/make-kill-collection.py" --count "$count" > "$work/kills.pgn"

export GSETTINGS_SCHEMA_DIR="$build/data" GSETTINGS_BACKEND=memory
export GDK_BACKEND=x11 GSK_RENDERER=cairo GTK_A11Y=none NO_AT_BRIDGE=1 ADW_DISABLE_PORTAL=1
export ADW_DEBUG_COLOR_SCHEME=prefer-light GDK_DEBUG=default-settings
export XQ_LOCALEDIR="$build/po" XQ_SOUNDS=silent
export XDG_DATA_HOME="$work/data" XDG_CACHE_HOME="$work/cache" XDG_CONFIG_HOME="$work/config"
mkfifo "$work/fd"
Xvfb -displayfd 3 -screen 0 "${size}x24" -nolisten tcp 3>"$work/fd" >/dev/null 2>&1 &
xvfb=$!
app=
cleanup () {
  [ -n "$app" ] && kill "$app" 2>/dev/null || true
  kill "$xvfb" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
read -r -t 30 display <"$work/fd"
export DISPLAY=":$display"
name="import-${count}-${size}"
LC_ALL=C.UTF-8 LANGUAGE="${LANGUAGE:-}" XQ_DEMO_IMPORT="$work/kills.pgn" "$build/src/ui/xiangqi-tutor" >"$work/app.log" 2>&1 &
app=$!
sleep 3
win=$(xdotool search --sync --onlyvisible --class xiangqi-tutor | head -n 1)
xdotool windowsize "$win" "${size%x*}" "${size#*x}" windowmove "$win" 0 0
sleep "$mid"
import -window root "$out/$name-mid.png"
echo "$out/$name-mid.png"
if [ "$to_end" = 1 ]; then
  # Until the summary dialog opens (a second window).
  for _ in $(seq 1 3600); do
    [ "$(xdotool search --onlyvisible --class xiangqi-tutor | wc -l)" -ge 2 ] && break
    sleep 1
  done
  sleep 1
  import -window root "$out/$name-end.png"
  echo "$out/$name-end.png"
  # Open Details.
  xdotool key --clearmodifiers alt+d || true
  sleep 1
  import -window root "$out/$name-details.png"
  echo "$out/$name-details.png"
  ls "$XDG_DATA_HOME"/xiangqi-tutor/units 2>/dev/null || true
else
  echo "stopping: click Stop at ${STOP_AT:-?}" >&2
  if [ -n "${STOP_AT:-}" ]; then
    xdotool mousemove ${STOP_AT/,/ } click 1
    sleep 3
    import -window root "$out/$name-stopped.png"
    echo "$out/$name-stopped.png"
    ls "$XDG_DATA_HOME"/xiangqi-tutor/units 2>/dev/null || echo "no unit written"
  fi
fi
