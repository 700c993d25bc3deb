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
  # Generated files first: they are regenerated with their sources, so they win.
  msgcat --use-first "${extras[@]}" "po/$lang.po" -o "po/$lang.po.tmp"
  # update-po leaves the template in po/; keep only its messages.
  msgmerge --quiet --no-fuzzy-matching "po/$lang.po.tmp" po/xiangqi-tutor.pot -o "po/$lang.po"
  rm -f "po/$lang.po.tmp"
  msgfmt --statistics -o /dev/null "po/$lang.po"
done
