"""Settlement (R5), between hands (R6) and the hand record others store and show."""
from __future__ import annotations

from siete.engine import rules
from siete.engine.codes import BankResult, Event
from siete.engine.config import GameConfig
from siete.engine.records import HandRecord, LogEvent
from siete.engine.views import named_record
from tests.engine.engine_helpers import start_game

A, B, C = 0, 1, 2
RECORD_KEYS = {"number", "bank", "order", "bank_total", "bank_result", "turns", "results",
               "eliminated", "next_bank"}
TURN_KEYS = {"seat", "position", "points_start", "points_end", "bet", "first_card", "cards",
             "actions", "total", "result"}


def _short_bank():
    """2 points each: b and c win 1 on 6 and 5 against the bank's 4; the bank ends on 0."""
    state = start_game(["a", "b", "c"], ["O12", "O11", "O10"], ["O06", "O05", "O04"],
                       GameConfig(initial_points=2))
    for seat in (B, C):
        rules.bet(state, seat, 1)
        rules.stand(state, seat)
    rules.stand(state, A)
    return state


def test_hand_record_shape():
    record = _short_bank().last_hand
    data = record.to_json()  # the form stored states keep
    assert set(data) == RECORD_KEYS and all(set(t) == TURN_KEYS for t in data["turns"])
    assert record.bank_result == BankResult.STOOD and record.bank_total == 8
    assert record.turns[0].bet is None and record.turns[1].bet == 1
    assert HandRecord.from_json(data) == record


def test_r6_1_and_r6_3_bank_out_first_survivor_banks():
    state = _short_bank()
    assert state.seats[A].out and state.last_hand.eliminated == (A,)
    assert state.order == [B, C] and state.last_hand.next_bank == B


def test_r5_6_bank_pays_what_it_holds():
    state = start_game(["a", "b", "c"], ["O12", "O11", "O10"], ["O06", "O07", "O04", "C10"],
                       GameConfig(initial_points=3))
    rules.bet(state, B, 1)
    rules.stand(state, B)  # 6 beats 4: paid 1, bank 2 left
    rules.bet(state, C, 1)
    rules.draw(state, C)  # 7½: due 2, bank pays its last 2
    rules.stand(state, A)
    assert [s.points for s in state.seats] == [0, 4, 5]
    assert LogEvent(Event.WIN, C, (2, 2, 15)) in state.log and LogEvent(Event.WIN, B, (1, 1, 12)) in state.log


def test_r5_6_unpaid_winner_gets_the_stake_back():
    state = start_game(["a", "b", "c"], ["O12", "O11", "O10"], ["O07", "O06", "O04", "C10"],
                       GameConfig(initial_points=2))
    rules.bet(state, B, 1)
    rules.draw(state, B)  # 7½: due 2, the bank holds 2
    rules.bet(state, C, 1)
    rules.stand(state, C)  # 6 beats 4, but nothing is left
    rules.stand(state, A)
    assert [s.points for s in state.seats] == [0, 4, 2]
    assert LogEvent(Event.WIN, C, (0, 1, 12)) in state.log  # paid 0 of the 1 due, with 6


def test_named_record_uses_names_and_game_numbers():
    state = _short_bank()
    named = named_record(state, state.last_hand)
    assert named.bank == "a" and named.next_bank == "b" and named.eliminated == ("a",)
    assert named.turns[1].name == "b" and named.turns[1].total == 6
    assert named.bank_total == 4 and named.results == (("b", "win"), ("c", "win"))
