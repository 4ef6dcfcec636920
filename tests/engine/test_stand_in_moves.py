"""The moves the bot standing in for an away person makes are not that person's: the hand's
record keeps up to which step the stand-in played, and the review flags those moves and leaves
them out of the person's figures, as it does the turn timer's (tests/engine/test_timeouts.py)."""
from __future__ import annotations

import random

from siete.engine import bots, moves, rules
from siete.engine.cards import SPANISH_DECK
from siete.engine.records import HandRecord, TurnRecord
from siete.engine.review import review_game, review_hand
from siete.engine.state import DEAL, GameState
from tests.engine.engine_helpers import full_deck

A, B, C = 0, 1, 2  # a banks, then b, c (the `three` fixture)


def _away(state: GameState, seat: int) -> None:
    state.seats[seat].bot, state.seats[seat].away, state.seats[seat].timeouts = "standard", True, 2


def _stand_in_plays(state: GameState, seat: int, steps: int | None = None) -> None:
    """The stand-in bot makes `steps` moves in `seat` (all of its turn when None)."""
    rng = random.Random(7)
    while state.current_seat() == seat and (steps is None or steps > 0):
        bots.bot_step(state, seat, rng)
        steps = None if steps is None else steps - 1


def _finish(state: GameState) -> HandRecord:
    """c bets 1 and stands, the bank stands: the hand's record."""
    if state.current_seat() == C:
        moves.apply_move(state, C, "bet", 1)
        moves.apply_move(state, C, "stand")
    moves.apply_move(state, A, "stand")
    assert state.phase == DEAL and state.last_hand is not None
    return state.last_hand


def _turn(record: HandRecord, seat: int) -> TurnRecord:
    return next(t for t in record.turns if t.seat == seat)


def test_a_seat_away_all_hand_is_all_the_stand_ins(three):
    _away(three, B)
    _stand_in_plays(three, B)
    record = _finish(three)
    turn = _turn(record, B)
    assert turn.stand_in == len(turn.actions) + 1  # one past its last step: every one
    assert _turn(record, C).stand_in is None and _turn(record, A).stand_in is None
    assert "stand_in" not in _turn(record, C).to_json()  # in the JSON only when set
    assert TurnRecord.from_json(turn.to_json()) == turn
    reviewed = [m for m in review_hand(SPANISH_DECK, record) if m.seat == B]
    assert reviewed and all(m.stand_in and not m.players_own for m in reviewed)
    figures = review_game(SPANISH_DECK, [record], 3).seats[B]
    assert (figures.decisions, figures.lost, figures.accuracy) == (0, 0, None)


def test_coming_back_mid_turn_splits_it_at_the_persons_first_step(three):
    _away(three, B)
    _stand_in_plays(three, B, steps=1)  # the stand-in bets
    moves.come_back(three, B)
    moves.apply_move(three, B, "stand")  # the person stands
    turn = _turn(_finish(three), B)
    assert turn.stand_in == 1  # step 0 (the bet) was the stand-in's
    reviewed = {m.step: m.stand_in for m in review_hand(SPANISH_DECK, three.last_hand) if m.seat == B}
    assert reviewed.get(0) is True and reviewed.get(1) is False


def test_coming_back_after_the_turn_leaves_it_the_stand_ins(three):
    _away(three, B)
    _stand_in_plays(three, B)
    moves.come_back(three, B)  # while c plays: the turn was already made
    turn = _turn(_finish(three), B)
    assert turn.stand_in == len(turn.actions) + 1


def test_coming_back_before_the_turn_makes_it_the_persons_own(three):
    _away(three, C)
    moves.come_back(three, C)
    moves.apply_move(three, B, "bet", 1)
    moves.apply_move(three, B, "stand")
    record = _finish(three)
    assert all(t.stand_in is None for t in record.turns)


def test_the_turn_that_made_a_person_away_is_the_timers_not_the_stand_ins(three):
    three.seats[B].timeouts = 1
    moves.time_out(three, B, random.Random(0))  # the second in a row: away from now on
    assert three.seats[B].away
    turn = _turn(_finish(three), B)
    assert turn.timed_out == 0 and turn.stand_in is None


def test_the_next_deal_clears_the_mark_and_it_survives_the_json_round_trip(three):
    _away(three, B)
    _stand_in_plays(three, B, steps=1)
    moves.come_back(three, B)
    again = GameState.from_dict(three.to_dict(), SPANISH_DECK)
    assert again.seats[B].stand_in == 1
    old = three.to_dict()
    del old["seats"][B]["stand_in"]  # a state saved before the mark was kept
    assert GameState.from_dict(old, SPANISH_DECK).seats[B].stand_in is None
    moves.apply_move(three, B, "stand")
    _finish(three)
    rules.deal(three, full_deck([]))
    assert [s.stand_in for s in three.seats] == [None, None, None]
