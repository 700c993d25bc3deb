#!/usr/bin/env bash
# Kills a process that saves a learner's stars and puzzle streak in a loop,
# KILLS times (default 1000), with SIGKILL at random moments, and checks
# after every kill that each file is whole and either the old or the new
# content, that nothing was set aside as damaged, and that no temporary
# file is left once the program loads again.  The same check, 300 kills,
# runs in the test suite (tests/test-progress.c, /progress/save/crash-safety).
#
#   tools/crash-safety.sh [KILLS] [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
kills=${1:-1000}
build=${2:-build}

ninja -C "$build" tests/test-progress >/dev/null
XQ_CRASH_KILLS="$kills" "$build/tests/test-progress" -p /progress/save/crash-safety --verbose 2>/dev/null |
  grep -E '^(ok|not ok|# [0-9]+ kills)'
