"""The odds solver's view of the other punters' face-down cards: the chances they leave for
the deck's next card, for each of them and for a run of cards to a total.

Face-down cards (R4.2). Each other punter whose first card is face down holds one unseen card.
A punter who stood did not bust (R4.5), so its card is worth at most 15 half points minus what
it shows. The seat knows nothing else about it: every way of giving the unseen cards to the
face-down places that fits those caps is equally likely, and the other unseen cards are the
deck, in a random order. The caps are nested sets ("worth at most c"), so the fitting ways are
counted in closed form: sorted by cap, the j-th card (from 0) has A(c_j) - j choices, where
A(c) is the number of unseen cards worth at most c. A punter still to play shows nothing and
its cap (7½) excludes no card.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Final

from siete.engine.odds_cards import KEY_BITS, SEVEN_HALF, VALUES, counts_below, fitting_classes


def _ways(limits: tuple[int, ...], below: list[int], taken: int = len(VALUES)) -> int:
    """The ways to give distinct unseen cards to face-down places with these limits (each:
    the classes below it fit), sorted ascending; `below[l]` counts the unseen cards of the
    classes under l, less one if a card of class `taken` is taken out."""
    ways = 1
    for j, limit in enumerate(limits):
        choices = below[limit] - (limit > taken) - j
        if choices <= 0:
            return 0
        ways *= choices
    return ways


# _ways_without's answers by caps and `below` (about 400 bytes each), forgotten in one go when
# full: the same unseen cards meet the same caps in the searches of many contexts (about half
# the asks in an expert's game are found here).
WAYS_KEPT: Final = 50_000
# The memos below are keyed by whole numbers, not tuples: a dict of numbers and floats is no
# work for the garbage collector, while tuple keys made its full passes walk every entry.
# Typed `object`: a key held as an object is boxed once for its lookup and its write, where
# the compiled engine boxes an `int` into a new Python int at each use.
_WAYS: Final[dict[object, tuple[int, ...]]] = {}


def caps_key(limits: Sequence[int]) -> int:
    """One int for sorted caps (each 1 to 8 classes, so no nibble is 0): 4 bits each."""
    key = 0
    for limit in limits:
        key = key << 4 | limit
    return key


def _ways_without(limits: tuple[int, ...], caps: int, below: list[int]) -> tuple[int, ...]:
    """_ways(limits, below, i) for every class i at once, kept (`caps`: caps_key(limits))."""
    # the caps above the counts of each class (the steps of `below`), as counts_key packs
    # them: 60 bits with up to 3 caps, a machine word for the compiled engine
    key = caps
    for i in range(1, len(below)):
        key = key << KEY_BITS | below[i] - below[i - 1]
    memo_key: object = key
    found = _WAYS.get(memo_key)
    if found is None:
        if len(_WAYS) >= WAYS_KEPT:
            _WAYS.clear()
        found = _WAYS[memo_key] = _count_ways_without(limits, below)
    return found


def _count_ways_without(limits: tuple[int, ...], below: list[int]) -> tuple[int, ...]:
    """_ways(limits, below, i) for every class i at once: the places whose limit is above i
    lose one choice, so a product of the untouched choices up to the split times the
    lessened ones after it."""
    choices = [below[limit] - j for j, limit in enumerate(limits)]
    before = [1]
    for choice in choices:
        before.append(before[-1] * (choice if choice > 0 else 0))
    after = [1] * (len(choices) + 1)
    for j in range(len(choices) - 1, -1, -1):
        after[j] = after[j + 1] * (choices[j] - 1 if choices[j] > 1 else 0)
    ways, split = [], 0
    for i in range(len(VALUES)):
        while split < len(limits) and limits[split] <= i:
            split += 1
        ways.append(before[split] * after[split])
    return tuple(ways)


Composition = tuple[int, int, tuple[tuple[int, int], ...], tuple[int, ...]]


def _compositions(total: int) -> tuple[Composition, ...]:
    """Every multiset of card values adding up to exactly `total` half points, each as (its
    orderings, its number of cards, its (class, count) pairs, and how many of its cards are
    of the classes under l, for l from 0 to 8)."""
    found: list[Composition] = []

    def extend(i: int, left: int, parts: list[tuple[int, int]]) -> None:
        if left == 0:
            cards = sum(count for _, count in parts)
            orderings = math.factorial(cards)
            for _, count in parts:
                orderings //= math.factorial(count)
            taken = [0] * len(VALUES)
            for j, count in parts:
                taken[j] = count
            found.append((orderings, cards, tuple(parts), tuple(counts_below(taken))))
            return
        for j in range(i, len(VALUES)):
            for count in range(1, left // VALUES[j] + 1):
                extend(j + 1, left - count * VALUES[j], parts + [(j, count)])

    extend(0, total, [])
    return tuple(found)


COMPOSITIONS: Final = tuple(_compositions(total) for total in range(SEVEN_HALF + 1))
# FALLING[r][m] = r (r-1) ... (r-m+1): the ordered ways to take m of r cards
FALLING: Final = tuple(tuple(math.perm(r, m) for m in range(SEVEN_HALF + 1))
                       for r in range(1 << KEY_BITS))
FALLING_FLOAT: Final = tuple(tuple(float(f) for f in row) for row in FALLING)  # rounded once each


# exact_total_chance's answers for every search (about 150 bytes each), forgotten in one go
# when full: a dict read and written by the web's threads at once stays whole in CPython.
SEVENS_KEPT: Final = 100_000
_SEVENS: Final[dict[object, float]] = {}


# kept_next_card's answers (about 250 bytes each), forgotten in one go when full
NEXT_CARDS_KEPT: Final = 100_000
_NEXT_CARDS: Final[dict[object, tuple[float, ...]]] = {}


def clear_card_memos() -> None:
    """Forget exact_total_chance's, kept_next_card's and _ways_without's kept answers."""
    _SEVENS.clear()
    _NEXT_CARDS.clear()
    _WAYS.clear()


