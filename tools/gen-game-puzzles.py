#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The advanced tier of the puzzle collection: game-like kill puzzles from
positions reached in real games (tools/puzzle-gen.md, "The advanced tier").

Input: "FEN | mate N" lines of positions reached in played games or their
side lines, mined by tools/gen-game-mates.py (by default
tools/game-mates.fen, the solver benchmark's, from the computer's own games
and the public CCPD game records, and tools/game-puzzles-extra.fen, more
CCPD records mined for this tier), and the sources files naming the record
of each (tools/game-mates.sources, tools/game-puzzles-extra.sources).  Every position with --min-pieces or more
pieces and a mate in 3 to 12 goes through `xqtool puzzle-confirm` (proved
again: exactly N, ONE key move for mates in 3 and 4, at most --keys for
deeper ones, every key proved; the patterns that hold on every line the
defender can choose after EVERY key, and whether the defender threatens
mate in one).
A puzzle is kept when a checkmate pattern holds on every line and no line
ends in 困斃, and when its proof fits the app's budget with room to spare
(--max-work).  Near-copies are capped: one game record gives at most
--per-game puzzles and one game position (record and ply, with its side
lines) at most --per-position, the shipped ones counted first and never
dropped; only new puzzles are left out (mates in 5+ chosen first).  Its pack is its pattern's family (chariots, horses,
cannons, soldiers); its pattern is the rarest of those it shows.  Packs open
by rating ("min-rating", docs/puzzle-drill.md).

Writes lessons/puzzles/NN-game-*.json (from 40 on), tools/game-puzzles.sources (the
source of every puzzle, with the CCPD attribution), and adds the strings to
po/extra/puzzles.{zh_CN,zh_TW}.po (run after tools/gen-puzzles.py, which
rewrites those files).  Afterwards: tools/lesson-strings.py,
`xqtool proofs write lessons`.

Usage: nice -n 10 gen-game-puzzles.py [--xqtool PATH] [--cache DIR] [--yield-only]
                                      [--per-game N] [--per-position N]
                                      [--fen FILE --sources FILE]...
