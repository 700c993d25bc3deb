#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Compares `xqtool read --json` with a second, independent decoder of XQF
and of 象棋桥's CBR, CBL and CBF: the Python library cchess
(github.com/walker8088/cchess, GPL-3.0), run from a checkout given with
--cchess and never copied into this tree.  A CBL library is compared
record by record, in order.

For each file: the start position (board and side to move), the main line
in ICCS and the number of lines (the main line plus every variation) are
compared.  cchess drops a move it finds illegal and goes on, and lets a
side move twice; so a file where the two differ is printed with both
readings for a person to judge.  Prints the figures docs/import.md quotes.

usage: tools/compare-xqf.py --xqtool build/src/cli/xqtool --cchess DIR FILE...
(FILE: .xqf, .cbr, .cbf or .cbl; cchess chooses its reader by the name)
"""
import argparse
import collections
import json
import os
import subprocess
import sys


def ours(xqtool, path):
    """[(reading or None, why)] for every record of the file."""
    out = subprocess.run([xqtool, "read", "--json", path], capture_output=True, text=True)
    recs = [json.loads(line) for line in out.stdout.splitlines() if line.strip()]
    if not recs:
        return [(None, "no output")]

    def count(line):
        return 1 + sum(count(v) - 0 for v in line.get("variations", []))

    result = []
    for rec in recs:
        if "error" in rec:
            result.append((None, rec["error"]))
        else:
            fen = " ".join(rec["fen"].split()[:2])
            result.append(((fen, rec["moves"], count(rec)), None))
    return result


def one(game):
    lines = game.dump_iccs_moves()
    fen = " ".join(game.init_board.to_fen().split()[:2])
    return fen, (lines[0] if lines else []), max(1, len(lines))


def theirs(path):
    """[reading] for every record of the file."""
    import cchess  # noqa: E402 (from --cchess)
    if path.lower().endswith(".cbl"):
        # Every slot of 4096 bytes that starts with a record's signature,
        # read by cchess's record decoder one by one (its library reader
        # stops at the first record it cannot read); a record it fails on
        # is None.
        from cchess.read_cbr import read_from_cbr_buffer
        data = open(path, "rb").read()
        first = data.find(b"CCBridge Record\0")
        result = []
        for at in range(first, len(data), 4096) if first >= 0 else []:
            if data[at:at + 16] != b"CCBridge Record\0":
                continue
            try:
                result.append(one(read_from_cbr_buffer(data[at:], cchess.Game)))
            except Exception:
                result.append(None)
        return result
    return [one(cchess.Game.read_from(path))]


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
    n_records = 0
    for path in args.files:
        try:
            others = theirs(path)
        except Exception:  # cchess refuses: count it, go on
            others = None
            figures["cchess fails"] += 1
        mines = ours(args.xqtool, path)
        if others is not None and len(others) != len(mines):
            figures["number of records differs"] += 1
            print(f"{path}: xqtool reads {len(mines)} records, cchess {len(others)}")
        for i, (mine, why) in enumerate(mines):
            n_records += 1
            other = others[i] if others is not None and i < len(others) else None
            where = f"{path} record {i + 1}" if len(mines) > 1 else path
            if mine is None:
                figures["xqtool refuses"] += 1
                if other is not None and shown < args.show:
                    print(f"{where}: xqtool refuses ({why}); cchess reads {len(other[1])} moves")
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
                print(f"{where}: {key}: xqtool {mine[0]} {len(mine[1])} moves {mine[2]} lines; "
                      f"cchess {other[0]} {len(other[1])} moves {other[2]} lines")
                shown += 1
    print(f"{len(args.files)} files, {n_records} records")
    for key, n in sorted(figures.items()):
        print(f"  {key}: {n}")


if __name__ == "__main__":
    main()
