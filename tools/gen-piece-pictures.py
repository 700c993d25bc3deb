#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Turns the piece pictures in data/pieces/<set>/*.svg into a C header.

Run by meson at build time (src/render/meson.build):

    gen-piece-pictures.py PIECES_DIR OUTPUT.h DEPFILE

Every folder of PIECES_DIR is one piece set; its name is the set's name in
the renderer's table (src/render/xq-piece-sets.c).  Every SVG file in it is
one face, named after the piece it shows ("king.svg" for both sides, or
"red-king.svg" and "black-king.svg"); the renderer and its tests check that
a set has a face for every piece.

The files are ordinary SVG with a small vocabulary, so that the renderer can
paint them in the board theme's colours:

  * the root has viewBox="-50 -50 100 100": the piece's centre is 0,0 and
    the face of the disc is about 70 units wide;
  * elements: circle, rect (rx allowed), line, polygon, path (absolute
    M, L, C and Z only), optionally grouped in <g> without attributes;
  * colours: "#000000" (or "#000", "black") is the ink of the piece (red or
    black on the board), "#ffffff" ("#fff", "white") is the colour of the
    disc's face (for details cut into the ink), "none" is nothing;
  * no transforms, no styles, no text.

Anything else stops the build with FILE: element N (<tag>): what is wrong.
The depfile lists the folders too, so adding a folder or a file rebuilds.
"""

import os
import re
import sys
import xml.etree.ElementTree as ET

SVG_NS = "{http://www.w3.org/2000/svg}"
INK = {"#000000", "#000", "black"}
FACE = {"#ffffff", "#fff", "white"}
PATH_TOKEN = re.compile(r"[MLCZ]|-?\d+(?:\.\d+)?|[^\s,]")
PATH_ARGS = {"M": 2, "L": 2, "C": 6, "Z": 0}
# Presentation attributes the painter decides for itself (caps and joins).
IGNORED = {"stroke-linecap", "stroke-linejoin", "id"}
SHAPES = {
    "circle": ("XQ_SHAPE_CIRCLE", ["cx", "cy", "r"]),
    "rect": ("XQ_SHAPE_RECT", ["x", "y", "width", "height", "rx"]),
    "line": ("XQ_SHAPE_LINE", ["x1", "y1", "x2", "y2"]),
}


class FaceError(Exception):
    pass


def paint(value, where):
    if value is None or value == "none":
        return "XQ_SHAPE_PAINT_NONE"
    v = value.strip().lower()
    if v in INK:
        return "XQ_SHAPE_PAINT_INK"
    if v in FACE:
        return "XQ_SHAPE_PAINT_FACE"
    raise FaceError(f"{where}: colour {value!r} is neither ink (#000000), face (#ffffff) nor none")


def number(elem, name, where, default=None):
    value = elem.get(name)
    if value is None:
        if default is not None:
            return default
        raise FaceError(f"{where}: attribute {name} is missing")
    try:
        return float(value)
    except ValueError:
        raise FaceError(f"{where}: attribute {name}={value!r} is not a plain number") from None


def path_ok(data):
    """Absolute M, L, C, Z, each with whole groups of its numbers (an M or L
    may repeat its pair, as in SVG), starting with M."""
    tokens = PATH_TOKEN.findall(data)
    if not tokens or tokens[0] != "M":
        return False
    cmd, count = None, 0
    for t in tokens + ["Z"]:
        if t in PATH_ARGS:
            if cmd is not None and PATH_ARGS[cmd] and (count == 0 or count % PATH_ARGS[cmd]):
                return False
            cmd, count = t, 0
        elif cmd is None or PATH_ARGS[cmd] == 0 or not re.fullmatch(r"-?\d+(?:\.\d+)?", t):
            return False
        else:
            count += 1
    return True


def c_num(v):
    return repr(float(v))


def c_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def shape(elem, where):
    tag = elem.tag[len(SVG_NS):] if elem.tag.startswith(SVG_NS) else elem.tag
    where = f"{where} (<{tag}>)"
    known = {"fill", "stroke", "stroke-width"} | IGNORED
    if tag in SHAPES:
        known |= set(SHAPES[tag][1])
    elif tag == "polygon":
        known.add("points")
    elif tag == "path":
        known.add("d")
    else:
        raise FaceError(f"{where}: element not supported (circle, rect, line, polygon, path)")
    for attr in elem.attrib:
        if attr not in known:
            raise FaceError(f"{where}: attribute {attr} not supported")
    # SVG's default fill is black: an element without fill is ink, as a
    # viewer shows it.  Lines have no fill.
    fill = paint(elem.get("fill", "none" if tag == "line" else "#000000"), where)
    stroke = paint(elem.get("stroke"), where)
    width = number(elem, "stroke-width", where, 1.0 if stroke != "XQ_SHAPE_PAINT_NONE" else 0.0)
    if tag == "line" and stroke == "XQ_SHAPE_PAINT_NONE":
        raise FaceError(f"{where}: a line needs a stroke")
    nums, d = [], "NULL"
    if tag in SHAPES:
        kind, attrs = SHAPES[tag]
        nums = [number(elem, a, where, 0.0 if a == "rx" else None) for a in attrs]
    elif tag == "polygon":
        kind = "XQ_SHAPE_POLYGON"
        pts = [float(v) for v in re.split(r"[\s,]+", (elem.get("points") or "").strip()) if v]
        if len(pts) < 6 or len(pts) % 2 or len(pts) > 2 * 16:
            raise FaceError(f"{where}: points needs 3 to 16 x,y pairs")
        nums = pts
    else:
        kind = "XQ_SHAPE_PATH"
        data = elem.get("d") or ""
        if not path_ok(data):
            raise FaceError(f"{where}: d may only use absolute M, L, C and Z with plain numbers")
        d = c_str(" ".join(data.split()))
    values = "(const double[]) { " + ", ".join(c_num(v) for v in nums) + " }" if nums else "NULL"
    return f"    {{ {kind}, {fill}, {stroke}, {c_num(width)}, {len(nums)}, {values}, {d} }},"


def read_face(path):
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        raise FaceError(f"{path}: not well-formed XML: {e}") from None
    if root.tag != SVG_NS + "svg":
        raise FaceError(f"{path}: the root is not an <svg> element in the SVG namespace")
    if (root.get("viewBox") or "").split() != ["-50", "-50", "100", "100"]:
        raise FaceError(f'{path}: viewBox must be "-50 -50 100 100" (the piece\'s centre at 0,0)')
    lines, n = [], 0

    def walk(parent):
        nonlocal n
        for elem in parent:
            tag = elem.tag[len(SVG_NS):] if elem.tag.startswith(SVG_NS) else elem.tag
            if tag in ("title", "desc", "metadata"):
                continue
            n += 1
            if tag == "g":
                if elem.attrib:
                    raise FaceError(f"{path}: element {n} (<g>): a group may not have attributes")
                walk(elem)
                continue
            lines.append(shape(elem, f"{path}: element {n}"))

    walk(root)
    if not lines:
        raise FaceError(f"{path}: draws nothing")
    return lines


def main(argv):
    if len(argv) != 4:
        sys.stderr.write("usage: gen-piece-pictures.py PIECES_DIR OUTPUT.h DEPFILE\n")
        return 2
    pieces_dir, output, depfile = argv[1:]
    deps = [pieces_dir]
    out = ["/* Generated by tools/gen-piece-pictures.py from data/pieces/.  Do not edit. */",
           "#pragma once", ""]
    faces = []
    try:
        for set_name in sorted(os.listdir(pieces_dir)):
            set_dir = os.path.join(pieces_dir, set_name)
            if not os.path.isdir(set_dir):
                continue
            if not re.fullmatch(r"[a-z][a-z0-9-]*", set_name):
                raise FaceError(f"{set_dir}: a set's name is lower-case letters, digits and '-'")
            deps.append(set_dir)
            for file in sorted(os.listdir(set_dir)):
                path = os.path.join(set_dir, file)
                if not file.endswith(".svg"):
                    continue
                deps.append(path)
                ident = re.sub(r"[^a-z0-9]", "_", f"{set_name}_{file[:-4]}")
                out.append(f"static const XqPictureShape xq_picture_{ident}[] = {{")
                out.extend(read_face(path))
                out.append("};")
                faces.append(f"  {{ {c_str(set_name)}, {c_str(file[:-4])}, xq_picture_{ident}, "
                             f"G_N_ELEMENTS (xq_picture_{ident}) }},")
    except (FaceError, OSError) as e:
        sys.stderr.write(f"{e}\n")
        return 1
    out.append("")
    out.append("static const XqPiecePicture xq_piece_pictures[] = {")
    out.extend(faces)
    out.append("};")
    out.append(f"#define XQ_N_PIECE_PICTURES {len(faces)}")
    with open(output + ".tmp", "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    os.replace(output + ".tmp", output)
    with open(depfile, "w", encoding="utf-8") as f:
        f.write(output.replace(" ", "\\ ") + ": " + " ".join(d.replace(" ", "\\ ") for d in deps) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