"""
import argparse
import hashlib
import importlib.util
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
_spec = importlib.util.spec_from_file_location('gen_puzzles', os.path.join(HERE, 'gen-puzzles.py'))
gp = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gp)

# The advanced tier's packs: a family of patterns each, in this order.
FAMILIES = [
    ('game-chariots', ('Game kills: chariots', '實戰殺法：車', '实战杀法：车'),
     ['two-chariots', 'double-chariot-advisors', 'sea-moon', 'bold-heart', 'iron-bolt',
      'facing-general', 'clamp-cannon', 'buddha', 'chariot-horse-cold', 'chariot-soldier-cold',
      'chariot-cannon-cold']),
    ('game-horses', ('Game kills: horses', '實戰殺法：馬', '实战杀法：马'),
     ['horse-cannon', 'wocao-horse', 'corner-horse', 'fishing-horse', 'eight-corner',
      'side-tiger', 'twin-horses', 'high-horse', 'spring-horse', 'three-pieces']),
    ('game-cannons', ('Game kills: cannons', '實戰殺法：炮', '实战杀法：炮'),
     ['double-cannon', 'heaven-earth', 'smothered', 'cinnabar', 'empty-head-cannon',
      'pull-drawer', 'double-check']),
    ('game-soldiers', ('Game kills: soldiers', '實戰殺法：兵卒', '实战杀法：兵卒'),
     ['two-ghosts', 'old-soldier']),
]
FIRST_FILE = 40          # lessons/puzzles/40-game-chariots.json, ...
MIN_RATING = 1500        # docs/puzzle-drill.md, "The advanced tier"
PACK_MAX = 150           # XQ_LESSON_MAX_ITEMS is 200; a list of 150 is long enough
CCPD = ('CCPD: Yu-Han Tseng and Bo-Nian Chen (2026), Chinese Chess Practical Dataset,\n'
        '# https://github.com/Yvonne761/Chinese-Chess-Practical-Dataset, CC BY 4.0.')
SELF_PLAY = 'the computer\'s own games (xqtool bench ladder; tools/game-mates.fen)'


def pieces(fen):
    return sum(ch.isalpha() for ch in fen.split()[0])


def parse(line):
    p = gp.parse_line(line)
    if p is None:
        return None
    f = [x.strip() for x in line.split('|')]
    p['threat'] = len(f) > 7 and f[7] == 'threat'
    p['work'] = int(f[8].split()[1]) if len(f) > 8 else 0
    p['keys'] = p['key'].split()
    p['key'] = p['keys'][0]
    return p


def confirm(xqtool, cache, todo, keys):
    """{"FEN | mate N": parsed or None}, cached per version of the
    recognisers.  keys: {"FEN | mate N": the most keys allowed}; an answer
    for more than one key is cached under "FEN | mate N | keys K"."""
    os.makedirs(cache, exist_ok=True)
    path = os.path.join(cache, 'game-confirm-%s.json' % gp.recogniser_hash())
    done = {}
    if os.path.exists(path):
        with open(path, encoding='utf-8') as f:
            done = json.load(f)

    def name(q):
        return q if keys[q] == 1 else '%s | keys %d' % (q, keys[q])

    start = time.monotonic()
    for k in sorted({keys[q] for q in todo}):
        need = [q for q in todo if keys[q] == k and name(q) not in done]
        if not need:
            continue
        # --budget: XQ_KILL_CONFIRM_GAME_BUDGET (src/core/xq-patterns.h), which the
        # collection test and the answer key's steering use for these puzzles too.
        proc = subprocess.Popen(['nice', '-n', '10', xqtool, 'puzzle-confirm', '--nodes', '20000000',
                                 '--budget', '200000', '--keys', str(k)],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        for i, q in enumerate(need):
            proc.stdin.write(q + '\n')
            proc.stdin.flush()
            line = proc.stdout.readline()
            done[name(q)] = parse(line) if '| unproved' not in line else None
            if i % 25 == 24 or i == len(need) - 1:
                with open(path + '.tmp', 'w', encoding='utf-8') as f:
                    json.dump(done, f)
                os.replace(path + '.tmp', path)
                print('  confirmed %d of %d with at most %d key(s) (%.0f s)'
                      % (i + 1, len(need), k, time.monotonic() - start), file=sys.stderr)
        proc.stdin.close()
        proc.wait()
    out = {}
    for q in todo:
        out[q] = done[name(q)]
        if out[q] is not None:
            out[q] = dict(out[q], keys=out[q].get('keys') or out[q]['key'].split())
    return out


def shipped_tier(out):
    """{FEN: {id, pack, pattern, family}} of the advanced tier's packs as
    they are in out (the pattern as its id)."""
    by_label = {'%s (%s)' % (e['name'][0], e['name'][1]): pid for pid, e in gp.PATTERNS.items()}
    found = {}
    for name in sorted(os.listdir(out)):
        if not (name.endswith('.json') and '-game-' in name):
            continue
        with open(os.path.join(out, name), encoding='utf-8') as f:
            doc = json.load(f)
        fam = next(fam for fam, _, _ in FAMILIES if doc['id'] == fam or doc['id'].startswith(fam + '-'))
        for pz in doc['puzzles']:
            found[pz['fen']] = {'id': pz['id'], 'pack': doc['id'], 'family': fam,
                                'pattern': by_label.get(pz.get('pattern')), 'title': pz['title']}
    return found


def game_of(where):
    """(record, position) keys of a source line "FILE record R, ply P[, side
    line ...]", or None for the computer's own games (no record named)."""
    if where is None or ' record ' not in where:
        return None
    parts = where.split(', ')
    return parts[0], ', '.join(parts[:2])


