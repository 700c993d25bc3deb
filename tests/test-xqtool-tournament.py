#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""xqtool tournament as a teacher's script uses it: a round robin and a
Swiss event run from the terminal, withdrawals, the output formats, and
one-line errors naming the place of bad input.  TAP output."""
import json
import os
import re
import tempfile

from xqtool_tap import ENV, check, finish, run


def one_line_error(name, rc, out, err, must_contain=""):
    check(name, rc > 0 and out == "" and len(err.strip().splitlines()) == 1 and must_contain in err,
          f"rc={rc} out={out!r} err={err!r}")


with tempfile.TemporaryDirectory() as tmp:
    names = os.path.join(tmp, "class.txt")
    with open(names, "w", encoding="utf-8") as f:
        f.write("王小明\n李华\n\nZhang Wei\n陳美玲\n")
    ev = os.path.join(tmp, "rr.json")

    rc, out, err = run("tournament", ev, "new", "--system", "rr", "--players", names)
    check("new rr", rc == 0 and out == "" and os.path.exists(ev), err)

    # 4 players: the Berger table 1-4 2-3 | 4-3 1-2 | 2-4 3-1.
    rc, out, err = run("tournament", ev, "pairings", "1")
    check("pairings 1: board, Red, Black", out == "1\t王小明\t陳美玲\n2\t李华\tZhang Wei\n", out)
    rc, out, err = run("tournament", ev, "pairings", "2")
    check("pairings 2", out == "1\t陳美玲\tZhang Wei\n2\t王小明\t李华\n", out)
    rc, out, err = run("tournament", ev, "pairings", "3")
    check("pairings 3", out == "1\t李华\t陳美玲\n2\tZhang Wei\t王小明\n", out)

    for args in [("1", "1", "1-0"), ("1", "2", "1/2-1/2"), ("2", "1", "0-1"), ("2", "2", "0-1"),
                 ("3", "1", "1/2-1/2"), ("3", "2", "1/2-1/2")]:
        rc, out, err = run("tournament", ev, "result", *args)
        check(f"result {' '.join(args)}", rc == 0 and out == "", err)
    # The hand-worked example of test-tournament.c (Sonneborn-Berger decides).
    rc, out, err = run("tournament", ev, "standings")
    rows = [line.split("\t") for line in out.splitlines()]
    check("standings: place name points SB wins direct fouls",
          rows == [["1", "李华", "2", "2.75", "1", "0", "0"],
                   ["2", "Zhang Wei", "2", "2.25", "1", "0", "0"],
                   ["3", "王小明", "1.5", "1.5", "1", "0", "0"],
                   ["4", "陳美玲", "0.5", "1", "0", "0", "0"]], out)

    # A correction leaves an audit line.
    rc, out, err = run("tournament", ev, "result", "1", "1", "0-1")
    rc, out, err = run("tournament", ev, "audit")
    check("audit line for a correction", rc == 0 and "round 1 board 1: 1-0 → 0-1" in out, out)

    rc, out, err = run("tournament", ev, "export", "csv")
    check("export csv", rc == 0 and out.startswith("place,name,points,sonneborn-berger,wins,direct,fouls\n")
          and "1,1,王小明,陳美玲,0-1,\n" in out, out[:200])

    # Printed papers: A4 PDFs, one page a certificate for places 1-3.
    def pages(path):
        with open(path, "rb") as f:
            data = f.read()
        return data[:5] == b"%PDF-" and len(re.findall(rb"/Type\s*/Page[^s]", data))

    for args, want in [(("pairings", "1"), 1), (("standings",), 1), (("certificates",), 3),
                       (("scoresheet", "2", "1"), 1)]:
        pdf = os.path.join(tmp, "-".join(args) + ".pdf")
        rc, out, err = run("tournament", ev, "print", *args, "--out", pdf)
        check(f"print {' '.join(args)}", rc == 0 and os.path.exists(pdf) and pages(pdf) == want,
              f"rc={rc} err={err!r} pages={os.path.exists(pdf) and pages(pdf)}")
    # A game played in the app keeps its moves; its score sheet prints them.
    with open(ev, encoding="utf-8") as f:
        event = json.load(f)
    event["rounds"][0][0]["moves"] = "h2e2 h9g7 h0g2"
    event["rounds"][0][0]["reason"] = "resignation"
    with open(ev, "w", encoding="utf-8") as f:
        json.dump(event, f, ensure_ascii=False)
    pdf = os.path.join(tmp, "played.pdf")
    rc, out, err = run("tournament", ev, "print", "scoresheet", "1", "1", "--notation", "zh-hant", "--out", pdf)
    check("print the score sheet of a played game", rc == 0 and pages(pdf) == 1, err)
    rc, out, err = run("tournament", ev, "print", "scoresheet", "1", "7", "--out", pdf)
    one_line_error("score sheet of a board that does not exist", rc, out, err, "board 7")
    rc, out, err = run("tournament", ev, "print", "standings")
    one_line_error("print needs --out", rc, out, err, "--out")

    # Swiss with five players: a bye each round, and forfeits after a withdrawal.
    sw = os.path.join(tmp, "swiss.json")
    rc, out, err = run("tournament", sw, "new", "--system", "swiss", "--players", names, "--rounds", "3")
    rc, out, err = run("tournament", sw, "pairings", "1")
    check("swiss round 1", out == "1\t王小明\t李华\n2\t陳美玲\tZhang Wei\n", out)
    rc, out, err = run("tournament", sw, "pairings", "2")
    one_line_error("round 2 waits for round 1", rc, out, err, "Round 1")
    run("tournament", sw, "result", "1", "1", "1-0")
    rc, out, err = run("tournament", sw, "withdraw", "陳美玲")
    check("withdraw in a Swiss", rc == 0, err)
    rc, out, err = run("tournament", sw, "export", "csv")
    check("the open game became a forfeit", "1,2,陳美玲,Zhang Wei,-+," in out, out)
    rc, out, err = run("tournament", sw, "pairings", "2")
    check("round 2 without the withdrawn player", rc == 0 and "陳美玲" not in out
          and len(out.splitlines()) == 2 and out.splitlines()[1].startswith("bye\t"), out + err)

    # Knockout: byes and a bye line.
    ko = os.path.join(tmp, "ko.json")
    with open(os.path.join(tmp, "three.txt"), "w") as f:
        f.write("A\nB\nC\n")
    rc, out, err = run("tournament", ko, "new", "--system", "ko", "--players", os.path.join(tmp, "three.txt"))
    rc, out, err = run("tournament", ko, "pairings", "1")
    check("knockout: one game, one bye", rc == 0 and out.splitlines()[1] == "bye\tA"
          and sorted(out.splitlines()[0].split("\t")[1:]) == ["B", "C"], out)

    six = os.path.join(tmp, "six.txt")
    with open(six, "w") as f:
        f.write("A\nB\nC\nD\nE\nF\n")

    # 6.5 as the event's clock: chosen at creation, changed by `clock`, refused without minutes.
    dk = os.path.join(tmp, "dko.json")
    rc, out, err = run("tournament", dk, "new", "--system", "dko", "--players", six, "--clock", "6.5")
    one_line_error("clock 6.5 without --minutes", rc, out, err, "--minutes")
    rc, out, err = run("tournament", dk, "new", "--system", "dko", "--players", six, "--clock", "6.5",
                       "--minutes", "25")
    check("new dko with clock 6.5 25 minutes", rc == 0, err)
    with open(dk, encoding="utf-8") as f:
        event = json.load(f)
    check("the file keeps 6.5 and its minutes", event["clock"] == "6.5" and event["clock-minutes"] == 25, event)
    rc, out, err = run("tournament", dk, "clock")
    check("clock prints the control", rc == 0 and "6.5" in out and "25" in out, out)
    rc, out, err = run("tournament", dk, "clock", "6.2", "10")
    one_line_error("clock 6.2 takes no minutes", rc, out, err, "only 6.5")
    rc, out, err = run("tournament", dk, "clock", "6.5", "40")
    rc2, out2, err2 = run("tournament", dk, "audit")
    check("clock 6.5 40: changed, with an audit line", rc == 0 and "clock 6.5 25 min → 6.5 40 min" in out2,
          err + out2)

    # Double knockout (11.1): the seeds win every game; six players take six rounds.
    brackets = []
    for r in range(1, 10):
        rc, out, err = run("tournament", dk, "pairings", str(r))
        if rc != 0:
            break
        rows = [line.split("\t") for line in out.splitlines()]
        brackets.append(sorted(row[-1] for row in rows if row[0] != "bye"))
        for row in rows:
            if row[0] != "bye":
                red_wins = "ABCDEF".index(row[1]) < "ABCDEF".index(row[2])
                run("tournament", dk, "result", str(r), row[0], "1-0" if red_wins else "0-1")
    check("double knockout: winners', losers' bracket and the final",
          brackets == [["winners", "winners"], ["losers", "winners", "winners"], ["losers", "winners"],
                       ["losers"], ["losers"], ["final"]], brackets)
    check("double knockout: over after the final", "Every round" in err, err)
    rc, out, err = run("tournament", dk, "standings")
    check("double knockout standings: by the round of the second loss",
          [line.split("\t")[:2] for line in out.splitlines()]
          == [["1", "A"], ["2", "B"], ["3", "C"], ["4", "D"], ["5", "E"], ["6", "F"]], out)
    pdf = os.path.join(tmp, "dko-pairings.pdf")
    rc, out, err = run("tournament", dk, "print", "pairings", "2", "--out", pdf)
    check("double knockout: pairings print on one page", rc == 0 and pages(pdf) == 1, err)
    pdf = os.path.join(tmp, "dko-sheet.pdf")
    rc, out, err = run("tournament", dk, "print", "scoresheet", "6", "1", "--out", pdf)
    check("double knockout: the final's score sheet on one page", rc == 0 and pages(pdf) == 1, err)

    # Team knockout (13.4): a drawn match is replayed with the teams' colours swapped.
    tk_teams = os.path.join(tmp, "ko-teams.txt")
    with open(tk_teams, "w", encoding="utf-8") as f:
        f.write("一班: 王一, 王二\n二班: 李一, 李二\n")
    tk = os.path.join(tmp, "team-ko.json")
    rc, out, err = run("tournament", tk, "new", "--system", "ko", "--teams", tk_teams, "--boards", "2")
    check("new team knockout", rc == 0, err)
    rc, out, err = run("tournament", tk, "pairings", "1")
    first = out.splitlines()[0].split("\t")
    run("tournament", tk, "result", "1", "1.1", "1-0")
    run("tournament", tk, "result", "1", "1.2", "1-0")
    rc, out, err = run("tournament", tk, "pairings", "1")
    lines = out.splitlines()
    check("team knockout: a 1–1 match gets a replay, colours swapped",
          len(lines) == 6 and lines[3].split("\t")[1:] == [first[2], first[1]], out)
    # Rows that fill the page exactly stay on it (9 rows once put the last one on a page of its own).
    tk4_teams = os.path.join(tmp, "ko-teams4.txt")
    with open(tk4_teams, "w", encoding="utf-8") as f:
        f.write("一班: 王一, 王二\n二班: 李一, 李二\n三班: 張一, 張二\n四班: 陳一, 陳二\n")
    tk4 = os.path.join(tmp, "team-ko4.json")
    run("tournament", tk4, "new", "--system", "ko", "--teams", tk4_teams, "--boards", "2")
    for args in [("1.1", "1-0"), ("1.2", "1-0"), ("2.1", "1/2-1/2"), ("2.2", "1-0")]:
        run("tournament", tk4, "result", "1", *args)
    pdf = os.path.join(tmp, "team-ko.pdf")
    rc, out, err = run("tournament", tk4, "print", "pairings", "1", "--out", pdf)
    check("team knockout: pairings with a replay on one page", rc == 0 and pages(pdf) == 1,
          f"rc={rc} err={err!r} pages={os.path.exists(pdf) and pages(pdf)}")

    # Groups, then a final: six players in two groups (snake order: A D E, B C F).
    gr = os.path.join(tmp, "groups.json")
    rc, out, err = run("tournament", gr, "new", "--system", "groups", "--groups", "2", "--players", six)
    check("new groups", rc == 0, err)
    rc, out, err = run("tournament", gr, "pairings", "1")
    check("groups: round 1 of each group", out == "1\tD\tE\n2\tC\tF\nbye\tA\nbye\tB\n", out)
    for r in ("1", "2", "3"):
        for b in ("1", "2"):
            run("tournament", gr, "result", r, b, "1-0")
    rc, out, err = run("tournament", gr, "standings")
    groups = [line.split("\t")[-1] for line in out.splitlines()]
    check("groups: standings end with the group", groups == ["A", "A", "A", "B", "B", "B"], out)
    fin = os.path.join(tmp, "final.json")
    rc, out, err = run("tournament", gr, "final", "--qualifiers", "2", "--out", fin)
    check("final event written", rc == 0 and os.path.exists(fin), err)
    rc, out, err = run("tournament", fin, "pairings", "1")
    check("final: a round robin of four", rc == 0 and len(out.splitlines()) == 2, out)
    rc, out, err = run("tournament", os.path.join(tmp, "g2.json"), "new", "--system", "rr", "--groups", "2",
                       "--players", six)
    one_line_error("--groups only with groups", rc, out, err, "--groups")

    # A team event: "Team: players in board order", 2 boards; board 1 Red is
    # the first-named team's player, board 2 the other team's (13.2).
    teams = os.path.join(tmp, "teams.txt")
    with open(teams, "w", encoding="utf-8") as f:
        f.write("一班: 王一, 王二, 王三\n二班: 李一, 李二\n三班: 张一, 张二\n")
    tm = os.path.join(tmp, "teams.json")
    rc, out, err = run("tournament", tm, "new", "--system", "rr", "--teams", teams, "--boards", "2")
    check("new team event", rc == 0, err)
    rc, out, err = run("tournament", tm, "pairings", "1")
    check("team pairings with boards", out == "1\t二班\t三班\n1.1\t李一\t张一\n1.2\t张二\t李二\nbye\t一班\n", out)
    run("tournament", tm, "result", "1", "1.1", "1-0")
    run("tournament", tm, "result", "1", "1.2", "1/2-1/2")
    rc, out, err = run("tournament", tm, "standings")
    # 二班 won 1½-½: 2 match points, 1.5 game points, 1 game won.
    check("team standings: match points, game points, games won",
          out.splitlines()[0].split("\t") == ["1", "二班", "2", "1.5", "1", "0", "0"], out)
    rc, out, err = run("tournament", tm, "result", "1", "1", "1-0")
    one_line_error("a team match is entered board by board", rc, out, err, "board by board")
    bad_teams = os.path.join(tmp, "bad-teams.txt")
    with open(bad_teams, "w", encoding="utf-8") as f:
        f.write("一班: 王一\n二班 李一, 李二\n")
    rc, out, err = run("tournament", os.path.join(tmp, "t2.json"), "new", "--system", "rr", "--teams", bad_teams,
                       "--boards", "1")
    one_line_error("a team line without a colon names the team", rc, out, err, "team 2")

    # 15.6: a play-off for a shared place.  All draws: all four share first place.
    po = os.path.join(tmp, "drawn.json")
    run("tournament", po, "new", "--system", "rr", "--players", names)
    for r in ("1", "2", "3"):
        for bd in ("1", "2"):
            run("tournament", po, "result", r, bd, "1/2-1/2")
    rc, out, err = run("tournament", po, "standings")
    check("all draws: every place shared", [line.split("\t")[0] for line in out.splitlines()] == ["1"] * 4, out)
    pof = os.path.join(tmp, "playoff.json")
    rc, out, err = run("tournament", po, "playoff", "--place", "1", "--out", pof)
    check("play-off event written", rc == 0 and os.path.exists(pof), err)
    rc, out, err = run("tournament", pof, "pairings", "1")
    check("play-off: the four tied players", rc == 0 and len(out.splitlines()) == 2, out)
    rc, out, err = run("tournament", ev, "playoff", "--place", "1", "--out", os.path.join(tmp, "none.json"))
    one_line_error("no play-off for a place held alone", rc, out, err, "not shared")

    # Bad input: one line on stderr naming the place, non-zero status.
    dup = os.path.join(tmp, "dup.txt")
    with open(dup, "w") as f:
        f.write("A\nB\nA\n")
    rc, out, err = run("tournament", os.path.join(tmp, "x.json"), "new", "--system", "rr", "--players", dup)
    one_line_error("duplicate name names the line", rc, out, err, "dup.txt:3:")
    rc, out, err = run("tournament", os.path.join(tmp, "y.json"), "new", "--system", "abc", "--players", names)
    one_line_error("unknown system", rc, out, err, "--system")
    rc, out, err = run("tournament", ev, "new", "--system", "rr", "--players", names)
    one_line_error("new never overwrites an event", rc, out, err, "already exists")
    rc, out, err = run("tournament", ev, "result", "1", "9", "1-0")
    one_line_error("no such board", rc, out, err, "board 9")
    rc, out, err = run("tournament", ev, "result", "1", "1", "2-0")
    one_line_error("bad result code", rc, out, err, "2-0")
    rc, out, err = run("tournament", ev, "pairings", "7")
    one_line_error("no such round", rc, out, err, "round 7")
    rc, out, err = run("tournament", ev, "withdraw", "Nobody")
    one_line_error("unknown player", rc, out, err, "Nobody")
    bad = os.path.join(tmp, "bad.json")
    with open(bad, "w") as f:
        f.write('{"format": "xiangqi-tutor-tournament", "version": 1, "system": "rr", '
                '"rounds-planned": 1, "players": [{"name": "A"}, {"name": "B"}], '
                '"rounds": [[{"red": 0, "black": 7}]]}')
    rc, out, err = run("tournament", bad, "standings")
    one_line_error("damaged file names the JSON path", rc, out, err, "$.rounds[0][0]")
    rc, out, err = run("tournament", bad, "result", "1", "1", "1-0")
    with open(bad) as f:
        check("a damaged file is left alone", '"black": 7' in f.read())

    # Issue 30 item 5: the papers.  pdftotext reads them back.
    import subprocess as sp

    def pdf_text(path, *opts):
        return sp.run(["pdftotext", *opts, path, "-"], capture_output=True, text=True, check=True).stdout

    def lowest_word(path):
        """The bottom of the lowest word on page 1, as a share of the page height."""
        bbox = pdf_text(path, "-bbox", "-f", "1", "-l", "1")
        height = float(re.search(r'<page width="[\d.]+" height="([\d.]+)"', bbox).group(1))
        return max(float(y) for y in re.findall(r'yMax="([\d.]+)"', bbox)) / height

    # A Swiss of five: one withdraws after round 1.
    sw5 = os.path.join(tmp, "swiss5.json")
    run("tournament", sw5, "new", "--system", "swiss", "--players", names, "--rounds", "3", "--title", "Autumn Cup")
    run("tournament", sw5, "result", "1", "1", "1-0")
    run("tournament", sw5, "result", "1", "2", "0-1")
    run("tournament", sw5, "withdraw", "李华")
    rc, out, err = run("tournament", sw5, "pairings", "2")
    pdf = os.path.join(tmp, "sw5-standings.pdf")
    rc, out, err = run("tournament", sw5, "print", "standings", "--out", pdf)
    text = pdf_text(pdf)
    check("printed Swiss standings keep (withdrew)", rc == 0 and "李华 (withdrew)" in text, text)
    check("headings broken only between words", "Opponents'" in text and "Opponent-" not in text, text)
    # Certificates before the end: refused, or marked provisional.
    cert = os.path.join(tmp, "sw5-cert.pdf")
    rc, out, err = run("tournament", sw5, "print", "certificates", "--out", cert)
    one_line_error("certificates of an unfinished event: refused", rc, out, err, "--provisional")
    check("certificates of an unfinished event: no file", not os.path.exists(cert))
    rc, out, err = run("tournament", sw5, "print", "certificates", "--provisional", "--out", cert)
    text = pdf_text(cert)
    check("provisional certificates say so on every page",
          rc == 0 and text.count("PROVISIONAL — standings after 1 of 3 rounds") == pages(cert) >= 1, text[:400])

    # The finished round robin: "took 1st place in", every page.
    cert = os.path.join(tmp, "rr-cert.pdf")
    rc, out, err = run("tournament", ev, "print", "certificates", "--out", cert)
    text = pdf_text(cert)
    check("certificate wording: took 1st/2nd/3rd place in",
          rc == 0 and "took 1st place in" in text and "took 2nd place in" in text
          and "took 3rd place in" in text and "took place" not in text, text)
    # Round-robin standings: the header "Sonneborn-Berger" whole, and the
    # tables fill the page (they sat small at the top before).
    pdf = os.path.join(tmp, "rr-standings.pdf")
    rc, out, err = run("tournament", ev, "print", "standings", "--out", pdf)
    text = pdf_text(pdf)
    check("headers whole: Sonneborn-Berger", "Sonneborn-Berger" in text and "Sonnebor-" not in text, text)
    check("standings fill the page", lowest_word(pdf) > 0.75, str(lowest_word(pdf)))
    pdf = os.path.join(tmp, "rr-pairings.pdf")
    run("tournament", ev, "print", "pairings", "1", "--out", pdf)
    check("pairing sheet of two boards: large, not a strip at the top",
          lowest_word(pdf) > 0.3 and "王小明" in pdf_text(pdf), str(lowest_word(pdf)))
    # 10.1: the score sheet has time used, fouls and the referee's signature.
    run("tournament", ev, "foul", "2", "1", "black")
    pdf = os.path.join(tmp, "rr-sheet.pdf")
    run("tournament", ev, "print", "scoresheet", "2", "1", "--out", pdf)
    text = pdf_text(pdf)
    check("score sheet: time used, fouls, signatures with the referee",
          "Time used" in text and "Fouls:" in text and "Black 1" in text and "Referee" in text, text[-400:])

    # A team match drawn 1½ : 1½ prints as match score, not "½ : ½".
    teams3 = os.path.join(tmp, "teams3.txt")
    with open(teams3, "w", encoding="utf-8") as f:
        f.write("一班: 王一, 王二, 王三\n二班: 李一, 李二, 李三\n")
    tm3 = os.path.join(tmp, "teams3.json")
    run("tournament", tm3, "new", "--system", "rr", "--teams", teams3, "--boards", "3")
    # Board 2: the second team's player has Red (13.2), so 1-0 is its win.
    for board, code in (("1.1", "1-0"), ("1.2", "1-0"), ("1.3", "1/2-1/2")):
        run("tournament", tm3, "result", "1", board, code)
    pdf = os.path.join(tmp, "teams3.pdf")
    rc, out, err = run("tournament", tm3, "print", "pairings", "1", "--out", pdf)
    text = pdf_text(pdf)
    check("team result printed as match score 1½ : 1½", rc == 0 and "1½ : 1½" in text, text)

    # A withdrawal's forfeit is not overwritten without --override.
    fo = os.path.join(tmp, "forfeit.json")
    run("tournament", fo, "new", "--system", "rr", "--players", names)
    run("tournament", fo, "result", "1", "1", "1-0")
    run("tournament", fo, "result", "1", "2", "1-0")
    run("tournament", fo, "result", "2", "1", "1-0")
    run("tournament", fo, "result", "2", "2", "1-0")
    run("tournament", fo, "withdraw", "陳美玲")   # 2 of 3 played: the rest are forfeits
    rc, out, err = run("tournament", fo, "export", "csv")
    check("withdrawal made a forfeit in round 3", "3,1,李华,陳美玲,+-," in out, out)
    rc, out, err = run("tournament", fo, "result", "3", "1", "0-1")
    one_line_error("a withdrawal's forfeit is not overwritten", rc, out, err, "--override")
    check("the message names the player", "陳美玲 withdrew" in err, err)
    rc, out, err = run("tournament", fo, "export", "csv")
    check("the forfeit stands", "3,1,李华,陳美玲,+-," in out, out)
    rc, out, err = run("tournament", fo, "result", "3", "1", "0-1", "--override")
    rc2, out2, err2 = run("tournament", fo, "audit")
    check("--override changes it, with an audit line", rc == 0 and "overridden" in out2, err + out2)

    # Rename and delete an event.
    rn = os.path.join(tmp, "rename.json")
    run("tournament", rn, "new", "--system", "rr", "--players", names, "--title", "Old name")
    rc, out, err = run("tournament", rn, "rename", "Spring Cup 2027")
    with open(rn, encoding="utf-8") as f:
        check("rename sets the title", rc == 0 and json.load(f)["title"] == "Spring Cup 2027", err)
    rc, out, err = run("tournament", rn, "audit")
    check("rename leaves an audit line", "renamed “Old name” → “Spring Cup 2027”" in out, out)
    rc, out, err = run("tournament", rn, "rename", "two\nlines")
    one_line_error("a title on two lines is refused", rc, out, err, "one line")
    run("tournament", rn, "result", "1", "1", "1-0")   # makes a .bak
    check("a backup exists before delete", os.path.exists(rn + ".bak"))
    rc, out, err = run("tournament", rn, "delete")
    check("delete removes the event and its backup",
          rc == 0 and not os.path.exists(rn) and not os.path.exists(rn + ".bak"), err)
    rc, out, err = run("tournament", rn, "delete")
    one_line_error("delete of a missing event", rc, out, err, rn)
    rc, out, err = run("tournament", bad, "delete")
    one_line_error("a damaged file is not deleted", rc, out, err, "$.rounds[0][0]")
    check("the damaged file is still there", os.path.exists(bad))

    # December 7, N6.  A name that a spreadsheet would take for a formula
    # is written with a leading apostrophe; the program's own cells
    # (numbers, results such as "-+") are written as they are.
    inj = os.path.join(tmp, "formulas.txt")
    with open(inj, "w", encoding="utf-8") as f:
        f.write("=1+2\n@SUM(A1:A9)\n+Zhang\n-Li\n")
    fx = os.path.join(tmp, "formulas.json")
    run("tournament", fx, "new", "--system", "rr", "--players", inj)
    run("tournament", fx, "result", "1", "1", "+-")
    run("tournament", fx, "result", "1", "2", "-+")
    rc, out, err = run("tournament", fx, "export", "csv")
    cells = [c for line in out.splitlines() for c in line.split(",")]
    check("csv: formula-like names get an apostrophe",
          rc == 0 and {"'=1+2", "'@SUM(A1:A9)", "'+Zhang", "'-Li"} <= set(cells)
          and not {"=1+2", "@SUM(A1:A9)", "+Zhang", "-Li"} & set(cells), out)
    check("csv: results and numbers as they are", "+-" in cells and "-+" in cells and "1" in cells, out)
    rc, out, err = run("tournament", fx, "standings")
    check("standings (not a spreadsheet): names unchanged", "=1+2" in out.split("\t") or "\t=1+2\t" in out, out)

    # A link to an event: a result is written to the file the link points
    # to, and the link stays a link.
    real_dir = os.path.join(tmp, "real")
    os.mkdir(real_dir)
    real = os.path.join(real_dir, "event.json")
    link = os.path.join(tmp, "link.json")
    run("tournament", real, "new", "--system", "rr", "--players", names)
    os.symlink(os.path.relpath(real, tmp), link)
    rc, out, err = run("tournament", link, "result", "1", "1", "1-0")
    check("result through a link", rc == 0, err)
    check("the link is still a link", os.path.islink(link) and os.path.realpath(link) == os.path.realpath(real))
    with open(real, encoding="utf-8") as f:
        check("the result reached the linked file", json.load(f)["rounds"][0][0]["result"] == "1-0")
    check("no temporary file left", not [n for d in (tmp, real_dir) for n in os.listdir(d) if ".tmp-" in n])

    # A full disk (here: a file size limit) names the event, not the
    # temporary file, and the event is left as it was.
    import resource
    import signal
    import subprocess

    def small_files():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (200, 200))

    with open(real, "rb") as f:
        before = f.read()
    p = subprocess.run([os.environ["XQTOOL"], "tournament", real, "result", "1", "2", "0-1"],
                       capture_output=True, text=True, env=ENV, preexec_fn=small_files)
    one_line_error("disk full: one line", p.returncode, p.stdout, p.stderr, real + ": ")
    check("disk full: names the event, not the temporary file", ".tmp-" not in p.stderr, p.stderr)
    with open(real, "rb") as f:
        check("disk full: the event is unchanged", f.read() == before)

    # December 7, N1: 75,000 "[" then as many "]" overflowed the stack in
    # json-glib.  Every command that reads an event answers with one line
    # naming the file and the JSON path, and the file is left alone.
    deep_src = os.path.join(os.environ["XQ_SOURCE_DIR"], "tests", "data", "repro",
                            "tournament-deep-nesting-stack-overflow.json")
    deep = os.path.join(tmp, "deep.json")
    with open(deep_src, "rb") as f:
        deep_bytes = f.read()
    with open(deep, "wb") as f:
        f.write(deep_bytes)
    for args in [("standings",), ("result", "1", "1", "1-0"), ("export", "csv"),
                 ("print", "standings", "--out", os.path.join(tmp, "deep.pdf"))]:
        rc, out, err = run("tournament", deep, *args)
        one_line_error(f"deeply nested file: {args[0]} refuses it", rc, out, err,
                       deep + ": $" + "[0]" * 32 + ": arrays and objects are nested more than 32 deep")
    with open(deep, "rb") as f:
        check("deeply nested file: left alone", f.read() == deep_bytes)
    check("deeply nested file: nothing printed", not os.path.exists(os.path.join(tmp, "deep.pdf")))

# An event file that is a named pipe or a link to a device: refused at
# once as not a file (never waited on, never called "too large").
with tempfile.TemporaryDirectory(prefix="xq-notfile-") as d:
    fifo = os.path.join(d, "ev.json")
    os.mkfifo(fifo)
    rc, out, err = run("tournament", fifo, "standings")
    check("a FIFO event file: refused as not a regular file",
          rc == 1 and "not a regular file" in err and "too large" not in err, f"rc={rc} {err!r}")
    dev = os.path.join(d, "zero.json")
    os.symlink("/dev/zero", dev)
    rc, out, err = run("tournament", dev, "standings")
    check("an event file linked to /dev/zero: refused as not a regular file",
          rc == 1 and "not a regular file" in err and "too large" not in err, f"rc={rc} {err!r}")

finish()
