#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Times this program's exact mate solver and fairy-stockfish on the same
positions, side by side in one run, and checks both answers.

For each FILE of "FEN | mate N [| keys...]" lines (tools/puzzles.bench,
tools/mate-sample.fen), position by position, taking turns:
  1. `xqtool bench solve - --runs 1 --solve-only` proves the position
     (the exact distance and every key, from an empty table) and reports
     its CPU time and nodes;
  2. fairy-stockfish (UCI, UCI_Variant xiangqi, one thread) gets
     `position fen F` and `go mate D` with D the distance our solver
     proved, and its CPU time (from /proc) and wall time are measured;
  3. both are checked: our answer against the distance (and keys) written
     in the file, and fairy-stockfish's reported `score mate M` against
     our distance.  `--reference XQTOOL` also runs another xqtool build
     (the solver before a change) over the same file and demands the very
     same answers, key for key.

With --one-key ours answers fairy-stockfish's own question: the minimal
distance (proved) and ONE key (`bench solve --one-key`), without proving
which other first moves win.  Our key must be among the file's keys (when
it lists them) and the reference's (which runs in the all-keys mode), and
fairy-stockfish's best move, when it reports the right distance, is
checked by our solver (`xqtool solve FEN --move M --max D`, not timed).

With --within ours answers exactly what fairy-stockfish is asked: a forced
mate within D (the file's distance, proved minimal when the file was made)
and ONE key (`bench solve --within`: the proof-number search at D, without
proving that no shorter mate exists, which fairy-stockfish does not prove
either).  The length of the win ours proves must still equal the file's
distance, and our key must be among the file's keys.

With --bound the file's distances are upper bounds (as in
tools/game-mates-unproved.fen): an answer of ours is right when it is at
most the bound; "too-deep" (out of --our-time) and "none" (proved: no
mate within the bound; fairy-stockfish's mate scores also count wins by
its repetition rules, such as a defender's perpetual check) are counted
apart, and
--proved FILE gets every position proved, as "FEN | mate D".

Per distance, the summary gives the positions, both CPU totals and how
many proofs of ours stayed within the app's default bounds (at most
XQ_SOLVER_BUDGET work units and 2 s of CPU), read from the same run.

CPU time is the measure: the machine may be shared, and a process's CPU
time does not count the time it waited.  Wall times are printed beside it.
Exit status 1 when any answer of ours differs from the file or from the
reference.  fairy-stockfish is optional (--engine none skips it); no test
needs it.

Usage: compare-solvers.py [--xqtool PATH] [--engine PATH|none] [--reference PATH]
                          [--one-key | --within] [--bound] [--our-time S] [--proved FILE]
                          [--timeout S] [--verbose] FILE...
"""
import argparse
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TICK = os.sysconf('SC_CLK_TCK')
# The app's default bounds (src/core/xq-solver.h): XQ_SOLVER_BUDGET, XQ_SOLVER_TIME_LIMIT.
DEFAULT_BUDGET = 256000000
DEFAULT_CPU_MS = 2000.0
LINE = re.compile(r'^\s*([0-9.]+) ms\s+([0-9.]+) cpu-ms\s+(\d+) nodes\s+(\d+) work\s+'
                  r'(mate \d+(?: \S{4})*|none|too-deep)\s+(\S+/\S+ [wb] - - \d+ \d+)$')


def read_file(path):
    """[(fen, distance, keys or None)] in file order."""
    rows = []
    with open(path, encoding='utf-8') as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith('#'):
                continue
            fields = [x.strip() for x in line.split('|')]
            m = re.match(r'mate (\d+)$', fields[1]) if len(fields) > 1 else None
            if m is None:
                sys.exit('%s:%d: expected "FEN | mate N [| keys]"' % (path, number))
            keys = fields[2].split() if len(fields) > 2 and fields[2] else None
            rows.append((fields[0], int(m.group(1)), keys))
    return rows


class Ours:
    """`xqtool bench solve -`: one position at a time, so that it takes turns
    with fairy-stockfish and both meet the same load on the machine."""

    def __init__(self, xqtool, one_key=False, seconds=None, within=False):
        cmd = [xqtool, 'bench', 'solve', '-', '--runs', '1', '--solve-only']
        if within:
            cmd.append('--within')
        elif one_key:
            cmd.append('--one-key')
        if seconds is not None:
            cmd += ['--time', str(seconds)]
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)

    def solve(self, fen, n):
        """(answer, cpu ms, wall ms, nodes, work)."""
        self.proc.stdin.write('%s | mate %d\n' % (fen, n))
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        m = LINE.match(line)
        if m is None or m.group(6) != fen:
            raise RuntimeError('xqtool bench solve: unexpected answer %r' % line)
        return m.group(5), float(m.group(2)), float(m.group(1)), int(m.group(3)), int(m.group(4))

    def close(self):
        self.proc.stdin.close()
        self.proc.stdout.read()
        self.proc.wait()


def run_ours(xqtool, path):
    """{fen: (answer, cpu ms, wall ms, nodes)} and the bench's summary lines."""
    out = subprocess.run([xqtool, 'bench', 'solve', path, '--runs', '1', '--solve-only'],
                         capture_output=True, text=True, check=True).stdout
    answers = {}
    for line in out.splitlines():
        m = LINE.match(line)
        if m:
            answers[m.group(6)] = (m.group(5), float(m.group(2)), float(m.group(1)),
                                   int(m.group(3)))
    return answers


