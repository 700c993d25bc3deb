# SPDX-License-Identifier: GPL-3.0-or-later
"""The TAP plumbing of the python tests: collect checks, then report them."""
import sys


class Tap:
    def __init__(self):
        self.results = []

    def check(self, name, cond, detail=""):
        self.results.append((name, bool(cond), detail))

    def finish(self):
        """Prints the TAP report and exits with 1 if any check failed."""
        print(f"1..{len(self.results)}")
        for i, (name, ok, detail) in enumerate(self.results, 1):
            print(f"{'ok' if ok else 'not ok'} {i} - {name}")
            if not ok and detail:
                print("# " + detail.replace("\n", "\n# "))
        sys.exit(0 if all(ok for _, ok, _ in self.results) else 1)