def cap_per_game(cands, shipped, sources, per_game, per_position):
    """Near-copies: the side lines of one game position differ by a move or
    two (a defender's man one square further), so one record may give
    at most per_game puzzles and one position (with its side lines) at most
    per_position.  Shipped puzzles always stay and count first; the new ones
    fill what is left, mates in 5+ first, then game positions before side
    lines, then the cheaper proof.  Returns (kept, left out)."""
    used = {}

    def take(key):
        g = game_of(sources.get(key))
        if g is None:
            return True
        if used.get(g[0], 0) >= per_game or used.get(g[1], 0) >= per_position:
            return False
        used[g[0]] = used.get(g[0], 0) + 1
        used[g[1]] = used.get(g[1], 0) + 1
        return True

    for fen in sorted(shipped):
        g = game_of(sources.get(fen.split()[0]))
        if g is not None:
            used[g[0]] = used.get(g[0], 0) + 1
            used[g[1]] = used.get(g[1], 0) + 1
    kept, out = [], []
    for c in cands:
        if c['fen'] in shipped:
            kept.append(c)
    for c in sorted((c for c in cands if c['fen'] not in shipped),
                    key=lambda c: (c['mate'] < 5, 'side line' in (sources.get(c['fen'].split()[0]) or ''),
                                   c['work'], c['fen'])):
        (kept if take(c['fen'].split()[0]) else out).append(c)
    return kept, out


def family_of(pid):
    for fam, _, pats in FAMILIES:
        if pid in pats:
            return fam
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--xqtool', default=os.path.join(ROOT, 'build', 'src', 'cli', 'xqtool'))
    ap.add_argument('--cache', default='/tmp/xq-puzzle-cache')
    ap.add_argument('--fen', action='append', help='FEN | mate N files (default '
                    'tools/game-mates.fen and tools/game-puzzles-extra.fen)')
    ap.add_argument('--sources', action='append',
                    help='BOARD<TAB>source files (default tools/game-mates.sources and '
                         'tools/game-puzzles-extra.sources)')
    ap.add_argument('--min-pieces', type=int, default=10)
    ap.add_argument('--min-mate', type=int, default=3)
    ap.add_argument('--max-mate', type=int, default=12)
    ap.add_argument('--max-work', type=int, default=128000000,
                    help='largest proof kept, in work units (the app allows 256 M)')
    ap.add_argument('--keys', type=int, default=3,
                    help='most keys (first moves that mate in exactly N) a deep puzzle may have')
    ap.add_argument('--keys-from', type=int, default=5,
                    help='shortest mate that may have more than one key')
    ap.add_argument('--per-game', type=int, default=3,
                    help='most puzzles one game record may give (shipped ones count; '
                         'only new puzzles are left out)')
    ap.add_argument('--per-position', type=int, default=2,
                    help='most puzzles one game position (record and ply, with its side '
                         'lines) may give')
    ap.add_argument('--out', default=os.path.join(ROOT, 'lessons', 'puzzles'))
    ap.add_argument('--yield-only', action='store_true')
    args = ap.parse_args()
    fens = args.fen or [os.path.join(HERE, 'game-mates.fen'), os.path.join(HERE, 'game-puzzles-extra.fen')]
    sources = gp.read_sources(args.sources or [os.path.join(HERE, 'game-mates.sources'),
                                            os.path.join(HERE, 'game-puzzles-extra.sources')])

    looked = []
    seen = set()
    for path in fens:
        for fen, n in gp.bench_lines(path):
            if fen in seen:
                continue
            seen.add(fen)
            looked.append((fen, n))
    todo = ['%s | mate %d' % (fen, n) for fen, n in looked
            if pieces(fen) >= args.min_pieces and args.min_mate <= n <= args.max_mate]
    print('%d positions read, %d with %d+ pieces and a mate in %d-%d'
          % (len(looked), len(todo), args.min_pieces, args.min_mate, args.max_mate))
    conf = confirm(args.xqtool, args.cache, todo,
                   {q: args.keys if int(q.split('mate')[1]) >= args.keys_from else 1 for q in todo})
    exact = [c for c in conf.values() if c]
    named = [c for c in exact if 'stalemate' not in c['kills'] and
             any(family_of(k) for k in c['kills'])]
    cheap = [c for c in named if c['work'] <= args.max_work]

    def several(cs):
        return '%d (%d with 2+ keys)' % (len(cs), sum(len(c['keys']) > 1 for c in cs))
    print('%s exact (one key; mates in %d+: at most %d), %s with a checkmate pattern on every line '
          'after every key (no 困斃), %s within the work bound'
          % (several(exact), args.keys_from, args.keys, several(named), several(cheap)))
    shipped = shipped_tier(args.out)
    cheap, capped = cap_per_game(cheap, shipped, sources, args.per_game, args.per_position)
    print('%d new positions over the cap of %d a game record, %d a game position '
          '(near-copies; %d of them mates in 5+)'
          % (len(capped), args.per_game, args.per_position, sum(c['mate'] >= 5 for c in capped)))
    count = {}
    for c in cheap:
        for k in c['kills']:
            count[k] = count.get(k, 0) + 1
    packs = {}
    for c in sorted(cheap, key=lambda c: (c['mate'], c['work'], c['fen'])):
        kills = [k for k in c['kills'] if family_of(k)]
        old = shipped.get(c['fen'])
        if old is not None:
            # A shipped puzzle keeps its pattern while it still holds on every
            # line, else takes one of its pack's family: it stays where it
            # is, with its id (a learner's stars stay with it).
            same = [k for k in kills if family_of(k) == old['family']]
            if old['pattern'] in kills:
                kills = [old['pattern']]
            elif same:
                kills = same
            else:
                old = None
        c['old'] = old
        c['pattern'] = min(kills, key=lambda k: (count[k], k))
        packs.setdefault(family_of(c['pattern']), []).append(c)
    moved = [f for f in shipped if not any(c['fen'] == f and c['old'] for c in cheap)]
    print('%d of %d shipped puzzles stay in their packs; %d leave the tier or their pack'
          % (len(shipped) - len(moved), len(shipped), len(moved)))
    for f in moved:
        print('  leaves %s: %s' % (shipped[f]['id'], f))
    for fam, _, _ in FAMILIES:
        ps = packs.get(fam, [])
        print('  %-14s %3d  mates %s  threat %d  several keys %d  patterns %s' % (
            fam, len(ps), [sum(p['mate'] == m for p in ps) for m in range(3, 13)],
            sum(p['threat'] for p in ps), sum(len(p['keys']) > 1 for p in ps),
            sorted({p['pattern'] for p in ps})))
    if args.yield_only:
        return 0
    return write(args, packs, sources)


