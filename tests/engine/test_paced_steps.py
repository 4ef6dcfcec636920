"""Paced play (#25): bots' moves played one step at a time, each step with the random stream
taken up where the last one left it (random_stream.resumed_rng), come out exactly as one straight run
of play_until_person does: the same cards, bets and results, however the steps are split."""
from __future__ import annotations

import random

import pytest

from siete.engine import deck, moves, random_stream, rules
from siete.engine.bots import paced_step_due, play_step, play_until_person, run_bots
from siete.engine.codes import Event
from siete.engine.config import GameConfig
from siete.engine.records import STAND_AT_SEVEN_HALF, LogEvent
from siete.engine.state import DEAL, OVER, PLAY, PLAYING, STOOD, GameState
from tests.engine.engine_helpers import start_game

PROFILES = ("standard", "cautious", "bold", "expert")
B, C = 1, 2  # seats b and c of _seven_at_stake (a holds the bank)


def _table(seed: int) -> GameState:
    names = [f"bot{i}" for i in range(5)]
    bots = {name: PROFILES[i % len(PROFILES)] for i, name in enumerate(names)}
    return rules.start_game(names, bots, GameConfig(max_hands=6), deck.seeded_rng(seed, "seating"))


def _straight(seed: int) -> tuple[GameState, list[int]]:
    state, hands = _table(seed), []
    play_until_person(state, deck.seeded_rng(seed, state.version),
                      lambda s, hand: hands.append(hand.number))
    return state, hands


def _stepped(seed: int) -> tuple[GameState, list[int], int]:
    """One step per call, each with a fresh source resumed from the words the last one used,
    and the state through JSON between steps, as the web's requests and worker do."""
    state, hands, steps = _table(seed), [], 0
    state.bot_stream = [state.version, 0]
    cards = state.config.cards
    while True:
        origin, words = state.bot_stream
        rng = random_stream.resumed_rng(seed, origin, words)
        if not play_step(state, rng, lambda s, hand: hands.append(hand.number)):
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
    used = random_stream.resumed_rng("s", 3, 0)
    used.random(), used.getrandbits(7), used.getrandbits(159), used.shuffle(list(range(40)))
    resumed = random_stream.resumed_rng("s", 3, used.words)
    assert [resumed.random() for _ in range(5)] == [used.random() for _ in range(5)]
    assert random_stream.resumed_rng("s", 3, 0).random() == random.Random("s:3").random()


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


def _seven_at_stake(bot: str = "bold") -> GameState:
    """b (a bot, first punter) holds a face-down 7 and the bank shows a 7: b bets and draws
    (its total is no more than the bank's) the figure on top of the deck, which makes 7½."""
    state = start_game(["a", "b", "c"], ["O12", "O11", "O10"], ["O07", "O04", "E07", "C10"],
                       bots={"a": "bold", "b": bot, "c": "bold"})
    state.bot_stream = [state.version, 0]
    return state


def _step(state: GameState) -> tuple[int, int]:
    """One paced step from the state's stream: (versions it moved, random words it used)."""
    origin, words = state.bot_stream
    rng = random_stream.resumed_rng(1, origin, words)
    before = state.version
    assert play_step(state, rng)
    state.bot_stream = [origin, rng.words]
    return state.version - before, rng.words - words


def test_r4_2_a_punter_s_draw_to_7_and_a_half_and_the_stand_it_makes_are_two_paced_steps():
    """R4.6 stands for b, but not in the step of its draw: a step that drew and stood would
    tell everyone watching that b's face-down card makes 7½, where a stand by choice is a
    step of its own. The stand uses no randomness, as when it comes with the draw unpaced."""
    paced, straight = _seven_at_stake(), _seven_at_stake()
    assert _step(paced)[0] == 1 and paced.seats[B].bet  # b bets
    assert _step(paced)[0] == 1  # b draws the figure: 7½, and it is still b's turn
    assert paced.current_seat() == B and paced.seats[B].status == PLAYING
    assert paced.seats[B].total == 15 and rules.seven_half_stand_due(paced)
    assert paced.log[-1] == LogEvent(Event.DRAW, B, "C10")
    assert _step(paced) == (1, 0)  # the stand: one version, no random word
    assert paced.log[-1] == LogEvent(Event.STAND, B) and paced.seats[B].actions[-1] == STAND_AT_SEVEN_HALF
    assert paced.current_seat() == C and not rules.seven_half_stand_due(paced)
    GameState.from_dict(paced.to_dict(), paced.config.cards)  # (saved between the steps too)
    straight.bot_stream = None
    run_bots(straight, random_stream.resumed_rng(1, straight.version, 0))  # unpaced: the hand at once
    while paced.phase == PLAY:
        _step(paced)
    paced.bot_stream = None
    assert paced.to_dict() == straight.to_dict()  # the same moves and hand, made later


def test_a_person_back_at_7_and_a_half_stands_at_once():
    """b was away (its bot drew to 7½ in a paced step): back, b holds the turn at 7½ no more
    than a person who draws to it does (R4.6); R4.6's stand follows the return at once."""
    state = _seven_at_stake("standard")
    state.seats[B].away = True
    _step(state), _step(state)
    assert rules.seven_half_stand_due(state)
    before = state.version
    moves.come_back(state, B)
    assert state.version == before + 2 and state.log[-2:] == [LogEvent(Event.BACK, B), LogEvent(Event.STAND, B)]
    assert state.seats[B].status == STOOD and state.seats[B].actions[-1] == STAND_AT_SEVEN_HALF
    assert state.current_seat() == C and state.seats[B].bot is None
