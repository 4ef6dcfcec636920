"""The review's one scale (engine/review.py, review_scale.py), pinned on hand-made heads-up
hands: the value lost is the points a decision gives up against the best, as the odds solver
expects them, over the seat's points in play (a punter's full bet, R4.4: 20 points allow 1 to
4). The values below are the solver's against the standard bank (R8.2)."""
from __future__ import annotations

import pytest

from siete.engine.cards import SPANISH_DECK
from siete.engine.codes import Action
from siete.engine.odds import odds
from siete.engine.odds_position import punter_position
from siete.engine.review import (
    INACCURACY_BELOW,
    MISTAKE_BELOW,
    Mark,
    MoveReview,
    best_bet_for,
    review_hand,
    seat_review,
)
from tests.engine.engine_helpers import heads_up_hand

BANK_STANDS_ON_SIX = {"cards": ["E06"], "actions": [["stand", None]], "result": "bank"}


def _punter_moves(bet: int, cards: list[str], actions: list[list[str | None]], result: str,
                  points: int = 20) -> list[MoveReview]:
    """The punter's reviewed moves in a heads-up hand against a bank showing the 6 of espadas."""
    hand = heads_up_hand({"points_start": points, "bet": bet, "cards": cards, "actions": actions,
                          "result": result}, BANK_STANDS_ON_SIX)
    return [m for m in review_hand(SPANISH_DECK, hand) if not m.bank]


def test_a_sure_win_played_best_loses_nothing():
    """R4.2/R8.2: a 7 face down shows the bank nothing, so the standard bank stands on its 6
    and the 7 wins (R5.3): the hand is worth +1 a point. The full bet (R4.4: 4 of 20 points)
    and the stand (R4.7) are the best: nothing lost."""
    assert odds(punter_position(SPANISH_DECK, ["O07"], ["E06"])).value == pytest.approx(1.0)
    bet, stand = _punter_moves(4, ["O07"], [["stand", None]], "win")
    assert (bet.action, bet.stake, bet.best_stake, bet.lost, bet.mark) == (
        Action.BET, 4, 4, 0.0, Mark.BEST)
    assert (stand.action, stand.lost, stand.mark) == (Action.STAND, 0.0, Mark.BEST)


def test_a_bet_below_the_full_one_costs_its_share_of_a_full_bet():
    """The issue's case: 3 of 4 on the sure hand gives up 1 point, a quarter of a full bet, an
    inaccuracy (it was a blunder when bets were counted in points and draws in stakes); 1 of 4
    gives up 3 points, three quarters of a full bet: a blunder."""
    three, _ = _punter_moves(3, ["O07"], [["stand", None]], "win")
    assert three.lost == pytest.approx(0.25) and three.mark == Mark.INACCURACY
    one, _ = _punter_moves(1, ["O07"], [["stand", None]], "win")
    assert one.lost == pytest.approx(0.75) and one.mark == Mark.BLUNDER


def test_a_cautious_bet_on_a_doubtful_hand_is_not_a_blunder():
    """A first 4 against the bank's 4 is worth little (+0.175 a point): betting 1 of 4 (R4.4)
    gives up 3 × 0.175 points, 0.13 of a full bet, an inaccuracy at most."""
    position = punter_position(SPANISH_DECK, ["O04"], ["E04"])
    advice = best_bet_for(position, 4)
    assert 0 < advice.value < 0.3 and advice.best == 4
    assert advice.lost(1) == pytest.approx(3 * advice.value / 4)
    assert advice.lost(1) < INACCURACY_BELOW and advice.mark(1) in (Mark.BEST, Mark.INACCURACY)
    assert advice.mark(4) == Mark.BEST and advice.lost(4) == 0.0
    worse = best_bet_for(punter_position(SPANISH_DECK, ["O03"], ["E04"]), 4)
    assert worse.value < 0 and worse.best == 1  # a losing hand: the least bet is best
    assert worse.mark(1) == Mark.BEST and worse.lost(4) == pytest.approx(-3 * worse.value / 4)


def test_drawing_on_seven_at_a_full_bet_when_standing_wins_is_a_blunder():
    """A 4 face down and a 3 face up: the bank's 6 stands (R8.2, the face-up 3 plus an
    average card does not beat it), so standing on 7 wins (+1); drawing gives up about 1.03
    a point (R4.5: most cards bust). At the full bet of 4 that is all of a full bet."""
    cards = ["O04", "C03", "B05"]
    actions: list[list[str | None]] = [["draw", "C03"], ["draw", "B05"]]
    bet, first, seven = _punter_moves(4, cards, actions, "bust")
    answer = odds(punter_position(SPANISH_DECK, cards[:2], ["E06"]))
    assert answer.stand.ev == pytest.approx(1.0) and answer.best == Action.STAND
    assert seven.step == 2 and seven.action == Action.DRAW
    assert seven.lost == pytest.approx(answer.stand.ev - answer.draw.ev)
    assert seven.lost >= MISTAKE_BELOW and seven.mark == Mark.BLUNDER


def test_the_same_draw_after_a_bet_of_one_costs_a_quarter():
    """Points in play: after a bet of 1 of 4 the same draw on 7 gives up a quarter as many
    points, so it is marked as a quarter of the error (an inaccuracy); at 5 points R4.4 allows
    only 1, so 1 is the full bet and the draw is a blunder again."""
    cards, actions = ["O04", "C03", "B05"], [["draw", "C03"], ["draw", "B05"]]
    full = _punter_moves(4, cards, actions, "bust")[-1]
    small = _punter_moves(1, cards, actions, "bust")[-1]
    assert small.lost == pytest.approx(full.lost / 4) and small.mark == Mark.INACCURACY
    poor = _punter_moves(1, cards, actions, "bust", points=5)  # R4.4: no bet to choose
    assert [m.step for m in poor] == [1, 2] and poor[-1].mark == Mark.BLUNDER


def test_accuracy_counts_an_inaccuracy_half():
    """A seat's accuracy: best 1, inaccuracy ½, mistake and blunder 0."""
    moves = _punter_moves(3, ["O07"], [["stand", None]], "win")  # an inaccuracy and a best
    assert seat_review(1, moves).accuracy == pytest.approx(0.75)
    assert seat_review(1, []).accuracy is None
