#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The Chinese words a teacher uses, one word per idea (issue 14): 可以/不可以
answer the allowed-or-not questions (the only ones with plain Yes/No), stars
are collected and never captured (吃), the set-up tray is 棋盒, a puzzle pack
is 题组/題組, and zh_TW quotes with 「」.  Issue 31: the children's first
pack is 入门杀法/入門殺法; a win by 困斃 is 取胜/取勝, never 杀/殺; the
sixty-move rule is 连续六十个回合/連續六十個回合 everywhere; Game Day is
趣味棋; zh_CN has no traditional characters; zh_TW prose says 車/馬 (俥/傌
only where the English names the glyph); 閒 in zh_TW, 闲 in zh_CN; the
black cannon is 砲, as it is drawn; face-down pieces are 暗子; no shortcut
letters in brackets ("提示(H)"); numerals as a Chinese teacher writes
them (GB/T 15835, one form for one kind of number in one place): a number
the English gives in digits stays in Arabic digits ("in 2 moves" is 2步,
never 两步), and no message counts moves, points, stars or pieces half in
digits and half in Chinese numerals; Chinese numerals stay only inside
notation (炮二平五, 第五路) and fixed terms (连续六十个回合, 三步不出车).
Reads po/zh_CN.po and po/zh_TW.po.
TAP output."""
import os
import re
import sys

src = os.environ["XQ_SOURCE_DIR"]


def messages(lang):
    """(msgid, msgstr) of every translated message; plurals give msgstr[0]."""
    text = open(os.path.join(src, "po", lang + ".po"), encoding="utf-8").read()
    out = []
    for block in text.split("\n\n"):
        if block.startswith("#~"):
            continue
        m = re.search(r'^msgid ((?:".*"\n?)+)(?:msgid_plural (?:".*"\n?)+)?msgstr(?:\[0\])? ((?:".*"\n?)+)',
                      block, re.M)
        if not m:
            continue
        join = lambda s: "".join(eval(x) for x in s.strip().split("\n"))
        msgid, msgstr = join(m.group(1)), join(m.group(2))
        if msgid:
            out.append((msgid, msgstr))
    return out


# Numerals (issue 31): Chinese numerals may stay in notation and fixed terms.
NUMERAL_TERMS = re.compile(
    "连续六十个回合|連續六十個回合|三步不出[车車]|三子[归歸]边|三子歸邊|九[宫宮]|五虎棋|七星聚[会會]"
    "|[一二三四五六七八九]到[一二三四五六七八九]|第?[一二三四五六七八九]路"
    "|[车車俥马馬傌炮砲兵卒帅帥将將仕士相象前后後中][一二三四五六七八九][进進退平][一二三四五六七八九]")
# A count: a number and the word it counts (步 moves, 分 points, 回合, 个/個 pieces, 颗/顆 stars, 次 times).
COUNTED = "\\s*(?:步|分|回合|个|個|颗|顆|次|着|著|种|種)"
ARABIC_COUNT = re.compile("(?:[0-9]+|%[0-9$]*[du])" + COUNTED)
CHINESE_COUNT = re.compile("[二三四五六七八九十两兩]+" + COUNTED)


def numerals_mixed(msgid, msgstr):
    """Why msgstr breaks the numeral rule, or None."""
    # Digits the English writes as a number (not a point such as h2e2, a WXF
    # move such as C2=4, a rule number such as 3.1 or a placeholder).
    plain = re.sub(r"%[0-9$]*[a-z]+|[A-Za-z]+[0-9]+\w*|[0-9]+\.[0-9.]+|[A-Z][0-9][-+=.][0-9]", " ", msgid)
    lost = [d for d in re.findall(r"(?<![\w.])[0-9]+(?![\w.])", plain) if d not in msgstr]
    if lost:
        return "the English's " + ", ".join(lost) + " is not in digits"
    # Stars are counted as the unit cards show them (0/42 ★): in digits.
    stars = re.search("[一二三四五六七八九十两兩]+[颗顆]星", msgstr)
    if stars:
        return f"{stars.group(0)}: stars are counted in digits"
    rest = NUMERAL_TERMS.sub(" ", msgstr)
    arabic, chinese = ARABIC_COUNT.search(rest), CHINESE_COUNT.search(rest)
    if arabic and chinese:
        return f"{arabic.group(0)} beside {chinese.group(0)}"
    return None


results = []
for lang, pack, bad_packs in (("zh_CN", "题组", ("题集", "习题集", "题库")),
                              ("zh_TW", "題組", ("題集", "習題集", "題庫"))):
    msgs = messages(lang)
    table = dict(msgs)
    results.append((f"{lang}: Yes is 可以 and No is 不可以",
                    table.get("Yes") == "可以" and table.get("No") == "不可以",
                    f"{table.get('Yes')!r} {table.get('No')!r}"))
    stars = [(i, s) for i, s in msgs if re.search(r"\bthe stars\b", i) and "吃" in s]
    results.append((f"{lang}: stars are collected, not captured", not stars, repr(stars)))
    tray = [(i, s) for i, s in msgs if re.search(r"\btray\b", i) and "棋盒" not in s]
    results.append((f"{lang}: the tray is 棋盒", not tray, repr(tray)))
    packs = [(i, s) for i, s in msgs
             if re.search(r"puzzle packs?\b|Puzzle Packs|All Packs|any pack|holds %d puzzles", i)
             and (pack not in s or any(b in s for b in bad_packs))]
    results.append((f"{lang}: a puzzle pack is {pack}", not packs, repr(packs)))
    cn = lang == "zh_CN"
    first = table.get("First checkmates")
    results.append((f"{lang}: the first pack is an opening course of mates",
                    first == ("入门杀法" if cn else "入門殺法")
                    and not [s for _, s in msgs if ("第一次将死" if cn else "第一次將死") in s], repr(first)))
    stale = [(i, s) for i, s in msgs
             if re.search(r"stalemate|困斃|no move", i, re.I) and re.search("[一二两兩1-9]步[杀殺]", s)]
    review = [(i, s) for i, s in msgs if re.search(r"could have won at once|had a win in two", i)
              and ("取胜" if cn else "取勝") not in s]
    results.append((f"{lang}: a win that may be 困斃 is 取胜/取勝, not 杀/殺", not stale and not review,
                    repr((stale + review)[:4])))
    sixty = "连续六十个回合" if cn else "連續六十個回合"
    bad60 = [(i, s) for i, s in msgs if re.search(r"(六十|60)\s*(步|回合|着|著)", s) and sixty not in s]
    results.append((f"{lang}: the sixty-move rule is {sixty}", not bad60, repr(bad60[:4])))
    day = [(i, s) for i, s in msgs if re.search("游戏日|遊戲日", s)]
    results.append((f"{lang}: Game Day is 趣味棋", table.get("Game Day") == "趣味棋" and not day,
                    repr((table.get("Game Day"), day[:3]))))
    if cn:
        trad = "這們說對讓將帥車馬過還點給從來為時開關門間閑閒後實習學題組會體讀寫聽見長應當種黃紅綠藍麼麼嗎個裡邊動勝殺雙兩圖盤標護"
        found = [(i, s) for i, s in msgs if any(c in s and c not in i for c in trad)]
        results.append(("zh_CN: no traditional characters", not found, repr(found[:4])))
    glyph = [(i, s) for i, s in msgs for g in "俥傌" if g in s and g not in i]
    results.append((f"{lang}: 俥/傌 only where the English names the glyph", not glyph, repr(glyph[:4])))
    idle = [(i, s) for i, s in msgs if re.search("[閑閒]" if cn else "閑", s)]
    results.append((f"{lang}: one character for idle, {'闲' if cn else '閒'}", not idle, repr(idle[:4])))
    cannon = [(i, s) for i, s in msgs if re.search(r"\bblack cannon\b", i, re.I) and "砲" not in s]
    results.append((f"{lang}: the black cannon is 砲, as drawn", not cannon, repr(cannon[:4])))
    down = [(i, s) for i, s in msgs if "背面朝上" in s]
    results.append((f"{lang}: a face-down piece is 暗子", not down, repr(down[:4])))
    keys = [(i, s) for i, s in msgs if re.search(r"[(（]_[A-Za-z0-9][)）]", s)]
    results.append((f"{lang}: labels without shortcut letters in brackets", not keys, repr(keys[:4])))
    mixed = [(i, s, why) for i, s in msgs for why in [numerals_mixed(i, s)] if why]
    results.append((f"{lang}: counts in Arabic digits, Chinese numerals only in notation and terms",
                    not mixed, repr(mixed[:4])))
    if lang == "zh_TW":
        quoted = [(i, s) for i, s in msgs if re.search("[“”‘’]", s)]
        results.append(("zh_TW: quotes are 「」", not quoted, repr(quoted[:5])))

print(f"1..{len(results)}")
for i, (name, ok, detail) in enumerate(results, 1):
    print(f"{'ok' if ok else 'not ok'} {i} - {name}")
    if not ok:
        print("# " + detail)
sys.exit(0 if all(ok for _, ok, _ in results) else 1)
