"""The review of a finished game (issue 27 item 5): hand-checked hands, and the expert's moves."""
from __future__ import annotations

import random

import pytest

from siete.engine.cards import SPANISH_DECK
from siete.engine.codes import Action
from siete.engine.config import GameConfig
from siete.engine.odds import odds
from siete.engine.odds_position import punter_position
from siete.engine.records import HandRecord
from siete.engine.review import (
    BEST_BELOW,
    INACCURACY_BELOW,
    MISTAKE_BELOW,
    Mark,
    mark_for,
    review_game,
    review_hand,
    seat_review,
)
from siete.engine.simulate import play_game
from tests.engine.engine_helpers import heads_up_hand


def test_marks_follow_the_thresholds():
    assert mark_for(0.0) == Mark.BEST
    assert mark_for(BEST_BELOW - 1e-9) == Mark.BEST
    assert mark_for(BEST_BELOW) == Mark.INACCURACY
    assert mark_for(INACCURACY_BELOW) == Mark.MISTAKE
    assert mark_for(MISTAKE_BELOW) == Mark.BLUNDER
    assert mark_for(2.0) == Mark.BLUNDER


def test_standing_on_five_and_a_half_against_a_six_is_a_blunder():
    """The issue's worked example (R8.2: the standard bank stands on its 6, counting the hidden
    5 as an average card): standing on 5½ is worth -1, drawing -0.228228…; 5 points (R4.4
    allows a bet of 1 only) so the bet is no decision and the stake of 1 is the full bet: the
    0.77 a point given up is 0.77 of the points in play, a blunder."""
    hand = heads_up_hand({"points_start": 5, "bet": 1, "cards": ["O05", "C12"], "result": "lose",
                  "actions": [["draw", "C12"], ["stand", None]]},
                 {"cards": ["E06"], "actions": [["stand", None]], "result": "bank"})
    moves = review_hand(SPANISH_DECK, hand)
    assert [(m.step, m.action, m.bank) for m in moves] == [
        (1, Action.DRAW, False), (2, Action.STAND, False), (1, Action.STAND, True)]
    stand = moves[1]
    assert stand.stand_ev == pytest.approx(-1.0)
    assert stand.draw_ev == pytest.approx(-0.228228228, abs=1e-8)
    assert stand.best_action == Action.DRAW
    assert stand.lost == pytest.approx(1.0 - 0.228228228, abs=1e-8)
    assert stand.mark == Mark.BLUNDER
    first = odds(punter_position(SPANISH_DECK, ["O05"], ["E06"]))
    assert moves[0].lost == pytest.approx(max(first.stand.ev, first.draw.ev) - first.draw.ev)


def test_a_bet_is_valued_by_the_hand_before_its_first_decision():
    """R4.4: 20 points allow 1 to 4. A first 7 against a bank's 2 is worth more than 0 a unit,
    so 4 is best and a bet of 1 gives up 3 × the value in points: a full bet being 4, that is
    3/4 of the value on the review's scale (points in play; it was 3 × the value when bets
    were counted in points and draws in stakes, test_review_scale.py pins the scale)."""
    value = odds(punter_position(SPANISH_DECK, ["O07"], ["E02"])).value
    assert value > 0
    hand = heads_up_hand({"points_start": 20, "bet": 1, "cards": ["O07"], "result": "win",
                  "actions": [["stand", None]]},
                 {"cards": ["E02", "B05"], "result": "bank",
                  "actions": [["draw", "B05"], ["stand", None]]})
    bet, stand, *bank = review_hand(SPANISH_DECK, hand)
    assert (bet.action, bet.stake, bet.best_stake) == (Action.BET, 1, 4)
    assert bet.value == pytest.approx(value)
    assert bet.lost == pytest.approx(3 * value / 4)
    assert stand.action == Action.STAND and stand.lost == 0.0 and stand.mark == Mark.BEST
    assert [m.bank for m in bank] == [True, True]


def test_a_stand_at_seven_and_a_half_and_a_bank_nobody_faces_are_not_decisions():
    """R4.6 stands for the seat at 7½; R4.9: everyone bust, the bank does not play."""
    hand = heads_up_hand({"points_start": 5, "bet": 1, "cards": ["O07", "C12"], "result": "seven_half",
                  "actions": [["draw", "C12"], ["stand", "auto"]]},
                 {"cards": ["E02"], "actions": [["draw", "B05"], ["stand", None]], "result": "bank"})
    assert [m.step for m in review_hand(SPANISH_DECK, hand) if not m.bank] == [1]
    bust = heads_up_hand({"points_start": 5, "bet": 1, "cards": ["O07", "C05"], "result": "bust",
                  "actions": [["draw", "C05"]]},
                 {"cards": ["E02"], "actions": [], "result": "bank"})
    assert all(not m.bank for m in review_hand(SPANISH_DECK, bust))


def _played(profiles: list[str], seed: int, hands: int = 10) -> tuple[list[HandRecord], list[str]]:
    names = [f"p{i}" for i in range(len(profiles))]
    records: list[HandRecord] = []
    state = play_game(names, dict(zip(names, profiles)), GameConfig(max_hands=hands),
                      random.Random(seed), lambda _state, record: records.append(record))
    return records, [state.seats[i].bot or "" for i in range(len(names))]


def test_every_decision_of_the_expert_is_best():
    """The expert plays the solver's best (its view is the seat's, R4.2): its review is all
    "best" with nothing lost, over games against every other profile, as punter and as bank."""
    kinds: set[tuple[Action, bool]] = set()
    for seed in range(12):
        profiles = ["expert", "standard", "cautious", "bold", "expert"][: 2 + seed % 4]
        hands, bots = _played(profiles, seed)
        review = review_game(SPANISH_DECK, hands, len(bots))
        experts = [m for m in review.moves if bots[m.seat] == "expert"]
        assert experts and all(m.mark == Mark.BEST and m.lost == 0.0 for m in experts)
        kinds |= {(m.action, m.bank) for m in experts}
        for seat in review.seats:
            if bots[seat.seat] == "expert" and seat.decisions:
                assert seat.accuracy == 1.0 and seat.mean_lost == 0.0
    assert kinds >= {(Action.BET, False), (Action.DRAW, False), (Action.STAND, False),
                     (Action.DRAW, True), (Action.STAND, True)}


def test_bots_are_reviewed_and_the_rule_of_thumb_bots_lose_value():
    """Every bot's decisions are reviewed; the bold bot, which draws on high totals, is not
    always best. The seat figures add up the moves."""
    hands, bots = _played(["bold", "standard", "cautious"], 5, hands=20)
    review = review_game(SPANISH_DECK, hands, 3)
    assert {m.seat for m in review.moves} == {0, 1, 2}
    assert any(m.mark != Mark.BEST for m in review.moves)
    for seat in review.seats:
        mine = [m for m in review.moves if m.seat == seat.seat]
        assert seat.decisions == len(mine)
        assert seat.best + seat.inaccuracies + seat.mistakes + seat.blunders == len(mine)
        assert seat.lost == pytest.approx(sum(m.lost for m in mine))
        assert all(m.lost >= 0 for m in mine)


def test_a_seat_with_no_decisions_lost_a_float_zero():
    """A seat that made no decision (a stand-in bot played them all) lost 0.0, a float as the
    compiled engine gives it: the plain sum of nothing was the int 0."""
    review = seat_review(0, [])
    assert review.lost == 0.0 and type(review.lost) is float and review.mean_lost is None
