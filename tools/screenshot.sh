#!/usr/bin/env bash
# Takes the screenshots in data/screenshots/ (used by the AppStream metainfo):
# the app under its own Xvfb, one shot per screen, cropped to the window.
# Usage: tools/screenshot.sh [BUILD_DIR]    (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
out=data/screenshots
mkdir -p "$out"

export GSETTINGS_SCHEMA_DIR="$PWD/$build/data" GSETTINGS_BACKEND=memory
export GDK_BACKEND=x11 GSK_RENDERER=cairo GTK_A11Y=none NO_AT_BRIDGE=1 ADW_DISABLE_PORTAL=1
export ADW_DEBUG_COLOR_SCHEME=prefer-light GDK_DEBUG=default-settings
export XQ_LOCALEDIR="$PWD/$build/po"

display=:$((90 + RANDOM % 9))
Xvfb "$display" -screen 0 1000x760x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
sleep 1
export DISPLAY=$display

# name, language, moves, page [, FEN [, Game Day game: "banqi SEED ACTION..."]]
shot () {
  local name=$1 lang=$2 moves=$3 page=$4 fen=${5:-} game_day=${6:-}
  LC_ALL=C.UTF-8 LANGUAGE=$lang XQ_DEMO_MOVES=$moves XQ_DEMO_PAGE=$page XQ_DEMO_FEN=$fen \
    XQ_DEMO_GAME_DAY=$game_day \
    "$build/src/ui/xiangqi-tutor" >/dev/null 2>&1 &
  local app=$!
  sleep 3
  import -window root "$out/$name.png"
  kill $app 2>/dev/null || true
  wait $app 2>/dev/null || true
  echo "$out/$name.png"
}

opening="h2e2 h9g7 h0g2 i9h9 i0h0 b9c7"
shot play "" "$opening" play
shot play-zh_CN zh_CN "$opening b0c2" play
shot play-zh_TW zh_TW "$opening" play
shot preferences "" "" preferences
shot learn zh_CN "" learn
# A finished game: the result and the rule that decided it.
shot checkmate "" "b7b9" play "4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1"
# Game Day: flip chess a few turns in, and reveal chess in Chinese.
shot game-day-banqi "" "" "" "" "banqi 7 +a1 +b2 +c3 +d4 +e1 +f2 +g3 +h4"
shot game-day-jieqi-zh_CN zh_CN "" "" "" "jieqi 11 h2e2 h7e7 b0c2 b9c7 e2e6"
