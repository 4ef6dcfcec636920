"""Helpers for the engine's tests: start a game with chosen seat cards and a chosen deck.

(Plain functions the tests call with their own seat cards and decks; tests/engine/conftest.py
holds the fixtures.)

Nothing here imports Flask or SQLAlchemy: the engine is tested as the pure rules core it is.
"""
from __future__ import annotations

from siete.engine import deck, rules
from siete.engine.bots import Players
from siete.engine.cards import SPANISH_DECK
from siete.engine.config import GameConfig
from siete.engine.simulate import play_game
from siete.engine.state import PLAY, GameState, RuleError

SEATED_NAMES = ["ana", "bea", "cris"]


def full_deck(first: list[str]) -> list[str]:
    """`first` on top, then every other active card in file order (a fixed, known deck)."""
    return list(first) + [c for c in SPANISH_DECK.active if c not in first]


def start_game(names: list[str], seat_cards: list[str], top: list[str] | None = None,
               config: GameConfig | None = None, bots: dict[str, str] | None = None,
               full: bool = True) -> GameState:
    """A new game, already dealt from a deck whose first cards are `top` (None: no deal)."""
    state = rules.new_game(names, config or GameConfig(), seat_cards, bots)
    if top is not None:
        rules.deal(state, full_deck(top) if full else list(top))
    return state


def bot_to_act(state: GameState) -> int | None:
    """The seat whose turn it is, if a bot plays it."""
    if state.phase != PLAY or state.turn is None:
        return None
    seat = state.order[state.turn]
    return None if state.seats[seat].bot is None else seat


def can_bet(state: GameState, seat: int, amount: int) -> bool:
    """Whether the rules let `seat` bet `amount` now."""
    try:
        rules.verify_bet(state, seat, amount)
    except RuleError:
        return False
    return True


def play_seated(profiles: list[str], players: Players, seed: int = 3) -> dict:
    """A 12-hand game of three seats with these profiles, as data without the seats' bot names
    (two games compare equal when every move in them was the same)."""
    state = play_game(SEATED_NAMES, dict(zip(SEATED_NAMES, profiles)), GameConfig(max_hands=12),
                      deck.seeded_rng(seed, 0), players=players)
    data = state.to_dict()
    for seat in data["seats"]:
        seat.pop("bot")
    return data
