"""Compile the engine's hot modules with mypyc into build/native/; --clean removes the build.

The build sits apart from the sources, with a manifest of the hash of every engine source it
was compiled from. Importing siete puts it on the engine's import path only while every source
still has that hash (siete/__init__.py): an engine edited since the build runs as plain Python,
with a warning, never as the old compiled code. Without a build (never built, --clean, a failed
build, no C compiler) the same sources run as plain Python. Both play the very same games: the
modules are checked by mypy strict, and tests/engine/test_compiled_engine.py compares their
seeded games.

Only the engine is compiled: it is pure (no Flask, no database), and it is what bots, the
simulator and the bulk recorder spend their time in. mypyc ships with mypy (a test dependency)
and needs a C compiler; it takes a minute or two on the 2 shared cores. `make venv` (and so
`make run` and `make test`) and the Dockerfile build it when they can and go on without it
when they cannot.

    .venv/bin/python scripts/compile_engine.py             # build
    .venv/bin/python scripts/compile_engine.py --if-stale  # build unless a fresh build is there
    .venv/bin/python scripts/compile_engine.py --clean     # back to plain Python
"""
from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["SIETE_ENGINE"] = "plain"  # this script reads the manifest's rules, not the build

from siete import ENGINE_DIR, MANIFEST, NATIVE_DIR, native_build_state, native_manifest  # noqa: E402

# The modules every simulated move runs through: the solver, the bots, the rules, the state, the
# deck and the log's shared facts (facts.py). odds_position.py stays plain: it checks the odds
# command's cards and stakes, and a compiled function refuses an argument of another type than
# its annotation says with a TypeError before any check. random_stream.py subclasses
# random.Random, which a compiled class may not (the interpreter crashes); only paced web play
# uses it. codes.py (enums), cards.py and records.py are read at import or build named tuples,
# which mypyc leaves as they are.
COMPILED = ("odds_cards", "odds_face_down", "odds_punter", "odds_punter_walk",
            "odds_punter_bounds", "odds_bank", "bank_rule", "odds", "odds_cache", "views",
            "bot_views", "bots", "expert", "rules", "settlement", "simulate", "state", "deck",
            "facts")


def compiler() -> str | None:
    """The C compiler Python's build would call, if it is installed."""
    command = shlex.split(sysconfig.get_config_var("CC") or "cc")
    return shutil.which(command[0]) if command else None


def clean() -> None:
    shutil.rmtree(NATIVE_DIR, ignore_errors=True)
    # what the older in-place build left beside the sources
    for path in [*ENGINE_DIR.glob("*.so"), *ENGINE_DIR.glob("*.pyd"), *ROOT.glob("*__mypyc*.so")]:
        path.unlink()


def _compile_in(work: Path) -> Path | None:
    """Compile a copy of the engine in `work`; the finished build directory, or None."""
    shutil.copytree(ENGINE_DIR, work / "siete" / "engine",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    (work / "siete" / "__init__.py").write_text("")
    # what is compiled, hashed as copied, and which modules (a change of COMPILED rebuilds too)
    manifest = {**native_manifest(work / "siete" / "engine"), "compiled": list(COMPILED)}
    sources = [f"siete/engine/{name}.py" for name in COMPILED]
    done = subprocess.run([sys.executable, "-m", "mypyc", *sources], cwd=work, check=False)
    if done.returncode != 0:
        return None
    build = work / "native"
    (build / "engine").mkdir(parents=True)
    for path in (work / "siete" / "engine").glob("*.so"):
        path.rename(build / "engine" / path.name)
    for path in work.glob("*__mypyc*.so"):
        path.rename(build / path.name)
    (build / MANIFEST).write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    return build


def build() -> int:
    """Build apart and put the build in place at once; on failure no build is left."""
    if compiler() is None:
        clean()
        print("compile_engine: no C compiler; the engine stays plain Python", file=sys.stderr)
        return 1
    NATIVE_DIR.parent.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(dir=NATIVE_DIR.parent, prefix="native-") as work:
        made = _compile_in(Path(work))
        clean()
        if made is None:
            print("compile_engine: mypyc failed; the engine stays plain Python", file=sys.stderr)
            return 1
        made.rename(NATIVE_DIR)
    built = len(list((NATIVE_DIR / "engine").iterdir()))
    print(f"compile_engine: {built} engine modules compiled into {NATIVE_DIR.relative_to(ROOT)}")
    return 0


def _compiled_modules() -> object:
    """The modules the build in place says it compiled."""
    return json.loads((NATIVE_DIR / MANIFEST).read_text(encoding="utf-8")).get("compiled")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules")
    parser.add_argument("--if-stale", action="store_true",
                        help="build only when no build matches the engine's sources")
    args = parser.parse_args()
    if args.clean:
        clean()
        return 0
    if args.if_stale and native_build_state(NATIVE_DIR, ENGINE_DIR) == "fresh" \
            and _compiled_modules() == list(COMPILED):
        print("compile_engine: the compiled engine is up to date")
        return 0
    return build()


if __name__ == "__main__":
    sys.exit(main())
