"""Draw the database's Chen diagram: docs/chen.drawio (draw.io) and docs/chen.svg, one layout.

    python3 docs/tools/chen.py          # writes both files next to docs/database.md

The attributes come from the schema (schema_model.py): every column but the control columns and
the foreign keys, which are drawn as relationships. chen_model.py, beside this file, says where
each entity sits and what its relationships are called; `model_problems` lists any table, column
or foreign key of the schema the model leaves out (tests/data/test_diagrams.py runs it).
The script places every attribute oval on a ring
around its entity, away from the entity's relationship lines, then checks that no two shapes
overlap and no line crosses a shape it does not join; it stops with the list if one does.
Needs the project's packages (it reads the models' metadata).
"""
from __future__ import annotations

import math
from xml.sax.saxutils import escape

from chen_model import COPIED_KEYS, DERIVED, ENTITIES, NOTE_HEAD, RELATIONSHIPS, SUMMARY_TABLES, WORK_TABLES
from schema_model import CONTROL_COLUMNS, DOCS, Table, load_tables

OUT = DOCS
FONT = 12  # px, attributes, relationships and cardinalities
MARGIN = 10  # px kept free around every shape


class Shape:
    def __init__(self, sid, kind, label, cx, cy, w, h, key=False, derived=False, double=False):
        self.id, self.kind, self.label = sid, kind, label
        self.cx, self.cy, self.w, self.h = cx, cy, w, h
        self.key, self.derived, self.double = key, derived, double

    def box(self, pad=0.0):
        return (self.cx - self.w / 2 - pad, self.cy - self.h / 2 - pad,
                self.cx + self.w / 2 + pad, self.cy + self.h / 2 + pad)


def text_width(label, size=FONT, bold=False):
    return len(label) * size * (0.64 if bold else 0.58)


def boxes_overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def segment_hits_box(p, q, box):
    """True if the segment p-q passes through the rectangle (Liang-Barsky clipping)."""
    t0, t1 = 0.0, 1.0
    dx, dy = q[0] - p[0], q[1] - p[1]
    for d, lo, hi, v in ((dx, box[0], box[2], p[0]), (dy, box[1], box[3], p[1])):
        if d == 0:
            if v < lo or v > hi:
                return False
            continue
        a, b = (lo - v) / d, (hi - v) / d
        t0, t1 = max(t0, min(a, b)), min(t1, max(a, b))
        if t0 > t1:
            return False
    return True


def ring(centre, labels, obstacles, lines, prefix):
    """Attribute ovals on the smallest ellipse around centre that keeps them clear of the
    centre shape, of each other, of other shapes and of the centre's relationship lines,
    spread as evenly as the room allows."""
    sizes = [(text_width(lbl.lstrip("_~")) + 28, 34) for lbl in labels]
    rx, ry = centre.w / 2 + 70, centre.h / 2 + 50
    for _ in range(60):
        placed = pack(centre, labels, sizes, rx, ry, 0.0, obstacles, lines, prefix)
        if placed:
            lo, hi = 0.0, 2 * math.pi / len(labels)
            for _ in range(7):
                gap = (lo + hi) / 2
                spread = pack(centre, labels, sizes, rx, ry, gap, obstacles, lines, prefix)
                lo, hi, placed = (gap, hi, spread) if spread else (lo, gap, placed)
            for oval in placed:
                oval.owner = centre
            return placed
        rx, ry = rx * 1.06, ry * 1.06
    raise SystemExit(f"no room for the attributes of {centre.label}")


def pack(centre, labels, sizes, rx, ry, gap, obstacles, lines, prefix):
    """Ovals placed clockwise from the top, each at the first free place gap after the last."""
    placed, t = [], -math.pi / 2
    for i, (lbl, (w, h)) in enumerate(zip(labels, sizes)):
        while t < 3 * math.pi / 2:
            oval = Shape(f"{prefix}_a{i}", "attr", lbl.lstrip("_~"), centre.cx + rx * math.cos(t),
                         centre.cy + ry * math.sin(t), w, h, lbl.startswith("_"), lbl.startswith("~"))
            if clear(oval, placed + obstacles, lines):
                placed.append(oval)
                t += gap
                break
            t += 0.01
        else:
            return None
    return placed


