"""Property tests: random games must keep every invariant of RULES.md at every step.

Two drivers: hypothesis picks each move among the legal ones, or seeded bots of random
profiles play. After every applied action the checks in `check_invariants` run.
"""
from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from siete.engine import bots, deck, rules
from siete.engine.bot_views import HandMemory, bot_view
from siete.engine.cards import SPANISH_DECK
from siete.engine.codes import Event
from siete.engine.config import GameConfig
from siete.engine.records import STAND_AT_SEVEN_HALF
from siete.engine.state import BUST, OVER, PLAY, GameState, max_bet
from siete.engine.views import table_view, visible_cards
from tests.engine.engine_helpers import bot_to_act

ACTIVE = SPANISH_DECK.active
SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def hidden_cards(state: GameState, viewer: int | None) -> set[str]:
    """The first cards R4.2 hides from `viewer` right now."""
    if state.phase != PLAY:
        return set()
    return {s.cards[0] for i, s in enumerate(state.seats)
            if i not in (viewer, state.bank) and s.cards and s.status != BUST}


def check_views(state: GameState) -> None:
    """R4.2: no view names a card hidden from its viewer (last_hand is the previous hand).

    The view's log is facts with card ids, so its sentences (siete/i18n/words.py) can only name a
    card whose id is here; tests/i18n/test_i18n_words.py checks the one fact that is not a card (7½).
    """
    for viewer in [None, *range(len(state.seats))]:
        view = dataclasses.replace(table_view(state, viewer), last_hand=None)
        text = json.dumps(dataclasses.asdict(view))
        for card in hidden_cards(state, viewer):
            assert card not in text, (viewer, card)


def reference_bot_view(state: GameState, seat: int) -> tuple[list[int], int, int, list]:
    """bot_view's card counts rebuilt the slow, obvious way from R4.2's visible_cards."""
    half = SPANISH_DECK.half
    unseen = [0] * 16  # by half value, 0 to 15
    for card in SPANISH_DECK.active:
        unseen[half[card]] += 1
    standing = []
    for i in state.order:
        cards = visible_cards(state, i, seat)
        for card in cards:
            if card is not None:
                unseen[half[card]] -= 1
        if i != state.bank and state.seats[i].status == "stood":
            standing.append((sum(half[c] for c in cards if c), cards.count(None)))
    weight = sum(value * n for value, n in enumerate(unseen))
    return unseen, sum(unseen), weight, standing


def check_invariants(state: GameState, dealt: list[str], views: bool = True) -> None:
    players = len(state.seats)
    assert state.conserved_total() == players * state.config.initial_points  # R2.4
    assert all(s.points >= 0 and s.stake >= 0 for s in state.seats)
    if state.hand:  # R1.5: every card of the hand comes from its deck, none twice
        in_hands = [c for s in state.seats for c in s.cards]
        assert len(set(in_hands)) == len(in_hands)
        assert sorted(in_hands + state.deck) == sorted(dealt)
    for pos, i in enumerate(state.order):
        seat = state.seats[i]
        if pos and seat.bet:  # R4.4 against the points held when the hand began
            assert 1 <= seat.bet <= max_bet(seat.points_start)
    assert state.hand <= state.config.max_hands  # R7.1
    copy = GameState.from_dict(json.loads(json.dumps(state.to_dict())), SPANISH_DECK)
    assert copy == state
    if views:
        check_views(state)


def public_steps(state: GameState) -> int:
    """The moves every seat has seen this hand: its bets, draws and stands (R4.2)."""
    return sum(1 for event in state.log if event.event in (Event.BET, Event.DRAW, Event.STAND))


def legal_actions(state: GameState) -> list[tuple[str, int | None]]:
    seat = state.current_seat()
    actions = [("bet", n) for n in rules.legal_bets(state, seat)]
    if rules.can_draw(state, seat):
        actions.append(("draw", None))
    if rules.can_stand(state, seat):
        actions.append(("stand", None))
    return actions


def new_game(data: st.DataObject, max_hands: int) -> GameState:
    players = data.draw(st.integers(2, 8), label="players")
    config = GameConfig(initial_points=data.draw(st.integers(1, 30), label="points"),
                        max_hands=data.draw(st.integers(1, max_hands), label="hands"))
    seat_cards = data.draw(st.permutations(ACTIVE), label="seat cards")[:players]
    return rules.new_game([f"p{i}" for i in range(players)], config, seat_cards)


@pytest.mark.slow  # 60 games of random legal moves
@SETTINGS
@given(st.data())
def test_random_legal_moves_keep_the_invariants(data):
    state = new_game(data, max_hands=6)
    dealt: list[str] = []
    steps = 0
    while state.phase != OVER:
        if state.phase != PLAY:
            dealt = deck.shuffled_deck(SPANISH_DECK, random.Random(data.draw(st.integers(0, 2**32), label="deck")))
            if data.draw(st.booleans(), label="short deck"):  # R4.8: decks may run out
                dealt = dealt[:len(state.order) + data.draw(st.integers(0, 6), label="extra")]
            rules.deal(state, dealt)
            dealt_at = state.version
        else:
            actions = legal_actions(state)
            assert actions and (("stand", None) in actions or actions[0][0] == "bet")
            verb, amount = data.draw(st.sampled_from(actions), label="move")
            before = state.version
            seat = state.current_seat()
            if verb == "bet":
                rules.bet(state, seat, amount)
            else:
                getattr(rules, verb)(state, seat)
            stood_at_seven_half = state.seats[seat].actions[-1:] == [STAND_AT_SEVEN_HALF]
            assert state.version == before + 1 + (verb == "draw" and stood_at_seven_half)
            # R4.2: the version is a function of the public log (a stand at 7½ is a stand)
            assert state.version - dealt_at == public_steps(state)
        check_invariants(state, dealt)
        steps += 1
        assert steps < 6 * 60  # every hand ends: at most 8 seats x (bet + 40 cards)
    assert state.winner is not None and not state.seats[state.winner].out


@pytest.mark.slow  # 40 whole bot games
@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 8), seed=st.integers(0, 2**32),
       profiles=st.lists(st.sampled_from(sorted(bots.PROFILES)), min_size=8, max_size=8),
       max_hands=st.integers(1, 30), points=st.integers(1, 40))
def test_bot_games_keep_the_invariants(players, seed, profiles, max_hands, points):
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(players)]
    state = rules.new_game(names, GameConfig(max_hands=max_hands, initial_points=points),
                           deck.draw_seat_cards(SPANISH_DECK, rng, players), dict(zip(names, profiles)))
    dealt: list[str] = []
    memory = HandMemory(SPANISH_DECK)  # kept across moves and hands, as run_bots keeps one
    while state.phase != OVER:
        if state.phase != PLAY:
            dealt = deck.shuffled_deck(SPANISH_DECK, rng)
            rules.deal(state, dealt)
        else:
            for seat in state.order:  # every seat's view, not only the one whose turn it is
                view = bot_view(state, seat, True, memory)
                # the view read incrementally from the log agrees with the obvious one
                assert ((view.unseen, view.unseen_count, view.unseen_weight, view.standing)
                        == reference_bot_view(state, seat))
                assert view == bot_view(state, seat)  # and with a memory read afresh
                assert view.total == state.seats[seat].total
                assert view.max_bet == max_bet(view.points)
            bots.bot_step(state, bot_to_act(state), rng)
        # views are checked on a sample of steps only, to keep the file fast
        check_invariants(state, dealt, views=state.version % 7 == 0)
    assert state.hand <= max_hands
    best = max(s.points for s in state.seats)
    assert state.seats[state.winner].points == best  # R7.2
