#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The computer's levels through xqtool: the ladder benchmark with a small
game count (it completes and its table is well formed; nothing is timed)
and the review of a game file.  TAP output.  Never needs fairy-stockfish."""
import os
import re
import tempfile

from xqtool_tap import check, finish, run

# Two games a pairing, the two lowest levels: Turtle-Rabbit and Turtle-greedy.
rc, out, err = run("bench", "ladder", "--games", "2", "--levels", "1-2", "--seed", "5")
lines = out.splitlines()
check("ladder: exit 0, nothing on stderr", rc == 0 and err == "", f"rc={rc} err={err!r}")
check("ladder: a heading line and a header row",
      len(lines) >= 2 and lines[0].startswith("ladder: seed 5, 2 games") and lines[1].startswith("pairing"),
      out)
ROW = re.compile(r"^(?P<label>.+?)\s+(?P<games>\d+) (?P<w>\d+)/(?P<d>\d+)/(?P<l>\d+)\s+(?P<score>\d+\.\d)%"
                 r"\s+(?P<avg>\d+\.\d)\s+(?P<max>\d+\.\d)\s+(?P<cpu>-?\d+\.\d)\s+(?P<oavg>\d+\.\d)\s+(?P<omax>\d+\.\d)"
                 r"\s+(?P<target>\S+)\s+(?P<verdict>ok|MISS)\s+(?P<ends>.+)$")
rows = {}
for line in lines[2:]:
    m = ROW.match(line)
    check(f"ladder row well formed: {line[:40]!r}", m is not None, line)
    if m:
        rows[m["label"].strip()] = m
check("ladder: exactly the two pairings asked for",
      sorted(rows) == ["1 Turtle - 2 Rabbit", "1 Turtle - greedy"], str(sorted(rows)))
for label, m in rows.items():
    w, d, l = int(m["w"]), int(m["d"]), int(m["l"])
    games = int(m["games"])
    check(f"{label}: W+D+L = games = 2", w + d + l == games == 2, m.group(0))
    score = 100.0 * (w + d / 2) / games
    check(f"{label}: score matches W/D/L", abs(score - float(m["score"])) < 0.06, m.group(0))
    ends = sum(int(n) for n in re.findall(r"(\d+)", m["ends"]))
    check(f"{label}: every game has an ending", ends == games, m["ends"])
    check(f"{label}: avg <= max", float(m["avg"]) <= float(m["max"]) + 0.05, m.group(0))
check("ladder: Turtle-Rabbit is scored against 35%", "score<=35%" == rows.get("1 Turtle - 2 Rabbit", {"target": ""})["target"])
check("ladder: Turtle-greedy is judged on wins", "wins<=50%" == rows.get("1 Turtle - greedy", {"target": ""})["target"])

# The same seed plays the same games.
rc2, out2, _ = run("bench", "ladder", "--games", "2", "--levels", "1-2", "--seed", "5", "--verbose")
games = [l.split(":", 1)[1] for l in out2.splitlines() if l.startswith("game ")]
rc3, out3, _ = run("bench", "ladder", "--games", "2", "--levels", "1-2", "--seed", "5", "--verbose")
games3 = [l.split(":", 1)[1] for l in out3.splitlines() if l.startswith("game ")]
check("ladder --verbose: four games listed", rc2 == 0 and len(games) == 4, out2[:200])
check("ladder: reproducible from the seed", games == games3)

# Bad options: usage, exit 2; a missing engine: one line, exit 1.
for args in (["--games", "0"], ["--levels", "3-2"], ["--levels", "x"], ["--frobnicate"], ["--seed"],
             ["--nodes", "0"], ["--nodes", "many"], ["--movetime", "0"], ["--movetime"]):
    rc, out, err = run("bench", "ladder", *args)
    check(f"ladder {' '.join(args)}: usage", rc == 2 and out == "" and err.startswith("usage:"), f"rc={rc} {err!r}")
rc, out, err = run("bench", "ladder", "--games", "1", "--levels", "5-5", "--no-greedy",
                   "--fairy", "/nonexistent/fairy-stockfish")
check("ladder --fairy missing: one-line error", rc == 1 and len(err.strip().splitlines()) == 1
      and "/nonexistent/fairy-stockfish" in err, f"rc={rc} {err!r}")
# Dragon's limits for that pairing are taken (the engine is then looked for).
rc, out, err = run("bench", "ladder", "--games", "1", "--levels", "5-5", "--no-greedy", "--nodes", "20000",
                   "--movetime", "60000", "--fairy", "/nonexistent/fairy-stockfish")
check("ladder --nodes --movetime: accepted", rc == 1 and "/nonexistent/fairy-stockfish" in err
      and not err.startswith("usage:"), f"rc={rc} {err!r}")

# game-review: the constructed game of tests/test-game-review.c as a file.
with tempfile.TemporaryDirectory() as tmp:
    pgn = os.path.join(tmp, "game.pgn")
    with open(pgn, "w", encoding="utf-8") as f:
        f.write('[FEN "5k3/9/3a2n2/7C1/4R4/7N1/9/9/4K4/6C2 w - - 0 1"]\n\n1. h4i6 g7i6 2. e1e0 *\n')
    rc, out, err = run("game-review", "--notation", "iccs", pgn)
    rows = [l for l in out.splitlines() if l.startswith("ply ")]
    check("game-review: two mistakes", rc == 0 and out.startswith("reviewed 2 moves of red: 2 mistakes"), out)
    check("game-review: the hanging horse", len(rows) == 2 and rows[0].startswith("ply 1 hanging played h4i6")
          and " square i6 " in rows[0], out)
    check("game-review: the missed mate", len(rows) == 2 and rows[1].startswith("ply 3 missed-mate played e1e0 better e5f5"), out)
    rc, out, err = run("game-review", "--side", "black", pgn)
    check("game-review --side black", rc == 0 and out.startswith("reviewed 1 moves of black"), out)
    bad = os.path.join(tmp, "bad.pgn")
    with open(bad, "w", encoding="utf-8") as f:
        f.write('[FEN "5k3/9/3a2n2/7C1/4R4/7N1/9/9/4K4/6C2 w - - 0 1"]\n\n1. h4i6 g7i6 2. e1e9 *\n')
    rc, out, err = run("game-review", bad)
    check("game-review: an illegal move is one line naming the file", rc == 1 and out == ""
          and len(err.strip().splitlines()) == 1 and "bad.pgn" in err, f"rc={rc} {err!r}")
    rc, out, err = run("game-review", os.path.join(tmp, "missing.pgn"))
    check("game-review: a missing file is one line", rc == 1 and len(err.strip().splitlines()) == 1, err)
    rc, out, err = run("game-review", "--side", "green", pgn)
    check("game-review: a bad side is one line", rc == 1 and len(err.strip().splitlines()) == 1, err)

# bench game-review runs (its time is printed, not judged).
rc, out, err = run("bench", "game-review", "--runs", "1")
check("bench game-review: one line", rc == 0 and re.match(r"^game-review: median [\d.]+ ms, max [\d.]+ ms for a 100-ply game", out), out + err)

finish()
