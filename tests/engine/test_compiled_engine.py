"""The engine compiled by mypyc (scripts/compile_engine.py) and its plain-Python fallback play
the very same seeded games.

Run after building: `.venv/bin/python scripts/compile_engine.py`, then this file. Without a
build the comparison is skipped (nothing compiled to compare), and the rest of the suite is
the plain engine's test; with one, the whole suite runs compiled.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "siete" / "engine"

# Seeded games with every house profile, the expert against itself, and a reviewed simulation:
# a hash of every hand record and every final state.
FINGERPRINT = """
import hashlib, json, random
from siete.engine import odds_punter
from siete.engine.config import GameConfig
from siete.engine.simulate import play_game, simulate
digest = hashlib.sha256()
def keep(value):
    digest.update(json.dumps(value, sort_keys=True, default=str).encode())
for profiles in (["expert", "standard", "cautious", "bold"], ["expert", "expert", "bold"]):
    names = [f"p{i}" for i in range(len(profiles))]
    rng = random.Random(len(profiles))
    for _ in range(6):
        state = play_game(names, dict(zip(names, profiles)), GameConfig(max_hands=20), rng,
                          lambda state, record: keep(record))
        keep(state.to_dict())
stats = simulate(["expert", "standard", "bold"], 8, GameConfig(max_hands=10), 3, review=True)
keep({name: s.row(name) for name, s in stats.items()})
print(odds_punter.__file__.endswith(".py"), digest.hexdigest())
"""


def _compiled() -> list[Path]:
    return sorted(ENGINE.glob("*.so")) + sorted(ENGINE.glob("*.pyd"))


def _fingerprint(tree: Path) -> tuple[bool, str]:
    """(whether the engine ran as plain Python, the games' hash), played in `tree`."""
    done = subprocess.run([sys.executable, "-c", FINGERPRINT], cwd=tree, env={"PYTHONPATH": str(tree)},
                          capture_output=True, text=True, timeout=600, check=True)
    plain, digest = done.stdout.split()
    return plain == "True", digest


@pytest.mark.slow
def test_compiled_and_plain_engines_play_the_same_games(tmp_path: Path) -> None:
    if not _compiled():
        pytest.skip("the engine is not compiled here: scripts/compile_engine.py builds it")
    # the plain fallback: the same sources without any extension module
    shutil.copytree(ROOT / "siete", tmp_path / "siete",
                    ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    compiled_run = _fingerprint(ROOT)
    plain_run = _fingerprint(tmp_path)
    assert compiled_run[0] is False, "the compiled modules were not the ones imported"
    assert plain_run[0] is True, "the fallback imported a compiled module"
    assert compiled_run[1] == plain_run[1]
