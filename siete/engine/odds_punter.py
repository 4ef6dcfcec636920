"""The odds solver's punter search, as odds.py asks it: a punter in its turn against the
standard bank (R8.2). The recursion is odds_punter_walk.py's, the bounds that settle most
decisions without all of it odds_punter_bounds.py's; see the first for the model of memo tables.
"""
from __future__ import annotations

import threading

from siete.engine.odds_cards import Node, weight
from siete.engine.odds_punter_bounds import PunterBounds


class PunterSearch(PunterBounds):
    """A punter whose face-down card is worth `hidden`, against a bank showing `bank` that
    plays R8.2, the other face-down punters showing `others` (stood, or still to play).
    Each ask copies its counts into `_work`, which the search changes and puts back."""

    def __init__(self, hidden: int, bank: int, others: tuple[int, ...]):
        super().__init__(hidden, bank, others)
        self._busy = threading.Lock()  # one ask at a time walks `_work`

    def next_card(self, counts: list[int]) -> tuple[float, ...]:
        """The chance of each value class for the deck's next card."""
        if sum(counts) <= self.face_down.count:
            return tuple(0.0 for _ in counts)
        return self.face_down.next_card(counts)

    def node(self, total: int, counts: list[int], key: int) -> Node:
        """Standing and drawing (then playing on as well as possible) at `total`."""
        found = self.nodes.get(key << 4 | total)
        if found is None:
            with self._busy:
                self._ready(counts)
                found = self._node(total, key, sum(counts), weight(counts))
        return found

    def stand(self, total: int, counts: list[int], key: int) -> float:
        """Standing's value alone."""
        found = self.nodes.get(key << 4 | total)
        if found is not None:
            return found[0]
        with self._busy:
            self._ready(counts)
            return self._stand_value(total, key, sum(counts), weight(counts))

    def draw_bound(self, total: int, counts: list[int], key: int) -> float | None:
        """At least drawing's value, from the cards alone (None: no card to draw)."""
        found = self.nodes.get(key << 4 | total)
        if found is not None or sum(counts) <= self.face_down.count:
            return None if found is None else found[1]
        with self._busy:
            self._ready(counts)
            return self._draw_bound(total, key, sum(counts), weight(counts))

    def draw_above(self, total: int, counts: list[int], key: int,
                   threshold: float) -> bool | None:
        """Whether drawing is worth more than `threshold` (None: too close to tell without
        the whole search, or no card to draw), searching only the draws that decide it."""
        if sum(counts) <= self.face_down.count:
            return None
        with self._busy:
            self._ready(counts)
            return self._draw_above(total, key, sum(counts), weight(counts), threshold)

    def _ready(self, counts: list[int]) -> None:
        """`_work` set to `counts` (the caller holds `_busy`)."""
        self._work[:] = counts
