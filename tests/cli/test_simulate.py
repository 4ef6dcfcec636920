"""`python -m siete simulate`: seeded, reproducible bot-vs-bot statistics."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from siete.engine.simulate import seat_profiles, wilson_interval

ROOT = Path(__file__).resolve().parents[2]


def simulate(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "siete", "simulate", "--no-progress", *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def seed5() -> subprocess.CompletedProcess:
    return simulate("--games", "20", "--seed", "5", "--json")


def test_simulate_json(seed5):
    assert seed5.returncode == 0, seed5.stderr
    data = json.loads(seed5.stdout)
    assert (data["games"], data["players"], data["seed"], data["hands"]) == (20, 4, 5, 30)
    rows = {r["profile"]: r for r in data["profiles"]}
    assert set(rows) == {"standard", "cautious", "bold", "expert"}  # every profile by default
    # 4 seats, one of each profile, rotated each game: 80 seat-games in all, one winner a game
    assert sum(r["games"] for r in rows.values()) == 80
    assert sum(round(r["win_rate"] * r["games"]) for r in rows.values()) == 20
    assert sum(r["mean_points"] * r["games"] for r in rows.values()) == pytest.approx(80 * 20, abs=0.1)
    for r in rows.values():
        assert 0 <= r["win_ci_low"] <= r["win_rate"] <= r["win_ci_high"] <= 1


def test_same_seed_same_output(seed5):
    again = simulate("--games", "20", "--seed", "5", "--json")
    assert again.stdout == seed5.stdout


def test_other_seed_other_output(seed5):
    other = simulate("--games", "20", "--seed", "6", "--json")
    assert other.returncode == 0 and other.stdout != seed5.stdout


def test_table_output():
    done = simulate("--games", "3", "--players", "2", "--profiles", "bold")
    assert done.returncode == 0 and "bold" in done.stdout and "win rate" in done.stdout


@pytest.mark.parametrize("args, message", [
    (["--profiles", "standard,wizard"], "unknown profile(s) wizard"),
    (["--players", "9"], "players must be 2-8"),
    (["--games", "0"], "games at least 1"),
])
def test_bad_arguments_exit_2(args, message):
    done = simulate(*args)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("simulate: ") and message in done.stderr


def test_seat_profiles_repeat_to_fill_the_seats():
    assert seat_profiles("standard, bold", 5) == ["standard", "bold", "standard", "bold", "standard"]
    with pytest.raises(ValueError):
        seat_profiles(",", 2)


def test_wilson_interval_sanity():
    assert wilson_interval(0, 0) == (0.0, 0.0)
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and 0 < high < 0.35  # never below 0, unlike the normal interval
    low, high = wilson_interval(10, 10)
    assert 0.65 < low < 1 and high == 1.0
    wide, narrow = wilson_interval(5, 10), wilson_interval(500, 1000)
    assert wide[1] - wide[0] > narrow[1] - narrow[0]  # more games, tighter interval


@pytest.mark.slow  # simulates games, then reviews every move
def test_review_adds_accuracy_and_blunders_per_profile():
    """--review reviews every game with the review the game pages show (engine/review.py): the
    expert plays the solver's best, so its accuracy is 1 and it has no blunder."""
    done = simulate("--games", "4", "--hands", "8", "--seed", "3", "--review", "--json")
    assert done.returncode == 0, done.stderr
    rows = {r["profile"]: r for r in json.loads(done.stdout)["profiles"]}
    for r in rows.values():
        assert 0 <= r["accuracy"] <= 1 and r["blunders_per_100"] >= 0 and r["decisions"] > 0
    assert (rows["expert"]["accuracy"], rows["expert"]["blunders_per_100"]) == (1.0, 0.0)
    assert "accuracy" not in json.loads(simulate("--games", "1", "--json").stdout)["profiles"][0]
    table = simulate("--games", "2", "--hands", "4", "--review")
    assert table.returncode == 0 and "accuracy" in table.stdout


def test_the_review_figures_are_the_game_review_summed():
    """simulate(review=True) counts exactly what review_game finds in each game it plays."""
    from siete.engine import deck
    from siete.engine.config import GameConfig
    from siete.engine.review import review_game
    from siete.engine.review_scale import weighted_accuracy
    from siete.engine.simulate import play_game
    from siete.engine.simulate import simulate as run

    profiles, config = ["expert", "cautious", "bold"], GameConfig(max_hands=6)
    stats = run(profiles, 3, config, 7, review=True)
    totals = {p: [0, 0, 0, 0] for p in profiles}  # decisions, best, inaccuracies, blunders
    hands: list = []
    for game in range(3):
        shift = game % 3
        seats = profiles[shift:] + profiles[:shift]
        names = [f"{p}{(i + shift) % 3 + 1}" for i, p in enumerate(seats)]
        hands.clear()
        state = play_game(names, dict(zip(names, seats)), config, deck.seeded_rng(7, game),
                          lambda _s, record: hands.append(record))
        for seat in review_game(config.cards, hands, 3).seats:
            t = totals[state.seats[seat.seat].bot]
            for i, n in enumerate((seat.decisions, seat.best, seat.inaccuracies, seat.blunders)):
                t[i] += n
    for p, (decisions, best, inaccuracies, blunders) in totals.items():
        row = stats[p].row(p)
        assert row["decisions"] == decisions > 0
        assert row["accuracy"] == round(weighted_accuracy(best, inaccuracies, decisions), 4)
        assert row["blunders_per_100"] == round(100 * blunders / decisions, 4)


@pytest.mark.slow  # five simulations, three of them in several processes
def test_jobs_give_the_same_figures_as_one_process(seed5):
    """--jobs splits the games among processes; every game has its own random source, so the
    parts add up to exactly what one process counts (the review's figures too)."""
    assert simulate("--games", "20", "--seed", "5", "--json", "--jobs", "3").stdout == seed5.stdout
    one = simulate("--games", "6", "--hands", "5", "--seed", "2", "--review", "--json")
    two = simulate("--games", "6", "--hands", "5", "--seed", "2", "--review", "--json", "--jobs", "2")
    assert one.returncode == two.returncode == 0 and one.stdout == two.stdout


def test_jobs_store_no_games():
    done = simulate("--jobs", "2", "--record")
    assert done.returncode == 2 and "--jobs plays games without --record only" in done.stderr
