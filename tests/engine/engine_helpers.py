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
from siete.engine.records import HandRecord, TurnRecord
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


def heads_up_hand(punter: dict, bank: dict, number: int = 1) -> HandRecord:
    """A settled heads-up hand as a review test writes it: seat 0 holds the bank, seat 1 plays;
    each turn in its JSON form (actions, result) and needing only what the review reads
    (points_start, bet, cards, actions, result, timed_out), the rest filled in from it."""
    turns = (_turn({"seat": 0, "position": 0, "points_start": 20, "bet": None, **bank}),
             _turn({"seat": 1, "position": 1, **punter}))
    stood = any(action[0] == "stand" for action in bank["actions"])
    return HandRecord.from_json({
        "number": number, "bank": 0, "order": [0, 1], "bank_total": turns[0].total,
        "bank_result": "stood" if stood else "did_not_play", "turns": [t.to_json() for t in turns],
        "results": [[1, punter["result"]]], "eliminated": [], "next_bank": 0})


def _turn(fields: dict) -> TurnRecord:
    cards = fields["cards"]
    return TurnRecord.from_json({"points_end": fields["points_start"], "first_card": cards[0],
                                 "total": sum(SPANISH_DECK.half[c] for c in cards), **fields})


def play_seated(profiles: list[str], players: Players, seed: int = 3) -> dict:
    """A 12-hand game of three seats with these profiles, as data without the seats' bot names
    (two games compare equal when every move in them was the same)."""
    state = play_game(SEATED_NAMES, dict(zip(SEATED_NAMES, profiles)), GameConfig(max_hands=12),
                      deck.seeded_rng(seed, 0), players=players)
    data = state.to_dict()
    for seat in data["seats"]:
        seat.pop("bot")
    return data
