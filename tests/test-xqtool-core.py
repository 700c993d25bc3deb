#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""xqtool's core commands as outside tools use them: output formats, exit
statuses, and one-line errors (never a crash) on bad input.  TAP output."""
from xqtool_tap import check, finish, run

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


# moves: sorted ICCS, one per line.
rc, out, err = run("moves", START)
lines = out.split()
check("moves: 44 from the start", rc == 0 and len(lines) == 44, out)
check("moves: sorted", lines == sorted(lines))
check("moves: contains h2e2 and b0c2", "h2e2" in lines and "b0c2" in lines)

# perft: leaf count alone on the first line; --divide adds MOVE: N lines.
rc, out, err = run("perft", START, "3")
check("perft 3", rc == 0 and out == "79666\n", out)
rc, out, err = run("perft", START, "2", "--divide")
rows = out.splitlines()
check("perft --divide total", rc == 0 and rows[0] == "1920", out[:80])
check("perft --divide rows", len(rows) == 45 and all(": " in r for r in rows[1:]))
check("perft --divide sums", sum(int(r.split(": ")[1]) for r in rows[1:]) == 1920)
check("perft --divide sorted", [r.split(":")[0] for r in rows[1:]] == sorted(r.split(":")[0] for r in rows[1:]))

# status: first word, then the winner for a finished game.
cases = [
    (START, "ongoing"),
    ("3Pk4/9/9/9/9/9/9/9/9/3K5 b - - 0 1", "check"),
    ("3k5/9/9/9/9/9/9/9/9/3RK4 b - - 0 1", "checkmate red"),
    ("3rk4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", "checkmate black"),
    ("4k4/3P1P3/9/9/9/9/9/9/9/3K5 b - - 0 1", "stalemate red"),
    ("3k5/9/9/9/9/9/9/9/3p1p3/4K4 w - - 0 1", "stalemate black"),
]
for fen, want in cases:
    rc, out, err = run("status", fen)
    check(f"status {want}", rc == 0 and out.strip() == want, out)

# Bad input: non-zero exit, exactly one line on stderr, nothing on stdout.
bad = [
    ("moves", "not a fen"),
    ("moves", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"),
    ("perft", START, "x"),
    ("perft", START, "99"),
    ("perft", START),
    ("status",),
    ("status", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 extra"),
    ("frobnicate",),
    ("bench", "nothing"),
]
for args in bad:
    rc, out, err = run(*args)
    check(f"bad input {' '.join(args)[:50]!r}: one-line error",
          rc not in (0,) and rc > 0 and out == "" and len(err.strip().splitlines()) == 1, f"rc={rc} err={err!r}")

finish()
