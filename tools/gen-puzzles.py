#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Regenerate the puzzle packs in lessons/puzzles/ from fixed seeds.

Mining: `xqtool puzzle-mine` places the pieces of a kill-book setting at
random (seeded), for every pattern's piece settings and mate lengths 1-5,
and keeps positions whose win in exactly K moves has one key move and uses
every attacking piece.  Confirming: `xqtool puzzle-confirm` proves each one
again and names the patterns it shows on every line the defender can choose
(src/core/xq-patterns.h).  Packing: each named pack takes puzzles that end
in checkmate and show its pattern (the 困斃 pack: those ending in
stalemate), as a climb (mates in one and two first); the first edition's
puzzles that still qualify are offered to their old pack first.  Two in
five of each pack are turned round for Black to move (ranks flipped,
colours swapped, sometimes mirrored left to right) and confirmed again.
Each chosen puzzle is proved once more with `xqtool solve` before it is
written.  A puzzle keeps its id while its FEN stays in the same pack; a new
one is named <pack>-<sha1 of its FEN>, so a learner's progress never moves
to another position.  Mining output and confirmations are cached (--cache), so a rerun
costs little; confirmations are cached per version of the recognisers.

Also writes po/extra/puzzles.{zh_CN,zh_TW}.po (translations of every puzzle
string) and a bench file for `xqtool bench solve`.

Usage: gen-puzzles.py [--xqtool PATH] [--jobs N] [--cache DIR] [--bench FILE] [--yield-only]
       gen-puzzles.py --compare-fsf [ENGINE] [--bench FILE]