class FaceDown:
    """The other punters' face-down cards, as the seat deciding knows them: each one's cap."""

    __slots__ = ("limits", "count", "free", "caps", "rests", "rest_caps")

    def __init__(self, shown: Iterable[int]):
        self.limits = tuple(sorted(fitting_classes(s) for s in shown))
        self.count = len(self.limits)
        # no cap excludes a card: then every unseen card is equally likely to be anywhere
        self.free = all(limit == len(VALUES) for limit in self.limits)
        self.caps = caps_key(self.limits)  # the memos' part of their keys
        # by a cap: the other caps, once that one's card is taken (card_chances), and their
        # caps_key
        self.rests: dict[int, tuple[int, ...]] = {}
        self.rest_caps: dict[int, int] = {}
        for limit in self.limits:
            rest = list(self.limits)
            rest.remove(limit)
            self.rests[limit] = tuple(rest)
            self.rest_caps[limit] = caps_key(rest)

    def fits(self, counts: Sequence[int]) -> bool:
        """Some way of dealing the face-down cards from `counts` fits every cap (any sequence:
        odds_position.py asks it with the position's tuple)."""
        return _ways(self.limits, counts_below(list(counts))) > 0

    def next_card(self, counts: list[int]) -> tuple[float, ...]:
        """The chance that the deck's next card is of each class, the deck holding the unseen
        cards that are not face down: class x's cards times the ways the face-down cards fit
        without one of them, over the ways they fit times the deck's size."""
        n = sum(counts)
        if self.free:
            return tuple(count / n for count in counts)
        limits, below = self.limits, counts_below(counts)
        scale = _ways(limits, below) * (n - self.count)
        ways = _ways_without(limits, self.caps, below)
        chances = []  # a loop, not a generator: the compiled engine builds that as an object
        for i, count in enumerate(counts):
            chances.append(count * ways[i] / scale)
        return tuple(chances)

    def kept_next_card(self, counts: list[int], key: int) -> tuple[float, ...]:
        """next_card, kept by counts (`key`: counts_key) and caps for every search: the
        punter's and the bank's searches of a hand, and later hands, meet the same unseen
        cards under the same caps (about half the asks in an expert's game)."""
        memo_key: object = self.caps << (KEY_BITS * len(VALUES)) | key
        found = _NEXT_CARDS.get(memo_key)
        if found is None:
            if len(_NEXT_CARDS) >= NEXT_CARDS_KEPT:
                _NEXT_CARDS.clear()
            found = _NEXT_CARDS[memo_key] = self.next_card(counts)
        return found

    def card_chances(self, counts: list[int], limit: int) -> tuple[float, ...]:
        """The chance that one face-down card, whose cap lets `limit` classes fit, is of each
        class: the others fit with one card of that class taken, as a share of all fits."""
        return self.cards_chances(counts, (limit,))[0]

    def cards_chances(self, counts: list[int], limits: tuple[int, ...]
                      ) -> tuple[tuple[float, ...], ...]:
        """card_chances for each of `limits` at once, the fits of all caps counted once."""
        if self.free:
            n = sum(counts)
            chances = tuple(count / n for count in counts)
            return tuple(chances for _ in limits)
        below = counts_below(counts)
        total = _ways(self.limits, below)
        found = []  # loops, not generators: the compiled engine builds those as objects
        for limit in limits:
            ways = _ways_without(self.rests[limit], self.rest_caps[limit], below)
            card: list[float] = []
            for i, count in enumerate(counts):
                card.append(count * ways[i] / total if i < limit else 0.0)
            found.append(tuple(card))
        return tuple(found)

    def exact_total_chance(self, counts: list[int], total: int, key: int = -1) -> float:
        """_exact_total_chance, kept by counts (`key`: counts_key), total and caps for every
        search: the same unseen cards come back hand after hand."""
        if key < 0:
            return self._exact_total_chance(counts, total)
        memo_key: object = (self.caps << (KEY_BITS * len(VALUES)) | key) << 4 | total
        found = _SEVENS.get(memo_key)
        if found is None:
            if len(_SEVENS) >= SEVENS_KEPT:
                _SEVENS.clear()
            found = _SEVENS[memo_key] = self._exact_total_chance(counts, total)
        return found

    def _exact_total_chance(self, counts: list[int], total: int) -> float:
        """The chance that the deck's next cards add up to exactly `total` half points (by
        any cards, in any order): a run of m cards of counts D comes first with chance
        prod(falling(r_x, D_x)) * fits(R - D) / (fits(R) * falling(deck, m))."""
        n = sum(counts)
        deck = n - self.count
        chance = 0.0
        if self.free:  # then fits(R - D) / fits(R) / falling(deck, m) is 1 / falling(n, m)
            falling, whole = FALLING_FLOAT, FALLING_FLOAT[n]
            for orderings, cards, parts, _ in COMPOSITIONS[total]:
                if cards <= deck:
                    runs = float(orderings)
                    for i, count in parts:
                        runs *= falling[counts[i]][count]
                    chance += runs / whole[cards]
            return chance
        limits, below = self.limits, counts_below(counts)
        for orderings, cards, parts, taken in COMPOSITIONS[total]:
            if cards > deck:
                continue
            for i, count in parts:
                orderings *= FALLING[counts[i]][count]
            if not orderings:  # a class has fewer cards than the run needs
                continue
            for j, limit in enumerate(limits):
                orderings *= max(0, below[limit] - taken[limit] - j)
            chance += orderings / FALLING[deck][cards]
        ways = _ways(limits, below)  # none: the caps fit no cards, nor can any run come
        return chance / ways if ways else 0.0

    def card_chance(self, counts: list[int], limit: int, i: int) -> float:
        """card_chances(counts, limit)[i] alone."""
        count = counts[i]
        if not count or i >= limit:
            return 0.0
        if self.free:
            return count / sum(counts)
        below = counts_below(counts)  # the other caps: `rests`, made once for each
        return count * _ways(self.rests[limit], below, i) / _ways(self.limits, below)
