#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Regenerate the puzzle packs in lessons/puzzles/ from fixed seeds.

Every puzzle comes from `xqtool puzzle-mine`, which places the pieces of a
kill-book setting at random (seeded), keeps positions whose win in exactly K
moves has one key move and uses every attacking piece, plays the main line
and names the kill patterns it shows (src/core/xq-patterns.c).  Each chosen
puzzle is then proved once more with `xqtool solve` (mate exactly K, the same
single key) before it is written.  The same xqtool binary and this file give
the same packs.

Also writes po/extra/puzzles.{zh_CN,zh_TW}.po (translations of every puzzle
string) and a bench file for `xqtool bench solve`.

Usage: gen-puzzles.py [--xqtool PATH] [--jobs N] [--cache DIR] [--bench FILE]
       gen-puzzles.py --compare-fsf [ENGINE] [--bench FILE]
After a run, also run tools/lesson-strings.py.
"""
import argparse
import concurrent.futures
import hashlib
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# id: (English, 繁體, 简体, [(title, zh_TW, zh_CN)...], (hint, zh_TW, zh_CN), piece specs)
PATTERNS = {
    'stalemate': ('No moves left', '困斃', '困毙',
                  [('Nowhere to go', '無路可走', '无路可走'),
                   ('Not one move left', '一步也走不了', '一步也走不了')],
                  ('No check needed: leave the other side without a single move.',
                   '不用將軍：讓對方一步棋也走不了。', '不用将军：让对方一步棋也走不了。'),
                  ['P:', 'N:', 'NP:', 'C:a', 'PP:', 'R:aa', 'C:ab', 'RP:aa']),
    'double-cannon': ('Double cannon', '重炮', '重炮',
                      [('Two cannons in a row', '雙炮連珠', '双炮连珠'),
                       ('Cannon on cannon', '炮疊炮', '炮叠炮')],
                      ('One cannon can be the screen for the other.',
                       '一個炮可以當另一個炮的炮架。', '一个炮可以当另一个炮的炮架。'),
                      ['CC:', 'CC:a', 'CC:ab', 'CCP:a', 'CC:aa']),
    'horse-cannon': ('Cannon behind the horse', '馬後炮', '马后炮',
                     [('Horse and cannon team up', '馬炮聯手', '马炮联手'),
                      ('The horse is the screen', '馬來當炮架', '马来当炮架')],
                     ('Put the horse in front of the general and the cannon behind it.',
                      '馬在將的前面，炮在馬的後面。', '马在将的前面，炮在马的后面。'),
                     ['NC:', 'NC:a', 'NC:ab', 'NCP:aa']),
    'smothered': ('Stuffed palace', '悶宮', '闷宫',
                  [('A crowded palace', '擠滿的九宮', '挤满的九宫'),
                   ('Blocked by friends', '被自己人擋住', '被自己人挡住')],
                  ("The general's own advisors block the way out. Check with a cannon.",
                   '將自己的士擋住了出路，用炮將軍。', '将自己的士挡住了出路，用炮将军。'),
                  ['C:aa', 'CP:aa', 'CN:aa', 'CR:aab', 'C:aab']),
    'smother': ('Smothered general', '悶殺', '闷杀',
                [('No room to move', '沒有空位', '没有空位'),
                 ('Stuck at home', '困在家裡', '困在家里')],
                ("Every step of the general is taken by its own pieces.",
                 '將的每一步都被自己的棋子佔住了。', '将的每一步都被自己的棋子占住了。'),
                ['N:aa', 'R:aa', 'NP:aa', 'P:aa', 'N:aab', 'R:aab', 'NR:aa']),
    'two-chariots': ('Two chariots in turn', '雙車錯', '双车错',
                     [('Two chariots take turns', '雙車輪流', '双车轮流'),
                      ('Chariot ladder', '車的梯子', '车的梯子')],
                     ('One chariot checks, the other guards the next line.',
                      '一個車將軍，另一個車守住旁邊那條線。', '一个车将军，另一个车守住旁边那条线。'),
                     ['RR:', 'RR:a', 'RR:ab', 'RR:aab', 'RR:aabb']),
    'wocao-horse': ('Horse in the trough', '臥槽馬', '卧槽马',
                    [('Horse at the trough', '馬到槽口', '马到槽口'),
                     ('Jump to the trough', '跳進槽口', '跳进槽口')],
                    ("The horse checks from the point in front of the elephant's home.",
                     '馬在象原位前面那一點將軍。', '马在象原位前面那一点将军。'),
                    ['N:', 'NP:', 'NR:a', 'NC:ab', 'NP:a', 'NR:ab']),
    'corner-horse': ('Horse on the corner', '掛角馬', '挂角马',
                     [('Corner check', '角上將軍', '角上将军'),
                      ('A horse on the corner', '掛在角上的馬', '挂在角上的马')],
                     ('The horse checks from a corner of the palace.',
                      '馬從九宮的角上將軍。', '马从九宫的角上将军。'),
                     ['N:a', 'NP:', 'NR:ab', 'NC:a', 'N:', 'NP:a']),
    'fishing-horse': ('Fishing horse', '釣魚馬', '钓鱼马',
                      [('Go fishing', '去釣魚', '去钓鱼'),
                       ('The horse casts its line', '馬兒拋魚線', '马儿抛鱼线')],
                      ('A horse beside the palace guards the exits; another piece checks.',
                       '馬在九宮旁邊守住出口，再用別的棋子將軍。', '马在九宫旁边守住出口，再用别的棋子将军。'),
                      ['NR:', 'NR:a', 'NP:', 'NR:b', 'NP:a']),
    'eight-corner': ('Eight-corner horse', '八角馬', '八角马',
                     [('The diagonal horse', '斜對角的馬', '斜对角的马'),
                      ('Horse at the corner of the square', '田角的馬', '田角的马')],
                     ('A horse diagonally next to the general guards two of its steps.',
                      '馬在將的斜對角，能守住將的兩個出口。', '马在将的斜对角，能守住将的两个出口。'),
                     ['NR:', 'NP:', 'NR:a', 'NC:', 'NP:a']),
    'side-tiger': ('Tiger on the side', '側面虎', '侧面虎',
                   [('Pounce from the side', '從側面撲過去', '从侧面扑过去'),
                    ('A tiger waits', '老虎在等著', '老虎在等着')],
                   ('A high horse guards the palace; a chariot or soldier checks along the rank.',
                    '高處的馬守住九宮，車或兵橫著將軍。', '高处的马守住九宫，车或兵横着将军。'),
                   ['NR:', 'NP:', 'NR:a', 'NPP:', 'NR:b']),
    'iron-bolt': ('Iron door bolt', '鐵門栓', '铁门栓',
                  [('Lock the door', '把門鎖上', '把门锁上'),
                   ('Bolt the palace', '閂上九宮', '闩上九宫')],
                  ('Hold the middle file with a cannon or your general, then check on the back rank.',
                   '用炮或帥守住中路，再在底線將軍。', '用炮或帅守住中路，再在底线将军。'),
                  ['RC:a', 'RC:aa', 'PC:a', 'R:a', 'RC:ab', 'R:aa']),
    'heaven-earth': ('Heaven and earth cannons', '天地炮', '天地炮',
                     [('Sky and ground', '天上地下', '天上地下'),
                      ('Cannons high and low', '炮一高一低', '炮一高一低')],
                     ('One cannon on the middle file, one on the bottom line.',
                      '一個炮在中路，一個炮在底線。', '一个炮在中路，一个炮在底线。'),
                     ['CCN:a', 'CCP:a', 'CCN:', 'CCP:aa', 'CC:aa', 'CCN:ab']),
    'bold-heart': ('Bold strike to the heart', '大膽穿心', '大胆穿心',
                   [('Into the heart', '直搗中心', '直捣中心'),
                    ('A brave chariot', '勇敢的車', '勇敢的车')],
                   ('Be brave: your chariot may take the piece in the middle of the palace.',
                    '大膽一點：你的車可以吃掉九宮中心的棋子。', '大胆一点：你的车可以吃掉九宫中心的棋子。'),
                   ['RR:aa', 'RN:aa', 'RC:aa', 'RP:aa', 'RR:aab', 'RN:aab']),
    'two-ghosts': ('Two ghosts knock at the door', '二鬼拍門', '二鬼拍门',
                   [('Knock, knock!', '咚咚敲門！', '咚咚敲门！'),
                    ('Two soldiers at the door', '兩個兵在門口', '两个兵在门口')],
                   ('Bring both soldiers to the two sides of the palace.',
                    '把兩個兵帶到九宮的兩邊。', '把两个兵带到九宫的两边。'),
                   ['PP:', 'PP:a', 'PPP:', 'PPN:a', 'PPP:a', 'PPR:aa']),
    'sea-moon': ('Fishing the moon from the sea', '海底撈月', '海底捞月',
                 [('Reach under the sea', '伸手到海底', '伸手到海底'),
                  ('Check from below', '從下面將軍', '从下面将军')],
                 ('Send the chariot to the bottom line and check from behind the general.',
                  '把車送到底線，從將的後面將軍。', '把车送到底线，从将的后面将军。'),
                 ['R:', 'RC:', 'RP:', 'RN:', 'R:a', 'RC:a']),
    'twin-horses': ('Two horses drink at the spring', '雙馬飲泉', '双马饮泉',
                    [('Two horses together', '兩匹馬一起', '两匹马一起'),
                     ('Horses at the spring', '泉邊的馬', '泉边的马')],
                    ('One horse checks while the other blocks the way out.',
                     '一匹馬將軍，另一匹馬封住出路。', '一匹马将军，另一匹马封住出路。'),
                    ['NN:', 'NN:a', 'NNP:', 'NN:ab', 'NN:b']),
    'buddha': ('Sending the general home', '送佛歸殿', '送佛归殿',
               [('Time to go home', '該回家了', '该回家了'),
                ('Back to the palace', '回到宮裡', '回到宫里')],
               ('Push the general back to its home line, then finish it there.',
                '把將趕回底線，再在那裡將死它。', '把将赶回底线，再在那里将死它。'),
               ['P:', 'PP:', 'RP:', 'NP:', 'R:', 'CP:', 'N:']),
    'cinnabar': ('Cannon sweeps the back rank', '炮輾丹砂', '炮辗丹砂',
                 [('Sweep the back rank', '掃過底線', '扫过底线'),
                  ('Cannon clean-up', '炮來打掃', '炮来打扫')],
                 ('Your cannon may eat the advisors and elephants on the bottom line.',
                  '你的炮可以在底線吃掉士和象。', '你的炮可以在底线吃掉士和象。'),
                 ['RC:ab', 'RC:aab', 'C:ab', 'CC:ab', 'RC:abb', 'NC:ab', 'CP:ab']),
    'facing-general': ('Facing generals', '白臉將', '白脸将',
                       [('My general helps', '老帥來幫忙', '老帅来帮忙'),
                        ('Face to face', '面對面', '面对面')],
                       ('Your own general guards its whole file: the generals may not face each other.',
                        '自己的帥守住整條直線：將帥不能面對面。', '自己的帅守住整条直线：将帅不能面对面。'),
                       ['R:', 'P:', 'RP:a', 'C:a', 'N:', 'PP:a']),
    'high-horse': ('High fishing horse', '高釣馬', '高钓马',
                   [('A horse up high', '高處的馬', '高处的马'),
                    ('Watch from above', '從高處看守', '从高处看守')],
                   ('A horse a little further away still guards the palace.',
                    '馬站遠一點，也能守住九宮。', '马站远一点，也能守住九宫。'),
                   ['NR:', 'NP:', 'NC:', 'NR:a', 'NP:a']),
}

# The order the packs are listed in (file names sort so): easier ideas first.
PACK_ORDER = ['first-mates', 'facing-general', 'two-chariots', 'double-cannon', 'horse-cannon',
              'corner-horse', 'wocao-horse', 'iron-bolt', 'sea-moon', 'smothered', 'smother',
              'stalemate', 'bold-heart', 'two-ghosts', 'fishing-horse', 'high-horse',
              'eight-corner', 'side-tiger', 'twin-horses', 'heaven-earth', 'cinnabar', 'buddha']

# Patterns whose idea needs the general up the palace at the start.
RAISED = {'buddha', 'sea-moon'}

FIRST = {
    'id': 'first-mates',
    'title': ('First checkmates', '第一次將死', '第一次将死'),
    'titles': [('Catch the general!', '抓住將！', '抓住将！'),
               ('One move to win', '一步就贏', '一步就赢'),
               ('Checkmate in one', '一步將死', '一步将死')],
    'hint': ('Find a check the general cannot escape.',
             '找一步讓將逃不掉的將軍。', '找一步让将逃不掉的将军。'),
    'specs': ['R:', 'P:', 'N:', 'RP:', 'RR:', 'NP:', 'C:a', 'R:a', 'CC:', 'NC:'],
    'count': 45,
}

PIECE_HINTS = {
    'R': ('Move your chariot.', '走你的車。', '走你的车。'),
    'N': ('Move your horse.', '走你的馬。', '走你的马。'),
    'C': ('Move your cannon.', '走你的炮。', '走你的炮。'),
    'P': ('Move your soldier.', '走你的兵。', '走你的兵。'),
    'K': ('Move your general.', '走你的帥。', '走你的帅。'),
    'A': ('Move your advisor.', '走你的仕。', '走你的仕。'),
    'B': ('Move your elephant.', '走你的相。', '走你的相。'),
}

# The loader's puzzle-proof messages (src/lesson/xq-lesson.c): (msgid, zh_TW, zh_CN).
LOADER_STRINGS = [
    ('there is a faster win: mate in %d, not %d',
     '有更快的勝法：%d 步就能殺，不是 %d 步', '有更快的胜法：%d 步就能杀，不是 %d 步'),
    ('the mate has %d key moves: list them all in “keys”',
     '這個殺局有 %d 個關鍵著法：請全部列在“keys”裡', '这个杀局有 %d 个关键着法：请全部列在“keys”里'),
    ('%s is not a key move of the mate in %d',
     '%s 不是這個 %d 步殺的關鍵著法', '%s 不是这个 %d 步杀的关键着法'),
    ('the key move %s is missing from “keys”',
     '“keys”裡缺少關鍵著法 %s', '“keys”里缺少关键着法 %s'),
]

# The drill's own strings (src/ui/xq-puzzle-page.{c,ui}): (msgid, zh_TW, zh_CN, c-format).
DRILL_STRINGS = [
    ('Solved: %d · Streak: %d · Best: %d', '已解：%d · 連勝：%d · 最佳：%d', '已解：%d · 连胜：%d · 最佳：%d', True),
    ('%d of %d solved', '已解 %d 題，共 %d 題', '已解 %d 题，共 %d 题', True),
    ('No moves left: you win! Well done.', '對方無棋可走：你贏了！做得好。', '对方无棋可走：你赢了！做得好。', False),
    ('Checkmate! Well done.', '將死！做得好。', '将死！做得好。', False),
    ('See? After that move the general gets away. Take it back and try another.',
     '看到了嗎？走了那步，將就逃掉了。悔一步，再試別的走法。',
     '看到了吗？走了那步，将就逃掉了。悔一步，再试别的走法。', False),
    ('Your move: mate now!', '輪到你：現在將死它！', '轮到你：现在将死它！', False),
    ('Your move: mate in %d more.', '輪到你：還要 %d 步殺。', '轮到你：还要 %d 步杀。', True),
    ('That move is not allowed.', '這步棋不能走。', '这步棋不能走。', False),
    ('Good move! Now the computer answers…', '好棋！現在電腦應著……', '好棋！现在电脑应着……', False),
    ('That is not mate yet. Watch the reply…', '這還沒有將死。看看對方怎麼應……', '这还没有将死。看看对方怎么应……', False),
    ('That move lets the general escape. Watch…', '這步讓將逃走了。你看……', '这步让将逃走了。你看……', False),
    ('Try another move.', '換一步試試。', '换一步试试。', False),
    ('Hint: move this piece.', '提示：走這個棋子。', '提示：走这个棋子。', False),
    ('Hint: move it to the marked point.', '提示：走到標記的那一點。', '提示：走到标记的那一点。', False),
    ('Here is the move.', '答案是這一步。', '答案是这一步。', False),
    ('Mate in %d · %s', '%d 步殺 · %s', '%d 步杀 · %s', True),
    ('Mate in %d', '%d 步殺', '%d 步杀', True),
    ('Red to move and win.', '紅方先走，取勝。', '红方先走，取胜。', False),
    ('Puzzle Packs', '題庫', '题库', False),
    ('Difficulty', '難度', '难度', False),
    ('Any level', '所有難度', '所有难度', False),
    ('Level 1', '第 1 級', '第 1 级', False),
    ('Level 2', '第 2 級', '第 2 级', False),
    ('Level 3', '第 3 級', '第 3 级', False),
    ('Level 4', '第 4 級', '第 4 级', False),
    ('Level 5', '第 5 級', '第 5 级', False),
    ('_Take Back', '悔棋(_T)', '悔棋(_T)', False),
    ('_Next Puzzle', '下一題(_N)', '下一题(_N)', False),
    ('_Hint', '提示(_H)', '提示(_H)', False),
    ('_Retry', '重來(_R)', '重来(_R)', False),
    ('_All Packs', '所有題組(_A)', '所有题组(_A)', False),
]

# Puzzles wanted per pattern, by mate length.
PER_MATE = {1: 3, 2: 3, 3: 3, 4: 2, 5: 2}
# Four-piece cannon settings are slow to search at mate 5.
PER_MATE_OF = {'heaven-earth': {1: 3, 2: 3, 3: 4, 4: 3}}
# Two horses (and horse and soldier) give the long forced mates.
LONG_SPECS = ['NN:a', 'NN:b', 'NN:', 'NP:a', 'NNP:a', 'RN:bp', 'NP:', 'NC:a']
TRIES = {1: 8000, 2: 8000, 3: 8000, 4: 6000, 5: 5000, 6: 4000, 7: 4000}
NODES = {1: 100000, 2: 150000, 3: 200000, 4: 250000, 5: 300000, 6: 100000, 7: 100000}


def pattern_label(pid):
    p = PATTERNS[pid]
    return '%s (%s)' % (p[0], p[1])


class Miner:
    def __init__(self, xqtool, cache):
        self.xqtool = xqtool
        self.cache = cache
        os.makedirs(cache, exist_ok=True)

    def run(self, args):
        key = hashlib.sha1(' '.join(args).encode()).hexdigest()[:16]
        path = os.path.join(self.cache, key + '.txt')
        if os.path.exists(path):
            with open(path, encoding='utf-8') as f:
                out = f.read()
        else:
            out = subprocess.run([self.xqtool] + args, capture_output=True, text=True,
                                 check=True).stdout
            with open(path + '.tmp', 'w', encoding='utf-8') as f:
                f.write(out)
            os.replace(path + '.tmp', path)
        found = []
        for line in out.splitlines():
            f = [x.strip() for x in line.split('|')]
            if len(f) < 7:
                continue
            found.append({'fen': f[0], 'mate': int(f[1].split()[1]), 'key': f[2],
                          'kills': f[3].split(','), 'line': f[4].split(), 'nodes': int(f[5]),
                          'check': f[6] == 'check'})
        return found

    def mine(self, pattern, pieces, mate, seed, count, extra=()):
        args = ['puzzle-mine', '--pieces', pieces, '--pattern', pattern, '--mate', str(mate),
                '--seed', str(seed), '--count', str(count), '--tries', str(TRIES[mate]),
                '--nodes', str(NODES[mate]), '--economy'] + list(extra)
        return self.run(args)


def fill_pattern(miner, pid):
    """All buckets of one pattern; sequential so the result is repeatable."""
    specs = PATTERNS[pid][5]
    extra = ['--raised'] if pid in RAISED else []
    got = []
    seen = set()
    seed_base = int(hashlib.sha1(pid.encode()).hexdigest()[:6], 16)
    for mate, want in PER_MATE_OF.get(pid, PER_MATE).items():
        have = 0
        for attempt in range(len(specs) + 2):
            if have >= want:
                break
            spec = specs[(attempt + mate) % len(specs)]
            for p in miner.mine(pid, spec, mate, seed_base + 97 * mate + attempt,
                                min(2, want - have), extra):
                if p['fen'] not in seen and have < want:
                    seen.add(p['fen'])
                    got.append(p)
                    have += 1
    return pid, got


def fill_long(miner, mate, i):
    spec = LONG_SPECS[i % len(LONG_SPECS)]
    return miner.mine('any', spec, mate, 7000 + 31 * mate + i, 2)


def fill_first(miner):
    got, seen = [], set()
    for i in range(100):
        if len(got) >= FIRST['count']:
            break
        spec = FIRST['specs'][i % len(FIRST['specs'])]
        for p in miner.mine('any', spec, 1, 500 + i, 1, ['--check']):
            if p['fen'] not in seen:
                seen.add(p['fen'])
                got.append(p)
    return got[:FIRST['count']]


def solve_check(xqtool, p):
    out = subprocess.run([xqtool, 'solve', p['fen'], '--max', str(p['mate'])],
                         capture_output=True, text=True, check=True).stdout.split()
    return out == ['mate', str(p['mate']), p['key']]


def difficulty(p):
    quiet = not p.get('check', True)
    d = {1: 1, 2: 2, 3: 3, 4: 4, 5: 4}.get(p['mate'], 5)
    if quiet and p['mate'] <= 5:
        d += 1
    return min(d, 5)


def piece_letter(p):
    fen_board = p['fen'].split()[0]
    rows = fen_board.split('/')
    key = p['key']
    file, rank = ord(key[0]) - ord('a'), int(key[1])
    row = rows[9 - rank]
    col = 0
    for ch in row:
        if ch.isdigit():
            col += int(ch)
        else:
            if col == file:
                return ch.upper()
            col += 1
    return 'R'


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--xqtool', default=os.path.join(ROOT, 'build-puzzles', 'src', 'cli', 'xqtool'))
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--cache', default='/tmp/xq-puzzle-cache')
    ap.add_argument('--bench', default=os.path.join(ROOT, 'tools', 'puzzles.bench'))
    ap.add_argument('--out', default=os.path.join(ROOT, 'lessons', 'puzzles'))
    ap.add_argument('--compare-fsf', metavar='ENGINE', nargs='?', const='/usr/games/fairy-stockfish',
                    help='only time the bench file against fairy-stockfish (go mate N)')
    args = ap.parse_args()
    if args.compare_fsf:
        return compare_fsf(args.xqtool, args.bench, args.compare_fsf)
    miner = Miner(args.xqtool, args.cache)

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
        futs = [ex.submit(fill_pattern, miner, pid) for pid in PATTERNS]
        longs = [ex.submit(fill_long, miner, mate, i) for mate in (6, 7) for i in range(16)]
        first_f = ex.submit(fill_first, miner)
        by_pattern = dict(f.result() for f in futs)
        long_found = [p for f in longs for p in f.result()]
        first = first_f.result()

    used = set()
    for pid in by_pattern:
        by_pattern[pid] = [p for p in by_pattern[pid] if not (p['fen'] in used or used.add(p['fen']))]
    # Long mates go to the pack of their rarest pattern that has the fewest long ones.
    order = [k for k in PATTERNS]
    long_found.sort(key=lambda p: -p['mate'])
    for p in long_found:
        if p['fen'] in used:
            continue
        cands = ([k for k in p['kills'] if k in PATTERNS and k != 'facing-general'] or
                 [k for k in p['kills'] if k in PATTERNS])
        if not cands:
            continue
        best = min(cands, key=lambda k: (sum(1 for q in by_pattern[k] if q['mate'] >= 6),
                                         len(by_pattern[k]), order.index(k)))
        if sum(1 for q in by_pattern[best] if q['mate'] >= 6) >= 3:
            continue
        used.add(p['fen'])
        by_pattern[best].append(p)
    first = [p for p in first if not (p['fen'] in used or used.add(p['fen']))]

    strings = {}  # English -> (zh_TW, zh_CN)

    def text(t):
        strings[t[0]] = (t[1], t[2])
        return t[0]

    os.makedirs(args.out, exist_ok=True)
    for old in os.listdir(args.out):
        if old.endswith('.json'):
            os.remove(os.path.join(args.out, old))
    bench = []
    total = 0
    failures = 0

    def make_puzzle(pack_id, i, p, titles, hint, pattern):
        nonlocal failures
        if not solve_check(args.xqtool, p):
            print('NOT PROVED: %s' % p['fen'], file=sys.stderr)
            failures += 1
            return None
        letter = piece_letter(p)
        obj = {'id': '%s-%d' % (pack_id, i + 1),
               'title': text(titles[i % len(titles)]),
               'fen': p['fen'], 'mate-in': p['mate']}
        if pattern:
            obj['pattern'] = pattern
        obj['difficulty'] = difficulty(p)
        obj['hints'] = [text(hint), text(PIECE_HINTS.get(letter, PIECE_HINTS['R']))]
        bench.append('%s | mate %d | %s' % (p['fen'], p['mate'], p['key']))
        return obj

    def write_pack(pack_id, title, puzzles):
        doc = {'format': 1, 'type': 'pack', 'id': pack_id, 'title': title, 'puzzles': puzzles}
        name = '%02d-%s.json' % (PACK_ORDER.index(pack_id), pack_id)
        with open(os.path.join(args.out, name), 'w', encoding='utf-8') as f:
            json.dump(doc, f, ensure_ascii=False, indent=2)
            f.write('\n')

    # The children's pack first; a pattern name only when one is recognised.
    objs = []
    for i, p in enumerate(first):
        name = next((k for k in p['kills'] if k in PATTERNS and k != 'facing-general'), None)
        pat = None
        if name:
            pat = pattern_label(name)
            text((pat, PATTERNS[name][1], PATTERNS[name][2]))
        o = make_puzzle(FIRST['id'], i, p, FIRST['titles'], FIRST['hint'], pat)
        if o:
            objs.append(o)
    write_pack('first-mates', text(FIRST['title']), objs)
    total += len(objs)

    for pid, plist in by_pattern.items():
        e = PATTERNS[pid]
        label = pattern_label(pid)
        text((label, e[1], e[2]))
        plist.sort(key=lambda p: (p['mate'], p['nodes']))
        objs = [o for o in (make_puzzle(pid, i, p, e[3], e[4], label)
                            for i, p in enumerate(plist)) if o]
        write_pack(pid, label, objs)
        total += len(objs)
        print('%-16s %2d puzzles, mates %s' % (pid, len(objs),
                                                 sorted(p['mate'] for p in plist)))

    with open(args.bench, 'w', encoding='utf-8') as f:
        f.write('# Every shipped puzzle, for `xqtool bench solve`; written by tools/gen-puzzles.py\n')
        f.write('\n'.join(bench) + '\n')

    for lang, idx, team in (('zh_TW', 0, 'Chinese (traditional)'), ('zh_CN', 1, 'Chinese (simplified)')):
        path = os.path.join(ROOT, 'po', 'extra', 'puzzles.%s.po' % lang)
        with open(path, 'w', encoding='utf-8') as f:
            f.write('# %s translation of the puzzle packs (written by tools/gen-puzzles.py).\n' % team)
            f.write('# This file is distributed under the same license as the xiangqi-tutor package.\n')
            f.write('msgid ""\nmsgstr ""\n'
                    '"Project-Id-Version: xiangqi-tutor\\n"\n'
                    '"PO-Revision-Date: 2026-11-29 17:00+0000\\n"\n'
                    '"Last-Translator: puzzle collection\\n"\n'
                    '"Language-Team: %s\\n"\n'
                    '"Language: %s\\n"\n'
                    '"MIME-Version: 1.0\\n"\n'
                    '"Content-Type: text/plain; charset=UTF-8\\n"\n'
                    '"Content-Transfer-Encoding: 8bit\\n"\n'
                    '"Plural-Forms: nplurals=1; plural=0;\\n"\n' % (team, lang))
            for en in sorted(strings):
                f.write('\nmsgid %s\nmsgstr %s\n' % (po_quote(en), po_quote(strings[en][idx])))
            for en, tw, cn in LOADER_STRINGS:
                f.write('\n#, c-format\nmsgid %s\nmsgstr %s\n' % (po_quote(en), po_quote((tw, cn)[idx])))
            # Only once the drill is in the tree, so the catalogue matches the code.
            if os.path.exists(os.path.join(ROOT, 'src', 'ui', 'xq-puzzle-page.c')):
                for en, tw, cn, cfmt in DRILL_STRINGS:
                    f.write('\n%smsgid %s\nmsgstr %s\n' % ('#, c-format\n' if cfmt else '', po_quote(en),
                                                          po_quote((tw, cn)[idx])))
    print('total %d puzzles, %d not proved' % (total, failures))
    return 1 if failures else 0


def compare_fsf(xqtool, bench, engine):
    """Times `xqtool bench solve` and fairy-stockfish `go mate N` on the same
    puzzles and prints both side by side, with the ratio of the totals."""
    import re
    import time
    out = subprocess.run([xqtool, 'bench', 'solve', bench, '--runs', '1'], capture_output=True,
                         text=True, check=True).stdout
    ours = {}
    for line in out.splitlines():
        m = re.match(r'\s*([0-9.]+) ms\s+\d+ nodes\s+(mate \d+|none)\s.*?\s(\S+/\S+ [wb] - - \d+ \d+)$', line)
        if m:
            ours[m.group(3)] = (float(m.group(1)), m.group(2))
    fsf = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                           bufsize=1)

    def send(cmd):
        fsf.stdin.write(cmd + '\n')
        fsf.stdin.flush()

    def wait_for(prefix):
        lines = []
        while True:
            line = fsf.stdout.readline()
            if not line:
                raise RuntimeError('fairy-stockfish stopped')
            lines.append(line)
            if line.startswith(prefix):
                return lines

    send('ucci')
    wait_for('ucciok')
    total_ours = total_fsf = 0.0
    agree = n = 0
    with open(bench, encoding='utf-8') as f:
        for line in f:
            if not line.strip() or line.startswith('#'):
                continue
            fen, mate = [x.strip() for x in line.split('|')[:2]]
            k = int(mate.split()[1])
            send('position fen ' + fen)
            send('isready')
            wait_for('readyok')
            start = time.monotonic()
            send('go mate %d' % k)
            lines = wait_for('bestmove')
            ms = (time.monotonic() - start) * 1000
            scores = [l for l in lines if ' score mate ' in l]
            found = scores and int(scores[-1].split(' score mate ')[1].split()[0]) == k
            ours_ms = ours.get(fen, (float('nan'), ''))[0]
            print('%9.2f ms ours  %9.2f ms fsf  %s  mate %d %s' % (ours_ms, ms, 'same' if found else 'DIFF', k, fen))
            total_ours += ours_ms
            total_fsf += ms
            agree += bool(found)
            n += 1
    send('quit')
    fsf.wait()
    print('total: ours %.0f ms, fairy-stockfish %.0f ms, ratio fsf/ours %.2f; fsf reports the same mate for %d of %d'
          % (total_ours, total_fsf, total_fsf / max(total_ours, 1e-9), agree, n))
    return 0


def po_quote(s):
    return '"' + s.replace('\\', '\\\\').replace('"', '\\"') + '"'


if __name__ == '__main__':
    sys.exit(main())
