"""Bots written outside the project (docs/bots.md) in `simulate` and `tournament`: the docs'
example plays beside the expert with figures and intervals; a faulty bot (it raises, loops,
bets what the rules forbid) loses those decisions and nothing else."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(command: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "siete", command, "--no-progress", *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def example(tmp_path_factory) -> Path:
    """The docs' example, written to a file outside the project exactly as the docs show it."""
    docs = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    code = re.search(r"## An example.*?```python\n(.*?)```", docs, re.S).group(1)
    assert len(code.strip().splitlines()) <= 10
    path = tmp_path_factory.mktemp("outside") / "greedy.py"
    path.write_text(code, encoding="utf-8")
    return path


def test_the_docs_example_plays_beside_the_expert(example):
    done = run("simulate", "--bot", f"greedy={example}:Greedy", "--profiles",
               "expert,greedy,standard", "--players", "3", "--games", "30", "--seed", "4", "--json")
    assert done.returncode == 0, done.stderr
    rows = {r["profile"]: r for r in json.loads(done.stdout)["profiles"]}
    assert set(rows) == {"expert", "greedy", "standard"}
    assert sum(r["games"] for r in rows.values()) == 90
    greedy = rows["greedy"]
    assert greedy["faults"] == 0 and "faults" not in rows["expert"]
    assert 0 <= greedy["win_ci_low"] <= greedy["win_rate"] <= greedy["win_ci_high"] <= 1
    assert greedy["busts_per_hand"] > 0  # it played: it bets the most and draws on even odds
    again = run("simulate", "--bot", f"greedy={example}:Greedy", "--profiles",
                "expert,greedy,standard", "--players", "3", "--games", "30", "--seed", "4", "--json",
                "--jobs", "2")
    assert again.stdout == done.stdout  # the same seed, the same games, in one process or two


