#!/usr/bin/env bash
# Refreshes po/*.po from the sources and folds in generated translations
# (po/extra/*.LANG.po).  Run from the top of the tree after `meson setup build`.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}

ninja -C "$build" xiangqi-tutor-update-po >/dev/null
for lang in $(cat po/LINGUAS); do
  extras=(po/extra/*."$lang".po)
  [ -e "${extras[0]}" ] || continue
  cp "po/$lang.po" "po/$lang.po.orig"
  # Generated files first: they are regenerated with their sources, so their
  # translations win.  msgcat takes the header from the first file too, so
  # the language's own header is put back afterwards.
  msgcat --use-first "${extras[@]}" "po/$lang.po" -o "po/$lang.po.tmp"
  # update-po leaves the template in po/; keep only its messages.
  msgmerge --quiet --no-fuzzy-matching "po/$lang.po.tmp" po/xiangqi-tutor.pot -o "po/$lang.po"
  python3 - "po/$lang.po.orig" "po/$lang.po" <<'PY'
import sys
orig, merged = sys.argv[1], sys.argv[2]
header = open(orig, encoding="utf-8").read().split("\n\n", 1)[0]
body = open(merged, encoding="utf-8").read().split("\n\n", 1)[1]
open(merged, "w", encoding="utf-8").write(header + "\n\n" + body)
PY
  rm -f "po/$lang.po.tmp" "po/$lang.po.orig"
  msgfmt -c --statistics -o /dev/null "po/$lang.po"
done