Run under `nice -n 10`.  After a run, run tools/lesson-strings.py,
`tools/merge-po.sh build` and `xqtool proofs write lessons`.
"""
import argparse
import concurrent.futures
import hashlib
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# id: English name, 繁體, 简体, title phrases [(en, zh_TW, zh_CN)], hint (en, zh_TW, zh_CN),
# hint for Black to move when the Chinese names a piece whose name differs by colour,
# piece specs for puzzle-mine (Red's pieces : Black's), general raised at the start.
PATTERNS = {
    'stalemate': dict(
        name=('No moves left', '困斃', '困毙'),
        phrases=[('Nowhere to go', '無路可走', '无路可走'),
                 ('Not one move left', '一步也走不了', '一步也走不了'),
                 ('Frozen in place', '動彈不得', '动弹不得')],
        hint=('No check needed: leave the other side without a single move.',
              '不用將軍：讓對方一步棋也走不了。', '不用将军：让对方一步棋也走不了。'),
        specs=['P:', 'N:', 'NP:', 'C:a', 'PP:', 'R:aa', 'C:ab', 'RP:aa', 'NP:p', 'PP:b']),
    'double-cannon': dict(
        name=('Double cannon', '重炮', '重炮'),
        phrases=[('Two cannons in a row', '雙炮連珠', '双炮连珠'),
                 ('Cannon on cannon', '炮疊炮', '炮叠炮'),
                 ('Stack the cannons', '把炮疊起來', '把炮叠起来')],
        hint=('One cannon can be the screen for the other.',
              '一個炮可以當另一個炮的炮架。', '一个炮可以当另一个炮的炮架。'),
        specs=['CC:', 'CC:a', 'CC:ab', 'CCP:a', 'CC:aa', 'CC:ap', 'CC:an', 'CC:ar']),
    'horse-cannon': dict(
        name=('Cannon behind the horse', '馬後炮', '马后炮'),
        phrases=[('Horse and cannon team up', '馬炮聯手', '马炮联手'),
                 ('The horse is the screen', '馬來當炮架', '马来当炮架'),
                 ('Cannon behind the horse', '炮在馬後', '炮在马后')],
        hint=('Put the horse in front of the general and the cannon behind it.',
              '馬在將的前面，炮在馬的後面。', '马在将的前面，炮在马的后面。'),
        specs=['NC:', 'NC:a', 'NC:ab', 'NCP:aa', 'NC:p', 'NC:ar', 'NC:an']),
    'smothered': dict(
        name=('Stuffed palace', '悶宮', '闷宫'),
        phrases=[('A crowded palace', '擠滿的九宮', '挤满的九宫'),
                 ('Blocked by friends', '被自己人擋住', '被自己人挡住'),
                 ('No room inside', '宮裡沒有空位', '宫里没有空位')],
        hint=("The general's own pieces block the way out. Check with a cannon.",
              '將自己的棋子擋住了出路，用炮將軍。', '将自己的棋子挡住了出路，用炮将军。'),
        specs=['C:aa', 'CP:aa', 'CN:aa', 'CR:aab', 'C:aab', 'C:aap', 'CR:aan', 'CP:aac']),
    'two-chariots': dict(
        name=('Two chariots in turn', '雙車錯', '双车错'),
        phrases=[('Two chariots take turns', '雙車輪流', '双车轮流'),
                 ('Chariot ladder', '車的梯子', '车的梯子'),
                 ('Step by step', '一步一步', '一步一步')],
        hint=('One chariot checks, the other guards the next line.',
              '一個車將軍，另一個車守住旁邊那條線。', '一个车将军，另一个车守住旁边那条线。'),
        specs=['RR:', 'RR:a', 'RR:ab', 'RR:aab', 'RR:aabb', 'RR:ar', 'RR:an', 'RR:ac', 'RR:p']),
    'wocao-horse': dict(
        name=('Horse in the trough', '臥槽馬', '卧槽马'),
        phrases=[('Horse at the trough', '馬到槽口', '马到槽口'),
                 ('Jump to the trough', '跳進槽口', '跳进槽口'),
                 ('A sleepy horse wakes up', '臥著的馬醒了', '卧着的马醒了')],
        hint=("The horse checks from the point in front of the elephant's home.",
              '馬在象原位前面那一點將軍。', '马在象原位前面那一点将军。'),
        hint_black=("The horse checks from the point in front of the elephant's starting point.",
                    '馬在相原位前面那一點將軍。', '马在相原位前面那一点将军。'),
        specs=['N:', 'NP:', 'NR:a', 'NC:ab', 'NP:a', 'NR:ab', 'NR:ap', 'NC:ac', 'NP:n']),
    'corner-horse': dict(
        name=('Horse on the corner', '掛角馬', '挂角马'),
        phrases=[('Corner check', '角上將軍', '角上将军'),
                 ('A horse on the corner', '掛在角上的馬', '挂在角上的马'),
                 ('Hang on the corner', '掛上角', '挂上角')],
        hint=('The horse checks from a corner of the palace.',
              '馬從九宮的角上將軍。', '马从九宫的角上将军。'),
        specs=['N:a', 'NP:', 'NR:ab', 'NC:a', 'N:', 'NP:a', 'NR:ar', 'NP:ap', 'NC:an']),
    'fishing-horse': dict(
        name=('Fishing horse', '釣魚馬', '钓鱼马'),
        phrases=[('Go fishing', '去釣魚', '去钓鱼'),
                 ('The horse casts its line', '馬兒拋魚線', '马儿抛鱼线'),
                 ('A fish on the hook', '魚兒上鉤', '鱼儿上钩')],
        hint=('A horse beside the palace guards the exits; another piece checks.',
              '馬在九宮旁邊守住出口，再用別的棋子將軍。', '马在九宫旁边守住出口，再用别的棋子将军。'),
        specs=['NR:', 'NR:a', 'NP:', 'NR:b', 'NP:a', 'NR:ap', 'NR:an', 'NR:c']),
    'eight-corner': dict(
        name=('Eight-corner horse', '八角馬', '八角马'),
        phrases=[('The diagonal horse', '斜對角的馬', '斜对角的马'),
                 ('Horse at the corner of the square', '田角的馬', '田角的马'),
                 ('Eight corners', '八個角', '八个角')],
        hint=('A horse diagonally next to the general guards two of its steps.',
              '馬在將的斜對角，能守住將的兩個出口。', '马在将的斜对角，能守住将的两个出口。'),
        specs=['NR:', 'NP:', 'NR:a', 'NC:', 'NP:a', 'NR:p', 'NR:ac', 'NC:p']),
    'side-tiger': dict(
        name=('Tiger on the side', '側面虎', '侧面虎'),
        phrases=[('Pounce from the side', '從側面撲過去', '从侧面扑过去'),
                 ('A tiger waits', '老虎在等著', '老虎在等着'),
                 ('Tiger by the palace', '宮邊的老虎', '宫边的老虎')],
        hint=('A high horse guards the palace; a chariot or soldier checks along the rank.',
              '高處的馬守住九宮，車或兵橫著將軍。', '高处的马守住九宫，车或兵横着将军。'),
        hint_black=('A high horse guards the palace; a chariot or a soldier checks along the rank.',
                    '高處的馬守住九宮，車或卒橫著將軍。', '高处的马守住九宫，车或卒横着将军。'),
        target=['NR:', 'NP:', 'NR:a', 'NR:ap', 'NR:n', 'NP:c'],
        specs=['NR:', 'NP:', 'NR:a', 'NPP:', 'NR:b', 'NR:ap', 'NR:n', 'NP:c']),
    'iron-bolt': dict(
        name=('Iron door bolt', '鐵門栓', '铁门栓'),
        phrases=[('Lock the door', '把門鎖上', '把门锁上'),
                 ('Bolt the palace', '閂上九宮', '闩上九宫'),
                 ('The door is shut', '大門關上了', '大门关上了')],
        hint=('Bolt the middle file with a cannon; another piece gives mate.',
              '用炮把中路閂上，再用別的棋子將死。', '用炮把中路闩上，再用别的棋子将死。'),
        # The bolt is a cannon on the centre file (docs/patterns.md).
        target=['C|R:a', 'C|R:aa', 'C|N:a', 'C|P:aa', 'C|R:ap', 'C|R:an'],
        specs=['RC:a', 'RC:aa', 'PC:a', 'RC:ab', 'NC:a', 'RC:aap', 'RC:an', 'RC:ar']),
    'heaven-earth': dict(
        name=('Heaven and earth cannons', '天地炮', '天地炮'),
        phrases=[('Sky and ground', '天上地下', '天上地下'),
                 ('Cannons high and low', '炮一高一低', '炮一高一低'),
                 ('A cannon up, a cannon down', '一炮在上，一炮在下', '一炮在上，一炮在下')],
        hint=('One cannon on the middle file, one on the bottom line.',
              '一個炮在中路，一個炮在底線。', '一个炮在中路，一个炮在底线。'),
        # The earth cannon sinking in the line: the mates in two.
        target=['C|C^R:aa', 'C|C^N:a', 'C|C^:aa', 'C|C^P:ab', 'C|C^R:ap', 'C|C^N:an',
                'C|CN:ab', 'C|CN:a', 'C|CN:aa', 'C|CN:an', 'C|CR:ab', 'C|CP:ab'],
        specs=['CCN:a', 'CCP:a', 'CCN:', 'CCP:aa', 'CC:aa', 'CCN:ab', 'CCR:aa', 'CC:ap']),
    'bold-heart': dict(
        name=('Bold strike to the heart', '大膽穿心', '大胆穿心'),
        phrases=[('Into the heart', '直搗中心', '直捣中心'),
                 ('A brave chariot', '勇敢的車', '勇敢的车'),
                 ('Right through the middle', '從中間穿過去', '从中间穿过去')],
        hint=('Be brave: your chariot may give itself up in the middle of the palace.',
              '大膽一點：你的車可以衝進九宮中心，不怕被吃。', '大胆一点：你的车可以冲进九宫中心，不怕被吃。'),
        target=['R|R:k|^a|a^b', 'R|R:k|^a|a^p', 'K|R|R:k|^a|a^b', 'R|R:k|^a|a^n', 'R|R:k|^a|a^c',
                'RR:k|^a|a^b', 'RR:k|^a|a^', 'RR:k|^a|a^p', 'RRP:k|^a|a^', 'RR:k|^a|a^n'],
        specs=['RR:aa', 'RN:aa', 'RC:aa', 'RP:aa', 'RR:aab', 'RN:aab', 'RR:aap', 'RN:aac']),
    'two-ghosts': dict(
        name=('Two ghosts knock at the door', '二鬼拍門', '二鬼拍门'),
        phrases=[('Knock, knock!', '咚咚敲門！', '咚咚敲门！'),
                 ('Two soldiers at the door', '兩個兵在門口', '两个兵在门口'),
                 ('Who is there?', '是誰在敲門？', '是谁在敲门？')],
        hint=('Bring both soldiers to the two sides of the palace.',
              '把兩個兵帶到九宮的兩邊。', '把两个兵带到九宫的两边。'),
        hint_black=('Bring both of your soldiers to the two sides of the palace.',
                    '把兩個卒帶到九宮的兩邊。', '把两个卒带到九宫的两边。'),
        target=['P+P+R:a', 'P+P+N:a', 'P+P+:a', 'P+P+C:aa', 'P+P+R:ap', 'P+P+N:ac'],
        specs=['PP:', 'PP:a', 'PPP:', 'PPN:a', 'PPP:a', 'PPR:aa', 'PPR:ar', 'PPN:p']),
    'sea-moon': dict(
        name=('Fishing the moon from the sea', '海底撈月', '海底捞月'),
        phrases=[('Reach under the sea', '伸手到海底', '伸手到海底'),
                 ('Check from below', '從下面將軍', '从下面将军'),
                 ('Catch the moon', '撈起月亮', '捞起月亮')],
        hint=('Send the chariot to the bottom line and check from behind the general.',
              '把車送到底線，從將的後面將軍。', '把车送到底线，从将的后面将军。'),
        hint_black=('Send the chariot to the bottom line and check from behind the red general.',
                    '把車送到底線，從帥的後面將軍。', '把车送到底线，从帅的后面将军。'),
        specs=['R:', 'RC:', 'RP:', 'RN:', 'R:a', 'RC:a', 'RP:p', 'RC:n'], raised=True),
    'twin-horses': dict(
        name=('Two horses drink at the spring', '雙馬飲泉', '双马饮泉'),
        phrases=[('Two horses together', '兩匹馬一起', '两匹马一起'),
                 ('Horses at the spring', '泉邊的馬', '泉边的马'),
                 ('Horse friends', '馬兒好朋友', '马儿好朋友')],
        hint=('One horse checks while the other blocks the way out.',
              '一匹馬將軍，另一匹馬封住出路。', '一匹马将军，另一匹马封住出路。'),
        specs=['NN:', 'NN:a', 'NNP:', 'NN:ab', 'NN:b', 'NN:p', 'NN:ac', 'NNP:a']),
    'buddha': dict(
        name=('Sending the general home', '送佛歸殿', '送佛归殿'),
        phrases=[('Time to go home', '該回家了', '该回家了'),
                 ('Back to the palace', '回到宮裡', '回到宫里'),
                 ('Home sweet home', '回老家', '回老家')],
        hint=('Push the general back to its home line, then finish it there.',
              '把將趕回底線，再在那裡將死它。', '把将赶回底线，再在那里将死它。'),
        hint_black=('Push the red general back to its home line, then finish it there.',
                    '把帥趕回底線，再在那裡將死它。', '把帅赶回底线，再在那里将死它。'),
        specs=['RP:', 'RN:', 'R:', 'CP:', 'RC:', 'RP:p', 'RN:c', 'RC:a'], raised=True),
    'cinnabar': dict(
        name=('Cannon sweeps the back rank', '炮輾丹砂', '炮辗丹砂'),
        phrases=[('Sweep the back rank', '掃過底線', '扫过底线'),
                 ('Cannon clean-up', '炮來打掃', '炮来打扫'),
                 ('Gobble them up', '一個一個吃掉', '一个一个吃掉')],
        hint=('Your cannon may eat the advisors and elephants on the bottom line.',
              '你的炮可以在底線吃掉士和象。', '你的炮可以在底线吃掉士和象。'),
        hint_black=('Your cannon may eat the red advisors and elephants on the bottom line.',
                    '你的炮可以在底線吃掉仕和相。', '你的炮可以在底线吃掉仕和相。'),
        target=['RC^:aab', 'C^N:ab', 'C^R:abb', 'C^C:ab', 'C^P:aab', 'RC^:abp', 'C^N:abn'],
        specs=['RC:ab', 'RC:aab', 'C:ab', 'CC:ab', 'RC:abb', 'NC:ab', 'RC:abp', 'RC:abn']),
    'facing-general': dict(
        name=('Facing generals', '白臉將', '白脸将'),
        phrases=[('My general helps', '老帥來幫忙', '老帅来帮忙'),
                 ('Face to face', '面對面', '面对面'),
                 ('The general stares', '老帥瞪著眼', '老帅瞪着眼')],
        phrases_black=[('My black general helps', '老將來幫忙', '老将来帮忙'),
                       ('Face to face with Red', '和帥面對面', '和帅面对面'),
                       ('The black general stares', '老將瞪著眼', '老将瞪着眼')],
        hint=('Your own general guards its whole file: the generals may not face each other.',
              '自己的帥守住整條直線：將帥不能面對面。', '自己的帅守住整条直线：将帅不能面对面。'),
        hint_black=('Your own black general guards its whole file: the generals may not face each other.',
                    '自己的將守住整條直線：將帥不能面對面。', '自己的将守住整条直线：将帅不能面对面。'),
        specs=['R:', 'P:', 'RP:a', 'C:a', 'N:', 'PP:a', 'R:p', 'RP:n']),
    'high-horse': dict(
        name=('High fishing horse', '高釣馬', '高钓马'),
        phrases=[('A horse up high', '高處的馬', '高处的马'),
                 ('Watch from above', '從高處看守', '从高处看守'),
                 ('Fishing from a hill', '站在高處釣魚', '站在高处钓鱼')],
        hint=('A horse a little further away still guards the palace.',
              '馬站遠一點，也能守住九宮。', '马站远一点，也能守住九宫。'),
        specs=['NR:', 'NP:', 'NC:', 'NR:a', 'NP:a', 'NR:p', 'NR:ac', 'NP:n']),
    # The new patterns (the patterns engineer's list in /work/wt/PATTERNS.md).
    'spring-horse': dict(
        name=('Spring horse', '拔簧馬', '拔簧马'),
        phrases=[('Let the spring go', '鬆開彈簧', '松开弹簧'),
                 ('The horse jumps away', '馬兒跳開', '马儿跳开'),
                 ('Boing!', '彈出去！', '弹出去！')],
        hint=('The chariot checks right next to the general; the horse guards the chariot.',
              '車貼著將將軍，馬保護車。', '车贴着将将军，马保护车。'),
        hint_black=('The chariot checks right next to the red general; the horse guards the chariot.',
                    '車貼著帥將軍，馬保護車。', '车贴着帅将军，马保护车。'),
        specs=['RN:a', 'RN:ab', 'RN:aa', 'RN:ap', 'RN:ac', 'RN:', 'RN:aab']),
    'clamp-cannon': dict(
        name=('Cannon behind the chariot', '夾車炮', '夹车炮'),
        phrases=[('Chariot with a cannon behind', '車後有炮', '车后有炮'),
                 ('A strong pair', '好搭檔', '好搭档'),
                 ('Clamp it shut', '夾緊它', '夹紧它')],
        hint=('The cannon stands behind the chariot and guards it while it checks.',
              '炮在車的後面保護車，車去將軍。', '炮在车的后面保护车，车去将军。'),
        specs=['RC:aa', 'RC:ab', 'RC:aab', 'RC:a', 'RC:aap', 'RC:abn', 'RC:ar']),
    'empty-head-cannon': dict(
        name=('Cannon with an empty head', '空頭炮', '空头炮'),
        phrases=[('Nothing in between', '中間空空的', '中间空空的'),
                 ('Cannon on the middle file', '中路的炮', '中路的炮'),
                 ('Straight down the middle', '直通中路', '直通中路')],
        hint=('A cannon on the middle file with nothing between it and the general pins it down.',
              '炮在中路，和將之間沒有棋子，將就動不了。', '炮在中路，和将之间没有棋子，将就动不了。'),
        hint_black=('A cannon on the middle file with nothing between it and the red general pins it down.',
                    '炮在中路，和帥之間沒有棋子，帥就動不了。', '炮在中路，和帅之间没有棋子，帅就动不了。'),
        target=['C|R:aa', 'C|N:ab', 'C|R:ap', 'C|P:aa', 'C|R:aan', 'C|N:ac'],
        specs=['RC:aa', 'RC:ab', 'CR:aab', 'CN:aa', 'RC:aap', 'CN:ab', 'RC:aan']),
    'double-chariot-advisors': dict(
        name=('Two chariots at the palace flanks', '雙車脅士', '双车胁士'),
        phrases=[('Chariots at the palace', '雙車到九宮', '双车到九宫'),
                 ('One on each side', '兩邊各一個', '两边各一个'),
                 ('Two chariots push in', '雙車擠進去', '双车挤进去')],
        hint=('Put the two chariots on the two side files of the palace.',
              '雙車分別站在九宮兩邊的直線上。', '双车分别站在九宫两边的直线上。'),
        target=['RR:aa', 'RR:aab', 'RR:aap', 'RR:aac', 'RR:aan'],
        specs=['RR:aa', 'RR:aab', 'RR:aabb', 'RR:aap', 'RR:aan', 'RR:aac']),
    'three-pieces': dict(
        name=('Three pieces on one wing', '三子歸邊', '三子归边'),
        phrases=[('Three friends on one side', '三個好朋友在一邊', '三个好朋友在一边'),
                 ('All together now', '大家一起上', '大家一起上'),
                 ('One side attack', '一邊進攻', '一边进攻')],
        hint=('Chariot, horse and cannon all attack on the same side of the palace.',
              '車、馬、炮都在九宮的同一邊進攻。', '车、马、炮都在九宫的同一边进攻。'),
        target=['RNC:aa', 'RNC:ab', 'RNC:ap', 'RNC:an', 'RNC:aab'],
        specs=['RNC:aa', 'RNC:ab', 'RNC:aab', 'RNC:a', 'RNC:aap', 'RNC:abn']),
    'old-soldier': dict(
        name=('Old soldier in the forest', '老兵搜林', '老兵搜林'),
        phrases=[('The old soldier', '老兵', '老兵'),
                 ('Into the forest', '走進森林', '走进森林'),
                 ('Slow but sure', '慢慢走，走得穩', '慢慢走，走得稳')],
        phrases_black=[('The old black soldier', '老卒', '老卒'),
                       ('Into the red forest', '走進紅方森林', '走进红方森林'),
                       ('Slow but sure, Black', '慢慢走，黑卒走得穩', '慢慢走，黑卒走得稳')],
        hint=('March a soldier all the way to the bottom line: it helps give mate.',
              '兵走到底線，也能幫忙將死。', '兵走到底线，也能帮忙将死。'),
        hint_black=('March a black soldier all the way to the bottom line: it helps give mate.',
                    '卒走到底線，也能幫忙將死。', '卒走到底线，也能帮忙将死。'),
        specs=['PR:aa', 'PN:a', 'PP:a', 'RP:ab', 'PN:ab', 'PR:ap', 'PC:a', 'PN:n']),
    'pull-drawer': dict(
        name=('Pulling the drawer', '拉抽屜', '拉抽屉'),
        phrases=[('Open and shut', '開開關關', '开开关关'),
                 ('Pull the drawer', '拉開抽屜', '拉开抽屉'),
                 ('Back and forth', '來來回回', '来来回回')],
        hint=('Move a piece out of the way to uncover a check, then finish the job.',
              '走開一個棋子，露出將軍，再把對方將死。', '走开一个棋子，露出将军，再把对方将死。'),
        specs=['RC:ab', 'RN:a', 'RC:a', 'RC:aab', 'RN:ab', 'RC:abp', 'RR:a']),
    'chariot-horse-cold': dict(
        name=('Chariot and horse, quiet move', '車馬冷著', '车马冷着'),
        phrases=[('A quiet move', '安靜的一步', '安静的一步'),
                 ('No check first', '先不將軍', '先不将军'),
                 ('Wait and win', '等一等再贏', '等一等再赢')],
        hint=('Chariot and horse: first a quiet move that takes away every escape.',
              '車馬配合：先走一步不將軍的棋，封住所有出路。', '车马配合：先走一步不将军的棋，封住所有出路。'),
        specs=['RN:aa', 'RN:ab', 'RN:a', 'RN:', 'RN:ap', 'RN:ac']),
    'chariot-soldier-cold': dict(
        name=('Chariot and soldier, quiet move', '車兵冷著', '车兵冷着'),
        phrases=[('A quiet soldier', '安靜的兵', '安静的兵'),
                 ('Hold still', '別動', '别动'),
                 ('Wait for it', '等著瞧', '等着瞧')],
        phrases_black=[('A quiet black soldier', '安靜的卒', '安静的卒'),
                       ('Hold still, Red', '紅方別動', '红方别动'),
                       ('Wait for it, Red', '紅方等著瞧', '红方等着瞧')],
        hint=('Chariot and soldier: first a quiet move that takes away every escape.',
              '車兵配合：先走一步不將軍的棋，封住所有出路。', '车兵配合：先走一步不将军的棋，封住所有出路。'),
        hint_black=('Chariot and black soldier: first a quiet move that takes away every escape.',
                    '車卒配合：先走一步不將軍的棋，封住所有出路。', '车卒配合：先走一步不将军的棋，封住所有出路。'),
        target=['RP:aa', 'RP:ab', 'RP:ap', 'RP:an', 'RPP:a'],
        specs=['RP:aa', 'RP:ab', 'RP:a', 'RP:', 'RP:ap', 'RPP:a']),
    'chariot-cannon-cold': dict(
        name=('Chariot and cannon, quiet move', '車炮冷著', '车炮冷着'),
        phrases=[('A quiet cannon', '安靜的炮', '安静的炮'),
                 ('Set the trap', '設下陷阱', '设下陷阱'),
                 ('Cannon waits', '炮在等待', '炮在等待')],
        hint=('Chariot and cannon: first a quiet move that takes away every escape.',
              '車炮配合：先走一步不將軍的棋，封住所有出路。', '车炮配合：先走一步不将军的棋，封住所有出路。'),
        target=['RC:aa', 'RC:ab', 'RC:ap', 'RC:an', 'RC:aab'],
        specs=['RC:aa', 'RC:ab', 'RC:a', 'RC:', 'RC:ap', 'RC:abn']),
    'double-check': dict(
        name=('Double check', '雙將', '双将'),
        phrases=[('Two checks at once', '一次兩個將軍', '一次两个将军'),
                 ('Double trouble', '雙重麻煩', '双重麻烦'),
                 ('Check and check', '將軍再將軍', '将军再将军')],
        hint=('Move one piece so that two pieces give check at the same time.',
              '走一個棋子，讓兩個棋子同時將軍。', '走一个棋子，让两个棋子同时将军。'),
        specs=['RC:aa', 'NC:ab', 'RN:ab', 'RC:ab', 'NC:a', 'RN:ap', 'RC:aan', 'CC:a']),
}

FIRST = {
    'id': 'first-mates',
    'name': ('First checkmates', '入門殺法', '入门杀法'),
    'phrases': [('Catch the general!', '抓住將！', '抓住将！'),
                ('One move to win', '一步就贏', '一步就赢'),
                ('Checkmate in one', '一步將死', '一步将死'),
                ('Game over in one', '一步結束', '一步结束')],
    'phrases_black': [('Catch the red general!', '抓住帥！', '抓住帅！'),
                      ('One move to win', '一步就贏', '一步就赢'),
                      ('Checkmate in one', '一步將死', '一步将死'),
                      ('Game over in one', '一步結束', '一步结束')],
    'hint': ('Find a check the general cannot escape.',
             '找一步讓將逃不掉的將軍。', '找一步让将逃不掉的将军。'),
    'hint_black': ('Find a check the red general cannot escape.',
                   '找一步讓帥逃不掉的將軍。', '找一步让帅逃不掉的将军。'),
    'specs': ['R:', 'P:', 'N:', 'RP:', 'RR:', 'NP:', 'C:a', 'R:a', 'CC:', 'NC:',
              'R:p', 'RP:n', 'NP:c', 'RR:ar', 'NC:ap', 'C:ap'],
    'count': 48,
    'twos': 6,
}

# The order the packs are listed in (file names sort so): easier ideas first.
PACK_ORDER = ['first-mates', 'facing-general', 'two-chariots', 'double-cannon', 'horse-cannon',
              'corner-horse', 'wocao-horse', 'iron-bolt', 'sea-moon', 'smothered',
              'stalemate', 'bold-heart', 'two-ghosts', 'fishing-horse', 'high-horse',
              'eight-corner', 'side-tiger', 'twin-horses', 'heaven-earth', 'cinnabar', 'buddha',
              'double-check', 'clamp-cannon', 'empty-head-cannon', 'double-chariot-advisors',
              'spring-horse', 'old-soldier',
              'three-pieces', 'pull-drawer',
              'chariot-horse-cold', 'chariot-soldier-cold', 'chariot-cannon-cold']

# Puzzles wanted per pack, by mate length: a climb of mates in one and two
# first, then a few deeper ones.  A pack short of deep ones takes more
# shallow ones (up to PACK_SIZE).
PER_MATE = {1: 5, 2: 6, 3: 5, 4: 2, 5: 1}
PACK_SIZE = 19
MIN_PACK = 12
# Patterns defined by a move before the mate: no mate in one shows them.
LINE_PATTERNS = {'buddha', 'chariot-horse-cold', 'chariot-soldier-cold',
                 'chariot-cannon-cold'}
# Random positions looked at per mining run, and the solver's node limit.
TRIES = {1: 3000, 2: 4000, 3: 5000, 4: 4000, 5: 2000}
NODES = {1: 100000, 2: 150000, 3: 200000, 4: 250000, 5: 300000}
PER_RUN = {1: 6, 2: 6, 3: 5, 4: 3, 5: 1}
TARGET_COUNT = {1: 4, 2: 3, 3: 2}
TARGET_TRIES = {1: 30000, 2: 12000, 3: 4000}
# The commit with the first edition of the collection (317 puzzles): those
# that still qualify are offered to their old pack first, keeping their ids.
FIRST_EDITION = 'dc37f9a'
# Black to move: this share of each pack (spread through the climb) is
# turned round (ranks flipped, colours swapped; every second one mirrored
# left to right too) and proved again.
BLACK_SHARE = (2, 5)

PIECE_NAMES = {   # FEN letter: (one, several, zh_TW, zh_CN)
    'a': ('an advisor', 'advisors', '士', '士'), 'b': ('an elephant', 'elephants', '象', '象'),
    'r': ('a chariot', 'chariots', '車', '车'), 'n': ('a horse', 'horses', '馬', '马'),
    'c': ('a cannon', 'cannons', '炮', '炮'), 'p': ('a soldier', 'soldiers', '卒', '卒'),
    'A': ('an advisor', 'advisors', '仕', '仕'), 'B': ('an elephant', 'elephants', '相', '相'),
    'R': ('a chariot', 'chariots', '車', '车'), 'N': ('a horse', 'horses', '馬', '马'),
    'C': ('a cannon', 'cannons', '炮', '炮'), 'P': ('a soldier', 'soldiers', '兵', '兵'),
}
COUNT_WORDS = {2: ('two', '雙', '双'), 3: ('three', '三', '三'), 4: ('four', '四', '四'),
               5: ('five', '五', '五')}
FIGHTERS = set('rncpRNCP')

PIECE_HINTS = {
    'R': ('Move your chariot.', '走你的車。', '走你的车。'),
    'N': ('Move your horse.', '走你的馬。', '走你的马。'),
    'C': ('Move your cannon.', '走你的炮。', '走你的炮。'),
    'P': ('Move your soldier.', '走你的兵。', '走你的兵。'),
    'K': ('Move your general.', '走你的帥。', '走你的帅。'),
    'A': ('Move your advisor.', '走你的仕。', '走你的仕。'),
    'B': ('Move your elephant.', '走你的相。', '走你的相。'),
    # Black's pieces: the same English would need another translation.
    'p': ('Move your black soldier.', '走你的卒。', '走你的卒。'),
    'k': ('Move your black general.', '走你的將。', '走你的将。'),
    'a': ('Move your black advisor.', '走你的士。', '走你的士。'),
    'b': ('Move your black elephant.', '走你的象。', '走你的象。'),
    'r': ('Move your chariot.', '走你的車。', '走你的车。'),
    'n': ('Move your horse.', '走你的馬。', '走你的马。'),
    'c': ('Move your cannon.', '走你的炮。', '走你的炮。'),
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
    ('_Take Back', '悔棋', '悔棋', False),
    ('_Next Puzzle', '下一題', '下一题', False),
    ('_Hint', '提示', '提示', False),
    ('_Retry', '重來', '重来', False),
    ('_All Packs', '所有題組', '所有题组', False),
]



def board_rows(fen):
    rows = []
    for row in fen.split()[0].split('/'):
        out = ''
        for ch in row:
            out += '.' * int(ch) if ch.isdigit() else ch
        rows.append(out)
    return rows  # rows[0] is rank 9, Black's back rank


def rows_fen(rows, side):
    out = []
    for row in rows:
        s, n = '', 0
        for ch in row:
            if ch == '.':
                n += 1
            else:
                s += (str(n) if n else '') + ch
                n = 0
        out.append(s + (str(n) if n else ''))
    return '/'.join(out) + ' %s - - 0 1' % side


def turned(fen, files):
    """The same puzzle for the other side: ranks flipped and colours swapped,
    and with files also mirrored left to right."""
    rows = [r.swapcase() for r in reversed(board_rows(fen))]
    if files:
        rows = [r[::-1] for r in rows]
    return rows_fen(rows, 'b' if fen.split()[1] == 'w' else 'w')


def attacker_is_red(fen):
    return fen.split()[1] == 'w'


def defenders(fen):
    """The defender's pieces other than its general, as FEN letters."""
    red = attacker_is_red(fen)
    return ''.join(sorted(ch for ch in ''.join(board_rows(fen))
                          if ch not in '.kK' and ch.islower() == red))


