#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`xqtool variant` as outside tools use it (docs/variants.md): the sorted
action lists, refusals, whole seeded computer games, saved games that replay
identically, and one-line errors.  With --soak: every game at every level to
the end, and twenty seeded games per game and level that all end, none lost
by a repetition rule and no two alike (suite soak, too slow for the
sanitizer build).  TAP output."""
import concurrent.futures
import os
import subprocess
import sys
import tempfile

from xqtool_tap import XQTOOL as XQTOOL_PATH, check, finish, run

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
JIEQI = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w"
# Every game, from the tool's own list (the games table), never restated here.
_rc, _out, _err = run("variant", "moves", "no-such-game", "-")
GAMES = _err[_err.index("(") + 1:_err.rindex(")")].replace(" or ", ", ").split(", ")
check("the unknown-game message lists the games", _rc != 0 and len(GAMES) > 1 and "banqi" in GAMES, _err)

# games and rules: the core's table of games, as text.
rc, out, err = run("variant", "games")
rows = [r.split("\t") for r in out.splitlines()]
check("games: the table, one line per game, in order", rc == 0 and [r[0] for r in rows] == GAMES
      and all(len(r) == 4 and all(r) for r in rows), out[:200])
for game in GAMES:
    rc, out, err = run("variant", "rules", game)
    check(f"rules {game}: rules, the options in force, the picture key", rc == 0 and "\n\nOptions: " in out
          and "\nkey " in out, (out + err)[:200])
rc, out, err = run("variant", "rules", "banqi", "--option", "one-step=1")
check("rules banqi --option one-step=1: the box is ticked and the rules say it",
      rc == 0 and "option [x] Every piece moves one step" in out and "cannon too, moves one step." in out, out[-400:])

# moves: sorted, one per line.
rc, out, err = run("variant", "moves", "banqi", "xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx -")
lines = out.split()
check("banqi: 32 flips at the start", rc == 0 and len(lines) == 32 and lines[0] == "+a1", out[:60])
check("banqi: sorted", lines == sorted(lines))

rc, out, err = run("variant", "moves", "banqi", "8/8/8/Cx2k3 w")
check("banqi: cannon jumps a face-down piece", rc == 0 and "a1e1" in out.split(), out)
rc, out, err = run("variant", "moves", "banqi", "8/8/8/Cx2k3 w", "--option", "one-step=1")
check("banqi: --option one-step", rc == 0 and "a1e1" not in out.split(), out)

rc, out, err = run("variant", "moves", "luoqi", "8/8/8/8 w")
check("luoqi: drops", rc == 0 and len(out.split()) == 224 and "N@a1" in out.split(), out[:60])

# 揭棋 at the start: the face-down pieces move exactly as xiangqi's starting pieces.
rc, out, err = run("variant", "moves", "jieqi", JIEQI)
rc2, out2, err2 = run("moves", START)
check("jieqi: first moves are the start position's", rc == 0 and out == out2, out[:80])

rc, out, err = run("variant", "moves", "cube", START.split()[0] + " w")
check("cube: four quarter turns", rc == 0 and [l for l in out.split() if l.startswith("=")] == ["=A", "=B", "=C", "=N"], out)
rc, out, err = run("variant", "moves", "wuhu", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/9/9/2BAKAB2 w")
check("wuhu: double turns", rc == 0 and "e3e4,e4e5" in out.split() and len([l for l in out.split() if "," in l]) == 15, out)
rc, out, err = run("variant", "moves", "mixed", "P2k5/9/9/9/9/9/9/9/9/4K4 w")
check("mixed: exchange", rc == 0 and "=C@a9" in out.split(), out)

# explain: the reason code and a sentence.
for state, action, code in [
    ("8/8/8/Kp6 w", "a1b1", "general-soldier"),
    ("8/8/8/Ra6 w", "a1b1", "too-small"),
    ("8/8/8/Cr6 w", "a1b1", "cannon-screen"),
    ("8/8/8/Kx6 w", "a1b1", "capture-hidden"),
    ("8/8/8/Kx6 w", "b1b2", "face-down"),
    ("8/8/8/Ka6 w", "a1b1", "legal"),
]:
    rc, out, err = run("variant", "explain", "banqi", state, action)
    check(f"explain {code}", rc == 0 and out.split()[0] == code and (code == "legal" or len(out) > 20), out)

# play: every game, every level, to the end; save and replay identically.
LEVELS = (1, 2, 3) if "--soak" in sys.argv else (1,)
with tempfile.TemporaryDirectory() as tmp:
    for game in GAMES:
        for level in LEVELS:
            path = os.path.join(tmp, f"{game}-{level}.txt")
            extra = []
            rc, out, err = run("variant", "play", game, "--seed", "7", "--level", str(level), "--save", path, *extra)
            rows = out.splitlines()
            ok = rc == 0 and rows and rows[0].startswith(f"game {game} seed 7") and rows[-1].startswith("result ")
            finished = ok and " unfinished " not in rows[-1]
            check(f"play {game} level {level}: finished", ok and finished and err == "", (rows[-1] if rows else err)[:120])
            rc2, out2, err2 = run("variant", "play", game, "--seed", "7", "--level", str(level), *extra)
            check(f"play {game} level {level}: same seed, same game", out2 == out)
            rc3, out3, err3 = run("variant", "replay", path)
            check(f"replay {game} level {level}: identical", rc3 == 0 and out3.splitlines()[1:] == rows[1:],
                  err3[:120])

# The yardsticks of tools/variant-ladder.py: any seat may be a level,
# random or greedy; the game is reproducible from the seed.
rc, out, err = run("variant", "play", "wuhu", "--seed", "3", "--first", "random", "--second", "greedy")
rows = out.splitlines()
check("play --first random --second greedy", rc == 0 and rows[0] == "game wuhu seed 3 first random second greedy"
      and rows[-1].startswith("result ") and " unfinished " not in rows[-1], (rows[-1] if rows else err)[:120])
rc2, out2, err2 = run("variant", "play", "wuhu", "--seed", "3", "--first", "random", "--second", "greedy")
check("play with yardsticks: same seed, same game", out2 == out)
# The ladder runs (one game per pairing: it measures, the numbers are in docs/variants.md).
ladder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools", "variant-ladder.py")
p = subprocess.run([sys.executable, ladder, XQTOOL_PATH, "--games", "1", "--only", "wuhu"],
                   capture_output=True, text=True, timeout=600)
lines = p.stdout.splitlines()
check("tools/variant-ladder.py runs", p.returncode == 0 and len(lines) == 5 and lines[-1].startswith("targets missed:")
      and all("/1 =" in l for l in lines[:4]), (p.stdout + p.stderr)[-300:])

# The soak: 20 games per game and level, computer against computer, run two
# at a time.  Every game ends (by the rules, long before 1,000 plies); no game
# is lost by a repetition rule (the computer knows the game's history and
# never plays into a cycle the 棋例 rule loses); no two games are alike.
if "--soak" in sys.argv:
    from xqtool_tap import ENV, XQTOOL

    SEEDS = range(1, 21)

    def soak_game(game, level, seed):
        p = subprocess.run([XQTOOL, "variant", "play", game, "--seed", str(seed), "--level", str(level),
                            "--max-plies", "1000"], capture_output=True, text=True, timeout=1200, env=ENV)
        rows = p.stdout.splitlines()
        return p.returncode, rows, p.stderr

    jobs = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        for game in GAMES:
            for level in (1, 2, 3):
                for seed in SEEDS:
                    jobs[(game, level, seed)] = pool.submit(soak_game, game, level, seed)
        for game in GAMES:
            for level in (1, 2, 3):
                unfinished, cycles, lines, longest = [], [], set(), 0
                for seed in SEEDS:
                    rc, rows, err = jobs[(game, level, seed)].result()
                    last = rows[-1] if rows else ""
                    plies = len(rows) - 2
                    longest = max(longest, plies)
                    if rc != 0 or not last.startswith("result ") or " unfinished " in last or plies >= 1000:
                        unfinished.append(f"seed {seed}: {last or err}"[:100])
                    if " forbidden-cycle " in last:
                        cycles.append(f"seed {seed}: {last}"[:100])
                    lines.add("\n".join(r.split(" ", 1)[-1] for r in rows[1:]))
                check(f"soak {game} level {level}: 20 games end (longest {longest} plies)", not unfinished,
                      "; ".join(unfinished))
                check(f"soak {game} level {level}: none lost by a repetition rule", not cycles, "; ".join(cycles))
                check(f"soak {game} level {level}: 20 different games", len(lines) == len(SEEDS),
                      f"{len(lines)} different")

# Bad input: non-zero exit, one line on stderr, nothing on stdout.
bad = [
    ("variant",),
    ("variant", "moves", "chess", "8/8/8/8 w"),
    ("variant", "moves", "banqi", "not a state"),
    ("variant", "moves", "banqi", ""),
    ("variant", "moves", "jieqi", "4k4/9/9/9/9/4X4/9/9/9/4K4 w"),
    ("variant", "moves", "banqi", "8/8/8/8 w", "--option", "nonsense=1"),
    ("variant", "explain", "banqi", "8/8/8/K7 w", "zz"),
    ("variant", "play", "banqi"),
    ("variant", "play", "banqi", "--seed", "x"),
    ("variant", "play", "banqi", "--seed", "1", "--level", "9"),
    ("variant", "play", "banqi", "--seed", "1", "--first", "smart"),
    ("variant", "replay", "/nonexistent/file"),
    ("variant", "frobnicate"),
]
for args in bad:
    rc, out, err = run(*args)
    check("bad input: " + " ".join(args[1:])[:50], rc != 0 and out == "" and len(err.strip().splitlines()) == 1, err)

finish()
