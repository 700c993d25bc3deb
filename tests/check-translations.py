#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every language in po/LINGUAS: a well-formed catalogue (msgfmt -c, header
with Plural-Forms) with no untranslated and no fuzzy messages.  TAP output."""
import os
import subprocess
import sys

src = os.environ["XQ_SOURCE_DIR"]
langs = open(os.path.join(src, "po", "LINGUAS"), encoding="utf-8").read().split()
results = []
for lang in langs:
    po = os.path.join(src, "po", lang + ".po")
    p = subprocess.run(["msgfmt", "-c", "--statistics", "-o", os.devnull, po],
                       capture_output=True, text=True, env=dict(os.environ, LC_ALL="C"))
    stats = p.stderr.strip()
    results.append((f"{lang}: msgfmt -c", p.returncode == 0, stats))
    results.append((f"{lang}: complete", "untranslated" not in stats and "fuzzy" not in stats, stats))
    header = open(po, encoding="utf-8").read().split("\n\n", 1)[0]
    results.append((f"{lang}: header names its language and plural forms",
                    f'"Language: {lang}\\n"' in header and "Plural-Forms:" in header, header[:200]))
print(f"1..{len(results)}")
for i, (name, ok, detail) in enumerate(results, 1):
    print(f"{'ok' if ok else 'not ok'} {i} - {name}")
    if not ok:
        print("# " + detail.replace("\n", "\n# "))
sys.exit(0 if all(ok for _, ok, _ in results) else 1)
