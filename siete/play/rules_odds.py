"""The rules page's table of bust chances by total, worked out by the odds solver.

For each total a punter may hold with a decision to make (½ to 7), the hand that makes it is
one card of that value, with a figure (½) for a half: 5½ is a 5 and a figure. The chance
that the next card busts that hand is the solver's `bust_next` for the punter holding it,
averaged over every card the bank may show (each equally likely): the same as drawing from
the full deck without the punter's cards. Computed once per deck and kept.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from siete.engine.cards import SEVEN_HALF, CardSet
from siete.engine.odds import odds
from siete.engine.odds_position import punter_position
from siete.i18n.words import half_points
from siete.play.odds_panel import percent

FIGURE = 1  # a figure's half points (R1.2)


@dataclass(frozen=True, slots=True)
class BustChance:
    """One row: a total (half points), the cards that make it, and the chance to bust next."""

    total: int
    cards: tuple[str, ...]
    bust_next: float


def hand_for(cards: CardSet, total: int) -> tuple[str, ...] | None:
    """One card of the total's whole value, and a figure for its half; None if the deck has
    no such cards."""
    whole, half = total - total % 2, total % 2
    wanted = ([whole] if whole else []) + ([FIGURE] if half else [])
    hand: list[str] = []
    for value in wanted:
        card = next((c for c in cards.active if cards.half[c] == value and c not in hand), None)
        if card is None:
            return None
        hand.append(card)
    return tuple(hand)


def bust_chance(cards: CardSet, hand: tuple[str, ...]) -> float:
    """The solver's chance that the next card busts `hand`, over every card the bank may show."""
    left = [c for c in cards.active if c not in hand]
    by_value: Counter[int] = Counter(cards.half[c] for c in left)
    shown = {cards.half[c]: c for c in reversed(left)}  # one card of each value for the bank
    chance = sum(count * odds(punter_position(cards, hand, [shown[value]])).bust_next
                 for value, count in by_value.items())
    return chance / len(left)


@lru_cache(maxsize=4)
def bust_table(cards: CardSet) -> tuple[BustChance, ...]:
    """Every total from ½ to 7 the deck can make, with its chance to bust on the next card."""
    rows = []
    for total in range(1, SEVEN_HALF):
        hand = hand_for(cards, total)
        if hand is not None:
            rows.append(BustChance(total, hand, bust_chance(cards, hand)))
    return tuple(rows)


@dataclass(frozen=True, slots=True)
class BustRow:
    """A row of the rules page's table, in the reader's language."""

    total: int
    total_label: str  # 5½
    cards: tuple[str, ...]
    chance: float
    chance_label: str  # 50.0% / 50,0 %


def bust_rows(cards: CardSet) -> list[BustRow]:
    """bust_table's rows with their words, for the rules page."""
    return [BustRow(row.total, half_points(row.total), row.cards, row.bust_next,
                    percent(row.bust_next)) for row in bust_table(cards)]
