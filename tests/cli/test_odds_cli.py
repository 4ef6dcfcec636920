"""`python -m siete odds` and `flask --app wsgi odds`: one position in, the solver's odds out;
a bad position exits 2 with one line on stderr, as `replay` does (issue 27)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WORKED = {"you": ["O05", "C12"], "bank": ["E06"]}


def run_odds(stdin: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "siete", "odds"], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=60)


def test_the_issues_worked_example():
    done = run_odds(json.dumps(WORKED))
    assert done.returncode == 0 and done.stderr == ""
    out = json.loads(done.stdout)
    assert out["unseen"] == 37 and out["deck"] == 37 and out["role"] == "punter"
    assert out["bust_next"] == pytest.approx(0.486486486486, abs=1e-9)
    assert out["stand"] == {"ev": -1.0, "win": 0.0}
    assert out["draw"]["ev"] == pytest.approx(-0.228228228228, abs=1e-9)
    assert out["best"] == "draw" and out["value"] == out["draw"]["ev"]
    assert set(out["next_card"]) == {"0.5", "1", "2", "3", "4", "5", "6", "7"}
    assert sum(out["next_card"].values()) == pytest.approx(1)


def test_a_chance_of_nothing_prints_as_a_float():
    """A sota (½) cannot bust on the next card (R4.5): bust_next reads 0.0, as a float, the
    same from the plain engine as from the compiled one (it printed `0` from the plain one)."""
    done = run_odds(json.dumps({"you": ["O10"], "bank": ["E04"]}))
    assert done.returncode == 0
    assert '"bust_next": 0.0,' in done.stdout
    assert type(json.loads(done.stdout)["bust_next"]) is float


def test_other_punters_and_the_bank():
    punter = run_odds(json.dumps({"you": ["O02", "C03"], "bank": ["E04"],
                                  "others": [[None, "B05"], [None], ["O06", "C04"]]}))
    assert punter.returncode == 0, punter.stderr
    assert json.loads(punter.stdout)["unseen"] == 40 - 6  # its two, the bank's, B05, the bust's two
    bank = run_odds(json.dumps({"role": "bank", "bank": ["E04", "O02"],
                                "others": [[None, "B05"], ["O07", "C06"]], "stakes": [2, 3]}))
    assert bank.returncode == 0, bank.stderr
    out = json.loads(bank.stdout)
    assert out["role"] == "bank" and out["stand"].keys() == {"ev"} and out["best"] in ("draw", "stand")
    assert -4 <= out["stand"]["ev"] <= 2  # one stander, stake 2: the other bust (R4.5)


@pytest.mark.parametrize("position, message", [
    ('{"you": ["O05", "C12"], "bank": ["E06"', "odds: the input is not JSON"),
    ('[1, 2]', "odds: the input must be one JSON object"),
    ('{"you": ["O05", "Z12"], "bank": ["E06"]}', "odds: Z12 is not a card of the deck"),
    ('{"you": ["O05", "C12"], "bank": ["C12"]}', "odds: C12 is seen twice"),
    ('{"you": ["O07", "C06"], "bank": ["E06"]}', "odds: O07+C06 is over 7½: it has bust"),
    ('{"you": ["O05"], "bank": ["E06"], "bet": 3}', 'odds: unknown field "bet"'),
    ('{"you": "O05", "bank": ["E06"]}', 'odds: "you" must be a list of card ids'),
    ('{"role": "bank", "bank": ["E06"], "others": [[null]], "stakes": [0]}', "odds: stakes"),
    ('{"role": "bank", "bank": ["E06"], "others": [["O07", "C07", "B01"]]}', "odds: nobody stood"),
])
def test_a_bad_position_exits_2_with_one_line(position, message):
    done = run_odds(position)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith(message) and done.stderr.count("\n") == 1, done.stderr


def test_the_flask_command_is_the_same(runner):
    result = runner.invoke(args=["odds"], input=json.dumps(WORKED))
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == json.loads(run_odds(json.dumps(WORKED)).stdout)
    bad = runner.invoke(args=["odds"], input='{"you": ["O05"]}')
    assert bad.exit_code == 2
