#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""No C file under src/ui/ is over 900 lines (issue 12): a page that grows
past that gives a part of itself a widget or a file of its own.  TAP
output, one line per file."""
import glob
import os

LIMIT = 900

src = os.environ["XQ_SOURCE_DIR"]
paths = sorted(glob.glob(os.path.join(src, "src", "ui", "**", "*.c"), recursive=True))
if not paths:
    print("1..1\nnot ok 1 - no C files found under src/ui/")
    raise SystemExit(1)
print("1..%d" % len(paths))
failed = False
for n, path in enumerate(paths, 1):
    with open(path, encoding="utf-8") as f:
        lines = sum(1 for _ in f)
    name = os.path.relpath(path, src)
    if lines > LIMIT:
        failed = True
        print("not ok %d - %s: %d lines, over %d" % (n, name, lines, LIMIT))
    else:
        print("ok %d - %s: %d lines" % (n, name, lines))
raise SystemExit(1 if failed else 0)
