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

Usage: gen-game-mates.py [--engine PATH] [--xqtool PATH] [--nodes N]
                         [--plies P] [--min-pieces K] [--max M] [--time S] LADDER-LOG...
"""
import argparse
import os
import re
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

    def fen_after(self, moves):
        self.send('position fen %s moves %s' % (START, ' '.join(uci_move(m) for m in moves))
                  if moves else 'position fen %s' % START)
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


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('logs', nargs='+', help='ladder logs, or with --expand "FEN | mate N" files')
    ap.add_argument('--expand', action='store_true',
                    help='read mined "FEN | mate N" lines instead of games, and print the '
                         'side lines (--replies) of each')
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

    fairy = Fairy(args.engine)
    ours = subprocess.Popen([args.xqtool, 'bench', 'solve', '-', '--runs', '1', '--solve-only',
                             '--time', str(args.time)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    seen = set()
    games = wins = candidates = kept = too_deep = outside = side_lines = 0
    for path in args.logs:
        with open(path, encoding='utf-8') as f:
            for line in f:
                if args.expand:
                    e = re.match(r'^(\S+ [wb] - - \d+ \d+) \| mate (\d+)', line)
                    if e is None:
                        continue
                    seen.add(e.group(1).split()[0])
                    n = int(e.group(2))
                    answer = None
                    if n - 1 >= args.min:
                        ours.stdin.write('%s | mate %d\n' % (e.group(1), n))
                        ours.stdin.flush()
                        answer = ANSWER.search(ours.stdout.readline().rstrip('\n'))
                    if answer is None or not answer.group(1).startswith('mate %d ' % n):
                        continue
                    after_key = fairy.after(e.group(1), [uci_move(answer.group(1).split()[2])])
                    for r in fairy.legal(after_key)[:args.replies]:
                        qfen = fairy.after(after_key, [r])
                        if qfen.split()[0] in seen or pieces(qfen) < args.min_pieces:
                            continue
                        seen.add(qfen.split()[0])
                        ours.stdin.write('%s | mate %d\n' % (qfen, n - 1))
                        ours.stdin.flush()
                        a = ANSWER.search(ours.stdout.readline().rstrip('\n'))
                        if a is None or not a.group(1).startswith('mate '):
                            too_deep += a is not None and a.group(1) == 'too-deep'
                            continue
                        k = int(a.group(1).split()[1])
                        if k < args.min:
                            outside += 1
                            continue
                        kept += 1
                        side_lines += 1
                        print('%s | mate %d' % (qfen, k), flush=True)
                    continue
                m = GAME.match(line)
                if m is None:
                    continue
                games += 1
                moves = (OPENINGS[((int(m.group(1)) - 1) // 2) % len(OPENINGS)].split() +
                         m.group(2).split())
                winner = m.group(3)
                if winner not in ('red', 'black'):
                    continue
                wins += 1
                win_side = 'w' if winner == 'red' else 'b'
                # From the end backwards, the winner's positions only, until
                # two in a row show no mate: the forced win is the game's end.
                misses = 0
                last = len(moves) - 1 if (len(moves) - 1) % 2 == (0 if win_side == 'w' else 1) \
                    else len(moves) - 2
                for ply in range(last, max(-1, len(moves) - 1 - args.plies), -2):
                    fen = fairy.fen_after(moves[:ply])
                    if fen.split()[1] != win_side:
                        sys.exit('%s: game %s does not replay' % (path, m.group(1)))
                    if pieces(fen) < args.min_pieces:
                        continue
                    mate = fairy.mate_score(fen, args.nodes)
                    if mate is None or mate <= 0:
                        misses += 1
                        if misses >= 2:
                            break
                        continue
                    misses = 0
                    if mate < args.min or mate > args.max or fen.split()[0] in seen:
                        continue
                    seen.add(fen.split()[0])
                    candidates += 1
                    queue = [(fen, mate, True)]
                    while queue:
                        qfen, bound, in_game = queue.pop(0)
                        if not in_game:
                            if qfen.split()[0] in seen or pieces(qfen) < args.min_pieces:
                                continue
                            seen.add(qfen.split()[0])
                        ours.stdin.write('%s | mate %d\n' % (qfen, bound))
                        ours.stdin.flush()
                        a = ANSWER.search(ours.stdout.readline().rstrip('\n'))
                        if a is None:
                            sys.exit('xqtool bench solve: unexpected answer')
                        if a.group(1) == 'too-deep':
                            too_deep += 1
                            continue
                        if not a.group(1).startswith('mate '):
                            outside += 1
                            continue
                        answer = a.group(1).split()
                        n = int(answer[1])
                        if n < args.min:
                            outside += 1
                            continue
                        kept += 1
                        if not in_game:
                            side_lines += 1
                        print('%s | mate %d' % (qfen, n), flush=True)
                        if in_game and args.replies > 0 and n - 1 >= args.min:
                            after_key = fairy.after(qfen, [uci_move(answer[2])])
                            for r in fairy.legal(after_key)[:args.replies]:
                                queue.append((fairy.after(after_key, [r]), n - 1, False))
    ours.stdin.close()
    ours.wait()
    fairy.send('quit')
    print('%d games, %d won, %d candidates (fairy-stockfish, %d nodes), %d kept '
          '(%d of them side lines), %d too deep for %.0f s, %d outside %d-%d' %
          (games, wins, candidates, args.nodes, kept, side_lines, too_deep, args.time, outside,
           args.min, args.max), file=sys.stderr)


if __name__ == '__main__':
    main()
