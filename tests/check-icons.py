#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks the application icons: both exist, parse as SVG, have the sizes
the icon theme spec expects, and the symbolic one uses no colour but grey.

usage: check-icons.py ICON_THEME_DIR APP_ID    (prints TAP)"""
import re
import sys
import xml.etree.ElementTree as ET

base, app_id = sys.argv[1:3]
checks = []
svg_ns = "{http://www.w3.org/2000/svg}"

for sub, name, size in (("scalable", app_id + ".svg", "128"),
                        ("symbolic", app_id + "-symbolic.svg", "16")):
    path = "%s/%s/apps/%s" % (base, sub, name)
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError) as e:
        checks.append(("%s parses" % name, False, str(e)))
        continue
    checks.append(("%s parses" % name, root.tag == svg_ns + "svg", root.tag))
    checks.append(("%s is %spx" % (name, size),
                   root.get("width") == size and root.get("height") == size,
                   (root.get("width"), root.get("height"))))
    text = open(path, encoding="utf-8").read()
    # A <text> element would depend on the fonts of whoever shows the icon.
    checks.append(("%s draws without fonts" % name, "<text" not in text, ""))
    if sub == "symbolic":
        colours = set(re.findall(r"#[0-9a-fA-F]{6}", text))
        grey = all(c[1:3] == c[3:5] == c[5:7] for c in colours)
        checks.append(("%s is monochrome" % name, grey, colours))

print("1..%d" % len(checks))
bad = 0
for i, (name, ok, detail) in enumerate(checks, 1):
    print("%s %d - %s%s" % ("ok" if ok else "not ok", i, name, "" if ok else "  # %r" % (detail,)))
    bad += not ok
sys.exit(1 if bad else 0)
