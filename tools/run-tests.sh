#!/usr/bin/env bash
# Installs the dependencies, builds, and runs the whole test suite under Xvfb.
set -euo pipefail
cd "$(dirname "$0")/.."

./tools/install-deps.sh
export LC_ALL=C.UTF-8

if [ -f build/build.ninja ]; then
  meson setup --reconfigure build >/dev/null
else
  meson setup build
fi
ninja -C build
./tools/with-xvfb.sh meson test -C build --print-errorlogs "$@"
