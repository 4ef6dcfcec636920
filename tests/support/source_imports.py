"""Reading imports from the source: every `import` and `from ... import` of a file, those inside
functions included, as absolute dotted names (the architecture tests)."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path) -> set[str]:
    """Every module the file imports, anywhere in it, as absolute dotted names."""
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the file's package, `level - 1` packages up
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            found.add(base)
            # `from siete.engine import rules` imports the module siete.engine.rules
            found.update(f"{base}.{alias.name}" for alias in node.names
                         if (ROOT / Path(*f"{base}.{alias.name}".split("."))).with_suffix(".py").exists())
    return found