class Engine:
    def __init__(self, path):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.send('uci')
        self.wait_for('uciok')
        self.send('setoption name UCI_Variant value xiangqi')
        self.send('setoption name Threads value 1')
        self.send('isready')
        self.wait_for('readyok')

    def send(self, cmd):
        self.proc.stdin.write(cmd + '\n')
        self.proc.stdin.flush()

    def wait_for(self, prefix, deadline=None):
        lines = []
        while True:
            if deadline is not None and time.monotonic() > deadline:
                self.send('stop')
                deadline = None
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError('fairy-stockfish stopped')
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def cpu_ms(self):
        with open('/proc/%d/stat' % self.proc.pid) as f:
            fields = f.read().rsplit(')', 1)[1].split()
        return (int(fields[11]) + int(fields[12])) * 1000.0 / TICK

    def mate(self, fen, n, timeout):
        """(reported mate distance or None, cpu ms, wall ms, best move)."""
        self.send('ucinewgame')
        self.send('position fen ' + fen)
        self.send('isready')
        self.wait_for('readyok')
        cpu0 = self.cpu_ms()
        start = time.monotonic()
        self.send('go mate %d' % n)
        # The deadline is checked between output lines; a search that is
        # silent past it is stopped at its next line.
        lines = self.wait_for('bestmove', start + timeout)
        wall = (time.monotonic() - start) * 1000.0
        cpu = self.cpu_ms() - cpu0
        scores = [l for l in lines if ' score mate ' in l]
        found = int(scores[-1].split(' score mate ')[1].split()[0]) if scores else None
        best = lines[-1].split()[1] if len(lines[-1].split()) > 1 else None
        # fairy-stockfish numbers the ranks 1-10, ICCS 0-9.
        m = re.match(r'^([a-i])(\d+)([a-i])(\d+)$', best or '')
        best = '%s%d%s%d' % (m.group(1), int(m.group(2)) - 1, m.group(3),
                             int(m.group(4)) - 1) if m else None
        return found, cpu, wall, best

    def close(self):
        self.send('quit')
        self.proc.wait()


def move_wins(xqtool, fen, move, n, seconds):
    """Does `move` force the win within n moves, by our solver (no work
    budget, `seconds` of CPU)?  True, False, or None when out of time."""
    out = subprocess.run([xqtool, 'solve', fen, '--move', move, '--max', str(n),
                          '--budget', '0', '--time', str(seconds)],
                         capture_output=True, text=True).stdout.strip()
    return None if out == 'too-deep' else out.startswith('wins ')