@pytest.mark.slow  # six matches of 40 games, the outside bot in a process of its own
def test_a_tournament_with_the_example_says_who_is_better(example):
    done = run("tournament", "--bot", f"greedy={example}:Greedy", "--profiles",
               "expert,greedy,bold", "--seats", "2,3", "--games", "40", "--hands", "10", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert [(m["first"], m["second"], m["seats"]) for m in data["matches"]] == [
        ("expert", "greedy", 2), ("expert", "greedy", 3), ("expert", "bold", 2),
        ("expert", "bold", 3), ("greedy", "bold", 2), ("greedy", "bold", 3)]
    for match in data["matches"]:
        assert match["first_wins"] + match["second_wins"] == 40
        assert match["share_ci_low"] <= match["first_share"] <= match["share_ci_high"]
        assert 0 <= match["confidence"] <= 1
        assert match["better"] in (None, match["first"], match["second"])
    standings = {s["profile"]: s for s in data["standings"]}
    assert standings["greedy"]["games"] == 160 and standings["greedy"]["faults"] == 0
    jobs = run("tournament", "--bot", f"greedy={example}:Greedy", "--profiles",
               "expert,greedy,bold", "--seats", "2,3", "--games", "40", "--hands", "10", "--json",
               "--jobs", "2")
    assert jobs.stdout == done.stdout  # the matches played by two processes: the same figures
    table = run("tournament", "--bot", f"greedy={example}:Greedy", "--profiles",
                "greedy,standard", "--games", "10", "--hands", "5")
    assert table.returncode == 0 and "standings" in table.stdout and "greedy" in table.stdout


FAULTY = '''
class Faulty:
    def bet(self, view):
        {bet}

    def wants_card(self, view):
        {card}
'''


@pytest.mark.parametrize("bet, card, reason", [
    ("raise ValueError('no money')", "return False", "raised"),
    # waits out the per-decision limit at every one of the bot's decisions
    pytest.param("return view.min_bet", "while True: pass", "timed out", marks=pytest.mark.slow),
    ("return view.max_bet + 1", "return False", "illegal answer"),
    ("return 1.5", "return 'yes'", "illegal answer"),
    ("print('hello'); return 1", "import os; os._exit(3)", "raised"),
])
def test_a_faulty_bot_loses_its_decisions_and_nothing_else(tmp_path, bet, card, reason):
    path = tmp_path / "faulty.py"
    path.write_text(FAULTY.format(bet=bet, card=card), encoding="utf-8")
    done = run("simulate", "--bot", f"faulty={path}:Faulty", "--profiles", "faulty,expert",
               "--players", "2", "--games", "2", "--hands", "3", "--bot-seconds", "0.3", "--json")
    assert done.returncode == 0, done.stderr
    rows = {r["profile"]: r for r in json.loads(done.stdout)["profiles"]}  # print() kept out
    assert rows["faulty"]["games"] == rows["expert"]["games"] == 2
    assert rows["faulty"]["faults"] > 0
    assert f"bot faulty: {rows['faulty']['faults']} decisions made by the standard bot" in done.stderr
    assert reason in done.stderr


@pytest.mark.parametrize("file_text, spec, message", [
    ("class Bot:\n    def bet(self, view): return 1\n", "x={path}:Bot",
     "has no class Bot with the methods bet and wants_card"),
    ("def broken(:\n", "x={path}:Bot", "SyntaxError"),
    ("class Bot:\n    def __init__(self): raise RuntimeError('no')\n"
     "    def bet(self, v): return 1\n    def wants_card(self, v): return False\n",
     "x={path}:Bot", "RuntimeError: no"),
    ("", "x={path}", "write NAME=FILE.py:CLASS"),
    ("", "expert={path}:Bot", "may not take a house profile's name: expert"),
])
def test_a_bot_that_cannot_play_is_an_error_before_any_game(tmp_path, file_text, spec, message):
    path = tmp_path / "bot.py"
    path.write_text(file_text, encoding="utf-8")
    done = run("simulate", "--bot", spec.format(path=path), "--profiles", "standard")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("simulate: ") and message in done.stderr


def test_a_bot_name_is_a_profile_only_when_given(example):
    done = run("tournament", "--profiles", "expert,greedy")
    assert done.returncode == 2 and "unknown profile(s) greedy" in done.stderr
    one = run("tournament", "--profiles", "expert")
    assert one.returncode == 2 and "at least two profiles" in one.stderr
    seats = run("tournament", "--profiles", "expert,bold", "--seats", "1,9")
    assert seats.returncode == 2 and "--seats must list table sizes" in seats.stderr


def test_a_house_profile_plays_through_the_interface_in_its_own_process():
    """The house expert loaded as an outside bot (siete/engine/house_bots.py): every decision
    crosses to its process and back, and none is lost."""
    path = ROOT / "siete" / "engine" / "house_bots.py"
    done = run("tournament", "--bot", f"outside={path}:Expert", "--profiles", "expert,outside",
               "--seats", "2", "--games", "6", "--hands", "6", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert {s["profile"]: s.get("faults") for s in data["standings"]} == {
        "expert": None, "outside": 0}
    assert data["matches"][0]["first_wins"] + data["matches"][0]["second_wins"] == 6


def test_a_bot_whose_process_dies_loses_that_decision_and_plays_on(tmp_path):
    """A thread of its own ends its process after each bet: a decision that finds the process
    gone is the standard bot's, the next starts a fresh process, and the game is played out."""
    path = tmp_path / "dying.py"
    path.write_text(
        "import os, threading, time\n"
        "class Dying:\n"
        "    def bet(self, view):\n"
        "        threading.Thread(target=lambda: (time.sleep(0.05), os._exit(0))).start()\n"
        "        return view.min_bet\n"
        "    def wants_card(self, view):\n"
        "        time.sleep(0.2)\n"
        "        return False\n", encoding="utf-8")
    done = run("simulate", "--bot", f"dying={path}:Dying", "--profiles", "dying,standard",
               "--players", "2", "--games", "1", "--hands", "4", "--json")
    assert done.returncode == 0, done.stderr
    row = {r["profile"]: r for r in json.loads(done.stdout)["profiles"]}["dying"]
    assert row["games"] == 1 and row["faults"] > 0 and "process ended" in done.stderr


def test_faults_in_jobs_are_counted_as_in_one_process(tmp_path):
    """--jobs starts the bots in each job's process and adds up what they lost."""
    path = tmp_path / "faulty.py"
    path.write_text(FAULTY.format(bet="return 0", card="return False"), encoding="utf-8")
    args = ("simulate", "--bot", f"faulty={path}:Faulty", "--profiles", "faulty,bold",
            "--players", "2", "--games", "4", "--hands", "3", "--json")
    one, two = run(*args), run(*args, "--jobs", "2")
    assert one.returncode == two.returncode == 0, two.stderr
    assert one.stdout == two.stdout and json.loads(two.stdout)["profiles"][0]["faults"] > 0
    assert one.stderr == two.stderr  # the same report: every bet was 0, the first ones listed
