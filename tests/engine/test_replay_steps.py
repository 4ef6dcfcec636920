"""The replay's steps (engine/replay_steps.py): each move of a scenario's hand with the table
as the deciding seat saw it just before (R4.2), rebuilt by the engine's own replay."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from siete.engine.config import GameConfig
from siete.engine.replay import ScenarioError, replay
from siete.engine.replay_steps import hand_decisions

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def scenario(name: str) -> dict:
    return json.loads((SCENARIOS / name).read_text(encoding="utf-8"))


def cards(decision, name: str) -> tuple:
    return next(s.cards for s in decision.view.seats if s.name == name)


def test_each_move_is_seen_from_its_deciding_seat_and_hides_the_others_first_card_r4_2():
    # 01_one_hand: bob banks (O07); cris (E05) bets 2, draws C02 and O11 to 7½ (R4.6 stands
    # for him); ana (B10) bets 3, draws C05 and E06 and busts; bob stands.
    steps = hand_decisions(scenario("01_one_hand.json"), GameConfig(), 1)
    assert [(d.number, d.view.seats[d.seat].name, d.verb, d.amount) for d in steps] == [
        (1, "cris", "bet", 2), (2, "cris", "draw", None), (3, "cris", "draw", None),
        (4, "ana", "bet", 3), (5, "ana", "draw", None), (6, "ana", "draw", None),
        (7, "bob", "stand", None)]
    first = steps[0]
    assert cards(first, "cris") == ("E05",)  # its own card, face up to itself
    assert cards(first, "ana") == (None,)  # R4.2: another punter's first card, face down
    assert cards(first, "bob") == ("O07",)  # the bank's card is face up
    assert first.view.viewer == first.seat and first.view.turn_seat == first.seat
    assert first.view.actions.bet == (1, 2, 3, 4)  # the bets cris could make (R4.4)
    ana_bets = steps[3]
    assert cards(ana_bets, "ana") == ("B10",)
    assert cards(ana_bets, "cris") == (None, "C02", "O11")  # stood: its first card stays hidden
    bank = steps[6]
    assert cards(bank, "cris") == (None, "C02", "O11")
    assert cards(bank, "ana") == ("B10", "C05", "E06")  # a bust shows every card (R4.2)
    assert next(s.points for s in bank.view.seats if s.name == "ana") == 17  # stake 3 left


def test_a_later_hand_starts_from_the_points_and_bank_the_earlier_hands_left():
    data = scenario("02_full_game.json")
    played = replay(data, GameConfig()).to_json()
    before = played["hands"][2]["points"]  # after hand 3
    steps = hand_decisions(data, GameConfig(), 4)
    bank = played["hands"][3]["bank"]
    assert steps[0].view.seats[steps[0].view.bank_seat].name == bank
    decider = steps[0].view.seats[steps[0].seat]
    assert decider.points == before[decider.name]  # before its bet: all its points


def test_a_hand_the_scenario_has_not_is_a_scenario_error():
    data = scenario("01_one_hand.json")
    for number in (0, 2, -1):
        with pytest.raises(ScenarioError):
            hand_decisions(data, GameConfig(), number)


def test_a_malformed_hand_or_move_is_a_scenario_error():
    data = scenario("01_one_hand.json")
    data["hands"][0]["moves"][3] = "ana: bet 9"  # over R4.4's limit
    with pytest.raises(ScenarioError, match="hand 1, move 4"):
        hand_decisions(data, GameConfig(), 1)
    data["hands"][0] = "not a hand"
    with pytest.raises(ScenarioError):
        hand_decisions(data, GameConfig(), 1)
