#!/usr/bin/env python3
"""Prints one plain line, 'N passed, N failed, N skipped', over every part of
a CI run, and exits non-zero when anything failed.

  --since EPOCH      every log must have been written at or after EPOCH (the
                     start of the run); an older one counts as one failure,
                     so a log left over from an earlier run cannot look green
  --meson LOG        meson's testlog.json: one JSON object per line, each
                     with a "result"
  --tap LOG          a TAP stream ("1..N", "ok ...", "not ok ..."); results
                     missing from the plan count as failures
  --check NAME RC    one result: passed when RC is 0, else failed
  --guard NAME RC    counts a failure when RC is not 0 (a step whose own log
                     is counted, but which failed outside its tests)

A missing, stale or empty log counts as one failure."""
import json
import os
import re
import sys

passed = failed = skipped = 0
since = None


def fail(why):
    global failed
    failed += 1
    print(f"count-tests: {why}", file=sys.stderr)


def read_log(path):
    try:
        st = os.stat(path)
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError as e:
        fail(f"{path}: missing ({e.strerror})")
        return None
    if since is not None and st.st_mtime < since:
        fail(f"{path}: older than this run")
        return None
    if not text.strip():
        fail(f"{path}: empty")
        return None
    return text


def count_meson(path):
    global passed, skipped
    text = read_log(path)
    if text is None:
        return
    for n, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line:
            continue
        try:
            entry = json.loads(line)
        except ValueError:
            fail(f"{path}:{n}: not JSON")
            continue
        result = entry.get("result", "")
        if result in ("OK", "EXPECTEDFAIL"):
            passed += 1
        elif result == "SKIP":
            skipped += 1
        else:
            fail(f"{path}: {entry.get('name', '?')}: {result}")


def count_tap(path):
    global passed, skipped
    text = read_log(path)
    if text is None:
        return
    plan = None
    seen = 0
    for line in text.splitlines():
        m = re.match(r"^1\.\.(\d+)", line)
        if m:
            plan = int(m.group(1))
            continue
        m = re.match(r"^(not ok|ok)\b(.*)", line)
        if not m:
            continue
        seen += 1
        if re.search(r"#\s*SKIP", m.group(2), re.I):
            skipped += 1
        elif m.group(1) == "ok" and not re.search(r"#\s*TODO", m.group(2), re.I):
            passed += 1
        else:
            fail(f"{path}: {line.strip()}")
    if plan is None:
        fail(f"{path}: no TAP plan")
    elif seen < plan:
        for _ in range(plan - seen):
            fail(f"{path}: result missing from the plan of {plan}")


args = sys.argv[1:]
i = 0
while i < len(args):
    opt = args[i]
    if opt == "--since" and i + 1 < len(args):
        since = float(args[i + 1])
        i += 2
    elif opt == "--meson" and i + 1 < len(args):
        count_meson(args[i + 1])
        i += 2
    elif opt == "--tap" and i + 1 < len(args):
        count_tap(args[i + 1])
        i += 2
    elif opt in ("--check", "--guard") and i + 2 < len(args):
        name, rc = args[i + 1], args[i + 2]
        if rc != "0":
            fail(f"{name}: exit status {rc}")
        elif opt == "--check":
            passed += 1
        i += 3
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)

print(f"{passed} passed, {failed} failed, {skipped} skipped")
sys.exit(1 if failed else 0)
