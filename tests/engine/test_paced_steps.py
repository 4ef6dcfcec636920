"""Paced play (#25): bots' moves played one step at a time, each step with the random stream
taken up where the last one left it (deck.resumed_rng), come out exactly as one straight run
of play_until_person does: the same cards, bets and results, however the steps are split."""
from __future__ import annotations

import random

import pytest

from siete.engine import deck, rules
from siete.engine.bots import paced_step_due, play_step, play_until_person
from siete.engine.config import GameConfig
from siete.engine.state import DEAL, OVER, GameState

PROFILES = ("standard", "cautious", "bold", "expert")


def _table(seed: int) -> GameState:
    names = [f"bot{i}" for i in range(5)]
    bots = {name: PROFILES[i % len(PROFILES)] for i, name in enumerate(names)}
    return rules.start_game(names, bots, GameConfig(max_hands=6), deck.seeded_rng(seed, "seating"))


def _straight(seed: int) -> tuple[GameState, list[int]]:
    state, hands = _table(seed), []
    play_until_person(state, deck.seeded_rng(seed, state.version),
                      lambda s, hand: hands.append(hand["number"]))
    return state, hands


def _stepped(seed: int) -> tuple[GameState, list[int], int]:
    """One step per call, each with a fresh source resumed from the words the last one used,
    and the state through JSON between steps, as the web's requests and worker do."""
    state, hands, steps = _table(seed), [], 0
    state.bot_stream = [state.version, 0]
    cards = state.config.cards
    while True:
        origin, words = state.bot_stream
        rng = deck.resumed_rng(seed, origin, words)
        if not play_step(state, rng, lambda s, hand: hands.append(hand["number"])):
            break
        steps += 1
        state.bot_stream = [origin, rng.words]
        state = GameState.from_dict(state.to_dict(), cards)
    return state, hands, steps


@pytest.mark.parametrize("seed", [1, 7, 2024, 31337])
def test_stepped_bots_play_exactly_as_one_straight_run(seed):
    straight, straight_hands = _straight(seed)
    stepped, stepped_hands, steps = _stepped(seed)
    stepped.bot_stream = None
    assert stepped.to_dict() == straight.to_dict()
    assert stepped_hands == straight_hands == list(range(1, straight.hand + 1))
    assert steps > straight.hand * 5  # a step per bot move and per deal, not per hand


def test_a_resumed_source_draws_what_the_source_that_used_the_words_would_draw_next():
    used = deck.resumed_rng("s", 3, 0)
    used.random(), used.getrandbits(7), used.getrandbits(159), used.shuffle(list(range(40)))
    resumed = deck.resumed_rng("s", 3, used.words)
    assert [resumed.random() for _ in range(5)] == [used.random() for _ in range(5)]
    assert deck.resumed_rng("s", 3, 0).random() == random.Random("s:3").random()


def test_no_step_is_due_at_a_persons_turn_at_the_end_or_in_a_pause():
    bots_only = _table(5)
    play_until_person(bots_only, deck.seeded_rng(5, bots_only.version), pauses=lambda s: True)
    assert bots_only.phase == DEAL  # a hand settled: the deal is due unless the table pauses
    assert paced_step_due(bots_only) and not paced_step_due(bots_only, pauses=lambda s: True)
    play_until_person(bots_only, deck.seeded_rng(5, bots_only.version))
    assert bots_only.phase == OVER and not paced_step_due(bots_only)
    state = rules.start_game(["ana", "bot"], {"bot": "standard"}, GameConfig(max_hands=2),
                             deck.seeded_rng(5, "seating"))
    play_until_person(state, deck.seeded_rng(5, state.version))
    assert state.seats[state.current_seat()].bot is None  # ana's turn
    assert not paced_step_due(state) and not play_step(state, random.Random(1))