def clear(oval, others, lines):
    box = oval.box(MARGIN)
    return (not any(boxes_overlap(box, o.box()) for o in others)
            and not any(segment_hits_box(p, q, box) for p, q in lines))


def foreign_key_columns(table: Table) -> set[str]:
    return {c for fk in table.foreign_keys for c in fk.columns}


def attribute_labels(table: Table, keep_keys: bool = True) -> list[str]:
    """The table's columns as the diagram writes them: "_" marks a key, "~" a derived column."""
    skip = set(CONTROL_COLUMNS) | foreign_key_columns(table)
    derived = DERIVED.get(table.name, set())
    return [("_" if c.primary and keep_keys else "~" if c.name in derived else "") + c.name
            for c in table.columns if c.name not in skip and (keep_keys or not c.primary)]


def model_attributes(tables):
    """Entity name or relationship key -> its attribute labels, read from the schema."""
    attrs = {name: attribute_labels(tables[table]) for name, (_x, _y, _w, table) in ENTITIES.items()}
    for rel in RELATIONSHIPS:
        if "." not in rel[7]:
            attrs[shapes_key(rel)] = attribute_labels(tables[rel[7]], keep_keys=False)
    return attrs


def layout(tables):
    attributes = model_attributes(tables)
    shapes, links = {}, []
    for name, (x, y, weak, _table) in ENTITIES.items():
        shapes[name] = Shape(f"e_{slug(name)}", "entity", name, x, y,
                             text_width(name, 13, True) + 40, 56, double=weak)
    for label, a, ca, b, cb, ident, (ox, oy), _via in RELATIONSHIPS:
        ea, eb = shapes[a], shapes[b]
        rel = Shape(f"r_{slug(label)}_{slug(a)}_{slug(b)}", "rel", label, (ea.cx + eb.cx) / 2 + ox,
                    (ea.cy + eb.cy) / 2 + oy, max(110, text_width(label) + 60), 64, double=ident)
        shapes[rel.id] = rel
        links += [(ea, rel, ca, ident and ea.double), (eb, rel, cb, ident and eb.double)]
    attrs_of = {}
    for key, labels in attributes.items():
        if not labels:
            continue
        centre = shapes[key]
        lines = [((link[0].cx, link[0].cy), (link[1].cx, link[1].cy)) for link in links if centre in link[:2]]
        fixed = list(shapes.values())
        placed = [a for group in attrs_of.values() for a in group]
        attrs_of[key] = ring(centre, labels, fixed + placed, lines, centre.id)
    for group in attrs_of.values():
        for oval in group:
            shapes[oval.id] = oval
            links.append((oval.owner, oval, "", False))
    return shapes, links


def shapes_key(rel):
    return f"r_{slug(rel[0])}_{slug(rel[1])}_{slug(rel[3])}"


def slug(text):
    return text.lower().replace(" ", "_")


def check(shapes, links):
    problems, items = [], list(shapes.values())
    for i, a in enumerate(items):
        for b in items[i + 1:]:
            if boxes_overlap(a.box(MARGIN / 2), b.box(MARGIN / 2)):
                problems.append(f"overlap: {a.id} / {b.id}")
    for p, q, _c, _i in links:
        for s in items:
            if s not in (p, q) and segment_hits_box((p.cx, p.cy), (q.cx, q.cy), s.box(-4)):
                problems.append(f"line {p.id}-{q.id} crosses {s.id}")
    return problems


def extent(shapes):
    boxes = [s.box(40) for s in shapes.values()]
    return min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)


