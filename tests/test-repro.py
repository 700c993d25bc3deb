#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Inputs that once crashed or hung the lesson loader (tests/data/repro:
deep nesting, unbounded proofs, huge text), through every xqtool command
that reads them: each gives located one-line errors ("file: $.path:
message"), never a crash.  Their time and memory are measured by
tools/check-repro.sh, not here.  TAP output."""
import os
import subprocess
import sys

from xqtool_tap import ENV, check, finish
import tempfile

XQTOOL = os.environ["XQTOOL"]
SOURCE = os.environ.get("XQ_SOURCE_DIR", os.path.join(os.path.dirname(__file__), ".."))
REPRO = os.path.join(SOURCE, "tests", "data", "repro")

DEEP_ARRAY = "$" + "[0]" * 32
DEEP_OBJECT = "$.x" + ".a" * 31
NESTED = "arrays and objects are nested more than 32 deep"
NOT_A_PACK = ("$.type", "this is a single lesson file, not a lesson pack")
TOO_DEEP = "too deep to prove here"
MISSPELT = ("$.ti#tle", "unknown key “ti#tle”")

# file: (the lesson commands' first problem, the pack reader's), each a
# (JSON path, message part); a line with both must be among the output
# (the worksheet shows the first problem only).
CASES = {
    "F3-deep-array-100k.json": ((DEEP_ARRAY, NESTED), (DEEP_ARRAY, NESTED)),
    "F3-deep-object-100k.json": ((DEEP_OBJECT, NESTED), (DEEP_OBJECT, NESTED)),
    # Structural problems: the mate is never tried (no line names it).
    "F4-lesson-mate11-from-start.json": (MISSPELT, NOT_A_PACK),
    "F4-lesson-slow-1.json": (MISSPELT, NOT_A_PACK),
    "F4-lesson-slow-2.json": (MISSPELT, NOT_A_PACK),
    # Sound files whose mate costs more than the solver's budget.
    "F4-lesson-mate11-sound.json": (("$.exercises[0]", "the mate in 11 is " + TOO_DEEP), NOT_A_PACK),
    "F4-slow-puzzle-mate15.json": (("$.puzzles[0]", "the mate in 15 is " + TOO_DEEP), NOT_A_PACK),
    "F5-worksheet-title-100kb.json": (("$.title", "the text is longer than 8192 bytes"),
                                      ("$.title", "the text is longer than 8192 bytes")),
}


def run(*args):
    p = subprocess.run([XQTOOL, *args], capture_output=True, text=True, timeout=120, env=ENV)
    return p.returncode, p.stdout, p.stderr


def located(lines, prefix, path, message):
    """Every line is "prefix: $...: ..." and one is "prefix: path: ...message..."."""
    if not lines or not all(l.startswith(prefix + ": $") for l in lines):
        return False
    return any(l.startswith(f"{prefix}: {path}: ") and message in l for l in lines)


with tempfile.TemporaryDirectory() as tmp:
    for name, (lesson, pack) in sorted(CASES.items()):
        path = os.path.join(REPRO, name)
        check(f"{name}: present", os.path.isfile(path), path)
        pdf = os.path.join(tmp, "sheet.pdf")
        out_pack = os.path.join(tmp, "out.xqpack")
        into = os.path.join(tmp, "units")
        commands = [
            (("validate", path), "stdout", path, lesson),
            (("lesson-stats", path), "stderr", path, lesson),
            (("worksheet", path, "--out", pdf), "stderr", "xqtool: " + path, lesson),
            (("pack", "export", path, "--out", out_pack), "stderr", "xqtool: " + path, lesson),
            (("pack", "validate", path), "stderr", "xqtool: " + path, pack),
            (("pack", "import", path, "--into", into), "stderr", "xqtool: " + path, pack),
        ]
        for args, stream, prefix, (where, message) in commands:
            rc, out, err = run(*args)
            text = out if stream == "stdout" else err
            lines = text.splitlines()
            label = f"{name}: {' '.join(args[:2]) if args[0] == 'pack' else args[0]}"
            check(f"{label}: fails with status 1", rc == 1, f"rc={rc} err={err[:300]!r}")
            check(f"{label}: located error at {where[:40]}", located(lines, prefix, where, message),
                  text[:600])
            check(f"{label}: every line short", all(len(l) < 400 for l in lines), text[:200])
            if name.startswith("F4-lesson-") and "sound" not in name:
                messages = [l.split(": $", 1)[-1] for l in lines]
                check(f"{label}: no proof tried", not any("mate" in m for m in messages), text[:600])
        check(f"{name}: nothing written", not os.path.exists(pdf) and not os.path.exists(out_pack)
              and not (os.path.isdir(into) and os.listdir(into)))

# xqtool solve says when its budget ran out instead of claiming "none".
START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
rc, out, err = run("solve", START, "--max", "15")
check("solve: budget outcome too-deep", rc == 0 and out == "too-deep\n", out + err)
rc, out, err = run("solve", START, "--max", "15", "--budget", "1000", "--work")
check("solve --work: the work and the budget", rc == 0 and out.startswith("too-deep (")
      and "of 1000," in out, out + err)
rc, out, err = run("solve", "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1", "--max", "3", "--budget", "0")
check("solve --budget 0: no limit", rc == 0 and out == "mate 1 e1d1 e1e8\n", out + err)
rc, out, err = run("solve", START, "--budget", "lots")
check("solve --budget: bad number refused", rc == 1 and out == "" and len(err.splitlines()) == 1, err)

finish()
