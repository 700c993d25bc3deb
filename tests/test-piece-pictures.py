#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""tools/gen-piece-pictures.py: the real folders build, and a picture outside
the vocabulary (docs/contributing.md, "A new piece set") stops the build with
one line that names the file, the element and what is wrong.  TAP output."""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOOL = os.path.join(HERE, "..", "tools", "gen-piece-pictures.py")
PIECES = os.path.join(HERE, "..", "data", "pieces")
HEAD = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="-50 -50 100 100">'
n = 0
failed = 0


def check(name, ok, detail=""):
    global n, failed
    n += 1
    print(f"{'ok' if ok else 'not ok'} {n} {name}")
    if not ok:
        failed += 1
        for line in detail.splitlines():
            print(f"# {line}")


def generate(pieces):
    out = tempfile.mkdtemp()
    try:
        p = subprocess.run([sys.executable, TOOL, pieces, os.path.join(out, "p.h"), os.path.join(out, "p.d")],
                           capture_output=True, text=True, timeout=60)
        header = open(os.path.join(out, "p.h")).read() if p.returncode == 0 else ""
        depfile = open(os.path.join(out, "p.d")).read() if p.returncode == 0 else ""
        return p.returncode, p.stderr, header, depfile
    finally:
        shutil.rmtree(out)


# The real folders: every SVG file becomes a picture, and the depfile names
# the folders so that a new one rebuilds.
rc, err, header, depfile = generate(PIECES)
files = [(s, f[:-4]) for s in sorted(os.listdir(PIECES)) if os.path.isdir(os.path.join(PIECES, s))
         for f in sorted(os.listdir(os.path.join(PIECES, s))) if f.endswith(".svg")]
check("data/pieces builds", rc == 0 and files, err)
check("every file is a picture",
      all(f'{{ "{s}", "{name}", ' in header for s, name in files)
      and header.count("G_N_ELEMENTS (xq_picture_") == len(files), header[-2000:])
check("the depfile names every folder",
      all(os.path.join(PIECES, s) in depfile for s in {s for s, _ in files}), depfile)

BAD = [
    ("transform", f'{HEAD}<circle cx="0" cy="0" r="9" transform="scale(2)"/></svg>',
     "king.svg: element 1 (<circle>): attribute transform not supported"),
    ("text", f'{HEAD}<circle cx="0" cy="0" r="9"/><text>K</text></svg>',
     "king.svg: element 2 (<text>): element not supported"),
    ("colour", f'{HEAD}<rect x="0" y="0" width="9" height="9" fill="#ff0000"/></svg>',
     "king.svg: element 1 (<rect>): colour '#ff0000' is neither ink"),
    ("relative path", f'{HEAD}<path d="M0 0l10 10z"/></svg>',
     "king.svg: element 1 (<path>): d may only use absolute M, L, C and Z"),
    ("view box", '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle r="9"/></svg>',
     'king.svg: viewBox must be "-50 -50 100 100"'),
    ("missing number", f'{HEAD}<circle cx="0" cy="0"/></svg>',
     "king.svg: element 1 (<circle>): attribute r is missing"),
    ("not XML", f'{HEAD}<circle cx="0"', "king.svg: not well-formed XML"),
    ("empty", f"{HEAD}</svg>", "king.svg: draws nothing"),
]
for name, svg, want in BAD:
    root = tempfile.mkdtemp()
    try:
        os.makedirs(os.path.join(root, "bad"))
        with open(os.path.join(root, "bad", "king.svg"), "w") as f:
            f.write(svg)
        rc, err, _, _ = generate(root)
        check(f"refused: {name}", rc == 1 and want in err and len(err.strip().splitlines()) == 1,
              f"rc={rc} stderr={err!r} want={want!r}")
    finally:
        shutil.rmtree(root)

print(f"1..{n}")
sys.exit(1 if failed else 0)
