"""The pause between hands in the engine: who has said "next" is plain state data (R6 → R4.1)."""
from __future__ import annotations

import json
import random

import pytest

from siete.engine import deck, rules
from siete.engine.cards import SPANISH_DECK
from siete.engine.config import GameConfig
from siete.engine.moves import everyone_ready, say_next
from siete.engine.state import DEAL, GameState, RuleError


def settled_game() -> GameState:
    """Ana and Bea (people) and a bot; hand 1 dealt and played out, so the game waits to deal."""
    state = rules.new_game(["ana", "bea", "bot"], GameConfig(), ["O12", "O11", "O10"], {"bot": "standard"})
    rules.deal(state, deck.shuffled_deck(SPANISH_DECK, random.Random(3)))
    while state.phase != DEAL:
        seat = state.current_seat()
        if state.turn != 0 and not state.seats[seat].bet:
            rules.bet(state, seat, 1)
        else:
            rules.stand(state, seat)
    return state


def test_every_person_says_next_and_bots_are_not_waited_for():
    state = settled_game()
    ana, bea = state.seat_index("ana"), state.seat_index("bea")
    assert state.waits_for() == [ana, bea]
    version = state.version
    assert say_next(state, ana) is False and state.ready == [ana] and state.version == version + 1
    assert say_next(state, ana) is False and state.version == version + 1  # twice changes nothing
    assert say_next(state, bea) is True and everyone_ready(state)


def test_next_is_refused_while_a_hand_is_in_play_and_for_a_bot():
    state = settled_game()
    with pytest.raises(RuleError):
        say_next(state, state.seat_index("bot"))
    rules.deal(state, deck.shuffled_deck(SPANISH_DECK, random.Random(4)))
    assert state.ready == []  # R4.1: a new deal starts with nobody ready for the one after
    with pytest.raises(RuleError):
        say_next(state, state.seat_index("ana"))


def test_readiness_round_trips_through_json_and_old_states_load():
    state = settled_game()
    say_next(state, state.seat_index("bea"))
    data = json.loads(json.dumps(state.to_dict()))
    assert GameState.from_dict(data, SPANISH_DECK).ready == [state.seat_index("bea")]
    del data["ready"]  # a state saved before the pause existed
    assert GameState.from_dict(data, SPANISH_DECK).ready == []


def test_a_table_with_nobody_to_wait_for_is_never_ready():
    state = rules.new_game(["b1", "b2"], GameConfig(), ["O12", "O11"], {"b1": "bold", "b2": "bold"})
    assert state.waits_for() == [] and not everyone_ready(state)
