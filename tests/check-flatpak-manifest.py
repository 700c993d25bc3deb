#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks the Flatpak manifest offline (flatpak-builder only warns on most
mistakes, see docs/building.md, trap 15): app id, runtime, command, sandbox holes.

usage: check-flatpak-manifest.py MANIFEST APP_ID COMMAND
Prints TAP, exits non-zero on the first failure."""
import json
import os
import shutil
import subprocess
import sys
import tempfile

path, app_id, command = sys.argv[1:4]
checks = []


def check(name, ok, detail=""):
    checks.append((name, bool(ok), detail))


with open(path, encoding="utf-8") as f:
    m = json.load(f)

check("id", m.get("id") == app_id, m.get("id"))
check("runtime", m.get("runtime") == "org.gnome.Platform", m.get("runtime"))
check("sdk", m.get("sdk") == "org.gnome.Sdk", m.get("sdk"))
check("runtime-version", str(m.get("runtime-version", "")).isdigit(), m.get("runtime-version"))
check("command", m.get("command") == command, m.get("command"))

args = m.get("finish-args")
check("finish-args is a list", isinstance(args, list))
args = args if isinstance(args, list) else []
check("wayland socket", "--socket=wayland" in args)
check("x11 fallback", "--socket=fallback-x11" in args)
# The app reads lessons from its own data and games through the file chooser
# portal, so it needs no file system or network access at all.  The one
# hole is the speech service's socket directory, read-only (docs/speech.md):
# libspeechd connects to $XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock.
speech = "--filesystem=xdg-run/speech-dispatcher:ro"
check("speech-dispatcher socket", speech in args)
forbidden = [a for a in args
             if (a.startswith("--filesystem") and a != speech) or a == "--share=network"
             or a.startswith("--socket=session-bus") or a.startswith("--talk-name")]
check("no filesystem, network or bus holes", not forbidden, forbidden)

modules = m.get("modules") or [{}]
names = [x.get("name") for x in modules if isinstance(x, dict)]
check("libspeechd built in", "libspeechd" in names and "dotconf" in names, names)
last = modules[-1] if isinstance(modules[-1], dict) else {}
check("app module is meson", last.get("buildsystem") == "meson", last.get("buildsystem"))
check("app module builds this tree",
      {"type": "dir", "path": ".."} in (last.get("sources") or []))

builder = shutil.which("flatpak-builder")
if builder:
    # --show-manifest writes .flatpak-builder/ into the cwd: use a temp dir,
    # and treat any warning as a failure.
    with tempfile.TemporaryDirectory() as tmp:
        p = subprocess.run([builder, "--show-manifest", os.path.abspath(path)],
                           cwd=tmp, capture_output=True, text=True)
        check("flatpak-builder --show-manifest clean",
              p.returncode == 0 and not p.stderr.strip(), p.stderr.strip())

print("1..%d" % len(checks))
failed = 0
for i, (name, ok, detail) in enumerate(checks, 1):
    print("%s %d - %s%s" % ("ok" if ok else "not ok", i, name,
                            "" if ok else "  # got %r" % (detail,)))
    failed += not ok
sys.exit(1 if failed else 0)
