#!/usr/bin/env bash
# The installed program is the program: builds a copy of this working tree
# as the Flatpak does (release, here with warnings as errors), installs it
# into a temporary prefix, deletes the copy (sources and build), and checks
# that the installed xqtool and app find the whole curriculum and every
# puzzle pack where they were installed.  Prints TAP; exits non-zero on any
# failure.  Usage: tools/check-install.sh [--keep] (keep the temporary dir).
set -uo pipefail
cd "$(dirname "$0")/.."

keep=false
[ "${1:-}" = "--keep" ] && keep=true

export LC_ALL=C.UTF-8
tmp=$(mktemp -d "${TMPDIR:-/tmp}/xq-install.XXXXXX")
src="$tmp/src"
prefix="$tmp/prefix"
cleanup() { $keep || rm -rf "$tmp"; }
trap cleanup EXIT

n=0
failed=0
plan=6
echo "1..$plan"
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() {
  n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"
  [ -n "${2:-}" ] && sed 's/^/# /' <<<"$2"
}
# Every remaining check fails when an earlier step leaves nothing to check.
bail() {
  while [ "$n" -lt "$plan" ]; do not_ok "$1"; done
  exit 1
}

# The copy: tracked and new (not ignored) files of the working tree, as they
# are now, so uncommitted work is what gets checked.
mkdir -p "$src"
git ls-files -z --cached --others --exclude-standard |
  tar --null --ignore-failed-read -T - -cf - 2>/dev/null | tar -C "$src" -xf -

log=$( { meson setup "$src/_build" "$src" --buildtype=release -Dwerror=true --prefix="$prefix" &&
         ninja -C "$src/_build"; } 2>&1 )
if [ $? -eq 0 ]; then
  ok "release build of the whole project with -Dwerror=true"
else
  not_ok "release build of the whole project with -Dwerror=true" "$(tail -n 40 <<<"$log")"
  bail "skipped: the release build failed"
fi

log=$(meson install -C "$src/_build" --no-rebuild 2>&1)
lessons="$prefix/share/xiangqi-tutor/lessons"
installed_units=$(ls "$lessons"/*.json 2>/dev/null | wc -l)
installed_packs=$(ls "$lessons"/puzzles/*.json 2>/dev/null | wc -l)
source_units=$(ls "$src"/lessons/*.json | wc -l)
source_packs=$(ls "$src"/lessons/puzzles/*.json | wc -l)
if [ -x "$prefix/bin/xqtool" ] && [ -x "$prefix/bin/xiangqi-tutor" ] &&
   [ "$installed_units" -eq "$source_units" ] && [ "$installed_packs" -eq "$source_packs" ] &&
   [ "$installed_units" -gt 0 ] && [ "$installed_packs" -gt 0 ] &&
   cmp -s "$lessons/proofs.record" "$src/lessons/proofs.record"; then
  ok "meson install: both programs, $installed_units unit files, $installed_packs packs and the proof record under share/xiangqi-tutor/lessons"
else
  not_ok "meson install: programs and lessons in the prefix" \
    "units $installed_units of $source_units, packs $installed_packs of $source_packs
$(tail -n 20 <<<"$log")"
  bail "skipped: nothing usable was installed"
fi

# What the source tree holds, counted by the build tree's own xqtool.
want=$("$src/_build/src/cli/xqtool" lesson-stats "$src/lessons" 2>&1)
want_units=$(sed -n 's/^units //p' <<<"$want")
want_packs=$(sed -n 's/^packs //p' <<<"$want")
want_puzzles=$(sed -n 's/^puzzles //p' <<<"$want")

# The installed programs run as a user's would: their own home, the prefix's
# share/ on the data path (the GSettings schema), no developer variables.
mkdir -p "$tmp/home"
run_installed() {
  env -u XQ_LESSONS_DIR -u XQ_LOCALEDIR -u GSETTINGS_SCHEMA_DIR \
    HOME="$tmp/home" XDG_DATA_HOME="$tmp/home/.local/share" XDG_CONFIG_HOME="$tmp/home/.config" \
    XDG_CACHE_HOME="$tmp/home/.cache" XDG_STATE_HOME="$tmp/home/.local/state" \
    XDG_DATA_DIRS="$prefix/share:/usr/local/share:/usr/share" \
    GSETTINGS_BACKEND=memory GTK_A11Y=none NO_AT_BRIDGE=1 ADW_DISABLE_PORTAL=1 \
    GSK_RENDERER=cairo GDK_BACKEND=x11 "$@"
}
report_app() {
  run_installed ./tools/with-xvfb.sh timeout 120 \
    "$prefix/bin/xiangqi-tutor" --report-content 2>/dev/null
}

# While the source tree still exists: the installed app must read the
# installed curriculum, not the tree it was built from.
got=$(report_app)
if [ "$(sed -n 's/^lessons-dir //p' <<<"$got")" = "$lessons" ]; then
  ok "installed app reads $lessons while the source tree still exists"
else
  not_ok "installed app reads the installed lessons while the source tree still exists" "$got"
fi

rm -rf "$src"
if [ -e "$src" ]; then
  not_ok "source tree removed"
  bail "skipped: the source tree is still there"
fi

got=$(run_installed "$prefix/bin/xqtool" lesson-stats 2>&1)
if [ -n "$want_units" ] && [ "$got" = "$want" ]; then
  ok "installed xqtool lesson-stats, source tree gone: $want_units units, $want_packs packs, $want_puzzles puzzles"
else
  not_ok "installed xqtool lesson-stats, source tree gone, matches the source tree" \
    "want:
$want
got:
$got"
fi

got=$(report_app)
if [ -n "$want_units" ] &&
   grep -qx "units $want_units" <<<"$got" && grep -qx "packs $want_packs" <<<"$got" &&
   grep -qx "puzzles $want_puzzles" <<<"$got" && ! grep -q '^problem ' <<<"$got" &&
   [ "$(grep -c '^unit ' <<<"$got")" -eq "$want_units" ]; then
  ok "installed app, source tree gone: $want_units units, $want_packs packs, $want_puzzles puzzles, no problems"
else
  not_ok "installed app, source tree gone, loads every unit and pack" "$got"
fi

# The installed translations: the unit titles come out in Chinese.
english=$(grep '^unit ' <<<"$got" | head -n 1)
chinese=$(LANGUAGE=zh_CN report_app | grep '^unit ' | head -n 1)
if [ -n "$chinese" ] && [ "$chinese" != "$english" ] && LC_ALL=C grep -q $'[\x80-\xff]' <<<"$chinese"; then
  ok "installed app in zh_CN uses the installed translations: ${chinese#unit }"
else
  not_ok "installed app in zh_CN uses the installed translations" "english: $english
chinese: $chinese"
fi

[ "$failed" -eq 0 ]