def note_lines(tables):
    """The note's fixed head, then what the schema holds that the drawing does not show."""
    renamed = [f"{name} is table {table}" for name, (_x, _y, _w, table) in ENTITIES.items()
               if name.replace(" ", "_").lower() + "s" != table and name.lower() + "s" != table]
    as_tables = [f"'{rel[0]}' is table {rel[7]}" for rel in RELATIONSHIPS if "." not in rel[7]]
    summaries = sorted(t for t in tables if t.startswith(SUMMARY_TABLES))
    work = [f"{t} ({why})" for t, why in WORK_TABLES.items() if t in tables]
    return NOTE_HEAD + wrap("Names: " + "; ".join(renamed + as_tables) + ".") + wrap(
        "Copied keys (a shorter path for the reports): " + ", ".join(sorted(COPIED_KEYS)) + ".") + wrap(
        "Not drawn, sums of the tables above for the 16 reports: " + ", ".join(summaries) + ".") + wrap(
        "Not drawn, the application's work tables: " + "; ".join(work) + ".")


def wrap(text, width=96):
    lines, line = [], ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + [line]


def note_box(shapes, lines):
    x0, y0, _x1, _y1 = extent(shapes)
    w = max(text_width(line) for line in lines) + 40
    h = len(lines) * 18 + 24
    return Shape("note", "note", "\n".join(lines), x0 + 40 + w / 2, y0 - h / 2 - 20, w, h)


def model_problems(tables):
    """What the schema holds that chen_model.py does not place: empty when the model is current."""
    problems = []
    drawn = {t for (_x, _y, _w, t) in ENTITIES.values()} | {r[7] for r in RELATIONSHIPS if "." not in r[7]}
    for name in tables:
        if name not in drawn and name not in WORK_TABLES and not name.startswith(SUMMARY_TABLES):
            problems.append(f"table {name} is neither an entity, an M:N relationship nor listed as not drawn")
    for name in sorted(drawn | set(WORK_TABLES)):
        if name not in tables:
            problems.append(f"chen_model.py names table {name}, which the schema no longer has")
    vias = {r[7] for r in RELATIONSHIPS if "." in r[7]}
    for name in sorted(drawn - {r[7] for r in RELATIONSHIPS if "." not in r[7]}):
        for fk in tables[name].foreign_keys if name in tables else ():
            key = f"{name}.{fk.columns[0]}"
            if key not in vias and key not in COPIED_KEYS:
                problems.append(f"foreign key {key} is not drawn as a relationship nor listed as copied")
    for key in sorted(vias | COPIED_KEYS):
        table, column = key.split(".")
        if table not in tables or column not in foreign_key_columns(tables[table]):
            problems.append(f"chen_model.py draws {key}, which is no foreign key of the schema")
    for table, columns in DERIVED.items():
        for column in sorted(columns - {c.name for c in tables[table].columns} if table in tables else columns):
            problems.append(f"chen_model.py marks {table}.{column} derived, which the schema does not have")
    return problems


BLACK_ON_WHITE = "fillColor=#ffffff;strokeColor=#000000;fontColor=#000000;"


def drawio_style(s):
    return drawio_shape(s) + (BLACK_ON_WHITE if s.kind != "note" else "")


def drawio_shape(s):
    if s.kind == "entity":
        base = "shape=ext;margin=3;double=1;" if s.double else ""
        return base + "whiteSpace=wrap;html=1;align=center;fontStyle=1;fontSize=13;"
    if s.kind == "rel":
        return ("shape=rhombus;perimeter=rhombusPerimeter;" + ("double=1;" if s.double else "")
                + f"whiteSpace=wrap;html=1;align=center;fontSize={FONT};")
    if s.kind == "attr":
        return (f"ellipse;shape=ellipse;perimeter=ellipsePerimeter;whiteSpace=wrap;html=1;align=center;fontSize={FONT};"
                + ("fontStyle=4;" if s.key else "") + ("dashed=1;" if s.derived else ""))
    return ("text;html=0;whiteSpace=wrap;align=left;fontColor=#000000;verticalAlign=top;spacing=10;"
            f"fontSize={FONT};strokeColor=#666666;fillColor=#fffbe6;")


