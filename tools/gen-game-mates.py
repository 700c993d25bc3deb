#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Mines game-like mates from the computer's own games, for the solver's
benchmark (docs/solver.md, "Game-like mates").

Input: the move lists that `xqtool bench ladder --verbose` prints, one
"game N ...: MOVE MOVE ... -> RESULT" line a game (the engine against
itself at neighbouring levels, from seeded openings).  For every game that
ends in a win, the last --plies positions with the winner to move are
looked at from the end backwards (until two in a row show no mate), as
puzzle sites mine their puzzles from real games:
  1. at least --min-pieces pieces on the board;
  2. fairy-stockfish (`go nodes N`) sees a mate in 3 to --max moves for
     the side to move: a candidate, with that distance as the bound;
  3. this program's exact solver, without budget (`xqtool bench solve -
     --solve-only`, --time caps one proof), proves the exact distance,
     which must be 3 to --max.
Prints "FEN | mate N" lines, deduplicated, in game order; a summary goes to
standard error.  Every line is a position reached in a played game, or,
with --replies R, one of its side lines: after the game position's first
key move, each of the defender's first R legal replies (the position the
game would have reached had the loser defended otherwise).  --expand reads
mined lines and adds only their side lines.

--records reads game records instead (PGN, XQF, CBL, ... any file `xqtool
read` reads, the program's one door for game files): the decisive ones
(Result 1-0 or 0-1) are walked back from their last move the same way, from
the record's own start position; --sources names a file that gets one
"BOARD<TAB>file, record, ply" line for each position printed, and
--unproved one for each game position the solver could not prove within
--time.

Usage: gen-game-mates.py [--engine PATH] [--xqtool PATH] [--nodes N]
                         [--plies P] [--min-pieces K] [--max M] [--time S] LADDER-LOG...
       gen-game-mates.py --records [--list FILE] [--strip PREFIX] [--sources FILE]
                         [--unproved FILE] [options] GAME-FILE...
"""
import argparse
import json
import os
import re
import signal
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
GAME = re.compile(r'^game (\d+) .*?\):((?: [a-i]\d[a-i]\d)+) -> (\S+) (\S+)')
# The ladder's openings (src/cli/xqtool-ladder.c), in its order: game g
# (from 1) starts with openings[((g - 1) // 2) % 10], which its log omits.
OPENINGS = ['h2e2 h9g7', 'h2e2 h7e7', 'h2e2 b7e7', 'c3c4 g6g5', 'b0c2 h9g7', 'c0e2 h7e7',
            'h2f2 h9g7', 'g3g4 c6c5', 'b2d2 b9c7', 'h0g2 h7e7 i0h0 h9g7']
START = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1'
ANSWER = re.compile(r'\s(mate \d+(?: \S{4})*|none|too-deep)\s+(\S+/\S+ [wb] - - \d+ \d+)$')


def uci_move(iccs):
    """ICCS ranks count from 0, fairy-stockfish's from 1."""
    return '%s%d%s%d' % (iccs[0], int(iccs[1]) + 1, iccs[2], int(iccs[3]) + 1)


class Fairy:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send('uci')
        self.wait('uciok')
        self.send('setoption name UCI_Variant value xiangqi')
        self.send('setoption name Threads value 1')
        self.send('setoption name Hash value 64')
        self.send('isready')
        self.wait('readyok')

    def send(self, cmd):
        self.p.stdin.write(cmd + '\n')
        self.p.stdin.flush()

    def wait(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError('fairy-stockfish stopped')
            lines.append(line.rstrip('\n'))
            if line.startswith(prefix):
                return lines

    def fen_after(self, moves, start=START):
        self.send('position fen %s moves %s' % (start, ' '.join(uci_move(m) for m in moves))
                  if moves else 'position fen %s' % start)
        self.send('d')
        for line in self.wait('Checkers'):
            if line.startswith('Fen: '):
                fen = line[5:].split()
                # Our FEN: board, side, "- -", halfmove, fullmove.
                return '%s %s - - 0 1' % (fen[0], fen[1])
        raise RuntimeError('fairy-stockfish: no Fen line')

    def after(self, fen, uci_moves):
        self.send('position fen %s moves %s' % (fen, ' '.join(uci_moves)))
        self.send('d')
        for line in self.wait('Checkers'):
            if line.startswith('Fen: '):
                f = line[5:].split()
                return '%s %s - - 0 1' % (f[0], f[1])
        raise RuntimeError('fairy-stockfish: no Fen line')

    def legal(self, fen):
        """The legal moves, in fairy-stockfish's notation."""
        self.send('position fen %s' % fen)
        self.send('go perft 1')
        return [line.split(':')[0] for line in self.wait('Nodes searched')
                if re.match(r'^[a-i]\d+[a-i]\d+: ', line)]

    def mate_score(self, fen, nodes):
        self.send('ucinewgame')
        self.send('position fen %s' % fen)
        self.send('go nodes %d' % nodes)
        mate = None
        for line in self.wait('bestmove'):
            m = re.search(r' score mate (-?\d+)', line)
            if m and ' upperbound' not in line and ' lowerbound' not in line:
                mate = int(m.group(1))
        return mate


def pieces(fen):
    return sum(c.isalpha() for c in fen.split()[0])


class Miner:
    """Walks won games back from their end and proves the mates found."""

    def __init__(self, args):
        self.args = args
        self.fairy = Fairy(args.engine)
        self.ours = subprocess.Popen([args.xqtool, 'bench', 'solve', '-', '--runs', '1',
                                      '--solve-only', '--time', str(args.time)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                     bufsize=1)
        self.out = open(args.sources, 'a', encoding='utf-8') if args.sources else None
        self.unproved = open(args.unproved, 'a', encoding='utf-8') if args.unproved else None
        self.seen = set()
        self.games = self.wins = self.candidates = self.kept = 0
        self.too_deep = self.outside = self.side_lines = 0
        self.last = None   # the game walked last

    def prove(self, fen, bound):
        self.ours.stdin.write('%s | mate %d\n' % (fen, bound))
        self.ours.stdin.flush()
        a = ANSWER.search(self.ours.stdout.readline().rstrip('\n'))
        if a is None:
            sys.exit('xqtool bench solve: unexpected answer')
        return a.group(1)

    def emit(self, fen, n, source):
        self.kept += 1
        print('%s | mate %d' % (fen, n), flush=True)
        if self.out is not None:
            self.out.write('%s\t%s\n' % (fen.split()[0], source))
            self.out.flush()

    def expand(self, fen, n, source):
        """The side lines of a proved mate in n: after its first key, each of the
        defender's first --replies replies."""
        args = self.args
        answer = None
        if n - 1 >= args.min:
            answer = self.prove(fen, n)
        if answer is None or not answer.startswith('mate %d ' % n):
            return
        after_key = self.fairy.after(fen, [uci_move(answer.split()[2])])
        for r in self.fairy.legal(after_key)[:args.replies]:
            qfen = self.fairy.after(after_key, [r])
            if qfen.split()[0] in self.seen or pieces(qfen) < args.min_pieces:
                continue
            self.seen.add(qfen.split()[0])
            a = self.prove(qfen, n - 1)
            if not a.startswith('mate '):
                self.too_deep += a == 'too-deep'
                continue
            k = int(a.split()[1])
            if k < args.min:
                self.outside += 1
                continue
            self.side_lines += 1
            self.emit(qfen, k, '%s, side line %s %s' % (source, answer.split()[2], r))

    def game(self, start, moves, win_side, source):
        """From the end backwards, the winner's positions only, until two in a
        row show no mate: the forced win is the game's end."""
        args = self.args
        fairy = self.fairy
        self.games += 1
        self.last = source
        if win_side is None:
            return
        self.wins += 1
        first = 'w' if start.split()[1] == 'w' else 'b'
        # The side to move after p plies is first when p is even.
        parity = 0 if win_side == first else 1
        last = len(moves) if len(moves) % 2 == parity else len(moves) - 1
        misses = 0
        for ply in range(last, max(-1, len(moves) - args.plies), -2):
            fen = fairy.fen_after(moves[:ply], start)
            if fen.split()[1] != win_side:
                sys.exit('%s does not replay' % source)
            if pieces(fen) < args.min_pieces:
                continue
            mate = fairy.mate_score(fen, args.nodes)
            if mate is None or mate <= 0:
                misses += 1
                if misses >= 2:
                    break
                continue
            misses = 0
            if mate < args.min or mate > args.max or fen.split()[0] in self.seen:
                continue
            self.seen.add(fen.split()[0])
            self.candidates += 1
            queue = [(fen, mate, True, '%s, ply %d' % (source, ply))]
            while queue:
                qfen, bound, in_game, where = queue.pop(0)
                if not in_game:
                    if qfen.split()[0] in self.seen or pieces(qfen) < args.min_pieces:
                        continue
                    self.seen.add(qfen.split()[0])
                a = self.prove(qfen, bound)
                if a == 'too-deep':
                    self.too_deep += 1
                    if self.unproved is not None and in_game:
                        self.unproved.write('%s | mate %d\n' % (qfen, bound))
                        self.unproved.flush()
                    continue
                if not a.startswith('mate '):
                    self.outside += 1
                    continue
                answer = a.split()
                n = int(answer[1])
                if n < args.min:
                    self.outside += 1
                    continue
                if not in_game:
                    self.side_lines += 1
                self.emit(qfen, n, where)
                if in_game and args.replies > 0 and n - 1 >= args.min:
                    after_key = fairy.after(qfen, [uci_move(answer[2])])
                    for r in fairy.legal(after_key)[:args.replies]:
                        queue.append((fairy.after(after_key, [r]), n - 1, False,
                                      '%s, side line %s %s' % (where, answer[2], r)))

    def close(self):
        self.ours.stdin.close()
        self.ours.wait()
        self.fairy.send('quit')
        self.fairy.p.wait()   # so its CPU time counts in the caller's (time, getrusage)
        for f in (self.out, self.unproved):
            if f is not None:
                f.close()


def ladder_games(path):
    """(start, moves, winner side or None, source) of each game of a ladder log."""
    with open(path, encoding='utf-8') as f:
        for line in f:
            m = GAME.match(line)
            if m is None:
                continue
            moves = (OPENINGS[((int(m.group(1)) - 1) // 2) % len(OPENINGS)].split() +
                     m.group(2).split())
            winner = {'red': 'w', 'black': 'b'}.get(m.group(3))
            yield START, moves, winner, '%s game %s' % (path, m.group(1))


def record_games(xqtool, paths, strip):
    """The same from game records (PGN, XQF, CBL, ...), read by `xqtool read
    --json`, the program's one door for game files; a batch of files a call."""
    for i in range(0, len(paths), 200):
        batch = paths[i:i + 200]
        proc = subprocess.run([xqtool, 'read', '--json'] + batch, stdout=subprocess.PIPE,
                              text=True)
        for line in proc.stdout.splitlines():
            try:
                rec = json.loads(line)
            except ValueError:
                continue
            if 'moves' not in rec or 'fen' not in rec:
                continue
            winner = {'1-0': 'w', '0-1': 'b'}.get(rec.get('result'))
            name = rec['file'][len(strip):] if strip and rec['file'].startswith(strip) \
                else rec['file']
            yield (rec['fen'], rec['moves'], winner,
                   '%s record %s' % (name, rec.get('record', 1)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('logs', nargs='*', help='ladder logs, or with --expand "FEN | mate N" '
                    'files, or with --records game files')
    ap.add_argument('--expand', action='store_true',
                    help='read mined "FEN | mate N" lines instead of games, and print the '
                         'side lines (--replies) of each')
    ap.add_argument('--records', action='store_true',
                    help='read game records (PGN, XQF, CBL, ... through `xqtool read`) '
                         'instead of ladder logs; decisive games only (their Result)')
    ap.add_argument('--list', help='with --records: a file naming one game file a line')
    ap.add_argument('--strip', default='', help='path prefix left out of the sources')
    ap.add_argument('--sources', help='append "BOARD<TAB>where it was found" lines here')
    ap.add_argument('--unproved', help='append the game positions fairy-stockfish sees '
                    'a mate in and this solver cannot prove within --time here, as '
                    '"FEN | mate N" with fairy-stockfish\'s N (a bound, not proved)')
    ap.add_argument('--engine', default='/usr/games/fairy-stockfish')
    ap.add_argument('--xqtool', default=os.path.join(ROOT, 'build', 'src', 'cli', 'xqtool'))
    ap.add_argument('--nodes', type=int, default=20000)
    ap.add_argument('--plies', type=int, default=60)
    ap.add_argument('--min-pieces', type=int, default=10)
    ap.add_argument('--min', type=int, default=3)
    ap.add_argument('--max', type=int, default=15)
    ap.add_argument('--time', type=float, default=60.0, help='CPU seconds per exact proof')
    ap.add_argument('--replies', type=int, default=0,
                    help='also each position after the first key and up to R of the '
                         'defender\'s replies (the game\'s side lines)')
    args = ap.parse_args()

    miner = Miner(args)
    # A run stopped by SIGTERM (its time is up) still says how far it got,
    # and waits for its engines, so their CPU counts in its own.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        walk(args, miner)
    finally:
        miner.close()
        print('%d games, %d won, %d candidates (fairy-stockfish, %d nodes), %d kept '
              '(%d of them side lines), %d too deep for %.0f s, %d outside %d-%d%s' %
              (miner.games, miner.wins, miner.candidates, args.nodes, miner.kept,
               miner.side_lines, miner.too_deep, args.time, miner.outside, args.min, args.max,
               '; last: %s' % miner.last if miner.last else ''),
              file=sys.stderr, flush=True)


def walk(args, miner):
    if args.expand:
        for path in args.logs:
            with open(path, encoding='utf-8') as f:
                for number, line in enumerate(f, 1):
                    e = re.match(r'^(\S+ [wb] - - \d+ \d+) \| mate (\d+)', line)
                    if e is not None:
                        miner.seen.add(e.group(1).split()[0])
                        miner.expand(e.group(1), int(e.group(2)), '%s:%d' % (path, number))
    elif args.records:
        paths = list(args.logs)
        if args.list:
            with open(args.list, encoding='utf-8') as f:
                paths += [line.rstrip('\n') for line in f if line.strip()]
        for start, moves, winner, source in record_games(args.xqtool, paths, args.strip):
            miner.game(start, moves, winner, source)
    else:
        for path in args.logs:
            for start, moves, winner, source in ladder_games(path):
                miner.game(start, moves, winner, source)


if __name__ == '__main__':
    main()
