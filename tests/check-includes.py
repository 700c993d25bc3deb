#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""No include that points up a layer, and no circle of includes among the
modules of src/ui, src/render, src/cli and src/lesson (issue 34: 20 modules of src/ui
included each other because the settings schema id lived in the window's
header), and src/lesson (XqExercise lived in the loader's header; now
xq-exercise.h).  src/core and src/tournament still have circles
(docs/contributing.md lists them); they are checked once they are gone.  A module is a .h and the .c files behind it: xq-NAME.h,
xq-NAME.c, and the xq-NAME-CONCERN.c files that include xq-NAME-private.h.
TAP output."""
import os
import re
import sys

src = os.environ.get("XQ_SOURCE_DIR") or sys.argv[1]
layers = ["core", "render", "lesson", "tournament", "ui", "cli"]
# Which layers each may include (docs/contributing.md).
allowed = {
    "core": {"core"},
    "render": {"core", "render"},
    "lesson": {"core", "render", "lesson"},
    "tournament": {"core", "tournament"},
    "ui": {"core", "render", "lesson", "tournament", "ui"},
    "cli": {"core", "render", "lesson", "tournament", "cli"},
}
include_re = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)

home = {}      # header file name -> layer
files = {}     # path -> (layer, text)
for layer in layers:
    for root, _dirs, names in os.walk(os.path.join(src, "src", layer)):
        for n in names:
            if n.endswith((".c", ".h")):
                p = os.path.join(root, n)
                files[p] = (layer, open(p, encoding="utf-8").read())
                if n.endswith(".h"):
                    home[n] = layer


def module(path, text):
    stem = os.path.basename(path)[:-2]
    if stem.endswith("-private"):
        return stem[:-len("-private")]
    if path.endswith(".c"):
        for inc in include_re.findall(text):
            if inc.endswith("-private.h") and stem.startswith(inc[:-len("-private.h")]):
                return inc[:-len("-private.h")]
    return stem


results = []
edges = {layer: {} for layer in layers}
up = []
for path, (layer, text) in sorted(files.items()):
    m = module(path, text)
    for inc in include_re.findall(text):
        name = os.path.basename(inc)
        if name not in home:
            continue        # config.h, generated or data headers
        if home[name] not in allowed[layer]:
            up.append(f"{os.path.relpath(path, src)} includes {inc} ({home[name]})")
            continue
        if home[name] != layer:
            continue
        target = name[:-2]
        if target.endswith("-private"):
            target = target[:-len("-private")]
        if target != m:
            edges[layer].setdefault(m, set()).add(target)
results.append(("no include points up a layer", not up, "\n".join(up)))


def cycles(graph):
    """Strongly connected components with more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]
    nodes = set(graph) | {t for ts in graph.values() for t in ts}

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return out


for layer in ("ui", "render", "cli", "lesson"):
    found = cycles(edges[layer])
    results.append((f"src/{layer}: no circle of includes", not found,
                    "\n".join(" -> ".join(c) for c in found)))

print(f"1..{len(results)}")
for i, (name, ok, detail) in enumerate(results, 1):
    print(f"{'ok' if ok else 'not ok'} {i} - {name}")
    if not ok and detail:
        print("# " + detail.replace("\n", "\n# "))
sys.exit(0 if all(ok for _, ok, _ in results) else 1)
