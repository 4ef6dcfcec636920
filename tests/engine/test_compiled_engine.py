"""The engine compiled by mypyc (scripts/compile_engine.py, into build/native/) and its
plain-Python fallback play the very same seeded games, and a build older than the engine's
sources is never run.

`make test` builds it first (scripts/test.sh) and runs the whole suite compiled. Without a
build the comparison is skipped (nothing compiled to compare), and the rest of the suite is
the plain engine's test.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import siete
from siete import MANIFEST, NATIVE_DIR, StaleEngineBuild, native_build_state, native_manifest

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "siete" / "engine"

# Seeded games with every house profile, the expert against itself, and a reviewed simulation:
# a hash of every hand record and every final state.
FINGERPRINT = """
import hashlib, json, random
from siete.engine import odds_punter, state as state_module
from siete.engine.config import GameConfig
from siete.engine.simulate import play_game, simulate
from siete.engine.state import GameState
digest = hashlib.sha256()
def keep(value):
    digest.update(json.dumps(value, sort_keys=True, default=str).encode())
for profiles in (["expert", "standard", "cautious", "bold"], ["expert", "expert", "bold"]):
    names = [f"p{i}" for i in range(len(profiles))]
    rng = random.Random(len(profiles))
    for _ in range(6):
        state = play_game(names, dict(zip(names, profiles)), GameConfig(max_hands=20), rng,
                          lambda state, record: keep(record))
        stored = json.loads(json.dumps(state.to_dict()))
        keep(GameState.from_dict(stored, state.config.cards).to_dict())  # read back as stored
stats = simulate(["expert", "standard", "bold"], 8, GameConfig(max_hands=10), 3, review=True)
keep({name: s.row(name) for name, s in stats.items()})
print(odds_punter.__file__.endswith(".py"), state_module.__file__.endswith(".py"), digest.hexdigest())
"""


def _run(tree: Path, engine: str, code: str) -> subprocess.CompletedProcess[str]:
    env = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(tree), "SIETE_ENGINE": engine}
    return subprocess.run([sys.executable, "-c", code], cwd=tree, env=env, capture_output=True,
                          text=True, timeout=600, check=False)


def _fingerprint(engine: str) -> tuple[bool, str]:
    """(whether the engine ran as plain Python, the games' hash), with SIETE_ENGINE=engine."""
    done = _run(ROOT, engine, FINGERPRINT)
    assert done.returncode == 0, done.stderr
    plain, plain_state, digest = done.stdout.split()
    assert plain == plain_state, "the solver and the state ran one compiled, one plain"
    return plain == "True", digest


needs_build = pytest.mark.skipif(native_build_state(NATIVE_DIR, ENGINE) != "fresh",
                                 reason="no fresh compiled engine: scripts/compile_engine.py builds it")


@pytest.mark.slow
@needs_build
def test_compiled_and_plain_engines_play_the_same_games() -> None:
    compiled_run = _fingerprint("compiled")
    plain_run = _fingerprint("plain")
    assert compiled_run[0] is False, "the compiled modules were not the ones imported"
    assert plain_run[0] is True, "the fallback imported a compiled module"
    assert compiled_run[1] == plain_run[1]


SOURCE_OF_RULES = "from siete.engine import rules; print(rules.__file__, getattr(rules, 'EDITED', False))"


@needs_build
def test_an_engine_edited_after_the_build_runs_its_sources_not_the_old_build(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "siete", tmp_path / "siete", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(NATIVE_DIR, tmp_path / "build" / "native")
    fresh = _run(tmp_path, "", SOURCE_OF_RULES)
    where, _ = fresh.stdout.split()
    assert where.startswith(str(tmp_path / "build" / "native" / "engine")), fresh.stderr
    with (tmp_path / "siete" / "engine" / "rules.py").open("a") as rules:
        rules.write("\nEDITED = True\n")
    edited = _run(tmp_path, "", SOURCE_OF_RULES)
    assert edited.stdout.split() == [str(tmp_path / "siete/engine/rules.py"), "True"], edited.stderr
    assert "StaleEngineBuild" in edited.stderr and "make compile" in edited.stderr
    required = _run(tmp_path, "compiled", SOURCE_OF_RULES)
    assert required.returncode != 0 and "is stale" in required.stderr


def _engine_copy(tmp_path: Path) -> tuple[Path, Path]:
    engine, build = tmp_path / "engine", tmp_path / "native"
    engine.mkdir()
    build.mkdir()
    for name in ("rules.py", "codes.py"):
        shutil.copy(ENGINE / name, engine / name)
    return engine, build


def test_a_build_is_fresh_only_while_every_engine_source_has_the_hash_it_recorded(tmp_path: Path) -> None:
    engine, build = _engine_copy(tmp_path)
    assert native_build_state(build, engine) == "none"
    (build / MANIFEST).write_text(json.dumps(native_manifest(engine)))
    assert native_build_state(build, engine) == "fresh"
    (engine / "codes.py").write_text((engine / "codes.py").read_text() + "\n# edited\n")
    assert native_build_state(build, engine) == "stale"  # a module not compiled counts too
    (build / MANIFEST).write_text(json.dumps(native_manifest(engine)))
    (engine / "new_module.py").write_text("")
    assert native_build_state(build, engine) == "stale"  # and a new one
    (engine / "new_module.py").unlink()
    other_python = {**native_manifest(engine), "python": "cpython-399"}
    (build / MANIFEST).write_text(json.dumps(other_python))
    assert native_build_state(build, engine) == "stale"


def test_an_extension_left_beside_the_sources_is_removed_not_run(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The older build compiled in place, where Python would import it before the source
    unchecked: importing siete removes it (with a warning) and uses no build."""
    engine, build = _engine_copy(tmp_path)
    left = engine / "rules.cpython-311-x86_64-linux-gnu.so"
    left.write_bytes(b"")
    monkeypatch.delenv("SIETE_ENGINE", raising=False)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert siete.use_native_engine(build, engine) is False
    assert not left.exists()
    assert [w.category for w in caught] == [StaleEngineBuild]


def test_a_required_compiled_engine_that_is_missing_is_an_import_error(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    engine, build = _engine_copy(tmp_path)
    monkeypatch.setenv("SIETE_ENGINE", "compiled")
    with pytest.raises(ImportError, match="is none"):
        siete.use_native_engine(build, engine)
    monkeypatch.setenv("SIETE_ENGINE", "plain")
    assert siete.use_native_engine(build, engine) is False
