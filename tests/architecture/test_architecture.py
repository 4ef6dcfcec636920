"""The layout the code keeps: siete/engine is the pure rules core, with no import cycle inside.

Imports are read from the source (every `import` and `from ... import`, those inside functions
included), so an import hidden in a function counts as much as one at the top.
"""
from __future__ import annotations

import sys
from pathlib import Path

from tests.support.source_imports import ROOT, imported_modules, module_name

ENGINE = ROOT / "siete" / "engine"


def engine_files() -> list[Path]:
    return sorted(ENGINE.rglob("*.py"))


def test_the_engine_imports_only_the_standard_library_and_itself():
    outside = {}
    for path in engine_files():
        for name in imported_modules(path):
            top = name.partition(".")[0]
            if top in sys.stdlib_module_names or name == "siete.engine" or name.startswith("siete.engine."):
                continue
            outside.setdefault(str(path.relative_to(ROOT)), []).append(name)
    assert outside == {}


# Standard-library modules that reach outside a computation: files, the environment, processes,
# the network, a database, the clock. The engine is handed what it needs (a seeded random source).
OUTSIDE_WORLD = {"os", "pathlib", "io", "shutil", "tempfile", "glob", "subprocess", "socket", "ssl",
                 "http", "urllib", "sqlite3", "dbm", "shelve", "time", "datetime", "logging"}


def test_the_engine_reaches_no_file_environment_network_or_clock():
    reaching = {str(path.relative_to(ROOT)): sorted(names)
                for path in engine_files()
                if (names := {n for n in imported_modules(path) if n.partition(".")[0] in OUTSIDE_WORLD})}
    assert reaching == {}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of the graph (as the modules along it), or None."""
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> list[str] | None:
        if node in path:
            return path[path.index(node):] + [node]
        if node in done:
            return None
        for nxt in sorted(graph.get(node, ())):
            cycle = visit(nxt, path + [node])
            if cycle:
                return cycle
        done.add(node)
        return None

    for start in sorted(graph):
        cycle = visit(start, [])
        if cycle:
            return cycle
    return None


def test_the_engine_has_no_import_cycle():
    modules = {module_name(path): path for path in engine_files()}
    graph = {name: {m for m in imported_modules(path) if m in modules and m != name}
             for name, path in modules.items()}
    assert find_cycle(graph) is None


def test_the_cycle_finder_finds_one():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
