"""Compile the engine's hot modules with mypyc, in place; --clean removes what it built.

The compiled modules sit beside their sources (siete/engine/*.so, and the group's shared
library at the repository's root): Python imports an extension before a .py of the same name,
so with them the engine runs compiled, without them (never built, --clean, a failed build) the
same sources run as plain Python. Both play the very same games: the modules are checked by
mypy strict, and tests/engine/test_compiled_engine.py compares their seeded games.

Only the engine is compiled: it is pure (no Flask, no database), and it is what bots, the
simulator and the bulk recorder spend their time in. mypyc ships with mypy (a test dependency)
and needs a C compiler; it takes a minute or two on the 2 shared cores.

    .venv/bin/python scripts/compile_engine.py          # build
    .venv/bin/python scripts/compile_engine.py --clean  # back to plain Python
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "siete" / "engine"

# The modules every simulated move runs through: the solver, the bots and the rules. A compiled
# function refuses an argument of another type than its annotation says with a TypeError, so
# modules that check what people and files send stay plain Python: odds_position.py (the odds
# command's cards and stakes) and state.py (a stored game read back). deck.py subclasses
# random.Random, which a compiled class may not (the interpreter crashes). codes.py (enums) and
# cards.py are read at import only.
COMPILED = ("odds_cards", "odds_punter", "odds_punter_bounds", "odds_bank", "bank_rule", "odds",
            "odds_cache", "views", "bots", "expert", "rules", "settlement", "simulate")


def built_files() -> list[Path]:
    """The extension modules a build left: the engine's and the group's shared one."""
    return sorted([*ENGINE.glob("*.so"), *ENGINE.glob("*.pyd"), *ROOT.glob("*__mypyc*.so"),
                   *ROOT.glob("*__mypyc*.pyd")])


def clean() -> None:
    for path in built_files():
        path.unlink()
    shutil.rmtree(ROOT / "build", ignore_errors=True)


def build() -> int:
    """Build in place; on failure nothing half-built is left (plain Python runs)."""
    clean()
    sources = [str(ENGINE.relative_to(ROOT) / f"{name}.py") for name in COMPILED]
    mypyc = [sys.executable, "-m", "mypyc", *sources]
    done = subprocess.run(mypyc, cwd=ROOT, check=False)
    if done.returncode != 0:
        clean()
        print("compile_engine: mypyc failed; the engine stays plain Python", file=sys.stderr)
        return done.returncode
    print(f"compile_engine: {len(built_files())} extension modules built")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules")
    args = parser.parse_args()
    if args.clean:
        clean()
        return 0
    return build()


if __name__ == "__main__":
    sys.exit(main())
