"""mypy checks all of siete/ strictly, with no module let off: the only override lets libraries
without types be imported, and the stubs in typings/ declare names the real library has."""
from __future__ import annotations

import ast
import importlib
import tomllib

from tests.support.source_imports import ROOT, imported_modules

TYPINGS = ROOT / "typings"


def mypy_settings() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]


def test_mypy_is_strict_with_no_module_relaxed():
    settings = mypy_settings()
    assert settings["strict"] is True
    relaxations = [override for override in settings.get("overrides", [])
                   if set(override) - {"module", "ignore_missing_imports"}]
    assert relaxations == []


def test_only_outside_libraries_may_be_imported_untyped():
    untyped = [name for override in mypy_settings().get("overrides", []) for name in override["module"]]
    assert untyped and not [name for name in untyped if name.partition(".")[0] == "siete"]
    # A library with stubs in typings/ must not also be let off: its stubs would be skipped.
    stubbed = {path.name for path in TYPINGS.iterdir() if path.is_dir()}
    assert not [name for name in untyped if name.partition(".")[0] in stubbed]


def stub_names(stub: ast.Module) -> set[str]:
    names = set()
    for node in stub.body:
        if isinstance(node, ast.ClassDef | ast.FunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.ImportFrom):  # `import X as X` re-exports X; other imports are private
            names.update(alias.name for alias in node.names if alias.asname == alias.name)
    return names


def test_every_stubbed_name_exists_in_the_installed_library():
    missing = []
    for stub_path in sorted(TYPINGS.rglob("*.pyi")):
        parts = stub_path.relative_to(TYPINGS).with_suffix("").parts
        module_name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        module = importlib.import_module(module_name)
        stub = ast.parse(stub_path.read_text(encoding="utf-8"))
        missing += [f"{module_name}.{name}" for name in sorted(stub_names(stub))
                    if not name.startswith("_") and not hasattr(module, name)]
    assert missing == []


def test_the_stubs_cover_every_flask_wtf_module_siete_imports():
    used = {name for path in (ROOT / "siete").rglob("*.py") for name in imported_modules(path)
            if name.partition(".")[0] == "flask_wtf"}
    stubbed = {".".join(p.relative_to(TYPINGS).with_suffix("").parts).removesuffix(".__init__")
               for p in TYPINGS.rglob("*.pyi")}
    assert used and used <= stubbed
