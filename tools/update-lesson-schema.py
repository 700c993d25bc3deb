#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Rewrites the exercise part ($defs.exercise) of docs/lesson.schema.json
from the kind table, as `xqtool kinds --schema` prints it.  Run after adding
or changing an exercise kind (docs/exercise-kinds.md).

usage: tools/update-lesson-schema.py [BUILD_DIR]"""
import json
import os
import subprocess
import sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
build = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "build")
out = subprocess.run([os.path.join(build, "src", "cli", "xqtool"), "kinds", "--schema"],
                     check=True, capture_output=True, text=True).stdout
path = os.path.join(root, "docs", "lesson.schema.json")
schema = json.load(open(path, encoding="utf-8"))
schema["$defs"]["exercise"] = json.loads(out)
with open(path, "w", encoding="utf-8") as f:
    json.dump(schema, f, indent=2, ensure_ascii=False)
    f.write("\n")
