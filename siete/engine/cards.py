"""The Spanish deck: card ids, game values and suit priority (RULES.md R1).

The cards a game is dealt from are a value (CardSet) the engine is given, never read here:
the app and the CLI hand it a CardsFile (siete/data/cards_file.py) that reads cards.xml on the first deal.
"""
from __future__ import annotations

from typing import Final, NamedTuple

SUITS = ("Oros", "Copas", "Espadas", "Bastos")  # R1.4 priority, highest first
# totals are kept in half points so that 7½ is the integer 15 (Final: compiled code inlines it)
SEVEN_HALF: Final = 15
SEVEN_HALF_POINTS = 7.5  # the same total in points, as views and records show totals


class CardSpec(NamedTuple):
    """One row of cards.xml: id like 'O01', real value 1-12, suit name, dealt or not."""

    id: str
    value: int
    suit: str
    active: bool


def card_id(suit: str, rank: int) -> str:
    """R1.3: the suit's initial and the two-digit rank."""
    return f"{suit[0]}{rank:02d}"


def half_value(rank: int) -> int:
    """R1.2 in half points: 1-7 are worth their rank, sota/caballo/rey ½."""
    return rank * 2 if rank <= 7 else 1


def spanish_deck() -> list[CardSpec]:
    """All 48 cards in deck order (oros 1..12, copas, espadas, bastos); 8s and 9s inactive."""
    return [CardSpec(card_id(s, r), r, s, r not in (8, 9)) for s in SUITS for r in range(1, 13)]


class CardSet:
    """The cards a game is dealt from, with fast lookups by id."""

    def __init__(self, specs: list[CardSpec]):
        self.specs = {c.id: c for c in specs}
        self.deck_order = {c.id: i for i, c in enumerate(specs)}
        self.active = tuple(c.id for c in specs if c.active)
        self.active_set = frozenset(self.active)
        self.half = {c.id: half_value(c.value) for c in specs}
        self.rank = {c.id: c.value for c in specs}
        self.suit_priority = {c.id: SUITS.index(c.suit) for c in specs}
        # How many active cards are worth each half value (0 to 15), and all of them with
        # their sum: the counts a bot starts each hand from (bot_views.HandMemory).
        counts = [0] * (SEVEN_HALF + 1)
        for cid in self.active:
            counts[self.half[cid]] += 1
        self.active_half_list = tuple(counts)
        self.active_half_total = (len(self.active), sum(self.half[c] for c in self.active))

    def is_active(self, cid: str) -> bool:
        spec = self.specs.get(cid)
        return spec is not None and spec.active

    def seat_key(self, cid: str) -> tuple[int, int]:
        """R3.2 sort key: higher rank first, then suit priority (oros first)."""
        return (-self.rank[cid], self.suit_priority[cid])


def points(half: int) -> int | float:
    """Half points back to the game's numbers: 15 -> 7.5, 14 -> 7 (an int when whole)."""
    return half // 2 if half % 2 == 0 else half / 2


# The deck RULES.md R1 describes (cards.xml ships exactly this one): what a GameConfig deals
# from unless it is given the cards of another file.
SPANISH_DECK = CardSet(spanish_deck())
