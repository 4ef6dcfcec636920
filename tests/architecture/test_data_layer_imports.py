"""The data side imports in one direction: no cycle among siete.data.database, siete.data.* and
siete.service.*, counting imports inside functions (issue 13)."""
from __future__ import annotations

import ast
from pathlib import Path

SIETE = Path(__file__).resolve().parents[2] / "siete"
LAYER = ("siete.data.database", "siete.data", "siete.service")


def module_name(path: Path) -> str:
    parts = path.relative_to(SIETE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path, known: set[str]) -> set[str]:
    """The siete modules `path` imports anywhere in it (a package's import counts as its own)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        for name in names:
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name:
                found.add(name)
    return found


def test_no_import_cycle_in_the_data_layer():
    paths = {module_name(p): p for p in SIETE.rglob("*.py")}
    layer = {name: path for name, path in paths.items() if name.startswith(LAYER)}
    graph = {name: imports_of(path, set(layer)) - {name} for name, path in layer.items()}
    for name in graph:  # importing a.b.c runs a and a.b first
        for target in list(graph[name]):
            parts = target.split(".")
            graph[name] |= {".".join(parts[:i]) for i in range(2, len(parts))
                            if ".".join(parts[:i]) in layer and not name.startswith(".".join(parts[:i]))}

    def cycle_from(start: str) -> list[str] | None:
        stack, seen = [(start, [start])], set()
        while stack:
            node, trail = stack.pop()
            for target in graph[node]:
                if target == start:
                    return trail + [start]
                if target not in seen:
                    seen.add(target)
                    stack.append((target, trail + [target]))
        return None

    cycles = [cycle for name in sorted(graph) if (cycle := cycle_from(name))]
    assert not cycles, " -> ".join(cycles[0])
