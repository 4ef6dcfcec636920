"""Write every generated diagram of docs/ from the source of truth, or check that none is stale.

    python docs/tools/diagrams.py            # write them (needs Graphviz's dot for the pictures)
    python docs/tools/diagrams.py --check    # list what is stale, exit 1 if anything is

The Chen diagram (chen.drawio, chen.svg) and the MySQL Workbench model (siete.mwb and its
picture er-model.dot/.svg/.png) come from the schema; the class diagram (classes.dot/.svg)
from the code. tests/data/test_diagrams.py runs the check.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import chen  # noqa: E402
import classes  # noqa: E402
import er_picture  # noqa: E402
import rendering  # noqa: E402
import workbench  # noqa: E402
from schema_model import DOCS, load_tables  # noqa: E402

PICTURES = {"er-model.dot": ("er-model.svg", "er-model.png"), "classes.dot": ("classes.svg",)}


def sources() -> dict[str, str]:
    """Every generated text file of docs/ as the schema and the code give it now."""
    tables = load_tables()
    texts = chen.generated_files(tables)
    texts["er-model.dot"] = er_picture.er_dot(tables)
    texts["classes.dot"] = classes.classes_dot()
    return texts


def stale(texts: dict[str, str]) -> list[str]:
    """What in docs/ differs from what the generators give now (the pictures by their digest)."""
    problems = [name for name, text in texts.items()
                if not (DOCS / name).exists() or (DOCS / name).read_text(encoding="utf-8") != text]
    xml = workbench.document_xml(load_tables())
    if not (DOCS / "siete.mwb").exists() or workbench.mwb_document(DOCS / "siete.mwb") != xml:
        problems.append("siete.mwb")
    for source, pictures in PICTURES.items():
        digest = rendering.source_digest(texts[source])
        problems += [p for p in pictures
                     if not (DOCS / p).exists() or rendering.picture_digest((DOCS / p).read_bytes()) != digest]
    return problems


def write(texts: dict[str, str]) -> None:
    for name, text in texts.items():
        (DOCS / name).write_text(text, encoding="utf-8")
    (DOCS / "siete.mwb").write_bytes(workbench.mwb_bytes(workbench.document_xml(load_tables())))
    for source, pictures in PICTURES.items():
        for picture in pictures:
            fmt = picture.rsplit(".", 1)[1]
            (DOCS / picture).write_bytes(rendering.render(texts[source], fmt, stagger=source == "classes.dot"))
    print("wrote", ", ".join(sorted([*texts, "siete.mwb", *[p for ps in PICTURES.values() for p in ps]])))


def main() -> int:
    texts = sources()
    if "--check" in sys.argv[1:]:
        problems = stale(texts)
        for name in problems:
            print(f"docs/{name} is stale: run python docs/tools/diagrams.py")
        return 1 if problems else 0
    write(texts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
