"""The tests' own layout: folders named for the package they test, one import scheme, and no
test module importing another (shared helpers are fixtures in a conftest.py, or plain functions
in tests/support/ or a helper module beside the tests that use them)."""
from __future__ import annotations

import ast
from pathlib import Path

from tests.support.source_imports import ROOT, imported_modules

TESTS = ROOT / "tests"
# Calls that import a file or module named by a string: `spec_from_file_location(name, path)`.
DYNAMIC_IMPORTS = {"spec_from_file_location", "import_module", "__import__", "import_path"}


def python_files() -> list[Path]:
    return sorted(path for path in TESTS.rglob("*.py") if "vendor" not in path.parts)


def is_test_module(name: str) -> bool:
    """A dotted module name, or a file name, that names a test module or a conftest."""
    last = name.rpartition(".")[2] if not name.endswith(".py") else Path(name).stem
    return last.startswith("test_") or last == "conftest"


def dynamically_imported(path: Path) -> set[str]:
    """Strings handed to spec_from_file_location & co. that look like file or module names."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Call):
            func = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if func in DYNAMIC_IMPORTS:
                found.update(arg.value.rpartition("/")[2] for arg in ast.walk(node)
                             if isinstance(arg, ast.Constant) and isinstance(arg.value, str))
    return found


def test_no_test_module_imports_another_test_module_or_a_conftest():
    offenders = []
    for path in python_files():
        names = {name for name in imported_modules(path) | dynamically_imported(path)
                 if is_test_module(name)}
        offenders += [f"{path.relative_to(ROOT)} imports {name}" for name in sorted(names)]
    assert not offenders, ("move the shared helper into a fixture (conftest.py) or tests/support/:\n"
                           + "\n".join(offenders))


def test_every_test_module_sits_in_a_folder_named_for_what_it_tests():
    loose = sorted(path.name for path in TESTS.glob("test_*.py"))
    assert not loose, f"move these into tests/<package>/ (engine, play, auth, ...): {loose}"


def test_every_folder_of_python_files_is_a_package():
    """Modules are imported as tests.<folder>.<module>: two folders may hold the same file name."""
    folders = {path.parent for path in python_files()}
    missing = sorted(str(folder.relative_to(ROOT)) for folder in folders
                     if not (folder / "__init__.py").exists())
    assert not missing, f"add an empty __init__.py to: {missing}"


def test_a_helper_beside_tests_serves_only_its_own_folder():
    """What several folders share lives in tests/support/ (or a fixture in tests/conftest.py)."""
    offenders = []
    for path in python_files():
        folder = ".".join(path.parent.relative_to(ROOT).parts)
        for name in imported_modules(path):
            if name.startswith("tests.") and not name.startswith(("tests.support", f"{folder}.")) \
                    and name.count(".") >= 2:
                offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert not offenders, "move the shared helper into tests/support/:\n" + "\n".join(offenders)
