"""Siete y medio: a server-rendered card game (the app factory is siete.app.create_app).

Importing the package first decides whether the engine runs compiled. scripts/compile_engine.py
builds the engine's hot modules with mypyc into build/native/, away from their sources, and
records there a hash of every engine source it compiled from. The build is put on the engine's
import path only while every source still has its recorded hash: an engine edited since (or a
build for another Python) is never run; the same sources run as plain Python, and a warning says
the build is stale. SIETE_ENGINE=plain ignores the build; SIETE_ENGINE=compiled makes a missing
or stale one an ImportError (the test run that must exercise the compiled engine sets it).
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
import warnings
from pathlib import Path

ENGINE_DIR = Path(__file__).resolve().parent / "engine"
NATIVE_DIR = Path(__file__).resolve().parent.parent / "build" / "native"
MANIFEST = "manifest.json"


class StaleEngineBuild(UserWarning):
    """The compiled engine was built from other sources than the engine's: it is not used."""


def engine_digests(engine: Path) -> dict[str, str]:
    """A hash of every module of the engine: compiled code depends on all of them (it reads the
    plain modules' records and enums by their layout when it was built)."""
    return {path.name: hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(engine.glob("*.py"))}


def native_manifest(engine: Path) -> dict[str, object]:
    """What a build records and what its use is checked against: this Python and the sources."""
    return {"python": sys.implementation.cache_tag, "sources": engine_digests(engine)}


def native_build_state(build: Path, engine: Path) -> str:
    """'fresh', 'stale' (built from other sources or for another Python) or 'none'."""
    try:
        recorded: dict[str, object] = json.loads((build / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return "none"
    current = native_manifest(engine)
    return "fresh" if all(recorded.get(key) == value for key, value in current.items()) else "stale"


def _drop_in_place_extensions(engine: Path) -> None:
    """Extensions left beside the sources by the older in-place build would shadow them
    unchecked (Python imports an extension before a .py of the same name)."""
    for path in [*engine.glob("*.so"), *engine.glob("*.pyd")]:
        try:
            path.unlink()
        except OSError as error:
            raise ImportError(f"{path} would run instead of its source and cannot be removed: "
                              "remove it (scripts/compile_engine.py --clean)") from error
        warnings.warn(f"removed {path.name}, an unchecked in-place build of the engine",
                      StaleEngineBuild, stacklevel=2)


def use_native_engine(build: Path = NATIVE_DIR, engine: Path = ENGINE_DIR) -> bool:
    """Put a fresh compiled engine on the engine's import path; whether it was."""
    _drop_in_place_extensions(engine)
    choice = os.environ.get("SIETE_ENGINE", "")
    if choice == "plain":
        return False
    state = native_build_state(build, engine)
    if choice == "compiled" and state != "fresh":
        raise ImportError(f"SIETE_ENGINE=compiled but the build in {build} is {state}: "
                          "run scripts/compile_engine.py")
    if state == "stale":
        warnings.warn(f"the compiled engine in {build} was built from other sources than "
                      f"{engine}: running the plain engine (`make compile` rebuilds it)",
                      StaleEngineBuild, stacklevel=2)
    if state != "fresh":
        return False
    import siete.engine  # its __init__ is empty: no engine module is imported before this

    siete.engine.__path__.insert(0, str(build / "engine"))
    if str(build) not in sys.path:  # the group's shared library, which every module imports
        sys.path.append(str(build))
    return True


NATIVE_ENGINE = use_native_engine()
