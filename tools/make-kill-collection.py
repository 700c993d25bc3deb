#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A teacher's collection of deep kills, as a PGN file of [FEN] records.

The positions are real: the game-record mates of tools/game-mates.fen (those
tools/game-mates.sources traces to the CCPD records) and of
tools/game-puzzles-extra.fen (all from CCPD), one record per board, the
deepest first (CCPD: Yu-Han Tseng and Bo-Nian Chen, Chinese Chess Practical
Dataset, CC BY 4.0; see tools/game-mates.sources).  Each record carries its
source as the Event tag and the distance the mining found as a comment, as a
teacher's file would; the importer proves every one again itself.

  tools/make-kill-collection.py [--count N] [--min-mate M] [--every K] > kills.pgn

--every K keeps one record in K (after sorting), for a small sample that
spans every depth.  Used by tools/bench-import-kills.sh (docs/import.md,
"A teacher's collection") and to make tests/data/games/kills-sample.pgn.
"""
import argparse
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


# The mined files' readers live with the puzzle generator (one home).
_spec = importlib.util.spec_from_file_location("gen_puzzles", os.path.join(HERE, "gen-puzzles.py"))
gp = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gp)


def read_mates(name, sources):
    """(FEN, N, source) of each mate in a mined file whose board the
    sources file names."""
    for fen, mate in gp.bench_lines(os.path.join(HERE, name)):
        board = fen.split()[0]
        if board in sources:
            yield fen, mate, sources[board]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--min-mate", type=int, default=1)
    parser.add_argument("--every", type=int, default=1)
    args = parser.parse_args()

    seen = set()
    kills = []
    for fen_file, src_file in (("game-mates.fen", "game-mates.sources"),
                               ("game-puzzles-extra.fen", "game-puzzles-extra.sources")):
        sources = gp.read_sources([os.path.join(HERE, src_file)])
        for fen, mate, source in read_mates(fen_file, sources):
            if fen in seen or mate < args.min_mate:
                continue
            seen.add(fen)
            kills.append((fen, mate, source))
    # The deepest first; ties in the files' order.
    kills.sort(key=lambda k: -k[1])
    kills = kills[::args.every][:args.count]
    if len(kills) < args.count and args.every == 1:
        print(f"only {len(kills)} kills", file=sys.stderr)
    out = sys.stdout
    for i, (fen, mate, source) in enumerate(kills, 1):
        out.write(f'[Event "{source}"]\n[Round "{i}"]\n[FEN "{fen}"]\n\n')
        out.write(f"{{mined as a mate in {mate}}} *\n\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