def drawio_text(shapes, links, note):
    x0, y0, x1, y1 = extent({**shapes, "note": note})
    cells = ['<mxCell id="0" />', '<mxCell id="1" parent="0" />']
    for s in list(shapes.values()) + [note]:
        bx = s.box()
        cells.append(
            f'<mxCell id="{s.id}" value="{escape(s.label, {chr(34): "&quot;", chr(10): "&#10;"})}" '
            f'style="{drawio_style(s)}" vertex="1" parent="1"><mxGeometry x="{bx[0] - x0:.0f}" '
            f'y="{bx[1] - y0:.0f}" width="{s.w:.0f}" height="{s.h:.0f}" as="geometry" /></mxCell>')
    for n, (a, b, card, double) in enumerate(links):
        style = ("shape=link;" if double else "") + "endArrow=none;html=1;rounded=0;"
        style += f"strokeColor=#000000;fontColor=#000000;fontSize={FONT};fontStyle=1;labelBackgroundColor=#ffffff;"
        cells.append(
            f'<mxCell id="l{n}" value="{card}" style="{style}" edge="1" parent="1" source="{a.id}" '
            f'target="{b.id}"><mxGeometry relative="1" as="geometry" /></mxCell>')
    body = "\n        ".join(cells)
    return (
        '<mxfile host="drawio" agent="docs/tools/chen.py" version="24.0.0">\n'
        '  <diagram id="chen" name="Chen diagram">\n'
        f'    <mxGraphModel dx="{x1 - x0:.0f}" dy="{y1 - y0:.0f}" grid="1" gridSize="10" guides="1" '
        'tooltips="1" connect="1" arrows="1" fold="1" page="1" pageScale="1" '
        f'pageWidth="{x1 - x0:.0f}" pageHeight="{y1 - y0:.0f}" math="0" shadow="0">\n'
        f'      <root>\n        {body}\n      </root>\n    </mxGraphModel>\n  </diagram>\n</mxfile>\n')


def svg_shape(s, x0, y0):
    cx, cy = s.cx - x0, s.cy - y0
    stroke = 'fill="#ffffff" stroke="#000000" stroke-width="1.5"'
    out = []
    if s.kind == "entity":
        out.append(f'<rect x="{cx - s.w / 2:.1f}" y="{cy - s.h / 2:.1f}" '
                   f'width="{s.w:.1f}" height="{s.h:.1f}" {stroke}/>')
        if s.double:
            out.append(f'<rect x="{cx - s.w / 2 + 4:.1f}" y="{cy - s.h / 2 + 4:.1f}" width="{s.w - 8:.1f}" '
                       f'height="{s.h - 8:.1f}" fill="none" stroke="#000000" stroke-width="1.5"/>')
    elif s.kind == "rel":
        for inset, fill in ((0, stroke), (7, 'fill="none" stroke="#000000" stroke-width="1.5"')):
            if inset and not s.double:
                break
            w, h = s.w / 2 - inset, s.h / 2 - inset * s.h / s.w
            pts = f"{cx - w:.1f},{cy:.1f} {cx:.1f},{cy - h:.1f} {cx + w:.1f},{cy:.1f} {cx:.1f},{cy + h:.1f}"
            out.append(f'<polygon points="{pts}" {fill}/>')
    elif s.kind == "attr":
        dash = ' stroke-dasharray="5,3"' if s.derived else ""
        out.append(f'<ellipse cx="{cx:.1f}" cy="{cy:.1f}" rx="{s.w / 2:.1f}" ry="{s.h / 2:.1f}" {stroke}{dash}/>')
    else:
        out.append(f'<rect x="{cx - s.w / 2:.1f}" y="{cy - s.h / 2:.1f}" width="{s.w:.1f}" height="{s.h:.1f}" '
                   'fill="#fffbe6" stroke="#666666"/>')
        for i, line in enumerate(s.label.split("\n")):
            out.append(f'<text x="{cx - s.w / 2 + 20:.1f}" y="{cy - s.h / 2 + 28 + 18 * i:.1f}" '
                       f'font-size="{FONT}">{escape(line)}</text>')
        return out
    size, weight = (13, ' font-weight="bold"') if s.kind == "entity" else (FONT, "")
    deco = ' text-decoration="underline"' if s.key else ""
    out.append(f'<text x="{cx:.1f}" y="{cy + size * 0.35:.1f}" font-size="{size}" text-anchor="middle"'
               f'{weight}{deco}>{escape(s.label)}</text>')
    return out