def fights_back(fen):
    return any(ch in FIGHTERS for ch in defenders(fen))


def key_piece(fen, key):
    file, rank = ord(key[0]) - ord('a'), int(key[1])
    return board_rows(fen)[9 - rank][file]


def piece_list(pieces, order):
    """('two advisors and a horse', '雙士、馬', '双士、马')."""
    en, tw, cn = [], [], []
    for letter in order:
        n = pieces.count(letter)
        if not n:
            continue
        one, many, t, c = PIECE_NAMES[letter]
        if n == 1:
            en.append(one)
            tw.append(t)
            cn.append(c)
        else:
            w = COUNT_WORDS[n]
            en.append('%s %s' % (w[0], many))
            tw.append(w[1] + t)
            cn.append(w[2] + c)
    e = en[0] if len(en) == 1 else ', '.join(en[:-1]) + ' and ' + en[-1]
    return e, '、'.join(tw), '、'.join(cn)


def attack_text(fen):
    """('with two chariots', '用雙車', '用双车'): the solver's men."""
    red = attacker_is_red(fen)
    pieces = ''.join(ch for ch in ''.join(board_rows(fen))
                     if ch not in '.kK' and ch.isupper() == red)
    e, t, c = piece_list(pieces, 'RNCPAB' if red else 'rncpab')
    return 'with ' + e, '用' + t, '用' + c


