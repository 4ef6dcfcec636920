"""`make run` rebuilds a compiled engine older than its sources before it serves the game.

A build older than the engine's sources is never used (siete/__init__.py): without the rebuild a
newcomer who pulled engine changes and typed `make run` got the plain engine and a warning. The
Makefile is run for real, with its Python and flask replaced by scripts that write down how they
were called (the venv's stamp made fresh), so what is checked is the order make runs them in.
"""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.support.shipping import ROOT

STAND_IN = """#!/bin/sh
echo "$(basename "$0") $*" >> "{log}"
case "$*" in *compile_engine.py*) exit {compile_status};; esac
"""


def make_run(tmp_path: Path, compile_status: int) -> tuple[list[str], str]:
    """The stand-ins' calls, in order, and make's standard output."""
    log = tmp_path / "calls.log"
    for name in ("python", "flask"):
        script = tmp_path / name
        script.write_text(STAND_IN.format(log=log, compile_status=compile_status))
        script.chmod(0o755)
    stamp = tmp_path / "installed"
    stamp.touch()  # newer than pyproject.toml: nothing is installed
    done = subprocess.run(["make", "--no-print-directory", "run", f"PY={tmp_path / 'python'}",
                           f"FLASK={tmp_path / 'flask'}", f"STAMP={stamp}", "PORT=5099"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return log.read_text().splitlines(), done.stdout


@pytest.fixture(autouse=True)
def _make_is_there():
    if not shutil.which("make"):
        pytest.skip("make is not installed")


def test_make_run_rebuilds_a_stale_engine_before_it_serves(tmp_path):
    calls, _out = make_run(tmp_path, compile_status=0)
    assert calls[0] == "python scripts/compile_engine.py --if-stale"
    assert calls[1] == "flask --app wsgi db-setup"
    assert "flask --app wsgi run --host 127.0.0.1 --port 5099" in calls[2:]


def test_make_run_serves_the_plain_engine_when_the_build_fails(tmp_path):
    calls, out = make_run(tmp_path, compile_status=1)
    assert calls[0] == "python scripts/compile_engine.py --if-stale"
    assert "flask --app wsgi run --host 127.0.0.1 --port 5099" in calls
    assert "runs as plain Python" in out
