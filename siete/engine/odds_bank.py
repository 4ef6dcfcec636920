"""The odds solver's bank search: the bank in its turn, playing as well as possible against the
punters who stood (R4.9), each face-down card as likely as what the bank has seen allows.

Memoized, like odds_punter.py, on the counts of unseen cards by value class and the bank's
total, within a context of the standers and their stakes. Values are points for the bank over
all the stakes (R5; R5.6's purse aside). See odds.py for the model.
"""
from __future__ import annotations

import threading
from typing import Final

from siete.engine.odds_cards import CLASS_OF, CLASSES, SEVEN_HALF, SLACK, VALUES, Node
from siete.engine.odds_face_down import FaceDown

BUST: Final = SEVEN_HALF + 1  # a bank total standing for any bust


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


# what follows a card in BankSearch._next_cards: standing, every stake won (a bound), or
# playing on as well as possible
THEN_STAND: Final = 0
THEN_ALL_WON: Final = 1
THEN_BEST: Final = 2


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
        # memo keys typed `object`, boxed once for a lookup and its write (as PunterWalk's)
        self.nodes: dict[object, Node] = {}  # key << 4 | bank total: both values, in full
        self.values: dict[object, float] = {}  # key << 4 | bank total: the best value
        self.stand_values: dict[object, float] = {}  # key << 5 | bank total (BUST included)
        self.chances: dict[object, tuple[float, ...]] = {}
        self.card_chances: dict[object, tuple[tuple[float, ...], ...]] = {}  # by key
        self.limits = tuple(group[2] for group in self.groups)  # each group's cap
        self.hidden_cards, self.free = self.face_down.count, self.face_down.free
        self._work = [0] * len(VALUES)  # the counts the search's methods change and put back
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
                found = self._node(total, key, sum(counts))
        return found

    def stand(self, total: int, counts: list[int], key: int) -> float:
        """Standing's value alone."""
        found = self.nodes.get(key << 4 | total)
        if found is not None:
            return found[0]
        with self._busy:
            self._ready(counts)
            return self._stand_value(total, key, sum(counts))

    def draw_bound(self, total: int, counts: list[int], key: int) -> float | None:
        """At least drawing's value: every stake won unless the card busts (None: no card)."""
        found = self.nodes.get(key << 4 | total)
        if found is not None or sum(counts) <= self.face_down.count:
            return None if found is None else found[1]
        with self._busy:
            self._ready(counts)
            return self._draw_bound(total, key, sum(counts))

    def draw_above(self, total: int, counts: list[int], key: int,
                   threshold: float) -> bool | None:
        """Whether drawing is worth more than `threshold`, if drawing one card then standing
        (below) and draw_bound (above) settle it; None if they do not, or with no card."""
        found = self.nodes.get(key << 4 | total)
        if found is not None or sum(counts) <= self.face_down.count:
            return None
        n = sum(counts)
        with self._busy:
            self._ready(counts)
            if self._stand_next(total, key, n) > threshold + SLACK:
                return True
            return False if self._draw_bound(total, key, n) <= threshold - SLACK else None

    def _ready(self, counts: list[int]) -> None:
        """`_work` set to `counts` (the caller holds `_busy`). The search is methods over
        `_work`, which they change and put back as they go: the compiled engine calls them
        directly, where a function kept in a tuple is called as a Python object."""
        self._work[:] = counts

    def _chances(self, key: int) -> tuple[float, ...]:
        """The next card's chance of each class, when not uniform (kept by counts)."""
        memo_key: object = key
        found = self.chances.get(memo_key)
        if found is None:
            found = self.chances[memo_key] = self.face_down.kept_next_card(self._work, key)
        return found

    def _stand_value(self, bank_total: int, key: int, n: int) -> float:
        """R5 over every stander, each face-down card as likely as the counts say."""
        stand_values, card_memo = self.stand_values, self.card_chances
        memo_key: object = key << 5 | bank_total
        found = stand_values.get(memo_key)
        if found is None:
            boxed: object = key
            cards = card_memo.get(boxed)
            if cards is None:
                cards = card_memo[boxed] = self.face_down.cards_chances(self._work, self.limits)
            value = 0.0  # not `found` (float | None): the compiled engine would add objects
            for (stake, gains, _, _), card in zip(self.groups, cards):
                value += stake * sum((p * g for p, g in zip(card, gains[bank_total])), 0.0)
            found = stand_values[memo_key] = value
        return found

    def _bust_value(self, key: int) -> float:
        """R5.1: every stander wins, and one on 7½ is paid twice (R5.5)."""
        stand_values = self.stand_values
        memo_key: object = key << 5 | BUST
        found = stand_values.get(memo_key)
        if found is None:
            value = -self.staked  # not `found` (float | None): see _stand_value
            for stake, _, limit, seven in self.groups:
                if seven < len(VALUES):
                    value -= stake * self.face_down.card_chance(self._work, limit, seven)
            found = stand_values[memo_key] = value
        return found

    def _next_cards(self, bank_total: int, key: int, n: int, then: int) -> float:
        """The value of drawing: each next card's chance times what follows on the total it
        makes, by `then` (THEN_STAND, THEN_ALL_WON or THEN_BEST: a code, not a function, so
        the compiled engine calls the method directly); 7½ stands at once and wins every
        stake (R4.6 and R5.2); a bust, R5.1."""
        counts, staked = self._work, self.staked
        table = None if self.free else self._chances(key)
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
                value += p * self._bust_value(key - step)
            elif then == THEN_STAND:
                value += p * self._stand_value(after, key - step, n - 1)
            elif then == THEN_ALL_WON:
                value += p * staked
            else:
                value += p * self._best_value(after, key - step, n - 1)
            counts[i] = count
        return value

    def _stand_next(self, bank_total: int, key: int, n: int) -> float:
        """At most the value of drawing (a lower bound): one card, then standing."""
        return self._next_cards(bank_total, key, n, THEN_STAND)

    def _draw_bound(self, bank_total: int, key: int, n: int) -> float:
        """At least the value of drawing (an upper bound): every stake won on any card
        that does not bust."""
        return self._next_cards(bank_total, key, n, THEN_ALL_WON)

    def _best_value(self, bank_total: int, key: int, n: int) -> float:
        """Playing on as well as possible; drawing is searched only when its bound says
        it could beat standing, so this may leave no node behind."""
        values = self.values
        memo_key: object = key << 4 | bank_total
        found = values.get(memo_key)
        if found is None:
            found = self._stand_value(bank_total, key, n)
            if n > self.hidden_cards and self._draw_bound(bank_total, key, n) > found:
                draw = self._next_cards(bank_total, key, n, THEN_BEST)
                self.nodes[memo_key] = (found, draw)
                if draw > found:
                    found = draw
            values[memo_key] = found
        return found

    def _node(self, bank_total: int, key: int, n: int) -> Node:
        """Standing and drawing (then playing on as well as possible), in full."""
        nodes = self.nodes
        memo_key: object = key << 4 | bank_total
        found = nodes.get(memo_key)
        if found is None:
            stand = self._stand_value(bank_total, key, n)
            draw = (self._next_cards(bank_total, key, n, THEN_BEST) if n > self.hidden_cards
                    else None)
            found = nodes[memo_key] = (stand, draw)
        return found
