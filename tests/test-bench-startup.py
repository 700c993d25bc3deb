#!/usr/bin/env python3
"""tools/bench-startup.sh still runs: one launch of ours beside the empty
libadwaita window (ANCHOR=empty, so GNOME Chess need not be installed), and
the report it prints has every figure; bad sizes are refused with a reason.
This checks the script and the two C tools it builds, not any speed."""
import os
import re
import subprocess
import sys
import tempfile

source = os.environ['XQ_SOURCE_DIR']
build = os.environ['XQ_BUILD_DIR']
script = os.path.join(source, 'tools', 'bench-startup.sh')


def run(**env):
    full = dict(os.environ)
    # The suite's settings for its own GTK tests (no GL, a memory settings
    # backend, its own XDG dirs) are not a person's: the script sets up each
    # launch itself.
    for name in ('DBUS_SESSION_BUS_ADDRESS', 'GSETTINGS_BACKEND', 'GSK_RENDERER', 'GDK_DEBUG',
                 'GDK_DISABLE', 'G_DEBUG', 'XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_CACHE_HOME',
                 'XDG_STATE_HOME', 'DISPLAY'):
        full.pop(name, None)
    # The session bus the script starts activates services (the portals,
    # dconf) that write under HOME: give them a home of their own.
    with tempfile.TemporaryDirectory(prefix='xq-bench-home-') as home:
        full['HOME'] = home
        full.update(env)
        return subprocess.run(['bash', script, build], env=full, capture_output=True,
                              text=True, timeout=240)


failures = []

for env, reason in (({'SIZE': '1000'}, 'a size is WIDTHxHEIGHT, not 1000'),
                    ({'SIZE': '0x640'}, 'a size is WIDTHxHEIGHT, not 0x640'),
                    ({'SIZE': '800x600', 'OURS_SIZE': '700x550'}, 'give SIZE or OURS_SIZE, not both'),
                    ({'ANCHOR': 'kwrite'}, 'ANCHOR must be gnome-chess or empty, not kwrite')):
    r = run(**env)
    if r.returncode != 1 or reason not in r.stderr:
        failures.append(f'{env}: exit {r.returncode}, stderr {r.stderr!r}; wanted 1 and {reason!r}')

r = run(RUNS='1', ANCHOR='empty', OURS_SIZE='700x550')
out = r.stdout
if r.returncode != 0:
    failures.append(f'one launch each: exit {r.returncode}\n{r.stdout}\n{r.stderr}')
else:
    if 'anchor empty-window; ours at 700x550' not in out:
        failures.append('the first line does not name the anchor and our size:\n' + out)
    for name in ('xiangqi-tutor', 'empty-window'):
        m = re.search(r'^%s +first frame +(\d+) ms +CPU by then +(\d+) ms +RSS at 2 s +(\d+) KiB' % name,
                      out, re.M)
        if not m:
            failures.append(f'no figures for {name}:\n{out}')
        elif int(m.group(1)) <= 0 or int(m.group(3)) < 10000:
            failures.append(f'{name}: first frame {m.group(1)} ms, RSS {m.group(3)} KiB is not a launch')
    if not re.search(r'^ratio xiangqi-tutor / empty-window: first frame \d+\.\d\d, CPU \d+\.\d\d, '
                     r'RSS at 2 s \d+\.\d\d', out, re.M):
        failures.append('no ratio line:\n' + out)
    if not re.search(r'^paired ratios, median of 1: first frame \d+\.\d\d', out, re.M):
        failures.append('no paired ratios:\n' + out)
    if out.count('at rest after settling') != 2:
        failures.append('no "at rest" figure for each program:\n' + out)

for f in failures:
    print('FAIL:', f)
sys.exit(1 if failures else 0)
