#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Compares `xqtool read --json` with a second, independent XQF decoder:
the Python library cchess (github.com/walker8088/cchess, GPL-3.0), run
from a checkout given with --cchess and never copied into this tree.

For each file: the start position (board and side to move), the main line
in ICCS and the number of lines (the main line plus every variation) are
compared.  cchess drops a move it finds illegal and goes on, and lets a
side move twice; so a file where the two differ is printed with both
readings for a person to judge.  Prints the figures docs/import.md quotes.

usage: tools/compare-xqf.py --xqtool build/src/cli/xqtool --cchess DIR FILE...
"""
import argparse
import collections
import json
import os
import subprocess
import sys


def ours(xqtool, path):
    out = subprocess.run([xqtool, "read", "--json", path], capture_output=True, text=True)
    recs = [json.loads(line) for line in out.stdout.splitlines() if line.strip()]
    if not recs:
        return None, "no output"
    rec = recs[0]
    if "error" in rec:
        return None, rec["error"]

    def count(line):
        return 1 + sum(count(v) - 0 for v in line.get("variations", []))

    fen = " ".join(rec["fen"].split()[:2])
    return (fen, rec["moves"], count(rec)), None


def theirs(path):
    import cchess  # noqa: E402 (from --cchess)
    game = cchess.Game.read_from(path)
    lines = game.dump_iccs_moves()
    fen = " ".join(game.init_board.to_fen().split()[:2])
    return fen, (lines[0] if lines else []), max(1, len(lines))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--xqtool", required=True)
    ap.add_argument("--cchess", required=True, help="a checkout's src/ folder")
    ap.add_argument("--show", type=int, default=5, help="differences to print")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    sys.path.insert(0, args.cchess)
    figures = collections.Counter()
    shown = 0
    for path in args.files:
        mine, why = ours(args.xqtool, path)
        try:
            other = theirs(path)
        except Exception as e:  # cchess refuses: count it, go on
            other = None
            figures["cchess fails"] += 1
        if mine is None:
            figures["xqtool refuses"] += 1
            if other is not None and shown < args.show:
                print(f"{path}: xqtool refuses ({why}); cchess reads {len(other[1])} moves")
                shown += 1
            continue
        if other is None:
            continue
        if mine[0] != other[0]:
            key = "start differs"
        elif mine[1] != other[1]:
            key = "main line differs"
        elif mine[2] != other[2]:
            key = "number of lines differs"
        else:
            key = "same start, main line and lines"
        figures[key] += 1
        if key != "same start, main line and lines" and shown < args.show:
            print(f"{path}: {key}: xqtool {mine[0]} {len(mine[1])} moves {mine[2]} lines; "
                  f"cchess {other[0]} {len(other[1])} moves {other[2]} lines")
            shown += 1
    print(f"{len(args.files)} files")
    for key, n in sorted(figures.items()):
        print(f"  {key}: {n}")


if __name__ == "__main__":
    main()
