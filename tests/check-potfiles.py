#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks po/POTFILES.in against the sources (after libadwaita's
check-potfiles.sh): every C or .ui file with translatable text is listed,
every listed file exists, and the list is sorted.

usage: check-potfiles.py SOURCE_ROOT    (prints TAP)"""
import os
import re
import sys

root = sys.argv[1]
listed = [l.strip() for l in open(os.path.join(root, "po", "POTFILES.in"), encoding="utf-8")
          if l.strip() and not l.startswith("#")]

marker_c = re.compile(r'\b(?:_|N_|C_|NC_|g_dgettext|g_dpgettext2)\s*\(\s*"')
marker_ui = re.compile(r'translatable="yes"')
wanted = []
for top in ("src", "lessons"):
    for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
        for name in filenames:
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, root)
            if name.endswith(".c"):
                pattern = marker_c
            elif name.endswith(".ui"):
                pattern = marker_ui
            else:
                continue
            with open(path, encoding="utf-8", errors="replace") as f:
                if pattern.search(f.read()):
                    wanted.append(rel)

checks = []
missing = sorted(set(wanted) - set(listed))
checks.append(("every file with translatable text is listed", not missing, missing))
gone = [p for p in listed if not os.path.exists(os.path.join(root, p))]
checks.append(("every listed file exists", not gone, gone))
checks.append(("the list is sorted", listed == sorted(listed), ""))
dups = sorted({p for p in listed if listed.count(p) > 1})
checks.append(("no file is listed twice", not dups, dups))

print("1..%d" % len(checks))
bad = 0
for i, (name, ok, detail) in enumerate(checks, 1):
    print("%s %d - %s%s" % ("ok" if ok else "not ok", i, name, "" if ok else "  # %r" % (detail,)))
    bad += not ok
sys.exit(1 if bad else 0)
