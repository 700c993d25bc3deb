#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The Chinese words a teacher uses, one word per idea (issue 14): 可以/不可以
answer the allowed-or-not questions (the only ones with plain Yes/No), stars
are collected and never captured (吃), the set-up tray is 棋盒, a puzzle pack
is 题组/題組, and zh_TW quotes with 「」.  Reads po/zh_CN.po and po/zh_TW.po.
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
    if lang == "zh_TW":
        quoted = [(i, s) for i, s in msgs if re.search("[“”‘’]", s)]
        results.append(("zh_TW: quotes are 「」", not quoted, repr(quoted[:5])))

print(f"1..{len(results)}")
for i, (name, ok, detail) in enumerate(results, 1):
    print(f"{'ok' if ok else 'not ok'} {i} - {name}")
    if not ok:
        print("# " + detail)
sys.exit(0 if all(ok for _, ok, _ in results) else 1)
