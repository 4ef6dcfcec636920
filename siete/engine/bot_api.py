"""The interface for bots written outside the engine (docs/bots.md): a class with two methods,
bet(view) and wants_card(view), and the read-only view of the table they decide on.

The view holds what a person in the seat may see (R4.2): its own cards, everything face up,
who stood or bust, and how many cards of each value it has not seen. It is a copy: a bot that
changes it changes nothing of the game.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from siete.engine.bot_views import HandMemory, bot_view
from siete.engine.state import BUST, STOOD, GameState
from siete.engine.views import visible_cards

MIN_BET = 1  # R4.4


@dataclass(frozen=True, slots=True)
class OtherSeat:
    """Another seat playing this hand, as the deciding seat sees it."""

    seat: int
    name: str
    is_bank: bool
    points: int
    bet: int  # 0 for the bank and for a punter that has not bet yet
    cards: tuple[str | None, ...]  # None: a punter's face-down first card
    shown_total: float  # the total of its face-up cards, in points (7.5 is 7½)
    stood: bool
    bust: bool


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What the deciding seat knows, in points (7.5 is 7½) and card names (cards.py)."""

    seat: int
    hand: int  # the hand's number in the game, from 1
    is_bank: bool
    cards: tuple[str, ...]  # its own cards, the face-down first one included
    values: tuple[float, ...]  # what each of its cards is worth (R1.2)
    total: float
    points: int  # what it holds, its stake not counted
    initial_points: int
    min_bet: int
    max_bet: int
    deck_count: int  # cards left in the deck
    others: tuple[OtherSeat, ...]  # the other seats of this hand, bank first, in turn order
    unseen: dict[float, int]  # value -> how many cards of that value it has not seen


class Bot(Protocol):
    """A bot: how much to bet as a punter, and whether to take another card."""

    def bet(self, view: PlayerView) -> int: ...

    def wants_card(self, view: PlayerView) -> bool: ...


def player_view(state: GameState, seat: int, memory: HandMemory | None = None) -> PlayerView:
    """The view `seat` decides on in a hand in play, built from what it has seen."""
    seen = bot_view(state, seat, True, memory)  # the unseen cards by value, in half points
    present = state.config.cards.active_half_list  # which values the deck has any of
    unseen = {value / 2: seen.unseen[value] for value in range(len(present)) if present[value]}
    me, bank = state.seats[seat], state.order[0]
    others = tuple(_other_seat(state, index, seat) for index in state.order if index != seat)
    worth = state.config.cards.half
    return PlayerView(
        seat=seat, hand=state.hand, is_bank=seat == bank, cards=tuple(me.cards),
        values=tuple(worth[card] / 2 for card in me.cards), total=me.total / 2, points=me.points,
        initial_points=state.config.initial_points, min_bet=MIN_BET, max_bet=seen.max_bet,
        deck_count=len(state.deck), others=others, unseen=unseen)


def _other_seat(state: GameState, index: int, viewer: int) -> OtherSeat:
    other = state.seats[index]
    cards = tuple(visible_cards(state, index, viewer))
    half = state.config.cards.half
    return OtherSeat(
        seat=index, name=other.name, is_bank=index == state.order[0], points=other.points,
        bet=other.bet, cards=cards, shown_total=sum(half[c] for c in cards if c is not None) / 2,
        stood=other.status == STOOD, bust=other.status == BUST)
