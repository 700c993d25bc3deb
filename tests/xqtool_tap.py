# SPDX-License-Identifier: GPL-3.0-or-later
"""What the xqtool test scripts share: running xqtool, collecting checks,
and printing them as TAP."""
import os
import subprocess
import sys
import tempfile

XQTOOL = os.environ["XQTOOL"]
results = []

# A throwaway HOME and XDG dirs: xqtool must never see the real user's files.
_HOME = tempfile.TemporaryDirectory(prefix="xq-test-home-")
ENV = dict(os.environ)
for _var, _sub in (("HOME", "home"), ("XDG_DATA_HOME", "data"), ("XDG_CONFIG_HOME", "config"),
                   ("XDG_CACHE_HOME", "cache"), ("XDG_STATE_HOME", "state")):
    ENV[_var] = os.path.join(_HOME.name, _sub)
    os.mkdir(ENV[_var])


def run(*args):
    p = subprocess.run([XQTOOL, *args], capture_output=True, text=True, timeout=120, env=ENV)
    return p.returncode, p.stdout, p.stderr


def check(name, cond, detail=""):
    results.append((name, bool(cond), detail))


def finish():
    print(f"1..{len(results)}")
    for i, (name, ok, detail) in enumerate(results, 1):
        print(f"{'ok' if ok else 'not ok'} {i} - {name}")
        if not ok and detail:
            print("# " + detail.replace("\n", "\n# "))
    sys.exit(0 if all(ok for _, ok, _ in results) else 1)
