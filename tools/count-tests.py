#!/usr/bin/env python3
"""Prints one plain line, 'N passed, N failed, N skipped', from meson test logs.

Each log is meson's testlog.json: one JSON object per line with a "result"
field.  Missing logs count as one failure each, so a build that never got to
its tests cannot look green."""
import json
import sys

passed = failed = skipped = 0
for path in sys.argv[1:]:
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                line = line.strip()
                if not line:
                    continue
                result = json.loads(line).get("result", "")
                if result in ("OK", "EXPECTEDFAIL"):
                    passed += 1
                elif result == "SKIP":
                    skipped += 1
                else:
                    failed += 1
    except OSError:
        failed += 1
print(f"{passed} passed, {failed} failed, {skipped} skipped")