class Only:
    """A `used` set for gp.first_unused_title that holds every title but
    one: the title a shipped puzzle had, found again with its translations
    when it still describes the puzzle."""

    def __init__(self, keep):
        self.keep = keep

    def __contains__(self, t):
        return t != self.keep

    def add(self, t):
        pass


def title(pat, c, used):
    """The pattern's phrase, the learner's side, what the defender fights
    with and the length (then where its general stands, and the learner's
    men), unique in its pack."""
    red = gp.attacker_is_red(c['fen'])
    e = gp.PATTERNS[pat]
    side = ('Red to move', '紅方走', '红方走') if red else ('Black to move', '黑方走', '黑方走')
    m = ('mate in %d' % c['mate'], '%d步殺' % c['mate'], '%d步杀' % c['mate'])
    fighters = ''.join(ch for ch in gp.defenders(c['fen']) if ch in gp.FIGHTERS)
    other = ('Black', '黑方', '黑方') if red else ('Red', '紅方', '红方')
    if fighters:
        en, tw, cn = gp.piece_list(fighters, 'rncp' if red else 'RNCP')
        d = ('%s fights with %s' % (other[0], en), '%s有%s' % (other[1], tw), '%s有%s' % (other[2], cn))
    else:
        d = ('%s has no fighting men' % other[0], '%s沒有攻擊子力' % other[1], '%s没有攻击子力' % other[2])
    w = gp.wing_text(c['fen'])
    a = gp.attack_text(c['fen'])
    # No phrase counting in Chinese numerals beside the length's digits
    # ("三个好朋友……3步杀": the terms test); the pattern's name instead.
    phrases = [ph for ph in e['phrases'] if not any(ch in ph[1] + ph[2] for ch in '一二三四五六七八九十兩两')]
    phrases = phrases or [e['name']]
    return gp.first_unused_title(phrases, [(side, d, m), (side, d, m, w), (side, d, m, a), (side, d, m, w, a)],
                                 used)


