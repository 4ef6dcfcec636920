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


# Helpers that were once defined again in one test module after another, and drifted apart (one
# checked the answer, one logged out after, one sent other headers). Their one home is
# tests/support/ (accounts.py, network.py, play.py) or a fixture in a conftest.py.
SHARED_HELPERS = {"free_port", "register", "login", "logout", "sign_up", "make_player"}


def makes_a_function(value: ast.expr) -> bool:
    """`lambda ...` or `partial(...)`: a helper under another spelling (a response kept in a
    variable named `login` is no helper)."""
    if isinstance(value, ast.Lambda):
        return True
    func = value.func if isinstance(value, ast.Call) else None
    return (isinstance(func, ast.Name) and func.id == "partial") or \
        (isinstance(func, ast.Attribute) and func.attr == "partial")


def helpers_defined(tree: ast.AST) -> list[tuple[str, int]]:
    """(name, line) of every shared helper's name that a function, or a lambda or partial, defines
    outside a class: a page object's `login` method drives a browser, not the test client."""
    found = []
    pending = list(ast.iter_child_nodes(tree))
    while pending:
        node = pending.pop()
        if isinstance(node, ast.ClassDef):
            continue
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name in SHARED_HELPERS:
            found.append((node.name, node.lineno))
        elif isinstance(node, ast.Assign) and makes_a_function(node.value):
            found += [(t.id, node.lineno) for t in node.targets
                      if isinstance(t, ast.Name) and t.id in SHARED_HELPERS]
        pending.extend(ast.iter_child_nodes(node))
    return found


def test_shared_helpers_are_defined_only_in_tests_support_or_a_conftest():
    offenders = []
    for path in python_files():
        if path.is_relative_to(TESTS / "support") or path.name == "conftest.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        offenders += [f"{path.relative_to(ROOT)}:{line} defines {name}" for name, line in helpers_defined(tree)]
    assert not offenders, ("use the one in tests/support/ (accounts, network, play) or the `auth` fixture:\n"
                           + "\n".join(offenders))


def test_the_shared_helpers_check_finds_a_copy():
    copy = ast.parse("def free_port():\n    pass\n\n"
                     "def test_x():\n    def login(client):\n        pass\n\n"
                     "register = lambda client: client\n\n"
                     "login = client.get('/auth/login')\n\n"
                     "class Page:\n    def login(self):\n        pass\n")
    assert sorted(helpers_defined(copy)) == [("free_port", 1), ("login", 5), ("register", 8)]
    assert helpers_defined(ast.parse("make_player = functools.partial(make_user, app)")) == [("make_player", 1)]
