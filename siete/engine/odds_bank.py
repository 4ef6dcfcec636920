"""The odds solver's bank search: the bank in its turn, playing as well as possible against the
punters who stood (R4.9), each face-down card as likely as what the bank has seen allows.

Memoized, like odds_punter.py, on the counts of unseen cards by value class and the bank's
total, within a context of the standers and their stakes. Values are points for the bank over
all the stakes (R5; R5.6's purse aside). See odds.py for the model.
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Final

from siete.engine.odds_cards import CLASS_OF, CLASSES, SEVEN_HALF, SLACK, VALUES, FaceDown, Node

BUST: Final = SEVEN_HALF + 1  # a bank total standing for any bust
Value = Callable[[int, int, int], float]  # (bank total, key, unseen cards)
# a search's functions over one list of counts: node, stand, stand_next, draw_bound
_Walk = tuple[Callable[[int, int, int], Node], Value, Value, Value]


def _stand_gains(shown: int) -> tuple[tuple[float, ...], ...]:
    """What the bank gains from one unit of a stake on `shown` plus each class of face-down
    card, when the bank ends on each total (BUST for a bust)."""
    rows = []
    for bank_total in range(BUST + 1):
        row = []
        for card in VALUES:
            mine = shown + card
            paid = 2.0 if mine == SEVEN_HALF else 1.0  # R5.5
            if bank_total > SEVEN_HALF:  # R5.1
                row.append(-paid)
            elif bank_total == SEVEN_HALF or mine <= bank_total:  # R5.2, R5.3
                row.append(1.0)
            else:
                row.append(-paid)
        rows.append(tuple(row))
    return tuple(rows)


# _stand_gains for every face-up total a stander can show (under 7½), worked out once: a new
# bank search is built for every new set of standers and stakes, about twice a hand.
STAND_GAINS: Final = tuple(_stand_gains(shown) for shown in range(SEVEN_HALF))


class BankSearch:
    """The bank against punters who stood, each (face-up total, stake); the cards it has not
    seen are the deck and their face-down cards."""

    def __init__(self, standing: tuple[tuple[int, int], ...]):
        self.face_down = FaceDown(shown for shown, _ in standing)
        stakes: dict[int, int] = {}
        for shown, stake in standing:  # punters showing the same total are alike to the bank
            stakes[shown] = stakes.get(shown, 0) + stake
        # each group's stake, gains, the classes its face-down card may be, and the class
        # that gives it 7½ (none: len(VALUES))
        self.groups = [(stake, STAND_GAINS[shown], FaceDown([shown]).limits[0],
                        CLASS_OF.get(SEVEN_HALF - shown, len(VALUES)))
                       for shown, stake in sorted(stakes.items())]
        self.staked = float(sum(stakes.values()))
        self.nodes: dict[int, Node] = {}  # key << 4 | bank total: both values, in full
        self.values: dict[int, float] = {}  # key << 4 | bank total: the best value
        self.stand_values: dict[int, float] = {}  # key << 5 | bank total (BUST included)
        self.chances: dict[int, tuple[float, ...]] = {}
        self.card_chances: dict[int, tuple[tuple[float, ...], ...]] = {}  # each group's, by key
        self._work = [0] * len(VALUES)  # the counts the walk's functions change and put back
        self._walker: _Walk | None = None  # built once: its closures cost more than most asks
        self._busy = threading.Lock()  # one ask at a time walks `_work`

    def size(self) -> int:
        """The memo entries held (odds.py bounds the memory by them)."""
        return (len(self.nodes) + len(self.values) + len(self.stand_values) + len(self.chances)
                + len(self.card_chances))

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
                found = self._ready(counts)[0](total, key, sum(counts))
        return found

    def stand(self, total: int, counts: list[int], key: int) -> float:
        """Standing's value alone."""
        found = self.nodes.get(key << 4 | total)
        if found is not None:
            return found[0]
        with self._busy:
            return self._ready(counts)[1](total, key, sum(counts))

    def draw_bound(self, total: int, counts: list[int], key: int) -> float | None:
        """At least drawing's value: every stake won unless the card busts (None: no card)."""
        found = self.nodes.get(key << 4 | total)
        if found is not None or sum(counts) <= self.face_down.count:
            return None if found is None else found[1]
        with self._busy:
            return self._ready(counts)[3](total, key, sum(counts))

    def draw_above(self, total: int, counts: list[int], key: int,
                   threshold: float) -> bool | None:
        """Whether drawing is worth more than `threshold`, if drawing one card then standing
        (below) and draw_bound (above) settle it; None if they do not, or with no card."""
        found = self.nodes.get(key << 4 | total)
        if found is not None or sum(counts) <= self.face_down.count:
            return None
        n = sum(counts)
        with self._busy:
            _, _, stand_next, draw_bound = self._ready(counts)
            if stand_next(total, key, n) > threshold + SLACK:
                return True
            return False if draw_bound(total, key, n) <= threshold - SLACK else None

    def _ready(self, counts: list[int]) -> _Walk:
        """The walk, over a copy of `counts` (the caller holds `_busy`)."""
        self._work[:] = counts
        if self._walker is None:
            self._walker = self._walk(self._work)
        return self._walker

    def _walk(self, counts: list[int]) -> _Walk:
        """The search's functions over `counts`, which they change and put back as they go."""
        face_down, groups, staked = self.face_down, self.groups, self.staked
        nodes, values, stand_values = self.nodes, self.values, self.stand_values
        chances_memo, card_memo = self.chances, self.card_chances
        hidden_cards, free = face_down.count, face_down.free
        limits = tuple(group[2] for group in groups)  # each group's cap

        def chances(key: int) -> tuple[float, ...]:
            found = chances_memo.get(key)
            if found is None:
                found = chances_memo[key] = face_down.kept_next_card(counts, key)
            return found

        def stand_value(bank_total: int, key: int, n: int) -> float:
            """R5 over every stander, each face-down card as likely as the counts say."""
            memo_key = key << 5 | bank_total
            found = stand_values.get(memo_key)
            if found is None:
                cards = card_memo.get(key)
                if cards is None:
                    cards = card_memo[key] = face_down.cards_chances(counts, limits)
                found = 0.0
                for (stake, gains, _, _), card in zip(groups, cards):
                    found += stake * sum((p * g for p, g in zip(card, gains[bank_total])), 0.0)
                stand_values[memo_key] = found
            return found

        def bust_value(key: int) -> float:
            """R5.1: every stander wins, and one on 7½ is paid twice (R5.5)."""
            memo_key = key << 5 | BUST
            found = stand_values.get(memo_key)
            if found is None:
                found = -staked
                for stake, _, limit, seven in groups:
                    if seven < len(VALUES):
                        found -= stake * face_down.card_chance(counts, limit, seven)
                stand_values[memo_key] = found
            return found

        def next_cards(bank_total: int, key: int, n: int, then: Value) -> float:
            """The value of drawing: each next card's chance times `then` of the total it
            makes (7½ stands at once and wins every stake, R4.6 and R5.2; a bust, R5.1)."""
            table = None if free else chances(key)
            value = 0.0
            for i, card, step in CLASSES:
                count = counts[i]
                if not count:
                    continue
                p = count / n if table is None else table[i]
                if not p:  # no face-down cards would fit if this card came
                    continue
                after = bank_total + card
                if after == SEVEN_HALF:
                    value += p * staked
                    continue
                counts[i] = count - 1
                if after > SEVEN_HALF:
                    value += p * bust_value(key - step)
                else:
                    value += p * then(after, key - step, n - 1)
                counts[i] = count
            return value

        def stand_next(bank_total: int, key: int, n: int) -> float:
            """At most the value of drawing (a lower bound): one card, then standing."""
            return next_cards(bank_total, key, n, stand_value)

        def draw_bound(bank_total: int, key: int, n: int) -> float:
            """At least the value of drawing (an upper bound): every stake won on any card
            that does not bust."""
            return next_cards(bank_total, key, n, every_stake_won)

        def every_stake_won(_total: int, _key: int, _n: int) -> float:
            return staked

        def best_value(bank_total: int, key: int, n: int) -> float:
            """Playing on as well as possible; drawing is searched only when its bound says
            it could beat standing, so this may leave no node behind."""
            memo_key = key << 4 | bank_total
            found = values.get(memo_key)
            if found is None:
                found = stand_value(bank_total, key, n)
                if n > hidden_cards and draw_bound(bank_total, key, n) > found:
                    draw = next_cards(bank_total, key, n, best_value)
                    nodes[memo_key] = (found, draw)
                    if draw > found:
                        found = draw
                values[memo_key] = found
            return found

        def node(bank_total: int, key: int, n: int) -> Node:
            found = nodes.get(key << 4 | bank_total)
            if found is None:
                stand = stand_value(bank_total, key, n)
                draw = next_cards(bank_total, key, n, best_value) if n > hidden_cards else None
                found = nodes[key << 4 | bank_total] = (stand, draw)
            return found

        return node, stand_value, stand_next, draw_bound
