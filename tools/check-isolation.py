#!/usr/bin/env python3
"""Proves that no test reads or writes the real user's files.  Prints TAP.

Usage: tools/check-isolation.py --app APP --log LOG -- COMMAND...
(under an X server, e.g. tools/with-xvfb.sh)

Plants a broken lesson unit and a broken learner file in a home and XDG
dirs that look like a real user's, watches every directory of that tree
with inotify, and then:

1. runs APP (a built xiangqi-tutor, --report-content) with that home: it
   must report the planted unit as broken and the watch must see it read,
   which proves the files sit where the program really looks and that the
   watch works;
2. runs COMMAND (a whole test suite; .ci/run gives the sanitizer run,
   whose test setup leaves HOME and XDG_* as the caller set them) with that
   home: nothing may open, list, create or change anything in the tree, and
   LOG (the suite's text log, written afresh by COMMAND) may not mention the
   planted files.  COMMAND's own results are not counted here; the exit
   status is COMMAND's if the checks pass, else 1."""
import ctypes
import ctypes.util
import os
import shutil
import struct
import subprocess
import sys
import tempfile

IN_ACCESS, IN_MODIFY, IN_ATTRIB, IN_CLOSE_WRITE = 0x1, 0x2, 0x4, 0x8
IN_OPEN, IN_MOVED_FROM, IN_MOVED_TO, IN_CREATE, IN_DELETE = 0x20, 0x40, 0x80, 0x100, 0x200
IN_NONBLOCK = 0o4000
MASK = (IN_ACCESS | IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_OPEN | IN_MOVED_FROM
        | IN_MOVED_TO | IN_CREATE | IN_DELETE)
MARK = "planted-by-check-isolation"

results = []


def check(name, ok, detail=""):
    results.append((name, ok, detail))


class Watch:
    """inotify on every directory of a tree (events on a directory and on
    the files directly in it)."""

    def __init__(self, root):
        libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        self.fd = libc.inotify_init1(IN_NONBLOCK)
        if self.fd < 0:
            raise OSError(ctypes.get_errno(), "inotify_init1")
        self.dirs = {}
        for top, subdirs, _ in os.walk(root):
            wd = libc.inotify_add_watch(self.fd, top.encode(), MASK)
            if wd < 0:
                raise OSError(ctypes.get_errno(), f"inotify_add_watch {top}")
            self.dirs[wd] = top

    def events(self):
        """Everything seen since the last call, as "path: EVENT" strings."""
        seen = []
        while True:
            try:
                buf = os.read(self.fd, 65536)
            except BlockingIOError:
                return seen
            pos = 0
            while pos < len(buf):
                wd, mask, _, length = struct.unpack_from("iIII", buf, pos)
                name = buf[pos + 16:pos + 16 + length].rstrip(b"\0").decode(errors="replace")
                pos += 16 + length
                names = [n for bit, n in ((IN_OPEN, "open"), (IN_ACCESS, "read"),
                                          (IN_MODIFY, "write"), (IN_CREATE, "create"),
                                          (IN_DELETE, "delete"), (IN_ATTRIB, "attrib"),
                                          (IN_MOVED_TO, "move"), (IN_MOVED_FROM, "move"),
                                          (IN_CLOSE_WRITE, "close-write")) if mask & bit]
                seen.append(f"{os.path.join(self.dirs.get(wd, '?'), name)}: {','.join(names)}")


def plant(root):
    """A user's home with a broken unit and a broken learner in both the
    XDG data dir and the home's default one."""
    env = {
        "HOME": os.path.join(root, "home"),
        "XDG_DATA_HOME": os.path.join(root, "home", ".local", "share"),
        "XDG_CONFIG_HOME": os.path.join(root, "home", ".config"),
        "XDG_CACHE_HOME": os.path.join(root, "home", ".cache"),
        "XDG_STATE_HOME": os.path.join(root, "home", ".local", "state"),
    }
    for d in env.values():
        os.makedirs(d, exist_ok=True)
    app = os.path.join(env["XDG_DATA_HOME"], "xiangqi-tutor")
    os.makedirs(os.path.join(app, "units"))
    os.makedirs(os.path.join(app, "learners"))
    with open(os.path.join(app, "units", f"{MARK}.json"), "w") as f:
        f.write('{ "format": 1, "type": "unit", "id": "%s" }\n' % MARK)
    with open(os.path.join(app, "learners", f"{MARK}.json"), "w") as f:
        f.write("{ not json %s\n" % MARK)
    with open(os.path.join(app, "learners", "current"), "w") as f:
        f.write(MARK + "\n")
    return env


def main():
    args = sys.argv[1:]
    opts = {}
    while args and args[0] in ("--app", "--log") and len(args) > 1:
        opts[args[0]] = args[1]
        args = args[2:]
    if len(opts) != 2 or not args or args[0] != "--" or len(args) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    command = args[1:]
    app_path, log = os.path.abspath(opts["--app"]), os.path.abspath(opts["--log"])
    build = os.path.dirname(os.path.dirname(os.path.dirname(app_path)))
    root = tempfile.mkdtemp(prefix="xq-isolation-")
    status = 1
    try:
        home = plant(root)
        watch = Watch(root)
        env = dict(os.environ, **home)
        for var in ("XQ_LESSONS_DIR", "XQ_LOCALEDIR"):
            env.pop(var, None)
        app_env = dict(env, GSETTINGS_SCHEMA_DIR=os.path.join(build, "data"),
                       GSETTINGS_BACKEND="memory", GDK_BACKEND="x11", GSK_RENDERER="cairo",
                       GTK_A11Y="none", NO_AT_BRIDGE="1", ADW_DISABLE_PORTAL="1",
                       # Speech off: the app would start speech-dispatcher,
                       # a daemon that outlives the control run and opens
                       # ~/.config/pulse in the planted home while the tests
                       # run (seen December 7), which is the control's doing,
                       # not a test's.
                       XQ_SPEECH="off")

        app = subprocess.run([app_path, "--report-content"], env=app_env,
                             capture_output=True, text=True, timeout=300)
        seen = watch.events()
        check("control: the app reports the planted unit as broken",
              app.returncode == 0 and any(l.startswith("problem ") and MARK in l
                                          for l in app.stdout.splitlines()),
              app.stdout + app.stderr)
        check("control: the watch sees the app read the planted home",
              any(MARK in e and "open" in e for e in seen), "\n".join(seen[:20]))

        try:
            os.remove(log)
        except FileNotFoundError:
            pass
        # The suite's own output goes to stderr: stdout is this TAP stream.
        status = subprocess.run(command, env=env, stdout=sys.stderr).returncode
        seen = watch.events()
        check("no test opened, listed, created or changed anything in the planted home",
              not seen, "\n".join(seen[:40]))
        try:
            with open(log, encoding="utf-8", errors="replace") as f:
                mentions = [l for l in f.read().splitlines() if MARK in l]
            check("no test log mentions the planted files", not mentions, "\n".join(mentions[:20]))
        except OSError as e:
            check("no test log mentions the planted files", False, f"{log}: {e.strerror}")
    finally:
        shutil.rmtree(root, ignore_errors=True)

    print(f"1..{len(results)}")
    for n, (name, ok, detail) in enumerate(results, 1):
        print(f"{'ok' if ok else 'not ok'} {n} - {name}")
        if not ok and detail:
            for line in detail.rstrip().splitlines():
                print(f"# {line}")
    return status if all(ok for _, ok, _ in results) else 1


sys.exit(main())
