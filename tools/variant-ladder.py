#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The Game Day computer's level calibration, measured (docs/variants.md).

For every folk game, seeded computer-vs-computer games through
`xqtool variant play --first P --second P`, each pairing played from both
seats (the player named first moves first on odd seeds, second on even):

  level 1 against random moves    target: level 1 scores at least 90 %
  level 1 against greedy          target: level 1 scores at most 50 %
                                  (greedy = the capture of the biggest piece)
  level 2 against level 1         target: level 2 scores at least 70 %
  level 3 against level 2         target: level 3 scores at least 70 %

A win counts 1, a draw 1/2.  Prints one line per game and pairing and a
summary of the targets missed; exits 0 (it measures, it does not judge).

usage: tools/variant-ladder.py XQTOOL [--games N] [--jobs J] [--only GAME]
                               [--pairings 1-random,3-2,...]
"""
import argparse
import concurrent.futures
import os
import subprocess
import sys
import time

GAMES = ["banqi", "jieqi", "anqi", "luoqi", "wuhu", "cube", "mixed"]
PAIRINGS = [
    ("1", "random", ">=", 0.90),
    ("1", "greedy", "<=", 0.50),
    ("2", "1", ">=", 0.70),
    ("3", "2", ">=", 0.70),
]


def first_colour(rows):
    """The colour of the player who moved first: red, unless the first
    action revealed a black piece (翻翻棋, 暗棋: the first reveal gives it)."""
    if len(rows) > 1:
        words = rows[1].split()
        if "reveals" in words:
            letter = words[words.index("reveals") + 1]
            return "red" if letter.isupper() else "black"
    return "red"


def play(xqtool, game, a, b, seed):
    """Plays one game; the score of player `a` (1, 1/2 or 0)."""
    first, second = (a, b) if seed % 2 else (b, a)
    p = subprocess.run([xqtool, "variant", "play", game, "--seed", str(seed), "--first", first,
                        "--second", second, "--max-plies", "1000"],
                       capture_output=True, text=True, timeout=3600)
    rows = p.stdout.splitlines()
    if p.returncode != 0 or not rows or not rows[-1].startswith("result "):
        raise RuntimeError(f"{game} seed {seed}: {p.stderr.strip() or 'no result'}")
    winner = rows[-1].split()[1]
    if winner not in ("red", "black"):
        return 0.5
    a_colour = first_colour(rows) if seed % 2 else ("black" if first_colour(rows) == "red" else "red")
    return 1.0 if winner == a_colour else 0.0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("xqtool")
    ap.add_argument("--games", type=int, default=20, help="games per game and pairing (default 20)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--only", choices=GAMES, help="one game only")
    ap.add_argument("--pairings", help="only these pairings, as A-B, comma-separated (e.g. 1-random,3-2)")
    args = ap.parse_args()
    pairings = PAIRINGS
    if args.pairings:
        wanted = args.pairings.split(",")
        pairings = [p for p in PAIRINGS if f"{p[0]}-{p[1]}" in wanted]
        if len(pairings) != len(wanted):
            ap.error("--pairings: each must be one of " + ", ".join(f"{a}-{b}" for a, b, _, _ in PAIRINGS))
    # A measuring tool, not a test: it yields the machine to everything else.
    try:
        os.nice(10)
    except OSError:
        pass
    start = time.monotonic()
    games = [args.only] if args.only else GAMES
    missed = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        jobs = {(g, a, b, s): pool.submit(play, args.xqtool, g, a, b, s)
                for g in games for a, b, _, _ in pairings for s in range(1, args.games + 1)}
        for g in games:
            for a, b, op, target in pairings:
                score = sum(jobs[(g, a, b, s)].result() for s in range(1, args.games + 1))
                share = score / args.games
                ok = share >= target if op == ">=" else share <= target
                print(f"{g:6} level {a} vs {b:6}: {score:5.1f}/{args.games} = {share:4.0%}"
                      f"  (target {op} {target:.0%}){'' if ok else '  MISSED'}", flush=True)
                if not ok:
                    missed.append(f"{g} {a} vs {b}")
    print(f"targets missed: {len(missed)}" + (": " + ", ".join(missed) if missed else "")
          + f"  ({time.monotonic() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