def defence_text(fen):
    """('Red to move; Black has two advisors and a horse', '紅方走；黑方有雙士、馬',
    ...) for a title: the learner's side first, so a child never reads the
    defender's pieces as its own (issue 31)."""
    red = attacker_is_red(fen)
    me = ('Red to move', '紅方走', '红方走') if red else ('Black to move', '黑方走', '黑方走')
    side = ('Black', '黑方', '黑方') if red else ('Red', '紅方', '红方')
    pieces = defenders(fen)
    if not pieces:
        alone = (('只剩老將', '只剩老将') if red else ('只剩老帥', '只剩老帅'))
        return ('%s; %s has only the general' % (me[0], side[0]),
                '%s；%s%s' % (me[1], side[1], alone[0]), '%s；%s%s' % (me[2], side[2], alone[1]))
    e, t, c = piece_list(pieces, 'rncpab' if red else 'RNCPAB')
    return ('%s; %s has %s' % (me[0], side[0], e), '%s；%s有%s' % (me[1], side[1], t),
            '%s；%s有%s' % (me[2], side[2], c))


def wing_text(fen):
    rows = board_rows(fen)
    red = attacker_is_red(fen)
    general = 'k' if red else 'K'
    f = next(r.index(general) for r in rows if general in r)
    if not red:
        f = 8 - f   # the board is turned for Black
    g = ('將', '将') if red else ('帥', '帅')
    if f < 4:
        return ('general on the left', g[0] + '在左邊', g[1] + '在左边')
    if f > 4:
        return ('general on the right', g[0] + '在右邊', g[1] + '在右边')
    return ('general in the middle', g[0] + '在中間', g[1] + '在中间')


