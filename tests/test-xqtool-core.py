#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""xqtool's core commands as outside tools use them: output formats, exit
statuses, and one-line errors (never a crash) on bad input.  TAP output."""
import os
import subprocess
import tempfile

from xqtool_tap import XQTOOL, check, finish, run

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

# Issue 11, F1: two blanks in a row in a FEN used to double-free (abort) in
# every command that reads one.  Extra blanks are harmless now.
REPRO = os.path.join(os.environ["XQ_SOURCE_DIR"], "tests", "data", "repro")


def repro(name):
    return os.path.join(REPRO, name)


def one_line_error(rc, out, err):
    return rc == 1 and out == "" and len(err.strip().splitlines()) == 1


rc, out, err = run("status", START.replace(" w ", " w  ").replace(" - ", "  -   "))
check("status: blanks in a row are harmless", rc == 0 and out.strip() == "ongoing", f"rc={rc} {out!r} {err!r}")
with open(repro("F1-fen-double-space.txt"), encoding="utf-8") as f:
    rc, out, err = run("status", f.read().strip("\n"))
check("status F1 repro: one-line error, no crash", one_line_error(rc, out, err) and "points" in err, f"rc={rc} {err!r}")
rc, out, err = run("validate", repro("F1-lesson-fen-doublespace.json"))
check("validate F1 lesson repro: accepted", rc == 0 and err == "", f"rc={rc} {err!r}")
rc, out, err = run("pgn", repro("F1-pgn-fen-doublespace.pgn"))
check("pgn F1 repro: one-line error naming the place", one_line_error(rc, out, err) and ":1:6:" in err, f"rc={rc} {err!r}")
with tempfile.TemporaryDirectory() as tmp:
    # A worksheet is a .pdf: the output is named so, and the input's error is the one shown.
    rc, out, err = run("worksheet", repro("F1-worksheet-doublespace.txt"), "--out", os.path.join(tmp, "sheet.pdf"))
check("worksheet F1 repro: one-line error naming the line", one_line_error(rc, out, err) and "line 1" in err, f"rc={rc} {err!r}")
rc, out, err = run("pack", "validate", repro("F1-pack-fen-doublespace.xqpack"))
check("pack validate F1 repro: accepted", rc == 0 and "1 units (2 exercises)" in out, f"rc={rc} {out!r} {err!r}")
with tempfile.TemporaryDirectory() as tmp:
    units = os.path.join(tmp, "units")
    rc, out, err = run("pack", "import", repro("F1-pack-fen-doublespace.xqpack"), "--into", units)
    check("pack import F1 repro: installed", rc == 0 and sorted(os.listdir(units)) == ["palace-drill.json", "teacher-mates.json"],
          f"rc={rc} {out!r} {err!r}")
    sheet = os.path.join(tmp, "sheet.txt")
    with open(sheet, "w", encoding="utf-8") as f:
        f.write(START.replace(" w ", "  w  ") + " | Open the game\n")
    rc, out, err = run("worksheet", sheet, "--out", os.path.join(tmp, "sheet.pdf"))
    check("worksheet: a FEN with blanks in a row is read", rc == 0 and "1 exercises" in out, f"rc={rc} {out!r} {err!r}")
    game = os.path.join(tmp, "game.pgn")
    with open(game, "w", encoding="utf-8") as f:
        f.write('[FEN "' + START.replace(" ", "  ") + '"]\n\n1. h2e2 *\n')
    rc, out, err = run("pgn", game)
    check("pgn: a FEN tag with blanks in a row is read", rc == 0 and out == "h2e2\n", f"rc={rc} {out!r} {err!r}")
rc, out, err = run("pgn", repro("F2-pgn-empty.pgn"))
check("pgn F2 repro (empty file): no moves, no error", rc == 0 and out == "" and err == "", f"rc={rc} {err!r}")
rc, out, err = run("pgn", repro("F6-pgn-comment-roundtrip-min.pgn"))
check("pgn F6 repro: reads", rc == 0 and out == "h2e2\n", f"rc={rc} {out!r} {err!r}")


# Arguments that are not UTF-8 are escaped, never echoed raw.
def run_bytes(*args):
    p = subprocess.run([XQTOOL.encode(), *args], capture_output=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


for args, shown in [
    ((b"frob\xffnicate",), "frob\\xFFnicate"),
    ((b"validate", b"/nonexistent/\xc3\x28\x1b[31m"), "/nonexistent/\\xC3(\\x1B[31m"),
    ((b"notation", START.encode(), b"h2e2", b"--to", b"\xe4\xb8"), "\\xE4\\xB8"),
    ((b"pack", b"validate", b"/nonexistent/\xfe.xqpack"), "\\xFE"),
]:
    rc, out, err = run_bytes(*args)
    try:
        text = err.decode("utf-8")
    except UnicodeDecodeError:
        text = None
    check(f"non-UTF-8 argument {args[-1]!r}: escaped in a one-line UTF-8 error",
          rc != 0 and text is not None and shown in text and len(text.strip().splitlines()) == 1
          and "\x1b" not in text, f"rc={rc} err={err!r}")
# What the fuzzers found (docs/fuzzing.md): input that is not UTF-8 quoted
# raw in error messages.  Each must give one UTF-8 line.
with open(repro("fuzz-fen-not-utf8.txt"), "rb") as f:
    fen_bytes = f.read()
with open(repro("fuzz-iccs-not-utf8.bin"), "rb") as f:
    move_bytes = f.read()[1:]    # the harness's first byte picks the position
for name, args in [
    ("status, FEN not UTF-8", (b"status", fen_bytes)),
    ("notation, move not UTF-8", (b"notation", START.encode(), move_bytes, b"--from", b"iccs")),
    ("notation (any), move not UTF-8", (b"notation", START.encode(), move_bytes)),
    ("validate, json-glib cuts a character", (b"validate", repro("fuzz-lesson-json-error-cuts-utf8.json").encode())),
]:
    rc, out, err = run_bytes(*args)
    # validate lists its problems on stdout, the others fail on stderr.
    shown = out if args[0] == b"validate" else err
    try:
        text = shown.decode("utf-8")
    except UnicodeDecodeError:
        text = None
    check(f"fuzz repro {name}: one-line UTF-8 error", rc == 1 and text is not None
          and len(text.strip().splitlines()) == 1, f"rc={rc} out={out!r} err={err!r}")

# Valid UTF-8 is shown as it is.
rc, out, err = run("frobnicate中文")
check("UTF-8 argument shown as it is", rc == 1 and "“frobnicate中文”" in err, err)

# Issue 11, rule 4.2.1: a soldier on the enemy's back rank can never mate
# or stalemate with only its general (docs/bare-material.md).
for fen, want in [
    ("P2k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "draw bare-material"),
    ("4k4/9/9/9/9/9/9/9/9/p2K5 b - - 0 1", "draw bare-material"),
    ("3k5/P8/9/9/9/9/9/9/9/4K4 w - - 0 1", "ongoing"),
    ("3ak1P2/4a4/9/9/9/9/9/9/9/4K4 w - - 0 1", "ongoing"),
]:
    rc, out, err = run("judge", fen)
    check(f"judge {fen}: {want}", rc == 0 and out.strip() == want, f"rc={rc} {out!r} {err!r}")

# Issue 13: judge names why a move is illegal, in the lesson layer's words,
# with the core's reason id (docs/attacks.md) for scripts.
for fen, moves, want in [
    ("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", ["d0e0"],
     "xqtool: ply 1: d0e0 is not a legal move for Red: "
     "The two generals may never face each other on an open file. (generals-face)"),
    ("4k4/9/9/9/9/9/9/9/1R7/1N1K5 w - - 0 1", ["b0c2"],
     "xqtool: ply 1: b0c2 is not a legal move for Red: "
     "The horse's leg is blocked: a piece stands right next to it on that side. (horse-leg)"),
    (START, ["h2e2", "h9h5"],
     "xqtool: ply 2: h9h5 is not a legal move for Black: "
     "The horse moves one point straight, then one point diagonally. (wrong-way)"),
]:
    rc, out, err = run("judge", fen, *moves)
    check(f"judge {' '.join(moves)}: the reason is named", rc == 1 and out == "" and err.strip() == want,
          f"rc={rc} {out!r} {err!r}")
# A move that is not even written as one keeps the game's plain message.
rc, out, err = run("judge", START, "zz99")
check("judge zz99: no reason made up", rc == 1 and "zz99" in err and "(" not in err, f"rc={rc} {err!r}")
# Nor does a game already over (two bare generals) that refuses every move.
rc, out, err = run("judge", "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", "d0e0")
check("judge after the end: the game's own reason", rc == 1 and "already over" in err
      and "generals" not in err, f"rc={rc} {err!r}")

# Damaged learner files: every line on stderr in the tool's own form
# ("xqtool: ..."), naming the file; nothing in GLib's log format.
with tempfile.TemporaryDirectory(prefix="xq-damaged-") as d:
    for name, text in (("mei.json", "{ \"format\": 1, \"learner\": \"mei\", \"stars\": [ "),
                       ("mei.ratings.json", "{ not json"),
                       ("mei.review.json", "[[[[")):
        with open(os.path.join(d, name), "w", encoding="utf-8") as f:
            f.write(text)
    for args, file in ((("review", "list", "--learner", "mei", "--dir", d), "mei.review.json"),
                       (("puzzles", "next", "--learner", "mei", "--dir", d), "mei.ratings.json")):
        rc, out, err = run(*args)
        lines = err.splitlines()
        check(f"{args[0]} on damaged files: the damage is reported", rc == 0 and any(file in l for l in lines),
              f"rc={rc} {err!r}")
        check(f"{args[0]} on damaged files: one-line xqtool form only",
              lines and all(l.startswith("xqtool: ") for l in lines)
              and "-Message" not in err and "WARNING **" not in err, err)

# tactic --check: the first moves that force a check in N, and one move's
# verdict with the stubborn reply (docs/tactics.md, "Check in N").
BOXED = "2bakab2/9/9/9/9/9/9/9/9/R2K5 w - - 0 1"
rc, out, err = run("tactic", BOXED, "1", "--check")
check("tactic --check 1: no check now", rc == 0 and out == "check-keys 0\n", out)
rc, out, err = run("tactic", BOXED, "2", "--check")
check("tactic --check 2: the chariot's climb", rc == 0 and out == "check-keys 1 a0a8\n", out)
rc, out, err = run("tactic", BOXED, "2", "--check", "--move", "a0a1")
check("tactic --check --move: the reply that leaves no check", rc == 0 and out == "no-check a0a1 c9e7\n", out)
rc, out, err = run("tactic", BOXED, "2", "--check", "--gain", "3")
check("tactic --check with --gain: one-line error", rc > 0 and out == "" and len(err.strip().splitlines()) == 1,
      f"rc={rc} {err!r}")

# puzzle-kill's main line is the answer key's (xq_answer_mate_line), steered
# into the confirmed pattern at every attacker move: double-cannon-98699f of
# the shipped 重炮 pack, where the solver's own last move (c2d2) ends in
# another mate.  The same line `pattern-check --answer-key` prints.
DOUBLE_CANNON = "9/9/c3k4/9/9/9/c1p6/2RK1A3/9/9 b - - 0 1"
rc, out, err = run("puzzle-kill", DOUBLE_CANNON)
f = [x.strip() for x in out.split("|")]
check("puzzle-kill: mate, key and patterns", rc == 0 and f[1:4] == ["mate 3", "c3c2", "double-cannon,pull-drawer"],
      f"rc={rc} {out!r} {err!r}")
check("puzzle-kill: the line ends in 重炮", len(f) > 4 and f[4] == "c3c2 d2d1 a3d3 d1d0 a7d7", out)
rc, out, err = run("pattern-check", "--answer-key",
                   os.path.join(os.environ["XQ_SOURCE_DIR"], "lessons", "puzzles", "03-double-cannon.json"))
key = [l for l in out.splitlines() if l.startswith("double-cannon-98699f\t")]
check("puzzle-kill: the answer key's line", rc == 0 and len(key) == 1 and "line: c3c2 d2d1 a3d3 d1d0 a7d7\t" in key[0],
      f"rc={rc} {key!r}")
# puzzle-confirm, a file of them: the same line; the keys and patterns as before.
with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as t:
    t.write(DOUBLE_CANNON + " | mate 3\n")
try:
    with open(t.name) as inp:
        p = subprocess.run([XQTOOL, "puzzle-confirm"], stdin=inp, capture_output=True, text=True)
    g = [x.strip() for x in p.stdout.split("|")]
    check("puzzle-confirm: the line steered into what is confirmed",
          p.returncode == 0 and g[1:5] == ["mate 3", "c3c2", "double-cannon,pull-drawer", "c3c2 d2d1 a3d3 d1d0 a7d7"],
          f"{p.stdout!r} {p.stderr!r}")
finally:
    os.unlink(t.name)

finish()
