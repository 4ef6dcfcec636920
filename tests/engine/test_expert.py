"""The expert bot (issue 27): every decision is the odds solver's best, from its seat's view."""
from __future__ import annotations

import random

from siete.engine import bots, deck, rules
from siete.engine.bot_views import bot_view
from siete.engine.cards import SPANISH_DECK
from siete.engine.codes import Action
from siete.engine.config import GameConfig
from siete.engine.expert import view_position
from siete.engine.odds import PunterPosition, best_bet, odds
from siete.engine.odds_position import position_of
from siete.engine.state import OVER, PLAY, STOOD, max_bet
from tests.engine.engine_helpers import bot_to_act, start_game

A, B, C = 0, 1, 2


def _expert_game(seed: int, players: int):
    """A game of `players` seats, experts among the other profiles, dealt from `seed`."""
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(players)]
    profiles = ["expert"] + [rng.choice(sorted(bots.PROFILES)) for _ in range(players - 1)]
    state = rules.new_game(names, GameConfig(max_hands=8), deck.draw_seat_cards(SPANISH_DECK, rng, players),
                           dict(zip(names, profiles)))
    return state, rng


def test_every_expert_decision_is_the_solvers_best():
    """Replay many games: before each expert move, ask the solver about the position the seat
    sees (position_of reads views.visible_cards, another path than the bot's view) and check
    the move made is its best: the bet best_bet(value), then draw or stand by odds().best."""
    decisions = {"bet": 0, "draw": 0, "stand": 0, "bank": 0}
    for seed in range(30):
        state, rng = _expert_game(seed, 2 + seed % 5)
        while state.phase != OVER:
            if state.phase != PLAY:
                rules.deal(state, deck.shuffled_deck(SPANISH_DECK, rng))
                continue
            seat = bot_to_act(state)
            player = state.seats[seat]
            if player.bot != "expert":
                bots.bot_step(state, seat, rng)
                continue
            position = position_of(state, seat)
            assert view_position(bot_view(state, seat)) == position  # the view the bot reads
            answer = odds(position)
            cards_before, betting = len(player.cards), state.turn != 0 and not player.bet
            decisions["bank"] += state.turn == 0
            bots.bot_step(state, seat, rng)
            if betting:
                assert isinstance(position, PunterPosition)
                assert player.bet == best_bet(answer.value, max_bet(player.points + player.bet))
                decisions["bet"] += 1
            elif len(player.cards) > cards_before:
                assert answer.best == Action.DRAW, (seed, position)
                decisions["draw"] += 1
            else:
                assert player.status == STOOD and answer.best == Action.STAND, (seed, position)
                decisions["stand"] += 1
    assert min(decisions.values()) > 100, decisions


def _waiting_for_c():
    """a banks (a standard bot); b bet and stood on a hidden O03 + C01; c, the expert, is to
    play on its O04 against the bank's O05."""
    state = start_game(["a", "b", "c"], ["O12", "O11", "O10"], ["O03", "O04", "O05", "C01"],
                       bots={"a": "standard", "c": "expert"})
    rules.bet(state, B, 1)
    rules.draw(state, B)
    rules.stand(state, B)
    return state


def test_r4_2_the_expert_ignores_hidden_cards_and_deck_order():
    """Another face-down card for b, another deck order: the expert decides the same."""
    moves = []
    for variant in range(6):
        state = _waiting_for_c()
        if variant:
            other = ["E07", "B06", "C02", "B10"][variant % 4]
            state.seats[B].total += SPANISH_DECK.half[other] - SPANISH_DECK.half["O03"]
            state.seats[B].cards[0] = other
            state.deck.remove(other)
            state.deck.append("O03")
            random.Random(variant).shuffle(state.deck)
        made = []
        rng = random.Random(0)
        bots.bot_step(state, C, rng)  # the bet
        made.append(state.seats[C].bet)
        view = bot_view(state, C)
        made.append(view_position(view))
        made.append(bots.get_strategy("expert").wants_card(view, rng))
        moves.append(made)
    assert all(m == moves[0] for m in moves)
    position = moves[0][1]
    assert position.others == (2,) and position.hidden == 8 and position.bank == 10


def test_the_expert_stands_on_a_sure_win():
    """Holding a face-down 7 against a bank's 4 with nobody else: the standard bank counts it
    as an average card and stands on 4 (R8.2), so standing wins for sure: bet the most."""
    state = start_game(["a", "b"], ["O12", "O11"], ["O07", "O04"], bots={"b": "expert"})
    rng = random.Random(0)
    bots.bot_step(state, B, rng)
    assert state.seats[B].bet == max_bet(20)
    bots.bot_step(state, B, rng)
    assert state.seats[B].status == STOOD and state.seats[B].cards == ["O07"]
