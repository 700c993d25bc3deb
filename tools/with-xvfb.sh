#!/usr/bin/env bash
# Runs a command on its own Xvfb server.  Xvfb picks a free display itself
# (-displayfd), so several runs at once on one machine never race for a
# display number the way `xvfb-run -a` can.  Usage: tools/with-xvfb.sh CMD...
set -euo pipefail

dir=$(mktemp -d "${TMPDIR:-/tmp}/xq-xvfb.XXXXXX")
mkfifo "$dir/fd"
Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp 3>"$dir/fd" >"$dir/log" 2>&1 &
xvfb=$!
cleanup() { kill "$xvfb" 2>/dev/null || true; wait "$xvfb" 2>/dev/null || true; rm -rf "$dir"; }
trap cleanup EXIT
read -r -t 30 display <"$dir/fd" || { echo "with-xvfb: Xvfb did not start:" >&2; cat "$dir/log" >&2; exit 1; }
export DISPLAY=":$display"
status=0
"$@" || status=$?
exit $status