def compare(path, args, engine):
    rows = read_file(path)
    reference = run_ours(args.reference, path) if args.reference else None
    solver = Ours(args.xqtool, args.one_key, args.our_time, args.within)
    bad = ref_bad = fsf_wrong = fsf_capped = too_deep = no_mate = 0
    fsf_moves = fsf_moves_bad = fsf_moves_unchecked = 0
    our_cpu = our_wall = fsf_cpu = fsf_wall = 0.0
    nodes = 0
    slowest = (0.0, '')
    fsf_slowest = (0.0, '')
    # distance: [positions, our cpu, fsf cpu, within the default bounds]
    by_distance = {}
    proved = []
    for fen, n, keys in rows:
        answer, cpu, wall, nd, work = solver.solve(fen, n)
        words = answer.split()
        mate = int(words[1]) if len(words) >= 2 and words[0] == 'mate' else None
        if args.bound and answer == 'too-deep':
            too_deep += 1
            ok = True
        elif args.bound and answer == 'none':
            # Proved: no mate within the bound.  fairy-stockfish's score also
            # counts wins by its repetition rules (a defender's perpetual
            # check loses there), which are no mate.
            no_mate += 1
            ok = True
        elif args.bound:
            ok = mate is not None and mate <= n
        else:
            ok = mate == n
        if ok and mate is not None and keys is not None:
            ok = all(k in keys for k in words[2:]) if args.one_key else \
                sorted(words[2:]) == sorted(keys)
        if not ok:
            bad += 1
            print('DIFF ours: %s, file: mate %d %s  %s' % (answer, n, ' '.join(keys or []), fen))
        if reference is not None:
            ref = reference.get(fen, ('missing',))[0]
            if args.one_key:
                rw = ref.split()
                same = rw[:2] == words[:2] and all(k in rw[2:] for k in words[2:])
            else:
                same = ref == answer
            if not same:
                ref_bad += 1
                print('DIFF reference: %s, ours: %s  %s' % (ref, answer, fen))
        if mate is not None and args.bound:
            proved.append('%s | mate %d' % (fen, mate))
        our_cpu += cpu
        our_wall += wall
        nodes += nd
        slowest = max(slowest, (cpu, fen))
        # Unproved positions are counted apart, under their bound + 100.
        row = by_distance.setdefault(mate if mate is not None else 100 + n, [0, 0.0, 0.0, 0])
        row[0] += 1
        row[1] += cpu
        row[3] += mate is not None and work <= DEFAULT_BUDGET and cpu <= DEFAULT_CPU_MS
        line = '%9.2f cpu-ms %9.2f ms ours  %-20s' % (cpu, wall, ' '.join(words[:3]))
        if engine is not None:
            distance = mate if mate is not None else n
            found, fcpu, fwall, best = engine.mate(fen, distance, args.timeout)
            fsf_cpu += fcpu
            fsf_wall += fwall
            row[2] += fcpu
            fsf_slowest = max(fsf_slowest, (fwall, fen))
            wrong = found != distance
            fsf_wrong += wrong
            fsf_capped += fwall >= args.timeout * 1000.0
            note = ''
            if args.one_key and not wrong and mate is not None and best is not None:
                # fairy-stockfish's move, checked by our solver (not timed).
                fsf_moves += 1
                wins = move_wins(args.xqtool, fen, best, distance, args.check_time)
                if wins is None:
                    fsf_moves_unchecked += 1
                    note = ' MOVE %s UNCHECKED' % best
                elif not wins:
                    fsf_moves_bad += 1
                    note = ' MOVE %s FAILS' % best
                    print('fairy-stockfish move %s does not win within %d: %s' % (best, distance, fen))
            line += '  %9.2f cpu-ms %9.2f ms fsf  %-8s' % (
                fcpu, fwall, ('mate %s' % found if found is not None else 'no mate') +
                (' WRONG' if wrong else '') + note)
        if args.verbose:
            print(line + '  ' + fen)
        sys.stdout.flush()
    solver.close()
    count = len(rows)
    print('== %s: %d positions%s' % (os.path.relpath(path, ROOT), count,
                                     ', a mate within the distance and one key' if args.within
                                     else ', one key' if args.one_key else ', every key'))
    if reference is not None:
        ref_cpu = sum(v[1] for v in reference.values())
        ref_nodes = sum(v[3] for v in reference.values())
        ref_slowest = max((v[1], fen) for fen, v in reference.items())
        print('reference: cpu %.0f ms (wall %.0f ms), %d nodes, %.0f nodes/s, slowest proof %.1f cpu-ms (%s)'
              % (ref_cpu, sum(v[2] for v in reference.values()), ref_nodes,
                 ref_nodes / max(ref_cpu / 1000.0, 1e-9), ref_slowest[0], ref_slowest[1]))
    print('ours: cpu %.0f ms (wall %.0f ms), %d nodes, %.0f nodes/s, slowest proof %.1f cpu-ms (%s); '
          '%d answers differ from the file%s%s'
          % (our_cpu, our_wall, nodes, nodes / max(our_cpu / 1000.0, 1e-9), slowest[0], slowest[1],
             bad, '' if reference is None else ', %d from the reference build' % ref_bad,
             ', %d too-deep, %d proved to have no mate within the bound' % (too_deep, no_mate)
             if args.bound else ''))
    if engine is not None:
        print('fairy-stockfish: cpu %.0f ms (wall %.0f ms), slowest %.1f ms wall (%s); '
              'distance wrong on %d of %d (%d stopped at %.0f s)'
              % (fsf_cpu, fsf_wall, fsf_slowest[0], fsf_slowest[1], fsf_wrong, count, fsf_capped,
                 args.timeout))
        if args.one_key:
            print('fairy-stockfish moves checked by our solver: %d, %d do not win in the distance, '
                  '%d too deep to check in %g s' % (fsf_moves, fsf_moves_bad, fsf_moves_unchecked,
                                                    args.check_time))
        print('ratio fairy-stockfish / ours: cpu %.2f, wall %.2f'
              % (fsf_cpu / max(our_cpu, 1e-9), fsf_wall / max(our_wall, 1e-9)))
    print('by distance: mate N, positions, cpu ours ms, cpu fairy-stockfish ms, '
          'ours within the default bounds')
    for d in sorted(by_distance):
        c, oc, fc, within = by_distance[d]
        print('  %-22s  %4d  %10.0f  %10.0f  %4d (%.1f%%)'
              % ('mate %d' % d if d < 100 else 'unproved, bound %d' % (d - 100), c, oc, fc,
                 within, 100.0 * within / c))
    within = sum(v[3] for v in by_distance.values())
    print('  %-22s  %4d  %10.0f  %10.0f  %4d (%.1f%%)' % ('all', count, our_cpu, fsf_cpu, within,
                                                          100.0 * within / max(count, 1)))
    if args.proved:
        with open(args.proved, 'a', encoding='utf-8') as f:
            for p in proved:
                f.write(p + '\n')
    sys.stdout.flush()
    return bad + ref_bad + fsf_moves_bad


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('files', nargs='+', metavar='FILE')
    ap.add_argument('--xqtool', default=os.path.join(ROOT, 'build', 'src', 'cli', 'xqtool'))
    ap.add_argument('--engine', default='/usr/games/fairy-stockfish')
    ap.add_argument('--reference', metavar='XQTOOL',
                    help='another xqtool build whose answers must be the same')
    ap.add_argument('--one-key', action='store_true',
                    help='ours answers the distance and one key (bench solve --one-key)')
    ap.add_argument('--within', action='store_true',
                    help="ours answers fairy-stockfish's question: a mate within the file's "
                         'distance and one key (bench solve --within); implies --one-key checks')
    ap.add_argument('--bound', action='store_true',
                    help="the file's distances are upper bounds, not exact")
    ap.add_argument('--our-time', type=float, metavar='S',
                    help='CPU seconds each proof of ours may take (default: no limit)')
    ap.add_argument('--proved', metavar='FILE',
                    help='with --bound: write every position proved here, as "FEN | mate D"')
    ap.add_argument('--check-time', type=float, default=60.0, metavar='S',
                    help="with --one-key: CPU seconds our check of fairy-stockfish's move "
                         'may take (default 60)')
    ap.add_argument('--timeout', type=float, default=10.0,
                    help='seconds after which fairy-stockfish is stopped (default 10)')
    ap.add_argument('--verbose', action='store_true', help='one line per position')
    args = ap.parse_args()
    if args.within:
        # The same checks as --one-key: one key, among the file's keys.
        args.one_key = True
    engine = None if args.engine == 'none' else Engine(args.engine)
    failures = 0
    try:
        for path in args.files:
            failures += compare(path, args, engine)
    finally:
        if engine is not None:
            engine.close()
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
