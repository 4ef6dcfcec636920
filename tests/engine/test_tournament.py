"""The round robin (engine/tournament.py): fair seatings, whole counts, honest verdicts."""
from __future__ import annotations

from collections import Counter

import pytest

from siete.engine.config import GameConfig
from siete.engine.tournament import Match, match_seats, play_match, round_robin


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_over_whole_rounds_each_profile_has_every_position_equally(seats):
    games = 2 * seats  # one round of rotations with each of the two holding the extra seat
    by_position = [Counter(match_seats("a", "b", seats, g)[pos] for g in range(games))
                   for pos in range(seats)]
    for counts in by_position:
        assert counts["a"] == counts["b"] == seats


def test_a_match_counts_every_game_once_and_repeats_with_its_seed():
    config = GameConfig(max_hands=6)
    match = play_match("expert", "bold", 3, 12, config, seed=5)
    assert match.first_wins + match.second_wins == 12
    assert play_match("expert", "bold", 3, 12, config, seed=5) == match


def test_round_robin_plays_every_pair_at_every_size():
    result = round_robin(["expert", "standard", "bold"], [2, 4], 6, GameConfig(max_hands=5), 1)
    pairs = [(m.first, m.second, m.seats) for m in result.matches]
    assert pairs == [(a, b, n) for a, b in [("expert", "standard"), ("expert", "bold"),
                                            ("standard", "bold")] for n in (2, 4)]
    assert {name: s.games for name, s in result.standings.items()} == {
        "expert": 24, "standard": 24, "bold": 24}
    assert sum(s.wins for s in result.standings.values()) == 6 * 6
    better = sum(s.matches_better for s in result.standings.values())
    assert better == sum(s.matches_worse for s in result.standings.values())
    assert better == sum(m.better() is not None for m in result.matches)


def test_the_verdict_follows_the_interval():
    even = Match("a", "b", 2, 100, 50)
    assert even.better() is None and even.confidence() == 0.0
    clear = Match("a", "b", 2, 400, 260)  # 65%: the interval is well above one half
    assert clear.better() == "a" and clear.confidence() > 0.99
    assert Match("a", "b", 2, 400, 140).better() == "b"
    low, high = Match("a", "b", 2, 20, 12).interval()
    assert low < 0.5 < high and Match("a", "b", 2, 20, 12).better() is None


def test_the_expert_beats_the_bold_bot_clearly():
    """The figures say what they should: a real difference shows as a verdict."""
    match = play_match("expert", "bold", 2, 200, GameConfig(max_hands=15), seed=2)
    assert match.better() == "expert" and match.confidence() > 0.95