def svg_link(a, b, card, double, x0, y0):
    ax, ay, bx, by = a.cx - x0, a.cy - y0, b.cx - x0, b.cy - y0
    out = []
    length = math.hypot(bx - ax, by - ay) or 1
    nx, ny = -(by - ay) / length * 2, (bx - ax) / length * 2
    for k in ((-1, 1) if double else (0,)):
        out.append(f'<line x1="{ax + k * nx:.1f}" y1="{ay + k * ny:.1f}" x2="{bx + k * nx:.1f}" '
                   f'y2="{by + k * ny:.1f}" stroke="#000000" stroke-width="1.2"/>')
    return out


def reach(s, dx, dy):
    """The fraction of (dx, dy) from the centre of s at which the line leaves s."""
    hw, hh = s.w / 2, s.h / 2
    if s.kind == "rel":
        return 1 / (abs(dx) / hw + abs(dy) / hh)
    if s.kind == "attr":
        return 1 / math.hypot(dx / hw, dy / hh)
    return min(hw / abs(dx) if dx else math.inf, hh / abs(dy) if dy else math.inf)


def svg_card(a, b, card, x0, y0):
    """The cardinality at the middle of the part of the line outside both shapes."""
    dx, dy = b.cx - a.cx, b.cy - a.cy
    t = (reach(a, dx, dy) + 1 - reach(b, -dx, -dy)) / 2
    tx, ty = a.cx + t * dx - x0, a.cy + t * dy - y0
    return [f'<rect x="{tx - 8:.1f}" y="{ty - 9:.1f}" width="16" height="18" fill="#ffffff"/>',
            f'<text x="{tx:.1f}" y="{ty + 4.5:.1f}" font-size="{FONT + 1}" font-weight="bold" '
            f'text-anchor="middle">{card}</text>']


def svg_text(shapes, links, note):
    x0, y0, x1, y1 = extent({**shapes, "note": note})
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{x1 - x0:.0f}" height="{y1 - y0:.0f}" '
             f'viewBox="0 0 {x1 - x0:.0f} {y1 - y0:.0f}" font-family="Helvetica, Arial, sans-serif">',
             f'<rect width="{x1 - x0:.0f}" height="{y1 - y0:.0f}" fill="#ffffff"/>']
    for a, b, card, double in links:
        parts += svg_link(a, b, card, double, x0, y0)
    for s in list(shapes.values()) + [note]:
        parts += svg_shape(s, x0, y0)
    for a, b, card, _double in links:
        if card:
            parts += svg_card(a, b, card, x0, y0)
    return "\n".join(parts) + "\n</svg>\n"


def generated_files(tables=None):
    """chen.drawio and chen.svg as the schema and the model draw them now: {file name: text}."""
    tables = tables or load_tables()
    problems = model_problems(tables)
    if problems:
        raise SystemExit("docs/tools/chen_model.py is behind the schema:\n  " + "\n  ".join(problems))
    shapes, links = layout(tables)
    problems = check(shapes, links)
    if problems:
        raise SystemExit("layout problems (move an entity in chen_model.py):\n  " + "\n  ".join(problems))
    note = note_box(shapes, note_lines(tables))
    return {"chen.drawio": drawio_text(shapes, links, note), "chen.svg": svg_text(shapes, links, note)}


def main():
    for name, text in generated_files().items():
        (OUT / name).write_text(text, encoding="utf-8")
        print(f"wrote {OUT / name}")


if __name__ == "__main__":
    main()
