"""`python -m siete replay` against every scenario in tests/scenarios (SCENARIOS.md).

Each NN_name.json comes with NN_name.expected.json (the whole stdout) or NN_name.expected.err
(exit status 2, nothing on stdout, that one line on stderr). The expected files were worked out
by hand from RULES.md; the reasoning is in each scenario's "comment".
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "tests" / "scenarios"
PUBLIC = {"01_one_hand", "02_full_game", "03_bet_too_high"}  # copied from /work/shared/spec
CASES = sorted(p.name[:-5] for p in SCENARIOS.glob("*.json") if not p.name.endswith(".expected.json"))


def run_replay(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "siete", "replay", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=60)


def test_every_scenario_has_an_expectation():
    for case in CASES:
        outcomes = [(SCENARIOS / f"{case}{ext}").exists() for ext in (".expected.json", ".expected.err")]
        assert outcomes.count(True) == 1, case


@pytest.mark.parametrize("case", CASES)
def test_scenario(case: str):
    done = run_replay(str(SCENARIOS / f"{case}.json"))
    expected_json = SCENARIOS / f"{case}.expected.json"
    if expected_json.exists():
        assert done.returncode == 0, done.stderr
        assert done.stderr == ""
        assert json.loads(done.stdout) == json.loads(expected_json.read_text())
        if case in PUBLIC:  # the published outputs are byte-for-byte
            assert done.stdout == expected_json.read_text()
    else:
        assert done.returncode == 2
        assert done.stdout == ""
        assert done.stderr == (SCENARIOS / f"{case}.expected.err").read_text()


def test_scenario_from_stdin():
    text = (SCENARIOS / "01_one_hand.json").read_text()
    done = run_replay("-", stdin=text)
    assert done.returncode == 0
    assert done.stdout == (SCENARIOS / "01_one_hand.expected.json").read_text()


def test_error_from_stdin():
    done = run_replay("-", stdin=(SCENARIOS / "03_bet_too_high.json").read_text())
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (SCENARIOS / "03_bet_too_high.expected.err").read_text()


def test_invalid_json_is_one_line_exit_2():
    done = run_replay("-", stdin="{not json")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("the scenario is not valid JSON") and done.stderr.count("\n") == 1


def test_missing_file_exit_2(tmp_path):
    done = run_replay(str(tmp_path / "nope.json"))
    assert done.returncode == 2 and done.stdout == ""
    assert "nope.json" in done.stderr


def test_unknown_config_key_is_refused():
    data = json.loads((SCENARIOS / "01_one_hand.json").read_text())
    data["config"] = {"initial_points": 20, "jokers": 2}
    done = run_replay("-", stdin=json.dumps(data))
    assert done.returncode == 2 and "config may only set" in done.stderr
