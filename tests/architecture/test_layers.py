"""The layer table of docs/architecture.md, enforced: what each package of siete/ may import.

Every import counts (at the top of a module or inside a function). A package may import itself,
the layers its row allows, and any third-party module its row does not forbid. KNOWN_BREACHES
lists the imports that break the table today; each is a debt to pay, not a permission: the test
fails when a new breach appears, and also when a listed one is gone (so the list only shrinks).
"""
from __future__ import annotations

import sys

from tests.support.source_imports import ROOT, imported_modules, module_name

BLUEPRINTS = {"auth", "play", "reports", "history", "site"}
WEB_LIBRARIES = {"flask", "flask_babel", "flask_login", "flask_wtf", "flask_limiter", "flask_compress",
                 "werkzeug", "jinja2", "markupsafe", "wtforms"}

# layer -> the siete layers it may import (besides itself)
MAY_IMPORT: dict[str, set[str]] = {
    "engine": set(),
    "paths": set(),  # where the repository's files are: pathlib alone
    "settings": {"engine"},  # ServiceSettings holds the GameConfig; the engine imports no siete
    "i18n": {"engine", "settings"},
    "data": {"engine", "i18n", "settings", "paths"},
    "service": {"engine", "data", "settings", "paths"},
    "web": {"engine", "data", "service", "i18n", "settings", "paths"},
    **{bp: {"engine", "data", "service", "i18n", "settings", "web", "paths"} for bp in BLUEPRINTS},
    "cli": {"engine", "data", "service", "i18n", "settings", "app", "paths"},
    "app": {"engine", "data", "service", "i18n", "settings", "web", "cli", "paths", *BLUEPRINTS},
    "__main__": {"cli"},
    "siete": {"engine"},  # the package's __init__: puts a fresh compiled engine on the engine's path
}
# layer -> third-party modules it must not import (the engine: anything not in the stdlib)
MUST_NOT_IMPORT: dict[str, set[str]] = {
    "service": WEB_LIBRARIES,
    "data": WEB_LIBRARIES - {"flask", "werkzeug"},  # Flask-SQLAlchemy's app, werkzeug's hashing
    "i18n": {"flask_login", "flask_wtf", "flask_limiter", "wtforms"},
}

# module -> imports that break the table today (#28: services free of the web, one vocabulary).
KNOWN_BREACHES: dict[str, set[str]] = {
    "siete.i18n.history_words": {"siete.service.records.game_record"},
}
# file names that packages still share (none left: #28 made one chart module)
KNOWN_SHARED_NAMES: set[str] = set()
# a blueprint's files have one shape (routes.py, forms.py), as in flaskr and microblog; one with
# several route modules gathers them in all_routes.py, which the app factory registers
BLUEPRINT_SHAPE = {"routes", "forms", "all_routes"}


def layer_of(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "siete"


def breaches() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / "siete").rglob("*.py")):
        module = module_name(path)
        layer = layer_of(module)
        for name in imported_modules(path):
            top = name.partition(".")[0]
            if top == "siete":
                other = layer_of(name)
                bad = other not in (layer, "siete") and other not in MAY_IMPORT[layer]
            elif layer == "engine":
                bad = top not in sys.stdlib_module_names
            else:
                bad = top in MUST_NOT_IMPORT.get(layer, set())
            if bad:
                found.setdefault(module, set()).add(name if top == "siete" else top)
    return found


def test_every_layer_of_the_package_has_a_row():
    layers = {layer_of(module_name(p)) for p in (ROOT / "siete").rglob("*.py")} - {"siete"}
    assert layers <= set(MAY_IMPORT), f"add a row to MAY_IMPORT for {layers - set(MAY_IMPORT)}"


def test_imports_follow_the_layer_table():
    found = breaches()
    new = {m: names - KNOWN_BREACHES.get(m, set()) for m, names in found.items()}
    assert {m: n for m, n in new.items() if n} == {}, "imports the layer table does not allow"


def test_the_known_breaches_are_still_there():
    """A breach that was mended must leave KNOWN_BREACHES too."""
    found = breaches()
    gone = {m: names - found.get(m, set()) for m, names in KNOWN_BREACHES.items()}
    assert {m: n for m, n in gone.items() if n} == {}


def test_the_top_of_the_package_holds_the_factory_and_few_modules():
    loose = sorted(p.name for p in (ROOT / "siete").glob("*.py"))
    assert loose == ["__init__.py", "__main__.py", "app.py", "paths.py", "settings.py"]


# the service layer keeps its features in packages (tables/, records/, accounts/ ...); loose at its
# top stay only what every feature shares: errors, the unit of work, the rules for typed text
MAX_LOOSE_SERVICE_MODULES = 5


def test_the_services_live_in_packages_by_feature():
    service = ROOT / "siete" / "service"
    loose = sorted(p.name for p in service.glob("*.py") if p.name != "__init__.py")
    assert len(loose) <= MAX_LOOSE_SERVICE_MODULES, f"put these in a feature's package: {loose}"
    packages = [p for p in service.iterdir() if p.is_dir() and p.name != "__pycache__"]
    assert all((p / "__init__.py").is_file() for p in packages), "every folder of service/ is a package"


def test_module_names_are_unique_across_the_package():
    """One name, one thing: no two modules share a file name, but a blueprint's routes and forms."""
    seen: dict[str, list[str]] = {}
    for path in (ROOT / "siete").rglob("*.py"):
        if path.name != "__init__.py" and path.stem not in BLUEPRINT_SHAPE:
            seen.setdefault(path.stem, []).append(str(path.relative_to(ROOT)))
    shared = {name for name, paths in seen.items() if len(paths) > 1}
    assert shared == KNOWN_SHARED_NAMES