def black_hint(hint):
    """A hint for Black to move: the general to mate is Red's 帥."""
    en, tw, cn = hint
    if 'the general' not in en and "The general's" not in en:
        return hint
    en = en.replace('the general', 'the red general').replace("The general's", "The red general's")
    for a, b in (('將的', '帥的'), ('將自己', '帥自己'), ('把將', '把帥'), ('讓將', '讓帥'),
                 ('将的', '帅的'), ('将自己', '帅自己'), ('把将', '把帅'), ('让将', '让帅')):
        tw, cn = tw.replace(a, b), cn.replace(a, b)
    return en, tw, cn


def title_for(phrases, fen, mate, used):
    """A title no other puzzle of the pack has: the pattern's phrase and what
    the defender has, then where its general stands, the solver's men, and
    the length."""
    d = defence_text(fen)
    w = wing_text(fen)
    a = attack_text(fen)
    m = ('mate in %d' % mate, '%d步殺' % mate, '%d步杀' % mate)
    return first_unused_title(phrases, [(d,), (d, w), (d, a), (d, w, a), (d, w, a, m)], used)


def bench_lines(path):
    """(FEN, N) for each "FEN | mate N | ..." line of a bench file, in
    order; blank lines and "#" comments skipped."""
    with open(path, encoding='utf-8') as f:
        for line in f:
            if not line.strip() or line.startswith('#'):
                continue
            fen, mate = [x.strip() for x in line.split('|')[:2]]
            yield fen, int(mate.split()[1])


def read_sources(paths):
    """{board: where it comes from} of the tab-separated "BOARD<TAB>source"
    files beside the mined FEN files (tools/game-mates.sources and the
    like); the first line for a board counts; "#" comments skipped."""
    src = {}
    for path in paths:
        with open(path, encoding='utf-8') as f:
            for line in f:
                if line.startswith('#') or '\t' not in line:
                    continue
                board, where = line.rstrip('\n').split('\t', 1)
                src.setdefault(board, where)
    return src


def first_unused_title(phrases, tiers, used):
    """The first "phrase (detail; detail)" in English, zh_TW and zh_CN that
    `used` does not hold yet, trying every phrase with the first tier of
    details, then with the next; it is added to `used`."""
    for tier in tiers:
        for ph in phrases:
            t = ('%s (%s)' % (ph[0], '; '.join(x[0] for x in tier)),
                 '%s（%s）' % (ph[1], '；'.join(x[1] for x in tier)),
                 '%s（%s）' % (ph[2], '；'.join(x[2] for x in tier)))
            if t[0] not in used:
                used.add(t[0])
                return t
    return None


