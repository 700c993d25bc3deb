#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""xqtool units and xqtool import --replace, as a teacher's terminal uses
them (docs/teacher-units.md).  TAP output."""
import json
import os

from xqtool_tap import ENV, check, finish, run

DIR = os.path.join(ENV["XDG_DATA_HOME"], "xiangqi-tutor", "units")
os.makedirs(DIR)


def unit(uid, title, number, prompts=("Tap the palace.", "Tap it again.")):
    return {"format": 1, "type": "unit", "id": uid, "number": number, "title": title,
            "pages": [{"text": title}],
            "exercises": [{"id": f"e{i}", "kind": "tap", "prompt": p, "rule": "palace", "side": "red"}
                          for i, p in enumerate(prompts)]}


for uid, title, n in (("horses", "Horses", 90), ("cannons", "Cannons", 91)):
    with open(os.path.join(DIR, uid + ".json"), "w") as f:
        json.dump(unit(uid, title, n), f)

rc, out, err = run("units", "list")
rows = [r.split(" | ") for r in out.splitlines()]
check("list: two units by number", rc == 0 and [r[1] for r in rows] == ["horses", "cannons"], out + err)
check("list: number, id, title, exercises", rows and rows[0][:4] == ["90", "horses", "Horses", "2 exercises"], out)

rc, out, err = run("units", "rename", "horses", "The horse's leg")
rc2, out2, _ = run("units", "list")
check("rename", rc == 0 and "The horse's leg" in out2, err)

rc, out, err = run("units", "renumber", "horses", "95")
rc2, out2, _ = run("units", "list")
check("renumber reorders", rc == 0 and out2.splitlines()[0].split(" | ")[1] == "cannons", out2 + err)
rc, out, err = run("units", "renumber", "horses", "100")
check("renumber out of range refused", rc == 1 and "renumber" in err, err)

rc, out, err = run("units", "duplicate", "cannons")
check("duplicate prints the new id", rc == 0 and out.strip() == "cannons-copy", out + err)
rc2, out2, _ = run("units", "list")
check("the copy has its own title", "Cannons (copy)" in out2, out2)

rc, out, err = run("units", "delete", "cannons-copy")
trashed = out.strip()
check("delete moves to the trash", rc == 0 and os.path.isfile(trashed) and "/trash/" in trashed, out + err)
rc, out, err = run("units", "restore", trashed)
rc2, out2, _ = run("units", "list")
check("restore", rc == 0 and "cannons-copy" in out2 and not os.path.exists(trashed), out2 + err)

rc, out, err = run("units", "move-exercise", "cannons", "1", "2")
check("move-exercise", rc == 0 and [r.split(" | ")[1] for r in out.splitlines()] == ["e1", "e0"], out + err)
rc, out, err = run("units", "duplicate-exercise", "cannons", "1")
check("duplicate-exercise", rc == 0 and out.strip() == "e1-2", out + err)
rc, out, err = run("units", "delete-exercise", "cannons", "3")
check("delete-exercise", rc == 0 and out.strip() == "e0", out + err)
rc, out, err = run("units", "delete-exercise", "cannons", "9")
check("delete-exercise: no such exercise", rc == 1 and err.count("\n") == 1, err)
rc, out, err = run("units", "rename", "nothing", "x")
check("unknown unit: one line", rc == 1 and "nothing" in err and err.count("\n") == 1, err)

# A pack of "horses" changed in its second exercise, imported over it.
src = os.path.join(ENV["HOME"], "src")
os.makedirs(src)
with open(os.path.join(src, "horses.json"), "w") as f:
    json.dump(unit("horses", "Horses", 90, ("Tap the palace.", "Tap Red's palace now.")), f)
pack = os.path.join(ENV["HOME"], "class.xqpack")
rc, out, err = run("pack", "export", os.path.join(src, "horses.json"), "--out", pack)
check("pack made", rc == 0, err)
learners = os.path.join(ENV["XDG_DATA_HOME"], "xiangqi-tutor", "learners")
os.makedirs(learners, exist_ok=True)
with open(os.path.join(learners, "ming.json"), "w") as f:
    json.dump({"format": 1, "learner": "ming", "name": "Ming", "stars": {"horses/e0": 3, "horses/e1": 2}}, f)
rc, out, err = run("units", "import", pack)
check("import asks for --replace", rc == 1 and "--replace" in err, err)
rc, out, err = run("units", "import", pack, "--replace")
check("import --replace", rc == 0 and "Replaced" in out, out + err)
with open(os.path.join(learners, "ming.json")) as f:
    stars = json.load(f).get("stars", {})
check("unchanged exercise keeps its stars", stars.get("horses/e0") == 3, str(stars))
check("changed exercise loses them", "horses/e1" not in stars, str(stars))

# A built-in id is refused, in both imports.
with open(os.path.join(src, "moves.json"), "w") as f:
    json.dump(unit("moves-1", "Moves", 90), f)
pack2 = os.path.join(ENV["HOME"], "builtin.xqpack")
run("pack", "export", os.path.join(src, "moves.json"), "--out", pack2)
rc, out, err = run("units", "import", pack2, "--replace")
check("built-in id refused", rc == 1 and "moves-1" in err and "comes with the program" in err, err)
pgn = os.path.join(ENV["HOME"], "g.pgn")
with open(pgn, "w") as f:
    f.write('[Event "x"]\n\n1. h2e2 *\n')
rc, out, err = run("import", pgn, "--out", os.path.join(DIR, "moves-1.json"))
check("import: built-in id refused", rc == 1 and "moves-1" in err, err)
existing = os.path.join(DIR, "cannons.json")
rc, out, err = run("import", pgn, "--out", existing)
check("import: an existing unit needs --replace", rc == 1 and "--replace" in err, err)

finish()
