#!/usr/bin/env bash
# Installs the dependencies, builds Xiangqi Tutor and starts it from the build tree.
set -euo pipefail
cd "$(dirname "$0")/.."

./tools/install-deps.sh

if [ -f build/build.ninja ]; then
  meson setup --reconfigure build >/dev/null
else
  meson setup build
fi
ninja -C build
# Use the schemas compiled into the build tree, so no install is needed.
export GSETTINGS_SCHEMA_DIR="$PWD/build/data"
exec ./build/src/ui/xiangqi-tutor "$@"