def recogniser_hash():
    h = hashlib.sha1()
    for d in (os.path.join(ROOT, 'src', 'core'), os.path.join(ROOT, 'src', 'cli')):
        for name in sorted(os.listdir(d)):
            if name.startswith(('xq-patterns', 'xq-kill', 'xqtool-puzzles')):
                with open(os.path.join(d, name), 'rb') as f:
                    h.update(name.encode() + f.read())
    return h.hexdigest()[:12]


def parse_line(line):
    f = [x.strip() for x in line.split('|')]
    if len(f) < 7:
        return None
    return {'fen': f[0], 'mate': int(f[1].split()[1]), 'key': f[2],
            'kills': [k for k in f[3].split(',') if k != 'none'], 'line': f[4].split(),
            'nodes': int(f[5]), 'check': f[6] == 'check'}


class Miner:
    def __init__(self, xqtool, cache):
        self.xqtool = xqtool
        self.cache = cache
        os.makedirs(cache, exist_ok=True)
        self.version = recogniser_hash()
        self.confirm_path = os.path.join(cache, 'confirm-%s.json' % self.version)
        self.confirmed = {}
        if os.path.exists(self.confirm_path):
            with open(self.confirm_path, encoding='utf-8') as f:
                self.confirmed = json.load(f)

    def run(self, args):
        text = ' '.join(args)
        if '--pattern' in args[args.index('--pattern') + 2:]:
            # What a run asking for a pattern finds depends on the recognisers.
            text += ' ' + self.version
        key = hashlib.sha1(text.encode()).hexdigest()[:16]
        path = os.path.join(self.cache, key + '.txt')
        if os.path.exists(path):
            with open(path, encoding='utf-8') as f:
                out = f.read()
        else:
            out = subprocess.run(['nice', '-n', '10', self.xqtool] + args, capture_output=True,
                                 text=True, check=True).stdout
            with open(path + '.tmp', 'w', encoding='utf-8') as f:
                f.write(out)
            os.replace(path + '.tmp', path)
        return [p for p in map(parse_line, out.splitlines()) if p]

    def mine(self, pieces, mate, seed, count, extra=()):
        # A later --pattern or --tries in extra wins over these.
        args = ['puzzle-mine', '--pieces', pieces, '--pattern', 'any', '--mate', str(mate),
                '--seed', str(seed), '--count', str(count), '--tries', str(TRIES[mate]),
                '--nodes', str(NODES[mate]), '--economy'] + list(extra)
        return self.run(args)

    def confirm(self, puzzles, jobs):
        """Each (fen, mate) proved again and its patterns confirmed on every
        defence line; None when it is not an exact puzzle."""
        todo = sorted({'%s | mate %d' % (fen, mate) for fen, mate in puzzles} - set(self.confirmed))
        if todo:
            chunks = [todo[i::jobs] for i in range(jobs)]

            def one(chunk):
                return subprocess.run(['nice', '-n', '10', self.xqtool, 'puzzle-confirm'],
                                      input='\n'.join(chunk) + '\n', capture_output=True,
                                      text=True, check=True).stdout

            with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
                outs = list(ex.map(one, chunks))
            for chunk, out in zip(chunks, outs):
                lines = out.splitlines()
                assert len(lines) == len(chunk), 'puzzle-confirm lost a line'
                for q, line in zip(chunk, lines):
                    self.confirmed[q] = parse_line(line)
            with open(self.confirm_path + '.tmp', 'w', encoding='utf-8') as f:
                json.dump(self.confirmed, f)
            os.replace(self.confirm_path + '.tmp', self.confirm_path)
        return {(fen, mate): self.confirmed['%s | mate %d' % (fen, mate)] for fen, mate in puzzles}


def mining_jobs(runs):
    """(pattern, spec, mate, seed, count, extra) for every mining run."""
    jobs = []
    targeted = []
    for pid, e in PATTERNS.items():
        base = int(hashlib.sha1(pid.encode()).hexdigest()[:6], 16)
        extra = ['--raised'] if e.get('raised') else []
        specs = e['specs']
        for mate in sorted(PER_MATE):
            for j in range(runs[mate]):
                spec = specs[(j + mate) % len(specs)]
                jobs.append((pid, spec, mate, base + 97 * mate + j, PER_RUN[mate], extra))
                # The same attack against a defender that fights back.
                if not any(ch in FIGHTERS for ch in spec.split(':')[1]) and mate <= 4:
                    jobs.append((pid, spec + 'pncr'[(j + mate) % 4], mate, base + 97 * mate + j,
                                 PER_RUN[mate], extra))
        # Patterns random placement seldom builds: asked for by name, so
        # puzzle-mine keeps only positions showing it on every line.  First,
        # as they are the ones a pack may be short of.
        for mate in ((2, 3) if pid in LINE_PATTERNS else (1, 2)):
            for j, spec in enumerate(e.get('target', [])):
                targeted.append((pid, spec, mate, base + 7 * mate + j, TARGET_COUNT[mate],
                                 extra + ['--pattern', pid, '--tries', str(TARGET_TRIES[mate])]))
    for i, spec in enumerate(FIRST['specs'] * 2):
        jobs.append(('first-mates', spec, 1, 500 + i, 4, ['--check']))
    # Deep mates cost the most: last.
    return targeted + sorted(jobs, key=lambda j: j[2] >= 4)


