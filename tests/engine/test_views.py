"""R4.2 visibility: what table_view shows each viewer, and what the log says."""
from __future__ import annotations

import dataclasses
import json

import pytest

from siete.engine import rules
from siete.engine.bot_views import bot_view
from siete.engine.cards import SPANISH_DECK
from siete.engine.codes import Event, StandNote
from siete.engine.records import STAND_AT_SEVEN_HALF, LogEvent
from siete.engine.state import GameState
from siete.engine.views import SeatView, TableView, ViewerActions, is_face_down, table_view, visible_cards
from tests.engine.engine_helpers import start_game

A, B, C = 0, 1, 2
KEYS = {"version", "phase", "hand", "max_hands", "deck_count", "turn_seat", "bank_seat", "viewer",
        "order", "seats", "log", "last_hand", "winner", "finished", "actions"}
SEAT_KEYS = {"index", "name", "bot", "away", "points", "stake", "bet", "status", "out", "cards",
             "position", "total", "shown_total", "is_turn", "max_bet"}


def _game():
    """a banks; b O03 then draws C02, c O04 waiting; bank O05."""
    state = start_game(["a", "b", "c"], ["O12", "O11", "O10"], ["O03", "O04", "O05", "C02"])
    rules.bet(state, B, 2)
    rules.draw(state, B)
    return state


def test_table_view_shape(three):
    view = table_view(three, B)
    assert isinstance(view, TableView) and all(isinstance(s, SeatView) for s in view.seats)
    assert {f.name for f in dataclasses.fields(view)} == KEYS
    assert {f.name for f in dataclasses.fields(SeatView)} == SEAT_KEYS
    json.dumps(dataclasses.asdict(view))  # plain data


def test_table_view_is_built_once_and_never_changed(three):
    view = table_view(three, B)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.seats[B].points = 0  # type: ignore[misc]
    assert isinstance(view.seats, tuple) and isinstance(view.seats[B].cards, tuple)


def test_r4_2_other_punters_first_card_face_down():
    state = _game()
    for viewer in (A, C):
        seats = table_view(state, viewer).seats
        assert seats[B].cards == (None, "C02")
        assert seats[B].total is None and seats[B].shown_total == 2
    assert visible_cards(state, C, B) == [None]


def test_r4_2_the_viewer_sees_its_own_card():
    state = _game()
    mine = table_view(state, B).seats[B]
    assert mine.cards == ("O03", "C02") and mine.total == 5


def test_r4_2_the_bank_is_face_up_to_all():
    state = _game()
    for viewer in (None, A, B, C):
        assert table_view(state, viewer).seats[A].cards == ("O05",)
        assert not is_face_down(state, A, 0, viewer)


def test_r4_2_spectators_see_no_face_down_card():
    state = _game()
    text = json.dumps(dataclasses.asdict(table_view(state, None)))
    assert "O03" not in text and "O04" not in text


def test_r4_2_bust_shows_the_first_card():
    state = start_game(["a", "b", "c"], ["O12", "O11", "O10"], ["O07", "O04", "O05", "C06"])
    rules.bet(state, B, 1)
    rules.draw(state, B)
    assert table_view(state, C).seats[B].cards == ("O07", "C06")
    assert table_view(state, None).seats[C].cards == (None,)


def test_r4_2_everything_face_up_after_settlement():
    state = _game()
    rules.stand(state, B)
    rules.bet(state, C, 1)
    rules.stand(state, C)
    rules.stand(state, A)
    view = table_view(state, None)
    assert view.seats[B].cards == ("O03", "C02") and view.seats[C].cards == ("O04",)
    assert view.last_hand is not None and view.last_hand.turns[1].first_card == "O03"


def test_viewer_actions_follow_the_turn(three):
    assert table_view(three, B).actions == ViewerActions(bet=(1, 2, 3, 4), draw=False, stand=False)
    assert table_view(three, C).actions == ViewerActions(bet=(), draw=False, stand=False)
    assert table_view(three, None).actions == ViewerActions(bet=(), draw=False, stand=False)
    rules.bet(three, B, 1)
    assert table_view(three, B).actions == ViewerActions(bet=(), draw=True, stand=True)


def test_r4_2_log_holds_facts_of_face_up_cards_only():
    """The view's log is the engine's facts (siete/i18n/words.py says them): no hidden first card."""
    state = _game()
    log = table_view(state, C).log
    assert log[0] == LogEvent(Event.HAND, A, 1) and log[1] == LogEvent(Event.DEAL, A, "O05")
    assert log[-1] == LogEvent(Event.DRAW, B, "C02")
    assert not any(card in json.dumps([e.to_json() for e in log]) for card in ("O03", "O04"))
    assert isinstance(log, tuple)  # frozen events in a tuple: a view changes nothing


def test_r6_2_the_log_says_the_bank_stood_after_the_bank_passes():
    """The hand's log is read after R6 may have seated another bank: events carry who stood."""
    from siete.engine.config import GameConfig

    state = rules.new_game(["a", "b", "c"], GameConfig(), ["O12", "C11", "E10"])
    rules.deal(state, ["B05", "E07", "O04", "O10"])  # b 5, c 7, the bank a 4; then ½ for c
    a, b, c = (state.seat_index(n) for n in "abc")
    rules.bet(state, b, 1)
    rules.stand(state, b)
    rules.bet(state, c, 1)
    rules.draw(state, c)  # 7½: c stands by itself and will take the bank (R6.2)
    rules.stand(state, a)
    assert state.bank == c
    assert LogEvent(Event.STAND, b) in state.log and LogEvent(Event.STAND, a, StandNote.BANK) in state.log
    assert LogEvent(Event.STAND, c) in state.log  # R4.2: logged as any stand (c's first card is hidden)


def _same_public_history() -> tuple:
    """b stands on 7½ over a face-down 7 (R4.6) at one table, and by choice on 3½ over a
    face-down 3 at the other, after the same bet and the same face-up draw."""
    seven = start_game(["a", "b", "c"], ["O12", "O11", "O10"], ["O07", "O04", "O05", "C10"])
    three = start_game(["a", "b", "c"], ["O12", "O11", "O10"], ["O03", "O04", "O05", "C10"])
    for state in (seven, three):
        rules.bet(state, B, 1)
        rules.draw(state, B)
    rules.stand(three, B)
    assert seven.seats[B].total == 15 and seven.current_seat() == three.current_seat() == C
    return seven, three


def test_r4_2_a_stand_at_7_and_a_half_is_seen_as_any_stand():
    """#24.1: the version and the log once told the 7½, hence the face-down card."""
    seven, three = _same_public_history()
    assert seven.version == three.version and seven.log == three.log
    for viewer in (None, A, C):
        assert table_view(seven, viewer) == table_view(three, viewer)
    assert bot_view(seven, C) == bot_view(three, C)  # what a bot in another seat decides on
    for state in (seven, three):
        rules.bet(state, C, 1)
        rules.stand(state, C)
    for viewer in (None, A, C):
        assert table_view(seven, viewer) == table_view(three, viewer)
    assert bot_view(seven, A) == bot_view(three, A)  # the bank's turn
    assert seven.seats[B].actions[-1] == STAND_AT_SEVEN_HALF  # its own record still knows


def test_a_log_saved_with_the_old_seven_and_a_half_event_reads_as_a_stand():
    seven, _three = _same_public_history()
    saved = seven.to_dict()
    saved["log"] = [["seven_half", B, None] if e == ["stand", B, None] else e for e in saved["log"]]
    assert GameState.from_dict(saved, SPANISH_DECK).log == seven.log