def difficulty(c):
    return 3 if c['mate'] == 3 else 4 if c['mate'] == 4 else 5


def write(args, packs, sources):
    strings = {}

    def text(t):
        if t[0] in strings and strings[t[0]] != (t[1], t[2]):
            raise SystemExit('two translations for “%s”' % t[0])
        strings[t[0]] = (t[1], t[2])
        return t[0]

    for old in os.listdir(args.out):
        if old.endswith('.json') and '-game-' in old:
            os.remove(os.path.join(args.out, old))
    src_lines = []
    number = FIRST_FILE
    total = 0
    for fam, name, _ in FAMILIES:
        ps = packs.get(fam, [])
        # Two packs a family: the way in (mates in 3 and 4), then the deep
        # ones (5 and more); each a climb.  A way in too big for one pack
        # is two, the mates in 3 and the mates in 4.
        way_in = [c for c in ps if c['mate'] <= 4]
        parts = [('', way_in, ('mates in 3 and 4', '3、4步殺', '3、4步杀'))]
        split = any(c['old'] and c['old']['pack'].startswith(fam + '-4') for c in ps)
        if len(way_in) > PACK_MAX or split:
            parts = [('', [c for c in way_in if c['mate'] == 3], ('mates in 3', '3步殺', '3步杀')),
                     ('-4', [c for c in way_in if c['mate'] == 4], ('mates in 4', '4步殺', '4步杀'))]
        parts.append(('-deep', [c for c in ps if c['mate'] >= 5],
                      ('mates in 5 and more', '5步以上殺', '5步以上杀')))
        # A part too big is cut into shares: "…-2", "(mates in 3, part 2)".
        # A shipped puzzle stays in its share; the others join the share
        # with the most room, or a new one when all are full.
        shares = []
        for suffix, part, words in parts:
            def share_id(j):
                return fam + suffix + ('-%d' % (j + 1) if j else '')
            k = max([-(-len(part) // PACK_MAX)] +
                    [j + 1 for j in range(9) for c in part if c['old'] and c['old']['pack'] == share_id(j)])
            members = [[c for c in part if c['old'] and c['old']['pack'] == share_id(j)] for j in range(k)]
            for c in part:
                if c['old'] and c['old']['pack'] in [share_id(j) for j in range(k)]:
                    continue
                j = min(range(k), key=lambda j: (len(members[j]), j))
                if len(members[j]) >= PACK_MAX:
                    members.append([])
                    j = k
                    k += 1
                members[j].append(c)
            for j in range(k):
                share = sorted(members[j], key=lambda c: (c['mate'], c['work'], c['fen']))
                if j == 0:
                    shares.append((suffix, share, words))
                else:
                    shares.append(('%s-%d' % (suffix, j + 1), share,
                                   ('%s, part %d' % (words[0], j + 1), '%s，第%d部分' % (words[1], j + 1),
                                    '%s，第%d部分' % (words[2], j + 1))))
        for suffix, part, words in shares:
            if not part:
                continue
            pack_id = fam + suffix
            ptitle = ('%s (%s)' % (name[0], words[0]), '%s（%s）' % (name[1], words[1]),
                      '%s（%s）' % (name[2], words[2]))
            # A shipped puzzle keeps its title while it still fits (a new
            # puzzle earlier in the climb must not take it); the others
            # take the first title left.
            used = set()
            kept = {}
            for c in part:
                if c['old'] and c['old']['pack'] == pack_id and c['old']['pattern'] == c['pattern']:
                    t = title(c['pattern'], c, Only(c['old']['title']))
                    if t is not None and t[0] not in used:
                        used.add(t[0])
                        kept[c['fen']] = t
            objs = []
            for c in part:
                e = gp.PATTERNS[c['pattern']]
                t = kept.get(c['fen']) or title(c['pattern'], c, used)
                if t is None:
                    print('no title left for %s' % c['fen'], file=sys.stderr)
                    continue
                red = gp.attacker_is_red(c['fen'])
                hint = e['hint'] if red else e.get('hint_black') or gp.black_hint(e['hint'])
                pid = '%s-%s' % (pack_id, hashlib.sha1(c['fen'].encode()).hexdigest()[:6])
                if c['old'] and c['old']['pack'] == pack_id:
                    pid = c['old']['id']
                label = text(('%s (%s)' % (e['name'][0], e['name'][1]), e['name'][1], e['name'][2]))
                obj = {'id': pid, 'title': text(t), 'fen': c['fen'], 'mate-in': c['mate']}
                if len(c['keys']) > 1:
                    # Several first moves mate in exactly mate-in: the file
                    # lists them all (docs/lesson-format.md), the loader
                    # proves the list; the hint names the first key's piece.
                    obj['keys'] = c['keys']
                obj.update({'pattern': label, 'difficulty': difficulty(c),
                            'hints': [text(hint), text(gp.PIECE_HINTS[gp.key_piece(c['fen'], c['key'])])]})
                objs.append(obj)
                src = sources.get(c['fen'].split()[0], SELF_PLAY)
                src_lines.append('%s\t%s\t%s' % (pid, c['fen'].split()[0], src))
            doc = {'format': 1, 'type': 'pack', 'id': pack_id, 'title': text(ptitle),
                   'min-rating': MIN_RATING, 'puzzles': objs}
            fname = '%02d-%s.json' % (number, pack_id)
            number += 1
            with open(os.path.join(args.out, fname), 'w', encoding='utf-8') as f:
                json.dump(doc, f, ensure_ascii=False, indent=2)
                f.write('\n')
            total += len(objs)
            print('%-28s %3d puzzles, threat %d, work %.0f M' % (
                fname, len(objs), sum(c['threat'] for c in part), sum(c['work'] for c in part) / 1e6))
    with open(os.path.join(HERE, 'game-puzzles.sources'), 'w', encoding='utf-8') as f:
        f.write('# The source of every puzzle of the advanced tier (lessons/puzzles/NN-game-*.json),\n'
                '# written by tools/gen-game-puzzles.py: ID<TAB>BOARD<TAB>where the position was reached.\n'
                '# "CCPD Dataset/..." are public game records and exercises:\n# %s\n'
                '# The others come from %s.\n' % (CCPD, SELF_PLAY))
        f.write('\n'.join(sorted(src_lines)) + '\n')
    add_po(strings)
    print('total %d puzzles' % total)
    return 0


def add_po(strings):
    """Appends the tier's strings to po/extra/puzzles.*.po (written by
    gen-puzzles.py), replacing what an earlier run appended."""
    mark = '\n# The advanced tier (tools/gen-game-puzzles.py).\n'
    for lang, idx in (('zh_TW', 0), ('zh_CN', 1)):
        path = os.path.join(ROOT, 'po', 'extra', 'puzzles.%s.po' % lang)
        with open(path, encoding='utf-8') as f:
            body = f.read().split(mark)[0]
        have = set()
        for line in body.splitlines():
            if line.startswith('msgid "'):
                have.add(line[7:-1].replace('\\"', '"').replace('\\\\', '\\'))
        with open(path, 'w', encoding='utf-8') as f:
            f.write(body.rstrip('\n') + '\n' + mark)
            for en in sorted(strings):
                if en not in have:
                    f.write('\nmsgid %s\nmsgstr %s\n' % (gp.po_quote(en), gp.po_quote(strings[en][idx])))


if __name__ == '__main__':
    sys.exit(main())