def committed_puzzles(rev):
    """[(pack, id, fen, mate)] of the packs at a git revision."""
    found = []
    try:
        names = subprocess.run(['git', '-C', ROOT, 'ls-tree', '--name-only', rev,
                                'lessons/puzzles/'], capture_output=True, text=True,
                               check=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        return found
    for name in names:
        if not name.endswith('.json'):
            continue
        doc = json.loads(subprocess.run(['git', '-C', ROOT, 'show', '%s:%s' % (rev, name)],
                                        capture_output=True, text=True, check=True).stdout)
        for pz in doc.get('puzzles', []):
            found.append((doc['id'], pz['id'], pz['fen'], pz['mate-in']))
    return found


def old_ids():
    """(pack, fen) -> id of the packs as last committed and of the first
    edition, so a puzzle that stays where it was keeps its id (and the
    learner's progress)."""
    return {(pack, fen): pid for pack, pid, fen, mate in
            committed_puzzles(FIRST_EDITION) + committed_puzzles('HEAD')}


def solve_check(xqtool, p):
    out = subprocess.run(['nice', '-n', '10', xqtool, 'solve', p['fen'], '--max', str(p['mate'])],
                         capture_output=True, text=True, check=True).stdout.split()
    return out == ['mate', str(p['mate']), p['key']]


def difficulty(p):
    d = {1: 1, 2: 2, 3: 3, 4: 4, 5: 4}.get(p['mate'], 5)
    if not p['check'] and p['mate'] <= 5:
        d += 1
    return min(d, 5)


def pick(pid, cands, per_mate, size, used):
    """A climb from one pattern's candidates: per_mate of each length, then
    more of the shallow ones up to size; first-edition puzzles of this pack
    first (they keep their ids), then fighting defenders."""
    by_mate = {}
    for p in cands:
        if p['fen'] not in used:
            by_mate.setdefault(p['mate'], []).append(p)
    for m in by_mate:
        by_mate[m].sort(key=lambda p: (p.get('old_pack') != pid, not fights_back(p['fen']),
                                       p['nodes'], p['fen']))
    got = []
    for m, want in sorted(per_mate.items()):
        got += by_mate.get(m, [])[:want]
    for m in (3, 2, 1, 4, 5):
        for p in by_mate.get(m, [])[per_mate.get(m, 0):]:
            if len(got) < size:
                got.append(p)
    for p in got:
        used.add(p['fen'])
    return sorted(got, key=lambda p: (p['mate'], p['nodes'], p['fen']))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--xqtool', default=os.path.join(ROOT, 'build', 'src', 'cli', 'xqtool'))
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--cache', default='/tmp/xq-puzzle-cache')
    ap.add_argument('--bench', default=os.path.join(ROOT, 'tools', 'puzzles.bench'))
    ap.add_argument('--out', default=os.path.join(ROOT, 'lessons', 'puzzles'))
    ap.add_argument('--runs', default='2,3,3,2,2',
                    help='mining runs per pattern for mates in 1,2,3,4,5')
    ap.add_argument('--yield-only', action='store_true',
                    help='mine and confirm, print the yield per pattern, write nothing')
    ap.add_argument('--refill', metavar='PACK', action='append',
                    help='rebuild only these packs (after a recogniser changed): their puzzles '
                         'that still show the pattern on every line keep their places and ids, '
                         'the pattern\'s own mining runs fill them up; every other pack is '
                         'written again as it is')
    ap.add_argument('--compare-fsf', metavar='ENGINE', nargs='?', const='/usr/games/fairy-stockfish',
                    help='only time the bench file against fairy-stockfish (go mate N)')
    args = ap.parse_args()
    if args.compare_fsf:
        return compare_fsf(args.xqtool, args.bench, args.compare_fsf)
    start = time.monotonic()
    runs = dict(zip(sorted(PER_MATE), map(int, args.runs.split(','))))
    miner = Miner(args.xqtool, args.cache)
    if args.refill:
        return refill(args, runs, miner, start)

    jobs = mining_jobs(runs)
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
        results = list(ex.map(lambda j: (j[0], miner.mine(*j[1:])), jobs))
    mined = {}
    for pid, found in results:
        for p in found:
            mined.setdefault((p['fen'], p['mate']), p)
    print('mined %d positions in %d runs (%.0f s)' % (len(mined), len(jobs),
                                                        time.monotonic() - start))
    first_edition = {(fen, mate): pack for pack, _, fen, mate in committed_puzzles(FIRST_EDITION)}
    conf = miner.confirm(list(mined) + list(first_edition), args.jobs)
    cands = [c for c in conf.values() if c]
    for c in cands:
        if (c['fen'], c['mate']) in first_edition:
            c['old_pack'] = first_edition[(c['fen'], c['mate'])]
    print('%d exact after confirming (%.0f s)' % (len(cands), time.monotonic() - start))

    # Which pack each pattern's candidates could go to.
    for_pack = {pid: [] for pid in PATTERNS}
    for c in cands:
        kills = set(c['kills'])
        for pid in PATTERNS:
            if pid == 'stalemate':
                if 'stalemate' in kills:
                    for_pack[pid].append(c)
            elif pid in kills and 'stalemate' not in kills:
                for_pack[pid].append(c)
    for pid in PACK_ORDER:
        if pid in for_pack:
            ms = [c['mate'] for c in for_pack[pid]]
            print('  yield %-24s %3d  by mate %s  fighting %d' % (
                pid, len(ms), [ms.count(m) for m in range(1, 6)],
                sum(fights_back(c['fen']) for c in for_pack[pid])))
    if args.yield_only:
        return 0

    # The scarcest patterns choose first, so every pack can reach its size.
    used = set()
    packs = {}
    for pid in sorted(for_pack, key=lambda k: (len(for_pack[k]), k)):
        # A pattern made by a move before the mate climbs from mates in two.
        low = 2 if pid in LINE_PATTERNS else 1
        quota = {m + low - 1: n for m, n in PER_MATE.items() if m + low - 1 <= 5}
        chosen = pick(pid, for_pack[pid], quota, PACK_SIZE, used)
        if len(chosen) < MIN_PACK or sum(p['mate'] == low for p in chosen) < 4 or \
           sum(p['mate'] == low + 1 for p in chosen) < 4:
            print('  dropped %s: %d puzzles' % (pid, len(chosen)))
            for p in chosen:
                used.discard(p['fen'])
            continue
        packs[pid] = chosen
    # The children's pack: mates in one that give check, then a few in two.
    first = []
    for mate, count in ((1, FIRST['count']), (2, FIRST['twos'])):
        # In two: ending in a named pattern on every line, so in checkmate.
        more = [c for c in cands if c['mate'] == mate and c['check'] and c['fen'] not in used
                and 'stalemate' not in c['kills'] and (mate == 1 or c['kills'])]
        more.sort(key=lambda p: (p.get('old_pack') != 'first-mates', not fights_back(p['fen']),
                                 p['nodes'], p['fen']))
        first += sorted(more[:count], key=lambda p: (p['nodes'], p['fen']))
    packs['first-mates'] = first

    # Black to move: some puzzles of each pack turned round and proved again.
    # Evenly through the climb, never one that keeps a first-edition id.
    turns = {}
    for pid, plist in packs.items():
        free = [i for i, p in enumerate(plist) if p.get('old_pack') != pid]
        want = min(len(free), -(-len(plist) * BLACK_SHARE[0] // BLACK_SHARE[1]))
        for j in range(want):
            i = free[j * len(free) // want]
            turns[(pid, i)] = turned(plist[i]['fen'], files=j % 2 == 1)
    tconf = miner.confirm([(fen, packs[pid][i]['mate']) for (pid, i), fen in turns.items()],
                          args.jobs)
    flipped = 0
    for (pid, i), fen in turns.items():
        t = tconf[(fen, packs[pid][i]['mate'])]
        if t is None:
            continue
        if pid != 'first-mates' and (pid not in t['kills'] or
                                     (pid != 'stalemate' and 'stalemate' in t['kills'])):
            continue
        packs[pid][i] = t
        flipped += 1
    print('%d of %d turned puzzles kept' % (flipped, len(turns)))
    # The children's pack starts with Red to move, as the board is first
    # shown: in each length Red's puzzles come first (issue 31).
    packs['first-mates'].sort(key=lambda p: (p['mate'], not attacker_is_red(p['fen'])))
    return write_all(args, packs, start)


def shipped_packs(out):
    """{pack id: [(fen, mate)]} of the collection's packs in out, in order
    (the advanced tier's, written by gen-game-puzzles.py, left out)."""
    packs = {}
    for name in sorted(os.listdir(out)):
        if not name.endswith('.json') or '-game-' in name:
            continue
        with open(os.path.join(out, name), encoding='utf-8') as f:
            doc = json.load(f)
        if doc.get('type') == 'pack':
            packs[doc['id']] = [(pz['fen'], pz['mate-in']) for pz in doc['puzzles']]
    return packs


def refill(args, runs, miner, start):
    """--refill: the shipped packs again, the named ones rebuilt.  A puzzle
    of a refilled pack stays when it still shows the pack's pattern on every
    line (and never 困斃); the pattern's mining runs offer the rest, and the
    pack is picked as main() picks it, its old puzzles first."""
    shipped = shipped_packs(args.out)
    for pid in args.refill:
        if pid not in PATTERNS or pid not in shipped:
            raise SystemExit('--refill %s: no such pattern pack' % pid)
    conf = miner.confirm([q for plist in shipped.values() for q in plist], args.jobs)
    packs = {}
    for pack_id, plist in shipped.items():
        if pack_id not in args.refill:
            packs[pack_id] = [conf[q] for q in plist]
            if any(c is None for c in packs[pack_id]):
                raise SystemExit('%s: a shipped puzzle is no longer exact' % pack_id)
    used = {c['fen'] for plist in packs.values() for c in plist}
    for pid in args.refill:
        jobs = [j for j in mining_jobs(runs) if j[0] == pid]
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
            found = [p for ps in ex.map(lambda j: miner.mine(*j[1:]), jobs) for p in ps]
        mined = sorted({(p['fen'], p['mate']) for p in found})
        mconf = miner.confirm(mined, args.jobs)
        cands = []
        for q in shipped[pid]:
            c = conf[q]
            if c and pid in c['kills'] and 'stalemate' not in c['kills']:
                c['old_pack'] = pid
                cands.append(c)
        kept = len(cands)
        have = {c['fen'] for c in cands}
        cands += [c for c in mconf.values() if c and pid in c['kills'] and 'stalemate' not in c['kills']
                  and c['fen'] not in have]
        low = 2 if pid in LINE_PATTERNS else 1
        quota = {m + low - 1: n for m, n in PER_MATE.items() if m + low - 1 <= 5}
        packs[pid] = pick(pid, cands, quota, PACK_SIZE, used)
        print('%s: %d of %d shipped puzzles still show it, %d mined offer it, %d picked'
              % (pid, kept, len(shipped[pid]), len(cands) - kept, len(packs[pid])))
        # Black to move, as main() turns them: new puzzles only, evenly
        # through the climb, up to two in five of the pack.
        plist = packs[pid]
        free = [i for i, p in enumerate(plist) if p.get('old_pack') != pid]
        have = sum(not attacker_is_red(p['fen']) for p in plist)
        want = min(len(free), max(0, -(-len(plist) * BLACK_SHARE[0] // BLACK_SHARE[1]) - have))
        turns = {i: turned(plist[free[j * len(free) // want]]['fen'], files=j % 2 == 1)
                 for j, i in enumerate(free[j * len(free) // want] for j in range(want))}
        tconf = miner.confirm([(fen, plist[i]['mate']) for i, fen in turns.items()], args.jobs)
        for i, fen in turns.items():
            t = tconf[(fen, plist[i]['mate'])]
            if t is not None and pid in t['kills'] and 'stalemate' not in t['kills']:
                plist[i] = t
    packs['first-mates'].sort(key=lambda p: (p['mate'], not attacker_is_red(p['fen'])))
    return write_all(args, packs, start)


def write_all(args, packs, start):
    strings = {}  # English -> (zh_TW, zh_CN)

    def text(t):
        if t[0] in strings and strings[t[0]] != (t[1], t[2]):
            raise SystemExit('two translations for “%s”' % t[0])
        strings[t[0]] = (t[1], t[2])
        return t[0]

    olds = old_ids()
    os.makedirs(args.out, exist_ok=True)
    # The packs' worked examples ("intro", written by hand with the
    # curriculum, docs/lesson-format.md) are kept as they are.
    intros = {}
    for old in os.listdir(args.out):
        if old.endswith('.json'):
            try:
                with open(os.path.join(args.out, old), encoding='utf-8') as f:
                    doc = json.load(f)
                if 'intro' in doc:
                    intros[doc['id']] = doc['intro']
            except (OSError, ValueError):
                pass
            os.remove(os.path.join(args.out, old))
    bench = []
    failures = 0
    ids = {}

    def puzzle_id(pack_id, fen):
        if (pack_id, fen) in olds:
            return olds[(pack_id, fen)]
        # Named by the position, so an id never comes back for another one.
        digest = hashlib.sha1(fen.encode()).hexdigest()
        n = 6
        while True:
            pid = '%s-%s' % (pack_id, digest[:n])
            if ids.get(pid, fen) == fen and all(f == fen for (k, f), v in olds.items() if v == pid):
                return pid
            n += 1

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
        flat = [p for plist in packs.values() for p in plist]
        proved = dict(zip((p['fen'] for p in flat), ex.map(lambda p: solve_check(args.xqtool, p), flat)))

    stats = {'total': 0, 'fight': 0, 'black': 0, 'short': 0, 'mates': {}}
    for pack_id in PACK_ORDER:
        if pack_id not in packs:
            continue
        e = FIRST if pack_id == 'first-mates' else PATTERNS[pack_id]
        if pack_id == 'first-mates':
            label = None
            title = text(e['name'])
        else:
            label = text(('%s (%s)' % (e['name'][0], e['name'][1]), e['name'][1], e['name'][2]))
            title = label
        used_titles = set()
        objs = []
        for p in packs[pack_id]:
            if not proved[p['fen']]:
                print('NOT PROVED: %s' % p['fen'], file=sys.stderr)
                failures += 1
                continue
            red = attacker_is_red(p['fen'])
            phrases = e['phrases'] if red else e.get('phrases_black', e['phrases'])
            t = title_for(phrases, p['fen'], p['mate'], used_titles)
            if t is None:
                print('no title left for %s in %s' % (p['fen'], pack_id), file=sys.stderr)
                continue
            letter = key_piece(p['fen'], p['key'])
            hint = e['hint'] if red else e.get('hint_black') or black_hint(e['hint'])
            pid = puzzle_id(pack_id, p['fen'])
            ids[pid] = p['fen']
            obj = {'id': pid, 'title': text(t), 'fen': p['fen'], 'mate-in': p['mate']}
            if label:
                obj['pattern'] = label
            obj['difficulty'] = difficulty(p)
            obj['hints'] = [text(hint), text(PIECE_HINTS[letter])]
            objs.append(obj)
            bench.append('%s | mate %d | %s' % (p['fen'], p['mate'], p['key']))
            stats['total'] += 1
            stats['fight'] += fights_back(p['fen'])
            stats['black'] += not red
            stats['short'] += p['mate'] <= 2
            stats['mates'][p['mate']] = stats['mates'].get(p['mate'], 0) + 1
        doc = {'format': 1, 'type': 'pack', 'id': pack_id, 'title': title, 'puzzles': objs}
        name = '%02d-%s.json' % (PACK_ORDER.index(pack_id), pack_id)
        if pack_id in intros:
            doc = {'format': 1, 'type': 'pack', 'id': pack_id, 'title': title, 'intro': intros[pack_id],
                   'puzzles': objs}
        with open(os.path.join(args.out, name), 'w', encoding='utf-8') as f:
            json.dump(doc, f, ensure_ascii=False, indent=2)
            f.write('\n')
        ms = [o['mate-in'] for o in objs]
        print('%-24s %2d puzzles, mates %s, Black %d, fighting %d' % (
            pack_id, len(objs), [ms.count(m) for m in range(1, 6)],
            sum(o['fen'].split()[1] == 'b' for o in objs),
            sum(fights_back(o['fen']) for o in objs)))

    with open(args.bench, 'w', encoding='utf-8') as f:
        f.write('# Every shipped puzzle, for `xqtool bench solve`; written by tools/gen-puzzles.py\n')
        f.write('\n'.join(bench) + '\n')
    write_po(strings)
    n = max(stats['total'], 1)
    print('total %d puzzles in %d packs, %d not proved; mates %s; defender fights back %.0f%%, '
          'Black to move %.0f%%, mate in 1-2 %.0f%%; %.0f s'
          % (stats['total'], len(packs), failures, dict(sorted(stats['mates'].items())),
             100 * stats['fight'] / n, 100 * stats['black'] / n, 100 * stats['short'] / n,
             time.monotonic() - start))
    return 1 if failures else 0


def write_po(strings):
    for lang, idx, team in (('zh_TW', 0, 'Chinese (traditional)'), ('zh_CN', 1, 'Chinese (simplified)')):
        path = os.path.join(ROOT, 'po', 'extra', 'puzzles.%s.po' % lang)
        with open(path, 'w', encoding='utf-8') as f:
            f.write('# %s translation of the puzzle packs (written by tools/gen-puzzles.py).\n' % team)
            f.write('# This file is distributed under the same license as the xiangqi-tutor package.\n')
            f.write('msgid ""\nmsgstr ""\n'
                    '"Project-Id-Version: xiangqi-tutor\\n"\n'
                    '"PO-Revision-Date: 2026-12-02 00:00+0000\\n"\n'
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


def compare_fsf(xqtool, bench, engine):
    """Times `xqtool bench solve` and fairy-stockfish `go mate N` on the same
    puzzles and prints both side by side, with the ratio of the totals."""
    import re
    import time
    out = subprocess.run([xqtool, 'bench', 'solve', bench, '--runs', '1'], capture_output=True,
                         text=True, check=True).stdout
    ours = {}
    for line in out.splitlines():
        m = re.match(r'\s*([0-9.]+) ms\s+(?:[0-9.]+ cpu-ms\s+)?\d+ nodes\s+(?:\d+ work\s+)?'
                     r'(mate \d+|none)\s.*?\s(\S+/\S+ [wb] - - \d+ \d+)$', line)
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
    for fen, k in bench_lines(bench):
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
