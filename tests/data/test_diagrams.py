"""The diagrams in docs/ are generated from the schema and the code, and fail here when stale:
the Chen diagram (draw.io, SVG), the MySQL Workbench model (.mwb and its picture) and the
class diagram. `python docs/tools/diagrams.py` regenerates them (docs/database.md)."""
from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest
from lxml import etree

from siete.engine.bots import PROFILES
from siete.engine.codes import BotProfile

DOCS = Path(__file__).resolve().parents[2] / "docs"
sys.path.insert(0, str(DOCS / "tools"))  # the generators are scripts beside the docs they write
chen = pytest.importorskip("chen")
diagrams = pytest.importorskip("diagrams")
schema_model = pytest.importorskip("schema_model")
workbench = pytest.importorskip("workbench")


@pytest.fixture(scope="module")
def tables():
    return schema_model.load_tables()


def test_no_generated_diagram_is_stale():
    assert diagrams.stale(diagrams.sources()) == [], "run python docs/tools/diagrams.py"


def test_the_chen_model_places_every_table_and_foreign_key(tables):
    assert chen.model_problems(tables) == []


def test_a_new_table_or_foreign_key_fails_until_the_chen_model_places_it(tables):
    games = tables["games"]
    extra = dataclasses.replace(games, name="table_notes", foreign_keys=(
        schema_model.ForeignKey("fk_notes_game", ("rematch_of",), "games", ("id",), "RESTRICT"),))
    problems = chen.model_problems({**tables, "table_notes": extra})
    assert any("table table_notes" in p for p in problems)
    stretched = dataclasses.replace(games, columns=games.columns + (
        schema_model.Column("spectators_chat", "BOOL", False, False, False),))
    changed = chen.generated_files({**tables, "games": stretched})
    assert "spectators_chat" in changed["chen.svg"]
    assert changed != chen.generated_files(tables)


def test_the_workbench_model_holds_every_table_column_key_and_relation(tables):
    xml = etree.fromstring(workbench.mwb_document(DOCS / "siete.mwb").encode())
    found = {}
    for node in xml.iter("value"):
        if node.get("struct-name") == "db.mysql.Table":
            name = node.find("value[@key='name']").text
            found[name] = {
                "columns": [c.find("value[@key='name']").text
                            for c in node.find("value[@key='columns']")],
                "keys": {k.find("value[@key='name']").text for k in node.find("value[@key='foreignKeys']")},
                "indices": {i.find("value[@key='name']").text for i in node.find("value[@key='indices']")},
            }
    assert set(found) == set(tables)
    for name, table in tables.items():
        assert found[name]["columns"] == [c.name for c in table.columns], name
        assert found[name]["keys"] == {fk.name for fk in table.foreign_keys}, name
        assert found[name]["indices"] == {"PRIMARY"} | {i.name for i in table.indexes}, name
    figures = [n for n in xml.iter("value") if n.get("struct-name") == "workbench.physical.TableFigure"]
    connections = [n for n in xml.iter("value") if n.get("struct-name") == "workbench.physical.Connection"]
    assert len(figures) == len(tables)
    assert len(connections) == sum(len(t.foreign_keys) for t in tables.values())


def test_every_link_in_the_workbench_model_points_at_an_object_of_the_model():
    xml = etree.fromstring(workbench.mwb_document(DOCS / "siete.mwb").encode())
    ids = {n.get("id") for n in xml.iter("value") if n.get("id")}
    links = [n.text for n in xml.iter("link") if not n.text.startswith("com.mysql.")]
    assert links and set(links) <= ids


def test_the_class_diagram_shows_every_bot_profile():
    source = (DOCS / "classes.dot").read_text(encoding="utf-8")
    assert {str(p) for p in BotProfile} <= set(PROFILES)
    for profile in BotProfile:
        assert f".{type(PROFILES[profile]).__name__}\"" in source, profile


def mermaid_blocks(text: str, kind: str) -> list[str]:
    return [block.split("```", 1)[0] for block in text.split("```mermaid\n")[1:] if block.startswith(kind)]


def test_the_relational_model_in_database_md_lists_every_table_and_column(tables):
    """The erDiagram in docs/database.md is written by hand for its comments: this keeps it whole."""
    (block,) = mermaid_blocks((DOCS / "database.md").read_text(encoding="utf-8"), "erDiagram")
    drawn, current = {}, None
    for line in block.splitlines()[1:]:
        words = line.split()
        if len(words) == 2 and words[1] == "{":
            current = drawn.setdefault(words[0], [])
        elif words == ["}"]:
            current = None
        elif current is not None and len(words) >= 2:
            current.append(words[1])
    expected = {name: [c.name for c in table.columns if c.name not in schema_model.CONTROL_COLUMNS]
                for name, table in tables.items()}
    assert drawn == expected
    links = [line for line in block.splitlines() if "--" in line]
    assert len(links) == sum(len(t.foreign_keys) for t in tables.values())
