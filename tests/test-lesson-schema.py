#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""docs/lesson.schema.json against the kind table and the shipped files:
its exercise part is what `xqtool kinds --schema` makes from the kinds'
field descriptors (so the two cannot drift), and every file under lessons/
validates against it.  A file with a kind the table does not have fails."""
import copy
import glob
import json
import os

import jsonschema

from xqtool_tap import check, finish, run

SRC = os.environ["XQ_SOURCE_DIR"]
schema = json.load(open(os.path.join(SRC, "docs", "lesson.schema.json"), encoding="utf-8"))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)

rc, out, err = run("kinds", "--schema")
check("xqtool kinds --schema runs", rc == 0 and err == "", err)
generated = json.loads(out) if rc == 0 else None
check("the schema's exercises are the kind table's (regenerate with tools/update-lesson-schema.py)",
      generated == schema["$defs"]["exercise"],
      json.dumps(generated, indent=1)[:2000])

rc, out, err = run("kinds")
names = [line.split(":")[0] for line in out.splitlines() if not line.startswith(" ")]
check("xqtool kinds lists the table", rc == 0 and len(names) >= 6, out)
check("the schema has one shape per kind, in the table's order",
      [shape["properties"]["kind"]["const"] for shape in schema["$defs"]["exercise"]["oneOf"]] == names)

# Every kind is shown being done, or the table says why not: xqtool kinds
# (from XqKind.demo and no_demo) and the docs' table agree, kind by kind.
demo = {}
current = None
for line in out.splitlines():
    if not line.startswith(" "):
        current = line.split(":")[0]
    elif line.strip().startswith("demonstration "):
        demo[current] = line.strip()[len("demonstration "):]
check("every kind says whether it has a demonstration", sorted(demo) == sorted(names), str(demo))
check("a kind without one gives its reason",
      all(v == "yes" or (v.startswith("none: ") and len(v) > 20 and "no reason" not in v) for v in demo.values()),
      str(demo))
doc_rows = {}
for line in open(os.path.join(SRC, "docs", "exercise-kinds.md"), encoding="utf-8"):
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if len(cells) == 5 and cells[0].startswith("`"):
        doc_rows[cells[0].strip("`")] = cells[4]
for name in names:
    want_none = demo.get(name, "").startswith("none")
    got = doc_rows.get(name)
    check(f"docs/exercise-kinds.md: {name}'s demonstration as the table has it",
          got is not None and got != "" and got.startswith("none") == want_none, str(got))

files = sorted(glob.glob(os.path.join(SRC, "lessons", "*.json")) +
               glob.glob(os.path.join(SRC, "lessons", "puzzles", "*.json")))
check("there are shipped lesson files", len(files) >= 8, str(files))
units = []
for path in files:
    doc = json.load(open(path, encoding="utf-8"))
    errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
    check(f"{os.path.relpath(path, SRC)} matches the schema", not errors,
          "\n".join(f"{'/'.join(map(str, e.path))}: {e.message[:200]}" for e in errors[:5]))
    if doc.get("type") == "unit":
        units.append(doc)

# The schema is not vacuous: a kind outside the table, or a key a kind does
# not have, is refused.
if units:
    bad = copy.deepcopy(units[0])
    bad["exercises"][0]["kind"] = "juggle"
    check("an unknown kind is refused", not validator.is_valid(bad))
    bad = copy.deepcopy(units[0])
    bad["exercises"][0]["colour"] = "red"
    check("an unknown key is refused", not validator.is_valid(bad))

finish()
