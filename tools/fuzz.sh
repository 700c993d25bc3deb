#!/usr/bin/env bash
# Builds the libFuzzer harnesses (tests/fuzz) with clang, ASan and UBSan in
# build-fuzz/ and runs each for SECONDS (default 60), FUZZ_JOBS at a time
# (default 1; CI runs one per core).
# Prints one line per harness (executions, coverage, result) and a final
# line; exits non-zero on any crash, leak, timeout or out-of-memory.
#
#   tools/fuzz.sh [SECONDS] [HARNESS...]
#
# Environment: FUZZ_SOURCE_DIR (default: the checkout holding this script),
# FUZZ_BUILD_DIR (default build-fuzz), FUZZ_NO_BUILD=1 (run the
# harnesses already built, build nothing), FUZZ_RUNS=N (stop a harness after
# N inputs, or at SECONDS, whichever comes first), FUZZ_JOBS=N (run N
# harnesses side by side; each is one process on one core).
#
# Findings are left in build-fuzz/fuzz-findings/NAME/ (crash-*, leak-*,
# timeout-*, oom-*); copy a reproducer into tests/data/repro/ and add a test.
# New corpus entries are written to build-fuzz/fuzz-corpus/NAME/, never
# into the source tree's seed corpus.
set -uo pipefail

seconds=${1:-60}
shift || true
src=${FUZZ_SOURCE_DIR:-$(cd "$(dirname "$0")/.." && pwd)}
build=${FUZZ_BUILD_DIR:-$src/build-fuzz}
all=(fen iccs wxf zh-hans zh-hant pgn xqf dhtmlxq game-file cbr cbl cbf lesson pack pack-install learner-files progress proofs class-list class-file tournament worksheet render)
if [ $# -gt 0 ]; then harnesses=("$@"); else harnesses=("${all[@]}"); fi

case $seconds in
  ''|*[!0-9]*) echo "fuzz.sh: SECONDS must be a whole number, not “$seconds”" >&2; exit 2 ;;
esac

if [ ! -f "$build/build.ninja" ]; then
  CC=clang meson setup "$build" "$src" -Dfuzz=true -Dapp=false \
    -Db_sanitize=address,undefined -Db_lundef=false --buildtype=debugoptimized >"$build.setup.log" 2>&1 \
    || { cat "$build.setup.log" >&2; echo "fuzz.sh: meson setup failed" >&2; exit 1; }
fi
targets=()
for h in "${harnesses[@]}"; do targets+=("tests/fuzz/fuzz-$h"); done
# FUZZ_NO_BUILD=1 runs what is built (two long runs side by side, or a
# frozen copy of the build while the sources change).
if [ -z "${FUZZ_NO_BUILD:-}" ]; then
  ninja -C "$build" "${targets[@]}" >"$build/fuzz-build.log" 2>&1 \
    || { tail -40 "$build/fuzz-build.log" >&2; echo "fuzz.sh: build failed" >&2; exit 1; }
fi

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:symbolize=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:abort_on_error=1:print_stacktrace=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$src/tests/fuzz/lsan-fuzz.supp:print_suppressions=0}
# The harnesses never read the user's files: fresh XDG dirs and C locale.
xdg=$(mktemp -d "${TMPDIR:-/tmp}/xq-fuzz-xdg-XXXXXX")
trap 'rm -rf "$xdg"' EXIT
export XDG_DATA_HOME=$xdg/data XDG_CONFIG_HOME=$xdg/config XDG_CACHE_HOME=$xdg/cache
export XDG_STATE_HOME=$xdg/state HOME=$xdg LC_ALL=C.UTF-8
export XQ_SOURCE_DIR=$src

jobs=${FUZZ_JOBS:-1}
case $jobs in ''|*[!0-9]*|0) echo "fuzz.sh: FUZZ_JOBS must be a whole number above 0, not “$jobs”" >&2; exit 2 ;; esac
status=$(mktemp -d "${TMPDIR:-/tmp}/xq-fuzz-status-XXXXXX")
trap 'rm -rf "$xdg" "$status"' EXIT

# One harness: its line on stdout, and its exit status in $status/NAME.
run_one() {
  local h=$1 corpus findings log args dict seeds rc execs cov ft result
  corpus=$build/fuzz-corpus/$h
  findings=$build/fuzz-findings/$h
  log=$build/fuzz-$h.log
  mkdir -p "$corpus" "$findings"
  args=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=2048
        -detect_leaks=1 -print_final_stats=1 -artifact_prefix="$findings/")
  [ -n "${FUZZ_RUNS:-}" ] && args+=(-runs="$FUZZ_RUNS")
  # JSON readers: inputs as large as real files and deep nesting (libFuzzer
  # otherwise grows none past 4,096 bytes, and "[[[[…" 75,000 deep, which
  # overflowed json-glib's stack, stayed out of reach: December 7, N1).
  case $h in
    lesson|pack|pack-install|learner-files|progress|proofs|tournament) args+=(-max_len=200000) ;;
    # 象棋桥: a record's header alone is 2,214 bytes; a library's records
    # are 4 KiB slots.
    cbr|cbf) args+=(-max_len=16384) ;;
    cbl) args+=(-max_len=32768) ;;
  esac
  dict=$src/tests/fuzz/$h.dict
  [ -f "$dict" ] || dict=$src/tests/fuzz/$(case $h in zh-*) echo zh ;; pack*) echo lesson ;; *) echo "$h" ;; esac).dict
  [ -f "$dict" ] && args+=(-dict="$dict")
  seeds=$src/tests/fuzz/corpus/$(case $h in pack-install) echo pack ;; *) echo "$h" ;; esac)
  "$build/tests/fuzz/fuzz-$h" "${args[@]}" "$corpus" "$seeds" >"$log" 2>&1
  rc=$?
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$')
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*')
  ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*')
  if [ $rc -eq 0 ]; then
    result=ok
  else
    result="FAILED (exit $rc): $(grep -m1 -oE 'ERROR: [A-Za-z]+: [^ ]+( [^ ]+)?|ERROR: libFuzzer: [a-z-]+|runtime error: .*' "$log" | head -1); see $log and $findings/"
  fi
  printf 'fuzz %-13s %6ss  execs %-10s cov %-6s ft %-6s %s\n' "$h" "$seconds" "${execs:-?}" "${cov:-?}" "${ft:-?}" "$result"
  echo $rc >"$status/$h"
}

for h in "${harnesses[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
  run_one "$h" &
done
wait
failed=0
for h in "${harnesses[@]}"; do
  [ "$(cat "$status/$h" 2>/dev/null)" = 0 ] || failed=1
done
if [ $failed -eq 0 ]; then
  echo "fuzz: all ${#harnesses[@]} harnesses ran ${seconds}s each without a finding"
else
  echo "fuzz: FAILED: at least one harness found a crash, leak, timeout or out-of-memory"
fi
exit $failed
